//! The words of what the page and `lab` say about a clamped or ignored value (lab_model::params::spec::Notice), and the work caps.
//!
//! Declared here once; the Korean table is [`crate::ko::notices`], the English
//! one [`crate::en::notices`]. A [`Notice`] is a fact the parser gives; the
//! page says it as one sentence about the address ([`site_notice`]), `lab`
//! as one line about the query with the reason ([`notice_message`]). The
//! work caps' notices ([`cap_notice`]) say what [`CapNotice`] shortened.

use lab_model::analysis::group_thousands;
use lab_model::params::{IgnoreReason, Notice};
use lab_model::work_cap::{CapNotice, FULL_STEP_MS, MAX_EVENTS_FULL, MAX_EVENTS_SUMMARY};

use crate::Words;

crate::words! {
    /// Why a key or value was ignored ([`IgnoreReason`]), as `lab` says it.
    pub struct ReasonWords {
        /// An unknown key of a lease query.
        pub unknown_key: &'static str,
        /// An unknown key of another reader: `{of}` ("scenario=vote", a sweep's figure id).
        pub unknown_key_of: &'static str,
        /// `scenario=` other than a Scenario A query's.
        pub scenario_a: &'static str,
        /// `scenario=` other than a Scenario B query's.
        pub scenario_b: &'static str,
        /// A key without `=value`.
        pub no_value: &'static str,
        /// A key given twice.
        pub repeated: &'static str,
        /// Not a whole number: `{allowed}`.
        pub not_whole_number: &'static str,
        /// Not one of the words: `{allowed}`.
        pub not_one_of: &'static str,
        /// Not a time in ms: `{allowed}`.
        pub not_millis: &'static str,
        /// A view key of other figures: `{scope}`.
        pub other_figures: &'static str,
        /// An outage time while the outage is off.
        pub outage_off: &'static str,
        /// A crash time while the crash is set by an event count.
        pub crash_after_events: &'static str,
        /// A crash event count while the crash is set by a time.
        pub crash_at_ms: &'static str,
        /// A crash point while there is no crash.
        pub no_crash: &'static str,
        /// A restart delay while A never restarts.
        pub never_restarts: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct NoticeWords {
        /// The page: a number outside its range: `{key}`, `{given}`, `{min}`, `{max}`, `{used}`.
        pub clamped: &'static str,
        /// The page: a key without a value that could not be used: `{key}`.
        pub ignored_key: &'static str,
        /// The page: a key and value that could not be used: `{key}`, `{given}`.
        pub ignored: &'static str,
        /// The page: a range given the wrong way round: `{low_key}`, `{low}`, `{high_key}`, `{high}`.
        pub swapped: &'static str,
        /// The page: more notices than it shows: `{count}`.
        pub omitted: &'static str,
        /// `lab`: a number outside its range: `{key}`, `{given}`, `{min}`, `{max}`, `{used}`.
        pub line_clamped: &'static str,
        /// `lab`: a key or value ignored: `{key}`, `{given}`, `{reason}`.
        pub line_ignored: &'static str,
        /// `lab`: a range given the wrong way round: `{low_key}`, `{low}`, `{high_key}`, `{high}`.
        pub line_swapped: &'static str,
        /// `lab`: more notices than it prints: `{count}`.
        pub line_omitted: &'static str,
        /// Why a key or value was ignored.
        pub reasons: ReasonWords,
        /// The work cap shortened a timeline's window: `{shown}` (s, one decimal), `{max}` (events), `{step}` (s).
        pub cap_window: &'static str,
        /// The work cap shortened a summary run: `{run}` (whole s), `{max}` (events).
        pub cap_duration: &'static str,
    }
}

/// A notice as the page says it, one sentence about the address. The given
/// text is data and is rendered escaped.
pub fn site_notice(w: &Words, notice: &Notice) -> String {
    let t = &w.notices;
    match notice {
        Notice::Clamped { key, given, used, min, max } => {
            w.fill(t.clamped, &[("key", key), ("given", given), ("min", min), ("max", max), ("used", used)])
        }
        Notice::Ignored { key, given, .. } if given.is_empty() => w.fill(t.ignored_key, &[("key", key)]),
        Notice::Ignored { key, given, .. } => w.fill(t.ignored, &[("key", key), ("given", given)]),
        Notice::Swapped { low_key, low, high_key, high } => {
            w.fill(t.swapped, &[("low_key", low_key), ("low", low), ("high_key", high_key), ("high", high)])
        }
        Notice::Omitted { count } => w.fill(t.omitted, &[("count", &count.to_string())]),
    }
}

/// Every notice as the page says it.
pub fn site_notices(w: &Words, notices: &[Notice]) -> Vec<String> {
    notices.iter().map(|n| site_notice(w, n)).collect()
}

/// Why a key or value was ignored.
pub fn reason(w: &Words, reason: &IgnoreReason) -> String {
    let t = &w.notices.reasons;
    match reason {
        IgnoreReason::UnknownKey { of: None } => t.unknown_key.to_string(),
        IgnoreReason::UnknownKey { of: Some(of) } => w.fill(t.unknown_key_of, &[("of", of)]),
        IgnoreReason::OtherScenario { vote: false } => t.scenario_a.to_string(),
        IgnoreReason::OtherScenario { vote: true } => t.scenario_b.to_string(),
        IgnoreReason::NoValue => t.no_value.to_string(),
        IgnoreReason::Repeated => t.repeated.to_string(),
        IgnoreReason::NotWholeNumber { allowed } => w.fill(t.not_whole_number, &[("allowed", allowed)]),
        IgnoreReason::NotOneOf { allowed } => w.fill(t.not_one_of, &[("allowed", allowed)]),
        IgnoreReason::NotMillis { allowed } => w.fill(t.not_millis, &[("allowed", allowed)]),
        IgnoreReason::OtherFigures { scope } => w.fill(t.other_figures, &[("scope", scope)]),
        IgnoreReason::OutageOff => t.outage_off.to_string(),
        IgnoreReason::CrashAfterEvents => t.crash_after_events.to_string(),
        IgnoreReason::CrashAtMs => t.crash_at_ms.to_string(),
        IgnoreReason::NoCrash => t.no_crash.to_string(),
        IgnoreReason::NeverRestarts => t.never_restarts.to_string(),
    }
}

/// A notice as `lab` prints it: one line about the query, with the reason
/// (plain text; front ends escape it).
pub fn notice_message(w: &Words, notice: &Notice) -> String {
    let t = &w.notices;
    match notice {
        Notice::Clamped { key, given, used, min, max } => {
            w.fill(t.line_clamped, &[("key", key), ("given", given), ("min", min), ("max", max), ("used", used)])
        }
        Notice::Ignored { key, given, reason: why } => {
            w.fill(t.line_ignored, &[("key", key), ("given", given), ("reason", &reason(w, why))])
        }
        Notice::Swapped { low_key, low, high_key, high } => {
            w.fill(t.line_swapped, &[("low_key", low_key), ("low", low), ("high_key", high_key), ("high", high)])
        }
        Notice::Omitted { count } => w.fill(t.line_omitted, &[("count", &count.to_string())]),
    }
}

/// What the work cap changed in a drawn run, as the page says it.
pub fn cap_notice(w: &Words, notice: CapNotice) -> String {
    let seconds = |ms: u64| format!("{:.1}", ms as f64 / 1000.0);
    match notice {
        CapNotice::Window { shown_ms } => w.fill(
            w.notices.cap_window,
            &[
                ("shown", &seconds(shown_ms)),
                ("max", &group_thousands(MAX_EVENTS_FULL as i64)),
                ("step", &seconds(FULL_STEP_MS)),
            ],
        ),
        CapNotice::Duration { run_ms } => w.fill(
            w.notices.cap_duration,
            &[("run", &(run_ms / 1000).to_string()), ("max", &group_thousands(MAX_EVENTS_SUMMARY as i64))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use lab_model::params::{parse_lease_query, parse_vote_query, read_site, IgnoreReason, Notice, Scope};
    use lab_model::work_cap::CapNotice;

    use super::{cap_notice, notice_message, site_notice};
    use crate::{Lang, Words};

    #[test]
    fn english_notices_read_as_english() {
        let en = Words::of(Lang::En);
        let parsed = parse_lease_query("preset=exp1&ttl_ms=999999&pause_min_ms=600&pause_max_ms=300&bogus=1&wallets");
        let lines: Vec<String> = parsed.notices.iter().map(|n| site_notice(en, n)).collect();
        assert!(
            lines.contains(
                &"The address's ttl_ms=999999 is outside the allowed range (1 to 10000), so 10000 was used."
                    .to_string()
            ),
            "{lines:?}"
        );
        assert!(lines.contains(&"The address's bogus=1 could not be used and was ignored.".to_string()), "{lines:?}");
        assert!(lines.contains(&"The address's wallets could not be used and was ignored.".to_string()), "{lines:?}");
        let swapped = Notice::Swapped {
            low_key: "ttl_lo".into(),
            low: "900".into(),
            high_key: "ttl_hi".into(),
            high: "50".into(),
        };
        assert_eq!(
            site_notice(en, &swapped),
            "The address's ttl_lo=900 is above ttl_hi=50, so the two ends of the range were swapped."
        );
        assert_eq!(site_notice(en, &Notice::Omitted { count: 1 }), "1 more item of the address was ignored too.");
        assert_eq!(site_notice(en, &Notice::Omitted { count: 3 }), "3 more items of the address were ignored too.");
    }

    #[test]
    fn lab_s_lines_are_the_english_table_s() {
        let en = Words::of(Lang::En);
        let queries = [
            "preset=exp1&ttl_ms=999999&pause_min_ms=600&pause_max_ms=300&bogus=1&wallets&threads=abc&threads=2",
            "scenario=vote&variant=V9&crash=none&crash_after=3&restart=off&restart_delay_ms=5&t=1",
            "scenario=lease&preset=exp5_closed&outage=off&outage_kill_ms=5000&noise=loud&real=2",
        ];
        let mut reasons = 0;
        for q in queries {
            let notices = if q.contains("vote") { parse_vote_query(q).notices } else { parse_lease_query(q).notices };
            for n in &notices {
                assert_eq!(notice_message(en, n), n.message(), "{n:?}");
                reasons += usize::from(matches!(n, Notice::Ignored { .. }));
            }
        }
        assert!(reasons >= 6, "{reasons}");
        let site = read_site("fig=lease-expiry&hit=3&x=1&ch=a1", Scope::Vote).notices;
        for n in &site {
            assert_eq!(notice_message(en, n), n.message(), "{n:?}");
        }
        let other =
            Notice::Ignored { key: "k".into(), given: "v".into(), reason: IgnoreReason::OtherScenario { vote: true } };
        assert_eq!(
            notice_message(en, &other),
            "`k=v` was ignored: this is a Scenario B query; allowed lease|vote at the top level"
        );
    }

    #[test]
    fn the_caps_say_what_they_shortened() {
        let en = Words::of(Lang::En);
        assert_eq!(
            cap_notice(en, CapNotice::Window { shown_ms: 1400 }),
            "Work cap: this setting has so many events that the visible window was cut to 1.4 s (past 10,000 events a run goes only to the next 0.2 s boundary)."
        );
        assert_eq!(
            cap_notice(en, CapNotice::Duration { run_ms: 12_000 }),
            "Work cap: this setting has so many events that the run was drawn cut to 12 s (at most 100,000 events per run)."
        );
    }
}
