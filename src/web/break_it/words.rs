//! Every Korean word the "깨뜨려 보기" figure shows of its own, in one place
//! (issue 42 moves them into the site's words layer). The sentences of the
//! steps, the threads' states, the properties and the checker's verdict are
//! `lab_check`'s (`lab_check::words`, `lab_check::session`).

use lab_check::world::{Action, Released};

/// The variant select's label.
pub const VARIANT: &str = "설계";
/// The threads radio group's legend, and each choice.
pub const THREADS: &str = "스레드";
pub fn threads_choice(n: u8) -> String {
    format!("{n}개")
}
/// The region of the lanes, for a screen reader.
pub const LANES: &str = "스레드와 서버";
/// A thread's name in its lane: T1, T2, T3.
pub fn thread(i: u8) -> String {
    lab_check::words::thread(i)
}
/// The adversary's row.
pub const ADVERSARY: &str = "적대자";
pub const UNDO: &str = "↶ 한 단계 되돌리기";
pub const RESET: &str = "처음부터";
/// Under the lanes, before the reader has moved: how to play.
pub const HOW: &str = "버튼을 눌러 다음에 움직일 스레드를 고르세요. 키보드: 1·2·3 스레드, s 멈춤, z 되돌리기.";

pub const TIMELINE: &str = "순서 그림";
/// The timeline's label for a screen reader (the list below says it step by step).
pub fn timeline_label(steps: usize) -> String {
    if steps == 0 {
        "아직 아무 단계도 없습니다.".to_string()
    } else {
        format!("{steps}단계의 순서 그림. 같은 내용이 아래 목록에 단계별로 있습니다.")
    }
}
/// The timeline's row of the lock server.
pub const LOCK_SERVER: &str = "락 서버";

pub const SCHEDULE: &str = "지금까지의 순서";
pub const PROPERTIES: &str = "지켜야 할 성질";
pub const HOLDS: &str = "✓ 지켜짐";
pub fn broken_since(step: usize) -> String {
    format!("✗ 깨짐 ({step}단계)")
}
pub const OVER: &str = "모든 스레드가 끝났습니다.";
pub const STUCK: &str = "더 움직일 수 있는 단계가 없습니다.";

/// The banner when a property fell.
pub fn yours(steps: usize) -> String {
    format!("당신이 찾은 순서: {steps}단계")
}
pub const SMALLEST_BUTTON: &str = "검사기의 가장 짧은 반례 보기";
pub fn smallest_heading(steps: usize) -> String {
    format!("검사기의 가장 짧은 반례: {steps}단계")
}
pub fn compare(yours: usize, smallest: usize) -> String {
    if yours == smallest {
        format!("당신의 {yours}단계도 가장 짧은 반례와 같은 길이입니다.")
    } else {
        format!("당신은 {yours}단계, 검사기가 찾은 가장 짧은 것은 {smallest}단계입니다.")
    }
}
pub const VERDICT_BUTTON: &str = "검사기의 판정 보기";
/// The checker found a failure in a variant the reader did not break.
pub fn unsafe_verdict(states: u64, smallest: usize) -> String {
    format!(
        "검사기가 이 세계의 상태 {}개를 모두 확인했습니다: 이 설계를 깨뜨리는 순서가 있습니다. 가장 짧은 것은 {smallest}단계입니다.",
        lab_check::words::won(states as i64)
    )
}
pub const STORY_NEXT: &str = "다음 단계";
pub const STORY_PLAY: &str = "재생";
pub const STORY_PAUSE: &str = "멈춤";
pub const STORY_RESTART: &str = "처음으로";
pub const STORY_CLOSE: &str = "닫기";
pub fn story_position(shown: usize, total: usize) -> String {
    format!("{shown} / {total}단계")
}
pub const STORY_START: &str = "‘다음 단계’를 누르면 검사기가 찾은 순서가 한 단계씩 펼쳐집니다.";

/// The label of a step's box on the timeline (the sentence is its tooltip and the list's item).
pub fn box_label(a: &Action) -> &'static str {
    match *a {
        Action::Acquire { .. } => "잡기",
        Action::Unavailable => "503",
        Action::Lockless => "락 없이",
        Action::Read { .. } | Action::ReadShare { .. } => "읽기",
        Action::Stamp { passed: true, .. }
        | Action::FenceAdvance { passed: true, .. }
        | Action::FenceEqual { passed: true, .. } => "fence",
        Action::Stamp { .. } | Action::FenceAdvance { .. } | Action::FenceEqual { .. } => "fence ✗",
        Action::CommitRead { .. } | Action::Commit { .. } => "커밋",
        Action::Compute { approve: true, .. } => "계산",
        Action::Compute { .. } => "계산 ✗",
        Action::UpdateSet { .. } | Action::Decrement { .. } | Action::UpdateIfSufficient { matched: true, .. } => {
            "UPDATE"
        }
        Action::UpdateIfSufficient { .. } => "UPDATE 0",
        Action::Insert => "원장",
        Action::Rollback => "롤백",
        Action::Release { result: Released::Released } => "풀기",
        Action::Release { .. } => "풀기 ✗",
        Action::Stall { .. } => "만료",
        Action::ProcessStop { .. } => "정지",
        Action::Kill => "죽음",
        Action::Restart => "재시작",
    }
}
/// A band's tooltip: a lease, or (after it expired) a stalled holder's belief that it still holds the lock.
pub fn band_title(belief: bool, token: u8) -> String {
    if belief {
        format!("lease는 만료됐지만 아직 쥐었다고 믿음 (토큰 {token})")
    } else {
        format!("lease (토큰 {token})")
    }
}
/// The timeline's legend.
pub const LEGEND: &str = "범례";
pub const LEGEND_LEASE: &str = "lease를 쥔 구간";
pub const LEGEND_BELIEF: &str = "lease가 끝났는데도 쥐었다고 믿는 구간";
pub const LEGEND_ADVERSARY: &str = "적대자의 단계";
pub const LEGEND_REFUSED: &str = "거절되거나 헛돈 단계";
pub const LEGEND_BROKE: &str = "성질이 처음 깨진 단계";
/// The mark of the step where a property first broke.
pub const BROKE_MARK: &str = "깨짐";
