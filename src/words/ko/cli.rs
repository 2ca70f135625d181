//! The Korean words of the words `lab`'s reports put beside its English: the article's column, real-run labels.

use crate::cli::CliWords;

/// The Korean table.
pub const CLI: CliWords = CliWords {
    site_name: "정합성 실험실",
    article_label: "원문 측정 (article)",
    article_word: "원문 측정",
    simulated_label: "시뮬레이션 (simulated)",
    real_label: "실제 Redis·PostgreSQL (real run)",
};
