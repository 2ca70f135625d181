//! The Korean words of the figures' text alternatives and the player's narration.

use crate::alt::{AltWords, PlayerWords};

/// The Korean table.
pub const ALT: AltWords = AltWords {
    player: PlayerWords {
        label: "타임라인 재생기 (스페이스: 재생/정지, ←/→: 한 사건씩)",
        back_label: "한 사건 뒤로",
        back: "◀ 한 사건",
        forward_label: "한 사건 앞으로",
        forward: "한 사건 ▶",
        next_mark: "다음 이상 징후",
        auto_pause: "불변식이 깨지면 자동 정지",
        position: "위치",
        position_value: "{position} · 사건 {i}/{n}",
        speed: "속도 (로그 눈금)",
        speed_time: "{factor}× (실제 1초 = 시뮬 {ms}ms)",
        speed_steps: "초당 사건 {n}개",
        auto_paused: "자동 정지 — {mark}",
        no_more_marks: "이 시간 창에는 더 이상 이상 징후가 없습니다.",
    },
    whole_run: "60초 전체 실행: {run}",
    mark: "{ms}ms: 지갑 {wallet}에서 {kind}",
    recorded: "{alt} 실제 실행 기록: {source}",
    seed_invalid: "시드는 0 이상의 정수여야 합니다.",
    mark_cast: "{mark}. {who}",
};
