//! A real run recorded by `lab real` (issue 27), shipped to the page as
//! data and drawn by the lease timeline that draws a simulated run.
//!
//! The file (`static/real/KEY.bin`, postcard) carries the committed run 0
//! of one configuration as `lab real` recorded it
//! (`content/real/pay/holds/KEY.json`, copied by `tests/recorded_runs.rs`,
//! which keeps the files current): every hold's stamps (µs since the run's
//! t0 on CLOCK_MONOTONIC), its token, how its release ended, its outcome,
//! and Redis's own `TIME` when its `SET` ran; and the words that say where
//! it came from. [`RecordedRun::record`] turns the rows into lab-sim's
//! `RunRecord` and [`RecordedRun::trace`] into a trace with lab-sim's own
//! `trace_from_record`, so the recorded run's numbers come from the code
//! that computes the simulation's.
//!
//! What the file does not keep is rebuilt or left out, never made up:
//! - the server-side lease of a hold is rebuilt from Redis's clock: `TIME`
//!   at the `SET`, mapped to the monotonic clock by the run's one
//!   calibration (`TIME` read once at the start, with the monotonic instant
//!   after its reply), plus the TTL; the key lived until then unless its
//!   holder deleted it first (a RELEASED release). So only configurations
//!   without a watchdog are read (extensions are not in the file);
//! - the values read and written are replayed from the stamps: a read sees
//!   the last write committed before it, and an approved hold writes what
//!   it read minus one payment (the article's unconditional `UPDATE`);
//! - the requests are not kept: throughput, latency and refused `SET NX`
//!   are not in the record ([`HOLD_METRICS`] are the numbers it gives).
//!
//! `tests/recorded_runs.rs` checks the result against what `lab real`
//! printed for the run from its whole history.

use serde::{Deserialize, Serialize};

use lab_model::params::LeaseQuery;
use lab_sim::core::Stamp;
use lab_sim::lease::{
    trace_from_record, BalancePoint, EventKind, FencePhase, Hold, LeaseConfig, LeaseEnd, LeaseSpan, LeaseTrace,
    Outcome, Preset, ReleaseResult, RunRecord, TraceEvent, TraceLevel,
};

/// The configurations whose recorded run the site ships (a preset key each).
pub const RECORDED: &[&str] = &["exp1"];

/// The metrics a recorded run's holds determine (`lab_model::metrics::LIVE_TABLE`
/// keys); the others need the requests, which the file does not keep.
pub const HOLD_METRICS: &[&str] = &[
    "approvals",
    "ownership_overlap_pairs",
    "max_concurrent_owners",
    "stolen_at_release",
    "drift_won",
    "over_approval",
    "lost_update_pairs",
];

/// The address of a recorded run's file, relative to the site's root.
pub fn path(key: &str) -> String {
    format!("real/{key}.bin")
}

/// One hold as `lab real` recorded it (`None`: the hold had no such step).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldRow {
    pub worker: u32,
    pub wallet: u32,
    /// `None` for a lockless hold.
    pub token: Option<u64>,
    pub acquired_us: u64,
    pub read_us: Option<u64>,
    pub written_us: Option<u64>,
    pub released_us: u64,
    pub release: ReleaseResult,
    pub outcome: Outcome,
    pub lease_lost_seen_us: Option<u64>,
    /// Redis `TIME` when the acquire script ran (µs since the Unix epoch).
    pub server_set_us: Option<u64>,
}

/// One recorded run, as the site ships it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedRun {
    /// The preset it ran (`exp1`, …).
    pub preset: String,
    /// The set's base seed and the run's index (the simulated twin's).
    pub seed: u64,
    pub run_index: u32,
    /// Where it came from, in Korean: servers, harness, date, machine.
    pub source_ko: String,
    /// Redis `TIME` (µs since the epoch) read once at the start, and the
    /// monotonic instant after its reply (ns since the run's t0).
    pub calibration: (u64, i64),
    pub holds: Vec<HoldRow>,
}

impl RecordedRun {
    pub fn encode(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("a recorded run encodes")
    }

    pub fn decode(bytes: &[u8]) -> Result<RecordedRun, String> {
        let run: RecordedRun = postcard::from_bytes(bytes).map_err(|e| format!("not a recorded run: {e}"))?;
        run.check()?;
        Ok(run)
    }

    /// What [`RecordedRun::record`] needs of the rows: a known preset
    /// without a watchdog, and wallets within its configuration.
    pub fn check(&self) -> Result<(), String> {
        let preset = Preset::from_key(&self.preset).ok_or_else(|| format!("unknown preset `{}`", self.preset))?;
        let config = preset.config();
        if config.watchdog_enabled() {
            return Err(format!("`{}` has a watchdog: its extensions are not recorded", self.preset));
        }
        match self.holds.iter().find(|h| h.wallet >= config.wallets) {
            Some(h) => Err(format!("a hold of wallet {} in a run of {} wallets", h.wallet, config.wallets)),
            None => Ok(()),
        }
    }

    /// The configuration it ran with (its preset's, 60 s).
    pub fn config(&self) -> LeaseConfig {
        Preset::from_key(&self.preset).map(Preset::config).unwrap_or_default()
    }

    /// The query of its simulated twin: the preset, the seed, the run.
    pub fn query(&self) -> LeaseQuery {
        let mut q = Preset::from_key(&self.preset).map(LeaseQuery::from_preset).unwrap_or_default();
        q.seed = self.seed;
        q.run_index = self.run_index;
        q
    }

    /// Its trace, computed by the simulation's own metrics code.
    pub fn trace(&self) -> LeaseTrace {
        trace_from_record(&self.config(), self.seed, self.run_index, TraceLevel::Full, self.record())
    }

    /// The rows as lab-sim's record (see the module docs for what is rebuilt).
    pub fn record(&self) -> RunRecord {
        let config = self.config();
        let wallets = config.wallets as usize;
        let ttl_us = u64::from(config.ttl_ms) * 1_000;
        let (cal_server_us, cal_mono_ns) = self.calibration;
        // Redis TIME (µs since the epoch) → µs since the run's t0.
        let server_to_run_us = |server_us: u64| -> u64 {
            let ns = (i128::from(server_us) - i128::from(cal_server_us)) * 1_000 + i128::from(cal_mono_ns);
            (ns.max(0) / 1_000) as u64
        };
        let mut holds = Vec::with_capacity(self.holds.len());
        let mut leases = Vec::new();
        for (id, row) in self.holds.iter().enumerate() {
            let at = |step: Step, us: u64| stamp(id, step, us);
            holds.push(Hold {
                id: id as u32,
                wallet: row.wallet,
                worker: row.worker,
                process: 0,
                token: row.token,
                lockless: row.token.is_none(),
                acquired_at: at(Step::Acquired, row.acquired_us),
                read_at: row.read_us.map(|us| at(Step::Read, us)),
                read_value_won: None,
                written_at: row.written_us.map(|us| at(Step::Written, us)),
                written_value_won: None,
                released_at: at(Step::Released, row.released_us),
                release_result: row.release,
                outcome: row.outcome,
                lease_lost_seen_at: row.lease_lost_seen_us.map(|us| at(Step::LeaseLostSeen, us)),
            });
            if let (Some(token), Some(set)) = (row.token, row.server_set_us) {
                let set_us = server_to_run_us(set);
                let expiry_us = set_us + ttl_us;
                let ended_at = if row.release == ReleaseResult::Released && row.released_us < expiry_us {
                    (at(Step::LeaseDeleted, row.released_us), LeaseEnd::Deleted)
                } else {
                    (at(Step::LeaseExpired, expiry_us), LeaseEnd::Expired)
                };
                leases.push(LeaseSpan {
                    wallet: row.wallet,
                    token,
                    set_exec_at: at(Step::Set, set_us),
                    extended_at: Vec::new(),
                    ended_at: ended_at.0,
                    end_cause: ended_at.1,
                });
            }
        }
        replay_values(&config, &mut holds);
        let (balance, snapshot_won, debits) = balance_series(&config, &holds);
        let events = events_of(&holds, &leases);
        let leases_expired = leases.iter().filter(|l| l.end_cause == LeaseEnd::Expired).count() as u64;
        let end = holds.iter().map(|h| h.released_at).chain(leases.iter().map(|l| l.ended_at)).max();
        RunRecord {
            holds,
            responses: Vec::new(),
            leases,
            events,
            balance,
            tokens: vec![Vec::new(); wallets],
            snapshot_won,
            debits,
            fence_epoch0_max: vec![0; wallets],
            fence_at_kill: None,
            watchdog_extensions: 0,
            watchdog_saw_lost: 0,
            acquire_refusals: 0,
            lock_timeouts: 0,
            leases_expired,
            end: end.unwrap_or(Stamp::ZERO),
            events_processed: 0,
        }
    }
}

/// A hold's steps, in the order they happen within one microsecond: the
/// server's `SET`, its reply, the read, the write, the watchdog's sight of
/// a lost lease, the server's `DEL` of our own key, the release's reply, and
/// an expiry.
#[derive(Clone, Copy)]
enum Step {
    Set,
    Acquired,
    Read,
    Written,
    LeaseLostSeen,
    LeaseDeleted,
    Released,
    LeaseExpired,
}

/// The stamp of hold `hold`'s `step` at `us`. The file keeps µs, so no
/// order within one is known; two stamps of a run must never be equal
/// (`lab_sim::core::Stamp`), so ties go by hold (in acquisition order),
/// then by step.
fn stamp(hold: usize, step: Step, us: u64) -> Stamp {
    Stamp { t_us: us, seq: hold as u64 * 8 + step as u64 }
}

/// Sorts `(instant, index)` pairs: by instant, then index. Every sort here
/// goes through this one (each kind of sort is code the page carries).
fn in_time_order(pairs: &mut [(Stamp, usize)]) {
    lab_sim::core::sort(pairs);
}

/// The values the holds read and wrote, replayed from their stamps (see the module docs).
fn replay_values(config: &LeaseConfig, holds: &mut [Hold]) {
    let amount = i64::from(config.amount_won);
    // Hold i's write is step i, its read step n + i: at one instant a write
    // comes first (the read came after the commit's reply).
    let n = holds.len();
    let mut steps: Vec<(Stamp, usize)> = Vec::new();
    for (i, h) in holds.iter().enumerate() {
        if let Some(at) = h.read_at {
            steps.push((at, n + i));
        }
        if let (Some(at), Outcome::Approved) = (h.written_at, h.outcome) {
            steps.push((at, i));
        }
    }
    in_time_order(&mut steps);
    let mut balance = vec![i64::from(config.initial_balance_won); config.wallets as usize];
    for (_, step) in steps {
        let (is_write, i) = (step < n, step % n);
        let w = holds[i].wallet as usize;
        if is_write {
            let written = holds[i].read_value_won.unwrap_or(balance[w]) - amount;
            holds[i].written_value_won = Some(written);
            balance[w] = written;
        } else {
            holds[i].read_value_won = Some(balance[w]);
        }
    }
}

/// Each wallet's balance after every commit, the final snapshot, and the debits.
///
/// `lab real`'s history (`lab_real::pay::history::to_run_record`) builds the
/// same series from its holds. It is not shared through lab-sim on purpose:
/// the site builds lab-sim at opt-level 3 (`Cargo.toml`, profile `web`), and
/// a shared copy there, with its own sort, made the first load 4 KB larger.
fn balance_series(config: &LeaseConfig, holds: &[Hold]) -> (Vec<Vec<BalancePoint>>, Vec<i64>, Vec<u64>) {
    let initial = i64::from(config.initial_balance_won);
    let amount = i64::from(config.amount_won);
    let mut balance: Vec<Vec<BalancePoint>> = (0..config.wallets)
        .map(|_| vec![BalancePoint { t_us: 0, snapshot_won: initial, ledger_won: initial }])
        .collect();
    let mut written: Vec<(Stamp, usize)> = holds
        .iter()
        .enumerate()
        .filter(|(_, h)| h.outcome == Outcome::Approved)
        .map(|(i, h)| (h.written_at.unwrap_or(Stamp::ZERO), i))
        .collect();
    in_time_order(&mut written);
    for h in written.into_iter().map(|(_, i)| &holds[i]) {
        let series = &mut balance[h.wallet as usize];
        let debits = series.len() as i64;
        series.push(BalancePoint {
            t_us: h.written_at.map_or(0, |s| s.t_us),
            snapshot_won: h.written_value_won.unwrap_or(initial),
            ledger_won: initial - amount * debits,
        });
    }
    let snapshot = balance.iter().map(|s| s.last().map_or(initial, |p| p.snapshot_won)).collect();
    let debits = balance.iter().map(|s| s.len() as u64 - 1).collect();
    (balance, snapshot, debits)
}

/// The events a player steps through, in time order: what each hold did
/// and when each lease ran out on the server.
fn events_of(holds: &[Hold], leases: &[LeaseSpan]) -> Vec<TraceEvent> {
    let mut events = Vec::new();
    for h in holds {
        let (worker, wallet, hold) = (h.worker, h.wallet, h.id);
        events.push(TraceEvent {
            at: h.acquired_at,
            kind: match h.token {
                Some(token) => EventKind::LockAcquired { worker, wallet, token, hold },
                None => EventKind::LocklessSectionStarted { worker, wallet, hold },
            },
        });
        if let (Some(at), Some(value_won)) = (h.read_at, h.read_value_won) {
            events.push(TraceEvent { at, kind: EventKind::BalanceRead { worker, wallet, hold, value_won } });
        }
        match (h.outcome, h.written_at, h.written_value_won) {
            (Outcome::Approved, Some(at), Some(value_won)) => {
                events.push(TraceEvent { at, kind: EventKind::BalanceWritten { worker, wallet, hold, value_won } })
            }
            (Outcome::Insufficient, ..) => events.push(TraceEvent {
                at: h.read_at.unwrap_or(h.acquired_at),
                kind: EventKind::InsufficientFunds { worker, wallet, hold },
            }),
            (Outcome::FenceRejected(phase), ..) => events.push(TraceEvent {
                at: match phase {
                    FencePhase::Read => h.read_at.unwrap_or(h.acquired_at),
                    FencePhase::Write => h.written_at.unwrap_or(h.released_at),
                },
                kind: EventKind::FenceRejected { worker, wallet, hold, phase },
            }),
            _ => {}
        }
        if h.release_result != ReleaseResult::NotApplicable {
            events.push(TraceEvent {
                at: h.released_at,
                kind: EventKind::LockReleased { worker, wallet, hold, result: h.release_result },
            });
        }
    }
    for l in leases.iter().filter(|l| l.end_cause == LeaseEnd::Expired) {
        events.push(TraceEvent { at: l.ended_at, kind: EventKind::LeaseExpired { wallet: l.wallet, token: l.token } });
    }
    // At one instant, a hold's own steps keep the order they were pushed in.
    let mut order: Vec<(Stamp, usize)> = events.iter().enumerate().map(|(i, e)| (e.at, i)).collect();
    in_time_order(&mut order);
    let mut events: Vec<Option<TraceEvent>> = events.into_iter().map(Some).collect();
    order.into_iter().filter_map(|(_, i)| events[i].take()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(worker: u32, token: u64, times: [u64; 4], release: ReleaseResult, server_set_us: u64) -> HoldRow {
        let [acquired_us, read_us, written_us, released_us] = times;
        HoldRow {
            worker,
            wallet: 0,
            token: Some(token),
            acquired_us,
            read_us: Some(read_us),
            written_us: Some(written_us),
            released_us,
            release,
            outcome: Outcome::Approved,
            lease_lost_seen_us: None,
            server_set_us: Some(server_set_us),
        }
    }

    /// Two owners of wallet 0: the first's lease runs out while it works;
    /// the second reads before the first writes, and deletes its own key.
    fn two_holds() -> RecordedRun {
        RecordedRun {
            preset: "exp1".into(),
            seed: 1,
            run_index: 0,
            source_ko: String::new(),
            // TIME 1_000_000 µs, read 50 ms before t0.
            calibration: (1_000_000, -50_000_000),
            holds: vec![
                row(3, 1, [1_000, 2_000, 300_000, 301_000], ReleaseResult::Stolen, 1_050_050),
                row(5, 2, [250_000, 251_000, 260_000, 261_000], ReleaseResult::Released, 1_250_000),
            ],
        }
    }

    #[test]
    fn a_lease_runs_out_on_the_servers_clock_and_a_released_one_ends_at_its_delete() {
        let r = two_holds().record();
        // TIME 1_050_050 µs is 50.05 ms after the calibration's reading: 50 µs into the run.
        assert_eq!((r.leases[0].set_exec_at.t_us, r.leases[0].ended_at.t_us), (50, 200_050));
        assert_eq!(r.leases[0].end_cause, LeaseEnd::Expired);
        assert_eq!((r.leases[1].set_exec_at.t_us, r.leases[1].ended_at.t_us), (200_000, 261_000));
        assert_eq!(r.leases[1].end_cause, LeaseEnd::Deleted);
        assert_eq!(r.leases_expired, 1);
    }

    #[test]
    fn the_values_are_replayed_from_the_stamps_and_a_lost_update_shows() {
        let run = two_holds();
        let r = run.record();
        let config = run.config();
        let (initial, amount) = (i64::from(config.initial_balance_won), i64::from(config.amount_won));
        assert_eq!([r.holds[0].read_value_won, r.holds[1].read_value_won], [Some(initial); 2]);
        assert_eq!([r.holds[0].written_value_won, r.holds[1].written_value_won], [Some(initial - amount); 2]);
        assert_eq!((r.debits[0], r.snapshot_won[0]), (2, initial - amount));
        assert_eq!(r.balance[0].last().unwrap().ledger_won, initial - 2 * amount);
        let trace = run.trace();
        assert_eq!(trace.metrics.drift_won, amount);
    }

    #[test]
    fn the_events_follow_the_holds_in_time_order() {
        let r = two_holds().record();
        let at: Vec<u64> = r.events.iter().map(|e| e.at.t_us).collect();
        assert!(at.windows(2).all(|w| w[0] <= w[1]), "{at:?}");
        assert!(r.events.iter().any(|e| matches!(e.kind, EventKind::LeaseExpired { token: 1, .. })));
        assert_eq!(r.events.iter().filter(|e| matches!(e.kind, EventKind::LockAcquired { .. })).count(), 2);
    }

    #[test]
    fn a_file_round_trips_and_a_bad_one_is_refused() {
        let run = two_holds();
        assert_eq!(RecordedRun::decode(&run.encode()).unwrap(), run);
        assert!(RecordedRun::decode(&[1, 2, 3]).is_err());
        let watchdog = RecordedRun { preset: "exp2".into(), ..two_holds() };
        assert!(RecordedRun::decode(&watchdog.encode()).unwrap_err().contains("watchdog"));
        let mut far = two_holds();
        far.holds[0].wallet = 9;
        assert!(RecordedRun::decode(&far.encode()).is_err());
    }
}
