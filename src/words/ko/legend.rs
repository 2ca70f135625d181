//! The Korean words of legends, axis titles and drawn labels of Article A's figures.

use crate::legend::{LaneWords, LegendWords, PlotWords, SideWords};

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
    vote_story: ["처리 단계", "전송 단계", "X 기록·투표", "Y 기록·투표", "차단", "꺼짐", "증거 없음", "이중 투표 증거"],
    lanes_capped: "그리기 상한: 스레드 줄 {total}개 중 앞의 {shown}개만 그렸습니다.",
    lanes_capped_notice: "{note} 표와 지표는 모든 스레드를 셉니다.",
    table_run: "{label}실행 {r}",
    csv_run: "{header} 실행 {r}",
    article_note: "원문 측정값은 프리셋 그대로일 때만 나란히 보여 줍니다.",
    sweep_article_point: "원문 실험 설정",
    sweep_units: ["초과 승인", "건/초"],
    lanes: LaneWords {
        lease: "지갑{wallet} lease",
        worker: "스레드 {worker}",
        worker_named: "스레드 {worker} · {name}",
        balance: "잔액 행",
        fence: "fence 값",
        watchdog: "watchdog",
        row_wait: "행 잠금 대기: 앞 트랜잭션이 끝나기를 기다림",
        row_wait_counted: "행 잠금 대기: 앞 트랜잭션이 끝나기를 기다림 (숫자: 앞에 선 수)",
        balance_values: "{snapshot} / 원장 {ledger}",
        lease_narrow: "지갑{wallet} lease",
    },
    plots: PlotWords {
        seconds: "{s}초",
        ledger_line: "원장 계산값 (모든 지갑)",
        snapshot_line: "지갑 {wallet} 스냅샷",
        note_head: "{t}초 지갑0:",
        note_snapshot: "스냅샷 {won}",
        note_ledger: "원장 {won}",
        responses_title: "초당 응답",
        outcomes: ["승인", "잔액 부족", "503", "fencing 거부(읽기)", "fencing 거부(쓰기)"],
        hazards_title: "초당 락 없는 홀드 · 소유 겹침 쌍 · 누적 drift",
        hazards: ["락 없는 홀드", "소유 겹침 쌍", "누적 drift(원, 오른쪽 축)"],
        tokens_title: "지갑 0: 토큰 카운터와 fence 값",
        tokens: ["토큰 카운터", "fence 값"],
        tradeoff_key: "채운 점: 시뮬레이션 · 빈 원: 원문 측정",
        latency_axis: "응답 지연 (ms, 로그 축)",
        share_axis: "누적 비율",
    },
    side: SideWords {
        counts: ["한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열"],
        caption: "나란히 보기: {labels|을/를} 같은 시드, 같은 멈춤 아래에서 지갑 0만 떼어 한 시계로 재생합니다. 재생기를 움직이면 {count} 그림이 함께 움직입니다.",
        panels: "{count} 그림",
        region_label: "{count} 변형 나란히 보기 (스페이스: 재생/정지, ←/→: 한 사건씩)",
        numbers: "승인 {approved}건 · 잔액 {balance}원 · 원장 {ledger}원",
        canvas_label: "{label} 지갑 {wallet}의 타임라인",
        player_label: "{panels}의 공통 재생기",
        back_label: "한 사건 뒤로",
        back: "◀ 한 사건",
        forward_label: "한 사건 앞으로",
        forward: "한 사건 ▶",
        time: "시간 ({panels} 공통)",
    },
};

#[cfg(test)]
mod tests {
    use crate::{Lang, Words};

    #[test]
    fn the_side_by_side_caption_counts_its_panels_in_korean() {
        let w = Words::of(Lang::Ko);
        let side = &w.legend.side;
        assert_eq!(side.count(5), "다섯");
        assert_eq!(side.count(12), "12");
        let caption = w.fill(side.caption, &[("labels", "(a), (d)"), ("count", &side.count(2))]);
        assert_eq!(
            caption,
            "나란히 보기: (a), (d)를 같은 시드, 같은 멈춤 아래에서 지갑 0만 떼어 한 시계로 재생합니다. 재생기를 움직이면 두 그림이 함께 움직입니다."
        );
    }
}
