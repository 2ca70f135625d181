//! The `lab` subcommands that run the real systems (native only): each takes
//! its own arguments, prints as it goes and returns its exit status, since a
//! real run takes minutes and cannot be one buffered string like the
//! simulation's commands.
//!
//! - `lab real`: Article A on a real Redis and PostgreSQL (`pay`).
//! - `lab real-wal`: Article B's safety WAL on a real SQLite file (`wal`).

pub mod pay;
pub mod wal;
