//! The words of Article A's story sentences (lab_figures::story) and the story lead.
//!
//! Declared here once; the Korean table is [`crate::ko::story`], the English
//! one [`crate::en::story`]. (Filled by issue 42's piece 3.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct StoryWords {}
}
