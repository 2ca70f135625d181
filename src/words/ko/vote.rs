//! The Korean words of Article B's figures: scenes, verdicts, labels, the crash matrix and the tap-to-crash figure.

use crate::vote::VoteWords;

/// The Korean table.
pub const VOTE: VoteWords = VoteWords {};
