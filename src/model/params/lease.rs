//! Scenario A's keys ↔ [`LeaseQuery`]: the table [`LEASE_PARAMS`], the
//! parser (preset first, then the noise preset, then every other key, then
//! the outage and the cross-field rules) and the canonical serializer
//! [`to_query`].

use lab_sim::sorted::OrdMap as BTreeMap;

use super::codec::{last_values, percent_encode, read_value, split_query, NoticeLog};
use super::spec::{
    boolean, choice, flag, int, keyed, number, Access, FromInt, IgnoreReason, ParamKind, ParamSpec, Value,
};
use super::state::LeaseQuery;
use super::{Field, Notice, Parsed};
use lab_sim::lease::{FailPolicy, LeaseConfig, Noise, Outage, Preset, Variant, WalletAssignment};

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
pub static LEASE_PARAMS: &[ParamSpec] = &[
    choice("preset", PRESET_KEYS, "", "Article experiment whose config the other keys start from")
        .field(Field::Lease(Access {
            get: |q| q.preset.map(|preset| Value::Word(preset.key())),
            set: |q, v| {
                if let Some(preset) = Preset::from_key(v.word()) {
                    *q = LeaseQuery::from_preset(preset);
                }
            },
        })),
    choice(
        "variant",
        &["naive", "watchdog", "fence_write", "fence_read", "conditional"],
        "naive",
        "Critical section: (a) naive lock, (b) watchdog, (c-1) write-time fence, (c-2) read-time fence, (d) conditional UPDATE",
    )
    .field(keyed!(Lease: config.variant, Variant::key, Variant::from_key)),
    int("ttl_ms", "ms", 1, 10_000, 10, "200", "Lock lease TTL").field(number!(Lease: config.ttl_ms)),
    int("pause_min_ms", "ms", 0, 5_000, 10, "300", "Shortest injected pause (uniform, inclusive)")
        .field(number!(Lease: config.pause_min_ms)),
    int(
        "pause_max_ms",
        "ms",
        0,
        5_000,
        10,
        "500",
        "Longest injected pause; raised to pause_min_ms if below it",
    )
    .field(number!(Lease: config.pause_max_ms)),
    int("threads", "", 1, 64, 1, "16", "Closed-loop worker threads").field(number!(Lease: config.threads)),
    int("wallets", "", 1, 16, 1, "4", "Wallets the workers pay from").field(number!(Lease: config.wallets)),
    choice(
        "wallet_assignment",
        &["fixed", "random"],
        "fixed",
        "fixed: wallet = worker mod wallets; random: a uniform wallet per request",
    )
    .field(Field::Lease(Access {
        get: |q| {
            Some(Value::Word(match q.config.wallet_assignment {
                WalletAssignment::Fixed => "fixed",
                WalletAssignment::Random => "random",
            }))
        },
        set: |q, v| {
            q.config.wallet_assignment =
                if v.word() == "random" { WalletAssignment::Random } else { WalletAssignment::Fixed }
        },
    })),
    int("processes", "", 1, 8, 1, "1", "Application processes (workers round-robin; stops hit process 0)")
        .field(number!(Lease: config.processes)),
    int("duration_s", "s", 1, 120, 1, "60", "Run length; no request starts after it, in-flight ones drain")
        .field(number!(Lease: config.duration_s)),
    int(
        "watchdog_period_ms",
        "ms",
        0,
        10_000,
        1,
        "0",
        "Watchdog extension period; 0 = floor(ttl_ms / 3)",
    )
    .field(Field::Lease(Access {
        get: |q| Some(Value::Int(u64::from(q.config.watchdog_period_ms.unwrap_or(0)))),
        set: |q, v| {
            q.config.watchdog_period_ms = Some(FromInt::from_int(v.int())).filter(|period| *period != 0)
        },
    })),
    int("stop_count", "", 0, 100, 1, "0", "Process stops (SIGSTOP) of process 0")
        .field(number!(Lease: config.stops.count)),
    int("stop_duration_ms", "ms", 1, 5_000, 10, "400", "Length of each stop")
        .field(number!(Lease: config.stops.duration_ms)),
    int(
        "stop_period_ms",
        "ms",
        2,
        60_000,
        100,
        "1500",
        "Time between stop starts; raised above stop_duration_ms when stops are on",
    )
    .field(number!(Lease: config.stops.period_ms)),
    int("stop_first_at_ms", "ms", 0, 120_000, 100, "1500", "Start of the first stop")
        .field(number!(Lease: config.stops.first_at_ms)),
    choice("outage", &["off", "on"], "off", "Kill the lock server and restart it empty")
        .field(Field::Lease(Access {
            get: |q| Some(Value::Word(if q.config.outage.is_some() { "on" } else { "off" })),
            set: |q, v| q.config.outage = (v.word() == "on").then(|| q.config.outage.unwrap_or(DEFAULT_OUTAGE)),
        })),
    int("outage_kill_ms", "ms", 0, 119_000, 1_000, "20000", "When the lock server is killed (outage=on)")
        .field(Field::Lease(Access {
            get: |q| Some(Value::Int(u64::from(q.config.outage.unwrap_or(DEFAULT_OUTAGE).kill_at_ms))),
            set: |q, v| q.config.outage.get_or_insert(DEFAULT_OUTAGE).kill_at_ms = FromInt::from_int(v.int()),
        })),
    int(
        "outage_restart_ms",
        "ms",
        1_000,
        120_000,
        1_000,
        "40000",
        "When it restarts with empty state; moved after outage_kill_ms if not after it",
    )
    .field(Field::Lease(Access {
        get: |q| Some(Value::Int(u64::from(q.config.outage.unwrap_or(DEFAULT_OUTAGE).restart_at_ms))),
        set: |q, v| q.config.outage.get_or_insert(DEFAULT_OUTAGE).restart_at_ms = FromInt::from_int(v.int()),
    })),
    choice(
        "fail_policy",
        &["closed", "open"],
        "closed",
        "When the lock server is down: closed = answer 503, open = proceed without the lock",
    )
    .field(Field::Lease(Access {
        get: |q| Some(Value::Word(q.config.fail_policy.key())),
        set: |q, v| {
            q.config.fail_policy = if v.word() == "open" { FailPolicy::Open } else { FailPolicy::Closed }
        },
    })),
    int("retry_ms", "ms", 5, 1_000, 1, "20", "Sleep after a refused SET NX before the next try")
        .field(number!(Lease: config.retry_ms)),
    int("pre_overhead_ms", "ms", 5, 1_000, 1, "10", "Request overhead before the critical section")
        .field(number!(Lease: config.pre_overhead_ms)),
    int("post_overhead_ms", "ms", 0, 1_000, 1, "5", "Request overhead after the critical section")
        .field(number!(Lease: config.post_overhead_ms)),
    int("lock_net_us", "µs", 0, 100_000, 50, "250", "One-way network latency to the lock server")
        .field(number!(Lease: config.lock_net_us)),
    int("db_net_us", "µs", 0, 100_000, 50, "250", "One-way network latency to the database")
        .field(number!(Lease: config.db_net_us)),
    int(
        "lock_unavailable_us",
        "µs",
        0,
        100_000,
        50,
        "200",
        "Time for a command to fail while the lock server is down",
    )
    .field(number!(Lease: config.lock_unavailable_us)),
    int("client_timeout_ms", "ms", 1, 10_000, 10, "500", "Lock client command timeout")
        .field(number!(Lease: config.client_timeout_ms)),
    int("amount_won", "won", 1, 1_000_000, 100, "1000", "Amount of each payment")
        .field(number!(Lease: config.amount_won)),
    int("initial_balance_won", "won", 0, 10_000_000, 1_000, "60000", "Starting balance of each wallet")
        .field(number!(Lease: config.initial_balance_won)),
    flag(
        "fence_check_locks_row",
        "true",
        "c-2's write-time equality check takes the fence row's X lock",
    )
    .field(boolean!(Lease: config.fence_check_locks_row)),
    flag(
        "abort_on_lost_lease",
        "false",
        "Non-article: abort the write when the watchdog saw the lease lost",
    )
    .field(boolean!(Lease: config.abort_on_lost_lease)),
    choice("noise", &["off", "realistic"], "off", "Base noise knobs: off, or the realistic preset")
        .field(Field::Lease(Access {
            get: |q| match q.config.noise {
                noise if noise == Noise::REALISTIC => Some(Value::Word("realistic")),
                noise if noise == Noise::OFF => Some(Value::Word("off")),
                _ => None,
            },
            set: |q, v| q.config.noise = if v.word() == "realistic" { Noise::REALISTIC } else { Noise::OFF },
        })),
    int("jitter_pct", "%", 0, 50, 1, "0", "± uniform jitter on every one-way latency")
        .field(number!(Lease: config.noise.latency_jitter_pct)),
    int("stalls_per_min", "/min", 0, 60, 1, "0", "Mean lock-server stalls per minute (Poisson)")
        .field(number!(Lease: config.noise.stalls_per_min)),
    int("stall_min_ms", "ms", 1, 5_000, 10, "100", "Shortest stall")
        .field(number!(Lease: config.noise.stall_min_ms)),
    int("stall_max_ms", "ms", 1, 5_000, 10, "400", "Longest stall; raised to stall_min_ms if below it")
        .field(number!(Lease: config.noise.stall_max_ms)),
    int(
        "acquire_lag_ppm",
        "ppm",
        0,
        1_000_000,
        500,
        "0",
        "Chance per acquisition, in parts per million, that the client sees it late",
    )
    .field(number!(Lease: config.noise.acquire_lag_ppm)),
    int("acquire_lag_min_ms", "ms", 0, 5_000, 10, "550", "Shortest observation lag")
        .field(number!(Lease: config.noise.acquire_lag_min_ms)),
    int(
        "acquire_lag_max_ms",
        "ms",
        0,
        5_000,
        10,
        "700",
        "Longest observation lag; raised to acquire_lag_min_ms if below it",
    )
    .field(number!(Lease: config.noise.acquire_lag_max_ms)),
    int("seed", "", 0, u64::MAX, 1, "1", "Base seed of the random streams").field(number!(Lease: seed)),
    int("run", "", 0, 2, 1, "0", "Run index (the article ran each config as runs 0, 1, 2)")
        .field(number!(Lease: run_index)),
];

/// The spec of a Scenario A key.
pub fn lease_param(name: &str) -> Option<&'static ParamSpec> {
    LEASE_PARAMS.iter().find(|spec| spec.name == name)
}

/// The spec of a key that is in [`LEASE_PARAMS`] (the parser's own literals; a unit test checks them).
fn spec(name: &str) -> &'static ParamSpec {
    lease_param(name).unwrap_or(&LEASE_PARAMS[0])
}

/// Any key's value in canonical text (`None` for an unset preset or custom noise).
pub fn lease_value_text(query: &LeaseQuery, name: &str) -> Option<String> {
    lease_param(name).and_then(|param| param.value_text(query))
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

/// Keys the lease parser accepts that are not in [`LEASE_PARAMS`].
const LEASE_EXTRA_KEYS: &[&str] = &["scenario"];

/// The keys that set the base the other keys change, in the order they apply.
const BASE_KEYS: [&str; 2] = ["preset", "noise"];

/// The outage's switch and its two times, applied together after the other keys.
const OUTAGE_KEYS: [&str; 3] = ["outage", "outage_kill_ms", "outage_restart_ms"];

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
            log.ignored(key, given, IgnoreReason::UnknownKey { of: None });
        }
    }
    if let Some(given) = values.get("scenario") {
        if given.trim() != "lease" {
            log.ignored("scenario", given, IgnoreReason::OtherScenario { vote: false });
        }
    }

    // 1. The preset sets the base config; 2. the noise preset sets the base noise.
    let mut query = LeaseQuery::default();
    for base_key in BASE_KEYS {
        let param = spec(base_key);
        if let Some(value) = values.get(base_key).and_then(|given| read_value(param, given, log)) {
            param.set(&mut query, value);
        }
    }
    // 3. Every other key, in table order; the outage's keys wait for its rule.
    let mut outage: [Option<Value>; 3] = [None, None, None];
    for param in LEASE_PARAMS.iter().filter(|param| !BASE_KEYS.contains(&param.name)) {
        let Some(value) = values.get(param.name).and_then(|given| read_value(param, given, log)) else { continue };
        match OUTAGE_KEYS.iter().position(|key| *key == param.name) {
            Some(i) => outage[i] = Some(value),
            None => param.set(&mut query, value),
        }
    }
    // The outage: explicit on/off wins; a kill or restart time alone switches it on.
    let [switch, times @ ..] = outage;
    let on = match switch {
        Some(word) => word.word() == "on",
        None => query.config.outage.is_some() || times.iter().any(Option::is_some),
    };
    spec(OUTAGE_KEYS[0]).set(&mut query, Value::Word(if on { "on" } else { "off" }));
    for (key, time) in OUTAGE_KEYS[1..].iter().zip(times) {
        match time {
            Some(value) if on => spec(key).set(&mut query, value),
            Some(value) => log.ignored(key, &value.int().to_string(), IgnoreReason::OutageOff),
            None => {}
        }
    }
    apply_cross_field_rules(&mut query, log);
    query
}

/// `query` with key `key` set to `given` (a slider's or a select's move):
/// the value is read through the key's row (clamped, with notices), set
/// through its typed setter, and the cross-field rules run. The same query
/// as parsing `query`'s canonical text with that one value replaced
/// (`tests/params_fuzz.rs`), without the text. The keys whose effect depends
/// on the others (`preset` and `noise` set a base, the outage's keys switch
/// it together), unknown keys and a value that cannot be read (the key then
/// falls back to its base's value) take that whole parse.
pub fn with_lease_value(query: LeaseQuery, key: &str, given: &str) -> Parsed<LeaseQuery> {
    let mut log = NoticeLog::default();
    let typed = lease_param(key).filter(|p| !BASE_KEYS.contains(&p.name) && !OUTAGE_KEYS.contains(&p.name));
    let Some((param, value)) = typed.and_then(|param| Some((param, read_value(param, given, &mut log)?))) else {
        return parse_lease_query(&replaced(&to_query(&query), key, given));
    };
    let mut next = query;
    param.set(&mut next, value);
    apply_cross_field_rules(&mut next, &mut log);
    Parsed { value: next, notices: log.finish() }
}

/// Query text `text` with key `key`'s pair replaced by `key=given` (appended last).
pub fn replaced(text: &str, key: &str, given: &str) -> String {
    let mut parts: Vec<String> =
        text.split('&').filter(|p| !p.is_empty() && p.split('=').next() != Some(key)).map(str::to_string).collect();
    parts.push(format!("{}={}", percent_encode(key), percent_encode(given)));
    parts.join("&")
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
        match param.integer(query) {
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
                .then(|| param.word(query).unwrap_or("off").to_string()),
            "outage_kill_ms" | "outage_restart_ms" => match query.config.outage {
                Some(_) => {
                    let differs = param.integer(query) != param.integer(&base);
                    differs.then(|| param.value_text(query)).flatten()
                }
                None => None,
            },
            _ => {
                let value = param.value_text(query);
                (value != param.value_text(&base)).then_some(value).flatten()
            }
        };
        if let Some(text) = text {
            parts.push(format!("{}={}", name, percent_encode(&text)));
        }
    }
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{params_markdown, MAX_NOTICES, NOTICE_TEXT_MAX_CHARS};

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

    /// The `variant` key offers every variant of the catalogue and its
    /// description names each by the article's label.
    #[test]
    fn the_variant_key_offers_every_catalogue_variant() {
        let param = lease_param("variant").unwrap();
        let ParamKind::Choice(words) = param.kind else { panic!("variant is a choice") };
        assert_eq!(words, crate::catalogue::VARIANTS.map(|v| v.variant.key()).as_slice());
        for v in &crate::catalogue::VARIANTS {
            assert!(param.description.contains(v.label), "{}", v.label);
        }
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

    #[test]
    fn markdown_table_has_a_row_per_key() {
        let table = params_markdown(LEASE_PARAMS, &|p| p.name);
        assert_eq!(table.lines().count(), LEASE_PARAMS.len() + 2);
    }
}
