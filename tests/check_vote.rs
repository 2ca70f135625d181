//! `lab check`'s Article B section (`lab_check::vote`): per variant of the
//! crash-point matrix, the verdict and the earliest failing single crash,
//! pinned; that crash really fails when the simulation runs it again, and no
//! earlier crash point does (in the matrix and in the simulation); the
//! answer is the one figure B2 draws; and the command line's sections,
//! JSON and exit statuses.

use std::process::{Command, Output};

use consistency_lab::figures::vote::matrix_view;
use lab_check::vote::{check_vote_all, simulate, smallest_crash, VariantCrash, VoteVerdict};
use lab_sim::vote::crashpoints::{positions, story_config, variant_rows, MatrixOptions};
use lab_sim::vote::{run, FaultKind, StepName, StoreProfile, TraceLevel, Variant, Verdict};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

const KILL_POWER: &[FaultKind] = &[FaultKind::Kill, FaultKind::Power];

/// Variant, crash cases checked (positions × faults), and its earliest
/// failing crash: steps done, the last event, the hidden branches on the way
/// and the faults that fail there (`None`: safe), at figure B2's opening settings.
#[allow(clippy::type_complexity)]
const PINNED: [(Variant, u32, Option<(u32, &str, &str, &[FaultKind])>); 12] = [
    (Variant::V0, 18, None),
    (Variant::V1, 18, Some((2, "SEND_B", "", KILL_POWER))),
    (Variant::V2, 18, Some((4, "SEND_B", "", KILL_POWER))),
    (Variant::V2g, 8, None),
    (Variant::V3, 14, Some((4, "SEND_B", "", KILL_POWER))),
    (Variant::V4, 16, Some((5, "SEND_B", "", KILL_POWER))),
    (Variant::FFence, 22, None),
    (Variant::FNaiveRetry, 112, Some((11, "SEND_B(Y)", "true_state=os_cache,y_true_state=dropped", KILL_POWER))),
    (Variant::FEngineFenceOnly, 40, Some((7, "SEND_B", "true_state=dropped", KILL_POWER))),
    (Variant::IWaitThenFence, 22, None),
    (Variant::IAsSuccess, 26, Some((5, "SEND_B", "interrupt=drain", KILL_POWER))),
    (Variant::IAbortRelease, 24, None),
];

fn equivocates(variant: Variant, cut: u32, fault: FaultKind, opts: &MatrixOptions) -> bool {
    let config = story_config(variant, cut, fault, opts).expect("a cut of the chain");
    !run(&config, TraceLevel::Summary).outcome.equivocations.is_empty()
}

#[test]
fn verdicts_and_earliest_crashes_are_pinned() {
    let report = check_vote_all();
    assert_eq!(report.options, MatrixOptions::default());
    assert_eq!(report.options, MatrixOptions::new(StoreProfile::H2Like, true), "figure B2 opens with these");
    assert_eq!(report.variants.iter().map(|v| v.variant).collect::<Vec<_>>(), Variant::ALL);
    for ((variant, cases, earliest), got) in PINNED.into_iter().zip(&report.variants) {
        assert_eq!(got.variant, variant);
        assert_eq!(got.cases, cases, "{variant:?}");
        assert_eq!(got.cases, 2 * got.positions);
        let found = got.smallest.as_ref().map(|s| (s.depth, s.after.as_str(), s.branch.as_str(), &s.faults[..]));
        assert_eq!(found, earliest, "{variant:?}");
        let verdict = if earliest.is_some() { VoteVerdict::Unsafe } else { VoteVerdict::Safe };
        assert_eq!(got.verdict, verdict, "{variant:?}");
        assert_eq!(got.unsafe_cases == 0, earliest.is_none(), "{variant:?}");
    }
    // The article's correct variants are exactly the safe ones, with I-abort-release
    // (safe with an append log, the layout figure B2 opens with).
    let safe: Vec<Variant> =
        report.variants.iter().filter(|v| v.verdict == VoteVerdict::Safe).map(|v| v.variant).collect();
    let correct: Vec<Variant> = Variant::ALL.into_iter().filter(|v| v.is_article_correct()).collect();
    assert_eq!(safe, [&correct[..], &[Variant::IAbortRelease]].concat());
}

/// The earliest crash fails in the simulation under each fault it lists, and
/// every crash point with fewer steps done fails under neither fault, in the
/// matrix or in the simulation; at the same depth no position with a lower
/// cut fails under a process kill.
#[test]
fn the_earliest_crash_fails_when_run_again_and_nothing_earlier_does() {
    let opts = MatrixOptions::default();
    for variant in Variant::ALL {
        let got = smallest_crash(variant, &opts);
        let rows = variant_rows(variant, &opts);
        let chain = positions(variant, &opts);
        let limit = got.smallest.as_ref().map_or(u32::MAX, |s| s.depth);
        for row in rows.iter().filter(|r| chain[r.cut as usize].depth < limit) {
            assert_ne!(row.verdict, Verdict::Unsafe, "{variant:?} cut {} {:?}", row.cut, row.fault);
            assert!(
                !equivocates(variant, row.cut, row.fault, &opts),
                "{variant:?}: the simulation equivocates at cut {} ({}) {:?}, before the earliest",
                row.cut,
                row.after,
                row.fault
            );
        }
        let Some(s) = &got.smallest else {
            assert!(rows.iter().all(|r| r.verdict != Verdict::Unsafe), "{variant:?}");
            continue;
        };
        for row in rows.iter().filter(|r| chain[r.cut as usize].depth == s.depth && r.cut < s.cut) {
            assert!(row.fault == FaultKind::Power || row.verdict != Verdict::Unsafe, "{variant:?} cut {}", row.cut);
        }
        let position = &chain[s.cut as usize];
        assert_eq!((position.depth, position.after.as_str()), (s.depth, s.after.as_str()));
        assert_eq!(s.steps.iter().map(|st| st.event.as_str()).collect::<Vec<_>>(), position.path);
        assert_eq!(s.steps.len() as u32, s.depth);
        for &fault in &s.faults {
            let row = rows.iter().find(|r| r.cut == s.cut && r.fault == fault).unwrap();
            assert_eq!(row.verdict, Verdict::Unsafe);
            assert!(equivocates(variant, s.cut, fault, &opts), "{variant:?} {fault:?}: the simulation does not fail");
            let sim = simulate(variant, s.cut, fault, &opts);
            assert_eq!(sim.crash_after_events, Some(s.depth), "{variant:?}: the story crashes at the same point");
            assert!(sim.equivocations >= 1 && sim.amnesia + sim.false_memory >= 1, "{variant:?} {sim:?}");
        }
        let missing: Vec<_> = FaultKind::ALL.into_iter().filter(|f| !s.faults.contains(f)).collect();
        for fault in missing {
            let row = rows.iter().find(|r| r.cut == s.cut && r.fault == fault).unwrap();
            assert_ne!(row.verdict, Verdict::Unsafe, "{variant:?} {fault:?} fails too but is not listed");
        }
    }
}

/// Figure B2's grid (what the site draws) gives the same answers: the
/// earliest crash's cell is red under each listed fault, the cells of the
/// steps before it are not, and a safe variant's row has no red cell.
#[test]
fn the_answers_are_the_ones_figure_b2_draws() {
    let view = matrix_view(StoreProfile::H2Like, true);
    let grid = &view.grid;
    let mut report = check_vote_all();
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    lab_words::check::vote::word(ko, &mut report);
    for v in &report.variants {
        let row = grid.rows.iter().find(|r| r.variant == v.variant).expect("a grid row per variant");
        let cell = |event: &str| {
            let column = grid.events.iter().position(|e| e == event).unwrap_or_else(|| panic!("no column {event}"));
            row.cells[column].clone().unwrap_or_else(|| panic!("{:?} has no {event}", v.variant))
        };
        let red = |event: &str, fault: FaultKind| {
            cell(event).iter().any(|h| h.fault == fault && h.verdict == Verdict::Unsafe)
        };
        match &v.smallest {
            None => assert!(
                row.cells.iter().flatten().flatten().all(|h| h.verdict != Verdict::Unsafe),
                "{:?} is safe but B2 has a red cell",
                v.variant
            ),
            Some(s) => {
                for &fault in &s.faults {
                    assert!(red(&s.after, fault), "{:?} {} {fault:?}", v.variant, s.after);
                }
                for step in &s.steps[..s.steps.len() - 1] {
                    for fault in FaultKind::ALL {
                        assert!(
                            !red(&step.event, fault),
                            "{:?}: B2 is red at {} before the earliest",
                            v.variant,
                            step.event
                        );
                    }
                }
            }
        }
        assert_eq!(
            v.name,
            lab_words::catalogue::vote_variant(lab_words::Words::of(lab_words::Lang::Ko), v.variant),
            "the row head B2 shows"
        );
    }
    // The same variant count and crash cases as the page's matrix.
    let cases: u32 = report.variants.iter().map(|v| v.cases).sum();
    assert_eq!(cases, view.cases);
}

#[test]
fn steps_are_korean_sentences_in_the_figures_words() {
    let mut report = check_vote_all();
    assert!(report.variants.iter().all(|v| v.name.is_empty()), "the checker gives facts; the words layer says them");
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    lab_words::check::vote::word(ko, &mut report);
    for v in &report.variants {
        let Some(s) = &v.smallest else { continue };
        let orders: Vec<_> = s.orders.iter().map(|o| (o.fault, o.unsafe_subcuts, o.subcuts)).collect();
        assert_eq!(s.verdict_text, lab_words::check::vote::crash_verdict(ko, &orders));
        assert!(s.verdict_text.ends_with('.'), "{}", s.verdict_text);
        for step in &s.steps {
            assert!(step.text.ends_with('.'), "{}", step.text);
            assert!(step.text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{}", step.text);
            let name = StepName::parse(&step.event).unwrap();
            assert_eq!(
                lab_words::check::vote::names::event(lab_words::Words::of(lab_words::Lang::Ko), name),
                lab_words::vote::event(lab_words::Words::of(lab_words::Lang::Ko), &step.event)
            );
        }
        // Every crash the simulation ran again signed twice: the double vote its text names.
        assert!(s.simulated.iter().all(|sim| sim.pair.is_some() && sim.equivocations > 0), "{:?}", s.simulated);
        assert!(s.simulated.iter().all(|sim| sim.text == lab_words::check::vote::simulated(ko, sim)));
    }
    let naive = report.variants.iter().find(|v| v.variant == Variant::FNaiveRetry).unwrap();
    let texts: Vec<&str> = naive.smallest.as_ref().unwrap().steps.iter().map(|s| s.text.as_str()).collect();
    // The hidden state of the record: in the OS cache after the commit, dropped by the OS after the failed sync.
    let states = &ko.check.vote.true_states;
    assert!(texts[4].contains(states[0]), "{}", texts[4]);
    assert!(texts[9].contains(states[2]), "{}", texts[9]);
}

fn b_row<'a>(text: &'a str, code: &str) -> &'a str {
    text.lines().find(|l| l.starts_with(&format!("| `{code}` "))).unwrap_or_else(|| panic!("no row {code}:\n{text}"))
}

#[test]
fn lab_check_prints_article_b_after_article_a() {
    let out = lab(&["check"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The Korean edition's words, from its table.
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let c = &ko.check.vote;
    let a = text.find(&format!("# {}", ko.check.report.title)).expect("Article A's section");
    let b = text.find(&format!("# {}", c.title)).expect("Article B's section");
    let exp1 = lab_words::catalogue::preset_name(ko, lab_sim::lease::Preset::Exp1);
    assert!(a < b && text[a..b].contains(&format!("| `a` {exp1}")), "A's table comes first");
    let b_text = &text[b..];
    let head = format!(
        "| {} | {} | {} | {} | {} |",
        c.head_variant, c.head_verdict, c.head_checked, c.head_earliest, c.head_fault
    );
    assert!(b_text.contains(&head), "{b_text}");
    let name = |v| lab_words::check::vote::names::variant(ko, v);
    assert_eq!(b_row(b_text, "V0"), format!("| `V0` {} | {} | 18 | — | — |", name(Variant::V0), c.verdict_safe));
    assert_eq!(
        b_row(b_text, "V1"),
        format!(
            "| `V1` {} | {} | 18 | {} | {} |",
            name(Variant::V1),
            c.verdict_unsafe,
            lab_words::check::vote::earliest(ko, 2, "SEND_B"),
            lab_words::check::vote::faults(ko, KILL_POWER)
        )
    );
    let send = ko.fill(c.step_send, &[("value", "X"), ("to", "B")]);
    assert!(b_text.contains(&format!("1. {} (`SIGN`)\n2. {send} (`SEND_B`)", c.step_sign)), "{b_text}");
    assert!(b_text.contains(c.profiles[0]), "names the settings it uses");
    assert_eq!(lab(&["check"]).stdout, text.as_bytes(), "the output is deterministic");

    // --article b: only Article B's section, the same as in the whole output.
    let only_b = String::from_utf8(lab(&["check", "--article", "b"]).stdout).unwrap();
    assert_eq!(only_b, b_text);
    let v3 = String::from_utf8(lab(&["check", "--variant", "v3"]).stdout).unwrap();
    assert!(v3.starts_with(&format!("# {}", c.title)) && v3.contains("| `V3` ") && !v3.contains("| `V1` "), "{v3}");
    let only_a = String::from_utf8(lab(&["check", "--article", "a"]).stdout).unwrap();
    assert_eq!(only_a, &text[..b - 1]);
}

#[test]
fn lab_check_json_carries_article_b_as_data() {
    let both: serde_json::Value = serde_json::from_slice(&lab(&["check", "--format", "json"]).stdout).unwrap();
    assert_eq!(both["article_a"].as_array().unwrap().len(), 10);
    let b = &both["article_b"];
    assert_eq!(b["options"]["profile"], "h2_like");
    assert_eq!(b["options"]["device_honours_sync"], true);
    let variants = b["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 12);
    let v1 = &variants[1];
    assert_eq!((v1["variant"].as_str(), v1["verdict"].as_str()), (Some("V1"), Some("unsafe")));
    assert_eq!(v1["smallest"]["after"], "SEND_B");
    assert_eq!(v1["smallest"]["faults"], serde_json::json!(["kill", "power"]));
    assert_eq!(v1["smallest"]["steps"][1]["event"], "SEND_B");
    assert_eq!(variants[0]["smallest"], serde_json::Value::Null);
    let only_b: serde_json::Value =
        serde_json::from_slice(&lab(&["check", "--article", "b", "--format", "json"]).stdout).unwrap();
    assert_eq!(&only_b, b);
    let one_a: serde_json::Value =
        serde_json::from_slice(&lab(&["check", "--variant", "d", "--format", "json"]).stdout).unwrap();
    assert!(one_a.is_array(), "Article A alone keeps its array");
}

#[test]
fn bad_input_is_exit_status_two() {
    for (args, says) in [
        (&["check", "--article", "c"][..], "expected a or b"),
        (&["check", "--variant", "V9"], "V0, V1, V2"),
        (&["check", "--article", "a", "--variant", "V1"], "Article B's, not A's"),
        (&["check", "--article", "b", "--variant", "c2"], "Article A's, not B's"),
        (&["check", "--article", "b", "--balance", "2"], "`--balance` is for Article A's world"),
        (&["check", "--variant", "V1", "--replay", "x.svg"], "`--replay` is for Article A's world"),
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("lab: error: ") && err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    let help = String::from_utf8(lab(&["check", "--help"]).stdout).unwrap();
    assert!(help.contains("--article A") && help.contains("I-abort-release"), "{help}");
}

/// A variant the matrix calls safe everywhere stays safe when every one of
/// its crash cases runs in the simulation.
#[test]
fn safe_variants_never_equivocate_in_the_simulation() {
    let opts = MatrixOptions::default();
    let safe: Vec<VariantCrash> =
        Variant::ALL.into_iter().map(|v| smallest_crash(v, &opts)).filter(|v| v.smallest.is_none()).collect();
    assert_eq!(safe.len(), 5);
    for v in safe {
        for row in variant_rows(v.variant, &opts) {
            assert!(
                !equivocates(v.variant, row.cut, row.fault, &opts),
                "{:?} cut {} {:?}",
                v.variant,
                row.cut,
                row.fault
            );
        }
    }
}
