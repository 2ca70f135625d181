//! How wide a line of text is, estimated without a font engine, so that
//! the page (canvas), the SVG export and `lab figure` (ab_glyph) lay text
//! out alike: [`approx_text_width`] for labels inside drawings, and
//! [`caption_width_estimate`] for caption and legend lines, from
//! Pretendard's advances at [`CAPTION_FONT_PX`].

/// The caption's font size in px (exports and the page's legend rows).
pub const CAPTION_FONT_PX: f64 = 14.0;

/// About how wide `text` is at `size_px`, without measuring it: Hangul and
/// other wide characters take a full em, the rest a little over half.
/// The same on every backend, so the page and `lab figure` agree.
pub fn approx_text_width(text: &str, size_px: f64) -> f64 {
    text.chars().map(|c| if u32::from(c) >= 0x1100 { 1.0 } else { 0.56 }).sum::<f64>() * size_px
}

/// A deliberately generous estimate of a caption line's width in px at
/// [`CAPTION_FONT_PX`], from per-character advances of Pretendard. Line
/// breaks come from this estimate, not from a font engine, so `lab figure`
/// (ab_glyph) and the page (the browser's DOM text measurement) break the
/// caption at the same words; the estimate is never below the real width
/// (`caption_estimate_covers_the_real_width`, against Chromium's widths).
pub fn caption_width_estimate(s: &str) -> f64 {
    let em: f64 = s
        .chars()
        .map(|c| match c {
            ' ' | 'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | '·' => 0.3,
            '(' | ')' | '[' | ']' | 'f' | 'r' | 't' | '-' | '/' | 'I' => 0.45,
            'm' | 'w' | 'M' | 'W' | '%' | '@' => 0.95,
            c if c.is_ascii_lowercase() || c.is_ascii_digit() => 0.6,
            c if c.is_ascii() => 0.75,
            '–' => 0.5,
            // Hangul (about 0.86 em in Pretendard), CJK and anything else.
            _ => 0.95,
        })
        .sum();
    em * CAPTION_FONT_PX
}
