//! Every counterexample `lab check` finds replays in `lab-sim` (issue 41):
//! the smallest schedule of each unsafe configuration, run as a script,
//! makes the simulation's own metrics show the violation the checker named,
//! a planted bug's schedule too, and the scripted run is deterministic.

#[path = "support/replay_case.rs"]
mod replay_case;

use lab_check::explore::{explore, play, Limits};
use lab_check::replay::{config, replay, replay_script, replay_smallest, script};
use lab_check::scenario::{scenario, World};
use lab_check::world::Step;
use lab_check::{check, Options, Property, Report, Verdict};

/// What the simulation counted, as `lab check` says it.
fn said(replayed: &lab_check::replay::Replayed) -> String {
    lab_words::check::report::replay_line(lab_words::Words::of(lab_words::Lang::Ko), replayed)
}
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
        // What `lab check --replay` reports is the same run and says the same.
        let replayed = replay_smallest(scenario(key).unwrap(), &r).unwrap().unwrap();
        assert_eq!(trace_hash(&replayed.trace), trace_hash(&traces[0]), "{key}");
        assert!(replayed.breaks.iter().all(|p| replayed.shows(*p)), "{key}: {}", said(&replayed));
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
        // A script carrying the planted row, given to the article's world, plays that row in both.
        let sc = script(&world, &schedules[0].1);
        let article = World::of(scenario(key).unwrap(), 3, 1);
        let r = replay_script(scenario(key).unwrap(), &article, &sc).unwrap();
        assert!(!r.breaks.is_empty() && r.breaks.iter().all(|p| r.shows(*p)), "{key}: {:?} {}", r.breaks, said(&r));
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
    // Pinned natively; the wasm test (tests/wasm.rs) runs the same script and
    // configuration in Chromium (tests/support/replay_case.rs) to the same number.
    let sc = script(world, &s);
    assert_eq!(sc, replay_case::a_script(), "the checker's smallest (a) schedule is the pinned one");
    assert_eq!(config(scenario("a").unwrap(), world), replay_case::a_config());
    assert_eq!(trace_hash(&once), replay_case::A_REPLAY_HASH, "{:#x}", trace_hash(&once));
    assert_eq!(replay_case::a_replay_hash(), replay_case::A_REPLAY_HASH);
    // The script as JSON is the checker's steps, and reads back.
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

fn lab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

#[test]
fn lab_check_replay_draws_and_writes_the_run() {
    let dir = std::env::temp_dir().join(format!("lab-check-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("a.svg");
    let out = lab(&["check", "--variant", "a", "--replay", svg.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let report = &ko.check.report;
    assert!(text.contains(&ko.fill(report.replay_lost_updates, &[("n", "1")])), "{text}");
    let drawing = std::fs::read_to_string(&svg).unwrap();
    let lanes = &ko.legend.lanes;
    let (lease, thread) = (ko.fill(lanes.lease, &[("wallet", "0")]), ko.fill(lanes.worker, &[("worker", "1")]));
    assert!(drawing.starts_with("<svg") && drawing.contains(&lease) && drawing.contains(&thread));
    assert!(drawing.contains(report.replay_title), "the drawing's title");
    // The JSON is the script the simulation reads, and its counts.
    let json = dir.join("e-c2.json");
    let out = lab(&["check", "--variant", "e-c2", "--replay", json.to_str().unwrap(), "--format", "json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!((v["stale_token_writes"].as_u64(), v["over_approval"].as_u64()), (Some(1), Some(0)), "{v}");
    let script: lab_sim::lease::Script = serde_json::from_value(v["script"].clone()).unwrap();
    assert_eq!(script.steps.len(), 17);
    // A schedule from a file: played in the checker's world and in the simulation.
    let a_json = dir.join("a.json");
    assert!(lab(&["check", "--variant", "a", "--replay", a_json.to_str().unwrap()]).status.success());
    // The counts the text said: one over-approval, one lost update.
    let a: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a_json).unwrap()).unwrap();
    assert_eq!((a["over_approval"].as_u64(), a["lost_update_pairs"].as_u64()), (Some(1), Some(1)), "{a}");
    let a_json = a_json.to_str().unwrap();
    let out = lab(&["check", "--variant", "e-open", "--script", a_json, "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["breaks"], serde_json::json!(["over_approval", "drift", "lost_update"]), "{v}");
    assert_eq!(v["over_approval"], 1);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"requests\":1,\"steps\":[{\"kind\":\"stall\"}]}").unwrap();
    // Bad input: exit 2 and a message.
    for (args, says) in [
        (&["check", "--variant", "c2", "--script", a_json][..], "step 10 cannot happen there"),
        (&["check", "--variant", "b-stop", "--script", a_json], "step 6 cannot happen there"),
        (&["check", "--variant", "a", "--script", bad.to_str().unwrap()], "step 1 cannot happen there"),
        (&["check", "--script", a_json], "one `--variant`"),
        (&["check", "--variant", "c2", "--replay", "x.svg"][..], "no counterexample"),
        (&["check", "--replay", "x.svg"], "one `--variant`"),
        (&["check", "--variant", "a", "--replay", "x.png"], ".svg or .json"),
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(says), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stale_token_writes_count_only_stale_writes() {
    // (c-2)'s random runs: many fence rejections, no stale write passes.
    let mut c2 = lab_sim::lease::Preset::Exp3C2.config();
    c2.duration_s = 5;
    let t = lab_sim::lease::run(&c2, 1, 0, TraceLevel::Holds);
    assert!(t.metrics.fencing_rejects.unwrap() > 0 && t.metrics.approvals > 0);
    assert_eq!(stale_token_writes(&t, &c2.policy()), 0);
    // The same schedule without the lock server's restart: e-c2's step 5 onward needs it.
    let r = report("e-c2");
    let s = steps(&r, 0);
    let cut = s.iter().position(|s| *s == Step::Restart).unwrap();
    let mut sc = script(&r.world, &s[..cut]);
    let t = run_scripted(&config(scenario("e-c2").unwrap(), &r.world), &sc, TraceLevel::Full).unwrap();
    assert_eq!(stale_token_writes(&t, &r.world.policy), 0, "without the restart no token repeats");
    sc.steps = s.iter().map(|&s| s.into()).collect();
    let t = run_scripted(&config(scenario("e-c2").unwrap(), &r.world), &sc, TraceLevel::Full).unwrap();
    assert_eq!(stale_token_writes(&t, &r.world.policy), 1);
}

#[test]
fn every_world_the_flags_allow_replays_its_schedules() {
    let mut replayed = 0;
    for (threads, balance, requests) in [(2, 1, 1), (2, 2, 1), (3, 2, 1), (2, 1, 2), (3, 1, 2)] {
        for key in ["a", "b-stop", "c1", "e-closed", "e-open", "e-c2"] {
            let options = Options { threads, balance, requests, ..Options::default() };
            let r = check(scenario(key).unwrap(), options, &mut |_| {});
            if r.verdict != Verdict::Unsafe {
                continue;
            }
            let schedules: Vec<_> =
                (0..r.schedules.len()).map(|k| (r.schedules[k].breaks.clone(), steps(&r, k))).collect();
            replayed += replays_show_their_violations(key, &r.world, &schedules).len();
        }
    }
    eprintln!("{replayed} schedules replayed");
    assert!(replayed >= 30, "{replayed}");
}
