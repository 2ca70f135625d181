//! The live metric table's unit of work: one full-length run at summary
//! level, reduced to what the table shows, namely the value of every
//! [`LIVE_TABLE`] metric, what its labels depend on ([`RunFacts`]) and what
//! the run's description says ([`RunSummary`]).
//!
//! The page computes table runs in the site's worker pool
//! (`crate::worker`'s `Job::TableRun`) and falls back to the main thread
//! when workers are unavailable. Both paths end in [`TableRun::of`], so where
//! a run was computed never changes what the table says. A task travels to a
//! worker as a canonical lease query ([`task_text`], the same string
//! `lab run --params` takes) and comes back as a [`TableRun`], every float
//! bit for bit.

use serde::{Deserialize, Serialize};

use crate::analysis::RunSummary;
use crate::metrics::{Metric, RunFacts, LIVE_TABLE};
use crate::params::{parse_lease_query, to_query, LeaseQuery};
use crate::work_cap::run_within_cap;
use lab_sim::lease::{LeaseTrace, TraceLevel};

/// What the live table keeps of one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRun {
    pub run_index: u32,
    /// The duration actually run (s): the configuration's, or less when the
    /// work cap shortened the run (`crate::work_cap`).
    pub duration_s: u32,
    /// One entry per [`LIVE_TABLE`] row, in order; `None` when the metric does
    /// not apply to the run's variant.
    pub values: Vec<Option<f64>>,
    /// What the rows' labels say about the run (the approvals it could make).
    pub facts: RunFacts,
    /// What the run's description says (the words layer's
    /// `analysis::run_description`; the figure's text alternative quotes it).
    pub summary: RunSummary,
}

impl TableRun {
    pub fn of(trace: &LeaseTrace) -> TableRun {
        TableRun {
            run_index: trace.run_index,
            duration_s: trace.config.duration_s,
            values: LIVE_TABLE.iter().map(|m| m.value(&trace.metrics, &trace.details)).collect(),
            facts: RunFacts::of(&trace.metrics, &trace.details),
            summary: RunSummary::of(trace),
        }
    }

    /// The value of the table row `key`, if the row exists and applies.
    pub fn value(&self, key: &str) -> Option<f64> {
        self.metric_value(Metric::from_key(key)?)
    }

    /// The value of the table row of `metric`, if the row exists and applies.
    pub fn metric_value(&self, metric: Metric) -> Option<f64> {
        let row = LIVE_TABLE.iter().position(|m| *m == metric)?;
        self.values.get(row).copied().flatten()
    }
}

/// What the rows' labels say about `runs` (the runs of the table's
/// columns): the facts over all of them, `None` when there are none. The
/// words layer's `metrics::metric_label` turns a metric and these facts
/// into its row's label.
pub fn row_facts<'a>(runs: impl IntoIterator<Item = &'a TableRun>) -> Option<RunFacts> {
    RunFacts::over(runs.into_iter().map(|r| &r.facts))
}

/// Runs `query` at summary level, for all of its `duration_s` unless the
/// work cap shortens it.
pub fn table_run(query: &LeaseQuery) -> TableRun {
    TableRun::of(&run_within_cap(&query.config, query.seed, query.run_index, TraceLevel::Summary).0)
}

/// The text a worker receives for `query`.
pub fn task_text(query: &LeaseQuery) -> String {
    to_query(query)
}

/// What a worker does with a task: parse it and run it. A task the page
/// built always parses cleanly; anything else (a notice of any kind) is
/// refused rather than run with clamped values.
pub fn run_task(text: &str) -> Option<TableRun> {
    let parsed = parse_lease_query(text);
    parsed.notices.is_empty().then(|| table_run(&parsed.value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::{LeaseConfig, Preset, Variant};

    #[test]
    fn a_task_round_trips_to_the_same_run() {
        let mut q = LeaseQuery::from_preset(Preset::Exp1);
        // What the split figure sends: a variant other than the preset's, run 2.
        q.config = LeaseConfig { variant: Variant::FenceRead, ttl_ms: 350, ..q.config };
        q.seed = 7;
        q.run_index = 2;
        let direct = table_run(&q);
        let via_text = run_task(&task_text(&q)).expect("a page-built task parses cleanly");
        assert_eq!(direct, via_text);
        assert_eq!((direct.run_index, direct.duration_s), (2, 60));
        assert_eq!((direct.summary.run_index, direct.summary.variant), (2, Variant::FenceRead));
    }

    #[test]
    fn the_approvals_label_follows_the_wallets() {
        let mut q = LeaseQuery::from_preset(Preset::Exp1);
        q.config.duration_s = 3;
        let four = table_run(&q);
        assert_eq!(row_facts([&four]).map(|f| f.possible_approvals), Some((240, 240)));
        q.config.wallets = 8;
        let eight = run_task(&task_text(&q)).expect("a page-built task parses cleanly");
        assert_eq!(eight.facts.possible_approvals, (480, 480));
        assert_eq!(row_facts([&four, &eight]).map(|f| f.possible_approvals), Some((240, 480)));
        assert_eq!(row_facts([]), None);
        assert_eq!(eight.value("approvals"), eight.metric_value(Metric::Approvals));
        assert!(eight.value("approvals").is_some_and(|v| v > 0.0));
    }

    #[test]
    fn a_task_that_needs_clamping_is_refused() {
        assert!(run_task("preset=exp1&ttl_ms=999999999").is_none());
        assert!(run_task("preset=exp1&ttl_ms=abc").is_none());
    }
}
