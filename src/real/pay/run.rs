//! One real run, start to folder: a fresh PostgreSQL (a copy of the
//! template) and a fresh Redis, the schema and the initial balances, the
//! `pay-api` process, the nemesis on its deadlines, the history, the
//! server facts, the SQL cross-check, every server stopped, and the run's
//! folder written (history, logs, parameters).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use lab_sim::lease::{trace_from_record, LeaseConfig, LeaseTrace, TraceLevel};
use serde::{Deserialize, Serialize};

use super::api::{ApiSpec, PauseSource};
use super::clock::{now_ns, sleep_until_ns};
use super::configs::RealConfig;
use super::crosscheck::{sql_overlaps, SqlOverlaps};
use super::history::{to_run_record, ApiHistory, History, NemesisEvent, NemesisKind, ServerFacts};
use super::nemesis::{schedule, stop_lateness_us, RealtimeGuard};
use super::servers::{
    check_interrupt, interrupted, pg_url, register_pay_api, spawn_child, Binaries, ChildGuard, HarnessError,
    PgTemplate, Postgres, Redis, Result,
};

/// How to start the `pay-api` process: a program and the arguments before the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayApiCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

/// Everything one run needs.
pub struct RunRequest<'a> {
    pub config: RealConfig,
    pub secs: u32,
    pub seed: u64,
    pub run_index: u32,
    /// The run's folder (created).
    pub folder: PathBuf,
    /// A tmpfs directory of this run (owned by the `postgres` user).
    pub scratch: PathBuf,
    pub bins: &'a Binaries,
    pub template: &'a PgTemplate,
    pub redis_port: u16,
    pub pg_port: u16,
    pub pay_api: &'a PayApiCommand,
    /// Where the workers' pause lengths come from.
    pub pauses: PauseSource,
}

/// What a run measured, beside its trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunChecks {
    /// The SQL self-join's counts.
    pub sql: SqlOverlaps,
    /// The metrics code's overlap count (must equal `sql.pairs`).
    pub rust_overlap_pairs: u64,
    /// Requests by the phase of their start: before, during, after the outage.
    pub requests_by_phase: [u64; 3],
    /// Holds by the phase of their acquisition (from the metrics code).
    pub holds_by_phase: [u64; 3],
    /// SIGSTOP lateness, µs, per stop.
    pub stop_lateness_us: Vec<f64>,
    /// Whether the nemesis ran under SCHED_FIFO.
    pub nemesis_realtime: bool,
    /// Wall time of the whole run, servers included, s.
    pub wall_s: f64,
    pub completions_unknown: u64,
    pub lock_errors: u64,
    pub db_errors: u64,
    /// PIDs of every server process of the run (for the "none left" check).
    pub server_pids: Vec<i32>,
    pub pay_api_pid: i32,
    pub facts: ServerFacts,
}

/// One finished run.
pub struct RunOutcome {
    pub config: LeaseConfig,
    pub trace: LeaseTrace,
    pub checks: RunChecks,
    pub history: History,
}

fn failed(what: impl std::fmt::Display) -> HarnessError {
    HarnessError::Failed(what.to_string())
}

const SCHEMA: &str = "
CREATE TABLE wallet (wallet_id integer PRIMARY KEY, available_amount bigint NOT NULL);
CREATE TABLE ledger_entry (
    entry_id bigserial PRIMARY KEY, wallet_id integer NOT NULL, amount bigint NOT NULL,
    kind text NOT NULL, worker integer, committed_at timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE TABLE lock_fence (wallet_id integer PRIMARY KEY, token bigint NOT NULL DEFAULT 0);
";

fn set_up_database(db: &mut postgres::Client, cfg: &LeaseConfig) -> Result<()> {
    db.batch_execute(SCHEMA).map_err(failed)?;
    for w in 0..cfg.wallets as i32 {
        let initial = i64::from(cfg.initial_balance_won);
        db.execute("INSERT INTO wallet VALUES ($1, $2)", &[&w, &initial]).map_err(failed)?;
        db.execute("INSERT INTO ledger_entry (wallet_id, amount, kind) VALUES ($1, $2, 'credit')", &[&w, &initial])
            .map_err(failed)?;
        db.execute("INSERT INTO lock_fence VALUES ($1, 0)", &[&w]).map_err(failed)?;
    }
    Ok(())
}

fn fences(db: &mut postgres::Client, wallets: u32) -> Result<Vec<u64>> {
    let rows = db.query("SELECT wallet_id, token FROM lock_fence ORDER BY wallet_id", &[]).map_err(failed)?;
    let mut out = vec![0; wallets as usize];
    for row in rows {
        let (w, t): (i32, i64) = (row.get(0), row.get(1));
        out[w as usize] = t as u64;
    }
    Ok(out)
}

fn final_facts(db: &mut postgres::Client, wallets: u32) -> Result<(Vec<i64>, Vec<u64>)> {
    let mut snapshot = vec![0i64; wallets as usize];
    for row in db.query("SELECT wallet_id, available_amount FROM wallet", &[]).map_err(failed)? {
        let (w, v): (i32, i64) = (row.get(0), row.get(1));
        snapshot[w as usize] = v;
    }
    let mut debits = vec![0u64; wallets as usize];
    let sql = "SELECT wallet_id, count(*) FROM ledger_entry WHERE kind = 'debit' GROUP BY wallet_id";
    for row in db.query(sql, &[]).map_err(failed)? {
        let (w, n): (i32, i64) = (row.get(0), row.get(1));
        debits[w as usize] = n as u64;
    }
    Ok((snapshot, debits))
}

/// Waits for the next line from the pay-api's stdout, at most `timeout`.
fn next_line(lines: &mpsc::Receiver<String>, timeout: Duration, what: &str) -> Result<String> {
    let deadline = std::time::Instant::now() + timeout;
    loop {
        check_interrupt()?;
        match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => return Ok(line),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                check_interrupt()?;
                return Err(failed(format!("pay-api ended before {what} (see pay-api.log)")));
            }
            Err(mpsc::RecvTimeoutError::Timeout) if std::time::Instant::now() > deadline => {
                return Err(failed(format!("pay-api gave no {what} within {timeout:?}")))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
}

/// Sleeps until `t0 + at_ns` in slices, so that Ctrl-C is seen within 50 ms.
fn sleep_to(t0_ns: u64, at_ns: u64) -> Result<()> {
    let deadline = t0_ns + at_ns;
    loop {
        check_interrupt()?;
        let now = now_ns();
        if now >= deadline {
            return Ok(());
        }
        sleep_until_ns(deadline.min(now + 50_000_000));
    }
}

/// Runs one configuration once; see the module doc.
pub fn run_once(req: &RunRequest) -> Result<RunOutcome> {
    let wall_start = now_ns();
    let cfg = req.config.config(req.secs);
    std::fs::create_dir_all(&req.folder).map_err(failed)?;
    let folder = &req.folder;
    let mut server_pids = Vec::new();

    let postgres = Postgres::start(
        req.bins,
        req.template,
        &req.scratch.join("pgdata"),
        req.pg_port,
        &folder.join("postgres.log"),
    )?;
    server_pids.push(postgres.guard.pid());
    let mut db = postgres::Client::connect(&pg_url(req.pg_port), postgres::NoTls).map_err(failed)?;
    set_up_database(&mut db, &cfg)?;
    let redis_dir = req.scratch.join("redis");
    let mut redis = Redis::start(req.bins, &redis_dir, req.redis_port, &folder.join("redis-0.log"))?;
    server_pids.push(redis.guard.pid());

    // The pay-api process.
    let spec = ApiSpec {
        config: cfg.clone(),
        seed: req.seed,
        run_index: req.run_index,
        redis_port: req.redis_port,
        pg_port: req.pg_port,
        pauses: req.pauses,
    };
    let api_log = std::fs::File::create(folder.join("pay-api.log")).map_err(failed)?;
    let mut cmd = Command::new(&req.pay_api.program);
    cmd.args(&req.pay_api.args)
        .arg(serde_json::to_string(&spec).map_err(failed)?)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(api_log);
    let child = spawn_child(&mut cmd, "pay-api")?;
    let mut api = ChildGuard::new(child, "pay-api", libc::SIGKILL, Duration::from_millis(200));
    let api_pid = api.pid();
    register_pay_api(api_pid);
    if interrupted() {
        return Err(HarnessError::Interrupted);
    }
    let stdout = api.child_mut().stdout.take().ok_or_else(|| failed("no pay-api stdout"))?;
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(std::result::Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let ready = next_line(&lines, Duration::from_secs(30), "`ready`")?;
    if ready != "ready" {
        return Err(failed(format!("pay-api said {ready:?} instead of `ready`")));
    }
    let t0_ns = now_ns() + 100_000_000;
    {
        let stdin = api.child_mut().stdin.as_mut().ok_or_else(|| failed("no pay-api stdin"))?;
        writeln!(stdin, "start {t0_ns}").and_then(|()| stdin.flush()).map_err(failed)?;
    }

    // The nemesis.
    let mut nemesis: Vec<NemesisEvent> = Vec::new();
    let mut fence_at_kill = None;
    let mut expired_before_kill = 0;
    let mut redis_generation = 0;
    let realtime = RealtimeGuard::raise();
    for planned in schedule(&cfg) {
        match planned.kind {
            NemesisKind::Stop | NemesisKind::Continue => {
                sleep_to(t0_ns, planned.at_ns)?;
                let signal = if planned.kind == NemesisKind::Stop { libc::SIGSTOP } else { libc::SIGCONT };
                api.signal(signal)?;
                nemesis.push(NemesisEvent { kind: planned.kind, deadline_ns: planned.at_ns, at_ns: now_ns() - t0_ns });
            }
            NemesisKind::RedisKill => {
                sleep_to(t0_ns, planned.at_ns.saturating_sub(20_000_000))?;
                expired_before_kill = redis.expired_keys()?;
                sleep_to(t0_ns, planned.at_ns)?;
                // Stamped once the process is reaped: from then on Redis is
                // certainly down (a SET it ran just before may still reply).
                redis.guard.kill_and_reap()?;
                let at_ns = now_ns() - t0_ns;
                nemesis.push(NemesisEvent { kind: planned.kind, deadline_ns: planned.at_ns, at_ns });
                if cfg.policy().fenced() {
                    fence_at_kill = Some(fences(&mut db, cfg.wallets)?);
                }
            }
            NemesisKind::RedisRestart { .. } => {
                sleep_to(t0_ns, planned.at_ns)?;
                let at_ns = now_ns() - t0_ns;
                redis_generation += 1;
                let log = folder.join(format!("redis-{redis_generation}.log"));
                redis = Redis::start(req.bins, &redis_dir, req.redis_port, &log)?;
                server_pids.push(redis.guard.pid());
                let ready_ns = now_ns() - t0_ns;
                nemesis.push(NemesisEvent {
                    kind: NemesisKind::RedisRestart { ready_ns },
                    deadline_ns: planned.at_ns,
                    at_ns,
                });
            }
        }
    }

    let nemesis_realtime = realtime.raised();
    drop(realtime);
    // The history: the run's length plus a generous drain.
    let drain = Duration::from_secs(u64::from(cfg.duration_s) + 60);
    let line = next_line(&lines, drain, "history")?;
    let api_history: ApiHistory =
        serde_json::from_str(&line).map_err(|e| failed(format!("bad pay-api history: {e}")))?;
    api.wait_or_kill(Duration::from_secs(5));
    register_pay_api(0);
    let history = History { api: api_history, nemesis };

    // Server facts, the cross-check, and every server stopped.
    let (snapshot_won, debits) = final_facts(&mut db, cfg.wallets)?;
    let leases_expired = expired_before_kill + redis.expired_keys()?;
    redis.guard.stop();
    let facts = ServerFacts { snapshot_won, debits, fence_at_kill, leases_expired };
    let sql = sql_overlaps(&mut db, &history).map_err(failed)?;
    drop(db);
    let mut postgres = postgres;
    postgres.guard.stop();

    // The real run's outage phases are its real instants: from the kill's
    // reaping (rounded up to the ms) to the new Redis's first accepted
    // connection (rounded down), not the scheduled ones.
    let measured = measured_config(&cfg, &history);
    let record = to_run_record(&measured, &history, &facts).map_err(failed)?;
    let trace = trace_from_record(&measured, req.seed, req.run_index, TraceLevel::Summary, record);
    let phase = |t_ns: u64| match measured.outage {
        None => 0,
        Some(o) if t_ns < u64::from(o.kill_at_ms) * 1_000_000 => 0,
        Some(o) if t_ns < u64::from(o.restart_at_ms) * 1_000_000 => 1,
        Some(_) => 2,
    };
    let mut requests_by_phase = [0u64; 3];
    for r in &history.api.requests {
        requests_by_phase[phase(r.invoke_ns)] += 1;
    }
    let checks = RunChecks {
        sql,
        rust_overlap_pairs: trace.metrics.ownership_overlap_pairs,
        requests_by_phase,
        holds_by_phase: trace.details.holds_by_phase,
        stop_lateness_us: stop_lateness_us(&history.nemesis),
        nemesis_realtime,
        wall_s: (now_ns() - wall_start) as f64 / 1e9,
        completions_unknown: history
            .api
            .requests
            .iter()
            .filter(|r| r.completion == super::history::Completion::Unknown)
            .count() as u64,
        lock_errors: history.api.lock_errors,
        db_errors: history.api.db_errors,
        server_pids,
        pay_api_pid: api_pid,
        facts,
    };
    write_json(&folder.join("history.json"), &history)?;
    write_json(&folder.join("checks.json"), &checks)?;
    write_json(
        &folder.join("config.json"),
        &serde_json::json!({
            "variant": req.config.key,
            "label": req.config.label,
            "secs": req.secs,
            "seed": req.seed,
            "run_index": req.run_index,
            "redis_port": req.redis_port,
            "pg_port": req.pg_port,
            "config": cfg,
        }),
    )?;
    write_json(&folder.join("metrics.json"), &serde_json::json!({"metrics": trace.metrics, "details": trace.details}))?;
    Ok(RunOutcome { config: cfg, trace, checks, history })
}

/// `cfg` with its outage at the instants the nemesis recorded (see `run_once`).
fn measured_config(cfg: &LeaseConfig, history: &History) -> LeaseConfig {
    let mut out = cfg.clone();
    if let Some(outage) = out.outage.as_mut() {
        for e in &history.nemesis {
            match e.kind {
                NemesisKind::RedisKill => outage.kill_at_ms = e.at_ns.div_ceil(1_000_000) as u32,
                NemesisKind::RedisRestart { ready_ns } => {
                    // Our readiness probe polls, so a client may be served
                    // first: a lock acquired after the start came from the
                    // new Redis (seen: two holds 14 ms before the probe's
                    // "ready", which the outage phase then counted).
                    let first_hold = history
                        .api
                        .requests
                        .iter()
                        .filter_map(|r| r.hold.as_ref())
                        .map(|h| h.acquired_ns)
                        .filter(|&a| a >= e.at_ns)
                        .min();
                    let accepted = first_hold.map_or(ready_ns, |a| a.min(ready_ns));
                    outage.restart_at_ms = (accepted / 1_000_000) as u32;
                }
                _ => {}
            }
        }
    }
    out
}

/// Writes `value` as pretty JSON to `path`.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(failed)?;
    std::fs::write(path, text + "\n").map_err(|e| failed(format!("cannot write {}: {e}", path.display())))
}
