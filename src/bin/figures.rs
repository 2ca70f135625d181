//! `figures`: the site's lazily loaded wasm module (wasm32) for Article B
//! and for files: Article B's figures whole (their components, in a Yew
//! app of the module's own, and their simulation and drawing), and the
//! exports.
//!
//! Trunk builds this binary as a separate `.wasm` (index.html:
//! `data-type="worker"` with `data-bindgen-target="web"`, so it is neither
//! hashed nor injected into the page); the page imports it with a dynamic
//! `import()` (`consistencyLab.loadModule`, src/web/js/lazy_module.js) the
//! first time a reader meets an Article B figure or asks for a file, so the
//! readers of the lock-lease chapters never fetch it. It runs on the page's
//! main thread, not in a Web Worker: plotters measures text through the DOM
//! in wasm, which a worker does not have.
//!
//! - **Article B's components.** The site draws a mount `<div>` where a
//!   chapter places an Article B figure (`web::vote_mount`); `vote_show`
//!   renders the figure's component there (`web::vote_figure::ArticleBFigure`:
//!   the crash map, the tap-to-crash figure, every other vote figure), one
//!   Yew app per mount for the page's life, shown afresh on each return to
//!   its chapter; `vote_park_detached` empties the apps whose mounts left the
//!   page. The components call the exports below through the module's own
//!   namespace (`web::lazy_figures`), as predictions on the site do.
//! - **Article B's figures.** `vote_prepare` runs a figure's plan
//!   (`figures::plan::vote`), keeps the `VoteFigure` under a handle and
//!   returns its `VoteSummary` (postcard bytes: the verdict, the player's
//!   steps, the text alternatives); `vote_draw` draws a panel of it on the
//!   component's canvas at any cursor; `vote_describe_step` narrates a step;
//!   `vote_release` forgets it. `crash_matrix` computes figure B2 as a
//!   `MatrixView` and `crash_story_config` the story a cell opens.
//!   `tap_prepare` runs figure B2-1 (`figures::vote::TapCrash`) and keeps
//!   it under a handle; `tap_draw`, `tap_cut_at`, `tap_describe` and
//!   `tap_crash_config` answer the reader's taps; `tap_release` forgets it.
//! - **Export and sharing.** `panel_click` and `share_open` serve the
//!   export bar and the share (embed) panel the site forwards to them
//!   (`web::export_files`): files from `consistency_lab::figures::export`,
//!   the code `lab figure` runs natively (the same plan, the same drawing
//!   functions, the same caption), and the panel's fields from
//!   `lab_model::share`. A sweep figure is not recomputed here: the site
//!   passes the finished grid it holds (a `SweepResult` as postcard bytes).

#[cfg(target_arch = "wasm32")]
mod module {
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;

    use consistency_lab::figures::plan::{VoteFigure, VotePlan};
    use consistency_lab::figures::vote::{draw_tap_crash, matrix_view_in, tap_time_label, StackFault, TapCrash};
    use consistency_lab::sim::vote::crashpoints::story_config;
    use consistency_lab::sim::vote::{FaultKind, MatrixOptions, StoreProfile, Variant, VoteConfig};
    use consistency_lab::web::canvas::paint_on;
    use consistency_lab::web::page_words::words;
    use consistency_lab::web::vote_figure::{ArticleBFigure, ArticleBProps};
    use lab_model::registry::{figure_of, FigureKind, Scenario};
    use wasm_bindgen::prelude::*;

    /// A click on an export panel's download or copy button: the file made
    /// and handed to the browser, or the text copied, and the panel's status
    /// line says so (`web::export_files::on_click`). `grid` is a sweep
    /// figure's finished grid, from the site's cache; `site` the site's
    /// function answering for an Article A figure (`web::export_source`).
    #[wasm_bindgen]
    pub async fn panel_click(button: web_sys::Element, grid: Option<Vec<u8>>, site: Option<js_sys::Function>) {
        consistency_lab::web::export_files::on_click(button, grid, site).await;
    }

    /// An export panel's share `<details>` opened: its fields, addresses and
    /// blog kit laid out (`web::export_files::on_share_open`).
    #[wasm_bindgen]
    pub async fn share_open(details: web_sys::Element, site: Option<js_sys::Function>) {
        consistency_lab::web::export_files::on_share_open(details, site).await;
    }

    // -----------------------------------------------------------------------
    // Article B's figures' components, in the mounts the site draws (`web::vote_mount`)

    /// The app of a mount `vote_show` was handed, kept for the page's life
    /// (Yew never takes back the listeners an app puts on its root).
    struct MountedApp {
        mount: web_sys::Element,
        app: yew::AppHandle<ArticleBFigure>,
        /// What it shows, or shows no longer while `parked`.
        props: ArticleBProps,
    }

    thread_local! {
        static MOUNTED: RefCell<Vec<MountedApp>> = const { RefCell::new(Vec::new()) };
    }

    /// Shows Article B's figure `id` of chapter `chapter` in `container`
    /// (the site's mount `<div>`, `web::vote_mount`), afresh for each new
    /// `generation` and after being parked: the component reads its state
    /// from the address as it would on the site, and calls this module's
    /// drawing exports. The first time, the mount's loading line gives way to
    /// a Yew app of this module's own. A panic shows the site's error banner,
    /// as one in the site's own module does.
    #[wasm_bindgen]
    pub fn vote_show(container: web_sys::Element, id: &str, chapter: &str, generation: u32) {
        consistency_lab::web::install_panic_hook();
        consistency_lab::web::embed::follow_site();
        let props =
            ArticleBProps { id: id.to_string().into(), chapter: chapter.to_string().into(), generation, parked: false };
        let shown = MOUNTED.with(|m| {
            let mut mounted = m.borrow_mut();
            let it = mounted.iter_mut().find(|it| it.mount == container)?;
            it.props = props.clone();
            it.app.update(props.clone());
            Some(())
        });
        if shown.is_none() {
            keep_subtree_ids_apart();
            container.set_text_content(None);
            let app = yew::Renderer::<ArticleBFigure>::with_root_and_props(container.clone(), props.clone()).render();
            MOUNTED.with(|m| m.borrow_mut().push(MountedApp { mount: container, app, props }));
        }
    }

    /// Parks the apps whose mounts the site's app took off the page (the
    /// reader went to another chapter): each shows nothing, so its figure's
    /// timers and listeners are gone, until `vote_show` shows it again.
    #[wasm_bindgen]
    pub fn vote_park_detached() {
        MOUNTED.with(|m| {
            for it in m.borrow_mut().iter_mut().filter(|it| !it.props.parked && !it.mount.is_connected()) {
                it.props.parked = true;
                it.app.update(it.props.clone());
            }
        });
    }

    /// Yew numbers each app's subtree from 1 in every wasm module, and brands
    /// every element it renders with that number; the site's app is its
    /// module's first, number 1. An app of this module nested inside it with
    /// the same number would have the site's app handle its elements'
    /// events. So before its first figure, this module spends its own number
    /// 1 on an app it destroys at once: its figures' apps are 2 and on. (The
    /// site's other subtrees, its portals, never hold a mount, so the two
    /// apps never meet on one event's path there.)
    fn keep_subtree_ids_apart() {
        thread_local! {
            static APART: Cell<bool> = const { Cell::new(false) };
        }
        if APART.with(|a| a.replace(true)) {
            return;
        }
        if let Ok(spent) = gloo::utils::document().create_element("div") {
            yew::Renderer::<Spent>::with_root(spent).render().destroy();
        }
    }

    /// The app [`keep_subtree_ids_apart`] renders and destroys.
    #[yew::function_component(Spent)]
    fn spent() -> yew::Html {
        yew::Html::default()
    }

    // -----------------------------------------------------------------------
    // Article B's figures, for `web::vote_figure` and `web::crash_matrix`

    thread_local! {
        /// The figures `vote_prepare` ran, by handle, until `vote_release`.
        static VOTE_FIGURES: RefCell<HashMap<u32, VoteFigure>> = RefCell::new(HashMap::new());
        static NEXT_HANDLE: Cell<u32> = const { Cell::new(1) };
    }

    fn decode_error(what: &str) -> JsValue {
        JsValue::from_str(&format!("{what} does not decode"))
    }

    /// Runs Article B's figure `figure_id` with `config` (postcard bytes of a
    /// `VoteConfig`) and keeps it; returns postcard bytes of
    /// `(handle, VoteSummary)`.
    #[wasm_bindgen]
    pub fn vote_prepare(figure_id: &str, config: &[u8]) -> Result<Vec<u8>, JsValue> {
        let spec = figure_of(Scenario::Vote, figure_id)
            .filter(|f| f.kind != FigureKind::CrashMatrix)
            .ok_or_else(|| JsValue::from_str("not an Article B timeline"))?;
        let config: VoteConfig = postcard::from_bytes(config).map_err(|_| decode_error("the vote config"))?;
        let figure = VotePlan::with_words(spec, config, words()).run();
        let summary = figure.summary();
        let handle = NEXT_HANDLE.with(|n| {
            let h = n.get();
            n.set(h.wrapping_add(1).max(1));
            h
        });
        VOTE_FIGURES.with(|m| m.borrow_mut().insert(handle, figure));
        postcard::to_allocvec(&(handle, summary)).map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// What step `step` of figure `handle`'s story is, in the page's words.
    #[wasm_bindgen]
    pub fn vote_describe_step(handle: u32, step: u32) -> String {
        VOTE_FIGURES.with(|m| m.borrow().get(&handle).map(|f| f.describe_step(step as usize)).unwrap_or_default())
    }

    /// Draws panel `panel` of figure `handle` on `canvas`, `width_css` CSS px
    /// wide at `dpr` (sizing the canvas for it): nothing after `cursor_us`
    /// (saturating; `u64::MAX` is the end), the mark of the story's scene at
    /// player step `scene_step` ringed (-1: none), and B6 with `hit` (an
    /// index of `StackFault::ALL`) applied.
    #[wasm_bindgen]
    #[allow(clippy::too_many_arguments)]
    pub fn vote_draw(
        handle: u32,
        panel: u32,
        canvas: web_sys::HtmlCanvasElement,
        width_css: f64,
        dpr: f64,
        cursor_us: f64,
        hit: u32,
        scene_step: i32,
    ) -> Result<(), JsValue> {
        VOTE_FIGURES.with(|m| {
            let figures = m.borrow();
            let figure = figures.get(&handle).ok_or_else(|| JsValue::from_str("no such figure"))?;
            let height = figure.panel_heights_css(width_css).get(panel as usize).copied().unwrap_or(0.0);
            let fault = StackFault::ALL.get(hit as usize).copied().unwrap_or(StackFault::None);
            let scene_step = usize::try_from(scene_step).ok();
            paint_on(&canvas, width_css, height, dpr, |root| {
                figure.draw_panel(root, panel as usize, cursor_us as u64, fault, dpr, scene_step)
            })
            .map_err(|e| JsValue::from_str(&e))
        })
    }

    /// What the mark under (`x`, `y`) CSS px of panel `panel` is (figure
    /// `handle` drawn `width_css` wide at `cursor_us`, B7 with `hit`), in
    /// the page's words; empty off any mark.
    #[wasm_bindgen]
    pub fn vote_point(handle: u32, panel: u32, width_css: f64, cursor_us: f64, hit: u32, x: f64, y: f64) -> String {
        VOTE_FIGURES.with(|m| {
            let figures = m.borrow();
            let fault = StackFault::ALL.get(hit as usize).copied().unwrap_or(StackFault::None);
            figures
                .get(&handle)
                .and_then(|f| f.describe_point(panel as usize, width_css, cursor_us as u64, fault, x, y))
                .unwrap_or_default()
        })
    }

    /// The centres of panel `panel`'s marks (x, y, x, y, … CSS px), in reading order: the keyboard's stops.
    #[wasm_bindgen]
    pub fn vote_mark_points(handle: u32, panel: u32, width_css: f64, cursor_us: f64) -> Vec<f64> {
        VOTE_FIGURES.with(|m| {
            let figures = m.borrow();
            figures
                .get(&handle)
                .map(|f| f.mark_points(panel as usize, width_css, cursor_us as u64))
                .unwrap_or_default()
                .into_iter()
                .flat_map(|(x, y)| [x, y])
                .collect()
        })
    }

    /// Forgets figure `handle` (its component re-ran or left the page).
    #[wasm_bindgen]
    pub fn vote_release(handle: u32) {
        VOTE_FIGURES.with(|m| m.borrow_mut().remove(&handle));
    }

    // -----------------------------------------------------------------------
    // Figure B2-1 `tap-crash`, for `web::tap_crash`

    thread_local! {
        /// The tap-to-crash figures `tap_prepare` ran, by handle, until `tap_release`.
        static TAP_FIGURES: RefCell<HashMap<u32, TapCrash>> = RefCell::new(HashMap::new());
    }

    fn with_tap<T>(handle: u32, f: impl FnOnce(&TapCrash) -> T) -> Option<T> {
        TAP_FIGURES.with(|m| m.borrow().get(&handle).map(f))
    }

    fn fault_of(key: &str) -> FaultKind {
        FaultKind::from_key(key).unwrap_or(FaultKind::Kill)
    }

    /// Runs the tap-to-crash figure for `config` (postcard bytes of a
    /// `VoteConfig`: its order, store and device; a crash in it names the
    /// stretch to show) and keeps it; returns `[handle, stretches, chosen
    /// stretch + 1 or 0]`.
    #[wasm_bindgen]
    pub fn tap_prepare(config: &[u8]) -> Result<Vec<u32>, JsValue> {
        let config: VoteConfig = postcard::from_bytes(config).map_err(|_| decode_error("the vote config"))?;
        let figure = TapCrash::new(&config, words());
        let chosen =
            figure.cut_of(&config).filter(|_| config.crash_after_events.is_some() || config.crash_at_ms.is_some());
        let handle = NEXT_HANDLE.with(|n| {
            let h = n.get();
            n.set(h.wrapping_add(1).max(1));
            h
        });
        let reply = vec![handle, figure.cuts.len() as u32, chosen.map_or(0, |c| c as u32 + 1)];
        TAP_FIGURES.with(|m| m.borrow_mut().insert(handle, figure));
        Ok(reply)
    }

    /// Draws figure `handle` on `canvas`, `width_css` wide at `dpr`: stretch
    /// `cut` (-1: none) struck by `fault` (a key) when `armed`, else only
    /// marked as the keyboard's instant.
    #[wasm_bindgen]
    pub fn tap_draw(
        handle: u32,
        canvas: web_sys::HtmlCanvasElement,
        width_css: f64,
        dpr: f64,
        cut: i32,
        fault: &str,
        armed: bool,
    ) -> Result<(), JsValue> {
        let cut = usize::try_from(cut).ok();
        let fault = fault_of(fault);
        with_tap(handle, |f| {
            paint_on(&canvas, width_css, TapCrash::height_css(width_css), dpr, |root| {
                draw_tap_crash(root, f, cut, fault, armed, dpr)
            })
            .map_err(|e| JsValue::from_str(&e))
        })
        .unwrap_or_else(|| Err(JsValue::from_str("no such figure")))
    }

    /// The stretch under `x` CSS px of figure `handle` drawn `width_css` wide.
    #[wasm_bindgen]
    pub fn tap_cut_at(handle: u32, width_css: f64, x: f64) -> u32 {
        with_tap(handle, |f| f.cut_at_x(width_css, x) as u32).unwrap_or(0)
    }

    /// What happened at stretch `cut` (-1: none chosen) under `fault`: the
    /// verdict's key, a tab, the time, a tab and the text alternative.
    #[wasm_bindgen]
    pub fn tap_describe(handle: u32, cut: i32, fault: &str) -> String {
        let fault = fault_of(fault);
        with_tap(handle, |f| {
            let cut = usize::try_from(cut).ok();
            let verdict = cut.map_or("none", |c| f.outcome(c, fault).verdict.key());
            let time = cut.and_then(|c| f.cuts.get(c)).map_or(String::new(), |c| tap_time_label(c.start_us));
            format!("{verdict}\t{time}\t{}", f.describe(cut, fault))
        })
        .unwrap_or_default()
    }

    /// Postcard bytes of the `VoteConfig` that replays stretch `cut` under `fault` (the permalink's state).
    #[wasm_bindgen]
    pub fn tap_crash_config(handle: u32, cut: u32, fault: &str) -> Vec<u8> {
        let fault = fault_of(fault);
        with_tap(handle, |f| postcard::to_allocvec(&f.crash_config(cut as usize, fault)).unwrap_or_default())
            .unwrap_or_default()
    }

    /// Forgets tap-to-crash figure `handle`.
    #[wasm_bindgen]
    pub fn tap_release(handle: u32) {
        TAP_FIGURES.with(|m| m.borrow_mut().remove(&handle));
    }

    /// Figure B2 for store profile `profile` (a key) and whether the device
    /// honours sync: postcard bytes of a `MatrixView`.
    #[wasm_bindgen]
    pub fn crash_matrix(profile: &str, device_honours_sync: bool) -> Result<Vec<u8>, JsValue> {
        let profile = StoreProfile::from_key(profile).ok_or_else(|| JsValue::from_str("unknown store profile"))?;
        postcard::to_allocvec(&matrix_view_in(profile, device_honours_sync, words()))
            .map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// The story a B2 half-cell opens: postcard bytes of the `VoteConfig`
    /// that replays `variant` (a code) cut after position `cut` by `fault`
    /// (a key), or `None` when there is no such cut.
    #[wasm_bindgen]
    pub fn crash_story_config(
        profile: &str,
        device_honours_sync: bool,
        variant: &str,
        cut: u32,
        fault: &str,
    ) -> Option<Vec<u8>> {
        let profile = StoreProfile::from_key(profile)?;
        let config = story_config(
            Variant::from_code(variant)?,
            cut,
            FaultKind::from_key(fault)?,
            &MatrixOptions::new(profile, device_honours_sync),
        )?;
        postcard::to_allocvec(&config).ok()
    }
}

/// The module has no start-up work: the page calls its exports.
fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("figures is the site's lazily loaded wasm module, built by Trunk; use `lab figure` natively");
        std::process::exit(2);
    }
}
