//! What `lab check` finds about a configuration, as data (serde JSON): the
//! verdict, the states explored, the depth reached, each property's fate,
//! and every distinct smallest schedule step by step. The words (the
//! Markdown report, each step's sentence, the properties' names) are the
//! words layer's (`lab_words::check::report`), which also fills the few
//! text fields the JSON carries beside the facts.

use serde::Serialize;

use crate::explore::{Exploration, Property, Taken};
use crate::scenario::World;
use crate::world::{Action, Step};

/// The verdict on one configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A schedule breaks a property.
    Unsafe,
    /// Every reachable state was explored and none breaks a property.
    Safe,
    /// None broke a property within the depth bound, which cut the world off.
    NotWithinDepth,
}

/// One property's fate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyResult {
    pub property: Property,
    /// Its name and rule in words: empty as the checker gives it, filled by the words layer.
    pub name: &'static str,
    pub rule: &'static str,
    pub applies: bool,
    pub broken: bool,
    /// Steps of its smallest breaking schedule.
    pub smallest: Option<usize>,
}

/// One step of a schedule, with the state after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepReport {
    /// 1-based.
    pub n: usize,
    pub step: Step,
    /// The thread that took it ("T1"), for a thread's step.
    pub actor: Option<String>,
    pub action: Action,
    /// The step in words: empty as the checker gives it, filled by the words layer.
    pub text: String,
    /// The wallet row's committed balance (the snapshot), in won.
    pub balance_won: i64,
    /// The balance the ledger gives, in won.
    pub ledger_won: i64,
    pub approvals: u8,
    /// `lock_fence.token`.
    pub fence: u8,
    /// The token `lock:w` holds, if any.
    pub lock_token: Option<u8>,
    /// The properties the state after this step breaks.
    pub broken: Vec<Property>,
}

/// A smallest schedule, and the properties it is the smallest for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScheduleReport {
    pub breaks: Vec<Property>,
    pub steps: Vec<StepReport>,
}

/// Everything `lab check` says about one configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The `--variant` word.
    pub variant: &'static str,
    /// Its preset's key.
    pub preset: &'static str,
    /// Its configuration's name in words: empty as the checker gives it,
    /// filled by the words layer (the catalogue's preset name).
    pub name: &'static str,
    pub world: World,
    pub depth_bound: u32,
    pub symmetry: bool,
    pub verdict: Verdict,
    pub states: u64,
    pub transitions: u64,
    pub depth: u32,
    pub complete: bool,
    /// States where a thread can never finish (0 in every article world).
    pub stuck: u64,
    pub properties: Vec<PropertyResult>,
    /// Steps of the smallest schedule that breaks anything.
    pub smallest: Option<usize>,
    /// Each distinct smallest schedule once, shortest first.
    pub schedules: Vec<ScheduleReport>,
}

impl Report {
    /// The report of `exploration` of `world`.
    pub fn new(
        (variant, preset, name): (&'static str, &'static str, &'static str),
        world: &World,
        depth_bound: u32,
        symmetry: bool,
        exploration: &Exploration,
    ) -> Report {
        let e = exploration;
        let properties = Property::ALL
            .into_iter()
            .map(|p| {
                let found = e.violations.iter().find(|v| v.property == p);
                PropertyResult {
                    property: p,
                    name: "",
                    rule: "",
                    applies: p.applies(world),
                    broken: found.is_some(),
                    smallest: found.map(|v| v.schedule.len()),
                }
            })
            .collect();
        let mut schedules: Vec<ScheduleReport> = Vec::new();
        let mut violations: Vec<_> = e.violations.iter().collect();
        violations.sort_by_key(|v| (v.schedule.len(), v.property));
        for v in violations {
            let steps: Vec<Step> = v.schedule.iter().map(|t| t.step).collect();
            match schedules.iter_mut().find(|s| s.steps.iter().map(|r| r.step).eq(steps.iter().copied())) {
                Some(same) => same.breaks.push(v.property),
                None => schedules.push(ScheduleReport {
                    breaks: vec![v.property],
                    steps: v.schedule.iter().enumerate().map(|(i, t)| step_report(world, i, t)).collect(),
                }),
            }
        }
        let verdict = if !e.violations.is_empty() {
            Verdict::Unsafe
        } else if e.complete {
            Verdict::Safe
        } else {
            Verdict::NotWithinDepth
        };
        Report {
            variant,
            preset,
            name,
            world: *world,
            depth_bound,
            symmetry,
            verdict,
            states: e.states,
            transitions: e.transitions,
            depth: e.depth,
            complete: e.complete,
            stuck: e.stuck,
            properties,
            smallest: schedules.first().map(|s| s.steps.len()),
            schedules,
        }
    }
}

fn step_report(world: &World, i: usize, taken: &Taken) -> StepReport {
    let actor = match taken.step {
        Step::Thread(t) => Some(t),
        _ => None,
    };
    let s = &taken.after;
    let amount = i64::from(world.amount_won);
    StepReport {
        n: i + 1,
        step: taken.step,
        actor: actor.map(|t| format!("T{}", t + 1)),
        action: taken.action,
        text: String::new(),
        balance_won: i64::from(s.balance) * amount,
        ledger_won: (i64::from(world.balance) - i64::from(s.debits)) * amount,
        approvals: s.debits,
        fence: s.fence,
        lock_token: s.key.map(|k| k.token),
        broken: Property::ALL.into_iter().filter(|p| p.applies(world) && p.broken(world, s)).collect(),
    }
}
