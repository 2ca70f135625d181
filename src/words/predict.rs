//! The words of the predictions: questions, choices, reasons, answers.
//!
//! Declared here once; the Korean table is [`crate::ko::predict`], the English
//! one [`crate::en::predict`]. Which question a prediction asks is a fact
//! ([`Ask`], the key `content::predict` gives each prediction); [`asked`]
//! picks its words. A choice's words follow the prediction's choices in
//! order (`content::predict::Choice` says which answers each covers).

use crate::Words;

crate::words! {
    /// A question with three choices.
    pub struct Ask3 {
        /// The question, the fieldset's legend (it ends with a question mark).
        pub question: &'static str,
        /// The choices, in the prediction's order.
        pub choices: [&'static str; 3],
        /// Why the answer is what it is (no number the simulation computes).
        pub why: &'static str,
    }
}

crate::words! {
    /// A question with two choices.
    pub struct Ask2 {
        pub question: &'static str,
        pub choices: [&'static str; 2],
        pub why: &'static str,
    }
}

crate::words! {
    /// A question answered by an Article B story's verdict: its choices are
    /// [`PredictWords::verdict_choices`].
    pub struct AskVerdict {
        pub question: &'static str,
        pub why: &'static str,
    }
}

crate::words! {
    /// The live question's own words (`web::predict`).
    pub struct PredictPageWords {
        /// Over the reader's guess.
        pub guess: &'static str,
        /// Over the answer.
        pub result: &'static str,
        /// While the answer is computed.
        pub running: &'static str,
        /// Before the answer's value.
        pub simulation: &'static str,
        pub right: &'static str,
        pub wrong: &'static str,
        /// The right choice's line: `{choice}`, `{verdict}` (right, wrong or nothing).
        pub right_answer: &'static str,
        /// The button that commits the guess.
        pub go: &'static str,
        pub pick_first: &'static str,
        pub no_answer: &'static str,
        pub no_metric: &'static str,
        /// The echo card's link back to the question.
        pub back: &'static str,
        /// The echo card's lead: the figure below now shows the answer.
        pub echo_lead: &'static str,
        /// The figure could not be computed: `{error}`.
        pub compute_failed: &'static str,
        /// A `{{predict:ID}}` that names no prediction: `{id}`.
        pub not_found: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct PredictWords {
        pub a1_default: Ask3,
        pub a1_ttl600: Ask3,
        pub a2_stop120: Ask3,
        pub a3_pause100: Ask3,
        pub a4_threads32: Ask3,
        pub a5_closed: Ask3,
        pub a6_long_pause: Ask3,
        pub a7_long_ttl: Ask3,
        pub b1_store_first: AskVerdict,
        pub b2_lying_device: Ask2,
        pub b3_rollback: AskVerdict,
        pub b4_fence: AskVerdict,
        pub b5_as_success: AskVerdict,
        pub b6_after_send: AskVerdict,
        pub b7_power: Ask3,
        pub b8_two_blocked: Ask2,
        /// The choices of a verdict question: unsafe, fenced, safe.
        pub verdict_choices: [&'static str; 3],
        /// Under the static question (no scripts).
        pub static_note: &'static str,
        /// B2's answer's row: `{variant}` (its code).
        pub matrix_row: &'static str,
        /// B2's answer: `{n}` cells.
        pub matrix_cells: &'static str,
        /// A sweep answer's row: `{metric}`'s mean.
        pub sweep_row: &'static str,
        /// A sweep answer's column: `{x_name} {x}, {y_name} {y}`.
        pub sweep_column: &'static str,
        /// The live question's own words.
        pub page: PredictPageWords,
    }
}

/// Which prediction's words: one per `content::predict::PREDICTIONS` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    A1Default,
    A1Ttl600,
    A2Stop120,
    A3Pause100,
    A4Threads32,
    A5Closed,
    A6LongPause,
    A7LongTtl,
    B1StoreFirst,
    B2LyingDevice,
    B3Rollback,
    B4Fence,
    B5AsSuccess,
    B6AfterSend,
    B7Power,
    B8TwoBlocked,
}

impl Ask {
    /// Every question, in chapter order.
    pub const ALL: [Ask; 16] = [
        Ask::A1Default,
        Ask::A1Ttl600,
        Ask::A2Stop120,
        Ask::A3Pause100,
        Ask::A4Threads32,
        Ask::A5Closed,
        Ask::A6LongPause,
        Ask::A7LongTtl,
        Ask::B1StoreFirst,
        Ask::B2LyingDevice,
        Ask::B3Rollback,
        Ask::B4Fence,
        Ask::B5AsSuccess,
        Ask::B6AfterSend,
        Ask::B7Power,
        Ask::B8TwoBlocked,
    ];
}

/// A question's words: the question, its choices in order, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked<'a> {
    pub question: &'a str,
    pub choices: &'a [&'static str],
    pub why: &'a str,
}

/// The words of question `ask` in `w`'s language.
pub fn asked(w: &Words, ask: Ask) -> Asked<'_> {
    let p = &w.predict;
    let (question, choices, why): (&str, &[&'static str], &str) = match ask {
        Ask::A1Default => (p.a1_default.question, &p.a1_default.choices, p.a1_default.why),
        Ask::A1Ttl600 => (p.a1_ttl600.question, &p.a1_ttl600.choices, p.a1_ttl600.why),
        Ask::A2Stop120 => (p.a2_stop120.question, &p.a2_stop120.choices, p.a2_stop120.why),
        Ask::A3Pause100 => (p.a3_pause100.question, &p.a3_pause100.choices, p.a3_pause100.why),
        Ask::A4Threads32 => (p.a4_threads32.question, &p.a4_threads32.choices, p.a4_threads32.why),
        Ask::A5Closed => (p.a5_closed.question, &p.a5_closed.choices, p.a5_closed.why),
        Ask::A6LongPause => (p.a6_long_pause.question, &p.a6_long_pause.choices, p.a6_long_pause.why),
        Ask::A7LongTtl => (p.a7_long_ttl.question, &p.a7_long_ttl.choices, p.a7_long_ttl.why),
        Ask::B1StoreFirst => (p.b1_store_first.question, &p.verdict_choices, p.b1_store_first.why),
        Ask::B2LyingDevice => (p.b2_lying_device.question, &p.b2_lying_device.choices, p.b2_lying_device.why),
        Ask::B3Rollback => (p.b3_rollback.question, &p.verdict_choices, p.b3_rollback.why),
        Ask::B4Fence => (p.b4_fence.question, &p.verdict_choices, p.b4_fence.why),
        Ask::B5AsSuccess => (p.b5_as_success.question, &p.verdict_choices, p.b5_as_success.why),
        Ask::B6AfterSend => (p.b6_after_send.question, &p.verdict_choices, p.b6_after_send.why),
        Ask::B7Power => (p.b7_power.question, &p.b7_power.choices, p.b7_power.why),
        Ask::B8TwoBlocked => (p.b8_two_blocked.question, &p.b8_two_blocked.choices, p.b8_two_blocked.why),
    };
    Asked { question, choices, why }
}

/// B2's answer's row and its value: `n` unsafe cells in `variant`'s row.
pub fn matrix_answer(w: &Words, variant: &str, n: usize) -> (String, String) {
    let p = &w.predict;
    (w.fill(p.matrix_row, &[("variant", variant)]), w.fill(p.matrix_cells, &[("n", &n.to_string())]))
}

/// A sweep answer's row (`metric`'s mean) and column (the cell's two axes).
pub fn sweep_answer(w: &Words, metric: &str, x: (&str, &str), y: (&str, &str)) -> (String, String) {
    let p = &w.predict;
    (
        w.fill(p.sweep_row, &[("metric", metric)]),
        w.fill(p.sweep_column, &[("x_name", x.0), ("x", x.1), ("y_name", y.0), ("y", y.1)]),
    )
}

/// The line under the answer naming the right choice, and whether the guess was it.
pub fn right_answer(w: &Words, choice: &str, guessed_right: Option<bool>) -> String {
    let page = &w.predict.page;
    let verdict = match guessed_right {
        Some(true) => page.right,
        Some(false) => page.wrong,
        None => "",
    };
    w.fill(page.right_answer, &[("choice", choice), ("verdict", verdict)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    #[test]
    fn every_question_asks_and_offers_two_choices_or_more_in_both_languages() {
        for lang in Lang::ALL {
            let w = Words::of(lang);
            for ask in Ask::ALL {
                let a = asked(w, ask);
                assert!(a.question.ends_with('?'), "{lang:?} {ask:?}: {}", a.question);
                assert!(a.choices.len() >= 2 && a.choices.iter().all(|c| !c.is_empty()), "{lang:?} {ask:?}");
                assert!(!a.why.is_empty(), "{lang:?} {ask:?}");
            }
        }
        for ask in Ask::ALL {
            let (ko, en) = (asked(Words::of(Lang::Ko), ask), asked(Words::of(Lang::En), ask));
            assert_eq!(ko.choices.len(), en.choices.len(), "{ask:?}");
        }
    }

    #[test]
    fn the_english_answers_read_as_english() {
        let w = Words::of(Lang::En);
        assert_eq!(matrix_answer(w, "V0", 1), ("Unsafe cells in row V0".to_string(), "1 cell".to_string()));
        assert_eq!(matrix_answer(w, "V0", 3).1, "3 cells");
        assert_eq!(
            sweep_answer(w, "over-approval", ("TTL", "1000"), ("pause max", "100")),
            ("Mean over-approval".to_string(), "TTL 1000, pause max 100".to_string())
        );
        assert_eq!(right_answer(w, "0", Some(true)), "Right answer: 0. Your guess was right.");
        assert_eq!(right_answer(w, "0", None), "Right answer: 0. ");
        assert_eq!(w.fill(w.predict.page.not_found, &[("id", "x1")]), "No question x1 was found.");
        assert_eq!(asked(w, Ask::B3Rollback).choices, w.predict.verdict_choices);
    }
}
