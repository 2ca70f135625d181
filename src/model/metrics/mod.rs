//! The one table of Scenario A's metrics: a row per metric with its key
//! (the name `lab` prints and `{{sim:PRESET:KEY}}` uses), its unit, its
//! decimals, how a run gives it, and the article's columns it pairs with.
//! Every front end reads it: the page's live tables, `lab run`, `lab table`
//! and `lab real`'s reports, the real-run tables of the chapters and the
//! figures' axes.
//!
//! [`Metric`] is an enum, so that a match over metrics ([`Metric::spec`],
//! [`Metric::value`], the words in lab-words' metrics domain) has no
//! catch-all and a new metric without its row does not compile. The words a
//! reader sees live apart, in lab-words (`lab_words::metrics`, one table per
//! language, `lab`'s labels included); a label that depends on the run (the
//! approvals' "of 240") is composed there from [`RunFacts`], never written
//! as a constant.

use serde::{Deserialize, Serialize};

use crate::analysis::group_thousands;
use crate::article::{format_number, ArticleTable, CellNote, Measured, ARTICLE_TABLES};
use lab_sim::lease::{LeaseDetails, LeaseMetrics};

/// Every metric any front end shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Metric {
    // The headline metrics: the fields of `LeaseMetrics`, in their order.
    Approvals,
    PossibleApprovals,
    OwnershipOverlapPairs,
    MaxConcurrentOwners,
    StolenAtRelease,
    DriftWon,
    OverApproval,
    NegativeLedgerWallets,
    FencingRejects,
    LostUpdatePairs,
    ThroughputRps,
    LatencyP95Ms,
    N503DuringOutage,
    LocklessHoldsDuringOutage,
    WatchdogExtensions,
    FenceValueAtKill,
    PostRestartReadRejects,
    // From `LeaseDetails`: splits and diagnostics.
    OverlapPairsDuringOutage,
    OverlapArtifacts,
    ExpiredAtRelease,
    LeasesExpired,
    Holds,
    Requests,
    Responses503,
    Insufficient,
    FencingRejectsRead,
    FencingRejectsWrite,
    WritesAfterOvertake,
    LatencyP50Ms,
    LatencyMaxMs,
    ApprovalsPerWalletMax,
    ApprovalsPerWalletMin,
    LedgerMinWon,
    LedgerMaxWon,
    SnapshotMinWon,
    SnapshotMaxWon,
}

/// What a metric counts or measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A number of things (approvals, pairs, owners…).
    Count,
    /// A number of wallets out of the run's wallets (the article writes "4/4").
    Wallets,
    /// Won.
    Won,
    /// Per second.
    PerSecond,
    /// Milliseconds.
    Millis,
}

/// How the page writes a metric's value (live tables, prose numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveFormat {
    /// Rounded to a whole number, thousands grouped: `1,714`.
    Grouped,
    /// One decimal, as computed: `19.5`, `3676.2`.
    OneDecimal,
}

/// A metric's row of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    /// The key `lab` prints (`LeaseMetrics`' field name for a headline metric).
    pub key: &'static str,
    /// Other spellings a look-up accepts (`{{sim:exp1:drift}}`).
    pub aliases: &'static [&'static str],
    pub unit: Unit,
    /// Decimals in `lab`'s tables and in the article's cells.
    pub decimals: usize,
    /// How the page writes it.
    pub live: LiveFormat,
    /// The article's column headings (`lab_model::article`) that report it,
    /// in any of its tables; empty when the article reports it nowhere.
    pub article_columns: &'static [&'static str],
}

const fn row(key: &'static str, unit: Unit, article_columns: &'static [&'static str]) -> Spec {
    Spec { key, aliases: &[], unit, decimals: 0, live: LiveFormat::Grouped, article_columns }
}

const fn rate(key: &'static str, unit: Unit, decimals: usize, article_columns: &'static [&'static str]) -> Spec {
    Spec { key, aliases: &[], unit, decimals, live: LiveFormat::OneDecimal, article_columns }
}

const fn also(spec: Spec, aliases: &'static [&'static str]) -> Spec {
    Spec { aliases, ..spec }
}

impl Metric {
    /// Every metric, in the table's order: the headline ones in
    /// `LeaseMetrics`' field order, then the details.
    pub const ALL: [Metric; 36] = [
        Metric::Approvals,
        Metric::PossibleApprovals,
        Metric::OwnershipOverlapPairs,
        Metric::MaxConcurrentOwners,
        Metric::StolenAtRelease,
        Metric::DriftWon,
        Metric::OverApproval,
        Metric::NegativeLedgerWallets,
        Metric::FencingRejects,
        Metric::LostUpdatePairs,
        Metric::ThroughputRps,
        Metric::LatencyP95Ms,
        Metric::N503DuringOutage,
        Metric::LocklessHoldsDuringOutage,
        Metric::WatchdogExtensions,
        Metric::FenceValueAtKill,
        Metric::PostRestartReadRejects,
        Metric::OverlapPairsDuringOutage,
        Metric::OverlapArtifacts,
        Metric::ExpiredAtRelease,
        Metric::LeasesExpired,
        Metric::Holds,
        Metric::Requests,
        Metric::Responses503,
        Metric::Insufficient,
        Metric::FencingRejectsRead,
        Metric::FencingRejectsWrite,
        Metric::WritesAfterOvertake,
        Metric::LatencyP50Ms,
        Metric::LatencyMaxMs,
        Metric::ApprovalsPerWalletMax,
        Metric::ApprovalsPerWalletMin,
        Metric::LedgerMinWon,
        Metric::LedgerMaxWon,
        Metric::SnapshotMinWon,
        Metric::SnapshotMaxWon,
    ];

    /// The headline metrics (`LeaseMetrics`' fields), what `lab run` and
    /// `lab table --format json` print.
    pub const HEADLINE: &'static [Metric] = Metric::ALL.split_at(17).0;

    /// The metric's row.
    pub const fn spec(self) -> Spec {
        use Metric as M;
        use Unit::{Count, Millis, PerSecond, Wallets, Won};
        match self {
            M::Approvals => row("approvals", Count, &["approvals (of 240)", "approvals", "approvals/60 s (of 240)"]),
            M::PossibleApprovals => row("possible_approvals", Count, &[]),
            M::OwnershipOverlapPairs => also(
                row(
                    "ownership_overlap_pairs",
                    Count,
                    &["overlap pairs", "concurrent-section overlap pairs (no lock)", "overlap"],
                ),
                &["overlap_pairs"],
            ),
            M::MaxConcurrentOwners => row("max_concurrent_owners", Count, &["max concurrent owners"]),
            M::StolenAtRelease => also(row("stolen_at_release", Count, &["STOLEN at release", "STOLEN"]), &["stolen"]),
            M::DriftWon => also(row("drift_won", Won, &["drift (won)", "drift"]), &["drift"]),
            M::OverApproval => row("over_approval", Count, &["over-approval"]),
            M::NegativeLedgerWallets => row("negative_ledger_wallets", Wallets, &["negative-ledger wallets"]),
            M::FencingRejects => row("fencing_rejects", Count, &["fencing rejects"]),
            M::LostUpdatePairs => row("lost_update_pairs", Count, &["lost-update pairs"]),
            M::ThroughputRps => also(rate("throughput_rps", PerSecond, 1, &["throughput (/s)"]), &["throughput"]),
            M::LatencyP95Ms => also(rate("latency_p95_ms", Millis, 0, &["p95 (ms)"]), &["p95"]),
            M::N503DuringOutage => row("n503_during_outage", Count, &["503 during outage"]),
            M::LocklessHoldsDuringOutage => {
                row("lockless_holds_during_outage", Count, &["lockless holds during outage"])
            }
            M::WatchdogExtensions => row("watchdog_extensions", Count, &["extensions"]),
            M::FenceValueAtKill => row("fence_value_at_kill", Count, &[]),
            M::PostRestartReadRejects => row("post_restart_read_rejects", Count, &[]),
            M::OverlapPairsDuringOutage => row("overlap_pairs_during_outage", Count, &["overlap pairs during outage"]),
            M::OverlapArtifacts => row("overlap_artifacts", Count, &[]),
            M::ExpiredAtRelease => row("expired_at_release", Count, &[]),
            M::LeasesExpired => row("leases_expired", Count, &[]),
            M::Holds => row("holds", Count, &[]),
            M::Requests => row("requests", Count, &[]),
            M::Responses503 => row("responses_503", Count, &[]),
            M::Insufficient => row("insufficient", Count, &[]),
            M::FencingRejectsRead => row("fencing_rejects_read", Count, &[]),
            M::FencingRejectsWrite => row("fencing_rejects_write", Count, &[]),
            M::WritesAfterOvertake => row("writes_after_overtake", Count, &[]),
            M::LatencyP50Ms => rate("latency_p50_ms", Millis, 0, &[]),
            M::LatencyMaxMs => rate("latency_max_ms", Millis, 0, &[]),
            M::ApprovalsPerWalletMax => row("approvals_per_wallet_max", Count, &[]),
            M::ApprovalsPerWalletMin => row("approvals_per_wallet_min", Count, &[]),
            M::LedgerMinWon => row("ledger_min_won", Won, &[]),
            M::LedgerMaxWon => row("ledger_max_won", Won, &[]),
            M::SnapshotMinWon => row("snapshot_min_won", Won, &[]),
            M::SnapshotMaxWon => row("snapshot_max_won", Won, &[]),
        }
    }

    pub const fn key(self) -> &'static str {
        self.spec().key
    }

    /// The metric a key or one of its aliases names.
    pub fn from_key(key: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| {
            let spec = m.spec();
            spec.key == key || spec.aliases.contains(&key)
        })
    }

    /// The metric's value in a run; `None` where it does not apply to the
    /// run (a lockless variant has no STOLEN, a run without an outage no
    /// outage counts).
    pub fn value(self, m: &LeaseMetrics, d: &LeaseDetails) -> Option<f64> {
        use Metric as M;
        let u = |x: u64| Some(x as f64);
        let o = |x: Option<u64>| x.map(|v| v as f64);
        match self {
            M::Approvals => u(m.approvals),
            M::PossibleApprovals => u(m.possible_approvals),
            M::OwnershipOverlapPairs => u(m.ownership_overlap_pairs),
            M::MaxConcurrentOwners => u(m.max_concurrent_owners),
            M::StolenAtRelease => o(m.stolen_at_release),
            M::DriftWon => Some(m.drift_won as f64),
            M::OverApproval => u(m.over_approval),
            M::NegativeLedgerWallets => u(m.negative_ledger_wallets),
            M::FencingRejects => o(m.fencing_rejects),
            M::LostUpdatePairs => o(m.lost_update_pairs),
            M::ThroughputRps => Some(m.throughput_rps),
            M::LatencyP95Ms => Some(m.latency_p95_ms),
            M::N503DuringOutage => o(m.n503_during_outage),
            M::LocklessHoldsDuringOutage => o(m.lockless_holds_during_outage),
            M::WatchdogExtensions => o(m.watchdog_extensions),
            M::FenceValueAtKill => o(m.fence_value_at_kill),
            M::PostRestartReadRejects => o(m.post_restart_read_rejects),
            // Only a run with an outage has its phases.
            M::OverlapPairsDuringOutage => m.n503_during_outage.map(|_| d.overlap_pairs_by_phase[1] as f64),
            M::OverlapArtifacts => u(d.overlap_artifacts),
            // Only a variant that releases a lock finds its key gone.
            M::ExpiredAtRelease => m.stolen_at_release.map(|_| d.expired_at_release as f64),
            M::LeasesExpired => u(d.leases_expired),
            M::Holds => u(d.holds),
            M::Requests => u(d.requests),
            M::Responses503 => u(d.responses_503),
            M::Insufficient => u(d.insufficient),
            M::FencingRejectsRead => u(d.fencing_rejects_read),
            M::FencingRejectsWrite => u(d.fencing_rejects_write),
            M::WritesAfterOvertake => u(d.writes_after_overtake),
            M::LatencyP50Ms => Some(d.latency_p50_ms),
            M::LatencyMaxMs => Some(d.latency_max_ms),
            M::ApprovalsPerWalletMax => d.approvals_per_wallet.iter().max().map(|&v| v as f64),
            M::ApprovalsPerWalletMin => d.approvals_per_wallet.iter().min().map(|&v| v as f64),
            M::LedgerMinWon => d.ledger_per_wallet_won.iter().min().map(|&v| v as f64),
            M::LedgerMaxWon => d.ledger_per_wallet_won.iter().max().map(|&v| v as f64),
            M::SnapshotMinWon => d.snapshot_per_wallet_won.iter().min().map(|&v| v as f64),
            M::SnapshotMaxWon => d.snapshot_per_wallet_won.iter().max().map(|&v| v as f64),
        }
    }

    /// A value as the page writes it ([`LiveFormat`]).
    pub fn format_live(self, v: f64) -> String {
        match self.spec().live {
            LiveFormat::Grouped => group_thousands(v.round() as i64),
            LiveFormat::OneDecimal => format!("{v:.1}"),
        }
    }

    /// A value as `lab`'s tables and the article's cells write it: the
    /// row's decimals, thousands grouped.
    pub fn format_report(self, v: f64) -> String {
        format_number(v, self.spec().decimals)
    }
}

/// The metric `key` names (or one of its aliases), and its value in a run.
pub fn value_of(m: &LeaseMetrics, d: &LeaseDetails, key: &str) -> Option<f64> {
    Metric::from_key(key)?.value(m, d)
}

/// What a label needs to know about the runs it heads: the approvals that
/// were possible and the wallets, each as the lowest and highest over the
/// runs (equal for one run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunFacts {
    pub possible_approvals: (u64, u64),
    pub wallets: (u32, u32),
}

impl RunFacts {
    /// One run's facts.
    pub fn of(m: &LeaseMetrics, d: &LeaseDetails) -> RunFacts {
        RunFacts { possible_approvals: (m.possible_approvals, m.possible_approvals), wallets: (d.wallets, d.wallets) }
    }

    /// The facts of several runs together; `None` for none.
    pub fn over<'a>(facts: impl IntoIterator<Item = &'a RunFacts>) -> Option<RunFacts> {
        facts.into_iter().copied().reduce(|a, b| RunFacts {
            possible_approvals: (
                a.possible_approvals.0.min(b.possible_approvals.0),
                a.possible_approvals.1.max(b.possible_approvals.1),
            ),
            wallets: (a.wallets.0.min(b.wallets.0), a.wallets.1.max(b.wallets.1)),
        })
    }
}

/// `240`, or `240~480` when the runs differ.
pub fn span_text((low, high): (u64, u64)) -> String {
    let (lo, hi) = (group_thousands(low as i64), group_thousands(high as i64));
    if lo == hi {
        lo
    } else {
        format!("{lo}~{hi}")
    }
}

/// The rows of the page's live metric table, in its order. The live
/// table's runs ([`crate::live_table::TableRun`]) keep these values.
pub const LIVE_TABLE: [Metric; 15] = [
    Metric::Approvals,
    Metric::OwnershipOverlapPairs,
    Metric::MaxConcurrentOwners,
    Metric::StolenAtRelease,
    Metric::DriftWon,
    Metric::OverApproval,
    Metric::NegativeLedgerWallets,
    Metric::FencingRejects,
    Metric::LostUpdatePairs,
    Metric::WatchdogExtensions,
    Metric::ThroughputRps,
    Metric::LatencyP95Ms,
    Metric::N503DuringOutage,
    Metric::LocklessHoldsDuringOutage,
    Metric::PostRestartReadRejects,
];

// ---------------------------------------------------------------------------
// The article's columns

/// Article cells that report another metric than their column's heading
/// says: (table id, preset key, heading, the metric the cell holds).
const ARTICLE_CELL_EXCEPTIONS: &[(&str, &str, &str, Metric)] = &[
    // The summary's fail-open overlap counts only the pairs that began during the outage.
    ("summary", "exp5_open", "overlap", Metric::OverlapPairsDuringOutage),
];

/// The metric the article's cell of `table`, row `preset`, column `col` reports.
pub fn article_cell_metric(table: &ArticleTable, preset: &str, col: usize) -> Option<Metric> {
    let heading = *table.columns.get(col)?;
    let exception = ARTICLE_CELL_EXCEPTIONS.iter().find(|(t, p, h, _)| *t == table.id && *p == preset && *h == heading);
    match exception {
        Some((_, _, _, metric)) => Some(*metric),
        None => Metric::ALL.into_iter().find(|m| m.spec().article_columns.contains(&heading)),
    }
}

/// The article's cells of `metric` for the configuration `preset` (a
/// preset key): those of the first table that reports it for that preset,
/// one per row (per-run tables have three). `None` when no table does.
pub fn article_cells(preset: &str, metric: Metric) -> Option<Vec<Measured>> {
    ARTICLE_TABLES.iter().find_map(|table| {
        let col = (0..table.columns.len()).find(|&c| article_cell_metric(table, preset, c) == Some(metric))?;
        let cells: Vec<Measured> =
            table.rows.iter().filter(|r| r.preset == preset).filter_map(|r| r.cells.get(col).copied()).collect();
        (!cells.is_empty() && !cells.iter().all(|c| *c == Measured::NotReported)).then_some(cells)
    })
}

/// The article's value of a metric for one configuration, as the real runs'
/// tables show it beside theirs.
#[derive(Clone, Debug, PartialEq)]
pub enum ArticleText {
    /// A cell: one value, "min–max" over per-run rows, or the cells joined.
    Cell(String),
    /// No cell, but a note of the article's text says it.
    Note(&'static str),
}

/// The article's notes that stand in for a cell: (configuration, metrics, note).
const ARTICLE_NOTE_CELLS: [(&str, &[Metric], CellNote); 2] = [
    // (a) at TTL 1 s is no table row: the article tells it beside (c-2) at TTL 1 s.
    ("exp1_ttl1s", &[Metric::StolenAtRelease, Metric::OverApproval], CellNote::Ttl1sExpiry),
    ("exp5_c2_closed", &[Metric::FenceValueAtKill, Metric::PostRestartReadRejects], CellNote::C2RestartRejects),
];

/// The article's value of `metric` for the configuration `key` (a preset
/// key, or a real run's own configuration), its notes' words as `words_in`
/// says them (`lab`'s English: [`CellNote::en`]; the words layer's
/// `analysis::article_text` passes its table's): per-run rows merged into
/// "min–max" when they are plain values. `None` when the article gives none.
pub fn article_text_in(key: &str, metric: Metric, words_in: impl Fn(CellNote) -> &'static str) -> Option<ArticleText> {
    if let Some((_, _, note)) = ARTICLE_NOTE_CELLS.iter().find(|(k, metrics, _)| *k == key && metrics.contains(&metric))
    {
        return Some(ArticleText::Note(words_in(*note)));
    }
    let decimals = metric.spec().decimals;
    let cells = article_cells(key, metric)?;
    let text = |c: &Measured| c.display_in(decimals, &words_in);
    if let [cell] = cells.as_slice() {
        return Some(ArticleText::Cell(text(cell)));
    }
    let values: Vec<f64> =
        cells.iter().filter_map(|c| if let Measured::Value(v) = c { Some(*v) } else { None }).collect();
    if values.len() == cells.len() {
        return Some(ArticleText::Cell(range_text(&values, decimals)));
    }
    Some(ArticleText::Cell(cells.iter().map(text).collect::<Vec<_>>().join(" · ")))
}

/// One value, or "min–max" (`decimals` after the point, thousands grouped).
pub fn range_text(values: &[f64], decimals: usize) -> String {
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = (format_number(low, decimals), format_number(high, decimals));
    if lo == hi {
        lo
    } else {
        format!("{lo}–{hi}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::{run, Preset, TraceLevel};

    #[test]
    fn every_metric_has_one_row_and_its_keys_name_only_it() {
        for (i, m) in Metric::ALL.into_iter().enumerate() {
            assert_eq!(Metric::ALL.iter().position(|n| *n == m), Some(i), "{m:?} listed twice");
            let spec = m.spec();
            for key in std::iter::once(spec.key).chain(spec.aliases.iter().copied()) {
                let rows: Vec<Metric> = Metric::ALL
                    .into_iter()
                    .filter(|n| n.spec().key == key || n.spec().aliases.contains(&key))
                    .collect();
                assert_eq!(rows, vec![m], "{key}");
                assert_eq!(Metric::from_key(key), Some(m));
            }
        }
        assert_eq!(Metric::from_key("no_such_metric"), None);
    }

    #[test]
    fn the_headline_rows_are_the_fields_of_lease_metrics_in_order() {
        let json = serde_json::to_value(LeaseMetrics::default()).unwrap();
        let fields: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        let keys: Vec<&str> = Metric::HEADLINE.iter().map(|m| m.key()).collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        let mut fields_sorted = fields.clone();
        fields_sorted.sort_unstable();
        assert_eq!(sorted, fields_sorted);
        let text = serde_json::to_string(&LeaseMetrics::default()).unwrap();
        let at: Vec<usize> = keys.iter().map(|k| text.find(&format!("\"{k}\":")).unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    }

    #[test]
    fn every_article_column_pairs_with_exactly_one_metric() {
        for table in ARTICLE_TABLES {
            for heading in table.columns {
                let paired: Vec<Metric> =
                    Metric::ALL.into_iter().filter(|m| m.spec().article_columns.contains(heading)).collect();
                assert_eq!(paired.len(), 1, "{} / {heading}: {paired:?}", table.id);
            }
        }
        for m in Metric::ALL {
            for heading in m.spec().article_columns {
                assert!(ARTICLE_TABLES.iter().any(|t| t.columns.contains(heading)), "{m:?}: {heading}");
            }
        }
        for (table, preset, heading, _) in ARTICLE_CELL_EXCEPTIONS {
            let t = ARTICLE_TABLES.iter().find(|t| t.id == *table).unwrap();
            assert!(t.columns.contains(heading) && t.rows.iter().any(|r| r.preset == *preset));
        }
    }

    #[test]
    fn the_article_cells_are_the_articles() {
        let text = |key, m| article_text_in(key, m, CellNote::en);
        let cell = |key, m| match text(key, m) {
            Some(ArticleText::Cell(text)) => text,
            other => panic!("{key}: {other:?}"),
        };
        assert_eq!(cell("exp1", Metric::Approvals), "580–590");
        assert_eq!(cell("exp2_stop", Metric::OverApproval), "81–83");
        assert_eq!(cell("exp4", Metric::LatencyP95Ms), "506–588");
        assert_eq!(cell("exp5_open", Metric::OverlapPairsDuringOutage), "1,115–2,245");
        assert_eq!(cell("exp2", Metric::OwnershipOverlapPairs), "0 (1 artifact)");
        assert!(cell("exp3_c2", Metric::ThroughputRps).starts_with("19.1 ("));
        // The summary's fail-open overlap is the outage's pairs, not the whole run's.
        assert_eq!(text("exp5_open", Metric::OwnershipOverlapPairs), None);
        assert_eq!(text("exp3_ttl1s", Metric::OverApproval), None);
        let Some(ArticleText::Note(note)) = text("exp1_ttl1s", Metric::StolenAtRelease) else { panic!("a note") };
        assert_eq!(note, CellNote::Ttl1sExpiry.en());
    }

    #[test]
    fn labels_follow_the_runs() {
        let mut c = Preset::Exp1.config();
        c.duration_s = 2;
        let four = run(&c, 1, 0, TraceLevel::Summary);
        c.wallets = 8;
        let eight = run(&c, 1, 0, TraceLevel::Summary);
        let facts = |t: &lab_sim::lease::LeaseTrace| RunFacts::of(&t.metrics, &t.details);
        assert_eq!(facts(&four), RunFacts { possible_approvals: (240, 240), wallets: (4, 4) });
        assert_eq!(facts(&eight), RunFacts { possible_approvals: (480, 480), wallets: (8, 8) });
        let both = RunFacts::over([&facts(&four), &facts(&eight)]).unwrap();
        assert_eq!(both, RunFacts { possible_approvals: (240, 480), wallets: (4, 8) });
        assert_eq!(RunFacts::over([]), None);
        assert_eq!(span_text(both.possible_approvals), "240~480");
        assert_eq!(span_text((1240, 1240)), "1,240");
    }

    #[test]
    fn values_are_written_as_the_page_and_lab_write_them() {
        assert_eq!(Metric::ThroughputRps.format_live(19.46), "19.5");
        assert_eq!(Metric::LatencyP95Ms.format_live(3676.2), "3676.2");
        assert_eq!(Metric::DriftWon.format_live(-350_000.0), "−350,000");
        assert_eq!(Metric::LatencyP95Ms.format_report(3676.2), "3,676");
        assert_eq!(Metric::ThroughputRps.format_report(9.66), "9.7");
    }
}
