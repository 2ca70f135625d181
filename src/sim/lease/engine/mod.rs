//! The Scenario A event loop (model.md §1.4–§1.7): closed-loop workers, the
//! lock client (one-way latency, command timeout, fail-fast while down), the
//! watchdog, process stops, the lock-server outage and noise.
//!
//! The engine records raw facts only: holds as the client saw them,
//! responses, balance and token time series, server-side lease spans and
//! (at `TraceLevel::Full`) past-tense events. Every metric is derived from
//! those records afterwards in `metrics.rs`.
//!
//! What it must not depend on: any clock, any unseeded randomness, the CLI or
//! the browser. All randomness comes from `RngStream`s keyed by purpose and
//! entity (model.md §0.3), so a slider move keeps common random numbers.
//!
//! This file holds the loop itself (events, worker and engine state,
//! [`simulate`], dispatch and the final record); the handlers live beside
//! it: `requests.rs` (the worker loop and the drain rule), `db_client.rs`,
//! `lock_client.rs` (client and server side of a lock command),
//! `watchdog.rs`, `faults.rs` (stops, outage, stalls) and `spin.rs` (lazy
//! spinning).

use std::collections::VecDeque;

use super::config::LeaseConfig;
use super::db::{Completion, Db, Stmt};
use super::lock_server::{LockServer, ServerStatus};
use super::policy::{self, Policy};
use super::trace::{
    BalancePoint, EventKind, Hold, LeaseSpan, Outcome, ReleaseResult, TokenPoint, TraceEvent, TraceLevel,
    WorkCapReached,
};
use crate::core::{EventQueue, ProcessTable, RngStream, SimTime, Stamp, US_PER_MS, US_PER_S};

mod db_client;
mod faults;
mod lock_client;
mod requests;
mod script;
mod spin;

pub(crate) use script::simulate_scripted;
mod watchdog;

const NO_HOLD: u32 = u32::MAX;

/// Who sent a lock command: a worker, or the watchdog task of a worker's
/// hold. Packed into one `u32` (worker << 1 | watchdog) to keep events small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Client(u32);

impl Client {
    fn of_worker(worker: u32) -> Client {
        Client(worker << 1)
    }

    fn of_watchdog(worker: u32) -> Client {
        Client(worker << 1 | 1)
    }

    fn worker(self) -> u32 {
        self.0 >> 1
    }

    fn is_watchdog(self) -> bool {
        self.0 & 1 == 1
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CmdKind {
    Acquire,
    Extend,
    Release,
}

/// A lock command (an imperative: it has not happened yet). Tokens travel
/// as `u32` inside events (a run issues far fewer than 2^32 per wallet).
#[derive(Clone, Copy, Debug)]
struct LockCmd {
    kind: CmdKind,
    wallet: u16,
    token: u32,
}

/// The reply of the lock server as it travels back (flattened `LockAnswer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReplyKind {
    Acquired,
    Refused,
    Extended,
    NotExtended,
    Released,
    Stolen,
    Expired,
    Failed,
}

/// What the lock client hands back to its caller.
#[derive(Clone, Copy, Debug)]
enum LockAnswer {
    Acquired {
        token: u64,
        epoch: u32,
    },
    Refused,
    Extended(bool),
    Released(ReleaseResult),
    /// Unavailable (server down) or timed out: the caller cannot tell which.
    Failed,
}

/// An event of the loop. Kept at 16 bytes (asserted below): payloads that
/// would not fit (the DB statement and its result, the watchdog's schedule)
/// live in the worker's slots, which is safe because a worker has at most one
/// DB statement and one watchdog tick outstanding at a time.
#[derive(Clone, Copy, Debug)]
enum Ev {
    WorkerWake {
        worker: u32,
    },
    LockArrive {
        client: Client,
        cmd_seq: u32,
        token: u32,
        wallet: u16,
        kind: CmdKind,
    },
    LockReply {
        client: Client,
        cmd_seq: u32,
        token: u32,
        epoch: u16,
        kind: ReplyKind,
    },
    LockTimeout {
        client: Client,
        cmd_seq: u32,
    },
    /// The statement is `workers[worker].db_stmt`.
    DbArrive {
        worker: u32,
    },
    /// The result is `workers[worker].db_result`.
    DbReply {
        worker: u32,
    },
    /// A parked spinner's next `Acquire` reaching the server (see
    /// `spin.rs`). Stale unless `gen == workers[worker].spin_gen`.
    SpinArrive {
        worker: u32,
        gen: u32,
    },
    WatchdogTick {
        worker: u32,
        hold: u32,
    },
    ProcessStop {
        process: u32,
    },
    ProcessResume {
        process: u32,
    },
    LockServerKill,
    LockServerRestart,
    /// Index into the pre-drawn stall durations.
    StallBegin {
        stall: u32,
    },
    StallEnd,
    /// A scripted run's stall or stop has lasted its lease (`script.rs`).
    ScriptWake,
}

// Small events are copied in registers; a bigger one would stall on every push/pop.
const _: () = assert!(std::mem::size_of::<Ev>() <= 16);

fn pack_answer(answer: LockAnswer) -> (ReplyKind, u32, u16) {
    match answer {
        LockAnswer::Acquired { token, epoch } => (
            ReplyKind::Acquired,
            u32::try_from(token).expect("tokens fit in u32"),
            u16::try_from(epoch).expect("fewer than 2^16 restarts"),
        ),
        LockAnswer::Refused => (ReplyKind::Refused, 0, 0),
        LockAnswer::Extended(true) => (ReplyKind::Extended, 0, 0),
        LockAnswer::Extended(false) => (ReplyKind::NotExtended, 0, 0),
        LockAnswer::Released(ReleaseResult::Released) => (ReplyKind::Released, 0, 0),
        LockAnswer::Released(ReleaseResult::Stolen) => (ReplyKind::Stolen, 0, 0),
        LockAnswer::Released(ReleaseResult::Expired) => (ReplyKind::Expired, 0, 0),
        LockAnswer::Released(_) | LockAnswer::Failed => (ReplyKind::Failed, 0, 0),
    }
}

fn unpack_answer(kind: ReplyKind, token: u32, epoch: u16) -> LockAnswer {
    match kind {
        ReplyKind::Acquired => LockAnswer::Acquired { token: u64::from(token), epoch: u32::from(epoch) },
        ReplyKind::Refused => LockAnswer::Refused,
        ReplyKind::Extended => LockAnswer::Extended(true),
        ReplyKind::NotExtended => LockAnswer::Extended(false),
        ReplyKind::Released => LockAnswer::Released(ReleaseResult::Released),
        ReplyKind::Stolen => LockAnswer::Released(ReleaseResult::Stolen),
        ReplyKind::Expired => LockAnswer::Released(ReleaseResult::Expired),
        ReplyKind::Failed => LockAnswer::Failed,
    }
}

/// Where a worker is in its request (model.md §1.4). The name says what the
/// worker is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    PreOverhead,
    Acquiring,
    /// Refused and spinning, with the attempts computed instead of simulated
    /// (see `spin.rs`).
    SpinParked,
    RetrySleep,
    ReadFenceAdvance,
    ReadFenceRollback,
    Reading,
    ReadCommit,
    Pausing,
    WriteFence,
    Updating,
    Inserting,
    Committing,
    RollingBack,
    Releasing,
    PostOverhead,
    Done,
}

struct Worker {
    process: u32,
    wallet: u32,
    phase: Phase,
    t_req_us: SimTime,
    pause_us: SimTime,
    /// Index of the open hold, or `NO_HOLD`.
    hold: u32,
    token: Option<u64>,
    token_epoch: u32,
    read_value_won: i64,
    outcome: Outcome,
    // Lock client state for this worker's own commands.
    lock_seq: u32,
    lock_pending: bool,
    /// The pending Acquire's reply is lagged by the observation-lag noise and
    /// is not subject to the command timeout (model.md §3.4 item 6).
    lock_exempt: bool,
    // Watchdog task of the open hold.
    wd_hold: u32,
    wd_seq: u32,
    wd_pending: bool,
    wd_lost: bool,
    /// The scheduled time of the watchdog's current tick (fixed-rate base).
    wd_scheduled_us: SimTime,
    /// The snapshot value this worker's last balance COMMIT installed.
    written_value_won: i64,
    /// Requests started so far.
    requests: u32,
    /// The DB statement in flight (one at a time) and, once done, its result.
    db_stmt: Stmt,
    db_result: i64,
    /// When `db_stmt` queued for a row lock (kept at `TraceLevel::Full` only).
    db_queued_us: SimTime,
    /// While `SpinParked`: the arrival time of the last attempt the server
    /// actually executed (refused), the time of the scheduled `SpinArrive`,
    /// and the generation that makes older `SpinArrive`s stale.
    spin_base_us: SimTime,
    spin_probe_us: SimTime,
    spin_gen: u32,
    pause_rng: RngStream,
    wallet_rng: RngStream,
    jitter_rng: RngStream,
    lag_rng: RngStream,
}

/// A response as the harness recorded it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Response {
    pub worker: u32,
    pub wallet: u32,
    pub t_req_us: SimTime,
    pub t_resp_us: SimTime,
    pub outcome: Outcome,
}

/// Everything the engine recorded; `metrics.rs` turns it into a trace.
pub struct RunRecord {
    pub holds: Vec<Hold>,
    pub responses: Vec<Response>,
    pub leases: Vec<LeaseSpan>,
    pub events: Vec<TraceEvent>,
    pub balance: Vec<Vec<BalancePoint>>,
    pub tokens: Vec<Vec<TokenPoint>>,
    pub snapshot_won: Vec<i64>,
    pub debits: Vec<u64>,
    /// Per wallet, the highest token of epoch 0 (issued before the kill) that
    /// was stamped into the fence: the fence value the pre-outage epoch left
    /// behind. Equals `lock_fence.token` at the kill unless a hold acquired
    /// just before the kill advanced the fence just after it.
    pub fence_epoch0_max: Vec<u64>,
    pub fence_at_kill: Option<Vec<u64>>,
    pub watchdog_extensions: u64,
    pub watchdog_saw_lost: u64,
    pub acquire_refusals: u64,
    pub lock_timeouts: u64,
    pub leases_expired: u64,
    pub end: Stamp,
    pub events_processed: u64,
}

struct Engine<'c> {
    cfg: &'c LeaseConfig,
    /// What the variant's section does (`policy::of_config(cfg)`).
    policy: Policy,
    q: EventQueue<Ev>,
    procs: ProcessTable<Ev>,
    server: LockServer,
    stall_queue: VecDeque<(Client, LockCmd, u32)>,
    stall_durations_us: Vec<SimTime>,
    /// The latest start of a stop or a stall scheduled up front (0 if none):
    /// which of them a run schedules depends on its deadline.
    last_fault_start_us: SimTime,
    db: Db,
    workers: Vec<Worker>,
    completions: Vec<Completion>,
    // Derived constants (µs).
    deadline_us: SimTime,
    ttl_us: SimTime,
    watchdog_period_us: SimTime,
    retry_us: SimTime,
    pre_us: SimTime,
    post_us: SimTime,
    unavailable_us: SimTime,
    timeout_us: SimTime,
    amount_won: i64,
    timeouts_possible: bool,
    jitter_pct: u64,
    /// Whether refused spinners park (see `spin.rs`).
    lazy_spin: bool,
    /// Once the event heap holds more than this, the spinners' arrivals
    /// that were rescheduled are taken out of it ([`Engine::remove_dead_arrivals`];
    /// `usize::MAX`: never).
    remove_dead_at: usize,
    /// One spin-retry cycle: a round trip to the lock server plus the retry sleep.
    spin_period_us: SimTime,
    /// Per wallet, the parked spinners in the order they parked.
    parked: Vec<Vec<u32>>,
    /// The stamp of the last event that did something (the run's end).
    last_at: Stamp,
    // Records.
    full: bool,
    holds: Vec<Hold>,
    responses: Vec<Response>,
    events: Vec<TraceEvent>,
    balance: Vec<Vec<BalancePoint>>,
    tokens: Vec<Vec<TokenPoint>>,
    fence_epoch0_max: Vec<u64>,
    fence_at_kill: Option<Vec<u64>>,
    watchdog_extensions: u64,
    watchdog_saw_lost: u64,
    acquire_refusals: u64,
    /// Computed refusals recorded as trace events (`TraceLevel::Full` only).
    recorded_refusals: u64,
    lock_timeouts: u64,
    /// A script drives the run (`script.rs`): no pauses, no fail-fast while
    /// the lock server is down (a command travels and meets it dead).
    scripted: bool,
    /// Requests each worker starts at most (`u32::MAX`: as the deadline allows).
    max_requests: u32,
}

/// The work cap of [`simulate`], and what it does once the work passes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkCap {
    /// Stop after this many events and say how far the run got
    /// (`u64::MAX`: no cap).
    GiveUpAfter(u64),
    /// After `max_events`, move the deadline to the first multiple of
    /// `step_us` after the time reached ([`cap_deadline_us`]) and run on,
    /// uncapped, to the end of the drain — when that is the run a fresh
    /// start with that deadline would make; otherwise give up as
    /// `GiveUpAfter` does.
    EndAtNextStepAfter { max_events: u64, step_us: SimTime },
}

/// The deadline `WorkCap::EndAtNextStepAfter` moves a run to when its
/// work passes the cap at `reached_us`: the first multiple of `step_us`
/// strictly after it (so no request the run has started, nor any it has
/// declined, is on the other side), at most `deadline_us`.
pub(crate) fn cap_deadline_us(reached_us: SimTime, step_us: SimTime, deadline_us: SimTime) -> SimTime {
    ((reached_us / step_us).saturating_add(1)).saturating_mul(step_us).min(deadline_us)
}

/// Runs the event loop to the end of the drain and returns the raw record
/// and, when the cap moved it, the deadline the run ended at. Once the work
/// passes the front ends' work cap the run gives up and says how far it
/// got, or moves its deadline earlier ([`WorkCap`]). The work is
/// the events the loop ran, plus, at `TraceLevel::Full`, the computed
/// refusals it recorded: each is a trace event to store, sort and show,
/// though the loop never ran it. No request starts at or after
/// `deadline_us` (normally `duration_s`; earlier for a timeline that shows
/// only the beginning). Giving up, or an earlier deadline, changes nothing
/// before that point: a run is the same sequence of events however far it
/// is taken.
pub fn simulate(
    cfg: &LeaseConfig,
    seed: u64,
    run_index: u32,
    level: TraceLevel,
    deadline_us: SimTime,
    cap: WorkCap,
    spin: SpinModel,
) -> Result<(RunRecord, Option<SimTime>), WorkCapReached> {
    let mut e = Engine::new(cfg, seed, run_index, level);
    e.deadline_us = deadline_us;
    e.lazy_spin &= spin != SpinModel::Eager;
    // Not with process stops: a stopped process's events, dead or not, are
    // deferred and scheduled again at its resume, which takes sequence numbers.
    if e.lazy_spin && spin == SpinModel::Lazy && cfg.stops.count == 0 {
        e.remove_dead_at = DEAD_ARRIVALS_MIN_HEAP.max(4 * e.workers.len());
    }
    e.schedule_faults(seed, run_index);
    for w in 0..e.workers.len() {
        e.start_request(w);
    }
    let mut max_events = match cap {
        WorkCap::GiveUpAfter(max_events) | WorkCap::EndAtNextStepAfter { max_events, .. } => max_events,
    };
    let mut moved_deadline = None;
    while let Some((at, ev)) = e.q.pop() {
        if e.q.events_processed() + e.recorded_refusals > max_events {
            let reached = WorkCapReached { max_events, at_us: at.t_us };
            let WorkCap::EndAtNextStepAfter { step_us, .. } = cap else { return Err(reached) };
            let end_us = cap_deadline_us(at.t_us, step_us, e.deadline_us);
            if end_us < e.deadline_us {
                // Every event so far came before `end_us`, so the run so far
                // is the beginning of a fresh run to `end_us` too, unless the
                // faults scheduled up front differ: a fresh run schedules
                // none that starts at or after its deadline.
                if e.last_fault_start_us >= end_us {
                    return Err(reached);
                }
                e.deadline_us = end_us;
                moved_deadline = Some(end_us);
            }
            max_events = u64::MAX;
        }
        if !e.dispatch(at, ev) {
            continue;
        }
        if e.q.heap_len() > e.remove_dead_at {
            e.remove_dead_arrivals();
        }
    }
    Ok((e.finish(), moved_deadline))
}

/// How the engine carries out the spin-retry loop of `acquire` (model.md §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpinModel {
    /// Every attempt is three events (arrival, reply, wake), as written.
    Eager,
    /// Attempts that can only be refused are computed, not simulated (see
    /// `spin.rs`). Runs with latency jitter, command timeouts or
    /// stalls spin eagerly: their attempts are not a fixed chain.
    Lazy,
    /// `Lazy`, with every rescheduled arrival left in the heap until it is
    /// popped and ignored: what `Lazy` must equal, bit for bit (a test's reference).
    LazyKeepingDeadArrivals,
}

/// The heap size below which dead arrivals are left alone (see
/// [`Engine::remove_dead_arrivals`]); also at least four events per worker.
const DEAD_ARRIVALS_MIN_HEAP: usize = 256;

fn one_way(rng: &mut RngStream, base_us: SimTime, jitter_pct: u64) -> SimTime {
    if jitter_pct == 0 || base_us == 0 {
        return base_us;
    }
    let spread = base_us * jitter_pct / 100;
    rng.uniform_inclusive(base_us - spread.min(base_us), base_us + spread)
}

impl<'c> Engine<'c> {
    /// One event as the main loop (and a scripted run) takes it: deferred
    /// while its worker's process is stopped (`false`), else handled.
    #[inline]
    fn dispatch(&mut self, at: crate::core::Stamp, ev: Ev) -> bool {
        if let Some(worker) = self.target_worker(&ev) {
            let p = self.workers[worker as usize].process as usize;
            if !self.procs.is_running(p) {
                self.procs.defer(p, at, ev);
                return false;
            }
        }
        if self.handle(ev) {
            self.last_at = at;
        }
        true
    }

    fn new(cfg: &'c LeaseConfig, seed: u64, run_index: u32, level: TraceLevel) -> Self {
        assert!(cfg.threads > 0 && cfg.wallets > 0 && cfg.processes > 0);
        assert!(cfg.pause_min_ms <= cfg.pause_max_ms);
        assert!(cfg.amount_won > 0);
        assert!(cfg.wallets <= u32::from(u16::MAX), "wallet ids travel as u16 in lock events");
        assert!(cfg.threads < 1 << 31, "worker ids travel shifted by one bit");
        let wallets = cfg.wallets as usize;
        let threads = cfg.threads as usize;
        let workers = (0..threads)
            .map(|i| {
                let id = i as u64;
                Worker {
                    process: (i as u32) % cfg.processes,
                    wallet: (i as u32) % cfg.wallets,
                    phase: Phase::Done,
                    t_req_us: 0,
                    pause_us: 0,
                    hold: NO_HOLD,
                    token: None,
                    token_epoch: 0,
                    read_value_won: 0,
                    outcome: Outcome::Insufficient,
                    lock_seq: 0,
                    lock_pending: false,
                    lock_exempt: false,
                    wd_hold: NO_HOLD,
                    wd_seq: 0,
                    wd_pending: false,
                    wd_lost: false,
                    wd_scheduled_us: 0,
                    written_value_won: 0,
                    requests: 0,
                    db_stmt: Stmt::ReadPlain,
                    db_result: 0,
                    db_queued_us: 0,
                    spin_base_us: 0,
                    spin_probe_us: 0,
                    spin_gen: 0,
                    pause_rng: RngStream::derive(seed, run_index, "pause", id),
                    wallet_rng: RngStream::derive(seed, run_index, "wallet", id),
                    jitter_rng: RngStream::derive(seed, run_index, "jitter", id),
                    lag_rng: RngStream::derive(seed, run_index, "acquire_lag", id),
                }
            })
            .collect();
        let jitter_pct = u64::from(cfg.noise.latency_jitter_pct.min(100));
        let lock_one_way_max = u64::from(cfg.lock_net_us) * (100 + jitter_pct) / 100;
        let timeout_us = u64::from(cfg.client_timeout_ms) * US_PER_MS;
        let full = level == TraceLevel::Full;
        // Without stalls a reply can only be late by a process stop, which
        // freezes the client's timer as well (both events are deferred in
        // order). So the timeout event is only scheduled when it can fire.
        let timeouts_possible = cfg.noise.stalls_per_min > 0 || timeout_us <= 2 * lock_one_way_max;
        let spin_period_us = 2 * u64::from(cfg.lock_net_us) + u64::from(cfg.retry_ms) * US_PER_MS;
        let initial = i64::from(cfg.initial_balance_won);
        // Rough capacity so that pushes rarely reallocate: one request per
        // (pause + overheads) per thread.
        let cycle_ms = u64::from(cfg.pause_min_ms + cfg.pre_overhead_ms + cfg.post_overhead_ms).max(1);
        let requests_estimate = (u64::from(cfg.duration_s) * 1_000 / cycle_ms + 2) * threads as u64;
        let cap = requests_estimate.min(1 << 20) as usize;
        Engine {
            cfg,
            policy: policy::of_config(cfg),
            q: EventQueue::new(),
            procs: ProcessTable::new(cfg.processes as usize),
            server: LockServer::new(wallets, level >= TraceLevel::Holds),
            stall_queue: VecDeque::new(),
            stall_durations_us: Vec::new(),
            last_fault_start_us: 0,
            db: Db::new(wallets, threads, initial, i64::from(cfg.amount_won)),
            workers,
            completions: Vec::with_capacity(threads + 2),
            deadline_us: u64::from(cfg.duration_s) * US_PER_S,
            ttl_us: u64::from(cfg.ttl_ms) * US_PER_MS,
            watchdog_period_us: u64::from(cfg.effective_watchdog_period_ms()) * US_PER_MS,
            retry_us: u64::from(cfg.retry_ms) * US_PER_MS,
            pre_us: u64::from(cfg.pre_overhead_ms) * US_PER_MS,
            post_us: u64::from(cfg.post_overhead_ms) * US_PER_MS,
            unavailable_us: u64::from(cfg.lock_unavailable_us),
            timeout_us,
            amount_won: i64::from(cfg.amount_won),
            timeouts_possible,
            jitter_pct,
            // A parked spinner's attempts must be a fixed-period chain that
            // nothing but the lock key's state can interrupt: no jitter, no
            // command timeouts and no stalls (stalls imply timeouts_possible).
            lazy_spin: jitter_pct == 0 && !timeouts_possible && spin_period_us > 0,
            remove_dead_at: usize::MAX,
            spin_period_us,
            parked: vec![Vec::new(); wallets],
            last_at: Stamp::ZERO,
            full,
            holds: Vec::with_capacity(cap.min(1 << 16)),
            responses: Vec::with_capacity(cap),
            events: Vec::new(),
            balance: (0..wallets)
                .map(|_| vec![BalancePoint { t_us: 0, snapshot_won: initial, ledger_won: initial }])
                .collect(),
            tokens: (0..wallets).map(|_| vec![TokenPoint { t_us: 0, counter: 0, fence: 0 }]).collect(),
            fence_epoch0_max: vec![0; wallets],
            fence_at_kill: None,
            watchdog_extensions: 0,
            watchdog_saw_lost: 0,
            acquire_refusals: 0,
            recorded_refusals: 0,
            lock_timeouts: 0,
            scripted: false,
            max_requests: u32::MAX,
        }
    }

    fn target_worker(&self, ev: &Ev) -> Option<u32> {
        match *ev {
            Ev::WorkerWake { worker } | Ev::DbReply { worker, .. } | Ev::WatchdogTick { worker, .. } => Some(worker),
            Ev::LockReply { client, .. } | Ev::LockTimeout { client, .. } => Some(client.worker()),
            _ => None,
        }
    }

    #[inline]
    fn now(&self) -> Stamp {
        self.q.now()
    }

    #[inline]
    fn emit(&mut self, kind: EventKind) {
        if self.full {
            let at = self.q.now();
            self.events.push(TraceEvent { at, kind });
        }
    }

    /// Runs one event; false for a stale `SpinArrive`, which did nothing.
    fn handle(&mut self, ev: Ev) -> bool {
        match ev {
            Ev::WorkerWake { worker } => self.on_wake(worker as usize),
            Ev::LockArrive { client, cmd_seq, token, wallet, kind } => {
                self.on_lock_arrive(client, LockCmd { kind, wallet, token }, cmd_seq)
            }
            Ev::LockReply { client, cmd_seq, token, epoch, kind } => {
                self.on_lock_reply(client, unpack_answer(kind, token, epoch), cmd_seq)
            }
            Ev::LockTimeout { client, cmd_seq } => self.on_lock_timeout(client, cmd_seq),
            Ev::DbArrive { worker } => self.on_db_arrive(worker),
            Ev::DbReply { worker } => self.on_db_reply(worker as usize, self.workers[worker as usize].db_result),
            Ev::SpinArrive { worker, gen } => return self.on_spin_arrive(worker as usize, gen),
            Ev::WatchdogTick { worker, hold } => self.on_watchdog_tick(worker as usize, hold),
            Ev::ProcessStop { process } => {
                self.unpark_process(process);
                self.procs.stop(process as usize);
                self.emit(EventKind::ProcessStopped { process });
            }
            Ev::ProcessResume { process } => {
                self.emit(EventKind::ProcessResumed { process });
                self.procs.resume(process as usize, &mut self.q);
            }
            Ev::LockServerKill => self.on_kill(),
            Ev::LockServerRestart => self.on_restart(),
            Ev::StallBegin { stall } => {
                let duration_us = self.stall_durations_us[stall as usize];
                if self.server.status == ServerStatus::Up {
                    let until_us = self.q.now_us() + duration_us;
                    self.server.status = ServerStatus::Stalled { until_us };
                    self.q.schedule_at(until_us, Ev::StallEnd);
                    self.emit(EventKind::LockServerStalled { until_us });
                }
            }
            Ev::ScriptWake => {}
            Ev::StallEnd => {
                if let ServerStatus::Stalled { .. } = self.server.status {
                    self.server.status = ServerStatus::Up;
                    // Queued commands run in arrival order against the server clock now.
                    while let Some((client, cmd, seq)) = self.stall_queue.pop_front() {
                        self.exec_lock(client, cmd, seq);
                    }
                }
            }
        }
        true
    }

    // ---------------------------------------------------------------- end

    fn finish(mut self) -> RunRecord {
        // Stale `SpinArrive`s may pop after the last event that did anything.
        let end = self.last_at;
        assert!(self.workers.iter().all(|w| w.phase == Phase::Done), "every request drains");
        assert_eq!(self.procs.deferred_len(0), 0);
        self.server.finish(end);
        let wallets = self.cfg.wallets as usize;
        let fence_epoch0_max = std::mem::take(&mut self.fence_epoch0_max);
        if self.full {
            for span in &self.server.spans {
                if span.end_cause == super::trace::LeaseEnd::Expired {
                    self.events.push(TraceEvent {
                        at: span.ended_at,
                        kind: EventKind::LeaseExpired { wallet: span.wallet, token: span.token },
                    });
                }
            }
            // Stable: only the LeaseExpired facts were out of order.
            crate::core::sort_by_key(&mut self.events, |e| e.at);
        }
        RunRecord {
            holds: self.holds,
            responses: self.responses,
            leases: self.server.spans,
            events: self.events,
            balance: self.balance,
            tokens: self.tokens,
            snapshot_won: (0..wallets).map(|w| self.db.balance_won(w)).collect(),
            debits: (0..wallets).map(|w| self.db.debits(w)).collect(),
            fence_epoch0_max,
            fence_at_kill: self.fence_at_kill,
            watchdog_extensions: self.watchdog_extensions,
            watchdog_saw_lost: self.watchdog_saw_lost,
            acquire_refusals: self.acquire_refusals,
            lock_timeouts: self.lock_timeouts,
            leases_expired: self.server.expired_leases,
            end,
            events_processed: self.q.events_processed(),
        }
    }
}
