//! `lab`: the native command line of Consistency Lab. The implementation is
//! `consistency_lab::cli`; this file only calls it.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    consistency_lab::cli::main()
}

/// `lab` is a native tool; a wasm32 build of every target (as
/// `cargo test --target wasm32-unknown-unknown` makes) gets this stub.
#[cfg(target_arch = "wasm32")]
fn main() {}
