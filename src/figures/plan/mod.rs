//! The figure plan: for any figure, its query and the reader's view (width,
//! window, player time), which runs it needs, how it is laid out (heights,
//! panels, titles) and how it is drawn on any plotters backend.
//!
//! It is written once, here, for everyone who draws a figure: the page's
//! figure components (the top crate's `web::figure`, `web::vote_figure`), the
//! export module behind the page's files (`crate::export`) and
//! `lab figure`. They differ only in how they fulfil the runs: the page runs
//! a table's runs in workers or later tasks, `lab figure` runs everything on
//! one thread. A run is described as data ([`LeaseRun`], [`VoteRun`]) and
//! run by its own `run`, so every caller gets the same trace.
//!
//! - [`lease`]: Article A (A1–A9): [`LeasePlan`] → [`LeaseFigure`];
//! - [`vote`]: Article B (B1, B3–B6): [`VotePlan`] → [`VoteFigure`];
//! - [`SweepFigure`]: a sweep heatmap from its computed grid;
//! - [`Drawing`]: any of them, for callers that draw every kind (the export module).
//!
//! The page's components call the scenario's own types, so the site's
//! first-load wasm carries Article A's drawing code only.

pub mod facts;
pub mod lease;
pub mod vote;

pub use facts::{matrix_unsafe_cells, VoteFact};
pub use lease::{FigureHit, LeaseFigure, LeasePlan, LeaseRun, TableColumn, WINDOW_RANGE};
pub use vote::{crash_stops, StoryVerdict, VoteFigure, VotePlan, VoteRun, VoteSummary};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::sweep::{draw_heatmap, heat_height_css};
use super::vote::StackFault;
use super::{DrawResult, View};
use lab_model::params::SweepMetric;
use lab_model::sweep::SweepResult;

/// A sweep heatmap of a computed grid, coloured by one metric.
#[derive(Clone, Debug)]
pub struct SweepFigure {
    pub result: SweepResult,
    pub metric: SweepMetric,
}

impl SweepFigure {
    /// The heatmap's height in CSS px at `width_css`.
    pub fn height_css(&self, width_css: f64) -> f64 {
        let (rows, cols) = self.result.spec.shape();
        heat_height_css(width_css, rows, cols)
    }

    /// Draws the heatmap; `focus` outlines a cell (the page's keyboard position).
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        focus: Option<(usize, usize)>,
        scale: f64,
    ) -> DrawResult<DB> {
        draw_heatmap(area, &self.result, self.metric, focus, &View { scale, ..View::default() })
    }
}

/// Any figure's drawing.
#[derive(Clone, Debug)]
pub enum Drawing {
    Lease(Box<LeaseFigure>),
    Vote(Box<VoteFigure>),
    Sweep(Box<SweepFigure>),
}

impl Drawing {
    /// The legend a file of this drawing paints under it: a lane timeline's
    /// marks as its run drew them (the page's legend too), a story's fixed
    /// keys, nothing for drawings that carry their own keys.
    pub fn legend_entries(&self, kind: lab_model::registry::FigureKind) -> Vec<crate::legend::LegendEntry> {
        match self {
            Drawing::Lease(f) if kind.is_lease_timeline() => f.legend().iter().map(|i| i.entry()).collect(),
            _ => crate::legend::fixed_legend_of(kind).to_vec(),
        }
    }

    /// The drawing's height in CSS px at `width_css`.
    pub fn height_css(&self, width_css: f64) -> f64 {
        match self {
            Drawing::Lease(f) => f.height_css(width_css),
            Drawing::Vote(f) => f.height_css(width_css),
            Drawing::Sweep(f) => f.height_css(width_css),
        }
    }

    /// The player's cursor for a requested time (`None`: the end).
    pub fn cursor_at(&self, time_us: Option<u64>) -> u64 {
        match self {
            Drawing::Lease(f) => f.cursor_at(time_us),
            Drawing::Vote(f) => f.cursor_at(time_us),
            Drawing::Sweep(_) => u64::MAX,
        }
    }

    /// The span (µs) a player covers, for figures with a player.
    pub fn player_span_us(&self) -> Option<u64> {
        match self {
            Drawing::Lease(f) if f.plan().is_timeline() => Some(f.window_us()),
            Drawing::Vote(f) if f.spec().kind.is_story() => Some(f.story_end_us()),
            _ => None,
        }
    }

    /// What the caps changed, in English (`lab figure` prints them).
    pub fn notes_en(&self) -> Vec<String> {
        match self {
            Drawing::Lease(f) => f.notes_en(),
            Drawing::Vote(f) => f.cap_note_en().into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Draws the whole figure as a file shows it: at `cursor_us`, with no
    /// fault overlay (B6) and no focused cell (sweeps).
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        cursor_us: u64,
        scale: f64,
    ) -> DrawResult<DB> {
        match self {
            Drawing::Lease(f) => f.draw(area, cursor_us, scale),
            Drawing::Vote(f) => f.draw(area, cursor_us, StackFault::None, scale),
            Drawing::Sweep(f) => f.draw(area, None, scale),
        }
    }
}
