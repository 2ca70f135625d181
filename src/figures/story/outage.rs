//! A5's opening story, told on the outage chart (figure 5-1) of a run with
//! read-time fencing and fail-closed: the three stretches of the run (the
//! lock server up, down, back empty) and, on wallet 0's token panel, the
//! fence that keeps the last token the DB saw while the counter, which lived
//! in the lock server, starts again at 1. Every number is read from the
//! trace; another seed or kill time tells other numbers.

use super::{Focus, Story, StoryStep};
use lab_model::analysis::group_thousands;
use lab_model::korean::{with_particle, Particle};
use lab_sim::lease::LeaseTrace;

/// The chart's panels a step points at (see `plots::ChartFocus`).
const RESPONSES: usize = 0;
const TOKENS: usize = 2;

/// A step focused on `panel` of the chart between `s0` and `s1` seconds.
fn on_chart(panel: usize, s0: f64, s1: f64, sentence: String) -> StoryStep {
    let us = |s: f64| (s.max(0.0) * 1e6) as u64;
    StoryStep {
        at_us: us(s1),
        sentence,
        highlight: None,
        // On a chart a focus names the panel and the stretch; no wallet lanes, no threads.
        focus: Some(Focus { panel, wallet: 0, workers: Vec::new(), t0_us: us(s0), t1_us: us(s1) }),
    }
}

fn seconds(us: u64) -> String {
    let s = format!("{:.1}", us as f64 / 1e6);
    format!("{}초", s.trim_end_matches(".0"))
}

/// The outage story of `trace` (a run with an outage; a story that says
/// so for one without, or without a fence to tell).
pub fn outage_story(trace: &LeaseTrace) -> Story {
    let m = &trace.metrics;
    let (Some(o), Some(tokens)) = (trace.config.outage, trace.series.tokens.first()) else {
        return Story::untold(60_000_000, "이 실행에는 락 서버 단절이 없습니다.".to_string());
    };
    let kill_us = u64::from(o.kill_at_ms) * 1000;
    let restart_us = u64::from(o.restart_at_ms) * 1000;
    // The last point before the kill (at the kill the dead server's counter reads 0).
    let at_kill = tokens.iter().rev().find(|p| p.t_us < kill_us).cloned().unwrap_or_default();
    if at_kill.fence == 0 {
        return Story::untold(
            60_000_000,
            "이 실행은 DB에 fence를 새기지 않아, 단절 뒤 카운터와 fence가 어긋나는 이야기가 없습니다.".to_string(),
        );
    }
    let end_s = trace.series.per_second.len() as f64;
    let (kill_s, restart_s) = (kill_us as f64 / 1e6, restart_us as f64 / 1e6);
    // Wallet 0 after the restart: the tokens the counter gave out up to the
    // fence it remembers (the read-time fence refuses every one of them).
    let refused = tokens.iter().filter(|p| p.t_us >= restart_us && p.counter <= at_kill.fence).map(|p| p.counter).max();
    let passed_us = tokens.iter().find(|p| p.t_us >= restart_us && p.counter > at_kill.fence).map(|p| p.t_us);
    let after = match passed_us {
        Some(t) => format!("카운터가 fence를 넘어선 {}에야 읽기가 다시 통과합니다.", seconds(t)),
        None => "실행이 끝날 때까지 카운터는 fence를 넘어서지 못합니다.".to_string(),
    };
    let passed_s = passed_us.map_or(end_s, |t| t as f64 / 1e6);
    let steps = vec![
        on_chart(
            TOKENS,
            0.0,
            kill_s,
            format!(
                "이 실행은 읽기 시점 fencing(c-2)에 fail-closed를 붙였습니다. 처음 {}, 락 서버가 살아 있는 동안 지갑 0의 락을 잡을 때마다 토큰 카운터가 하나씩 커지고, DB의 fence 값이 그 토큰을 따라 올라갑니다.",
                seconds(kill_us)
            ),
        ),
        on_chart(
            TOKENS,
            (kill_s - 2.0).max(0.0),
            kill_s + 2.0,
            format!(
                "{}에 락 서버가 죽습니다. 이 순간 지갑 0의 토큰 카운터는 {}, DB의 fence 값은 {}입니다.",
                seconds(kill_us),
                at_kill.counter,
                at_kill.fence
            ),
        ),
        on_chart(
            RESPONSES,
            (kill_s - 2.0).max(0.0),
            (restart_s + 2.0).min(end_s),
            format!(
                "단절된 {} 동안에는 락을 잡을 수 없으니, 들어온 결제는 모두 503으로 돌아갑니다. 네 지갑을 합쳐 {}건입니다.",
                seconds(restart_us - kill_us),
                group_thousands(m.n503_during_outage.unwrap_or(0) as i64)
            ),
        ),
        on_chart(
            TOKENS,
            restart_s - 0.5,
            (passed_s + 0.5).min(end_s),
            format!(
                "{}에 락 서버가 빈 채로 돌아옵니다. 토큰 카운터는 1부터 다시 세지만, DB의 fence 값은 {} 그대로 기억합니다.",
                seconds(restart_us),
                with_particle(&at_kill.fence.to_string(), Particle::EulReul)
            ),
        ),
        on_chart(
            RESPONSES,
            restart_s - 0.5,
            (passed_s + 3.0).min(end_s),
            format!(
                "그래서 재기동 뒤 지갑 0의 토큰 1부터 {}까지는 읽는 순간 모두 거부됩니다. {after}",
                refused.unwrap_or(0)
            ),
        ),
        StoryStep::whole(
            u64::MAX,
            format!(
                "이제 60초 전체입니다. 네 지갑의 재기동 뒤 읽기 거부는 {}건으로, 단절 시점 fence 값의 합과 같습니다. 아래 그림 5-1은 같은 단절을 fail-open으로 돌린 실행에서 시작합니다. 정책을 바꿔 가며 세 구간을 비교해 보세요.",
                group_thousands(m.post_restart_read_rejects.unwrap_or(0) as i64)
            ),
        ),
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
        let said: Vec<&str> = story.steps.iter().map(|s| s.sentence.as_str()).collect();
        assert_eq!(said.len(), 6, "{said:#?}");
        assert!(said[1].contains("락 서버가 죽습니다") && said[1].contains("fence 값은"), "{}", said[1]);
        assert!(said[2].contains("503"), "{}", said[2]);
        assert!(said[3].contains("1부터 다시 세지만"), "{}", said[3]);
        assert!(said[4].contains("읽는 순간 모두 거부됩니다"), "{}", said[4]);
        assert!(said[5].contains("단절 시점 fence 값의 합과 같습니다"), "{}", said[5]);
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
        let said = &story.steps[1].sentence;
        assert!(
            said.contains(&format!("토큰 카운터는 {}, DB의 fence 값은 {}입니다", at_kill.counter, at_kill.fence)),
            "{said}"
        );
        assert!(
            at_kill.counter >= at_kill.fence && at_kill.fence > 0,
            "the counter is never behind the fence it stamped"
        );
        // Tokens 1 to the fence at the kill are refused: exactly wallet 0's refused reads after the restart.
        let said = &story.steps[4].sentence;
        assert!(said.contains(&format!("토큰 1부터 {}까지", at_kill.fence)), "{said}");
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
