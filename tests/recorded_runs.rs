//! The recorded real runs the page draws (`static/real/KEY.bin`,
//! `consistency_lab::figures::recorded`) are the committed run-0 histories
//! of `lab real` (`content/real/pay/holds/KEY.json`, written by
//! `scripts/real-pay-data.py`): this test makes each file again from its
//! history, rewrites the ones that changed and fails once, so that they are
//! seen and committed.
//!
//! It also checks the reading: the metrics lab-sim computes from a file are
//! the ones `lab real` printed for that run from its whole history (the
//! committed `summary.json`), for every metric the holds determine, and the
//! leases rebuilt from Redis's clock ran out as often as Redis counted.

use std::fs;
use std::path::PathBuf;

use consistency_lab::content::real_view::pay::{provenance, real_values};
use consistency_lab::figures::recorded::{path, HoldRow, RecordedRun, HOLD_METRICS, RECORDED};
use consistency_lab::sim::lease::{FencePhase, Outcome, ReleaseResult};
use lab_model::live_table::TableRun;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn release(code: &str) -> ReleaseResult {
    match code {
        "R" => ReleaseResult::Released,
        "S" => ReleaseResult::Stolen,
        "E" => ReleaseResult::Expired,
        "X" => ReleaseResult::Error,
        "-" => ReleaseResult::NotApplicable,
        other => panic!("unknown release code `{other}`"),
    }
}

fn outcome(text: &str) -> Outcome {
    match text {
        "approved" => Outcome::Approved,
        "insufficient" => Outcome::Insufficient,
        "fence_rejected:read" => Outcome::FenceRejected(FencePhase::Read),
        "fence_rejected:write" => Outcome::FenceRejected(FencePhase::Write),
        "lock_unavailable" => Outcome::LockUnavailable,
        "aborted_lease_lost" => Outcome::AbortedLeaseLost,
        other => panic!("unknown outcome `{other}`"),
    }
}

/// A committed history as the site ships it. Its columns are named in the file.
fn recorded(key: &str) -> RecordedRun {
    let text = fs::read_to_string(root().join(format!("content/real/pay/holds/{key}.json"))).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let columns: Vec<&str> = doc["columns"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    // A column is named by its first word ("release (R released, …)").
    let at = |name: &str| {
        columns.iter().position(|c| c.split(' ').next() == Some(name)).unwrap_or_else(|| panic!("no column {name}"))
    };
    let holds = doc["holds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            let n = |name: &str| h[at(name)].as_u64();
            HoldRow {
                worker: n("worker").unwrap() as u32,
                wallet: n("wallet").unwrap() as u32,
                token: n("token"),
                acquired_us: n("acquired_us").unwrap(),
                read_us: n("read_us"),
                written_us: n("written_us"),
                released_us: n("released_us").unwrap(),
                release: release(h[at("release")].as_str().unwrap()),
                outcome: outcome(h[at("outcome")].as_str().unwrap()),
                lease_lost_seen_us: n("lease_lost_seen_us"),
                server_set_us: n("redis_time_at_set_us"),
            }
        })
        .collect();
    let calibration = doc["time_calibration"].as_array().unwrap();
    RecordedRun {
        preset: doc["variant"].as_str().unwrap().to_string(),
        seed: doc["provenance"]["seed"].as_u64().unwrap(),
        run_index: doc["run_index"].as_u64().unwrap() as u32,
        source_ko: provenance(consistency_lab::words::Words::of(consistency_lab::words::Lang::Ko)),
        calibration: (calibration[0].as_u64().unwrap(), calibration[1].as_i64().unwrap()),
        holds,
    }
}

#[test]
fn every_recorded_run_file_is_its_committed_history() {
    let mut stale = Vec::new();
    for key in RECORDED {
        let run = recorded(key);
        let bytes = run.encode();
        assert_eq!(RecordedRun::decode(&bytes).as_ref(), Ok(&run), "{key}: the file reads back");
        let file = root().join("static").join(path(key));
        if fs::read(&file).ok().as_deref() != Some(&bytes[..]) {
            fs::create_dir_all(file.parent().unwrap()).unwrap();
            fs::write(&file, &bytes).unwrap();
            stale.push(key.to_string());
        }
    }
    assert!(stale.is_empty(), "written again (commit them): {stale:?}");
}

#[test]
fn a_recorded_runs_hold_metrics_are_the_ones_lab_real_printed_for_it() {
    for key in RECORDED {
        let run = recorded(key);
        let trace = run.trace();
        let table = TableRun::of(&trace);
        let printed = |metric: &str| {
            real_values(key, metric).unwrap_or_else(|| panic!("{key}: no `{metric}` in summary.json"))
                [run.run_index as usize]
        };
        for metric in HOLD_METRICS {
            let ours = table.value(metric).unwrap_or_else(|| panic!("{key}: no `{metric}` from the record"));
            assert_eq!(ours, printed(metric), "{key} run {}: {metric}", run.run_index);
        }
        // The server's side: the leases rebuilt from Redis's clock ran out as
        // often as Redis counted (`expired_keys`), and as many releases found
        // the key gone as the history says.
        assert_eq!(trace.details.leases_expired as f64, printed("leases_expired"), "{key}: leases expired");
        assert_eq!(trace.details.expired_at_release as f64, printed("expired_at_release"), "{key}: EXPIRED at release");
    }
}
