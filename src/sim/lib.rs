//! The simulation core (crate `lab-sim`): pure, deterministic Rust shared by
//! the CLI and the site, re-exported there as `consistency_lab::sim`.
//!
//! Architecture invariant: `sim` depends on std, serde, a named portable
//! PRNG and sorted-vector maps (`litemap`) only. It never imports yew, web-sys, gloo, an OS clock, `thread_rng`,
//! `SmallRng` or `StdRng`, and never iterates a `HashMap` into an output
//! (`tests/tidy.rs` checks this).

pub mod core;
pub mod lease;
pub mod sorted;
pub mod vote;
