//! A7: the outage's three time series (holds and 503s, the fence and the
//! token counter, drift), each panel over the kill-to-restart band, and
//! its story's focused view.

use crate::recording::{Area, Recorder};
use plotters::coord::CoordTranslate;
use plotters::prelude::*;

use super::{balance_at, draw_legend_strip, draw_panel_title, end_s, legend_strip_height, narrow_legend, Swatch};
use crate::{palette as P, DrawResult, View};
use lab_sim::lease::LeaseTrace;
use lab_words::Words;

fn phase_bands<CT: CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'_, Recorder, CT>,
    trace: &LeaseTrace,
    lo: f64,
    hi: f64,
) -> DrawResult {
    if let Some(o) = trace.config.outage {
        let a = f64::from(o.kill_at_ms) / 1000.0;
        let b = f64::from(o.restart_at_ms) / 1000.0;
        chart.draw_series(std::iter::once(Rectangle::new([(a, lo), (b, hi)], P::STOP.mix(0.12).filled())))?;
    }
    Ok(())
}

/// A7's first two panels: where each ends, in percent of the drawing's height.
pub const OUTAGE_PANEL_ENDS_PCT: [u32; 2] = [45, 72];
/// A7's panels' outer margin, left (value) label area and right label area, CSS px.
pub const OUTAGE_MARGIN_CSS: f64 = 6.0;
pub const OUTAGE_LEFT_LABELS_CSS: f64 = 46.0;
pub const OUTAGE_RIGHT_LABELS_CSS: f64 = 52.0;

/// A stacked layer of A7's response panel: its label, colour and count per second.
type OutcomeLayer = (&'static str, RGBColor, fn(&lab_sim::lease::SecondBucket) -> u32);

/// The height (CSS px) of A7 at `width_css`: its three panels are stacked at
/// every width, so the drawing grows with the column up to a height that
/// still fits a laptop screen beside the controls.
pub fn outage_height_css(width_css: f64) -> f64 {
    (width_css * 0.75).clamp(420.0, 540.0)
}

/// A story step's focus on A7's chart: the panel it speaks of (0
/// responses, 1 holds and drift, 2 tokens and fence), drawn alone, over
/// the stretch of seconds it speaks of. The page's state only, never in an
/// export.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartFocus {
    pub s0: f64,
    pub s1: f64,
    pub panel: usize,
}

/// The height (CSS px) of one of A7's panels drawn alone (a story step) at `width_css`.
pub fn outage_panel_height_css(width_css: f64) -> f64 {
    (width_css * 0.45).clamp(240.0, 290.0)
}

/// A7: the outage run as time series, in three panels.
pub fn draw_outage(area: &Area, trace: &LeaseTrace, view: &View, w: &Words) -> DrawResult {
    draw_outage_focused(area, trace, view, None, w)
}

/// [`draw_outage`] with a story step's [`ChartFocus`].
pub fn draw_outage_focused(
    area: &Area,
    trace: &LeaseTrace,
    view: &View,
    focus: Option<ChartFocus>,
    w: &Words,
) -> DrawResult {
    let words = &w.legend.plots;
    area.fill(&WHITE)?;
    let (_, h) = area.dim_in_pixel();
    let ends = OUTAGE_PANEL_ENDS_PCT.map(|pct| h * pct / 100);
    // A story step's focus draws its panel alone, over the whole area.
    let panels: Vec<_> = match focus {
        Some(_) => vec![area.clone(), area.clone(), area.clone()],
        None => area.split_by_breakpoints::<u32, u32, _, _>([] as [u32; 0], ends).into_iter().collect(),
    };
    let shown = |i: usize| focus.is_none_or(|f| f.panel == i);
    let end = end_s(trace);
    let (x0, x1) = focus.map_or((0.0, end), |f| (f.s0, f.s1));
    let ps = &trace.series.per_second;
    // Panel 1: responses per second, stacked by outcome.
    let layers: [OutcomeLayer; 5] = [
        (words.outcomes[0], P::APPROVED, |b| b.approved),
        (words.outcomes[1], P::INSUFFICIENT, |b| b.insufficient),
        (words.outcomes[2], P::ERROR, |b| b.unavailable),
        (words.outcomes[3], P::FENCED, |b| b.fence_rejected_read),
        (words.outcomes[4], P::STOLEN, |b| b.fence_rejected_write),
    ];
    let max1 =
        ps.iter().map(|b| layers.iter().map(|(_, _, f)| f(b)).sum::<u32>()).max().unwrap_or(1).max(1) as f64 * 1.1;
    if shown(0) {
        let top = draw_panel_title(&panels[0], words.responses_title, view.px(6.0), view)?;
        let shown: Vec<usize> = (0..layers.len()).rev().filter(|&i| ps.iter().any(|b| (layers[i].2)(b) > 0)).collect();
        let legend: Vec<(String, Swatch)> =
            shown.iter().map(|&i| (layers[i].0.to_string(), Swatch::Block(layers[i].1))).collect();
        // The legend is a strip above the plot at every width: a box inside
        // it would cover the data (the outage's first seconds, under it).
        let narrow = narrow_legend(&panels[0], view);
        let strip_h = legend_strip_height(&panels[0], &legend, 9.5, view);
        let mut chart = ChartBuilder::on(&panels[0])
            .margin(view.px(OUTAGE_MARGIN_CSS))
            .margin_top(top + strip_h)
            .x_label_area_size(view.px(18.0))
            .y_label_area_size(view.px(OUTAGE_LEFT_LABELS_CSS))
            .right_y_label_area_size(view.px(OUTAGE_RIGHT_LABELS_CSS))
            .build_cartesian_2d(x0..x1, 0f64..max1)?;
        chart
            .configure_mesh()
            .light_line_style(P::GRID.mix(0.4))
            .set_tick_mark_size(LabelAreaPosition::Right, -4)
            .y_labels(if narrow { 4 } else { 10 })
            .label_style(view.font(9.5).color(&P::MUTED))
            .draw()?;
        phase_bands(&mut chart, trace, 0.0, max1)?;
        for &i in &shown {
            let (_, col, _) = layers[i];
            let pts: Vec<(f64, f64)> = ps
                .iter()
                .enumerate()
                .map(|(s, b)| (s as f64 + 0.5, layers[..=i].iter().map(|(_, _, f)| f(b)).sum::<u32>() as f64))
                .collect();
            chart.draw_series(AreaSeries::new(pts, 0.0, col).border_style(col))?;
        }
        draw_legend_strip(&panels[0], top, &legend, 9.5, view)?;
    }
    // Panel 2: lockless holds and overlap pairs per second, and (right axis)
    // the cumulative drift: Σ over wallets of snapshot − ledger, in won.
    if shown(1) {
        let max2 = ps.iter().map(|b| b.lockless_holds_started.max(b.overlap_pairs_started)).max().unwrap_or(1).max(1)
            as f64
            * 1.15;
        let wallets = trace.series.balance.len();
        let drift: Vec<(f64, f64)> = (0..=end.ceil() as u64)
            .map(|s| {
                let t_us = s * 1_000_000;
                let d: i64 = (0..wallets).map(|w| balance_at(trace, w, t_us)).map(|(snap, ledger)| snap - ledger).sum();
                (s as f64, d as f64)
            })
            .collect();
        let drift_hi = drift.iter().map(|p| p.1).fold(1.0, f64::max) * 1.15;
        let drift_lo = drift.iter().map(|p| p.1).fold(0.0, f64::min) * 1.15;
        let top = draw_panel_title(&panels[1], words.hazards_title, view.px(6.0), view)?;
        let legend = [
            (words.hazards[0].to_string(), Swatch::Line(P::LOCKLESS)),
            (words.hazards[1].to_string(), Swatch::Line(P::OVERLAP)),
            (words.hazards[2].to_string(), Swatch::Line(P::DRIFT)),
        ];
        // The legend is a strip above the plot at every width: a box inside
        // it would cover the data (the outage's first seconds, under it).
        let narrow = narrow_legend(&panels[1], view);
        let strip_h = legend_strip_height(&panels[1], &legend, 9.5, view);
        let mut chart = ChartBuilder::on(&panels[1])
            .margin(view.px(OUTAGE_MARGIN_CSS))
            .margin_top(top + strip_h)
            .x_label_area_size(view.px(18.0))
            .y_label_area_size(view.px(OUTAGE_LEFT_LABELS_CSS))
            .right_y_label_area_size(view.px(OUTAGE_RIGHT_LABELS_CSS))
            .build_cartesian_2d(x0..x1, 0f64..max2)?
            .set_secondary_coord(0f64..end, drift_lo..drift_hi);
        chart
            .configure_mesh()
            .light_line_style(P::GRID.mix(0.4))
            .y_labels(if narrow { 4 } else { 5 })
            .label_style(view.font(9.5).color(&P::MUTED))
            .draw()?;
        // A negative tick length right-aligns every right-axis label at the
        // area's edge. With outward ticks plotters left-aligns the widest
        // label, and which one is widest depends on the text measurer (DOM
        // in the browser, ab_glyph in `lab`), so the page and `lab figure`
        // would anchor labels differently.
        chart
            .configure_secondary_axes()
            .set_all_tick_mark_size(-4)
            .y_labels(if narrow { 4 } else { 5 })
            .label_style(view.font(9.5).color(&P::DRIFT))
            .y_label_formatter(&|v| format!("{:.0}k", v / 1000.0))
            .draw()?;
        phase_bands(&mut chart, trace, 0.0, max2)?;
        chart.draw_series(LineSeries::new(
            ps.iter().enumerate().map(|(s, b)| (s as f64 + 0.5, b.lockless_holds_started as f64)),
            P::LOCKLESS.stroke_width(view.px(1.6).max(1) as u32),
        ))?;
        chart.draw_series(LineSeries::new(
            ps.iter().enumerate().map(|(s, b)| (s as f64 + 0.5, b.overlap_pairs_started as f64)),
            P::OVERLAP.stroke_width(view.px(1.6).max(1) as u32),
        ))?;
        chart.draw_secondary_series(LineSeries::new(drift, P::DRIFT.stroke_width(view.px(1.4).max(1) as u32)))?;
        draw_legend_strip(&panels[1], top, &legend, 9.5, view)?;
    }
    // Panel 3: wallet 0's token counter against its fence value.
    if shown(2) {
        let pts = trace.series.tokens.first().map(|v| v.as_slice()).unwrap_or(&[]);
        let max3 = pts.iter().map(|p| p.counter.max(p.fence)).max().unwrap_or(1).max(1) as f64 * 1.15;
        let top = draw_panel_title(&panels[2], words.tokens_title, view.px(6.0), view)?;
        let legend = [
            (words.tokens[0].to_string(), Swatch::Line(P::LEASE_A)),
            (words.tokens[1].to_string(), Swatch::Line(P::FENCED)),
        ];
        // The legend is a strip above the plot at every width: a box inside
        // it would cover the data (the outage's first seconds, under it).
        let narrow = narrow_legend(&panels[2], view);
        let strip_h = legend_strip_height(&panels[2], &legend, 9.5, view);
        let mut chart = ChartBuilder::on(&panels[2])
            .margin(view.px(OUTAGE_MARGIN_CSS))
            .margin_top(top + strip_h)
            .x_label_area_size(view.px(20.0))
            .y_label_area_size(view.px(OUTAGE_LEFT_LABELS_CSS))
            .right_y_label_area_size(view.px(OUTAGE_RIGHT_LABELS_CSS))
            .build_cartesian_2d(x0..x1, 0f64..max3)?;
        chart
            .configure_mesh()
            .light_line_style(P::GRID.mix(0.4))
            .set_tick_mark_size(LabelAreaPosition::Right, -4)
            .y_labels(if narrow { 4 } else { 10 })
            .label_style(view.font(9.5).color(&P::MUTED))
            .x_label_formatter(&|x| {
                let s = if x1 - x0 < 8.0 { format!("{x:.1}") } else { format!("{x:.0}") };
                w.fill(words.seconds, &[("s", &s)])
            })
            .draw()?;
        phase_bands(&mut chart, trace, 0.0, max3)?;
        let step = |f: fn(&lab_sim::lease::TokenPoint) -> u64| {
            let mut v: Vec<(f64, f64)> = vec![(0.0, 0.0)];
            for p in pts {
                let t = p.t_us as f64 / 1e6;
                let last = v.last().unwrap().1;
                v.push((t, last));
                v.push((t, f(p) as f64));
            }
            v.push((end, v.last().unwrap().1));
            v
        };
        chart.draw_series(LineSeries::new(step(|p| p.counter), P::LEASE_A.stroke_width(view.px(1.6).max(1) as u32)))?;
        chart.draw_series(LineSeries::new(step(|p| p.fence), P::FENCED.stroke_width(view.px(1.6).max(1) as u32)))?;
        draw_legend_strip(&panels[2], top, &legend, 9.5, view)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::{record, Op};
    use crate::text_width::approx_text_width;
    use lab_sim::lease::{run, Preset, TraceLevel};

    /// Every legend label's box (its swatch included) in A7's recording at
    /// `width` CSS px and `scale`, and the recording.
    fn legend_boxes(trace: &LeaseTrace, width: f64, scale: f64) -> (Vec<(String, [f64; 4])>, Vec<Op>) {
        let size = ((width * scale) as u32, (outage_height_css(width) * scale) as u32);
        let view = View { scale, ..View::default() };
        let words = Words::of(lab_words::Lang::Ko);
        let rec = record(size, |area| draw_outage(area, trace, &view, words)).unwrap();
        let p = &words.legend.plots;
        let labels = [
            p.outcomes[0],
            p.outcomes[1],
            p.outcomes[2],
            p.hazards[0],
            p.hazards[1],
            p.hazards[2],
            p.tokens[0],
            p.tokens[1],
        ];
        let boxes = rec
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::Text { text, font, at } if labels.contains(&text.as_str()) => {
                    let (x, y) = (f64::from(at.0), f64::from(at.1));
                    let w = approx_text_width(text, font.size);
                    // The swatch sits 18 CSS px left of the label; the label is centred on `y`.
                    Some((text.clone(), [x - 18.0 * scale, y - font.size / 2.0, x + w, y + font.size / 2.0]))
                }
                _ => None,
            })
            .collect();
        (boxes, rec.ops)
    }

    #[test]
    fn no_legend_covers_the_data() {
        let trace = run(&Preset::Exp5Open.config(), 1, 0, TraceLevel::Summary);
        for (width, scale) in [(353.0, 2.0), (566.0, 1.0), (734.0, 1.0), (1102.0, 1.0), (1102.0, 2.0)] {
            let (boxes, ops) = legend_boxes(&trace, width, scale);
            assert!(boxes.len() >= 6, "{width}: every panel's legend is drawn: {boxes:?}");
            let inside = |b: &[f64; 4], (x, y): (f64, f64)| b[0] <= x && x <= b[2] && b[1] <= y && y <= b[3];
            for (label, b) in &boxes {
                for op in &ops {
                    let (points, closed) = match op {
                        Op::Path { points, .. } => (points, false),
                        Op::Polygon { points, .. } => (points, true),
                        // The outage's band is a see-through rectangle: its corners and edges.
                        Op::Rect { from, to, paint, fill: true } if paint.alpha < 1.0 => {
                            let (x0, y0, x1, y1) =
                                (f64::from(from.0), f64::from(from.1), f64::from(to.0), f64::from(to.1));
                            let overlaps = x0 < b[2] && b[0] < x1 && y0 < b[3] && b[1] < y1;
                            assert!(
                                !overlaps,
                                "{width}@{scale}: legend item {label} {b:?} covers the band {from:?}-{to:?}"
                            );
                            continue;
                        }
                        _ => continue,
                    };
                    let pts: Vec<(f64, f64)> = points.iter().map(|p| (f64::from(p.0), f64::from(p.1))).collect();
                    // The item's own swatch line lies wholly inside its box.
                    if pts.iter().all(|&p| inside(b, p)) {
                        continue;
                    }
                    let mut segments: Vec<_> = pts.windows(2).map(|s| (s[0], s[1])).collect();
                    if closed && pts.len() > 2 {
                        segments.push((pts[pts.len() - 1], pts[0]));
                    }
                    for ((x0, y0), (x1, y1)) in segments {
                        let steps = ((x1 - x0).abs().max((y1 - y0).abs()).ceil() as usize).max(1);
                        for k in 0..=steps {
                            let f = k as f64 / steps as f64;
                            let p = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f);
                            assert!(!inside(b, p), "{width}@{scale}: legend item {label} {b:?} covers data at {p:?}");
                        }
                    }
                }
            }
        }
    }
}
