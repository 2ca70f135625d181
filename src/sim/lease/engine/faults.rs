//! The faults of a Scenario A run: process stops, the lock-server outage
//! (kill and restart with state loss) and lock-server stalls, scheduled up
//! front so that they win same-µs ties.

use super::{Engine, Ev, LockAnswer};
use crate::core::{RngStream, US_PER_MS, US_PER_S};
use crate::lease::trace::{EventKind, TokenPoint};

impl Engine<'_> {
    /// Stops, the outage and lock-server stalls are known up front; they are
    /// scheduled before any worker event so that they win same-µs ties.
    pub(super) fn schedule_faults(&mut self, seed: u64, run_index: u32) {
        let cfg = self.cfg;
        let stops = cfg.stops;
        for k in 0..stops.count {
            let start_us = (u64::from(stops.first_at_ms) + u64::from(k) * u64::from(stops.period_ms)) * US_PER_MS;
            if start_us >= self.deadline_us {
                break;
            }
            self.q.schedule_at(start_us, Ev::ProcessStop { process: 0 });
            self.last_fault_start_us = self.last_fault_start_us.max(start_us);
            self.q.schedule_at(start_us + u64::from(stops.duration_ms) * US_PER_MS, Ev::ProcessResume { process: 0 });
        }
        if let Some(outage) = cfg.outage {
            assert!(outage.kill_at_ms <= outage.restart_at_ms);
            self.q.schedule_at(u64::from(outage.kill_at_ms) * US_PER_MS, Ev::LockServerKill);
            self.q.schedule_at(u64::from(outage.restart_at_ms) * US_PER_MS, Ev::LockServerRestart);
        }
        if cfg.noise.stalls_per_min > 0 && self.policy.lease {
            let mut rng = RngStream::derive(seed, run_index, "stall", 0);
            let mean_gap_us = 60 * US_PER_S / u64::from(cfg.noise.stalls_per_min);
            let (lo, hi) = (
                cfg.noise.stall_min_ms.min(cfg.noise.stall_max_ms),
                cfg.noise.stall_max_ms.max(cfg.noise.stall_min_ms),
            );
            let mut t_us = 0;
            loop {
                t_us += rng.exponential_us(mean_gap_us).max(1);
                if t_us >= self.deadline_us {
                    break;
                }
                let duration_us = rng.uniform_inclusive(u64::from(lo) * US_PER_MS, u64::from(hi) * US_PER_MS);
                let stall = self.stall_durations_us.len() as u32;
                self.stall_durations_us.push(duration_us);
                self.q.schedule_at(t_us, Ev::StallBegin { stall });
                self.last_fault_start_us = self.last_fault_start_us.max(t_us);
                t_us += duration_us;
            }
        }
    }

    pub(super) fn on_kill(&mut self) {
        let now = self.now();
        self.fence_at_kill = Some((0..self.cfg.wallets as usize).map(|w| self.db.fence(w)).collect());
        self.server.kill(now);
        for w in 0..self.cfg.wallets as usize {
            let fence = self.db.fence(w);
            if self.policy.lease {
                self.tokens[w].push(TokenPoint { t_us: now.t_us, counter: 0, fence });
            }
        }
        // Commands queued by a stall die with the server.
        while let Some((client, _cmd, seq)) = self.stall_queue.pop_front() {
            self.reply_lock(client, LockAnswer::Failed, seq, 0);
        }
        // Parked spinners meet the dead server on their next step.
        for wallet in 0..self.parked.len() {
            for w in std::mem::take(&mut self.parked[wallet]) {
                self.unpark(w as usize);
            }
        }
        self.emit(EventKind::LockServerKilled);
    }

    pub(super) fn on_restart(&mut self) {
        self.server.restart();
        self.emit(EventKind::LockServerRestarted);
    }
}
