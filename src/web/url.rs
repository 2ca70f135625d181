//! The page URL: which chapter, which figure, and that figure's full state,
//! read from the browser's address bar and written back to it (the
//! addresses themselves are `lab_model::permalink`'s).
//!
//! `?ch=CHAPTER&fig=FIGURE&<lease keys>&win=WINDOW_MS&t=CURSOR_MS&ev=EVENT`
//! where the lease keys are exactly what `lab run --params` takes. Reading
//! and writing are `lab_model::params::site`'s (`read_site`, `SiteQuery::search`),
//! the one reader every figure uses; this module adds the browser's side
//! (the address bar, history). `?embed=FIGURE&…` shows that one figure
//! alone (src/web/embed.rs). Anything from the URL is shown only as escaped
//! text (Yew text nodes).

use wasm_bindgen::JsValue;

use super::page_words::words;
use crate::sim::vote::VoteConfig;
use lab_model::params::{read_site, LeaseQuery, Parsed, Scope, SiteQuery, SweepKind, SweepMetric, SweepSpec};
use lab_words::notices::site_notices;

/// What the URL asks for.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Route {
    pub chapter: Option<String>,
    pub figure: Option<String>,
    /// Embed mode (`embed=FIGURE`): that one figure, no site chrome.
    pub embed: Option<String>,
    /// Embed mode, figure only (`bare=1`): no controls, player or export bar.
    pub bare: bool,
    /// Embed mode's colour theme (`theme`).
    pub theme: Option<lab_model::params::ColorTheme>,
    /// The player's cursor (`t`, in ms with up to µs precision).
    pub cursor_us: Option<u64>,
    /// The player's event index (`ev`); used when it agrees with `t`.
    pub event: Option<usize>,
    pub window_ms: Option<u32>,
    pub reveal_ledger: Option<bool>,
    /// A1's recorded real run (`real=1`).
    pub recorded: bool,
    /// Present when the URL carried any lease key.
    pub query: Option<LeaseQuery>,
    /// Notices about clamped or ignored values, in the page's words.
    pub notices: Vec<String>,
}

/// Parses `location.search` (`params::read_site`, for the lock-lease figures).
pub fn parse(search: &str) -> Route {
    let Parsed { value: site, notices } = read_site(search, Scope::Lease);
    Route {
        chapter: site.chapter,
        figure: site.figure,
        embed: site.embed,
        bare: site.bare.unwrap_or(false),
        theme: site.theme,
        cursor_us: site.cursor_us,
        event: site.event,
        window_ms: site.window_ms,
        reveal_ledger: site.reveal_ledger,
        recorded: site.recorded == Some(true),
        query: site.lease,
        notices: site_notices(words(), &notices),
    }
}

/// Reads the page's own address for a figure of `scope`, with the notices in the page's words.
pub fn read_current(scope: Scope) -> (SiteQuery, Vec<String>) {
    let search = gloo::utils::window().location().search().unwrap_or_default();
    let Parsed { value, notices } = read_site(&search, scope);
    (value, site_notices(words(), &notices))
}

/// What the URL says about figure `id`: the vote config (only when `fig=id`),
/// its notices, and the site keys' raw values.
pub struct VoteUrlState {
    pub targeted: bool,
    pub config: Option<VoteConfig>,
    pub notices: Vec<String>,
    pub ev: Option<usize>,
    pub hit: Option<String>,
}

pub fn read_vote_figure(id: &str) -> VoteUrlState {
    let (site, notices) = read_current(lab_model::params::Scope::Vote);
    if !site.targets(id) {
        return VoteUrlState { targeted: false, config: None, notices: Vec::new(), ev: None, hit: None };
    }
    let hit = site.hit.filter(|hit| *hit).map(|_| "1".to_string());
    // No vote key at all: the figure's own starting state, as `lab run` and
    // `lab figure --url` read the same address (`permalink::read_address`).
    VoteUrlState { targeted: true, config: site.vote, notices, ev: site.event, hit }
}

/// What the URL says about sweep figure `kind`: its grid and metric (the
/// defaults unless `fig=` names it), its notices, and whether it was named.
pub fn read_sweep_figure(kind: SweepKind) -> (SweepSpec, SweepMetric, Vec<String>, bool) {
    let (site, notices) = read_current(Scope::Sweep(kind));
    if !site.targets(kind.figure_id()) {
        return (kind.default_spec(), SweepMetric::OverApproval, Vec::new(), false);
    }
    let spec = site.sweep.unwrap_or_else(|| kind.default_spec());
    (spec, site.metric.unwrap_or(SweepMetric::OverApproval), notices, true)
}

/// Whether the page's address asks for figure `spec`'s lab
/// (`permalink::lab_requested`): `lab=1`, or a knob lesson mode hides, set
/// for this figure. An address without `ch=` is read as the page's own
/// chapter, `chapter`'s (a chapter's static page).
pub fn lab_requested_here(spec: &lab_model::registry::FigureSpec, chapter: &str) -> bool {
    let search = gloo::utils::window().location().search().unwrap_or_default();
    let search = search.trim_start_matches('?');
    // A repeated key keeps its last value: the address's own `ch=` wins.
    let search = format!("ch={}&{search}", lab_model::params::percent_encode(chapter));
    lab_model::permalink::lab_requested(spec, &search)
}

/// Rewrites the address bar to `search` (a figure's permalink) without a new
/// history entry. Embed mode leaves the host's iframe address alone.
pub fn replace_url(search: &str) {
    if super::embed::active() {
        return;
    }
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(search));
    }
    super::lang_switch::follow();
}

/// Adds a history entry for `search` (the app itself then re-reads the route).
pub fn push_url(search: &str) {
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.push_state_with_url(&JsValue::NULL, "", Some(search));
    }
    super::lang_switch::follow();
}

/// Goes to another chapter's figure without reloading: push the URL, then
/// let the app re-read it (it listens to `popstate`). Figures call this; it
/// works from the lazily loaded sweep module too, which shares only the DOM.
pub fn navigate(search: &str) {
    push_url(search);
    if let Ok(ev) = web_sys::Event::new("popstate") {
        let _ = gloo::utils::window().dispatch_event(&ev);
    }
}
