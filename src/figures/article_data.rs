//! The article's measured values for the table's "article's measurement" column and the hollow
//! markers of A8, read from `lab_model::article` (the single place they are
//! transcribed). Nothing here is typed in again.

use lab_model::article::{Measured, ARTICLE_SUMMARY};
use lab_model::metrics::{article_cell_metric, article_cells, Metric};
use lab_sim::lease::{Preset, Variant};

/// The article's value of `metric` for `preset`, as the article printed it
/// (per-run tables joined with " · ", its words in `w`'s language). `None`
/// when the article has no such cell.
pub fn value(preset: Preset, metric: Metric, w: &'static lab_words::Words) -> Option<String> {
    let decimals = metric.spec().decimals;
    let cells = article_cells(preset.key(), metric)?;
    Some(cells.iter().map(|c| lab_words::analysis::article_cell(w, c, decimals)).collect::<Vec<_>>().join(" · "))
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
    let column = |metric| (0..t.columns.len()).find(|&c| article_cell_metric(t, preset, c) == Some(metric));
    let (Some(thr), Some(over)) = (column(Metric::ThroughputRps), column(Metric::OverApproval)) else {
        return Vec::new();
    };
    t.rows
        .iter()
        .filter(|r| r.preset == preset)
        .filter_map(|r| Some((center(r.cells.get(thr)?)?, center(r.cells.get(over)?)?)))
        .collect()
}
