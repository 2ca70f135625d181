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
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(VOTE_OPEN) {
        let after = &rest[start + VOTE_OPEN.len()..];
        let Some(end) = after.find("}}") else { break };
        out.push(&after[..end]);
        rest = &after[end + 2..];
    }
    out
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::{fill_vote, vote_value};

#[cfg(not(target_arch = "wasm32"))]
mod native {
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
    }

    /// Reads a placeholder's text (`FACT?QUERY`).
    fn vote_ask(spec: &str) -> Result<VoteAsk<'_>, String> {
        let (fact, query) = spec.split_once('?').ok_or_else(|| format!("{{{{vote:{spec}}}}}: no ?QUERY"))?;
        let fact = match fact.trim().split_once('@') {
            Some(("finalized_s", height)) => {
                Fact::FinalizedS(height.trim().parse().map_err(|_| format!("{{{{vote:{spec}}}}}: height {height:?}"))?)
            }
            _ => return Err(format!("{{{{vote:{spec}}}}}: no fact {fact:?} (finalized_s@HEIGHT)")),
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

    /// A fact of a run as the prose shows it.
    fn vote_fact(trace: &VoteTrace, fact: &Fact, spec: &str) -> Result<String, String> {
        match fact {
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
        vote_fact(&vote_run(ask.query, spec)?, &ask.fact, spec)
    }

    /// `markdown` with every `{{vote:…}}` placeholder filled in, each query
    /// run once. A placeholder that stands for nothing panics, so that the
    /// render (and `tests/prose.rs`) fails on it.
    pub fn fill_vote(markdown: &str) -> String {
        let mut runs: Vec<(&str, VoteTrace)> = Vec::new();
        let mut out = String::with_capacity(markdown.len());
        let mut rest = markdown;
        while let Some(start) = rest.find(super::VOTE_OPEN) {
            let after = &rest[start + super::VOTE_OPEN.len()..];
            let Some(end) = after.find("}}") else { break };
            let spec = &after[..end];
            let ask = vote_ask(spec).unwrap_or_else(|e| panic!("{e}"));
            let at = match runs.iter().position(|(q, _)| *q == ask.query) {
                Some(at) => at,
                None => {
                    runs.push((ask.query, vote_run(ask.query, spec).unwrap_or_else(|e| panic!("{e}"))));
                    runs.len() - 1
                }
            };
            out.push_str(&rest[..start]);
            out.push_str(&vote_fact(&runs[at].1, &ask.fact, spec).unwrap_or_else(|e| panic!("{e}")));
            rest = &after[end + 2..];
        }
        out.push_str(rest);
        out
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
