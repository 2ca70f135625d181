//! The Korean words of legends, axis titles and drawn labels of Article A's figures.

use crate::legend::LegendWords;

/// The Korean table.
pub const LEGEND: LegendWords = LegendWords {
    timeline: [
        "홀드(승인)",
        "홀드(잔액 부족)",
        "홀드(fencing 거부)",
        "락 없는 구간",
        "홀드(락 서버 응답 없음 등)",
        "서버의 lease(토큰)",
        "lease 연장",
        "lease 만료(서버)",
        "소유 겹침",
        "행 잠금 대기",
        "잔액 읽기",
        "쓰기",
        "옛 값으로 덮어쓴 쓰기",
        "정상 해제",
        "해제 시 STOLEN",
        "해제 시 이미 만료",
        "해제 시 락 서버 오류",
        "watchdog 연장",
        "watchdog이 lease 잃음을 봄",
        "잔액 값",
        "원장 합계",
        "fence 값이 바뀜",
        "프로세스 정지",
        "락 서버 단절",
    ],
};
