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

use std::collections::VecDeque;

use super::config::{FailPolicy, LeaseConfig, Variant, WalletAssignment};
use super::db::{CommitInfo, Completion, Db, Stmt};
use super::lock_server::{LockServer, ServerStatus};
use super::trace::{
    BalancePoint, EventKind, FencePhase, Hold, LeaseSpan, LockingStmt, Outcome, ReleaseResult, TokenPoint, TraceEvent,
    TraceLevel, WorkCapReached,
};
use crate::core::{EventQueue, ProcessTable, RngStream, SimTime, Stamp, US_PER_MS, US_PER_S};

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
    /// A parked spinner's next `Acquire` reaching the server (see "Lazy
    /// spinning" below). Stale unless `gen == workers[worker].spin_gen`.
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
    /// (see "Lazy spinning" below).
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
    /// Whether refused spinners park (see "Lazy spinning" below).
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
        if let Some(worker) = e.target_worker(&ev) {
            let p = e.workers[worker as usize].process as usize;
            if !e.procs.is_running(p) {
                e.procs.defer(p, at, ev);
                continue;
            }
        }
        if e.handle(ev) {
            e.last_at = at;
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
    /// "Lazy spinning" below). Runs with latency jitter, command timeouts or
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
        }
    }

    /// Stops, the outage and lock-server stalls are known up front; they are
    /// scheduled before any worker event so that they win same-µs ties.
    fn schedule_faults(&mut self, seed: u64, run_index: u32) {
        let cfg = self.cfg;
        let stops = cfg.stops;
        for k in 0..stops.count {
            let start_us = (u64::from(stops.first_at_ms) + u64::from(k) * u64::from(stops.period_ms)) * US_PER_MS;
            if start_us >= self.deadline_us {
                break;
            }
            self.q.schedule_at(start_us, Ev::ProcessStop { process: 0 });
            self.last_fault_start_us = self.last_fault_start_us.max(start_us);
            self.q.schedule_at(start_us + u64::from(stops.duration_ms) * US_PER_MS, Ev::ProcessResume { process: 0 });
        }
        if let Some(outage) = cfg.outage {
            assert!(outage.kill_at_ms <= outage.restart_at_ms);
            self.q.schedule_at(u64::from(outage.kill_at_ms) * US_PER_MS, Ev::LockServerKill);
            self.q.schedule_at(u64::from(outage.restart_at_ms) * US_PER_MS, Ev::LockServerRestart);
        }
        if cfg.noise.stalls_per_min > 0 && cfg.variant.uses_lock() {
            let mut rng = RngStream::derive(seed, run_index, "stall", 0);
            let mean_gap_us = 60 * US_PER_S / u64::from(cfg.noise.stalls_per_min);
            let (lo, hi) = (
                cfg.noise.stall_min_ms.min(cfg.noise.stall_max_ms),
                cfg.noise.stall_max_ms.max(cfg.noise.stall_min_ms),
            );
            let mut t_us = 0;
            loop {
                t_us += rng.exponential_us(mean_gap_us).max(1);
                if t_us >= self.deadline_us {
                    break;
                }
                let duration_us = rng.uniform_inclusive(u64::from(lo) * US_PER_MS, u64::from(hi) * US_PER_MS);
                let stall = self.stall_durations_us.len() as u32;
                self.stall_durations_us.push(duration_us);
                self.q.schedule_at(t_us, Ev::StallBegin { stall });
                self.last_fault_start_us = self.last_fault_start_us.max(t_us);
                t_us += duration_us;
            }
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

    // ---------------------------------------------------------------- requests

    /// The top of the worker loop: the only place the deadline is checked (drain rule, §1.6).
    fn start_request(&mut self, w: usize) {
        let now_us = self.q.now_us();
        let cfg = self.cfg;
        if now_us >= self.deadline_us {
            self.workers[w].phase = Phase::Done;
            return;
        }
        let worker = &mut self.workers[w];
        worker.t_req_us = now_us;
        // One pause draw per request, used or not: the k-th request of a
        // worker always gets the k-th draw (common random numbers).
        worker.pause_us = worker
            .pause_rng
            .uniform_inclusive(u64::from(cfg.pause_min_ms) * US_PER_MS, u64::from(cfg.pause_max_ms) * US_PER_MS);
        if cfg.wallet_assignment == WalletAssignment::Random {
            worker.wallet = worker.wallet_rng.uniform_inclusive(0, u64::from(cfg.wallets) - 1) as u32;
        }
        worker.hold = NO_HOLD;
        worker.token = None;
        worker.phase = Phase::PreOverhead;
        let wallet = worker.wallet;
        self.emit(EventKind::RequestStarted { worker: w as u32, wallet });
        self.sleep_fixed(w, self.pre_us);
    }

    #[inline(always)]
    fn sleep(&mut self, w: usize, duration_us: SimTime) {
        self.q.schedule_in(duration_us, Ev::WorkerWake { worker: w as u32 });
    }

    /// A sleep whose length is a constant of the run (overheads, retry interval).
    #[inline(always)]
    fn sleep_fixed(&mut self, w: usize, duration_us: SimTime) {
        self.q.schedule_in_fixed(duration_us, Ev::WorkerWake { worker: w as u32 });
    }

    /// Schedules a message `delay_us` ahead: a FIFO lane when the latency is a
    /// run constant (no jitter), the heap otherwise. Same order either way.
    /// Always inlined, like `EventQueue::schedule_at`: the event is then built
    /// in its slab slot instead of passing through the stack.
    #[inline(always)]
    fn send_after(&mut self, delay_us: SimTime, ev: Ev) {
        if self.jitter_pct == 0 {
            self.q.schedule_in_fixed(delay_us, ev);
        } else {
            self.q.schedule_in(delay_us, ev);
        }
    }

    fn on_wake(&mut self, w: usize) {
        match self.workers[w].phase {
            Phase::PreOverhead => self.begin_section(w),
            Phase::RetrySleep => self.send_acquire(w),
            Phase::Pausing => self.after_pause(w),
            Phase::PostOverhead => self.finish_request(w),
            phase => unreachable!("worker {w} woke in phase {phase:?}"),
        }
    }

    fn begin_section(&mut self, w: usize) {
        if self.cfg.variant.uses_lock() {
            self.send_acquire(w);
        } else {
            // (d): the "concurrent section" is a lockless hold; pause before the UPDATE.
            self.open_hold(w, None, 0, true);
            self.workers[w].phase = Phase::Pausing;
            self.sleep(w, self.workers[w].pause_us);
        }
    }

    fn open_hold(&mut self, w: usize, token: Option<u64>, epoch: u32, lockless: bool) {
        let now = self.now();
        let worker = &mut self.workers[w];
        let id = self.holds.len() as u32;
        worker.hold = id;
        worker.token = token;
        worker.token_epoch = epoch;
        worker.wd_lost = false;
        let wallet = worker.wallet;
        self.holds.push(Hold {
            id,
            wallet,
            worker: w as u32,
            process: worker.process,
            token,
            lockless,
            acquired_at: now,
            read_at: None,
            read_value_won: None,
            written_at: None,
            written_value_won: None,
            released_at: now,
            release_result: ReleaseResult::NotApplicable,
            outcome: Outcome::Insufficient,
            lease_lost_seen_at: None,
        });
        match token {
            Some(token) => self.emit(EventKind::LockAcquired { worker: w as u32, wallet, token, hold: id }),
            None => self.emit(EventKind::LocklessSectionStarted { worker: w as u32, wallet, hold: id }),
        }
    }

    fn send_acquire(&mut self, w: usize) {
        self.workers[w].phase = Phase::Acquiring;
        let wallet = self.workers[w].wallet;
        self.send_lock(Client::of_worker(w as u32), CmdKind::Acquire, wallet, 0);
    }

    fn on_worker_lock_answer(&mut self, w: usize, answer: LockAnswer) {
        let phase = self.workers[w].phase;
        match (phase, answer) {
            (Phase::Acquiring, LockAnswer::Acquired { token, epoch }) => {
                self.open_hold(w, Some(token), epoch, false);
                if self.cfg.watchdog_enabled() {
                    self.start_watchdog(w);
                }
                self.begin_read(w);
            }
            (Phase::Acquiring, LockAnswer::Refused) => {
                self.acquire_refusals += 1;
                let wallet = self.workers[w].wallet;
                self.emit(EventKind::AcquireRefused { worker: w as u32, wallet });
                self.workers[w].phase = Phase::RetrySleep;
                self.sleep_fixed(w, self.retry_us);
            }
            (Phase::Acquiring, LockAnswer::Failed) => match self.cfg.fail_policy {
                FailPolicy::Closed => {
                    self.workers[w].outcome = Outcome::LockUnavailable;
                    self.workers[w].phase = Phase::PostOverhead;
                    self.sleep_fixed(w, self.post_us);
                }
                FailPolicy::Open => {
                    self.open_hold(w, None, 0, true);
                    self.begin_read(w);
                }
            },
            (Phase::Releasing, LockAnswer::Released(result)) => self.close_hold(w, result),
            (Phase::Releasing, LockAnswer::Failed) => self.close_hold(w, ReleaseResult::Error),
            (phase, answer) => unreachable!("worker {w}: lock answer {answer:?} in phase {phase:?}"),
        }
    }

    fn begin_read(&mut self, w: usize) {
        let worker = &self.workers[w];
        match (self.cfg.variant, worker.token) {
            (Variant::FenceRead, Some(token)) => {
                self.workers[w].phase = Phase::ReadFenceAdvance;
                self.send_db(w, Stmt::FenceAdvance(token));
            }
            _ => {
                self.workers[w].phase = Phase::Reading;
                self.send_db(w, Stmt::ReadPlain);
            }
        }
    }

    fn on_db_reply(&mut self, w: usize, result: i64) {
        let phase = self.workers[w].phase;
        let hold = self.workers[w].hold as usize;
        match phase {
            Phase::ReadFenceAdvance => {
                if result == 1 {
                    self.workers[w].phase = Phase::Reading;
                    self.send_db(w, Stmt::ReadShare);
                } else {
                    self.workers[w].outcome = Outcome::FenceRejected(FencePhase::Read);
                    self.workers[w].phase = Phase::ReadFenceRollback;
                    self.send_db(w, Stmt::Rollback);
                }
            }
            Phase::ReadFenceRollback => {
                // No read, no pause [AMB §3.4 item 8]: straight to release.
                let (wallet, hold_id) = (self.workers[w].wallet, self.workers[w].hold);
                self.emit(EventKind::FenceRejected {
                    worker: w as u32,
                    wallet,
                    hold: hold_id,
                    phase: FencePhase::Read,
                });
                self.end_section(w);
            }
            Phase::Reading => {
                self.workers[w].read_value_won = result;
                if self.cfg.variant == Variant::FenceRead && self.workers[w].token.is_some() {
                    self.workers[w].phase = Phase::ReadCommit;
                    self.send_db(w, Stmt::Commit);
                } else {
                    self.record_read(w, hold);
                }
            }
            Phase::ReadCommit => self.record_read(w, hold),
            Phase::WriteFence => {
                if result == 1 {
                    self.send_update(w);
                } else {
                    self.workers[w].outcome = Outcome::FenceRejected(FencePhase::Write);
                    self.workers[w].phase = Phase::RollingBack;
                    self.send_db(w, Stmt::Rollback);
                }
            }
            Phase::Updating => {
                if result == 1 {
                    self.workers[w].phase = Phase::Inserting;
                    self.send_db(w, Stmt::InsertLedger);
                } else {
                    // Only the conditional UPDATE can match 0 rows.
                    debug_assert_eq!(self.cfg.variant, Variant::Conditional);
                    self.workers[w].outcome = Outcome::Insufficient;
                    self.workers[w].phase = Phase::RollingBack;
                    self.send_db(w, Stmt::Rollback);
                }
            }
            Phase::Inserting => {
                assert_eq!(result, 1);
                self.workers[w].phase = Phase::Committing;
                self.send_db(w, Stmt::Commit);
            }
            Phase::Committing => {
                let now = self.now();
                let worker = &mut self.workers[w];
                worker.outcome = Outcome::Approved;
                let value_won = self.db_written_value(w);
                let h = &mut self.holds[hold];
                h.written_at = Some(now);
                h.written_value_won = Some(value_won);
                let wallet = self.workers[w].wallet;
                self.emit(EventKind::BalanceWritten { worker: w as u32, wallet, hold: hold as u32, value_won });
                self.end_section(w);
            }
            Phase::RollingBack => {
                let (wallet, hold_id) = (self.workers[w].wallet, self.workers[w].hold);
                match self.workers[w].outcome {
                    Outcome::FenceRejected(phase) => {
                        self.emit(EventKind::FenceRejected { worker: w as u32, wallet, hold: hold_id, phase })
                    }
                    _ => self.emit(EventKind::InsufficientFunds { worker: w as u32, wallet, hold: hold_id }),
                }
                self.end_section(w);
            }
            phase => unreachable!("worker {w}: DB reply in phase {phase:?}"),
        }
    }

    /// The value this worker's committed write left in the snapshot.
    fn db_written_value(&self, w: usize) -> i64 {
        let worker = &self.workers[w];
        if self.cfg.variant != Variant::Conditional {
            debug_assert_eq!(worker.written_value_won, worker.read_value_won - self.amount_won);
        }
        worker.written_value_won
    }

    fn record_read(&mut self, w: usize, hold: usize) {
        let now = self.now();
        let value = self.workers[w].read_value_won;
        self.holds[hold].read_at = Some(now);
        self.holds[hold].read_value_won = Some(value);
        let wallet = self.workers[w].wallet;
        self.emit(EventKind::BalanceRead { worker: w as u32, wallet, hold: hold as u32, value_won: value });
        self.workers[w].phase = Phase::Pausing;
        self.sleep(w, self.workers[w].pause_us);
    }

    fn after_pause(&mut self, w: usize) {
        let cfg = self.cfg;
        if cfg.variant == Variant::Conditional {
            self.workers[w].phase = Phase::Updating;
            self.send_db(w, Stmt::UpdateIfSufficient);
            return;
        }
        let worker = &self.workers[w];
        let (wallet, hold) = (worker.wallet, worker.hold);
        if worker.read_value_won < self.amount_won {
            // Compute rejects on the value read [INF]: the snapshot never goes negative.
            self.workers[w].outcome = Outcome::Insufficient;
            self.emit(EventKind::InsufficientFunds { worker: w as u32, wallet, hold });
            self.end_section(w);
            return;
        }
        if cfg.abort_on_lost_lease && worker.wd_lost {
            self.workers[w].outcome = Outcome::AbortedLeaseLost;
            self.emit(EventKind::WriteAborted { worker: w as u32, wallet, hold });
            self.end_section(w);
            return;
        }
        match (cfg.variant, worker.token) {
            (Variant::FenceWrite, Some(token)) => {
                self.workers[w].phase = Phase::WriteFence;
                self.send_db(w, Stmt::FenceAdvance(token));
            }
            (Variant::FenceRead, Some(token)) => {
                self.workers[w].phase = Phase::WriteFence;
                let stmt =
                    if cfg.fence_check_locks_row { Stmt::FenceCheckEq(token) } else { Stmt::FenceCheckEqNoLock(token) };
                self.send_db(w, stmt);
            }
            _ => self.send_update(w),
        }
    }

    fn send_update(&mut self, w: usize) {
        let value = self.workers[w].read_value_won - self.amount_won;
        self.workers[w].phase = Phase::Updating;
        self.send_db(w, Stmt::UpdateSet(value));
    }

    /// The business part is over: cancel the watchdog, then release (if locked).
    fn end_section(&mut self, w: usize) {
        self.workers[w].wd_hold = NO_HOLD;
        match self.workers[w].token {
            Some(token) => {
                self.workers[w].phase = Phase::Releasing;
                let wallet = self.workers[w].wallet;
                self.send_lock(Client::of_worker(w as u32), CmdKind::Release, wallet, token);
            }
            None => self.close_hold(w, ReleaseResult::NotApplicable),
        }
    }

    fn close_hold(&mut self, w: usize, result: ReleaseResult) {
        let now = self.now();
        let worker = &self.workers[w];
        let hold = worker.hold as usize;
        let h = &mut self.holds[hold];
        h.released_at = now;
        h.release_result = result;
        h.outcome = worker.outcome;
        if h.token.is_some() {
            let wallet = worker.wallet;
            self.emit(EventKind::LockReleased { worker: w as u32, wallet, hold: hold as u32, result });
        }
        self.workers[w].phase = Phase::PostOverhead;
        self.sleep_fixed(w, self.post_us);
    }

    fn finish_request(&mut self, w: usize) {
        let now_us = self.q.now_us();
        let worker = &self.workers[w];
        let response = Response {
            worker: w as u32,
            wallet: worker.wallet,
            t_req_us: worker.t_req_us,
            t_resp_us: now_us,
            outcome: worker.outcome,
        };
        self.responses.push(response);
        self.emit(EventKind::ResponseSent {
            worker: w as u32,
            outcome: response.outcome,
            latency_us: now_us - response.t_req_us,
        });
        self.start_request(w);
    }

    // ---------------------------------------------------------------- database

    fn send_db(&mut self, w: usize, stmt: Stmt) {
        let worker = &mut self.workers[w];
        let delay = one_way(&mut worker.jitter_rng, u64::from(self.cfg.db_net_us), self.jitter_pct);
        worker.db_stmt = stmt;
        self.send_after(delay, Ev::DbArrive { worker: w as u32 });
    }

    fn on_db_arrive(&mut self, worker: u32) {
        let (wallet, stmt) = (self.workers[worker as usize].wallet, self.workers[worker as usize].db_stmt);
        let mut done = std::mem::take(&mut self.completions);
        debug_assert!(done.is_empty());
        let arrival = self.db.arrive(worker, wallet, stmt, &mut done);
        if let (Some(queued), true) = (arrival.queued, self.full) {
            let wk = &mut self.workers[worker as usize];
            wk.db_queued_us = self.q.now_us();
            let (hold, stmt) = (wk.hold, locking_stmt(stmt));
            self.emit(EventKind::RowLockWaitBegan { worker, wallet, hold, stmt, ahead: queued.ahead });
        }
        if let Some(info) = arrival.commit {
            let wk = &mut self.workers[worker as usize];
            if let Some(balance) = info.balance_won {
                wk.written_value_won = balance;
            }
            if let (Some(fence), 0) = (info.fence, wk.token_epoch) {
                // Fence values written by pre-kill tokens (epoch 0), for S9.
                let m = &mut self.fence_epoch0_max[wallet as usize];
                *m = (*m).max(fence);
            }
            self.record_commit(info);
        }
        for c in done.drain(..) {
            if let (Some(released_by), true) = (c.granted_by, self.full) {
                let wk = &self.workers[c.worker as usize];
                let (wallet, hold, stmt) = (wk.wallet, wk.hold, locking_stmt(wk.db_stmt));
                let waited_us = self.q.now_us() - wk.db_queued_us;
                self.emit(EventKind::RowLockGranted { worker: c.worker, wallet, hold, stmt, waited_us, released_by });
            }
            let waiting = &mut self.workers[c.worker as usize];
            waiting.db_result = c.result;
            let delay = one_way(&mut waiting.jitter_rng, u64::from(self.cfg.db_net_us), self.jitter_pct);
            self.send_after(delay, Ev::DbReply { worker: c.worker });
        }
        self.completions = done;
    }

    fn record_commit(&mut self, info: CommitInfo) {
        let t_us = self.q.now_us();
        let w = info.wallet as usize;
        if let Some(balance) = info.balance_won {
            let ledger_won = i64::from(self.cfg.initial_balance_won) - self.amount_won * info.debits as i64;
            self.balance[w].push(BalancePoint { t_us, snapshot_won: balance, ledger_won });
        }
        if let Some(fence) = info.fence {
            self.tokens[w].push(TokenPoint { t_us, counter: self.server.counter(w), fence });
        }
    }

    // ---------------------------------------------------------------- lock client + server

    fn send_lock(&mut self, client: Client, kind: CmdKind, wallet: u32, token: u64) {
        let w = client.worker() as usize;
        let worker = &mut self.workers[w];
        let seq = if client.is_watchdog() {
            worker.wd_seq = worker.wd_seq.wrapping_add(1);
            worker.wd_pending = true;
            worker.wd_seq
        } else {
            worker.lock_seq = worker.lock_seq.wrapping_add(1);
            worker.lock_pending = true;
            worker.lock_exempt = false;
            worker.lock_seq
        };
        if self.server.status == ServerStatus::Down {
            // Fail fast while disconnected (§1.2 [CAL]): not buffered until the timeout.
            let reply = Ev::LockReply { client, cmd_seq: seq, token: 0, epoch: 0, kind: ReplyKind::Failed };
            self.q.schedule_in_fixed(self.unavailable_us, reply);
            return;
        }
        let delay = one_way(&mut worker.jitter_rng, u64::from(self.cfg.lock_net_us), self.jitter_pct);
        let (wallet, token) = (wallet as u16, u32::try_from(token).expect("tokens fit in u32"));
        self.send_after(delay, Ev::LockArrive { client, cmd_seq: seq, token, wallet, kind });
        if self.timeouts_possible {
            self.q.schedule_in_fixed(self.timeout_us, Ev::LockTimeout { client, cmd_seq: seq });
        }
    }

    fn reply_lock(&mut self, client: Client, answer: LockAnswer, seq: u32, extra_us: SimTime) {
        let rng = &mut self.workers[client.worker() as usize].jitter_rng;
        let delay = one_way(rng, u64::from(self.cfg.lock_net_us), self.jitter_pct) + extra_us;
        let (kind, token, epoch) = pack_answer(answer);
        let ev = Ev::LockReply { client, cmd_seq: seq, token, epoch, kind };
        if extra_us == 0 {
            self.send_after(delay, ev);
        } else {
            self.q.schedule_in(delay, ev);
        }
    }

    fn on_lock_arrive(&mut self, client: Client, cmd: LockCmd, seq: u32) {
        match self.server.status {
            ServerStatus::Down => self.reply_lock(client, LockAnswer::Failed, seq, 0),
            ServerStatus::Stalled { .. } => self.stall_queue.push_back((client, cmd, seq)),
            ServerStatus::Up => self.exec_lock(client, cmd, seq),
        }
    }

    fn exec_lock(&mut self, client: Client, cmd: LockCmd, seq: u32) {
        let now = self.now();
        let mut extra_us = 0;
        let (wallet, token) = (u32::from(cmd.wallet), u64::from(cmd.token));
        let answer = match cmd.kind {
            CmdKind::Acquire => match self.server.acquire(wallet as usize, self.ttl_us, now) {
                Some(token) => {
                    let w = wallet as usize;
                    let fence = self.db.fence(w);
                    self.tokens[w].push(TokenPoint { t_us: now.t_us, counter: token, fence });
                    let noise = self.cfg.noise;
                    if noise.acquire_lag_ppm > 0 {
                        let worker = &mut self.workers[client.worker() as usize];
                        if worker.lag_rng.bernoulli(f64::from(noise.acquire_lag_ppm) / 1e6) {
                            let (lo, hi) = (
                                noise.acquire_lag_min_ms.min(noise.acquire_lag_max_ms),
                                noise.acquire_lag_max_ms.max(noise.acquire_lag_min_ms),
                            );
                            extra_us =
                                worker.lag_rng.uniform_inclusive(u64::from(lo) * US_PER_MS, u64::from(hi) * US_PER_MS);
                            if worker.lock_seq == seq {
                                worker.lock_exempt = true;
                            }
                        }
                    }
                    LockAnswer::Acquired { token, epoch: self.server.epoch }
                }
                None => LockAnswer::Refused,
            },
            CmdKind::Extend => {
                LockAnswer::Extended(self.server.extend_if_owner(wallet as usize, token, self.ttl_us, now))
            }
            CmdKind::Release => LockAnswer::Released(self.server.release_if_owner(wallet as usize, token, now)),
        };
        if matches!(answer, LockAnswer::Refused) && self.may_park(client, seq) {
            self.park(client.worker() as usize);
            return;
        }
        self.reply_lock(client, answer, seq, extra_us);
        if matches!(answer, LockAnswer::Released(ReleaseResult::Released)) {
            self.on_key_deleted(wallet as usize);
        }
    }

    fn on_lock_reply(&mut self, client: Client, answer: LockAnswer, seq: u32) {
        let w = client.worker() as usize;
        let worker = &mut self.workers[w];
        if client.is_watchdog() {
            if !worker.wd_pending || worker.wd_seq != seq {
                return;
            }
            worker.wd_pending = false;
            self.on_watchdog_answer(w, answer);
        } else {
            if !worker.lock_pending || worker.lock_seq != seq {
                return; // late reply to a timed-out command (an Acquire leaves an orphan lease)
            }
            worker.lock_pending = false;
            self.on_worker_lock_answer(w, answer);
        }
    }

    fn on_lock_timeout(&mut self, client: Client, seq: u32) {
        let w = client.worker() as usize;
        let worker = &mut self.workers[w];
        if client.is_watchdog() {
            if !worker.wd_pending || worker.wd_seq != seq {
                return;
            }
            worker.wd_pending = false;
            self.lock_timeouts += 1;
            self.on_watchdog_answer(w, LockAnswer::Failed);
        } else {
            if !worker.lock_pending || worker.lock_seq != seq || worker.lock_exempt {
                return;
            }
            worker.lock_pending = false;
            self.lock_timeouts += 1;
            self.on_worker_lock_answer(w, LockAnswer::Failed);
        }
    }

    fn on_kill(&mut self) {
        let now = self.now();
        self.fence_at_kill = Some((0..self.cfg.wallets as usize).map(|w| self.db.fence(w)).collect());
        self.server.kill(now);
        for w in 0..self.cfg.wallets as usize {
            let fence = self.db.fence(w);
            if self.cfg.variant.uses_lock() {
                self.tokens[w].push(TokenPoint { t_us: now.t_us, counter: 0, fence });
            }
        }
        // Commands queued by a stall die with the server.
        while let Some((client, _cmd, seq)) = self.stall_queue.pop_front() {
            self.reply_lock(client, LockAnswer::Failed, seq, 0);
        }
        // Parked spinners meet the dead server on their next step.
        for wallet in 0..self.parked.len() {
            for w in std::mem::take(&mut self.parked[wallet]) {
                self.unpark(w as usize);
            }
        }
        self.emit(EventKind::LockServerKilled);
    }

    // ---------------------------------------------------------------- lazy spinning
    //
    // A worker refused by the lock server sleeps `retry` and tries again,
    // forever (model.md §1.4). Under contention most of a run's events are
    // these attempts: each one is an arrival at the server, a reply and a
    // wake, and nearly all of them are refused. Without latency jitter,
    // timeouts or stalls the attempts form a fixed chain: arrivals at
    // `base + n·period`, replies `lock_net` later, wakes `retry` after that.
    // An attempt's outcome depends only on the wallet's key, so the engine
    // "parks" a refused spinner and computes its chain instead of running it:
    //
    // - it schedules one `SpinArrive` at the first arrival at or after the
    //   key's expiry (every earlier arrival finds the key held, unless it is
    //   deleted first);
    // - when the key is deleted (a `Released` release), the parked spinners
    //   of that wallet move their `SpinArrive` to their next arrival after
    //   the delete, in the order they parked (lockstep spinners keep their
    //   FIFO order);
    // - a process stop or a lock-server kill turns each affected spinner back
    //   into the exact event of its chain that comes next (arrival, reply or
    //   wake), so the stop defers it and the dead server fails it as usual.
    //
    // The skipped attempts are counted as refusals (and at `TraceLevel::Full`
    // recorded as `AcquireRefused` at their reply times). The run is the
    // same as with every attempt simulated, except for the order of events
    // that fall on the very same microsecond as a computed attempt: the
    // computed event gets its sequence number when it is computed, not one
    // retry earlier. `tests/lease_spin.rs` compares both models.

    /// Whether a refused `Acquire` may park its worker instead of being answered.
    fn may_park(&self, client: Client, seq: u32) -> bool {
        if !self.lazy_spin || client.is_watchdog() {
            return false;
        }
        let worker = &self.workers[client.worker() as usize];
        worker.phase == Phase::Acquiring
            && worker.lock_pending
            && worker.lock_seq == seq
            && self.procs.is_running(worker.process as usize)
    }

    /// Parks worker `w`, whose `Acquire` the server has just refused.
    fn park(&mut self, w: usize) {
        let now_us = self.q.now_us();
        let expires_us = self.server.expiry_us(self.workers[w].wallet as usize).expect("a refused key is held");
        // The first arrival at or after the expiry finds the key gone (`now >= expires_at`).
        let periods = expires_us.saturating_sub(now_us).div_ceil(self.spin_period_us).max(1);
        let worker = &mut self.workers[w];
        worker.lock_pending = false;
        worker.phase = Phase::SpinParked;
        worker.spin_base_us = now_us;
        self.parked[worker.wallet as usize].push(w as u32);
        self.schedule_spin_arrive(w, now_us + periods * self.spin_period_us);
    }

    /// Takes the spinners' dead arrivals out of the event heap. A spinner
    /// parks with an arrival at its key's expiry; when the key is freed
    /// sooner, it gets an earlier arrival and a new generation, and the old
    /// one stays in the heap until its time comes, to be ignored. With many
    /// threads, short holds and a long TTL they fill the heap (it averaged
    /// 1,740 events at the heaviest slider corner, against 16 for exp1), and
    /// every push and pop pays for its depth: taking them out made that
    /// corner's runs a third faster. The run is unchanged, and so is its
    /// event count (the queue counts a removed event as popped); a
    /// spinner's generation only grows, so a dead arrival stays dead.
    fn remove_dead_arrivals(&mut self) {
        let workers = &self.workers;
        self.q.remove_dead(
            |ev| matches!(*ev, Ev::SpinArrive { worker, gen } if workers[worker as usize].spin_gen != gen),
        );
        self.remove_dead_at = (2 * self.q.heap_len()).max(DEAD_ARRIVALS_MIN_HEAP.max(4 * self.workers.len()));
    }

    fn schedule_spin_arrive(&mut self, w: usize, at_us: SimTime) {
        let worker = &mut self.workers[w];
        worker.spin_gen = worker.spin_gen.wrapping_add(1);
        worker.spin_probe_us = at_us;
        let gen = worker.spin_gen;
        self.q.schedule_at(at_us, Ev::SpinArrive { worker: w as u32, gen });
    }

    /// Counts the first `attempts` attempts of `w`'s chain as refused: the
    /// client would have received each reply `lock_net` after its arrival.
    fn count_skipped_refusals(&mut self, w: usize, attempts: u64) {
        self.acquire_refusals += attempts;
        if self.full {
            self.recorded_refusals += attempts;
            let worker = &self.workers[w];
            let (base_us, wallet) = (worker.spin_base_us + u64::from(self.cfg.lock_net_us), worker.wallet);
            for i in 0..attempts {
                // Computed, so without a sequence number of its own: seq 0
                // puts it first among the events of its microsecond.
                let at = Stamp { t_us: base_us + i * self.spin_period_us, seq: 0 };
                self.events.push(TraceEvent { at, kind: EventKind::AcquireRefused { worker: w as u32, wallet } });
            }
        }
    }

    /// A parked spinner's attempt reaches the server: it is executed like any
    /// `Acquire`. False when the event is stale (moved earlier, or unparked).
    fn on_spin_arrive(&mut self, w: usize, gen: u32) -> bool {
        let worker = &self.workers[w];
        if worker.spin_gen != gen || worker.phase != Phase::SpinParked {
            return false;
        }
        let wallet = worker.wallet;
        let attempts = (worker.spin_probe_us - worker.spin_base_us) / self.spin_period_us;
        self.count_skipped_refusals(w, attempts);
        let list = &mut self.parked[wallet as usize];
        if let Some(i) = list.iter().position(|&p| p as usize == w) {
            list.remove(i);
        }
        let worker = &mut self.workers[w];
        worker.phase = Phase::Acquiring;
        worker.lock_seq = worker.lock_seq.wrapping_add(1);
        worker.lock_pending = true;
        worker.lock_exempt = false;
        let seq = worker.lock_seq;
        let cmd = LockCmd { kind: CmdKind::Acquire, wallet: wallet as u16, token: 0 };
        self.on_lock_arrive(Client::of_worker(w as u32), cmd, seq);
        true
    }

    /// `wallet`'s key was deleted: each parked spinner tries at its next arrival.
    fn on_key_deleted(&mut self, wallet: usize) {
        let now_us = self.q.now_us();
        for i in 0..self.parked[wallet].len() {
            let w = self.parked[wallet][i] as usize;
            let base_us = self.workers[w].spin_base_us;
            // Strictly after the delete: an attempt arriving in the same
            // microsecond was normally sent before the delete and lost the tie.
            let next_us = base_us + ((now_us - base_us) / self.spin_period_us + 1) * self.spin_period_us;
            if next_us < self.workers[w].spin_probe_us {
                self.schedule_spin_arrive(w, next_us);
            }
        }
    }

    /// Turns the parked spinners of `process` back into ordinary events before it stops.
    fn unpark_process(&mut self, process: u32) {
        for wallet in 0..self.parked.len() {
            let mut i = 0;
            while i < self.parked[wallet].len() {
                let w = self.parked[wallet][i] as usize;
                if self.workers[w].process == process {
                    self.parked[wallet].remove(i);
                    self.unpark(w);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Schedules the event of `w`'s chain that comes next (at or after now,
    /// after the current event), the caller having taken `w` off its
    /// wallet's parked list: the worker is then exactly where simulating
    /// every attempt would have put it. An attempt already in flight stays a
    /// `SpinArrive` (it reaches the server whatever happens meanwhile).
    fn unpark(&mut self, w: usize) {
        debug_assert_eq!(self.workers[w].phase, Phase::SpinParked);
        let now_us = self.q.now_us();
        let (net_us, retry_us, period_us) = (u64::from(self.cfg.lock_net_us), self.retry_us, self.spin_period_us);
        let base_us = self.workers[w].spin_base_us;
        let (n, r) = ((now_us - base_us) / period_us, (now_us - base_us) % period_us);
        let cycle_us = base_us + n * period_us;
        if n >= 1 && r == 0 {
            // Attempt n arrives right now, after this event: it is in flight,
            // so its arrival stands whatever happens to the key or the process.
            self.schedule_spin_arrive(w, cycle_us);
        } else if r <= net_us {
            // Attempt n was refused; its reply is on the way.
            self.count_skipped_refusals(w, n);
            let worker = &mut self.workers[w];
            worker.spin_gen = worker.spin_gen.wrapping_add(1);
            worker.phase = Phase::Acquiring;
            worker.lock_seq = worker.lock_seq.wrapping_add(1);
            worker.lock_pending = true;
            let reply = Ev::LockReply {
                client: Client::of_worker(w as u32),
                cmd_seq: worker.lock_seq,
                token: 0,
                epoch: 0,
                kind: ReplyKind::Refused,
            };
            self.q.schedule_at(cycle_us + net_us, reply);
        } else if r <= net_us + retry_us {
            // Attempt n's refusal was received; the retry sleep is running.
            self.count_skipped_refusals(w, n + 1);
            let worker = &mut self.workers[w];
            worker.spin_gen = worker.spin_gen.wrapping_add(1);
            worker.phase = Phase::RetrySleep;
            self.q.schedule_at(cycle_us + net_us + retry_us, Ev::WorkerWake { worker: w as u32 });
        } else {
            // Attempt n + 1 was sent and is in flight.
            self.schedule_spin_arrive(w, cycle_us + period_us);
        }
    }

    fn on_restart(&mut self) {
        self.server.restart();
        self.emit(EventKind::LockServerRestarted);
    }

    // ---------------------------------------------------------------- watchdog

    fn start_watchdog(&mut self, w: usize) {
        let worker = &mut self.workers[w];
        worker.wd_hold = worker.hold;
        let first_us = self.q.now_us() + self.watchdog_period_us;
        self.q.schedule_at(first_us, Ev::WatchdogTick { worker: w as u32, hold: worker.hold });
        worker.wd_scheduled_us = first_us;
    }

    fn on_watchdog_tick(&mut self, w: usize, hold: u32) {
        if self.workers[w].wd_hold != hold {
            return; // cancelled
        }
        let worker = &self.workers[w];
        let token = worker.token.expect("a watchdog only runs for a locked hold");
        let wallet = worker.wallet;
        self.send_lock(Client::of_watchdog(w as u32), CmdKind::Extend, wallet, token);
    }

    fn on_watchdog_answer(&mut self, w: usize, answer: LockAnswer) {
        let extended = matches!(answer, LockAnswer::Extended(true));
        let hold = self.workers[w].hold;
        if extended {
            // The extension happened on the server whether or not the task was cancelled meanwhile.
            self.watchdog_extensions += 1;
            let (wallet, token) = (self.workers[w].wallet, self.workers[w].token.unwrap_or(0));
            self.emit(EventKind::LeaseExtended { wallet, token, hold });
        }
        if self.workers[w].wd_hold != hold || hold == NO_HOLD {
            return;
        }
        if extended {
            // Fixed rate; missed ticks (after a stop) coalesce into one immediate tick.
            let now_us = self.q.now_us();
            let next_us = (self.workers[w].wd_scheduled_us + self.watchdog_period_us).max(now_us);
            self.workers[w].wd_scheduled_us = next_us;
            self.q.schedule_at(next_us, Ev::WatchdogTick { worker: w as u32, hold });
        } else {
            // The lease is gone. The worker is not told (the article's path did not check).
            let now = self.now();
            self.holds[hold as usize].lease_lost_seen_at = Some(now);
            self.workers[w].wd_lost = true;
            self.workers[w].wd_hold = NO_HOLD;
            self.watchdog_saw_lost += 1;
            let wallet = self.workers[w].wallet;
            self.emit(EventKind::WatchdogSawLeaseLost { wallet, hold });
        }
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
            self.events.sort_by_key(|e| e.at);
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

/// The trace's name of a statement that can wait for a row lock.
fn locking_stmt(stmt: Stmt) -> LockingStmt {
    match stmt {
        Stmt::ReadShare => LockingStmt::ForShare,
        Stmt::UpdateSet(_) => LockingStmt::Update,
        Stmt::UpdateIfSufficient => LockingStmt::ConditionalUpdate,
        Stmt::FenceAdvance(_) => LockingStmt::FenceAdvance,
        Stmt::FenceCheckEq(_) => LockingStmt::FenceCheck,
        other => unreachable!("{other:?} takes no row lock, so it never queues"),
    }
}
