//! `vote_ui`: Article B's figures (the vote timelines B1, B3–B6 and the
//! crash-cut matrix B2) as a lazily loaded wasm module (wasm32).
//!
//! Scenario B's simulation and its figures are about a third of what the
//! site's first-load wasm would otherwise weigh, and the readers of the
//! lock-lease chapters never need them. So Trunk builds them as a separate
//! `.wasm` (index.html: `data-type="worker"` with `data-bindgen-target="web"`,
//! unhashed and not injected), and the site's placeholder
//! (`web::lazy_mount`) imports it with `import()` when such a figure is about
//! to be shown, then calls [`mount`]. Each mounted figure is a small Yew app
//! of its own inside the placeholder; the figures read their state from the
//! URL and talk to the page only through the DOM and the URL, as before.
//! Natively this binary is a stub.

#[cfg(target_arch = "wasm32")]
mod module {
    use std::cell::RefCell;

    use consistency_lab::web::lazy_mount::mount_app;
    use consistency_lab::web::vote_figure::{VoteFigureMount, VoteFigureProps};
    use wasm_bindgen::prelude::*;
    use yew::AppHandle;

    thread_local! {
        static MOUNTED: RefCell<Vec<(web_sys::Element, AppHandle<VoteFigureMount>)>> = const { RefCell::new(Vec::new()) };
    }

    /// Mounts Article B's figure `figure_id` of `chapter` into `root` (its
    /// placeholder; see `web::lazy_mount::mount_app`).
    #[wasm_bindgen]
    pub fn mount(root: web_sys::Element, chapter: String, figure_id: String) {
        let props = VoteFigureProps { id: figure_id.into(), chapter: chapter.into() };
        MOUNTED.with(|mounted| mount_app(mounted, root, props));
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("vote_ui is the site's lazily loaded Article B module, built for wasm32 by Trunk (see index.html)");
    std::process::exit(2);
}
