//! `figure_export`: the page's lazily loaded export module (wasm32).
//!
//! Trunk builds this binary as a separate `.wasm` (index.html:
//! `data-type="worker"` with `data-bindgen-target="web"`, so it is neither
//! hashed nor injected into the page). The "퍼가기" panel
//! (`src/web/export_panel.rs`) imports it with a dynamic `import()` the
//! first time a reader asks for a file, so it is not part of the first
//! load. It runs on the page's main thread, not in a Web Worker: plotters
//! measures text through the DOM in wasm, which a worker does not have.
//!
//! Everything here calls `consistency_lab::figures::export`, the code
//! `lab figure` runs natively: the same plan, the same drawing functions,
//! the same caption. The SVG comes from plotters' `SVGBackend`, the PNG
//! from the same painting onto a canvas at 1× or 2×.
//!
//! A sweep figure is not recomputed here: the panel passes the finished grid
//! the `sweep_ui` module holds (a `SweepResult` as postcard bytes, the
//! worker messages' codec, so every float is exact), and the `*_sweep_*`
//! functions draw it with `export::prepare_sweep` or write its cells.

#[cfg(target_arch = "wasm32")]
mod module {
    use consistency_lab::figures::export::{self, ExportError, Format, Prepared, Request};
    use consistency_lab::sweep::{SweepMetric, SweepResult};
    use plotters::prelude::IntoDrawingArea;
    use plotters_canvas::CanvasBackend;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    fn js_error(e: ExportError) -> JsValue {
        match e {
            ExportError::Usage(m) | ExportError::Failure(m) => JsValue::from_str(&m),
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

    /// A new, detached canvas with `prepared` painted onto it.
    fn paint_canvas(prepared: &Prepared) -> Result<web_sys::HtmlCanvasElement, JsValue> {
        let doc = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
        let canvas: web_sys::HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
        canvas.set_width(prepared.size.0);
        canvas.set_height(prepared.size.1);
        let backend = CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2d context")?;
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

    /// A finished grid from `sweep_ui` (postcard bytes of a `SweepResult`).
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
}

/// The module has no start-up work: the panel calls its exports.
fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("figure_export is the site's lazily loaded wasm module, built by Trunk; use `lab figure` natively");
        std::process::exit(2);
    }
}
