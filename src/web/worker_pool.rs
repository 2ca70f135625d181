//! The page's one pool of web workers (`src/bin/worker.rs`), for the live
//! tables' runs and the sweep grids' rows alike: jobs are
//! `lab_model::worker::Job`s, answers `lab_model::worker::JobResult`s, both as
//! postcard bytes.
//!
//! The pool itself is a few lines of JavaScript (`js/worker_pool.js`, loaded
//! by index.html), so that every wasm module of the page shares it: a queue
//! of jobs (interactive ones, the tables', before background ones, the
//! sweeps' rows), up to four workers spawned once on first need, and
//! per-owner cancellation. The live tables use it only on machines with at
//! least four cores ([`tables_available`]); with two, the workers compete
//! with the main thread and answer late, and the page computes its tables on
//! the main thread. A component registers one [`Sink`] for its lifetime;
//! when the workers cannot start (a failed fetch, an old browser) every
//! pending job comes back as `None`, and its owner computes it on the main
//! thread.
//!
//! Without the JavaScript half (the wasm tests run components on a bare
//! page) the tables never use the pool.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use lab_model::worker::{decode, encode, Job, JobResult};

#[wasm_bindgen(js_namespace = consistencyLab)]
extern "C" {
    #[wasm_bindgen(js_name = poolWarmUpForTables)]
    fn pool_warm_up_for_tables();
    #[wasm_bindgen(js_name = poolTablesAvailable)]
    fn pool_tables_available() -> bool;
    #[wasm_bindgen(js_name = poolSize)]
    fn pool_size() -> u32;
    #[wasm_bindgen(js_name = poolNewOwner)]
    fn pool_new_owner() -> u32;
    #[wasm_bindgen(js_name = poolSubmit)]
    fn pool_submit(owner: u32, interactive: bool, job: js_sys::Uint8Array, sink: &JsValue) -> u32;
    #[wasm_bindgen(js_name = poolCancel)]
    fn pool_cancel(owner: u32);
}

/// Whether the page loaded the pool's JavaScript half.
fn present() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("consistencyLab"))
        .is_ok_and(|lab| js_sys::Reflect::has(&lab, &JsValue::from_str("poolSubmit")).unwrap_or(false))
}

/// A component's answer callback, `(job id, result)`; `None` when the
/// workers could not start or the answer did not decode.
pub struct Sink(Closure<dyn FnMut(u32, JsValue)>);

impl Sink {
    pub fn new(mut on_result: impl FnMut(u32, Option<JobResult>) + 'static) -> Sink {
        Sink(Closure::new(move |id: u32, bytes: JsValue| {
            let result = bytes.dyn_into::<js_sys::Uint8Array>().ok().and_then(|b| decode(&b.to_vec()));
            on_result(id, result);
        }))
    }
}

/// A new owner id (one per figure or sweep; ids are the page's, not a
/// module's, so owners from different wasm modules never collide).
pub fn new_owner() -> u32 {
    if present() {
        pool_new_owner()
    } else {
        0
    }
}

/// Spawns the workers ahead of the tables' first job, where the tables use them.
pub fn warm_up_for_tables() {
    if present() {
        pool_warm_up_for_tables();
    }
}

/// False on machines with fewer than four cores, once the workers failed to
/// start, and on a page without the pool; table runs then happen on the main thread.
pub fn tables_available() -> bool {
    present() && pool_tables_available()
}

/// How many workers the pool runs (or will run).
pub fn size() -> u32 {
    if present() {
        pool_size()
    } else {
        0
    }
}

/// Queues `job` for `owner` (spawning the workers on first need); returns
/// the job id `sink` will be called with.
pub fn submit(owner: u32, job: &Job, sink: &Sink) -> u32 {
    let bytes = js_sys::Uint8Array::from(encode(job).as_slice());
    pool_submit(owner, job.is_interactive(), bytes, sink.0.as_ref())
}

/// Drops `owner`'s queued jobs and ignores its running ones.
pub fn cancel(owner: u32) {
    if present() {
        pool_cancel(owner);
    }
}

/// For the site's benchmark hook (`src/main.rs`, for `scripts/perf.sh`):
/// resolves to the mean wall time in ms of `runs` default exp1 runs at
/// summary level in a pool worker (NaN if the workers could not start),
/// whatever the core count.
pub fn bench(runs: u32) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, _reject| {
        let sink = Sink::new(move |_, result| {
            let ms = match result {
                Some(JobResult::Bench { ms_per_run }) => ms_per_run,
                _ => f64::NAN,
            };
            let _ = resolve.call1(&JsValue::NULL, &JsValue::from_f64(ms));
        });
        submit(new_owner(), &Job::Bench { runs }, &sink);
        // The pool calls the sink once; it lives until then.
        std::mem::forget(sink);
    })
}
