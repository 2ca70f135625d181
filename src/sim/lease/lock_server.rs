//! The Redis stand-in of Scenario A (model.md §1.2 "Lock server").
//!
//! What lives here: per-wallet lock keys with a token and an expiry on the
//! **server clock**, the per-wallet INCR token counters, the three atomic
//! commands (`Acquire` = SET NX PX + INCR, `ExtendIfOwner`, `ReleaseIfOwner`),
//! lazy expiry, kill with state loss, and the server-side lease spans.
//!
//! What it must not depend on: the event queue, workers or the database. The
//! engine decides *when* a command executes (arrival, stall end) and passes
//! `now`; this module only decides *what* it does. No clock, no randomness.

use super::trace::{LeaseEnd, LeaseSpan, ReleaseResult};
use crate::core::{SimTime, Stamp};

/// Sentinel for "no span recorded" (spans are only kept at `TraceLevel::Holds` and above).
const NO_SPAN: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct LockEntry {
    token: u64,
    /// The key is absent once the server clock reaches this instant.
    expires_at_us: SimTime,
    /// Index into `spans`, or `NO_SPAN`.
    span: u32,
}

/// Whether the server answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerStatus {
    Up,
    /// Killed: every command fails; state was erased.
    Down,
    /// Commands queue FIFO until `until_us` (noise); leases keep burning.
    Stalled {
        until_us: SimTime,
    },
}

/// The lock server's state. Indexed by wallet.
pub struct LockServer {
    locks: Vec<Option<LockEntry>>,
    counters: Vec<u64>,
    pub status: ServerStatus,
    /// Incremented by every restart: tokens of different epochs are unrelated.
    pub epoch: u32,
    record_spans: bool,
    pub spans: Vec<LeaseSpan>,
    /// Leases ended by TTL expiry (independent of `record_spans`).
    pub expired_leases: u64,
}

impl LockServer {
    pub fn new(wallets: usize, record_spans: bool) -> Self {
        assert!(wallets > 0);
        LockServer {
            locks: vec![None; wallets],
            counters: vec![0; wallets],
            status: ServerStatus::Up,
            epoch: 0,
            record_spans,
            spans: Vec::new(),
            expired_leases: 0,
        }
    }

    /// The current INCR counter of `wallet` (the last token issued since the last restart).
    pub fn counter(&self, wallet: usize) -> u64 {
        self.counters[wallet]
    }

    /// Lazy expiry: a key whose expiry is due is removed when touched. Its
    /// span ends at the expiry instant (stamped with seq 0, i.e. before any
    /// event of that microsecond, matching `now >= expires_at` ⇒ absent).
    fn expire_if_due(&mut self, wallet: usize, now_us: SimTime) {
        if let Some(entry) = self.locks[wallet] {
            if now_us >= entry.expires_at_us {
                self.locks[wallet] = None;
                self.expired_leases += 1;
                self.end_span(entry, Stamp { t_us: entry.expires_at_us, seq: 0 }, LeaseEnd::Expired);
            }
        }
    }

    fn end_span(&mut self, entry: LockEntry, at: Stamp, cause: LeaseEnd) {
        if entry.span != NO_SPAN {
            let span = &mut self.spans[entry.span as usize];
            debug_assert_eq!(span.token, entry.token);
            span.ended_at = at;
            span.end_cause = cause;
        }
    }

    /// When `wallet`'s key expires, if it is held (as of its last command;
    /// an expiry already due is still reported).
    pub fn expiry_us(&self, wallet: usize) -> Option<SimTime> {
        self.locks[wallet].map(|entry| entry.expires_at_us)
    }

    /// `SET lock:w NX PX ttl` + `INCR token:w`, atomically. Returns the new
    /// token when the key was absent (one token per *successful* acquisition,
    /// model.md §1.2 \[INF\]).
    pub fn acquire(&mut self, wallet: usize, ttl_us: SimTime, now: Stamp) -> Option<u64> {
        debug_assert_eq!(self.status, ServerStatus::Up);
        self.expire_if_due(wallet, now.t_us);
        if self.locks[wallet].is_some() {
            return None;
        }
        self.counters[wallet] += 1;
        let token = self.counters[wallet];
        let span = if self.record_spans {
            self.spans.push(LeaseSpan {
                wallet: wallet as u32,
                token,
                set_exec_at: now,
                extended_at: Vec::new(),
                ended_at: now,
                end_cause: LeaseEnd::RunEnd,
            });
            (self.spans.len() - 1) as u32
        } else {
            NO_SPAN
        };
        self.locks[wallet] = Some(LockEntry { token, expires_at_us: now.t_us + ttl_us, span });
        Some(token)
    }

    /// `if GET == token then PEXPIRE ttl`: true when the lease was extended.
    pub fn extend_if_owner(&mut self, wallet: usize, token: u64, ttl_us: SimTime, now: Stamp) -> bool {
        debug_assert_eq!(self.status, ServerStatus::Up);
        self.expire_if_due(wallet, now.t_us);
        match &mut self.locks[wallet] {
            Some(entry) if entry.token == token => {
                entry.expires_at_us = now.t_us + ttl_us;
                if entry.span != NO_SPAN {
                    self.spans[entry.span as usize].extended_at.push(now);
                }
                true
            }
            _ => false,
        }
    }

    /// `if GET == token then DEL`: Released; another token: Stolen; absent: Expired.
    pub fn release_if_owner(&mut self, wallet: usize, token: u64, now: Stamp) -> ReleaseResult {
        debug_assert_eq!(self.status, ServerStatus::Up);
        self.expire_if_due(wallet, now.t_us);
        match self.locks[wallet] {
            Some(entry) if entry.token == token => {
                self.locks[wallet] = None;
                self.end_span(entry, now, LeaseEnd::Deleted);
                ReleaseResult::Released
            }
            Some(_) => ReleaseResult::Stolen,
            None => ReleaseResult::Expired,
        }
    }

    /// `docker kill` without persistence: keys and counters are gone.
    pub fn kill(&mut self, now: Stamp) {
        for wallet in 0..self.locks.len() {
            self.expire_if_due(wallet, now.t_us);
            if let Some(entry) = self.locks[wallet].take() {
                self.end_span(entry, now, LeaseEnd::Killed);
            }
            self.counters[wallet] = 0;
        }
        self.status = ServerStatus::Down;
    }

    /// Started again with empty state: counters begin again at 1.
    pub fn restart(&mut self) {
        debug_assert!(self.locks.iter().all(Option::is_none));
        self.status = ServerStatus::Up;
        self.epoch += 1;
    }

    /// Closes the spans still open when the run ends.
    pub fn finish(&mut self, end: Stamp) {
        for wallet in 0..self.locks.len() {
            if let Some(entry) = self.locks[wallet].take() {
                if entry.expires_at_us <= end.t_us {
                    self.expired_leases += 1;
                    self.end_span(entry, Stamp { t_us: entry.expires_at_us, seq: 0 }, LeaseEnd::Expired);
                } else {
                    self.end_span(entry, end, LeaseEnd::RunEnd);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(t_us: u64, seq: u64) -> Stamp {
        Stamp { t_us, seq }
    }

    #[test]
    fn nx_then_lazy_expiry_then_stolen() {
        let mut s = LockServer::new(1, true);
        assert_eq!(s.acquire(0, 200, at(0, 1)), Some(1));
        assert_eq!(s.acquire(0, 200, at(199, 2)), None);
        // Expiry is due at exactly 200 µs.
        assert_eq!(s.acquire(0, 200, at(200, 3)), Some(2));
        assert_eq!(s.release_if_owner(0, 1, at(250, 4)), ReleaseResult::Stolen);
        assert_eq!(s.release_if_owner(0, 2, at(260, 5)), ReleaseResult::Released);
        assert_eq!(s.release_if_owner(0, 2, at(270, 6)), ReleaseResult::Expired);
        assert_eq!(s.spans[0].end_cause, LeaseEnd::Expired);
        assert_eq!(s.spans[0].ended_at.t_us, 200);
        assert_eq!(s.spans[1].end_cause, LeaseEnd::Deleted);
    }

    #[test]
    fn extend_only_for_owner_and_kill_resets_counters() {
        let mut s = LockServer::new(2, false);
        assert_eq!(s.acquire(1, 100, at(0, 1)), Some(1));
        assert!(s.extend_if_owner(1, 1, 100, at(90, 2)));
        assert!(!s.extend_if_owner(1, 7, 100, at(91, 3)));
        assert_eq!(s.acquire(1, 100, at(150, 4)), None, "extension moved the expiry to 190");
        s.kill(at(160, 5));
        assert_eq!(s.status, ServerStatus::Down);
        s.restart();
        assert_eq!(s.acquire(1, 100, at(170, 6)), Some(1));
        assert_eq!(s.epoch, 1);
    }
}
