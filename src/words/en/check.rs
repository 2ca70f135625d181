//! The English words of `lab check` and the break-it figure: actions, why not, lanes, verdicts, Article B's smallest crashes.

use crate::check::CheckWords;

/// The English table.
pub const CHECK: CheckWords = CheckWords {};
