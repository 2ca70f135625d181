//! An Article A figure drawn from its runs ([`LeaseFigure`]): the window
//! shown and the notes about the caps, the layout, the height, the drawing
//! at any cursor and scale, the hit tests, the player's steps and marks, and
//! the text alternative. Its plan ([`super::LeasePlan`]) says which runs.

use crate::recording::Area;
use std::rc::Rc;

use crate::player::{Mark, Narrator};
use crate::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
use crate::story::{anomaly_cast, Highlight};
use crate::timeline::{
    describe_hit, draw_timeline_planned, height_css_planned, hit_test, lanes, legend_items, placed_hits, LanePlan,
    LegendItem, TimelineHit, TimelineLayout, TimelineMarks,
};
use crate::{article_data, DrawResult, View};
use lab_model::analysis::{Anomaly, RunSummary, WindowSummary};
use lab_model::catalogue::VariantEntry;
use lab_model::facts::story::CastFact;
use lab_model::metrics::Metric;
use lab_model::registry::FigureKind;
use lab_model::work_cap::{CapNotice, FULL_STEP_MS, MAX_EVENTS_FULL, MAX_EVENTS_SUMMARY};
use lab_sim::lease::LeaseTrace;
use lab_words::analysis::{event_line, run_description, window_description};
use lab_words::metrics::metric_amount;
use lab_words::Words;

use super::{every_variant, split_title, LeasePlan};

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
    pub(super) plan: LeasePlan,
    pub(super) traces: Vec<Rc<LeaseTrace>>,
    /// The window shown, µs: the requested one, unless the work cap shortened a timeline's run.
    pub(super) window_us: u64,
    /// The time (ms) the work cap shortened a drawn run to (the earliest).
    pub(super) shortened_ms: Option<u64>,
    /// Per timeline: its highlights and its lanes, planned once for the base view.
    pub(super) marks: Vec<TimelineMarks>,
    pub(super) lanes: Vec<LanePlan>,
    /// The legend's items, worked out once (the page renders many frames of one figure).
    pub(super) legend: std::cell::OnceCell<Vec<LegendItem>>,
    /// The kind of mark the page picks out ([`View::spotlight`]): page state
    /// set between frames, so a cell rather than a new figure.
    pub(super) spotlight: std::cell::Cell<Option<LegendItem>>,
    /// The height (CSS px) a timeline may take at most, when its frame is
    /// shorter than the figure (an embed): page state, like the spotlight.
    pub(super) fit_height_css: std::cell::Cell<Option<f64>>,
    /// The table the drawing's words come from ([`LeaseFigure::set_words`]):
    /// the caller's (the page's, `lab figure`'s), the Korean edition's until set.
    pub(super) words: std::cell::Cell<Option<&'static Words>>,
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
            fit_height_css: std::cell::Cell::new(None),
            words: std::cell::Cell::new(None),
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

    /// Draws the figure's words (legends, axes, labels) from `words` from now on.
    pub fn set_words(&self, words: &'static Words) {
        self.words.set(Some(words));
    }

    /// The table the drawing speaks: the one set ([`Self::set_words`]). A
    /// native caller that set none (the CLI's and the tests' Korean
    /// figures) gets the Korean edition's; in wasm no table is compiled in,
    /// so every page path sets the page's before it draws.
    pub fn words(&self) -> &'static Words {
        #[cfg(not(target_arch = "wasm32"))]
        return self.words.get().unwrap_or(&lab_words::ko::WORDS);
        #[cfg(target_arch = "wasm32")]
        self.words.get().expect("the page sets the figure's words before it draws (LeaseFigure::set_words)")
    }

    /// Picks out one kind of mark in the timelines' next drawings (`None`: none).
    pub fn set_spotlight(&self, item: Option<LegendItem>) {
        self.spotlight.set(item.filter(|_| self.plan.is_timeline()));
    }

    /// Lets a timeline take at most `height_css` CSS px in its next
    /// drawings, its lanes set tighter (`View::compact`) as far as they stay
    /// legible (`None`: its own height). Only an embed in a frame shorter
    /// than the figure asks; other figures ignore it.
    pub fn set_fit_height_css(&self, height_css: Option<f64>) {
        self.fit_height_css.set(height_css.filter(|h| h.is_finite() && *h > 0.0 && self.plan.is_timeline()));
    }

    /// The [`View::compact`] that brings a timeline within its fit height:
    /// 0 when it fits as it is, 1 when even the tightest does not.
    fn compact(&self) -> f64 {
        let Some(fit) = self.fit_height_css.get() else { return 0.0 };
        let (natural, tight) = (self.timeline_height_css(0.0), self.timeline_height_css(1.0));
        if natural <= fit {
            0.0
        } else if tight >= fit {
            1.0
        } else {
            // Linear in `compact` but for whole-px rounding down, which only makes it shorter.
            ((natural - fit) / (natural - tight)).clamp(0.0, 1.0)
        }
    }

    /// A timeline's height (CSS px) at `compact`.
    fn timeline_height_css(&self, compact: f64) -> f64 {
        let mut view = View { compact, ..self.view_at(0.0) };
        if self.plan.kind() == FigureKind::SplitTimeline {
            view.title = Some(String::new());
        }
        self.lanes.iter().zip(&self.marks).map(|(plan, marks)| height_css_planned(plan, &view, marks)).sum()
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
                crate::timeline::spotlit_count(&self.traces[i], &self.marks[i], &self.lanes[i], &view, w_px, item)
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
        self.view_at(self.compact())
    }

    /// [`LeaseFigure::base_view`] with its lanes set at `compact`.
    fn view_at(&self, compact: f64) -> View {
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
            compact,
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
            FigureKind::Timeline | FigureKind::SplitTimeline => self.timeline_height_css(self.compact()),
            FigureKind::Outage => crate::plots::outage_height_css(width_css),
            // Short enough for a sticky stage at a desktop's width.
            _ => (width_css * 0.62).clamp(280.0, 340.0),
        }
    }

    /// Draws the figure onto `area` (sized to [`LeaseFigure::height_css`] at
    /// `scale` device px per CSS px), with nothing after `cursor_us` on a timeline.
    pub fn draw(&self, area: &Area, cursor_us: u64, scale: f64) -> DrawResult {
        self.draw_highlighted(area, cursor_us, scale, None)
    }

    /// [`LeaseFigure::draw`] with a timeline's `highlight` drawn over the
    /// rest, dimmed (the page's state: exports draw without one).
    pub fn draw_highlighted(
        &self,
        area: &Area,
        cursor_us: u64,
        scale: f64,
        highlight: Option<&Highlight>,
    ) -> DrawResult {
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
            FigureKind::Timeline => {
                draw_timeline_planned(area, &t[0], &view, &self.marks[0], &self.lanes[0], self.words())
            }
            FigureKind::SplitTimeline => {
                let panels = self.panel_views(cursor_us, scale);
                let (top, bottom) = area.split_vertically(panels[1].1 as u32);
                draw_timeline_planned(&top, &t[0], &panels[0].0, &self.marks[0], &self.lanes[0], self.words())?;
                draw_timeline_planned(&bottom, &t[1], &panels[1].0, &self.marks[1], &self.lanes[1], self.words())
            }
            FigureKind::Balance => draw_balance(area, &t[0], &view, self.words()),
            FigureKind::Outage => draw_outage(area, &t[0], &view, self.words()),
            FigureKind::Tradeoff => draw_tradeoff(area, &self.tradeoff_points(), &view, self.words()),
            FigureKind::LatencyCdf => {
                let curves: Vec<CdfCurve<'_>> = self
                    .by_variant()
                    .map(|(v, traces)| CdfCurve {
                        label: v.label.to_string(),
                        latencies_us: &traces[0].series.latencies_us,
                        colour: v.colour,
                    })
                    .collect();
                draw_latency_cdf(area, &curves, &view, self.words())
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
                let titled = |i: usize| View { title: Some(split_title(i, self.words()).to_string()), ..view.clone() };
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
        lab_sim::core::sort(&mut items);
        items.dedup();
        items
    }

    /// What a mark is, in `w`'s language, as far as the player has come; A4's panel is named first.
    pub fn describe_mark_in(&self, hit: FigureHit, cursor_us: u64, w: &Words) -> String {
        let (Some(trace), Some(marks)) = (self.traces.get(hit.panel), self.marks.get(hit.panel)) else {
            return String::new();
        };
        let text = describe_hit(trace, marks, hit.hit, cursor_us, w);
        match self.plan.kind() {
            FigureKind::SplitTimeline => format!("{}: {text}", split_title(hit.panel.min(1), w)),
            _ => text,
        }
    }

    /// A8 and A9: each variant's row and its traces.
    fn by_variant(&self) -> impl Iterator<Item = (&'static VariantEntry, &[Rc<LeaseTrace>])> {
        let per = self.plan.runs_per_column() as usize;
        every_variant()
            .into_iter()
            .enumerate()
            .filter_map(move |(g, v)| Some((v, self.traces.get(g * per..(g + 1) * per)?)))
    }

    /// A8: every run's point, then the article's, variant by variant.
    fn tradeoff_points(&self) -> Vec<TradeoffPoint> {
        let mut points = Vec::new();
        for (v, traces) in self.by_variant() {
            for t in traces {
                points.push(TradeoffPoint {
                    label: v.label.to_string(),
                    throughput_rps: t.metrics.throughput_rps,
                    over_approval: t.metrics.over_approval as f64,
                    article: false,
                    colour: v.colour,
                });
            }
            for (thr, over) in article_data::tradeoff_points(v.variant) {
                points.push(TradeoffPoint {
                    label: v.label.to_string(),
                    throughput_rps: thr,
                    over_approval: over,
                    article: true,
                    colour: v.colour,
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

    /// What the work cap shortened in a drawn run, if it did
    /// (`lab_words::notices::cap_notice` words it).
    pub fn cap_notice(&self) -> Option<CapNotice> {
        let ms = self.shortened_ms?;
        match self.plan.kind() {
            FigureKind::Timeline | FigureKind::SplitTimeline => Some(CapNotice::Window { shown_ms: ms }),
            FigureKind::Balance | FigureKind::Outage => Some(CapNotice::Duration { run_ms: ms }),
            _ => None,
        }
    }

    /// The page's notice about the drawing budget in `w`'s language, if it left thread lanes out.
    pub fn lane_notice(&self, w: &Words) -> Option<String> {
        self.capped_lanes().and_then(|plan| plan.cap_notice(w))
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
    /// fact of who made it with whom ([`anomaly_cast`]).
    pub fn mark_cast(&self, i: usize) -> Option<(Highlight, CastFact)> {
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
        let w = self.words();
        match self.plan.kind() {
            FigureKind::Timeline | FigureKind::SplitTimeline => {
                let mut s = String::new();
                for t in &self.traces {
                    s.push_str(&window_description(w, &WindowSummary::of(t, 0, self.window_us)));
                    s.push(' ');
                }
                if let Some(d) = table_run {
                    s.push_str(&w.fill(w.alt.whole_run, &[("run", d)]));
                }
                s
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => self
                .by_variant()
                .map(|(v, traces)| {
                    let m = &traces[0].metrics;
                    let amounts: Vec<String> = [Metric::ThroughputRps, Metric::OverApproval, Metric::LatencyP95Ms]
                        .into_iter()
                        .filter_map(|k| Some(metric_amount(w, k, k.value(m, &traces[0].details)?)))
                        .collect();
                    format!("{}: {}.", v.label, amounts.join(", "))
                })
                .collect::<Vec<_>>()
                .join(" "),
            _ => run_description(w, &RunSummary::of(first)),
        }
    }
}

impl Narrator for LeaseFigure {
    fn describe_step(&self, i: usize) -> String {
        self.traces.first().and_then(|t| t.events.get(i)).map(|e| event_line(self.words(), e)).unwrap_or_default()
    }

    /// In the figure's table ([`LeaseFigure::set_words`]).
    fn describe_mark(&self, i: usize) -> String {
        self.narrate_mark_in(i, self.words())
    }
}

impl LeaseFigure {
    /// The player's mark `i` in `w`'s language: when, where and what, then
    /// who made it ([`Self::mark_cast`]).
    pub fn narrate_mark_in(&self, i: usize, w: &Words) -> String {
        let Some(a) = self.anomalies().get(i) else { return String::new() };
        let at = w.fill(
            w.alt.mark,
            &[
                ("ms", &format!("{:.1}", a.at.t_us as f64 / 1000.0)),
                ("wallet", &a.wallet.to_string()),
                ("kind", lab_words::analysis::anomaly(w, a.kind)),
            ],
        );
        let who = self.mark_cast(i).map(|(_, fact)| lab_words::story::cast(w, &fact));
        match who {
            Some(who) if !who.is_empty() => w.fill(w.alt.mark_cast, &[("mark", &at), ("who", &who)]),
            _ => at,
        }
    }
}
