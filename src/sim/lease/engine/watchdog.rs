//! The watchdog task of a locked hold: fixed-rate lease extensions, and
//! what it records when it finds the lease lost.

use super::{Client, CmdKind, Engine, Ev, LockAnswer, NO_HOLD};
use crate::lease::trace::EventKind;

impl Engine<'_> {
    pub(super) fn start_watchdog(&mut self, w: usize) {
        let worker = &mut self.workers[w];
        worker.wd_hold = worker.hold;
        let first_us = self.q.now_us() + self.watchdog_period_us;
        self.q.schedule_at(first_us, Ev::WatchdogTick { worker: w as u32, hold: worker.hold });
        worker.wd_scheduled_us = first_us;
    }

    pub(super) fn on_watchdog_tick(&mut self, w: usize, hold: u32) {
        if self.workers[w].wd_hold != hold {
            return; // cancelled
        }
        let worker = &self.workers[w];
        let token = worker.token.expect("a watchdog only runs for a locked hold");
        let wallet = worker.wallet;
        self.send_lock(Client::of_watchdog(w as u32), CmdKind::Extend, wallet, token);
    }

    pub(super) fn on_watchdog_answer(&mut self, w: usize, answer: LockAnswer) {
        let extended = matches!(answer, LockAnswer::Extended(true));
        let hold = self.workers[w].hold;
        if extended {
            // The extension happened on the server whether or not the task was cancelled meanwhile.
            self.watchdog_extensions += 1;
            let (wallet, token) = (self.workers[w].wallet, self.workers[w].token.unwrap_or(0));
            self.emit(EventKind::LeaseExtended { wallet, token, hold });
        }
        if self.workers[w].wd_hold != hold || hold == NO_HOLD {
            return;
        }
        if extended {
            // Fixed rate; missed ticks (after a stop) coalesce into one immediate tick.
            let now_us = self.q.now_us();
            let next_us = (self.workers[w].wd_scheduled_us + self.watchdog_period_us).max(now_us);
            self.workers[w].wd_scheduled_us = next_us;
            self.q.schedule_at(next_us, Ev::WatchdogTick { worker: w as u32, hold });
        } else {
            // The lease is gone. The worker is not told (the article's path did not check).
            let now = self.now();
            self.holds[hold as usize].lease_lost_seen_at = Some(now);
            self.workers[w].wd_lost = true;
            self.workers[w].wd_hold = NO_HOLD;
            self.watchdog_saw_lost += 1;
            let wallet = self.workers[w].wallet;
            self.emit(EventKind::WatchdogSawLeaseLost { wallet, hold });
        }
    }
}
