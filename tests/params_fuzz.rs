//! Fuzzing the query parsers: whatever the input, parsing never panics and
//! always yields an in-range, internally consistent query; and every valid
//! query survives `to_query` → `parse_lease_query` unchanged, with no notices.
//! The one reader of a page address (`read_site`) gets the same: random
//! multi-key addresses, the site's and the sweeps' keys included, read for
//! every kind of figure, stay within range with capped, bounded notices, and
//! the lock-lease permalinks it writes are the bytes the site always wrote.

use lab_model::params::SweepKind;
use lab_model::params::{
    lease_query_problems, parse_lease_query, parse_query, parse_vote_query, percent_encode, query_to_string, read_site,
    replaced, site_param, to_query, vote_config_problems, vote_to_query, with_lease_value, with_vote_value, Notice,
    ParamKind, ParamSpec, Parsed, Query, Scope, SiteQuery, LEASE_PARAMS, MAX_NOTICES, NOTICE_TEXT_MAX_CHARS,
    SITE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS,
};
use lab_words::{notices::site_notice, Lang, Words};
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
                ParamKind::Switch => proptest::sample::select(vec!["1", "0"]).prop_map(str::to_string).boxed(),
                ParamKind::Millis => (param.min * 1000..=param.max * 1000)
                    .prop_map(|us| format!("{}.{:03}", us / 1000, us % 1000))
                    .boxed(),
                ParamKind::Text => "[a-z0-9-]{1,20}".boxed(),
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

// ---------------------------------------------------------------------------
// A control's move: one typed value through the key's row, the same as the
// whole-query text round trip it replaced.

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn a_typed_lease_move_is_the_text_round_trip(query in hostile_query(), key in any_key(), value in any_value()) {
        let start = parse_lease_query(&query).value;
        let typed = with_lease_value(start.clone(), &key, &value);
        let text = parse_lease_query(&replaced(&to_query(&start), &key, &value));
        prop_assert_eq!(&typed.value, &text.value, "key {:?} value {:?}", key, value);
        prop_assert_eq!(typed.notices, text.notices);
    }

    #[test]
    fn a_typed_vote_move_is_the_text_round_trip(query in hostile_query(), key in any_key(), value in any_value()) {
        let start = parse_vote_query(&format!("scenario=vote&{query}")).value;
        let typed = with_vote_value(start.clone(), &key, &value);
        let text = parse_vote_query(&replaced(&vote_to_query(&start), &key, &value));
        prop_assert_eq!(&typed.value, &text.value, "key {:?} value {:?}", key, value);
        prop_assert_eq!(typed.notices, text.notices);
    }
}

// ---------------------------------------------------------------------------
// The one reader of a page address (`read_site`)

const SCOPES: [Scope; 4] =
    [Scope::Lease, Scope::Vote, Scope::Sweep(SweepKind::TtlPause), Scope::Sweep(SweepKind::Contention)];

/// Keys of every table, the site's and the sweeps' included, plus junk.
fn any_site_key() -> impl Strategy<Value = String> {
    let real: Vec<String> =
        [LEASE_PARAMS, VOTE_PARAMS, SWEEP_PARAMS, SITE_PARAMS].concat().iter().map(|p| p.name.to_string()).collect();
    prop_oneof![
        6 => proptest::sample::select(real),
        1 => Just("scenario".to_string()),
        1 => "[a-z_]{0,12}",
        1 => any::<String>(),
    ]
}

/// Values: those of `any_value`, plus times, switches and ids.
fn any_site_value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => any_value(),
        1 => (0.0f64..1e6).prop_map(|v| format!("{v:.4}")),
        1 => proptest::sample::select(vec!["1", "0", "-1", "1e99", "inf", "-0.0", ".5", "a1-lease-expiry", "vote-story",
            "sweep-ttl-pause", "throughput", "over_approval"]).prop_map(str::to_string),
    ]
}

fn hostile_site_query() -> impl Strategy<Value = String> {
    prop::collection::vec((any_site_key(), any_site_value(), 0u8..10), 0..32).prop_map(|pairs| {
        let pairs: Vec<String> = pairs
            .into_iter()
            .map(|(key, value, shape)| match shape {
                0 => key,
                1 => format!("{key}={value}={value}"),
                _ => format!("{key}={value}"),
            })
            .collect();
        format!("?{}", pairs.join("&"))
    })
}

/// Every way a read address breaks the reader's promises (empty when none).
fn site_problems(site: &SiteQuery, notices: &[Notice], scope: Scope) -> Vec<String> {
    let mut problems = Vec::new();
    if notices.len() > MAX_NOTICES + 1 {
        problems.push(format!("{} notices", notices.len()));
    }
    for notice in notices {
        if let Notice::Clamped { given, .. } | Notice::Ignored { given, .. } = notice {
            if given.chars().count() > NOTICE_TEXT_MAX_CHARS + 1 || given.chars().any(char::is_control) {
                problems.push(format!("unbounded notice text {given:?}"));
            }
        }
    }
    for (name, text) in [("ch", &site.chapter), ("fig", &site.figure), ("embed", &site.embed)] {
        if let Some(text) = text {
            if text.chars().count() > NOTICE_TEXT_MAX_CHARS + 1 || text.chars().any(char::is_control) {
                problems.push(format!("{name} text {text:?}"));
            }
        }
    }
    let within = |name: &str, value: Option<u64>| {
        let spec = site_param(name).expect("a site key");
        let max = if spec.kind == ParamKind::Millis { spec.max * 1000 } else { spec.max };
        value.is_none_or(|v| v >= spec.min && v <= max)
    };
    if !within("win", site.window_ms.map(u64::from)) || !within("t", site.cursor_us) {
        problems.push(format!("win {:?} or t {:?} out of range", site.window_ms, site.cursor_us));
    }
    if !within("ev", site.event.map(|e| e as u64)) {
        problems.push(format!("ev {:?} out of range", site.event));
    }
    let figures = scope.figures();
    for (name, set) in [
        ("win", site.window_ms.is_some()),
        ("t", site.cursor_us.is_some()),
        ("ev", site.event.is_some()),
        ("recon", site.reveal_ledger.is_some()),
        ("hit", site.hit.is_some()),
        ("metric", site.metric.is_some()),
    ] {
        if set && !site_param(name).expect("a site key").figures.contains(figures) {
            problems.push(format!("{name} set for {scope:?}"));
        }
    }
    match scope {
        Scope::Lease => {
            problems.extend(site.lease.iter().flat_map(lease_query_problems));
            if site.vote.is_some() || site.sweep.is_some() {
                problems.push("another scenario's state".to_string());
            }
        }
        Scope::Vote => {
            problems.extend(site.vote.iter().flat_map(vote_config_problems));
            if site.lease.is_some() || site.sweep.is_some() {
                problems.push("another scenario's state".to_string());
            }
        }
        Scope::Sweep(kind) => {
            if let Some(spec) = site.sweep {
                let [(x_min, x_max), (y_min, y_max)] = kind.axis_limits();
                let in_limits = spec.kind == kind
                    && (x_min..=x_max).contains(&spec.x.lo)
                    && (x_min..=x_max).contains(&spec.x.hi)
                    && (y_min..=y_max).contains(&spec.y.lo)
                    && (y_min..=y_max).contains(&spec.y.hi);
                if !in_limits || spec.clamped() != spec {
                    problems.push(format!("sweep spec {spec:?}"));
                }
            }
            if site.lease.is_some() || site.vote.is_some() {
                problems.push("another scenario's state".to_string());
            }
        }
    }
    problems
}

/// The lock-lease permalink as `web::url::figure_search` wrote it before the
/// one reader and writer: the format `SiteQuery::search` must keep, byte for byte.
fn legacy_figure_search(
    chapter: &str,
    figure: &str,
    lease_qs: &str,
    cursor: Option<(u64, usize)>,
    window_ms: Option<u32>,
    recon: Option<bool>,
) -> String {
    let mut s = format!("?ch={}&fig={}", percent_encode(chapter), percent_encode(figure));
    if !lease_qs.is_empty() {
        s.push('&');
        s.push_str(lease_qs);
    }
    if let Some(w) = window_ms {
        s.push_str(&format!("&win={w}"));
    }
    if let Some((t_us, ev)) = cursor {
        if t_us % 1000 == 0 {
            s.push_str(&format!("&t={}", t_us / 1000));
        } else {
            s.push_str(&format!("&t={}.{:03}", t_us / 1000, t_us % 1000));
        }
        s.push_str(&format!("&ev={ev}"));
    }
    if let Some(r) = recon {
        s.push_str(if r { "&recon=1" } else { "&recon=0" });
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_address_reads_within_range_for_every_scope(query in hostile_site_query(), text in any::<String>()) {
        for scope in SCOPES {
            for search in [query.as_str(), text.as_str()] {
                let Parsed { value: site, notices } = read_site(search, scope);
                prop_assert_eq!(site_problems(&site, &notices, scope), Vec::<String>::new(), "{:?} {:?}", scope, search);
                for notice in &notices {
                    prop_assert!(!site_notice(Words::of(Lang::Ko), notice).is_empty());
                }
                // What the reader made, the writer writes as a fixed point: read again, written again, the same.
                let written = site.search();
                let again = read_site(&written, scope);
                prop_assert_eq!(again.notices, vec![], "{:?} wrote {:?}", scope, written);
                prop_assert_eq!(again.value.search(), written);
            }
        }
    }

    #[test]
    fn lease_permalinks_are_byte_identical(
        query in in_range_query(LEASE_PARAMS),
        chapter in "[a-z0-9-]{1,20}",
        figure in "[a-z0-9-]{1,20}",
        cursor in prop::option::of((0u64..600_000_000, 0usize..100_000)),
        window_ms in prop::option::of(200u32..=120_000),
        recon in prop::option::of(any::<bool>()),
    ) {
        let lease = parse_lease_query(&query).value;
        let lease_qs = to_query(&lease);
        let site = SiteQuery {
            chapter: Some(chapter.clone()),
            figure: Some(figure.clone()),
            cursor_us: cursor.map(|(t, _)| t),
            event: cursor.map(|(_, ev)| ev),
            window_ms,
            reveal_ledger: recon,
            lease: Some(lease.clone()),
            ..SiteQuery::default()
        };
        let written = site.search();
        prop_assert_eq!(&written, &legacy_figure_search(&chapter, &figure, &lease_qs, cursor, window_ms, recon));
        let read = read_site(&written, Scope::Lease);
        prop_assert_eq!(read.notices, vec![]);
        prop_assert_eq!(read.value.lease.unwrap_or_default(), lease);
        prop_assert_eq!((read.value.cursor_us, read.value.window_ms, read.value.reveal_ledger), (site.cursor_us, window_ms, recon));
    }
}
