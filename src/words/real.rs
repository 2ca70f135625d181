//! The words of the real runs' views beside the model and the article.
//!
//! Declared here once; the Korean table is [`crate::ko::real`], the English
//! one [`crate::en::real`]. (Filled by issue 42's piece 6.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct RealWords {}
}
