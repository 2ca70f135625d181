//! The time-based discrete-event run of Scenario B (model.md §4.9).
use super::config::VoteConfig;
use super::trace::{TraceLevel, VoteTrace};

pub fn run(config: &VoteConfig, level: TraceLevel) -> VoteTrace {
    let _ = (config, level);
    todo!("Scenario B engine")
}
