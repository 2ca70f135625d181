//! `lab real`: Article A's experiments on a real Redis and PostgreSQL, with
//! the simulation's and the article's numbers beside the real ones.
//!
//! The harness is `lab_real::pay`; this file parses the flags, runs each
//! configuration's real runs and their simulated twins (lab-sim, as `lab
//! table` runs them), prints the three-column table (`table`) and leaves
//! a folder per run plus the invocation's provenance. `lab real __pay-api
//! SPEC` (hidden) is the payment service process the harness starts.

mod table;

use std::path::PathBuf;
use std::process::ExitCode;

use lab_real::pay::servers::{install_interrupt_handler, interrupted, pick_port, PgTemplate, TempDir};
use lab_real::pay::{
    run_once, Binaries, HarnessError, PauseSource, PayApiCommand, RealConfig, RunOutcome, RunRequest, REAL_CONFIGS,
};
use serde_json::{json, Value};

use crate::sim::lease::{self, TraceLevel};

const HELP: &str = "lab real [--variant all|KEY[,KEY…]] [--secs N] [--runs N] [--seed S] [--out DIR] [--format md|json]
         [--redis-port P] [--pg-port P] [--lang ko|en]

Runs Article A's experiments on a real Redis (Debian `redis-server`) and a real PostgreSQL
(Debian `postgresql`), both started and stopped by the harness on tmpfs, with the payment
service as its own process (16 workers on 4 wallets and a watchdog thread). For every metric
it prints three columns: the real runs, the simulation with the same parameters and seeds,
and the article's measurement.

  --variant    all (default) or keys: exp1 exp2 exp2_stop exp3_c1 exp3_c2 exp1_ttl1s exp3_ttl1s
               exp4 exp5_closed exp5_open exp5_c2_closed exp5_control
  --secs N     seconds per run, 3..=600 (default 60; shorter runs keep the fault schedule in
               proportion: the Redis outage from 1/3 to 2/3, stops every 1.5 s that fit)
  --runs N     runs per configuration, run indices 0..N (default 3; 1..=10)
  --seed S     base seed of the pauses, as in `lab table` (default 1)
  --pauses     same (default): each worker sleeps the pauses its simulated twin draws, so the
               real and simulated columns share them; independent: a seeded stream the
               simulation never draws (same 300..500 ms distribution, other draws)
  --out DIR    where each run leaves its folder (default target/lab-real/<unix time>)
  --format     md (default) or json; progress goes to stderr
  --lang       ko (default) or en: the language of the three columns' labels (the metrics'
               labels and the notes are English in both)
  --redis-port, --pg-port
               loopback ports below 32768 (default: free ones)
";

struct Options {
    configs: Vec<RealConfig>,
    secs: u32,
    runs: u32,
    seed: u64,
    out: Option<PathBuf>,
    json: bool,
    redis_port: Option<u16>,
    pg_port: Option<u16>,
    pauses: PauseSource,
    words: &'static lab_words::Words,
}

fn bad(message: String) -> ExitCode {
    eprintln!("lab: error: {message}");
    eprintln!("run `lab real --help` for the flags");
    ExitCode::from(2)
}

fn whole(flag: &str, value: &str, low: u64, high: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(v) if (low..=high).contains(&v) => Ok(v),
        _ => Err(format!("{flag} must be a whole number in {low}..={high}, got {value:?}")),
    }
}

/// `--lang`'s language, with the message every `lab` command gives for another value.
fn read_lang(value: &str) -> Result<lab_words::Lang, String> {
    lab_words::Lang::from_code(value).ok_or_else(|| {
        let allowed: Vec<&str> = lab_words::Lang::ALL.iter().map(|l| l.code()).collect();
        format!("--lang: `{value}` is not allowed; allowed {}", allowed.join("|"))
    })
}

fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options {
        configs: REAL_CONFIGS.to_vec(),
        secs: 60,
        runs: 3,
        seed: 1,
        out: None,
        json: false,
        redis_port: None,
        pg_port: None,
        pauses: PauseSource::SameAsSimulation,
        words: lab_words::Words::of(lab_words::Lang::Ko),
    };
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        if arg == "--help" || arg == "-h" {
            return Ok(None);
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let known = [
            "--variant",
            "--secs",
            "--runs",
            "--seed",
            "--out",
            "--format",
            "--redis-port",
            "--pg-port",
            "--pauses",
            "--lang",
        ];
        if !known.contains(&flag.as_str()) {
            return Err(format!("unknown argument {arg:?}"));
        }
        let value = match inline {
            Some(v) => v,
            None => {
                i += 1;
                args.get(i).cloned().ok_or_else(|| format!("{flag} needs a value"))?
            }
        };
        match flag.as_str() {
            "--variant" => {
                if value != "all" {
                    options.configs = value
                        .split(',')
                        .map(|k| {
                            RealConfig::from_key(k.trim()).ok_or_else(|| {
                                let keys: Vec<&str> = REAL_CONFIGS.iter().map(|c| c.key).collect();
                                format!("unknown variant {k:?}; one of: all, {}", keys.join(", "))
                            })
                        })
                        .collect::<Result<_, _>>()?;
                }
            }
            "--secs" => options.secs = whole("--secs", &value, 3, 600)? as u32,
            "--runs" => options.runs = whole("--runs", &value, 1, 10)? as u32,
            "--seed" => options.seed = whole("--seed", &value, 0, u64::MAX)?,
            "--out" => options.out = Some(PathBuf::from(value)),
            "--format" => {
                options.json = match value.as_str() {
                    "md" => false,
                    "json" => true,
                    _ => return Err(format!("--format must be md or json, got {value:?}")),
                }
            }
            "--pauses" => {
                options.pauses = match value.as_str() {
                    "same" => PauseSource::SameAsSimulation,
                    "independent" => PauseSource::Independent,
                    _ => return Err(format!("--pauses must be same or independent, got {value:?}")),
                }
            }
            "--lang" => options.words = lab_words::Words::of(read_lang(&value)?),
            "--redis-port" => options.redis_port = Some(whole("--redis-port", &value, 1, 65_535)? as u16),
            _ => options.pg_port = Some(whole("--pg-port", &value, 1, 65_535)? as u16),
        }
        i += 1;
    }
    Ok(Some(options))
}

/// Runs `lab real ARGS…` and returns its exit status.
pub fn main(args: &[String]) -> ExitCode {
    if args.first().map(String::as_str) == Some("__pay-api") {
        let Some(spec) = args.get(1) else { return bad("__pay-api needs its spec".to_string()) };
        return ExitCode::from(lab_real::pay::api::main(spec) as u8);
    }
    let options = match parse(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(message) => return bad(message),
    };
    let result = match run(&options) {
        // Whatever failed after a Ctrl-C failed because of it.
        Err(_) if interrupted() => Err(HarnessError::Interrupted),
        other => other,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(HarnessError::BadInput(message)) => bad(message),
        Err(e @ HarnessError::Missing { .. }) => {
            eprintln!("lab: error: {e}");
            ExitCode::from(2)
        }
        Err(HarnessError::Interrupted) => {
            eprintln!("lab: interrupted; every server was stopped");
            ExitCode::from(130)
        }
        Err(HarnessError::Failed(message)) => {
            eprintln!("lab: error: the real run failed: {message}");
            ExitCode::from(1)
        }
    }
}

fn command_output(program: &str, args: &[&str]) -> String {
    std::process::Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

fn mem_total() -> String {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            t.lines().find(|l| l.starts_with("MemTotal:")).map(|l| l.trim_start_matches("MemTotal:").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

fn provenance(bins: &Binaries, options: &Options) -> Value {
    let (redis_version, pg_version) = bins.versions();
    json!({
        "date_utc": command_output("date", &["-u", "+%Y-%m-%dT%H:%M:%SZ"]),
        "redis": redis_version,
        "postgresql": pg_version,
        "harness": format!("consistency-lab {} ({})", env!("CARGO_PKG_VERSION"), command_output("git", &["rev-parse", "--short", "HEAD"])),
        "kernel": command_output("uname", &["-sr"]),
        "nproc": std::thread::available_parallelism().map_or(0, |n| n.get()),
        "memory": mem_total(),
        "secs": options.secs,
        "runs": options.runs,
        "seed": options.seed,
        "pauses": options.pauses.key(),
        "variants": options.configs.iter().map(|c| c.key).collect::<Vec<_>>(),
    })
}

/// "SIGSTOP lateness: max … µs, mean … µs over N stops", or nothing without stops.
fn stop_lateness_text(outcomes: &[RunOutcome]) -> String {
    let all: Vec<f64> = outcomes.iter().flat_map(|o| o.checks.stop_lateness_us.iter().copied()).collect();
    if all.is_empty() {
        return String::new();
    }
    let max = all.iter().copied().fold(0.0, f64::max);
    let mean = all.iter().sum::<f64>() / all.len() as f64;
    format!(" SIGSTOP lateness: max {max:.0} µs, mean {mean:.0} µs over {} stops.", all.len())
}

fn run(options: &Options) -> Result<(), HarnessError> {
    let bins = Binaries::find()?;
    let redis_port = pick_port(options.redis_port, &[])?;
    let pg_port = pick_port(options.pg_port, &[redis_port])?;
    install_interrupt_handler();
    let out = options.out.clone().unwrap_or_else(|| {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        PathBuf::from(format!("target/lab-real/{secs}"))
    });
    std::fs::create_dir_all(&out)
        .map_err(|e| HarnessError::BadInput(format!("cannot create --out {}: {e}", out.display())))?;
    let provenance = provenance(&bins, options);
    eprintln!(
        "lab real: {} · {} · {} cores · {} · Redis on 127.0.0.1:{redis_port}, PostgreSQL on 127.0.0.1:{pg_port}",
        provenance["redis"].as_str().unwrap_or(""),
        provenance["postgresql"].as_str().unwrap_or(""),
        provenance["nproc"],
        provenance["memory"].as_str().unwrap_or(""),
    );
    let program = std::env::current_exe().map_err(|e| HarnessError::Failed(format!("no current executable: {e}")))?;
    let pay_api = PayApiCommand { program, args: vec!["real".to_string(), "__pay-api".to_string()] };
    let tmp = TempDir::new("pay")?;
    let template = PgTemplate::init(&bins, &tmp.path, &out.join("initdb.log"))?;
    let mut report = Vec::new();
    let mut markdown = format!(
        "## lab real — Article A on a real Redis and PostgreSQL\n\n\
         {} · {} · {} · {} cores, {} · {} · {} s × {} runs, seed {}\n\n",
        provenance["date_utc"].as_str().unwrap_or(""),
        provenance["redis"].as_str().unwrap_or(""),
        provenance["postgresql"].as_str().unwrap_or(""),
        provenance["nproc"],
        provenance["memory"].as_str().unwrap_or(""),
        provenance["harness"].as_str().unwrap_or(""),
        options.secs,
        options.runs,
        options.seed
    );
    for config in &options.configs {
        let mut outcomes: Vec<RunOutcome> = Vec::new();
        let mut simulated = Vec::new();
        for run_index in 0..options.runs {
            let scratch = tmp.path.join(format!("{}-{run_index}", config.key));
            template.make_dir(&scratch)?;
            let request = RunRequest {
                config: *config,
                secs: options.secs,
                seed: options.seed,
                run_index,
                folder: out.join(format!("{}-run{run_index}", config.key)),
                scratch: scratch.clone(),
                bins: &bins,
                template: &template,
                redis_port,
                pg_port,
                pay_api: &pay_api,
                pauses: options.pauses,
            };
            let outcome = run_once(&request)?;
            let _ = std::fs::remove_dir_all(&scratch);
            let c = &outcome.checks;
            let m = &outcome.trace.metrics;
            let worst_stop = c.stop_lateness_us.iter().copied().fold(0.0, f64::max);
            eprintln!(
                "  {} run {run_index}: {:.1} s wall, {} approvals, {} overlaps (SQL {}{}), drift {}, {} requests{}",
                config.key,
                c.wall_s,
                m.approvals,
                c.rust_overlap_pairs,
                c.sql.pairs,
                if c.sql.pairs == c.rust_overlap_pairs { ", equal" } else { ", DIFFERENT" },
                m.drift_won,
                outcome.trace.details.requests,
                if c.stop_lateness_us.is_empty() {
                    String::new()
                } else {
                    format!(", worst stop lateness {worst_stop:.0} µs")
                },
            );
            simulated.push(lease::run(&outcome.config, options.seed, run_index, TraceLevel::Summary));
            outcomes.push(outcome);
        }
        let real: Vec<_> = outcomes.iter().map(|o| (&o.trace.metrics, &o.trace.details)).collect();
        let sim: Vec<_> = simulated.iter().map(|t| (&t.metrics, &t.details)).collect();
        let lines = table::table_lines(config.key, &real, &sim);
        let title = format!("{} — `{}`", config.label, config.key);
        let mut section = table::markdown(options.words, &title, &lines);
        let equal = outcomes.iter().all(|o| o.checks.sql.pairs == o.checks.rust_overlap_pairs);
        section.push_str(&format!(
            "\nSQL self-join over `experiment_lock_hold`: {} overlap pairs, {} ({}); both-RELEASED pairs (artifacts, any length): {}. Wall {} s.{}\n\n",
            table::range_text(&outcomes.iter().map(|o| o.checks.sql.pairs as f64).collect::<Vec<_>>(), 0),
            if equal { "equal to the Rust count in every run" } else { "DIFFERENT from the Rust count" },
            table::range_text(&outcomes.iter().map(|o| o.checks.rust_overlap_pairs as f64).collect::<Vec<_>>(), 0),
            table::range_text(&outcomes.iter().map(|o| o.checks.sql.both_released as f64).collect::<Vec<_>>(), 0),
            table::range_text(&outcomes.iter().map(|o| o.checks.wall_s).collect::<Vec<_>>(), 1),
            stop_lateness_text(&outcomes),
        ));
        markdown.push_str(&section);
        report.push(json!({
            "variant": config.key,
            "label": config.label,
            "table": lines,
            "runs": outcomes.iter().zip(&simulated).map(|(o, s)| json!({
                "run_index": o.trace.run_index,
                "folder": out.join(format!("{}-run{}", config.key, o.trace.run_index)),
                "real": {"metrics": o.trace.metrics, "details": o.trace.details, "checks": o.checks},
                "simulated": {"metrics": s.metrics, "details": s.details},
            })).collect::<Vec<_>>(),
        }));
    }
    let labels = table::labels(options.words);
    let document = json!({ "provenance": provenance, "labels": {
        "real": labels.real_label, "simulated": labels.simulated_label, "article": labels.article_label,
    }, "configs": report });
    let json_text = serde_json::to_string_pretty(&document).unwrap_or_default() + "\n";
    let write = |name: &str, text: &str| {
        std::fs::write(out.join(name), text).map_err(|e| HarnessError::Failed(format!("cannot write {name}: {e}")))
    };
    write("table.md", &markdown)?;
    write("table.json", &json_text)?;
    if options.json {
        print!("{json_text}");
    } else {
        print!("{markdown}");
    }
    eprintln!("lab real: every server stopped; folders in {}", out.display());
    Ok(())
}
