//! The English words of the words `lab`'s reports put beside its English: the article's column, real-run labels.

use crate::cli::CliWords;

/// The English table.
pub const CLI: CliWords = CliWords {};
