//! The timeline's drawing budget (`figures::timeline::lanes`): every
//! figure's starting state draws all of its lanes well within the budget;
//! the slider corners stay within it by leaving later thread lanes out, and
//! the figure says so; which lanes are drawn never depends on the player's
//! cursor; and the drawn file has no more marks than the budget allows.

use consistency_lab::figures::export::ensure_font;
use consistency_lab::figures::plan::{LeaseFigure, LeasePlan};
use consistency_lab::figures::timeline::{height_css, lanes, Lane, TimelineMarks, DRAW_BUDGET};
use consistency_lab::figures::{figure_spec, View};
use consistency_lab::sim::lease::LeaseTrace;
use lab_model::params::parse_lease_query;
use lab_model::registry::{figures_of, Scenario};

/// A1 for `query` with a window of `window_ms`, as its plan runs and lays it
/// out for the page and `lab figure`: its trace, its view and its highlights.
fn timeline(query: &str, window_ms: u32) -> (LeaseFigure, LeaseTrace, View, TimelineMarks) {
    let spec = figure_spec("lease-expiry").unwrap();
    let figure = LeasePlan::new(spec, parse_lease_query(query).value, Some(window_ms), true).run();
    let trace = (*figure.traces()[0]).clone();
    let marks = TimelineMarks::of(&trace);
    let view = figure.base_view();
    (figure, trace, view, marks)
}

/// The figure as a 960 px wide SVG, the whole window drawn.
fn svg(figure: &LeaseFigure) -> String {
    let h = figure.height_css(960.0).round() as u32;
    consistency_lab::figures::recording::svg_of((960, h), |area| figure.draw(area, u64::MAX, 1.0)).unwrap()
}

fn marks_drawn(svg: &str) -> usize {
    ["<rect", "<polyline", "<polygon", "<circle", "<text"].iter().map(|tag| svg.matches(tag).count()).sum()
}

const HEAVY: &str = "threads=64&retry_ms=5&pre_overhead_ms=5&post_overhead_ms=0&pause_min_ms=0&pause_max_ms=0&lock_net_us=0&db_net_us=0&duration_s=120";

#[test]
fn every_figure_starts_with_all_its_lanes_well_within_the_budget() {
    for spec in figures_of(Scenario::Lease).filter(|s| s.kind.is_lease_timeline()) {
        let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
        for (plan, trace) in figure.lane_plans().iter().zip(figure.traces()) {
            let variant = trace.config.variant;
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
                let (figure, _, _, _) = timeline(&query, 20_000);
                let plan = &figure.lane_plans()[0];
                assert!(plan.cost <= DRAW_BUDGET || plan.workers_shown == 1, "{query}: cost {}", plan.cost);
                assert!(plan.workers_shown <= 64 && plan.workers_shown >= 1, "{query}");
                let file = svg(&figure);
                // Each mark costs at least one unit; the rest is the frame:
                // labels, grid, balance lines, bands.
                assert!(marks_drawn(&file) <= DRAW_BUDGET + 700, "{query}: {} marks drawn", marks_drawn(&file));
                // The Korean edition's note, after its heading and without its full stop.
                let ko = lab_words::Words::of(lab_words::Lang::Ko);
                let (total, shown) = (plan.workers_total.to_string(), plan.workers_shown.to_string());
                let full = ko.fill(ko.legend.lanes_capped, &[("total", &total), ("shown", &shown)]);
                let note = full.split(": ").nth(1).unwrap().trim_end_matches('.');
                assert_eq!(file.contains(note), plan.is_capped(), "{query}: the note says what was left out");
                capped += usize::from(plan.is_capped());
            }
        }
    }
    assert!(capped >= 4, "the corners exercise the cap ({capped} capped)");
}

#[test]
fn the_lanes_drawn_are_the_first_ones_and_do_not_move_with_the_cursor() {
    let (_, trace, view, marks) = timeline(&format!("{HEAVY}&variant=conditional&wallets=1"), 20_000);
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
    let (figure, trace, view, _) = timeline("preset=exp4", 20_000);
    let plan = &figure.lane_plans()[0];
    assert!(!plan.is_capped(), "cost {}", plan.cost);
    let file = svg(&figure);
    let holds_in_window = trace.holds.iter().filter(|h| h.acquired_at.t_us <= view.t1_us).count();
    // Unmerged, each hold would be a bar, a read tick, a write marker (two
    // marks) and a release square.
    assert!(marks_drawn(&file) < holds_in_window * 2, "{} marks for {holds_in_window} holds", marks_drawn(&file));
}
