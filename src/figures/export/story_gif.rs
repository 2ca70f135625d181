//! A figure's story as an animated GIF (`lab figure ID --story --out F.gif`,
//! the export bar's story GIF): every scene of the story the page tells,
//! each held long enough to read its sentence, which is drawn over the
//! scene as a caption, with the figure's title and the scene's count above
//! and the blog files' attribution line with the link back under it
//! (`super::attribution`).
//!
//! The scenes are the page's: an Article A figure's story
//! (`crate::story`, the chapter's opening story when the figure is at its
//! starting state, `crate::story_lead::opening`), each step drawn as
//! `LeaseFigure::draw_story` draws it; an Article B story's scenes
//! (`crate::vote::beats`), each drawn at its step with its mark ringed.
//! Between two scenes told in the same view, a few short frames move the
//! player's cursor from one moment to the next ([`PASSAGE_FRAMES`]).
//!
//! Three steps, so that both targets share all but the pixels: a figure
//! gives its [`Shot`]s ([`lease_shots`], [`vote_shots`]: the drawings, at
//! [`STORY_SCALE`] so that an 11 px label is 13 px), [`compose`] lays each
//! out as a whole frame ([`StoryFrame`]: a recording, its delay, its
//! caption lines), and [`encode`] turns the frames into GIF bytes through
//! whatever rasterises a recording (native: the embedded font's bitmap,
//! [`render_story_gif`]; the page: its canvas). The palette is the figure's
//! (`super::gif`), taken from every held frame; the file is at most
//! [`STORY_GIF_MAX_BYTES`].

use plotters::prelude::*;
use serde::{Deserialize, Serialize};

use super::caption::wrap_caption;
use super::gif::GifWriter;
use super::ExportError;
use crate::plan::{LeaseFigure, VoteFigure};
use crate::recording::{record, Area, DrawResult, Recording};
use crate::story::{outage_story, Story, StoryStep};
use crate::text_width::CAPTION_FONT_PX;
use crate::vote::StackFault;
use crate::{palette as P, FONT};
use lab_model::registry::{FigureKind, FigureSpec};
use lab_words::Words;

/// The most bytes a story GIF may take (issue 40's budget: blog editors take it).
pub const STORY_GIF_MAX_BYTES: usize = 2 * 1024 * 1024;
/// Device px per CSS px of a story's drawing: the figures' 11 px labels become 13 px.
pub const STORY_SCALE: f64 = 1.2;
/// The default width of a story GIF, px (a blog column).
pub const STORY_WIDTH_PX: u32 = 720;
/// The widths a story GIF may take, px.
pub const STORY_WIDTH_RANGE: (u32, u32) = (360, 1200);
/// The in-between frames from one scene to the next told in the same view.
pub const PASSAGE_FRAMES: u32 = 5;
/// How long each in-between frame shows, 1/100 s.
pub const PASSAGE_DELAY_CS: u16 = 8;

/// The sentence's size, px.
pub const SENTENCE_PX: f64 = 17.0;
const SENTENCE_LINE_PX: f64 = 25.0;
/// The title line's and the attribution's size, px.
pub const SMALL_PX: f64 = 14.0;
const SMALL_LINE_PX: f64 = 20.0;
const PAD_PX: f64 = 16.0;

/// The line over the sentence: the figure's short title and the scene's
/// count (from 1), in `w`'s words.
fn heading(w: &Words, title: &str, scene: usize, scenes: usize) -> String {
    let (scene, scenes) = ((scene + 1).to_string(), scenes.to_string());
    w.fill(w.share.export.story_heading, &[("title", title), ("scene", &scene), ("scenes", &scenes)])
}

/// One picture of a story: scene `scene`'s drawing (`held`), or one on the
/// way to it (not held), `drawing.size` device px.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shot {
    pub scene: usize,
    pub held: bool,
    pub drawing: Recording,
}

/// A story's pictures and its sentences, one per scene (what the site's
/// module hands the page's file module for Article A, `super::remote`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shots {
    pub sentences: Vec<String>,
    pub shots: Vec<Shot>,
}

/// One whole frame of the GIF.
#[derive(Clone, Debug)]
pub struct StoryFrame {
    pub scene: usize,
    pub held: bool,
    /// 1/100 s.
    pub delay_cs: u16,
    /// The sentence as drawn, a line each (empty on an in-between frame's
    /// own sentence: it shows the scene it leaves, see [`compose`]).
    pub caption: Vec<String>,
    pub recording: Recording,
}

/// A composed story: its frames, all of `size` px.
#[derive(Clone, Debug)]
pub struct StoryFrames {
    pub size: (u32, u32),
    pub sentences: Vec<String>,
    pub frames: Vec<StoryFrame>,
}

/// Whether figure `spec` has a story to make a GIF of.
pub fn has_story(spec: &FigureSpec) -> bool {
    matches!(spec.kind, FigureKind::Timeline | FigureKind::SplitTimeline | FigureKind::Outage) || spec.kind.is_story()
}

/// The usage error for a figure without a story.
pub fn no_story(id: &str) -> ExportError {
    let with: Vec<&str> = lab_model::registry::FIGURES.iter().filter(|f| has_story(f)).map(|f| f.id).collect();
    ExportError::Usage(format!("--story: figure `{id}` tells no story; --story applies to {}", with.join(", ")))
}

/// A story GIF's width (px) checked, and its drawings' width in CSS px.
pub fn story_width_css(width_px: u32) -> Result<f64, ExportError> {
    let (lo, hi) = STORY_WIDTH_RANGE;
    if !(lo..=hi).contains(&width_px) {
        return Err(ExportError::Usage(format!(
            "--width: `{width_px}` is not allowed for --story; allowed a whole number of px in {lo}..={hi} (default {STORY_WIDTH_PX})"
        )));
    }
    Ok(f64::from(width_px) / STORY_SCALE)
}

/// Hundredths of a second to hold a scene whose sentence is `sentence`:
/// 1.5 s and 0.07 s a character (a slow reader's pace, with the drawing to
/// look at), within 3 to 9 s.
pub fn hold_cs(sentence: &str) -> u16 {
    let chars = sentence.chars().filter(|c| !c.is_whitespace()).count() as u64;
    (150 + 7 * chars).clamp(300, 900) as u16
}

/// `step` with its cursor at `at_us` (an in-between picture).
fn step_at(step: &StoryStep, at_us: u64) -> StoryStep {
    StoryStep { at_us, ..step.clone() }
}

/// The cursor of in-between frame `i` (1..=[`PASSAGE_FRAMES`]) from `from` to `to`.
fn passage_at(from: u64, to: u64, i: u32) -> u64 {
    from + (to.saturating_sub(from)) * u64::from(i) / u64::from(PASSAGE_FRAMES + 1)
}

/// An Article A figure's story as shots `width_css` wide: each step as the
/// page draws it, and between two steps told in the same view the cursor
/// moving from the one moment to the next (the earlier step's lights on).
pub fn lease_shots(figure: &LeaseFigure, story: &Story, width_css: f64) -> Result<Shots, String> {
    let w_px = (width_css * STORY_SCALE).round() as u32;
    let draw = |step: &StoryStep| {
        let h = (figure.story_height_css(step, width_css) * STORY_SCALE).round().max(1.0) as u32;
        record((w_px, h), |area| figure.draw_story(area, step, STORY_SCALE))
    };
    let mut shots = Vec::new();
    for (i, step) in story.steps.iter().enumerate() {
        if let Some(prev) = i.checked_sub(1).map(|j| &story.steps[j]) {
            if prev.focus.is_some() && prev.focus == step.focus && prev.at_us < step.at_us {
                for k in 1..=PASSAGE_FRAMES {
                    let between = step_at(prev, passage_at(prev.at_us, step.at_us, k));
                    shots.push(Shot { scene: i, held: false, drawing: draw(&between)? });
                }
            }
        }
        shots.push(Shot { scene: i, held: true, drawing: draw(step)? });
    }
    Ok(Shots { sentences: story.steps.iter().map(|s| s.sentence(figure.words())).collect(), shots })
}

/// The story Article A's figure tells: the chapter's opening story at the
/// figure's starting state (`at_start`), else the story found in this run.
pub fn lease_story_of(figure: &LeaseFigure, at_start: bool) -> Option<(Option<LeaseFigure>, Story)> {
    let id = figure.plan().spec.id;
    if at_start {
        if let Some((opening, story)) = crate::story_lead::opening_in(id, figure.words()) {
            opening.set_words(figure.words());
            return Some((Some(opening), story));
        }
    }
    let story = match figure.plan().kind() {
        FigureKind::Outage => outage_story(&figure.traces()[0]),
        _ => figure.story_in(figure.words())?,
    };
    Some((None, story))
}

/// An Article B story's scenes as shots `width_css` wide: each scene drawn
/// at its step with its mark ringed, the cursor moving between them.
pub fn vote_shots(figure: &VoteFigure, width_css: f64) -> Result<Shots, String> {
    let times = figure.step_times();
    let beats = figure.beats();
    if beats.is_empty() {
        return Err("this run has no scene to tell".into());
    }
    let w_px = (width_css * STORY_SCALE).round() as u32;
    let heights = figure.panel_heights_css(width_css);
    let h_px = (heights.iter().sum::<f64>() * STORY_SCALE).round().max(1.0) as u32;
    let draw = |cursor_us: u64, scene_step: Option<usize>| {
        record((w_px, h_px), |area| {
            let mut rest = area.clone();
            for (i, h) in heights.iter().enumerate() {
                let (top, bottom) = rest.split_vertically((h * STORY_SCALE).round() as u32);
                figure.draw_panel(&top, i, cursor_us, StackFault::None, STORY_SCALE, scene_step)?;
                rest = bottom;
            }
            Ok(())
        })
    };
    let at = |step: usize| times.get(step).copied().unwrap_or(0);
    let mut shots = Vec::new();
    for (i, beat) in beats.iter().enumerate() {
        if let Some(prev) = i.checked_sub(1).map(|j| &beats[j]) {
            let (from, to) = (at(prev.step), at(beat.step));
            if from < to {
                for k in 1..=PASSAGE_FRAMES {
                    shots.push(Shot { scene: i, held: false, drawing: draw(passage_at(from, to, k), None)? });
                }
            }
        }
        shots.push(Shot { scene: i, held: true, drawing: draw(at(beat.step), Some(beat.step))? });
    }
    Ok(Shots { sentences: beats.iter().map(|b| b.sentence.clone()).collect(), shots })
}

/// The figure's short title: its caption in `w`'s words up to the first
/// ": " (its number and its name, without what it shows).
pub fn short_title(w: &Words, spec: &FigureSpec) -> &'static str {
    let caption = lab_words::catalogue::caption(w, spec);
    caption.split_once(": ").map_or(caption, |(head, _)| head)
}

/// Wraps `text` at `size_px` into lines no wider than `max_px` (by the caption's width estimate).
fn wrap_at(text: &str, size_px: f64, max_px: f64) -> Vec<String> {
    wrap_caption(text, max_px * CAPTION_FONT_PX / size_px)
}

/// Lays every shot out as a whole frame `width_px` wide: the heading (the
/// figure's title, the scene's count), the sentence wrapped, the drawing
/// (in the room of the tallest), the `attribution` line (the blog
/// files', [`super::attribution`]: the link back). An
/// in-between frame shows the sentence of the scene it leaves, so that a
/// new sentence appears with its scene.
pub fn compose(
    words: &Words,
    spec: &FigureSpec,
    shots: &Shots,
    width_px: u32,
    attribution: &str,
) -> Result<StoryFrames, ExportError> {
    let w = f64::from(width_px);
    let text_w = w - 2.0 * PAD_PX;
    let scenes = shots.sentences.len();
    let captions: Vec<Vec<String>> = shots.sentences.iter().map(|s| wrap_at(s, SENTENCE_PX, text_w)).collect();
    let attribution = wrap_at(attribution, SMALL_PX, text_w);
    let most_lines = captions.iter().map(Vec::len).max().unwrap_or(1);
    let room = shots.shots.iter().map(|s| s.drawing.size.1).max().unwrap_or(1);
    let heading_h = PAD_PX + SMALL_LINE_PX;
    let caption_h = 6.0 + SENTENCE_LINE_PX * most_lines as f64 + 10.0;
    let drawing_top = (heading_h + caption_h).round() as u32;
    let height = drawing_top + room + (10.0 + SMALL_LINE_PX * attribution.len() as f64 + PAD_PX).round() as u32;
    let size = (width_px, height);
    let title = short_title(words, spec);
    let mut frames = Vec::with_capacity(shots.shots.len());
    for shot in &shots.shots {
        if shot.scene >= scenes || shot.drawing.size.0 != width_px {
            return Err(ExportError::Failure(format!(
                "a story shot of scene {} at {} px for {scenes} scenes at {width_px} px",
                shot.scene, shot.drawing.size.0
            )));
        }
        let told = if shot.held { shot.scene } else { shot.scene.saturating_sub(1) };
        let caption = &captions[told];
        let heading = heading(words, title, told, scenes);
        let recording =
            record(size, |root| paint_frame(root, shot, &heading, caption, &attribution, drawing_top, room))
                .map_err(ExportError::Failure)?;
        let delay_cs = if shot.held { hold_cs(&shots.sentences[shot.scene]) } else { PASSAGE_DELAY_CS };
        frames.push(StoryFrame { scene: shot.scene, held: shot.held, delay_cs, caption: caption.clone(), recording });
    }
    Ok(StoryFrames { size, sentences: shots.sentences.clone(), frames })
}

/// Paints one frame (see [`compose`]).
fn paint_frame(
    root: &Area,
    shot: &Shot,
    heading: &str,
    caption: &[String],
    attribution: &[String],
    drawing_top: u32,
    room: u32,
) -> DrawResult {
    debug_assert!(shot.drawing.size.1 <= room);
    root.fill(&WHITE)?;
    let (w, h) = root.dim_in_pixel();
    let x = PAD_PX.round() as i32;
    let small = TextStyle::from((FONT, SMALL_PX).into_font()).color(&P::MUTED);
    root.draw_text(heading, &small, (x, (PAD_PX + (SMALL_LINE_PX - SMALL_PX) / 2.0).round() as i32))?;
    let sentence = TextStyle::from((FONT, SENTENCE_PX).into_font()).color(&P::INK);
    for (i, line) in caption.iter().enumerate() {
        let y = PAD_PX + SMALL_LINE_PX + 6.0 + SENTENCE_LINE_PX * i as f64 + (SENTENCE_LINE_PX - SENTENCE_PX) / 2.0;
        root.draw_text(line, &sentence, (x, y.round() as i32))?;
    }
    // The drawing under its sentence, where the page draws it (the room
    // below it is the tallest scene's, the whole run's).
    let (_, below) = root.split_vertically(drawing_top);
    shot.drawing.draw_into(&below)?;
    // A rule over the attribution.
    let rule_y = (drawing_top + room + 4) as i32;
    root.draw(&PathElement::new(vec![(x, rule_y), (w as i32 - x, rule_y)], P::GRID.stroke_width(1)))?;
    let first = f64::from(h) - PAD_PX - SMALL_LINE_PX * attribution.len() as f64;
    for (i, line) in attribution.iter().enumerate() {
        let y = first + SMALL_LINE_PX * i as f64 + (SMALL_LINE_PX - SMALL_PX) / 2.0;
        root.draw_text(line, &small, (x, y.round() as i32))?;
    }
    Ok(())
}

/// The GIF of `frames`, each rasterised by `rgb` (a recording's RGB bytes,
/// `frames.size` px): the palette from every held frame, each frame shown
/// its delay. Deterministic for deterministic pixels; at most
/// [`STORY_GIF_MAX_BYTES`].
pub fn encode(
    frames: &StoryFrames,
    mut rgb: impl FnMut(&Recording) -> Result<Vec<u8>, ExportError>,
) -> Result<Vec<u8>, ExportError> {
    let pixels: Vec<Vec<u8>> = frames.frames.iter().map(|f| rgb(&f.recording)).collect::<Result<_, _>>()?;
    let held: Vec<u8> =
        frames.frames.iter().zip(&pixels).filter(|(f, _)| f.held).flat_map(|(_, p)| p.iter().copied()).collect();
    let too_large = |e: ExportError| match e {
        ExportError::TooLarge(_) => ExportError::TooLarge(format!(
            "the story GIF grew past {} MiB; use a smaller --width",
            STORY_GIF_MAX_BYTES / (1024 * 1024)
        )),
        e => e,
    };
    let mut writer = GifWriter::with_palette_of(frames.size, &held, PASSAGE_DELAY_CS, STORY_GIF_MAX_BYTES)?;
    for (frame, px) in frames.frames.iter().zip(&pixels) {
        writer.push_for(px, frame.delay_cs).map_err(too_large)?;
    }
    writer.finish()
}

/// The frames of the story GIF of the figure a request names (its state
/// from the request's query; at its starting state, the chapter's opening
/// story), `width_px` wide, its attribution linking back to the figure in
/// that state under the request's site ([`super::attribution`]). Article A's
/// figure is planned and run here.
pub fn story_frames(req: &super::Request, width_px: u32) -> Result<StoryFrames, ExportError> {
    story_frames_with(req, width_px, |spec, width_css| {
        let figure = super::lease_figure(spec, req)?;
        let at_start = match &req.params {
            None => true,
            Some(text) => super::data::checked_lease_query(text)? == spec.initial_query(),
        };
        let (opening, story) = lease_story_of(&figure, at_start).ok_or_else(|| no_story(&req.id))?;
        if !story.found() {
            return Err(ExportError::Usage(format!(
                "--story: this run of `{}` has no moment to tell ({})",
                req.id,
                story.steps[0].sentence(req.words)
            )));
        }
        lease_shots(opening.as_ref().unwrap_or(&figure), &story, width_css).map_err(ExportError::Failure)
    })
}

/// [`story_frames`] with Article A's shots from `lease` (given the figure
/// and the drawings' CSS width): the page's lazily loaded module, which
/// carries no Article A code, asks the site for them
/// (`super::remote::Remote::story_shots`). Article B's are made here.
pub fn story_frames_with(
    req: &super::Request,
    width_px: u32,
    lease: impl FnOnce(&'static FigureSpec, f64) -> Result<Shots, ExportError>,
) -> Result<StoryFrames, ExportError> {
    use lab_model::registry::{self, Scenario};
    let spec = registry::figure(&req.id).ok_or_else(|| no_story(&req.id))?;
    if !has_story(spec) {
        return Err(no_story(&req.id));
    }
    let width_css = story_width_css(width_px)?;
    #[cfg(not(target_arch = "wasm32"))]
    super::ensure_font()?;
    let shots = match spec.scenario() {
        Scenario::Vote => {
            let figure = super::vote_source(req)?;
            vote_shots(&figure, width_css).map_err(|e| ExportError::Usage(format!("--story: {e}")))?
        }
        _ => lease(spec, width_css)?,
    };
    let attribution = super::attribution(req.words, &req.site, spec.id, req.params.as_deref());
    compose(req.words, spec, &shots, width_px, &attribution)
}

/// [`story_frames`] as GIF bytes, rasterised with the embedded font.
#[cfg(not(target_arch = "wasm32"))]
pub fn render_story_gif(req: &super::Request, width_px: u32) -> Result<super::Rendered, ExportError> {
    let frames = story_frames(req, width_px)?;
    Ok(super::Rendered { bytes: encode(&frames, rgb_of)?, notes: Vec::new() })
}

/// A recording's RGB bytes, rasterised with the embedded font (light palette).
#[cfg(not(target_arch = "wasm32"))]
pub fn rgb_of(image: &Recording) -> Result<Vec<u8>, ExportError> {
    let (w, h) = image.size;
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    {
        let mut backend = BitMapBackend::with_buffer(&mut rgb, (w, h));
        image.replay(&mut backend).map_err(|e| ExportError::Failure(format!("drawing failed: {e:?}")))?;
        backend.present().map_err(|e| ExportError::Failure(format!("cannot finish the frame: {e:?}")))?;
    }
    Ok(rgb)
}
