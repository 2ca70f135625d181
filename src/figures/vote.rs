//! Figures of Article B (model.md §6, B1–B6), drawn with plotters.
//!
//! Like the lock-lease figures, every drawing function is generic over
//! plotters' `DrawingBackend` (canvas in the browser, SVG for export). They
//! read a [`VoteTrace`] (or matrix rows) and a [`StoryView`]; they never run
//! the simulation and know nothing about the browser. This module also holds
//! the Korean labels and the text alternatives the site shows beside them,
//! and the grid that aligns the crash-point matrix's columns by event name.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::plots::{approx_text_width, draw_legend, Corner, Swatch};
use super::{palette as P, DrawResult, View, FONT};
use crate::sim::vote::{
    column_rank, crashpoints::positions, ConflictSource, CrashRow, Device, EventKind, FaultKind, Layer, MatrixOptions,
    MsgKind, PipelineStep, ProcessState, StepName, StoreProfile, TraceEvent, Value, Variant, Verdict, VoteConfig,
    VoteTrace, WorkCapped, VALIDATOR_NAMES,
};

// ---------------------------------------------------------------------------
// Korean labels (the prose's words)

/// One figure of Article B: id (as in the chapters), code and the caption the site shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoteFigureSpec {
    pub id: &'static str,
    pub code: &'static str,
    pub caption_ko: &'static str,
}

/// Article B's figures; the site's `<figcaption>`s and `lab figure` read the captions here.
pub const VOTE_FIGURES: &[VoteFigureSpec] = &[
    VoteFigureSpec {
        id: "vote-story",
        code: "B1",
        caption_ko: "그림 B1. 전파 전에 기억하기: A·B·C·D 네 검증 노드의 줄, A의 처리 단계 블록, 그 아래 A의 안전 기록이 있는 저장 계층(Tx / Committed / OsCache / Disk), A가 보낸 투표 화살표, 장애(번개)와 재시작, 그리고 B·C·D가 A의 서로 다른 두 서명을 쥐면 빨갛게 변하는 증거 배지.",
    },
    VoteFigureSpec {
        id: "crash-matrix",
        code: "B2",
        caption_ko: "그림 B2. 장애 지점 지도: 행은 순서와 처리 방식, 열은 장애 직전에 끝난 처리 단계. 칸의 왼쪽은 프로세스 종료, 오른쪽은 전원 차단일 때의 결과(백그라운드 쓰기가 끼어드는 경우 중 가장 나쁜 것)이다. 칸을 누르면(또는 Enter) 그림 B1이 바로 그 장애 지점에서 열린다.",
    },
    VoteFigureSpec {
        id: "outer-transaction",
        code: "B3",
        caption_ko: "그림 B3. 바깥 트랜잭션에 올라탄 기록: 위는 저장 호출이 바깥 트랜잭션에 합류하는 구현(괄호가 바깥 트랜잭션), 아래는 합류를 거절하는 구현.",
    },
    VoteFigureSpec {
        id: "uncertain-failure",
        code: "B4",
        caption_ko: "그림 B4. 결과를 모르는 실패와 차단: 동기화 오류나 중단 요청 뒤의 빗금은 \"결과를 알 수 없음\", 보라 막대는 차단, 맨 아래 줄은 상태 조회(초록: 곧바로 응답, 빨강: 동기화를 기다리며 멈춤).",
    },
    VoteFigureSpec {
        id: "liveness",
        code: "B5",
        caption_ko: "그림 B5. 한 노드가 멈춰도 합의는 계속된다: 멈춘 검증 노드 수별 네트워크의 확정 높이. 점은 장애 뒤 제출한 거래 두 건이 확정된 곳, 세로선은 장애 시각(빨강)과 거래 제출 시각(회색).",
    },
    VoteFigureSpec {
        id: "kill-vs-power",
        code: "B6",
        caption_ko: "그림 B6. 프로세스 종료와 전원 차단: A의 최근 안전 기록이 놓인 저장 계층(칩: 높이 h, pv = 사전 투표, pc = 커밋 투표, 후보). 장애가 지우는 계층은 회색이 되고 그 안의 기록에는 취소선이 그어진다. 이 그림의 저장소는 OS가 3초 뒤 디스크로 내려보낸다고 가정한다.",
    },
];

pub fn vote_figure_spec(id: &str) -> Option<&'static VoteFigureSpec> {
    VOTE_FIGURES.iter().find(|f| f.id == id)
}

/// The variant's Korean name, as the chapters call it.
pub fn variant_ko(v: Variant) -> &'static str {
    match v {
        Variant::V0 => "저장 후 전파",
        Variant::V1 => "전파 후 저장",
        Variant::V2 => "바깥 트랜잭션에 합류",
        Variant::V2g => "합류 거절",
        Variant::V3 => "커밋만 하고 전파",
        Variant::V4 => "동기화 호출만 하고 전파",
        Variant::FFence => "동기화 오류 → 차단",
        Variant::FNaiveRetry => "Y로 다시 시도",
        Variant::FEngineFenceOnly => "새 엔진으로 계속",
        Variant::IWaitThenFence => "중단 요청: 완료까지 기다림",
        Variant::IAsSuccess => "중단 요청: 성공으로 간주",
        Variant::IAbortRelease => "중단 요청: 연결 곧바로 반납",
    }
}

pub fn fault_ko(f: FaultKind) -> &'static str {
    match f {
        FaultKind::Kill => "프로세스 종료",
        FaultKind::Power => "전원 차단",
    }
}

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

pub fn layer_ko(l: Layer) -> &'static str {
    match l {
        Layer::Tx => "Tx",
        Layer::Committed => "Committed",
        Layer::OsCache => "OsCache",
        Layer::Disk => "Disk",
        Layer::Lost => "유실",
    }
}

/// A pipeline step's Korean name, where the prose has one; the other steps
/// (and the other validators' sends to A) keep their code name.
pub fn step_ko(step: PipelineStep) -> Option<&'static str> {
    Some(match step {
        PipelineStep::Start => "시작 전",
        PipelineStep::Sign => "서명",
        PipelineStep::Write => "WAL 기록",
        PipelineStep::Commit => "커밋",
        PipelineStep::Drain => "저장 큐 비우기",
        PipelineStep::Fsync => "파일 동기화",
        PipelineStep::SyncCall => "동기화 SQL 호출",
        PipelineStep::Send(1) => "B에게 전송",
        PipelineStep::Send(2) => "C에게 전송",
        PipelineStep::Send(3) => "D에게 전송",
        PipelineStep::OuterBegin => "바깥 트랜잭션 시작",
        PipelineStep::OuterCommit => "바깥 커밋",
        PipelineStep::OuterRollback => "바깥 롤백",
        PipelineStep::Fenced => "차단",
        PipelineStep::Send(_)
        | PipelineStep::WriteRefused
        | PipelineStep::InterruptAt(_)
        | PipelineStep::FsyncError
        | PipelineStep::NewEngine => return None,
    })
}

/// A pipeline event name (a `StepName`'s text) in Korean, for column
/// headers and slider labels: `"SIGN(Y)"` → `"서명 (Y)"`; a name without a
/// Korean word stays as it is.
pub fn event_ko(name: &str) -> String {
    let Some(parsed) = StepName::parse(name) else { return name.to_string() };
    match step_ko(parsed.step) {
        Some(ko) if parsed.conflicting => format!("{ko} (Y)"),
        Some(ko) => ko.to_string(),
        None => name.to_string(),
    }
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
            format!("{}가 높이 {height}, 라운드 {round}의 {:?} 단계에 들어감", n(*validator), step)
        }
        EventKind::PipelineEvent { validator, name, index, .. } => {
            format!("{}의 처리 단계 {} 완료 ({}번째 사건: {})", n(*validator), name, index, event_ko(name))
        }
        EventKind::BackgroundStep { validator, name, .. } => format!("{}의 백그라운드 작업 {name} 완료", n(*validator)),
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
            format!("{}의 안전 기록이 {} 계층으로", n(*validator), layer_ko(*layer))
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
            format!("{}의 대기 중 중단 요청 ({stage})", n(*validator))
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
        EventKind::TimeoutFired { validator, step, .. } => format!("{}의 {:?} 시간 초과", n(*validator), step),
        EventKind::Finalized { validator, height, value } => {
            format!("{}가 높이 {height}에서 {} 확정", n(*validator), value_label(*value))
        }
        EventKind::CaughtUp { validator, to_height } => format!("{}가 높이 {to_height}까지 따라잡음", n(*validator)),
        EventKind::TxSubmitted { tx } => format!("거래 {tx} 제출"),
        EventKind::TxFinalized { tx, height } => format!("거래 {tx}가 높이 {height}에서 확정"),
        EventKind::StatusAnswered { validator, latency_us, .. } => {
            format!("{}의 상태 조회 응답 ({}µs)", n(*validator), latency_us)
        }
    };
    format!("{t}: {what}")
}

fn kind_ko(k: MsgKind) -> &'static str {
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
                "A에 {}을(를) {}에 주입했습니다{}. ",
                fault_ko(c.fault),
                fmt_time(at.t_us),
                match (o.crash_after_events, name) {
                    (Some(k), Some(n)) => format!(" ({k}번째 처리 단계 {n} 직후)"),
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
            "이중 투표: 높이 {}, 라운드 {}에서 A의 {}와 {} 서명이 모두 퍼졌고, {}가 {}에 처음 감지했습니다. ",
            e.height,
            e.round,
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

// ---------------------------------------------------------------------------
// The crash-point matrix grid (B2)

/// One half-cell: a variant × event name × fault, aggregated over the
/// positions (hidden branches) that share the event name.
#[derive(Clone, Debug, PartialEq)]
pub struct HalfCell {
    pub fault: FaultKind,
    pub verdict: Verdict,
    pub subcuts: u32,
    pub unsafe_subcuts: u32,
    /// The position replayed when the cell is opened: the first one with the worst verdict.
    pub cut: u32,
    /// How many chain positions (branches) share this event name.
    pub positions: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GridRow {
    pub variant: Variant,
    /// One entry per column: `None` when the variant has no such event; else (kill, power).
    pub cells: Vec<Option<[HalfCell; 2]>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatrixGrid {
    /// Event names, ordered so each variant's events read left to right.
    pub events: Vec<String>,
    pub rows: Vec<GridRow>,
}

/// Aligns the rows of `matrix(...)` by event name (figure B2's grid).
pub fn matrix_grid(rows: &[CrashRow]) -> MatrixGrid {
    let mut variants: Vec<Variant> = Vec::new();
    for r in rows {
        if !variants.contains(&r.variant) {
            variants.push(r.variant);
        }
    }
    // Column order: a canonical rank per event name (the pipeline's order),
    // the conflicting action's "(Y)" events after the first action's; unknown
    // names keep their first-seen order at the end.
    let mut events: Vec<String> = Vec::new();
    for r in rows.iter().filter(|r| r.fault == FaultKind::Kill) {
        if !events.contains(&r.after) {
            events.push(r.after.clone());
        }
    }
    events.sort_by_key(|e| column_rank(e));
    let grid_rows = variants
        .iter()
        .map(|&v| {
            let cells = events
                .iter()
                .map(|name| {
                    let half = |fault: FaultKind| -> Option<HalfCell> {
                        let mut cell: Option<HalfCell> = None;
                        for r in rows.iter().filter(|r| r.variant == v && r.fault == fault && r.after == *name) {
                            match &mut cell {
                                None => {
                                    cell = Some(HalfCell {
                                        fault,
                                        verdict: r.verdict,
                                        subcuts: r.subcuts,
                                        unsafe_subcuts: r.unsafe_subcuts,
                                        cut: r.cut,
                                        positions: 1,
                                    })
                                }
                                Some(c) => {
                                    if r.verdict > c.verdict {
                                        c.verdict = r.verdict;
                                        c.cut = r.cut;
                                    }
                                    c.subcuts += r.subcuts;
                                    c.unsafe_subcuts += r.unsafe_subcuts;
                                    c.positions += 1;
                                }
                            }
                        }
                        cell
                    };
                    match (half(FaultKind::Kill), half(FaultKind::Power)) {
                        (Some(k), Some(p)) => Some([k, p]),
                        _ => None,
                    }
                })
                .collect();
            GridRow { variant: v, cells }
        })
        .collect();
    MatrixGrid { events, rows: grid_rows }
}

/// The rows as JSON, with the field names and value spellings of
/// `CrashRow`'s serde form (what `lab crashpoints --format json` prints).
/// Written by hand to keep serde_json out of the wasm; the end-to-end test
/// compares the parsed result with the CLI's output, so a drift fails loudly.
pub fn rows_json(rows: &[CrashRow]) -> String {
    fn text(out: &mut String, s: &str) {
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
    }
    let mut out = String::with_capacity(rows.len() * 180);
    out.push('[');
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"variant\":");
        text(&mut out, r.variant.code());
        out.push_str(",\"profile\":");
        text(&mut out, r.profile.key());
        out.push_str(if r.device_honours_sync {
            ",\"device_honours_sync\":true"
        } else {
            ",\"device_honours_sync\":false"
        });
        out.push_str(",\"fault\":");
        text(&mut out, r.fault.key());
        out.push_str(&format!(",\"cut\":{}", r.cut));
        out.push_str(",\"after\":");
        text(&mut out, &r.after);
        out.push_str(",\"verdict\":");
        text(&mut out, r.verdict.key());
        out.push_str(&format!(",\"subcuts\":{},\"unsafe_subcuts\":{}", r.subcuts, r.unsafe_subcuts));
        out.push_str(",\"branch\":");
        text(&mut out, &r.branch);
        out.push('}');
    }
    out.push(']');
    out
}

/// Korean summary of the matrix (the figure's text alternative).
pub fn describe_matrix(grid: &MatrixGrid) -> String {
    let mut parts = Vec::new();
    for row in &grid.rows {
        let mut kill_unsafe = Vec::new();
        let mut power_unsafe = Vec::new();
        let mut fenced = 0;
        for (i, cell) in row.cells.iter().enumerate() {
            if let Some([k, p]) = cell {
                if k.verdict == Verdict::Unsafe {
                    kill_unsafe.push(grid.events[i].clone());
                }
                if p.verdict == Verdict::Unsafe {
                    power_unsafe.push(grid.events[i].clone());
                }
                if k.verdict == Verdict::Fenced || p.verdict == Verdict::Fenced {
                    fenced += 1;
                }
            }
        }
        let mut s = format!("{} ({}): ", variant_ko(row.variant), row.variant.code());
        if kill_unsafe.is_empty() && power_unsafe.is_empty() {
            s.push_str("위험한 칸 없음");
        } else {
            s.push_str(&format!(
                "프로세스 종료 시 위험 {}칸{}, 전원 차단 시 위험 {}칸{}",
                kill_unsafe.len(),
                kill_unsafe.first().map(|e| format!("({e}부터)")).unwrap_or_default(),
                power_unsafe.len(),
                power_unsafe.first().map(|e| format!("({e}부터)")).unwrap_or_default()
            ));
        }
        if fenced > 0 {
            s.push_str(&format!(", 차단 {fenced}칸"));
        }
        parts.push(s);
    }
    format!("장애 지점 지도, {}개 행: {}.", grid.rows.len(), parts.join("; "))
}

// ---------------------------------------------------------------------------
// Drawing helpers

/// Pixel scale and options of a Scenario B drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct StoryView {
    /// Device pixels per CSS pixel.
    pub scale: f64,
    /// Nothing after this time is drawn (`u64::MAX`: everything).
    pub cursor_us: u64,
    /// The end of the visible story, in µs.
    pub t_end_us: u64,
    /// Draw the status-probe lane (B4).
    pub show_probes: bool,
    /// Draw V2's outer-transaction bracket (B3).
    pub show_outer: bool,
    pub title: Option<String>,
}

impl Default for StoryView {
    fn default() -> Self {
        StoryView {
            scale: 1.0,
            cursor_us: u64::MAX,
            t_end_us: 20_000_000,
            show_probes: false,
            show_outer: false,
            title: None,
        }
    }
}

impl StoryView {
    fn px(&self, css: f64) -> i32 {
        (css * self.scale).round() as i32
    }
    fn font(&self, css: f64) -> TextStyle<'static> {
        TextStyle::from((FONT, css * self.scale).into_font())
    }
}

const VALUE_X: RGBColor = RGBColor(0x25, 0x63, 0xeb);
const VALUE_Y: RGBColor = RGBColor(0xea, 0x58, 0x0c);
const VALUE_OTHER: RGBColor = RGBColor(0x6b, 0x72, 0x80);
const SAFE_GREEN: RGBColor = RGBColor(0x16, 0xa3, 0x4a);
const UNSAFE_RED: RGBColor = RGBColor(0xdc, 0x26, 0x26);
const FENCE_PURPLE: RGBColor = RGBColor(0x93, 0x33, 0xea);

fn value_color(v: Value) -> RGBColor {
    if v == Value::X {
        VALUE_X
    } else if v == Value::Y {
        VALUE_Y
    } else {
        VALUE_OTHER
    }
}

/// A warped time axis: gaps between key times get width ~ log(gap), so the
/// microsecond pipeline and the two-second restart both stay readable.
#[derive(Clone, Debug)]
pub struct Warp {
    times: Vec<u64>,
    xs: Vec<f64>,
    x0: f64,
    x1: f64,
}

impl Warp {
    pub fn new(mut times: Vec<u64>, t_end: u64, x0: f64, x1: f64) -> Warp {
        times.push(0);
        times.push(t_end);
        times.retain(|&t| t <= t_end);
        times.sort_unstable();
        times.dedup();
        let mut xs = vec![0.0];
        for w in times.windows(2) {
            let gap = (w[1] - w[0]) as f64;
            let last = *xs.last().unwrap_or(&0.0);
            xs.push(last + 0.25 + (1.0 + gap / 100.0).ln());
        }
        let total = xs.last().copied().unwrap_or(1.0).max(1e-9);
        for x in &mut xs {
            *x = x0 + (x1 - x0) * (*x / total);
        }
        Warp { times, xs, x0, x1 }
    }

    pub fn x(&self, t: u64) -> i32 {
        let i = self.times.partition_point(|&k| k <= t);
        if i == 0 {
            return self.x0.round() as i32;
        }
        if i >= self.times.len() {
            return self.x1.round() as i32;
        }
        let (ta, tb) = (self.times[i - 1] as f64, self.times[i] as f64);
        let (xa, xb) = (self.xs[i - 1], self.xs[i]);
        let f = if tb > ta { (t as f64 - ta) / (tb - ta) } else { 0.0 };
        (xa + (xb - xa) * f).round() as i32
    }
}

/// The end of the interesting part of a story: the last event of A's first
/// `max_depth` pipeline events, of its crash, restart, fence and refusals, and
/// of the evidence pools' detections, plus a margin for messages in flight.
pub fn story_end_us(trace: &VoteTrace, max_depth: u32) -> u64 {
    let mut end = 0u64;
    let mut seen: Vec<std::mem::Discriminant<EventKind>> = Vec::new();
    for e in &trace.events {
        let t = e.at.t_us;
        // Only the first of each kind of key moment counts (later heights repeat them).
        let first = |seen: &mut Vec<std::mem::Discriminant<EventKind>>| {
            let d = std::mem::discriminant(&e.kind);
            if seen.contains(&d) {
                false
            } else {
                seen.push(d);
                true
            }
        };
        let counts = match &e.kind {
            EventKind::PipelineEvent { validator: 0, index, .. } => *index <= max_depth,
            EventKind::Crashed { validator: 0, .. }
            | EventKind::Restarted { validator: 0 }
            | EventKind::Recovered { validator: 0, .. }
            | EventKind::Fenced { validator: 0, .. }
            | EventKind::EngineRecreated { validator: 0 }
            | EventKind::EngineOpenRefused { validator: 0 }
            | EventKind::SyncErrorRaised { validator: 0 }
            | EventKind::InterruptDelivered { validator: 0, .. }
            | EventKind::ConnReturnedWhilePending { validator: 0 }
            | EventKind::OuterTxEnded { validator: 0, .. }
            | EventKind::ConflictInjected { .. } => t < 10_000_000 && first(&mut seen),
            EventKind::SafetyRefused { validator: 0, .. } | EventKind::Rebroadcast { validator: 0, .. } => {
                t < 10_000_000 && first(&mut seen)
            }
            EventKind::DuplicateVoteDetected { signer: 0, .. } => true,
            _ => false,
        };
        if counts {
            end = end.max(t);
        }
    }
    // Background steps of abandoned work that finish soon after.
    for e in &trace.events {
        if let EventKind::BackgroundStep { validator: 0, .. } = e.kind {
            if e.at.t_us <= end + 100_000 {
                end = end.max(e.at.t_us);
            }
        }
    }
    (end + 4_000).max(12_000).min(trace.end_us.max(12_000))
}

/// The events the story player steps through (A's story, not the whole network's chatter).
pub fn story_events(trace: &VoteTrace, t_end: u64) -> Vec<usize> {
    trace
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.at.t_us <= t_end)
        .filter(|(_, e)| match &e.kind {
            EventKind::StepEntered { validator, .. } => *validator == 0,
            EventKind::TimeoutFired { validator, .. } => *validator == 0,
            EventKind::MessageSent { signer, relayed, msg_kind, to, .. } => {
                (*signer == 0 && !relayed) || (*msg_kind == MsgKind::Proposal && *to == 0)
            }
            EventKind::MessageReceived { signer, from, msg_kind, to, .. } => {
                (*signer == 0 && *from == 0) || (*msg_kind == MsgKind::Proposal && *to == 0)
            }
            EventKind::StatusAnswered { .. } => false,
            EventKind::Finalized { validator, .. } => *validator == 1,
            _ => true,
        })
        .map(|(i, _)| i)
        .collect()
}

/// Events that shape the story's warped time axis: A's own, its messages,
/// the proposals of the story's round to A, and the evidence pools' findings.
fn warp_relevant(e: &TraceEvent, h0: u64, r0: u32) -> bool {
    match &e.kind {
        EventKind::MessageSent { signer, from, relayed, msg_kind, to, height, round, .. } => {
            !relayed
                && ((*signer == 0 && *from == 0)
                    || (*msg_kind == MsgKind::Proposal && *to == 0 && *height == h0 && *round == r0))
        }
        EventKind::MessageReceived { signer, from, msg_kind, to, height, round, .. } => {
            (*signer == 0 && *from == 0)
                || (*msg_kind == MsgKind::Proposal && *to == 0 && *height == h0 && *round == r0)
        }
        EventKind::StepEntered { .. }
        | EventKind::TimeoutFired { .. }
        | EventKind::Finalized { .. }
        | EventKind::CaughtUp { .. } => false,
        EventKind::TxSubmitted { .. } | EventKind::TxFinalized { .. } | EventKind::StatusAnswered { .. } => false,
        EventKind::PipelineEvent { validator, .. }
        | EventKind::BackgroundStep { validator, .. }
        | EventKind::RecordLayerChanged { validator, .. } => *validator == 0,
        _ => true,
    }
}

/// Lane layout of the story drawing, in CSS px.
const LANE_H: f64 = 30.0;
const LAYER_H: f64 = 13.0;
const PROBE_H: f64 = 22.0;
const AXIS_H: f64 = 34.0;
const TOP_H: f64 = 16.0;
const TITLE_H: f64 = 20.0;

/// The height in CSS px that [`draw_story`] needs.
pub fn story_height_css(view: &StoryView) -> f64 {
    TOP_H
        + if view.title.is_some() { TITLE_H } else { 0.0 }
        + LANE_H
        + 4.0 * LAYER_H
        + 10.0
        + 3.0 * LANE_H
        + if view.show_probes { PROBE_H + 6.0 } else { 0.0 }
        + AXIS_H
}

fn lightning<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    x: i32,
    y: i32,
    s: f64,
    color: RGBColor,
) -> DrawResult<DB> {
    let p = |dx: f64, dy: f64| (x + (dx * s).round() as i32, y + (dy * s).round() as i32);
    area.draw(&Polygon::new(
        vec![p(1.0, -9.0), p(-5.0, 1.0), p(-0.5, 1.0), p(-2.0, 9.0), p(5.0, -2.0), p(0.5, -2.0), p(3.0, -9.0)],
        color.filled(),
    ))
}

/// Figure B1 (and the panels of B3/B4): A's lane with its pipeline stage
/// blocks, the storage-layer strip of A's records, B/C/D's lanes with the
/// evidence-pool badge, A's messages as arrows, crash ⚡ and restart marks.
pub fn draw_story<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &VoteTrace,
    view: &StoryView,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let (w_px, _) = area.dim_in_pixel();
    let s = view.scale;
    let narrow = (w_px as f64) / s < 560.0;
    let label_w = if narrow { 58.0 } else { 84.0 };
    let badge_w = if narrow { 44.0 } else { 84.0 };
    let x0 = view.px(label_w) as f64;
    let x1 = w_px as f64 - view.px(badge_w) as f64;
    let t_end = view.t_end_us;
    let cursor = view.cursor_us.min(t_end);
    let (h0, r0) = (trace.config.start_height, trace.config.start_round);
    let key_times: Vec<u64> =
        trace.events.iter().filter(|e| warp_relevant(e, h0, r0)).map(|e| e.at.t_us).filter(|&t| t <= t_end).collect();
    let warp = Warp::new(key_times, t_end, x0, x1);
    let small = view.font(12.0).color(&P::INK);
    let tiny = view.font(10.0).color(&P::MUTED);
    let tiny_ink = view.font(10.0).color(&P::INK);

    let mut y = view.px(TOP_H);
    if let Some(t) = &view.title {
        area.draw_text(t, &view.font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)), (view.px(4.0), y))?;
        y += view.px(TITLE_H);
    }
    let lane_h = view.px(LANE_H);
    let a_top = y;
    let a_bot = a_top + lane_h;
    let layer_top = a_bot + view.px(2.0);
    let layer_h = view.px(LAYER_H);
    let layers_bot = layer_top + 4 * layer_h;
    let mut lane_y = vec![(a_top, a_bot)];
    let mut yy = layers_bot + view.px(8.0);
    for _ in 1..4 {
        lane_y.push((yy, yy + lane_h));
        yy += lane_h;
    }
    let probe_y = if view.show_probes {
        let p = (yy + view.px(6.0), yy + view.px(6.0 + PROBE_H));
        yy = p.1;
        Some(p)
    } else {
        None
    };
    let plot_bottom = yy;

    // Process state bands per lane (down: grey; fenced: purple).
    for (v, lane) in trace.lanes.iter().enumerate().take(4) {
        let (top, bot) = lane_y[v];
        area.draw(&PathElement::new(vec![(x0 as i32, bot), (x1 as i32, bot)], P::GRID))?;
        for span in &lane.process {
            if span.start.t_us > cursor {
                continue;
            }
            let a = warp.x(span.start.t_us);
            let b = warp.x(span.end.t_us.min(cursor));
            match span.state {
                ProcessState::Down => {
                    area.draw(&Rectangle::new(
                        [(a, top + 2), (b.max(a + 1), bot - 2)],
                        RGBColor(0x9c, 0xa3, 0xaf).mix(0.35).filled(),
                    ))?;
                    if b - a > view.px(40.0) {
                        area.draw_text(
                            "꺼짐",
                            &tiny.pos(Pos::new(HPos::Center, VPos::Center)),
                            ((a + b) / 2, (top + bot) / 2),
                        )?;
                    }
                }
                ProcessState::Fenced => {
                    area.draw(&Rectangle::new(
                        [(a, bot - view.px(7.0)), (b.max(a + 1), bot - 1)],
                        FENCE_PURPLE.mix(0.75).filled(),
                    ))?;
                    if b - a > view.px(50.0) {
                        area.draw_text(
                            "차단됨",
                            &view.font(10.0).color(&FENCE_PURPLE).pos(Pos::new(HPos::Left, VPos::Bottom)),
                            (a + view.px(3.0), bot - view.px(8.0)),
                        )?;
                    }
                }
                ProcessState::Up => {}
            }
        }
        let name = VALIDATOR_NAMES[v];
        let label = if v == 0 { format!("{name} (우리)") } else { name.to_string() };
        area.draw_text(&label, &small.pos(Pos::new(HPos::Left, VPos::Center)), (view.px(4.0), (top + bot) / 2))?;
    }

    // A's pipeline stage blocks.
    if let Some(a) = trace.lanes.first() {
        let (top, bot) = lane_y[0];
        let mut last_label_x = i32::MIN;
        for st in &a.stages {
            if st.start.t_us > cursor || st.start.t_us > t_end {
                continue;
            }
            let xa = warp.x(st.start.t_us);
            let xb = warp.x(st.end.t_us.min(cursor)).max(xa + view.px(2.0));
            let step = StepName::parse(&st.stage).map(|name| name.step);
            let col = if !st.ok {
                UNSAFE_RED
            } else if step.is_some_and(PipelineStep::is_send) {
                RGBColor(0x0d, 0x94, 0x88)
            } else if step.is_some_and(PipelineStep::is_outer) {
                RGBColor(0xa1, 0x62, 0x07)
            } else {
                RGBColor(0x47, 0x55, 0x69)
            };
            let (ty, by) = (top + view.px(4.0), bot - view.px(10.0));
            if st.foreground {
                area.draw(&Rectangle::new([(xa, ty), (xb, by)], col.mix(0.85).filled()))?;
            } else {
                area.draw(&Rectangle::new([(xa, ty), (xb, by)], col.stroke_width(view.px(1.0).max(1) as u32)))?;
            }
            if xb - xa > view.px(26.0) || xa > last_label_x + view.px(34.0) {
                let short: String = st.stage.chars().take(if xb - xa > view.px(44.0) { 10 } else { 5 }).collect();
                let color = if st.foreground && xb - xa > view.px(26.0) { WHITE } else { P::INK };
                let tx = if xb - xa > view.px(26.0) { (xa + xb) / 2 } else { xa + view.px(14.0) };
                area.draw_text(
                    &short,
                    &view.font(9.0).color(&color).pos(Pos::new(HPos::Center, VPos::Center)),
                    (tx, (ty + by) / 2),
                )?;
                last_label_x = xa;
            }
        }
        // V2's outer-transaction bracket.
        if view.show_outer {
            let begin = a
                .stages
                .iter()
                .find(|st| StepName::parse(&st.stage).is_some_and(|name| name.step == PipelineStep::OuterBegin))
                .map(|st| st.start.t_us);
            let end = trace.events.iter().find_map(|e| match e.kind {
                EventKind::OuterTxEnded { validator: 0, committed } => Some((e.at.t_us, committed)),
                _ => None,
            });
            if let Some(b) = begin.filter(|&b| b <= cursor) {
                let xb = warp.x(b);
                let (xe, label) = match end {
                    Some((t, committed)) if t <= cursor => {
                        (warp.x(t), if committed { "바깥 트랜잭션 → 커밋" } else { "바깥 트랜잭션 → 롤백" })
                    }
                    _ => (warp.x(cursor), "바깥 트랜잭션 (진행 중)"),
                };
                let yb = top + view.px(1.0);
                let col = RGBColor(0xa1, 0x62, 0x07);
                let st = col.stroke_width(view.px(2.0).max(1) as u32);
                area.draw(&PathElement::new(
                    vec![(xb, yb + view.px(8.0)), (xb, yb), (xe, yb), (xe, yb + view.px(8.0))],
                    st,
                ))?;
                area.draw_text(
                    label,
                    &view.font(10.0).color(&col).pos(Pos::new(HPos::Right, VPos::Bottom)),
                    (xe, yb - view.px(1.0)),
                )?;
            }
        }
    }

    // Storage-layer strip of A's records.
    let layer_rows = [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk];
    for (i, l) in layer_rows.iter().enumerate() {
        let ty = layer_top + i as i32 * layer_h;
        area.draw(&Rectangle::new(
            [(x0 as i32, ty), (x1 as i32, ty + layer_h)],
            if i % 2 == 0 { RGBColor(0xf8, 0xfa, 0xfc).filled() } else { WHITE.filled() },
        ))?;
        area.draw_text(
            layer_ko(*l),
            &tiny.pos(Pos::new(HPos::Right, VPos::Center)),
            (x0 as i32 - view.px(4.0), ty + layer_h / 2),
        )?;
    }
    for rec in trace.records.iter().filter(|r| r.validator == 0) {
        for (k, lp) in rec.layers.iter().enumerate() {
            if lp.at.t_us > cursor || lp.at.t_us > t_end {
                continue;
            }
            let end = rec.layers.get(k + 1).map(|n| n.at.t_us).unwrap_or(u64::MAX).min(cursor).min(t_end);
            let xa = warp.x(lp.at.t_us);
            let xb = warp.x(end).max(xa + view.px(2.0));
            match layer_rows.iter().position(|l| *l == lp.layer) {
                Some(row) => {
                    let ty = layer_top + row as i32 * layer_h + view.px(2.0);
                    let col = value_color(rec.value);
                    area.draw(&Rectangle::new([(xa, ty), (xb, ty + layer_h - view.px(4.0))], col.mix(0.8).filled()))?;
                    if xb - xa > view.px(22.0) {
                        area.draw_text(
                            &rec.value.label(),
                            &view.font(9.0).color(&WHITE).pos(Pos::new(HPos::Left, VPos::Center)),
                            (xa + view.px(3.0), ty + (layer_h - view.px(4.0)) / 2),
                        )?;
                    }
                }
                None => {
                    // Lost: a cross on the strip where it vanished.
                    let cy = layer_top + 2 * layer_h;
                    let d = view.px(4.0);
                    let st = UNSAFE_RED.stroke_width(view.px(2.0).max(1) as u32);
                    area.draw(&PathElement::new(vec![(xa - d, cy - d), (xa + d, cy + d)], st))?;
                    area.draw(&PathElement::new(vec![(xa - d, cy + d), (xa + d, cy - d)], st))?;
                    area.draw_text(
                        &format!("{} 유실", rec.value.label()),
                        &view.font(9.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Left, VPos::Center)),
                        (xa + d + view.px(2.0), cy - d - view.px(3.0)),
                    )?;
                }
            }
        }
    }

    // Messages: A's own sends, and proposals to A (X from the proposer, Y from the conflict source).
    let lane_mid = |v: u32| {
        let (t, b) = lane_y[(v as usize).min(3)];
        (t + b) / 2
    };
    for m in &trace.messages {
        let ours = m.signer == 0 && m.from == 0 && !m.relayed;
        let to_a = m.kind == MsgKind::Proposal
            && m.to == 0
            && !m.value.is_nil()
            && m.height == h0
            && m.round == r0
            && !m.relayed;
        if !(ours || to_a) || m.sent_at.t_us > cursor || m.sent_at.t_us > t_end {
            continue;
        }
        let col = value_color(m.value);
        let xa = warp.x(m.sent_at.t_us);
        let ya = lane_mid(m.from);
        let (xb, yb, arrived) = match m.received_at {
            Some(r) if r.t_us <= cursor => (warp.x(r.t_us), lane_mid(m.to), true),
            Some(r) => {
                let f = (cursor - m.sent_at.t_us) as f64 / (r.t_us - m.sent_at.t_us).max(1) as f64;
                let xe = warp.x(r.t_us);
                let ye = lane_mid(m.to);
                (xa + ((xe - xa) as f64 * f) as i32, ya + ((ye - ya) as f64 * f) as i32, false)
            }
            None => (xa + view.px(14.0), ya + (lane_mid(m.to) - ya) / 3, false),
        };
        let st = col.stroke_width(view.px(1.5).max(1) as u32);
        area.draw(&PathElement::new(vec![(xa, ya), (xb, yb)], st))?;
        if arrived {
            let d = view.px(4.0);
            let dir = if yb >= ya { -1 } else { 1 };
            area.draw(&Polygon::new(
                vec![(xb, yb), (xb - d, yb + dir * d * 2), (xb + d, yb + dir * d * 2)],
                col.filled(),
            ))?;
        }
        if m.received_at.is_none() && m.sent_at.t_us <= cursor {
            area.draw_text(
                "✕",
                &view.font(10.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Center, VPos::Center)),
                (xb, yb),
            )?;
        }
        if ours && m.to == 1 || to_a {
            area.draw_text(
                &m.value.label(),
                &view.font(11.0).color(&col).pos(Pos::new(HPos::Left, VPos::Bottom)),
                (xa + view.px(3.0), ya - view.px(2.0)),
            )?;
        }
    }

    // Markers on A's lane: crash, restart, fence, refusals, sync error.
    let (a_t, a_b) = lane_y[0];
    for e in &trace.events {
        let t = e.at.t_us;
        if t > cursor || t > t_end {
            continue;
        }
        let x = warp.x(t);
        match &e.kind {
            EventKind::Crashed { validator: 0, fault } => {
                lightning(area, x, (a_t + a_b) / 2, s * 1.3, UNSAFE_RED)?;
                let lbl = if *fault == FaultKind::Power { "⚡전원" } else { "⚡종료" };
                let lbl = lbl.trim_start_matches('⚡');
                area.draw_text(
                    lbl,
                    &view.font(10.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Center, VPos::Bottom)),
                    (x, a_t - view.px(1.0)),
                )?;
            }
            EventKind::Restarted { validator: 0 } => {
                let d = view.px(5.0);
                let cy = (a_t + a_b) / 2;
                area.draw(&Polygon::new(vec![(x, cy - d), (x, cy + d), (x + d + d / 2, cy)], SAFE_GREEN.filled()))?;
                area.draw_text(
                    "재시작",
                    &view.font(10.0).color(&SAFE_GREEN).pos(Pos::new(HPos::Left, VPos::Bottom)),
                    (x, a_t - view.px(1.0)),
                )?;
            }
            EventKind::SafetyRefused { validator: 0, wanted, .. } => {
                area.draw_text(
                    &format!("{} 거부", wanted.label()),
                    &view.font(10.0).color(&SAFE_GREEN).pos(Pos::new(HPos::Left, VPos::Bottom)),
                    (x, a_b),
                )?;
            }
            EventKind::EngineOpenRefused { validator: 0 } | EventKind::StoreAccessRefused { validator: 0 } => {
                area.draw_text(
                    "↩ 거부",
                    &view.font(10.0).color(&FENCE_PURPLE).pos(Pos::new(HPos::Left, VPos::Top)),
                    (x, a_t),
                )?;
            }
            EventKind::JoinRefused { validator: 0 } => {
                area.draw_text(
                    "합류 거절",
                    &view.font(10.0).color(&SAFE_GREEN).pos(Pos::new(HPos::Left, VPos::Top)),
                    (x, a_t),
                )?;
            }
            EventKind::SyncErrorRaised { validator: 0 } | EventKind::InterruptDelivered { validator: 0, .. } => {
                // Hatched "uncertain" segment until the fence or the next stage.
                let until = trace
                    .events
                    .iter()
                    .filter(|f| f.at.t_us > t)
                    .find_map(|f| match f.kind {
                        EventKind::Fenced { validator: 0, .. }
                        | EventKind::PipelineEvent { validator: 0, .. }
                        | EventKind::Crashed { validator: 0, .. } => Some(f.at.t_us),
                        _ => None,
                    })
                    .unwrap_or(t + 1_000)
                    .min(cursor);
                let xb = warp.x(until).max(x + view.px(10.0));
                let step = view.px(5.0).max(2);
                let mut hx = x;
                while hx < xb {
                    area.draw(&PathElement::new(
                        vec![(hx, a_b - 2), ((hx + step).min(xb), a_t + 2)],
                        UNSAFE_RED.mix(0.5),
                    ))?;
                    hx += step;
                }
                let lbl = if matches!(e.kind, EventKind::SyncErrorRaised { .. }) {
                    "동기화 오류?"
                } else {
                    "중단 요청"
                };
                area.draw_text(
                    lbl,
                    &view.font(10.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Left, VPos::Top)),
                    (x, a_t - view.px(1.0)),
                )?;
            }
            EventKind::ConnReturnedWhilePending { validator: 0 } => {
                area.draw_text(
                    "⚠ 연결 반납",
                    &view.font(10.0).color(&P::ERROR).pos(Pos::new(HPos::Left, VPos::Bottom)),
                    (x, a_b + view.px(1.0)),
                )?;
            }
            _ => {}
        }
    }

    // Evidence-pool badges on B, C, D.
    for v in 1..4u32 {
        let (top, bot) = lane_y[v as usize];
        let hit = trace.events.iter().find(|e| {
            e.at.t_us <= cursor
                && matches!(e.kind, EventKind::DuplicateVoteDetected { detector, signer: 0, .. } if detector == v)
        });
        let cx = x1 as i32 + view.px(12.0);
        let cy = (top + bot) / 2;
        let r = view.px(7.0);
        match hit {
            Some(e) => {
                area.draw(&Circle::new((cx, cy), r, UNSAFE_RED.filled()))?;
                area.draw_text(
                    "!",
                    &view.font(11.0).color(&WHITE).pos(Pos::new(HPos::Center, VPos::Center)),
                    (cx, cy),
                )?;
                if let EventKind::DuplicateVoteDetected { v1, v2, .. } = &e.kind {
                    if !narrow {
                        area.draw_text(
                            &format!("증거 {}·{}", v1.label(), v2.label()),
                            &view.font(10.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Left, VPos::Center)),
                            (cx + r + view.px(3.0), cy),
                        )?;
                    }
                }
            }
            None => {
                area.draw(&Circle::new((cx, cy), r, SAFE_GREEN.stroke_width(view.px(2.0).max(1) as u32)))?;
                if !narrow {
                    area.draw_text(
                        "증거 없음",
                        &tiny.pos(Pos::new(HPos::Left, VPos::Center)),
                        (cx + r + view.px(3.0), cy),
                    )?;
                }
            }
        }
    }

    // Status-probe lane (B4).
    if let Some((top, bot)) = probe_y {
        area.draw_text(
            "상태 조회",
            &tiny_ink.pos(Pos::new(HPos::Left, VPos::Center)),
            (view.px(4.0), (top + bot) / 2),
        )?;
        area.draw(&PathElement::new(vec![(x0 as i32, bot), (x1 as i32, bot)], P::GRID))?;
        for p in &trace.probes {
            if p.asked_at.t_us > cursor || p.asked_at.t_us > t_end {
                continue;
            }
            let xa = warp.x(p.asked_at.t_us);
            match p.answered_at {
                Some(ans) => {
                    let xb = warp.x(ans.t_us.min(cursor));
                    let col = if p.stalled { UNSAFE_RED } else { SAFE_GREEN };
                    area.draw(&Rectangle::new(
                        [(xa, top + view.px(4.0)), (xb.max(xa + view.px(2.0)), bot - view.px(4.0))],
                        col.mix(if p.stalled { 0.6 } else { 0.9 }).filled(),
                    ))?;
                }
                None => {
                    area.draw(&Rectangle::new(
                        [(xa, top + view.px(8.0)), (xa + view.px(2.0), bot - view.px(8.0))],
                        P::MUTED.filled(),
                    ))?;
                }
            }
        }
    }

    // Cursor line and the warped axis with a few labels.
    if view.cursor_us < t_end {
        let x = warp.x(cursor);
        area.draw(&PathElement::new(vec![(x, a_t), (x, plot_bottom)], P::CURSOR.mix(0.5)))?;
    }
    let ay = plot_bottom + view.px(4.0);
    area.draw(&PathElement::new(vec![(x0 as i32, ay), (x1 as i32, ay)], P::MUTED))?;
    let mut marks: Vec<u64> = vec![0];
    if let Some(c) = trace.outcome.crash_at {
        marks.push(c.t_us);
    }
    if let Some(r) = trace.outcome.restart_at {
        marks.push(r.t_us);
    }
    if let Some(e) = trace.outcome.equivocations.first() {
        marks.push(e.detected_at.t_us);
    }
    marks.push(t_end);
    marks.retain(|&m| m <= t_end);
    marks.sort_unstable();
    marks.dedup();
    let mut last_x = i32::MIN;
    for m in marks {
        let x = warp.x(m);
        area.draw(&PathElement::new(vec![(x, ay), (x, ay + view.px(4.0))], P::MUTED))?;
        if x > last_x + view.px(56.0) {
            area.draw_text(&fmt_time(m), &tiny.pos(Pos::new(HPos::Center, VPos::Top)), (x, ay + view.px(5.0)))?;
            last_x = x;
        }
    }
    area.draw_text(
        "시간축은 압축됨 (짧은 간격일수록 넓게)",
        &view.font(9.0).color(&P::MUTED).pos(Pos::new(HPos::Right, VPos::Top)),
        (w_px as i32 - view.px(4.0), ay + view.px(18.0)),
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------
// B5: liveness

/// One series of figure B5: finalized height over time for one setting.
pub struct LivenessSeries<'a> {
    pub label: String,
    pub trace: &'a VoteTrace,
    pub highlight: bool,
}

/// Figure B5: the network's finalized height against time, one step line per
/// number of blocked validators; the two transactions submitted after the
/// fault are marked where they were finalized.
pub fn draw_liveness<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &[LivenessSeries<'_>],
    scale: f64,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let px = |c: f64| (c * scale).round() as i32;
    let font = |c: f64| TextStyle::from((FONT, c * scale).into_font());
    let Some(first) = series.first() else { return Ok(()) };
    let horizon_s = f64::from(first.trace.config.horizon_ms) / 1000.0;
    let start_h = first.trace.config.start_height as f64;
    let max_h = series
        .iter()
        .map(|s| s.trace.outcome.liveness.max_finalized_height as f64)
        .fold(start_h, f64::max)
        .max(start_h + 1.0);
    let mut chart = ChartBuilder::on(area)
        .margin(px(8.0))
        .margin_right(px(22.0))
        .x_label_area_size(px(34.0))
        .y_label_area_size(px(44.0))
        .build_cartesian_2d(0f64..horizon_s, (start_h - 1.0)..(max_h + 3.0))?;
    chart
        .configure_mesh()
        .x_desc("시간 (초)")
        .y_desc("확정 높이")
        .label_style(font(11.0).color(&P::MUTED))
        .axis_desc_style(font(11.0).color(&P::MUTED))
        .light_line_style(P::GRID.mix(0.5))
        .bold_line_style(P::GRID)
        .x_labels(8)
        .y_labels(6)
        .y_label_formatter(&|v| format!("{:.0}", v))
        .draw()?;
    let colors = [SAFE_GREEN, VALUE_X, UNSAFE_RED, VALUE_OTHER];
    let mut legend: Vec<(String, Swatch)> = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let col = colors[i % colors.len()];
        legend.push((s.label.clone(), Swatch::Line(col)));
        let mut pts = vec![(0.0, start_h - 1.0)];
        let mut h = start_h - 1.0;
        for p in &s.trace.outcome.liveness.network_height {
            let t = p.at.t_us as f64 / 1e6;
            pts.push((t, h));
            h = p.height as f64;
            pts.push((t, h));
        }
        // The line stops where the simulation stopped (one second after both
        // transactions are final, or the horizon), so a finished run never
        // looks like a stall.
        let end_s = (s.trace.end_us as f64 / 1e6).min(horizon_s);
        pts.push((end_s, h));
        let width = if s.highlight { 3.0 } else { 1.5 };
        let style =
            if s.highlight { col.stroke_width(px(width) as u32) } else { col.mix(0.45).stroke_width(px(width) as u32) };
        chart.draw_series(LineSeries::new(pts, style))?;
        if s.highlight {
            let l = &s.trace.outcome.liveness;
            if let Some(f) = l.fault_at {
                let t = f.t_us as f64 / 1e6;
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(t, start_h - 1.0), (t, max_h + 1.0)],
                    UNSAFE_RED.mix(0.5),
                )))?;
            }
            let mut labelled: Vec<(u64, Vec<u32>)> = Vec::new();
            for tx in &l.txs {
                let ts = tx.submitted_at_us as f64 / 1e6;
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(ts, start_h - 1.0), (ts, max_h + 1.0)],
                    P::MUTED.mix(0.5),
                )))?;
                if let (Some(at), Some(hh)) = (tx.finalized_at, tx.height) {
                    let t = at.t_us as f64 / 1e6;
                    chart.draw_series(std::iter::once(Circle::new((t, hh as f64), px(5.0), col.filled())))?;
                    match labelled.iter_mut().find(|(h, _)| *h == hh) {
                        Some((_, v)) => v.push(tx.tx),
                        None => labelled.push((hh, vec![tx.tx])),
                    }
                }
            }
            for (hh, txs) in labelled {
                let at = l
                    .txs
                    .iter()
                    .find(|x| x.height == Some(hh))
                    .and_then(|x| x.finalized_at)
                    .map(|a| a.t_us as f64 / 1e6)
                    .unwrap_or(0.0);
                let names = txs.iter().map(|t| t.to_string()).collect::<Vec<_>>().join("·");
                let label = format!("거래 {names} 확정");
                // Above the step line, clear of the dot (radius 5): to its
                // right, or to its left where the plot has no room for it.
                let right_edge = chart.plotting_area().get_pixel_range().0.end;
                let (dot_x, _) = chart.backend_coord(&(at, hh as f64));
                let fits_right = dot_x + px(7.0) + approx_text_width(&label, 11.0 * scale).ceil() as i32 <= right_edge;
                let (dx, side) = if fits_right { (px(7.0), HPos::Left) } else { (-px(7.0), HPos::Right) };
                chart.draw_series(std::iter::once(
                    EmptyElement::at((at, hh as f64))
                        + Text::new(label, (dx, -px(5.0)), font(11.0).color(&P::INK).pos(Pos::new(side, VPos::Bottom))),
                ))?;
            }
            if l.txs.iter().all(|x| x.finalized_at.is_none()) {
                if let Some(tx) = l.txs.first() {
                    let ts = tx.submitted_at_us as f64 / 1e6;
                    chart.draw_series(std::iter::once(Text::new(
                        "거래 제출 (확정 안 됨)".to_string(),
                        (ts, max_h + 0.5),
                        font(11.0).color(&UNSAFE_RED),
                    )))?;
                }
            }
        }
    }
    // Drawn at an anchor, not laid out by plotters from measured text (see
    // `plots::draw_legend`), so the page's export equals `lab figure`'s.
    let view = View { scale, ..View::default() };
    draw_legend(&chart.plotting_area(), Corner::UpperLeft, &legend, 11.0, true, &view)?;
    Ok(())
}

// ---------------------------------------------------------------------------
// B6: kill vs power loss

/// What survives a fault (figure B6's buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackFault {
    None,
    Kill,
    Power,
}

/// A record chip in the storage stack: its label and layer, and how long ago it reached Disk.
#[derive(Clone, Debug, PartialEq)]
pub struct StackRecord {
    pub label: String,
    pub layer: Layer,
    /// For Disk records: µs since it reached Disk (recent writes are lost by a lying device).
    pub disk_age_us: u64,
}

/// Whether a record survives the fault: the simulation's one rule
/// (`sim::vote::survives`), and everything survives no fault.
pub fn survives(r: &StackRecord, fault: StackFault, device_honours_sync: bool, window_us: u64) -> bool {
    let fault = match fault {
        StackFault::None => return true,
        StackFault::Kill => FaultKind::Kill,
        StackFault::Power => FaultKind::Power,
    };
    let device = Device { honours_sync: device_honours_sync, cache_window_us: window_us };
    crate::sim::vote::survives(fault, r.layer, r.disk_age_us, device)
}

/// The records of A at time `at_us`, for figure B6.
pub fn stack_records(trace: &VoteTrace, at_us: u64) -> Vec<StackRecord> {
    let mut out = Vec::new();
    for rec in trace.records.iter().filter(|r| r.validator == 0) {
        let mut cur: Option<(Layer, u64)> = None;
        for lp in &rec.layers {
            if lp.at.t_us <= at_us {
                cur = Some((lp.layer, lp.at.t_us));
            }
        }
        if let Some((layer, since)) = cur {
            if layer != Layer::Lost {
                out.push(StackRecord {
                    label: format!("h{} {:?} {}", rec.height, rec.step, rec.value.label())
                        .replace("Prevote", "pv")
                        .replace("Precommit", "pc")
                        .replace("Propose", "pp"),
                    layer,
                    disk_age_us: at_us - since,
                });
            }
        }
    }
    out
}

/// Figure B6: the storage stack (Tx / Committed / OsCache / Disk) with A's
/// records; the layers a fault wipes are greyed out and their records struck.
pub fn draw_stack<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    records: &[StackRecord],
    fault: StackFault,
    device_honours_sync: bool,
    window_us: u64,
    scale: f64,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let px = |c: f64| (c * scale).round() as i32;
    let font = |c: f64| TextStyle::from((FONT, c * scale).into_font());
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let layers = [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk];
    let where_ko = ["커밋 전 트랜잭션", "DB 저장 큐 (프로세스 안)", "운영체제 캐시", "장치"];
    let top = px(8.0);
    let row_h = (h - top - px(8.0)) / 4;
    let narrow = (w as f64) / scale < 520.0;
    let label_w = if narrow { px(10.0) } else { px(170.0) };
    for (i, l) in layers.iter().enumerate() {
        let y0 = top + i as i32 * row_h;
        let y1 = y0 + row_h - px(6.0);
        let wiped = match (fault, l) {
            (StackFault::None, _) => false,
            (_, Layer::Tx | Layer::Committed) => true,
            (StackFault::Power, Layer::OsCache) => true,
            _ => false,
        };
        let fill = if wiped { RGBColor(0xd1, 0xd5, 0xdb) } else { RGBColor(0xf1, 0xf5, 0xf9) };
        area.draw(&Rectangle::new([(px(2.0), y0), (w - px(2.0), y1)], fill.filled()))?;
        area.draw(&Rectangle::new([(px(2.0), y0), (w - px(2.0), y1)], P::MUTED.stroke_width(1)))?;
        area.draw_text(
            layer_ko(*l),
            &font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)),
            (px(10.0), y0 + px(6.0)),
        )?;
        if narrow {
            area.draw_text(
                where_ko[i],
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
                (px(90.0), y0 + px(8.0)),
            )?;
        } else {
            area.draw_text(
                where_ko[i],
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
                (px(10.0), y0 + px(24.0)),
            )?;
        }
        if wiped {
            area.draw_text(
                "사라짐",
                &font(11.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Right, VPos::Top)),
                (w - px(8.0), y0 + px(6.0)),
            )?;
        }
        // Chips.
        let mut x = label_w;
        let mut cy = y0 + px(if narrow { 28.0 } else { 6.0 });
        let chip_w = px(74.0);
        let chip_h = px(18.0);
        for r in records.iter().filter(|r| r.layer == *l) {
            if x + chip_w > w - px(8.0) {
                x = label_w;
                cy += chip_h + px(4.0);
                if cy + chip_h > y1 {
                    break;
                }
            }
            let alive = survives(r, fault, device_honours_sync, window_us);
            let col = if alive { VALUE_X } else { RGBColor(0x9c, 0xa3, 0xaf) };
            area.draw(&Rectangle::new(
                [(x, cy), (x + chip_w, cy + chip_h)],
                col.mix(if alive { 0.85 } else { 0.6 }).filled(),
            ))?;
            area.draw_text(
                &r.label,
                &font(10.0).color(&WHITE).pos(Pos::new(HPos::Left, VPos::Center)),
                (x + px(4.0), cy + chip_h / 2),
            )?;
            if !alive {
                area.draw(&PathElement::new(
                    vec![(x, cy + chip_h / 2), (x + chip_w, cy + chip_h / 2)],
                    UNSAFE_RED.stroke_width(px(2.0).max(1) as u32),
                ))?;
            }
            x += chip_w + px(4.0);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::vote::{matrix, run, TraceLevel, VoteConfig};

    #[test]
    fn rows_json_equals_serde_json() {
        for profile in StoreProfile::ALL {
            for device in [true, false] {
                let rows = matrix(profile, device);
                let ours: serde_json::Value = serde_json::from_str(&rows_json(&rows)).expect("valid JSON");
                let theirs = serde_json::to_value(&rows).expect("rows serialize");
                assert_eq!(ours, theirs, "{profile:?} {device}");
            }
        }
    }

    #[test]
    fn grid_has_every_variant_and_every_row() {
        let rows = matrix(StoreProfile::H2Like, true);
        let grid = matrix_grid(&rows);
        assert_eq!(grid.rows.len(), 12);
        assert_eq!(grid.events.first().map(String::as_str), Some("START"));
        let positions: u32 = grid.rows.iter().flat_map(|r| r.cells.iter().flatten()).map(|c| c[0].positions).sum();
        assert_eq!(positions as usize * 2, rows.len(), "every row lands in exactly one cell");
        let v0 = grid.rows.iter().find(|r| r.variant == Variant::V0).unwrap();
        assert!(v0.cells.iter().flatten().all(|c| c.iter().all(|h| h.verdict == Verdict::Safe)));
        let v1 = grid.rows.iter().find(|r| r.variant == Variant::V1).unwrap();
        let send_b = grid.events.iter().position(|e| e == "SEND_B").unwrap();
        assert_eq!(v1.cells[send_b].as_ref().unwrap()[0].verdict, Verdict::Unsafe);
    }

    #[test]
    fn figures_draw_to_svg() {
        // Native builds lay text out with ab_glyph, which needs the font registered.
        #[cfg(not(target_arch = "wasm32"))]
        crate::figures::export::ensure_font().unwrap();
        let trace = run(&VoteConfig::default(), TraceLevel::Full);
        let text = describe_story(&trace);
        assert!(text.contains("이중 투표"), "{text}");
        let mut svg = String::new();
        {
            let view = StoryView {
                t_end_us: story_end_us(&trace, 8),
                show_probes: true,
                show_outer: true,
                ..StoryView::default()
            };
            let root = SVGBackend::with_string(&mut svg, (900, story_height_css(&view) as u32)).into_drawing_area();
            draw_story(&root, &trace, &view).unwrap();
            root.present().unwrap();
        }
        assert!(svg.contains("<svg"));
        let mut svg2 = String::new();
        {
            let root = SVGBackend::with_string(&mut svg2, (700, 320)).into_drawing_area();
            draw_liveness(&root, &[LivenessSeries { label: "1".into(), trace: &trace, highlight: true }], 1.0).unwrap();
            let recs = stack_records(&trace, 3_000_000);
            let root2 = SVGBackend::with_string(&mut svg, (500, 272)).into_drawing_area();
            draw_stack(&root2, &recs, StackFault::Power, false, 2_000_000, 1.0).unwrap();
            root.present().unwrap();
        }
        assert!(svg2.contains("<svg"));
    }
}

// ---------------------------------------------------------------------------
// Starting states, shared by the site's figures and `lab figure`.

/// The config a fresh vote figure starts from, by figure id (B1 and any
/// unknown id: the default story).
pub fn vote_starting_config(id: &str) -> VoteConfig {
    let base = VoteConfig::default();
    match id {
        "outer-transaction" => VoteConfig { variant: Variant::V2, crash_after_events: None, ..base },
        "uncertain-failure" => VoteConfig {
            variant: Variant::FFence,
            crash_after_events: None,
            status_probe_shares_engine_lock: false,
            ..base
        },
        // The transactions arrive at 12 s, so the run spans several rounds of
        // proposer rotation before it stops: the longer step where the blocked
        // node was due to propose shows up repeatedly.
        "liveness" => VoteConfig {
            variant: Variant::V0,
            crash_after_events: None,
            blocked_validators: 1,
            txs_submit_at_ms: 12_000,
            ..base
        },
        "kill-vs-power" => {
            let mut c = VoteConfig { variant: Variant::V3, crash_after_events: None, ..base };
            c.timing.os_writeback_delay_ms = 3_000;
            c
        }
        _ => base,
    }
}

/// The most foreground events A's first action chain can have (the crash
/// slider's range).
pub fn max_depth(c: &VoteConfig) -> u32 {
    let opts = MatrixOptions { layout: c.layout, ..MatrixOptions::new(c.profile, c.device_honours_sync) };
    positions(c.variant, &opts).iter().map(|p| p.depth).max().unwrap_or(8)
}

/// B6's snapshot time: the middle of A's last Tx span that starts before
/// 10 s, when every layer has a record.
pub fn snapshot_us(t: &VoteTrace) -> u64 {
    let mut best = 10_000_000u64;
    for rec in t.records.iter().filter(|r| r.validator == 0) {
        for (k, lp) in rec.layers.iter().enumerate() {
            if lp.layer == Layer::Tx && lp.at.t_us < 10_000_000 {
                if let Some(next) = rec.layers.get(k + 1) {
                    best = (lp.at.t_us + next.at.t_us) / 2;
                }
            }
        }
    }
    best
}
