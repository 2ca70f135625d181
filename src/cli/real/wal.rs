//! `lab real-wal`: Article B's safety pipeline on a real SQLite file, beside
//! the model's crash-point matrix. Real `SIGKILL`s of a validator process
//! (this same binary, re-executed as `lab real-wal __validator …`) and
//! power loss replayed from a recording VFS's log at every record.

use std::path::PathBuf;
use std::process::ExitCode;

use lab_real::wal::matrix::{Options, ValidatorCommand};
use lab_real::wal::{report, validator, Config, Journal, SyncMode, Variant};

const HELP: &str = "lab real-wal [--journal delete|wal|all] [--sync off|normal|full|extra|all]\n\
\x20            [--variant v0|v1|v3|v4|all] [--votes N] [--kills N] [--seed S]\n\
\x20            [--format md|json] [--out DIR]\n\n\
Runs Article B's safety pipeline on a real SQLite file (bundled SQLite) and checks every\n\
crash state it can reach: a validator process signs a prevote per height, persists it in\n\
its own transaction and broadcasts it (to this process, the network), in the variant's order.\n\
\x20 - real kills: the validator SIGKILLs itself at every named point (SIGN, WRITE, COMMIT,\n\
\x20   SYNCCALL, SEND_B/C/D) of the middle height and is killed at random times; a restarted\n\
\x20   validator restores its records and is offered a conflicting vote at every height;\n\
\x20 - power loss: a recording VFS logs every file operation; the disk image a power loss\n\
\x20   leaves is rebuilt at every log record (synced state, every prefix and single write of\n\
\x20   the unsynced ones, torn writes), under strict POSIX and ext4-like directories, and\n\
\x20   reopened with stock SQLite (integrity_check, then the same checks as a kill).\n\
Beside each setting: the model's verdict (`lab crashpoints --profile wal_os_cache|rocks_sync_wal`), and every\n\
named point where the real run and the model disagree.\n\n\
--journal   SQLite journal mode (default all)\n\
--sync      synchronous setting of V0 and V1 (default all); V3 and V4 always run with OFF\n\
\x20           (commit without sync) and are included when --sync is all or off\n\
--variant   V0 persist then broadcast, V1 broadcast then persist, V3 commit without sync,\n\
\x20           V4 commit without sync then an fsync of the database file only (default all)\n\
--votes N   votes per run, 2..=200 (default 30)\n\
--kills N   random kills per setting, 0..=20 (default 2)\n\
--seed S    seed of the random kill times (default 1)\n\
--format    md (default): the matrix and the model side by side; json: the whole report\n\
--out DIR   also write the report as DIR/wal-matrix.json\n\n\
Needs no server. Exit status: 0 ok (findings are not failures), 1 the harness failed, 2 bad usage.\n";

fn usage(message: String) -> ExitCode {
    eprintln!("lab: error: {message}");
    ExitCode::from(2)
}

struct Args {
    journal: Option<Journal>,
    sync: Option<SyncMode>,
    variant: Option<Variant>,
    votes: u64,
    kills: u32,
    seed: u64,
    json: bool,
    out: Option<PathBuf>,
}

fn choice<T: Copy>(
    flag: &str,
    value: &str,
    allowed: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, String> {
    if value == "all" {
        return Ok(None);
    }
    parse(&value.to_ascii_lowercase())
        .map(Some)
        .ok_or_else(|| format!("{flag}: `{value}` is not allowed; allowed {allowed}"))
}

fn number(flag: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("{flag}: `{value}` is not a whole number in {min}..={max}")),
    }
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut out =
        Args { journal: None, sync: None, variant: None, votes: 30, kills: 2, seed: 1, json: false, out: None };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        if !flag.starts_with("--") {
            return Err(format!("unexpected argument `{arg}`; see `lab real-wal --help`"));
        }
        let known = ["--journal", "--sync", "--variant", "--votes", "--kills", "--seed", "--format", "--out"];
        if !known.contains(&flag) {
            return Err(format!("unknown flag `{flag}` for `lab real-wal`; expected one of {}", known.join(", ")));
        }
        let value = match inline {
            Some(v) => v,
            None => it.next().cloned().ok_or_else(|| format!("{flag} needs a value"))?,
        };
        match flag {
            "--journal" => out.journal = choice(flag, &value, "delete|wal|all", Journal::from_key)?,
            "--sync" => out.sync = choice(flag, &value, "off|normal|full|extra|all", SyncMode::from_key)?,
            "--variant" => out.variant = choice(flag, &value, "v0|v1|v3|v4|all", Variant::from_key)?,
            "--votes" => out.votes = number(flag, &value, 2, 200)?,
            "--kills" => out.kills = number(flag, &value, 0, 20)? as u32,
            "--seed" => out.seed = number(flag, &value, 0, u64::MAX)?,
            "--format" => {
                out.json = match value.as_str() {
                    "md" => false,
                    "json" => true,
                    v => return Err(format!("--format: `{v}` is not allowed; allowed md|json")),
                }
            }
            _ => out.out = Some(PathBuf::from(value)),
        }
    }
    Ok(out)
}

fn selected(a: &Args) -> Vec<Config> {
    Config::all()
        .into_iter()
        .filter(|c| a.journal.is_none_or(|j| c.journal == j))
        .filter(|c| a.variant.is_none_or(|v| c.variant == v))
        .filter(|c| a.sync.is_none_or(|s| c.sync == s))
        .collect()
}

/// Runs `lab real-wal ARGS…` and returns its exit status.
pub fn main(args: &[String]) -> ExitCode {
    if args.first().map(String::as_str) == Some("__validator") {
        return ExitCode::from(validator::child_main(&args[1..]) as u8);
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return usage(e),
    };
    let configs = selected(&a);
    if configs.is_empty() {
        return usage("no setting matches these flags (V3 and V4 run only with --sync off or all)".into());
    }
    let program = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("lab: error: cannot find the lab binary to run the validator: {e}");
            return ExitCode::from(1);
        }
    };
    let base = if std::path::Path::new("/dev/shm").is_dir() { PathBuf::from("/dev/shm") } else { std::env::temp_dir() };
    let opts = Options {
        configs,
        votes: a.votes,
        random_kills: a.kills,
        seed: a.seed,
        work_dir: base.join(format!("lab-real-wal-{}", std::process::id())),
        validator: ValidatorCommand { program, args: vec!["real-wal".into(), "__validator".into()] },
    };
    let json = a.json;
    let mut progress = |line: &str| {
        if json {
            eprintln!("{line}");
        } else {
            println!("{line}");
        }
    };
    let report = match report::run(&opts, &mut progress) {
        Ok(r) => r,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&opts.work_dir);
            eprintln!("lab: error: {e}");
            return ExitCode::from(1);
        }
    };
    let text = serde_json::to_string_pretty(&report).expect("the report serialises");
    if let Some(dir) = &a.out {
        let path = dir.join("wal-matrix.json");
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, format!("{text}\n"))) {
            eprintln!("lab: error: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    if json {
        println!("{text}");
    } else {
        println!();
        print!("{}", report::markdown(&report));
    }
    ExitCode::SUCCESS
}
