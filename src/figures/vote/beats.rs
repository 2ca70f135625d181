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
use lab_sim::vote::{
    Device, EventKind, FaultKind, FenceReason, Layer, MsgKind, PipelineStep, ProcessState, Step, StepName, Value,
    VoteTrace, VALIDATOR_NAMES,
};

/// One scene: the player step it happens at, its kind, its sentence, its mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Beat {
    /// The index into the player's steps.
    pub step: usize,
    /// The kind of moment it tells (`sign`, `send-x`, `crash`, `held`,
    /// `interrupt`, `sync-error`, `fenced`, `recovered`, `detected`, …; a crash at the
    /// moment of the first send is one scene, `crash`): what a figure's
    /// opening names (`super::opening`).
    pub key: &'static str,
    pub sentence: String,
    pub mark: Option<StoryMark>,
}

/// Where A's record is, said after "A의 기록은".
pub(super) fn layer_phrase(layer: Option<Layer>) -> &'static str {
    match layer {
        None => "아직 어디에도 쓰이지 않았습니다",
        Some(Layer::Tx) => "커밋되지 않은 트랜잭션 안에 있습니다",
        Some(Layer::Committed) => "커밋은 됐지만 아직 DB 프로세스의 저장 큐에 있습니다",
        Some(Layer::OsCache) => "운영체제의 캐시에 있고, 디스크에는 아직 없습니다",
        Some(Layer::Disk) => "디스크에 있습니다",
        Some(Layer::Lost) => "이미 사라졌습니다",
    }
}

/// The scenes of `trace`'s story among the player's `steps` (indices into
/// its events), in order.
pub fn story_beats(trace: &VoteTrace, steps: &[usize]) -> Vec<Beat> {
    let mut told = Told::default();
    let mut layer: Option<Layer> = None;
    let mut outer_open = false;
    let mut crash_at: Option<u64> = None;
    let mut forgot = false;
    let mut sent_to = "B";
    let mut interrupted = false;
    let mut proposer = "D";
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
                proposer = VALIDATOR_NAMES.get(*signer as usize).copied().unwrap_or("?");
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
                let v = value.label();
                let who = VALIDATOR_NAMES.get(*to as usize).copied().unwrap_or("?");
                told.tell(
                    step,
                    "held",
                    format!(
                        "{who}가 A의 {v} 투표를 받습니다. {who}는 A의 {v} 서명을 쥐었지만, A는 꺼져 있고 A의 기록은 {}.",
                        layer_phrase(layer)
                    ),
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
                    PipelineStep::Sign if !y => told.tell(
                        step,
                        "sign",
                        format!(
                            "A가 {proposer}의 제안 X를 받고 서명합니다.{} 이 서명은 아직 A의 메모리에만 있습니다.",
                            if outer_open { " 호출자가 연 바깥 트랜잭션 안에서입니다." } else { "" }
                        ),
                        mark,
                    ),
                    PipelineStep::Write if !y && outer_open => told.tell(
                        step,
                        "write",
                        "A가 안전 기록을 씁니다. 저장 호출이 바깥 트랜잭션에 합류했기 때문에, 이 기록은 바깥 트랜잭션이 끝날 때까지 커밋되지 않습니다."
                            .to_string(),
                        mark,
                    ),
                    PipelineStep::Commit if !y => {
                        told.tell(step, "commit", scene_words::commit(story_layer, device), mark)
                    }
                    PipelineStep::Drain if !y => {
                        told.tell(step, "drain", scene_words::drain(before, story_layer), mark)
                    }
                    PipelineStep::Fsync if !y => told.tell(
                        step,
                        "fsync",
                        scene_words::fsync(before, story_layer, device, interrupted),
                        mark,
                    ),
                    _ => {}
                }
            }
            EventKind::MessageSent { msg, from: 0, to, signer: 0, msg_kind, value, relayed: false, height, round }
                if *msg_kind != MsgKind::Proposal && !rebroadcast && story_round == Some((*height, *round)) =>
            {
                let mark = message_of(*msg, *to).map(StoryMark::Message);
                let to = VALIDATOR_NAMES.get(*to as usize).copied().unwrap_or("?");
                if *value == Value::X && !told.has("send-x") {
                    sent_to = to;
                    told.tell(
                        step,
                        "send-x",
                        format!(
                            "A가 X 투표를 {to}에게 보냅니다. 이제 네트워크가 A의 X를 압니다. 이 순간 A의 기록은 {}.",
                            layer_phrase(layer)
                        ),
                        mark,
                    );
                } else if *value == Value::Y {
                    let who = if forgot { "X를 기억하지 못하는 A는" } else { "A는" };
                    told.tell(
                        step,
                        "send-y",
                        format!("{proposer}가 같은 자리에 다른 값 Y를 내밀자, {who} Y에 서명해 보냅니다."),
                        mark,
                    );
                }
            }
            EventKind::InterruptDelivered { validator: 0, stage } => {
                interrupted = true;
                told.tell(
                    step,
                    "interrupt",
                    format!(
                        "{} 기다리는 사이 A에게 중단 요청이 옵니다. {}",
                        interrupted_wait(stage),
                        match stage.as_str() {
                            "COMMIT" => "기록이 커밋됐는지는 아직 아무도 모릅니다.",
                            "DRAIN" => "저장 큐가 비워졌는지는 아직 아무도 모릅니다.",
                            _ => "기록이 디스크에 닿았는지는 아직 아무도 모릅니다.",
                        }
                    ),
                    stage_mark(trace, stage, e.at.t_us),
                )
            }
            EventKind::SyncErrorRaised { validator: 0 } => told.tell(
                step,
                "sync-error",
                "파일 동기화가 오류로 끝납니다. 기록이 디스크에 닿았는지 A는 알 수 없습니다.".to_string(),
                stage_mark(trace, "FSYNC_ERR", e.at.t_us),
            ),
            EventKind::Fenced { validator: 0, reason } => told.tell(
                step,
                "fenced",
                match reason {
                    FenceReason::Interrupted => "중단된 호출은 실패로 돌아오고, A는 안전 저장소를 차단합니다. 결과를 모르는 기록을 믿고 X를 보내지 않습니다.",
                    FenceReason::SyncError => "A는 결과를 모르는 기록을 믿고 보내지 않고, 안전 저장소를 차단해 스스로 멈춥니다.",
                }
                .to_string(),
                fenced_mark(trace, e.at.t_us),
            ),
            EventKind::EngineOpenRefused { validator: 0 } => told.tell(
                step,
                "engine-refused",
                "같은 저장소 위에 새 엔진을 열려 해도, 차단된 저장소가 거부합니다. 프로세스를 다시 시작해 보존된 기록을 복원하고 확인하기 전에는 A가 다시 투표하지 못합니다."
                    .to_string(),
                None,
            ),
            EventKind::JoinRefused { validator: 0 } => told.tell(
                step,
                "join-refused",
                "A의 저장 호출이 바깥 트랜잭션 안에서 불렸으므로, 저장소는 합류를 거절하고 오류를 돌려줍니다. 기록도 전송도 없습니다."
                    .to_string(),
                stage_mark(trace, "WRITE_REFUSED", e.at.t_us),
            ),
            EventKind::StoreAccessRefused { validator: 0 } => told.tell(
                step,
                "access-refused",
                "차단된 저장소는 A의 읽기와 쓰기를 모두 거부합니다.".to_string(),
                None,
            ),
            EventKind::EngineRecreated { validator: 0 } => told.tell(
                step,
                "engine-recreated",
                "A가 같은 저장소 위에 새 엔진을 만들어 그냥 계속합니다. 결과를 모르는 기록은 그대로 둔 채입니다.".to_string(),
                None,
            ),
            EventKind::ConnReturnedWhilePending { validator: 0 } => told.tell(
                step,
                "conn-returned",
                "A가 저장 작업이 남은 DB 연결을 곧바로 풀에 반납합니다. 호출자는 \"기록 안 됨\"으로 믿지만, 기록은 뒤늦게 생길 수 있습니다."
                    .to_string(),
                None,
            ),
            EventKind::OuterTxEnded { validator: 0, committed } => told.tell(
                step,
                "outer-end",
                if *committed {
                    "바깥 트랜잭션이 커밋되면서, 그 안에 있던 A의 기록도 이제야 커밋됩니다."
                } else {
                    "바깥 트랜잭션이 롤백되면서 A의 기록도 함께 지워집니다. X 투표는 이미 나갔는데, 그것을 기억할 기록이 없습니다."
                }
                .to_string(),
                stage_mark(trace, if *committed { "OUTER_COMMIT" } else { "OUTER_ROLLBACK" }, e.at.t_us),
            ),
            EventKind::Crashed { validator: 0, fault } => {
                crash_at = Some(e.at.t_us);
                let what = match fault {
                    FaultKind::Kill => "A의 프로세스가 강제로 종료됩니다",
                    FaultKind::Power => "A가 도는 기계의 전원이 나갑니다",
                };
                // A crash at the very moment of the first send is one scene:
                // the drawing cannot tell the two moments apart.
                let at_send = told.keys.last() == Some(&"send-x")
                    && told.beats.last().is_some_and(|b| trace.events[steps[b.step]].at.t_us == e.at.t_us);
                if at_send {
                    told.keys.push("crash");
                    let last = told.beats.last_mut().expect("the send's scene");
                    last.sentence = format!(
                        "A가 X 투표를 {sent_to}에게 보내자마자 ⚡ {what}. 그 순간 A의 기록은 {}.",
                        layer_phrase(layer)
                    );
                    last.mark = Some(StoryMark::Crash(i));
                    last.key = "crash";
                    continue;
                }
                let sentence = format!("⚡ {what}. 그 순간 A의 기록은 {}.", layer_phrase(layer));
                told.tell(step, "crash", sentence, Some(StoryMark::Crash(i)));
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
                let after = crash_at.map(|c| format!("{} 뒤 ", gap_ko(e.at.t_us.saturating_sub(c)))).unwrap_or_default();
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
                told.tell(
                    step,
                    "recovered",
                    format!("{after}{}", scene_words::recovered(*records, restored, story_value, sent)),
                    restart,
                );
            }
            EventKind::Rebroadcast { validator: 0, value, .. } => told.tell(
                step,
                "rebroadcast",
                format!(
                    "A는 기록해 둔 {} 투표를 같은 서명으로 다시 보냅니다. 같은 바이트이니 이중 투표가 아닙니다.",
                    value.label()
                ),
                message_from_a(trace, e.at.t_us, *value),
            ),
            EventKind::SafetyRefused { validator: 0, wanted, recorded, .. } => {
                told.tell(step, "refused", scene_words::refused(proposer, *wanted, *recorded), None)
            }
            EventKind::DuplicateVoteDetected { detector, signer: 0, v1, v2, .. } => told.tell(
                step,
                "detected",
                format!(
                    "{}가 A의 {}와 {} 서명을 모두 쥡니다. 같은 자리에 두 값을 서명한 이중 투표의 증거입니다.",
                    VALIDATOR_NAMES.get(*detector as usize).copied().unwrap_or("?"),
                    v1.label(),
                    v2.label()
                ),
                Some(StoryMark::Badge(*detector)),
            ),
            _ => {}
        }
    }
    told.beats
}

/// The sentences of the scenes that depend on where the record is, on the
/// device under the store and on what a restart restored (issue 39: true in
/// every store profile, with a device that ignores sync, and whatever value
/// the restart brings back). Every Korean word of these scenes is here.
mod scene_words {
    use super::{gap_ko, layer_phrase};
    use lab_model::korean::{ending, with_particle, Ending, Particle};
    use lab_sim::vote::{Device, Layer, Value};

    /// COMMIT: the record's layer right after the commit (the store profile's:
    /// the store queue, the OS cache or, with a synchronous WAL, the disk).
    pub(super) fn commit(now: Option<Layer>, device: Device) -> String {
        let head = "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다.";
        match now {
            Some(Layer::Committed) => format!("{head} 커밋은 됐지만, 기록은 아직 DB 프로세스의 저장 큐에 있습니다."),
            Some(Layer::OsCache) => format!(
                "{head} 이 저장소는 커밋하면서 기록을 운영체제의 캐시까지 넘깁니다. \
                 이제 프로세스가 죽어도 남지만, 디스크에는 아직 없어 전원이 나가면 사라질 수 있습니다."
            ),
            Some(Layer::Disk) => {
                format!("{head} 이 저장소는 커밋하면서 기록을 디스크까지 동기화합니다.{}", on_disk(device))
            }
            other => format!("{head} 이 순간 A의 기록은 {}.", layer_phrase(other)),
        }
    }

    /// DRAIN: the store queue is emptied; the record moves to the OS cache,
    /// or stays where the commit already put it.
    pub(super) fn drain(before: Option<Layer>, now: Option<Layer>) -> String {
        match (before, now) {
            (Some(Layer::OsCache), Some(Layer::OsCache)) => {
                "저장 큐가 비워집니다. 기록은 이미 운영체제의 캐시에 있었으니 달라지는 것이 없습니다. \
                 프로세스가 죽어도 남지만, 전원이 나가면 사라질 수 있습니다."
                    .to_string()
            }
            (_, Some(Layer::OsCache)) => "저장 큐가 비워져 기록이 운영체제의 캐시로 넘어갑니다. \
                 이제 프로세스가 죽어도 남지만, 전원이 나가면 사라질 수 있습니다."
                .to_string(),
            (Some(Layer::Disk), Some(Layer::Disk)) => {
                "저장 큐가 비워집니다. 기록은 이미 디스크에 닿아 있었으니 달라지는 것이 없습니다.".to_string()
            }
            (_, other) => format!("저장 큐가 비워집니다. 이 순간 A의 기록은 {}.", layer_phrase(other)),
        }
    }

    /// FSYNC: the sync returns; the record reaches the disk (or was there
    /// since the commit), and a device that ignores sync may still lose it.
    /// `waited`: A kept the connection through an interrupt until now.
    pub(super) fn fsync(before: Option<Layer>, now: Option<Layer>, device: Device, waited: bool) -> String {
        let wait = if waited { "A는 DB 연결을 놓지 않고 기다립니다. " } else { "" };
        let reached = match (before, now) {
            (Some(Layer::Disk), Some(Layer::Disk)) => {
                "파일 동기화가 끝납니다. 기록은 이미 디스크에 닿아 있었습니다.".to_string()
            }
            (_, Some(Layer::Disk)) => "파일 동기화가 끝나 기록이 디스크에 닿습니다.".to_string(),
            (_, other) => return format!("{wait}파일 동기화가 끝납니다. 이 순간 A의 기록은 {}.", layer_phrase(other)),
        };
        // The waiting story's scene is about the wait; the fence comes next.
        let kept = if waited { String::new() } else { on_disk(device) };
        format!("{wait}{reached}{kept}")
    }

    /// What a power loss does to a record now on disk (after a space): a
    /// device that ignores sync loses writes younger than its cache window.
    fn on_disk(device: Device) -> String {
        if device.honours_sync || device.cache_window_us == 0 {
            " 이제 전원이 나가도 남습니다.".to_string()
        } else {
            format!(
                " 하지만 이 장치는 동기화를 지키지 않습니다. 동기화가 성공했다고 돌아와도, \
                 디스크에 닿고 {} 안에 전원이 나가면 기록은 사라질 수 있습니다.",
                gap_ko(device.cache_window_us)
            )
        }
    }

    /// A restarted A refuses to sign `wanted` where its record holds
    /// `recorded`: a value the proposer offers, or a nil vote of its own.
    pub(super) fn refused(proposer: &str, wanted: Value, recorded: Value) -> String {
        let (w, r) = (wanted.label(), recorded.label());
        let offer = if wanted.is_nil() {
            format!("A가 같은 자리에 {w} 투표를 하려 하지만,")
        } else {
            format!("{proposer}가 같은 자리에 다른 값 {} 내밀지만, A는", with_particle(&w, Particle::EulReul))
        };
        format!("{offer} 기록에 {} 있으니 {w}에 서명하지 않습니다.", with_particle(&r, Particle::IGa))
    }

    /// The restart: how many records came back and what A now remembers of
    /// the story's slot: `restored` is the value restored for it (none: A
    /// forgot), `value` the one it was asked to vote for, `sent` whether
    /// that vote left A before the crash.
    pub(super) fn recovered(records: u32, restored: Option<Value>, value: Value, sent: bool) -> String {
        let v = value.label();
        let head = if records == 0 {
            "A가 다시 시작하지만 복원할 안전 기록이 없습니다.".to_string()
        } else if restored.is_some() {
            format!("A가 다시 시작해 안전 기록 {records}개를 복원합니다.")
        } else {
            format!("A가 다시 시작해 안전 기록 {records}개를 복원하지만, 그중에 이 자리의 기록은 없습니다.")
        };
        let memory = match restored {
            Some(r) if r == value => format!("A는 자기가 {v}에 투표했다는 것을 기억합니다."),
            Some(r) => {
                let r = r.label();
                let was = if ending(&v) == Ending::Vowel { "였습니다" } else { "이었습니다" };
                let earlier = if sent { format!(" 앞서 내보낸 투표는 {v}{was}.") } else { String::new() };
                format!("이 자리의 마지막 기록은 {r}이므로, A는 자기가 {r}에 투표했다는 것을 기억합니다.{earlier}")
            }
            None if sent => format!("A는 자기가 {v}에 투표했다는 사실을 잊었습니다."),
            None => format!("A는 {v}에 서명했던 일을 잊었지만, 그 투표는 아무에게도 나가지 않았습니다."),
        };
        format!("{head} {memory}")
    }
}

/// The scenes told so far, and the kinds of moment they told (each kind once).
#[derive(Default)]
struct Told {
    beats: Vec<Beat>,
    keys: Vec<&'static str>,
}

impl Told {
    fn has(&self, key: &str) -> bool {
        self.keys.contains(&key)
    }

    /// A scene at player step `step`, unless a moment of its kind was told.
    fn tell(&mut self, step: usize, key: &'static str, sentence: String, mark: Option<StoryMark>) {
        if !self.has(key) {
            self.keys.push(key);
            self.beats.push(Beat { step, key, sentence, mark });
        }
    }
}

/// The wait an interrupt cut, said before "기다리는".
fn interrupted_wait(stage: &str) -> &'static str {
    match stage {
        "COMMIT" => "커밋을",
        "DRAIN" => "저장 큐 비우기를",
        _ => "파일 동기화를",
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

/// A gap in seconds or milliseconds, as the sentences say it ("2초", "150ms").
pub(super) fn gap_ko(us: u64) -> String {
    if us >= 1_000_000 {
        let s = format!("{:.1}", us as f64 / 1e6);
        format!("{}초", s.trim_end_matches(".0"))
    } else {
        format!("{}ms", us / 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::vote::VotePlan;
    use lab_model::registry::{figure_of, Scenario};

    fn beats_of(id: &str) -> Vec<String> {
        let spec = figure_of(Scenario::Vote, id).unwrap();
        let figure = VotePlan::new(spec, spec.initial_vote_config()).run();
        figure.beats().iter().map(|b| b.sentence.clone()).collect()
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
        assert!(b1.iter().any(|s| s.contains("아직 어디에도 쓰이지 않았습니다")), "{b1:#?}");
        assert!(b1.iter().any(|s| s.contains("복원할 안전 기록이 없습니다")), "{b1:#?}");
        assert!(b1.last().unwrap().contains("이중 투표의 증거"), "{b1:#?}");
        let b3 = beats_of("outer-transaction");
        assert!(b3.iter().any(|s| s.contains("커밋되지 않은 트랜잭션 안에")), "{b3:#?}");
        assert!(b3.last().unwrap().contains("롤백"), "{b3:#?}");
        let b5 = beats_of("interrupt-wait");
        let interrupt = b5.iter().position(|s| s.contains("중단 요청이 옵니다")).expect("the interrupt");
        let fenced = b5.iter().position(|s| s.contains("차단합니다")).expect("the fence");
        assert!(interrupt < fenced, "{b5:#?}");
        assert!(!b5.iter().any(|s| s.contains("X 투표를 B에게 보냅니다")), "nothing is sent: {b5:#?}");
        let b6 = beats_of("restart-recovery");
        assert!(b6.iter().any(|s| s.contains("안전 기록 1개를 복원")), "{b6:#?}");
        assert!(b6.iter().any(|s| s.contains("서명하지 않습니다")), "{b6:#?}");
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
        use lab_sim::vote::{FaultKind, Variant};
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
                    assert_eq!(unsafe_run, beats.iter().any(|b| b.sentence.contains("이중 투표의 증거")), "{what}");
                }
            }
        }
    }

    /// Scenes of `config`'s run, told over every event (a scene's `step` is its event's index).
    fn scenes(config: &lab_sim::vote::VoteConfig) -> (VoteTrace, Vec<Beat>) {
        let trace = lab_sim::vote::run(config, lab_sim::vote::TraceLevel::Full);
        let steps: Vec<usize> = (0..trace.events.len()).collect();
        let beats = story_beats(&trace, &steps);
        (trace, beats)
    }

    /// B1's story with `variant` and no crash.
    fn uncrashed(variant: lab_sim::vote::Variant) -> lab_sim::vote::VoteConfig {
        let spec = figure_of(Scenario::Vote, "vote-story").unwrap();
        lab_sim::vote::VoteConfig { variant, crash_after_events: None, ..spec.initial_vote_config() }
    }

    /// The scene told at A's pipeline event `name` of the story's action.
    fn scene_at<'a>(trace: &VoteTrace, beats: &'a [Beat], name: &str) -> Option<&'a str> {
        beats
            .iter()
            .find(|b| matches!(&trace.events[b.step].kind, EventKind::PipelineEvent { validator: 0, name: n, .. } if n == name))
            .map(|b| b.sentence.as_str())
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
    /// said "저장 큐" for all three); H2-like's scene is as it was.
    #[test]
    fn the_commit_scene_names_the_store_profiles_layer() {
        use lab_sim::vote::{StoreProfile, Variant};
        let commit = |profile| {
            let (trace, beats) = scenes(&lab_sim::vote::VoteConfig { profile, ..uncrashed(Variant::V0) });
            scene_at(&trace, &beats, "COMMIT").expect("the commit's scene").to_string()
        };
        assert_eq!(
            commit(StoreProfile::H2Like),
            "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 커밋은 됐지만, 기록은 아직 DB 프로세스의 저장 큐에 있습니다."
        );
        let os = commit(StoreProfile::WalOsCache);
        assert!(os.contains("운영체제의 캐시까지") && !os.contains("저장 큐"), "{os}");
        let disk = commit(StoreProfile::RocksSyncWal);
        assert!(
            disk.contains("디스크까지") && disk.contains("전원이 나가도 남습니다") && !disk.contains("저장 큐"),
            "{disk}"
        );
    }

    /// With a device that ignores sync, FSYNC says the sync reported success
    /// and that a power loss can still take the record, for as long as the
    /// device's cache window; with no window, the record is safe.
    #[test]
    fn the_fsync_scene_warns_of_a_device_that_ignores_sync() {
        use lab_sim::vote::Variant;
        let fsync = |honours, window_ms| {
            let config = lab_sim::vote::VoteConfig {
                device_honours_sync: honours,
                device_cache_window_ms: window_ms,
                ..uncrashed(Variant::V0)
            };
            let (trace, beats) = scenes(&config);
            scene_at(&trace, &beats, "FSYNC").expect("the sync's scene").to_string()
        };
        assert_eq!(fsync(true, 2000), "파일 동기화가 끝나 기록이 디스크에 닿습니다. 이제 전원이 나가도 남습니다.");
        let lying = fsync(false, 2000);
        assert!(lying.contains("동기화가 성공했다고 돌아와도"), "{lying}");
        assert!(lying.contains("2초 안에 전원이 나가면 기록은 사라질 수 있습니다"), "{lying}");
        assert!(!lying.contains("전원이 나가도 남습니다"), "{lying}");
        assert!(fsync(false, 0).contains("이제 전원이 나가도 남습니다"));
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
                        let s = &b.sentence;
                        let what = format!("{variant:?} {profile:?} honours={honours} after {index}: {s}");
                        if s.contains("전원이 나가도 남습니다") {
                            assert!(x_survives(&config, *index, FaultKind::Power), "{what}");
                            checked[0] += 1;
                        }
                        if s.contains("전원이 나가면") && s.contains("사라질 수 있습니다") {
                            assert!(!x_survives(&config, *index, FaultKind::Power), "{what}");
                            checked[1] += 1;
                        }
                        if s.contains("프로세스가 죽어도 남") {
                            assert!(x_survives(&config, *index, FaultKind::Kill), "{what}");
                            checked[2] += 1;
                        }
                        if s.contains("저장 큐에 있습니다") {
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
        assert!(beats.iter().any(|b| b.sentence.contains("A는 자기가 Y에 투표했다는 것을 기억합니다")), "{beats:#?}");
        assert!(!beats.iter().any(|b| b.sentence.contains("X에 투표했다는 것을 기억")), "{beats:#?}");
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
                    let restored = recovery
                        .last_signed
                        .iter()
                        .find(|v| (v.height, v.round) == slot && v.step == lab_sim::vote::Step::Prevote)
                        .map(|v| v.value);
                    let what = format!("{variant:?} after {cut} {fault:?}: {}", b.sentence);
                    match restored {
                        Some(v) => {
                            assert!(
                                b.sentence.contains(&format!("{}에 투표했다는 것을 기억합니다", v.label())),
                                "{what}"
                            )
                        }
                        None => assert!(b.sentence.contains("잊었"), "{what}"),
                    }
                }
            }
        }
    }

    /// A restarted A's own nil vote is not an offer from the proposer, and
    /// the particles follow the value (nil을, not nil를).
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
        let refused = beats.iter().find(|b| b.sentence.contains("서명하지 않습니다")).expect("a refusal");
        assert_eq!(
            refused.sentence,
            "A가 같은 자리에 nil 투표를 하려 하지만, 기록에 X가 있으니 nil에 서명하지 않습니다."
        );
    }

    /// B6's starting story (V0, killed after its sync) tells its storage and
    /// restart scenes in the words it always had.
    #[test]
    fn the_default_stories_keep_their_words() {
        let b6 = beats_of("restart-recovery");
        for s in [
            "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 커밋은 됐지만, 기록은 아직 DB 프로세스의 저장 큐에 있습니다.",
            "저장 큐가 비워져 기록이 운영체제의 캐시로 넘어갑니다. 이제 프로세스가 죽어도 남지만, 전원이 나가면 사라질 수 있습니다.",
            "파일 동기화가 끝나 기록이 디스크에 닿습니다. 이제 전원이 나가도 남습니다.",
            "2초 뒤 A가 다시 시작해 안전 기록 1개를 복원합니다. A는 자기가 X에 투표했다는 것을 기억합니다.",
            "D가 같은 자리에 다른 값 Y를 내밀지만, A는 기록에 X가 있으니 Y에 서명하지 않습니다.",
        ] {
            assert!(b6.iter().any(|b| b == s), "{s}\n{b6:#?}");
        }
        let b1 = beats_of("vote-story");
        let forgot =
            "2초 뒤 A가 다시 시작하지만 복원할 안전 기록이 없습니다. A는 자기가 X에 투표했다는 사실을 잊었습니다.";
        assert!(b1.iter().any(|b| b == forgot), "{b1:#?}");
    }
}
