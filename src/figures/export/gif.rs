//! An animated GIF of a figure with a player: `lab figure … --animate --out
//! f.gif` and the page's "GIF" button. Both targets: the frames come from the
//! caller (native: the embedded-font raster the APNG uses; the page: its
//! canvas), this module turns them into deterministic GIF bytes.
//!
//! The palette is the figure's own: every solid colour the drawing functions
//! use (`FIGURE_COLOURS`) and white come first, then the colours the last
//! frame (the whole figure) shows most often, by pixel count with ties
//! broken by value, up to 256. Every other pixel (anti-aliased edges and
//! text) takes the nearest palette colour. No generic quantiser and no
//! dithering: the same frames give the same bytes, and a fill keeps its
//! exact colour. Each frame after the first stores only the rectangle that
//! changed. [`GIF_MAX_BYTES`] caps a file, checked while encoding.

use lab_sim::sorted::OrdMap as BTreeMap;
use std::collections::HashMap;

use super::ExportError;
use crate::palette as P;

/// The largest GIF a figure may become (blog editors refuse bigger uploads).
pub const GIF_MAX_BYTES: usize = 8 * 1024 * 1024;
/// The most pixels, all frames together, an animation may ask for (bounds the page's work).
pub const GIF_MAX_PIXELS: u64 = 60_000_000;

/// The solid colours of the figures' drawing functions (the palette module,
/// Article B's values and story lanes, the wallets of the balance plot).
const FIGURE_COLOURS: [(u8, u8, u8); 31] = {
    const fn rgb(c: plotters::style::RGBColor) -> (u8, u8, u8) {
        (c.0, c.1, c.2)
    }
    [
        (0xff, 0xff, 0xff),
        rgb(P::INK),
        rgb(P::MUTED),
        rgb(P::GRID),
        rgb(P::APPROVED),
        rgb(P::INSUFFICIENT),
        rgb(P::FENCED),
        rgb(P::LOCKLESS),
        rgb(P::RELEASED),
        rgb(P::STOLEN),
        rgb(P::EXPIRED),
        rgb(P::ERROR),
        rgb(P::LEASE_A),
        rgb(P::LEASE_B),
        rgb(P::OVERLAP),
        rgb(P::SNAPSHOT),
        rgb(P::LEDGER),
        rgb(P::DRIFT),
        rgb(P::STOP),
        rgb(P::CURSOR),
        (0x25, 0x63, 0xeb),
        (0xea, 0x58, 0x0c),
        (0x16, 0xa3, 0x4a),
        (0xdc, 0x26, 0x26),
        (0x0d, 0x94, 0x88),
        (0xa1, 0x62, 0x07),
        (0x47, 0x55, 0x69),
        (0xca, 0x8a, 0x04),
        (0xd1, 0xd5, 0xdb),
        (0xf1, 0xf5, 0xf9),
        (0xf8, 0xfa, 0xfc),
    ]
};

/// Checks an animation's size before any frame is drawn.
pub fn check_gif_size((w, h): (u32, u32), frames: u32) -> Result<(), ExportError> {
    let pixels = u64::from(w) * u64::from(h) * u64::from(frames);
    if w > u32::from(u16::MAX) || h > u32::from(u16::MAX) || pixels > GIF_MAX_PIXELS {
        return Err(ExportError::TooLarge(format!(
            "a GIF of {frames} frames at {w}x{h} px is {pixels} pixels, more than the {GIF_MAX_PIXELS} allowed; use fewer --frames or a smaller --width"
        )));
    }
    Ok(())
}

/// The palette of an animation, from its last (whole) frame's RGB bytes.
pub struct GifPalette {
    colours: Vec<(u8, u8, u8)>,
    nearest: HashMap<u32, u8>,
}

impl GifPalette {
    /// The figure's colours, then the last frame's most frequent ones.
    pub fn from_last_frame(rgb: &[u8]) -> GifPalette {
        let mut colours: Vec<(u8, u8, u8)> = Vec::with_capacity(256);
        for c in FIGURE_COLOURS {
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
        for px in rgb.chunks_exact(3) {
            *counts.entry(pack(px[0], px[1], px[2])).or_default() += 1;
        }
        let mut by_count: Vec<(u32, u64)> = counts.into_iter().collect();
        lab_sim::core::sort_by(&mut by_count, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (c, _) in by_count {
            if colours.len() == 256 {
                break;
            }
            let c = unpack(c);
            if !colours.contains(&c) {
                colours.push(c);
            }
        }
        let nearest = colours.iter().enumerate().map(|(i, &(r, g, b))| (pack(r, g, b), i as u8)).collect();
        GifPalette { colours, nearest }
    }

    /// The palette as GIF's flat RGB table.
    fn table(&self) -> Vec<u8> {
        self.colours.iter().flat_map(|&(r, g, b)| [r, g, b]).collect()
    }

    /// The index of the palette colour nearest `(r, g, b)` (memoised).
    fn index(&mut self, r: u8, g: u8, b: u8) -> u8 {
        let key = pack(r, g, b);
        if let Some(&i) = self.nearest.get(&key) {
            return i;
        }
        let dist = |&(pr, pg, pb): &(u8, u8, u8)| {
            let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
            // Weighted like the eye: green most, blue least.
            3 * d(r, pr) + 4 * d(g, pg) + 2 * d(b, pb)
        };
        let i = (0..self.colours.len()).min_by_key(|&i| (dist(&self.colours[i]), i)).unwrap_or(0) as u8;
        self.nearest.insert(key, i);
        i
    }

    /// A frame's RGB bytes as palette indices.
    fn indexed(&mut self, rgb: &[u8]) -> Vec<u8> {
        rgb.chunks_exact(3).map(|px| self.index(px[0], px[1], px[2])).collect()
    }
}

/// An image's RGB bytes as a palette of at most 256 colours (flat RGB)
/// and one index per pixel, by the same rule as a GIF's ([`GifPalette`]):
/// the figures' colours exact, the rest to their nearest. For a palette PNG.
pub fn quantise(rgb: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut palette = GifPalette::from_last_frame(rgb);
    let indices = palette.indexed(rgb);
    (palette.table(), indices)
}

fn pack(r: u8, g: u8, b: u8) -> u32 {
    (u32::from(r) << 16) | (u32::from(g) << 8) | u32::from(b)
}

fn unpack(c: u32) -> (u8, u8, u8) {
    ((c >> 16) as u8, (c >> 8) as u8, c as u8)
}

/// Writes an animated GIF frame by frame: [`GifWriter::new`] with the last
/// frame's palette, [`GifWriter::push`] each frame's RGB bytes in order,
/// [`GifWriter::finish`] for the bytes.
pub struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    palette: GifPalette,
    size: (u16, u16),
    delay_cs: u16,
    previous: Option<Vec<u8>>,
    /// The most bytes the file may reach ([`GIF_MAX_BYTES`] unless asked).
    max_bytes: usize,
}

fn encoding_error(e: gif::EncodingError) -> ExportError {
    ExportError::Failure(format!("cannot encode the GIF: {e}"))
}

impl GifWriter {
    /// A GIF of `size` px playing `fps` frames a second, looping, with the palette of `last_frame`.
    pub fn new(size: (u32, u32), fps: u32, last_frame: &[u8]) -> Result<GifWriter, ExportError> {
        let delay_cs = u16::try_from((100 + fps / 2) / fps.max(1)).unwrap_or(10).max(2);
        GifWriter::with_palette_of(size, last_frame, delay_cs, GIF_MAX_BYTES)
    }

    /// A looping GIF of `size` px whose palette is taken from `frames_rgb`
    /// (one or more whole frames' RGB bytes, as [`GifPalette::from_last_frame`]
    /// reads them), each frame shown `delay_cs` hundredths of a second unless
    /// [`GifWriter::push_for`] says otherwise, at most `max_bytes` long.
    pub fn with_palette_of(
        size: (u32, u32),
        frames_rgb: &[u8],
        delay_cs: u16,
        max_bytes: usize,
    ) -> Result<GifWriter, ExportError> {
        let palette = GifPalette::from_last_frame(frames_rgb);
        let size = (
            u16::try_from(size.0).map_err(|_| ExportError::TooLarge("GIF width over 65535 px".into()))?,
            u16::try_from(size.1).map_err(|_| ExportError::TooLarge("GIF height over 65535 px".into()))?,
        );
        let mut encoder = gif::Encoder::new(Vec::new(), size.0, size.1, &palette.table()).map_err(encoding_error)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(encoding_error)?;
        Ok(GifWriter { encoder, palette, size, delay_cs: delay_cs.max(2), previous: None, max_bytes })
    }

    /// Adds the next frame (RGB bytes of the whole image); only the rectangle that changed is stored.
    pub fn push(&mut self, rgb: &[u8]) -> Result<(), ExportError> {
        self.push_for(rgb, self.delay_cs)
    }

    /// Adds the next frame, shown `delay_cs` hundredths of a second (at least 2).
    pub fn push_for(&mut self, rgb: &[u8], delay_cs: u16) -> Result<(), ExportError> {
        let (w, h) = (usize::from(self.size.0), usize::from(self.size.1));
        if rgb.len() != w * h * 3 {
            return Err(ExportError::Failure(format!("a GIF frame of {} bytes for {w}x{h} px", rgb.len())));
        }
        let indices = self.palette.indexed(rgb);
        let (left, top, fw, fh) = match &self.previous {
            None => (0, 0, w, h),
            Some(prev) => changed_rect(prev, &indices, w, h),
        };
        let mut buffer = Vec::with_capacity(fw * fh);
        for y in top..top + fh {
            buffer.extend_from_slice(&indices[y * w + left..y * w + left + fw]);
        }
        let frame = gif::Frame {
            delay: delay_cs.max(2),
            left: left as u16,
            top: top as u16,
            width: fw as u16,
            height: fh as u16,
            buffer: buffer.into(),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame).map_err(encoding_error)?;
        self.previous = Some(indices);
        let written = self.encoder.get_ref().len();
        if written > self.max_bytes {
            return Err(ExportError::TooLarge(format!(
                "the GIF grew past {} MiB; use fewer --frames or a smaller --width",
                self.max_bytes / (1024 * 1024)
            )));
        }
        Ok(())
    }

    /// The GIF's bytes.
    pub fn finish(self) -> Result<Vec<u8>, ExportError> {
        self.encoder.into_inner().map_err(|e| ExportError::Failure(format!("cannot finish the GIF: {e}")))
    }
}

/// The smallest rectangle `(left, top, width, height)` outside which `a` and
/// `b` are equal; one pixel when they are equal everywhere (a GIF frame is
/// never empty).
fn changed_rect(a: &[u8], b: &[u8], w: usize, h: usize) -> (usize, usize, usize, usize) {
    let row_differs = |y: usize| a[y * w..(y + 1) * w] != b[y * w..(y + 1) * w];
    let Some(top) = (0..h).find(|&y| row_differs(y)) else {
        return (0, 0, 1, 1);
    };
    let bottom = (0..h).rev().find(|&y| row_differs(y)).unwrap_or(top);
    let col_differs = |x: usize| (top..=bottom).any(|y| a[y * w + x] != b[y * w + x]);
    let left = (0..w).find(|&x| col_differs(x)).unwrap_or(0);
    let right = (0..w).rev().find(|&x| col_differs(x)).unwrap_or(left);
    (left, top, right - left + 1, bottom - top + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figure_colours_keep_their_exact_values() {
        // A frame of anti-aliased noise must not push out a colour the figure uses.
        let mut rgb = Vec::new();
        for i in 0..2000u32 {
            rgb.extend_from_slice(&[(i * 7) as u8, (i * 13) as u8, (i * 29) as u8]);
        }
        let mut palette = GifPalette::from_last_frame(&rgb);
        assert_eq!(palette.colours.len(), 256);
        for (r, g, b) in FIGURE_COLOURS {
            let i = palette.index(r, g, b);
            assert_eq!(palette.colours[usize::from(i)], (r, g, b));
        }
    }

    #[test]
    fn changed_rect_bounds_the_difference() {
        let a = vec![0u8; 20 * 10];
        let mut b = a.clone();
        b[3 * 20 + 4] = 1;
        b[6 * 20 + 9] = 1;
        assert_eq!(changed_rect(&a, &b, 20, 10), (4, 3, 6, 4));
        assert_eq!(changed_rect(&a, &a, 20, 10), (0, 0, 1, 1));
    }
}
