//! Text reports of Scenario A runs: the JSON and markdown the `lab` CLI prints.
//!
//! The markdown tables put our simulated numbers beside the article's
//! measured ones (`lab_model::article`), in the article's table shapes. Every
//! article row is labelled as the article's measurement and every simulated
//! row as our simulation (`lab_words::cli`); the two are never mixed in one cell.
//!
//! This module is pure: it formats what the simulation returned and runs
//! nothing itself (the CLI decides how to run the jobs).

use serde::Serialize;
use serde_json::Value;

use crate::sim::lease::{LeaseDetails, LeaseMetrics, LeaseTrace, Preset, Variant};
use crate::sim::vote::{
    column_rank, CrashRow, FaultKind, Variant as VoteVariant, Verdict, VoteConfig, VoteOutcome, VoteTrace,
};
use lab_model::article::{format_number, ArticleTable, ARTICLE_AMBIGUITIES, ARTICLE_TABLES};
use lab_model::metrics::{article_cell_metric, Metric, RunFacts, Unit};
use lab_model::params::vote_to_query;
use lab_model::params::{to_query, LeaseQuery};
use lab_words::cli::CliWords;
use lab_words::metrics::metric_label;
use lab_words::{Lang, Words};

/// One simulated run of a preset, as `lab table` reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRun {
    pub query: LeaseQuery,
    pub metrics: LeaseMetrics,
    pub details: LeaseDetails,
}

impl TableRun {
    pub fn new(query: LeaseQuery, trace: &LeaseTrace) -> Self {
        TableRun { query, metrics: trace.metrics.clone(), details: trace.details.clone() }
    }

    fn preset_key(&self) -> Option<&'static str> {
        self.query.preset.map(Preset::key)
    }
}

/// The queries `lab table` runs: every preset, run indices `0..runs`, one base seed.
pub fn table_queries(runs: u32, seed: u64) -> Vec<LeaseQuery> {
    Preset::ALL
        .into_iter()
        .flat_map(|preset| {
            (0..runs).map(move |run_index| LeaseQuery { seed, run_index, ..LeaseQuery::from_preset(preset) })
        })
        .collect()
}

/// One run as the CLI prints it in JSON; fields serialize in this order.
#[derive(Serialize)]
pub struct RunRecord<'a> {
    pub preset: Option<&'static str>,
    pub run: u32,
    pub seed: u64,
    /// The canonical query string of the run (a permalink).
    pub params: String,
    pub metrics: &'a LeaseMetrics,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<&'a LeaseDetails>,
}

impl<'a> RunRecord<'a> {
    pub fn new(query: &LeaseQuery, metrics: &'a LeaseMetrics, details: Option<&'a LeaseDetails>) -> Self {
        RunRecord {
            preset: query.preset.map(Preset::key),
            run: query.run_index,
            seed: query.seed,
            params: to_query(query),
            metrics,
            details,
        }
    }
}

fn to_pretty_json<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    text.push('\n');
    text
}

/// The JSON array `lab table --format json` prints: `{"preset","run","seed","params","metrics"}` per run.
pub fn table_json(runs: &[TableRun]) -> String {
    let records: Vec<RunRecord> = runs.iter().map(|r| RunRecord::new(&r.query, &r.metrics, None)).collect();
    to_pretty_json(&records)
}

/// The JSON `lab run --format json` prints: the table fields plus `details`.
pub fn run_json(query: &LeaseQuery, trace: &LeaseTrace) -> String {
    to_pretty_json(&RunRecord::new(query, &trace.metrics, Some(&trace.details)))
}

/// The markdown `lab run` prints: one row per headline metric, `N/A` where
/// it does not apply, labelled for the run ("approvals (of 480)" with eight
/// wallets); rates and latencies with two decimals.
pub fn run_markdown(query: &LeaseQuery, trace: &LeaseTrace) -> String {
    let mut out = String::new();
    let preset = query.preset.map_or("(none)", Preset::key);
    out.push_str(&format!(
        "## Scenario A run: variant {} {}, preset {}, seed {}, run {}\n\n",
        query.config.variant.key(),
        query.config.variant.article_label(),
        preset,
        query.seed,
        query.run_index
    ));
    out.push_str(&format!("params: `{}`\n\n", to_query(query)));
    out.push_str("| metric | label | simulated |\n|---|---|---|\n");
    // English whatever `--lang` says (the report's own words are English).
    let english = Words::of(Lang::En);
    let facts = RunFacts::of(&trace.metrics, &trace.details);
    for metric in Metric::HEADLINE {
        let decimals = match metric.spec().unit {
            Unit::PerSecond | Unit::Millis => 2,
            Unit::Count | Unit::Wallets | Unit::Won => 0,
        };
        let text = metric
            .value(&trace.metrics, &trace.details)
            .map_or_else(|| "N/A".to_string(), |v| format_number(v, decimals));
        out.push_str(&format!("| `{}` | {} | {text} |\n", metric.key(), metric_label(english, *metric, Some(&facts))));
    }
    let d = &trace.details;
    out.push_str(&format!(
        "\nholds {}, requests {}, 503 responses {}, insufficient {}, expired at release {}, \
         overlap artifacts {}, fence rejects read/write {}/{}, writes after overtake {}, \
         latency p50/max {} / {} ms, simulated end {} s\n",
        format_number(d.holds as f64, 0),
        format_number(d.requests as f64, 0),
        format_number(d.responses_503 as f64, 0),
        format_number(d.insufficient as f64, 0),
        format_number(d.expired_at_release as f64, 0),
        d.overlap_artifacts,
        d.fencing_rejects_read,
        d.fencing_rejects_write,
        format_number(d.writes_after_overtake as f64, 0),
        format_number(d.latency_p50_ms, 0),
        format_number(d.latency_max_ms, 0),
        format_number(d.end_us as f64 / 1e6, 3),
    ));
    out
}

/// The metric of an article table's column for the runs of `preset` (the
/// article's pairing, `lab_model::metrics`).
fn column_metric(table: &ArticleTable, preset: &str, col: usize) -> Metric {
    article_cell_metric(table, preset, col)
        .unwrap_or_else(|| panic!("{}: column {:?} pairs with no metric", table.id, table.columns.get(col)))
}

/// The cell of one metric over a set of runs: one value, or "min–max"
/// ("/W" after a count of wallets, as the article writes "4/4"); "N/A"
/// where undefined.
fn simulated_cell(metric: Metric, runs: &[&TableRun]) -> String {
    let values: Vec<f64> = runs.iter().filter_map(|r| metric.value(&r.metrics, &r.details)).collect();
    if values.is_empty() {
        return "N/A".to_string();
    }
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (low_text, high_text) = (metric.format_report(low), metric.format_report(high));
    let mut text = if low_text == high_text { low_text } else { format!("{low_text}–{high_text}") };
    if metric.spec().unit == Unit::Wallets {
        let wallets = runs.first().map_or(0, |r| r.details.wallets);
        text.push_str(&format!("/{wallets}"));
    }
    if values.len() < runs.len() {
        text.push_str(" (some N/A)");
    }
    text
}

fn markdown_row(cells: &[String]) -> String {
    let escaped: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
    format!("| {} |\n", escaped.join(" | "))
}

/// One article table with our rows beside the article's.
fn table_markdown_section(labels: &CliWords, table: &ArticleTable, runs: &[TableRun]) -> String {
    let (article_label, simulated_label) = (labels.article_label, labels.simulated_label);
    let columns = |preset: &str| -> Vec<Metric> {
        (0..table.columns.len()).map(|col| column_metric(table, preset, col)).collect()
    };
    let mut out = format!("### {} — {}\n\n", table.title, table.measurement_id);
    let mut header = vec!["row".to_string(), "source".to_string()];
    header.extend(table.columns.iter().map(|c| c.to_string()));
    out.push_str(&markdown_row(&header));
    out.push_str(&markdown_row(&vec!["---".to_string(); header.len()]));
    let per_run = table.rows.iter().all(|row| row.article_run.is_some());
    if per_run {
        let preset = table.rows.first().map(|row| row.preset).unwrap_or_default();
        let ours: Vec<&TableRun> = runs.iter().filter(|r| r.preset_key() == Some(preset)).collect();
        let lines = ours.len().max(table.rows.len());
        for i in 0..lines {
            if let Some(run) = ours.get(i) {
                let mut cells = vec![format!("run {}", i + 1), format!("{simulated_label}, seed {}", run.query.seed)];
                cells.extend(columns(preset).into_iter().map(|m| simulated_cell(m, &[run])));
                out.push_str(&markdown_row(&cells));
            }
            if let Some(row) = table.rows.get(i) {
                let mut cells = vec![row.label.to_string(), article_label.to_string()];
                let metrics = columns(row.preset);
                cells.extend(row.cells.iter().zip(metrics).map(|(c, m)| c.display(m.spec().decimals)));
                out.push_str(&markdown_row(&cells));
            }
        }
    } else {
        for row in table.rows {
            let ours: Vec<&TableRun> = runs.iter().filter(|r| r.preset_key() == Some(row.preset)).collect();
            if !ours.is_empty() {
                let mut cells = vec![
                    format!("{} (`{}`)", row.label, row.preset),
                    format!("{simulated_label}, {} runs", ours.len()),
                ];
                cells.extend(columns(row.preset).into_iter().map(|m| simulated_cell(m, &ours)));
                out.push_str(&markdown_row(&cells));
            }
            let mut cells = vec![row.label.to_string(), article_label.to_string()];
            let metrics = columns(row.preset);
            cells.extend(row.cells.iter().zip(metrics).map(|(c, m)| c.display(m.spec().decimals)));
            out.push_str(&markdown_row(&cells));
        }
    }
    out.push('\n');
    for note in simulated_notes(table.id, runs) {
        out.push_str(&format!("- {simulated_label}: {note}\n"));
    }
    for note in table.notes {
        out.push_str(&format!("- {article_label}: {note}\n"));
    }
    out.push('\n');
    out
}

/// Extra simulated facts the article's text quotes, computed from our runs.
fn simulated_notes(table_id: &str, runs: &[TableRun]) -> Vec<String> {
    let of = |key: &'static str| runs.iter().filter(move |r| r.preset_key() == Some(key));
    let mut notes = Vec::new();
    match table_id {
        "exp1" => {
            let runs: Vec<&TableRun> = of("exp1").collect();
            let range = |values: Vec<i64>| -> String {
                let (low, high) = (values.iter().min().copied(), values.iter().max().copied());
                match (low, high) {
                    (Some(l), Some(h)) if l == h => format_number(l as f64, 0),
                    (Some(l), Some(h)) => format!("{} to {}", format_number(l as f64, 0), format_number(h as f64, 0)),
                    _ => "N/A".to_string(),
                }
            };
            if !runs.is_empty() {
                let per_wallet =
                    |f: fn(&LeaseDetails) -> Vec<i64>| range(runs.iter().flat_map(|r| f(&r.details)).collect());
                notes.push(format!(
                    "approvals per wallet {} against {} possible; ledger per wallet {} won; snapshot per wallet {} won",
                    per_wallet(|d| d.approvals_per_wallet.iter().map(|&a| a as i64).collect()),
                    runs[0].query.config.possible_approvals_per_wallet(),
                    per_wallet(|d| d.ledger_per_wallet_won.clone()),
                    per_wallet(|d| d.snapshot_per_wallet_won.clone()),
                ));
            }
        }
        "exp2" => {
            let artifacts: Vec<String> = of("exp2").map(|r| r.details.overlap_artifacts.to_string()).collect();
            if !artifacts.is_empty() {
                notes.push(format!("watchdog overlap artifacts per run: {}", artifacts.join(" · ")));
            }
        }
        "exp3" => {
            for r in of("exp3_c1") {
                notes.push(format!(
                    "c-1 run {}: {} fencing rejects of {} writes after overtake",
                    r.query.run_index + 1,
                    r.metrics.fencing_rejects.unwrap_or(0),
                    format_number(r.details.writes_after_overtake as f64, 0)
                ));
            }
        }
        "exp5" => {
            for r in of("exp5_c2_closed") {
                notes.push(format!(
                    "c-2 + fail-closed run {}: fence value at kill per wallet {:?}, read rejects after restart per wallet {:?}",
                    r.query.run_index + 1,
                    r.details.fence_value_at_kill_per_wallet,
                    r.details.post_restart_read_rejects_per_wallet
                ));
            }
            for r in of("exp5_control") {
                notes.push(format!(
                    "control run {}: overlap pairs before/during/after {:?}, holds {:?}",
                    r.query.run_index + 1,
                    r.details.overlap_pairs_by_phase,
                    r.details.holds_by_phase
                ));
            }
        }
        "summary" => {
            let open: Vec<String> =
                of("exp5_open").map(|r| format_number(r.metrics.ownership_overlap_pairs as f64, 0)).collect();
            if !open.is_empty() {
                notes.push(format!(
                    "the fail-open overlap cell counts pairs that began during the outage, as the article's does; whole-run pairs: {}",
                    open.join(" · ")
                ));
            }
            if let Some(r) = of("exp4").next() {
                if r.query.config.variant == Variant::Conditional {
                    notes.push(
                        "the (d) and control \"overlap\" cells count concurrent-section pairs; there is no lock"
                            .to_string(),
                    );
                }
            }
        }
        _ => {}
    }
    notes
}

/// The markdown `lab table` prints: every article table with our runs
/// beside it, the article's rows and ours labelled in `words`' language
/// (the Korean edition's labels say each in Korean with the English beside it).
pub fn table_markdown(words: &Words, runs: &[TableRun]) -> String {
    let labels = &words.cli;
    let (article_label, simulated_label) = (labels.article_label, labels.simulated_label);
    let seed = runs.first().map_or(1, |r| r.query.seed);
    let per_preset = runs.iter().filter(|r| r.query.preset == Some(Preset::Exp1)).count();
    let mut out = format!(
        "## Scenario A: simulated vs. the article\n\n\
         {simulated_label}: base seed {seed}, runs 1–{per_preset} per preset (run index 0–{}), noise off. \
         {article_label}: Article A's tables as transcribed in model.md §3.1.\n\n",
        per_preset.saturating_sub(1)
    );
    for table in ARTICLE_TABLES {
        out.push_str(&table_markdown_section(labels, table, runs));
    }
    out.push_str("### Where the article is ambiguous (model.md §3.4)\n\n");
    for (i, (what, choice)) in ARTICLE_AMBIGUITIES.iter().enumerate() {
        out.push_str(&format!("{}. {what}: {choice}\n", i + 1));
    }
    out
}

// ---------------------------------------------------------------------------
// Scenario B

/// The JSON `lab run --format json` prints for a vote run.
pub fn vote_run_json(config: &VoteConfig, trace: &VoteTrace) -> String {
    #[derive(Serialize)]
    struct VoteRecord<'a> {
        scenario: &'static str,
        params: String,
        outcome: &'a VoteOutcome,
        end_us: u64,
    }
    to_pretty_json(&VoteRecord {
        scenario: "vote",
        params: vote_to_query(config),
        outcome: &trace.outcome,
        end_us: trace.end_us,
    })
}

/// The markdown `lab run` prints for a vote run: one row per outcome of model.md §4.7.
pub fn vote_run_markdown(config: &VoteConfig, trace: &VoteTrace) -> String {
    let mut out = format!(
        "## Scenario B run: variant {} ({}), fault {}, profile {}\n\nparams: `{}`\n\n| outcome | simulated |\n|---|---|\n",
        config.variant.code(),
        config.variant.title(),
        config.fault.key(),
        config.profile.key(),
        vote_to_query(config)
    );
    let outcome = serde_json::to_value(&trace.outcome).unwrap_or(Value::Null);
    if let Value::Object(map) = outcome {
        for (key, value) in map {
            let text = match &value {
                Value::Null => "none".to_string(),
                Value::Array(items) if items.is_empty() => "none".to_string(),
                other => other.to_string(),
            };
            out.push_str(&format!("| `{key}` | {} |\n", text.replace('|', "\\|")));
        }
    }
    out.push_str(&format!("\nsimulated end {} s\n", format_number(trace.end_us as f64 / 1e6, 3)));
    out
}

/// The JSON `lab crashpoints --format json` prints: one object per row.
pub fn crashpoints_json(rows: &[CrashRow]) -> String {
    to_pretty_json(&rows)
}

fn verdict_text(verdict: Verdict, unsafe_subcuts: u32, subcuts: u32) -> String {
    match verdict {
        Verdict::Safe => "ok".to_string(),
        Verdict::Fenced => "fenced".to_string(),
        Verdict::Unsafe => format!("UNSAFE {unsafe_subcuts}/{subcuts}"),
    }
}

/// The crash-point matrix as markdown: rows = variants, columns = events (the
/// last event done before the crash), each cell "process kill \| power loss",
/// the worst case over background interleavings and hidden branches.
pub fn crashpoints_markdown(rows: &[CrashRow]) -> String {
    let mut events: Vec<&str> = Vec::new();
    for row in rows {
        if !events.contains(&row.after.as_str()) {
            events.push(&row.after);
        }
    }
    events.sort_by_key(|name| column_rank(name));
    let mut variants: Vec<VoteVariant> = Vec::new();
    for row in rows {
        if !variants.contains(&row.variant) {
            variants.push(row.variant);
        }
    }
    let (profile, honours) = rows.first().map_or(("?", true), |r| (r.profile.key(), r.device_honours_sync));
    let mut out = format!(
        "## Crash-point matrix: profile {profile}, device honours sync {honours}\n\n\
         Each cell: process kill \\| power loss, for a crash right after that event; the worst case over \
         background interleavings and hidden branches (UNSAFE k/n = k of n sub-cuts unsafe; blank = no such event).\n\n"
    );
    let mut header = vec!["variant".to_string()];
    header.extend(events.iter().map(|e| format!("`{e}`")));
    out.push_str(&format!("| {} |\n", header.join(" | ")));
    out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
    for variant in variants {
        let mut cells = vec![format!("{} ({})", variant.code(), variant.title())];
        for event in &events {
            let mut per_fault = Vec::new();
            for fault in FaultKind::ALL {
                let matching: Vec<&CrashRow> =
                    rows.iter().filter(|r| r.variant == variant && r.after == *event && r.fault == fault).collect();
                let Some(worst) = matching.iter().map(|r| r.verdict).max() else { continue };
                let unsafe_subcuts: u32 = matching.iter().map(|r| r.unsafe_subcuts).sum();
                let subcuts: u32 = matching.iter().map(|r| r.subcuts).sum();
                per_fault.push(verdict_text(worst, unsafe_subcuts, subcuts));
            }
            cells.push(per_fault.join(" \\| "));
        }
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_article_column_has_its_metric() {
        for table in ARTICLE_TABLES {
            for row in table.rows {
                for col in 0..table.columns.len() {
                    column_metric(table, row.preset, col);
                }
            }
        }
        let exp5_open = ARTICLE_TABLES.iter().find(|t| t.id == "summary").unwrap();
        assert_eq!(column_metric(exp5_open, "exp5_open", 0), Metric::OverlapPairsDuringOutage);
        assert_eq!(column_metric(exp5_open, "exp1", 0), Metric::OwnershipOverlapPairs);
    }

    #[test]
    fn the_run_report_labels_approvals_for_the_runs_wallets() {
        let mut query = LeaseQuery::from_preset(Preset::Exp1);
        query.config.duration_s = 2;
        query.config.wallets = 8;
        let trace = crate::sim::lease::run(&query.config, query.seed, 0, crate::sim::lease::TraceLevel::Summary);
        let text = run_markdown(&query, &trace);
        assert!(text.contains("| `approvals` | approvals (of 480) |"), "{text}");
        assert!(text.contains("| `possible_approvals` | possible approvals | 480 |"), "{text}");
        assert_eq!(text.matches("\n| `").count(), Metric::HEADLINE.len());
    }

    #[test]
    fn table_queries_cover_every_preset_and_run() {
        let queries = table_queries(3, 9);
        assert_eq!(queries.len(), 33);
        assert!(queries.iter().all(|q| q.seed == 9 && q.run_index < 3));
        assert_eq!(to_query(&queries[1]), "preset=exp1&seed=9&run=1");
    }

    #[test]
    fn simulated_cells_show_ranges_and_na() {
        let mut a = TableRun {
            query: LeaseQuery::default(),
            metrics: LeaseMetrics::default(),
            details: LeaseDetails { wallets: 4, ..LeaseDetails::default() },
        };
        a.metrics.approvals = 580;
        let mut b = a.clone();
        b.metrics.approvals = 1_590;
        assert_eq!(simulated_cell(Metric::Approvals, &[&a, &b]), "580–1,590");
        assert_eq!(simulated_cell(Metric::StolenAtRelease, &[&a]), "N/A");
        assert_eq!(simulated_cell(Metric::NegativeLedgerWallets, &[&a]), "0/4");
    }
}
