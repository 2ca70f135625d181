//! Facts of the vote domain, for the words layer (see [`crate::facts`]).
//!
//! Article B's stories (lab-figures' `vote::beats`) find the few moments of
//! A's first vote a chapter turns on; each scene carries one [`BeatFact`]:
//! which moment, with the trace's own values (validators by index, `0` is
//! A; times in µs; storage layers, values, faults as the simulation names
//! them), and never a sentence. The words layer says it
//! (`lab_words::vote::beat_sentence`).

use lab_sim::vote::{Device, FaultKind, FenceReason, Layer, PipelineStep, Value};

/// The wait an interrupt cut, or a waiting scene's wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    Commit,
    Drain,
    Fsync,
}

/// The dashed line a story opened before a moment marks (`vote::opening`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultMarkKind {
    /// B4: where the file sync ends in an error.
    SyncError,
}

/// One scene of an Article B story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BeatFact {
    /// A's vote reaches node `to` while A is down; A's record is in `layer`
    /// (`None`: written nowhere yet).
    Held { to: u32, value: Value, layer: Option<Layer> },
    /// A signs the proposal of `proposer`, inside the caller's outer
    /// transaction when `outer_open`.
    Sign { proposer: u32, outer_open: bool },
    /// A writes its record inside the outer transaction it joined.
    WriteInOuter,
    /// A commits its record; it is now in `now` (the store profile's layer).
    Commit { now: Option<Layer>, device: Device },
    /// The store queue is emptied: the record was in `before`, is in `now`.
    Drain { before: Option<Layer>, now: Option<Layer> },
    /// The file sync returns; `waited`: A kept its connection through an interrupt.
    Fsync { before: Option<Layer>, now: Option<Layer>, device: Device, waited: bool },
    /// A's first X vote leaves for `to`; A's record is in `layer`.
    SendX { to: u32, layer: Option<Layer> },
    /// `proposer` offers Y for the same slot and A signs and sends it;
    /// `forgot`: the restarted A does not remember its X.
    SendY { proposer: u32, forgot: bool },
    /// An interrupt arrives while A waits on `wait`.
    Interrupt { wait: Wait },
    /// The file sync ends in an error.
    SyncError,
    /// A fences its safety store.
    Fenced { reason: FenceReason },
    /// The fenced store refuses a new engine over it.
    EngineRefused,
    /// The store refuses to join the outer transaction.
    JoinRefused,
    /// The fenced store refuses A's reads and writes.
    AccessRefused,
    /// A builds a new engine over the same store and carries on.
    EngineRecreated,
    /// A returns a connection with a save still pending to the pool.
    ConnReturned,
    /// The outer transaction ends: committed, or rolled back.
    OuterEnd { committed: bool },
    /// A crashes by `fault` with its record in `layer`; `at_send`: at the
    /// very moment its first X vote left for that node (one scene).
    Crash { fault: FaultKind, layer: Option<Layer>, at_send: Option<u32> },
    /// A restarts `after_us` after the crash (`None`: no crash before) and
    /// restores `records` records; `restored` is the value restored for the
    /// story's slot (`None`: forgotten), `value` the one A was asked to vote
    /// for, `sent` whether that vote left A before.
    Recovered { after_us: Option<u64>, records: u32, restored: Option<Value>, value: Value, sent: bool },
    /// A re-sends its recorded vote with the same signature.
    Rebroadcast { value: Value },
    /// The restarted A refuses to sign `wanted` (offered by `proposer`, or
    /// its own nil) where its record holds `recorded`.
    Refused { proposer: u32, wanted: Value, recorded: Value },
    /// Node `detector` holds both of A's signatures `v1` and `v2`.
    Detected { detector: u32, v1: Value, v2: Value },
    /// A story opened just before a moment: what A waits on (its step and
    /// for how long, µs), where its record is, and the dashed line's mark.
    Opening { waiting: Option<(PipelineStep, u64)>, layer: Option<Layer>, mark: Option<FaultMarkKind> },
}
