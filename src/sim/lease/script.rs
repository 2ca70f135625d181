//! A scripted run: a schedule, as data, decides the order of the workers'
//! steps and the faults, in place of the random pauses and the event
//! order (issue 41: every counterexample of `lab-check` replays here).
//!
//! A [`Script`] is the shape the checker's smallest schedules come in: one
//! [`ScriptStep`] per step, each a worker's next server-side statement (the
//! lock command, the SQL statement, or the compute after the read) or one of
//! the adversary's (a holder's stall past its lease, a process stop past it,
//! the lock server's death and empty restart). The engine holds every
//! worker at its next step until the script names it, lets everything else
//! (replies, overheads, the watchdog's ticks) run on simulated time, and
//! takes the next step only when every worker is waiting at one or done,
//! and a short gap after the last (so a drawing shows each step; all the
//! gaps together stay under half a TTL, so no lease lapses unscripted).
//! A stall or a stop lets the simulated clock run one TTL (and 1 µs) with
//! the holder held, so its lease expires as the server's own TTL says; the
//! kill and the restart happen at once. Pauses are zero, noise is off and
//! the configuration's own stop schedule and outage are not scheduled: the
//! script is the only adversary. After its last step the run drains
//! unscripted, in the engine's own order. No randomness is drawn that
//! matters and nothing reads a clock: the same script gives the same trace.

use serde::{Deserialize, Serialize};

use super::config::{LeaseConfig, Noise, StopSchedule};
use super::policy::Policy;
use super::{engine, metrics, LeaseTrace, TraceLevel};

/// One step of a schedule (the checker's `Step`, field for field in JSON:
/// `{"kind":"thread","thread":0}`, `{"kind":"stall"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "thread")]
pub enum ScriptStep {
    /// Worker `n` takes its next step.
    Thread(u8),
    /// The lease holder stalls (a pause, a GC) until its lease has expired.
    Stall,
    /// The holder's process stops (SIGSTOP, its watchdog too) until its lease has expired.
    ProcessStop,
    /// The lock server dies: keys and token counters are gone.
    Kill,
    /// The lock server comes back, empty.
    Restart,
}

/// A schedule for a small world: each worker sends `requests` payments,
/// one after the other, and `steps` orders what happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Script {
    pub requests: u32,
    /// The section to run in place of the configuration's row, if any (a
    /// row no variant has: the checker's planted bugs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<Policy>,
    pub steps: Vec<ScriptStep>,
}

/// Why a script cannot drive a run: the step at `index` is not possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScriptError {
    pub index: usize,
    pub step: ScriptStep,
    pub reason: ScriptErrorReason,
}

/// What was missing for a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScriptErrorReason {
    /// No such worker, or it has no step waiting (done, or not yet back from its last one).
    NotWaiting,
    /// A stall or stop with no lease held.
    NoLease,
    /// A kill while the server is down, or a restart while it is up.
    ServerState,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.reason {
            ScriptErrorReason::NotWaiting => "that worker has no step waiting",
            ScriptErrorReason::NoLease => "no lease is held",
            ScriptErrorReason::ServerState => "the lock server is not in the state this step needs",
        };
        write!(f, "step {} ({:?}): {why}", self.index + 1, self.step)
    }
}

impl std::error::Error for ScriptError {}

/// The configuration a script runs: `config` with no pause, no noise, no
/// stop schedule and no outage of its own (the script brings its faults).
pub fn scripted_config(config: &LeaseConfig) -> LeaseConfig {
    LeaseConfig {
        pause_min_ms: 0,
        pause_max_ms: 0,
        noise: Noise::OFF,
        stops: StopSchedule { count: 0, ..config.stops },
        outage: None,
        ..config.clone()
    }
}

/// Runs [`scripted_config`]`(config)` as `script` says, to the end of the drain.
pub fn run_scripted(config: &LeaseConfig, script: &Script, level: TraceLevel) -> Result<LeaseTrace, ScriptError> {
    let config = scripted_config(config);
    let record = engine::simulate_scripted(&config, script, level)?;
    Ok(metrics::build_trace(&config, 0, 0, level, record))
}

/// Writes that committed with a stale token, as a trace of a run with
/// `policy`'s section shows them (the checker's stale-token property): a
/// hold's committed write after a later grant's fence stamp was accepted.
/// Grants are ordered as their holders opened them (`Hold::id`), tokens
/// aside, since a restarted lock server counts from 1 again. A stamp counts
/// from when its holder saw it accepted: the read's reply where the section
/// stamps at read time (c-2), the write's commit where it stamps at write
/// time (c-1). Needs holds (`TraceLevel::Holds` or more); 0 for a section
/// without a fence stamp.
pub fn stale_token_writes(trace: &LeaseTrace, policy: &Policy) -> u64 {
    use super::policy::{Read, WriteFence};
    let stamped_at = |h: &super::trace::Hold| {
        h.token?;
        if policy.read == Read::StampThenShare {
            h.read_at
        } else if policy.write_fence == WriteFence::Advance {
            h.written_at
        } else {
            None
        }
    };
    let holds = &trace.holds;
    holds
        .iter()
        .filter(|h| h.token.is_some())
        .filter(|h| {
            h.written_at.is_some_and(|written| {
                holds.iter().any(|g| g.wallet == h.wallet && g.id > h.id && stamped_at(g).is_some_and(|s| s < written))
            })
        })
        .count() as u64
}
