//! What is under a point of a timeline: hit-testing against the same layout
//! and marks the drawing uses ([`TimelineLayout`], `super::marks`), and the
//! fact of what a mark is ([`hit_fact`]; `lab_words::tips` words it). Browser-free, so the page's
//! hover, tap and keyboard share one tested function, and cheap: it reads
//! the trace and the precomputed [`TimelineMarks`], never runs anything.

use super::layout::TimelineLayout;
use super::{Lane, TimelineMarks, WAIT_MIN_CSS};
use crate::View;
use lab_model::facts::tips::{HoldEnd, HoldTip, LeaseTip, RowWaitTip, TipFact};
use lab_sim::lease::LeaseTrace;
use lab_words::Words;

/// A mark of a timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimelineHit {
    /// A hold on a worker lane: its index in `trace.holds`.
    Hold(u32),
    /// A lease on a wallet's lease lane: its index in `trace.leases`.
    Lease(u32),
    /// A row-lock wait box: its index in `TimelineMarks::row_waits`.
    RowWait(u32),
}

/// A mark and the centre of what is drawn of it (device px), for the keyboard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedHit {
    pub hit: TimelineHit,
    pub x: i32,
    pub y: i32,
}

/// How far from a mark (CSS px along x) a pointer still finds it: a hold
/// can be one pixel wide.
const SLACK_CSS: f64 = 3.0;

/// Each mark drawn on `lane`, with its x span (device px) as drawn.
fn lane_spans(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    layout: &TimelineLayout,
    view: &View,
    lane: Lane,
) -> Vec<(TimelineHit, i32, i32)> {
    let (t0, cursor) = (view.t0_us, view.cursor_us.min(view.t1_us));
    let span = |a: u64, b: u64| {
        let xa = layout.x_of(a.max(t0));
        (xa, layout.x_of(b.min(cursor)).max(xa + 1))
    };
    let mut out = Vec::new();
    match lane {
        Lane::Lease(w) => {
            for (i, l) in trace.leases.iter().enumerate().filter(|(_, l)| l.wallet == w) {
                let (a, b) = (l.set_exec_at.t_us, l.ended_at.t_us);
                if b >= t0 && a <= cursor {
                    let (xa, xb) = span(a, b);
                    out.push((TimelineHit::Lease(i as u32), xa, xb));
                }
            }
        }
        Lane::Worker { wallet, worker } => {
            let items = marks.lane_items(wallet, worker);
            // Row-lock waits are drawn on top of the holds: they come first.
            for &i in &items.waits {
                let rw = &marks.row_waits[i as usize];
                let a = rw.began.t_us;
                if a >= t0 && a <= cursor {
                    let xa = layout.x_of(a);
                    let b = rw.granted.map_or(u64::MAX, |g| g.t_us).min(cursor);
                    out.push((TimelineHit::RowWait(i), xa, layout.x_of(b).max(xa + view.px(WAIT_MIN_CSS))));
                }
            }
            for &i in &items.holds {
                let h = &trace.holds[i as usize];
                let (a, b) = (h.acquired_at.t_us, h.released_at.t_us);
                if b >= t0 && a <= cursor {
                    let (xa, xb) = span(a, b);
                    out.push((TimelineHit::Hold(i), xa, xb));
                }
            }
        }
        Lane::Balance(_) | Lane::Fence(_) | Lane::Watchdog => {}
    }
    out
}

/// The mark drawn at (`x`, `y`) (device px), if any: one under the point,
/// else the nearest within `SLACK_CSS` on the same lane. Nothing after the
/// view's cursor is found, as nothing after it is drawn.
pub fn hit_test(
    trace: &LeaseTrace,
    marks: &TimelineMarks,
    layout: &TimelineLayout,
    view: &View,
    x: i32,
    y: i32,
) -> Option<TimelineHit> {
    let (lane, _, _) = layout.lane_at(y)?;
    let slack = view.px(SLACK_CSS);
    let distance = |xa: i32, xb: i32| if x < xa { xa - x } else { (x - xb).max(0) };
    let spans = lane_spans(trace, marks, layout, view, lane);
    // Anything directly under the point wins (a wait box over its hold); else the nearest.
    spans
        .iter()
        .find(|&&(_, xa, xb)| distance(xa, xb) == 0)
        .or_else(|| {
            spans.iter().filter(|&&(_, xa, xb)| distance(xa, xb) <= slack).min_by_key(|&&(_, xa, xb)| distance(xa, xb))
        })
        .map(|&(hit, _, _)| hit)
}

/// Every mark drawn, with its centre, in reading order: by the time it
/// starts, then top to bottom (the keyboard's order).
pub fn placed_hits(trace: &LeaseTrace, marks: &TimelineMarks, layout: &TimelineLayout, view: &View) -> Vec<PlacedHit> {
    let mut out: Vec<(i32, PlacedHit)> = Vec::new();
    for &(lane, top, bottom) in &layout.rows {
        for (hit, xa, xb) in lane_spans(trace, marks, layout, view, lane) {
            out.push((xa, PlacedHit { hit, x: (xa + xb) / 2, y: (top + bottom) / 2 }));
        }
    }
    lab_sim::core::sort_by_key(&mut out, |&(xa, p)| (xa, p.y));
    out.into_iter().map(|(_, p)| p).collect()
}

/// What `hit` is as far as the player has come (`cursor_us`): nothing
/// that happens after the cursor is told.
pub fn hit_fact(trace: &LeaseTrace, marks: &TimelineMarks, hit: TimelineHit, cursor_us: u64) -> TipFact {
    let seen = |t: u64| t <= cursor_us;
    match hit {
        TimelineHit::Hold(i) => {
            let Some(h) = trace.holds.get(i as usize) else { return TipFact::Nothing };
            let read = match (h.read_at, h.read_value_won) {
                (Some(r), Some(v)) if seen(r.t_us) => Some((r.t_us, v)),
                _ => None,
            };
            let written = match (h.written_at, h.written_value_won) {
                (Some(w), Some(v)) if seen(w.t_us) => Some((w.t_us, v, marks.stale.binary_search(&h.id).is_ok())),
                _ => None,
            };
            let end = seen(h.released_at.t_us).then_some(HoldEnd {
                released_us: h.released_at.t_us,
                release: h.release_result,
                outcome: h.outcome,
            });
            TipFact::Hold(HoldTip {
                worker: h.worker,
                wallet: h.wallet,
                token: h.token,
                acquired_us: h.acquired_at.t_us,
                read,
                written,
                end,
            })
        }
        TimelineHit::Lease(i) => {
            let Some(l) = trace.leases.get(i as usize) else { return TipFact::Nothing };
            TipFact::Lease(LeaseTip {
                wallet: l.wallet,
                token: l.token,
                set_us: l.set_exec_at.t_us,
                extended: l.extended_at.iter().filter(|e| seen(e.t_us)).count(),
                end: seen(l.ended_at.t_us).then_some((l.end_cause, l.ended_at.t_us)),
            })
        }
        TimelineHit::RowWait(i) => {
            let Some(w) = marks.row_waits.get(i as usize) else { return TipFact::Nothing };
            TipFact::RowWait(RowWaitTip {
                worker: w.worker,
                wallet: w.wallet,
                stmt: w.stmt,
                ahead: w.ahead,
                began_us: w.began.t_us,
                waited_us: w.granted.filter(|g| seen(g.t_us)).map(|g| w.waited_us(g.t_us)),
            })
        }
    }
}

/// What `hit` is, in `w`'s language, as far as the player has come (`hit_fact`).
pub fn describe_hit(trace: &LeaseTrace, marks: &TimelineMarks, hit: TimelineHit, cursor_us: u64, w: &Words) -> String {
    lab_words::tips::tip(w, &hit_fact(trace, marks, hit, cursor_us))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::lanes;
    use lab_sim::lease::{run, Preset, TraceLevel};

    fn a1_like() -> (LeaseTrace, TimelineMarks, View) {
        let mut c = Preset::Exp1.config();
        c.duration_s = 1;
        let trace = run(&c, 1, 0, TraceLevel::Full);
        let marks = TimelineMarks::of(&trace);
        let view = View { t1_us: 1_000_000, wallets: vec![0], ..View::default() };
        (trace, marks, view)
    }

    #[test]
    fn a_point_inside_a_drawn_hold_finds_that_hold_at_any_width() {
        let (trace, marks, base) = a1_like();
        let plan = lanes(&trace, &base, &marks);
        for (w_css, scale) in [(390.0, 1.0), (390.0, 3.0), (760.0, 2.0), (1200.0, 1.0)] {
            let view = View { scale, ..base.clone() };
            let w_px = (w_css * scale) as u32;
            let layout = TimelineLayout::of(&plan, &view, w_px);
            let mut checked = 0;
            for &(lane, top, bottom) in &layout.rows {
                let Lane::Worker { wallet, worker } = lane else { continue };
                for &i in &marks.lane_items(wallet, worker).holds {
                    let h = &trace.holds[i as usize];
                    let (xa, xb) = (layout.x_of(h.acquired_at.t_us), layout.x_of(h.released_at.t_us));
                    // Only holds wide enough to have an inside, away from waits drawn over them.
                    let x = (xa + xb) / 2;
                    if xb - xa < 6
                        || marks.lane_items(wallet, worker).waits.iter().any(|&wi| {
                            let rw = &marks.row_waits[wi as usize];
                            let wa = layout.x_of(rw.began.t_us);
                            x >= wa - 1
                                && x <= layout
                                    .x_of(rw.granted.map_or(u64::MAX, |g| g.t_us))
                                    .max(wa + view.px(WAIT_MIN_CSS))
                                    + 1
                        })
                    {
                        continue;
                    }
                    let y = (top + bottom) / 2;
                    assert_eq!(
                        hit_test(&trace, &marks, &layout, &view, x, y),
                        Some(TimelineHit::Hold(i)),
                        "{w_css}×{scale}"
                    );
                    checked += 1;
                }
            }
            assert!(checked >= 3, "{w_css}×{scale}: {checked} holds checked");
        }
    }

    #[test]
    fn empty_space_finds_nothing() {
        let (trace, marks, view) = a1_like();
        let plan = lanes(&trace, &view, &marks);
        let layout = TimelineLayout::of(&plan, &view, 900);
        let (x0, x1) = layout.plot_x();
        // Left of the plot (the lane labels), below the axis, on the balance lane.
        let worker_mid =
            layout.rows.iter().find(|r| matches!(r.0, Lane::Worker { .. })).map(|r| (r.1 + r.2) / 2).unwrap();
        assert_eq!(hit_test(&trace, &marks, &layout, &view, x0 / 2, worker_mid), None);
        assert_eq!(hit_test(&trace, &marks, &layout, &view, (x0 + x1) / 2, layout.axis_bottom + 5), None);
        let balance = layout.rows.iter().find(|r| matches!(r.0, Lane::Balance(_))).unwrap();
        assert_eq!(hit_test(&trace, &marks, &layout, &view, (x0 + x1) / 2, (balance.1 + balance.2) / 2), None);
        // Before the player reaches a hold it is neither drawn nor found.
        let first = &trace.holds[0];
        let early = View { cursor_us: first.acquired_at.t_us.saturating_sub(1), ..view.clone() };
        let lane =
            layout.rows.iter().find(|r| r.0 == Lane::Worker { wallet: first.wallet, worker: first.worker }).unwrap();
        let x = layout.x_of(first.acquired_at.t_us) + 2;
        assert_ne!(hit_test(&trace, &marks, &layout, &early, x, (lane.1 + lane.2) / 2), Some(TimelineHit::Hold(0)));
    }

    #[test]
    fn every_placed_mark_is_found_where_it_is_placed_and_described() {
        let (trace, marks, view) = a1_like();
        let plan = lanes(&trace, &view, &marks);
        let layout = TimelineLayout::of(&plan, &view, 900);
        let placed = placed_hits(&trace, &marks, &layout, &view);
        assert!(placed.iter().any(|p| matches!(p.hit, TimelineHit::Lease(_))));
        assert!(placed.iter().any(|p| matches!(p.hit, TimelineHit::Hold(_))));
        for p in &placed {
            assert!(hit_test(&trace, &marks, &layout, &view, p.x, p.y).is_some(), "{p:?}");
            let fact = hit_fact(&trace, &marks, p.hit, view.cursor_us);
            assert_ne!(fact, TipFact::Nothing, "{p:?}");
            if let (TimelineHit::Hold(i), TipFact::Hold(tip)) = (p.hit, &fact) {
                let h = &trace.holds[i as usize];
                assert_eq!((tip.worker, tip.wallet, tip.token), (h.worker, h.wallet, h.token));
                assert_eq!(tip.written.map(|(_, v, _)| v), h.written_value_won);
            }
        }
        // Told only as far as the cursor: a hold in progress has no result yet.
        let h = &trace.holds[0];
        let mid = (h.acquired_at.t_us + h.released_at.t_us) / 2;
        let TipFact::Hold(tip) = hit_fact(&trace, &marks, TimelineHit::Hold(0), mid) else { panic!("a hold") };
        assert_eq!(tip.end, None, "{tip:?}");
    }
}
