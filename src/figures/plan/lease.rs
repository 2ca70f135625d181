//! The plan of an Article A figure (A1–A9): the runs it needs, its metric
//! table, and, from the traces of those runs, its layout and drawing.
//!
//! [`LeasePlan`] is what a query and the reader's view ask for: the runs the
//! drawing needs ([`LeasePlan::figure_runs`]) and the metric table's columns
//! ([`LeasePlan::table`]). The caller fulfils the runs however suits it (the
//! page runs a timeline's at once and a table's in workers or later tasks;
//! `lab figure` runs them all here, [`LeasePlan::run`]) with
//! [`LeaseRun::run`], and hands the traces to [`LeaseFigure::new`], which
//! knows the window shown, the notes about the caps, the height, the drawing
//! at any cursor and scale, the player's steps and marks, and the text
//! alternative.

use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::figures::analysis::{describe_event, describe_run, describe_window, group_thousands, Anomaly};
use crate::figures::player::{Mark, Narrator};
use crate::figures::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
use crate::figures::registry::{FigureKind, FigureSpec};
use crate::figures::story::{anomaly_cast, Highlight};
use crate::figures::timeline::{
    describe_hit, draw_timeline_planned, height_css_planned, hit_test, lanes, legend_items, placed_hits, LanePlan,
    LegendItem, TimelineHit, TimelineLayout, TimelineMarks,
};
use crate::figures::{article_data, DrawResult, View};
use crate::params::LeaseQuery;
use crate::sim::lease::{LeaseConfig, LeaseTrace, Preset, TraceLevel, Variant};
use crate::work_cap::{run_within_cap, FULL_STEP_MS, MAX_EVENTS_FULL, MAX_EVENTS_SUMMARY};

mod story;

/// Accepted timeline windows in ms (the URL's `win`, `lab figure --window`).
pub const WINDOW_RANGE: (u32, u32) = (200, 120_000);

/// The titles of A4's two panels.
const SPLIT_TITLES: [&str; 2] = ["(c-1) 쓰기 시점 fencing", "(c-2) 읽기 시점 fencing"];

/// One run a figure needs: configuration, seed, run index, trace level.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaseRun {
    pub config: LeaseConfig,
    pub seed: u64,
    pub run_index: u32,
    pub level: TraceLevel,
    /// The same run is this cell of the metric table: (column, position in
    /// the column). Whoever runs one has the other.
    pub table_slot: Option<(usize, usize)>,
}

impl LeaseRun {
    /// Runs it within the work cap (`crate::work_cap`): the trace, and the
    /// simulated time in ms the cap shortened the run to, if it did.
    pub fn run(&self) -> (LeaseTrace, Option<u64>) {
        run_within_cap(&self.config, self.seed, self.run_index, self.level)
    }
}

/// A column of the metric table: its header and its runs (one, or several
/// summarised as a range).
#[derive(Clone, Debug, PartialEq)]
pub struct TableColumn {
    pub header: String,
    pub runs: Vec<LeaseRun>,
}

/// What an Article A figure asks for: its query and the reader's view.
#[derive(Clone, Debug, PartialEq)]
pub struct LeasePlan {
    pub spec: &'static FigureSpec,
    pub query: LeaseQuery,
    /// The visible window the reader asked for, in ms (within [`WINDOW_RANGE`]).
    pub window_ms: u32,
    /// A2: the ledger line is shown.
    pub reveal_ledger: bool,
}

impl LeasePlan {
    /// The plan of figure `spec` (an Article A figure) for `query`, with the
    /// window the reader asked for (`None`: the figure's default).
    pub fn new(spec: &'static FigureSpec, query: LeaseQuery, window_ms: Option<u32>, reveal_ledger: bool) -> LeasePlan {
        let window_ms = window_ms.unwrap_or(spec.window_ms).clamp(WINDOW_RANGE.0, WINDOW_RANGE.1);
        LeasePlan { spec, query, window_ms, reveal_ledger }
    }

    pub fn kind(&self) -> FigureKind {
        self.spec.kind
    }

    pub fn is_timeline(&self) -> bool {
        self.kind().is_lease_timeline()
    }

    /// The configurations a timeline draws: one, or A4's (c-1) and (c-2).
    fn timeline_configs(&self) -> Vec<LeaseConfig> {
        let c = &self.query.config;
        match self.kind() {
            FigureKind::SplitTimeline => vec![
                LeaseConfig { variant: Variant::FenceWrite, ..c.clone() },
                LeaseConfig { variant: Variant::FenceRead, ..c.clone() },
            ],
            _ => vec![c.clone()],
        }
    }

    /// How many runs of each configuration the table (and A8) shows.
    fn runs_per_column(&self) -> u32 {
        if self.kind() == FigureKind::LatencyCdf {
            1
        } else {
            3
        }
    }

    /// The runs the drawing needs, in the order [`LeaseFigure::new`] takes their traces.
    ///
    /// A timeline needs only the visible prefix of its run: a run whose
    /// deadline is the window's end (in whole seconds) is identical to the
    /// full run before it. A2 and A7 draw the query's run, which is also a
    /// cell of the table. A8 and A9 draw every variant's table runs.
    pub fn figure_runs(&self) -> Vec<LeaseRun> {
        let q = &self.query;
        let run = |config: LeaseConfig, run_index: u32, level: TraceLevel, table_slot| LeaseRun {
            config,
            seed: q.seed,
            run_index,
            level,
            table_slot,
        };
        match self.kind() {
            FigureKind::Timeline | FigureKind::SplitTimeline => {
                let seconds = self.window_ms.div_ceil(1000).max(1);
                self.timeline_configs()
                    .into_iter()
                    .map(|cfg| {
                        let limited = LeaseConfig { duration_s: cfg.duration_s.min(seconds), ..cfg };
                        run(limited, q.run_index, TraceLevel::Full, None)
                    })
                    .collect()
            }
            FigureKind::Balance | FigureKind::Outage => {
                let column = q.run_index.min(2) as usize;
                vec![run(q.config.clone(), q.run_index, TraceLevel::Summary, Some((column, 0)))]
            }
            _ => self
                .table()
                .into_iter()
                .enumerate()
                .flat_map(|(col, column)| {
                    column.runs.into_iter().enumerate().map(move |(k, r)| LeaseRun { table_slot: Some((col, k)), ..r })
                })
                .collect(),
        }
    }

    /// Whether the drawing needs several of the table's runs (A8, A9): a
    /// caller that computes the table anyway (the page) then takes them from
    /// it ([`LeasePlan::figure_traces_from_table`]) instead of running them twice.
    pub fn draws_table_runs(&self) -> bool {
        let runs = self.figure_runs();
        runs.len() > 1 && runs.iter().all(|r| r.table_slot.is_some())
    }

    /// The traces of [`LeasePlan::figure_runs`] picked from the table's,
    /// given column by column in run order; `None` while one is missing.
    pub fn figure_traces_from_table(&self, columns: &[Vec<Rc<LeaseTrace>>]) -> Option<Vec<Rc<LeaseTrace>>> {
        self.figure_runs().iter().map(|r| r.table_slot.and_then(|(col, k)| columns.get(col)?.get(k).cloned())).collect()
    }

    /// The metric table: 60 s summary runs 0–2 of the figure's
    /// configuration(s), or of every variant for A8 and A9.
    pub fn table(&self) -> Vec<TableColumn> {
        let q = &self.query;
        let run = |config: &LeaseConfig, run_index: u32| LeaseRun {
            config: config.clone(),
            seed: q.seed,
            run_index,
            level: TraceLevel::Summary,
            table_slot: None,
        };
        let runs3 = |label: &str, config: &LeaseConfig| -> Vec<TableColumn> {
            (0..3u32).map(|r| TableColumn { header: format!("{label}실행 {r}"), runs: vec![run(config, r)] }).collect()
        };
        match self.kind() {
            FigureKind::SplitTimeline => {
                let configs = self.timeline_configs();
                [runs3("(c-1) ", &configs[0]), runs3("(c-2) ", &configs[1])].concat()
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => Variant::ALL
                .into_iter()
                .map(|v| {
                    let config = LeaseConfig { variant: v, ..q.config.clone() };
                    TableColumn {
                        header: v.article_label().to_string(),
                        runs: (0..self.runs_per_column()).map(|r| run(&config, r)).collect(),
                    }
                })
                .collect(),
            _ => runs3("", &q.config),
        }
    }

    /// The metric table shown beside `figure` (the page's): A2 and A7 draw
    /// one of the table's runs, and the table's other runs take the
    /// configuration that run ended up with, so that when the work cap
    /// shortened it they are as long. (The metric CSV, [`LeasePlan::csv_columns`],
    /// runs the query's configuration as it is.)
    pub fn table_beside(&self, figure: &LeaseFigure) -> Vec<TableColumn> {
        match (self.kind(), figure.traces.first()) {
            (FigureKind::Balance | FigureKind::Outage, Some(drawn)) => {
                let plan = LeasePlan {
                    query: LeaseQuery { config: drawn.config.clone(), ..self.query.clone() },
                    ..self.clone()
                };
                plan.table()
            }
            _ => self.table(),
        }
    }

    /// The table's runs one by one with their column heads in the metric
    /// CSV: a column of several runs (A8, A9) gets one CSV column per run.
    pub fn csv_columns(&self) -> Vec<(String, LeaseRun)> {
        let per_run = matches!(self.kind(), FigureKind::Tradeoff | FigureKind::LatencyCdf);
        self.table()
            .into_iter()
            .flat_map(|col| {
                let header = col.header;
                col.runs.into_iter().map(move |r| {
                    let head = if per_run { format!("{header} 실행 {}", r.run_index) } else { header.clone() };
                    (head, r)
                })
            })
            .collect()
    }

    /// The article's measurements shown beside the table: the preset's when
    /// the query is that preset unchanged, or both (c-1) and (c-2) for A4 at
    /// the article's TTL.
    pub fn article_presets(&self) -> Vec<Preset> {
        let q = &self.query;
        let unchanged = q.preset.filter(|p| {
            *q == LeaseQuery { preset: Some(*p), config: p.config(), seed: q.seed, run_index: q.run_index }
        });
        match self.kind() {
            FigureKind::SplitTimeline if q.config.ttl_ms == 200 => vec![Preset::Exp3C1, Preset::Exp3C2],
            FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage => unchanged.into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The note under the table when it could show the article's
    /// measurements (A1, A2, A3, A5, A6, A7) but the query is not the preset unchanged.
    pub fn article_note_ko(&self) -> Option<&'static str> {
        let comparable = matches!(self.kind(), FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage);
        (comparable && self.article_presets().is_empty())
            .then_some("원문 측정값은 프리셋 그대로일 때만 나란히 보여 줍니다.")
    }

    /// Runs every run the drawing needs on this thread and lays the figure out.
    pub fn run(&self) -> LeaseFigure {
        let runs = self.figure_runs().iter().map(|r| r.run()).map(|(t, ms)| (Rc::new(t), ms)).collect();
        LeaseFigure::new(self, runs)
    }
}

/// A timeline mark of a figure: the panel (A4 has two) and the mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureHit {
    pub panel: usize,
    pub hit: TimelineHit,
}

/// An Article A figure drawn from its runs: what [`LeasePlan::figure_runs`]
/// asked for, run.
#[derive(Clone, Debug)]
pub struct LeaseFigure {
    plan: LeasePlan,
    traces: Vec<Rc<LeaseTrace>>,
    /// The window shown, µs: the requested one, unless the work cap shortened a timeline's run.
    window_us: u64,
    /// The time (ms) the work cap shortened a drawn run to (the earliest).
    shortened_ms: Option<u64>,
    /// Per timeline: its highlights and its lanes, planned once for the base view.
    marks: Vec<TimelineMarks>,
    lanes: Vec<LanePlan>,
    /// The legend's items, worked out once (the page renders many frames of one figure).
    legend: std::cell::OnceCell<Vec<LegendItem>>,
    /// The kind of mark the page picks out ([`View::spotlight`]): page state
    /// set between frames, so a cell rather than a new figure.
    spotlight: std::cell::Cell<Option<LegendItem>>,
}

impl LeaseFigure {
    /// The figure of `plan` from the traces of its [`LeasePlan::figure_runs`],
    /// in that order, each with the time the work cap shortened it to.
    pub fn new(plan: &LeasePlan, runs: Vec<(Rc<LeaseTrace>, Option<u64>)>) -> LeaseFigure {
        let shortened_ms = runs.iter().filter_map(|(_, ms)| *ms).min();
        let mut window_us = u64::from(plan.window_ms) * 1000;
        if plan.is_timeline() {
            if let Some(ms) = shortened_ms {
                window_us = window_us.min(ms * 1000);
            }
        }
        let traces: Vec<Rc<LeaseTrace>> = runs.into_iter().map(|(t, _)| t).collect();
        let mut figure = LeaseFigure {
            plan: plan.clone(),
            traces,
            window_us,
            shortened_ms,
            marks: Vec::new(),
            lanes: Vec::new(),
            legend: std::cell::OnceCell::new(),
            spotlight: std::cell::Cell::new(None),
        };
        if plan.is_timeline() {
            figure.marks = figure.traces.iter().map(|t| TimelineMarks::of(t)).collect();
            let view = figure.base_view();
            figure.lanes = figure.traces.iter().zip(&figure.marks).map(|(t, m)| lanes(t, &view, m)).collect();
        }
        figure
    }

    pub fn plan(&self) -> &LeasePlan {
        &self.plan
    }

    pub fn traces(&self) -> &[Rc<LeaseTrace>] {
        &self.traces
    }

    /// Picks out one kind of mark in the timelines' next drawings (`None`: none).
    pub fn set_spotlight(&self, item: Option<LegendItem>) {
        self.spotlight.set(item.filter(|_| self.plan.is_timeline()));
    }

    /// How many marks the spotlight picks out in the drawing
    /// [`LeaseFigure::draw_highlighted`] makes `width_css` wide at `scale`
    /// with the player at `cursor_us` (0 without a spotlight).
    pub fn spotlit_count(&self, width_css: f64, scale: f64, cursor_us: u64) -> usize {
        let Some(item) = self.spotlight.get() else { return 0 };
        let w_px = (width_css * scale).round() as u32;
        self.panel_views(cursor_us, scale)
            .iter()
            .enumerate()
            .map(|(i, (view, _))| {
                let view = view.clone().fitted_to(w_px);
                crate::figures::timeline::spotlit_count(
                    &self.traces[i],
                    &self.marks[i],
                    &self.lanes[i],
                    &view,
                    w_px,
                    item,
                )
            })
            .sum()
    }

    /// A2: shows or hides the ledger line (nothing is run again).
    pub fn set_reveal_ledger(&mut self, on: bool) {
        self.plan.reveal_ledger = on;
    }

    /// Each timeline's lanes, as the drawing budget kept them.
    pub fn lane_plans(&self) -> &[LanePlan] {
        &self.lanes
    }

    /// The window shown, in µs (the player's end).
    pub fn window_us(&self) -> u64 {
        self.window_us
    }

    /// What the figure shows, before the player's cursor and the screen's scale.
    pub fn base_view(&self) -> View {
        let spec = self.plan.spec;
        View {
            t0_us: 0,
            t1_us: self.window_us,
            cursor_us: u64::MAX,
            wallets: spec.wallets.iter().copied().filter(|&w| w < self.plan.query.config.wallets).collect(),
            scale: 1.0,
            reveal_ledger: self.plan.reveal_ledger,
            show_fence: spec.kind == FigureKind::SplitTimeline,
            title: None,
            highlight: None,
            spotlight: self.spotlight.get(),
            ..View::default()
        }
    }

    /// The player's cursor for a requested time (`None`: the end), as `lab figure --time` sets it.
    pub fn cursor_at(&self, time_us: Option<u64>) -> u64 {
        time_us.map_or(self.window_us, |t| t.min(self.window_us))
    }

    /// The drawing's height in CSS px at `width_css`.
    pub fn height_css(&self, width_css: f64) -> f64 {
        match self.plan.kind() {
            FigureKind::Timeline | FigureKind::SplitTimeline => {
                let mut view = self.base_view();
                if self.plan.kind() == FigureKind::SplitTimeline {
                    view.title = Some(String::new());
                }
                self.lanes.iter().zip(&self.marks).map(|(plan, marks)| height_css_planned(plan, &view, marks)).sum()
            }
            FigureKind::Outage => crate::figures::plots::outage_height_css(width_css),
            // Short enough for a sticky stage at a desktop's width.
            _ => (width_css * 0.62).clamp(280.0, 340.0),
        }
    }

    /// Draws the figure onto `area` (sized to [`LeaseFigure::height_css`] at
    /// `scale` device px per CSS px), with nothing after `cursor_us` on a timeline.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        cursor_us: u64,
        scale: f64,
    ) -> DrawResult<DB> {
        self.draw_highlighted(area, cursor_us, scale, None)
    }

    /// [`LeaseFigure::draw`] with a timeline's `highlight` drawn over the
    /// rest, dimmed (the page's state: exports draw without one).
    pub fn draw_highlighted<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        cursor_us: u64,
        scale: f64,
        highlight: Option<&Highlight>,
    ) -> DrawResult<DB> {
        let timeline = self.plan.is_timeline();
        let view = View {
            cursor_us: if timeline { cursor_us } else { u64::MAX },
            scale,
            highlight: highlight.filter(|_| timeline).cloned(),
            ..self.base_view()
        }
        .fitted_to(area.dim_in_pixel().0);
        let t = &self.traces;
        match self.plan.kind() {
            FigureKind::Timeline => draw_timeline_planned(area, &t[0], &view, &self.marks[0], &self.lanes[0]),
            FigureKind::SplitTimeline => {
                let panels = self.panel_views(cursor_us, scale);
                let (top, bottom) = area.split_vertically(panels[1].1 as u32);
                draw_timeline_planned(&top, &t[0], &panels[0].0, &self.marks[0], &self.lanes[0])?;
                draw_timeline_planned(&bottom, &t[1], &panels[1].0, &self.marks[1], &self.lanes[1])
            }
            FigureKind::Balance => draw_balance(area, &t[0], &view),
            FigureKind::Outage => draw_outage(area, &t[0], &view),
            FigureKind::Tradeoff => draw_tradeoff(area, &self.tradeoff_points(), &view),
            FigureKind::LatencyCdf => {
                let curves: Vec<CdfCurve<'_>> = self
                    .by_variant()
                    .map(|(g, label, traces)| CdfCurve {
                        label,
                        latencies_us: &traces[0].series.latencies_us,
                        group: g,
                    })
                    .collect();
                draw_latency_cdf(area, &curves, &view)
            }
            // Not an Article A figure: nothing of it is drawn here.
            _ => Ok(()),
        }
    }

    /// A timeline's panels (one, or A4's two stacked): each one's view at
    /// `cursor_us` and `scale`, and its top in device px.
    fn panel_views(&self, cursor_us: u64, scale: f64) -> Vec<(View, i32)> {
        let view = View { cursor_us, scale, ..self.base_view() };
        match self.plan.kind() {
            FigureKind::SplitTimeline => {
                let titled = |i: usize| View { title: Some(SPLIT_TITLES[i].to_string()), ..view.clone() };
                let (v1, v2) = (titled(0), titled(1));
                let h1 = (height_css_planned(&self.lanes[0], &v1, &self.marks[0]) * scale).round() as i32;
                vec![(v1, 0), (v2, h1)]
            }
            FigureKind::Timeline => vec![(view, 0)],
            _ => Vec::new(),
        }
    }

    /// Each timeline panel's trace, marks, view, layout and top (device px),
    /// as [`LeaseFigure::draw`] lays them out on a canvas `width_css` wide at `scale`.
    fn panel_layouts(
        &self,
        width_css: f64,
        scale: f64,
        cursor_us: u64,
    ) -> impl Iterator<Item = (usize, View, TimelineLayout, i32)> + '_ {
        let w_px = (width_css * scale).round() as u32;
        self.panel_views(cursor_us, scale).into_iter().enumerate().map(move |(i, (view, top))| {
            let layout = TimelineLayout::of(&self.lanes[i], &view, w_px);
            (i, view, layout, top)
        })
    }

    /// The timeline mark drawn at (`x_css`, `y_css`) on a canvas `width_css`
    /// wide at `scale`, with the player at `cursor_us`: (panel, mark).
    pub fn hit_at(&self, width_css: f64, scale: f64, cursor_us: u64, x_css: f64, y_css: f64) -> Option<FigureHit> {
        let (x, y) = ((x_css * scale).round() as i32, (y_css * scale).round() as i32);
        self.panel_layouts(width_css, scale, cursor_us).find_map(|(i, view, layout, top)| {
            let hit = hit_test(&self.traces[i], &self.marks[i], &layout, &view, x, y - top)?;
            Some(FigureHit { panel: i, hit })
        })
    }

    /// The time (µs) at (`x_css`, `y_css`) when the point is over a timeline
    /// panel's lanes or its time axis and within the plot's width (a little
    /// past either end reads as that end).
    pub fn time_at(&self, width_css: f64, scale: f64, x_css: f64, y_css: f64) -> Option<u64> {
        let (x, y) = ((x_css * scale).round() as i32, (y_css * scale).round() as i32);
        let slack = (8.0 * scale).round() as i32;
        self.panel_layouts(width_css, scale, u64::MAX).find_map(|(_, _, layout, top)| {
            let (x0, x1) = layout.plot_x();
            let inside =
                (layout.plot_top..=layout.axis_bottom).contains(&(y - top)) && (x0 - slack..=x1 + slack).contains(&x);
            inside.then(|| layout.time_at_x(x))
        })
    }

    /// The time (µs) at (`x_css`, `y_css`) when the point is on a timeline
    /// panel's time axis (the band of its tick labels, a little past either
    /// end), not over its lanes: where a press seeks the player.
    pub fn time_on_axis_at(&self, width_css: f64, scale: f64, x_css: f64, y_css: f64) -> Option<u64> {
        let (x, y) = ((x_css * scale).round() as i32, (y_css * scale).round() as i32);
        let slack = (8.0 * scale).round() as i32;
        self.panel_layouts(width_css, scale, u64::MAX).find_map(|(_, _, layout, top)| {
            let (x0, x1) = layout.plot_x();
            let on_axis = (layout.plot_bottom..=layout.axis_bottom + slack).contains(&(y - top))
                && (x0 - slack..=x1 + slack).contains(&x);
            on_axis.then(|| layout.time_at_x(x))
        })
    }

    /// The first panel's time axis on a canvas `width_css` wide, in CSS px:
    /// the plot's left and right ends and the middle of the axis's labels
    /// (the page states it on the canvas, for tests and tools).
    pub fn time_axis(&self, width_css: f64) -> Option<(f64, f64, f64)> {
        let (_, _, layout, top) = self.panel_layouts(width_css, 1.0, u64::MAX).next()?;
        let (x0, x1) = layout.plot_x();
        Some((f64::from(x0), f64::from(x1), f64::from(top + (layout.plot_bottom + layout.axis_bottom) / 2)))
    }

    /// Every timeline mark drawn at `cursor_us`, in reading order, each with
    /// the centre of what is drawn of it in CSS px (the keyboard's stops).
    pub fn placed_marks(&self, width_css: f64, cursor_us: u64) -> Vec<(FigureHit, f64, f64)> {
        self.panel_layouts(width_css, 1.0, cursor_us)
            .flat_map(|(i, view, layout, top)| {
                placed_hits(&self.traces[i], &self.marks[i], &layout, &view)
                    .into_iter()
                    .map(move |p| (FigureHit { panel: i, hit: p.hit }, f64::from(p.x), f64::from(p.y + top)))
            })
            .collect()
    }

    /// The kinds of mark the timeline draws over its whole window (every
    /// panel's), for its legend; empty for a figure that is not a timeline.
    pub fn legend(&self) -> &[LegendItem] {
        self.legend.get_or_init(|| self.legend_items())
    }

    fn legend_items(&self) -> Vec<LegendItem> {
        let mut items: Vec<LegendItem> = self
            .panel_views(u64::MAX, 1.0)
            .iter()
            .enumerate()
            .flat_map(|(i, (view, _))| legend_items(&self.traces[i], &self.marks[i], &self.lanes[i], view))
            .collect();
        items.sort();
        items.dedup();
        items
    }

    /// What a mark is, in Korean, as far as the player has come; A4's panel is named first.
    pub fn describe_mark_at(&self, hit: FigureHit, cursor_us: u64) -> String {
        let (Some(trace), Some(marks)) = (self.traces.get(hit.panel), self.marks.get(hit.panel)) else {
            return String::new();
        };
        let text = describe_hit(trace, marks, hit.hit, cursor_us);
        match self.plan.kind() {
            FigureKind::SplitTimeline => format!("{}: {text}", SPLIT_TITLES[hit.panel.min(1)]),
            _ => text,
        }
    }

    /// A8 and A9: the traces of each variant, with its group index and label.
    fn by_variant(&self) -> impl Iterator<Item = (usize, String, &[Rc<LeaseTrace>])> {
        let per = self.plan.runs_per_column() as usize;
        Variant::ALL.into_iter().enumerate().filter_map(move |(g, v)| {
            let traces = self.traces.get(g * per..(g + 1) * per)?;
            Some((g, v.article_label().to_string(), traces))
        })
    }

    /// A8: every run's point, then the article's, variant by variant.
    fn tradeoff_points(&self) -> Vec<TradeoffPoint> {
        let mut points = Vec::new();
        for (g, label, traces) in self.by_variant() {
            for t in traces {
                points.push(TradeoffPoint {
                    label: label.clone(),
                    throughput_rps: t.metrics.throughput_rps,
                    over_approval: t.metrics.over_approval as f64,
                    article: false,
                    group: g,
                });
            }
            for (thr, over) in article_data::tradeoff_points(Variant::ALL[g]) {
                points.push(TradeoffPoint {
                    label: label.clone(),
                    throughput_rps: thr,
                    over_approval: over,
                    article: true,
                    group: g,
                });
            }
        }
        points
    }

    // -----------------------------------------------------------------------
    // What the caps changed

    /// The drawing budget's lane plan that left lanes out, if any.
    fn capped_lanes(&self) -> Option<&LanePlan> {
        self.lanes.iter().find(|p| p.is_capped())
    }

    /// The page's Korean notice about the work cap, if it shortened a drawn run.
    pub fn cap_notice_ko(&self) -> Option<String> {
        let ms = self.shortened_ms?;
        match self.plan.kind() {
            FigureKind::Timeline | FigureKind::SplitTimeline => Some(format!(
                "작업량 상한: 이 설정은 사건이 많아 보이는 구간을 {:.1}초로 줄였습니다 (사건이 {}개를 넘으면 그다음 {:.1}초 경계까지만 실행합니다).",
                ms as f64 / 1000.0,
                group_thousands(MAX_EVENTS_FULL as i64),
                FULL_STEP_MS as f64 / 1000.0
            )),
            FigureKind::Balance | FigureKind::Outage => Some(format!(
                "작업량 상한: 이 설정은 사건이 많아 실행 시간을 {}초로 줄여 그렸습니다 (실행 한 번에 사건 최대 {}개).",
                ms / 1000,
                group_thousands(MAX_EVENTS_SUMMARY as i64)
            )),
            _ => None,
        }
    }

    /// The page's Korean notice about the drawing budget, if it left thread lanes out.
    pub fn lane_notice_ko(&self) -> Option<String> {
        self.capped_lanes().and_then(LanePlan::cap_notice_ko)
    }

    /// What the caps changed, in English, one line each (`lab figure` prints them).
    pub fn notes_en(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let requested_us = u64::from(self.plan.window_ms) * 1000;
        match (self.plan.kind(), self.shortened_ms) {
            (FigureKind::Balance | FigureKind::Outage, Some(ms)) => notes.push(format!(
                "the work cap ({} events per run) shortened the run from {} s to {} s",
                MAX_EVENTS_SUMMARY,
                self.plan.query.config.duration_s,
                ms / 1000
            )),
            (FigureKind::Timeline | FigureKind::SplitTimeline, _) if self.window_us < requested_us => {
                notes.push(format!(
                    "the work cap ({} events per timeline run, then on to the next {} ms step) shortened the window from {} ms to {} ms",
                    MAX_EVENTS_FULL,
                    FULL_STEP_MS,
                    self.plan.window_ms,
                    self.window_us / 1000
                ))
            }
            _ => {}
        }
        if let Some(p) = self.capped_lanes() {
            notes.push(format!(
                "the drawing budget drew {} of {} thread lanes (the figure says so under its axis)",
                p.workers_shown, p.workers_total
            ));
        }
        notes
    }

    // -----------------------------------------------------------------------
    // The player

    /// The times (µs) of the events the player steps through: the first
    /// timeline's events within the window.
    pub fn step_times(&self) -> Vec<u64> {
        match (self.plan.is_timeline(), self.traces.first()) {
            (true, Some(t)) => t.events.iter().map(|e| e.at.t_us).take_while(|&at| at <= self.window_us).collect(),
            _ => Vec::new(),
        }
    }

    /// The first timeline's anomalies within the window, in time order (the player's marks).
    pub fn anomalies(&self) -> &[Anomaly] {
        match self.marks.first() {
            Some(m) => &m.anomalies[..m.anomalies.partition_point(|a| a.at.t_us <= self.window_us)],
            None => &[],
        }
    }

    /// The marks that make the player's mark `i` (an anomaly) and the
    /// sentence naming them ([`anomaly_cast`]).
    pub fn mark_cast(&self, i: usize) -> Option<(Highlight, String)> {
        let a = self.anomalies().get(i)?;
        Some(anomaly_cast(&self.traces[0], a))
    }

    /// The player's marks: the anomalies, those that break an invariant stopping the play.
    pub fn player_marks(&self) -> Vec<Mark> {
        self.anomalies().iter().map(|a| Mark { at_us: a.at.t_us, stops_play: a.kind.breaks_invariant() }).collect()
    }

    // -----------------------------------------------------------------------
    // The text alternative

    /// The Korean text alternative. A timeline ends with the first table
    /// run's description (`table_run`), when the table has it.
    pub fn text_alternative(&self, table_run: Option<&str>) -> String {
        let Some(first) = self.traces.first() else { return String::new() };
        match self.plan.kind() {
            FigureKind::Timeline | FigureKind::SplitTimeline => {
                let mut s = String::new();
                for t in &self.traces {
                    s.push_str(&describe_window(t, 0, self.window_us));
                    s.push(' ');
                }
                if let Some(d) = table_run {
                    s.push_str("60초 전체 실행: ");
                    s.push_str(d);
                }
                s
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => self
                .by_variant()
                .map(|(_, label, traces)| {
                    let m = &traces[0].metrics;
                    format!(
                        "{}: 처리량 {:.1}건/s, 초과 승인 {}건, p95 지연 {:.0}ms.",
                        label, m.throughput_rps, m.over_approval, m.latency_p95_ms
                    )
                })
                .collect::<Vec<_>>()
                .join(" "),
            _ => describe_run(first),
        }
    }
}

impl Narrator for LeaseFigure {
    fn describe_step(&self, i: usize) -> String {
        self.traces.first().and_then(|t| t.events.get(i)).map(describe_event).unwrap_or_default()
    }

    fn describe_mark(&self, i: usize) -> String {
        let Some(a) = self.anomalies().get(i) else { return String::new() };
        let at = format!("{:.1}ms: 지갑 {}에서 {}", a.at.t_us as f64 / 1000.0, a.wallet, a.kind.label_ko());
        match self.mark_cast(i) {
            Some((_, who)) if !who.is_empty() => format!("{at}. {who}"),
            _ => at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::registry::{figures_of, Scenario};

    /// A run the drawing shares with the table is that very table run.
    #[test]
    fn shared_runs_are_the_table_runs() {
        for spec in figures_of(Scenario::Lease) {
            for run_index in 0..3 {
                let mut query = spec.initial_query();
                query.run_index = run_index;
                let plan = LeasePlan::new(spec, query, None, true);
                let table = plan.table();
                for run in plan.figure_runs() {
                    if let Some((col, k)) = run.table_slot {
                        assert_eq!(LeaseRun { table_slot: None, ..run.clone() }, table[col].runs[k], "{}", spec.id);
                    }
                }
            }
        }
    }

    /// A pointer finds each mark where the keyboard places it, in A4's
    /// lower panel too, and the time axis reads back the times it shows.
    #[test]
    fn pointer_and_keyboard_find_the_same_marks() {
        for id in ["lease-expiry", "fence-placement"] {
            let spec = crate::figures::figure_spec(id).unwrap();
            let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
            let end = figure.window_us();
            for width in [390.0, 1000.0] {
                let placed = figure.placed_marks(width, end);
                assert!(placed.len() > 3, "{id} at {width}: {} marks", placed.len());
                let panels: std::collections::BTreeSet<usize> = placed.iter().map(|p| p.0.panel).collect();
                assert_eq!(panels.len(), figure.traces().len(), "{id}: marks in every panel");
                for &(hit, x, y) in &placed {
                    let found = figure.hit_at(width, 2.0, end, x, y).expect("a placed mark is found");
                    assert_eq!(found.panel, hit.panel, "{id} at {width}");
                    assert!(!figure.describe_mark_at(found, end).is_empty());
                }
                let (_, x, y) = placed[0];
                let t = figure.time_at(width, 1.0, x, y).expect("a mark lies over the plot");
                assert!(t <= end, "{id}: {t} within the window");
                // Far left (the lane labels) is not on the time axis.
                assert_eq!(figure.time_at(width, 1.0, 2.0, y), None);
                // A press seeks on the axis's labels, never over the lanes.
                assert_eq!(figure.time_on_axis_at(width, 1.0, x, y), None, "{id}: a mark is not the axis");
                let (x0, x1, axis_y) = figure.time_axis(width).unwrap();
                let t = figure.time_on_axis_at(width, 1.0, (x0 + x1) / 2.0, axis_y).expect("the axis seeks");
                assert!(t.abs_diff(end / 2) <= end / 50, "{id}: the axis's middle is the window's");
            }
        }
    }

    #[test]
    fn every_table_run_has_a_csv_column() {
        for spec in figures_of(Scenario::Lease) {
            let plan = LeasePlan::new(spec, spec.initial_query(), None, true);
            let cells: usize = plan.table().iter().map(|c| c.runs.len()).sum();
            assert_eq!(plan.csv_columns().len(), cells, "{}", spec.id);
        }
    }
}
