//! What only `lab figure` does (native targets): the embedded font that
//! lays text out and rasterises it, PNG encoding, the animated PNG and the
//! GIF's frames.
//!
//! Fonts: the Pretendard Regular OTF committed under `static/cli-fonts/` is
//! embedded with `include_bytes!` and registered with plotters' `ab_glyph`
//! font table under the family the figures use ([`FONT`]). PNG output is
//! rasterised with it, so it is pixel-identical on every machine. SVG text
//! stays `<text>` elements with `font-family="Pretendard"` (plus a `<style>`
//! falling back to `sans-serif`); a viewer draws it with its own copy of
//! Pretendard or its sans-serif font.
//!
//! Text size: plotters' `ab_glyph` font scales a style of size `s` so that
//! the font's height (ascender to descender) is `s` px, which for
//! Pretendard is an em of `s / 1.193`; the canvas sets `s px`, an em of `s`.
//! The PNG draws each label through [`CssText`]: the font scaled by the
//! height per em read from the font itself ([`height_per_em`]), and placed
//! as the canvas's `textBaseline` places it (the em box's top, middle or
//! bottom), so a 13 px label on the page is a 13 px label in the PNG.

use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use plotters_backend::{BackendColor, BackendCoord, BackendTextStyle, FontFamily, FontTransform};

use super::gif::{check_gif_size, GifWriter};
use super::{prepare, ExportError, Format, Prepared, Rendered, Request};
use crate::recording::Font;
use crate::FONT;

/// Pretendard Regular (OFL-1.1, `static/fonts/Pretendard-LICENSE.txt`).
static PRETENDARD: &[u8] = include_bytes!("../../../static/cli-fonts/Pretendard-Regular.otf");

/// Registers the embedded font once (idempotent). Native text layout needs it:
/// with `ab_glyph` on, plotters cannot measure or draw an unregistered family.
pub fn ensure_font() -> Result<(), ExportError> {
    static DONE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *DONE.get_or_init(|| {
        register_font(FONT, FontStyle::Normal, PRETENDARD).is_ok()
            && register_font("sans-serif", FontStyle::Normal, PRETENDARD).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(ExportError::Failure("the embedded Pretendard font cannot be read".into()))
    }
}

impl Prepared {
    /// The image as RGB bytes, rasterised with the embedded font.
    pub fn rgb(&self) -> Result<Vec<u8>, ExportError> {
        let mut rgb = vec![0u8; (self.size.0 * self.size.1 * 3) as usize];
        let finish = |e| ExportError::Failure(format!("cannot finish the PNG: {e:?}"));
        // One backend type for both themes (see `caption::svg_document`).
        let image = self.record()?;
        {
            let mut backend = crate::theme::Themed::new(BitMapBackend::with_buffer(&mut rgb, self.size), self.theme);
            image
                .replay_with(&mut backend, (0, 0), |b, text, font, at| b.draw_text(text, &CssText::of(font), at))
                .map_err(|e| ExportError::Failure(format!("drawing failed: {e:?}")))?;
            backend.present().map_err(finish)?;
        }
        Ok(rgb)
    }
}

/// Renders a figure and returns the file's bytes.
pub fn render(req: &Request) -> Result<Rendered, ExportError> {
    let mut prepared = prepare(req)?;
    prepared.theme = req.theme;
    let bytes = match req.format {
        Format::Svg => prepared.svg()?.into_bytes(),
        Format::Png => encode_png(&prepared.rgb()?, prepared.size)?,
        Format::Gif => {
            return Err(ExportError::Usage("a GIF is an animation: add --animate (see `lab figure --help`)".into()))
        }
    };
    Ok(Rendered { bytes, notes: prepared.notes() })
}

/// Renders a timeline or story figure as an animated PNG (APNG): frame `i`
/// of `frames` puts the player cursor at `i / (frames - 1)` of the visible
/// span, so the last frame is the whole figure. Deterministic bytes.
pub fn render_apng(req: &Request, frames: u32, fps: u32) -> Result<Rendered, ExportError> {
    // The span the player covers, from the figure drawn at its end. The runs
    // are made once; each frame only moves the player's cursor.
    let mut end = prepare(req)?;
    let span_us = end.animation_span_us(req, frames, fps)?;
    let fail = |e: png::EncodingError| ExportError::Failure(format!("cannot encode the APNG: {e}"));
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, end.size.0, end.size.1);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_animated(frames, 0).map_err(fail)?;
        encoder.set_frame_delay(1, u16::try_from(fps).unwrap_or(1)).map_err(fail)?;
        let mut writer = encoder.write_header().map_err(fail)?;
        for i in 0..frames {
            end.set_frame(span_us, i, frames);
            writer.write_image_data(&end.rgb()?).map_err(fail)?;
        }
        writer.finish().map_err(fail)?;
    }
    Ok(Rendered { bytes: out, notes: end.notes() })
}

/// Renders a timeline or story figure as an animated GIF, frame for frame
/// the APNG's (see [`render_apng`]), in the figure's own palette
/// ([`super::gif`]). Deterministic bytes; [`ExportError::TooLarge`] past
/// the GIF's pixel or byte limit.
pub fn render_gif(req: &Request, frames: u32, fps: u32) -> Result<Rendered, ExportError> {
    let mut prepared = prepare(req)?;
    let span_us = prepared.animation_span_us(req, frames, fps)?;
    check_gif_size(prepared.size, frames)?;
    prepared.set_frame(span_us, frames - 1, frames);
    let mut writer = GifWriter::new(prepared.size, fps, &prepared.rgb()?)?;
    for i in 0..frames {
        prepared.set_frame(span_us, i, frames);
        writer.push(&prepared.rgb()?)?;
    }
    Ok(Rendered { bytes: writer.finish()?, notes: prepared.notes() })
}

fn encode_png(rgb: &[u8], (w, h): (u32, u32)) -> Result<Vec<u8>, ExportError> {
    let fail = |e: png::EncodingError| ExportError::Failure(format!("cannot encode the PNG: {e}"));
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(fail)?;
        writer.write_image_data(rgb).map_err(fail)?;
        writer.finish().map_err(fail)?;
    }
    Ok(out)
}

/// A font's `(ascender, descender, units per em)` from its `hhea` and
/// `head` tables (descender negative), or `None` if they cannot be read.
fn vertical_metrics(font: &[u8]) -> Option<(f64, f64, f64)> {
    let u16_at = |at: usize| font.get(at..at + 2).map(|b| u16::from_be_bytes([b[0], b[1]]));
    let u32_at = |at: usize| font.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    let table = |tag: &[u8; 4]| {
        (0..usize::from(u16_at(4)?)).find_map(|i| {
            let rec = 12 + 16 * i;
            (font.get(rec..rec + 4)? == tag).then(|| u32_at(rec + 8).map(|o| o as usize)).flatten()
        })
    };
    let (head, hhea) = (table(b"head")?, table(b"hhea")?);
    let upm = f64::from(u16_at(head + 18)?);
    let ascender = f64::from(u16_at(hhea + 4)? as i16);
    let descender = f64::from(u16_at(hhea + 6)? as i16);
    (upm > 0.0 && ascender > descender).then_some((ascender, descender, upm))
}

/// The embedded font's height (ascender to descender) per em: the factor
/// by which `ab_glyph` draws a style's size smaller than the canvas does.
pub fn height_per_em() -> f64 {
    vertical_metrics(PRETENDARD).map_or(1.0, |(a, d, upm)| (a - d) / upm)
}

/// The share of the em box above the baseline (where the canvas's
/// `textBaseline = "top"` puts the em box's top).
fn ascent_per_em() -> f64 {
    vertical_metrics(PRETENDARD).map_or(0.8, |(a, d, _)| a / (a - d))
}

/// A recorded label as the PNG's rasteriser draws it: its em the style's
/// size (the canvas's CSS px times the scale), placed by the em box.
pub struct CssText<'a> {
    style: TextStyle<'a>,
    /// The em, device px.
    em: f64,
}

impl<'a> CssText<'a> {
    /// `font` drawn at the canvas's size.
    pub fn of(font: &'a Font) -> CssText<'a> {
        let base = font.text_style();
        let em = font.size;
        CssText { style: TextStyle { font: base.font.resize(em * height_per_em()), ..base }, em }
    }
}

impl BackendTextStyle for CssText<'_> {
    type FontError = <TextStyle<'static> as BackendTextStyle>::FontError;
    fn color(&self) -> BackendColor {
        BackendTextStyle::color(&self.style)
    }
    fn size(&self) -> f64 {
        self.em
    }
    fn transform(&self) -> FontTransform {
        BackendTextStyle::transform(&self.style)
    }
    fn style(&self) -> FontStyle {
        BackendTextStyle::style(&self.style)
    }
    fn anchor(&self) -> plotters_backend::text_anchor::Pos {
        BackendTextStyle::anchor(&self.style)
    }
    fn family(&self) -> FontFamily<'_> {
        BackendTextStyle::family(&self.style)
    }
    /// The text's advance, and a box one em tall whose top is the em box's
    /// top: plotters' rasteriser puts the baseline half the font's scale
    /// below the box's origin, so the box starts that far less the em's
    /// ascent above it, and a label anchored at its top, middle or bottom
    /// sits on the canvas's baseline.
    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        let ((x0, _), (x1, _)) = self.style.layout_box(text)?;
        let baseline = self.em * height_per_em() / 2.0;
        let top = (baseline - ascent_per_em() * self.em).round() as i32;
        Ok(((x0, top), (x1, top + self.em.round() as i32)))
    }
    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        BackendTextStyle::draw(&self.style, text, pos, draw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretendard_is_drawn_at_its_em_not_its_height() {
        let (a, d, upm) = vertical_metrics(PRETENDARD).expect("hhea and head");
        assert_eq!((a, d, upm), (1950.0, -494.0, 2048.0));
        assert!((height_per_em() - 1.1934).abs() < 1e-3);
        ensure_font().unwrap();
        // A 13 px label is as wide as the canvas draws it: Chromium draws
        // text about 1.21 times as wide as ab_glyph at the same style size
        // (measured, see `caption::tests`).
        // Four Hangul syllables (ga, na, da, ra) and a Latin word, written as escapes.
        let text = "\u{ac00}\u{b098}\u{b2e4}\u{b77c} lease";
        let plain = TextStyle::from((FONT, 13.0).into_font()).font.box_size(text).unwrap().0;
        let font = Font {
            family: FONT.into(),
            size: 13.0,
            style: 0,
            transform: 0,
            anchor: (0, 0),
            rgb: (0, 0, 0),
            alpha: 1.0,
        };
        let ((x0, y0), (x1, y1)) = CssText::of(&font).layout_box(text).unwrap();
        let browser = f64::from(plain) * 1.21;
        assert!((f64::from(x1 - x0) - browser).abs() <= 2.0, "{} px, a browser {browser:.1}", x1 - x0);
        assert_eq!(y1 - y0, 13);
    }
}
