//! Consistency Lab (정합성 실험실).
//!
//! A deterministic simulation of two published consistency experiments
//! (`sim`), the query-string parameters that drive it (`params`), and the
//! two front ends that read what it returns: the native `lab` CLI
//! (`src/bin/lab.rs`) and the Yew site (`web`, wasm32 only).
//! See ARCHITECTURE.md for the map and the invariants.

pub mod article;
/// The `lab` command line (native only: it writes files and renders PNGs).
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod figures;
pub mod korean;
pub mod live_table;
pub mod params;
pub mod predict;
pub mod prose;
/// `lab real` and `lab real-wal`: the real systems (native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod real_cli;
/// The real runs in the chapters, rendered ahead of time (native only).
#[cfg(not(target_arch = "wasm32"))]
pub mod real_view;
pub mod report;
pub mod slider_scale;
/// The simulation core, a crate of its own (`src/sim/`, package `lab-sim`).
pub use lab_sim as sim;
pub mod sweep;
pub mod work_cap;
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub mod web;
