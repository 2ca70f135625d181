//! `--params` and `--url` as the page reads its address: a bare query
//! (`preset=exp1&ttl_ms=600`), a search (`?ch=…&fig=…&…`), a path
//! (`/a1-lease-expiry.html?…`) or a whole address, through the one reader
//! (`lab_model::permalink::read_address`, which calls `params::read_site`).
//! What the page would clamp or ignore, and a route key it has no page or
//! figure for, is a usage error here that names the key, its allowed
//! values and, for a near miss, the closest key.

use super::{CliError, Result};
use lab_model::params::{Notice, ParamSpec, Scope, LEASE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS};
use lab_model::permalink::{self, Shown};

/// Reads the address `text` given to `flag` for figure `asked` (when
/// `lab figure` names one): the figure it shows and its state.
pub(super) fn read_address(flag: &str, text: &str, asked: Option<&str>) -> Result<Shown> {
    let chapters: Vec<&str> = crate::content::shell::chapters().iter().map(|c| c.id).collect();
    let shown = permalink::read_address(text, &chapters, asked).map_err(|e| CliError::usage(format!("{flag}: {e}")))?;
    if !shown.notices.is_empty() {
        let keys = match shown.scope {
            Scope::Lease => LEASE_PARAMS,
            Scope::Vote => VOTE_PARAMS,
            Scope::Sweep(_) => SWEEP_PARAMS,
        };
        let lines: Vec<String> = shown.notices.iter().map(|n| format!("  {}", notice_line(n, keys))).collect();
        return Err(CliError::usage(format!("bad {flag}:\n{}", lines.join("\n"))));
    }
    if shown.site.recorded == Some(true) {
        return Err(CliError::usage(format!(
            "{flag}: `real=1` asks for A1's recorded real run, which only the page draws; `lab` runs and draws \
             the simulation: drop real=1 (the recorded runs are `lab real`'s, content/real/pay/)"
        )));
    }
    Ok(shown)
}

fn notice_line(notice: &Notice, keys: &[ParamSpec]) -> String {
    let mut line = notice.message();
    if let Notice::Ignored { key, reason, .. } = notice {
        if matches!(reason, lab_model::params::IgnoreReason::UnknownKey { .. }) {
            if let Some(known) = closest_key(key, keys) {
                line.push_str(&format!("; did you mean `{known}`?"));
            }
        }
    }
    line
}

/// The key of the query's own scenario nearest to `key`: a key it starts
/// (`ttl` → `ttl_ms`), else the nearest by edit distance if that is close
/// (≤ 3 edits). Never `key` itself: a key that exists in the other scenario
/// only is not a typo.
fn closest_key(key: &str, keys: &[ParamSpec]) -> Option<&'static str> {
    keys.iter()
        .filter(|p| p.name != key)
        .map(|p| {
            let is_prefix = key.len() >= 3 && p.name.starts_with(key);
            (!is_prefix, edit_distance(key, p.name), p.name)
        })
        .filter(|(not_prefix, distance, _)| !not_prefix || *distance <= 3)
        .min()
        .map(|(_, _, name)| name)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().take(64).enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}
