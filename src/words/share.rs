//! The words of the share panel, oEmbed titles and the exported files' words.
//!
//! Declared here once; the Korean table is [`crate::ko::share`], the English
//! one [`crate::en::share`]. (Filled by issue 42's piece 5.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct ShareWords {}
}
