//! A4's story: the lockless path's row lock against the distributed lock it
//! replaces, found in a (d) trace. Two threads open their sections on one
//! wallet, pause as long as experiment 1's threads do, and overlap; then
//! both UPDATEs reach the row within a millisecond, the later one queues
//! for the row lock (a hatched box) and is granted once the first commits.
//! The sections overlapped for hundreds of milliseconds; the wait was
//! hundreds of microseconds, because the row lock spans one statement and
//! its commit, where a distributed lock must span the whole pause.

use super::{focus_on, lit, p, won, Actor, Highlight, Story, StoryStep, NAMES};
use lab_model::analysis::{group_thousands, row_lock_waits, RowWait};
use lab_model::korean::Particle;
use lab_sim::lease::{Hold, LeaseTrace};

/// The first row-lock wait within the window on one of `wallets` (any
/// wallet when none has one), with the hold it waited for: the last hold
/// on the wallet written by the worker that released the lock.
fn first_wait<'a>(
    trace: &'a LeaseTrace,
    waits: &'a [RowWait],
    window_us: u64,
    wallets: &[u32],
) -> Option<(&'a RowWait, &'a Hold, &'a Hold)> {
    let in_window = |w: &&RowWait| w.granted.is_some_and(|g| g.t_us <= window_us);
    let shown = |w: &&RowWait| wallets.is_empty() || wallets.contains(&w.wallet);
    let wait = waits.iter().filter(in_window).find(shown).or_else(|| waits.iter().find(in_window))?;
    let waiter = trace.holds.iter().find(|h| h.id == wait.hold)?;
    let granted = wait.granted?;
    let released_by = trace.events.iter().find_map(|e| match e.kind {
        lab_sim::lease::EventKind::RowLockGranted { hold, released_by, .. } if hold == wait.hold && e.at == granted => {
            Some(released_by)
        }
        _ => None,
    })?;
    // The holder: the hold of that worker on the wallet whose section was open when the wait began.
    let holder = trace.holds.iter().find(|h| {
        h.wallet == wait.wallet
            && h.worker == released_by
            && h.acquired_at <= wait.began
            && h.written_at.is_some_and(|w| w >= wait.began)
    })?;
    Some((wait, holder, waiter))
}

fn ms(us: u64) -> String {
    format!("{}ms", group_thousands((us as f64 / 1000.0).round() as i64))
}

/// The story of a (d) trace within its first `window_us` µs, told on one of
/// `wallets` when it can be.
pub fn rowlock_story(trace: &LeaseTrace, window_us: u64, wallets: &[u32]) -> Story {
    let c = &trace.config;
    let waits = row_lock_waits(trace);
    let Some((wait, first, second)) = first_wait(trace, &waits, window_us, wallets) else {
        let sentence = format!(
            "이 실행의 처음 {:.1}초에는 두 UPDATE가 같은 행 잠금을 두고 만난 순간이 없습니다. 구간은 겹쳐도, 잔액을 검사하고 빼는 한 문장은 서로 비켜 갔습니다. 시드나 스레드 수를 바꿔 보세요.",
            window_us as f64 / 1e6
        );
        return Story::untold(window_us, sentence);
    };
    let wallet = wait.wallet;
    let (g, n) = (NAMES[0], NAMES[1]);
    let actors: Vec<Actor> = [(first, g), (second, n)]
        .into_iter()
        .map(|(h, name)| Actor { name, wallet, worker: h.worker, hold: h.id, token: None })
        .collect();
    let end_of = |h: &Hold| h.written_at.unwrap_or(h.released_at).t_us;
    let end_us = end_of(first).max(end_of(second));
    // A lockless hold is released at its commit: its section ends where it was written.
    let focus = focus_on(0, &[first, second]);
    let named = [(first, g.to_string()), (second, n.to_string())];
    let highlight = |n: usize| lit(&named[..n]);
    let section = |h: &Hold| end_of(h).saturating_sub(h.acquired_at.t_us);
    let overlap_us =
        end_of(first).min(end_of(second)).saturating_sub(first.acquired_at.t_us.max(second.acquired_at.t_us));
    let waited = wait.waited_us(end_us);
    let (earlier, later) =
        if first.acquired_at <= second.acquired_at { ((first, g), (second, n)) } else { ((second, n), (first, g)) };

    // (time, threads lit, sentence, the hold whose write it names)
    let mut moments: Vec<(u64, usize, String, Option<u32>)> = vec![(
        earlier.0.acquired_at.t_us,
        1,
        format!(
            "지갑 {wallet} 하나만 봅니다. {} {g}, {} {n}이라고 부르겠습니다. {} 락 없이 결제를 시작하고, 실험 1과 같은 멈춤에 들어갑니다.",
            p(&format!("스레드 {}", first.worker), Particle::EulReul),
            p(&format!("스레드 {}", second.worker), Particle::EulReul),
            p(earlier.1, Particle::IGa),
        ),
        None,
    )];
    moments.push((
        later.0.acquired_at.t_us,
        2,
        format!(
            "{}도 같은 지갑의 결제를 시작합니다. 두 구간이 겹칩니다. 실험 1이었다면 한쪽이 락을 기다리거나, lease가 끝나 두 스레드가 같은 잔액을 읽었을 자리입니다.",
            later.1
        ),
        None,
    ));
    moments.push((
        wait.began.t_us,
        2,
        format!(
            "{} 깨어나 잔액이 1,000원 이상일 때만 1,000원을 빼는 UPDATE 한 문장을 보냅니다. 이 문장이 행 잠금을 잡습니다. 거의 같은 순간 깨어난 {}의 UPDATE는 그 행 잠금 앞에 줄을 섭니다(빗금 상자).",
            p(g, Particle::IGa),
            n
        ),
        None,
    ));
    let after = |h: &Hold| h.written_value_won.map(|v| format!(" 잔액은 {}이 됩니다.", won(v))).unwrap_or_default();
    let committed = format!("{} 커밋하면서 행 잠금이 풀립니다.{}", p(g, Particle::IGa), after(first));
    moments.push((end_of(first), 2, committed, Some(first.id)));
    moments.push((
        end_of(second),
        2,
        format!(
            "{} {}µs 기다린 뒤 행 잠금을 얻어, {g}이 커밋한 뒤의 잔액에서 1,000원을 빼고 승인됩니다.{} 두 구간은 {} 겹쳤지만 서로를 기다린 시간은 이것뿐입니다. 분산 락이었다면 {g}의 구간 전체({})를 쥐고 있어야 했습니다.",
            p(n, Particle::EunNeun),
            group_thousands(waited as i64),
            after(second),
            ms(overlap_us),
            ms(section(first)),
        ),
        Some(second.id),
    ));
    lab_sim::core::sort_by_key(&mut moments, |m| m.0);
    let mut lit = 1;
    let mut steps: Vec<StoryStep> = moments
        .into_iter()
        .map(|(at_us, entered, sentence, write)| {
            lit = lit.max(entered);
            let highlight = write.into_iter().fold(highlight(lit), Highlight::with_write);
            StoryStep { at_us, sentence, highlight: Some(highlight), focus: Some(focus.clone()) }
        })
        .collect();
    let in_window: Vec<&RowWait> = waits.iter().filter(|w| w.began.t_us <= window_us).collect();
    let longest = in_window.iter().map(|w| w.waited_us(window_us)).max().unwrap_or(0);
    steps.push(StoryStep::whole(
        window_us,
        format!(
            "이제 전체 실험입니다. 지갑 {}개에서 스레드 {}개가 락 없이 같은 일을 되풀이합니다. 처음 {:.1}초 동안 UPDATE가 행 잠금을 기다린 것은 {}번, 가장 길게 기다린 것이 {}µs입니다. 이렇게 겹치는 구간 속에서 잔액이 맞는지는 아래 그림과 질문에서 확인해 보세요.",
            c.wallets,
            c.threads,
            window_us as f64 / 1e6,
            group_thousands(in_window.len() as i64),
            group_thousands(longest as i64),
        ),
    ));
    Story { actors, steps }
}

#[cfg(test)]
mod tests {
    use crate::figure_spec;
    use crate::plan::LeasePlan;
    use lab_sim::lease::Outcome;

    #[test]
    fn a4_tells_two_overlapping_sections_meeting_at_the_row_lock() {
        let spec = figure_spec("conditional-update").unwrap();
        let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
        let story = figure.story().unwrap();
        assert!(story.found(), "{:?}", story.steps);
        let trace = &figure.traces()[0];
        let hold = |id: u32| trace.holds.iter().find(|h| h.id == id).unwrap();
        let (g, n) = (hold(story.actors[0].hold), hold(story.actors[1].hold));
        // Told on the figure's own wallet, both lockless and approved, their sections overlapping.
        assert!(spec.wallets.contains(&g.wallet) && g.wallet == n.wallet);
        assert!(g.lockless && n.lockless);
        // A lockless hold ends at its commit (the story's focus takes its release as its end).
        assert_eq!((Some(g.released_at), Some(n.released_at)), (g.written_at, n.written_at));
        assert_eq!((g.outcome, n.outcome), (Outcome::Approved, Outcome::Approved));
        assert!(g.acquired_at < n.written_at.unwrap() && n.acquired_at < g.written_at.unwrap());
        // ㄴ's UPDATE queued behind ㄱ's and took 1,000원 off the balance ㄱ left.
        let wait = lab_model::analysis::row_lock_waits(trace).into_iter().find(|w| w.hold == n.id).unwrap();
        assert!(wait.waited_us(u64::MAX) < 5_000, "a row-lock wait of {} µs", wait.waited_us(u64::MAX));
        assert_eq!(n.written_value_won.unwrap(), g.written_value_won.unwrap() - 1000);
        let all: Vec<&str> = story.steps.iter().map(|s| s.sentence.as_str()).collect();
        let text = all.join(" ");
        assert!(text.contains("행 잠금") && text.contains("µs"), "{text}");
        assert!(story.steps.last().unwrap().sentence.starts_with("이제 전체 실험입니다"));
        // Steps in time order, each lighting the named threads.
        assert!(story.steps.windows(2).all(|w| w[0].at_us <= w[1].at_us));
        println!("{}", all.iter().enumerate().map(|(i, s)| format!("{}. {s}", i + 1)).collect::<Vec<_>>().join("\n"));
    }
}
