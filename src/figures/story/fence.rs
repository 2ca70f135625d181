//! A3's story on its two panels (`fence_story`): the same stop under a
//! write-time fence (c-1), which lets the stale write through, and a
//! read-time fence (c-2), which refuses it, then both runs whole.

use super::*;

/// The last fence of `wallet` in the run's token series before `at_us` that
/// `pick` accepts (A3's fences: a write-time one only grows).
fn fence_before(trace: &LeaseTrace, wallet: u32, at_us: u64, pick: impl Fn(u64) -> bool) -> Option<u64> {
    let series = trace.series.tokens.get(wallet as usize)?;
    series.iter().rev().find(|p| p.t_us < at_us && pick(p.fence)).map(|p| p.fence)
}

/// A3's story over its two runs within `window_us` (see the module docs):
/// `write_fenced` is the (c-1) run, `read_fenced` the (c-2) run of the same
/// pauses. In (c-1), the first approved write made from a read that an
/// earlier owner's write then overtook (a lost update the fence let
/// through); in (c-2), the first write the fence refused, with the newer
/// owner whose read moved the fence. Each half is left out when its run
/// has no such moment within the window.
pub fn fence_story(write_fenced: &LeaseTrace, read_fenced: &LeaseTrace, window_us: u64) -> Story {
    let in_window = |h: &&Hold| h.acquired_at.t_us <= window_us;
    let (g, n) = (NAMES[0], NAMES[1]);
    let mut steps = Vec::new();
    let mut actors = Vec::new();
    // (c-1): the newer owner `late` writes after the older `early` wrote, from a read taken before it.
    let stale =
        write_fenced.holds.iter().filter(in_window).filter(|h| h.outcome == Outcome::Approved).find_map(|late| {
            let (read, written) = (late.read_at?, late.written_at?);
            let early = write_fenced.holds.iter().find(|e| {
                e.wallet == late.wallet
                    && e.outcome == Outcome::Approved
                    && e.token < late.token
                    && e.written_at.is_some_and(|w| w > read && w < written)
            })?;
            Some((early, late))
        });
    if let Some((early, late)) = stale {
        let focus = focus_on(0, &[early, late]);
        let named = [(early, g.to_string()), (late, n.to_string())];
        let (t1, t2) = (early.token.unwrap_or_default(), late.token.unwrap_or_default());
        let read_value = |h: &Hold| h.read_value_won.map(won).unwrap_or_default();
        let written = |h: &Hold| h.written_value_won.map(won).unwrap_or_default();
        // The fence before this write moved it to t1.
        let written_us = early.written_at.map_or(0, |w| w.t_us);
        let fence_at_early = fence_before(write_fenced, early.wallet, written_us, |f| f < t1).unwrap_or(0);
        let check = match fence_at_early {
            0 => format!(
                "DB에는 아직 이 지갑에 쓴 토큰이 없으니 {} 통과하고",
                p(&format!("토큰 {t1}"), Particle::EunNeun)
            ),
            f => format!(
                "쓰는 순간 DB는 토큰을 지금까지 쓴 가장 큰 토큰({f})과 견줍니다. {} 그보다 작지 않아 통과하고",
                p(&format!("토큰 {t1}"), Particle::EunNeun)
            ),
        };
        // A step lights its first `n_lit` threads, and the write it names, if it names one.
        let mut step = |at_us: u64, n_lit: usize, write: Option<u32>, sentence: String| {
            let highlight = write.into_iter().fold(lit(&named[..n_lit]), Highlight::with_write);
            steps.push(StoryStep { at_us, sentence, highlight: Some(highlight), focus: Some(focus.clone()) })
        };
        step(
            early.read_at.unwrap_or(early.acquired_at).t_us,
            1,
            None,
            format!(
                "위는 쓰기 시점 fencing(c-1)입니다. 지갑 {}에서 {} {g}, {} {n}이라고 부르겠습니다. {} 토큰 {} 락을 잡고 잔액 {} 읽은 뒤 멈춥니다.",
                early.wallet,
                p(&format!("스레드 {}", early.worker), Particle::EulReul),
                p(&format!("스레드 {}", late.worker), Particle::EulReul),
                p(g, Particle::IGa),
                p(&t1.to_string(), Particle::EuroRo),
                p(&read_value(early), Particle::EulReul),
            ),
        );
        step(
            late.read_at.unwrap_or(late.acquired_at).t_us,
            2,
            None,
            format!(
                "{g}의 lease가 끝나자 {} 토큰 {} 같은 락을 잡고, 같은 잔액 {} 읽습니다.",
                p(n, Particle::IGa),
                p(&t2.to_string(), Particle::EuroRo),
                p(&read_value(late), Particle::EulReul),
            ),
        );
        step(
            early.written_at.map_or(0, |w| w.t_us),
            2,
            Some(early.id),
            format!(
                "{} 깨어나 {} 씁니다. {check}, fence는 {} 바뀝니다.",
                p(g, Particle::IGa),
                p(&written(early), Particle::EulReul),
                p(&t1.to_string(), Particle::EuroRo),
            ),
        );
        step(
            late.written_at.map_or(0, |w| w.t_us),
            2,
            Some(late.id),
            format!(
                "{n}도 {} 씁니다. {} fence {t1}보다 크니 역시 통과합니다. 그런데 이 값은 {} 쓰기 전에 읽은 잔액에서 나왔습니다. 두 결제가 모두 승인됐는데 잔액은 한 번만 줄었습니다. 쓰기 시점의 fence는 더 새로운 토큰이 가져온 낡은 값을 막지 못합니다.",
                p(&written(late), Particle::EulReul),
                p(&format!("토큰 {t2}"), Particle::EunNeun),
                p(g, Particle::IGa),
            ),
        );
        actors.extend(named.iter().map(|(h, name)| Actor {
            name: if name == g { NAMES[0] } else { NAMES[1] },
            wallet: h.wallet,
            worker: h.worker,
            hold: h.id,
            token: h.token,
        }));
    }
    // (c-2): the overtaken owner `old` is refused at its write; `newer` read after it with a larger token.
    let refused = read_fenced
        .holds
        .iter()
        .filter(in_window)
        .filter(|h| h.outcome == Outcome::FenceRejected(FencePhase::Write))
        .find_map(|old| {
            let refused_at = read_fenced.events.iter().find_map(|e| match e.kind {
                EventKind::FenceRejected { hold, .. } if hold == old.id => Some(e.at),
                _ => None,
            })?;
            let newer = read_fenced
                .holds
                .iter()
                .filter(|h| h.wallet == old.wallet && h.token > old.token)
                .filter(|h| h.read_at.is_some_and(|r| r > old.read_at.unwrap_or(old.acquired_at) && r < refused_at))
                .min_by_key(|h| h.read_at)?;
            Some((old, newer, refused_at.t_us))
        });
    if let Some((old, newer, refused_us)) = refused {
        // The same threads as above keep their names; others are called by number.
        let name_of = |h: &Hold| match actors.iter().find(|a| a.worker == h.worker && a.wallet == h.wallet) {
            Some(a) => a.name.to_string(),
            None => format!("스레드 {}", h.worker),
        };
        let (old_name, newer_name) = (name_of(old), name_of(newer));
        let focus = focus_on(1, &[old, newer]);
        let named = [(old, old_name.clone()), (newer, newer_name.clone())];
        let (t_old, t_new) = (old.token.unwrap_or_default(), newer.token.unwrap_or_default());
        steps.push(StoryStep {
            at_us: newer.read_at.map_or(0, |r| r.t_us),
            sentence: format!(
                "아래는 읽기 시점 fencing(c-2)입니다. 같은 멈춤에서, {} 토큰 {} 잔액을 읽는 순간 DB의 fence가 {} 올라갑니다. {} 아직 멈춰 있습니다.",
                p(&newer_name, Particle::IGa),
                p(&t_new.to_string(), Particle::EuroRo),
                p(&t_new.to_string(), Particle::EuroRo),
                p(&old_name, Particle::EunNeun),
            ),
            highlight: Some(lit(&named)),
            focus: Some(focus.clone()),
        });
        // The fence when the overtaken owner comes to write: the newer
        // owner's token, or a later reader's.
        let fence_then = fence_before(read_fenced, old.wallet, refused_us, |_| true).unwrap_or(t_new);
        let fence_text = if fence_then == t_new {
            format!("fence는 이미 {} 올라가 있습니다", p(&t_new.to_string(), Particle::EuroRo))
        } else {
            format!("그사이 다른 소유자도 읽어 fence는 {fence_then}까지 올라가 있습니다")
        };
        steps.push(StoryStep {
            at_us: refused_us,
            sentence: format!(
                "{} 깨어나 토큰 {} 쓰려 하지만, {fence_text}. 뒤처진 소유자의 쓰기는 거부되고 잔액은 그대로입니다.",
                p(&old_name, Particle::IGa),
                p(&t_old.to_string(), Particle::EuroRo),
            ),
            highlight: Some(lit(&named)),
            focus: Some(focus),
        });
    }
    if steps.is_empty() {
        let sentence = format!(
            "이 실행의 처음 {:.1}초에는 fence가 낡은 쓰기를 통과시키거나 거부한 순간이 없습니다. 시드나 설정을 바꿔 보세요.",
            window_us as f64 / 1e6
        );
        return Story { actors, steps: vec![StoryStep::whole(window_us, sentence)] };
    }
    let count =
        |t: &LeaseTrace, pick: &dyn Fn(&Hold) -> bool| t.holds.iter().filter(in_window).filter(|h| pick(h)).count();
    let passed = count(write_fenced, &|h| h.outcome == Outcome::Approved);
    let rejected = count(read_fenced, &|h| h.outcome == Outcome::FenceRejected(FencePhase::Write));
    steps.push(StoryStep::whole(
        window_us,
        format!(
            "이제 두 실행 전체입니다. 처음 {:.1}초 동안 위(c-1)에서는 쓰기 {}건이 fence를 통과했고, 아래(c-2)에서는 {}건이 쓰는 순간 거부됐습니다.",
            window_us as f64 / 1e6,
            group_thousands(passed as i64),
            group_thousands(rejected as i64),
        ),
    ));
    // A story is found when at least one of its halves was.
    if actors.is_empty() {
        if let Some((old, ..)) = refused {
            actors.push(Actor {
                name: NAMES[0],
                wallet: old.wallet,
                worker: old.worker,
                hold: old.id,
                token: old.token,
            });
        }
    }
    Story { actors, steps }
}
