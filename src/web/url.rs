//! The page URL: which chapter, which figure, and that figure's full state.
//!
//! `?ch=CHAPTER&fig=FIGURE&<lease keys>&win=WINDOW_MS&t=CURSOR_MS&ev=EVENT`
//! where the lease keys are exactly what `lab run --params` takes. Reading
//! and writing are `crate::params::site`'s (`read_site`, `SiteQuery::search`),
//! the one reader every figure uses; this module adds the browser's side
//! (the address bar, history). `?embed=FIGURE&…` shows that one figure
//! alone (src/web/embed.rs). Anything from the URL is shown only as escaped
//! text (Yew text nodes).

use wasm_bindgen::JsValue;

pub use crate::params::notice_ko;
use crate::params::{notices_ko, percent_encode, read_site, LeaseQuery, Parsed, Scope, SiteQuery};

/// What the URL asks for.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Route {
    pub chapter: Option<String>,
    pub figure: Option<String>,
    /// Embed mode (`embed=FIGURE`): that one figure, no site chrome.
    pub embed: Option<String>,
    /// Embed mode, figure only (`bare=1`): no controls, player or export bar.
    pub bare: bool,
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
    /// Korean notices about clamped or ignored values.
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
        cursor_us: site.cursor_us,
        event: site.event,
        window_ms: site.window_ms,
        reveal_ledger: site.reveal_ledger,
        recorded: site.recorded == Some(true),
        query: site.lease,
        notices: notices_ko(&notices),
    }
}

/// Reads the page's own address for a figure of `scope`, with the notices in Korean.
pub fn read_current(scope: Scope) -> (SiteQuery, Vec<String>) {
    let search = gloo::utils::window().location().search().unwrap_or_default();
    let Parsed { value, notices } = read_site(&search, scope);
    (value, notices_ko(&notices))
}

/// The search string for a chapter alone.
pub fn chapter_search(chapter: &str) -> String {
    format!("?ch={}", percent_encode(chapter))
}

/// The search string of a figure state: a permalink (`SiteQuery::search`).
pub fn figure_search(
    chapter: &str,
    figure: &str,
    lease_qs: &str,
    cursor: Option<(u64, usize)>,
    window_ms: Option<u32>,
    recon: Option<bool>,
    recorded: bool,
) -> String {
    let site = SiteQuery {
        chapter: Some(chapter.to_string()),
        figure: Some(figure.to_string()),
        window_ms,
        cursor_us: cursor.map(|(t_us, _)| t_us),
        event: cursor.map(|(_, ev)| ev),
        reveal_ledger: recon,
        recorded: recorded.then_some(true),
        ..SiteQuery::default()
    };
    site.search_with(lease_qs)
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
}

/// Adds a history entry for `search` (the app itself then re-reads the route).
pub fn push_url(search: &str) {
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.push_state_with_url(&JsValue::NULL, "", Some(search));
    }
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
