//! The recording VFS's log: one total order of file operations and
//! broadcasts, kept outside the emulated disk, one `write(2)` per record so
//! a kill cannot tear one. The rebuilder reads it back.
//!
//! A record is `[u32 length][u8 kind][payload]`, little-endian; `length`
//! counts the kind byte and the payload.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// One operation, in the order it completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A file was opened (`handle` names it in later records); `create`: the
    /// open may have made the name; `new_journal`: the unix VFS will sync the
    /// directory on the handle's first sync (a new rollback journal or WAL).
    Open {
        handle: u32,
        name: String,
        create: bool,
        new_journal: bool,
    },
    Write {
        handle: u32,
        offset: u64,
        data: Vec<u8>,
    },
    Truncate {
        handle: u32,
        size: u64,
    },
    /// A sync that returned success; `dir`: it also synced the directory.
    Sync {
        handle: u32,
        dir: bool,
    },
    /// An explicit fsync of a file by name, outside SQLite (variant V4's "sync").
    SyncName {
        name: String,
    },
    Delete {
        name: String,
        dir_sync: bool,
    },
    Close {
        handle: u32,
    },
    /// A vote left the validator for one peer (the JSON the peer got).
    Broadcast {
        peer: u8,
        vote: String,
    },
    /// A named point of the pipeline was passed, e.g. `COMMIT h=3`.
    Mark {
        text: String,
    },
}

impl Record {
    fn encode(&self) -> Vec<u8> {
        let mut out = vec![0u8; 4];
        let put_str = |out: &mut Vec<u8>, s: &str| {
            out.extend_from_slice(&(s.len() as u32).to_le_bytes());
            out.extend_from_slice(s.as_bytes());
        };
        match self {
            Record::Open { handle, name, create, new_journal } => {
                out.push(1);
                out.extend_from_slice(&handle.to_le_bytes());
                out.push(u8::from(*create) | (u8::from(*new_journal) << 1));
                put_str(&mut out, name);
            }
            Record::Write { handle, offset, data } => {
                out.push(2);
                out.extend_from_slice(&handle.to_le_bytes());
                out.extend_from_slice(&offset.to_le_bytes());
                out.extend_from_slice(data);
            }
            Record::Truncate { handle, size } => {
                out.push(3);
                out.extend_from_slice(&handle.to_le_bytes());
                out.extend_from_slice(&size.to_le_bytes());
            }
            Record::Sync { handle, dir } => {
                out.push(4);
                out.extend_from_slice(&handle.to_le_bytes());
                out.push(u8::from(*dir));
            }
            Record::SyncName { name } => {
                out.push(5);
                put_str(&mut out, name);
            }
            Record::Delete { name, dir_sync } => {
                out.push(6);
                out.push(u8::from(*dir_sync));
                put_str(&mut out, name);
            }
            Record::Close { handle } => {
                out.push(7);
                out.extend_from_slice(&handle.to_le_bytes());
            }
            Record::Broadcast { peer, vote } => {
                out.push(8);
                out.push(*peer);
                put_str(&mut out, vote);
            }
            Record::Mark { text } => {
                out.push(9);
                put_str(&mut out, text);
            }
        }
        let len = (out.len() - 4) as u32;
        out[..4].copy_from_slice(&len.to_le_bytes());
        out
    }

    /// A one-line description for reports (data lengths, not bytes).
    pub fn describe(&self, names: &dyn Fn(u32) -> String) -> String {
        match self {
            Record::Open { handle, name, .. } => format!("open {name} (#{handle})"),
            Record::Write { handle, offset, data } => format!("write {} @{offset} +{}", names(*handle), data.len()),
            Record::Truncate { handle, size } => format!("truncate {} to {size}", names(*handle)),
            Record::Sync { handle, dir } => {
                format!("sync {}{}", names(*handle), if *dir { " + directory" } else { "" })
            }
            Record::SyncName { name } => format!("fsync {name} (explicit)"),
            Record::Delete { name, dir_sync } => {
                format!("delete {name}{}", if *dir_sync { " + directory sync" } else { " (directory not synced)" })
            }
            Record::Close { handle } => format!("close {}", names(*handle)),
            Record::Broadcast { peer, .. } => format!("broadcast to peer {}", ["A", "B", "C", "D"][*peer as usize % 4]),
            Record::Mark { text } => format!("after {text}"),
        }
    }
}

/// Decodes a whole log. A torn tail (impossible with one write per record,
/// but checked) is an error.
pub fn decode(bytes: &[u8]) -> Result<Vec<Record>, String> {
    let mut out = Vec::new();
    let mut at = 0usize;
    while at < bytes.len() {
        let take = |from: usize, n: usize| -> Result<&[u8], String> {
            bytes.get(from..from + n).ok_or_else(|| format!("log record at byte {from} is cut short"))
        };
        let len = u32::from_le_bytes(take(at, 4)?.try_into().expect("4 bytes")) as usize;
        let body = take(at + 4, len)?;
        at += 4 + len;
        let (&kind, rest) = body.split_first().ok_or("an empty log record")?;
        let u32_at = |i: usize| -> Result<u32, String> {
            Ok(u32::from_le_bytes(rest.get(i..i + 4).ok_or("short record")?.try_into().expect("4 bytes")))
        };
        let u64_at = |i: usize| -> Result<u64, String> {
            Ok(u64::from_le_bytes(rest.get(i..i + 8).ok_or("short record")?.try_into().expect("8 bytes")))
        };
        let str_at = |i: usize| -> Result<String, String> {
            let n = u32_at(i)? as usize;
            let b = rest.get(i + 4..i + 4 + n).ok_or("short string")?;
            String::from_utf8(b.to_vec()).map_err(|e| e.to_string())
        };
        let flag = |i: usize| -> Result<u8, String> { rest.get(i).copied().ok_or_else(|| "short record".into()) };
        out.push(match kind {
            1 => {
                let f = flag(4)?;
                Record::Open { handle: u32_at(0)?, name: str_at(5)?, create: f & 1 != 0, new_journal: f & 2 != 0 }
            }
            2 => Record::Write { handle: u32_at(0)?, offset: u64_at(4)?, data: rest.get(12..).unwrap_or(&[]).to_vec() },
            3 => Record::Truncate { handle: u32_at(0)?, size: u64_at(4)? },
            4 => Record::Sync { handle: u32_at(0)?, dir: flag(4)? != 0 },
            5 => Record::SyncName { name: str_at(0)? },
            6 => Record::Delete { dir_sync: flag(0)? != 0, name: str_at(1)? },
            7 => Record::Close { handle: u32_at(0)? },
            8 => Record::Broadcast { peer: flag(0)?, vote: str_at(1)? },
            9 => Record::Mark { text: str_at(0)? },
            k => return Err(format!("unknown log record kind {k}")),
        });
    }
    Ok(out)
}

/// The append-only log file; every record is one `write(2)`.
pub struct LogWriter {
    file: Mutex<File>,
}

impl LogWriter {
    pub fn create(path: &Path) -> std::io::Result<LogWriter> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        Ok(LogWriter { file: Mutex::new(file) })
    }

    pub fn append(&self, record: &Record) {
        let bytes = record.encode();
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        // One write call: a regular file takes it whole or fails.
        match file.write(&bytes) {
            Ok(n) if n == bytes.len() => {}
            other => panic!("the recording log took a partial write: {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back() {
        let records = vec![
            Record::Open { handle: 3, name: "v.db-journal".into(), create: true, new_journal: true },
            Record::Write { handle: 3, offset: 512, data: vec![1, 2, 3] },
            Record::Truncate { handle: 3, size: 0 },
            Record::Sync { handle: 3, dir: true },
            Record::SyncName { name: "v.db".into() },
            Record::Delete { name: "v.db-journal".into(), dir_sync: false },
            Record::Close { handle: 3 },
            Record::Broadcast { peer: 2, vote: "{}".into() },
            Record::Mark { text: "COMMIT h=1".into() },
        ];
        let bytes: Vec<u8> = records.iter().flat_map(Record::encode).collect();
        assert_eq!(decode(&bytes).expect("decodes"), records);
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
    }
}
