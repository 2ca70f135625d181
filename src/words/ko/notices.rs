//! The Korean words of what the page and `lab` say about a clamped or ignored value (lab_model::params::spec::Notice), and the work caps.

use crate::notices::{NoticeWords, ReasonWords};

/// The Korean table.
pub const NOTICES: NoticeWords = NoticeWords {
    clamped: "주소의 {key}={given} 값이 허용 범위({min}~{max})를 벗어나 {used|으로/로} 맞췄습니다.",
    ignored_key: "주소의 {key} 항목은 쓸 수 없어 무시했습니다.",
    ignored: "주소의 {key}={given} 항목은 쓸 수 없어 무시했습니다.",
    swapped: "주소의 {low_key}={low|이/가} {high_key}={high}보다 커서 범위의 두 끝을 바꿔 읽었습니다.",
    omitted: "그 밖에 주소 항목 {count}개도 무시했습니다.",
    line_clamped: "`{key}={given}` 값이 범위를 벗어났습니다: 허용 {min}..={max}, {used|을/를} 씁니다",
    line_ignored: "`{key}={given}` 항목을 무시했습니다: {reason}",
    line_swapped: "`{low_key}={low|이/가}` `{high_key}={high}`보다 커서 두 끝을 바꿨습니다",
    line_omitted: "`…=` 항목을 무시했습니다: 알림 {count}개를 더 생략했습니다",
    reasons: ReasonWords {
        unknown_key: "모르는 키 (`lab params`가 키를 보여 줍니다)",
        unknown_key_of: "{of}의 키가 아님 (`lab params`가 키를 보여 줍니다)",
        scenario_a: "시나리오 A의 질의입니다. 맨 위에서는 lease|vote만 씁니다",
        scenario_b: "시나리오 B의 질의입니다. 맨 위에서는 lease|vote만 씁니다",
        no_value: "값 없음 (key=value 꼴이어야 합니다)",
        repeated: "같은 키가 거듭 나옴. 마지막 값을 씁니다",
        not_whole_number: "정수가 아님. 허용 {allowed}",
        not_one_of: "{allowed} 가운데 하나가 아님",
        not_millis: "ms 단위 시간이 아님. 허용 {allowed}",
        other_figures: "{scope} 그림의 키가 아님",
        outage_off: "단절이 꺼져 있음 (outage=off)",
        crash_after_events: "충돌은 crash_after로 정해짐 (crash=after_events)",
        crash_at_ms: "충돌은 crash_at_ms로 정해짐 (crash=at_ms)",
        no_crash: "충돌이 없음 (crash=none)",
        never_restarts: "A는 재시작하지 않음 (restart=off)",
    },
    cap_window: "작업량 상한: 이 설정은 사건이 많아 보이는 구간을 {shown}초로 줄였습니다 (사건이 {max}개를 넘으면 그다음 {step}초 경계까지만 실행합니다).",
    cap_duration: "작업량 상한: 이 설정은 사건이 많아 실행 시간을 {run}초로 줄여 그렸습니다 (실행 한 번에 사건 최대 {max}개).",
};

#[cfg(test)]
mod tests {
    use lab_model::params::{parse_lease_query, Notice};
    use lab_model::work_cap::CapNotice;

    use crate::notices::{cap_notice, site_notice};
    use crate::{Lang, Words};

    #[test]
    fn the_page_s_notices_take_their_particles() {
        let ko = Words::of(Lang::Ko);
        let parsed = parse_lease_query("ttl_ms=999999&pause_min_ms=600&pause_max_ms=300&wallets");
        let lines: Vec<String> = parsed.notices.iter().map(|n| site_notice(ko, n)).collect();
        assert!(
            lines.contains(&"주소의 ttl_ms=999999 값이 허용 범위(1~10000)를 벗어나 10000으로 맞췄습니다.".to_string()),
            "{lines:?}"
        );
        let swapped = Notice::Swapped {
            low_key: "ttl_lo".into(),
            low: "900".into(),
            high_key: "ttl_hi".into(),
            high: "50".into(),
        };
        assert_eq!(site_notice(ko, &swapped), "주소의 ttl_lo=900이 ttl_hi=50보다 커서 범위의 두 끝을 바꿔 읽었습니다.");
        assert!(lines.contains(&"주소의 wallets 항목은 쓸 수 없어 무시했습니다.".to_string()), "{lines:?}");
        assert_eq!(
            cap_notice(ko, CapNotice::Duration { run_ms: 12_000 }),
            "작업량 상한: 이 설정은 사건이 많아 실행 시간을 12초로 줄여 그렸습니다 (실행 한 번에 사건 최대 100,000개)."
        );
    }
}
