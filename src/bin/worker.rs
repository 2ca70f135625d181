//! `worker`: the site's one web worker, for the live tables' runs and the
//! sweep grids' rows alike (`lab_model::worker`). Trunk builds it for
//! wasm32 as a worker binary (index.html: `data-type="worker"`, never
//! preloaded); the page's pool (`web::worker_pool`) spawns a few of them on
//! first need. Natively it is a stub, so `cargo test --all-targets` and the
//! wasm test build still compile it.
//!
//! Messages: in `[id, bytes]`, `bytes` an encoded `worker::Job`; out
//! `[id, bytes]`, an encoded `worker::JobResult`. Out `"ready"` once, after a
//! warm-up run (`worker::warm_up`).

#[cfg(target_arch = "wasm32")]
fn main() {
    use lab_model::worker::{answer, warm_up};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let message = js_sys::Array::from(&event.data());
        let bytes = message.get(1).dyn_into::<js_sys::Uint8Array>().map(|b| b.to_vec()).unwrap_or_default();
        let result = js_sys::Uint8Array::from(answer(&bytes, js_sys::Date::now).as_slice());
        let reply = js_sys::Array::of2(&message.get(0), &result);
        let _ = reply_scope.post_message_with_transfer(&reply, &js_sys::Array::of1(&result.buffer()));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    warm_up();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("worker is the site's web worker, built for wasm32 by Trunk; natively, use `lab run` or `lab sweep` (see README.md)");
    std::process::exit(2);
}
