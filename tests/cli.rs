//! The `lab` binary end to end: exit statuses and messages for bad input,
//! the shapes of its JSON, and that it prints exactly what the library
//! computes for the same parameters.

use std::collections::BTreeSet;
use std::process::{Command, Output};

use consistency_lab::sim::{lease, vote};
use lab_model::params::{parse_query, Query};
use serde_json::Value;

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json_stdout(args: &[&str]) -> Value {
    let output = lab(args);
    assert!(output.status.success(), "lab {args:?} failed: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// Runs `lab args`, expects exit status 2 and every `needle` in stderr.
fn assert_usage_error(args: &[&str], needles: &[&str]) {
    let output = lab(args);
    assert_eq!(output.status.code(), Some(2), "lab {args:?}: stdout {}", stdout(&output));
    let err = stderr(&output);
    for needle in needles {
        assert!(err.contains(needle), "lab {args:?}: stderr {err:?} lacks {needle:?}");
    }
    assert!(stdout(&output).is_empty(), "lab {args:?} printed to stdout on error");
}

const PRESETS: [&str; 11] = [
    "exp1",
    "exp2",
    "exp2_stop",
    "exp3_c1",
    "exp3_c2",
    "exp3_ttl1s",
    "exp4",
    "exp5_closed",
    "exp5_open",
    "exp5_c2_closed",
    "exp5_control",
];

/// The brief's exact key set of `metrics`.
const METRIC_KEYS: [&str; 17] = [
    "approvals",
    "possible_approvals",
    "ownership_overlap_pairs",
    "max_concurrent_owners",
    "stolen_at_release",
    "drift_won",
    "over_approval",
    "negative_ledger_wallets",
    "fencing_rejects",
    "lost_update_pairs",
    "throughput_rps",
    "latency_p95_ms",
    "n503_during_outage",
    "lockless_holds_during_outage",
    "watchdog_extensions",
    "fence_value_at_kill",
    "post_restart_read_rejects",
];

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn bad_params_exit_2_naming_the_key_and_its_range() {
    assert_usage_error(&["run", "--params", "ttl_ms=0"], &["ttl_ms", "1..=10000"]);
    assert_usage_error(&["run", "--params", "threads=abc"], &["threads", "1..=64"]);
    assert_usage_error(&["run", "--params", "threads=1000"], &["threads", "1..=64"]);
    assert_usage_error(
        &["run", "--params", "variant=paxos"],
        &["variant", "naive|watchdog|fence_write|fence_read|conditional"],
    );
    assert_usage_error(&["run", "--params", "bogus=1"], &["bogus", "unknown key"]);
    assert_usage_error(&["run", "--params", "ttl=300"], &["ttl", "unknown key", "did you mean `ttl_ms`?"]);
    assert_usage_error(&["run", "--params", "seed=1&seed=2"], &["seed", "repeated"]);
    assert_usage_error(&["run", "--params", "pause_min_ms=600&pause_max_ms=400"], &["pause_max_ms", "600"]);
    assert_usage_error(&["run", "--params", "scenario=vote&fault=meteor"], &["fault", "kill|power"]);
    assert_usage_error(&["run", "--params", "scenario=vote&blocked_validators=9"], &["blocked_validators", "0..=3"]);
    assert_usage_error(&["run", "--params", "scenario=moon"], &["scenario", "lease|vote"]);
    // A lock-lease key in a vote query is not a typo: no suggestion of itself.
    let output = lab(&["run", "--params", "scenario=vote&preset=exp1"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("preset") && err.contains("unknown key"), "{err}");
    assert!(!err.contains("did you mean"), "suggests a key of the other scenario: {err}");
}

#[test]
fn bad_flags_exit_2_naming_the_flag() {
    assert_usage_error(&["frobnicate"], &["frobnicate", "presets"]);
    assert_usage_error(&["run"], &["--params"]);
    assert_usage_error(&["run", "--params"], &["--params", "needs a value"]);
    assert_usage_error(&["run", "--params", "preset=exp1", "--format", "xml"], &["--format", "md|json"]);
    assert_usage_error(&["run", "--params", "preset=exp1", "--colour"], &["--colour", "--params"]);
    assert_usage_error(&["table", "--runs", "0"], &["--runs", "1..=10"]);
    assert_usage_error(&["table", "--runs", "many"], &["--runs", "1..=10"]);
    assert_usage_error(&["table", "--seed", "-1"], &["--seed", "0..=18446744073709551615"]);
    assert_usage_error(&["table", "--runs", "1", "--runs", "2"], &["--runs", "twice"]);
    assert_usage_error(&["crashpoints", "--profile", "ext4"], &["--profile", "h2_like|wal_os_cache|rocks_sync_wal"]);
    assert_usage_error(&["crashpoints", "--device-honours-sync", "maybe"], &["--device-honours-sync", "true|false"]);
    // The flags take the query's words (`profile=h2_like`, `recon=0`), not short forms.
    assert_usage_error(&["crashpoints", "--profile", "wal"], &["--profile", "`wal`", "wal_os_cache"]);
    assert_usage_error(&["presets", "extra"], &["extra"]);
}

#[test]
fn every_subcommand_has_help() {
    for command in ["presets", "params", "run", "table", "crashpoints"] {
        let output = lab(&[command, "--help"]);
        assert!(output.status.success(), "{command} --help");
        assert!(stdout(&output).contains(&format!("lab {command}")), "{command} --help: {}", stdout(&output));
    }
    let output = lab(&["--help"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("USAGE"));
}

#[test]
fn presets_lists_all_eleven() {
    let text = stdout(&lab(&["presets"]));
    for preset in PRESETS {
        assert!(text.contains(&format!("`preset={preset}`")), "{preset} missing from {text}");
    }
    let json = json_stdout(&["presets", "--format", "json"]);
    let names: Vec<&str> = json.as_array().into_iter().flatten().filter_map(|p| p["preset"].as_str()).collect();
    assert_eq!(names, PRESETS);
}

#[test]
fn table_json_has_the_exact_key_set() {
    let json = json_stdout(&["table", "--runs", "1", "--format", "json"]);
    let rows = json.as_array().expect("an array");
    assert_eq!(rows.len(), PRESETS.len());
    for (row, preset) in rows.iter().zip(PRESETS) {
        assert_eq!(keys(row), set(&["preset", "run", "seed", "params", "metrics"]));
        assert_eq!(keys(&row["metrics"]), set(&METRIC_KEYS), "{preset}");
        assert_eq!(row["preset"], preset);
        assert_eq!(row["run"], 0);
        assert_eq!(row["seed"], 1);
        assert_eq!(row["params"], format!("preset={preset}"));
    }
    // The (d) path never has lost-update pairs; the lock paths never report 503s without an outage.
    assert!(rows[6]["metrics"]["lost_update_pairs"].is_null());
    assert!(rows[0]["metrics"]["n503_during_outage"].is_null());
}

#[test]
fn table_markdown_labels_the_article_values() {
    let text = stdout(&lab(&["table", "--runs", "1", "--seed", "4"]));
    let article = lab_words::Words::of(lab_words::Lang::Ko).cli.article_word;
    for needle in [article, "article", "Exp 1", "Exp 2", "Exp 3", "Exp 4", "Exp 5", "Summary", "1,714", "seed 4"] {
        assert!(text.contains(needle), "table lacks {needle:?}");
    }
}

#[test]
fn run_json_equals_the_library_run() {
    let params = "preset=exp3_c2&duration_s=20&seed=5&run=2";
    let json = json_stdout(&["run", "--params", params, "--format", "json"]);
    let Query::Lease(query) = parse_query(params).value else { panic!("a lease query") };
    let trace = lease::run(&query.config, query.seed, query.run_index, lease::TraceLevel::Summary);
    assert_eq!(json["metrics"], serde_json::to_value(&trace.metrics).unwrap());
    assert_eq!(json["details"], serde_json::to_value(&trace.details).unwrap());
    assert_eq!(json["preset"], "exp3_c2");
    assert_eq!(json["seed"], 5);
    assert_eq!(json["run"], 2);
    assert_eq!(json["params"], params);
    // And twice through the CLI gives the same bytes.
    let again = lab(&["run", "--params", params, "--format", "json"]);
    assert_eq!(serde_json::from_slice::<Value>(&again.stdout).unwrap(), json);
}

#[test]
fn run_writes_the_full_trace() {
    let dir = std::env::temp_dir().join(format!("lab-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("trace.json");
    let output = lab(&["run", "--params", "preset=exp1&duration_s=2", "--trace", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("| `approvals` |"));
    let trace: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(trace["level"], "full");
    assert!(trace["events"].as_array().is_some_and(|e| !e.is_empty()));
    std::fs::remove_dir_all(&dir).ok();

    let output = lab(&["run", "--params", "preset=exp1&duration_s=1", "--trace", "/nonexistent-dir/x/trace.json"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("--trace"));
}

#[test]
fn vote_run_matches_the_library() {
    let params = "scenario=vote&variant=V0&fault=power";
    let json = json_stdout(&["run", "--params", params, "--format", "json"]);
    let Query::Vote(config) = parse_query(params).value else { panic!("a vote query") };
    let trace = vote::run(&config, vote::TraceLevel::Summary);
    assert_eq!(json["outcome"], serde_json::to_value(&trace.outcome).unwrap());
    assert_eq!(json["scenario"], "vote");
    assert_eq!(json["params"], params);
    let output = lab(&["run", "--params", "scenario=vote"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("equivocations"));
}

#[test]
fn crashpoints_json_shape() {
    let json = json_stdout(&["crashpoints", "--format", "json"]);
    let rows = json.as_array().expect("an array");
    assert!(!rows.is_empty());
    let required = set(&[
        "variant",
        "profile",
        "device_honours_sync",
        "fault",
        "cut",
        "after",
        "verdict",
        "subcuts",
        "unsafe_subcuts",
    ]);
    for row in rows {
        assert!(keys(row).is_superset(&required), "{row}");
        assert_eq!(row["profile"], "h2_like");
        assert_eq!(row["device_honours_sync"], true);
        assert!(["kill", "power"].contains(&row["fault"].as_str().unwrap_or("")), "{row}");
        assert!(["safe", "unsafe", "fenced"].contains(&row["verdict"].as_str().unwrap_or("")), "{row}");
        if row["variant"] == "V0" {
            assert_ne!(row["verdict"], "unsafe", "V0 is never unsafe: {row}");
        }
    }
    let variants: BTreeSet<&str> = rows.iter().filter_map(|r| r["variant"].as_str()).collect();
    assert!(variants.contains("V1") && variants.contains("I-abort-release"));
    assert!(rows.iter().any(|r| r["variant"] == "V1" && r["verdict"] == "unsafe"));

    let lying = json_stdout(&[
        "crashpoints",
        "--profile",
        "rocks_sync_wal",
        "--device-honours-sync",
        "false",
        "--format",
        "json",
    ]);
    assert!(lying
        .as_array()
        .into_iter()
        .flatten()
        .all(|r| r["profile"] == "rocks_sync_wal" && r["device_honours_sync"] == false));
    let text = stdout(&lab(&["crashpoints"]));
    assert!(text.contains("| V0 (PersistThenBroadcast) |"), "{text}");
}
