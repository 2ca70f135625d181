//! The words of a run's description, its table rows and the article's cells (lab_model::{analysis,article,sweep}).
//!
//! Declared here once; the Korean table is [`crate::ko::analysis`], the English
//! one [`crate::en::analysis`]. The facts are the model's: a run's
//! [`RunSummary`], a timeline window's [`WindowSummary`], a trace event, an
//! [`AnomalyKind`], a sweep's [`SweepResult`]. The code below picks the
//! template from them, the same for every language.

use lab_model::analysis::{group_thousands, AnomalyKind, RowWaitSummary, RunSummary, WindowSummary};
use lab_model::article::{CellNote, Measured};
use lab_model::metrics::{article_text_in, ArticleText, Metric};
use lab_model::params::{SweepKind, SweepMetric};
use lab_model::sweep::{fmt1, SweepResult};
use lab_sim::lease::{EventKind, FencePhase, LockingStmt, ReleaseResult, TraceEvent};

use crate::Words;

crate::words! {
    /// A trace event's line, one template per kind: `{worker}`, `{wallet}`,
    /// `{token}`, `{won}`, `{ms}`, `{process}`, `{stmt}`, `{row}`, `{ahead}`, `{by}`, `{result}`.
    pub struct EventWords {
        /// The line: `{at}` (ms, one decimal), `{body}`.
        pub line: &'static str,
        pub request_started: &'static str,
        pub acquire_refused: &'static str,
        pub lock_acquired: &'static str,
        pub lockless_section: &'static str,
        pub balance_read: &'static str,
        pub fence_rejected_read: &'static str,
        pub fence_rejected_write: &'static str,
        pub balance_written: &'static str,
        pub insufficient: &'static str,
        pub released: &'static str,
        /// A release's result, in `Released, Stolen, Expired, Error, NotApplicable` order.
        pub release_results: [&'static str; 5],
        pub lease_extended: &'static str,
        pub watchdog_saw_lost: &'static str,
        pub lease_expired: &'static str,
        pub response: &'static str,
        pub process_stopped: &'static str,
        pub process_resumed: &'static str,
        pub lock_server_killed: &'static str,
        pub lock_server_restarted: &'static str,
        pub lock_server_stalled: &'static str,
        pub row_wait_began: &'static str,
        pub row_lock_granted: &'static str,
        /// Any other event.
        pub other: &'static str,
        /// The row a statement locks: the fence table's.
        pub fence_row: &'static str,
        /// The row a statement locks: the balance's.
        pub balance_row: &'static str,
    }
}

crate::words! {
    /// A sweep heatmap's text alternative and its cells' descriptions.
    pub struct SweepWords {
        /// A cell's head: `{x_name}`, `{x}`, `{y_name}`, `{y}`.
        pub cell_head: &'static str,
        /// A cell still computing: `{head}`.
        pub computing_cell: &'static str,
        /// A finished cell: `{head}`, `{over_mean}`, `{seeds}`, `{over_min}`, `{over_max}`, `{thr_mean}`.
        pub cell: &'static str,
        /// The grid: `{variant}`, `{nx}`, `{ny}`, `{x_name}`, `{x_lo}`, `{x_hi}`, `{y_name}`, `{y_lo}`, `{y_hi}`, `{seeds}`.
        pub grid: &'static str,
        /// Rows still computing: `{done}`, `{rows}`.
        pub computing: &'static str,
        /// No over-approval anywhere: `{total}`.
        pub all_zero: &'static str,
        /// Where over-approval happened: `{total}`, `{over}`, `{max_mean}`, `{x_name}`, `{x}`, `{y_name}`, `{y}`.
        pub some_over: &'static str,
        /// A pause row safe from a TTL on: `{pause}`, `{ttl}`.
        pub safe_from: &'static str,
        /// A pause row over-approving at every TTL: `{pause}`.
        pub never_safe: &'static str,
        /// The rows' TTLs: `{parts}`.
        pub safe_ttls: &'static str,
        /// The throughput's range: `{lo}`, `{hi}`.
        pub throughput: &'static str,
    }
}

crate::words! {
    /// The article's own words in its cells and its notes that stand in for a cell ([`CellNote`]).
    pub struct CellNoteWords {
        pub one_artifact: &'static str,
        pub no_lock_is_normal: &'static str,
        pub same_before_during_after: &'static str,
        pub almost_all_rejected: &'static str,
        pub no_lock: &'static str,
        pub ttl1s_expiry: &'static str,
        pub c2_restart_rejects: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct AnalysisWords {
        /// A run's description: `{variant}`, `{ttl}`, `{pause_min}`, `{pause_max}`, `{threads}`, `{wallets}`,
        /// `{seed}`, `{run}`, `{duration}`, `{approvals}`, `{possible}`, `{pairs}`, `{owners}`.
        pub run: &'static str,
        /// Its STOLEN part, for the variants that release conditionally: `{stolen}`.
        pub run_stolen: &'static str,
        /// Its end: `{over}`, `{drift}`, `{negative}`, `{wallets}`.
        pub run_end: &'static str,
        /// A timeline window: `{t0}`, `{t1}` (s, one decimal), `{holds}`, `{approved}`, `{overlaps}`, `{stale}`, `{stolen}`.
        pub window: &'static str,
        /// No row-lock wait in a variant that meets at one.
        pub waits_quiet: &'static str,
        /// One statement's waits: `{stmt}`, `{n}`.
        pub waits_part: &'static str,
        /// The waits: `{parts}`, `{longest}`.
        pub waits: &'static str,
        /// The longest wait, under 0.1 ms.
        pub longest_tiny: &'static str,
        /// The longest wait: `{ms}` (one decimal).
        pub longest: &'static str,
        /// The longest queue: `{n}`.
        pub most_ahead: &'static str,
        /// The statements that wait for a row lock, in `ForShare, Update, ConditionalUpdate, FenceAdvance, FenceCheck` order.
        pub stmts: [&'static str; 5],
        /// The anomalies, in `OverlapStart, StaleWrite, LedgerNegative, Stolen, FenceReject` order.
        pub anomalies: [&'static str; 5],
        /// A trace event's line.
        pub events: EventWords,
        /// A sweep's words.
        pub sweep: SweepWords,
        /// The article's words in its cells.
        pub cell_notes: CellNoteWords,
    }
}

/// The article's own words in a cell, or its note.
pub fn cell_note(w: &Words, note: CellNote) -> &'static str {
    let t = &w.analysis.cell_notes;
    match note {
        CellNote::Verbatim(text) => text,
        CellNote::OneArtifact => t.one_artifact,
        CellNote::NoLockIsNormal => t.no_lock_is_normal,
        CellNote::SameBeforeDuringAfter => t.same_before_during_after,
        CellNote::AlmostAllRejected => t.almost_all_rejected,
        CellNote::NoLock => t.no_lock,
        CellNote::Ttl1sExpiry => t.ttl1s_expiry,
        CellNote::C2RestartRejects => t.c2_restart_rejects,
    }
}

/// An article cell as the article printed it, its words in this language.
pub fn article_cell(w: &'static Words, cell: &Measured, decimals: usize) -> String {
    cell.display_in(decimals, |note| cell_note(w, note))
}

/// The article's value of `metric` for the configuration `key`, its words in
/// this language (`lab_model::metrics::article_text`).
pub fn article_text(w: &'static Words, key: &str, metric: Metric) -> Option<ArticleText> {
    article_text_in(key, metric, |note| cell_note(w, note))
}

/// An anomaly's name (the player's jumps).
pub fn anomaly(w: &Words, kind: AnomalyKind) -> &'static str {
    let i = match kind {
        AnomalyKind::OverlapStart => 0,
        AnomalyKind::StaleWrite => 1,
        AnomalyKind::LedgerNegative => 2,
        AnomalyKind::Stolen => 3,
        AnomalyKind::FenceReject => 4,
    };
    w.analysis.anomalies[i]
}

/// The name of a statement that waits for a row lock.
pub fn locking_stmt(w: &Words, stmt: LockingStmt) -> &'static str {
    let i = match stmt {
        LockingStmt::ForShare => 0,
        LockingStmt::Update => 1,
        LockingStmt::ConditionalUpdate => 2,
        LockingStmt::FenceAdvance => 3,
        LockingStmt::FenceCheck => 4,
    };
    w.analysis.stmts[i]
}

/// A sentence describing a run with its key numbers, for screen readers.
pub fn run_description(w: &Words, r: &RunSummary) -> String {
    let t = &w.analysis;
    let n = |v: u64| group_thousands(v as i64);
    let mut s = w.fill(
        t.run,
        &[
            ("variant", r.variant.article_label()),
            ("ttl", &r.ttl_ms.to_string()),
            ("pause_min", &r.pause_min_ms.to_string()),
            ("pause_max", &r.pause_max_ms.to_string()),
            ("threads", &r.threads.to_string()),
            ("wallets", &r.wallets.to_string()),
            ("seed", &r.seed.to_string()),
            ("run", &r.run_index.to_string()),
            ("duration", &r.duration_s.to_string()),
            ("approvals", &n(r.approvals)),
            ("possible", &n(r.possible_approvals)),
            ("pairs", &n(r.ownership_overlap_pairs)),
            ("owners", &r.max_concurrent_owners.to_string()),
        ],
    );
    if let Some(stolen) = r.stolen_at_release {
        s.push_str(&w.fill(t.run_stolen, &[("stolen", &n(stolen))]));
    }
    s.push_str(&w.fill(
        t.run_end,
        &[
            ("over", &n(r.over_approval)),
            ("drift", &group_thousands(r.drift_won)),
            ("negative", &r.negative_ledger_wallets.to_string()),
            ("wallets", &r.wallets.to_string()),
        ],
    ));
    s
}

/// What the visible part of a timeline shows, for its text alternative.
pub fn window_description(w: &Words, s: &WindowSummary) -> String {
    let mut out = w.fill(
        w.analysis.window,
        &[
            ("t0", &format!("{:.1}", s.t0_us as f64 / 1e6)),
            ("t1", &format!("{:.1}", s.t1_us as f64 / 1e6)),
            ("holds", &s.holds.to_string()),
            ("approved", &s.approved.to_string()),
            ("overlaps", &s.overlap_starts.to_string()),
            ("stale", &s.stale_writes.to_string()),
            ("stolen", &s.stolen.to_string()),
        ],
    );
    out.push_str(&row_waits(w, &s.row_waits));
    out
}

/// The row-lock sentence of [`window_description`]: empty when there was no
/// wait and the variant does not meet at a row lock.
pub fn row_waits(w: &Words, s: &RowWaitSummary) -> String {
    let t = &w.analysis;
    if s.by_stmt.is_empty() {
        return if s.quiet { t.waits_quiet.to_string() } else { String::new() };
    }
    let parts: Vec<String> = s
        .by_stmt
        .iter()
        .map(|(stmt, n)| w.fill(t.waits_part, &[("stmt", locking_stmt(w, *stmt)), ("n", &n.to_string())]))
        .collect();
    let longest = if s.longest_us < 100 {
        t.longest_tiny.to_string()
    } else {
        w.fill(t.longest, &[("ms", &format!("{:.1}", s.longest_us as f64 / 1000.0))])
    };
    let mut out = w.fill(t.waits, &[("parts", &parts.join(", ")), ("longest", &longest)]);
    if s.most_ahead >= 2 {
        out.push_str(&w.fill(t.most_ahead, &[("n", &s.most_ahead.to_string())]));
    }
    out
}

/// One line describing a trace event, for the player's "current event" text.
pub fn event_line(w: &Words, e: &TraceEvent) -> String {
    let t = &w.analysis.events;
    let ms1 = |us: u64| format!("{:.1}", us as f64 / 1000.0);
    let body = match &e.kind {
        EventKind::RequestStarted { worker, wallet } => {
            w.fill(t.request_started, &[("worker", &worker.to_string()), ("wallet", &wallet.to_string())])
        }
        EventKind::AcquireRefused { worker, wallet } => {
            w.fill(t.acquire_refused, &[("worker", &worker.to_string()), ("wallet", &wallet.to_string())])
        }
        EventKind::LockAcquired { worker, wallet, token, .. } => w.fill(
            t.lock_acquired,
            &[("worker", &worker.to_string()), ("wallet", &wallet.to_string()), ("token", &token.to_string())],
        ),
        EventKind::LocklessSectionStarted { worker, wallet, .. } => {
            w.fill(t.lockless_section, &[("worker", &worker.to_string()), ("wallet", &wallet.to_string())])
        }
        EventKind::BalanceRead { worker, wallet, value_won, .. } => w.fill(
            t.balance_read,
            &[("worker", &worker.to_string()), ("wallet", &wallet.to_string()), ("won", &group_thousands(*value_won))],
        ),
        EventKind::FenceRejected { worker, phase, .. } => {
            let template = if *phase == FencePhase::Read { t.fence_rejected_read } else { t.fence_rejected_write };
            w.fill(template, &[("worker", &worker.to_string())])
        }
        EventKind::BalanceWritten { worker, wallet, value_won, .. } => w.fill(
            t.balance_written,
            &[("worker", &worker.to_string()), ("wallet", &wallet.to_string()), ("won", &group_thousands(*value_won))],
        ),
        EventKind::InsufficientFunds { worker, .. } => w.fill(t.insufficient, &[("worker", &worker.to_string())]),
        EventKind::LockReleased { worker, result, .. } => {
            let i = match result {
                ReleaseResult::Released => 0,
                ReleaseResult::Stolen => 1,
                ReleaseResult::Expired => 2,
                ReleaseResult::Error => 3,
                ReleaseResult::NotApplicable => 4,
            };
            w.fill(t.released, &[("worker", &worker.to_string()), ("result", t.release_results[i])])
        }
        EventKind::LeaseExtended { wallet, token, .. } => {
            w.fill(t.lease_extended, &[("wallet", &wallet.to_string()), ("token", &token.to_string())])
        }
        EventKind::WatchdogSawLeaseLost { wallet, .. } => {
            w.fill(t.watchdog_saw_lost, &[("wallet", &wallet.to_string())])
        }
        EventKind::LeaseExpired { wallet, token } => {
            w.fill(t.lease_expired, &[("wallet", &wallet.to_string()), ("token", &token.to_string())])
        }
        EventKind::ResponseSent { worker, latency_us, .. } => w.fill(
            t.response,
            &[("worker", &worker.to_string()), ("ms", &format!("{:.0}", *latency_us as f64 / 1000.0))],
        ),
        EventKind::ProcessStopped { process } => w.fill(t.process_stopped, &[("process", &process.to_string())]),
        EventKind::ProcessResumed { process } => w.fill(t.process_resumed, &[("process", &process.to_string())]),
        EventKind::LockServerKilled => t.lock_server_killed.to_string(),
        EventKind::LockServerRestarted => t.lock_server_restarted.to_string(),
        EventKind::LockServerStalled { .. } => t.lock_server_stalled.to_string(),
        EventKind::RowLockWaitBegan { worker, wallet, stmt, ahead, .. } => w.fill(
            t.row_wait_began,
            &[
                ("worker", &worker.to_string()),
                ("stmt", locking_stmt(w, *stmt)),
                ("wallet", &wallet.to_string()),
                ("row", if stmt.on_fence_row() { t.fence_row } else { t.balance_row }),
                ("ahead", &ahead.to_string()),
            ],
        ),
        EventKind::RowLockGranted { worker, stmt, waited_us, released_by, .. } => w.fill(
            t.row_lock_granted,
            &[
                ("worker", &worker.to_string()),
                ("stmt", locking_stmt(w, *stmt)),
                ("ms", &ms1(*waited_us)),
                ("by", &released_by.to_string()),
            ],
        ),
        EventKind::WriteAborted { .. } => t.other.to_string(),
    };
    w.fill(t.line, &[("at", &ms1(e.at.t_us)), ("body", &body)])
}

/// A sweep cell's head: its two axis values.
fn cell_head(w: &Words, r: &SweepResult, ix: usize, iy: usize) -> String {
    let [x_name, y_name] = crate::params::axis_names(w, r.spec.kind);
    w.fill(
        w.analysis.sweep.cell_head,
        &[
            ("x_name", x_name),
            ("x", &r.spec.xs()[ix].to_string()),
            ("y_name", y_name),
            ("y", &r.spec.ys()[iy].to_string()),
        ],
    )
}

fn cell_text(
    w: &Words,
    r: &SweepResult,
    head: &str,
    over_mean: &str,
    over_min: u64,
    over_max: u64,
    thr_mean: f64,
) -> String {
    w.fill(
        w.analysis.sweep.cell,
        &[
            ("head", head),
            ("over_mean", over_mean),
            ("seeds", &r.spec.seeds.to_string()),
            ("over_min", &over_min.to_string()),
            ("over_max", &over_max.to_string()),
            ("thr_mean", &format!("{thr_mean:.1}")),
        ],
    )
}

/// One sweep cell's description (button labels, tooltips).
pub fn sweep_cell(w: &Words, r: &SweepResult, ix: usize, iy: usize) -> String {
    let head = cell_head(w, r, ix, iy);
    match r.cell(ix, iy) {
        None => w.fill(w.analysis.sweep.computing_cell, &[("head", &head)]),
        Some(c) => cell_text(w, r, &head, &fmt1(c.over_mean), c.over_min, c.over_max, c.thr_mean),
    }
}

/// [`sweep_cell`] as long as it can get for this cell's axis values
/// (four-digit counts and means), so that a page can reserve the room its
/// answer will take while the cell is still computing.
pub fn sweep_cell_widest(w: &Words, r: &SweepResult, ix: usize, iy: usize) -> String {
    cell_text(w, r, &cell_head(w, r, ix, iy), "8888.8", 8888, 8888, 888.8)
}

/// The text alternative of a whole sweep heatmap, from its results.
pub fn sweep_description(w: &Words, r: &SweepResult) -> String {
    let t = &w.analysis.sweep;
    let spec = &r.spec;
    let [x_name, y_name] = crate::params::axis_names(w, spec.kind);
    let (xs, ys) = (spec.xs(), spec.ys());
    let mut out = w.fill(
        t.grid,
        &[
            ("variant", crate::catalogue::sweep_name(w, spec.variant)),
            ("nx", &xs.len().to_string()),
            ("ny", &ys.len().to_string()),
            ("x_name", x_name),
            ("x_lo", &xs[0].to_string()),
            ("x_hi", &xs[xs.len() - 1].to_string()),
            ("y_name", y_name),
            ("y_lo", &ys[0].to_string()),
            ("y_hi", &ys[ys.len() - 1].to_string()),
            ("seeds", &spec.seeds.to_string()),
        ],
    );
    if !r.is_complete() {
        out.push_str(&w.fill(t.computing, &[("done", &r.rows_done().to_string()), ("rows", &ys.len().to_string())]));
    }
    let total = r.cells().count();
    if total == 0 {
        return out;
    }
    let over = r.cells().filter(|(_, _, c)| c.over_max > 0).count();
    if over == 0 {
        out.push_str(&w.fill(t.all_zero, &[("total", &total.to_string())]));
    } else {
        let (bx, by, bc) = r
            .cells()
            .max_by(|a, b| a.2.over_mean.total_cmp(&b.2.over_mean).then(b.1.cmp(&a.1)).then(b.0.cmp(&a.0)))
            .expect("non-empty");
        out.push_str(&w.fill(
            t.some_over,
            &[
                ("total", &total.to_string()),
                ("over", &over.to_string()),
                ("max_mean", &fmt1(bc.over_mean)),
                ("x_name", x_name),
                ("x", &xs[bx].to_string()),
                ("y_name", y_name),
                ("y", &ys[by].to_string()),
            ],
        ));
        if spec.kind == SweepKind::TtlPause {
            // Per row: the shortest TTL from which every longer TTL stayed at 0.
            let mut parts = Vec::new();
            for (iy, row) in r.rows.iter().enumerate() {
                let Some(row) = row else { continue };
                let safe_from = (0..row.len()).rev().take_while(|&ix| row[ix].over_max == 0).last();
                let pause = ys[iy].to_string();
                parts.push(match safe_from {
                    Some(ix) => w.fill(t.safe_from, &[("pause", &pause), ("ttl", &xs[ix].to_string())]),
                    None => w.fill(t.never_safe, &[("pause", &pause)]),
                });
            }
            if parts.len() > 8 {
                let step = parts.len().div_ceil(6);
                parts = parts.into_iter().step_by(step).collect();
            }
            out.push_str(&w.fill(t.safe_ttls, &[("parts", &parts.join(", "))]));
        }
    }
    let (lo, hi) = r.range(SweepMetric::Throughput);
    out.push_str(&w.fill(t.throughput, &[("lo", &format!("{lo:.1}")), ("hi", &format!("{hi:.1}"))]));
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use lab_model::analysis::{RowWaitSummary, RunSummary, WindowSummary};
    use lab_sim::lease::{run, LockingStmt, Preset, TraceLevel, Variant};

    use super::{event_line, run_description, window_description};
    use crate::{Lang, Words};

    /// A run as (a) runs it with the article's setting.
    pub(crate) fn summary() -> RunSummary {
        RunSummary {
            variant: Variant::Naive,
            ttl_ms: 200,
            pause_min_ms: 300,
            pause_max_ms: 500,
            threads: 16,
            wallets: 4,
            seed: 1,
            run_index: 0,
            duration_s: 60,
            approvals: 587,
            possible_approvals: 240,
            ownership_overlap_pairs: 1714,
            max_concurrent_owners: 3,
            stolen_at_release: Some(410),
            over_approval: 347,
            drift_won: 347_000,
            negative_ledger_wallets: 4,
        }
    }

    /// A window with waits of two statements.
    pub(crate) fn window() -> WindowSummary {
        WindowSummary {
            t0_us: 0,
            t1_us: 3_000_000,
            holds: 60,
            approved: 58,
            overlap_starts: 1,
            stale_writes: 0,
            stolen: 0,
            row_waits: RowWaitSummary {
                by_stmt: vec![(LockingStmt::ForShare, 3), (LockingStmt::FenceCheck, 1)],
                longest_us: 2_450,
                most_ahead: 2,
                quiet: false,
            },
        }
    }

    #[test]
    fn english_descriptions_read_as_english() {
        let en = Words::of(Lang::En);
        assert_eq!(
            run_description(en, &summary()),
            "Variant (a), TTL 200 ms, pauses 300–500 ms, 16 threads and 4 wallets, seed 1 run 0: in 60 s, 587 \
             approvals (240 possible), 1,714 ownership overlap pairs, at most 3 concurrent owners, 410 STOLEN at \
             release, 347 over-approvals, drift 347,000 won, 4 of 4 wallets with a negative ledger."
        );
        assert_eq!(
            window_description(en, &window()),
            "Timeline 0.0–3.0 s: 58 of 60 holds approved, 1 overlap starts, 0 stale-value writes, 0 STOLEN at \
             release. Statements waited for an earlier transaction's row lock to be released (FOR SHARE read 3 \
             times, fence check 1 time); the longest wait was 2.5 ms. The longest queue had 2 transactions ahead."
        );
    }

    #[test]
    fn the_article_s_cells_read_in_either_language() {
        use lab_model::metrics::{ArticleText, Metric};
        let (ko, en) = (Words::of(Lang::Ko), Words::of(Lang::En));
        let cell = |w, key, m| match super::article_text(w, key, m) {
            Some(ArticleText::Cell(text)) => text,
            other => panic!("{key}: {other:?}"),
        };
        assert_eq!(cell(en, "exp2", Metric::OwnershipOverlapPairs), "0 (1 artifact)");
        assert_eq!(cell(en, "exp3_c2", Metric::ThroughputRps), "19.1 (almost all rejected)");
        assert_eq!(cell(en, "exp1", Metric::Approvals), cell(ko, "exp1", Metric::Approvals));
        for w in [ko, en] {
            let note = super::article_text(w, "exp5_c2_closed", Metric::PostRestartReadRejects);
            assert!(matches!(note, Some(ArticleText::Note(text)) if text.contains("96")), "{note:?}");
        }
    }

    #[test]
    fn every_event_has_its_line_in_every_language() {
        let mut c = Preset::Exp3C2.config();
        c.duration_s = 3;
        let t = run(&c, 1, 0, TraceLevel::Full);
        for lang in Lang::ALL {
            for e in &t.events {
                let line = event_line(Words::of(lang), e);
                assert!(!line.contains('{') && line.len() > 12, "{lang:?}: {line}");
            }
        }
        assert!(event_line(Words::of(Lang::En), &t.events[0]).contains(" ms: thread "));
    }
}
