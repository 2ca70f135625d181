//! Row-lock waits in the trace (model.md §1.2 "Database", §6 A4/A6): at
//! `TraceLevel::Full` the engine records when a statement queued behind
//! another transaction's row lock and when it got the lock. These tests check
//! that the records describe what the DB really did.

use consistency_lab::sim::lease::{run, EventKind, LeaseTrace, LockingStmt, Preset, TraceLevel, Variant};

/// One wait: (worker, wallet, stmt, ahead, began µs, granted µs, waited_us, released_by).
#[derive(Debug, Clone, Copy)]
struct Wait {
    worker: u32,
    wallet: u32,
    hold: u32,
    stmt: LockingStmt,
    ahead: u32,
    began_us: u64,
    granted_us: u64,
    waited_us: u64,
    released_by: u32,
}

/// A wait not yet granted: wallet, hold, statement, waiters ahead, when it began (µs).
type OpenWait = (u32, u32, LockingStmt, u32, u64);

/// Pairs every `RowLockWaitBegan` with the same worker's next `RowLockGranted`,
/// asserting that they alternate per worker and agree with each other.
fn waits(t: &LeaseTrace) -> Vec<Wait> {
    let mut open: Vec<Option<OpenWait>> = vec![None; t.config.threads as usize];
    let mut out = Vec::new();
    for e in &t.events {
        match e.kind {
            EventKind::RowLockWaitBegan { worker, wallet, hold, stmt, ahead } => {
                let slot = &mut open[worker as usize];
                assert!(slot.is_none(), "worker {worker} waits twice at once");
                assert!(ahead >= 1);
                *slot = Some((wallet, hold, stmt, ahead, e.at.t_us));
            }
            EventKind::RowLockGranted { worker, wallet, hold, stmt, waited_us, released_by } => {
                let (w0, h0, s0, ahead, began_us) = open[worker as usize].take().expect("a grant ends a wait");
                assert_eq!((w0, h0, s0), (wallet, hold, stmt), "the grant names the statement that waited");
                assert!(e.at.t_us >= began_us, "granted before it queued");
                assert_eq!(waited_us, e.at.t_us - began_us);
                assert_ne!(released_by, worker, "a transaction never waits for itself");
                out.push(Wait {
                    worker,
                    wallet,
                    hold,
                    stmt,
                    ahead,
                    began_us,
                    granted_us: e.at.t_us,
                    waited_us,
                    released_by,
                });
            }
            _ => {}
        }
    }
    assert!(open.iter().all(Option::is_none), "every wait ends with a grant");
    out
}

/// The client-side fact with which worker `k`'s transaction ended, observed
/// one DB latency after its COMMIT/ROLLBACK arrived at the server.
fn ended_transaction_at(t: &LeaseTrace, k: u32, at_us: u64) -> bool {
    t.events.iter().any(|e| {
        e.at.t_us == at_us
            && match e.kind {
                EventKind::BalanceRead { worker, .. }
                | EventKind::BalanceWritten { worker, .. }
                | EventKind::FenceRejected { worker, .. }
                | EventKind::InsufficientFunds { worker, .. } => worker == k,
                _ => false,
            }
    })
}

fn check_releasers(t: &LeaseTrace, ws: &[Wait]) {
    assert_eq!(t.config.noise.latency_jitter_pct, 0, "the check below uses the fixed DB latency");
    let net = u64::from(t.config.db_net_us);
    for w in ws {
        assert!(
            ended_transaction_at(t, w.released_by, w.granted_us + net),
            "{w:?}: the lock was granted when worker {}'s transaction ended",
            w.released_by
        );
        let h = &t.holds[w.hold as usize];
        assert_eq!((h.worker, h.wallet), (w.worker, w.wallet));
        assert!(
            h.acquired_at.t_us <= w.began_us && w.granted_us <= h.released_at.t_us,
            "the wait lies inside its hold"
        );
    }
}

#[test]
fn the_read_time_transaction_waits_for_the_old_owners_write_in_c2() {
    let t = run(&Preset::Exp3C2.config(), 1, 0, TraceLevel::Full);
    assert_eq!(t.config.variant, Variant::FenceRead);
    assert!(t.config.fence_check_locks_row);
    let ws = waits(&t);
    println!("exp3_c2: {} waits, longest {} µs", ws.len(), ws.iter().map(|w| w.waited_us).max().unwrap_or(0));
    assert!(!ws.is_empty(), "some read-time transactions wait");
    check_releasers(&t, &ws);
    // Both flows lock the fence row first, so the read-time transaction
    // (FenceAdvance) and the write transaction (FenceCheck) meet on the fence
    // row; a FOR SHARE then finds the wallet row free.
    assert!(ws.iter().all(|w| w.stmt.on_fence_row()), "{ws:?}");
    assert!(ws.iter().any(|w| w.stmt == LockingStmt::FenceAdvance), "a new owner's read-time advance waits");
}

#[test]
fn for_share_reads_wait_for_an_uncommitted_update() {
    // The teaching toggle: the write-time equality check takes no row lock,
    // so the old owner's UPDATE (X on the wallet row) is what a FOR SHARE meets.
    let mut c = Preset::Exp3C2.config();
    c.fence_check_locks_row = false;
    // Pauses just over the TTL: the next owner acquires as the old one writes.
    (c.pause_min_ms, c.pause_max_ms) = (200, 230);
    let mut share = Vec::new();
    for seed in 1..=4 {
        let t = run(&c, seed, 0, TraceLevel::Full);
        let ws = waits(&t);
        check_releasers(&t, &ws);
        for w in ws.iter().filter(|w| w.stmt == LockingStmt::ForShare) {
            // Only a writer holds X on the wallet row: the releaser committed a balance write.
            let at = w.granted_us + u64::from(c.db_net_us);
            assert!(
                t.events.iter().any(|e| e.at.t_us == at
                    && matches!(e.kind, EventKind::BalanceWritten { worker, .. } if worker == w.released_by)),
                "{w:?}"
            );
            share.push(*w);
        }
    }
    println!("FOR SHARE waits without the fence-row lock: {}", share.len());
    assert!(!share.is_empty(), "some FOR SHARE reads wait");
}

#[test]
fn conditional_updates_queue_behind_each_other_on_the_wallet_row() {
    let t = run(&Preset::Exp4.config(), 1, 0, TraceLevel::Full);
    let ws = waits(&t);
    println!(
        "exp4: {} waits, max ahead {}, longest {} µs",
        ws.len(),
        ws.iter().map(|w| w.ahead).max().unwrap_or(0),
        ws.iter().map(|w| w.waited_us).max().unwrap_or(0)
    );
    assert!(!ws.is_empty(), "some UPDATEs queue");
    for w in &ws {
        assert_eq!(w.stmt, LockingStmt::ConditionalUpdate, "(d) locks nothing else");
        // Fixed assignment: the releaser's UPDATE was on the same wallet row.
        assert_eq!(w.released_by % t.config.wallets, w.wallet, "{w:?}");
    }
    check_releasers(&t, &ws);
}

#[test]
fn waits_are_recorded_at_full_level_only() {
    for preset in [Preset::Exp3C2, Preset::Exp4] {
        let c = preset.config();
        for level in [TraceLevel::Summary, TraceLevel::Holds] {
            let t = run(&c, 1, 0, level);
            assert!(t
                .events
                .iter()
                .all(|e| !matches!(e.kind, EventKind::RowLockWaitBegan { .. } | EventKind::RowLockGranted { .. })));
        }
    }
    for preset in Preset::ALL {
        let t = run(&preset.config(), 2, 1, TraceLevel::Full);
        let ws = waits(&t);
        if t.config.noise.latency_jitter_pct == 0 {
            check_releasers(&t, &ws);
        }
        println!("{}: {} row-lock waits", preset.key(), ws.len());
    }
    let mut c = Preset::Exp4.config();
    c.threads = 64;
    println!("exp4 64 threads: {} waits", waits(&run(&c, 1, 0, TraceLevel::Full)).len());
}

#[test]
fn the_text_alternative_counts_the_waits_it_describes() {
    use lab_model::analysis::{row_lock_waits, RowWaitSummary, WindowSummary};
    use lab_sim::lease::LockingStmt;
    let mut c = Preset::Exp4.config();
    c.threads = 64;
    c.duration_s = 3;
    let t = run(&c, 1, 0, TraceLevel::Full);
    let ws = row_lock_waits(&t);
    assert!(!ws.is_empty());
    assert_eq!(ws.len(), waits(&t).len());
    let s = WindowSummary::of(&t, 0, 3_000_000).row_waits;
    let longest = ws.iter().map(|w| w.waited_us(t.details.end_us)).max().unwrap();
    assert_eq!(s.by_stmt, vec![(LockingStmt::ConditionalUpdate, ws.len())]);
    assert_eq!(s.longest_us, longest);
    assert_eq!(s.most_ahead, ws.iter().map(|w| w.ahead).max().unwrap());
    // A window with no wait says so for (d); a variant that never waits says nothing.
    let quiet = RowWaitSummary::of(&t, 0, ws[0].began.t_us);
    assert!(quiet.by_stmt.is_empty() && quiet.quiet, "{quiet:?}");
    let c1 = run(&Preset::Exp3C1.config(), 1, 0, TraceLevel::Full);
    let never = RowWaitSummary::of(&c1, 0, 3_000_000);
    assert!(row_lock_waits(&c1).is_empty() && never.by_stmt.is_empty() && !never.quiet);
}

#[test]
fn the_timeline_draws_a_box_per_wait_and_a_key() {
    use consistency_lab::figures::timeline::{draw_timeline, height_css, TimelineMarks};
    use consistency_lab::figures::View;
    consistency_lab::figures::export::ensure_font().unwrap();
    let svg = |t: &LeaseTrace, view: &View| {
        let h = height_css(t, view, &TimelineMarks::of(t)).round() as u32;
        consistency_lab::figures::recording::svg_of((1280, h), |area| draw_timeline(area, t, view)).unwrap()
    };
    let mut c = Preset::Exp4.config();
    c.threads = 64;
    c.duration_s = 3;
    let t = run(&c, 1, 0, TraceLevel::Full);
    let marks = TimelineMarks::of(&t);
    let all = View::default();
    let with = svg(&t, &all);
    let key = consistency_lab::figures::timeline::LegendItem::RowWait.label(lab_words::Words::of(lab_words::Lang::Ko));
    assert!(with.contains(key), "the key names the mark");
    // Hiding the wallets whose rows were waited on removes the key and its row.
    let waited: Vec<u32> = waits(&t).iter().map(|w| w.wallet).collect();
    if let Some(free) = (0..c.wallets).find(|w| !waited.contains(w)) {
        let v = View { wallets: vec![free], ..View::default() };
        assert!(!svg(&t, &v).contains(key));
        assert!(
            height_css(&t, &v, &marks) < height_css(&t, &View { wallets: vec![waited[0]], ..View::default() }, &marks)
        );
    }
    let one = View { wallets: vec![waited[0]], ..View::default() };
    let h_with = height_css(&t, &one, &marks);
    let before_first = View { cursor_us: 0, ..one.clone() };
    assert_eq!(height_css(&t, &before_first, &marks), h_with, "playing does not change the height");
}
