//! A recording SQLite VFS: wraps the default `unix` VFS through
//! `rusqlite::ffi`, passes every call through, and logs each open, write,
//! truncate, completed sync (with the directory sync the unix VFS makes on
//! a new journal's first sync), delete (with its directory-sync flag) and
//! close to a [`LogWriter`]. The same layer injects the faults of B4 and B5:
//! the n-th sync fails after it really happened, and syncs can be held.
//!
//! The shared-memory file of WAL mode is mapped, not written: its calls
//! pass through unrecorded (SQLite rebuilds it after a crash).

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use rusqlite::ffi;

use super::log::{LogWriter, Record};

/// A gate that holds every sync while closed (B5: a sync that blocks).
#[derive(Default)]
pub struct SyncGate {
    closed: Mutex<bool>,
    opened: Condvar,
    /// Syncs currently held at the gate.
    waiting: AtomicU32,
}

impl SyncGate {
    pub fn close(&self) {
        *self.closed.lock().unwrap_or_else(|e| e.into_inner()) = true;
    }

    pub fn open(&self) {
        *self.closed.lock().unwrap_or_else(|e| e.into_inner()) = false;
        self.opened.notify_all();
    }

    /// How many syncs are held at the gate now.
    pub fn waiting(&self) -> u32 {
        self.waiting.load(Ordering::SeqCst)
    }

    fn pass(&self) {
        let mut closed = self.closed.lock().unwrap_or_else(|e| e.into_inner());
        if *closed {
            self.waiting.fetch_add(1, Ordering::SeqCst);
            while *closed {
                closed = self.opened.wait(closed).unwrap_or_else(|e| e.into_inner());
            }
            self.waiting.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// What the VFS does besides passing calls through.
pub struct Recorder {
    pub log: Option<LogWriter>,
    /// The n-th sync (1-based, counted over every file; 0: none) really
    /// syncs, then returns an I/O error.
    fail_sync_at: AtomicU32,
    pub gate: Arc<SyncGate>,
    syncs: AtomicU32,
    next_handle: AtomicU32,
}

impl Recorder {
    pub fn new(log: Option<LogWriter>) -> Recorder {
        Recorder {
            log,
            fail_sync_at: AtomicU32::new(0),
            gate: Arc::new(SyncGate::default()),
            syncs: AtomicU32::new(0),
            next_handle: AtomicU32::new(1),
        }
    }

    pub fn record(&self, record: &Record) {
        if let Some(log) = &self.log {
            log.append(record);
        }
    }

    /// Counts a completed sync (SQLite's or the store's own); true when the
    /// fault is armed for this one and it must report an I/O error.
    pub fn count_sync(&self) -> bool {
        let n = self.syncs.fetch_add(1, Ordering::SeqCst) + 1;
        self.fail_sync_at.load(Ordering::SeqCst) == n
    }

    /// Arms the fault for the `k`-th sync from now (1: the next one).
    pub fn fail_sync_in(&self, k: u32) {
        self.fail_sync_at.store(self.syncs() + k, Ordering::SeqCst);
    }

    /// Syncs that returned (or failed by injection) so far.
    pub fn syncs(&self) -> u32 {
        self.syncs.load(Ordering::SeqCst)
    }
}

/// A registered recording VFS; it lives as long as the process.
pub struct RecordingVfs {
    pub name: String,
    pub recorder: &'static Recorder,
}

/// Registers a new recording VFS named `name` over the default VFS (not as
/// the default). The VFS and its recorder are leaked: SQLite keeps
/// pointers to them for the life of the process.
pub fn register(name: &str, recorder: Recorder) -> Result<RecordingVfs, String> {
    let recorder: &'static Recorder = Box::leak(Box::new(recorder));
    // SAFETY: sqlite3_vfs_find(NULL) returns the default VFS (or NULL), which
    // SQLite never frees; we copy it and override the calls we wrap.
    unsafe {
        let inner = ffi::sqlite3_vfs_find(std::ptr::null());
        if inner.is_null() {
            return Err("SQLite has no default VFS".into());
        }
        let c_name = CString::new(name).map_err(|e| e.to_string())?;
        let mut vfs: ffi::sqlite3_vfs = *inner;
        vfs.pNext = std::ptr::null_mut();
        vfs.zName = c_name.into_raw();
        vfs.szOsFile = (std::mem::offset_of!(RecFile, inner) as c_int) + (*inner).szOsFile;
        let app = Box::leak(Box::new(AppData { inner, recorder }));
        vfs.pAppData = app as *mut AppData as *mut c_void;
        vfs.xOpen = Some(rec_open);
        vfs.xDelete = Some(rec_delete);
        vfs.xAccess = Some(rec_access);
        vfs.xFullPathname = Some(rec_full_pathname);
        let vfs = Box::leak(Box::new(vfs));
        let rc = ffi::sqlite3_vfs_register(vfs, 0);
        if rc != ffi::SQLITE_OK {
            return Err(format!("sqlite3_vfs_register failed: {rc}"));
        }
    }
    Ok(RecordingVfs { name: name.to_string(), recorder })
}

struct AppData {
    inner: *mut ffi::sqlite3_vfs,
    recorder: &'static Recorder,
}

/// Our file: the base SQLite sees, our state, then the inner VFS's file.
#[repr(C)]
struct RecFile {
    base: ffi::sqlite3_file,
    recorder: *const Recorder,
    handle: u32,
    recorded: bool,
    dir_sync_pending: bool,
    inner: ffi::sqlite3_file,
}

unsafe fn app(vfs: *mut ffi::sqlite3_vfs) -> &'static AppData {
    &*((*vfs).pAppData as *const AppData)
}

unsafe fn file_name(path: *const c_char) -> String {
    let full = CStr::from_ptr(path).to_string_lossy();
    full.rsplit('/').next().unwrap_or(&full).to_string()
}

unsafe extern "C" fn rec_open(
    vfs: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    let app = app(vfs);
    let f = file as *mut RecFile;
    (*f).base.pMethods = std::ptr::null();
    let inner_file = std::ptr::addr_of_mut!((*f).inner);
    let rc = ((*app.inner).xOpen.expect("xOpen"))(app.inner, name, inner_file, flags, out_flags);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    (*f).base.pMethods = &REC_METHODS;
    (*f).recorder = app.recorder;
    (*f).handle = app.recorder.next_handle.fetch_add(1, Ordering::SeqCst);
    (*f).recorded = !name.is_null();
    let create = flags & ffi::SQLITE_OPEN_CREATE != 0;
    let journal_like =
        flags & (ffi::SQLITE_OPEN_MAIN_JOURNAL | ffi::SQLITE_OPEN_SUPER_JOURNAL | ffi::SQLITE_OPEN_WAL) != 0;
    // The unix VFS's `isNewJrnl`: it syncs the directory on the first sync.
    (*f).dir_sync_pending = create && journal_like;
    if (*f).recorded {
        app.recorder.record(&Record::Open {
            handle: (*f).handle,
            name: file_name(name),
            create,
            new_journal: (*f).dir_sync_pending,
        });
    }
    ffi::SQLITE_OK
}

unsafe extern "C" fn rec_delete(vfs: *mut ffi::sqlite3_vfs, name: *const c_char, sync_dir: c_int) -> c_int {
    let app = app(vfs);
    let rc = ((*app.inner).xDelete.expect("xDelete"))(app.inner, name, sync_dir);
    if rc == ffi::SQLITE_OK {
        app.recorder.record(&Record::Delete { name: file_name(name), dir_sync: sync_dir & 1 != 0 });
    }
    rc
}

unsafe extern "C" fn rec_access(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    flags: c_int,
    out: *mut c_int,
) -> c_int {
    let app = app(vfs);
    ((*app.inner).xAccess.expect("xAccess"))(app.inner, name, flags, out)
}

unsafe extern "C" fn rec_full_pathname(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    n: c_int,
    out: *mut c_char,
) -> c_int {
    let app = app(vfs);
    ((*app.inner).xFullPathname.expect("xFullPathname"))(app.inner, name, n, out)
}

unsafe fn parts(
    file: *mut ffi::sqlite3_file,
) -> (*mut RecFile, *mut ffi::sqlite3_file, &'static ffi::sqlite3_io_methods) {
    let f = file as *mut RecFile;
    let inner = std::ptr::addr_of_mut!((*f).inner);
    (f, inner, &*(*inner).pMethods)
}

unsafe fn log(f: *mut RecFile, record: Record) {
    if (*f).recorded {
        (*(*f).recorder).record(&record);
    }
}

unsafe extern "C" fn x_close(file: *mut ffi::sqlite3_file) -> c_int {
    let (f, inner, m) = parts(file);
    let rc = (m.xClose.expect("xClose"))(inner);
    log(f, Record::Close { handle: (*f).handle });
    rc
}

unsafe extern "C" fn x_read(
    file: *mut ffi::sqlite3_file,
    buf: *mut c_void,
    n: c_int,
    off: ffi::sqlite3_int64,
) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xRead.expect("xRead"))(inner, buf, n, off)
}

unsafe extern "C" fn x_write(
    file: *mut ffi::sqlite3_file,
    buf: *const c_void,
    n: c_int,
    off: ffi::sqlite3_int64,
) -> c_int {
    let (f, inner, m) = parts(file);
    let rc = (m.xWrite.expect("xWrite"))(inner, buf, n, off);
    if rc == ffi::SQLITE_OK {
        let data = std::slice::from_raw_parts(buf as *const u8, n as usize).to_vec();
        log(f, Record::Write { handle: (*f).handle, offset: off as u64, data });
    }
    rc
}

unsafe extern "C" fn x_truncate(file: *mut ffi::sqlite3_file, size: ffi::sqlite3_int64) -> c_int {
    let (f, inner, m) = parts(file);
    let rc = (m.xTruncate.expect("xTruncate"))(inner, size);
    if rc == ffi::SQLITE_OK {
        log(f, Record::Truncate { handle: (*f).handle, size: size as u64 });
    }
    rc
}

unsafe extern "C" fn x_sync(file: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    let (f, inner, m) = parts(file);
    let recorder = &*(*f).recorder;
    recorder.gate.pass();
    let rc = (m.xSync.expect("xSync"))(inner, flags);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    let dir = std::mem::replace(&mut (*f).dir_sync_pending, false);
    log(f, Record::Sync { handle: (*f).handle, dir });
    if recorder.count_sync() {
        // The data did reach the disk; the caller is told it may not have.
        return ffi::SQLITE_IOERR_FSYNC;
    }
    rc
}

unsafe extern "C" fn x_file_size(file: *mut ffi::sqlite3_file, size: *mut ffi::sqlite3_int64) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xFileSize.expect("xFileSize"))(inner, size)
}

unsafe extern "C" fn x_lock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xLock.expect("xLock"))(inner, level)
}

unsafe extern "C" fn x_unlock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xUnlock.expect("xUnlock"))(inner, level)
}

unsafe extern "C" fn x_check_reserved_lock(file: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xCheckReservedLock.expect("xCheckReservedLock"))(inner, out)
}

unsafe extern "C" fn x_file_control(file: *mut ffi::sqlite3_file, op: c_int, arg: *mut c_void) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xFileControl.expect("xFileControl"))(inner, op, arg)
}

unsafe extern "C" fn x_sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xSectorSize.expect("xSectorSize"))(inner)
}

unsafe extern "C" fn x_device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    let (_, inner, m) = parts(file);
    (m.xDeviceCharacteristics.expect("xDeviceCharacteristics"))(inner)
}

unsafe extern "C" fn x_shm_map(
    file: *mut ffi::sqlite3_file,
    region: c_int,
    size: c_int,
    extend: c_int,
    out: *mut *mut c_void,
) -> c_int {
    let (_, inner, m) = parts(file);
    match m.xShmMap {
        Some(call) => call(inner, region, size, extend, out),
        None => ffi::SQLITE_IOERR,
    }
}

unsafe extern "C" fn x_shm_lock(file: *mut ffi::sqlite3_file, offset: c_int, n: c_int, flags: c_int) -> c_int {
    let (_, inner, m) = parts(file);
    match m.xShmLock {
        Some(call) => call(inner, offset, n, flags),
        None => ffi::SQLITE_IOERR,
    }
}

unsafe extern "C" fn x_shm_barrier(file: *mut ffi::sqlite3_file) {
    let (_, inner, m) = parts(file);
    if let Some(call) = m.xShmBarrier {
        call(inner)
    }
}

unsafe extern "C" fn x_shm_unmap(file: *mut ffi::sqlite3_file, delete: c_int) -> c_int {
    let (_, inner, m) = parts(file);
    match m.xShmUnmap {
        Some(call) => call(inner, delete),
        None => ffi::SQLITE_OK,
    }
}

/// Memory-mapped reads are off (no `xFetch`): every page goes through `xRead`.
static REC_METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 2,
    xClose: Some(x_close),
    xRead: Some(x_read),
    xWrite: Some(x_write),
    xTruncate: Some(x_truncate),
    xSync: Some(x_sync),
    xFileSize: Some(x_file_size),
    xLock: Some(x_lock),
    xUnlock: Some(x_unlock),
    xCheckReservedLock: Some(x_check_reserved_lock),
    xFileControl: Some(x_file_control),
    xSectorSize: Some(x_sector_size),
    xDeviceCharacteristics: Some(x_device_characteristics),
    xShmMap: Some(x_shm_map),
    xShmLock: Some(x_shm_lock),
    xShmBarrier: Some(x_shm_barrier),
    xShmUnmap: Some(x_shm_unmap),
    xFetch: None,
    xUnfetch: None,
};
