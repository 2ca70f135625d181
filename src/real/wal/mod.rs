//! Article B's safety pipeline on a real SQLite file (issue 28): a
//! validator process persists each vote in a real safety store and
//! broadcasts it to the orchestrator (the network); it is killed for real
//! at named points and at random times, and a recording VFS logs every file
//! operation so that power loss can be replayed offline at every record.
//!
//! - [`log`]: the recording log (one `write(2)` per record).
//! - [`vfs`]: the recording VFS over SQLite's `unix` VFS, with the fault
//!   injection of B4 and B5.
//! - [`store`]: the safety store (own transaction, refuse-join, fence).
//! - [`validator`]: the engine and the child process's body.
//! - [`rebuild`]: the power-loss rebuilder (synced state, ALICE's prefixes,
//!   single writes and torn writes; strict POSIX and ext4-like directories).
//! - [`check`]: the checker shared by kills and power loss.
//! - [`matrix`]: the orchestrator: every setting × variant × fault.
//! - [`faults`]: B4 (sync error → fence) and B5 (blocked sync, interrupt).
//! - [`model`]: the model's verdicts (`lab crashpoints`) for each real setting.
//! - [`report`]: the whole run as one report, and its Markdown.

pub mod check;
pub mod faults;
pub mod log;
pub mod matrix;
pub mod model;
pub mod rebuild;
pub mod report;
pub mod store;
pub mod validator;
pub mod vfs;

use serde::{Deserialize, Serialize};

/// SQLite's journal mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Journal {
    Delete,
    Wal,
}

impl Journal {
    pub const ALL: [Journal; 2] = [Journal::Delete, Journal::Wal];

    pub fn key(self) -> &'static str {
        match self {
            Journal::Delete => "delete",
            Journal::Wal => "wal",
        }
    }

    pub fn pragma(self) -> &'static str {
        match self {
            Journal::Delete => "DELETE",
            Journal::Wal => "WAL",
        }
    }

    pub fn from_key(key: &str) -> Option<Journal> {
        Journal::ALL.into_iter().find(|j| j.key() == key)
    }
}

/// SQLite's `synchronous` setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SyncMode {
    Off,
    Normal,
    Full,
    Extra,
}

impl SyncMode {
    pub const ALL: [SyncMode; 4] = [SyncMode::Off, SyncMode::Normal, SyncMode::Full, SyncMode::Extra];

    pub fn key(self) -> &'static str {
        match self {
            SyncMode::Off => "off",
            SyncMode::Normal => "normal",
            SyncMode::Full => "full",
            SyncMode::Extra => "extra",
        }
    }

    pub fn pragma(self) -> &'static str {
        match self {
            SyncMode::Off => "OFF",
            SyncMode::Normal => "NORMAL",
            SyncMode::Full => "FULL",
            SyncMode::Extra => "EXTRA",
        }
    }

    pub fn from_key(key: &str) -> Option<SyncMode> {
        SyncMode::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// The pipeline's ordering, as the model's variants of the same code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Persist (own transaction, commit with the setting's syncs), then broadcast.
    V0,
    /// Broadcast, then persist.
    V1,
    /// Commit without sync (`synchronous=OFF` whatever the setting), then broadcast.
    V3,
    /// Commit without sync, then a "sync" of the database file alone (which
    /// does not cover a WAL), then broadcast.
    V4,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::V0, Variant::V1, Variant::V3, Variant::V4];

    pub fn code(self) -> &'static str {
        match self {
            Variant::V0 => "V0",
            Variant::V1 => "V1",
            Variant::V3 => "V3",
            Variant::V4 => "V4",
        }
    }

    pub fn from_key(key: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.code().eq_ignore_ascii_case(key))
    }

    /// The model's variant of the same code (see `model::variant` for the
    /// variant a configuration corresponds to).
    pub fn model(self) -> lab_sim::vote::Variant {
        match self {
            Variant::V0 => lab_sim::vote::Variant::V0,
            Variant::V1 => lab_sim::vote::Variant::V1,
            Variant::V3 => lab_sim::vote::Variant::V3,
            Variant::V4 => lab_sim::vote::Variant::V4,
        }
    }

    /// The named points of the pipeline, in its order (the model's names).
    pub fn points(self) -> &'static [&'static str] {
        match self {
            Variant::V0 | Variant::V3 => &["SIGN", "WRITE", "COMMIT", "SEND_B", "SEND_C", "SEND_D"],
            Variant::V1 => &["SIGN", "SEND_B", "SEND_C", "SEND_D", "WRITE", "COMMIT"],
            Variant::V4 => &["SIGN", "WRITE", "COMMIT", "SYNCCALL", "SEND_B", "SEND_C", "SEND_D"],
        }
    }
}

/// One real configuration: a variant on a store setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Config {
    pub variant: Variant,
    pub journal: Journal,
    /// The `synchronous` the connection runs with (V3 and V4: always OFF).
    pub sync: SyncMode,
}

impl Config {
    /// Every configuration the matrix runs: V0 and V1 on every journal with
    /// NORMAL, FULL and EXTRA (with OFF, V0 is V3 by definition and V1 is
    /// wrong twice), V3 and V4 on each journal with OFF.
    pub fn all() -> Vec<Config> {
        let mut out = Vec::new();
        for variant in Variant::ALL {
            for journal in Journal::ALL {
                match variant {
                    Variant::V0 | Variant::V1 => {
                        out.extend([SyncMode::Normal, SyncMode::Full, SyncMode::Extra].into_iter().map(|sync| Config {
                            variant,
                            journal,
                            sync,
                        }))
                    }
                    Variant::V3 | Variant::V4 => out.push(Config { variant, journal, sync: SyncMode::Off }),
                }
            }
        }
        out
    }

    pub fn explicit_sync(self) -> bool {
        self.variant == Variant::V4
    }

    /// e.g. `V0 WAL+FULL`.
    pub fn label(self) -> String {
        format!("{} {}+{}", self.variant.code(), self.journal.pragma(), self.sync.pragma())
    }
}

/// How a power loss treats directory entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DirModel {
    /// A new or removed name persists only on a directory sync.
    StrictPosix,
    /// Any completed fsync also persists every earlier name change.
    Ext4Like,
}

impl DirModel {
    pub const ALL: [DirModel; 2] = [DirModel::StrictPosix, DirModel::Ext4Like];

    pub fn key(self) -> &'static str {
        match self {
            DirModel::StrictPosix => "strict_posix",
            DirModel::Ext4Like => "ext4_like",
        }
    }
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SQLite library's version, e.g. `3.54.1`.
pub fn sqlite_version() -> String {
    rusqlite::version().to_string()
}
