//! Every `lab` command line that `lab` prints runs: the ones in every
//! command's `--help`, in the reports (`lab table`, `lab crashpoints`,
//! `lab run`, `lab sweep`, `lab real-wal`), in every string of the code
//! that `lab` can print (help texts, report footers, error hints: every
//! `.rs` file under `src/` but the page's, `src/web/` and the words only
//! the page shows, lab-words' `ui` and `share` tables) and in
//! `docs/cli.md` and the README's `lab` section.
//!
//! How a printed line becomes commands: `lab`, a subcommand, then what
//! reads as its arguments (flags, their values, the one figure or sweep
//! id); an optional `[…]` group is kept, or dropped when it holds a
//! placeholder (`N`, `FILE`, `"QUERY"`, `…`); a line whose required part
//! holds one is a synopsis and is skipped. `a|b` alternatives are expanded,
//! each alternative run at least once. `--out`, `--trace` and `--replay` write to a
//! temporary path. Each resulting command must exit with status 0, except
//! a mention: a command named alone (`lab run`, as in "`lab run` needs
//! --params") or ending in a flag without its value (the cell's "`lab run
//! --params` query") may be refused for that only (exit 2, "… needs …"),
//! which says the command and the flag exist. And:
//! - `lab real` runs are not made: they need a Redis and a PostgreSQL
//!   server (`tests/real_pay.rs` runs them); `lab real --help` is run;
//! - `lab real-wal` runs with `--votes 2 --kills 0` (it needs no server, and
//!   is seconds long at that size).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SUBCOMMANDS: [&str; 11] =
    ["presets", "params", "run", "table", "crashpoints", "figure", "sweep", "real", "real-wal", "check", "help"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn lab(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

fn stdout_of(args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let output = lab(&args);
    assert!(output.status.success(), "lab {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A Rust file's string literals as printed text: escapes undone, every
/// literal's end a line end; comments and unit tests left out.
fn printed_strings(source: &str) -> String {
    let code: Vec<&str> = source
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    let code = code.join("\n");
    let mut out = String::new();
    let mut chars = code.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match (c, in_string) {
            ('"', _) => {
                in_string = !in_string;
                out.push('\n');
            }
            ('\\', true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('"') => out.push('"'),
                Some('x') => {
                    let code: String = chars.by_ref().take(2).collect();
                    out.push(u8::from_str_radix(&code, 16).map_or(' ', char::from));
                }
                // A line continuation drops the line end and the next line's indent.
                Some('\n') => {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                }
                Some(other) => out.push(other),
                None => {}
            },
            ('/', false) if chars.peek() == Some(&'/') => {
                // A comment, to the line's end.
                while chars.next_if(|c| *c != '\n').is_some() {}
            }
            ('\'', false) if chars.peek() == Some(&'"') => {
                // The character literal '"'.
                chars.next();
                chars.next();
            }
            (c, true) => out.push(c),
            (_, false) => {}
        }
    }
    out
}

/// The `.rs` files under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Everything `lab` can print, with where it comes from.
fn printed_texts() -> Vec<(String, String)> {
    let mut texts = Vec::new();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let page_only = |f: &Path| {
        f.starts_with(root().join("src/web"))
            || ["ko", "en"].iter().any(|lang| {
                ["ui.rs", "share.rs"].iter().any(|domain| f == root().join("src/words").join(lang).join(domain))
            })
    };
    for file in files.iter().filter(|f| !page_only(f)) {
        let text = printed_strings(&std::fs::read_to_string(file).unwrap());
        texts.push((file.strip_prefix(root()).unwrap().display().to_string(), text));
    }
    let mut helps = vec![vec!["--help"]];
    helps.extend(SUBCOMMANDS.iter().filter(|s| **s != "help").map(|s| vec!["help", s]));
    for args in helps {
        texts.push((format!("lab {}", args.join(" ")), stdout_of(&args)));
    }
    let reports: [&[&str]; 5] = [
        &["table", "--runs", "1"],
        &["crashpoints"],
        &["run", "--params", "preset=exp1"],
        &["sweep", "sweep-contention", "--params", "tpw_hi=2&wallets_hi=2&seeds=1"],
        &["real-wal", "--votes", "2", "--kills", "0", "--journal", "wal", "--variant", "v0", "--sync", "normal"],
    ];
    for args in reports {
        texts.push((format!("lab {}", args.join(" ")), stdout_of(args)));
    }
    let docs = std::fs::read_to_string(root().join("docs/cli.md")).unwrap();
    texts.push(("docs/cli.md".into(), docs.replace("\\|", "|")));
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme.split("## The `lab` CLI").nth(1).and_then(|s| s.split("\n## ").next()).unwrap_or("");
    assert!(section.contains("lab run"), "README.md has no `lab` section");
    texts.push(("README.md".into(), section.to_string()));
    texts
}

/// A token of a command line: a word, a `"quoted value"` or a `[group]`.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ' ' {
            chars.next();
            continue;
        }
        let mut token = String::new();
        let mut depth = 0;
        let mut quoted = false;
        while let Some(&c) = chars.peek() {
            match c {
                ' ' if depth == 0 && !quoted => break,
                '"' => quoted = !quoted,
                '[' if !quoted => depth += 1,
                ']' if !quoted => depth -= 1,
                _ => {}
            }
            token.push(c);
            chars.next();
        }
        out.push(token);
    }
    out
}

fn is_placeholder(word: &str) -> bool {
    let word = word.trim_matches('"');
    word.contains(['…', '{'])
        || word
            .split(['|', '.', ',', '[', ']'])
            .any(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

fn is_flag(token: &str) -> bool {
    token.starts_with("--") || token == "-h"
}

/// The command lines in `text`: `lab SUBCOMMAND` and what reads as its
/// arguments, as tokens, up to a backtick, `<`, `  `, ` #` or the line's end.
fn command_lines(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in text.lines() {
        for (at, _) in line.match_indices("lab ") {
            let before = line[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || "_-/.=".contains(c)) {
                continue;
            }
            let rest = &line[at + 4..];
            let end = ["`", "<", "  ", " #"].iter().filter_map(|stop| rest.find(stop)).min().unwrap_or(rest.len());
            let words = tokens(&rest[..end]);
            let Some(sub) = words.first().filter(|w| SUBCOMMANDS.contains(&w.as_str()) || *w == "--help") else {
                continue;
            };
            let mut command = vec![sub.clone()];
            let mut previous_flag = false;
            for (i, word) in words.iter().enumerate().skip(1) {
                let positional = i == 1 && matches!(sub.as_str(), "figure" | "sweep" | "help");
                let id_like = word.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_|".contains(c))
                    || is_placeholder(word);
                if word.starts_with('[')
                    || is_flag(word)
                    || (previous_flag && !word.is_empty())
                    || (positional && id_like)
                {
                    previous_flag = is_flag(word) && !word.contains('=');
                    command.push(word.clone());
                } else {
                    break;
                }
            }
            out.push(command);
        }
    }
    out
}

/// The commands a command line stands for: its required part, then that
/// part with each optional group on its own (a synopsis promises each
/// flag's values, not every combination of them), `a|b` expanded so that
/// each alternative runs once; `None` for a synopsis whose required part
/// holds a placeholder. A group holding a placeholder is left out.
fn expand(line: &[String]) -> Option<Vec<Vec<String>>> {
    let mut base: Vec<String> = Vec::new();
    let mut groups: Vec<Vec<String>> = Vec::new();
    for token in line {
        if let Some(group) = token.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let inner = tokens(group);
            if !inner.iter().any(|w| is_placeholder(w) || w.starts_with('[')) {
                groups.push(inner);
            }
        } else if is_placeholder(token) {
            return None;
        } else {
            base.push(token.clone());
        }
    }
    let zip = |words: &[String]| -> Vec<Vec<String>> {
        let alternatives: Vec<Vec<String>> = words
            .iter()
            .map(|w| if w.starts_with('"') { vec![w.clone()] } else { w.split('|').map(str::to_string).collect() })
            .collect();
        let n = alternatives.iter().map(Vec::len).max().unwrap_or(1);
        (0..n).map(|j| alternatives.iter().map(|alts| alts[j % alts.len()].clone()).collect()).collect()
    };
    let mut out = zip(&base);
    for group in groups {
        out.extend(zip(&[base.clone(), group].concat()));
    }
    Some(out)
}

/// A command as `lab` is run with it: quotes removed, files in `scratch`,
/// `lab real-wal` small. `None` for a `lab real` run (it needs servers).
fn runnable(command: &[String], scratch: &Path, n: usize) -> Option<Vec<String>> {
    let mut args: Vec<String> = command.iter().map(|w| w.trim_matches('"').to_string()).collect();
    let help = args.iter().any(|a| a == "--help" || a == "-h") || args[0] == "help";
    if args[0] == "real" && !help {
        return None;
    }
    for i in 1..args.len() {
        if matches!(args[i - 1].as_str(), "--out" | "--trace" | "--replay") {
            let ext = Path::new(&args[i]).extension().map(|e| e.to_string_lossy().into_owned());
            args[i] = match ext {
                Some(ext) => scratch.join(format!("hint-{n}.{ext}")),
                None => scratch.join(format!("hint-{n}")),
            }
            .display()
            .to_string();
        }
    }
    if args[0] == "real-wal" && !help {
        for (flag, value) in [("--votes", "2"), ("--kills", "0")] {
            match args.iter().position(|a| a == flag) {
                Some(i) if i + 1 < args.len() => args[i + 1] = value.into(),
                _ => args.extend([flag.to_string(), value.to_string()]),
            }
        }
    }
    Some(args)
}

/// Runs every command the texts print; the failures, each with where it was printed.
fn failures(texts: &[(String, String)]) -> (usize, Vec<String>) {
    let scratch = std::env::temp_dir().join(format!("lab-hints-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut commands: Vec<(Vec<String>, String)> = Vec::new();
    let mut seen = BTreeSet::new();
    for (source, text) in texts {
        for line in command_lines(text) {
            for command in expand(&line).into_iter().flatten() {
                if !seen.insert(command.clone()) {
                    continue;
                }
                if let Some(args) = runnable(&command, &scratch, commands.len()) {
                    commands.push((args, format!("{source}: lab {}", line.join(" "))));
                }
            }
        }
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((args, printed)) = commands.get(i) else { break };
                let output = lab(args);
                let err = String::from_utf8_lossy(&output.stderr);
                // A name (`lab run`) or a flag without its value (`lab run --params`): refused
                // for what it lacks, which says the command and the flag exist.
                let mention = output.status.code() == Some(2)
                    && err.contains(" needs ")
                    && (args.len() == 1 || args.last().is_some_and(|a| is_flag(a)));
                if !output.status.success() && !mention {
                    failed.lock().unwrap().push(format!(
                        "{printed}\n    ran `lab {}`: {:?}, {}",
                        args.join(" "),
                        output.status.code(),
                        err.trim()
                    ));
                }
            });
        }
    });
    std::fs::remove_dir_all(&scratch).ok();
    (commands.len(), failed.into_inner().unwrap())
}

#[test]
fn every_printed_command_line_runs() {
    let texts = printed_texts();
    let all: BTreeSet<Vec<String>> = texts.iter().flat_map(|(_, t)| command_lines(t)).collect();
    // The collector sees the hints it is for: help examples and report footers.
    for known in [&["sweep", "sweep-ttl-pause", "--params", "\"n=10\""][..], &["figure", "--list"], &["params"]] {
        let known: Vec<String> = known.iter().map(|w| w.to_string()).collect();
        assert!(all.contains(&known), "the collector misses lab {known:?}");
    }
    assert!(
        all.iter().any(|c| c.first().is_some_and(|s| s == "crashpoints") && c.iter().any(|w| w == "--profile")),
        "the collector misses the real-wal report's `lab crashpoints --profile …` hint"
    );
    let (count, failed) = failures(&texts);
    assert!(count >= 30, "only {count} commands found");
    assert!(failed.is_empty(), "printed command lines that do not run:\n{}", failed.join("\n"));
}

/// The checker fails on a hint that does not run, and reads lines as meant.
#[test]
fn the_checker_catches_a_hint_that_does_not_run() {
    let text = "the model's verdict (`lab crashpoints --profile wal|rocks`)";
    let lines = command_lines(text);
    assert_eq!(lines, vec![vec!["crashpoints", "--profile", "wal|rocks"]]);
    let (count, failed) = failures(&[("test".into(), text.into())]);
    assert_eq!((count, failed.len()), (2, 2), "{failed:?}");
    let synopsis = command_lines("lab table [--runs N] [--format md|json]\nlab run --params \"QUERY\"");
    let words = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<String>>();
    assert_eq!(
        expand(&synopsis[0]),
        Some(vec![words(&["table"]), words(&["table", "--format", "md"]), words(&["table", "--format", "json"])])
    );
    assert_eq!(expand(&synopsis[1]), None);
    let prose =
        command_lines("## lab real — Article A\nrun one simulation: lab run --params \"a=1&b=2\" [--format md]");
    assert_eq!(prose[0], ["real"]);
    assert_eq!(prose[1], ["run", "--params", "\"a=1&b=2\"", "[--format md]"]);
}
