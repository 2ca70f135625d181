//! What `lab check` says about a configuration, as data (serde JSON) and as
//! markdown: the verdict, the states explored, the depth reached, each
//! property's fate, and every distinct smallest schedule step by step.

use serde::Serialize;

use crate::explore::{Exploration, Property, Taken};
use crate::scenario::World;
use crate::words;
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

impl Verdict {
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Unsafe => words::VERDICT_UNSAFE,
            Verdict::Safe => words::VERDICT_SAFE,
            Verdict::NotWithinDepth => words::VERDICT_NOT_WITHIN,
        }
    }
}

/// One property's fate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyResult {
    pub property: Property,
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
    /// The step in Korean.
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
    /// Its preset's key and Korean name.
    pub preset: &'static str,
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
                    name: words::property(p),
                    rule: words::property_rule(p),
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
        actor: actor.map(words::thread),
        action: taken.action,
        text: words::action(&taken.action, actor, world.amount_won),
        balance_won: i64::from(s.balance) * amount,
        ledger_won: (i64::from(world.balance) - i64::from(s.debits)) * amount,
        approvals: s.debits,
        fence: s.fence,
        lock_token: s.key.map(|k| k.token),
        broken: Property::ALL.into_iter().filter(|p| p.applies(world) && p.broken(world, s)).collect(),
    }
}

/// The markdown of `reports` (one world, several configurations).
pub fn markdown(reports: &[Report]) -> String {
    let mut out = format!("# {}\n\n", words::TITLE);
    if let Some(first) = reports.first() {
        let w = &first.world;
        out += &words::world_line(w.threads, w.requests, w.balance, w.amount_won, first.depth_bound);
        if reports.iter().all(|r| !r.world.faults.stall) {
            out += " ";
            out += words::NO_STALLS;
        }
        out += "\n\n";
    }
    out += &format!(
        "| {} | {} | {} | {} | {} | {} |\n|---|---|---:|---:|---:|---|\n",
        words::HEAD_VARIANT,
        words::HEAD_VERDICT,
        words::HEAD_STATES,
        words::HEAD_DEPTH,
        words::HEAD_SMALLEST,
        words::HEAD_PROPERTIES
    );
    for r in reports {
        let broken: Vec<&str> = r.properties.iter().filter(|p| p.broken).map(|p| p.name).collect();
        out += &format!(
            "| `{}` {} | {} | {} | {} | {} | {} |\n",
            r.variant,
            r.name,
            r.verdict.words(),
            words::won(r.states as i64),
            r.depth,
            r.smallest.map_or("—".to_string(), |n| n.to_string()),
            if broken.is_empty() { "—".to_string() } else { broken.join(", ") }
        );
    }
    for r in reports {
        if r.stuck > 0 {
            out += &format!("\n`{}`: {} {}\n", r.variant, words::STUCK, r.stuck);
        }
        for s in &r.schedules {
            let breaks: Vec<&str> = s.breaks.iter().map(|p| words::property(*p)).collect();
            out += &format!(
                "\n## `{}` {}: {}, {}단계\n\n{}: {}\n\n",
                r.variant,
                r.name,
                words::SCHEDULE_HEADING,
                s.steps.len(),
                words::BREAKS,
                breaks.join(", ")
            );
            for step in &s.steps {
                out += &format!("{}. {}\n", step.n, step.text);
            }
        }
    }
    out += &format!("\n{}\n", words::ASSUMPTIONS);
    out
}
