//! The site's figures (model.md §6), drawn with plotters.
//!
//! Every drawing function draws on one backend, [`Recorder`]: a drawing is
//! a [`recording`] of plotters' backend calls, replayed onto the page's
//! canvas in the browser and onto an SVG or a bitmap for export and the
//! CLI, so each wasm module compiles the drawing code once. The drawing
//! modules (`timeline`, `plots`, `sweep`, `vote`) read a trace and a
//! [`View`] and draw (the figures' catalogue is `lab_model::registry`);
//! [`legend`] gives their keys, [`recorded`] a real run shipped as data,
//! [`plan`] decides for each which runs it needs and how they are laid out
//! and drawn, [`player`] is the timeline player's state, and [`export`]
//! makes files of them. Nothing here knows the browser (no yew, web-sys or
//! gloo).

pub mod article_data;
pub mod export;
pub mod hook;
pub mod legend;
pub mod plan;
pub mod player;
pub mod plots;
pub mod recorded;
pub mod recording;
pub mod series_hit;
pub mod side_by_side;
pub mod story;
pub mod story_lead;
pub mod svg;
pub mod sweep;
pub mod text_place;
pub mod text_width;
pub mod theme;
pub mod timeline;
pub mod vote;

use plotters::prelude::*;

use lab_model::registry::{self, FigureSpec};

pub use recording::{Area, DrawResult, Recorder};

/// The font used for every label; the site bundles Pretendard.
pub const FONT: &str = "Pretendard";

/// The smallest text any figure draws, in CSS px, at a desktop's width.
pub const MIN_TEXT_CSS: f64 = 12.0;
/// The smallest text of a drawing narrower than [`NARROW_TEXT_BELOW_CSS`] (a phone's column).
pub const MIN_TEXT_NARROW_CSS: f64 = 11.0;
/// Drawings narrower than this (CSS px) may set text at [`MIN_TEXT_NARROW_CSS`].
pub const NARROW_TEXT_BELOW_CSS: f64 = 560.0;

/// The smallest text a drawing `width_css` CSS px wide sets (`tests/text_layout.rs` checks every figure).
pub fn text_floor_css(width_css: f64) -> f64 {
    if width_css < NARROW_TEXT_BELOW_CSS {
        MIN_TEXT_NARROW_CSS
    } else {
        MIN_TEXT_CSS
    }
}

/// What part of a trace is shown, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// Visible time window, in µs of simulated time.
    pub t0_us: u64,
    pub t1_us: u64,
    /// The player's position: nothing after it is drawn. `u64::MAX` shows all.
    pub cursor_us: u64,
    /// Only these wallets (all when empty).
    pub wallets: Vec<u32>,
    /// Device pixels per CSS pixel (fonts and lines scale with it).
    pub scale: f64,
    /// A2: reveal the ledger line ("run reconciliation").
    pub reveal_ledger: bool,
    /// A lane for the fence value (A4).
    pub show_fence: bool,
    /// A short title drawn at the top left (e.g. "(c-1)" and its variant's name).
    pub title: Option<String>,
    /// Marks drawn at full strength over the rest, dimmed (story mode, the
    /// player's anomaly); the page's state only, never in an export.
    pub highlight: Option<story::Highlight>,
    /// One kind of mark picked out, the rest veiled (a colour word in the
    /// prose the reader points at); the page's state only, never in an export.
    pub spotlight: Option<timeline::LegendItem>,
    /// No text is set smaller than this (CSS px): [`text_floor_css`] of the drawing's width.
    pub text_floor_css: f64,
    /// How tightly a timeline's lanes are set: 0, their own heights; 1, the
    /// tightest that keeps its labels legible (`timeline`'s `Lane`). Only an
    /// embed in a frame shorter than the figure sets it
    /// (`LeaseFigure::set_fit_height_css`); the page's figures and every
    /// file keep 0.
    pub compact: f64,
}

impl Default for View {
    fn default() -> Self {
        View {
            t0_us: 0,
            t1_us: 3_000_000,
            cursor_us: u64::MAX,
            wallets: Vec::new(),
            scale: 1.0,
            reveal_ledger: true,
            show_fence: false,
            title: None,
            highlight: None,
            spotlight: None,
            text_floor_css: MIN_TEXT_CSS,
            compact: 0.0,
        }
    }
}

impl View {
    pub fn px(&self, css_px: f64) -> i32 {
        (css_px * self.scale).round() as i32
    }

    /// A text size of `css_px`, raised to the view's floor.
    pub fn text_css(&self, css_px: f64) -> f64 {
        css_px.max(self.text_floor_css)
    }

    /// The label font of `css_px` (raised to the view's floor), in device px.
    pub fn font(&self, css_px: f64) -> TextStyle<'static> {
        TextStyle::from((FONT, self.text_css(css_px) * self.scale).into_font())
    }

    /// This view with the text floor of a drawing `w_px` device px wide.
    pub fn fitted_to(mut self, w_px: u32) -> View {
        self.text_floor_css = text_floor_css(f64::from(w_px) / self.scale);
        self
    }

    pub fn wallet_visible(&self, w: u32) -> bool {
        self.wallets.is_empty() || self.wallets.contains(&w)
    }
}

/// Colours shared by the figures (chosen to stay apart for colour-blind readers).
pub mod palette {
    use plotters::style::RGBColor;
    pub const INK: RGBColor = RGBColor(0x1f, 0x29, 0x37);
    pub const MUTED: RGBColor = RGBColor(0x6b, 0x72, 0x80);
    pub const GRID: RGBColor = RGBColor(0xe5, 0xe7, 0xeb);
    pub const APPROVED: RGBColor = RGBColor(0x25, 0x63, 0xeb);
    pub const INSUFFICIENT: RGBColor = RGBColor(0x9c, 0xa3, 0xaf);
    pub const FENCED: RGBColor = RGBColor(0x93, 0x33, 0xea);
    pub const LOCKLESS: RGBColor = RGBColor(0x0d, 0x94, 0x88);
    pub const RELEASED: RGBColor = RGBColor(0x16, 0xa3, 0x4a);
    pub const STOLEN: RGBColor = RGBColor(0xdc, 0x26, 0x26);
    /// The ring round the one mark a story step names (A's write, B's scene).
    pub const FOCUS: RGBColor = RGBColor(0xd9, 0x77, 0x06);
    pub const EXPIRED: RGBColor = RGBColor(0x6b, 0x72, 0x80);
    pub const ERROR: RGBColor = RGBColor(0xea, 0x58, 0x0c);
    pub const LEASE_A: RGBColor = RGBColor(0xf5, 0x9e, 0x0b);
    pub const LEASE_B: RGBColor = RGBColor(0xfb, 0xbf, 0x24);
    pub const OVERLAP: RGBColor = RGBColor(0xef, 0x44, 0x44);
    pub const SNAPSHOT: RGBColor = RGBColor(0x25, 0x63, 0xeb);
    pub const LEDGER: RGBColor = RGBColor(0xc2, 0x41, 0x0c);
    pub const DRIFT: RGBColor = RGBColor(0xbe, 0x18, 0x5d);
    pub const STOP: RGBColor = RGBColor(0x37, 0x41, 0x51);
    pub const CURSOR: RGBColor = RGBColor(0x11, 0x18, 0x27);
}

/// The Article A figure `id` (the page's lock-lease figure component draws
/// exactly these); `lab_model::registry::figure` finds any figure.
pub fn figure_spec(id: &str) -> Option<&'static FigureSpec> {
    registry::figure_of(registry::Scenario::Lease, id)
}

/// Picks a "nice" tick step (1, 2, 5 × 10ⁿ) for a span so that about `n` ticks fit.
pub fn nice_step(span: f64, n: f64) -> f64 {
    if span <= 0.0 || n <= 0.0 {
        return 1.0;
    }
    let raw = span / n;
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let k = if norm < 1.5 {
        1.0
    } else if norm < 3.5 {
        2.0
    } else if norm < 7.5 {
        5.0
    } else {
        10.0
    };
    k * mag
}

/// Clears an area to the page background.
pub fn clear(area: &Area) -> DrawResult {
    area.fill(&WHITE)
}

#[cfg(test)]
mod tests {
    use super::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
    use super::timeline::{draw_timeline, height_css, TimelineMarks};
    use super::*;
    use lab_model::catalogue::SeriesColour;
    use lab_sim::lease::{run, Preset, TraceLevel};

    fn svg<F: FnOnce(&Area)>(w: u32, h: u32, f: F) -> String {
        recording::svg_of((w, h), |area| {
            f(area);
            Ok(())
        })
        .unwrap()
    }

    #[test]
    fn every_figure_draws_to_svg() {
        // Native builds lay text out with ab_glyph, which needs the font registered.
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let mut c = Preset::Exp1.config();
        c.duration_s = 3;
        let t = run(&c, 1, 0, TraceLevel::Full);
        let view = View::default();
        let h = height_css(&t, &view, &TimelineMarks::of(&t)) as u32;
        let s = svg(900, h, |a| draw_timeline(a, &t, &view).unwrap());
        let lanes = &lab_words::ko::WORDS.legend.lanes;
        let (lease, thread) = (
            lab_words::ko::WORDS.fill(lanes.lease, &[("wallet", "0")]),
            lab_words::ko::WORDS.fill(lanes.worker, &[("worker", "0")]),
        );
        assert!(s.contains(&lease) && s.contains(&thread), "timeline labels");
        assert!(s.matches("<rect").count() > 50, "holds and leases are drawn");

        let ko = lab_words::Words::of(lab_words::Lang::Ko);
        let full = run(&Preset::Exp5Open.config(), 1, 0, TraceLevel::Summary);
        let s = svg(900, 400, |a| draw_balance(a, &full, &View::default(), ko).unwrap());
        assert!(s.contains(&ko.fill(ko.legend.plots.snapshot_line, &[("wallet", "0")])));
        let s = svg(900, 500, |a| draw_outage(a, &full, &View::default(), ko).unwrap());
        assert!(s.contains(ko.legend.plots.responses_title));
        let pts = vec![TradeoffPoint {
            label: "(a)".into(),
            throughput_rps: 19.5,
            over_approval: 340.0,
            article: false,
            colour: SeriesColour::Palette(0),
        }];
        let s = svg(600, 400, |a| draw_tradeoff(a, &pts, &View::default(), ko).unwrap());
        assert!(s.contains("(a)"));
        let curves = vec![CdfCurve {
            label: "(a)".into(),
            latencies_us: &full.series.latencies_us,
            colour: SeriesColour::Palette(0),
        }];
        let s = svg(600, 400, |a| draw_latency_cdf(a, &curves, &View::default(), ko).unwrap());
        assert!(s.contains(ko.legend.plots.share_axis));
    }

    #[test]
    fn the_cursor_hides_the_future() {
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let mut c = Preset::Exp1.config();
        c.duration_s = 3;
        let t = run(&c, 1, 0, TraceLevel::Full);
        let all = View::default();
        let early = View { cursor_us: 300_000, ..View::default() };
        let h = height_css(&t, &all, &TimelineMarks::of(&t)) as u32;
        let a = svg(900, h, |area| draw_timeline(area, &t, &all).unwrap());
        let b = svg(900, h, |area| draw_timeline(area, &t, &early).unwrap());
        assert!(b.matches("<rect").count() < a.matches("<rect").count());
    }

    #[test]
    fn every_lease_figure_starts_from_its_preset() {
        let preset = |id: &str| figure_spec(id).unwrap().initial_query().preset;
        assert_eq!(preset("watchdog-stop"), Some(Preset::Exp2Stop));
        assert_eq!(preset("outage"), Some(Preset::Exp5Open));
        assert_eq!(figure_spec("lease-clock").unwrap().initial_query().config.noise.acquire_lag_ppm, 150_000);
        assert!(figure_spec("vote-story").is_none(), "figure_spec finds Article A's figures only");
    }
}
