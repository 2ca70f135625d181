//! Consistency Lab's model layer: what the figures, the page and the CLI
//! all read, above the simulation (`lab-sim`) and below every drawing.
//!
//! It knows the parameters and their query-string codec (`params`), the
//! figures' catalogue (`registry`), what a run's trace means (`analysis`),
//! the one table of Scenario A's metrics and their words (`metrics`),
//! the sweeps (`sweep`), the run caps (`work_cap`), the article's own
//! numbers (`article`), the editions'
//! languages (`lang`), the facts the words layer words (`facts`) and decimal
//! numbers read from text without core's tables (`decimal`). It imports
//! neither plotters nor yew (tests/tidy.rs), so it builds, tests and runs
//! the same natively and in wasm.

pub mod analysis;
pub mod article;
pub mod catalogue;
pub mod decimal;
pub mod facts;
pub mod html;
pub mod json;
pub mod lang;
pub mod live_table;
pub mod metrics;
pub mod oembed;
pub mod params;
pub mod permalink;
pub mod registry;
pub mod share;
pub mod slider_scale;
pub mod sweep;
pub mod work_cap;
pub mod worker;
