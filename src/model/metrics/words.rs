//! The metrics' words: every label a reader sees for a metric, Korean in
//! [`ko`] (the page) and English in [`en`] (`lab`'s reports), and nothing
//! else. A label is a name and, where there is one, a parenthesis: a unit
//! ("drift (원)"), a qualifier, or what the run decides ("승인 (가능 240)",
//! from [`RunFacts`](super::RunFacts)). Each match lists every metric,
//! with no catch-all.

/// The page's words.
pub mod ko {
    use crate::metrics::{span_text, Metric, RunFacts};

    /// The metric's name: its label without the parenthesis.
    pub fn name(m: Metric) -> &'static str {
        use Metric as M;
        match m {
            M::Approvals => "승인",
            M::PossibleApprovals => "가능한 승인",
            M::OwnershipOverlapPairs => "소유 겹침 쌍",
            M::MaxConcurrentOwners => "최대 동시 소유자",
            M::StolenAtRelease => "해제 시 STOLEN",
            M::DriftWon => "drift",
            M::OverApproval => "초과 승인",
            M::NegativeLedgerWallets => "원장 음수 지갑",
            M::FencingRejects => "fencing 거부",
            M::LostUpdatePairs => "잃어버린 갱신 쌍",
            M::ThroughputRps => "처리량",
            M::LatencyP95Ms => "p95 지연",
            M::N503DuringOutage => "단절 중 503",
            M::LocklessHoldsDuringOutage => "단절 중 락 없는 홀드",
            M::WatchdogExtensions => "연장 횟수",
            M::FenceValueAtKill => "단절 시점 fence 값",
            M::PostRestartReadRejects => "재기동 뒤 읽기 거부",
            M::OverlapPairsDuringOutage => "단절 중 소유 겹침 쌍",
            M::OverlapArtifacts => "그중 아티팩트",
            M::ExpiredAtRelease => "해제 시 EXPIRED",
            M::LeasesExpired => "서버에서 만료된 lease",
            M::Holds => "홀드",
            M::Requests => "요청",
            M::Responses503 => "503 응답",
            M::Insufficient => "잔액 부족 거절",
            M::FencingRejectsRead => "읽기 시점 fencing 거부",
            M::FencingRejectsWrite => "쓰기 시점 fencing 거부",
            M::WritesAfterOvertake => "추월당한 뒤의 쓰기",
            M::LatencyP50Ms => "p50 지연",
            M::LatencyMaxMs => "최대 지연",
            M::ApprovalsPerWalletMax => "지갑별 승인 최대",
            M::ApprovalsPerWalletMin => "지갑별 승인 최소",
            M::LedgerMinWon => "지갑별 원장 잔액 최소",
            M::LedgerMaxWon => "지갑별 원장 잔액 최대",
            M::SnapshotMinWon => "지갑별 잔액 최소",
            M::SnapshotMaxWon => "지갑별 잔액 최대",
        }
    }

    /// The unit a value is read with, after the number: "590건", "19.5건/s".
    pub fn unit(m: Metric) -> &'static str {
        use Metric as M;
        match m {
            M::Approvals
            | M::PossibleApprovals
            | M::StolenAtRelease
            | M::OverApproval
            | M::FencingRejects
            | M::N503DuringOutage
            | M::LocklessHoldsDuringOutage
            | M::PostRestartReadRejects
            | M::ExpiredAtRelease
            | M::Requests
            | M::Responses503
            | M::Insufficient
            | M::FencingRejectsRead
            | M::FencingRejectsWrite
            | M::WritesAfterOvertake
            | M::ApprovalsPerWalletMax
            | M::ApprovalsPerWalletMin => "건",
            M::OwnershipOverlapPairs | M::LostUpdatePairs | M::OverlapPairsDuringOutage | M::OverlapArtifacts => "쌍",
            M::MaxConcurrentOwners => "명",
            M::NegativeLedgerWallets | M::LeasesExpired | M::Holds => "개",
            M::WatchdogExtensions => "번",
            M::FenceValueAtKill => "",
            M::DriftWon | M::LedgerMinWon | M::LedgerMaxWon | M::SnapshotMinWon | M::SnapshotMaxWon => "원",
            M::ThroughputRps => "건/s",
            M::LatencyP95Ms | M::LatencyP50Ms | M::LatencyMaxMs => "ms",
        }
    }

    /// What the label says in parentheses after the name, if anything.
    fn paren(m: Metric, facts: Option<&RunFacts>) -> Option<String> {
        use Metric as M;
        match m {
            M::Approvals => facts.map(|f| format!("가능 {}", span_text(f.possible_approvals))),
            M::FenceValueAtKill => facts.map(|f| {
                let (lo, hi) = f.wallets;
                format!("{}개 지갑 합", span_text((u64::from(lo), u64::from(hi))))
            }),
            M::OverlapArtifacts => Some("1ms 미만, 둘 다 RELEASED".into()),
            M::ExpiredAtRelease => Some("키 없음".into()),
            M::DriftWon
            | M::ThroughputRps
            | M::LatencyP95Ms
            | M::LatencyP50Ms
            | M::LatencyMaxMs
            | M::LedgerMinWon
            | M::LedgerMaxWon
            | M::SnapshotMinWon
            | M::SnapshotMaxWon => Some(unit(m).into()),
            M::PossibleApprovals
            | M::OwnershipOverlapPairs
            | M::MaxConcurrentOwners
            | M::StolenAtRelease
            | M::OverApproval
            | M::NegativeLedgerWallets
            | M::FencingRejects
            | M::LostUpdatePairs
            | M::N503DuringOutage
            | M::LocklessHoldsDuringOutage
            | M::WatchdogExtensions
            | M::PostRestartReadRejects
            | M::OverlapPairsDuringOutage
            | M::LeasesExpired
            | M::Holds
            | M::Requests
            | M::Responses503
            | M::Insufficient
            | M::FencingRejectsRead
            | M::FencingRejectsWrite
            | M::WritesAfterOvertake
            | M::ApprovalsPerWalletMax
            | M::ApprovalsPerWalletMin => None,
        }
    }

    /// The label of a table row: "승인 (가능 240)", "drift (원)", "초과 승인".
    pub fn label(m: Metric, facts: Option<&RunFacts>) -> String {
        match paren(m, facts) {
            Some(p) => format!("{} ({p})", name(m)),
            None => name(m).to_string(),
        }
    }

    /// The label of an axis: the name and the unit, "초과 승인 (건)".
    pub fn axis(m: Metric) -> String {
        format!("{} ({})", name(m), unit(m))
    }

    /// A value in a sentence: "초과 승인 350건", "처리량 19.4건/s"
    /// (`lab`'s decimals, [`Metric::format_report`]).
    pub fn amount(m: Metric, v: f64) -> String {
        format!("{} {}{}", name(m), m.format_report(v), unit(m))
    }
}

/// `lab`'s words.
pub mod en {
    use crate::metrics::{span_text, Metric, RunFacts};

    /// The label of a table row: "approvals (of 240)", "drift (won)".
    pub fn label(m: Metric, facts: Option<&RunFacts>) -> String {
        use Metric as M;
        let fixed = match m {
            M::Approvals => {
                return match facts {
                    Some(f) => format!("approvals (of {})", span_text(f.possible_approvals)),
                    None => "approvals".into(),
                }
            }
            M::FenceValueAtKill => "fence Σ at the kill",
            M::PossibleApprovals => "possible approvals",
            M::OwnershipOverlapPairs => "overlap pairs",
            M::MaxConcurrentOwners => "max concurrent owners",
            M::StolenAtRelease => "STOLEN at release",
            M::DriftWon => "drift (won)",
            M::OverApproval => "over-approval",
            M::NegativeLedgerWallets => "negative-ledger wallets",
            M::FencingRejects => "fencing rejects",
            M::LostUpdatePairs => "lost-update pairs",
            M::ThroughputRps => "throughput (/s)",
            M::LatencyP95Ms => "p95 latency (ms)",
            M::N503DuringOutage => "503 during outage",
            M::LocklessHoldsDuringOutage => "lockless holds during outage",
            M::WatchdogExtensions => "watchdog extensions",
            M::PostRestartReadRejects => "read-time rejects after restart",
            M::OverlapPairsDuringOutage => "overlap pairs during outage",
            M::OverlapArtifacts => "of which artifacts (< 1 ms, both RELEASED)",
            M::ExpiredAtRelease => "EXPIRED at release (key absent)",
            M::LeasesExpired => "leases expired on the server",
            M::Holds => "holds",
            M::Requests => "requests",
            M::Responses503 => "503 responses",
            M::Insufficient => "insufficient funds",
            M::FencingRejectsRead => "read-time fencing rejects",
            M::FencingRejectsWrite => "write-time fencing rejects",
            M::WritesAfterOvertake => "writes after overtake",
            M::LatencyP50Ms => "p50 latency (ms)",
            M::LatencyMaxMs => "max latency (ms)",
            M::ApprovalsPerWalletMax => "approvals per wallet, max",
            M::ApprovalsPerWalletMin => "approvals per wallet, min",
            M::LedgerMinWon => "ledger per wallet, min (won)",
            M::LedgerMaxWon => "ledger per wallet, max (won)",
            M::SnapshotMinWon => "snapshot per wallet, min (won)",
            M::SnapshotMaxWon => "snapshot per wallet, max (won)",
        };
        fixed.to_string()
    }
}
