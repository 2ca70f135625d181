//! `lab real` against a real Redis and PostgreSQL: the CI-sized set (every
//! configuration, one 10 s run) and its structure, never the article's
//! bands (timing on a shared machine varies), plus the bad-input cases.
//!
//! Nothing is skipped: without `redis-server` and `postgresql` installed
//! the test fails with a message naming the packages. Every child has its
//! own deadline (SIGINT, then SIGKILL), so the test cannot hang.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    pid: u32,
}

/// Runs `lab ARGS` with `envs`, stdout and stderr to files, within `timeout`.
fn lab(args: &[&str], envs: &[(&str, &str)], timeout: Duration, tag: &str) -> Finished {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("real_pay");
    std::fs::create_dir_all(&dir).unwrap();
    let (out_path, err_path) = (dir.join(format!("{tag}.stdout")), dir.join(format!("{tag}.stderr")));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lab"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("lab starts");
    let pid = child.id();
    let code = wait_with_deadline(&mut child, timeout);
    Finished {
        code,
        stdout: std::fs::read_to_string(&out_path).unwrap_or_default(),
        stderr: std::fs::read_to_string(&err_path).unwrap_or_default(),
        pid,
    }
}

fn wait_with_deadline(child: &mut Child, timeout: Duration) -> Option<i32> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // Ctrl-C first (the harness stops its servers), then SIGKILL.
    let _ = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    let grace = Instant::now() + Duration::from_secs(15);
    while Instant::now() < grace {
        if let Ok(Some(_)) = child.try_wait() {
            panic!("lab did not finish within {timeout:?}; interrupted");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("lab did not finish within {timeout:?} and ignored SIGINT; killed");
}

/// Processes whose command line mentions `needle`.
fn processes_mentioning(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().filter(|n| n.chars().all(|c| c.is_ascii_digit())) else { continue };
        if let Ok(raw) = std::fs::read(entry.path().join("cmdline")) {
            let line = String::from_utf8_lossy(&raw).replace('\0', " ");
            if line.contains(needle) {
                found.push(format!("{pid}: {line}"));
            }
        }
    }
    found
}

/// No server or pay-api of the `lab` process `pid` is left.
fn assert_nothing_left(pid: u32, pids: &[i64]) {
    let left = processes_mentioning(&format!("lab-real-{pid}-"));
    assert!(left.is_empty(), "server processes left after lab exited: {left:?}");
    for p in pids {
        let cmdline = std::fs::read(format!("/proc/{p}/cmdline")).unwrap_or_default();
        let line = String::from_utf8_lossy(&cmdline);
        assert!(
            !(line.contains("redis-server") || line.contains("postgres") || line.contains("__pay-api")),
            "process {p} is still running: {line}"
        );
    }
}

fn require_servers() {
    let redis = Path::new("/usr/bin/redis-server").is_file();
    let postgres = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.flatten().any(|e| e.path().join("bin/postgres").is_file()))
        .unwrap_or(false);
    assert!(
        redis && postgres,
        "lab real needs the Debian packages `redis-server` and `postgresql` (scripts/setup.sh installs them): \
         redis-server {}, postgresql {}",
        if redis { "found" } else { "MISSING" },
        if postgres { "found" } else { "MISSING" }
    );
}

fn config<'a>(doc: &'a Value, key: &str) -> &'a Value {
    doc["configs"].as_array().unwrap().iter().find(|c| c["variant"] == key).unwrap_or_else(|| panic!("no {key}"))
}

fn real<'a>(doc: &'a Value, key: &str) -> &'a Value {
    &config(doc, key)["runs"][0]["real"]
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("not an integer: {v}"))
}

#[test]
fn ci_sized_set_shows_the_articles_structure_and_leaves_no_server() {
    require_servers();
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("real_pay").join("ci-set");
    let _ = std::fs::remove_dir_all(&out);
    let out_text = out.to_str().unwrap();
    let args = ["real", "--variant", "all", "--secs", "10", "--runs", "1", "--format", "json", "--out", out_text];
    let done = lab(&args, &[], Duration::from_secs(330), "ci-set");
    assert_eq!(done.code, Some(0), "lab real failed:\n{}", done.stderr);
    let doc: Value = serde_json::from_str(&done.stdout).expect("lab real --format json prints JSON");
    assert_eq!(doc["configs"].as_array().unwrap().len(), 12);

    // (d): every possible approval, and the snapshot agrees with the ledger.
    let d = real(&doc, "exp4");
    assert_eq!(int(&d["metrics"]["approvals"]), 240);
    assert_eq!(int(&d["metrics"]["drift_won"]), 0);
    // (b): the watchdog keeps the lease: nothing stolen, no drift.
    let b = real(&doc, "exp2");
    assert_eq!(int(&b["metrics"]["stolen_at_release"]), 0);
    assert_eq!(int(&b["metrics"]["drift_won"]), 0);
    assert!(int(&b["metrics"]["watchdog_extensions"]) > 0);
    // (a): double ownership, stolen releases and a silent drift.
    let a = real(&doc, "exp1");
    for metric in ["ownership_overlap_pairs", "stolen_at_release", "drift_won"] {
        assert!(int(&a["metrics"][metric]) > 0, "(a) {metric} is {}", a["metrics"][metric]);
    }
    // (c-2): the read-time fence: no drift, no lost update.
    let c2 = real(&doc, "exp3_c2");
    assert_eq!(int(&c2["metrics"]["drift_won"]), 0);
    assert_eq!(int(&c2["metrics"]["lost_update_pairs"]), 0);
    // (e) c-2 + fail-closed: after the empty restart, exactly the fence's sum is rejected.
    let e = real(&doc, "exp5_c2_closed");
    let fence = int(&e["metrics"]["fence_value_at_kill"]);
    assert!(fence > 0);
    assert_eq!(int(&e["metrics"]["post_restart_read_rejects"]), fence);
    // Fail-closed: no payment goes on without the lock while Redis is down,
    // and requests come in every phase. The kill is stamped once Redis is
    // reaped, so a lock its old process granted just before may reply a
    // moment after the stamp and count as a hold of the outage: at most one
    // per thread (16), each holding a lease the old Redis really gave.
    for key in ["exp5_closed", "exp5_c2_closed"] {
        let checks = &real(&doc, key)["checks"];
        assert_eq!(
            int(&real(&doc, key)["metrics"]["lockless_holds_during_outage"]),
            0,
            "{key}: a payment without the lock during the outage"
        );
        assert!(
            int(&checks["holds_by_phase"][1]) <= 16,
            "{key}: holds during the outage: {}",
            checks["holds_by_phase"]
        );
        for phase in 0..3 {
            assert!(int(&checks["requests_by_phase"][phase]) > 0, "{key}: no request in phase {phase}");
        }
        assert!(int(&real(&doc, key)["metrics"]["n503_during_outage"]) > 0);
    }
    // The Rust overlap count equals the SQL self-join's, in every run.
    let mut pids = Vec::new();
    for c in doc["configs"].as_array().unwrap() {
        for run in c["runs"].as_array().unwrap() {
            let checks = &run["real"]["checks"];
            assert_eq!(checks["sql"]["pairs"], checks["rust_overlap_pairs"], "{}: SQL ≠ Rust", c["variant"]);
            pids.extend(checks["server_pids"].as_array().unwrap().iter().map(int));
            pids.push(int(&checks["pay_api_pid"]));
            assert!(out.join(format!("{}-run0", c["variant"].as_str().unwrap())).join("history.json").is_file());
        }
        // Three columns for every row; the article's where it reports one.
        assert!(c["table"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["real_text"].is_string() && l["simulated_text"].is_string()));
    }
    assert!(out.join("table.md").is_file() && out.join("table.json").is_file());
    assert_nothing_left(done.pid, &pids);
}

/// A free port for the busy-port case, away from the harness's own picks.
fn busy_listener() -> (std::net::TcpListener, u16) {
    for port in 29_000..30_000 {
        if let Ok(listener) = std::net::TcpListener::bind(("127.0.0.1", port)) {
            return (listener, port);
        }
    }
    panic!("no free port in 29000..30000");
}

/// A bad-input case: tag, arguments, environment, expected message.
type Case<'a> = (&'a str, Vec<&'a str>, Vec<(&'a str, &'a str)>, &'a str);

#[test]
fn bad_input_exits_2_with_a_clear_message_and_starts_no_server() {
    let (_listener, port) = busy_listener();
    let port = port.to_string();
    let cases: Vec<Case> = vec![
        ("unknown-variant", vec!["real", "--variant", "exp9"], vec![], "unknown variant"),
        ("negative-secs", vec!["real", "--secs", "-5"], vec![], "--secs must be a whole number"),
        ("busy-port", vec!["real", "--variant", "exp1", "--secs", "3", "--redis-port", &port], vec![], "is busy"),
        (
            "ephemeral-port",
            vec!["real", "--variant", "exp1", "--secs", "3", "--pg-port", "40000"],
            vec![],
            "ephemeral range",
        ),
        (
            "missing-redis",
            vec!["real", "--variant", "exp1", "--secs", "3"],
            vec![("LAB_REAL_REDIS_SERVER", "/nonexistent/redis-server")],
            "Debian package `redis-server`",
        ),
        (
            "missing-postgres",
            vec!["real", "--variant", "exp1", "--secs", "3"],
            vec![("LAB_REAL_PG_BINDIR", "/nonexistent/bin")],
            "Debian package `postgresql`",
        ),
    ];
    for (tag, args, envs, expected) in cases {
        let done = lab(&args, &envs, Duration::from_secs(60), tag);
        assert_eq!(done.code, Some(2), "{tag}: exit status; stderr:\n{}", done.stderr);
        assert!(done.stderr.contains("lab: error:") && done.stderr.contains(expected), "{tag}: {}", done.stderr);
        assert_nothing_left(done.pid, &[]);
    }
}

#[test]
fn ctrl_c_stops_every_server_and_exits_130() {
    require_servers();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("real_pay");
    std::fs::create_dir_all(&dir).unwrap();
    let err_path = dir.join("ctrl-c.stderr");
    let out = dir.join("ctrl-c");
    let mut child = Command::new(env!("CARGO_BIN_EXE_lab"))
        .args(["real", "--variant", "exp1", "--secs", "10", "--runs", "1", "--out", out.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("lab starts");
    let pid = child.id();
    // Interrupt once the run is under way (its pay-api has started).
    let deadline = Instant::now() + Duration::from_secs(60);
    while processes_mentioning("__pay-api").iter().all(|p| !p.contains("\"run_index\":0")) && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_secs(2));
    let _ = Command::new("kill").args(["-INT", &pid.to_string()]).status();
    let code = wait_with_deadline(&mut child, Duration::from_secs(30));
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("every server was stopped"), "{stderr}");
    assert_nothing_left(pid, &[]);
}
