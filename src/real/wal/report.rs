//! The whole matrix as one report: the run's provenance (SQLite version,
//! machine, date), every configuration's result, the fault cases, totals
//! and the budget, and its Markdown rendering with the model beside it.

use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use super::faults::{self, FaultCheck};
use super::matrix::{run_config, ConfigResult, HarnessError, Options};
use super::sqlite_version;

/// The run's report (`lab real-wal --format json`, `content/real/wal-matrix.json`).
#[derive(Clone, Debug, Serialize)]
pub struct MatrixReport {
    pub harness: String,
    pub sqlite_version: String,
    pub machine: String,
    pub date: String,
    pub votes: u64,
    pub random_kills: u32,
    pub seed: u64,
    pub configs: Vec<ConfigResult>,
    pub faults: Vec<FaultCheck>,
    pub power_states: u64,
    pub power_images: u64,
    pub kill_runs: usize,
    pub seconds: f64,
    /// The slowest configuration's power-loss rate (states per second of replay).
    pub min_states_per_second: f64,
    pub disagreements: Vec<String>,
}

/// `Debian GNU/Linux 12 (bookworm), Linux 6.1, 2 CPUs, files on tmpfs`.
pub fn machine(work_dir: &Path) -> String {
    let os = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|t| t.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=").map(|v| v.trim_matches('"').to_string())))
        .unwrap_or_else(|| "unknown OS".into());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|k| k.trim().split('-').next().unwrap_or("").to_string())
        .unwrap_or_default();
    let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let fs = if work_dir.starts_with("/dev/shm") { "tmpfs" } else { "the temp directory's file system" };
    format!("{os}, Linux {kernel}, {cpus} CPUs, store files on {fs}")
}

/// What a [`machine`] text says, as facts: the system (OS and kernel), the
/// CPUs, and whether the store files were on tmpfs (else the temp
/// directory's file system). The words layer says it in a language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    pub system: String,
    pub cpus: usize,
    pub tmpfs: bool,
}

impl Machine {
    /// The facts of a [`machine`] text; `None` for a text `machine` does not write.
    pub fn parse(text: &str) -> Option<Machine> {
        let (rest, fs) = text.rsplit_once(", store files on ")?;
        let (system, cpus) = rest.rsplit_once(", ")?;
        let cpus: usize = cpus.strip_suffix(" CPUs")?.parse().ok()?;
        let tmpfs = match fs {
            "tmpfs" => true,
            "the temp directory's file system" => false,
            _ => return None,
        };
        Some(Machine { system: system.to_string(), cpus, tmpfs })
    }
}

/// Today's UTC date, `YYYY-MM-DD` (the report's provenance; days-to-civil).
pub fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Runs every configuration of `opts` and the fault cases.
pub fn run(opts: &Options, progress: &mut dyn FnMut(&str)) -> Result<MatrixReport, HarnessError> {
    let started = Instant::now();
    std::fs::create_dir_all(&opts.work_dir).map_err(|e| HarnessError(e.to_string()))?;
    let mut configs = Vec::new();
    for &config in &opts.configs {
        configs.push(run_config(opts, config, progress)?);
    }
    let faults = faults::all(&opts.work_dir.join("faults")).map_err(HarnessError)?;
    for f in &faults {
        progress(&format!("{}: {}", f.case, if f.passed { "holds" } else { "FAILS" }));
    }
    let _ = std::fs::remove_dir_all(&opts.work_dir);
    let power_states = configs.iter().flat_map(|c| &c.power).map(|p| p.states).sum();
    let power_images = configs.iter().flat_map(|c| &c.power).map(|p| p.images).sum();
    let min_rate = configs
        .iter()
        .map(|c| {
            let states: u64 = c.power.iter().map(|p| p.states).sum();
            let secs: f64 = c.power.iter().map(|p| p.seconds).sum();
            states as f64 / secs.max(1e-9)
        })
        .fold(f64::INFINITY, f64::min);
    Ok(MatrixReport {
        harness: "lab real-wal (Consistency Lab)".into(),
        sqlite_version: sqlite_version(),
        machine: machine(&opts.work_dir),
        date: today(),
        votes: opts.votes,
        random_kills: opts.random_kills,
        seed: opts.seed,
        kill_runs: configs.iter().map(|c| c.kills.len()).sum(),
        disagreements: configs.iter().flat_map(|c| c.disagreements.clone()).collect(),
        configs,
        faults,
        power_states,
        power_images,
        seconds: started.elapsed().as_secs_f64(),
        min_states_per_second: if min_rate.is_finite() { min_rate } else { 0.0 },
    })
}

fn worst_model(c: &ConfigResult, kill: bool) -> &'static str {
    let v = c.points.iter().map(|p| if kill { p.model_kill } else { p.model_power }).max();
    v.map_or("safe", |v| v.key())
}

/// The report as Markdown: the matrix, real beside model, then the fault
/// cases, the disagreements and the budget.
pub fn markdown(r: &MatrixReport) -> String {
    let mut out = String::new();
    out.push_str("# Article B on a real SQLite file (real run of this repository's harness)\n\n");
    out.push_str(&format!(
        "SQLite {} (bundled), {}; {}; {} votes per run, {} random kills per setting, seed {}.\n\n",
        r.sqlite_version, r.machine, r.date, r.votes, r.random_kills, r.seed
    ));
    out.push_str("Votes lost = votes the network had that the restarted node did not restore (each is a possible double vote).\n\n");
    out.push_str("| setting | model | kill: lost (runs) | model kill | power, strict POSIX: lost (states) | power, ext4-like: lost (states) | model power | integrity |\n");
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    for c in &r.configs {
        let power = |i: usize| {
            c.power.get(i).map_or("-".to_string(), |p| format!("{} ({} of {})", p.max_lost, p.losing_states, p.states))
        };
        let unsound: u64 = c.power.iter().map(|p| p.unsound).sum();
        let kill_unsound = c.kills.iter().filter(|k| k.integrity != "ok").count();
        out.push_str(&format!(
            "| {} | {} on `{}` | {} ({}){} | {} | {} | {} | {} | {} |\n",
            c.label,
            c.model_variant,
            c.model_profile,
            c.kill_max_lost,
            c.kills.len(),
            if c.kill_double_signed > 0 { format!(", {} double-signed", c.kill_double_signed) } else { String::new() },
            worst_model(c, true),
            power(0),
            power(1),
            worst_model(c, false),
            if unsound == 0 && kill_unsound == 0 {
                "ok".to_string()
            } else {
                format!("{} unsound", unsound + kill_unsound as u64)
            }
        ));
    }
    out.push_str("\nModel: the model variant on its store profile (`wal` is `lab crashpoints --profile wal_os_cache`, `rocks` is `lab crashpoints --profile rocks_sync_wal`; the device honours sync), its worst verdict over the named points. Integrity: rebuilt states that failed `PRAGMA integrity_check` (with `synchronous=OFF` SQLite promises no ordering, so reordered unsynced writes may corrupt the file).\n");
    out.push_str("\n## Where a power loss lost a vote (the worst state per setting)\n\n");
    for c in &r.configs {
        for p in &c.power {
            if let Some(w) = &p.worst {
                out.push_str(&format!(
                    "- {} ({}): at log record {} of {} ({}; {}), stage {}: lost {}; restored {}\n",
                    c.label,
                    p.dir_model.key(),
                    w.point,
                    p.points - 1,
                    w.record,
                    w.kind,
                    w.stage,
                    w.lost,
                    w.restored
                ));
            }
        }
    }
    out.push_str("\n## Fault cases (B4, B5, V2g) through the same VFS\n\n");
    for f in &r.faults {
        out.push_str(&format!("- {}: **{}**. {}\n", f.case, if f.passed { "holds" } else { "FAILS" }, f.detail));
    }
    out.push_str("\n## Where the real run and the model disagree\n\n");
    if r.disagreements.is_empty() {
        out.push_str("Nowhere.\n");
    }
    for d in &r.disagreements {
        out.push_str(&format!("- {d}\n"));
    }
    out.push_str(&format!(
        "\n{} power-loss crash states ({} distinct disk images opened with SQLite) and {} real kills in {:.1} s; the slowest setting replayed {:.0} states/s.\n",
        r.power_states, r.power_images, r.kill_runs, r.seconds, r.min_states_per_second
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_reads_back_as_facts() {
        let m = Machine::parse(&machine(Path::new("/dev/shm/x"))).expect("parse reads what machine writes");
        assert!(m.tmpfs && m.cpus >= 1 && m.system.contains("Linux "), "{m:?}");
        assert_eq!(
            Machine::parse("Debian GNU/Linux 12 (bookworm), Linux 6.18.44, 2 CPUs, store files on tmpfs"),
            Some(Machine { system: "Debian GNU/Linux 12 (bookworm), Linux 6.18.44".into(), cpus: 2, tmpfs: true })
        );
        assert!(Machine::parse(&machine(Path::new("/tmp/x"))).is_some_and(|m| !m.tmpfs));
        assert_eq!(Machine::parse("some machine"), None);
    }
}
