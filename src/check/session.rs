//! The reader as the adversary: one run of a small world, step by step, as
//! the page's break-it figure plays it.
//!
//! A [`Session`] is the same world the checker explores (`World`, `State`,
//! their steps), with the steps the reader took so far: which thread moves
//! next, when a holder stalls past its lease, when the lock server dies and
//! comes back. Each step is checked as the checker checks a state, so the
//! first step that breaks a property is where the reader broke the design;
//! the checker's own answer for the same world ([`Session::verdict`]) is one
//! call away, for the smallest schedule and for the verdict on the designs
//! nothing breaks.
//!
//! A session is its address: the variant, the threads and the schedule, one
//! character per step ([`encode`], [`decode`]); [`Session::from_address`]
//! reads one back, clamping or ignoring what it cannot play and saying so
//! ([`SessionNotice`], which the words layer says: `lab_words::check`).

use lab_model::params::{last_values, split_query, NoticeLog};

use crate::explore::{Property, Taken};
use crate::report::Report;
use crate::scenario::{scenario, Scenario, World, SCENARIOS, THREADS_RANGE};
use crate::world::{Pc, State, Step, MAX_THREADS};
use crate::{check, Options};

/// The figure's world has one payment per thread and a balance of one
/// charge: two approvals are already one too many.
pub const BALANCE: u8 = 1;
pub const REQUESTS: u8 = 1;
/// Threads when the address names none: two are enough to break every
/// design that breaks with two, and a reader can follow two lanes.
pub const DEFAULT_THREADS: u8 = 2;
/// The most steps an address may carry (the longest world ends well within it).
pub const MAX_STEPS: usize = 64;
/// The address keys: the variant (a `lab check --variant` word), the threads, the schedule.
pub const KEY_VARIANT: &str = "check";
pub const KEY_THREADS: &str = "threads";
pub const KEY_SCHEDULE: &str = "sched";

/// One step as a character of a schedule code.
pub fn step_char(step: Step) -> char {
    match step {
        Step::Thread(i) => char::from(b'1' + i),
        Step::Stall => 's',
        Step::ProcessStop => 'p',
        Step::Kill => 'k',
        Step::Restart => 'r',
    }
}

/// A schedule as its code: `1`–`3` a thread's next statement, `s` a stall
/// past the lease, `p` a process stop, `k` the lock server's death, `r` its restart.
pub fn encode(steps: &[Step]) -> String {
    steps.iter().map(|&s| step_char(s)).collect()
}

/// A schedule code's steps; `Err(i)`: the character at `i` (0-based) is not a step.
pub fn decode(code: &str) -> Result<Vec<Step>, usize> {
    code.chars()
        .enumerate()
        .map(|(i, c)| match c {
            '1'..='3' => Ok(Step::Thread(c as u8 - b'1')),
            's' => Ok(Step::Stall),
            'p' => Ok(Step::ProcessStop),
            'k' => Ok(Step::Kill),
            'r' => Ok(Step::Restart),
            _ => Err(i),
        })
        .collect()
}

/// One step the adversary could take now, and whether it can (the words
/// layer names it and says why not: `lab_words::check::{choice_label, why_not}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub step: Step,
    pub enabled: bool,
}

/// What an address asked of the figure that it could not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionNotice {
    /// The variant's name is not one of the checker's: (a) opens instead.
    UnknownVariant { given: String },
    /// The thread count was a number outside the range: clamped to `threads`.
    ThreadsClamped { given: String, threads: u8 },
    /// The thread count was not a number: `threads` (the default) instead.
    ThreadsIgnored { given: String, threads: u8 },
    /// The schedule's character at `at` (0-based) is not a step: the whole schedule was ignored.
    ScheduleMalformed { given: String, at: usize },
    /// The schedule's `step`-th step (1-based) could not be taken there: played up to the one before.
    ScheduleCut { step: usize },
    /// The schedule was longer than `max` steps: its first `max` were played.
    ScheduleTooLong { max: usize },
}

/// The reader's run of one small world.
#[derive(Clone, Debug)]
pub struct Session {
    scenario: &'static Scenario,
    world: World,
    taken: Vec<Taken>,
    verdict: Option<Report>,
}

impl Session {
    /// `scenario`'s world with `threads` threads (clamped to what the checker allows), before any step.
    pub fn new(scenario: &'static Scenario, threads: u8) -> Session {
        let threads = threads.clamp(THREADS_RANGE.0, THREADS_RANGE.1);
        Session {
            scenario,
            world: World::with_requests(scenario, threads, REQUESTS, BALANCE),
            taken: Vec::new(),
            verdict: None,
        }
    }

    /// The session an address names (`?…&check=c1&threads=2&sched=1s2…`),
    /// and what it asked that could not be played. Keys it does
    /// not know are the page's business and pass unremarked.
    pub fn from_address(search: &str) -> (Session, Vec<SessionNotice>) {
        let mut log = NoticeLog::default();
        let values = last_values(split_query(search), &mut log);
        let mut notices = Vec::new();
        let scenario = match values.get(KEY_VARIANT) {
            None => &SCENARIOS[0],
            Some(key) => scenario(key).unwrap_or_else(|| {
                notices.push(SessionNotice::UnknownVariant { given: key.to_string() });
                &SCENARIOS[0]
            }),
        };
        let threads = match values.get(KEY_THREADS) {
            None => DEFAULT_THREADS,
            Some(text) => match text.trim().parse::<i64>() {
                Ok(n) if (i64::from(THREADS_RANGE.0)..=i64::from(THREADS_RANGE.1)).contains(&n) => n as u8,
                Ok(n) => {
                    let clamped = n.clamp(i64::from(THREADS_RANGE.0), i64::from(THREADS_RANGE.1)) as u8;
                    notices.push(SessionNotice::ThreadsClamped { given: text.to_string(), threads: clamped });
                    clamped
                }
                Err(_) => {
                    notices.push(SessionNotice::ThreadsIgnored { given: text.to_string(), threads: DEFAULT_THREADS });
                    DEFAULT_THREADS
                }
            },
        };
        let mut session = Session::new(scenario, threads);
        if let Some(code) = values.get(KEY_SCHEDULE) {
            match decode(code) {
                Err(at) => notices.push(SessionNotice::ScheduleMalformed { given: code.to_string(), at }),
                Ok(steps) => {
                    let (fits, cut) = steps.split_at(steps.len().min(MAX_STEPS));
                    for (i, &step) in fits.iter().enumerate() {
                        if !session.take(step) {
                            notices.push(SessionNotice::ScheduleCut { step: i + 1 });
                            break;
                        }
                    }
                    if !cut.is_empty() && session.taken.len() == MAX_STEPS {
                        notices.push(SessionNotice::ScheduleTooLong { max: MAX_STEPS });
                    }
                }
            }
        }
        (session, notices)
    }

    /// This state's permalink in `chapter` (the figure `break-it`).
    pub fn address(&self, chapter: &str) -> String {
        lab_model::permalink::break_it(chapter, self.scenario.key, self.world.threads, &self.code())
    }

    pub fn scenario(&self) -> &'static Scenario {
        self.scenario
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    /// The state now.
    pub fn state(&self) -> State {
        self.taken.last().map_or_else(|| State::initial(&self.world), |t| t.after)
    }

    /// The steps taken so far: each step, what it did and the state after it.
    pub fn taken(&self) -> &[Taken] {
        &self.taken
    }

    /// The steps enabled now, in the checker's order.
    pub fn enabled(&self) -> Vec<Step> {
        let mut out = Vec::new();
        self.state().steps(&self.world, &mut out);
        out
    }

    /// Every step the world has at all, in a fixed order (the threads, then
    /// the adversary's that this variant has), each with whether it can be taken now.
    pub fn choices(&self) -> Vec<Choice> {
        let enabled = self.enabled();
        let w = &self.world;
        let mut all: Vec<Step> = (0..w.threads).map(Step::Thread).collect();
        if w.faults.stall {
            all.push(Step::Stall);
        }
        if w.faults.process_stop {
            all.push(Step::ProcessStop);
        }
        if w.faults.outage.is_some() {
            all.extend([Step::Kill, Step::Restart]);
        }
        all.into_iter().map(|step| Choice { step, enabled: enabled.contains(&step) }).collect()
    }

    /// Takes `step` if it is enabled now; `false` (and nothing changes) if not.
    pub fn take(&mut self, step: Step) -> bool {
        if self.taken.len() >= MAX_STEPS || !self.enabled().contains(&step) {
            return false;
        }
        let mut state = self.state();
        let action = state.apply(&self.world, step);
        self.taken.push(Taken { step, action, after: state });
        true
    }

    /// Takes back the last step; `false` at the start.
    pub fn undo(&mut self) -> bool {
        self.taken.pop().is_some()
    }

    /// Back to the start, the same world.
    pub fn reset(&mut self) {
        self.taken.clear();
    }

    /// The properties that mean something in this world, each with the
    /// step (1-based) whose state first broke it, if one has.
    pub fn properties(&self) -> Vec<(Property, Option<usize>)> {
        let w = &self.world;
        Property::ALL
            .into_iter()
            .filter(|p| p.applies(w))
            .map(|p| (p, self.taken.iter().position(|t| p.broken(w, &t.after)).map(|i| i + 1)))
            .collect()
    }

    /// The first step (1-based) whose state broke any property, and the properties it broke.
    pub fn first_break(&self) -> Option<(usize, Vec<Property>)> {
        let props = self.properties();
        let n = props.iter().filter_map(|(_, at)| *at).min()?;
        Some((n, props.into_iter().filter(|(_, at)| *at == Some(n)).map(|(p, _)| p).collect()))
    }

    /// Every thread has finished its payments.
    pub fn over(&self) -> bool {
        let s = self.state();
        s.threads[..usize::from(self.world.threads)].iter().all(|t| t.pc == Pc::Done)
    }

    /// No step is left, yet a thread has not finished (none in the article's worlds).
    pub fn stuck(&self) -> bool {
        !self.over() && self.enabled().is_empty()
    }

    /// The schedule so far as its code.
    pub fn code(&self) -> String {
        encode(&self.taken.iter().map(|t| t.step).collect::<Vec<_>>())
    }

    /// The checker's answer for this world: every state explored, and the
    /// smallest schedule that breaks each property (computed once, on the first call).
    pub fn verdict(&mut self) -> &Report {
        let (scenario, threads) = (self.scenario, self.world.threads);
        self.verdict.get_or_insert_with(|| {
            let options = Options { threads, requests: REQUESTS, balance: BALANCE, ..Options::default() };
            check(scenario, options, &mut |_| {})
        })
    }
}

/// Whether `threads` threads fit a state (the figure draws this many lanes).
pub fn lanes(session: &Session) -> usize {
    usize::from(session.world.threads).min(MAX_THREADS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(search: &str) -> (Session, Vec<SessionNotice>) {
        Session::from_address(search)
    }

    #[test]
    fn codes_round_trip() {
        let steps = [Step::Thread(0), Step::Stall, Step::Thread(1), Step::ProcessStop, Step::Kill, Step::Restart];
        assert_eq!(encode(&steps), "1s2pkr");
        assert_eq!(decode("1s2pkr"), Ok(steps.to_vec()));
        assert_eq!(decode("12x"), Err(2));
        assert_eq!(decode("4"), Err(0));
    }

    #[test]
    fn the_reader_breaks_a_with_the_checkers_smallest_schedule() {
        let (mut s, notices) = session("?ch=a8-break-it&fig=break-it");
        assert!(notices.is_empty());
        assert_eq!((s.scenario().key, s.world().threads), ("a", DEFAULT_THREADS));
        let smallest: Vec<Step> = s.verdict().schedules[0].steps.iter().map(|r| r.step).collect();
        for &step in &smallest {
            assert!(s.first_break().is_none());
            assert!(s.take(step));
        }
        let (at, broken) = s.first_break().expect("broken");
        assert_eq!(at, smallest.len());
        assert!(broken.contains(&Property::OverApproval), "{broken:?}");
        // The address replays it.
        let (again, notices) = session(&s.address("a8-break-it"));
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(again.code(), s.code());
        assert_eq!(again.first_break(), s.first_break());
        // Undo takes the break back.
        assert!(s.undo());
        assert!(s.first_break().is_none());
    }

    #[test]
    fn a_step_that_cannot_be_taken_changes_nothing() {
        let (mut s, _) = session("?check=a");
        assert!(s.take(Step::Thread(0)));
        assert!(!s.take(Step::Thread(1)), "T2 waits for the key");
        assert!(!s.take(Step::Kill), "(a) has no outage");
        assert_eq!(s.code(), "1");
        let t2 = s.choices().into_iter().find(|c| c.step == Step::Thread(1)).unwrap();
        assert!(!t2.enabled);
        assert!(s.choices().iter().any(|c| c.step == Step::Stall && c.enabled));
        assert!(!s.choices().iter().any(|c| c.step == Step::Kill));
    }

    #[test]
    fn bad_addresses_are_clamped_or_ignored_and_said() {
        let (s, n) = session("?check=zz&threads=9&sched=1");
        assert_eq!((s.scenario().key, s.world().threads, s.code().as_str()), ("a", 3, "1"));
        assert_eq!(
            n,
            [
                SessionNotice::UnknownVariant { given: "zz".into() },
                SessionNotice::ThreadsClamped { given: "9".into(), threads: 3 }
            ]
        );
        let (s, n) = session("?check=c2&threads=two&sched=1%3Cb%3E");
        assert_eq!((s.scenario().key, s.world().threads, s.code().as_str()), ("c2", DEFAULT_THREADS, ""));
        assert_eq!(
            n,
            [
                SessionNotice::ThreadsIgnored { given: "two".into(), threads: DEFAULT_THREADS },
                SessionNotice::ScheduleMalformed { given: "1<b>".into(), at: 1 }
            ]
        );
        let (s, n) = session("?check=a&sched=12");
        assert_eq!(s.code(), "1", "T2 cannot move while T1 holds the key: cut there");
        assert_eq!(n, [SessionNotice::ScheduleCut { step: 2 }]);
        let (s, n) = session(&format!("?check=a&sched={}", "1".repeat(200)));
        assert!(s.code().len() <= MAX_STEPS && n.len() == 1, "{n:?}");
    }

    #[test]
    fn safe_designs_hold_in_every_state_the_reader_can_reach() {
        for key in ["b", "c2", "d", "e-control"] {
            let (mut s, _) = session(&format!("?check={key}"));
            let r = s.verdict();
            assert_eq!(r.verdict, crate::Verdict::Safe, "{key}");
            assert!(r.states > 0);
            // Any run the reader plays to the end (here: always the first choice) breaks nothing.
            while let Some(&step) = s.enabled().first() {
                assert!(s.take(step));
            }
            assert!(s.over() && s.first_break().is_none(), "{key}");
        }
    }

    #[test]
    fn the_figure_world_is_the_checkers() {
        let (mut s, _) = session("?check=e-c2&threads=3");
        let r = s.verdict().clone();
        let cli = check(
            scenario("e-c2").unwrap(),
            Options { threads: 3, requests: 1, balance: 1, ..Options::default() },
            &mut |_| {},
        );
        assert_eq!(r, cli);
        assert_eq!(lanes(&s), 3);
    }
}
