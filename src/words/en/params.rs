//! The English words of the parameters' labels, units and descriptions (lab_model::params).

use crate::params::ParamWords;

/// The English table.
pub const PARAMS: ParamWords = ParamWords {};
