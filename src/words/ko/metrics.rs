//! The Korean words of the metrics' names, units and labels (lab_model::metrics).

use crate::metrics::{MetricWords, PerMetric, UnitWords};

/// The Korean table.
pub const METRICS: MetricWords = MetricWords {
    names: PerMetric {
        approvals: "승인",
        possible_approvals: "가능한 승인",
        ownership_overlap_pairs: "소유 겹침 쌍",
        max_concurrent_owners: "최대 동시 소유자",
        stolen_at_release: "해제 시 STOLEN",
        drift_won: "drift",
        over_approval: "초과 승인",
        negative_ledger_wallets: "원장 음수 지갑",
        fencing_rejects: "fencing 거부",
        lost_update_pairs: "잃어버린 갱신 쌍",
        throughput_rps: "처리량",
        latency_p95_ms: "p95 지연",
        n503_during_outage: "단절 중 503",
        lockless_holds_during_outage: "단절 중 락 없는 홀드",
        watchdog_extensions: "연장 횟수",
        fence_value_at_kill: "단절 시점 fence 값",
        post_restart_read_rejects: "재기동 뒤 읽기 거부",
        overlap_pairs_during_outage: "단절 중 소유 겹침 쌍",
        overlap_artifacts: "그중 아티팩트",
        expired_at_release: "해제 시 EXPIRED",
        leases_expired: "서버에서 만료된 lease",
        holds: "홀드",
        requests: "요청",
        responses503: "503 응답",
        insufficient: "잔액 부족 거절",
        fencing_rejects_read: "읽기 시점 fencing 거부",
        fencing_rejects_write: "쓰기 시점 fencing 거부",
        writes_after_overtake: "추월당한 뒤의 쓰기",
        latency_p50_ms: "p50 지연",
        latency_max_ms: "최대 지연",
        approvals_per_wallet_max: "지갑별 승인 최대",
        approvals_per_wallet_min: "지갑별 승인 최소",
        ledger_min_won: "지갑별 원장 잔액 최소",
        ledger_max_won: "지갑별 원장 잔액 최대",
        snapshot_min_won: "지갑별 잔액 최소",
        snapshot_max_won: "지갑별 잔액 최대",
    },
    labels: PerMetric {
        approvals: "승인",
        possible_approvals: "가능한 승인",
        ownership_overlap_pairs: "소유 겹침 쌍",
        max_concurrent_owners: "최대 동시 소유자",
        stolen_at_release: "해제 시 STOLEN",
        drift_won: "drift (원)",
        over_approval: "초과 승인",
        negative_ledger_wallets: "원장 음수 지갑",
        fencing_rejects: "fencing 거부",
        lost_update_pairs: "잃어버린 갱신 쌍",
        throughput_rps: "처리량 (건/s)",
        latency_p95_ms: "p95 지연 (ms)",
        n503_during_outage: "단절 중 503",
        lockless_holds_during_outage: "단절 중 락 없는 홀드",
        watchdog_extensions: "연장 횟수",
        fence_value_at_kill: "단절 시점 fence 값",
        post_restart_read_rejects: "재기동 뒤 읽기 거부",
        overlap_pairs_during_outage: "단절 중 소유 겹침 쌍",
        overlap_artifacts: "그중 아티팩트 (1ms 미만, 둘 다 RELEASED)",
        expired_at_release: "해제 시 EXPIRED (키 없음)",
        leases_expired: "서버에서 만료된 lease",
        holds: "홀드",
        requests: "요청",
        responses503: "503 응답",
        insufficient: "잔액 부족 거절",
        fencing_rejects_read: "읽기 시점 fencing 거부",
        fencing_rejects_write: "쓰기 시점 fencing 거부",
        writes_after_overtake: "추월당한 뒤의 쓰기",
        latency_p50_ms: "p50 지연 (ms)",
        latency_max_ms: "최대 지연 (ms)",
        approvals_per_wallet_max: "지갑별 승인 최대",
        approvals_per_wallet_min: "지갑별 승인 최소",
        ledger_min_won: "지갑별 원장 잔액 최소 (원)",
        ledger_max_won: "지갑별 원장 잔액 최대 (원)",
        snapshot_min_won: "지갑별 잔액 최소 (원)",
        snapshot_max_won: "지갑별 잔액 최대 (원)",
    },
    approvals_of: "승인 (가능 {possible})",
    fence_sum_of: "단절 시점 fence 값 ({wallets}개 지갑 합)",
    units: UNITS,
    axis_units: UNITS,
    axis: "{name} ({unit})",
    amount: "{name} {value}{unit}",
};

/// The units after a number: "590건", "19.5건/s".
const UNITS: UnitWords = UnitWords {
    count: "건",
    pairs: "쌍",
    owners: "명",
    items: "개",
    times: "번",
    none: "",
    won: "원",
    per_second: "건/s",
    millis: "ms",
};

#[cfg(test)]
mod tests {
    use lab_model::metrics::{Metric, RunFacts};

    use crate::metrics::{metric_amount, metric_axis, metric_label};
    use crate::{Lang, Words};

    #[test]
    fn labels_follow_the_runs() {
        let ko = Words::of(Lang::Ko);
        let four = RunFacts { possible_approvals: (240, 240), wallets: (4, 4) };
        let both = RunFacts { possible_approvals: (240, 480), wallets: (4, 8) };
        assert_eq!(metric_label(ko, Metric::Approvals, Some(&four)), "승인 (가능 240)");
        assert_eq!(metric_label(ko, Metric::Approvals, Some(&both)), "승인 (가능 240~480)");
        assert_eq!(metric_label(ko, Metric::Approvals, None), "승인");
        assert_eq!(metric_label(ko, Metric::FenceValueAtKill, Some(&four)), "단절 시점 fence 값 (4개 지갑 합)");
        assert_eq!(metric_label(ko, Metric::DriftWon, None), "drift (원)");
        assert_eq!(metric_axis(ko, Metric::OverApproval), "초과 승인 (건)");
        assert_eq!(metric_amount(ko, Metric::ThroughputRps, 19.44), "처리량 19.4건/s");
    }
}
