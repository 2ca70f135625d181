//! Speed of the §4.8 crash-point enumeration: the full matrix (every
//! variant, all three store profiles, both device settings, both faults),
//! plus one default story run for scale, and the heaviest run the work cap
//! allows (issue 19's freeze query, stopped at `MAX_EVENTS` at full level).
//! Target: the full matrix ≤ 10 ms native.

use std::hint::black_box;

use consistency_lab::sim::vote::crashpoints::matrix;
use consistency_lab::sim::vote::{run, StoreProfile, TraceLevel, VoteConfig};
use criterion::{criterion_group, criterion_main, Criterion};
use lab_model::params::parse_vote_query;

fn full_matrix() -> usize {
    let mut rows = 0;
    for profile in StoreProfile::ALL {
        for device_honours_sync in [true, false] {
            rows += matrix(profile, device_honours_sync).len();
        }
    }
    rows
}

fn bench(c: &mut Criterion) {
    c.bench_function("crashpoints_full_matrix", |b| b.iter(|| black_box(full_matrix())));
    let story = VoteConfig::default();
    c.bench_function("vote_story_default_full_trace", |b| b.iter(|| black_box(run(&story, TraceLevel::Full))));
    let freeze = parse_vote_query(
        "scenario=vote&sign_us=0&wal_write_us=0&commit_us=0&drain_us=0&fsync_us=0&send_us=0\
         &timeout_commit_ms=0&net_one_way_us=1",
    )
    .value;
    c.bench_function("vote_freeze_query_capped_full_trace", |b| b.iter(|| black_box(run(&freeze, TraceLevel::Full))));
}

criterion_group!(benches, bench);
criterion_main!(benches);
