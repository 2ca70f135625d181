//! `lab-check`: every schedule of a small Article A world, explored breadth
//! first, and the smallest one that breaks each of the article's properties.
//!
//! The world (`scenario`): one wallet whose balance allows one or two
//! charges, two or three payment threads sending one payment each (or a
//! few, one after the other), the
//! lock server (lease, per-wallet token counter) and the database (row
//! locks, READ COMMITTED, the fence table), each thread running its
//! variant's section as `lab_sim::lease::policy`'s row says. The steps and
//! the adversary (`world`): which enabled step comes next, when a holder's
//! stall or a process stop outlasts its lease, the lock server's death and
//! empty restart. The search (`explore`): breadth first, states deduplicated
//! by hash (with symmetry over the threads), a depth bound. The answer
//! (`report`): verdict, states, depth and each smallest schedule, as data
//! (facts: the words layer, `lab_words::check`, says them). The reader's own
//! run of the same world, step by step, as the page's break-it figure plays
//! it (`session`).
//!
//! Article B (`vote`): its single-crash map has no schedule to search, so
//! for each variant the earliest crash point of figure B2's matrix that can
//! make the validator double-vote, run again in the simulation.
//!
//! It sits beside `lab-figures`, right of `lab-model` (ARCHITECTURE.md). No
//! clock, no threads, no randomness: a caller that wants progress passes a
//! callback, so the same code can run natively or in a web worker and gives
//! the same answer on both.

pub mod explore;
pub mod replay;
pub mod report;
pub mod scenario;
pub mod session;
pub mod vote;
pub mod world;

pub use explore::{explore, Limits, Progress, Property};
pub use report::{Report, Verdict};
pub use scenario::{Scenario, World, SCENARIOS};

/// The size of the world and of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Whether a holder's stall may outlast its lease (`None`: as the configuration's pause and TTL say).
    pub stalls: Option<bool>,
    pub threads: u8,
    /// Payments each thread sends, one after the other.
    pub requests: u8,
    pub balance: u8,
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            stalls: None,
            threads: scenario::DEFAULT_THREADS,
            requests: scenario::DEFAULT_REQUESTS,
            balance: scenario::DEFAULT_BALANCE,
            limits: Limits { depth: scenario::DEFAULT_DEPTH, symmetry: true },
        }
    }
}

/// Checks `scenario` in the world `options` sizes, calling `progress` now and then.
pub fn check(scenario: &Scenario, options: Options, progress: &mut dyn FnMut(Progress)) -> Report {
    let mut world = World::with_requests(scenario, options.threads, options.requests, options.balance);
    if let Some(stall) = options.stalls {
        world.faults.stall = stall;
    }
    let exploration = explore(&world, options.limits, progress);
    // The configuration's name is words: empty here, the words layer fills it.
    Report::new(
        (scenario.key, scenario.preset.key(), ""),
        &world,
        options.limits.depth,
        options.limits.symmetry,
        &exploration,
    )
}
