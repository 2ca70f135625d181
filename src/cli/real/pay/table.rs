//! The three-column table of `lab real`: for every metric of a
//! configuration, the real runs, the simulation with the same parameters
//! and seeds (run through lab-sim as `lab table` runs it), and the
//! article's cell (from `lab_model::article`, labelled as the article's).

use serde::Serialize;

use crate::sim::lease::{LeaseDetails, LeaseMetrics};
use lab_model::article::{format_number, Measured, ARTICLE_EXP3, ARTICLE_EXP5, ARTICLE_TABLES};

/// Label of the real column.
pub const REAL_LABEL: &str = "실제 Redis·PostgreSQL (real run)";
/// Label of the simulated column.
pub const SIMULATED_LABEL: &str = "시뮬레이션 (simulated)";
/// Label of the article's column.
pub const ARTICLE_LABEL: &str = "원문 측정 (article)";

/// What one metric row reads from a run.
pub struct Row {
    pub key: &'static str,
    pub label: &'static str,
    pub decimals: usize,
    pub value: fn(&LeaseMetrics, &LeaseDetails) -> Option<f64>,
}

fn n(v: u64) -> Option<f64> {
    Some(v as f64)
}

fn opt(v: Option<u64>) -> Option<f64> {
    v.map(|v| v as f64)
}

/// Every row, in the article's order of concerns.
pub const ROWS: &[Row] = &[
    Row { key: "approvals", label: "approvals (of 240)", decimals: 0, value: |m, _| n(m.approvals) },
    Row {
        key: "ownership_overlap_pairs",
        label: "overlap pairs",
        decimals: 0,
        value: |m, _| n(m.ownership_overlap_pairs),
    },
    Row {
        key: "overlap_artifacts",
        label: "of which artifacts (< 1 ms, both RELEASED)",
        decimals: 0,
        value: |_, d| n(d.overlap_artifacts),
    },
    Row {
        key: "max_concurrent_owners",
        label: "max concurrent owners",
        decimals: 0,
        value: |m, _| n(m.max_concurrent_owners),
    },
    Row { key: "stolen_at_release", label: "STOLEN at release", decimals: 0, value: |m, _| opt(m.stolen_at_release) },
    Row {
        key: "expired_at_release",
        label: "EXPIRED at release (key absent)",
        decimals: 0,
        value: |m, d| m.stolen_at_release.map(|_| d.expired_at_release as f64),
    },
    Row { key: "drift_won", label: "drift (won)", decimals: 0, value: |m, _| Some(m.drift_won as f64) },
    Row { key: "over_approval", label: "over-approval", decimals: 0, value: |m, _| n(m.over_approval) },
    Row { key: "fencing_rejects", label: "fencing rejects", decimals: 0, value: |m, _| opt(m.fencing_rejects) },
    Row { key: "lost_update_pairs", label: "lost-update pairs", decimals: 0, value: |m, _| opt(m.lost_update_pairs) },
    Row { key: "throughput_rps", label: "throughput (/s)", decimals: 1, value: |m, _| Some(m.throughput_rps) },
    Row { key: "latency_p95_ms", label: "p95 latency (ms)", decimals: 0, value: |m, _| Some(m.latency_p95_ms) },
    Row {
        key: "watchdog_extensions",
        label: "watchdog extensions",
        decimals: 0,
        value: |m, _| opt(m.watchdog_extensions),
    },
    Row { key: "n503_during_outage", label: "503 during outage", decimals: 0, value: |m, _| opt(m.n503_during_outage) },
    Row {
        key: "lockless_holds_during_outage",
        label: "lockless holds during outage",
        decimals: 0,
        value: |m, _| opt(m.lockless_holds_during_outage),
    },
    Row {
        key: "overlap_pairs_during_outage",
        label: "overlap pairs during outage",
        decimals: 0,
        value: |m, d| m.n503_during_outage.map(|_| d.overlap_pairs_by_phase[1] as f64),
    },
    Row {
        key: "fence_value_at_kill",
        label: "fence Σ at the kill",
        decimals: 0,
        value: |m, _| opt(m.fence_value_at_kill),
    },
    Row {
        key: "post_restart_read_rejects",
        label: "read-time rejects after restart",
        decimals: 0,
        value: |m, _| opt(m.post_restart_read_rejects),
    },
    Row {
        key: "leases_expired",
        label: "leases expired on the server",
        decimals: 0,
        value: |_, d| n(d.leases_expired),
    },
];

/// The metric each article table's columns report, in column order.
fn article_columns(table_id: &str) -> &'static [&'static str] {
    match table_id {
        "exp1" => &[
            "approvals",
            "ownership_overlap_pairs",
            "max_concurrent_owners",
            "stolen_at_release",
            "drift_won",
            "over_approval",
            "negative_ledger_wallets",
        ],
        "exp2" => &[
            "approvals",
            "watchdog_extensions",
            "ownership_overlap_pairs",
            "stolen_at_release",
            "drift_won",
            "over_approval",
            "throughput_rps",
        ],
        "exp3" => &["approvals", "fencing_rejects", "lost_update_pairs", "drift_won", "over_approval"],
        "exp4" => {
            &["approvals", "ownership_overlap_pairs", "drift_won", "over_approval", "throughput_rps", "latency_p95_ms"]
        }
        "exp5" => &[
            "n503_during_outage",
            "lockless_holds_during_outage",
            "overlap_pairs_during_outage",
            "drift_won",
            "over_approval",
        ],
        "summary" => &["ownership_overlap_pairs", "drift_won", "over_approval", "approvals", "throughput_rps"],
        _ => &[],
    }
}

/// The article's cell for `metric` of configuration `key`, as the article
/// printed it (per-run rows merged into "min–max"); `None` if it gives none.
pub fn article_cell(key: &str, metric: &str, decimals: usize) -> Option<String> {
    if key == "exp1_ttl1s" {
        // Not a table row: the article's note on (a) at TTL 1 s.
        return matches!(metric, "stolen_at_release" | "over_approval").then(|| {
            let note = ARTICLE_EXP3.notes.get(2).copied().unwrap_or("");
            format!("see note: {note}")
        });
    }
    if key == "exp5_c2_closed" && matches!(metric, "fence_value_at_kill" | "post_restart_read_rejects") {
        // The article gives these in a note, not a table cell.
        return ARTICLE_EXP5.notes.get(1).map(|note| format!("see note: {note}"));
    }
    for table in ARTICLE_TABLES {
        let columns = article_columns(table.id);
        let metric_for = |col: usize| -> Option<&str> {
            let m = *columns.get(col)?;
            // The summary's overlap cell for fail-open is the outage's pairs.
            Some(if table.id == "summary" && key == "exp5_open" && m == "ownership_overlap_pairs" {
                "overlap_pairs_during_outage"
            } else {
                m
            })
        };
        let Some(col) = (0..columns.len()).find(|&c| metric_for(c) == Some(metric)) else { continue };
        let rows: Vec<_> = table.rows.iter().filter(|r| r.preset == key).collect();
        if rows.is_empty() {
            continue;
        }
        let cells: Vec<Measured> = rows.iter().filter_map(|r| r.cells.get(col).copied()).collect();
        if let [cell] = cells.as_slice() {
            if *cell == Measured::NotReported {
                continue;
            }
            return Some(cell.display(decimals));
        }
        let values: Vec<f64> =
            cells.iter().filter_map(|c| if let Measured::Value(v) = c { Some(*v) } else { None }).collect();
        if values.len() == cells.len() && !values.is_empty() {
            return Some(range_text(&values, decimals));
        }
        return Some(cells.iter().map(|c| c.display(decimals)).collect::<Vec<_>>().join(" · "));
    }
    None
}

/// One value, or "min–max".
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

/// One row of the printed table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableLine {
    pub metric: &'static str,
    pub label: &'static str,
    pub real: Vec<f64>,
    pub simulated: Vec<f64>,
    pub real_text: String,
    pub simulated_text: String,
    pub article: Option<String>,
}

/// The rows of one configuration: every metric that applies to the real or the simulated runs.
pub fn table_lines(
    key: &str,
    real: &[(&LeaseMetrics, &LeaseDetails)],
    sim: &[(&LeaseMetrics, &LeaseDetails)],
) -> Vec<TableLine> {
    ROWS.iter()
        .filter_map(|row| {
            let real_values: Vec<f64> = real.iter().filter_map(|(m, d)| (row.value)(m, d)).collect();
            let sim_values: Vec<f64> = sim.iter().filter_map(|(m, d)| (row.value)(m, d)).collect();
            if real_values.is_empty() && sim_values.is_empty() {
                return None;
            }
            let text = |v: &[f64]| if v.is_empty() { "N/A".to_string() } else { range_text(v, row.decimals) };
            Some(TableLine {
                metric: row.key,
                label: row.label,
                real_text: text(&real_values),
                simulated_text: text(&sim_values),
                real: real_values,
                simulated: sim_values,
                article: article_cell(key, row.key, row.decimals),
            })
        })
        .collect()
}

/// The markdown of one configuration's table.
pub fn markdown(title: &str, lines: &[TableLine]) -> String {
    let mut out =
        format!("### {title}\n\n| metric | {REAL_LABEL} | {SIMULATED_LABEL} | {ARTICLE_LABEL} |\n|---|---|---|---|\n");
    for line in lines {
        let article = line.article.clone().unwrap_or_else(|| "—".to_string()).replace('|', "\\|");
        out.push_str(&format!("| {} | {} | {} | {} |\n", line.label, line.real_text, line.simulated_text, article));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn article_cells_come_from_the_article_tables() {
        assert_eq!(article_cell("exp1", "approvals", 0).as_deref(), Some("580–590"));
        assert_eq!(article_cell("exp2_stop", "over_approval", 0).as_deref(), Some("81–83"));
        assert_eq!(article_cell("exp4", "latency_p95_ms", 0).as_deref(), Some("506–588"));
        assert_eq!(article_cell("exp5_open", "overlap_pairs_during_outage", 0).as_deref(), Some("1,115–2,245"));
        assert_eq!(article_cell("exp3_ttl1s", "over_approval", 0), None);
        assert!(article_cell("exp1_ttl1s", "stolen_at_release", 0).unwrap().starts_with("see note"));
    }
}
