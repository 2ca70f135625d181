//! One history per real run, Jepsen-style: every request as an invoke and a
//! completion on one monotonic clock (nanoseconds since the run's t0), with
//! `ok`, `fail` or `unknown` (the effect cannot be known, e.g. a connection
//! error on release), the hold's stamps, and the nemesis's events.
//!
//! [`to_run_record`] turns it into lab-sim's `RunRecord`, so that the real
//! column is computed by the simulation's own metrics code
//! (`lab_sim::lease::trace_from_record`): the two cannot differ by definition.

use lab_sim::core::Stamp;
use lab_sim::lease::policy::{Read, WriteFence};
use lab_sim::lease::{BalancePoint, FencePhase, Hold, LeaseConfig, Outcome, ReleaseResult, Response, RunRecord};
use serde::{Deserialize, Serialize};

/// How a request completed, as a history checker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Completion {
    /// The payment was approved and committed.
    Ok,
    /// A definite refusal (insufficient funds, fence reject, 503).
    Fail,
    /// The effect of some step cannot be known (a connection error).
    Unknown,
}

/// One critical section as the worker saw it (the article's `experiment_lock_hold`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldRecord {
    pub token: Option<u64>,
    pub lockless: bool,
    pub acquired_ns: u64,
    pub read_ns: Option<u64>,
    pub read_value_won: Option<i64>,
    pub written_ns: Option<u64>,
    pub written_value_won: Option<i64>,
    pub released_ns: u64,
    pub release_result: ReleaseResult,
    pub outcome: Outcome,
    /// When the watchdog first found this hold's lease gone.
    pub lease_lost_seen_ns: Option<u64>,
    /// Redis `TIME` when the acquire script ran (µs since the Unix epoch).
    pub server_set_us: Option<u64>,
}

impl HoldRecord {
    /// A hold just entered at `acquired_ns`: nothing read or written yet, and
    /// until the worker says otherwise it ends where it began, unreleased,
    /// as insufficient funds. `token` is `None` for a lockless hold.
    pub fn entered(token: Option<u64>, acquired_ns: u64, server_set_us: Option<u64>) -> HoldRecord {
        HoldRecord {
            token,
            lockless: token.is_none(),
            acquired_ns,
            read_ns: None,
            read_value_won: None,
            written_ns: None,
            written_value_won: None,
            released_ns: acquired_ns,
            release_result: ReleaseResult::NotApplicable,
            outcome: Outcome::Insufficient,
            lease_lost_seen_ns: None,
            server_set_us,
        }
    }
}

/// One request: invoke, completion, and the hold it opened (if any).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestRecord {
    pub worker: u32,
    pub wallet: u32,
    pub invoke_ns: u64,
    pub complete_ns: u64,
    pub outcome: Outcome,
    pub completion: Completion,
    /// The first error the request met, as text.
    pub error: Option<String>,
    pub hold: Option<HoldRecord>,
}

/// What the `pay-api` process hands back at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiHistory {
    pub requests: Vec<RequestRecord>,
    pub acquire_refusals: u64,
    pub watchdog_extensions: u64,
    pub watchdog_saw_lost: u64,
    /// Redis commands that failed (refused connection, reset, protocol error).
    pub lock_errors: u64,
    /// PostgreSQL statements that failed.
    pub db_errors: u64,
    /// Redis `TIME` (µs since the Unix epoch) and the monotonic ns after its
    /// reply, read once at the start: calibrates the server lease stamps.
    pub time_calibration: Option<(u64, i64)>,
}

/// A fault the orchestrator injected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NemesisKind {
    Stop,
    Continue,
    RedisKill,
    /// The new, empty Redis process started; `ready_ns` when it accepted a connection.
    RedisRestart {
        ready_ns: u64,
    },
}

/// One nemesis event: what, when it was due, when it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NemesisEvent {
    pub kind: NemesisKind,
    pub deadline_ns: u64,
    pub at_ns: u64,
}

/// The whole history of one run; every `_ns` is since `t0`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    pub api: ApiHistory,
    pub nemesis: Vec<NemesisEvent>,
}

/// What the database and Redis said at the end (and at the kill).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerFacts {
    /// `wallet.available_amount` per wallet at the end.
    pub snapshot_won: Vec<i64>,
    /// Debit rows in `ledger_entry` per wallet at the end.
    pub debits: Vec<u64>,
    /// `lock_fence.token` per wallet read right after the Redis kill.
    pub fence_at_kill: Option<Vec<u64>>,
    /// Redis `expired_keys`, summed over the Redis processes of the run.
    pub leases_expired: u64,
}

fn stamp(ns: u64) -> Stamp {
    // Ordering by (µs, ns) is ordering by ns: the SQL self-join compares the same ns.
    Stamp { t_us: ns / 1_000, seq: ns }
}

/// The holds of a history, in acquisition order (the order the metrics sweep needs).
pub fn holds_in_order(history: &History) -> Vec<(&RequestRecord, &HoldRecord)> {
    let mut holds: Vec<(&RequestRecord, &HoldRecord)> =
        history.api.requests.iter().filter_map(|r| r.hold.as_ref().map(|h| (r, h))).collect();
    holds.sort_by_key(|(_, h)| h.acquired_ns);
    holds
}

/// Converts a real history into the simulation's raw record. Fails when the
/// database disagrees with the history (a committed debit without an
/// approved hold, or the reverse): the metrics would then be wrong.
pub fn to_run_record(cfg: &LeaseConfig, history: &History, facts: &ServerFacts) -> Result<RunRecord, String> {
    let wallets = cfg.wallets as usize;
    let kill_ns = cfg.outage.map(|o| u64::from(o.kill_at_ms) * 1_000_000);
    let mut holds = Vec::new();
    let mut fence_epoch0_max = vec![0u64; wallets];
    for (id, (request, h)) in holds_in_order(history).into_iter().enumerate() {
        holds.push(Hold {
            id: id as u32,
            wallet: request.wallet,
            worker: request.worker,
            process: 0,
            token: h.token,
            lockless: h.lockless,
            acquired_at: stamp(h.acquired_ns),
            read_at: h.read_ns.map(stamp),
            read_value_won: h.read_value_won,
            written_at: h.written_ns.map(stamp),
            written_value_won: h.written_value_won,
            released_at: stamp(h.released_ns),
            release_result: h.release_result,
            outcome: h.outcome,
            lease_lost_seen_at: h.lease_lost_seen_ns.map(stamp),
        });
        // The highest pre-kill token that passed into the fence.
        if let (Some(kill), Some(token)) = (kill_ns, h.token) {
            // Stamped at read unless rejected there; stamped at write only by an approval.
            let policy = cfg.policy();
            let passed = if policy.read == Read::StampThenShare {
                h.outcome != Outcome::FenceRejected(FencePhase::Read)
            } else {
                policy.write_fence == WriteFence::Advance && h.outcome == Outcome::Approved
            };
            if passed && h.acquired_ns < kill {
                let w = request.wallet as usize;
                fence_epoch0_max[w] = fence_epoch0_max[w].max(token);
            }
        }
    }
    let approved_per_wallet = (0..wallets)
        .map(|w| holds.iter().filter(|h| h.wallet as usize == w && h.outcome == Outcome::Approved).count() as u64)
        .collect::<Vec<_>>();
    if approved_per_wallet != facts.debits {
        return Err(format!(
            "the database's debits per wallet {:?} differ from the history's approved holds {:?}",
            facts.debits, approved_per_wallet
        ));
    }
    if let Some(at_kill) = &facts.fence_at_kill {
        for (max, &seen) in fence_epoch0_max.iter_mut().zip(at_kill) {
            // Tokens stamped into the fence by holds the history lists
            // after the kill (the kill's own stamp is a few µs late).
            *max = (*max).max(seen);
        }
    }
    let responses: Vec<Response> = history
        .api
        .requests
        .iter()
        .map(|r| Response {
            worker: r.worker,
            wallet: r.wallet,
            t_req_us: r.invoke_ns / 1_000,
            t_resp_us: r.complete_ns / 1_000,
            outcome: r.outcome,
        })
        .collect();
    // The same series as the page's recorded run builds (`figures::recorded`),
    // kept apart on purpose: shared through lab-sim it grew the site's wasm.
    let initial = i64::from(cfg.initial_balance_won);
    let amount = i64::from(cfg.amount_won);
    let mut balance: Vec<Vec<BalancePoint>> =
        (0..wallets).map(|_| vec![BalancePoint { t_us: 0, snapshot_won: initial, ledger_won: initial }]).collect();
    let mut written: Vec<&Hold> = holds.iter().filter(|h| h.outcome == Outcome::Approved).collect();
    written.sort_by_key(|h| h.written_at);
    for h in written {
        let series = &mut balance[h.wallet as usize];
        let debits = series.len() as i64;
        series.push(BalancePoint {
            t_us: h.written_at.map_or(0, |s| s.t_us),
            snapshot_won: h.written_value_won.unwrap_or(0),
            ledger_won: initial - amount * debits,
        });
    }
    let end_ns = history
        .api
        .requests
        .iter()
        .map(|r| r.complete_ns.max(r.hold.as_ref().map_or(0, |h| h.released_ns)))
        .chain(history.nemesis.iter().map(|e| e.at_ns))
        .max()
        .unwrap_or(0);
    Ok(RunRecord {
        holds,
        responses,
        leases: Vec::new(),
        events: Vec::new(),
        balance,
        tokens: vec![Vec::new(); wallets],
        snapshot_won: facts.snapshot_won.clone(),
        debits: facts.debits.clone(),
        fence_epoch0_max,
        fence_at_kill: facts.fence_at_kill.clone(),
        watchdog_extensions: history.api.watchdog_extensions,
        watchdog_saw_lost: history.api.watchdog_saw_lost,
        acquire_refusals: history.api.acquire_refusals,
        lock_timeouts: 0,
        leases_expired: facts.leases_expired,
        end: stamp(end_ns),
        events_processed: 0,
    })
}
