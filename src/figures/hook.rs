//! The front page's hook as a run: two threads, one lock, one wallet (Article
//! A's first experiment with `threads=2&wallets=1`), drawn by A1's timeline,
//! and what the hook says about it, read from its trace: the question it
//! opens with, the instant it stops to ask (the first lease that runs out
//! while its owner has not written yet), what it asks there, and what the
//! two threads wrote. The live hook (`web/hook.rs`) plays it; the static
//! front page (`content::prerender`) shows it stopped at that instant.

use super::plan::{LeaseFigure, LeasePlan};
use lab_model::analysis::group_thousands;
use lab_model::korean::{with_particle, Particle};
use lab_model::params::parse_lease_query;
use lab_sim::lease::LeaseEnd;

/// The hook's run: Article A's first experiment on one wallet with two threads.
pub const HOOK_QUERY: &str = "preset=exp1&threads=2&wallets=1";
/// Its window, in ms: the first lock, its expiry, the second owner, both writes.
pub const HOOK_WINDOW_MS: u32 = 1_000;
/// The static front page's image of the hook for a phone
/// (`static/figures/hook-narrow.png`): laid out at this width in CSS px and
/// drawn at [`NARROW_SCALE`] pixels per CSS px, legible on a phone. It is
/// that page's largest paint, so it is kept small (at 2× it weighed 134 KB
/// and held that paint back on a slow network).
pub const NARROW_WIDTH: u32 = 360;
pub const NARROW_SCALE: f64 = 1.5;
/// The hook's question, above the timeline: it names the situation, not what happens.
pub const QUESTION: &str = "락 하나가 지갑 하나를 지킵니다. 락을 쥔 스레드가 잠깐 멈추면 무슨 일이 생길까요?";
/// The timeline's text alternative.
pub const CANVAS_LABEL: &str =
    "지갑 하나, 스레드 두 개의 lease 타임라인: 첫 스레드가 멈춘 사이 lease가 만료되고 둘째 스레드가 락을 가져갑니다.";
/// What the hook says before the reader has played it to an answer.
pub const INVITATION: &str = "재생하거나 시간 막대를 움직여 두 스레드가 무엇을 쓰는지 보세요.";

/// The hook's run and what it says.
pub struct HookRun {
    figure: LeaseFigure,
}

impl Default for HookRun {
    fn default() -> Self {
        HookRun::new()
    }
}

impl HookRun {
    /// Runs the hook's experiment (deterministic: the preset's seed).
    pub fn new() -> HookRun {
        let spec = super::figure_spec("lease-expiry").expect("A1 is a figure");
        let plan = LeasePlan::new(spec, parse_lease_query(HOOK_QUERY).value, Some(HOOK_WINDOW_MS), true);
        HookRun { figure: plan.run() }
    }

    pub fn figure(&self) -> &LeaseFigure {
        &self.figure
    }

    /// The instant the hook stops to ask: the first lease that runs out (on
    /// the lock server's clock) while its owner has not written yet.
    pub fn question_at_us(&self) -> Option<u64> {
        let [(_, _, t1), _] = self.writes()?;
        let trace = &self.figure.traces()[0];
        trace
            .leases
            .iter()
            .find(|l| l.end_cause == LeaseEnd::Expired)
            .map(|l| l.ended_at.t_us)
            .filter(|&t| t < t1 && t < self.figure.window_us())
    }

    /// What the hook asks at its stop: the first owner still stopped, its lease gone.
    pub fn asking(&self) -> Option<String> {
        let [(k1, ..), (k2, ..)] = self.writes()?;
        Some(format!(
            "{} 아직 멈춰 있는데 lease가 끝났습니다(✕). 기다리던 {} 어떻게 할까요? 둘은 잔액에 각각 얼마를 쓸까요?",
            with_particle(&format!("스레드 {k1}"), Particle::EunNeun),
            with_particle(&format!("스레드 {k2}"), Particle::EunNeun),
        ))
    }

    /// The story's first two threads: (worker, value written, when), if both wrote.
    fn writes(&self) -> Option<[(u32, i64, u64); 2]> {
        let story = self.figure.story()?;
        let trace = &self.figure.traces()[0];
        let wrote: Vec<(u32, i64, u64)> = story
            .actors
            .iter()
            .take(2)
            .filter_map(|a| {
                let h = trace.holds.iter().find(|h| h.id == a.hold)?;
                Some((a.worker, h.written_value_won?, h.written_at?.t_us))
            })
            .collect();
        let [a, b] = wrote[..] else { return None };
        Some([a, b])
    }

    /// What the run shows once both have written (`None` before `cursor_us`
    /// reaches the later write): the two threads and the value each wrote.
    pub fn outcome(&self, cursor_us: u64) -> Option<String> {
        let [(k1, v1, t1), (k2, v2, t2)] = self.writes()?;
        if cursor_us < t1.max(t2) {
            return None;
        }
        let (a, b) = (format!("스레드 {k1}"), format!("스레드 {k2}"));
        Some(if v1 == v2 {
            format!(
                "{} {b} 모두 {}원을 썼습니다. 결제는 두 건, 잔액은 한 번만 줄었습니다.",
                with_particle(&a, Particle::GwaWa),
                group_thousands(v1)
            )
        } else {
            format!(
                "{} {}원, {} {}원을 썼습니다.",
                with_particle(&a, Particle::EunNeun),
                group_thousands(v1),
                with_particle(&b, Particle::EunNeun),
                group_thousands(v2)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hook_asks_before_it_answers() {
        let hook = HookRun::new();
        let ask = hook.question_at_us().expect("the first lease runs out before its owner writes");
        assert!(hook.outcome(ask).is_none(), "no answer at the question");
        assert!(hook.asking().is_some_and(|q| q.contains("lease가 끝났습니다")));
        let end = hook.figure().window_us();
        assert!(hook.outcome(end).is_some_and(|o| o.contains("원을 썼습니다")));
    }
}
