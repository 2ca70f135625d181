//! Every address the site writes: a chapter, a figure in a given state, a
//! sweep's cell opened in the timeline. Each has the one form of
//! [`SiteQuery::search`] whatever the figure (route keys, the figure's
//! canonical query, then the view keys, in the parameter table's order; the
//! tests hold every writer here to it), and the page, the embed and `lab`
//! read it back with the one reader, `params::read_site`. The short writers
//! spell the few keys they set directly, which keeps them small in the
//! first-load wasm.

use lab_sim::vote::VoteConfig;

use crate::params::{percent_encode, split_query, to_query, vote_to_query, SiteQuery, SweepMetric, SweepSpec};
use crate::registry::{figure, FigureSpec};

/// A chapter alone: `?ch=ID`.
pub fn chapter(chapter: &str) -> String {
    format!("?ch={}", percent_encode(chapter))
}

/// `?ch=CHAPTER&fig=FIGURE&QUERY`: a figure's route and its canonical query.
fn figure_route(chapter: &str, figure: &str, query: &str) -> String {
    format!("?ch={}&fig={}&{query}", percent_encode(chapter), percent_encode(figure))
}

/// Where a lock-lease figure's player stands: the cursor in µs and the event index.
pub type Cursor = (u64, usize);

/// A lock-lease figure in a state: its canonical lease query `lease_query`,
/// and the view keys that are set (the player's cursor, the timeline's
/// window, A2's ledger line, A1's recorded run).
pub fn lease_figure(
    chapter: &str,
    figure: &str,
    lease_query: &str,
    cursor: Option<Cursor>,
    window_ms: Option<u32>,
    reveal_ledger: Option<bool>,
    recorded: bool,
) -> String {
    let site = SiteQuery {
        chapter: Some(chapter.to_string()),
        figure: Some(figure.to_string()),
        window_ms,
        cursor_us: cursor.map(|(t_us, _)| t_us),
        event: cursor.map(|(_, ev)| ev),
        reveal_ledger,
        recorded: recorded.then_some(true),
        ..SiteQuery::default()
    };
    site.search_with(lease_query)
}

/// An Article B figure in a state: its configuration, the player's event
/// (a story paused mid-way) and whether B6's fault has hit.
pub fn vote_figure(chapter: &str, figure: &str, config: &VoteConfig, event: Option<usize>, hit: bool) -> String {
    let mut s = figure_route(chapter, figure, &vote_to_query(config));
    if let Some(event) = event {
        s.push_str(&format!("&ev={event}"));
    }
    if hit {
        s.push_str("&hit=1");
    }
    s
}

/// A sweep figure: its grid and, when it is not over-approval, the metric
/// its heatmap colours.
pub fn sweep_figure(chapter: &str, spec: &SweepSpec, metric: SweepMetric) -> String {
    let mut s = figure_route(chapter, spec.kind.figure_id(), &spec.key());
    if metric != SweepMetric::OverApproval {
        s.push_str(&format!("&metric={}", metric.key()));
    }
    s
}

/// Where a sweep's cell opens: A1's lock-lease timeline.
pub fn sweep_cell_figure() -> &'static FigureSpec {
    figure("lease-expiry").expect("the catalogue has A1")
}

/// The run of a sweep's cell (`ix`, `iy`), seed 1, opened in [`sweep_cell_figure`].
pub fn sweep_cell(spec: &SweepSpec, ix: usize, iy: usize) -> String {
    let timeline = sweep_cell_figure();
    figure_route(timeline.chapter, timeline.id, &to_query(&spec.cell_query(ix, iy)))
}

/// The keys that say where an address points rather than what state it
/// shows: an embed's or a full page's own address replaces them.
const ROUTE_KEYS: [&str; 4] = ["ch", "fig", "embed", "bare"];

/// The pairs of an address (`search`, with or without its `?`) but those
/// named in `drop`, in order, each encoded again.
fn pairs_without(search: &str, drop: &[&str]) -> String {
    let mut out = String::new();
    for pair in split_query(search).into_iter().filter(|p| !drop.contains(&p.key.as_str())) {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(&percent_encode(&pair.key));
        if let Some(v) = pair.value {
            out.push('=');
            out.push_str(&percent_encode(&v));
        }
    }
    out
}

/// `?embed=FIGURE&STATE`: a figure alone, in the state of the address `search`.
pub fn embed(figure: &str, search: &str) -> String {
    let state = pairs_without(search, &ROUTE_KEYS);
    let sep = if state.is_empty() { "" } else { "&" };
    format!("?embed={}{sep}{state}", percent_encode(figure))
}

/// `?ch=CHAPTER&fig=FIGURE&STATE`: the full page of a figure in the state
/// of the address `search` (an embed's link back).
pub fn figure_in_chapter(chapter: &str, figure: &str, search: &str) -> String {
    let state = pairs_without(search, &ROUTE_KEYS);
    let sep = if state.is_empty() { "" } else { "&" };
    format!("?ch={}&fig={}{sep}{state}", percent_encode(chapter), percent_encode(figure))
}

/// `CHAPTER.html?REST`: the chapter's own static page (whose tags make a
/// link card), with the rest of the address `search`; `None` when `search`
/// names no chapter a file can be named after.
pub fn chapter_page(search: &str) -> Option<String> {
    let chapter = split_query(search).into_iter().find(|p| p.key == "ch")?.value?;
    let plain =
        !chapter.is_empty() && chapter.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let rest = pairs_without(search, &["ch"]);
    plain.then(|| if rest.is_empty() { format!("{chapter}.html") } else { format!("{chapter}.html?{rest}") })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{read_site, to_query, Scope, SweepKind};
    use lab_sim::vote::StoreProfile;

    #[test]
    fn a_chapter_is_its_id_alone() {
        assert_eq!(chapter("a1-lease-expiry"), "?ch=a1-lease-expiry");
        for id in ["a1-lease-expiry", "a b&c", "장"] {
            assert_eq!(chapter(id), SiteQuery { chapter: Some(id.to_string()), ..SiteQuery::default() }.search());
        }
    }

    #[test]
    fn an_embed_and_its_link_back_keep_the_state_and_replace_the_route() {
        let search = "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250&bare=1&t=1.5";
        assert_eq!(embed("lease-expiry", search), "?embed=lease-expiry&preset=exp1&ttl_ms=250&t=1.5");
        assert_eq!(embed("outage", "?ch=a5-outage"), "?embed=outage");
        let back = figure_in_chapter("a1-lease-expiry", "lease-expiry", "?embed=lease-expiry&preset=exp1&bare=1");
        assert_eq!(back, "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1");
        assert_eq!(
            chapter_page(search).unwrap(),
            "a1-lease-expiry.html?fig=lease-expiry&preset=exp1&ttl_ms=250&bare=1&t=1.5"
        );
        assert_eq!(chapter_page("?ch=a2").unwrap(), "a2.html");
        assert_eq!(chapter_page("?ch=..%2Fx&t=1"), None);
        assert_eq!(chapter_page("?t=1"), None);
        // Text is encoded again, never passed through.
        assert_eq!(embed("f", "?note=%3Cb%3E"), "?embed=f&note=%3Cb%3E");
    }

    #[test]
    fn a_lease_figure_reads_back_as_it_was_written() {
        let q = "preset=exp1&ttl_ms=250";
        let url = lease_figure("a1-lease-expiry", "lease-expiry", q, Some((1_234_567, 42)), Some(3_000), None, false);
        assert_eq!(url, "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250&win=3000&t=1234.567&ev=42");
        let site = read_site(&url, Scope::Lease);
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!(to_query(&site.value.lease.unwrap()), q);
        assert_eq!((site.value.cursor_us, site.value.event), (Some(1_234_567), Some(42)));
    }

    #[test]
    fn a_vote_figure_writes_its_event_and_hit_after_its_config() {
        let config = VoteConfig { profile: StoreProfile::H2Like, ..VoteConfig::default() };
        let url = vote_figure("b7-kill-vs-power", "kill-vs-power", &config, Some(7), true);
        assert!(url.starts_with("?ch=b7-kill-vs-power&fig=kill-vs-power&"), "{url}");
        assert!(url.ends_with("&ev=7&hit=1"), "{url}");
        let site = read_site(&url, Scope::Vote);
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!(site.value.search(), url, "the canonical form");
        assert_eq!(site.value.vote, Some(config));
        let plain = vote_figure("b2-crash-matrix", "crash-matrix", &VoteConfig::default(), None, false);
        assert_eq!(read_site(&plain, Scope::Vote).value.search(), plain);
    }

    #[test]
    fn a_sweep_figure_names_its_metric_only_when_it_is_not_the_default() {
        let spec = SweepKind::TtlPause.default_spec();
        let plain = sweep_figure("a6-summary", &spec, SweepMetric::OverApproval);
        assert_eq!(plain, format!("?ch=a6-summary&fig={}&{}", spec.kind.figure_id(), spec.key()));
        let thr = sweep_figure("a6-summary", &spec, SweepMetric::Throughput);
        assert_eq!(thr, format!("{plain}&metric=throughput"));
        let site = read_site(&thr, Scope::Sweep(SweepKind::TtlPause));
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!(site.value.search(), thr, "the canonical form");
        assert_eq!((site.value.sweep, site.value.metric), (Some(spec), Some(SweepMetric::Throughput)));
    }

    #[test]
    fn a_sweep_cell_opens_its_run_in_the_first_timeline() {
        let spec = SweepKind::Contention.default_spec();
        let a1 = sweep_cell_figure();
        assert_eq!(a1.id, "lease-expiry");
        assert_eq!(
            sweep_cell(&spec, 1, 2),
            format!("?ch={}&fig={}&{}", a1.chapter, a1.id, spec.cell_query_string(1, 2))
        );
    }
}
