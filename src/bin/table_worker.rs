//! `table_worker`: the web worker that computes the live metric tables' runs
//! (`consistency_lab::live_table`). Trunk builds it for wasm32 as a separate,
//! speed-tuned worker binary (index.html: `data-type="worker"`, release
//! profile, never preloaded); `web::table_pool` spawns a few of them after a
//! lease figure's first render. Natively it is a stub, so
//! `cargo test --all-targets` and the wasm test build still compile it.
//!
//! Messages (plain JS values, no serializer on the page's side):
//! - in `[id, task]`, `task` being `live_table::task_text`; out
//!   `[id, Float64Array values, description]`, or `[id, null, ""]` when the
//!   task does not parse cleanly;
//! - in `["bench", n]` (for `scripts/perf.sh`); out `["bench", ms per run]`
//!   for `n` default exp1 runs at summary level;
//! - out `"ready"` once, after a warm-up run (V8 compiles wasm lazily and
//!   tiers hot functions up while they run, so the first real task would
//!   otherwise pay for it).

#[cfg(target_arch = "wasm32")]
fn main() {
    use consistency_lab::live_table::{run_task, table_run};
    use consistency_lab::params::LeaseQuery;
    use consistency_lab::sim::lease::Preset;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let message = js_sys::Array::from(&event.data());
        let head = message.get(0);
        let reply = js_sys::Array::new();
        if head.as_string().as_deref() == Some("bench") {
            let n = message.get(1).as_f64().unwrap_or(1.0).clamp(1.0, 1_000.0) as u32;
            let exp1 = LeaseQuery::from_preset(Preset::Exp1);
            let t0 = js_sys::Date::now();
            for _ in 0..n {
                std::hint::black_box(table_run(&exp1));
            }
            reply.push(&head);
            reply.push(&JsValue::from_f64((js_sys::Date::now() - t0) / f64::from(n)));
        } else {
            let task = message.get(1).as_string().unwrap_or_default();
            reply.push(&head);
            match run_task(&task) {
                Some(run) => {
                    reply.push(&js_sys::Float64Array::from(run.values_flat().as_slice()));
                    reply.push(&JsValue::from_str(&run.description));
                }
                None => {
                    reply.push(&JsValue::NULL);
                    reply.push(&JsValue::from_str(""));
                }
            }
        }
        let _ = reply_scope.post_message(&reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    std::hint::black_box(table_run(&LeaseQuery::from_preset(Preset::Exp1)));
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("table_worker is a web worker built for wasm32 by Trunk; natively, use `lab run` (see README.md)");
    std::process::exit(2);
}
