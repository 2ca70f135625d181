//! A figure's link card: `static/og/ID.png`, the `og:image` of the
//! figure's static embed page (`embed-ID.html`), which a blog or messenger
//! shows when the page's address is pasted (Naver, Brunch, KakaoTalk…).
//!
//! 1200×630 px (the size link cards are drawn at), in the light palette:
//! the figure's short title large at the top, the figure at its opening
//! settings (an Article B story at the scene its chapter opens on,
//! [`opening_time_us`]; a lease timeline drawn whole in the blog files'
//! window, up to its first anomaly and a little after, as the blog
//! files draw it: at the start of its run, where the page opens, its lanes
//! are still empty, a card of blank rows) drawn at [`CARD_SCALE`] so that
//! its 11 px labels are 17 px (a card is shown a third of its size), its
//! legend under it when there is room, and a line of attribution with the
//! link back at the bottom. A figure taller than its room is drawn
//! narrower, then smaller (never below 1.2×: 13 px labels); one that still
//! does not fit is cut rather than shrunk below legible: at a blank row
//! (between two panels) in the room's lower part when it has one, else at
//! the room's foot, faded into the page (Article A's lane timelines).
//! The PNG is palette-quantised by the GIF's rule (the figure's colours
//! exact, `super::gif::quantise`) and at most [`CARD_MAX_BYTES`].
//!
//! Native only: it is made ahead of time by `tests/og_images.rs`.

use plotters::prelude::*;

use super::story_gif::short_title;
use super::{lease_source, legend_layout, vote_source, ExportError, FigureSource, Request};
use crate::plan::{SweepFigure, VotePlan};
use crate::recording::{record, Recording};
use crate::{palette as P, FONT};
use lab_model::registry::{FigureKind, FigureSpec, Scenario};
use lab_words::Words;

/// A card's size, px.
pub const CARD_SIZE: (u32, u32) = (1200, 630);
/// Device px per CSS px of the figure on a card.
pub const CARD_SCALE: f64 = 1.6;
/// The most bytes a card may take.
pub const CARD_MAX_BYTES: usize = 300 * 1024;

const PAD_PX: i32 = 40;
const TITLE_PX: f64 = 34.0;
const TITLE_BAND_PX: i32 = 86;
const SMALL_PX: f64 = 22.0;
const FOOT_BAND_PX: i32 = 62;
/// How far up from a cut the figure fades into the page, px.
const FADE_PX: usize = 56;

/// Where the player stands in a figure's opening state, as its static
/// image draws it: a lease timeline at the start of its run (the drawing
/// does not answer the chapter's question before the reader plays), an
/// Article B story at the scene its chapter opens on; `None` (the end) for
/// the rest. (`words` is the table the story is planned in; the moment
/// does not depend on it.)
pub fn opening_time_us(spec: &'static FigureSpec, words: &'static Words) -> Option<u64> {
    if spec.kind.is_lease_timeline() {
        return Some(0);
    }
    (spec.scenario() == Scenario::Vote && spec.kind.is_story())
        .then(|| VotePlan::with_words(spec, spec.initial_vote_config(), words).run().opening_cursor_us())
        .flatten()
}

/// A card laid out: the frame (background, title, attribution) and the
/// figure (drawing and legend) with where it goes.
pub struct Card {
    pub frame: Recording,
    pub figure: Recording,
    /// The figure's top left on the card, and the height it may take there (px).
    pub at: (i32, i32),
    pub room: u32,
    /// Device px per CSS px of the figure ([`CARD_SCALE`] unless it had to shrink to fit).
    pub scale: f64,
}

impl Card {
    /// Whether the figure is cut at the room's foot.
    pub fn cut(&self) -> bool {
        self.figure.size.1 > self.room
    }

    /// Every text the card draws, frame and figure, with its size (px).
    pub fn texts(&self) -> Vec<(String, f64)> {
        [&self.frame, &self.figure]
            .into_iter()
            .flat_map(|r| &r.ops)
            .filter_map(|op| match op {
                crate::recording::Op::Text { text, font, .. } => Some((text.clone(), font.size)),
                _ => None,
            })
            .collect()
    }
}

/// The source of figure `spec` as its card draws it (a sweep computed at its defaults, as `lab figure` does).
fn source(words: &'static Words, spec: &'static FigureSpec) -> Result<(Box<dyn FigureSource>, u64), ExportError> {
    if let FigureKind::Sweep(kind) = spec.kind {
        let (sweep, metric) = lab_model::sweep::parse_strict(kind, "", true).map_err(ExportError::Usage)?;
        let figure = SweepFigure { result: lab_model::sweep::SweepResult::compute(sweep), metric, words };
        return Ok((Box::new(figure), u64::MAX));
    }
    let timeline = spec.kind.is_lease_timeline();
    let time_us = if timeline { None } else { opening_time_us(spec, words) };
    let req = Request { time_us, ..Request::new(spec.id, super::Format::Png, words) };
    let mut source: Box<dyn FigureSource> = match spec.scenario() {
        Scenario::Vote => vote_source(&req)?,
        _ => lease_source(&req)?,
    };
    if timeline {
        let first = source.first_anomaly_us().map_err(ExportError::Failure)?;
        if let Some(ms) = super::blog_window_ms(spec.window_ms, first) {
            source.set_window_ms(ms).map_err(ExportError::Failure)?;
        }
    }
    let cursor = source.cursor_at(req.time_us);
    Ok((source, cursor))
}

/// The widths (px) and scales a card tries for its figure, in order: the
/// labels large and the figure narrower first (a chart whose height follows
/// its width), then smaller scales, down to 1.2 (11 px labels at 13 px).
/// A figure that fits none is drawn at the first and cut.
fn fits() -> Vec<(u32, f64)> {
    let full = CARD_SIZE.0 - 2 * PAD_PX as u32;
    [CARD_SCALE, 1.4, 1.2]
        .into_iter()
        .flat_map(|s| [full, 1000, 880, 760, 640, 560].into_iter().map(move |w| (w, s)))
        .collect()
}

/// The card of figure `spec`, its attribution linking back under `site`
/// (the site's public address with its final `/`; empty: relative to it),
/// as a blog file's does ([`super::attribution`]), in `words`.
pub fn card(words: &'static Words, spec: &'static FigureSpec, site: &str) -> Result<Card, ExportError> {
    super::ensure_font()?;
    let (w, h) = CARD_SIZE;
    let (source, cursor) = source(words, spec)?;
    let room = (h as i32 - TITLE_BAND_PX - FOOT_BAND_PX) as u32;
    let height_at = |(w_px, scale): (u32, f64)| -> Result<u32, ExportError> {
        let css = source.height_css(f64::from(w_px) / scale).map_err(ExportError::Failure)?;
        Ok((css * scale).round() as u32)
    };
    let tries = fits();
    let mut chosen = tries[0];
    for &t in &tries {
        if height_at(t)? <= room {
            chosen = t;
            break;
        }
    }
    let (fig_w, scale) = chosen;
    let width_css = f64::from(fig_w) / scale;
    let drawing_h = height_at(chosen)?;
    let drawing = source.record((fig_w, drawing_h), cursor, scale).map_err(ExportError::Failure)?;
    // The legend, when the drawing leaves it room.
    let legend = legend_layout(&source.legend().map_err(ExportError::Failure)?, width_css.round() as u32);
    let legend_h = (legend.height_css() * scale).round() as u32;
    let with_legend = legend_h > 0 && drawing_h + legend_h <= room;
    let figure_h = drawing_h + if with_legend { legend_h } else { 0 };
    let figure = record((fig_w, figure_h), |root| {
        root.fill(&WHITE)?;
        drawing.draw_into(root)?;
        if with_legend {
            let (_, below) = root.split_vertically(drawing_h);
            legend.paint(&below, scale)?;
        }
        Ok(())
    })
    .map_err(ExportError::Failure)?;
    let left = (w - fig_w) as i32 / 2;
    // A figure shorter than its room sits in the room's middle.
    let top = TITLE_BAND_PX + (room.saturating_sub(figure_h) / 2) as i32;
    let title = short_title(words, spec).to_string();
    let attribution = super::attribution(words, site, spec.id, None);
    let frame = record(CARD_SIZE, |root| {
        root.fill(&WHITE)?;
        let big = TextStyle::from((FONT, TITLE_PX).into_font()).color(&P::INK);
        root.draw_text(&title, &big, (PAD_PX, 30))?;
        let foot = h as i32 - FOOT_BAND_PX;
        root.draw(&PathElement::new(vec![(PAD_PX, foot + 8), (w as i32 - PAD_PX, foot + 8)], P::GRID.stroke_width(2)))?;
        let small = TextStyle::from((FONT, SMALL_PX).into_font()).color(&P::MUTED);
        root.draw_text(&attribution, &small, (PAD_PX, foot + 20))
    })
    .map_err(ExportError::Failure)?;
    Ok(Card { frame, figure, at: (left, top), room, scale })
}

/// The start of the widest run of rows in `rows` that `blank` finds blank
/// (the lowest of equals), if any.
fn widest_gap(rows: std::ops::Range<usize>, blank: impl Fn(usize) -> bool) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    let mut run: Option<usize> = None;
    for y in rows.clone().chain(std::iter::once(rows.end)) {
        match (y < rows.end && blank(y), run) {
            (true, None) => run = Some(y),
            (false, Some(start)) => {
                if best.is_none_or(|(_, len)| y - start >= len) {
                    best = Some((start, y - start));
                }
                run = None;
            }
            _ => {}
        }
    }
    best.map(|(start, _)| start)
}

/// The card as a palette PNG, rasterised with the embedded font.
pub fn render_card(card: &Card) -> Result<Vec<u8>, ExportError> {
    let (w, h) = (CARD_SIZE.0 as usize, CARD_SIZE.1 as usize);
    let mut rgb = super::story_gif::rgb_of(&card.frame)?;
    let figure = super::story_gif::rgb_of(&card.figure)?;
    let (fw, fh) = (card.figure.size.0 as usize, card.figure.size.1 as usize);
    let room = card.room as usize;
    // A cut figure ends at the widest band of blank rows in the room's lower
    // part (between two panels) when it has one, centred in the room; else
    // at the room's foot, its last rows fading into the page.
    let blank = |y: usize| figure[y * fw * 3..(y + 1) * fw * 3].iter().all(|&v| v >= 250);
    let clean = if card.cut() { widest_gap(room * 3 / 5..room, blank) } else { None };
    let shown = clean.unwrap_or(fh.min(room));
    let fade = card.cut() && clean.is_none();
    let x0 = card.at.0 as usize;
    let y0 = card.at.1 as usize + if clean.is_some() { (room - shown) / 2 } else { 0 };
    for y in 0..shown {
        let keep = if fade && y + FADE_PX > shown { (shown - y) as f64 / FADE_PX as f64 } else { 1.0 };
        for x in 0..fw.min(w - x0) {
            let (src, dst) = ((y * fw + x) * 3, ((y0 + y) * w + x0 + x) * 3);
            for c in 0..3 {
                let v = f64::from(figure[src + c]);
                rgb[dst + c] = (255.0 - (255.0 - v) * keep).round() as u8;
            }
        }
    }
    debug_assert_eq!(rgb.len(), w * h * 3);
    let (palette, indices) = super::gif::quantise(&rgb);
    let fail = |e: png::EncodingError| ExportError::Failure(format!("cannot encode the card: {e}"));
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, CARD_SIZE.0, CARD_SIZE.1);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette);
        encoder.set_compression(png::Compression::Best);
        let mut writer = encoder.write_header().map_err(fail)?;
        writer.write_image_data(&indices).map_err(fail)?;
        writer.finish().map_err(fail)?;
    }
    if out.len() > CARD_MAX_BYTES {
        return Err(ExportError::TooLarge(format!("the card is {} bytes, over {CARD_MAX_BYTES}", out.len())));
    }
    Ok(out)
}
