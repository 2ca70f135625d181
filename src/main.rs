//! Entry point of the site. Trunk builds this binary for wasm32; natively it
//! only explains where the site comes from.

#[cfg(target_arch = "wasm32")]
fn main() {
    consistency_lab::web::start();
}

/// Benchmark hook for `scripts/perf.sh` (Trunk exposes the site's exports as
/// `window.wasmBindings`): the mean ms per default exp1 run in a worker of the
/// page's pool (`web::worker_pool::bench`). Exported here, by the site's
/// binary only, so the lazily loaded modules do not carry it.
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
