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
//! Pretendard or its sans-serif font. Line breaks of the caption are measured
//! with the embedded font in both formats, so the files themselves are
//! deterministic.
//!
//! Scenario B's crash-point map (B2) is an HTML table on the site, not a
//! plotters drawing, so it is not exported (see [`SKIPPED`]).
//!
//! Native only: `BitMapBackend` and `ab_glyph` are enabled for non-wasm
//! targets alone (Cargo.toml), so the site's wasm does not carry them.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use super::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
use super::timeline::{draw_timeline_marked, height_css, TimelineMarks};
use super::vote::{
    draw_liveness, draw_stack, draw_story, stack_records, story_end_us, story_height_css, LivenessSeries, StackFault,
    StoryView,
};
use super::{figure_spec, palette, FigureKind, FigureSpec, View, FIGURES, FONT};
use crate::params::{parse_lease_query, parse_vote_query, Notice};
use crate::sim::lease::{self, LeaseConfig, LeaseTrace, TraceLevel, Variant};
use crate::sim::vote::{self, crashpoints::positions, MatrixOptions, VoteConfig, VoteTrace};

// The article's measured points of A8 (pure data, shared with the site).
use super::article_data;

/// Pretendard Regular (OFL-1.1, `static/fonts/Pretendard-LICENSE.txt`).
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
    /// Player cursor in ms (timeline figures only); `None`: the end.
    pub time_ms: Option<u64>,
    pub format: Format,
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

/// Every exportable figure, Article A's then Article B's.
pub fn figure_list() -> Vec<Entry> {
    FIGURES
        .iter()
        .map(|f| Entry { id: f.id, code: f.code, caption_ko: f.caption_ko })
        .chain(
            super::vote::VOTE_FIGURES
                .iter()
                .filter(|f| !SKIPPED.iter().any(|(id, _)| *id == f.id))
                .map(|f| Entry { id: f.id, code: f.code, caption_ko: f.caption_ko }),
        )
        .collect()
}

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

fn notices_error(notices: &[Notice]) -> ExportError {
    let lines: Vec<String> = notices.iter().map(|n| format!("  {}", n.message())).collect();
    ExportError::Usage(format!("bad --params:\n{}", lines.join("\n")))
}

/// Renders a figure and returns the file's bytes.
pub fn render(req: &Request) -> Result<Vec<u8>, ExportError> {
    if !(WIDTH_RANGE.0..=WIDTH_RANGE.1).contains(&req.width) {
        return Err(ExportError::Usage(format!(
            "--width: `{}` is not allowed; allowed a whole number in {}..={}",
            req.width, WIDTH_RANGE.0, WIDTH_RANGE.1
        )));
    }
    if let Some((_, why)) = SKIPPED.iter().find(|(id, _)| *id == req.id) {
        return Err(ExportError::Usage(format!("figure `{}` cannot be exported: {why}", req.id)));
    }
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
    let w = req.width;
    let caption_lines = wrap_caption(plan.caption, f64::from(w) - 2.0 * CAPTION_PAD_PX);
    let fig_h = plan.height.round().max(1.0) as u32;
    let cap_h = (2.0 * CAPTION_PAD_PX + CAPTION_LINE_PX * caption_lines.len() as f64).round() as u32;
    let size = (w, fig_h + cap_h);
    match req.format {
        Format::Svg => {
            let mut out = String::new();
            {
                let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
                paint(&root, &plan, fig_h, &caption_lines)?;
                root.present().map_err(|e| ExportError::Failure(format!("cannot finish the SVG: {e:?}")))?;
            }
            Ok(with_font_style(out).into_bytes())
        }
        Format::Png => {
            let mut rgb = vec![0u8; (size.0 * size.1 * 3) as usize];
            {
                let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
                paint(&root, &plan, fig_h, &caption_lines)?;
                root.present().map_err(|e| ExportError::Failure(format!("cannot finish the PNG: {e:?}")))?;
            }
            encode_png(&rgb, size)
        }
    }
}

/// Adds a `<style>` right after the opening `<svg …>` tag: text falls back to sans-serif.
fn with_font_style(svg: String) -> String {
    let style = format!("<style>text {{ font-family: {FONT}, sans-serif; }}</style>\n");
    match svg.find("<svg").and_then(|i| svg[i..].find('>').map(|j| i + j + 1)) {
        Some(at) => format!("{}\n{}{}", &svg[..at], style, &svg[at..]),
        None => svg,
    }
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

/// Breaks the caption into lines no wider than `max_px`, measured with the embedded font.
fn wrap_caption(text: &str, max_px: f64) -> Vec<String> {
    let style = TextStyle::from((FONT, CAPTION_FONT_PX).into_font());
    let width = |s: &str| style.font.box_size(s).map(|(w, _)| f64::from(w)).unwrap_or(s.chars().count() as f64 * CAPTION_FONT_PX);
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
    Timeline { trace: Box<LeaseTrace>, view: View },
    Split { traces: [Box<LeaseTrace>; 2], view: View },
    Balance { trace: Box<LeaseTrace>, view: View },
    Outage { trace: Box<LeaseTrace>, view: View },
    Tradeoff { points: Vec<TradeoffPoint>, view: View },
    Cdf { curves: Vec<(String, LeaseTrace)>, view: View },
    Story { traces: Vec<(VoteTrace, StoryView)> },
    Liveness { traces: Vec<VoteTrace>, chosen: u32 },
    Stack { trace: Box<VoteTrace>, config: VoteConfig },
}

struct Plan {
    drawing: Drawing,
    /// Height of the drawing in pixels (as the site computes it).
    height: f64,
    caption: &'static str,
}

fn lease_plan(spec: &'static FigureSpec, req: &Request) -> Result<Plan, ExportError> {
    let query = match &req.params {
        None => spec.initial_query(),
        Some(text) => {
            let parsed = parse_lease_query(text);
            if !parsed.notices.is_empty() {
                return Err(notices_error(&parsed.notices));
            }
            parsed.value
        }
    };
    let c = query.config.clone();
    let (seed, run_index) = (query.seed, query.run_index);
    let is_timeline = matches!(spec.kind, FigureKind::Timeline | FigureKind::SplitTimeline);
    let window_us = u64::from(spec.window_ms) * 1000;
    let cursor_us = match req.time_ms {
        Some(_) if !is_timeline => {
            return Err(ExportError::Usage(format!(
                "--time: figure `{}` has no player; --time applies to the timeline figures only",
                spec.id
            )))
        }
        Some(ms) => ms.saturating_mul(1000).min(window_us),
        None => window_us,
    };
    let css_w = f64::from(req.width);
    let mut view = View {
        t0_us: 0,
        t1_us: window_us,
        cursor_us: if is_timeline { cursor_us } else { u64::MAX },
        wallets: spec.wallets.iter().copied().filter(|&w| w < c.wallets).collect(),
        scale: 1.0,
        reveal_ledger: true,
        show_fence: spec.kind == FigureKind::SplitTimeline,
        title: None,
    };
    // As the site: a timeline needs only the run up to the window's end.
    let limited = |cfg: &LeaseConfig| {
        let mut l = cfg.clone();
        l.duration_s = l.duration_s.min(spec.window_ms.div_ceil(1000).max(1));
        l
    };
    let plot_h = (css_w * 0.62).clamp(280.0, 420.0);
    let (drawing, height) = match spec.kind {
        FigureKind::Timeline => {
            let trace = Box::new(lease::run(&limited(&c), seed, run_index, TraceLevel::Full));
            let h = height_css(&trace, &view);
            (Drawing::Timeline { trace, view }, h)
        }
        FigureKind::SplitTimeline => {
            let c1 = LeaseConfig { variant: Variant::FenceWrite, ..c.clone() };
            let c2 = LeaseConfig { variant: Variant::FenceRead, ..c.clone() };
            let traces = [
                Box::new(lease::run(&limited(&c1), seed, run_index, TraceLevel::Full)),
                Box::new(lease::run(&limited(&c2), seed, run_index, TraceLevel::Full)),
            ];
            view.title = Some(String::new());
            let h = traces.iter().map(|t| height_css(t, &view)).sum();
            (Drawing::Split { traces, view }, h)
        }
        FigureKind::Balance => {
            let trace = Box::new(lease::run(&c, seed, run_index, TraceLevel::Summary));
            (Drawing::Balance { trace, view }, plot_h)
        }
        FigureKind::Outage => {
            let trace = Box::new(lease::run(&c, seed, run_index, TraceLevel::Summary));
            (Drawing::Outage { trace, view }, (css_w * 0.9).clamp(420.0, 600.0))
        }
        FigureKind::Tradeoff => {
            let mut points = Vec::new();
            for (g, v) in Variant::ALL.into_iter().enumerate() {
                let cfg = LeaseConfig { variant: v, ..c.clone() };
                let label = v.article_label().to_string();
                for r in 0..3u32 {
                    let t = lease::run(&cfg, seed, r, TraceLevel::Summary);
                    points.push(TradeoffPoint {
                        label: label.clone(),
                        throughput_rps: t.metrics.throughput_rps,
                        over_approval: t.metrics.over_approval as f64,
                        article: false,
                        group: g,
                    });
                }
                for (thr, over) in article_data::tradeoff_points(v) {
                    points.push(TradeoffPoint { label: label.clone(), throughput_rps: thr, over_approval: over, article: true, group: g });
                }
            }
            (Drawing::Tradeoff { points, view }, plot_h)
        }
        FigureKind::LatencyCdf => {
            let curves = Variant::ALL
                .into_iter()
                .map(|v| {
                    let cfg = LeaseConfig { variant: v, ..c.clone() };
                    (v.article_label().to_string(), lease::run(&cfg, seed, 0, TraceLevel::Summary))
                })
                .collect();
            (Drawing::Cdf { curves, view }, plot_h)
        }
    };
    Ok(Plan { drawing, height, caption: spec.caption_ko })
}

/// The config a fresh vote figure starts from (mirrors `Kind::default_config` in `src/web/vote_figure.rs`).
fn vote_default_config(id: &str) -> VoteConfig {
    let base = VoteConfig::default();
    match id {
        "outer-transaction" => VoteConfig { variant: vote::Variant::V2, crash_after_events: None, ..base },
        "uncertain-failure" => VoteConfig {
            variant: vote::Variant::FFence,
            crash_after_events: None,
            status_probe_shares_engine_lock: false,
            ..base
        },
        "liveness" => VoteConfig {
            variant: vote::Variant::V0,
            crash_after_events: None,
            blocked_validators: 1,
            txs_submit_at_ms: 12_000,
            ..base
        },
        "kill-vs-power" => {
            let mut c = VoteConfig { variant: vote::Variant::V3, crash_after_events: None, ..base };
            c.timing.os_writeback_delay_ms = 3_000;
            c
        }
        _ => base,
    }
}

/// The most foreground events A's first action chain can have (as the site).
fn max_depth(c: &VoteConfig) -> u32 {
    let opts = MatrixOptions { layout: c.layout, ..MatrixOptions::new(c.profile, c.device_honours_sync) };
    positions(c.variant, &opts).iter().map(|p| p.depth).max().unwrap_or(8)
}

/// The middle of A's last Tx span before 10 s (B6's snapshot time, as the site).
fn snapshot_us(t: &VoteTrace) -> u64 {
    let mut best = 10_000_000u64;
    for rec in t.records.iter().filter(|r| r.validator == 0) {
        for (k, lp) in rec.layers.iter().enumerate() {
            if lp.layer == vote::Layer::Tx && lp.at.t_us < 10_000_000 {
                if let Some(next) = rec.layers.get(k + 1) {
                    best = (lp.at.t_us + next.at.t_us) / 2;
                }
            }
        }
    }
    best
}

fn vote_plan(id: &'static str, caption: &'static str, req: &Request) -> Result<Plan, ExportError> {
    let c = match &req.params {
        None => vote_default_config(id),
        Some(text) => {
            let parsed = parse_vote_query(text);
            if !parsed.notices.is_empty() {
                return Err(notices_error(&parsed.notices));
            }
            parsed.value
        }
    };
    let is_story = matches!(id, "vote-story" | "outer-transaction" | "uncertain-failure");
    if req.time_ms.is_some() && !is_story {
        return Err(ExportError::Usage(format!(
            "--time: figure `{id}` has no player; --time applies to vote-story, outer-transaction and uncertain-failure"
        )));
    }
    let css_w = f64::from(req.width);
    let (drawing, height) = if is_story {
        let t = vote::run(&c, vote::TraceLevel::Full);
        let view = StoryView {
            scale: 1.0,
            cursor_us: req.time_ms.map_or(u64::MAX, |ms| ms.saturating_mul(1000)),
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
        (Drawing::Liveness { traces, chosen: c.blocked_validators }, (css_w * 0.55).clamp(260.0, 380.0))
    } else {
        let trace = Box::new(vote::run(&c, vote::TraceLevel::Spans));
        (Drawing::Stack { trace, config: c }, 4.0 * if css_w < 520.0 { 84.0 } else { 64.0 } + 16.0)
    };
    Ok(Plan { drawing, height, caption })
}

// ---------------------------------------------------------------------------
// Painting

fn paint<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plan: &Plan,
    fig_h: u32,
    caption: &[String],
) -> Result<(), ExportError> {
    let fail = |e: DrawingAreaErrorKind<DB::ErrorType>| ExportError::Failure(format!("drawing failed: {e:?}"));
    root.fill(&WHITE).map_err(fail)?;
    let (fig, cap) = root.split_vertically(fig_h);
    draw_figure(&fig, &plan.drawing).map_err(fail)?;
    let style = TextStyle::from((FONT, CAPTION_FONT_PX).into_font()).color(&palette::INK);
    for (i, line) in caption.iter().enumerate() {
        let y = CAPTION_PAD_PX + CAPTION_LINE_PX * i as f64 + (CAPTION_LINE_PX - CAPTION_FONT_PX) / 2.0;
        cap.draw_text(line, &style, (CAPTION_PAD_PX as i32, y.round() as i32)).map_err(fail)?;
    }
    Ok(())
}

fn draw_figure<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, drawing: &Drawing) -> super::DrawResult<DB> {
    match drawing {
        Drawing::Timeline { trace, view } => draw_timeline_marked(area, trace, view, &TimelineMarks::of(trace)),
        Drawing::Split { traces, view } => {
            let mut v1 = view.clone();
            v1.title = Some("(c-1) 쓰기 시점 fencing".into());
            let h1 = height_css(&traces[0], &v1).round() as u32;
            let (top, bottom) = area.split_vertically(h1);
            let mut v2 = view.clone();
            v2.title = Some("(c-2) 읽는 순간 새기기".into());
            draw_timeline_marked(&top, &traces[0], &v1, &TimelineMarks::of(&traces[0]))?;
            draw_timeline_marked(&bottom, &traces[1], &v2, &TimelineMarks::of(&traces[1]))
        }
        Drawing::Balance { trace, view } => draw_balance(area, trace, view),
        Drawing::Outage { trace, view } => draw_outage(area, trace, view),
        Drawing::Tradeoff { points, view } => draw_tradeoff(area, points, view),
        Drawing::Cdf { curves, view } => {
            let curves: Vec<CdfCurve<'_>> = curves
                .iter()
                .enumerate()
                .map(|(g, (label, t))| CdfCurve { label: label.clone(), latencies_us: &t.series.latencies_us, group: g })
                .collect();
            draw_latency_cdf(area, &curves, view)
        }
        Drawing::Story { traces } => {
            let mut rest = area.clone();
            for (i, (t, v)) in traces.iter().enumerate() {
                if i + 1 < traces.len() {
                    let (top, bottom) = rest.split_vertically(story_height_css(v).round() as u32);
                    draw_story(&top, t, v)?;
                    rest = bottom;
                } else {
                    draw_story(&rest, t, v)?;
                }
            }
            Ok(())
        }
        Drawing::Liveness { traces, chosen } => {
            let series: Vec<LivenessSeries<'_>> = traces
                .iter()
                .map(|t| LivenessSeries {
                    label: format!("멈춘 노드 {}개", t.config.blocked_validators),
                    trace: t,
                    highlight: t.config.blocked_validators == *chosen,
                })
                .collect();
            draw_liveness(area, &series, 1.0)
        }
        Drawing::Stack { trace, config } => draw_stack(
            area,
            &stack_records(trace, snapshot_us(trace)),
            StackFault::None,
            config.device_honours_sync,
            u64::from(config.device_cache_window_ms) * 1000,
            1.0,
        ),
    }
}
