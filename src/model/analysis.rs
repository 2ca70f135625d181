//! What the figures read out of a trace: anomalies for the player and the
//! facts of the text alternative ([`RunSummary`], [`WindowSummary`]; the
//! words layer's `analysis` domain says them; the metrics themselves, by
//! name, are `crate::metrics`'s).
//!
//! Pure functions of a [`LeaseTrace`]; no browser, no drawing.

use lab_sim::core::Stamp;
use lab_sim::lease::{EventKind, LeaseTrace, LockingStmt, Outcome, ReleaseResult, Variant};
use serde::{Deserialize, Serialize};

/// Kinds of moments the player can jump to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AnomalyKind {
    /// A second (or third…) owner acquired a wallet someone still holds.
    OverlapStart,
    /// A balance write committed from a value that was no longer current.
    StaleWrite,
    /// A wallet's ledger went below zero: more approvals than money (INV-003).
    LedgerNegative,
    /// A conditional release found another owner's token.
    Stolen,
    /// A fence check rejected a hold.
    FenceReject,
}

impl AnomalyKind {
    /// Invariant breaks stop the player when auto-pause is on.
    pub fn breaks_invariant(self) -> bool {
        matches!(self, AnomalyKind::OverlapStart | AnomalyKind::StaleWrite | AnomalyKind::LedgerNegative)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anomaly {
    pub at: Stamp,
    pub kind: AnomalyKind,
    pub wallet: u32,
    pub hold: Option<u32>,
}

/// Every anomaly of the trace, in stamp order. Needs `TraceLevel::Full`
/// (events) for writes and releases; overlaps come from the holds.
pub fn anomalies(trace: &LeaseTrace) -> Vec<Anomaly> {
    let mut out = Vec::new();
    let wallets = trace.config.wallets.max(1) as usize;
    // Overlap starts: an acquisition inside another hold of the same wallet.
    let mut by_wallet: Vec<Vec<usize>> = vec![Vec::new(); wallets];
    for (i, h) in trace.holds.iter().enumerate() {
        if (h.wallet as usize) < wallets {
            by_wallet[h.wallet as usize].push(i);
        }
    }
    // Without a lock, threads share a wallet's section by design (variant
    // (d): the conditional UPDATE decides): an overlap there is no anomaly.
    let locked = trace.config.variant.uses_lock();
    for (w, idx) in by_wallet.iter().enumerate().filter(|_| locked) {
        let mut sorted = idx.clone();
        lab_sim::core::sort_by_key(&mut sorted, |&i| trace.holds[i].acquired_at);
        let mut open: Vec<Stamp> = Vec::new(); // release stamps of holds still open
        for &i in &sorted {
            let h = &trace.holds[i];
            open.retain(|r| *r > h.acquired_at);
            if !open.is_empty() {
                out.push(Anomaly {
                    at: h.acquired_at,
                    kind: AnomalyKind::OverlapStart,
                    wallet: w as u32,
                    hold: Some(h.id),
                });
            }
            open.push(h.released_at);
        }
    }
    // Writes, releases and rejects from the event list, replaying each wallet's balance.
    let initial = i64::from(trace.config.initial_balance_won);
    let amount = i64::from(trace.config.amount_won);
    let mut snapshot = vec![initial; wallets];
    let mut ledger = vec![initial; wallets];
    let max_id = trace.holds.iter().map(|h| h.id as usize + 1).max().unwrap_or(0);
    let mut read_values: Vec<Option<i64>> = vec![None; max_id];
    for h in &trace.holds {
        read_values[h.id as usize] = h.read_value_won;
    }
    for e in &trace.events {
        match &e.kind {
            EventKind::BalanceWritten { wallet, hold, value_won, .. } => {
                let w = *wallet as usize;
                if w >= wallets {
                    continue;
                }
                if let Some(Some(read)) = read_values.get(*hold as usize) {
                    if *read != snapshot[w] {
                        out.push(Anomaly {
                            at: e.at,
                            kind: AnomalyKind::StaleWrite,
                            wallet: *wallet,
                            hold: Some(*hold),
                        });
                    }
                }
                snapshot[w] = *value_won;
                let before = ledger[w];
                ledger[w] -= amount;
                if before >= 0 && ledger[w] < 0 {
                    out.push(Anomaly {
                        at: e.at,
                        kind: AnomalyKind::LedgerNegative,
                        wallet: *wallet,
                        hold: Some(*hold),
                    });
                }
            }
            EventKind::LockReleased { wallet, hold, result: ReleaseResult::Stolen, .. } => {
                out.push(Anomaly { at: e.at, kind: AnomalyKind::Stolen, wallet: *wallet, hold: Some(*hold) });
            }
            EventKind::FenceRejected { wallet, hold, .. } => {
                out.push(Anomaly { at: e.at, kind: AnomalyKind::FenceReject, wallet: *wallet, hold: Some(*hold) });
            }
            _ => {}
        }
    }
    lab_sim::core::sort_by_key(&mut out, |a| (a.at, a.kind));
    out
}

/// Hold ids whose balance write was stale (read value no longer current at commit).
pub fn stale_write_holds(anomalies: &[Anomaly]) -> Vec<u32> {
    let mut v: Vec<u32> =
        anomalies.iter().filter(|a| a.kind == AnomalyKind::StaleWrite).filter_map(|a| a.hold).collect();
    lab_sim::core::sort(&mut v);
    v
}

/// Intervals (per wallet) where two or more holds were open at once.
pub fn overlap_intervals(trace: &LeaseTrace, wallet: u32) -> Vec<(Stamp, Stamp, u32)> {
    let mut edges: Vec<(Stamp, i32)> = Vec::new();
    for h in trace.holds.iter().filter(|h| h.wallet == wallet) {
        edges.push((h.acquired_at, 1));
        edges.push((h.released_at, -1));
    }
    lab_sim::core::sort(&mut edges);
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start: Option<Stamp> = None;
    let mut peak = 0;
    for (at, d) in edges {
        depth += d;
        if depth >= 2 {
            if start.is_none() {
                start = Some(at);
                peak = 0;
            }
            peak = peak.max(depth as u32);
        } else if let Some(s) = start.take() {
            out.push((s, at, peak));
        }
    }
    out
}

/// A row-lock wait: a statement that queued behind another transaction's
/// row lock, from its arrival at the DB to the grant (both server stamps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowWait {
    pub worker: u32,
    pub wallet: u32,
    pub hold: u32,
    pub stmt: LockingStmt,
    /// Transactions ahead of it when it queued (lock holders + earlier waiters).
    pub ahead: u32,
    pub began: Stamp,
    /// `None` only if the trace ends inside the wait (it never does: the DB drains).
    pub granted: Option<Stamp>,
}

impl RowWait {
    /// How long it waited, in µs (up to `end_us` while it is still waiting).
    pub fn waited_us(&self, end_us: u64) -> u64 {
        self.granted.map_or(end_us, |g| g.t_us).saturating_sub(self.began.t_us)
    }
}

/// Every row-lock wait of the trace (`TraceLevel::Full` events), in the order
/// the waits began.
pub fn row_lock_waits(trace: &LeaseTrace) -> Vec<RowWait> {
    let mut out: Vec<RowWait> = Vec::new();
    // Per worker: index into `out` of its open wait (a worker waits for one statement at a time).
    let mut open: Vec<Option<usize>> = vec![None; trace.config.threads as usize];
    for e in &trace.events {
        match e.kind {
            EventKind::RowLockWaitBegan { worker, wallet, hold, stmt, ahead } => {
                if let Some(slot) = open.get_mut(worker as usize) {
                    *slot = Some(out.len());
                    out.push(RowWait { worker, wallet, hold, stmt, ahead, began: e.at, granted: None });
                }
            }
            EventKind::RowLockGranted { worker, .. } => {
                if let Some(i) = open.get_mut(worker as usize).and_then(Option::take) {
                    out[i].granted = Some(e.at);
                }
            }
            _ => {}
        }
    }
    out
}

/// `1234567` → `1,234,567`.
pub fn group_thousands(v: i64) -> String {
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if v < 0 {
        format!("−{out}")
    } else {
        out
    }
}

/// What a run's description says: its setting and its key numbers (the
/// words layer's `analysis::run_description` puts it into a sentence).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSummary {
    pub variant: Variant,
    pub ttl_ms: u32,
    pub pause_min_ms: u32,
    pub pause_max_ms: u32,
    pub threads: u32,
    pub wallets: u32,
    pub seed: u64,
    pub run_index: u32,
    pub duration_s: u32,
    pub approvals: u64,
    pub possible_approvals: u64,
    pub ownership_overlap_pairs: u64,
    pub max_concurrent_owners: u64,
    /// Only for the variants that release conditionally.
    pub stolen_at_release: Option<u64>,
    pub over_approval: u64,
    pub drift_won: i64,
    pub negative_ledger_wallets: u64,
}

impl RunSummary {
    pub fn of(trace: &LeaseTrace) -> RunSummary {
        let (c, m) = (&trace.config, &trace.metrics);
        RunSummary {
            variant: c.variant,
            ttl_ms: c.ttl_ms,
            pause_min_ms: c.pause_min_ms,
            pause_max_ms: c.pause_max_ms,
            threads: c.threads,
            wallets: c.wallets,
            seed: trace.seed,
            run_index: trace.run_index,
            duration_s: c.duration_s,
            approvals: m.approvals,
            possible_approvals: m.possible_approvals,
            ownership_overlap_pairs: m.ownership_overlap_pairs,
            max_concurrent_owners: m.max_concurrent_owners,
            stolen_at_release: m.stolen_at_release,
            over_approval: m.over_approval,
            drift_won: m.drift_won,
            negative_ledger_wallets: m.negative_ledger_wallets,
        }
    }
}

/// What the visible part `[t0_us, t1_us)` of a timeline shows, for its text
/// alternative (the words layer's `analysis::window_description`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowSummary {
    pub t0_us: u64,
    pub t1_us: u64,
    /// Holds acquired in the window, and how many of them were approved.
    pub holds: usize,
    pub approved: usize,
    pub overlap_starts: usize,
    pub stale_writes: usize,
    pub stolen: usize,
    pub row_waits: RowWaitSummary,
}

impl WindowSummary {
    pub fn of(trace: &LeaseTrace, t0_us: u64, t1_us: u64) -> WindowSummary {
        let holds: Vec<_> =
            trace.holds.iter().filter(|h| h.acquired_at.t_us >= t0_us && h.acquired_at.t_us < t1_us).collect();
        let an = anomalies(trace);
        let count = |kind| an.iter().filter(|a| a.kind == kind && a.at.t_us >= t0_us && a.at.t_us < t1_us).count();
        WindowSummary {
            t0_us,
            t1_us,
            holds: holds.len(),
            approved: holds.iter().filter(|h| h.outcome == Outcome::Approved).count(),
            overlap_starts: count(AnomalyKind::OverlapStart),
            stale_writes: count(AnomalyKind::StaleWrite),
            stolen: holds.iter().filter(|h| h.release_result == ReleaseResult::Stolen).count(),
            row_waits: RowWaitSummary::of(trace, t0_us, t1_us),
        }
    }
}

/// The row-lock waits that began in a window: how many per statement, in
/// [`RowWaitSummary::ORDER`], the longest and the longest queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowWaitSummary {
    /// `(statement, waits)` for each statement that waited, in [`RowWaitSummary::ORDER`].
    pub by_stmt: Vec<(LockingStmt, usize)>,
    /// The longest wait, in µs.
    pub longest_us: u64,
    /// The most transactions ahead of one wait.
    pub most_ahead: u32,
    /// No wait, in a variant whose sections meet at a row lock by design
    /// (c-2, (d)): worth saying.
    pub quiet: bool,
}

impl RowWaitSummary {
    /// The order the statements are named in.
    pub const ORDER: [LockingStmt; 5] = [
        LockingStmt::ForShare,
        LockingStmt::FenceAdvance,
        LockingStmt::FenceCheck,
        LockingStmt::Update,
        LockingStmt::ConditionalUpdate,
    ];

    pub fn of(trace: &LeaseTrace, t0_us: u64, t1_us: u64) -> RowWaitSummary {
        let end_us = trace.details.end_us;
        let waits: Vec<RowWait> =
            row_lock_waits(trace).into_iter().filter(|w| w.began.t_us >= t0_us && w.began.t_us < t1_us).collect();
        RowWaitSummary {
            by_stmt: Self::ORDER
                .iter()
                .map(|&k| (k, waits.iter().filter(|w| w.stmt == k).count()))
                .filter(|(_, n)| *n > 0)
                .collect(),
            longest_us: waits.iter().map(|w| w.waited_us(end_us)).max().unwrap_or(0),
            most_ahead: waits.iter().map(|w| w.ahead).max().unwrap_or(0),
            quiet: waits.is_empty() && crate::catalogue::variant(trace.config.variant).meets_at_row_lock,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(1714), "1,714");
        assert_eq!(group_thousands(-350000), "−350,000");
        assert_eq!(group_thousands(100), "100");
    }

    #[test]
    fn anomalies_of_exp1_include_overlaps_and_stale_writes() {
        use lab_sim::lease::{run, Preset, TraceLevel};
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
    fn lockless_sections_that_overlap_are_no_anomaly() {
        use lab_sim::lease::{run, Preset, TraceLevel};
        // (d): every thread runs the section without a lock, so sections of
        // one wallet overlap thousands of times, by design.
        let mut c = Preset::Exp4.config();
        c.duration_s = 3;
        let t = run(&c, 1, 0, TraceLevel::Full);
        assert!(!overlap_intervals(&t, 0).is_empty(), "the sections do overlap");
        assert!(anomalies(&t).is_empty(), "{:?}", anomalies(&t).first());
        // Fail-open's lockless holds during an outage still count: a lock variant lost its lock.
        let mut open = Preset::Exp5Open.config();
        open.duration_s = 30;
        let t = run(&open, 1, 0, TraceLevel::Full);
        assert!(anomalies(&t).iter().any(|a| a.kind == AnomalyKind::OverlapStart));
    }
}
