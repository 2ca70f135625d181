//! Entry point of the site. Trunk builds this binary for wasm32; natively it
//! only explains where the site comes from.
//!
//! The site's benchmark hooks for `scripts/perf.sh` are exported here (Trunk
//! exposes the site's exports as `window.wasmBindings`), by the site's
//! binary only: an export of the library would be a root of every wasm module that
//! links it, and `bench_lease_run` alone kept the lock-lease simulation (about
//! 75 KB) in the lazily loaded modules that otherwise never run it.

#[cfg(target_arch = "wasm32")]
fn main() {
    consistency_lab::web::start();
}

/// The mean wall time in ms of `runs` default runs of a lock-lease preset at
/// summary level, as the metric tables run them, on the page's main thread.
/// Returns NaN for an unknown preset. Timing lives here, never in `sim`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_lease_run(preset_key: &str, runs: u32) -> f64 {
    use consistency_lab::sim::lease::{run, Preset, TraceLevel};
    let Some(preset) = Preset::from_key(preset_key) else { return f64::NAN };
    let config = preset.config();
    let runs = runs.max(1);
    let clock = web_sys::window().and_then(|w| w.performance());
    let now = || clock.as_ref().map(|p| p.now()).unwrap_or(0.0);
    let start = now();
    let mut checksum = 0u64;
    for r in 0..runs {
        checksum ^= run(&config, 1, r % 3, TraceLevel::Summary).metrics.approvals;
    }
    std::hint::black_box(checksum);
    (now() - start) / f64::from(runs)
}

/// The same runs (exp1, `runs` of them) in a worker of the page's pool
/// (`web::worker_pool::bench`): resolves to the mean ms per run.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_worker_run(runs: u32) -> js_sys::Promise {
    consistency_lab::web::worker_pool::bench(runs)
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the site is built for wasm32 by Trunk: see README.md (scripts/serve.sh)");
    std::process::exit(2);
}
