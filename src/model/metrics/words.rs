//! `lab`'s English labels of the metrics ([`en`]; the page's, in every
//! language, are lab-words' metrics domain). A label is a name and, where
//! there is one, a parenthesis: a unit ("drift (won)"), a qualifier, or what
//! the run decides ("approvals (of 240)", from [`RunFacts`](super::RunFacts)).
//! Each match lists every metric, with no catch-all.

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
