//! A3's story on its two panels (`fence_story`): the same stop under a
//! write-time fence (c-1), which lets the stale write through, and a
//! read-time fence (c-2), which refuses it, then both runs whole.

use super::*;

/// The last fence of `wallet` in the run's token series before `at_us` that
/// `pick` accepts (A3's fences: a write-time one only grows).
fn fence_before(trace: &LeaseTrace, wallet: u32, at_us: u64, pick: impl Fn(u64) -> bool) -> Option<u64> {
    let series = trace.series.tokens.get(wallet as usize)?;
    series.iter().rev().find(|p| p.t_us < at_us && pick(p.fence)).map(|p| p.fence)
}

/// A3's story over its two runs within `window_us` (see the module docs;
/// `w` names the threads the highlights light):
/// `write_fenced` is the (c-1) run, `read_fenced` the (c-2) run of the same
/// pauses. In (c-1), the first approved write made from a read that an
/// earlier owner's write then overtook (a lost update the fence let
/// through); in (c-2), the first write the fence refused, with the newer
/// owner whose read moved the fence. Each half is left out when its run
/// has no such moment within the window.
pub fn fence_story(write_fenced: &LeaseTrace, read_fenced: &LeaseTrace, window_us: u64, w: &Words) -> Story {
    let in_window = |h: &&Hold| h.acquired_at.t_us <= window_us;
    let mut steps = Vec::new();
    let mut actors: Vec<Actor> = Vec::new();
    // (c-1): the newer owner `late` writes after the older `early` wrote, from a read taken before it.
    let stale =
        write_fenced.holds.iter().filter(in_window).filter(|h| h.outcome == Outcome::Approved).find_map(|late| {
            let (read, written) = (late.read_at?, late.written_at?);
            let early = write_fenced.holds.iter().find(|e| {
                e.wallet == late.wallet
                    && e.outcome == Outcome::Approved
                    && e.token < late.token
                    && e.written_at.is_some_and(|w| w > read && w < written)
            })?;
            Some((early, late))
        });
    if let Some((early, late)) = stale {
        let focus = focus_on(0, &[early, late]);
        let named = [(early, w.story.names[0].to_string()), (late, w.story.names[1].to_string())];
        let (t1, t2) = (early.token.unwrap_or_default(), late.token.unwrap_or_default());
        // The fence before this write moved it to t1.
        let written_us = early.written_at.map_or(0, |w| w.t_us);
        let fence_at_early = fence_before(write_fenced, early.wallet, written_us, |f| f < t1).unwrap_or(0);
        // A step lights its first `n_lit` threads, and the write it names, if it names one.
        let mut step = |at_us: u64, n_lit: usize, write: Option<u32>, fact: StoryFact| {
            let highlight = write.into_iter().fold(lit(&named[..n_lit]), Highlight::with_write);
            steps.push(StoryStep { at_us, fact, highlight: Some(highlight), focus: Some(focus.clone()) })
        };
        step(
            early.read_at.unwrap_or(early.acquired_at).t_us,
            1,
            None,
            StoryFact::WriteFenceFirst {
                wallet: early.wallet,
                first_worker: early.worker,
                second_worker: late.worker,
                token: t1,
                read_won: early.read_value_won,
            },
        );
        step(
            late.read_at.unwrap_or(late.acquired_at).t_us,
            2,
            None,
            StoryFact::WriteFenceSecond { token: t2, read_won: late.read_value_won },
        );
        step(
            early.written_at.map_or(0, |w| w.t_us),
            2,
            Some(early.id),
            StoryFact::WriteFenceFirstWrite {
                written_won: early.written_value_won,
                token: t1,
                fence: (fence_at_early != 0).then_some(fence_at_early),
            },
        );
        step(
            late.written_at.map_or(0, |w| w.t_us),
            2,
            Some(late.id),
            StoryFact::WriteFenceStaleWrite { written_won: late.written_value_won, token: t2, fence: t1 },
        );
        actors.extend([early, late].iter().enumerate().map(|(index, h)| Actor {
            index,
            wallet: h.wallet,
            worker: h.worker,
            hold: h.id,
            token: h.token,
        }));
    }
    // (c-2): the overtaken owner `old` is refused at its write; `newer` read after it with a larger token.
    let refused = read_fenced
        .holds
        .iter()
        .filter(in_window)
        .filter(|h| h.outcome == Outcome::FenceRejected(FencePhase::Write))
        .find_map(|old| {
            let refused_at = read_fenced.events.iter().find_map(|e| match e.kind {
                EventKind::FenceRejected { hold, .. } if hold == old.id => Some(e.at),
                _ => None,
            })?;
            let newer = read_fenced
                .holds
                .iter()
                .filter(|h| h.wallet == old.wallet && h.token > old.token)
                .filter(|h| h.read_at.is_some_and(|r| r > old.read_at.unwrap_or(old.acquired_at) && r < refused_at))
                .min_by_key(|h| h.read_at)?;
            Some((old, newer, refused_at.t_us))
        });
    if let Some((old, newer, refused_us)) = refused {
        // The same threads as above keep their names; others are called by number.
        let who_of = |h: &Hold| match actors.iter().find(|a| a.worker == h.worker && a.wallet == h.wallet) {
            Some(a) => Who::Actor(a.index),
            None => Who::Thread(h.worker),
        };
        let (old_who, newer_who) = (who_of(old), who_of(newer));
        let focus = focus_on(1, &[old, newer]);
        let named = [(old, lab_words::story::who(w, old_who)), (newer, lab_words::story::who(w, newer_who))];
        let (t_old, t_new) = (old.token.unwrap_or_default(), newer.token.unwrap_or_default());
        steps.push(StoryStep {
            at_us: newer.read_at.map_or(0, |r| r.t_us),
            fact: StoryFact::ReadFenceMoved { newer: newer_who, old: old_who, token: t_new },
            highlight: Some(lit(&named)),
            focus: Some(focus.clone()),
        });
        // The fence when the overtaken owner comes to write: the newer
        // owner's token, or a later reader's.
        let fence_then = fence_before(read_fenced, old.wallet, refused_us, |_| true).unwrap_or(t_new);
        steps.push(StoryStep {
            at_us: refused_us,
            fact: StoryFact::ReadFenceRefused {
                old: old_who,
                token: t_old,
                fence: fence_then,
                moved_on: fence_then != t_new,
            },
            highlight: Some(lit(&named)),
            focus: Some(focus),
        });
    }
    if steps.is_empty() {
        return Story { actors, steps: vec![StoryStep::whole(window_us, StoryFact::NoFenceMoment { window_us })] };
    }
    let count =
        |t: &LeaseTrace, pick: &dyn Fn(&Hold) -> bool| t.holds.iter().filter(in_window).filter(|h| pick(h)).count();
    let passed = count(write_fenced, &|h| h.outcome == Outcome::Approved);
    let rejected = count(read_fenced, &|h| h.outcome == Outcome::FenceRejected(FencePhase::Write));
    steps.push(StoryStep::whole(window_us, StoryFact::FenceWhole { window_us, passed, rejected }));
    // A story is found when at least one of its halves was.
    if actors.is_empty() {
        if let Some((old, ..)) = refused {
            actors.push(Actor { index: 0, wallet: old.wallet, worker: old.worker, hold: old.id, token: old.token });
        }
    }
    Story { actors, steps }
}
