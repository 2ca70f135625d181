//! Scenario A: a lock lease against a transaction (Article A, model.md §1–§3).
//!
//! A discrete-event model of the payment harness: closed-loop workers, a
//! Redis-like lock server (SET NX PX + INCR token, conditional extend and
//! release, kill/restart with state loss, stalls), a READ COMMITTED database
//! with row locks and a fence table, the watchdog thread, and process stops.
//! [`run`] turns a [`LeaseConfig`] and a seed into a [`LeaseTrace`].
//!
//! Architecture invariant: this module knows nothing about the browser, the
//! CLI or the OS clock. Running cannot fail; validation happens in
//! `crate::params` before a config gets here.

pub mod config;
pub mod db;
mod engine;
pub mod lock_server;
mod metrics;
pub mod trace;

pub use config::{FailPolicy, LeaseConfig, Noise, Outage, Preset, StopSchedule, Variant, WalletAssignment};
pub use trace::*;

/// Runs one simulation of `config` with base seed `seed` and run index
/// `run_index` (the article ran each configuration as runs 0, 1, 2).
pub fn run(config: &LeaseConfig, seed: u64, run_index: u32, level: TraceLevel) -> LeaseTrace {
    let record = engine::simulate(config, seed, run_index, level);
    metrics::build_trace(config, seed, run_index, level, record)
}

/// A stable 64-bit fingerprint of a trace (FNV-1a over its JSON), equal on
/// every platform for equal traces. Used to pin presets and to check
/// native/wasm parity.
pub fn trace_hash(trace: &LeaseTrace) -> u64 {
    let json = serde_json::to_vec(trace).expect("a trace always serializes");
    crate::core::fnv1a64(&json)
}
