//! Band checks (model.md §3.2 table B): each preset at its defaults, seeds
//! 1, 2, 3 (run 0), must land inside the calibration bands.

use consistency_lab::sim::lease::{run, LeaseMetrics, LeaseTrace, Preset, TraceLevel};

fn runs(preset: Preset) -> Vec<LeaseTrace> {
    (1..=3).map(|seed| run(&preset.config(), seed, 0, TraceLevel::Summary)).collect()
}

#[test]
fn print_all_presets() {
    for preset in Preset::ALL {
        for t in runs(preset) {
            let m: &LeaseMetrics = &t.metrics;
            println!(
                "{:<15} s{} appr {:>4} pairs {:>5} maxown {} stolen {:?} drift {:>7} over {:>3} neg {} fence {:?} lost {:?} thr {:.2} p95 {:.1} n503 {:?} lockless {:?} ext {:?} fk {:?} prr {:?} | holds {} byphase {:?} ev {} art {} wao {}",
                preset.key(), t.seed, m.approvals, m.ownership_overlap_pairs, m.max_concurrent_owners, m.stolen_at_release,
                m.drift_won, m.over_approval, m.negative_ledger_wallets, m.fencing_rejects, m.lost_update_pairs,
                m.throughput_rps, m.latency_p95_ms, m.n503_during_outage, m.lockless_holds_during_outage,
                m.watchdog_extensions, t.details.fence_value_at_kill_per_wallet, t.details.post_restart_read_rejects_per_wallet,
                t.details.holds, t.details.overlap_pairs_by_phase, t.stats.events_processed, t.details.overlap_artifacts, t.details.writes_after_overtake
            );
        }
    }
}
