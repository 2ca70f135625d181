//! The words of the predictions: questions, choices, reasons, answers.
//!
//! Declared here once; the Korean table is [`crate::ko::predict`], the English
//! one [`crate::en::predict`]. (Filled by issue 42's piece 6.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct PredictWords {}
}
