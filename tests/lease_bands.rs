//! Band checks (model.md §3.2 table B) and cheap analytic cross-checks
//! (§3.2 "Analytic cross-checks"): each preset at its defaults, seeds 1, 2, 3
//! (run 0). A failure prints the preset, seed and value, so it can be
//! reproduced with `lab run --preset <p> --seed <s>`.

use consistency_lab::sim::lease::{run, LeaseConfig, LeaseTrace, Preset, TraceLevel, Variant};

fn runs(preset: Preset) -> Vec<LeaseTrace> {
    (1..=3).map(|seed| run(&preset.config(), seed, 0, TraceLevel::Summary)).collect()
}

fn check_band(preset: Preset, item: &str, lo: f64, hi: f64, value: impl Fn(&LeaseTrace) -> f64) {
    for t in runs(preset) {
        let v = value(&t);
        assert!(
            (lo..=hi).contains(&v),
            "{} {item}: seed {} gave {v}, outside the band {lo}..={hi}",
            preset.key(),
            t.seed
        );
    }
}

#[test]
fn exp1_naive_lock() {
    let p = Preset::Exp1;
    check_band(p, "approvals", 540.0, 630.0, |t| t.metrics.approvals as f64);
    check_band(p, "overlap pairs", 1_550.0, 1_800.0, |t| t.metrics.ownership_overlap_pairs as f64);
    check_band(p, "STOLEN", 1_050.0, 1_170.0, |t| t.metrics.stolen_at_release.unwrap() as f64);
    check_band(p, "max concurrent owners", 3.0, 3.0, |t| t.metrics.max_concurrent_owners as f64);
    check_band(p, "throughput", 18.5, 20.5, |t| t.metrics.throughput_rps);
    // Every wallet goes negative in the ledger; the snapshot stops at 0 (§3.1).
    check_band(p, "negative ledger wallets", 4.0, 4.0, |t| t.metrics.negative_ledger_wallets as f64);
    check_band(p, "drift = amount × over-approval", 0.0, 0.0, |t| {
        (t.metrics.drift_won - 1_000 * t.metrics.over_approval as i64) as f64
    });
}

#[test]
fn exp2_watchdog() {
    let p = Preset::Exp2;
    check_band(p, "throughput", 9.3, 10.3, |t| t.metrics.throughput_rps);
    check_band(p, "extensions", 3_000.0, 3_600.0, |t| t.metrics.watchdog_extensions.unwrap() as f64);
    check_band(p, "approvals", 240.0, 240.0, |t| t.metrics.approvals as f64);
    check_band(p, "overlap pairs", 0.0, 0.0, |t| t.metrics.ownership_overlap_pairs as f64);
}

#[test]
fn exp2_watchdog_with_stops() {
    let p = Preset::Exp2Stop;
    check_band(p, "overlap pairs", 100.0, 145.0, |t| t.metrics.ownership_overlap_pairs as f64);
    check_band(p, "over-approval", 70.0, 115.0, |t| t.metrics.over_approval as f64);
    check_band(p, "throughput", 8.2, 9.2, |t| t.metrics.throughput_rps);
}

#[test]
fn exp3_fencing() {
    check_band(Preset::Exp3C2, "fencing rejects", 1_100.0, 1_200.0, |t| t.metrics.fencing_rejects.unwrap() as f64);
    check_band(Preset::Exp3C2, "drift", 0.0, 0.0, |t| t.metrics.drift_won as f64);
    check_band(Preset::Exp3C2, "approvals (one per wallet, drained)", 4.0, 8.0, |t| t.metrics.approvals as f64);
    // S6 at defaults: c-1 rejects nothing and is indistinguishable from (a).
    check_band(Preset::Exp3C1, "fencing rejects", 0.0, 0.0, |t| t.metrics.fencing_rejects.unwrap() as f64);
    check_band(Preset::Exp3C1, "approvals", 540.0, 630.0, |t| t.metrics.approvals as f64);
    // The 1 s supplement: TTL longer than any hold.
    check_band(Preset::Exp3Ttl1s, "approvals", 240.0, 240.0, |t| t.metrics.approvals as f64);
    check_band(Preset::Exp3Ttl1s, "fencing rejects", 0.0, 0.0, |t| t.metrics.fencing_rejects.unwrap() as f64);
}

#[test]
fn exp4_conditional_update() {
    let p = Preset::Exp4;
    check_band(p, "overlap pairs", 6_000.0, 7_000.0, |t| t.metrics.ownership_overlap_pairs as f64);
    check_band(p, "throughput", 36.0, 40.0, |t| t.metrics.throughput_rps);
    check_band(p, "p95 ms", 500.0, 540.0, |t| t.metrics.latency_p95_ms);
    check_band(p, "approvals", 240.0, 240.0, |t| t.metrics.approvals as f64);
}

#[test]
fn exp5_outage() {
    check_band(Preset::Exp5Closed, "503s", 19_000.0, 23_000.0, |t| t.metrics.n503_during_outage.unwrap() as f64);
    check_band(Preset::Exp5Open, "lockless holds", 700.0, 800.0, |t| {
        t.metrics.lockless_holds_during_outage.unwrap() as f64
    });
    check_band(Preset::Exp5Open, "over-approval", 440.0, 510.0, |t| t.metrics.over_approval as f64);
    for t in runs(Preset::Exp5C2Closed) {
        for (w, &f) in t.details.fence_value_at_kill_per_wallet.iter().enumerate() {
            assert!((94..=98).contains(&f), "exp5_c2_closed seed {} wallet {w}: fence at kill {f}", t.seed);
        }
    }
    check_band(Preset::Exp5Control, "approvals", 240.0, 240.0, |t| t.metrics.approvals as f64);
}

/// §3.2 cross-check: c-2 + outage rejects exactly the fence value per wallet after the restart (S9).
#[test]
fn c2_outage_post_restart_rejects_equal_fence_at_kill() {
    for t in runs(Preset::Exp5C2Closed) {
        assert_eq!(
            t.details.post_restart_read_rejects_per_wallet, t.details.fence_value_at_kill_per_wallet,
            "seed {}",
            t.seed
        );
        assert_eq!(t.metrics.post_restart_read_rejects, t.metrics.fence_value_at_kill);
        assert_eq!(t.metrics.drift_won, 0);
    }
}

/// §3.2 cross-checks: fence at kill ≈ t_kill / G; fail-closed 503s ≈ T × outage / (O + e);
/// (d) overlap pairs ≈ (T/W − 1) × sections; (a) throughput ≈ W / G.
#[test]
fn analytic_cross_checks() {
    let base = LeaseConfig::default();
    for t in runs(Preset::Exp5C2Closed) {
        // G = TTL + g with g ≈ retry / (waiters + 1) + RTT ≈ 7–8 ms.
        let g_ms = 200.0 + 7.5;
        let predicted = 20_000.0 / g_ms;
        for &f in &t.details.fence_value_at_kill_per_wallet {
            assert!((f as f64 - predicted).abs() <= 3.0, "fence {f} vs t_kill/G = {predicted:.1}");
        }
    }
    for t in runs(Preset::Exp5Closed) {
        let cycle_ms =
            f64::from(base.pre_overhead_ms + base.post_overhead_ms) + f64::from(base.lock_unavailable_us) / 1e3;
        let predicted = f64::from(base.threads) * 20_000.0 / cycle_ms;
        let n = t.metrics.n503_during_outage.unwrap() as f64;
        assert!((n / predicted - 1.0).abs() < 0.02, "503s {n} vs {predicted:.0}");
    }
    for t in runs(Preset::Exp4) {
        let per_wallet = f64::from(base.threads / base.wallets);
        let predicted = (per_wallet - 1.0) * t.details.holds as f64;
        let pairs = t.metrics.ownership_overlap_pairs as f64;
        assert!((pairs / predicted - 1.0).abs() < 0.05, "(d) pairs {pairs} vs {predicted:.0}");
    }
    for t in runs(Preset::Exp1) {
        let predicted = f64::from(base.wallets) / 0.2075;
        assert!(
            (t.metrics.throughput_rps / predicted - 1.0).abs() < 0.05,
            "(a) throughput {}",
            t.metrics.throughput_rps
        );
    }
    // Fail-closed keeps the consistency picture of Exp 1 (S10: "same as Exp 1").
    for (closed, naive) in runs(Preset::Exp5Closed).iter().zip(runs(Preset::Exp1).iter()) {
        let (a, b) = (closed.metrics.over_approval as f64, naive.metrics.over_approval as f64);
        assert!((a / b - 1.0).abs() < 0.1, "fail-closed over-approval {a} vs (a) {b}");
    }
    // Control: the outage changes nothing for (d).
    for (control, plain) in runs(Preset::Exp5Control).iter().zip(runs(Preset::Exp4).iter()) {
        assert_eq!(control.details.holds, plain.details.holds);
        assert_eq!(control.metrics.approvals, plain.metrics.approvals);
        let [b, d, a] = control.details.overlap_pairs_by_phase;
        assert!(b.abs_diff(d) * 20 < b && a.abs_diff(d) * 20 < d, "pairs per phase {b} / {d} / {a}");
    }
    assert!(!Variant::Conditional.uses_lock());
}

/// §3.3: figures that only noise produces. Latency jitter makes µs overlap
/// artifacts between cleanly released watchdog holds (never real overlaps);
/// the acquire observation lag lets a TTL = 1 s lease expire under a client
/// that held it well under a second (§3.4 item 6). Without noise, neither appears.
#[test]
fn noise_presets_reproduce_the_noise_figures() {
    use consistency_lab::sim::lease::Noise;
    let jitter = Noise { latency_jitter_pct: 20, ..Noise::OFF };
    let mut artifacts = 0;
    for seed in 1..=3 {
        let t = run(&LeaseConfig { noise: jitter, ..Preset::Exp2.config() }, seed, 0, TraceLevel::Summary);
        assert_eq!(t.details.overlap_artifacts, t.metrics.ownership_overlap_pairs, "seed {seed}: a real overlap");
        assert_eq!(t.metrics.approvals, 240);
        artifacts += t.details.overlap_artifacts;
    }
    assert!(artifacts > 0, "jitter should produce at least one artifact over seeds 1-3");
    let ttl_1s = LeaseConfig { ttl_ms: 1_000, ..LeaseConfig::default() };
    let stolen = |cfg: &LeaseConfig| -> u64 {
        (1..=3).map(|seed| run(cfg, seed, 0, TraceLevel::Summary).metrics.stolen_at_release.unwrap()).sum()
    };
    assert_eq!(stolen(&ttl_1s), 0);
    assert!(stolen(&LeaseConfig { noise: Noise::REALISTIC, ..ttl_1s }) > 0);
}
