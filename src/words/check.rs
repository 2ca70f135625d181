//! The words of `lab check` and the break-it figure: actions, why not, lanes, verdicts, Article B's smallest crashes.
//!
//! Declared here once; the Korean table is [`crate::ko::check`], the English
//! one [`crate::en::check`]. The checker (`lab_check`) gives facts: a step
//! ([`Step`]), what it did ([`Action`]), a property ([`Property`]), the state
//! of its small world ([`State`], [`World`]), the notices of an address
//! ([`SessionNotice`]). This module picks the template each fact asks for and
//! fills it, the same code for every language; [`report`] writes the
//! checker's Markdown report, [`vote`] Article B's section.

pub mod report;
pub mod vote;

use lab_check::explore::Property;
use lab_check::scenario::World;
use lab_check::session::SessionNotice;
use lab_check::world::{Action, Pc, Released, State, Step};
use lab_model::article::format_number;
use lab_sim::lease::policy::Update;

use crate::Words;

crate::words! {
    /// Every word of this domain, one field each.
    pub struct CheckWords {
        /// The properties' names, in `Property::ALL`'s order.
        pub property_names: [&'static str; 4],
        /// What each property asks, in one line, in `Property::ALL`'s order.
        pub property_rules: [&'static str; 4],
        /// What breaking each property looks like, as the figure's banner shouts it.
        pub broke_headlines: [&'static str; 4],
        /// The Markdown report's words (`lab check`).
        pub report: ReportWords,
        /// One sentence per step of a schedule.
        pub actions: ActionWords,
        /// The reader's session: buttons, why a step cannot be taken, lanes, servers.
        pub session: SessionWords,
        /// What an address asked of the figure that it could not play.
        pub notices: SessionNoticeWords,
        /// Article B's smallest failing crash.
        pub vote: CrashWords,
        /// The break-it figure's own words.
        pub break_it: BreakItWords,
    }
}

crate::words! {
    /// The words of `lab check`'s Markdown report, its replay and its script.
    pub struct ReportWords {
        pub verdict_unsafe: &'static str,
        pub verdict_safe: &'static str,
        pub verdict_not_within: &'static str,
        pub title: &'static str,
        /// The world in one sentence: `{amount}` (a formatted amount), `{balance}`, `{threads}`, `{requests}`, `{depth}`.
        pub world_line: &'static str,
        /// Said under the world when no holder's stall may outlast its lease.
        pub no_stalls: &'static str,
        pub head_variant: &'static str,
        pub head_verdict: &'static str,
        pub head_states: &'static str,
        pub head_depth: &'static str,
        pub head_smallest: &'static str,
        pub head_properties: &'static str,
        /// A schedule's heading after the configuration: `{steps}`.
        pub schedule_heading: &'static str,
        /// What a schedule breaks: `{properties}`.
        pub breaks: &'static str,
        /// States where a thread can never finish (a count follows).
        pub stuck: &'static str,
        /// What the world assumes.
        pub assumptions: &'static str,
        /// `lab check --replay`'s heading.
        pub replay_heading: &'static str,
        /// `lab check --script`'s heading.
        pub script_heading: &'static str,
        /// What the checker says a script breaks: `{properties}`.
        pub script_breaks: &'static str,
        pub nothing_broken: &'static str,
        /// The replay drawing's title, after the configuration's name.
        pub replay_title: &'static str,
        /// What the simulation counted: `{approvals}`, `{possible}`, `{over}`, `{drift}` (a formatted amount).
        pub replay_counts: &'static str,
        /// Then, where the section is a read-modify-write: `{n}`.
        pub replay_lost_updates: &'static str,
        /// Then, where it stamps a fence: `{n}`.
        pub replay_stale_writes: &'static str,
        /// The end of that sentence.
        pub replay_end: &'static str,
        /// The replay was written to `{path}`.
        pub replay_written: &'static str,
    }
}

crate::words! {
    /// One sentence per action of a schedule. `{who}` is the thread that
    /// took it (`T1`), `{money}` an amount of the state (formatted),
    /// `{amount}` one payment's amount, `{token}`, `{stored}`, `{fence}` tokens.
    pub struct ActionWords {
        pub acquire: &'static str,
        pub unavailable: &'static str,
        pub lockless: &'static str,
        pub read: &'static str,
        pub stamp_passed: &'static str,
        pub stamp_refused: &'static str,
        pub read_share: &'static str,
        pub commit_read: &'static str,
        pub compute_approve: &'static str,
        pub compute_decline: &'static str,
        pub fence_advance_passed: &'static str,
        pub fence_advance_refused: &'static str,
        pub fence_equal_passed: &'static str,
        pub fence_equal_refused: &'static str,
        pub update_set: &'static str,
        pub update_if_matched: &'static str,
        pub update_if_zero: &'static str,
        pub decrement: &'static str,
        pub insert: &'static str,
        /// `{money}`, `{approvals}`.
        pub commit: &'static str,
        pub rollback: &'static str,
        pub release_released: &'static str,
        pub release_stolen: &'static str,
        pub release_expired: &'static str,
        pub release_error: &'static str,
        /// A holder's stall outlasts its lease: `{holder}`, `{token}`.
        pub stall: &'static str,
        /// A process stop: `{holder}`, `{token}`.
        pub process_stop: &'static str,
        pub kill: &'static str,
        pub restart: &'static str,
    }
}

crate::words! {
    /// The reader's session: the buttons, why a step cannot be taken, a lane's status, the servers.
    pub struct SessionWords {
        /// The checker's answer on a design nothing breaks: `{states}` (formatted).
        pub safe_verdict: &'static str,
        /// A thread's button: `{who}`, `{statement}`.
        pub choice_thread: &'static str,
        /// A thread's next statement as its button names it.
        pub do_request: &'static str,
        pub do_acquire: &'static str,
        pub do_read: &'static str,
        pub do_stamp: &'static str,
        pub do_read_share: &'static str,
        pub do_commit_read: &'static str,
        pub do_compute: &'static str,
        pub do_write_fence: &'static str,
        pub do_update_set: &'static str,
        pub do_update_if: &'static str,
        pub do_decrement: &'static str,
        pub do_insert: &'static str,
        pub do_commit: &'static str,
        pub do_rollback: &'static str,
        pub do_release: &'static str,
        pub do_done: &'static str,
        /// The adversary's buttons: stall the holder `{who}`, or any holder.
        pub choice_stall: &'static str,
        pub choice_stall_any: &'static str,
        pub choice_process_stop: &'static str,
        pub choice_kill: &'static str,
        pub choice_restart: &'static str,
        /// Why not: a thread has finished (also its lane's status).
        pub done: &'static str,
        /// Why not: `{who}` holds the lock.
        pub wait_holder: &'static str,
        pub wait_key: &'static str,
        pub wait_fence_row: &'static str,
        pub wait_balance_row: &'static str,
        pub cannot_move: &'static str,
        pub no_holder: &'static str,
        pub watchdog_renews: &'static str,
        pub lease_not_this_way: &'static str,
        pub server_already_down: &'static str,
        pub server_dies_once: &'static str,
        pub server_up: &'static str,
        /// A lane's status: holding the lock with `{token}`.
        pub holding: &'static str,
        /// Its lease with `{token}` ended, and it does not know.
        pub lease_over: &'static str,
        pub no_lock: &'static str,
        pub lockless: &'static str,
        /// The balance it read: `{money}`.
        pub read_balance: &'static str,
        /// Its write before commit: `{money}`.
        pub pending: &'static str,
        /// The servers' rows: names.
        pub lock_server: &'static str,
        pub db_balance: &'static str,
        pub ledger: &'static str,
        pub fence: &'static str,
        /// The lock server's value: down, the key with its `{token}` and holder `{who}`, the key alone, no key.
        pub server_down: &'static str,
        pub key_held: &'static str,
        pub key: &'static str,
        pub no_key: &'static str,
        /// `{key}` and the token `{counter}`.
        pub key_counter: &'static str,
        /// An amount of the state: `{money}`.
        pub money: &'static str,
        /// The ledger's approvals: `{debits}`, `{allowed}`.
        pub approvals: &'static str,
    }
}

crate::words! {
    /// What an address asked of the break-it figure that it could not play.
    pub struct SessionNoticeWords {
        /// `{given}`.
        pub unknown_variant: &'static str,
        /// `{given}`, `{threads}`.
        pub threads_clamped: &'static str,
        /// `{given}`, `{threads}`.
        pub threads_ignored: &'static str,
        /// `{given}`, `{at}` (1-based).
        pub schedule_malformed: &'static str,
        /// `{step}` (1-based).
        pub schedule_cut: &'static str,
        /// `{max}`.
        pub schedule_too_long: &'static str,
    }
}

pub use self::vote::CrashWords;

crate::words! {
    /// The break-it figure's own words (`src/web/break_it`).
    pub struct BreakItWords {
        /// The variant select's label.
        pub variant: &'static str,
        /// The threads radio group's legend, and each choice (`{n}`).
        pub threads: &'static str,
        pub threads_choice: &'static str,
        /// The region of the lanes, for a screen reader.
        pub lanes: &'static str,
        /// The adversary's row.
        pub adversary: &'static str,
        pub undo: &'static str,
        pub reset: &'static str,
        /// Under the lanes, before the reader has moved: how to play.
        pub how: &'static str,
        pub timeline: &'static str,
        /// The timeline's label for a screen reader, before any step and after `{steps}`.
        pub timeline_empty: &'static str,
        pub timeline_label: &'static str,
        /// The timeline's row of the lock server.
        pub lock_server: &'static str,
        pub schedule: &'static str,
        pub properties: &'static str,
        pub holds: &'static str,
        /// `{step}`.
        pub broken_since: &'static str,
        pub over: &'static str,
        pub stuck: &'static str,
        /// The banner when a property fell: `{steps}`.
        pub yours: &'static str,
        pub smallest_button: &'static str,
        /// `{steps}`.
        pub smallest_heading: &'static str,
        /// The reader's schedule as long as the smallest (`{yours}`), or not (`{yours}`, `{smallest}`).
        pub compare_same: &'static str,
        pub compare: &'static str,
        pub verdict_button: &'static str,
        /// The checker found a failure the reader did not: `{states}` (formatted), `{smallest}`.
        pub unsafe_verdict: &'static str,
        pub story_next: &'static str,
        pub story_play: &'static str,
        pub story_pause: &'static str,
        pub story_restart: &'static str,
        pub story_close: &'static str,
        /// `{shown}`, `{total}`.
        pub story_position: &'static str,
        pub story_start: &'static str,
        /// A step's box on the timeline, by what it did.
        pub box_acquire: &'static str,
        pub box_unavailable: &'static str,
        pub box_lockless: &'static str,
        pub box_read: &'static str,
        pub box_fence: &'static str,
        pub box_fence_refused: &'static str,
        pub box_commit: &'static str,
        pub box_compute: &'static str,
        pub box_compute_declined: &'static str,
        pub box_update: &'static str,
        pub box_update_zero: &'static str,
        pub box_insert: &'static str,
        pub box_rollback: &'static str,
        pub box_release: &'static str,
        pub box_release_refused: &'static str,
        pub box_stall: &'static str,
        pub box_process_stop: &'static str,
        pub box_kill: &'static str,
        pub box_restart: &'static str,
        /// A band's tooltip: a lease (`{token}`), or a stalled holder's belief.
        pub band_lease: &'static str,
        pub band_belief: &'static str,
        /// The timeline's legend.
        pub legend: &'static str,
        pub legend_lease: &'static str,
        pub legend_belief: &'static str,
        pub legend_adversary: &'static str,
        pub legend_refused: &'static str,
        pub legend_broke: &'static str,
        /// The mark of the step where a property first broke.
        pub broke_mark: &'static str,
        /// While the checker's module loads, and when it cannot be built.
        pub loading: &'static str,
        pub failed: &'static str,
    }
}

/// A count or an amount the way the article writes numbers (`1,000`).
pub fn number(value: i64) -> String {
    format_number(value as f64, 0)
}

/// A thread's name: T1, T2, T3 (the same in every language).
pub fn thread(index: u8) -> String {
    format!("T{}", index + 1)
}

fn property_index(p: Property) -> usize {
    match p {
        Property::OverApproval => 0,
        Property::Drift => 1,
        Property::LostUpdate => 2,
        Property::StaleToken => 3,
    }
}

/// A property's name.
pub fn property(w: &Words, p: Property) -> &'static str {
    w.check.property_names[property_index(p)]
}

/// What a property asks, in one line.
pub fn property_rule(w: &Words, p: Property) -> &'static str {
    w.check.property_rules[property_index(p)]
}

/// What breaking a property looks like, as the figure's banner shouts it.
pub fn broke_headline(w: &Words, p: Property) -> &'static str {
    w.check.broke_headlines[property_index(p)]
}

/// The sentence of one step: `actor` is the thread that took it (for a thread's step).
pub fn action(w: &Words, a: &Action, actor: Option<u8>, amount_won: u32) -> String {
    let t = &w.check.actions;
    let amount = i64::from(amount_won);
    let money = |charges: i8| number(i64::from(charges) * amount);
    let who = actor.map(thread).unwrap_or_default();
    let amt = number(amount);
    let say = |template: &str, values: &[(&str, &str)]| {
        let mut all: Vec<(&str, &str)> = vec![("who", &who), ("amount", &amt)];
        all.extend_from_slice(values);
        w.fill(template, &all)
    };
    let tokens = |template: &str, token: u8, stored: u8| {
        say(template, &[("token", &token.to_string()), ("stored", &stored.to_string())])
    };
    match *a {
        Action::Acquire { token } => say(t.acquire, &[("token", &token.to_string())]),
        Action::Unavailable => say(t.unavailable, &[]),
        Action::Lockless => say(t.lockless, &[]),
        Action::Read { value } => say(t.read, &[("money", &money(value))]),
        Action::Stamp { token, stored, passed: true } => tokens(t.stamp_passed, token, stored),
        Action::Stamp { token, stored, passed: false } => tokens(t.stamp_refused, token, stored),
        Action::ReadShare { value } => say(t.read_share, &[("money", &money(value))]),
        Action::CommitRead { fence } => say(t.commit_read, &[("fence", &fence.to_string())]),
        Action::Compute { value, approve: true } => say(t.compute_approve, &[("money", &money(value))]),
        Action::Compute { value, approve: false } => say(t.compute_decline, &[("money", &money(value))]),
        Action::FenceAdvance { token, stored, passed: true } => tokens(t.fence_advance_passed, token, stored),
        Action::FenceAdvance { token, stored, passed: false } => tokens(t.fence_advance_refused, token, stored),
        Action::FenceEqual { token, stored, passed: true } => tokens(t.fence_equal_passed, token, stored),
        Action::FenceEqual { token, stored, passed: false } => tokens(t.fence_equal_refused, token, stored),
        Action::UpdateSet { value } => say(t.update_set, &[("money", &money(value))]),
        Action::UpdateIfSufficient { before, matched: true } => say(t.update_if_matched, &[("money", &money(before))]),
        Action::UpdateIfSufficient { before, matched: false } => say(t.update_if_zero, &[("money", &money(before))]),
        Action::Decrement { before } => say(t.decrement, &[("money", &money(before))]),
        Action::Insert => say(t.insert, &[]),
        Action::Commit { balance, approvals } => {
            say(t.commit, &[("money", &money(balance)), ("approvals", &approvals.to_string())])
        }
        Action::Rollback => say(t.rollback, &[]),
        Action::Release { result: Released::Released } => say(t.release_released, &[]),
        Action::Release { result: Released::Stolen } => say(t.release_stolen, &[]),
        Action::Release { result: Released::Expired } => say(t.release_expired, &[]),
        Action::Release { result: Released::Error } => say(t.release_error, &[]),
        Action::Stall { thread: h, token } => w.fill(t.stall, &[("holder", &thread(h)), ("token", &token.to_string())]),
        Action::ProcessStop { thread: h, token } => {
            w.fill(t.process_stop, &[("holder", &thread(h)), ("token", &token.to_string())])
        }
        Action::Kill => t.kill.to_string(),
        Action::Restart => t.restart.to_string(),
    }
}

/// The checker's answer on a design nothing breaks, in the figure's world.
pub fn safe_verdict(w: &Words, states: u64) -> String {
    w.fill(w.check.session.safe_verdict, &[("states", &number(states as i64))])
}

/// A thread's next statement, as a button names it.
fn statement(w: &Words, pc: Pc, world: &World, server_up: bool) -> &'static str {
    let s = &w.check.session;
    match pc {
        Pc::Acquire if !server_up => s.do_request,
        Pc::Acquire => s.do_acquire,
        Pc::Read => s.do_read,
        Pc::Stamp => s.do_stamp,
        Pc::ReadShare => s.do_read_share,
        Pc::CommitRead => s.do_commit_read,
        Pc::Compute => s.do_compute,
        Pc::WriteFence => s.do_write_fence,
        Pc::Update => match world.policy.update {
            Update::SetFromRead => s.do_update_set,
            Update::DecrementIfSufficient => s.do_update_if,
            Update::Decrement => s.do_decrement,
        },
        Pc::Insert => s.do_insert,
        Pc::Commit => s.do_commit,
        Pc::Rollback => s.do_rollback,
        Pc::Release => s.do_release,
        Pc::Done => s.do_done,
    }
}

/// A step's button: a thread's next statement, or what the adversary does.
pub fn choice_label(w: &Words, step: Step, state: &State, world: &World) -> String {
    let s = &w.check.session;
    match step {
        Step::Thread(i) => {
            let next = statement(w, state.threads[usize::from(i)].pc, world, state.server_up);
            w.fill(s.choice_thread, &[("who", &thread(i)), ("statement", next)])
        }
        Step::Stall => match state.holder() {
            Some(h) => w.fill(s.choice_stall, &[("who", &thread(h as u8))]),
            None => s.choice_stall_any.to_string(),
        },
        Step::ProcessStop => s.choice_process_stop.to_string(),
        Step::Kill => s.choice_kill.to_string(),
        Step::Restart => s.choice_restart.to_string(),
    }
}

/// Why `step` cannot be taken in `state`.
pub fn why_not(w: &Words, step: Step, state: &State) -> String {
    let s = &w.check.session;
    let text = match step {
        Step::Thread(i) => match state.threads[usize::from(i)].pc {
            Pc::Done => s.done,
            Pc::Acquire => match state.holder() {
                Some(h) => return w.fill(s.wait_holder, &[("who", &thread(h as u8))]),
                None => s.wait_key,
            },
            Pc::Stamp | Pc::WriteFence => s.wait_fence_row,
            Pc::ReadShare | Pc::Update => s.wait_balance_row,
            _ => s.cannot_move,
        },
        Step::Stall | Step::ProcessStop => match state.holder() {
            None => s.no_holder,
            Some(h) if state.threads[h].watchdog && step == Step::Stall => s.watchdog_renews,
            Some(_) => s.lease_not_this_way,
        },
        Step::Kill if !state.server_up => s.server_already_down,
        Step::Kill => s.server_dies_once,
        Step::Restart => s.server_up,
    };
    text.to_string()
}

/// What thread `i` is doing and holding, in one line of its lane.
pub fn thread_status(w: &Words, state: &State, world: &World, i: u8) -> String {
    let s = &w.check.session;
    let t = &state.threads[usize::from(i)];
    if t.pc == Pc::Done {
        return s.done.to_string();
    }
    let money = |charges: i8| number(i64::from(charges) * i64::from(world.amount_won));
    let mut parts = Vec::new();
    match t.grant {
        Some(g) if state.key == Some(g) => parts.push(w.fill(s.holding, &[("token", &g.token.to_string())])),
        Some(g) => parts.push(w.fill(s.lease_over, &[("token", &g.token.to_string())])),
        None if t.pc == Pc::Acquire => parts.push(s.no_lock.to_string()),
        None => parts.push(s.lockless.to_string()),
    }
    if let Some(v) = t.read {
        parts.push(w.fill(s.read_balance, &[("money", &money(v))]));
    }
    if let Some(v) = t.pending_balance {
        parts.push(w.fill(s.pending, &[("money", &money(v))]));
    }
    parts.join(" · ")
}

/// The shared state, one row per part (its name, its value now).
pub fn servers(w: &Words, state: &State, world: &World) -> Vec<(&'static str, String)> {
    let s = &w.check.session;
    let lock = if !state.server_up {
        s.server_down.to_string()
    } else {
        let key = match (state.key, state.holder()) {
            (Some(k), Some(h)) => w.fill(s.key_held, &[("token", &k.token.to_string()), ("who", &thread(h as u8))]),
            (Some(k), None) => w.fill(s.key, &[("token", &k.token.to_string())]),
            (None, _) => s.no_key.to_string(),
        };
        w.fill(s.key_counter, &[("key", &key), ("counter", &state.counter.to_string())])
    };
    let balance = number(i64::from(state.balance) * i64::from(world.amount_won));
    let mut rows = vec![
        (s.lock_server, lock),
        (s.db_balance, w.fill(s.money, &[("money", &balance)])),
        (
            s.ledger,
            w.fill(s.approvals, &[("debits", &state.debits.to_string()), ("allowed", &world.balance.to_string())]),
        ),
    ];
    if world.policy.fenced() {
        rows.push((s.fence, state.fence.to_string()));
    }
    rows
}

/// What an address asked of the figure that it could not play, in words.
pub fn session_notice(w: &Words, notice: &SessionNotice) -> String {
    use lab_model::params::notice_text;
    let n = &w.check.notices;
    match notice {
        SessionNotice::UnknownVariant { given } => w.fill(n.unknown_variant, &[("given", &notice_text(given))]),
        SessionNotice::ThreadsClamped { given, threads } => {
            w.fill(n.threads_clamped, &[("given", &notice_text(given)), ("threads", &threads.to_string())])
        }
        SessionNotice::ThreadsIgnored { given, threads } => {
            w.fill(n.threads_ignored, &[("given", &notice_text(given)), ("threads", &threads.to_string())])
        }
        SessionNotice::ScheduleMalformed { given, at } => {
            w.fill(n.schedule_malformed, &[("given", &notice_text(given)), ("at", &(at + 1).to_string())])
        }
        SessionNotice::ScheduleCut { step } => w.fill(n.schedule_cut, &[("step", &step.to_string())]),
        SessionNotice::ScheduleTooLong { max } => w.fill(n.schedule_too_long, &[("max", &max.to_string())]),
    }
}

/// The label of a step's box on the break-it timeline (the sentence is its tooltip).
pub fn box_label(w: &Words, a: &Action) -> &'static str {
    let b = &w.check.break_it;
    match *a {
        Action::Acquire { .. } => b.box_acquire,
        Action::Unavailable => b.box_unavailable,
        Action::Lockless => b.box_lockless,
        Action::Read { .. } | Action::ReadShare { .. } => b.box_read,
        Action::Stamp { passed: true, .. }
        | Action::FenceAdvance { passed: true, .. }
        | Action::FenceEqual { passed: true, .. } => b.box_fence,
        Action::Stamp { .. } | Action::FenceAdvance { .. } | Action::FenceEqual { .. } => b.box_fence_refused,
        Action::CommitRead { .. } | Action::Commit { .. } => b.box_commit,
        Action::Compute { approve: true, .. } => b.box_compute,
        Action::Compute { .. } => b.box_compute_declined,
        Action::UpdateSet { .. } | Action::Decrement { .. } | Action::UpdateIfSufficient { matched: true, .. } => {
            b.box_update
        }
        Action::UpdateIfSufficient { .. } => b.box_update_zero,
        Action::Insert => b.box_insert,
        Action::Rollback => b.box_rollback,
        Action::Release { result: Released::Released } => b.box_release,
        Action::Release { .. } => b.box_release_refused,
        Action::Stall { .. } => b.box_stall,
        Action::ProcessStop { .. } => b.box_process_stop,
        Action::Kill => b.box_kill,
        Action::Restart => b.box_restart,
    }
}

/// The break-it figure's sentences that take a number.
pub mod break_it {
    use super::number;
    use crate::Words;

    pub fn threads_choice(w: &Words, n: u8) -> String {
        w.fill(w.check.break_it.threads_choice, &[("n", &n.to_string())])
    }

    /// The timeline's label for a screen reader (the list below says it step by step).
    pub fn timeline_label(w: &Words, steps: usize) -> String {
        let b = &w.check.break_it;
        if steps == 0 {
            b.timeline_empty.to_string()
        } else {
            w.fill(b.timeline_label, &[("steps", &steps.to_string())])
        }
    }

    pub fn broken_since(w: &Words, step: usize) -> String {
        w.fill(w.check.break_it.broken_since, &[("step", &step.to_string())])
    }

    /// The banner when a property fell.
    pub fn yours(w: &Words, steps: usize) -> String {
        w.fill(w.check.break_it.yours, &[("steps", &steps.to_string())])
    }

    pub fn smallest_heading(w: &Words, steps: usize) -> String {
        w.fill(w.check.break_it.smallest_heading, &[("steps", &steps.to_string())])
    }

    /// The reader's schedule beside the checker's smallest.
    pub fn compare(w: &Words, yours: usize, smallest: usize) -> String {
        let b = &w.check.break_it;
        let values = [("yours", yours.to_string()), ("smallest", smallest.to_string())];
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        w.fill(if yours == smallest { b.compare_same } else { b.compare }, &values)
    }

    /// The checker found a failure in a variant the reader did not break.
    pub fn unsafe_verdict(w: &Words, states: u64, smallest: usize) -> String {
        w.fill(
            w.check.break_it.unsafe_verdict,
            &[("states", &number(states as i64)), ("smallest", &smallest.to_string())],
        )
    }

    pub fn story_position(w: &Words, shown: usize, total: usize) -> String {
        w.fill(w.check.break_it.story_position, &[("shown", &shown.to_string()), ("total", &total.to_string())])
    }

    /// A band's tooltip: a lease, or (after it expired) a stalled holder's belief that it still holds the lock.
    pub fn band_title(w: &Words, belief: bool, token: u8) -> String {
        let b = &w.check.break_it;
        w.fill(if belief { b.band_belief } else { b.band_lease }, &[("token", &token.to_string())])
    }
}
