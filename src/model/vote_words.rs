//! Article B's names in Korean that more than one layer says: a variant's
//! name, a fault's, a pipeline step's (and a step of the conflicting
//! action's, `(Y)` after it), a round as readers count it. Figure B2's row
//! and column heads, the stories (`lab_figures::vote::labels`, which
//! re-exports them) and `lab check`'s Article B section
//! (`lab_check::words::vote`) read these, so each name has one home.

use lab_sim::vote::{FaultKind, InterruptStage, PipelineStep, StepName, Variant};

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

/// A fault's Korean name.
pub fn fault_ko(f: FaultKind) -> &'static str {
    match f {
        FaultKind::Kill => "프로세스 종료",
        FaultKind::Power => "전원 차단",
    }
}

/// A pipeline step's Korean name: the chapters' word where they have one.
pub fn step_ko(step: PipelineStep) -> &'static str {
    match step {
        PipelineStep::Start => "시작 전",
        PipelineStep::Sign => "서명",
        PipelineStep::Write => "WAL 기록",
        PipelineStep::WriteRefused => "기록 거절",
        PipelineStep::Commit => "커밋",
        PipelineStep::Drain => "저장 큐 비우기",
        PipelineStep::Fsync => "파일 동기화",
        PipelineStep::FsyncError => "동기화 오류",
        PipelineStep::SyncCall => "동기화 SQL 호출",
        PipelineStep::InterruptAt(InterruptStage::Commit) => "커밋 중 중단 요청",
        PipelineStep::InterruptAt(InterruptStage::Drain) => "비우기 중 중단 요청",
        PipelineStep::InterruptAt(InterruptStage::Fsync) => "동기화 중 중단 요청",
        PipelineStep::Send(0) => "A에게 전송",
        PipelineStep::Send(1) => "B에게 전송",
        PipelineStep::Send(2) => "C에게 전송",
        PipelineStep::Send(3) => "D에게 전송",
        PipelineStep::Send(_) => "전송",
        PipelineStep::OuterBegin => "바깥 트랜잭션 시작",
        PipelineStep::OuterCommit => "바깥 커밋",
        PipelineStep::OuterRollback => "바깥 롤백",
        PipelineStep::Fenced => "차단",
        PipelineStep::NewEngine => "새 엔진 열기",
    }
}

/// A step name's Korean words, `(Y)` after the conflicting action's step:
/// `SIGN(Y)` → "서명 (Y)".
pub fn step_name_ko(name: StepName) -> String {
    let ko = step_ko(name.step);
    if name.conflicting {
        format!("{ko} (Y)")
    } else {
        ko.to_string()
    }
}

/// A 0-based round as readers count it: round 1 is "두 번째 라운드", the article's "second round".
pub fn round_ko(round: u32) -> String {
    const ORDINALS: [&str; 10] = ["첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열"];
    match ORDINALS.get(round as usize) {
        Some(word) => format!("{word} 번째 라운드"),
        None => format!("{}번째 라운드", u64::from(round) + 1),
    }
}
