//! Consistency Lab's real runs: the articles' experiments replayed on the
//! real systems, started, checked and stopped by this crate's own code.
//!
//! - `pay`: Article A on a real Redis and a real PostgreSQL (`lab real`).
//! - `wal`: Article B's safety WAL on a real SQLite file, real process kills
//!   and power loss replayed at every crash point (`lab real-wal`).
//!
//! Native only, and never a dependency of the site's wasm or of `lab-sim`:
//! this crate may use the OS clock, processes and sockets; the simulation
//! it is compared with may not.

pub mod pay;
pub mod wal;
