//! The status probe of figure B4: how long A takes to answer "what is your
//! status?" while its engine waits on a sync (and, in the anti-pattern, the
//! probe waits behind the engine lock).

use super::{Ev, Sim, A};
use crate::core::{SimTime, Stamp, US_PER_MS};
use crate::vote::trace::{EventKind, ProbeRecord};

impl Sim<'_> {
    pub(super) fn schedule_probes(&mut self, from_us: SimTime) {
        let period = u64::from(self.cfg.status_probe_period_us);
        if period == 0 {
            return;
        }
        let window = u64::from(self.cfg.status_probe_window_ms) * US_PER_MS;
        let mut t = from_us;
        while t <= from_us + window {
            self.q.schedule_at(t, Ev::Probe);
            t += period;
        }
    }

    pub(super) fn probe(&mut self) {
        let asked = self.now();
        self.diag.status_probes += 1;
        if !self.nodes[A].up {
            if self.spans() {
                self.probes.push(ProbeRecord { asked_at: asked, answered_at: None, stalled: false });
            }
            return;
        }
        let wait_until = self.nodes[A].fg_sync_until_us;
        if self.cfg.status_probe_shares_engine_lock && wait_until > asked.t_us {
            // The anti-pattern: the probe queues behind the engine lock held during the sync wait.
            self.q.schedule_at(wait_until, Ev::ProbeAnswer { asked });
        } else {
            self.answer_probe(asked, false);
        }
    }

    pub(super) fn answer_probe(&mut self, asked: Stamp, stalled: bool) {
        let now = self.now();
        let latency_us = now.t_us - asked.t_us;
        self.diag.status_probes_answered += 1;
        if stalled {
            self.diag.status_probes_stalled += 1;
        }
        self.diag.status_probe_max_latency_us = self.diag.status_probe_max_latency_us.max(latency_us);
        self.emit(EventKind::StatusAnswered { validator: A as u32, asked_at_us: asked.t_us, latency_us });
        if self.spans() {
            self.probes.push(ProbeRecord { asked_at: asked, answered_at: Some(now), stalled });
        }
    }
}
