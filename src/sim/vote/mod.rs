//! Scenario B: vote-before-persist (Article B, model.md §4).
//!
//! Four validators run a simplified Tendermint-like round structure
//! (§4.3). Validator A's signed actions go through the safety pipeline of
//! the chosen variant (§4.4) against a safety store with storage layers
//! (Tx / Committed / OsCache / Disk), a background writer and OS writeback;
//! faults (§4.5) are injected; recovery (§4.6) and the outcomes of §4.7 are
//! computed. [`run`] turns a [`VoteConfig`] into a [`VoteTrace`] (the
//! time-based story of §4.9); [`crashpoints`] enumerates every consistent
//! crash cut (§4.8) without any time or randomness.
//!
//! Architecture invariant: this module knows nothing about the browser, the
//! CLI or the OS clock; it depends on `sim::core`, std and serde only.
//! Running cannot fail: validation happens in `crate::params`.

pub mod config;
pub mod crashpoints;
mod des;
pub mod gate;
pub mod step;
pub mod survival;
pub mod trace;

pub use config::{
    ConflictSource, FaultKind, InterruptStage, Layout, OuterEnd, StoreProfile, TrueState, Variant, VoteConfig,
    VotePreset, VoteTiming,
};
pub use crashpoints::{column_rank, matrix, story_config, CrashRow, MatrixOptions, Position, Verdict};
pub use step::{PipelineStep, StepName};
pub use survival::{survives, Device};
pub use trace::*;

/// The work cap: the most events one run may process, at any trace level.
///
/// Every caller of [`run`] gets it: the page (which runs on its main thread),
/// `lab run` and `lab figure`, so a file still equals the page's figure. The
/// article's stories take about 250–1,000 events; a run that reaches the cap
/// stops there and says so in [`VoteTrace::capped`]. Budget: the heaviest
/// figure (B3) runs three full-level stories per slider move, B5 four
/// summary runs, and wasm runs some 0.6–1 million events per second at this
/// size, so a slider move costs at most some 30–40 ms of simulation.
pub const MAX_EVENTS: u64 = 10_000;

/// Runs the time-based story of `config` (model.md §4.9), within [`MAX_EVENTS`].
pub fn run(config: &VoteConfig, level: TraceLevel) -> VoteTrace {
    des::run(config, level, MAX_EVENTS)
}

/// [`run`] with another cap (`u64::MAX`: none), for measurements and tests.
/// A capped run is exactly the beginning of the uncapped one.
pub fn run_with_cap(config: &VoteConfig, level: TraceLevel, max_events: u64) -> VoteTrace {
    des::run(config, level, max_events)
}

/// A stable 64-bit fingerprint of a trace (FNV-1a over its JSON), equal on
/// every platform for equal traces.
pub fn trace_hash(trace: &VoteTrace) -> u64 {
    let json = serde_json::to_vec(trace).expect("a trace always serializes");
    crate::core::fnv1a64(&json)
}
