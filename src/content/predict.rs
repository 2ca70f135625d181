//! Predict → act → reveal: the questions a chapter asks before the reader
//! moves a figure's controls (`{{predict:ID}}` in `content/ko/*.md`).
//!
//! Each [`Prediction`] names its figure, the figure's state after the move
//! (a query in the URL's syntax, so the page's permalink changes as if the
//! reader had moved the sliders), the reader's choices, what answers the
//! question ([`Answer`]) and its words ([`Ask`]: the question, the choices'
//! labels and a sentence on why, in `lab_words::predict`, picked from the
//! table of the language the page or the chapter speaks). The answer is never written
//! here: a lock-lease answer is the cell the figure's live table shows for
//! that state ([`Prediction::lease_answer`], the same runs through the same
//! plan), an Article B answer is the story's verdict, which the page asks
//! the `figures` module for. A choice says which answers it covers
//! ([`Covers`]), so whether the guess was right is decided by the live run
//! too.
//!
//! The markdown renderer (`crate::content::prose`) turns a marker into a static
//! fieldset with the question and the choices and no answer
//! ([`Prediction::static_html`]), which the prerendered pages keep and the
//! page replaces with the live component.

use crate::figures::plan::{matrix_unsafe_cells, LeasePlan, StoryVerdict, VoteFact};
use crate::figures::vote::MatrixView;
use crate::sim::vote::{FaultKind, Variant};
use lab_model::html::escape_html;
use lab_model::params::{parse_lease_query, parse_vote_query, to_query, vote_to_query, LeaseQuery, SiteQuery};
use lab_model::registry::{figure, FigureSpec, Scenario};
pub use lab_words::predict::Ask;
use lab_words::Words;

/// What answers a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A metric of the figure's live table (a `TABLE_ROWS` key) in column
    /// `column` of the table for the prediction's state.
    Metric { key: &'static str, column: usize },
    /// The verdict of an Article B story.
    Verdict,
    /// A number an Article B figure states about its run `run`
    /// ([`crate::figures::plan::VoteFact`], in the figure's summary).
    VoteFact { key: &'static str, run: u32 },
    /// How many cells of a variant's row in figure B2 are unsafe under a
    /// fault, in the crash-point grid the figure shows for the state.
    MatrixUnsafe { variant: Variant, fault: FaultKind },
    /// The mean over-approval of the sweep's cell (`ix`, `iy`), as the
    /// heatmap's cell says it (`lab_model::sweep::run_cell`, the workers' runs).
    SweepCell { ix: usize, iy: usize },
}

/// Which answers a choice covers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Covers {
    /// A metric from `lo` to `hi`, both included (the largest run of a column counts).
    Between(f64, f64),
    /// A story verdict.
    Verdict(StoryVerdict),
}

/// One choice the reader can pick (its label is the prediction's words'
/// choice at the same place).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub covers: Covers,
}

/// One question asked before a figure is moved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The id of the `{{predict:ID}}` marker and of the fieldset (`predict-ID`).
    pub id: &'static str,
    /// Its words: the question, the choices' labels, why.
    pub ask: Ask,
    /// The figure whose state the question is about (it sits in the same chapter).
    pub figure: &'static str,
    /// The figure's state after the move, in the URL's syntax.
    pub query: &'static str,
    /// View keys the reveal adds to the figure's address so that it opens
    /// in the state that answers (B7's `hit=1`: the fault has hit), or "".
    pub view: &'static str,
    pub answer: Answer,
    pub choices: &'static [Choice],
}

const fn between(lo: f64, hi: f64) -> Choice {
    Choice { covers: Covers::Between(lo, hi) }
}

const fn verdict(v: StoryVerdict) -> Choice {
    Choice { covers: Covers::Verdict(v) }
}

const VERDICT_CHOICES: &[Choice] =
    &[verdict(StoryVerdict::Unsafe), verdict(StoryVerdict::Fenced), verdict(StoryVerdict::Safe)];

/// Every prediction, in chapter order.
pub const PREDICTIONS: &[Prediction] = &[
    Prediction {
        id: "a1-default",
        ask: Ask::A1Default,
        figure: "lease-expiry",
        query: "preset=exp1",
        view: "",
        answer: Answer::Metric { key: "approvals", column: 0 },
        choices: &[between(0.0, 240.0), between(241.0, 400.0), between(401.0, f64::INFINITY)],
    },
    Prediction {
        id: "a1-ttl600",
        ask: Ask::A1Ttl600,
        figure: "lease-expiry",
        query: "preset=exp1&ttl_ms=600",
        view: "",
        answer: Answer::Metric { key: "approvals", column: 0 },
        choices: &[between(0.0, 240.0), between(241.0, 400.0), between(401.0, f64::INFINITY)],
    },
    Prediction {
        id: "a2-stop120",
        ask: Ask::A2Stop120,
        figure: "watchdog-stop",
        query: "preset=exp2_stop&stop_duration_ms=120",
        view: "",
        answer: Answer::Metric { key: "ownership_overlap_pairs", column: 0 },
        choices: &[between(0.0, 0.0), between(1.0, 50.0), between(51.0, f64::INFINITY)],
    },
    Prediction {
        id: "a3-pause100",
        ask: Ask::A3Pause100,
        figure: "fence-placement",
        query: "preset=exp3_c1&pause_min_ms=100",
        view: "",
        answer: Answer::Metric { key: "fencing_rejects", column: 0 },
        choices: &[between(0.0, 0.0), between(1.0, 99.0), between(100.0, f64::INFINITY)],
    },
    Prediction {
        id: "a4-threads32",
        ask: Ask::A4Threads32,
        figure: "conditional-update",
        query: "preset=exp4&threads=32",
        view: "",
        answer: Answer::Metric { key: "over_approval", column: 0 },
        choices: &[between(0.0, 0.0), between(1.0, 100.0), between(101.0, f64::INFINITY)],
    },
    Prediction {
        id: "a5-closed",
        ask: Ask::A5Closed,
        figure: "outage",
        query: "preset=exp5_closed",
        view: "",
        answer: Answer::Metric { key: "over_approval", column: 0 },
        choices: &[between(0.0, 0.0), between(1.0, 100.0), between(101.0, f64::INFINITY)],
    },
    Prediction {
        id: "a6-long-pause",
        ask: Ask::A6LongPause,
        figure: "tradeoff",
        query: "preset=exp1&pause_min_ms=1000&pause_max_ms=2000",
        view: "",
        answer: Answer::Metric { key: "over_approval", column: 4 },
        choices: &[between(0.0, 0.0), between(1.0, 100.0), between(101.0, f64::INFINITY)],
    },
    Prediction {
        id: "a7-long-ttl",
        ask: Ask::A7LongTtl,
        figure: "sweep-ttl-pause",
        query: "ttl_lo=50&ttl_hi=1000&pause_lo=100&pause_hi=1000",
        view: "",
        answer: Answer::SweepCell { ix: 11, iy: 0 },
        choices: &[between(0.0, 0.0), between(1e-9, 10.0), between(10.0 + 1e-9, f64::INFINITY)],
    },
    Prediction {
        id: "b1-store-first",
        ask: Ask::B1StoreFirst,
        figure: "vote-story",
        query: "scenario=vote&variant=V0",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
    },
    Prediction {
        id: "b2-lying-device",
        ask: Ask::B2LyingDevice,
        figure: "crash-matrix",
        query: "scenario=vote&device_honours_sync=false",
        view: "",
        answer: Answer::MatrixUnsafe { variant: Variant::V0, fault: FaultKind::Power },
        choices: &[between(0.0, 0.0), between(1.0, f64::INFINITY)],
    },
    Prediction {
        id: "b3-rollback",
        ask: Ask::B3Rollback,
        figure: "outer-transaction",
        query: "scenario=vote&variant=V2&crash=none&outer_end=rollback",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
    },
    Prediction {
        id: "b4-fence",
        ask: Ask::B4Fence,
        figure: "uncertain-failure",
        query: "scenario=vote&variant=F-fence&crash=none",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
    },
    Prediction {
        id: "b5-as-success",
        ask: Ask::B5AsSuccess,
        figure: "interrupt-wait",
        query: "scenario=vote&variant=I-as-success&crash_after=8&fault=power",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
    },
    Prediction {
        id: "b6-after-send",
        ask: Ask::B6AfterSend,
        figure: "restart-recovery",
        query: "scenario=vote&variant=V0&crash_after=6",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
    },
    Prediction {
        id: "b7-power",
        ask: Ask::B7Power,
        figure: "kill-vs-power",
        query: "scenario=vote&variant=V3&crash=none&os_writeback_delay_ms=3000&fault=power",
        view: "hit=1",
        answer: Answer::VoteFact { key: "lost_after_power", run: 0 },
        choices: &[between(0.0, 0.0), between(1.0, 4.0), between(5.0, f64::INFINITY)],
    },
    Prediction {
        id: "b8-two-blocked",
        ask: Ask::B8TwoBlocked,
        figure: "liveness",
        query: "scenario=vote&variant=V0&crash=none&blocked_validators=2&txs_submit_at_ms=12000",
        view: "",
        answer: Answer::VoteFact { key: "finalized_after_fault", run: 2 },
        choices: &[between(0.0, 0.0), between(1.0, f64::INFINITY)],
    },
];

/// The prediction `id`.
pub fn prediction(id: &str) -> Option<&'static Prediction> {
    PREDICTIONS.iter().find(|p| p.id == id)
}

/// The answer a live run gave, and which choices it makes right.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// A table cell: the row's label, the column's header, the cell's text
    /// (as the table shows it) and the largest value of the column's runs.
    Metric { row: String, column: String, text: String, value: f64 },
    /// A story's verdict and its line (the banner's text).
    Verdict(StoryVerdict, String),
}

impl Prediction {
    /// The question, the fieldset's legend.
    pub fn question<'w>(&self, words: &'w Words) -> &'w str {
        lab_words::predict::asked(words, self.ask).question
    }

    /// Why the answer is what it is (no number the simulation computes).
    pub fn why<'w>(&self, words: &'w Words) -> &'w str {
        lab_words::predict::asked(words, self.ask).why
    }

    /// The label of choice `i`, if there is one.
    pub fn choice_label<'w>(&self, words: &'w Words, i: usize) -> Option<&'w str> {
        let labels = lab_words::predict::asked(words, self.ask).choices;
        (i < self.choices.len()).then(|| labels.get(i).copied()).flatten()
    }

    pub fn spec(&self) -> &'static FigureSpec {
        figure(self.figure).expect("a prediction names a figure of the registry")
    }

    /// The figure's lock-lease query after the move.
    pub fn lease_query(&self) -> LeaseQuery {
        parse_lease_query(self.query).value
    }

    /// The figure's Scenario B configuration after the move.
    pub fn vote_config(&self) -> crate::sim::vote::VoteConfig {
        parse_vote_query(self.query).value
    }

    /// The sweep's grid after the move (a sweep figure's question).
    pub fn sweep_spec(&self) -> Option<lab_model::params::SweepSpec> {
        let lab_model::registry::FigureKind::Sweep(kind) = self.spec().kind else { return None };
        let mut log = lab_model::params::NoticeLog::default();
        let values = lab_model::params::last_values(lab_model::params::split_query(self.query), &mut log);
        let spec = lab_model::params::sweep_spec_from_values(kind, &values, &mut log);
        log.finish().is_empty().then_some(spec)
    }

    /// The page's address for the figure in the state that answers: its
    /// permalink, as the figure itself writes it once the reader has moved
    /// its controls, with a lock-lease timeline's player at the end of its
    /// window (where every mark the question is about is drawn and the
    /// results are in) and the prediction's own view keys.
    pub fn permalink(&self) -> String {
        let spec = self.spec();
        let site = SiteQuery {
            chapter: Some(spec.chapter.to_string()),
            figure: Some(spec.id.to_string()),
            cursor_us: spec.kind.is_lease_timeline().then(|| u64::from(spec.window_ms) * 1000),
            ..SiteQuery::default()
        };
        let search = match spec.scenario() {
            Scenario::Vote => site.search_with(&vote_to_query(&self.vote_config())),
            Scenario::Sweep => {
                site.search_with(&self.sweep_spec().map(|s| lab_model::params::sweep_query(&s)).unwrap_or_default())
            }
            _ => site.search_with(&to_query(&self.lease_query())),
        };
        if self.view.is_empty() {
            search
        } else {
            format!("{search}&{}", self.view)
        }
    }

    /// A lock-lease answer: the cell of the figure's live table for the
    /// prediction's state, computed as the table computes it (the plan's
    /// columns, each run through `live_table::table_run`), its row named in
    /// the language of `words`. `None` for a verdict question or a metric
    /// the state has no value for.
    pub fn lease_answer(&self, words: &Words) -> Option<Answered> {
        let Answer::Metric { key, column } = self.answer else { return None };
        let metric = lab_model::metrics::LIVE_TABLE.into_iter().find(|m| m.key() == key)?;
        let spec = self.spec();
        let plan = LeasePlan::new(spec, self.lease_query(), Some(spec.window_ms), true);
        let col = plan.table_in(words).into_iter().nth(column)?;
        let runs: Vec<lab_model::live_table::TableRun> = col
            .runs
            .iter()
            .map(|r| {
                let q = LeaseQuery { preset: None, config: r.config.clone(), seed: r.seed, run_index: r.run_index };
                lab_model::live_table::table_run(&q)
            })
            .collect();
        let values: Vec<f64> = runs.iter().filter_map(|r| r.metric_value(metric)).collect();
        let lo = values.iter().copied().reduce(f64::min)?;
        let hi = values.iter().copied().reduce(f64::max)?;
        let format = |v| metric.format_live(v);
        let text = if (hi - lo).abs() < 1e-9 { format(lo) } else { format!("{}~{}", format(lo), format(hi)) };
        let row = lab_words::metrics::metric_label(words, metric, lab_model::live_table::row_facts(&runs).as_ref());
        Some(Answered::Metric { row, column: col.header, text, value: hi })
    }

    /// An answer from an Article B figure's facts (its summary's, for the
    /// prediction's state). `None` for another kind of question or a fact
    /// the figure does not state.
    pub fn fact_answer(&self, facts: &[VoteFact]) -> Option<Answered> {
        let Answer::VoteFact { key, run } = self.answer else { return None };
        let f = facts.iter().find(|f| f.key == key && f.run == run)?;
        Some(Answered::Metric {
            row: f.label_ko.clone(),
            column: f.where_ko.clone(),
            text: f.text.clone(),
            value: f.value,
        })
    }

    /// An answer from figure B2's crash-point grid for the prediction's
    /// state, in the language of `words`.
    pub fn matrix_answer(&self, words: &Words, view: &MatrixView) -> Option<Answered> {
        let Answer::MatrixUnsafe { variant, fault } = self.answer else { return None };
        let n = matrix_unsafe_cells(view, variant, fault);
        let (row, text) = lab_words::predict::matrix_answer(words, variant.code(), n);
        let column = lab_words::catalogue::fault(words, fault).to_string();
        Some(Answered::Metric { row, column, text, value: n as f64 })
    }

    /// A sweep answer: the cell's seeds run as the sweep's workers run them,
    /// its mean over-approval as the heatmap's cell says it, in the
    /// language of `words`.
    pub fn sweep_answer(&self, words: &Words) -> Option<Answered> {
        let Answer::SweepCell { ix, iy } = self.answer else { return None };
        let spec = self.sweep_spec()?;
        let (x, y) = (*spec.xs().get(ix)?, *spec.ys().get(iy)?);
        let [xn, yn] = lab_words::params::axis_names(words, spec.kind);
        let cell = lab_model::sweep::run_cell(&spec, ix, iy);
        let metric = lab_words::metrics::metric_name(words, lab_model::metrics::Metric::OverApproval);
        let (row, column) = lab_words::predict::sweep_answer(words, metric, (xn, &x.to_string()), (yn, &y.to_string()));
        Some(Answered::Metric { row, column, text: lab_model::sweep::fmt1(cell.over_mean), value: cell.over_mean })
    }

    /// The choice the answer makes right, if one does.
    pub fn right_choice(&self, answered: &Answered) -> Option<usize> {
        self.choices.iter().position(|c| match (c.covers, answered) {
            (Covers::Between(lo, hi), Answered::Metric { value, .. }) => *value >= lo && *value <= hi,
            (Covers::Verdict(v), Answered::Verdict(got, _)) => v == *got,
            _ => false,
        })
    }

    /// The question and its choices without the answer, as the static
    /// chapter pages show it (the page replaces it with the live fieldset),
    /// in the language of `words`.
    pub fn static_html(&self, words: &Words) -> String {
        let mut s = format!(
            "<fieldset class=\"predict predict-static\" id=\"predict-{}\" disabled><legend>{}</legend><ul class=\"predict-choices\">",
            escape_html(self.id),
            escape_html(self.question(words))
        );
        for i in 0..self.choices.len() {
            s.push_str(&format!("<li>{}</li>", escape_html(self.choice_label(words, i).unwrap_or_default())));
        }
        s.push_str(&format!(
            "</ul><p class=\"predict-note\">{}</p></fieldset>",
            escape_html(words.predict.static_note)
        ));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_words::Lang;

    fn ko() -> &'static Words {
        Words::of(Lang::Ko)
    }

    #[test]
    fn ids_are_unique_and_figures_exist() {
        for (i, p) in PREDICTIONS.iter().enumerate() {
            assert!(PREDICTIONS[i + 1..].iter().all(|q| q.id != p.id && q.ask != p.ask), "{}", p.id);
            assert!(figure(p.figure).is_some(), "{}", p.id);
            assert!(p.choices.len() >= 2, "{}", p.id);
            // Every choice has its words, and no word is left without a choice.
            for lang in Lang::ALL {
                let words = Words::of(lang);
                assert!(p.question(words).ends_with('?'), "{lang:?} {}", p.id);
                assert_eq!(lab_words::predict::asked(words, p.ask).choices.len(), p.choices.len(), "{lang:?} {}", p.id);
            }
        }
        assert_eq!(PREDICTIONS.len(), Ask::ALL.len(), "one prediction per question's words");
    }

    /// Every state parses without a notice, and the permalink carries it.
    #[test]
    fn states_are_clean_permalinks() {
        for p in PREDICTIONS {
            let notices = match p.spec().scenario() {
                Scenario::Vote => parse_vote_query(p.query).notices.len(),
                Scenario::Sweep => usize::from(p.sweep_spec().is_none()),
                _ => parse_lease_query(p.query).notices.len(),
            };
            assert_eq!(notices, 0, "{}", p.id);
            let link = p.permalink();
            assert!(link.starts_with(&format!("?ch={}&fig={}&", p.spec().chapter, p.figure)), "{link}");
        }
        assert_eq!(
            prediction("a1-ttl600").unwrap().permalink(),
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600&t=3000"
        );
        // B7's reveal opens its figure with the power cut already hit, as the
        // figure reads its own address (`web::url::read_vote_figure`).
        let link = prediction("b7-power").unwrap().permalink();
        let site = lab_model::params::read_site(&link, lab_model::params::Scope::Vote);
        assert!(site.notices.is_empty(), "{link}: {:?}", site.notices);
        assert_eq!(site.value.hit, Some(true), "{link}");
        assert_eq!(site.value.vote.map(|v| v.fault), Some(FaultKind::Power), "{link}");
    }

    /// The lock-lease answers come from the runs, and exactly one choice
    /// covers each; the why sentences were written for these answers, so a
    /// change of the model that moves an answer to another choice fails here.
    #[test]
    fn lease_answers_fall_in_the_choice_the_why_explains() {
        let expected = [
            ("a1-default", 2),
            ("a1-ttl600", 0),
            ("a2-stop120", 0),
            ("a3-pause100", 1),
            ("a4-threads32", 0),
            ("a5-closed", 2),
            ("a6-long-pause", 0),
        ];
        for (id, choice) in expected {
            let p = prediction(id).unwrap();
            let answered = p.lease_answer(ko()).unwrap_or_else(|| panic!("{id}: no answer"));
            assert_eq!(p.right_choice(&answered), Some(choice), "{id}: {answered:?}");
        }
        // A7's answer is the heatmap's cell: the same text its description gives.
        let p = prediction("a7-long-ttl").unwrap();
        let spec = p.sweep_spec().unwrap();
        assert_eq!((spec.xs()[11], spec.ys()[0]), (1000, 100), "the cell the question names");
        let answered = p.sweep_answer(ko()).unwrap();
        assert_eq!(p.right_choice(&answered), Some(0), "{answered:?}");
        let mut grid = lab_model::sweep::SweepResult::empty(spec);
        grid.rows[0] = Some(lab_model::sweep::run_row(&spec, 0));
        let Answered::Metric { text, .. } = &answered else { panic!() };
        let cell = lab_words::analysis::sweep_cell(ko(), &grid, 11, 0);
        assert!(cell.contains(&format!(" {text} ")), "{cell}");
        // The answer is the table's: the same value as a run of that state.
        let p = prediction("a1-ttl600").unwrap();
        let q = p.lease_query();
        let run = crate::sim::lease::run(&q.config, q.seed, 0, crate::sim::lease::TraceLevel::Summary);
        let spec = p.spec();
        let first_column = LeasePlan::new(spec, q.clone(), Some(spec.window_ms), true).table()[0].header.clone();
        match p.lease_answer(ko()) {
            Some(Answered::Metric { text, column, .. }) => {
                assert_eq!(text, run.metrics.approvals.to_string());
                assert_eq!(column, first_column);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn story_verdicts_fall_in_the_choice_the_why_explains() {
        use crate::figures::plan::VotePlan;
        let expected = [
            ("b1-store-first", StoryVerdict::Safe),
            ("b3-rollback", StoryVerdict::Fenced),
            ("b4-fence", StoryVerdict::Fenced),
        ];
        for (id, want) in expected {
            let p = prediction(id).unwrap();
            let (got, text, _) = VotePlan::new(p.spec(), p.vote_config()).run().verdict().unwrap();
            assert_eq!(got, want, "{id}: {text}");
            let answered = Answered::Verdict(got, text);
            assert!(p.right_choice(&answered).is_some(), "{id}");
        }
    }

    /// Article B's numeric answers come from the figure's own runs and grid,
    /// and fall in the choice the why explains.
    #[test]
    fn vote_facts_fall_in_the_choice_the_why_explains() {
        use crate::figures::plan::VotePlan;
        for (id, choice) in [("b7-power", 2), ("b8-two-blocked", 0)] {
            let p = prediction(id).unwrap();
            let summary = VotePlan::new(p.spec(), p.vote_config()).run().summary();
            let answered = p.fact_answer(&summary.facts).unwrap_or_else(|| panic!("{id}: no answer"));
            assert_eq!(p.right_choice(&answered), Some(choice), "{id}: {answered:?}");
        }
        // B7's answer is what the figure's text alternative says with the power button pressed.
        let p = prediction("b7-power").unwrap();
        let summary = VotePlan::new(p.spec(), p.vote_config()).run().summary();
        let alt = summary.text_alternative(crate::figures::vote::StackFault::Power).to_string();
        let Some(Answered::Metric { text, value, .. }) = p.fact_answer(&summary.facts) else { panic!() };
        let numbers = |s: &str| -> Vec<f64> {
            s.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).filter_map(|n| n.parse().ok()).collect()
        };
        // The answer's text says "LOST of TOTAL" in its words; the text
        // alternative says how many of TOTAL are left after the power cut.
        let total = numbers(&text)[0];
        let kept = total - value;
        assert!(numbers(&alt).windows(2).any(|w| w == [total, kept]), "{alt} vs {text}");

        let p = prediction("b2-lying-device").unwrap();
        let c = p.vote_config();
        let view = crate::figures::vote::matrix_view(c.profile, c.device_honours_sync);
        let answered = p.matrix_answer(ko(), &view).unwrap();
        assert_eq!(p.right_choice(&answered), Some(1), "{answered:?}");
        // With a device that honours sync, the same row has no unsafe cell.
        let honest = crate::figures::vote::matrix_view(c.profile, true);
        assert_eq!(matrix_unsafe_cells(&honest, Variant::V0, FaultKind::Power), 0);
    }

    /// Every `{{predict:ID}}` marker names a prediction of a figure in the
    /// same chapter, and every chapter with a figure asks at least one.
    #[test]
    fn every_chapter_with_a_figure_asks_before_it_shows() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/ko");
        let mut asked = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("md") {
                continue;
            }
            let chapter = path.file_stem().unwrap().to_str().unwrap().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines() {
                if let Some(id) = line.trim().strip_prefix("{{predict:").and_then(|r| r.strip_suffix("}}")) {
                    let p = prediction(id).unwrap_or_else(|| panic!("{chapter}: no prediction {id}"));
                    assert_eq!(p.spec().chapter, chapter, "{id}");
                    asked.push((chapter.clone(), id.to_string()));
                }
            }
        }
        for p in PREDICTIONS {
            assert!(asked.iter().any(|(_, id)| id == p.id), "{} is asked by no chapter", p.id);
        }
        // A question whose figure would answer it on sight is asked above
        // the figure: A1's run, B7's layers, B8's heights.
        for id in ["a1-default", "b7-power", "b8-two-blocked"] {
            let p = prediction(id).unwrap();
            let text = std::fs::read_to_string(dir.join(format!("{}.md", p.spec().chapter))).unwrap();
            let asked_at = text.find(&format!("{{{{predict:{id}}}}}")).unwrap();
            let shown_at = text.find(&format!("{{{{figure:{}}}}}", p.figure)).unwrap();
            assert!(asked_at < shown_at, "{id} is asked below its figure");
        }
        // Figure 8-1 is a question itself: it shows no step, no verdict and
        // no smallest schedule until the reader has played (and asked), as
        // e2e/tests/no_spoilers.test.mjs holds it.
        for f in lab_model::registry::FIGURES.iter().filter(|f| f.scenario() != Scenario::Check) {
            assert!(asked.iter().any(|(c, _)| c == f.chapter), "{} ({}) asks no question", f.chapter, f.code);
        }
    }

    #[test]
    fn the_static_question_has_no_answer_and_escapes() {
        let p = prediction("b1-store-first").unwrap();
        for lang in Lang::ALL {
            let words = Words::of(lang);
            let html = p.static_html(words);
            let question = p.question(words);
            assert!(question.contains('"'), "{question}");
            assert!(html.contains(&format!("<legend>{}</legend>", escape_html(question))), "{html}");
            assert!(html.contains("&quot;") && !html.contains(p.why(words)), "{html}");
            for i in 0..p.choices.len() {
                assert!(
                    html.contains(&format!("<li>{}</li>", escape_html(p.choice_label(words, i).unwrap()))),
                    "{html}"
                );
            }
        }
    }

    /// The English answers' rows and columns are English.
    #[test]
    fn answers_speak_the_language_they_are_asked_in() {
        let en = Words::of(Lang::En);
        let p = prediction("b2-lying-device").unwrap();
        let c = p.vote_config();
        let view = crate::figures::vote::matrix_view(c.profile, c.device_honours_sync);
        let Some(Answered::Metric { row, column, text, .. }) = p.matrix_answer(en, &view) else { panic!() };
        assert_eq!(row, "Unsafe cells in row V0");
        assert_eq!(column, lab_words::catalogue::fault(en, FaultKind::Power));
        assert!(text.ends_with(" cell") || text.ends_with(" cells"), "{text}");
        let p = prediction("a7-long-ttl").unwrap();
        let Some(Answered::Metric { row, column, .. }) = p.sweep_answer(en) else { panic!() };
        assert!(row.starts_with("Mean "), "{row}");
        let [x_axis, y_axis] = lab_words::params::axis_names(en, p.sweep_spec().unwrap().kind);
        assert_eq!(column, format!("{x_axis} 1000, {y_axis} 100"));
        let Some(Answered::Metric { row, .. }) = prediction("a1-default").unwrap().lease_answer(en) else { panic!() };
        let hangul = |s: &str| s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c));
        assert!(!row.is_empty() && !hangul(&row), "{row}");
    }
}
