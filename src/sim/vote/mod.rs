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
pub mod trace;

pub use config::{
    ConflictSource, FaultKind, InterruptStage, Layout, OuterEnd, StoreProfile, TrueState, Variant, VoteConfig,
    VotePreset, VoteTiming,
};
pub use crashpoints::{column_rank, matrix, story_config, CrashRow, MatrixOptions, Position, Verdict};
pub use trace::*;

/// Runs the time-based story of `config` (model.md §4.9).
pub fn run(config: &VoteConfig, level: TraceLevel) -> VoteTrace {
    des::run(config, level)
}

/// A stable 64-bit fingerprint of a trace (FNV-1a over its JSON), equal on
/// every platform for equal traces.
pub fn trace_hash(trace: &VoteTrace) -> u64 {
    let json = serde_json::to_vec(trace).expect("a trace always serializes");
    crate::core::fnv1a64(&json)
}
