//! The words of what the page and `lab` say about a clamped or ignored value (lab_model::params::spec::Notice), and the work caps.
//!
//! Declared here once; the Korean table is [`crate::ko::notices`], the English
//! one [`crate::en::notices`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct NoticeWords {}
}
