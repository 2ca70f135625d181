//! The article's other cases, through the same recording VFS, in process:
//! a sync error after commit fences the store for every later call and
//! every new engine (B4); a blocked sync holds the broadcast while a status
//! query still answers (B5); an interrupt during the wait is not turned
//! into success (B5); a call inside an outer transaction is refused (V2g).

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::store::{create, SafetyStore, StoreError, VoteRecord};
use super::validator::{signed_prevote, signing_key, Engine, Outcome};
use super::vfs::{self, Recorder, RecordingVfs};
use super::{Journal, SyncMode, Variant};

/// One fault case's result.
#[derive(Clone, Debug, Serialize)]
pub struct FaultCheck {
    pub case: String,
    pub passed: bool,
    pub detail: String,
}

static NEXT_VFS: AtomicU32 = AtomicU32::new(0);

fn recording() -> Result<RecordingVfs, String> {
    vfs::register(&format!("lab-fault-{}", NEXT_VFS.fetch_add(1, Ordering::SeqCst)), Recorder::new(None))
}

fn open(dir: &Path, name: &str, v: &RecordingVfs) -> Result<SafetyStore, String> {
    let db = dir.join(name);
    let _ = std::fs::remove_file(&db);
    let _ = std::fs::remove_file(dir.join(format!("{name}-wal")));
    create(&db, Journal::Wal).map_err(|e| e.to_string())?;
    SafetyStore::open(&db, Some((v.name.as_str(), v.recorder)), SyncMode::Full, false).map_err(|e| e.to_string())
}

/// B4: the sync after vote 3's commit fails (the commit is in the file).
/// Nothing of vote 3 is sent; the store refuses every later read, write,
/// conflicting write and new engine; and a restarted node (a new store on
/// the same file) restores vote 3 and refuses the conflicting Y3: the
/// failure never meant "nothing was written".
pub fn sync_error_fences(dir: &Path) -> Result<FaultCheck, String> {
    let v = recording()?;
    let db = dir.join("b4.db");
    let _ = std::fs::remove_file(&db);
    let _ = std::fs::remove_file(dir.join("b4.db-wal"));
    create(&db, Journal::Wal).map_err(|e| e.to_string())?;
    // WAL + FULL, then the store's own fsync after each commit (as V4, but on a syncing setting).
    let store =
        SafetyStore::open(&db, Some((v.name.as_str(), v.recorder)), SyncMode::Full, true).map_err(|e| e.to_string())?;
    let mut sent: Vec<u64> = Vec::new();
    let mut engine = Engine::new(&store, Variant::V0).map_err(|e| e.to_string())?;
    for h in 1..=2 {
        engine
            .vote(h, &format!("X{h}"), &mut |_| {}, &mut |_, vote| sent.push(vote.height))
            .map_err(|e| e.to_string())?;
    }
    // Vote 3: the commit's WAL sync passes, the sync after the commit fails.
    v.recorder.fail_sync_in(2);
    let third = engine.vote(3, "X3", &mut |_| {}, &mut |_, vote| sent.push(vote.height));
    let refused = |r: &Result<(), StoreError>| matches!(r, Err(StoreError::Fenced(_)));
    let later_write = engine.vote(4, "X4", &mut |_| {}, &mut |_, vote| sent.push(vote.height)).map(|_| ());
    let later_read = store.restore().map(|_| ());
    let new_engine = Engine::new(&store, Variant::V0).map(|_| ());
    let conflicting = store.persist(&signed_prevote(&signing_key(), 3, "Y3"), None, &mut |_| {});
    let all_refused = [&later_write, &later_read, &new_engine, &conflicting].iter().all(|r| refused(r));
    drop(engine);
    drop(store);
    // The restart: a new store on the same file, through the stock VFS.
    let restarted = SafetyStore::open(&db, None, SyncMode::Full, false).map_err(|e| e.to_string())?;
    let mut engine = Engine::new(&restarted, Variant::V0).map_err(|e| e.to_string())?;
    let in_file = engine.restored().iter().any(|r| r.height == 3 && r.value == "X3");
    let y3 = engine.vote(3, "Y3", &mut |_| {}, &mut |_, _| {});
    let y3_refused = matches!(y3, Ok(Outcome::Refused(_)));
    let passed =
        matches!(third, Err(StoreError::Storage(_))) && !sent.contains(&3) && all_refused && in_file && y3_refused;
    Ok(FaultCheck {
        case: "B4 sync error after commit → fence".into(),
        passed,
        detail: format!(
            "vote h=3: {}; sent heights {sent:?}; later write/read/new engine/conflicting write refused: {}/{}/{}/{}; \
             after a restart vote h=3 is in the file: {in_file}, the conflicting Y3 refused: {y3_refused}",
            third.as_ref().map(|_| "ok".to_string()).unwrap_or_else(|e| e.to_string()),
            refused(&later_write),
            refused(&later_read),
            refused(&new_engine),
            refused(&conflicting)
        ),
    })
}

fn wait_until(mut f: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

/// B5: a sync held at the VFS. While it is held nothing is sent and the
/// status query answers; after it is released the vote is sent.
pub fn blocked_sync_holds_the_broadcast(dir: &Path) -> Result<FaultCheck, String> {
    let v = recording()?;
    let store = open(dir, "b5.db", &v)?;
    let sent = std::sync::Mutex::new(Vec::<u64>::new());
    v.recorder.gate.close();
    let (held, status, status_ms, sent_while_held, result) = std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let mut engine = Engine::new(&store, Variant::V0).map_err(|e| e.to_string())?;
            engine
                .vote(1, "X1", &mut |_| {}, &mut |_, vote: &VoteRecord| sent.lock().expect("lock").push(vote.height))
                .map_err(|e| e.to_string())
        });
        let held = wait_until(|| v.recorder.gate.waiting() > 0);
        let asked = Instant::now();
        let status = store.status();
        let status_ms = asked.elapsed().as_secs_f64() * 1000.0;
        std::thread::sleep(Duration::from_millis(20));
        let sent_while_held = sent.lock().expect("lock").len();
        v.recorder.gate.open();
        let result = worker.join().map_err(|_| "the worker panicked".to_string()).and_then(|r| r);
        (held, status, status_ms, sent_while_held, result)
    });
    let sent_after = sent.lock().expect("lock").len();
    let passed = held
        && sent_while_held == 0
        && status.contains("commit and sync")
        && matches!(result, Ok(Outcome::Voted(_)))
        && sent_after == 3;
    Ok(FaultCheck {
        case: "B5 blocked sync: no broadcast, status answers".into(),
        passed,
        detail: format!(
            "sync held: {held}; status answered in {status_ms:.2} ms: \"{status}\"; sent while held: {sent_while_held}; sent after release: {sent_after}"
        ),
    })
}

/// B5: an interrupt while the sync is held. The call waits for the real
/// completion, then fails and fences; nothing is sent.
pub fn interrupt_is_not_success(dir: &Path) -> Result<FaultCheck, String> {
    let v = recording()?;
    let store = open(dir, "b5i.db", &v)?;
    let interrupt = AtomicBool::new(false);
    v.recorder.gate.close();
    let vote = signed_prevote(&signing_key(), 1, "X1");
    let (result, returned_while_held) = std::thread::scope(|s| {
        let worker = s.spawn(|| store.persist(&vote, Some(&interrupt), &mut |_| {}));
        let held = wait_until(|| v.recorder.gate.waiting() > 0);
        interrupt.store(true, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(20));
        let returned_while_held = held && worker.is_finished();
        v.recorder.gate.open();
        (worker.join().unwrap_or(Err(StoreError::Storage("panic".into()))), returned_while_held)
    });
    let fenced = matches!(store.restore(), Err(StoreError::Fenced(_)));
    let passed = result == Err(StoreError::Interrupted) && !returned_while_held && fenced;
    Ok(FaultCheck {
        case: "B5 interrupt during the wait → failure and fence".into(),
        passed,
        detail: format!(
            "result: {}; returned before the sync completed: {returned_while_held}; store fenced after: {fenced}",
            result.map(|_| "success".to_string()).unwrap_or_else(|e| e.to_string())
        ),
    })
}

/// V2g: inside an open outer transaction the store refuses; outside it persists.
pub fn refuses_to_join(dir: &Path) -> Result<FaultCheck, String> {
    let v = recording()?;
    let store = open(dir, "v2g.db", &v)?;
    let vote = signed_prevote(&signing_key(), 1, "X1");
    store.with_connection(|c| c.execute_batch("BEGIN")).map_err(|e| e.to_string())?;
    let inside = store.persist(&vote, None, &mut |_| {});
    store.with_connection(|c| c.execute_batch("ROLLBACK")).map_err(|e| e.to_string())?;
    let outside = store.persist(&vote, None, &mut |_| {});
    let passed = inside == Err(StoreError::JoinRefused) && outside.is_ok();
    Ok(FaultCheck {
        case: "V2g a call inside an outer transaction is refused".into(),
        passed,
        detail: format!(
            "inside: {}; outside: {}",
            inside.map(|_| "persisted".to_string()).unwrap_or_else(|e| e.to_string()),
            outside.map(|_| "persisted".to_string()).unwrap_or_else(|e| e.to_string())
        ),
    })
}

/// Every fault case, in a scratch directory.
pub fn all(dir: &Path) -> Result<Vec<FaultCheck>, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    Ok(vec![
        sync_error_fences(dir)?,
        blocked_sync_holds_the_broadcast(dir)?,
        interrupt_is_not_success(dir)?,
        refuses_to_join(dir)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("lab-real-wal-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    #[test]
    fn every_fault_case_holds() {
        let dir = scratch("faults");
        for check in all(&dir).expect("the cases run") {
            assert!(check.passed, "{}: {}", check.case, check.detail);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
