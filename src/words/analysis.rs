//! The words of a run's description, its table rows and the article's cells (lab_model::{analysis,article,sweep}).
//!
//! Declared here once; the Korean table is [`crate::ko::analysis`], the English
//! one [`crate::en::analysis`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct AnalysisWords {}
}
