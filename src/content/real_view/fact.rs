//! `{{real:…}}` placeholders: a number about Article A's real runs, filled
//! in at build from the committed set (`content/real/pay/summary.json`, the
//! one `{{real-pay:…}}` tables read), so that a sentence about the real runs
//! never types in what they measured (ARCHITECTURE.md's invariant, as
//! `{{sim:…}}`, `{{check:…}}` and `{{vote:…}}` do for the model).
//!
//! - `{{real:VARIANT:METRIC@min}}`, `…@max`: the smallest or largest value
//!   of a metric over the configuration's runs (a `lab real` variant such as
//!   `exp1` or `exp5_c2_closed`; a metric key of its table such as
//!   `approvals`, `drift_won`, `n503_during_outage`), written as the tables
//!   write that metric (`Metric::format_live`).
//! - `{{real:all:FACT}}`, a fact of the whole set: `runs` (how many runs),
//!   `minutes` (their wall time together, whole minutes), `stops` (the
//!   `SIGSTOP`s sent), `stop_late_mean_ms` (how late a stop went out after
//!   its scheduled time, on average over all stops, one decimal),
//!   `stop_late_max_ms` (the latest, one decimal) and `sql_agree` (the runs
//!   whose SQL self-join counted the same ownership overlap pairs as the
//!   metric code), and from the set's provenance `configs` (how many
//!   configurations), `runs_each` (runs per configuration) and `secs` (the
//!   length of a run, in seconds).
//!
//! An unknown variant, metric, bound or fact fails the render (and so
//! `tests/prose.rs`). Native only, like the rest of `real_view`.

use serde_json::Value;

use lab_model::article::format_number;
use lab_model::metrics::Metric;

/// How a `{{real:…}}` placeholder opens.
pub const REAL_OPEN: &str = "{{real:";

/// The text of every `{{real:…}}` placeholder in `text`, in order.
pub fn real_placeholders(text: &str) -> Vec<&str> {
    crate::content::placeholder::placeholders_opening(text, REAL_OPEN)
}

/// The number a `{{real:…}}` placeholder stands for, or why it stands for none.
pub fn real_value(spec: &str) -> Result<String, String> {
    value_in(&super::pay::summary(), spec)
}

/// `markdown` with every `{{real:…}}` placeholder filled in; one that stands
/// for nothing panics, so that the render fails on it.
pub fn fill_real(markdown: &str) -> String {
    if !markdown.contains(REAL_OPEN) {
        return markdown.to_string();
    }
    let data = super::pay::summary();
    crate::content::placeholder::fill_opening(markdown, REAL_OPEN, |spec| {
        value_in(&data, spec).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// A placeholder's number in the set `data`.
fn value_in(data: &Value, spec: &str) -> Result<String, String> {
    let err = |why: String| format!("{{{{real:{spec}}}}}: {why}");
    let (variant, what) = spec.split_once(':').ok_or_else(|| err("no :METRIC or :FACT".into()))?;
    let configs = data["configs"].as_array().ok_or_else(|| err("the set has no configs".into()))?;
    if variant.trim() == "all" {
        let provenance = |key: &str| data["provenance"][key].as_u64().map(|n| n.to_string());
        let from_provenance = match what.trim() {
            "configs" => Some(configs.len().to_string()),
            "runs_each" => provenance("runs"),
            "secs" => provenance("secs"),
            _ => None,
        };
        return match from_provenance {
            Some(text) => Ok(text),
            None => set_fact(configs, what.trim()).map_err(err),
        };
    }
    let config = configs
        .iter()
        .find(|c| c["variant"] == variant.trim())
        .ok_or_else(|| err(format!("no variant {variant:?} in content/real/pay/summary.json")))?;
    let (metric, bound) = what.split_once('@').ok_or_else(|| err("no @min or @max".into()))?;
    let key = Metric::from_key(metric.trim()).ok_or_else(|| err(format!("no metric {metric:?}")))?;
    let row = config["table"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["metric"] == metric.trim()))
        .ok_or_else(|| err(format!("{variant} has no row {metric:?}")))?;
    let values: Vec<f64> =
        row["real"].as_array().map(|v| v.iter().filter_map(Value::as_f64).collect()).unwrap_or_default();
    let pick = match bound.trim() {
        "min" => values.iter().copied().reduce(f64::min),
        "max" => values.iter().copied().reduce(f64::max),
        other => return Err(err(format!("no bound {other:?} (min, max)"))),
    };
    pick.map(|v| key.format_live(v)).ok_or_else(|| err("no real values".into()))
}

/// A fact of the whole set (see the module docs).
fn set_fact(configs: &[Value], fact: &str) -> Result<String, String> {
    let runs: Vec<&Value> = configs.iter().filter_map(|c| c["runs"].as_array()).flatten().collect();
    let sum = |key: &str| runs.iter().filter_map(|r| r[key].as_f64()).sum::<f64>();
    let stops = sum("stops");
    Ok(match fact {
        "runs" => runs.len().to_string(),
        "minutes" => format_number(sum("wall_s") / 60.0, 0),
        "stops" => format_number(stops, 0),
        "stop_late_mean_ms" if stops > 0.0 => {
            let weighted: f64 =
                runs.iter().filter_map(|r| Some(r["stop_lateness_mean_us"].as_f64()? * r["stops"].as_f64()?)).sum();
            format_number(weighted / stops / 1e3, 1)
        }
        "stop_late_max_ms" if stops > 0.0 => {
            let max = runs.iter().filter_map(|r| r["stop_lateness_max_us"].as_f64()).fold(0.0, f64::max);
            format_number(max / 1e3, 1)
        }
        "sql_agree" => runs.iter().filter(|r| r["sql_overlap_pairs"] == r["rust_overlap_pairs"]).count().to_string(),
        other => {
            return Err(format!(
                "no fact {other:?} (runs, minutes, stops, stop_late_mean_ms, stop_late_max_ms, sql_agree, configs, runs_each, secs)"
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_metric_bound_is_the_smallest_or_largest_real_run() {
        let real = super::super::pay::real_values("exp1", "approvals").unwrap();
        let min = real.iter().copied().fold(f64::MAX, f64::min);
        let max = real.iter().copied().fold(0.0, f64::max);
        assert!(min < max, "{real:?}");
        assert_eq!(real_value("exp1:approvals@min"), Ok(Metric::Approvals.format_live(min)));
        assert_eq!(real_value("exp1:approvals@max"), Ok(Metric::Approvals.format_live(max)));
        // Thousands grouped and one decimal, as the tables write them.
        let drift = super::super::pay::real_values("exp1", "drift_won").unwrap();
        assert_eq!(
            real_value("exp1:drift_won@max"),
            Ok(Metric::DriftWon.format_live(drift.iter().copied().fold(0.0, f64::max)))
        );
        assert!(real_value("exp1:drift_won@max").unwrap().contains(','));
        assert!(real_value("exp4:throughput_rps@min").unwrap().contains('.'));
    }

    #[test]
    fn the_sets_facts_count_its_runs_and_stops() {
        let data = super::super::pay::summary();
        let runs =
            data["configs"].as_array().unwrap().iter().map(|c| c["runs"].as_array().unwrap().len()).sum::<usize>();
        assert_eq!(real_value("all:runs"), Ok(runs.to_string()));
        assert_eq!(real_value("all:sql_agree"), Ok(runs.to_string()), "the SQL count agreed in every run");
        let stops: f64 = data["configs"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["runs"].as_array().unwrap())
            .map(|r| r["stops"].as_f64().unwrap())
            .sum();
        assert!(stops > 0.0);
        assert_eq!(real_value("all:stops"), Ok(format_number(stops, 0)));
        let mean: f64 = real_value("all:stop_late_mean_ms").unwrap().parse().unwrap();
        let max: f64 = real_value("all:stop_late_max_ms").unwrap().parse().unwrap();
        assert!(mean > 0.0 && mean < max, "{mean} {max}");
        let configs = data["configs"].as_array().unwrap().len();
        assert_eq!(real_value("all:configs"), Ok(configs.to_string()));
        let each = data["provenance"]["runs"].as_u64().unwrap() as usize;
        assert_eq!(real_value("all:runs_each"), Ok(each.to_string()));
        assert_eq!(configs * each, runs, "every configuration ran runs_each times");
        assert_eq!(real_value("all:secs"), Ok(data["provenance"]["secs"].to_string()));
        assert_eq!(fill_real("{{real:all:runs}} runs, {{real:exp2:approvals@min}}."), format!("{runs} runs, 240."));
        assert_eq!(
            real_placeholders("a {{real:all:runs}} b {{sim:exp1:approvals}} {{real:exp1:approvals@max}}"),
            ["all:runs", "exp1:approvals@max"]
        );
    }

    #[test]
    fn an_unknown_variant_metric_bound_or_fact_stands_for_nothing() {
        for bad in
            ["exp9:approvals@min", "exp1:approvalz@min", "exp1:approvals", "exp1:approvals@mean", "all:nope", "exp1"]
        {
            assert!(real_value(bad).is_err(), "{bad}");
        }
    }

    #[test]
    #[should_panic(expected = "no fact")]
    fn an_unknown_fact_fails_the_render() {
        fill_real("{{real:all:seconds}}");
    }
}
