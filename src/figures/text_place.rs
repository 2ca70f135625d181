//! Labels that never overprint each other or cross the figure's edge. A
//! drawing asks for its labels with a priority while it draws its marks;
//! [`Labels::draw`] then places them, most important first, each at its
//! asked-for spot (moved sideways to stay inside the figure) or not at all
//! when the spot is taken. A label's box is estimated, never measured
//! (`text_width::approx_text_width` at the drawing's size; the height of the em
//! box every target draws, [`EM_PER_SIZE`], placed by the anchor), so the page's
//! canvas, the SVG and the PNG drop the same labels; `tests/text_layout.rs`
//! checks every figure's SVG with the same estimate.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::text_width::approx_text_width;
use super::{DrawResult, FONT};

/// The em box of a text style of size `s`, per `s`, as every target draws
/// it: the page's canvas sets `s px` (plotters-canvas), the SVG writes
/// `font-size: s` (`crate::svg`; plotters' own `SVGBackend` wrote `s /
/// 1.24`), and the PNG scales the font so its em is `s`
/// (`export::native::CssText`; plotters' `ab_glyph` alone gives `s / 1.19`).
/// Until the files were made at the canvas's size this was `1 / 1.24`, the
/// SVG's box, which was smaller than the canvas's: labels placed by it
/// could overprint each other on the page by a few px.
pub const EM_PER_SIZE: f64 = 1.0;

/// An estimated text box: `[x0, y0, x1, y1]` in device px.
pub type TextBox = [f64; 4];

/// The estimated box of `text` drawn at `size_px` (a style's size, device px), anchored `pos` at `at`.
pub fn text_box(text: &str, size_px: f64, pos: Pos, at: (i32, i32)) -> TextBox {
    let w = approx_text_width(text, size_px);
    let em = size_px * EM_PER_SIZE;
    let (x, y) = (f64::from(at.0), f64::from(at.1));
    let (x0, x1) = match pos.h_pos {
        HPos::Left => (x, x + w),
        HPos::Center => (x - w / 2.0, x + w / 2.0),
        HPos::Right => (x - w, x),
    };
    let (y0, y1) = match pos.v_pos {
        VPos::Top => (y, y + em),
        VPos::Center => (y - em / 2.0, y + em / 2.0),
        VPos::Bottom => (y - em, y),
    };
    [x0, y0, x1, y1]
}

/// Do two boxes overlap (by more than a hair)?
pub fn overlaps(a: &TextBox, b: &TextBox) -> bool {
    a[2].min(b[2]) - a[0].max(b[0]) > 0.5 && a[3].min(b[3]) - a[1].max(b[1]) > 0.5
}

struct Asked {
    priority: u8,
    text: String,
    size_px: f64,
    color: RGBColor,
    /// Where it may go, best first.
    spots: Vec<(Pos, (i32, i32))>,
}

/// The labels a drawing asked for, placed and drawn at the end.
#[derive(Default)]
pub struct Labels {
    asked: Vec<Asked>,
    /// Boxes no label may cover (e.g. a legend), device px.
    reserved: Vec<TextBox>,
}

impl Labels {
    /// Asks for `text` at `size_px` (device px), anchored `pos` at `at`;
    /// lower `priority` is placed first.
    pub fn ask(
        &mut self,
        priority: u8,
        text: impl Into<String>,
        size_px: f64,
        color: RGBColor,
        pos: Pos,
        at: (i32, i32),
    ) {
        self.asked.push(Asked { priority, text: text.into(), size_px, color, spots: vec![(pos, at)] });
    }

    /// Like [`Labels::ask`], with several spots: the first free one is used.
    pub fn ask_any(
        &mut self,
        priority: u8,
        text: impl Into<String>,
        size_px: f64,
        color: RGBColor,
        spots: Vec<(Pos, (i32, i32))>,
    ) {
        self.asked.push(Asked { priority, text: text.into(), size_px, color, spots });
    }

    /// Keeps every label out of `b`.
    pub fn reserve(&mut self, b: TextBox) {
        self.reserved.push(b);
    }

    /// Places and draws the labels on `area`; returns how many were left out.
    pub fn draw(mut self, area: &Area) -> Result<usize, DrawResultError> {
        let (w, h) = area.dim_in_pixel();
        let (w, h) = (f64::from(w), f64::from(h));
        lab_sim::core::sort_by_key(&mut self.asked, |a| a.priority);
        let mut placed = self.reserved;
        let mut dropped = 0;
        for a in self.asked {
            let free = a.spots.iter().find_map(|&(pos, at)| {
                let mut b = text_box(&a.text, a.size_px, pos, at);
                let shift = if b[2] > w {
                    w - b[2]
                } else if b[0] < 0.0 {
                    -b[0]
                } else {
                    0.0
                };
                let shift = shift.round();
                b[0] += shift;
                b[2] += shift;
                let inside = b[0] >= -0.5 && b[2] <= w + 0.5 && b[1] >= -0.5 && b[3] <= h + 0.5;
                (inside && !placed.iter().any(|p| overlaps(p, &b))).then_some((pos, (at.0 + shift as i32, at.1), b))
            });
            let Some((pos, at, b)) = free else {
                dropped += 1;
                continue;
            };
            let style = TextStyle::from((FONT, a.size_px).into_font()).color(&a.color).pos(pos);
            area.draw_text(&a.text, &style, at)?;
            placed.push(b);
        }
        Ok(dropped)
    }
}

/// The error of a drawing call.
pub type DrawResultError = DrawingAreaErrorKind<std::convert::Infallible>;

/// Draws `labels` and forgets how many were left out (for drawing functions returning [`DrawResult`]).
pub fn draw_labels(labels: Labels, area: &Area) -> DrawResult {
    labels.draw(area).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_place_the_box() {
        let left = text_box("ab", 10.0, Pos::new(HPos::Left, VPos::Top), (100, 50));
        assert_eq!(left[0], 100.0);
        assert_eq!(left[1], 50.0);
        let right = text_box("ab", 10.0, Pos::new(HPos::Right, VPos::Bottom), (100, 50));
        assert_eq!(right[2], 100.0);
        assert_eq!(right[3], 50.0);
        assert!(overlaps(&left, &text_box("ab", 10.0, Pos::new(HPos::Center, VPos::Center), (104, 53))));
        assert!(!overlaps(&left, &text_box("ab", 10.0, Pos::new(HPos::Left, VPos::Top), (112, 50))));
    }
}
