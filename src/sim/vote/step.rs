//! The vocabulary of the safety pipeline: every event a validator's signed
//! action can complete (`SIGN`, `WRITE`, `INTERRUPT@COMMIT`, `SEND_B`, …),
//! as the time-based run reports them, the crash-point enumerator cuts after
//! them and the figures label them. Their text (`PipelineStep::code`) is
//! written here once; traces and matrix rows carry it unchanged, so their
//! JSON reads as it always did. The Korean names belong to the figures.
//!
//! Pure data; must not depend on the browser, the CLI or any clock.

use std::fmt;

use super::config::InterruptStage;
use super::trace::VALIDATOR_NAMES;

/// One event of a signed action's pipeline (model.md §4.4, §4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipelineStep {
    /// Nothing done yet: the crash-point matrix's empty cut.
    Start,
    OuterBegin,
    Sign,
    /// V2g's guard refused to join the outer transaction.
    WriteRefused,
    Write,
    /// An interrupt arrived while this storage step was pending (I- variants).
    InterruptAt(InterruptStage),
    Commit,
    /// V4's one SQL call that both syncs and returns.
    SyncCall,
    Drain,
    Fsync,
    /// The file sync raised an error (F- variants): its outcome is unknown.
    FsyncError,
    Fenced,
    /// Something opened a new engine on the same store (F-engine-fence-only).
    NewEngine,
    /// The send to this validator (an index into `VALIDATOR_NAMES`).
    Send(usize),
    OuterCommit,
    OuterRollback,
}

impl PipelineStep {
    /// Every step in pipeline order: the column order of the crash-point matrix.
    pub const ORDER: [PipelineStep; 21] = [
        PipelineStep::Start,
        PipelineStep::OuterBegin,
        PipelineStep::Sign,
        PipelineStep::WriteRefused,
        PipelineStep::Write,
        PipelineStep::InterruptAt(InterruptStage::Commit),
        PipelineStep::Commit,
        PipelineStep::SyncCall,
        PipelineStep::InterruptAt(InterruptStage::Drain),
        PipelineStep::Drain,
        PipelineStep::InterruptAt(InterruptStage::Fsync),
        PipelineStep::Fsync,
        PipelineStep::FsyncError,
        PipelineStep::Fenced,
        PipelineStep::NewEngine,
        PipelineStep::Send(0),
        PipelineStep::Send(1),
        PipelineStep::Send(2),
        PipelineStep::Send(3),
        PipelineStep::OuterCommit,
        PipelineStep::OuterRollback,
    ];

    /// The step's name in traces, matrix rows and `lab crashpoints`.
    pub fn code(self) -> &'static str {
        match self {
            PipelineStep::Start => "START",
            PipelineStep::OuterBegin => "OUTER_BEGIN",
            PipelineStep::Sign => "SIGN",
            PipelineStep::WriteRefused => "WRITE_REFUSED",
            PipelineStep::Write => "WRITE",
            PipelineStep::InterruptAt(InterruptStage::Commit) => "INTERRUPT@COMMIT",
            PipelineStep::InterruptAt(InterruptStage::Drain) => "INTERRUPT@DRAIN",
            PipelineStep::InterruptAt(InterruptStage::Fsync) => "INTERRUPT@FSYNC",
            PipelineStep::Commit => "COMMIT",
            PipelineStep::SyncCall => "SYNCCALL",
            PipelineStep::Drain => "DRAIN",
            PipelineStep::Fsync => "FSYNC",
            PipelineStep::FsyncError => "FSYNC_ERR",
            PipelineStep::Fenced => "FENCED",
            PipelineStep::NewEngine => "NEW_ENGINE",
            PipelineStep::Send(peer) => ["SEND_A", "SEND_B", "SEND_C", "SEND_D"][peer],
            PipelineStep::OuterCommit => "OUTER_COMMIT",
            PipelineStep::OuterRollback => "OUTER_ROLLBACK",
        }
    }

    /// The step named `code`, if any.
    pub fn from_code(code: &str) -> Option<PipelineStep> {
        PipelineStep::ORDER.into_iter().find(|s| s.code() == code)
    }

    /// The step's place in [`PipelineStep::ORDER`].
    pub fn rank(self) -> usize {
        PipelineStep::ORDER.iter().position(|&s| s == self).expect("ORDER lists every step")
    }

    /// The storage step itself, for an interrupt's stage (`INTERRUPT@COMMIT` → `COMMIT`).
    pub fn of_stage(stage: InterruptStage) -> PipelineStep {
        match stage {
            InterruptStage::Commit => PipelineStep::Commit,
            InterruptStage::Drain => PipelineStep::Drain,
            InterruptStage::Fsync => PipelineStep::Fsync,
        }
    }

    /// Is this one of the broadcast's sends?
    pub fn is_send(self) -> bool {
        matches!(self, PipelineStep::Send(_))
    }

    /// Is this a step of V2's outer transaction?
    pub fn is_outer(self) -> bool {
        matches!(self, PipelineStep::OuterBegin | PipelineStep::OuterCommit | PipelineStep::OuterRollback)
    }
}

const _: () = assert!(VALIDATOR_NAMES.len() == 4, "one SEND_ code per validator");

/// A pipeline event as named in a trace or a matrix row: the step, and
/// whether it belongs to the conflicting action (the one that signs Y after
/// a restart or a failure), written with a `(Y)` suffix: `SEND_B(Y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepName {
    pub step: PipelineStep,
    pub conflicting: bool,
}

impl StepName {
    const CONFLICTING_SUFFIX: &'static str = "(Y)";

    /// The first action's event (no suffix).
    pub fn of(step: PipelineStep) -> StepName {
        StepName { step, conflicting: false }
    }

    /// The conflicting action's event (`(Y)`).
    pub fn of_y(step: PipelineStep) -> StepName {
        StepName { step, conflicting: true }
    }

    /// Reads a name written by [`fmt::Display`]; `None` for any other text.
    pub fn parse(name: &str) -> Option<StepName> {
        match name.strip_suffix(StepName::CONFLICTING_SUFFIX) {
            Some(code) => PipelineStep::from_code(code).map(StepName::of_y),
            None => PipelineStep::from_code(name).map(StepName::of),
        }
    }

    /// A matrix column's place: pipeline order, the conflicting action's
    /// events after all of the first action's.
    pub fn column_rank(self) -> usize {
        self.step.rank() + if self.conflicting { PipelineStep::ORDER.len() } else { 0 }
    }
}

impl fmt::Display for StepName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.step.code())?;
        if self.conflicting {
            f.write_str(StepName::CONFLICTING_SUFFIX)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for step in PipelineStep::ORDER {
            assert_eq!(PipelineStep::from_code(step.code()), Some(step));
            for name in [StepName::of(step), StepName::of_y(step)] {
                assert_eq!(StepName::parse(&name.to_string()), Some(name));
            }
        }
        assert_eq!(StepName::of_y(PipelineStep::Send(1)).to_string(), "SEND_B(Y)");
        assert_eq!(StepName::parse("FENCE"), None);
        assert_eq!(StepName::parse("SIGN(X)"), None);
    }

    #[test]
    fn codes_are_distinct_and_ranked_in_pipeline_order() {
        for (i, a) in PipelineStep::ORDER.iter().enumerate() {
            assert_eq!(a.rank(), i);
            assert!(PipelineStep::ORDER[..i].iter().all(|b| b.code() != a.code()), "{} twice", a.code());
        }
    }
}
