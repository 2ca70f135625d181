//! The Korean words of the words `lab`'s reports put beside its English: the article's column, real-run labels.

use crate::cli::CliWords;

/// The Korean table.
pub const CLI: CliWords = CliWords {};
