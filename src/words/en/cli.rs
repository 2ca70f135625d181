//! The English words of the words `lab`'s reports put beside its English: the article's column, real-run labels.

use crate::cli::CliWords;

/// The English table.
pub const CLI: CliWords = CliWords {
    site_name: "Consistency Lab",
    article_label: "the article's measurement",
    article_word: "the article's measurement",
    simulated_label: "our simulation",
    real_label: "our real run (Redis + PostgreSQL)",
};
