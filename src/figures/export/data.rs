//! A figure's data as files: the trace of the run its query names (JSON)
//! and its metric table (CSV), for the page's "트레이스 JSON" and "지표 CSV";
//! and the strict reading of a query that every export does (any notice is
//! an error).

use super::ExportError;
use crate::plan::LeasePlan;
use lab_model::live_table::{row_label, TableRun};
use lab_model::metrics::LIVE_TABLE;
use lab_model::params::{parse_lease_query, parse_vote_query, LeaseQuery, Notice};
use lab_model::registry::{self, Scenario};
use lab_sim::lease::{self, LeaseTrace};
use lab_sim::vote::{self, VoteConfig};

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
/// figure on the site (`LeasePlan::csv_columns`), one column per run.
pub fn lease_metric_columns(id: &str, params: &str) -> Result<Vec<MetricColumn>, ExportError> {
    let spec = registry::figure(id)
        .filter(|f| f.scenario() == Scenario::Lease)
        .ok_or_else(|| ExportError::Usage(format!("not an Article A figure: `{id}`")))?;
    let plan = LeasePlan::new(spec, checked_lease_query(params)?, None, true);
    Ok(plan.csv_columns().into_iter().map(|(head, run)| (head, TableRun::of(&run.run().0))).collect())
}

/// A metric table as CSV: one row per metric, one column per run, raw
/// numbers, empty where a metric does not apply.
pub fn metrics_csv(columns: &[MetricColumn]) -> String {
    let mut out = String::from("metric,label");
    for (head, _) in columns {
        out.push(',');
        out.push_str(&csv_field(head));
    }
    out.push('\n');
    for (row, metric) in LIVE_TABLE.into_iter().enumerate() {
        let label = row_label(metric, columns.iter().map(|(_, run)| run));
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

/// An Article B figure's outcome as CSV (one row per measure).
pub fn vote_metrics_csv(params: &str) -> Result<String, ExportError> {
    let c = checked_vote_config(params)?;
    let t = vote::run(&c, vote::TraceLevel::Summary);
    let o = &t.outcome;
    let ms = |s: Option<lab_sim::core::Stamp>| s.map(|s| (s.t_us as f64 / 1000.0).to_string()).unwrap_or_default();
    let rows: Vec<(&str, &str, String)> = vec![
        ("equivocations", "이중 투표", o.equivocations.len().to_string()),
        ("amnesia", "기억 상실", o.amnesia.len().to_string()),
        ("false_memory", "잘못된 기억", o.false_memory.len().to_string()),
        ("recoveries", "복구", o.recoveries.len().to_string()),
        ("fenced_validators", "스스로 멈춘 노드", o.fenced.iter().filter(|f| f.is_some()).count().to_string()),
        ("forks", "포크", o.forks.len().to_string()),
        ("crash_at_ms", "충돌 시각 (ms)", ms(o.crash_at)),
        ("restart_at_ms", "재시작 시각 (ms)", ms(o.restart_at)),
        (
            "crash_after_events",
            "충돌 지점 (이벤트 수)",
            o.crash_after_events.map(|v| v.to_string()).unwrap_or_default(),
        ),
        ("blocked_at_end", "끝에 멈춘 노드", o.liveness.blocked_at_end.to_string()),
        ("both_txs_finalized", "두 트랜잭션 모두 확정", o.liveness.both_txs_finalized_by_horizon.to_string()),
        ("broadcast_while_not_durable", "디스크 전 전송", o.diagnostics.broadcast_while_not_durable.to_string()),
        ("conn_returned_while_pending", "작업 남은 연결 반납", o.diagnostics.conn_returned_while_pending.to_string()),
        ("events_processed", "처리한 이벤트", t.stats.events_processed.to_string()),
    ];
    let mut out = String::from("metric,label,value\n");
    for (k, l, v) in rows {
        out.push_str(&format!("{},{},{}\n", k, csv_field(l), csv_field(&v)));
    }
    Ok(out)
}
