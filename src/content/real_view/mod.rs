//! The real runs in the chapters, rendered ahead of time into their HTML by
//! `crate::content::prose` (native only: the prose is rendered by a test, never in the
//! browser, so the site's wasm carries neither the data nor this code).
//!
//! - `pay`: `{{real-pay:KEY}}`, Article A's real Redis and PostgreSQL runs
//!   beside the simulation and the article (`lab real`).
//! - `wal`: `{{real-wal:ID}}`, the real SQLite matrix of B2 and B7 beside the
//!   model's (`lab real-wal`).
//! - `journal`: `{{real-journal}}`, the hot journal that rolled a returned
//!   commit back after a power loss, drawn from the same SQLite run.
//! - `limits`: `{{real-limits:pay|wal}}`, what the real runs share with the
//!   model by construction, what they measure on their own, and where.
//! - `fact`: `{{real:VARIANT:METRIC@min}}` and `{{real:all:FACT}}`, one number
//!   of Article A's real runs inside a sentence.

use lab_words::Words;

pub mod fact;
pub mod journal;
pub mod limits;
pub mod pay;
pub mod wal;

/// The HTML for a chapter line that names a real run, in the language of
/// `words` (`lab_words::real`), or None when `line` names none.
pub fn block(words: &Words, line: &str) -> Option<String> {
    wal::block(words, line)
        .or_else(|| journal::block(words, line))
        .or_else(|| pay::block(words, line))
        .or_else(|| limits::block(words, line))
}
