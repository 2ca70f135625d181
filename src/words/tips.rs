//! The words of what a mark says when pointed at: holds, leases, writes, series points.
//!
//! Declared here once; the Korean table is [`crate::ko::tips`], the English
//! one [`crate::en::tips`]; [`tip`] words a [`TipFact`], picking the
//! templates from the facts.

use crate::Words;
use lab_model::analysis::group_thousands;
use lab_model::facts::tips::{HoldTip, LeaseTip, OutageNumbers, OutagePointTip, RowWaitTip, TipFact};
use lab_sim::lease::{FencePhase, LeaseEnd, Outcome, ReleaseResult};

crate::words! {
    /// Every word of this domain, one field each.
    pub struct TipWords {
        /// Joins a tip's parts.
        pub sep: &'static str,
        /// A time `{ms}` (ms, one decimal).
        pub at: &'static str,
        /// An amount `{n}`, grouped in thousands.
        pub won: &'static str,
        /// A hold: thread `{worker}`, wallet `{wallet}`, token `{token}`.
        pub hold: &'static str,
        /// A hold without a lock: thread `{worker}`, wallet `{wallet}`.
        pub hold_lockless: &'static str,
        /// Took the lock at `{at}`.
        pub acquired: &'static str,
        /// Read `{won}` at `{at}`.
        pub read: &'static str,
        /// Wrote `{won}` at `{at}` (then `{note}`).
        pub wrote: &'static str,
        /// The note of a write that put back an old value.
        pub stale_note: &'static str,
        /// Released at `{at}`: `{release}`.
        pub released: &'static str,
        /// How a release went: released, stolen, expired, error, none (lockless).
        pub releases: [&'static str; 5],
        /// The result: `{outcome}`.
        pub result: &'static str,
        /// A payment's outcome: approved, insufficient, read fence, write fence, 503, lease lost.
        pub outcomes: [&'static str; 6],
        /// A hold the cursor has not seen end.
        pub in_progress: &'static str,
        /// A lease: wallet `{wallet}`, token `{token}`.
        pub lease: &'static str,
        /// Set by the lock server at `{at}`.
        pub lease_set: &'static str,
        /// Renewed `{n}` times.
        pub lease_extended: &'static str,
        /// A lease the cursor has not seen end.
        pub lease_alive: &'static str,
        /// Expired at `{at}`.
        pub lease_expired: &'static str,
        /// Released by its owner at `{at}`.
        pub lease_deleted: &'static str,
        /// Gone with the lock server at `{at}`.
        pub lease_killed: &'static str,
        /// Alive until the run's end.
        pub lease_run_end: &'static str,
        /// A row-lock wait: thread `{worker}`'s `{stmt}` (`lab_words::analysis::locking_stmt`) on wallet `{wallet}`, `{ahead}` ahead.
        pub row_wait: &'static str,
        /// Waited `{waited}` ms from `{from}`.
        pub row_waited: &'static str,
        /// Still waiting from `{from}`.
        pub row_waiting: &'static str,
        /// A second of A5's chart: `{s}` to `{next}` seconds.
        pub second: &'static str,
        /// The second overlaps the outage.
        pub in_outage: &'static str,
        /// No record of the second (`{head}`).
        pub no_record: &'static str,
        /// The responses panel (`{head}{phase}`, then the counts).
        pub responses: &'static str,
        /// The holds panel (`{head}{phase}`, `{lockless}`, `{overlaps}`, drift `{drift}` at `{next}` s).
        pub holds: &'static str,
        /// The token panel at `{next}` s (`{phase}`): `{counter}`, `{fence}`.
        pub tokens: &'static str,
    }
}

fn at(w: &Words, t_us: u64) -> String {
    w.fill(w.tips.at, &[("ms", &format!("{:.1}", t_us as f64 / 1000.0))])
}

fn won(w: &Words, v: i64) -> String {
    w.fill(w.tips.won, &[("n", &group_thousands(v))])
}

fn outcome_index(o: Outcome) -> usize {
    match o {
        Outcome::Approved => 0,
        Outcome::Insufficient => 1,
        Outcome::FenceRejected(FencePhase::Read) => 2,
        Outcome::FenceRejected(FencePhase::Write) => 3,
        Outcome::LockUnavailable => 4,
        Outcome::AbortedLeaseLost => 5,
    }
}

fn release_index(r: ReleaseResult) -> usize {
    match r {
        ReleaseResult::Released => 0,
        ReleaseResult::Stolen => 1,
        ReleaseResult::Expired => 2,
        ReleaseResult::Error => 3,
        ReleaseResult::NotApplicable => 4,
    }
}

fn hold(w: &Words, h: &HoldTip) -> String {
    let t = &w.tips;
    let (worker, wallet) = (h.worker.to_string(), h.wallet.to_string());
    let who = match h.token {
        Some(token) => w.fill(t.hold, &[("worker", &worker), ("wallet", &wallet), ("token", &token.to_string())]),
        None => w.fill(t.hold_lockless, &[("worker", &worker), ("wallet", &wallet)]),
    };
    let mut parts = vec![who, w.fill(t.acquired, &[("at", &at(w, h.acquired_us))])];
    if let Some((r, v)) = h.read {
        parts.push(w.fill(t.read, &[("at", &at(w, r)), ("won", &won(w, v))]));
    }
    if let Some((wr, v, stale)) = h.written {
        let note = if stale { t.stale_note } else { "" };
        parts.push(w.fill(t.wrote, &[("at", &at(w, wr)), ("won", &won(w, v)), ("note", note)]));
    }
    match h.end {
        Some(end) => {
            let release = t.releases[release_index(end.release)];
            parts.push(w.fill(t.released, &[("at", &at(w, end.released_us)), ("release", release)]));
            parts.push(w.fill(t.result, &[("outcome", t.outcomes[outcome_index(end.outcome)])]));
        }
        None => parts.push(t.in_progress.to_string()),
    }
    parts.join(t.sep)
}

fn lease(w: &Words, l: &LeaseTip) -> String {
    let t = &w.tips;
    let mut parts = vec![
        w.fill(t.lease, &[("wallet", &l.wallet.to_string()), ("token", &l.token.to_string())]),
        w.fill(t.lease_set, &[("at", &at(w, l.set_us))]),
    ];
    if l.extended > 0 {
        parts.push(w.fill(t.lease_extended, &[("n", &l.extended.to_string())]));
    }
    parts.push(match l.end {
        None => t.lease_alive.to_string(),
        Some((LeaseEnd::Expired, us)) => w.fill(t.lease_expired, &[("at", &at(w, us))]),
        Some((LeaseEnd::Deleted, us)) => w.fill(t.lease_deleted, &[("at", &at(w, us))]),
        Some((LeaseEnd::Killed, us)) => w.fill(t.lease_killed, &[("at", &at(w, us))]),
        Some((LeaseEnd::RunEnd, _)) => t.lease_run_end.to_string(),
    });
    parts.join(t.sep)
}

fn row_wait(w: &Words, r: &RowWaitTip) -> String {
    let t = &w.tips;
    let head = w.fill(
        t.row_wait,
        &[
            ("worker", &r.worker.to_string()),
            ("stmt", crate::analysis::locking_stmt(w, r.stmt)),
            ("wallet", &r.wallet.to_string()),
            ("ahead", &r.ahead.to_string()),
        ],
    );
    let from = at(w, r.began_us);
    let tail = match r.waited_us {
        Some(us) => w.fill(t.row_waited, &[("from", &from), ("waited", &format!("{:.1}", us as f64 / 1000.0))]),
        None => w.fill(t.row_waiting, &[("from", &from)]),
    };
    [head, tail].join(t.sep)
}

fn outage_point(w: &Words, p: &OutagePointTip) -> String {
    let t = &w.tips;
    let (s, next) = (p.second.to_string(), (p.second + 1).to_string());
    let head = w.fill(t.second, &[("s", &s), ("next", &next)]);
    let phase = if p.in_outage { t.in_outage } else { "" };
    let Some(numbers) = p.numbers else { return w.fill(t.no_record, &[("head", &head)]) };
    match numbers {
        OutageNumbers::Responses { approved, insufficient, unavailable, fence_read, fence_write } => w.fill(
            t.responses,
            &[
                ("head", &head),
                ("phase", phase),
                ("approved", &approved.to_string()),
                ("insufficient", &insufficient.to_string()),
                ("unavailable", &unavailable.to_string()),
                ("read", &fence_read.to_string()),
                ("write", &fence_write.to_string()),
            ],
        ),
        OutageNumbers::Holds { lockless, overlaps, drift_won } => w.fill(
            t.holds,
            &[
                ("head", &head),
                ("phase", phase),
                ("lockless", &lockless.to_string()),
                ("overlaps", &overlaps.to_string()),
                ("next", &next),
                ("drift", &won(w, drift_won)),
            ],
        ),
        OutageNumbers::Tokens { counter, fence } => w.fill(
            t.tokens,
            &[("next", &next), ("phase", phase), ("counter", &counter.to_string()), ("fence", &fence.to_string())],
        ),
    }
}

/// What a pointed mark is, in `w`'s language (empty for nothing).
pub fn tip(w: &Words, fact: &TipFact) -> String {
    match fact {
        TipFact::Nothing => String::new(),
        TipFact::Hold(h) => hold(w, h),
        TipFact::Lease(l) => lease(w, l),
        TipFact::RowWait(r) => row_wait(w, r),
        TipFact::OutagePoint(p) => outage_point(w, p),
    }
}

#[cfg(test)]
mod tests {
    use super::tip;
    use crate::{Lang, Words};
    use lab_model::facts::tips::{HoldEnd, HoldTip, LeaseTip, OutageNumbers, OutagePointTip, RowWaitTip, TipFact};
    use lab_sim::lease::{LeaseEnd, LockingStmt, Outcome, ReleaseResult};

    #[test]
    fn english_tips_say_what_a_mark_is() {
        let w = Words::of(Lang::En);
        let hold = HoldTip {
            worker: 3,
            wallet: 0,
            token: Some(12),
            acquired_us: 1_500,
            read: Some((2_000, 10_000)),
            written: Some((352_250, 9_000, true)),
            end: Some(HoldEnd { released_us: 353_000, release: ReleaseResult::Stolen, outcome: Outcome::Approved }),
        };
        assert_eq!(
            tip(w, &TipFact::Hold(hold)),
            "Thread 3 · wallet 0 · token #12 · acquired at 1.5 ms · read balance 10,000 won at 2.0 ms · wrote balance 9,000 won at 352.2 ms (overwrote with an old value) · release: STOLEN (someone else's token in the key) at 353.0 ms · result: approved"
        );
        let lease = LeaseTip { wallet: 1, token: 4, set_us: 0, extended: 1, end: Some((LeaseEnd::Expired, 500_000)) };
        assert_eq!(
            tip(w, &TipFact::Lease(lease)),
            "Wallet 1's lease · token #4 · set by the lock server at 0.0 ms · renewed 1 time · expired at 500.0 ms, its TTL run out"
        );
        let wait = RowWaitTip {
            worker: 2,
            wallet: 0,
            stmt: LockingStmt::ConditionalUpdate,
            ahead: 1,
            began_us: 10_000,
            waited_us: None,
        };
        assert_eq!(
            tip(w, &TipFact::RowWait(wait)),
            "Thread 2's conditional UPDATE waits for wallet 0's row lock (1 ahead) · still waiting since 10.0 ms"
        );
        let point = OutagePointTip {
            second: 20,
            in_outage: true,
            numbers: Some(OutageNumbers::Tokens { counter: 0, fence: 31 }),
        };
        assert_eq!(tip(w, &TipFact::OutagePoint(point)), "At 21 s (outage), wallet 0: token counter 0, DB fence 31");
        assert_eq!(tip(w, &TipFact::Nothing), "");
    }
}
