//! Native half of the native/wasm parity check: the trace hash of a fixed
//! run equals the constant that `tests/wasm.rs` checks in the browser.

#[path = "support/parity_case.rs"]
mod parity_case;

use parity_case::{parity_hash, EXPECTED_PARITY_HASH};

#[test]
fn native_trace_hash_matches_the_pinned_value() {
    let h = parity_hash();
    assert_eq!(h, EXPECTED_PARITY_HASH, "native trace hash is {h:#018x}");
}

#[test]
fn timing_of_the_default_runs() {
    use consistency_lab::sim::lease::{run, Preset, TraceLevel};
    use std::time::Instant;
    let c = Preset::Exp1.config();
    let t = Instant::now();
    let s = run(&c, 1, 0, TraceLevel::Summary);
    let summary = t.elapsed();
    let mut short = c.clone();
    short.duration_s = 3;
    let t = Instant::now();
    let f = run(&short, 1, 0, TraceLevel::Full);
    let full3 = t.elapsed();
    println!(
        "exp1 60 s summary: {summary:?} ({} events); 3 s full: {full3:?} ({} events)",
        s.stats.events_processed,
        f.events.len()
    );
}
