//! A timeline lane's marks laid out in device pixels before anything is
//! drawn: bars, ticks and boxes merged where they would overlap, the detail
//! of holds too narrow to show it left out, and what drawing them costs in
//! the units of [`super::DRAW_BUDGET`].

use plotters::prelude::*;

use super::{TimelineMarks, WAIT_MIN_CSS};
use crate::{palette as P, View};
use lab_sim::lease::{EventKind, LeaseEnd, LeaseTrace, Outcome, ReleaseResult};

/// A polyline with at most four points per pixel column: where it enters
/// the column, its lowest and highest points there, and where it leaves.
/// Within one column the line only goes up and down, so that covers the
/// same pixels; a balance lane of a busy wallet has thousands of steps in a
/// few hundred columns.
pub(super) fn thin_columns(points: &[(i32, i32)]) -> Vec<(i32, i32)> {
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
pub(super) fn hatching(x0: i32, x1: i32, top: i32, bottom: i32, step: i32) -> Vec<(i32, i32)> {
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

/// A hold narrower than this (CSS px) is drawn as its bar alone, plus the
/// marks that flag trouble: a stale write, a release that found the lease
/// gone. Its read and write ticks would only smear into the neighbours'.
const DETAIL_MIN_CSS: f64 = 4.0;

/// What one worker lane draws, in device px along x. Neighbouring bars of one
/// colour whose gap is under one CSS px are one bar; overlapping wait boxes
/// are one box (with the longest queue); a tick or marker that would land on
/// the pixel of the one before is drawn once.
#[derive(Default)]
pub(super) struct WorkerLaneMarks {
    pub(super) bars: Vec<(i32, i32, RGBAColor)>,
    pub(super) reads: Vec<i32>,
    /// x, and whether the write was stale.
    pub(super) writes: Vec<(i32, bool)>,
    /// x of the writes a story step names (ringed).
    pub(super) named_writes: Vec<i32>,
    pub(super) releases: Vec<(i32, RGBColor)>,
    /// x from, x to, transactions ahead in the queue.
    pub(super) waits: Vec<(i32, i32, u32)>,
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
    pub(super) fn cost(&self) -> usize {
        (self.bars.len() + self.reads.len() + self.releases.len()) * cost::RECT
            + self.writes.len() * (cost::TRIANGLE + cost::RECT)
            + self.waits.len() * cost::WAIT
    }
}

pub(super) fn push_new<T: PartialEq>(v: &mut Vec<T>, x: T) {
    if v.last() != Some(&x) {
        v.push(x);
    }
}

pub(super) fn worker_lane_marks(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    wallet: u32,
    worker: u32,
    view: &View,
    m: &Mapper,
) -> WorkerLaneMarks {
    worker_lane_marks_of(trace, marks, (wallet, worker), view, m, &|_| true)
}

/// [`worker_lane_marks`] of the holds (and their row-lock waits) whose id `keep` accepts.
pub(super) fn worker_lane_marks_of(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    (wallet, worker): (u32, u32),
    view: &View,
    m: &Mapper,
    keep: &dyn Fn(u32) -> bool,
) -> WorkerLaneMarks {
    let items = marks.lane_items(wallet, worker);
    let (t0, cursor) = (view.t0_us, view.cursor_us.min(view.t1_us));
    let join = view.px(1.0).max(1);
    let detail = view.px(DETAIL_MIN_CSS);
    let in_view = |t: u64| t >= t0 && t <= cursor;
    let mut out = WorkerLaneMarks::default();
    for h in items.holds.iter().map(|&i| &trace.holds[i as usize]).filter(|h| keep(h.id)) {
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
            let named = view.highlight.as_ref().is_some_and(|hl| hl.writes.contains(&h.id));
            if detailed || is_stale || named {
                push_new(&mut out.writes, (m.x(wr.t_us), is_stale));
            }
            if named {
                out.named_writes.push(m.x(wr.t_us));
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
    for rw in items.waits.iter().map(|&i| &marks.row_waits[i as usize]).filter(|rw| keep(rw.hold)) {
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
pub(super) struct LeaseLaneMarks {
    pub(super) bars: Vec<(i32, i32, RGBColor)>,
    /// x and token of the bars wide enough for their token.
    pub(super) labels: Vec<(i32, u64)>,
    pub(super) extensions: Vec<i32>,
    pub(super) expiries: Vec<i32>,
}

impl LeaseLaneMarks {
    pub(super) fn cost(&self) -> usize {
        (self.bars.len() + self.extensions.len()) * cost::RECT
            + self.labels.len() * cost::TEXT
            + self.expiries.len() * 2 * cost::PATH
    }
}

pub(super) fn lease_lane_marks(trace: &LeaseTrace, wallet: u32, view: &View, m: &Mapper) -> LeaseLaneMarks {
    lease_lane_marks_of(trace, wallet, view, m, &|_| true)
}

/// [`lease_lane_marks`] of the leases whose token `keep` accepts.
pub(super) fn lease_lane_marks_of(
    trace: &LeaseTrace,
    wallet: u32,
    view: &View,
    m: &Mapper,
    keep: &dyn Fn(u64) -> bool,
) -> LeaseLaneMarks {
    let (t0, cursor) = (view.t0_us, view.cursor_us.min(view.t1_us));
    let join = view.px(1.0).max(1);
    let thin = view.px(2.0);
    let apart = view.px(3.0);
    let mut out = LeaseLaneMarks::default();
    for l in trace.leases.iter().filter(|l| l.wallet == wallet && keep(l.token)) {
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
pub(super) struct WatchdogLaneMarks {
    pub(super) ticks: Vec<i32>,
    pub(super) dots: Vec<i32>,
}

impl WatchdogLaneMarks {
    pub(super) fn cost(&self) -> usize {
        self.ticks.len() * cost::RECT + self.dots.len() * cost::PATH
    }
}

pub(super) fn watchdog_lane_marks(trace: &LeaseTrace, view: &View, m: &Mapper) -> WatchdogLaneMarks {
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

pub(super) struct Mapper {
    pub(super) x0: i32,
    pub(super) x1: i32,
    pub(super) t0: f64,
    pub(super) t1: f64,
}

impl Mapper {
    pub(super) fn x(&self, t_us: u64) -> i32 {
        let f = (t_us as f64 - self.t0) / (self.t1 - self.t0).max(1.0);
        let f = f.clamp(-0.01, 1.01);
        self.x0 + ((self.x1 - self.x0) as f64 * f).round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::{run, Preset, TraceLevel};

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
