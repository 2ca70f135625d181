// The fixed run whose trace hash must be equal natively and in the browser
// (shared by tests/parity.rs and tests/wasm.rs).

use consistency_lab::sim::lease::{run, trace_hash, LeaseTrace, Preset, TraceLevel};

/// Exp 1 shortened to 5 s, seed 1, run 0, every event kept.
pub fn parity_trace() -> LeaseTrace {
    let mut config = Preset::Exp1.config();
    config.duration_s = 5;
    run(&config, 1, 0, TraceLevel::Full)
}

pub fn parity_hash() -> u64 {
    trace_hash(&parity_trace())
}

/// The pinned value. If the engine changes on purpose, update it here once:
/// both the native and the wasm test read this constant.
pub const EXPECTED_PARITY_HASH: u64 = 0xd178_87e7_d3da_c6fc;
