//! Native figure export for `lab figure`: the site's figures as SVG or PNG.
//!
//! The same drawing functions the site paints onto a canvas (`src/web/figure.rs`
//! and `src/web/vote_figure.rs`, `fn draw`) paint here onto plotters'
//! `SVGBackend` or `BitMapBackend`, at one CSS pixel per pixel, followed by
//! the figure's Korean caption (the same text as the site's `<figcaption>`).
//!
//! Fonts: the Pretendard Regular OTF committed under `static/fonts/` is
//! embedded with `include_bytes!` and registered with plotters' `ab_glyph`
//! font table under the family the figures use ([`FONT`]). PNG output is
//! rasterised with it, so it is pixel-identical on every machine. SVG text
//! stays `<text>` elements with `font-family="Pretendard"` (plus a `<style>`
//! falling back to `sans-serif`); a viewer draws it with its own copy of
//! Pretendard or its sans-serif font. Line breaks of the caption come from a
//! generous per-character width estimate, not a font engine, so the files
//! are deterministic and the page breaks captions at the same words.
//!
//! Scenario B's crash-point map (B2) is an HTML table on the site, not a
//! plotters drawing, so it is not exported (see [`SKIPPED`]).
//!
//! The sweep heatmaps (`sweep-ttl-pause`, `sweep-contention`) are drawn from
//! a computed grid ([`prepare_sweep`]): `lab figure` computes it natively
//! (as `lab sweep` does); the page hands over the grid its workers already
//! computed, so exporting never reruns a sweep on the main thread.
//!
//! Both targets: planning, SVG, trace JSON and metric CSV build for wasm32
//! too, where the lazily loaded `figure_export` module (src/bin/figure_export.rs)
//! calls them for the page's "퍼가기" panel, so the page's SVG comes from this
//! very code. In wasm, plotters measures text through the DOM (the page's
//! Pretendard webfont) instead of `ab_glyph`; that is the only source of
//! differences between the page's SVG and `lab figure`'s (see README).
//! PNG encoding, APNG animation and the embedded font are native only:
//! `BitMapBackend` and `ab_glyph` are enabled for non-wasm targets alone
//! (Cargo.toml), so the site's wasm does not carry them.

use plotters::coord::Shift;
use plotters::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use plotters::style::{register_font, FontStyle};

use super::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
use super::timeline::{draw_timeline_planned, height_css_planned, lanes, LanePlan, TimelineMarks};
use super::vote::{
    draw_liveness, draw_stack, draw_story, max_depth, snapshot_us, stack_records, story_end_us, story_height_css,
    vote_starting_config, LivenessSeries, StackFault, StoryView,
};
use super::{figure_spec, palette, FigureKind, FigureSpec, View, FIGURES, FONT};
use crate::params::{parse_lease_query, parse_vote_query, Notice};
use crate::sim::lease::{self, LeaseConfig, LeaseTrace, TraceLevel, Variant};
use crate::sim::vote::{self, VoteConfig, VoteTrace};
use crate::sweep::{SweepKind, SweepMetric, SweepResult};
use crate::work_cap::{run_within_cap, FULL_STEP_MS, MAX_EVENTS_FULL, MAX_EVENTS_SUMMARY};

// The article's measured points of A8 (pure data, shared with the site).
use super::article_data;

/// Pretendard Regular (OFL-1.1, `static/fonts/Pretendard-LICENSE.txt`).
#[cfg(not(target_arch = "wasm32"))]
static PRETENDARD: &[u8] = include_bytes!("../../static/cli-fonts/Pretendard-Regular.otf");

/// Figure ids that are not plotters drawings, and why.
pub const SKIPPED: &[(&str, &str)] =
    &[("crash-matrix", "B2 is an HTML table on the site, not a drawing; use `lab crashpoints` for its data")];

/// Default width in CSS pixels.
pub const DEFAULT_WIDTH: u32 = 960;
/// Accepted widths (the site never draws narrower than 280 px).
pub const WIDTH_RANGE: (u32, u32) = (280, 4000);

const CAPTION_FONT_PX: f64 = 14.0;
const CAPTION_LINE_PX: f64 = 21.0;
const CAPTION_PAD_PX: f64 = 12.0;

/// Output format, chosen by the file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// The format of a path by its extension (`.svg` / `.png`, any case).
    pub fn of_path(path: &str) -> Option<Format> {
        let ext = std::path::Path::new(path).extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            _ => None,
        }
    }
}

/// What to render.
#[derive(Clone, Debug)]
pub struct Request {
    pub id: String,
    /// The site's query string; `None`: the figure's starting state.
    pub params: Option<String>,
    pub width: u32,
    /// Player cursor in µs (timeline and story figures only); `None`: the end.
    pub time_us: Option<u64>,
    pub format: Format,
    /// Device pixels per CSS pixel (1 for files; 2 for the page's "PNG 2×").
    pub scale: f64,
    /// Visible window of a timeline in ms (the site's `win`); `None`: the figure's default.
    pub window_ms: Option<u32>,
    /// A2: show the ledger line (the site's `recon`, on by default).
    pub reveal_ledger: bool,
}

impl Request {
    /// A request with the defaults of `lab figure`: starting state, 960 px, the end of the player.
    pub fn new(id: &str, format: Format) -> Request {
        Request {
            id: id.to_string(),
            params: None,
            width: DEFAULT_WIDTH,
            time_us: None,
            format,
            scale: 1.0,
            window_ms: None,
            reveal_ledger: true,
        }
    }
}

/// Why a figure could not be rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The request is wrong (unknown id, bad params, …): a usage error.
    Usage(String),
    /// Drawing or encoding failed.
    Failure(String),
}

/// One exportable figure: id, code (A1…, B6) and caption.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub id: &'static str,
    pub code: &'static str,
    pub caption_ko: &'static str,
}

/// Every exportable figure: Article A's, the two sweeps, then Article B's.
pub fn figure_list() -> Vec<Entry> {
    FIGURES
        .iter()
        .map(|f| Entry { id: f.id, code: f.code, caption_ko: f.caption_ko })
        .chain([SweepKind::TtlPause, SweepKind::Contention].into_iter().map(|k| Entry {
            id: k.figure_id(),
            code: k.code(),
            caption_ko: k.caption_ko(),
        }))
        .chain(super::vote::VOTE_FIGURES.iter().filter(|f| !SKIPPED.iter().any(|(id, _)| *id == f.id)).map(|f| Entry {
            id: f.id,
            code: f.code,
            caption_ko: f.caption_ko,
        }))
        .collect()
}

/// Registers the embedded font once (idempotent). Native text layout needs it:
/// with `ab_glyph` on, plotters cannot measure or draw an unregistered family.
#[cfg(not(target_arch = "wasm32"))]
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

fn notices_error(notices: &[Notice]) -> ExportError {
    let lines: Vec<String> = notices.iter().map(|n| format!("  {}", n.message())).collect();
    ExportError::Usage(format!("bad --params:\n{}", lines.join("\n")))
}

/// A planned figure: what to draw, its caption lines and its size.
pub struct Prepared {
    plan: Plan,
    caption_lines: Vec<String>,
    scale: f64,
    /// Height of the drawing, device px.
    fig_h: u32,
    /// Size of the whole image (drawing + caption), device px.
    pub size: (u32, u32),
}

fn check_size(width: u32, scale: f64) -> Result<(), ExportError> {
    if !(WIDTH_RANGE.0..=WIDTH_RANGE.1).contains(&width) {
        return Err(ExportError::Usage(format!(
            "--width: `{width}` is not allowed; allowed a whole number in {}..={}",
            WIDTH_RANGE.0, WIDTH_RANGE.1
        )));
    }
    if !(scale.is_finite() && (0.5..=4.0).contains(&scale)) {
        return Err(ExportError::Usage(format!("scale `{scale}` is not allowed; allowed 0.5..=4")));
    }
    Ok(())
}

/// Lays a plan out at `width` CSS px and `scale` device px per CSS px.
fn prepared(plan: Plan, width: u32, k: f64) -> Prepared {
    let caption_lines = wrap_caption(plan.caption, f64::from(width) - 2.0 * CAPTION_PAD_PX);
    let fig_h = (plan.height * k).round().max(1.0) as u32;
    let cap_h = ((2.0 * CAPTION_PAD_PX + CAPTION_LINE_PX * caption_lines.len() as f64) * k).round() as u32;
    let w = (f64::from(width) * k).round() as u32;
    Prepared { plan, caption_lines, scale: k, fig_h, size: (w, fig_h + cap_h) }
}

/// A sweep heatmap of an already computed grid, coloured by `metric`, at
/// `width` CSS px (the page's export module: the grid its workers computed).
/// Unfinished rows are drawn as on the page (grey bands); the keyboard focus
/// outline of the page is not drawn.
pub fn prepare_sweep(
    result: SweepResult,
    metric: SweepMetric,
    width: u32,
    scale: f64,
) -> Result<Prepared, ExportError> {
    check_size(width, scale)?;
    #[cfg(not(target_arch = "wasm32"))]
    ensure_font()?;
    let (rows, cols) = result.spec.shape();
    let height = super::sweep::heat_height_css(f64::from(width), rows, cols);
    let caption = result.spec.kind.caption_ko();
    let plan = Plan {
        drawing: Drawing::Sweep { result: Box::new(result), metric, scale },
        height,
        caption,
        notes: Vec::new(),
    };
    Ok(prepared(plan, width, scale))
}

/// `lab figure sweep-…`: reads the sweep's query strictly (its keys plus
/// `metric`), computes the whole grid on this thread and prepares it.
/// Native only: the page never computes a sweep on its main thread.
#[cfg(not(target_arch = "wasm32"))]
fn prepare_sweep_request(kind: SweepKind, req: &Request) -> Result<Prepared, ExportError> {
    check_size(req.width, req.scale)?;
    check_view_flags(req)?;
    let (spec, metric) =
        crate::sweep::parse_strict(kind, req.params.as_deref().unwrap_or(""), true).map_err(ExportError::Usage)?;
    prepare_sweep(SweepResult::compute(spec), metric, req.width, req.scale)
}

/// Validates a request, runs the simulation and lays the caption out.
pub fn prepare(req: &Request) -> Result<Prepared, ExportError> {
    check_size(req.width, req.scale)?;
    if let Some(kind) = SweepKind::from_figure_id(&req.id) {
        #[cfg(not(target_arch = "wasm32"))]
        return prepare_sweep_request(kind, req);
        #[cfg(target_arch = "wasm32")]
        return Err(ExportError::Usage(format!(
            "figure `{}` is exported from its computed grid (prepare_sweep), not recomputed",
            kind.figure_id()
        )));
    }
    if let Some((_, why)) = SKIPPED.iter().find(|(id, _)| *id == req.id) {
        return Err(ExportError::Usage(format!("figure `{}` cannot be exported: {why}", req.id)));
    }
    #[cfg(not(target_arch = "wasm32"))]
    ensure_font()?;
    let plan = if let Some(spec) = figure_spec(&req.id) {
        lease_plan(spec, req)?
    } else if let Some(vspec) = super::vote::vote_figure_spec(&req.id) {
        vote_plan(vspec.id, vspec.caption_ko, req)?
    } else {
        return Err(ExportError::Usage(format!(
            "unknown figure `{}`; allowed: {} (see `lab figure --list`)",
            req.id,
            figure_list().iter().map(|e| e.id).collect::<Vec<_>>().join(", ")
        )));
    };
    Ok(prepared(plan, req.width, req.scale))
}

impl Prepared {
    /// Moves the player's cursor as `Request::time_us` would (`None`: the
    /// figure as drawn without `--time`), without running anything again.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    fn set_cursor(&mut self, t_us: Option<u64>) {
        match &mut self.plan.drawing {
            Drawing::Timeline { view, .. } | Drawing::Split { view, .. } => {
                view.cursor_us = t_us.map_or(view.t1_us, |t| t.min(view.t1_us));
            }
            Drawing::Story { traces } => {
                if let Some((_, view)) = traces.first_mut() {
                    view.cursor_us = t_us.unwrap_or(u64::MAX);
                }
            }
            _ => {}
        }
    }

    /// Paints the figure and its caption onto `root` (any plotters backend of [`Prepared::size`]).
    pub fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), ExportError> {
        paint(root, &self.plan, self.fig_h, &self.caption_lines, self.scale)
    }

    /// The SVG document (text as `<text>`, Pretendard then sans-serif).
    pub fn svg(&self) -> Result<String, ExportError> {
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, self.size).into_drawing_area();
            self.paint(&root)?;
            root.present().map_err(|e| ExportError::Failure(format!("cannot finish the SVG: {e:?}")))?;
        }
        Ok(with_font_style(out))
    }

    /// The image as RGB bytes, rasterised with the embedded font (native only).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn rgb(&self) -> Result<Vec<u8>, ExportError> {
        let mut rgb = vec![0u8; (self.size.0 * self.size.1 * 3) as usize];
        {
            let root = BitMapBackend::with_buffer(&mut rgb, self.size).into_drawing_area();
            self.paint(&root)?;
            root.present().map_err(|e| ExportError::Failure(format!("cannot finish the PNG: {e:?}")))?;
        }
        Ok(rgb)
    }
}

/// `lab figure`'s strictness about the view flags: `--window` only for a
/// timeline figure, `--recon off` only for A2. (The page passes its `win`
/// and `recon` state through whatever the figure, as it draws with them.)
pub fn check_view_flags(req: &Request) -> Result<(), ExportError> {
    if SweepKind::from_figure_id(&req.id).is_some() {
        let flag =
            [(req.time_us.is_some(), "--time"), (req.window_ms.is_some(), "--window"), (!req.reveal_ledger, "--recon")]
                .into_iter()
                .find_map(|(given, flag)| given.then_some(flag));
        if let Some(flag) = flag {
            return Err(ExportError::Usage(format!(
                "{flag}: figure `{}` is a sweep heatmap (no player, no time window, no ledger line); it takes --params, --width and --out only",
                req.id
            )));
        }
        return Ok(());
    }
    let kind = figure_spec(&req.id).map(|s| s.kind);
    if req.window_ms.is_some() && !matches!(kind, Some(FigureKind::Timeline | FigureKind::SplitTimeline)) {
        return Err(ExportError::Usage(format!(
            "--window: figure `{}` has no time window; it applies to the Article A timeline figures only",
            req.id
        )));
    }
    if !req.reveal_ledger && kind != Some(FigureKind::Balance) {
        return Err(ExportError::Usage(format!(
            "--recon: figure `{}` has no ledger line; it applies to silent-drift only",
            req.id
        )));
    }
    Ok(())
}

/// Renders a figure to SVG text (both targets).
pub fn render_svg(req: &Request) -> Result<String, ExportError> {
    prepare(req)?.svg()
}

/// A rendered file, and what the caps changed in it.
#[derive(Debug)]
pub struct Rendered {
    pub bytes: Vec<u8>,
    /// One line per cap that applied (the work cap, the drawing budget), in
    /// English: the CLI prints them. The page says the same in Korean.
    pub notes: Vec<String>,
}

/// Renders a figure and returns the file's bytes.
#[cfg(not(target_arch = "wasm32"))]
pub fn render(req: &Request) -> Result<Rendered, ExportError> {
    let prepared = prepare(req)?;
    let bytes = match req.format {
        Format::Svg => prepared.svg()?.into_bytes(),
        Format::Png => encode_png(&prepared.rgb()?, prepared.size)?,
    };
    Ok(Rendered { bytes, notes: prepared.plan.notes })
}

/// Accepted timeline windows in ms (the site's `win`).
pub const WINDOW_RANGE: (u32, u32) = (200, 120_000);

/// Frames of an animation (`lab figure --animate`).
pub const FRAMES_RANGE: (u32, u32) = (2, 240);
/// Frames per second of an animation.
pub const FPS_RANGE: (u32, u32) = (1, 60);

/// Renders a timeline or story figure as an animated PNG (APNG): frame `i`
/// of `frames` puts the player cursor at `i / (frames - 1)` of the visible
/// span, so the last frame is the whole figure. Deterministic bytes.
#[cfg(not(target_arch = "wasm32"))]
pub fn render_apng(req: &Request, frames: u32, fps: u32) -> Result<Rendered, ExportError> {
    if !(FRAMES_RANGE.0..=FRAMES_RANGE.1).contains(&frames) {
        return Err(ExportError::Usage(format!(
            "--frames: `{frames}` is not allowed; allowed a whole number in {}..={}",
            FRAMES_RANGE.0, FRAMES_RANGE.1
        )));
    }
    if !(FPS_RANGE.0..=FPS_RANGE.1).contains(&fps) {
        return Err(ExportError::Usage(format!(
            "--fps: `{fps}` is not allowed; allowed a whole number in {}..={}",
            FPS_RANGE.0, FPS_RANGE.1
        )));
    }
    if req.time_us.is_some() {
        return Err(ExportError::Usage(
            "--time and --animate do not go together: an animation plays the whole span".into(),
        ));
    }
    // The span the player covers, from the figure drawn at its end. The runs
    // are made once; each frame only moves the player's cursor.
    let mut end = prepare(req)?;
    let span_us = match &end.plan.drawing {
        Drawing::Timeline { view, .. } | Drawing::Split { view, .. } => view.t1_us,
        Drawing::Story { traces } => traces.first().map(|(_, v)| v.t_end_us).unwrap_or(0),
        _ => {
            return Err(ExportError::Usage(format!(
                "--animate: figure `{}` has no player; animations apply to the timeline and story figures",
                req.id
            )))
        }
    };
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
            // The last frame is the still figure (no `--time`).
            end.set_cursor((i + 1 < frames).then(|| span_us * u64::from(i) / u64::from(frames - 1)));
            writer.write_image_data(&end.rgb()?).map_err(fail)?;
        }
        writer.finish().map_err(fail)?;
    }
    Ok(Rendered { bytes: out, notes: end.plan.notes })
}

/// Adds a `<style>` right after the opening `<svg …>` tag: text falls back to sans-serif.
fn with_font_style(svg: String) -> String {
    let style = format!("<style>text {{ font-family: {FONT}, sans-serif; }}</style>\n");
    match svg.find("<svg").and_then(|i| svg[i..].find('>').map(|j| i + j + 1)) {
        Some(at) => format!("{}\n{}{}", &svg[..at], style, &svg[at..]),
        None => svg,
    }
}

#[cfg(not(target_arch = "wasm32"))]
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

/// Breaks the caption into lines no wider than `max_px` (by [`caption_width_estimate`]).
fn wrap_caption(text: &str, max_px: f64) -> Vec<String> {
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

// ---------------------------------------------------------------------------
// What to draw

enum Drawing {
    /// With its lanes planned once: an animation draws every frame from the same plan.
    Timeline {
        trace: Box<LeaseTrace>,
        marks: TimelineMarks,
        plan: LanePlan,
        view: View,
    },
    Split {
        traces: [Box<LeaseTrace>; 2],
        marks: [TimelineMarks; 2],
        plans: [LanePlan; 2],
        view: View,
    },
    Balance {
        trace: Box<LeaseTrace>,
        view: View,
    },
    Outage {
        trace: Box<LeaseTrace>,
        view: View,
    },
    Tradeoff {
        points: Vec<TradeoffPoint>,
        view: View,
    },
    Cdf {
        curves: Vec<(String, LeaseTrace)>,
        view: View,
    },
    Story {
        traces: Vec<(VoteTrace, StoryView)>,
    },
    Liveness {
        traces: Vec<VoteTrace>,
        chosen: u32,
        scale: f64,
    },
    Stack {
        trace: Box<VoteTrace>,
        config: VoteConfig,
        scale: f64,
    },
    Sweep {
        result: Box<SweepResult>,
        metric: SweepMetric,
        scale: f64,
    },
}

struct Plan {
    drawing: Drawing,
    /// What the caps changed (`work_cap`, the timeline's drawing budget), in English for the CLI.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    notes: Vec<String>,
    /// Height of the drawing in pixels (as the site computes it).
    height: f64,
    caption: &'static str,
}

fn lease_plan(spec: &'static FigureSpec, req: &Request) -> Result<Plan, ExportError> {
    let query = match &req.params {
        None => spec.initial_query(),
        Some(text) => checked_lease_query(text)?,
    };
    let c = query.config.clone();
    let (seed, run_index) = (query.seed, query.run_index);
    let is_timeline = matches!(spec.kind, FigureKind::Timeline | FigureKind::SplitTimeline);
    let window_ms = req.window_ms.unwrap_or(spec.window_ms).clamp(WINDOW_RANGE.0, WINDOW_RANGE.1);
    let window_us = u64::from(window_ms) * 1000;
    let cursor_us = match req.time_us {
        Some(_) if !is_timeline => {
            return Err(ExportError::Usage(format!(
                "--time: figure `{}` has no player; --time applies to the timeline figures only",
                spec.id
            )))
        }
        Some(us) => us.min(window_us),
        None => window_us,
    };
    let css_w = f64::from(req.width);
    let mut view = View {
        t0_us: 0,
        t1_us: window_us,
        cursor_us: if is_timeline { cursor_us } else { u64::MAX },
        wallets: spec.wallets.iter().copied().filter(|&w| w < c.wallets).collect(),
        scale: req.scale,
        reveal_ledger: req.reveal_ledger,
        show_fence: spec.kind == FigureKind::SplitTimeline,
        title: None,
    };
    // As the site: a timeline needs only the run up to the window's end, and
    // when the work cap shortens it, the window shrinks to match.
    let timeline_run = |cfg: &LeaseConfig, view: &mut View| {
        let limited = LeaseConfig { duration_s: cfg.duration_s.min(window_ms.div_ceil(1000).max(1)), ..cfg.clone() };
        let (trace, shortened) = run_within_cap(&limited, seed, run_index, TraceLevel::Full);
        if let Some(ms) = shortened {
            view.t1_us = view.t1_us.min(ms * 1_000);
            view.cursor_us = view.cursor_us.min(view.t1_us);
        }
        Box::new(trace)
    };
    // As the site, a summary run the work cap shortens runs to whole seconds.
    let summary_run = |notes: &mut Vec<String>| {
        let (trace, shortened) = run_within_cap(&c, seed, run_index, TraceLevel::Summary);
        if let Some(ms) = shortened {
            notes.push(format!(
                "the work cap ({} events per run) shortened the run from {} s to {} s",
                MAX_EVENTS_SUMMARY,
                c.duration_s,
                ms / 1000
            ));
        }
        trace
    };
    let mut notes = Vec::new();
    let plot_h = (css_w * 0.62).clamp(280.0, 420.0);
    let (drawing, height) = match spec.kind {
        FigureKind::Timeline => {
            let trace = timeline_run(&c, &mut view);
            let marks = TimelineMarks::of(&trace);
            let plan = lanes(&trace, &view, &marks);
            let h = height_css_planned(&plan, &view, &marks);
            (Drawing::Timeline { trace, marks, plan, view }, h)
        }
        FigureKind::SplitTimeline => {
            let c1 = LeaseConfig { variant: Variant::FenceWrite, ..c.clone() };
            let c2 = LeaseConfig { variant: Variant::FenceRead, ..c.clone() };
            let traces = [timeline_run(&c1, &mut view), timeline_run(&c2, &mut view)];
            view.title = Some(String::new());
            let marks = [TimelineMarks::of(&traces[0]), TimelineMarks::of(&traces[1])];
            let plans = [lanes(&traces[0], &view, &marks[0]), lanes(&traces[1], &view, &marks[1])];
            let h = height_css_planned(&plans[0], &view, &marks[0]) + height_css_planned(&plans[1], &view, &marks[1]);
            (Drawing::Split { traces, marks, plans, view }, h)
        }
        FigureKind::Balance => {
            let trace = Box::new(summary_run(&mut notes));
            (Drawing::Balance { trace, view }, plot_h)
        }
        FigureKind::Outage => {
            let trace = Box::new(summary_run(&mut notes));
            (Drawing::Outage { trace, view }, (css_w * 0.9).clamp(420.0, 600.0))
        }
        FigureKind::Tradeoff => {
            let mut points = Vec::new();
            for (g, v) in Variant::ALL.into_iter().enumerate() {
                let cfg = LeaseConfig { variant: v, ..c.clone() };
                let label = v.article_label().to_string();
                for r in 0..3u32 {
                    let t = run_within_cap(&cfg, seed, r, TraceLevel::Summary).0;
                    points.push(TradeoffPoint {
                        label: label.clone(),
                        throughput_rps: t.metrics.throughput_rps,
                        over_approval: t.metrics.over_approval as f64,
                        article: false,
                        group: g,
                    });
                }
                for (thr, over) in article_data::tradeoff_points(v) {
                    points.push(TradeoffPoint {
                        label: label.clone(),
                        throughput_rps: thr,
                        over_approval: over,
                        article: true,
                        group: g,
                    });
                }
            }
            (Drawing::Tradeoff { points, view }, plot_h)
        }
        FigureKind::LatencyCdf => {
            let curves = Variant::ALL
                .into_iter()
                .map(|v| {
                    let cfg = LeaseConfig { variant: v, ..c.clone() };
                    (v.article_label().to_string(), run_within_cap(&cfg, seed, 0, TraceLevel::Summary).0)
                })
                .collect();
            (Drawing::Cdf { curves, view }, plot_h)
        }
    };
    if let Drawing::Timeline { view, .. } | Drawing::Split { view, .. } = &drawing {
        if view.t1_us < window_us {
            notes.push(format!(
                "the work cap ({} events per timeline run, then on to the next {} ms step) shortened the window from {} ms to {} ms",
                MAX_EVENTS_FULL,
                FULL_STEP_MS,
                window_ms,
                view.t1_us / 1000
            ));
        }
    }
    let lane_plans: &[LanePlan] = match &drawing {
        Drawing::Timeline { plan, .. } => std::slice::from_ref(plan),
        Drawing::Split { plans, .. } => plans,
        _ => &[],
    };
    if let Some(p) = lane_plans.iter().find(|p| p.is_capped()) {
        notes.push(format!(
            "the drawing budget drew {} of {} thread lanes (the figure says so under its axis)",
            p.workers_shown, p.workers_total
        ));
    }
    Ok(Plan { drawing, height, caption: spec.caption_ko, notes })
}

fn vote_plan(id: &'static str, caption: &'static str, req: &Request) -> Result<Plan, ExportError> {
    let c = match &req.params {
        None => vote_starting_config(id),
        Some(text) => checked_vote_config(text)?,
    };
    let is_story = matches!(id, "vote-story" | "outer-transaction" | "uncertain-failure");
    if req.time_us.is_some() && !is_story {
        return Err(ExportError::Usage(format!(
            "--time: figure `{id}` has no player; --time applies to vote-story, outer-transaction and uncertain-failure"
        )));
    }
    let css_w = f64::from(req.width);
    let (drawing, height) = if is_story {
        let t = vote::run(&c, vote::TraceLevel::Full);
        let view = StoryView {
            scale: req.scale,
            cursor_us: req.time_us.unwrap_or(u64::MAX),
            t_end_us: story_end_us(&t, max_depth(&c)),
            show_probes: id == "uncertain-failure",
            show_outer: id == "outer-transaction",
            title: (id == "outer-transaction").then(|| "합류하는 구현 (V2)".to_string()),
        };
        let mut h = story_height_css(&view);
        let mut traces = vec![(t, view.clone())];
        if id == "outer-transaction" {
            let g = VoteConfig { variant: vote::Variant::V2g, ..c.clone() };
            let t2 = vote::run(&g, vote::TraceLevel::Full);
            let v2 = StoryView {
                cursor_us: u64::MAX,
                t_end_us: story_end_us(&t2, max_depth(&t2.config)),
                title: Some("합류를 거절하는 구현 (V2g)".to_string()),
                ..view
            };
            h += story_height_css(&v2);
            traces.push((t2, v2));
        }
        (Drawing::Story { traces }, h)
    } else if id == "liveness" {
        let mut traces: Vec<VoteTrace> = (0..=2u32)
            .map(|b| vote::run(&VoteConfig { blocked_validators: b, ..c.clone() }, vote::TraceLevel::Summary))
            .collect();
        if c.blocked_validators > 2 {
            traces.push(vote::run(&c, vote::TraceLevel::Summary));
        }
        (
            Drawing::Liveness { traces, chosen: c.blocked_validators, scale: req.scale },
            (css_w * 0.55).clamp(260.0, 380.0),
        )
    } else {
        let trace = Box::new(vote::run(&c, vote::TraceLevel::Spans));
        (Drawing::Stack { trace, config: c, scale: req.scale }, 4.0 * if css_w < 520.0 { 84.0 } else { 64.0 } + 16.0)
    };
    let notes = vote_cap_notes(&drawing);
    Ok(Plan { drawing, height, caption, notes })
}

/// The work cap's note when it stopped any of a vote figure's runs.
fn vote_cap_notes(drawing: &Drawing) -> Vec<String> {
    let traces: Vec<&VoteTrace> = match drawing {
        Drawing::Story { traces } => traces.iter().map(|(t, _)| t).collect(),
        Drawing::Liveness { traces, .. } => traces.iter().collect(),
        Drawing::Stack { trace, .. } => vec![&**trace],
        _ => Vec::new(),
    };
    super::vote::cap_note(traces).into_iter().collect()
}

// ---------------------------------------------------------------------------
// Painting

fn paint<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plan: &Plan,
    fig_h: u32,
    caption: &[String],
    k: f64,
) -> Result<(), ExportError> {
    let fail = |e: DrawingAreaErrorKind<DB::ErrorType>| ExportError::Failure(format!("drawing failed: {e:?}"));
    root.fill(&WHITE).map_err(fail)?;
    let (fig, cap) = root.split_vertically(fig_h);
    draw_figure(&fig, &plan.drawing).map_err(fail)?;
    let style = TextStyle::from((FONT, CAPTION_FONT_PX * k).into_font()).color(&palette::INK);
    for (i, line) in caption.iter().enumerate() {
        let y = CAPTION_PAD_PX + CAPTION_LINE_PX * i as f64 + (CAPTION_LINE_PX - CAPTION_FONT_PX) / 2.0;
        cap.draw_text(line, &style, ((CAPTION_PAD_PX * k).round() as i32, (y * k).round() as i32)).map_err(fail)?;
    }
    Ok(())
}

fn draw_figure<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, drawing: &Drawing) -> super::DrawResult<DB> {
    match drawing {
        Drawing::Timeline { trace, marks, plan, view } => draw_timeline_planned(area, trace, view, marks, plan),
        Drawing::Split { traces, marks, plans, view } => {
            let mut v1 = view.clone();
            v1.title = Some("(c-1) 쓰기 시점 fencing".into());
            let h1 = (height_css_planned(&plans[0], &v1, &marks[0]) * view.scale).round() as u32;
            let (top, bottom) = area.split_vertically(h1);
            let mut v2 = view.clone();
            v2.title = Some("(c-2) 읽는 순간 새기기".into());
            draw_timeline_planned(&top, &traces[0], &v1, &marks[0], &plans[0])?;
            draw_timeline_planned(&bottom, &traces[1], &v2, &marks[1], &plans[1])
        }
        Drawing::Balance { trace, view } => draw_balance(area, trace, view),
        Drawing::Outage { trace, view } => draw_outage(area, trace, view),
        Drawing::Tradeoff { points, view } => draw_tradeoff(area, points, view),
        Drawing::Cdf { curves, view } => {
            let curves: Vec<CdfCurve<'_>> = curves
                .iter()
                .enumerate()
                .map(|(g, (label, t))| CdfCurve {
                    label: label.clone(),
                    latencies_us: &t.series.latencies_us,
                    group: g,
                })
                .collect();
            draw_latency_cdf(area, &curves, view)
        }
        Drawing::Story { traces } => {
            let mut rest = area.clone();
            for (i, (t, v)) in traces.iter().enumerate() {
                if i + 1 < traces.len() {
                    let (top, bottom) = rest.split_vertically((story_height_css(v) * v.scale).round() as u32);
                    draw_story(&top, t, v)?;
                    rest = bottom;
                } else {
                    draw_story(&rest, t, v)?;
                }
            }
            Ok(())
        }
        Drawing::Liveness { traces, chosen, scale } => {
            let series: Vec<LivenessSeries<'_>> = traces
                .iter()
                .map(|t| LivenessSeries {
                    label: format!("멈춘 노드 {}개", t.config.blocked_validators),
                    trace: t,
                    highlight: t.config.blocked_validators == *chosen,
                })
                .collect();
            draw_liveness(area, &series, *scale)
        }
        Drawing::Stack { trace, config, scale } => draw_stack(
            area,
            &stack_records(trace, snapshot_us(trace)),
            StackFault::None,
            config.device_honours_sync,
            u64::from(config.device_cache_window_ms) * 1000,
            *scale,
        ),
        Drawing::Sweep { result, metric, scale } => {
            super::sweep::draw_heatmap(area, result, *metric, None, &View { scale: *scale, ..View::default() })
        }
    }
}

// ---------------------------------------------------------------------------
// Data downloads: the trace and the metric table

/// The run a figure's query names, as `lab run --params QUERY --trace FILE`
/// writes it (compact JSON of the full trace).
pub fn trace_json(id: &str, params: &str) -> Result<String, ExportError> {
    let json = if figure_spec(id).is_some() {
        let q = checked_lease_query(params)?;
        serde_json::to_string(&lease::run(&q.config, q.seed, q.run_index, TraceLevel::Full))
    } else if super::vote::vote_figure_spec(id).is_some() {
        serde_json::to_string(&vote::run(&checked_vote_config(params)?, vote::TraceLevel::Full))
    } else {
        return Err(ExportError::Usage(format!("unknown figure `{id}`")));
    };
    json.map_err(|e| ExportError::Failure(format!("cannot encode the trace: {e}")))
}

fn checked_lease_query(params: &str) -> Result<crate::params::LeaseQuery, ExportError> {
    let parsed = parse_lease_query(params);
    if parsed.notices.is_empty() {
        Ok(parsed.value)
    } else {
        Err(notices_error(&parsed.notices))
    }
}

fn checked_vote_config(params: &str) -> Result<VoteConfig, ExportError> {
    let parsed = parse_vote_query(params);
    if parsed.notices.is_empty() {
        Ok(parsed.value)
    } else {
        Err(notices_error(&parsed.notices))
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The figure's metric table as CSV (one row per metric, one column per run,
/// raw numbers, empty where a metric does not apply): the same runs as the
/// table under the figure on the site.
pub fn metrics_csv(id: &str, params: &str) -> Result<String, ExportError> {
    let mut out = String::new();
    if let Some(spec) = figure_spec(id) {
        let q = checked_lease_query(params)?;
        let c = q.config.clone();
        let mut cols: Vec<(String, LeaseConfig, u32)> = Vec::new();
        let runs3 = |cols: &mut Vec<(String, LeaseConfig, u32)>, cfg: &LeaseConfig, label: &str| {
            for r in 0..3u32 {
                cols.push((format!("{label}실행 {r}"), cfg.clone(), r));
            }
        };
        match spec.kind {
            FigureKind::Timeline | FigureKind::Balance | FigureKind::Outage => runs3(&mut cols, &c, ""),
            FigureKind::SplitTimeline => {
                runs3(&mut cols, &LeaseConfig { variant: Variant::FenceWrite, ..c.clone() }, "(c-1) ");
                runs3(&mut cols, &LeaseConfig { variant: Variant::FenceRead, ..c.clone() }, "(c-2) ");
            }
            FigureKind::Tradeoff | FigureKind::LatencyCdf => {
                let runs = if spec.kind == FigureKind::Tradeoff { 3 } else { 1 };
                for v in Variant::ALL {
                    for r in 0..runs {
                        cols.push((
                            format!("{} 실행 {r}", v.article_label()),
                            LeaseConfig { variant: v, ..c.clone() },
                            r,
                        ));
                    }
                }
            }
        }
        let traces: Vec<LeaseTrace> =
            cols.iter().map(|(_, cfg, r)| run_within_cap(cfg, q.seed, *r, TraceLevel::Summary).0).collect();
        out.push_str("metric,label");
        for (h, _, _) in &cols {
            out.push(',');
            out.push_str(&csv_field(h));
        }
        out.push('\n');
        for (key, label) in super::analysis::TABLE_ROWS {
            out.push_str(&format!("{},{}", csv_field(key), csv_field(label)));
            for t in &traces {
                out.push(',');
                if let Some(v) = super::analysis::metric_value(&t.metrics, &t.details, key) {
                    out.push_str(&v.to_string());
                }
            }
            out.push('\n');
        }
        return Ok(out);
    }
    if super::vote::vote_figure_spec(id).is_some() {
        let c = checked_vote_config(params)?;
        let t = vote::run(&c, vote::TraceLevel::Summary);
        let o = &t.outcome;
        let ms =
            |s: Option<crate::sim::core::Stamp>| s.map(|s| (s.t_us as f64 / 1000.0).to_string()).unwrap_or_default();
        let rows: Vec<(&str, &str, String)> = vec![
            ("equivocations", "이중 투표", o.equivocations.len().to_string()),
            ("amnesia", "기억 상실", o.amnesia.len().to_string()),
            ("false_memory", "잘못된 기억", o.false_memory.len().to_string()),
            ("recoveries", "복구", o.recoveries.len().to_string()),
            ("fenced_validators", "스스로 멈춘 노드", o.fenced.iter().filter(|f| f.is_some()).count().to_string()),
            ("forks", "포크", o.forks.len().to_string()),
            ("crash_at_ms", "충돌 시각 (ms)", ms(o.crash_at)),
            ("restart_at_ms", "재시작 시각 (ms)", ms(o.restart_at)),
            (
                "crash_after_events",
                "충돌 지점 (이벤트 수)",
                o.crash_after_events.map(|v| v.to_string()).unwrap_or_default(),
            ),
            ("blocked_at_end", "끝에 멈춘 노드", o.liveness.blocked_at_end.to_string()),
            ("both_txs_finalized", "두 트랜잭션 모두 확정", o.liveness.both_txs_finalized_by_horizon.to_string()),
            ("broadcast_while_not_durable", "디스크 전 전송", o.diagnostics.broadcast_while_not_durable.to_string()),
            (
                "conn_returned_while_pending",
                "작업 남은 연결 반납",
                o.diagnostics.conn_returned_while_pending.to_string(),
            ),
            ("events_processed", "처리한 이벤트", t.stats.events_processed.to_string()),
        ];
        out.push_str("metric,label,value\n");
        for (k, l, v) in rows {
            out.push_str(&format!("{},{},{}\n", k, csv_field(l), csv_field(&v)));
        }
        return Ok(out);
    }
    Err(ExportError::Usage(format!("unknown figure `{id}`")))
}

/// The chapter (content file id) whose prose places figure `id`, from the
/// `{{figure:ID}}` markers (generated by build.rs).
pub fn figure_chapter(id: &str) -> Option<&'static str> {
    FIGURE_CHAPTERS.iter().find(|(f, _)| *f == id).map(|(_, c)| *c)
}

include!(concat!(env!("OUT_DIR"), "/figure_chapters.rs"));

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn caption_estimate_covers_the_real_width() {
        ensure_font().unwrap();
        let style = TextStyle::from((FONT, CAPTION_FONT_PX).into_font());
        for e in figure_list() {
            for w in [280u32, 360, 480, 720, 960, 1200, 2000] {
                for line in wrap_caption(e.caption_ko, f64::from(w) - 2.0 * CAPTION_PAD_PX) {
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
