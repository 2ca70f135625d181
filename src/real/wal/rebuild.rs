//! The offline rebuilder: replays a recording log over the files as they
//! were at its start and builds the disk image a power loss would leave at
//! every record, the way ALICE (Pillai et al., OSDI 2014) and SQLite's own
//! crash-test VFS do: only what a completed sync covered survives, plus, as
//! extra states, every prefix and every single write of what was still
//! unsynced, and each unsynced write torn after its first sector.
//!
//! Files are inodes; names live in a directory whose changes persist only
//! on a directory sync (strict POSIX) or on any completed fsync (ext4-like).
//! A kill keeps everything: [`Fs::kill_image`].

use std::collections::{BTreeMap, HashMap};

use super::log::Record;
use super::DirModel;

/// The sector a torn write keeps.
pub const SECTOR: usize = 512;

/// A disk image: file name → bytes (the shared-memory file left out: SQLite
/// rebuilds it).
pub type Image = BTreeMap<String, Vec<u8>>;

#[derive(Clone, Debug)]
struct Inode {
    durable: Vec<u8>,
    current: Vec<u8>,
}

/// An operation not yet covered by a sync.
#[derive(Clone, Debug)]
enum Pending {
    Write { inode: usize, offset: u64, record: usize },
    Truncate { inode: usize, size: u64 },
    Link { name: String, inode: usize },
    Unlink { name: String },
}

/// How an extra crash state is made from the synced state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StateKind {
    /// Only what a sync covered.
    Synced,
    /// The first `n` unsynced operations reached the disk too (n ≥ 1).
    Prefix(usize),
    /// The one unsynced write at this log record reached the disk.
    Single(usize),
    /// The unsynced write at this log record reached the disk after its first sector only.
    Torn(usize),
}

/// A crash state's key: the synced state's version and how it was extended.
pub type StateKey = (u32, StateKind);

/// The last prefix state built, extended op by op (prefixes of one
/// version are asked for in growing order: each costs one op, not all).
#[derive(Default)]
pub struct PrefixCursor {
    version: Option<u32>,
    applied: usize,
    dir: BTreeMap<String, usize>,
    contents: HashMap<usize, Vec<u8>>,
}

/// The emulated file system as the log is replayed.
pub struct Fs<'a> {
    records: &'a [Record],
    model: DirModel,
    inodes: Vec<Inode>,
    dir_durable: BTreeMap<String, usize>,
    dir_current: BTreeMap<String, usize>,
    handles: HashMap<u32, usize>,
    pending: Vec<Pending>,
    /// Bumped whenever the synced state changes.
    pub version: u32,
}

fn write_at(buf: &mut Vec<u8>, offset: u64, data: &[u8]) {
    let end = offset as usize + data.len();
    if buf.len() < end {
        buf.resize(end, 0);
    }
    buf[offset as usize..end].copy_from_slice(data);
}

fn is_shm(name: &str) -> bool {
    name.ends_with("-shm")
}

impl<'a> Fs<'a> {
    /// The file system with `initial` files, all durable, before `records`.
    pub fn new(initial: &Image, records: &'a [Record], model: DirModel) -> Fs<'a> {
        let mut fs = Fs {
            records,
            model,
            inodes: Vec::new(),
            dir_durable: BTreeMap::new(),
            dir_current: BTreeMap::new(),
            handles: HashMap::new(),
            pending: Vec::new(),
            version: 0,
        };
        for (name, bytes) in initial {
            let inode = fs.inodes.len();
            fs.inodes.push(Inode { durable: bytes.clone(), current: bytes.clone() });
            fs.dir_durable.insert(name.clone(), inode);
            fs.dir_current.insert(name.clone(), inode);
        }
        fs
    }

    fn persist_dir(&mut self) {
        if self.pending.iter().any(|p| matches!(p, Pending::Link { .. } | Pending::Unlink { .. })) {
            self.dir_durable = self.dir_current.clone();
            self.pending.retain(|p| !matches!(p, Pending::Link { .. } | Pending::Unlink { .. }));
            self.version += 1;
        }
    }

    fn sync_inode(&mut self, inode: usize, dir: bool) {
        let node = &mut self.inodes[inode];
        if node.durable != node.current {
            node.durable = node.current.clone();
            self.version += 1;
        }
        let before = self.pending.len();
        self.pending.retain(|p| match p {
            Pending::Write { inode: i, .. } | Pending::Truncate { inode: i, .. } => *i != inode,
            _ => true,
        });
        if self.pending.len() != before {
            // The pending list's prefixes are keyed by the version: a new list, a new version.
            self.version += 1;
        }
        if dir || self.model == DirModel::Ext4Like {
            self.persist_dir();
        }
    }

    /// Applies record `index` of the log.
    pub fn apply(&mut self, index: usize) {
        match &self.records[index] {
            Record::Open { handle, name, create, .. } => {
                let inode = match self.dir_current.get(name) {
                    Some(&i) => i,
                    None if *create => {
                        let i = self.inodes.len();
                        self.inodes.push(Inode { durable: Vec::new(), current: Vec::new() });
                        self.dir_current.insert(name.clone(), i);
                        self.pending.push(Pending::Link { name: name.clone(), inode: i });
                        i
                    }
                    None => return,
                };
                self.handles.insert(*handle, inode);
            }
            Record::Write { handle, offset, data } => {
                if let Some(&inode) = self.handles.get(handle) {
                    write_at(&mut self.inodes[inode].current, *offset, data);
                    self.pending.push(Pending::Write { inode, offset: *offset, record: index });
                }
            }
            Record::Truncate { handle, size } => {
                if let Some(&inode) = self.handles.get(handle) {
                    self.inodes[inode].current.truncate(*size as usize);
                    self.pending.push(Pending::Truncate { inode, size: *size });
                }
            }
            Record::Sync { handle, dir } => {
                if let Some(&inode) = self.handles.get(handle) {
                    self.sync_inode(inode, *dir);
                }
            }
            Record::SyncName { name } => {
                if let Some(&inode) = self.dir_current.get(name) {
                    self.sync_inode(inode, false);
                }
            }
            Record::Delete { name, dir_sync } => {
                if self.dir_current.remove(name).is_some() {
                    self.pending.push(Pending::Unlink { name: name.clone() });
                }
                if *dir_sync {
                    self.persist_dir();
                }
            }
            Record::Close { handle } => {
                self.handles.remove(handle);
            }
            Record::Broadcast { .. } | Record::Mark { .. } => {}
        }
    }

    /// The crash states a power loss can leave now (the synced state first).
    pub fn power_states(&self) -> Vec<StateKey> {
        let mut out = vec![(self.version, StateKind::Synced)];
        for n in 1..=self.pending.len() {
            out.push((self.version, StateKind::Prefix(n)));
        }
        for p in &self.pending {
            if let Pending::Write { record, .. } = p {
                out.push((self.version, StateKind::Single(*record)));
                if let Record::Write { data, .. } = &self.records[*record] {
                    if data.len() > SECTOR {
                        out.push((self.version, StateKind::Torn(*record)));
                    }
                }
            }
        }
        out
    }

    fn apply_pending(
        &self,
        p: &Pending,
        dir: &mut BTreeMap<String, usize>,
        contents: &mut HashMap<usize, Vec<u8>>,
        torn: bool,
    ) {
        match p {
            Pending::Write { inode, offset, record } => {
                if let Record::Write { data, .. } = &self.records[*record] {
                    let data = if torn { &data[..SECTOR.min(data.len())] } else { &data[..] };
                    let bytes = contents.entry(*inode).or_insert_with(|| self.inodes[*inode].durable.clone());
                    write_at(bytes, *offset, data);
                }
            }
            Pending::Truncate { inode, size } => {
                contents.entry(*inode).or_insert_with(|| self.inodes[*inode].durable.clone()).truncate(*size as usize);
            }
            Pending::Link { name, inode } => {
                dir.insert(name.clone(), *inode);
            }
            Pending::Unlink { name } => {
                dir.remove(name);
            }
        }
    }

    /// The image of a state of the current version.
    pub fn image(&self, kind: StateKind) -> Image {
        let mut dir = self.dir_durable.clone();
        let mut contents: HashMap<usize, Vec<u8>> = HashMap::new();
        match kind {
            StateKind::Synced => {}
            StateKind::Prefix(n) => {
                for p in &self.pending[..n.min(self.pending.len())] {
                    self.apply_pending(p, &mut dir, &mut contents, false);
                }
            }
            StateKind::Single(record) | StateKind::Torn(record) => {
                let torn = matches!(kind, StateKind::Torn(_));
                let write = self.pending.iter().find(|p| matches!(p, Pending::Write { record: r, .. } if *r == record));
                if let Some(p) = write {
                    self.apply_pending(p, &mut dir, &mut contents, torn);
                }
            }
        }
        dir.into_iter()
            .filter(|(name, _)| !is_shm(name))
            .map(|(name, i)| {
                let bytes = contents.remove(&i).unwrap_or_else(|| self.inodes[i].durable.clone());
                (name, bytes)
            })
            .collect()
    }

    /// The image of `Prefix(n)`, extending `cursor` when it can.
    pub fn prefix_image(&self, cursor: &mut PrefixCursor, n: usize) -> Image {
        let n = n.min(self.pending.len());
        if cursor.version != Some(self.version) || cursor.applied > n {
            *cursor = PrefixCursor {
                version: Some(self.version),
                applied: 0,
                dir: self.dir_durable.clone(),
                contents: HashMap::new(),
            };
        }
        for p in &self.pending[cursor.applied..n] {
            self.apply_pending(p, &mut cursor.dir, &mut cursor.contents, false);
        }
        cursor.applied = n;
        cursor
            .dir
            .iter()
            .filter(|(name, _)| !is_shm(name))
            .map(|(name, &i)| {
                let bytes = cursor.contents.get(&i).cloned().unwrap_or_else(|| self.inodes[i].durable.clone());
                (name.clone(), bytes)
            })
            .collect()
    }

    /// What a kill leaves now: every completed write, every name change.
    pub fn kill_image(&self) -> Image {
        self.dir_current
            .iter()
            .filter(|(name, _)| !is_shm(name))
            .map(|(name, &i)| (name.clone(), self.inodes[i].current.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(handle: u32, name: &str, new_journal: bool) -> Record {
        Record::Open { handle, name: name.into(), create: true, new_journal }
    }

    fn write(handle: u32, offset: u64, data: &[u8]) -> Record {
        Record::Write { handle, offset, data: data.to_vec() }
    }

    fn replay(initial: &Image, log: &[Record], model: DirModel) -> Fs<'static> {
        let log: &'static [Record] = Box::leak(log.to_vec().into_boxed_slice());
        let mut fs = Fs::new(initial, log, model);
        for i in 0..log.len() {
            fs.apply(i);
        }
        fs
    }

    #[test]
    fn write_sync_write_crash_keeps_the_synced_bytes() {
        let initial: Image = [("db".to_string(), b"aaaa".to_vec())].into();
        let log =
            [open(1, "db", false), write(1, 0, b"bb"), Record::Sync { handle: 1, dir: false }, write(1, 2, b"cc")];
        let fs = replay(&initial, &log, DirModel::StrictPosix);
        assert_eq!(fs.image(StateKind::Synced)["db"], b"bbaa");
        assert_eq!(fs.kill_image()["db"], b"bbcc");
        // The one unsynced write is both the prefix of length 1 and the single write.
        let kinds: Vec<StateKind> = fs.power_states().into_iter().map(|k| k.1).collect();
        assert_eq!(kinds, vec![StateKind::Synced, StateKind::Prefix(1), StateKind::Single(3)]);
        assert_eq!(fs.image(StateKind::Prefix(1))["db"], b"bbcc");
        assert_eq!(fs.prefix_image(&mut PrefixCursor::default(), 1), fs.image(StateKind::Prefix(1)));
    }

    #[test]
    fn a_new_file_needs_a_directory_sync_under_strict_posix_only() {
        let log = [open(1, "j", false), write(1, 0, b"journal"), Record::Sync { handle: 1, dir: false }];
        let strict = replay(&Image::new(), &log, DirModel::StrictPosix);
        assert!(strict.image(StateKind::Synced).is_empty(), "the name never reached the disk");
        let ext4 = replay(&Image::new(), &log, DirModel::Ext4Like);
        assert_eq!(ext4.image(StateKind::Synced)["j"], b"journal");
    }

    #[test]
    fn an_unsynced_unlink_brings_the_journal_back() {
        // DELETE + FULL: the journal is synced with its directory, the
        // database is synced, the journal's unlink is not.
        let initial: Image = [("db".to_string(), b"old!".to_vec())].into();
        let log = [
            open(1, "db", false),
            open(2, "db-journal", true),
            write(2, 0, b"old!"),
            Record::Sync { handle: 2, dir: true },
            write(1, 0, b"new!"),
            Record::Sync { handle: 1, dir: false },
            Record::Close { handle: 2 },
            Record::Delete { name: "db-journal".into(), dir_sync: false },
        ];
        let fs = replay(&initial, &log, DirModel::StrictPosix);
        let image = fs.image(StateKind::Synced);
        assert_eq!(image["db"], b"new!");
        assert_eq!(image["db-journal"], b"old!", "the hot journal survives");
        assert!(!fs.kill_image().contains_key("db-journal"));
        let synced_delete = [&log[..7], &[Record::Delete { name: "db-journal".into(), dir_sync: true }]].concat();
        let fs = replay(&initial, &synced_delete, DirModel::StrictPosix);
        assert!(!fs.image(StateKind::Synced).contains_key("db-journal"));
    }

    #[test]
    fn a_torn_write_keeps_its_first_sector() {
        let page = vec![7u8; 2 * SECTOR];
        let log = [open(1, "db", false), write(1, 0, &page)];
        let initial: Image = [("db".to_string(), vec![0u8; 2 * SECTOR])].into();
        let fs = replay(&initial, &log, DirModel::StrictPosix);
        let torn = fs.image(StateKind::Torn(1));
        assert!(torn["db"][..SECTOR].iter().all(|&b| b == 7));
        assert!(torn["db"][SECTOR..].iter().all(|&b| b == 0));
    }
}
