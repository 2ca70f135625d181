//! The small world's state and its steps: which steps are enabled in a
//! state, and what each one does.
//!
//! Each thread runs its variant's section (`World::policy`) as the
//! simulation and the real harness do, one server-side statement per step:
//! acquire (`SET NX PX` with the token's `INCR`, one script in both), read
//! (plain, or c-2's fence stamp, `FOR SHARE` read and commit), compute, the
//! write transaction's fence check, the UPDATE, the ledger insert, COMMIT or
//! ROLLBACK, and the release (`DEL` only while the key holds our token). A
//! thread's program is deterministic, so a thread has at most one enabled
//! step; the adversary picks which thread moves, and has steps of its own:
//! a holder's stall outlasting its lease (where no watchdog renews it), a
//! process stop outlasting it (the watchdog stands still too), and the lock
//! server's death and empty restart.
//!
//! Time is not modelled, only order: a lease expires when the adversary
//! says so, and only while nothing renews it; the watchdog renews in time
//! whenever its process runs. A statement that needs a row lock another
//! transaction holds is not enabled until that lock is released (any
//! waiter may go next: a superset of the database's FIFO order). A refused
//! `SET NX` changes nothing, so a thread waiting for the lock has no step.
//!
//! Besides the state the servers and threads have, the state carries the
//! ghost facts the properties need: each grant's place in the order of all
//! grants (tokens restart at 1 after the lock server's restart, the order
//! does not), the latest grant whose fence stamp the database accepted, and
//! whether a commit overwrote a value its writer had not read (a lost
//! update) or passed with a token older than one the database had accepted.

use lab_sim::lease::policy::{Read, Update, Watchdog, WriteFence};
use lab_sim::lease::FailPolicy;
use serde::Serialize;

use crate::scenario::World;

/// The most threads a world has.
pub const MAX_THREADS: usize = 3;

/// Where a thread is: the step it takes next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pc {
    /// Its request has not reached the lock server yet.
    #[default]
    Acquire,
    /// The plain read.
    Read,
    /// c-2: the read transaction's fence stamp.
    Stamp,
    /// c-2: the `FOR SHARE` read.
    ReadShare,
    /// c-2: the read transaction's commit.
    CommitRead,
    /// Compare the value read with the amount.
    Compute,
    /// The write transaction's fence check.
    WriteFence,
    Update,
    Insert,
    Commit,
    Rollback,
    Release,
    Done,
}

/// A lease grant: its token (the lock server's counter, per life of the
/// server) and its place among all grants of the run (ghost, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Grant {
    pub token: u8,
    pub order: u8,
}

/// A row lock a transaction holds on the wallet row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RowLock {
    #[default]
    None,
    Shared,
    Exclusive,
}

/// One payment thread and its open transaction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Thread {
    pub pc: Pc,
    /// Payments it sends after this one (a closed loop of `World::requests`).
    pub left: u8,
    /// Its lease grant; `None` before it has one, and lockless (d, fail-open).
    pub grant: Option<Grant>,
    /// The balance it read, in charges.
    pub read: Option<i8>,
    /// Its watchdog task runs (cancelled at the release).
    pub watchdog: bool,
    pub wallet_lock: RowLock,
    /// The fence row's X lock.
    pub fence_lock: bool,
    pub pending_balance: Option<i8>,
    pub pending_debit: bool,
    pub pending_fence: Option<u8>,
}

/// The whole world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub threads: [Thread; MAX_THREADS],
    /// `lock:w`: the grant whose token it holds.
    pub key: Option<Grant>,
    /// `token:w`, the INCR counter.
    pub counter: u8,
    pub server_up: bool,
    /// Deaths of the lock server so far (at most one).
    pub kills: u8,
    /// The wallet row's committed balance, in charges (the snapshot).
    pub balance: i8,
    /// Committed ledger debits: the approvals.
    pub debits: u8,
    /// `lock_fence.token`, committed.
    pub fence: u8,
    /// Ghost: the latest grant (its order) whose fence stamp the database accepted; 0: none.
    pub fence_order: u8,
    /// Ghost: grants so far.
    pub grants: u8,
    /// Ghost: a commit overwrote a committed value its writer had not read.
    pub lost_update: bool,
    /// Ghost: a write committed with a grant older than one whose stamp the database had accepted.
    pub stale_write: bool,
}

/// One step: a thread's next statement, or one of the adversary's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "thread")]
pub enum Step {
    Thread(u8),
    /// The holder stalls (a pause, a GC) past its lease: the lease expires.
    Stall,
    /// The process stops (SIGSTOP) past the lease: threads and watchdog stand still, the lease expires.
    ProcessStop,
    /// The lock server dies: keys and counters are gone.
    Kill,
    /// The lock server comes back, empty.
    Restart,
}

/// How a release ended, as the release script answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Released {
    Released,
    Stolen,
    Expired,
    Error,
}

/// What a step did, for the story and the data: every value a reader needs
/// to follow it (balances in charges; the words multiply by the amount).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum Action {
    Acquire {
        token: u8,
    },
    /// The lock server is dead: a 503 (fail-closed).
    Unavailable,
    /// The lock server is dead: on without the lock (fail-open).
    Lockless,
    Read {
        value: i8,
    },
    Stamp {
        token: u8,
        stored: u8,
        passed: bool,
    },
    ReadShare {
        value: i8,
    },
    CommitRead {
        fence: u8,
    },
    Compute {
        value: i8,
        approve: bool,
    },
    FenceAdvance {
        token: u8,
        stored: u8,
        passed: bool,
    },
    FenceEqual {
        token: u8,
        stored: u8,
        passed: bool,
    },
    UpdateSet {
        value: i8,
    },
    UpdateIfSufficient {
        before: i8,
        matched: bool,
    },
    Decrement {
        before: i8,
    },
    Insert,
    Commit {
        balance: i8,
        approvals: u8,
    },
    Rollback,
    Release {
        result: Released,
    },
    Stall {
        thread: u8,
        token: u8,
    },
    ProcessStop {
        thread: u8,
        token: u8,
    },
    Kill,
    Restart,
}

/// Where a payment starts: the acquire, or the section itself when it takes no lease.
fn first_pc(world: &World) -> Pc {
    if world.policy.lease {
        Pc::Acquire
    } else if world.policy.read == Read::None {
        Pc::Update
    } else {
        Pc::Read
    }
}

impl State {
    /// The start: every thread before its first payment, the balance full.
    pub fn initial(world: &World) -> State {
        let mut threads = [Thread { pc: Pc::Done, ..Thread::default() }; MAX_THREADS];
        for t in threads.iter_mut().take(usize::from(world.threads)) {
            *t = Thread { pc: first_pc(world), left: world.requests.saturating_sub(1), ..Thread::default() };
        }
        State {
            threads,
            key: None,
            counter: 0,
            server_up: true,
            kills: 0,
            balance: world.balance as i8,
            debits: 0,
            fence: 0,
            fence_order: 0,
            grants: 0,
            lost_update: false,
            stale_write: false,
        }
    }

    /// The thread the lease key was granted to, if it is still in its section.
    pub fn holder(&self) -> Option<usize> {
        let key = self.key?;
        self.threads.iter().position(|t| t.pc != Pc::Done && t.grant.is_some_and(|g| g.order == key.order))
    }

    fn other_holds_fence(&self, me: usize) -> bool {
        self.threads.iter().enumerate().any(|(i, t)| i != me && t.fence_lock)
    }

    fn other_wallet_lock(&self, me: usize) -> RowLock {
        self.threads.iter().enumerate().filter(|(i, _)| *i != me).map(|(_, t)| t.wallet_lock).max().unwrap_or_default()
    }

    /// Whether thread `i` can take its next step.
    pub fn thread_enabled(&self, world: &World, i: usize) -> bool {
        let t = &self.threads[i];
        match t.pc {
            Pc::Done => false,
            // A refused SET NX changes nothing: the thread waits while the key is held.
            Pc::Acquire => !self.server_up || self.key.is_none(),
            Pc::Stamp => !self.other_holds_fence(i),
            Pc::ReadShare => self.other_wallet_lock(i) != RowLock::Exclusive,
            Pc::WriteFence => match world.policy.write_fence {
                WriteFence::Advance | WriteFence::Equal { locks_row: true } => !self.other_holds_fence(i),
                WriteFence::Equal { locks_row: false } | WriteFence::None => true,
            },
            Pc::Update => self.other_wallet_lock(i) == RowLock::None,
            Pc::Read | Pc::CommitRead | Pc::Compute | Pc::Insert | Pc::Commit | Pc::Rollback | Pc::Release => true,
        }
    }

    /// The enabled steps, in a fixed order: threads by index, then the adversary's.
    pub fn steps(&self, world: &World, out: &mut Vec<Step>) {
        out.clear();
        for i in 0..usize::from(world.threads) {
            if self.thread_enabled(world, i) {
                out.push(Step::Thread(i as u8));
            }
        }
        if let Some(holder) = self.holder() {
            if self.threads[holder].watchdog {
                if world.faults.process_stop {
                    out.push(Step::ProcessStop);
                }
            } else if world.faults.stall {
                out.push(Step::Stall);
            }
        }
        if world.faults.outage.is_some() {
            if self.server_up && self.kills == 0 {
                out.push(Step::Kill);
            } else if !self.server_up {
                out.push(Step::Restart);
            }
        }
    }

    /// Takes `step` (enabled in this state) and says what it did.
    pub fn apply(&mut self, world: &World, step: Step) -> Action {
        match step {
            Step::Thread(i) => self.thread_step(world, usize::from(i)),
            Step::Stall | Step::ProcessStop => {
                let holder = self.holder().expect("a lease to expire");
                let token = self.key.expect("held").token;
                self.key = None;
                let thread = holder as u8;
                if step == Step::Stall {
                    Action::Stall { thread, token }
                } else {
                    Action::ProcessStop { thread, token }
                }
            }
            Step::Kill => {
                self.key = None;
                self.counter = 0;
                self.server_up = false;
                self.kills += 1;
                Action::Kill
            }
            Step::Restart => {
                self.server_up = true;
                Action::Restart
            }
        }
    }

    fn thread_step(&mut self, world: &World, i: usize) -> Action {
        let policy = world.policy;
        let mut t = self.threads[i];
        let token = t.grant.map_or(0, |g| g.token);
        let action = match t.pc {
            Pc::Acquire => {
                if !self.server_up {
                    match world.faults.outage.unwrap_or(FailPolicy::Closed) {
                        FailPolicy::Closed => {
                            t.pc = Pc::Done;
                            Action::Unavailable
                        }
                        FailPolicy::Open => {
                            t.pc = Pc::Read;
                            Action::Lockless
                        }
                    }
                } else {
                    self.counter += 1;
                    self.grants += 1;
                    let grant = Grant { token: self.counter, order: self.grants };
                    self.key = Some(grant);
                    t.grant = Some(grant);
                    t.watchdog = policy.watchdog == Watchdog::SameProcess;
                    t.pc = if policy.read == Read::StampThenShare { Pc::Stamp } else { Pc::Read };
                    Action::Acquire { token: grant.token }
                }
            }
            Pc::Read => {
                t.read = Some(self.balance);
                t.pc = Pc::Compute;
                Action::Read { value: self.balance }
            }
            Pc::Stamp => {
                t.fence_lock = true;
                let passed = self.fence < token;
                if passed {
                    t.pending_fence = Some(token);
                    t.pc = Pc::ReadShare;
                } else {
                    t.pc = Pc::Rollback;
                }
                Action::Stamp { token, stored: self.fence, passed }
            }
            Pc::ReadShare => {
                t.wallet_lock = RowLock::Shared;
                t.read = Some(self.balance);
                t.pc = Pc::CommitRead;
                Action::ReadShare { value: self.balance }
            }
            Pc::CommitRead => {
                self.end_transaction(&mut t, true);
                t.pc = Pc::Compute;
                Action::CommitRead { fence: self.fence }
            }
            Pc::Compute => {
                let value = t.read.expect("computed from a read");
                let approve = value >= 1;
                t.pc = if !approve {
                    t.read = None;
                    self.after_section(&t)
                } else if t.grant.is_some() && policy.write_fence != WriteFence::None {
                    Pc::WriteFence
                } else {
                    Pc::Update
                };
                Action::Compute { value, approve }
            }
            Pc::WriteFence => {
                let stored = self.fence;
                match policy.write_fence {
                    WriteFence::Advance => {
                        t.fence_lock = true;
                        let passed = stored < token;
                        if passed {
                            t.pending_fence = Some(token);
                        }
                        t.pc = if passed { Pc::Update } else { Pc::Rollback };
                        Action::FenceAdvance { token, stored, passed }
                    }
                    WriteFence::Equal { locks_row } => {
                        t.fence_lock = locks_row;
                        let passed = stored == token;
                        t.pc = if passed { Pc::Update } else { Pc::Rollback };
                        Action::FenceEqual { token, stored, passed }
                    }
                    WriteFence::None => unreachable!("no fence step without a fence"),
                }
            }
            Pc::Update => {
                t.wallet_lock = RowLock::Exclusive;
                let before = self.balance;
                match policy.update {
                    Update::SetFromRead => {
                        let value = t.read.expect("set from a read") - 1;
                        t.pending_balance = Some(value);
                        t.pc = Pc::Insert;
                        Action::UpdateSet { value }
                    }
                    Update::DecrementIfSufficient => {
                        let matched = before >= 1;
                        if matched {
                            t.pending_balance = Some(before - 1);
                        }
                        t.pc = if matched { Pc::Insert } else { Pc::Rollback };
                        Action::UpdateIfSufficient { before, matched }
                    }
                    Update::Decrement => {
                        t.pending_balance = Some(before - 1);
                        t.pc = Pc::Insert;
                        Action::Decrement { before }
                    }
                }
            }
            Pc::Insert => {
                t.pending_debit = true;
                t.pc = Pc::Commit;
                Action::Insert
            }
            Pc::Commit => {
                if policy.update == Update::SetFromRead && t.read != Some(self.balance) {
                    self.lost_update = true;
                }
                if t.grant.is_some_and(|g| g.order < self.fence_order) {
                    self.stale_write = true;
                }
                self.end_transaction(&mut t, true);
                t.read = None;
                t.pc = self.after_section(&t);
                Action::Commit { balance: self.balance, approvals: self.debits }
            }
            Pc::Rollback => {
                self.end_transaction(&mut t, false);
                t.read = None;
                t.pc = self.after_section(&t);
                Action::Rollback
            }
            Pc::Release => {
                let result = if !self.server_up {
                    Released::Error
                } else {
                    match self.key {
                        Some(key) if key.token == token => {
                            self.key = None;
                            Released::Released
                        }
                        Some(_) => Released::Stolen,
                        None => Released::Expired,
                    }
                };
                t.pc = Pc::Done;
                Action::Release { result }
            }
            Pc::Done => unreachable!("a finished thread takes no step"),
        };
        if t.pc == Pc::Done {
            // The response is sent; a closed loop sends its next payment.
            t = match t.left {
                0 => Thread { pc: Pc::Done, ..Thread::default() },
                left => Thread { pc: first_pc(world), left: left - 1, ..Thread::default() },
            };
        }
        self.threads[i] = t;
        action
    }

    /// Where a thread goes when its business part is over: the release, if it holds a grant.
    fn after_section(&self, t: &Thread) -> Pc {
        if t.grant.is_some() {
            Pc::Release
        } else {
            Pc::Done
        }
    }

    /// COMMIT (apply what is pending) or ROLLBACK, then release the row locks.
    fn end_transaction(&mut self, t: &mut Thread, commit: bool) {
        if commit {
            if let Some(v) = t.pending_balance {
                self.balance = v;
            }
            if t.pending_debit {
                self.debits += 1;
            }
            if let Some(f) = t.pending_fence {
                self.fence = f;
                let order = t.grant.map_or(0, |g| g.order);
                self.fence_order = self.fence_order.max(order);
            }
        }
        t.pending_balance = None;
        t.pending_debit = false;
        t.pending_fence = None;
        t.wallet_lock = RowLock::None;
        t.fence_lock = false;
    }

    /// The same state with its threads in a canonical order (they all run
    /// one program, so any order of them is the same world), and where each
    /// canonical thread was: `order[k]` is the index in `self` of canonical thread `k`.
    pub fn canonical(&self, threads: usize) -> (State, [u8; MAX_THREADS]) {
        let mut order = [0u8, 1, 2];
        order[..threads].sort_by_key(|&i| self.threads[usize::from(i)]);
        let mut out = *self;
        for (k, &i) in order.iter().enumerate().take(threads) {
            out.threads[k] = self.threads[usize::from(i)];
        }
        (out, order)
    }
}
