//! One kind of mark picked out of a timeline: the prose's colour words
//! (`{{mark:KEY|word}}`) name a [`LegendItem`], and while the reader points
//! at, focuses or taps one, the figure veils its lanes and paints again, at
//! full strength, every mark of that kind it draws, as `super::marks` laid
//! them out. Browser-free: the drawing paints a [`Spotlit`], and the page
//! and the tests count it.

use plotters::style::{Color, RGBAColor, RGBColor};

use super::layout::TimelineLayout;
use super::legend::{bar_item, release_item};
use super::marks::{
    lease_lane_marks, watchdog_lane_marks, worker_lane_marks, LeaseLaneMarks, WatchdogLaneMarks, WorkerLaneMarks,
};
use super::{Lane, LegendItem, TimelineMarks};
use crate::{palette as P, View};
use lab_sim::lease::{EventKind, LeaseTrace};

/// The marks of one kind a timeline draws, lane by lane (rows are indices
/// into [`TimelineLayout::rows`]).
#[derive(Default)]
pub(super) struct Spotlit {
    pub(super) lease: Vec<(usize, LeaseLaneMarks)>,
    pub(super) worker: Vec<(usize, WorkerLaneMarks)>,
    pub(super) watchdog: Vec<(usize, WatchdogLaneMarks)>,
    /// Bands across lanes (device px): x from, x to, top, bottom, fill.
    pub(super) bands: Vec<(i32, i32, i32, i32, RGBAColor)>,
    /// Rows whose whole lane is the kind (a balance line, the fence values):
    /// left out of the veil rather than painted again.
    pub(super) open_rows: Vec<usize>,
    /// How many marks of the kind are drawn.
    pub(super) count: usize,
}

/// The process stops and lock-server outages of `trace` as bands: from,
/// to (`u64::MAX` while it lasts) and kind.
pub(super) fn stop_bands(trace: &LeaseTrace) -> Vec<(u64, u64, LegendItem)> {
    let mut bands = Vec::new();
    let (mut stop, mut kill): (Option<u64>, Option<u64>) = (None, None);
    for e in &trace.events {
        match e.kind {
            EventKind::ProcessStopped { process: 0 } => stop = Some(e.at.t_us),
            EventKind::ProcessResumed { process: 0 } => {
                if let Some(a) = stop.take() {
                    bands.push((a, e.at.t_us, LegendItem::Stop));
                }
            }
            EventKind::LockServerKilled => kill = Some(e.at.t_us),
            EventKind::LockServerRestarted => {
                if let Some(a) = kill.take() {
                    bands.push((a, e.at.t_us, LegendItem::Outage));
                }
            }
            _ => {}
        }
    }
    bands.extend(stop.map(|a| (a, u64::MAX, LegendItem::Stop)));
    bands.extend(kill.map(|a| (a, u64::MAX, LegendItem::Outage)));
    bands
}

/// A band's fill: a stop lighter than an outage.
pub(super) fn band_fill(kind: LegendItem) -> RGBAColor {
    P::STOP.mix(if kind == LegendItem::Outage { 0.28 } else { 0.16 })
}

/// An overlap band's fill.
pub(super) fn overlap_fill() -> RGBAColor {
    P::OVERLAP.mix(0.22)
}

/// The top of a wallet's first worker lane and the bottom of its last.
pub(super) fn worker_span(rows: &[(Lane, i32, i32)], wallet: u32) -> Option<(i32, i32)> {
    let span = rows.iter().filter(|(l, _, _)| matches!(l, Lane::Worker { wallet: w, .. } if *w == wallet));
    Some((span.clone().map(|r| r.1).min()?, span.map(|r| r.2).max()?))
}

/// Whether marks of `item` are drawn on a worker lane (holds and what they did).
fn on_worker_lane(item: LegendItem) -> bool {
    use LegendItem as I;
    matches!(
        item,
        I::Approved
            | I::Insufficient
            | I::Fenced
            | I::Lockless
            | I::Failed
            | I::RowWait
            | I::Read
            | I::Write
            | I::StaleWrite
            | I::Released
            | I::Stolen
            | I::Expired
            | I::ReleaseError
    )
}

/// Every mark of kind `item` that [`super::draw_timeline_planned`] draws of
/// `trace` in `view` with `layout`.
pub(super) fn spotlit(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    layout: &TimelineLayout,
    view: &View,
    item: LegendItem,
) -> Spotlit {
    use LegendItem as I;
    let m = &layout.mapper;
    let cursor = view.cursor_us.min(view.t1_us);
    let visible = |a: u64, b: u64| b >= view.t0_us && a <= cursor;
    let mut out = Spotlit::default();
    let (plot_top, plot_bottom) = (layout.plot_top, layout.plot_bottom);
    if matches!(item, I::Stop | I::Outage) {
        for (a, b, kind) in stop_bands(trace).into_iter().filter(|&(a, b, k)| k == item && visible(a, b)) {
            out.bands.push((m.x(a.max(view.t0_us)), m.x(b.min(cursor)), plot_top, plot_bottom, band_fill(kind)));
        }
    }
    if item == I::Overlap {
        for (w, intervals) in marks.overlaps.iter().enumerate() {
            let Some((top, bottom)) = worker_span(&layout.rows, w as u32) else { continue };
            for &(a, b, _) in intervals.iter().filter(|(a, b, _)| visible(a.t_us, b.t_us)) {
                out.bands.push((m.x(a.t_us.max(view.t0_us)), m.x(b.t_us.min(cursor)), top, bottom, overlap_fill()));
            }
        }
    }
    out.count += out.bands.len();
    for (row, &(lane, _, _)) in layout.rows.iter().enumerate() {
        match lane {
            // Only the lanes that draw the kind are laid out (this runs every frame while a word is lit).
            Lane::Lease(w) if matches!(item, I::Lease | I::Extended | I::LeaseExpired) => {
                let all = lease_lane_marks(trace, w, view, m);
                let lm = match item {
                    I::Lease => LeaseLaneMarks { bars: all.bars, labels: all.labels, ..Default::default() },
                    I::Extended => LeaseLaneMarks { extensions: all.extensions, ..Default::default() },
                    _ => LeaseLaneMarks { expiries: all.expiries, ..Default::default() },
                };
                let n = lm.bars.len() + lm.extensions.len() + lm.expiries.len();
                if n > 0 {
                    out.count += n;
                    out.lease.push((row, lm));
                }
            }
            Lane::Worker { wallet, worker } if on_worker_lane(item) => {
                let all = worker_lane_marks(trace, marks, wallet, worker, view, m);
                let wm = WorkerLaneMarks {
                    bars: all.bars.into_iter().filter(|&(_, _, fill)| bar_item(fill) == item).collect(),
                    reads: if item == I::Read { all.reads } else { Vec::new() },
                    writes: all
                        .writes
                        .into_iter()
                        .filter(|&(_, stale)| item == if stale { I::StaleWrite } else { I::Write })
                        .collect(),
                    releases: all.releases.into_iter().filter(|&(_, c)| release_item(c) == item).collect(),
                    waits: if item == I::RowWait { all.waits } else { Vec::new() },
                    // A colour word lights a kind of mark, not a story's one write.
                    named_writes: Vec::new(),
                };
                let n = wm.bars.len() + wm.reads.len() + wm.writes.len() + wm.releases.len() + wm.waits.len();
                if n > 0 {
                    out.count += n;
                    out.worker.push((row, wm));
                }
            }
            Lane::Watchdog if matches!(item, I::WatchdogExtend | I::WatchdogLost) => {
                let all = watchdog_lane_marks(trace, view, m);
                let wd = match item {
                    I::WatchdogExtend => WatchdogLaneMarks { ticks: all.ticks, ..Default::default() },
                    _ => WatchdogLaneMarks { dots: all.dots, ..Default::default() },
                };
                let n = wd.ticks.len() + wd.dots.len();
                if n > 0 {
                    out.count += n;
                    out.watchdog.push((row, wd));
                }
            }
            Lane::Balance(_) if matches!(item, I::Snapshot | I::Ledger) => {
                out.count += 1;
                out.open_rows.push(row);
            }
            Lane::Fence(w) if item == I::Fence => {
                let pts = trace.series.tokens.get(w as usize).map(Vec::as_slice).unwrap_or(&[]);
                let mut last = 0u64;
                let mut changes = 0;
                for p in pts.iter().take_while(|p| p.t_us <= cursor) {
                    if p.t_us >= view.t0_us && p.fence != last {
                        changes += 1;
                    }
                    last = p.fence;
                }
                if changes > 0 {
                    out.count += changes;
                    out.open_rows.push(row);
                }
            }
            _ => {}
        }
    }
    out
}

/// The outline drawn round a spotlit band or bar: the mark's own colour, darker.
pub(super) fn outline_of(fill: RGBAColor) -> RGBColor {
    let RGBAColor(r, g, b, _) = fill;
    let dark = |c: u8| (f64::from(c) * 0.7).round() as u8;
    RGBColor(dark(r), dark(g), dark(b))
}
