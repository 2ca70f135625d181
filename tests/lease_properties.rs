//! The structural properties S1–S14 of model.md §3.2 as proptest properties
//! over the parameter ranges (not only the defaults). Runs are kept short
//! (5–20 s of simulated time) and the case counts modest, so the whole file
//! runs in seconds with `cargo test --release`.
//!
//! The proptest RNG seed is fixed, so a run is reproducible; a failure also
//! prints the config and seed that reproduce it, and proptest stores the
//! shrunk case under `proptest-regressions/`.

use std::collections::BTreeMap;

use consistency_lab::sim::lease::{
    run, run_with, testing, EventKind, FailPolicy, FencePhase, LeaseConfig, LeaseEnd, LeaseTrace, Limits, Noise,
    Outage, Outcome, ReleaseResult, StopSchedule, TraceLevel, Variant, WalletAssignment,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

const US_PER_MS: u64 = 1_000;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, rng_seed: RngSeed::Fixed(0x0001_ea5e_2026), ..ProptestConfig::default() }
}

// ------------------------------------------------------------------ strategies

fn any_variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

fn any_noise() -> impl Strategy<Value = Noise> {
    prop_oneof![
        3 => Just(Noise::OFF),
        1 => Just(Noise::REALISTIC),
        1 => (1u32..=40).prop_map(|pct| Noise { latency_jitter_pct: pct, ..Noise::OFF }),
        1 => (1u32..=30, 50u32..=900).prop_map(|(per_min, max_ms)| Noise {
            stalls_per_min: per_min,
            stall_min_ms: 10,
            stall_max_ms: max_ms,
            ..Noise::OFF
        }),
    ]
}

fn any_stops() -> impl Strategy<Value = StopSchedule> {
    prop_oneof![
        Just(StopSchedule::NONE),
        (1u32..=12, 20u32..=900, 600u32..=3_000, 0u32..=3_000).prop_map(
            |(count, duration_ms, period_ms, first_at_ms)| {
                StopSchedule { count, duration_ms, period_ms: period_ms.max(duration_ms + 1), first_at_ms }
            }
        ),
    ]
}

fn any_outage(duration_s: u32) -> impl Strategy<Value = Option<Outage>> {
    let span_ms = duration_s * 1_000;
    prop_oneof![
        Just(None),
        (0u32..=span_ms, 0u32..=span_ms)
            .prop_map(|(a, len)| { Some(Outage { kill_at_ms: a, restart_at_ms: a + len / 2 }) }),
    ]
}

/// Any configuration in the ranges the site's sliders offer (and a bit beyond).
fn any_config() -> impl Strategy<Value = LeaseConfig> {
    (5u32..=20)
        .prop_flat_map(|duration_s| {
            (
                (any_variant(), 50u32..=2_000, 0u32..=1_500, 0u32..=800, 1u32..=64, 1u32..=16),
                (any::<bool>(), 1u32..=3, prop::option::of(1u32..=700), any_stops(), any_outage(duration_s)),
                (any::<bool>(), 1u32..=50, any::<bool>(), any::<bool>(), any_noise()),
                (prop::sample::select(vec![1_000u32, 700]), prop::sample::select(vec![5_000u32, 20_000, 60_000])),
                Just(duration_s),
            )
        })
        .prop_map(|(a, b, c, d, duration_s)| {
            let (variant, ttl_ms, pause_min_ms, width_ms, threads, wallets) = a;
            let (random, processes, watchdog_period_ms, stops, outage) = b;
            let (open, retry_ms, fence_check_locks_row, abort_on_lost_lease, noise) = c;
            let (amount_won, initial_balance_won) = d;
            LeaseConfig {
                variant,
                ttl_ms,
                pause_min_ms,
                pause_max_ms: pause_min_ms + width_ms,
                threads,
                wallets,
                wallet_assignment: if random { WalletAssignment::Random } else { WalletAssignment::Fixed },
                processes,
                duration_s,
                watchdog_period_ms,
                stops,
                outage,
                fail_policy: if open { FailPolicy::Open } else { FailPolicy::Closed },
                retry_ms,
                fence_check_locks_row,
                abort_on_lost_lease,
                noise,
                amount_won,
                initial_balance_won,
                ..LeaseConfig::default()
            }
        })
}

// ------------------------------------------------------------------ helpers

fn per_wallet<T: Copy + Default + std::ops::AddAssign>(
    t: &LeaseTrace,
    f: impl Fn(&consistency_lab::sim::lease::Hold) -> Option<T>,
) -> Vec<T> {
    let mut v = vec![T::default(); t.config.wallets as usize];
    for h in &t.holds {
        if let Some(x) = f(h) {
            v[h.wallet as usize] += x;
        }
    }
    v
}

fn stop_windows_us(cfg: &LeaseConfig) -> Vec<(u64, u64)> {
    let s = cfg.stops;
    (0..s.count)
        .map(|k| {
            let start = (u64::from(s.first_at_ms) + u64::from(k) * u64::from(s.period_ms)) * US_PER_MS;
            (start, start + u64::from(s.duration_ms) * US_PER_MS)
        })
        .filter(|&(start, _)| start < u64::from(cfg.duration_s) * 1_000_000)
        .collect()
}

/// Overlap pairs (same wallet) as (earlier hold, later hold) indices, by brute force
/// (test-only; the library uses a sweep).
fn overlap_pairs(t: &LeaseTrace) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for (i, a) in t.holds.iter().enumerate() {
        for (j, b) in t.holds.iter().enumerate().skip(i + 1) {
            if a.wallet == b.wallet && a.acquired_at < b.released_at && b.acquired_at < a.released_at {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Invariants every run satisfies, whatever the parameters (S2, S12, and the
/// bookkeeping the metrics rely on). Needs `TraceLevel::Full`.
fn check_universal(t: &LeaseTrace) {
    let cfg = &t.config;
    let (m, d) = (&t.metrics, &t.details);
    let initial = i64::from(cfg.initial_balance_won);
    let amount = i64::from(cfg.amount_won);
    let possible = cfg.possible_approvals_per_wallet();
    // S2: the ledger identity, a snapshot that never goes negative, drift ≥ 0.
    let approved = per_wallet(t, |h| (h.outcome == Outcome::Approved).then_some(1u64));
    assert_eq!(approved, d.approvals_per_wallet);
    for w in 0..cfg.wallets as usize {
        let n = d.approvals_per_wallet[w] as i64;
        assert_eq!(d.ledger_per_wallet_won[w], initial - amount * n);
        assert!(d.snapshot_per_wallet_won[w] >= 0);
        assert!(d.drift_per_wallet_won[w] >= 0, "stale writes can only leave the snapshot too high");
        if d.snapshot_per_wallet_won[w] == 0 && cfg.initial_balance_won.is_multiple_of(cfg.amount_won) {
            let over = (n as u64).saturating_sub(possible) as i64;
            assert_eq!(d.drift_per_wallet_won[w], amount * over);
        }
        for p in &t.series.balance[w] {
            assert!(p.snapshot_won >= 0 && p.ledger_won <= p.snapshot_won);
        }
    }
    assert_eq!(m.drift_won, d.drift_per_wallet_won.iter().sum::<i64>());
    assert_eq!(m.over_approval, d.approvals_per_wallet.iter().map(|&n| n.saturating_sub(possible)).sum::<u64>());
    // Holds: stamps in order, written ⇔ approved, one hold per non-503 response.
    for h in &t.holds {
        assert!(h.acquired_at < h.released_at);
        if let Some(r) = h.read_at {
            assert!(h.acquired_at < r && r < h.released_at);
        }
        assert_eq!(h.written_at.is_some(), h.outcome == Outcome::Approved);
        if let (Some(r), Some(wr)) = (h.read_at, h.written_at) {
            assert!(r < wr && wr <= h.released_at, "a lockless section ends with its commit");
        }
        assert_eq!(h.token.is_none(), h.lockless);
        assert_ne!(h.outcome, Outcome::LockUnavailable);
        if h.lockless {
            assert_eq!(h.release_result, ReleaseResult::NotApplicable);
        }
    }
    assert_eq!(d.requests, d.holds + d.responses_503);
    assert_eq!(m.ownership_overlap_pairs, overlap_pairs(t).len() as u64, "sweep = brute force");
    assert!(t.series.latencies_us.windows(2).all(|w| w[0] <= w[1]));
    // S12: a key is only ever deleted by its own token: per (wallet, token),
    // Released holds ≤ leases the server ended by deletion ≤ Released + Error
    // holds (a release that timed out on the client may still run later).
    let mut keys: BTreeMap<(u32, u64), (i64, i64, i64)> = BTreeMap::new();
    for h in &t.holds {
        let Some(token) = h.token else { continue };
        let e = keys.entry((h.wallet, token)).or_default();
        match h.release_result {
            ReleaseResult::Released => e.0 += 1,
            ReleaseResult::Error => e.2 += 1,
            _ => {}
        }
    }
    for s in t.leases.iter().filter(|s| s.end_cause == LeaseEnd::Deleted) {
        keys.entry((s.wallet, s.token)).or_default().1 += 1;
    }
    for (key, &(released, deleted, error)) in &keys {
        assert!(
            released <= deleted && deleted <= released + error,
            "{key:?}: released {released}, deleted {deleted}, error {error}"
        );
    }
    // The drain rule: no request starts at or after the deadline.
    let deadline_us = u64::from(cfg.duration_s) * 1_000_000;
    for e in &t.events {
        if let EventKind::RequestStarted { .. } = e.kind {
            assert!(e.at.t_us < deadline_us);
        }
    }
    // Applicability of the headline metrics.
    assert_eq!(m.stolen_at_release.is_some(), cfg.variant.uses_lock());
    assert_eq!(m.lost_update_pairs.is_some(), cfg.variant != Variant::Conditional);
    assert_eq!(m.watchdog_extensions.is_some(), cfg.variant == Variant::Watchdog);
}

fn run_full(cfg: &LeaseConfig, seed: u64) -> LeaseTrace {
    let t = run(cfg, seed, 0, TraceLevel::Full);
    check_universal(&t);
    t
}

// ------------------------------------------------------------------ properties

proptest! {
    #![proptest_config(config(48))]

    /// S2 + S12 + bookkeeping, over every knob including noise and faults.
    #[test]
    fn universal_invariants(cfg in any_config(), seed in any::<u64>()) {
        run_full(&cfg, seed);
    }

    /// S14: the same config and seed give the same trace, bit for bit.
    #[test]
    fn s14_same_seed_same_trace(cfg in any_config(), seed in any::<u64>()) {
        let a = run(&cfg, seed, 1, TraceLevel::Full);
        let b = run(&cfg, seed, 1, TraceLevel::Full);
        prop_assert!(a == b);
    }

    /// Taking the spinners' dead arrivals out of the event queue changes
    /// nothing, bit for bit: over every knob, and where the queue fills with
    /// them (many threads, short holds, a long TTL, no latency).
    #[test]
    fn removing_dead_arrivals_changes_no_run(
        cfg in any_config(),
        crowded in (any_variant(), 100u32..=2_000, 32u32..=64, 1u32..=16, 1u32..=10, any::<bool>()).prop_map(
            |(variant, ttl_ms, threads, wallets, retry_ms, random)| LeaseConfig {
                variant,
                ttl_ms,
                threads,
                wallets,
                retry_ms,
                wallet_assignment: if random { WalletAssignment::Random } else { WalletAssignment::Fixed },
                pause_min_ms: 0,
                pause_max_ms: 0,
                pre_overhead_ms: 5,
                post_overhead_ms: 0,
                lock_net_us: 0,
                db_net_us: 0,
                duration_s: 2,
                ..LeaseConfig::default()
            },
        ),
        seed in any::<u64>(),
    ) {
        for c in [&cfg, &crowded] {
            for level in [TraceLevel::Summary, TraceLevel::Full] {
                prop_assert!(run(c, seed, 0, level) == testing::run_keeping_dead_arrivals(c, seed, 0, level));
            }
        }
    }

    /// The work cap of a timeline's window (`run_with` with `AtCap::EndAtNextStep`): a run whose work
    /// passes the cap ends at the first step boundary after the time it had
    /// reached, and is then, bit for bit, the uncapped run to that deadline.
    /// The run usually carries on where the cap caught it; stops and stalls
    /// scheduled past the moved deadline make it start again instead, and
    /// both paths must agree.
    #[test]
    fn a_capped_window_is_the_run_to_its_moved_deadline(
        cfg in any_config(),
        seed in any::<u64>(),
        max_events in 50u64..=4_000,
        step_ms in prop::sample::select(vec![50u64, 200, 1_000]),
    ) {
        let deadline_us = u64::from(cfg.duration_s) * 1_000_000;
        let step_us = step_ms * US_PER_MS;
        let limits = Limits::capped(max_events).ending_at_next_step(step_us);
        let done = run_with(&cfg, seed, 0, TraceLevel::Full, limits).expect("a window does not give up");
        let (window, moved) = (done.trace, done.moved_deadline_us);
        let end_us = moved.unwrap_or(deadline_us);
        if let Some(end_us) = moved {
            prop_assert!(end_us < deadline_us && end_us % step_us == 0, "moved to {} µs", end_us);
        } else {
            // Not moved: the cap was never reached, or only in the last step or the drain.
            let last_step_us = (deadline_us - 1) / step_us * step_us;
            prop_assert!(run_with(&cfg, seed, 0, TraceLevel::Full, Limits::capped(max_events))
                .map_or_else(|reached| reached.at_us >= last_step_us, |_| true));
        }
        let fresh = run_with(&cfg, seed, 0, TraceLevel::Full, Limits::NONE.until(end_us)).expect("no cap").trace;
        prop_assert!(window == fresh, "the window to {} µs differs from a fresh run to it", end_us);
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// S1 (d): approvals_w = min(possible_w, attempts that reached the UPDATE),
    /// for any pause, TTL, threads, stops, outage; never drift or over-approval.
    #[test]
    fn s1_conditional_update_is_exact(cfg in any_config(), seed in any::<u64>()) {
        let cfg = LeaseConfig { variant: Variant::Conditional, ..cfg };
        let t = run_full(&cfg, seed);
        let attempts = per_wallet(&t, |_| Some(1u64));
        let possible = cfg.possible_approvals_per_wallet();
        for (approved, attempted) in t.details.approvals_per_wallet.iter().zip(&attempts) {
            prop_assert_eq!(*approved, (*attempted).min(possible));
        }
        prop_assert_eq!(t.metrics.drift_won, 0);
        prop_assert_eq!(t.metrics.over_approval, 0);
        prop_assert_eq!(t.metrics.negative_ledger_wallets, 0);
        prop_assert_eq!(t.details.responses_503, 0);
    }

    /// S3 (a): a pause longer than the TTL with ≥ 2 workers per wallet breaks
    /// every wallet; with exactly 1 worker per wallet the expiry is harmless.
    #[test]
    fn s3_naive_lock_breaks_with_contention(
        ttl_ms in 50u32..=1_000, extra_ms in 60u32..=400, width_ms in 0u32..=300,
        wallets in 1u32..=8, per_wallet_threads in 1u32..=6, seed in any::<u64>(),
    ) {
        let cfg = LeaseConfig {
            variant: Variant::Naive, ttl_ms, pause_min_ms: ttl_ms + extra_ms, pause_max_ms: ttl_ms + extra_ms + width_ms,
            wallets, threads: wallets * per_wallet_threads, duration_s: 20, initial_balance_won: 5_000,
            ..LeaseConfig::default()
        };
        let t = run_full(&cfg, seed);
        if per_wallet_threads >= 2 {
            prop_assert!(t.metrics.ownership_overlap_pairs > 0);
            prop_assert!(t.metrics.stolen_at_release.unwrap() > 0);
            prop_assert_eq!(t.metrics.negative_ledger_wallets, u64::from(wallets), "over-approval on every wallet");
        } else {
            prop_assert_eq!(t.metrics.ownership_overlap_pairs, 0);
            prop_assert_eq!(t.metrics.over_approval, 0);
            prop_assert_eq!(t.metrics.drift_won, 0);
        }
    }

    /// S4 (b): with the watchdog and no stops or lock-server faults, the lock
    /// is exclusive: 0 overlaps, 0 STOLEN, no over-approval, drift 0.
    #[test]
    fn s4_watchdog_is_exclusive_without_stops(
        cfg in any_config(), period_frac in 1u32..=100, custom in any::<bool>(), seed in any::<u64>(),
    ) {
        let period = (cfg.ttl_ms.saturating_sub(2) * period_frac / 100).max(1);
        let cfg = LeaseConfig {
            variant: Variant::Watchdog, stops: StopSchedule::NONE, outage: None, noise: Noise::OFF,
            watchdog_period_ms: custom.then_some(period), ..cfg
        };
        let t = run_full(&cfg, seed);
        prop_assert_eq!(t.metrics.ownership_overlap_pairs, 0);
        prop_assert_eq!(t.metrics.stolen_at_release, Some(0));
        prop_assert_eq!(t.metrics.over_approval, 0);
        prop_assert_eq!(t.metrics.drift_won, 0);
        prop_assert_eq!(t.details.watchdog_saw_lease_lost, 0);
    }

    /// S5 (b'), robust form: a stop shorter than TTL − period − RTT never
    /// expires a lease; a stop longer than the TTL gives at most one overlap per
    /// stop and wallet, at least one over the run, and every over-approval and
    /// STOLEN comes with an overlap.
    #[test]
    fn s5_process_stops_defeat_the_watchdog(
        ttl_ms in 60u32..=600, wallets in 1u32..=6, per_wallet_threads in 2u32..=5,
        count in 3u32..=10, long in any::<bool>(), frac in 0u32..=100, seed in any::<u64>(),
    ) {
        let period_ms = ttl_ms / 3;
        let stop_ms = if long {
            ttl_ms + 5 + frac * 3
        } else {
            ((ttl_ms - period_ms - 2) * frac / 100).max(1)
        };
        let cfg = LeaseConfig {
            variant: Variant::Watchdog, ttl_ms, wallets, threads: wallets * per_wallet_threads, duration_s: 20,
            stops: StopSchedule { count, duration_ms: stop_ms, period_ms: 1_500, first_at_ms: 1_000 },
            ..LeaseConfig::default()
        };
        let t = run_full(&cfg, seed);
        let pairs = t.metrics.ownership_overlap_pairs;
        if long {
            prop_assert!(pairs >= 1);
            // "About one per stop and wallet": an Acquire executed by the server
            // just before the freeze can add a second owner at the resume.
            prop_assert!(pairs <= 2 * u64::from(count * wallets), "{pairs} pairs for {count} stops × {wallets} wallets");
        } else {
            prop_assert_eq!(pairs, 0);
            prop_assert_eq!(t.details.watchdog_saw_lease_lost, 0);
        }
        prop_assert!(t.metrics.stolen_at_release.unwrap() <= pairs);
        prop_assert!(t.metrics.over_approval <= pairs);
        prop_assert!(t.metrics.lost_update_pairs.unwrap() <= pairs);
        // With one process, every overlap begins at a resume, never inside a stop.
        let windows = stop_windows_us(&cfg);
        for (_, j) in overlap_pairs(&t) {
            let a = t.holds[j].acquired_at.t_us;
            prop_assert!(!windows.iter().any(|&(s, e)| s < a && a < e));
        }
    }

    /// S5 with two processes: another process steals an expired lease *during* a stop.
    #[test]
    fn s5_second_process_steals_during_the_stop(
        ttl_ms in 60u32..=400, threads in 4u32..=10, seed in any::<u64>(),
    ) {
        let cfg = LeaseConfig {
            variant: Variant::Watchdog, ttl_ms, wallets: 1, threads, processes: 2, duration_s: 20,
            stops: StopSchedule { count: 12, duration_ms: ttl_ms + 100, period_ms: 1_500, first_at_ms: 1_000 },
            ..LeaseConfig::default()
        };
        let t = run_full(&cfg, seed);
        let windows = stop_windows_us(&cfg);
        let during = overlap_pairs(&t).iter().filter(|&&(_, j)| {
            let a = t.holds[j].acquired_at.t_us;
            windows.iter().any(|&(s, e)| s < a && a < e)
        }).count();
        prop_assert!(during >= 1);
    }

    /// S6 (c-1): a write-time reject needs a higher token that committed first;
    /// with a pause range no wider than the TTL there are none.
    #[test]
    fn s6_write_time_fencing_rejects_only_reordered_writes(cfg in any_config(), narrow in any::<bool>(), seed in any::<u64>()) {
        let mut cfg = LeaseConfig {
            variant: Variant::FenceWrite, stops: StopSchedule::NONE, outage: None, noise: Noise::OFF, processes: 1, ..cfg
        };
        if narrow {
            cfg.pause_max_ms = cfg.pause_min_ms + (cfg.pause_max_ms - cfg.pause_min_ms).min(cfg.ttl_ms.saturating_sub(5));
        }
        let t = run_full(&cfg, seed);
        for h in t.holds.iter().filter(|h| h.outcome == Outcome::FenceRejected(FencePhase::Write)) {
            let overtaken = t.holds.iter().any(|g| {
                g.wallet == h.wallet && g.token > h.token && g.written_at.is_some_and(|wr| wr < h.released_at)
            });
            prop_assert!(overtaken, "reject of token {:?} without a higher committed token", h.token);
        }
        if narrow {
            prop_assert_eq!(t.metrics.fencing_rejects, Some(0));
        }
        prop_assert_eq!(t.details.fencing_rejects_read, 0);
    }

    /// S7 (c-2) safety: drift 0, over-approval 0, lost-update pairs 0 under any
    /// parameters and faults (stops, processes, fail-closed outages with counter
    /// resets, latency jitter, lock-server stalls, observation lag).
    #[test]
    fn s7_read_time_fencing_is_safe(cfg in any_config(), seed in any::<u64>()) {
        let cfg = LeaseConfig {
            variant: Variant::FenceRead, fail_policy: FailPolicy::Closed, fence_check_locks_row: true, ..cfg
        };
        let t = run_full(&cfg, seed);
        prop_assert_eq!(t.metrics.drift_won, 0);
        prop_assert_eq!(t.metrics.over_approval, 0);
        prop_assert_eq!(t.metrics.lost_update_pairs, Some(0));
    }

    /// S8 (c-2) liveness: when the lease is always shorter than the work and
    /// enough workers wait, nearly every hold is rejected at write time
    /// (approvals ≤ 2 per wallet: the drained last holder plus noise); when the
    /// TTL exceeds every hold, nothing is rejected.
    #[test]
    fn s8_read_time_fencing_liveness(
        ttl_ms in 50u32..=500, extra_ms in 60u32..=300, width_ms in 0u32..=100, wallets in 1u32..=4,
        long_ttl in any::<bool>(), seed in any::<u64>(),
    ) {
        let pause_min_ms = ttl_ms + extra_ms;
        let pause_max_ms = pause_min_ms + width_ms;
        let cfg = if long_ttl {
            LeaseConfig {
                variant: Variant::FenceRead, ttl_ms: pause_max_ms + 100, pause_min_ms, pause_max_ms, wallets,
                threads: wallets * 4, duration_s: 15, ..LeaseConfig::default()
            }
        } else {
            // More waiters per wallet than owners can pile up, so every lease is taken over.
            let per_wallet = (pause_max_ms + 30).div_ceil(ttl_ms) + 2;
            LeaseConfig {
                variant: Variant::FenceRead, ttl_ms, pause_min_ms, pause_max_ms, wallets,
                threads: (wallets * per_wallet).min(64), duration_s: 15, ..LeaseConfig::default()
            }
        };
        let t = run_full(&cfg, seed);
        if long_ttl {
            prop_assert_eq!(t.metrics.fencing_rejects, Some(0));
            prop_assert_eq!(t.metrics.ownership_overlap_pairs, 0);
            prop_assert_eq!(t.metrics.drift_won, 0);
        } else if cfg.threads >= cfg.wallets * ((pause_max_ms + 30).div_ceil(ttl_ms) + 2) {
            prop_assert!(t.metrics.approvals <= 2 * u64::from(wallets), "approvals {}", t.metrics.approvals);
            prop_assert!(t.details.fencing_rejects_write + 2 * u64::from(wallets) >= t.details.holds);
        }
    }

    /// S9: after the lock server restarts empty, c-2 rejects at read time exactly
    /// the tokens 1..F_w (F_w = the fence left by the pre-kill epoch), and approves
    /// nothing on w until the counter has passed F_w.
    #[test]
    fn s9_token_reset_rejects_exactly_the_fence_value(
        ttl_ms in 50u32..=600, wallets in 1u32..=6, per_wallet_threads in 1u32..=5, pause_min_ms in 0u32..=600,
        width_ms in 0u32..=400, kill_ms in 1_000u32..=8_000, outage_ms in 1_000u32..=5_000, seed in any::<u64>(),
    ) {
        let cfg = LeaseConfig {
            variant: Variant::FenceRead, ttl_ms, wallets, threads: wallets * per_wallet_threads, pause_min_ms,
            pause_max_ms: pause_min_ms + width_ms, duration_s: 20, fail_policy: FailPolicy::Closed,
            outage: Some(Outage { kill_at_ms: kill_ms, restart_at_ms: kill_ms + outage_ms }),
            ..LeaseConfig::default()
        };
        let t = run_full(&cfg, seed);
        let restart_us = u64::from(kill_ms + outage_ms) * US_PER_MS;
        let fence = &t.details.fence_value_at_kill_per_wallet;
        #[allow(clippy::needless_range_loop)]
        for w in 0..wallets as usize {
            let after: Vec<_> = t.holds.iter().filter(|h| h.wallet as usize == w && h.acquired_at.t_us >= restart_us).collect();
            let rejected = after.iter().filter(|h| h.outcome == Outcome::FenceRejected(FencePhase::Read)).count() as u64;
            prop_assert_eq!(rejected, t.details.post_restart_read_rejects_per_wallet[w]);
            if after.iter().any(|h| h.token.unwrap() > fence[w]) {
                prop_assert_eq!(rejected, fence[w], "wallet {}", w);
            } else {
                prop_assert_eq!(rejected, after.len() as u64, "wallet {}", w);
            }
            for h in &after {
                let token = h.token.unwrap();
                prop_assert_eq!(token <= fence[w], h.outcome == Outcome::FenceRejected(FencePhase::Read));
                if h.outcome == Outcome::Approved {
                    prop_assert!(token > fence[w]);
                }
            }
        }
    }

    /// S10 fail-closed: no hold starts during the outage (beyond acquisitions
    /// whose reply was already on the wire at the kill), and every request that
    /// reaches the lock during the outage is a 503.
    #[test]
    fn s10_fail_closed_answers_503_during_the_outage(
        variant in prop::sample::select(vec![Variant::Naive, Variant::Watchdog, Variant::FenceWrite, Variant::FenceRead]),
        threads in 1u32..=32, wallets in 1u32..=8, kill_ms in 500u32..=8_000, outage_ms in 100u32..=6_000,
        seed in any::<u64>(),
    ) {
        let cfg = LeaseConfig {
            variant, threads, wallets, duration_s: 15, fail_policy: FailPolicy::Closed,
            outage: Some(Outage { kill_at_ms: kill_ms, restart_at_ms: kill_ms + outage_ms }),
            ..LeaseConfig::default()
        };
        let t = run_full(&cfg, seed);
        let kill_us = u64::from(kill_ms) * US_PER_MS;
        let restart_us = u64::from(kill_ms + outage_ms) * US_PER_MS;
        for h in &t.holds {
            let a = h.acquired_at.t_us;
            prop_assert!(!(a > kill_us + u64::from(cfg.lock_net_us) && a < restart_us), "hold started at {a} µs");
        }
        // Pair each worker's RequestStarted with its ResponseSent.
        let mut started: Vec<Option<u64>> = vec![None; threads as usize];
        let pre_us = u64::from(cfg.pre_overhead_ms) * US_PER_MS;
        for e in &t.events {
            match e.kind {
                EventKind::RequestStarted { worker, .. } => started[worker as usize] = Some(e.at.t_us),
                EventKind::ResponseSent { worker, outcome, .. } => {
                    let t_req = started[worker as usize].take().expect("a response follows its request");
                    if t_req >= kill_us && t_req + pre_us < restart_us {
                        prop_assert_eq!(outcome, Outcome::LockUnavailable);
                    }
                }
                _ => {}
            }
        }
        prop_assert_eq!(t.metrics.lockless_holds_during_outage, Some(0));
    }

    /// S11 fail-open, at the article's shape scaled to 15 s (outage 5–10 s):
    /// lockless holds ≈ the (d) rate × outage, overlaps during the outage far
    /// above the same span with the lock, over-approval above (a).
    #[test]
    fn s11_fail_open_runs_lockless(seed in any::<u64>(), run_index in 0u32..3) {
        let outage = Some(Outage { kill_at_ms: 5_000, restart_at_ms: 10_000 });
        let base = LeaseConfig { duration_s: 15, ..LeaseConfig::default() };
        let open = LeaseConfig { outage, fail_policy: FailPolicy::Open, ..base.clone() };
        let control = LeaseConfig { variant: Variant::Conditional, outage, ..base.clone() };
        let t = run(&open, seed, run_index, TraceLevel::Summary);
        let c = run(&control, seed, run_index, TraceLevel::Summary);
        let a = run(&base, seed, run_index, TraceLevel::Summary);
        let lockless = t.metrics.lockless_holds_during_outage.unwrap() as f64;
        let control_during = c.details.holds_by_phase[1] as f64;
        prop_assert!((lockless / control_during - 1.0).abs() < 0.1, "lockless {lockless} vs (d) {control_during}");
        let [before, during, _] = t.details.overlap_pairs_by_phase;
        prop_assert!(during > 3 * before, "pairs during {during} vs before {before}");
        prop_assert!(t.metrics.over_approval > a.metrics.over_approval);
    }

    /// S13 silent failure: (a) at 15 s, every wallet's snapshot is still
    /// positive while its ledger is already negative.
    #[test]
    fn s13_naive_breaks_silently(seed in any::<u64>(), run_index in 0u32..3) {
        let cfg = LeaseConfig { duration_s: 15, ..LeaseConfig::default() };
        let t = run(&cfg, seed, run_index, TraceLevel::Summary);
        for w in 0..cfg.wallets as usize {
            prop_assert!(t.details.snapshot_per_wallet_won[w] > 0);
            prop_assert!(t.details.ledger_per_wallet_won[w] < 0);
            let last = t.series.balance[w].last().unwrap();
            prop_assert!(last.snapshot_won > 0 && last.ledger_won < 0);
        }
    }
}
