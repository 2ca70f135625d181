//! `{{lease:FACT?QUERY}}` placeholders: a setting of a Scenario A run, filled
//! in at build from the query's parsed config (native only, from
//! `lab_model::params::parse_lease_query(QUERY)`), so that a chapter that
//! says with what values the model runs never types them in (ARCHITECTURE.md's
//! invariant, as `{{vote:…}}` does for Scenario B).
//!
//! QUERY is a `lab run --params` query of the lease scenario (`preset=exp2`).
//! FACT is one of:
//! - `ms@KEY`: the value, in ms, of the integer key KEY (`ttl_ms`,
//!   `pre_overhead_ms`, `post_overhead_ms`, `retry_interval_ms`, …, as
//!   `lab params` lists them), the query's or its preset's or the default;
//! - `watchdog_period_ms`: the period at which the watchdog extends the
//!   lease, as the model uses it (`watchdog_period_ms`, or TTL / 3 when unset);
//! - `lease_after_extension_ms`: what is left of the lease just before the
//!   next extension (the TTL minus that period): a stop shorter than this
//!   passes without the lease ending.
//!
//! A query that gives any notice, an unknown fact or key, or a key that is
//! not an integer fails the render, and so `tests/prose.rs`; `tests/audit.rs`
//! asks for an audit row naming each placeholder as `lease:FACT?QUERY`.

/// How a `{{lease:…}}` placeholder opens.
pub const LEASE_OPEN: &str = "{{lease:";

/// The text of every `{{lease:…}}` placeholder in `text`, in order.
pub fn lease_placeholders(text: &str) -> Vec<&str> {
    crate::content::placeholder::placeholders_opening(text, LEASE_OPEN)
}

/// The number a `{{lease:…}}` placeholder stands for, or why it stands for none.
#[cfg(not(target_arch = "wasm32"))]
pub fn lease_value(spec: &str) -> Result<String, String> {
    use lab_model::params::{lease_param, parse_lease_query, ParamKind};
    let err = |why: String| format!("{{{{lease:{spec}}}}}: {why}");
    let (fact, query) = spec.split_once('?').ok_or_else(|| err("no ?QUERY".into()))?;
    let parsed = parse_lease_query(query.trim());
    if !parsed.notices.is_empty() {
        return Err(err(format!("the query does not parse cleanly: {:?}", parsed.notices)));
    }
    let config = &parsed.value.config;
    let period = u64::from(config.effective_watchdog_period_ms());
    let ms = match fact.trim() {
        "watchdog_period_ms" => period,
        "lease_after_extension_ms" => u64::from(config.ttl_ms).saturating_sub(period),
        other => {
            let key = other.strip_prefix("ms@").ok_or_else(|| {
                err(format!("no fact {other:?} (ms@KEY, watchdog_period_ms, lease_after_extension_ms)"))
            })?;
            let param = lease_param(key)
                .filter(|p| matches!(p.kind, ParamKind::Integer) && p.unit == "ms")
                .ok_or_else(|| err(format!("no integer key in ms {key:?} (see `lab params`)")))?;
            param.integer(&parsed.value).ok_or_else(|| err(format!("{key} is unset in this run")))?
        }
    };
    Ok(lab_model::article::format_number(ms as f64, 0))
}

/// `markdown` with every `{{lease:…}}` placeholder filled in; one that stands
/// for nothing panics, so that the render fails on it.
#[cfg(not(target_arch = "wasm32"))]
pub fn fill_lease(markdown: &str) -> String {
    crate::content::placeholder::fill_opening(markdown, LEASE_OPEN, |spec| {
        lease_value(spec).unwrap_or_else(|e| panic!("{e}"))
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_the_runs_value_and_the_watchdog_facts_follow_the_ttl() {
        assert_eq!(lease_value("ms@ttl_ms?preset=exp2"), Ok("200".to_string()));
        assert_eq!(lease_value("ms@ttl_ms?preset=exp2&ttl_ms=600"), Ok("600".to_string()));
        assert_eq!(lease_value("ms@pre_overhead_ms?preset=exp2"), Ok("10".to_string()));
        assert_eq!(lease_value("ms@post_overhead_ms?preset=exp2"), Ok("5".to_string()));
        // TTL / 3 when unset; a period that is set is the period.
        assert_eq!(lease_value("watchdog_period_ms?preset=exp2"), Ok("66".to_string()));
        assert_eq!(lease_value("lease_after_extension_ms?preset=exp2"), Ok("134".to_string()));
        assert_eq!(lease_value("lease_after_extension_ms?preset=exp2&watchdog_period_ms=100"), Ok("100".to_string()));
        assert_eq!(
            fill_lease("{{lease:ms@pre_overhead_ms?preset=exp1}} ms, {{lease:ms@post_overhead_ms?preset=exp1}} ms"),
            "10 ms, 5 ms"
        );
        assert_eq!(lease_placeholders("a {{lease:x?y}} {{vote:z}} {{lease:u?v}}"), ["x?y", "u?v"]);
    }

    #[test]
    fn an_unknown_fact_or_key_or_a_bad_query_stands_for_nothing() {
        for bad in [
            "ms@ttl_ms",
            "ms@nope_ms?preset=exp2",
            "ms@variant?preset=exp2",
            "ms@ttl_ms?preset=exp9",
            "ms@ttl_ms?preset=exp2&nope=1",
            "period?preset=exp2",
        ] {
            assert!(lease_value(bad).is_err(), "{bad}");
        }
    }

    #[test]
    #[should_panic(expected = "no fact")]
    fn an_unknown_fact_fails_the_render() {
        fill_lease("{{lease:ttl?preset=exp2}}");
    }
}
