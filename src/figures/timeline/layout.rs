//! Where a timeline's lanes and time axis sit in device pixels, for a plan,
//! a view and a width: the one layout that the drawing (`super::draw`) paints
//! and the hit-testing (`super::hit`) reads, so a pointer finds exactly the
//! mark drawn under it.

use super::marks::Mapper;
use super::{axis_css, gap_css, top_css, Lane, LanePlan};
use crate::View;

/// A timeline's layout at one width and scale.
pub struct TimelineLayout {
    /// Each lane with its top and bottom (device px), in drawing order.
    pub rows: Vec<(Lane, i32, i32)>,
    /// Time ↔ x within the plot (device px).
    pub(super) mapper: Mapper,
    /// The first lane's top and the last lane's bottom.
    pub plot_top: i32,
    pub plot_bottom: i32,
    /// Under the time axis's labels.
    pub axis_bottom: i32,
    /// Narrower than 520 CSS px: the labels are set smaller.
    pub narrow: bool,
}

impl TimelineLayout {
    /// The layout of `plan`'s lanes in `view` on an area `w_px` device px wide.
    pub fn of(plan: &LanePlan, view: &View, w_px: u32) -> TimelineLayout {
        let narrow = (w_px as f64) / view.scale < 520.0;
        // Wide enough for the Korean lease lane label ("wallet 0 lease") by
        // `text_width::approx_text_width` (10 px when narrow).
        let label_w = if narrow { 68.0 } else { 96.0 };
        let mapper = Mapper {
            x0: view.px(label_w),
            x1: w_px as i32 - view.px(18.0),
            t0: view.t0_us as f64,
            t1: view.t1_us as f64,
        };
        let mut y = view.px(top_css(view));
        if view.title.is_some() {
            y += view.px(18.0);
        }
        let mut rows: Vec<(Lane, i32, i32)> = Vec::with_capacity(plan.lanes.len());
        for (lane, first) in &plan.lanes {
            if *first && !rows.is_empty() {
                y += view.px(gap_css(view));
            } else if *first {
                y += view.px(gap_css(view) / 2.0);
            }
            let h = view.px(lane.height_in(view));
            rows.push((*lane, y, y + h));
            y += h;
        }
        let plot_top = rows.first().map(|r| r.1).unwrap_or(0);
        TimelineLayout { rows, mapper, plot_top, plot_bottom: y, axis_bottom: y + view.px(axis_css(view)), narrow }
    }

    /// The left and right ends of the plot (device px).
    pub fn plot_x(&self) -> (i32, i32) {
        (self.mapper.x0, self.mapper.x1)
    }

    /// The x (device px) of time `t_us`.
    pub fn x_of(&self, t_us: u64) -> i32 {
        self.mapper.x(t_us)
    }

    /// The time (µs) at `x` (device px), clamped to the window.
    pub fn time_at_x(&self, x: i32) -> u64 {
        let m = &self.mapper;
        let f = f64::from(x - m.x0) / f64::from((m.x1 - m.x0).max(1));
        (m.t0 + (m.t1 - m.t0) * f.clamp(0.0, 1.0)).round() as u64
    }

    /// The lane at `y` (device px), if any.
    pub fn lane_at(&self, y: i32) -> Option<(Lane, i32, i32)> {
        self.rows.iter().copied().find(|&(_, top, bottom)| y >= top && y < bottom)
    }
}
