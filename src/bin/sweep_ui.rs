//! `sweep_ui`: the sweep figures' user interface as a lazily loaded wasm
//! module (wasm32).
//!
//! The sweep figures (`web::sweep_figure`: progress, heatmap, ARIA grid;
//! `web::sweep_jobs`: the grids, computed by the page's worker pool) would
//! push the site's first-load wasm past its 400 KB budget, and most readers
//! never open the sweep chapter. So Trunk builds them as a
//! separate `.wasm` (index.html: `data-type="worker"` with
//! `data-bindgen-target="web"`, unhashed and not injected), and the site's
//! placeholder (`web::lazy_mount`) imports it with `import()` when a sweep
//! figure is about to be shown, then calls [`mount`]. Each mounted figure is
//! a small Yew app of its own inside the placeholder element; the figures
//! talk to the page only through the DOM and the URL (`popstate`), as the
//! site's own figures do. Natively this binary is a stub.
//!
//! `sweep_result` hands a finished grid from the cache to the page's
//! export handler (`web::export_panel`), which passes it to the
//! `figure_export` module to draw: exporting never recomputes a sweep.

#[cfg(target_arch = "wasm32")]
mod module {
    use std::cell::RefCell;

    use consistency_lab::web::lazy_mount::mount_app;
    use consistency_lab::web::sweep_figure::{SweepFigure, SweepProps};
    use consistency_lab::web::sweep_jobs::cached_result;
    use wasm_bindgen::prelude::*;
    use yew::AppHandle;

    thread_local! {
        static MOUNTED: RefCell<Vec<(web_sys::Element, AppHandle<SweepFigure>)>> = const { RefCell::new(Vec::new()) };
    }

    /// Mounts the sweep figure `figure_id` of `chapter` into `root` (its
    /// placeholder; see `web::lazy_mount::mount_app`). The result cache and
    /// the worker pool outlive the apps, so coming back is instant.
    #[wasm_bindgen]
    pub fn mount(root: web_sys::Element, chapter: String, figure_id: String) {
        let props = SweepProps { kind_id: figure_id.into(), chapter: chapter.into() };
        MOUNTED.with(|mounted| mount_app(mounted, root, props));
    }

    /// The finished grid of sweep figure `figure_id` whose canonical query is
    /// `key` (its `data-sweep-key`), as postcard bytes of a `SweepResult`
    /// (the export module decodes them; floats stay exact); `null` while the
    /// grid is not complete. The export bar draws from this, never reruns it.
    #[wasm_bindgen]
    pub fn sweep_result(figure_id: &str, key: &str) -> JsValue {
        match cached_result(figure_id, key) {
            Some(r) if r.is_complete() => match postcard::to_allocvec(&*r) {
                Ok(bytes) => js_sys::Uint8Array::from(bytes.as_slice()).into(),
                Err(_) => JsValue::NULL,
            },
            _ => JsValue::NULL,
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("sweep_ui is the site's lazily loaded sweep module, built for wasm32 by Trunk (see index.html)");
    std::process::exit(2);
}
