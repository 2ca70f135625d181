//! A drawing as data: every figure is drawn once, into a [`Recording`] (a
//! display list of plotters' backend calls), and a recording is replayed
//! onto whatever shows it: the page's canvas, an SVG file, a PNG's bitmap.
//! A label's size is the canvas's: CSS px times the drawing's scale. The
//! SVG writes it so (`crate::svg`); the PNG's rasteriser draws each label
//! through [`Recording::replay_with`] so that its em is that size too.
//!
//! So the drawing code is compiled once per wasm module, for [`Recorder`]
//! alone (the drawing functions take an [`Area`], not any backend), and a
//! module that only turns drawings into files does not need the code that
//! made them: the lazily loaded `figures` module makes Article A's files from
//! recordings the site's module hands it (postcard bytes), as it makes
//! Article B's from its own.
//!
//! A replay is exact: the recorder keeps each call as the drawing code made
//! it (coordinates, colour, stroke width, font, anchor, text), without
//! breaking any down, and the replay makes the same call on the target, so
//! a target paints what it would have painted had it been drawn on directly
//! (`tests` below compare SVG bytes). Text is measured while recording, as
//! plotters measures it for any backend (`BackendTextStyle::layout_box`).

use std::cell::RefCell;
use std::convert::Infallible;
use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, IntoDrawingArea};
use plotters::style::{FontDesc, TextStyle};
use plotters_backend::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontFamily,
    FontStyle, FontTransform,
};
use serde::{Deserialize, Serialize};

/// The area every drawing function draws on.
pub type Area = DrawingArea<Recorder, Shift>;

/// What a drawing function returns: only text measurement can fail while recording.
pub type DrawResult = Result<(), DrawingAreaErrorKind<Infallible>>;

/// A colour and a stroke width, as a backend call carries them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Paint {
    pub rgb: (u8, u8, u8),
    pub alpha: f64,
    pub width: u32,
}

impl Paint {
    fn of<S: BackendStyle>(style: &S) -> Paint {
        let c = style.color();
        Paint { rgb: c.rgb, alpha: c.alpha, width: style.stroke_width() }
    }

    fn color(&self) -> BackendColor {
        BackendColor { alpha: self.alpha, rgb: self.rgb }
    }
}

impl BackendStyle for Paint {
    fn color(&self) -> BackendColor {
        Paint::color(self)
    }
    fn stroke_width(&self) -> u32 {
        self.width
    }
}

/// A label's font, colour and anchor, as a backend call carries them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Font {
    /// The family's name (plotters' `FontFamily::as_str`).
    pub family: String,
    pub size: f64,
    /// `FontStyle`, `FontTransform`, `HPos` and `VPos` as small numbers
    /// (plotters' enums are not serialisable).
    pub style: u8,
    pub transform: u8,
    pub anchor: (u8, u8),
    pub rgb: (u8, u8, u8),
    pub alpha: f64,
}

impl Font {
    fn of<S: BackendTextStyle>(style: &S) -> Font {
        let c = style.color();
        let anchor = style.anchor();
        Font {
            family: style.family().as_str().to_string(),
            size: style.size(),
            style: match style.style() {
                FontStyle::Normal => 0,
                FontStyle::Oblique => 1,
                FontStyle::Italic => 2,
                FontStyle::Bold => 3,
            },
            transform: match style.transform() {
                FontTransform::None => 0,
                FontTransform::Rotate90 => 1,
                FontTransform::Rotate180 => 2,
                FontTransform::Rotate270 => 3,
            },
            anchor: (
                match anchor.h_pos {
                    HPos::Left => 0,
                    HPos::Center => 1,
                    HPos::Right => 2,
                },
                match anchor.v_pos {
                    VPos::Top => 0,
                    VPos::Center => 1,
                    VPos::Bottom => 2,
                },
            ),
            rgb: c.rgb,
            alpha: c.alpha,
        }
    }

    /// The text style plotters would have handed the backend.
    pub fn text_style(&self) -> TextStyle<'_> {
        let family = match self.family.as_str() {
            "serif" => FontFamily::Serif,
            "sans-serif" => FontFamily::SansSerif,
            "monospace" => FontFamily::Monospace,
            name => FontFamily::Name(name),
        };
        let style = match self.style {
            1 => FontStyle::Oblique,
            2 => FontStyle::Italic,
            3 => FontStyle::Bold,
            _ => FontStyle::Normal,
        };
        let transform = match self.transform {
            1 => FontTransform::Rotate90,
            2 => FontTransform::Rotate180,
            3 => FontTransform::Rotate270,
            _ => FontTransform::None,
        };
        let h_pos = [HPos::Left, HPos::Center, HPos::Right][usize::from(self.anchor.0.min(2))];
        let v_pos = [VPos::Top, VPos::Center, VPos::Bottom][usize::from(self.anchor.1.min(2))];
        TextStyle {
            font: FontDesc::new(family, self.size, style).transform(transform),
            color: BackendColor { alpha: self.alpha, rgb: self.rgb },
            pos: Pos::new(h_pos, v_pos),
        }
    }
}

/// One backend call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Op {
    Pixel { at: BackendCoord, rgb: (u8, u8, u8), alpha: f64 },
    Line { from: BackendCoord, to: BackendCoord, paint: Paint },
    Rect { from: BackendCoord, to: BackendCoord, paint: Paint, fill: bool },
    Path { points: Vec<BackendCoord>, paint: Paint },
    Circle { center: BackendCoord, radius: u32, paint: Paint, fill: bool },
    Polygon { points: Vec<BackendCoord>, paint: Paint },
    Text { text: String, font: Font, at: BackendCoord },
    Bitmap { at: BackendCoord, size: (u32, u32), rgb: Vec<u8> },
}

/// A drawing: its size in device px and its backend calls, in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Recording {
    pub size: (u32, u32),
    pub ops: Vec<Op>,
}

/// The backend the drawing functions draw on: it keeps every call.
pub struct Recorder {
    size: (u32, u32),
    ops: Rc<RefCell<Vec<Op>>>,
}

impl Recorder {
    #[inline(never)]
    fn push(&mut self, op: Op) -> Result<(), DrawingErrorKind<Infallible>> {
        self.ops.borrow_mut().push(op);
        Ok(())
    }
}

impl DrawingBackend for Recorder {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }
    fn draw_pixel(&mut self, at: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Pixel { at, rgb: color.rgb, alpha: color.alpha })
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Line { from, to, paint: Paint::of(style) })
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Rect { from, to, paint: Paint::of(style), fill })
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Path { points: path.into_iter().collect(), paint: Paint::of(style) })
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Circle { center, radius, paint: Paint::of(style), fill })
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Polygon { points: vert.into_iter().collect(), paint: Paint::of(style) })
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        at: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Text { text: text.to_string(), font: Font::of(style), at })
    }
    fn blit_bitmap(
        &mut self,
        at: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.push(Op::Bitmap { at, size, rgb: src.to_vec() })
    }
}

/// Records what `draw` draws on an area of `size` device px.
pub fn record(size: (u32, u32), draw: impl FnOnce(&Area) -> DrawResult) -> Result<Recording, String> {
    let ops = Rc::new(RefCell::new(Vec::new()));
    {
        let area = Recorder { size, ops: Rc::clone(&ops) }.into_drawing_area();
        draw(&area).map_err(|e| format!("drawing failed: {e:?}"))?;
    }
    let ops = std::mem::take(&mut *ops.borrow_mut());
    Ok(Recording { size, ops })
}

impl Recording {
    /// Makes every call again on `target`, `offset` device px to the right and down.
    pub fn replay_at<DB: DrawingBackend>(
        &self,
        target: &mut DB,
        offset: BackendCoord,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.replay_with(target, offset, |target, text, font, at| target.draw_text(text, &font.text_style(), at))
    }

    /// Makes every call again on `target`, `offset` device px to the right
    /// and down, each label through `text` (target, text, font, position):
    /// a backend whose fonts do not draw a style's size as the canvas's CSS
    /// px draws the label its own way (the PNG's rasteriser, `export::native`).
    pub fn replay_with<DB: DrawingBackend>(
        &self,
        target: &mut DB,
        (dx, dy): BackendCoord,
        mut text: impl FnMut(&mut DB, &str, &Font, BackendCoord) -> Result<(), DrawingErrorKind<DB::ErrorType>>,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let at = move |(x, y): BackendCoord| (x + dx, y + dy);
        target.ensure_prepared()?;
        for op in &self.ops {
            match op {
                Op::Pixel { at: p, rgb, alpha } => target.draw_pixel(at(*p), BackendColor { alpha: *alpha, rgb: *rgb }),
                Op::Line { from, to, paint } => target.draw_line(at(*from), at(*to), paint),
                Op::Rect { from, to, paint, fill } => target.draw_rect(at(*from), at(*to), paint, *fill),
                Op::Path { points, paint } => target.draw_path(points.iter().map(|&p| at(p)), paint),
                Op::Circle { center, radius, paint, fill } => target.draw_circle(at(*center), *radius, paint, *fill),
                Op::Polygon { points, paint } => target.fill_polygon(points.iter().map(|&p| at(p)), paint),
                Op::Text { text: t, font, at: p } => text(target, t, font, at(*p)),
                Op::Bitmap { at: p, size, rgb } => target.blit_bitmap(at(*p), *size, rgb),
            }?;
        }
        Ok(())
    }

    /// Makes every call again on `target`, in place.
    pub fn replay<DB: DrawingBackend>(&self, target: &mut DB) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.replay_at(target, (0, 0))
    }

    /// Draws the recording into `area` (a part of another drawing), at its top left.
    pub fn draw_into(&self, area: &Area) -> DrawResult {
        let (x0, y0) = (area.get_base_pixel().0, area.get_base_pixel().1);
        area.draw(&Placed { recording: self, at: (x0, y0) })
    }
}

/// A recording as a plotters element, so that an [`Area`] can draw it.
struct Placed<'a> {
    recording: &'a Recording,
    at: BackendCoord,
}

impl<'b> plotters::element::PointCollection<'b, BackendCoord> for &'b Placed<'_> {
    type Point = &'b BackendCoord;
    type IntoIter = std::iter::Empty<&'b BackendCoord>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::empty()
    }
}

impl plotters::element::Drawable<Recorder> for Placed<'_> {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        _points: I,
        backend: &mut Recorder,
        _parent_dim: (u32, u32),
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        backend.ops.borrow_mut().extend(self.recording.ops.iter().map(|op| shift(op, self.at)));
        Ok(())
    }
}

/// `op` moved `(dx, dy)` device px.
fn shift(op: &Op, (dx, dy): BackendCoord) -> Op {
    let at = |(x, y): BackendCoord| (x + dx, y + dy);
    let all = |points: &[BackendCoord]| points.iter().map(|&p| at(p)).collect();
    match op.clone() {
        Op::Pixel { at: p, rgb, alpha } => Op::Pixel { at: at(p), rgb, alpha },
        Op::Line { from, to, paint } => Op::Line { from: at(from), to: at(to), paint },
        Op::Rect { from, to, paint, fill } => Op::Rect { from: at(from), to: at(to), paint, fill },
        Op::Path { points, paint } => Op::Path { points: all(&points), paint },
        Op::Circle { center, radius, paint, fill } => Op::Circle { center: at(center), radius, paint, fill },
        Op::Polygon { points, paint } => Op::Polygon { points: all(&points), paint },
        Op::Text { text, font, at: p } => Op::Text { text, font, at: at(p) },
        Op::Bitmap { at: p, size, rgb } => Op::Bitmap { at: at(p), size, rgb },
    }
}

/// What `draw` draws on an area of `size` device px, as an SVG document
/// (the files' [`SvgWriter`](crate::svg::SvgWriter), the light palette, no font fallback style).
pub fn svg_of(size: (u32, u32), draw: impl FnOnce(&Area) -> DrawResult) -> Result<String, String> {
    let image = record(size, draw)?;
    let mut out = String::new();
    {
        let mut backend = crate::svg::SvgWriter::with_string(&mut out, size);
        image.replay(&mut backend).map_err(|e| format!("{e:?}"))?;
        backend.present().map_err(|e| format!("{e:?}"))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{record, svg_of, Op, Recording};
    use plotters::coord::Shift;
    use plotters::prelude::*;
    use plotters::style::FontTransform;

    /// Every kind of backend call, through plotters' elements, on any backend.
    fn draw_all<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        area.fill(&WHITE)?;
        let (top, bottom) = area.split_vertically(60);
        top.draw(&Rectangle::new([(4, 4), (60, 30)], RGBColor(0x25, 0x63, 0xeb).mix(0.85).filled()))?;
        top.draw(&Rectangle::new([(70, 4), (120, 30)], BLACK.stroke_width(2)))?;
        top.draw(&PathElement::new(vec![(0, 50), (40, 40), (80, 55)], RED.stroke_width(1)))?;
        top.draw(&PathElement::new(vec![(0, 58), (90, 52)], BLUE.stroke_width(3)))?;
        top.draw(&Circle::new((150, 20), 8, GREEN.filled()))?;
        top.draw(&Circle::new((180, 20), 8, GREEN.stroke_width(2)))?;
        top.draw(&Polygon::new(vec![(200, 5), (230, 5), (215, 30)], MAGENTA.mix(0.5)))?;
        top.draw_pixel((240, 10), &BLACK)?;
        let style = TextStyle::from(("sans-serif", 13.0).into_font()).color(&BLACK);
        bottom.draw_text("\u{c9c0}\u{ac11} 0 lease", &style, (10, 10))?;
        let rotated = ("sans-serif", 11.0).into_font().transform(FontTransform::Rotate270).color(&RED);
        bottom.draw_text("ms", &rotated, (200, 30))?;
        let centred = style.pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Bottom,
        ));
        bottom.draw_text("\u{ac00}\u{c6b4}\u{b370}", &centred, (120, 40))?;
        Ok(())
    }

    fn direct_svg() -> String {
        let mut out = String::new();
        {
            let area = crate::svg::SvgWriter::with_string(&mut out, (260, 120)).into_drawing_area();
            draw_all(&area).unwrap();
            area.present().unwrap();
        }
        out
    }

    #[test]
    fn a_replayed_recording_is_the_drawing_itself() {
        let recorded = svg_of((260, 120), draw_all).unwrap();
        assert_eq!(recorded, direct_svg());
    }

    #[test]
    fn a_recording_survives_postcard_bit_for_bit() {
        let image = record((260, 120), draw_all).unwrap();
        let again: Recording = postcard::from_bytes(&postcard::to_allocvec(&image).unwrap()).unwrap();
        assert_eq!(again, image);
        assert!(image.ops.iter().any(|op| matches!(op, Op::Text { font, .. } if font.transform == 3)));
    }

    #[test]
    fn a_recording_drawn_into_part_of_another_lands_there() {
        let inner = record((100, 40), |area| area.draw(&Rectangle::new([(1, 2), (30, 20)], RED.filled()))).unwrap();
        let outer = record((200, 100), |root| {
            let (_, lower) = root.split_vertically(50);
            inner.draw_into(&lower)
        })
        .unwrap();
        assert_eq!(outer.ops.len(), inner.ops.len());
        assert!(matches!(outer.ops[0], Op::Rect { from: (1, 52), to: (30, 70), .. }), "{:?}", outer.ops[0]);
    }
}
