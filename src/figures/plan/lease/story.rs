//! A lane timeline figure's story, told step by step on its own runs: the
//! story found in the traces, the small view each step is drawn in (one
//! wallet, its named threads, their stretch of time) and the drawing and
//! height of a step; and how many marks a colour word picks out in it.

use crate::recording::Area;

use super::{split_title, LeaseFigure};
use crate::plots::{draw_outage_focused, outage_panel_height_css, ChartFocus};
use crate::story::{fence_story, lease_story, rowlock_story, Story, StoryStep};
use crate::timeline::{draw_timeline_planned, height_css_planned, lanes, Lane, LanePlan};
use crate::{DrawResult, View};
use lab_model::registry::FigureKind;
use lab_sim::lease::Variant;
use lab_words::Words;

impl LeaseFigure {
    /// The story of a lane timeline's run ([`lease_story`]; a lockless run's
    /// is [`rowlock_story`]), or of the fence's two panels ([`fence_story`]),
    /// found in the traces; `w` names the threads its highlights light.
    pub fn story_in(&self, w: &Words) -> Option<Story> {
        match self.plan.kind() {
            FigureKind::Timeline if self.traces[0].config.variant == Variant::Conditional => {
                Some(rowlock_story(&self.traces[0], self.window_us, self.plan.spec.wallets, w))
            }
            FigureKind::Timeline => Some(lease_story(&self.traces[0], self.window_us, w)),
            FigureKind::SplitTimeline => Some(fence_story(&self.traces[0], &self.traces[1], self.window_us, w)),
            _ => None,
        }
    }

    /// [`Self::story_in`] with the Korean edition's names, for the callers
    /// not yet handed a table (the exports; issue 42 removes it).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn story(&self) -> Option<Story> {
        self.story_in(&lab_words::ko::WORDS)
    }

    /// The panel a story step is told on.
    fn story_panel(step: &StoryStep) -> usize {
        step.focus.as_ref().map_or(0, |f| f.panel)
    }

    /// What a story step shows: its focus (one wallet, the named threads, their
    /// stretch of time, in its panel, titled when the figure has two) or the
    /// whole figure, with its highlight.
    fn story_frame(&self, step: &StoryStep) -> (View, LanePlan) {
        let panel = Self::story_panel(step);
        let title =
            (self.plan.kind() == FigureKind::SplitTimeline).then(|| split_title(panel, self.words()).to_string());
        let base = View { highlight: step.highlight.clone(), title, ..self.base_view() };
        match &step.focus {
            None => (base, self.lanes[0].clone()),
            Some(f) => {
                let view = View { t0_us: f.t0_us, t1_us: f.t1_us, wallets: vec![f.wallet], ..base };
                let mut plan = lanes(&self.traces[panel], &view, &self.marks[panel]);
                plan.lanes.retain(|(l, _)| !matches!(l, Lane::Worker { worker, .. } if !f.workers.contains(worker)));
                plan.workers_shown = f.workers.len();
                plan.workers_total = f.workers.len();
                (view, plan)
            }
        }
    }

    /// The height in CSS px of a story step's drawing `width_css` wide.
    pub fn story_height_css(&self, step: &StoryStep, width_css: f64) -> f64 {
        if self.plan.kind() == FigureKind::Outage {
            // A focused step draws its panel alone; the last, the whole chart.
            return match step.focus {
                Some(_) => outage_panel_height_css(width_css),
                None => self.height_css(width_css),
            };
        }
        if step.focus.is_none() && self.plan.kind() == FigureKind::SplitTimeline {
            return self.height_css(0.0);
        }
        let (view, plan) = self.story_frame(step);
        height_css_planned(&plan, &view, &self.marks[Self::story_panel(step)])
    }

    /// The height in CSS px a story's drawing keeps while it is told in its
    /// small view: its tallest focused step (the last step, the whole run,
    /// may be taller), so that nothing under it moves from step to step.
    /// A chart's story keeps one panel's height (its least, on a phone).
    pub fn story_room_css(&self, story: &Story) -> f64 {
        if self.plan.kind() == FigureKind::Outage {
            return outage_panel_height_css(0.0);
        }
        story.steps.iter().filter(|s| s.focus.is_some()).map(|s| self.story_height_css(s, 0.0)).fold(0.0, f64::max)
    }

    /// [`LeaseFigure::spotlit_count`] of a story step's drawing ([`LeaseFigure::draw_story`]).
    pub fn story_spotlit_count(&self, step: &StoryStep, width_css: f64, scale: f64) -> usize {
        let Some(item) = self.spotlight.get().filter(|_| self.plan.kind() != FigureKind::Outage) else { return 0 };
        if step.focus.is_none() && self.plan.kind() == FigureKind::SplitTimeline {
            return self.spotlit_count(width_css, scale, step.at_us);
        }
        let w_px = (width_css * scale).round() as u32;
        let (view, plan) = self.story_frame(step);
        let view = View { cursor_us: step.at_us, scale, ..view }.fitted_to(w_px);
        let panel = Self::story_panel(step);
        crate::timeline::spotlit_count(&self.traces[panel], &self.marks[panel], &plan, &view, w_px, item)
    }

    /// Draws a story step ([`LeaseFigure::story`]): the cursor at its moment.
    pub fn draw_story(&self, area: &Area, step: &StoryStep, scale: f64) -> DrawResult {
        if self.plan.kind() == FigureKind::Outage {
            // A chart's focus is its panel and its stretch of seconds (story::outage_story).
            let focus = step.focus.as_ref().map(|f| ChartFocus {
                s0: f.t0_us as f64 / 1e6,
                s1: f.t1_us as f64 / 1e6,
                panel: f.panel,
            });
            let view = View { scale, ..self.base_view() }.fitted_to(area.dim_in_pixel().0);
            return draw_outage_focused(area, &self.traces[0], &view, focus, self.words());
        }
        if step.focus.is_none() && self.plan.kind() == FigureKind::SplitTimeline {
            // The last step opens out to both panels.
            return self.draw_highlighted(area, step.at_us, scale, None);
        }
        let (view, plan) = self.story_frame(step);
        let view = View { cursor_us: step.at_us, scale, ..view }.fitted_to(area.dim_in_pixel().0);
        let panel = Self::story_panel(step);
        draw_timeline_planned(area, &self.traces[panel], &view, &self.marks[panel], &plan, self.words())
    }
}
