//! Speed of `lab check` (issue 41's budget: `--variant all` at the default
//! world ≤ 120 s natively on 2 cores): every variant at the default world
//! (three threads, one payment each, a balance of one charge), the largest
//! world the flags allow (three threads, two payments each, a balance of
//! two), and the figure's verdict for its slowest variant (`e-open` at three
//! threads, what the page's check module computes when the reader asks).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use lab_check::session::Session;
use lab_check::{check, Options, SCENARIOS};

fn all(options: Options) -> u64 {
    SCENARIOS.iter().map(|s| check(s, options, &mut |_| {}).states).sum()
}

fn bench(c: &mut Criterion) {
    c.bench_function("check_all_default_world", |b| b.iter(|| black_box(all(Options::default()))));
    let largest = Options { threads: 3, requests: 2, balance: 2, ..Options::default() };
    let mut group = c.benchmark_group("check_all_largest_world");
    group.sample_size(10);
    group.bench_function("threads3_requests2_balance2", |b| b.iter(|| black_box(all(largest))));
    group.finish();
    c.bench_function("figure_verdict_e_open_3_threads", |b| {
        b.iter(|| {
            let (mut session, _) = Session::from_address("?check=e-open&threads=3");
            black_box(session.verdict().states)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
