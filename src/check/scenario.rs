//! What `lab check` checks: one row per Article A configuration (a preset),
//! and the small world it is checked in.
//!
//! A row is only its `--variant` word and its preset: everything else is
//! read from the preset's configuration, the same one the simulation runs.
//! Its variant's section is `lab_sim::lease::policy`'s row; a process stop
//! schedule makes the process stop an adversary step; an outage makes the
//! lock server's death and empty restart adversary steps, with the
//! configuration's fail policy. [`World`] adds the small world's sizes.

use lab_sim::lease::policy::{self, Policy};
use lab_sim::lease::{FailPolicy, Preset};
use serde::Serialize;

/// One configuration the checker knows by a `--variant` word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The `--variant` word.
    pub key: &'static str,
    /// The preset whose configuration it checks.
    pub preset: Preset,
}

/// Every configuration, in the article's order (a preset of each experiment
/// but the TTL supplement, which differs from (c-2) in timing only).
pub static SCENARIOS: [Scenario; 10] = [
    Scenario { key: "a", preset: Preset::Exp1 },
    Scenario { key: "b", preset: Preset::Exp2 },
    Scenario { key: "b-stop", preset: Preset::Exp2Stop },
    Scenario { key: "c1", preset: Preset::Exp3C1 },
    Scenario { key: "c2", preset: Preset::Exp3C2 },
    Scenario { key: "d", preset: Preset::Exp4 },
    Scenario { key: "e-closed", preset: Preset::Exp5Closed },
    Scenario { key: "e-open", preset: Preset::Exp5Open },
    Scenario { key: "e-c2", preset: Preset::Exp5C2Closed },
    Scenario { key: "e-control", preset: Preset::Exp5Control },
];

/// The row whose `--variant` word is `key`.
pub fn scenario(key: &str) -> Option<&'static Scenario> {
    SCENARIOS.iter().find(|s| s.key == key)
}

/// The `--variant` words, in order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    SCENARIOS.iter().map(|s| s.key)
}

/// The adversary's steps besides the threads' order, as the configuration has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Faults {
    /// A holder's stall (a pause, a GC) can outlast its lease: the
    /// configuration's pause can be longer than its TTL.
    pub stall: bool,
    /// A process stop (SIGSTOP) longer than the lease: every thread and the
    /// watchdog stand still while the lock server lets the lease expire.
    pub process_stop: bool,
    /// The lock server dies (keys and token counters gone) and comes back
    /// empty, once; what an acquire that meets it dead does.
    pub outage: Option<FailPolicy>,
}

/// The smallest and largest world `lab check` accepts.
pub const THREADS_RANGE: (u8, u8) = (2, 3);
pub const BALANCE_RANGE: (u8, u8) = (1, 2);
pub const REQUESTS_RANGE: (u8, u8) = (1, 3);
/// One payment per thread by default: three threads already make every
/// interleaving of three payments.
pub const DEFAULT_REQUESTS: u8 = 1;
/// The default world: three threads (the most the flags allow, so every
/// interleaving of three payments is checked), a balance of one charge
/// (so that two approvals are already one too many).
pub const DEFAULT_THREADS: u8 = 3;
pub const DEFAULT_BALANCE: u8 = 1;
/// The default depth bound (steps from the start); every default world ends well within it.
pub const DEFAULT_DEPTH: u32 = 200;

/// A small world: one wallet, `threads` payment threads that send
/// `requests` payments each (a closed loop, one after the other), a balance
/// of `balance` charges, the lock server and the database, running
/// `policy` under `faults`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct World {
    pub threads: u8,
    pub requests: u8,
    /// In charges: the balance allows exactly this many approvals.
    pub balance: u8,
    /// One charge, in won (the article's 1,000).
    pub amount_won: u32,
    pub policy: Policy,
    pub faults: Faults,
}

impl World {
    /// The world of `scenario`'s configuration with `threads` threads
    /// sending one payment each and a balance of `balance` charges.
    pub fn of(scenario: &Scenario, threads: u8, balance: u8) -> World {
        World::with_requests(scenario, threads, 1, balance)
    }

    /// The same, each thread sending `requests` payments.
    pub fn with_requests(scenario: &Scenario, threads: u8, requests: u8, balance: u8) -> World {
        let config = scenario.preset.config();
        World {
            threads,
            requests,
            balance,
            amount_won: config.amount_won,
            policy: policy::of_config(&config),
            faults: Faults {
                stall: config.pause_max_ms > config.ttl_ms,
                process_stop: config.stops.count > 0,
                outage: config.outage.map(|_| config.fail_policy),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::policy::{Update, Watchdog, WriteFence};

    #[test]
    fn rows_read_their_presets() {
        assert_eq!(keys().count(), SCENARIOS.len());
        for (i, s) in SCENARIOS.iter().enumerate() {
            assert!(!SCENARIOS[i + 1..].iter().any(|t| t.key == s.key || t.preset == s.preset), "{}", s.key);
            assert_eq!(scenario(s.key), Some(s));
        }
        let world = |key| World::of(scenario(key).unwrap(), 2, 1);
        assert!(world("b-stop").faults.process_stop && !world("b").faults.process_stop);
        assert_eq!(world("b-stop").policy.watchdog, Watchdog::SameProcess);
        assert_eq!(world("e-open").faults.outage, Some(FailPolicy::Open));
        assert_eq!(world("e-c2").faults.outage, Some(FailPolicy::Closed));
        assert_eq!(world("e-c2").policy.write_fence, WriteFence::Equal { locks_row: true });
        assert_eq!(world("e-control").policy.update, Update::DecrementIfSufficient);
        assert_eq!(world("a").faults, Faults { stall: true, process_stop: false, outage: None });
        assert_eq!(world("a").amount_won, 1_000);
        assert_eq!(scenario("exp1"), None);
    }
}
