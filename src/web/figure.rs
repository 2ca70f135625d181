//! One interactive figure: canvas (drawn by `crate::figures`), the timeline
//! player, its controls, the live metric table and the text alternative.
//!
//! State flows one way: a control changes the [`LeaseQuery`] through the
//! same parser the URL uses, the simulation re-runs, the canvas redraws and
//! the URL is replaced with the new permalink.

use std::rc::Rc;

use super::canvas::StateCachingCanvas;
use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use plotters::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement};
use yew::prelude::*;

use super::controls::ParamControl;
use super::labels::preset_ko;
use super::player::{player_key, PlayerKey};
use super::url;
use super::worker_pool;
use super::{now_ms, reduced_motion};
use crate::figures::analysis::{
    describe_event, describe_run, describe_window, format_metric, group_thousands, Anomaly, TABLE_ROWS,
};
use crate::figures::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
use crate::figures::timeline::{
    draw_timeline_planned, event_index_at, height_css_planned, lanes, LanePlan, TimelineMarks,
};
use crate::figures::{figure_spec, FigureKind, FigureSpec, View};
use crate::live_table::{task_text, TableRun};
use crate::params::{
    lease_param, lease_value_text, parse_lease_query, percent_encode, to_query, LeaseQuery, LEASE_PARAMS, PRESET_KEYS,
};
use crate::sim::lease::{LeaseConfig, LeaseTrace, Preset, TraceLevel, Variant};
use crate::work_cap::{run_within_cap, FULL_STEP_MS, MAX_EVENTS_FULL, MAX_EVENTS_SUMMARY};
use crate::worker::{Job, JobResult};

/// The state a permalink restores.
#[derive(Clone, Debug, PartialEq)]
pub struct InitState {
    pub query: LeaseQuery,
    pub notices: Vec<String>,
    pub cursor_us: Option<u64>,
    pub event: Option<usize>,
    pub window_ms: Option<u32>,
    pub reveal_ledger: Option<bool>,
}

#[derive(Properties, PartialEq, Clone)]
pub struct FigureProps {
    pub id: AttrValue,
    /// The chapter the figure sits in (for its permalink).
    pub chapter: AttrValue,
    #[prop_or_default]
    pub init: Option<InitState>,
    /// Write the permalink into the address bar on every change.
    #[prop_or(true)]
    pub sync_url: bool,
}

pub enum Msg {
    SetParam(String, String),
    SetPreset(String),
    SetSeed(String),
    Reroll,
    Reset,
    Toggle,
    Step(i64),
    Scrub(usize),
    Speed(f64),
    AutoPause(bool),
    NextAnomaly,
    Frame(f64),
    Window(u32),
    RevealLedger(bool),
    Redraw,
    Copy,
    /// A main-thread slice of table runs is done: its generation, the runs
    /// as `(column, trace)`, the jobs left for the next slice, and what the
    /// slice cost (events, milliseconds) for `RunCost`.
    JobsDone(u64, Vec<(usize, Rc<LeaseTrace>)>, Vec<TableJob>, (u64, f64)),
    /// A worker's table run: job id, the run (`None`: do it here).
    TableRun(u32, Option<TableRun>),
    SettingsOpen(bool),
}

impl From<PlayerKey> for Msg {
    fn from(key: PlayerKey) -> Msg {
        match key {
            PlayerKey::Toggle => Msg::Toggle,
            PlayerKey::Step(d) => Msg::Step(d),
        }
    }
}

/// Keys shown as the figure's main controls (the rest sit under "모든 설정").
fn main_keys(id: &str) -> &'static [&'static str] {
    match id {
        "lease-expiry" => {
            &["ttl_ms", "pause_min_ms", "pause_max_ms", "threads", "wallets", "retry_ms", "variant", "noise"]
        }
        "silent-drift" => &["ttl_ms", "pause_min_ms", "pause_max_ms", "threads", "variant"],
        "watchdog-stop" => {
            &["stop_duration_ms", "stop_period_ms", "stop_count", "watchdog_period_ms", "processes", "ttl_ms"]
        }
        "fence-placement" => &["ttl_ms", "pause_min_ms", "pause_max_ms", "fence_check_locks_row"],
        "lease-clock" => {
            &["ttl_ms", "acquire_lag_ppm", "acquire_lag_min_ms", "acquire_lag_max_ms", "pause_min_ms", "pause_max_ms"]
        }
        "conditional-update" => &["pause_min_ms", "pause_max_ms", "threads", "wallets"],
        "outage" => &["variant", "fail_policy", "outage_kill_ms", "outage_restart_ms", "threads"],
        _ => &["threads", "wallets", "ttl_ms", "pause_min_ms", "pause_max_ms"],
    }
}

const HIDDEN_IN_ALL: &[&str] = &["preset", "seed"];

/// A column of the metric table: one run, or several summarised as a range.
struct Column {
    header: String,
    runs: Vec<TableRun>,
    /// The runs' traces, kept only when the figure plots them (A8, A9) or
    /// drew the run itself (A2, A7); runs from the table workers have none.
    traces: Vec<Rc<LeaseTrace>>,
}

impl Column {
    fn push_trace(&mut self, trace: Rc<LeaseTrace>) {
        self.runs.push(TableRun::of(&trace));
        self.traces.push(trace);
    }
}

/// How long one main-thread task may spend on table runs before it yields
/// to input and rendering (one run may exceed it; the work cap bounds a run).
const JOB_SLICE_MS: f64 = 12.0;

/// Table runs predicted to end, together with the figure's drawing (as
/// long as it has recently taken), within this long after the slider input run right away, in the same
/// update as the figure, so that figure and table appear in one frame; the
/// rest leave the input's task (workers or later tasks). The remainder of
/// the 16 ms frame is for Yew's rendering and the figure's highlights.
const INLINE_FRAME_MS: f64 = 12.5;

/// The median of the last few samples of a cost: one slow sample (a garbage
/// collection, a busy moment) does not move it; a machine that stays slower
/// moves it within three samples.
#[derive(Clone, Debug, Default)]
struct RecentMedian {
    samples: std::collections::VecDeque<f64>,
}

impl RecentMedian {
    const KEEP: usize = 5;

    fn push(&mut self, sample: f64) {
        if self.samples.len() == Self::KEEP {
            self.samples.pop_front();
        }
        self.samples.push_back(sample);
    }

    fn median(&self) -> Option<f64> {
        let mut sorted: Vec<f64> = self.samples.iter().copied().collect();
        sorted.sort_by(f64::total_cmp);
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

/// A table run queued on the main thread: column, configuration, run index.
type TableJob = (usize, LeaseConfig, u32);

pub struct Figure {
    spec: &'static FigureSpec,
    query: LeaseQuery,
    notices: Vec<String>,
    /// Set when the work cap shortened what the figure shows (`crate::work_cap`).
    cap_notice: Option<String>,
    /// Set when the timeline's drawing budget left lanes out (`figures::timeline::lanes`).
    lane_note: Option<String>,
    /// How long the figure's drawings took (ms), for `run_inline_jobs`.
    draw_ms: RecentMedian,
    /// The visible window the reader chose (slider, `win=`), in ms.
    requested_window_ms: u32,
    /// The window shown: the requested one, unless the work cap shortened it.
    window_ms: u32,
    reveal_ledger: bool,
    /// Timeline traces (one, or two for the split view) or the plotted runs.
    traces: Vec<Rc<LeaseTrace>>,
    columns: Vec<Column>,
    anomalies: Vec<Anomaly>,
    cursor_us: u64,
    index: usize,
    playing: bool,
    speed_exp: f64,
    auto_pause: bool,
    status: String,
    raf: Option<AnimationFrame>,
    last_ts: Option<f64>,
    canvas: NodeRef,
    wrap: NodeRef,
    _resize: Option<EventListener>,
    perf_start: Option<f64>,
    copied: bool,
    chapter: String,
    generation: u64,
    /// Table runs left for the main thread.
    jobs: Vec<TableJob>,
    /// A main-thread slice of table runs is scheduled or running.
    jobs_running: bool,
    /// Table runs handed to the worker pool, by job id.
    pool_jobs: Vec<(u32, TableJob)>,
    pool_owner: u32,
    table_sink: worker_pool::Sink,
    next_columns: Vec<Column>,
    job_timer: Option<Timeout>,
    table_start: Option<f64>,
    table_drawn: Option<f64>,
    run_cost: RunCost,
    marks: Vec<TimelineMarks>,
    /// Each timeline's lanes, and the view they were planned for: the
    /// `base_view`, as a plan does not change with the cursor, the pixel
    /// ratio or a title, so the player's frames reuse it.
    lane_plans: std::cell::RefCell<Option<(View, Vec<LanePlan>)>>,
    /// The canvas needs a redraw (data, cursor or size changed).
    dirty: bool,
    /// One callback for every control, so unchanged controls are not re-rendered.
    on_change: Callback<(String, String)>,
    settings_open: bool,
    width_css: std::cell::Cell<Option<f64>>,
    height_css: std::cell::RefCell<String>,
    /// The pending address-bar update (see `write_url`).
    url_timer: std::cell::RefCell<Option<Timeout>>,
}

/// Appends a timing to `window[name]` (read by the e2e perf test):
/// `__labPerf` input → figure redrawn, `__labPerfTable` input → table complete.
fn record_perf(name: &str, ms: f64) {
    let w = gloo::utils::window();
    let key = JsValue::from_str(name);
    let existing = js_sys::Reflect::get(&w, &key).unwrap_or(JsValue::UNDEFINED);
    let arr: js_sys::Array = if js_sys::Array::is_array(&existing) {
        existing.unchecked_into()
    } else {
        let a = js_sys::Array::new();
        let _ = js_sys::Reflect::set(&w, &key, &a);
        a
    };
    arr.push(&JsValue::from_f64(ms));
}

impl Figure {
    fn is_timeline(&self) -> bool {
        matches!(self.spec.kind, FigureKind::Timeline | FigureKind::SplitTimeline)
    }

    fn window_us(&self) -> u64 {
        u64::from(self.window_ms) * 1000
    }

    /// Re-runs what the figure draws right away (the timeline's visible
    /// prefix, or the plotted run), then the 60 s runs of the metric table
    /// that are predicted to fit the frame (`run_inline_jobs`); the rest go
    /// to the table workers or run in later tasks, so input stays responsive.
    fn recompute(&mut self, ctx: &Context<Self>) {
        let c = self.query.config.clone();
        let seed = self.query.seed;
        let run_index = self.query.run_index;
        let mut specs: Vec<(String, LeaseConfig, Vec<u32>)> = Vec::new();
        let runs3 = |specs: &mut Vec<(String, LeaseConfig, Vec<u32>)>, cfg: &LeaseConfig, label: &str| {
            for r in 0..3u32 {
                specs.push((format!("{label}실행 {r}"), cfg.clone(), vec![r]));
            }
        };
        let mut prefilled: Option<(usize, Rc<LeaseTrace>)> = None;
        // The timelines' own runs come first: their event counts predict
        // what the table's runs will cost (`run_inline_jobs`).
        let mut timelines: Vec<LeaseConfig> = Vec::new();
        self.cap_notice = None;
        match self.spec.kind {
            FigureKind::Timeline => {
                timelines = vec![c.clone()];
                runs3(&mut specs, &c, "");
            }
            FigureKind::SplitTimeline => {
                let c1 = LeaseConfig { variant: Variant::FenceWrite, ..c.clone() };
                let c2 = LeaseConfig { variant: Variant::FenceRead, ..c.clone() };
                runs3(&mut specs, &c1, "(c-1) ");
                runs3(&mut specs, &c2, "(c-2) ");
                timelines = vec![c1, c2];
            }
            FigureKind::Balance | FigureKind::Outage => {
                let (t, shortened) = run_within_cap(&c, seed, run_index, TraceLevel::Summary);
                let t = Rc::new(t);
                if let Some(ms) = shortened {
                    self.cap_notice = Some(format!(
                        "작업량 상한: 이 설정은 사건이 많아 실행 시간을 {}초로 줄여 그렸습니다 (실행 한 번에 사건 최대 {}개).",
                        ms / 1000,
                        group_thousands(MAX_EVENTS_SUMMARY as i64)
                    ));
                }
                self.traces = vec![t.clone()];
                runs3(&mut specs, &t.config, "");
                prefilled = Some((run_index.min(2) as usize, t));
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => {
                let runs: Vec<u32> = if self.spec.kind == FigureKind::Tradeoff { vec![0, 1, 2] } else { vec![0] };
                for v in Variant::ALL {
                    specs.push((v.article_label().to_string(), LeaseConfig { variant: v, ..c.clone() }, runs.clone()));
                }
            }
        }
        self.generation += 1;
        self.next_columns =
            specs.iter().map(|(h, _, _)| Column { header: h.clone(), runs: Vec::new(), traces: Vec::new() }).collect();
        self.jobs = specs
            .into_iter()
            .enumerate()
            .flat_map(|(i, (_, cfg, runs))| runs.into_iter().map(move |r| (i, cfg.clone(), r)))
            .collect();
        let prefilled_events = prefilled.as_ref().map(|(_, t)| t.stats.events_processed);
        if let Some((col, t)) = prefilled {
            self.next_columns[col].push_trace(t);
            self.jobs.retain(|(i, _, _)| *i != col);
        }
        worker_pool::cancel(self.pool_owner);
        self.pool_jobs.clear();
        self.job_timer = None;
        self.jobs_running = false;
        let first_render = self.columns.is_empty();
        // The events one table run is expected to take: the figure's own
        // run of the same configuration, scaled to the table's duration.
        let mut predicted_events: Option<u64> = None;
        if first_render {
            // First render: compute the table now so the page never shows an empty table.
            while let Some((i, cfg, r)) = self.jobs.pop() {
                let trace = self.run_table_job(&cfg, seed, r);
                self.next_columns[i].push_trace(trace);
            }
            self.finish_table();
        } else {
            self.table_start = self.perf_start.or_else(|| Some(now_ms()));
        }
        if !timelines.is_empty() {
            self.traces = self.timeline_runs(&timelines);
            if self.cap_notice.is_none() {
                // A timeline runs only the whole seconds its window needs
                // (the trace's `config.duration_s`); the table runs all of `c`.
                predicted_events = self
                    .traces
                    .iter()
                    .map(|t| t.stats.events_processed * u64::from(c.duration_s) / u64::from(t.config.duration_s.max(1)))
                    .max();
            }
        } else if self.cap_notice.is_none() {
            predicted_events = prefilled_events;
        }
        if !first_render {
            self.run_inline_jobs(seed, predicted_events);
            // Runs the figure does not plot go to the workers (the table needs
            // only their numbers); the others stay on the main thread.
            if self.table_only() && worker_pool::tables_available() {
                for (i, cfg, r) in std::mem::take(&mut self.jobs) {
                    let task =
                        task_text(&LeaseQuery { preset: self.query.preset, config: cfg.clone(), seed, run_index: r });
                    let id = worker_pool::submit(self.pool_owner, &Job::TableRun(task), &self.table_sink);
                    self.pool_jobs.push((id, (i, cfg, r)));
                }
            }
            // Queues what is left for the main thread, or completes the table.
            self.after_table_run(ctx);
        }
        self.marks =
            if self.is_timeline() { self.traces.iter().map(|t| TimelineMarks::of(t)).collect() } else { Vec::new() };
        // The drawing budget's note (also drawn under the figure's axis).
        self.lane_plans.replace(None);
        self.lane_note = self.lane_plans().iter().find_map(LanePlan::cap_notice_ko);
        self.dirty = true;
        self.anomalies = match self.marks.first() {
            Some(marks) => marks.anomalies.iter().filter(|x| x.at.t_us <= self.window_us()).cloned().collect(),
            None => Vec::new(),
        };
        self.sync_index();
    }

    /// One table run on this thread, timed to keep `run_cost` current.
    fn run_table_job(&mut self, cfg: &LeaseConfig, seed: u64, run_index: u32) -> Rc<LeaseTrace> {
        let started = now_ms();
        let trace = run_within_cap(cfg, seed, run_index, TraceLevel::Summary).0;
        self.run_cost.learn(trace.stats.events_processed, now_ms() - started);
        Rc::new(trace)
    }

    /// Runs the table runs that are predicted to finish, before the figure
    /// is drawn (as long as it has recently taken), within `INLINE_FRAME_MS` of
    /// the input, right now: for a default run the whole table is then drawn
    /// with the figure. Without a prediction (no cost learnt yet, or a run
    /// the work cap shortened) nothing runs here.
    fn run_inline_jobs(&mut self, seed: u64, predicted_events: Option<u64>) {
        let (Some(events), Some(start)) = (predicted_events, self.table_start) else { return };
        if events > MAX_EVENTS_SUMMARY {
            // The work cap would cut such a run and run it again, shorter.
            return;
        }
        let Some(per_run_ms) = self.run_cost.predict_ms(events) else { return };
        let deadline = INLINE_FRAME_MS - self.draw_ms.median().unwrap_or(0.0);
        while !self.jobs.is_empty() && now_ms() - start + per_run_ms <= deadline {
            let (i, cfg, r) = self.jobs.remove(0);
            let trace = self.run_table_job(&cfg, seed, r);
            self.next_columns[i].push_trace(trace);
        }
    }

    /// The timelines' runs for the visible window. The timeline needs only
    /// the visible prefix of a run: a run whose deadline is the window's end
    /// is identical to the full run before it. When the work cap shortens a
    /// run, the window shrinks to match and the figure says so.
    fn timeline_runs(&mut self, configs: &[LeaseConfig]) -> Vec<Rc<LeaseTrace>> {
        let (seed, run_index) = (self.query.seed, self.query.run_index);
        self.window_ms = self.requested_window_ms;
        let limited = |cfg: &LeaseConfig| LeaseConfig {
            duration_s: cfg.duration_s.min(self.window_ms.div_ceil(1000).max(1)),
            ..cfg.clone()
        };
        let runs: Vec<(LeaseTrace, Option<u64>)> =
            configs.iter().map(|cfg| run_within_cap(&limited(cfg), seed, run_index, TraceLevel::Full)).collect();
        if let Some(ms) = runs.iter().filter_map(|(_, ms)| *ms).min() {
            self.window_ms = self.window_ms.min(u32::try_from(ms).unwrap_or(u32::MAX));
            self.cap_notice = Some(format!(
                "작업량 상한: 이 설정은 사건이 많아 보이는 구간을 {:.1}초로 줄였습니다 (사건이 {}개를 넘으면 그다음 {:.1}초 경계까지만 실행합니다).",
                ms as f64 / 1000.0,
                group_thousands(MAX_EVENTS_FULL as i64),
                FULL_STEP_MS as f64 / 1000.0
            ));
        }
        runs.into_iter().map(|(t, _)| Rc::new(t)).collect()
    }

    /// Whether the figure draws nothing from its table runs (timelines) or
    /// only the one run it already has (A2, A7).
    fn table_only(&self) -> bool {
        !matches!(self.spec.kind, FigureKind::Tradeoff | FigureKind::LatencyCdf)
    }

    fn table_pending(&self) -> bool {
        !self.jobs.is_empty() || self.jobs_running || !self.pool_jobs.is_empty()
    }

    fn finish_table(&mut self) {
        for col in &mut self.next_columns {
            col.runs.sort_by_key(|r| r.run_index);
            col.traces.sort_by_key(|t| t.run_index);
        }
        self.columns = std::mem::take(&mut self.next_columns);
        if matches!(self.spec.kind, FigureKind::Tradeoff | FigureKind::LatencyCdf) {
            self.traces = self.columns.iter().filter_map(|col| col.traces.first().cloned()).collect();
            self.dirty = true;
        }
        self.job_timer = None;
    }

    /// After table runs landed (or were handed out): queues the next
    /// main-thread slice, or completes the table once nothing is pending.
    /// True when it completed the table.
    fn after_table_run(&mut self, ctx: &Context<Self>) -> bool {
        if self.table_pending() {
            if !self.jobs.is_empty() && !self.jobs_running {
                self.schedule_job(ctx);
            }
            return false;
        }
        self.finish_table();
        self.table_drawn = self.table_start.take();
        true
    }

    /// Runs the queued table runs on the main thread in the next task, for
    /// up to one slice of time (at least one run; the work cap bounds each).
    /// The runs happen in the timer callback, outside Yew's scheduler, so the
    /// scheduler's own 16 ms yield never delays the table's render.
    fn schedule_job(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let generation = self.generation;
        let seed = self.query.seed;
        let mut batch = std::mem::take(&mut self.jobs);
        self.jobs_running = true;
        self.job_timer = Some(Timeout::new(0, move || {
            let started = now_ms();
            let mut done = Vec::new();
            while !batch.is_empty() && (done.is_empty() || now_ms() - started < JOB_SLICE_MS) {
                let (i, cfg, r) = batch.remove(0);
                done.push((i, Rc::new(run_within_cap(&cfg, seed, r, TraceLevel::Summary).0)));
            }
            let cost = (done.iter().map(|(_, t)| t.stats.events_processed).sum(), now_ms() - started);
            link.send_message(Msg::JobsDone(generation, done, batch, cost));
        }));
    }

    fn events_len(&self) -> usize {
        self.traces.first().map(|t| t.events.partition_point(|e| e.at.t_us <= self.window_us())).unwrap_or(0)
    }

    fn sync_index(&mut self) {
        if let Some(t) = self.traces.first() {
            self.index = event_index_at(t, self.cursor_us).min(self.events_len().saturating_sub(1));
        }
    }

    fn set_cursor_to_index(&mut self, i: usize) {
        let n = self.events_len();
        if n == 0 {
            return;
        }
        let i = i.min(n - 1);
        self.index = i;
        if let Some(t) = self.traces.first() {
            self.cursor_us = t.events[i].at.t_us;
            self.status = describe_event(&t.events[i]);
        }
    }

    fn permalink(&self) -> String {
        let cursor = if self.is_timeline() && !self.playing { Some((self.cursor_us, self.index)) } else { None };
        let win = if self.is_timeline() && self.requested_window_ms != self.spec.window_ms {
            Some(self.requested_window_ms)
        } else {
            None
        };
        let recon = if self.spec.kind == FigureKind::Balance && !self.reveal_ledger { Some(false) } else { None };
        url::figure_search(&self.spec_chapter(), self.spec.id, &to_query(&self.query), cursor, win, recon)
    }

    fn spec_chapter(&self) -> String {
        self.chapter.clone()
    }

    /// Puts the figure's state in the address bar, one task later: a
    /// `replaceState` costs 1–4 ms, which would otherwise come out of the
    /// input's frame, and a burst of inputs then writes the URL once.
    fn write_url(&self, ctx: &Context<Self>) {
        if !ctx.props().sync_url {
            return;
        }
        let search = self.permalink();
        *self.url_timer.borrow_mut() = Some(Timeout::new(0, move || super::url::replace_url(&search)));
    }

    fn start_playing(&mut self, ctx: &Context<Self>) {
        if self.cursor_us >= self.window_us() {
            self.cursor_us = 0;
        }
        self.playing = true;
        self.last_ts = None;
        let link = ctx.link().clone();
        self.raf = Some(request_animation_frame(move |ts| link.send_message(Msg::Frame(ts))));
    }

    fn pause(&mut self) {
        self.playing = false;
        self.raf = None;
        self.last_ts = None;
    }

    /// The lanes of each timeline ([`lanes`]), planned once per trace and view.
    fn lane_plans(&self) -> Vec<LanePlan> {
        let view = self.base_view();
        let mut cache = self.lane_plans.borrow_mut();
        match &*cache {
            Some((planned_for, plans)) if *planned_for == view => plans.clone(),
            _ => {
                let plans: Vec<LanePlan> =
                    self.traces.iter().zip(&self.marks).map(|(t, marks)| lanes(t, &view, marks)).collect();
                *cache = Some((view, plans.clone()));
                plans
            }
        }
    }

    /// What the figure shows, before the player's cursor and the screen's scale.
    fn base_view(&self) -> View {
        View {
            t0_us: 0,
            t1_us: self.window_us(),
            cursor_us: u64::MAX,
            wallets: self.spec.wallets.iter().copied().filter(|&w| w < self.query.config.wallets).collect(),
            scale: 1.0,
            reveal_ledger: self.reveal_ledger,
            show_fence: self.spec.kind == FigureKind::SplitTimeline,
            title: None,
        }
    }

    fn draw(&self) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else { return };
        // Reading the layout width forces a synchronous layout of the page, so
        // it is read only on the first draw and after a resize.
        let css_w = match self.width_css.get() {
            Some(w) => w,
            None => {
                let Some(wrap) = self.wrap.cast::<HtmlElement>() else { return };
                let w = f64::from(wrap.client_width()).max(280.0);
                self.width_css.set(Some(w));
                w
            }
        };
        let dpr = super::device_pixel_ratio();
        let mut view = View {
            cursor_us: if self.is_timeline() { self.cursor_us } else { u64::MAX },
            scale: dpr,
            ..self.base_view()
        };
        let plans = if self.is_timeline() { self.lane_plans() } else { Vec::new() };
        let css_h = match self.spec.kind {
            FigureKind::Timeline => height_css_planned(&plans[0], &view, &self.marks[0]),
            FigureKind::SplitTimeline => {
                view.title = Some(String::new());
                plans.iter().zip(&self.marks).map(|(plan, marks)| height_css_planned(plan, &view, marks)).sum()
            }
            FigureKind::Outage => (css_w * 0.9).clamp(420.0, 600.0),
            _ => (css_w * 0.62).clamp(280.0, 420.0),
        };
        super::size_canvas(&canvas, css_w, css_h, dpr);
        let h_text = format!("{css_h}px");
        if self.height_css.borrow().as_str() != h_text {
            let _ = canvas.style().set_property("height", &h_text);
            *self.height_css.borrow_mut() = h_text;
        }
        let Some(backend) = StateCachingCanvas::new(canvas) else { return };
        let root = backend.into_drawing_area();
        let result = match self.spec.kind {
            FigureKind::Timeline => draw_timeline_planned(&root, &self.traces[0], &view, &self.marks[0], &plans[0]),
            FigureKind::SplitTimeline => {
                let mut v1 = view.clone();
                v1.title = Some("(c-1) 쓰기 시점 fencing".into());
                let h1 = (height_css_planned(&plans[0], &v1, &self.marks[0]) * dpr).round() as u32;
                let (top, bottom) = root.split_vertically(h1);
                let mut v2 = view.clone();
                v2.title = Some("(c-2) 읽는 순간 새기기".into());
                draw_timeline_planned(&top, &self.traces[0], &v1, &self.marks[0], &plans[0])
                    .and_then(|_| draw_timeline_planned(&bottom, &self.traces[1], &v2, &self.marks[1], &plans[1]))
            }
            FigureKind::Balance => draw_balance(&root, &self.traces[0], &view),
            FigureKind::Outage => draw_outage(&root, &self.traces[0], &view),
            FigureKind::Tradeoff => {
                let mut pts = Vec::new();
                for (g, col) in self.columns.iter().enumerate() {
                    for t in &col.traces {
                        pts.push(TradeoffPoint {
                            label: col.header.clone(),
                            throughput_rps: t.metrics.throughput_rps,
                            over_approval: t.metrics.over_approval as f64,
                            article: false,
                            group: g,
                        });
                    }
                    for (thr, over) in crate::figures::article_data::tradeoff_points(Variant::ALL[g]) {
                        pts.push(TradeoffPoint {
                            label: col.header.clone(),
                            throughput_rps: thr,
                            over_approval: over,
                            article: true,
                            group: g,
                        });
                    }
                }
                draw_tradeoff(&root, &pts, &view)
            }
            FigureKind::LatencyCdf => {
                let curves: Vec<CdfCurve<'_>> = self
                    .columns
                    .iter()
                    .enumerate()
                    .map(|(g, col)| CdfCurve {
                        label: col.header.clone(),
                        latencies_us: &col.traces[0].series.latencies_us,
                        group: g,
                    })
                    .collect();
                draw_latency_cdf(&root, &curves, &view)
            }
        };
        if let Err(e) = result {
            gloo::console::error!(format!("figure {} failed to draw: {e:?}", self.spec.id));
        }
        let _ = root.present();
    }

    fn text_alternative(&self) -> String {
        let Some(t) = self.traces.first() else { return String::new() };
        match self.spec.kind {
            FigureKind::Timeline | FigureKind::SplitTimeline => {
                let mut s = String::new();
                for tr in &self.traces {
                    s.push_str(&describe_window(tr, 0, self.window_us()));
                    s.push(' ');
                }
                if let Some(c) = self.columns.first() {
                    s.push_str("60초 전체 실행: ");
                    s.push_str(&c.runs[0].description);
                }
                s
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => self
                .columns
                .iter()
                .map(|c| {
                    let m = &c.traces[0].metrics;
                    format!(
                        "{}: 처리량 {:.1}건/s, 초과 승인 {}건, p95 지연 {:.0}ms.",
                        c.header, m.throughput_rps, m.over_approval, m.latency_p95_ms
                    )
                })
                .collect::<Vec<_>>()
                .join(" "),
            _ => describe_run(t),
        }
    }

    fn cell(&self, col: &Column, key: &str) -> Option<String> {
        let vals: Vec<f64> = col.runs.iter().filter_map(|r| r.value(key)).collect();
        if vals.is_empty() {
            return None;
        }
        let lo = vals.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        Some(if (hi - lo).abs() < 1e-9 {
            format_metric(key, lo)
        } else {
            format!("{}~{}", format_metric(key, lo), format_metric(key, hi))
        })
    }

    fn table_caption(&self) -> String {
        let asked = self.query.config.duration_s;
        let ran = self.columns.iter().flat_map(|c| &c.runs).map(|r| r.duration_s).min().unwrap_or(asked);
        let mut caption = format!("실시간 지표: seed {} · 실행 0~2 ({ran}초 전체 실행)", self.query.seed);
        if ran < asked {
            caption.push_str(&format!(
                " — 작업량 상한(실행 한 번에 사건 최대 {}개) 때문에 {asked}초 대신 {ran}초만 실행",
                group_thousands(MAX_EVENTS_SUMMARY as i64)
            ));
        }
        caption
    }

    fn view_table(&self) -> Html {
        let article_preset = self.query.preset.filter(|_| {
            self.query
                == LeaseQuery {
                    preset: self.query.preset,
                    config: self.query.preset.map(Preset::config).unwrap_or_default(),
                    seed: self.query.seed,
                    run_index: self.query.run_index,
                }
        });
        let article_cols: Vec<Preset> = match self.spec.kind {
            FigureKind::SplitTimeline if self.query.config.ttl_ms == 200 => vec![Preset::Exp3C1, Preset::Exp3C2],
            FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage => article_preset.into_iter().collect(),
            _ => Vec::new(),
        };
        let rows: Vec<(&str, &str)> = TABLE_ROWS
            .iter()
            .copied()
            .filter(|(k, _)| self.columns.iter().any(|c| self.cell(c, k).is_some()))
            .collect();
        html! {
            <div class="table-wrap">
                <table class="metrics" data-pending={if self.table_pending() { "true" } else { "false" }} aria-busy={if self.table_pending() { "true" } else { "false" }}>
                    <caption>{ self.table_caption() }{ if self.table_pending() { " — 새 설정으로 계산 중…" } else { "" } }</caption>
                    <thead><tr>
                        <th scope="col">{ "지표" }</th>
                        { for self.columns.iter().map(|c| html! { <th scope="col" class="num">{ &c.header }</th> }) }
                        { for article_cols.iter().map(|p| html! { <th scope="col" class="num article">{ if article_cols.len() > 1 { format!("원문 측정 {}", p.config().variant.article_label()) } else { format!("원문 측정 {}", p.measurement_id()) } }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for rows.iter().map(|(k, label)| html! {
                            <tr>
                                <th scope="row">{ *label }</th>
                                { for self.columns.iter().map(|c| html! { <td class="num">{ self.cell(c, k).unwrap_or_else(|| "—".into()) }</td> }) }
                                { for article_cols.iter().map(|p| html! { <td class="num article">{ crate::figures::article_data::value(*p, k).unwrap_or_else(|| "—".into()) }</td> }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
                { if article_cols.is_empty() && matches!(self.spec.kind, FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage) {
                    html! { <p class="note">{ "원문 측정값은 프리셋 그대로일 때만 나란히 보여 줍니다." }</p> }
                } else { html! {} } }
            </div>
        }
    }

    fn view_player(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let id = self.spec.id;
        let n = self.events_len();
        let speed = 10f64.powf(self.speed_exp);
        let onkeydown = link.batch_callback(|e: KeyboardEvent| player_key(&e).map(Msg::from));
        let scrub = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::Scrub(i.value().parse().unwrap_or(0))
        });
        let speed_cb = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::Speed(i.value().parse().unwrap_or(-0.7))
        });
        let auto = link.callback(|e: Event| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::AutoPause(i.checked())
        });
        let win_cb = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::Window(i.value().parse().unwrap_or(3000))
        });
        let max_win = self.query.config.duration_s.max(1) * 1000;
        html! {
            <div class="player" role="group" aria-label="타임라인 재생기 (스페이스: 재생/정지, ←/→: 한 사건씩)" {onkeydown}>
                <div class="player-buttons">
                    <button type="button" class="btn" onclick={link.callback(|_| Msg::Step(-1))} aria-label="한 사건 뒤로">{ "◀ 한 사건" }</button>
                    <button type="button" class="btn btn-primary play" onclick={link.callback(|_| Msg::Toggle)} aria-pressed={if self.playing { "true" } else { "false" }}>
                        { if self.playing { "❚❚ 일시정지" } else { "▶ 재생" } }
                    </button>
                    <button type="button" class="btn" onclick={link.callback(|_| Msg::Step(1))} aria-label="한 사건 앞으로">{ "한 사건 ▶" }</button>
                    <button type="button" class="btn btn-warn" onclick={link.callback(|_| Msg::NextAnomaly)}>{ "다음 이상 징후" }</button>
                    <span class="ctl-flag">
                        <input type="checkbox" id={format!("{id}-autopause")} checked={self.auto_pause} onchange={auto} />
                        <label for={format!("{id}-autopause")}>{ "불변식이 깨지면 자동 정지" }</label>
                    </span>
                </div>
                <div class="player-sliders">
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-scrub")}>
                            <span class="ctl-name">{ "위치" }</span>
                            <output class="ctl-value">{ format!("{:.1} ms · 사건 {}/{}", self.cursor_us as f64 / 1000.0, (self.index + 1).min(n), n) }</output>
                        </label>
                        <input type="range" id={format!("{id}-scrub")} class="scrub" min="0" max={n.saturating_sub(1).to_string()} step="1" value={self.index.to_string()} oninput={scrub} />
                    </div>
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-speed")}>
                            <span class="ctl-name">{ "속도 (로그 눈금)" }</span>
                            <output class="ctl-value">{ format!("{}× (실제 1초 = 시뮬 {:.0}ms)", trim_speed(speed), speed * 1000.0) }</output>
                        </label>
                        <input type="range" id={format!("{id}-speed")} min="-2" max="1" step="0.1" value={format!("{:.1}", self.speed_exp)} oninput={speed_cb} />
                    </div>
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-win")}>
                            <span class="ctl-name">{ "시간 창" }</span>
                            <output class="ctl-value">{ format!("0~{:.1} 초", f64::from(self.requested_window_ms) / 1000.0) }</output>
                        </label>
                        <input type="range" id={format!("{id}-win")} name="win" min="500" max={max_win.to_string()} step="500" value={self.requested_window_ms.to_string()} oninput={win_cb} />
                    </div>
                </div>
                <p class="player-status" aria-live={if self.playing { "off" } else { "polite" }}>{ &self.status }</p>
            </div>
        }
    }
}

fn kind_class(kind: FigureKind) -> &'static str {
    match kind {
        FigureKind::Timeline => "kind-timeline",
        FigureKind::SplitTimeline => "kind-split",
        FigureKind::Balance => "kind-balance",
        FigureKind::Outage => "kind-outage",
        FigureKind::Tradeoff => "kind-tradeoff",
        FigureKind::LatencyCdf => "kind-cdf",
    }
}

fn trim_speed(s: f64) -> String {
    if s >= 1.0 {
        format!("{:.1}", s)
    } else if s >= 0.1 {
        format!("{:.2}", s)
    } else {
        format!("{:.3}", s)
    }
}

impl Component for Figure {
    type Message = Msg;
    type Properties = FigureProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let spec = figure_spec(&props.id).unwrap_or(&crate::figures::FIGURES[0]);
        let init = props.init.clone();
        let query = init.as_ref().map(|i| i.query.clone()).unwrap_or_else(|| spec.initial_query());
        let window_ms = init.as_ref().and_then(|i| i.window_ms).unwrap_or(spec.window_ms).max(500);
        let reduced = reduced_motion();
        let mut f = Figure {
            spec,
            query,
            notices: init.as_ref().map(|i| i.notices.clone()).unwrap_or_default(),
            cap_notice: None,
            lane_note: None,
            draw_ms: RecentMedian::default(),
            requested_window_ms: window_ms,
            window_ms,
            reveal_ledger: init.as_ref().and_then(|i| i.reveal_ledger).unwrap_or(true),
            traces: Vec::new(),
            columns: Vec::new(),
            anomalies: Vec::new(),
            cursor_us: 0,
            index: 0,
            playing: false,
            speed_exp: -0.7,
            auto_pause: false,
            status: String::new(),
            raf: None,
            last_ts: None,
            canvas: NodeRef::default(),
            wrap: NodeRef::default(),
            _resize: None,
            perf_start: None,
            copied: false,
            chapter: props.chapter.to_string(),
            generation: 0,
            jobs: Vec::new(),
            jobs_running: false,
            pool_jobs: Vec::new(),
            pool_owner: worker_pool::new_owner(),
            table_sink: {
                let link = ctx.link().clone();
                worker_pool::Sink::new(move |job, result| {
                    link.send_message(Msg::TableRun(job, result.and_then(JobResult::into_table_run)))
                })
            },
            next_columns: Vec::new(),
            job_timer: None,
            table_start: None,
            table_drawn: None,
            run_cost: RunCost::default(),
            marks: Vec::new(),
            dirty: true,
            on_change: ctx.link().callback(|(k, v): (String, String)| Msg::SetParam(k, v)),
            settings_open: false,
            width_css: std::cell::Cell::new(None),
            height_css: std::cell::RefCell::new(String::new()),
            lane_plans: std::cell::RefCell::new(None),
            url_timer: std::cell::RefCell::new(None),
        };
        let cursor_us = init.as_ref().and_then(|i| i.cursor_us);
        f.cursor_us = match cursor_us {
            Some(us) => us.min(f.window_us()),
            None if reduced => f.window_us(),
            None => 0,
        };
        f.recompute(ctx);
        // An event index from the permalink wins when it agrees with the time.
        if let (Some(ev), Some(t)) = (init.as_ref().and_then(|i| i.event), f.traces.first()) {
            if ev < f.events_len() && t.events[ev].at.t_us == f.cursor_us {
                f.set_cursor_to_index(ev);
            }
        }
        if f.is_timeline() && cursor_us.is_none() && !reduced {
            f.start_playing(ctx);
        }
        let link = ctx.link().clone();
        f._resize = Some(EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(Msg::Redraw)));
        f
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        if !matches!(
            msg,
            Msg::JobsDone(..)
                | Msg::TableRun(..)
                | Msg::Copy
                | Msg::Speed(_)
                | Msg::AutoPause(_)
                | Msg::SettingsOpen(_)
        ) {
            self.dirty = true;
        }
        match msg {
            Msg::SetParam(key, value) => {
                self.perf_start = Some(now_ms());
                let mut parts: Vec<String> = to_query(&self.query)
                    .split('&')
                    .filter(|p| !p.is_empty() && p.split('=').next() != Some(key.as_str()))
                    .map(str::to_string)
                    .collect();
                parts.push(format!("{}={}", percent_encode(&key), percent_encode(&value)));
                let parsed = parse_lease_query(&parts.join("&"));
                self.notices = parsed.notices.iter().map(url::notice_ko).collect();
                self.query = parsed.value;
                self.recompute(ctx);
                self.write_url(ctx);
            }
            Msg::SetPreset(key) => {
                if let Some(p) = Preset::from_key(&key) {
                    let seed = self.query.seed;
                    self.query = LeaseQuery::from_preset(p);
                    self.query.seed = seed;
                    self.notices.clear();
                    self.perf_start = Some(now_ms());
                    self.recompute(ctx);
                    self.write_url(ctx);
                }
            }
            Msg::SetSeed(text) => match text.trim().parse::<u64>() {
                Ok(s) => {
                    self.query.seed = s;
                    self.notices.clear();
                    self.recompute(ctx);
                    self.write_url(ctx);
                }
                Err(_) => self.notices = vec!["시드는 0 이상의 정수여야 합니다.".into()],
            },
            Msg::Reroll => {
                self.query.seed = (js_sys::Math::random() * 1_000_000.0) as u64 + 1;
                self.recompute(ctx);
                self.write_url(ctx);
            }
            Msg::Reset => {
                self.query = self.spec.initial_query();
                self.requested_window_ms = self.spec.window_ms;
                self.notices.clear();
                self.reveal_ledger = true;
                self.recompute(ctx);
                self.write_url(ctx);
            }
            Msg::Toggle => {
                if self.playing {
                    self.pause();
                    self.write_url(ctx);
                } else {
                    self.start_playing(ctx);
                }
            }
            Msg::Step(d) => {
                self.pause();
                let i =
                    if d < 0 { self.index.saturating_sub(d.unsigned_abs() as usize) } else { self.index + d as usize };
                self.set_cursor_to_index(i);
                self.write_url(ctx);
            }
            Msg::Scrub(i) => {
                self.pause();
                self.set_cursor_to_index(i);
                self.write_url(ctx);
            }
            Msg::Speed(v) => self.speed_exp = v.clamp(-2.0, 1.0),
            Msg::AutoPause(b) => self.auto_pause = b,
            Msg::NextAnomaly => {
                self.pause();
                let cur = self.cursor_us;
                let next = self.anomalies.iter().find(|a| a.at.t_us > cur).cloned();
                match next {
                    Some(a) => {
                        self.cursor_us = a.at.t_us;
                        self.sync_index();
                        self.status =
                            format!("{:.1}ms: 지갑 {}에서 {}", a.at.t_us as f64 / 1000.0, a.wallet, a.kind.label_ko());
                    }
                    None => self.status = "이 시간 창에는 더 이상 이상 징후가 없습니다.".into(),
                }
                self.write_url(ctx);
            }
            Msg::Frame(ts) => {
                if !self.playing {
                    return false;
                }
                let dt_ms = self.last_ts.map(|l| (ts - l).clamp(0.0, 100.0)).unwrap_or(0.0);
                self.last_ts = Some(ts);
                let speed = 10f64.powf(self.speed_exp);
                let old = self.cursor_us;
                let mut new = old + (dt_ms * 1000.0 * speed).round() as u64;
                if self.auto_pause {
                    if let Some(a) =
                        self.anomalies.iter().find(|a| a.kind.breaks_invariant() && a.at.t_us > old && a.at.t_us <= new)
                    {
                        new = a.at.t_us;
                        self.status = format!(
                            "자동 정지 — {:.1}ms: 지갑 {}에서 {}",
                            a.at.t_us as f64 / 1000.0,
                            a.wallet,
                            a.kind.label_ko()
                        );
                        self.cursor_us = new;
                        self.sync_index();
                        self.pause();
                        self.write_url(ctx);
                        return true;
                    }
                }
                if new >= self.window_us() {
                    self.cursor_us = self.window_us();
                    self.sync_index();
                    self.pause();
                    self.write_url(ctx);
                    return true;
                }
                self.cursor_us = new;
                self.sync_index();
                let link = ctx.link().clone();
                self.raf = Some(request_animation_frame(move |ts| link.send_message(Msg::Frame(ts))));
            }
            Msg::Window(ms) => {
                self.requested_window_ms = ms.max(500);
                self.perf_start = Some(now_ms());
                self.recompute(ctx);
                if self.cursor_us > self.window_us() || !self.playing {
                    self.cursor_us = self.cursor_us.min(self.window_us());
                }
                self.write_url(ctx);
            }
            Msg::RevealLedger(b) => {
                self.reveal_ledger = b;
                self.write_url(ctx);
            }
            Msg::Redraw => self.width_css.set(None),
            Msg::SettingsOpen(open) => {
                if self.settings_open == open {
                    return false;
                }
                self.settings_open = open;
            }
            Msg::JobsDone(generation, done, mut rest, (events, ms)) => {
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
                return self.after_table_run(ctx);
            }
            Msg::TableRun(job, run) => {
                let Some(at) = self.pool_jobs.iter().position(|(id, _)| *id == job) else { return false };
                let (_, (i, cfg, r)) = self.pool_jobs.remove(at);
                match run {
                    Some(table_run) => self.next_columns[i].runs.push(table_run),
                    // The workers failed: this run falls back to the main thread.
                    None => self.jobs.push((i, cfg, r)),
                }
                return self.after_table_run(ctx);
            }
            Msg::Copy => {
                let href = gloo::utils::window().location().href().unwrap_or_default();
                let base = href.split('?').next().unwrap_or("").to_string();
                let link = format!("{base}{}#{}", self.permalink(), self.spec.id);
                let _ = gloo::utils::window().navigator().clipboard().write_text(&link);
                self.copied = true;
            }
        }
        true
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        worker_pool::cancel(self.pool_owner);
    }

    fn rendered(&mut self, _ctx: &Context<Self>, first: bool) {
        if first && self.table_only() {
            // Warm the table workers up for the first slider move.
            worker_pool::warm_up_for_tables();
        }
        if std::mem::take(&mut self.dirty) {
            let started = now_ms();
            self.draw();
            self.draw_ms.push(now_ms() - started);
        }
        if let Some(start) = self.perf_start.take() {
            record_perf("__labPerf", now_ms() - start);
        }
        if let Some(start) = self.table_drawn.take() {
            record_perf("__labPerfTable", now_ms() - start);
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_inner(ctx)
    }
}

impl Figure {
    /// Reference values for a slider (model.md §6, A3): a stop no longer than
    /// TTL − watchdog period cannot outlast a freshly extended lease; one
    /// longer than the TTL always does.
    fn slider_marks(&self, name: &str) -> Vec<(u64, String)> {
        let c = &self.query.config;
        match name {
            "stop_duration_ms" if c.variant == Variant::Watchdog => {
                let ttl = u64::from(c.ttl_ms);
                let period = u64::from(c.effective_watchdog_period_ms());
                vec![
                    (ttl.saturating_sub(period), "TTL − 연장 주기 (넘으면 만료될 수 있음)".to_string()),
                    (ttl, "TTL (넘으면 반드시 만료)".to_string()),
                ]
            }
            "stop_duration_ms" => vec![(u64::from(c.ttl_ms), "TTL (넘으면 반드시 만료)".to_string())],
            _ => Vec::new(),
        }
    }

    fn view_inner(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let spec = self.spec;
        let id = spec.id;
        let desc_id = format!("{id}-desc");
        let on_change = self.on_change.clone();
        let control = |name: &str| -> Html {
            match lease_param(name) {
                Some(spec) => html! {
                    <ParamControl prefix={id} spec={spec} value={lease_value_text(&self.query, name).unwrap_or_default()}
                        on_change={on_change.clone()} marks={self.slider_marks(name)} />
                },
                None => html! {},
            }
        };
        let preset_cb = link.callback(|e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::SetPreset(s.value())
        });
        let seed_cb = link.callback(|e: Event| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::SetSeed(i.value())
        });
        let recon_cb = link.callback(|e: Event| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::RevealLedger(i.checked())
        });
        let current_preset = self.query.preset.map(Preset::key).unwrap_or("");
        let main = main_keys(id);
        html! {
            <figure id={id} class={classes!("lab-figure", kind_class(spec.kind))} aria-describedby={desc_id.clone()}>
                { if self.notices.is_empty() && self.cap_notice.is_none() && self.lane_note.is_none() { html!{} } else { html! {
                    <div class="notice" role="status">
                        { for self.notices.iter().chain(&self.cap_notice).chain(&self.lane_note).map(|n| html! { <p>{ n }</p> }) }
                    </div>
                } } }
                <div class="canvas-wrap" ref={self.wrap.clone()} tabindex={if self.is_timeline() { "0" } else { "-1" }}
                     aria-label={format!("{} 그림 ({})", spec.code, id)}
                     onkeydown={if self.is_timeline() { link.batch_callback(|e: KeyboardEvent| player_key(&e).map(Msg::from)) } else { Callback::noop() }}>
                    <canvas ref={self.canvas.clone()} role="img" aria-label={format!("{} — 자세한 설명은 그림 아래 글", spec.caption_ko)}></canvas>
                </div>
                { if self.is_timeline() { self.view_legend() } else { html!{} } }
                <p id={desc_id} class="visually-hidden">{ self.text_alternative() }</p>
                <figcaption>{ spec.caption_ko }</figcaption>
                { if self.is_timeline() { self.view_player(ctx) } else { html!{} } }
                <div class="controls">
                    <div class="controls-row">
                        <div class="ctl ctl-choice">
                            <label for={format!("{id}-preset")}><span class="ctl-name">{ "실험 프리셋" }</span></label>
                            <select id={format!("{id}-preset")} onchange={preset_cb}>
                                <option value="" selected={current_preset.is_empty()} disabled=true>{ "(직접 조정함)" }</option>
                                { for PRESET_KEYS.iter().filter_map(|k| Preset::from_key(k)).map(|p| html! {
                                    <option value={p.key()} selected={current_preset == p.key()}>{ preset_ko(p) }</option>
                                }) }
                            </select>
                        </div>
                        <div class="ctl ctl-seed">
                            <label for={format!("{id}-seed")}><span class="ctl-name">{ "시드" }</span></label>
                            <input type="number" id={format!("{id}-seed")} min="0" inputmode="numeric" value={self.query.seed.to_string()} onchange={seed_cb} />
                            <button type="button" class="btn" onclick={link.callback(|_| Msg::Reroll)}>{ "다시 뽑기" }</button>
                        </div>
                        { if spec.kind == FigureKind::Balance { html! {
                            <div class="ctl ctl-flag">
                                <input type="checkbox" id={format!("{id}-recon")} checked={self.reveal_ledger} onchange={recon_cb} />
                                <label for={format!("{id}-recon")}>{ "대사 실행 (원장 계산값 보이기)" }</label>
                            </div>
                        } } else { html!{} } }
                        <button type="button" class="btn" onclick={link.callback(|_| Msg::Reset)}>{ "초기화" }</button>
                        <button type="button" class="btn" onclick={link.callback(|_| Msg::Copy)}>{ if self.copied { "링크 복사됨" } else { "이 상태 링크 복사" } }</button>
                    </div>
                    <div class="controls-grid">
                        { for main.iter().map(|k| control(k)) }
                    </div>
                    <details class="all-settings" open={self.settings_open} ontoggle={link.callback(|e: Event| {
                        let d: web_sys::HtmlDetailsElement = e.target_unchecked_into();
                        Msg::SettingsOpen(d.open())
                    })}>
                        <summary>{ "모든 설정" }</summary>
                        { if self.settings_open { html! {
                            <div class="controls-grid">
                                { for LEASE_PARAMS.iter().filter(|p| !main.contains(&p.name) && !HIDDEN_IN_ALL.contains(&p.name)).map(|p| control(p.name)) }
                            </div>
                        } } else { html! {} } }
                    </details>
                </div>
                { self.view_table() }
                { super::export_panel::panel(super::export_panel::PanelData { id, params: to_query(&self.query), permalink: self.permalink(),
                    time_us: (self.is_timeline() && !self.playing && self.cursor_us < self.window_us()).then_some(self.cursor_us),
                    window_ms: (self.requested_window_ms != spec.window_ms).then_some(self.requested_window_ms), recon: self.reveal_ledger }) }
            </figure>
        }
    }
}

impl Figure {
    fn view_legend(&self) -> Html {
        html! {
            <ul class="legend" aria-label="범례">
                <li><span class="sw sw-approved"></span>{ "홀드(승인)" }</li>
                <li><span class="sw sw-insufficient"></span>{ "잔액 부족" }</li>
                <li><span class="sw sw-fenced"></span>{ "fencing 거부" }</li>
                <li><span class="sw sw-lockless"></span>{ "락 없는 구간" }</li>
                <li><span class="sw sw-lease"></span>{ "서버의 lease(토큰)" }</li>
                <li><span class="sw sw-overlap"></span>{ "소유 겹침" }</li>
                <li><span class="sw sw-rowwait"></span>{ "행 잠금 대기" }</li>
                <li><span class="mk mk-released"></span>{ "정상 해제" }</li>
                <li><span class="mk mk-stolen"></span>{ "STOLEN" }</li>
                <li><span class="mk mk-expired"></span>{ "만료" }</li>
                <li><span class="mk mk-write"></span>{ "쓰기(빨강: 옛 값으로 덮어씀)" }</li>
            </ul>
        }
    }
}
