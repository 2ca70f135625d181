//! The Korean words of Article A's story sentences (lab_figures::story) and the story lead.

use crate::story::StoryWords;

/// The Korean table.
pub const STORY: StoryWords = StoryWords {
    names: ["ㄱ", "ㄴ", "ㄷ"],
    won: "{n}원",
    thread: "스레드 {n}",
    ms: "{n}ms",
    seconds: "{s}초",
    ttl: "TTL {ms}ms",
    list_sep: ", ",
    with_token: "토큰 {t|으로/로}",
    without_lock: "락 없이",
    cast: "지갑 {wallet} 하나만 봅니다. {first|을/를} {a}, {second|을/를} {b|이라고/라고} 부르겠습니다.",

    no_overlap: "이 실행의 처음 {s}초에는 한 지갑을 두 스레드가 함께 쥔 순간이 없습니다. lease가 작업보다 먼저 끝나 다른 스레드가 락을 가져가는 일이 없었기 때문입니다. 시드나 설정을 바꿔 보세요.",
    read_then: " 잔액 {won|을/를} 읽은 뒤",
    first_owner_watchdog: "{cast} {a|이/가} {token} 락을 잡고{read} 작업합니다. 작업이 TTL {ttl}ms보다 길어도, 같은 프로세스의 watchdog이 lease를 {period}ms마다 연장해 줍니다.",
    first_owner: "{cast} {a|이/가} {token} 락을 잡고{read} 멈춥니다.",
    process_stopped: "{a}의 프로세스가 통째로 멈춥니다(SIGSTOP). {a}만이 아니라 lease를 연장하던 watchdog도 함께 멈춥니다. 그때까지 lease는 {renewed}번 연장됐습니다.",
    expired_watchdog: "연장이 끊긴 lease(토큰 {token})는 마지막 연장에서 {ttl|이/가} 지나 락 서버의 시계로 지워집니다.{asleep}",
    asleep_watchdog: " 멈춰 있는 {a}의 프로세스는 이 사실을 모릅니다.",
    expired: "{ttl|이/가} 지나 락 서버가 {a}의 lease(토큰 {token})를 지웁니다.{asleep}",
    asleep: " {a|은/는} 멈춰 있어서 이 사실을 모릅니다.",
    second_read: "고 잔액 {won|을/를} 읽습니다",
    second_no_read: "습니다",
    same_read: "{a|이/가} 아직 쓰지 않았으니 {a|이/가} 읽은 값과 같습니다. ",
    second_owner: "{b|이/가} {token} 같은 락을 잡{read}. {same}이제 두 스레드가 모두 지갑 {wallet|을/를} 자기 것이라고 믿습니다. 이중 소유입니다.",
    third_cause: "{b}의 lease도 만료되어 ",
    third_owner: "{cause}세 번째 스레드 {c}(스레드 {worker})까지 {token} 들어옵니다. {a}, {b}, {c} 세 스레드가 겹칩니다.",
    wrote_first: "{who|이/가} 깨어나 {value|을/를} 기록합니다.",
    wrote: "{who|이/가} {value|을/를} 기록합니다.",
    wrote_same_one: "{who}도 자기가 읽은 값으로 {value|을/를} 기록합니다. 결제는 {earlier|과/와} {who} 모두 승인됐는데 잔액은 한 번만 줄었습니다. 잃어버린 갱신입니다.",
    wrote_same_two: "{who}도 자기가 읽은 값으로 {value|을/를} 기록합니다. 결제는 {earlier}, {who} 세 건 모두 승인됐는데 잔액은 한 번만 줄었습니다.",
    bands_visible: "분홍 띠 하나하나가 방금 본 이야기입니다.",
    bands_thin: "가장 긴 겹침도 {ms}ms라 이 폭에서는 띠가 거의 보이지 않지만, 하나하나가 방금 본 이야기와 같은 일입니다.",
    lease_whole: "이제 전체 실험입니다. 지갑 {wallets}개에서 스레드 {threads}개가 같은 일을 되풀이하고, 처음 {s}초 동안 소유 겹침이 {overlaps}번 시작됩니다. {bands}",

    no_fence_moment: "이 실행의 처음 {s}초에는 fence가 낡은 쓰기를 통과시키거나 거부한 순간이 없습니다. 시드나 설정을 바꿔 보세요.",
    fence_none_yet: "DB에는 아직 이 지갑에 쓴 토큰이 없으니 토큰 {t1|은/는} 통과하고",
    fence_compared: "쓰는 순간 DB는 토큰을 지금까지 쓴 가장 큰 토큰({fence})과 견줍니다. 토큰 {t1|은/는} 그보다 작지 않아 통과하고",
    write_fence_first: "위는 쓰기 시점 fencing(c-1)입니다. 지갑 {wallet}에서 {first|을/를} {a}, {second|을/를} {b|이라고/라고} 부르겠습니다. {a|이/가} 토큰 {t1|으로/로} 락을 잡고 잔액 {read|을/를} 읽은 뒤 멈춥니다.",
    write_fence_second: "{a}의 lease가 끝나자 {b|이/가} 토큰 {t2|으로/로} 같은 락을 잡고, 같은 잔액 {read|을/를} 읽습니다.",
    write_fence_first_write: "{a|이/가} 깨어나 {written|을/를} 씁니다. {check}, fence는 {t1|으로/로} 바뀝니다.",
    write_fence_stale_write: "{b}도 {written|을/를} 씁니다. 토큰 {t2|은/는} fence {t1}보다 크니 역시 통과합니다. 그런데 이 값은 {a|이/가} 쓰기 전에 읽은 잔액에서 나왔습니다. 두 결제가 모두 승인됐는데 잔액은 한 번만 줄었습니다. 쓰기 시점의 fence는 더 새로운 토큰이 가져온 낡은 값을 막지 못합니다.",
    read_fence_moved: "아래는 읽기 시점 fencing(c-2)입니다. 같은 멈춤에서, {newer|이/가} 토큰 {t|으로/로} 잔액을 읽는 순간 DB의 fence가 {t|으로/로} 올라갑니다. {old|은/는} 아직 멈춰 있습니다.",
    fence_already: "fence는 이미 {t|으로/로} 올라가 있습니다",
    fence_moved_on: "그사이 다른 소유자도 읽어 fence는 {fence}까지 올라가 있습니다",
    read_fence_refused: "{old|이/가} 깨어나 토큰 {t|으로/로} 쓰려 하지만, {state}. 뒤처진 소유자의 쓰기는 거부되고 잔액은 그대로입니다.",
    fence_whole: "이제 두 실행 전체입니다. 처음 {s}초 동안 위(c-1)에서는 쓰기 {passed}건이 fence를 통과했고, 아래(c-2)에서는 {rejected}건이 쓰는 순간 거부됐습니다.",

    no_row_wait: "이 실행의 처음 {s}초에는 두 UPDATE가 같은 행 잠금을 두고 만난 순간이 없습니다. 구간은 겹쳐도, 잔액을 검사하고 빼는 한 문장은 서로 비켜 갔습니다. 시드나 스레드 수를 바꿔 보세요.",
    row_first: "{cast} {earlier|이/가} 락 없이 결제를 시작하고, 실험 1과 같은 멈춤에 들어갑니다.",
    row_second: "{later}도 같은 지갑의 결제를 시작합니다. 두 구간이 겹칩니다. 실험 1이었다면 한쪽이 락을 기다리거나, lease가 끝나 두 스레드가 같은 잔액을 읽었을 자리입니다.",
    row_update: "{a|이/가} 깨어나 잔액이 1,000원 이상일 때만 1,000원을 빼는 UPDATE 한 문장을 보냅니다. 이 문장이 행 잠금을 잡습니다. 거의 같은 순간 깨어난 {b}의 UPDATE는 그 행 잠금 앞에 줄을 섭니다(빗금 상자).",
    row_balance: " 잔액은 {won|이/가} 됩니다.",
    row_commit: "{a|이/가} 커밋하면서 행 잠금이 풀립니다.{balance}",
    row_granted: "{b|은/는} {waited}µs 기다린 뒤 행 잠금을 얻어, {a|이/가} 커밋한 뒤의 잔액에서 1,000원을 빼고 승인됩니다.{balance} 두 구간은 {overlap} 겹쳤지만 서로를 기다린 시간은 이것뿐입니다. 분산 락이었다면 {a}의 구간 전체({section})를 쥐고 있어야 했습니다.",
    row_whole: "이제 전체 실험입니다. 지갑 {wallets}개에서 스레드 {threads}개가 락 없이 같은 일을 되풀이합니다. 처음 {s}초 동안 UPDATE가 행 잠금을 기다린 것은 {waits}번, 가장 길게 기다린 것이 {longest}µs입니다. 이렇게 겹치는 구간 속에서 잔액이 맞는지는 아래 그림과 질문에서 확인해 보세요.",

    no_outage: "이 실행에는 락 서버 단절이 없습니다.",
    no_fence_stamped: "이 실행은 DB에 fence를 새기지 않아, 단절 뒤 카운터와 fence가 어긋나는 이야기가 없습니다.",
    counter_climbs: "이 실행은 읽기 시점 fencing(c-2)에 fail-closed를 붙였습니다. 처음 {kill}, 락 서버가 살아 있는 동안 지갑 0의 락을 잡을 때마다 토큰 카운터가 하나씩 커지고, DB의 fence 값이 그 토큰을 따라 올라갑니다.",
    server_dies: "{kill}에 락 서버가 죽습니다. 이 순간 지갑 0의 토큰 카운터는 {counter}, DB의 fence 값은 {fence}입니다.",
    all_refused: "단절된 {outage} 동안에는 락을 잡을 수 없으니, 들어온 결제는 모두 503으로 돌아갑니다. 네 지갑을 합쳐 {n}건입니다.",
    server_back: "{restart}에 락 서버가 빈 채로 돌아옵니다. 토큰 카운터는 1부터 다시 세지만, DB의 fence 값은 {fence|을/를} 그대로 기억합니다.",
    passed_again: "카운터가 fence를 넘어선 {at}에야 읽기가 다시 통과합니다.",
    never_passed: "실행이 끝날 때까지 카운터는 fence를 넘어서지 못합니다.",
    reads_refused: "그래서 재기동 뒤 지갑 0의 토큰 1부터 {refused}까지는 읽는 순간 모두 거부됩니다. {after}",
    outage_whole: "이제 60초 전체입니다. 네 지갑의 재기동 뒤 읽기 거부는 {n}건으로, 단절 시점 fence 값의 합과 같습니다. 아래 그림 5-1은 같은 단절을 fail-open으로 돌린 실행에서 시작합니다. 정책을 바꿔 가며 세 구간을 비교해 보세요.",

    cast_took_over: "{who|이/가} {token} 락을 잡았지만 {open|이/가} 아직 자기가 쥐고 있다고 믿습니다.",
    cast_took_over_lockless: "{who|이/가} {token} 구간에 들어갔는데, {open|이/가} 아직 같은 지갑의 구간 안에 있습니다.",
    cast_stale_over: "{who|이/가} {read|을/를} 읽은 뒤 {other|이/가} {wrote|을/를} 썼는데, {who|은/는} 읽은 값으로 {written|을/를} 씁니다.",
    cast_stale: "{who|이/가} 낡은 값으로 씁니다.",
    cast_stolen: "{who|이/가} 해제하려 보니 락은 이미 {other}의 토큰 {token}입니다.",
    cast_stolen_unknown: "{who|이/가} 해제하려 보니 락은 이미 다른 토큰입니다.",
    cast_negative: "{who}의 승인으로 지갑 {wallet}의 원장이 0원 아래로 내려갑니다.",
    cast_fence_reject: "{who}의 요청이 fence 확인에서 거부됩니다.",

    captions: [
        "그림 1-0. 실험 1의 기본 실행에서 처음 생긴 겹침을 한 지갑, 스레드 두세 개만 떼어 한 걸음씩 따라갑니다. 마지막 단계는 같은 실행의 전체 그림입니다.",
        "그림 2-0. 실험 2의 (b′) 실행(watchdog에 프로세스 정지를 더한 것)에서 처음 생긴 겹침을 한 지갑만 떼어 한 걸음씩 따라갑니다. 마지막 단계는 같은 실행의 전체 그림입니다.",
        "그림 3-0. 같은 멈춤 아래 두 fence: 쓰기 시점 fencing(c-1)이 낡은 쓰기를 통과시키는 순간과, 읽기 시점 fencing(c-2)이 뒤처진 소유자를 거부하는 순간을 한 지갑만 떼어 따라갑니다. 마지막 단계는 두 실행의 전체 그림입니다.",
        "그림 4-0. 락 없는 조건부 UPDATE의 실행에서 두 UPDATE가 같은 행 잠금 앞에서 처음 만난 순간을 한 지갑만 떼어 한 걸음씩 따라갑니다. 마지막 단계는 같은 실행의 전체 그림입니다.",
        "그림 5-0. 실험 5의 c-2 + fail-closed 실행에서, 락 서버가 살아 있던 때·죽어 있던 때·빈 채로 돌아온 뒤를 차례로 따라갑니다. 맨 아래 칸은 지갑 0의 토큰 카운터와 fence 값입니다. 마지막 단계는 같은 실행의 60초 전체입니다.",
    ],
    needs_script: "자바스크립트를 켜면 이 자리에 그림이 그려지고, 단계를 하나씩 넘겨 볼 수 있습니다.",
    read_all: "이야기 전체를 글로 읽기",
    step_figure: "이야기 {n}/{total}단계의 그림: {sentence}",
    lead_none: "이 실행에서는 따라갈 겹침을 찾지 못했습니다. 아래 그림에서 직접 살펴보세요.",
    lead_steps_label: "이야기 단계 (←/→: 이전/다음)",
    lead_to_figure: "전체 그림에서 직접 움직여 보기 ↓",

    start: "이야기로 보기",
    start_hint: "한 지갑, 두세 스레드로 이 실행의 첫 겹침을 한 걸음씩 따라갑니다.",
    mode_label: "이야기로 보기 (←/→: 이전/다음 단계, Esc: 끝내기)",
    prev: "◀ 이전",
    next: "다음 ▶",
    end: "이야기 끝내기",
    lit_threads: "강조한 스레드: {list}",
    lit_thread: "스레드 {k}({name})",
    lit_none: "강조 없음: 전체 실험",
};

#[cfg(test)]
mod tests {
    use crate::story::{cast, sentence};
    use crate::{Lang, Words};
    use lab_model::facts::story::{CastFact, StoryFact, Who};

    fn ko(fact: &StoryFact) -> String {
        sentence(Words::of(Lang::Ko), fact)
    }

    #[test]
    fn korean_picks_each_particle_by_the_value() {
        let first = |wallet, token| StoryFact::FirstOwner {
            wallet,
            first_worker: 3,
            second_worker: 10,
            token,
            read_won: Some(10_000),
            watchdog: None,
        };
        assert_eq!(
            ko(&first(0, Some(2))),
            "지갑 0 하나만 봅니다. 스레드 3을 ㄱ, 스레드 10을 ㄴ이라고 부르겠습니다. ㄱ이 토큰 2로 락을 잡고 잔액 10,000원을 읽은 뒤 멈춥니다."
        );
        assert!(ko(&first(1, Some(3))).contains("ㄱ이 토큰 3으로 락을 잡고"));
        assert!(ko(&first(1, None)).contains("ㄱ이 락 없이 락을 잡고"));
        let second = ko(&StoryFact::SecondOwner { wallet: 1, token: Some(7), read_won: None, same_read: false });
        assert_eq!(
            second,
            "ㄴ이 토큰 7로 같은 락을 잡습니다. 이제 두 스레드가 모두 지갑 1을 자기 것이라고 믿습니다. 이중 소유입니다."
        );
        assert_eq!(
            ko(&StoryFact::Wrote { who: 1, value_won: 9_000, earlier: vec![0], first: false }),
            "ㄴ도 자기가 읽은 값으로 9,000원을 기록합니다. 결제는 ㄱ과 ㄴ 모두 승인됐는데 잔액은 한 번만 줄었습니다. 잃어버린 갱신입니다."
        );
        assert_eq!(
            ko(&StoryFact::ReadFenceMoved { newer: Who::Thread(2), old: Who::Actor(0), token: 4 }),
            "아래는 읽기 시점 fencing(c-2)입니다. 같은 멈춤에서, 스레드 2가 토큰 4로 잔액을 읽는 순간 DB의 fence가 4로 올라갑니다. ㄱ은 아직 멈춰 있습니다."
        );
        assert_eq!(
            cast(Words::of(Lang::Ko), &CastFact::TookOver { worker: 1, token: Some(5), open: vec![2, 3] }),
            "스레드 1이 토큰 5로 락을 잡았지만 스레드 2, 스레드 3이 아직 자기가 쥐고 있다고 믿습니다."
        );
    }
}
