//! The export bar and the share panel every figure carries, in the page's
//! words (`lab_words::share::ExportWords`, through `super::page_words`).
//!
//! Buttons SVG, PNG, PNG 2×, the trace JSON and the metrics CSV download the
//! figure's current state; a figure with a player also offers a GIF, its
//! player's span as an animated GIF of the frame count the reader sets
//! (`lab figure … --animate --out F.gif`). The panel (`<details class="share">`)
//! offers an `<iframe>` snippet for the embed mode (`?embed=ID&…`), the
//! permalink, the text alternative and a blog kit.
//!
//! The share panel also offers the blog files, which the module adds
//! when it fills the panel (`super::export_files`), so the first load does
//! not carry them.
//!
//! The markup is static and states the figure's state in `data-` attributes.
//! One delegated listener ([`install_export_handlers`]) forwards a click on
//! a button, or the panel's opening, to the lazily loaded `figures` module
//! (`super::export_files`, which runs `crate::figures::export`, the very
//! code behind `lab figure`): it is imported on the first click, so it never
//! weighs on the first load. For an Article A figure the listener also hands
//! over a function that draws the figure and runs its trace on request
//! (`super::export_source`): that code is the site's, and the module does
//! not carry it twice.
//!
//! The sweep figures carry [`sweep_panel`]: the same bar, disabled until the
//! grid is complete, whose JSON and CSV are the grid's cells. A sweep is
//! never recomputed: the listener hands the module the finished grid the
//! site's cache holds (`super::sweep_jobs::finished_grid_bytes`, postcard
//! bytes, so every float arrives bit for bit).

use std::cell::Cell;

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use super::export_source::{figure_function, FigureFunction};
use super::lazy_figures;

thread_local! {
    static INSTALLED: Cell<bool> = const { Cell::new(false) };
}

/// Installs the one delegated listener of every figure's export bar and
/// panel, for the page's life (idempotent).
pub fn install_export_handlers() {
    if INSTALLED.replace(true) {
        return;
    }
    let document = gloo::utils::document();
    EventListener::new(&document, "click", |event| {
        let button = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("button[data-export], button[data-copy]").ok().flatten());
        if let Some(button) = button.filter(|b| b.closest(".export").ok().flatten().is_some()) {
            forward_click(button);
        }
    })
    .forget();
    // `toggle` does not bubble; listen on the way down.
    let capture = EventListenerOptions { phase: EventListenerPhase::Capture, passive: true };
    EventListener::new_with_options(&document, "toggle", capture, |event| {
        let details = event.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok());
        if let Some(details) = details.filter(|d| d.open() && d.matches("details.share").unwrap_or(false)) {
            forward_share_open(details.into());
        }
    })
    .forget();
}

fn say(element: &Element, text: &str) {
    let status =
        element.closest(".export").ok().flatten().and_then(|p| p.query_selector(".export-status").ok().flatten());
    if let Some(status) = status {
        status.set_text_content(Some(text));
    }
}

/// The module, then `then` with it; a failed load is said on `element`'s status line.
fn with_module(element: Element, failed: String, then: impl FnOnce(lazy_figures::FiguresModule, Element) + 'static) {
    // `load` calls back once.
    let then = Cell::new(Some(then));
    lazy_figures::load(Callback::from(move |module: Result<lazy_figures::FiguresModule, String>| match module {
        Ok(module) => {
            if let Some(then) = then.take() {
                then(module, element.clone());
            }
        }
        Err(why) => say(&element, &format!("{failed}: {why}")),
    }));
}

fn forward_click(button: Element) {
    let figure = button.closest("figure.sweep-figure").ok().flatten();
    let id = button.closest(".export").ok().flatten().and_then(|p| p.get_attribute("data-id")).unwrap_or_default();
    let grid = figure.and_then(|f| {
        let key = f.get_attribute("data-sweep-key").unwrap_or_default();
        super::sweep_jobs::finished_grid_bytes(&id, &key)
    });
    let w = super::page_words::words();
    let label = button.text_content().unwrap_or_default();
    let failed = w.fill(w.share.export.file_failed, &[("label", &label)]);
    with_module(button, failed, move |module, button| {
        let site = button.closest(".export").ok().flatten().and_then(|p| figure_function(&p));
        keep_until(module.panel_click(&button, grid, function_of(&site)), site);
    });
}

/// The JS function of the site's answering closure, for the module.
fn function_of(site: &Option<FigureFunction>) -> Option<js_sys::Function> {
    site.as_ref().map(|f| f.as_ref().unchecked_ref::<js_sys::Function>().clone())
}

/// Keeps the site's answering closure alive until the module's work on it is done.
fn keep_until(done: js_sys::Promise, site: Option<FigureFunction>) {
    if let Some(site) = site {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(done).await;
            drop(site);
        });
    }
}

fn forward_share_open(details: Element) {
    if let Ok(Some(body)) = details.query_selector(".share-body") {
        let waiting = gloo::utils::document().create_element("p").expect("a valid tag name");
        waiting.set_class_name("share-waiting");
        waiting.set_text_content(Some(super::page_words::words().share.export.share_waiting));
        body.set_text_content(None);
        let _ = body.append_child(&waiting);
    }
    let failed = super::page_words::words().share.export.share_failed.to_string();
    with_module(details, failed, |module, details| {
        let site = details.closest(".export").ok().flatten().and_then(|p| figure_function(&p));
        keep_until(module.share_open(&details, function_of(&site)), site);
    });
}

/// What a figure tells its export bar and panel.
pub struct PanelData<'a> {
    pub id: &'a str,
    /// The figure's query (parameters only, no site keys), as `lab figure --params` takes it.
    pub params: String,
    /// The figure's permalink (`?ch=…&fig=…&…`).
    pub permalink: String,
    /// The player's cursor in µs when paused mid-way; `None`: the end.
    pub time_us: Option<u64>,
    /// The timeline's visible window when it differs from the figure's default.
    pub window_ms: Option<u32>,
    /// A2's ledger line.
    pub recon: bool,
}

/// The export bar and the share panel of one figure: plain markup whose
/// buttons the delegated listener ([`install_export_handlers`]) serves and
/// whose panel the `figures` module fills when opened (from the figure's
/// `<figcaption>` and its `ID-desc` text alternative).
pub fn panel(p: PanelData<'_>) -> Html {
    let e = &super::page_words::words().share.export;
    let button = |kind: &'static str, [label, title]: [&'static str; 2]| {
        html! { <button type="button" class="btn export-btn" data-export={kind} title={title}>{ label }</button> }
    };
    let animated = lab_model::registry::figure(p.id).is_some_and(|s| s.kind.has_player());
    let (frames_min, frames_max) = crate::figures::export::FRAMES_RANGE;
    let frames_id = format!("{}-gif-frames", p.id);
    html! {
        <div class="export" data-id={p.id.to_string()} data-params={p.params} data-permalink={p.permalink}
             data-time={p.time_us.map(|t| t.to_string())} data-win={p.window_ms.map(|w| w.to_string())}
             data-recon={if p.recon { "1" } else { "0" }}>
            <div class="export-bar" role="group" aria-label={e.bar_name}>
                <span class="export-label">{ e.bar_label }</span>
                { button("svg", e.svg) }
                { button("png", e.png) }
                { button("png2", e.png2) }
                { button("json", e.trace_json) }
                { button("csv", e.metrics_csv) }
                if animated {
                    <span class="export-gif">
                        { button("gif", e.gif) }
                        <label for={frames_id.clone()}>{ e.frames }</label>
                        <input id={frames_id} class="gif-frames" type="number" inputmode="numeric"
                            min={frames_min.to_string()} max={frames_max.to_string()} step="1" value="30" />
                    </span>
                }
                if super::story_gif_file::offers_story_gif(p.id) {
                    { button(super::story_gif_file::STORY_GIF_KIND, e.story_gif) }
                }
            </div>
            { share_and_status() }
        </div>
    }
}

/// The share panel, which the handler fills when it is opened, and the
/// status line the handler reports to: the same in every export block.
fn share_and_status() -> Html {
    html! {
        <>
            <details class="share">
                <summary>{ super::page_words::words().share.export.share }</summary>
                <div class="share-body"></div>
            </details>
            <p class="export-status" role="status" aria-live="polite"></p>
        </>
    }
}

/// The share panel alone, for a figure that is not a drawing (B2, an HTML
/// table: no image files; `lab crashpoints` gives its data).
pub fn share_only(id: &str, permalink: String) -> Html {
    html! {
        <div class="export" data-id={id.to_string()} data-permalink={permalink}>
            { share_and_status() }
        </div>
    }
}

/// The export bar and share panel of a sweep figure. `params` is
/// the sweep's query plus its `metric` (what `lab figure ID --params` takes).
/// Until the grid is `complete` the download buttons are disabled and a
/// hint says why; the share panel works at once. The grid JSON is the
/// grid's cells as `lab sweep --format json` prints them (a sweep has no
/// single trace); the cells CSV is one row per cell.
pub fn sweep_panel(id: &str, params: String, permalink: String, complete: bool) -> Html {
    let hint_id = format!("{id}-export-hint");
    let e = &super::page_words::words().share.export;
    let button = |kind: &'static str, [label, title]: [&'static str; 2]| {
        html! {
            <button type="button" class="btn export-btn" data-export={kind} title={title} disabled={!complete}
                aria-describedby={(!complete).then(|| hint_id.clone())}>{ label }</button>
        }
    };
    html! {
        <div class="export" data-id={id.to_string()} data-params={params} data-permalink={permalink}>
            <div class="export-bar" role="group" aria-label={e.bar_name}>
                <span class="export-label">{ e.bar_label }</span>
                { button("svg", e.sweep_svg) }
                { button("png", e.sweep_png) }
                { button("png2", e.sweep_png2) }
                { button("json", e.grid_json) }
                { button("csv", e.cells_csv) }
            </div>
            { if complete { html! {} } else { html! {
                <p id={hint_id.clone()} class="export-hint">{ e.sweep_hint }</p>
            } } }
            { share_and_status() }
        </div>
    }
}
