//! A lease timeline's story, found in its trace (story mode, in the manner
//! of "The Secret Lives of Data").
//!
//! [`lease_story`] reads a trace and finds the chapter's moments on it: the
//! first time a second thread takes a wallet's lock while another still
//! believes it holds it, the lease that ended under the first, the values
//! the two read and wrote, and a third owner if one joined. Each moment
//! becomes a step: a fact ([`StoryFact`], which `lab_words::story::sentence`
//! tells in the reader's language), the marks it speaks of ([`Highlight`]),
//! and the small view it is told in ([`Focus`]: one wallet, the named
//! threads, the stretch of time they overlap). With a watchdog (A2) the
//! lease runs out only because the whole process stopped, so the story says
//! so: the renewals, the stop that froze the watchdog with its thread, the
//! expiry on the lock server's clock. The last step opens out to the whole
//! experiment. Nothing is scripted at fixed times: another seed or setting
//! finds other moments, or a story that says this run has none.
//!
//! [`fence_story`] tells the fence's place (A3's two panels, the same pauses
//! under each fence): above, a write-time fence lets the newer token's stale
//! write through, because it checks only that the token is not older than
//! the last write; below, a read-time fence has already moved to the newer
//! token when the overtaken owner comes to write, and refuses it.
//!
//! [`rowlock_story`] (`rowlock.rs`) tells A4's lockless path, [`outage_story`]
//! (`outage.rs`) A5's chart: the fence that outlives the token counter.
//!
//! Pure functions of a trace; no browser, no drawing. The words they need
//! (the names the highlights draw beside the named threads' lanes) come from
//! the caller's [`Words`].

use lab_model::analysis::{Anomaly, AnomalyKind};
use lab_model::facts::story::{CastFact, StoryFact, Watchdog, Who};
use lab_sim::lease::{EventKind, FencePhase, Hold, LeaseEnd, LeaseTrace, Outcome, Variant};
use lab_words::Words;

mod fence;
mod highlight;
mod outage;
mod rowlock;
pub use {fence::fence_story, highlight::Highlight, outage::outage_story, rowlock::rowlock_story};

/// The small view a step is told in: one wallet, its named threads, a stretch of time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Focus {
    /// The panel (A4's two: (c-1) above, (c-2) below; 0 for one panel).
    pub panel: usize,
    pub wallet: u32,
    pub workers: Vec<u32>,
    pub t0_us: u64,
    pub t1_us: u64,
}

/// One thread of the story: its place in the story's order of entry (its
/// name is `Words::story.names[index]`), and the hold the story follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub index: usize,
    pub wallet: u32,
    pub worker: u32,
    pub hold: u32,
    pub token: Option<u64>,
}

/// One step: where the player's cursor goes, what it tells, what is highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoryStep {
    pub at_us: u64,
    /// What the step tells ([`lab_words::story::sentence`] words it).
    pub fact: StoryFact,
    /// `None` on the last step, which shows the whole experiment.
    pub highlight: Option<Highlight>,
    pub focus: Option<Focus>,
}

/// A trace's story: its threads and its steps (one step saying so when the run has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Story {
    pub actors: Vec<Actor>,
    pub steps: Vec<StoryStep>,
}

impl StoryStep {
    /// A step showing the whole figure, nothing lit (a last step, or a run's only one).
    pub fn whole(at_us: u64, fact: StoryFact) -> StoryStep {
        StoryStep { at_us, fact, highlight: None, focus: None }
    }

    /// The step's sentence in `w`'s language.
    pub fn sentence(&self, w: &Words) -> String {
        lab_words::story::sentence(w, &self.fact)
    }

    /// The step's sentence in the Korean edition, for the callers not yet
    /// handed a table (the exports; issue 42 removes it).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn sentence_ko(&self) -> String {
        self.sentence(&lab_words::ko::WORDS)
    }
}

impl Story {
    /// The story of a run with no moment to tell: one step that says so.
    fn untold(window_us: u64, fact: StoryFact) -> Story {
        Story { actors: Vec::new(), steps: vec![StoryStep::whole(window_us, fact)] }
    }

    /// Whether the run had a moment to tell (a step told in a small view).
    pub fn found(&self) -> bool {
        self.steps.iter().any(|s| s.focus.is_some())
    }

    /// Every step's sentence in `w`'s language.
    pub fn sentences(&self, w: &Words) -> Vec<String> {
        self.steps.iter().map(|s| s.sentence(w)).collect()
    }
}
/// The first hold (in stamp order, acquired within the window) taken while
/// another hold of the same wallet was still open, with the open one that
/// began first: the story's second and first threads.
fn first_overlap(trace: &LeaseTrace, window_us: u64) -> Option<(&Hold, &Hold)> {
    // Locked holds only: a story about a lease taken over needs two leases.
    let mut holds: Vec<&Hold> =
        trace.holds.iter().filter(|h| h.token.is_some() && h.acquired_at.t_us <= window_us).collect();
    lab_sim::core::sort_by_key(&mut holds, |h| h.acquired_at);
    holds.iter().enumerate().find_map(|(i, second)| {
        holds[..i]
            .iter()
            .filter(|first| first.wallet == second.wallet && first.released_at > second.acquired_at)
            .min_by_key(|first| first.acquired_at)
            .map(|first| (*first, *second))
    })
}

/// When `hold`'s process was last stopped (SIGSTOP) between `from_us` and
/// `to_us`, if it was: with a watchdog, that stop is what let the lease run out.
fn process_stop_within(trace: &LeaseTrace, hold: &Hold, from_us: u64, to_us: u64) -> Option<u64> {
    trace
        .events
        .iter()
        .rev()
        .filter(|e| matches!(e.kind, EventKind::ProcessStopped { process } if process == hold.process))
        .map(|e| e.at.t_us)
        .find(|t| (from_us..=to_us).contains(t))
}

/// A third owner: the first hold on the wallet taken after `second` while `first` was still open.
fn third_owner<'a>(trace: &'a LeaseTrace, first: &Hold, second: &Hold) -> Option<&'a Hold> {
    trace
        .holds
        .iter()
        .filter(|h| h.token.is_some() && h.wallet == first.wallet && h.acquired_at > second.acquired_at)
        .filter(|h| h.acquired_at < first.released_at && h.worker != first.worker && h.worker != second.worker)
        .min_by_key(|h| h.acquired_at)
}

/// The story of `trace` within its first `window_us` µs; `w` names the
/// threads its highlights light.
pub fn lease_story(trace: &LeaseTrace, window_us: u64, w: &Words) -> Story {
    let c = &trace.config;
    let Some((first, second)) = first_overlap(trace, window_us) else {
        return Story::untold(window_us, StoryFact::NoOverlap { window_us });
    };
    let third = third_owner(trace, first, second);
    let wallet = first.wallet;
    let actors: Vec<Actor> = [Some(first), Some(second), third]
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(index, h)| Actor { index, wallet, worker: h.worker, hold: h.id, token: h.token })
        .collect();
    let holds: Vec<&Hold> = [Some(first), Some(second), third].into_iter().flatten().collect();
    let end_us = holds.iter().map(|h| h.released_at.t_us).max().unwrap_or(window_us);
    let start_us = first.acquired_at.t_us;
    let margin = (end_us - start_us) / 12 + 1;
    let focus = Focus {
        panel: 0,
        wallet,
        workers: actors.iter().map(|a| a.worker).collect(),
        t0_us: start_us.saturating_sub(margin),
        t1_us: end_us + margin,
    };
    let lease_of = |h: &Hold| h.token.and_then(|t| trace.leases.iter().find(|l| l.wallet == wallet && l.token == t));
    // The highlight once the first `n` actors are on stage.
    let highlight = |n: usize| Highlight {
        holds: actors[..n].iter().map(|a| a.hold).collect(),
        leases: actors[..n].iter().filter_map(|a| a.token.map(|t| (wallet, t))).collect(),
        names: actors[..n].iter().map(|a| (wallet, a.worker, w.story.names[a.index].to_string())).collect(),
        writes: Vec::new(),
    };

    // (time, actors on stage, fact, the hold whose write it names), sorted by time afterwards.
    let mut moments: Vec<(u64, usize, StoryFact, Option<u32>)> = Vec::new();
    let expired_before = |h: &Hold, at| lease_of(h).filter(|l| l.end_cause == LeaseEnd::Expired && l.ended_at <= at);
    let first_expiry = expired_before(first, second.acquired_at);
    // With a watchdog, a lease runs out only when the whole process stops:
    // the stop that came before the first owner's lease ran out, if one did.
    let watchdog = c.variant == Variant::Watchdog && c.watchdog_enabled();
    let stopped_at = first_expiry
        .filter(|_| watchdog)
        .and_then(|l| process_stop_within(trace, first, first.acquired_at.t_us, l.ended_at.t_us));
    let opening = StoryFact::FirstOwner {
        wallet,
        first_worker: first.worker,
        second_worker: second.worker,
        token: first.token,
        read_won: first.read_value_won,
        watchdog: stopped_at.map(|_| Watchdog { ttl_ms: c.ttl_ms, period_ms: c.effective_watchdog_period_ms() }),
    };
    moments.push((first.read_at.unwrap_or(first.acquired_at).t_us, 1, opening, None));
    if let (Some(at), Some(l)) = (stopped_at, first_expiry) {
        let renewed = l.extended_at.iter().filter(|e| e.t_us <= at).count();
        moments.push((at, 1, StoryFact::ProcessStopped { renewed }, None));
    }
    if let Some(l) = first_expiry {
        let asleep = first.written_at.is_none_or(|w| w > l.ended_at);
        let fact = StoryFact::LeaseExpired { token: l.token, ttl_ms: c.ttl_ms, watchdog: stopped_at.is_some(), asleep };
        moments.push((l.ended_at.t_us, 1, fact, None));
    }
    let same_read = first.read_value_won.is_some() && first.read_value_won == second.read_value_won;
    let first_not_written = first.written_at.is_none_or(|w| second.read_at.is_some_and(|r| w > r));
    moments.push((
        second.read_at.unwrap_or(second.acquired_at).t_us,
        2,
        StoryFact::SecondOwner {
            wallet,
            token: second.token,
            read_won: second.read_value_won,
            same_read: same_read && first_not_written,
        },
        None,
    ));
    if let Some(h3) = third {
        let fact = StoryFact::ThirdOwner {
            worker: h3.worker,
            token: h3.token,
            second_expired: expired_before(second, h3.acquired_at).is_some(),
        };
        moments.push((h3.read_at.unwrap_or(h3.acquired_at).t_us, 3, fact, None));
    }
    let mut wrote: Vec<(usize, i64)> = Vec::new();
    let mut writes: Vec<(u64, usize, i64, u32)> = holds
        .iter()
        .enumerate()
        .filter_map(|(i, h)| Some((h.written_at?.t_us, i, h.written_value_won?, h.id)))
        .collect();
    lab_sim::core::sort(&mut writes);
    for (at, who, value_won, hold) in writes {
        let earlier: Vec<usize> = wrote.iter().filter(|(_, v)| *v == value_won).map(|(w, _)| *w).collect();
        let first = wrote.is_empty();
        wrote.push((who, value_won));
        moments.push((at, who + 1, StoryFact::Wrote { who, value_won, earlier, first }, Some(hold)));
    }
    lab_sim::core::sort_by_key(&mut moments, |m| m.0);
    // Once a thread has entered, it stays lit.
    let mut lit = 1;
    let mut steps: Vec<StoryStep> = moments
        .into_iter()
        .map(|(at_us, entered, fact, write)| {
            lit = lit.max(entered).min(actors.len());
            let highlight = write.into_iter().fold(highlight(lit), Highlight::with_write);
            StoryStep { at_us, fact, highlight: Some(highlight), focus: Some(focus.clone()) }
        })
        .collect();
    let overlaps = lab_model::analysis::anomalies(trace)
        .iter()
        .filter(|a| a.kind == lab_model::analysis::AnomalyKind::OverlapStart && a.at.t_us <= window_us)
        .count();
    // The whole window is drawn a few hundred pixels wide: an overlap under
    // about 1/300 of it is no visible band, so the sentence does not point at one.
    let widest_us = (0..c.wallets)
        .flat_map(|w| lab_model::analysis::overlap_intervals(trace, w))
        .filter(|(start, _, _)| start.t_us <= window_us)
        .map(|(start, end, _)| end.t_us.saturating_sub(start.t_us))
        .max()
        .unwrap_or(0);
    let thin_widest_us = (widest_us * 300 < window_us).then_some(widest_us);
    steps.push(StoryStep::whole(
        window_us,
        StoryFact::LeaseWhole { wallets: c.wallets, threads: c.threads, window_us, overlaps, thin_widest_us },
    ));
    Story { actors, steps }
}

/// A focus on `holds` of one wallet in `panel`, a little wider than their stretch.
fn focus_on(panel: usize, holds: &[&Hold]) -> Focus {
    let start_us = holds.iter().map(|h| h.acquired_at.t_us).min().unwrap_or(0);
    let end_us = holds.iter().map(|h| h.released_at.t_us).max().unwrap_or(start_us);
    let margin = (end_us - start_us) / 12 + 1;
    Focus {
        panel,
        wallet: holds.first().map_or(0, |h| h.wallet),
        workers: holds.iter().map(|h| h.worker).collect(),
        t0_us: start_us.saturating_sub(margin),
        t1_us: end_us + margin,
    }
}

/// The highlight of `holds`, their leases and their names.
fn lit(holds: &[(&Hold, String)]) -> Highlight {
    Highlight {
        holds: holds.iter().map(|(h, _)| h.id).collect(),
        leases: holds.iter().filter_map(|(h, _)| h.token.map(|t| (h.wallet, t))).collect(),
        names: holds.iter().map(|(h, n)| (h.wallet, h.worker, n.clone())).collect(),
        writes: Vec::new(),
    }
}

/// The holds and leases that make anomaly `a`, and who made it with whom
/// (the player's "next anomaly", auto-pause): the player highlights the one
/// and says the other (`lab_words::story::cast`).
pub fn anomaly_cast(trace: &LeaseTrace, a: &Anomaly) -> (Highlight, CastFact) {
    let hold = |id: u32| trace.holds.iter().find(|h| h.id == id);
    let Some(h) = a.hold.and_then(hold) else { return (Highlight::default(), CastFact::Nothing) };
    let same_wallet = || trace.holds.iter().filter(|o| o.wallet == h.wallet && o.id != h.id);
    let worker = h.worker;
    let (others, fact): (Vec<&Hold>, CastFact) = match a.kind {
        AnomalyKind::OverlapStart => {
            let open: Vec<&Hold> =
                same_wallet().filter(|o| o.acquired_at < h.acquired_at && o.released_at > h.acquired_at).collect();
            // A hold granted without a lock (fail-open during an outage) has no token.
            let fact = CastFact::TookOver { worker, token: h.token, open: open.iter().map(|o| o.worker).collect() };
            (open, fact)
        }
        AnomalyKind::StaleWrite => {
            let read = h.read_at.unwrap_or(h.acquired_at);
            let written = h.written_at.unwrap_or(h.released_at);
            // The last write it overwrote.
            let between: Vec<&Hold> = same_wallet()
                .filter(|o| o.written_at.is_some_and(|w| w > read && w < written))
                .max_by_key(|o| o.written_at)
                .into_iter()
                .collect();
            let fact = CastFact::StaleWrite {
                worker,
                read_won: h.read_value_won,
                over: between.last().map(|o| (o.worker, o.written_value_won)),
                written_won: h.written_value_won,
            };
            (between, fact)
        }
        AnomalyKind::Stolen => {
            let owner = same_wallet()
                .filter(|o| o.token.is_some() && o.acquired_at <= h.released_at && o.released_at > h.released_at)
                .max_by_key(|o| o.token);
            let fact = CastFact::Stolen { worker, owner: owner.map(|o| (o.worker, o.token.unwrap_or_default())) };
            (owner.into_iter().collect(), fact)
        }
        AnomalyKind::LedgerNegative => (Vec::new(), CastFact::LedgerNegative { worker, wallet: h.wallet }),
        AnomalyKind::FenceReject => (Vec::new(), CastFact::FenceReject { worker }),
    };
    let cast: Vec<&Hold> = std::iter::once(h).chain(others).collect();
    let highlight = Highlight {
        holds: cast.iter().map(|o| o.id).collect(),
        leases: cast.iter().filter_map(|o| o.token.map(|t| (o.wallet, t))).collect(),
        names: cast.iter().map(|o| (o.wallet, o.worker, String::new())).collect(),
        writes: Vec::new(),
    };
    (highlight, fact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure_spec;
    use crate::plan::LeasePlan;
    use lab_model::analysis::{anomalies, AnomalyKind};
    use lab_model::params::parse_lease_query;

    /// The Korean edition's table: the names the highlights draw.
    fn ko() -> &'static Words {
        &lab_words::ko::WORDS
    }

    fn a1(query: &str) -> (std::rc::Rc<LeaseTrace>, u64) {
        let spec = figure_spec("lease-expiry").unwrap();
        let plan = LeasePlan::new(spec, parse_lease_query(query).value, None, true);
        let figure = plan.run();
        (figure.traces()[0].clone(), figure.window_us())
    }

    /// A3's figure at `query`: its two traces and its window.
    fn a3(query: &str) -> (Vec<std::rc::Rc<LeaseTrace>>, u64) {
        let spec = figure_spec("fence-placement").unwrap();
        let figure = LeasePlan::new(spec, parse_lease_query(query).value, None, true).run();
        (figure.traces().to_vec(), figure.window_us())
    }

    #[test]
    fn a3_tells_the_write_fence_letting_a_stale_write_through_and_the_read_fence_refusing_it() {
        let (traces, window) = a3("preset=exp3_c1");
        let story = fence_story(&traces[0], &traces[1], window, ko());
        assert!(story.found());
        let text: Vec<&StoryFact> = story.steps.iter().map(|s| &s.fact).collect();
        // (c-1): two owners of one wallet, both approved; the later one's write
        // came from a read the earlier one's write overtook, and passed.
        let hold = |id: u32| traces[0].holds.iter().find(|h| h.id == id).unwrap();
        let (g, n) = (hold(story.actors[0].hold), hold(story.actors[1].hold));
        assert_eq!(g.wallet, n.wallet);
        assert!(g.token < n.token);
        assert_eq!((g.outcome, n.outcome), (Outcome::Approved, Outcome::Approved));
        assert!(
            n.read_at < g.written_at && g.written_at < n.written_at,
            "the later owner read before the earlier one wrote, and wrote after"
        );
        assert_eq!(g.read_value_won, n.read_value_won);
        // Above, the two owners' writes, the later one's token passing the
        // earlier one's fence; below, the newer reader and the refusal.
        assert!(
            matches!(
                text[..],
                [
                    StoryFact::WriteFenceFirst { .. },
                    StoryFact::WriteFenceSecond { .. },
                    StoryFact::WriteFenceFirstWrite { .. },
                    StoryFact::WriteFenceStaleWrite { .. },
                    StoryFact::ReadFenceMoved { .. },
                    StoryFact::ReadFenceRefused { .. },
                    StoryFact::FenceWhole { .. },
                ]
            ),
            "{text:?}"
        );
        assert_eq!(
            *text[3],
            StoryFact::WriteFenceStaleWrite {
                written_won: n.written_value_won,
                token: n.token.unwrap(),
                fence: g.token.unwrap()
            }
        );
        // The first steps are told on the upper panel, the next on the lower;
        // in time order within each half; the last opens out to both.
        let panels: Vec<usize> = story.steps.iter().filter_map(|s| s.focus.as_ref().map(|f| f.panel)).collect();
        assert_eq!(panels, [0, 0, 0, 0, 1, 1], "{text:?}");
        for half in story
            .steps
            .split_last()
            .unwrap()
            .1
            .chunk_by(|a, b| a.focus.as_ref().map(|f| f.panel) == b.focus.as_ref().map(|f| f.panel))
        {
            assert!(half.windows(2).all(|w| w[0].at_us <= w[1].at_us), "{text:?}");
            for s in half {
                let f = s.focus.as_ref().unwrap();
                assert!(f.t0_us <= s.at_us && s.at_us <= f.t1_us);
            }
        }
        let last = story.steps.last().unwrap();
        assert!(last.focus.is_none() && last.at_us == window);
        // (c-2): the refused hold, and the newer owner whose read moved the fence before it wrote.
        let c2 = &traces[1];
        let lower = &story.steps[story.steps.len() - 2];
        let named = &lower.highlight.as_ref().unwrap().holds;
        let (old, newer) =
            (c2.holds.iter().find(|h| h.id == named[0]).unwrap(), c2.holds.iter().find(|h| h.id == named[1]).unwrap());
        assert_eq!(old.outcome, Outcome::FenceRejected(FencePhase::Write));
        assert!(newer.token > old.token && newer.read_at > old.read_at);
        // The refusal's sentence names the fence the series had then.
        let fence = c2.series.tokens[old.wallet as usize].iter().rev().find(|p| p.t_us < lower.at_us).unwrap().fence;
        assert!(fence > old.token.unwrap());
        assert!(matches!(lower.fact, StoryFact::ReadFenceRefused { fence: f, .. } if f == fence), "{:?}", lower.fact);
    }

    #[test]
    fn a3_without_an_overlap_says_so() {
        let (traces, window) = a3("preset=exp3_c1&ttl_ms=5000");
        let story = fence_story(&traces[0], &traces[1], window, ko());
        assert!(!story.found());
        assert_eq!(story.steps.len(), 1);
    }

    #[test]
    fn a1_at_its_defaults_tells_the_first_overlap() {
        let (trace, window) = a1("preset=exp1");
        let story = lease_story(&trace, window, ko());
        assert!(story.found());
        // Its second thread is the first overlap the anomaly finder sees; its first, a holder still open then.
        let first_overlap = anomalies(&trace).into_iter().find(|a| a.kind == AnomalyKind::OverlapStart).unwrap();
        let hold = |id: u32| trace.holds.iter().find(|h| h.id == id).unwrap();
        assert_eq!(story.actors[1].hold, first_overlap.hold.unwrap());
        let (g, n) = (hold(story.actors[0].hold), hold(story.actors[1].hold));
        assert!(
            g.acquired_at < n.acquired_at && n.acquired_at < g.released_at,
            "the first thread still holds when the second takes the lock"
        );
        assert_eq!(g.wallet, n.wallet);
        assert_ne!(g.worker, n.worker);
        // The chapter's moments, with the trace's own numbers.
        let text: Vec<&StoryFact> = story.steps.iter().map(|s| &s.fact).collect();
        let has = |pick: &dyn Fn(&StoryFact) -> bool| text.iter().any(|f| pick(f));
        assert!(
            has(&|f| matches!(f, StoryFact::FirstOwner { token, read_won, .. }
                if *token == g.token && read_won.is_some() && *read_won == g.read_value_won)),
            "{text:?}"
        );
        assert!(has(&|f| matches!(f, StoryFact::SecondOwner { token, .. } if *token == n.token)), "{text:?}");
        assert!(
            has(&|f| matches!(f, StoryFact::LeaseExpired { token, .. } if Some(*token) == g.token)),
            "the lease expiry is a step: {text:?}"
        );
        assert!(
            has(&|f| matches!(f, StoryFact::Wrote { earlier, .. } if earlier.len() == 1)),
            "exp1's first overlap is a lost update: {text:?}"
        );
        // In time order, inside the story's focus; the last opens out to the whole experiment.
        assert!(story.steps.windows(2).all(|w| w[0].at_us <= w[1].at_us));
        let (last, told) = story.steps.split_last().unwrap();
        assert!(last.highlight.is_none() && last.focus.is_none() && last.at_us == window);
        assert!(told.len() >= 4, "{text:?}");
        for s in told {
            let f = s.focus.as_ref().unwrap();
            assert!(f.t0_us <= s.at_us && s.at_us <= f.t1_us);
            assert_eq!(f.wallet, g.wallet);
            assert!(f.workers.len() <= 3);
        }
        // It starts with the first thread alone and ends with every named thread lit.
        assert_eq!(told[0].highlight.as_ref().unwrap().workers(), vec![g.worker]);
        let lit = told.last().unwrap().highlight.as_ref().unwrap();
        assert_eq!(lit.workers(), story.actors.iter().map(|a| a.worker).collect::<Vec<_>>());
        assert_eq!(lit.name_of(g.wallet, n.worker), Some(ko().story.names[1]));
    }

    #[test]
    fn a1_marks_are_narrated_in_english_without_korean() {
        let spec = figure_spec("lease-expiry").unwrap();
        let figure = LeasePlan::new(spec, parse_lease_query("preset=exp1").value, None, true).run();
        let marks = figure.player_marks().len();
        assert!(marks >= 3, "{marks} marks");
        let en = Words::of(lab_words::Lang::En);
        for i in 0..marks.min(30) {
            let said = figure.narrate_mark_in(i, en);
            assert!(said.contains(" ms: ") && said.contains("Thread "), "{said}");
            assert!(!said.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{said}");
        }
    }

    #[test]
    fn another_seed_finds_its_own_moments() {
        let (a, wa) = a1("preset=exp1");
        let (b, wb) = a1("preset=exp1&seed=7");
        let (sa, sb) = (lease_story(&a, wa, ko()), lease_story(&b, wb, ko()));
        assert!(sa.found() && sb.found());
        let times = |s: &Story| s.steps.iter().map(|x| x.at_us).collect::<Vec<_>>();
        assert_ne!(times(&sa), times(&sb), "the moments come from each run's trace");
    }

    #[test]
    fn a_lease_longer_than_every_pause_has_no_story() {
        let (trace, window) = a1("preset=exp1&ttl_ms=600");
        let story = lease_story(&trace, window, ko());
        assert!(!story.found());
        assert_eq!(story.steps.len(), 1);
        assert_eq!(story.steps[0].fact, StoryFact::NoOverlap { window_us: window });
        assert!(story.steps[0].highlight.is_none());
    }

    #[test]
    fn an_anomaly_lights_the_holds_that_make_it_and_names_them() {
        let (trace, _) = a1("preset=exp1");
        let all = anomalies(&trace);
        let mut seen = std::collections::BTreeSet::new();
        for a in &all {
            let (lit, fact) = anomaly_cast(&trace, a);
            let hold = trace.holds.iter().find(|h| Some(h.id) == a.hold).unwrap();
            assert_eq!(lit.holds[0], hold.id, "{a:?}");
            // The fact names the anomaly's thread, and the other side's.
            let (named, other_named) = match &fact {
                CastFact::TookOver { worker, open, .. } => (*worker, open.first().copied()),
                CastFact::StaleWrite { worker, over, .. } => (*worker, over.map(|(o, _)| o)),
                CastFact::Stolen { worker, owner } => (*worker, owner.map(|(o, _)| o)),
                CastFact::LedgerNegative { worker, .. } | CastFact::FenceReject { worker } => (*worker, None),
                CastFact::Nothing => panic!("{a:?} has a hold"),
            };
            assert_eq!(named, hold.worker, "{fact:?}");
            let sentence = format!("{fact:?}");
            if matches!(a.kind, AnomalyKind::OverlapStart | AnomalyKind::StaleWrite | AnomalyKind::Stolen) {
                // The other side: the owner still holding, the write it lost, the token found.
                assert!(lit.holds.len() >= 2, "{a:?}: {sentence}");
                let other = trace.holds.iter().find(|h| h.id == lit.holds[1]).unwrap();
                assert_eq!(other.wallet, hold.wallet);
                assert_eq!(other_named, Some(other.worker), "{sentence}");
            }
            if a.kind == AnomalyKind::OverlapStart {
                let other = trace.holds.iter().find(|h| h.id == lit.holds[1]).unwrap();
                assert!(other.acquired_at < hold.acquired_at && hold.acquired_at < other.released_at);
            }
            seen.insert(a.kind);
        }
        assert!(seen.len() >= 3, "{seen:?}");
    }

    #[test]
    fn a_highlight_dims_the_rest_and_names_its_threads_only_when_asked() {
        crate::export::ensure_font().unwrap();
        let spec = figure_spec("lease-expiry").unwrap();
        let figure = LeasePlan::new(spec, parse_lease_query("preset=exp1").value, None, true).run();
        let svg = |lit: Option<&Highlight>| {
            crate::recording::svg_of((900, figure.height_css(900.0) as u32), |area| {
                figure.draw_highlighted(area, figure.window_us(), 1.0, lit)
            })
            .unwrap()
        };
        let plain = {
            crate::recording::svg_of((900, figure.height_css(900.0) as u32), |area| {
                figure.draw(area, figure.window_us(), 1.0)
            })
            .unwrap()
        };
        assert_eq!(svg(None), plain, "without a highlight the drawing is the export's");
        let story = figure.story_in(ko()).unwrap();
        let lit = story.steps[story.steps.len() - 2].highlight.clone().unwrap();
        let drawn = svg(Some(&lit));
        assert_ne!(drawn, plain);
        let named = |i: usize| format!(" · {}", ko().story.names[i]);
        // A thread lane's label opens with the words before its number.
        let thread = ko().legend.lanes.worker.split('{').next().unwrap();
        assert!(drawn.contains(thread) && drawn.contains(&named(0)) && drawn.contains(&named(1)), "named lanes");
        assert!(!plain.contains(&named(0)));
        // The story's focus draws one wallet with the named threads only.
        let step = &story.steps[0];
        let h = figure.story_height_css(step, 900.0) as u32;
        assert!(h < figure.height_css(900.0) as u32 / 2, "the story starts small");
        let focused = crate::recording::svg_of((900, h), |area| figure.draw_story(area, step, 1.0)).unwrap();
        let lease = |wallet: &str| ko().fill(ko().legend.lanes.lease, &[("wallet", wallet)]);
        assert!(focused.contains(&lease("0")) && !focused.contains(&lease("1")));
        assert_eq!(focused.lines().filter(|l| l.starts_with(thread)).count(), story.actors.len(), "{focused}");
    }
}
