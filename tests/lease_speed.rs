//! A coarse speed probe for profiling (`cargo test --release --test lease_speed -- --ignored --nocapture`);
//! the real numbers come from `benches/lease.rs`.

use std::time::Instant;

use consistency_lab::sim::lease::{run, Preset, TraceLevel};

#[test]
#[ignore]
fn all_presets_repeatedly() {
    // Minimum over repetitions: the least disturbed by other processes.
    let reps = 20;
    let mut best_all = f64::MAX;
    let mut best_exp1 = f64::MAX;
    let mut events = 0;
    for _ in 0..reps {
        let start = Instant::now();
        events = 0;
        for preset in Preset::ALL {
            for run_index in 0..3 {
                events += run(&preset.config(), 1, run_index, TraceLevel::Summary).stats.events_processed;
            }
        }
        best_all = best_all.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        run(&Preset::Exp1.config(), 1, 0, TraceLevel::Summary);
        best_exp1 = best_exp1.min(start.elapsed().as_secs_f64());
    }
    println!(
        "33 runs: {:.1} ms (min of {reps}), exp1: {:.2} ms, {events} events per pass",
        best_all * 1e3,
        best_exp1 * 1e3
    );
}
