//! Article A on real servers (issue 27): a harness that starts Redis and
//! PostgreSQL as its own children, runs the payment service as its own OS
//! process, injects the article's faults and records one history, then
//! computes the metrics with the simulation's own code.
//!
//! - `clock`: `CLOCK_MONOTONIC` reads and absolute sleeps (the one clock of a run).
//! - `configs`: the twelve configurations of the article's summary, and how a
//!   shorter run scales the article's fault schedule.
//! - `servers`: finding, starting, checking and stopping `redis-server` and
//!   `postgres`, and the guard that stops every child on every exit path.
//! - `api`: the `pay-api` process (16 workers on 4 wallets and a watchdog thread).
//! - `nemesis`: SIGSTOP/SIGCONT and the Redis kill/restart on absolute deadlines.
//! - `history`: the recorded history and its conversion to lab-sim's `RunRecord`.
//! - `crosscheck`: the article's SQL self-join over `experiment_lock_hold`.
//! - `run`: one run from start to folder.

pub mod api;
pub mod clock;
pub mod configs;
pub mod crosscheck;
pub mod history;
pub mod nemesis;
pub mod run;
pub mod servers;

pub use api::PauseSource;
pub use configs::{RealConfig, REAL_CONFIGS};
pub use run::{run_once, PayApiCommand, RunOutcome, RunRequest};
pub use servers::{Binaries, HarnessError};
