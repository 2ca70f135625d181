//! A8 and A9, the charts of every variant: throughput against
//! over-approval (the runs' dots beside the article's), and the latency CDFs
//! with their p95 markers. Each variant's colour is its catalogue row's.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::series_colour;
use super::{draw_legend, draw_legend_strip, legend_strip_height, narrow_legend, Corner, Swatch};
use crate::text_place::Labels;
use crate::text_width::approx_text_width;
use crate::{palette as P, DrawResult, View};
use lab_model::analysis::group_thousands;
use lab_model::catalogue::SeriesColour;
use lab_model::metrics::Metric;
use lab_words::Words;

/// One dot of the trade-off scatter.
#[derive(Clone, Debug, PartialEq)]
pub struct TradeoffPoint {
    pub label: String,
    pub throughput_rps: f64,
    pub over_approval: f64,
    /// Hollow marker: the article's measurement rather than our run.
    pub article: bool,
    pub colour: SeriesColour,
}

/// A8: throughput (x) against over-approval (y) per variant.
pub fn draw_tradeoff(area: &Area, points: &[TradeoffPoint], view: &View, w: &Words) -> DrawResult {
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
        .x_desc(lab_words::metrics::metric_axis(w, Metric::ThroughputRps))
        .y_desc(lab_words::metrics::metric_axis(w, Metric::OverApproval))
        .axis_desc_style(view.font(10.5).color(&P::INK))
        .draw()?;
    for p in points {
        let col = series_colour(p.colour);
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
        w.legend.plots.tradeoff_key,
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
        if seen.contains(&p.colour) {
            continue;
        }
        seen.push(p.colour);
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
    crate::text_place::draw_labels(labels, area)
}

/// One CDF curve: a label and latencies in µs, sorted ascending.
pub struct CdfCurve<'a> {
    pub label: String,
    pub latencies_us: &'a [u64],
    pub colour: SeriesColour,
}

/// A9: latency CDFs with p95 markers.
pub fn draw_latency_cdf(area: &Area, curves: &[CdfCurve<'_>], view: &View, w: &Words) -> DrawResult {
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
    let legend: Vec<(String, Swatch)> = curves
        .iter()
        .filter(|c| !c.latencies_us.is_empty())
        .map(|c| (c.label.clone(), Swatch::Line(series_colour(c.colour))))
        .collect();
    // Narrow: the legend is a strip above the plot, not a box over the curves.
    let strip = narrow_legend(area, view);
    // Under a strip, half a label's em more: the top tick's label ("1.0") is centred on the plot's top.
    let strip_h =
        if strip { legend_strip_height(area, &legend, 10.0, view) + view.px(view.text_css(10.0) / 2.0) } else { 0 };
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
        .x_desc(w.legend.plots.latency_axis)
        .y_desc(w.legend.plots.share_axis)
        .axis_desc_style(view.font(10.5).color(&P::INK))
        .x_label_formatter(&|x| group_thousands(x.round() as i64))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(vec![(xmin_ms, 0.95), (xmax_ms, 0.95)], P::MUTED.mix(0.5))))?;
    for c in curves {
        let n = c.latencies_us.len();
        if n == 0 {
            continue;
        }
        let col = series_colour(c.colour);
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
