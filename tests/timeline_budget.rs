//! The timeline's drawing budget (`figures::timeline::lanes`): every
//! figure's starting state draws all of its lanes well within the budget;
//! the slider corners stay within it by leaving later thread lanes out, and
//! the figure says so; which lanes are drawn never depends on the player's
//! cursor; and the drawn file has no more marks than the budget allows.

use consistency_lab::figures::export::ensure_font;
use consistency_lab::figures::timeline::{draw_timeline_marked, height_css, lanes, Lane, TimelineMarks, DRAW_BUDGET};
use consistency_lab::figures::{FigureKind, View, FIGURES};
use consistency_lab::params::parse_lease_query;
use consistency_lab::sim::lease::{LeaseConfig, LeaseTrace, TraceLevel, Variant};
use consistency_lab::work_cap::run_within_cap;
use plotters::prelude::*;

/// The figure's run for a window of `window_ms`, as the page and `lab figure`
/// make it: only the seconds the window needs, within the work cap.
fn timeline(query: &str, window_ms: u32) -> (LeaseTrace, View) {
    let q = parse_lease_query(query).value;
    let limited = LeaseConfig { duration_s: q.config.duration_s.min(window_ms.div_ceil(1000)), ..q.config.clone() };
    let (trace, shortened) = run_within_cap(&limited, q.seed, q.run_index, TraceLevel::Full);
    let t1_ms = shortened.map_or(u64::from(window_ms), |ms| ms.min(u64::from(window_ms)));
    (trace, View { t0_us: 0, t1_us: t1_ms * 1000, ..View::default() })
}

fn svg(trace: &LeaseTrace, view: &View, marks: &TimelineMarks) -> String {
    let mut out = String::new();
    {
        let h = height_css(trace, view, marks).round() as u32;
        let area = SVGBackend::with_string(&mut out, (960, h)).into_drawing_area();
        draw_timeline_marked(&area, trace, view, marks).unwrap();
        area.present().unwrap();
    }
    out
}

fn marks_drawn(svg: &str) -> usize {
    ["<rect", "<polyline", "<polygon", "<circle", "<text"].iter().map(|tag| svg.matches(tag).count()).sum()
}

const HEAVY: &str = "threads=64&retry_ms=5&pre_overhead_ms=5&post_overhead_ms=0&pause_min_ms=0&pause_max_ms=0&lock_net_us=0&db_net_us=0&duration_s=120";

#[test]
fn every_figure_starts_with_all_its_lanes_well_within_the_budget() {
    for spec in FIGURES.iter().filter(|s| matches!(s.kind, FigureKind::Timeline | FigureKind::SplitTimeline)) {
        let base = spec.initial_query();
        let variants = if spec.kind == FigureKind::SplitTimeline {
            vec![Variant::FenceWrite, Variant::FenceRead]
        } else {
            vec![base.config.variant]
        };
        for variant in variants {
            let limited = LeaseConfig {
                variant,
                duration_s: base.config.duration_s.min(spec.window_ms.div_ceil(1000)),
                ..base.config.clone()
            };
            let trace = consistency_lab::sim::lease::run(&limited, base.seed, base.run_index, TraceLevel::Full);
            let marks = TimelineMarks::of(&trace);
            let view = View {
                t1_us: u64::from(spec.window_ms) * 1000,
                wallets: spec.wallets.iter().copied().filter(|&w| w < limited.wallets).collect(),
                show_fence: spec.kind == FigureKind::SplitTimeline,
                ..View::default()
            };
            let plan = lanes(&trace, &view, &marks);
            assert!(!plan.is_capped(), "{}: {} of {} lanes", spec.id, plan.workers_shown, plan.workers_total);
            assert!(plan.cost * 2 < DRAW_BUDGET, "{} {variant:?}: cost {} of {DRAW_BUDGET}", spec.id, plan.cost);
        }
    }
}

#[test]
fn slider_corners_stay_within_the_budget_and_say_what_they_left_out() {
    ensure_font().unwrap();
    let mut capped = 0;
    for variant in ["naive", "watchdog", "fence_write", "conditional"] {
        for wallets in [1, 4, 16] {
            for assignment in ["fixed", "random"] {
                let query = format!("{HEAVY}&variant={variant}&wallets={wallets}&wallet_assignment={assignment}");
                let (trace, view) = timeline(&query, 20_000);
                let marks = TimelineMarks::of(&trace);
                let plan = lanes(&trace, &view, &marks);
                assert!(plan.cost <= DRAW_BUDGET || plan.workers_shown == 1, "{query}: cost {}", plan.cost);
                assert!(plan.workers_shown <= 64 && plan.workers_shown >= 1, "{query}");
                let file = svg(&trace, &view, &marks);
                // Each mark costs at least one unit; the rest is the frame:
                // labels, grid, balance lines, bands.
                assert!(marks_drawn(&file) <= DRAW_BUDGET + 700, "{query}: {} marks drawn", marks_drawn(&file));
                let note = format!("스레드 줄 {}개 중 앞의 {}개만 그렸습니다", plan.workers_total, plan.workers_shown);
                assert_eq!(file.contains(&note), plan.is_capped(), "{query}: the note says what was left out");
                capped += usize::from(plan.is_capped());
            }
        }
    }
    assert!(capped >= 4, "the corners exercise the cap ({capped} capped)");
}

#[test]
fn the_lanes_drawn_are_the_first_ones_and_do_not_move_with_the_cursor() {
    let (trace, view) = timeline(&format!("{HEAVY}&variant=conditional&wallets=1"), 20_000);
    let marks = TimelineMarks::of(&trace);
    let plan = lanes(&trace, &view, &marks);
    assert!(plan.is_capped() && plan.workers_total == 64, "64 threads on one row cost more than the budget");
    let workers: Vec<u32> = plan
        .lanes
        .iter()
        .filter_map(|(l, _)| if let Lane::Worker { worker, .. } = l { Some(*worker) } else { None })
        .collect();
    assert_eq!(workers, (0..plan.workers_shown as u32).collect::<Vec<_>>(), "the first threads, in order");
    assert!(plan.lanes.iter().any(|(l, _)| matches!(l, Lane::Balance(0))), "the wallet's balance lane stays");
    for cursor_us in [0, view.t1_us / 3, view.t1_us] {
        let playing = View { cursor_us, ..view.clone() };
        assert_eq!(lanes(&trace, &playing, &marks), plan, "cursor at {cursor_us} µs");
        assert_eq!(height_css(&trace, &playing, &marks), height_css(&trace, &view, &marks));
    }
}

#[test]
fn a_wide_window_merges_marks_instead_of_stacking_them() {
    ensure_font().unwrap();
    // The lockless variant over 20 s: hundreds of holds, each a few pixels wide.
    let (trace, view) = timeline("preset=exp4", 20_000);
    let marks = TimelineMarks::of(&trace);
    let plan = lanes(&trace, &view, &marks);
    assert!(!plan.is_capped(), "cost {}", plan.cost);
    let file = svg(&trace, &view, &marks);
    let holds_in_window = trace.holds.iter().filter(|h| h.acquired_at.t_us <= view.t1_us).count();
    // Unmerged, each hold would be a bar, a read tick, a write marker (two
    // marks) and a release square.
    assert!(marks_drawn(&file) < holds_in_window * 2, "{} marks for {holds_in_window} holds", marks_drawn(&file));
}
