//! A figure file's caption: the figure's legend (`figures::legend`) and
//! its caption (in the request's words) under the drawing,
//! broken into lines by a width estimate (not a font engine), so `lab
//! figure` (ab_glyph) and the page (the browser's text measurement) break it
//! at the same words; and the SVG document around drawing and caption.

use plotters::prelude::*;

use super::ExportError;
use crate::legend::LegendLayout;
use crate::recording::{Area, DrawResult, Recording};
use crate::svg::SvgWriter;
use crate::text_width::{caption_width_estimate, CAPTION_FONT_PX};
use crate::{palette, FONT};

pub const CAPTION_LINE_PX: f64 = 21.0;
pub const CAPTION_PAD_PX: f64 = 12.0;

/// Paints the page background, the figure's `drawing` (at the top), its
/// legend and the caption lines under it, at `k` device px per CSS px.
pub fn paint(root: &Area, drawing: &Recording, legend: &LegendLayout, caption: &[String], k: f64) -> DrawResult {
    paint_lines(root, drawing, legend, (caption, &[]), k)
}

/// [`paint`] with a blog file's attribution lines after the caption's, in
/// the muted ink, the same size.
pub fn paint_lines(
    root: &Area,
    drawing: &Recording,
    legend: &LegendLayout,
    (caption, attribution): (&[String], &[String]),
    k: f64,
) -> DrawResult {
    root.fill(&WHITE)?;
    drawing.draw_into(root)?;
    let (_, below) = root.split_vertically(drawing.size.1);
    let (keys, cap) = below.split_vertically((legend.height_css() * k).round() as u32);
    legend.paint(&keys, k)?;
    let style = TextStyle::from((FONT, CAPTION_FONT_PX * k).into_font()).color(&palette::INK);
    let muted = style.color(&palette::MUTED);
    let lines = caption.iter().map(|l| (l, &style)).chain(attribution.iter().map(|l| (l, &muted)));
    for (i, (line, style)) in lines.enumerate() {
        let y = CAPTION_PAD_PX + CAPTION_LINE_PX * i as f64 + (CAPTION_LINE_PX - CAPTION_FONT_PX) / 2.0;
        cap.draw_text(line, style, ((CAPTION_PAD_PX * k).round() as i32, (y * k).round() as i32))?;
    }
    Ok(())
}

/// An SVG document of `size` device px painted by `paint` in `theme`'s
/// palette (text as `<text>` at the canvas's size, [`SvgWriter`];
/// Pretendard then sans-serif). Both themes go
/// through the one [`Themed`](crate::theme::Themed) backend, whose
/// light theme passes every colour through.
pub fn svg_document<E: std::fmt::Debug>(
    size: (u32, u32),
    theme: crate::theme::Theme,
    paint: impl FnOnce(&mut crate::theme::Themed<SvgWriter<'_>>) -> Result<(), E>,
) -> Result<String, ExportError> {
    let mut out = String::new();
    {
        let mut backend = crate::theme::Themed::new(SvgWriter::with_string(&mut out, size), theme);
        paint(&mut backend).map_err(|e| ExportError::Failure(format!("drawing failed: {e:?}")))?;
        backend.present().map_err(|e| ExportError::Failure(format!("cannot finish the SVG: {e:?}")))?;
    }
    Ok(with_font_style(out))
}

/// Adds a `<style>` right after the opening `<svg …>` tag: text falls back
/// to a system Korean font, then sans-serif.
fn with_font_style(svg: String) -> String {
    let style = format!(
        "<style>text {{ font-family: {FONT}, \"Apple SD Gothic Neo\", \"Malgun Gothic\", \"Noto Sans KR\", sans-serif; }}</style>\n"
    );
    match svg.find("<svg").and_then(|i| svg[i..].find('>').map(|j| i + j + 1)) {
        Some(at) => format!("{}\n{}{}", &svg[..at], style, &svg[at..]),
        None => svg,
    }
}

/// Breaks the caption into lines no wider than `max_px` (by [`caption_width_estimate`]).
pub fn wrap_caption(text: &str, max_px: f64) -> Vec<String> {
    let width = caption_width_estimate;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if width(&candidate) <= max_px || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
        // A single word wider than the line is split by characters.
        while width(&line) > max_px && line.chars().count() > 1 {
            let mut cut = String::new();
            for c in line.chars() {
                cut.push(c);
                if width(&cut) > max_px {
                    cut.pop();
                    break;
                }
            }
            if cut.is_empty() {
                break;
            }
            line = line[cut.len()..].to_string();
            lines.push(cut);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn caption_estimate_covers_the_real_width() {
        super::super::ensure_font().unwrap();
        let style = TextStyle::from((FONT, CAPTION_FONT_PX).into_font());
        let tables = [lab_words::Words::of(lab_words::Lang::Ko), lab_words::Words::of(lab_words::Lang::En)];
        for (e, words) in super::super::figure_list().into_iter().flat_map(|e| tables.map(|t| (e, t))) {
            for w in [280u32, 360, 480, 720, 960, 1200, 2000] {
                let caption = lab_words::catalogue::caption(words, e);
                for line in wrap_caption(caption, f64::from(w) - 2.0 * CAPTION_PAD_PX) {
                    // ab_glyph scales by the font's height, not its em: a browser
                    // draws the same text about 1.2 times wider (measured in Chromium).
                    let real = f64::from(style.font.box_size(&line).unwrap().0) * 1.21;
                    let est = caption_width_estimate(&line);
                    assert!(est >= real, "{} at {w}: estimate {est} < real {real} for {line:?}", e.id);
                    assert!(est <= real * 1.35 + 20.0, "{} at {w}: estimate {est} far above real {real}", e.id);
                }
            }
        }
    }
}
