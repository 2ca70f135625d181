//! A5's opening story, told on the outage chart (figure 5-1) of a run with
//! read-time fencing and fail-closed: the three stretches of the run (the
//! lock server up, down, back empty) and, on wallet 0's token panel, the
//! fence that keeps the last token the DB saw while the counter, which lived
//! in the lock server, starts again at 1. Every number is read from the
//! trace; another seed or kill time tells other numbers.

use super::{Focus, Story, StoryStep};
use lab_model::facts::story::StoryFact;
use lab_sim::lease::LeaseTrace;

/// The chart's panels a step points at (see `plots::ChartFocus`).
const RESPONSES: usize = 0;
const TOKENS: usize = 2;

/// A step focused on `panel` of the chart between `s0` and `s1` seconds.
fn on_chart(panel: usize, s0: f64, s1: f64, fact: StoryFact) -> StoryStep {
    let us = |s: f64| (s.max(0.0) * 1e6) as u64;
    StoryStep {
        at_us: us(s1),
        fact,
        highlight: None,
        // On a chart a focus names the panel and the stretch; no wallet lanes, no threads.
        focus: Some(Focus { panel, wallet: 0, workers: Vec::new(), t0_us: us(s0), t1_us: us(s1) }),
    }
}

/// The outage story of `trace` (a run with an outage; a story that says
/// so for one without, or without a fence to tell). It names no thread, so
/// it needs no words.
pub fn outage_story(trace: &LeaseTrace) -> Story {
    let m = &trace.metrics;
    let (Some(o), Some(tokens)) = (trace.config.outage, trace.series.tokens.first()) else {
        return Story::untold(60_000_000, StoryFact::NoOutage);
    };
    let kill_us = u64::from(o.kill_at_ms) * 1000;
    let restart_us = u64::from(o.restart_at_ms) * 1000;
    // The last point before the kill (at the kill the dead server's counter reads 0).
    let at_kill = tokens.iter().rev().find(|p| p.t_us < kill_us).cloned().unwrap_or_default();
    if at_kill.fence == 0 {
        return Story::untold(60_000_000, StoryFact::NoFenceStamped);
    }
    let end_s = trace.series.per_second.len() as f64;
    let (kill_s, restart_s) = (kill_us as f64 / 1e6, restart_us as f64 / 1e6);
    // Wallet 0 after the restart: the tokens the counter gave out up to the
    // fence it remembers (the read-time fence refuses every one of them).
    let refused = tokens.iter().filter(|p| p.t_us >= restart_us && p.counter <= at_kill.fence).map(|p| p.counter).max();
    let passed_us = tokens.iter().find(|p| p.t_us >= restart_us && p.counter > at_kill.fence).map(|p| p.t_us);
    let passed_s = passed_us.map_or(end_s, |t| t as f64 / 1e6);
    let steps = vec![
        on_chart(TOKENS, 0.0, kill_s, StoryFact::CounterClimbs { kill_us }),
        on_chart(
            TOKENS,
            (kill_s - 2.0).max(0.0),
            kill_s + 2.0,
            StoryFact::ServerDies { kill_us, counter: at_kill.counter, fence: at_kill.fence },
        ),
        on_chart(
            RESPONSES,
            (kill_s - 2.0).max(0.0),
            (restart_s + 2.0).min(end_s),
            StoryFact::AllRefused { outage_us: restart_us - kill_us, count: m.n503_during_outage.unwrap_or(0) },
        ),
        on_chart(
            TOKENS,
            restart_s - 0.5,
            (passed_s + 0.5).min(end_s),
            StoryFact::ServerBack { restart_us, fence: at_kill.fence },
        ),
        on_chart(
            RESPONSES,
            restart_s - 0.5,
            (passed_s + 3.0).min(end_s),
            StoryFact::ReadsRefused { up_to: refused.unwrap_or(0), passed_us },
        ),
        StoryStep::whole(u64::MAX, StoryFact::OutageWhole { rejects: m.post_restart_read_rejects.unwrap_or(0) }),
    ];
    Story { actors: Vec::new(), steps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::params::parse_lease_query;
    use lab_sim::lease::{run, TraceLevel};
    use lab_sim::lease::{FencePhase, Outcome};

    fn story_of(query: &str) -> Story {
        let q = parse_lease_query(query).value;
        outage_story(&run(&q.config, q.seed, q.run_index, TraceLevel::Holds))
    }

    #[test]
    fn the_fence_remembers_what_the_counter_forgot() {
        let story = story_of("preset=exp5_c2_closed");
        assert!(story.found());
        let said: Vec<&StoryFact> = story.steps.iter().map(|s| &s.fact).collect();
        assert!(
            matches!(
                said[..],
                [
                    StoryFact::CounterClimbs { .. },
                    StoryFact::ServerDies { .. },
                    StoryFact::AllRefused { .. },
                    StoryFact::ServerBack { .. },
                    StoryFact::ReadsRefused { .. },
                    StoryFact::OutageWhole { .. },
                ]
            ),
            "{said:#?}"
        );
        // The focused steps move forward through the run, each on its panel.
        let spans: Vec<(u64, u64)> =
            story.steps.iter().filter_map(|s| s.focus.as_ref()).map(|f| (f.t0_us, f.t1_us)).collect();
        assert!(spans.windows(2).all(|w| w[0].0 <= w[1].0), "{spans:?}");
        assert!(story.steps.last().unwrap().focus.is_none());
    }

    #[test]
    fn the_numbers_are_the_runs() {
        let q = parse_lease_query("preset=exp5_c2_closed").value;
        let trace = run(&q.config, q.seed, q.run_index, TraceLevel::Holds);
        let story = outage_story(&trace);
        let tokens = &trace.series.tokens[0];
        let kill_us = u64::from(trace.config.outage.unwrap().kill_at_ms) * 1000;
        let at_kill = tokens.iter().rev().find(|p| p.t_us < kill_us).unwrap();
        let said = &story.steps[1].fact;
        assert!(
            matches!(said, StoryFact::ServerDies { counter, fence, .. }
                if *counter == at_kill.counter && *fence == at_kill.fence),
            "{said:?}"
        );
        assert!(
            at_kill.counter >= at_kill.fence && at_kill.fence > 0,
            "the counter is never behind the fence it stamped"
        );
        // Tokens 1 to the fence at the kill are refused: exactly wallet 0's refused reads after the restart.
        let said = &story.steps[4].fact;
        assert!(matches!(said, StoryFact::ReadsRefused { up_to, .. } if *up_to == at_kill.fence), "{said:?}");
        let restart_us = u64::from(trace.config.outage.unwrap().restart_at_ms) * 1000;
        let refused = trace
            .holds
            .iter()
            .filter(|h| h.wallet == 0 && h.acquired_at.t_us >= restart_us)
            .filter(|h| h.outcome == Outcome::FenceRejected(FencePhase::Read))
            .count();
        assert_eq!(refused as u64, at_kill.fence);
        assert_eq!(trace.metrics.post_restart_read_rejects, trace.metrics.fence_value_at_kill);
    }

    #[test]
    fn a_run_without_a_fence_or_an_outage_says_so() {
        assert!(!story_of("preset=exp5_open").found());
        assert!(!story_of("preset=exp1").found());
    }
}
