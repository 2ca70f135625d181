//! `lab real-wal`: the whole real matrix on a real SQLite file, run once,
//! and what issue 28 says it must show: V0 on WAL + FULL and on DELETE +
//! EXTRA loses nothing under a kill or a power loss; V1 loses a vote under
//! a kill (and the restarted node signs a conflicting one); WAL + NORMAL
//! loses votes under power loss and never under a kill; DELETE + FULL loses
//! the last vote to the unsynced unlink; a fenced store refuses every later
//! call; every rebuilt state of a setting that syncs passes
//! `integrity_check`; bad input exits 2.

use std::process::Command;

use serde_json::Value;

fn lab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("lab runs")
}

fn config<'a>(report: &'a Value, label: &str) -> &'a Value {
    report["configs"]
        .as_array()
        .expect("configs")
        .iter()
        .find(|c| c["label"] == label)
        .unwrap_or_else(|| panic!("no setting {label}"))
}

fn power_lost(c: &Value) -> Vec<u64> {
    c["power"].as_array().expect("power").iter().map(|p| p["max_lost"].as_u64().expect("max_lost")).collect()
}

#[test]
fn the_real_matrix_shows_what_the_issue_lists() {
    let out = lab(&["real-wal", "--format", "json"]);
    assert!(out.status.success(), "lab real-wal failed: {}", String::from_utf8_lossy(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("the report is JSON");
    assert!(report["sqlite_version"].as_str().is_some_and(|v| v.starts_with("3.")));

    for label in ["V0 WAL+FULL", "V0 DELETE+EXTRA"] {
        let c = config(&report, label);
        assert_eq!(c["kill_max_lost"], 0, "{label}: a kill lost a vote");
        assert_eq!(power_lost(c), vec![0, 0], "{label}: a power loss lost a vote");
        assert_eq!(c["kills"].as_array().expect("kills").len(), 8, "{label}: 6 named kills and 2 random ones");
    }
    for label in ["V1 WAL+FULL", "V1 DELETE+FULL"] {
        let c = config(&report, label);
        assert!(c["kill_max_lost"].as_u64() >= Some(1), "{label}: a kill between send and persist loses the vote");
        assert!(c["kill_double_signed"].as_u64() >= Some(1), "{label}: the restarted node signs a conflicting vote");
        let named_send = c["kills"].as_array().expect("kills").iter().find(|k| k["how"] == "SEND_B").expect("SEND_B");
        assert!(named_send["killed_by_sigkill"].as_bool().expect("bool"));
        assert_eq!(named_send["lost"].as_array().map(Vec::len), Some(1));
    }
    let normal = config(&report, "V0 WAL+NORMAL");
    assert_eq!(normal["kill_max_lost"], 0, "WAL + NORMAL never loses a vote to a kill");
    assert!(power_lost(normal).iter().all(|&n| n >= 1), "WAL + NORMAL loses votes to a power loss");
    let full = config(&report, "V0 DELETE+FULL");
    assert_eq!(full["kill_max_lost"], 0);
    assert!(power_lost(full).iter().all(|&n| n == 1), "DELETE + FULL loses the last vote to the unsynced unlink");
    assert!(full["disagreements"].as_array().is_some_and(|d| !d.is_empty()), "the model says rocks is safe");

    for c in report["configs"].as_array().expect("configs") {
        let label = c["label"].as_str().expect("label");
        for p in c["power"].as_array().expect("power") {
            assert!(p["states"].as_u64() >= Some(400), "{label}: at least 400 crash states");
            if !label.ends_with("+OFF") {
                assert_eq!(p["unsound"], 0, "{label} {}: a rebuilt state failed integrity_check", p["dir_model"]);
            }
        }
        for k in c["kills"].as_array().expect("kills") {
            assert_eq!(k["integrity"], "ok", "{label}: the store after a real kill failed integrity_check");
            // The restarted node refuses a conflicting vote for every vote it restored.
            let restored = k["restored"].as_str().expect("restored");
            assert!(k["refused"].as_u64() > Some(0) || restored == "none", "{label}: nothing refused");
        }
    }
    for f in report["faults"].as_array().expect("faults") {
        assert_eq!(f["passed"], true, "{}: {}", f["case"], f["detail"]);
    }
    let b4 = &report["faults"][0];
    assert!(b4["detail"].as_str().is_some_and(|d| d.contains("refused: true/true/true/true")));
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    for args in [
        &["real-wal", "--variant", "v9"][..],
        &["real-wal", "--sync", "sometimes"],
        &["real-wal", "--journal", "memory"],
        &["real-wal", "--votes", "1"],
        &["real-wal", "--format", "xml"],
        &["real-wal", "--bogus", "1"],
        &["real-wal", "--variant", "v3", "--sync", "full"],
    ] {
        let out = lab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("lab: error: "), "{args:?}: {err}");
    }
    let help = lab(&["real-wal", "--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--journal"));
}

#[test]
fn one_setting_prints_the_real_and_the_model_side_by_side() {
    let out = lab(&["real-wal", "--variant", "v0", "--journal", "wal", "--sync", "full", "--kills", "0"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("| V0 WAL+FULL | V0 on `rocks` | 0 (6) | safe | 0 (0 of"), "{text}");
    assert!(text.contains("real run of this repository's harness"));
}
