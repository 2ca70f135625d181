//! The work of a Scenario B run is bounded whatever the query (issue 19):
//! generative tests over many keys at once, within and outside their ranges,
//! read through the real parser (`params::parse_vote_query`). They assert on
//! event counts and trace sizes, never on wall time.

use consistency_lab::figures::vote::{cap_note, cap_notice};
use consistency_lab::sim::vote::{run, run_with, Limits, TraceLevel, VoteTrace, MAX_EVENTS};
use lab_model::params::{parse_vote_query, ParamKind, ParamSpec, VOTE_PARAMS};
use lab_words::{Lang, Words};
use proptest::prelude::*;

/// The query of issue 19 that froze the page: every value inside its range.
const FREEZE: &str = "scenario=vote&sign_us=0&wal_write_us=0&commit_us=0&drain_us=0&fsync_us=0&send_us=0\
                      &timeout_commit_ms=0&net_one_way_us=1";

/// The worst corner `examples/worst_case.rs` found (some 200 million events
/// over its horizon without the cap): a crash at 100 ms and no restart, a
/// free pipeline and a start height of a million.
const WORST_FOUND: &str = "scenario=vote&crash=at_ms&crash_at_ms=100&profile=wal_os_cache&device_honours_sync=true\
    &device_cache_window_ms=20&restart=off&blocked_at_ms=53&sync_error_true_state=disk&poisoned_true_state=dropped\
    &interrupt_during=fsync&interrupt_offset_us=42046&abandoned_work_delay_us=3000&outer_end=commit\
    &recreate_engine_after_ms=10000&sync_stall_ms=949&status_probe_period_us=100&status_probe_window_ms=1000\
    &status_probe_shares_engine_lock=false&txs_submit_at_ms=33&horizon_ms=60000&start_height=1000000\
    &net_one_way_us=1&sign_us=0&wal_write_us=23&commit_us=0&drain_us=0&fsync_us=0&send_us=0&outer_end_after_us=591\
    &bg_write_period_ms=56&os_writeback_delay_ms=0&timeout_propose_ms=10&timeout_prevote_ms=3379&timeout_delta_ms=0\
    &timeout_commit_ms=0";

/// What one processed event may add to a trace, at most: twice what these
/// tests' queries reach (1.8 trace events per event). A catch-up finalizes
/// many heights in one event, but each height once per validator, so the
/// total stays linear in the events.
const TRACE_ITEMS_PER_EVENT: u64 = 4;

/// What a run records besides its events: at its start (a crash at t = 0)
/// and its end (each validator's open step and process spans).
const TRACE_ITEMS_PER_RUN: u64 = 32;

/// A value for one key: mostly inside the range (its ends, small values,
/// anything), sometimes outside it or not a value at all.
fn value_for(spec: &'static ParamSpec) -> BoxedStrategy<String> {
    let hostile = prop_oneof![
        Just("-1".to_string()),
        Just("99999999999999999999".to_string()),
        Just("NaN".to_string()),
        Just(String::new()),
        "[a-z_]{1,8}",
    ];
    match spec.kind {
        ParamKind::Integer | ParamKind::Millis => {
            let (min, max) = (spec.min, spec.max);
            let small = max.min(min.saturating_add(1_000));
            prop_oneof![
                3 => Just(min.to_string()),
                1 => Just(max.to_string()),
                3 => (min..=small).prop_map(|v| v.to_string()),
                2 => (min..=max).prop_map(|v| v.to_string()),
                1 => (max.saturating_add(1)..=max.saturating_add(1_000_000)).prop_map(|v| v.to_string()),
                1 => hostile,
            ]
            .boxed()
        }
        ParamKind::Choice(words) => prop_oneof![
            8 => proptest::sample::select(words.to_vec()).prop_map(str::to_string),
            1 => hostile,
        ]
        .boxed(),
        ParamKind::Flag => prop_oneof![
            8 => proptest::sample::select(vec!["true", "false"]).prop_map(str::to_string),
            1 => hostile,
        ]
        .boxed(),
        // Site keys (no vote run reads them).
        ParamKind::Switch | ParamKind::Text => prop_oneof![
            8 => proptest::sample::select(vec!["1", "0"]).prop_map(str::to_string),
            1 => hostile,
        ]
        .boxed(),
    }
}

/// A query that sets many Scenario B keys at once (each with probability 3/4).
fn many_key_query() -> impl Strategy<Value = String> {
    let keys: Vec<BoxedStrategy<Option<String>>> = VOTE_PARAMS
        .iter()
        .map(|spec| {
            prop::option::weighted(0.75, value_for(spec))
                .prop_map(move |v| v.map(|v| format!("{}={v}", spec.name)))
                .boxed()
        })
        .collect();
    keys.prop_map(|pairs| {
        let mut parts = vec!["scenario=vote".to_string()];
        parts.extend(pairs.into_iter().flatten());
        parts.join("&")
    })
}

fn any_level() -> impl Strategy<Value = TraceLevel> {
    prop_oneof![Just(TraceLevel::Summary), Just(TraceLevel::Spans), Just(TraceLevel::Full)]
}

/// Everything a run's work is bounded by, for any configuration.
fn assert_bounded(trace: &VoteTrace) {
    let events = trace.stats.events_processed;
    let horizon_us = u64::from(trace.config.horizon_ms) * 1_000;
    assert!(events <= MAX_EVENTS, "{events} events");
    assert!(trace.end_us <= horizon_us, "end {} past the horizon {horizon_us}", trace.end_us);
    if let Some(cap) = trace.capped {
        assert_eq!(events, MAX_EVENTS, "a capped run processed its whole cap");
        assert_eq!(cap.max_events, MAX_EVENTS);
        assert_eq!(cap.at_us, trace.end_us);
        assert_eq!(cap.horizon_us, horizon_us);
    }
    let limit = TRACE_ITEMS_PER_EVENT * events + TRACE_ITEMS_PER_RUN;
    let lanes: usize =
        trace.lanes.iter().map(|l| l.steps.len() + l.process.len() + l.stages.len() + l.finalized.len()).sum();
    let sizes = [
        ("events", trace.events.len()),
        ("messages", trace.messages.len()),
        ("records", trace.records.len()),
        ("probes", trace.probes.len()),
        ("lane spans", lanes),
        ("network heights", trace.outcome.liveness.network_height.len()),
        ("equivocations", trace.outcome.equivocations.len()),
    ];
    for (what, len) in sizes {
        assert!(len as u64 <= limit, "{len} {what} for {events} events");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// Any query, many keys at once, in range or not: the parser takes it
    /// and the run stays within the cap, with a trace linear in its events.
    #[test]
    fn any_many_key_query_runs_within_the_cap(query in many_key_query(), level in any_level()) {
        let config = parse_vote_query(&query).value;
        let trace = run(&config, level);
        assert_bounded(&trace);
        prop_assert_eq!(trace.capped.is_some(), cap_notice(Words::of(Lang::Ko), [&trace]).is_some());
        prop_assert_eq!(trace.capped.is_some(), cap_note([&trace]).is_some());
    }

    /// A run stopped at a cap is exactly the beginning of a longer one.
    #[test]
    fn a_capped_run_is_the_beginning_of_a_longer_one(query in many_key_query(), cap in 1u64..4_000) {
        let config = parse_vote_query(&query).value;
        let short = run_with(&config, TraceLevel::Full, Limits::capped(cap));
        let long = run_with(&config, TraceLevel::Full, Limits::capped(2 * cap));
        prop_assert!(short.stats.events_processed <= cap);
        if short.capped.is_none() {
            prop_assert_eq!(&short, &long);
        } else {
            prop_assert_eq!(&short.events[..], &long.events[..short.events.len()]);
            prop_assert!(short.end_us <= long.end_us);
        }
    }
}

#[test]
fn the_freeze_query_is_capped_and_says_its_setting_is_not_a_device() {
    let parsed = parse_vote_query(FREEZE);
    assert!(parsed.notices.is_empty(), "every value of the freeze query is in range");
    for level in [TraceLevel::Summary, TraceLevel::Spans, TraceLevel::Full] {
        let trace = run(&parsed.value, level);
        assert_bounded(&trace);
        let cap = trace.capped.expect("the freeze query reaches the cap");
        // The network stalls until A restarts at 2 s, then finalizes a height every few µs.
        assert!(cap.at_us > 2_000_000 && cap.at_us < 2_010_000, "stopped at {} µs", cap.at_us);
        let ko = Words::of(Lang::Ko);
        let notice = cap_notice(ko, [&trace]).expect("a capped run has a notice");
        assert!(notice.ends_with(ko.vote.cap.costs_nothing), "{notice}");
        let english = cap_notice(Words::of(Lang::En), [&trace]).expect("in English too");
        assert!(english.contains("Work cap") && english.contains("no real device"), "{english}");
        let note = cap_note([&trace]).expect("and a CLI note");
        assert!(note.contains("no real device"), "{note}");
    }
}

#[test]
fn the_worst_query_found_is_capped() {
    let parsed = parse_vote_query(WORST_FOUND);
    assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    let trace = run(&parsed.value, TraceLevel::Full);
    assert_bounded(&trace);
    assert!(trace.capped.is_some());
    // Without the cap it runs on: 50,000 events cover well under a second of its minute.
    let longer = run_with(&parsed.value, TraceLevel::Summary, Limits::capped(50_000));
    assert!(longer.capped.is_some_and(|c| c.at_us < 1_000_000));
}

#[test]
fn no_starting_figure_or_preset_is_capped() {
    use consistency_lab::sim::vote::VotePreset;
    use lab_model::registry::{Scenario, FIGURES};
    let configs = FIGURES
        .iter()
        .filter(|f| f.scenario() == Scenario::Vote)
        .map(|f| f.initial_vote_config())
        .chain(VotePreset::ALL.into_iter().map(VotePreset::config));
    for config in configs {
        let trace = run(&config, TraceLevel::Full);
        // Five times the heaviest starting story fits under the cap.
        assert!(trace.stats.events_processed * 5 < MAX_EVENTS, "{config:?}");
        assert_eq!(trace.capped, None);
        assert_eq!(cap_notice(Words::of(Lang::Ko), [&trace]), None);
    }
}
