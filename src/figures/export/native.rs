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

use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use super::gif::{check_gif_size, GifWriter};
use super::{prepare, ExportError, Format, Prepared, Rendered, Request};
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
            image.replay(&mut backend).map_err(|e| ExportError::Failure(format!("drawing failed: {e:?}")))?;
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
