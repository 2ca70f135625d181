//! Article B's figures' place on the page: a mount `<div>` per figure that
//! the lazily loaded `figures` module (src/bin/figures.rs) fills with the
//! figure's component ([`super::vote_figure::ArticleBFigure`]: figure B2's
//! crash map, B2-1's tap-to-crash, every other vote figure), rendered by a
//! Yew app of the module's own.
//!
//! Article B's simulation and drawing already lived in that module, which
//! only the readers of Article B fetch; its components (controls, player,
//! scenes, tips) weighed about 35 KB gzip more of the site's first load,
//! which every reader of every chapter paid. The site now carries only this
//! mount, as it does for figure 8-1 (`super::break_it_mount`): the app draws
//! [`figure`] where the chapter places the figure and calls [`sync`] after
//! each of its renders.
//!
//! Two Yew apps on one page: the module's app renders inside the site's, in
//! a node the site's app holds by reference and never looks inside, and
//! each app handles the events of its own elements (Yew brands each element
//! with its app's subtree id; the module keeps its ids apart from the
//! site's, `figures.rs`). Yew never takes back the listeners an app puts on
//! its root, so an app is never thrown away: each figure has one mount for
//! the page's life, put back on the page whenever its chapter is shown. Its
//! app shows the figure afresh each time (a new generation), and nothing
//! while the mount is off the page, so no timer or listener of a figure
//! outlives its chapter; the page holds at most one app per Article B figure.
//!
//! On a prerendered page the live chapter replaces the static one only once
//! its first Article B figure is drawn ([`reveal_when_shown`]): the static
//! chapter, with its figures' starting images, stays readable meanwhile, and
//! nothing under that figure moves when the module arrives.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::lazy_figures::{self, FiguresModule};
use lab_model::registry::FigureSpec;

#[wasm_bindgen]
extern "C" {
    /// The `figures` module's namespace object, as the mounts call it.
    type MountingModule;

    #[wasm_bindgen(method, catch)]
    fn vote_show(
        this: &MountingModule,
        container: &web_sys::Element,
        id: &str,
        chapter: &str,
        generation: u32,
    ) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn vote_park_detached(this: &MountingModule);
}

/// A figure's mount, kept for the page's life.
struct Mount {
    id: &'static str,
    div: web_sys::Element,
    /// What the page asks the mount to show (chapter and generation), set by [`figure`].
    wanted: (String, u32),
    /// What the module last showed in it; `None` while parked or not yet handed over.
    shown: Option<(String, u32)>,
}

thread_local! {
    static MOUNTS: RefCell<Vec<Mount>> = const { RefCell::new(Vec::new()) };
    /// The wait [`reveal_when_shown`] keeps, while it waits.
    static WAITING: RefCell<Option<gloo::timers::callback::Interval>> = const { RefCell::new(None) };
}

/// How often [`reveal_when_shown`] looks, and how long it waits at most
/// before the live chapter replaces the static one anyway (a module slower
/// than that shows its loading line).
const REVEAL_POLL_MS: u32 = 50;
const REVEAL_WAIT_MAX_MS: u32 = 10_000;

/// Whether the page's first Article B figure (the one a reader meets first)
/// still waits for the module; those further down fill in as they come.
fn first_awaiting() -> bool {
    let first = gloo::utils::document().query_selector(".vote-mount").ok().flatten();
    first.is_some_and(|m| {
        m.child_element_count() == 0 || m.query_selector("[data-awaiting-module]").ok().flatten().is_some()
    })
}

/// The live chapter in the static one's place, its chapter map scrolled to it
/// (as the app does after a render, which found only the static map then).
fn reveal_now(chapter: &str) {
    super::takeover::reveal(chapter);
    super::reader_view::reveal_current_chapter();
}

/// Replaces the static chapter with the live one (`super::takeover::reveal`)
/// once the live chapter's first Article B figure is drawn (at once if it
/// has none), or after `REVEAL_WAIT_MAX_MS` at most.
pub fn reveal_when_shown(chapter: String) {
    if !first_awaiting() {
        WAITING.with(|w| w.borrow_mut().take());
        reveal_now(&chapter);
        return;
    }
    if WAITING.with(|w| w.borrow().is_some()) {
        return;
    }
    let waited = Cell::new(0);
    let interval = gloo::timers::callback::Interval::new(REVEAL_POLL_MS, move || {
        waited.set(waited.get() + REVEAL_POLL_MS);
        if !first_awaiting() || waited.get() >= REVEAL_WAIT_MAX_MS {
            WAITING.with(|w| w.borrow_mut().take());
            reveal_now(&chapter);
        }
    });
    WAITING.with(|w| *w.borrow_mut() = Some(interval));
}

/// Article B's figure `spec` in chapter `chapter`: its mount, with a loading
/// line until the module first renders the figure there. `remounts` counts
/// the figure's remounts (a prediction applied to it): a new one shows the
/// figure afresh, from the address, as each return to its chapter does (the
/// mount was parked while off the page).
pub fn figure(spec: &FigureSpec, chapter: &str, remounts: u32) -> Html {
    let div = MOUNTS.with(|mounts| {
        let mut mounts = mounts.borrow_mut();
        let wanted = (chapter.to_string(), remounts);
        if let Some(mount) = mounts.iter_mut().find(|m| m.id == spec.id) {
            mount.wanted = wanted;
            return Some(mount.div.clone());
        }
        let div = new_mount(spec.id)?;
        mounts.push(Mount { id: spec.id, div: div.clone(), wanted, shown: None });
        Some(div)
    });
    match div {
        Some(div) => Html::VRef(div.into()),
        None => Html::default(),
    }
}

/// A mount `<div>` with the figure's loading line, in the page's words.
fn new_mount(id: &str) -> Option<web_sys::Element> {
    let document = gloo::utils::document();
    let div = document.create_element("div").ok()?;
    div.set_class_name("vote-mount");
    let figure = document.create_element("figure").ok()?;
    figure.set_id(id);
    figure.set_class_name("lab-figure vote-figure");
    let _ = figure.set_attribute("data-awaiting-module", "");
    let line = document.create_element("p").ok()?;
    line.set_class_name("figure-loading");
    let _ = line.set_attribute("role", "status");
    line.set_text_content(Some(super::page_words::words().vote.controls.loading));
    let _ = figure.append_child(&line);
    let _ = div.append_child(&figure);
    Some(div)
}

/// After each of the app's renders: the mounts on the page show what the
/// page asks (the module loaded first, if it is not yet), and those taken
/// off it are parked.
pub fn sync() {
    let mut park = false;
    let mut show = Vec::new();
    MOUNTS.with(|mounts| {
        for mount in mounts.borrow_mut().iter_mut() {
            if !mount.div.is_connected() {
                park |= mount.shown.take().is_some();
            } else if mount.shown.as_ref() != Some(&mount.wanted) {
                mount.shown = Some(mount.wanted.clone());
                show.push((mount.id, mount.div.clone(), mount.wanted.clone()));
            }
        }
    });
    if park {
        if let Some(module) = lazy_figures::loaded() {
            module.unchecked_into::<MountingModule>().vote_park_detached();
        }
    }
    if show.is_empty() {
        return;
    }
    lazy_figures::load(Callback::from(move |module: Result<FiguresModule, String>| {
        for (id, div, (chapter, generation)) in &show {
            let shown = match &module {
                // The reader left the chapter before the module came: shown when it is back.
                Ok(_) if !div.is_connected() => {
                    forget_shown(id);
                    continue;
                }
                Ok(module) => {
                    module.clone().unchecked_into::<MountingModule>().vote_show(div, id, chapter, *generation)
                }
                Err(why) => Err(JsValue::from_str(why)),
            };
            if let Err(e) = shown {
                forget_shown(id);
                let w = super::page_words::words();
                let why = e.as_string().unwrap_or_default();
                let why = if module.is_ok() { w.fill(w.vote.page.compute_failed, &[("error", &why)]) } else { why };
                show_failure(div, &why);
            }
        }
    }));
}

/// The mount of figure `id` shows nothing the module rendered: the next [`sync`] hands it over again.
fn forget_shown(id: &str) {
    MOUNTS.with(|mounts| {
        if let Some(mount) = mounts.borrow_mut().iter_mut().find(|m| m.id == id) {
            mount.shown = None;
        }
    });
}

/// The mount's figure says why it could not be rendered, in its loading line's place.
fn show_failure(div: &web_sys::Element, why: &str) {
    let document = gloo::utils::document();
    let Ok(line) = document.create_element("p") else { return };
    line.set_class_name("notice figure-loading");
    let _ = line.set_attribute("role", "alert");
    line.set_text_content(Some(why));
    match div.query_selector("figure[data-awaiting-module]").ok().flatten() {
        Some(figure) => {
            figure.set_text_content(None);
            let _ = figure.remove_attribute("data-awaiting-module");
            let _ = figure.append_child(&line);
        }
        None => {
            let _ = div.append_child(&line);
        }
    }
}
