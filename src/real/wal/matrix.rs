//! The orchestrator: for every configuration, one recorded run of the
//! validator (its log replayed as power loss at every record, under both
//! directory models), real `SIGKILL`s at every named point and at random
//! times (each followed by a restarted validator offered a conflicting
//! vote at every height), and the model's verdicts beside the real ones.

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use lab_sim::vote::config::FaultKind;
use lab_sim::vote::Verdict;
use serde::Serialize;

use super::check::{self, add_to_network, compact, double_signatures, lost_votes, Restored};
use super::log::{decode, Record};
use super::rebuild::{Fs, Image, PrefixCursor, StateKey, StateKind};
use super::store::{self, VoteRecord};
use super::{model, Config, DirModel};

/// How to start a validator child: the `lab` binary and the hidden subcommand.
#[derive(Clone, Debug)]
pub struct ValidatorCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub configs: Vec<Config>,
    pub votes: u64,
    pub random_kills: u32,
    pub seed: u64,
    /// Scratch space (tmpfs when there is one); removed afterwards.
    pub work_dir: PathBuf,
    pub validator: ValidatorCommand,
}

const DB: &str = "safety.db";

/// One real kill and the restart after it.
#[derive(Clone, Debug, Serialize)]
pub struct KillRun {
    /// The named point the validator killed itself at, or `random`.
    pub how: String,
    /// Where the kill landed: the last named point the log shows passed, and its height.
    pub stage: String,
    pub height: u64,
    pub killed_by_sigkill: bool,
    pub network: String,
    pub restored: String,
    pub lost: Vec<u64>,
    /// Conflicting proposals the restarted node refused.
    pub refused: u32,
    /// Slots with two valid signatures for different values after the restart.
    pub double_signed: Vec<String>,
    pub integrity: String,
}

/// A crash state, as a cell of the site's matrix opens it.
#[derive(Clone, Debug, Serialize)]
pub struct CrashState {
    /// How many log records had completed when the power went.
    pub point: usize,
    /// The last log record that completed.
    pub record: String,
    pub stage: String,
    /// Which ALICE state: synced only, a prefix, a single write, a torn write.
    pub kind: String,
    pub restored: String,
    pub network: String,
    pub lost: String,
    pub integrity: String,
}

/// Power loss replayed at every record under one directory model.
#[derive(Clone, Debug, Serialize)]
pub struct PowerSummary {
    pub dir_model: DirModel,
    pub points: usize,
    /// (crash point, disk image) pairs checked.
    pub states: u64,
    /// Distinct disk images opened with SQLite.
    pub images: u64,
    pub losing_states: u64,
    pub max_lost: usize,
    /// States that failed `integrity_check` or could not be opened.
    pub unsound: u64,
    pub seconds: f64,
    /// The state that lost the most votes (the first such), if any lost one.
    pub worst: Option<CrashState>,
    /// Per named point: did some state there lose a vote?
    pub stages: BTreeMap<String, bool>,
}

/// One named point, real against model.
#[derive(Clone, Debug, Serialize)]
pub struct PointComparison {
    pub point: String,
    pub model_point: String,
    pub model_kill: Verdict,
    pub model_power: Verdict,
    /// None: no real kill landed there.
    pub real_kill_lost: Option<bool>,
    pub real_power_lost: BTreeMap<String, Option<bool>>,
}

/// Everything about one configuration.
#[derive(Clone, Debug, Serialize)]
pub struct ConfigResult {
    pub config: Config,
    pub label: String,
    pub model_profile: String,
    pub model_variant: String,
    pub log_records: usize,
    pub kills: Vec<KillRun>,
    pub kill_max_lost: usize,
    pub kill_double_signed: usize,
    pub power: Vec<PowerSummary>,
    pub points: Vec<PointComparison>,
    pub disagreements: Vec<String>,
}

/// A failure of the harness itself (not a finding): a child that did not start, an unreadable log.
#[derive(Debug)]
pub struct HarnessError(pub String);

impl std::fmt::Display for HarnessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err(e: impl std::fmt::Display) -> HarnessError {
    HarnessError(e.to_string())
}

struct ChildOutput {
    lines: Vec<String>,
    signal: Option<i32>,
    success: bool,
    stderr: String,
}

/// Runs a validator child; with `kill_after`, SIGKILLs it that long after its first line.
fn run_child(
    cmd: &ValidatorCommand,
    args: &[String],
    kill_after: Option<Duration>,
) -> Result<ChildOutput, HarnessError> {
    let mut child = Command::new(&cmd.program)
        .args(&cmd.args)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| err(format!("cannot start the validator {}: {e}", cmd.program.display())))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    if let Some(delay) = kill_after {
        if let Ok(first) = rx.recv() {
            lines.push(first);
            std::thread::sleep(delay);
            let _ = child.kill();
        }
    }
    reader.join().map_err(|_| err("the validator's reader thread panicked"))?;
    lines.extend(rx.try_iter());
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut stderr);
    }
    let status = child.wait().map_err(err)?;
    Ok(ChildOutput { lines, signal: status.signal(), success: status.success(), stderr })
}

fn parse_votes(lines: &[String], tag: &str) -> Vec<VoteRecord> {
    lines
        .iter()
        .filter_map(|l| {
            let rest = l.strip_prefix(tag)?;
            let json = if tag == "B " { rest.split_once(' ')?.1 } else { rest };
            serde_json::from_str(json).ok()
        })
        .collect()
}

/// A small seeded generator for the random kill times (not the simulation's: this is a real run).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn child_args(config: Config, votes: u64, db: &Path) -> Vec<String> {
    vec![
        "--db".into(),
        db.display().to_string(),
        "--sync".into(),
        config.sync.key().into(),
        "--variant".into(),
        config.variant.code().into(),
        "--votes".into(),
        votes.to_string(),
    ]
}

fn fresh_store(dir: &Path, config: Config) -> Result<(PathBuf, Image), HarnessError> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(err)?;
    let db = dir.join(DB);
    store::create(&db, config.journal).map_err(err)?;
    let mut initial = Image::new();
    for entry in std::fs::read_dir(dir).map_err(err)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with("-shm") {
            initial.insert(name, std::fs::read(entry.path()).map_err(err)?);
        }
    }
    Ok((db, initial))
}

/// Where a kill landed: the last named point or broadcast in the child's
/// log, unless the network received a broadcast the log had not recorded
/// yet (the child logs a send after its pipe write): then that send.
fn kill_stage(log: &Path, received: &[String]) -> (String, u64) {
    let records = std::fs::read(log).ok().and_then(|b| decode(&b).ok()).unwrap_or_default();
    let logged_sends = records.iter().filter(|r| matches!(r, Record::Broadcast { .. })).count();
    let sends: Vec<(u8, u64)> = received
        .iter()
        .filter_map(|l| {
            let (peer, json) = l.strip_prefix("B ")?.split_once(' ')?;
            Some((peer.parse().ok()?, serde_json::from_str::<VoteRecord>(json).ok()?.height))
        })
        .collect();
    let send_stage =
        |peer: u8, height: u64| (["SEND_A", "SEND_B", "SEND_C", "SEND_D"][(peer as usize).min(3)].to_string(), height);
    if sends.len() > logged_sends {
        let (peer, height) = sends[sends.len() - 1];
        return send_stage(peer, height);
    }
    records
        .iter()
        .rev()
        .find_map(|r| match r {
            Record::Mark { text } => Some(stage_of(text)),
            Record::Broadcast { peer, vote } => {
                serde_json::from_str::<VoteRecord>(vote).ok().map(|v| send_stage(*peer, v.height))
            }
            _ => None,
        })
        .unwrap_or(("START".into(), 0))
}

/// One kill (named or random), then a restarted validator offered Y at every height.
fn kill_run(
    opts: &Options,
    config: Config,
    dir: &Path,
    how: &str,
    delay: Option<Duration>,
) -> Result<KillRun, HarnessError> {
    let (db, _) = fresh_store(&dir.join("db"), config)?;
    let log = dir.join("kill.log");
    let _ = std::fs::remove_file(&log);
    let mut args = child_args(config, opts.votes, &db);
    args.extend(["--log".into(), log.display().to_string()]);
    if delay.is_none() {
        args.extend(["--kill".into(), format!("{}:{how}", (opts.votes / 2).max(1))]);
    }
    let first = run_child(&opts.validator, &args, delay)?;
    if first.signal.is_none() && !first.success {
        return Err(err(format!("the validator failed: {}", first.stderr.trim())));
    }
    let mut network = Vec::new();
    for v in parse_votes(&first.lines, "B ") {
        add_to_network(&mut network, v);
    }
    let mut restart_args = child_args(config, opts.votes, &db);
    restart_args.push("--restart".into());
    let second = run_child(&opts.validator, &restart_args, None)?;
    if !second.success {
        return Err(err(format!("the restarted validator failed: {}", second.stderr.trim())));
    }
    let restored = parse_votes(&second.lines, "R ");
    let lost = lost_votes(&network, &restored);
    let mut everything = network.clone();
    for v in parse_votes(&second.lines, "B ") {
        add_to_network(&mut everything, v);
    }
    let double_signed = double_signatures(&everything)
        .iter()
        .map(|(a, b)| double_signature_text(a.height, &a.value, &b.value))
        .collect();
    let refused = second.lines.iter().filter(|l| l.starts_with("REFUSED ")).count() as u32;
    let integrity = check::restore_file(&db).integrity;
    let (stage, height) = kill_stage(&log, &first.lines);
    Ok(KillRun {
        how: how.to_string(),
        stage,
        height,
        killed_by_sigkill: first.signal == Some(libc::SIGKILL),
        network: compact(&network),
        restored: compact(&restored),
        lost: lost.iter().map(|v| v.height).collect(),
        refused,
        double_signed,
        integrity,
    })
}

fn image_hash(image: &Image) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    image.hash(&mut h);
    h.finish()
}

/// A crash state's kind as the reports write it (`lab real-wal`, the
/// committed `content/real/wal-matrix.json`).
fn kind_text(kind: StateKind) -> String {
    match kind {
        StateKind::Synced => "synced only".into(),
        StateKind::Prefix(n) => format!("synced + first {n} unsynced op(s)"),
        StateKind::Single(r) => format!("synced + only the unsynced write #{r}"),
        StateKind::Torn(r) => format!("synced + write #{r} torn after its first sector"),
    }
}

/// The kind `kind_text` wrote, read back (`None` for any other text).
pub fn kind_from_text(text: &str) -> Option<StateKind> {
    let number = |s: &str| s.parse::<usize>().ok();
    if text == "synced only" {
        return Some(StateKind::Synced);
    }
    let rest = text.strip_prefix("synced + ")?;
    let kind = if let Some(n) = rest.strip_prefix("first ").and_then(|r| r.strip_suffix(" unsynced op(s)")) {
        StateKind::Prefix(number(n)?)
    } else if let Some(r) = rest.strip_prefix("only the unsynced write #") {
        StateKind::Single(number(r)?)
    } else {
        StateKind::Torn(number(rest.strip_prefix("write #")?.strip_suffix(" torn after its first sector")?)?)
    };
    (kind_text(kind) == text).then_some(kind)
}

/// Two signatures of one height on different values, as the reports write them.
fn double_signature_text(height: u64, a: &str, b: &str) -> String {
    format!("h={height}: {a} and {b}")
}

/// A double signature as the reports write it (`h=15: X15 and Y15`), as
/// facts: the height and the two values signed there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleSignature {
    pub height: u64,
    pub a: String,
    pub b: String,
}

impl DoubleSignature {
    /// The facts of a report's double signature; `None` for any other text.
    pub fn parse(text: &str) -> Option<DoubleSignature> {
        let (height, values) = text.strip_prefix("h=")?.split_once(": ")?;
        let (a, b) = values.split_once(" and ")?;
        let height: u64 = height.parse().ok()?;
        (double_signature_text(height, a, b) == text).then(|| DoubleSignature {
            height,
            a: a.to_string(),
            b: b.to_string(),
        })
    }
}

/// The file name handle `h` had when record `point - 1` ran (for reports).
fn handle_names_at(records: &[Record], point: usize, h: u32) -> String {
    records[..point]
        .iter()
        .rev()
        .find_map(|r| match r {
            Record::Open { handle, name, .. } if *handle == h => Some(name.clone()),
            _ => None,
        })
        .unwrap_or_else(|| format!("#{h}"))
}

/// A crash state's restored records and, for the network as it was last
/// checked against, how many votes it lost.
struct Checked {
    restored: Rc<Restored>,
    network_version: u32,
    /// The heights of the votes lost.
    lost: Vec<u64>,
}

/// `COMMIT h=3` → (`COMMIT`, 3).
fn stage_of(mark: &str) -> (String, u64) {
    let mut parts = mark.split_whitespace();
    let name = parts.next().unwrap_or("START").to_string();
    let height = parts.next().and_then(|h| h.strip_prefix("h=")).and_then(|h| h.parse().ok()).unwrap_or(0);
    (name, height)
}

/// Records a losing state at its named point: a loss of the vote in
/// progress counts at the point reached; a loss of an earlier vote (whose
/// pipeline had finished) counts at the pipeline's last point.
fn attribute(stages: &mut BTreeMap<String, bool>, stage: &str, height: u64, lost: &[u64], final_point: &str) {
    if lost.contains(&height) {
        stages.insert(stage.to_string(), true);
    }
    if lost.iter().any(|&h| h < height) {
        stages.insert(final_point.to_string(), true);
    }
}

/// Power loss at every record of `records` under `dir_model`.
/// `final_point`: the variant's last named point (see `attribute`).
pub fn replay_power(
    initial: &Image,
    records: &[Record],
    dir_model: DirModel,
    scratch: &Path,
    final_point: &str,
) -> PowerSummary {
    let started = Instant::now();
    let _ = std::fs::create_dir_all(scratch);
    let mut fs = Fs::new(initial, records, dir_model);
    let mut by_key: HashMap<StateKey, Checked> = HashMap::new();
    let mut by_image: HashMap<u64, Rc<Restored>> = HashMap::new();
    let mut prefix = PrefixCursor::default();
    let mut network: Vec<VoteRecord> = Vec::new();
    let mut network_version = 0u32;
    let mut worst: Option<(usize, StateKind, String, usize, Rc<Restored>)> = None;
    let mut stage = "START".to_string();
    let mut height = 0u64;
    let mut summary = PowerSummary {
        dir_model,
        points: records.len() + 1,
        states: 0,
        images: 0,
        losing_states: 0,
        max_lost: 0,
        unsound: 0,
        seconds: 0.0,
        worst: None,
        stages: BTreeMap::new(),
    };
    for point in 0..=records.len() {
        if point > 0 {
            let version = fs.version;
            fs.apply(point - 1);
            if fs.version != version {
                by_key.clear();
            }
            match &records[point - 1] {
                Record::Broadcast { peer, vote } => {
                    // The vote has left: from here on the crash is after this send.
                    stage = ["SEND_A", "SEND_B", "SEND_C", "SEND_D"][(*peer as usize).min(3)].to_string();
                    if let Ok(v) = serde_json::from_str::<VoteRecord>(vote) {
                        height = v.height;
                        if !network.contains(&v) {
                            network.push(v);
                            network_version += 1;
                        }
                    }
                }
                Record::Mark { text } => (stage, height) = stage_of(text),
                _ => {}
            }
        }
        summary.stages.entry(stage.clone()).or_insert(false);
        summary.stages.entry(final_point.to_string()).or_insert(false);
        for key in fs.power_states() {
            let checked = by_key.entry(key).or_insert_with(|| {
                let image = match key.1 {
                    StateKind::Prefix(n) => fs.prefix_image(&mut prefix, n),
                    kind => fs.image(kind),
                };
                let restored = by_image
                    .entry(image_hash(&image))
                    .or_insert_with(|| {
                        summary.images += 1;
                        Rc::new(check::restore_image(scratch, DB, &image))
                    })
                    .clone();
                Checked { restored, network_version: u32::MAX, lost: Vec::new() }
            });
            if checked.network_version != network_version {
                checked.network_version = network_version;
                checked.lost = lost_votes(&network, &checked.restored.records).iter().map(|v| v.height).collect();
            }
            summary.states += 1;
            if !checked.restored.sound() {
                summary.unsound += 1;
            }
            if !checked.lost.is_empty() {
                summary.losing_states += 1;
                attribute(&mut summary.stages, &stage, height, &checked.lost, final_point);
            }
            // The worst state is the latest one that lost the most: built once, at the end.
            if !checked.lost.is_empty() && checked.lost.len() >= summary.max_lost {
                summary.max_lost = checked.lost.len();
                worst = Some((point, key.1, stage.clone(), network.len(), checked.restored.clone()));
            }
        }
    }
    if let Some((point, kind, stage, network_len, restored)) = worst {
        let names = |h: u32| handle_names_at(records, point, h);
        let record = match point {
            0 => "(no record yet)".to_string(),
            p => format!("#{} {}", p - 1, records[p - 1].describe(&names)),
        };
        let network = &network[..network_len];
        summary.worst = Some(CrashState {
            point,
            record,
            stage,
            kind: kind_text(kind),
            restored: compact(&restored.records),
            network: compact(network),
            lost: compact(&lost_votes(network, &restored.records)),
            integrity: restored.error.clone().unwrap_or_else(|| restored.integrity.clone()),
        });
    }
    summary.seconds = started.elapsed().as_secs_f64();
    summary
}

fn verdict_unsafe(v: Verdict) -> bool {
    v == Verdict::Unsafe
}

/// Runs one configuration; `progress` is told each step.
pub fn run_config(
    opts: &Options,
    config: Config,
    progress: &mut dyn FnMut(&str),
) -> Result<ConfigResult, HarnessError> {
    let slug = config.label().replace([' ', '+'], "-");
    let dir = opts.work_dir.join(&slug);
    // The recorded run, for power loss.
    let (db, initial) = fresh_store(&dir.join("db"), config)?;
    let log_path = dir.join("record.log");
    let mut args = child_args(config, opts.votes, &db);
    args.extend(["--log".into(), log_path.display().to_string()]);
    let started = Instant::now();
    let recorded = run_child(&opts.validator, &args, None)?;
    let run_time = started.elapsed();
    if !recorded.success {
        return Err(err(format!("{}: the recorded run failed: {}", config.label(), recorded.stderr.trim())));
    }
    let records = decode(&std::fs::read(&log_path).map_err(err)?).map_err(err)?;
    let final_point = config.variant.points().last().copied().unwrap_or("START");
    let power: Vec<PowerSummary> = DirModel::ALL
        .into_iter()
        .map(|m| replay_power(&initial, &records, m, &dir.join("scratch"), final_point))
        .collect();
    progress(&format!(
        "{}: {} log records, power loss: {} states ({} images) in {:.2} s",
        config.label(),
        records.len(),
        power.iter().map(|p| p.states).sum::<u64>(),
        power.iter().map(|p| p.images).sum::<u64>(),
        power.iter().map(|p| p.seconds).sum::<f64>()
    ));
    // Real kills: at each named point of the middle height, then at random times.
    let mut kills = Vec::new();
    for point in config.variant.points() {
        kills.push(kill_run(opts, config, &dir.join("kill"), point, None)?);
    }
    let mut rng = XorShift(opts.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (slug.len() as u64) << 32 | 1);
    let span = run_time.as_micros().max(1) as u64;
    for _ in 0..opts.random_kills {
        let delay = Duration::from_micros(rng.next() % span);
        kills.push(kill_run(opts, config, &dir.join("kill"), "random", Some(delay))?);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(compare(config, records.len(), kills, power))
}

fn compare(config: Config, log_records: usize, kills: Vec<KillRun>, power: Vec<PowerSummary>) -> ConfigResult {
    let model_kill = model::verdicts(config, FaultKind::Kill);
    let model_power = model::verdicts(config, FaultKind::Power);
    let mut points = Vec::new();
    // (fault, real lost?, model verdict) → the named points where they differ.
    let mut differ: BTreeMap<(String, bool, &'static str), Vec<String>> = BTreeMap::new();
    let names = std::iter::once("START").chain(config.variant.points().iter().copied());
    for name in names {
        let mk = model::verdict_at(&model_kill, config, name);
        let mp = model::verdict_at(&model_power, config, name);
        let final_point = config.variant.points().last().copied().unwrap_or("START");
        let mut kill_stages: BTreeMap<String, bool> = BTreeMap::new();
        for k in &kills {
            kill_stages.entry(k.stage.clone()).or_insert(false);
            attribute(&mut kill_stages, &k.stage, k.height, &k.lost, final_point);
        }
        let real_kill = kill_stages.get(name).copied();
        if let Some(real) = real_kill.filter(|&real| real != verdict_unsafe(mk)) {
            differ.entry(("kill".into(), real, mk.key())).or_default().push(name.to_string());
        }
        let mut real_power = BTreeMap::new();
        for p in &power {
            let real = p.stages.get(name).copied();
            if let Some(real) = real.filter(|&real| real != verdict_unsafe(mp)) {
                differ
                    .entry((format!("power loss ({})", p.dir_model.key()), real, mp.key()))
                    .or_default()
                    .push(name.to_string());
            }
            real_power.insert(p.dir_model.key().to_string(), real);
        }
        points.push(PointComparison {
            point: name.to_string(),
            model_point: model::model_point(config, name).to_string(),
            model_kill: mk,
            model_power: mp,
            real_kill_lost: real_kill,
            real_power_lost: real_power,
        });
    }
    let disagreements = differ
        .into_iter()
        .map(|((fault, real, model_verdict), at)| {
            format!(
                "{} {fault}: real {} at {}; model ({} on `{}`) {model_verdict} there",
                config.label(),
                if real { "lost a vote" } else { "lost none" },
                at.join(", "),
                model::variant(config).code(),
                model::profile_flag(model::profile(config)),
            )
        })
        .collect();
    ConfigResult {
        config,
        label: config.label(),
        model_profile: model::profile_flag(model::profile(config)).to_string(),
        model_variant: model::variant(config).code().to_string(),
        log_records,
        kill_max_lost: kills.iter().map(|k| k.lost.len()).max().unwrap_or(0),
        kill_double_signed: kills.iter().map(|k| k.double_signed.len()).sum(),
        kills,
        power,
        points,
        disagreements,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back() {
        for kind in [StateKind::Synced, StateKind::Prefix(190), StateKind::Single(834), StateKind::Torn(392)] {
            assert_eq!(kind_from_text(&kind_text(kind)), Some(kind));
        }
        assert_eq!(kind_from_text("synced + write #392 torn after its first sector"), Some(StateKind::Torn(392)));
        assert_eq!(kind_from_text("synced + write #x torn after its first sector"), None);
        assert_eq!(kind_from_text("something else"), None);
    }

    #[test]
    fn a_double_signature_reads_back_as_facts() {
        let text = double_signature_text(15, "X15", "Y15");
        let d = DoubleSignature::parse(&text).expect("parse reads what the reports write");
        assert_eq!((d.height, d.a.as_str(), d.b.as_str()), (15, "X15", "Y15"));
        assert_eq!(DoubleSignature::parse("h=15 X15"), None);
        assert_eq!(DoubleSignature::parse("h=x: X15 and Y15"), None);
    }
}
