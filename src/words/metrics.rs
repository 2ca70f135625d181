//! The words of the metrics' names, units and labels (lab_model::metrics).
//!
//! Declared here once; the Korean table is [`crate::ko::metrics`], the English
//! one [`crate::en::metrics`]. A metric's label is its name and, where there
//! is one, a parenthesis: a unit ("drift (won)"), a qualifier, or what the
//! run decides ("approvals (of 240)", from [`RunFacts`]). The two labels the
//! run decides are templates; the composition below picks them from the
//! facts, the same for every language.

use lab_model::metrics::{span_text, Metric, RunFacts};

use crate::Words;

crate::words! {
    /// One word per metric, in [`Metric::ALL`]'s order.
    pub struct PerMetric {
        /// [`Metric::Approvals`].
        pub approvals: &'static str,
        /// [`Metric::PossibleApprovals`].
        pub possible_approvals: &'static str,
        /// [`Metric::OwnershipOverlapPairs`].
        pub ownership_overlap_pairs: &'static str,
        /// [`Metric::MaxConcurrentOwners`].
        pub max_concurrent_owners: &'static str,
        /// [`Metric::StolenAtRelease`].
        pub stolen_at_release: &'static str,
        /// [`Metric::DriftWon`].
        pub drift_won: &'static str,
        /// [`Metric::OverApproval`].
        pub over_approval: &'static str,
        /// [`Metric::NegativeLedgerWallets`].
        pub negative_ledger_wallets: &'static str,
        /// [`Metric::FencingRejects`].
        pub fencing_rejects: &'static str,
        /// [`Metric::LostUpdatePairs`].
        pub lost_update_pairs: &'static str,
        /// [`Metric::ThroughputRps`].
        pub throughput_rps: &'static str,
        /// [`Metric::LatencyP95Ms`].
        pub latency_p95_ms: &'static str,
        /// [`Metric::N503DuringOutage`].
        pub n503_during_outage: &'static str,
        /// [`Metric::LocklessHoldsDuringOutage`].
        pub lockless_holds_during_outage: &'static str,
        /// [`Metric::WatchdogExtensions`].
        pub watchdog_extensions: &'static str,
        /// [`Metric::FenceValueAtKill`].
        pub fence_value_at_kill: &'static str,
        /// [`Metric::PostRestartReadRejects`].
        pub post_restart_read_rejects: &'static str,
        /// [`Metric::OverlapPairsDuringOutage`].
        pub overlap_pairs_during_outage: &'static str,
        /// [`Metric::OverlapArtifacts`].
        pub overlap_artifacts: &'static str,
        /// [`Metric::ExpiredAtRelease`].
        pub expired_at_release: &'static str,
        /// [`Metric::LeasesExpired`].
        pub leases_expired: &'static str,
        /// [`Metric::Holds`].
        pub holds: &'static str,
        /// [`Metric::Requests`].
        pub requests: &'static str,
        /// [`Metric::Responses503`].
        pub responses503: &'static str,
        /// [`Metric::Insufficient`].
        pub insufficient: &'static str,
        /// [`Metric::FencingRejectsRead`].
        pub fencing_rejects_read: &'static str,
        /// [`Metric::FencingRejectsWrite`].
        pub fencing_rejects_write: &'static str,
        /// [`Metric::WritesAfterOvertake`].
        pub writes_after_overtake: &'static str,
        /// [`Metric::LatencyP50Ms`].
        pub latency_p50_ms: &'static str,
        /// [`Metric::LatencyMaxMs`].
        pub latency_max_ms: &'static str,
        /// [`Metric::ApprovalsPerWalletMax`].
        pub approvals_per_wallet_max: &'static str,
        /// [`Metric::ApprovalsPerWalletMin`].
        pub approvals_per_wallet_min: &'static str,
        /// [`Metric::LedgerMinWon`].
        pub ledger_min_won: &'static str,
        /// [`Metric::LedgerMaxWon`].
        pub ledger_max_won: &'static str,
        /// [`Metric::SnapshotMinWon`].
        pub snapshot_min_won: &'static str,
        /// [`Metric::SnapshotMaxWon`].
        pub snapshot_max_won: &'static str,
    }
}

crate::words! {
    /// The units a value is read with, one per kind of thing counted.
    pub struct UnitWords {
        /// Requests, approvals, rejects.
        pub count: &'static str,
        /// Pairs (overlap, lost update).
        pub pairs: &'static str,
        /// Owners at once.
        pub owners: &'static str,
        /// Wallets, leases, holds.
        pub items: &'static str,
        /// How many times (watchdog extensions).
        pub times: &'static str,
        /// A value read without a unit (the fence values' sum).
        pub none: &'static str,
        /// Korean won.
        pub won: &'static str,
        /// Requests per second.
        pub per_second: &'static str,
        /// Milliseconds.
        pub millis: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct MetricWords {
        /// The metric's name: its label without the parenthesis.
        pub names: PerMetric,
        /// The label of a table row when the run decides nothing in it.
        pub labels: PerMetric,
        /// The approvals' label once the runs say how many were possible: `{possible}` ("240", "240~480").
        pub approvals_of: &'static str,
        /// The fence values' label once the runs say how many wallets they sum: `{wallets}` ("8", "4~8").
        pub fence_sum_of: &'static str,
        /// The unit after a number in a sentence ("350", then this).
        pub units: UnitWords,
        /// The unit an axis title names.
        pub axis_units: UnitWords,
        /// An axis title: `{name}`, `{unit}`.
        pub axis: &'static str,
        /// A value in a sentence: `{name}`, `{value}`, `{unit}`.
        pub amount: &'static str,
    }
}

/// The word of `m` in a per-metric table.
pub fn pick(t: &PerMetric, m: Metric) -> &'static str {
    use Metric as M;
    match m {
        M::Approvals => t.approvals,
        M::PossibleApprovals => t.possible_approvals,
        M::OwnershipOverlapPairs => t.ownership_overlap_pairs,
        M::MaxConcurrentOwners => t.max_concurrent_owners,
        M::StolenAtRelease => t.stolen_at_release,
        M::DriftWon => t.drift_won,
        M::OverApproval => t.over_approval,
        M::NegativeLedgerWallets => t.negative_ledger_wallets,
        M::FencingRejects => t.fencing_rejects,
        M::LostUpdatePairs => t.lost_update_pairs,
        M::ThroughputRps => t.throughput_rps,
        M::LatencyP95Ms => t.latency_p95_ms,
        M::N503DuringOutage => t.n503_during_outage,
        M::LocklessHoldsDuringOutage => t.lockless_holds_during_outage,
        M::WatchdogExtensions => t.watchdog_extensions,
        M::FenceValueAtKill => t.fence_value_at_kill,
        M::PostRestartReadRejects => t.post_restart_read_rejects,
        M::OverlapPairsDuringOutage => t.overlap_pairs_during_outage,
        M::OverlapArtifacts => t.overlap_artifacts,
        M::ExpiredAtRelease => t.expired_at_release,
        M::LeasesExpired => t.leases_expired,
        M::Holds => t.holds,
        M::Requests => t.requests,
        M::Responses503 => t.responses503,
        M::Insufficient => t.insufficient,
        M::FencingRejectsRead => t.fencing_rejects_read,
        M::FencingRejectsWrite => t.fencing_rejects_write,
        M::WritesAfterOvertake => t.writes_after_overtake,
        M::LatencyP50Ms => t.latency_p50_ms,
        M::LatencyMaxMs => t.latency_max_ms,
        M::ApprovalsPerWalletMax => t.approvals_per_wallet_max,
        M::ApprovalsPerWalletMin => t.approvals_per_wallet_min,
        M::LedgerMinWon => t.ledger_min_won,
        M::LedgerMaxWon => t.ledger_max_won,
        M::SnapshotMinWon => t.snapshot_min_won,
        M::SnapshotMaxWon => t.snapshot_max_won,
    }
}

/// The unit of `m` in a unit table.
pub fn unit_of(t: &UnitWords, m: Metric) -> &'static str {
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
        | M::ApprovalsPerWalletMin => t.count,
        M::OwnershipOverlapPairs | M::LostUpdatePairs | M::OverlapPairsDuringOutage | M::OverlapArtifacts => t.pairs,
        M::MaxConcurrentOwners => t.owners,
        M::NegativeLedgerWallets | M::LeasesExpired | M::Holds => t.items,
        M::WatchdogExtensions => t.times,
        M::FenceValueAtKill => t.none,
        M::DriftWon | M::LedgerMinWon | M::LedgerMaxWon | M::SnapshotMinWon | M::SnapshotMaxWon => t.won,
        M::ThroughputRps => t.per_second,
        M::LatencyP95Ms | M::LatencyP50Ms | M::LatencyMaxMs => t.millis,
    }
}

/// The metric's name: "over-approval".
pub fn metric_name(w: &Words, m: Metric) -> &'static str {
    pick(&w.metrics.names, m)
}

/// The unit a value of `m` is read with in a sentence.
pub fn metric_unit(w: &Words, m: Metric) -> &'static str {
    unit_of(&w.metrics.units, m)
}

/// The label of a table row: "approvals (of 240)", "drift (won)". With the
/// runs' facts, the approvals say how many were possible and the fence
/// values how many wallets they sum.
pub fn metric_label(w: &Words, m: Metric, facts: Option<&RunFacts>) -> String {
    let t = &w.metrics;
    match (m, facts) {
        (Metric::Approvals, Some(f)) => w.fill(t.approvals_of, &[("possible", &span_text(f.possible_approvals))]),
        (Metric::FenceValueAtKill, Some(f)) => {
            let (lo, hi) = f.wallets;
            w.fill(t.fence_sum_of, &[("wallets", &span_text((u64::from(lo), u64::from(hi))))])
        }
        _ => pick(&t.labels, m).to_string(),
    }
}

/// The title of an axis: the name and the unit, "over-approval (count)".
pub fn metric_axis(w: &Words, m: Metric) -> String {
    w.fill(w.metrics.axis, &[("name", metric_name(w, m)), ("unit", unit_of(&w.metrics.axis_units, m))])
}

/// A value in a sentence: "over-approval 350", "throughput 19.4/s" (`lab`'s
/// decimals, [`Metric::format_report`]).
pub fn metric_amount(w: &Words, m: Metric, v: f64) -> String {
    w.fill(
        w.metrics.amount,
        &[("name", metric_name(w, m)), ("value", &m.format_report(v)), ("unit", metric_unit(w, m))],
    )
}

#[cfg(test)]
mod tests {
    use lab_model::metrics::{Metric, RunFacts};

    use super::{metric_amount, metric_axis, metric_label, metric_name};
    use crate::{Lang, Words};

    #[test]
    fn labels_follow_the_runs_in_either_language() {
        let (ko, en) = (Words::of(Lang::Ko), Words::of(Lang::En));
        let both = RunFacts { possible_approvals: (240, 480), wallets: (4, 8) };
        let eight = RunFacts { possible_approvals: (480, 480), wallets: (8, 8) };
        assert_eq!(metric_label(en, Metric::Approvals, Some(&both)), "approvals (of 240~480)");
        assert_eq!(metric_label(en, Metric::Approvals, Some(&eight)), "approvals (of 480)");
        assert_eq!(metric_label(en, Metric::Approvals, None), "approvals");
        assert_eq!(metric_label(en, Metric::FenceValueAtKill, Some(&eight)), "fence Σ at the kill");
        assert_eq!(metric_label(en, Metric::DriftWon, Some(&eight)), "drift (won)");
        for m in Metric::ALL {
            for w in [ko, en] {
                assert!(!metric_name(w, m).is_empty() && !metric_label(w, m, None).is_empty(), "{m:?}");
            }
        }
    }

    #[test]
    fn english_sentences_and_axes_read_as_english() {
        let en = Words::of(Lang::En);
        assert_eq!(metric_amount(en, Metric::OverApproval, 350.0), "over-approval 350");
        assert_eq!(metric_amount(en, Metric::DriftWon, 1000.0), "drift 1,000 won");
        assert_eq!(metric_amount(en, Metric::LatencyP95Ms, 120.0), "p95 latency 120 ms");
        assert_eq!(metric_axis(en, Metric::ThroughputRps), "throughput (requests/s)");
        assert_eq!(metric_axis(en, Metric::OverApproval), "over-approval (count)");
        assert_eq!(metric_name(en, Metric::LostUpdatePairs), "lost-update pairs");
    }
}
