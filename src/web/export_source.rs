//! Article A's figures for the files the lazily loaded `figures` module
//! makes: only the site's module carries Article A's simulation and drawing
//! code, so when a reader asks an Article A figure for a file or opens its
//! share panel, the site hands the module a function that answers for that
//! figure's state ([`figure_function`]). The module asks it for the body at
//! each width, scale and player time it draws (one call per GIF frame), and
//! for the run's trace and the metric table, which it writes as the trace
//! JSON and the metric CSV (`figures::export::remote`).
//!
//! The figure is planned once per request (again when a blog file asks for
//! its own window, `Call::Window`), from the panel's stated state,
//! exactly as `lab figure` plans it (`export::lease_source`: the query read
//! strictly, the window and ledger line as the page shows them), so the
//! module's SVG is `lab figure`'s, byte for byte.

use std::cell::OnceCell;

use wasm_bindgen::prelude::*;
use web_sys::Element;

use crate::figures::export::remote::{acknowledged, answer, failed, window_of, Call, Reply};
use crate::figures::export::{self, ExportError, Format, Request};
use crate::figures::plan::LeaseFigure;
use crate::sim::lease::wire::PackedTrace;
use lab_model::registry::{self, Scenario};

/// The function answering for one panel's figure; it lives until dropped.
pub type FigureFunction = Closure<dyn FnMut(js_sys::Uint8Array) -> js_sys::Uint8Array>;

/// The panel's stated state, as `lab figure` takes it.
fn request(panel: &Element) -> Request {
    let data = |key: &str| panel.get_attribute(&format!("data-{key}"));
    Request {
        params: data("params"),
        time_us: data("time").and_then(|t| t.parse().ok()),
        window_ms: data("win").and_then(|w| w.parse().ok()),
        reveal_ledger: data("recon").as_deref() != Some("0"),
        ..Request::new(&data("id").unwrap_or_default(), Format::Svg, super::page_words::words())
    }
}

/// The function for `panel`'s figure when it is one of Article A's (`None`
/// for the others, which the module draws itself).
pub fn figure_function(panel: &Element) -> Option<FigureFunction> {
    let mut req = request(panel);
    let spec = registry::figure(&req.id).filter(|s| s.scenario() == Scenario::Lease && s.not_drawn.is_none())?;
    let mut figure: OnceCell<Result<LeaseFigure, String>> = OnceCell::new();
    let respond = move |call: js_sys::Uint8Array| -> js_sys::Uint8Array {
        let call = call.to_vec();
        // A blog file's window: planned again, at the next call.
        if let Some(window_ms) = window_of(&call) {
            req.window_ms = Some(window_ms);
            figure = OnceCell::new();
            return js_sys::Uint8Array::from(acknowledged().as_slice());
        }
        let planned = figure.get_or_init(|| export::lease_figure(spec, &req).map_err(|e| e.message().to_string()));
        let reply = match planned {
            Ok(figure) => answer(figure, &call, |call| {
                let params = req.params.as_deref().unwrap_or_default();
                let data = match call {
                    Call::Trace => export::lease_trace(params).map(|t| Reply::Trace(Box::new(PackedTrace::pack(t)))),
                    Call::MetricColumns => {
                        export::lease_metric_columns(req.words, spec.id, params).map(Reply::MetricColumns)
                    }
                    _ => Err(ExportError::Usage("not a data call".into())),
                };
                data.unwrap_or_else(|e| Reply::Failed(e.message().to_string()))
            }),
            Err(e) => failed(e),
        };
        js_sys::Uint8Array::from(reply.as_slice())
    };
    Some(Closure::wrap(Box::new(respond) as Box<dyn FnMut(js_sys::Uint8Array) -> js_sys::Uint8Array>))
}
