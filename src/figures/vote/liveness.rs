//! Figure B5: the network's finalized height over time, one step line per
//! number of blocked validators, with the transactions' finalizations.

use crate::recording::Area;
use lab_words::Words;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{SAFE_GREEN, UNSAFE_RED, VALUE_OTHER, VALUE_X};
use crate::plots::{draw_legend, Corner, Swatch};
use crate::text_width::approx_text_width;
use crate::{palette as P, DrawResult, View, FONT};
use lab_sim::vote::VoteTrace;

/// One series of figure B5: finalized height over time for one setting.
pub struct LivenessSeries<'a> {
    pub label: String,
    pub trace: &'a VoteTrace,
    pub highlight: bool,
}

/// Figure B5: the network's finalized height against time, one step line per
/// number of blocked validators; the two transactions submitted after the
/// fault are marked where they were finalized.
pub fn draw_liveness(area: &Area, series: &[LivenessSeries<'_>], scale: f64, words: &Words) -> DrawResult {
    area.fill(&WHITE)?;
    let px = |c: f64| (c * scale).round() as i32;
    let floor = crate::text_floor_css(f64::from(area.dim_in_pixel().0) / scale);
    let font = |c: f64| TextStyle::from((FONT, c.max(floor) * scale).into_font());
    let Some(first) = series.first() else { return Ok(()) };
    let horizon_s = f64::from(first.trace.config.horizon_ms) / 1000.0;
    let start_h = first.trace.config.start_height as f64;
    let max_h = series
        .iter()
        .map(|s| s.trace.outcome.liveness.max_finalized_height as f64)
        .fold(start_h, f64::max)
        .max(start_h + 1.0);
    let mut chart = ChartBuilder::on(area)
        .margin(px(8.0))
        .margin_right(px(22.0))
        .x_label_area_size(px(34.0))
        .y_label_area_size(px(44.0))
        .build_cartesian_2d(0f64..horizon_s, (start_h - 1.0)..(max_h + 3.0))?;
    chart
        .configure_mesh()
        .x_desc(words.vote.liveness.x_axis)
        .y_desc(words.vote.liveness.y_axis)
        .label_style(font(11.0).color(&P::MUTED))
        .axis_desc_style(font(11.0).color(&P::MUTED))
        .light_line_style(P::GRID.mix(0.5))
        .bold_line_style(P::GRID)
        .x_labels(8)
        .y_labels(6)
        .y_label_formatter(&|v| format!("{:.0}", v))
        .draw()?;
    let colors = [SAFE_GREEN, VALUE_X, UNSAFE_RED, VALUE_OTHER];
    let mut legend: Vec<(String, Swatch)> = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let col = colors[i % colors.len()];
        legend.push((s.label.clone(), Swatch::Line(col)));
        let mut pts = vec![(0.0, start_h - 1.0)];
        let mut h = start_h - 1.0;
        for p in &s.trace.outcome.liveness.network_height {
            let t = p.at.t_us as f64 / 1e6;
            pts.push((t, h));
            h = p.height as f64;
            pts.push((t, h));
        }
        // The line stops where the simulation stopped (one second after both
        // transactions are final, or the horizon), so a finished run never
        // looks like a stall.
        let end_s = (s.trace.end_us as f64 / 1e6).min(horizon_s);
        pts.push((end_s, h));
        let width = if s.highlight { 3.0 } else { 1.5 };
        let style =
            if s.highlight { col.stroke_width(px(width) as u32) } else { col.mix(0.45).stroke_width(px(width) as u32) };
        chart.draw_series(LineSeries::new(pts, style))?;
        if s.highlight {
            let l = &s.trace.outcome.liveness;
            if let Some(f) = l.fault_at {
                let t = f.t_us as f64 / 1e6;
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(t, start_h - 1.0), (t, max_h + 1.0)],
                    UNSAFE_RED.mix(0.5),
                )))?;
            }
            let mut labelled: Vec<(u64, Vec<u32>)> = Vec::new();
            for tx in &l.txs {
                let ts = tx.submitted_at_us as f64 / 1e6;
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(ts, start_h - 1.0), (ts, max_h + 1.0)],
                    P::MUTED.mix(0.5),
                )))?;
                if let (Some(at), Some(hh)) = (tx.finalized_at, tx.height) {
                    let t = at.t_us as f64 / 1e6;
                    chart.draw_series(std::iter::once(Circle::new((t, hh as f64), px(5.0), col.filled())))?;
                    match labelled.iter_mut().find(|(h, _)| *h == hh) {
                        Some((_, v)) => v.push(tx.tx),
                        None => labelled.push((hh, vec![tx.tx])),
                    }
                }
            }
            for (hh, txs) in labelled {
                let at = l
                    .txs
                    .iter()
                    .find(|x| x.height == Some(hh))
                    .and_then(|x| x.finalized_at)
                    .map(|a| a.t_us as f64 / 1e6)
                    .unwrap_or(0.0);
                let names = txs.iter().map(|t| t.to_string()).collect::<Vec<_>>().join("·");
                let label = words.fill(words.vote.liveness.finalized, &[("names", &names)]);
                // Above the step line, clear of the dot (radius 5): to its
                // right, or to its left where the plot has no room for it.
                let right_edge = chart.plotting_area().get_pixel_range().0.end;
                let (dot_x, _) = chart.backend_coord(&(at, hh as f64));
                let fits_right =
                    dot_x + px(7.0) + approx_text_width(&label, 11.0f64.max(floor) * scale).ceil() as i32 <= right_edge;
                let (dx, side) = if fits_right { (px(7.0), HPos::Left) } else { (-px(7.0), HPos::Right) };
                chart.draw_series(std::iter::once(
                    EmptyElement::at((at, hh as f64))
                        + Text::new(label, (dx, -px(5.0)), font(11.0).color(&P::INK).pos(Pos::new(side, VPos::Bottom))),
                ))?;
            }
            if l.txs.iter().all(|x| x.finalized_at.is_none()) {
                if let Some(tx) = l.txs.first() {
                    let ts = tx.submitted_at_us as f64 / 1e6;
                    chart.draw_series(std::iter::once(Text::new(
                        words.vote.liveness.not_finalized.to_string(),
                        (ts, max_h + 0.5),
                        font(11.0).color(&UNSAFE_RED),
                    )))?;
                }
            }
        }
    }
    // Drawn at an anchor, not laid out by plotters from measured text (see
    // `plots::draw_legend`), so the page's export equals `lab figure`'s.
    let view = View { scale, text_floor_css: floor, ..View::default() };
    draw_legend(chart.plotting_area(), Corner::UpperLeft, &legend, 11.0, true, &view)?;
    Ok(())
}
