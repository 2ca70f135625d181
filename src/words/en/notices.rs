//! The English words of what the page and `lab` say about a clamped or ignored value (lab_model::params::spec::Notice), and the work caps.
//!
//! The `line_*` templates and the reasons are `lab`'s lines, word for word.

use crate::notices::{NoticeWords, ReasonWords};

/// The English table.
pub const NOTICES: NoticeWords = NoticeWords {
    clamped: "The address's {key}={given} is outside the allowed range ({min} to {max}), so {used} was used.",
    ignored_key: "The address's {key} could not be used and was ignored.",
    ignored: "The address's {key}={given} could not be used and was ignored.",
    swapped: "The address's {low_key}={low} is above {high_key}={high}, so the two ends of the range were swapped.",
    omitted: "{count} more {count?item/items} of the address {count?was/were} ignored too.",
    line_clamped: "`{key}={given}` is out of range: allowed {min}..={max}; {used} would be used",
    line_ignored: "`{key}={given}` was ignored: {reason}",
    line_swapped: "`{low_key}={low}` is above `{high_key}={high}`: the two ends were swapped",
    line_omitted: "`…=` was ignored: {count} more notices were left out",
    reasons: ReasonWords {
        unknown_key: "unknown key (`lab params` lists the keys)",
        unknown_key_of: "unknown key for {of} (`lab params` lists the keys)",
        scenario_a: "this is a Scenario A query; allowed lease|vote at the top level",
        scenario_b: "this is a Scenario B query; allowed lease|vote at the top level",
        no_value: "no value (expected key=value)",
        repeated: "repeated key; the last value is used",
        not_whole_number: "not a whole number; allowed {allowed}",
        not_one_of: "not one of {allowed}",
        not_millis: "not a time in ms; allowed {allowed}",
        other_figures: "not a key of the {scope} figures",
        outage_off: "the outage is off (outage=off)",
        crash_after_events: "the crash is set by crash_after (crash=after_events)",
        crash_at_ms: "the crash is set by crash_at_ms (crash=at_ms)",
        no_crash: "there is no crash (crash=none)",
        never_restarts: "A never restarts (restart=off)",
    },
    cap_window: "Work cap: this setting has so many events that the visible window was cut to {shown} s (past {max} events a run goes only to the next {step} s boundary).",
    cap_duration: "Work cap: this setting has so many events that the run was drawn cut to {run} s (at most {max} events per run).",
};
