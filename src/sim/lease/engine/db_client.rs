//! The workers' database client: statements travel to the database with
//! one-way latency, queue for row locks there, and their results travel back.

use super::{one_way, Engine, Ev};
use crate::lease::db::{CommitInfo, Stmt};
use crate::lease::trace::{BalancePoint, EventKind, LockingStmt, TokenPoint};

impl Engine<'_> {
    pub(super) fn send_db(&mut self, w: usize, stmt: Stmt) {
        let worker = &mut self.workers[w];
        let delay = one_way(&mut worker.jitter_rng, u64::from(self.cfg.db_net_us), self.jitter_pct);
        worker.db_stmt = stmt;
        self.send_after(delay, Ev::DbArrive { worker: w as u32 });
    }

    pub(super) fn on_db_arrive(&mut self, worker: u32) {
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

    pub(super) fn record_commit(&mut self, info: CommitInfo) {
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
}

/// The trace's name of a statement that can wait for a row lock.
fn locking_stmt(stmt: Stmt) -> LockingStmt {
    match stmt {
        Stmt::ReadShare => LockingStmt::ForShare,
        Stmt::UpdateSet(_) | Stmt::UpdateDecrement => LockingStmt::Update,
        Stmt::UpdateIfSufficient => LockingStmt::ConditionalUpdate,
        Stmt::FenceAdvance(_) => LockingStmt::FenceAdvance,
        Stmt::FenceCheckEq(_) => LockingStmt::FenceCheck,
        other => unreachable!("{other:?} takes no row lock, so it never queues"),
    }
}
