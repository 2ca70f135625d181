//! What a Scenario A run returns: metrics, hold records, server-side lease
//! spans, time series and (at `TraceLevel::Full`) the event list the site
//! animates. Everything here is plain data, serializable with serde, and
//! ordered deterministically (Vecs indexed by id, never a HashMap).

use serde::{Deserialize, Serialize};

use super::config::LeaseConfig;
use crate::core::{SimTime, Stamp};

/// How much of the trace to keep. Metrics are always computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceLevel {
    /// Metrics and time series only (tables, sweeps).
    Summary,
    /// Plus holds and lease spans (static figures).
    Holds,
    /// Plus every event (the animated timeline).
    Full,
}

/// How a client's conditional release ended (model.md §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReleaseResult {
    /// The key still held our token and was deleted.
    Released,
    /// The key held a different token: someone else owns the lock now.
    Stolen,
    /// The key was absent: our lease had expired and nobody took it yet.
    Expired,
    /// The lock server failed the command (down or timed out).
    Error,
    /// No release was attempted (lockless hold).
    NotApplicable,
}

/// Which fence check rejected a hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FencePhase {
    Read,
    Write,
}

/// The answer a request got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Approved,
    Insufficient,
    FenceRejected(FencePhase),
    /// 503: the lock server was unreachable under fail-closed.
    LockUnavailable,
    /// Non-article toggle `abort_on_lost_lease`: the worker skipped its write
    /// because its watchdog had seen the lease gone (a completed, non-503 response).
    AbortedLeaseLost,
}

/// One critical section as the client saw it (the article's `experiment_lock_hold`).
/// Every stamp is taken when the client observed the reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hold {
    pub id: u32,
    pub wallet: u32,
    pub worker: u32,
    pub process: u32,
    /// `None` for a lockless hold (fail-open, or the lockless variant's section).
    pub token: Option<u64>,
    pub lockless: bool,
    pub acquired_at: Stamp,
    pub read_at: Option<Stamp>,
    /// The balance the hold read (won).
    pub read_value_won: Option<i64>,
    /// When the client got COMMIT ok for its balance write.
    pub written_at: Option<Stamp>,
    /// The balance the hold wrote (won).
    pub written_value_won: Option<i64>,
    pub released_at: Stamp,
    pub release_result: ReleaseResult,
    pub outcome: Outcome,
    /// When the watchdog (if any) first saw this hold's lease gone.
    pub lease_lost_seen_at: Option<Stamp>,
}

/// Why a lease ended on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaseEnd {
    /// Its TTL ran out (`ended_at` is the expiry instant on the server clock).
    Expired,
    /// Its owner deleted it with a conditional release.
    Deleted,
    /// The lock server was killed with the key in memory.
    Killed,
    /// Still live when the run ended.
    RunEnd,
}

/// A lease as the lock server saw it: from SET execution to its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaseSpan {
    pub wallet: u32,
    pub token: u64,
    pub set_exec_at: Stamp,
    /// Successful extensions (each moved the expiry to `at + ttl`).
    pub extended_at: Vec<Stamp>,
    pub ended_at: Stamp,
    pub end_cause: LeaseEnd,
}

/// The balance of one wallet after each commit that touched it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BalancePoint {
    pub t_us: SimTime,
    /// `wallet.available_amount` after the commit.
    pub snapshot_won: i64,
    /// Σ ledger entries after the commit.
    pub ledger_won: i64,
}

/// Counts per whole second of simulated time, for the outage figure.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecondBucket {
    pub approved: u32,
    pub insufficient: u32,
    pub unavailable: u32,
    pub fence_rejected_read: u32,
    pub fence_rejected_write: u32,
    /// Responses `AbortedLeaseLost` (only with `abort_on_lost_lease`).
    pub aborted_lease_lost: u32,
    /// Holds (locked or lockless) that started in this second.
    pub holds_started: u32,
    pub lockless_holds_started: u32,
    /// Overlap pairs whose overlap began in this second.
    pub overlap_pairs_started: u32,
}

/// A point of a wallet's token counter (on the lock server) or fence value (in the DB).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenPoint {
    pub t_us: SimTime,
    pub counter: u64,
    pub fence: u64,
}

/// Time series for the figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    /// Indexed by wallet; the first point is the initial balance at t = 0.
    pub balance: Vec<Vec<BalancePoint>>,
    /// Indexed by whole second, 0 up to the end of the drain.
    pub per_second: Vec<SecondBucket>,
    /// Indexed by wallet; one point whenever the counter or the fence changes.
    pub tokens: Vec<Vec<TokenPoint>>,
    /// Every non-503 response latency in µs, sorted ascending (for CDFs and p95).
    pub latencies_us: Vec<u64>,
}

/// A statement that takes a row lock (model.md §1.2 statement catalogue), as
/// named by the row-lock wait events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LockingStmt {
    /// `SELECT … FOR SHARE` on the wallet row (S lock; c-2's read).
    ForShare,
    /// The unconditional `UPDATE wallet SET available_amount = v` (X on the wallet row).
    Update,
    /// The conditional `UPDATE … WHERE available_amount >= amount` (X on the wallet row; (d)).
    ConditionalUpdate,
    /// `UPDATE lock_fence SET token = t WHERE token < t` (X on the fence row).
    FenceAdvance,
    /// `UPDATE lock_fence SET token = token WHERE token = t` (X on the fence row).
    FenceCheck,
}

impl LockingStmt {
    /// The statement takes a shared (S) lock; every other one takes X.
    pub fn is_shared(self) -> bool {
        self == LockingStmt::ForShare
    }

    /// The statement locks the wallet's `lock_fence` row, not its `wallet` row.
    pub fn on_fence_row(self) -> bool {
        matches!(self, LockingStmt::FenceAdvance | LockingStmt::FenceCheck)
    }
}

/// One fact in the run, in the past tense. The site animates these.
///
/// Client-side facts are stamped when the client observed them. The two
/// row-lock facts (`RowLockWaitBegan`, `RowLockGranted`) are stamped on the DB
/// server: when the statement arrived and queued, and when it got the lock and
/// ran. They are recorded at `TraceLevel::Full` only, like every event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    RequestStarted {
        worker: u32,
        wallet: u32,
    },
    AcquireRefused {
        worker: u32,
        wallet: u32,
    },
    LockAcquired {
        worker: u32,
        wallet: u32,
        token: u64,
        hold: u32,
    },
    LocklessSectionStarted {
        worker: u32,
        wallet: u32,
        hold: u32,
    },
    BalanceRead {
        worker: u32,
        wallet: u32,
        hold: u32,
        value_won: i64,
    },
    FenceRejected {
        worker: u32,
        wallet: u32,
        hold: u32,
        phase: FencePhase,
    },
    BalanceWritten {
        worker: u32,
        wallet: u32,
        hold: u32,
        value_won: i64,
    },
    InsufficientFunds {
        worker: u32,
        wallet: u32,
        hold: u32,
    },
    /// `abort_on_lost_lease`: the write was skipped because the watchdog saw the lease gone.
    WriteAborted {
        worker: u32,
        wallet: u32,
        hold: u32,
    },
    LockReleased {
        worker: u32,
        wallet: u32,
        hold: u32,
        result: ReleaseResult,
    },
    LeaseExtended {
        wallet: u32,
        token: u64,
        hold: u32,
    },
    WatchdogSawLeaseLost {
        wallet: u32,
        hold: u32,
    },
    LeaseExpired {
        wallet: u32,
        token: u64,
    },
    ResponseSent {
        worker: u32,
        outcome: Outcome,
        latency_us: u64,
    },
    ProcessStopped {
        process: u32,
    },
    ProcessResumed {
        process: u32,
    },
    LockServerKilled,
    LockServerRestarted,
    LockServerStalled {
        until_us: SimTime,
    },
    /// A statement reached the DB and queued behind another transaction's row
    /// lock (FIFO per row). `ahead`: the conflicting lock's holders plus the
    /// statements already queued on that row (at least 1). Every wait ends
    /// with a `RowLockGranted` of the same worker, even after the deadline.
    RowLockWaitBegan {
        worker: u32,
        wallet: u32,
        hold: u32,
        stmt: LockingStmt,
        ahead: u32,
    },
    /// The queued statement got its row lock and ran, `waited_us` after it
    /// arrived, because worker `released_by`'s COMMIT or ROLLBACK (which
    /// arrived at this same stamp) released the lock.
    RowLockGranted {
        worker: u32,
        wallet: u32,
        hold: u32,
        stmt: LockingStmt,
        waited_us: u64,
        released_by: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceEvent {
    pub at: Stamp,
    #[serde(flatten)]
    pub kind: EventKind,
}

/// The article's headline metrics, with the exact key names `lab table --format json`
/// prints. `None` (JSON `null`) where a metric does not apply to the run.
/// Values are sums over wallets. Definitions: model.md §2; every value is
/// computed from the recorded holds and responses (`metrics.rs`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LeaseMetrics {
    /// Committed ledger debits (= `Approved` outcomes).
    pub approvals: u64,
    /// Σ_w floor(initial balance / amount).
    pub possible_approvals: u64,
    /// Same-wallet hold pairs whose `[acquired_at, released_at]` intersect, in
    /// `Stamp` order; lockless holds count too. For (d) these are the
    /// "concurrent-section overlap pairs". Artifacts included (see `LeaseDetails::overlap_artifacts`).
    pub ownership_overlap_pairs: u64,
    /// Max over wallets and instants of the holds open at once (sweep).
    pub max_concurrent_owners: u64,
    /// Releases that found *another* token on the key. `None` for (d), which never locks.
    pub stolen_at_release: Option<u64>,
    /// Σ_w (snapshot − ledger balance), won (INV-010).
    pub drift_won: i64,
    /// Σ_w max(0, approvals_w − possible_w) (INV-003).
    pub over_approval: u64,
    /// Wallets whose ledger balance ended below 0.
    pub negative_ledger_wallets: u64,
    /// Read + write fence rejects. `None` unless the variant fences (c-1, c-2).
    pub fencing_rejects: Option<u64>,
    /// Approved pairs whose read-to-commit windows intersect. `None` for (d),
    /// whose conditional UPDATE does not read-modify-write.
    pub lost_update_pairs: Option<u64>,
    /// Completed non-503 responses / `duration_s`.
    pub throughput_rps: f64,
    /// Nearest-rank p95 of non-503 response latencies (0 when there are none).
    pub latency_p95_ms: f64,
    /// 503s whose request started during the outage. `None` without an outage
    /// (`Some(0)` for the control, which never calls the lock server).
    pub n503_during_outage: Option<u64>,
    /// Lockless holds acquired during the outage (fail-open). `None` without an
    /// outage and for (d), where every section is lockless by design.
    pub lockless_holds_during_outage: Option<u64>,
    /// Successful `ExtendIfOwner` replies. `None` unless the watchdog runs (b, b').
    pub watchdog_extensions: Option<u64>,
    /// Σ_w of the fence value the pre-kill lease epoch left behind (per wallet in
    /// `LeaseDetails`). `None` unless a fencing variant runs with an outage.
    pub fence_value_at_kill: Option<u64>,
    /// Σ_w of `FenceRejected{Read}` holds acquired after the restart. `None`
    /// unless c-2 runs with an outage.
    pub post_restart_read_rejects: Option<u64>,
}

/// The metrics behind the headline ones: splits, per-wallet values, diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LeaseDetails {
    pub wallets: u32,
    pub approvals_per_wallet: Vec<u64>,
    pub snapshot_per_wallet_won: Vec<i64>,
    pub ledger_per_wallet_won: Vec<i64>,
    pub drift_per_wallet_won: Vec<i64>,
    pub holds: u64,
    pub requests: u64,
    pub responses_503: u64,
    pub insufficient: u64,
    pub expired_at_release: u64,
    pub overlap_artifacts: u64,
    pub fencing_rejects_read: u64,
    pub fencing_rejects_write: u64,
    /// Approved writes committed after another token had acquired the same wallet
    /// (model.md §3.4 item 3): the writes a fence is meant to catch.
    pub writes_after_overtake: u64,
    /// Overlap pairs by the phase of the later acquisition: before, during, after the outage.
    pub overlap_pairs_by_phase: [u64; 3],
    /// Holds by the phase of their acquisition: before, during, after the outage.
    pub holds_by_phase: [u64; 3],
    /// Per wallet: the highest pre-kill (epoch 0) token stamped into the fence.
    /// This is `lock_fence.token` at the kill, except when a hold acquired just
    /// before the kill advances the fence just after it; defined this way so
    /// that S9 (`post_restart_read_rejects == fence_value_at_kill`) is exact.
    /// Empty unless a fencing variant runs with an outage.
    pub fence_value_at_kill_per_wallet: Vec<u64>,
    /// Per wallet: `FenceRejected{Read}` holds acquired after the restart. Empty unless c-2 runs with an outage.
    pub post_restart_read_rejects_per_wallet: Vec<u64>,
    /// Responses `AbortedLeaseLost` (only with `abort_on_lost_lease`).
    pub aborted_lease_lost: u64,
    /// `SET NX` attempts that found the key held (each is followed by a retry sleep).
    pub acquire_refusals: u64,
    /// Lock commands that failed with the client's command timeout.
    pub lock_timeouts: u64,
    /// Watchdog tasks that saw their lease gone (`ExtendIfOwner` = 0 or an error).
    pub watchdog_saw_lease_lost: u64,
    /// Leases the server ended by TTL expiry (counted at every trace level).
    pub leases_expired: u64,
    pub latency_p50_ms: f64,
    pub latency_max_ms: f64,
    /// Simulated time when the last event ran (the end of the drain).
    pub end_us: SimTime,
}

/// Cost counters: what one run took, for benchmarks and the work cap.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    pub events_processed: u64,
}

/// Everything one run returns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaseTrace {
    pub config: LeaseConfig,
    pub seed: u64,
    pub run_index: u32,
    pub level: TraceLevel,
    pub metrics: LeaseMetrics,
    pub details: LeaseDetails,
    pub series: Series,
    /// Empty at `TraceLevel::Summary`.
    pub holds: Vec<Hold>,
    /// Empty at `TraceLevel::Summary`.
    pub leases: Vec<LeaseSpan>,
    /// Empty below `TraceLevel::Full`.
    pub events: Vec<TraceEvent>,
    pub stats: RunStats,
}

/// A run given up at its work cap (`super::AtCap::GiveUp`): the cap it hit and the simulated time of
/// the first event past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkCapReached {
    pub max_events: u64,
    pub at_us: SimTime,
}
