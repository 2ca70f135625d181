//! The language switch keeps the figure's state: the frame's links to the
//! other editions (`<p class="site-lang"><a hreflang>`, written by the
//! static pages, `content::prerender`) point at the same page in the other
//! language; the live page rewrites their query to the address's own on
//! every address change ([`follow`], called by `web::url` when it writes the
//! address, and on `popstate`), so a reader who switches language lands on
//! the same figure in the same state. Only the query is replaced: the
//! link's page (its path, relative to this page) is the static page's.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The links of the language switch.
const LINKS: &str = ".site-lang a[hreflang]";

/// `href` with its query and fragment replaced by `search` (with its `?`,
/// or empty) and `hash` (with its `#`, or empty).
pub fn with_state(href: &str, search: &str, hash: &str) -> String {
    let page = href.split(['?', '#']).next().unwrap_or(href);
    format!("{page}{search}{hash}")
}

/// Rewrites every switch link to carry the page's current query and fragment.
pub fn follow() {
    let Some(window) = web_sys::window() else { return };
    let Some(doc) = window.document() else { return };
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let Ok(links) = doc.query_selector_all(LINKS) else { return };
    for i in 0..links.length() {
        let Some(link) = links.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
        let Some(href) = link.get_attribute("href") else { continue };
        let rewritten = with_state(&href, &search, &hash);
        if rewritten != href {
            let _ = link.set_attribute("href", &rewritten);
        }
    }
}

/// Follows the address from now on: once at once, then on every `popstate`
/// and `hashchange` (the writes through `web::url` call [`follow`] themselves).
pub fn install() {
    follow();
    let Some(window) = web_sys::window() else { return };
    let listener = Closure::<dyn Fn()>::new(follow);
    for event in ["popstate", "hashchange"] {
        let _ = window.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
    }
    // For the page's whole life.
    listener.forget();
}
