//! Consistency Lab.
//!
//! The layers above the simulation (`lab-sim`), the model (`lab-model`) and
//! the figures (`lab-figures`: plans, drawings, exports), each a crate of its
//! own: the chapters (`content`), and the two front ends, the native `lab`
//! CLI (`cli`) and the Yew site (`web`, wasm32 only). Each imports only the
//! layers before it in that list (`tests/layers.rs`). See ARCHITECTURE.md for
//! the map and the invariants.

/// The `lab` command line (native only: it writes files and renders PNGs).
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod content;
/// The figures, a crate of their own (`src/figures/`, package `lab-figures`).
pub use lab_figures as figures;
/// The simulation core, a crate of its own (`src/sim/`, package `lab-sim`).
pub use lab_sim as sim;
/// Every word a reader sees, Korean and English, a crate of its own
/// (`src/words/`, package `lab-words`).
pub use lab_words as words;

#[cfg(target_arch = "wasm32")]
pub mod web;
