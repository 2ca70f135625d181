//! The sweep heatmaps (`sweep-ttl-pause`, `sweep-contention`): one coloured
//! cell per grid point, coloured by a [`SweepMetric`], with axes and a colour
//! bar. Drawn into a recording like every figure here (`crate::recording`),
//! so the site paints it on a canvas and an SVG export replays the same calls.
//!
//! [`heat_layout`] is the geometry in CSS pixels; the site lays its grid of
//! focusable cell buttons over exactly the same plot rectangle.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{palette, DrawResult, View};
use lab_model::params::SweepMetric;
use lab_model::sweep::SweepResult;
use lab_words::Words;

/// The plot rectangle (the cells), in CSS pixels from the top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeatLayout {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
}

/// Margins: axis labels left and below, the colour bar on the right.
pub fn heat_layout(width_css: f64, height_css: f64) -> HeatLayout {
    let (left, right, top, bottom) = (64.0, 96.0, 12.0, 52.0);
    HeatLayout { left, top, width: (width_css - left - right).max(40.0), height: (height_css - top - bottom).max(40.0) }
}

/// The CSS height the figure wants for a width: cells roughly square, within bounds.
pub fn heat_height_css(width_css: f64, rows: usize, cols: usize) -> f64 {
    let l = heat_layout(width_css, 400.0);
    let cell = l.width / cols.max(1) as f64;
    (cell * rows.max(1) as f64 + 64.0).clamp(260.0, 560.0)
}

/// The fill of a value `t` in 0..=1: white → red (over-approval) or white → blue (throughput).
pub fn heat_color(metric: SweepMetric, t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0);
    let (r, g, b) = match metric {
        SweepMetric::OverApproval => (0xb9, 0x1c, 0x1c),
        SweepMetric::Throughput => (0x1d, 0x4e, 0xd8),
    };
    let mix = |c: u8, base: u8| (f64::from(base) + (f64::from(c) - f64::from(base)) * t).round() as u8;
    RGBColor(mix(r, 0xf8), mix(g, 0xfa), mix(b, 0xfc))
}

/// Where `v` sits between the metric's colour-scale ends (0 at the bottom; the
/// over-approval scale starts at 0 so a zero cell is always the lightest).
pub fn heat_t(metric: SweepMetric, lo: f64, hi: f64, v: f64) -> f64 {
    let lo = if metric == SweepMetric::OverApproval { 0.0 } else { lo };
    if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) {
        return if v > lo { 1.0 } else { 0.0 };
    }
    // A small positive over-approval must not look like zero: lift it.
    let t = (v - lo) / (hi - lo);
    if metric == SweepMetric::OverApproval && v > 0.0 {
        0.12 + 0.88 * t
    } else {
        t
    }
}

/// The article's own setting on a sweep's axes: the experiment behind the
/// variant's preset (`lab_model::article`), and where its configuration lies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArticlePoint {
    /// The article's experiment that ran this setting (its table's id,
    /// e.g. "exp1") and its measurement id (e.g. "M-024").
    pub experiment: &'static str,
    pub measurement_id: &'static str,
    pub x: f64,
    pub y: f64,
    /// Where it lies on the grid, in cells (0 is the first cell's centre).
    pub cell_x: f64,
    pub cell_y: f64,
}

/// The article's setting for `spec`'s variant, if an article table ran its
/// preset and the setting lies within the grid.
pub fn article_point(spec: &lab_model::params::SweepSpec) -> Option<ArticlePoint> {
    let preset = spec.variant;
    let table = lab_model::article::ARTICLE_TABLES.iter().find(|t| t.rows.iter().any(|r| r.preset == preset.key()))?;
    let c = preset.config();
    let (x, y) = match spec.kind {
        lab_model::params::SweepKind::TtlPause => (f64::from(c.ttl_ms), f64::from(c.pause_max_ms)),
        lab_model::params::SweepKind::Contention => {
            (f64::from(c.threads) / f64::from(c.wallets.max(1)), f64::from(c.wallets))
        }
    };
    let (cell_x, cell_y) = (grid_position(&spec.xs(), x)?, grid_position(&spec.ys(), y)?);
    Some(ArticlePoint { experiment: table.id, measurement_id: table.measurement_id, x, y, cell_x, cell_y })
}

/// Where `v` lies among the cell values `axis` (ascending), in cells (0 is
/// the first cell's centre), or `None` outside them.
fn grid_position(axis: &[u32], v: f64) -> Option<f64> {
    let first = f64::from(*axis.first()?);
    if axis.len() == 1 {
        return (v == first).then_some(0.0);
    }
    axis.windows(2).enumerate().find_map(|(i, w)| {
        let (a, b) = (f64::from(w[0]), f64::from(w[1]));
        (v >= a && v <= b && b > a).then(|| i as f64 + (v - a) / (b - a))
    })
}

/// Draws the heatmap of `result` by `metric`. Unfinished rows are grey bands.
/// `focus` outlines one cell (the keyboard position).
#[cfg(not(target_arch = "wasm32"))]
pub fn draw_heatmap(
    area: &Area,
    result: &SweepResult,
    metric: SweepMetric,
    focus: Option<(usize, usize)>,
    view: &View,
) -> DrawResult {
    draw_heatmap_in(area, result, metric, focus, view, &lab_words::ko::WORDS)
}

/// [`draw_heatmap`] with its words (axes, the article's setting, the colour
/// scale's unit) from `w`.
pub fn draw_heatmap_in(
    area: &Area,
    result: &SweepResult,
    metric: SweepMetric,
    focus: Option<(usize, usize)>,
    view: &View,
    w: &Words,
) -> DrawResult {
    super::clear(area)?;
    let (pw, ph) = area.dim_in_pixel();
    let s = view.scale.max(0.1);
    let l = heat_layout(f64::from(pw) / s, f64::from(ph) / s);
    let spec = &result.spec;
    let (xs, ys) = (spec.xs(), spec.ys());
    let (cols, rows) = (xs.len(), ys.len());
    let px = |css: f64| (css * s).round() as i32;
    let cw = l.width / cols as f64;
    let ch = l.height / rows as f64;
    // Row 0 (smallest y) at the bottom.
    let cell_rect = |ix: usize, iy: usize| {
        let x0 = l.left + cw * ix as f64;
        let y0 = l.top + ch * (rows - 1 - iy) as f64;
        ((px(x0), px(y0)), (px(x0 + cw), px(y0 + ch)))
    };
    let (lo, hi) = result.range(metric);
    for iy in 0..rows {
        if result.rows[iy].is_none() {
            // A row still being computed: one grey band (few canvas calls while a sweep runs).
            let (a, _) = cell_rect(0, iy);
            let (_, b) = cell_rect(cols - 1, iy);
            area.draw(&Rectangle::new([a, b], RGBColor(0xee, 0xef, 0xf1).filled()))?;
            area.draw(&PathElement::new(vec![(a.0, b.1), (b.0, a.1)], palette::GRID.stroke_width(1)))?;
            continue;
        }
        for ix in 0..cols {
            let (a, b) = cell_rect(ix, iy);
            match result.cell(ix, iy) {
                Some(c) => {
                    let v = metric.value(c);
                    area.draw(&Rectangle::new([a, b], heat_color(metric, heat_t(metric, lo, hi, v)).filled()))?;
                    // Over-approval in at least one seed but a mean that rounds to 0: a dot.
                    if metric == SweepMetric::OverApproval && c.over_max > 0 && c.over_mean < 0.5 {
                        let cx = (a.0 + b.0) / 2;
                        let cy = (a.1 + b.1) / 2;
                        area.draw(&Circle::new((cx, cy), px(2.0).max(1), palette::STOLEN.filled()))?;
                    }
                }
                None => {
                    area.draw(&Rectangle::new([a, b], RGBColor(0xee, 0xef, 0xf1).filled()))?;
                    area.draw(&PathElement::new(vec![(a.0, b.1), (b.0, a.1)], palette::GRID.stroke_width(1)))?;
                }
            }
        }
    }
    // Frame.
    let (f0, f1) = ((px(l.left), px(l.top)), (px(l.left + l.width), px(l.top + l.height)));
    area.draw(&Rectangle::new([f0, f1], palette::MUTED.stroke_width(1)))?;
    if let Some((fx, fy)) = focus.filter(|&(x, y)| x < cols && y < rows) {
        let (a, b) = cell_rect(fx, fy);
        area.draw(&Rectangle::new([a, b], palette::CURSOR.stroke_width(px(2.0).max(1) as u32)))?;
    }
    // The article's own setting, where it falls on this grid.
    if let Some(point) = article_point(spec) {
        let (fx, fy) = (point.cell_x, point.cell_y);
        {
            let cx = px(l.left + cw * (fx + 0.5));
            let cy = px(l.top + ch * (rows as f64 - 0.5 - fy));
            let r = px(7.0).max(3);
            let ring = palette::INK.stroke_width(px(2.0).max(1) as u32);
            area.draw(&Circle::new((cx, cy), r + px(1.5), WHITE.stroke_width(px(2.0).max(1) as u32)))?;
            area.draw(&Circle::new((cx, cy), r, ring))?;
            area.draw(&PathElement::new(vec![(cx - r / 2, cy), (cx + r / 2, cy)], ring))?;
            area.draw(&PathElement::new(vec![(cx, cy - r / 2), (cx, cy + r / 2)], ring))?;
            let right = fx < cols as f64 / 2.0;
            let (anchor, dx) = if right { (HPos::Left, r + px(4.0)) } else { (HPos::Right, -r - px(4.0)) };
            area.draw(&Text::new(
                w.legend.sweep_article_point,
                (cx + dx, cy),
                view.font(11.0).pos(Pos::new(anchor, VPos::Center)).color(&palette::INK),
            ))?;
        }
    }
    // Ticks: about 8 per axis.
    let font = view.font(11.0);
    let step_x = cols.div_ceil(8).max(1);
    for ix in (0..cols).step_by(step_x) {
        let (a, b) = cell_rect(ix, 0);
        let cx = (a.0 + b.0) / 2;
        area.draw(&Text::new(
            xs[ix].to_string(),
            (cx, px(l.top + l.height + 4.0)),
            font.clone().pos(Pos::new(HPos::Center, VPos::Top)).color(&palette::INK),
        ))?;
    }
    let step_y = rows.div_ceil(10).max(1);
    for iy in (0..rows).step_by(step_y) {
        let (a, b) = cell_rect(0, iy);
        let cy = (a.1 + b.1) / 2;
        area.draw(&Text::new(
            ys[iy].to_string(),
            (px(l.left - 6.0), cy),
            font.clone().pos(Pos::new(HPos::Right, VPos::Center)).color(&palette::INK),
        ))?;
    }
    let [xn, yn] = lab_words::params::axis_names(w, spec.kind);
    let label = view.font(12.0);
    area.draw(&Text::new(
        xn,
        (px(l.left + l.width / 2.0), px(l.top + l.height + 24.0)),
        label.clone().pos(Pos::new(HPos::Center, VPos::Top)).color(&palette::INK),
    ))?;
    area.draw(&Text::new(
        yn,
        (px(4.0), px(l.top + l.height / 2.0)),
        label.clone().transform(FontTransform::Rotate270).pos(Pos::new(HPos::Center, VPos::Top)).color(&palette::INK),
    ))?;
    // Colour bar.
    let bx = l.left + l.width + 16.0;
    let (bw, bh) = (14.0, l.height);
    let steps = 40;
    for i in 0..steps {
        let t = (i as f64 + 0.5) / steps as f64;
        let y0 = l.top + bh * (1.0 - (i + 1) as f64 / steps as f64);
        let y1 = l.top + bh * (1.0 - i as f64 / steps as f64);
        area.draw(&Rectangle::new([(px(bx), px(y0)), (px(bx + bw), px(y1))], heat_color(metric, t).filled()))?;
    }
    area.draw(&Rectangle::new([(px(bx), px(l.top)), (px(bx + bw), px(l.top + bh))], palette::MUTED.stroke_width(1)))?;
    let scale_lo = if metric == SweepMetric::OverApproval { 0.0 } else { lo };
    let fmt = |v: f64| {
        if !v.is_finite() {
            "—".to_string()
        } else if v >= 100.0 || v == v.round() {
            format!("{v:.0}")
        } else {
            format!("{v:.1}")
        }
    };
    let small = view.font(11.0);
    area.draw(&Text::new(
        fmt(hi),
        (px(bx + bw + 4.0), px(l.top)),
        small.clone().pos(Pos::new(HPos::Left, VPos::Top)).color(&palette::INK),
    ))?;
    area.draw(&Text::new(
        fmt(scale_lo),
        (px(bx + bw + 4.0), px(l.top + bh)),
        small.clone().pos(Pos::new(HPos::Left, VPos::Bottom)).color(&palette::INK),
    ))?;
    let unit = match metric {
        SweepMetric::OverApproval => w.legend.sweep_units[0],
        SweepMetric::Throughput => w.legend.sweep_units[1],
    };
    area.draw(&Text::new(
        unit,
        (px(bx + bw + 4.0), px(l.top + bh / 2.0)),
        small.pos(Pos::new(HPos::Left, VPos::Center)).color(&palette::MUTED),
    ))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::params::{Axis, SweepKind, SweepSpec};
    use lab_model::sweep::SweepResult;

    #[test]
    fn heatmap_draws_partial_and_full_results_to_svg() {
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let spec = SweepSpec {
            x: Axis { lo: 100, hi: 700, n: 3 },
            y: Axis { lo: 300, hi: 500, n: 3 },
            seeds: 1,
            ..SweepKind::TtlPause.default_spec()
        };
        let mut r = SweepResult::empty(spec);
        r.rows[0] = Some(lab_model::sweep::run_row(&spec, 0));
        for metric in [SweepMetric::OverApproval, SweepMetric::Throughput] {
            let out = crate::recording::svg_of((600, 400), |area| {
                draw_heatmap(area, &r, metric, Some((1, 0)), &View::default())
            })
            .unwrap();
            let [xn, yn] = lab_words::params::axis_names(&lab_words::ko::WORDS, SweepKind::TtlPause);
            assert!(out.contains(xn) && out.contains(yn));
            assert!(out.matches("<rect").count() >= 9, "every cell is drawn");
            let en = Words::of(lab_words::Lang::En);
            let rec = crate::recording::record((600, 400), |area| {
                draw_heatmap_in(area, &r, metric, Some((1, 0)), &View::default(), en)
            })
            .unwrap();
            for op in &rec.ops {
                if let crate::recording::Op::Text { text, .. } = op {
                    assert!(!text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{text}");
                }
            }
        }
        assert_eq!(heat_t(SweepMetric::OverApproval, 0.0, 100.0, 0.0), 0.0);
        assert!(heat_t(SweepMetric::OverApproval, 0.0, 100.0, 1.0) > 0.1);
    }

    #[test]
    fn the_articles_setting_is_marked_where_it_lies_and_only_there() {
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let draw = |spec: SweepSpec| {
            crate::recording::svg_of((600, 400), |area| {
                draw_heatmap(area, &SweepResult::empty(spec), SweepMetric::OverApproval, None, &View::default())
            })
            .unwrap()
        };
        let spec = SweepKind::TtlPause.default_spec();
        let point = article_point(&spec).expect("the naive lock is the article's Exp 1, within the default grid");
        let c = spec.variant.config();
        assert_eq!((point.x, point.y), (f64::from(c.ttl_ms), f64::from(c.pause_max_ms)));
        assert!(draw(spec).contains(lab_words::ko::WORDS.legend.sweep_article_point));
        // A grid whose TTLs all lie above the article's has no such mark.
        let above = SweepSpec { x: Axis { lo: c.ttl_ms + 100, hi: c.ttl_ms + 800, n: 4 }, ..spec };
        assert_eq!(article_point(&above), None);
        assert!(!draw(above).contains(lab_words::ko::WORDS.legend.sweep_article_point));
        assert_eq!(grid_position(&[100, 200, 400], 300.0), Some(1.5));
        assert_eq!(grid_position(&[100, 200, 400], 50.0), None);
        let contention = SweepKind::Contention.default_spec();
        assert!(article_point(&contention).is_some());
    }
}
