//! `lab check` (and `lab help check`): every schedule of a small Article A
//! world, explored by `lab-check`, printed as a table and each smallest
//! schedule (markdown) or as data (JSON); then, as its own section, Article
//! B's smallest failing single crash per variant (`lab_check::vote`, read
//! from the crash-point matrix of figure B2). `--article a|b` keeps one
//! article; `--variant` takes either article's variant words.
//!
//! Routed from `cli::main` before the other commands, as the real runs are,
//! because it owns its stderr: a progress line while it runs, on a terminal,
//! once a run has taken a second. Its flags are its own; a bad one is a
//! usage error (exit status 2) naming the flag and what it accepts. The
//! output is deterministic: no time and no progress reach stdout.
//!
//! `--replay FILE` runs one variant's smallest schedule in the simulation
//! (`lab_check::replay`, `lab_sim::lease::script`) and says what the
//! simulation's own metrics counted; `FILE.svg` is that run drawn as the
//! usual timeline (A1's drawing), `FILE.json` the schedule as the script
//! `lab_sim::lease::run_scripted` reads, with those counts.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use lab_check::replay::{replay_script, replay_smallest, ReplayError, Replayed};
use lab_check::scenario::{
    self, BALANCE_RANGE, DEFAULT_DEPTH, DEFAULT_REQUESTS, DEFAULT_THREADS, REQUESTS_RANGE, SCENARIOS, THREADS_RANGE,
};
use lab_check::vote::{self as vote_check, VoteReport};
use lab_check::World;
use lab_check::{check, Limits, Options, Progress, Scenario};
use lab_sim::vote::Variant;
use lab_words::check::{report as words_report, vote as words_vote};
use lab_words::{Lang, Words};

use super::{read_lang, CliError, Result, EXIT_FAILURE, EXIT_USAGE};

/// Deepest `--depth` accepted.
const DEPTH_MAX: u32 = 1_000;
/// The flags `lab check` takes (all with a value).
const FLAGS: [&str; 11] =
    ["variant", "article", "threads", "requests", "balance", "stalls", "depth", "format", "replay", "script", "lang"];
/// The flags that size or replay Article A's world only.
const A_ONLY: [&str; 7] = ["threads", "requests", "balance", "stalls", "depth", "replay", "script"];
/// The drawing's width (CSS px), as `lab figure`'s default.
const REPLAY_WIDTH: u32 = 900;

/// `lab check --help`.
fn help() -> String {
    let words: Vec<&str> = SCENARIOS.iter().map(|s| s.key).collect();
    let presets: Vec<String> = SCENARIOS.iter().map(|s| format!("{} ({})", s.key, s.preset.key())).collect();
    let codes: Vec<&str> = Variant::ALL.iter().map(|v| v.code()).collect();
    format!(
        "lab check [--variant {}|{}|all] [--article a|b] [--threads {}|{}] [--requests R] [--balance {}|{}] [--stalls on|off] [--depth D] [--format md|json] [--replay FILE.svg|FILE.json] [--script FILE.json]\n\n\
         Explores every schedule of a small Article A world, breadth first, and checks each state\n\
         against the article's properties: no over-approval (approvals <= what the balance allows),\n\
         drift 0 (snapshot = ledger), no lost update and, for the token variants, no write with a\n\
         token older than one the database has accepted. The world: one wallet whose balance allows\n\
         K payments, N payment threads sending R payments each, the lock server (lease, per-wallet\n\
         token counter) and the database (row locks, READ COMMITTED, the fence table); each thread\n\
         runs its variant's steps as the simulation and `lab real` do. The adversary picks which\n\
         thread moves next, when a holder's stall outlasts its lease (no watchdog renews it), when a\n\
         process stop does (b-stop: the watchdog stops too) and, for e-..., when the lock server dies\n\
         and comes back empty. Prints per variant the verdict, the states explored (threads' order\n\
         ignored), the depth reached and the smallest schedule that breaks each property, step by\n\
         step in Korean.\n\n\
         Then, as its own section, Article B: for each ordering/handling variant of the crash-point\n\
         matrix (`lab crashpoints`, figure B2, at the settings the figure opens with: store profile\n\
         h2_like, device honours sync, append log, sync errors poison the store), the earliest crash\n\
         point (fewest pipeline steps done) where a process kill or a power loss can make the\n\
         validator double-vote, with the faults that fail there, each step up to the crash in\n\
         Korean and the same crash run again in the simulation; or safe, with the number of crash\n\
         points (positions x faults) checked.\n\n\
         --variant V   the configuration: Article A's (its preset): {}; or Article B's:\n\
         \x20             {} (case does not matter); all (default): each of both articles in turn\n\
         --article A   a: Article A's check only; b: Article B's section only (with --variant, that\n\
         \x20             article's variant); default: both, as --variant says\n\
         --threads N   payment threads, {}..={} (default {DEFAULT_THREADS})\n\
         --requests R  payments each thread sends, one after the other, {}..={} (default {DEFAULT_REQUESTS})\n\
         --balance K   payments the balance allows, {}..={} (default {})\n\
         --stalls S    on: a holder's stall may outlast its lease (every configuration's pause can);\n\
         \x20             off: only a process stop or the lock server's death ends a lease early\n\
         --depth D     explore at most D steps from the start, 1..={DEPTH_MAX} (default {DEFAULT_DEPTH};\n\
         \x20             every world the flags allow ends well within it)\n\
         --format F    md (default): a table, then each smallest schedule, then Article B's table\n\
         \x20             and each smallest crash; json: Article A alone is an array, one object per\n\
         \x20             variant, its schedules as data; Article B alone is {{\"options\", \"variants\"}};\n\
         \x20             both are {{\"article_a\": [...], \"article_b\": {{...}}}}\n\
         --replay F    with one unsafe --variant: run its smallest schedule in the simulation\n\
         \x20             (lab-sim, scripted: the schedule decides the order, the stall, the stop,\n\
         \x20             the lock server's death) and print what the simulation counted; F.svg:\n\
         \x20             that run drawn as A1's timeline; F.json: the schedule as the simulation's\n\
         \x20             script, with those counts\n\
         --lang L      the language of the verdicts and the steps: ko (default, the articles') or\n\
         \x20             en; the flags, this help and the errors are English in both\n\
         --script F    with one --variant: instead of the search, play the schedule in F (a\n\
         \x20             --replay JSON, or its script alone) in the checker's world and in the\n\
         \x20             simulation (the variant's own steps), and print what each says it\n\
         \x20             breaks; with --replay, draw it\n\n\
         The flags that size Article A's world (--threads, --requests, --balance, --stalls, --depth)\n\
         and --replay, --script are for Article A only: with --article b or a B variant, exit {EXIT_USAGE}.\n\n\
         Exit status: 0 when the check ran (whatever it found), {EXIT_USAGE} bad usage (or --replay\n\
         for a variant with no counterexample), {EXIT_FAILURE} a file that cannot be written.\n",
        words.join("|"),
        codes.join("|"),
        THREADS_RANGE.0,
        THREADS_RANGE.1,
        BALANCE_RANGE.0,
        BALANCE_RANGE.1,
        presets.join(", "),
        codes.join(", "),
        THREADS_RANGE.0,
        THREADS_RANGE.1,
        REQUESTS_RANGE.0,
        REQUESTS_RANGE.1,
        BALANCE_RANGE.0,
        BALANCE_RANGE.1,
        scenario::DEFAULT_BALANCE,
    )
}

/// What `lab check` was asked.
#[derive(Debug, PartialEq)]
struct Request {
    /// Article A's configurations (none: Article B's section only).
    scenarios: Vec<&'static Scenario>,
    /// Article B's variants (`None`: no Article B section).
    vote: Option<Vec<Variant>>,
    options: Options,
    json: bool,
    /// `--replay`: where to write the smallest schedule's simulated run.
    replay: Option<String>,
    /// `--script`: a schedule to play instead of the search.
    script: Option<String>,
    /// `--lang`: the words of the verdicts and steps (Korean by default,
    /// the articles' language; the flags and errors stay English).
    lang: Lang,
}

/// `lab check …` and `lab help check`; `None` for every other command.
pub(super) fn main_if_check(args: &[OsString]) -> Option<ExitCode> {
    let words: Vec<Option<&str>> = args.iter().take(2).map(|a| a.to_str()).collect();
    let rest: Vec<OsString> = match words.as_slice() {
        [Some("help"), Some("check")] => vec!["--help".into()],
        [Some("check"), ..] => args[1..].to_vec(),
        _ => return None,
    };
    let result = rest
        .into_iter()
        .map(|a| a.into_string().map_err(|a| CliError::usage(format!("argument {a:?} is not valid UTF-8"))))
        .collect::<Result<Vec<String>>>()
        .and_then(|rest| parse(&rest));
    let output = match result {
        Ok(None) => Ok(help()),
        Ok(Some(request)) => run(&request),
        Err(err) => Err(err),
    };
    let output = match output {
        Ok(output) => output,
        Err(err) => {
            eprintln!("lab: error: {}", err.message);
            return Some(ExitCode::from(err.status));
        }
    };
    let mut stdout = std::io::stdout().lock();
    Some(match stdout.write_all(output.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lab: cannot write to stdout: {err}");
            ExitCode::from(EXIT_FAILURE)
        }
    })
}

/// The flags after `check`; `None` for `--help`.
fn parse(args: &[String]) -> Result<Option<Request>> {
    let mut values: Vec<(&str, String)> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(None);
        }
        let Some(flag) = arg.strip_prefix("--") else {
            return Err(CliError::usage(format!(
                "unexpected argument `{arg}` for `lab check` (see `lab check --help`)"
            )));
        };
        let (flag, inline) = match flag.split_once('=') {
            Some((f, v)) => (f, Some(v.to_string())),
            None => (flag, None),
        };
        let Some(&name) = FLAGS.iter().find(|f| **f == flag) else {
            let allowed: Vec<String> = FLAGS.iter().map(|f| format!("--{f}")).collect();
            return Err(CliError::usage(format!(
                "unknown flag `--{flag}` for `lab check`; allowed: {} (see `lab check --help`)",
                allowed.join(", ")
            )));
        };
        let value = match inline {
            Some(v) => v,
            None => rest.next().cloned().ok_or_else(|| CliError::usage(format!("flag `--{name}` needs a value")))?,
        };
        if values.iter().any(|(f, _)| *f == name) {
            return Err(CliError::usage(format!("flag `--{name}` given twice")));
        }
        values.push((name, value));
    }
    let get = |name: &str| values.iter().find(|(f, _)| *f == name).map(|(_, v)| v.as_str());
    let (scenarios, vote) = articles(get("article"), get("variant").unwrap_or("all"))?;
    if scenarios.is_empty() {
        if let Some(flag) = A_ONLY.iter().find(|f| get(f).is_some()) {
            return Err(CliError::usage(format!(
                "`--{flag}` is for Article A's world; Article B's section (`--article b` or a B variant) takes only --variant and --format"
            )));
        }
    }
    let threads =
        number("threads", get("threads"), THREADS_RANGE.0.into(), THREADS_RANGE.1.into(), DEFAULT_THREADS.into())?;
    let requests =
        number("requests", get("requests"), REQUESTS_RANGE.0.into(), REQUESTS_RANGE.1.into(), DEFAULT_REQUESTS.into())?;
    let balance = number(
        "balance",
        get("balance"),
        BALANCE_RANGE.0.into(),
        BALANCE_RANGE.1.into(),
        scenario::DEFAULT_BALANCE.into(),
    )?;
    let depth = number("depth", get("depth"), 1, DEPTH_MAX, DEFAULT_DEPTH)?;
    let stalls = match get("stalls") {
        None => None,
        Some("on") => Some(true),
        Some("off") => Some(false),
        Some(other) => return Err(CliError::usage(format!("`--stalls {other}`: expected on or off"))),
    };
    let json = match get("format").unwrap_or("md") {
        "md" => false,
        "json" => true,
        other => return Err(CliError::usage(format!("`--format {other}`: expected md or json"))),
    };
    let replay = get("replay").map(str::to_string);
    let script = get("script").map(str::to_string);
    if script.is_some() && (scenarios.len() != 1 || vote.is_some()) {
        return Err(CliError::usage("`--script` needs one `--variant` (not all)"));
    }
    if let Some(path) = &replay {
        if scenarios.len() != 1 || vote.is_some() {
            return Err(CliError::usage("`--replay` needs one `--variant` (not all)"));
        }
        if !(path.ends_with(".svg") || path.ends_with(".json")) {
            return Err(CliError::usage(format!("`--replay {path}`: expected a file ending in .svg or .json")));
        }
    }
    let options = Options {
        stalls,
        threads: threads as u8,
        requests: requests as u8,
        balance: balance as u8,
        limits: Limits { depth, symmetry: true },
    };
    let lang = read_lang("--lang", get("lang"))?;
    Ok(Some(Request { scenarios, vote, json, options, replay, script, lang }))
}

/// What `--article` and `--variant` select: Article A's configurations and
/// Article B's variants (`None`: no Article B section).
fn articles(article: Option<&str>, variant: &str) -> Result<(Vec<&'static Scenario>, Option<Vec<Variant>>)> {
    let (a, b) = match article {
        None => (true, true),
        Some("a") => (true, false),
        Some("b") => (false, true),
        Some(other) => return Err(CliError::usage(format!("`--article {other}`: expected a or b"))),
    };
    let a_words = || scenario::keys().chain(["all"]).collect::<Vec<_>>().join(", ");
    let b_words = || Variant::ALL.iter().map(|v| v.code()).chain(["all"]).collect::<Vec<_>>().join(", ");
    if variant == "all" {
        let scenarios = if a { SCENARIOS.iter().collect() } else { Vec::new() };
        return Ok((scenarios, b.then(|| Variant::ALL.to_vec())));
    }
    let scenario = scenario::scenario(variant);
    let code = Variant::ALL.into_iter().find(|v| v.code().eq_ignore_ascii_case(variant));
    match (scenario, code) {
        (Some(s), _) if a => Ok((vec![s], None)),
        (_, Some(v)) if b => Ok((Vec::new(), Some(vec![v]))),
        (Some(_), _) => Err(CliError::usage(format!(
            "`--variant {variant}` is Article A's, not B's; with `--article b` expected one of {}",
            b_words()
        ))),
        (_, Some(_)) => Err(CliError::usage(format!(
            "`--variant {variant}` is Article B's, not A's; with `--article a` expected one of {}",
            a_words()
        ))),
        (None, None) => Err(CliError::usage(match article {
            Some("a") => format!("`--variant {variant}`: expected one of {}", a_words()),
            Some(_) => format!("`--variant {variant}`: expected one of {}", b_words()),
            None => {
                format!("`--variant {variant}`: expected one of {} (Article A) or {} (Article B)", a_words(), b_words())
            }
        })),
    }
}

/// A whole number flag within `lo..=hi`, or its default.
fn number(flag: &str, value: Option<&str>, lo: u32, hi: u32, default: u32) -> Result<u32> {
    let Some(value) = value else { return Ok(default) };
    match value.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(CliError::usage(format!("`--{flag} {value}`: expected a whole number in {lo}..={hi}"))),
    }
}

/// Checks each configuration asked for; the progress line goes to stderr
/// on a terminal once the command has taken a second, and is cleared at the end.
fn run(request: &Request) -> Result<String> {
    if let Some(path) = &request.script {
        return run_script(request, path);
    }
    let terminal = std::io::stderr().is_terminal();
    let mut shown = false;
    let started = Instant::now();
    let mut last = started;
    let mut reports: Vec<_> = request
        .scenarios
        .iter()
        .map(|s| {
            let mut progress = |p: Progress| {
                // After a second, then at most ten times a second.
                if terminal
                    && started.elapsed() > Duration::from_secs(1)
                    && last.elapsed() >= Duration::from_millis(100)
                {
                    last = Instant::now();
                    eprint!("\rlab check: {} states {} depth {}   ", s.key, p.states, p.depth);
                    shown = true;
                }
            };
            check(s, request.options, &mut progress)
        })
        .collect();
    if shown {
        eprint!("\r{:60}\r", "");
    }
    let mut vote = request.vote.as_ref().map(|variants| vote_check::check_vote(variants, &Default::default()));
    let words = Words::of(request.lang);
    words_report::word(words, &mut reports);
    if let Some(vote) = &mut vote {
        words_vote::word(words, vote);
    }
    let mut out = output(words, &reports, vote.as_ref(), request.json);
    if let Some(path) = &request.replay {
        let scenario = request.scenarios[0];
        let replayed = replay_smallest(scenario, &reports[0])
            .ok_or_else(|| CliError::usage(format!("`--variant {}` has no counterexample to replay", scenario.key)))?
            .map_err(|err| CliError::failure(format!("the smallest schedule does not replay: {err}")))?;
        write_replay(words, path, &replayed, words_report::config_name(words, &reports[0]))?;
        if !request.json {
            out += &words_report::replay_section(words, &replayed, path);
        }
    }
    Ok(out)
}

/// The output of both articles' answers: Article A's reports (none: not
/// asked) and Article B's section; JSON as `lab check --help` says.
fn output(words: &Words, reports: &[lab_check::Report], vote: Option<&VoteReport>, json: bool) -> String {
    fn pretty<T: serde::Serialize>(value: &T) -> String {
        serde_json::to_string_pretty(value).expect("a report always serializes") + "\n"
    }
    match (reports.is_empty(), vote, json) {
        (false, None, true) => pretty(&reports),
        (true, Some(v), true) => pretty(&v),
        (false, Some(v), true) => {
            #[derive(serde::Serialize)]
            struct Both<'a> {
                article_a: &'a [lab_check::Report],
                article_b: &'a VoteReport,
            }
            pretty(&Both { article_a: reports, article_b: v })
        }
        (false, vote, false) => {
            let mut out = words_report::markdown(words, reports);
            if let Some(v) = vote {
                out += "\n";
                out += &words_vote::markdown(words, v);
            }
            out
        }
        (true, Some(v), false) => words_vote::markdown(words, v),
        (true, None, _) => unreachable!("`articles` selects at least one article"),
    }
}

/// `--script FILE`: the schedule in FILE, played in the checker's world and run in the simulation.
fn run_script(request: &Request, path: &str) -> Result<String> {
    let scenario = request.scenarios[0];
    let text = std::fs::read_to_string(path).map_err(|err| CliError::usage(format!("cannot read {path}: {err}")))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|err| CliError::usage(format!("{path} is not JSON: {err}")))?;
    let value = value.get("script").cloned().unwrap_or(value);
    let mut script: lab_sim::lease::Script = serde_json::from_value(value).map_err(|err| {
        CliError::usage(format!(
            "{path}: not a schedule ({{\"requests\":1,\"steps\":[{{\"kind\":\"thread\",\"thread\":0}},…]}}): {err}"
        ))
    })?;
    // The variant's own row, whatever row the file carries (a --replay file names its variant's).
    script.policy = None;
    let o = request.options;
    let mut world = World::with_requests(scenario, o.threads, o.requests, o.balance);
    if let Some(stall) = o.stalls {
        world.faults.stall = stall;
    }
    let replayed = replay_script(scenario, &world, &script).map_err(|err| {
        CliError::usage(match err {
            ReplayError::NotInWorld(n) => {
                format!("{path}: step {} cannot happen there in the `{}` world of these flags", n + 1, scenario.key)
            }
            ReplayError::Sim(err) => format!("{path}: the simulation cannot take {err}"),
            ReplayError::Requests => format!("{path}: `requests` must be 1..=3"),
        })
    })?;
    if let Some(out) = &request.replay {
        write_replay(Words::of(request.lang), out, &replayed, scenario.key)?;
    }
    if request.json {
        return Ok(serde_json::to_string_pretty(&replayed).expect("a replay always serializes") + "\n");
    }
    Ok(words_report::script_section(Words::of(request.lang), &replayed, path))
}

/// Writes the replay: its timeline as SVG, or its script and counts as JSON.
fn write_replay(words: &Words, path: &str, replayed: &Replayed, name: &str) -> Result<()> {
    let text = if path.ends_with(".json") {
        serde_json::to_string_pretty(replayed).expect("a replay always serializes") + "\n"
    } else {
        timeline_svg(words, replayed, name)?
    };
    std::fs::write(path, text).map_err(|err| CliError::failure(format!("cannot write {path}: {err}")))
}

/// The replayed run drawn as A1's timeline, its whole length, the fence lane for a fenced section.
fn timeline_svg(words: &Words, replayed: &Replayed, name: &str) -> Result<String> {
    use crate::figures::timeline::{draw_timeline_marked, height_css, TimelineMarks};
    crate::figures::export::ensure_font().map_err(|err| CliError::failure(err.message().to_string()))?;
    let trace = &replayed.trace;
    let end_us = trace.events.iter().map(|e| e.at.t_us).max().unwrap_or(0);
    let view = crate::figures::View {
        t0_us: 0,
        t1_us: end_us + end_us / 20 + 1,
        show_fence: trace.holds.iter().any(|h| h.token.is_some()) && replayed.stale_token_writes.is_some(),
        title: Some(words_report::replay_title(words, name)),
        ..crate::figures::View::default()
    };
    let marks = TimelineMarks::of(trace);
    let height = height_css(trace, &view, &marks).ceil() as u32;
    crate::figures::recording::svg_of((REPLAY_WIDTH, height), |area| draw_timeline_marked(area, trace, &view, &marks))
        .map_err(CliError::failure)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn flags_read_to_a_request() {
        let r =
            parse(&args(&["--variant", "c2", "--threads=2", "--balance", "2", "--format", "json"])).unwrap().unwrap();
        assert_eq!(r.scenarios.iter().map(|s| s.key).collect::<Vec<_>>(), ["c2"]);
        assert_eq!((r.options.threads, r.options.balance, r.options.limits.depth, r.json), (2, 2, DEFAULT_DEPTH, true));
        let all = parse(&[]).unwrap().unwrap();
        assert_eq!(all.scenarios.len(), SCENARIOS.len());
        assert_eq!((all.options.threads, all.options.balance), (DEFAULT_THREADS, scenario::DEFAULT_BALANCE));
        assert_eq!(parse(&args(&["--depth", "5", "-h"])).unwrap(), None);
    }

    #[test]
    fn article_and_variant_select_the_sections() {
        let keys = |r: &Request| r.scenarios.iter().map(|s| s.key).collect::<Vec<_>>();
        let both = parse(&[]).unwrap().unwrap();
        assert_eq!((both.scenarios.len(), both.vote.as_deref()), (SCENARIOS.len(), Some(&Variant::ALL[..])));
        let a = parse(&args(&["--article", "a"])).unwrap().unwrap();
        assert_eq!((a.scenarios.len(), a.vote), (SCENARIOS.len(), None));
        let b = parse(&args(&["--article=b"])).unwrap().unwrap();
        assert_eq!((keys(&b), b.vote.as_deref()), (vec![], Some(&Variant::ALL[..])));
        let v1 = parse(&args(&["--variant", "v1"])).unwrap().unwrap();
        assert_eq!((keys(&v1), v1.vote), (vec![], Some(vec![Variant::V1])));
        let c2 = parse(&args(&["--variant", "c2", "--article", "a"])).unwrap().unwrap();
        assert_eq!((keys(&c2), c2.vote), (vec!["c2"], None));
        let naive =
            parse(&args(&["--article", "b", "--variant", "F-naive-retry", "--format", "json"])).unwrap().unwrap();
        assert_eq!((naive.vote, naive.json), (Some(vec![Variant::FNaiveRetry]), true));
    }

    #[test]
    fn bad_flags_say_what_is_accepted() {
        for (bad, says) in [
            (&["--variant", "e"][..], "expected one of a, b, b-stop"),
            (&["--threads", "4"], "2..=3"),
            (&["--balance", "0"], "1..=2"),
            (&["--requests", "4"], "1..=3"),
            (&["--depth", "x"], "1..=1000"),
            (&["--format", "csv"], "md or json"),
            (&["--stalls", "no"], "on or off"),
            (&["--runs", "3"], "allowed: --variant"),
            (&["--depth"], "needs a value"),
            (&["c2"], "unexpected argument"),
            (&["--depth", "3", "--depth=4"], "given twice"),
            (&["--article", "c"], "expected a or b"),
            (&["--variant", "V9"], "(Article A) or V0, V1"),
            (&["--article", "a", "--variant", "V1"], "Article B's, not A's"),
            (&["--article", "b", "--variant", "c2"], "Article A's, not B's"),
            (&["--article", "b", "--threads", "2"], "`--threads` is for Article A's world"),
            (&["--variant", "V3", "--script", "x.json"], "`--script` is for Article A's world"),
            (&["--replay", "x.svg"], "one `--variant`"),
            (&["--lang", "fr"], "--lang: `fr` is not allowed; allowed ko|en"),
        ] {
            let err = parse(&args(bad)).unwrap_err();
            assert_eq!(err.status, EXIT_USAGE);
            assert!(err.message.contains(says), "{bad:?}: {}", err.message);
        }
    }
}
