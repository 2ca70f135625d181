//! The words of `lab check` and the break-it figure: actions, why not, lanes, verdicts, Article B's smallest crashes.
//!
//! Declared here once; the Korean table is [`crate::ko::check`], the English
//! one [`crate::en::check`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct CheckWords {}
}
