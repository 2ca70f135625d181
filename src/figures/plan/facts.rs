//! Facts an Article B figure states about its own runs, as numbers: what a
//! prediction (the top crate's `content::predict`) reveals after the reader has guessed. Each
//! is read from the same traces and crash-point grid the figure draws, so
//! the answer beside the guess is the figure's, never a number written down.

use super::vote::VoteFigure;
use super::VoteFact;
use crate::vote::{snapshot_us, stack_records, survives, MatrixView, StackFault};
use lab_model::registry::FigureKind;
use lab_sim::vote::{FaultKind, Variant, Verdict};

impl VoteFigure {
    /// The facts of figure B6 (records that survive a kill or a power loss)
    /// and B5 (transactions finalised after the fault, per run); none for the others.
    pub fn facts(&self) -> Vec<VoteFact> {
        let mut out = Vec::new();
        let (w, fw) = (self.words(), &self.words().vote.figure);
        match self.spec().kind {
            FigureKind::KillVsPower => {
                let Some(t) = self.traces().first() else { return out };
                let at = snapshot_us(t);
                let recs = stack_records(t, at, w);
                let window = u64::from(self.config().device_cache_window_ms) * 1000;
                for (fault, key) in [(StackFault::Kill, "lost_after_kill"), (StackFault::Power, "lost_after_power")] {
                    let name = fault.name(w);
                    let alive =
                        recs.iter().filter(|r| survives(r, fault, self.config().device_honours_sync, window)).count();
                    let lost = recs.len() - alive;
                    out.push(VoteFact {
                        key: key.into(),
                        run: 0,
                        label_ko: w.fill(fw.fact_lost_label, &[("fault", name)]),
                        where_ko: w.fill(fw.fact_lost_where, &[("fault", name)]),
                        text: w.fill(fw.fact_records, &[("total", &recs.len().to_string()), ("n", &lost.to_string())]),
                        value: lost as f64,
                    });
                }
            }
            FigureKind::Liveness => {
                for (i, t) in self.traces().iter().enumerate() {
                    let l = &t.outcome.liveness;
                    let fin = l.txs.iter().filter(|x| x.finalized_at.is_some()).count();
                    out.push(VoteFact {
                        key: "finalized_after_fault".into(),
                        run: i as u32,
                        label_ko: fw.fact_finalized_label.into(),
                        where_ko: w.fill(fw.blocked, &[("n", &t.config.blocked_validators.to_string())]),
                        text: w.fill(fw.fact_txs, &[("total", &l.txs.len().to_string()), ("n", &fin.to_string())]),
                        value: fin as f64,
                    });
                }
            }
            _ => {}
        }
        out
    }
}

/// How many cells of `variant`'s row in figure B2 are unsafe under `fault`
/// (the cells the table marks as a possible double vote).
pub fn matrix_unsafe_cells(view: &MatrixView, variant: Variant, fault: FaultKind) -> usize {
    let Some(row) = view.grid.rows.iter().find(|r| r.variant == variant) else { return 0 };
    row.cells
        .iter()
        .flatten()
        .flat_map(|c| c.iter())
        .filter(|h| h.fault == fault && h.verdict == Verdict::Unsafe)
        .count()
}
