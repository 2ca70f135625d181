//! Scenario B's keys ↔ [`VoteConfig`]: the table [`VOTE_PARAMS`], the
//! parser (every key, then the crash and restart modes) and the canonical
//! serializer [`vote_to_query`], which writes only what differs from the
//! article's story (`VoteConfig::default()`).

use lab_sim::sorted::OrdMap as BTreeMap;

use super::codec::{last_values, percent_encode, read_value, split_query, NoticeLog};
use super::lease::replaced;
use super::spec::{
    boolean, choice, flag, int, keyed, number, Access, FromInt, IgnoreReason, ParamKind, ParamSpec, Value,
};
use super::{Field, Parsed};
use lab_sim::vote::{
    ConflictSource, FaultKind, InterruptStage, Layout, OuterEnd, StoreProfile, TrueState, Variant as VoteVariant,
    VoteConfig,
};

pub static VOTE_PARAMS: &[ParamSpec] = &[
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
    )
    .field(keyed!(Vote: variant, VoteVariant::code, VoteVariant::from_code)),
    choice(
        "crash",
        &["after_events", "at_ms", "none"],
        "after_events",
        "How A crashes: after its k-th pipeline event, at a time, or not at all",
    )
    .field(Field::Vote(Access {
        get: |c| {
            Some(Value::Word(if c.crash_after_events.is_some() {
                "after_events"
            } else if c.crash_at_ms.is_some() {
                "at_ms"
            } else {
                "none"
            }))
        },
        set: |c, v| {
            let (after, at) = (c.crash_after_events, c.crash_at_ms);
            c.crash_after_events = None;
            c.crash_at_ms = None;
            match v.word() {
                "after_events" => c.crash_after_events = Some(after.unwrap_or(DEFAULT_VOTE_CRASH_AFTER)),
                "at_ms" => c.crash_at_ms = Some(at.unwrap_or(DEFAULT_VOTE_CRASH_AT_MS)),
                _ => {}
            }
        },
    })),
    int("crash_after", "events", 0, 64, 1, "2", "Crash A right after this many pipeline events (crash=after_events)")
        .field(Field::Vote(Access {
            get: |c| Some(Value::Int(u64::from(c.crash_after_events.unwrap_or(DEFAULT_VOTE_CRASH_AFTER)))),
            set: |c, v| c.crash_after_events = Some(FromInt::from_int(v.int())),
        })),
    int("crash_at_ms", "ms", 0, 60_000, 1, "1000", "Crash A at this time (crash=at_ms)").field(Field::Vote(Access {
        get: |c| Some(Value::Int(u64::from(c.crash_at_ms.unwrap_or(DEFAULT_VOTE_CRASH_AT_MS)))),
        set: |c, v| c.crash_at_ms = Some(FromInt::from_int(v.int())),
    })),
    choice("fault", &["kill", "power"], "kill", "Process kill (OS cache survives) or power loss")
        .field(keyed!(Vote: fault, FaultKind::key, FaultKind::from_key)),
    choice(
        "conflict_source",
        &["byzantine_y", "nil_timeout"],
        "byzantine_y",
        "After the restart: a Byzantine proposer sends Y, or the propose timeout makes A prevote Nil",
    )
    .field(keyed!(Vote: conflict_source, ConflictSource::key, ConflictSource::from_key)),
    choice(
        "profile",
        &["h2_like", "wal_os_cache", "rocks_sync_wal"],
        "h2_like",
        "Store profile: H2-like store queue, WAL in the OS cache, or synchronous WAL",
    )
    .field(keyed!(Vote: profile, StoreProfile::key, StoreProfile::from_key)),
    choice("layout", &["append_log", "last_state_row"], "append_log", "Safety record layout")
        .field(keyed!(Vote: layout, Layout::key, Layout::from_key)),
    flag("device_honours_sync", "true", "The device really persists synced writes")
        .field(boolean!(Vote: device_honours_sync)),
    int(
        "device_cache_window_ms",
        "ms",
        0,
        60_000,
        100,
        "2000",
        "With a lying device, a power loss also loses Disk writes younger than this",
    )
    .field(number!(Vote: device_cache_window_ms)),
    choice("restart", &["on", "off"], "on", "Restart A after the crash (off = never)").field(Field::Vote(Access {
        get: |c| Some(Value::Word(if c.restart_delay_ms.is_some() { "on" } else { "off" })),
        set: |c, v| {
            c.restart_delay_ms = (v.word() == "on").then(|| c.restart_delay_ms.unwrap_or(DEFAULT_VOTE_RESTART_DELAY_MS))
        },
    })),
    int("restart_delay_ms", "ms", 0, 60_000, 100, "2000", "Delay from the crash to the restart (restart=on)").field(
        Field::Vote(Access {
            get: |c| Some(Value::Int(u64::from(c.restart_delay_ms.unwrap_or(DEFAULT_VOTE_RESTART_DELAY_MS)))),
            set: |c, v| c.restart_delay_ms = Some(FromInt::from_int(v.int())),
        }),
    ),
    int("blocked_validators", "", 0, 3, 1, "0", "Validators out for good (1 = A, 2 = A and B, …)")
        .field(number!(Vote: blocked_validators)),
    int("blocked_at_ms", "ms", 0, 60_000, 100, "1000", "When the blocked validators go out")
        .field(number!(Vote: blocked_at_ms)),
    choice(
        "sync_error_true_state",
        &["os_cache", "disk", "dropped"],
        "dropped",
        "F- variants: where A's first record really is after its sync fails",
    )
    .field(keyed!(Vote: sync_error_true_state, TrueState::key, TrueState::from_key)),
    choice(
        "poisoned_true_state",
        &["os_cache", "disk", "dropped"],
        "dropped",
        "Where records synced after a sync error really are",
    )
    .field(keyed!(Vote: poisoned_true_state, TrueState::key, TrueState::from_key)),
    choice(
        "interrupt_during",
        &["auto", "commit", "drain", "fsync"],
        "auto",
        "I- variants: the stage the interrupt lands in (auto = the variant's default)",
    )
    .field(Field::Vote(Access {
        get: |c| Some(Value::Word(c.interrupt_during.map_or("auto", InterruptStage::key))),
        set: |c, v| c.interrupt_during = InterruptStage::from_key(v.word()),
    })),
    int("interrupt_offset_us", "µs", 0, 100_000, 100, "500", "How long into that stage the interrupt arrives")
        .field(number!(Vote: interrupt_offset_us)),
    int(
        "abandoned_work_delay_us",
        "µs",
        0,
        1_000_000,
        1_000,
        "30000",
        "I-abort-release: how long the abandoned work takes to finish",
    )
    .field(number!(Vote: abandoned_work_delay_us)),
    choice("outer_end", &["commit", "rollback"], "rollback", "V2: how A's first outer transaction ends").field(
        Field::Vote(Access {
            get: |c| {
                Some(Value::Word(match c.outer_end {
                    OuterEnd::Commit => "commit",
                    OuterEnd::Rollback => "rollback",
                }))
            },
            set: |c, v| c.outer_end = if v.word() == "commit" { OuterEnd::Commit } else { OuterEnd::Rollback },
        }),
    ),
    int(
        "recreate_engine_after_ms",
        "ms",
        0,
        10_000,
        10,
        "100",
        "F- variants: when a new engine opens the same store after the failure",
    )
    .field(number!(Vote: recreate_engine_after_ms)),
    int("sync_stall_ms", "ms", 0, 10_000, 10, "0", "Injected stall of A's first store-queue drain")
        .field(number!(Vote: sync_stall_ms)),
    int("status_probe_period_us", "µs", 100, 100_000, 100, "1000", "Status probe period")
        .field(number!(Vote: status_probe_period_us)),
    int("status_probe_window_ms", "ms", 0, 1_000, 10, "40", "How long probes run (from t = 0 and after a restart)")
        .field(number!(Vote: status_probe_window_ms)),
    flag(
        "status_probe_shares_engine_lock",
        "false",
        "Anti-pattern: the status probe takes the engine lock and stalls during sync waits",
    )
    .field(boolean!(Vote: status_probe_shares_engine_lock)),
    flag("rebroadcast_last_signed_on_restart", "true", "After a restart, re-send the stored vote of the current step")
        .field(boolean!(Vote: rebroadcast_last_signed_on_restart)),
    int("txs_submit_at_ms", "ms", 0, 60_000, 100, "5000", "When two transactions are submitted to every mempool")
        .field(number!(Vote: txs_submit_at_ms)),
    int("horizon_ms", "ms", 1_000, 60_000, 1_000, "20000", "End of the simulated story")
        .field(number!(Vote: horizon_ms)),
    int("start_height", "", 1, 1_000_000, 1, "10", "Height the story starts at").field(number!(Vote: start_height)),
    int("start_round", "", 0, 100, 1, "1", "Round the story starts at (0-based)").field(number!(Vote: start_round)),
    int("net_one_way_us", "µs", 1, 100_000, 100, "2000", "One-way network latency")
        .field(number!(Vote: timing.net_one_way_us)),
    int(
        "net_jitter_us",
        "µs",
        0,
        100_000,
        100,
        "0",
        "± uniform jitter on every delivery (0 = none; then the seed has no effect)",
    )
    .field(number!(Vote: timing.net_jitter_us)),
    int("sign_us", "µs", 0, 100_000, 10, "50", "Signing time").field(number!(Vote: timing.sign_us)),
    int("wal_write_us", "µs", 0, 100_000, 10, "200", "Safety WAL insert time")
        .field(number!(Vote: timing.wal_write_us)),
    int("commit_us", "µs", 0, 100_000, 10, "300", "Commit time").field(number!(Vote: timing.commit_us)),
    int("drain_us", "µs", 0, 1_000_000, 100, "1000", "Forced store-queue drain time")
        .field(number!(Vote: timing.drain_us)),
    int("fsync_us", "µs", 0, 1_000_000, 100, "8000", "File sync time").field(number!(Vote: timing.fsync_us)),
    int("send_us", "µs", 0, 100_000, 10, "20", "One send to one peer").field(number!(Vote: timing.send_us)),
    int("outer_begin_us", "µs", 0, 100_000, 10, "100", "V2: opening the outer transaction")
        .field(number!(Vote: timing.outer_begin_us)),
    int("outer_end_after_us", "µs", 0, 1_000_000, 100, "3000", "V2: from the last send to the outer transaction's end")
        .field(number!(Vote: timing.outer_end_after_us)),
    int("bg_write_period_ms", "ms", 1, 60_000, 100, "1000", "Background writer period (Committed → OsCache)")
        .field(number!(Vote: timing.bg_write_period_ms)),
    int("os_writeback_delay_ms", "ms", 0, 120_000, 1_000, "30000", "OS writeback delay (OsCache → Disk)")
        .field(number!(Vote: timing.os_writeback_delay_ms)),
    int("timeout_propose_ms", "ms", 10, 60_000, 100, "3000", "Propose timeout in round 0")
        .field(number!(Vote: timing.timeout_propose_ms)),
    int("timeout_prevote_ms", "ms", 10, 60_000, 100, "1000", "Prevote timeout in round 0")
        .field(number!(Vote: timing.timeout_prevote_ms)),
    int("timeout_precommit_ms", "ms", 10, 60_000, 100, "1000", "Precommit timeout in round 0")
        .field(number!(Vote: timing.timeout_precommit_ms)),
    int("timeout_delta_ms", "ms", 0, 10_000, 100, "500", "Added to the three timeouts per round")
        .field(number!(Vote: timing.timeout_delta_ms)),
    int("timeout_commit_ms", "ms", 0, 60_000, 100, "1000", "Wait after a finalization before the next height")
        .field(number!(Vote: timing.timeout_commit_ms)),
    int("seed", "", 0, u64::MAX, 1, "1", "Seed (matters only with jitter)").field(number!(Vote: seed)),
];

/// The spec of a Scenario B key.
pub fn vote_param(name: &str) -> Option<&'static ParamSpec> {
    VOTE_PARAMS.iter().find(|spec| spec.name == name)
}

/// The spec of a key that is in [`VOTE_PARAMS`] (the parser's own literals; a unit test checks them).
fn spec(name: &str) -> &'static ParamSpec {
    vote_param(name).unwrap_or(&VOTE_PARAMS[0])
}

/// The crash time a query shows (and `crash=at_ms` starts from) when the config has none.
pub const DEFAULT_VOTE_CRASH_AT_MS: u32 = 1_000;
/// The crash point a query shows (and `crash=after_events` starts from) when the config has none.
pub const DEFAULT_VOTE_CRASH_AFTER: u32 = 2;
/// The restart delay a query shows (and `restart=on` starts from) when the config has none.
pub const DEFAULT_VOTE_RESTART_DELAY_MS: u32 = 2_000;

/// Any vote key's value in canonical text.
pub fn vote_value_text(config: &VoteConfig, name: &str) -> Option<String> {
    vote_param(name).and_then(|param| param.value_text(config))
}

/// The crash's mode and values, and the restart's switch and delay: applied
/// together after the other keys.
const MODE_KEYS: [&str; 5] = ["crash", "crash_after", "crash_at_ms", "restart", "restart_delay_ms"];

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
            log.ignored(key, given, IgnoreReason::UnknownKey { of: Some("scenario=vote".into()) });
        }
    }
    if let Some(given) = values.get("scenario") {
        if !given.trim().eq_ignore_ascii_case("vote") {
            log.ignored("scenario", given, IgnoreReason::OtherScenario { vote: true });
        }
    }
    let mut config = VoteConfig::default();
    let mut modes: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut mode_words: BTreeMap<&'static str, &'static str> = BTreeMap::new();
    for param in VOTE_PARAMS {
        let Some(value) = values.get(param.name).and_then(|given| read_value(param, given, log)) else { continue };
        match (MODE_KEYS.contains(&param.name), value) {
            (true, Value::Word(word)) => {
                mode_words.insert(param.name, word);
            }
            (true, value) => {
                modes.insert(param.name, value.int());
            }
            (false, value) => param.set(&mut config, value),
        }
    }
    // The crash: an explicit mode wins; a value alone selects its mode.
    let (after, at) = (modes.get("crash_after").copied(), modes.get("crash_at_ms").copied());
    let mode = match mode_words.get("crash") {
        Some(word) => word,
        None if at.is_some() && after.is_none() => "at_ms",
        None => spec("crash").word(&config).unwrap_or("after_events"),
    };
    spec("crash").set(&mut config, Value::Word(mode));
    let (kept, dropped, reason) = match mode {
        "after_events" => (["crash_after"].as_slice(), ["crash_at_ms"].as_slice(), IgnoreReason::CrashAfterEvents),
        "at_ms" => (["crash_at_ms"].as_slice(), ["crash_after"].as_slice(), IgnoreReason::CrashAtMs),
        _ => ([].as_slice(), ["crash_after", "crash_at_ms"].as_slice(), IgnoreReason::NoCrash),
    };
    for key in kept {
        if let Some(value) = modes.get(key) {
            spec(key).set(&mut config, Value::Int(*value));
        }
    }
    for key in dropped {
        if let Some(value) = modes.get(key) {
            log.ignored(key, &value.to_string(), reason.clone());
        }
    }
    config.crash_after_event_name = None;
    // The restart: an explicit on/off wins; a delay alone switches it on.
    let delay = modes.get("restart_delay_ms").copied();
    let on = match mode_words.get("restart") {
        Some(word) => *word == "on",
        None => config.restart_delay_ms.is_some() || delay.is_some(),
    };
    spec("restart").set(&mut config, Value::Word(if on { "on" } else { "off" }));
    match delay {
        Some(delay) if on => spec("restart_delay_ms").set(&mut config, Value::Int(delay)),
        Some(delay) => log.ignored("restart_delay_ms", &delay.to_string(), IgnoreReason::NeverRestarts),
        None => {}
    }
    config
}

/// `config` with key `key` set to `given` (a control's move): the value is
/// read through the key's row (clamped, with notices) and set through its
/// typed setter. The same configuration as parsing `config`'s
/// canonical text with that one value replaced (`tests/params_fuzz.rs`),
/// without the text. The crash's and the restart's keys, which switch
/// their mode together, unknown keys and a value that cannot be read (the
/// key then falls back to its default) take that whole parse.
pub fn with_vote_value(config: VoteConfig, key: &str, given: &str) -> Parsed<VoteConfig> {
    let mut log = NoticeLog::default();
    let typed = vote_param(key).filter(|p| !MODE_KEYS.contains(&p.name));
    let Some((param, value)) = typed.and_then(|param| Some((param, read_value(param, given, &mut log)?))) else {
        return parse_vote_query(&replaced(&vote_to_query(&config), key, given));
    };
    let mut next = config;
    param.set(&mut next, value);
    // The parser never keeps a named crash event (only `lab crashpoints` sets one).
    next.crash_after_event_name = None;
    Parsed { value: next, notices: log.finish() }
}

/// Every way `config` breaks the rules the vote parser enforces (empty when valid).
pub fn vote_config_problems(config: &VoteConfig) -> Vec<String> {
    let mut problems = Vec::new();
    for param in VOTE_PARAMS {
        if param.kind != ParamKind::Integer {
            continue;
        }
        match param.integer(config) {
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
    let crash = spec("crash").word(config);
    let restart = spec("restart").word(config);
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
        let value = param.value_text(config);
        if value != param.value_text(&base) {
            if let Some(text) = value {
                parts.push(format!("{}={}", name, percent_encode(&text)));
            }
        }
    }
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{parse_query, Notice, Query};

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
}
