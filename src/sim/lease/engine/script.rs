//! The scripted event loop (`lease::script`): every worker is held at its
//! next step (its lock command's or SQL statement's arrival at the server,
//! or the compute after its read) until the script names it; the rest of
//! the run goes on in simulated time.

use super::{Engine, Ev, Phase, RunRecord};
use crate::core::SimTime;
use crate::lease::config::LeaseConfig;
use crate::lease::lock_server::ServerStatus;
use crate::lease::policy::PauseAt;
use crate::lease::script::{Script, ScriptError, ScriptErrorReason, ScriptStep};
use crate::lease::trace::TraceLevel;

/// The longest time between two steps of a script.
const MAX_STEP_GAP_US: SimTime = 10 * crate::core::US_PER_MS;

/// Runs `cfg` (already `script::scripted_config`) as `script` orders its steps, then drains.
pub fn simulate_scripted(cfg: &LeaseConfig, script: &Script, level: TraceLevel) -> Result<RunRecord, ScriptError> {
    let mut e = Engine::new(cfg, 0, 0, level);
    e.scripted = true;
    if let Some(policy) = script.policy {
        e.policy = policy;
    }
    e.max_requests = script.requests;
    e.deadline_us = SimTime::MAX;
    for w in 0..e.workers.len() {
        e.start_request(w);
    }
    let mut gates: Vec<Option<Ev>> = vec![None; e.workers.len()];
    // Steps lie `gap_us` apart, so that a drawing of the run shows each one;
    // all of them together take at most half a TTL, so no lease lapses
    // between them unless the script says so.
    let gap_us = (e.ttl_us / (2 * (script.steps.len() as SimTime + 1))).min(MAX_STEP_GAP_US);
    // No step is taken before this simulated time (a stall or a stop lasting its lease).
    let mut hold_until: SimTime = 0;
    for (index, &step) in script.steps.iter().enumerate() {
        e.run_until_waiting(&mut gates, hold_until);
        let fail = |reason| ScriptError { index, step, reason };
        let now_us = e.q.now_us();
        match step {
            ScriptStep::Thread(i) => {
                let ev = gates.get_mut(usize::from(i)).and_then(Option::take);
                let ev = ev.ok_or(fail(ScriptErrorReason::NotWaiting))?;
                if e.handle(ev) {
                    e.last_at = e.q.now();
                }
            }
            ScriptStep::Stall | ScriptStep::ProcessStop => {
                let holder = e.lease_holder(now_us).ok_or(fail(ScriptErrorReason::NoLease))?;
                hold_until = now_us + e.ttl_us + 1;
                if step == ScriptStep::ProcessStop {
                    let process = e.workers[holder].process;
                    e.q.schedule_at(now_us, Ev::ProcessStop { process });
                    e.q.schedule_at(hold_until, Ev::ProcessResume { process });
                }
                e.q.schedule_at(hold_until, Ev::ScriptWake);
            }
            ScriptStep::Kill | ScriptStep::Restart => {
                let up = e.server.status == ServerStatus::Up;
                if up != (step == ScriptStep::Kill) {
                    return Err(fail(ScriptErrorReason::ServerState));
                }
                e.handle(if up { Ev::LockServerKill } else { Ev::LockServerRestart });
                e.last_at = e.q.now();
            }
        }
        let next_us = e.q.now_us() + gap_us;
        if next_us > hold_until {
            hold_until = next_us;
            e.q.schedule_at(hold_until, Ev::ScriptWake);
        }
    }
    // The script is over: the held steps go in worker order, and the run drains as the engine would.
    e.run_until_waiting(&mut gates, hold_until);
    let now_us = e.q.now_us();
    for ev in gates.iter_mut().filter_map(Option::take) {
        e.q.schedule_at(now_us, ev);
    }
    while let Some((at, ev)) = e.q.pop() {
        e.dispatch(at, ev);
    }
    Ok(e.finish())
}

impl Engine<'_> {
    /// The worker whose step this event is, if it is one a script orders.
    fn scripted_step_of(&self, ev: &Ev) -> Option<usize> {
        match *ev {
            Ev::LockArrive { client, .. } if !client.is_watchdog() => Some(client.worker() as usize),
            Ev::DbArrive { worker } => Some(worker as usize),
            Ev::WorkerWake { worker }
                if self.workers[worker as usize].phase == Phase::Pausing
                    && self.policy.pause_at == PauseAt::AfterRead =>
            {
                Some(worker as usize)
            }
            _ => None,
        }
    }

    /// Runs events, holding each worker's next step in `gates`, until every
    /// worker waits at one or is done and the clock has reached `hold_until`
    /// (or nothing is left to run).
    fn run_until_waiting(&mut self, gates: &mut [Option<Ev>], hold_until: SimTime) {
        loop {
            let waiting = self.q.now_us() >= hold_until
                && self.workers.iter().zip(gates.iter()).all(|(w, g)| g.is_some() || w.phase == Phase::Done);
            if waiting {
                return;
            }
            let Some((at, ev)) = self.q.pop() else { return };
            match self.scripted_step_of(&ev) {
                Some(w) => {
                    debug_assert!(gates[w].is_none(), "a worker has one step outstanding");
                    gates[w] = Some(ev);
                }
                None => {
                    self.dispatch(at, ev);
                }
            }
        }
    }

    /// The worker in its section whose lease the server still holds at `now_us`.
    fn lease_holder(&self, now_us: SimTime) -> Option<usize> {
        if self.server.status != ServerStatus::Up {
            return None;
        }
        self.server.expiry_us(0).filter(|&t| t > now_us)?;
        let token = self.server.counter(0);
        self.workers.iter().position(|w| w.phase != Phase::Done && w.hold != super::NO_HOLD && w.token == Some(token))
    }
}
