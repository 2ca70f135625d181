//! The words of the parameters' labels, units and descriptions (lab_model::params).
//!
//! Declared here once; the Korean table is [`crate::ko::params`], the English
//! one [`crate::en::params`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct ParamWords {}
}
