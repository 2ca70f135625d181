//! The model's side of the comparison: for each real configuration, the
//! store profile of `lab crashpoints` it corresponds to, and the model's
//! variant and verdict at each named crash point (lab-sim's crash-point enumerator,
//! device honouring sync, append-log layout).

use std::collections::BTreeMap;

use lab_sim::vote::config::{FaultKind, StoreProfile};
use lab_sim::vote::crashpoints::{variant_rows, MatrixOptions};
use lab_sim::vote::{Variant as ModelVariant, Verdict};

use super::{Config, Journal, SyncMode, Variant};

/// The model profile whose commit lands where this setting's commit lands:
/// without a sync at commit, in the OS cache (`wal`); with one, on the
/// device (`rocks`: commit and sync are one step). No setting keeps a
/// commit in the process as H2's store queue does (`h2`).
pub fn profile(config: Config) -> StoreProfile {
    match (config.journal, config.sync) {
        (_, SyncMode::Off) | (Journal::Wal, SyncMode::Normal) => StoreProfile::WalOsCache,
        _ => StoreProfile::RocksSyncWal,
    }
}

/// The model's variant a configuration corresponds to: the code's own,
/// except that V0 on a setting whose commit returns before the data is
/// durable (WAL + NORMAL) is the model's V3, commit without sync.
pub fn variant(config: Config) -> ModelVariant {
    match config.variant {
        Variant::V0 if profile(config) == StoreProfile::WalOsCache => ModelVariant::V3,
        v => v.model(),
    }
}

/// `lab crashpoints --profile` spelling of a profile.
pub fn profile_flag(profile: StoreProfile) -> &'static str {
    match profile {
        StoreProfile::H2Like => "h2",
        StoreProfile::WalOsCache => "wal",
        StoreProfile::RocksSyncWal => "rocks",
    }
}

/// The model's name for a real named point: where SQLite's COMMIT includes
/// a sync (profile `rocks`), it is the end of the model's persist, its
/// FSYNC, for V0 and V1; the other names are the model's own.
pub fn model_point(config: Config, real: &str) -> &str {
    match (variant(config), profile(config), real) {
        (ModelVariant::V0 | ModelVariant::V1, StoreProfile::RocksSyncWal, "COMMIT") => "FSYNC",
        _ => real,
    }
}

/// The model's worst verdict per named point (its `after`) under `fault`.
pub fn verdicts(config: Config, fault: FaultKind) -> BTreeMap<String, Verdict> {
    let opts = MatrixOptions::new(profile(config), true);
    let mut out: BTreeMap<String, Verdict> = BTreeMap::new();
    for row in variant_rows(variant(config), &opts).into_iter().filter(|r| r.fault == fault) {
        let v = out.entry(row.after.clone()).or_insert(row.verdict);
        *v = (*v).max(row.verdict);
    }
    out
}

/// The model's verdict at a real named point (`START` and unknown names: safe).
pub fn verdict_at(verdicts: &BTreeMap<String, Verdict>, config: Config, real: &str) -> Verdict {
    verdicts.get(model_point(config, real)).copied().unwrap_or(Verdict::Safe)
}
