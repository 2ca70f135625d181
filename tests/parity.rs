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
