//! A lease timeline's story, found in its trace (story mode, in the manner
//! of "The Secret Lives of Data").
//!
//! [`lease_story`] reads a trace and finds the chapter's moments on it: the
//! first time a second thread takes a wallet's lock while another still
//! believes it holds it, the lease that ended under the first, the values
//! the two read and wrote, and a third owner if one joined. Each moment
//! becomes a step: one Korean sentence, the marks it speaks of
//! ([`Highlight`]), and the small view it is told in ([`Focus`]: one wallet,
//! the named threads, the stretch of time they overlap). With a watchdog
//! (A2) the lease runs out only because the whole process stopped, so the
//! story says so: the renewals, the stop that froze the watchdog with its
//! thread, the expiry on the lock server's clock. The last step opens
//! out to the whole experiment. Nothing is scripted at fixed times: another
//! seed or setting finds other moments, or a story that says this run has none.
//!
//! [`fence_story`] tells the fence's place (A3's two panels, the same pauses
//! under each fence): above, a write-time fence lets the newer token's stale
//! write through, because it checks only that the token is not older than
//! the last write; below, a read-time fence has already moved to the newer
//! token when the overtaken owner comes to write, and refuses it.
//!
//! [`rowlock_story`] (`rowlock.rs`) tells A4's lockless path, [`outage_story`]
//! (`outage.rs`) A5's chart: the fence that outlives the token counter.
//!
//! Pure functions of a trace; no browser, no drawing.

use lab_model::analysis::{group_thousands, Anomaly, AnomalyKind};
use lab_model::korean::{with_particle, Particle};
use lab_sim::lease::{EventKind, FencePhase, Hold, LeaseEnd, LeaseTrace, Outcome, Variant};

mod fence;
mod highlight;
mod outage;
mod rowlock;
pub use {fence::fence_story, highlight::Highlight, outage::outage_story, rowlock::rowlock_story};

/// The names the prose gives the threads of its story, in order of entry.
pub const NAMES: [&str; 3] = ["ㄱ", "ㄴ", "ㄷ"];

/// The small view a step is told in: one wallet, its named threads, a stretch of time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Focus {
    /// The panel (A4's two: (c-1) above, (c-2) below; 0 for one panel).
    pub panel: usize,
    pub wallet: u32,
    pub workers: Vec<u32>,
    pub t0_us: u64,
    pub t1_us: u64,
}

/// One thread of the story: its name, and the hold the story follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub name: &'static str,
    pub wallet: u32,
    pub worker: u32,
    pub hold: u32,
    pub token: Option<u64>,
}

/// One step: where the player's cursor goes, the sentence, what is highlighted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoryStep {
    pub at_us: u64,
    pub sentence: String,
    /// `None` on the last step, which shows the whole experiment.
    pub highlight: Option<Highlight>,
    pub focus: Option<Focus>,
}

/// A trace's story: its threads and its steps (one step saying so when the run has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Story {
    pub actors: Vec<Actor>,
    pub steps: Vec<StoryStep>,
}

impl StoryStep {
    /// A step showing the whole figure, nothing lit (a last step, or a run's only one).
    pub fn whole(at_us: u64, sentence: String) -> StoryStep {
        StoryStep { at_us, sentence, highlight: None, focus: None }
    }
}

impl Story {
    /// The story of a run with no moment to tell: one step that says so.
    fn untold(window_us: u64, sentence: String) -> Story {
        Story { actors: Vec::new(), steps: vec![StoryStep::whole(window_us, sentence)] }
    }

    /// Whether the run had a moment to tell (a step told in a small view).
    pub fn found(&self) -> bool {
        self.steps.iter().any(|s| s.focus.is_some())
    }
}

fn won(v: i64) -> String {
    format!("{}원", group_thousands(v))
}

/// `name` with a particle (ㄱ이, ㄴ은, …).
fn p(name: &str, particle: Particle) -> String {
    with_particle(name, particle)
}

/// The first hold (in stamp order, acquired within the window) taken while
/// another hold of the same wallet was still open, with the open one that
/// began first: the story's ㄴ and ㄱ.
fn first_overlap(trace: &LeaseTrace, window_us: u64) -> Option<(&Hold, &Hold)> {
    // Locked holds only: a story about a lease taken over needs two leases.
    let mut holds: Vec<&Hold> =
        trace.holds.iter().filter(|h| h.token.is_some() && h.acquired_at.t_us <= window_us).collect();
    lab_sim::core::sort_by_key(&mut holds, |h| h.acquired_at);
    holds.iter().enumerate().find_map(|(i, second)| {
        holds[..i]
            .iter()
            .filter(|first| first.wallet == second.wallet && first.released_at > second.acquired_at)
            .min_by_key(|first| first.acquired_at)
            .map(|first| (*first, *second))
    })
}

/// When `hold`'s process was last stopped (SIGSTOP) between `from_us` and
/// `to_us`, if it was: with a watchdog, that stop is what let the lease run out.
fn process_stop_within(trace: &LeaseTrace, hold: &Hold, from_us: u64, to_us: u64) -> Option<u64> {
    trace
        .events
        .iter()
        .rev()
        .filter(|e| matches!(e.kind, EventKind::ProcessStopped { process } if process == hold.process))
        .map(|e| e.at.t_us)
        .find(|t| (from_us..=to_us).contains(t))
}

/// A third owner: the first hold on the wallet taken after `second` while `first` was still open.
fn third_owner<'a>(trace: &'a LeaseTrace, first: &Hold, second: &Hold) -> Option<&'a Hold> {
    trace
        .holds
        .iter()
        .filter(|h| h.token.is_some() && h.wallet == first.wallet && h.acquired_at > second.acquired_at)
        .filter(|h| h.acquired_at < first.released_at && h.worker != first.worker && h.worker != second.worker)
        .min_by_key(|h| h.acquired_at)
}

/// The story of `trace` within its first `window_us` µs.
pub fn lease_story(trace: &LeaseTrace, window_us: u64) -> Story {
    let c = &trace.config;
    let Some((first, second)) = first_overlap(trace, window_us) else {
        let sentence = format!(
            "이 실행의 처음 {:.1}초에는 한 지갑을 두 스레드가 함께 쥔 순간이 없습니다. lease가 작업보다 먼저 끝나 다른 스레드가 락을 가져가는 일이 없었기 때문입니다. 시드나 설정을 바꿔 보세요.",
            window_us as f64 / 1e6
        );
        return Story::untold(window_us, sentence);
    };
    let third = third_owner(trace, first, second);
    let wallet = first.wallet;
    let actors: Vec<Actor> = [Some(first), Some(second), third]
        .into_iter()
        .flatten()
        .zip(NAMES)
        .map(|(h, name)| Actor { name, wallet, worker: h.worker, hold: h.id, token: h.token })
        .collect();
    let holds: Vec<&Hold> = [Some(first), Some(second), third].into_iter().flatten().collect();
    let end_us = holds.iter().map(|h| h.released_at.t_us).max().unwrap_or(window_us);
    let start_us = first.acquired_at.t_us;
    let margin = (end_us - start_us) / 12 + 1;
    let focus = Focus {
        panel: 0,
        wallet,
        workers: actors.iter().map(|a| a.worker).collect(),
        t0_us: start_us.saturating_sub(margin),
        t1_us: end_us + margin,
    };
    let lease_of = |h: &Hold| h.token.and_then(|t| trace.leases.iter().find(|l| l.wallet == wallet && l.token == t));
    // The highlight once the first `n` actors are on stage.
    let highlight = |n: usize| Highlight {
        holds: actors[..n].iter().map(|a| a.hold).collect(),
        leases: actors[..n].iter().filter_map(|a| a.token.map(|t| (wallet, t))).collect(),
        names: actors[..n].iter().map(|a| (wallet, a.worker, a.name.to_string())).collect(),
        writes: Vec::new(),
    };
    let token_text = |h: &Hold| match h.token {
        Some(t) => format!("토큰 {}", p(&t.to_string(), Particle::EuroRo)),
        None => "락 없이".to_string(),
    };
    let read_text = |h: &Hold| h.read_value_won.map(|v| format!("잔액 {}", p(&won(v), Particle::EulReul)));

    // (time, actors on stage, sentence, the hold whose write it names), sorted by time afterwards.
    let mut moments: Vec<(u64, usize, String, Option<u32>)> = Vec::new();
    let (g, n) = (NAMES[0], NAMES[1]);
    let expired_before = |h: &Hold, at| lease_of(h).filter(|l| l.end_cause == LeaseEnd::Expired && l.ended_at <= at);
    let first_expiry = expired_before(first, second.acquired_at);
    // With a watchdog, a lease runs out only when the whole process stops:
    // the stop that came before the first owner's lease ran out, if one did.
    let watchdog = c.variant == Variant::Watchdog && c.watchdog_enabled();
    let stopped_at = first_expiry
        .filter(|_| watchdog)
        .and_then(|l| process_stop_within(trace, first, first.acquired_at.t_us, l.ended_at.t_us));
    let cast = format!(
        "지갑 {wallet} 하나만 봅니다. {} {g}, {} {n}이라고 부르겠습니다.",
        p(&format!("스레드 {}", first.worker), Particle::EulReul),
        p(&format!("스레드 {}", second.worker), Particle::EulReul),
    );
    let opening = match stopped_at {
        Some(_) => format!(
            "{cast} {} {} 락을 잡고{} 작업합니다. 작업이 TTL {}ms보다 길어도, 같은 프로세스의 watchdog이 lease를 {}ms마다 연장해 줍니다.",
            p(g, Particle::IGa),
            token_text(first),
            read_text(first).map(|r| format!(" {r} 읽은 뒤")).unwrap_or_default(),
            c.ttl_ms,
            c.effective_watchdog_period_ms(),
        ),
        None => format!(
            "{cast} {} {} 락을 잡고{} 멈춥니다.",
            p(g, Particle::IGa),
            token_text(first),
            read_text(first).map(|r| format!(" {r} 읽은 뒤")).unwrap_or_default(),
        ),
    };
    moments.push((first.read_at.unwrap_or(first.acquired_at).t_us, 1, opening, None));
    if let (Some(at), Some(l)) = (stopped_at, first_expiry) {
        let renewed = l.extended_at.iter().filter(|e| e.t_us <= at).count();
        moments.push((
            at,
            1,
            format!(
                "{g}의 프로세스가 통째로 멈춥니다(SIGSTOP). {g}만이 아니라 lease를 연장하던 watchdog도 함께 멈춥니다. 그때까지 lease는 {renewed}번 연장됐습니다."
            ),
            None,
        ));
    }
    if let Some(l) = first_expiry {
        let asleep = first.written_at.is_none_or(|w| w > l.ended_at);
        let sentence = if stopped_at.is_some() {
            format!(
                "연장이 끊긴 lease(토큰 {})는 마지막 연장에서 {} 지나 락 서버의 시계로 지워집니다.{}",
                l.token,
                p(&format!("TTL {}ms", c.ttl_ms), Particle::IGa),
                if asleep {
                    format!(" 멈춰 있는 {g}의 프로세스는 이 사실을 모릅니다.")
                } else {
                    String::new()
                }
            )
        } else {
            format!(
                "{} 지나 락 서버가 {g}의 lease(토큰 {})를 지웁니다.{}",
                p(&format!("TTL {}ms", c.ttl_ms), Particle::IGa),
                l.token,
                if asleep {
                    format!(" {} 멈춰 있어서 이 사실을 모릅니다.", p(g, Particle::EunNeun))
                } else {
                    String::new()
                }
            )
        };
        moments.push((l.ended_at.t_us, 1, sentence, None));
    }
    let same_read = first.read_value_won.is_some() && first.read_value_won == second.read_value_won;
    let first_not_written = first.written_at.is_none_or(|w| second.read_at.is_some_and(|r| w > r));
    let same_text = if same_read && first_not_written {
        format!("{} 아직 쓰지 않았으니 {g}이 읽은 값과 같습니다. ", p(g, Particle::IGa))
    } else {
        String::new()
    };
    moments.push((
        second.read_at.unwrap_or(second.acquired_at).t_us,
        2,
        format!(
            "{} {} 같은 락을 잡{}. {same_text}이제 두 스레드가 모두 {} 자기 것이라고 믿습니다. 이중 소유입니다.",
            p(n, Particle::IGa),
            token_text(second),
            read_text(second).map(|r| format!("고 {r} 읽습니다")).unwrap_or_else(|| "습니다".into()),
            p(&format!("지갑 {wallet}"), Particle::EulReul),
        ),
        None,
    ));
    if let Some(h3) = third {
        let d = NAMES[2];
        let cause = if expired_before(second, h3.acquired_at).is_some() {
            format!("{n}의 lease도 만료되어 ")
        } else {
            String::new()
        };
        moments.push((
            h3.read_at.unwrap_or(h3.acquired_at).t_us,
            3,
            format!(
                "{cause}세 번째 스레드 {d}(스레드 {})까지 {} 들어옵니다. {g}, {n}, {d} 세 스레드가 겹칩니다.",
                h3.worker,
                token_text(h3)
            ),
            None,
        ));
    }
    let mut wrote: Vec<(&str, i64)> = Vec::new();
    let mut writes: Vec<(u64, usize, &str, i64, u32)> = holds
        .iter()
        .zip(NAMES)
        .enumerate()
        .filter_map(|(i, (h, name))| Some((h.written_at?.t_us, i + 1, name, h.written_value_won?, h.id)))
        .collect();
    lab_sim::core::sort(&mut writes);
    for (at, entered, name, value, hold) in writes {
        let value_text = p(&won(value), Particle::EulReul);
        let same: Vec<&str> = wrote.iter().filter(|(_, v)| *v == value).map(|(w, _)| *w).collect();
        let sentence = match same.first() {
            Some(_) if same.len() >= 2 => format!(
                "{name}도 자기가 읽은 값으로 {value_text} 기록합니다. 결제는 {}, {name} 세 건 모두 승인됐는데 잔액은 한 번만 줄었습니다.",
                same.join(", "),
            ),
            Some(earlier) => format!(
                "{name}도 자기가 읽은 값으로 {value_text} 기록합니다. 결제는 {} {name} 모두 승인됐는데 잔액은 한 번만 줄었습니다. 잃어버린 갱신입니다.",
                p(earlier, Particle::GwaWa),
            ),
            None if wrote.is_empty() => format!("{} 깨어나 {value_text} 기록합니다.", p(name, Particle::IGa)),
            None => format!("{} {value_text} 기록합니다.", p(name, Particle::IGa)),
        };
        wrote.push((name, value));
        moments.push((at, entered, sentence, Some(hold)));
    }
    lab_sim::core::sort_by_key(&mut moments, |m| m.0);
    // Once a thread has entered, it stays lit.
    let mut lit = 1;
    let mut steps: Vec<StoryStep> = moments
        .into_iter()
        .map(|(at_us, entered, sentence, write)| {
            lit = lit.max(entered).min(actors.len());
            let highlight = write.into_iter().fold(highlight(lit), Highlight::with_write);
            StoryStep { at_us, sentence, highlight: Some(highlight), focus: Some(focus.clone()) }
        })
        .collect();
    let overlaps = lab_model::analysis::anomalies(trace)
        .iter()
        .filter(|a| a.kind == lab_model::analysis::AnomalyKind::OverlapStart && a.at.t_us <= window_us)
        .count();
    // The whole window is drawn a few hundred pixels wide: an overlap under
    // about 1/300 of it is no visible band, so the sentence does not point at one.
    let widest_us = (0..c.wallets)
        .flat_map(|w| lab_model::analysis::overlap_intervals(trace, w))
        .filter(|(start, _, _)| start.t_us <= window_us)
        .map(|(start, end, _)| end.t_us.saturating_sub(start.t_us))
        .max()
        .unwrap_or(0);
    let bands = if widest_us * 300 >= window_us {
        "분홍 띠 하나하나가 방금 본 이야기입니다.".to_string()
    } else {
        format!(
            "가장 긴 겹침도 {:.1}ms라 이 폭에서는 띠가 거의 보이지 않지만, 하나하나가 방금 본 이야기와 같은 일입니다.",
            widest_us as f64 / 1e3
        )
    };
    steps.push(StoryStep::whole(
        window_us,
        format!(
            "이제 전체 실험입니다. 지갑 {}개에서 스레드 {}개가 같은 일을 되풀이하고, 처음 {:.1}초 동안 소유 겹침이 {}번 시작됩니다. {bands}",
            c.wallets,
            c.threads,
            window_us as f64 / 1e6,
            group_thousands(overlaps as i64)
        ),
    ));
    Story { actors, steps }
}

/// A focus on `holds` of one wallet in `panel`, a little wider than their stretch.
fn focus_on(panel: usize, holds: &[&Hold]) -> Focus {
    let start_us = holds.iter().map(|h| h.acquired_at.t_us).min().unwrap_or(0);
    let end_us = holds.iter().map(|h| h.released_at.t_us).max().unwrap_or(start_us);
    let margin = (end_us - start_us) / 12 + 1;
    Focus {
        panel,
        wallet: holds.first().map_or(0, |h| h.wallet),
        workers: holds.iter().map(|h| h.worker).collect(),
        t0_us: start_us.saturating_sub(margin),
        t1_us: end_us + margin,
    }
}

/// The highlight of `holds`, their leases and their names.
fn lit(holds: &[(&Hold, String)]) -> Highlight {
    Highlight {
        holds: holds.iter().map(|(h, _)| h.id).collect(),
        leases: holds.iter().filter_map(|(h, _)| h.token.map(|t| (h.wallet, t))).collect(),
        names: holds.iter().map(|(h, n)| (h.wallet, h.worker, n.clone())).collect(),
        writes: Vec::new(),
    }
}

/// The holds and leases that make anomaly `a`, and a Korean sentence naming
/// them ("다음 이상 징후", auto-pause): the player highlights the one and says the other.
pub fn anomaly_cast(trace: &LeaseTrace, a: &Anomaly) -> (Highlight, String) {
    let hold = |id: u32| trace.holds.iter().find(|h| h.id == id);
    let Some(h) = a.hold.and_then(hold) else { return (Highlight::default(), String::new()) };
    let same_wallet = || trace.holds.iter().filter(|o| o.wallet == h.wallet && o.id != h.id);
    let thread = |o: &Hold| format!("스레드 {}", o.worker);
    let subject = |o: &Hold| p(&thread(o), Particle::IGa);
    let token = |o: &Hold| {
        o.token.map(|t| format!("토큰 {}", p(&t.to_string(), Particle::EuroRo))).unwrap_or_else(|| "락 없이".into())
    };
    let (others, sentence): (Vec<&Hold>, String) = match a.kind {
        AnomalyKind::OverlapStart => {
            let open: Vec<&Hold> =
                same_wallet().filter(|o| o.acquired_at < h.acquired_at && o.released_at > h.acquired_at).collect();
            let names = open.iter().map(|o| thread(o)).collect::<Vec<_>>().join(", ");
            let sentence = match h.token {
                Some(_) => format!(
                    "{} {} 락을 잡았지만 {} 아직 자기가 쥐고 있다고 믿습니다.",
                    subject(h),
                    token(h),
                    p(&names, Particle::IGa)
                ),
                // A hold granted without a lock (fail-open during an outage).
                None => format!(
                    "{} 락 없이 구간에 들어갔는데, {} 아직 같은 지갑의 구간 안에 있습니다.",
                    subject(h),
                    p(&names, Particle::IGa)
                ),
            };
            (open, sentence)
        }
        AnomalyKind::StaleWrite => {
            let read = h.read_at.unwrap_or(h.acquired_at);
            let written = h.written_at.unwrap_or(h.released_at);
            // The last write it overwrote.
            let between: Vec<&Hold> = same_wallet()
                .filter(|o| o.written_at.is_some_and(|w| w > read && w < written))
                .max_by_key(|o| o.written_at)
                .into_iter()
                .collect();
            let value = |v: Option<i64>| v.map(won).unwrap_or_default();
            let sentence = match between.last() {
                Some(o) => format!(
                    "{} {} 읽은 뒤 {} {} 썼는데, {} 읽은 값으로 {} 씁니다.",
                    subject(h),
                    p(&value(h.read_value_won), Particle::EulReul),
                    subject(o),
                    p(&value(o.written_value_won), Particle::EulReul),
                    p(&thread(h), Particle::EunNeun),
                    p(&value(h.written_value_won), Particle::EulReul)
                ),
                None => format!("{} 낡은 값으로 씁니다.", subject(h)),
            };
            (between, sentence)
        }
        AnomalyKind::Stolen => {
            let owner = same_wallet()
                .filter(|o| o.token.is_some() && o.acquired_at <= h.released_at && o.released_at > h.released_at)
                .max_by_key(|o| o.token);
            let sentence = match owner {
                Some(o) => format!(
                    "{} 해제하려 보니 락은 이미 {}의 토큰 {}입니다.",
                    subject(h),
                    thread(o),
                    o.token.unwrap_or_default()
                ),
                None => format!("{} 해제하려 보니 락은 이미 다른 토큰입니다.", subject(h)),
            };
            (owner.into_iter().collect(), sentence)
        }
        AnomalyKind::LedgerNegative => {
            (Vec::new(), format!("{} 승인으로 지갑 {}의 원장이 0원 아래로 내려갑니다.", thread(h) + "의", h.wallet))
        }
        AnomalyKind::FenceReject => (Vec::new(), format!("{} 요청이 fence 확인에서 거부됩니다.", thread(h) + "의")),
    };
    let cast: Vec<&Hold> = std::iter::once(h).chain(others).collect();
    let highlight = Highlight {
        holds: cast.iter().map(|o| o.id).collect(),
        leases: cast.iter().filter_map(|o| o.token.map(|t| (o.wallet, t))).collect(),
        names: cast.iter().map(|o| (o.wallet, o.worker, String::new())).collect(),
        writes: Vec::new(),
    };
    (highlight, sentence)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure_spec;
    use crate::plan::LeasePlan;
    use lab_model::analysis::{anomalies, AnomalyKind};
    use lab_model::params::parse_lease_query;

    fn a1(query: &str) -> (std::rc::Rc<LeaseTrace>, u64) {
        let spec = figure_spec("lease-expiry").unwrap();
        let plan = LeasePlan::new(spec, parse_lease_query(query).value, None, true);
        let figure = plan.run();
        (figure.traces()[0].clone(), figure.window_us())
    }

    /// A3's figure at `query`: its two traces and its window.
    fn a3(query: &str) -> (Vec<std::rc::Rc<LeaseTrace>>, u64) {
        let spec = figure_spec("fence-placement").unwrap();
        let figure = LeasePlan::new(spec, parse_lease_query(query).value, None, true).run();
        (figure.traces().to_vec(), figure.window_us())
    }

    #[test]
    fn a3_tells_the_write_fence_letting_a_stale_write_through_and_the_read_fence_refusing_it() {
        let (traces, window) = a3("preset=exp3_c1");
        let story = fence_story(&traces[0], &traces[1], window);
        assert!(story.found());
        let text: Vec<&str> = story.steps.iter().map(|s| s.sentence.as_str()).collect();
        let all = text.join(" ");
        // (c-1): two owners of one wallet, both approved; the later one's write
        // came from a read the earlier one's write overtook, and passed.
        let hold = |id: u32| traces[0].holds.iter().find(|h| h.id == id).unwrap();
        let (g, n) = (hold(story.actors[0].hold), hold(story.actors[1].hold));
        assert_eq!(g.wallet, n.wallet);
        assert!(g.token < n.token);
        assert_eq!((g.outcome, n.outcome), (Outcome::Approved, Outcome::Approved));
        assert!(n.read_at < g.written_at && g.written_at < n.written_at, "ㄴ read before ㄱ wrote, and wrote after");
        assert_eq!(g.read_value_won, n.read_value_won);
        assert!(all.contains(&format!("토큰 {}", n.token.unwrap())), "{all}");
        assert!(all.contains("쓰기 시점 fencing(c-1)") && all.contains("읽기 시점 fencing(c-2)"), "{all}");
        assert!(all.contains("한 번만 줄었습니다") && all.contains("거부"), "{all}");
        for fallback in ["을(를)", "이(가)", "은(는)", "(으)로", "과(와)"] {
            assert!(!all.contains(fallback), "{all}");
        }
        // The first steps are told on the upper panel, the next on the lower;
        // in time order within each half; the last opens out to both.
        let panels: Vec<usize> = story.steps.iter().filter_map(|s| s.focus.as_ref().map(|f| f.panel)).collect();
        assert_eq!(panels, [0, 0, 0, 0, 1, 1], "{text:?}");
        for half in story
            .steps
            .split_last()
            .unwrap()
            .1
            .chunk_by(|a, b| a.focus.as_ref().map(|f| f.panel) == b.focus.as_ref().map(|f| f.panel))
        {
            assert!(half.windows(2).all(|w| w[0].at_us <= w[1].at_us), "{text:?}");
            for s in half {
                let f = s.focus.as_ref().unwrap();
                assert!(f.t0_us <= s.at_us && s.at_us <= f.t1_us);
            }
        }
        let last = story.steps.last().unwrap();
        assert!(last.focus.is_none() && last.at_us == window);
        // (c-2): the refused hold, and the newer owner whose read moved the fence before it wrote.
        let c2 = &traces[1];
        let lower = &story.steps[story.steps.len() - 2];
        let named = &lower.highlight.as_ref().unwrap().holds;
        let (old, newer) =
            (c2.holds.iter().find(|h| h.id == named[0]).unwrap(), c2.holds.iter().find(|h| h.id == named[1]).unwrap());
        assert_eq!(old.outcome, Outcome::FenceRejected(FencePhase::Write));
        assert!(newer.token > old.token && newer.read_at > old.read_at);
        // The refusal's sentence names the fence the series had then.
        let fence = c2.series.tokens[old.wallet as usize].iter().rev().find(|p| p.t_us < lower.at_us).unwrap().fence;
        assert!(fence > old.token.unwrap());
        assert!(lower.sentence.contains(&fence.to_string()), "{}", lower.sentence);
    }

    #[test]
    fn a3_without_an_overlap_says_so() {
        let (traces, window) = a3("preset=exp3_c1&ttl_ms=5000");
        let story = fence_story(&traces[0], &traces[1], window);
        assert!(!story.found());
        assert_eq!(story.steps.len(), 1);
    }

    #[test]
    fn a1_at_its_defaults_tells_the_first_overlap() {
        let (trace, window) = a1("preset=exp1");
        let story = lease_story(&trace, window);
        assert!(story.found());
        // Its second thread is the first overlap the anomaly finder sees; its first, a holder still open then.
        let first_overlap = anomalies(&trace).into_iter().find(|a| a.kind == AnomalyKind::OverlapStart).unwrap();
        let hold = |id: u32| trace.holds.iter().find(|h| h.id == id).unwrap();
        assert_eq!(story.actors[1].hold, first_overlap.hold.unwrap());
        let (g, n) = (hold(story.actors[0].hold), hold(story.actors[1].hold));
        assert!(
            g.acquired_at < n.acquired_at && n.acquired_at < g.released_at,
            "ㄱ still holds when ㄴ takes the lock"
        );
        assert_eq!(g.wallet, n.wallet);
        assert_ne!(g.worker, n.worker);
        // The chapter's moments, with the trace's own numbers.
        let text: Vec<&str> = story.steps.iter().map(|s| s.sentence.as_str()).collect();
        let all = text.join(" ");
        assert!(all.contains(&format!("토큰 {}", g.token.unwrap())), "{all}");
        assert!(all.contains(&format!("토큰 {}", n.token.unwrap())), "{all}");
        assert!(all.contains("lease(토큰"), "the lease expiry is a step: {all}");
        assert!(all.contains(&won(g.read_value_won.unwrap())), "{all}");
        assert!(all.contains("이중 소유"), "{all}");
        assert!(all.contains("잃어버린 갱신"), "exp1's first overlap is a lost update: {all}");
        for fallback in ["을(를)", "이(가)", "은(는)", "(으)로", "과(와)"] {
            assert!(!all.contains(fallback), "{all}");
        }
        // In time order, inside the story's focus; the last opens out to the whole experiment.
        assert!(story.steps.windows(2).all(|w| w[0].at_us <= w[1].at_us));
        let (last, told) = story.steps.split_last().unwrap();
        assert!(last.highlight.is_none() && last.focus.is_none() && last.at_us == window);
        assert!(told.len() >= 4, "{text:?}");
        for s in told {
            let f = s.focus.as_ref().unwrap();
            assert!(f.t0_us <= s.at_us && s.at_us <= f.t1_us);
            assert_eq!(f.wallet, g.wallet);
            assert!(f.workers.len() <= 3);
        }
        // It starts with ㄱ alone and ends with every named thread lit.
        assert_eq!(told[0].highlight.as_ref().unwrap().workers(), vec![g.worker]);
        let lit = told.last().unwrap().highlight.as_ref().unwrap();
        assert_eq!(lit.workers(), story.actors.iter().map(|a| a.worker).collect::<Vec<_>>());
        assert_eq!(lit.name_of(g.wallet, n.worker), Some("ㄴ"));
    }

    #[test]
    fn another_seed_finds_its_own_moments() {
        let (a, wa) = a1("preset=exp1");
        let (b, wb) = a1("preset=exp1&seed=7");
        let (sa, sb) = (lease_story(&a, wa), lease_story(&b, wb));
        assert!(sa.found() && sb.found());
        let times = |s: &Story| s.steps.iter().map(|x| x.at_us).collect::<Vec<_>>();
        assert_ne!(times(&sa), times(&sb), "the moments come from each run's trace");
    }

    #[test]
    fn a_lease_longer_than_every_pause_has_no_story() {
        let (trace, window) = a1("preset=exp1&ttl_ms=600");
        let story = lease_story(&trace, window);
        assert!(!story.found());
        assert_eq!(story.steps.len(), 1);
        assert!(story.steps[0].sentence.contains("순간이 없습니다"), "{}", story.steps[0].sentence);
        assert!(story.steps[0].highlight.is_none());
    }

    #[test]
    fn an_anomaly_lights_the_holds_that_make_it_and_names_them() {
        let (trace, _) = a1("preset=exp1");
        let all = anomalies(&trace);
        let mut seen = std::collections::BTreeSet::new();
        for a in &all {
            let (lit, sentence) = anomaly_cast(&trace, a);
            let hold = trace.holds.iter().find(|h| Some(h.id) == a.hold).unwrap();
            assert_eq!(lit.holds[0], hold.id, "{a:?}");
            assert!(sentence.contains(&format!("스레드 {}", hold.worker)), "{sentence}");
            for fallback in ["을(를)", "이(가)", "은(는)", "(으)로"] {
                assert!(!sentence.contains(fallback), "{sentence}");
            }
            if matches!(a.kind, AnomalyKind::OverlapStart | AnomalyKind::StaleWrite | AnomalyKind::Stolen) {
                // The other side: the owner still holding, the write it lost, the token found.
                assert!(lit.holds.len() >= 2, "{a:?}: {sentence}");
                let other = trace.holds.iter().find(|h| h.id == lit.holds[1]).unwrap();
                assert_eq!(other.wallet, hold.wallet);
                assert!(sentence.contains(&format!("스레드 {}", other.worker)), "{sentence}");
            }
            if a.kind == AnomalyKind::OverlapStart {
                let other = trace.holds.iter().find(|h| h.id == lit.holds[1]).unwrap();
                assert!(other.acquired_at < hold.acquired_at && hold.acquired_at < other.released_at);
            }
            seen.insert(a.kind);
        }
        assert!(seen.len() >= 3, "{seen:?}");
    }

    #[test]
    fn a_highlight_dims_the_rest_and_names_its_threads_only_when_asked() {
        crate::export::ensure_font().unwrap();
        let spec = figure_spec("lease-expiry").unwrap();
        let figure = LeasePlan::new(spec, parse_lease_query("preset=exp1").value, None, true).run();
        let svg = |lit: Option<&Highlight>| {
            crate::recording::svg_of((900, figure.height_css(900.0) as u32), |area| {
                figure.draw_highlighted(area, figure.window_us(), 1.0, lit)
            })
            .unwrap()
        };
        let plain = {
            crate::recording::svg_of((900, figure.height_css(900.0) as u32), |area| {
                figure.draw(area, figure.window_us(), 1.0)
            })
            .unwrap()
        };
        assert_eq!(svg(None), plain, "without a highlight the drawing is the export's");
        let story = figure.story().unwrap();
        let lit = story.steps[story.steps.len() - 2].highlight.clone().unwrap();
        let drawn = svg(Some(&lit));
        assert_ne!(drawn, plain);
        assert!(drawn.contains("스레드 ") && drawn.contains(" · ㄱ") && drawn.contains(" · ㄴ"), "named lanes");
        assert!(!plain.contains(" · ㄱ"));
        // The story's focus draws one wallet with the named threads only.
        let step = &story.steps[0];
        let h = figure.story_height_css(step, 900.0) as u32;
        assert!(h < figure.height_css(900.0) as u32 / 2, "the story starts small");
        let focused = crate::recording::svg_of((900, h), |area| figure.draw_story(area, step, 1.0)).unwrap();
        assert!(focused.contains("지갑0 lease") && !focused.contains("지갑1 lease"));
        assert_eq!(focused.lines().filter(|l| l.starts_with("스레드 ")).count(), story.actors.len(), "{focused}");
    }
}
