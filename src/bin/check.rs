//! `check`: the site's second lazily loaded wasm module (wasm32), figure
//! 8-1 `break-it`, where the reader is the adversary of `lab check`'s small
//! world (`lab_check`).
//!
//! Trunk builds this binary as a separate `.wasm` as it builds `figures`
//! (index.html: `data-type="worker"` with `data-bindgen-target="web"`, so it
//! is neither hashed nor injected into the page); the page imports it with a
//! dynamic `import()` (`consistencyLab.loadModule`, src/web/js/lazy_module.js)
//! when the figure's mount first renders (`web::break_it_mount`), so only the
//! readers of that chapter fetch the checker. Unlike `figures`, it builds
//! its figure's whole inside itself (`web::break_it`: the controls, the
//! lanes, the timeline, the properties) into the `<div>` the site hands it,
//! and talks to the site through nothing else: the reader's state lives in
//! the module and in the address bar.

#[cfg(target_arch = "wasm32")]
mod module {
    use wasm_bindgen::prelude::*;

    /// Builds figure 8-1 into `container` (the mount `<div>` of the site's
    /// `<figure id="break-it">`), in the state the page's address `search`
    /// (`location.search`) asks for. A panic in the module shows the site's
    /// error banner, as one in the site's own module does.
    #[wasm_bindgen]
    pub fn break_mount(container: web_sys::Element, search: &str) {
        consistency_lab::web::install_panic_hook();
        consistency_lab::web::break_it::mount(container, search);
    }
}

/// The module has no start-up work: the page calls its export.
fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!(
            "check is the site's lazily loaded wasm module for figure 8-1, built by Trunk; use `lab check` natively"
        );
        std::process::exit(2);
    }
}
