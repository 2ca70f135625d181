//! The Korean words of Article B's figures (layers, consensus steps, and
//! the variant, fault, step and round names `lab_model::vote_words` keeps
//! for `lab check` too, re-exported here), the one-line descriptions of
//! trace events the player shows, the text alternative of a story, and the
//! work cap's notices.

use lab_model::korean::{with_particle, Particle};
pub use lab_model::vote_words::{fault_ko, round_ko, step_ko, step_name_ko, variant_ko};
use lab_sim::vote::{
    ConflictSource, EventKind, InterruptStage, Layer, MsgKind, PipelineStep, Step, StepName, StoreProfile, TraceEvent,
    Value, Verdict, VoteTrace, WorkCapped, VALIDATOR_NAMES,
};

pub fn profile_ko(p: StoreProfile) -> &'static str {
    match p {
        StoreProfile::H2Like => "H2형 (커밋 → 저장 큐)",
        StoreProfile::WalOsCache => "커밋 시 OS 캐시",
        StoreProfile::RocksSyncWal => "동기식 WAL (커밋 = 디스크)",
    }
}

pub fn conflict_ko(c: ConflictSource) -> &'static str {
    match c {
        ConflictSource::ByzantineY => "제안자가 A에게 Y를 보냄",
        ConflictSource::NilTimeout => "제안 시간 초과 → nil 투표",
    }
}

pub fn verdict_ko(v: Verdict) -> &'static str {
    match v {
        Verdict::Safe => "안전",
        Verdict::Unsafe => "이중 투표 가능",
        Verdict::Fenced => "차단(멈춤)",
    }
}

/// A storage layer's Korean name (the chapters' words: 저장 큐, OS 캐시, 디스크).
pub fn layer_ko(l: Layer) -> &'static str {
    match l {
        Layer::Tx => "트랜잭션",
        Layer::Committed => "저장 큐",
        Layer::OsCache => "OS 캐시",
        Layer::Disk => "디스크",
        Layer::Lost => "유실",
    }
}

/// A storage layer's code name (`Tx`, `Committed`, `OsCache`, `Disk`), kept
/// beside the Korean name in text alternatives and tooltips.
pub fn layer_code(l: Layer) -> &'static str {
    match l {
        Layer::Tx => "Tx",
        Layer::Committed => "Committed",
        Layer::OsCache => "OsCache",
        Layer::Disk => "Disk",
        Layer::Lost => "Lost",
    }
}

/// A short Korean name of a step for narrow places in the figures (at most
/// four syllables, so a label fits between two close events).
pub fn step_short_ko(step: PipelineStep) -> &'static str {
    match step {
        PipelineStep::Start => "시작",
        PipelineStep::Sign => "서명",
        PipelineStep::Write => "기록",
        PipelineStep::WriteRefused => "거절",
        PipelineStep::Commit => "커밋",
        PipelineStep::Drain => "비우기",
        PipelineStep::Fsync => "동기화",
        PipelineStep::FsyncError => "동기화 오류",
        PipelineStep::SyncCall => "SQL 동기화",
        PipelineStep::InterruptAt(_) => "중단",
        PipelineStep::Send(0) => "→A",
        PipelineStep::Send(1) => "→B",
        PipelineStep::Send(2) => "→C",
        PipelineStep::Send(3) => "→D",
        PipelineStep::Send(_) => "전송",
        PipelineStep::OuterBegin => "바깥 시작",
        PipelineStep::OuterCommit => "바깥 커밋",
        PipelineStep::OuterRollback => "바깥 롤백",
        PipelineStep::Fenced => "차단",
        PipelineStep::NewEngine => "새 엔진",
    }
}

/// What a step still under way at the player's cursor is waiting for, in
/// the short form of [`step_short_ko`]: a step that will end in failure
/// (a sync error, a refused join, a cut by an interrupt) is drawn by what
/// it is doing, since its outcome is not known yet at that moment.
pub fn step_pending_ko(step: PipelineStep) -> &'static str {
    match step {
        PipelineStep::FsyncError | PipelineStep::InterruptAt(InterruptStage::Fsync) => "동기화",
        PipelineStep::InterruptAt(InterruptStage::Drain) => "비우기",
        PipelineStep::InterruptAt(InterruptStage::Commit) => "커밋",
        PipelineStep::WriteRefused => "기록",
        other => step_short_ko(other),
    }
}

/// The same wait in a sentence's words, with its object particle
/// (B4's opening: "A가 파일 동기화의 답을 기다립니다").
pub fn step_pending_long_ko(step: PipelineStep) -> &'static str {
    match step {
        PipelineStep::Fsync | PipelineStep::FsyncError | PipelineStep::InterruptAt(InterruptStage::Fsync) => {
            "파일 동기화"
        }
        PipelineStep::Drain | PipelineStep::InterruptAt(InterruptStage::Drain) => "저장 큐 비우기",
        PipelineStep::Commit | PipelineStep::InterruptAt(InterruptStage::Commit) => "커밋",
        PipelineStep::SyncCall => "동기화 호출",
        PipelineStep::Write | PipelineStep::WriteRefused => "기록",
        _ => "처리 단계",
    }
}

/// A consensus step in a word (B6's record chips: `h3 사전 X`).
pub fn consensus_step_ko(step: Step) -> &'static str {
    match step {
        Step::Propose => "제안",
        Step::Prevote => "사전",
        Step::Precommit => "커밋",
        Step::Commit => "확정",
    }
}

/// A consensus step's Korean name, as the glossary has it (the player's status line).
pub fn consensus_step_long_ko(step: Step) -> &'static str {
    match step {
        Step::Propose => "제안",
        Step::Prevote => "사전 투표",
        Step::Precommit => "커밋 투표",
        Step::Commit => "확정",
    }
}

/// A pipeline event name (a `StepName`'s text) in Korean, for row headers
/// and slider labels: `"SIGN(Y)"` → `"서명 (Y)"`; a name that is not a step
/// stays as it is.
pub fn event_ko(name: &str) -> String {
    StepName::parse(name).map_or_else(|| name.to_string(), step_name_ko)
}

fn value_label(v: Value) -> String {
    v.label()
}

/// Korean one-line description of a trace event (the player's status line).
pub fn describe_event(e: &TraceEvent) -> String {
    let n = |v: u32| VALIDATOR_NAMES.get(v as usize).copied().unwrap_or("?");
    let t = fmt_time(e.at.t_us);
    let what = match &e.kind {
        EventKind::StepEntered { validator, height, round, step } => {
            format!(
                "{}가 높이 {height}, {}의 {} 단계에 들어감",
                n(*validator),
                round_ko(*round),
                consensus_step_long_ko(*step)
            )
        }
        EventKind::PipelineEvent { validator, name, index, .. } => {
            format!("{}의 처리 단계 '{}' 완료 ({}번째 사건, 코드 이름 {})", n(*validator), event_ko(name), index, name)
        }
        EventKind::BackgroundStep { validator, name, .. } => {
            format!("{}의 백그라운드 작업 '{}' 완료 (코드 이름 {name})", n(*validator), event_ko(name))
        }
        EventKind::MessageSent { from, to, msg_kind, value, signer, relayed, .. } => format!(
            "{}가 {}에게 {}의 {} {} 전송{}",
            n(*from),
            n(*to),
            n(*signer),
            kind_ko(*msg_kind),
            value_label(*value),
            if *relayed { " (중계)" } else { "" }
        ),
        EventKind::MessageReceived { from, to, msg_kind, value, signer, .. } => {
            format!(
                "{}가 {}로부터 {}의 {} {} 수신",
                n(*to),
                n(*from),
                n(*signer),
                kind_ko(*msg_kind),
                value_label(*value)
            )
        }
        EventKind::RecordLayerChanged { validator, layer, .. } => {
            format!("{}의 안전 기록이 {}({}) 계층으로", n(*validator), layer_ko(*layer), layer_code(*layer))
        }
        EventKind::Crashed { validator, fault } => format!("⚡ {}에 {}", n(*validator), fault_ko(*fault)),
        EventKind::Restarted { validator } => format!("{} 재시작", n(*validator)),
        EventKind::Recovered { validator, records } => format!("{}가 안전 기록 {records}개를 복원", n(*validator)),
        EventKind::Fenced { validator, .. } => format!("{}의 안전 저장소 차단", n(*validator)),
        EventKind::EngineRecreated { validator } => format!("{}가 같은 저장소 위에 새 엔진을 만듦", n(*validator)),
        EventKind::EngineOpenRefused { validator } => format!("차단된 저장소가 {}의 새 엔진을 거부", n(*validator)),
        EventKind::StoreAccessRefused { validator } => format!("차단된 저장소가 {}의 읽기·쓰기를 거부", n(*validator)),
        EventKind::SafetyRefused { validator, wanted, recorded, .. } => format!(
            "{}가 {} 서명을 거부 (기록에 {}가 있음)",
            n(*validator),
            value_label(*wanted),
            value_label(*recorded)
        ),
        EventKind::Rebroadcast { validator, value, .. } => {
            format!("{}가 기록해 둔 {} 투표를 같은 서명으로 다시 보냄", n(*validator), value_label(*value))
        }
        EventKind::JoinRefused { validator } => {
            format!("{}의 저장 호출이 바깥 트랜잭션 합류를 거절당함", n(*validator))
        }
        EventKind::SyncErrorRaised { validator } => {
            format!("{}의 파일 동기화에서 예외 (결과를 알 수 없음)", n(*validator))
        }
        EventKind::InterruptDelivered { validator, stage } => {
            format!("{}의 {} 대기 중 중단 요청", n(*validator), event_ko(stage))
        }
        EventKind::ConnReturnedWhilePending { validator } => {
            format!("경고: {}가 작업이 남은 연결을 풀에 반납", n(*validator))
        }
        EventKind::OuterTxEnded { validator, committed } => {
            format!(
                "{}의 바깥 트랜잭션 {}",
                n(*validator),
                if *committed { "커밋" } else { "롤백 — 안전 기록도 지워짐" }
            )
        }
        EventKind::DuplicateVoteDetected { detector, signer, v1, v2, .. } => format!(
            "{}가 {}의 이중 투표 증거를 쥠 ({}와 {})",
            n(*detector),
            n(*signer),
            value_label(*v1),
            value_label(*v2)
        ),
        EventKind::ConflictInjected { from, to, value } => {
            format!("{}가 {}에게 충돌 값 {} 제시", n(*from), n(*to), value_label(*value))
        }
        EventKind::TimeoutFired { validator, step, .. } => {
            format!("{}의 {} 시간 초과", n(*validator), consensus_step_long_ko(*step))
        }
        EventKind::Finalized { validator, height, value } => {
            format!("{}가 높이 {height}에서 {} 확정", n(*validator), value_label(*value))
        }
        EventKind::CaughtUp { validator, to_height } => format!("{}가 높이 {to_height}까지 따라잡음", n(*validator)),
        EventKind::TxSubmitted { tx } => format!("거래 {tx} 제출"),
        EventKind::TxFinalized { tx, height } => {
            format!("거래 {} 높이 {height}에서 확정", with_particle(&tx.to_string(), Particle::IGa))
        }
        EventKind::StatusAnswered { validator, latency_us, .. } => {
            format!("{}의 상태 조회 응답 ({}µs)", n(*validator), latency_us)
        }
    };
    format!("{t}: {what}")
}

pub(crate) fn kind_ko(k: MsgKind) -> &'static str {
    match k {
        MsgKind::Proposal => "제안",
        MsgKind::Prevote => "사전 투표",
        MsgKind::Precommit => "커밋 투표",
    }
}

/// `1.234ms` below a second, `2.003s` above.
pub fn fmt_time(t_us: u64) -> String {
    if t_us < 1_000_000 {
        format!("{:.3}ms", t_us as f64 / 1000.0)
    } else {
        format!("{:.3}s", t_us as f64 / 1e6)
    }
}

/// The earliest stop among the runs the work cap stopped, with its run.
fn earliest_capped<'a>(traces: impl IntoIterator<Item = &'a VoteTrace>) -> Option<(&'a VoteTrace, WorkCapped)> {
    traces.into_iter().filter_map(|t| t.capped.map(|c| (t, c))).min_by_key(|(_, c)| c.at_us)
}

/// The page's notice when the work cap (`sim::vote::MAX_EVENTS`) stopped any
/// of a figure's runs, in Korean; `None` when every run is whole. When every
/// cost of a height is zero (`VoteTiming::costs_nothing`), it says that the
/// setting, though inside the documented ranges, is not a real device's.
pub fn cap_notice_ko<'a>(traces: impl IntoIterator<Item = &'a VoteTrace>) -> Option<String> {
    let (trace, cap) = earliest_capped(traces)?;
    let mut s = format!(
        "작업량 상한: 이 설정은 사건이 많아 {} 시점에서 실행을 멈췄습니다 (실행 한 번에 사건 최대 {}개, 관찰 구간 {}).",
        fmt_time(cap.at_us),
        cap.max_events,
        fmt_time(cap.horizon_us)
    );
    if trace.config.timing.costs_nothing() {
        s.push_str(
            " 서명·WAL 쓰기·커밋·비우기·동기화·전송 시간과 확정 후 대기가 모두 0이라 높이 하나가 몇 µs 만에 \
             확정됩니다. 값마다 허용 범위 안이지만, 실제 장치에서는 있을 수 없는 설정입니다.",
        );
    }
    Some(s)
}

/// `lab run`'s and `lab figure`'s note (English, after `lab: note: `) when
/// the work cap stopped any of the runs; `None` when every run is whole.
pub fn cap_note<'a>(traces: impl IntoIterator<Item = &'a VoteTrace>) -> Option<String> {
    let (trace, cap) = earliest_capped(traces)?;
    let mut s = format!(
        "the work cap ({} events per run) stopped the run at {:.3} ms of its {} ms horizon",
        cap.max_events,
        cap.at_us as f64 / 1_000.0,
        cap.horizon_us / 1_000
    );
    if trace.config.timing.costs_nothing() {
        s.push_str(
            "; every cost of a height is 0 (sign, WAL write, commit, drain, fsync, send, commit wait), \
             so a height takes microseconds: each value is in range, but no real device behaves so",
        );
    }
    Some(s)
}

/// The Korean text alternative of a story run: what happened, with key numbers.
pub fn describe_story(trace: &VoteTrace) -> String {
    let c = &trace.config;
    let o = &trace.outcome;
    let mut s = format!("A의 처리 방식: {} ({}). ", variant_ko(c.variant), c.variant.code());
    match (o.crash_at, &o.crash_after_event_name) {
        (Some(at), name) => {
            s.push_str(&format!(
                "A에 {} {}에 주입했습니다{}. ",
                lab_model::korean::with_particle(fault_ko(c.fault), lab_model::korean::Particle::EulReul),
                fmt_time(at.t_us),
                match (o.crash_after_events, name) {
                    (Some(k), Some(n)) => format!(" ({k}번째 처리 단계 {}({n}) 직후)", event_ko(n)),
                    (Some(0), None) => " (첫 처리 단계 전)".to_string(),
                    _ => String::new(),
                }
            ));
        }
        (None, _) => s.push_str("A에 장애를 넣지 않았습니다. "),
    }
    if let Some(r) = o.restart_at {
        let rec = trace.events.iter().find_map(|e| match e.kind {
            EventKind::Recovered { validator: 0, records } => Some(records),
            _ => None,
        });
        s.push_str(&format!("A는 {}에 재시작해 안전 기록 {}개를 복원했습니다. ", fmt_time(r.t_us), rec.unwrap_or(0)));
    }
    if let Some(Some(f)) = o.fenced.first() {
        s.push_str(&format!("A의 안전 저장소는 {}부터 차단됐습니다. ", fmt_time(f.since.t_us)));
    }
    if !o.amnesia.is_empty() {
        let n: usize = o.amnesia.iter().map(|a| a.forgotten.len()).sum();
        s.push_str(&format!("재시작한 A는 네트워크가 본 투표 {n}개를 기억하지 못했습니다(망각). "));
    }
    if !o.false_memory.is_empty() {
        s.push_str("A가 네트워크가 본 것과 다른 값을 기록에서 되살렸습니다(틀린 기억). ");
    }
    if o.equivocations.is_empty() {
        s.push_str("B, C, D 누구도 A의 이중 투표 증거를 쥐지 않았습니다. ");
    } else {
        let e = &o.equivocations[0];
        s.push_str(&format!(
            "이중 투표: 높이 {}, {}에서 A의 {}와 {} 서명이 모두 퍼졌고, {}가 {}에 처음 감지했습니다. ",
            e.height,
            round_ko(e.round),
            e.v1.label(),
            e.v2.label(),
            VALIDATOR_NAMES[e.first_detected_by as usize],
            fmt_time(e.detected_at.t_us)
        ));
    }
    let d = &o.diagnostics;
    if d.safety_refusals > 0 {
        s.push_str(&format!("A는 기록과 충돌하는 서명을 {}번 거부했습니다. ", d.safety_refusals));
    }
    if d.broadcast_while_not_durable > 0 {
        s.push_str(&format!("기록이 디스크에 닿기 전에 나간 전송이 {}번 있었습니다. ", d.broadcast_while_not_durable));
    }
    if d.conn_returned_while_pending > 0 {
        s.push_str("경고: 작업이 남은 DB 연결을 풀에 반납했습니다. ");
    }
    let l = &o.liveness;
    s.push_str(&format!(
        "네트워크는 {}초 동안 높이 {}까지 확정했고, 장애 뒤 제출한 거래 두 건은 {}.",
        c.horizon_ms / 1000,
        l.max_finalized_height,
        if l.both_txs_finalized_by_horizon {
            "모두 확정됐습니다"
        } else {
            "모두 확정되지는 않았습니다"
        }
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_hangul(s: &str) -> bool {
        s.chars().any(|c| ('가'..='힣').contains(&c))
    }

    #[test]
    fn every_step_and_layer_has_a_korean_name() {
        for step in PipelineStep::ORDER {
            assert!(has_hangul(step_ko(step)), "{step:?}");
            let code = step.code();
            assert!(has_hangul(&event_ko(code)), "{code}");
            assert_eq!(event_ko(&format!("{code}(Y)")), format!("{} (Y)", step_ko(step)));
        }
        for layer in [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk, Layer::Lost] {
            assert!(has_hangul(layer_ko(layer)), "{layer:?}");
        }
        assert_eq!(event_ko("INTERRUPT@COMMIT"), "커밋 중 중단 요청");
        assert_eq!(event_ko("not a step"), "not a step");
    }

    /// The simulation counts rounds from 0; what the reader sees counts from
    /// one, as the article does ("두 번째 라운드" is the sim's round 1).
    #[test]
    fn rounds_read_as_the_article_counts_them() {
        assert_eq!(round_ko(0), "첫 번째 라운드");
        assert_eq!(round_ko(1), "두 번째 라운드");
        assert_eq!(round_ko(9), "열 번째 라운드");
        assert_eq!(round_ko(10), "11번째 라운드");
        let trace = lab_sim::vote::run(&lab_sim::vote::VoteConfig::default(), lab_sim::vote::TraceLevel::Full);
        let story = describe_story(&trace);
        assert!(story.contains("높이 10, 두 번째 라운드에서"), "{story}");
        let entered: Vec<String> = trace
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::StepEntered { .. }))
            .map(describe_event)
            .collect();
        assert!(entered.iter().any(|t| t.contains("두 번째 라운드")), "{entered:?}");
        assert!(entered.iter().all(|t| !t.contains("라운드 ")), "{entered:?}");
    }
}
