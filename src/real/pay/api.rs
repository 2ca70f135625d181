//! The `pay-api` process: Article A's payment service as one OS process
//! with 16 worker threads on 4 wallets (worker i pays from wallet i mod 4)
//! and one watchdog thread, so that a SIGSTOP of its PID freezes workers
//! and watchdog together while Redis and PostgreSQL run on.
//!
//! The lock is the article's: an atomic script does `INCR token:w` and
//! `SET lock:w token NX PX ttl` (and returns Redis `TIME`), the watchdog
//! renews with `PEXPIRE` every TTL/3 while the key holds our token, and the
//! release deletes only our own token and says RELEASED, STOLEN or EXPIRED.
//! The database path is the article's per variant, read from its policy row
//! (`lab_sim::lease::policy`, the row the simulation and `lab check` read;
//! see `Worker::locked`).
//! The pause is a real sleep drawn from the simulation's per-worker stream
//! (`RngStream::derive(seed, run, "pause", worker)`), so a real run and its
//! simulated twin see the same pauses, unless the run asks for
//! [`PauseSource::Independent`] (a stream the simulation never draws). The 10 ms before and 5 ms after each
//! section are the model's stand-in for the article's HTTP overhead
//! (model.md §1.2 \[CAL\]); the 20 ms retry sleep after a refused SET is the model's too.
//!
//! No socket has a read timeout (a stopped and continued `recv` with one
//! returns EINTR, a spurious failure); a killed Redis answers with a reset
//! or a refused connection at once. Every stamp is read on
//! `CLOCK_MONOTONIC` after the reply arrived; the history stays in each
//! thread's memory and is printed as one JSON line at the end.

use std::io::{BufRead, Write};
use std::sync::{Arc, Condvar, Mutex};

use lab_sim::core::RngStream;
use lab_sim::lease::policy::{Read, Update, WriteFence};
use lab_sim::lease::{FailPolicy, FencePhase, LeaseConfig, Outcome, ReleaseResult};
use serde::{Deserialize, Serialize};

use super::clock::{now_ns, sleep_ns, sleep_until_ns};
use super::history::{ApiHistory, Completion, HoldRecord, RequestRecord};
use super::servers::{pg_url, redis_url};

/// What the orchestrator tells the `pay-api` process (one JSON argument).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ApiSpec {
    pub config: LeaseConfig,
    pub seed: u64,
    pub run_index: u32,
    pub redis_port: u16,
    pub pg_port: u16,
    /// Where the workers' pause lengths come from.
    #[serde(default)]
    pub pauses: PauseSource,
}

/// Where a real run's pause lengths come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PauseSource {
    /// The simulation's own per-worker stream: the real run and its simulated
    /// twin draw the same sequence of pauses, so their agreement on anything
    /// the pauses decide is partly built in.
    #[default]
    SameAsSimulation,
    /// A seeded stream the simulation never draws (same distribution, other
    /// draws): what agrees then agrees in distribution only.
    Independent,
}

impl PauseSource {
    /// The `RngStream` purpose the workers draw their pauses from.
    pub fn stream_purpose(self) -> &'static str {
        match self {
            PauseSource::SameAsSimulation => "pause",
            PauseSource::Independent => "pause-real-independent",
        }
    }

    /// The `--pauses` word.
    pub fn key(self) -> &'static str {
        match self {
            PauseSource::SameAsSimulation => "same",
            PauseSource::Independent => "independent",
        }
    }
}

const ACQUIRE_LUA: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then
  local t = redis.call('TIME')
  return {0, tonumber(t[1]), tonumber(t[2])}
end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], token, 'NX', 'PX', ARGV[1])
local t = redis.call('TIME')
return {token, tonumber(t[1]), tonumber(t[2])}
";

const EXTEND_LUA: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
";

const RELEASE_LUA: &str = r"
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
elseif v then
  return 2
end
return 0
";

const MS: u64 = 1_000_000;

/// One Redis connection that reconnects on the next command after an error.
struct RedisLink {
    client: redis::Client,
    con: Option<redis::Connection>,
}

impl RedisLink {
    fn new(port: u16) -> Result<RedisLink, String> {
        let client = redis::Client::open(redis_url(port)).map_err(|e| e.to_string())?;
        let con = Some(client.get_connection().map_err(|e| e.to_string())?);
        Ok(RedisLink { client, con })
    }

    fn run<T>(&mut self, f: impl FnOnce(&mut redis::Connection) -> redis::RedisResult<T>) -> Result<T, String> {
        if self.con.is_none() {
            self.con = Some(self.client.get_connection().map_err(|e| e.to_string())?);
        }
        let con = self.con.as_mut().expect("just connected");
        f(con).map_err(|e| {
            self.con = None;
            e.to_string()
        })
    }
}

fn lock_key(wallet: u32) -> String {
    format!("lock:{wallet}")
}

/// The watchdog's per-worker task: renew `lock:wallet` while it holds `token`.
#[derive(Clone, Copy, Default)]
struct Task {
    active: bool,
    generation: u64,
    wallet: u32,
    token: u64,
    next_due_ns: u64,
    lost_at_ns: Option<u64>,
}

#[derive(Default)]
struct WatchdogState {
    tasks: Vec<Task>,
    shutdown: bool,
    extensions: u64,
    saw_lost: u64,
}

/// The watchdog scheduler shared by the workers and its thread.
struct Watchdog {
    state: Mutex<WatchdogState>,
    wake: Condvar,
    period_ns: u64,
    ttl_ms: u32,
    t0_ns: u64,
}

impl Watchdog {
    fn register(&self, worker: usize, wallet: u32, token: u64, acquired_abs_ns: u64) {
        let mut state = self.state.lock().expect("watchdog lock");
        let task = &mut state.tasks[worker];
        *task = Task {
            active: true,
            generation: task.generation + 1,
            wallet,
            token,
            next_due_ns: acquired_abs_ns + self.period_ns,
            lost_at_ns: None,
        };
        self.wake.notify_one();
    }

    /// Cancels the worker's task; when the lease was seen lost, when.
    fn cancel(&self, worker: usize) -> Option<u64> {
        let mut state = self.state.lock().expect("watchdog lock");
        let task = &mut state.tasks[worker];
        task.active = false;
        task.lost_at_ns.take()
    }

    fn run(&self, mut link: RedisLink) {
        let script = redis::Script::new(EXTEND_LUA);
        let mut state = self.state.lock().expect("watchdog lock");
        loop {
            if state.shutdown {
                return;
            }
            let due = state.tasks.iter().enumerate().filter(|(_, t)| t.active).min_by_key(|(_, t)| t.next_due_ns);
            let Some((worker, task)) = due.map(|(i, t)| (i, *t)) else {
                state = self.wake.wait(state).expect("watchdog lock");
                continue;
            };
            let now = now_ns();
            if task.next_due_ns > now {
                let wait = std::time::Duration::from_nanos(task.next_due_ns - now);
                state = self.wake.wait_timeout(state, wait).expect("watchdog lock").0;
                continue;
            }
            drop(state);
            let token = task.token.to_string();
            let reply: Result<i64, String> =
                link.run(|con| script.key(lock_key(task.wallet)).arg(&token).arg(self.ttl_ms).invoke(con));
            let now = now_ns();
            state = self.state.lock().expect("watchdog lock");
            let extended = reply == Ok(1);
            if extended {
                // Done on the server whether or not the task was cancelled meanwhile.
                state.extensions += 1;
            }
            let current = &mut state.tasks[worker];
            if current.active && current.generation == task.generation {
                if extended {
                    // Fixed rate; missed ticks (after a stop) coalesce into one.
                    current.next_due_ns = (current.next_due_ns + self.period_ns).max(now);
                } else {
                    current.active = false;
                    current.lost_at_ns = Some(now - self.t0_ns);
                    state.saw_lost += 1;
                }
            }
        }
    }
}

/// Prepared statements of one worker's connection.
struct Statements {
    read_plain: postgres::Statement,
    read_share: postgres::Statement,
    fence_advance: postgres::Statement,
    fence_check: postgres::Statement,
    fence_peek: postgres::Statement,
    update_set: postgres::Statement,
    update_if_sufficient: postgres::Statement,
    update_decrement: postgres::Statement,
    insert_debit: postgres::Statement,
}

impl Statements {
    fn prepare(db: &mut postgres::Client) -> Result<Statements, postgres::Error> {
        Ok(Statements {
            read_plain: db.prepare("SELECT available_amount FROM wallet WHERE wallet_id = $1")?,
            read_share: db.prepare("SELECT available_amount FROM wallet WHERE wallet_id = $1 FOR SHARE")?,
            fence_advance: db.prepare("UPDATE lock_fence SET token = $2 WHERE wallet_id = $1 AND token < $2")?,
            fence_check: db.prepare("UPDATE lock_fence SET token = token WHERE wallet_id = $1 AND token = $2")?,
            // The equality check without the row's lock (`fence_check_locks_row=false`).
            fence_peek: db.prepare("SELECT token FROM lock_fence WHERE wallet_id = $1 AND token = $2")?,
            update_set: db.prepare("UPDATE wallet SET available_amount = $2 WHERE wallet_id = $1")?,
            update_if_sufficient: db.prepare(
                "UPDATE wallet SET available_amount = available_amount - $2 \
                 WHERE wallet_id = $1 AND available_amount >= $2 RETURNING available_amount",
            )?,
            update_decrement: db.prepare(
                "UPDATE wallet SET available_amount = available_amount - $2 WHERE wallet_id = $1 RETURNING available_amount",
            )?,
            insert_debit: db
                .prepare("INSERT INTO ledger_entry (wallet_id, amount, kind, worker) VALUES ($1, $2, 'debit', $3)")?,
        })
    }
}

/// One worker thread: its connections, its pause stream and its records.
struct Worker {
    id: usize,
    wallet: u32,
    cfg: Arc<LeaseConfig>,
    t0_ns: u64,
    redis: RedisLink,
    db: postgres::Client,
    sql: Statements,
    pause_rng: RngStream,
    watchdog: Arc<Watchdog>,
    acquire: redis::Script,
    release: redis::Script,
    history: ApiHistory,
}

/// A step of a request failed with an error whose effect is unknown.
struct StepError(String);

impl From<postgres::Error> for StepError {
    fn from(e: postgres::Error) -> StepError {
        StepError(format!("postgres: {e}"))
    }
}

impl Worker {
    fn rel(&self) -> u64 {
        now_ns() - self.t0_ns
    }

    fn run(mut self, deadline_abs_ns: u64) -> ApiHistory {
        sleep_until_ns(self.t0_ns);
        // The drain rule: no request starts at or after the deadline; those under way finish.
        while now_ns() < deadline_abs_ns {
            let record = self.request();
            self.history.requests.push(record);
        }
        self.history
    }

    fn request(&mut self) -> RequestRecord {
        let cfg = Arc::clone(&self.cfg);
        let invoke_ns = self.rel();
        // One draw per request, used or not, as in the simulation.
        let pause_ns =
            self.pause_rng.uniform_inclusive(u64::from(cfg.pause_min_ms) * 1_000, u64::from(cfg.pause_max_ms) * 1_000)
                * 1_000;
        let mut record = RequestRecord {
            worker: self.id as u32,
            wallet: self.wallet,
            invoke_ns,
            complete_ns: invoke_ns,
            outcome: Outcome::Insufficient,
            completion: Completion::Fail,
            error: None,
            hold: None,
        };
        sleep_ns(u64::from(cfg.pre_overhead_ms) * MS);
        if cfg.policy().lease {
            self.locked(pause_ns, &mut record);
        } else {
            self.conditional(pause_ns, &mut record);
        }
        sleep_ns(u64::from(cfg.post_overhead_ms) * MS);
        record.complete_ns = self.rel();
        if record.completion != Completion::Unknown {
            record.completion = if record.outcome == Outcome::Approved { Completion::Ok } else { Completion::Fail };
        }
        record
    }

    fn note_error(record: &mut RequestRecord, error: String) {
        record.completion = Completion::Unknown;
        record.error.get_or_insert(error);
    }

    /// (a), (b), (b′), (c-1), (c-2): lock, read, pause, compute, write, release.
    fn locked(&mut self, pause_ns: u64, record: &mut RequestRecord) {
        let cfg = Arc::clone(&self.cfg);
        let ttl = cfg.ttl_ms.to_string();
        let (lock, counter) = (lock_key(self.wallet), format!("token:{}", self.wallet));
        let acquired = loop {
            let reply: Result<Vec<i64>, String> =
                self.redis.run(|con| self.acquire.key(&lock).key(&counter).arg(&ttl).invoke(con));
            match reply {
                Ok(v) if v.first().copied().unwrap_or(0) > 0 => {
                    let server_us = v.get(1).zip(v.get(2)).map(|(s, us)| (*s as u64) * 1_000_000 + *us as u64);
                    break Some((v[0] as u64, server_us));
                }
                Ok(_) => {
                    self.history.acquire_refusals += 1;
                    sleep_ns(u64::from(cfg.retry_ms) * MS);
                }
                Err(e) => {
                    self.history.lock_errors += 1;
                    record.error.get_or_insert(format!("redis: {e}"));
                    match cfg.fail_policy {
                        FailPolicy::Closed => {
                            record.outcome = Outcome::LockUnavailable;
                            return;
                        }
                        FailPolicy::Open => break None,
                    }
                }
            }
        };
        let acquired_ns = self.rel();
        let token = acquired.map(|(t, _)| t);
        let mut hold = HoldRecord::entered(token, acquired_ns, acquired.and_then(|(_, s)| s));
        let watched = cfg.watchdog_enabled() && token.is_some();
        if let (true, Some(token)) = (watched, token) {
            self.watchdog.register(self.id, self.wallet, token, acquired_ns + self.t0_ns);
        }
        if let Err(StepError(e)) = self.business(pause_ns, token, &mut hold) {
            self.history.db_errors += 1;
            let _ = self.db.batch_execute("ROLLBACK");
            Self::note_error(record, e);
        }
        if watched {
            hold.lease_lost_seen_ns = self.watchdog.cancel(self.id);
        }
        if let Some(token) = token {
            let token = token.to_string();
            let reply: Result<i64, String> = self.redis.run(|con| self.release.key(&lock).arg(&token).invoke(con));
            hold.release_result = match reply {
                Ok(1) => ReleaseResult::Released,
                Ok(2) => ReleaseResult::Stolen,
                Ok(_) => ReleaseResult::Expired,
                Err(e) => {
                    // The DEL may or may not have run: the outcome is unknown.
                    self.history.lock_errors += 1;
                    Self::note_error(record, format!("redis release: {e}"));
                    ReleaseResult::Error
                }
            };
        }
        hold.released_ns = self.rel();
        record.outcome = hold.outcome;
        record.hold = Some(hold);
    }

    /// The database part of a locked (or lockless fail-open) hold.
    fn business(&mut self, pause_ns: u64, token: Option<u64>, hold: &mut HoldRecord) -> Result<(), StepError> {
        let cfg = Arc::clone(&self.cfg);
        let wallet = self.wallet as i32;
        let amount = i64::from(cfg.amount_won);
        let policy = cfg.policy();
        let value: i64 = match (policy.read, token) {
            (Read::StampThenShare, Some(token)) => {
                // c-2: stamp the fence at read time, in its own short transaction.
                self.db.batch_execute("BEGIN")?;
                if self.db.execute(&self.sql.fence_advance, &[&wallet, &(token as i64)])? == 0 {
                    self.db.batch_execute("ROLLBACK")?;
                    hold.outcome = Outcome::FenceRejected(FencePhase::Read);
                    return Ok(());
                }
                let v = self.db.query_one(&self.sql.read_share, &[&wallet])?.get(0);
                self.db.batch_execute("COMMIT")?;
                v
            }
            // Without a token (fail-open) there is nothing to stamp.
            (Read::Plain, _) | (Read::StampThenShare, None) => {
                self.db.query_one(&self.sql.read_plain, &[&wallet])?.get(0)
            }
            (Read::None, _) => unreachable!("a section without a read takes no lock (Worker::conditional)"),
        };
        hold.read_ns = Some(self.rel());
        hold.read_value_won = Some(value);
        sleep_ns(pause_ns);
        if value < amount {
            hold.outcome = Outcome::Insufficient;
            return Ok(());
        }
        self.db.batch_execute("BEGIN")?;
        let passed = match (policy.write_fence, token) {
            (WriteFence::Advance, Some(token)) => {
                self.db.execute(&self.sql.fence_advance, &[&wallet, &(token as i64)])? != 0
            }
            (WriteFence::Equal { locks_row: true }, Some(token)) => {
                self.db.execute(&self.sql.fence_check, &[&wallet, &(token as i64)])? != 0
            }
            (WriteFence::Equal { locks_row: false }, Some(token)) => {
                self.db.query_opt(&self.sql.fence_peek, &[&wallet, &(token as i64)])?.is_some()
            }
            // No fence, or no token to check it with (fail-open).
            (WriteFence::None, _) | (WriteFence::Advance | WriteFence::Equal { .. }, None) => true,
        };
        if !passed {
            self.db.batch_execute("ROLLBACK")?;
            hold.outcome = Outcome::FenceRejected(FencePhase::Write);
            return Ok(());
        }
        assert_eq!(policy.update, Update::SetFromRead, "a section that reads sets the balance from its read");
        let written = value - amount;
        self.db.execute(&self.sql.update_set, &[&wallet, &written])?;
        self.db.execute(&self.sql.insert_debit, &[&wallet, &(-amount), &(self.id as i32)])?;
        self.db.batch_execute("COMMIT")?;
        hold.written_ns = Some(self.rel());
        hold.written_value_won = Some(written);
        hold.outcome = Outcome::Approved;
        Ok(())
    }

    /// (d): no lock; pause, then the conditional atomic UPDATE (or the row's decrement).
    fn conditional(&mut self, pause_ns: u64, record: &mut RequestRecord) {
        let acquired_ns = self.rel();
        let mut hold = HoldRecord::entered(None, acquired_ns, None);
        sleep_ns(pause_ns);
        let wallet = self.wallet as i32;
        let amount = i64::from(self.cfg.amount_won);
        let update = match self.cfg.policy().update {
            Update::DecrementIfSufficient => &self.sql.update_if_sufficient,
            Update::Decrement => &self.sql.update_decrement,
            Update::SetFromRead => unreachable!("a section without a lock does not read (Worker::locked)"),
        };
        let mut step = || -> Result<(), StepError> {
            self.db.batch_execute("BEGIN")?;
            match self.db.query_opt(update, &[&wallet, &amount])? {
                None => {
                    self.db.batch_execute("ROLLBACK")?;
                    hold.outcome = Outcome::Insufficient;
                }
                Some(row) => {
                    let left: i64 = row.get(0);
                    self.db.execute(&self.sql.insert_debit, &[&wallet, &(-amount), &(self.id as i32)])?;
                    self.db.batch_execute("COMMIT")?;
                    hold.written_ns = Some(now_ns() - self.t0_ns);
                    hold.written_value_won = Some(left);
                    hold.outcome = Outcome::Approved;
                }
            }
            Ok(())
        };
        if let Err(StepError(e)) = step() {
            self.history.db_errors += 1;
            let _ = self.db.batch_execute("ROLLBACK");
            Self::note_error(record, e);
        }
        hold.released_ns = self.rel();
        record.outcome = hold.outcome;
        record.hold = Some(hold);
    }
}

fn connect_worker(
    spec: &ApiSpec,
    id: usize,
    watchdog: &Arc<Watchdog>,
    cfg: &Arc<LeaseConfig>,
) -> Result<Worker, String> {
    let mut db = postgres::Client::connect(&pg_url(spec.pg_port), postgres::NoTls).map_err(|e| e.to_string())?;
    let sql = Statements::prepare(&mut db).map_err(|e| e.to_string())?;
    Ok(Worker {
        id,
        wallet: id as u32 % cfg.wallets,
        cfg: Arc::clone(cfg),
        t0_ns: 0,
        redis: RedisLink::new(spec.redis_port)?,
        db,
        sql,
        pause_rng: RngStream::derive(spec.seed, spec.run_index, spec.pauses.stream_purpose(), id as u64),
        watchdog: Arc::clone(watchdog),
        acquire: redis::Script::new(ACQUIRE_LUA),
        release: redis::Script::new(RELEASE_LUA),
        history: ApiHistory::default(),
    })
}

/// The `pay-api` process's main: connects, prints `ready`, waits for
/// `start T0_NS` on stdin, runs until the deadline and the drain, prints
/// its history as one JSON line. Returns the exit status.
pub fn main(spec_json: &str) -> i32 {
    match serve(spec_json) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("pay-api: error: {e}");
            1
        }
    }
}

fn serve(spec_json: &str) -> Result<(), String> {
    let spec: ApiSpec = serde_json::from_str(spec_json).map_err(|e| format!("bad spec: {e}"))?;
    let cfg = Arc::new(spec.config.clone());
    if cfg.processes != 1 {
        return Err("the real pay-api is one process".to_string());
    }
    let watchdog = Arc::new(Watchdog {
        state: Mutex::new(WatchdogState { tasks: vec![Task::default(); cfg.threads as usize], ..Default::default() }),
        wake: Condvar::new(),
        period_ns: u64::from(cfg.effective_watchdog_period_ms()) * MS,
        ttl_ms: cfg.ttl_ms,
        t0_ns: 0,
    });
    let mut workers = (0..cfg.threads as usize)
        .map(|id| connect_worker(&spec, id, &watchdog, &cfg))
        .collect::<Result<Vec<_>, _>>()?;
    let mut watchdog_link = RedisLink::new(spec.redis_port)?;
    let time: Vec<u64> = watchdog_link.run(|con| redis::cmd("TIME").query(con))?;
    let calibration = Some((time[0] * 1_000_000 + time[1], now_ns()));

    let stdout = std::io::stdout();
    writeln!(stdout.lock(), "ready").map_err(|e| e.to_string())?;
    stdout.lock().flush().map_err(|e| e.to_string())?;
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line).map_err(|e| e.to_string())?;
    let t0_ns: u64 = line
        .trim()
        .strip_prefix("start ")
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| format!("expected `start T0_NS`, got {line:?}"))?;
    let watchdog = Arc::new(Watchdog {
        state: Mutex::new(std::mem::take(&mut *watchdog.state.lock().expect("watchdog lock"))),
        wake: Condvar::new(),
        period_ns: watchdog.period_ns,
        ttl_ms: watchdog.ttl_ms,
        t0_ns,
    });
    let deadline_abs_ns = t0_ns + u64::from(cfg.duration_s) * 1_000 * MS;
    let watchdog_thread = {
        let watchdog = Arc::clone(&watchdog);
        std::thread::Builder::new()
            .name("watchdog".into())
            .spawn(move || watchdog.run(watchdog_link))
            .map_err(|e| e.to_string())?
    };
    let threads: Vec<_> = workers
        .drain(..)
        .map(|mut w| {
            w.t0_ns = t0_ns;
            w.watchdog = Arc::clone(&watchdog);
            std::thread::Builder::new().name(format!("worker-{}", w.id)).spawn(move || w.run(deadline_abs_ns))
        })
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let time_calibration = calibration.map(|(server_us, mono_ns)| (server_us, mono_ns as i64 - t0_ns as i64));
    let mut history = ApiHistory { time_calibration, ..Default::default() };
    for thread in threads {
        let part = thread.join().map_err(|_| "a worker thread panicked".to_string())?;
        history.requests.extend(part.requests);
        history.acquire_refusals += part.acquire_refusals;
        history.lock_errors += part.lock_errors;
        history.db_errors += part.db_errors;
    }
    watchdog.state.lock().expect("watchdog lock").shutdown = true;
    watchdog.wake.notify_all();
    watchdog_thread.join().map_err(|_| "the watchdog thread panicked".to_string())?;
    {
        let state = watchdog.state.lock().expect("watchdog lock");
        history.watchdog_extensions = state.extensions;
        history.watchdog_saw_lost = state.saw_lost;
    }
    history.requests.sort_by_key(|r| (r.invoke_ns, r.worker));
    let json = serde_json::to_string(&history).map_err(|e| e.to_string())?;
    let mut out = stdout.lock();
    writeln!(out, "{json}").map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())
}
