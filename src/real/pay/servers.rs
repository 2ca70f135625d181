//! The real servers of a run: `redis-server` and PostgreSQL's `postgres`,
//! each a direct child of the harness (so it can be waited on, killed and
//! restarted), on a loopback port below 32768 (inside the ephemeral range a
//! reconnect storm can connect a client to itself), with its data on tmpfs.
//!
//! PostgreSQL refuses to run as root, so `initdb` and `postgres` run as the
//! `postgres` user (`CommandExt::uid/gid`, which keeps the real PID; no
//! `pg_ctl`, which daemonizes). No server outlives the harness: every child
//! is held by a [`ChildGuard`] that stops it when dropped (a normal end, an
//! error, a panic's unwinding), a SIGINT handler turns Ctrl-C into an
//! orderly error, and `PR_SET_PDEATHSIG` kills a child whose parent died
//! without running either (SIGKILL).

use std::fs;
use std::io::Read;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// Why a real run could not be done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HarnessError {
    /// The caller's input is wrong (exit status 2): a busy port, a bad flag.
    BadInput(String),
    /// A server binary is missing (exit status 2); names the Debian package.
    Missing { binary: String, package: &'static str },
    /// Ctrl-C (SIGINT) or SIGTERM arrived.
    Interrupted,
    /// Something failed during the run (exit status 1).
    Failed(String),
}

impl std::fmt::Display for HarnessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HarnessError::BadInput(text) | HarnessError::Failed(text) => f.write_str(text),
            HarnessError::Missing { binary, package } => write!(
                f,
                "{binary} not found: install the Debian package `{package}` (apt-get install {package}), \
                 or run scripts/setup.sh"
            ),
            HarnessError::Interrupted => f.write_str("interrupted; every server was stopped"),
        }
    }
}

pub type Result<T> = std::result::Result<T, HarnessError>;

fn failed(what: impl std::fmt::Display) -> HarnessError {
    HarnessError::Failed(what.to_string())
}

// ---- Ctrl-C ----

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// The `pay-api` process, killed by the signal handler so that the
/// orchestrator's blocking read of its output ends at once.
static PAY_API_PID: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_interrupt(_signal: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    let pid = PAY_API_PID.load(Ordering::SeqCst);
    if pid > 0 {
        // SAFETY: kill(2) is async-signal-safe.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

/// Routes SIGINT and SIGTERM to [`interrupted`] instead of ending the
/// process, so the guards can stop the servers.
pub fn install_interrupt_handler() {
    let handler = on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only touches atomics and calls kill(2).
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// Whether Ctrl-C (or SIGTERM) arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

pub fn check_interrupt() -> Result<()> {
    if interrupted() {
        Err(HarnessError::Interrupted)
    } else {
        Ok(())
    }
}

pub(crate) fn register_pay_api(pid: i32) {
    PAY_API_PID.store(pid, Ordering::SeqCst);
}

// ---- children ----

/// A child process that is stopped when the guard is dropped: `stop_signal`
/// first, SIGKILL if it has not exited within `grace`.
pub struct ChildGuard {
    child: Option<Child>,
    name: String,
    stop_signal: libc::c_int,
    grace: Duration,
}

impl ChildGuard {
    pub fn new(child: Child, name: &str, stop_signal: libc::c_int, grace: Duration) -> ChildGuard {
        ChildGuard { child: Some(child), name: name.to_string(), stop_signal, grace }
    }

    pub fn pid(&self) -> i32 {
        self.child.as_ref().map_or(0, |c| c.id() as i32)
    }

    pub fn child_mut(&mut self) -> &mut Child {
        self.child.as_mut().expect("a guard holds its child until stopped")
    }

    /// Whether the child has exited (and reaps it if so).
    pub fn has_exited(&mut self) -> bool {
        match self.child.as_mut() {
            None => true,
            Some(child) => !matches!(child.try_wait(), Ok(None)),
        }
    }

    /// Sends `signal` now (SIGSTOP, SIGCONT, SIGKILL …).
    pub fn signal(&self, signal: libc::c_int) -> Result<()> {
        let pid = self.pid();
        // SAFETY: plain kill(2) on our own child's PID.
        if pid > 0 && unsafe { libc::kill(pid, signal) } == 0 {
            Ok(())
        } else {
            Err(failed(format!("could not signal {} (pid {pid}): {}", self.name, std::io::Error::last_os_error())))
        }
    }

    /// SIGKILLs the child and waits until it is reaped: when this returns,
    /// the process is certainly gone.
    pub fn kill_and_reap(&mut self) -> Result<()> {
        self.signal(libc::SIGKILL)?;
        if let Some(mut child) = self.child.take() {
            child.wait().map_err(|e| failed(format!("could not reap {}: {e}", self.name)))?;
        }
        Ok(())
    }

    /// Stops the child (see the type's doc) and reaps it.
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else { return };
        if let Ok(None) = child.try_wait() {
            // SAFETY: kill(2) on our own child's PID, which is not reaped yet.
            unsafe { libc::kill(child.id() as i32, self.stop_signal) };
            let deadline = Instant::now() + self.grace;
            while Instant::now() < deadline {
                if !matches!(child.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            let _ = child.kill();
        }
        let _ = child.wait();
    }

    /// Waits for the child to exit by itself, at most `timeout`; kills it after.
    pub fn wait_or_kill(&mut self, timeout: Duration) -> bool {
        let Some(child) = self.child.as_mut() else { return true };
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if !matches!(child.try_wait(), Ok(None)) {
                self.child = None;
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop();
        false
    }
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Makes the child die with its parent (SIGKILL), in its own process group
/// (so the terminal's Ctrl-C reaches the harness only, which stops it).
fn die_with_parent(cmd: &mut Command) {
    cmd.process_group(0);
    // SAFETY: prctl(2) is async-signal-safe; it runs after the uid change,
    // which would otherwise clear the death signal.
    unsafe {
        cmd.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// Spawns `cmd` as a child that dies with its parent.
pub fn spawn_child(cmd: &mut Command, name: &str) -> Result<Child> {
    die_with_parent(cmd);
    cmd.spawn().map_err(|e| failed(format!("could not start {name}: {e}")))
}

// ---- binaries ----

/// Where the server binaries are. `LAB_REAL_REDIS_SERVER` and
/// `LAB_REAL_PG_BINDIR` override the search (tests use them to check the
/// missing-binary message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binaries {
    pub redis_server: PathBuf,
    pub pg_bindir: PathBuf,
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

impl Binaries {
    pub fn find() -> Result<Binaries> {
        let redis_server = match std::env::var_os("LAB_REAL_REDIS_SERVER") {
            Some(p) => PathBuf::from(p),
            None => on_path("redis-server").unwrap_or_else(|| PathBuf::from("/usr/bin/redis-server")),
        };
        if !redis_server.is_file() {
            return Err(HarnessError::Missing { binary: redis_server.display().to_string(), package: "redis-server" });
        }
        let pg_bindir = match std::env::var_os("LAB_REAL_PG_BINDIR") {
            Some(p) => PathBuf::from(p),
            None => newest_postgres_bindir().unwrap_or_else(|| PathBuf::from("/usr/lib/postgresql/15/bin")),
        };
        for tool in ["postgres", "initdb"] {
            if !pg_bindir.join(tool).is_file() {
                return Err(HarnessError::Missing {
                    binary: pg_bindir.join(tool).display().to_string(),
                    package: "postgresql",
                });
            }
        }
        Ok(Binaries { redis_server, pg_bindir })
    }

    /// `redis-server --version` and `postgres --version`, first lines.
    pub fn versions(&self) -> (String, String) {
        let first_line = |program: &Path| {
            Command::new(program)
                .arg("--version")
                .output()
                .ok()
                .map(|o| String::from_utf8_lossy(&o.stdout).lines().next().unwrap_or("").trim().to_string())
                .unwrap_or_default()
        };
        (first_line(&self.redis_server), first_line(&self.pg_bindir.join("postgres")))
    }
}

fn newest_postgres_bindir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.file_name().to_str()?.parse::<u32>().ok()?, e.path().join("bin"))))
        .filter(|(_, bin)| bin.join("postgres").is_file())
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

// ---- ports ----

/// The lowest port a server may use, and one past the highest (below the
/// ephemeral range, 32768–60999).
pub const PORT_RANGE: (u16, u16) = (1024, 32768);

fn port_is_free(port: u16) -> bool {
    TcpListener::bind(("127.0.0.1", port)).is_ok()
}

/// `requested`, if it is allowed and free; otherwise the first free port
/// from a per-process starting point. A busy or out-of-range requested port
/// is bad input.
pub fn pick_port(requested: Option<u16>, avoid: &[u16]) -> Result<u16> {
    if let Some(port) = requested {
        if !(PORT_RANGE.0..PORT_RANGE.1).contains(&port) {
            return Err(HarnessError::BadInput(format!(
                "port {port} is outside {}..{} (ports from 32768 up are the kernel's ephemeral range)",
                PORT_RANGE.0,
                PORT_RANGE.1 - 1
            )));
        }
        if avoid.contains(&port) || !port_is_free(port) {
            return Err(HarnessError::BadInput(format!("port {port} on 127.0.0.1 is busy")));
        }
        return Ok(port);
    }
    let start = 20_000 + (std::process::id() % 4_000) as u16 * 2;
    (start..PORT_RANGE.1)
        .chain(20_000..start)
        .find(|p| !avoid.contains(p) && port_is_free(*p))
        .ok_or_else(|| failed("no free loopback port below 32768"))
}

fn wait_for_port(port: u16, child: &mut ChildGuard, name: &str, log: &Path, timeout: Duration) -> Result<()> {
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let deadline = Instant::now() + timeout;
    loop {
        if TcpStream::connect_timeout(&addr, Duration::from_millis(100)).is_ok() {
            return Ok(());
        }
        if child.has_exited() {
            return Err(failed(format!("{name} exited at start; its log {}:\n{}", log.display(), log_tail(log))));
        }
        if Instant::now() > deadline {
            return Err(failed(format!("{name} did not accept connections on port {port} within {timeout:?}")));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn log_tail(path: &Path) -> String {
    let mut text = String::new();
    if let Ok(mut f) = fs::File::open(path) {
        let _ = f.read_to_string(&mut text);
    }
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(10)..].join("\n")
}

// ---- tmpfs directories ----

/// A directory on tmpfs (`/dev/shm`), removed when dropped.
pub struct TempDir {
    pub path: PathBuf,
}

impl TempDir {
    pub fn new(tag: &str) -> Result<TempDir> {
        let base = if Path::new("/dev/shm").is_dir() { PathBuf::from("/dev/shm") } else { std::env::temp_dir() };
        let path = base.join(format!("lab-real-{}-{tag}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).map_err(|e| failed(format!("cannot create {}: {e}", path.display())))?;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).map_err(failed)?;
        Ok(TempDir { path })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// The user PostgreSQL runs as: `postgres` when we are root, ourselves otherwise.
fn postgres_user() -> Result<Option<(u32, u32)>> {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(None);
    }
    let name = std::ffi::CString::new("postgres").expect("no NUL");
    // SAFETY: getpwnam returns null or a pointer to a static passwd entry, read at once.
    let entry = unsafe { libc::getpwnam(name.as_ptr()) };
    if entry.is_null() {
        return Err(HarnessError::Missing { binary: "the `postgres` user".to_string(), package: "postgresql" });
    }
    // SAFETY: non-null, just returned by getpwnam.
    let (uid, gid) = unsafe { ((*entry).pw_uid, (*entry).pw_gid) };
    Ok(Some((uid, gid)))
}

fn chown(path: &Path, owner: Option<(u32, u32)>) -> Result<()> {
    if let Some((uid, gid)) = owner {
        std::os::unix::fs::chown(path, Some(uid), Some(gid))
            .map_err(|e| failed(format!("chown {}: {e}", path.display())))?;
    }
    Ok(())
}

fn as_postgres(cmd: &mut Command, owner: Option<(u32, u32)>) {
    if let Some((uid, gid)) = owner {
        cmd.uid(uid).gid(gid);
    }
}

// ---- PostgreSQL ----

/// An initialised, stopped PostgreSQL data directory that each run copies.
pub struct PgTemplate {
    pub dir: PathBuf,
    owner: Option<(u32, u32)>,
}

impl PgTemplate {
    /// `initdb -N` into `parent/template` as the `postgres` user (about 1.3 s on tmpfs).
    pub fn init(bins: &Binaries, parent: &Path, log: &Path) -> Result<PgTemplate> {
        let owner = postgres_user()?;
        chown(parent, owner)?;
        let dir = parent.join("template");
        let log_file = fs::File::create(log).map_err(failed)?;
        let mut cmd = Command::new(bins.pg_bindir.join("initdb"));
        cmd.args(["-N", "-U", "lab", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-D"])
            .arg(&dir)
            .current_dir(parent)
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().map_err(failed)?)
            .stderr(log_file);
        as_postgres(&mut cmd, owner);
        let child = spawn_child(&mut cmd, "initdb")?;
        let mut guard = ChildGuard::new(child, "initdb", libc::SIGKILL, Duration::from_millis(100));
        let status = loop {
            check_interrupt()?;
            if let Ok(Some(status)) = guard.child_mut().try_wait() {
                break status;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        guard.child = None;
        if !status.success() {
            return Err(failed(format!("initdb failed ({status}); its log {}:\n{}", log.display(), log_tail(log))));
        }
        Ok(PgTemplate { dir, owner })
    }

    /// Creates `dir` for one run, owned by the user PostgreSQL runs as.
    pub fn make_dir(&self, dir: &Path) -> Result<()> {
        fs::create_dir_all(dir).map_err(|e| failed(format!("cannot create {}: {e}", dir.display())))?;
        chown(dir, self.owner)
    }

    /// Copies the template to `dir` (a fresh, empty database for one run).
    fn copy_to(&self, dir: &Path) -> Result<()> {
        let status = Command::new("cp").arg("-a").arg(&self.dir).arg(dir).status().map_err(failed)?;
        if !status.success() {
            return Err(failed(format!("cp -a {} {} failed", self.dir.display(), dir.display())));
        }
        Ok(())
    }
}

/// A running PostgreSQL.
pub struct Postgres {
    pub guard: ChildGuard,
    pub port: u16,
}

impl Postgres {
    /// Starts `postgres` on a copy of the template in `dir`, listening on
    /// 127.0.0.1:`port`, its log in `log`; returns once it accepts a session.
    pub fn start(bins: &Binaries, template: &PgTemplate, dir: &Path, port: u16, log: &Path) -> Result<Postgres> {
        template.copy_to(dir)?;
        let log_file = fs::File::create(log).map_err(failed)?;
        let socket_dir = dir.parent().unwrap_or(dir);
        let mut cmd = Command::new(bins.pg_bindir.join("postgres"));
        cmd.arg("-D")
            .arg(dir)
            .args(["-c", "listen_addresses=127.0.0.1", "-p", &port.to_string(), "-k"])
            .arg(socket_dir)
            .current_dir(socket_dir)
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().map_err(failed)?)
            .stderr(log_file);
        as_postgres(&mut cmd, template.owner);
        let child = spawn_child(&mut cmd, "postgres")?;
        // SIGINT: fast shutdown (about 40 ms).
        let mut guard = ChildGuard::new(child, "postgres", libc::SIGINT, Duration::from_secs(5));
        wait_for_port(port, &mut guard, "postgres", log, Duration::from_secs(15))?;
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            match postgres::Client::connect(&pg_url(port), postgres::NoTls) {
                Ok(_) => break,
                Err(e) if Instant::now() > deadline => {
                    return Err(failed(format!("postgres never took a session: {e}")))
                }
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
        Ok(Postgres { guard, port })
    }
}

/// The connection string of the run's database.
pub fn pg_url(port: u16) -> String {
    format!("host=127.0.0.1 port={port} user=lab dbname=postgres")
}

// ---- Redis ----

/// A running `redis-server`: no RDB, no AOF, so a restart is empty (the
/// article's `docker kill` / `docker start`).
pub struct Redis {
    pub guard: ChildGuard,
    pub port: u16,
}

impl Redis {
    pub fn start(bins: &Binaries, dir: &Path, port: u16, log: &Path) -> Result<Redis> {
        fs::create_dir_all(dir).map_err(failed)?;
        let log_file = fs::File::create(log).map_err(failed)?;
        let mut cmd = Command::new(&bins.redis_server);
        cmd.args(["--bind", "127.0.0.1", "--port", &port.to_string(), "--save", "", "--appendonly", "no"])
            .args(["--daemonize", "no", "--dir"])
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().map_err(failed)?)
            .stderr(log_file);
        let child = spawn_child(&mut cmd, "redis-server")?;
        let mut guard = ChildGuard::new(child, "redis-server", libc::SIGKILL, Duration::from_millis(500));
        wait_for_port(port, &mut guard, "redis-server", log, Duration::from_secs(10))?;
        Ok(Redis { guard, port })
    }

    /// `INFO stats` `expired_keys`: the leases this server ended by TTL.
    pub fn expired_keys(&self) -> Result<u64> {
        let client = redis::Client::open(redis_url(self.port)).map_err(failed)?;
        let mut con = client.get_connection().map_err(failed)?;
        let info: String = redis::cmd("INFO").arg("stats").query(&mut con).map_err(failed)?;
        info.lines()
            .find_map(|l| l.strip_prefix("expired_keys:"))
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| failed("INFO stats has no expired_keys"))
    }
}

pub fn redis_url(port: u16) -> String {
    format!("redis://127.0.0.1:{port}/")
}
