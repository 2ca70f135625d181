//! The break-it figure's words: the `check` domain of the page's table
//! (`crate::web::page_words`, `lab_words::check`): its own labels
//! ([`b`]), the steps' sentences, the threads' states, the properties and
//! the checker's verdict.

use lab_check::session::{Choice, Session, SessionNotice};
use lab_check::world::Action;
use lab_words::check::{self as words, break_it, BreakItWords};
use lab_words::Words;

/// The page's table.
pub fn all() -> &'static Words {
    crate::web::page_words::words()
}

/// The figure's own labels.
pub fn b() -> &'static BreakItWords {
    &all().check.break_it
}

pub fn threads_choice(n: u8) -> String {
    break_it::threads_choice(all(), n)
}
/// A thread's name in its lane: T1, T2, T3.
pub fn thread(i: u8) -> String {
    words::thread(i)
}
/// The timeline's label for a screen reader (the list below says it step by step).
pub fn timeline_label(steps: usize) -> String {
    break_it::timeline_label(all(), steps)
}
pub fn broken_since(step: usize) -> String {
    break_it::broken_since(all(), step)
}
/// The banner when a property fell.
pub fn yours(steps: usize) -> String {
    break_it::yours(all(), steps)
}
pub fn smallest_heading(steps: usize) -> String {
    break_it::smallest_heading(all(), steps)
}
pub fn compare(yours: usize, smallest: usize) -> String {
    break_it::compare(all(), yours, smallest)
}
/// The checker found a failure in a variant the reader did not break.
pub fn unsafe_verdict(states: u64, smallest: usize) -> String {
    break_it::unsafe_verdict(all(), states, smallest)
}
pub fn story_position(shown: usize, total: usize) -> String {
    break_it::story_position(all(), shown, total)
}
/// The label of a step's box on the timeline (the sentence is its tooltip and the list's item).
pub fn box_label(a: &Action) -> &'static str {
    words::box_label(all(), a)
}
/// A band's tooltip: a lease, or (after it expired) a stalled holder's belief that it still holds the lock.
pub fn band_title(belief: bool, token: u8) -> String {
    break_it::band_title(all(), belief, token)
}

/// A step's button label, in the session's state now.
pub fn choice_label(s: &Session, c: &Choice) -> String {
    words::choice_label(all(), c.step, &s.state(), s.world())
}
/// Why a step cannot be taken now; `None` when it can.
pub fn why_not(s: &Session, c: &Choice) -> Option<String> {
    (!c.enabled).then(|| words::why_not(all(), c.step, &s.state()))
}
/// What thread `i` is doing, in one line (its lane's status).
pub fn thread_status(s: &Session, i: u8) -> String {
    words::thread_status(all(), &s.state(), s.world(), i)
}
/// The shared state, one row per part (its name, its value now).
pub fn servers(s: &Session) -> Vec<(&'static str, String)> {
    words::servers(all(), &s.state(), s.world())
}
/// What the address asked that could not be played.
pub fn notice(n: &SessionNotice) -> String {
    words::session_notice(all(), n)
}
