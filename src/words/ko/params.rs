//! The Korean words of the parameters' labels, units and descriptions (lab_model::params).

use crate::params::ParamWords;

/// The Korean table.
pub const PARAMS: ParamWords = ParamWords {};
