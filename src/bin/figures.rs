//! `figures`: the site's one lazily loaded wasm module (wasm32), plain
//! functions with no user interface of their own.
//!
//! Trunk builds this binary as a separate `.wasm` (index.html:
//! `data-type="worker"` with `data-bindgen-target="web"`, so it is neither
//! hashed nor injected into the page); the page imports it with a dynamic
//! `import()` (`consistencyLab.loadModule`, src/web/js/lazy_module.js) the
//! first time a reader meets an Article B figure or asks for a file, so the
//! readers of the lock-lease chapters never fetch it. It runs on the page's
//! main thread, not in a Web Worker: plotters measures text through the DOM
//! in wasm, which a worker does not have. Its components live in the site's
//! one Yew app and call it through `web::lazy_figures`.
//!
//! - **Article B's figures.** `vote_prepare` runs a figure's plan
//!   (`figures::plan::vote`), keeps the [`VoteFigure`] under a handle and
//!   returns its [`VoteSummary`] (postcard bytes: the verdict, the player's
//!   steps, the text alternatives); `vote_draw` draws a panel of it on the
//!   component's canvas at any cursor; `vote_describe_step` narrates a step;
//!   `vote_release` forgets it. `crash_matrix` computes figure B2 as a
//!   [`MatrixView`] and `crash_story_config` the story a cell opens.
//! - **Export.** Everything else calls `consistency_lab::figures::export`,
//!   the code `lab figure` runs natively: the same plan, the same drawing
//!   functions, the same caption. The SVG comes from plotters'
//!   `SVGBackend`, the PNG from the same painting onto a canvas at 1× or 2×,
//!   the GIF from that canvas frame by frame (`export::gif`).
//!   A sweep figure is not recomputed here: the export panel passes the
//!   finished grid the site holds (a `SweepResult` as postcard bytes, the
//!   worker messages' codec, so every float is exact), and the `*_sweep_*`
//!   functions draw it with `export::prepare_sweep` or write its cells.
//! - **Sharing.** `share_kit` gives the 퍼가기 panel its fields, addresses
//!   and blog kit (`lab_model::share`), sized by the figure's file.

#[cfg(target_arch = "wasm32")]
mod module {
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;

    use consistency_lab::figures::export::{self, ExportError, Format, Prepared, Request};
    use consistency_lab::figures::plan::{VoteFigure, VotePlan};
    use consistency_lab::figures::vote::{matrix_view, StackFault};
    use consistency_lab::sim::vote::crashpoints::story_config;
    use consistency_lab::sim::vote::{FaultKind, MatrixOptions, StoreProfile, Variant, VoteConfig};
    use consistency_lab::web::canvas::{area_on, page_canvas};
    use lab_model::params::SweepMetric;
    use lab_model::registry::{figure_of, FigureKind, Scenario};
    use lab_model::share::{self, ShareRequest};
    use lab_model::sweep::SweepResult;
    use plotters::prelude::IntoDrawingArea;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    fn js_error(e: ExportError) -> JsValue {
        match e {
            ExportError::Usage(m) | ExportError::Failure(m) => JsValue::from_str(&m),
            // The page shows this one as it is: say it in Korean, with what to change.
            ExportError::TooLarge(_) => JsValue::from_str(&format!(
                "GIF가 너무 큽니다 (최대 {} MB). 프레임 수를 줄이거나 창을 좁혀 그림 폭을 줄여 주세요.",
                export::gif::GIF_MAX_BYTES / (1024 * 1024)
            )),
        }
    }

    fn request(
        id: &str,
        params: &str,
        width: u32,
        time_us: Option<f64>,
        window_ms: Option<u32>,
        recon: bool,
        scale: f64,
    ) -> Request {
        Request {
            params: Some(params.to_string()),
            width: width.clamp(export::WIDTH_RANGE.0, export::WIDTH_RANGE.1),
            time_us: time_us.filter(|t| t.is_finite() && *t >= 0.0).map(|t| t as u64),
            window_ms,
            reveal_ledger: recon,
            scale,
            ..Request::new(id, Format::Svg)
        }
    }

    /// The figure as an SVG document, exactly as `lab figure … --out F.svg` draws it.
    #[wasm_bindgen]
    pub fn render_svg(
        id: &str,
        params: &str,
        width: u32,
        time_us: Option<f64>,
        window_ms: Option<u32>,
        recon: bool,
    ) -> Result<String, JsValue> {
        export::render_svg(&request(id, params, width, time_us, window_ms, recon, 1.0)).map_err(js_error)
    }

    /// A new, detached canvas with `prepared` painted onto it. Through the
    /// page's own canvas backend (`PageCanvas`, the same pixels as
    /// plotters-canvas's, `tests/wasm.rs`), so that Article B's drawing code
    /// is in this module once, shared with `vote_draw`.
    fn paint_canvas(prepared: &Prepared) -> Result<web_sys::HtmlCanvasElement, JsValue> {
        let doc = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
        let canvas: web_sys::HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        canvas.set_width(prepared.size.0);
        canvas.set_height(prepared.size.1);
        // A file keeps its own palette (light), whatever the page's colour scheme.
        let backend = page_canvas(canvas.clone(), prepared.theme).ok_or("no 2d context")?;
        let root = backend.into_drawing_area();
        prepared.paint(&root).map_err(js_error)?;
        root.present().map_err(|e| JsValue::from_str(&format!("{e:?}")))?;
        Ok(canvas)
    }

    /// The figure painted onto a new, detached canvas at `scale` device pixels per CSS pixel.
    #[wasm_bindgen]
    pub fn render_canvas(
        id: &str,
        params: &str,
        width: u32,
        time_us: Option<f64>,
        window_ms: Option<u32>,
        recon: bool,
        scale: f64,
    ) -> Result<web_sys::HtmlCanvasElement, JsValue> {
        paint_canvas(&export::prepare(&request(id, params, width, time_us, window_ms, recon, scale)).map_err(js_error)?)
    }

    /// The height in CSS px of the figure's file at `width` (drawing, legend
    /// and caption): the 퍼가기 panel sizes a figure-only embed's `<iframe>` by it.
    #[wasm_bindgen]
    pub fn file_height(
        id: &str,
        params: &str,
        width: u32,
        time_us: Option<f64>,
        window_ms: Option<u32>,
        recon: bool,
    ) -> Result<u32, JsValue> {
        Ok(export::prepare(&request(id, params, width, time_us, window_ms, recon, 1.0)).map_err(js_error)?.size.1)
    }

    /// The 퍼가기 panel of a figure in its current state, as JSON
    /// (`lab_model::share`: every field, address and blog-kit step): the
    /// page's script lays it out. `request` is a [`ShareRequest`] as a query
    /// string ([`ShareRequest::from_query`]);
    /// a figure-only embed is sized by the figure's file at its width, for
    /// a drawn figure whose `params` the panel states.
    #[wasm_bindgen]
    pub fn share_kit(
        request: &str,
        params: Option<String>,
        time_us: Option<f64>,
        window_ms: Option<u32>,
        recon: bool,
    ) -> Result<String, JsValue> {
        let mut request = ShareRequest::from_query(request);
        request.static_embed = export::figure_list().iter().any(|f| f.id == request.figure);
        let width = share::BARE_WIDTH - 16;
        let bare_height = match params.filter(|_| request.bareable) {
            Some(params) => Some(file_height(&request.figure, &params, width, time_us, window_ms, recon)?),
            None => None,
        };
        Ok(share::share_kit(&request, bare_height).to_json())
    }

    /// The RGB bytes of `prepared` as the page's canvas paints it.
    fn canvas_rgb(prepared: &Prepared) -> Result<Vec<u8>, JsValue> {
        let canvas = paint_canvas(prepared)?;
        let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
        let rgba = ctx.get_image_data(0.0, 0.0, f64::from(prepared.size.0), f64::from(prepared.size.1))?.data();
        Ok(rgba.chunks_exact(4).flat_map(|px| [px[0], px[1], px[2]]).collect())
    }

    /// The figure as an animated GIF of `frames` frames at `fps`, as `lab
    /// figure … --animate --out F.gif` makes it, from the page's canvas
    /// (its fonts): the player's cursor sweeps the visible span, the last
    /// frame is the whole figure. The same state gives the same bytes.
    #[wasm_bindgen]
    pub fn render_gif(
        id: &str,
        params: &str,
        width: u32,
        window_ms: Option<u32>,
        recon: bool,
        frames: u32,
        fps: u32,
    ) -> Result<Vec<u8>, JsValue> {
        let req = request(id, params, width, None, window_ms, recon, 1.0);
        let mut prepared = export::prepare(&req).map_err(js_error)?;
        let span_us = prepared.animation_span_us(&req, frames, fps).map_err(js_error)?;
        export::gif::check_gif_size(prepared.size, frames).map_err(js_error)?;
        prepared.set_frame(span_us, frames - 1, frames);
        let mut writer = export::gif::GifWriter::new(prepared.size, fps, &canvas_rgb(&prepared)?).map_err(js_error)?;
        for i in 0..frames {
            prepared.set_frame(span_us, i, frames);
            writer.push(&canvas_rgb(&prepared)?).map_err(js_error)?;
        }
        writer.finish().map_err(js_error)
    }

    /// A finished grid from the site's sweep cache (postcard bytes of a `SweepResult`).
    fn grid(bytes: JsValue) -> Result<SweepResult, JsValue> {
        let bytes = bytes.dyn_into::<js_sys::Uint8Array>().map_err(|_| JsValue::from_str("no computed grid"))?;
        postcard::from_bytes(&bytes.to_vec()).map_err(|_| JsValue::from_str("the computed grid does not decode"))
    }

    fn sweep_prepared(bytes: JsValue, metric: &str, width: u32, scale: f64) -> Result<Prepared, JsValue> {
        let metric = SweepMetric::from_key(metric).unwrap_or(SweepMetric::OverApproval);
        let width = width.clamp(export::WIDTH_RANGE.0, export::WIDTH_RANGE.1);
        export::prepare_sweep(grid(bytes)?, metric, width, scale).map_err(js_error)
    }

    /// A sweep heatmap of the computed grid as SVG, as `lab figure ID --params "KEY&metric=M" --width W` draws it.
    #[wasm_bindgen]
    pub fn render_sweep_svg(grid: JsValue, metric: &str, width: u32) -> Result<String, JsValue> {
        sweep_prepared(grid, metric, width, 1.0)?.svg().map_err(js_error)
    }

    /// A sweep heatmap of the computed grid on a new canvas at `scale`.
    #[wasm_bindgen]
    pub fn render_sweep_canvas(
        grid: JsValue,
        metric: &str,
        width: u32,
        scale: f64,
    ) -> Result<web_sys::HtmlCanvasElement, JsValue> {
        paint_canvas(&sweep_prepared(grid, metric, width, scale)?)
    }

    /// The grid's cells as `lab sweep ID --params KEY --format json` prints them.
    #[wasm_bindgen]
    pub fn sweep_grid_json(grid: JsValue) -> Result<String, JsValue> {
        Ok(self::grid(grid)?.grid_json())
    }

    /// The grid's cells as CSV, one row per cell.
    #[wasm_bindgen]
    pub fn sweep_cells_csv(grid: JsValue) -> Result<String, JsValue> {
        Ok(self::grid(grid)?.cells_csv())
    }

    /// The figure's run as `lab run --params QUERY --trace FILE` writes it.
    #[wasm_bindgen]
    pub fn trace_json(id: &str, params: &str) -> Result<String, JsValue> {
        export::trace_json(id, params).map_err(js_error)
    }

    /// The figure's metric table as CSV.
    #[wasm_bindgen]
    pub fn metrics_csv(id: &str, params: &str) -> Result<String, JsValue> {
        export::metrics_csv(id, params).map_err(js_error)
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
        let figure = VotePlan::new(spec, config).run();
        let summary = figure.summary();
        let handle = NEXT_HANDLE.with(|n| {
            let h = n.get();
            n.set(h.wrapping_add(1).max(1));
            h
        });
        VOTE_FIGURES.with(|m| m.borrow_mut().insert(handle, figure));
        postcard::to_allocvec(&(handle, summary)).map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// What step `step` of figure `handle`'s story is, in Korean.
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
            let root = area_on(&canvas, width_css, height, dpr).ok_or_else(|| JsValue::from_str("no 2d context"))?;
            let fault = StackFault::ALL.get(hit as usize).copied().unwrap_or(StackFault::None);
            let scene_step = usize::try_from(scene_step).ok();
            let result = figure.draw_panel(&root, panel as usize, cursor_us as u64, fault, dpr, scene_step);
            let _ = root.present();
            result.map_err(|e| JsValue::from_str(&format!("{e:?}")))
        })
    }

    /// What the mark under (`x`, `y`) CSS px of panel `panel` is (figure
    /// `handle` drawn `width_css` wide at `cursor_us`, B7 with `hit`), in
    /// Korean; empty off any mark.
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

    /// Figure B2 for store profile `profile` (a key) and whether the device
    /// honours sync: postcard bytes of a `MatrixView`.
    #[wasm_bindgen]
    pub fn crash_matrix(profile: &str, device_honours_sync: bool) -> Result<Vec<u8>, JsValue> {
        let profile = StoreProfile::from_key(profile).ok_or_else(|| JsValue::from_str("unknown store profile"))?;
        postcard::to_allocvec(&matrix_view(profile, device_honours_sync)).map_err(|e| JsValue::from_str(&e.to_string()))
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
