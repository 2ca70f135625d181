//! One row per critical-section variant: what its section does, as data.
//!
//! The simulation, the real harness and the checker (`lab-check`) each run
//! a variant's section; this table is what they agree on: whether it takes
//! the lease, how it reads (and whether it stamps the fence there), what
//! its write transaction checks against the fence, how it updates the
//! balance, where its pause falls, and whether a watchdog thread renews its
//! lease (a thread of the app process: a process stop stops it too).
//!
//! [`policy`] matches without a catch-all, so a new [`Variant`] does not
//! compile without its row. [`of_config`] applies the one toggle of a
//! configuration that changes a row (`fence_check_locks_row`). The
//! variant's and the configuration's own questions (does it lock, is it a
//! read-modify-write, does a watchdog run) are answered from the row here.

use serde::{Deserialize, Serialize};

use super::config::{LeaseConfig, Variant};

/// How the section reads the balance before it computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Read {
    /// No read: the UPDATE itself reads (d).
    None,
    /// `SELECT available_amount` (latest committed, no row lock).
    Plain,
    /// In a short transaction of its own: `UPDATE lock_fence SET token = t
    /// WHERE token < t` (the fence stamped at read time; 0 rows: rejected),
    /// then `SELECT … FOR SHARE`, then COMMIT (c-2).
    StampThenShare,
}

/// What the write transaction checks against the fence before its UPDATE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WriteFence {
    /// No fence.
    None,
    /// `UPDATE lock_fence SET token = t WHERE token < t`: stamped and checked at write time (c-1).
    Advance,
    /// `stored token = t` (c-2). `locks_row`: as `UPDATE … SET token = token
    /// WHERE token = t`, holding the fence row's X lock to the commit; else
    /// a plain read of the fence (model.md §1.2 \[AMB\], a teaching toggle).
    Equal { locks_row: bool },
}

/// How the balance is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Update {
    /// `SET available_amount = v − amount` from the value read (read-modify-write).
    SetFromRead,
    /// `SET available_amount = available_amount − amount WHERE available_amount >= amount` (d).
    DecrementIfSufficient,
    /// `SET available_amount = available_amount − amount` with no condition:
    /// no article variant has it (the checker's planted bug).
    Decrement,
}

/// Where the injected pause falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PauseAt {
    /// After the read, before compute (a, b, c-1, c-2).
    AfterRead,
    /// Before the UPDATE (d).
    BeforeUpdate,
}

/// Who renews the lease while the section runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Watchdog {
    /// Nobody: the lease lasts its TTL.
    Off,
    /// A watchdog thread of the same app process, every TTL/3: a thread's
    /// own pause does not stop it, a process stop does (b, b′).
    SameProcess,
}

/// What one variant's critical section does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Policy {
    /// Takes the lease (`SET NX PX` with the token's `INCR`, one script) and
    /// releases it after the section (DEL only while it holds our token).
    pub lease: bool,
    pub read: Read,
    pub write_fence: WriteFence,
    pub update: Update,
    pub pause_at: PauseAt,
    pub watchdog: Watchdog,
}

impl Policy {
    /// Whether the section stamps or checks a fence anywhere (the token variants).
    pub fn fenced(&self) -> bool {
        self.read == Read::StampThenShare || self.write_fence != WriteFence::None
    }
}

const NAIVE: Policy = Policy {
    lease: true,
    read: Read::Plain,
    write_fence: WriteFence::None,
    update: Update::SetFromRead,
    pause_at: PauseAt::AfterRead,
    watchdog: Watchdog::Off,
};

/// The row of `variant` (c-2's check in its article form, taking the fence row's lock).
pub fn policy(variant: Variant) -> Policy {
    match variant {
        Variant::Naive => NAIVE,
        Variant::Watchdog => Policy { watchdog: Watchdog::SameProcess, ..NAIVE },
        Variant::FenceWrite => Policy { write_fence: WriteFence::Advance, ..NAIVE },
        Variant::FenceRead => {
            Policy { read: Read::StampThenShare, write_fence: WriteFence::Equal { locks_row: true }, ..NAIVE }
        }
        Variant::Conditional => Policy {
            lease: false,
            read: Read::None,
            write_fence: WriteFence::None,
            update: Update::DecrementIfSufficient,
            pause_at: PauseAt::BeforeUpdate,
            watchdog: Watchdog::Off,
        },
    }
}

impl Variant {
    /// Whether its section takes the lease.
    pub fn uses_lock(self) -> bool {
        policy(self).lease
    }

    /// Read-modify-write variants, for which `lost_update_pairs` is defined.
    pub fn is_read_modify_write(self) -> bool {
        policy(self).update == Update::SetFromRead
    }
}

impl LeaseConfig {
    /// The row this configuration runs ([`of_config`]).
    pub fn policy(&self) -> Policy {
        of_config(self)
    }

    /// Whether a watchdog renews the holders' leases.
    pub fn watchdog_enabled(&self) -> bool {
        policy(self.variant).watchdog == Watchdog::SameProcess
    }
}

/// The row a configuration runs: its variant's, with c-2's write-time check
/// taking the fence row's lock or not as `fence_check_locks_row` says.
pub fn of_config(config: &LeaseConfig) -> Policy {
    let row = policy(config.variant);
    match row.write_fence {
        WriteFence::Equal { .. } => {
            Policy { write_fence: WriteFence::Equal { locks_row: config.fence_check_locks_row }, ..row }
        }
        WriteFence::None | WriteFence::Advance => row,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_say_what_the_article_says() {
        let locks = Variant::ALL.map(|v| v.uses_lock());
        assert_eq!(locks, [true, true, true, true, false]);
        assert_eq!(Variant::ALL.map(|v| v.is_read_modify_write()), locks);
        for v in Variant::ALL {
            let p = policy(v);
            assert_eq!(p.read == Read::None, p.pause_at == PauseAt::BeforeUpdate, "{v:?}");
            assert_eq!(p.read == Read::None, !p.lease, "{v:?}: only (d) reads in its UPDATE");
        }
        let c2 = LeaseConfig { variant: Variant::FenceRead, fence_check_locks_row: false, ..LeaseConfig::default() };
        assert_eq!(c2.policy().write_fence, WriteFence::Equal { locks_row: false });
        assert!(LeaseConfig { variant: Variant::Watchdog, ..c2.clone() }.watchdog_enabled() && !c2.watchdog_enabled());
        assert!(policy(Variant::FenceWrite).fenced() && policy(Variant::FenceRead).fenced());
        assert!(!policy(Variant::Naive).fenced() && !policy(Variant::Conditional).fenced());
        assert_eq!(policy(Variant::Watchdog).watchdog, Watchdog::SameProcess);
    }
}
