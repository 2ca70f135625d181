//! Painting a timeline: lanes, labels, holds, leases, balances, fences,
//! row-lock waits, the watchdog, the time axis, the keys and the player's
//! cursor, from the marks `super::marks` laid out and the lanes
//! [`super::lanes`] kept.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::layout::TimelineLayout;
use super::marks::{
    hatching, lease_lane_marks, lease_lane_marks_of, thin_columns, watchdog_lane_marks, worker_lane_marks,
    worker_lane_marks_of, LeaseLaneMarks, Mapper, WatchdogLaneMarks, WorkerLaneMarks,
};
use super::spotlight::{band_fill, outline_of, overlap_fill, spotlit, stop_bands, worker_span, Spotlit};
use super::{axis_css, has_row_waits, top_css, Lane, LanePlan, TimelineMarks, KEY_CSS, WAIT_INK};
use crate::story::Highlight;
use crate::text_width::approx_text_width;
use crate::{nice_step, palette as P, DrawResult, View};
use lab_sim::lease::LeaseTrace;
use lab_words::Words;

/// A row-lock wait box: white, outlined, with diagonal hatching (a barrier),
/// legible without colour and distinct from the hold bars under it.
fn draw_wait_box(area: &Area, view: &View, x0: i32, x1: i32, top: i32, bottom: i32) -> DrawResult {
    let ink = WAIT_INK.stroke_width(view.px(1.0).max(1) as u32);
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], WHITE.filled()))?;
    area.draw(&PathElement::new(hatching(x0, x1, top, bottom, view.px(4.0).max(3)), ink))?;
    area.draw(&Rectangle::new([(x0, top), (x1, bottom)], ink))
}

/// A vertical line `w` device px wide at `x`, drawn as a filled rectangle:
/// one canvas call, where a path takes six.
fn draw_vline(area: &Area, x: i32, top: i32, bottom: i32, w: i32, color: RGBAColor) -> DrawResult {
    let w = w.max(1);
    let left = x - w / 2;
    area.draw(&Rectangle::new([(left, top), (left + w, bottom)], color.filled()))
}

fn alpha(c: RGBColor, a: f64) -> RGBAColor {
    c.mix(a)
}

/// Draws the timeline of `trace` for `view` onto `area`.
#[cfg(not(target_arch = "wasm32"))]
pub fn draw_timeline(area: &Area, trace: &LeaseTrace, view: &View) -> DrawResult {
    draw_timeline_marked(area, trace, view, &TimelineMarks::of(trace))
}

/// [`draw_timeline`] with the highlights precomputed (the player redraws every frame).
#[cfg(not(target_arch = "wasm32"))]
pub fn draw_timeline_marked(area: &Area, trace: &LeaseTrace, view: &View, marks: &TimelineMarks) -> DrawResult {
    draw_timeline_planned(area, trace, view, marks, &super::lanes(trace, view, marks), &lab_words::ko::WORDS)
}

/// [`draw_timeline_marked`] with the lanes already planned ([`lanes`](super::lanes) for
/// this view; the plan does not change with the cursor or the pixel ratio).
pub fn draw_timeline_planned(
    area: &Area,
    trace: &LeaseTrace,
    view: &View,
    marks: &TimelineMarks,
    plan: &LanePlan,
    words: &Words,
) -> DrawResult {
    let lw = &words.legend.lanes;
    area.fill(&WHITE)?;
    let (w_px, _h_px) = area.dim_in_pixel();
    // The text floor of this drawing's width (a view made elsewhere may not know it).
    let fitted;
    let view = if crate::text_floor_css(f64::from(w_px) / view.scale) == view.text_floor_css {
        view
    } else {
        fitted = view.clone().fitted_to(w_px);
        &fitted
    };
    let s = view.scale;
    let layout = TimelineLayout::of(plan, view, w_px);
    let narrow = layout.narrow;
    let m = &layout.mapper;
    let cursor = view.cursor_us.min(view.t1_us);
    let visible = |a: u64, b: u64| b >= view.t0_us && a <= cursor;
    let clip_end = |b: u64| b.min(cursor);
    let small = view.font(11.0).color(&P::INK);
    let tiny = view.font(10.0).color(&P::MUTED);

    if let Some(t) = &view.title {
        let top = view.px(top_css(view));
        area.draw_text(t, &view.font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)), (view.px(4.0), top))?;
    }
    let rows = &layout.rows;
    let (plot_top, plot_bottom) = (layout.plot_top, layout.plot_bottom);

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
    let mut key_top = plot_bottom + view.px(axis_css(view));
    if has_row_waits(marks, view) {
        let (bt, bb) = (key_top + view.px(3.0), key_top + view.px(13.0));
        let x = view.px(4.0);
        draw_wait_box(area, view, x, x + view.px(10.0), bt, bb)?;
        let many = marks.row_waits.iter().any(|w| w.ahead >= 2 && view.wallet_visible(w.wallet));
        let text = if many { lw.row_wait_counted } else { lw.row_wait };
        area.draw_text(
            text,
            &tiny.color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center)),
            (x + view.px(14.0), (bt + bb) / 2),
        )?;
        key_top += view.px(KEY_CSS);
    }
    if let Some(note) = plan.cap_note(words) {
        let y = key_top + view.px(8.0);
        area.draw_text(&note, &tiny.color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center)), (view.px(4.0), y))?;
    }

    // Process stops and lock-server outages: bands across every lane.
    for (a, b, kind) in stop_bands(trace) {
        if visible(a, b) {
            area.draw(&Rectangle::new(
                [(m.x(a.max(view.t0_us)), plot_top), (m.x(clip_end(b)), plot_bottom)],
                band_fill(kind).filled(),
            ))?;
        }
    }

    // Overlap bands, once per wallet across its worker lanes, behind the bars.
    for (w, intervals) in marks.overlaps.iter().enumerate() {
        let Some((top, bottom)) = worker_span(rows, w as u32) else { continue };
        for &(a, b, _peak) in intervals {
            if visible(a.t_us, b.t_us) {
                area.draw(&Rectangle::new(
                    [(m.x(a.t_us.max(view.t0_us)), top), (m.x(clip_end(b.t_us)), bottom)],
                    overlap_fill().filled(),
                ))?;
            }
        }
    }

    // Lanes set tighter than their labels (`View::compact`): a worker's
    // label gives way when it would touch the label above it.
    let mut label_bottom = i32::MIN;
    for &(lane, top, bottom) in rows {
        let mid = (top + bottom) / 2;
        let pad = view.px(2.0);
        // Label.
        let label = match lane {
            Lane::Lease(wallet) => {
                let template = if narrow { lw.lease_narrow } else { lw.lease };
                words.fill(template, &[("wallet", &wallet.to_string())])
            }
            Lane::Worker { wallet, worker } => match view.highlight.as_ref().and_then(|h| h.name_of(wallet, worker)) {
                Some(name) if !name.is_empty() => {
                    words.fill(lw.worker_named, &[("worker", &worker.to_string()), ("name", name)])
                }
                _ => words.fill(lw.worker, &[("worker", &worker.to_string())]),
            },
            Lane::Balance(_) => lw.balance.to_string(),
            Lane::Fence(_) => lw.fence.to_string(),
            Lane::Watchdog => lw.watchdog.to_string(),
        };
        let st = match lane {
            Lane::Lease(_) if narrow => view.font(10.0).color(&P::INK),
            Lane::Lease(_) => small.clone(),
            _ => tiny.clone(),
        };
        let half = view.px(view.text_css(10.0) * 1.1) / 2;
        if view.compact <= 0.0 || !matches!(lane, Lane::Worker { .. }) || mid - half >= label_bottom {
            area.draw_text(&label, &st.pos(Pos::new(HPos::Left, VPos::Center)), (view.px(4.0), mid))?;
            label_bottom = mid + half;
        }
        if matches!(lane, Lane::Balance(_) | Lane::Fence(_)) {
            area.draw(&PathElement::new(vec![(m.x0, bottom), (m.x1, bottom)], alpha(P::GRID, 0.6)))?;
        }

        match lane {
            Lane::Lease(w) => paint_lease_lane(area, view, &lease_lane_marks(trace, w, view, m), (top, bottom))?,
            Lane::Worker { wallet, worker } => {
                paint_worker_lane(area, view, &worker_lane_marks(trace, marks, wallet, worker, view, m), (top, bottom))?
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
                let txt = words.fill(
                    lw.balance_values,
                    &[
                        ("snapshot", &lab_model::analysis::group_thousands(last.0)),
                        ("ledger", &lab_model::analysis::group_thousands(last.1)),
                    ],
                );
                // Right of the playhead where it fits, else left of it: never under it.
                let text_w = approx_text_width(&txt, view.text_css(10.0) * s).ceil() as i32;
                let (gap, right_edge) = (view.px(5.0), w_px as i32 - view.px(2.0));
                let tx = if xe + gap + text_w <= right_edge { xe + gap } else { (xe - gap - text_w).max(m.x0) };
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
            Lane::Watchdog => paint_watchdog_lane(area, view, &watchdog_lane_marks(trace, view, m), (top, bottom))?,
        }
    }

    if let Some(h) = &view.highlight {
        paint_highlight(area, trace, view, marks, m, rows, h)?;
    }
    if let Some(item) = view.spotlight {
        paint_spotlight(area, view, &layout, &spotlit(trace, marks, &layout, view, item))?;
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

/// Paints the watchdog lane's marks in the lane from `top` to `bottom` (device px).
fn paint_watchdog_lane(area: &Area, view: &View, wd: &WatchdogLaneMarks, (top, bottom): (i32, i32)) -> DrawResult {
    let (mid, pad) = ((top + bottom) / 2, view.px(2.0));
    for &x in &wd.ticks {
        draw_vline(area, x, top + pad, bottom - pad, 1, P::RELEASED.into())?;
    }
    for &x in &wd.dots {
        area.draw(&Circle::new((x, mid), view.px(4.0), P::STOLEN.filled()))?;
    }
    Ok(())
}

/// Veils every lane but those whose whole lane is the kind, then paints the
/// spotlit marks again at full strength, bars and bands outlined.
fn paint_spotlight(area: &Area, view: &View, layout: &TimelineLayout, spot: &Spotlit) -> DrawResult {
    let (x0, x1) = layout.plot_x();
    let veil = WHITE.mix(0.75).filled();
    for (row, &(_, top, bottom)) in layout.rows.iter().enumerate() {
        if !spot.open_rows.contains(&row) {
            // From a write's marker's top, which stands over its lane.
            let top = top - view.px(3.0);
            area.draw(&Rectangle::new([(x0 - view.px(2.0), top), (x1 + view.px(2.0), bottom)], veil))?;
        }
    }
    let stroke = |c: RGBColor| c.stroke_width(view.px(1.5).max(1) as u32);
    for &(xa, xb, top, bottom, fill) in &spot.bands {
        area.draw(&Rectangle::new([(xa, top), (xb.max(xa + 1), bottom)], fill.filled()))?;
        area.draw(&Rectangle::new([(xa, top), (xb.max(xa + 1), bottom)], stroke(outline_of(fill))))?;
    }
    let row = |i: usize| (layout.rows[i].1, layout.rows[i].2);
    for (i, lm) in &spot.lease {
        paint_lease_lane(area, view, lm, row(*i))?;
    }
    for (i, wm) in &spot.worker {
        let (top, bottom) = row(*i);
        paint_worker_lane(area, view, wm, (top, bottom))?;
        for &(xa, xb, fill) in &wm.bars {
            area.draw(&Rectangle::new([(xa - 1, top), (xb + 1, bottom)], stroke(outline_of(fill))))?;
        }
    }
    for (i, wd) in &spot.watchdog {
        paint_watchdog_lane(area, view, wd, row(*i))?;
    }
    Ok(())
}

/// Paints a lease lane's marks in the lane from `top` to `bottom` (device px).
fn paint_lease_lane(area: &Area, view: &View, lm: &LeaseLaneMarks, (top, bottom): (i32, i32)) -> DrawResult {
    let (mid, pad) = ((top + bottom) / 2, view.px(2.0));
    for &(xa, xb, col) in &lm.bars {
        area.draw(&Rectangle::new([(xa, top + pad), (xb, bottom - pad)], col.filled()))?;
    }
    let label = view.font(9.5).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center));
    // Each token's label and the stretch it covers: no extension tick is drawn through it.
    let labels: Vec<(i32, i32, String)> = lm
        .labels
        .iter()
        .map(|&(xa, token)| {
            let text = format!("#{token}");
            let w = approx_text_width(&text, view.text_css(9.5) * view.scale).ceil() as i32;
            (xa, xa + view.px(4.0) + w, text)
        })
        .collect();
    for &x in &lm.extensions {
        if labels.iter().any(|&(a, b, _)| x >= a && x <= b) {
            continue;
        }
        draw_vline(area, x, top + pad, bottom - pad, view.px(1.0), WHITE.into())?;
    }
    for (xa, _, text) in &labels {
        area.draw_text(text, &label, (xa + view.px(2.0), mid))?;
    }
    let r = view.px(3.5);
    let cross = P::STOLEN.stroke_width(view.px(1.6).max(1) as u32);
    for &x in &lm.expiries {
        area.draw(&PathElement::new(vec![(x - r, mid - r), (x + r, mid + r)], cross))?;
        area.draw(&PathElement::new(vec![(x - r, mid + r), (x + r, mid - r)], cross))?;
    }
    Ok(())
}

/// Paints a worker lane's marks in the lane from `top` to `bottom` (device px).
fn paint_worker_lane(area: &Area, view: &View, wm: &WorkerLaneMarks, (top, bottom): (i32, i32)) -> DrawResult {
    let (mid, pad) = ((top + bottom) / 2, view.px(2.0));
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
    // The write a story step names: a ring round its marker, white-edged.
    let ring = view.px(8.0);
    for &x in &wm.named_writes {
        area.draw(&Circle::new((x, top), ring + view.px(1.5), WHITE.stroke_width(view.px(2.0).max(1) as u32)))?;
        area.draw(&Circle::new((x, top), ring, P::FOCUS.stroke_width(view.px(2.5).max(2) as u32)))?;
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
    Ok(())
}

/// Dims the lease and worker lanes, then paints the highlighted leases and
/// holds again at full strength, each hold outlined.
fn paint_highlight(
    area: &Area,
    trace: &LeaseTrace,
    view: &View,
    marks: &TimelineMarks,
    m: &Mapper,
    rows: &[(Lane, i32, i32)],
    h: &Highlight,
) -> DrawResult {
    let veil = WHITE.mix(0.72).filled();
    for &(lane, top, bottom) in rows {
        if matches!(lane, Lane::Lease(_) | Lane::Worker { .. }) {
            area.draw(&Rectangle::new([(m.x0 - view.px(2.0), top), (m.x1 + view.px(2.0), bottom)], veil))?;
        }
    }
    let outline = P::INK.stroke_width(view.px(1.5).max(1) as u32);
    for &(lane, top, bottom) in rows {
        match lane {
            Lane::Lease(w) => {
                let lm = lease_lane_marks_of(trace, w, view, m, &|token| h.has_lease(w, token));
                paint_lease_lane(area, view, &lm, (top, bottom))?;
            }
            Lane::Worker { wallet, worker } => {
                let wm = worker_lane_marks_of(trace, marks, (wallet, worker), view, m, &|id| h.has_hold(id));
                paint_worker_lane(area, view, &wm, (top, bottom))?;
                for &(xa, xb, _) in &wm.bars {
                    area.draw(&Rectangle::new([(xa - 1, top), (xb + 1, bottom)], outline))?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}
