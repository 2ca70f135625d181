//! Figures of the lock-lease chapters (model.md §6, A1–A9), drawn with plotters.
//!
//! Every drawing function is generic over plotters' `DrawingBackend`, so the
//! same code paints a `CanvasBackend` in the browser and an `SVGBackend` for
//! export and the CLI. Functions here read a [`LeaseTrace`] and a [`View`]
//! and draw; they never run the simulation and know nothing about the
//! browser (no yew, web-sys or gloo).

pub mod analysis;
pub mod article_data;
pub mod export;
pub mod plots;
pub mod sweep;
pub mod timeline;
pub mod vote;

use plotters::coord::Shift;
use plotters::prelude::*;

pub use analysis::{anomalies, describe_run, describe_window, metric_value, Anomaly, AnomalyKind};

/// What a drawing function returns.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The font used for every label; the site bundles Pretendard.
pub const FONT: &str = "Pretendard";

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
    /// A short title drawn at the top left (e.g. "(c-1) 쓰기 시점").
    pub title: Option<String>,
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
        }
    }
}

impl FigureSpec {
    /// The query a fresh figure starts from.
    pub fn initial_query(&self) -> crate::params::LeaseQuery {
        let text = if self.extra_query.is_empty() {
            format!("preset={}", self.preset.key())
        } else {
            format!("preset={}&{}", self.preset.key(), self.extra_query)
        };
        crate::params::parse_lease_query(&text).value
    }
}

impl View {
    pub fn px(&self, css_px: f64) -> i32 {
        (css_px * self.scale).round() as i32
    }

    pub fn font(&self, css_px: f64) -> TextStyle<'static> {
        TextStyle::from((FONT, css_px * self.scale).into_font())
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

/// Which drawing a figure id uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureKind {
    Timeline,
    SplitTimeline,
    Balance,
    Outage,
    Tradeoff,
    LatencyCdf,
}

/// Static description of one figure of model.md §6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureSpec {
    pub id: &'static str,
    pub code: &'static str,
    pub kind: FigureKind,
    /// The preset a fresh figure starts from.
    pub preset: crate::sim::lease::Preset,
    /// Query keys applied on top of the preset for the figure's first state
    /// (same syntax as the URL; "" for none).
    pub extra_query: &'static str,
    /// Default visible window of the timeline, in ms.
    pub window_ms: u32,
    /// Only these wallets by default (empty: all).
    pub wallets: &'static [u32],
    pub caption_ko: &'static str,
}

use crate::sim::lease::Preset;

pub const FIGURES: &[FigureSpec] = &[
    FigureSpec {
        id: "lease-expiry",
        code: "A1",
        kind: FigureKind::Timeline,
        preset: Preset::Exp1,
        extra_query: "",
        window_ms: 3_000,
        wallets: &[],
        caption_ko: "그림 A1. lease 만료 타임라인(실험 1): 지갑별 스레드의 홀드(클라이언트가 믿는 소유)와 락 서버가 본 lease, 잔액 행. 붉은 띠는 두 스레드 이상이 같은 지갑을 쥐고 있다고 믿은 구간이다.",
    },
    FigureSpec {
        id: "silent-drift",
        code: "A2",
        kind: FigureKind::Balance,
        preset: Preset::Exp1,
        extra_query: "",
        window_ms: 60_000,
        wallets: &[],
        caption_ko: "그림 A2. 조용한 깨짐: 지갑별 잔액 스냅샷과 원장 계산값. 둘 사이의 띠가 drift(INV-010)다.",
    },
    FigureSpec {
        id: "watchdog-stop",
        code: "A3",
        kind: FigureKind::Timeline,
        preset: Preset::Exp2Stop,
        extra_query: "",
        window_ms: 4_000,
        wallets: &[0, 1],
        caption_ko: "그림 A3. Watchdog과 프로세스 정지(실험 2): 회색 띠는 pay-api 프로세스가 멈춘 구간이다. 연장 스레드도 함께 멈추므로 서버의 lease는 만료된다.",
    },
    FigureSpec {
        id: "fence-placement",
        code: "A4",
        kind: FigureKind::SplitTimeline,
        preset: Preset::Exp3C1,
        extra_query: "",
        window_ms: 3_000,
        wallets: &[0],
        caption_ko: "그림 A4. fence를 어디에 두는가(실험 3): 위는 쓰기 시점 fencing(c-1), 아래는 읽는 순간 새기기(c-2). 같은 지갑, 같은 멈춤에서 토큰과 fence 값을 비교한다.",
    },
    FigureSpec {
        id: "lease-clock",
        code: "A5",
        kind: FigureKind::Timeline,
        preset: Preset::Exp3Ttl1s,
        extra_query: "acquire_lag_ppm=150000",
        window_ms: 3_000,
        wallets: &[0],
        caption_ko: "그림 A5. 서버의 lease 시계와 클라이언트의 홀드 시계(TTL 1초 보충 실험): lease는 SET이 실행된 순간부터, 홀드는 응답을 받은 순간부터 잰다.",
    },
    FigureSpec {
        id: "conditional-update",
        code: "A6",
        kind: FigureKind::Timeline,
        preset: Preset::Exp4,
        extra_query: "",
        window_ms: 3_000,
        wallets: &[0],
        caption_ko: "그림 A6. 락 없는 기본 경로(실험 4): 구간은 마음껏 겹치지만 조건부 원자 UPDATE가 승인마다 정확히 한 번 차감한다.",
    },
    FigureSpec {
        id: "outage",
        code: "A7",
        kind: FigureKind::Outage,
        preset: Preset::Exp5Open,
        extra_query: "",
        window_ms: 60_000,
        wallets: &[],
        caption_ko: "그림 A7. 락 서버 단절(실험 5): 20초에 죽고 40초에 빈 상태로 재기동한다. 초당 응답, 락 없는 홀드, 소유 겹침, 누적 drift, 토큰 카운터와 fence 값.",
    },
    FigureSpec {
        id: "tradeoff",
        code: "A8",
        kind: FigureKind::Tradeoff,
        preset: Preset::Exp1,
        extra_query: "",
        window_ms: 60_000,
        wallets: &[],
        caption_ko: "그림 A8. 처리량과 초과 승인: 변형마다 우리 실행 3회(채운 점)와 원문 측정(빈 점).",
    },
    FigureSpec {
        id: "latency-cdf",
        code: "A9",
        kind: FigureKind::LatencyCdf,
        preset: Preset::Exp1,
        extra_query: "",
        window_ms: 60_000,
        wallets: &[],
        caption_ko: "그림 A9. 변형별 응답 지연의 누적 분포와 p95.",
    },
];

pub fn figure_spec(id: &str) -> Option<&'static FigureSpec> {
    FIGURES.iter().find(|f| f.id == id)
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
pub fn clear<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
    area.fill(&WHITE)
}

#[cfg(test)]
mod tests {
    use super::plots::{draw_balance, draw_latency_cdf, draw_outage, draw_tradeoff, CdfCurve, TradeoffPoint};
    use super::timeline::{draw_timeline, height_css, TimelineMarks};
    use super::*;
    use crate::sim::lease::{run, TraceLevel};

    fn svg<F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>)>(w: u32, h: u32, f: F) -> String {
        let mut out = String::new();
        {
            let area = SVGBackend::with_string(&mut out, (w, h)).into_drawing_area();
            f(&area);
            area.present().unwrap();
        }
        out
    }

    #[test]
    fn every_figure_draws_to_svg() {
        // Native builds lay text out with ab_glyph, which needs the font registered.
        #[cfg(not(target_arch = "wasm32"))]
        crate::figures::export::ensure_font().unwrap();
        let mut c = Preset::Exp1.config();
        c.duration_s = 3;
        let t = run(&c, 1, 0, TraceLevel::Full);
        let view = View::default();
        let h = height_css(&t, &view, &TimelineMarks::of(&t)) as u32;
        let s = svg(900, h, |a| draw_timeline(a, &t, &view).unwrap());
        assert!(s.contains("지갑0 lease") && s.contains("스레드 0"), "timeline labels");
        assert!(s.matches("<rect").count() > 50, "holds and leases are drawn");

        let full = run(&Preset::Exp5Open.config(), 1, 0, TraceLevel::Summary);
        let s = svg(900, 400, |a| draw_balance(a, &full, &View::default()).unwrap());
        assert!(s.contains("스냅샷"));
        let s = svg(900, 500, |a| draw_outage(a, &full, &View::default()).unwrap());
        assert!(s.contains("초당 응답"));
        let pts = vec![TradeoffPoint {
            label: "(a)".into(),
            throughput_rps: 19.5,
            over_approval: 340.0,
            article: false,
            group: 0,
        }];
        let s = svg(600, 400, |a| draw_tradeoff(a, &pts, &View::default()).unwrap());
        assert!(s.contains("(a)"));
        let curves = vec![CdfCurve { label: "(a)".into(), latencies_us: &full.series.latencies_us, group: 0 }];
        let s = svg(600, 400, |a| draw_latency_cdf(a, &curves, &View::default()).unwrap());
        assert!(s.contains("누적 비율"));
    }

    #[test]
    fn the_cursor_hides_the_future() {
        #[cfg(not(target_arch = "wasm32"))]
        crate::figures::export::ensure_font().unwrap();
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
    fn anomalies_of_exp1_include_overlaps_and_stale_writes() {
        let mut c = Preset::Exp1.config();
        c.duration_s = 3;
        let t = run(&c, 1, 0, TraceLevel::Full);
        let an = anomalies(&t);
        assert!(an.iter().any(|a| a.kind == AnomalyKind::OverlapStart));
        assert!(an.iter().any(|a| a.kind == AnomalyKind::StaleWrite));
        assert!(an.iter().any(|a| a.kind == AnomalyKind::Stolen));
        assert!(an.windows(2).all(|w| w[0].at <= w[1].at), "in stamp order");
        // With a lease longer than every pause there is nothing to find.
        c.ttl_ms = 600;
        let calm = run(&c, 1, 0, TraceLevel::Full);
        assert!(anomalies(&calm).is_empty());
    }

    #[test]
    fn every_spec_starts_from_a_valid_query() {
        for f in FIGURES {
            let q = f.initial_query();
            assert_eq!(q.preset, Some(f.preset), "{}", f.id);
        }
        assert_eq!(figure_spec("lease-clock").unwrap().initial_query().config.noise.acquire_lag_ppm, 150_000);
    }
}
