//! A4's story: the lockless path's row lock against the distributed lock it
//! replaces, found in a (d) trace. Two threads open their sections on one
//! wallet, pause as long as experiment 1's threads do, and overlap; then
//! both UPDATEs reach the row within a millisecond, the later one queues
//! for the row lock (a hatched box) and is granted once the first commits.
//! The sections overlapped for hundreds of milliseconds; the wait was
//! hundreds of microseconds, because the row lock spans one statement and
//! its commit, where a distributed lock must span the whole pause.

use super::{focus_on, lit, Actor, Highlight, Story, StoryStep};
use lab_model::analysis::{row_lock_waits, RowWait};
use lab_model::facts::story::StoryFact;
use lab_sim::lease::{Hold, LeaseTrace};
use lab_words::Words;

/// The first row-lock wait within the window on one of `wallets` (any
/// wallet when none has one), with the hold it waited for: the last hold
/// on the wallet written by the worker that released the lock.
fn first_wait<'a>(
    trace: &'a LeaseTrace,
    waits: &'a [RowWait],
    window_us: u64,
    wallets: &[u32],
) -> Option<(&'a RowWait, &'a Hold, &'a Hold)> {
    let in_window = |w: &&RowWait| w.granted.is_some_and(|g| g.t_us <= window_us);
    let shown = |w: &&RowWait| wallets.is_empty() || wallets.contains(&w.wallet);
    let wait = waits.iter().filter(in_window).find(shown).or_else(|| waits.iter().find(in_window))?;
    let waiter = trace.holds.iter().find(|h| h.id == wait.hold)?;
    let granted = wait.granted?;
    let released_by = trace.events.iter().find_map(|e| match e.kind {
        lab_sim::lease::EventKind::RowLockGranted { hold, released_by, .. } if hold == wait.hold && e.at == granted => {
            Some(released_by)
        }
        _ => None,
    })?;
    // The holder: the hold of that worker on the wallet whose section was open when the wait began.
    let holder = trace.holds.iter().find(|h| {
        h.wallet == wait.wallet
            && h.worker == released_by
            && h.acquired_at <= wait.began
            && h.written_at.is_some_and(|w| w >= wait.began)
    })?;
    Some((wait, holder, waiter))
}

/// The story of a (d) trace within its first `window_us` µs, told on one of
/// `wallets` when it can be; `w` names the threads its highlights light.
pub fn rowlock_story(trace: &LeaseTrace, window_us: u64, wallets: &[u32], w: &Words) -> Story {
    let c = &trace.config;
    let waits = row_lock_waits(trace);
    let Some((wait, first, second)) = first_wait(trace, &waits, window_us, wallets) else {
        return Story::untold(window_us, StoryFact::NoRowWait { window_us });
    };
    let wallet = wait.wallet;
    let actors: Vec<Actor> = [first, second]
        .into_iter()
        .enumerate()
        .map(|(index, h)| Actor { index, wallet, worker: h.worker, hold: h.id, token: None })
        .collect();
    let end_of = |h: &Hold| h.written_at.unwrap_or(h.released_at).t_us;
    let end_us = end_of(first).max(end_of(second));
    // A lockless hold is released at its commit: its section ends where it was written.
    let focus = focus_on(0, &[first, second]);
    let named = [(first, w.story.names[0].to_string()), (second, w.story.names[1].to_string())];
    let highlight = |n: usize| lit(&named[..n]);
    let section = |h: &Hold| end_of(h).saturating_sub(h.acquired_at.t_us);
    let overlap_us =
        end_of(first).min(end_of(second)).saturating_sub(first.acquired_at.t_us.max(second.acquired_at.t_us));
    let waited = wait.waited_us(end_us);
    let (earlier, later) =
        if first.acquired_at <= second.acquired_at { ((first, 0), (second, 1)) } else { ((second, 1), (first, 0)) };

    // (time, threads lit, fact, the hold whose write it names)
    let mut moments: Vec<(u64, usize, StoryFact, Option<u32>)> = vec![(
        earlier.0.acquired_at.t_us,
        1,
        StoryFact::RowFirst { wallet, first_worker: first.worker, second_worker: second.worker, earlier: earlier.1 },
        None,
    )];
    moments.push((later.0.acquired_at.t_us, 2, StoryFact::RowSecond { later: later.1 }, None));
    moments.push((wait.began.t_us, 2, StoryFact::RowUpdate, None));
    moments.push((end_of(first), 2, StoryFact::RowCommit { balance_won: first.written_value_won }, Some(first.id)));
    moments.push((
        end_of(second),
        2,
        StoryFact::RowGranted {
            waited_us: waited,
            balance_won: second.written_value_won,
            overlap_us,
            section_us: section(first),
        },
        Some(second.id),
    ));
    lab_sim::core::sort_by_key(&mut moments, |m| m.0);
    let mut lit = 1;
    let mut steps: Vec<StoryStep> = moments
        .into_iter()
        .map(|(at_us, entered, fact, write)| {
            lit = lit.max(entered);
            let highlight = write.into_iter().fold(highlight(lit), Highlight::with_write);
            StoryStep { at_us, fact, highlight: Some(highlight), focus: Some(focus.clone()) }
        })
        .collect();
    let in_window: Vec<&RowWait> = waits.iter().filter(|w| w.began.t_us <= window_us).collect();
    let longest = in_window.iter().map(|w| w.waited_us(window_us)).max().unwrap_or(0);
    steps.push(StoryStep::whole(
        window_us,
        StoryFact::RowWhole {
            wallets: c.wallets,
            threads: c.threads,
            window_us,
            waits: in_window.len(),
            longest_us: longest,
        },
    ));
    Story { actors, steps }
}

#[cfg(test)]
mod tests {
    use crate::figure_spec;
    use crate::plan::LeasePlan;
    use lab_model::facts::story::StoryFact;
    use lab_sim::lease::Outcome;

    #[test]
    fn a4_tells_two_overlapping_sections_meeting_at_the_row_lock() {
        let spec = figure_spec("conditional-update").unwrap();
        let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
        let story = figure.story_in(&lab_words::ko::WORDS).unwrap();
        assert!(story.found(), "{:?}", story.steps);
        let trace = &figure.traces()[0];
        let hold = |id: u32| trace.holds.iter().find(|h| h.id == id).unwrap();
        let (g, n) = (hold(story.actors[0].hold), hold(story.actors[1].hold));
        // Told on the figure's own wallet, both lockless and approved, their sections overlapping.
        assert!(spec.wallets.contains(&g.wallet) && g.wallet == n.wallet);
        assert!(g.lockless && n.lockless);
        // A lockless hold ends at its commit (the story's focus takes its release as its end).
        assert_eq!((Some(g.released_at), Some(n.released_at)), (g.written_at, n.written_at));
        assert_eq!((g.outcome, n.outcome), (Outcome::Approved, Outcome::Approved));
        assert!(g.acquired_at < n.written_at.unwrap() && n.acquired_at < g.written_at.unwrap());
        // The second's UPDATE queued behind the first's and took 1,000 won off the balance the first left.
        let wait = lab_model::analysis::row_lock_waits(trace).into_iter().find(|w| w.hold == n.id).unwrap();
        assert!(wait.waited_us(u64::MAX) < 5_000, "a row-lock wait of {} µs", wait.waited_us(u64::MAX));
        assert_eq!(n.written_value_won.unwrap(), g.written_value_won.unwrap() - 1000);
        let facts: Vec<&StoryFact> = story.steps.iter().map(|s| &s.fact).collect();
        assert!(
            facts.iter().any(|f| matches!(f, StoryFact::RowGranted { waited_us, balance_won, .. }
                if *waited_us == wait.waited_us(u64::MAX) && *balance_won == n.written_value_won)),
            "{facts:?}"
        );
        assert!(matches!(story.steps.last().unwrap().fact, StoryFact::RowWhole { .. }));
        // Steps in time order, each lighting the named threads.
        assert!(story.steps.windows(2).all(|w| w[0].at_us <= w[1].at_us));
    }
}
