//! `lab`: the native command line of Consistency Lab (native only; the
//! binary `src/bin/lab.rs` calls [`main`]).
//!
//! Shape (after ripgrep): `main() -> ExitCode` calls `run() -> Result`, and
//! `main` is the one place that prints errors. Raw argv is first split into
//! flags ([`RawArgs`]), then validated into a [`Command`]; any bad flag or
//! any notice from the query parser is a usage error (exit status 2) that
//! names the flag or key and its allowed values. Nothing here panics on
//! user input.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::figures::export;
use crate::params::{
    all_params_markdown, parse_query, to_query, LeaseQuery, Notice, ParamKind, ParamSpec, Query, LEASE_PARAMS,
    SITE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS,
};
use crate::report::{
    crashpoints_json, crashpoints_markdown, run_json, run_markdown, table_json, table_markdown, table_queries,
    vote_run_json, vote_run_markdown, TableRun,
};
use crate::sim::lease::{self, Preset, TraceLevel};
use crate::sim::vote::{self, StoreProfile};

/// Exit status of a usage error (bad flag, bad value, bad `--params`).
const EXIT_USAGE: u8 = 2;
/// Exit status of a failure while doing the work (writing a file).
const EXIT_FAILURE: u8 = 1;

/// Most runs per preset `lab table` accepts.
const TABLE_RUNS_MAX: u64 = 10;

/// An error and the exit status it maps to.
#[derive(Debug)]
struct CliError {
    message: String,
    status: u8,
}

impl CliError {
    fn usage(message: impl Into<String>) -> Self {
        CliError { message: message.into(), status: EXIT_USAGE }
    }

    fn failure(message: impl Into<String>) -> Self {
        CliError { message: message.into(), status: EXIT_FAILURE }
    }
}

type Result<T> = std::result::Result<T, CliError>;

/// Runs `lab` with the process arguments and returns its exit status.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some(status) = run_real(&args) {
        return status;
    }
    match run(args) {
        Ok(output) => {
            // A closed pipe (`lab table | head`) is not an error worth reporting.
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("lab: cannot write to stdout: {err}");
                    ExitCode::from(EXIT_FAILURE)
                }
            }
        }
        Err(err) => {
            eprintln!("lab: error: {}", err.message);
            ExitCode::from(err.status)
        }
    }
}

/// `lab real …`, `lab real-wal …` and `lab help real[-wal]`: the real runs
/// print as they go and own their exit status. `None` for every other command.
fn run_real(args: &[std::ffi::OsString]) -> Option<ExitCode> {
    let words: Vec<Option<&str>> = args.iter().take(2).map(|a| a.to_str()).collect();
    let (subcommand, rest) = match words.as_slice() {
        [Some("help"), Some(sub @ ("real" | "real-wal"))] => (*sub, Some(vec!["--help".to_string()])),
        [Some(sub @ ("real" | "real-wal")), ..] => {
            (*sub, args[1..].iter().map(|a| a.to_str().map(str::to_owned)).collect::<Option<Vec<_>>>())
        }
        _ => return None,
    };
    let Some(rest) = rest else {
        eprintln!("lab: error: an argument of `lab {subcommand}` is not valid UTF-8");
        return Some(ExitCode::from(EXIT_USAGE));
    };
    Some(match subcommand {
        "real" => crate::real_cli::pay::main(&rest),
        _ => crate::real_cli::wal::main(&rest),
    })
}

/// Runs the command line and returns what to print on stdout.
fn run(args: Vec<std::ffi::OsString>) -> Result<String> {
    let args: Vec<String> = args
        .into_iter()
        .map(|a| a.into_string().map_err(|a| CliError::usage(format!("argument {a:?} is not valid UTF-8"))))
        .collect::<Result<_>>()?;
    let command = Command::from_args(&args)?;
    execute(command)
}

// ---------------------------------------------------------------------------
// Raw flags

/// The subcommands and the flags each accepts (name, takes a value).
const SUBCOMMANDS: &[(&str, &[(&str, bool)])] = &[
    ("presets", &[("format", true)]),
    ("params", &[("format", true)]),
    ("run", &[("params", true), ("format", true), ("trace", true)]),
    ("table", &[("runs", true), ("seed", true), ("format", true)]),
    ("crashpoints", &[("profile", true), ("device-honours-sync", true), ("format", true)]),
    (
        "figure",
        &[
            ("list", false),
            ("params", true),
            ("out", true),
            ("width", true),
            ("time", true),
            ("window", true),
            ("recon", true),
            ("theme", true),
            ("animate", false),
            ("frames", true),
            ("fps", true),
        ],
    ),
    ("sweep", &[("params", true), ("format", true)]),
];

/// argv split into a subcommand and its flags, not yet validated.
#[derive(Debug, Default)]
struct RawArgs {
    subcommand: String,
    flags: BTreeMap<String, String>,
    /// `lab figure FIGURE_ID`: the one positional argument.
    positional: Option<String>,
    help: bool,
}

impl RawArgs {
    fn parse(args: &[String]) -> Result<RawArgs> {
        let Some(first) = args.first() else {
            return Ok(RawArgs { help: true, ..RawArgs::default() });
        };
        match first.as_str() {
            "-h" | "--help" => return Ok(RawArgs { help: true, ..RawArgs::default() }),
            "help" => {
                let subcommand = args.get(1).cloned().unwrap_or_default();
                return Ok(RawArgs { subcommand, help: true, ..RawArgs::default() });
            }
            _ => {}
        }
        let Some((name, known)) = SUBCOMMANDS.iter().find(|(name, _)| *name == first.as_str()) else {
            return Err(CliError::usage(format!(
                "unknown command `{first}`; expected one of {} (see `lab --help`)",
                SUBCOMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            )));
        };
        let mut raw = RawArgs { subcommand: name.to_string(), ..RawArgs::default() };
        let mut rest = args[1..].iter();
        while let Some(arg) = rest.next() {
            if arg == "-h" || arg == "--help" {
                raw.help = true;
                continue;
            }
            let Some(flag) = arg.strip_prefix("--") else {
                if (*name == "figure" || *name == "sweep") && raw.positional.is_none() {
                    raw.positional = Some(arg.clone());
                    continue;
                }
                return Err(CliError::usage(format!(
                    "unexpected argument `{arg}` for `lab {name}` (see `lab {name} --help`)"
                )));
            };
            let (flag, inline_value) = match flag.split_once('=') {
                Some((f, v)) => (f, Some(v.to_string())),
                None => (flag, None),
            };
            let Some((_, takes_value)) = known.iter().find(|(f, _)| *f == flag) else {
                return Err(CliError::usage(format!(
                    "unknown flag `--{flag}` for `lab {name}`; allowed: {} (see `lab {name} --help`)",
                    known.iter().map(|(f, _)| format!("--{f}")).collect::<Vec<_>>().join(", ")
                )));
            };
            let value = match (takes_value, inline_value) {
                (true, Some(v)) => v,
                (true, None) => {
                    rest.next().cloned().ok_or_else(|| CliError::usage(format!("flag `--{flag}` needs a value")))?
                }
                (false, Some(_)) => return Err(CliError::usage(format!("flag `--{flag}` takes no value"))),
                (false, None) => String::new(),
            };
            if raw.flags.insert(flag.to_string(), value).is_some() {
                return Err(CliError::usage(format!("flag `--{flag}` given twice")));
            }
        }
        Ok(raw)
    }
}

// ---------------------------------------------------------------------------
// Validated commands

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Markdown,
    Json,
}

#[derive(Debug)]
enum Command {
    Help(String),
    Presets { format: Format },
    Params { format: Format },
    Run { query: Box<Query>, format: Format, trace_path: Option<String> },
    Table { runs: u32, seed: u64, format: Format },
    Crashpoints { profile: StoreProfile, device_honours_sync: bool, format: Format },
    FigureList,
    Figure { request: Box<export::Request>, out: String, animate: Option<(u32, u32)> },
    Sweep { spec: crate::sweep::SweepSpec, format: Format },
}

impl Command {
    fn from_args(args: &[String]) -> Result<Command> {
        let raw = RawArgs::parse(args)?;
        if raw.help {
            return Ok(Command::Help(help_text(&raw.subcommand)?));
        }
        let flags = &raw.flags;
        let format = match flags.get("format") {
            None => Format::Markdown,
            Some(v) if v == "md" || v == "markdown" => Format::Markdown,
            Some(v) if v == "json" => Format::Json,
            Some(v) => return Err(CliError::usage(format!("--format: `{v}` is not allowed; allowed md|json"))),
        };
        Ok(match raw.subcommand.as_str() {
            "presets" => Command::Presets { format },
            "params" => Command::Params { format },
            "run" => {
                let text = flags
                    .get("params")
                    .ok_or_else(|| CliError::usage("`lab run` needs --params \"QUERY\" (see `lab run --help`)"))?;
                Command::Run {
                    query: Box::new(validated_query(text)?),
                    format,
                    trace_path: flags.get("trace").cloned(),
                }
            }
            "table" => {
                let runs = match flags.get("runs") {
                    Some(v) => whole_number("--runs", v, 1, TABLE_RUNS_MAX)?,
                    None => 3,
                };
                let seed = match flags.get("seed") {
                    Some(v) => whole_number("--seed", v, 0, u64::MAX)?,
                    None => 1,
                };
                Command::Table { runs: u32::try_from(runs).unwrap_or(3), seed, format }
            }
            "crashpoints" => {
                let profile = match flags.get("profile").map(String::as_str) {
                    None | Some("h2") => StoreProfile::H2Like,
                    Some("wal") => StoreProfile::WalOsCache,
                    Some("rocks") => StoreProfile::RocksSyncWal,
                    Some(p) => {
                        return Err(CliError::usage(format!("--profile: `{p}` is not allowed; allowed h2|wal|rocks")))
                    }
                };
                let device_honours_sync = match flags.get("device-honours-sync").map(String::as_str) {
                    None | Some("true") => true,
                    Some("false") => false,
                    Some(v) => {
                        return Err(CliError::usage(format!(
                            "--device-honours-sync: `{v}` is not allowed; allowed true|false"
                        )))
                    }
                };
                Command::Crashpoints { profile, device_honours_sync, format }
            }
            "figure" => figure_command(&raw)?,
            "sweep" => sweep_command(&raw, format)?,
            other => return Err(CliError::usage(format!("unknown command `{other}`"))),
        })
    }
}

/// Validates `lab sweep FIGURE_ID [--params "KEYS"]`: any ignored or clamped key is an error.
fn sweep_command(raw: &RawArgs, format: Format) -> Result<Command> {
    use crate::sweep::SweepKind;
    let id = raw.positional.as_deref().ok_or_else(|| {
        CliError::usage("`lab sweep` needs a figure id: sweep-ttl-pause or sweep-contention (see `lab sweep --help`)")
    })?;
    let kind = SweepKind::from_figure_id(id)
        .ok_or_else(|| CliError::usage(format!("unknown sweep `{id}`; allowed sweep-ttl-pause, sweep-contention")))?;
    let text = raw.flags.get("params").map(String::as_str).unwrap_or("");
    let (spec, _) = crate::sweep::parse_strict(kind, text, false).map_err(CliError::usage)?;
    Ok(Command::Sweep { spec, format })
}

fn sweep_output(spec: crate::sweep::SweepSpec, format: Format) -> String {
    use crate::sweep::{SweepMetric, SweepResult};
    let t0 = std::time::Instant::now();
    let result = SweepResult::compute(spec);
    let secs = t0.elapsed().as_secs_f64();
    let (xs, ys) = (spec.xs(), spec.ys());
    match format {
        Format::Json => result.grid_json(),
        Format::Markdown => {
            let [xn, yn] = spec.kind.axis_names_ko();
            let mut out = format!("# {} `{}`\n\n", spec.kind.figure_id(), spec.key());
            for metric in [SweepMetric::OverApproval, SweepMetric::Throughput] {
                out.push_str(&format!("## {}\n\nrows: {yn}, columns: {xn}\n\n| {yn} \\ {xn} |", metric.name_ko()));
                for x in &xs {
                    out.push_str(&format!(" {x} |"));
                }
                out.push_str("\n|---|");
                out.push_str(&"---:|".repeat(xs.len()));
                out.push('\n');
                for (iy, y) in ys.iter().enumerate() {
                    out.push_str(&format!("| {y} |"));
                    for ix in 0..xs.len() {
                        let v = result.cell(ix, iy).map(|c| metric.value(c)).unwrap_or(f64::NAN);
                        out.push_str(&format!(" {v:.1} |"));
                    }
                    out.push('\n');
                }
                out.push('\n');
            }
            out.push_str(&format!("{}\n\n", result.describe()));
            out.push_str(&format!(
                "{} runs in {:.2} s on one thread ({:.2} ms per run)\n",
                spec.runs(),
                secs,
                secs * 1000.0 / spec.runs().max(1) as f64
            ));
            out
        }
    }
}

/// Validates `lab figure` (`--list`, or an id with `--out`).
fn figure_command(raw: &RawArgs) -> Result<Command> {
    let flags = &raw.flags;
    if flags.contains_key("list") {
        if raw.positional.is_some() || flags.len() > 1 {
            return Err(CliError::usage("`lab figure --list` takes no figure id and no other flags"));
        }
        return Ok(Command::FigureList);
    }
    let id = raw
        .positional
        .clone()
        .ok_or_else(|| CliError::usage("`lab figure` needs a FIGURE_ID (see `lab figure --list`) or --list"))?;
    let out = flags
        .get("out")
        .cloned()
        .ok_or_else(|| CliError::usage("`lab figure` needs --out FILE.svg|FILE.png|FILE.gif"))?;
    let format = export::Format::of_path(&out).ok_or_else(|| {
        CliError::usage(format!("--out: `{out}` has an unsupported extension; allowed .svg|.png|.gif"))
    })?;
    let (min_w, max_w) = export::WIDTH_RANGE;
    let width = match flags.get("width") {
        Some(v) => u32::try_from(whole_number("--width", v, u64::from(min_w), u64::from(max_w))?)
            .unwrap_or(export::DEFAULT_WIDTH),
        None => export::DEFAULT_WIDTH,
    };
    let time_us = match flags.get("time") {
        Some(v) => Some(millis_to_micros("--time", v, 3_600_000)?),
        None => None,
    };
    let window_ms = match flags.get("window") {
        Some(v) => {
            Some(whole_number("--window", v, u64::from(export::WINDOW_RANGE.0), u64::from(export::WINDOW_RANGE.1))?
                as u32)
        }
        None => None,
    };
    let reveal_ledger = match flags.get("recon").map(String::as_str) {
        None | Some("on") => true,
        Some("off") => false,
        Some(v) => return Err(CliError::usage(format!("--recon: `{v}` is not allowed; allowed on|off"))),
    };
    let theme = match flags.get("theme").map(String::as_str) {
        None | Some("light") => crate::figures::theme::Theme::Light,
        Some("dark") if flags.contains_key("animate") => {
            return Err(CliError::usage(
                "--theme dark: an animation keeps the light palette; drop --animate or --theme",
            ))
        }
        Some("dark") => crate::figures::theme::Theme::Dark,
        Some(v) => return Err(CliError::usage(format!("--theme: `{v}` is not allowed; allowed light|dark"))),
    };
    let request = export::Request {
        theme,
        params: flags.get("params").cloned(),
        width,
        time_us,
        window_ms,
        reveal_ledger,
        ..export::Request::new(&id, format)
    };
    let animate = if flags.contains_key("animate") {
        if crate::sweep::SweepKind::from_figure_id(&id).is_some() {
            return Err(CliError::usage(format!(
                "--animate: figure `{id}` is a sweep heatmap with no player; animations apply to the timeline and story figures"
            )));
        }
        if format == export::Format::Svg {
            return Err(CliError::usage(format!(
                "--animate writes an animated PNG or GIF; --out `{out}` must end in .png or .gif"
            )));
        }
        let (fmin, fmax) = export::FRAMES_RANGE;
        let (pmin, pmax) = export::FPS_RANGE;
        let frames = match flags.get("frames") {
            Some(v) => whole_number("--frames", v, u64::from(fmin), u64::from(fmax))? as u32,
            None => 30,
        };
        let fps = match flags.get("fps") {
            Some(v) => whole_number("--fps", v, u64::from(pmin), u64::from(pmax))? as u32,
            None => 10,
        };
        Some((frames, fps))
    } else {
        if flags.contains_key("frames") || flags.contains_key("fps") {
            return Err(CliError::usage("--frames and --fps need --animate"));
        }
        if format == export::Format::Gif {
            return Err(CliError::usage(format!("--out `{out}`: a GIF is an animation; add --animate")));
        }
        None
    };
    if figure_known(&request.id) {
        export::check_view_flags(&request).map_err(|e| CliError::usage(e.message()))?;
    }
    Ok(Command::Figure { request: Box::new(request), out, animate })
}

/// True for an exportable figure id (an unknown id is reported by `export::render`).
fn figure_known(id: &str) -> bool {
    export::figure_list().iter().any(|e| e.id == id)
}

/// Parses a whole number flag value in `min..=max`.
fn whole_number(flag: &str, text: &str, min: u64, max: u64) -> Result<u64> {
    match text.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(CliError::usage(format!("{flag}: `{text}` is not allowed; allowed a whole number in {min}..={max}"))),
    }
}

/// A time in ms, to the µs (at most three decimals: a story's events fall
/// between whole milliseconds), as µs.
fn millis_to_micros(flag: &str, text: &str, max_ms: u64) -> Result<u64> {
    let bad = || {
        CliError::usage(format!(
            "{flag}: `{text}` is not allowed; allowed ms in 0..={max_ms}, to the µs (e.g. 1500 or 2.12)"
        ))
    };
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (!frac.is_empty() && !digits(frac)) || frac.len() > 3 || text.trim().ends_with('.') {
        return Err(bad());
    }
    let ms: u64 = whole.parse().map_err(|_| bad())?;
    let us = format!("{frac:0<3}").parse::<u64>().map_err(|_| bad())?;
    if ms > max_ms || (ms == max_ms && us > 0) {
        return Err(bad());
    }
    Ok(ms * 1000 + us)
}

/// Parses `--params`; any notice is an error naming the key and its allowed values.
fn validated_query(text: &str) -> Result<Query> {
    let parsed = parse_query(text);
    if parsed.notices.is_empty() {
        return Ok(parsed.value);
    }
    let keys = match parsed.value {
        Query::Lease(_) => LEASE_PARAMS,
        Query::Vote(_) => VOTE_PARAMS,
    };
    let lines: Vec<String> = parsed.notices.iter().map(|n| format!("  {}", notice_line(n, keys))).collect();
    Err(CliError::usage(format!("bad --params:\n{}", lines.join("\n"))))
}

fn notice_line(notice: &Notice, keys: &[ParamSpec]) -> String {
    let mut line = notice.message();
    if let Notice::Ignored { key, reason, .. } = notice {
        if reason.starts_with("unknown key") {
            if let Some(known) = closest_key(key, keys) {
                line.push_str(&format!("; did you mean `{known}`?"));
            }
        }
    }
    line
}

/// The key of the query's own scenario nearest to `key`: a key it starts
/// (`ttl` → `ttl_ms`), else the nearest by edit distance if that is close
/// (≤ 3 edits). Never `key` itself: a key that exists in the other scenario
/// only is not a typo.
fn closest_key(key: &str, keys: &[ParamSpec]) -> Option<&'static str> {
    keys.iter()
        .filter(|p| p.name != key)
        .map(|p| {
            let is_prefix = key.len() >= 3 && p.name.starts_with(key);
            (!is_prefix, edit_distance(key, p.name), p.name)
        })
        .filter(|(not_prefix, distance, _)| !not_prefix || *distance <= 3)
        .min()
        .map(|(_, _, name)| name)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().take(64).enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

// ---------------------------------------------------------------------------
// Doing the work

fn execute(command: Command) -> Result<String> {
    match command {
        Command::Help(text) => Ok(text),
        Command::Presets { format } => Ok(presets_output(format)),
        Command::Params { format } => Ok(params_output(format)),
        Command::Run { query, format, trace_path } => run_output(&query, format, trace_path.as_deref()),
        Command::Table { runs, seed, format } => {
            let results = run_table(runs, seed);
            Ok(match format {
                Format::Json => table_json(&results),
                Format::Markdown => table_markdown(&results),
            })
        }
        Command::FigureList => Ok(figure_list_output()),
        Command::Sweep { spec, format } => Ok(sweep_output(spec, format)),
        Command::Figure { request, out, animate } => {
            let rendered = match animate {
                Some((frames, fps)) if request.format == export::Format::Gif => {
                    export::render_gif(&request, frames, fps)
                }
                Some((frames, fps)) => export::render_apng(&request, frames, fps),
                None => export::render(&request),
            }
            .map_err(|e| match e {
                export::ExportError::Usage(m) | export::ExportError::TooLarge(m) => CliError::usage(m),
                export::ExportError::Failure(m) => CliError::failure(m),
            })?;
            std::fs::write(&out, &rendered.bytes)
                .map_err(|e| CliError::failure(format!("--out: cannot write `{out}`: {e}")))?;
            for note in &rendered.notes {
                eprintln!("lab: note: {note}");
            }
            Ok(String::new())
        }
        Command::Crashpoints { profile, device_honours_sync, format } => {
            let rows = vote::matrix(profile, device_honours_sync);
            Ok(match format {
                Format::Json => crashpoints_json(&rows),
                Format::Markdown => crashpoints_markdown(&rows),
            })
        }
    }
}

fn figure_list_output() -> String {
    let mut out = String::new();
    for e in export::figure_list() {
        out.push_str(&format!("{}\t{}\t{}\n", e.id, e.code, e.caption_ko));
    }
    for (id, why) in export::skipped() {
        out.push_str(&format!("# {id}: not exported ({why})\n"));
    }
    out
}

fn pretty(value: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    text.push('\n');
    text
}

fn presets_output(format: Format) -> String {
    let rows: Vec<(Preset, String, String)> = Preset::ALL
        .into_iter()
        .map(|preset| {
            let query = LeaseQuery::from_preset(preset);
            let differs = to_query(&LeaseQuery { preset: None, ..query.clone() });
            (preset, to_query(&query), differs)
        })
        .collect();
    match format {
        Format::Json => pretty(&serde_json::Value::Array(
            rows.iter()
                .map(|(preset, params, differs)| {
                    serde_json::json!({
                        "preset": preset.key(),
                        "measurement_id": preset.measurement_id(),
                        "variant": preset.config().variant.key(),
                        "params": params,
                        "differs_from_default": differs,
                    })
                })
                .collect(),
        )),
        Format::Markdown => {
            let mut out = String::from("| preset | measurement | variant | query | same as |\n|---|---|---|---|---|\n");
            for (preset, params, differs) in &rows {
                let variant = preset.config().variant;
                let differs = if differs.is_empty() { "(defaults)".to_string() } else { format!("`{differs}`") };
                out.push_str(&format!(
                    "| `{}` | {} | {} {} | `{}` | {} |\n",
                    preset.key(),
                    preset.measurement_id(),
                    variant.article_label(),
                    variant.key(),
                    params,
                    differs
                ));
            }
            out
        }
    }
}

fn params_output(format: Format) -> String {
    match format {
        Format::Markdown => all_params_markdown(),
        Format::Json => {
            let tables =
                [("lease", LEASE_PARAMS), ("vote", VOTE_PARAMS), ("sweep", SWEEP_PARAMS), ("site", SITE_PARAMS)];
            pretty(&serde_json::Value::Array(
                tables
                    .into_iter()
                    .flat_map(|(scenario, params)| params.iter().map(move |p| (scenario, p)))
                    .map(|(scenario, p)| {
                        let (kind, values) = match p.kind {
                            ParamKind::Integer => ("integer", serde_json::Value::Null),
                            ParamKind::Choice(words) => ("choice", serde_json::json!(words)),
                            ParamKind::Flag => ("flag", serde_json::json!(["true", "false"])),
                            ParamKind::Switch => ("switch", serde_json::json!(["1", "0"])),
                            ParamKind::Millis => ("time_ms", serde_json::Value::Null),
                            ParamKind::Text => ("text", serde_json::Value::Null),
                        };
                        let mut row = serde_json::json!({
                            "scenario": scenario, "name": p.name, "kind": kind, "unit": p.unit, "min": p.min, "max": p.max,
                            "step": p.step, "values": values, "default": p.default,
                            "description": p.description, "label_ko": p.label_ko,
                        });
                        // The scenarios' keys are read by their own figures; the others say which.
                        if matches!(scenario, "sweep" | "site") {
                            row["figures"] = serde_json::json!(p.figures.names());
                        }
                        row
                    })
                    .collect(),
            ))
        }
    }
}

fn run_output(query: &Query, format: Format, trace_path: Option<&str>) -> Result<String> {
    match query {
        Query::Lease(query) => {
            let level = if trace_path.is_some() { TraceLevel::Full } else { TraceLevel::Summary };
            let trace = lease::run(&query.config, query.seed, query.run_index, level);
            if let Some(path) = trace_path {
                write_json_file(path, &trace)?;
            }
            Ok(match format {
                Format::Json => run_json(query, &trace),
                Format::Markdown => run_markdown(query, &trace),
            })
        }
        Query::Vote(config) => {
            let level = if trace_path.is_some() { vote::TraceLevel::Full } else { vote::TraceLevel::Summary };
            let trace = vote::run(config, level);
            if let Some(note) = crate::figures::vote::cap_note([&trace]) {
                eprintln!("lab: note: {note}");
            }
            if let Some(path) = trace_path {
                write_json_file(path, &trace)?;
            }
            Ok(match format {
                Format::Json => vote_run_json(config, &trace),
                Format::Markdown => vote_run_markdown(config, &trace),
            })
        }
    }
}

fn write_json_file<T: serde::Serialize>(path: &str, value: &T) -> Result<()> {
    let json = serde_json::to_vec(value).map_err(|e| CliError::failure(format!("cannot encode the trace: {e}")))?;
    std::fs::write(path, json).map_err(|e| CliError::failure(format!("--trace: cannot write `{path}`: {e}")))
}

/// Runs every preset `runs` times, spread over the available cores; the order of the result is fixed.
fn run_table(runs: u32, seed: u64) -> Vec<TableRun> {
    let queries = table_queries(runs, seed);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<TableRun>>> = Mutex::new(vec![None; queries.len()]);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(queries.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(query) = queries.get(index) else { break };
                let trace = lease::run(&query.config, query.seed, query.run_index, TraceLevel::Summary);
                let run = TableRun::new(query.clone(), &trace);
                if let Ok(mut slots) = results.lock() {
                    slots[index] = Some(run);
                }
            });
        }
    });
    results.into_inner().unwrap_or_default().into_iter().flatten().collect()
}

// ---------------------------------------------------------------------------
// Help

fn help_text(subcommand: &str) -> Result<String> {
    let text = match subcommand {
        "" => format!(
            "lab: the command line of Consistency Lab (정합성 실험실)\n\n\
             USAGE:\n    lab <COMMAND> [FLAGS]\n\n\
             COMMANDS:\n\
             \x20   presets       list the article presets with their query strings\n\
             \x20   params        list every query key with unit, range and default\n\
             \x20   run           run one simulation: lab run --params \"preset=exp1&seed=2\"\n\
             \x20   table         run every preset and print it beside the article's tables\n\
             \x20   crashpoints   Scenario B's crash-point matrix\n\
             \x20   figure        render a site figure to SVG/PNG: lab figure lease-expiry --out a1.svg\n\
             \x20   sweep         run a sweep figure's grid: lab sweep sweep-ttl-pause --params \"n=10\"\n\
             \x20   real          Article A on a real Redis and PostgreSQL, beside the simulation\n\
             \x20   real-wal      Article B's safety WAL on a real SQLite file: kills and power loss\n\n\
             `lab <COMMAND> --help` describes a command. Exit status: 0 ok, 1 failure, {EXIT_USAGE} bad usage.\n"
        ),
        "presets" => "lab presets [--format md|json]\n\n\
             Lists the 11 presets of Article A's experiments: key, measurement id, variant,\n\
             the query string that selects it, and the keys in which it differs from the defaults.\n"
            .to_string(),
        "params" => "lab params [--format md|json]\n\n\
             Lists every query key the site and `lab` accept, with its unit, range, default and\n\
             meaning: both scenarios' keys, the sweep figures' keys and the site's own route and\n\
             view keys (those two tables say which figures read each key; in JSON, `figures`).\n\
             docs/cli.md's parameter tables are this output.\n"
            .to_string(),
        "run" => "lab run --params \"QUERY\" [--format md|json] [--trace FILE]\n\n\
             Runs one simulation. QUERY is the site's query string, e.g.\n\
             \x20   preset=exp2_stop&stop_duration_ms=150&seed=3\n\
             \x20   scenario=vote&...   (Scenario B)\n\
             Any key that is unknown, malformed, repeated or out of range is an error (exit 2);\n\
             `lab params` lists the keys and their ranges.\n\n\
             --format md|json   md (default): a table of the metrics;\n\
             \x20                  json: {\"preset\",\"run\",\"seed\",\"params\",\"metrics\",\"details\"}\n\
             --trace FILE       also write the full trace (every event) as JSON to FILE\n"
            .to_string(),
        "table" => format!(
            "lab table [--runs N] [--seed S] [--format md|json]\n\n\
             Runs every preset N times (run index 0..N, base seed S) and prints the results.\n\
             md (default): the article's tables with our simulated rows beside the article's\n\
             measured rows (labelled 원문 측정 / article). json: an array of\n\
             {{\"preset\",\"run\",\"seed\",\"params\",\"metrics\"}}, null where a metric does not apply.\n\n\
             --runs N     runs per preset, 1..={TABLE_RUNS_MAX} (default 3)\n\
             --seed S     base seed, 0..=18446744073709551615 (default 1)\n\
             --format     md|json (default md)\n"
        ),
        "crashpoints" => {
            "lab crashpoints [--profile h2|wal|rocks] [--device-honours-sync true|false] [--format md|json]\n\n\
             Scenario B: for every ordering/handling variant and every crash point, whether a\n\
             process kill or a power loss there can make the validator double-vote.\n\n\
             --profile              store profile: h2 (H2-like store queue, default), wal (WAL in\n\
             \x20                      the OS cache), rocks (synchronous WAL)\n\
             --device-honours-sync  true (default) or false (the device may drop synced writes)\n\
             --format               md (a matrix) or json (one row per cell)\n"
                .to_string()
        }
        "sweep" => format!(
            "lab sweep sweep-ttl-pause|sweep-contention [--params \"KEYS\"] [--format md|json]\n\n\
             Runs the grid of a sweep figure (every cell, every seed, 60 s runs at summary level) on\n\
             one thread and prints over-approval and throughput per cell (md: two tables, the\n\
             figure's Korean text alternative and the time taken; json: one object per cell with\n\
             the cell's `lab run --params` query). KEYS is the figure's URL state:\n\
             \x20   sweep-ttl-pause:  variant, ttl_lo, ttl_hi, pause_lo, pause_hi (pause upper end;\n\
             \x20                     the pause is uniform in [upper - {w}, upper] ms), n (cells per axis,\n\
             \x20                     1..={n}), seeds (1..={s})\n\
             \x20   sweep-contention: variant, tpw_lo, tpw_hi (threads per wallet), wallets_lo, wallets_hi, seeds\n\
             variant: naive|watchdog|watchdog_stop|fence_write|fence_read|conditional (default naive).\n\
             Unknown, malformed or out-of-range keys are an error (exit 2).\n",
            w = crate::sweep::PAUSE_WIDTH_MS,
            n = crate::sweep::MAX_N,
            s = crate::sweep::MAX_SEEDS
        ),
        "figure" => format!(
            "lab figure FIGURE_ID [--params \"QUERY\"] --out FILE.svg|FILE.png [--width W] [--time T] [--window W] [--recon on|off] [--theme light|dark]\n\
             lab figure FIGURE_ID [--params \"QUERY\"] --out FILE.png|FILE.gif --animate [--frames N] [--fps F] [--width W]\n\
             lab figure --list\n\n\
             Renders one of the site's figures, with its Korean caption, to SVG or PNG (by the\n\
             extension of --out). The PNG uses the embedded Pretendard font and is identical on\n\
             every machine; SVG text names font-family Pretendard, sans-serif and uses the\n\
             viewer's fonts.\n\n\
             --list        list the figure ids (id, code, caption)\n\
             --params Q    the site's query string (default: the figure's starting state);\n\
             \x20             any unknown, malformed or out-of-range key is an error (exit {EXIT_USAGE})\n\
             --out FILE    where to write; .svg or .png\n\
             --width W     width in pixels, {}..={} (default {})\n\
             --time T      player cursor in ms, to the µs (e.g. 2.12): what a timeline or story shows at time T (default: the end)\n\
             --window W    visible window of a timeline figure in ms, {}..={} (the site's win=;\n\
             \x20             default: the figure's own)\n\
             --recon on|off  A2 (silent-drift): show the ledger line (the site's recon=; default on)\n\
             --theme light|dark  the palette: light (default, as the page's files) or the page's dark one\n\
             --animate     write an animated PNG (APNG, .png) or GIF (.gif) of a timeline/story\n\
             \x20             figure: the player cursor sweeps the visible span, the last frame is\n\
             \x20             the whole figure. A GIF keeps the figure's colours and is at most\n\
             \x20             {gif_mib} MiB (exit {EXIT_USAGE} beyond)\n\
             --frames N    frames of the animation, {}..={} (default 30)\n\
             --fps F       frames per second, {}..={} (default 10)\n\n\
             The sweep heatmaps (sweep-ttl-pause, sweep-contention) compute their grid first,\n\
             as `lab sweep` does: --params takes the sweep's keys (see `lab sweep --help`) plus\n\
             metric=over_approval|throughput (the colour); --time, --window, --recon and\n\
             --animate do not apply to them (exit {EXIT_USAGE}).\n",
            export::WIDTH_RANGE.0,
            export::WIDTH_RANGE.1,
            export::DEFAULT_WIDTH,
            export::WINDOW_RANGE.0,
            export::WINDOW_RANGE.1,
            export::FRAMES_RANGE.0,
            export::FRAMES_RANGE.1,
            export::FPS_RANGE.0,
            export::FPS_RANGE.1,
            gif_mib = export::gif::GIF_MAX_BYTES / (1024 * 1024)
        ),
        other => {
            return Err(CliError::usage(format!(
                "no help for unknown command `{other}`; expected one of {}",
                SUBCOMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            )))
        }
    };
    Ok(text)
}
