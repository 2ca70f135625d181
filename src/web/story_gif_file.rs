//! The export bar's story GIF: the figure's story as an animated GIF,
//! as `lab figure ID --story` makes it (`crate::figures::export::story_gif`),
//! each frame painted by the page's canvas backend.
//!
//! This runs in the lazily loaded `figures` module (`super::export_files`
//! calls [`story_gif()`] for a `story-gif` button). Article B's scenes are
//! drawn here; Article A's drawing code is the site's alone, so its story's
//! pictures are asked of the site's function (`export::remote`'s
//! `StoryShots`), as the other files ask for their drawings.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use crate::figures::export::remote::Remote;
use crate::figures::export::story_gif::{self, STORY_GIF_MAX_BYTES, STORY_WIDTH_PX};
use crate::figures::export::{ExportError, Request};
use crate::figures::recording::Recording;
use crate::figures::theme::Theme;
use crate::web::canvas::replay_on;
use lab_model::registry::{self, FigureSpec};

/// The button's `data-export` kind (its label and title are
/// `lab_words::share::ExportWords::story_gif`).
pub const STORY_GIF_KIND: &str = "story-gif";

/// Whether the figure `id`'s export bar offers the story GIF.
pub fn offers_story_gif(id: &str) -> bool {
    registry::figure(id).is_some_and(story_gif::has_story)
}

/// A failure as the page's status line shows it.
fn message(e: ExportError) -> String {
    match e {
        ExportError::Usage(m) | ExportError::Failure(m) => m,
        ExportError::TooLarge(_) => {
            let w = super::page_words::words();
            let mb = (STORY_GIF_MAX_BYTES / (1024 * 1024)).to_string();
            w.fill(w.share.export.story_too_large, &[("mb", &mb)])
        }
    }
}

fn js_text(e: JsValue) -> String {
    js_sys::Reflect::get(&e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

/// A recording's RGB bytes as the page's canvas paints it (light palette, as every file).
fn canvas_rgb(image: &Recording) -> Result<Vec<u8>, ExportError> {
    let fail = |e: String| ExportError::Failure(e);
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .map_err(|e| fail(js_text(e)))?
        .dyn_into()
        .map_err(|_| fail("no canvas".into()))?;
    canvas.set_width(image.size.0);
    canvas.set_height(image.size.1);
    replay_on(&canvas, image, Theme::Light).map_err(fail)?;
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(|e| fail(js_text(e)))?
        .ok_or_else(|| fail("no 2d context".into()))?
        .dyn_into()
        .map_err(|_| fail("no 2d context".into()))?;
    let rgba = ctx
        .get_image_data(0.0, 0.0, f64::from(image.size.0), f64::from(image.size.1))
        .map_err(|e| fail(js_text(e)))?
        .data();
    Ok(rgba.chunks_exact(4).flat_map(|px| [px[0], px[1], px[2]]).collect())
}

/// The site's address as this page is served (its directory, with its
/// final `/`): the link back the GIF names, as `lab figure` names `LAB_SITE_URL`.
fn page_site() -> String {
    let location = gloo::utils::window().location();
    let path = location.pathname().unwrap_or_default();
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    format!("{}{dir}", location.origin().unwrap_or_default())
}

/// The story GIF of the figure `req` states (its query), linking back to
/// it where this page is served, `site_fn` answering for an Article A figure.
pub fn story_gif(req: &Request, site_fn: Option<js_sys::Function>) -> Result<Vec<u8>, String> {
    let lease = |spec: &'static FigureSpec, width_css: f64| {
        let site_fn = site_fn.clone().ok_or(ExportError::Failure("the page did not hand over the figure".into()))?;
        let ask = move |call: &[u8]| {
            let reply = site_fn.call1(&JsValue::NULL, &js_sys::Uint8Array::from(call)).map_err(js_text)?;
            Ok(js_sys::Uint8Array::new(&reply).to_vec())
        };
        // A run with no moment to tell answers its own sentence, in the page's words.
        Remote::new(Box::new(ask), spec.kind, req.words).story_shots(width_css).map_err(ExportError::Usage)
    };
    let req = Request { time_us: None, site: page_site(), ..req.clone() };
    let frames = story_gif::story_frames_with(&req, STORY_WIDTH_PX, lease).map_err(message)?;
    story_gif::encode(&frames, canvas_rgb).map_err(message)
}
