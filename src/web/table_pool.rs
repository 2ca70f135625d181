//! The pool of table workers (`src/bin/table_worker.rs`) that compute the
//! live metric tables' 60 s runs off the main thread, so a slider move only
//! costs the main thread the figure's own (short) run and its drawing.
//!
//! The pool is a few lines of JavaScript shared by every figure of the page:
//! a queue of tasks, up to four workers (spawned once, on the first
//! [`start`]), and per-owner cancellation. It is used only on machines with
//! at least four cores: with two, the workers compete with the main thread
//! and answer late (see `js/table_pool.js`), and the page computes its tables
//! on the main thread, which [`available`] then reports. A figure registers one callback
//! ([`Sink`]) for its lifetime; results reach it as `(job, values, text)`
//! and it decodes them with `live_table::TableRun::from_flat`. When the
//! workers cannot start (a failed fetch, an old browser), [`available`]
//! turns false and every pending job is handed back with `null` values: the
//! figure then computes it on the main thread, as it did before the pool.
//! Keeping this in JavaScript keeps the first-load wasm small (no worker
//! bindings, no serializer).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/web/js/table_pool.js")]
extern "C" {
    #[wasm_bindgen(js_name = table_pool_start)]
    fn pool_start();
    #[wasm_bindgen(js_name = table_pool_available)]
    fn pool_available() -> bool;
    #[wasm_bindgen(js_name = table_pool_submit)]
    fn pool_submit(owner: u32, task: &str, sink: &JsValue) -> u32;
    #[wasm_bindgen(js_name = table_pool_cancel)]
    fn pool_cancel(owner: u32);
}

/// Spawns the workers (once per page, if [`available`]); they warm up in
/// the background.
pub fn start() {
    pool_start();
}

/// False on machines with fewer than four cores, and once the workers
/// failed to start; table runs then happen on the main thread.
pub fn available() -> bool {
    pool_available()
}

/// A figure's result callback: `(job, values or null, description)`.
pub type Sink = Closure<dyn FnMut(u32, Option<js_sys::Float64Array>, String)>;

/// Queues `task` (a `live_table::task_text`) for `owner`; returns the job id
/// the sink will be called with.
pub fn submit(owner: u32, task: &str, sink: &Sink) -> u32 {
    pool_submit(owner, task, sink.as_ref())
}

/// Drops `owner`'s queued jobs and ignores its running ones.
pub fn cancel(owner: u32) {
    pool_cancel(owner);
}
