//! Figures of Article B (model.md §6, B1–B6), drawn with plotters.
//!
//! Like the lock-lease figures, every drawing function is generic over
//! plotters' `DrawingBackend` (canvas in the browser, SVG for export). They
//! read a [`VoteTrace`] (or matrix rows) and a [`StoryView`]; they never run
//! the simulation and know nothing about the browser. This file holds the
//! figure list and their starting states; each job is a file: `labels` (the
//! Korean words, text alternatives and notices), `matrix` (B2's grid),
//! `story_layout` and `story_draw` (B1, B3, B4), `liveness` (B5) and `stack`
//! (B6). Everything is re-exported here, so callers name
//! `figures::vote::X`.

mod labels;
mod liveness;
mod matrix;
mod stack;
mod story_draw;
mod story_layout;

use plotters::style::RGBColor;

pub use labels::*;
pub use liveness::*;
pub use matrix::*;
pub use stack::*;
pub use story_draw::*;
pub use story_layout::*;

use crate::sim::vote::{crashpoints::positions, Layer, MatrixOptions, Value, Variant, VoteConfig, VoteTrace};

/// One figure of Article B: id (as in the chapters), code and the caption the site shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoteFigureSpec {
    pub id: &'static str,
    pub code: &'static str,
    pub caption_ko: &'static str,
}

/// Article B's figures; the site's `<figcaption>`s and `lab figure` read the captions here.
pub const VOTE_FIGURES: &[VoteFigureSpec] = &[
    VoteFigureSpec {
        id: "vote-story",
        code: "B1",
        caption_ko: "그림 B1. 전파 전에 기억하기: A·B·C·D 네 검증 노드의 줄, A의 처리 단계 블록, 그 아래 A의 안전 기록이 있는 저장 계층(Tx / Committed / OsCache / Disk), A가 보낸 투표 화살표, 장애(번개)와 재시작, 그리고 B·C·D가 A의 서로 다른 두 서명을 쥐면 빨갛게 변하는 증거 배지.",
    },
    VoteFigureSpec {
        id: "crash-matrix",
        code: "B2",
        caption_ko: "그림 B2. 장애 지점 지도: 행은 순서와 처리 방식, 열은 장애 직전에 끝난 처리 단계. 칸의 왼쪽은 프로세스 종료, 오른쪽은 전원 차단일 때의 결과(백그라운드 쓰기가 끼어드는 경우 중 가장 나쁜 것)이다. 칸을 누르면(또는 Enter) 그림 B1이 바로 그 장애 지점에서 열린다.",
    },
    VoteFigureSpec {
        id: "outer-transaction",
        code: "B3",
        caption_ko: "그림 B3. 바깥 트랜잭션에 올라탄 기록: 위는 저장 호출이 바깥 트랜잭션에 합류하는 구현(괄호가 바깥 트랜잭션), 아래는 합류를 거절하는 구현.",
    },
    VoteFigureSpec {
        id: "uncertain-failure",
        code: "B4",
        caption_ko: "그림 B4. 결과를 모르는 실패와 차단: 동기화 오류나 중단 요청 뒤의 빗금은 \"결과를 알 수 없음\", 보라 막대는 차단, 맨 아래 줄은 상태 조회(초록: 곧바로 응답, 빨강: 동기화를 기다리며 멈춤).",
    },
    VoteFigureSpec {
        id: "liveness",
        code: "B5",
        caption_ko: "그림 B5. 한 노드가 멈춰도 합의는 계속된다: 멈춘 검증 노드 수별 네트워크의 확정 높이. 점은 장애 뒤 제출한 거래 두 건이 확정된 곳, 세로선은 장애 시각(빨강)과 거래 제출 시각(회색).",
    },
    VoteFigureSpec {
        id: "kill-vs-power",
        code: "B6",
        caption_ko: "그림 B6. 프로세스 종료와 전원 차단: A의 최근 안전 기록이 놓인 저장 계층(칩: 높이 h, pv = 사전 투표, pc = 커밋 투표, 후보). 장애가 지우는 계층은 회색이 되고 그 안의 기록에는 취소선이 그어진다. 이 그림의 저장소는 OS가 3초 뒤 디스크로 내려보낸다고 가정한다.",
    },
];

pub fn vote_figure_spec(id: &str) -> Option<&'static VoteFigureSpec> {
    VOTE_FIGURES.iter().find(|f| f.id == id)
}

// ---------------------------------------------------------------------------
// The palette of Article B's drawings

const VALUE_X: RGBColor = RGBColor(0x25, 0x63, 0xeb);
const VALUE_Y: RGBColor = RGBColor(0xea, 0x58, 0x0c);
const VALUE_OTHER: RGBColor = RGBColor(0x6b, 0x72, 0x80);
const SAFE_GREEN: RGBColor = RGBColor(0x16, 0xa3, 0x4a);
const UNSAFE_RED: RGBColor = RGBColor(0xdc, 0x26, 0x26);
const FENCE_PURPLE: RGBColor = RGBColor(0x93, 0x33, 0xea);

fn value_color(v: Value) -> RGBColor {
    if v == Value::X {
        VALUE_X
    } else if v == Value::Y {
        VALUE_Y
    } else {
        VALUE_OTHER
    }
}

// ---------------------------------------------------------------------------
// Starting states, shared by the site's figures and `lab figure`.

/// The config a fresh vote figure starts from, by figure id (B1 and any
/// unknown id: the default story).
pub fn vote_starting_config(id: &str) -> VoteConfig {
    let base = VoteConfig::default();
    match id {
        "outer-transaction" => VoteConfig { variant: Variant::V2, crash_after_events: None, ..base },
        "uncertain-failure" => VoteConfig {
            variant: Variant::FFence,
            crash_after_events: None,
            status_probe_shares_engine_lock: false,
            ..base
        },
        // The transactions arrive at 12 s, so the run spans several rounds of
        // proposer rotation before it stops: the longer step where the blocked
        // node was due to propose shows up repeatedly.
        "liveness" => VoteConfig {
            variant: Variant::V0,
            crash_after_events: None,
            blocked_validators: 1,
            txs_submit_at_ms: 12_000,
            ..base
        },
        "kill-vs-power" => {
            let mut c = VoteConfig { variant: Variant::V3, crash_after_events: None, ..base };
            c.timing.os_writeback_delay_ms = 3_000;
            c
        }
        _ => base,
    }
}

/// The most foreground events A's first action chain can have (the crash
/// slider's range).
pub fn max_depth(c: &VoteConfig) -> u32 {
    let opts = MatrixOptions { layout: c.layout, ..MatrixOptions::new(c.profile, c.device_honours_sync) };
    positions(c.variant, &opts).iter().map(|p| p.depth).max().unwrap_or(8)
}

/// B6's snapshot time: the middle of A's last Tx span that starts before
/// 10 s, when every layer has a record.
pub fn snapshot_us(t: &VoteTrace) -> u64 {
    let mut best = 10_000_000u64;
    for rec in t.records.iter().filter(|r| r.validator == 0) {
        for (k, lp) in rec.layers.iter().enumerate() {
            if lp.layer == Layer::Tx && lp.at.t_us < 10_000_000 {
                if let Some(next) = rec.layers.get(k + 1) {
                    best = (lp.at.t_us + next.at.t_us) / 2;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::vote::{run, TraceLevel, VoteConfig};
    use plotters::prelude::*;

    #[test]
    fn figures_draw_to_svg() {
        // Native builds lay text out with ab_glyph, which needs the font registered.
        #[cfg(not(target_arch = "wasm32"))]
        crate::figures::export::ensure_font().unwrap();
        let trace = run(&VoteConfig::default(), TraceLevel::Full);
        let text = describe_story(&trace);
        assert!(text.contains("이중 투표"), "{text}");
        let mut svg = String::new();
        {
            let view = StoryView {
                t_end_us: story_end_us(&trace, 8),
                show_probes: true,
                show_outer: true,
                ..StoryView::default()
            };
            let root = SVGBackend::with_string(&mut svg, (900, story_height_css(&view) as u32)).into_drawing_area();
            draw_story(&root, &trace, &view).unwrap();
            root.present().unwrap();
        }
        assert!(svg.contains("<svg"));
        let mut svg2 = String::new();
        {
            let root = SVGBackend::with_string(&mut svg2, (700, 320)).into_drawing_area();
            draw_liveness(&root, &[LivenessSeries { label: "1".into(), trace: &trace, highlight: true }], 1.0).unwrap();
            let recs = stack_records(&trace, 3_000_000);
            let root2 = SVGBackend::with_string(&mut svg, (500, 272)).into_drawing_area();
            draw_stack(&root2, &recs, StackFault::Power, false, 2_000_000, 1.0).unwrap();
            root.present().unwrap();
        }
        assert!(svg2.contains("<svg"));
    }
}
