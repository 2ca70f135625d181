//! Embed mode (`?embed=FIGURE_ID&…`): one figure with its controls, a link
//! back to its chapter, and no site chrome. The page tells its parent how
//! tall it is, so a host can size the `<iframe>`: on load and on every
//! resize (ResizeObserver) it posts
//! `{type: "consistency-lab:height", id, height}` to `window.parent`.
//! The observer is a few lines of JavaScript, which keeps the site's wasm small.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

// `js/embed.js`, a classic script of the page (index.html).
#[wasm_bindgen(js_namespace = consistencyLab)]
extern "C" {
    #[wasm_bindgen(js_name = startEmbed)]
    fn start_embed(id: &str);
}

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
}

/// True once the page runs in embed mode: figures then leave the address bar alone.
pub fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// Turns embed mode on for figure `id` (a known figure id): marks the
/// document for the stylesheet (`html[data-embed]`) and starts reporting the height.
pub fn start(id: &str) {
    if active() {
        return;
    }
    ACTIVE.with(|a| a.set(true));
    start_embed(id);
}
