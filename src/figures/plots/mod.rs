//! The chart figures: A2 (snapshot vs ledger) here, A7 (outage time
//! series, `outage.rs`), A8 and A9 (every variant, `variants.rs`), and the
//! legends and panel titles they share.
//!
//! Like the timeline, each function draws on a recording's [`Area`].
//!
//! Legends and panel titles are drawn here, not by plotters: plotters sizes
//! them by measuring their text, and in the browser each measurement puts a
//! `<span>` into the page and forces a layout of the whole page (about 10 ms
//! per drawing of A7). Text drawn at an anchor is never measured.

use crate::recording::{Area, Recorder};
use plotters::coord::CoordTranslate;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::text_width::approx_text_width;
use super::{palette as P, DrawResult, View};
use lab_model::analysis::group_thousands;
use lab_model::catalogue::SeriesColour;
use lab_sim::lease::LeaseTrace;
use lab_words::Words;

mod outage;
mod variants;

pub use outage::{
    draw_outage, draw_outage_focused, outage_height_css, outage_panel_height_css, ChartFocus, OUTAGE_LEFT_LABELS_CSS,
    OUTAGE_MARGIN_CSS, OUTAGE_PANEL_ENDS_PCT, OUTAGE_RIGHT_LABELS_CSS,
};
pub use variants::{draw_latency_cdf, draw_tradeoff, CdfCurve, TradeoffPoint};

const WALLET_COLORS: [RGBColor; 4] =
    [RGBColor(0x25, 0x63, 0xeb), RGBColor(0x0d, 0x94, 0x88), RGBColor(0x93, 0x33, 0xea), RGBColor(0xca, 0x8a, 0x04)];

fn wallet_color(w: usize) -> RGBColor {
    WALLET_COLORS[w % WALLET_COLORS.len()]
}

/// A variant's series colour where every variant is drawn (the catalogue's choice).
fn series_colour(colour: SeriesColour) -> RGBColor {
    match colour {
        SeriesColour::Palette(slot) => wallet_color(slot),
        SeriesColour::Alarm => P::STOLEN,
    }
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
    LowerLeft,
    LowerRight,
}

/// Draws a legend box in `corner` of `plot` (a chart's plotting area).
pub(crate) fn draw_legend<CT: CoordTranslate>(
    plot: &DrawingArea<Recorder, CT>,
    corner: Corner,
    entries: &[(String, Swatch)],
    font_css: f64,
    bordered: bool,
    view: &View,
) -> DrawResult {
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
    let y0 = if corner == Corner::UpperLeft { margin } else { (h - margin - box_h).max(0) };
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
pub(crate) fn narrow_legend(area: &Area, view: &View) -> bool {
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
pub(crate) fn legend_strip_height(area: &Area, entries: &[(String, Swatch)], font_css: f64, view: &View) -> i32 {
    let width = area.dim_in_pixel().0 as i32 - 2 * view.px(8.0);
    strip_rows(entries, font_css, width, view).len() as i32 * view.px(view.text_css(font_css) * 1.5)
}

/// A legend as a strip of entries from `y` down (rows wrap at `area`'s width
/// less 8 px each side): for narrow charts, drawn above the plot.
pub(crate) fn draw_legend_strip(
    area: &Area,
    y: i32,
    entries: &[(String, Swatch)],
    font_css: f64,
    view: &View,
) -> DrawResult {
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
fn draw_panel_title(
    panel: &Area,
    title: &str,
    margin: i32,
    view: &View,
) -> Result<i32, DrawingAreaErrorKind<std::convert::Infallible>> {
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
pub fn draw_balance(area: &Area, trace: &LeaseTrace, view: &View, w: &Words) -> DrawResult {
    let words = &w.legend.plots;
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
        legend.push((words.ledger_line.to_string(), Swatch::Line(P::LEDGER)));
    }
    legend.extend(
        visible
            .iter()
            .map(|&i| (w.fill(words.snapshot_line, &[("wallet", &i.to_string())]), Swatch::Line(wallet_color(i)))),
    );
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
        .x_label_formatter(&|x| w.fill(words.seconds, &[("s", &format!("{x:.0}"))]))
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
        let head = w.fill(words.note_head, &[("t", &format!("{t:.0}"))]);
        let snap = w.fill(words.note_snapshot, &[("won", &group_thousands(s))]);
        let layouts: Vec<Vec<String>> = if view.reveal_ledger {
            let ledger = w.fill(words.note_ledger, &[("won", &group_thousands(l))]);
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
