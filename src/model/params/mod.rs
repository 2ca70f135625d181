//! Query strings ↔ validated simulation inputs, and the one table of keys.
//!
//! One parser serves every front end: the site's URL, the sliders (which
//! write the URL), and `lab run --params`. Parsing never fails and never
//! panics: a value out of range is clamped and a malformed or unknown one is
//! ignored, and each such decision is reported as a [`Notice`]. The site
//! shows the notices; the CLI turns any notice into exit status 2.
//!
//! The tables are the single source of every key: Scenario A's
//! [`LEASE_PARAMS`] (`lease.rs`), Scenario B's [`VOTE_PARAMS`] (`vote.rs`),
//! the sweep figures' [`SWEEP_PARAMS`] (`sweep.rs`) and the site's own route
//! and view keys [`SITE_PARAMS`] (`site.rs`). Each row carries the key's
//! unit, range, default and labels, the figures that read it, and its own
//! getter and setter (`spec.rs`); docs/cli.md's parameter list (`lab
//! params`), the sliders' ranges, validation and the canonical writers all
//! come from them. `codec.rs` reads and writes query text. The states the
//! rows read and write ([`LeaseQuery`], [`SweepSpec`], [`SiteQuery`]) are
//! plain types in `state.rs`, which names nothing else of this layer, so
//! the rows and the states' own modules import it and not each other.
//!
//! Scenario A's parsing order: `preset=` sets the base config, `noise=` then
//! sets the base noise knobs, and every other key overrides in any order
//! (each key is read once; a repeated key keeps its last value). Cross-field
//! rules run last (`pause_max_ms ≥ pause_min_ms`, restart after kill, …).
//!
//! [`to_query`] writes the canonical form: `preset=…` (when one is set)
//! followed by only the keys whose values differ from that preset's config,
//! in table order. `parse_lease_query(&to_query(q))` gives back `q` with no
//! notices for every valid `q`. A page address is read by [`read_site`] and
//! written by [`SiteQuery::search`].
//!
//! Architecture invariant: no text from a query is ever interpreted as
//! markup; notices carry the raw text as data (truncated to
//! [`NOTICE_TEXT_MAX_CHARS`]), and front ends escape it.

mod codec;
mod lease;
pub mod site;
mod spec;
mod state;
mod sweep;
mod vote;

pub use codec::{
    last_values, notice_text, percent_decode, percent_encode, read_choice, read_flag, read_integer, read_millis,
    read_value, split_query, NoticeLog, RawPair, MAX_NOTICES, NOTICE_TEXT_MAX_CHARS,
};
pub use lease::{
    lease_param, lease_query_from_values, lease_query_problems, lease_value_text, parse_lease_query, replaced,
    to_query, with_lease_value, DEFAULT_OUTAGE, DEFAULT_SEED, LEASE_PARAMS, PRESET_KEYS,
};
pub use site::{page_lang, read_site, site_param, Scope, CHECK_KEYS, LANG_KEY, SITE_PARAMS};
pub use spec::{Access, Field, Figures, FromInt, IgnoreReason, Keyed, Notice, ParamKind, ParamSpec, Parsed, Value};
pub use state::{Axis, ColorTheme, LeaseQuery, SiteQuery, SweepKind, SweepMetric, SweepSpec};
pub use sweep::{
    sweep_param, sweep_params, sweep_query, sweep_spec_from_values, MAX_N, MAX_SEEDS, PAUSE_WIDTH_MS, SWEEP_PARAMS,
};
pub use vote::{
    parse_vote_query, vote_config_from_values, vote_config_problems, vote_param, vote_to_query, vote_value_text,
    with_vote_value, DEFAULT_VOTE_CRASH_AFTER, DEFAULT_VOTE_CRASH_AT_MS, DEFAULT_VOTE_RESTART_DELAY_MS, VOTE_PARAMS,
};

use lab_sim::vote::VoteConfig;

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
        // Any other scenario is reported by the lease parser ("allowed lease|vote").
        _ => Query::Lease(lease_query_from_values(&values, &mut log)),
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

/// A key's range or values in a markdown table cell.
fn range_cell(param: &ParamSpec) -> String {
    match param.kind {
        ParamKind::Integer | ParamKind::Millis => format!("{}–{}", param.min, param.max),
        _ => param.allowed().replace('|', " \\| "),
    }
}

fn or_dash(text: &str) -> &str {
    if text.is_empty() {
        "—"
    } else {
        text
    }
}

/// A key's label in some language, for the markdown tables' meaning column
/// (the words layer's `params::param_label`).
pub type ParamLabel<'a> = &'a dyn Fn(&ParamSpec) -> &'static str;

/// A markdown table of parameter specs (docs/cli.md's Scenario A and B
/// tables), each key's meaning followed by `label`'s words for it.
pub fn params_markdown(params: &[ParamSpec], label: ParamLabel) -> String {
    let mut out = String::from("| key | unit | range | default | meaning |\n|---|---|---|---|---|\n");
    for param in params {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} ({}) |\n",
            param.name,
            or_dash(param.unit),
            range_cell(param),
            or_dash(param.default),
            param.description,
            label(param)
        ));
    }
    out
}

/// A markdown table of parameter specs with the figures that read each key
/// (docs/cli.md's tables of the site's and the sweep figures' keys).
pub fn figure_params_markdown(params: &[ParamSpec], label: ParamLabel) -> String {
    let mut out = String::from("| key | figures | unit | range | default | meaning |\n|---|---|---|---|---|---|\n");
    for param in params {
        let figures = if param.figures == Figures::ALL { "all".to_string() } else { param.figures.names().join(", ") };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} ({}) |\n",
            param.name,
            figures,
            or_dash(param.unit),
            range_cell(param),
            or_dash(param.default),
            param.description,
            label(param)
        ));
    }
    out
}

/// Every parameter table with its heading: what `lab params` prints and
/// docs/cli.md shows, each key's meaning followed by `label`'s words for it
/// (the words layer's `params::all_params_markdown`).
pub fn all_params_markdown(label: ParamLabel) -> String {
    format!(
        "### Scenario A: lock lease (`scenario=lease`, the default)\n\n\
         `preset=` sets the base config first; `noise=` then sets the noise knobs; every other key \
         overrides in any order. `scenario=lease` is accepted too.\n\n{}\n\
         ### Scenario B: vote before persist (`scenario=vote`)\n\n\
         Starts from the article's story (V1 killed right after its first send, restarted 2 s later, offered Y).\n\n{}\n\
         ### Sweep figures (`fig=sweep-ttl-pause`, `fig=sweep-contention`)\n\n\
         Each figure reads the keys marked with its name; every cell starts from its variant's preset. \
         A range given the wrong way round is swapped; the cell counts follow from the ranges.\n\n{}\n\
         ### The site's own keys\n\n\
         `ch`, `fig` and `embed` route every page address; the view keys are read by the figures marked \
         (another figure ignores them, with a notice). Every other key of an address goes to the parser of \
         the figure it is for (the tables above).\n\n{}",
        params_markdown(LEASE_PARAMS, label),
        params_markdown(VOTE_PARAMS, label),
        figure_params_markdown(SWEEP_PARAMS, label),
        figure_params_markdown(SITE_PARAMS, label)
    )
}
