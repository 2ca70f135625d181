//! The Yew site (wasm32 only): routing, prose, interactive figures.
//!
//! Architecture invariant: the site only reads what `crate::sim` returns and
//! what `crate::figures` draws; it never changes simulation results. Nothing
//! from the URL is ever interpreted as HTML.

pub mod app;
pub mod break_it;
pub mod break_it_mount;
pub mod canvas;
pub mod content;
pub mod controls;
pub mod crash_matrix;
pub mod embed;
pub mod export_files;
pub mod export_panel;
pub mod export_source;
pub mod figure;
pub mod hook;
pub mod labels;
pub mod lang_switch;
pub mod lazy_figures;
pub mod page_words;
pub mod player;
pub mod predict;
pub mod reader_view;
pub mod side_by_side;
pub mod spotlight;
pub mod story_gif_file;
pub mod story_lead;
pub mod sweep_figure;
pub mod sweep_jobs;
pub mod takeover;
pub mod tap_crash;
pub mod url;
pub mod velog_pen;
pub mod vote_figure;
pub mod vote_mount;
pub mod worker_pool;

use wasm_bindgen::JsCast;

/// The page's monotonic clock in ms (for the perf hooks; never read by `sim`).
pub fn now_ms() -> f64 {
    gloo::utils::window().performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Whether the reader asked for less motion: players then start paused.
pub fn reduced_motion() -> bool {
    gloo::utils::window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// The event the window gets when the reader's colour scheme changes
/// (figures listen for it and draw again in the new palette).
pub const THEME_EVENT: &str = "lab-theme";

thread_local! {
    /// The `prefers-color-scheme: dark` query, asked once per module.
    static DARK_QUERY: Option<web_sys::MediaQueryList> =
        gloo::utils::window().match_media("(prefers-color-scheme: dark)").ok().flatten();
}

/// The palette the page's figures draw in now: an embed's theme when it
/// has one (`data-theme` on the document, `embed::start`), else the
/// reader's colour scheme.
pub fn figure_theme() -> crate::figures::theme::Theme {
    let forced = gloo::utils::document().document_element().and_then(|html| html.get_attribute("data-theme"));
    let dark = match forced.as_deref() {
        Some("light") => false,
        Some("dark") => true,
        _ => DARK_QUERY.with(|q| q.as_ref().is_some_and(|q| q.matches())),
    };
    crate::figures::theme::Theme::of_dark(dark)
}

/// Passes a change of the reader's colour scheme on to the figures as
/// [`THEME_EVENT`] on the window (the site installs it once).
pub fn forward_theme_changes() -> Option<gloo::events::EventListener> {
    let query = DARK_QUERY.with(|q| q.clone())?;
    Some(gloo::events::EventListener::new(&query, "change", |_| {
        if let Ok(event) = web_sys::Event::new(THEME_EVENT) {
            let _ = gloo::utils::window().dispatch_event(&event);
        }
    }))
}

/// A listener that calls `callback` when the figures' palette changes.
pub fn on_theme_change(callback: impl Fn() + 'static) -> gloo::events::EventListener {
    gloo::events::EventListener::new(&gloo::utils::window(), THEME_EVENT, move |_| callback())
}

/// The device pixel ratio figures draw at (clamped to 1..=3).
pub fn device_pixel_ratio() -> f64 {
    gloo::utils::window().device_pixel_ratio().clamp(1.0, 3.0)
}

/// Gives `canvas` a backing store of `css_w × css_h` CSS pixels at `dpr`
/// device pixels each, touching only what changed (a resize clears it), and
/// shows it at exactly that CSS size: a figure is drawn for the box it is
/// shown in, never scaled by the style sheet. When the size changed, the
/// figure's stage is told whether it still fits ([`canvas::fit_stage`]).
pub fn size_canvas(canvas: &web_sys::HtmlCanvasElement, css_w: f64, css_h: f64, dpr: f64) {
    let (pw, ph) = ((css_w * dpr).round() as u32, (css_h * dpr).round() as u32);
    let mut changed = false;
    if canvas.width() != pw {
        canvas.set_width(pw);
        changed = true;
    }
    if canvas.height() != ph {
        canvas.set_height(ph);
        changed = true;
    }
    let style = canvas.style();
    for (name, value) in [("width", css_w), ("height", css_h)] {
        // Compared as numbers: the browser writes a length back in its own way.
        let now = style
            .get_property_value(name)
            .ok()
            .and_then(|v| lab_model::decimal::parse_finite(v.trim_end_matches("px")));
        if now.is_none_or(|now| (now - value).abs() > 0.01) {
            let _ = style.set_property(name, &format!("{value}px"));
            changed = true;
        }
    }
    if changed {
        canvas::fit_stage(canvas);
    }
}

/// Shows a visible error banner (DOM text, never HTML) after a panic.
fn panic_banner(info: &std::panic::PanicHookInfo<'_>) {
    console_error_panic_hook::hook(info);
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(banner) = doc.create_element("div") else { return };
    banner.set_id("panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("class", "panic-banner");
    // Before the words are loaded, the panic's own text (no table to say it in).
    let text = match page_words::try_words() {
        Some(words) => words.fill(words.ui.page.panic, &[("info", &info.to_string())]),
        None => info.to_string(),
    };
    banner.set_text_content(Some(&text));
    if let Some(body) = doc.body() {
        let _ = body.insert_before(&banner, body.first_child().as_ref());
    }
}

/// Installs the panic hook (idempotent).
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(panic_banner));
}

/// Registers the offline service worker (`sw.js`, written at build time by
/// `scripts/trunk-post-build.mjs`). Without one (an insecure origin, a
/// browser without service workers) the site simply stays online-only.
fn register_service_worker() {
    let window = gloo::utils::window();
    if !window.is_secure_context() {
        return;
    }
    // In an opaque-origin sandbox (an embed with `sandbox="allow-scripts"`),
    // merely reading `navigator.serviceWorker` throws a SecurityError: read it
    // through Reflect, which hands the exception back instead of aborting.
    let Ok(container) = js_sys::Reflect::get(&window.navigator(), &"serviceWorker".into()) else { return };
    if container.is_undefined() || container.is_null() {
        return;
    }
    let container: web_sys::ServiceWorkerContainer = container.unchecked_into();
    let promise = container.register(&page_words::at_root("sw.js"));
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
            web_sys::console::warn_2(&page_words::words().ui.page.offline_failed.into(), &e);
        }
    });
}

/// Mounts the site into `#app` (or `<body>`).
pub fn start() {
    if web_sys::window().is_none() {
        // One of the page's pool workers, which run this same module.
        console_error_panic_hook::set_once();
        worker_pool::serve();
        return;
    }
    install_panic_hook();
    // The page's words come as data (page_words): nothing that speaks runs before they are here.
    wasm_bindgen_futures::spawn_local(async {
        match page_words::load().await {
            Ok(_) => start_with_words(),
            Err(why) => page_words::show_unavailable(&why),
        }
    });
}

/// The rest of [`start`], once the page's words are loaded.
fn start_with_words() {
    register_service_worker();
    export_panel::install_export_handlers();
    spotlight::install();
    lang_switch::install();
    // For the page's whole life: the figures follow the reader's colour scheme.
    if let Some(listener) = forward_theme_changes() {
        listener.forget();
    }
    let doc = gloo::utils::document();
    match doc.get_element_by_id("app") {
        Some(root) => {
            // A static page (crate::content::prerender) stays until the live one is ready.
            let root = takeover::mount_root(root);
            yew::Renderer::<app::App>::with_root(root.unchecked_into()).render();
        }
        None => {
            yew::Renderer::<app::App>::new().render();
        }
    }
}

/// A figure's legend as the page shows it: one `<li>` per item of
/// `crate::figures::legend` (the list exported files paint too), its swatch
/// a CSS class.
pub fn legend_list(items: &[crate::figures::legend::LegendEntry], class: &'static str) -> yew::Html {
    use crate::figures::legend::Swatch;
    yew::html! {
        <ul class={class} aria-label={page_words::words().ui.lab.legend}>
            { for items.iter().map(|it| yew::html! {
                <li>
                    <span class={it.css_class}>{ if matches!(it.swatch, Swatch::Alert(_)) { "!" } else { "" } }</span>
                    { it.label }
                </li>
            }) }
        </ul>
    }
}
