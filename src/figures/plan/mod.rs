//! The figure plan: for any figure, its query and the reader's view (width,
//! window, player time), which runs it needs, how it is laid out (heights,
//! panels, titles) and how it is drawn (into a recording, `crate::recording`).
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
//! - [`SweepFigure`]: a sweep heatmap from its computed grid.
//!
//! The page's components call the scenario's own types, so the site's
//! first-load wasm carries Article A's drawing code only, and the lazily
//! loaded module Article B's (it makes Article A's files from recordings
//! the site hands it, `crate::export::remote`).

pub mod facts;
pub mod lease;
pub mod vote;

pub use facts::matrix_unsafe_cells;
pub use lease::{FigureHit, LeaseFigure, LeasePlan, LeaseRun, TableColumn, WINDOW_RANGE};
pub use vote::{crash_stops, StoryVerdict, VoteFigure, VotePlan, VoteRun, VoteSummary};

use serde::{Deserialize, Serialize};

use crate::recording::Area;

use super::sweep::{draw_heatmap_in, heat_height_css};
use super::{DrawResult, View};
use lab_model::params::SweepMetric;
use lab_model::sweep::SweepResult;

/// One number an Article B figure states about one of its runs
/// ([`VoteFigure::facts`], `facts.rs`; here, below both, since
/// [`VoteSummary`] carries them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoteFact {
    /// What the number is (`lost_after_power`, `finalized_after_fault`, …).
    pub key: String,
    /// The index of the run among the figure's runs.
    pub run: u32,
    /// What the number is, in Korean (the row of the answer).
    pub label_ko: String,
    /// Where in the figure it is shown, in Korean (the column of the answer).
    pub where_ko: String,
    /// The number as the figure says it.
    pub text: String,
    pub value: f64,
}

/// A sweep heatmap of a computed grid, coloured by one metric, its words
/// (axes, the article's setting, the scale's unit) from `words`.
#[derive(Clone, Debug)]
pub struct SweepFigure {
    pub result: SweepResult,
    pub metric: SweepMetric,
    pub words: &'static lab_words::Words,
}

impl SweepFigure {
    /// The heatmap's height in CSS px at `width_css`.
    pub fn height_css(&self, width_css: f64) -> f64 {
        let (rows, cols) = self.result.spec.shape();
        heat_height_css(width_css, rows, cols)
    }

    /// Draws the heatmap; `focus` outlines a cell (the page's keyboard position).
    pub fn draw(&self, area: &Area, focus: Option<(usize, usize)>, scale: f64) -> DrawResult {
        draw_heatmap_in(area, &self.result, self.metric, focus, &View { scale, ..View::default() }, self.words)
    }
}
