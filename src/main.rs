//! Entry point of the site. Trunk builds this binary for wasm32; natively it
//! only explains where the site comes from.

#[cfg(target_arch = "wasm32")]
fn main() {
    consistency_lab::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the site is built for wasm32 by Trunk: see README.md (scripts/serve.sh)");
    std::process::exit(2);
}
