//! Scenario B properties over the parameter ranges (proptest): any story
//! configuration runs without panicking and deterministically, and the
//! article's correct variants never equivocate when the device honours sync.

use consistency_lab::sim::vote::{
    run, trace_hash, ConflictSource, FaultKind, Layout, StoreProfile, TraceLevel, Variant, VoteConfig, VoteTiming,
};
use proptest::prelude::*;

fn config() -> impl Strategy<Value = VoteConfig> {
    (
        (0..Variant::ALL.len(), prop::option::of(0u32..24), any::<bool>(), any::<bool>()),
        (0..StoreProfile::ALL.len(), any::<bool>(), any::<bool>(), 0u32..3),
        (any::<bool>(), 0u64..1_000, 0u32..900, prop::option::of(0u32..4_000)),
    )
        .prop_map(|((v, crash, power, nil), (profile, dev, row, blocked), (shares, seed, jitter, restart))| {
            VoteConfig {
                variant: Variant::ALL[v],
                crash_after_events: crash,
                fault: if power { FaultKind::Power } else { FaultKind::Kill },
                conflict_source: if nil { ConflictSource::NilTimeout } else { ConflictSource::ByzantineY },
                profile: StoreProfile::ALL[profile],
                device_honours_sync: dev,
                layout: if row { Layout::LastStateRow } else { Layout::AppendLog },
                blocked_validators: blocked,
                status_probe_shares_engine_lock: shares,
                restart_delay_ms: restart,
                seed,
                timing: VoteTiming { net_jitter_us: jitter, ..VoteTiming::default() },
                ..VoteConfig::default()
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn any_story_runs_deterministically(cfg in config()) {
        let a = run(&cfg, TraceLevel::Spans);
        let b = run(&cfg, TraceLevel::Spans);
        prop_assert_eq!(trace_hash(&a), trace_hash(&b));
        prop_assert!(a.end_us <= u64::from(cfg.horizon_ms) * 1_000);
        // Blocking two of four validators always stalls the network.
        if cfg.blocked_validators >= 2 {
            prop_assert!(!a.outcome.liveness.both_txs_finalized_by_horizon);
        }
    }

    #[test]
    fn correct_variants_never_equivocate(cfg in config()) {
        let correct = [Variant::V0, Variant::V2g, Variant::FFence, Variant::IWaitThenFence];
        let cfg = VoteConfig { variant: correct[(cfg.seed % 4) as usize], device_honours_sync: true, ..cfg };
        let t = run(&cfg, TraceLevel::Summary);
        prop_assert!(t.outcome.equivocations.is_empty(), "{:?}", cfg);
        prop_assert!(t.outcome.false_memory.is_empty());
    }
}
