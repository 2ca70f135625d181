//! The language switch keeps the figure's state: the frame's links to the
//! other editions (`<p class="site-lang"><a hreflang>`, written by the
//! static pages, `content::prerender`) point at the same page in the other
//! language; the live page rewrites their query to the address's own on
//! every address change ([`follow`], called by `web::url` when it writes the
//! address, and on `popstate`), so a reader who switches language lands on
//! the same figure in the same state. Only the query is replaced: the
//! link's page (its path, relative to this page) is the static page's.
//!
//! The live header replaces the static one, and the live page holds only its
//! own edition's words, not the other edition's name. So [`install`] reads
//! the static switch before the live page mounts ([`Edition`]: each link's
//! text and its `href`, `hreflang` and `lang` attributes, as text, never as
//! HTML), and the live header draws the same `<p class="site-lang">` from it
//! ([`view`]), at the same place and in the same look (`static/site.css`).

use std::cell::RefCell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The links of the language switch.
const LINKS: &str = ".site-lang a[hreflang]";

/// `href` with its query and fragment replaced by `search` (with its `?`,
/// or empty) and `hash` (with its `#`, or empty).
pub fn with_state(href: &str, search: &str, hash: &str) -> String {
    let page = href.split(['?', '#']).next().unwrap_or(href);
    format!("{page}{search}{hash}")
}

/// One link of the static page's switch: another edition's same page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edition {
    /// The link's text: the other edition's name, in its own language.
    pub text: String,
    /// The other edition's same page, relative to this page (its query is
    /// replaced by the address's own, [`with_state`]).
    pub href: String,
    /// The other edition's language (`hreflang`).
    pub hreflang: String,
    /// The language the link's text is in (`lang`).
    pub lang: String,
}

thread_local! {
    /// The static page's switch, read once by [`install`] before the live
    /// page replaces the static header.
    static EDITIONS: RefCell<Vec<Edition>> = const { RefCell::new(Vec::new()) };
}

/// Reads the switch links on the page now: their text and attributes.
fn read_static(doc: &web_sys::Document) -> Vec<Edition> {
    let Ok(links) = doc.query_selector_all(LINKS) else { return Vec::new() };
    (0..links.length())
        .filter_map(|i| links.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter_map(|link| {
            let attr = |name: &str| link.get_attribute(name).unwrap_or_default();
            let edition = Edition {
                text: link.text_content().unwrap_or_default().trim().to_string(),
                href: attr("href"),
                hreflang: attr("hreflang"),
                lang: attr("lang"),
            };
            (!edition.text.is_empty() && !edition.href.is_empty()).then_some(edition)
        })
        .collect()
}

/// The live header's switch: the static page's links, each pointing at the
/// other edition's same page with the address's current query and fragment.
/// Nothing on a page that came without one (a build without static pages,
/// or an embed).
pub fn view() -> Html {
    let editions = EDITIONS.with(|e| e.borrow().clone());
    if editions.is_empty() {
        return html! {};
    }
    let location = gloo::utils::window().location();
    let search = location.search().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    html! {
        <p class="site-lang">
            { for editions.into_iter().enumerate().map(|(i, e)| html! {
                <>
                    { if i > 0 { " " } else { "" } }
                    <a href={with_state(&e.href, &search, &hash)} lang={e.lang} hreflang={e.hreflang}>{ e.text }</a>
                </>
            }) }
        </p>
    }
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

/// Reads the static page's switch for the live header ([`view`]), then
/// follows the address from now on: once at once, then on every `popstate`
/// and `hashchange` (the writes through `web::url` call [`follow`] themselves).
/// Called before the live page mounts, while the static header is there.
pub fn install() {
    let Some(window) = web_sys::window() else { return };
    if let Some(doc) = window.document() {
        let editions = read_static(&doc);
        EDITIONS.with(|e| *e.borrow_mut() = editions);
    }
    follow();
    let listener = Closure::<dyn Fn()>::new(follow);
    for event in ["popstate", "hashchange"] {
        let _ = window.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
    }
    // For the page's whole life.
    listener.forget();
}
