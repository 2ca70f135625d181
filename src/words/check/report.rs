//! `lab check`'s report in words: the Markdown of a world's reports (the
//! table, then each smallest schedule step by step), the replay's line and
//! what a script breaks. The checker gives the reports as data
//! (`lab_check::Report`, `lab_check::replay::Replayed`); this module says them.

use lab_check::explore::Property;
use lab_check::replay::Replayed;
use lab_check::{Report, Verdict};

use super::{action, number, property};
use crate::Words;

/// The verdict's words.
pub fn verdict(w: &Words, v: Verdict) -> &'static str {
    let r = &w.check.report;
    match v {
        Verdict::Unsafe => r.verdict_unsafe,
        Verdict::Safe => r.verdict_safe,
        Verdict::NotWithinDepth => r.verdict_not_within,
    }
}

/// A report's configuration's name: its preset's (the catalogue domain's).
pub fn config_name(w: &Words, report: &Report) -> &'static str {
    lab_sim::lease::Preset::ALL
        .into_iter()
        .find(|p| p.key() == report.preset)
        .map_or(report.name, |p| crate::catalogue::preset_name(w, p))
}

/// Properties' names, joined.
pub fn properties(w: &Words, ps: &[Property]) -> String {
    ps.iter().map(|&p| property(w, p)).collect::<Vec<_>>().join(", ")
}

/// The sentence of each step of `report`'s schedules, in order (the
/// schedules' `StepReport`s carry the facts).
pub fn step_text(w: &Words, report: &Report, step: &lab_check::report::StepReport) -> String {
    let actor = match step.step {
        lab_check::world::Step::Thread(t) => Some(t),
        _ => None,
    };
    action(w, &step.action, actor, report.world.amount_won)
}

/// The Markdown of `reports` (one world, several configurations).
pub fn markdown(w: &Words, reports: &[Report]) -> String {
    let r = &w.check.report;
    let mut out = format!("# {}\n\n", r.title);
    if let Some(first) = reports.first() {
        let world = &first.world;
        out += &w.fill(
            r.world_line,
            &[
                ("amount", &number(i64::from(world.amount_won))),
                ("balance", &world.balance.to_string()),
                ("threads", &world.threads.to_string()),
                ("requests", &world.requests.to_string()),
                ("depth", &first.depth_bound.to_string()),
            ],
        );
        if reports.iter().all(|r| !r.world.faults.stall) {
            out += " ";
            out += r.no_stalls;
        }
        out += "\n\n";
    }
    out += &format!(
        "| {} | {} | {} | {} | {} | {} |\n|---|---|---:|---:|---:|---|\n",
        r.head_variant, r.head_verdict, r.head_states, r.head_depth, r.head_smallest, r.head_properties
    );
    for report in reports {
        let broken: Vec<Property> = report.properties.iter().filter(|p| p.broken).map(|p| p.property).collect();
        out += &format!(
            "| `{}` {} | {} | {} | {} | {} | {} |\n",
            report.variant,
            config_name(w, report),
            verdict(w, report.verdict),
            number(report.states as i64),
            report.depth,
            report.smallest.map_or("—".to_string(), |n| n.to_string()),
            if broken.is_empty() { "—".to_string() } else { properties(w, &broken) }
        );
    }
    for report in reports {
        if report.stuck > 0 {
            out += &format!("\n`{}`: {} {}\n", report.variant, r.stuck, report.stuck);
        }
        for s in &report.schedules {
            out += &format!(
                "\n## `{}` {}: {}\n\n{}\n\n",
                report.variant,
                config_name(w, report),
                w.fill(r.schedule_heading, &[("steps", &s.steps.len().to_string())]),
                w.fill(r.breaks, &[("properties", &properties(w, &s.breaks))]),
            );
            for step in &s.steps {
                out += &format!("{}. {}\n", step.n, step_text(w, report, step));
            }
        }
    }
    out += &format!("\n{}\n", r.assumptions);
    out
}

/// What the simulation counted when it ran a schedule.
pub fn replay_line(w: &Words, replayed: &Replayed) -> String {
    let r = &w.check.report;
    let mut out = w.fill(
        r.replay_counts,
        &[
            ("approvals", &replayed.approvals.to_string()),
            ("possible", &replayed.possible_approvals.to_string()),
            ("over", &replayed.over_approval.to_string()),
            ("drift", &number(replayed.drift_won)),
        ],
    );
    if let Some(n) = replayed.lost_update_pairs {
        out += &w.fill(r.replay_lost_updates, &[("n", &n.to_string())]);
    }
    if let Some(n) = replayed.stale_token_writes {
        out += &w.fill(r.replay_stale_writes, &[("n", &n.to_string())]);
    }
    out + r.replay_end
}

/// `lab check --replay`'s section: the heading, what the simulation counted, where the run went.
pub fn replay_section(w: &Words, replayed: &Replayed, path: &str) -> String {
    let r = &w.check.report;
    format!(
        "\n## {}\n\n{}\n{}\n",
        r.replay_heading,
        replay_line(w, replayed),
        w.fill(r.replay_written, &[("path", path)])
    )
}

/// `lab check --script`'s answer: what the checker says the schedule breaks, and what the simulation counted.
pub fn script_section(w: &Words, replayed: &Replayed, path: &str) -> String {
    let r = &w.check.report;
    let breaks =
        if replayed.breaks.is_empty() { r.nothing_broken.to_string() } else { properties(w, &replayed.breaks) };
    format!(
        "## {} ({path})\n\n{}\n{}\n",
        r.script_heading,
        w.fill(r.script_breaks, &[("properties", &breaks)]),
        replay_line(w, replayed)
    )
}

/// The replay drawing's title.
pub fn replay_title(w: &Words, name: &str) -> String {
    format!("{name}: {}", w.check.report.replay_title)
}

/// `reports` with the text fields their JSON carries beside the facts filled
/// in `w`'s words: the configuration's name, each property's name and rule,
/// each step's sentence.
pub fn word(w: &Words, reports: &mut [Report]) {
    for report in reports {
        report.name = config_name(w, report);
        for p in &mut report.properties {
            p.name = property(w, p.property);
            p.rule = super::property_rule(w, p.property);
        }
        let amount = report.world.amount_won;
        for schedule in &mut report.schedules {
            for step in &mut schedule.steps {
                let actor = match step.step {
                    lab_check::world::Step::Thread(t) => Some(t),
                    _ => None,
                };
                step.text = action(w, &step.action, actor, amount);
            }
        }
    }
}
