//! Every counterexample `lab check` finds replays in `lab-sim` (issue 41):
//! the smallest schedule of each unsafe configuration, run as a script,
//! makes the simulation's own metrics show the violation the checker named,
//! a planted bug's schedule too, and the scripted run is deterministic.

use lab_check::explore::{explore, play, Limits};
use lab_check::replay::{config, replay, script};
use lab_check::scenario::{scenario, World};
use lab_check::world::Step;
use lab_check::{check, Options, Property, Report, Verdict};
use lab_sim::lease::policy::{Update, WriteFence};
use lab_sim::lease::script::{run_scripted, stale_token_writes, ScriptErrorReason, ScriptStep};
use lab_sim::lease::{trace_hash, LeaseTrace, Outcome, TraceLevel};

fn report(key: &str) -> Report {
    check(scenario(key).unwrap(), Options::default(), &mut |_| {})
}

fn steps(r: &Report, k: usize) -> Vec<Step> {
    r.schedules[k].steps.iter().map(|s| s.step).collect()
}

/// Whether the simulation's own counts show `property` broken.
fn sim_shows(world: &World, trace: &LeaseTrace, property: Property) -> bool {
    let m = &trace.metrics;
    match property {
        Property::OverApproval => m.over_approval > 0,
        Property::Drift => m.drift_won != 0,
        Property::LostUpdate => m.lost_update_pairs.is_some_and(|n| n > 0),
        Property::StaleToken => stale_token_writes(trace, &world.policy) > 0,
    }
}

/// Replays every smallest schedule of `world` (checked as `key`) and checks
/// that the simulation shows what each breaks, with at least the approvals
/// the checker's last state has; returns the replays.
fn replays_show_their_violations(
    key: &str,
    world: &World,
    schedules: &[(Vec<Property>, Vec<Step>)],
) -> Vec<LeaseTrace> {
    assert!(!schedules.is_empty(), "{key}: a counterexample");
    let mut traces = Vec::new();
    for (breaks, steps) in schedules {
        let taken = play(world, steps).expect("the checker's schedule plays in the checker");
        let last = taken.last().unwrap().after;
        let t = replay(scenario(key).unwrap(), world, steps, TraceLevel::Full).expect("the schedule replays");
        for p in breaks {
            assert!(sim_shows(world, &t, *p), "{key}: the simulation does not show {p:?} ({:?})", t.metrics);
        }
        assert!(t.metrics.approvals >= u64::from(last.debits), "{key}: approvals");
        let tokens = taken.iter().filter(|s| matches!(s.action, lab_check::world::Action::Acquire { .. })).count();
        // One hold per grant of the schedule, and those the drain after it adds.
        assert!(t.holds.iter().filter(|h| h.token.is_some()).count() >= tokens, "{key}: a hold per grant");
        assert!(t.holds.iter().take(tokens).all(|h| h.token.is_some() || h.lockless), "{key}");
        traces.push(t);
    }
    traces
}

#[test]
fn every_smallest_schedule_replays_to_its_violation() {
    for key in ["a", "b-stop", "c1", "e-closed", "e-open", "e-c2"] {
        let r = report(key);
        assert_eq!(r.verdict, Verdict::Unsafe, "{key}");
        let schedules: Vec<_> = (0..r.schedules.len()).map(|k| (r.schedules[k].breaks.clone(), steps(&r, k))).collect();
        let traces = replays_show_their_violations(key, &r.world, &schedules);
        let m = &traces[0].metrics;
        eprintln!(
            "{key}: {} steps, breaks {:?}; sim: approvals {}/{}, over-approval {}, drift {} won, lost-update pairs {:?}, stale-token writes {}, fence rejects {:?}",
            schedules[0].1.len(),
            schedules[0].0,
            m.approvals,
            m.possible_approvals,
            m.over_approval,
            m.drift_won,
            m.lost_update_pairs,
            stale_token_writes(&traces[0], &r.world.policy),
            m.fencing_rejects,
        );
    }
}

#[test]
fn planted_bugs_replay_too() {
    let limits = Limits { depth: 200, symmetry: true };
    let mut c2 = World::of(scenario("c2").unwrap(), 3, 1);
    c2.policy.write_fence = WriteFence::None;
    let mut d = World::of(scenario("d").unwrap(), 3, 1);
    d.policy.update = Update::Decrement;
    for (key, world) in [("c2", c2), ("d", d)] {
        let e = explore(&world, limits, &mut |_| {});
        let schedules: Vec<_> =
            e.violations.iter().map(|v| (vec![v.property], v.schedule.iter().map(|t| t.step).collect())).collect();
        let traces = replays_show_their_violations(key, &world, &schedules);
        // The row the script carries is the one that ran: (d)'s UPDATE approved past the balance.
        if key == "d" {
            assert!(traces.iter().all(|t| t.metrics.over_approval > 0));
        }
    }
}

#[test]
fn a_script_is_deterministic_and_checked() {
    let r = report("a");
    let s = steps(&r, 0);
    let world = &r.world;
    let once = replay(scenario("a").unwrap(), world, &s, TraceLevel::Full).unwrap();
    let again = replay(scenario("a").unwrap(), world, &s, TraceLevel::Full).unwrap();
    assert_eq!(trace_hash(&once), trace_hash(&again));
    // Pinned natively; the wasm test (tests/wasm.rs) pins the same number in Chromium.
    assert_eq!(trace_hash(&once), A_REPLAY_HASH, "{:#x}", trace_hash(&once));
    // The script as JSON is the checker's steps, and reads back.
    let sc = script(world, &s);
    let json = serde_json::to_string(&sc).unwrap();
    assert!(json.contains(r#"{"kind":"thread","thread":0}"#) && json.contains(r#"{"kind":"stall"}"#), "{json}");
    assert_eq!(serde_json::from_str::<lab_sim::lease::Script>(&json).unwrap(), sc);
    // A step no worker can take is refused with its place.
    let cfg = config(scenario("a").unwrap(), world);
    let mut bad = sc.clone();
    bad.steps.insert(0, ScriptStep::Stall);
    let err = run_scripted(&cfg, &bad, TraceLevel::Summary).unwrap_err();
    assert_eq!((err.index, err.reason), (0, ScriptErrorReason::NoLease));
    let mut bad = sc.clone();
    bad.steps.insert(1, ScriptStep::Thread(7));
    assert_eq!(run_scripted(&cfg, &bad, TraceLevel::Summary).unwrap_err().reason, ScriptErrorReason::NotWaiting);
    // An empty script runs the world in the engine's own order: one approval, no violation.
    let mut empty = sc;
    empty.steps.clear();
    let t = run_scripted(&cfg, &empty, TraceLevel::Full).unwrap();
    assert_eq!((t.metrics.approvals, t.metrics.over_approval, t.metrics.drift_won), (1, 0, 0));
    assert_eq!(t.holds.iter().filter(|h| h.outcome == Outcome::Approved).count(), 1);
}

const A_REPLAY_HASH: u64 = 0x1d2c_aff1_290e_a0f0;
