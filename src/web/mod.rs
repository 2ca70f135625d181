//! The Yew site (wasm32 only): routing, prose, interactive figures.
//!
//! Architecture invariant: the site only reads what `crate::sim` returns and
//! what `crate::figures` draws; it never changes simulation results. Nothing
//! from the URL is ever interpreted as HTML.

pub mod app;
pub mod content;
pub mod controls;
pub mod figure;
pub mod labels;
pub mod markdown;
pub mod sweep_figure;
pub mod url;
pub mod vote_figure;
pub mod crash_matrix;

use wasm_bindgen::JsCast;

/// Shows a visible error banner (DOM text, never HTML) after a panic.
fn panic_banner(info: &std::panic::PanicHookInfo<'_>) {
    console_error_panic_hook::hook(info);
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(banner) = doc.create_element("div") else { return };
    banner.set_id("panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("class", "panic-banner");
    banner.set_text_content(Some(&format!(
        "오류가 발생해 그림이 멈췄습니다. 페이지를 새로 고쳐 주세요. (자세한 내용: {info})"
    )));
    if let Some(body) = doc.body() {
        let _ = body.insert_before(&banner, body.first_child().as_ref());
    }
}

/// Installs the panic hook (idempotent).
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(panic_banner));
}

/// Mounts the site into `#app` (or `<body>`).
pub fn start() {
    install_panic_hook();
    let doc = gloo::utils::document();
    match doc.get_element_by_id("app") {
        Some(root) => {
            root.set_text_content(None);
            yew::Renderer::<app::App>::with_root(root.unchecked_into()).render();
        }
        None => {
            yew::Renderer::<app::App>::new().render();
        }
    }
}
