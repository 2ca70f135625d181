//! Query strings ↔ validated simulation inputs.
//!
//! One parser serves every front end: the site's URL, the sliders (which
//! write the URL), and `lab run --params`. Parsing never fails and never
//! panics: a value out of range is clamped and a malformed or unknown one is
//! ignored, and each such decision is reported as a [`Notice`]. The site
//! shows the notices; the CLI turns any notice into exit status 2.
//!
//! [`LEASE_PARAMS`] is the single table of keys, units, ranges and defaults:
//! the README's parameter list, the sliders' ranges and the validation all
//! come from it.
//!
//! Parsing order: `preset=` sets the base config, `noise=` then sets the base
//! noise knobs, and every other key overrides in any order (each key is read
//! once; a repeated key keeps its last value). Cross-field rules run last
//! (`pause_max_ms ≥ pause_min_ms`, restart after kill, …).
//!
//! [`to_query`] writes the canonical form: `preset=…` (when one is set)
//! followed by only the keys whose values differ from that preset's config,
//! in table order. `parse_lease_query(&to_query(q))` gives back `q` with no
//! notices for every valid `q`.
//!
//! Architecture invariant: no text from a query is ever interpreted as
//! markup; notices carry the raw text as data (truncated to
//! [`NOTICE_TEXT_MAX_CHARS`]), and front ends escape it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::sim::lease::{FailPolicy, LeaseConfig, Noise, Outage, Preset, Variant, WalletAssignment};
use crate::sim::vote::{
    ConflictSource, FaultKind, InterruptStage, Layout, OuterEnd, StoreProfile, TrueState, Variant as VoteVariant,
    VoteConfig,
};

/// Something the parser changed or dropped, to be shown to the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// A number outside its range was replaced by the nearest bound.
    Clamped { key: String, given: String, used: String, min: String, max: String },
    /// A key or value that could not be used at all.
    Ignored { key: String, given: String, reason: String },
}

impl Notice {
    /// The key the notice is about.
    pub fn key(&self) -> &str {
        match self {
            Notice::Clamped { key, .. } | Notice::Ignored { key, .. } => key,
        }
    }

    /// One English sentence for the CLI (plain text; front ends escape it).
    pub fn message(&self) -> String {
        match self {
            Notice::Clamped { key, given, used, min, max } => {
                format!("`{key}={given}` is out of range: allowed {min}..={max}; {used} would be used")
            }
            Notice::Ignored { key, given, reason } => format!("`{key}={given}` was ignored: {reason}"),
        }
    }
}

/// A parsed value and what had to be changed to get it.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed<T> {
    pub value: T,
    pub notices: Vec<Notice>,
}

/// A fully specified Scenario A run: everything a permalink must restore.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaseQuery {
    /// The preset the other keys started from, if any.
    pub preset: Option<Preset>,
    pub config: LeaseConfig,
    pub seed: u64,
    pub run_index: u32,
}

impl Default for LeaseQuery {
    fn default() -> Self {
        LeaseQuery { preset: None, config: LeaseConfig::default(), seed: DEFAULT_SEED, run_index: 0 }
    }
}

impl LeaseQuery {
    /// The query a preset stands for: its config, seed 1, run 0.
    pub fn from_preset(preset: Preset) -> Self {
        LeaseQuery { preset: Some(preset), config: preset.config(), ..LeaseQuery::default() }
    }
}

/// The base seed used when a query names none.
pub const DEFAULT_SEED: u64 = 1;

/// The outage a query switches on with `outage=on` when its base has none (the article's 20 s → 40 s).
pub const DEFAULT_OUTAGE: Outage = Outage { kill_at_ms: 20_000, restart_at_ms: 40_000 };

/// Raw text in notices is cut to this many characters (plus `…`).
pub const NOTICE_TEXT_MAX_CHARS: usize = 80;

/// A parse reports at most this many notices, then one that says how many were left out.
pub const MAX_NOTICES: usize = 64;

/// What kind of value a key takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number in `min..=max`; out-of-range values are clamped.
    Integer,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// `true` or `false` (`1`/`0`, `on`/`off`, `yes`/`no` are accepted too).
    Flag,
}

/// One query key: its name, unit, range, default and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: &'static str,
    /// Unit of an integer (`ms`, `µs`, `s`, `won`, `%`, `ppm`, `/min`), or "" when unitless.
    pub unit: &'static str,
    pub kind: ParamKind,
    /// Range and slider step; meaningful for [`ParamKind::Integer`] only (0 otherwise).
    pub min: u64,
    pub max: u64,
    pub step: u64,
    /// The canonical text of the default (no preset); "" when the key is unset by default.
    pub default: &'static str,
    /// Short English description.
    pub description: &'static str,
    /// Korean slider label for the site.
    pub label_ko: &'static str,
}

impl ParamSpec {
    /// The allowed values as text: `1..=10000 ms`, `naive|watchdog|…`, `true|false`.
    pub fn allowed(&self) -> String {
        match self.kind {
            ParamKind::Integer => {
                if self.unit.is_empty() {
                    format!("{}..={}", self.min, self.max)
                } else {
                    format!("{}..={} {}", self.min, self.max, self.unit)
                }
            }
            ParamKind::Choice(words) => words.join("|"),
            ParamKind::Flag => "true|false".to_string(),
        }
    }

    /// The default as a number, for integer keys.
    pub fn default_u64(&self) -> Option<u64> {
        self.default.parse().ok()
    }
}

/// A row of the integer table; positional so each row of [`LEASE_PARAMS`] reads as one line.
#[allow(clippy::too_many_arguments)]
const fn int(
    name: &'static str,
    unit: &'static str,
    min: u64,
    max: u64,
    step: u64,
    default: &'static str,
    description: &'static str,
    label_ko: &'static str,
) -> ParamSpec {
    ParamSpec { name, unit, kind: ParamKind::Integer, min, max, step, default, description, label_ko }
}

const fn choice(
    name: &'static str,
    words: &'static [&'static str],
    default: &'static str,
    description: &'static str,
    label_ko: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        unit: "",
        kind: ParamKind::Choice(words),
        min: 0,
        max: 0,
        step: 0,
        default,
        description,
        label_ko,
    }
}

const fn flag(
    name: &'static str,
    default: &'static str,
    description: &'static str,
    label_ko: &'static str,
) -> ParamSpec {
    ParamSpec { name, unit: "", kind: ParamKind::Flag, min: 0, max: 0, step: 0, default, description, label_ko }
}

/// The preset keys, in `Preset::ALL` order.
pub const PRESET_KEYS: &[&str] = &[
    "exp1",
    "exp2",
    "exp2_stop",
    "exp3_c1",
    "exp3_c2",
    "exp3_ttl1s",
    "exp4",
    "exp5_closed",
    "exp5_open",
    "exp5_c2_closed",
    "exp5_control",
];

/// Every Scenario A query key, in canonical order. `scenario=lease` is accepted too.
///
/// Ranges bound the work of one run: a request cycle is at least
/// `pre_overhead_ms` (≥ 5 ms) and a refused lock attempt waits `retry_ms`
/// (≥ 5 ms), so 64 threads × 120 s stay below about 1.5 M cycles.
pub const LEASE_PARAMS: &[ParamSpec] = &[
    choice("preset", PRESET_KEYS, "", "Article experiment whose config the other keys start from", "실험 프리셋"),
    choice(
        "variant",
        &["naive", "watchdog", "fence_write", "fence_read", "conditional"],
        "naive",
        "Critical section: (a) naive lock, (b) watchdog, (c-1) write-time fence, (c-2) read-time fence, (d) conditional UPDATE",
        "임계 구역 방식",
    ),
    int("ttl_ms", "ms", 1, 10_000, 10, "200", "Lock lease TTL", "락 TTL"),
    int("pause_min_ms", "ms", 0, 5_000, 10, "300", "Shortest injected pause (uniform, inclusive)", "멈춤 최소"),
    int("pause_max_ms", "ms", 0, 5_000, 10, "500", "Longest injected pause; raised to pause_min_ms if below it", "멈춤 최대"),
    int("threads", "", 1, 64, 1, "16", "Closed-loop worker threads", "스레드 수"),
    int("wallets", "", 1, 16, 1, "4", "Wallets the workers pay from", "지갑 수"),
    choice(
        "wallet_assignment",
        &["fixed", "random"],
        "fixed",
        "fixed: wallet = worker mod wallets; random: a uniform wallet per request",
        "지갑 배정",
    ),
    int("processes", "", 1, 8, 1, "1", "Application processes (workers round-robin; stops hit process 0)", "프로세스 수"),
    int("duration_s", "s", 1, 120, 1, "60", "Run length; no request starts after it, in-flight ones drain", "실행 시간"),
    int(
        "watchdog_period_ms",
        "ms",
        0,
        10_000,
        1,
        "0",
        "Watchdog extension period; 0 = floor(ttl_ms / 3)",
        "Watchdog 연장 주기 (0 = TTL/3)",
    ),
    int("stop_count", "", 0, 100, 1, "0", "Process stops (SIGSTOP) of process 0", "프로세스 정지 횟수"),
    int("stop_duration_ms", "ms", 1, 5_000, 10, "400", "Length of each stop", "정지 시간"),
    int(
        "stop_period_ms",
        "ms",
        2,
        60_000,
        100,
        "1500",
        "Time between stop starts; raised above stop_duration_ms when stops are on",
        "정지 간격",
    ),
    int("stop_first_at_ms", "ms", 0, 120_000, 100, "1500", "Start of the first stop", "첫 정지 시각"),
    choice("outage", &["off", "on"], "off", "Kill the lock server and restart it empty", "락 서버 단절"),
    int("outage_kill_ms", "ms", 0, 119_000, 1_000, "20000", "When the lock server is killed (outage=on)", "단절 시각"),
    int(
        "outage_restart_ms",
        "ms",
        1_000,
        120_000,
        1_000,
        "40000",
        "When it restarts with empty state; moved after outage_kill_ms if not after it",
        "재기동 시각",
    ),
    choice(
        "fail_policy",
        &["closed", "open"],
        "closed",
        "When the lock server is down: closed = answer 503, open = proceed without the lock",
        "락 서버 장애 시 정책",
    ),
    int("retry_ms", "ms", 5, 1_000, 1, "20", "Sleep after a refused SET NX before the next try", "락 재시도 간격"),
    int("pre_overhead_ms", "ms", 5, 1_000, 1, "10", "Request overhead before the critical section", "요청 앞 오버헤드"),
    int("post_overhead_ms", "ms", 0, 1_000, 1, "5", "Request overhead after the critical section", "요청 뒤 오버헤드"),
    int("lock_net_us", "µs", 0, 100_000, 50, "250", "One-way network latency to the lock server", "락 서버 지연 (편도)"),
    int("db_net_us", "µs", 0, 100_000, 50, "250", "One-way network latency to the database", "DB 지연 (편도)"),
    int(
        "lock_unavailable_us",
        "µs",
        0,
        100_000,
        50,
        "200",
        "Time for a command to fail while the lock server is down",
        "단절 시 오류 응답 시간",
    ),
    int("client_timeout_ms", "ms", 1, 10_000, 10, "500", "Lock client command timeout", "락 명령 타임아웃"),
    int("amount_won", "won", 1, 1_000_000, 100, "1000", "Amount of each payment", "결제 금액"),
    int(
        "initial_balance_won",
        "won",
        0,
        10_000_000,
        1_000,
        "60000",
        "Starting balance of each wallet",
        "초기 잔액",
    ),
    flag(
        "fence_check_locks_row",
        "true",
        "c-2's write-time equality check takes the fence row's X lock",
        "fence 확인 시 행 잠금",
    ),
    flag(
        "abort_on_lost_lease",
        "false",
        "Non-article: abort the write when the watchdog saw the lease lost",
        "lease 잃으면 쓰기 중단 (원문 외)",
    ),
    choice("noise", &["off", "realistic"], "off", "Base noise knobs: off, or the realistic preset", "현실 잡음"),
    int("jitter_pct", "%", 0, 50, 1, "0", "± uniform jitter on every one-way latency", "지연 흔들림"),
    int("stalls_per_min", "/min", 0, 60, 1, "0", "Mean lock-server stalls per minute (Poisson)", "락 서버 멈칫 빈도"),
    int("stall_min_ms", "ms", 1, 5_000, 10, "100", "Shortest stall", "멈칫 최소"),
    int("stall_max_ms", "ms", 1, 5_000, 10, "400", "Longest stall; raised to stall_min_ms if below it", "멈칫 최대"),
    int(
        "acquire_lag_ppm",
        "ppm",
        0,
        1_000_000,
        500,
        "0",
        "Chance per acquisition, in parts per million, that the client sees it late",
        "획득 관측 지연 확률",
    ),
    int("acquire_lag_min_ms", "ms", 0, 5_000, 10, "550", "Shortest observation lag", "관측 지연 최소"),
    int(
        "acquire_lag_max_ms",
        "ms",
        0,
        5_000,
        10,
        "700",
        "Longest observation lag; raised to acquire_lag_min_ms if below it",
        "관측 지연 최대",
    ),
    int("seed", "", 0, u64::MAX, 1, "1", "Base seed of the random streams", "시드"),
    int("run", "", 0, 2, 1, "0", "Run index (the article ran each config as runs 0, 1, 2)", "실행 번호"),
];

/// The spec of a Scenario A key.
pub fn lease_param(name: &str) -> Option<&'static ParamSpec> {
    LEASE_PARAMS.iter().find(|spec| spec.name == name)
}

// ---------------------------------------------------------------------------
// Reading the query string

/// One `key=value` pair of a query string, percent-decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPair {
    pub key: String,
    /// `None` when the pair had no `=`.
    pub value: Option<String>,
}

/// Splits a query string on `&` (a leading `?` is dropped), percent-decodes
/// keys and values (`+` is a space), and skips empty pairs.
pub fn split_query(query: &str) -> Vec<RawPair> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => RawPair { key: percent_decode(key), value: Some(percent_decode(value)) },
            None => RawPair { key: percent_decode(pair), value: None },
        })
        .collect()
}

/// Decodes `%XX` escapes and `+`; invalid escapes are kept as text and invalid UTF-8 is replaced.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' if i + 2 < bytes.len() && hex_value(bytes[i + 1]).is_some() && hex_value(bytes[i + 2]).is_some() => {
                let high = hex_value(bytes[i + 1]).unwrap_or(0);
                let low = hex_value(bytes[i + 2]).unwrap_or(0);
                out.push(high * 16 + low);
                i += 3;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Escapes every byte outside `[A-Za-z0-9-_.~]`, so the result is safe in a URL query.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Raw text as it may appear in a notice: bounded in length, control characters dropped.
pub fn notice_text(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(NOTICE_TEXT_MAX_CHARS).collect();
    if text.chars().filter(|c| !c.is_control()).nth(NOTICE_TEXT_MAX_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Collects notices, capped at [`MAX_NOTICES`].
#[derive(Debug, Default)]
pub struct NoticeLog {
    notices: Vec<Notice>,
    omitted: usize,
}

impl NoticeLog {
    pub fn push(&mut self, notice: Notice) {
        if self.notices.len() < MAX_NOTICES {
            self.notices.push(notice);
        } else {
            self.omitted += 1;
        }
    }

    pub fn ignored(&mut self, key: &str, given: &str, reason: impl Into<String>) {
        self.push(Notice::Ignored { key: notice_text(key), given: notice_text(given), reason: reason.into() });
    }

    pub fn finish(mut self) -> Vec<Notice> {
        if self.omitted > 0 {
            self.notices.push(Notice::Ignored {
                key: "…".to_string(),
                given: String::new(),
                reason: format!("{} more notices were left out", self.omitted),
            });
        }
        self.notices
    }
}

/// The pairs of a query, one value per key (the last wins), in first-seen order.
/// Repeated keys and pairs without `=` are reported.
pub fn last_values(pairs: Vec<RawPair>, log: &mut NoticeLog) -> BTreeMap<String, String> {
    let mut values: BTreeMap<String, String> = BTreeMap::new();
    for RawPair { key, value } in pairs {
        let Some(value) = value else {
            log.ignored(&key, "", "no value (expected key=value)");
            continue;
        };
        if let Some(previous) = values.insert(key.clone(), value) {
            log.ignored(&key, &previous, "repeated key; the last value is used");
        }
    }
    values
}

/// The outcome of reading a whole number.
enum WholeNumber {
    Value(u64),
    Negative,
    TooLarge,
    Malformed,
}

fn read_whole_number(text: &str) -> WholeNumber {
    let text = text.trim();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return WholeNumber::Malformed;
    }
    let is_zero = digits.bytes().all(|b| b == b'0');
    if negative && !is_zero {
        return WholeNumber::Negative;
    }
    match digits.parse::<u64>() {
        Ok(value) => WholeNumber::Value(value),
        Err(_) => WholeNumber::TooLarge,
    }
}

/// Reads an integer key's value, clamping it to the spec's range. `None` when malformed.
pub fn read_integer(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<u64> {
    let (used, in_range) = match read_whole_number(given) {
        WholeNumber::Value(value) if value < spec.min => (spec.min, false),
        WholeNumber::Value(value) if value > spec.max => (spec.max, false),
        WholeNumber::Value(value) => (value, true),
        WholeNumber::Negative => (spec.min, false),
        WholeNumber::TooLarge => (spec.max, false),
        WholeNumber::Malformed => {
            log.ignored(spec.name, given, format!("not a whole number; allowed {}", spec.allowed()));
            return None;
        }
    };
    if !in_range {
        log.push(Notice::Clamped {
            key: spec.name.to_string(),
            given: notice_text(given),
            used: used.to_string(),
            min: spec.min.to_string(),
            max: spec.max.to_string(),
        });
    }
    Some(used)
}

/// Reads a choice key's value (trimmed, ASCII case-insensitive). `None` when not one of the words.
pub fn read_choice(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<&'static str> {
    let ParamKind::Choice(words) = spec.kind else { return None };
    let wanted = given.trim();
    let found = words.iter().copied().find(|word| word.eq_ignore_ascii_case(wanted));
    if found.is_none() {
        log.ignored(spec.name, given, format!("not one of {}", spec.allowed()));
    }
    found
}

/// Reads a flag's value. `None` when not a boolean word.
pub fn read_flag(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<bool> {
    match given.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Some(true),
        "false" | "0" | "off" | "no" => Some(false),
        _ => {
            log.ignored(spec.name, given, format!("not one of {}", spec.allowed()));
            None
        }
    }
}

/// Records a cross-field fix as a clamp of `key` to `used`, with `min` as the bound it had to respect.
fn cross_field_fix(log: &mut NoticeLog, spec: &ParamSpec, given: u64, used: u64, min: u64) {
    log.push(Notice::Clamped {
        key: spec.name.to_string(),
        given: given.to_string(),
        used: used.to_string(),
        min: min.to_string(),
        max: spec.max.to_string(),
    });
}

fn spec(name: &str) -> &'static ParamSpec {
    // Every name passed here is a literal from LEASE_PARAMS; a unit test checks it.
    lease_param(name).unwrap_or(&LEASE_PARAMS[0])
}

// ---------------------------------------------------------------------------
// Scenario A keys ↔ LeaseQuery fields

/// The integer value of `name` in `query`, for every integer key.
pub fn lease_integer(query: &LeaseQuery, name: &str) -> Option<u64> {
    let c = &query.config;
    let n = &c.noise;
    let value = match name {
        "ttl_ms" => c.ttl_ms,
        "pause_min_ms" => c.pause_min_ms,
        "pause_max_ms" => c.pause_max_ms,
        "threads" => c.threads,
        "wallets" => c.wallets,
        "processes" => c.processes,
        "duration_s" => c.duration_s,
        "watchdog_period_ms" => c.watchdog_period_ms.unwrap_or(0),
        "stop_count" => c.stops.count,
        "stop_duration_ms" => c.stops.duration_ms,
        "stop_period_ms" => c.stops.period_ms,
        "stop_first_at_ms" => c.stops.first_at_ms,
        "outage_kill_ms" => c.outage.unwrap_or(DEFAULT_OUTAGE).kill_at_ms,
        "outage_restart_ms" => c.outage.unwrap_or(DEFAULT_OUTAGE).restart_at_ms,
        "retry_ms" => c.retry_ms,
        "pre_overhead_ms" => c.pre_overhead_ms,
        "post_overhead_ms" => c.post_overhead_ms,
        "lock_net_us" => c.lock_net_us,
        "db_net_us" => c.db_net_us,
        "lock_unavailable_us" => c.lock_unavailable_us,
        "client_timeout_ms" => c.client_timeout_ms,
        "amount_won" => c.amount_won,
        "initial_balance_won" => c.initial_balance_won,
        "jitter_pct" => n.latency_jitter_pct,
        "stalls_per_min" => n.stalls_per_min,
        "stall_min_ms" => n.stall_min_ms,
        "stall_max_ms" => n.stall_max_ms,
        "acquire_lag_ppm" => n.acquire_lag_ppm,
        "acquire_lag_min_ms" => n.acquire_lag_min_ms,
        "acquire_lag_max_ms" => n.acquire_lag_max_ms,
        "run" => query.run_index,
        "seed" => return Some(query.seed),
        _ => return None,
    };
    Some(u64::from(value))
}

/// Sets the integer key `name`; `value` is already within the key's range.
/// Outage keys are handled by the caller (they need `outage` on).
fn set_lease_integer(query: &mut LeaseQuery, name: &str, value: u64) {
    if name == "seed" {
        query.seed = value;
        return;
    }
    let value = u32::try_from(value).unwrap_or(u32::MAX);
    let c = &mut query.config;
    match name {
        "ttl_ms" => c.ttl_ms = value,
        "pause_min_ms" => c.pause_min_ms = value,
        "pause_max_ms" => c.pause_max_ms = value,
        "threads" => c.threads = value,
        "wallets" => c.wallets = value,
        "processes" => c.processes = value,
        "duration_s" => c.duration_s = value,
        "watchdog_period_ms" => c.watchdog_period_ms = if value == 0 { None } else { Some(value) },
        "stop_count" => c.stops.count = value,
        "stop_duration_ms" => c.stops.duration_ms = value,
        "stop_period_ms" => c.stops.period_ms = value,
        "stop_first_at_ms" => c.stops.first_at_ms = value,
        "retry_ms" => c.retry_ms = value,
        "pre_overhead_ms" => c.pre_overhead_ms = value,
        "post_overhead_ms" => c.post_overhead_ms = value,
        "lock_net_us" => c.lock_net_us = value,
        "db_net_us" => c.db_net_us = value,
        "lock_unavailable_us" => c.lock_unavailable_us = value,
        "client_timeout_ms" => c.client_timeout_ms = value,
        "amount_won" => c.amount_won = value,
        "initial_balance_won" => c.initial_balance_won = value,
        "jitter_pct" => c.noise.latency_jitter_pct = value,
        "stalls_per_min" => c.noise.stalls_per_min = value,
        "stall_min_ms" => c.noise.stall_min_ms = value,
        "stall_max_ms" => c.noise.stall_max_ms = value,
        "acquire_lag_ppm" => c.noise.acquire_lag_ppm = value,
        "acquire_lag_min_ms" => c.noise.acquire_lag_min_ms = value,
        "acquire_lag_max_ms" => c.noise.acquire_lag_max_ms = value,
        "run" => query.run_index = value,
        _ => {}
    }
}

/// The canonical text of a choice or flag key's value.
pub fn lease_word(query: &LeaseQuery, name: &str) -> Option<&'static str> {
    let c = &query.config;
    let word = match name {
        "preset" => return query.preset.map(Preset::key),
        "variant" => c.variant.key(),
        "wallet_assignment" => match c.wallet_assignment {
            WalletAssignment::Fixed => "fixed",
            WalletAssignment::Random => "random",
        },
        "outage" => {
            if c.outage.is_some() {
                "on"
            } else {
                "off"
            }
        }
        "fail_policy" => c.fail_policy.key(),
        "fence_check_locks_row" => bool_word(c.fence_check_locks_row),
        "abort_on_lost_lease" => bool_word(c.abort_on_lost_lease),
        "noise" => {
            if c.noise == Noise::REALISTIC {
                "realistic"
            } else if c.noise == Noise::OFF {
                "off"
            } else {
                return None;
            }
        }
        _ => return None,
    };
    Some(word)
}

fn bool_word(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}

/// Any key's value in canonical text (`None` for an unset preset or custom noise).
pub fn lease_value_text(query: &LeaseQuery, name: &str) -> Option<String> {
    lease_integer(query, name).map(|v| v.to_string()).or_else(|| lease_word(query, name).map(str::to_string))
}

/// Keys the lease parser accepts that are not in [`LEASE_PARAMS`].
const LEASE_EXTRA_KEYS: &[&str] = &["scenario"];

/// Parses a Scenario A query string. Never panics; see the module doc for the rules.
pub fn parse_lease_query(query: &str) -> Parsed<LeaseQuery> {
    let mut log = NoticeLog::default();
    let values = last_values(split_query(query), &mut log);
    let value = lease_query_from_values(&values, &mut log);
    Parsed { value, notices: log.finish() }
}

/// Builds a [`LeaseQuery`] from one value per key.
pub fn lease_query_from_values(values: &BTreeMap<String, String>, log: &mut NoticeLog) -> LeaseQuery {
    for (key, given) in values {
        if lease_param(key).is_none() && !LEASE_EXTRA_KEYS.contains(&key.as_str()) {
            log.ignored(key, given, "unknown key (`lab params` lists the keys)");
        }
    }
    if let Some(given) = values.get("scenario") {
        if given.trim() != "lease" {
            log.ignored("scenario", given, "this is a Scenario A query; allowed lease|vote at the top level");
        }
    }

    // 1. The preset sets the base config.
    let mut query = LeaseQuery::default();
    if let Some(given) = values.get("preset") {
        if let Some(word) = read_choice(spec("preset"), given, log) {
            if let Some(preset) = Preset::from_key(word) {
                query = LeaseQuery::from_preset(preset);
            }
        }
    }
    // 2. The noise preset sets the base noise.
    if let Some(given) = values.get("noise") {
        match read_choice(spec("noise"), given, log) {
            Some("realistic") => query.config.noise = Noise::REALISTIC,
            Some(_) => query.config.noise = Noise::OFF,
            None => {}
        }
    }
    // 3. Every other key, in table order.
    let mut outage_on: Option<bool> = None;
    let mut outage_times: [Option<u64>; 2] = [None, None];
    for param in LEASE_PARAMS {
        let Some(given) = values.get(param.name) else { continue };
        match (param.name, param.kind) {
            ("preset" | "noise", _) => {}
            ("outage", _) => outage_on = read_choice(param, given, log).map(|w| w == "on"),
            ("outage_kill_ms", _) => outage_times[0] = read_integer(param, given, log),
            ("outage_restart_ms", _) => outage_times[1] = read_integer(param, given, log),
            (name, ParamKind::Integer) => {
                if let Some(value) = read_integer(param, given, log) {
                    set_lease_integer(&mut query, name, value);
                }
            }
            (name, ParamKind::Choice(_)) => {
                if let Some(word) = read_choice(param, given, log) {
                    set_lease_choice(&mut query.config, name, word);
                }
            }
            (name, ParamKind::Flag) => {
                if let Some(on) = read_flag(param, given, log) {
                    match name {
                        "fence_check_locks_row" => query.config.fence_check_locks_row = on,
                        "abort_on_lost_lease" => query.config.abort_on_lost_lease = on,
                        _ => {}
                    }
                }
            }
        }
    }
    // The outage: explicit on/off wins; a kill or restart time alone switches it on.
    let times_given = outage_times.iter().any(Option::is_some);
    let on = outage_on.unwrap_or(query.config.outage.is_some() || times_given);
    if on {
        let base = query.config.outage.unwrap_or(DEFAULT_OUTAGE);
        let narrow = |t: Option<u64>, fallback: u32| t.map_or(fallback, |t| u32::try_from(t).unwrap_or(u32::MAX));
        query.config.outage = Some(Outage {
            kill_at_ms: narrow(outage_times[0], base.kill_at_ms),
            restart_at_ms: narrow(outage_times[1], base.restart_at_ms),
        });
    } else {
        query.config.outage = None;
        for (name, time) in ["outage_kill_ms", "outage_restart_ms"].into_iter().zip(outage_times) {
            if let Some(time) = time {
                log.ignored(name, &time.to_string(), "the outage is off (outage=off)");
            }
        }
    }
    apply_cross_field_rules(&mut query, log);
    query
}

fn set_lease_choice(config: &mut LeaseConfig, name: &str, word: &str) {
    match name {
        "variant" => {
            if let Some(variant) = Variant::from_key(word) {
                config.variant = variant;
            }
        }
        "wallet_assignment" => {
            config.wallet_assignment = if word == "random" { WalletAssignment::Random } else { WalletAssignment::Fixed }
        }
        "fail_policy" => config.fail_policy = if word == "open" { FailPolicy::Open } else { FailPolicy::Closed },
        _ => {}
    }
}

/// Raises a lower-bound-violating value to its bound, reporting it as a clamp.
fn raise_to(log: &mut NoticeLog, key: &str, value: &mut u32, bound: u32) {
    if *value < bound {
        let spec = spec(key);
        let used = u64::from(bound).min(spec.max);
        cross_field_fix(log, spec, u64::from(*value), used, u64::from(bound));
        *value = u32::try_from(used).unwrap_or(u32::MAX);
    }
}

/// Fixes combinations that are invalid although every key is in range.
fn apply_cross_field_rules(query: &mut LeaseQuery, log: &mut NoticeLog) {
    let c = &mut query.config;
    let pause_min = c.pause_min_ms;
    raise_to(log, "pause_max_ms", &mut c.pause_max_ms, pause_min);
    if c.stops.count > 0 {
        let after_stop = c.stops.duration_ms.saturating_add(1);
        raise_to(log, "stop_period_ms", &mut c.stops.period_ms, after_stop);
    }
    if let Some(outage) = c.outage.as_mut() {
        let after_kill = outage.kill_at_ms.saturating_add(1_000);
        raise_to(log, "outage_restart_ms", &mut outage.restart_at_ms, after_kill);
    }
    let stall_min = c.noise.stall_min_ms;
    raise_to(log, "stall_max_ms", &mut c.noise.stall_max_ms, stall_min);
    let lag_min = c.noise.acquire_lag_min_ms;
    raise_to(log, "acquire_lag_max_ms", &mut c.noise.acquire_lag_max_ms, lag_min);
}

/// Every way `query` breaks the rules the parser enforces (empty when valid).
/// A query built by [`parse_lease_query`] always passes.
pub fn lease_query_problems(query: &LeaseQuery) -> Vec<String> {
    let mut problems = Vec::new();
    for param in LEASE_PARAMS {
        if param.kind != ParamKind::Integer {
            continue;
        }
        let value = lease_integer(query, param.name);
        match value {
            Some(v) if v >= param.min && v <= param.max => {}
            Some(v) => problems.push(format!("{}={} outside {}", param.name, v, param.allowed())),
            None => problems.push(format!("{} has no value", param.name)),
        }
    }
    let c = &query.config;
    if c.pause_max_ms < c.pause_min_ms {
        problems.push("pause_max_ms < pause_min_ms".to_string());
    }
    if c.stops.count > 0 && c.stops.period_ms <= c.stops.duration_ms {
        problems.push("stop_period_ms <= stop_duration_ms".to_string());
    }
    if let Some(outage) = c.outage {
        if outage.restart_at_ms <= outage.kill_at_ms {
            problems.push("outage_restart_ms <= outage_kill_ms".to_string());
        }
    }
    if c.watchdog_period_ms == Some(0) {
        problems.push("watchdog_period_ms = Some(0)".to_string());
    }
    if c.noise.stall_max_ms < c.noise.stall_min_ms {
        problems.push("stall_max_ms < stall_min_ms".to_string());
    }
    if c.noise.acquire_lag_max_ms < c.noise.acquire_lag_min_ms {
        problems.push("acquire_lag_max_ms < acquire_lag_min_ms".to_string());
    }
    problems
}

/// The canonical query string of `query`: `preset=…` if set, then only the keys
/// whose values differ from the preset's (or the default) config, in table order.
pub fn to_query(query: &LeaseQuery) -> String {
    let mut base = match query.preset {
        Some(preset) => LeaseQuery::from_preset(preset),
        None => LeaseQuery::default(),
    };
    let mut parts: Vec<String> = Vec::new();
    if let Some(preset) = query.preset {
        parts.push(format!("preset={}", preset.key()));
    }
    // The noise preset first, so the knobs below compare against what it sets.
    let noise = query.config.noise;
    if noise != base.config.noise {
        if noise == Noise::REALISTIC {
            base.config.noise = Noise::REALISTIC;
        } else {
            base.config.noise = Noise::OFF;
        }
    }
    let noise_word = if base.config.noise == Noise::REALISTIC { "realistic" } else { "off" };
    let noise_base_changed = base.config.noise != query.preset.map_or_else(LeaseConfig::default, Preset::config).noise;

    for param in LEASE_PARAMS {
        let name = param.name;
        let text = match name {
            "preset" => None,
            "noise" => noise_base_changed.then(|| noise_word.to_string()),
            "outage" => (query.config.outage.is_some() != base.config.outage.is_some())
                .then(|| lease_word(query, name).unwrap_or("off").to_string()),
            "outage_kill_ms" | "outage_restart_ms" => match query.config.outage {
                Some(_) => {
                    let differs = lease_integer(query, name) != lease_integer(&base, name);
                    differs.then(|| lease_value_text(query, name)).flatten()
                }
                None => None,
            },
            _ => {
                let value = lease_value_text(query, name);
                (value != lease_value_text(&base, name)).then_some(value).flatten()
            }
        };
        if let Some(text) = text {
            parts.push(format!("{}={}", name, percent_encode(&text)));
        }
    }
    parts.join("&")
}

// ---------------------------------------------------------------------------
// Scenario B keys ↔ VoteConfig fields

/// Every Scenario B query key (`scenario=vote` selects them), in canonical order.
pub const VOTE_PARAMS: &[ParamSpec] = &[
    choice(
        "variant",
        &[
            "V0",
            "V1",
            "V2",
            "V2g",
            "V3",
            "V4",
            "F-fence",
            "F-naive-retry",
            "F-engine-fence-only",
            "I-wait-then-fence",
            "I-as-success",
            "I-abort-release",
        ],
        "V1",
        "Validator A's ordering or failure handling (model.md §4.4)",
        "저장·전파 순서 / 실패 처리",
    ),
    choice(
        "crash",
        &["after_events", "at_ms", "none"],
        "after_events",
        "How A crashes: after its k-th pipeline event, at a time, or not at all",
        "충돌 방식",
    ),
    int(
        "crash_after",
        "events",
        0,
        64,
        1,
        "2",
        "Crash A right after this many pipeline events (crash=after_events)",
        "충돌 지점 (이벤트 수)",
    ),
    int("crash_at_ms", "ms", 0, 60_000, 1, "1000", "Crash A at this time (crash=at_ms)", "충돌 시각"),
    choice("fault", &["kill", "power"], "kill", "Process kill (OS cache survives) or power loss", "장애 종류"),
    choice(
        "conflict_source",
        &["byzantine_y", "nil_timeout"],
        "byzantine_y",
        "After the restart: a Byzantine proposer sends Y, or the propose timeout makes A prevote Nil",
        "충돌 값의 출처",
    ),
    choice(
        "profile",
        &["h2_like", "wal_os_cache", "rocks_sync_wal"],
        "h2_like",
        "Store profile: H2-like store queue, WAL in the OS cache, or synchronous WAL",
        "저장소 프로필",
    ),
    choice("layout", &["append_log", "last_state_row"], "append_log", "Safety record layout", "안전 기록 구조"),
    flag("device_honours_sync", "true", "The device really persists synced writes", "장치가 sync를 지킴"),
    int(
        "device_cache_window_ms",
        "ms",
        0,
        60_000,
        100,
        "2000",
        "With a lying device, a power loss also loses Disk writes younger than this",
        "장치 캐시 창",
    ),
    choice("restart", &["on", "off"], "on", "Restart A after the crash (off = never)", "재시작"),
    int(
        "restart_delay_ms",
        "ms",
        0,
        60_000,
        100,
        "2000",
        "Delay from the crash to the restart (restart=on)",
        "재시작 지연",
    ),
    int("blocked_validators", "", 0, 3, 1, "0", "Validators out for good (1 = A, 2 = A and B, …)", "멈춘 검증 노드 수"),
    int("blocked_at_ms", "ms", 0, 60_000, 100, "1000", "When the blocked validators go out", "멈춤 시각"),
    choice(
        "sync_error_true_state",
        &["os_cache", "disk", "dropped"],
        "dropped",
        "F- variants: where A's first record really is after its sync fails",
        "sync 실패 후 실제 상태",
    ),
    choice(
        "poisoned_true_state",
        &["os_cache", "disk", "dropped"],
        "dropped",
        "Where records synced after a sync error really are",
        "오염된 저장소의 실제 상태",
    ),
    choice(
        "interrupt_during",
        &["auto", "commit", "drain", "fsync"],
        "auto",
        "I- variants: the stage the interrupt lands in (auto = the variant's default)",
        "중단 요청 시점",
    ),
    int(
        "interrupt_offset_us",
        "µs",
        0,
        100_000,
        100,
        "500",
        "How long into that stage the interrupt arrives",
        "중단 요청 지연",
    ),
    int(
        "abandoned_work_delay_us",
        "µs",
        0,
        1_000_000,
        1_000,
        "30000",
        "I-abort-release: how long the abandoned work takes to finish",
        "버려진 작업 완료 지연",
    ),
    choice(
        "outer_end",
        &["commit", "rollback"],
        "rollback",
        "V2: how A's first outer transaction ends",
        "바깥 트랜잭션 결과",
    ),
    int(
        "recreate_engine_after_ms",
        "ms",
        0,
        10_000,
        10,
        "100",
        "F- variants: when a new engine opens the same store after the failure",
        "새 엔진 생성 시각",
    ),
    int("sync_stall_ms", "ms", 0, 10_000, 10, "0", "Injected stall of A's first store-queue drain", "동기화 지연 주입"),
    int("status_probe_period_us", "µs", 100, 100_000, 100, "1000", "Status probe period", "상태 조회 주기"),
    int(
        "status_probe_window_ms",
        "ms",
        0,
        1_000,
        10,
        "40",
        "How long probes run (from t = 0 and after a restart)",
        "상태 조회 구간",
    ),
    flag(
        "status_probe_shares_engine_lock",
        "false",
        "Anti-pattern: the status probe takes the engine lock and stalls during sync waits",
        "상태 조회가 엔진 잠금 공유",
    ),
    flag(
        "rebroadcast_last_signed_on_restart",
        "true",
        "After a restart, re-send the stored vote of the current step",
        "재시작 후 저장된 투표 재전송",
    ),
    int(
        "txs_submit_at_ms",
        "ms",
        0,
        60_000,
        100,
        "5000",
        "When two transactions are submitted to every mempool",
        "트랜잭션 제출 시각",
    ),
    int("horizon_ms", "ms", 1_000, 60_000, 1_000, "20000", "End of the simulated story", "관찰 구간"),
    int("start_height", "", 1, 1_000_000, 1, "10", "Height the story starts at", "시작 높이"),
    int("start_round", "", 0, 100, 1, "1", "Round the story starts at (0-based)", "시작 라운드"),
    int("net_one_way_us", "µs", 1, 100_000, 100, "2000", "One-way network latency", "네트워크 지연 (편도)"),
    int(
        "net_jitter_us",
        "µs",
        0,
        100_000,
        100,
        "0",
        "± uniform jitter on every delivery (0 = none; then the seed has no effect)",
        "네트워크 흔들림",
    ),
    int("sign_us", "µs", 0, 100_000, 10, "50", "Signing time", "서명 시간"),
    int("wal_write_us", "µs", 0, 100_000, 10, "200", "Safety WAL insert time", "WAL 쓰기 시간"),
    int("commit_us", "µs", 0, 100_000, 10, "300", "Commit time", "커밋 시간"),
    int("drain_us", "µs", 0, 1_000_000, 100, "1000", "Forced store-queue drain time", "저장 큐 비우기 시간"),
    int("fsync_us", "µs", 0, 1_000_000, 100, "8000", "File sync time", "파일 동기화 시간"),
    int("send_us", "µs", 0, 100_000, 10, "20", "One send to one peer", "전송 시간"),
    int("outer_begin_us", "µs", 0, 100_000, 10, "100", "V2: opening the outer transaction", "바깥 트랜잭션 시작 시간"),
    int(
        "outer_end_after_us",
        "µs",
        0,
        1_000_000,
        100,
        "3000",
        "V2: from the last send to the outer transaction's end",
        "바깥 트랜잭션 종료 지연",
    ),
    int(
        "bg_write_period_ms",
        "ms",
        1,
        60_000,
        100,
        "1000",
        "Background writer period (Committed → OsCache)",
        "백그라운드 쓰기 주기",
    ),
    int(
        "os_writeback_delay_ms",
        "ms",
        0,
        120_000,
        1_000,
        "30000",
        "OS writeback delay (OsCache → Disk)",
        "OS 쓰기 지연",
    ),
    int("timeout_propose_ms", "ms", 10, 60_000, 100, "3000", "Propose timeout in round 0", "제안 타임아웃"),
    int("timeout_prevote_ms", "ms", 10, 60_000, 100, "1000", "Prevote timeout in round 0", "prevote 타임아웃"),
    int("timeout_precommit_ms", "ms", 10, 60_000, 100, "1000", "Precommit timeout in round 0", "precommit 타임아웃"),
    int(
        "timeout_delta_ms",
        "ms",
        0,
        10_000,
        100,
        "500",
        "Added to the three timeouts per round",
        "라운드당 타임아웃 증가",
    ),
    int(
        "timeout_commit_ms",
        "ms",
        0,
        60_000,
        100,
        "1000",
        "Wait after a finalization before the next height",
        "확정 후 대기",
    ),
    int("seed", "", 0, u64::MAX, 1, "1", "Seed (matters only with jitter)", "시드"),
];

/// The spec of a Scenario B key.
pub fn vote_param(name: &str) -> Option<&'static ParamSpec> {
    VOTE_PARAMS.iter().find(|spec| spec.name == name)
}

/// The crash time a query shows (and `crash=at_ms` starts from) when the config has none.
pub const DEFAULT_VOTE_CRASH_AT_MS: u32 = 1_000;
/// The crash point a query shows (and `crash=after_events` starts from) when the config has none.
pub const DEFAULT_VOTE_CRASH_AFTER: u32 = 2;
/// The restart delay a query shows (and `restart=on` starts from) when the config has none.
pub const DEFAULT_VOTE_RESTART_DELAY_MS: u32 = 2_000;

/// The integer value of `name` in `config`, for every integer key.
pub fn vote_integer(config: &VoteConfig, name: &str) -> Option<u64> {
    let c = config;
    let t = &c.timing;
    let value = match name {
        "crash_after" => c.crash_after_events.unwrap_or(DEFAULT_VOTE_CRASH_AFTER),
        "crash_at_ms" => c.crash_at_ms.unwrap_or(DEFAULT_VOTE_CRASH_AT_MS),
        "device_cache_window_ms" => c.device_cache_window_ms,
        "restart_delay_ms" => c.restart_delay_ms.unwrap_or(DEFAULT_VOTE_RESTART_DELAY_MS),
        "blocked_validators" => c.blocked_validators,
        "blocked_at_ms" => c.blocked_at_ms,
        "interrupt_offset_us" => c.interrupt_offset_us,
        "abandoned_work_delay_us" => c.abandoned_work_delay_us,
        "recreate_engine_after_ms" => c.recreate_engine_after_ms,
        "sync_stall_ms" => c.sync_stall_ms,
        "status_probe_period_us" => c.status_probe_period_us,
        "status_probe_window_ms" => c.status_probe_window_ms,
        "txs_submit_at_ms" => c.txs_submit_at_ms,
        "horizon_ms" => c.horizon_ms,
        "start_round" => c.start_round,
        "net_one_way_us" => t.net_one_way_us,
        "net_jitter_us" => t.net_jitter_us,
        "sign_us" => t.sign_us,
        "wal_write_us" => t.wal_write_us,
        "commit_us" => t.commit_us,
        "drain_us" => t.drain_us,
        "fsync_us" => t.fsync_us,
        "send_us" => t.send_us,
        "outer_begin_us" => t.outer_begin_us,
        "outer_end_after_us" => t.outer_end_after_us,
        "bg_write_period_ms" => t.bg_write_period_ms,
        "os_writeback_delay_ms" => t.os_writeback_delay_ms,
        "timeout_propose_ms" => t.timeout_propose_ms,
        "timeout_prevote_ms" => t.timeout_prevote_ms,
        "timeout_precommit_ms" => t.timeout_precommit_ms,
        "timeout_delta_ms" => t.timeout_delta_ms,
        "timeout_commit_ms" => t.timeout_commit_ms,
        "start_height" => return Some(c.start_height),
        "seed" => return Some(c.seed),
        _ => return None,
    };
    Some(u64::from(value))
}

/// Sets the integer key `name`; `value` is already within range. Mode-dependent keys are set by the caller.
fn set_vote_integer(config: &mut VoteConfig, name: &str, value: u64) {
    match name {
        "start_height" => {
            config.start_height = value;
            return;
        }
        "seed" => {
            config.seed = value;
            return;
        }
        _ => {}
    }
    let value = u32::try_from(value).unwrap_or(u32::MAX);
    let c = config;
    match name {
        "device_cache_window_ms" => c.device_cache_window_ms = value,
        "blocked_validators" => c.blocked_validators = value,
        "blocked_at_ms" => c.blocked_at_ms = value,
        "interrupt_offset_us" => c.interrupt_offset_us = value,
        "abandoned_work_delay_us" => c.abandoned_work_delay_us = value,
        "recreate_engine_after_ms" => c.recreate_engine_after_ms = value,
        "sync_stall_ms" => c.sync_stall_ms = value,
        "status_probe_period_us" => c.status_probe_period_us = value,
        "status_probe_window_ms" => c.status_probe_window_ms = value,
        "txs_submit_at_ms" => c.txs_submit_at_ms = value,
        "horizon_ms" => c.horizon_ms = value,
        "start_round" => c.start_round = value,
        "net_one_way_us" => c.timing.net_one_way_us = value,
        "net_jitter_us" => c.timing.net_jitter_us = value,
        "sign_us" => c.timing.sign_us = value,
        "wal_write_us" => c.timing.wal_write_us = value,
        "commit_us" => c.timing.commit_us = value,
        "drain_us" => c.timing.drain_us = value,
        "fsync_us" => c.timing.fsync_us = value,
        "send_us" => c.timing.send_us = value,
        "outer_begin_us" => c.timing.outer_begin_us = value,
        "outer_end_after_us" => c.timing.outer_end_after_us = value,
        "bg_write_period_ms" => c.timing.bg_write_period_ms = value,
        "os_writeback_delay_ms" => c.timing.os_writeback_delay_ms = value,
        "timeout_propose_ms" => c.timing.timeout_propose_ms = value,
        "timeout_prevote_ms" => c.timing.timeout_prevote_ms = value,
        "timeout_precommit_ms" => c.timing.timeout_precommit_ms = value,
        "timeout_delta_ms" => c.timing.timeout_delta_ms = value,
        "timeout_commit_ms" => c.timing.timeout_commit_ms = value,
        _ => {}
    }
}

/// The canonical word of a choice or flag key's value.
pub fn vote_word(config: &VoteConfig, name: &str) -> Option<&'static str> {
    let c = config;
    let word = match name {
        "variant" => c.variant.code(),
        "crash" => {
            if c.crash_after_events.is_some() {
                "after_events"
            } else if c.crash_at_ms.is_some() {
                "at_ms"
            } else {
                "none"
            }
        }
        "fault" => c.fault.key(),
        "conflict_source" => c.conflict_source.key(),
        "profile" => c.profile.key(),
        "layout" => c.layout.key(),
        "device_honours_sync" => bool_word(c.device_honours_sync),
        "restart" => {
            if c.restart_delay_ms.is_some() {
                "on"
            } else {
                "off"
            }
        }
        "sync_error_true_state" => c.sync_error_true_state.key(),
        "poisoned_true_state" => c.poisoned_true_state.key(),
        "interrupt_during" => c.interrupt_during.map_or("auto", InterruptStage::key),
        "outer_end" => match c.outer_end {
            OuterEnd::Commit => "commit",
            OuterEnd::Rollback => "rollback",
        },
        "status_probe_shares_engine_lock" => bool_word(c.status_probe_shares_engine_lock),
        "rebroadcast_last_signed_on_restart" => bool_word(c.rebroadcast_last_signed_on_restart),
        _ => return None,
    };
    Some(word)
}

/// Sets a choice or flag key from its canonical word. Mode keys are set by the caller.
fn set_vote_word(config: &mut VoteConfig, name: &str, word: &str) {
    let c = config;
    match name {
        "variant" => c.variant = VoteVariant::from_code(word).unwrap_or(c.variant),
        "fault" => c.fault = FaultKind::from_key(word).unwrap_or(c.fault),
        "conflict_source" => c.conflict_source = ConflictSource::from_key(word).unwrap_or(c.conflict_source),
        "profile" => c.profile = StoreProfile::from_key(word).unwrap_or(c.profile),
        "layout" => c.layout = Layout::from_key(word).unwrap_or(c.layout),
        "device_honours_sync" => c.device_honours_sync = word == "true",
        "sync_error_true_state" => {
            c.sync_error_true_state = TrueState::from_key(word).unwrap_or(c.sync_error_true_state)
        }
        "poisoned_true_state" => c.poisoned_true_state = TrueState::from_key(word).unwrap_or(c.poisoned_true_state),
        "interrupt_during" => c.interrupt_during = InterruptStage::from_key(word),
        "outer_end" => c.outer_end = if word == "commit" { OuterEnd::Commit } else { OuterEnd::Rollback },
        "status_probe_shares_engine_lock" => c.status_probe_shares_engine_lock = word == "true",
        "rebroadcast_last_signed_on_restart" => c.rebroadcast_last_signed_on_restart = word == "true",
        _ => {}
    }
}

/// Any vote key's value in canonical text.
pub fn vote_value_text(config: &VoteConfig, name: &str) -> Option<String> {
    vote_integer(config, name).map(|v| v.to_string()).or_else(|| vote_word(config, name).map(str::to_string))
}

/// Parses a Scenario B query string (`scenario=vote` is accepted). Never panics.
pub fn parse_vote_query(query: &str) -> Parsed<VoteConfig> {
    let mut log = NoticeLog::default();
    let values = last_values(split_query(query), &mut log);
    let value = vote_config_from_values(&values, &mut log);
    Parsed { value, notices: log.finish() }
}

/// Builds a [`VoteConfig`] from one value per key, starting from the article's story.
pub fn vote_config_from_values(values: &BTreeMap<String, String>, log: &mut NoticeLog) -> VoteConfig {
    for (key, given) in values {
        if vote_param(key).is_none() && key != "scenario" {
            log.ignored(key, given, "unknown key for scenario=vote (`lab params` lists the keys)");
        }
    }
    if let Some(given) = values.get("scenario") {
        if !given.trim().eq_ignore_ascii_case("vote") {
            log.ignored("scenario", given, "this is a Scenario B query; allowed lease|vote at the top level");
        }
    }
    let mut config = VoteConfig::default();
    let mut crash_mode: Option<&'static str> = None;
    let mut restart_on: Option<bool> = None;
    let mut mode_values: BTreeMap<&'static str, u64> = BTreeMap::new();
    for param in VOTE_PARAMS {
        let Some(given) = values.get(param.name) else { continue };
        match (param.name, param.kind) {
            ("crash", _) => crash_mode = read_choice(param, given, log),
            ("restart", _) => restart_on = read_choice(param, given, log).map(|w| w == "on"),
            (name @ ("crash_after" | "crash_at_ms" | "restart_delay_ms"), _) => {
                if let Some(value) = read_integer(param, given, log) {
                    mode_values.insert(name, value);
                }
            }
            (name, ParamKind::Integer) => {
                if let Some(value) = read_integer(param, given, log) {
                    set_vote_integer(&mut config, name, value);
                }
            }
            (name, ParamKind::Choice(_)) => {
                if let Some(word) = read_choice(param, given, log) {
                    set_vote_word(&mut config, name, word);
                }
            }
            (name, ParamKind::Flag) => {
                if let Some(on) = read_flag(param, given, log) {
                    set_vote_word(&mut config, name, bool_word(on));
                }
            }
        }
    }
    let narrow = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    // The crash: an explicit mode wins; a value alone selects its mode.
    let mode =
        crash_mode.unwrap_or(if mode_values.contains_key("crash_at_ms") && !mode_values.contains_key("crash_after") {
            "at_ms"
        } else {
            vote_word(&config, "crash").unwrap_or("after_events")
        });
    let after = mode_values.get("crash_after").map(|v| narrow(*v));
    let at = mode_values.get("crash_at_ms").map(|v| narrow(*v));
    match mode {
        "after_events" => {
            config.crash_after_events =
                Some(after.unwrap_or(config.crash_after_events.unwrap_or(DEFAULT_VOTE_CRASH_AFTER)));
            config.crash_at_ms = None;
            if let Some(at) = at {
                log.ignored("crash_at_ms", &at.to_string(), "the crash is set by crash_after (crash=after_events)");
            }
        }
        "at_ms" => {
            config.crash_at_ms = Some(at.unwrap_or(config.crash_at_ms.unwrap_or(DEFAULT_VOTE_CRASH_AT_MS)));
            config.crash_after_events = None;
            if let Some(after) = after {
                log.ignored("crash_after", &after.to_string(), "the crash is set by crash_at_ms (crash=at_ms)");
            }
        }
        _ => {
            config.crash_after_events = None;
            config.crash_at_ms = None;
            for (name, value) in [("crash_after", after), ("crash_at_ms", at)] {
                if let Some(value) = value {
                    log.ignored(name, &value.to_string(), "there is no crash (crash=none)");
                }
            }
        }
    }
    config.crash_after_event_name = None;
    let delay = mode_values.get("restart_delay_ms").map(|v| narrow(*v));
    if restart_on.unwrap_or(config.restart_delay_ms.is_some() || delay.is_some()) {
        config.restart_delay_ms =
            Some(delay.unwrap_or(config.restart_delay_ms.unwrap_or(DEFAULT_VOTE_RESTART_DELAY_MS)));
    } else {
        config.restart_delay_ms = None;
        if let Some(delay) = delay {
            log.ignored("restart_delay_ms", &delay.to_string(), "A never restarts (restart=off)");
        }
    }
    config
}

/// Every way `config` breaks the rules the vote parser enforces (empty when valid).
pub fn vote_config_problems(config: &VoteConfig) -> Vec<String> {
    let mut problems = Vec::new();
    for param in VOTE_PARAMS {
        if param.kind != ParamKind::Integer {
            continue;
        }
        match vote_integer(config, param.name) {
            Some(v) if v >= param.min && v <= param.max => {}
            Some(v) => problems.push(format!("{}={} outside {}", param.name, v, param.allowed())),
            None => problems.push(format!("{} has no value", param.name)),
        }
    }
    if config.crash_after_events.is_some() && config.crash_at_ms.is_some() {
        problems.push("both crash_after and crash_at_ms are set".to_string());
    }
    if config.crash_after_event_name.is_some() {
        problems.push("crash_after_event_name is not expressible in a query".to_string());
    }
    problems
}

/// The canonical query string of a vote config: `scenario=vote`, then only the
/// keys whose values differ from the article's story (`VoteConfig::default()`).
pub fn vote_to_query(config: &VoteConfig) -> String {
    let base = VoteConfig::default();
    let mut parts = vec!["scenario=vote".to_string()];
    let crash = vote_word(config, "crash");
    let restart = vote_word(config, "restart");
    for param in VOTE_PARAMS {
        let name = param.name;
        let relevant = match name {
            "crash_after" => crash == Some("after_events"),
            "crash_at_ms" => crash == Some("at_ms"),
            "restart_delay_ms" => restart == Some("on"),
            _ => true,
        };
        if !relevant {
            continue;
        }
        let value = vote_value_text(config, name);
        if value != vote_value_text(&base, name) {
            if let Some(text) = value {
                parts.push(format!("{}={}", name, percent_encode(&text)));
            }
        }
    }
    parts.join("&")
}

// ---------------------------------------------------------------------------
// Both scenarios

/// A parsed query of either scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Query {
    Lease(LeaseQuery),
    Vote(VoteConfig),
}

/// Parses a query of either scenario, chosen by `scenario=lease|vote` (default lease).
pub fn parse_query(query: &str) -> Parsed<Query> {
    let mut log = NoticeLog::default();
    let values = last_values(split_query(query), &mut log);
    let scenario = values.get("scenario").map(|s| s.trim().to_ascii_lowercase());
    let value = match scenario.as_deref() {
        Some("vote") => Query::Vote(vote_config_from_values(&values, &mut log)),
        Some("lease") | None => Query::Lease(lease_query_from_values(&values, &mut log)),
        Some(_) => {
            // Reported by the lease parser ("allowed lease|vote").
            Query::Lease(lease_query_from_values(&values, &mut log))
        }
    };
    Parsed { value, notices: log.finish() }
}

/// The canonical query string of either scenario.
pub fn query_to_string(query: &Query) -> String {
    match query {
        Query::Lease(lease) => to_query(lease),
        Query::Vote(vote) => vote_to_query(vote),
    }
}

/// A markdown table of parameter specs (the README's parameter tables).
pub fn params_markdown(params: &[ParamSpec]) -> String {
    let mut out = String::from("| key | unit | range | default | meaning |\n|---|---|---|---|---|\n");
    for param in params {
        let range = match param.kind {
            ParamKind::Integer => format!("{}–{}", param.min, param.max),
            _ => param.allowed().replace('|', " \\| "),
        };
        let default = if param.default.is_empty() { "—" } else { param.default };
        let unit = if param.unit.is_empty() { "—" } else { param.unit };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} ({}) |\n",
            param.name, unit, range, default, param.description, param.label_ko
        ));
    }
    out
}

/// The README's Scenario A parameter table, generated from [`LEASE_PARAMS`].
pub fn lease_params_markdown() -> String {
    params_markdown(LEASE_PARAMS)
}

/// Both parameter tables with their headings: what `lab params` prints and the README shows.
pub fn all_params_markdown() -> String {
    format!(
        "### Scenario A: lock lease (`scenario=lease`, the default)\n\n\
         `preset=` sets the base config first; `noise=` then sets the noise knobs; every other key \
         overrides in any order. `scenario=lease` is accepted too.\n\n{}\n\
         ### Scenario B: vote before persist (`scenario=vote`)\n\n\
         Starts from the article's story (V1 killed right after its first send, restarted 2 s later, offered Y).\n\n{}",
        params_markdown(LEASE_PARAMS),
        params_markdown(VOTE_PARAMS)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(query: &str) -> LeaseQuery {
        let parsed = parse_lease_query(query);
        assert_eq!(parsed.notices, vec![], "query {query:?}");
        parsed.value
    }

    #[test]
    fn table_defaults_match_the_default_config() {
        let default = LeaseQuery::default();
        for param in LEASE_PARAMS {
            let text = lease_value_text(&default, param.name).unwrap_or_default();
            assert_eq!(text, param.default, "default of {}", param.name);
        }
    }

    #[test]
    fn every_key_is_readable_and_named_once() {
        let default = LeaseQuery::default();
        for (i, param) in LEASE_PARAMS.iter().enumerate() {
            assert!(
                param.name == "preset" || lease_value_text(&default, param.name).is_some(),
                "{} has no getter",
                param.name
            );
            assert!(LEASE_PARAMS[..i].iter().all(|p| p.name != param.name), "{} twice", param.name);
            if param.kind == ParamKind::Integer {
                assert!(param.min <= param.max && param.step >= 1, "{}", param.name);
            }
        }
        assert_eq!(PRESET_KEYS, Preset::ALL.map(Preset::key).as_slice());
    }

    #[test]
    fn empty_query_is_the_default() {
        assert_eq!(clean(""), LeaseQuery::default());
        assert_eq!(clean("?"), LeaseQuery::default());
        assert_eq!(to_query(&LeaseQuery::default()), "");
    }

    #[test]
    fn preset_sets_the_base_and_keys_override_in_any_order() {
        let a = clean("ttl_ms=1000&preset=exp3_c2&seed=7");
        let b = clean("preset=exp3_c2&seed=7&ttl_ms=1000");
        assert_eq!(a, b);
        assert_eq!(a.preset, Some(Preset::Exp3C2));
        assert_eq!(a.config, LeaseConfig { ttl_ms: 1000, ..Preset::Exp3C2.config() });
        assert_eq!(a.seed, 7);
        assert_eq!(to_query(&a), "preset=exp3_c2&ttl_ms=1000&seed=7");
    }

    #[test]
    fn every_preset_round_trips() {
        for preset in Preset::ALL {
            let query = LeaseQuery::from_preset(preset);
            let text = to_query(&query);
            assert_eq!(text, format!("preset={}", preset.key()));
            assert_eq!(clean(&text), query);
        }
    }

    #[test]
    fn out_of_range_numbers_are_clamped() {
        let parsed = parse_lease_query("threads=1000&ttl_ms=-5&seed=99999999999999999999999&wallets=0");
        assert_eq!(parsed.value.config.threads, 64);
        assert_eq!(parsed.value.config.ttl_ms, 1);
        assert_eq!(parsed.value.seed, u64::MAX);
        assert_eq!(parsed.value.config.wallets, 1);
        assert_eq!(parsed.notices.len(), 4);
        assert!(parsed.notices.iter().all(|n| matches!(n, Notice::Clamped { .. })));
    }

    #[test]
    fn malformed_unknown_and_repeated_keys_are_reported() {
        let parsed = parse_lease_query("ttl_ms=NaN&bogus=1&threads=4&threads=8&variant=<script>&preset");
        assert_eq!(parsed.value.config.ttl_ms, 200);
        assert_eq!(parsed.value.config.threads, 8);
        assert_eq!(parsed.value.config.variant, Variant::Naive);
        let keys: Vec<&str> = parsed.notices.iter().map(Notice::key).collect();
        assert_eq!(keys, ["threads", "preset", "bogus", "variant", "ttl_ms"]);
    }

    #[test]
    fn cross_field_rules_fix_and_report() {
        let parsed =
            parse_lease_query("pause_min_ms=600&pause_max_ms=400&outage_kill_ms=50000&outage_restart_ms=10000");
        let c = &parsed.value.config;
        assert_eq!((c.pause_min_ms, c.pause_max_ms), (600, 600));
        assert_eq!(c.outage, Some(Outage { kill_at_ms: 50_000, restart_at_ms: 51_000 }));
        let keys: Vec<&str> = parsed.notices.iter().map(Notice::key).collect();
        assert_eq!(keys, ["pause_max_ms", "outage_restart_ms"]);
    }

    #[test]
    fn outage_switches() {
        assert_eq!(clean("outage=on").config.outage, Some(DEFAULT_OUTAGE));
        assert_eq!(
            clean("outage_kill_ms=5000").config.outage,
            Some(Outage { kill_at_ms: 5_000, restart_at_ms: 40_000 })
        );
        assert_eq!(clean("preset=exp5_open&outage=off").config.outage, None);
        let parsed = parse_lease_query("outage=off&outage_kill_ms=5000");
        assert_eq!(parsed.value.config.outage, None);
        assert_eq!(parsed.notices.len(), 1);
        let q = clean("preset=exp5_open&outage_restart_ms=30000");
        assert_eq!(to_query(&q), "preset=exp5_open&outage_restart_ms=30000");
    }

    #[test]
    fn noise_preset_and_knobs() {
        let q = clean("noise=realistic");
        assert_eq!(q.config.noise, Noise::REALISTIC);
        assert_eq!(to_query(&q), "noise=realistic");
        let q = clean("noise=realistic&jitter_pct=5");
        assert_eq!(q.config.noise, Noise { latency_jitter_pct: 5, ..Noise::REALISTIC });
        assert_eq!(clean(&to_query(&q)), q);
        let q = clean("stalls_per_min=3");
        assert_eq!(to_query(&q), "stalls_per_min=3");
    }

    #[test]
    fn percent_decoding_and_hostile_text() {
        assert_eq!(clean("variant=fence%5Fread").config.variant, Variant::FenceRead);
        assert_eq!(clean("ttl_ms=+300").config.ttl_ms, 300);
        let long = "x".repeat(10_000);
        let parsed = parse_lease_query(&format!("variant={long}&%ZZ=%&%FF%FE=1"));
        assert_eq!(parsed.value, LeaseQuery::default());
        for notice in &parsed.notices {
            if let Notice::Ignored { given, key, .. } = notice {
                assert!(given.chars().count() <= NOTICE_TEXT_MAX_CHARS + 1);
                assert!(key.chars().count() <= NOTICE_TEXT_MAX_CHARS + 1);
            }
        }
        let many = "a=1&".repeat(1_000);
        assert_eq!(parse_lease_query(&many).notices.len(), MAX_NOTICES + 1);
    }

    #[test]
    fn watchdog_period_zero_means_auto() {
        assert_eq!(clean("watchdog_period_ms=0").config.watchdog_period_ms, None);
        let q = clean("watchdog_period_ms=50");
        assert_eq!(q.config.watchdog_period_ms, Some(50));
        assert_eq!(to_query(&q), "watchdog_period_ms=50");
    }

    fn clean_vote(query: &str) -> VoteConfig {
        let parsed = parse_query(query);
        assert_eq!(parsed.notices, vec![], "query {query:?}");
        match parsed.value {
            Query::Vote(config) => config,
            Query::Lease(_) => panic!("{query:?} parsed as a lease query"),
        }
    }

    #[test]
    fn vote_table_defaults_match_the_story() {
        let default = VoteConfig::default();
        for (i, param) in VOTE_PARAMS.iter().enumerate() {
            assert_eq!(vote_value_text(&default, param.name).unwrap_or_default(), param.default, "{}", param.name);
            assert!(VOTE_PARAMS[..i].iter().all(|p| p.name != param.name), "{} twice", param.name);
        }
        let ParamKind::Choice(codes) = VOTE_PARAMS[0].kind else { panic!("variant is a choice") };
        assert_eq!(codes, VoteVariant::ALL.map(VoteVariant::code).as_slice());
        assert_eq!(vote_to_query(&default), "scenario=vote");
        assert_eq!(clean_vote("scenario=vote"), default);
    }

    #[test]
    fn vote_keys_parse_and_round_trip() {
        let config = clean_vote("scenario=vote&variant=f-fence&fault=power&crash_after=5&profile=rocks_sync_wal&device_honours_sync=false&blocked_validators=2");
        assert_eq!(config.variant, VoteVariant::FFence);
        assert_eq!(config.crash_after_events, Some(5));
        assert!(!config.device_honours_sync);
        let text = vote_to_query(&config);
        assert_eq!(text, "scenario=vote&variant=F-fence&crash_after=5&fault=power&profile=rocks_sync_wal&device_honours_sync=false&blocked_validators=2");
        assert_eq!(clean_vote(&text), config);
        let at = clean_vote("scenario=vote&crash_at_ms=1500&restart=off");
        assert_eq!((at.crash_after_events, at.crash_at_ms, at.restart_delay_ms), (None, Some(1500), None));
        assert_eq!(clean_vote(&vote_to_query(&at)), at);
        let none = clean_vote("scenario=vote&crash=none&interrupt_during=drain");
        assert_eq!((none.crash_after_events, none.crash_at_ms), (None, None));
        assert_eq!(clean_vote(&vote_to_query(&none)), none);
        let parsed = parse_query("scenario=vote&crash=none&crash_after=3&ttl_ms=5");
        let keys: Vec<&str> = parsed.notices.iter().map(Notice::key).collect();
        assert_eq!(keys, ["ttl_ms", "crash_after"]);
    }

    #[test]
    fn markdown_table_has_a_row_per_key() {
        let table = lease_params_markdown();
        assert_eq!(table.lines().count(), LEASE_PARAMS.len() + 2);
    }
}
