//! A figure's data as files: the trace of the run its query names (JSON)
//! and its metric table (CSV), for the page's trace JSON and metrics CSV;
//! and the strict reading of a query that every export does (any notice is
//! an error).

use super::ExportError;
use crate::plan::LeasePlan;
use lab_model::live_table::{row_facts, TableRun};
use lab_model::metrics::LIVE_TABLE;
use lab_model::params::{parse_lease_query, parse_vote_query, LeaseQuery, Notice};
use lab_model::registry::{self, Scenario};
use lab_sim::lease::{self, LeaseTrace};
use lab_sim::vote::{self, VoteConfig};
use lab_words::Words;

fn notices_error(notices: &[Notice]) -> ExportError {
    let lines: Vec<String> = notices.iter().map(|n| format!("  {}", n.message())).collect();
    ExportError::Usage(format!("bad --params:\n{}", lines.join("\n")))
}

/// An Article A query, every notice an error.
pub fn checked_lease_query(params: &str) -> Result<LeaseQuery, ExportError> {
    let parsed = parse_lease_query(params);
    if parsed.notices.is_empty() {
        Ok(parsed.value)
    } else {
        Err(notices_error(&parsed.notices))
    }
}

/// An Article B query, every notice an error.
pub fn checked_vote_config(params: &str) -> Result<VoteConfig, ExportError> {
    let parsed = parse_vote_query(params);
    if parsed.notices.is_empty() {
        Ok(parsed.value)
    } else {
        Err(notices_error(&parsed.notices))
    }
}

/// The run an Article A figure's query names, its full trace (`lab run
/// --params QUERY --trace FILE` writes it as compact JSON).
pub fn lease_trace(params: &str) -> Result<LeaseTrace, ExportError> {
    let q = checked_lease_query(params)?;
    Ok(lease::run(&q.config, q.seed, q.run_index, lease::TraceLevel::Full))
}

/// The run an Article B figure's query names, as `lab run --trace` writes it.
pub fn vote_trace_json(params: &str) -> Result<String, ExportError> {
    serde_json::to_string(&vote::run(&checked_vote_config(params)?, vote::TraceLevel::Full)).map_err(encode_error)
}

fn encode_error(e: serde_json::Error) -> ExportError {
    ExportError::Failure(format!("cannot encode the trace: {e}"))
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A metric table column: its head and its run's values (in
/// [`LIVE_TABLE`]'s order, with what the labels say of the run).
pub type MetricColumn = (String, TableRun);

/// An Article A figure's metric table: the same runs as the table under the
/// figure on the site (`LeasePlan::csv_columns_in`), one column per run,
/// headed in `w`'s words.
pub fn lease_metric_columns(w: &Words, id: &str, params: &str) -> Result<Vec<MetricColumn>, ExportError> {
    let spec = registry::figure(id)
        .filter(|f| f.scenario() == Scenario::Lease)
        .ok_or_else(|| ExportError::Usage(format!("not an Article A figure: `{id}`")))?;
    let plan = LeasePlan::new(spec, checked_lease_query(params)?, None, true);
    Ok(plan.csv_columns_in(w).into_iter().map(|(head, run)| (head, TableRun::of(&run.run().0))).collect())
}

/// A metric table as CSV: one row per metric (its label in `w`'s words),
/// one column per run, raw numbers, empty where a metric does not apply.
pub fn metrics_csv(w: &Words, columns: &[MetricColumn]) -> String {
    let mut out = String::from("metric,label");
    for (head, _) in columns {
        out.push(',');
        out.push_str(&csv_field(head));
    }
    out.push('\n');
    for (row, metric) in LIVE_TABLE.into_iter().enumerate() {
        let facts = row_facts(columns.iter().map(|(_, run)| run));
        let label = lab_words::metrics::metric_label(w, metric, facts.as_ref());
        out.push_str(&format!("{},{}", csv_field(metric.key()), csv_field(&label)));
        for (_, run) in columns {
            out.push(',');
            if let Some(v) = run.values.get(row).copied().flatten() {
                out.push_str(&v.to_string());
            }
        }
        out.push('\n');
    }
    out
}

/// The keys of an Article B figure's outcome CSV, one row each, in order
/// (their labels are `lab_words::share::ExportWords::vote_csv`).
pub const VOTE_CSV_KEYS: [&str; 14] = [
    "equivocations",
    "amnesia",
    "false_memory",
    "recoveries",
    "fenced_validators",
    "forks",
    "crash_at_ms",
    "restart_at_ms",
    "crash_after_events",
    "blocked_at_end",
    "both_txs_finalized",
    "broadcast_while_not_durable",
    "conn_returned_while_pending",
    "events_processed",
];

/// An Article B figure's outcome as CSV (one row per measure, labelled in `w`'s language).
pub fn vote_metrics_csv(w: &Words, params: &str) -> Result<String, ExportError> {
    let c = checked_vote_config(params)?;
    let t = vote::run(&c, vote::TraceLevel::Summary);
    let o = &t.outcome;
    let ms = |s: Option<lab_sim::core::Stamp>| s.map(|s| (s.t_us as f64 / 1000.0).to_string()).unwrap_or_default();
    let values: [String; 14] = [
        o.equivocations.len().to_string(),
        o.amnesia.len().to_string(),
        o.false_memory.len().to_string(),
        o.recoveries.len().to_string(),
        o.fenced.iter().filter(|f| f.is_some()).count().to_string(),
        o.forks.len().to_string(),
        ms(o.crash_at),
        ms(o.restart_at),
        o.crash_after_events.map(|v| v.to_string()).unwrap_or_default(),
        o.liveness.blocked_at_end.to_string(),
        o.liveness.both_txs_finalized_by_horizon.to_string(),
        o.diagnostics.broadcast_while_not_durable.to_string(),
        o.diagnostics.conn_returned_while_pending.to_string(),
        t.stats.events_processed.to_string(),
    ];
    let mut out = String::from("metric,label,value\n");
    for ((k, l), v) in VOTE_CSV_KEYS.iter().zip(w.share.export.vote_csv).zip(values) {
        out.push_str(&format!("{},{},{}\n", k, csv_field(l), csv_field(&v)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{vote_metrics_csv, VOTE_CSV_KEYS};
    use lab_words::{Lang, Words};

    #[test]
    fn the_outcome_csv_has_one_labelled_row_per_key_in_either_language() {
        let english = vote_metrics_csv(Words::of(Lang::En), "").unwrap();
        let korean = vote_metrics_csv(Words::of(Lang::Ko), "").unwrap();
        let rows =
            |csv: &str| csv.lines().map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>()).collect::<Vec<_>>();
        let (en, ko) = (rows(&english), rows(&korean));
        assert_eq!(en[0], ["metric", "label", "value"]);
        assert_eq!(en.len(), VOTE_CSV_KEYS.len() + 1);
        for (i, key) in VOTE_CSV_KEYS.iter().enumerate() {
            // The same key and value; only the label is the language's.
            assert_eq!((&en[i + 1][0], &en[i + 1][2]), (&key.to_string(), &ko[i + 1][2]));
            assert_eq!(en[i + 1][1], Words::of(Lang::En).share.export.vote_csv[i]);
            assert_eq!(ko[i + 1][1], Words::of(Lang::Ko).share.export.vote_csv[i]);
        }
        assert!(english.contains("\nequivocations,Double votes,"), "{english}");
        assert!(english.is_ascii(), "{english}");
    }
}
