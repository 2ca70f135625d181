//! A story figure's scenes (B1, B3–B6): the few moments of A's first vote
//! that the chapter turns on, found in the trace, each told in one sentence
//! and tied to the mark it names.
//!
//! The player still steps through every event; the scenes are the story
//! told over it: where A's safety record is when A signs, commits, drains,
//! syncs and first sends; the crash and what survives it; A's vote reaching
//! a node while A is down; the restart and
//! what A refuses, re-sends or signs anew; the interrupt, the sync error and
//! the fence; the double vote when B, C and D find it. Nothing is scripted:
//! another variant, crash point or seed finds other moments, and a scene
//! is told only when its moment happened.

use super::story_hit::StoryMark;
use lab_model::facts::vote::{BeatFact, Wait};
use lab_sim::vote::{Device, EventKind, Layer, MsgKind, PipelineStep, ProcessState, Step, StepName, Value, VoteTrace};
use lab_words::vote::beat_sentence;
use lab_words::Words;

/// One scene: the player step it happens at, its kind, what happened, its
/// sentence in the figure's words, its mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Beat {
    /// The index into the player's steps.
    pub step: usize,
    /// The kind of moment it tells (`sign`, `send-x`, `crash`, `held`,
    /// `interrupt`, `sync-error`, `fenced`, `recovered`, `detected`, …; a crash at the
    /// moment of the first send is one scene, `crash`): what a figure's
    /// opening names (`super::opening`).
    pub key: &'static str,
    /// The moment, with the trace's values.
    pub fact: BeatFact,
    /// [`BeatFact`] in the figure's words (`lab_words::vote::beat_sentence`).
    pub sentence: String,
    pub mark: Option<StoryMark>,
}

impl Beat {
    /// The scene of `fact`, said in `words`.
    pub fn new(step: usize, key: &'static str, fact: BeatFact, mark: Option<StoryMark>, words: &Words) -> Beat {
        let sentence = beat_sentence(words, &fact);
        Beat { step, key, fact, sentence, mark }
    }
}

/// The scenes of `trace`'s story among the player's `steps` (indices into
/// its events), in order, said in `words`.
pub fn story_beats(trace: &VoteTrace, steps: &[usize], words: &Words) -> Vec<Beat> {
    let mut told = Told { beats: Vec::new(), keys: Vec::new(), words };
    let mut layer: Option<Layer> = None;
    let mut outer_open = false;
    let mut crash_at: Option<u64> = None;
    let mut forgot = false;
    let mut sent_to = 1u32;
    let mut interrupted = false;
    let mut proposer = 3u32;
    // The height and round of the story's proposal: A's votes elsewhere are not the story.
    let mut story_round: Option<(u64, u32)> = None;
    // A's first action (its vote on the story's proposal) and the
    // conflicting one after a restart; later heights are not the story.
    let mut first_action: Option<u32> = None;
    // The value A is asked to vote for, the record of that vote (its id and
    // slot step, once written) and where that record is: now, and when A's
    // previous step of the story ended (so a scene can tell a move from a stay).
    let mut story_value = Value::X;
    let mut story_record: Option<(u32, Step)> = None;
    let mut story_layer: Option<Layer> = None;
    let mut layer_before: Option<Layer> = None;
    let device = Device {
        honours_sync: trace.config.device_honours_sync,
        cache_window_us: u64::from(trace.config.device_cache_window_ms) * 1000,
    };
    let stage_of = |action: u32, name: &str| {
        trace.lanes.first().and_then(|a| a.stages.iter().position(|s| s.action == action && s.stage == name))
    };
    let message_of = |msg: u32, to: u32| trace.messages.iter().position(|m| m.msg == msg && m.to == to);
    for (step, &i) in steps.iter().enumerate() {
        let e = &trace.events[i];
        let rebroadcast = told.has("rebroadcast");
        match &e.kind {
            EventKind::RecordLayerChanged { validator: 0, record, layer: l } => {
                layer = Some(*l);
                if story_record.is_none() {
                    story_record = trace
                        .records
                        .iter()
                        .find(|r| {
                            r.record == *record
                                && r.validator == 0
                                && Some((r.height, r.round)) == story_round
                                && r.value == story_value
                        })
                        .map(|r| (r.record, r.step));
                }
                if story_record.is_some_and(|(id, _)| id == *record) {
                    story_layer = Some(*l);
                }
            }
            EventKind::MessageReceived { to: 0, msg_kind: MsgKind::Proposal, signer, height, round, value, .. }
                if first_action.is_none() =>
            {
                proposer = *signer;
                story_round = Some((*height, *round));
                story_value = *value;
            }
            // A's vote reaching the first node while A is down: the network
            // holds what A may no longer remember.
            EventKind::MessageReceived { msg, from: 0, to, signer: 0, msg_kind, value, height, round }
                if *msg_kind != MsgKind::Proposal
                    && crash_at.is_some()
                    && !told.has("recovered")
                    && story_round == Some((*height, *round)) =>
            {
                told.tell(
                    step,
                    "held",
                    BeatFact::Held { to: *to, value: *value, layer },
                    message_of(*msg, *to).map(StoryMark::Message),
                );
            }
            EventKind::PipelineEvent { validator: 0, action, name, .. } => {
                let Some(step_name) = StepName::parse(name) else { continue };
                let mark = stage_of(*action, name).map(StoryMark::Stage);
                let y = step_name.conflicting;
                if !y && *first_action.get_or_insert(*action) != *action {
                    continue;
                }
                let before = if y { story_layer } else { std::mem::replace(&mut layer_before, story_layer) };
                match step_name.step {
                    PipelineStep::OuterBegin => outer_open = true,
                    PipelineStep::Sign if !y => told.tell(step, "sign", BeatFact::Sign { proposer, outer_open }, mark),
                    PipelineStep::Write if !y && outer_open => told.tell(step, "write", BeatFact::WriteInOuter, mark),
                    PipelineStep::Commit if !y => {
                        told.tell(step, "commit", BeatFact::Commit { now: story_layer, device }, mark)
                    }
                    PipelineStep::Drain if !y => {
                        told.tell(step, "drain", BeatFact::Drain { before, now: story_layer }, mark)
                    }
                    PipelineStep::Fsync if !y => told.tell(
                        step,
                        "fsync",
                        BeatFact::Fsync { before, now: story_layer, device, waited: interrupted },
                        mark,
                    ),
                    _ => {}
                }
            }
            EventKind::MessageSent { msg, from: 0, to, signer: 0, msg_kind, value, relayed: false, height, round }
                if *msg_kind != MsgKind::Proposal && !rebroadcast && story_round == Some((*height, *round)) =>
            {
                let mark = message_of(*msg, *to).map(StoryMark::Message);
                if *value == Value::X && !told.has("send-x") {
                    sent_to = *to;
                    told.tell(step, "send-x", BeatFact::SendX { to: *to, layer }, mark);
                } else if *value == Value::Y {
                    told.tell(step, "send-y", BeatFact::SendY { proposer, forgot }, mark);
                }
            }
            EventKind::InterruptDelivered { validator: 0, stage } => {
                interrupted = true;
                let wait = match stage.as_str() {
                    "COMMIT" => Wait::Commit,
                    "DRAIN" => Wait::Drain,
                    _ => Wait::Fsync,
                };
                told.tell(step, "interrupt", BeatFact::Interrupt { wait }, stage_mark(trace, stage, e.at.t_us))
            }
            EventKind::SyncErrorRaised { validator: 0 } => {
                told.tell(step, "sync-error", BeatFact::SyncError, stage_mark(trace, "FSYNC_ERR", e.at.t_us))
            }
            EventKind::Fenced { validator: 0, reason } => {
                told.tell(step, "fenced", BeatFact::Fenced { reason: *reason }, fenced_mark(trace, e.at.t_us))
            }
            EventKind::EngineOpenRefused { validator: 0 } => {
                told.tell(step, "engine-refused", BeatFact::EngineRefused, None)
            }
            EventKind::JoinRefused { validator: 0 } => {
                told.tell(step, "join-refused", BeatFact::JoinRefused, stage_mark(trace, "WRITE_REFUSED", e.at.t_us))
            }
            EventKind::StoreAccessRefused { validator: 0 } => {
                told.tell(step, "access-refused", BeatFact::AccessRefused, None)
            }
            EventKind::EngineRecreated { validator: 0 } => {
                told.tell(step, "engine-recreated", BeatFact::EngineRecreated, None)
            }
            EventKind::ConnReturnedWhilePending { validator: 0 } => {
                told.tell(step, "conn-returned", BeatFact::ConnReturned, None)
            }
            EventKind::OuterTxEnded { validator: 0, committed } => told.tell(
                step,
                "outer-end",
                BeatFact::OuterEnd { committed: *committed },
                stage_mark(trace, if *committed { "OUTER_COMMIT" } else { "OUTER_ROLLBACK" }, e.at.t_us),
            ),
            EventKind::Crashed { validator: 0, fault } => {
                crash_at = Some(e.at.t_us);
                // A crash at the very moment of the first send is one scene:
                // the drawing cannot tell the two moments apart.
                let at_send = told.keys.last() == Some(&"send-x")
                    && told.beats.last().is_some_and(|b| trace.events[steps[b.step]].at.t_us == e.at.t_us);
                if at_send {
                    told.keys.push("crash");
                    let last = told.beats.last().expect("the send's scene");
                    let fact = BeatFact::Crash { fault: *fault, layer, at_send: Some(sent_to) };
                    let beat = Beat::new(last.step, "crash", fact, Some(StoryMark::Crash(i)), told.words);
                    *told.beats.last_mut().expect("the send's scene") = beat;
                    continue;
                }
                let fact = BeatFact::Crash { fault: *fault, layer, at_send: None };
                told.tell(step, "crash", fact, Some(StoryMark::Crash(i)));
            }
            EventKind::Recovered { validator: 0, records } => {
                // The value the restart restored for the story's slot, if any.
                let restored = trace
                    .outcome
                    .recoveries
                    .iter()
                    .find(|r| r.validator == 0 && r.at.t_us == e.at.t_us)
                    .and_then(|r| {
                        r.last_signed.iter().find(|v| {
                            Some((v.height, v.round)) == story_round
                                && story_record.is_none_or(|(_, slot_step)| v.step == slot_step)
                        })
                    })
                    .map(|v| v.value);
                forgot = restored.is_none();
                let after_us = crash_at.map(|c| e.at.t_us.saturating_sub(c));
                let restart = steps[..=step]
                    .iter()
                    .rev()
                    .find(|&&j| matches!(trace.events[j].kind, EventKind::Restarted { validator: 0 }))
                    .map(|&j| StoryMark::Restart(j));
                // Whether A's vote for the story's value left A before this
                // restart (a new engine's send counts; a re-send is after it).
                let sent = trace.messages.iter().any(|m| {
                    m.from == 0
                        && m.signer == 0
                        && m.kind != MsgKind::Proposal
                        && m.value == story_value
                        && Some((m.height, m.round)) == story_round
                        && m.sent_at.t_us < e.at.t_us
                });
                let fact = BeatFact::Recovered { after_us, records: *records, restored, value: story_value, sent };
                told.tell(step, "recovered", fact, restart);
            }
            EventKind::Rebroadcast { validator: 0, value, .. } => told.tell(
                step,
                "rebroadcast",
                BeatFact::Rebroadcast { value: *value },
                message_from_a(trace, e.at.t_us, *value),
            ),
            EventKind::SafetyRefused { validator: 0, wanted, recorded, .. } => {
                told.tell(step, "refused", BeatFact::Refused { proposer, wanted: *wanted, recorded: *recorded }, None)
            }
            EventKind::DuplicateVoteDetected { detector, signer: 0, v1, v2, .. } => told.tell(
                step,
                "detected",
                BeatFact::Detected { detector: *detector, v1: *v1, v2: *v2 },
                Some(StoryMark::Badge(*detector)),
            ),
            _ => {}
        }
    }
    told.beats
}

/// The scenes told so far, and the kinds of moment they told (each kind once).
struct Told<'w> {
    beats: Vec<Beat>,
    keys: Vec<&'static str>,
    words: &'w Words,
}

impl Told<'_> {
    fn has(&self, key: &str) -> bool {
        self.keys.contains(&key)
    }

    /// A scene at player step `step`, unless a moment of its kind was told.
    fn tell(&mut self, step: usize, key: &'static str, fact: BeatFact, mark: Option<StoryMark>) {
        if !self.has(key) {
            self.keys.push(key);
            self.beats.push(Beat::new(step, key, fact, mark, self.words));
        }
    }
}

/// A's pipeline stage named `name` (a chain event's code, e.g. `FENCED`)
/// that is under way or ends at `t_us`.
fn stage_mark(trace: &VoteTrace, name: &str, t_us: u64) -> Option<StoryMark> {
    let a = trace.lanes.first()?;
    a.stages.iter().rposition(|s| s.stage == name && s.start.t_us <= t_us && t_us <= s.end.t_us).map(StoryMark::Stage)
}

/// The fenced bar of A's store that starts at `t_us`.
fn fenced_mark(trace: &VoteTrace, t_us: u64) -> Option<StoryMark> {
    let a = trace.lanes.first()?;
    a.process.iter().position(|p| p.state == ProcessState::Fenced && p.start.t_us == t_us).map(StoryMark::Fenced)
}

/// A's first message at or after `t_us` with `value` (a re-sent vote).
fn message_from_a(trace: &VoteTrace, t_us: u64, value: Value) -> Option<StoryMark> {
    trace
        .messages
        .iter()
        .position(|m| m.from == 0 && m.signer == 0 && m.value == value && m.sent_at.t_us >= t_us)
        .map(StoryMark::Message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::vote::VotePlan;
    use lab_model::registry::{figure_of, Scenario};
    use lab_sim::vote::{FaultKind, FenceReason};

    fn beats_of(id: &str) -> Vec<BeatFact> {
        let spec = figure_of(Scenario::Vote, id).unwrap();
        let figure = VotePlan::new(spec, spec.initial_vote_config()).run();
        figure.beats().iter().map(|b| b.fact.clone()).collect()
    }

    /// Where a scene says A's record is, when it says so.
    fn layer_told(f: &BeatFact) -> Option<Option<Layer>> {
        match f {
            BeatFact::Held { layer, .. }
            | BeatFact::SendX { layer, .. }
            | BeatFact::Crash { layer, .. }
            | BeatFact::Opening { layer, .. } => Some(*layer),
            _ => None,
        }
    }

    #[test]
    fn each_story_is_told_in_a_few_scenes() {
        for id in ["vote-story", "outer-transaction", "uncertain-failure", "interrupt-wait", "restart-recovery"] {
            let beats = beats_of(id);
            assert!((4..=9).contains(&beats.len()), "{id}: {beats:#?}");
        }
    }

    #[test]
    fn the_scenes_tell_each_chapters_lesson() {
        let b1 = beats_of("vote-story");
        assert!(b1.iter().any(|f| layer_told(f) == Some(None)), "written nowhere: {b1:#?}");
        assert!(b1.iter().any(|f| matches!(f, BeatFact::Recovered { records: 0, .. })), "{b1:#?}");
        assert!(matches!(b1.last(), Some(BeatFact::Detected { .. })), "{b1:#?}");
        let b3 = beats_of("outer-transaction");
        assert!(b3.iter().any(|f| layer_told(f) == Some(Some(Layer::Tx))), "{b3:#?}");
        assert_eq!(b3.last(), Some(&BeatFact::OuterEnd { committed: false }), "{b3:#?}");
        let b5 = beats_of("interrupt-wait");
        let interrupt = b5.iter().position(|f| matches!(f, BeatFact::Interrupt { .. })).expect("the interrupt");
        let fenced =
            b5.iter().position(|f| *f == BeatFact::Fenced { reason: FenceReason::Interrupted }).expect("the fence");
        assert!(interrupt < fenced, "{b5:#?}");
        assert!(!b5.iter().any(|f| matches!(f, BeatFact::SendX { to: 1, .. })), "nothing is sent: {b5:#?}");
        let b6 = beats_of("restart-recovery");
        assert!(b6.iter().any(|f| matches!(f, BeatFact::Recovered { records: 1, .. })), "{b6:#?}");
        assert!(b6.iter().any(|f| matches!(f, BeatFact::Refused { .. })), "{b6:#?}");
    }

    /// Every scene's mark is one the drawing has, and the scenes are in step order.
    #[test]
    fn scenes_point_at_marks_the_drawing_has() {
        for id in ["vote-story", "outer-transaction", "uncertain-failure", "interrupt-wait", "restart-recovery"] {
            let spec = figure_of(Scenario::Vote, id).unwrap();
            let figure = VotePlan::new(spec, spec.initial_vote_config()).run();
            let beats = figure.beats();
            assert!(beats.windows(2).all(|w| w[0].step < w[1].step), "{id}");
            let t = &figure.traces()[0];
            for b in beats.iter() {
                assert_eq!(b.sentence, beat_sentence(figure.words(), &b.fact), "{id}");
                match b.mark {
                    Some(StoryMark::Stage(i)) => assert!(i < t.lanes[0].stages.len(), "{id}"),
                    Some(StoryMark::Message(i)) => assert!(i < t.messages.len(), "{id}"),
                    Some(StoryMark::Crash(i) | StoryMark::Restart(i)) => assert!(i < t.events.len(), "{id}"),
                    Some(StoryMark::Badge(v)) => assert!((1..4).contains(&v), "{id}"),
                    Some(StoryMark::Fenced(i)) => assert!(i < t.lanes[0].process.len(), "{id}"),
                    None => {}
                }
            }
        }
    }

    /// Over every variant, crash point and fault of B1's story: a few
    /// scenes, in step order, and a double vote told whenever the run has one.
    #[test]
    fn every_crash_point_is_told_in_a_few_scenes() {
        use lab_sim::vote::Variant;
        let spec = figure_of(Scenario::Vote, "vote-story").unwrap();
        for variant in Variant::ALL {
            for cut in 0..=9u32 {
                for fault in FaultKind::ALL {
                    let config = lab_sim::vote::VoteConfig {
                        variant,
                        crash_after_events: (cut > 0).then_some(cut),
                        fault,
                        ..spec.initial_vote_config()
                    };
                    let figure = VotePlan::new(spec, config).run();
                    let beats = figure.beats();
                    let what = format!("{variant:?} after {cut} {fault:?}: {beats:#?}");
                    assert!((2..=10).contains(&beats.len()), "{what}");
                    assert!(beats.windows(2).all(|w| w[0].step < w[1].step), "{what}");
                    let unsafe_run = !figure.traces()[0].outcome.equivocations.is_empty();
                    let told = beats.iter().any(|b| matches!(b.fact, BeatFact::Detected { .. }));
                    assert_eq!(unsafe_run, told, "{what}");
                }
            }
        }
    }

    /// Scenes of `config`'s run, told over every event (a scene's `step` is its event's index).
    fn scenes(config: &lab_sim::vote::VoteConfig) -> (VoteTrace, Vec<Beat>) {
        let trace = lab_sim::vote::run(config, lab_sim::vote::TraceLevel::Full);
        let steps: Vec<usize> = (0..trace.events.len()).collect();
        let beats = story_beats(&trace, &steps, Words::of(lab_words::Lang::Ko));
        (trace, beats)
    }

    /// B1's story with `variant` and no crash.
    fn uncrashed(variant: lab_sim::vote::Variant) -> lab_sim::vote::VoteConfig {
        let spec = figure_of(Scenario::Vote, "vote-story").unwrap();
        lab_sim::vote::VoteConfig { variant, crash_after_events: None, ..spec.initial_vote_config() }
    }

    /// The scene told at A's pipeline event `name` of the story's action.
    fn scene_at<'a>(trace: &VoteTrace, beats: &'a [Beat], name: &str) -> Option<&'a BeatFact> {
        beats
            .iter()
            .find(|b| matches!(&trace.events[b.step].kind, EventKind::PipelineEvent { validator: 0, name: n, .. } if n == name))
            .map(|b| &b.fact)
    }

    /// Whether a restart after `fault` right after A's `k`-th pipeline event
    /// brings back A's record of X for the story's slot.
    fn x_survives(config: &lab_sim::vote::VoteConfig, k: u32, fault: FaultKind) -> bool {
        let config = lab_sim::vote::VoteConfig { crash_after_events: Some(k), fault, ..config.clone() };
        let trace = lab_sim::vote::run(&config, lab_sim::vote::TraceLevel::Summary);
        let recovery = trace.outcome.recoveries.iter().find(|r| r.validator == 0).expect("a restart");
        recovery
            .last_signed
            .iter()
            .any(|v| (v.height, v.round) == (config.start_height, config.start_round) && v.value == Value::X)
    }

    /// COMMIT names the layer the store profile commits to (the old scene
    /// said the store queue for all three).
    #[test]
    fn the_commit_scene_names_the_store_profiles_layer() {
        use lab_sim::vote::{StoreProfile, Variant};
        let commit = |profile| {
            let (trace, beats) = scenes(&lab_sim::vote::VoteConfig { profile, ..uncrashed(Variant::V0) });
            match scene_at(&trace, &beats, "COMMIT").expect("the commit's scene") {
                BeatFact::Commit { now, .. } => *now,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(commit(StoreProfile::H2Like), Some(Layer::Committed));
        assert_eq!(commit(StoreProfile::WalOsCache), Some(Layer::OsCache));
        assert_eq!(commit(StoreProfile::RocksSyncWal), Some(Layer::Disk));
    }

    /// FSYNC carries the device: one that ignores sync, with its cache window.
    #[test]
    fn the_fsync_scene_knows_a_device_that_ignores_sync() {
        use lab_sim::vote::Variant;
        let fsync = |honours, window_ms| {
            let config = lab_sim::vote::VoteConfig {
                device_honours_sync: honours,
                device_cache_window_ms: window_ms,
                ..uncrashed(Variant::V0)
            };
            let (trace, beats) = scenes(&config);
            scene_at(&trace, &beats, "FSYNC").expect("the sync's scene").clone()
        };
        let device = |honours_sync, cache_window_us| Device { honours_sync, cache_window_us };
        let fact =
            |d| BeatFact::Fsync { before: Some(Layer::OsCache), now: Some(Layer::Disk), device: d, waited: false };
        assert_eq!(fsync(true, 2000), fact(device(true, 2_000_000)));
        assert_eq!(fsync(false, 2000), fact(device(false, 2_000_000)));
        assert_eq!(fsync(false, 0), fact(device(false, 0)));
    }

    /// What a storage scene claims about a fault right after it: (a power
    /// loss keeps the record, a power loss may take it, a kill keeps it, a
    /// kill takes it), as its words say it (`lab_words::vote::beat_sentence`).
    fn claims(f: &BeatFact) -> [bool; 4] {
        let in_layer = |l: Option<Layer>| [false, false, false, l == Some(Layer::Committed)];
        let on_disk = |d: Device| {
            let kept = d.honours_sync || d.cache_window_us == 0;
            [kept, !kept, false, false]
        };
        let in_cache = [false, true, true, false];
        match f {
            BeatFact::Commit { now: Some(Layer::OsCache), .. } => in_cache,
            BeatFact::Commit { now: Some(Layer::Disk), device } => on_disk(*device),
            BeatFact::Commit { now, .. } => in_layer(*now),
            BeatFact::Drain { now: Some(Layer::OsCache), .. } => in_cache,
            BeatFact::Drain { before: Some(Layer::Disk), now: Some(Layer::Disk) } => [false; 4],
            BeatFact::Drain { now, .. } => in_layer(*now),
            BeatFact::Fsync { now: Some(Layer::Disk), waited: true, .. } => [false; 4],
            BeatFact::Fsync { now: Some(Layer::Disk), device, .. } => on_disk(*device),
            BeatFact::Fsync { now, .. } => in_layer(*now),
            _ => [false; 4],
        }
    }

    /// Every claim a storage scene makes about a fault holds in the model:
    /// the same run, crashed by that fault right after the scene's event,
    /// keeps (or loses) A's record of X as the scene says. Over every
    /// variant, store profile and device.
    #[test]
    fn each_storage_scene_is_true_of_a_fault_right_after_it() {
        use lab_sim::vote::{StoreProfile, Variant};
        let mut checked = [0u32; 4];
        for variant in Variant::ALL {
            for profile in StoreProfile::ALL {
                for honours in [true, false] {
                    let config =
                        lab_sim::vote::VoteConfig { profile, device_honours_sync: honours, ..uncrashed(variant) };
                    let (trace, beats) = scenes(&config);
                    for b in &beats {
                        let EventKind::PipelineEvent { validator: 0, index, .. } = &trace.events[b.step].kind else {
                            continue;
                        };
                        let what = format!("{variant:?} {profile:?} honours={honours} after {index}: {:?}", b.fact);
                        let [power_keeps, power_may_lose, kill_keeps, kill_loses] = claims(&b.fact);
                        if power_keeps {
                            assert!(x_survives(&config, *index, FaultKind::Power), "{what}");
                            checked[0] += 1;
                        }
                        if power_may_lose {
                            assert!(!x_survives(&config, *index, FaultKind::Power), "{what}");
                            checked[1] += 1;
                        }
                        if kill_keeps {
                            assert!(x_survives(&config, *index, FaultKind::Kill), "{what}");
                            checked[2] += 1;
                        }
                        if kill_loses {
                            assert!(!x_survives(&config, *index, FaultKind::Kill), "{what}");
                            checked[3] += 1;
                        }
                    }
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 0), "every kind of claim was checked: {checked:?}");
    }

    /// The restart names the value it restored for the story's slot: Y after
    /// I-abort-release's crash at its ninth event (the old scene said X).
    #[test]
    fn the_restart_names_the_value_it_restored() {
        use lab_sim::vote::Variant;
        let spec = figure_of(Scenario::Vote, "vote-story").unwrap();
        let config = lab_sim::vote::VoteConfig {
            variant: Variant::IAbortRelease,
            crash_after_events: Some(9),
            ..spec.initial_vote_config()
        };
        let (_, beats) = scenes(&config);
        let restored = |b: &Beat| match b.fact {
            BeatFact::Recovered { restored, .. } => restored,
            _ => None,
        };
        assert!(beats.iter().any(|b| restored(b) == Some(Value::Y)), "{beats:#?}");
        assert!(!beats.iter().any(|b| restored(b) == Some(Value::X)), "{beats:#?}");
        // Over every variant, crash point and fault: the value named is the one restored.
        for variant in Variant::ALL {
            for cut in 0..=12u32 {
                for fault in FaultKind::ALL {
                    let config = lab_sim::vote::VoteConfig {
                        variant,
                        crash_after_events: Some(cut),
                        fault,
                        ..spec.initial_vote_config()
                    };
                    let (trace, beats) = scenes(&config);
                    let Some(b) =
                        beats.iter().find(|b| matches!(trace.events[b.step].kind, EventKind::Recovered { .. }))
                    else {
                        continue;
                    };
                    let at = trace.events[b.step].at;
                    let recovery = trace.outcome.recoveries.iter().find(|r| r.validator == 0 && r.at == at).unwrap();
                    let slot = (config.start_height, config.start_round);
                    let expected = recovery
                        .last_signed
                        .iter()
                        .find(|v| (v.height, v.round) == slot && v.step == lab_sim::vote::Step::Prevote)
                        .map(|v| v.value);
                    assert_eq!(restored(b), expected, "{variant:?} after {cut} {fault:?}: {:?}", b.fact);
                }
            }
        }
    }

    /// A restarted A's own nil vote is not an offer from the proposer.
    #[test]
    fn a_refused_nil_is_as_own_vote() {
        use lab_sim::vote::Variant;
        let spec = figure_of(Scenario::Vote, "vote-story").unwrap();
        let config = lab_sim::vote::VoteConfig {
            variant: Variant::V0,
            crash_after_events: Some(12),
            ..spec.initial_vote_config()
        };
        let (_, beats) = scenes(&config);
        let refused = beats.iter().find(|b| matches!(b.fact, BeatFact::Refused { .. })).expect("a refusal");
        assert!(
            matches!(refused.fact, BeatFact::Refused { wanted: Value::Nil, recorded: Value::X, .. }),
            "{:?}",
            refused.fact
        );
    }

    /// B6's starting story (V0, killed after its sync) tells the storage and
    /// restart scenes it always told (their words: `lab_words::ko::vote`'s tests).
    #[test]
    fn the_default_stories_keep_their_scenes() {
        let b6 = beats_of("restart-recovery");
        let honest = Device { honours_sync: true, cache_window_us: 2_000_000 };
        for f in [
            BeatFact::Drain { before: Some(Layer::Committed), now: Some(Layer::OsCache) },
            BeatFact::Fsync { before: Some(Layer::OsCache), now: Some(Layer::Disk), device: honest, waited: false },
            BeatFact::Refused { proposer: 3, wanted: Value::Y, recorded: Value::X },
        ] {
            assert!(b6.contains(&f), "{f:?}\n{b6:#?}");
        }
        assert!(b6.iter().any(|f| matches!(f, BeatFact::Commit { now: Some(Layer::Committed), .. })), "{b6:#?}");
        let restart = BeatFact::Recovered {
            after_us: Some(2_000_000),
            records: 1,
            restored: Some(Value::X),
            value: Value::X,
            sent: false,
        };
        assert!(
            b6.iter().any(|f| matches!(f, BeatFact::Recovered { records: 1, restored: Some(Value::X), .. })),
            "{restart:?} {b6:#?}"
        );
        let b1 = beats_of("vote-story");
        assert!(
            b1.iter().any(|f| matches!(f, BeatFact::Recovered { records: 0, restored: None, sent: true, .. })),
            "{b1:#?}"
        );
    }
}
