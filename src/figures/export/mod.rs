//! A figure as a file: `lab figure`'s SVG, PNG and animated PNG, and the
//! share panel's files (SVG, PNG, the trace JSON, the metrics CSV).
//!
//! A request (figure id, query, width, player time, window) is checked
//! strictly and handed to the figure's plan (`crate::plan`, the code the
//! page draws its canvases with), which becomes a [`FigureSource`]. The
//! file is recorded (`crate::recording`): the source's drawing, the
//! figure's legend under it (the page's `<ul class="legend">`, see
//! `figures::legend`) and its caption (the page's `<figcaption>`, see
//! [`caption`]), every word from the request's table ([`Request::words`]:
//! the page's, or the one `lab figure --lang` names; there is no default); the recording is replayed onto the files' SVG writer
//! (`crate::svg`, text at the canvas's size) or `BitMapBackend` (the page:
//! its canvas) at one CSS pixel per pixel.
//! The page's lazily loaded module has Article A's drawing from the site
//! ([`remote`]), so it carries neither Article A's simulation nor its
//! drawing code. The sweep heatmaps are drawn from a computed grid
//! ([`prepare_sweep`]): `lab figure` computes it natively, as `lab sweep`
//! does; the page hands over the grid its workers computed, so exporting
//! never reruns a sweep on the main thread. Figures that are not drawings
//! (B2, an HTML table) have no file (`FigureSpec::not_drawn`).
//!
//! Layouts ([`Layout`], `lab figure --layout`, the page's blog files):
//! a file is the page's figure at the request's width, or laid out for a
//! blog: [`Layout::Blog`] 720 px wide, [`Layout::BlogPhone`] 390 px, each
//! drawn at a narrower CSS width ([`Layout::drawn_at`]) and replayed at the
//! scale that makes the drawing's smallest text [`BLOG_MIN_TEXT_PX`] in the
//! file, a timeline's window cut after its first anomaly
//! ([`blog_window_ms`]), and a line under the caption saying where it comes
//! from ([`attribution`]: the site's name in the request's words and the
//! figure's address, [`figure_link`]).
//!
//! Animations (`--animate`, the page's "GIF"): frame `i` of `n` puts the
//! player's cursor at `i / (n - 1)` of the visible span ([`Prepared::set_frame`]);
//! [`gif`] encodes them with the figure's own palette on both targets.
//!
//! Both targets: planning, SVG, GIF, trace JSON and metric CSV ([`data`]) build
//! for wasm32 too, where the lazily loaded `figures` module
//! (src/bin/figures.rs) calls them ([`prepare_with`]), so the page's SVG
//! comes from this very code. In wasm, plotters measures text through the DOM (the page's
//! Pretendard webfont) instead of `ab_glyph`; that is the only source of
//! differences between the page's SVG and `lab figure`'s (see docs/site.md).
//! PNG encoding, APNG animation and the embedded font ([`native`]) are
//! native only: `BitMapBackend` and `ab_glyph` are enabled for non-wasm
//! targets alone (Cargo.toml), so the site's wasm does not carry them.

pub mod caption;
#[cfg(not(target_arch = "wasm32"))]
pub mod card;
pub mod data;
pub mod gif;
#[cfg(not(target_arch = "wasm32"))]
pub mod native;
pub mod remote;
pub mod source;
pub mod story_gif;

pub use super::plan::WINDOW_RANGE;
use super::plan::{LeaseFigure, LeasePlan, SweepFigure, VoteFigure, VotePlan};
use crate::legend::{LegendEntry, LegendLayout};
use crate::recording::Recording;
use caption::{wrap_caption, CAPTION_LINE_PX, CAPTION_PAD_PX};
pub use data::{lease_metric_columns, lease_trace, metrics_csv, vote_metrics_csv, vote_trace_json, MetricColumn};
#[cfg(not(target_arch = "wasm32"))]
use lab_model::params::SweepKind;
use lab_model::params::SweepMetric;
use lab_model::registry::{self, FigureSpec, Scenario, FIGURES};
use lab_model::sweep::SweepResult;
use lab_words::Words;
#[cfg(not(target_arch = "wasm32"))]
pub use native::{ensure_font, render, render_apng, render_gif};
pub use source::FigureSource;

/// Default width in CSS pixels.
pub const DEFAULT_WIDTH: u32 = 960;
/// Accepted widths (the site never draws narrower than 280 px).
pub const WIDTH_RANGE: (u32, u32) = (280, 4000);
/// Frames of an animation (`lab figure --animate`).
pub const FRAMES_RANGE: (u32, u32) = (2, 240);
/// Frames per second of an animation.
pub const FPS_RANGE: (u32, u32) = (1, 60);

/// How a file is laid out: the page's figure at the request's width, or
/// for a blog column (`lab figure --layout`, the page's blog files).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The page's: [`Request::width`] CSS px at [`Request::scale`].
    #[default]
    Page,
    /// A blog's: [`BLOG_WIDTH_PX`] px wide, text at least [`BLOG_MIN_TEXT_PX`].
    Blog,
    /// A phone-first blog's: [`BLOG_PHONE_WIDTH_PX`] px wide, the same text.
    BlogPhone,
}

/// A blog layout's file width (a blog column), px.
pub const BLOG_WIDTH_PX: u32 = 720;
/// A phone-first blog layout's file width, px.
pub const BLOG_PHONE_WIDTH_PX: u32 = 390;
/// The smallest text of a blog layout's file, px (`tests/export_text_size.rs`).
pub const BLOG_MIN_TEXT_PX: f64 = 13.0;

impl Layout {
    /// Every layout, the page's first.
    pub const ALL: [Layout; 3] = [Layout::Page, Layout::Blog, Layout::BlogPhone];

    /// Its name in `lab figure --layout` and the page's buttons (`data-export=blog-png`…).
    pub fn key(self) -> &'static str {
        match self {
            Layout::Page => "page",
            Layout::Blog => "blog",
            Layout::BlogPhone => "blog-phone",
        }
    }

    /// The layout named `key`.
    pub fn from_key(key: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.key() == key)
    }

    /// A blog layout's file width in px (`None`: the page's, the request's width).
    pub fn file_width_px(self) -> Option<u32> {
        match self {
            Layout::Page => None,
            Layout::Blog => Some(BLOG_WIDTH_PX),
            Layout::BlogPhone => Some(BLOG_PHONE_WIDTH_PX),
        }
    }

    /// A blog layout's drawing: the CSS width it is drawn at and its device
    /// px per CSS px. The widest CSS width whose text floor
    /// (`crate::text_floor_css`, the smallest text a drawing that wide sets)
    /// comes out at least [`BLOG_MIN_TEXT_PX`] when the drawing is scaled
    /// to the file's width: 664 CSS px at 1.084 for 720 px (12 px text
    /// becomes 13), 330 at 1.182 for 390 px (11 px becomes 13). The drawing
    /// is the page's own at that width, labels laid out as the page lays
    /// them, only larger.
    pub fn drawn_at(self) -> Option<(u32, f64)> {
        let out = self.file_width_px()?;
        let enough = |w: u32| crate::text_floor_css(f64::from(w)) * f64::from(out) / f64::from(w) >= BLOG_MIN_TEXT_PX;
        let w = (WIDTH_RANGE.0..=out).rev().find(|&w| enough(w)).unwrap_or(WIDTH_RANGE.0);
        Some((w, f64::from(out) / f64::from(w)))
    }
}

/// A blog layout's window for a timeline whose first anomaly is at
/// `first_anomaly_us` and whose window is `window_ms` by default: up to
/// the anomaly, and half as long again (at least 300 ms) to show what
/// follows, in whole 100 ms; `None` when that is no shorter than the
/// default or there is no anomaly (the whole window is drawn).
pub fn blog_window_ms(window_ms: u32, first_anomaly_us: Option<u64>) -> Option<u32> {
    let t_ms = first_anomaly_us? / 1000;
    let end = (t_ms + (t_ms / 2).max(300)).div_ceil(100) * 100;
    let end = u32::try_from(end).ok()?.clamp(WINDOW_RANGE.0, WINDOW_RANGE.1);
    (end < window_ms).then_some(end)
}

/// The address a blog file's attribution names: figure `id` in the state
/// `params` (a figure query, as `--params` takes it), on its chapter's own
/// page, under `site` (the site's public address with its final `/`, as
/// `LAB_SITE_URL` states it; empty: relative to it).
pub fn figure_link(site: &str, id: &str, params: Option<&str>) -> String {
    let chapter = figure_chapter(id).unwrap_or_default();
    let search = lab_model::permalink::figure_in_chapter(chapter, id, params.unwrap_or_default());
    let page = lab_model::permalink::chapter_page(&search).unwrap_or(search);
    format!("{site}{page}")
}

/// Output format, chosen by the file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    /// An animated GIF (`--animate` only).
    Gif,
}

impl Format {
    /// The format of a path by its extension (`.svg` / `.png` / `.gif`, any case).
    pub fn of_path(path: &str) -> Option<Format> {
        let ext = std::path::Path::new(path).extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            "gif" => Some(Format::Gif),
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
    /// The palette (`lab figure --theme`): light unless asked, as the page's files.
    pub theme: crate::theme::Theme,
    /// The page's figure, or a blog's (then `width` and `scale` are the layout's).
    pub layout: Layout,
    /// The site's public address with its final `/` (`LAB_SITE_URL`; the
    /// page: where it is served), which a blog file's attribution names.
    pub site: String,
    /// The words the file says (caption, legend, axes, CSV labels, a
    /// story's sentences and headings, attribution), in the page's language
    /// or `lab figure`'s.
    pub words: &'static Words,
}

impl Request {
    /// A request with the defaults of `lab figure` (starting state, 960 px,
    /// the end of the player) in `words`, which its caller always names.
    pub fn new(id: &str, format: Format, words: &'static Words) -> Request {
        Request {
            id: id.to_string(),
            params: None,
            width: DEFAULT_WIDTH,
            time_us: None,
            format,
            scale: 1.0,
            window_ms: None,
            reveal_ledger: true,
            theme: crate::theme::Theme::Light,
            layout: Layout::Page,
            site: String::new(),
            words,
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
    /// The file would be larger than allowed (a GIF over its byte or pixel
    /// limit, `gif::GIF_MAX_BYTES`): a usage error, the request asks too much.
    TooLarge(String),
}

impl ExportError {
    /// The English message (`lab` prints it after `lab: error:`).
    pub fn message(&self) -> &str {
        match self {
            ExportError::Usage(m) | ExportError::Failure(m) | ExportError::TooLarge(m) => m,
        }
    }
}

/// A rendered file, and what the caps changed in it.
#[derive(Debug)]
pub struct Rendered {
    pub bytes: Vec<u8>,
    /// One line per cap that applied (the work cap, the drawing budget), in
    /// English: the CLI prints them. The page says the same in its own words.
    pub notes: Vec<String>,
}

/// Every exportable figure, in the registry's order: Article A's, the sweeps, then Article B's.
pub fn figure_list() -> Vec<&'static FigureSpec> {
    FIGURES.iter().filter(|f| f.not_drawn.is_none()).collect()
}

/// The figures that have no file, and why.
pub fn skipped() -> impl Iterator<Item = (&'static str, &'static str)> {
    FIGURES.iter().filter_map(|f| f.not_drawn.map(|why| (f.id, why)))
}

/// The chapter (content file id) whose prose places figure `id`.
pub fn figure_chapter(id: &str) -> Option<&'static str> {
    registry::figure(id).map(|f| f.chapter)
}

/// A figure laid out as a file: its source (who draws its body), where the
/// player's cursor is, its caption lines and its size.
pub struct Prepared {
    source: Box<dyn FigureSource>,
    cursor_us: u64,
    legend: LegendLayout,
    /// The caption's lines, then a blog file's attribution lines.
    caption_lines: Vec<String>,
    /// How many of `caption_lines` are the attribution.
    attribution_lines: usize,
    scale: f64,
    /// Height of the drawing, device px.
    fig_h: u32,
    /// Size of the whole image (drawing, legend and caption), device px.
    pub size: (u32, u32),
    /// The palette it is painted in (light unless asked).
    pub theme: crate::theme::Theme,
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

/// A figure's legend laid out for a file `width` CSS px wide.
pub fn legend_layout(entries: &[LegendEntry], width: u32) -> LegendLayout {
    LegendLayout::new(entries, CAPTION_PAD_PX, f64::from(width) - 2.0 * CAPTION_PAD_PX)
}

/// Height in device px of what a file adds under the drawing: the legend and the caption.
pub fn footer_height(legend: &LegendLayout, caption_lines: usize, scale: f64) -> u32 {
    let legend_h = (legend.height_css() * scale).round() as u32;
    legend_h + ((2.0 * CAPTION_PAD_PX + CAPTION_LINE_PX * caption_lines as f64) * scale).round() as u32
}

/// Lays `source`'s drawing, its legend and `spec`'s caption in `words` out
/// at `width` CSS px and `scale` device px per CSS px.
fn prepared(
    source: Box<dyn FigureSource>,
    (time_us, words): (Option<u64>, &Words),
    spec: &FigureSpec,
    (width, scale): (u32, f64),
    attribution: Option<String>,
) -> Result<Prepared, ExportError> {
    let line_px = f64::from(width) - 2.0 * CAPTION_PAD_PX;
    let mut caption_lines = wrap_caption(lab_words::catalogue::caption(words, spec), line_px);
    let attribution = attribution.map(|a| wrap_caption(&a, line_px)).unwrap_or_default();
    let attribution_lines = attribution.len();
    caption_lines.extend(attribution);
    let legend = legend_layout(&source.legend().map_err(ExportError::Failure)?, width);
    let height_css = source.height_css(f64::from(width)).map_err(ExportError::Failure)?;
    let fig_h = (height_css * scale).round().max(1.0) as u32;
    let footer_h = footer_height(&legend, caption_lines.len(), scale);
    let w = (f64::from(width) * scale).round() as u32;
    let cursor_us = source.cursor_at(time_us);
    let theme = crate::theme::Theme::Light;
    Ok(Prepared {
        source,
        cursor_us,
        legend,
        caption_lines,
        attribution_lines,
        scale,
        fig_h,
        size: (w, fig_h + footer_h),
        theme,
    })
}

/// A sweep heatmap of an already computed grid, coloured by `metric`, at
/// `width` CSS px (the page's export module: the grid its workers computed),
/// in `words`. Unfinished rows are drawn as on the page (grey bands); the
/// keyboard focus outline of the page is not drawn.
pub fn prepare_sweep(
    result: SweepResult,
    metric: SweepMetric,
    (width, scale): (u32, f64),
    words: &'static Words,
) -> Result<Prepared, ExportError> {
    check_size(width, scale)?;
    #[cfg(not(target_arch = "wasm32"))]
    ensure_font()?;
    let spec = registry::sweep_figure(result.spec.kind);
    prepared(Box::new(SweepFigure { result, metric, words }), (None, words), spec, (width, scale), None)
}

/// [`prepare_sweep`] in `layout` (the page's: `width` at `scale`), the
/// attribution naming the sweep's state `params` under `site`.
pub fn prepare_sweep_in(
    result: SweepResult,
    metric: SweepMetric,
    (width, scale): (u32, f64),
    layout: Layout,
    (words, site): (&'static Words, &str),
    params: Option<&str>,
) -> Result<Prepared, ExportError> {
    let Some((w, k)) = layout.drawn_at() else { return prepare_sweep(result, metric, (width, scale), words) };
    check_size(w, k)?;
    #[cfg(not(target_arch = "wasm32"))]
    ensure_font()?;
    let spec = registry::sweep_figure(result.spec.kind);
    let attribution = attribution(words, site, spec.id, params);
    prepared(Box::new(SweepFigure { result, metric, words }), (None, words), spec, (w, k), Some(attribution))
}

/// A blog file's attribution line: the site's name in `w`'s words and the figure's address.
pub fn attribution(w: &Words, site: &str, id: &str, params: Option<&str>) -> String {
    format!("{} · {}", w.share.export.attribution, figure_link(site, id, params))
}

/// `lab figure sweep-…`: reads the sweep's query strictly (its keys plus
/// `metric`), computes the whole grid on this thread and prepares it.
/// Native only: the page never computes a sweep on its main thread.
#[cfg(not(target_arch = "wasm32"))]
fn prepare_sweep_request(kind: SweepKind, req: &Request) -> Result<Prepared, ExportError> {
    check_size(req.width, req.scale)?;
    check_view_flags(req)?;
    let (spec, metric) =
        lab_model::sweep::parse_strict(kind, req.params.as_deref().unwrap_or(""), true).map_err(ExportError::Usage)?;
    let size = (req.width, req.scale);
    prepare_sweep_in(
        SweepResult::compute(spec),
        metric,
        size,
        req.layout,
        (req.words, &req.site),
        req.params.as_deref(),
    )
}

/// The drawn figure a request names, checked: its id known, not a sweep
/// (those are drawn from a grid) and not a figure without a file.
fn drawn_spec(req: &Request) -> Result<&'static FigureSpec, ExportError> {
    check_size(req.width, req.scale)?;
    let Some(spec) = registry::figure(&req.id) else {
        return Err(ExportError::Usage(format!(
            "unknown figure `{}`; allowed: {} (see `lab figure --list`)",
            req.id,
            figure_list().iter().map(|e| e.id).collect::<Vec<_>>().join(", ")
        )));
    };
    if let lab_model::registry::FigureKind::Sweep(kind) = spec.kind {
        return Err(ExportError::Usage(format!(
            "figure `{}` is exported from its computed grid (prepare_sweep), not recomputed",
            kind.figure_id()
        )));
    }
    if let Some(why) = spec.not_drawn {
        return Err(ExportError::Usage(format!("figure `{}` cannot be exported: {why}", req.id)));
    }
    Ok(spec)
}

/// `--time` only for a figure with a player.
fn check_time(spec: &FigureSpec, req: &Request) -> Result<(), ExportError> {
    if req.time_us.is_none() || spec.kind.has_player() {
        return Ok(());
    }
    Err(ExportError::Usage(match spec.scenario() {
        Scenario::Vote => format!(
            "--time: figure `{}` has no player; --time applies to vote-story, outer-transaction and uncertain-failure",
            spec.id
        ),
        _ => format!("--time: figure `{}` has no player; --time applies to the timeline figures only", spec.id),
    }))
}

/// Article B's figure a request names, planned and run (its query read strictly).
pub fn vote_source(req: &Request) -> Result<Box<VoteFigure>, ExportError> {
    let spec = drawn_spec(req)?;
    let config = match &req.params {
        None => spec.initial_vote_config(),
        Some(text) => data::checked_vote_config(text)?,
    };
    check_time(spec, req)?;
    Ok(Box::new(VotePlan::with_words(spec, config, req.words).run()))
}

/// Article A's figure a request names, planned and run (its query read strictly).
pub fn lease_source(req: &Request) -> Result<Box<LeaseFigure>, ExportError> {
    let spec = drawn_spec(req)?;
    let figure = lease_figure(spec, req)?;
    check_time(spec, req)?;
    Ok(Box::new(figure))
}

/// Article A's figure `spec` in the state `req` states (its query read
/// strictly; the rest of the request is not checked): the site's side of a
/// [`remote::Remote`], whose module has checked the request.
pub fn lease_figure(spec: &'static FigureSpec, req: &Request) -> Result<LeaseFigure, ExportError> {
    let query = match &req.params {
        None => spec.initial_query(),
        Some(text) => data::checked_lease_query(text)?,
    };
    let figure = LeasePlan::new(spec, query, req.window_ms, req.reveal_ledger).run();
    figure.set_words(req.words);
    Ok(figure)
}

/// Lays out a file of the figure `req` names, drawn by `source` (one of
/// [`lease_source`], [`vote_source`], or a [`remote::Remote`]). A blog
/// layout draws at its own width and scale, the figure whole (whatever the
/// player's time), a timeline in the window [`blog_window_ms`] cuts (unless
/// the request states a window), and adds the attribution.
pub fn prepare_with(req: &Request, mut source: Box<dyn FigureSource>) -> Result<Prepared, ExportError> {
    let spec = drawn_spec(req)?;
    check_time(spec, req)?;
    let Some((width, scale)) = req.layout.drawn_at() else {
        return prepared(source, (req.time_us, req.words), spec, (req.width, req.scale), None);
    };
    if spec.kind.is_lease_timeline() && req.window_ms.is_none() {
        if let Some(ms) = blog_window_ms(spec.window_ms, source.first_anomaly_us().map_err(ExportError::Failure)?) {
            source.set_window_ms(ms).map_err(ExportError::Failure)?;
        }
    }
    let attribution = attribution(req.words, &req.site, spec.id, req.params.as_deref());
    // Drawn whole: a blog file is not the player's moment (a lesson opens at its run's start).
    prepared(source, (None, req.words), spec, (width, scale), Some(attribution))
}

/// Validates a request, runs the figure's plan and lays the caption out (`lab figure`).
#[cfg(not(target_arch = "wasm32"))]
pub fn prepare(req: &Request) -> Result<Prepared, ExportError> {
    check_size(req.width, req.scale)?;
    if let Some(lab_model::registry::FigureKind::Sweep(kind)) = registry::figure(&req.id).map(|s| s.kind) {
        return prepare_sweep_request(kind, req);
    }
    ensure_font()?;
    // The query is read first: a bad query is reported before a misplaced `--time`.
    let source: Box<dyn FigureSource> = match drawn_spec(req)?.scenario() {
        Scenario::Vote => vote_source(req)?,
        _ => lease_source(req)?,
    };
    prepare_with(req, source)
}

impl Prepared {
    /// Moves the player's cursor as `Request::time_us` would (`None`: the
    /// figure as drawn without `--time`), without running anything again.
    fn set_cursor(&mut self, t_us: Option<u64>) {
        self.cursor_us = self.source.cursor_at(t_us);
    }

    /// The span an animation of `req`'s figure plays, after checking the
    /// animation's frames and rate (an error for a figure without a player).
    pub fn animation_span_us(&self, req: &Request, frames: u32, fps: u32) -> Result<u64, ExportError> {
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
        self.source.player_span_us().ok_or_else(|| {
            ExportError::Usage(format!(
                "--animate: figure `{}` has no player; animations apply to the timeline and story figures",
                req.id
            ))
        })
    }

    /// Puts the player's cursor on frame `i` of `frames` over `span_us`: the
    /// last frame is the still figure (no `--time`).
    pub fn set_frame(&mut self, span_us: u64, i: u32, frames: u32) {
        self.set_cursor((i + 1 < frames).then(|| span_us * u64::from(i) / u64::from(frames.max(2) - 1)));
    }

    /// What the caps changed, in English.
    pub fn notes(&self) -> Vec<String> {
        self.source.notes_en()
    }

    /// The whole image, drawing, legend and caption, as a recording to replay on any backend.
    pub fn record(&self) -> Result<Recording, ExportError> {
        let drawing =
            self.source.record((self.size.0, self.fig_h), self.cursor_us, self.scale).map_err(ExportError::Failure)?;
        let (caption, attribution) = self.caption_lines.split_at(self.caption_lines.len() - self.attribution_lines);
        crate::recording::record(self.size, |root| {
            caption::paint_lines(root, &drawing, &self.legend, (caption, attribution), self.scale)
        })
        .map_err(ExportError::Failure)
    }

    /// The SVG document (text as `<text>`, Pretendard then sans-serif).
    pub fn svg(&self) -> Result<String, ExportError> {
        let image = self.record()?;
        caption::svg_document(self.size, self.theme, |backend| image.replay(backend))
    }
}

/// `lab figure`'s strictness about the view flags: `--window` only for a
/// timeline figure, `--recon off` only for A2. (The page passes its `win`
/// and `recon` state through whatever the figure, as it draws with them.)
pub fn check_view_flags(req: &Request) -> Result<(), ExportError> {
    let kind = registry::figure(&req.id).map(|s| s.kind);
    if let Some(lab_model::registry::FigureKind::Sweep(_)) = kind {
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
    if req.window_ms.is_some() && !kind.is_some_and(|k| k.is_lease_timeline()) {
        return Err(ExportError::Usage(format!(
            "--window: figure `{}` has no time window; it applies to the Article A timeline figures only",
            req.id
        )));
    }
    if !req.reveal_ledger && kind != Some(lab_model::registry::FigureKind::Balance) {
        return Err(ExportError::Usage(format!(
            "--recon: figure `{}` has no ledger line; it applies to silent-drift only",
            req.id
        )));
    }
    Ok(())
}

/// Renders a figure to SVG text.
#[cfg(not(target_arch = "wasm32"))]
pub fn render_svg(req: &Request) -> Result<String, ExportError> {
    prepare(req)?.svg()
}
