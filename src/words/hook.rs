//! The words of the front page's question and its outcome (lab_figures::hook).
//!
//! Declared here once; the Korean table is [`crate::ko::hook`], the English
//! one [`crate::en::hook`]; [`say`] words a [`HookFact`].

use crate::Words;
use lab_model::analysis::group_thousands;
use lab_model::facts::hook::HookFact;

crate::words! {
    /// Every word of this domain, one field each.
    pub struct HookWords {
        /// The question above the timeline: the situation, not what happens.
        pub question: &'static str,
        /// The timeline's text alternative.
        pub canvas_label: &'static str,
        /// What the hook says before the reader has played it to an answer.
        pub invitation: &'static str,
        /// A thread by its number `{n}`.
        pub thread: &'static str,
        /// An amount `{n}`, grouped in thousands.
        pub won: &'static str,
        /// At the stop: `{stopped}` is stopped, `{waiting}` waits.
        pub asking: &'static str,
        /// Both read `{read}`.
        pub same_read: &'static str,
        /// `{a}` and `{b}` both wrote `{value}` (after `{read}`).
        pub same_wrote: &'static str,
        /// `{a}` wrote `{v1}`, `{b}` wrote `{v2}`.
        pub different_wrote: &'static str,
        /// `{payments}` payments; the ledger says `{ledger}`, the balance is `{balance}`: `{lost}` debits lost.
        pub lost_row: &'static str,
        /// `{payments}` payments; the balance `{balance}` is the ledger's.
        pub kept_row: &'static str,
        /// The outcome: `{wrote}`, then `{row}`.
        pub outcome: &'static str,
        /// The legend's label.
        pub legend_label: &'static str,
        /// The play button once the hook has stopped to ask.
        pub resume: &'static str,
        /// The time slider's name.
        pub time: &'static str,
    }
}

/// What the hook says, in `w`'s language.
pub fn say(w: &Words, fact: &HookFact) -> String {
    let h = &w.hook;
    let thread = |k: u32| w.fill(h.thread, &[("n", &k.to_string())]);
    let won = |v: i64| w.fill(h.won, &[("n", &group_thousands(v))]);
    match fact {
        HookFact::Asking { stopped, waiting } => {
            w.fill(h.asking, &[("stopped", &thread(*stopped)), ("waiting", &thread(*waiting))])
        }
        HookFact::Outcome { first, second, wrote: [v1, v2], same_read, payments, balance, ledger, lost } => {
            let (a, b) = (thread(*first), thread(*second));
            let wrote = if v1 == v2 {
                let read = same_read.map(|r| w.fill(h.same_read, &[("read", &won(r))])).unwrap_or_default();
                w.fill(h.same_wrote, &[("a", &a), ("b", &b), ("read", &read), ("value", &won(*v1))])
            } else {
                w.fill(h.different_wrote, &[("a", &a), ("b", &b), ("v1", &won(*v1)), ("v2", &won(*v2))])
            };
            let payments = payments.to_string();
            let row = if *lost > 0 {
                w.fill(
                    h.lost_row,
                    &[
                        ("payments", &payments),
                        ("ledger", &won(*ledger)),
                        ("balance", &won(*balance)),
                        ("lost", &lost.to_string()),
                    ],
                )
            } else {
                w.fill(h.kept_row, &[("payments", &payments), ("balance", &won(*balance))])
            };
            w.fill(h.outcome, &[("wrote", &wrote), ("row", &row)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::say;
    use crate::{Lang, Words};
    use lab_model::facts::hook::HookFact;

    #[test]
    fn english_asks_and_answers_with_the_runs_numbers() {
        let w = Words::of(Lang::En);
        assert_eq!(
            say(w, &HookFact::Asking { stopped: 0, waiting: 1 }),
            "Thread 0 is still paused, but its lease has ended (✕). What will Thread 1, which was waiting, do? How much will each write to the balance?"
        );
        let outcome = HookFact::Outcome {
            first: 0,
            second: 1,
            wrote: [9_000, 9_000],
            same_read: Some(10_000),
            payments: 2,
            balance: 9_000,
            ledger: 8_000,
            lost: 1,
        };
        assert_eq!(
            say(w, &outcome),
            "Thread 0 and Thread 1 both read 10,000 won, and both wrote 9,000 won. 2 payments: by the ledger the balance should be 8,000 won, but it is 9,000 won. 1 debit vanished."
        );
        let kept = HookFact::Outcome {
            first: 0,
            second: 1,
            wrote: [9_000, 8_000],
            same_read: None,
            payments: 2,
            balance: 8_000,
            ledger: 8_000,
            lost: 0,
        };
        assert_eq!(
            say(w, &kept),
            "Thread 0 wrote 9,000 won, Thread 1 wrote 8,000 won. 2 payments, and the balance is 8,000 won, as the ledger says."
        );
    }
}
