//! Scenario A: a lock lease against a transaction (Article A, model.md §1–§3).
//!
//! A discrete-event model of the payment harness: closed-loop workers, a
//! Redis-like lock server (SET NX PX + INCR token, conditional extend and
//! release, kill/restart with state loss, stalls), a READ COMMITTED database
//! with row locks and a fence table, the watchdog thread, and process stops.
//! [`run_with`] turns a [`LeaseConfig`], a seed and [`Limits`] into a
//! [`LeaseTrace`] ([`run`]: no limits).
//!
//! Architecture invariant: this module knows nothing about the browser, the
//! CLI or the OS clock. Running cannot fail; validation happens in
//! `lab_model::params` before a config gets here.

pub mod config;
pub mod db;
mod engine;
pub mod lock_server;
mod metrics;
pub mod policy;
pub mod script;
pub mod trace;
pub mod wire;

pub use config::{FailPolicy, LeaseConfig, Noise, Outage, Preset, StopSchedule, Variant, WalletAssignment};
pub use engine::{Response, RunRecord};
pub use policy::Policy;
pub use script::{run_scripted, Script, ScriptError, ScriptStep};
pub use trace::*;

/// Builds the trace of a record that did not come from the engine: a real
/// run's history converted to the engine's raw facts (`lab real`), so that
/// the real and the simulated metrics are computed by the same code.
pub fn trace_from_record(
    config: &LeaseConfig,
    seed: u64,
    run_index: u32,
    level: TraceLevel,
    record: RunRecord,
) -> LeaseTrace {
    metrics::build_trace(config, seed, run_index, level, record)
}

/// Runs one simulation of `config` with base seed `seed` and run index
/// `run_index` (the article ran each configuration as runs 0, 1, 2), to its
/// configured duration and without a cap: [`run_with`] with [`Limits::NONE`].
pub fn run(config: &LeaseConfig, seed: u64, run_index: u32, level: TraceLevel) -> LeaseTrace {
    run_with(config, seed, run_index, level, Limits::NONE).expect("no cap").trace
}

/// How far a run may go. A front end that must stay within a time budget
/// caps the work; a timeline that shows only its first part needs no run
/// past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// No request starts at or after this simulated time (µs); `None`: the
    /// configured duration. The run up to the deadline is the same as the
    /// full run's; the trace's `config` still says `duration_s`, so its rates
    /// are not those of the shortened run (the timelines that use this show
    /// no rates).
    pub deadline_us: Option<crate::core::SimTime>,
    /// The work cap: events of the event loop (at `TraceLevel::Full`,
    /// counting the refusals it computed and recorded as well); `u64::MAX`: none.
    pub max_events: u64,
    /// What a run that reaches the cap does.
    pub at_cap: AtCap,
}

/// What a run does when it reaches its work cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtCap {
    /// Gives up and reports the simulated time it had reached
    /// ([`WorkCapReached`]); the caller runs a shorter configuration instead
    /// (and says so).
    GiveUp,
    /// Ends earlier, at the first multiple of `step_us` after the simulated
    /// time it had reached (no request starts from then on; those under way
    /// finish), and says where ([`Run::moved_deadline_us`]). The trace is the
    /// one the moved deadline gives without a cap; usually it is the same run
    /// carried on, which costs the work cap plus at most one step's events,
    /// not a second run.
    EndAtNextStep { step_us: crate::core::SimTime },
}

impl Limits {
    /// The configured duration, no cap.
    pub const NONE: Limits = Limits { deadline_us: None, max_events: u64::MAX, at_cap: AtCap::GiveUp };

    /// At most `max_events` events, giving up past them.
    pub fn capped(max_events: u64) -> Limits {
        Limits { max_events, ..Limits::NONE }
    }

    /// These limits with no request starting at or after `deadline_us`.
    pub fn until(self, deadline_us: crate::core::SimTime) -> Limits {
        Limits { deadline_us: Some(deadline_us), ..self }
    }

    /// These limits, ending at the next multiple of `step_us` at the cap instead of giving up.
    pub fn ending_at_next_step(self, step_us: crate::core::SimTime) -> Limits {
        assert!(step_us > 0, "a window shrinks in steps of at least 1 µs");
        Limits { at_cap: AtCap::EndAtNextStep { step_us }, ..self }
    }
}

/// A finished run: its trace, and the deadline the cap moved it to, if it did.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub trace: LeaseTrace,
    pub moved_deadline_us: Option<crate::core::SimTime>,
}

/// The one way to run Scenario A: `config` with base seed `seed` and run
/// index `run_index`, within `limits`. Fails only when the cap is reached
/// with [`AtCap::GiveUp`].
pub fn run_with(
    config: &LeaseConfig,
    seed: u64,
    run_index: u32,
    level: TraceLevel,
    limits: Limits,
) -> Result<Run, WorkCapReached> {
    let deadline_us = limits.deadline_us.unwrap_or(u64::from(config.duration_s) * crate::core::US_PER_S);
    let spin = engine::SpinModel::Lazy;
    match limits.at_cap {
        AtCap::GiveUp => {
            let cap = engine::WorkCap::GiveUpAfter(limits.max_events);
            simulate(config, seed, run_index, level, deadline_us, cap, spin)
                .map(|(trace, _)| Run { trace, moved_deadline_us: None })
        }
        AtCap::EndAtNextStep { step_us } => {
            let cap = engine::WorkCap::EndAtNextStepAfter { max_events: limits.max_events, step_us };
            match simulate(config, seed, run_index, level, deadline_us, cap, spin) {
                Ok((trace, moved_deadline_us)) => Ok(Run { trace, moved_deadline_us }),
                Err(reached) => {
                    // A stop or a stall lies between the moved deadline and the
                    // old one, so the run so far is not that of the moved deadline.
                    let end_us = engine::cap_deadline_us(reached.at_us, step_us, deadline_us);
                    let trace = run_with(config, seed, run_index, level, Limits::NONE.until(end_us))?.trace;
                    Ok(Run { trace, moved_deadline_us: Some(end_us) })
                }
            }
        }
    }
}

/// Runs the engine and builds the trace; the deadline the cap moved the run to, if it did.
fn simulate(
    config: &LeaseConfig,
    seed: u64,
    run_index: u32,
    level: TraceLevel,
    deadline_us: crate::core::SimTime,
    cap: engine::WorkCap,
    spin: engine::SpinModel,
) -> Result<(LeaseTrace, Option<crate::core::SimTime>), WorkCapReached> {
    let (record, moved) = engine::simulate(config, seed, run_index, level, deadline_us, cap, spin)?;
    Ok((metrics::build_trace(config, seed, run_index, level, record), moved))
}

/// [`simulate`] to the configured duration without a cap.
fn simulate_whole(
    config: &LeaseConfig,
    seed: u64,
    run_index: u32,
    level: TraceLevel,
    spin: engine::SpinModel,
) -> LeaseTrace {
    let deadline_us = u64::from(config.duration_s) * crate::core::US_PER_S;
    simulate(config, seed, run_index, level, deadline_us, engine::WorkCap::GiveUpAfter(u64::MAX), spin)
        .expect("no cap")
        .0
}

/// The reference models the tests hold [`run`] against: the same engine
/// with a slower, simpler spin model or queue upkeep. Not for front ends.
pub mod testing {
    use super::{engine, simulate_whole, LeaseConfig, LeaseTrace, TraceLevel};

    /// Like [`super::run`], but spinners' rescheduled arrivals stay in the event queue
    /// until they are popped and ignored, instead of being taken out when they
    /// crowd it (`engine::Engine::remove_dead_arrivals`): the reference that
    /// `run` must equal, bit for bit, in tests.
    pub fn run_keeping_dead_arrivals(config: &LeaseConfig, seed: u64, run_index: u32, level: TraceLevel) -> LeaseTrace {
        simulate_whole(config, seed, run_index, level, engine::SpinModel::LazyKeepingDeadArrivals)
    }

    /// Like [`super::run`], with every spin-retry attempt simulated as events (the
    /// engine's eager spin model). Several times slower under contention; it exists
    /// so that tests can check the computed attempts of [`super::run`] against it.
    pub fn run_eager_spin(config: &LeaseConfig, seed: u64, run_index: u32, level: TraceLevel) -> LeaseTrace {
        simulate_whole(config, seed, run_index, level, engine::SpinModel::Eager)
    }
}

/// A stable 64-bit fingerprint of a trace (FNV-1a over its JSON), equal on
/// every platform for equal traces. Used to pin presets and to check
/// native/wasm parity.
pub fn trace_hash(trace: &LeaseTrace) -> u64 {
    let json = serde_json::to_vec(trace).expect("a trace always serializes");
    crate::core::fnv1a64(&json)
}
