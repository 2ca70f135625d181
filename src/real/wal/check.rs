//! The checker, the same for a real kill and a replayed power loss: open a
//! crash state with stock SQLite (so its own hot-journal rollback or WAL
//! recovery runs), run `PRAGMA integrity_check`, restore the records, and
//! compare them with what the network has: a vote the network has and the
//! restarted node lacks is lost, and the node would sign a conflicting one.

use std::path::Path;

use rusqlite::Connection;
use serde::{Deserialize, Serialize};

use super::rebuild::Image;
use super::store::{read_records, VoteRecord};
use super::validator::signature_valid;

/// What a restarted node found in a crash state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restored {
    /// `PRAGMA integrity_check`'s first line (`ok` when sound).
    pub integrity: String,
    pub records: Vec<VoteRecord>,
    /// The store could not be opened or read.
    pub error: Option<String>,
}

impl Restored {
    pub fn sound(&self) -> bool {
        self.error.is_none() && self.integrity == "ok"
    }
}

/// Opens the store file `db` in `dir` and restores it.
pub fn restore_file(db: &Path) -> Restored {
    let opened = Connection::open(db).and_then(|conn| {
        let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        let records = read_records(&conn)?;
        Ok((integrity, records))
    });
    match opened {
        Ok((integrity, records)) => Restored { integrity, records, error: None },
        Err(e) => Restored { integrity: String::new(), records: Vec::new(), error: Some(e.to_string()) },
    }
}

/// Writes `image` into the empty scratch directory `dir` and restores `db_name`.
pub fn restore_image(dir: &Path, db_name: &str, image: &Image) -> Restored {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    for (name, bytes) in image {
        if let Err(e) = std::fs::write(dir.join(name), bytes) {
            return Restored { error: Some(format!("writing {name}: {e}")), ..Restored::default() };
        }
    }
    if !image.contains_key(db_name) {
        return Restored { error: Some("the database file is not in the image".into()), ..Restored::default() };
    }
    restore_file(&dir.join(db_name))
}

/// The votes the network has that the restored node lacks (a missing slot,
/// or a slot it remembers with another value).
pub fn lost_votes(network: &[VoteRecord], restored: &[VoteRecord]) -> Vec<VoteRecord> {
    network.iter().filter(|n| !restored.iter().any(|r| r.slot() == n.slot() && r.value == n.value)).cloned().collect()
}

/// Adds `vote` to `network` unless it has it already (three peers, one vote).
pub fn add_to_network(network: &mut Vec<VoteRecord>, vote: VoteRecord) {
    if !network.contains(&vote) {
        network.push(vote);
    }
}

/// Pairs of validly signed votes for one slot with different values: the
/// network's proof that node A equivocated.
pub fn double_signatures(network: &[VoteRecord]) -> Vec<(VoteRecord, VoteRecord)> {
    let mut out = Vec::new();
    for (i, a) in network.iter().enumerate() {
        for b in &network[i + 1..] {
            if a.slot() == b.slot() && a.value != b.value && signature_valid(a) && signature_valid(b) {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

/// `h=3 X3`, for reports.
pub fn short(vote: &VoteRecord) -> String {
    format!("h={} {}", vote.height, vote.value)
}

/// What [`compact`] writes for no votes.
pub const NO_VOTES: &str = "none";

/// Votes as runs of consecutive heights with one value prefix, e.g.
/// `X1…X14, Y15…Y30` ([`NO_VOTES`] when empty): a cell's text stays short.
pub fn compact(votes: &[VoteRecord]) -> String {
    let mut sorted: Vec<(u64, String)> =
        votes.iter().map(|v| (v.height, v.value.trim_end_matches(|c: char| c.is_ascii_digit()).to_string())).collect();
    sorted.sort();
    sorted.dedup();
    let mut runs: Vec<(String, u64, u64)> = Vec::new();
    for (h, prefix) in sorted {
        match runs.last_mut() {
            Some((p, _, end)) if *p == prefix && *end + 1 == h => *end = h,
            _ => runs.push((prefix, h, h)),
        }
    }
    if runs.is_empty() {
        return NO_VOTES.into();
    }
    runs.iter()
        .map(|(p, a, b)| if a == b { format!("{p}{a}") } else { format!("{p}{a}…{p}{b}") })
        .collect::<Vec<_>>()
        .join(", ")
}
