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

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::analysis::{anomalies, overlap_intervals, row_lock_waits, stale_write_holds, RowWait};
use super::{nice_step, palette as P, DrawResult, View};
use crate::sim::core::Stamp;
use crate::sim::lease::{EventKind, LeaseEnd, LeaseTrace, Outcome, ReleaseResult};

/// What the timeline highlights, computed once per trace (not per frame).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TimelineMarks {
    /// Hold ids whose write was stale, sorted.
    pub stale: Vec<u32>,
    /// Per wallet: intervals with two or more owners.
    pub overlaps: Vec<Vec<(Stamp, Stamp, u32)>>,
    /// Row-lock waits, in the order they began.
    pub row_waits: Vec<RowWait>,
}

impl TimelineMarks {
    pub fn of(trace: &LeaseTrace) -> TimelineMarks {
        TimelineMarks {
            stale: stale_write_holds(&anomalies(trace)),
            overlaps: (0..trace.config.wallets).map(|w| overlap_intervals(trace, w)).collect(),
            row_waits: row_lock_waits(trace),
        }
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

/// The lanes a view shows, in order, with a flag for "first lane of a wallet group".
pub fn lanes(trace: &LeaseTrace, view: &View) -> Vec<(Lane, bool)> {
    let c = &trace.config;
    let mut out = Vec::new();
    for w in 0..c.wallets {
        if !view.wallet_visible(w) {
            continue;
        }
        if c.variant.uses_lock() {
            out.push((Lane::Lease(w), true));
        }
        let mut workers: Vec<u32> = trace.holds.iter().filter(|h| h.wallet == w).map(|h| h.worker).collect();
        if workers.is_empty() && c.wallet_assignment == crate::sim::lease::WalletAssignment::Fixed {
            workers = (0..c.threads).filter(|k| k % c.wallets.max(1) == w).collect();
        }
        workers.sort_unstable();
        workers.dedup();
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

/// The height in CSS pixels a timeline needs for this view.
pub fn height_css(trace: &LeaseTrace, view: &View) -> f64 {
    let ls = lanes(trace, view);
    let groups = ls.iter().filter(|(_, first)| *first).count() as f64;
    let title = if view.title.is_some() { 18.0 } else { 0.0 };
    let key = if has_row_waits(trace, view) { KEY_CSS } else { 0.0 };
    TOP_CSS + title + ls.iter().map(|(l, _)| l.height_css()).sum::<f64>() + groups * GAP_CSS + AXIS_CSS + key
}

/// Whether any visible wallet has a row-lock wait anywhere in the trace (not
/// only in the window, so that zooming and playing keep the height).
fn has_row_waits(trace: &LeaseTrace, view: &View) -> bool {
    trace.events.iter().any(|e| matches!(e.kind, EventKind::RowLockWaitBegan { wallet, .. } if view.wallet_visible(wallet)))
}

/// A row-lock wait box: white, outlined, with diagonal hatching (a barrier),
/// legible without colour and distinct from the hold bars under it.
fn draw_wait_box<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, view: &View, x0: i32, x1: i32, top: i32, bottom: i32) -> DrawResult<DB> {
    let ink = WAIT_INK.stroke_width(view.px(1.0).max(1) as u32);
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], WHITE.filled()))?;
    // Hatching: lines at 45° every 4 css px, clipped to the box by hand.
    let step = view.px(4.0).max(3);
    let h = bottom - top;
    let mut k = x0 - h;
    while k < x1 {
        // The line from (k, bottom) to (k + h, top), clipped to x0..=x1.
        let (a, b) = (k.max(x0), (k + h).min(x1));
        if a < b {
            area.draw(&PathElement::new(vec![(a, bottom - (a - k)), (b, bottom - (b - k))], ink))?;
        }
        k += step;
    }
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], ink))
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
pub fn draw_timeline<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, trace: &LeaseTrace, view: &View) -> DrawResult<DB> {
    draw_timeline_marked(area, trace, view, &TimelineMarks::of(trace))
}

/// [`draw_timeline`] with the highlights precomputed (the player redraws every frame).
pub fn draw_timeline_marked<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
    marks: &TimelineMarks,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let (w_px, _h_px) = area.dim_in_pixel();
    let s = view.scale;
    let label_w = if (w_px as f64) / s < 520.0 { 62.0 } else { 96.0 };
    let m = Mapper { x0: view.px(label_w), x1: w_px as i32 - view.px(18.0), t0: view.t0_us as f64, t1: view.t1_us as f64 };
    let cursor = view.cursor_us.min(view.t1_us);
    let visible = |a: u64, b: u64| b >= view.t0_us && a <= cursor;
    let clip_end = |b: u64| b.min(cursor);
    let small = view.font(11.0).color(&P::INK);
    let tiny = view.font(10.0).color(&P::MUTED);

    let ls = lanes(trace, view);
    // Lane rectangles (y ranges in device px).
    let mut y = view.px(TOP_CSS);
    if let Some(t) = &view.title {
        area.draw_text(t, &view.font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)), (view.px(4.0), y))?;
        y += view.px(18.0);
    }
    let mut rows: Vec<(Lane, i32, i32)> = Vec::new();
    for (lane, first) in &ls {
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
        let label = if step_ms >= 1000.0 { format!("{:.0}s", t / 1000.0) } else if t >= 1000.0 { format!("{:.2}s", t / 1000.0) } else { format!("{:.0}ms", t) };
        area.draw_text(&label, &tiny.pos(Pos::new(HPos::Center, VPos::Top)), (x, plot_bottom + view.px(4.0)))?;
        t += step_ms;
    }

    // The key for row-lock waits, under the axis labels.
    if has_row_waits(trace, view) {
        let top = plot_bottom + view.px(AXIS_CSS);
        let (bt, bb) = (top + view.px(3.0), top + view.px(13.0));
        let x = view.px(4.0);
        draw_wait_box(area, view, x, x + view.px(10.0), bt, bb)?;
        let many = marks.row_waits.iter().any(|w| w.ahead >= 2 && view.wallet_visible(w.wallet));
        let text = if many { "행 잠금 대기: 앞 트랜잭션이 끝나기를 기다림 (숫자: 앞에 선 수)" } else { "행 잠금 대기: 앞 트랜잭션이 끝나기를 기다림" };
        area.draw_text(text, &tiny.color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center)), (x + view.px(14.0), (bt + bb) / 2))?;
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
            area.draw(&Rectangle::new([(m.x(a.max(view.t0_us)), plot_top), (m.x(clip_end(b)), plot_bottom)], col.filled()))?;
        }
    }

    let stale = &marks.stale;

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
                for l in trace.leases.iter().filter(|l| l.wallet == w) {
                    let (a, b) = (l.set_exec_at.t_us, l.ended_at.t_us);
                    if !visible(a, b) {
                        continue;
                    }
                    let col = if l.token % 2 == 0 { P::LEASE_A } else { P::LEASE_B };
                    let (xa, xb) = (m.x(a.max(view.t0_us)), m.x(clip_end(b)));
                    area.draw(&Rectangle::new([(xa, top + pad), (xb.max(xa + 1), bottom - pad)], col.filled()))?;
                    if xb - xa > view.px(22.0) {
                        area.draw_text(&format!("#{}", l.token), &view.font(9.5).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center)), (xa + view.px(2.0), mid))?;
                    }
                    for ext in &l.extended_at {
                        if ext.t_us <= cursor && ext.t_us >= view.t0_us {
                            let x = m.x(ext.t_us);
                            area.draw(&PathElement::new(vec![(x, top + pad), (x, bottom - pad)], WHITE.stroke_width(view.px(1.0).max(1) as u32)))?;
                        }
                    }
                    if l.end_cause == LeaseEnd::Expired && b <= cursor && b >= view.t0_us {
                        let x = m.x(b);
                        let r = view.px(3.5);
                        let style = P::STOLEN.stroke_width(view.px(1.6).max(1) as u32);
                        area.draw(&PathElement::new(vec![(x - r, mid - r), (x + r, mid + r)], style))?;
                        area.draw(&PathElement::new(vec![(x - r, mid + r), (x + r, mid - r)], style))?;
                    }
                }
            }
            Lane::Worker { wallet, worker } => {
                for h in trace.holds.iter().filter(|h| h.wallet == wallet && h.worker == worker) {
                    let (a, b) = (h.acquired_at.t_us, h.released_at.t_us);
                    if !visible(a, b) {
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
                    let (xa, xb) = (m.x(a.max(view.t0_us)), m.x(clip_end(b)));
                    let fill = if done { col.mix(0.85) } else { col.mix(0.55) };
                    area.draw(&Rectangle::new([(xa, top + pad), (xb.max(xa + 1), bottom - pad)], fill.filled()))?;
                    if let Some(r) = h.read_at {
                        if r.t_us <= cursor && r.t_us >= view.t0_us {
                            let x = m.x(r.t_us);
                            area.draw(&PathElement::new(vec![(x, top), (x, bottom)], P::INK.stroke_width(view.px(1.2).max(1) as u32)))?;
                        }
                    }
                    if let Some(wr) = h.written_at {
                        if wr.t_us <= cursor && wr.t_us >= view.t0_us {
                            let x = m.x(wr.t_us);
                            let is_stale = stale.binary_search(&h.id).is_ok();
                            let c = if is_stale { P::STOLEN } else { P::INK };
                            let r = view.px(4.0);
                            area.draw(&Polygon::new(vec![(x, top), (x - r, top - r / 2), (x + r, top - r / 2)], c.filled()))?;
                            area.draw(&PathElement::new(vec![(x, top), (x, bottom)], c.stroke_width(view.px(2.0).max(1) as u32)))?;
                        }
                    }
                    if done && b >= view.t0_us {
                        let c = match h.release_result {
                            ReleaseResult::Released => Some(P::RELEASED),
                            ReleaseResult::Stolen => Some(P::STOLEN),
                            ReleaseResult::Expired => Some(P::EXPIRED),
                            ReleaseResult::Error => Some(P::ERROR),
                            ReleaseResult::NotApplicable => None,
                        };
                        if let Some(c) = c {
                            let x = m.x(b);
                            let r = view.px(3.5);
                            area.draw(&Rectangle::new([(x - r, mid - r), (x + r, mid + r)], c.filled()))?;
                        }
                    }
                }
                // Row-lock waits on top: arrival to grant, at least WAIT_MIN_CSS wide.
                for rw in marks.row_waits.iter().filter(|rw| rw.wallet == wallet && rw.worker == worker) {
                    let a = rw.began.t_us;
                    let b = rw.granted.map_or(u64::MAX, |g| g.t_us);
                    if !visible(a, b) || a < view.t0_us {
                        continue;
                    }
                    let xa = m.x(a);
                    let xb = m.x(clip_end(b)).max(xa + view.px(WAIT_MIN_CSS));
                    draw_wait_box(area, view, xa, xb, top + pad / 2, bottom - pad / 2)?;
                    if rw.ahead >= 2 {
                        // How many were ahead in the queue, on a white tab right of the box.
                        let n = rw.ahead.to_string();
                        let (x0, x1) = (xb + view.px(1.0), xb + view.px(3.0 + 6.0 * n.len() as f64));
                        area.draw(&Rectangle::new([(x0, top + pad / 2), (x1, bottom - pad / 2)], WHITE.filled()))?;
                        let st = view.font(10.0).color(&WAIT_INK).pos(Pos::new(HPos::Center, VPos::Center));
                        area.draw_text(&n, &st, ((x0 + x1) / 2, mid))?;
                    }
                }
            }
            Lane::Balance(w) => {
                let pts = trace.series.balance.get(w as usize).map(|v| v.as_slice()).unwrap_or(&[]);
                // Scale to what the window shows, so single debits are visible steps.
                let initial = i64::from(trace.config.initial_balance_won);
                let in_win = pts.iter().filter(|p| p.t_us <= view.t1_us);
                let lo = in_win.clone().map(|p| p.ledger_won.min(p.snapshot_won)).min().unwrap_or(initial).min(initial) as f64;
                let hi = in_win.map(|p| p.ledger_won.max(p.snapshot_won)).max().unwrap_or(initial).max(initial) as f64;
                let span = (hi - lo).max(1.0);
                let yv = |v: i64| bottom - pad - (((v as f64 - lo) / span) * (bottom - top - 2 * pad - view.px(10.0)) as f64).round() as i32;
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
                area.draw(&PathElement::new(ledg, P::LEDGER.stroke_width(view.px(1.2).max(1) as u32)))?;
                area.draw(&PathElement::new(snap, P::SNAPSHOT.stroke_width(view.px(1.6).max(1) as u32)))?;
                let txt = format!("{} / 원장 {}", super::analysis::group_thousands(last.0), super::analysis::group_thousands(last.1));
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
                            area.draw_text(&format!("{}", last_fence), &tiny.pos(Pos::new(HPos::Left, VPos::Center)), (xprev + view.px(2.0), mid))?;
                        }
                        area.draw(&PathElement::new(vec![(x, top + pad), (x, bottom - pad)], P::FENCED.stroke_width(view.px(1.5).max(1) as u32)))?;
                        xprev = x;
                    }
                    last_fence = p.fence;
                }
                area.draw_text(&format!("{}", last_fence), &small.pos(Pos::new(HPos::Left, VPos::Center)), (xprev + view.px(3.0), mid))?;
            }
            Lane::Watchdog => {
                for e in &trace.events {
                    if e.at.t_us > cursor {
                        break;
                    }
                    if e.at.t_us < view.t0_us {
                        continue;
                    }
                    let x = m.x(e.at.t_us);
                    match e.kind {
                        EventKind::LeaseExtended { .. } => {
                            area.draw(&PathElement::new(vec![(x, top + pad), (x, bottom - pad)], P::RELEASED.stroke_width(1)))?;
                        }
                        EventKind::WatchdogSawLeaseLost { .. } => {
                            let r = view.px(4.0);
                            area.draw(&Circle::new((x, mid), r, P::STOLEN.filled()))?;
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    // The player's cursor.
    if view.cursor_us != u64::MAX && view.cursor_us >= view.t0_us && view.cursor_us <= view.t1_us {
        let x = m.x(view.cursor_us);
        area.draw(&PathElement::new(vec![(x, plot_top), (x, plot_bottom)], P::CURSOR.stroke_width(view.px(1.5).max(1) as u32)))?;
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
