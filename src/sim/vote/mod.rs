//! Scenario B: vote-before-persist (Article B, model.md §4).
//!
//! Four validators run a simplified Tendermint-like round structure
//! (§4.3). Validator A's signed actions go through the safety pipeline of
//! the chosen variant (§4.4) against a safety store with storage layers
//! (Tx / Committed / OsCache / Disk), a background writer and OS writeback;
//! faults (§4.5) are injected; recovery (§4.6) and the outcomes of §4.7 are
//! computed. [`run_with`] turns a [`VoteConfig`] and [`Limits`] into a
//! [`VoteTrace`], the time-based story of §4.9 ([`run`]: under the front
//! ends' cap); [`crashpoints`] enumerates every consistent crash cut (§4.8)
//! without any time or randomness.
//!
//! Architecture invariant: this module knows nothing about the browser, the
//! CLI or the OS clock; it depends on `sim::core`, std and serde only.
//! Running cannot fail: validation happens in `lab_model::params`.

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

/// How far a run may go: its work cap. Scenario B's counterpart of
/// [`crate::lease::Limits`]; a story has no deadline of its own to move (its
/// horizon is in its config), so the cap is all there is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Events of the event loop, at any trace level; `u64::MAX`: none.
    pub max_events: u64,
}

impl Limits {
    /// The cap every front end runs under: [`MAX_EVENTS`].
    pub const FRONT_END: Limits = Limits { max_events: MAX_EVENTS };

    /// At most `max_events` events.
    pub fn capped(max_events: u64) -> Limits {
        Limits { max_events }
    }
}

/// Runs the time-based story of `config` (model.md §4.9) under
/// [`Limits::FRONT_END`]: [`run_with`] as every front end calls it.
pub fn run(config: &VoteConfig, level: TraceLevel) -> VoteTrace {
    run_with(config, level, Limits::FRONT_END)
}

/// The one way to run Scenario B: `config` (its seed is
/// [`VoteConfig::seed`]; every random stream comes from
/// [`crate::core::RngStream::derive`] as Scenario A's do, with run index 0) within
/// `limits`. A capped run is exactly the beginning of the uncapped one and
/// says where it stopped in [`VoteTrace::capped`].
pub fn run_with(config: &VoteConfig, level: TraceLevel, limits: Limits) -> VoteTrace {
    des::run(config, level, limits.max_events)
}

/// A stable 64-bit fingerprint of a trace (FNV-1a over its JSON), equal on
/// every platform for equal traces.
pub fn trace_hash(trace: &VoteTrace) -> u64 {
    let json = serde_json::to_vec(trace).expect("a trace always serializes");
    crate::core::fnv1a64(&json)
}
