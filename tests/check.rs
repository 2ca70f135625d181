//! `lab check` and the `lab-check` crate: pinned state counts per
//! configuration (as Stateright's examples pin theirs), the verdicts and
//! what each breaks, planted bugs found, and the command line's output and
//! exit statuses.

use std::process::{Command, Output};

use lab_check::explore::{explore, play, Limits};
use lab_check::scenario::{scenario, World, SCENARIOS};
use lab_check::world::Step;
use lab_check::{check, Options, Property, Report, Verdict};
use lab_sim::lease::policy::{Update, WriteFence};
use lab_sim::lease::Preset;

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

fn report(key: &str, options: Options) -> Report {
    check(scenario(key).unwrap(), options, &mut |_| {})
}

fn broken(r: &Report) -> Vec<Property> {
    r.properties.iter().filter(|p| p.broken).map(|p| p.property).collect()
}

const MONEY: [Property; 3] = [Property::OverApproval, Property::Drift, Property::LostUpdate];

/// Variant, states, depth reached, smallest schedule: the default world
/// (3 threads sending one payment each, a balance of one), threads' order ignored.
const PINNED: [(&str, u64, u32, Option<usize>); 10] = [
    ("a", 900, 23, Some(13)),
    ("b", 16, 15, None),
    ("b-stop", 900, 23, Some(13)),
    ("c1", 1_139, 26, Some(15)),
    ("c2", 892, 23, None),
    ("d", 8, 7, None),
    ("e-closed", 4_783, 25, Some(13)),
    ("e-open", 7_266, 25, Some(13)),
    ("e-c2", 4_522, 25, Some(17)),
    ("e-control", 24, 9, None),
];

/// The same with each thread sending two payments, one after the other.
const PINNED_TWO_EACH: [(&str, u64); 10] = [
    ("a", 6_405),
    ("b", 49),
    ("b-stop", 6_405),
    ("c1", 8_825),
    ("c2", 10_890),
    ("d", 23),
    ("e-closed", 69_889),
    ("e-open", 84_286),
    ("e-c2", 93_357),
    ("e-control", 69),
];

#[test]
fn state_counts_are_pinned() {
    assert_eq!(PINNED.map(|p| p.0), SCENARIOS.map(|s| s.key));
    for (key, states, depth, smallest) in PINNED {
        let r = report(key, Options::default());
        assert_eq!((r.states, r.depth, r.smallest), (states, depth, smallest), "{key}");
        assert!(r.complete && r.stuck == 0, "{key}");
    }
    for (key, states) in PINNED_TWO_EACH {
        let r = report(key, Options { requests: 2, ..Options::default() });
        assert_eq!(r.states, states, "{key}, two payments each");
        assert_eq!(r.verdict, report(key, Options::default()).verdict, "{key}: two payments each change the verdict");
    }
}

#[test]
fn verdicts_follow_the_article_and_say_what_breaks() {
    for threads in [2, 3] {
        for balance in [1, 2] {
            let options = Options { threads, balance, ..Options::default() };
            // (a), (b′), (c-1) and the outages on (a)'s path lose money; (b), (c-2), (d) do not.
            for key in ["a", "b-stop", "c1", "e-closed", "e-open"] {
                let r = report(key, options);
                assert_eq!(r.verdict, Verdict::Unsafe, "{key} {threads}/{balance}");
                let b = broken(&r);
                assert!(b.contains(&Property::Drift) && b.contains(&Property::LostUpdate), "{key}: {b:?}");
                assert_eq!(b.contains(&Property::OverApproval), balance < threads, "{key} {threads}/{balance}");
            }
            for key in ["b", "c2", "d", "e-control"] {
                assert_eq!(report(key, options).verdict, Verdict::Safe, "{key} {threads}/{balance}");
            }
        }
    }
    // (c-1) keeps the textbook fencing property (no write passes after a
    // newer token's) and still loses money: its fence stops only a late
    // writer, and here the old holder writes first.
    let c1 = report("c1", Options::default());
    let stale = c1.properties.iter().find(|p| p.property == Property::StaleToken).unwrap();
    assert!(stale.applies && !stale.broken);
    // Across the lock server's restart, (c-2) keeps the money but not the
    // tokens' order: a holder from before the restart stamps a larger token
    // over the new holder's, and its write passes (three threads needed).
    let e_c2 = report("e-c2", Options::default());
    assert_eq!(broken(&e_c2), [Property::StaleToken]);
    assert_eq!(report("e-c2", Options { threads: 2, ..Options::default() }).verdict, Verdict::Safe);
    let steps = &e_c2.schedules[0].steps;
    assert!(steps.iter().any(|s| s.step == Step::Kill) && steps.iter().any(|s| s.step == Step::Restart));
    // With no stall outlasting a lease, a lock alone is enough, fenced or
    // not; a process stop and the lock server's death still end leases
    // early: fail-closed loses money through the empty restart alone.
    let no_stalls = Options { stalls: Some(false), ..Options::default() };
    for (key, verdict) in [
        ("a", Verdict::Safe),
        ("c1", Verdict::Safe),
        ("c2", Verdict::Safe),
        ("b-stop", Verdict::Unsafe),
        ("e-closed", Verdict::Unsafe),
        ("e-open", Verdict::Unsafe),
        ("e-c2", Verdict::Safe),
    ] {
        let r = report(key, no_stalls);
        assert_eq!(r.verdict, verdict, "{key} without stalls");
        assert!(r.schedules.iter().flat_map(|s| &s.steps).all(|s| s.step != Step::Stall), "{key}");
    }
    let closed = report("e-closed", no_stalls);
    assert_eq!(closed.smallest, Some(14));
    assert!(closed.schedules[0].steps.iter().any(|s| s.step == Step::Restart));
    // A lost update is a read-modify-write's; a stale token a fence's.
    let d = report("d", Options::default());
    assert!(d.properties.iter().all(|p| p.applies == matches!(p.property, Property::OverApproval | Property::Drift)));
}

#[test]
fn every_smallest_schedule_replays_and_reads_in_korean() {
    for s in &SCENARIOS {
        let r = check(s, Options::default(), &mut |_| {});
        let world = r.world;
        for schedule in &r.schedules {
            let steps: Vec<Step> = schedule.steps.iter().map(|s| s.step).collect();
            let played = play(&world, &steps).expect("each step enabled where it comes");
            let last = played.last().unwrap().after;
            for p in &schedule.breaks {
                assert!(p.broken(&world, &last), "{} {p:?}", s.key);
            }
            let said = &schedule.steps.last().unwrap().broken;
            assert!(schedule.breaks.iter().all(|p| said.contains(p)), "{}: {said:?}", s.key);
            assert!(schedule.steps[..steps.len() - 1]
                .iter()
                .all(|s| s.broken.iter().all(|p| !schedule.breaks.contains(p))));
            let words = lab_words::Words::of(lab_words::Lang::Ko);
            for step in &schedule.steps {
                let text = lab_words::check::report::step_text(words, &r, step);
                assert!(text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{}: {text}", s.key);
            }
        }
    }
}

#[test]
fn planted_bugs_are_found() {
    let world = |key| World::of(scenario(key).unwrap(), 3, 1);
    let limits = Limits { depth: 200, symmetry: true };
    let found = |w: &World| -> Vec<Property> {
        explore(w, limits, &mut |_| {}).violations.iter().map(|v| v.property).collect()
    };
    // (c-2) with its write-time check removed.
    let mut w = world("c2");
    w.policy.write_fence = WriteFence::None;
    let f = found(&w);
    assert!(MONEY.iter().all(|p| f.contains(p)) && f.contains(&Property::StaleToken), "{f:?}");
    // (d) with an unconditional UPDATE: the ledger follows the snapshot below zero.
    let mut w = world("d");
    w.policy.update = Update::Decrement;
    assert_eq!(found(&w), [Property::OverApproval]);
    // (c-2) whose check reads the fence without locking its row (model.md §1.2 [AMB]).
    let mut w = world("c2");
    w.policy.write_fence = WriteFence::Equal { locks_row: false };
    assert!(found(&w).contains(&Property::LostUpdate));
}

#[test]
fn lab_check_prints_the_table_and_the_schedules() {
    let out = lab(&["check"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "no progress off a terminal: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    // The Korean edition's words, from its table.
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let (report, preset) = (&ko.check.report, |p| lab_words::catalogue::preset_name(ko, p));
    let row_a = format!("| `a` {} | {} | 900 | 23 | 13 |", preset(Preset::Exp1), report.verdict_unsafe);
    assert!(text.contains(&row_a), "{text}");
    let row_d = format!("| `d` {} | {} | 8 | 7 | — | — |", preset(Preset::Exp4), report.verdict_safe);
    assert!(text.contains(&row_d), "{text}");
    assert_eq!(lab(&["check"]).stdout, text.as_bytes(), "the output is deterministic");
    // The JSON carries the same words beside the facts: (a)'s first step is the text's.
    let a: serde_json::Value =
        serde_json::from_slice(&lab(&["check", "--variant", "a", "--format", "json"]).stdout).unwrap();
    assert_eq!(a[0]["name"], preset(Preset::Exp1));
    let first_step = a[0]["schedules"][0]["steps"][0]["text"].as_str().unwrap();
    assert!(first_step.starts_with("T1") && text.contains(first_step), "{first_step}");
    let json: serde_json::Value =
        serde_json::from_slice(&lab(&["check", "--variant", "c1", "--format", "json"]).stdout).unwrap();
    let r = &json.as_array().unwrap()[0];
    assert_eq!(
        (r["variant"].as_str(), r["verdict"].as_str(), r["states"].as_u64()),
        (Some("c1"), Some("unsafe"), Some(1_139))
    );
    let first = &r["schedules"][0]["steps"][0];
    assert_eq!(first["action"]["action"], "acquire");
    assert_eq!(first["step"], serde_json::json!({"kind": "thread", "thread": 0}));
    assert_eq!(r["world"]["policy"]["write_fence"], "advance");
    let small = lab(&["check", "--variant=e-c2", "--threads", "2", "--balance", "2", "--depth", "10"]);
    assert!(String::from_utf8_lossy(&small.stdout).contains(ko.check.report.verdict_not_within));
}

#[test]
fn bad_input_is_exit_status_two_with_what_is_accepted() {
    for (args, says) in [
        (&["check", "--variant", "e"][..], "e-closed"),
        (&["check", "--threads", "1"], "2..=3"),
        (&["check", "--balance", "3"], "1..=2"),
        (&["check", "--depth", "0"], "1..=1000"),
        (&["check", "--format", "txt"], "md or json"),
        (&["check", "--seed", "1"], "--variant"),
        (&["check", "a"], "unexpected argument"),
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("lab: error: ") && err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    for args in [&["check", "--help"][..], &["help", "check"]] {
        let out = lab(args);
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("lab check [--variant a|b|b-stop|"));
    }
    assert!(String::from_utf8_lossy(&lab(&["--help"]).stdout).contains("    check "));
}
