//! Facts of the tips domain, for the words layer (see [`crate::facts`]).
//!
//! What a mark of an Article A figure is when the reader points at it
//! (lab-figures' `timeline::hit` and `series_hit`), told only as far as the
//! player has come: a hold, a lease, a row-lock wait, a second of A5's
//! chart. Times are µs, amounts won.

use lab_sim::lease::{LeaseEnd, LockingStmt, Outcome, ReleaseResult};

/// What a pointed mark is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TipFact {
    /// Nothing (a mark that is not there).
    Nothing,
    /// A hold on a worker lane.
    Hold(HoldTip),
    /// A lease on a wallet's lease lane.
    Lease(LeaseTip),
    /// A row-lock wait box.
    RowWait(RowWaitTip),
    /// A second of A5's outage chart.
    OutagePoint(OutagePointTip),
}

/// A hold, as far as the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoldTip {
    pub worker: u32,
    pub wallet: u32,
    /// `None`: a section without a lock.
    pub token: Option<u64>,
    pub acquired_us: u64,
    /// When it read, and what.
    pub read: Option<(u64, i64)>,
    /// When it wrote, what, and whether that overwrote a newer value with an old one.
    pub written: Option<(u64, i64, bool)>,
    /// Its release and result, once the cursor has passed them.
    pub end: Option<HoldEnd>,
}

/// How a hold ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldEnd {
    pub released_us: u64,
    pub release: ReleaseResult,
    pub outcome: Outcome,
}

/// A lease, as far as the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseTip {
    pub wallet: u32,
    pub token: u64,
    pub set_us: u64,
    /// Renewals so far.
    pub extended: usize,
    /// How and when it ended; `None` while the cursor has not reached its end.
    pub end: Option<(LeaseEnd, u64)>,
}

/// A row-lock wait, as far as the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowWaitTip {
    pub worker: u32,
    pub wallet: u32,
    pub stmt: LockingStmt,
    /// Statements queued ahead of it.
    pub ahead: u32,
    pub began_us: u64,
    /// How long it waited, once granted.
    pub waited_us: Option<u64>,
}

/// A second of A5's chart under the pointer: its panel's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutagePointTip {
    pub second: u32,
    /// The second overlaps the outage.
    pub in_outage: bool,
    /// `None`: the run has no record of that second.
    pub numbers: Option<OutageNumbers>,
}

/// One panel's numbers for a second of A5's chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutageNumbers {
    /// The responses panel: payments by answer.
    Responses { approved: u64, insufficient: u64, unavailable: u64, fence_read: u64, fence_write: u64 },
    /// The holds panel: lockless holds and overlap pairs begun, and the drift
    /// summed over the wallets at the second's end.
    Holds { lockless: u64, overlaps: u64, drift_won: i64 },
    /// The token panel: wallet 0's counter and fence at the second's end.
    Tokens { counter: u64, fence: u64 },
}
