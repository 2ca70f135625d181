//! `lab run` and `lab figure` under Scenario B's work cap: a query that
//! reaches the cap still completes, and says so on stderr in a
//! `lab: note:` line (the page shows the same in Korean).

use std::process::{Command, Output};

/// Issue 19's freeze: every cost of a height is zero, each value in range.
const FREEZE: &str = "scenario=vote&sign_us=0&wal_write_us=0&commit_us=0&drain_us=0&fsync_us=0&send_us=0\
                      &timeout_commit_ms=0&net_one_way_us=1";

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn lab_run_notes_the_cap_and_the_zero_costs() {
    for format in ["md", "json"] {
        let output = lab(&["run", "--params", FREEZE, "--format", format]);
        assert!(output.status.success(), "{}", stderr(&output));
        let err = stderr(&output);
        assert!(err.starts_with("lab: note: the work cap (10000 events per run) stopped the run at 2000."), "{err}");
        assert!(err.contains("no real device"), "{err}");
        assert!(!output.stdout.is_empty());
    }
}

#[test]
fn lab_run_of_an_uncapped_story_has_no_note() {
    let output = lab(&["run", "--params", "scenario=vote&variant=V3&fault=power&crash_after=4"]);
    assert!(output.status.success());
    assert_eq!(stderr(&output), "");
}

#[test]
fn lab_figure_notes_the_cap() {
    let dir = std::env::temp_dir().join(format!("vote_cli_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for id in ["vote-story", "outer-transaction", "liveness", "kill-vs-power"] {
        let out = dir.join(format!("{id}.svg"));
        let output = lab(&["figure", id, "--params", FREEZE, "--out", out.to_str().expect("a UTF-8 path")]);
        assert!(output.status.success(), "{id}: {}", stderr(&output));
        assert!(stderr(&output).contains("lab: note: the work cap"), "{id}: {}", stderr(&output));
        assert!(std::fs::metadata(&out).is_ok_and(|m| m.len() > 0), "{id}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
