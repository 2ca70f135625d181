//! `lab sweep`: the sweep figures' grids on the command line print exactly
//! what `lab_model::sweep` computes, and bad keys exit 2.

use std::process::Command;

use lab_model::params::SweepKind;
use lab_model::sweep::{parse_strict, run_row};

fn lab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

#[test]
fn sweep_json_matches_the_library_and_bad_keys_exit_2() {
    let params = "variant=naive&tpw_lo=1&tpw_hi=2&wallets_lo=2&wallets_hi=2&seeds=1";
    let out = lab(&["sweep", "sweep-contention", "--params", params, "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let cells = v["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 2);
    let (spec, _) = parse_strict(SweepKind::Contention, params, false).expect("valid keys");
    let row = run_row(&spec, 0);
    for (ix, cell) in cells.iter().enumerate() {
        assert_eq!(cell["over_approval_mean"].as_f64(), Some(row[ix].over_mean));
        assert_eq!(cell["params"].as_str(), Some(spec.cell_query_string(ix, 0).as_str()));
    }
    // One thread per wallet cannot over-approve; two can.
    assert_eq!(row[0].over_max, 0);
    assert!(row[1].over_min > 0);

    for bad in [
        &["sweep"][..],
        &["sweep", "nope"],
        &["sweep", "sweep-ttl-pause", "--params", "ttl_ms=5"],
        &["sweep", "sweep-ttl-pause", "--params", "n=999"],
    ] {
        let out = lab(bad);
        assert_eq!(out.status.code(), Some(2), "lab {bad:?}");
        assert!(out.stdout.is_empty());
    }
}
