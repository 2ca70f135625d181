//! The Korean words of the front page's question and its outcome (lab_figures::hook).

use crate::hook::HookWords;

/// The Korean table.
pub const HOOK: HookWords = HookWords {
    question: "락 하나가 지갑 하나를 지킵니다. 락을 쥔 스레드가 잠깐 멈추면 무슨 일이 생길까요?",
    canvas_label: "지갑 하나, 스레드 두 개의 lease 타임라인: 첫 스레드가 멈춘 사이 lease가 만료되고 둘째 스레드가 락을 가져갑니다.",
    invitation: "재생하거나 시간 막대를 움직여 두 스레드가 무엇을 쓰는지 보세요.",
    thread: "스레드 {n}",
    won: "{n}원",
    asking: "{stopped|은/는} 아직 멈춰 있는데 lease가 끝났습니다(✕). 기다리던 {waiting|은/는} 어떻게 할까요? 둘은 잔액에 각각 얼마를 쓸까요?",
    same_read: "둘 다 {read|을/를} 읽었고, ",
    same_wrote: "{a|과/와} {b} {read}모두 {value|을/를} 썼습니다.",
    different_wrote: "{a|은/는} {v1}, {b|은/는} {v2|을/를} 썼습니다.",
    lost_row: "결제 {payments}건, 원장대로면 {ledger}인데 잔액은 {balance}: 차감 {lost}건이 사라졌습니다.",
    kept_row: "결제 {payments}건, 잔액은 원장대로 {balance}입니다.",
    outcome: "{wrote} {row}",
    legend_label: "범례",
    resume: "▶ 이어서 보기",
    time: "시간",
};

#[cfg(test)]
mod tests {
    use crate::hook::say;
    use crate::{Lang, Words};
    use lab_model::facts::hook::HookFact;

    #[test]
    fn korean_says_the_outcome_with_its_particles() {
        let w = Words::of(Lang::Ko);
        assert_eq!(
            say(w, &HookFact::Asking { stopped: 0, waiting: 1 }),
            "스레드 0은 아직 멈춰 있는데 lease가 끝났습니다(✕). 기다리던 스레드 1은 어떻게 할까요? 둘은 잔액에 각각 얼마를 쓸까요?"
        );
        let outcome = HookFact::Outcome {
            first: 0,
            second: 1,
            wrote: [9_000, 9_000],
            same_read: Some(10_000),
            payments: 2,
            balance: 9_000,
            ledger: 8_000,
            lost: 1,
        };
        assert_eq!(
            say(w, &outcome),
            "스레드 0과 스레드 1 둘 다 10,000원을 읽었고, 모두 9,000원을 썼습니다. 결제 2건, 원장대로면 8,000원인데 잔액은 9,000원: 차감 1건이 사라졌습니다."
        );
    }
}
