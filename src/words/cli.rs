//! The words `lab`'s reports put beside its English: the article's column, real-run labels.
//!
//! Declared here once; the Korean table is [`crate::ko::cli`], the English
//! one [`crate::en::cli`]. The CLI's own messages (flags, errors, help) are
//! English and stay in `src/cli`; what it prints of the articles' world
//! (the columns of `lab table` and `lab real`) reads these.

crate::words! {
    /// Every word of this domain, one field each.
    pub struct CliWords {
        /// The site's name (`lab help` gives the Korean edition's beside its English one).
        pub site_name: &'static str,
        /// The label of the article's measured rows and column.
        pub article_label: &'static str,
        /// The article's measurement, in a word (`lab table --help`).
        pub article_word: &'static str,
        /// The label of our simulated rows and column.
        pub simulated_label: &'static str,
        /// The label of the real runs' column (`lab real`).
        pub real_label: &'static str,
    }
}
