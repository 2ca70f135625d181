//! The lock client and the lock server's side of a command: one-way
//! latency, the command timeout, fail-fast while the server is down, and
//! commands queued by a stall.

use super::{one_way, pack_answer, Client, CmdKind, Engine, Ev, LockAnswer, LockCmd, ReplyKind};
use crate::core::{SimTime, US_PER_MS};
use crate::lease::lock_server::ServerStatus;
use crate::lease::trace::{ReleaseResult, TokenPoint};

impl Engine<'_> {
    pub(super) fn send_lock(&mut self, client: Client, kind: CmdKind, wallet: u32, token: u64) {
        let w = client.worker() as usize;
        let worker = &mut self.workers[w];
        let seq = if client.is_watchdog() {
            worker.wd_seq = worker.wd_seq.wrapping_add(1);
            worker.wd_pending = true;
            worker.wd_seq
        } else {
            worker.lock_seq = worker.lock_seq.wrapping_add(1);
            worker.lock_pending = true;
            worker.lock_exempt = false;
            worker.lock_seq
        };
        if self.server.status == ServerStatus::Down && !self.scripted {
            // Fail fast while disconnected (§1.2 [CAL]): not buffered until the timeout.
            let reply = Ev::LockReply { client, cmd_seq: seq, token: 0, epoch: 0, kind: ReplyKind::Failed };
            self.q.schedule_in_fixed(self.unavailable_us, reply);
            return;
        }
        let delay = one_way(&mut worker.jitter_rng, u64::from(self.cfg.lock_net_us), self.jitter_pct);
        let (wallet, token) = (wallet as u16, u32::try_from(token).expect("tokens fit in u32"));
        self.send_after(delay, Ev::LockArrive { client, cmd_seq: seq, token, wallet, kind });
        if self.timeouts_possible {
            self.q.schedule_in_fixed(self.timeout_us, Ev::LockTimeout { client, cmd_seq: seq });
        }
    }

    pub(super) fn reply_lock(&mut self, client: Client, answer: LockAnswer, seq: u32, extra_us: SimTime) {
        let rng = &mut self.workers[client.worker() as usize].jitter_rng;
        let delay = one_way(rng, u64::from(self.cfg.lock_net_us), self.jitter_pct) + extra_us;
        let (kind, token, epoch) = pack_answer(answer);
        let ev = Ev::LockReply { client, cmd_seq: seq, token, epoch, kind };
        if extra_us == 0 {
            self.send_after(delay, ev);
        } else {
            self.q.schedule_in(delay, ev);
        }
    }

    pub(super) fn on_lock_arrive(&mut self, client: Client, cmd: LockCmd, seq: u32) {
        match self.server.status {
            ServerStatus::Down => self.reply_lock(client, LockAnswer::Failed, seq, 0),
            ServerStatus::Stalled { .. } => self.stall_queue.push_back((client, cmd, seq)),
            ServerStatus::Up => self.exec_lock(client, cmd, seq),
        }
    }

    pub(super) fn exec_lock(&mut self, client: Client, cmd: LockCmd, seq: u32) {
        let now = self.now();
        let mut extra_us = 0;
        let (wallet, token) = (u32::from(cmd.wallet), u64::from(cmd.token));
        let answer = match cmd.kind {
            CmdKind::Acquire => match self.server.acquire(wallet as usize, self.ttl_us, now) {
                Some(token) => {
                    let w = wallet as usize;
                    let fence = self.db.fence(w);
                    self.tokens[w].push(TokenPoint { t_us: now.t_us, counter: token, fence });
                    let noise = self.cfg.noise;
                    if noise.acquire_lag_ppm > 0 {
                        let worker = &mut self.workers[client.worker() as usize];
                        if worker.lag_rng.bernoulli(f64::from(noise.acquire_lag_ppm) / 1e6) {
                            let (lo, hi) = (
                                noise.acquire_lag_min_ms.min(noise.acquire_lag_max_ms),
                                noise.acquire_lag_max_ms.max(noise.acquire_lag_min_ms),
                            );
                            extra_us =
                                worker.lag_rng.uniform_inclusive(u64::from(lo) * US_PER_MS, u64::from(hi) * US_PER_MS);
                            if worker.lock_seq == seq {
                                worker.lock_exempt = true;
                            }
                        }
                    }
                    LockAnswer::Acquired { token, epoch: self.server.epoch }
                }
                None => LockAnswer::Refused,
            },
            CmdKind::Extend => {
                LockAnswer::Extended(self.server.extend_if_owner(wallet as usize, token, self.ttl_us, now))
            }
            CmdKind::Release => LockAnswer::Released(self.server.release_if_owner(wallet as usize, token, now)),
        };
        if matches!(answer, LockAnswer::Refused) && self.may_park(client, seq) {
            self.park(client.worker() as usize);
            return;
        }
        self.reply_lock(client, answer, seq, extra_us);
        if matches!(answer, LockAnswer::Released(ReleaseResult::Released)) {
            self.on_key_deleted(wallet as usize);
        }
    }

    pub(super) fn on_lock_reply(&mut self, client: Client, answer: LockAnswer, seq: u32) {
        let w = client.worker() as usize;
        let worker = &mut self.workers[w];
        if client.is_watchdog() {
            if !worker.wd_pending || worker.wd_seq != seq {
                return;
            }
            worker.wd_pending = false;
            self.on_watchdog_answer(w, answer);
        } else {
            if !worker.lock_pending || worker.lock_seq != seq {
                return; // late reply to a timed-out command (an Acquire leaves an orphan lease)
            }
            worker.lock_pending = false;
            self.on_worker_lock_answer(w, answer);
        }
    }

    pub(super) fn on_lock_timeout(&mut self, client: Client, seq: u32) {
        let w = client.worker() as usize;
        let worker = &mut self.workers[w];
        if client.is_watchdog() {
            if !worker.wd_pending || worker.wd_seq != seq {
                return;
            }
            worker.wd_pending = false;
            self.lock_timeouts += 1;
            self.on_watchdog_answer(w, LockAnswer::Failed);
        } else {
            if !worker.lock_pending || worker.lock_seq != seq || worker.lock_exempt {
                return;
            }
            worker.lock_pending = false;
            self.lock_timeouts += 1;
            self.on_worker_lock_answer(w, LockAnswer::Failed);
        }
    }
}
