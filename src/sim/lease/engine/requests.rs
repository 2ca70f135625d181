//! The worker loop of Scenario A (model.md §1.4): a closed-loop worker's
//! request from its overhead through the critical section (lock, read,
//! pause, fence, write) to its response, and the drain rule (§1.6). What
//! the section does is the variant's row (`policy`), never its identity.

use super::{Client, CmdKind, Engine, Ev, LockAnswer, Phase, Response, NO_HOLD};
use crate::core::{SimTime, US_PER_MS};
use crate::lease::config::{FailPolicy, WalletAssignment};
use crate::lease::db::Stmt;
use crate::lease::policy::{PauseAt, Read, Update, Watchdog, WriteFence};
use crate::lease::trace::{EventKind, FencePhase, Hold, Outcome, ReleaseResult};

impl Engine<'_> {
    /// The top of the worker loop: the only place the deadline is checked (drain rule, §1.6).
    pub(super) fn start_request(&mut self, w: usize) {
        let now_us = self.q.now_us();
        let cfg = self.cfg;
        if now_us >= self.deadline_us || self.workers[w].requests >= self.max_requests {
            self.workers[w].phase = Phase::Done;
            return;
        }
        let worker = &mut self.workers[w];
        worker.t_req_us = now_us;
        worker.requests += 1;
        // One pause draw per request, used or not: the k-th request of a
        // worker always gets the k-th draw (common random numbers).
        worker.pause_us = worker
            .pause_rng
            .uniform_inclusive(u64::from(cfg.pause_min_ms) * US_PER_MS, u64::from(cfg.pause_max_ms) * US_PER_MS);
        if cfg.wallet_assignment == WalletAssignment::Random {
            worker.wallet = worker.wallet_rng.uniform_inclusive(0, u64::from(cfg.wallets) - 1) as u32;
        }
        worker.hold = NO_HOLD;
        worker.token = None;
        worker.phase = Phase::PreOverhead;
        let wallet = worker.wallet;
        self.emit(EventKind::RequestStarted { worker: w as u32, wallet });
        self.sleep_fixed(w, self.pre_us);
    }

    #[inline(always)]
    pub(super) fn sleep(&mut self, w: usize, duration_us: SimTime) {
        self.q.schedule_in(duration_us, Ev::WorkerWake { worker: w as u32 });
    }

    /// A sleep whose length is a constant of the run (overheads, retry interval).
    #[inline(always)]
    pub(super) fn sleep_fixed(&mut self, w: usize, duration_us: SimTime) {
        self.q.schedule_in_fixed(duration_us, Ev::WorkerWake { worker: w as u32 });
    }

    /// Schedules a message `delay_us` ahead: a FIFO lane when the latency is a
    /// run constant (no jitter), the heap otherwise. Same order either way.
    /// Always inlined, like `EventQueue::schedule_at`: the event is then built
    /// in its slab slot instead of passing through the stack.
    #[inline(always)]
    pub(super) fn send_after(&mut self, delay_us: SimTime, ev: Ev) {
        if self.jitter_pct == 0 {
            self.q.schedule_in_fixed(delay_us, ev);
        } else {
            self.q.schedule_in(delay_us, ev);
        }
    }

    pub(super) fn on_wake(&mut self, w: usize) {
        match self.workers[w].phase {
            Phase::PreOverhead => self.begin_section(w),
            Phase::RetrySleep => self.send_acquire(w),
            Phase::Pausing => self.after_pause(w),
            Phase::PostOverhead => self.finish_request(w),
            phase => unreachable!("worker {w} woke in phase {phase:?}"),
        }
    }

    pub(super) fn begin_section(&mut self, w: usize) {
        if self.policy.lease {
            self.send_acquire(w);
        } else {
            // (d): the "concurrent section" is a lockless hold; pause before the UPDATE.
            self.open_hold(w, None, 0, true);
            self.workers[w].phase = Phase::Pausing;
            self.sleep(w, self.workers[w].pause_us);
        }
    }

    pub(super) fn open_hold(&mut self, w: usize, token: Option<u64>, epoch: u32, lockless: bool) {
        let now = self.now();
        let worker = &mut self.workers[w];
        let id = self.holds.len() as u32;
        worker.hold = id;
        worker.token = token;
        worker.token_epoch = epoch;
        worker.wd_lost = false;
        let wallet = worker.wallet;
        self.holds.push(Hold {
            id,
            wallet,
            worker: w as u32,
            process: worker.process,
            token,
            lockless,
            acquired_at: now,
            read_at: None,
            read_value_won: None,
            written_at: None,
            written_value_won: None,
            released_at: now,
            release_result: ReleaseResult::NotApplicable,
            outcome: Outcome::Insufficient,
            lease_lost_seen_at: None,
        });
        match token {
            Some(token) => self.emit(EventKind::LockAcquired { worker: w as u32, wallet, token, hold: id }),
            None => self.emit(EventKind::LocklessSectionStarted { worker: w as u32, wallet, hold: id }),
        }
    }

    pub(super) fn send_acquire(&mut self, w: usize) {
        self.workers[w].phase = Phase::Acquiring;
        let wallet = self.workers[w].wallet;
        self.send_lock(Client::of_worker(w as u32), CmdKind::Acquire, wallet, 0);
    }

    pub(super) fn on_worker_lock_answer(&mut self, w: usize, answer: LockAnswer) {
        let phase = self.workers[w].phase;
        match (phase, answer) {
            (Phase::Acquiring, LockAnswer::Acquired { token, epoch }) => {
                self.open_hold(w, Some(token), epoch, false);
                match self.policy.watchdog {
                    Watchdog::SameProcess => self.start_watchdog(w),
                    Watchdog::Off => {}
                }
                self.begin_read(w);
            }
            (Phase::Acquiring, LockAnswer::Refused) => {
                self.acquire_refusals += 1;
                let wallet = self.workers[w].wallet;
                self.emit(EventKind::AcquireRefused { worker: w as u32, wallet });
                self.workers[w].phase = Phase::RetrySleep;
                self.sleep_fixed(w, self.retry_us);
            }
            (Phase::Acquiring, LockAnswer::Failed) => match self.cfg.fail_policy {
                FailPolicy::Closed => {
                    self.workers[w].outcome = Outcome::LockUnavailable;
                    self.workers[w].phase = Phase::PostOverhead;
                    self.sleep_fixed(w, self.post_us);
                }
                FailPolicy::Open => {
                    self.open_hold(w, None, 0, true);
                    self.begin_read(w);
                }
            },
            (Phase::Releasing, LockAnswer::Released(result)) => self.close_hold(w, result),
            (Phase::Releasing, LockAnswer::Failed) => self.close_hold(w, ReleaseResult::Error),
            (phase, answer) => unreachable!("worker {w}: lock answer {answer:?} in phase {phase:?}"),
        }
    }

    pub(super) fn begin_read(&mut self, w: usize) {
        let worker = &self.workers[w];
        match (self.policy.read, worker.token) {
            (Read::StampThenShare, Some(token)) => {
                self.workers[w].phase = Phase::ReadFenceAdvance;
                self.send_db(w, Stmt::FenceAdvance(token));
            }
            // Without a token (fail-open) there is nothing to stamp.
            (Read::Plain, _) | (Read::StampThenShare, None) => {
                self.workers[w].phase = Phase::Reading;
                self.send_db(w, Stmt::ReadPlain);
            }
            (Read::None, _) => unreachable!("a section without a read takes no lock: it pauses, then updates"),
        }
    }

    pub(super) fn on_db_reply(&mut self, w: usize, result: i64) {
        let phase = self.workers[w].phase;
        let hold = self.workers[w].hold as usize;
        match phase {
            Phase::ReadFenceAdvance => {
                if result == 1 {
                    self.workers[w].phase = Phase::Reading;
                    self.send_db(w, Stmt::ReadShare);
                } else {
                    self.workers[w].outcome = Outcome::FenceRejected(FencePhase::Read);
                    self.workers[w].phase = Phase::ReadFenceRollback;
                    self.send_db(w, Stmt::Rollback);
                }
            }
            Phase::ReadFenceRollback => {
                // No read, no pause [AMB §3.4 item 8]: straight to release.
                let (wallet, hold_id) = (self.workers[w].wallet, self.workers[w].hold);
                self.emit(EventKind::FenceRejected {
                    worker: w as u32,
                    wallet,
                    hold: hold_id,
                    phase: FencePhase::Read,
                });
                self.end_section(w);
            }
            Phase::Reading => {
                self.workers[w].read_value_won = result;
                if self.policy.read == Read::StampThenShare && self.workers[w].token.is_some() {
                    self.workers[w].phase = Phase::ReadCommit;
                    self.send_db(w, Stmt::Commit);
                } else {
                    self.record_read(w, hold);
                }
            }
            Phase::ReadCommit => self.record_read(w, hold),
            Phase::WriteFence => {
                if result == 1 {
                    self.send_update(w);
                } else {
                    self.workers[w].outcome = Outcome::FenceRejected(FencePhase::Write);
                    self.workers[w].phase = Phase::RollingBack;
                    self.send_db(w, Stmt::Rollback);
                }
            }
            Phase::Updating => {
                if result == 1 {
                    self.workers[w].phase = Phase::Inserting;
                    self.send_db(w, Stmt::InsertLedger);
                } else {
                    // Only the conditional UPDATE can match 0 rows.
                    debug_assert_eq!(self.policy.update, Update::DecrementIfSufficient);
                    self.workers[w].outcome = Outcome::Insufficient;
                    self.workers[w].phase = Phase::RollingBack;
                    self.send_db(w, Stmt::Rollback);
                }
            }
            Phase::Inserting => {
                assert_eq!(result, 1);
                self.workers[w].phase = Phase::Committing;
                self.send_db(w, Stmt::Commit);
            }
            Phase::Committing => {
                let now = self.now();
                let worker = &mut self.workers[w];
                worker.outcome = Outcome::Approved;
                let value_won = self.db_written_value(w);
                let h = &mut self.holds[hold];
                h.written_at = Some(now);
                h.written_value_won = Some(value_won);
                let wallet = self.workers[w].wallet;
                self.emit(EventKind::BalanceWritten { worker: w as u32, wallet, hold: hold as u32, value_won });
                self.end_section(w);
            }
            Phase::RollingBack => {
                let (wallet, hold_id) = (self.workers[w].wallet, self.workers[w].hold);
                match self.workers[w].outcome {
                    Outcome::FenceRejected(phase) => {
                        self.emit(EventKind::FenceRejected { worker: w as u32, wallet, hold: hold_id, phase })
                    }
                    _ => self.emit(EventKind::InsufficientFunds { worker: w as u32, wallet, hold: hold_id }),
                }
                self.end_section(w);
            }
            phase => unreachable!("worker {w}: DB reply in phase {phase:?}"),
        }
    }

    /// The value this worker's committed write left in the snapshot.
    pub(super) fn db_written_value(&self, w: usize) -> i64 {
        let worker = &self.workers[w];
        if self.policy.update == Update::SetFromRead {
            debug_assert_eq!(worker.written_value_won, worker.read_value_won - self.amount_won);
        }
        worker.written_value_won
    }

    pub(super) fn record_read(&mut self, w: usize, hold: usize) {
        let now = self.now();
        let value = self.workers[w].read_value_won;
        self.holds[hold].read_at = Some(now);
        self.holds[hold].read_value_won = Some(value);
        let wallet = self.workers[w].wallet;
        self.emit(EventKind::BalanceRead { worker: w as u32, wallet, hold: hold as u32, value_won: value });
        self.workers[w].phase = Phase::Pausing;
        self.sleep(w, self.workers[w].pause_us);
    }

    pub(super) fn after_pause(&mut self, w: usize) {
        let cfg = self.cfg;
        if self.policy.pause_at == PauseAt::BeforeUpdate {
            self.send_update(w);
            return;
        }
        let worker = &self.workers[w];
        let (wallet, hold) = (worker.wallet, worker.hold);
        if worker.read_value_won < self.amount_won {
            // Compute rejects on the value read [INF]: the snapshot never goes negative.
            self.workers[w].outcome = Outcome::Insufficient;
            self.emit(EventKind::InsufficientFunds { worker: w as u32, wallet, hold });
            self.end_section(w);
            return;
        }
        if cfg.abort_on_lost_lease && worker.wd_lost {
            self.workers[w].outcome = Outcome::AbortedLeaseLost;
            self.emit(EventKind::WriteAborted { worker: w as u32, wallet, hold });
            self.end_section(w);
            return;
        }
        match (self.policy.write_fence, worker.token) {
            (WriteFence::Advance, Some(token)) => {
                self.workers[w].phase = Phase::WriteFence;
                self.send_db(w, Stmt::FenceAdvance(token));
            }
            (WriteFence::Equal { locks_row }, Some(token)) => {
                self.workers[w].phase = Phase::WriteFence;
                let stmt = if locks_row { Stmt::FenceCheckEq(token) } else { Stmt::FenceCheckEqNoLock(token) };
                self.send_db(w, stmt);
            }
            // No fence, or no token to check it with (fail-open).
            (WriteFence::None, _) | (WriteFence::Advance | WriteFence::Equal { .. }, None) => self.send_update(w),
        }
    }

    /// The balance UPDATE the row says: from the value read, or the database's own decrement.
    pub(super) fn send_update(&mut self, w: usize) {
        self.workers[w].phase = Phase::Updating;
        let stmt = match self.policy.update {
            Update::SetFromRead => Stmt::UpdateSet(self.workers[w].read_value_won - self.amount_won),
            Update::DecrementIfSufficient => Stmt::UpdateIfSufficient,
            Update::Decrement => Stmt::UpdateDecrement,
        };
        self.send_db(w, stmt);
    }

    /// The business part is over: cancel the watchdog, then release (if locked).
    pub(super) fn end_section(&mut self, w: usize) {
        self.workers[w].wd_hold = NO_HOLD;
        match self.workers[w].token {
            Some(token) => {
                self.workers[w].phase = Phase::Releasing;
                let wallet = self.workers[w].wallet;
                self.send_lock(Client::of_worker(w as u32), CmdKind::Release, wallet, token);
            }
            None => self.close_hold(w, ReleaseResult::NotApplicable),
        }
    }

    pub(super) fn close_hold(&mut self, w: usize, result: ReleaseResult) {
        let now = self.now();
        let worker = &self.workers[w];
        let hold = worker.hold as usize;
        let h = &mut self.holds[hold];
        h.released_at = now;
        h.release_result = result;
        h.outcome = worker.outcome;
        if h.token.is_some() {
            let wallet = worker.wallet;
            self.emit(EventKind::LockReleased { worker: w as u32, wallet, hold: hold as u32, result });
        }
        self.workers[w].phase = Phase::PostOverhead;
        self.sleep_fixed(w, self.post_us);
    }

    pub(super) fn finish_request(&mut self, w: usize) {
        let now_us = self.q.now_us();
        let worker = &self.workers[w];
        let response = Response {
            worker: w as u32,
            wallet: worker.wallet,
            t_req_us: worker.t_req_us,
            t_resp_us: now_us,
            outcome: worker.outcome,
        };
        self.responses.push(response);
        self.emit(EventKind::ResponseSent {
            worker: w as u32,
            outcome: response.outcome,
            latency_us: now_us - response.t_req_us,
        });
        self.start_request(w);
    }
}
