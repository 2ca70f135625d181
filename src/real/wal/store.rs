//! The safety store on a real SQLite file: one vote record per signed
//! action (height, round, step, value, the bytes signed, the signature, the
//! lock and its justification), each persisted in the store's own
//! transaction, with the article's guards: a call inside an open outer
//! transaction is refused (V2g), a failed or interrupted commit fences the
//! store for every later call and every new engine (B4, B5), and a status
//! query answers without the connection (B5).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rusqlite::{params, Connection, OpenFlags};
use serde::{Deserialize, Serialize};

use super::log::Record;
use super::vfs::Recorder;
use super::{Journal, SyncMode};

/// One signed action, as stored and as broadcast.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteRecord {
    pub height: u64,
    pub round: u32,
    pub step: String,
    pub value: String,
    /// The exact bytes signed, hex.
    pub signed: String,
    /// The ed25519 signature over `signed`, hex.
    pub signature: String,
    /// The value this node is locked on after the action, if any.
    pub lock: Option<String>,
    /// What justified the lock (the polka it saw).
    pub justification: String,
}

impl VoteRecord {
    /// (height, round, step): one signature per slot, or the node equivocates.
    pub fn slot(&self) -> (u64, u32, &str) {
        (self.height, self.round, &self.step)
    }
}

/// Why the store refused or failed a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The call came inside an outer transaction (V2g refuses to join).
    JoinRefused,
    /// The store is fenced; the reason it was fenced.
    Fenced(String),
    /// The commit or sync failed; the store is fenced from now on.
    Storage(String),
    /// An interrupt arrived during the wait: the work finished, the store is fenced.
    Interrupted,
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::JoinRefused => f.write_str("refused: a safety record never joins an outer transaction"),
            StoreError::Fenced(why) => write!(f, "fenced: {why}"),
            StoreError::Storage(why) => write!(f, "storage failure, store fenced: {why}"),
            StoreError::Interrupted => f.write_str("interrupted during the wait, store fenced"),
        }
    }
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS votes (
    seq INTEGER PRIMARY KEY,
    height INTEGER NOT NULL, round INTEGER NOT NULL, step TEXT NOT NULL,
    value TEXT NOT NULL, signed TEXT NOT NULL, signature TEXT NOT NULL,
    lock TEXT, justification TEXT NOT NULL,
    UNIQUE (height, round, step))";

/// Makes a new store file with its schema in `journal` mode, closes it and
/// syncs the file and its directory: the crash states start from here.
pub fn create(path: &Path, journal: Journal) -> rusqlite::Result<()> {
    {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", journal.pragma())?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(SCHEMA)?;
    }
    let sync = |p: &Path| std::fs::File::open(p).and_then(|f| f.sync_all());
    let io = |e: std::io::Error| rusqlite::Error::ToSqlConversionFailure(Box::new(e));
    sync(path).map_err(io)?;
    sync(path.parent().unwrap_or(Path::new("."))).map_err(io)?;
    Ok(())
}

/// The store: one connection, its fence and its status line.
pub struct SafetyStore {
    conn: Mutex<Connection>,
    path: PathBuf,
    fence: Mutex<Option<String>>,
    status: Mutex<String>,
    /// Variant V4: after commit, fsync the database file itself (which does
    /// not cover a WAL) instead of letting the commit sync.
    explicit_sync: bool,
    recorder: Option<&'static Recorder>,
}

impl SafetyStore {
    /// Opens an existing store through `vfs` (None: the stock VFS).
    pub fn open(
        path: &Path,
        vfs: Option<(&str, &'static Recorder)>,
        sync: SyncMode,
        explicit_sync: bool,
    ) -> rusqlite::Result<SafetyStore> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = match vfs {
            Some((name, _)) => Connection::open_with_flags_and_vfs(path, flags, name)?,
            None => Connection::open_with_flags(path, flags)?,
        };
        conn.pragma_update(None, "synchronous", sync.pragma())?;
        Ok(SafetyStore {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
            fence: Mutex::new(None),
            status: Mutex::new("idle".into()),
            explicit_sync,
            recorder: vfs.map(|(_, r)| r),
        })
    }

    fn check_fence(&self) -> Result<(), StoreError> {
        match &*self.fence.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(why) => Err(StoreError::Fenced(why.clone())),
            None => Ok(()),
        }
    }

    fn fence_with(&self, why: &str) {
        let mut fence = self.fence.lock().unwrap_or_else(|e| e.into_inner());
        fence.get_or_insert_with(|| why.to_string());
    }

    fn set_status(&self, text: String) {
        *self.status.lock().unwrap_or_else(|e| e.into_inner()) = text;
    }

    /// What the store is doing now; never waits for the connection (B5).
    pub fn status(&self) -> String {
        let fence = self.fence.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let status = self.status.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match fence {
            Some(why) => format!("fenced ({why}); {status}"),
            None => status,
        }
    }

    /// A new engine on this store: refused once the store is fenced.
    pub fn open_engine(&self) -> Result<(), StoreError> {
        self.check_fence()
    }

    /// Every record, in the order written.
    pub fn restore(&self) -> Result<Vec<VoteRecord>, StoreError> {
        self.check_fence()?;
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        read_records(&conn).map_err(|e| StoreError::Storage(e.to_string()))
    }

    /// Runs `f` on the connection (tests: open an outer transaction).
    pub fn with_connection<T>(&self, f: impl FnOnce(&Connection) -> T) -> T {
        f(&self.conn.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Persists `record` in its own transaction; `stage` is told each named
    /// point passed (`WRITE`, `COMMIT`, `SYNCCALL`). An `interrupt` raised
    /// while the commit waits does not turn into success: the call still
    /// waits for the real completion, then fails and fences the store.
    pub fn persist(
        &self,
        record: &VoteRecord,
        interrupt: Option<&AtomicBool>,
        stage: &mut dyn FnMut(&str),
    ) -> Result<(), StoreError> {
        self.check_fence()?;
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        if !conn.is_autocommit() {
            return Err(StoreError::JoinRefused);
        }
        self.set_status(format!("persisting h={} r={} {}: write", record.height, record.round, record.step));
        let fail = |e: String| {
            self.fence_with(&e);
            StoreError::Storage(e)
        };
        conn.execute_batch("BEGIN IMMEDIATE").map_err(|e| fail(e.to_string()))?;
        let inserted = conn.execute(
            "INSERT INTO votes (height, round, step, value, signed, signature, lock, justification)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                record.height as i64,
                record.round,
                record.step,
                record.value,
                record.signed,
                record.signature,
                record.lock,
                record.justification
            ],
        );
        if let Err(e) = inserted {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(fail(e.to_string()));
        }
        stage("WRITE");
        self.set_status(format!("persisting h={} r={} {}: commit and sync", record.height, record.round, record.step));
        if let Err(e) = conn.execute_batch("COMMIT") {
            // The commit may or may not have reached the file: never "nothing written".
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            return Err(fail(format!("commit of h={}: {e}", record.height)));
        }
        stage("COMMIT");
        if self.explicit_sync {
            self.set_status(format!("persisting h={}: fsync of the database file", record.height));
            let synced = std::fs::File::open(&self.path).and_then(|f| f.sync_all());
            if let Err(e) = synced {
                return Err(fail(format!("fsync of h={}: {e}", record.height)));
            }
            if let Some(recorder) = self.recorder {
                let name = self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                recorder.record(&Record::SyncName { name });
                if recorder.count_sync() {
                    // Injected (B4): the commit is in the file, the caller is told the sync failed.
                    return Err(fail(format!("fsync of h={} after its commit: I/O error (injected)", record.height)));
                }
            }
            stage("SYNCCALL");
        }
        self.set_status("idle".into());
        if interrupt.is_some_and(|i| i.load(Ordering::SeqCst)) {
            self.fence_with("interrupted during the wait for durability");
            return Err(StoreError::Interrupted);
        }
        Ok(())
    }
}

/// Every vote record of an open connection, in `seq` order.
pub fn read_records(conn: &Connection) -> rusqlite::Result<Vec<VoteRecord>> {
    let mut stmt = conn.prepare_cached(
        "SELECT height, round, step, value, signed, signature, lock, justification FROM votes ORDER BY seq",
    )?;
    let rows = stmt.query_map([], |row| {
        Ok(VoteRecord {
            height: row.get::<_, i64>(0)? as u64,
            round: row.get(1)?,
            step: row.get(2)?,
            value: row.get(3)?,
            signed: row.get(4)?,
            signature: row.get(5)?,
            lock: row.get(6)?,
            justification: row.get(7)?,
        })
    })?;
    rows.collect()
}

/// The one safety rule of a restarted node: a proposal for a slot it has a
/// record of, with another value, is refused (the record it conflicts with).
pub fn conflicting<'a>(records: &'a [VoteRecord], proposal: &VoteRecord) -> Option<&'a VoteRecord> {
    records.iter().find(|r| r.slot() == proposal.slot() && r.value != proposal.value)
}
