//! The words of the variants', presets' and sweeps' names, the figures' captions (lab_model::{catalogue,registry}).
//!
//! Declared here once; the Korean table is [`crate::ko::catalogue`], the English
//! one [`crate::en::catalogue`]. Article A's names follow the rows of
//! [`lab_model::catalogue`], the captions [`lab_model::registry::FIGURES`],
//! and Article B's names ([`VoteNames`]) the simulation's enums: a variant,
//! a fault, a pipeline step, a round as readers count it.

use lab_model::catalogue::{self, SWEEP_WORDS};
use lab_model::registry::FigureSpec;
use lab_sim::lease::{Preset, Variant};
use lab_sim::vote::{self, FaultKind, InterruptStage, PipelineStep, StepName};

use crate::Words;

crate::words! {
    /// Article B's pipeline steps, one word each: the chapters' word where they have one.
    pub struct StepWords {
        /// `PipelineStep::Start`.
        pub start: &'static str,
        /// `PipelineStep::Sign`.
        pub sign: &'static str,
        /// `PipelineStep::Write`.
        pub write: &'static str,
        /// `PipelineStep::WriteRefused`.
        pub write_refused: &'static str,
        /// `PipelineStep::Commit`.
        pub commit: &'static str,
        /// `PipelineStep::Drain`.
        pub drain: &'static str,
        /// `PipelineStep::Fsync`.
        pub fsync: &'static str,
        /// `PipelineStep::FsyncError`.
        pub fsync_error: &'static str,
        /// `PipelineStep::SyncCall`.
        pub sync_call: &'static str,
        /// `PipelineStep::InterruptAt(InterruptStage::Commit)`.
        pub interrupt_commit: &'static str,
        /// `PipelineStep::InterruptAt(InterruptStage::Drain)`.
        pub interrupt_drain: &'static str,
        /// `PipelineStep::InterruptAt(InterruptStage::Fsync)`.
        pub interrupt_fsync: &'static str,
        /// `PipelineStep::Send(_)`.
        pub send: &'static str,
        /// `PipelineStep::OuterBegin`.
        pub outer_begin: &'static str,
        /// `PipelineStep::OuterCommit`.
        pub outer_commit: &'static str,
        /// `PipelineStep::OuterRollback`.
        pub outer_rollback: &'static str,
        /// `PipelineStep::Fenced`.
        pub fenced: &'static str,
        /// `PipelineStep::NewEngine`.
        pub new_engine: &'static str,
        /// `PipelineStep::Send(n)` to a node: `{node}` ("A" to "D").
        pub send_to: &'static str,
    }
}

crate::words! {
    /// Article B's names that more than one layer says (the figures, `lab check`).
    pub struct VoteNames {
        /// Each variant's name, as the chapters call it, in `vote::Variant::ALL`'s order.
        pub variants: [&'static str; 12],
        /// Each fault's name, in `FaultKind::ALL`'s order.
        pub faults: [&'static str; 2],
        /// The pipeline steps.
        pub steps: StepWords,
        /// A step of the conflicting action: `{step}` then Y.
        pub conflicting: &'static str,
        /// The first ten rounds' ordinals, from the first.
        pub ordinals: [&'static str; 10],
        /// A round with an ordinal: `{ordinal}`.
        pub round: &'static str,
        /// A round past the ordinals: `{n}` (1-based).
        pub round_numbered: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct CatalogueWords {
        /// Article A's variants' names, label first, in `Variant::ALL`'s order.
        pub variants: [&'static str; 5],
        /// The presets' names, the experiment then what it runs, in `Preset::ALL`'s order.
        pub presets: [&'static str; 11],
        /// What a sweep of each sweep preset runs, in [`SWEEP_WORDS`]' order.
        pub sweeps: [&'static str; 6],
        /// The figures' captions, in [`lab_model::registry::FIGURES`]' order, each opening with its number.
        pub captions: [&'static str; 21],
        /// How every caption opens: `{number}` ("1-1", "B2-2").
        pub caption_opening: &'static str,
        /// A figure canvas's accessible name: `{caption}`, and where the full description is.
        pub canvas_label: &'static str,
        /// Article B's names.
        pub vote: VoteNames,
    }
}

/// Article A's variant's name: "(c-2) read-time fencing".
pub fn variant_name(w: &Words, v: Variant) -> &'static str {
    let i = Variant::ALL.iter().position(|x| *x == v).expect("every variant is in ALL");
    w.catalogue.variants[i]
}

/// A preset's name: the experiment, then what it runs.
pub fn preset_name(w: &Words, p: Preset) -> &'static str {
    let i = Preset::ALL.iter().position(|x| *x == p).expect("every preset is in ALL");
    w.catalogue.presets[i]
}

/// What a sweep of preset `p` runs (its select's option); a preset sweeps
/// do not offer reads as its preset's name.
pub fn sweep_name(w: &Words, p: Preset) -> &'static str {
    let word = catalogue::preset(p).sweep_word;
    match SWEEP_WORDS.iter().position(|s| Some(*s) == word) {
        Some(i) => w.catalogue.sweeps[i],
        None => preset_name(w, p),
    }
}

/// A figure's caption, opening with its number.
pub fn caption(w: &Words, figure: &FigureSpec) -> &'static str {
    let i = lab_model::registry::FIGURES.iter().position(|f| f.id == figure.id).expect("every figure is in FIGURES");
    w.catalogue.captions[i]
}

/// A figure canvas's accessible name: the caption, and where the full description is.
pub fn canvas_label(w: &Words, figure: &FigureSpec) -> String {
    w.fill(w.catalogue.canvas_label, &[("caption", caption(w, figure))])
}

/// Article B's variant's name, as the chapters call it.
pub fn vote_variant(w: &Words, v: vote::Variant) -> &'static str {
    let i = vote::Variant::ALL.iter().position(|x| *x == v).expect("every variant is in ALL");
    w.catalogue.vote.variants[i]
}

/// A fault's name.
pub fn fault(w: &Words, f: FaultKind) -> &'static str {
    let i = FaultKind::ALL.iter().position(|x| *x == f).expect("every fault is in ALL");
    w.catalogue.vote.faults[i]
}

/// A pipeline step's name.
pub fn step(w: &Words, step: PipelineStep) -> String {
    let t = &w.catalogue.vote.steps;
    let word = match step {
        PipelineStep::Send(n @ 0..=3) => {
            let node = char::from(b'A' + n as u8).to_string();
            return w.fill(t.send_to, &[("node", &node)]);
        }
        PipelineStep::Send(_) => t.send,
        PipelineStep::Start => t.start,
        PipelineStep::Sign => t.sign,
        PipelineStep::Write => t.write,
        PipelineStep::WriteRefused => t.write_refused,
        PipelineStep::Commit => t.commit,
        PipelineStep::Drain => t.drain,
        PipelineStep::Fsync => t.fsync,
        PipelineStep::FsyncError => t.fsync_error,
        PipelineStep::SyncCall => t.sync_call,
        PipelineStep::InterruptAt(InterruptStage::Commit) => t.interrupt_commit,
        PipelineStep::InterruptAt(InterruptStage::Drain) => t.interrupt_drain,
        PipelineStep::InterruptAt(InterruptStage::Fsync) => t.interrupt_fsync,
        PipelineStep::OuterBegin => t.outer_begin,
        PipelineStep::OuterCommit => t.outer_commit,
        PipelineStep::OuterRollback => t.outer_rollback,
        PipelineStep::Fenced => t.fenced,
        PipelineStep::NewEngine => t.new_engine,
    };
    word.to_string()
}

/// A step name's words, Y after the conflicting action's step ("sign (Y)").
pub fn step_name(w: &Words, name: StepName) -> String {
    let words = step(w, name.step);
    if name.conflicting {
        w.fill(w.catalogue.vote.conflicting, &[("step", &words)])
    } else {
        words
    }
}

/// A 0-based round as readers count it: round 1 is the second round.
pub fn round(w: &Words, round: u32) -> String {
    let t = &w.catalogue.vote;
    match t.ordinals.get(round as usize) {
        Some(ordinal) => w.fill(t.round, &[("ordinal", ordinal)]),
        None => w.fill(t.round_numbered, &[("n", &(u64::from(round) + 1).to_string())]),
    }
}

#[cfg(test)]
mod tests {
    use lab_model::registry::FIGURES;
    use lab_sim::lease::{Preset, Variant};
    use lab_sim::vote::{self, FaultKind, PipelineStep, StepName};

    use super::*;
    use crate::{Lang, Words};

    #[test]
    fn every_caption_opens_with_its_figure_s_number() {
        for lang in Lang::ALL {
            let w = Words::of(lang);
            assert_eq!(w.catalogue.captions.len(), FIGURES.len());
            for f in FIGURES {
                let opening = w.fill(w.catalogue.caption_opening, &[("number", f.number)]);
                assert!(caption(w, f).starts_with(&opening), "{lang:?} {}: {}", f.id, caption(w, f));
            }
        }
    }

    #[test]
    fn names_are_each_their_own_in_every_language() {
        for lang in Lang::ALL {
            let w = Words::of(lang);
            let mut names: Vec<&str> = Variant::ALL.iter().map(|v| variant_name(w, *v)).collect();
            names.extend(Preset::ALL.iter().map(|p| preset_name(w, *p)));
            names.extend(vote::Variant::ALL.iter().map(|v| vote_variant(w, *v)));
            for (i, a) in names.iter().enumerate() {
                assert!(!names[i + 1..].contains(a), "{lang:?}: {a} names two rows");
            }
            for v in Variant::ALL {
                assert!(variant_name(w, v).starts_with(v.article_label()), "{lang:?} {v:?}");
            }
        }
    }

    #[test]
    fn english_names_read_as_english() {
        let en = Words::of(Lang::En);
        assert_eq!(variant_name(en, Variant::FenceRead), "(c-2) read-time fencing");
        assert_eq!(sweep_name(en, Preset::Exp2Stop), "(b′) watchdog + process stop");
        assert_eq!(sweep_name(en, Preset::Exp3C2), "(c-2) read-time fencing");
        assert_eq!(sweep_name(en, Preset::Exp5Open), "Experiment 5 · outage, fail-open");
        assert_eq!(vote_variant(en, vote::Variant::V0), "store, then broadcast");
        assert_eq!(fault(en, FaultKind::Power), "power loss");
        assert_eq!(step(en, PipelineStep::Send(2)), "send to C");
        assert_eq!(step_name(en, StepName { step: PipelineStep::Sign, conflicting: true }), "sign (Y)");
        assert_eq!(round(en, 1), "second round");
        assert_eq!(round(en, 11), "round 12");
        let f = lab_model::registry::figure("lease-expiry").unwrap();
        assert!(canvas_label(en, f).starts_with("Figure 1-1. Lease expiry timeline"));
    }
}
