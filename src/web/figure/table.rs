//! The live metric table under an Article A figure: the runs the plan lists
//! (`LeasePlan::table`), computed where they cost the reader least, and the
//! table itself.
//!
//! After a slider move the runs that are predicted to fit the input's frame
//! run at once, with the figure (`run_inline`); the rest go to the table
//! workers (`super::super::worker_pool`) when the figure does not draw them,
//! or run on the main thread in slices of [`JOB_SLICE_MS`] between frames.
//! Each result lands in its column; when none is pending the new columns
//! replace the old ones at once, so the table never shows half a state.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::super::page_words::words;
use super::super::{now_ms, worker_pool};
use super::{Figure, Msg};
use crate::figures::article_data;
use crate::figures::plan::{LeasePlan, LeaseRun, TableColumn};
use crate::sim::lease::{LeaseTrace, Preset};
use lab_model::analysis::group_thousands;
use lab_model::live_table::{row_facts, task_text, TableRun};
use lab_model::metrics::{Metric, LIVE_TABLE};
use lab_model::params::LeaseQuery;
use lab_model::work_cap::MAX_EVENTS_SUMMARY;
use lab_model::worker::{Job, JobResult};
use lab_words::analysis::run_description;
use lab_words::metrics::{metric_label, metric_name};

/// How long one main-thread task may spend on table runs before it yields
/// to input and rendering (one run may exceed it; the work cap bounds a run).
const JOB_SLICE_MS: f64 = 12.0;

/// How long the first render of a figure may spend on its table's runs
/// (one run may exceed it; the work cap bounds a run): the rest of the
/// runs leave the task, so that no first render holds the main thread for
/// much more than 50 ms with its table.
const FIRST_TABLE_MS: f64 = 30.0;

/// Table runs predicted to end, together with the figure's drawing (as
/// long as it has recently taken), within this long after the slider input
/// run right away, in the same update as the figure, so that figure and
/// table appear in one frame; the rest leave the input's task (workers or
/// later tasks). The remainder of the 16 ms frame is for Yew's rendering,
/// the figure's highlights and the browser's own style, layout and paint:
/// at 12.5 ms the runs filled the frame so far that one input in ten
/// overran it at the article's TTLs.
const INLINE_FRAME_MS: f64 = 10.0;

/// The median of the last few samples of a cost: one slow sample (a garbage
/// collection, a busy moment) does not move it; a machine that stays slower
/// moves it within three samples.
#[derive(Clone, Debug, Default)]
pub struct RecentMedian {
    samples: std::collections::VecDeque<f64>,
}

impl RecentMedian {
    const KEEP: usize = 5;

    pub fn push(&mut self, sample: f64) {
        if self.samples.len() == Self::KEEP {
            self.samples.pop_front();
        }
        self.samples.push_back(sample);
    }

    pub fn median(&self) -> Option<f64> {
        let mut sorted: Vec<f64> = self.samples.iter().copied().collect();
        crate::sim::core::sort_by(&mut sorted, f64::total_cmp);
        sorted.get(sorted.len() / 2).copied()
    }
}

/// What one summary run costs on this thread, learned from the runs it did:
/// milliseconds per event of the event loop. Predictions multiply it by the
/// events a run is expected to take, so a slider that makes runs heavier
/// moves them out of the input's task before they overrun the frame.
#[derive(Clone, Debug, Default)]
struct RunCost {
    ms_per_event: RecentMedian,
}

impl RunCost {
    fn learn(&mut self, events: u64, ms: f64) {
        if events > 0 {
            self.ms_per_event.push(ms / events as f64);
        }
    }

    fn predict_ms(&self, events: u64) -> Option<f64> {
        self.ms_per_event.median().map(|m| m * events as f64)
    }
}

/// A table run waiting for the main thread: its column and the run.
pub type TableJob = (usize, LeaseRun);

/// A column of the metric table: one run, or several summarised as a range.
pub struct Column {
    pub header: String,
    pub runs: Vec<TableRun>,
    /// The runs' traces, when they were run on this thread (a figure that
    /// draws the table's runs, A8 and A9, takes them from here); runs from
    /// the table workers have none.
    pub traces: Vec<Rc<LeaseTrace>>,
    /// The first run's description in the page's words (the timelines'
    /// text alternative quotes it).
    first_description: Option<String>,
}

impl Column {
    /// Adds a run in run-index order: runs arrive in any order, and runs of
    /// one index keep the order they arrived in.
    fn add_run(&mut self, run: TableRun) {
        let at = self.runs.partition_point(|r| r.run_index <= run.run_index);
        if at == 0 {
            self.first_description = Some(run_description(words(), &run.summary));
        }
        self.runs.insert(at, run);
    }

    /// Adds a run made on this thread, with its trace, in run-index order.
    fn push_trace(&mut self, trace: Rc<LeaseTrace>) {
        self.add_run(TableRun::of(&trace));
        let at = self.traces.partition_point(|t| t.run_index <= trace.run_index);
        self.traces.insert(at, trace);
    }
}

/// The table's columns, and the runs of the next ones in flight.
pub struct LiveTable {
    pub columns: Vec<Column>,
    next_columns: Vec<Column>,
    generation: u64,
    /// Table runs left for the main thread.
    jobs: Vec<TableJob>,
    /// A main-thread slice of table runs is scheduled or running.
    jobs_running: bool,
    /// Table runs handed to the worker pool, by job id.
    pool_jobs: Vec<(u32, TableJob)>,
    pool_owner: u32,
    sink: worker_pool::Sink,
    job_timer: Option<Timeout>,
    /// When the input that asked for the table happened (ms), until it is complete.
    start: Option<f64>,
    /// Set when the table completed, for `__labPerfTable`.
    pub completed_since: Option<f64>,
    run_cost: RunCost,
}

impl LiveTable {
    pub fn new(ctx: &Context<Figure>) -> LiveTable {
        let link = ctx.link().clone();
        LiveTable {
            columns: Vec::new(),
            next_columns: Vec::new(),
            generation: 0,
            jobs: Vec::new(),
            jobs_running: false,
            pool_jobs: Vec::new(),
            pool_owner: worker_pool::new_owner(),
            sink: worker_pool::Sink::new(move |job, result| {
                link.send_message(Msg::TableRun(job, result.and_then(JobResult::into_table_run)))
            }),
            job_timer: None,
            start: None,
            completed_since: None,
            run_cost: RunCost::default(),
        }
    }

    pub fn pending(&self) -> bool {
        !self.jobs.is_empty() || self.jobs_running || !self.pool_jobs.is_empty()
    }

    /// Starts the table over with `table`'s runs; `prefilled` are runs the figure
    /// already made, with their table cells. The first table of a figure is
    /// computed here and now, as far as [`FIRST_TABLE_MS`] allows, so that
    /// for most settings the page never shows an empty table: then it
    /// returns true. Runs past that budget (a heavy first query: A8's five
    /// variants at the work cap took 480 ms) go the way of a slider move's.
    pub fn restart(
        &mut self,
        table: Vec<TableColumn>,
        prefilled: Vec<((usize, usize), Rc<LeaseTrace>)>,
        input_ms: Option<f64>,
    ) -> bool {
        self.generation += 1;
        self.next_columns = table
            .iter()
            .map(|c| Column { header: c.header.clone(), runs: Vec::new(), traces: Vec::new(), first_description: None })
            .collect();
        self.jobs = table
            .into_iter()
            .enumerate()
            .flat_map(|(i, col)| col.runs.into_iter().enumerate().map(move |(k, run)| (i, k, run)))
            .filter(|(i, k, _)| !prefilled.iter().any(|((pc, pk), _)| pc == i && pk == k))
            .map(|(i, _, run)| (i, run))
            .collect();
        for ((col, _), trace) in prefilled {
            self.next_columns[col].push_trace(trace);
        }
        worker_pool::cancel(self.pool_owner);
        self.pool_jobs.clear();
        self.job_timer = None;
        self.jobs_running = false;
        if self.columns.is_empty() {
            let started = now_ms();
            while now_ms() - started < FIRST_TABLE_MS {
                let Some((i, run)) = self.jobs.pop() else { break };
                let trace = self.run_here(&run);
                self.next_columns[i].push_trace(trace);
            }
            if self.jobs.is_empty() {
                self.finish();
                return true;
            }
        }
        self.start = input_ms.or_else(|| Some(now_ms()));
        false
    }

    /// One table run on this thread, timed to keep `run_cost` current.
    fn run_here(&mut self, run: &LeaseRun) -> Rc<LeaseTrace> {
        let started = now_ms();
        let trace = run.run().0;
        self.run_cost.learn(trace.stats.events_processed, now_ms() - started);
        Rc::new(trace)
    }

    /// Runs the table runs that are predicted to finish, before the figure
    /// is drawn (as long as it has recently taken), within
    /// [`INLINE_FRAME_MS`] of the input, right now: for a default run the
    /// whole table is then drawn with the figure. Without a prediction (no
    /// cost learnt yet, or a run the work cap shortened) nothing runs here.
    pub fn run_inline(&mut self, predicted_events: Option<u64>, draw_ms: Option<f64>) {
        let (Some(events), Some(start)) = (predicted_events, self.start) else { return };
        if events > MAX_EVENTS_SUMMARY {
            // The work cap would cut such a run and run it again, shorter.
            return;
        }
        let Some(per_run_ms) = self.run_cost.predict_ms(events) else { return };
        let deadline = INLINE_FRAME_MS - draw_ms.unwrap_or(0.0);
        while !self.jobs.is_empty() && now_ms() - start + per_run_ms <= deadline {
            let (i, run) = self.jobs.remove(0);
            let trace = self.run_here(&run);
            self.next_columns[i].push_trace(trace);
        }
    }

    /// Hands the runs left to the table workers, if there are any; the
    /// table needs only their numbers.
    pub fn hand_to_workers(&mut self, preset: Option<Preset>) {
        if !worker_pool::tables_available() {
            return;
        }
        for (i, run) in std::mem::take(&mut self.jobs) {
            let query = LeaseQuery { preset, config: run.config.clone(), seed: run.seed, run_index: run.run_index };
            let id = worker_pool::submit(self.pool_owner, &Job::TableRun(task_text(&query)), &self.sink);
            self.pool_jobs.push((id, (i, run)));
        }
    }

    fn finish(&mut self) {
        self.columns = std::mem::take(&mut self.next_columns);
        self.job_timer = None;
    }

    /// After table runs landed (or were handed out): queues the next
    /// main-thread slice, or completes the table once nothing is pending.
    /// True when it completed the table.
    pub fn after_run(&mut self, ctx: &Context<Figure>) -> bool {
        if self.pending() {
            if !self.jobs.is_empty() && !self.jobs_running {
                self.schedule(ctx);
            }
            return false;
        }
        self.finish();
        self.completed_since = self.start.take();
        true
    }

    /// Runs the queued table runs on the main thread in the next task, for
    /// up to one slice of time (at least one run; the work cap bounds each).
    /// The runs happen in the timer callback, outside Yew's scheduler, so the
    /// scheduler's own 16 ms yield never delays the table's render.
    fn schedule(&mut self, ctx: &Context<Figure>) {
        let link = ctx.link().clone();
        let generation = self.generation;
        let mut batch = std::mem::take(&mut self.jobs);
        self.jobs_running = true;
        self.job_timer = Some(Timeout::new(0, move || {
            let started = now_ms();
            let mut done = Vec::new();
            while !batch.is_empty() && (done.is_empty() || now_ms() - started < JOB_SLICE_MS) {
                let (i, run) = batch.remove(0);
                done.push((i, Rc::new(run.run().0)));
            }
            let cost = (done.iter().map(|(_, t)| t.stats.events_processed).sum(), now_ms() - started);
            link.send_message(Msg::JobsDone(generation, done, batch, cost));
        }));
    }

    /// A main-thread slice is done (`Msg::JobsDone`). True when it completed the table.
    pub fn slice_done(
        &mut self,
        ctx: &Context<Figure>,
        generation: u64,
        done: Vec<(usize, Rc<LeaseTrace>)>,
        mut rest: Vec<TableJob>,
        (events, ms): (u64, f64),
    ) -> bool {
        self.run_cost.learn(events, ms);
        if generation != self.generation {
            return false;
        }
        self.jobs_running = false;
        for (i, trace) in done {
            self.next_columns[i].push_trace(trace);
        }
        rest.append(&mut self.jobs);
        self.jobs = rest;
        self.after_run(ctx)
    }

    /// A table worker's result (`Msg::TableRun`). True when it completed the table.
    pub fn worker_done(&mut self, ctx: &Context<Figure>, job: u32, result: Option<TableRun>) -> bool {
        let Some(at) = self.pool_jobs.iter().position(|(id, _)| *id == job) else { return false };
        let (_, (i, run)) = self.pool_jobs.remove(at);
        match result {
            Some(table_run) => self.next_columns[i].add_run(table_run),
            // The workers failed: this run falls back to the main thread.
            None => self.jobs.push((i, run)),
        }
        self.after_run(ctx)
    }

    /// Leaves the worker pool (the figure is gone).
    pub fn cancel(&self) {
        worker_pool::cancel(self.pool_owner);
    }

    /// The traces of the runs `plan`'s drawing takes from the table (A8,
    /// A9), once the table has them all.
    pub fn figure_traces(&self, plan: &LeasePlan) -> Option<Vec<Rc<LeaseTrace>>> {
        let columns: Vec<Vec<Rc<LeaseTrace>>> = self.columns.iter().map(|c| c.traces.clone()).collect();
        plan.figure_traces_from_table(&columns)
    }

    /// The first run's description (the timelines' text alternative quotes it).
    pub fn first_description(&self) -> Option<&str> {
        self.columns.first().and_then(|c| c.first_description.as_deref())
    }

    /// The figure's key numbers (`keys`, rows of the table) from its own
    /// runs, the first column: `(short label, value)`, a range over the
    /// column's runs; `None` as the value while the column is computed, and
    /// "not applicable" once it is computed when the metric does not apply to its
    /// variant (A5's read rejects after the restart, without c-2).
    pub fn key_numbers(&self, keys: &[&str]) -> Vec<(&'static str, Option<String>)> {
        let first = self.columns.first().filter(|c| !c.runs.is_empty());
        key_numbers_with(keys, |metric| {
            first.map(|c| Self::cell(c, metric).unwrap_or_else(|| words().ui.table.not_applicable.to_string()))
        })
    }

    fn cell(col: &Column, metric: Metric) -> Option<String> {
        let vals: Vec<f64> = col.runs.iter().filter_map(|r| r.metric_value(metric)).collect();
        if vals.is_empty() {
            return None;
        }
        let lo = vals.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        Some(if (hi - lo).abs() < 1e-9 {
            metric.format_live(lo)
        } else {
            format!("{}~{}", metric.format_live(lo), metric.format_live(hi))
        })
    }

    fn caption(&self, query: &LeaseQuery) -> String {
        let asked = query.config.duration_s;
        let ran = self.columns.iter().flat_map(|c| &c.runs).map(|r| r.duration_s).min().unwrap_or(asked);
        let max_events = group_thousands(MAX_EVENTS_SUMMARY as i64);
        lab_words::ui::table_caption(words(), &query.seed.to_string(), ran, asked, &max_events)
    }

    /// The table, with the article's measurements beside it where the plan asks for them.
    pub fn view(&self, plan: &LeasePlan) -> Html {
        let article_cols = plan.article_presets();
        let pending = if self.pending() { "true" } else { "false" };
        let runs = || self.columns.iter().flat_map(|c| &c.runs);
        let rows: Vec<(Metric, String)> = LIVE_TABLE
            .into_iter()
            .filter(|m| self.columns.iter().any(|c| Self::cell(c, *m).is_some()))
            .map(|m| (m, metric_label(words(), m, row_facts(runs()).as_ref())))
            .collect();
        let t = &words().ui.table;
        let article_head = |p: &Preset| {
            let label = if article_cols.len() > 1 { p.config().variant.article_label() } else { p.measurement_id() };
            words().fill(t.article, &[("label", label)])
        };
        html! {
            <div class="table-wrap">
                <table class="metrics" data-pending={pending} aria-busy={pending}>
                    <caption>{ self.caption(&plan.query) }{ match (self.pending(), self.columns.is_empty()) {
                        (true, true) => t.computing,
                        (true, false) => t.recomputing,
                        (false, _) => "",
                    } }</caption>
                    <thead><tr>
                        <th scope="col">{ t.metric }</th>
                        { for self.columns.iter().map(|c| html! { <th scope="col" class="num">{ &c.header }</th> }) }
                        { for article_cols.iter().map(|p| html! { <th scope="col" class="num article">{ article_head(p) }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for rows.iter().map(|(m, label)| html! {
                            <tr>
                                <th scope="row">{ label.as_str() }</th>
                                { for self.columns.iter().map(|c| html! { <td class="num">{ Self::cell(c, *m).unwrap_or_else(|| "—".into()) }</td> }) }
                                { for article_cols.iter().map(|p| html! { <td class="num article">{ article_data::value(*p, *m, words()).unwrap_or_else(|| "—".into()) }</td> }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
                { for plan.article_note(words()).map(|note| html! { <p class="note">{ note }</p> }) }
            </div>
        }
    }
}

/// A figure's key numbers: for each of `keys` (rows of the table), its
/// short label and `value(metric)` (`None` while it is computed).
pub(super) fn key_numbers_with(
    keys: &[&str],
    value: impl Fn(Metric) -> Option<String>,
) -> Vec<(&'static str, Option<String>)> {
    keys.iter()
        .filter_map(|key| LIVE_TABLE.into_iter().find(|m| m.key() == *key))
        .map(|m| (metric_name(words(), m), value(m)))
        .collect()
}
