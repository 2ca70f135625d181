//! Embed mode (`?embed=FIGURE_ID&…`): one figure with its controls, a link
//! back to its chapter, and no site chrome. The page tells its parent how
//! tall it is, so a host can size the `<iframe>`: on load and on every
//! resize (ResizeObserver) it posts
//! `{type: "consistency-lab:height", id, height}` to `window.parent`.
//! The observer is a few lines of JavaScript, which keeps the site's wasm small.
//!
//! An embed's colours are its address's `theme=` (`params::ColorTheme`):
//! light inside an iframe when unset, whatever the reader's system prefers
//! (a light blog page keeps a light figure), dark when asked, the system's
//! with `auto`; a page outside an iframe follows the system as the site
//! does. The JavaScript half answers the stylesheets' `prefers-color-scheme`
//! rules with the theme and marks the document `data-theme`, which the
//! figures' palette reads (`super::figure_theme`).

use std::cell::Cell;

use lab_model::params::ColorTheme;
use wasm_bindgen::prelude::*;

// `js/embed.js`, a classic script of the page (index.html).
#[wasm_bindgen(js_namespace = consistencyLab)]
extern "C" {
    #[wasm_bindgen(js_name = startEmbed)]
    fn start_embed(id: &str);
    #[wasm_bindgen(js_name = setTheme)]
    fn set_theme(theme: &str);
    #[wasm_bindgen(js_name = inIframe)]
    fn in_iframe() -> bool;
    /// Scrolls table box `wrap` so that its column `index` (its `th.cm-col`
    /// heads, counted from 0) stands right of its sticky corner head, when
    /// the table is wider than the box (the crash map in a narrow frame).
    #[wasm_bindgen(js_name = scrollToColumn)]
    pub fn scroll_to_column(wrap: &web_sys::Element, index: u32);
    /// The height (CSS px) `canvas` may take so that a figure-only embed in
    /// a short frame shows its whole page without scrolling; 0 when nothing
    /// limits it (a taller frame, the full embed, the site's pages).
    #[wasm_bindgen(js_name = fitHeight)]
    fn fit_height(canvas: &web_sys::Element) -> f64;
}

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
}

/// True once the page runs in embed mode: figures then leave the address bar alone.
pub fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// Turns embed mode on for figure `id` (a known figure id): marks the
/// document for the stylesheet (`html[data-embed]`), starts reporting the
/// height, and takes the colour theme the address asks (`theme`, already
/// read by the parameter table), else light inside an iframe.
pub fn start(id: &str, theme: Option<ColorTheme>) {
    if active() {
        return;
    }
    ACTIVE.with(|a| a.set(true));
    start_embed(id);
    set_theme(ColorTheme::for_embed(theme, in_iframe()).key());
}

/// In a lazily loaded module that renders figures (Article B's, `figures`):
/// embed mode as the site's module turned it on for the page, which
/// [`start`] marks on the document (`html[data-embed]`).
pub fn follow_site() {
    let marked = gloo::utils::document().document_element().is_some_and(|html| html.has_attribute("data-embed"));
    if marked {
        ACTIVE.with(|a| a.set(true));
    }
}

/// The height (CSS px) the figure drawn on `canvas` may take: `Some` only
/// in a figure-only embed whose frame is shorter than its page.
pub fn fit_height_css(canvas: &web_sys::Element) -> Option<f64> {
    if !active() {
        return None;
    }
    Some(fit_height(canvas)).filter(|h| *h > 0.0)
}
