//! Scenario B crash-point matrix (model.md §4.8): the expected table's claims
//! as readable assertions, the golden JSON of `matrix()` for every store
//! profile × device setting, the fence checks and the cut counts.
//!
//! To re-pin the golden files after an intended change:
//! `VOTE_UPDATE_GOLDEN=1 cargo test --release --test vote_matrix`.

use consistency_lab::sim::vote::crashpoints::{
    cut_counts, matrix, matrix_with, positions, send_or_write_after_fence, MatrixOptions, Verdict,
};
use consistency_lab::sim::vote::{CrashRow, FaultKind, Layout, StoreProfile, Variant};

fn rows(v: Variant, profile: StoreProfile, dev: bool, fault: FaultKind) -> Vec<CrashRow> {
    matrix(profile, dev).into_iter().filter(|r| r.variant == v && r.fault == fault).collect()
}

fn h2(v: Variant, fault: FaultKind) -> Vec<CrashRow> {
    rows(v, StoreProfile::H2Like, true, fault)
}

/// The `after` names of the unsafe cells, in cut order.
fn unsafe_after(rows: &[CrashRow]) -> Vec<&str> {
    rows.iter().filter(|r| r.verdict == Verdict::Unsafe).map(|r| r.after.as_str()).collect()
}

fn row<'a>(rows: &'a [CrashRow], after: &str) -> &'a CrashRow {
    rows.iter().find(|r| r.after == after).unwrap_or_else(|| panic!("no cell after {after}"))
}

const SENDS: [&str; 3] = ["SEND_B", "SEND_C", "SEND_D"];

#[test]
fn v0_is_safe_everywhere_when_the_device_honours_sync() {
    for profile in StoreProfile::ALL {
        for fault in FaultKind::ALL {
            let r = rows(Variant::V0, profile, true, fault);
            assert!(r.iter().all(|c| c.verdict == Verdict::Safe), "{profile:?} {fault:?}");
        }
    }
}

#[test]
fn v0_is_power_unsafe_after_fsync_when_the_device_lies() {
    for profile in StoreProfile::ALL {
        let kill = rows(Variant::V0, profile, false, FaultKind::Kill);
        assert!(kill.iter().all(|c| c.verdict == Verdict::Safe));
        let power = rows(Variant::V0, profile, false, FaultKind::Power);
        assert_eq!(unsafe_after(&power), SENDS, "{profile:?}");
        // Every background interleaving is unsafe there: nothing survives a lying device.
        assert!(power.iter().filter(|c| c.verdict == Verdict::Unsafe).all(|c| c.unsafe_subcuts == c.subcuts));
    }
}

#[test]
fn v1_is_unsafe_from_its_first_send() {
    let kill = h2(Variant::V1, FaultKind::Kill);
    // Until the drain (or BG_W) has moved the record out of the store queue.
    assert_eq!(unsafe_after(&kill), ["SEND_B", "SEND_C", "SEND_D", "WRITE", "COMMIT"]);
    assert_eq!((row(&kill, "COMMIT").unsafe_subcuts, row(&kill, "COMMIT").subcuts), (1, 3));
    let power = h2(Variant::V1, FaultKind::Power);
    // Until the fsync (or BG_F) has put it on disk.
    assert_eq!(unsafe_after(&power), ["SEND_B", "SEND_C", "SEND_D", "WRITE", "COMMIT", "DRAIN"]);
    assert_eq!(row(&power, "FSYNC").verdict, Verdict::Safe);
    for profile in StoreProfile::ALL {
        for fault in FaultKind::ALL {
            let r = rows(Variant::V1, profile, true, fault);
            assert_eq!(r.iter().find(|c| c.verdict == Verdict::Unsafe).unwrap().after, "SEND_B");
        }
    }
}

#[test]
fn v2_is_unsafe_for_good_after_a_rollback() {
    for profile in StoreProfile::ALL {
        for dev in [true, false] {
            for fault in FaultKind::ALL {
                let r = rows(Variant::V2, profile, dev, fault);
                let rb = row(&r, "OUTER_ROLLBACK");
                assert_eq!(rb.verdict, Verdict::Unsafe);
                assert_eq!(rb.unsafe_subcuts, rb.subcuts, "no background work can bring it back");
                assert_eq!(rb.branch, "outer_end=rollback");
            }
        }
    }
    let kill = h2(Variant::V2, FaultKind::Kill);
    assert_eq!(unsafe_after(&kill), ["SEND_B", "SEND_C", "SEND_D", "OUTER_COMMIT", "OUTER_ROLLBACK"]);
    // After the outer commit: unsafe until BG_W (kill) / BG_F (power).
    assert_eq!((row(&kill, "OUTER_COMMIT").unsafe_subcuts, row(&kill, "OUTER_COMMIT").subcuts), (1, 3));
    let power = h2(Variant::V2, FaultKind::Power);
    assert_eq!((row(&power, "OUTER_COMMIT").unsafe_subcuts, row(&power, "OUTER_COMMIT").subcuts), (2, 3));
}

#[test]
fn v2g_refuses_the_join_and_never_sends() {
    let p = positions(Variant::V2g, &MatrixOptions::default());
    assert_eq!(p.last().unwrap().after, "WRITE_REFUSED");
    assert!(!p.iter().any(|c| c.after.starts_with("SEND")));
    for fault in FaultKind::ALL {
        assert!(h2(Variant::V2g, fault).iter().all(|c| c.verdict == Verdict::Safe));
    }
}

#[test]
fn v3_is_kill_safe_but_power_unsafe_under_wal_os_cache() {
    let kill = rows(Variant::V3, StoreProfile::WalOsCache, true, FaultKind::Kill);
    assert!(kill.iter().all(|c| c.verdict == Verdict::Safe));
    let power = rows(Variant::V3, StoreProfile::WalOsCache, true, FaultKind::Power);
    assert_eq!(unsafe_after(&power), SENDS);
    // Until OS writeback: the sub-cut with BG_F done is safe.
    assert_eq!((row(&power, "SEND_B").unsafe_subcuts, row(&power, "SEND_B").subcuts), (1, 2));
    // Under H2Like it is not even kill-safe: the record may still sit in the store queue.
    let h2_kill = h2(Variant::V3, FaultKind::Kill);
    assert_eq!(unsafe_after(&h2_kill), SENDS);
    assert_eq!((row(&h2_kill, "SEND_B").unsafe_subcuts, row(&h2_kill, "SEND_B").subcuts), (1, 3));
    let h2_power = h2(Variant::V3, FaultKind::Power);
    assert_eq!((row(&h2_power, "SEND_B").unsafe_subcuts, row(&h2_power, "SEND_B").subcuts), (2, 3));
    // A synchronous WAL makes the commit itself durable.
    for fault in FaultKind::ALL {
        assert!(rows(Variant::V3, StoreProfile::RocksSyncWal, true, fault).iter().all(|c| c.verdict == Verdict::Safe));
    }
}

#[test]
fn v4_sync_call_without_drain() {
    let kill = h2(Variant::V4, FaultKind::Kill);
    assert_eq!(unsafe_after(&kill), SENDS);
    // Unsafe only if BG_W had not run at all.
    assert_eq!((row(&kill, "SEND_B").unsafe_subcuts, row(&kill, "SEND_B").subcuts), (1, 3));
    let power = h2(Variant::V4, FaultKind::Power);
    // Also when BG_W ran after SYNCCALL (the record is only in the OS cache).
    assert_eq!((row(&power, "SEND_B").unsafe_subcuts, row(&power, "SEND_B").subcuts), (2, 3));
    assert_eq!(row(&power, "SYNCCALL").verdict, Verdict::Safe);
}

#[test]
fn fence_variants_never_send_or_write_after_the_fence() {
    for v in [Variant::FFence, Variant::IWaitThenFence] {
        for profile in StoreProfile::ALL {
            for dev in [true, false] {
                let opts = MatrixOptions::new(profile, dev);
                assert!(!send_or_write_after_fence(v, &opts), "{v:?}");
                assert!(!positions(v, &opts).iter().any(|p| p.after.starts_with("SEND")), "{v:?}");
                for fault in FaultKind::ALL {
                    let r = rows(v, profile, dev, fault);
                    assert!(r.iter().all(|c| c.verdict != Verdict::Unsafe), "{v:?} {profile:?} {dev} {fault:?}");
                    assert!(r.iter().filter(|c| c.after == "FENCED").all(|c| c.verdict == Verdict::Fenced));
                    assert!(r.iter().any(|c| c.after == "FENCED"));
                }
            }
        }
    }
}

#[test]
fn naive_retry_is_unsafe_where_ys_record_is_lost() {
    let kill = h2(Variant::FNaiveRetry, FaultKind::Kill);
    for c in &kill {
        let expect = c.after.starts_with("SEND") && c.branch.contains("y_true_state=dropped");
        assert_eq!(c.verdict == Verdict::Unsafe, expect, "{c:?}");
    }
    let power = h2(Variant::FNaiveRetry, FaultKind::Power);
    for c in &power {
        let lost = c.branch.contains("y_true_state=dropped") || c.branch.contains("y_true_state=os_cache");
        assert_eq!(c.verdict == Verdict::Unsafe, c.after.starts_with("SEND") && lost, "{c:?}");
    }
    // Without poisoning (a later "ok" sync is trusted), naive retry is safe.
    let trusting = MatrixOptions { poisoning: false, ..MatrixOptions::default() };
    assert!(matrix_with(&trusting)
        .iter()
        .filter(|c| c.variant == Variant::FNaiveRetry)
        .all(|c| c.verdict == Verdict::Safe));
}

#[test]
fn engine_fence_only_resends_what_may_be_lost() {
    let kill = h2(Variant::FEngineFenceOnly, FaultKind::Kill);
    for c in &kill {
        let expect = c.after.starts_with("SEND") && c.branch == "true_state=dropped";
        assert_eq!(c.verdict == Verdict::Unsafe, expect, "{c:?}");
    }
    let power = h2(Variant::FEngineFenceOnly, FaultKind::Power);
    for c in &power {
        let expect = c.after.starts_with("SEND") && c.branch != "true_state=disk";
        assert_eq!(c.verdict == Verdict::Unsafe, expect, "{c:?}");
    }
}

#[test]
fn interrupt_as_success_behaves_like_v3_or_v4() {
    let kill = h2(Variant::IAsSuccess, FaultKind::Kill);
    // Interrupted in the drain: the record may still be in the store queue.
    assert!(kill
        .iter()
        .filter(|c| c.after.starts_with("SEND"))
        .all(|c| (c.verdict == Verdict::Unsafe) == (c.branch == "interrupt=drain")));
    let power = h2(Variant::IAsSuccess, FaultKind::Power);
    assert!(power.iter().filter(|c| c.after.starts_with("SEND")).all(|c| c.verdict == Verdict::Unsafe));
}

#[test]
fn abort_release_is_safe_with_an_append_log_but_not_with_a_last_state_row() {
    for fault in FaultKind::ALL {
        assert!(h2(Variant::IAbortRelease, fault).iter().all(|c| c.verdict == Verdict::Safe));
    }
    let row_layout = MatrixOptions { layout: Layout::LastStateRow, ..MatrixOptions::default() };
    let m = matrix_with(&row_layout);
    for fault in FaultKind::ALL {
        let unsafe_cells: Vec<&str> = m
            .iter()
            .filter(|c| c.variant == Variant::IAbortRelease && c.fault == fault && c.verdict == Verdict::Unsafe)
            .map(|c| c.after.as_str())
            .collect();
        // X's late commit lands after Y's and overwrites the last-sign state: false memory.
        assert_eq!(unsafe_cells, ["SEND_B(Y)", "SEND_C(Y)", "SEND_D(Y)"], "{fault:?}");
    }
}

#[test]
fn cut_counts_match_the_prototype_where_comparable() {
    let counts = cut_counts(&MatrixOptions::default());
    let got: Vec<(&str, u32)> = counts.iter().map(|(v, n)| (v.code(), *n)).collect();
    // V2 has 11 rather than the prototype's 10: see the crashpoints module doc.
    assert_eq!(
        got,
        [
            ("V0", 26),
            ("V1", 17),
            ("V2", 11),
            ("V2g", 4),
            ("V3", 15),
            ("V4", 18),
            ("F-fence", 16),
            ("F-naive-retry", 61),
            ("F-engine-fence-only", 25),
            ("I-wait-then-fence", 33),
            ("I-as-success", 86),
            ("I-abort-release", 133),
        ]
    );
}

#[test]
fn matrix_is_deterministic_and_rows_are_complete() {
    for profile in StoreProfile::ALL {
        for dev in [true, false] {
            let a = matrix(profile, dev);
            assert_eq!(a, matrix(profile, dev));
            for v in Variant::ALL {
                let n = positions(v, &MatrixOptions::new(profile, dev)).len();
                assert_eq!(a.iter().filter(|r| r.variant == v).count(), 2 * n);
            }
            assert!(a.iter().all(|r| r.unsafe_subcuts <= r.subcuts && r.subcuts >= 1));
            assert!(a.iter().all(|r| (r.verdict == Verdict::Unsafe) == (r.unsafe_subcuts > 0)));
        }
    }
}

#[test]
fn golden_matrix_json() {
    let update = std::env::var_os("VOTE_UPDATE_GOLDEN").is_some();
    for profile in StoreProfile::ALL {
        for dev in [true, false] {
            // One row per line: small, and a diff shows exactly which cells changed.
            let lines: Vec<String> = matrix(profile, dev).iter().map(|r| serde_json::to_string(r).unwrap()).collect();
            let json = format!("[\n{}\n]\n", lines.join(",\n"));
            let path = format!(
                "{}/tests/golden/vote_matrix_{}_{}.json",
                env!("CARGO_MANIFEST_DIR"),
                profile.key(),
                if dev { "sync_honoured" } else { "sync_ignored" }
            );
            if update {
                std::fs::write(&path, &json).unwrap();
            }
            let pinned = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing golden file {path}"));
            assert!(pinned == json, "{path} differs from matrix(); re-pin with VOTE_UPDATE_GOLDEN=1 if intended");
        }
    }
}
