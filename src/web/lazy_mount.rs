//! The site's placeholders for figures that live in lazily loaded wasm
//! modules, so that they do not weigh on the first load: the sweep figures
//! (`sweep_ui`, src/bin/sweep_ui.rs) and Article B's figures (`vote_ui`,
//! src/bin/vote_ui.rs). A placeholder renders an empty element that Yew
//! never touches again, and after its first render imports the module and
//! mounts the figure into it. A failed import leaves a visible Korean notice
//! (text only).
//!
//! Two Yew apps from two wasm modules then nest: the site's app at `#app`
//! and the figure's inside the placeholder. Yew handles events at each
//! app's root in the capture phase and finds the app responsible for an
//! event by tree ids stamped on elements, and both modules number their
//! trees from 1, so the site's app would take the figure's events for its
//! own. The two capture listeners below keep them apart: one on the
//! document (it runs before the site's) marks an event that starts inside a
//! placeholder as belonging to no tree, which the site's app ignores; one on
//! the placeholder (added before the figure app's own) clears that mark
//! again, so the figure's app finds itself responsible.
//!
//! [`mount_app`] is the modules' side of the same arrangement: what each
//! module's exported `mount` does with the placeholder it is handed.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use yew::prelude::*;
use yew::AppHandle;

use crate::figures::registry::{figure_of, Scenario};
use crate::sweep::SweepKind;

// `js/lazy_mount.js`, a classic script of the page (index.html).
#[wasm_bindgen(js_namespace = consistencyLab)]
extern "C" {
    #[wasm_bindgen(js_name = mountLazy)]
    fn mount_lazy(el: &web_sys::Element, module: &str, chapter: &str, figure_id: &str);
}

/// `App::view_figure` (and embed mode) call this first: `Some` for the ids
/// of figures that live in a lazily loaded module.
pub fn view_lazy_figure(chapter: &str, fid: &str) -> Option<Html> {
    let (module, id) = match SweepKind::from_figure_id(fid) {
        Some(kind) => ("sweep_ui", kind.figure_id()),
        None => ("vote_ui", figure_of(Scenario::Vote, fid)?.id),
    };
    Some(html! {
        <LazyFigure key={format!("{chapter}/{id}")} module={module} chapter={chapter.to_string()} figure_id={id} />
    })
}

#[derive(Properties, PartialEq, Clone)]
pub struct LazyFigureProps {
    /// The module's name in `dist/` (`NAME.js`, `NAME_bg.wasm`).
    pub module: &'static str,
    pub chapter: AttrValue,
    pub figure_id: AttrValue,
}

#[function_component(LazyFigure)]
fn lazy_figure(p: &LazyFigureProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        let (module, chapter, figure_id) = (p.module, p.chapter.clone(), p.figure_id.clone());
        use_effect_with((chapter, figure_id), move |(chapter, figure_id)| {
            if let Some(el) = node.cast::<web_sys::Element>() {
                mount_lazy(&el, module, chapter, figure_id);
            }
        });
    }
    html! { <div class="lazy-figure" data-module={p.module} ref={node}></div> }
}

/// For a lazily loaded module's exported `mount`: renders a Yew app of `C`
/// into `root` (its placeholder, emptied first) and keeps its handle in
/// `mounted`. Apps whose placeholder has left the page (the reader moved to
/// another chapter) are destroyed here. A module has its own copy of the
/// site's state, so it installs its panic banner and takes embed mode from
/// the document first (in embed mode, figures leave the address bar alone).
pub fn mount_app<C: BaseComponent>(
    mounted: &RefCell<Vec<(web_sys::Element, AppHandle<C>)>>,
    root: web_sys::Element,
    props: C::Properties,
) {
    super::install_panic_hook();
    super::embed::adopt();
    let mut mounted = mounted.borrow_mut();
    for (_, app) in mounted.extract_if(.., |(el, _)| !el.is_connected()) {
        app.destroy();
    }
    root.set_text_content(None);
    let app = yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    mounted.push((root, app));
}
