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

use lab_model::catalogue::{self, VariantEntry};
use lab_model::params::LeaseQuery;
use lab_model::registry::{FigureKind, FigureSpec};
use lab_model::work_cap::run_within_cap;
use lab_sim::lease::{LeaseConfig, LeaseTrace, Preset, TraceLevel};
use lab_words::Words;

mod figure;
mod story;

pub use figure::{FigureHit, LeaseFigure};

/// Accepted timeline windows in ms (the URL's `win`, `lab figure --window`).
pub const WINDOW_RANGE: (u32, u32) = (200, 120_000);

/// A4's two panels, top then bottom: the variants the catalogue shows there.
fn split_variants() -> Vec<&'static VariantEntry> {
    catalogue::variants_shown(|s| s.split_timeline)
}

/// A4's panel `panel`'s title: its variant's name in `w`.
fn split_title(panel: usize, w: &Words) -> &'static str {
    split_variants().get(panel).map_or("", |v| lab_words::catalogue::variant_name(w, v.variant))
}

/// The variants of A8 and A9 (and their tables), in the article's order.
fn every_variant() -> Vec<&'static VariantEntry> {
    catalogue::variants_shown(|s| s.every_variant_charts)
}

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
    /// Runs it within the work cap (`lab_model::work_cap`): the trace, and the
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
            FigureKind::SplitTimeline => {
                split_variants().iter().map(|v| LeaseConfig { variant: v.variant, ..c.clone() }).collect()
            }
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
                .table_with(&|_, _| String::new())
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
    #[cfg(not(target_arch = "wasm32"))]
    pub fn table(&self) -> Vec<TableColumn> {
        self.table_in(&lab_words::ko::WORDS)
    }

    /// [`LeasePlan::table`] with its column heads in `w`.
    pub fn table_in(&self, w: &Words) -> Vec<TableColumn> {
        self.table_with(&|label, r| w.fill(w.legend.table_run, &[("label", label), ("r", &r.to_string())]))
    }

    /// The table's columns, a run's head written by `head` (its label, its run index).
    fn table_with(&self, head: &dyn Fn(&str, u32) -> String) -> Vec<TableColumn> {
        let q = &self.query;
        let run = |config: &LeaseConfig, run_index: u32| LeaseRun {
            config: config.clone(),
            seed: q.seed,
            run_index,
            level: TraceLevel::Summary,
            table_slot: None,
        };
        let runs3 = |label: &str, config: &LeaseConfig| -> Vec<TableColumn> {
            (0..3u32).map(|r| TableColumn { header: head(label, r), runs: vec![run(config, r)] }).collect()
        };
        match self.kind() {
            FigureKind::SplitTimeline => {
                let configs = self.timeline_configs();
                let mut columns = Vec::new();
                for (v, config) in split_variants().iter().zip(&configs) {
                    columns.extend(runs3(&format!("{} ", v.label), config));
                }
                columns
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => every_variant()
                .iter()
                .map(|v| {
                    let config = LeaseConfig { variant: v.variant, ..q.config.clone() };
                    TableColumn {
                        header: v.label.to_string(),
                        runs: (0..self.runs_per_column()).map(|r| run(&config, r)).collect(),
                    }
                })
                .collect(),
            _ => runs3("", &q.config),
        }
    }

    /// The metric table shown beside `figure` (the page's), its column heads
    /// in `w`: A2 and A7 draw one of the table's runs, and the table's other
    /// runs take the configuration that run ended up with, so that when the
    /// work cap shortened it they are as long. (The metric CSV,
    /// [`LeasePlan::csv_columns_in`], runs the query's configuration as it is.)
    pub fn table_beside_in(&self, figure: &LeaseFigure, w: &Words) -> Vec<TableColumn> {
        match (self.kind(), figure.traces.first()) {
            (FigureKind::Balance | FigureKind::Outage, Some(drawn)) => {
                let plan = LeasePlan {
                    query: LeaseQuery { config: drawn.config.clone(), ..self.query.clone() },
                    ..self.clone()
                };
                plan.table_in(w)
            }
            _ => self.table_in(w),
        }
    }

    /// The table's runs one by one with their column heads in the metric
    /// CSV: a column of several runs (A8, A9) gets one CSV column per run.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn csv_columns(&self) -> Vec<(String, LeaseRun)> {
        self.csv_columns_in(&lab_words::ko::WORDS)
    }

    /// [`LeasePlan::csv_columns`] with its column heads in `w`.
    pub fn csv_columns_in(&self, w: &Words) -> Vec<(String, LeaseRun)> {
        let per_run = matches!(self.kind(), FigureKind::Tradeoff | FigureKind::LatencyCdf);
        self.table_in(w)
            .into_iter()
            .flat_map(|col| {
                let header = col.header;
                col.runs.into_iter().map(move |r| {
                    let head = if per_run {
                        w.fill(w.legend.csv_run, &[("header", &header), ("r", &r.run_index.to_string())])
                    } else {
                        header.clone()
                    };
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
            FigureKind::SplitTimeline if q.config.ttl_ms == 200 => split_variants().iter().map(|v| v.preset).collect(),
            FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage => unchanged.into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The note under the table when it could show the article's
    /// measurements (A1, A2, A3, A5, A6, A7) but the query is not the preset unchanged.
    pub fn article_note(&self, w: &Words) -> Option<&'static str> {
        let comparable = matches!(self.kind(), FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage);
        (comparable && self.article_presets().is_empty()).then_some(w.legend.article_note)
    }

    /// Runs every run the drawing needs on this thread and lays the figure out.
    pub fn run(&self) -> LeaseFigure {
        let runs = self.figure_runs().iter().map(|r| r.run()).map(|(t, ms)| (Rc::new(t), ms)).collect();
        LeaseFigure::new(self, runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::registry::{figures_of, Scenario};

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
        // At their own height and set tighter for a short frame (`View::compact`).
        for (id, fit) in [("lease-expiry", None), ("fence-placement", None), ("lease-expiry", Some(320.0))] {
            let spec = crate::figure_spec(id).unwrap();
            let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
            figure.set_fit_height_css(fit);
            let end = figure.window_us();
            for width in [390.0, 1000.0] {
                let placed = figure.placed_marks(width, end);
                assert!(placed.len() > 3, "{id} at {width}: {} marks", placed.len());
                let panels: lab_sim::sorted::OrdSet<usize> = placed.iter().map(|p| p.0.panel).collect();
                assert_eq!(panels.len(), figure.traces().len(), "{id}: marks in every panel");
                for &(hit, x, y) in &placed {
                    let found = figure.hit_at(width, 2.0, end, x, y).expect("a placed mark is found");
                    assert_eq!(found.panel, hit.panel, "{id} at {width}");
                    assert!(!figure.describe_mark_in(found, end, &lab_words::ko::WORDS).is_empty());
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

    /// A timeline asked to fit a short frame sets its lanes tighter, down
    /// to the tightest (never shorter), draws within that height, and takes
    /// back its own height, exactly, when the frame has room or no limit.
    #[test]
    fn a_timeline_fits_a_short_frame_by_its_lanes() {
        for id in ["lease-expiry", "watchdog-stop", "fence-placement"] {
            let spec = crate::figure_spec(id).unwrap();
            let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
            let own = figure.height_css(768.0);
            let own_svg = crate::recording::svg_of((768, own as u32), |a| figure.draw(a, figure.window_us(), 1.0));
            figure.set_fit_height_css(Some(1.0));
            let tightest = figure.height_css(768.0);
            assert!(tightest < own * 0.75, "{id}: {tightest} of {own}");
            for fit in [tightest + 20.0, (tightest + own) / 2.0, own - 1.0] {
                figure.set_fit_height_css(Some(fit));
                let h = figure.height_css(768.0);
                assert!(h <= fit && h >= tightest && h < own, "{id}: {h} for {fit} ({tightest}..{own})");
                let (_, _, axis_y) = figure.time_axis(768.0).unwrap();
                assert!(axis_y < h, "{id}: the axis {axis_y} within {h}");
                crate::recording::svg_of((768, h as u32), |a| figure.draw(a, figure.window_us(), 1.0)).unwrap();
            }
            for fit in [Some(own), Some(own + 200.0), None] {
                figure.set_fit_height_css(fit);
                assert_eq!(figure.height_css(768.0), own, "{id} with {fit:?}");
                let svg = crate::recording::svg_of((768, own as u32), |a| figure.draw(a, figure.window_us(), 1.0));
                assert_eq!(svg, own_svg, "{id}: its own drawing again");
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

    /// Every timeline figure's starting state fits the full-level cap with
    /// room to spare (the cap is for the slider corners, not the article):
    /// the runs its plan asks for, A4's two fence variants included, and
    /// the figure drawn from them says nothing about a cap.
    #[test]
    fn no_figure_starts_capped() {
        for spec in figures_of(Scenario::Lease).filter(|s| s.kind.is_lease_timeline()) {
            let plan = LeasePlan::new(spec, spec.initial_query(), None, true);
            for r in plan.figure_runs() {
                let events = lab_sim::lease::run(&r.config, r.seed, r.run_index, r.level).stats.events_processed;
                assert!(
                    events * 2 < lab_model::work_cap::MAX_EVENTS_FULL,
                    "{} {:?}: {events} events",
                    spec.id,
                    r.config.variant
                );
                // With the refusals it records, too.
                assert_eq!(r.run().1, None, "{} {:?}", spec.id, r.config.variant);
            }
            let figure = plan.run();
            assert_eq!(figure.cap_notice(), None, "{}", spec.id);
            assert_eq!(figure.window_us(), u64::from(spec.window_ms) * 1000, "{}", spec.id);
        }
    }

    /// Every Article A figure handed the English table draws its words in
    /// English: no text call of its drawing (at the end and at a narrow
    /// width) holds Hangul or an unfilled placeholder.
    #[test]
    fn every_figure_draws_english_in_the_english_table() {
        crate::export::ensure_font().unwrap();
        let en = Words::of(lab_words::Lang::En);
        let mut said = 0;
        for spec in figures_of(Scenario::Lease) {
            let plan = LeasePlan::new(spec, spec.initial_query(), None, true);
            let figure = plan.run();
            figure.set_words(en);
            let mut said_too = vec![figure.text_alternative(Some("seed 1"))];
            said_too.extend(plan.table_in(en).into_iter().map(|c| c.header));
            said_too.extend(plan.csv_columns_in(en).into_iter().map(|c| c.0));
            said_too.extend(plan.article_note(en).map(str::to_string));
            said_too.extend(
                (0..figure.step_times().len().min(40)).map(|i| crate::player::Narrator::describe_step(&figure, i)),
            );
            said_too
                .extend((0..figure.player_marks().len()).map(|i| crate::player::Narrator::describe_mark(&figure, i)));
            for text in &said_too {
                let korean = text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c));
                assert!(!korean && !text.contains('{'), "{}: {text}", spec.id);
            }
            for width in [390.0, 900.0] {
                let size = (width as u32, figure.height_css(width).ceil() as u32);
                let rec = crate::recording::record(size, |a| figure.draw(a, figure.window_us(), 1.0)).unwrap();
                for op in &rec.ops {
                    if let crate::recording::Op::Text { text, .. } = op {
                        said += 1;
                        let korean = text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c));
                        assert!(!korean && !text.contains('{'), "{} at {width}: {text}", spec.id);
                    }
                }
            }
        }
        assert!(said > 200, "{said} texts drawn");
    }
}
