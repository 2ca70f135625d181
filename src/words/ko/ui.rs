//! The Korean words of the live page's controls, buttons and status lines.

use crate::ui::{FigureWords, LabWords, PageWords, RecordedWords, SweepWords, TableWords, UiWords};

/// The Korean table.
pub const UI: UiWords = UiWords {
    lab: LabWords {
        open: "실험실 열기",
        close: "실험실 닫기",
        lesson_label: "이 그림에서 먼저 해 볼 것",
        panel_label: "그림 {number}의 실험실: 모든 설정, 재생 도구, 결과 표, 내려받기",
        exact_input: "{label} 직접 입력 ({unit})",
        all_settings: "모든 설정",
        legend: "범례",
        wallet_fixed: "고정 배정",
        wallet_random: "요청마다 무작위",
        outage_off: "없음",
        outage_on: "있음",
        fail_closed: "fail-closed (503)",
        fail_open: "fail-open (락 없이 진행)",
        noise_off: "없음",
        noise_realistic: "현실적",
        unit_won: "원",
        unit_s: "초",
        unit_per_min: "회/분",
    },
    figure: FigureWords {
        settings: "설정",
        mark_ttl_minus_period: "TTL − 연장 주기 (넘으면 만료될 수 있음)",
        mark_ttl: "TTL (넘으면 반드시 만료)",
        recon_switch: "대사 실행 (원장 계산값 보이기)",
        results_hidden: "결과 표와 주요 지표는 {moment} \"결과 보기\"를 누를 때까지 숨겨 둡니다. 먼저 그림을 보며 짐작해 보세요.",
        until_anomaly: "재생기가 첫 이상 현상에 닿거나",
        until_end: "재생기가 끝에 닿거나",
        reveal: "결과 보기",
        computing: "그림을 계산하는 중…",
        canvas_label: "그림 {number} ({id})",
        keys_lead: "표시를 가리키거나 누르면 설명이 나오고, 빈 곳을 누르면 닫힙니다 · 시간축을 누르거나 그림을 옆으로 끌면 그 시각으로 이동 · 그림에 초점을 두고 ",
        keys_marks: " 표시 하나씩, ",
        keys_events: " 사건 하나씩, ",
        key_space: "스페이스",
        keys_play: " 재생/정지, ",
        key_esc: "Esc",
        keys_close: " 설명 닫기",
        keys_ttl_lead: " · 만료된 lease의 끝을 끌거나, lease를 고른 뒤 ",
        keys_ttl_tail: "로 TTL 바꾸기",
        window: "시간 창",
        window_value: "0~{seconds} 초",
        ttl_drag: "락 TTL {ttl} ms (지금 {now} ms) · 놓으면 다시 실행",
        preset: "실험 프리셋",
        preset_custom: "(직접 조정함)",
        seed: "시드",
        reroll: "다시 뽑기",
        reset: "초기화",
        copy_link: "이 상태 링크 복사",
        link_copied: "링크 복사됨",
    },
    recorded: RecordedWords {
        left: "실제 실행 기록은 바꿀 수 없어서, 바꾼 설정을 시뮬레이션으로 보여 줍니다.",
        choose: "무엇을 그릴까요",
        simulation: "시뮬레이션",
        real: "실제 Redis·PostgreSQL 실행 기록",
        loading: "실제 실행 기록을 불러오는 중…",
        failed: "실제 실행 기록을 불러오지 못했습니다. 시뮬레이션을 보여 줍니다.",
        badge: "실제 실행 기록(시뮬레이션 아님) · ",
        what: "실제 실행 기록입니다. 시뮬레이션도 원문 측정도 아닙니다.",
        how: " {source}. 실행 0(시드 {seed})의 처음부터 그립니다. 홀드는 결제 서비스가 응답을 받은 순간에 찍은 시각이고, lease는 락 서버(Redis)의 시계로 잰 SET 시각에 TTL을 더해 다시 그렸습니다. 이 그림을 바꾸려고 설정을 움직이면 시뮬레이션으로 돌아갑니다.",
        caption: "이 실행 60초 전체, 홀드 기록으로 센 값 (처리량과 지연은 요청 기록이 필요해서, 이 장의 실제 실행 표에 있습니다)",
        metric: "지표",
        run: "실제 실행 0",
    },
    table: TableWords {
        not_applicable: "해당 없음",
        caption: "실시간 지표: seed {seed} · 실행 0~2 ({ran}초 전체 실행)",
        capped: " — 작업량 상한(실행 한 번에 사건 최대 {max}개) 때문에 {asked}초 대신 {ran}초만 실행",
        article: "원문 측정 {label}",
        computing: " — 계산 중…",
        recomputing: " — 새 설정으로 계산 중…",
        metric: "지표",
    },
    sweep: SweepWords {
        opened: "연 칸의 실행 요약",
        open_run: "이 칸의 실행을 타임라인에서 보기",
        close: "닫기",
        colour_over: "칸 색: 시드 평균 초과 승인 (진할수록 많음)",
        colour_throughput: "칸 색: 시드 평균 처리량 (진할수록 많음)",
        dot: "빨간 점: 평균은 0에 가깝지만 어느 시드에서 초과 승인이 있었음",
        pending: "회색 빗금: 아직 계산 중인 칸",
        focus_outline: "테두리: 선택한 칸 (Enter나 클릭으로 그 실행의 요약을 지도 아래에 엽니다)",
        article_point: "{label}: 원문의 {preset}({measurement}) 설정, {x_name} = {x}, {y_name} = {y} (원문 측정값이 아니라 원문이 실험한 자리)",
        failed: "계산할 수 없음: 계산용 웹 워커를 시작하지 못했습니다. 페이지를 새로 고쳐 주세요.",
        done_cached: "완료 · 저장해 둔 결과 · {runs}회 실행",
        done_timed: "완료 · {runs}회 실행 · {seconds}초",
        done: "완료 · {runs}회 실행",
        running: "계산 중 · {done}/{rows}줄 · 모두 {runs}회 실행 (웹 워커)",
        variant: "변형",
        metric: "색으로 보일 값",
        focus: "선택한 칸 — {cell}",
        progress: "진행",
        counter_cells: "칸",
        counter_items: "개",
        grid: "{name} 격자: 가로 {xn}, 세로 {yn}. 화살표로 칸을 옮기고 Enter로 그 실행의 요약을 엽니다.",
        row_failed: "매개변수 지도 {key}의 {row}번째 줄을 계산하지 못했습니다 (web worker를 시작하지 못함)",
    },
    page: PageWords {
        unknown_chapter: "주소의 ch={ch} 장은 없어서 첫 장을 보여 줍니다.",
        no_chapter: "장을 찾을 수 없습니다.",
        unknown_embed: "퍼가기 주소의 그림 「{asked}」{asked?은/는} 없는 그림입니다. 주소를 확인해 주세요.",
        go_home: "정합성 실험실 첫 장으로 가기",
        chapter_failed: "「{title}」 장을 불러오지 못했습니다 ({why}). 네트워크를 확인하고 페이지를 새로 고쳐 주세요.",
        chapter_loading: "「{title}」 장을 불러오는 중…",
        side_by_side_fixed: "나란히 보기는 다섯 변형을 같은 설정으로 보여 주므로, 주소의 실험 설정은 이 그림에 적용하지 않습니다.",
        figure_missing: "그림 {id|은/는} 아직 준비 중입니다.",
        panic: "오류가 발생해 그림이 멈췄습니다. 페이지를 새로 고쳐 주세요. (자세한 내용: {info})",
        offline_failed: "오프라인 캐시(service worker)를 등록하지 못했습니다:",
        key_numbers: "이 그림의 주요 지표 (실시간)",
        key_numbers_held: "이 그림의 주요 지표 (결과를 보기 전까지 숨김)",
        takeover_failed: "움직이는 그림을 준비하지 못해 글과 처음 상태의 그림만 보여 드립니다({why}). 페이지를 새로 고쳐 보세요.",
        worker_failed: "계산용 웹 워커를 시작하지 못했습니다: {reason}",
        worker_failed_lead: "계산용 웹 워커를 시작하지 못했습니다:",
    },
};

#[cfg(test)]
mod tests {
    use crate::ui::{results_hidden, sweep_status, table_caption, unit, SweepProgress};
    use crate::{Lang, Words};

    #[test]
    fn a_shortened_run_says_why() {
        let ko = Words::of(Lang::Ko);
        assert_eq!(
            table_caption(ko, "7", 20, 60, "2,000,000"),
            "실시간 지표: seed 7 · 실행 0~2 (20초 전체 실행) — 작업량 상한(실행 한 번에 사건 최대 2,000,000개) 때문에 60초 대신 20초만 실행"
        );
    }

    #[test]
    fn a_sweeps_status_counts_its_runs() {
        let p = SweepProgress {
            failed: false,
            complete: false,
            cached: false,
            elapsed_ms: None,
            runs: 1,
            done: 3,
            rows: 8,
        };
        let ko = Words::of(Lang::Ko);
        let done = SweepProgress { complete: true, elapsed_ms: Some(2345.0), runs: 120, ..p };
        assert_eq!(sweep_status(ko, done), "완료 · 120회 실행 · 2.3초");
        assert_eq!(sweep_status(ko, p), "계산 중 · 3/8줄 · 모두 1회 실행 (웹 워커)");
    }

    #[test]
    fn the_hidden_results_name_the_moment_they_wait_for() {
        let ko = Words::of(Lang::Ko);
        assert!(results_hidden(ko, true)
            .starts_with("결과 표와 주요 지표는 재생기가 첫 이상 현상에 닿거나 \"결과 보기\"를"));
    }

    #[test]
    fn the_korean_particles_follow_the_figure_id() {
        let ko = Words::of(Lang::Ko);
        let page = &ko.ui.page;
        for (id, particle) in [
            ("lease-expiry", "는"),
            ("a1-timeline", "는"),
            ("sweep-ttl-pause", "는"),
            ("b3-matrix", "는"),
            ("x", "는"),
            ("fig-7", "은"),
        ] {
            assert_eq!(ko.fill(page.figure_missing, &[("id", id)]), format!("그림 {id}{particle} 아직 준비 중입니다."));
            assert_eq!(
                ko.fill(page.unknown_embed, &[("asked", id)]),
                format!("퍼가기 주소의 그림 「{id}」{particle} 없는 그림입니다. 주소를 확인해 주세요.")
            );
        }
    }

    #[test]
    fn a_unit_has_its_korean_word() {
        assert_eq!(unit(Words::of(Lang::Ko), "/min"), "회/분");
    }
}
