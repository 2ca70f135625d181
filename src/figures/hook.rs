//! The front page's hook as a run: two threads, one lock, one wallet (Article
//! A's first experiment with `threads=2&wallets=1`), drawn by A1's timeline,
//! and what the hook says about it, read from its trace: the question it
//! opens with, the instant it stops to ask (the first lease that runs out
//! while its owner has not written yet), what it asks there, and what the
//! two threads wrote. The live hook (`web/hook.rs`) plays it; the static
//! front page (`content::prerender`) shows it stopped at that instant.

use super::plan::{LeaseFigure, LeasePlan};
use lab_model::facts::hook::HookFact;
use lab_model::params::parse_lease_query;
use lab_sim::lease::LeaseEnd;
use lab_words::Words;

/// The hook's run: Article A's first experiment on one wallet with two threads.
pub const HOOK_QUERY: &str = "preset=exp1&threads=2&wallets=1";
/// Its window, in ms: the first lock, its expiry, the second owner, both writes.
pub const HOOK_WINDOW_MS: u32 = 1_000;
/// The static front page's image of the hook for a phone
/// (`static/figures/hook-narrow.png`): laid out at this width in CSS px and
/// drawn at [`NARROW_SCALE`] pixels per CSS px, legible on a phone. It is
/// that page's largest paint, so it is kept small (at 2× it weighed 134 KB
/// and held that paint back on a slow network).
pub const NARROW_WIDTH: u32 = 360;
pub const NARROW_SCALE: f64 = 1.5;
/// The hook's question in the Korean edition (`lab_words::hook::HookWords::question`
/// in any language), for the callers not yet handed a table; issue 42 removes it.
#[cfg(not(target_arch = "wasm32"))]
pub const QUESTION: &str = lab_words::ko::hook::HOOK.question;
/// The timeline's text alternative in the Korean edition (`HookWords::canvas_label`); issue 42 removes it.
#[cfg(not(target_arch = "wasm32"))]
pub const CANVAS_LABEL: &str = lab_words::ko::hook::HOOK.canvas_label;
/// The invitation in the Korean edition (`HookWords::invitation`); issue 42 removes it.
#[cfg(not(target_arch = "wasm32"))]
pub const INVITATION: &str = lab_words::ko::hook::HOOK.invitation;

/// The hook's run and what it says.
pub struct HookRun {
    figure: LeaseFigure,
}

impl Default for HookRun {
    fn default() -> Self {
        HookRun::new()
    }
}

impl HookRun {
    /// Runs the hook's experiment (deterministic: the preset's seed).
    pub fn new() -> HookRun {
        let spec = super::figure_spec("lease-expiry").expect("A1 is a figure");
        let plan = LeasePlan::new(spec, parse_lease_query(HOOK_QUERY).value, Some(HOOK_WINDOW_MS), true);
        HookRun { figure: plan.run() }
    }

    pub fn figure(&self) -> &LeaseFigure {
        &self.figure
    }

    /// The instant the hook stops to ask: the first lease that runs out (on
    /// the lock server's clock) while its owner has not written yet.
    pub fn question_at_us(&self) -> Option<u64> {
        let [(_, _, t1), _] = self.writes()?;
        let trace = &self.figure.traces()[0];
        trace
            .leases
            .iter()
            .find(|l| l.end_cause == LeaseEnd::Expired)
            .map(|l| l.ended_at.t_us)
            .filter(|&t| t < t1 && t < self.figure.window_us())
    }

    /// What the hook asks at its stop: the first owner still stopped, its lease gone.
    pub fn asking_fact(&self) -> Option<HookFact> {
        let [(k1, ..), (k2, ..)] = self.writes()?;
        Some(HookFact::Asking { stopped: k1, waiting: k2 })
    }

    /// [`Self::asking_fact`] in `w`'s language.
    pub fn asking_in(&self, w: &Words) -> Option<String> {
        self.asking_fact().map(|f| lab_words::hook::say(w, &f))
    }

    /// The story's first two threads: (worker, value written, when), if both wrote.
    fn writes(&self) -> Option<[(u32, i64, u64); 2]> {
        // Only the story's threads are read, not their names: any table will do.
        let story = self.figure.story_in(self.figure.words())?;
        let trace = &self.figure.traces()[0];
        let wrote: Vec<(u32, i64, u64)> = story
            .actors
            .iter()
            .take(2)
            .filter_map(|a| {
                let h = trace.holds.iter().find(|h| h.id == a.hold)?;
                Some((a.worker, h.written_value_won?, h.written_at?.t_us))
            })
            .collect();
        let [a, b] = wrote[..] else { return None };
        Some([a, b])
    }

    /// The balance row as the figure's label reads it at `cursor_us`
    /// (the balance, then the ledger, `timeline::draw`): the balance and the ledger
    /// (what the balance should be after every payment so far), in won, from
    /// the last point of the run's balance series at or before the cursor.
    pub fn balance_at(&self, cursor_us: u64) -> (i64, i64) {
        let trace = &self.figure.traces()[0];
        let start = trace.config.initial_balance_won as i64;
        let points = trace.series.balance.first().map(Vec::as_slice).unwrap_or(&[]);
        points
            .iter()
            .take_while(|p| p.t_us <= cursor_us)
            .last()
            .map_or((start, start), |p| (p.snapshot_won, p.ledger_won))
    }

    /// What the run shows once both have written (`None` before `cursor_us`
    /// reaches the later write): what the two threads read and wrote, and
    /// the balance row as the figure shows it at the cursor ([`Self::balance_at`]).
    pub fn outcome_fact(&self, cursor_us: u64) -> Option<HookFact> {
        let [(k1, v1, t1), (k2, v2, t2)] = self.writes()?;
        if cursor_us < t1.max(t2) {
            return None;
        }
        let same_read = match self.reads() {
            Some([r1, r2]) if r1 == r2 => Some(r1),
            _ => None,
        };
        let trace = &self.figure.traces()[0];
        let (amount, start) = (trace.config.amount_won as i64, trace.config.initial_balance_won as i64);
        let (balance, ledger) = self.balance_at(cursor_us);
        Some(HookFact::Outcome {
            first: k1,
            second: k2,
            wrote: [v1, v2],
            same_read,
            payments: (start - ledger) / amount.max(1),
            balance,
            ledger,
            lost: (balance - ledger) / amount.max(1),
        })
    }

    /// [`Self::outcome_fact`] in `w`'s language.
    pub fn outcome_in(&self, cursor_us: u64, w: &Words) -> Option<String> {
        self.outcome_fact(cursor_us).map(|f| lab_words::hook::say(w, &f))
    }

    /// The balances the story's first two threads read, if both read.
    fn reads(&self) -> Option<[i64; 2]> {
        // Only the story's threads are read, not their names: any table will do.
        let story = self.figure.story_in(self.figure.words())?;
        let trace = &self.figure.traces()[0];
        let read: Vec<i64> = story
            .actors
            .iter()
            .take(2)
            .filter_map(|a| trace.holds.iter().find(|h| h.id == a.hold)?.read_value_won)
            .collect();
        let [a, b] = read[..] else { return None };
        Some([a, b])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::analysis::group_thousands;

    #[test]
    fn the_hook_asks_before_it_answers() {
        let hook = HookRun::new();
        let ask = hook.question_at_us().expect("the first lease runs out before its owner writes");
        assert!(hook.outcome_fact(ask).is_none(), "no answer at the question");
        let [(k1, ..), (k2, ..)] = hook.writes().unwrap();
        assert_eq!(hook.asking_fact(), Some(HookFact::Asking { stopped: k1, waiting: k2 }));
        let end = hook.figure().window_us();
        assert!(matches!(hook.outcome_fact(end), Some(HookFact::Outcome { .. })));
    }

    /// The closing sentence says what the figure draws: at the moment both
    /// threads have written, and at the end of the window (where the hook's
    /// player stops), its balance and ledger are the figure's own label as
    /// drawn from the same run, and every number in it comes from the run.
    #[test]
    fn the_closing_sentence_says_what_the_figure_shows() {
        use crate::export::{render_svg, Format, Request};
        let hook = HookRun::new();
        let [(k1, v1, t1), (k2, v2, t2)] = hook.writes().expect("both threads write");
        let [r1, r2] = hook.reads().expect("both threads read");
        let trace = &hook.figure().traces()[0];
        for cursor in [t1.max(t2), hook.figure().window_us()] {
            let fact = hook.outcome_fact(cursor).expect("both have written");
            let HookFact::Outcome { first, second, wrote, same_read, payments, balance, ledger, lost } = fact else {
                panic!("{fact:?}")
            };
            assert_eq!((first, second, wrote), (k1, k2, [v1, v2]));
            assert_eq!(same_read, (r1 == r2).then_some(r1));
            assert_eq!((balance, ledger), hook.balance_at(cursor));
            let svg = render_svg(&Request {
                width: 760,
                params: Some(HOOK_QUERY.to_string()),
                window_ms: Some(HOOK_WINDOW_MS),
                time_us: Some(cursor),
                ..Request::new("lease-expiry", Format::Svg, lab_words::Words::of(lab_words::Lang::Ko))
            })
            .unwrap();
            // The balance row's drawn label: the balance, then the ledger.
            let (b, l) = (group_thousands(balance), group_thousands(ledger));
            assert!(
                svg.lines().any(|line| line.starts_with(&format!("{b} / ")) && line.ends_with(&format!(" {l}"))),
                "the figure at {cursor} µs does not draw {b} / … {l}"
            );
            // Payments so far: the committed writes up to the cursor, counted on the trace.
            let committed =
                trace.holds.iter().filter(|h| h.written_at.is_some_and(|w| w.t_us <= cursor)).count() as i64;
            assert_eq!(payments, committed);
            assert_eq!(lost, (balance - ledger) / trace.config.amount_won as i64);
            assert!(lost >= 1, "the hook's run loses a payment");
        }
        // At the window's end the run has made three payments, not two.
        let end = hook.outcome_fact(hook.figure().window_us()).unwrap();
        assert!(matches!(end, HookFact::Outcome { payments: 3, .. }), "{end:?}");
    }
}
