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

use crate::explore::Property;
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
    /// What the simulation counted, in Korean.
    pub fn line(&self) -> String {
        crate::words::replay_line(
            (self.approvals, self.possible_approvals),
            self.over_approval,
            self.drift_won,
            self.lost_update_pairs,
            self.stale_token_writes,
        )
    }

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
    let world = &report.world;
    Some(replay(scenario, world, &steps, TraceLevel::Full).map(|trace| {
        let m = &trace.metrics;
        Replayed {
            variant: report.variant,
            breaks: first.breaks.clone(),
            script: script(world, &steps),
            approvals: m.approvals,
            possible_approvals: m.possible_approvals,
            over_approval: m.over_approval,
            drift_won: m.drift_won,
            lost_update_pairs: m.lost_update_pairs,
            stale_token_writes: world.policy.fenced().then(|| stale_token_writes(&trace, &world.policy)),
            trace,
        }
    }))
}
