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

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::analysis::{anomalies, overlap_intervals, row_lock_waits, stale_write_holds, Anomaly, RowWait};
use super::{nice_step, palette as P, DrawResult, View};
use crate::sim::core::Stamp;
use crate::sim::lease::{EventKind, LeaseEnd, LeaseTrace, Outcome, ReleaseResult};

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
            items.holds.sort_by_key(|&i| trace.holds[i as usize].acquired_at);
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
        if workers.is_empty() && c.wallet_assignment == crate::sim::lease::WalletAssignment::Fixed {
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

    /// The Korean note a capped timeline draws under its axis (short, to fit a phone).
    pub fn cap_note_ko(&self) -> Option<String> {
        self.is_capped().then(|| {
            format!("그리기 상한: 스레드 줄 {}개 중 앞의 {}개만 그렸습니다.", self.workers_total, self.workers_shown)
        })
    }

    /// The note the page shows above the figure: the same, and what it does not change.
    pub fn cap_notice_ko(&self) -> Option<String> {
        self.cap_note_ko().map(|note| format!("{note} 표와 지표는 모든 스레드를 셉니다."))
    }
}

/// The lanes `view` shows of `trace`, within the drawing budget.
///
/// Lease and worker lanes are where the work grows with threads × wallets.
/// Their marks for the whole window (not only up to the cursor, so lanes do
/// not come and go while the player runs) are laid out at a reference width
/// of [`BUDGET_PLOT_CSS`] CSS px and counted; lanes are kept in order while
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
    TOP_CSS + title + plan.lanes.iter().map(|(l, _)| l.height_css()).sum::<f64>() + groups * GAP_CSS + AXIS_CSS + keys
}

/// Whether any visible wallet has a row-lock wait anywhere in the trace (not
/// only in the window, so that zooming and playing keep the height).
fn has_row_waits(marks: &TimelineMarks, view: &View) -> bool {
    marks.row_waits.iter().any(|w| view.wallet_visible(w.wallet))
}

/// A row-lock wait box: white, outlined, with diagonal hatching (a barrier),
/// legible without colour and distinct from the hold bars under it.
fn draw_wait_box<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &View,
    x0: i32,
    x1: i32,
    top: i32,
    bottom: i32,
) -> DrawResult<DB> {
    let ink = WAIT_INK.stroke_width(view.px(1.0).max(1) as u32);
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], WHITE.filled()))?;
    area.draw(&PathElement::new(hatching(x0, x1, top, bottom, view.px(4.0).max(3)), ink))?;
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], ink))
}

/// A polyline with at most four points per pixel column: where it enters
/// the column, its lowest and highest points there, and where it leaves.
/// Within one column the line only goes up and down, so that covers the
/// same pixels; a balance lane of a busy wallet has thousands of steps in a
/// few hundred columns.
fn thin_columns(points: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut out: Vec<(i32, i32)> = Vec::with_capacity(points.len().min(4 * 1024));
    for column in points.chunk_by(|a, b| a.0 == b.0) {
        let (x, first, last) = (column[0].0, column[0].1, column[column.len() - 1].1);
        let (lo, hi) = column.iter().fold((first, first), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
        for y in [first, lo, hi, last] {
            if out.last() != Some(&(x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The hatching of a box as one path: lines at 45° every `step` px, clipped
/// to the box, joined end to end along the box's edges (which its outline
/// covers), so the box costs one path instead of one per line.
fn hatching(x0: i32, x1: i32, top: i32, bottom: i32, step: i32) -> Vec<(i32, i32)> {
    let h = bottom - top;
    let mut path: Vec<(i32, i32)> = Vec::new();
    let mut k = x0 - h;
    let mut forward = true;
    while k < x1 {
        // The line from (k, bottom) to (k + h, top), clipped to x0..=x1:
        // `low` lies on the left or bottom edge, `high` on the top or right edge.
        let (a, b) = (k.max(x0), (k + h).min(x1));
        if a < b {
            let low = (a, bottom - (a - k));
            let high = (b, bottom - (b - k));
            let (from, to) = if forward { (low, high) } else { (high, low) };
            if let Some(&(px, py)) = path.last() {
                // Along the edges from the last end to this start, turning a corner if need be.
                if forward && px == x0 && py != bottom && from.1 == bottom {
                    path.push((x0, bottom));
                } else if !forward && py == top && px != x1 && from.0 == x1 {
                    path.push((x1, top));
                }
            }
            path.push(from);
            path.push(to);
            forward = !forward;
        }
        k += step;
    }
    path
}

/// What the lease and worker lanes of one timeline may cost to draw, in
/// units of one filled rectangle ([`cost`]). In Chromium a unit takes about
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

/// A hold narrower than this (CSS px) is drawn as its bar alone, plus the
/// marks that flag trouble: a stale write, a release that found the lease
/// gone. Its read and write ticks would only smear into the neighbours'.
const DETAIL_MIN_CSS: f64 = 4.0;

/// What one worker lane draws, in device px along x. Neighbouring bars of one
/// colour whose gap is under one CSS px are one bar; overlapping wait boxes
/// are one box (with the longest queue); a tick or marker that would land on
/// the pixel of the one before is drawn once.
#[derive(Default)]
struct WorkerLaneMarks {
    bars: Vec<(i32, i32, RGBAColor)>,
    reads: Vec<i32>,
    /// x, and whether the write was stale.
    writes: Vec<(i32, bool)>,
    releases: Vec<(i32, RGBColor)>,
    /// x from, x to, transactions ahead in the queue.
    waits: Vec<(i32, i32, u32)>,
}

/// What drawing one mark costs, in units of a filled rectangle (measured on
/// a canvas in Chromium: a path or outline about 2, a triangle 3, a label 4).
mod cost {
    pub const RECT: usize = 1;
    pub const PATH: usize = 2;
    pub const TRIANGLE: usize = 3;
    pub const TEXT: usize = 4;
    /// A wait box (fill, hatching, outline) with its tab (fill, number).
    pub const WAIT: usize = RECT + 2 * PATH + RECT + TEXT;
}

impl WorkerLaneMarks {
    fn cost(&self) -> usize {
        (self.bars.len() + self.reads.len() + self.releases.len()) * cost::RECT
            + self.writes.len() * (cost::TRIANGLE + cost::RECT)
            + self.waits.len() * cost::WAIT
    }
}

fn push_new<T: PartialEq>(v: &mut Vec<T>, x: T) {
    if v.last() != Some(&x) {
        v.push(x);
    }
}

fn worker_lane_marks(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    wallet: u32,
    worker: u32,
    view: &View,
    m: &Mapper,
) -> WorkerLaneMarks {
    let items = marks.lane_items(wallet, worker);
    let (t0, cursor) = (view.t0_us, view.cursor_us.min(view.t1_us));
    let join = view.px(1.0).max(1);
    let detail = view.px(DETAIL_MIN_CSS);
    let in_view = |t: u64| t >= t0 && t <= cursor;
    let mut out = WorkerLaneMarks::default();
    for h in items.holds.iter().map(|&i| &trace.holds[i as usize]) {
        let (a, b) = (h.acquired_at.t_us, h.released_at.t_us);
        if b < t0 || a > cursor {
            continue;
        }
        let col = match h.outcome {
            _ if h.lockless => P::LOCKLESS,
            Outcome::Approved => P::APPROVED,
            Outcome::Insufficient => P::INSUFFICIENT,
            Outcome::FenceRejected(_) => P::FENCED,
            _ => P::ERROR,
        };
        let done = b <= cursor;
        let fill = if done { col.mix(0.85) } else { col.mix(0.55) };
        let xa = m.x(a.max(t0));
        let xb = m.x(b.min(cursor)).max(xa + 1);
        match out.bars.last_mut() {
            Some(last) if last.2 == fill && xa < last.1 + join => last.1 = last.1.max(xb),
            _ => out.bars.push((xa, xb, fill)),
        }
        let detailed = xb - xa >= detail;
        if let Some(r) = h.read_at.filter(|r| detailed && in_view(r.t_us)) {
            push_new(&mut out.reads, m.x(r.t_us));
        }
        if let Some(wr) = h.written_at.filter(|w| in_view(w.t_us)) {
            let is_stale = marks.stale.binary_search(&h.id).is_ok();
            if detailed || is_stale {
                push_new(&mut out.writes, (m.x(wr.t_us), is_stale));
            }
        }
        if done && b >= t0 {
            let c = match h.release_result {
                ReleaseResult::Released if detailed => Some(P::RELEASED),
                ReleaseResult::Released | ReleaseResult::NotApplicable => None,
                ReleaseResult::Stolen => Some(P::STOLEN),
                ReleaseResult::Expired => Some(P::EXPIRED),
                ReleaseResult::Error => Some(P::ERROR),
            };
            if let Some(c) = c {
                push_new(&mut out.releases, (m.x(b), c));
            }
        }
    }
    for rw in items.waits.iter().map(|&i| &marks.row_waits[i as usize]) {
        let a = rw.began.t_us;
        let b = rw.granted.map_or(u64::MAX, |g| g.t_us);
        if a < t0 || a > cursor {
            continue;
        }
        let xa = m.x(a);
        let xb = m.x(b.min(cursor)).max(xa + view.px(WAIT_MIN_CSS));
        match out.waits.last_mut() {
            Some(last) if xa <= last.1 => {
                last.1 = last.1.max(xb);
                last.2 = last.2.max(rw.ahead);
            }
            _ => out.waits.push((xa, xb, rw.ahead)),
        }
    }
    out
}

/// What one lease lane draws, in device px along x (merged as [`WorkerLaneMarks`];
/// bars under two CSS px join their neighbour whatever its colour, since
/// the alternating colours cannot be told apart there).
#[derive(Default)]
struct LeaseLaneMarks {
    bars: Vec<(i32, i32, RGBColor)>,
    /// x and token of the bars wide enough for their token.
    labels: Vec<(i32, u64)>,
    extensions: Vec<i32>,
    expiries: Vec<i32>,
}

impl LeaseLaneMarks {
    fn cost(&self) -> usize {
        (self.bars.len() + self.extensions.len()) * cost::RECT
            + self.labels.len() * cost::TEXT
            + self.expiries.len() * 2 * cost::PATH
    }
}

fn lease_lane_marks(trace: &LeaseTrace, wallet: u32, view: &View, m: &Mapper) -> LeaseLaneMarks {
    let (t0, cursor) = (view.t0_us, view.cursor_us.min(view.t1_us));
    let join = view.px(1.0).max(1);
    let thin = view.px(2.0);
    let apart = view.px(3.0);
    let mut out = LeaseLaneMarks::default();
    for l in trace.leases.iter().filter(|l| l.wallet == wallet) {
        let (a, b) = (l.set_exec_at.t_us, l.ended_at.t_us);
        if b < t0 || a > cursor {
            continue;
        }
        let col = if l.token % 2 == 0 { P::LEASE_A } else { P::LEASE_B };
        let xa = m.x(a.max(t0));
        let xb = m.x(b.min(cursor)).max(xa + 1);
        match out.bars.last_mut() {
            Some(last) if xa < last.1 + join && (last.2 == col || xb - xa < thin) => last.1 = last.1.max(xb),
            _ => out.bars.push((xa, xb, col)),
        }
        if xb - xa > view.px(22.0) {
            out.labels.push((xa, l.token));
        }
        for ext in l.extended_at.iter().filter(|e| e.t_us <= cursor && e.t_us >= t0) {
            let x = m.x(ext.t_us);
            if out.extensions.last().is_none_or(|&p| x - p >= apart) {
                out.extensions.push(x);
            }
        }
        if l.end_cause == LeaseEnd::Expired && b <= cursor && b >= t0 {
            let x = m.x(b);
            if out.expiries.last().is_none_or(|&p| x - p >= apart) {
                out.expiries.push(x);
            }
        }
    }
    out
}

/// What the watchdog lane draws, in device px along x: a tick per extension
/// (one per pixel column) and a dot where the watchdog found its lease gone
/// (one per dot's width).
#[derive(Default)]
struct WatchdogLaneMarks {
    ticks: Vec<i32>,
    dots: Vec<i32>,
}

impl WatchdogLaneMarks {
    fn cost(&self) -> usize {
        self.ticks.len() * cost::RECT + self.dots.len() * cost::PATH
    }
}

fn watchdog_lane_marks(trace: &LeaseTrace, view: &View, m: &Mapper) -> WatchdogLaneMarks {
    let (t0, cursor) = (view.t0_us, view.cursor_us.min(view.t1_us));
    let r = view.px(4.0);
    let mut out = WatchdogLaneMarks::default();
    for e in trace.events.iter().skip_while(|e| e.at.t_us < t0).take_while(|e| e.at.t_us <= cursor) {
        let x = m.x(e.at.t_us);
        match e.kind {
            EventKind::LeaseExtended { .. } => push_new(&mut out.ticks, x),
            EventKind::WatchdogSawLeaseLost { .. } if out.dots.last().is_none_or(|&d| x - d >= r) => out.dots.push(x),
            _ => {}
        }
    }
    out
}

/// A vertical line `w` device px wide at `x`, drawn as a filled rectangle:
/// one canvas call, where a path takes six.
fn draw_vline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    x: i32,
    top: i32,
    bottom: i32,
    w: i32,
    color: RGBAColor,
) -> DrawResult<DB> {
    let w = w.max(1);
    let left = x - w / 2;
    area.draw(&Rectangle::new([(left, top), (left + w, bottom)], color.filled()))
}

struct Mapper {
    x0: i32,
    x1: i32,
    t0: f64,
    t1: f64,
}

impl Mapper {
    fn x(&self, t_us: u64) -> i32 {
        let f = (t_us as f64 - self.t0) / (self.t1 - self.t0).max(1.0);
        let f = f.clamp(-0.01, 1.01);
        self.x0 + ((self.x1 - self.x0) as f64 * f).round() as i32
    }
}

fn alpha(c: RGBColor, a: f64) -> RGBAColor {
    c.mix(a)
}

/// Draws the timeline of `trace` for `view` onto `area`.
pub fn draw_timeline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
) -> DrawResult<DB> {
    draw_timeline_marked(area, trace, view, &TimelineMarks::of(trace))
}

/// [`draw_timeline`] with the highlights precomputed (the player redraws every frame).
pub fn draw_timeline_marked<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
    marks: &TimelineMarks,
) -> DrawResult<DB> {
    draw_timeline_planned(area, trace, view, marks, &lanes(trace, view, marks))
}

/// [`draw_timeline_marked`] with the lanes already planned ([`lanes`] for
/// this view; the plan does not change with the cursor or the pixel ratio).
pub fn draw_timeline_planned<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
    marks: &TimelineMarks,
    plan: &LanePlan,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let (w_px, _h_px) = area.dim_in_pixel();
    let s = view.scale;
    let label_w = if (w_px as f64) / s < 520.0 { 62.0 } else { 96.0 };
    let m =
        Mapper { x0: view.px(label_w), x1: w_px as i32 - view.px(18.0), t0: view.t0_us as f64, t1: view.t1_us as f64 };
    let cursor = view.cursor_us.min(view.t1_us);
    let visible = |a: u64, b: u64| b >= view.t0_us && a <= cursor;
    let clip_end = |b: u64| b.min(cursor);
    let small = view.font(11.0).color(&P::INK);
    let tiny = view.font(10.0).color(&P::MUTED);

    // Lane rectangles (y ranges in device px).
    let mut y = view.px(TOP_CSS);
    if let Some(t) = &view.title {
        area.draw_text(t, &view.font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)), (view.px(4.0), y))?;
        y += view.px(18.0);
    }
    let mut rows: Vec<(Lane, i32, i32)> = Vec::new();
    for (lane, first) in &plan.lanes {
        if *first && !rows.is_empty() {
            y += view.px(GAP_CSS);
        } else if *first {
            y += view.px(GAP_CSS / 2.0);
        }
        let h = view.px(lane.height_css());
        rows.push((*lane, y, y + h));
        y += h;
    }
    let plot_top = rows.first().map(|r| r.1).unwrap_or(0);
    let plot_bottom = y;

    // Grid and time axis.
    let span_ms = (view.t1_us - view.t0_us) as f64 / 1000.0;
    let step_ms = nice_step(span_ms, ((m.x1 - m.x0) as f64 / s / 90.0).max(2.0));
    let mut t = (view.t0_us as f64 / 1000.0 / step_ms).ceil() * step_ms;
    while t <= view.t1_us as f64 / 1000.0 + 1e-9 {
        let x = m.x((t * 1000.0) as u64);
        area.draw(&PathElement::new(vec![(x, plot_top), (x, plot_bottom)], P::GRID))?;
        let label = if step_ms >= 1000.0 {
            format!("{:.0}s", t / 1000.0)
        } else if t >= 1000.0 {
            format!("{:.2}s", t / 1000.0)
        } else {
            format!("{:.0}ms", t)
        };
        area.draw_text(&label, &tiny.pos(Pos::new(HPos::Center, VPos::Top)), (x, plot_bottom + view.px(4.0)))?;
        t += step_ms;
    }

    // Under the axis labels: the key for row-lock waits, then the drawing budget's note.
    let mut key_top = plot_bottom + view.px(AXIS_CSS);
    if has_row_waits(marks, view) {
        let (bt, bb) = (key_top + view.px(3.0), key_top + view.px(13.0));
        let x = view.px(4.0);
        draw_wait_box(area, view, x, x + view.px(10.0), bt, bb)?;
        let many = marks.row_waits.iter().any(|w| w.ahead >= 2 && view.wallet_visible(w.wallet));
        let text = if many {
            "행 잠금 대기: 앞 트랜잭션이 끝나기를 기다림 (숫자: 앞에 선 수)"
        } else {
            "행 잠금 대기: 앞 트랜잭션이 끝나기를 기다림"
        };
        area.draw_text(
            text,
            &tiny.color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center)),
            (x + view.px(14.0), (bt + bb) / 2),
        )?;
        key_top += view.px(KEY_CSS);
    }
    if let Some(note) = plan.cap_note_ko() {
        let y = key_top + view.px(8.0);
        area.draw_text(&note, &tiny.color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center)), (view.px(4.0), y))?;
    }

    // Process stops and lock-server outages: bands across every lane.
    let mut bands: Vec<(u64, u64, RGBAColor)> = Vec::new();
    let mut stop_start: Option<u64> = None;
    let mut kill_start: Option<u64> = None;
    for e in &trace.events {
        match e.kind {
            EventKind::ProcessStopped { process: 0 } => stop_start = Some(e.at.t_us),
            EventKind::ProcessResumed { process: 0 } => {
                if let Some(a) = stop_start.take() {
                    bands.push((a, e.at.t_us, alpha(P::STOP, 0.16)));
                }
            }
            EventKind::LockServerKilled => kill_start = Some(e.at.t_us),
            EventKind::LockServerRestarted => {
                if let Some(a) = kill_start.take() {
                    bands.push((a, e.at.t_us, alpha(P::STOP, 0.28)));
                }
            }
            _ => {}
        }
    }
    if let Some(a) = stop_start {
        bands.push((a, u64::MAX, alpha(P::STOP, 0.16)));
    }
    if let Some(a) = kill_start {
        bands.push((a, u64::MAX, alpha(P::STOP, 0.28)));
    }
    for (a, b, col) in bands {
        if visible(a, b) {
            area.draw(&Rectangle::new(
                [(m.x(a.max(view.t0_us)), plot_top), (m.x(clip_end(b)), plot_bottom)],
                col.filled(),
            ))?;
        }
    }

    // Overlap bands, once per wallet across its worker lanes, behind the bars.
    for (w, intervals) in marks.overlaps.iter().enumerate() {
        let span = rows.iter().filter(|(l, _, _)| matches!(l, Lane::Worker { wallet, .. } if *wallet as usize == w));
        let (Some(top), Some(bottom)) = (span.clone().map(|r| r.1).min(), span.map(|r| r.2).max()) else { continue };
        for &(a, b, _peak) in intervals {
            if visible(a.t_us, b.t_us) {
                area.draw(&Rectangle::new(
                    [(m.x(a.t_us.max(view.t0_us)), top), (m.x(clip_end(b.t_us)), bottom)],
                    alpha(P::OVERLAP, 0.22).filled(),
                ))?;
            }
        }
    }

    for &(lane, top, bottom) in &rows {
        let mid = (top + bottom) / 2;
        let pad = view.px(2.0);
        // Label.
        let label = match lane {
            Lane::Lease(w) => format!("지갑{w} lease"),
            Lane::Worker { worker, .. } => format!("스레드 {worker}"),
            Lane::Balance(_) => "잔액 행".to_string(),
            Lane::Fence(_) => "fence 값".to_string(),
            Lane::Watchdog => "watchdog".to_string(),
        };
        let st = if matches!(lane, Lane::Lease(_)) { small.clone() } else { tiny.clone() };
        area.draw_text(&label, &st.pos(Pos::new(HPos::Left, VPos::Center)), (view.px(4.0), mid))?;
        if matches!(lane, Lane::Balance(_) | Lane::Fence(_)) {
            area.draw(&PathElement::new(vec![(m.x0, bottom), (m.x1, bottom)], alpha(P::GRID, 0.6)))?;
        }

        match lane {
            Lane::Lease(w) => {
                let lm = lease_lane_marks(trace, w, view, &m);
                for &(xa, xb, col) in &lm.bars {
                    area.draw(&Rectangle::new([(xa, top + pad), (xb, bottom - pad)], col.filled()))?;
                }
                let label = view.font(9.5).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center));
                for &(xa, token) in &lm.labels {
                    area.draw_text(&format!("#{token}"), &label, (xa + view.px(2.0), mid))?;
                }
                for &x in &lm.extensions {
                    draw_vline(area, x, top + pad, bottom - pad, view.px(1.0), WHITE.into())?;
                }
                let r = view.px(3.5);
                let cross = P::STOLEN.stroke_width(view.px(1.6).max(1) as u32);
                for &x in &lm.expiries {
                    area.draw(&PathElement::new(vec![(x - r, mid - r), (x + r, mid + r)], cross))?;
                    area.draw(&PathElement::new(vec![(x - r, mid + r), (x + r, mid - r)], cross))?;
                }
            }
            Lane::Worker { wallet, worker } => {
                let wm = worker_lane_marks(trace, marks, wallet, worker, view, &m);
                for &(xa, xb, fill) in &wm.bars {
                    area.draw(&Rectangle::new([(xa, top + pad), (xb, bottom - pad)], fill.filled()))?;
                }
                for &x in &wm.reads {
                    draw_vline(area, x, top, bottom, view.px(1.2), P::INK.into())?;
                }
                for &(x, is_stale) in &wm.writes {
                    let c = if is_stale { P::STOLEN } else { P::INK };
                    let r = view.px(4.0);
                    area.draw(&Polygon::new(vec![(x, top), (x - r, top - r / 2), (x + r, top - r / 2)], c.filled()))?;
                    draw_vline(area, x, top, bottom, view.px(2.0), c.into())?;
                }
                let r = view.px(3.5);
                for &(x, c) in &wm.releases {
                    area.draw(&Rectangle::new([(x - r, mid - r), (x + r, mid + r)], c.filled()))?;
                }
                // Row-lock waits on top: arrival to grant, at least WAIT_MIN_CSS wide.
                let (wt, wb) = (top + pad / 2, bottom - pad / 2);
                for &(xa, xb, _) in &wm.waits {
                    draw_wait_box(area, view, xa, xb, wt, wb)?;
                }
                // How many were ahead in the queue, on a white tab right of the box,
                // where it fits before the next box.
                let st = view.font(10.0).color(&WAIT_INK).pos(Pos::new(HPos::Center, VPos::Center));
                for (i, &(_, xb, ahead)) in wm.waits.iter().enumerate() {
                    let n = ahead.to_string();
                    let (x0, x1) = (xb + view.px(1.0), xb + view.px(3.0 + 6.0 * n.len() as f64));
                    if ahead >= 2 && wm.waits.get(i + 1).is_none_or(|next| x1 < next.0) {
                        area.draw(&Rectangle::new([(x0, wt), (x1, wb)], WHITE.filled()))?;
                        area.draw_text(&n, &st, ((x0 + x1) / 2, mid))?;
                    }
                }
            }
            Lane::Balance(w) => {
                let pts = trace.series.balance.get(w as usize).map(|v| v.as_slice()).unwrap_or(&[]);
                // Scale to what the window shows, so single debits are visible steps.
                let initial = i64::from(trace.config.initial_balance_won);
                let in_win = pts.iter().filter(|p| p.t_us <= view.t1_us);
                let lo = in_win.clone().map(|p| p.ledger_won.min(p.snapshot_won)).min().unwrap_or(initial).min(initial)
                    as f64;
                let hi = in_win.map(|p| p.ledger_won.max(p.snapshot_won)).max().unwrap_or(initial).max(initial) as f64;
                let span = (hi - lo).max(1.0);
                let yv = |v: i64| {
                    bottom
                        - pad
                        - (((v as f64 - lo) / span) * (bottom - top - 2 * pad - view.px(10.0)) as f64).round() as i32
                };
                if lo < 0.0 && hi > 0.0 {
                    let zero = yv(0);
                    area.draw(&PathElement::new(vec![(m.x0, zero), (m.x1, zero)], alpha(P::MUTED, 0.4)))?;
                }
                let mut snap: Vec<(i32, i32)> = Vec::new();
                let mut ledg: Vec<(i32, i32)> = Vec::new();
                let mut last = (trace.config.initial_balance_won as i64, trace.config.initial_balance_won as i64);
                for p in pts {
                    if p.t_us > cursor {
                        break;
                    }
                    if p.t_us >= view.t0_us {
                        let x = m.x(p.t_us);
                        if let Some(&(_, py)) = snap.last() {
                            snap.push((x, py));
                        } else {
                            snap.push((m.x0, yv(last.0)));
                            snap.push((x, yv(last.0)));
                        }
                        if let Some(&(_, py)) = ledg.last() {
                            ledg.push((x, py));
                        } else {
                            ledg.push((m.x0, yv(last.1)));
                            ledg.push((x, yv(last.1)));
                        }
                        snap.push((x, yv(p.snapshot_won)));
                        ledg.push((x, yv(p.ledger_won)));
                    }
                    last = (p.snapshot_won, p.ledger_won);
                }
                let xe = m.x(cursor.max(view.t0_us));
                if snap.is_empty() {
                    snap.push((m.x0, yv(last.0)));
                    ledg.push((m.x0, yv(last.1)));
                }
                snap.push((xe, snap.last().unwrap().1));
                ledg.push((xe, ledg.last().unwrap().1));
                area.draw(&PathElement::new(thin_columns(&ledg), P::LEDGER.stroke_width(view.px(1.2).max(1) as u32)))?;
                area.draw(&PathElement::new(
                    thin_columns(&snap),
                    P::SNAPSHOT.stroke_width(view.px(1.6).max(1) as u32),
                ))?;
                let txt = format!(
                    "{} / 원장 {}",
                    super::analysis::group_thousands(last.0),
                    super::analysis::group_thousands(last.1)
                );
                let tx = (xe + view.px(4.0)).min(m.x1 - view.px(110.0)).max(m.x0);
                area.draw_text(&txt, &view.font(10.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)), (tx, top))?;
            }
            Lane::Fence(w) => {
                let pts = trace.series.tokens.get(w as usize).map(|v| v.as_slice()).unwrap_or(&[]);
                let mut last_fence = 0u64;
                let mut xprev = m.x0;
                for p in pts {
                    if p.t_us > cursor {
                        break;
                    }
                    if p.t_us >= view.t0_us && p.fence != last_fence {
                        let x = m.x(p.t_us);
                        if x - xprev > view.px(16.0) {
                            area.draw_text(
                                &format!("{}", last_fence),
                                &tiny.pos(Pos::new(HPos::Left, VPos::Center)),
                                (xprev + view.px(2.0), mid),
                            )?;
                        }
                        draw_vline(area, x, top + pad, bottom - pad, view.px(1.5), P::FENCED.into())?;
                        xprev = x;
                    }
                    last_fence = p.fence;
                }
                area.draw_text(
                    &format!("{}", last_fence),
                    &small.pos(Pos::new(HPos::Left, VPos::Center)),
                    (xprev + view.px(3.0), mid),
                )?;
            }
            Lane::Watchdog => {
                let wd = watchdog_lane_marks(trace, view, &m);
                for &x in &wd.ticks {
                    draw_vline(area, x, top + pad, bottom - pad, 1, P::RELEASED.into())?;
                }
                for &x in &wd.dots {
                    area.draw(&Circle::new((x, mid), view.px(4.0), P::STOLEN.filled()))?;
                }
            }
        }
    }

    // The player's cursor.
    if view.cursor_us != u64::MAX && view.cursor_us >= view.t0_us && view.cursor_us <= view.t1_us {
        let x = m.x(view.cursor_us);
        area.draw(&PathElement::new(
            vec![(x, plot_top), (x, plot_bottom)],
            P::CURSOR.stroke_width(view.px(1.5).max(1) as u32),
        ))?;
    }
    Ok(())
}

/// The stamp of event `i` (or the end of the window past the last one).
pub fn event_time(trace: &LeaseTrace, i: usize) -> Option<Stamp> {
    trace.events.get(i).map(|e| e.at)
}

/// Index of the last event at or before `t_us` (events are in stamp order).
pub fn event_index_at(trace: &LeaseTrace, t_us: u64) -> usize {
    trace.events.partition_point(|e| e.at.t_us <= t_us).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::lease::{run, Preset, TraceLevel};

    #[test]
    fn a_thinned_line_keeps_each_columns_span_and_ends() {
        // Steps up and down in column 10, then a level run to column 20.
        let line = [(0, 5), (10, 5), (10, 8), (10, 8), (10, 2), (10, 6), (20, 6), (20, 6)];
        assert_eq!(thin_columns(&line), vec![(0, 5), (10, 5), (10, 2), (10, 8), (10, 6), (20, 6)]);
        // A column with one point is left alone; nothing is added.
        assert_eq!(thin_columns(&[(0, 1), (1, 2), (2, 3)]), vec![(0, 1), (1, 2), (2, 3)]);
        assert_eq!(thin_columns(&[]), Vec::<(i32, i32)>::new());
    }

    #[test]
    fn the_hatching_is_one_path_inside_its_box() {
        for (x0, x1) in [(10, 17), (10, 40), (0, 3), (5, 200)] {
            let (top, bottom) = (100, 113);
            let path = hatching(x0, x1, top, bottom, 4);
            assert!(path.len() >= 2, "{x0}..{x1}");
            assert!(
                path.iter().all(|&(x, y)| (x0..=x1).contains(&x) && (top..=bottom).contains(&y)),
                "{x0}..{x1}: {path:?}"
            );
            // Consecutive points are either one 45° hatch line or a run along an edge.
            for w in path.windows(2) {
                let ((ax, ay), (bx, by)) = (w[0], w[1]);
                let diagonal = (bx - ax).abs() == (by - ay).abs();
                let on_edge = (ax == bx && (ax == x0 || ax == x1)) || (ay == by && (ay == top || ay == bottom));
                assert!(diagonal || on_edge, "{x0}..{x1}: {:?} -> {:?}", w[0], w[1]);
            }
        }
    }

    #[test]
    fn narrow_holds_keep_only_the_marks_that_flag_trouble() {
        let mut c = Preset::Exp1.config();
        c.duration_s = 3;
        let trace = run(&c, 1, 0, TraceLevel::Full);
        let marks = TimelineMarks::of(&trace);
        let view = View { t1_us: 3_000_000, ..View::default() };
        let wide = Mapper { x0: 0, x1: 900, t0: 0.0, t1: 3e6 };
        // 3 s in 10 px: every hold is narrower than DETAIL_MIN_CSS.
        let narrow = Mapper { x0: 0, x1: 10, t0: 0.0, t1: 3e6 };
        let (mut stale_seen, mut plain_seen) = (0, 0);
        for w in 0..c.wallets {
            for k in marks.workers_of(w) {
                let detailed = worker_lane_marks(&trace, &marks, w, k, &view, &wide);
                let thin = worker_lane_marks(&trace, &marks, w, k, &view, &narrow);
                assert!(thin.reads.is_empty(), "no read ticks on narrow holds");
                assert!(thin.writes.iter().all(|&(_, stale)| stale), "only stale writes keep a marker");
                assert!(thin.releases.iter().all(|&(_, c)| c != P::RELEASED), "only troubled releases keep a square");
                let stale = detailed.writes.iter().filter(|w| w.1).count();
                stale_seen += stale;
                plain_seen += detailed.writes.len() - stale;
                assert_eq!(thin.writes.is_empty(), stale == 0, "lane {w}/{k}: a stale write keeps its marker");
                assert!(thin.bars.len() <= detailed.bars.len());
            }
        }
        assert!(
            stale_seen > 0 && plain_seen > 0,
            "exp1 has both kinds of write ({stale_seen} stale, {plain_seen} plain)"
        );
    }
}
