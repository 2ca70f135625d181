//! The worst-case search of Scenario B (issue 19): a seeded hill-climb over
//! the vote query keys that maximises a run's work, so the work cap
//! (`sim::vote::MAX_EVENTS`) is checked against the worst corner anyone has
//! found, not only against the presets. Run by hand:
//!
//! ```text
//! cargo run --profile ci --example worst_case -- [--iters 400] [--seed 1] [--objective events|time]
//! cargo run --profile ci --example worst_case -- --measure QUERY [--budget EVENTS]
//! ```
//!
//! `--measure` runs one query without the cap (up to `--budget` events,
//! default 50 million) and prints its events, simulated end, wall time and
//! peak memory (VmHWM), then the capped run's; it is how the before/after
//! numbers of the engine's fix were taken.
//!
//! Each candidate is a query of many keys at once, read through the real
//! parser (`params::parse_vote_query`), so it lies inside the documented
//! ranges. Its work is measured without the cap, up to a probe budget of
//! events: a run that reaches the budget is scored by the events it would
//! take over its whole horizon at the rate it reached (`projected`). The
//! search keeps a mutation (one to three keys changed) when the score does
//! not drop. (A run's events do not depend on the trace level, which only
//! changes what is recorded, so candidates are scored at summary level.) It
//! prints the worst query found, its projected events, and what the capped
//! run (the one every front end makes) costs at each level: events,
//! simulated time reached and wall time. Wall time is measured here, outside
//! the simulation, which never reads a clock.
//!
//! `--objective time` climbs instead on the wall time of the capped run at
//! full level (what the page pays per run): it finds work that is not
//! counted as events, such as a cost paid once per run that grows with a
//! key's value (it found the story's pre-history ledger, built entry by
//! entry up to `start_height`). Wall time is noisy, so that objective is for
//! finding corners, not for reporting them.

use std::time::Instant;

use consistency_lab::sim::vote::{run, run_with, Limits, TraceLevel, VoteConfig, MAX_EVENTS};
use lab_model::params::{parse_vote_query, ParamKind, ParamSpec, VOTE_PARAMS};

/// Events a candidate may run, uncapped, before it is scored by its rate.
const PROBE_EVENTS: u64 = 400_000;

/// SplitMix64: a seeded generator for the search (not the simulation's).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A random value of one key: the range's ends, a small value, or any.
fn random_value(spec: &ParamSpec, rng: &mut Rng) -> String {
    match spec.kind {
        ParamKind::Integer | ParamKind::Millis => {
            let span = spec.max.saturating_sub(spec.min);
            let value = match rng.below(4) {
                0 => spec.min,
                1 => spec.max,
                2 => spec.min + rng.below(span / 1_000 + 2).min(span),
                _ => spec.min + rng.below(span.saturating_add(1)),
            };
            value.to_string()
        }
        ParamKind::Choice(words) => words[rng.below(words.len() as u64) as usize].to_string(),
        ParamKind::Flag => (rng.below(2) == 0).to_string(),
        // Site keys, which no vote run reads.
        ParamKind::Switch => rng.below(2).to_string(),
        ParamKind::Text => String::new(),
    }
}

/// A candidate: one value per key it sets, in `VOTE_PARAMS` order.
#[derive(Clone)]
struct Candidate {
    values: Vec<Option<String>>,
}

impl Candidate {
    fn query(&self) -> String {
        let mut parts = vec!["scenario=vote".to_string()];
        for (spec, value) in VOTE_PARAMS.iter().zip(&self.values) {
            if let Some(v) = value {
                parts.push(format!("{}={}", spec.name, v));
            }
        }
        parts.join("&")
    }

    fn random(rng: &mut Rng) -> Candidate {
        let values = VOTE_PARAMS.iter().map(|spec| (rng.below(2) == 0).then(|| random_value(spec, rng))).collect();
        Candidate { values }
    }

    /// Changes one to three keys: unset, a random value, or (integers) a
    /// tenth or ten times the current value, clamped to the range.
    fn mutate(&self, rng: &mut Rng) -> Candidate {
        let mut next = self.clone();
        for _ in 0..1 + rng.below(3) {
            let k = rng.below(VOTE_PARAMS.len() as u64) as usize;
            let spec = &VOTE_PARAMS[k];
            let current = next.values[k].as_deref().unwrap_or(spec.default).parse::<u64>().ok();
            next.values[k] = match (rng.below(4), current) {
                (0, _) => None,
                (1, Some(v)) if matches!(spec.kind, ParamKind::Integer) => {
                    let scaled = if rng.below(2) == 0 { v / 10 } else { v.saturating_mul(10) };
                    Some(scaled.clamp(spec.min, spec.max).to_string())
                }
                _ => Some(random_value(spec, rng)),
            };
        }
        next
    }
}

/// The work of a run: its events, or, when the probe budget stopped it,
/// those plus the rest of its horizon at the rate of the probe's second
/// half (a story can be quiet for seconds, then finalize a height every few
/// microseconds after a restart: the late rate is the one that lasts).
fn projected_events(config: &VoteConfig) -> u64 {
    let probe = run_with(config, TraceLevel::Summary, Limits::capped(PROBE_EVENTS));
    let Some(end) = probe.capped else { return probe.stats.events_processed };
    let half = run_with(config, TraceLevel::Summary, Limits::capped(PROBE_EVENTS / 2));
    let half_at_us = half.capped.map_or(end.at_us, |c| c.at_us);
    let late_rate = (PROBE_EVENTS / 2) as f64 / end.at_us.saturating_sub(half_at_us).max(1) as f64;
    PROBE_EVENTS + (late_rate * end.horizon_us.saturating_sub(end.at_us) as f64) as u64
}

struct Scored {
    candidate: Candidate,
    projected: u64,
    /// Wall time of the capped run at full level, when the objective is time.
    capped_ms: f64,
}

#[derive(Clone, Copy, PartialEq)]
enum Objective {
    Events,
    Time,
}

impl Scored {
    fn key(&self, objective: Objective) -> f64 {
        match objective {
            Objective::Events => self.projected as f64,
            Objective::Time => self.capped_ms,
        }
    }
}

/// Scores a candidate; `None` when the parser has notices for it (a key it
/// ignores, such as `crash_at_ms` under `crash=after_events`): only queries
/// the parser takes whole are kept, so the worst query reads as it runs.
fn score(candidate: Candidate, objective: Objective) -> Option<Scored> {
    let parsed = parse_vote_query(&candidate.query());
    if !parsed.notices.is_empty() {
        return None;
    }
    let capped_ms = if objective == Objective::Time {
        let started = Instant::now();
        let _ = run(&parsed.value, TraceLevel::Full);
        started.elapsed().as_secs_f64() * 1e3
    } else {
        0.0
    };
    Some(Scored { projected: projected_events(&parsed.value), capped_ms, candidate })
}

/// Peak resident memory of this process so far, in kB (Linux; 0 elsewhere).
fn peak_rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn measure(query: &str, budget: u64) {
    let parsed = parse_vote_query(query);
    for notice in &parsed.notices {
        eprintln!("notice: {notice:?}");
    }
    for (what, cap) in [("uncapped", budget), ("capped", MAX_EVENTS)] {
        let started = Instant::now();
        let trace = run_with(&parsed.value, TraceLevel::Summary, Limits::capped(cap));
        let wall = started.elapsed();
        println!(
            "{what}: {} events, simulated end {} µs{}, {:.3} s wall, peak RSS so far {} kB",
            trace.stats.events_processed,
            trace.end_us,
            if trace.capped.is_some() { " (stopped by the budget)" } else { "" },
            wall.as_secs_f64(),
            peak_rss_kb()
        );
    }
}

fn main() {
    let mut iters = 400u32;
    let mut seed = 1u64;
    let mut objective = Objective::Events;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        match pair[0].as_str() {
            "--iters" => iters = value.parse().expect("--iters N"),
            "--seed" => seed = value.parse().expect("--seed N"),
            "--measure" => {
                let budget = match args.get(2).map(String::as_str) {
                    Some("--budget") => args.get(3).and_then(|b| b.parse().ok()).expect("--budget EVENTS"),
                    _ => 50_000_000,
                };
                measure(value, budget);
                return;
            }
            "--objective" => {
                objective = match value {
                    "events" => Objective::Events,
                    "time" => Objective::Time,
                    _ => panic!("--objective events|time"),
                }
            }
            other => panic!("unknown flag {other}; flags: --iters N --seed N --objective events|time"),
        }
    }
    let mut rng = Rng(seed);
    // Start from the best of a few random corners and the defaults.
    let mut best = score(Candidate { values: vec![None; VOTE_PARAMS.len()] }, objective).expect("the defaults parse");
    for _ in 0..16 {
        let Some(s) = score(Candidate::random(&mut rng), objective) else { continue };
        if s.key(objective) > best.key(objective) {
            best = s;
        }
    }
    for i in 0..iters {
        // Mostly small steps from the best; now and then a fresh corner, kept only if it is worse still.
        let candidate = if rng.below(20) == 0 { Candidate::random(&mut rng) } else { best.candidate.mutate(&mut rng) };
        let Some(s) = score(candidate, objective) else { continue };
        if s.key(objective) >= best.key(objective) {
            if s.key(objective) > best.key(objective) {
                eprintln!("iteration {i}: {} events projected, {:.1} ms capped", s.projected, s.capped_ms);
            }
            best = s;
        }
    }
    let query = best.candidate.query();
    let config = parse_vote_query(&query).value;
    println!("worst query: {query}");
    println!("projected events over the horizon, uncapped: {}", best.projected);
    for level in [TraceLevel::Summary, TraceLevel::Spans, TraceLevel::Full] {
        let started = Instant::now();
        let capped = run(&config, level);
        let wall = started.elapsed();
        println!(
            "capped run ({level:?}): {} events (cap {MAX_EVENTS}), stopped at {:?} µs of {} µs, {:.1} ms wall",
            capped.stats.events_processed,
            capped.capped.map(|c| c.at_us),
            u64::from(config.horizon_ms) * 1_000,
            wall.as_secs_f64() * 1e3
        );
    }
}
