//! The site's own keys and the one reader of a page address.
//!
//! An address is `?ch=CHAPTER&fig=FIGURE&<scenario keys>&<view keys>`
//! (`embed=FIGURE` in embed mode). [`read_site`] reads every key of it once,
//! for one kind of figure ([`Scope`]): the route and view keys of
//! [`SITE_PARAMS`] into a [`SiteQuery`], every other key with the scope's
//! own parser (Scenario A, Scenario B, or a sweep's grid), and one list of
//! notices, capped at [`MAX_NOTICES`](super::MAX_NOTICES) with raw text cut
//! to [`NOTICE_TEXT_MAX_CHARS`](super::NOTICE_TEXT_MAX_CHARS). A view key
//! that the scope's figures do not read is ignored with a notice.
//! [`SiteQuery::search`] writes an address back; the words layer's
//! `notices` domain says a notice. Pure and native-testable: the page hands
//! in `location.search`.

use lab_sim::sorted::OrdMap as BTreeMap;

use super::codec::{last_values, percent_encode, read_value, split_query, NoticeLog};
use super::lease::{lease_query_from_values, to_query};
use super::spec::{
    choice, int, word_key, Access, Field, Figures, FromInt, IgnoreReason, Key, ParamKind, ParamSpec, Parsed, Value,
};
use super::state::{ColorTheme, SiteQuery, SweepKind, SweepMetric};
use super::sweep::{sweep_figures, sweep_query, sweep_spec_from_values};
use super::vote::{vote_config_from_values, vote_to_query};

/// The kind of figure an address is read for: it decides which parser reads
/// the keys that are not the site's, and which view keys apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A lock-lease figure (Scenario A keys); also the page's own reading.
    Lease,
    /// A vote figure (Scenario B keys).
    Vote,
    /// A sweep figure (its grid keys).
    Sweep(SweepKind),
}

impl Scope {
    /// The figure kinds of this scope.
    pub fn figures(self) -> Figures {
        match self {
            Scope::Lease => Figures::LEASE,
            Scope::Vote => Figures::VOTE,
            Scope::Sweep(kind) => sweep_figures(kind),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Scope::Lease => "lock-lease",
            Scope::Vote => "vote",
            Scope::Sweep(kind) => kind.figure_id(),
        }
    }
}

impl SiteQuery {
    /// Whether the address is for figure `id` (`fig=id` or `embed=id`).
    pub fn targets(&self, id: &str) -> bool {
        self.figure.as_deref() == Some(id) || self.embed.as_deref() == Some(id)
    }

    /// The canonical query of the figure state it carries ("" when none).
    pub fn scenario_query(&self) -> String {
        match (&self.lease, &self.vote, &self.sweep) {
            (Some(lease), _, _) => to_query(lease),
            (_, Some(vote), _) => vote_to_query(vote),
            (_, _, Some(sweep)) => sweep_query(sweep),
            _ => String::new(),
        }
    }

    /// The address of this state: the route keys that are set, the figure
    /// state's canonical query, then the view keys that are set, in table
    /// order. Every permalink the site writes has this form.
    pub fn search(&self) -> String {
        self.search_with(&self.scenario_query())
    }

    /// [`SiteQuery::search`] with the figure state's query given as text.
    pub fn search_with(&self, scenario_query: &str) -> String {
        let (route, view) = SITE_PARAMS.split_at(ROUTE_KEYS);
        let pair =
            |param: &ParamSpec| param.value_text(self).map(|text| format!("{}={}", param.name, percent_encode(&text)));
        let mut parts: Vec<String> = route.iter().filter_map(pair).collect();
        if !scenario_query.is_empty() {
            parts.push(scenario_query.to_string());
        }
        parts.extend(view.iter().filter_map(pair));
        format!("?{}", parts.join("&"))
    }
}

/// How many of [`SITE_PARAMS`]' first rows are route keys (`ch`, `fig`, `embed`).
const ROUTE_KEYS: usize = 3;

/// One of the site's free-text keys.
const fn text(name: &'static str, description: &'static str) -> Key {
    word_key(name, ParamKind::Text, "", description)
}

/// A time key: `0..=max` ms, read with up to three decimals, held in µs.
const fn millis(name: &'static str, max: u64, description: &'static str) -> Key {
    Key { kind: ParamKind::Millis, ..int(name, "ms", 0, max, 1, "", description) }
}

/// The site's own keys, in canonical order: the route (every figure), then
/// the view keys (each read by the figures it is marked with).
pub static SITE_PARAMS: &[ParamSpec] = &[
    text("ch", "The chapter shown (the first chapter when unknown)").field(Field::Site(Access {
        get: |s| s.chapter.clone().map(Value::Text),
        set: |s, v| s.chapter = Some(v.into_text()),
    })),
    text("fig", "The figure the other keys are for: it opens in that state and the page scrolls to it").field(
        Field::Site(Access { get: |s| s.figure.clone().map(Value::Text), set: |s, v| s.figure = Some(v.into_text()) }),
    ),
    text("embed", "Embed mode: this figure alone, with its controls and a link to the full page").field(
        Field::Site(Access { get: |s| s.embed.clone().map(Value::Text), set: |s, v| s.embed = Some(v.into_text()) }),
    ),
    int(
        "win",
        "ms",
        200,
        120_000,
        500,
        "",
        "Timeline window: the first this many ms of the run (default: the figure's own)",
    )
    .for_figures(Figures::LEASE)
    .field(Field::Site(Access {
        get: |s| s.window_ms.map(|ms| Value::Int(u64::from(ms))),
        set: |s, v| s.window_ms = Some(FromInt::from_int(v.int())),
    })),
    millis("t", 600_000, "Timeline player's cursor, in ms with up to three decimals")
        .for_figures(Figures::LEASE)
        .field(Field::Site(Access { get: |s| s.cursor_us.map(Value::Int), set: |s, v| s.cursor_us = Some(v.int()) })),
    int(
        "ev",
        "",
        0,
        u32::MAX as u64,
        1,
        "",
        "Player's event index: a timeline's (used when it agrees with t) or a vote story's step",
    )
    .for_figures(Figures::LEASE.and(Figures::VOTE))
    .field(Field::Site(Access {
        get: |s| s.event.map(|ev| Value::Int(ev as u64)),
        set: |s, v| s.event = Some(FromInt::from_int(v.int())),
    })),
    word_key(
        "recon",
        ParamKind::Switch,
        "",
        "A2: run the reconciliation, showing the ledger line (recon=0 hides it)",
    )
    .for_figures(Figures::LEASE)
    .field(Field::Site(Access {
        get: |s| s.reveal_ledger.map(Value::Flag),
        set: |s, v| s.reveal_ledger = Some(v.flag()),
    })),
    word_key(
        "real",
        ParamKind::Switch,
        "",
        "A1: draw the recorded real run (run 0 of lab real's committed set on Redis and PostgreSQL) instead of a simulation",
    )
    .for_figures(Figures::LEASE)
    .field(Field::Site(Access { get: |s| s.recorded.map(Value::Flag), set: |s, v| s.recorded = Some(v.flag()) })),
    word_key(
        "hit",
        ParamKind::Switch,
        "",
        "B6: the fault has hit the storage stack, which shows what survives",
    )
    .for_figures(Figures::VOTE)
    .field(Field::Site(Access { get: |s| s.hit.map(Value::Flag), set: |s, v| s.hit = Some(v.flag()) })),
    word_key(
        "bare",
        ParamKind::Switch,
        "",
        "Embed mode: the figure alone (drawing, legend, caption), without its controls, player or export bar",
    )
    .field(Field::Site(Access { get: |s| s.bare.map(Value::Flag), set: |s, v| s.bare = Some(v.flag()) })),
    choice(
        "theme",
        ColorTheme::KEYS,
        "light",
        "Embed mode's colours: light or dark whatever the reader's system prefers, or auto (the system's); \
         an embed inside an iframe is light when unset, a page outside one follows the system",
    )
    .field(Field::Site(Access {
        get: |s| s.theme.map(|theme| Value::Word(theme.key())),
        set: |s, v| s.theme = ColorTheme::from_key(v.word()),
    })),
    choice(
        "metric",
        &["over_approval", "throughput"],
        "over_approval",
        "What a sweep heatmap colours",
    )
    .for_figures(Figures::SWEEPS)
    .field(Field::Site(Access {
        get: |s| s.metric.map(|metric| Value::Word(metric.key())),
        set: |s, v| s.metric = SweepMetric::from_key(v.word()),
    })),
    word_key(
        "lab",
        ParamKind::Switch,
        "",
        "The figure's lab is open: every setting, the player's tools and the files, not only the lesson's controls",
    )
    .field(Field::Site(Access { get: |s| s.lab.map(Value::Flag), set: |s, v| s.lab = Some(v.flag()) })),
];

impl ColorTheme {
    /// The `theme=` words, in the table's order.
    pub const KEYS: &'static [&'static str] = &["light", "dark", "auto"];

    pub fn key(self) -> &'static str {
        match self {
            ColorTheme::Light => "light",
            ColorTheme::Dark => "dark",
            ColorTheme::Auto => "auto",
        }
    }

    pub fn from_key(key: &str) -> Option<ColorTheme> {
        [ColorTheme::Light, ColorTheme::Dark, ColorTheme::Auto].into_iter().find(|t| t.key() == key)
    }

    /// The theme an embed uses: the address's, else light inside an
    /// iframe (a host page's own colours are not the reader's system's),
    /// else the system's, as the site outside an iframe.
    pub fn for_embed(asked: Option<ColorTheme>, in_iframe: bool) -> ColorTheme {
        asked.unwrap_or(if in_iframe { ColorTheme::Light } else { ColorTheme::Auto })
    }
}

/// The keys of the break-it figure (`registry::Scenario::Check`): its
/// variant (a `lab check --variant` word), its threads and the reader's
/// schedule. The page's `check` module reads and judges them itself
/// (`lab_check::session::Session::from_address`, with its own notices), so
/// [`read_site`] leaves them alone on an address for that figure.
pub const CHECK_KEYS: &[&str] = &["check", "threads", "sched"];

/// The key of the page's language (`lang=en`): which edition an address
/// opens is the page's path (`en/ID.html`), and the static pages' redirect
/// honours `?ch=ID&lang=en` on a Korean address (src/content/prerender.rs),
/// so the page and `lab` read it as no figure's state and never write it for
/// Korean ([`page_lang`]): every Korean permalink stays as it was.
pub const LANG_KEY: &str = "lang";

/// The edition an address asks for with [`LANG_KEY`] (`None`: the page's own).
pub fn page_lang(search: &str) -> Option<crate::lang::Lang> {
    split_query(search)
        .into_iter()
        .rev()
        .find(|pair| pair.key == LANG_KEY)
        .and_then(|pair| pair.value)
        .and_then(|code| crate::lang::Lang::from_code(&code))
}

/// Whether figure `id` reads its own keys ([`CHECK_KEYS`]).
fn reads_its_own_keys(id: &str) -> bool {
    crate::registry::figure(id).is_some_and(|f| f.scenario() == crate::registry::Scenario::Check)
}

/// The spec of one of the site's own keys.
pub fn site_param(name: &str) -> Option<&'static ParamSpec> {
    SITE_PARAMS.iter().find(|param| param.name == name)
}

/// Reads a page address (`location.search`) for a figure of `scope`. Never
/// panics; every value it clamps or drops is a notice.
pub fn read_site(search: &str, scope: Scope) -> Parsed<SiteQuery> {
    let mut log = NoticeLog::default();
    let (site_values, values): (BTreeMap<String, String>, _) =
        last_values(split_query(search), &mut log).into_iter().partition(|(key, _)| site_param(key).is_some());
    let mut site = SiteQuery::default();
    for param in SITE_PARAMS {
        let Some(given) = site_values.get(param.name) else { continue };
        if !param.figures.contains(scope.figures()) {
            log.ignored(param.name, given, IgnoreReason::OtherFigures { scope: scope.name().to_string() });
        } else if let Some(value) = read_value(param, given, &mut log) {
            param.set(&mut site, value);
        }
    }
    // The keys of a figure that reads its own (`CHECK_KEYS`, for the
    // break-it figure, whose module judges them) are left to it, unread.
    let mut values = values;
    // The edition's key is the page's (`page_lang`), no figure's state.
    values.remove(LANG_KEY);
    if site.figure.as_deref().or(site.embed.as_deref()).is_some_and(reads_its_own_keys) {
        values.retain(|key, _| !CHECK_KEYS.contains(&key.as_str()));
    }
    if !values.is_empty() {
        match scope {
            Scope::Lease => site.lease = Some(lease_query_from_values(&values, &mut log)),
            Scope::Vote => site.vote = Some(vote_config_from_values(&values, &mut log)),
            Scope::Sweep(kind) => site.sweep = Some(sweep_spec_from_values(kind, &values, &mut log)),
        }
    }
    Parsed { value: site, notices: log.finish() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{parse_lease_query, Notice, MAX_NOTICES};
    use lab_sim::vote::FaultKind;

    #[test]
    fn the_route_keys_come_first() {
        let names: Vec<&str> = SITE_PARAMS.iter().map(|param| param.name).collect();
        assert_eq!(names[..ROUTE_KEYS], ["ch", "fig", "embed"]);
        assert!(SITE_PARAMS[..ROUTE_KEYS].iter().all(|param| param.figures == Figures::ALL));
    }

    #[test]
    fn a_lease_permalink_reads_back() {
        let search = "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=300&win=2500&t=12.345&ev=7&recon=0";
        let Parsed { value: site, notices } = read_site(search, Scope::Lease);
        assert_eq!(notices, vec![]);
        assert!(site.targets("lease-expiry"));
        assert_eq!(
            (site.window_ms, site.cursor_us, site.event, site.reveal_ledger),
            (Some(2500), Some(12_345), Some(7), Some(false))
        );
        assert_eq!(site.lease, Some(parse_lease_query("preset=exp1&ttl_ms=300").value));
        assert_eq!(site.search(), search);
    }

    #[test]
    fn vote_and_sweep_permalinks_read_back() {
        let search = "?ch=b1-remember&fig=kill-vs-power&scenario=vote&fault=power&ev=3&hit=1";
        let site = read_site(search, Scope::Vote).value;
        assert_eq!(site.vote.as_ref().map(|c| c.fault), Some(FaultKind::Power));
        assert_eq!((site.event, site.hit), (Some(3), Some(true)));
        assert_eq!(site.search(), search);
        let kind = SweepKind::Contention;
        let search = format!("?ch=a7-sweeps&fig=sweep-contention&{}&metric=throughput", kind.default_spec().key());
        let Parsed { value: site, notices } = read_site(&search, Scope::Sweep(kind));
        assert_eq!(notices, vec![]);
        assert_eq!((site.sweep, site.metric), (Some(kind.default_spec()), Some(SweepMetric::Throughput)));
        assert_eq!(site.search(), search);
    }

    #[test]
    fn site_values_are_clamped_or_ignored_with_notices() {
        let Parsed { value: site, notices } =
            read_site("t=NaN&win=1e99&ev=-1&win=50&t=700000&recon=maybe", Scope::Lease);
        assert_eq!(
            (site.window_ms, site.cursor_us, site.event, site.reveal_ledger),
            (Some(200), Some(600_000_000), Some(0), None)
        );
        let keys: Vec<&str> = notices.iter().map(Notice::key).collect();
        assert_eq!(keys, ["win", "t", "win", "t", "ev", "recon"]);
        let kinds: Vec<&str> =
            notices.iter().map(|n| if matches!(n, Notice::Clamped { .. }) { "clamped" } else { "ignored" }).collect();
        assert_eq!(kinds, ["ignored", "ignored", "clamped", "clamped", "clamped", "ignored"]);
        let clamped = Notice::Clamped {
            key: "win".into(),
            given: "50".into(),
            used: "200".into(),
            min: "200".into(),
            max: "120000".into(),
        };
        assert_eq!(notices[2], clamped);
    }

    #[test]
    fn view_keys_of_other_figures_are_ignored() {
        let Parsed { value: site, notices } = read_site("fig=vote-story&t=5&hit=1&metric=throughput", Scope::Vote);
        assert_eq!((site.cursor_us, site.hit, site.metric), (None, Some(true), None));
        assert_eq!(notices.iter().map(Notice::key).collect::<Vec<_>>(), ["t", "metric"]);
        assert_eq!(site.vote, None, "no scenario key, no config");
    }

    #[test]
    fn an_embed_theme_reads_back_and_a_bad_one_is_ignored_with_a_notice() {
        for scope in [Scope::Lease, Scope::Vote, Scope::Sweep(SweepKind::TtlPause)] {
            let search = "?embed=outage&bare=1&theme=dark";
            let Parsed { value: site, notices } = read_site(search, scope);
            assert_eq!((site.theme, notices), (Some(ColorTheme::Dark), vec![]));
            assert_eq!(site.search(), search);
        }
        assert_eq!(read_site("embed=outage&theme=AUTO", Scope::Lease).value.theme, Some(ColorTheme::Auto));
        let Parsed { value: site, notices } = read_site("embed=outage&theme=%3Cb%3Epink", Scope::Lease);
        assert_eq!(site.theme, None);
        assert!(
            matches!(&notices[0], Notice::Ignored { key, given, reason: IgnoreReason::NotOneOf { .. } } if key == "theme" && given == "<b>pink"),
            "{notices:?}"
        );
        assert_eq!(ColorTheme::for_embed(None, true), ColorTheme::Light);
        assert_eq!(ColorTheme::for_embed(None, false), ColorTheme::Auto);
        assert_eq!(ColorTheme::for_embed(Some(ColorTheme::Auto), true), ColorTheme::Auto);
        assert_eq!(ColorTheme::for_embed(Some(ColorTheme::Dark), false), ColorTheme::Dark);
    }

    /// The break-it figure's own keys are its module's to judge: no notice
    /// and no scenario state for them, in any scope; other keys still get theirs.
    #[test]
    fn the_break_it_figures_keys_are_left_to_it() {
        for scope in [Scope::Lease, Scope::Vote, Scope::Sweep(SweepKind::TtlPause)] {
            let search = "?ch=a8-break-it&fig=break-it&check=zz&threads=9&sched=12s";
            let Parsed { value: site, notices } = read_site(search, scope);
            assert_eq!(notices, vec![], "{scope:?}");
            assert_eq!((site.lease, site.vote, site.sweep), (None, None, None), "{scope:?}");
        }
        let Parsed { notices, .. } = read_site("?fig=break-it&check=a&bogus=1", Scope::Lease);
        assert_eq!(notices.iter().map(Notice::key).collect::<Vec<_>>(), ["bogus"]);
        // On another figure they are what they are there: `threads` a lease key, `sched` none.
        let Parsed { value: site, notices } = read_site("?fig=lease-expiry&threads=3&sched=12", Scope::Lease);
        assert!(site.lease.is_some());
        assert_eq!(notices.iter().map(Notice::key).collect::<Vec<_>>(), ["sched"]);
    }

    #[test]
    fn hostile_route_text_is_bounded_and_notices_are_capped() {
        let long = "x".repeat(10_000);
        let site = read_site(&format!("ch={long}&embed=%3Cscript%3E%00"), Scope::Lease).value;
        assert_eq!(site.chapter.map(|c| c.chars().count()), Some(crate::params::NOTICE_TEXT_MAX_CHARS + 1));
        assert_eq!(site.embed.as_deref(), Some("<script>"));
        let many = read_site(&"t=x&".repeat(500), Scope::Sweep(SweepKind::TtlPause)).notices;
        assert_eq!(many.len(), MAX_NOTICES + 1);
        assert_eq!(many[MAX_NOTICES], Notice::Omitted { count: 500 - MAX_NOTICES });
    }
}
