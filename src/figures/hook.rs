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

    /// The balance row as the figure's label reads it at `cursor_us`
    /// ("58,000 / 원장 57,000", `timeline::draw`): the balance and the ledger
    /// (what the balance should be after every payment so far), in won, from
    /// the last point of the run's balance series at or before the cursor.
    pub fn balance_at(&self, cursor_us: u64) -> (i64, i64) {
        let trace = &self.figure.traces()[0];
        let start = trace.config.initial_balance_won as i64;
        let points = trace.series.balance.first().map(Vec::as_slice).unwrap_or(&[]);
        points
            .iter()
            .take_while(|p| p.t_us <= cursor_us)
            .last()
            .map_or((start, start), |p| (p.snapshot_won, p.ledger_won))
    }

    /// What the run shows once both have written (`None` before `cursor_us`
    /// reaches the later write): what the two threads read and wrote, and
    /// the balance row as the figure shows it at the cursor ([`Self::balance_at`]).
    pub fn outcome(&self, cursor_us: u64) -> Option<String> {
        let [(k1, v1, t1), (k2, v2, t2)] = self.writes()?;
        if cursor_us < t1.max(t2) {
            return None;
        }
        let (a, b) = (format!("스레드 {k1}"), format!("스레드 {k2}"));
        let wrote = if v1 == v2 {
            let read = match self.reads() {
                Some([r1, r2]) if r1 == r2 => format!("둘 다 {}원을 읽었고, ", group_thousands(r1)),
                _ => String::new(),
            };
            format!("{} {b} {read}모두 {}원을 썼습니다.", with_particle(&a, Particle::GwaWa), group_thousands(v1))
        } else {
            format!(
                "{} {}원, {} {}원을 썼습니다.",
                with_particle(&a, Particle::EunNeun),
                group_thousands(v1),
                with_particle(&b, Particle::EunNeun),
                group_thousands(v2)
            )
        };
        let trace = &self.figure.traces()[0];
        let (amount, start) = (trace.config.amount_won as i64, trace.config.initial_balance_won as i64);
        let (balance, ledger) = self.balance_at(cursor_us);
        let payments = (start - ledger) / amount.max(1);
        let lost = (balance - ledger) / amount.max(1);
        let row = if lost > 0 {
            format!(
                "결제 {payments}건, 원장대로면 {}원인데 잔액은 {}원: 차감 {lost}건이 사라졌습니다.",
                group_thousands(ledger),
                group_thousands(balance)
            )
        } else {
            format!("결제 {payments}건, 잔액은 원장대로 {}원입니다.", group_thousands(balance))
        };
        Some(format!("{wrote} {row}"))
    }

    /// The balances the story's first two threads read, if both read.
    fn reads(&self) -> Option<[i64; 2]> {
        let story = self.figure.story()?;
        let trace = &self.figure.traces()[0];
        let read: Vec<i64> = story
            .actors
            .iter()
            .take(2)
            .filter_map(|a| trace.holds.iter().find(|h| h.id == a.hold)?.read_value_won)
            .collect();
        let [a, b] = read[..] else { return None };
        Some([a, b])
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

    /// The numbers of a Korean sentence ("58,000원", "3건", "스레드 1"), as integers.
    fn numbers(text: &str) -> Vec<i64> {
        let mut out = Vec::new();
        let mut digits = String::new();
        for c in text.chars().chain([' ']) {
            if c.is_ascii_digit() {
                digits.push(c);
            } else if c != ',' || digits.is_empty() {
                if let Ok(n) = digits.parse() {
                    out.push(n);
                }
                digits.clear();
            }
        }
        out
    }

    /// The closing sentence says what the figure draws: at the moment both
    /// threads have written, and at the end of the window (where the hook's
    /// player stops), its balance and ledger are the figure's own label as
    /// drawn from the same run, and every number in it comes from the run.
    #[test]
    fn the_closing_sentence_says_what_the_figure_shows() {
        use crate::export::{render_svg, Format, Request};
        let hook = HookRun::new();
        let [(k1, v1, t1), (k2, v2, t2)] = hook.writes().expect("both threads write");
        let [r1, r2] = hook.reads().expect("both threads read");
        let trace = &hook.figure().traces()[0];
        for cursor in [t1.max(t2), hook.figure().window_us()] {
            let sentence = hook.outcome(cursor).expect("both have written");
            let (balance, ledger) = hook.balance_at(cursor);
            let svg = render_svg(&Request {
                width: 760,
                params: Some(HOOK_QUERY.to_string()),
                window_ms: Some(HOOK_WINDOW_MS),
                time_us: Some(cursor),
                ..Request::new("lease-expiry", Format::Svg)
            })
            .unwrap();
            let label = format!("{} / 원장 {}", group_thousands(balance), group_thousands(ledger));
            assert!(svg.contains(&label), "the figure at {cursor} µs does not draw {label}");
            assert!(sentence.contains(&format!(
                "{}원인데 잔액은 {}원",
                group_thousands(ledger),
                group_thousands(balance)
            )));
            // Payments so far: the committed writes up to the cursor, counted on the trace.
            let committed =
                trace.holds.iter().filter(|h| h.written_at.is_some_and(|w| w.t_us <= cursor)).count() as i64;
            let lost = (balance - ledger) / trace.config.amount_won as i64;
            assert!(lost >= 1, "the hook's run loses a payment");
            assert!(sentence.contains(&format!("결제 {committed}건")), "{sentence}");
            let allowed = [i64::from(k1), i64::from(k2), v1, v2, r1, r2, balance, ledger, committed, lost];
            for n in numbers(&sentence) {
                assert!(allowed.contains(&n), "{n} in \"{sentence}\" is not a number of the run");
            }
        }
        // At the window's end the run has made three payments, not two: the sentence says so.
        let end = hook.outcome(hook.figure().window_us()).unwrap();
        assert!(!end.contains("두 건"), "{end}");
    }
}
