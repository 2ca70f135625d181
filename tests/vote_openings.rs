//! Where Article B's stories open on their chapters' load (issue 38): each
//! of B-1, B-3, B-4, B-5 and B-6 opens on its own picture, at the moment its
//! lesson turns (`figures::vote::opening`), and before the moment its
//! question is about, with nothing of the answer drawn; B-3's lower panel
//! keeps its refusal until the upper story is told; B-8's figure draws no
//! run with more validators blocked than the reader chose.

use consistency_lab::figures::plan::VoteFigure;
use consistency_lab::figures::plan::VotePlan;
use consistency_lab::figures::recording::svg_of;
use consistency_lab::figures::vote::{opening_of, stage_start_us, OpenAt, StackFault, OPENINGS};
use lab_model::facts::vote::BeatFact;
use lab_model::registry::{figure_of, figures_of, FigureKind, Scenario};
use lab_words::{Lang, Words};

const STORIES: [&str; 5] =
    ["vote-story", "outer-transaction", "uncertain-failure", "interrupt-wait", "restart-recovery"];

fn opened(id: &str) -> VoteFigure {
    let spec = figure_of(Scenario::Vote, id).unwrap();
    VotePlan::new(spec, spec.initial_vote_config()).run()
}

/// The figure's drawing (panels only, no caption or legend) at `cursor_us`, 760 px wide.
fn drawing(f: &VoteFigure, cursor_us: u64) -> String {
    let h = f.height_css(760.0).round() as u32;
    svg_of((760, h), |root| f.draw(root, cursor_us, StackFault::None, 1.0)).unwrap()
}

/// The time (µs) of the first scene of kind `key`.
fn scene_time(f: &VoteFigure, key: &str) -> Option<u64> {
    let b = f.beats().iter().find(|b| b.key == key)?;
    f.step_times().get(b.step).copied()
}

#[test]
fn every_story_figure_has_an_opening_and_every_opening_a_story() {
    let stories: Vec<&str> = figures_of(Scenario::Vote).filter(|f| f.kind.is_story()).map(|f| f.id).collect();
    assert_eq!(stories, STORIES);
    for o in OPENINGS {
        assert!(stories.contains(&o.figure), "{}", o.figure);
    }
    for id in STORIES {
        assert!(opening_of(id).is_some(), "{id}");
    }
}

/// Each opening is the scene it names (or the step just before it), its
/// moment is before the scene the chapter's question is about and before
/// the verdict may show; the figure says its own sentence there.
#[test]
fn each_story_opens_before_its_decisive_moment() {
    for id in STORIES {
        let f = opened(id);
        let o = opening_of(id).unwrap();
        let step = f.opening_step().unwrap_or_else(|| panic!("{id}: no opening in the starting run"));
        let at = f.step_times()[step];
        assert_eq!(f.opening_cursor_us(), Some(at), "{id}");
        let beat = f.beats().iter().find(|b| b.step == step).unwrap_or_else(|| panic!("{id}: a scene at the opening"));
        match o.at {
            OpenAt::Scene(key) => assert_eq!(beat.key, key, "{id}"),
            OpenAt::Before(key) => {
                assert_eq!(beat.key, "opening", "{id}");
                let next = scene_time(&f, key).unwrap_or_else(|| panic!("{id}: the scene {key}"));
                assert!(at < next, "{id}: opens at {at} µs, before {key} at {next} µs");
            }
        }
        let decisive = scene_time(&f, o.decisive).unwrap_or_else(|| panic!("{id}: the scene {}", o.decisive));
        assert!(at < decisive, "{id}: opens at {at} µs, not before {} at {decisive} µs ({})", o.decisive, o.why);
        assert!(at < f.verdict_at_us(), "{id}: the verdict would show at the opening");
        assert!(f.beats().first().unwrap().step < step, "{id}: opens on its own scene, not the first one");
    }
}

/// Nothing of the answer is drawn at the opening, and it is drawn at the end.
#[test]
fn the_openings_draw_no_answer() {
    consistency_lab::figures::export::ensure_font().unwrap();
    // Words that only the outcome draws (the fence, a refusal, the evidence,
    // a restart, the rollback); the refused save's block is a text element
    // of its own, apart from the lower panel's title.
    let w = Words::of(Lang::Ko);
    let d = &w.vote.draw;
    let value = |template: &str, v: &str| w.fill(template, &[("value", v)]);
    let answers: [(&str, Vec<String>); 5] = [
        ("vote-story", vec![w.fill(d.evidence, &[("v1", "X"), ("v2", "Y")]), d.restart.into()]),
        (
            "outer-transaction",
            vec![
                d.join_refused.into(),
                format!(">\n{}\n<", w.vote.names.short.write_refused),
                d.outer_rolled_back.into(),
            ],
        ),
        ("uncertain-failure", vec![d.fenced.into(), d.sync_error.into(), d.unknown.into(), value(d.lost, "X")]),
        ("interrupt-wait", vec![d.fenced.into()]),
        ("restart-recovery", vec![d.restart.into(), value(d.refused, "Y")]),
    ];
    for (id, words) in answers {
        let f = opened(id);
        let open = drawing(&f, f.opening_cursor_us().unwrap());
        let end = drawing(&f, u64::MAX);
        for answer in words {
            assert!(!open.contains(answer.as_str()), "{id}: the opening draws {answer:?}");
            assert!(end.contains(answer.as_str()), "{id}: the whole story draws {answer:?}");
        }
    }
    // B-4's opening marks where the sync will fail; the end draws the failure itself.
    let b4 = opened("uncertain-failure");
    let mark = w.vote.beats.sync_error_mark;
    assert!(drawing(&b4, b4.opening_cursor_us().unwrap()).contains(mark));
    assert!(!drawing(&b4, u64::MAX).contains(mark));
}

/// The five chapters no longer open on one picture: their openings are
/// different moments, told in different sentences, drawn differently.
#[test]
fn the_five_openings_differ_pairwise() {
    consistency_lab::figures::export::ensure_font().unwrap();
    let opens: Vec<(&str, u64, String, String, BeatFact)> = STORIES
        .iter()
        .map(|id| {
            let f = opened(id);
            let step = f.opening_step().unwrap();
            let beat = f.beats().iter().find(|b| b.step == step).unwrap();
            let at = f.step_times()[step];
            (*id, at, beat.sentence.clone(), drawing(&f, at), beat.fact.clone())
        })
        .collect();
    for (i, a) in opens.iter().enumerate() {
        for b in &opens[i + 1..] {
            assert_ne!(a.2, b.2, "{} and {} open on the same sentence", a.0, b.0);
            assert_ne!(a.3, b.3, "{} and {} open on the same drawing", a.0, b.0);
        }
    }
    // And none on the story's shared first scene (A signing D's X), the old opening.
    for (id, at, sentence, _, fact) in &opens {
        assert!(!matches!(fact, BeatFact::Sign { .. }), "{id}: {sentence}");
        assert!(*at > 2_100, "{id}: opens at {at} µs");
    }
}

/// B-3's lower panel (the implementation that refuses to join) waits
/// before its save call until the player reaches the upper story's last
/// scene; then it is drawn whole, refusal and all.
#[test]
fn b3s_lower_panel_keeps_its_refusal_until_the_upper_story_is_told() {
    consistency_lab::figures::export::ensure_font().unwrap();
    let f = opened("outer-transaction");
    assert_eq!(f.panel_heights_css(760.0).len(), 2);
    let lower = |cursor: u64| {
        let h = f.panel_heights_css(760.0)[1].round() as u32;
        svg_of((760, h), |root| f.draw_panel(root, 1, cursor, StackFault::None, 1.0, None)).unwrap()
    };
    let w = Words::of(Lang::Ko);
    let refused = w.vote.draw.join_refused;
    let refused_block = format!(">\n{}\n<", w.vote.names.short.write_refused);
    let last = f.beats().last().unwrap();
    let last_at = f.step_times()[last.step];
    for step in 0..last.step {
        let at = f.step_times()[step];
        if at < last_at {
            let drawn = lower(at);
            assert!(
                !drawn.contains(refused) && !drawn.contains(&refused_block),
                "step {step} at {at} µs draws the refusal below"
            );
        }
    }
    assert!(lower(last_at).contains(refused));
    assert!(lower(u64::MAX).contains(refused));
}

/// B-8's figure draws 0 and 1 blocked validators at its starting state (the
/// question asks about 2), and the run with 2 once the reader chooses 2.
#[test]
fn b8_draws_no_more_blocked_validators_than_chosen() {
    let spec = figure_of(Scenario::Vote, "liveness").unwrap();
    assert_eq!(spec.kind, FigureKind::Liveness);
    let blocked = |n: u32| -> Vec<u32> {
        let config = consistency_lab::sim::vote::VoteConfig { blocked_validators: n, ..spec.initial_vote_config() };
        VotePlan::new(spec, config).runs().iter().map(|r| r.config.blocked_validators).collect()
    };
    assert_eq!(spec.initial_vote_config().blocked_validators, 1);
    assert_eq!(blocked(1), [0, 1]);
    assert_eq!(blocked(0), [0, 1]);
    assert_eq!(blocked(2), [0, 1, 2]);
    assert_eq!(blocked(3), [0, 1, 2, 3]);
    let text = opened("liveness").text_alternative(StackFault::None);
    let w = Words::of(Lang::Ko);
    assert!(!text.contains(&w.fill(w.vote.figure.blocked, &[("n", "2")])), "{text}");
}

/// B-6 opens at a crash right after the file sync: the send the crash cut
/// is drawn at the crash, not over the sync that succeeded (the trace has
/// it waiting from the sync's start).
#[test]
fn b6s_cut_send_is_drawn_at_the_crash_not_over_the_sync() {
    let f = opened("restart-recovery");
    let stages = &f.traces()[0].lanes[0].stages;
    let fsync = stages.iter().position(|s| s.stage == "FSYNC").unwrap();
    let cut = stages.iter().position(|s| !s.ok).unwrap();
    assert!(stages[fsync].ok);
    assert!(stages[cut].start.t_us < stages[fsync].end.t_us, "the trace's cut send overlaps the sync");
    assert_eq!(stage_start_us(stages, cut), stages[fsync].end.t_us);
    for i in 0..stages.len() {
        assert!(stage_start_us(stages, i) <= stages[i].end.t_us, "stage {i}");
    }
}
