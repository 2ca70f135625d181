//! The lane timeline behind A1, A3, A4, A5 and A6.
//!
//! Lanes, top to bottom, per wallet: the lease as the lock server saw it
//! (server clock), one lane per worker with its holds as the client
//! believed them (client clock), the DB row balance, and optionally the
//! fence value; then one watchdog lane. A statement that queued for a DB
//! row lock is drawn as a small hatched box on its worker's lane (from its
//! arrival to the grant, widened to stay visible), with a key line under the
//! time axis when the trace has any. Everything after `view.cursor_us` is
//! left undrawn so the player can animate the same function.
//!
//! Drawing is bounded so that a redraw fits the page's frame at any slider
//! position. Each lane first lays out its marks in device pixels (merging
//! what would overlap, thinning the detail of holds too narrow to show it),
//! then draws them; [`lanes`] keeps the lanes whose marks fit
//! [`DRAW_BUDGET`] and the figure says which it left out.
//!
//! This file plans the lanes and their heights; `layout` places them in
//! device pixels, `marks` lays out each lane's marks, `draw` paints them,
//! `hit` finds the mark under a point (the page's hover, tap and keyboard)
//! and `legend` lists the kinds of mark drawn.

mod draw;
mod hit;
mod layout;
mod legend;
mod marks;
mod spotlight;

use plotters::prelude::*;

pub use draw::draw_timeline_planned;
#[cfg(not(target_arch = "wasm32"))]
pub use draw::{draw_timeline, draw_timeline_marked};
pub use hit::{describe_hit, hit_test, placed_hits, PlacedHit, TimelineHit};
pub use layout::TimelineLayout;
pub use legend::{legend_items, LegendItem};

/// How many marks of kind `item` the timeline of `trace` draws in `view`
/// (`plan`'s lanes, `w_px` device px wide): what a colour word in the prose
/// picks out when it is spotlit ([`View::spotlight`]).
pub fn spotlit_count(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    plan: &LanePlan,
    view: &View,
    w_px: u32,
    item: LegendItem,
) -> usize {
    spotlight::spotlit(trace, marks, &TimelineLayout::of(plan, view, w_px), view, item).count
}
use marks::{lease_lane_marks, watchdog_lane_marks, worker_lane_marks, Mapper};

use super::{palette as P, View};
use lab_model::analysis::{anomalies, overlap_intervals, row_lock_waits, stale_write_holds, Anomaly, RowWait};
use lab_sim::core::Stamp;
use lab_sim::lease::LeaseTrace;
use lab_words::Words;

/// What the timeline highlights, computed once per trace (not per frame).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TimelineMarks {
    /// Everything `analysis::anomalies` finds, in stamp order.
    pub anomalies: Vec<Anomaly>,
    /// Hold ids whose write was stale, sorted.
    pub stale: Vec<u32>,
    /// Per wallet: intervals with two or more owners.
    pub overlaps: Vec<Vec<(Stamp, Stamp, u32)>>,
    /// Row-lock waits, in the order they began.
    pub row_waits: Vec<RowWait>,
    /// Per worker lane, at `wallet * threads + worker`: its holds (indices
    /// into `trace.holds`) and row-lock waits (indices into `row_waits`), in time order.
    by_lane: Vec<LaneItems>,
    threads: u32,
}

/// One worker lane's holds and waits, as indices (see [`TimelineMarks`]).
#[derive(Clone, Debug, PartialEq, Default)]
struct LaneItems {
    holds: Vec<u32>,
    waits: Vec<u32>,
}

impl TimelineMarks {
    pub fn of(trace: &LeaseTrace) -> TimelineMarks {
        let c = &trace.config;
        let threads = c.threads.max(1);
        let slot = |wallet: u32, worker: u32| (wallet * threads + worker) as usize;
        let row_waits = row_lock_waits(trace);
        let mut by_lane = vec![LaneItems::default(); (c.wallets.max(1) * threads) as usize];
        for (i, h) in trace.holds.iter().enumerate() {
            if let Some(items) = by_lane.get_mut(slot(h.wallet, h.worker)) {
                items.holds.push(i as u32);
            }
        }
        for items in &mut by_lane {
            // A worker's holds close in the order they opened; this only makes sure.
            lab_sim::core::sort_by_key(&mut items.holds, |&i| trace.holds[i as usize].acquired_at);
        }
        for (i, w) in row_waits.iter().enumerate() {
            if let Some(items) = by_lane.get_mut(slot(w.wallet, w.worker)) {
                items.waits.push(i as u32);
            }
        }
        let anomalies = anomalies(trace);
        TimelineMarks {
            stale: stale_write_holds(&anomalies),
            anomalies,
            overlaps: (0..c.wallets).map(|w| overlap_intervals(trace, w)).collect(),
            row_waits,
            by_lane,
            threads,
        }
    }

    fn lane_items(&self, wallet: u32, worker: u32) -> &LaneItems {
        static EMPTY: LaneItems = LaneItems { holds: Vec::new(), waits: Vec::new() };
        let i = (wallet * self.threads + worker) as usize;
        self.by_lane.get(i).filter(|_| worker < self.threads).unwrap_or(&EMPTY)
    }

    /// The workers with holds on `wallet`, in order.
    fn workers_of(&self, wallet: u32) -> impl Iterator<Item = u32> + '_ {
        (0..self.threads).filter(move |&k| !self.lane_items(wallet, k).holds.is_empty())
    }
}

/// One horizontal lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    Lease(u32),
    Worker { wallet: u32, worker: u32 },
    Balance(u32),
    Fence(u32),
    Watchdog,
}

impl Lane {
    fn height_css(self) -> f64 {
        match self {
            Lane::Lease(_) => 16.0,
            Lane::Worker { .. } => 15.0,
            Lane::Balance(_) => 26.0,
            Lane::Fence(_) => 22.0,
            Lane::Watchdog => 16.0,
        }
    }

    /// The tightest height (CSS px) [`View::compact`] sets a lane to: a
    /// lease lane keeps its hold numbers' line, a worker lane a bar (its
    /// label may give way to its neighbour's, `draw`), a balance lane its
    /// label over a step line, a fence lane its values.
    fn tight_height_css(self) -> f64 {
        match self {
            Lane::Lease(_) => 11.0,
            Lane::Worker { .. } => 9.0,
            Lane::Balance(_) => 20.0,
            Lane::Fence(_) => 18.0,
            Lane::Watchdog => 12.0,
        }
    }

    /// The lane's height (CSS px) in `view`: its own, or tighter as [`View::compact`] asks.
    fn height_in(self, view: &View) -> f64 {
        compacted(self.height_css(), self.tight_height_css(), view)
    }
}

/// A length from `natural` (at [`View::compact`] 0) to `tight` (at 1),
/// in whole CSS px (rounded down, so the drawing is never taller than its
/// height says): `natural` itself at 0.
fn compacted(natural: f64, tight: f64, view: &View) -> f64 {
    (natural - (natural - tight) * view.compact.clamp(0.0, 1.0)).floor()
}

/// The space above the first lane, between wallet groups, and the time
/// axis's, in `view` (CSS px).
fn top_css(view: &View) -> f64 {
    compacted(TOP_CSS, 2.0, view)
}
fn gap_css(view: &View) -> f64 {
    compacted(GAP_CSS, 3.0, view)
}
fn axis_css(view: &View) -> f64 {
    compacted(AXIS_CSS, 17.0, view)
}

const AXIS_CSS: f64 = 22.0;
/// The key line for row-lock waits, under the time axis.
const KEY_CSS: f64 = 16.0;
/// The ink of row-lock wait boxes (hatched: legible without colour).
const WAIT_INK: RGBColor = P::INK;
/// The narrowest a row-lock wait box is drawn (waits are often shorter than a pixel).
const WAIT_MIN_CSS: f64 = 7.0;
const GAP_CSS: f64 = 8.0;
const TOP_CSS: f64 = 4.0;

/// Every lane a view could show, in order, with a flag for "first lane of a
/// wallet group" (before the drawing budget, [`lanes`]).
fn all_lanes(trace: &LeaseTrace, view: &View, marks: &TimelineMarks) -> Vec<(Lane, bool)> {
    let c = &trace.config;
    let mut out = Vec::new();
    for w in 0..c.wallets {
        if !view.wallet_visible(w) {
            continue;
        }
        if c.variant.uses_lock() {
            out.push((Lane::Lease(w), true));
        }
        let mut workers: Vec<u32> = marks.workers_of(w).collect();
        if workers.is_empty() && c.wallet_assignment == lab_sim::lease::WalletAssignment::Fixed {
            workers = (0..c.threads).filter(|k| k % c.wallets.max(1) == w).collect();
        }
        let first = out.len();
        for k in workers {
            out.push((Lane::Worker { wallet: w, worker: k }, out.len() == first && !c.variant.uses_lock()));
        }
        out.push((Lane::Balance(w), false));
        if view.show_fence {
            out.push((Lane::Fence(w), false));
        }
    }
    if c.watchdog_enabled() {
        out.push((Lane::Watchdog, true));
    }
    out
}

/// The lanes a timeline draws, and how many worker lanes the drawing budget left out.
#[derive(Clone, Debug, PartialEq)]
pub struct LanePlan {
    /// The lanes, in order, with a flag for "first lane of a wallet group".
    pub lanes: Vec<(Lane, bool)>,
    /// Worker lanes drawn, and worker lanes the view has in all.
    pub workers_shown: usize,
    pub workers_total: usize,
    /// What the kept lease and worker lanes cost at the reference width, in
    /// the units of [`DRAW_BUDGET`] (more than the budget only when the
    /// first lanes alone exceed it).
    pub cost: usize,
}

impl LanePlan {
    /// Whether the drawing budget left worker lanes out.
    pub fn is_capped(&self) -> bool {
        self.workers_shown < self.workers_total
    }

    /// The note a capped timeline draws under its axis, in `w`'s language (short, to fit a phone).
    pub fn cap_note(&self, w: &Words) -> Option<String> {
        self.is_capped().then(|| {
            w.fill(
                w.legend.lanes_capped,
                &[("total", &self.workers_total.to_string()), ("shown", &self.workers_shown.to_string())],
            )
        })
    }

    /// The note the page shows above the figure: the same, and what it does not change.
    pub fn cap_notice(&self, w: &Words) -> Option<String> {
        self.cap_note(w).map(|note| w.fill(w.legend.lanes_capped_notice, &[("note", &note)]))
    }
}

/// The lanes `view` shows of `trace`, within the drawing budget.
///
/// Lease and worker lanes are where the work grows with threads × wallets.
/// Their marks for the whole window (not only up to the cursor, so lanes do
/// not come and go while the player runs) are laid out at a reference width
/// of `BUDGET_PLOT_CSS` CSS px and counted; lanes are kept in order while
/// the count stays within [`DRAW_BUDGET`]. The first wallet's lease lane and
/// first worker lane are always kept. Once a worker lane is left out, so are
/// the lease and worker lanes after it, and whole wallet groups after that.
pub fn lanes(trace: &LeaseTrace, view: &View, marks: &TimelineMarks) -> LanePlan {
    let all = all_lanes(trace, view, marks);
    let workers_total = all.iter().filter(|(l, _)| matches!(l, Lane::Worker { .. })).count();
    let reference = View { scale: 1.0, cursor_us: view.t1_us, ..view.clone() };
    let m = Mapper { x0: 0, x1: BUDGET_PLOT_CSS as i32, t0: view.t0_us as f64, t1: view.t1_us as f64 };
    // The watchdog lane is always drawn: its ticks are paid for first.
    let mut spent = if trace.config.watchdog_enabled() { watchdog_lane_marks(trace, &reference, &m).cost() } else { 0 };
    let mut out: Vec<(Lane, bool)> = Vec::with_capacity(all.len());
    let mut workers_shown = 0usize;
    let mut last_lease_cost = 0usize;
    // Once cutting: the wallet whose balance (and fence) lanes still follow.
    let mut cut: Option<Option<u32>> = None;
    for (lane, first) in all {
        if let Some(kept) = cut {
            if matches!(lane, Lane::Watchdog) || matches!(lane, Lane::Balance(w) | Lane::Fence(w) if kept == Some(w)) {
                out.push((lane, first));
            }
            continue;
        }
        let (cost, must_keep) = match lane {
            Lane::Lease(w) => (lease_lane_marks(trace, w, &reference, &m).cost(), out.is_empty()),
            Lane::Worker { wallet, worker } => {
                (worker_lane_marks(trace, marks, wallet, worker, &reference, &m).cost(), workers_shown == 0)
            }
            Lane::Balance(_) | Lane::Fence(_) | Lane::Watchdog => (0, true),
        };
        let over_lanes = matches!(lane, Lane::Worker { .. }) && workers_shown >= MAX_WORKER_LANES;
        if !must_keep && (spent + cost > DRAW_BUDGET || over_lanes) {
            cut = Some(match lane {
                // A lease lane says little without its workers: it goes with them.
                Lane::Worker { wallet, .. } if out.last() == Some(&(Lane::Lease(wallet), true)) => {
                    out.pop();
                    spent -= last_lease_cost;
                    None
                }
                Lane::Worker { wallet, .. } => Some(wallet),
                _ => None,
            });
            continue;
        }
        spent += cost;
        match lane {
            Lane::Worker { .. } => workers_shown += 1,
            Lane::Lease(_) => last_lease_cost = cost,
            _ => {}
        }
        out.push((lane, first));
    }
    LanePlan { lanes: out, workers_shown, workers_total, cost: spent }
}

/// The height in CSS pixels a timeline needs for this view.
pub fn height_css(trace: &LeaseTrace, view: &View, marks: &TimelineMarks) -> f64 {
    height_css_planned(&lanes(trace, view, marks), view, marks)
}

/// [`height_css`] with the lanes already planned ([`lanes`] for this view).
pub fn height_css_planned(plan: &LanePlan, view: &View, marks: &TimelineMarks) -> f64 {
    let groups = plan.lanes.iter().filter(|(_, first)| *first).count() as f64;
    let title = if view.title.is_some() { 18.0 } else { 0.0 };
    let keys = if has_row_waits(marks, view) { KEY_CSS } else { 0.0 } + if plan.is_capped() { KEY_CSS } else { 0.0 };
    top_css(view)
        + title
        + plan.lanes.iter().map(|(l, _)| l.height_in(view)).sum::<f64>()
        + groups * gap_css(view)
        + axis_css(view)
        + keys
}

/// Whether any visible wallet has a row-lock wait anywhere in the trace (not
/// only in the window, so that zooming and playing keep the height).
fn has_row_waits(marks: &TimelineMarks, view: &View) -> bool {
    marks.row_waits.iter().any(|w| view.wallet_visible(w.wallet))
}

/// What the lease and worker lanes of one timeline may cost to draw, in
/// units of one filled rectangle (`cost`). In Chromium a unit takes about
/// 2–2.5 µs (measured on the 2-vCPU VM: exp1's 20 s window, 4,600 units,
/// drew in 9.5–12 ms), so the budget keeps a drawing near 6 ms, which
/// leaves the rest of the 16 ms frame to the capped run (`work_cap`) and
/// the page. Every figure's starting state costs 900 units or less.
pub const DRAW_BUDGET: usize = 2_500;

/// Worker lanes one timeline draws at most: every thread of the largest
/// fixed assignment (64). With random assignment a thread has a lane in every
/// wallet it paid from, up to 1,024, far taller than any screen.
const MAX_WORKER_LANES: usize = 64;

/// The plot width at which [`lanes`] counts marks against [`DRAW_BUDGET`]
/// (about the page's widest plot, in CSS px).
const BUDGET_PLOT_CSS: f64 = 860.0;

/// The stamp of event `i` (or the end of the window past the last one).
pub fn event_time(trace: &LeaseTrace, i: usize) -> Option<Stamp> {
    trace.events.get(i).map(|e| e.at)
}

/// Index of the last event at or before `t_us` (events are in stamp order).
pub fn event_index_at(trace: &LeaseTrace, t_us: u64) -> usize {
    trace.events.partition_point(|e| e.at.t_us <= t_us).saturating_sub(1)
}
