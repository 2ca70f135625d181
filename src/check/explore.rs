//! Breadth-first exploration of a world's states, each checked against the
//! article's properties, and the smallest schedule that breaks each one.
//!
//! Level by level from the start, every enabled step of every state; a state
//! seen before (by hash; with symmetry, in its canonical thread order) is
//! not explored again, so the first state found that breaks a property is
//! one of the fewest steps from the start, and its parent chain is a
//! smallest schedule. Exploration goes on to the end (or the depth bound),
//! so every property gets its own smallest schedule and the state count is
//! the whole reachable world's. No clock, no threads, no randomness: the
//! same world gives the same answer, step for step, on every platform.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use lab_sim::lease::policy::Update;
use serde::Serialize;

use crate::scenario::World;
use crate::world::{Action, Pc, State, Step};

/// One of the properties every state is checked against (Article A's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// Approvals (committed ledger debits) ≤ what the balance allows (INV-003).
    OverApproval,
    /// Snapshot = initial balance − the ledger's debits (INV-010).
    Drift,
    /// No commit overwrites a committed balance its writer had not read.
    LostUpdate,
    /// No write commits with a token older than one the database has accepted (token variants).
    StaleToken,
}

impl Property {
    pub const ALL: [Property; 4] =
        [Property::OverApproval, Property::Drift, Property::LostUpdate, Property::StaleToken];

    /// Whether the property means anything in `world`: a lost update needs a
    /// read-modify-write, a stale token needs a fence.
    pub fn applies(self, world: &World) -> bool {
        match self {
            Property::OverApproval | Property::Drift => true,
            Property::LostUpdate => world.policy.update == Update::SetFromRead,
            Property::StaleToken => world.policy.fenced(),
        }
    }

    /// Whether `state` breaks it.
    pub fn broken(self, world: &World, state: &State) -> bool {
        match self {
            Property::OverApproval => state.debits > world.balance,
            Property::Drift => i16::from(state.balance) != i16::from(world.balance) - i16::from(state.debits),
            Property::LostUpdate => state.lost_update,
            Property::StaleToken => state.stale_write,
        }
    }
}

/// How far to explore.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// No state more than this many steps from the start is explored.
    pub depth: u32,
    /// Explore one state per set of states that differ only in which thread is which.
    pub symmetry: bool,
}

/// Where an exploration is, for a caller that shows progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub states: u64,
    pub depth: u32,
}

/// How often (in new states) the progress callback is called, besides at each level's end.
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// One step of a schedule as it happened: the step, what it did, the state after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub step: Step,
    pub action: Action,
    pub after: State,
}

/// The smallest schedule found that breaks a property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub property: Property,
    pub schedule: Vec<Taken>,
}

/// What an exploration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exploration {
    /// Distinct states reached (with symmetry: distinct up to the threads' order).
    pub states: u64,
    /// Steps taken from explored states (each enabled step of each state).
    pub transitions: u64,
    /// The most steps from the start of any state reached.
    pub depth: u32,
    /// Every reachable state was explored (the depth bound cut nothing off).
    pub complete: bool,
    /// States with no enabled step where a thread has not finished (a deadlock).
    pub stuck: u64,
    /// For each property broken, its smallest schedule, in [`Property::ALL`]'s order.
    pub violations: Vec<Violation>,
}

/// A fixed, fast hasher (FxHash's mixing): the same on every platform, no random keys.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Seen = HashMap<State, u32, BuildHasherDefault<Fx>>;

/// Explores `world` within `limits`, calling `progress` now and then.
pub fn explore(world: &World, limits: Limits, progress: &mut dyn FnMut(Progress)) -> Exploration {
    let threads = usize::from(world.threads);
    let canon = |s: &State| if limits.symmetry { s.canonical(threads).0 } else { *s };
    let start = canon(&State::initial(world));
    let mut seen: Seen = HashMap::default();
    // Per state index: its parent's index and the step (in the parent's canonical thread order).
    let mut parents: Vec<(u32, Step)> = vec![(0, Step::Thread(0))];
    seen.insert(start, 0);
    let mut found: Vec<(Property, u32)> = Vec::new();
    let check = |state: &State, index: u32, found: &mut Vec<(Property, u32)>| {
        for p in Property::ALL {
            if p.applies(world) && !found.iter().any(|(q, _)| *q == p) && p.broken(world, state) {
                found.push((p, index));
            }
        }
    };
    check(&start, 0, &mut found);
    let mut frontier = vec![(start, 0u32)];
    let mut next = Vec::new();
    let mut steps = Vec::new();
    let (mut depth, mut transitions, mut stuck) = (0u32, 0u64, 0u64);
    let mut complete = true;
    while !frontier.is_empty() {
        if depth >= limits.depth {
            complete = false;
            break;
        }
        for &(state, index) in &frontier {
            state.steps(world, &mut steps);
            if steps.is_empty() && state.threads[..threads].iter().any(|t| t.pc != Pc::Done) {
                stuck += 1;
            }
            for &step in &steps {
                transitions += 1;
                let mut after = state;
                after.apply(world, step);
                let after = canon(&after);
                if seen.contains_key(&after) {
                    continue;
                }
                let new_index = parents.len() as u32;
                seen.insert(after, new_index);
                parents.push((index, step));
                check(&after, new_index, &mut found);
                next.push((after, new_index));
                if (parents.len() as u64).is_multiple_of(PROGRESS_EVERY) {
                    progress(Progress { states: parents.len() as u64, depth: depth + 1 });
                }
            }
        }
        frontier.clear();
        std::mem::swap(&mut frontier, &mut next);
        if !frontier.is_empty() {
            depth += 1;
        }
        progress(Progress { states: parents.len() as u64, depth });
    }
    found.sort_by_key(|(p, _)| *p);
    let violations = found
        .into_iter()
        .map(|(property, index)| Violation { property, schedule: replay(world, &parents, index, limits.symmetry) })
        .collect();
    Exploration { states: parents.len() as u64, transitions, depth, complete, stuck, violations }
}

/// The schedule from the start to state `index`, replayed with the threads'
/// own indices (a step stored against a canonical order is mapped back).
fn replay(world: &World, parents: &[(u32, Step)], index: u32, symmetry: bool) -> Vec<Taken> {
    let mut chain = Vec::new();
    let mut i = index;
    while i != 0 {
        let (parent, step) = parents[i as usize];
        chain.push(step);
        i = parent;
    }
    chain.reverse();
    let threads = usize::from(world.threads);
    let mut state = State::initial(world);
    chain
        .into_iter()
        .map(|stored| {
            let step = match stored {
                Step::Thread(k) if symmetry => Step::Thread(state.canonical(threads).1[usize::from(k)]),
                other => other,
            };
            let action = state.apply(world, step);
            Taken { step, action, after: state }
        })
        .collect()
}

/// Replays `steps` from the start of `world`: what each did and the state
/// after it; `None` at the first step that is not enabled where it comes.
pub fn play(world: &World, steps: &[Step]) -> Option<Vec<Taken>> {
    let mut state = State::initial(world);
    let mut enabled = Vec::new();
    steps
        .iter()
        .map(|&step| {
            state.steps(world, &mut enabled);
            if !enabled.contains(&step) {
                return None;
            }
            let action = state.apply(world, step);
            Some(Taken { step, action, after: state })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{scenario, SCENARIOS};
    use lab_sim::lease::policy::WriteFence;

    fn world(key: &str, threads: u8, balance: u8) -> World {
        World::of(scenario(key).unwrap(), threads, balance)
    }

    fn run(world: &World, symmetry: bool) -> Exploration {
        explore(world, Limits { depth: 200, symmetry }, &mut |_| {})
    }

    fn broken(e: &Exploration) -> Vec<(Property, usize)> {
        e.violations.iter().map(|v| (v.property, v.schedule.len())).collect()
    }

    #[test]
    fn symmetry_changes_the_count_and_nothing_else() {
        for s in &SCENARIOS {
            for (threads, balance) in [(2, 1), (3, 1), (3, 2)] {
                let w = World::of(s, threads, balance);
                let (plain, reduced) = (run(&w, false), run(&w, true));
                assert_eq!(broken(&plain), broken(&reduced), "{} {threads}/{balance}", s.key);
                assert_eq!(
                    (plain.depth, plain.complete, plain.stuck),
                    (reduced.depth, reduced.complete, reduced.stuck)
                );
                assert!(reduced.states <= plain.states && reduced.states * 6 >= plain.states, "{}", s.key);
            }
        }
    }

    #[test]
    fn every_world_ends_with_every_thread_done() {
        for s in &SCENARIOS {
            for (threads, balance) in [(2, 1), (2, 2), (3, 1), (3, 2)] {
                let e = run(&World::of(s, threads, balance), true);
                assert!(e.complete, "{}", s.key);
                assert_eq!(e.stuck, 0, "{} {threads}/{balance}: a deadlock", s.key);
            }
        }
    }

    #[test]
    fn each_schedule_replays_to_its_violation_and_none_is_shorter() {
        for s in &SCENARIOS {
            let w = World::of(s, 3, 1);
            for v in run(&w, true).violations {
                let steps: Vec<Step> = v.schedule.iter().map(|t| t.step).collect();
                let played = play(&w, &steps).expect("every step enabled where it comes");
                assert_eq!(played, v.schedule);
                let last = played.last().unwrap().after;
                assert!(v.property.broken(&w, &last), "{} {:?}", s.key, v.property);
                assert!(played[..played.len() - 1].iter().all(|t| !v.property.broken(&w, &t.after)));
                // Breadth first: one step less, and the property holds everywhere.
                let shorter = explore(&w, Limits { depth: steps.len() as u32 - 1, symmetry: false }, &mut |_| {});
                assert!(!shorter.violations.iter().any(|u| u.property == v.property), "{} {:?}", s.key, v.property);
            }
        }
    }

    #[test]
    fn a_step_that_is_not_enabled_does_not_play() {
        let w = world("a", 2, 1);
        assert!(play(&w, &[Step::Thread(0), Step::Thread(1)]).is_none(), "T2 waits while T1 holds the key");
        assert!(play(&w, &[Step::Stall]).is_none(), "no lease to expire");
        assert!(play(&w, &[Step::Thread(0), Step::Stall, Step::Thread(1)]).is_some());
        assert!(play(&world("b", 2, 1), &[Step::Thread(0), Step::Stall]).is_none(), "the watchdog renews");
        assert!(play(&world("b-stop", 2, 1), &[Step::Thread(0), Step::ProcessStop]).is_some());
        assert!(play(&w, &[Step::Kill]).is_none(), "no outage in (a)");
    }

    #[test]
    fn planted_bugs_are_found() {
        // (c-2) without its write-time check: the stale holder's write passes.
        let mut w = world("c2", 2, 1);
        w.policy.write_fence = WriteFence::None;
        let found: Vec<Property> = run(&w, true).violations.iter().map(|v| v.property).collect();
        assert!(found.contains(&Property::StaleToken) && found.contains(&Property::LostUpdate), "{found:?}");
        // (c-2) with a check that does not lock the fence row (model.md §1.2 [AMB]).
        let mut w = world("c2", 2, 1);
        w.policy.write_fence = WriteFence::Equal { locks_row: false };
        assert!(run(&w, true).violations.iter().any(|v| v.property == Property::LostUpdate));
        // (d) with an unconditional UPDATE: the snapshot and the ledger agree, both below zero.
        let mut w = world("d", 2, 1);
        w.policy.update = Update::Decrement;
        let found: Vec<Property> = run(&w, true).violations.iter().map(|v| v.property).collect();
        assert_eq!(found, [Property::OverApproval]);
    }

    #[test]
    fn the_same_world_gives_the_same_answer() {
        let w = world("e-open", 3, 2);
        assert_eq!(run(&w, true), run(&w, true));
    }
}
