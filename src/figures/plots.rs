//! The chart figures: A2 (snapshot vs ledger), A7 (outage time series),
//! A8 (throughput vs over-approval) and A9 (latency CDFs).
//!
//! Like the timeline, each function is generic over `DrawingBackend`.
//!
//! Legends and panel titles are drawn here, not by plotters: plotters sizes
//! them by measuring their text, and in the browser each measurement puts a
//! `<span>` into the page and forces a layout of the whole page (about 10 ms
//! per drawing of A7). Text drawn at an anchor is never measured.

use plotters::coord::{CoordTranslate, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::analysis::group_thousands;
use super::text_place::Labels;
use super::{palette as P, DrawResult, View};
use crate::sim::lease::LeaseTrace;

const WALLET_COLORS: [RGBColor; 4] =
    [RGBColor(0x25, 0x63, 0xeb), RGBColor(0x0d, 0x94, 0x88), RGBColor(0x93, 0x33, 0xea), RGBColor(0xca, 0x8a, 0x04)];

fn wallet_color(w: usize) -> RGBColor {
    WALLET_COLORS[w % WALLET_COLORS.len()]
}

/// What a legend row shows left of its label.
#[derive(Clone, Copy)]
pub(crate) enum Swatch {
    Line(RGBColor),
    Block(RGBColor),
}

/// Which corner of the plotting area a legend sits in.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Corner {
    UpperLeft,
    UpperRight,
    LowerLeft,
    LowerRight,
}

/// About how wide `text` is at `size_px`, without measuring it: Hangul and
/// other wide characters take a full em, the rest a little over half.
/// The same on every backend, so the page and `lab figure` agree.
pub fn approx_text_width(text: &str, size_px: f64) -> f64 {
    text.chars().map(|c| if u32::from(c) >= 0x1100 { 1.0 } else { 0.56 }).sum::<f64>() * size_px
}

/// Draws a legend box in `corner` of `plot` (a chart's plotting area).
pub(crate) fn draw_legend<DB: DrawingBackend, CT: CoordTranslate>(
    plot: &DrawingArea<DB, CT>,
    corner: Corner,
    entries: &[(String, Swatch)],
    font_css: f64,
    bordered: bool,
    view: &View,
) -> DrawResult<DB> {
    if entries.is_empty() {
        return Ok(());
    }
    let area = plot.strip_coord_spec();
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let font_css = view.text_css(font_css);
    let size = font_css * view.scale;
    let (pad, swatch_w, row_h) = (view.px(6.0), view.px(14.0), view.px(font_css * 1.5));
    let text_w = entries.iter().map(|(label, _)| approx_text_width(label, size)).fold(0.0, f64::max).ceil() as i32;
    let box_w = pad * 3 + swatch_w + text_w;
    let box_h = pad * 2 + row_h * entries.len() as i32;
    let margin = view.px(8.0);
    let x0 = if matches!(corner, Corner::UpperLeft | Corner::LowerLeft) { margin } else { (w - margin - box_w).max(0) };
    let y0 =
        if matches!(corner, Corner::UpperLeft | Corner::UpperRight) { margin } else { (h - margin - box_h).max(0) };
    area.draw(&Rectangle::new([(x0, y0), (x0 + box_w, y0 + box_h)], WHITE.mix(0.85).filled()))?;
    if bordered {
        area.draw(&Rectangle::new([(x0, y0), (x0 + box_w, y0 + box_h)], P::GRID))?;
    }
    let text = view.font(font_css).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, (label, swatch)) in entries.iter().enumerate() {
        let y = y0 + pad + row_h * i as i32 + row_h / 2;
        let sx = x0 + pad;
        match *swatch {
            Swatch::Line(c) => area.draw(&PathElement::new(
                vec![(sx, y), (sx + swatch_w, y)],
                c.stroke_width(view.px(2.0).max(1) as u32),
            ))?,
            Swatch::Block(c) => area
                .draw(&Rectangle::new([(sx, y - view.px(4.0)), (sx + view.px(10.0), y + view.px(4.0))], c.filled()))?,
        }
        area.draw_text(label, &text, (sx + swatch_w + pad, y))?;
    }
    Ok(())
}

/// Below this width (CSS px) a chart's legend goes in a strip above its plot
/// instead of a box inside it, where it would cover the data.
pub(crate) const NARROW_LEGEND_CSS: f64 = 520.0;

/// Is `area` narrow enough for a legend strip ([`NARROW_LEGEND_CSS`])?
pub(crate) fn narrow_legend<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, view: &View) -> bool {
    f64::from(area.dim_in_pixel().0) / view.scale < NARROW_LEGEND_CSS
}

/// The rows of a legend strip `width` device px wide: entry indices, left to right.
fn strip_rows(entries: &[(String, Swatch)], font_css: f64, width: i32, view: &View) -> Vec<Vec<usize>> {
    let font_css = view.text_css(font_css);
    let (swatch_w, gap) = (view.px(14.0) + view.px(4.0), view.px(12.0));
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut x = 0;
    for (i, (label, _)) in entries.iter().enumerate() {
        let w = swatch_w + approx_text_width(label, font_css * view.scale).ceil() as i32;
        match rows.last_mut() {
            Some(row) if x + gap + w <= width => {
                row.push(i);
                x += gap + w;
            }
            _ => {
                rows.push(vec![i]);
                x = w;
            }
        }
    }
    rows
}

/// The height (device px) of [`draw_legend_strip`] across `area`.
pub(crate) fn legend_strip_height<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(String, Swatch)],
    font_css: f64,
    view: &View,
) -> i32 {
    let width = area.dim_in_pixel().0 as i32 - 2 * view.px(8.0);
    strip_rows(entries, font_css, width, view).len() as i32 * view.px(view.text_css(font_css) * 1.5)
}

/// A legend as a strip of entries from `y` down (rows wrap at `area`'s width
/// less 8 px each side): for narrow charts, drawn above the plot.
pub(crate) fn draw_legend_strip<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    y: i32,
    entries: &[(String, Swatch)],
    font_css: f64,
    view: &View,
) -> DrawResult<DB> {
    let margin = view.px(8.0);
    let width = area.dim_in_pixel().0 as i32 - 2 * margin;
    let font_css = view.text_css(font_css);
    let (swatch_w, gap, row_h) = (view.px(14.0), view.px(12.0), view.px(font_css * 1.5));
    let text = view.font(font_css).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Center));
    for (r, row) in strip_rows(entries, font_css, width, view).iter().enumerate() {
        let cy = y + row_h * r as i32 + row_h / 2;
        let mut x = margin;
        for &i in row {
            let (label, swatch) = &entries[i];
            match *swatch {
                Swatch::Line(c) => area.draw(&PathElement::new(
                    vec![(x, cy), (x + swatch_w, cy)],
                    c.stroke_width(view.px(2.0).max(1) as u32),
                ))?,
                Swatch::Block(c) => area.draw(&Rectangle::new(
                    [(x + view.px(2.0), cy - view.px(4.0)), (x + view.px(12.0), cy + view.px(4.0))],
                    c.filled(),
                ))?,
            }
            area.draw_text(label, &text, (x + swatch_w + view.px(4.0), cy))?;
            x += swatch_w + view.px(4.0) + approx_text_width(label, font_css * view.scale).ceil() as i32 + gap;
        }
    }
    Ok(())
}

/// Draws a panel's title centred at its top and returns the margin the
/// chart needs above its plot for it (device px).
fn draw_panel_title<DB: DrawingBackend>(
    panel: &DrawingArea<DB, Shift>,
    title: &str,
    margin: i32,
    view: &View,
) -> Result<i32, DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, _) = panel.dim_in_pixel();
    panel.draw_text(
        title,
        &view.font(11.0).color(&P::INK).pos(Pos::new(HPos::Center, VPos::Top)),
        (w as i32 / 2, margin),
    )?;
    Ok(margin + view.px(11.0 * 1.5))
}

/// The seconds a chart of the run spans (its x axis).
pub fn end_s(trace: &LeaseTrace) -> f64 {
    (trace.details.end_us as f64 / 1e6).max(f64::from(trace.config.duration_s)).max(1.0)
}

/// The balance at `t_us` of a wallet's step series: (snapshot, ledger).
pub fn balance_at(trace: &LeaseTrace, wallet: usize, t_us: u64) -> (i64, i64) {
    let init = i64::from(trace.config.initial_balance_won);
    let pts = trace.series.balance.get(wallet).map(|v| v.as_slice()).unwrap_or(&[]);
    let i = pts.partition_point(|p| p.t_us <= t_us);
    if i == 0 {
        (init, init)
    } else {
        (pts[i - 1].snapshot_won, pts[i - 1].ledger_won)
    }
}

/// A2: per-wallet snapshot against ledger balance over the run.
pub fn draw_balance<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let end = end_s(trace);
    let init = f64::from(trace.config.initial_balance_won);
    let mut lo = 0f64;
    for pts in &trace.series.balance {
        for p in pts {
            lo = lo.min(p.ledger_won as f64).min(p.snapshot_won as f64);
        }
    }
    let lo = (lo / 10_000.0).floor() * 10_000.0 - 5_000.0;
    let hi = init + 10_000.0;
    let cursor_s = if view.cursor_us == u64::MAX { end } else { view.cursor_us as f64 / 1e6 };
    let visible: Vec<usize> = (0..trace.series.balance.len()).filter(|&w| view.wallet_visible(w as u32)).collect();
    let mut legend: Vec<(String, Swatch)> = Vec::new();
    if view.reveal_ledger && !visible.is_empty() {
        legend.push(("원장 계산값 (모든 지갑)".to_string(), Swatch::Line(P::LEDGER)));
    }
    legend.extend(visible.iter().map(|&w| (format!("지갑 {w} 스냅샷"), Swatch::Line(wallet_color(w)))));
    // Narrow: the legend is a strip above the plot, not a box over the lines.
    let strip = narrow_legend(area, view);
    let strip_h = if strip { legend_strip_height(area, &legend, 10.0, view) } else { 0 };
    let mut chart = ChartBuilder::on(area)
        .margin(view.px(8.0))
        .margin_top(view.px(8.0) + strip_h)
        .x_label_area_size(view.px(26.0))
        // Room for "−100,000" at the label size, and the ticks.
        .y_label_area_size(view.px(approx_text_width("−100,000", view.text_css(10.0)) + 12.0))
        .build_cartesian_2d(0f64..end, lo..hi)?;
    chart
        .configure_mesh()
        .light_line_style(P::GRID.mix(0.5))
        .bold_line_style(P::GRID)
        .label_style(view.font(10.0).color(&P::MUTED))
        .x_label_formatter(&|x| format!("{:.0}초", x))
        .y_label_formatter(&|y| group_thousands(*y as i64))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (end, 0.0)], P::INK.mix(0.5))))?;
    for (w, pts) in trace.series.balance.iter().enumerate() {
        if !view.wallet_visible(w as u32) {
            continue;
        }
        let mut snap = vec![(0.0, init)];
        let mut ledg = vec![(0.0, init)];
        for p in pts {
            let t = p.t_us as f64 / 1e6;
            if t > cursor_s {
                break;
            }
            snap.push((t, snap.last().unwrap().1));
            snap.push((t, p.snapshot_won as f64));
            ledg.push((t, ledg.last().unwrap().1));
            ledg.push((t, p.ledger_won as f64));
        }
        snap.push((cursor_s.min(end), snap.last().unwrap().1));
        ledg.push((cursor_s.min(end), ledg.last().unwrap().1));
        let col = wallet_color(w);
        if view.reveal_ledger {
            // The drift band between the two lines.
            let mut band = snap.clone();
            band.extend(ledg.iter().rev().cloned());
            chart.draw_series(std::iter::once(Polygon::new(band, P::OVERLAP.mix(0.07).filled())))?;
            chart.draw_series(LineSeries::new(ledg, P::LEDGER.mix(0.9).stroke_width(view.px(1.2).max(1) as u32)))?;
        }
        chart.draw_series(LineSeries::new(snap, col.stroke_width(view.px(1.8).max(1) as u32)))?;
    }
    // Annotations: the article's 15 s and end-of-run frames, from our own
    // series, broken into shorter lines where a line would leave the plot.
    let base = area.get_base_pixel();
    let (xr, _) = chart.plotting_area().get_pixel_range();
    let (pl, pr) = (xr.start - base.0, xr.end - base.0);
    let size = view.text_css(10.5) * view.scale;
    let mut row = 0;
    let mut marks = vec![15.0f64];
    marks.push(f64::from(trace.config.duration_s));
    for t in marks {
        if t > cursor_s || t > end {
            continue;
        }
        let (s, l) = balance_at(trace, 0, (t * 1e6) as u64);
        chart.draw_series(std::iter::once(PathElement::new(vec![(t, lo), (t, hi)], P::INK.mix(0.35))))?;
        let head = format!("{t:.0}초 지갑0:");
        let snap = format!("스냅샷 {}", group_thousands(s));
        let layouts: Vec<Vec<String>> = if view.reveal_ledger {
            let ledger = format!("원장 {}", group_thousands(l));
            vec![
                vec![format!("{head} {snap} / {ledger}")],
                vec![head.clone(), format!("{snap} / {ledger}")],
                vec![head, snap, ledger],
            ]
        } else {
            vec![vec![format!("{head} {snap}")], vec![head, snap]]
        };
        let room = f64::from(pr - pl - view.px(8.0));
        let fits = |lines: &Vec<String>| lines.iter().all(|line| approx_text_width(line, size) <= room);
        let lines = layouts.iter().find(|ls| fits(ls)).unwrap_or(&layouts[layouts.len() - 1]);
        let (x, y) = chart.backend_coord(&(t, hi));
        let (x, y) = (x - base.0, y - base.1);
        for line in lines {
            let w = approx_text_width(line, size).ceil() as i32;
            // Beside the line where it fits, else as close as the plot allows.
            let right_of = x + view.px(4.0);
            let left = if right_of + w <= pr - view.px(4.0) {
                right_of
            } else if x - view.px(4.0) - w >= pl + view.px(4.0) {
                x - view.px(4.0) - w
            } else {
                (right_of.min(pr - view.px(4.0) - w)).max(pl + view.px(4.0))
            };
            area.draw_text(
                line,
                &view.font(10.5).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)),
                (left, y + view.px(4.0 + 15.0 * row as f64)),
            )?;
            row += 1;
        }
    }
    if strip {
        draw_legend_strip(area, view.px(8.0), &legend, 10.0, view)?;
    } else {
        draw_legend(chart.plotting_area(), Corner::LowerLeft, &legend, 10.0, true, view)?;
    }
    Ok(())
}

fn phase_bands<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'_, DB, CT>,
    trace: &LeaseTrace,
    lo: f64,
    hi: f64,
) -> DrawResult<DB> {
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
type OutcomeLayer = (&'static str, RGBColor, fn(&crate::sim::lease::SecondBucket) -> u32);

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
pub fn draw_outage<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
) -> DrawResult<DB> {
    draw_outage_focused(area, trace, view, None)
}

/// [`draw_outage`] with a story step's [`ChartFocus`].
pub fn draw_outage_focused<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    trace: &LeaseTrace,
    view: &View,
    focus: Option<ChartFocus>,
) -> DrawResult<DB> {
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
        ("승인", P::APPROVED, |b| b.approved),
        ("잔액 부족", P::INSUFFICIENT, |b| b.insufficient),
        ("503", P::ERROR, |b| b.unavailable),
        ("fencing 거부(읽기)", P::FENCED, |b| b.fence_rejected_read),
        ("fencing 거부(쓰기)", P::STOLEN, |b| b.fence_rejected_write),
    ];
    let max1 =
        ps.iter().map(|b| layers.iter().map(|(_, _, f)| f(b)).sum::<u32>()).max().unwrap_or(1).max(1) as f64 * 1.1;
    if shown(0) {
        let top = draw_panel_title(&panels[0], "초당 응답", view.px(6.0), view)?;
        let shown: Vec<usize> = (0..layers.len()).rev().filter(|&i| ps.iter().any(|b| (layers[i].2)(b) > 0)).collect();
        let legend: Vec<(String, Swatch)> =
            shown.iter().map(|&i| (layers[i].0.to_string(), Swatch::Block(layers[i].1))).collect();
        let strip = narrow_legend(&panels[0], view);
        let strip_h = if strip { legend_strip_height(&panels[0], &legend, 9.5, view) } else { 0 };
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
            .y_labels(if strip { 4 } else { 10 })
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
        if strip {
            draw_legend_strip(&panels[0], top, &legend, 9.5, view)?;
        } else {
            draw_legend(chart.plotting_area(), Corner::UpperRight, &legend, 9.5, false, view)?;
        }
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
        let top = draw_panel_title(&panels[1], "초당 락 없는 홀드 · 소유 겹침 쌍 · 누적 drift", view.px(6.0), view)?;
        let legend = [
            ("락 없는 홀드".to_string(), Swatch::Line(P::LOCKLESS)),
            ("소유 겹침 쌍".to_string(), Swatch::Line(P::OVERLAP)),
            ("누적 drift(원, 오른쪽 축)".to_string(), Swatch::Line(P::DRIFT)),
        ];
        let strip = narrow_legend(&panels[1], view);
        let strip_h = if strip { legend_strip_height(&panels[1], &legend, 9.5, view) } else { 0 };
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
            .y_labels(if strip { 4 } else { 10 })
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
            .y_labels(if strip { 4 } else { 5 })
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
        if strip {
            draw_legend_strip(&panels[1], top, &legend, 9.5, view)?;
        } else {
            draw_legend(chart.plotting_area(), Corner::UpperLeft, &legend, 9.5, false, view)?;
        }
    }
    // Panel 3: wallet 0's token counter against its fence value.
    if shown(2) {
        let pts = trace.series.tokens.first().map(|v| v.as_slice()).unwrap_or(&[]);
        let max3 = pts.iter().map(|p| p.counter.max(p.fence)).max().unwrap_or(1).max(1) as f64 * 1.15;
        let top = draw_panel_title(&panels[2], "지갑 0: 토큰 카운터와 fence 값", view.px(6.0), view)?;
        let legend =
            [("토큰 카운터".to_string(), Swatch::Line(P::LEASE_A)), ("fence 값".to_string(), Swatch::Line(P::FENCED))];
        let strip = narrow_legend(&panels[2], view);
        let strip_h = if strip { legend_strip_height(&panels[2], &legend, 9.5, view) } else { 0 };
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
            .y_labels(if strip { 4 } else { 10 })
            .label_style(view.font(9.5).color(&P::MUTED))
            .x_label_formatter(&|x| if x1 - x0 < 8.0 { format!("{x:.1}초") } else { format!("{x:.0}초") })
            .draw()?;
        phase_bands(&mut chart, trace, 0.0, max3)?;
        let step = |f: fn(&crate::sim::lease::TokenPoint) -> u64| {
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
        if strip {
            draw_legend_strip(&panels[2], top, &legend, 9.5, view)?;
        } else {
            draw_legend(chart.plotting_area(), Corner::UpperLeft, &legend, 9.5, false, view)?;
        }
    }
    Ok(())
}

/// One dot of the trade-off scatter.
#[derive(Clone, Debug, PartialEq)]
pub struct TradeoffPoint {
    pub label: String,
    pub throughput_rps: f64,
    pub over_approval: f64,
    /// Hollow marker: the article's measurement rather than our run.
    pub article: bool,
    pub group: usize,
}

/// A8: throughput (x) against over-approval (y) per variant.
pub fn draw_tradeoff<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[TradeoffPoint],
    view: &View,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let xmax = points.iter().map(|p| p.throughput_rps).fold(1.0, f64::max) * 1.15;
    let ymax = points.iter().map(|p| p.over_approval).fold(1.0, f64::max) * 1.15 + 10.0;
    let mut chart = ChartBuilder::on(area)
        .margin(view.px(10.0))
        .x_label_area_size(view.px(36.0))
        .y_label_area_size(view.px(64.0))
        .build_cartesian_2d(0f64..xmax, -5f64..ymax)?;
    chart
        .configure_mesh()
        .light_line_style(P::GRID.mix(0.5))
        .label_style(view.font(10.0).color(&P::MUTED))
        .x_desc("처리량 (건/s)")
        .y_desc("초과 승인 (건)")
        .axis_desc_style(view.font(10.5).color(&P::INK))
        .draw()?;
    for p in points {
        let col = WALLET_COLORS[p.group % WALLET_COLORS.len()];
        let col = if p.group == 4 { P::STOLEN } else { col };
        let r = view.px(if p.article { 6.0 } else { 4.5 });
        if p.article {
            chart.draw_series(std::iter::once(Circle::new(
                (p.throughput_rps, p.over_approval),
                r,
                col.stroke_width(view.px(1.5).max(1) as u32),
            )))?;
        } else {
            chart.draw_series(std::iter::once(Circle::new(
                (p.throughput_rps, p.over_approval),
                r,
                col.mix(0.8).filled(),
            )))?;
        }
    }
    let (w_px, _) = area.dim_in_pixel();
    let mut labels = Labels::default();
    labels.ask(
        0,
        "채운 점: 우리 실행 · 빈 원: 원문 측정",
        view.text_css(11.0) * view.scale,
        P::INK,
        Pos::new(HPos::Right, VPos::Top),
        (w_px as i32 - view.px(16.0), view.px(14.0)),
    );
    // One label per group beside its first own dot: above right, else the
    // first free spot around it (two groups' dots can coincide).
    let base = area.get_base_pixel();
    let mut seen = Vec::new();
    for p in points.iter().filter(|p| !p.article) {
        if seen.contains(&p.group) {
            continue;
        }
        seen.push(p.group);
        let (x, y) = chart.backend_coord(&(p.throughput_rps, p.over_approval));
        let (x, y) = (x - base.0, y - base.1);
        let d = view.px(8.0);
        let spots = vec![
            (Pos::new(HPos::Left, VPos::Bottom), (x + d, y - d / 2)),
            (Pos::new(HPos::Left, VPos::Top), (x + d, y + d / 2)),
            (Pos::new(HPos::Right, VPos::Bottom), (x - d, y - d / 2)),
            (Pos::new(HPos::Right, VPos::Top), (x - d, y + d / 2)),
            (Pos::new(HPos::Center, VPos::Bottom), (x, y - 2 * d)),
            (Pos::new(HPos::Center, VPos::Top), (x, y + 2 * d)),
        ];
        labels.ask_any(1, p.label.clone(), view.text_css(11.0) * view.scale, P::INK, spots);
    }
    crate::figures::text_place::draw_labels(labels, area)
}

/// One CDF curve: a label and latencies in µs, sorted ascending.
pub struct CdfCurve<'a> {
    pub label: String,
    pub latencies_us: &'a [u64],
    pub group: usize,
}

/// A9: latency CDFs with p95 markers.
pub fn draw_latency_cdf<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    curves: &[CdfCurve<'_>],
    view: &View,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let xmax_ms =
        curves.iter().filter_map(|c| c.latencies_us.last()).map(|&v| v as f64 / 1000.0).fold(100.0, f64::max) * 1.05;
    let xmin_ms = curves
        .iter()
        .filter_map(|c| c.latencies_us.first())
        .map(|&v| v as f64 / 1000.0)
        .fold(f64::INFINITY, f64::min)
        .clamp(1.0, xmax_ms / 2.0)
        * 0.8;
    let xmax_ms = xmax_ms.max(xmin_ms * 2.0);
    // The x ticks: 1-2-3-5 steps over the whole range (plotters' own log ticks
    // leave out everything below 1,000 ms), thinned so no two labels touch.
    let (w_px, _) = area.dim_in_pixel();
    let plot_w = f64::from(w_px) - f64::from(view.px(56.0) + 2 * view.px(10.0));
    let at = |v: f64| (v.ln() - xmin_ms.ln()) / (xmax_ms.ln() - xmin_ms.ln()) * plot_w;
    let mut ticks: Vec<f64> = Vec::new();
    let mut last_right = f64::MIN;
    let mut decade = 10f64.powi(xmin_ms.log10().floor() as i32);
    while decade <= xmax_ms {
        for v in [decade, 2.0 * decade, 3.0 * decade, 5.0 * decade] {
            if v < xmin_ms || v > xmax_ms {
                continue;
            }
            let half = approx_text_width(&group_thousands(v as i64), view.text_css(10.0) * view.scale) / 2.0;
            let x = at(v);
            if x - half >= last_right + f64::from(view.px(6.0)) && x + half <= plot_w + f64::from(view.px(10.0)) {
                ticks.push(v);
                last_right = x + half;
            }
        }
        decade *= 10.0;
    }
    let colour = |group: usize| if group == 4 { P::STOLEN } else { WALLET_COLORS[group % WALLET_COLORS.len()] };
    let legend: Vec<(String, Swatch)> = curves
        .iter()
        .filter(|c| !c.latencies_us.is_empty())
        .map(|c| (c.label.clone(), Swatch::Line(colour(c.group))))
        .collect();
    // Narrow: the legend is a strip above the plot, not a box over the curves.
    let strip = narrow_legend(area, view);
    let strip_h = if strip { legend_strip_height(area, &legend, 10.0, view) } else { 0 };
    let mut chart = ChartBuilder::on(area)
        .margin(view.px(10.0))
        .margin_top(view.px(10.0) + strip_h)
        .x_label_area_size(view.px(36.0))
        .y_label_area_size(view.px(56.0))
        .build_cartesian_2d((xmin_ms..xmax_ms).log_scale().with_key_points(ticks), 0f64..1.0)?;
    chart
        .configure_mesh()
        .light_line_style(P::GRID.mix(0.5))
        .label_style(view.font(10.0).color(&P::MUTED))
        .x_desc("응답 지연 (ms, 로그 축)")
        .y_desc("누적 비율")
        .axis_desc_style(view.font(10.5).color(&P::INK))
        .x_label_formatter(&|x| group_thousands(x.round() as i64))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(vec![(xmin_ms, 0.95), (xmax_ms, 0.95)], P::MUTED.mix(0.5))))?;
    for c in curves {
        let n = c.latencies_us.len();
        if n == 0 {
            continue;
        }
        let col = colour(c.group);
        // At most ~400 points per curve: plenty for a smooth step.
        let stride = (n / 400).max(1);
        let pts: Vec<(f64, f64)> = (0..n)
            .step_by(stride)
            .chain(std::iter::once(n - 1))
            .map(|i| ((c.latencies_us[i] as f64 / 1000.0).max(xmin_ms), (i + 1) as f64 / n as f64))
            .collect();
        chart.draw_series(LineSeries::new(pts, col.stroke_width(view.px(2.0).max(1) as u32)))?;
        let rank = ((0.95 * n as f64).ceil() as usize).clamp(1, n) - 1;
        let p95 = (c.latencies_us[rank] as f64 / 1000.0).max(xmin_ms);
        chart.draw_series(std::iter::once(Circle::new((p95, 0.95), view.px(4.0), col.filled())))?;
    }
    if strip {
        draw_legend_strip(area, view.px(10.0), &legend, 10.0, view)?;
    } else {
        draw_legend(chart.plotting_area(), Corner::LowerRight, &legend, 10.0, true, view)?;
    }
    Ok(())
}
