//! Lazy spinning.
//!
//! A worker refused by the lock server sleeps `retry` and tries again,
//! forever (model.md §1.4). Under contention most of a run's events are
//! these attempts: each one is an arrival at the server, a reply and a
//! wake, and nearly all of them are refused. Without latency jitter,
//! timeouts or stalls the attempts form a fixed chain: arrivals at
//! `base + n·period`, replies `lock_net` later, wakes `retry` after that.
//! An attempt's outcome depends only on the wallet's key, so the engine
//! "parks" a refused spinner and computes its chain instead of running it:
//!
//! - it schedules one `SpinArrive` at the first arrival at or after the
//!   key's expiry (every earlier arrival finds the key held, unless it is
//!   deleted first);
//! - when the key is deleted (a `Released` release), the parked spinners
//!   of that wallet move their `SpinArrive` to their next arrival after
//!   the delete, in the order they parked (lockstep spinners keep their
//!   FIFO order);
//! - a process stop or a lock-server kill turns each affected spinner back
//!   into the exact event of its chain that comes next (arrival, reply or
//!   wake), so the stop defers it and the dead server fails it as usual.
//!
//! The skipped attempts are counted as refusals (and at `TraceLevel::Full`
//! recorded as `AcquireRefused` at their reply times). The run is the
//! same as with every attempt simulated, except for the order of events
//! that fall on the very same microsecond as a computed attempt: the
//! computed event gets its sequence number when it is computed, not one
//! retry earlier. `tests/lease_spin.rs` compares both models.

use super::{Client, CmdKind, Engine, Ev, LockCmd, Phase, ReplyKind, DEAD_ARRIVALS_MIN_HEAP};
use crate::core::{SimTime, Stamp};
use crate::lease::trace::{EventKind, TraceEvent};

impl Engine<'_> {
    /// Whether a refused `Acquire` may park its worker instead of being answered.
    pub(super) fn may_park(&self, client: Client, seq: u32) -> bool {
        if !self.lazy_spin || client.is_watchdog() {
            return false;
        }
        let worker = &self.workers[client.worker() as usize];
        worker.phase == Phase::Acquiring
            && worker.lock_pending
            && worker.lock_seq == seq
            && self.procs.is_running(worker.process as usize)
    }

    /// Parks worker `w`, whose `Acquire` the server has just refused.
    pub(super) fn park(&mut self, w: usize) {
        let now_us = self.q.now_us();
        let expires_us = self.server.expiry_us(self.workers[w].wallet as usize).expect("a refused key is held");
        // The first arrival at or after the expiry finds the key gone (`now >= expires_at`).
        let periods = expires_us.saturating_sub(now_us).div_ceil(self.spin_period_us).max(1);
        let worker = &mut self.workers[w];
        worker.lock_pending = false;
        worker.phase = Phase::SpinParked;
        worker.spin_base_us = now_us;
        self.parked[worker.wallet as usize].push(w as u32);
        self.schedule_spin_arrive(w, now_us + periods * self.spin_period_us);
    }

    /// Takes the spinners' dead arrivals out of the event heap. A spinner
    /// parks with an arrival at its key's expiry; when the key is freed
    /// sooner, it gets an earlier arrival and a new generation, and the old
    /// one stays in the heap until its time comes, to be ignored. With many
    /// threads, short holds and a long TTL they fill the heap (it averaged
    /// 1,740 events at the heaviest slider corner, against 16 for exp1), and
    /// every push and pop pays for its depth: taking them out made that
    /// corner's runs a third faster. The run is unchanged, and so is its
    /// event count (the queue counts a removed event as popped); a
    /// spinner's generation only grows, so a dead arrival stays dead.
    pub(super) fn remove_dead_arrivals(&mut self) {
        let workers = &self.workers;
        self.q.remove_dead(
            |ev| matches!(*ev, Ev::SpinArrive { worker, gen } if workers[worker as usize].spin_gen != gen),
        );
        self.remove_dead_at = (2 * self.q.heap_len()).max(DEAD_ARRIVALS_MIN_HEAP.max(4 * self.workers.len()));
    }

    pub(super) fn schedule_spin_arrive(&mut self, w: usize, at_us: SimTime) {
        let worker = &mut self.workers[w];
        worker.spin_gen = worker.spin_gen.wrapping_add(1);
        worker.spin_probe_us = at_us;
        let gen = worker.spin_gen;
        self.q.schedule_at(at_us, Ev::SpinArrive { worker: w as u32, gen });
    }

    /// Counts the first `attempts` attempts of `w`'s chain as refused: the
    /// client would have received each reply `lock_net` after its arrival.
    pub(super) fn count_skipped_refusals(&mut self, w: usize, attempts: u64) {
        self.acquire_refusals += attempts;
        if self.full {
            self.recorded_refusals += attempts;
            let worker = &self.workers[w];
            let (base_us, wallet) = (worker.spin_base_us + u64::from(self.cfg.lock_net_us), worker.wallet);
            for i in 0..attempts {
                // Computed, so without a sequence number of its own: seq 0
                // puts it first among the events of its microsecond.
                let at = Stamp { t_us: base_us + i * self.spin_period_us, seq: 0 };
                self.events.push(TraceEvent { at, kind: EventKind::AcquireRefused { worker: w as u32, wallet } });
            }
        }
    }

    /// A parked spinner's attempt reaches the server: it is executed like any
    /// `Acquire`. False when the event is stale (moved earlier, or unparked).
    pub(super) fn on_spin_arrive(&mut self, w: usize, gen: u32) -> bool {
        let worker = &self.workers[w];
        if worker.spin_gen != gen || worker.phase != Phase::SpinParked {
            return false;
        }
        let wallet = worker.wallet;
        let attempts = (worker.spin_probe_us - worker.spin_base_us) / self.spin_period_us;
        self.count_skipped_refusals(w, attempts);
        let list = &mut self.parked[wallet as usize];
        if let Some(i) = list.iter().position(|&p| p as usize == w) {
            list.remove(i);
        }
        let worker = &mut self.workers[w];
        worker.phase = Phase::Acquiring;
        worker.lock_seq = worker.lock_seq.wrapping_add(1);
        worker.lock_pending = true;
        worker.lock_exempt = false;
        let seq = worker.lock_seq;
        let cmd = LockCmd { kind: CmdKind::Acquire, wallet: wallet as u16, token: 0 };
        self.on_lock_arrive(Client::of_worker(w as u32), cmd, seq);
        true
    }

    /// `wallet`'s key was deleted: each parked spinner tries at its next arrival.
    pub(super) fn on_key_deleted(&mut self, wallet: usize) {
        let now_us = self.q.now_us();
        for i in 0..self.parked[wallet].len() {
            let w = self.parked[wallet][i] as usize;
            let base_us = self.workers[w].spin_base_us;
            // Strictly after the delete: an attempt arriving in the same
            // microsecond was normally sent before the delete and lost the tie.
            let next_us = base_us + ((now_us - base_us) / self.spin_period_us + 1) * self.spin_period_us;
            if next_us < self.workers[w].spin_probe_us {
                self.schedule_spin_arrive(w, next_us);
            }
        }
    }

    /// Turns the parked spinners of `process` back into ordinary events before it stops.
    pub(super) fn unpark_process(&mut self, process: u32) {
        for wallet in 0..self.parked.len() {
            let mut i = 0;
            while i < self.parked[wallet].len() {
                let w = self.parked[wallet][i] as usize;
                if self.workers[w].process == process {
                    self.parked[wallet].remove(i);
                    self.unpark(w);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Schedules the event of `w`'s chain that comes next (at or after now,
    /// after the current event), the caller having taken `w` off its
    /// wallet's parked list: the worker is then exactly where simulating
    /// every attempt would have put it. An attempt already in flight stays a
    /// `SpinArrive` (it reaches the server whatever happens meanwhile).
    pub(super) fn unpark(&mut self, w: usize) {
        debug_assert_eq!(self.workers[w].phase, Phase::SpinParked);
        let now_us = self.q.now_us();
        let (net_us, retry_us, period_us) = (u64::from(self.cfg.lock_net_us), self.retry_us, self.spin_period_us);
        let base_us = self.workers[w].spin_base_us;
        let (n, r) = ((now_us - base_us) / period_us, (now_us - base_us) % period_us);
        let cycle_us = base_us + n * period_us;
        if n >= 1 && r == 0 {
            // Attempt n arrives right now, after this event: it is in flight,
            // so its arrival stands whatever happens to the key or the process.
            self.schedule_spin_arrive(w, cycle_us);
        } else if r <= net_us {
            // Attempt n was refused; its reply is on the way.
            self.count_skipped_refusals(w, n);
            let worker = &mut self.workers[w];
            worker.spin_gen = worker.spin_gen.wrapping_add(1);
            worker.phase = Phase::Acquiring;
            worker.lock_seq = worker.lock_seq.wrapping_add(1);
            worker.lock_pending = true;
            let reply = Ev::LockReply {
                client: Client::of_worker(w as u32),
                cmd_seq: worker.lock_seq,
                token: 0,
                epoch: 0,
                kind: ReplyKind::Refused,
            };
            self.q.schedule_at(cycle_us + net_us, reply);
        } else if r <= net_us + retry_us {
            // Attempt n's refusal was received; the retry sleep is running.
            self.count_skipped_refusals(w, n + 1);
            let worker = &mut self.workers[w];
            worker.spin_gen = worker.spin_gen.wrapping_add(1);
            worker.phase = Phase::RetrySleep;
            self.q.schedule_at(cycle_us + net_us + retry_us, Ev::WorkerWake { worker: w as u32 });
        } else {
            // Attempt n + 1 was sent and is in flight.
            self.schedule_spin_arrive(w, cycle_us + period_us);
        }
    }
}
