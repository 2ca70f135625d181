//! The figures' legends, one list for the page and the files: the page
//! renders each item as an `<li>` with its CSS swatch class
//! (`web::figure`, `web::vote_figure`), and an exported PNG or SVG paints
//! the same items between the drawing and the caption
//! ([`LegendLayout`]), so a file pasted elsewhere still says what its
//! colours mean.
//!
//! The layout breaks items into rows by a width estimate
//! ([`crate::text_width::caption_width_estimate`]), never by measured
//! text, so the page's file and `lab figure`'s break at the same items.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::RGBColor;

use super::text_width::{caption_width_estimate, CAPTION_FONT_PX};
use super::{palette as P, FONT};
use lab_model::registry::FigureKind;
use lab_words::Words;

/// How an item's key is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Swatch {
    /// A bar of colour (a hold, a lease, a stage), with its opacity.
    Fill(RGBColor, f64),
    /// The row-lock wait's hatching.
    Hatch,
    /// A small square (a release, a steal, an expiry).
    Mark(RGBColor),
    /// A cross (a lease that ran out), as the timeline and the page's swatch draw it.
    Cross(RGBColor),
    /// A thin upright bar (a write).
    Tick(RGBColor),
    /// A ring (no evidence).
    Ring(RGBColor),
    /// A filled disc with "!" (evidence of a double vote).
    Alert(RGBColor),
}

/// One legend item: the page's swatch classes, the key in a file, the label.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LegendEntry {
    pub css_class: &'static str,
    pub swatch: Swatch,
    pub label: &'static str,
}

const fn item(css_class: &'static str, swatch: Swatch, label: &'static str) -> LegendEntry {
    LegendEntry { css_class, swatch, label }
}

/// Article B's stories' legend (B1, B4, B5): swatches, in the order of
/// `lab_words::legend::LegendWords::vote_story`.
const STORY_SWATCHES: [(&str, Swatch); 8] = [
    ("sw vsw-stage", Swatch::Fill(RGBColor(0x47, 0x55, 0x69), 1.0)),
    ("sw vsw-send", Swatch::Fill(P::LOCKLESS, 1.0)),
    ("sw vsw-x", Swatch::Fill(P::APPROVED, 1.0)),
    ("sw vsw-y", Swatch::Fill(P::ERROR, 1.0)),
    ("sw vsw-fence", Swatch::Fill(P::FENCED, 1.0)),
    ("sw vsw-down", Swatch::Fill(P::INSUFFICIENT, 0.5)),
    ("vmk vmk-ok", Swatch::Ring(P::RELEASED)),
    ("vmk vmk-bad", Swatch::Alert(P::STOLEN)),
];

/// Article B's stories' legend (B1, B4, B5) in `w`'s language.
pub fn story_legend(w: &Words) -> [LegendEntry; 8] {
    let labels = &w.legend.vote_story;
    std::array::from_fn(|i| item(STORY_SWATCHES[i].0, STORY_SWATCHES[i].1, labels[i]))
}

/// Article B's stories' legend in the Korean edition, for the callers not
/// yet handed a table (the vote figure's controls; issue 42 removes it).
#[cfg(not(target_arch = "wasm32"))]
pub const STORY_LEGEND: [LegendEntry; 8] = {
    let labels = &lab_words::ko::legend::LEGEND.vote_story;
    let mut out = [item("", Swatch::Hatch, ""); 8];
    let mut i = 0;
    while i < 8 {
        out[i] = item(STORY_SWATCHES[i].0, STORY_SWATCHES[i].1, labels[i]);
        i += 1;
    }
    out
};

/// The legend a figure of `kind` shows beside its drawing, when it does not
/// depend on the run, in `w`'s language: Article B's stories. A lane
/// timeline's legend is the marks its run drew ([`crate::timeline::legend_items`],
/// see the [`FigureSource`](crate::export::FigureSource) of a `LeaseFigure`);
/// other drawings carry their own keys.
pub fn fixed_legend_in(kind: FigureKind, w: &Words) -> Vec<LegendEntry> {
    if kind.is_story() {
        story_legend(w).to_vec()
    } else {
        Vec::new()
    }
}

/// [`fixed_legend_in`] in the Korean edition, for the callers not yet
/// handed a table (the exports; issue 42 removes it).
#[cfg(not(target_arch = "wasm32"))]
pub fn fixed_legend_of(kind: FigureKind) -> &'static [LegendEntry] {
    if kind.is_story() {
        &STORY_LEGEND
    } else {
        &[]
    }
}

/// Label size in a file, CSS px.
pub const LEGEND_FONT_PX: f64 = 12.0;
/// Height of one row of items, CSS px.
pub const LEGEND_ROW_PX: f64 = 20.0;
/// Space above the first row (between the drawing and the legend), CSS px.
pub const LEGEND_TOP_PX: f64 = 8.0;
const KEY_W: f64 = 18.0;
const KEY_GAP: f64 = 5.0;
const ITEM_GAP: f64 = 10.0;

/// A legend broken into rows for a file of a given width: each row the
/// items and their left edge in CSS px.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegendLayout {
    rows: Vec<Vec<(LegendEntry, f64)>>,
}

impl LegendLayout {
    /// Lays `items` out in rows within `max_px`, starting at `left_px`.
    pub fn new(items: &[LegendEntry], left_px: f64, max_px: f64) -> LegendLayout {
        let mut rows: Vec<Vec<(LegendEntry, f64)>> = Vec::new();
        let mut x = left_px;
        for &it in items {
            let w = KEY_W + KEY_GAP + caption_width_estimate(it.label) * LEGEND_FONT_PX / CAPTION_FONT_PX;
            if rows.is_empty() || (x + w > left_px + max_px && x > left_px) {
                rows.push(Vec::new());
                x = left_px;
            }
            if let Some(row) = rows.last_mut() {
                row.push((it, x));
            }
            x += w + ITEM_GAP;
        }
        LegendLayout { rows }
    }

    /// The legend's height in CSS px (0 without items).
    pub fn height_css(&self) -> f64 {
        if self.rows.is_empty() {
            0.0
        } else {
            LEGEND_TOP_PX + LEGEND_ROW_PX * self.rows.len() as f64
        }
    }

    /// Paints the rows onto `area` (its top is the legend's top) at `k` device px per CSS px.
    pub fn paint(&self, area: &Area, k: f64) -> super::DrawResult {
        let px = |v: f64| (v * k).round() as i32;
        let text = TextStyle::from((FONT, LEGEND_FONT_PX * k).into_font()).color(&P::INK);
        for (r, row) in self.rows.iter().enumerate() {
            let mid = LEGEND_TOP_PX + LEGEND_ROW_PX * (r as f64 + 0.5);
            for &(it, x) in row {
                paint_key(area, it.swatch, x, mid, k)?;
                let ty = mid - LEGEND_FONT_PX / 2.0 - 1.0;
                area.draw_text(it.label, &text, (px(x + KEY_W + KEY_GAP), px(ty)))?;
            }
        }
        Ok(())
    }
}

/// One key, `KEY_W` wide from `x`, centred on the row's middle `mid` (CSS px).
fn paint_key(area: &Area, swatch: Swatch, x: f64, mid: f64, k: f64) -> super::DrawResult {
    let px = |v: f64| (v * k).round() as i32;
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| [(px(x0), px(y0)), (px(x1), px(y1))];
    match swatch {
        Swatch::Fill(c, a) => area.draw(&Rectangle::new(rect(x, mid - 5.0, x + KEY_W, mid + 5.0), c.mix(a).filled())),
        Swatch::Hatch => {
            let [(x0, y0), (x1, y1)] = rect(x, mid - 5.0, x + KEY_W, mid + 5.0);
            let step = px(4.0).max(2) as usize;
            for i in (x0..x1 - (y1 - y0)).step_by(step) {
                area.draw(&PathElement::new(vec![(i, y1), (i + (y1 - y0), y0)], P::INK.stroke_width(1)))?;
            }
            area.draw(&Rectangle::new([(x0, y0), (x1, y1)], P::INK.stroke_width(1)))
        }
        Swatch::Mark(c) => area.draw(&Rectangle::new(rect(x + 4.0, mid - 5.0, x + 14.0, mid + 5.0), c.filled())),
        Swatch::Cross(c) => {
            let line = c.stroke_width(px(2.0).max(1) as u32);
            area.draw(&PathElement::new(vec![(px(x + 4.0), px(mid - 5.0)), (px(x + 14.0), px(mid + 5.0))], line))?;
            area.draw(&PathElement::new(vec![(px(x + 4.0), px(mid + 5.0)), (px(x + 14.0), px(mid - 5.0))], line))
        }
        Swatch::Tick(c) => area.draw(&Rectangle::new(rect(x + 7.5, mid - 6.5, x + 10.5, mid + 6.5), c.filled())),
        Swatch::Ring(c) => {
            area.draw(&Circle::new((px(x + 9.0), px(mid)), px(6.0), c.stroke_width(px(2.0).max(1) as u32)))
        }
        Swatch::Alert(c) => {
            area.draw(&Circle::new((px(x + 9.0), px(mid)), px(7.0), c.filled()))?;
            let style = TextStyle::from((FONT, 11.0 * k).into_font()).color(&WHITE).pos(
                plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Center,
                    plotters::style::text_anchor::VPos::Center,
                ),
            );
            area.draw_text("!", &style, (px(x + 9.0), px(mid)))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_story_legend_speaks_the_tables_language() {
        let kind = lab_model::registry::FIGURES.iter().map(|f| f.kind).find(|k| k.is_story()).unwrap();
        assert_eq!(fixed_legend_in(kind, &lab_words::ko::WORDS), STORY_LEGEND.to_vec());
        let en = fixed_legend_in(kind, lab_words::Words::of(lab_words::Lang::En));
        assert_eq!(en.len(), 8);
        for (e, k) in en.iter().zip(STORY_LEGEND) {
            assert_eq!((e.css_class, e.swatch), (k.css_class, k.swatch));
            assert!(e.label.is_ascii(), "{}", e.label);
        }
    }

    use super::*;

    #[test]
    fn rows_fit_the_width_and_keep_every_item() {
        // The story's keys twice over: more than one row at any width a file can have.
        let entries: Vec<LegendEntry> = STORY_LEGEND.iter().chain(STORY_LEGEND.iter()).copied().collect();
        for width in [280.0, 390.0, 720.0, 960.0] {
            let (left, max) = (12.0, width - 24.0);
            let layout = LegendLayout::new(&entries, left, max);
            let items: Vec<&str> = layout.rows.iter().flatten().map(|(it, _)| it.label).collect();
            assert_eq!(items, entries.iter().map(|it| it.label).collect::<Vec<_>>());
            assert!(layout.rows.len() >= 2, "sixteen items do not fit one row at {width} px");
            for row in &layout.rows {
                let &(last, x) = row.last().unwrap();
                let end = x + KEY_W + KEY_GAP + caption_width_estimate(last.label) * LEGEND_FONT_PX / CAPTION_FONT_PX;
                assert!(
                    row.len() == 1 || end <= left + max,
                    "a row of {} items ends at {end} of {width} px",
                    row.len()
                );
            }
        }
        assert_eq!(LegendLayout::new(&[], 12.0, 900.0).height_css(), 0.0);
    }
}
