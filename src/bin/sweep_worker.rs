//! `sweep_worker`: the web worker that runs the sweep figures' grids
//! (`consistency_lab::sweep`). Trunk builds it for wasm32 as a separate
//! worker binary (index.html: `data-type="worker"`, no preload); the page
//! spawns it only when a sweep figure is shown. Natively it is a stub, so
//! `cargo test --all-targets` and the wasm test build still compile it.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo::worker::Registrable;
    consistency_lab::sweep::worker::SweepWorker::registrar().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("sweep_worker is a web worker built for wasm32 by Trunk; natively, use `lab sweep` (see README.md)");
    std::process::exit(2);
}
