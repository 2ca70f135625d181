//! What a file needs of a figure, whoever drew it: [`FigureSource`].
//!
//! A file is the figure's drawing, its legend under it, and its caption;
//! a source's legend is in the words it draws in (a figure's table).
//! The drawing comes from a source as a [`Recording`]: `lab figure` plans
//! every figure itself (the implementations here); the page's lazily
//! loaded module plans Article B's and asks the site's module for Article
//! A's, whose simulation and drawing code only the site carries
//! ([`super::remote`]).

use lab_model::registry::FigureKind;

use crate::legend::{fixed_legend_in, LegendEntry};
use crate::plan::{LeaseFigure, LeasePlan, SweepFigure, VoteFigure};
use crate::recording::{record, Recording};
use crate::vote::StackFault;

/// A figure a file can be made of.
pub trait FigureSource {
    /// The drawing's height in CSS px at `width_css`.
    fn height_css(&self, width_css: f64) -> Result<f64, String>;
    /// The legend a file paints under the drawing.
    fn legend(&self) -> Result<Vec<LegendEntry>, String>;
    /// The drawing on an area of `size` device px at `scale` device px per
    /// CSS px, with nothing after `cursor_us` on a figure with a player.
    fn record(&self, size: (u32, u32), cursor_us: u64, scale: f64) -> Result<Recording, String>;
    /// The player's cursor for a requested time (`None`: the end).
    fn cursor_at(&self, time_us: Option<u64>) -> u64;
    /// The span (µs) a player covers, for figures with a player.
    fn player_span_us(&self) -> Option<u64>;
    /// What the caps changed, in English (`lab figure` prints them).
    fn notes_en(&self) -> Vec<String>;
    /// A timeline's first anomaly (the player's first mark, where its
    /// next-anomaly button first goes), µs; `None` for a figure without one.
    fn first_anomaly_us(&self) -> Result<Option<u64>, String> {
        Ok(None)
    }
    /// Plans a timeline again with a visible window of `window_ms` (a blog
    /// file's, `super::blog_window_ms`).
    fn set_window_ms(&mut self, _window_ms: u32) -> Result<(), String> {
        Err("this figure has no time window".into())
    }
}

impl FigureSource for LeaseFigure {
    fn height_css(&self, width_css: f64) -> Result<f64, String> {
        Ok(LeaseFigure::height_css(self, width_css))
    }
    fn legend(&self) -> Result<Vec<LegendEntry>, String> {
        let kind = self.plan().kind();
        Ok(if kind.is_lease_timeline() {
            LeaseFigure::legend(self).iter().map(|i| i.entry_in(self.words())).collect()
        } else {
            fixed_legend_in(kind, self.words())
        })
    }
    fn record(&self, size: (u32, u32), cursor_us: u64, scale: f64) -> Result<Recording, String> {
        record(size, |area| self.draw(area, cursor_us, scale))
    }
    fn cursor_at(&self, time_us: Option<u64>) -> u64 {
        LeaseFigure::cursor_at(self, time_us)
    }
    fn player_span_us(&self) -> Option<u64> {
        self.plan().is_timeline().then(|| self.window_us())
    }
    fn notes_en(&self) -> Vec<String> {
        LeaseFigure::notes_en(self)
    }
    fn first_anomaly_us(&self) -> Result<Option<u64>, String> {
        Ok(self.anomalies().first().map(|a| a.at.t_us))
    }
    fn set_window_ms(&mut self, window_ms: u32) -> Result<(), String> {
        let plan = self.plan();
        let words = self.words();
        *self = LeasePlan::new(plan.spec, plan.query.clone(), Some(window_ms), plan.reveal_ledger).run();
        self.set_words(words);
        Ok(())
    }
}

impl FigureSource for VoteFigure {
    fn height_css(&self, width_css: f64) -> Result<f64, String> {
        Ok(VoteFigure::height_css(self, width_css))
    }
    fn legend(&self) -> Result<Vec<LegendEntry>, String> {
        Ok(fixed_legend_in(self.spec().kind, self.words()))
    }
    fn record(&self, size: (u32, u32), cursor_us: u64, scale: f64) -> Result<Recording, String> {
        record(size, |area| self.draw(area, cursor_us, StackFault::None, scale))
    }
    fn cursor_at(&self, time_us: Option<u64>) -> u64 {
        VoteFigure::cursor_at(self, time_us)
    }
    fn player_span_us(&self) -> Option<u64> {
        self.spec().kind.is_story().then(|| self.story_end_us())
    }
    fn notes_en(&self) -> Vec<String> {
        self.cap_note_en().into_iter().collect()
    }
}

impl FigureSource for SweepFigure {
    fn height_css(&self, width_css: f64) -> Result<f64, String> {
        Ok(SweepFigure::height_css(self, width_css))
    }
    fn legend(&self) -> Result<Vec<LegendEntry>, String> {
        Ok(fixed_legend_in(FigureKind::Sweep(self.result.spec.kind), self.words))
    }
    fn record(&self, size: (u32, u32), _cursor_us: u64, scale: f64) -> Result<Recording, String> {
        record(size, |area| self.draw(area, None, scale))
    }
    fn cursor_at(&self, _time_us: Option<u64>) -> u64 {
        u64::MAX
    }
    fn player_span_us(&self) -> Option<u64> {
        None
    }
    fn notes_en(&self) -> Vec<String> {
        Vec::new()
    }
}
