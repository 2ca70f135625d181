//! The words of the words `lab`'s reports put beside its English: the article's column, real-run labels.
//!
//! Declared here once; the Korean table is [`crate::ko::cli`], the English
//! one [`crate::en::cli`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct CliWords {}
}
