// The scripted run whose trace hash must be equal natively and in the
// browser (shared by tests/check_replay.rs and tests/wasm.rs): (a)'s
// smallest counterexample of `lab check` at the default world, as the
// script lab-check makes of it, replayed in lab-sim. check_replay.rs holds
// the checker to this very script and configuration, so the browser test
// needs no lab-check (a native-only crate).

use consistency_lab::sim::lease::{run_scripted, trace_hash, LeaseConfig, Preset, Script, TraceLevel};

/// (a)'s smallest schedule: T1 reads and writes, stalls past its lease before
/// its commit, T2 takes the lock, reads the old balance and writes after T1 commits.
pub const A_SCRIPT_JSON: &str = concat!(
    r#"{"requests":1,"policy":{"lease":true,"read":"plain","write_fence":"none","update":"set_from_read","#,
    r#""pause_at":"after_read","watchdog":"off"},"steps":[{"kind":"thread","thread":0},"#,
    r#"{"kind":"thread","thread":0},{"kind":"thread","thread":0},{"kind":"thread","thread":0},"#,
    r#"{"kind":"thread","thread":0},{"kind":"stall"},{"kind":"thread","thread":1},"#,
    r#"{"kind":"thread","thread":1},{"kind":"thread","thread":1},{"kind":"thread","thread":0},"#,
    r#"{"kind":"thread","thread":1},{"kind":"thread","thread":1},{"kind":"thread","thread":1}]}"#
);

pub fn a_script() -> Script {
    serde_json::from_str(A_SCRIPT_JSON).expect("the pinned script reads")
}

/// Experiment 1 sized to the checker's default world: 3 threads, one wallet holding one 1,000 won charge.
pub fn a_config() -> LeaseConfig {
    LeaseConfig { threads: 3, wallets: 1, processes: 1, initial_balance_won: 1_000, ..Preset::Exp1.config() }
}

pub fn a_replay_hash() -> u64 {
    trace_hash(&run_scripted(&a_config(), &a_script(), TraceLevel::Full).expect("the script replays"))
}

/// The pinned value; both the native and the wasm test read it.
pub const A_REPLAY_HASH: u64 = 0x2f5d_868f_8637_9f69;
