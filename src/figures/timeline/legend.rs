//! A timeline's legend from what it draws: each lane's marks laid out as the
//! drawing lays them out (`super::marks`) over the whole window, and every
//! kind of mark found becomes one item. A figure whose runs have no stolen
//! release shows no "STOLEN" key, and one with row-lock waits shows theirs.

use super::marks::{lease_lane_marks, watchdog_lane_marks, worker_lane_marks, Mapper};
use super::{has_row_waits, Lane, LanePlan, TimelineMarks, BUDGET_PLOT_CSS};
use crate::legend::{LegendEntry, Swatch};
use crate::{palette as P, View};
use lab_sim::lease::{EventKind, LeaseTrace};
use lab_words::Words;
use plotters::style::{RGBAColor, RGBColor};

/// One kind of mark a timeline can draw, in the legend's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum LegendItem {
    Approved,
    Insufficient,
    Fenced,
    Lockless,
    Failed,
    Lease,
    Extended,
    LeaseExpired,
    Overlap,
    RowWait,
    Read,
    Write,
    StaleWrite,
    Released,
    Stolen,
    Expired,
    ReleaseError,
    WatchdogExtend,
    WatchdogLost,
    Snapshot,
    Ledger,
    Fence,
    Stop,
    Outage,
}

impl LegendItem {
    /// Every item, in the legend's order.
    pub const ALL: [LegendItem; 24] = [
        LegendItem::Approved,
        LegendItem::Insufficient,
        LegendItem::Fenced,
        LegendItem::Lockless,
        LegendItem::Failed,
        LegendItem::Lease,
        LegendItem::Extended,
        LegendItem::LeaseExpired,
        LegendItem::Overlap,
        LegendItem::RowWait,
        LegendItem::Read,
        LegendItem::Write,
        LegendItem::StaleWrite,
        LegendItem::Released,
        LegendItem::Stolen,
        LegendItem::Expired,
        LegendItem::ReleaseError,
        LegendItem::WatchdogExtend,
        LegendItem::WatchdogLost,
        LegendItem::Snapshot,
        LegendItem::Ledger,
        LegendItem::Fence,
        LegendItem::Stop,
        LegendItem::Outage,
    ];

    /// The item whose [`LegendItem::key`] is `key` (the prose's `{{mark:KEY|…}}`).
    pub fn from_key(key: &str) -> Option<LegendItem> {
        Self::ALL.into_iter().find(|i| i.key() == key)
    }

    /// The item's label in `w`'s language.
    pub fn label(self, w: &Words) -> &'static str {
        w.legend.timeline[Self::ALL.iter().position(|i| *i == self).unwrap_or(0)]
    }

    /// The item as an exported file paints it: its key in the drawing's
    /// colours (the page's `lg-…` swatches in static/canvas.css show the same).
    pub fn entry_in(self, w: &Words) -> LegendEntry {
        use LegendItem as I;
        let swatch = match self {
            I::Approved => Swatch::Fill(P::APPROVED, 1.0),
            I::Insufficient => Swatch::Fill(P::INSUFFICIENT, 1.0),
            I::Fenced => Swatch::Fill(P::FENCED, 1.0),
            I::Lockless => Swatch::Fill(P::LOCKLESS, 1.0),
            I::Failed => Swatch::Fill(P::ERROR, 1.0),
            I::Lease => Swatch::Fill(P::LEASE_A, 1.0),
            I::Extended => Swatch::Tick(P::LEASE_A),
            I::LeaseExpired => Swatch::Cross(P::STOLEN),
            I::Stolen => Swatch::Mark(P::STOLEN),
            I::Overlap => Swatch::Fill(P::OVERLAP, 0.3),
            I::RowWait => Swatch::Hatch,
            I::Read | I::Write => Swatch::Tick(P::INK),
            I::StaleWrite => Swatch::Tick(P::STOLEN),
            I::Released => Swatch::Mark(P::RELEASED),
            I::Expired => Swatch::Mark(P::EXPIRED),
            I::ReleaseError => Swatch::Mark(P::ERROR),
            I::WatchdogExtend => Swatch::Tick(P::RELEASED),
            I::WatchdogLost => Swatch::Ring(P::STOLEN),
            I::Snapshot => Swatch::Fill(P::SNAPSHOT, 1.0),
            I::Ledger => Swatch::Fill(P::LEDGER, 1.0),
            I::Fence => Swatch::Tick(P::FENCED),
            I::Stop => Swatch::Fill(P::STOP, 0.16),
            I::Outage => Swatch::Fill(P::STOP, 0.28),
        };
        LegendEntry { css_class: "", swatch, label: self.label(w) }
    }

    /// [`Self::entry_in`] in the Korean edition, for the callers not yet
    /// handed a table (the exports; issue 42 removes it).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn entry(self) -> LegendEntry {
        self.entry_in(&lab_words::ko::WORDS)
    }

    /// A stable name for the page's swatch (`lg-…` in static/canvas.css).
    pub fn key(self) -> &'static str {
        match self {
            LegendItem::Approved => "approved",
            LegendItem::Insufficient => "insufficient",
            LegendItem::Fenced => "fenced",
            LegendItem::Lockless => "lockless",
            LegendItem::Failed => "failed",
            LegendItem::Lease => "lease",
            LegendItem::Extended => "extended",
            LegendItem::LeaseExpired => "lease-expired",
            LegendItem::Overlap => "overlap",
            LegendItem::RowWait => "rowwait",
            LegendItem::Read => "read",
            LegendItem::Write => "write",
            LegendItem::StaleWrite => "stale-write",
            LegendItem::Released => "released",
            LegendItem::Stolen => "stolen",
            LegendItem::Expired => "expired",
            LegendItem::ReleaseError => "release-error",
            LegendItem::WatchdogExtend => "watchdog-extend",
            LegendItem::WatchdogLost => "watchdog-lost",
            LegendItem::Snapshot => "snapshot",
            LegendItem::Ledger => "ledger",
            LegendItem::Fence => "fence",
            LegendItem::Stop => "stop",
            LegendItem::Outage => "outage",
        }
    }
}

/// The kind of a hold's bar, by the colour `super::marks` filled it with.
pub(super) fn bar_item(fill: RGBAColor) -> LegendItem {
    let rgb = RGBColor(fill.0, fill.1, fill.2);
    [
        (P::APPROVED, LegendItem::Approved),
        (P::INSUFFICIENT, LegendItem::Insufficient),
        (P::FENCED, LegendItem::Fenced),
        (P::LOCKLESS, LegendItem::Lockless),
    ]
    .into_iter()
    .find_map(|(c, item)| (c == rgb).then_some(item))
    .unwrap_or(LegendItem::Failed)
}

/// The kind of a release's square, by its colour.
pub(super) fn release_item(c: RGBColor) -> LegendItem {
    [(P::RELEASED, LegendItem::Released), (P::STOLEN, LegendItem::Stolen), (P::EXPIRED, LegendItem::Expired)]
        .into_iter()
        .find_map(|(k, item)| (k == c).then_some(item))
        .unwrap_or(LegendItem::ReleaseError)
}

/// The kinds of mark `plan`'s lanes draw of `trace` over the whole of `view`'s
/// window, sorted. The marks are laid out at the drawing budget's reference
/// width, so a detail the drawing would thin out there is not listed.
pub fn legend_items(trace: &LeaseTrace, marks: &TimelineMarks, plan: &LanePlan, view: &View) -> Vec<LegendItem> {
    let whole = View { scale: 1.0, cursor_us: view.t1_us, ..view.clone() };
    let m = Mapper { x0: 0, x1: BUDGET_PLOT_CSS as i32, t0: view.t0_us as f64, t1: view.t1_us as f64 };
    let mut out: Vec<LegendItem> = Vec::new();
    let in_window = |t: u64| t >= view.t0_us && t <= view.t1_us;
    for &(lane, _) in &plan.lanes {
        match lane {
            Lane::Lease(w) => {
                let lm = lease_lane_marks(trace, w, &whole, &m);
                if !lm.bars.is_empty() {
                    out.push(LegendItem::Lease);
                }
                if !lm.extensions.is_empty() {
                    out.push(LegendItem::Extended);
                }
                if !lm.expiries.is_empty() {
                    out.push(LegendItem::LeaseExpired);
                }
            }
            Lane::Worker { wallet, worker } => {
                let wm = worker_lane_marks(trace, marks, wallet, worker, &whole, &m);
                out.extend(wm.bars.iter().map(|&(_, _, fill)| bar_item(fill)));
                if !wm.reads.is_empty() {
                    out.push(LegendItem::Read);
                }
                for &(_, stale) in &wm.writes {
                    out.push(if stale { LegendItem::StaleWrite } else { LegendItem::Write });
                }
                out.extend(wm.releases.iter().map(|&(_, c)| release_item(c)));
                if !wm.waits.is_empty() {
                    out.push(LegendItem::RowWait);
                }
                let overlaps = marks.overlaps.get(wallet as usize).map(Vec::as_slice).unwrap_or(&[]);
                if overlaps.iter().any(|&(a, b, _)| b.t_us >= view.t0_us && a.t_us <= view.t1_us) {
                    out.push(LegendItem::Overlap);
                }
            }
            Lane::Balance(_) => out.extend([LegendItem::Snapshot, LegendItem::Ledger]),
            Lane::Fence(w) => {
                let pts = trace.series.tokens.get(w as usize).map(Vec::as_slice).unwrap_or(&[]);
                if pts.iter().any(|p| in_window(p.t_us) && p.fence != 0) {
                    out.push(LegendItem::Fence);
                }
            }
            Lane::Watchdog => {
                let wd = watchdog_lane_marks(trace, &whole, &m);
                if !wd.ticks.is_empty() {
                    out.push(LegendItem::WatchdogExtend);
                }
                if !wd.dots.is_empty() {
                    out.push(LegendItem::WatchdogLost);
                }
            }
        }
    }
    // The bands across every lane.
    for e in trace.events.iter().filter(|e| in_window(e.at.t_us)) {
        match e.kind {
            EventKind::ProcessStopped { process: 0 } => out.push(LegendItem::Stop),
            EventKind::LockServerKilled => out.push(LegendItem::Outage),
            _ => {}
        }
    }
    if has_row_waits(marks, view) && !out.contains(&LegendItem::RowWait) {
        // The key line under the axis names them anyway; the legend agrees with it.
        out.push(LegendItem::RowWait);
    }
    lab_sim::core::sort(&mut out);
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::lanes;
    use lab_sim::lease::{run, Preset, TraceLevel};

    fn items(preset: Preset, seconds: u32) -> Vec<LegendItem> {
        let mut c = preset.config();
        c.duration_s = seconds;
        let trace = run(&c, 1, 0, TraceLevel::Full);
        let marks = TimelineMarks::of(&trace);
        let view = View { t1_us: u64::from(seconds) * 1_000_000, ..View::default() };
        legend_items(&trace, &marks, &lanes(&trace, &view, &marks), &view)
    }

    /// A file's key has the shape of the page's swatch (static/canvas.css):
    /// an ended lease is a cross in both, a steal and a release small squares.
    #[test]
    fn file_and_page_swatches_have_the_same_shape() {
        let css = include_str!("../../../static/canvas.css");
        let rule = |key: &str| {
            let sel = format!(".lg-{key}");
            let at = css.find(&format!("{sel} ")).or_else(|| css.find(&format!("{sel},"))).expect("a rule");
            css[at..].split('}').next().unwrap_or_default().to_string()
        };
        assert!(rule(LegendItem::LeaseExpired.key()).contains("linear-gradient(45deg"), "the page draws a cross");
        assert!(matches!(LegendItem::LeaseExpired.entry().swatch, Swatch::Cross(_)), "the file draws a cross");
        for item in [LegendItem::Stolen, LegendItem::Released, LegendItem::Expired] {
            assert!(matches!(item.entry().swatch, Swatch::Mark(_)), "{item:?}");
            assert!(css.contains(&format!(".lg-{}", item.key())), "{item:?}");
        }
    }

    #[test]
    fn a_legend_lists_what_its_figure_draws_and_nothing_else() {
        let exp1 = items(Preset::Exp1, 3);
        for want in
            [LegendItem::Approved, LegendItem::Lease, LegendItem::Write, LegendItem::Stolen, LegendItem::Snapshot]
        {
            assert!(exp1.contains(&want), "exp1 draws {want:?}: {exp1:?}");
        }
        // No watchdog, no fence lane, no lockless sections in the plain lock's run.
        for absent in [LegendItem::WatchdogExtend, LegendItem::Fence, LegendItem::Lockless, LegendItem::Fenced] {
            assert!(!exp1.contains(&absent), "exp1 does not draw {absent:?}: {exp1:?}");
        }
        let watchdog = items(Preset::Exp2, 3);
        assert!(watchdog.contains(&LegendItem::WatchdogExtend), "{watchdog:?}");
        assert_ne!(exp1, watchdog);
    }
}
