//! Embed mode (`?embed=FIGURE_ID&…`): one figure with its controls, a link
//! back to its chapter, and no site chrome. The page tells its parent how
//! tall it is, so a host can size the `<iframe>`: on load and on every
//! resize (ResizeObserver) it posts
//! `{type: "consistency-lab:height", id, height}` to `window.parent`.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The `type` of the height message.
pub const HEIGHT_MESSAGE: &str = "consistency-lab:height";

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static ID: RefCell<String> = const { RefCell::new(String::new()) };
    static LAST: Cell<i32> = const { Cell::new(-1) };
}

/// True once the page runs in embed mode: figures then leave the address bar alone.
pub fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// Posts the document's height to the parent window when it changed.
fn post_height() {
    let window = gloo::utils::window();
    let Some(html) = window.document().and_then(|d| d.document_element()) else { return };
    let height = html.get_bounding_client_rect().height().ceil() as i32;
    if LAST.with(|l| l.replace(height)) == height {
        return;
    }
    let msg = js_sys::Object::new();
    let id = ID.with(|i| i.borrow().clone());
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &HEIGHT_MESSAGE.into());
    let _ = js_sys::Reflect::set(&msg, &"id".into(), &id.into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from(height));
    let target = window.parent().ok().flatten().unwrap_or(window);
    let _ = target.post_message(&msg, "*");
}

/// Turns embed mode on for figure `id` (only a known figure id reaches here,
/// though the id is only ever data): marks the document for the stylesheet
/// and starts reporting the height.
pub fn start(id: &str) {
    if active() {
        return;
    }
    ACTIVE.with(|a| a.set(true));
    ID.with(|i| *i.borrow_mut() = id.to_string());
    let Some(html) = gloo::utils::window().document().and_then(|d| d.document_element()) else { return };
    let _ = html.set_attribute("data-embed", "");
    let on_resize = Closure::<dyn FnMut(js_sys::Array, web_sys::ResizeObserver)>::new(|_, _| post_height());
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        // The observer reports the first size right after `observe`: that is the message on load.
        observer.observe(&html);
        if let Some(body) = gloo::utils::window().document().and_then(|d| d.body()) {
            observer.observe(&body);
        }
    }
    // Lives as long as the page.
    on_resize.forget();
    // And once more when everything (fonts included) has loaded.
    let on_load = Closure::<dyn FnMut()>::new(post_height);
    let _ = gloo::utils::window().add_event_listener_with_callback("load", on_load.as_ref().unchecked_ref());
    on_load.forget();
}
