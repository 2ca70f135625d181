//! S14 determinism (model.md §3.2): the same config and seed give identical
//! traces; pinned hashes per preset catch any unintended model change; the
//! trace level changes what is kept, never what happens.

use consistency_lab::sim::lease::{run, trace_hash, Preset, TraceLevel};

/// `trace_hash` of each preset at seed 1, run 0, `TraceLevel::Summary`.
/// An intentional model change updates these: the failure message prints
/// the whole new table, ready to paste.
const GOLDEN: [(&str, u64); 11] = [
    ("exp1", 0x647b9b161b6daf01),
    ("exp2", 0xf5c7ec992fa53f77),
    ("exp2_stop", 0x94dab1c2b135bf73),
    ("exp3_c1", 0x0ccf58357c892263),
    ("exp3_c2", 0xca2bca12ce62846e),
    ("exp3_ttl1s", 0x141e5cc3af3ba744),
    ("exp4", 0xce7821edbb05f480),
    ("exp5_closed", 0x68cf271e7e2539b8),
    ("exp5_open", 0xd692e38e3b2b10d2),
    ("exp5_c2_closed", 0xd243fc2740b4ba1b),
    ("exp5_control", 0x468c61c0c0f962da),
];

#[test]
fn golden_hashes_per_preset() {
    let actual: Vec<(&str, u64)> =
        Preset::ALL.iter().map(|p| (p.key(), trace_hash(&run(&p.config(), 1, 0, TraceLevel::Summary)))).collect();
    if actual != GOLDEN {
        let table: String = actual.iter().map(|(k, h)| format!("    (\"{k}\", 0x{h:016x}),\n")).collect();
        panic!("trace hashes changed; if the model change is intentional, use:\nconst GOLDEN: [(&str, u64); 11] = [\n{table}];");
    }
}

#[test]
fn same_seed_same_trace_at_full_level() {
    for preset in Preset::ALL {
        let config = preset.config();
        let a = run(&config, 7, 1, TraceLevel::Full);
        let b = run(&config, 7, 1, TraceLevel::Full);
        assert_eq!(trace_hash(&a), trace_hash(&b), "{}", preset.key());
        assert!(a == b, "{}: traces differ", preset.key());
        assert!(!a.events.is_empty() && !a.holds.is_empty());
    }
}

#[test]
fn level_changes_only_what_is_kept() {
    for preset in Preset::ALL {
        let config = preset.config();
        let summary = run(&config, 3, 2, TraceLevel::Summary);
        let holds = run(&config, 3, 2, TraceLevel::Holds);
        let full = run(&config, 3, 2, TraceLevel::Full);
        for t in [&holds, &full] {
            assert!(t.metrics == summary.metrics, "{}: metrics depend on the level", preset.key());
            assert_eq!(t.details, summary.details, "{}", preset.key());
            assert_eq!(t.series, summary.series, "{}", preset.key());
            assert_eq!(t.stats, summary.stats, "{}", preset.key());
        }
        assert!(summary.holds.is_empty() && summary.leases.is_empty() && summary.events.is_empty());
        assert_eq!(holds.holds, full.holds);
        assert_eq!(holds.leases, full.leases);
        assert!(holds.events.is_empty());
        // Full-level events are in stamp order.
        assert!(full.events.windows(2).all(|w| w[0].at <= w[1].at), "{}", preset.key());
    }
}

#[test]
fn seeds_and_run_indices_differ() {
    let config = Preset::Exp1.config();
    let h = |seed, run_index| trace_hash(&run(&config, seed, run_index, TraceLevel::Summary));
    assert_ne!(h(1, 0), h(2, 0));
    assert_ne!(h(1, 0), h(1, 1));
}
