//! The validator: an engine that signs a prevote per height, persists it in
//! the safety store and broadcasts it in its variant's order, and the body
//! of the child process the orchestrator runs and kills (`lab real-wal
//! __validator …`). Broadcasts are lines on stdout, one `write(2)` each:
//! what left the process is what the network has.
//!
//! Child protocol, stdout: `B PEER JSON` (a broadcast), `R JSON` (a record
//! restored at start), `REFUSED H` (a conflicting proposal refused), `DONE`.

use std::path::PathBuf;

use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};

use super::log::{LogWriter, Record};
use super::store::{conflicting, SafetyStore, StoreError, VoteRecord};
use super::vfs::{self, Recorder};
use super::{hex, SyncMode, Variant};

/// The validator's key (node A); fixed, so every run signs the same bytes.
pub fn signing_key() -> SigningKey {
    SigningKey::from_bytes(&[0xA5; 32])
}

/// The public half, for the checker.
pub fn verifying_key() -> VerifyingKey {
    signing_key().verifying_key()
}

/// The prevote for `value` at `height`, round 0, signed.
pub fn signed_prevote(key: &SigningKey, height: u64, value: &str) -> VoteRecord {
    let signed = format!("nigo-lab/prevote/h={height}/r=0/value={value}");
    let signature = key.sign(signed.as_bytes());
    VoteRecord {
        height,
        round: 0,
        step: "prevote".into(),
        value: value.into(),
        signed: hex(signed.as_bytes()),
        signature: hex(&signature.to_bytes()),
        lock: Some(value.into()),
        justification: format!("polka for {value} at h={height} r=0 from B, C, D"),
    }
}

/// Does `vote` carry a valid signature of node A over its own bytes?
pub fn signature_valid(vote: &VoteRecord) -> bool {
    let unhex = |s: &str| -> Option<Vec<u8>> {
        (0..s.len()).step_by(2).map(|i| s.get(i..i + 2).and_then(|b| u8::from_str_radix(b, 16).ok())).collect()
    };
    let (Some(msg), Some(sig)) = (unhex(&vote.signed), unhex(&vote.signature)) else { return false };
    let Ok(sig) = <[u8; 64]>::try_from(sig.as_slice()) else { return false };
    let expected = format!("nigo-lab/prevote/h={}/r={}/value={}", vote.height, vote.round, vote.value);
    msg == expected.as_bytes() && verifying_key().verify(&msg, &ed25519_dalek::Signature::from_bytes(&sig)).is_ok()
}

/// What one proposal came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Voted(VoteRecord),
    /// Refused: the record it conflicts with.
    Refused(VoteRecord),
}

/// The engine over a store: what it restored and signed since.
pub struct Engine<'a> {
    store: &'a SafetyStore,
    key: SigningKey,
    records: Vec<VoteRecord>,
    variant: Variant,
}

impl<'a> Engine<'a> {
    /// A new engine restores every record first; a fenced store refuses it.
    pub fn new(store: &'a SafetyStore, variant: Variant) -> Result<Engine<'a>, StoreError> {
        store.open_engine()?;
        let records = store.restore()?;
        Ok(Engine { store, key: signing_key(), records, variant })
    }

    pub fn restored(&self) -> &[VoteRecord] {
        &self.records
    }

    /// Proposes `value` at `height`: refused if it conflicts with a record;
    /// otherwise signed, persisted and sent to B, C and D in the variant's
    /// order. `point` is told every named point passed.
    pub fn vote(
        &mut self,
        height: u64,
        value: &str,
        point: &mut dyn FnMut(&str),
        send: &mut dyn FnMut(u8, &VoteRecord),
    ) -> Result<Outcome, StoreError> {
        let vote = signed_prevote(&self.key, height, value);
        if let Some(old) = conflicting(&self.records, &vote) {
            return Ok(Outcome::Refused(old.clone()));
        }
        point("SIGN");
        let mut broadcast = |point: &mut dyn FnMut(&str)| {
            for (peer, name) in [(1, "SEND_B"), (2, "SEND_C"), (3, "SEND_D")] {
                send(peer, &vote);
                point(name);
            }
        };
        match self.variant {
            Variant::V1 => {
                broadcast(point);
                self.store.persist(&vote, None, point)?;
            }
            Variant::V0 | Variant::V3 | Variant::V4 => {
                self.store.persist(&vote, None, point)?;
                broadcast(point);
            }
        }
        self.records.push(vote.clone());
        Ok(Outcome::Voted(vote))
    }
}

/// The child's options (`lab real-wal __validator --help` is not offered:
/// only the orchestrator calls it).
#[derive(Debug, Default)]
struct ChildArgs {
    db: PathBuf,
    sync: Option<SyncMode>,
    variant: Option<Variant>,
    votes: u64,
    kill: Option<(u64, String)>,
    log: Option<PathBuf>,
    restart: bool,
}

fn parse(args: &[String]) -> Result<ChildArgs, String> {
    let mut out = ChildArgs::default();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--db" => out.db = PathBuf::from(value()?),
            "--sync" => out.sync = Some(SyncMode::from_key(&value()?).ok_or("bad --sync")?),
            "--variant" => out.variant = Some(Variant::from_key(&value()?).ok_or("bad --variant")?),
            "--votes" => out.votes = value()?.parse().map_err(|_| "bad --votes")?,
            "--kill" => {
                let v = value()?;
                let (h, p) = v.split_once(':').ok_or("--kill H:POINT")?;
                out.kill = Some((h.parse().map_err(|_| "bad --kill height")?, p.to_string()));
            }
            "--log" => out.log = Some(PathBuf::from(value()?)),
            "--restart" => out.restart = true,
            other => return Err(format!("unknown validator flag {other}")),
        }
    }
    Ok(out)
}

/// One line to stdout in one `write(2)` (a pipe keeps lines under 4 KiB whole).
fn emit(line: &str) {
    let mut bytes = line.as_bytes().to_vec();
    bytes.push(b'\n');
    // SAFETY: fd 1 is our stdout; the buffer is valid for its length.
    let n = unsafe { libc::write(1, bytes.as_ptr().cast(), bytes.len()) };
    assert_eq!(n, bytes.len() as isize, "a broadcast line was not written whole");
}

/// The child process's body; returns its exit status.
pub fn child_main(args: &[String]) -> i32 {
    match child(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("validator: {e}");
            1
        }
    }
}

fn child(args: &[String]) -> Result<(), String> {
    let a = parse(args)?;
    let variant = a.variant.ok_or("--variant is required")?;
    let sync = a.sync.ok_or("--sync is required")?;
    let recorder = match &a.log {
        Some(path) if !a.restart => {
            let log = LogWriter::create(path).map_err(|e| format!("log {}: {e}", path.display()))?;
            Some(vfs::register("lab-recording", Recorder::new(Some(log)))?)
        }
        _ => None,
    };
    let vfs = recorder.as_ref().map(|r| (r.name.as_str(), r.recorder));
    let explicit_sync = variant == Variant::V4 && !a.restart;
    let store = SafetyStore::open(&a.db, vfs, sync, explicit_sync).map_err(|e| e.to_string())?;
    let mut engine = Engine::new(&store, variant).map_err(|e| e.to_string())?;
    if a.restart {
        for r in engine.restored() {
            emit(&format!("R {}", serde_json::to_string(r).map_err(|e| e.to_string())?));
        }
    }
    let mark = |text: String| {
        if let Some(r) = &recorder {
            r.recorder.record(&Record::Mark { text });
        }
    };
    for height in 1..=a.votes {
        // A restarted node is offered the conflicting value everywhere.
        let value = if a.restart { format!("Y{height}") } else { format!("X{height}") };
        let mut point = |name: &str| {
            mark(format!("{name} h={height}"));
            if a.kill.as_ref().is_some_and(|(h, p)| *h == height && p == name) {
                // SAFETY: kill(2) on our own pid; SIGKILL cannot be caught.
                unsafe { libc::kill(libc::getpid(), libc::SIGKILL) };
            }
        };
        let mut send = |peer: u8, vote: &VoteRecord| {
            let json = serde_json::to_string(vote).expect("a vote serialises");
            emit(&format!("B {peer} {json}"));
            if let Some(r) = &recorder {
                r.recorder.record(&Record::Broadcast { peer, vote: json });
            }
        };
        match engine.vote(height, &value, &mut point, &mut send).map_err(|e| e.to_string())? {
            Outcome::Voted(_) => {}
            Outcome::Refused(_) => emit(&format!("REFUSED {height}")),
        }
    }
    emit("DONE");
    Ok(())
}
