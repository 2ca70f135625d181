//! `lab`: the native command line of Consistency Lab (native only; the
//! binary `src/bin/lab.rs` calls `main`).
//!
//! Shape (after ripgrep): `main() -> ExitCode` calls `run() -> Result`, and
//! `main` is the one place that prints errors. Raw argv is first split into
//! flags (`RawArgs`), then validated into a `Command`; any bad flag or
//! any notice from the query parser is a usage error (exit status 2) that
//! names the flag or key and its allowed values. Nothing here panics on
//! user input.
//!
//! `address` reads `--params` and `--url` as the page reads its address
//! (a permalink runs unchanged); `report` formats the simulation commands'
//! tables and JSON; `real` runs the real systems (`lab real`, `lab real-wal`);
//! `check` explores every schedule of a small world (`lab check`).
//!
//! `--lang ko|en` (default ko) picks the table of reader words (`lab_words`)
//! that `lab params`, `lab table`, `lab run`, `lab sweep`, `lab check`, `lab
//! figure` and `lab real` print or draw; `lab`'s own messages, help and
//! errors are English in both.

mod address;
mod check;
mod commands;
mod flags;
mod help;
pub mod real;
pub mod report;

use std::io::Write;
use std::process::ExitCode;

use commands::execute;
use flags::Command;

/// Exit status of a usage error (bad flag, bad value, bad `--params`).
const EXIT_USAGE: u8 = 2;
/// Exit status of a failure while doing the work (writing a file).
const EXIT_FAILURE: u8 = 1;

/// Most runs per preset `lab table` accepts.
const TABLE_RUNS_MAX: u64 = 10;

/// The subcommands and the flags each accepts (name, takes a value).
const SUBCOMMANDS: &[(&str, &[(&str, bool)])] = &[
    ("presets", &[("format", true)]),
    ("params", &[("format", true), ("lang", true)]),
    ("run", &[("params", true), ("format", true), ("trace", true), ("lang", true)]),
    ("table", &[("runs", true), ("seed", true), ("format", true), ("lang", true)]),
    ("crashpoints", &[("profile", true), ("device-honours-sync", true), ("format", true)]),
    (
        "figure",
        &[
            ("list", false),
            ("params", true),
            ("url", true),
            ("out", true),
            ("width", true),
            ("time", true),
            ("window", true),
            ("recon", true),
            ("theme", true),
            ("layout", true),
            ("animate", false),
            ("story", false),
            ("frames", true),
            ("fps", true),
            ("lang", true),
        ],
    ),
    ("sweep", &[("params", true), ("format", true), ("lang", true)]),
];

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

/// The language `flag` asks for (`--lang`, or an address's `lang=`): `ko`
/// (the default, the original edition) or `en`. The reader's words follow
/// it; `lab`'s own messages, help and errors stay English.
fn read_lang(flag: &str, value: Option<&str>) -> Result<lab_words::Lang> {
    let Some(value) = value else { return Ok(lab_words::Lang::Ko) };
    lab_words::Lang::from_code(value).ok_or_else(|| {
        let allowed: Vec<&str> = lab_words::Lang::ALL.iter().map(|l| l.code()).collect();
        CliError::usage(format!("{flag}: `{value}` is not allowed; allowed {}", allowed.join("|")))
    })
}

/// Runs `lab` with the process arguments and returns its exit status.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some(status) = run_real(&args) {
        return status;
    }
    if let Some(status) = check::main_if_check(&args) {
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
        "real" => crate::cli::real::pay::main(&rest),
        _ => crate::cli::real::wal::main(&rest),
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
