//! What a Scenario B run returns (model.md §4.7, §4.9, figures B1–B6):
//! outcomes (equivocation, amnesia, false memory, fence, liveness,
//! diagnostics), per-validator lanes (consensus steps, pipeline stage spans,
//! process state, finalized heights), each safety record's layer over time,
//! every message, the status probes, and (at `TraceLevel::Full`) the event
//! list the site animates.
//!
//! Plain data only: serde, `Vec`s indexed by validator id, never a HashMap.
//! Must not depend on the browser, the CLI or any clock.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::config::{FaultKind, VoteConfig};
use crate::core::{SimTime, Stamp};

/// How much of the trace to keep. Outcomes are always computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceLevel {
    /// Outcomes and finalized-height series only (tables, sweeps, matrix hover).
    Summary,
    /// Plus lanes, record timelines, messages and probes (static figures).
    Spans,
    /// Plus every event (the animated timeline).
    Full,
}

/// Validator names in lane order: A = 0, B = 1, C = 2, D = 3.
pub const VALIDATOR_NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// A candidate value. Serialized as a short label: `"nil"`, `"X"`, `"Y"`,
/// or `"b<k>"` for the k-th block made by a proposer in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    Nil,
    Block(u32),
}

impl Value {
    pub const X: Value = Value::Block(1);
    pub const Y: Value = Value::Block(2);

    pub fn label(self) -> String {
        match self {
            Value::Nil => "nil".to_string(),
            Value::Block(1) => "X".to_string(),
            Value::Block(2) => "Y".to_string(),
            Value::Block(k) => format!("b{k}"),
        }
    }

    pub fn from_label(label: &str) -> Option<Value> {
        match label {
            "nil" => Some(Value::Nil),
            "X" => Some(Value::X),
            "Y" => Some(Value::Y),
            _ => label.strip_prefix('b')?.parse().ok().map(Value::Block),
        }
    }

    pub fn is_nil(self) -> bool {
        self == Value::Nil
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.label())
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Value::from_label(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown value label {text}")))
    }
}

/// A consensus step of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Propose,
    Prevote,
    Precommit,
    Commit,
}

/// The kind of a signed message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MsgKind {
    Proposal,
    Prevote,
    Precommit,
}

impl MsgKind {
    pub fn step(self) -> Step {
        match self {
            MsgKind::Proposal => Step::Propose,
            MsgKind::Prevote => Step::Prevote,
            MsgKind::Precommit => Step::Precommit,
        }
    }
}

/// Where a safety record is (model.md §4.2), plus `Lost` once a fault or a
/// rollback removed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// Inside an uncommitted transaction (own or outer).
    Tx,
    /// Committed in the DB process, still in the store queue.
    Committed,
    OsCache,
    Disk,
    Lost,
}

/// Why a safety store was fenced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FenceReason {
    SyncError,
    Interrupted,
}

/// One fact in the run, in the past tense. The site animates these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    StepEntered {
        validator: u32,
        height: u64,
        round: u32,
        step: Step,
    },
    /// A foreground event of a safety pipeline completed; `index` counts A's
    /// foreground events from 1 (the crash point counts these).
    PipelineEvent {
        validator: u32,
        action: u32,
        /// A `StepName`'s text, e.g. `"SEND_B"`, `"SIGN(Y)"`.
        name: String,
        index: u32,
    },
    /// A storage step that continues in the background (abandoned or overtaken work).
    BackgroundStep {
        validator: u32,
        action: u32,
        /// A `StepName`'s text.
        name: String,
    },
    MessageSent {
        msg: u32,
        from: u32,
        to: u32,
        signer: u32,
        msg_kind: MsgKind,
        height: u64,
        round: u32,
        value: Value,
        relayed: bool,
    },
    MessageReceived {
        msg: u32,
        from: u32,
        to: u32,
        signer: u32,
        msg_kind: MsgKind,
        height: u64,
        round: u32,
        value: Value,
    },
    RecordLayerChanged {
        validator: u32,
        record: u32,
        layer: Layer,
    },
    Crashed {
        validator: u32,
        fault: FaultKind,
    },
    Restarted {
        validator: u32,
    },
    /// Restored from the surviving safety records (details in `VoteOutcome::recoveries`).
    Recovered {
        validator: u32,
        records: u32,
    },
    Fenced {
        validator: u32,
        reason: FenceReason,
    },
    EngineRecreated {
        validator: u32,
    },
    EngineOpenRefused {
        validator: u32,
    },
    StoreAccessRefused {
        validator: u32,
    },
    SafetyRefused {
        validator: u32,
        height: u64,
        round: u32,
        step: Step,
        wanted: Value,
        recorded: Value,
    },
    /// A restarted (or re-created) engine re-sent a stored signed message.
    Rebroadcast {
        validator: u32,
        height: u64,
        round: u32,
        step: Step,
        value: Value,
        sign_bytes: u64,
        signature: u64,
    },
    JoinRefused {
        validator: u32,
    },
    SyncErrorRaised {
        validator: u32,
    },
    InterruptDelivered {
        validator: u32,
        /// The pending storage step's `PipelineStep` code: `"COMMIT"`, `"DRAIN"` or `"FSYNC"`.
        stage: String,
    },
    ConnReturnedWhilePending {
        validator: u32,
    },
    OuterTxEnded {
        validator: u32,
        committed: bool,
    },
    DuplicateVoteDetected {
        detector: u32,
        signer: u32,
        height: u64,
        round: u32,
        step: Step,
        v1: Value,
        v2: Value,
    },
    ConflictInjected {
        from: u32,
        to: u32,
        value: Value,
    },
    TimeoutFired {
        validator: u32,
        step: Step,
        height: u64,
        round: u32,
    },
    Finalized {
        validator: u32,
        height: u64,
        value: Value,
    },
    CaughtUp {
        validator: u32,
        to_height: u64,
    },
    TxSubmitted {
        tx: u32,
    },
    TxFinalized {
        tx: u32,
        height: u64,
    },
    StatusAnswered {
        validator: u32,
        asked_at_us: SimTime,
        latency_us: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceEvent {
    pub at: Stamp,
    #[serde(flatten)]
    pub kind: EventKind,
}

/// A consensus step held by one validator over an interval.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepSpan {
    pub height: u64,
    pub round: u32,
    pub step: Step,
    pub start: Stamp,
    pub end: Stamp,
}

/// One storage or send stage of a signed action (figure B1's blocks).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageSpan {
    pub action: u32,
    /// The chain's event name (a `StepName`'s text), e.g. `"FSYNC"`, `"SEND_B"`, `"SIGN(Y)"`.
    pub stage: String,
    pub start: Stamp,
    pub end: Stamp,
    /// False for work that continues behind the caller's back.
    pub foreground: bool,
    /// False when the stage raised, was refused, or was cut by a crash.
    pub ok: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProcessState {
    Up,
    Down,
    /// Up, relaying gossip and answering status, but the safety store refuses everything.
    Fenced,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessSpan {
    pub state: ProcessState,
    pub start: Stamp,
    pub end: Stamp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeightPoint {
    pub at: Stamp,
    pub height: u64,
}

/// Everything figure B1 draws in one validator's lane.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lane {
    pub validator: u32,
    pub name: String,
    pub steps: Vec<StepSpan>,
    pub stages: Vec<StageSpan>,
    pub process: Vec<ProcessSpan>,
    /// The validator's own finalized height after each finalization.
    pub finalized: Vec<HeightPoint>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerPoint {
    pub at: Stamp,
    pub layer: Layer,
}

/// One safety record and where it was over time (B1's storage-layer strip).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordTimeline {
    pub validator: u32,
    pub record: u32,
    pub height: u64,
    pub round: u32,
    pub step: Step,
    pub value: Value,
    /// The restored contents the article names: the exact sign bytes and signature
    /// (digests here), so a re-send after recovery can be checked byte for byte.
    pub sign_bytes: u64,
    pub signature: u64,
    /// A precommit record also carries the consensus lock it set: its round…
    pub lock_round: Option<u32>,
    /// …and the justification (the signers of the polka, ≥ 2f+1 prevotes).
    pub justification: Vec<u32>,
    /// From a failed or poisoned sync on, the record's true layer is hidden
    /// from the node (figure B4's hatched "uncertain" segment).
    pub uncertain_from: Option<Stamp>,
    pub layers: Vec<LayerPoint>,
}

/// One point-to-point delivery of a signed message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageRecord {
    pub msg: u32,
    pub from: u32,
    pub to: u32,
    pub signer: u32,
    pub kind: MsgKind,
    pub height: u64,
    pub round: u32,
    pub value: Value,
    pub relayed: bool,
    pub sent_at: Stamp,
    /// `None` when the receiver was down on arrival (or the run ended first).
    pub received_at: Option<Stamp>,
}

/// One status query to A (figure B4's probe lane).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProbeRecord {
    pub asked_at: Stamp,
    /// `None` if A was down.
    pub answered_at: Option<Stamp>,
    /// True when the answer waited for a sync (the shared-lock anti-pattern).
    pub stalled: bool,
}

/// Two signed votes of one validator for the same (h, r, step) with different values (model.md §4.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Equivocation {
    pub validator: u32,
    pub height: u64,
    pub round: u32,
    pub step: Step,
    pub v1: Value,
    pub v2: Value,
    pub first_detected_by: u32,
    pub detected_at: Stamp,
}

/// A vote the network saw, identified by its slot and value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct VoteRef {
    pub height: u64,
    pub round: u32,
    pub step: Step,
    pub value: Value,
}

/// At a restart or engine re-creation: messages peers saw that no recovered record covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amnesia {
    pub validator: u32,
    pub at: Stamp,
    pub forgotten: Vec<VoteRef>,
}

/// A recovered record whose value differs from the one the network saw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FalseMemory {
    pub validator: u32,
    pub at: Stamp,
    pub recovered: VoteRef,
    pub seen: Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenceInfo {
    pub reason: FenceReason,
    pub since: Stamp,
}

/// What a restart (or a new engine) restored from the safety store (model.md §4.6):
/// the last signed message per (h, r, step) and the consensus lock with its justification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovery {
    pub validator: u32,
    pub at: Stamp,
    /// True for a new engine object in a running process (F-engine-fence-only).
    pub new_engine: bool,
    pub last_signed: Vec<VoteRef>,
    pub lock_round: Option<u32>,
    pub lock_value: Option<Value>,
    /// The signers of the polka behind the lock.
    pub justification: Vec<u32>,
}

/// Two different values finalized at one height (needs ≥ 2 faulty validators).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fork {
    pub height: u64,
    pub v1: Value,
    pub v2: Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TxOutcome {
    pub tx: u32,
    pub submitted_at_us: SimTime,
    pub finalized_at: Option<Stamp>,
    pub height: Option<u64>,
}

/// Whether the network kept finalizing while validators were blocked (model.md §4.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Liveness {
    /// Validators down or fenced at the end of the run.
    pub blocked_at_end: u32,
    /// The first crash or fence of the run.
    pub fault_at: Option<Stamp>,
    pub first_finalization_after_fault: Option<Stamp>,
    pub time_to_first_finalization_after_fault_us: Option<u64>,
    pub txs: Vec<TxOutcome>,
    pub both_txs_finalized_by_horizon: bool,
    /// The highest height finalized by any validator, after each increase.
    pub network_height: Vec<HeightPoint>,
    pub max_finalized_height: u64,
}

/// Warning flags of model.md §4.7.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostics {
    /// A connection went back to the pool while its storage work was still pending.
    pub conn_returned_while_pending: u32,
    /// Sends of a vote whose record was below Disk at the time (including a
    /// restarted node's re-send of a record that survived only in the OS cache).
    pub broadcast_while_not_durable: u32,
    /// Sends of a vote whose record was below OsCache (the kill-only view).
    pub broadcast_while_not_durable_kill_view: u32,
    pub safety_refusals: u32,
    pub engine_open_refused: u32,
    pub store_access_refused: u32,
    pub status_probes: u32,
    pub status_probes_answered: u32,
    pub status_probes_stalled: u32,
    pub status_probe_max_latency_us: u64,
    /// Consensus messages A sent while one of its sync waits was blocked.
    pub sends_during_blocked_sync: u32,
}

/// The outcomes of model.md §4.7.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteOutcome {
    pub equivocations: Vec<Equivocation>,
    pub amnesia: Vec<Amnesia>,
    pub false_memory: Vec<FalseMemory>,
    pub recoveries: Vec<Recovery>,
    /// Indexed by validator.
    pub fenced: Vec<Option<FenceInfo>>,
    pub liveness: Liveness,
    pub forks: Vec<Fork>,
    pub diagnostics: Diagnostics,
    /// When A crashed, and how (the story's lightning marker).
    pub crash_at: Option<Stamp>,
    pub restart_at: Option<Stamp>,
    /// A's foreground events completed before its crash (the crash point), if it crashed.
    pub crash_after_events: Option<u32>,
    pub crash_after_event_name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    pub events_processed: u64,
}

/// Everything one Scenario B run returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteTrace {
    pub config: VoteConfig,
    pub level: TraceLevel,
    pub outcome: VoteOutcome,
    /// Indexed by validator. Empty at `TraceLevel::Summary`.
    pub lanes: Vec<Lane>,
    /// Empty at `TraceLevel::Summary`.
    pub records: Vec<RecordTimeline>,
    /// Empty at `TraceLevel::Summary`.
    pub messages: Vec<MessageRecord>,
    /// Empty at `TraceLevel::Summary`.
    pub probes: Vec<ProbeRecord>,
    /// Empty below `TraceLevel::Full`.
    pub events: Vec<TraceEvent>,
    pub end_us: SimTime,
    pub stats: RunStats,
    /// Set when the run reached the work cap (`sim::vote::max_events`) and
    /// stopped there, before its story's end; absent otherwise (and then not
    /// serialized, so an uncapped trace's JSON is what it always was).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capped: Option<WorkCapped>,
}

/// Where a run that reached the work cap stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkCapped {
    /// The cap: events the run was allowed to process (it processed exactly these).
    pub max_events: u64,
    /// The simulated time of the last event processed (µs); the run's `end_us`.
    pub at_us: SimTime,
    /// Where the run would have ended without the cap at the latest (the horizon, µs).
    pub horizon_us: SimTime,
}
