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
        match self.spec().kind {
            FigureKind::KillVsPower => {
                let Some(t) = self.traces().first() else { return out };
                let at = snapshot_us(t);
                let recs = stack_records(t, at);
                let window = u64::from(self.config().device_cache_window_ms) * 1000;
                for (fault, key, ko) in [
                    (StackFault::Kill, "lost_after_kill", "프로세스 종료"),
                    (StackFault::Power, "lost_after_power", "전원 차단"),
                ] {
                    let alive =
                        recs.iter().filter(|r| survives(r, fault, self.config().device_honours_sync, window)).count();
                    let lost = recs.len() - alive;
                    out.push(VoteFact {
                        key: key.into(),
                        run: 0,
                        label_ko: format!("{ko} 뒤 잃는 A의 안전 기록"),
                        where_ko: format!("{ko} 버튼"),
                        text: format!("{}개 중 {lost}개", recs.len()),
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
                        label_ko: "장애 뒤 제출한 거래 중 확정된 거래".into(),
                        where_ko: format!("멈춘 노드 {}개", t.config.blocked_validators),
                        text: format!("{}건 중 {fin}건", l.txs.len()),
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
/// (the cells the table marks "이중 투표 가능").
pub fn matrix_unsafe_cells(view: &MatrixView, variant: Variant, fault: FaultKind) -> usize {
    let Some(row) = view.grid.rows.iter().find(|r| r.variant == variant) else { return 0 };
    row.cells
        .iter()
        .flatten()
        .flat_map(|c| c.iter())
        .filter(|h| h.fault == fault && h.verdict == Verdict::Unsafe)
        .count()
}
