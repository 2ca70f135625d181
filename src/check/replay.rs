//! A schedule the checker found, as a script the simulation runs
//! (`lab_sim::lease::script`): the checker's counterexample replayed in
//! `lab-sim`, whose own metrics then show the violation and whose trace
//! draws as the usual timeline.
//!
//! The world becomes a configuration (its preset's, with the world's
//! threads, one wallet and a balance of its charges) and the schedule a
//! [`Script`] that carries the world's row, so a planted bug's row runs too.

use lab_sim::lease::script::{run_scripted, stale_token_writes, Script, ScriptError, ScriptStep};
use lab_sim::lease::{LeaseConfig, LeaseTrace, TraceLevel};
use serde::Serialize;

use crate::explore::{play, Property};
use crate::report::Report;
use crate::scenario::{Scenario, World};
use crate::world::Step;

impl From<Step> for ScriptStep {
    fn from(step: Step) -> ScriptStep {
        match step {
            Step::Thread(i) => ScriptStep::Thread(i),
            Step::Stall => ScriptStep::Stall,
            Step::ProcessStop => ScriptStep::ProcessStop,
            Step::Kill => ScriptStep::Kill,
            Step::Restart => ScriptStep::Restart,
        }
    }
}

impl From<ScriptStep> for Step {
    fn from(step: ScriptStep) -> Step {
        match step {
            ScriptStep::Thread(i) => Step::Thread(i),
            ScriptStep::Stall => Step::Stall,
            ScriptStep::ProcessStop => Step::ProcessStop,
            ScriptStep::Kill => Step::Kill,
            ScriptStep::Restart => Step::Restart,
        }
    }
}

/// `scenario`'s configuration sized to `world`: its threads on one wallet
/// holding `world.balance` charges, in one process, with the world's fail policy.
pub fn config(scenario: &Scenario, world: &World) -> LeaseConfig {
    let base = scenario.preset.config();
    LeaseConfig {
        threads: u32::from(world.threads),
        wallets: 1,
        processes: 1,
        initial_balance_won: u32::from(world.balance) * world.amount_won,
        amount_won: world.amount_won,
        fail_policy: world.faults.outage.unwrap_or(base.fail_policy),
        ..base
    }
}

/// `steps` of `world` as a script.
pub fn script(world: &World, steps: &[Step]) -> Script {
    Script {
        requests: u32::from(world.requests),
        policy: Some(world.policy),
        steps: steps.iter().map(|&s| s.into()).collect(),
    }
}

/// Runs `steps` of `world` (checked as `scenario`) in the simulation, to the end of the drain.
pub fn replay(
    scenario: &Scenario,
    world: &World,
    steps: &[Step],
    level: TraceLevel,
) -> Result<LeaseTrace, ScriptError> {
    run_scripted(&config(scenario, world), &script(world, steps), level)
}

/// A report's smallest schedule run in the simulation, and what the
/// simulation's own metrics counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replayed {
    /// The `--variant` word.
    pub variant: &'static str,
    /// What the checker says the schedule breaks.
    pub breaks: Vec<Property>,
    pub script: Script,
    pub approvals: u64,
    pub possible_approvals: u64,
    pub over_approval: u64,
    pub drift_won: i64,
    /// `None` where the section is no read-modify-write.
    pub lost_update_pairs: Option<u64>,
    /// `None` where the section stamps no fence.
    pub stale_token_writes: Option<u64>,
    #[serde(skip)]
    pub trace: LeaseTrace,
}

impl Replayed {
    /// Whether the simulation's counts show `property` broken.
    pub fn shows(&self, property: Property) -> bool {
        match property {
            Property::OverApproval => self.over_approval > 0,
            Property::Drift => self.drift_won != 0,
            Property::LostUpdate => self.lost_update_pairs.is_some_and(|n| n > 0),
            Property::StaleToken => self.stale_token_writes.is_some_and(|n| n > 0),
        }
    }
}

/// `report`'s first smallest schedule (checked as `scenario`) run in the
/// simulation at `TraceLevel::Full`; `None` when it found none.
pub fn replay_smallest(scenario: &Scenario, report: &Report) -> Option<Result<Replayed, ScriptError>> {
    let first = report.schedules.first()?;
    let steps: Vec<Step> = first.steps.iter().map(|s| s.step).collect();
    Some(replayed(scenario, &report.world, first.breaks.clone(), script(&report.world, &steps)))
}

/// Why a script given from outside cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The checker's world cannot take this step here (its index).
    NotInWorld(usize),
    /// The simulation cannot.
    Sim(ScriptError),
    /// Payments per thread outside `scenario::REQUESTS_RANGE`.
    Requests,
}

/// A schedule from outside (a file, a reader's), played in the checker's
/// `world` first (what it breaks there) and then run in the simulation. The
/// script's own row, if it carries one, replaces the world's.
pub fn replay_script(scenario: &Scenario, world: &World, script: &Script) -> Result<Replayed, ReplayError> {
    let (lo, hi) = crate::scenario::REQUESTS_RANGE;
    let requests = u8::try_from(script.requests).ok().filter(|r| (lo..=hi).contains(r)).ok_or(ReplayError::Requests)?;
    let world = World { policy: script.policy.unwrap_or(world.policy), requests, ..*world };
    let steps: Vec<Step> = script.steps.iter().map(|&s| s.into()).collect();
    let taken = match play(&world, &steps) {
        Some(taken) => taken,
        None => {
            let index = (0..steps.len()).find(|&n| play(&world, &steps[..=n]).is_none()).unwrap_or(0);
            return Err(ReplayError::NotInWorld(index));
        }
    };
    let breaks = Property::ALL
        .into_iter()
        .filter(|p| p.applies(&world) && taken.iter().any(|t| p.broken(&world, &t.after)))
        .collect();
    let script = Script { policy: Some(world.policy), ..script.clone() };
    replayed(scenario, &world, breaks, script).map_err(ReplayError::Sim)
}

fn replayed(
    scenario: &Scenario,
    world: &World,
    breaks: Vec<Property>,
    script: Script,
) -> Result<Replayed, ScriptError> {
    run_scripted(&config(scenario, world), &script, TraceLevel::Full).map(|trace| {
        let m = &trace.metrics;
        Replayed {
            variant: scenario.key,
            breaks,
            script,
            approvals: m.approvals,
            possible_approvals: m.possible_approvals,
            over_approval: m.over_approval,
            drift_won: m.drift_won,
            lost_update_pairs: m.lost_update_pairs,
            stale_token_writes: world.policy.fenced().then(|| stale_token_writes(&trace, &world.policy)),
            trace,
        }
    })
}
