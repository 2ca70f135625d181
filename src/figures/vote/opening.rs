//! Where each Article B story opens on its chapter's own load (issue 38):
//! each chapter opens on its own picture, at the moment its lesson turns,
//! and before the moment its question is about.
//!
//! An opening names a scene of the story ([`super::story_beats`]) by its
//! kind, so it follows the run: another variant, crash point or seed finds
//! its own moment, or none (then the figure opens on its first scene). A
//! figure opens on the scene itself ([`OpenAt::Scene`]) or, when the scene's
//! moment would already show the answer (B4's sync error happens in the same
//! microsecond as the fence the question asks about), on the last step
//! before it ([`OpenAt::Before`]), told in a scene of its own and with the
//! coming fault marked on the drawing: the chapter states the fault, the
//! figure keeps what follows it for the reader to step to.
//!
//! A scene told before a moment is a [`BeatFact::Opening`]; its words, and
//! the fault mark's label, are the words layer's (`lab_words::vote`).

use super::beats::Beat;
use super::story_hit::StoryMark;
use lab_model::facts::vote::{BeatFact, FaultMarkKind};
use lab_sim::vote::{Layer, PipelineStep, StepName, VoteTrace};
use lab_words::vote::fault_mark_label;
use lab_words::Words;

/// Where a story opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenAt {
    /// On the scene of this kind ([`Beat::key`]).
    Scene(&'static str),
    /// On the last player step before the scene of this kind, with its
    /// moment marked on the drawing as [`Opening::fault_mark`] says.
    Before(&'static str),
}

/// One story figure's opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The figure (a registry id).
    pub figure: &'static str,
    pub at: OpenAt,
    /// The kind of scene the chapter's question is about: the opening is
    /// always before it (`tests/vote_openings.rs`).
    pub decisive: &'static str,
    /// The dashed line where the coming fault strikes ([`OpenAt::Before`] only).
    pub fault_mark: Option<FaultMarkKind>,
    /// Why the lesson turns here, for the docs and the tests' messages.
    pub why: &'static str,
}

/// Every story figure's opening, in chapter order.
pub const OPENINGS: &[Opening] = &[
    Opening {
        figure: "vote-story",
        at: OpenAt::Scene("held"),
        decisive: "recovered",
        fault_mark: None,
        why: "B-1: B holds A's X while A is down with the record written nowhere; whether the restarted A \
              remembers is the chapter's question",
    },
    Opening {
        figure: "outer-transaction",
        at: OpenAt::Scene("send-x"),
        decisive: "outer-end",
        fault_mark: None,
        why: "B-3: the save call has returned and the vote leaves while the record sits in the open outer \
              transaction; how the bracket closes is the question",
    },
    Opening {
        figure: "uncertain-failure",
        at: OpenAt::Before("sync-error"),
        decisive: "fenced",
        fault_mark: Some(FaultMarkKind::SyncError),
        why: "B-4: A waits on the file sync that will fail, the record in the OS cache; the error and A's \
              answer to it (the fence) come in one microsecond, so the figure opens just before",
    },
    Opening {
        figure: "interrupt-wait",
        at: OpenAt::Scene("interrupt"),
        decisive: "fenced",
        fault_mark: None,
        why: "B-5: the interrupt arrives while A waits on the sync; whether the vote leaves is the question",
    },
    Opening {
        figure: "restart-recovery",
        at: OpenAt::Scene("crash"),
        decisive: "recovered",
        fault_mark: None,
        why: "B-6: A dies with its record on disk and nothing sent; what the restarted A does is the question",
    },
];

/// The opening of figure `id`, if it is a story with one.
pub fn opening_of(id: &str) -> Option<&'static Opening> {
    OPENINGS.iter().find(|o| o.figure == id)
}

/// Where a story figure opens in one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoryOpening {
    /// The player step it opens on (a scene's step).
    pub step: usize,
    /// The coming fault's time (µs) and label, marked until the cursor reaches it.
    pub fault_mark: Option<(u64, &'static str)>,
}

/// Opens figure `id`'s story, told over the player's `steps` (indices into
/// `trace`'s events) in `beats`: the step it opens on, after adding the
/// opening's own scene to `beats` when it opens before a moment. `None`
/// when the figure has no opening or this run has no such moment.
pub fn open_story(
    id: &str,
    trace: &VoteTrace,
    steps: &[usize],
    beats: &mut Vec<Beat>,
    words: &'static Words,
) -> Option<StoryOpening> {
    let opening = opening_of(id)?;
    match opening.at {
        OpenAt::Scene(key) => {
            beats.iter().find(|b| b.key == key).map(|b| StoryOpening { step: b.step, fault_mark: None })
        }
        OpenAt::Before(key) => {
            let moment = beats.iter().find(|b| b.key == key)?;
            let t = trace.events[*steps.get(moment.step)?].at.t_us;
            let step = (0..moment.step).rev().find(|&s| trace.events[steps[s]].at.t_us < t)?;
            if !beats.iter().any(|b| b.step == step) {
                let at = trace.events[steps[step]].at.t_us;
                let (fact, mark) = waiting_scene(trace, at, opening.fault_mark);
                let i = beats.partition_point(|b| b.step < step);
                beats.insert(i, Beat::new(step, "opening", fact, mark, words));
            }
            Some(StoryOpening { step, fault_mark: opening.fault_mark.map(|m| (t, fault_mark_label(words, m))) })
        }
    }
}

/// The scene of a story opened at `t_us`, before a moment: what A is
/// waiting for and for how long, where its record is, and what the dashed
/// line of `fault` is; the mark is the stage A waits in.
fn waiting_scene(trace: &VoteTrace, t_us: u64, fault: Option<FaultMarkKind>) -> (BeatFact, Option<StoryMark>) {
    let a = trace.lanes.first();
    let waiting = a.and_then(|a| {
        a.stages
            .iter()
            .position(|s| s.foreground && s.start.t_us <= t_us && t_us < s.end.t_us)
            .map(|i| (i, &a.stages[i]))
    });
    let layer = trace
        .records
        .iter()
        .filter(|r| r.validator == 0)
        .flat_map(|r| r.layers.iter())
        .filter(|l| l.at.t_us <= t_us)
        .max_by_key(|l| l.at)
        .map(|l| l.layer)
        .filter(|l| *l != Layer::Lost);
    let waited = waiting.map(|(_, st)| {
        // A stage that is no step of the pipeline is waited on as "the step".
        let step = StepName::parse(&st.stage).map_or(PipelineStep::Start, |n| n.step);
        (step, t_us - st.start.t_us)
    });
    (BeatFact::Opening { waiting: waited, layer, mark: fault }, waiting.map(|(i, _)| StoryMark::Stage(i)))
}
