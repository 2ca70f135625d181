//! What A7's (the outage's) charts show at the point under the pointer:
//! the panel and the second, found from the same layout constants
//! `plots::draw_outage` builds its panels with, and each series' value at
//! that second ([`outage_point_fact`]; `lab_words::tips` words it).

use super::plots::{
    balance_at, end_s, OUTAGE_LEFT_LABELS_CSS, OUTAGE_MARGIN_CSS, OUTAGE_PANEL_ENDS_PCT, OUTAGE_RIGHT_LABELS_CSS,
};
use lab_model::facts::tips::{OutageNumbers, OutagePointTip, TipFact};
use lab_sim::lease::LeaseTrace;
use lab_words::Words;

/// A point on one of A7's panels: which (0 responses, 1 holds and drift, 2 tokens) and the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesPoint {
    pub panel: usize,
    pub second: u32,
}

/// The plot's left and right ends (CSS px) on a chart `width_css` wide.
pub fn outage_plot_x(width_css: f64) -> (f64, f64) {
    (OUTAGE_MARGIN_CSS + OUTAGE_LEFT_LABELS_CSS, width_css - OUTAGE_MARGIN_CSS - OUTAGE_RIGHT_LABELS_CSS)
}

/// The panel and second under (`x`, `y`) CSS px on A7 drawn `width_css` × `height_css`:
/// `None` left or right of the plots.
pub fn outage_point_at(trace: &LeaseTrace, width_css: f64, height_css: f64, x: f64, y: f64) -> Option<SeriesPoint> {
    let (x0, x1) = outage_plot_x(width_css);
    if !(x0..=x1).contains(&x) || !(0.0..height_css).contains(&y) || x1 <= x0 {
        return None;
    }
    let panel = OUTAGE_PANEL_ENDS_PCT.iter().take_while(|&&pct| y >= height_css * f64::from(pct) / 100.0).count();
    let end = end_s(trace);
    let t = (x - x0) / (x1 - x0) * end;
    let last = (trace.series.per_second.len().max(1) - 1) as u32;
    Some(SeriesPoint { panel, second: (t.floor().max(0.0) as u32).min(last) })
}

/// Where the tip of `p` points: its second's middle on the plot, and the panel's middle (CSS px).
pub fn outage_point_xy(trace: &LeaseTrace, width_css: f64, height_css: f64, p: SeriesPoint) -> (f64, f64) {
    let (x0, x1) = outage_plot_x(width_css);
    let x = x0 + (x1 - x0) * (f64::from(p.second) + 0.5) / end_s(trace);
    let bounds = [0, OUTAGE_PANEL_ENDS_PCT[0], OUTAGE_PANEL_ENDS_PCT[1], 100];
    let mid = f64::from(bounds[p.panel.min(2)] + bounds[p.panel.min(2) + 1]) / 200.0;
    (x, height_css * mid)
}

/// The panel's series at `p`'s second.
pub fn outage_point_fact(trace: &LeaseTrace, p: SeriesPoint) -> OutagePointTip {
    let s = p.second as usize;
    let in_outage = trace.config.outage.is_some_and(|o| {
        (s as u64 * 1000) < u64::from(o.restart_at_ms) && (s as u64 + 1) * 1000 > u64::from(o.kill_at_ms)
    });
    let numbers = trace.series.per_second.get(s).map(|b| match p.panel {
        0 => OutageNumbers::Responses {
            approved: u64::from(b.approved),
            insufficient: u64::from(b.insufficient),
            unavailable: u64::from(b.unavailable),
            fence_read: u64::from(b.fence_rejected_read),
            fence_write: u64::from(b.fence_rejected_write),
        },
        1 => {
            let t_us = (s as u64 + 1) * 1_000_000;
            let drift_won: i64 = (0..trace.series.balance.len())
                .map(|w| balance_at(trace, w, t_us))
                .map(|(snap, ledger)| snap - ledger)
                .sum();
            OutageNumbers::Holds {
                lockless: u64::from(b.lockless_holds_started),
                overlaps: u64::from(b.overlap_pairs_started),
                drift_won,
            }
        }
        _ => {
            let t_us = (s as u64 + 1) * 1_000_000;
            let pts = trace.series.tokens.first().map(|v| v.as_slice()).unwrap_or(&[]);
            let i = pts.partition_point(|q| q.t_us <= t_us);
            let (counter, fence) = if i == 0 { (0, 0) } else { (pts[i - 1].counter, pts[i - 1].fence) };
            OutageNumbers::Tokens { counter, fence }
        }
    });
    OutagePointTip { second: p.second, in_outage, numbers }
}

/// The panel's series at `p`'s second, in `w`'s language.
pub fn describe_outage_point_in(trace: &LeaseTrace, p: SeriesPoint, w: &Words) -> String {
    lab_words::tips::tip(w, &TipFact::OutagePoint(outage_point_fact(trace, p)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::{run, Preset, TraceLevel};

    #[test]
    fn each_panel_answers_with_its_series_at_the_second_under_the_pointer() {
        let trace = run(&Preset::Exp5Open.config(), 1, 0, TraceLevel::Summary);
        let (w, h) = (900.0, 600.0);
        let (x0, x1) = outage_plot_x(w);
        assert_eq!(outage_point_at(&trace, w, h, x0 - 1.0, 100.0), None, "the value labels are not the plot");
        assert_eq!(outage_point_at(&trace, w, h, x1 + 1.0, 100.0), None);
        let at = |x: f64, y: f64| outage_point_at(&trace, w, h, x, y).unwrap();
        assert_eq!(at(x0 + 1.0, 10.0), SeriesPoint { panel: 0, second: 0 });
        assert_eq!(at(x0 + 1.0, h * 0.5).panel, 1);
        assert_eq!(at(x0 + 1.0, h * 0.9).panel, 2);
        // The second under the middle of the plot is the run's middle second.
        let mid = at((x0 + x1) / 2.0, 10.0).second as f64;
        assert!((mid - end_s(&trace) / 2.0).abs() <= 1.0, "{mid}");
        // Each point's tip goes back to the same point.
        for panel in 0..3 {
            for second in [0, 3, 7] {
                let p = SeriesPoint { panel, second };
                let (x, y) = outage_point_xy(&trace, w, h, p);
                assert_eq!(at(x, y), p);
            }
        }
        // The response panel reads the run's own bucket.
        let b = &trace.series.per_second[3];
        let fact = outage_point_fact(&trace, SeriesPoint { panel: 0, second: 3 });
        assert!(
            matches!(fact.numbers, Some(OutageNumbers::Responses { approved, .. }) if approved == u64::from(b.approved)),
            "{fact:?}"
        );
        let fact = outage_point_fact(&trace, SeriesPoint { panel: 1, second: 3 });
        assert!(
            matches!(fact.numbers, Some(OutageNumbers::Holds { lockless, .. })
                if lockless == u64::from(b.lockless_holds_started)),
            "{fact:?}"
        );
        let fact = outage_point_fact(&trace, SeriesPoint { panel: 2, second: 3 });
        assert!(matches!(fact.numbers, Some(OutageNumbers::Tokens { .. })), "{fact:?}");
        assert!(!fact.in_outage);
        // The outage's seconds say so.
        let o = trace.config.outage.expect("exp5 has an outage");
        let during = SeriesPoint { panel: 0, second: o.kill_at_ms / 1000 };
        assert!(outage_point_fact(&trace, during).in_outage);
    }
}
