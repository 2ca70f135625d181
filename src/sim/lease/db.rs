//! The single database server of Scenario A (model.md §1.2 "Database").
//!
//! What lives here: the `wallet` balance snapshot, the append-only ledger
//! (kept as a debit count per wallet: every entry is `-amount`), the
//! `lock_fence` table, READ COMMITTED row locks (S for `FOR SHARE`, X for
//! `UPDATE`) with FIFO queues per row, and the statement catalogue.
//!
//! What it must not depend on: the event queue, the lock server or workers.
//! The engine passes each statement when it *arrives*; this module executes
//! it at once or parks it in the row's lock queue, and reports every
//! statement that completed (now, or because a lock was granted) so the
//! engine can schedule the replies. It also says when a statement had to
//! queue (`Arrival::queued`) and which completions left a queue
//! (`Completion::granted`), so that the engine can record row-lock waits at
//! `TraceLevel::Full`; these reports change nothing in the DB. No clock, no
//! randomness.

use std::collections::VecDeque;

/// One SQL statement of the catalogue (model.md §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `SELECT available_amount` (never blocks; latest committed value).
    ReadPlain,
    /// `SELECT … FOR SHARE`: S lock on the wallet row until the end of the transaction.
    ReadShare,
    /// Unconditional `UPDATE wallet SET available_amount = v`.
    UpdateSet(i64),
    /// `UPDATE … SET available_amount = available_amount - amount WHERE available_amount >= amount`.
    UpdateIfSufficient,
    /// The same without its condition (no article variant; `policy::Update::Decrement`).
    UpdateDecrement,
    /// Append one `-amount` ledger entry (no row lock).
    InsertLedger,
    /// `UPDATE lock_fence SET token = t WHERE token < t` (X on the fence row).
    FenceAdvance(u64),
    /// `UPDATE lock_fence SET token = token WHERE token = t` (X on the fence row).
    FenceCheckEq(u64),
    /// The same equality check as a plain read, without a row lock (teaching toggle).
    FenceCheckEqNoLock(u64),
    Commit,
    Rollback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Shared,
    Exclusive,
}

#[derive(Clone, Copy, Debug)]
struct Waiter {
    worker: u32,
    mode: Mode,
    stmt: Stmt,
}

/// A statement that had to wait in a row's lock queue when it arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Queued {
    /// Transactions ahead of it: the conflicting lock's holders plus the
    /// statements already queued on the row (at least 1).
    pub ahead: u32,
}

/// What an arriving statement caused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arrival {
    /// What a COMMIT changed (only for a COMMIT that wrote something).
    pub commit: Option<CommitInfo>,
    /// Set when the arriving statement queued behind another transaction's row lock.
    pub queued: Option<Queued>,
}

#[derive(Debug, Default)]
struct RowLock {
    exclusive: Option<u32>,
    shared_holders: u32,
    queue: VecDeque<Waiter>,
}

impl RowLock {
    fn compatible(&self, mode: Mode) -> bool {
        match mode {
            Mode::Shared => self.exclusive.is_none(),
            Mode::Exclusive => self.exclusive.is_none() && self.shared_holders == 0,
        }
    }
}

/// A worker's open transaction. A worker has at most one at a time and
/// holds at most two row locks (fence row, then wallet row).
#[derive(Clone, Copy, Debug, Default)]
struct Txn {
    wallet: u32,
    held: [Option<(u32, Mode)>; 2],
    pending_balance: Option<i64>,
    pending_debits: u32,
    pending_fence: Option<u64>,
}

/// A statement that finished: the engine sends `result` back to `worker`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Completion {
    pub worker: u32,
    pub result: i64,
    /// `Some(ender)` when the statement had queued and got its row lock
    /// because worker `ender`'s COMMIT or ROLLBACK released it.
    pub granted_by: Option<u32>,
}

impl Completion {
    fn now(worker: u32, result: i64) -> Completion {
        Completion { worker, result, granted_by: None }
    }
}

/// What a COMMIT changed, for the time series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitInfo {
    pub wallet: u32,
    /// The new snapshot, when the transaction wrote the balance.
    pub balance_won: Option<i64>,
    /// The ledger debit count of the wallet after the commit.
    pub debits: u64,
    /// The new fence value, when the transaction advanced the fence.
    pub fence: Option<u64>,
}

pub struct Db {
    amount_won: i64,
    balance_won: Vec<i64>,
    debits: Vec<u64>,
    fence: Vec<u64>,
    /// Wallet rows `0..W`, then fence rows `W..2W`.
    rows: Vec<RowLock>,
    txns: Vec<Txn>,
}

impl Db {
    pub fn new(wallets: usize, workers: usize, initial_balance_won: i64, amount_won: i64) -> Self {
        assert!(wallets > 0 && workers > 0);
        assert!(initial_balance_won >= 0 && amount_won > 0);
        Db {
            amount_won,
            balance_won: vec![initial_balance_won; wallets],
            debits: vec![0; wallets],
            fence: vec![0; wallets],
            rows: (0..2 * wallets).map(|_| RowLock::default()).collect(),
            txns: vec![Txn::default(); workers],
        }
    }

    pub fn balance_won(&self, wallet: usize) -> i64 {
        self.balance_won[wallet]
    }

    pub fn debits(&self, wallet: usize) -> u64 {
        self.debits[wallet]
    }

    pub fn fence(&self, wallet: usize) -> u64 {
        self.fence[wallet]
    }

    fn wallets(&self) -> u32 {
        self.balance_won.len() as u32
    }

    /// Statement `stmt` of `worker`'s transaction on `wallet` arrives at the
    /// server. Completions (this statement's, and any statement whose lock
    /// was granted by a COMMIT/ROLLBACK) are appended to `out` in grant order.
    pub fn arrive(&mut self, worker: u32, wallet: u32, stmt: Stmt, out: &mut Vec<Completion>) -> Arrival {
        assert!(wallet < self.wallets());
        let txn = &mut self.txns[worker as usize];
        if txn.held.iter().all(Option::is_none) && txn.pending_debits == 0 && txn.pending_balance.is_none() {
            txn.wallet = wallet;
        }
        assert_eq!(txn.wallet, wallet, "a transaction touches one wallet");
        let lock = match stmt {
            Stmt::ReadShare => Some((wallet, Mode::Shared)),
            Stmt::UpdateSet(_) | Stmt::UpdateIfSufficient | Stmt::UpdateDecrement => Some((wallet, Mode::Exclusive)),
            Stmt::FenceAdvance(_) | Stmt::FenceCheckEq(_) => Some((self.wallets() + wallet, Mode::Exclusive)),
            _ => None,
        };
        match lock {
            Some((row, mode)) if !self.holds(worker, row, mode) => {
                let r = &mut self.rows[row as usize];
                if r.queue.is_empty() && r.compatible(mode) {
                    self.grant(worker, row, mode);
                    let result = self.execute(worker, stmt);
                    out.push(Completion::now(worker, result));
                    Arrival::default()
                } else {
                    let holders = if r.exclusive.is_some() { 1 } else { r.shared_holders };
                    let ahead = holders + r.queue.len() as u32;
                    r.queue.push_back(Waiter { worker, mode, stmt });
                    Arrival { commit: None, queued: Some(Queued { ahead }) }
                }
            }
            _ => match stmt {
                Stmt::Commit | Stmt::Rollback => {
                    // The ender's reply leaves first; statements its lock
                    // release granted reply right after, in grant order.
                    out.push(Completion::now(worker, 0));
                    Arrival { commit: self.end(worker, stmt == Stmt::Commit, out), queued: None }
                }
                _ => {
                    let result = self.execute(worker, stmt);
                    out.push(Completion::now(worker, result));
                    Arrival::default()
                }
            },
        }
    }

    fn holds(&self, worker: u32, row: u32, mode: Mode) -> bool {
        self.txns[worker as usize].held.iter().flatten().any(|&(r, m)| {
            if r == row {
                // No flow upgrades S to X (model.md §1.4): assert it.
                assert!(!(m == Mode::Shared && mode == Mode::Exclusive), "lock upgrade is not modelled");
                true
            } else {
                false
            }
        })
    }

    fn grant(&mut self, worker: u32, row: u32, mode: Mode) {
        let r = &mut self.rows[row as usize];
        match mode {
            Mode::Shared => r.shared_holders += 1,
            Mode::Exclusive => {
                assert!(r.exclusive.is_none() && r.shared_holders == 0);
                r.exclusive = Some(worker);
            }
        }
        let txn = &mut self.txns[worker as usize];
        let slot = txn.held.iter_mut().find(|s| s.is_none()).expect("at most two row locks per transaction");
        *slot = Some((row, mode));
    }

    /// Runs a statement whose lock (if any) is held. Returns the reply value.
    fn execute(&mut self, worker: u32, stmt: Stmt) -> i64 {
        let txn = &mut self.txns[worker as usize];
        let w = txn.wallet as usize;
        match stmt {
            Stmt::ReadPlain | Stmt::ReadShare => self.balance_won[w],
            Stmt::UpdateSet(v) => {
                txn.pending_balance = Some(v);
                1
            }
            Stmt::UpdateIfSufficient => {
                let current = txn.pending_balance.unwrap_or(self.balance_won[w]);
                if current >= self.amount_won {
                    txn.pending_balance = Some(current - self.amount_won);
                    1
                } else {
                    0
                }
            }
            Stmt::UpdateDecrement => {
                txn.pending_balance = Some(txn.pending_balance.unwrap_or(self.balance_won[w]) - self.amount_won);
                1
            }
            Stmt::InsertLedger => {
                txn.pending_debits += 1;
                1
            }
            Stmt::FenceAdvance(t) => {
                let current = txn.pending_fence.unwrap_or(self.fence[w]);
                if current < t {
                    txn.pending_fence = Some(t);
                    1
                } else {
                    0
                }
            }
            Stmt::FenceCheckEq(t) | Stmt::FenceCheckEqNoLock(t) => {
                i64::from(txn.pending_fence.unwrap_or(self.fence[w]) == t)
            }
            Stmt::Commit | Stmt::Rollback => unreachable!("handled by end()"),
        }
    }

    /// COMMIT or ROLLBACK: apply or drop the pending writes, release the row
    /// locks and grant queued statements (appending their completions).
    fn end(&mut self, worker: u32, commit: bool, out: &mut Vec<Completion>) -> Option<CommitInfo> {
        let txn = std::mem::take(&mut self.txns[worker as usize]);
        let w = txn.wallet as usize;
        let mut info = None;
        if commit && (txn.pending_balance.is_some() || txn.pending_debits > 0 || txn.pending_fence.is_some()) {
            if let Some(v) = txn.pending_balance {
                self.balance_won[w] = v;
            }
            self.debits[w] += u64::from(txn.pending_debits);
            if let Some(f) = txn.pending_fence {
                // The fence only moves forward (FenceAdvance's WHERE token < t).
                assert!(f > self.fence[w]);
                self.fence[w] = f;
            }
            info = Some(CommitInfo {
                wallet: txn.wallet,
                balance_won: txn.pending_balance,
                debits: self.debits[w],
                fence: txn.pending_fence,
            });
        }
        for &(row, mode) in txn.held.iter().flatten() {
            let r = &mut self.rows[row as usize];
            match mode {
                Mode::Shared => {
                    assert!(r.shared_holders > 0);
                    r.shared_holders -= 1;
                }
                Mode::Exclusive => {
                    assert_eq!(r.exclusive, Some(worker));
                    r.exclusive = None;
                }
            }
            // FIFO: grant from the head while compatible (several S in a row).
            while let Some(head) = self.rows[row as usize].queue.front().copied() {
                if !self.rows[row as usize].compatible(head.mode) {
                    break;
                }
                self.rows[row as usize].queue.pop_front();
                self.grant(head.worker, row, head.mode);
                let result = self.execute(head.worker, head.stmt);
                out.push(Completion { worker: head.worker, result, granted_by: Some(worker) });
            }
        }
        info
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_waits_for_exclusive_commit() {
        let mut db = Db::new(1, 2, 5_000, 1_000);
        let mut out = Vec::new();
        db.arrive(0, 0, Stmt::UpdateSet(4_000), &mut out);
        assert_eq!(out, vec![Completion::now(0, 1)]);
        out.clear();
        let arrival = db.arrive(1, 0, Stmt::ReadShare, &mut out);
        assert!(out.is_empty(), "FOR SHARE waits for X");
        assert_eq!(arrival.queued, Some(Queued { ahead: 1 }));
        out.clear();
        db.arrive(0, 0, Stmt::InsertLedger, &mut out);
        out.clear();
        let info = db.arrive(0, 0, Stmt::Commit, &mut out).commit.unwrap();
        assert_eq!(info.balance_won, Some(4_000));
        assert_eq!(out, vec![Completion::now(0, 0), Completion { worker: 1, result: 4_000, granted_by: Some(0) }]);
    }

    #[test]
    fn conditional_update_never_goes_negative() {
        let mut db = Db::new(1, 1, 1_500, 1_000);
        let mut out = Vec::new();
        db.arrive(0, 0, Stmt::UpdateIfSufficient, &mut out);
        db.arrive(0, 0, Stmt::Commit, &mut out);
        db.arrive(0, 0, Stmt::UpdateIfSufficient, &mut out);
        db.arrive(0, 0, Stmt::Rollback, &mut out);
        assert_eq!(out[0].result, 1);
        assert_eq!(out[2].result, 0);
        assert_eq!(db.balance_won(0), 500);
    }

    #[test]
    fn an_unconditional_decrement_goes_below_zero() {
        let mut db = Db::new(1, 1, 500, 1_000);
        let mut out = Vec::new();
        db.arrive(0, 0, Stmt::UpdateDecrement, &mut out);
        db.arrive(0, 0, Stmt::InsertLedger, &mut out);
        db.arrive(0, 0, Stmt::Commit, &mut out);
        assert_eq!(out[0].result, 1);
        assert_eq!((db.balance_won(0), db.debits(0)), (-500, 1));
    }

    #[test]
    fn fence_advance_and_equality() {
        let mut db = Db::new(1, 2, 0, 1_000);
        let mut out = Vec::new();
        db.arrive(0, 0, Stmt::FenceAdvance(3), &mut out);
        db.arrive(1, 0, Stmt::FenceAdvance(2), &mut out); // queued behind X
        assert_eq!(out.len(), 1);
        db.arrive(0, 0, Stmt::Commit, &mut out);
        assert_eq!(out[1..], [Completion::now(0, 0), Completion { worker: 1, result: 0, granted_by: Some(0) }]);
        db.arrive(1, 0, Stmt::Rollback, &mut out);
        out.clear();
        db.arrive(0, 0, Stmt::FenceCheckEq(3), &mut out);
        assert_eq!(out[0].result, 1);
        assert_eq!(db.fence(0), 3);
    }

    #[test]
    fn updates_queue_fifo_and_count_who_is_ahead() {
        let mut db = Db::new(1, 3, 5_000, 1_000);
        let mut out = Vec::new();
        assert_eq!(db.arrive(0, 0, Stmt::UpdateIfSufficient, &mut out).queued, None);
        assert_eq!(db.arrive(1, 0, Stmt::UpdateIfSufficient, &mut out).queued, Some(Queued { ahead: 1 }));
        assert_eq!(db.arrive(2, 0, Stmt::UpdateIfSufficient, &mut out).queued, Some(Queued { ahead: 2 }));
        assert_eq!(out, vec![Completion::now(0, 1)]);
        out.clear();
        db.arrive(0, 0, Stmt::Commit, &mut out);
        // Only the head is granted: the second waiter still conflicts with it.
        assert_eq!(out, vec![Completion::now(0, 0), Completion { worker: 1, result: 1, granted_by: Some(0) }]);
        out.clear();
        db.arrive(1, 0, Stmt::Rollback, &mut out);
        assert_eq!(out, vec![Completion::now(1, 0), Completion { worker: 2, result: 1, granted_by: Some(1) }]);
        // Several S waiters behind one X are granted together, in order.
        let mut db = Db::new(1, 3, 5_000, 1_000);
        out.clear();
        db.arrive(0, 0, Stmt::UpdateSet(4_000), &mut out);
        assert_eq!(db.arrive(1, 0, Stmt::ReadShare, &mut out).queued, Some(Queued { ahead: 1 }));
        assert_eq!(db.arrive(2, 0, Stmt::ReadShare, &mut out).queued, Some(Queued { ahead: 2 }));
        out.clear();
        db.arrive(0, 0, Stmt::Commit, &mut out);
        assert_eq!(
            out,
            vec![
                Completion::now(0, 0),
                Completion { worker: 1, result: 4_000, granted_by: Some(0) },
                Completion { worker: 2, result: 4_000, granted_by: Some(0) }
            ]
        );
    }
}
