//! Fuzzing the query parser: whatever the input, parsing never panics and
//! always yields an in-range, internally consistent query; and every valid
//! query survives `to_query` → `parse_lease_query` unchanged, with no notices.

use consistency_lab::params::{
    lease_query_problems, parse_lease_query, parse_query, query_to_string, to_query, vote_config_problems, ParamKind,
    ParamSpec, Query, LEASE_PARAMS, VOTE_PARAMS,
};
use proptest::prelude::*;

/// Keys: every real key, plus near misses and junk.
fn any_key() -> impl Strategy<Value = String> {
    let real: Vec<String> = LEASE_PARAMS.iter().chain(VOTE_PARAMS).map(|p| p.name.to_string()).collect();
    prop_oneof![
        4 => proptest::sample::select(real),
        1 => Just("scenario".to_string()),
        1 => Just("TTL_MS".to_string()),
        1 => Just("ttl%5Fms".to_string()),
        1 => "[a-z_]{0,12}",
        1 => any::<String>(),
    ]
}

/// Values: in-range numbers, hostile numbers, words, markup, escapes, long text.
fn any_value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (0u64..200_000).prop_map(|v| v.to_string()),
        1 => any::<u64>().prop_map(|v| v.to_string()),
        1 => any::<i64>().prop_map(|v| v.to_string()),
        1 => any::<f64>().prop_map(|v| v.to_string()),
        1 => Just("NaN".to_string()),
        1 => Just("-0".to_string()),
        1 => Just("99999999999999999999999999999999".to_string()),
        1 => Just("<script>alert(1)</script>".to_string()),
        1 => Just("%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E".to_string()),
        1 => Just("%".to_string()),
        1 => Just("%F0%9F%92%A5%FF".to_string()),
        1 => Just("".to_string()),
        2 => proptest::sample::select(vec![
            "naive", "watchdog", "fence_write", "fence_read", "conditional", "on", "off", "open", "closed",
            "true", "false", "realistic", "random", "fixed", "exp1", "exp2_stop", "exp5_c2_closed", "lease", "vote",
            "V0", "v2g", "F-naive-retry", "kill", "power", "after_events", "at_ms", "none", "auto", "drain",
            "h2_like", "dropped", "nil_timeout",
        ])
        .prop_map(str::to_string),
        1 => "[ -~]{0,40}",
        1 => "x{1000,3000}",
    ]
}

fn hostile_query() -> impl Strategy<Value = String> {
    prop::collection::vec((any_key(), any_value(), 0u8..10), 0..24).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(key, value, shape)| match shape {
                0 => key,
                1 => format!("{key}={value}={value}"),
                _ => format!("{key}={value}"),
            })
            .collect::<Vec<_>>()
            .join("&")
    })
}

/// A query string with in-range values for a random subset of keys.
fn in_range_query(params: &'static [ParamSpec]) -> impl Strategy<Value = String> {
    let per_key: Vec<BoxedStrategy<Option<String>>> = params
        .iter()
        .map(|param| {
            let value: BoxedStrategy<String> = match param.kind {
                ParamKind::Integer => {
                    // Most of the mass near the default, some anywhere in range.
                    let (min, max) = (param.min, param.max);
                    let default = param.default_u64().unwrap_or(min);
                    let near_hi = default.saturating_mul(3).clamp(min, max);
                    prop_oneof![(min..=near_hi), (min..=max)].prop_map(|v| v.to_string()).boxed()
                }
                ParamKind::Choice(words) => proptest::sample::select(words.to_vec()).prop_map(str::to_string).boxed(),
                ParamKind::Flag => any::<bool>().prop_map(|b| b.to_string()).boxed(),
            };
            prop::option::weighted(0.3, value).boxed()
        })
        .collect();
    (per_key, any::<u64>()).prop_map(|(values, shuffle)| {
        let mut pairs: Vec<String> = params
            .iter()
            .zip(values)
            .filter_map(|(param, value)| value.map(|v| format!("{}={}", param.name, v)))
            .collect();
        // Order must not matter: rotate by a random amount.
        if !pairs.is_empty() {
            let by = (shuffle % pairs.len() as u64) as usize;
            pairs.rotate_left(by);
        }
        pairs.join("&")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics_and_yields_a_valid_query(text in any::<String>()) {
        let parsed = parse_lease_query(&text);
        prop_assert_eq!(lease_query_problems(&parsed.value), Vec::<String>::new());
        let _ = parse_query(&text);
    }

    #[test]
    fn hostile_queries_yield_valid_queries(query in hostile_query()) {
        let parsed = parse_lease_query(&query);
        prop_assert_eq!(lease_query_problems(&parsed.value), Vec::<String>::new(), "query {:?}", query);
        // Whatever was parsed has a canonical form that reads back exactly.
        let canonical = to_query(&parsed.value);
        let again = parse_lease_query(&canonical);
        prop_assert_eq!(again.notices, vec![], "canonical {:?}", canonical);
        prop_assert_eq!(again.value, parsed.value);
        match parse_query(&query).value {
            Query::Lease(lease) => prop_assert_eq!(lease_query_problems(&lease), Vec::<String>::new()),
            Query::Vote(vote) => prop_assert_eq!(vote_config_problems(&vote), Vec::<String>::new()),
        }
    }

    #[test]
    fn hostile_vote_queries_yield_valid_configs(query in hostile_query()) {
        let query = format!("scenario=vote&{query}");
        let parsed = parse_query(&query);
        match &parsed.value {
            Query::Vote(config) => prop_assert_eq!(vote_config_problems(config), Vec::<String>::new()),
            Query::Lease(lease) => prop_assert_eq!(lease_query_problems(lease), Vec::<String>::new()),
        }
        let canonical = query_to_string(&parsed.value);
        let again = parse_query(&canonical);
        prop_assert_eq!(again.notices, vec![], "canonical {:?}", canonical);
        prop_assert_eq!(again.value, parsed.value);
    }

    #[test]
    fn valid_vote_queries_round_trip_without_notices(query in in_range_query(VOTE_PARAMS)) {
        let query = format!("scenario=vote&{query}");
        let parsed = parse_query(&query);
        let Query::Vote(config) = &parsed.value else { panic!("scenario=vote gave a lease query") };
        prop_assert_eq!(vote_config_problems(config), Vec::<String>::new());
        let canonical = query_to_string(&parsed.value);
        let again = parse_query(&canonical);
        prop_assert_eq!(again.notices, vec![], "query {:?} canonical {:?}", query, canonical);
        prop_assert_eq!(&again.value, &parsed.value);
        prop_assert_eq!(query_to_string(&again.value), canonical);
    }

    #[test]
    fn valid_queries_round_trip_without_notices(query in in_range_query(LEASE_PARAMS)) {
        let parsed = parse_lease_query(&query);
        prop_assert_eq!(lease_query_problems(&parsed.value), Vec::<String>::new());
        let canonical = to_query(&parsed.value);
        let again = parse_lease_query(&canonical);
        prop_assert_eq!(again.notices, vec![], "query {:?} canonical {:?}", query, canonical);
        prop_assert_eq!(&again.value, &parsed.value);
        // Canonical form is a fixed point.
        prop_assert_eq!(to_query(&again.value), canonical);
    }
}
