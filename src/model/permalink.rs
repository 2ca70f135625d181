//! Every address the site writes: a chapter, a figure in a given state, a
//! sweep's cell opened in the timeline. Each has the one form of
//! [`SiteQuery::search`] whatever the figure (route keys, the figure's
//! canonical query, then the view keys, in the parameter table's order; the
//! tests hold every writer here to it), and the page, the embed and `lab`
//! read it back with the one reader, `params::read_site`. The short writers
//! spell the few keys they set directly, which keeps them small in the
//! first-load wasm.
//!
//! [`read_address`] says what a whole address shows, as the page decides
//! it: the chapter (`ch=`, else the page's own path, [`page_id`]), the
//! figure its state is for (`fig=` or `embed=`, else the chapter's first)
//! and that state, read by `read_site` in the figure's scope. `lab run` and
//! `lab figure` take any address the site writes through it.

use lab_sim::vote::VoteConfig;

use crate::params::{
    lease_value_text, percent_encode, read_site, split_query, to_query, vote_to_query, vote_value_text,
    with_lease_value, with_vote_value, ColorTheme, Keyed, LeaseQuery, Notice, ParamSpec, Scope, SiteQuery, SweepMetric,
    SweepSpec, LEASE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS,
};
use crate::registry::{figure, FigureKind, FigureSpec, Scenario, FIGURES, PAGE_ONLY};

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

/// The view keys of a lock-lease figure's address that are set.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LeaseView {
    /// The player's cursor (`t`, `ev`).
    pub cursor: Option<Cursor>,
    /// The timeline's window (`win`), when it is not the figure's own.
    pub window_ms: Option<u32>,
    /// A2's ledger line (`recon`).
    pub reveal_ledger: Option<bool>,
    /// A1's recorded real run (`real=1`).
    pub recorded: bool,
    /// The figure's lab is open (`lab=1`).
    pub lab: bool,
}

/// A lock-lease figure in a state: its canonical lease query `lease_query`,
/// and the view keys that are set (the player's cursor, the timeline's
/// window, A2's ledger line, A1's recorded run, the open lab).
pub fn lease_figure(chapter: &str, figure: &str, lease_query: &str, view: &LeaseView) -> String {
    let site = SiteQuery {
        chapter: Some(chapter.to_string()),
        figure: Some(figure.to_string()),
        window_ms: view.window_ms,
        cursor_us: view.cursor.map(|(t_us, _)| t_us),
        event: view.cursor.map(|(_, ev)| ev),
        reveal_ledger: view.reveal_ledger,
        recorded: view.recorded.then_some(true),
        lab: view.lab.then_some(true),
        ..SiteQuery::default()
    };
    site.search_with(lease_query)
}

/// An Article B figure in a state: its configuration, the player's event
/// (a story paused mid-way), whether B6's fault has hit and whether the
/// figure's lab is open.
pub fn vote_figure(
    chapter: &str,
    figure: &str,
    config: &VoteConfig,
    event: Option<usize>,
    hit: bool,
    lab: bool,
) -> String {
    let mut s = figure_route(chapter, figure, &vote_to_query(config));
    if let Some(event) = event {
        s.push_str(&format!("&ev={event}"));
    }
    if hit {
        s.push_str("&hit=1");
    }
    if lab {
        s.push_str("&lab=1");
    }
    s
}

/// Figure A10 `break-it` in a state: the design (a `lab check --variant`
/// word), the small world's threads and the reader's schedule as its code
/// (`lab_check::session::encode`; empty: no step yet).
pub fn break_it(chapter: &str, variant: &str, threads: u8, schedule: &str) -> String {
    let mut s = figure_route(chapter, "break-it", &format!("check={}&threads={threads}", percent_encode(variant)));
    if !schedule.is_empty() {
        s.push_str(&format!("&sched={}", percent_encode(schedule)));
    }
    s
}

/// Whether the address `search` asks for `spec`'s lab: it has `lab=1`, or
/// it sets, for this figure, a knob lesson mode hides (a parameter other
/// than the figure's lesson keys at a value that is not its starting one,
/// the seed, the preset, the timeline's window, the recorded run, a sweep's
/// metric unless the lesson shows it). The route, an embed's `bare`, the player's `t` and `ev` and
/// the view keys a lesson sets itself (A2's `recon`, B6's `hit`) do not
/// count, nor a key the figure does not read. The keys are for the
/// figure `fig=` or `embed=` names, else the first figure of `ch=`'s
/// chapter; an address that names neither is taken to be for `spec` (the
/// caller, a chapter's own page, knows which figure it opened).
pub fn lab_requested(spec: &FigureSpec, search: &str) -> bool {
    let (_, search) = split_address(search);
    let scope = figure_scope(spec);
    let site = read_site(search, scope).value;
    let target = match site.figure.as_deref().or(site.embed.as_deref()) {
        Some(id) => Some(id),
        None => site.chapter.as_deref().map(|ch| chapter_first_figure(ch).map_or("", |f| f.id)),
    };
    if target.is_some_and(|id| id != spec.id) {
        return false;
    }
    let hidden_metric = site.metric.is_some() && !spec.lesson_keys.contains(&"metric");
    if site.lab == Some(true) || site.window_ms.is_some() || site.recorded == Some(true) || hidden_metric {
        return true;
    }
    // A key lesson mode shows, or one it leaves alone.
    let shown = |name: &str| {
        let crash_pair = ["crash", "crash_after"];
        spec.lesson_keys.contains(&name)
            || (crash_pair.contains(&name) && spec.lesson_keys.iter().any(|k| crash_pair.contains(k)))
            // B6's fault buttons (`hit`) choose the fault they strike with.
            || (spec.kind == FigureKind::KillVsPower && name == "fault")
    };
    fn changed<T: Keyed>(params: &[ParamSpec], given: &T, start: &T, shown: impl Fn(&str) -> bool) -> bool {
        params.iter().any(|p| !shown(p.name) && p.value_text(given) != p.value_text(start))
    }
    // The starting state with the lesson's keys moved as the address has
    // them, through the same cross-field rules a slider's move takes.
    match scope {
        Scope::Lease => site.lease.as_ref().is_some_and(|q| {
            let start = spec.lesson_keys.iter().fold(spec.initial_query(), |start, key| {
                lease_value_text(q, key).map_or(start.clone(), |text| with_lease_value(start, key, &text).value)
            });
            changed(LEASE_PARAMS, q, &start, shown)
        }),
        Scope::Vote => site.vote.as_ref().is_some_and(|c| {
            let start = spec.lesson_keys.iter().fold(spec.initial_vote_config(), |start, key| {
                vote_value_text(c, key).map_or(start.clone(), |text| with_vote_value(start, key, &text).value)
            });
            changed(VOTE_PARAMS, c, &start, shown)
        }),
        Scope::Sweep(kind) => {
            site.sweep.as_ref().is_some_and(|s| changed(SWEEP_PARAMS, s, &kind.default_spec(), shown))
        }
    }
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
/// shows: an embed's or a full page's own address replaces them (the
/// edition's `lang` too: an English page's address is its path, `en/…`).
const ROUTE_KEYS: [&str; 5] = ["ch", "fig", "embed", "bare", crate::params::LANG_KEY];

/// The folder of `lang`'s edition below the site's root: `""` for the
/// Korean (root) edition, `en/` for the English one.
pub fn edition_dir(lang: crate::lang::Lang) -> &'static str {
    match lang {
        crate::lang::Lang::Ko => "",
        crate::lang::Lang::En => "en/",
    }
}

/// A page's address from the site's root in `lang`'s edition: `page`
/// (`ID.html?…`, as [`chapter_page`] writes it, or `embed-ID.html?…`)
/// under [`edition_dir`]. Korean addresses are the page itself.
pub fn in_edition(lang: crate::lang::Lang, page: &str) -> String {
    format!("{}{page}", edition_dir(lang))
}

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

/// `?embed=FIGURE&STATE`: a figure alone, in the state of the address
/// `search`. An embed keeps its own compact layout, whose settings sit
/// under one button: the page's open lab (`lab`) is no state of it. A
/// `theme=` in `search` is kept ([`embed_themed`] sets one).
pub fn embed(figure: &str, search: &str) -> String {
    let state = pairs_without(search, &[&ROUTE_KEYS[..], &["lab"]].concat());
    let sep = if state.is_empty() { "" } else { "&" };
    format!("?embed={}{sep}{state}", percent_encode(figure))
}

/// [`embed`] with its colour theme set to `theme` (`theme=`, after the
/// state): what a host page's snippet frames.
pub fn embed_themed(figure: &str, search: &str, theme: ColorTheme) -> String {
    let state = pairs_without(search, &["theme"]);
    format!("{}&theme={}", embed(figure, &state), theme.key())
}

/// `?ch=CHAPTER&fig=FIGURE&STATE`: the full page of a figure in the state
/// of the address `search` (an embed's link back), without an embed's `theme`.
pub fn figure_in_chapter(chapter: &str, figure: &str, search: &str) -> String {
    // An embed's colours are the host page's choice; the site follows the reader's system.
    let state = pairs_without(search, &[&ROUTE_KEYS[..], &["theme"]].concat());
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

/// The chapter id of a page path: `…/ID.html` (the chapter's own static
/// page, [`chapter_page`]), whatever folders come before it; `None` for a
/// path that names no `.html` file. The caller checks that it is a chapter
/// (`index.html` is the first one's).
pub fn page_id(path: &str) -> Option<&str> {
    path.rsplit('/').next()?.strip_suffix(".html").filter(|id| !id.is_empty())
}

/// An address split into its path and its query (without the `?`): a whole
/// address (`https://host/dir/ID.html?QUERY#…`), a path (`/ID.html?…`), a
/// search (`?QUERY`) or a bare query (`QUERY`). The fragment is dropped.
pub fn split_address(address: &str) -> (&str, &str) {
    let address = address.trim();
    let address = address.split_once('#').map_or(address, |(before, _)| before);
    let looks_like_path = |text: &str| text.contains("://") || text.starts_with('/') || text.ends_with(".html");
    match address.split_once('?') {
        Some((path, search)) if !path.contains(['=', '&']) => (path, search),
        None if looks_like_path(address) && !address.contains(['=', '&']) => (address, ""),
        _ => ("", address),
    }
}

/// The scope a figure's keys are read in.
pub fn figure_scope(spec: &FigureSpec) -> Scope {
    match (spec.kind, spec.scenario()) {
        (FigureKind::Sweep(kind), _) => Scope::Sweep(kind),
        (_, Scenario::Vote) => Scope::Vote,
        _ => Scope::Lease,
    }
}

/// The first figure of a chapter, in the order its prose places them.
pub fn chapter_first_figure(chapter: &str) -> Option<&'static FigureSpec> {
    FIGURES.iter().find(|f| f.chapter == chapter)
}

/// What an address shows, read as the page reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The chapter it opens: `ch=`, else its page's; `None` when it names neither.
    pub chapter: Option<String>,
    /// The figure its state is for: the one `fig=` or `embed=` names (or the
    /// caller asked for), else its chapter's first when that figure reads
    /// the keys it was read for; `None` when there is neither.
    pub figure: Option<&'static FigureSpec>,
    /// Whether the figure was named (`fig=`, `embed=`, the caller) rather
    /// than the chapter's first.
    pub named: bool,
    /// The kind of figure whose keys the address was read for.
    pub scope: Scope,
    /// Everything the address says, read in `scope`.
    pub site: SiteQuery,
    /// What the reading clamped or ignored (the page shows these; `lab` stops on them).
    pub notices: Vec<Notice>,
}

/// The state of the figure an address shows.
#[derive(Clone, Debug, PartialEq)]
pub enum ShownState {
    Lease(LeaseQuery),
    Vote(VoteConfig),
    Sweep(SweepSpec, SweepMetric),
}

impl Shown {
    /// The state the page opens the figure in: the address's keys when it
    /// carries any of its scope, else the figure's starting state (the
    /// defaults when there is no figure).
    pub fn state(&self) -> ShownState {
        match self.scope {
            Scope::Lease => ShownState::Lease(
                self.site.lease.clone().unwrap_or_else(|| self.figure.map(|f| f.initial_query()).unwrap_or_default()),
            ),
            Scope::Vote => ShownState::Vote(
                self.site
                    .vote
                    .clone()
                    .unwrap_or_else(|| self.figure.map(|f| f.initial_vote_config()).unwrap_or_default()),
            ),
            Scope::Sweep(kind) => ShownState::Sweep(
                self.site.sweep.unwrap_or_else(|| kind.default_spec()),
                self.site.metric.unwrap_or(SweepMetric::OverApproval),
            ),
        }
    }
}

/// Reads `address` (any form [`split_address`] takes) as the page does:
/// the chapter is `ch=`, else the page's path; the figure is `fig=` or
/// `embed=`, else `asked` (`lab figure ID`), else the chapter's first; the
/// keys are read for that figure, or, when no figure is named, for the
/// scenario `scenario=` names or the chapter's first figure's. `chapters`
/// are the site's chapter ids. An `Err` names what the site has no page
/// or figure for: an unknown `ch=`, `fig=`, `embed=` or page, a figure
/// outside the address's chapter, or `asked` differing from the address.
pub fn read_address(address: &str, chapters: &[&str], asked: Option<&str>) -> Result<Shown, String> {
    let (path, search) = split_address(address);
    let chapter_list = || chapters.join(", ");
    let page = match page_id(path) {
        Some("index") | None => None,
        Some(id) if chapters.contains(&id) => Some(id),
        Some(id) => {
            return Err(format!("the address's page `{id}.html` is no chapter's; the chapters: {}", chapter_list()))
        }
    };
    // The route keys read the same in every scope.
    let route = read_site(search, Scope::Lease).value;
    if let Some(ch) = route.chapter.as_deref().filter(|ch| !chapters.contains(ch)) {
        return Err(format!("`ch={ch}` is no chapter; allowed {}", chapter_list()));
    }
    let chapter = route.chapter.clone().or(page.map(str::to_string));
    let known = |key: &str, id: &str| -> Result<&'static FigureSpec, String> {
        if PAGE_ONLY.contains(&id) {
            return Err(format!(
                "`{key}={id}` is composed by the page from other figures' runs: it has no run or file of its own"
            ));
        }
        figure(id).ok_or_else(|| {
            let ids: Vec<&str> = FIGURES.iter().map(|f| f.id).collect();
            format!("`{key}={id}` is no figure; allowed {}", ids.join(", "))
        })
    };
    let spec_id = |id: &Option<String>| id.clone().unwrap_or_default();
    let mut named = None;
    for (key, id) in [("fig", &route.figure), ("embed", &route.embed)] {
        let Some(id) = id.as_deref() else { continue };
        let spec = known(key, id)?;
        if named.is_some_and(|other: &FigureSpec| other.id != spec.id) {
            return Err(format!("`fig=` and `embed=` name two figures ({} and {id})", spec_id(&route.figure)));
        }
        named = Some(spec);
    }
    if let Some(asked) = asked {
        let spec = known("figure", asked).map_err(|_| format!("unknown figure `{asked}`; see `lab figure --list`"))?;
        if let Some(other) = named.filter(|other| other.id != spec.id) {
            return Err(format!("the address is for figure `{}`, not `{asked}`", other.id));
        }
        named = Some(spec);
    }
    if let (Some(spec), Some(ch)) = (named, chapter.as_deref()) {
        if spec.chapter != ch {
            return Err(format!("figure `{}` is in chapter `{}`, not in `{ch}`", spec.id, spec.chapter));
        }
    }
    let first = chapter.as_deref().and_then(chapter_first_figure);
    let scenario = split_query(search).into_iter().rev().find(|pair| pair.key == "scenario");
    let scope = match (named, scenario) {
        (Some(spec), _) => figure_scope(spec),
        (None, Some(pair)) if pair.value.as_deref().is_some_and(|v| v.trim().eq_ignore_ascii_case("vote")) => {
            Scope::Vote
        }
        (None, Some(_)) => Scope::Lease,
        (None, None) => first.map_or(Scope::Lease, figure_scope),
    };
    let figure = named.or(first.filter(|spec| figure_scope(spec) == scope));
    let read = read_site(search, scope);
    Ok(Shown { chapter, figure, named: named.is_some(), scope, site: read.value, notices: read.notices })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::SweepKind;
    use lab_sim::vote::StoreProfile;

    /// The chapters of the figures, and one without figures.
    fn chapters() -> Vec<&'static str> {
        let mut ids: Vec<&str> = FIGURES.iter().map(|f| f.chapter).collect();
        ids.dedup();
        ids.push("glossary");
        ids
    }

    fn read(address: &str) -> Result<Shown, String> {
        read_address(address, &chapters(), None)
    }

    #[test]
    fn an_address_splits_into_its_page_and_its_query() {
        for (address, path, search) in [
            ("preset=exp1&ttl_ms=600", "", "preset=exp1&ttl_ms=600"),
            ("?ch=a1-lease-expiry&fig=lease-expiry", "", "ch=a1-lease-expiry&fig=lease-expiry"),
            ("/a1-lease-expiry.html?fig=lease-expiry#x", "/a1-lease-expiry.html", "fig=lease-expiry"),
            ("https://h.example/lab/a5-outage.html?fig=outage", "https://h.example/lab/a5-outage.html", "fig=outage"),
            ("https://h.example/lab/b2-durable.html", "https://h.example/lab/b2-durable.html", ""),
            ("bogus", "", "bogus"),
            ("note=a?b", "", "note=a?b"),
        ] {
            assert_eq!(split_address(address), (path, search), "{address}");
        }
        assert_eq!(page_id("https://h.example/lab/a5-outage.html"), Some("a5-outage"));
        assert_eq!((page_id("/"), page_id("/lab/")), (None, None));
    }

    #[test]
    fn an_address_shows_its_figure_in_its_state() {
        let view = LeaseView { cursor: Some((1_500, 3)), ..LeaseView::default() };
        let url = lease_figure("a1-lease-expiry", "lease-expiry", "preset=exp1&ttl_ms=600", &view);
        for address in [url.clone(), format!("https://h.example/{}", chapter_page(&url).unwrap())] {
            let shown = read(&address).unwrap();
            assert_eq!(
                (shown.chapter.as_deref(), shown.figure.map(|f| f.id)),
                (Some("a1-lease-expiry"), Some("lease-expiry"))
            );
            assert!(shown.named && shown.notices.is_empty(), "{address}: {:?}", shown.notices);
            assert_eq!(
                shown.state(),
                ShownState::Lease(crate::params::parse_lease_query("preset=exp1&ttl_ms=600").value)
            );
            assert_eq!(shown.site.cursor_us, Some(1_500));
        }
        // A named figure without keys of its own opens in its starting state, as on the page.
        let plain = read("?ch=a3-fencing&fig=lease-clock").unwrap();
        assert_eq!(plain.state(), ShownState::Lease(figure("lease-clock").unwrap().initial_query()));
        // A bare query is the defaults' run, whatever it does not name.
        assert_eq!(read("").unwrap().state(), ShownState::Lease(LeaseQuery::default()));
        // An Article B figure, a sweep, an embed.
        let config = VoteConfig { fault: lab_sim::vote::FaultKind::Power, ..VoteConfig::default() };
        let vote = read(&vote_figure("b7-kill-vs-power", "kill-vs-power", &config, None, true, false)).unwrap();
        assert_eq!((vote.scope, vote.state(), vote.site.hit), (Scope::Vote, ShownState::Vote(config), Some(true)));
        let spec = SweepKind::Contention.default_spec();
        let sweep = read(&sweep_figure("a7-sweeps", &spec, SweepMetric::Throughput)).unwrap();
        assert_eq!(sweep.state(), ShownState::Sweep(spec, SweepMetric::Throughput));
        let embedded = read(&embed("outage", "?ch=a5-outage&fig=outage&preset=exp5_open&bare=1")).unwrap();
        assert_eq!((embedded.figure.map(|f| f.id), embedded.chapter), (Some("outage"), None));
    }

    #[test]
    fn a_chapter_alone_gives_the_scenario_of_its_first_figure() {
        let b = read("?ch=b1-remember&fault=power").unwrap();
        assert_eq!((b.scope, b.figure.map(|f| f.id), b.named), (Scope::Vote, Some("vote-story"), false));
        assert!(b.notices.is_empty(), "{:?}", b.notices);
        // `scenario=` decides when given; the chapter's figure is not of that scenario then.
        let a = read("?ch=b1-remember&scenario=lease&preset=exp1").unwrap();
        assert_eq!((a.scope, a.figure), (Scope::Lease, None));
        assert_eq!(read("?ch=glossary").unwrap().figure, None);
        // Every chapter's first figure is its figure 1.
        for ch in chapters() {
            if let Some(first) = chapter_first_figure(ch) {
                assert!(first.number.ends_with("-1"), "{ch}: {}", first.number);
            }
        }
    }

    #[test]
    fn an_address_the_site_has_no_page_or_figure_for_is_an_error_naming_its_key() {
        for (address, needle) in [
            ("?ch=nowhere", "`ch=nowhere` is no chapter"),
            ("?fig=nonsense", "`fig=nonsense` is no figure"),
            ("?embed=nonsense", "`embed=nonsense` is no figure"),
            ("?ch=a1-lease-expiry&fig=outage", "figure `outage` is in chapter `a5-outage`"),
            ("/nowhere.html?fig=outage", "page `nowhere.html`"),
            ("?fig=side-by-side", "`fig=side-by-side` is composed by the page"),
            ("?fig=outage&embed=tradeoff", "two figures"),
        ] {
            let err = read(address).unwrap_err();
            assert!(err.contains(needle), "{address}: {err}");
        }
        let err = read_address("?fig=outage", &chapters(), Some("tradeoff")).unwrap_err();
        assert!(err.contains("`outage`, not `tradeoff`"), "{err}");
        // Values are clamped or ignored with notices, as on the page.
        let shown = read("?ch=a1-lease-expiry&fig=lease-expiry&ttl_ms=0&hit=1").unwrap();
        assert_eq!(shown.notices.iter().map(Notice::key).collect::<Vec<_>>(), ["hit", "ttl_ms"]);
    }

    #[test]
    fn a_chapter_is_its_id_alone() {
        assert_eq!(chapter("a1-lease-expiry"), "?ch=a1-lease-expiry");
        for id in ["a1-lease-expiry", "a b&c", "é"] {
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
        // A theme stays with the embed and is set by the snippet's writer; the link back leaves it.
        assert_eq!(embed("outage", "?ch=a5-outage&theme=dark"), "?embed=outage&theme=dark");
        assert_eq!(
            embed_themed("outage", "?ch=a5-outage&theme=dark&preset=exp5_open", ColorTheme::Light),
            "?embed=outage&preset=exp5_open&theme=light"
        );
        assert_eq!(figure_in_chapter("a5-outage", "outage", "?embed=outage&theme=dark"), "?ch=a5-outage&fig=outage");
    }

    #[test]
    fn a_lease_figure_reads_back_as_it_was_written() {
        let q = "preset=exp1&ttl_ms=250";
        let view = LeaseView { cursor: Some((1_234_567, 42)), window_ms: Some(3_000), ..LeaseView::default() };
        let url = lease_figure("a1-lease-expiry", "lease-expiry", q, &view);
        assert_eq!(url, "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250&win=3000&t=1234.567&ev=42");
        let site = read_site(&url, Scope::Lease);
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!(to_query(&site.value.lease.unwrap()), q);
        assert_eq!((site.value.cursor_us, site.value.event), (Some(1_234_567), Some(42)));
    }

    #[test]
    fn a_vote_figure_writes_its_event_and_hit_after_its_config() {
        let config = VoteConfig { profile: StoreProfile::H2Like, ..VoteConfig::default() };
        let url = vote_figure("b7-kill-vs-power", "kill-vs-power", &config, Some(7), true, false);
        assert!(url.starts_with("?ch=b7-kill-vs-power&fig=kill-vs-power&"), "{url}");
        assert!(url.ends_with("&ev=7&hit=1"), "{url}");
        let site = read_site(&url, Scope::Vote);
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!(site.value.search(), url, "the canonical form");
        assert_eq!(site.value.vote, Some(config));
        let plain = vote_figure("b2-crash-matrix", "crash-matrix", &VoteConfig::default(), None, false, false);
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

    #[test]
    fn an_open_lab_round_trips_in_both_writers() {
        let view = LeaseView { cursor: Some((2_000, 5)), lab: true, ..LeaseView::default() };
        let url = lease_figure("a1-lease-expiry", "lease-expiry", "preset=exp1&seed=7", &view);
        assert_eq!(url, "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&seed=7&t=2&ev=5&lab=1");
        let site = read_site(&url, Scope::Lease);
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!(site.value.lab, Some(true));
        assert_eq!(site.value.search(), url, "the canonical form");
        let vote = vote_figure("b1-remember", "vote-story", &VoteConfig::default(), Some(2), false, true);
        assert!(vote.ends_with("&ev=2&lab=1"), "{vote}");
        let site = read_site(&vote, Scope::Vote);
        assert!(site.notices.is_empty(), "{:?}", site.notices);
        assert_eq!((site.value.lab, site.value.search()), (Some(true), vote.clone()));
        // An embed has no lab; a closed lab writes nothing.
        assert_eq!(embed("lease-expiry", &url), "?embed=lease-expiry&preset=exp1&seed=7&t=2&ev=5");
        assert!(!lease_figure("a1-lease-expiry", "lease-expiry", "preset=exp1", &LeaseView::default()).contains("lab"));
    }

    #[test]
    fn an_address_asks_for_the_lab_when_it_sets_a_knob_the_lesson_hides() {
        let a1 = figure("lease-expiry").unwrap();
        let a3 = figure("watchdog-stop").unwrap();
        let asks = |spec: &FigureSpec, search: &str| lab_requested(spec, search);
        // The lesson's own keys, the player's place and the starting state do not.
        for search in [
            "",
            "?ch=a1-lease-expiry",
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1",
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600&t=1200&ev=4",
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&seed=1",
            "?ch=a1-lease-expiry&fig=lease-expiry&lab=0",
        ] {
            assert!(!asks(a1, search), "{search}");
        }
        // `lab=1`, the seed, another preset, a hidden parameter, the window, the recorded run do.
        for search in [
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&lab=1",
            "?seed=7&fig=lease-expiry",
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp2",
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&threads=8",
            "?ch=a1-lease-expiry&fig=lease-expiry&win=5000",
            "?ch=a1-lease-expiry&fig=lease-expiry&real=1",
            "https://h.example/a1-lease-expiry.html?fig=lease-expiry&pause_max_ms=900",
            "?ch=a1-lease-expiry&seed=7",
            "ttl_ms=900",
        ] {
            assert!(asks(a1, search), "{search}");
        }
        // Only for the figure the address is for.
        assert!(!asks(figure("silent-drift").unwrap(), "?seed=7&fig=lease-expiry"));
        assert!(!asks(figure("silent-drift").unwrap(), "?ch=a1-lease-expiry&seed=7"));
        assert!(asks(a3, "?ch=a2-watchdog&fig=watchdog-stop&lab=1"));
        assert!(!asks(a3, "?ch=a2-watchdog&fig=watchdog-stop&preset=exp2_stop&stop_duration_ms=120"));
        assert!(asks(a3, "?ch=a2-watchdog&fig=watchdog-stop&preset=exp2_stop&ttl_ms=900"));
        // A2's ledger switch, B6's fault and S1's metric and variant are the
        // lesson's; S2's metric and S1's axes are not.
        assert!(!asks(figure("silent-drift").unwrap(), "?ch=a1-lease-expiry&fig=silent-drift&recon=0"));
        let b6 = figure("kill-vs-power").unwrap();
        let struck = VoteConfig { fault: lab_sim::vote::FaultKind::Power, ..b6.initial_vote_config() };
        assert!(!asks(b6, &vote_figure(b6.chapter, b6.id, &struck, None, true, false)));
        assert!(asks(b6, &vote_figure(b6.chapter, b6.id, &struck, None, true, true)));
        let s1 = figure("sweep-ttl-pause").unwrap();
        assert!(!asks(s1, "?ch=a7-sweeps&fig=sweep-ttl-pause&metric=throughput"));
        let c2 = SweepSpec { variant: lab_sim::lease::Preset::Exp3C2, ..SweepKind::TtlPause.default_spec() };
        assert!(!asks(s1, &sweep_figure("a7-sweeps", &c2, SweepMetric::Throughput)));
        let wide = SweepSpec { x: crate::params::Axis { hi: 1_500, ..c2.x }, ..c2 };
        assert!(asks(s1, &sweep_figure("a7-sweeps", &wide, SweepMetric::OverApproval)));
        let s2 = figure("sweep-contention").unwrap();
        assert!(asks(s2, "?ch=a7-sweeps&fig=sweep-contention&metric=throughput"));
        assert!(!asks(s1, &sweep_figure("a7-sweeps", &SweepKind::TtlPause.default_spec(), SweepMetric::OverApproval)));
        // Article B: the crash point stands for its mode; another profile is the lab's.
        let b1 = figure("vote-story").unwrap();
        assert!(!asks(b1, "?ch=b1-remember&fig=vote-story&scenario=vote&variant=V0&crash_after=5"));
        assert!(!asks(b1, "?ch=b1-remember&fig=vote-story&scenario=vote&crash=none"));
        assert!(asks(b1, "?ch=b1-remember&fig=vote-story&scenario=vote&profile=wal_os_cache"));
    }

    /// Moving a lesson slider anywhere in its range writes an address that
    /// stays in lesson mode (no cross-field rule changes a hidden key).
    #[test]
    fn a_lesson_slider_never_opens_the_lab() {
        for spec in FIGURES.iter().filter(|f| f.scenario() == Scenario::Lease) {
            for key in spec.lesson_keys {
                let param = crate::params::lease_param(key).unwrap();
                let values: Vec<String> = match param.kind {
                    crate::params::ParamKind::Choice(words) => words.iter().map(|w| w.to_string()).collect(),
                    _ => vec![param.min.to_string(), param.max.to_string()],
                };
                for value in values {
                    let q = crate::params::with_lease_value(spec.initial_query(), key, &value).value;
                    let url = lease_figure(spec.chapter, spec.id, &to_query(&q), &LeaseView::default());
                    assert!(!lab_requested(spec, &url), "{}: {url}", spec.id);
                }
            }
        }
    }
}
