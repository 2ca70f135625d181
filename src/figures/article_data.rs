//! The article's measured values for the "원문 측정" column and the hollow
//! markers of A8, read from `lab_model::article` (the single place they are
//! transcribed). Nothing here is typed in again.

use lab_model::article::{Measured, ARTICLE_SUMMARY, ARTICLE_TABLES};
use lab_sim::lease::{Preset, Variant};

/// Does an article column hold our `metric`?
fn column_matches(metric: &str, column: &str) -> bool {
    match metric {
        "approvals" => column.starts_with("approvals"),
        "ownership_overlap_pairs" => {
            column == "overlap pairs" || column == "overlap" || column.starts_with("concurrent-section overlap")
        }
        "max_concurrent_owners" => column == "max concurrent owners",
        "stolen_at_release" => column.starts_with("STOLEN"),
        "drift_won" => column.starts_with("drift"),
        "over_approval" => column == "over-approval",
        "negative_ledger_wallets" => column == "negative-ledger wallets",
        "watchdog_extensions" => column == "extensions",
        "throughput_rps" => column.starts_with("throughput"),
        "latency_p95_ms" => column.starts_with("p95"),
        "fencing_rejects" => column == "fencing rejects",
        "lost_update_pairs" => column == "lost-update pairs",
        "n503_during_outage" => column == "503 during outage",
        "lockless_holds_during_outage" => column == "lockless holds during outage",
        _ => false,
    }
}

fn decimals(metric: &str) -> usize {
    if metric == "throughput_rps" {
        1
    } else {
        0
    }
}

/// The article's value of `metric` for `preset`, as the article printed it
/// (per-run tables joined with " · ", its words in Korean). `None` when the
/// article has no such cell.
pub fn value(preset: Preset, metric: &str) -> Option<String> {
    for table in ARTICLE_TABLES {
        let Some(col) = table.columns.iter().position(|c| column_matches(metric, c)) else { continue };
        let cells: Vec<&Measured> =
            table.rows.iter().filter(|r| r.preset == preset.key()).filter_map(|r| r.cells.get(col)).collect();
        if cells.is_empty() || cells.iter().all(|c| matches!(c, Measured::NotReported)) {
            continue;
        }
        let text = cells.iter().map(|c| c.display_ko(decimals(metric))).collect::<Vec<_>>().join(" · ");
        return Some(text);
    }
    None
}

fn center(m: &Measured) -> Option<f64> {
    match *m {
        Measured::Value(v) | Measured::About(v) | Measured::Annotated(v, _) => Some(v),
        Measured::Range(lo, hi) => Some((lo + hi) / 2.0),
        Measured::Runs(vs) if !vs.is_empty() => Some(vs.iter().sum::<f64>() / vs.len() as f64),
        _ => None,
    }
}

/// The article's (throughput, over-approval) point for a variant, from its summary table.
pub fn tradeoff_points(variant: Variant) -> Vec<(f64, f64)> {
    let preset = lab_model::catalogue::variant(variant).preset.key();
    let t = &ARTICLE_SUMMARY;
    let thr = t.columns.iter().position(|c| c.starts_with("throughput"));
    let over = t.columns.iter().position(|c| *c == "over-approval");
    let (Some(thr), Some(over)) = (thr, over) else { return Vec::new() };
    t.rows
        .iter()
        .filter(|r| r.preset == preset)
        .filter_map(|r| Some((center(r.cells.get(thr)?)?, center(r.cells.get(over)?)?)))
        .collect()
}
