//! `{{vote:FACT?QUERY}}` placeholders: a number about a Scenario B run,
//! filled in at build (native only, from `lab_sim::vote::run` on
//! `lab_model::params::parse_vote_query(QUERY)`) so that Article B's
//! chapters never type in what the simulation says (ARCHITECTURE.md's
//! invariant; Article A's numbers are `{{sim:…}}` and `{{check:…}}`).
//!
//! QUERY is a `lab run --params` query of the vote scenario
//! (`variant=V0&crash_after=5`; `scenario=vote` may lead it). It comes after
//! the `?`, as in an address, so its own `:`, `&` and `=` never clash with the
//! marker's syntax (nor a `|` with an audit table's cells).
//! FACT is what is read off the run:
//! - `finalized_s@HEIGHT`: the time, in seconds with two decimals, at which
//!   the network first finalized height HEIGHT (the `network_height` point
//!   of that height that `lab run --format json` prints, `at.t_us`).
//! - `gap_s@min`, `gap_s@max`: the shortest and the longest time, in seconds
//!   with two decimals, between two heights the network finalized one after
//!   the other (consecutive `network_height` points); a run that finalizes
//!   fewer than two heights fails.
//! - `param_s@KEY`: the run's value of the time key KEY (a `lab params` key
//!   in ms: `blocked_at_ms`, `txs_submit_at_ms`, `timeout_propose_ms`, …),
//!   the query's or the default, in seconds (two decimals unless whole), so a
//!   chapter names the setting its figure runs with from the same query.
//!
//! A query that gives any notice (an unknown key, a bad or clamped value),
//! an unknown fact, or a height the run never finalizes fails the render,
//! and so `tests/prose.rs`. `tests/audit.rs` asks for an audit row naming
//! each placeholder as `vote:FACT?QUERY`.

/// How a `{{vote:…}}` placeholder opens.
pub const VOTE_OPEN: &str = "{{vote:";

/// The text of every `{{vote:…}}` placeholder in `text`
/// (`finalized_s@12?variant=V0&crash_after=5`), in order.
pub fn vote_placeholders(text: &str) -> Vec<&str> {
    crate::content::placeholder::placeholders_opening(text, VOTE_OPEN)
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::{fill_vote, vote_value};

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use lab_model::params::{Field, ParamKind};
    use lab_sim::vote::{self, TraceLevel, VoteTrace};

    /// What a placeholder asks: a fact and the query of its run.
    struct VoteAsk<'a> {
        fact: Fact,
        query: &'a str,
    }

    /// The facts a placeholder can read off a run.
    enum Fact {
        /// When the network finalized this height, in seconds.
        FinalizedS(u64),
        /// The shortest (false) or longest (true) gap between consecutive heights.
        GapS(bool),
        /// A time key's value in the run's config, in seconds.
        ParamS(&'static lab_model::params::ParamSpec),
    }

    /// Reads a placeholder's text (`FACT?QUERY`).
    fn vote_ask(spec: &str) -> Result<VoteAsk<'_>, String> {
        let (fact, query) = spec.split_once('?').ok_or_else(|| format!("{{{{vote:{spec}}}}}: no ?QUERY"))?;
        let fact = match fact.trim().split_once('@') {
            Some(("finalized_s", height)) => {
                Fact::FinalizedS(height.trim().parse().map_err(|_| format!("{{{{vote:{spec}}}}}: height {height:?}"))?)
            }
            Some(("gap_s", "min")) => Fact::GapS(false),
            Some(("gap_s", "max")) => Fact::GapS(true),
            Some(("param_s", key)) => Fact::ParamS(
                lab_model::params::vote_param(key.trim())
                    .filter(|p| {
                        matches!(p.kind, ParamKind::Millis) || (matches!(p.kind, ParamKind::Integer) && p.unit == "ms")
                    })
                    .ok_or_else(|| format!("{{{{vote:{spec}}}}}: no time key {key:?} (a `lab params` key in ms)"))?,
            ),
            _ => {
                return Err(format!(
                    "{{{{vote:{spec}}}}}: no fact {fact:?} (finalized_s@HEIGHT, gap_s@min, gap_s@max, param_s@KEY)"
                ))
            }
        };
        Ok(VoteAsk { fact, query: query.trim() })
    }

    /// The run of `query`, or why the query does not parse cleanly.
    fn vote_run(query: &str, spec: &str) -> Result<VoteTrace, String> {
        let parsed = lab_model::params::parse_vote_query(query);
        if !parsed.notices.is_empty() {
            return Err(format!("{{{{vote:{spec}}}}}: the query does not parse cleanly: {:?}", parsed.notices));
        }
        Ok(vote::run(&parsed.value, TraceLevel::Summary))
    }

    /// A fact of a run as the prose shows it (`query`: the run's query, for `param_s`).
    fn vote_fact(trace: &VoteTrace, query: &str, fact: &Fact, spec: &str) -> Result<String, String> {
        match fact {
            Fact::GapS(longest) => {
                let times: Vec<u64> = trace.outcome.liveness.network_height.iter().map(|p| p.at.t_us).collect();
                let gaps = times.windows(2).map(|w| w[1].saturating_sub(w[0]));
                let gap = if *longest { gaps.max() } else { gaps.min() };
                let gap = gap.ok_or_else(|| format!("{{{{vote:{spec}}}}}: fewer than two heights are finalized"))?;
                Ok(lab_model::article::format_number(gap as f64 / 1e6, 2))
            }
            Fact::ParamS(param) => {
                let config = lab_model::params::parse_vote_query(query).value;
                let Field::Vote(access) = param.field else {
                    return Err(format!("{{{{vote:{spec}}}}}: {} is not a Scenario B key", param.name));
                };
                let value = (access.get)(&config)
                    .ok_or_else(|| format!("{{{{vote:{spec}}}}}: {} is unset in this run", param.name))?;
                let us = if matches!(param.kind, ParamKind::Millis) { value.int() } else { value.int() * 1_000 };
                let whole = us % 1_000_000 == 0;
                Ok(lab_model::article::format_number(us as f64 / 1e6, if whole { 0 } else { 2 }))
            }
            Fact::FinalizedS(height) => {
                let point = trace
                    .outcome
                    .liveness
                    .network_height
                    .iter()
                    .find(|p| p.height == *height)
                    .ok_or_else(|| format!("{{{{vote:{spec}}}}}: height {height} is never finalized"))?;
                Ok(lab_model::article::format_number(point.at.t_us as f64 / 1e6, 2))
            }
        }
    }

    /// The number a `{{vote:…}}` placeholder stands for (see the module
    /// docs), or why it stands for none.
    pub fn vote_value(spec: &str) -> Result<String, String> {
        let ask = vote_ask(spec)?;
        vote_fact(&vote_run(ask.query, spec)?, ask.query, &ask.fact, spec)
    }

    /// `markdown` with every `{{vote:…}}` placeholder filled in, each query
    /// run once. A placeholder that stands for nothing panics, so that the
    /// render (and `tests/prose.rs`) fails on it.
    pub fn fill_vote(markdown: &str) -> String {
        let mut runs: Vec<(&str, VoteTrace)> = Vec::new();
        crate::content::placeholder::fill_opening(markdown, super::VOTE_OPEN, |spec| {
            let ask = vote_ask(spec).unwrap_or_else(|e| panic!("{e}"));
            let at = match runs.iter().position(|(q, _)| *q == ask.query) {
                Some(at) => at,
                None => {
                    runs.push((ask.query, vote_run(ask.query, spec).unwrap_or_else(|e| panic!("{e}"))));
                    runs.len() - 1
                }
            };
            vote_fact(&runs[at].1, ask.query, &ask.fact, spec).unwrap_or_else(|e| panic!("{e}"))
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_finalized_time_is_the_network_height_point_lab_run_reports() {
            let query = "variant=V0&crash_after=5";
            let trace = vote::run(&lab_model::params::parse_vote_query(query).value, TraceLevel::Summary);
            let point = trace.outcome.liveness.network_height.iter().find(|p| p.height == 12).unwrap();
            let want = format!("{:.2}", point.at.t_us as f64 / 1e6);
            let md = format!("height 12: {{{{vote:finalized_s@12?{query}}}}} s, again {{{{vote:finalized_s@12?scenario=vote&{query}}}}} s");
            assert_eq!(fill_vote(&md), format!("height 12: {want} s, again {want} s"));
            assert_eq!(vote_value(&format!("finalized_s@12?{query}")), Ok(want));
            assert_eq!(
                super::super::vote_placeholders("{{vote:finalized_s@12?a=b&c}} {{check:a:b}}"),
                ["finalized_s@12?a=b&c"]
            );
            // Re-sending on restart changes the time; the two queries are two runs.
            let off = vote_value("finalized_s@12?variant=V0&crash_after=5&rebroadcast_last_signed_on_restart=false");
            assert_ne!(off, vote_value("finalized_s@12?variant=V0&crash_after=5"));
        }

        #[test]
        fn gaps_are_the_shortest_and_longest_steps_and_a_time_key_is_read_in_seconds() {
            let query = "variant=V0&crash=none&blocked_validators=1&txs_submit_at_ms=12000";
            let trace = vote::run(&lab_model::params::parse_vote_query(query).value, TraceLevel::Summary);
            let times: Vec<u64> = trace.outcome.liveness.network_height.iter().map(|p| p.at.t_us).collect();
            let gaps: Vec<u64> = times.windows(2).map(|w| w[1] - w[0]).collect();
            let (min, max) = (*gaps.iter().min().unwrap(), *gaps.iter().max().unwrap());
            assert!(min < max, "A's turns to propose make a longer step: {gaps:?}");
            assert_eq!(vote_value(&format!("gap_s@min?{query}")), Ok(format!("{:.2}", min as f64 / 1e6)));
            assert_eq!(vote_value(&format!("gap_s@max?{query}")), Ok(format!("{:.2}", max as f64 / 1e6)));
            // The query's own value, a default, and a value with a fraction of a second.
            assert_eq!(vote_value(&format!("param_s@txs_submit_at_ms?{query}")), Ok("12".to_string()));
            assert_eq!(vote_value(&format!("param_s@timeout_propose_ms?{query}")), Ok("3".to_string()));
            assert_eq!(vote_value("param_s@blocked_at_ms?variant=V0&blocked_at_ms=1500"), Ok("1.50".to_string()));
            // A key that is not a time, and a run with a single height, stand for nothing.
            assert!(vote_value(&format!("param_s@blocked_validators?{query}")).is_err());
            assert!(vote_value("gap_s@max?variant=V0&crash=none&blocked_validators=2&txs_submit_at_ms=12000").is_err());
            assert!(vote_value(&format!("gap_s@mean?{query}")).is_err());
        }

        #[test]
        fn an_unknown_fact_a_bad_query_or_an_unreached_height_stands_for_nothing() {
            for bad in [
                "finalized_s@12",
                "finalized@12?variant=V0",
                "finalized_s@x?variant=V0",
                "finalized_s@12?variant=V0&nope=1",
                "finalized_s@12?variant=ZZ",
                "finalized_s@12?scenario=lease&variant=V0",
                "finalized_s@100000?variant=V0",
            ] {
                assert!(vote_value(bad).is_err(), "{bad}");
            }
        }

        #[test]
        #[should_panic(expected = "no fact")]
        fn an_unknown_fact_fails_the_render() {
            fill_vote("{{vote:height@12?variant=V0}}");
        }
    }
}
