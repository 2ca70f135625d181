//! The typed binding of the lazily loaded `figures` module's exports
//! (src/bin/figures.rs), and its loading ([`import`] loads the `check`
//! module too, src/bin/check.rs).
//!
//! Article B's figures and the export code weigh about as much again as the
//! whole first-load site, and the readers of the lock-lease chapters never
//! need them. So they live in one module that the page imports the first
//! time an Article B figure is shown or a file is asked for ([`load`]). The
//! callers are Article B's components (`super::vote_figure`,
//! `super::crash_matrix`, `super::tap_crash`), which the module renders
//! itself (`super::vote_mount`) and which call its exports through its
//! namespace like any other caller; the site's predictions about Article B
//! figures; and the site's export bar. They pass the module plain values
//! (postcard bytes of shared types, their own canvases) and get plain
//! values back, so nothing of its Rust state crosses over but a numeric
//! handle.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

use crate::figures::plan::VoteSummary;
use crate::figures::vote::{MatrixView, StackFault};
use crate::sim::vote::{FaultKind, StoreProfile, Variant, VoteConfig};

// `js/lazy_module.js`, a classic script of the page (index.html).
#[wasm_bindgen(js_namespace = consistencyLab)]
extern "C" {
    #[wasm_bindgen(js_name = loadModule)]
    fn load_module(name: &str) -> js_sys::Promise;
}

#[wasm_bindgen]
extern "C" {
    /// The `figures` module's namespace object (its exports).
    #[derive(Clone)]
    pub type FiguresModule;

    #[wasm_bindgen(method, catch)]
    fn vote_prepare(this: &FiguresModule, figure_id: &str, config: &[u8]) -> Result<Vec<u8>, JsValue>;
    #[wasm_bindgen(method)]
    fn vote_describe_step(this: &FiguresModule, handle: u32, step: u32) -> String;
    #[wasm_bindgen(method, catch)]
    #[allow(clippy::too_many_arguments)]
    fn vote_draw(
        this: &FiguresModule,
        handle: u32,
        panel: u32,
        canvas: &web_sys::HtmlCanvasElement,
        width_css: f64,
        dpr: f64,
        cursor_us: f64,
        hit: u32,
        scene_step: i32,
    ) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    #[allow(clippy::too_many_arguments)]
    fn vote_point(
        this: &FiguresModule,
        handle: u32,
        panel: u32,
        width_css: f64,
        cursor_us: f64,
        hit: u32,
        x: f64,
        y: f64,
    ) -> String;
    #[wasm_bindgen(method)]
    fn vote_mark_points(this: &FiguresModule, handle: u32, panel: u32, width_css: f64, cursor_us: f64) -> Vec<f64>;
    #[wasm_bindgen(method)]
    fn vote_release(this: &FiguresModule, handle: u32);
    /// A click on an export panel's download or copy button (`web::export_files::on_click`).
    #[wasm_bindgen(method)]
    pub fn panel_click(
        this: &FiguresModule,
        button: &web_sys::Element,
        grid: Option<Vec<u8>>,
        site: Option<js_sys::Function>,
    ) -> js_sys::Promise;
    /// An export panel's share `<details>` opened (`web::export_files::on_share_open`).
    #[wasm_bindgen(method)]
    pub fn share_open(
        this: &FiguresModule,
        details: &web_sys::Element,
        site: Option<js_sys::Function>,
    ) -> js_sys::Promise;
    #[wasm_bindgen(method, catch)]
    fn crash_matrix(this: &FiguresModule, profile: &str, device_honours_sync: bool) -> Result<Vec<u8>, JsValue>;
    #[wasm_bindgen(method, catch)]
    pub fn tap_prepare(this: &FiguresModule, config: &[u8]) -> Result<Vec<u32>, JsValue>;
    #[wasm_bindgen(method, catch)]
    #[allow(clippy::too_many_arguments)]
    pub fn tap_draw(
        this: &FiguresModule,
        handle: u32,
        canvas: &web_sys::HtmlCanvasElement,
        width_css: f64,
        dpr: f64,
        cut: i32,
        fault: &str,
        armed: bool,
    ) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    pub fn tap_cut_at(this: &FiguresModule, handle: u32, width_css: f64, x: f64) -> u32;
    #[wasm_bindgen(method)]
    pub fn tap_describe(this: &FiguresModule, handle: u32, cut: i32, fault: &str) -> String;
    #[wasm_bindgen(method)]
    pub fn tap_crash_config(this: &FiguresModule, handle: u32, cut: u32, fault: &str) -> Vec<u8>;
    #[wasm_bindgen(method)]
    pub fn tap_release(this: &FiguresModule, handle: u32);
    #[wasm_bindgen(method)]
    fn crash_story_config(
        this: &FiguresModule,
        profile: &str,
        device_honours_sync: bool,
        variant: &str,
        cut: u32,
        fault: &str,
    ) -> Option<Vec<u8>>;
}

/// The module's name in `dist/` (`figures.js`, `figures_bg.wasm`).
const MODULE: &str = "figures";

thread_local! {
    static LOADED: RefCell<Option<FiguresModule>> = const { RefCell::new(None) };
}

/// The module, if it has been loaded.
pub fn loaded() -> Option<FiguresModule> {
    LOADED.with(|m| m.borrow().clone())
}

/// Loads the module (once per page; a failed load is tried again on the
/// next call) and hands it, or a message in the page's words, to `done`.
pub fn load(done: Callback<Result<FiguresModule, String>>) {
    if let Some(m) = loaded() {
        done.emit(Ok(m));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        match import(MODULE).await {
            Ok(m) => {
                let m: FiguresModule = m.unchecked_into();
                LOADED.with(|l| *l.borrow_mut() = Some(m.clone()));
                done.emit(Ok(m));
            }
            Err(why) => done.emit(Err(why)),
        }
    });
}

/// Imports the lazily loaded module `name` (`figures`, or `check` for
/// `super::break_it_mount`), initialised, once per page (lazy_module.js
/// keeps it): its namespace object, or a message in the page's words.
pub async fn import(name: &str) -> Result<JsValue, String> {
    wasm_bindgen_futures::JsFuture::from(load_module(name)).await.map_err(|e| {
        let why = e.as_string().or_else(|| js_sys::Error::from(e).message().as_string()).unwrap_or_default();
        let w = super::page_words::words();
        w.fill(w.vote.page.module_failed, &[("why", &why)])
    })
}

fn js_message(e: JsValue) -> String {
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

/// An Article B figure the module ran and keeps: its summary, and a handle
/// for drawing and narrating it. Dropping it lets the module forget it.
pub struct VoteFigureHandle {
    module: FiguresModule,
    handle: u32,
    pub summary: VoteSummary,
}

impl VoteFigureHandle {
    /// Runs figure `figure_id` with `config` in the module.
    pub fn prepare(module: &FiguresModule, figure_id: &str, config: &VoteConfig) -> Result<Self, String> {
        let bytes = postcard::to_allocvec(config).map_err(|e| e.to_string())?;
        let reply = module.vote_prepare(figure_id, &bytes).map_err(js_message)?;
        let (handle, summary): (u32, VoteSummary) =
            postcard::from_bytes(&reply).map_err(|_| "the figure's summary does not decode".to_string())?;
        Ok(VoteFigureHandle { module: module.clone(), handle, summary })
    }

    /// Draws panel `panel` on `canvas` (see the module's `vote_draw`), the
    /// scene at player step `scene_step` ringed.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        panel: u32,
        canvas: &web_sys::HtmlCanvasElement,
        width_css: f64,
        dpr: f64,
        cursor_us: u64,
        hit: StackFault,
        scene_step: Option<usize>,
    ) -> Result<(), String> {
        let hit = StackFault::ALL.iter().position(|f| *f == hit).unwrap_or(0) as u32;
        let scene_step = scene_step.and_then(|s| i32::try_from(s).ok()).unwrap_or(-1);
        // u64::MAX ("the end") goes over as 2^64 and comes back saturated.
        self.module
            .vote_draw(self.handle, panel, canvas, width_css, dpr, cursor_us as f64, hit, scene_step)
            .map_err(js_message)
    }
}

impl VoteFigureHandle {
    /// What the mark under (`x`, `y`) CSS px of `panel` is, in the page's words (`None` off any mark).
    pub fn describe_point(
        &self,
        panel: u32,
        width_css: f64,
        cursor_us: u64,
        hit: StackFault,
        x: f64,
        y: f64,
    ) -> Option<String> {
        let hit = StackFault::ALL.iter().position(|f| *f == hit).unwrap_or(0) as u32;
        let text = self.module.vote_point(self.handle, panel, width_css, cursor_us as f64, hit, x, y);
        (!text.is_empty()).then_some(text)
    }

    /// The centres (CSS px) of `panel`'s marks in reading order.
    pub fn mark_points(&self, panel: u32, width_css: f64, cursor_us: u64) -> Vec<(f64, f64)> {
        let flat = self.module.vote_mark_points(self.handle, panel, width_css, cursor_us as f64);
        flat.chunks_exact(2).map(|p| (p[0], p[1])).collect()
    }
}

impl crate::figures::player::Narrator for VoteFigureHandle {
    fn describe_step(&self, i: usize) -> String {
        self.module.vote_describe_step(self.handle, i as u32)
    }

    /// A story has no marks yet.
    fn describe_mark(&self, _: usize) -> String {
        String::new()
    }
}

impl Drop for VoteFigureHandle {
    fn drop(&mut self) {
        self.module.vote_release(self.handle);
    }
}

/// Figure B2 for `profile` and whether the device honours sync.
pub fn crash_matrix(
    module: &FiguresModule,
    profile: StoreProfile,
    device_honours_sync: bool,
) -> Result<MatrixView, String> {
    let bytes = module.crash_matrix(profile.key(), device_honours_sync).map_err(js_message)?;
    postcard::from_bytes(&bytes).map_err(|_| "the crash-point map does not decode".to_string())
}

/// The story a B2 half-cell opens (see the module's `crash_story_config`).
pub fn crash_story_config(
    module: &FiguresModule,
    profile: StoreProfile,
    device_honours_sync: bool,
    variant: Variant,
    cut: u32,
    fault: FaultKind,
) -> Option<VoteConfig> {
    let bytes = module.crash_story_config(profile.key(), device_honours_sync, variant.code(), cut, fault.key())?;
    postcard::from_bytes(&bytes).ok()
}
