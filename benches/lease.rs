//! Scenario A speed: one bench per preset at its defaults (seed 1, run 0,
//! `TraceLevel::Summary`), plus all 33 runs (11 presets × 3 runs) together.
//! Targets: exp1 ≤ 5 ms median, all 33 runs ≤ 0.2 s (native release).

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use consistency_lab::sim::lease::{run, Preset, TraceLevel};

fn presets(c: &mut Criterion) {
    let mut group = c.benchmark_group("lease");
    group.sample_size(20);
    for preset in Preset::ALL {
        let config = preset.config();
        group
            .bench_function(preset.key(), |b| b.iter(|| black_box(run(black_box(&config), 1, 0, TraceLevel::Summary))));
    }
    group.sample_size(10);
    group.bench_function("all_33_runs", |b| {
        b.iter(|| {
            for preset in Preset::ALL {
                let config = preset.config();
                for run_index in 0..3 {
                    black_box(run(&config, 1, run_index, TraceLevel::Summary));
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, presets);
criterion_main!(benches);
