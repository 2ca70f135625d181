//! Scenario A metrics (model.md §2), computed from what the engine recorded:
//! the hold log, the harness's responses, the DB's final rows and a few
//! counters. Nothing here knows the article's numbers, and nothing here
//! runs the simulation; it is a pure function of a [`RunRecord`].
//!
//! Every interval comparison uses `Stamp` order `(t_us, seq)` (§0.2). Pair
//! counts use sweeps over holds in acquisition order, never an O(n²) scan.

use super::config::LeaseConfig;
use super::engine::RunRecord;
use super::policy::{Read, Update, Watchdog};
use super::trace::{
    FencePhase, Hold, LeaseDetails, LeaseMetrics, LeaseTrace, Outcome, ReleaseResult, RunStats, SecondBucket, Series,
    TraceLevel,
};
use crate::core::{SimTime, Stamp, US_PER_MS, US_PER_S};

/// An overlap shorter than this, between two `Released` holds, is a recording artifact (§2).
const ARTIFACT_MAX_US: u64 = US_PER_MS;

/// Outage phase of an instant: 0 before the kill, 1 during, 2 after the restart (§1.6).
fn phase_of(cfg: &LeaseConfig, t_us: SimTime) -> usize {
    match cfg.outage {
        None => 0,
        Some(o) => {
            let (kill, restart) = (u64::from(o.kill_at_ms) * US_PER_MS, u64::from(o.restart_at_ms) * US_PER_MS);
            if t_us < kill {
                0
            } else if t_us < restart {
                1
            } else {
                2
            }
        }
    }
}

fn second_of(t_us: SimTime) -> usize {
    (t_us / US_PER_S) as usize
}

/// Nearest-rank percentile of an ascending slice, in ms.
fn percentile_ms(sorted_us: &[u64], pct: u64) -> f64 {
    if sorted_us.is_empty() {
        return 0.0;
    }
    let n = sorted_us.len() as u64;
    let rank = (pct * n).div_ceil(100).max(1);
    sorted_us[(rank - 1) as usize] as f64 / US_PER_MS as f64
}

/// Overlap statistics of one sweep over all holds (§2 `ownership_overlap_pairs`).
struct OverlapSweep {
    pairs: u64,
    artifacts: u64,
    max_concurrent: u64,
    by_phase: [u64; 3],
}

fn overlap_sweep(cfg: &LeaseConfig, holds: &[Hold], per_second: &mut [SecondBucket]) -> OverlapSweep {
    let wallets = cfg.wallets as usize;
    // Active holds per wallet: (released_at, released cleanly). Holds are
    // recorded in acquisition order, so a new hold overlaps exactly the
    // active holds whose release comes after its acquisition.
    let mut active: Vec<Vec<(Stamp, bool)>> = (0..wallets).map(|_| Vec::with_capacity(8)).collect();
    let mut sweep = OverlapSweep { pairs: 0, artifacts: 0, max_concurrent: 0, by_phase: [0; 3] };
    let mut last = Stamp::ZERO;
    for h in holds {
        assert!(h.acquired_at >= last, "holds are recorded in acquisition order");
        assert!(h.acquired_at < h.released_at, "a hold ends after it starts");
        last = h.acquired_at;
        let a = h.acquired_at;
        let list = &mut active[h.wallet as usize];
        list.retain(|&(r, _)| r > a);
        let n = list.len() as u64;
        let released = h.release_result == ReleaseResult::Released;
        for &(r, other_released) in list.iter() {
            let overlap_us = r.min(h.released_at).t_us - a.t_us;
            if overlap_us < ARTIFACT_MAX_US && released && other_released {
                sweep.artifacts += 1;
            }
        }
        sweep.pairs += n;
        sweep.by_phase[phase_of(cfg, a.t_us)] += n;
        per_second[second_of(a.t_us)].overlap_pairs_started += n as u32;
        sweep.max_concurrent = sweep.max_concurrent.max(n + 1);
        list.push((h.released_at, released));
    }
    sweep
}

/// §2 `lost_update_pairs`: approved holds whose read-to-commit windows intersect.
fn lost_update_pairs(cfg: &LeaseConfig, holds: &[Hold]) -> u64 {
    let mut windows: Vec<(u32, Stamp, Stamp)> = holds
        .iter()
        .filter(|h| h.outcome == Outcome::Approved)
        .filter_map(|h| Some((h.wallet, h.read_at?, h.written_at?)))
        .collect();
    crate::core::sort_by_key(&mut windows, |&(w, rd, _)| (w, rd));
    let mut pairs = 0;
    let mut active: Vec<Stamp> = Vec::with_capacity(8);
    let mut wallet = u32::MAX;
    for &(w, rd, wr) in &windows {
        debug_assert!(rd < wr && w < cfg.wallets);
        if w != wallet {
            active.clear();
            wallet = w;
        }
        active.retain(|&end| end > rd);
        pairs += active.len() as u64;
        active.push(wr);
    }
    pairs
}

/// §3.4 item 3: approved writes committed after another token had already
/// acquired the same wallet (the writes a fence exists to catch).
fn writes_after_overtake(cfg: &LeaseConfig, holds: &[Hold]) -> u64 {
    let mut per_wallet: Vec<Vec<&Hold>> = (0..cfg.wallets).map(|_| Vec::new()).collect();
    for h in holds.iter().filter(|h| h.token.is_some()) {
        per_wallet[h.wallet as usize].push(h);
    }
    let mut count = 0;
    for list in &per_wallet {
        for pair in list.windows(2) {
            let (h, next) = (pair[0], pair[1]);
            if let (Outcome::Approved, Some(wr)) = (h.outcome, h.written_at) {
                if next.acquired_at < wr {
                    count += 1;
                }
            }
        }
    }
    count
}

/// Turns a raw record into the trace the front ends read.
pub fn build_trace(cfg: &LeaseConfig, seed: u64, run_index: u32, level: TraceLevel, rec: RunRecord) -> LeaseTrace {
    let wallets = cfg.wallets as usize;
    let policy = cfg.policy();
    let initial = i64::from(cfg.initial_balance_won);
    let amount = i64::from(cfg.amount_won);
    let possible_w = cfg.possible_approvals_per_wallet();
    let fence_variant = policy.fenced();
    let stamps_at_read = policy.read == Read::StampThenShare;

    // Ledger identity (S2): every approval is one committed debit.
    let approvals_per_wallet = rec.debits.clone();
    let approvals: u64 = approvals_per_wallet.iter().sum();
    let approved_holds = rec.holds.iter().filter(|h| h.outcome == Outcome::Approved).count() as u64;
    assert_eq!(approvals, approved_holds, "each committed debit belongs to exactly one approved hold");
    let ledger_per_wallet_won: Vec<i64> = approvals_per_wallet.iter().map(|&n| initial - amount * n as i64).collect();
    let drift_per_wallet_won: Vec<i64> =
        rec.snapshot_won.iter().zip(&ledger_per_wallet_won).map(|(s, l)| s - l).collect();
    let over_approval: u64 = approvals_per_wallet.iter().map(|&n| n.saturating_sub(possible_w)).sum();
    let negative_ledger_wallets = ledger_per_wallet_won.iter().filter(|&&l| l < 0).count() as u64;

    let seconds = second_of(rec.end.t_us) + 1;
    let mut per_second = vec![SecondBucket::default(); seconds];

    // Responses.
    let mut latencies_us: Vec<u64> = Vec::with_capacity(rec.responses.len());
    let (mut n503, mut n503_during, mut insufficient, mut aborted) = (0u64, 0u64, 0u64, 0u64);
    for r in &rec.responses {
        let bucket = &mut per_second[second_of(r.t_resp_us)];
        match r.outcome {
            Outcome::Approved => bucket.approved += 1,
            Outcome::Insufficient => {
                bucket.insufficient += 1;
                insufficient += 1;
            }
            Outcome::FenceRejected(FencePhase::Read) => bucket.fence_rejected_read += 1,
            Outcome::FenceRejected(FencePhase::Write) => bucket.fence_rejected_write += 1,
            Outcome::AbortedLeaseLost => {
                bucket.aborted_lease_lost += 1;
                aborted += 1;
            }
            Outcome::LockUnavailable => {
                bucket.unavailable += 1;
                n503 += 1;
                if phase_of(cfg, r.t_req_us) == 1 {
                    n503_during += 1;
                }
            }
        }
        if r.outcome != Outcome::LockUnavailable {
            latencies_us.push(r.t_resp_us - r.t_req_us);
        }
    }
    crate::core::sort(&mut latencies_us);
    let completed = latencies_us.len() as u64;
    let throughput_rps = if cfg.duration_s == 0 { 0.0 } else { completed as f64 / f64::from(cfg.duration_s) };

    // Holds.
    let sweep = overlap_sweep(cfg, &rec.holds, &mut per_second);
    let mut holds_by_phase = [0u64; 3];
    let (mut stolen, mut expired, mut reject_read, mut reject_write, mut lockless_during) = (0, 0, 0, 0, 0);
    let mut post_restart_read_rejects_per_wallet = vec![0u64; wallets];
    for h in &rec.holds {
        let phase = phase_of(cfg, h.acquired_at.t_us);
        holds_by_phase[phase] += 1;
        let bucket = &mut per_second[second_of(h.acquired_at.t_us)];
        bucket.holds_started += 1;
        if h.lockless {
            bucket.lockless_holds_started += 1;
            if phase == 1 {
                lockless_during += 1;
            }
        }
        match h.release_result {
            ReleaseResult::Stolen => stolen += 1,
            ReleaseResult::Expired => expired += 1,
            _ => {}
        }
        match h.outcome {
            Outcome::FenceRejected(FencePhase::Read) => {
                reject_read += 1;
                if phase == 2 {
                    post_restart_read_rejects_per_wallet[h.wallet as usize] += 1;
                }
            }
            Outcome::FenceRejected(FencePhase::Write) => reject_write += 1,
            _ => {}
        }
    }
    let lost_pairs = lost_update_pairs(cfg, &rec.holds);
    let overtaken = writes_after_overtake(cfg, &rec.holds);

    let has_outage = cfg.outage.is_some();
    if let Some(at_kill) = &rec.fence_at_kill {
        // Late fence writes of pre-kill tokens can only raise the value.
        assert!(at_kill.iter().zip(&rec.fence_epoch0_max).all(|(k, m)| k <= m));
    }
    let fence_value_at_kill_per_wallet =
        if has_outage && fence_variant { rec.fence_epoch0_max.clone() } else { Vec::new() };
    if !(has_outage && stamps_at_read) {
        post_restart_read_rejects_per_wallet.clear();
    }

    let metrics = LeaseMetrics {
        approvals,
        possible_approvals: possible_w * wallets as u64,
        ownership_overlap_pairs: sweep.pairs,
        max_concurrent_owners: sweep.max_concurrent,
        stolen_at_release: policy.lease.then_some(stolen),
        drift_won: drift_per_wallet_won.iter().sum(),
        over_approval,
        negative_ledger_wallets,
        fencing_rejects: fence_variant.then_some(reject_read + reject_write),
        lost_update_pairs: (policy.update == Update::SetFromRead).then_some(lost_pairs),
        throughput_rps,
        latency_p95_ms: percentile_ms(&latencies_us, 95),
        n503_during_outage: has_outage.then_some(n503_during),
        lockless_holds_during_outage: (has_outage && policy.lease).then_some(lockless_during),
        watchdog_extensions: (policy.watchdog == Watchdog::SameProcess).then_some(rec.watchdog_extensions),
        fence_value_at_kill: (has_outage && fence_variant).then(|| fence_value_at_kill_per_wallet.iter().sum()),
        post_restart_read_rejects: (has_outage && stamps_at_read)
            .then(|| post_restart_read_rejects_per_wallet.iter().sum()),
    };
    let details = LeaseDetails {
        wallets: cfg.wallets,
        approvals_per_wallet,
        snapshot_per_wallet_won: rec.snapshot_won.clone(),
        ledger_per_wallet_won,
        drift_per_wallet_won,
        holds: rec.holds.len() as u64,
        requests: rec.responses.len() as u64,
        responses_503: n503,
        insufficient,
        expired_at_release: expired,
        overlap_artifacts: sweep.artifacts,
        fencing_rejects_read: reject_read,
        fencing_rejects_write: reject_write,
        writes_after_overtake: overtaken,
        overlap_pairs_by_phase: sweep.by_phase,
        holds_by_phase,
        fence_value_at_kill_per_wallet,
        post_restart_read_rejects_per_wallet,
        aborted_lease_lost: aborted,
        acquire_refusals: rec.acquire_refusals,
        lock_timeouts: rec.lock_timeouts,
        watchdog_saw_lease_lost: rec.watchdog_saw_lost,
        leases_expired: rec.leases_expired,
        latency_p50_ms: percentile_ms(&latencies_us, 50),
        latency_max_ms: latencies_us.last().map_or(0.0, |&l| l as f64 / US_PER_MS as f64),
        end_us: rec.end.t_us,
    };
    let series = Series { balance: rec.balance, per_second, tokens: rec.tokens, latencies_us };
    let keep_holds = level >= TraceLevel::Holds;
    LeaseTrace {
        config: cfg.clone(),
        seed,
        run_index,
        level,
        metrics,
        details,
        series,
        holds: if keep_holds { rec.holds } else { Vec::new() },
        leases: if keep_holds { rec.leases } else { Vec::new() },
        events: rec.events,
        stats: RunStats { events_processed: rec.events_processed },
    }
}
