//! `lab --lang` on what `tests/cli_lang.rs` leaves out: `lab params` (its
//! labels), the JSON of `lab table`, `lab run`, `lab sweep` and `lab check`,
//! Article B's section of `lab check`, and `lab real`'s flag. With `--lang
//! en` none prints Hangul; with `--lang ko` each prints the bytes it prints
//! without `--lang`; a bad `--lang` is a usage error (exit status 2) that
//! says what is allowed. The commands that take no `--lang` (`lab presets`,
//! `lab crashpoints`, `lab real-wal`, the help texts) print no Hangul in
//! the first place, but the site's name that `lab --help` gives in Korean
//! beside English. `lab real` itself needs servers (`tests/real_pay.rs`):
//! here only its flag; its table's words are `cli::real::pay::table`'s test.
//! One built binary, small runs: the whole file takes a few seconds.

use std::process::{Command, Output};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("run lab")
}

fn stdout(args: &[&str]) -> String {
    let out = lab(args);
    assert!(out.status.success(), "lab {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 stdout")
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// The lines of `text` that hold Hangul (at most a few, to name in a failure).
fn hangul_lines(text: &str) -> Vec<String> {
    text.lines().filter(|l| l.chars().any(is_hangul)).take(3).map(|l| l.chars().take(160).collect()).collect()
}

/// The commands that print the reader's words and take `--lang`, without
/// it, and whether they speak Korean by default (`lab run`'s report is
/// English in both languages; `lab table`'s JSON is numbers and keys).
const READER_COMMANDS: [(&[&str], bool); 10] = [
    (&["params"], true),
    (&["params", "--format", "json"], true),
    (&["table", "--runs", "1", "--format", "json"], false),
    (&["run", "--params", "preset=exp5_open&duration_s=5"], false),
    (&["run", "--params", "preset=exp1&duration_s=5", "--format", "json"], false),
    (&["run", "--params", "scenario=vote&variant=V3&fault=power", "--format", "json"], false),
    (&["sweep", "sweep-ttl-pause", "--params", "n=2&seeds=1", "--format", "json"], true),
    (&["sweep", "sweep-contention", "--params", "tpw_hi=2&wallets_hi=2&seeds=1", "--format", "json"], true),
    (&["check", "--variant", "c1", "--format", "json"], true),
    (&["check", "--article", "b"], true),
];

fn with_lang<'a>(args: &[&'a str], lang: &'a str) -> Vec<&'a str> {
    let mut all = args.to_vec();
    all.extend(["--lang", lang]);
    all
}

#[test]
fn every_reader_command_in_english_prints_no_hangul() {
    let more: [&[&str]; 1] = [&["check", "--article", "b", "--format", "json"]];
    for args in READER_COMMANDS.iter().map(|(args, _)| *args).chain(more) {
        let text = stdout(&with_lang(args, "en"));
        assert!(!text.trim().is_empty(), "lab {args:?} --lang en printed nothing");
        assert!(hangul_lines(&text).is_empty(), "lab {args:?} --lang en: {:?}", hangul_lines(&text));
    }
    // The labels are the English table's, not the meaning alone.
    let params = stdout(&["params", "--lang", "en"]);
    assert!(params.contains("| Lock lease TTL (Lock TTL) |"), "{params}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["params", "--format", "json", "--lang", "en"])).unwrap();
    let ttl = json.as_array().unwrap().iter().find(|row| row["name"] == "ttl_ms").expect("ttl_ms");
    assert_eq!(ttl["label_en"], "Lock TTL");
    assert!(ttl.get("label_ko").is_none(), "{ttl}");
    let sweep = stdout(&[
        "sweep",
        "sweep-contention",
        "--params",
        "seeds=1&tpw_hi=2&wallets_hi=2",
        "--format",
        "json",
        "--lang",
        "en",
    ]);
    let axes: serde_json::Value = serde_json::from_str(&sweep).unwrap();
    assert_eq!(axes["axes"], serde_json::json!(["Threads per wallet", "Wallets"]));
}

#[test]
fn lang_ko_prints_the_defaults_bytes() {
    for (args, korean) in READER_COMMANDS {
        let default = stdout(args);
        assert_eq!(stdout(&with_lang(args, "ko")), default, "lab {args:?} --lang ko");
        let english = stdout(&with_lang(args, "en"));
        if korean {
            assert!(!hangul_lines(&default).is_empty(), "lab {args:?} should speak Korean by default");
            assert_ne!(english, default, "lab {args:?}");
        }
    }
    let json: serde_json::Value = serde_json::from_str(&stdout(&["params", "--format", "json"])).unwrap();
    let ttl = json.as_array().unwrap().iter().find(|row| row["name"] == "ttl_ms").expect("ttl_ms");
    assert!(ttl["label_ko"].as_str().unwrap().chars().any(is_hangul) && ttl.get("label_en").is_none(), "{ttl}");
}

#[test]
fn the_commands_without_reader_words_print_no_hangul() {
    for args in [
        &["presets"][..],
        &["presets", "--format", "json"],
        &["crashpoints"],
        &["crashpoints", "--profile", "wal_os_cache", "--format", "json"],
        &["real-wal", "--votes", "2", "--kills", "0", "--journal", "wal", "--variant", "v0", "--sync", "normal"],
        &["params", "--help"],
        &["real", "--help"],
        &["real-wal", "--help"],
        &["help", "check"],
    ] {
        let text = stdout(args);
        assert!(!text.trim().is_empty() && hangul_lines(&text).is_empty(), "lab {args:?}: {:?}", hangul_lines(&text));
    }
    let help = stdout(&["real", "--help"]);
    assert!(help.contains("--lang") && stdout(&["params", "--help"]).contains("[--lang ko|en]"), "{help}");
}

#[test]
fn a_bad_lang_is_a_usage_error_naming_the_allowed_values() {
    for args in [
        &["params", "--lang", "xx"][..],
        &["params", "--format", "json", "--lang", "fr"],
        &["real", "--lang", "xx", "--secs", "3"],
        &["real", "--variant", "exp1", "--lang=fr"],
    ] {
        let out = lab(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "lab {args:?}: {err}");
        let value = args
            .iter()
            .find_map(|a| a.strip_prefix("--lang="))
            .unwrap_or_else(|| args[args.iter().position(|a| *a == "--lang").unwrap() + 1]);
        assert!(err.contains(&format!("--lang: `{value}` is not allowed; allowed ko|en")), "lab {args:?}: {err}");
        assert!(out.stdout.is_empty(), "lab {args:?} printed to stdout");
    }
    for args in [&["presets", "--lang", "en"][..], &["crashpoints", "--lang", "en"]] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "lab {args:?} takes no --lang");
        assert!(String::from_utf8_lossy(&out.stderr).contains("unknown flag `--lang`"), "lab {args:?}");
    }
}
