//! The words of Article B's figures: scenes, verdicts, labels, the crash matrix and the tap-to-crash figure.
//!
//! Declared here once; the Korean table is [`crate::ko::vote`], the English
//! one [`crate::en::vote`]. (Filled by issue 42's piece 4.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct VoteWords {}
}
