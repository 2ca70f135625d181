//! The three-column table of `lab real`: for every metric of a
//! configuration, the real runs, the simulation with the same parameters
//! and seeds (run through lab-sim as `lab table` runs it), and the
//! article's cell (from `lab_model::article`, labelled as the article's).
//! The columns' labels are the reader's words of `lab real --lang` (Korean
//! by default); the metrics' labels and the article's notes are `lab`'s
//! English in both, as `lab table`'s are.

use serde::Serialize;

use crate::sim::lease::{LeaseDetails, LeaseMetrics};
use lab_model::metrics::{article_text_in, ArticleText, Metric, RunFacts};
use lab_words::analysis::cell_note;
use lab_words::cli::CliWords;
use lab_words::metrics::metric_label;
use lab_words::{Lang, Words};

pub use lab_model::metrics::range_text;

/// The columns' labels (the real runs, the simulation, the article) in
/// `words`' language, beside the report's English.
pub fn labels(words: &'static Words) -> &'static CliWords {
    &words.cli
}

/// The table's rows, in the article's order of concerns (each row's label,
/// decimals and value are its metric's, `lab_model::metrics`).
pub const ROWS: [Metric; 19] = [
    Metric::Approvals,
    Metric::OwnershipOverlapPairs,
    Metric::OverlapArtifacts,
    Metric::MaxConcurrentOwners,
    Metric::StolenAtRelease,
    Metric::ExpiredAtRelease,
    Metric::DriftWon,
    Metric::OverApproval,
    Metric::FencingRejects,
    Metric::LostUpdatePairs,
    Metric::ThroughputRps,
    Metric::LatencyP95Ms,
    Metric::WatchdogExtensions,
    Metric::N503DuringOutage,
    Metric::LocklessHoldsDuringOutage,
    Metric::OverlapPairsDuringOutage,
    Metric::FenceValueAtKill,
    Metric::PostRestartReadRejects,
    Metric::LeasesExpired,
];

/// The article's cell for `metric` of configuration `key`, as the article
/// printed it (per-run rows merged into "min–max"; "see note: …" where a
/// note of its text stands in for the cell); `None` if it gives none.
pub fn article_cell(key: &str, metric: Metric) -> Option<String> {
    let english = Words::of(Lang::En);
    Some(match article_text_in(key, metric, |note| cell_note(english, note))? {
        ArticleText::Cell(text) => text,
        ArticleText::Note(note) => format!("see note: {note}"),
    })
}

/// One row of the printed table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableLine {
    pub metric: &'static str,
    pub label: String,
    pub real: Vec<f64>,
    pub simulated: Vec<f64>,
    pub real_text: String,
    pub simulated_text: String,
    pub article: Option<String>,
}

/// The rows of one configuration: every metric that applies to the real or
/// the simulated runs, labelled for those runs ("approvals (of 240)").
pub fn table_lines(
    key: &str,
    real: &[(&LeaseMetrics, &LeaseDetails)],
    sim: &[(&LeaseMetrics, &LeaseDetails)],
) -> Vec<TableLine> {
    let facts: Vec<RunFacts> = real.iter().chain(sim).map(|(m, d)| RunFacts::of(m, d)).collect();
    let facts = RunFacts::over(&facts);
    let english = Words::of(Lang::En);
    ROWS.iter()
        .filter_map(|&metric| {
            let real_values: Vec<f64> = real.iter().filter_map(|(m, d)| metric.value(m, d)).collect();
            let sim_values: Vec<f64> = sim.iter().filter_map(|(m, d)| metric.value(m, d)).collect();
            if real_values.is_empty() && sim_values.is_empty() {
                return None;
            }
            let decimals = metric.spec().decimals;
            let text = |v: &[f64]| if v.is_empty() { "N/A".to_string() } else { range_text(v, decimals) };
            Some(TableLine {
                metric: metric.key(),
                label: metric_label(english, metric, facts.as_ref()),
                real_text: text(&real_values),
                simulated_text: text(&sim_values),
                real: real_values,
                simulated: sim_values,
                article: article_cell(key, metric),
            })
        })
        .collect()
}

/// The markdown of one configuration's table, its columns labelled in `words`' language.
pub fn markdown(words: &'static Words, title: &str, lines: &[TableLine]) -> String {
    let l = labels(words);
    let mut out = format!(
        "### {title}\n\n| metric | {} | {} | {} |\n|---|---|---|---|\n",
        l.real_label, l.simulated_label, l.article_label
    );
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
        assert_eq!(article_cell("exp1", Metric::Approvals).as_deref(), Some("580–590"));
        assert_eq!(article_cell("exp2_stop", Metric::OverApproval).as_deref(), Some("81–83"));
        assert_eq!(article_cell("exp4", Metric::LatencyP95Ms).as_deref(), Some("506–588"));
        assert_eq!(article_cell("exp5_open", Metric::OverlapPairsDuringOutage).as_deref(), Some("1,115–2,245"));
        assert_eq!(article_cell("exp3_ttl1s", Metric::OverApproval), None);
        assert!(article_cell("exp1_ttl1s", Metric::StolenAtRelease).unwrap().starts_with("see note"));
    }

    #[test]
    fn the_approvals_label_follows_the_runs() {
        use crate::sim::lease::{run, Preset, TraceLevel};
        let mut c = Preset::Exp1.config();
        c.duration_s = 2;
        c.wallets = 8;
        let t = run(&c, 1, 0, TraceLevel::Summary);
        let lines = table_lines("exp1", &[], &[(&t.metrics, &t.details)]);
        assert_eq!(lines[0].label, "approvals (of 480)");
        assert!(lines.iter().all(|l| Metric::from_key(l.metric).is_some()));
    }

    #[test]
    fn the_columns_follow_the_language_and_the_rows_stay_english() {
        use crate::sim::lease::{run, Preset, TraceLevel};
        let mut c = Preset::Exp1.config();
        c.duration_s = 2;
        let t = run(&c, 1, 0, TraceLevel::Summary);
        let lines = table_lines("exp1", &[], &[(&t.metrics, &t.details)]);
        let hangul = |s: &str| s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c));
        let (ko, en) = (Words::of(Lang::Ko), Words::of(Lang::En));
        let english = markdown(en, "(a) lock, TTL 200 ms — `exp1`", &lines);
        assert!(!hangul(&english), "{english}");
        assert!(english.contains(&format!(
            "| metric | {} | {} | {} |",
            en.cli.real_label, en.cli.simulated_label, en.cli.article_label
        )));
        let korean = markdown(ko, "(a) lock, TTL 200 ms — `exp1`", &lines);
        assert!(korean.contains(&format!("| metric | {} |", ko.cli.real_label)) && hangul(&korean), "{korean}");
        assert!(korean.contains("| approvals (of 240) |") && english.contains("| approvals (of 240) |"));
    }
}
