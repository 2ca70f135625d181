//! The export bar's files and the share panel's fields, made when a reader
//! asks for them. This runs in the lazily loaded `figures` module (its two
//! exports in src/bin/figures.rs call [`on_click`] and [`on_share_open`]),
//! never in the site's: the site only forwards the click or the panel's
//! opening (`super::export_panel`), with a sweep's finished grid or, for
//! an Article A figure, a function that answers for it
//! (`super::export_source`): this module carries neither Article A's
//! simulation nor its drawing code, and asks the site for the drawing (a
//! recording) at each size and player time it needs.
//!
//! The files come from `crate::figures::export`, the code behind `lab
//! figure`: the SVG replayed onto the files' SVG writer (`figures::svg`), the PNG the same
//! recording replayed onto a canvas at 1× or 2× (through the page's canvas
//! backend), the GIF from that canvas frame by frame. A sweep is never
//! recomputed: its grid arrives as
//! postcard bytes (every float exact) and is drawn with
//! `export::prepare_sweep`. The panel opens with the blog files
//! (`lab figure --layout blog|blog-phone`: the same state 720 or 390 px
//! wide, text at least 13 px, the link back drawn in; `add_blog_files`),
//! which this module adds, so the site's first load does not carry them.
//! The panel's words come from `lab_words::share`, its addresses from
//! `lab_model::share`; this lays them out, as text (textarea values, text
//! nodes), never markup. A download is handed to the browser through an
//! `<a download>`; the status line says what the page knows, which is that
//! it asked (in a sandboxed frame the host may refuse downloads).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, Element, HtmlCanvasElement};

use crate::figures::export::remote::Remote;
use crate::figures::export::{self, ExportError, FigureSource, Format, Layout, Prepared, Request};
use crate::web::canvas::replay_on;
use lab_model::params::SweepMetric;
use lab_model::registry::{self, Scenario};
use lab_model::share::{self, ShareRequest};
use lab_model::sweep::SweepResult;
use lab_words::share::{Field, Platform};

/// An export failure as the page's status line shows it.
fn message(e: ExportError) -> String {
    match e {
        ExportError::Usage(m) | ExportError::Failure(m) => m,
        // The page shows this one as it is: say it in the page's words, with what to change.
        ExportError::TooLarge(_) => {
            let w = super::page_words::words();
            let mb = (export::gif::GIF_MAX_BYTES / (1024 * 1024)).to_string();
            w.fill(w.share.export.gif_too_large, &[("mb", &mb)])
        }
    }
}

/// A browser call's failure as text.
fn js_text(e: JsValue) -> String {
    js_sys::Reflect::get(&e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

/// What the panel states about its figure (`super::export_panel::PanelData`).
#[derive(Clone)]
struct PanelState {
    id: String,
    params: Option<String>,
    time_us: Option<u64>,
    window_ms: Option<u32>,
    recon: bool,
    /// The page's layout, or a blog's (a `blog-…` button).
    layout: Layout,
}

/// A button's kind read as a layout and a file kind: `blog-phone-png` is
/// the phone-first blog layout's PNG, `blog-svg` the blog's SVG, `png` the page's.
fn layout_of(kind: &str) -> (Layout, &str) {
    match (kind.strip_prefix("blog-phone-"), kind.strip_prefix("blog-")) {
        (Some(file), _) => (Layout::BlogPhone, file),
        (None, Some(file)) => (Layout::Blog, file),
        (None, None) => (Layout::Page, kind),
    }
}

/// The site's public address as this page is served (its directory, with
/// its final `/`), which a blog file's attribution names, as `lab figure`
/// names `LAB_SITE_URL`.
fn site_address() -> String {
    let location = gloo::utils::window().location();
    let path = location.pathname().unwrap_or_default();
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    format!("{}{dir}", location.origin().unwrap_or_default())
}

impl PanelState {
    fn of(panel: &Element) -> PanelState {
        let data = |key: &str| panel.get_attribute(&format!("data-{key}"));
        PanelState {
            id: data("id").unwrap_or_default(),
            params: data("params"),
            time_us: data("time").and_then(|t| t.parse().ok()),
            window_ms: data("win").and_then(|w| w.parse().ok()),
            recon: data("recon").as_deref() != Some("0"),
            layout: Layout::Page,
        }
    }

    fn request(&self, width: u32, scale: f64) -> Request {
        Request {
            params: self.params.clone(),
            width: width.clamp(export::WIDTH_RANGE.0, export::WIDTH_RANGE.1),
            time_us: self.time_us,
            window_ms: self.window_ms,
            reveal_ledger: self.recon,
            scale,
            layout: self.layout,
            site: if self.layout == Layout::Page { String::new() } else { site_address() },
            ..Request::new(&self.id, Format::Svg, super::page_words::words())
        }
    }
}

/// The site's function that answers for an Article A figure (`web::export_source`).
type SiteFunction = Option<js_sys::Function>;

/// Who draws the panel's figure: the site, through its function, for
/// Article A (whose drawing code only the site's module carries); this
/// module for Article B.
fn source(req: &Request, site: &SiteFunction) -> Result<Box<dyn FigureSource>, String> {
    match registry::figure(&req.id).map(|s| s.scenario()) {
        Some(Scenario::Lease) => Ok(Box::new(remote(req, site)?)),
        _ => Ok(export::vote_source(req).map_err(message)?),
    }
}

/// The site's function as a figure source.
fn remote(req: &Request, site: &SiteFunction) -> Result<Remote, String> {
    let kind = registry::figure(&req.id).ok_or("unknown figure")?.kind;
    let site = site.clone().ok_or("the page did not hand over the figure")?;
    let ask = move |call: &[u8]| {
        let reply = site.call1(&JsValue::NULL, &js_sys::Uint8Array::from(call)).map_err(js_text)?;
        Ok(js_sys::Uint8Array::new(&reply).to_vec())
    };
    Ok(Remote::new(Box::new(ask), kind, req.words))
}

/// A file of the panel's figure, `width` CSS px wide at `scale`.
fn prepare(state: &PanelState, site: &SiteFunction, width: u32, scale: f64) -> Result<Prepared, String> {
    let req = state.request(width, scale);
    export::prepare_with(&req, source(&req, site)?).map_err(message)
}

/// A new, detached canvas with `prepared` painted onto it, through the
/// page's own canvas backend (`PageCanvas`, the same pixels as
/// plotters-canvas's, `tests/wasm.rs`). A file keeps its own palette
/// (light), whatever the page's colour scheme.
fn paint_canvas(prepared: &Prepared) -> Result<HtmlCanvasElement, String> {
    let canvas: HtmlCanvasElement = gloo::utils::document()
        .create_element("canvas")
        .map_err(js_text)?
        .dyn_into()
        .map_err(|_| "no canvas".to_string())?;
    canvas.set_width(prepared.size.0);
    canvas.set_height(prepared.size.1);
    replay_on(&canvas, &prepared.record().map_err(message)?, prepared.theme)?;
    Ok(canvas)
}

/// The RGB bytes of `prepared` as the page's canvas paints it.
fn canvas_rgb(prepared: &Prepared) -> Result<Vec<u8>, String> {
    let canvas = paint_canvas(prepared)?;
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(js_text)?
        .ok_or("no 2d context")?
        .dyn_into()
        .map_err(|_| "no 2d context".to_string())?;
    let size = (f64::from(prepared.size.0), f64::from(prepared.size.1));
    let rgba = ctx.get_image_data(0.0, 0.0, size.0, size.1).map_err(js_text)?.data();
    Ok(rgba.chunks_exact(4).flat_map(|px| [px[0], px[1], px[2]]).collect())
}

/// The figure as an animated GIF of `frames` frames at `fps`, as `lab
/// figure … --animate --out F.gif` makes it, from the page's canvas (its
/// fonts): the player's cursor sweeps the visible span, the last frame is
/// the whole figure. The same state gives the same bytes.
fn render_gif(state: &PanelState, site: &SiteFunction, width: u32, frames: u32, fps: u32) -> Result<Vec<u8>, String> {
    let req = Request { time_us: None, ..state.request(width, 1.0) };
    let mut prepared = export::prepare_with(&req, source(&req, site)?).map_err(message)?;
    let span_us = prepared.animation_span_us(&req, frames, fps).map_err(message)?;
    export::gif::check_gif_size(prepared.size, frames).map_err(message)?;
    prepared.set_frame(span_us, frames - 1, frames);
    let mut writer = export::gif::GifWriter::new(prepared.size, fps, &canvas_rgb(&prepared)?).map_err(message)?;
    for i in 0..frames {
        prepared.set_frame(span_us, i, frames);
        writer.push(&canvas_rgb(&prepared)?).map_err(message)?;
    }
    writer.finish().map_err(message)
}

/// The file a download button asks for: its bytes or text, type and name.
struct File {
    body: FileBody,
    mime: &'static str,
    name: String,
}

enum FileBody {
    Text(String),
    Bytes(Vec<u8>),
    Canvas(HtmlCanvasElement),
}

impl File {
    fn text(text: String, mime: &'static str, name: String) -> File {
        File { body: FileBody::Text(text), mime, name }
    }
}

/// A byte-order mark, so that spreadsheet programs read the labels (Korean ones too) as UTF-8.
const CSV_BOM: char = '\u{feff}';

/// A sweep figure's file, from its finished grid.
fn sweep_file(id: &str, kind: &str, grid: &[u8], metric: &str, width: u32) -> Result<File, String> {
    let grid: SweepResult = postcard::from_bytes(grid).map_err(|_| "the computed grid does not decode".to_string())?;
    let metric = SweepMetric::from_key(metric).unwrap_or(SweepMetric::OverApproval);
    let width = width.clamp(export::WIDTH_RANGE.0, export::WIDTH_RANGE.1);
    Ok(match kind {
        "svg" => File::text(
            export::prepare_sweep(grid, metric, (width, 1.0), super::page_words::words())
                .and_then(|p| p.svg())
                .map_err(message)?,
            "image/svg+xml",
            format!("{id}.svg"),
        ),
        "png" | "png2" => {
            let (scale, name) = if kind == "png2" { (2.0, format!("{id}@2x.png")) } else { (1.0, format!("{id}.png")) };
            let prepared =
                export::prepare_sweep(grid, metric, (width, scale), super::page_words::words()).map_err(message)?;
            File { body: FileBody::Canvas(paint_canvas(&prepared)?), mime: "image/png", name }
        }
        "json" => {
            let axes = lab_words::params::axis_names(super::page_words::words(), grid.spec.kind);
            File::text(grid.grid_json(axes), "application/json", format!("{id}-grid.json"))
        }
        "csv" => File::text(format!("{CSV_BOM}{}", grid.cells_csv()), "text/csv", format!("{id}-cells.csv")),
        other => return Err(format!("unknown file kind {other}")),
    })
}

/// A drawn figure's file, from its state.
async fn figure_file(
    panel: &Element,
    state: &PanelState,
    site: &SiteFunction,
    kind: &str,
    width: u32,
) -> Result<File, String> {
    let params = state.params.as_deref().unwrap_or_default();
    let article_a = registry::figure(&state.id).is_some_and(|s| s.scenario() == Scenario::Lease);
    // A blog file is named after its layout: `lease-expiry-blog.png`.
    let (layout, kind) = layout_of(kind);
    let state = &PanelState { layout, ..state.clone() };
    let id = &match layout {
        Layout::Page => state.id.clone(),
        _ => format!("{}-{}", state.id, layout.key()),
    };
    Ok(match kind {
        "svg" => {
            File::text(prepare(state, site, width, 1.0)?.svg().map_err(message)?, "image/svg+xml", format!("{id}.svg"))
        }
        "png" | "png2" => {
            let (scale, name) = if kind == "png2" { (2.0, format!("{id}@2x.png")) } else { (1.0, format!("{id}.png")) };
            let prepared = prepare(state, site, width, scale)?;
            File { body: FileBody::Canvas(paint_canvas(&prepared)?), mime: "image/png", name }
        }
        "gif" => {
            let input = panel.query_selector("input.gif-frames").ok().flatten();
            let bound = |attr: &str, default: u32| {
                input.as_ref().and_then(|i| i.get_attribute(attr)).and_then(|v| v.parse().ok()).unwrap_or(default)
            };
            let (min, max) = (bound("min", export::FRAMES_RANGE.0), bound("max", export::FRAMES_RANGE.1));
            let value = input
                .as_ref()
                .and_then(|i| i.dyn_ref::<web_sys::HtmlInputElement>())
                .map_or(30.0, |i| lab_model::decimal::parse_finite(i.value().trim()).unwrap_or(f64::NAN))
                .round();
            if !(f64::from(min)..=f64::from(max)).contains(&value) {
                let w = super::page_words::words();
                let (min, max) = (min.to_string(), max.to_string());
                return Err(w.fill(w.share.export.frames_range, &[("min", &min), ("max", &max)]));
            }
            // Every frame is drawn on this thread: let the status line paint first.
            next_paint().await;
            // Ten frames a second, as `lab figure --animate` by default.
            let bytes = render_gif(state, site, width, value as u32, 10)?;
            File { body: FileBody::Bytes(bytes), mime: "image/gif", name: format!("{id}.gif") }
        }
        "story-gif" => {
            next_paint().await;
            let bytes = super::story_gif_file::story_gif(&state.request(width, 1.0), site.clone())?;
            File { body: FileBody::Bytes(bytes), mime: "image/gif", name: format!("{id}-story.gif") }
        }
        "json" => {
            let json = if article_a {
                remote(&state.request(width, 1.0), site)?.trace_json()?
            } else {
                export::vote_trace_json(params).map_err(message)?
            };
            File::text(json, "application/json", format!("{id}-trace.json"))
        }
        "csv" => {
            let csv = if article_a {
                remote(&state.request(width, 1.0), site)?.metrics_csv()?
            } else {
                export::vote_metrics_csv(super::page_words::words(), params).map_err(message)?
            };
            File::text(format!("{CSV_BOM}{csv}"), "text/csv", format!("{id}-metrics.csv"))
        }
        other => return Err(format!("unknown file kind {other}")),
    })
}

/// Resolves after the next frame has been painted.
async fn next_paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let after_frame = Closure::once_into_js(move || {
            let _ = gloo::utils::window().set_timeout_with_callback(resolve.unchecked_ref());
        });
        let _ = gloo::utils::window().request_animation_frame(after_frame.unchecked_ref());
    });
    let _ = JsFuture::from(promise).await;
}

/// Hands `file` to the browser as a download.
async fn save(file: File) -> Result<(), String> {
    let blob = match file.body {
        FileBody::Canvas(canvas) => {
            let promise = js_sys::Promise::new(&mut |resolve, reject| {
                let fail = reject.clone();
                let done = Closure::once_into_js(move |blob: JsValue| {
                    let _ =
                        if blob.is_null() { fail.call0(&JsValue::NULL) } else { resolve.call1(&JsValue::NULL, &blob) };
                });
                if canvas.to_blob_with_type(done.unchecked_ref(), "image/png").is_err() {
                    let _ = reject.call0(&JsValue::NULL);
                }
            });
            JsFuture::from(promise).await.map_err(|_| "toBlob".to_string())?.unchecked_into::<Blob>()
        }
        body => {
            let options = BlobPropertyBag::new();
            options.set_type(file.mime);
            let part: JsValue = match body {
                FileBody::Text(text) => JsValue::from_str(&text),
                FileBody::Bytes(bytes) => js_sys::Uint8Array::from(bytes.as_slice()).into(),
                FileBody::Canvas(_) => unreachable!("drawn above"),
            };
            Blob::new_with_blob_sequence_and_options(&js_sys::Array::of1(&part), &options).map_err(js_text)?
        }
    };
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js_text)?;
    let document = gloo::utils::document();
    let link: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(js_text)?.dyn_into().map_err(|_| "no link".to_string())?;
    link.set_href(&url);
    link.set_download(&file.name);
    link.style().set_property("display", "none").map_err(js_text)?;
    document.body().ok_or("no body")?.append_child(&link).map_err(js_text)?;
    link.click();
    link.remove();
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    let _ = gloo::utils::window().set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    Ok(())
}

/// In a frame whose sandbox took its origin away (`sandbox` without
/// `allow-same-origin`): the page's origin then reads as "null".
fn sandboxed() -> bool {
    let window = gloo::utils::window();
    let top = window.top().ok().flatten();
    let framed = top.is_none_or(|top| !js_sys::Object::is(&top, &window));
    let origin = js_sys::Reflect::get(&window, &"origin".into()).ok().and_then(|o| o.as_string());
    framed && origin.as_deref() == Some("null")
}

fn is_sweep(figure: &Element) -> bool {
    figure.matches(".sweep-figure").unwrap_or(false)
}

fn say(panel: &Element, text: &str) {
    if let Ok(Some(status)) = panel.query_selector(".export-status") {
        status.set_text_content(Some(text));
    }
}

/// A click on a panel's download (`data-export`) or copy (`data-copy`)
/// button; `grid` is a sweep figure's finished grid, from the site, and
/// `site` the site's function answering for an Article A figure.
pub async fn on_click(button: Element, grid: Option<Vec<u8>>, site: SiteFunction) {
    let Some(panel) = button.closest(".export").ok().flatten() else { return };
    if let Some(kind) = button.get_attribute("data-export") {
        download(&panel, &button, &kind, grid, &site).await;
    } else if let Some(class) = button.get_attribute("data-copy") {
        copy(&panel, &button, &class).await;
    }
}

async fn download(panel: &Element, button: &Element, kind: &str, grid: Option<Vec<u8>>, site: &SiteFunction) {
    let disabled = button.dyn_ref::<web_sys::HtmlButtonElement>().is_some_and(|b| b.disabled());
    if panel.has_attribute("data-busy") || disabled {
        return;
    }
    let _ = panel.set_attribute("data-busy", "1");
    let label = button.text_content().unwrap_or_default();
    let w = super::page_words::words();
    let e = &w.share.export;
    say(panel, &w.fill(e.making, &[("label", &label)]));
    let figure = panel.closest("figure").ok().flatten();
    let width = figure
        .as_ref()
        .and_then(|f| f.query_selector(".canvas-wrap, .sweep-plot").ok().flatten())
        .map_or(960, |wrap| wrap.client_width())
        .clamp(280, 4000) as u32;
    let state = PanelState::of(panel);
    let file = match figure.as_ref().filter(|f| is_sweep(f)) {
        Some(figure) => match grid {
            Some(grid) => {
                let metric = figure.get_attribute("data-metric").unwrap_or_else(|| "over_approval".into());
                sweep_file(&state.id, kind, &grid, &metric, width)
            }
            None => Err(e.grid_not_ready.to_string()),
        },
        None => figure_file(panel, &state, site, kind, width).await,
    };
    let saved = match file {
        Ok(file) => save(file).await,
        Err(e) => Err(e),
    };
    // The page can hand a file to the browser but cannot see it saved, so
    // the status says what it knows. In a sandboxed frame (an opaque
    // origin) the host may not allow downloads at all; say so, and where
    // else to get the file.
    say(
        panel,
        &match saved {
            Ok(()) if sandboxed() => w.fill(e.asked_sandboxed, &[("label", &label)]),
            Ok(()) => w.fill(e.asked, &[("label", &label)]),
            Err(why) => w.fill(e.failed_because, &[("label", &label), ("why", &why)]),
        },
    );
    let _ = panel.remove_attribute("data-busy");
}

async fn copy(panel: &Element, button: &Element, class: &str) {
    let Some(area) = panel
        .query_selector(&format!("textarea.{class}"))
        .ok()
        .flatten()
        .and_then(|a| a.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return;
    };
    // No clipboard outside a secure context.
    let navigator = gloo::utils::window().navigator();
    let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).is_ok_and(|c| !c.is_undefined());
    let copied = has_clipboard && JsFuture::from(navigator.clipboard().write_text(&area.value())).await.is_ok();
    if !copied {
        let _ = area.focus();
        area.select();
    }
    let said = button.get_attribute(if copied { "data-copied" } else { "data-not-copied" });
    say(panel, &said.unwrap_or_default());
}

/// Fills the share panel (`details.share`) when it opens, from the
/// figure's current state: `lab_words::share::share_kit` makes every text and
/// address, sized for a drawn figure by its file at the embed's width.
pub async fn on_share_open(details: Element, site: SiteFunction) {
    let (Some(panel), Some(figure), Some(body)) = (
        details.closest(".export").ok().flatten(),
        details.closest("figure").ok().flatten(),
        details.query_selector(".share-body").ok().flatten(),
    ) else {
        return;
    };
    let state = PanelState::of(&panel);
    let text_of = |selector: &str| {
        figure.query_selector(selector).ok().flatten().and_then(|e| e.text_content()).unwrap_or_default()
    };
    let location = gloo::utils::window().location();
    let mut request = ShareRequest {
        page: format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default()),
        permalink: panel.get_attribute("data-permalink").unwrap_or_default(),
        figure: state.id.clone(),
        caption: text_of("figcaption"),
        description: text_of(&format!("[id=\"{}-desc\"]", state.id)),
        // A figure-only embed for the drawn figures (not the sweeps, not B2).
        bareable: state.params.is_some() && !is_sweep(&figure),
        animated: panel.query_selector("button[data-export=gif]").ok().flatten().is_some(),
        static_embed: false,
    };
    request.static_embed = export::figure_list().iter().any(|f| f.id == request.figure);
    let bare_height = if request.bareable {
        match prepare(&state, &site, share::BARE_WIDTH - 16, 1.0) {
            Ok(prepared) => Some(prepared.size.1),
            Err(e) => {
                let failed = super::page_words::words().share.export.share_failed;
                body.set_text_content(Some(&format!("{failed}: {e}")));
                return;
            }
        }
    } else {
        None
    };
    let kit = lab_words::share::share_kit(super::page_words::words(), &request, bare_height);
    body.set_text_content(None);
    if request.static_embed && !is_sweep(&figure) {
        add_blog_files(&body, request.animated);
    }
    let id = &state.id;
    for (field, preview) in &kit.fields {
        add_field(&body, id, field);
        if let Some(preview) = preview {
            let link = element("a", "btn");
            let _ = link.set_attribute("href", &preview.href);
            let _ = link.set_attribute("target", "_blank");
            let _ = link.set_attribute("rel", "noopener");
            link.set_text_content(Some(&preview.text));
            let _ = body.append_child(&link);
        }
    }
    add_blog_kit(&body, id, kit.kit_legend, kit.platforms);
}

/// The blog files' group in the share panel: its words, then its buttons
/// (`data-export` kind, label), the GIF only for a figure with a player.
/// The site's listener forwards their clicks like the export bar's;
/// [`figure_file`] reads the kind's layout ([`layout_of`]).
const BLOG_FILES: [&str; 4] = ["blog-png", "blog-svg", "blog-phone-png", "blog-gif"];

/// Adds the blog files' buttons to the panel's `body`.
fn add_blog_files(body: &Element, animated: bool) {
    let e = &super::page_words::words().share.export;
    let group = element("div", "blog-files");
    let _ = group.set_attribute("role", "group");
    let _ = group.set_attribute("aria-label", e.blog_files);
    let words = element("p", "blog-files-label");
    words.set_text_content(Some(e.blog_files));
    let _ = group.append_child(&words);
    for (kind, label) in BLOG_FILES.into_iter().zip(e.blog_buttons).take(3 + usize::from(animated)) {
        let button = element("button", "btn export-btn");
        let _ = button.set_attribute("type", "button");
        let _ = button.set_attribute("data-export", kind);
        button.set_text_content(Some(label));
        let _ = group.append_child(&button);
    }
    let _ = body.append_child(&group);
}

/// A new element of the page with `class` (none when empty).
fn element(tag: &str, class: &str) -> Element {
    let element = gloo::utils::document().create_element(tag).expect("a valid tag name");
    if !class.is_empty() {
        element.set_class_name(class);
    }
    element
}

/// A labelled read-only field and its copy button.
fn add_field(body: &Element, id: &str, field: &Field) {
    let field_id = format!("{id}-{}", field.class);
    let label = element("label", "");
    let _ = label.set_attribute("for", &field_id);
    label.set_text_content(Some(&field.label));
    let area: web_sys::HtmlTextAreaElement = element("textarea", &field.class).unchecked_into();
    area.set_id(&field_id);
    area.set_read_only(true);
    area.set_rows(field.rows);
    area.set_value(&field.value);
    let select = area.clone();
    gloo::events::EventListener::new(&area, "focus", move |_| select.select()).forget();
    let button = element("button", "btn");
    let _ = button.set_attribute("type", "button");
    let _ = button.set_attribute("data-copy", &field.class);
    let _ = button.set_attribute("data-copied", &field.copied);
    let _ = button.set_attribute("data-not-copied", &field.not_copied);
    button.set_text_content(Some(field.copy_label()));
    let _ = body.append_with_node_3(&label, &area, &button);
}

/// The blog kit: a radio per platform, and the chosen one's steps and fields.
fn add_blog_kit(body: &Element, id: &str, legend_text: &str, platforms: Vec<Platform>) {
    let set = element("fieldset", "blog-kit");
    let legend = element("legend", "");
    legend.set_text_content(Some(legend_text));
    let choices = element("div", "blog-platforms");
    let steps = element("ol", "blog-steps");
    let fields = element("div", "blog-fields");
    let show = {
        let (set, steps, fields, id) = (set.clone(), steps.clone(), fields.clone(), id.to_string());
        move |platform: &Platform| {
            let _ = set.set_attribute("data-platform", platform.key);
            steps.set_text_content(None);
            fields.set_text_content(None);
            for line in &platform.steps {
                let item = element("li", "");
                item.set_text_content(Some(line));
                let _ = steps.append_child(&item);
            }
            if let Some(pen) = &platform.pen {
                super::velog_pen::add(&fields, &id, pen);
            }
            for field in &platform.fields {
                add_field(&fields, &id, field);
            }
        }
    };
    if let Some(first) = platforms.first() {
        show(first);
    }
    for (i, platform) in platforms.into_iter().enumerate() {
        let label = element("label", "");
        let radio: web_sys::HtmlInputElement = element("input", "").unchecked_into();
        radio.set_type("radio");
        radio.set_name(&format!("{id}-blog"));
        radio.set_value(platform.key);
        radio.set_checked(i == 0);
        let label_text = platform.label;
        let (show, checked) = (show.clone(), radio.clone());
        gloo::events::EventListener::new(&radio, "change", move |_| {
            if checked.checked() {
                show(&platform);
            }
        })
        .forget();
        let _ = label.append_with_node_1(&radio);
        let _ = label.append_with_str_1(label_text);
        let _ = choices.append_child(&label);
    }
    let _ = set.append_with_node_4(&legend, &choices, &steps, &fields);
    let _ = body.append_child(&set);
}
