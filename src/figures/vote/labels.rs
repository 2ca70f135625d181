//! Article B's words as the figures name them. The names, the one-line
//! descriptions of trace events the player shows, the text alternative of a
//! story and the work cap's notice come from the words layer
//! (`lab_words::vote`, each taking the `&Words` of the language drawn; the
//! few the figures' callers name are re-exported here), the variant, fault,
//! step and round names from the catalogue's (`lab_words::catalogue`). Only
//! `lab`'s English note on the work cap ([`cap_note`]) is written here.

use lab_sim::vote::VoteTrace;
use lab_words::vote::earliest_capped;
pub use lab_words::vote::{cap_notice, describe_event, describe_story, fmt_time, layer_code};

/// `lab run`'s and `lab figure`'s note (English, after `lab: note: `) when
/// the work cap stopped any of the runs; `None` when every run is whole.
pub fn cap_note<'a>(traces: impl IntoIterator<Item = &'a VoteTrace>) -> Option<String> {
    let (trace, cap) = earliest_capped(traces)?;
    let mut s = format!(
        "the work cap ({} events per run) stopped the run at {:.3} ms of its {} ms horizon",
        cap.max_events,
        cap.at_us as f64 / 1_000.0,
        cap.horizon_us / 1_000
    );
    if trace.config.timing.costs_nothing() {
        s.push_str(
            "; every cost of a height is 0 (sign, WAL write, commit, drain, fsync, send, commit wait), \
             so a height takes microseconds: each value is in range, but no real device behaves so",
        );
    }
    Some(s)
}
