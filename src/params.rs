//! Query strings ↔ validated simulation inputs.
//!
//! One parser serves every front end: the site's URL, the sliders (which
//! write the URL), and `lab run --params`. Parsing never fails and never
//! panics: a value out of range is clamped and a malformed or unknown one is
//! ignored, and each such decision is reported as a [`Notice`]. The site
//! shows the notices; the CLI turns any notice into exit status 2.
//!
//! [`LEASE_PARAMS`] is the single table of keys, units, ranges and defaults:
//! the README's parameter list, the sliders' ranges and the validation all
//! come from it.
//!
//! Architecture invariant: no text from a query is ever interpreted as
//! markup; notices carry the raw text as data, and front ends escape it.

use serde::{Deserialize, Serialize};

use crate::sim::lease::{LeaseConfig, Preset};

/// Something the parser changed or dropped, to be shown to the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// A number outside its range was replaced by the nearest bound.
    Clamped { key: String, given: String, used: String, min: String, max: String },
    /// A key or value that could not be used at all.
    Ignored { key: String, given: String, reason: String },
}

/// A parsed value and what had to be changed to get it.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed<T> {
    pub value: T,
    pub notices: Vec<Notice>,
}

/// A fully specified Scenario A run: everything a permalink must restore.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaseQuery {
    /// The preset the other keys started from, if any.
    pub preset: Option<Preset>,
    pub config: LeaseConfig,
    pub seed: u64,
    pub run_index: u32,
}

impl Default for LeaseQuery {
    fn default() -> Self {
        LeaseQuery { preset: None, config: LeaseConfig::default(), seed: 1, run_index: 0 }
    }
}
