//! The Korean words of what a mark says when pointed at: holds, leases, writes, series points.

use crate::tips::TipWords;

/// The Korean table.
pub const TIPS: TipWords = TipWords {
    sep: " · ",
    at: "{ms}ms",
    won: "{n}원",
    hold: "스레드 {worker} · 지갑 {wallet} · 토큰 #{token}",
    hold_lockless: "스레드 {worker} · 지갑 {wallet} · 락 없이(토큰 없음)",
    acquired: "{at} 획득",
    read: "{at} 잔액 {won} 읽음",
    wrote: "{at} 잔액을 {won|으로/로} 씀{note}",
    stale_note: " (옛 값으로 덮어씀)",
    released: "{at} {release}",
    releases: [
        "해제: 정상 해제",
        "해제: STOLEN(키에 남의 토큰)",
        "해제: 키가 이미 만료",
        "해제: 락 서버 오류",
        "해제 없음(락 없는 구간)",
    ],
    result: "결과: {outcome}",
    outcomes: [
        "승인",
        "잔액 부족으로 거절",
        "읽기 시점 fencing 거부",
        "쓰기 시점 fencing 거부",
        "락 서버 응답 없음(503)",
        "lease를 잃어 쓰기를 건너뜀",
    ],
    in_progress: "아직 진행 중",
    lease: "지갑 {wallet}의 lease · 토큰 #{token}",
    lease_set: "{at} 락 서버가 설정",
    lease_extended: "연장 {n}번",
    lease_alive: "아직 살아 있음",
    lease_expired: "{at} TTL이 다해 만료",
    lease_deleted: "{at} 주인이 해제",
    lease_killed: "{at} 락 서버가 죽어 사라짐",
    lease_run_end: "실행이 끝날 때까지 살아 있음",
    row_wait: "스레드 {worker}의 {stmt|이/가} 지갑 {wallet}의 행 잠금을 기다림 (앞에 {ahead}개)",
    row_waited: "{from}부터 {waited}ms 기다림",
    row_waiting: "{from}부터 아직 기다리는 중",
    second: "{s}~{next}초",
    in_outage: " (단절 구간)",
    no_record: "{head}: 기록 없음",
    responses: "{head}{phase} 응답: 승인 {approved}건, 잔액 부족 {insufficient}건, 503 {unavailable}건, fencing 거부 읽기 {read} · 쓰기 {write}건",
    holds: "{head}{phase}: 락 없는 홀드 {lockless}건, 소유 겹침 {overlaps}쌍 · {next}초까지 누적 drift {drift}",
    tokens: "{next}초 시점{phase}, 지갑 0: 토큰 카운터 {counter}, DB의 fence 값 {fence}",
};

#[cfg(test)]
mod tests {
    use crate::tips::tip;
    use crate::{Lang, Words};
    use lab_model::facts::tips::{OutageNumbers, OutagePointTip, RowWaitTip, TipFact};
    use lab_sim::lease::LockingStmt;

    #[test]
    fn korean_tips_keep_their_particles_and_counters() {
        let w = Words::of(Lang::Ko);
        let wait = |stmt| RowWaitTip { worker: 2, wallet: 0, stmt, ahead: 1, began_us: 10_000, waited_us: Some(420) };
        assert_eq!(
            tip(w, &TipFact::RowWait(wait(LockingStmt::ConditionalUpdate))),
            "스레드 2의 조건부 UPDATE가 지갑 0의 행 잠금을 기다림 (앞에 1개) · 10.0ms부터 0.4ms 기다림"
        );
        assert!(tip(w, &TipFact::RowWait(wait(LockingStmt::FenceCheck))).starts_with("스레드 2의 fence 확인이 "));
        let point = OutagePointTip {
            second: 3,
            in_outage: false,
            numbers: Some(OutageNumbers::Responses {
                approved: 10,
                insufficient: 0,
                unavailable: 0,
                fence_read: 1,
                fence_write: 2,
            }),
        };
        assert_eq!(
            tip(w, &TipFact::OutagePoint(point)),
            "3~4초 응답: 승인 10건, 잔액 부족 0건, 503 0건, fencing 거부 읽기 1 · 쓰기 2건"
        );
    }
}
