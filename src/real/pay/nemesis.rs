//! The nemesis: the article's faults as a schedule of absolute deadlines on
//! `CLOCK_MONOTONIC` (t0 + offset), carried out by the orchestrator.
//! SIGSTOP and SIGCONT go to the `pay-api` PID (400 ms every 1.5 s, 35
//! times for (b′)); Redis is SIGKILLed at 20 s and a new, empty Redis is
//! started on the same port at 40 s (the article's `docker kill` and
//! `docker start` without RDB or AOF). Each event is recorded with its
//! deadline and the instant it was done, so the lateness is reported.

use lab_sim::lease::LeaseConfig;

use super::history::{NemesisEvent, NemesisKind};

/// One planned fault, `at_ns` after t0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    pub kind: NemesisKind,
    pub at_ns: u64,
}

const MS: u64 = 1_000_000;

/// The faults of `cfg`, in deadline order.
pub fn schedule(cfg: &LeaseConfig) -> Vec<Planned> {
    let mut plan = Vec::new();
    let stops = cfg.stops;
    for k in 0..u64::from(stops.count) {
        let start = (u64::from(stops.first_at_ms) + k * u64::from(stops.period_ms)) * MS;
        plan.push(Planned { kind: NemesisKind::Stop, at_ns: start });
        plan.push(Planned { kind: NemesisKind::Continue, at_ns: start + u64::from(stops.duration_ms) * MS });
    }
    if let Some(outage) = cfg.outage {
        plan.push(Planned { kind: NemesisKind::RedisKill, at_ns: u64::from(outage.kill_at_ms) * MS });
        plan.push(Planned {
            kind: NemesisKind::RedisRestart { ready_ns: 0 },
            at_ns: u64::from(outage.restart_at_ms) * MS,
        });
    }
    plan.sort_by_key(|p| p.at_ns);
    plan
}

/// Runs the calling thread under `SCHED_FIFO` while the guard lives, so
/// that the nemesis wakes on its deadlines although 16 workers and the
/// servers share two cores (under the normal policy a stop was up to 7 ms
/// late). Does nothing when the policy cannot be set (not root); the
/// reported lateness then shows it.
pub struct RealtimeGuard {
    raised: bool,
}

impl RealtimeGuard {
    pub fn raise() -> RealtimeGuard {
        let param = libc::sched_param { sched_priority: 10 };
        // Children (the restarted Redis) start under the normal policy.
        let policy = libc::SCHED_FIFO | libc::SCHED_RESET_ON_FORK;
        // SAFETY: plain pthread call on the current thread with a valid param.
        let raised = unsafe { libc::pthread_setschedparam(libc::pthread_self(), policy, &param) } == 0;
        RealtimeGuard { raised }
    }

    pub fn raised(&self) -> bool {
        self.raised
    }
}

impl Drop for RealtimeGuard {
    fn drop(&mut self) {
        if self.raised {
            let param = libc::sched_param { sched_priority: 0 };
            // SAFETY: as in `raise`.
            unsafe { libc::pthread_setschedparam(libc::pthread_self(), libc::SCHED_OTHER, &param) };
        }
    }
}

/// Lateness of the SIGSTOPs (done − deadline), in µs, in schedule order.
pub fn stop_lateness_us(events: &[NemesisEvent]) -> Vec<f64> {
    events
        .iter()
        .filter(|e| e.kind == NemesisKind::Stop)
        .map(|e| e.at_ns.saturating_sub(e.deadline_ns) as f64 / 1_000.0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::Preset;

    #[test]
    fn the_article_schedules() {
        let plan = schedule(&Preset::Exp2Stop.config());
        assert_eq!(plan.len(), 70);
        assert_eq!(plan[0], Planned { kind: NemesisKind::Stop, at_ns: 1_500 * MS });
        assert_eq!(plan[69], Planned { kind: NemesisKind::Continue, at_ns: 52_900 * MS });
        let outage = schedule(&Preset::Exp5Closed.config());
        assert_eq!(outage.iter().map(|p| p.at_ns / MS).collect::<Vec<_>>(), vec![20_000, 40_000]);
        assert!(schedule(&Preset::Exp1.config()).is_empty());
    }
}
