//! The words of Article A's story sentences (lab_figures::story) and the story lead.
//!
//! Declared here once; the Korean table is [`crate::ko::story`], the English
//! one [`crate::en::story`]. The composition is here too, language-neutral:
//! [`sentence`] picks a step's template from its [`StoryFact`] and fills it
//! with the trace's numbers, [`cast`] does the same for a player's anomaly
//! mark ([`CastFact`]). Every template may use `{a}`, `{b}`, `{c}`: the
//! names of the story's threads ([`StoryWords::names`]).

use crate::Words;
use lab_model::analysis::group_thousands;
use lab_model::facts::story::{CastFact, StoryFact, Who};

crate::words! {
    /// Every word of this domain, one field each.
    pub struct StoryWords {
        /// The names the story gives its threads, in order of entry.
        pub names: [&'static str; 3],
        /// An amount of money: `{n}` grouped in thousands.
        pub won: &'static str,
        /// A thread by its number `{n}`.
        pub thread: &'static str,
        /// Milliseconds `{n}`, grouped in thousands.
        pub ms: &'static str,
        /// Seconds `{s}`.
        pub seconds: &'static str,
        /// A TTL of `{ms}` ms.
        pub ttl: &'static str,
        /// Joins two names in a list.
        pub list_sep: &'static str,
        /// How a thread takes the lock: with token `{t}`.
        pub with_token: &'static str,
        /// How a thread takes the lock: without one.
        pub without_lock: &'static str,
        /// Whom the story follows: `{wallet}`, threads `{first}` (`{a}`) and `{second}` (`{b}`).
        pub cast: &'static str,

        /// A1/A2: no overlap in the first `{s}` seconds.
        pub no_overlap: &'static str,
        /// After the first owner's lock: it read `{won}` first.
        pub read_then: &'static str,
        /// The first owner under a watchdog (`{ttl}`, `{period}` ms).
        pub first_owner_watchdog: &'static str,
        /// The first owner, paused.
        pub first_owner: &'static str,
        /// The first owner's process stopped after `{renewed}` renewals.
        pub process_stopped: &'static str,
        /// The lease `{token}` expired once the renewals stopped (`{ttl}`, then `{asleep}`).
        pub expired_watchdog: &'static str,
        /// ...and its stopped owner does not know.
        pub asleep_watchdog: &'static str,
        /// The lease `{token}` expired after `{ttl}` (then `{asleep}`).
        pub expired: &'static str,
        /// ...and its paused owner does not know.
        pub asleep: &'static str,
        /// The second owner also read `{won}`.
        pub second_read: &'static str,
        /// The second owner read nothing.
        pub second_no_read: &'static str,
        /// The second read what the first read, the first not having written.
        pub same_read: &'static str,
        /// The second owner takes the lock `{token}` (then `{read}`, `{same}`) on `{wallet}`.
        pub second_owner: &'static str,
        /// The second's lease had expired too (before the third's entry).
        pub third_cause: &'static str,
        /// The third thread (`{worker}`, `{token}`) enters.
        pub third_owner: &'static str,
        /// `{who}` wakes and writes `{value}` (the story's first write).
        pub wrote_first: &'static str,
        /// `{who}` writes `{value}`.
        pub wrote: &'static str,
        /// `{who}` writes the `{value}` `{earlier}` wrote: a lost update.
        pub wrote_same_one: &'static str,
        /// `{who}` writes the `{value}` two others (`{earlier}`) wrote.
        pub wrote_same_two: &'static str,
        /// The overlap bands are wide enough to see.
        pub bands_visible: &'static str,
        /// The widest overlap (`{ms}` ms) is too thin to see.
        pub bands_thin: &'static str,
        /// The whole run: `{wallets}`, `{threads}`, `{s}` seconds, `{overlaps}`, then `{bands}`.
        pub lease_whole: &'static str,

        /// A3: neither fence acted in the first `{s}` seconds.
        pub no_fence_moment: &'static str,
        /// (c-1): no token written yet, so `{t1}` passes.
        pub fence_none_yet: &'static str,
        /// (c-1): `{t1}` is compared with the largest written so far, `{fence}`.
        pub fence_compared: &'static str,
        /// (c-1): the first owner (`{t1}`, `{read}`).
        pub write_fence_first: &'static str,
        /// (c-1): the second owner (`{t2}`, `{read}`).
        pub write_fence_second: &'static str,
        /// (c-1): the first writes `{written}` (`{check}`, `{t1}`).
        pub write_fence_first_write: &'static str,
        /// (c-1): the second writes `{written}` with `{t2}` over fence `{t1}`.
        pub write_fence_stale_write: &'static str,
        /// (c-2): `{newer}` reads with `{t}`, `{old}` still stopped.
        pub read_fence_moved: &'static str,
        /// (c-2): the fence is already at `{t}`.
        pub fence_already: &'static str,
        /// (c-2): a later reader moved the fence on to `{fence}`.
        pub fence_moved_on: &'static str,
        /// (c-2): `{old}` wakes to write with `{t}` and is refused (`{state}`).
        pub read_fence_refused: &'static str,
        /// Both runs whole: `{s}` seconds, `{passed}`, `{rejected}`.
        pub fence_whole: &'static str,

        /// A4: no row-lock wait in the first `{s}` seconds.
        pub no_row_wait: &'static str,
        /// A4: `{cast}`, and `{earlier}` starts without a lock.
        pub row_first: &'static str,
        /// A4: `{later}` starts on the same wallet.
        pub row_second: &'static str,
        /// A4: the first's UPDATE takes the row lock, the second's queues.
        pub row_update: &'static str,
        /// A4: the balance `{won}` a commit left.
        pub row_balance: &'static str,
        /// A4: the first commits (`{balance}`).
        pub row_commit: &'static str,
        /// A4: the second waited `{waited}` µs (`{balance}`, `{overlap}`, `{section}`).
        pub row_granted: &'static str,
        /// A4 whole: `{wallets}`, `{threads}`, `{s}`, `{waits}`, `{longest}`.
        pub row_whole: &'static str,

        /// A5: no outage.
        pub no_outage: &'static str,
        /// A5: no fence stamped.
        pub no_fence_stamped: &'static str,
        /// A5: until `{kill}` the counter climbs.
        pub counter_climbs: &'static str,
        /// A5: the server dies at `{kill}` (`{counter}`, `{fence}`).
        pub server_dies: &'static str,
        /// A5: `{n}` payments refused with 503 during `{outage}`.
        pub all_refused: &'static str,
        /// A5: back empty at `{restart}`, the fence still `{fence}`.
        pub server_back: &'static str,
        /// A5: reads pass again at `{at}`.
        pub passed_again: &'static str,
        /// A5: the counter never passes the fence.
        pub never_passed: &'static str,
        /// A5: tokens 1 to `{refused}` are refused (then `{after}`).
        pub reads_refused: &'static str,
        /// A5 whole: `{n}` reads refused after the restart.
        pub outage_whole: &'static str,

        /// A mark: `{who}` took the lock (`{token}`) while `{open}` still held it.
        pub cast_took_over: &'static str,
        /// A mark: `{who}` entered without a lock while `{open}` was inside.
        pub cast_took_over_lockless: &'static str,
        /// A mark: `{who}` read `{read}`, `{other}` wrote `{wrote}`, `{who}` wrote `{written}`.
        pub cast_stale_over: &'static str,
        /// A mark: `{who}` writes a stale value.
        pub cast_stale: &'static str,
        /// A mark: `{who}` found the lock `{other}`'s token `{token}`.
        pub cast_stolen: &'static str,
        /// A mark: `{who}` found the lock another token.
        pub cast_stolen_unknown: &'static str,
        /// A mark: `{who}`'s approval took wallet `{wallet}` below zero.
        pub cast_negative: &'static str,
        /// A mark: `{who}`'s request refused by the fence check.
        pub cast_fence_reject: &'static str,

        /// The story lead's captions: A1, A2, A3, A4 and A5's opening stories.
        pub captions: [&'static str; 5],
        /// The static story's place for its drawing, without JavaScript.
        pub needs_script: &'static str,
        /// The static story's fold: every step as text.
        pub read_all: &'static str,
        /// The drawing's label: step `{n}` of `{total}`, then `{sentence}`.
        pub step_figure: &'static str,
        /// The story lead, when the run has no moment to follow.
        pub lead_none: &'static str,
        /// The story lead's buttons' group.
        pub lead_steps_label: &'static str,
        /// The story lead's link down to the full figure.
        pub lead_to_figure: &'static str,

        /// Story mode's button on a figure.
        pub start: &'static str,
        /// What story mode does, beside its button.
        pub start_hint: &'static str,
        /// Story mode's group label, with its keys.
        pub mode_label: &'static str,
        /// The previous step.
        pub prev: &'static str,
        /// The next step.
        pub next: &'static str,
        /// Ends story mode.
        pub end: &'static str,
        /// The lit threads: `{list}`.
        pub lit_threads: &'static str,
        /// One lit thread: number `{k}`, name `{name}`.
        pub lit_thread: &'static str,
        /// Nothing lit: the whole experiment.
        pub lit_none: &'static str,
    }
}

/// The figures with an opening story, in the order of [`StoryWords::captions`].
pub const OPENING_FIGURES: [&str; 5] =
    ["lease-expiry", "watchdog-stop", "fence-placement", "conditional-update", "outage"];

impl StoryWords {
    /// The opening story's caption of `figure_id`, for the figures that have one.
    pub fn caption(&self, figure_id: &str) -> Option<&'static str> {
        OPENING_FIGURES.iter().position(|id| *id == figure_id).map(|i| self.captions[i])
    }
}

/// Seconds to one decimal, as the stories write a window.
fn tenths(us: u64) -> String {
    format!("{:.1}", us as f64 / 1e6)
}

/// `template` filled with `values` and the story's three names.
fn say(w: &Words, template: &str, values: &[(&str, &str)]) -> String {
    let s = &w.story;
    let mut all: Vec<(&str, &str)> = vec![("a", s.names[0]), ("b", s.names[1]), ("c", s.names[2])];
    all.extend_from_slice(values);
    w.fill(template, &all)
}

fn won(w: &Words, v: i64) -> String {
    w.fill(w.story.won, &[("n", &group_thousands(v))])
}

/// An amount if there is one, else nothing (as the trace left it).
fn won_or_empty(w: &Words, v: Option<i64>) -> String {
    v.map(|v| won(w, v)).unwrap_or_default()
}

fn thread(w: &Words, worker: u32) -> String {
    w.fill(w.story.thread, &[("n", &worker.to_string())])
}

fn ms(w: &Words, us: u64) -> String {
    w.fill(w.story.ms, &[("n", &group_thousands((us as f64 / 1000.0).round() as i64))])
}

/// Whole seconds without a trailing `.0`, else tenths (A5's chart).
fn seconds(w: &Words, us: u64) -> String {
    let s = format!("{:.1}", us as f64 / 1e6);
    w.fill(w.story.seconds, &[("s", s.trim_end_matches(".0"))])
}

/// What a sentence calls a thread: its story name, or its number.
pub fn who(w: &Words, who: Who) -> String {
    match who {
        Who::Actor(i) => w.story.names[i.min(2)].to_string(),
        Who::Thread(k) => thread(w, k),
    }
}

fn token(w: &Words, t: Option<u64>) -> String {
    match t {
        Some(t) => w.fill(w.story.with_token, &[("t", &t.to_string())]),
        None => w.story.without_lock.to_string(),
    }
}

fn cast_of(w: &Words, wallet: u32, first: u32, second: u32) -> String {
    say(
        w,
        w.story.cast,
        &[("wallet", &wallet.to_string()), ("first", &thread(w, first)), ("second", &thread(w, second))],
    )
}

/// The sentence a story step tells, in `w`'s language.
pub fn sentence(w: &Words, fact: &StoryFact) -> String {
    let s = &w.story;
    match fact {
        StoryFact::Silent => String::new(),
        StoryFact::NoOverlap { window_us } => say(w, s.no_overlap, &[("s", &tenths(*window_us))]),
        StoryFact::FirstOwner { wallet, first_worker, second_worker, token: t, read_won, watchdog } => {
            let cast = cast_of(w, *wallet, *first_worker, *second_worker);
            let read = read_won.map(|v| say(w, s.read_then, &[("won", &won(w, v))])).unwrap_or_default();
            let base: [(&str, &str); 3] = [("cast", &cast), ("token", &token(w, *t)), ("read", &read)];
            match watchdog {
                Some(d) => {
                    let (ttl, period) = (d.ttl_ms.to_string(), d.period_ms.to_string());
                    let mut values = base.to_vec();
                    values.extend([("ttl", ttl.as_str()), ("period", period.as_str())]);
                    say(w, s.first_owner_watchdog, &values)
                }
                None => say(w, s.first_owner, &base),
            }
        }
        StoryFact::ProcessStopped { renewed } => say(w, s.process_stopped, &[("renewed", &renewed.to_string())]),
        StoryFact::LeaseExpired { token, ttl_ms, watchdog, asleep } => {
            let ttl = w.fill(s.ttl, &[("ms", &ttl_ms.to_string())]);
            let (template, asleep_text) =
                if *watchdog { (s.expired_watchdog, s.asleep_watchdog) } else { (s.expired, s.asleep) };
            let asleep = if *asleep { say(w, asleep_text, &[]) } else { String::new() };
            say(w, template, &[("token", &token.to_string()), ("ttl", &ttl), ("asleep", &asleep)])
        }
        StoryFact::SecondOwner { wallet, token: t, read_won, same_read } => {
            let read = match read_won {
                Some(v) => say(w, s.second_read, &[("won", &won(w, *v))]),
                None => s.second_no_read.to_string(),
            };
            let same = if *same_read { say(w, s.same_read, &[]) } else { String::new() };
            say(
                w,
                s.second_owner,
                &[("token", &token(w, *t)), ("read", &read), ("same", &same), ("wallet", &wallet.to_string())],
            )
        }
        StoryFact::ThirdOwner { worker, token: t, second_expired } => {
            let cause = if *second_expired { say(w, s.third_cause, &[]) } else { String::new() };
            say(w, s.third_owner, &[("cause", &cause), ("worker", &worker.to_string()), ("token", &token(w, *t))])
        }
        StoryFact::Wrote { who: i, value_won, earlier, first } => {
            let name = who(w, Who::Actor(*i));
            let value = won(w, *value_won);
            let names: Vec<String> = earlier.iter().map(|e| who(w, Who::Actor(*e))).collect();
            let template = match names.len() {
                0 if *first => s.wrote_first,
                0 => s.wrote,
                1 => s.wrote_same_one,
                _ => s.wrote_same_two,
            };
            say(w, template, &[("who", &name), ("value", &value), ("earlier", &names.join(s.list_sep))])
        }
        StoryFact::LeaseWhole { wallets, threads, window_us, overlaps, thin_widest_us } => {
            let bands = match thin_widest_us {
                None => say(w, s.bands_visible, &[]),
                Some(us) => say(w, s.bands_thin, &[("ms", &format!("{:.1}", *us as f64 / 1e3))]),
            };
            say(
                w,
                s.lease_whole,
                &[
                    ("wallets", &wallets.to_string()),
                    ("threads", &threads.to_string()),
                    ("s", &tenths(*window_us)),
                    ("overlaps", &group_thousands(*overlaps as i64)),
                    ("bands", &bands),
                ],
            )
        }

        StoryFact::NoFenceMoment { window_us } => say(w, s.no_fence_moment, &[("s", &tenths(*window_us))]),
        StoryFact::WriteFenceFirst { wallet, first_worker, second_worker, token, read_won } => {
            let read = won_or_empty(w, *read_won);
            say(
                w,
                s.write_fence_first,
                &[
                    ("wallet", &wallet.to_string()),
                    ("first", &thread(w, *first_worker)),
                    ("second", &thread(w, *second_worker)),
                    ("t1", &token.to_string()),
                    ("read", &read),
                ],
            )
        }
        StoryFact::WriteFenceSecond { token, read_won } => {
            say(w, s.write_fence_second, &[("t2", &token.to_string()), ("read", &won_or_empty(w, *read_won))])
        }
        StoryFact::WriteFenceFirstWrite { written_won, token, fence } => {
            let t1 = token.to_string();
            let check = match fence {
                None => say(w, s.fence_none_yet, &[("t1", &t1)]),
                Some(f) => say(w, s.fence_compared, &[("t1", &t1), ("fence", &f.to_string())]),
            };
            let written = won_or_empty(w, *written_won);
            say(w, s.write_fence_first_write, &[("written", &written), ("check", &check), ("t1", &t1)])
        }
        StoryFact::WriteFenceStaleWrite { written_won, token, fence } => {
            let written = won_or_empty(w, *written_won);
            say(
                w,
                s.write_fence_stale_write,
                &[("written", &written), ("t2", &token.to_string()), ("t1", &fence.to_string())],
            )
        }
        StoryFact::ReadFenceMoved { newer, old, token } => {
            say(w, s.read_fence_moved, &[("newer", &who(w, *newer)), ("old", &who(w, *old)), ("t", &token.to_string())])
        }
        StoryFact::ReadFenceRefused { old, token, fence, moved_on } => {
            let state = if *moved_on {
                say(w, s.fence_moved_on, &[("fence", &fence.to_string())])
            } else {
                say(w, s.fence_already, &[("t", &fence.to_string())])
            };
            say(w, s.read_fence_refused, &[("old", &who(w, *old)), ("t", &token.to_string()), ("state", &state)])
        }
        StoryFact::FenceWhole { window_us, passed, rejected } => say(
            w,
            s.fence_whole,
            &[
                ("s", &tenths(*window_us)),
                ("passed", &group_thousands(*passed as i64)),
                ("rejected", &group_thousands(*rejected as i64)),
            ],
        ),

        StoryFact::NoRowWait { window_us } => say(w, s.no_row_wait, &[("s", &tenths(*window_us))]),
        StoryFact::RowFirst { wallet, first_worker, second_worker, earlier } => {
            let cast = cast_of(w, *wallet, *first_worker, *second_worker);
            say(w, s.row_first, &[("cast", &cast), ("earlier", &who(w, Who::Actor(*earlier)))])
        }
        StoryFact::RowSecond { later } => say(w, s.row_second, &[("later", &who(w, Who::Actor(*later)))]),
        StoryFact::RowUpdate => say(w, s.row_update, &[]),
        StoryFact::RowCommit { balance_won } => {
            let balance = row_balance(w, *balance_won);
            say(w, s.row_commit, &[("balance", &balance)])
        }
        StoryFact::RowGranted { waited_us, balance_won, overlap_us, section_us } => say(
            w,
            s.row_granted,
            &[
                ("waited", &group_thousands(*waited_us as i64)),
                ("balance", &row_balance(w, *balance_won)),
                ("overlap", &ms(w, *overlap_us)),
                ("section", &ms(w, *section_us)),
            ],
        ),
        StoryFact::RowWhole { wallets, threads, window_us, waits, longest_us } => say(
            w,
            s.row_whole,
            &[
                ("wallets", &wallets.to_string()),
                ("threads", &threads.to_string()),
                ("s", &tenths(*window_us)),
                ("waits", &group_thousands(*waits as i64)),
                ("longest", &group_thousands(*longest_us as i64)),
            ],
        ),

        StoryFact::NoOutage => s.no_outage.to_string(),
        StoryFact::NoFenceStamped => s.no_fence_stamped.to_string(),
        StoryFact::CounterClimbs { kill_us } => say(w, s.counter_climbs, &[("kill", &seconds(w, *kill_us))]),
        StoryFact::ServerDies { kill_us, counter, fence } => say(
            w,
            s.server_dies,
            &[("kill", &seconds(w, *kill_us)), ("counter", &counter.to_string()), ("fence", &fence.to_string())],
        ),
        StoryFact::AllRefused { outage_us, count } => {
            say(w, s.all_refused, &[("outage", &seconds(w, *outage_us)), ("n", &group_thousands(*count as i64))])
        }
        StoryFact::ServerBack { restart_us, fence } => {
            say(w, s.server_back, &[("restart", &seconds(w, *restart_us)), ("fence", &fence.to_string())])
        }
        StoryFact::ReadsRefused { up_to, passed_us } => {
            let after = match passed_us {
                Some(t) => say(w, s.passed_again, &[("at", &seconds(w, *t))]),
                None => s.never_passed.to_string(),
            };
            say(w, s.reads_refused, &[("refused", &up_to.to_string()), ("after", &after)])
        }
        StoryFact::OutageWhole { rejects } => say(w, s.outage_whole, &[("n", &group_thousands(*rejects as i64))]),
    }
}

fn row_balance(w: &Words, balance_won: Option<i64>) -> String {
    balance_won.map(|v| say(w, w.story.row_balance, &[("won", &won(w, v))])).unwrap_or_default()
}

/// The sentence naming who made a player's anomaly mark, in `w`'s language
/// (empty when there is nothing to say).
pub fn cast(w: &Words, fact: &CastFact) -> String {
    let s = &w.story;
    match fact {
        CastFact::Nothing => String::new(),
        CastFact::TookOver { worker, token: t, open } => {
            let open: Vec<String> = open.iter().map(|k| thread(w, *k)).collect();
            let template = if t.is_some() { s.cast_took_over } else { s.cast_took_over_lockless };
            say(
                w,
                template,
                &[("who", &thread(w, *worker)), ("token", &token(w, *t)), ("open", &open.join(s.list_sep))],
            )
        }
        CastFact::StaleWrite { worker, read_won, over, written_won } => match over {
            Some((other, wrote)) => say(
                w,
                s.cast_stale_over,
                &[
                    ("who", &thread(w, *worker)),
                    ("read", &won_or_empty(w, *read_won)),
                    ("other", &thread(w, *other)),
                    ("wrote", &won_or_empty(w, *wrote)),
                    ("written", &won_or_empty(w, *written_won)),
                ],
            ),
            None => say(w, s.cast_stale, &[("who", &thread(w, *worker))]),
        },
        CastFact::Stolen { worker, owner } => match owner {
            Some((other, t)) => say(
                w,
                s.cast_stolen,
                &[("who", &thread(w, *worker)), ("other", &thread(w, *other)), ("token", &t.to_string())],
            ),
            None => say(w, s.cast_stolen_unknown, &[("who", &thread(w, *worker))]),
        },
        CastFact::LedgerNegative { worker, wallet } => {
            say(w, s.cast_negative, &[("who", &thread(w, *worker)), ("wallet", &wallet.to_string())])
        }
        CastFact::FenceReject { worker } => say(w, s.cast_fence_reject, &[("who", &thread(w, *worker))]),
    }
}

#[cfg(test)]
mod tests {
    use super::{cast, sentence};
    use crate::{Lang, Words};
    use lab_model::facts::story::{CastFact, StoryFact, Watchdog, Who};

    fn en(fact: &StoryFact) -> String {
        sentence(Words::of(Lang::En), fact)
    }

    fn no_hangul(s: &str) -> bool {
        !s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c) || ('\u{3131}'..='\u{318e}').contains(&c))
    }

    #[test]
    fn english_tells_a_lease_story_with_the_traces_numbers() {
        let opening = en(&StoryFact::FirstOwner {
            wallet: 2,
            first_worker: 5,
            second_worker: 7,
            token: Some(41),
            read_won: Some(10_000),
            watchdog: None,
        });
        assert_eq!(
            opening,
            "Watch wallet 2 alone. Call Thread 5 A and Thread 7 B. A takes the lock with token 41, reads a balance of 10,000 won and pauses."
        );
        let renewed = en(&StoryFact::FirstOwner {
            wallet: 0,
            first_worker: 1,
            second_worker: 2,
            token: Some(3),
            read_won: None,
            watchdog: Some(Watchdog { ttl_ms: 500, period_ms: 166 }),
        });
        assert_eq!(
            renewed,
            "Watch wallet 0 alone. Call Thread 1 A and Thread 2 B. A takes the lock with token 3 and works. The work outlasts the 500 ms TTL, but the watchdog in the same process renews the lease every 166 ms."
        );
        assert_eq!(
            en(&StoryFact::LeaseExpired { token: 41, ttl_ms: 500, watchdog: false, asleep: true }),
            "Once the 500 ms TTL has run out, the lock server deletes A's lease (token 41). A is paused and does not know."
        );
        assert_eq!(
            en(&StoryFact::Wrote { who: 1, value_won: 9_000, earlier: vec![0], first: false }),
            "B also writes 9,000 won, from its own read. Both payments, A's and B's, were approved, yet the balance went down once: a lost update."
        );
        assert_eq!(
            en(&StoryFact::ProcessStopped { renewed: 1 }).rsplit(". ").next(),
            Some("By then the lease had been renewed 1 time.")
        );
        assert!(en(&StoryFact::LeaseWhole {
            wallets: 1,
            threads: 8,
            window_us: 3_000_000,
            overlaps: 1,
            thin_widest_us: Some(2_400),
        })
        .starts_with("Now the whole experiment: 8 threads repeat the same work on 1 wallet, and in the first 3.0 s, 1 ownership overlap begins."));
    }

    #[test]
    fn english_names_threads_outside_the_story_by_number() {
        assert_eq!(
            en(&StoryFact::ReadFenceRefused { old: Who::Thread(3), token: 7, fence: 9, moved_on: true }),
            "Thread 3 wakes and tries to write with token 7, but another owner has read meanwhile and moved the fence up to 9. The overtaken owner's write is refused, and the balance stays as it was."
        );
        assert_eq!(
            en(&StoryFact::ServerDies { kill_us: 20_000_000, counter: 12, fence: 11 }),
            "At 20 s the lock server dies. Wallet 0's token counter is 12 at that moment, the DB's fence 11."
        );
        let w = Words::of(Lang::En);
        assert_eq!(
            cast(w, &CastFact::TookOver { worker: 4, token: Some(8), open: vec![1, 2] }),
            "Thread 4 took the lock with token 8, but Thread 1, Thread 2 still believed it held it."
        );
        assert_eq!(cast(w, &CastFact::Nothing), "");
    }

    #[test]
    fn every_fact_is_told_in_both_languages_without_a_stray_placeholder() {
        let facts = [
            StoryFact::Silent,
            StoryFact::NoOverlap { window_us: 1_500_000 },
            StoryFact::SecondOwner { wallet: 1, token: Some(3), read_won: Some(5_000), same_read: true },
            StoryFact::ThirdOwner { worker: 9, token: None, second_expired: true },
            StoryFact::Wrote { who: 2, value_won: 1_000, earlier: vec![0, 1], first: false },
            StoryFact::WriteFenceFirst { wallet: 0, first_worker: 1, second_worker: 2, token: 4, read_won: None },
            StoryFact::WriteFenceSecond { token: 5, read_won: Some(2_000) },
            StoryFact::WriteFenceFirstWrite { written_won: Some(1_000), token: 4, fence: Some(3) },
            StoryFact::WriteFenceStaleWrite { written_won: Some(1_000), token: 5, fence: 4 },
            StoryFact::ReadFenceMoved { newer: Who::Actor(1), old: Who::Actor(0), token: 6 },
            StoryFact::FenceWhole { window_us: 2_000_000, passed: 1, rejected: 2 },
            StoryFact::NoFenceMoment { window_us: 2_000_000 },
            StoryFact::NoRowWait { window_us: 2_000_000 },
            StoryFact::RowFirst { wallet: 0, first_worker: 1, second_worker: 2, earlier: 1 },
            StoryFact::RowSecond { later: 0 },
            StoryFact::RowUpdate,
            StoryFact::RowCommit { balance_won: Some(8_000) },
            StoryFact::RowGranted { waited_us: 420, balance_won: None, overlap_us: 300_000, section_us: 410_000 },
            StoryFact::RowWhole { wallets: 4, threads: 8, window_us: 2_000_000, waits: 12, longest_us: 900 },
            StoryFact::NoOutage,
            StoryFact::NoFenceStamped,
            StoryFact::CounterClimbs { kill_us: 20_000_000 },
            StoryFact::AllRefused { outage_us: 20_000_000, count: 1_234 },
            StoryFact::ServerBack { restart_us: 40_000_000, fence: 31 },
            StoryFact::ReadsRefused { up_to: 31, passed_us: Some(41_500_000) },
            StoryFact::ReadsRefused { up_to: 31, passed_us: None },
            StoryFact::OutageWhole { rejects: 120 },
        ];
        for lang in Lang::ALL {
            for fact in &facts {
                let said = sentence(Words::of(lang), fact);
                assert!(!said.contains('{') && !said.contains('}'), "{lang:?}: {said}");
                assert_eq!(said.is_empty(), *fact == StoryFact::Silent, "{lang:?}: {fact:?}");
                if lang == Lang::En {
                    assert!(no_hangul(&said), "{said}");
                }
            }
        }
    }
}
