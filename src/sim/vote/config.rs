//! Configuration of a Scenario B run (model.md §4.3–§4.5, §4.9): the
//! ordering/handling variant, the fault to inject, the store profile and the
//! timing of the simplified Tendermint-like network.
//!
//! Every field carries its unit in its name. `VoteConfig::default()` is the
//! article's story: V1 (broadcast, then persist) is killed right after its
//! first send, restarts 2 s later and is offered Y by a Byzantine proposer.
//! Validation and ranges belong to `crate::params`; this module only defines
//! plain data and must not depend on the browser, the CLI or any clock.

use serde::{Deserialize, Serialize};

/// The orderings and fault-handling variants of model.md §4.4. The string
/// codes (`code()`) are the spec's names and are used in URLs, JSON and the CLI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// V0 PersistThenBroadcast: own tx, commit, drain on the same connection, fsync, then send.
    #[serde(rename = "V0")]
    V0,
    /// V1 BroadcastThenPersist: the article's hypothetical.
    #[serde(rename = "V1")]
    V1,
    /// V2 JoinOuterTx: the store call joins an outer transaction; the caller sends at once.
    #[serde(rename = "V2")]
    V2,
    /// V2g RefuseJoin: the guard refuses a store call inside an outer transaction.
    #[serde(rename = "V2g")]
    V2g,
    /// V3 CommitNoSync: own tx and commit, then send; durability left to background writers.
    #[serde(rename = "V3")]
    V3,
    /// V4 SyncCallOnly: commit plus a file sync that does not wait for the store queue.
    #[serde(rename = "V4")]
    V4,
    /// Sync error after commit → no send, fence the safety store (correct).
    #[serde(rename = "F-fence")]
    FFence,
    /// Sync error treated as "nothing written"; the engine signs on.
    #[serde(rename = "F-naive-retry")]
    FNaiveRetry,
    /// Sync error fences only the engine object; a new engine reopens the same store.
    #[serde(rename = "F-engine-fence-only")]
    FEngineFenceOnly,
    /// Interrupt during the wait: keep the connection until real completion, then fail and fence (correct).
    #[serde(rename = "I-wait-then-fence")]
    IWaitThenFence,
    /// Interrupt returns success at once; the send overtakes the pending storage steps.
    #[serde(rename = "I-as-success")]
    IAsSuccess,
    /// Interrupt returns failure at once and releases the connection while work is pending.
    #[serde(rename = "I-abort-release")]
    IAbortRelease,
}

impl Variant {
    pub const ALL: [Variant; 12] = [
        Variant::V0,
        Variant::V1,
        Variant::V2,
        Variant::V2g,
        Variant::V3,
        Variant::V4,
        Variant::FFence,
        Variant::FNaiveRetry,
        Variant::FEngineFenceOnly,
        Variant::IWaitThenFence,
        Variant::IAsSuccess,
        Variant::IAbortRelease,
    ];

    /// The spec's code (model.md §4.4), e.g. `"V0"`, `"F-fence"`.
    pub fn code(self) -> &'static str {
        match self {
            Variant::V0 => "V0",
            Variant::V1 => "V1",
            Variant::V2 => "V2",
            Variant::V2g => "V2g",
            Variant::V3 => "V3",
            Variant::V4 => "V4",
            Variant::FFence => "F-fence",
            Variant::FNaiveRetry => "F-naive-retry",
            Variant::FEngineFenceOnly => "F-engine-fence-only",
            Variant::IWaitThenFence => "I-wait-then-fence",
            Variant::IAsSuccess => "I-as-success",
            Variant::IAbortRelease => "I-abort-release",
        }
    }

    pub fn from_code(code: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.code() == code)
    }

    /// The spec's descriptive name.
    pub fn title(self) -> &'static str {
        match self {
            Variant::V0 => "PersistThenBroadcast",
            Variant::V1 => "BroadcastThenPersist",
            Variant::V2 => "JoinOuterTx",
            Variant::V2g => "RefuseJoin",
            Variant::V3 => "CommitNoSync",
            Variant::V4 => "SyncCallOnly",
            Variant::FFence => "SyncErrorFence",
            Variant::FNaiveRetry => "SyncErrorNaiveRetry",
            Variant::FEngineFenceOnly => "SyncErrorEngineFenceOnly",
            Variant::IWaitThenFence => "InterruptWaitThenFence",
            Variant::IAsSuccess => "InterruptAsSuccess",
            Variant::IAbortRelease => "InterruptAbortRelease",
        }
    }

    /// The fault-handling variants that inject a sync error on the first action.
    pub fn is_sync_error_variant(self) -> bool {
        matches!(self, Variant::FFence | Variant::FNaiveRetry | Variant::FEngineFenceOnly)
    }

    /// The fault-handling variants that inject an interrupt on the first action.
    pub fn is_interrupt_variant(self) -> bool {
        matches!(self, Variant::IWaitThenFence | Variant::IAsSuccess | Variant::IAbortRelease)
    }

    /// The variants the article calls correct (they never lose a sent vote).
    pub fn is_article_correct(self) -> bool {
        matches!(self, Variant::V0 | Variant::V2g | Variant::FFence | Variant::IWaitThenFence)
    }
}

/// How a crashed node died (model.md §4.2 durability rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// The process dies; the OS and its page cache survive (OsCache and Disk are kept).
    Kill,
    /// The machine loses power: only Disk survives, and only if the device honours sync.
    Power,
}

impl FaultKind {
    pub const ALL: [FaultKind; 2] = [FaultKind::Kill, FaultKind::Power];

    pub fn key(self) -> &'static str {
        match self {
            FaultKind::Kill => "kill",
            FaultKind::Power => "power",
        }
    }

    pub fn from_key(key: &str) -> Option<FaultKind> {
        FaultKind::ALL.into_iter().find(|f| f.key() == key)
    }
}

/// Where the conflicting value comes from after a restart (model.md §4.5 \[AMB\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictSource {
    /// The proposer of (10, 1) sends proposal Y to the restarted node ("A receives Y").
    ByzantineY,
    /// Honest world: the propose timeout fires and the node prevotes Nil.
    NilTimeout,
}

impl ConflictSource {
    pub const ALL: [ConflictSource; 2] = [ConflictSource::ByzantineY, ConflictSource::NilTimeout];

    pub fn key(self) -> &'static str {
        match self {
            ConflictSource::ByzantineY => "byzantine_y",
            ConflictSource::NilTimeout => "nil_timeout",
        }
    }

    pub fn from_key(key: &str) -> Option<ConflictSource> {
        ConflictSource::ALL.into_iter().find(|c| c.key() == key)
    }
}

/// Where a committed record goes and what moves it further (model.md §4.2 \[PROP\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoreProfile {
    /// Commit → Committed (store queue in the DB process); a background writer
    /// moves Committed → OsCache every 1 s; OS writeback moves OsCache → Disk after 30 s.
    H2Like,
    /// Commit → OsCache directly (a WAL database without fsync-on-commit).
    WalOsCache,
    /// Commit with a synchronous WAL → Disk; commit and sync are one step.
    RocksSyncWal,
}

impl StoreProfile {
    pub const ALL: [StoreProfile; 3] = [StoreProfile::H2Like, StoreProfile::WalOsCache, StoreProfile::RocksSyncWal];

    pub fn key(self) -> &'static str {
        match self {
            StoreProfile::H2Like => "h2_like",
            StoreProfile::WalOsCache => "wal_os_cache",
            StoreProfile::RocksSyncWal => "rocks_sync_wal",
        }
    }

    pub fn from_key(key: &str) -> Option<StoreProfile> {
        StoreProfile::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// How the safety store keeps its records (model.md §4.2 \[PROP\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Records are appended; recovery takes the highest `seq` per (h, r, step).
    AppendLog,
    /// One "last signed state" row overwritten in place: the last commit wins.
    LastStateRow,
}

impl Layout {
    pub fn key(self) -> &'static str {
        match self {
            Layout::AppendLog => "append_log",
            Layout::LastStateRow => "last_state_row",
        }
    }

    pub fn from_key(key: &str) -> Option<Layout> {
        [Layout::AppendLog, Layout::LastStateRow].into_iter().find(|l| l.key() == key)
    }
}

/// Where a record really is after a sync whose result cannot be trusted
/// (model.md §4.5 `SyncError.true_state`). Hidden from the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrueState {
    /// Still only in the OS page cache: survives a kill, not a power loss.
    OsCache,
    /// Really on the device.
    Disk,
    /// The dirty pages were discarded (the Linux fsync-error behaviour): lost
    /// on any fault, although the running DB process still shows the row.
    Dropped,
}

impl TrueState {
    pub const ALL: [TrueState; 3] = [TrueState::OsCache, TrueState::Disk, TrueState::Dropped];

    pub fn key(self) -> &'static str {
        match self {
            TrueState::OsCache => "os_cache",
            TrueState::Disk => "disk",
            TrueState::Dropped => "dropped",
        }
    }

    pub fn from_key(key: &str) -> Option<TrueState> {
        TrueState::ALL.into_iter().find(|t| t.key() == key)
    }
}

/// The storage step during which an interrupt arrives (model.md §4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InterruptStage {
    /// While the commit is pending on the connection (used by I-abort-release,
    /// whose late commit may land after the next action's, model.md §4.8).
    Commit,
    Drain,
    Fsync,
}

impl InterruptStage {
    pub fn key(self) -> &'static str {
        match self {
            InterruptStage::Commit => "commit",
            InterruptStage::Drain => "drain",
            InterruptStage::Fsync => "fsync",
        }
    }

    pub fn from_key(key: &str) -> Option<InterruptStage> {
        [InterruptStage::Commit, InterruptStage::Drain, InterruptStage::Fsync].into_iter().find(|s| s.key() == key)
    }
}

/// How V2's outer transaction ends (model.md §4.5 `OuterTxOutcome`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OuterEnd {
    Commit,
    Rollback,
}

/// The duration of each stage of the simulated machinery (model.md §4.3 \[PROP\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VoteTiming {
    pub net_one_way_us: u32,
    /// ± this many µs, uniform, on every delivery (0 = none; then the seed has no effect).
    pub net_jitter_us: u32,
    pub sign_us: u32,
    pub wal_write_us: u32,
    pub commit_us: u32,
    pub drain_us: u32,
    pub fsync_us: u32,
    /// One send to one peer (three per broadcast), so a crash between them is expressible.
    pub send_us: u32,
    pub outer_begin_us: u32,
    /// From the last send of V2's first action to its outer transaction's end.
    pub outer_end_after_us: u32,
    pub bg_write_period_ms: u32,
    pub os_writeback_delay_ms: u32,
    pub timeout_propose_ms: u32,
    pub timeout_prevote_ms: u32,
    pub timeout_precommit_ms: u32,
    /// Added to the three timeouts above per round.
    pub timeout_delta_ms: u32,
    pub timeout_commit_ms: u32,
}

impl VoteTiming {
    /// No step of a height costs simulated time: signing, the WAL write,
    /// commit, drain, file sync, each send and the wait after a finalization
    /// are all 0. Each value is inside its documented range, but together
    /// they let the network finalize a height every few microseconds (only
    /// the network's one-way latency, at least 1 µs, is left), which no real
    /// device does; such a run meets the work cap within milliseconds of
    /// simulated time.
    pub fn costs_nothing(&self) -> bool {
        [self.sign_us, self.wal_write_us, self.commit_us, self.drain_us, self.fsync_us, self.send_us]
            .iter()
            .all(|&us| us == 0)
            && self.timeout_commit_ms == 0
    }
}

impl Default for VoteTiming {
    fn default() -> Self {
        VoteTiming {
            net_one_way_us: 2_000,
            net_jitter_us: 0,
            sign_us: 50,
            wal_write_us: 200,
            commit_us: 300,
            drain_us: 1_000,
            fsync_us: 8_000,
            send_us: 20,
            outer_begin_us: 100,
            outer_end_after_us: 3_000,
            bg_write_period_ms: 1_000,
            os_writeback_delay_ms: 30_000,
            timeout_propose_ms: 3_000,
            timeout_prevote_ms: 1_000,
            timeout_precommit_ms: 1_000,
            timeout_delta_ms: 500,
            timeout_commit_ms: 1_000,
        }
    }
}

/// Everything that defines a Scenario B run (the scripted story of model.md §4.9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VoteConfig {
    /// The ordering/handling variant of validator A. B, C and D always run V0.
    pub variant: Variant,
    /// Crash A right after its k-th foreground pipeline event (counted over
    /// all of A's actions from t = 0; 0 = before its first event). The
    /// events and their order are exactly those of the variant's crash-point
    /// chain (`crashpoints::positions`), so a matrix cut maps onto it.
    pub crash_after_events: Option<u32>,
    /// Alternative: crash A right after the first foreground event with this name.
    pub crash_after_event_name: Option<String>,
    /// Alternative: crash A at this time.
    pub crash_at_ms: Option<u32>,
    pub fault: FaultKind,
    pub conflict_source: ConflictSource,
    pub profile: StoreProfile,
    pub layout: Layout,
    pub device_honours_sync: bool,
    /// With a lying device, a power loss also loses Disk writes younger than this.
    pub device_cache_window_ms: u32,
    /// Delay from a crash to the restart; `None` = never restart.
    pub restart_delay_ms: Option<u32>,
    /// Validators out for good from `blocked_at_ms` (0 = none, 1 = A, 2 = A and B…):
    /// the liveness slider of figure B5. With ≥ 1, A never restarts.
    pub blocked_validators: u32,
    pub blocked_at_ms: u32,
    /// The true state of A's first record when its sync fails (F- variants).
    pub sync_error_true_state: TrueState,
    /// The true state of every record synced after a sync error ("poisoned" store).
    pub poisoned_true_state: TrueState,
    /// Where the interrupt lands (I- variants); `None` = the variant's default
    /// (Commit for I-abort-release, Fsync otherwise).
    pub interrupt_during: Option<InterruptStage>,
    /// How long after the interrupted stage began the interrupt arrives.
    pub interrupt_offset_us: u32,
    /// How long the abandoned work of I-abort-release takes to finish after the interrupt.
    pub abandoned_work_delay_us: u32,
    /// V2: how A's first outer transaction ends (later ones commit).
    pub outer_end: OuterEnd,
    /// F- variants: when, after the failure, something opens a new engine on the same store.
    pub recreate_engine_after_ms: u32,
    /// The operator's `RestartWithRecovery` of a fenced A at this time (`None` = never;
    /// a fenced node is never restarted automatically, model.md §4.6).
    pub operator_restart_fenced_at_ms: Option<u32>,
    /// An injected stall of A's first store-queue drain (the article's delayed H2 store work).
    pub sync_stall_ms: u32,
    pub status_probe_period_us: u32,
    /// Probes run from t = 0 to this time and again for the same span after a restart.
    pub status_probe_window_ms: u32,
    /// The anti-pattern: the status probe takes the engine lock and stalls during sync waits.
    pub status_probe_shares_engine_lock: bool,
    pub rebroadcast_last_signed_on_restart: bool,
    /// Two transactions are submitted to every mempool at this time.
    pub txs_submit_at_ms: u32,
    pub horizon_ms: u32,
    pub start_height: u64,
    pub start_round: u32,
    pub timing: VoteTiming,
    /// Base seed of the network-jitter streams (model.md §0.3). With
    /// `timing.net_jitter_us = 0` (the default) the run does not depend on it.
    pub seed: u64,
}

impl Default for VoteConfig {
    fn default() -> Self {
        VoteConfig {
            variant: Variant::V1,
            crash_after_events: Some(2),
            crash_after_event_name: None,
            crash_at_ms: None,
            fault: FaultKind::Kill,
            conflict_source: ConflictSource::ByzantineY,
            profile: StoreProfile::H2Like,
            layout: Layout::AppendLog,
            device_honours_sync: true,
            device_cache_window_ms: 2_000,
            restart_delay_ms: Some(2_000),
            blocked_validators: 0,
            blocked_at_ms: 1_000,
            sync_error_true_state: TrueState::Dropped,
            poisoned_true_state: TrueState::Dropped,
            interrupt_during: None,
            interrupt_offset_us: 500,
            abandoned_work_delay_us: 30_000,
            outer_end: OuterEnd::Rollback,
            recreate_engine_after_ms: 100,
            operator_restart_fenced_at_ms: None,
            sync_stall_ms: 0,
            status_probe_period_us: 1_000,
            status_probe_window_ms: 40,
            status_probe_shares_engine_lock: false,
            rebroadcast_last_signed_on_restart: true,
            txs_submit_at_ms: 5_000,
            horizon_ms: 20_000,
            start_height: 10,
            start_round: 1,
            timing: VoteTiming::default(),
            seed: 1,
        }
    }
}

impl VoteConfig {
    /// The interrupt stage actually used by an I- variant.
    pub fn effective_interrupt_stage(&self) -> InterruptStage {
        self.interrupt_during.unwrap_or(if self.variant == Variant::IAbortRelease {
            InterruptStage::Commit
        } else {
            InterruptStage::Fsync
        })
    }

    /// The correct path with no fault: the baseline for liveness checks.
    pub fn no_fault() -> VoteConfig {
        VoteConfig { variant: Variant::V0, crash_after_events: None, ..VoteConfig::default() }
    }
}

/// Named story configurations for figures B1, B4 and B5 (`story_b` is the article's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VotePreset {
    /// V1 killed after its first send, restarted, offered Y: equivocation.
    StoryB,
    /// The article's correct path at the same crash point: no equivocation.
    StoryBCorrect,
    /// A sync error after commit, handled by fencing (figure B4).
    FenceAfterSyncError,
    /// A blocked sync wait with a responsive status probe (figure B4).
    ProbeDuringBlockedSync,
    /// The same with the probe sharing the engine lock (the anti-pattern).
    ProbeSharesEngineLock,
    /// One validator down for good: the network stays live (figure B5).
    LivenessOneDown,
    /// Two validators down: the network stalls (figure B5).
    LivenessTwoDown,
}

impl VotePreset {
    pub const ALL: [VotePreset; 7] = [
        VotePreset::StoryB,
        VotePreset::StoryBCorrect,
        VotePreset::FenceAfterSyncError,
        VotePreset::ProbeDuringBlockedSync,
        VotePreset::ProbeSharesEngineLock,
        VotePreset::LivenessOneDown,
        VotePreset::LivenessTwoDown,
    ];

    pub fn key(self) -> &'static str {
        match self {
            VotePreset::StoryB => "story_b",
            VotePreset::StoryBCorrect => "story_b_correct",
            VotePreset::FenceAfterSyncError => "fence_after_sync_error",
            VotePreset::ProbeDuringBlockedSync => "probe_during_blocked_sync",
            VotePreset::ProbeSharesEngineLock => "probe_shares_engine_lock",
            VotePreset::LivenessOneDown => "liveness_one_down",
            VotePreset::LivenessTwoDown => "liveness_two_down",
        }
    }

    pub fn from_key(key: &str) -> Option<VotePreset> {
        VotePreset::ALL.into_iter().find(|p| p.key() == key)
    }

    pub fn config(self) -> VoteConfig {
        let base = VoteConfig::default();
        match self {
            VotePreset::StoryB => base,
            // Crash after the same first send: V0's sixth event (SEND_B).
            VotePreset::StoryBCorrect => VoteConfig { variant: Variant::V0, crash_after_events: Some(6), ..base },
            VotePreset::FenceAfterSyncError => {
                VoteConfig { variant: Variant::FFence, crash_after_events: None, ..base }
            }
            VotePreset::ProbeDuringBlockedSync => {
                VoteConfig { variant: Variant::V0, crash_after_events: None, sync_stall_ms: 30, ..base }
            }
            VotePreset::ProbeSharesEngineLock => VoteConfig {
                variant: Variant::V0,
                crash_after_events: None,
                sync_stall_ms: 30,
                status_probe_shares_engine_lock: true,
                ..base
            },
            VotePreset::LivenessOneDown => {
                VoteConfig { variant: Variant::V0, crash_after_events: None, blocked_validators: 1, ..base }
            }
            VotePreset::LivenessTwoDown => {
                VoteConfig { variant: Variant::V0, crash_after_events: None, blocked_validators: 2, ..base }
            }
        }
    }
}
