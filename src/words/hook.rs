//! The words of the front page's question and its outcome (lab_figures::hook).
//!
//! Declared here once; the Korean table is [`crate::ko::hook`], the English
//! one [`crate::en::hook`]. (Filled by issue 42's piece 3.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct HookWords {}
}
