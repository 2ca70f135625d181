//! A trace in a form postcard can carry: the page's lazily loaded module
//! writes an Article A figure's trace JSON from a trace the site's module
//! ran (`figures::export::remote`), and the two modules speak postcard.
//!
//! A [`TraceEvent`] is written for JSON, as `lab run --trace` prints it: its
//! kind's fields flattened into the event and the kind named by a `kind`
//! field (`#[serde(flatten)]`, `#[serde(tag = "kind")]`). Reading that
//! back needs a self-describing format, which postcard is not. [`PackedTrace`]
//! carries the events apart, each kind as a plain (externally tagged)
//! enum: `EventKindByIndex` mirrors [`EventKind`] through serde's
//! `remote`, so the compiler refuses a mirror that lacks a variant or a
//! field of the real one.

use serde::{Deserialize, Serialize};

use super::trace::*;
use crate::core::{SimTime, Stamp};

/// A trace with its events carried apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PackedTrace {
    /// The trace without its events.
    trace: LeaseTrace,
    events: Vec<PackedEvent>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct PackedEvent {
    at: Stamp,
    #[serde(with = "EventKindByIndex")]
    kind: EventKind,
}

impl PackedTrace {
    pub fn pack(mut trace: LeaseTrace) -> PackedTrace {
        let events =
            std::mem::take(&mut trace.events).into_iter().map(|e| PackedEvent { at: e.at, kind: e.kind }).collect();
        PackedTrace { trace, events }
    }

    pub fn unpack(self) -> LeaseTrace {
        let PackedTrace { mut trace, events } = self;
        trace.events = events.into_iter().map(|e| TraceEvent { at: e.at, kind: e.kind }).collect();
        trace
    }
}

/// [`EventKind`] as serde's default enum form (see the module docs).
#[derive(Serialize, Deserialize)]
#[serde(remote = "EventKind")]
#[allow(dead_code)]
enum EventKindByIndex {
    RequestStarted { worker: u32, wallet: u32 },
    AcquireRefused { worker: u32, wallet: u32 },
    LockAcquired { worker: u32, wallet: u32, token: u64, hold: u32 },
    LocklessSectionStarted { worker: u32, wallet: u32, hold: u32 },
    BalanceRead { worker: u32, wallet: u32, hold: u32, value_won: i64 },
    FenceRejected { worker: u32, wallet: u32, hold: u32, phase: FencePhase },
    BalanceWritten { worker: u32, wallet: u32, hold: u32, value_won: i64 },
    InsufficientFunds { worker: u32, wallet: u32, hold: u32 },
    WriteAborted { worker: u32, wallet: u32, hold: u32 },
    LockReleased { worker: u32, wallet: u32, hold: u32, result: ReleaseResult },
    LeaseExtended { wallet: u32, token: u64, hold: u32 },
    WatchdogSawLeaseLost { wallet: u32, hold: u32 },
    LeaseExpired { wallet: u32, token: u64 },
    ResponseSent { worker: u32, outcome: Outcome, latency_us: u64 },
    ProcessStopped { process: u32 },
    ProcessResumed { process: u32 },
    LockServerKilled,
    LockServerRestarted,
    LockServerStalled { until_us: SimTime },
    RowLockWaitBegan { worker: u32, wallet: u32, hold: u32, stmt: LockingStmt, ahead: u32 },
    RowLockGranted { worker: u32, wallet: u32, hold: u32, stmt: LockingStmt, waited_us: u64, released_by: u32 },
}
