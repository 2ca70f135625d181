//! Every Korean word the checker shows, in one place: the properties, the
//! verdicts, the report's headings and one sentence per step of a schedule.
//! (The variants' names are the catalogue's, `lab_model::catalogue`.)

use lab_model::article::format_number;
use lab_model::korean::{with_particle, Particle};

use lab_sim::lease::policy::Update;

use crate::explore::Property;
use crate::scenario::World;
use crate::world::{Action, Pc, Released, State, Step};

/// A property's name.
pub fn property(p: Property) -> &'static str {
    match p {
        Property::OverApproval => "초과 승인",
        Property::Drift => "drift(스냅샷 ≠ 원장)",
        Property::LostUpdate => "잃어버린 갱신",
        Property::StaleToken => "낡은 토큰의 쓰기",
    }
}

/// What a property asks, in one line.
pub fn property_rule(p: Property) -> &'static str {
    match p {
        Property::OverApproval => "승인 건수 ≤ 잔액이 허락하는 건수",
        Property::Drift => "잔액 스냅샷 = 원장으로 계산한 잔액",
        Property::LostUpdate => "커밋이 자기가 읽지 않은 값을 덮어쓰지 않는다",
        Property::StaleToken => "DB가 더 새 토큰을 받은 뒤에는 옛 토큰의 쓰기가 통과하지 않는다",
    }
}

pub const VERDICT_UNSAFE: &str = "깨짐";
pub const VERDICT_SAFE: &str = "안전: 모든 상태 확인";
pub const VERDICT_NOT_WITHIN: &str = "깊이 한도까지는 깨지지 않음";
pub const NOT_APPLICABLE: &str = "해당 없음";
pub const HOLDS: &str = "지켜짐";

pub const TITLE: &str = "lab check: 작은 세계의 모든 순서";
/// The world in one sentence.
pub fn world_line(threads: u8, requests: u8, balance: u8, amount_won: u32, depth: u32) -> String {
    format!(
        "지갑 1개(잔액은 {amount}원 결제 {balance}건분), 결제 스레드 {threads}개(각 {requests}건, 차례로), 락 서버 1대, \
         READ COMMITTED DB. 깊이 한도 {depth}단계.",
        amount = won(i64::from(amount_won))
    )
}
/// Said under the world when no holder's stall may outlast its lease.
pub const NO_STALLS: &str =
    "이번에는 스레드가 멈춰 lease를 넘기는 일이 없습니다: lease는 프로세스 정지나 락 서버의 죽음으로만 일찍 끝납니다.";
pub const HEAD_VARIANT: &str = "변형";
pub const HEAD_VERDICT: &str = "판정";
pub const HEAD_STATES: &str = "상태";
pub const HEAD_DEPTH: &str = "깊이";
pub const HEAD_SMALLEST: &str = "최소 반례(단계)";
pub const HEAD_PROPERTIES: &str = "깨진 성질";
pub const SCHEDULE_HEADING: &str = "가장 짧은 반례";
pub const BREAKS: &str = "깨뜨리는 성질";
pub const STUCK: &str = "진행이 멈춘 상태";
pub const ASSUMPTIONS: &str =
    "이 세계가 가정하는 것: 시간 대신 순서만 봅니다. lease는 적대자가 정할 때, 연장하는 쪽이 없을 때만 \
     만료됩니다(워치독은 프로세스가 돌아가는 한 제때 연장합니다). 행 잠금을 기다리는 문장은 잠금이 풀린 뒤 누구든 먼저 \
     갈 수 있습니다(FIFO보다 넓음). 락 서버는 최대 한 번 죽었다 빈 채로 돌아옵니다.";

/// A number of won, the article's way.
pub fn won(value: i64) -> String {
    format_number(value as f64, 0)
}

/// A thread's name: T1, T2, T3.
pub fn thread(index: u8) -> String {
    format!("T{}", index + 1)
}

/// The sentence of one step: `actor` is the thread that took it (for a thread's step).
pub fn action(a: &Action, actor: Option<u8>, amount_won: u32) -> String {
    let amount = i64::from(amount_won);
    let money = |charges: i8| won(i64::from(charges) * amount);
    let subject = |i: u8| with_particle(&thread(i), Particle::IGa);
    let t = actor.map(subject).unwrap_or_default();
    let of = actor.map(thread).unwrap_or_default();
    let amt = won(amount);
    let to = |token: u8| with_particle(&token.to_string(), Particle::EuroRo);
    match *a {
        Action::Acquire { token } => format!("{t} 락을 잡습니다(SET NX PX). 토큰 {token}."),
        Action::Unavailable => format!("{t} 락 서버에 닿지 못해 503으로 끝납니다(fail-closed)."),
        Action::Lockless => format!("{t} 락 서버에 닿지 못하자 락 없이 진행합니다(fail-open)."),
        Action::Read { value } => format!("{t} 잔액 {}원을 읽습니다.", money(value)),
        Action::Stamp { token, stored, passed: true } => {
            format!("{t} 읽기 트랜잭션에서 fence를 토큰 {} 새깁니다(저장된 {stored} < {token}).", to(token))
        }
        Action::Stamp { token, stored, passed: false } => {
            format!("{of}의 fence 새기기가 거부됩니다(저장된 {stored} ≥ 내 토큰 {token}).")
        }
        Action::ReadShare { value } => format!("{t} 잔액 {}원을 FOR SHARE로 읽습니다.", money(value)),
        Action::CommitRead { fence } => format!("{t} 읽기 트랜잭션을 커밋합니다. fence = {fence}."),
        Action::Compute { value, approve: true } => {
            format!("{t} 계산합니다: {}원 ≥ {amt}원, 차감합니다.", money(value))
        }
        Action::Compute { value, approve: false } => {
            format!("{t} 계산합니다: {}원 < {amt}원, 잔액 부족으로 거절합니다.", money(value))
        }
        Action::FenceAdvance { token, stored, passed: true } => format!(
            "{t} 쓰기 직전 fence를 확인합니다: 저장된 {stored} < 내 토큰 {token}, 통과하고 fence를 {} 올립니다.",
            to(token)
        ),
        Action::FenceAdvance { token, stored, passed: false } => {
            format!("{t} 쓰기 직전 fence를 확인합니다: 저장된 {stored} ≥ 내 토큰 {token}, 거부됩니다.")
        }
        Action::FenceEqual { token, stored, passed: true } => {
            format!("{t} 쓰기 직전 fence를 확인합니다: 저장된 {stored} = 내 토큰 {token}, 통과.")
        }
        Action::FenceEqual { token, stored, passed: false } => {
            format!("{t} 쓰기 직전 fence를 확인합니다: 저장된 {stored} ≠ 내 토큰 {token}, 거부됩니다.")
        }
        Action::UpdateSet { value } => {
            format!("{t} 읽어 둔 값으로 잔액을 {}원으로 씁니다(조건 없는 UPDATE).", money(value))
        }
        Action::UpdateIfSufficient { before, matched: true } => {
            format!("{of}의 조건부 UPDATE가 잔액 {}원에서 {amt}원을 뺍니다.", money(before))
        }
        Action::UpdateIfSufficient { before, matched: false } => {
            format!("{of}의 조건부 UPDATE가 0행입니다: 잔액 {}원 < {amt}원.", money(before))
        }
        Action::Decrement { before } => {
            format!("{of}의 UPDATE가 조건 없이 잔액 {}원에서 {amt}원을 뺍니다.", money(before))
        }
        Action::Insert => format!("{t} 원장에 −{amt}원을 넣습니다."),
        Action::Commit { balance, approvals } => {
            format!("{t} 커밋합니다. 잔액 {}원, 승인 {approvals}건.", money(balance))
        }
        Action::Rollback => format!("{t} 롤백합니다."),
        Action::Release { result: Released::Released } => format!("{t} 락을 풉니다: RELEASED."),
        Action::Release { result: Released::Stolen } => {
            format!("{t} 락을 풀려다 남의 토큰을 봅니다: STOLEN(지우지 않음).")
        }
        Action::Release { result: Released::Expired } => format!("{t} 락을 풀려는데 키가 이미 없습니다: EXPIRED."),
        Action::Release { result: Released::Error } => format!("{t} 락을 풀려는데 락 서버가 죽어 있습니다: 오류."),
        Action::Stall { thread: h, token } => format!(
            "{} 멈춘 사이(GC, 지연) lease(토큰 {token})가 만료됩니다. {} 아직 락을 쥐었다고 믿습니다.",
            subject(h),
            with_particle(&thread(h), Particle::EunNeun)
        ),
        Action::ProcessStop { thread: h, token } => format!(
            "프로세스가 정지합니다(SIGSTOP). 워치독도 함께 멈춰 {}의 lease(토큰 {token})가 만료됩니다.",
            thread(h)
        ),
        Action::Kill => "락 서버가 죽습니다: 락 키와 토큰 카운터가 사라집니다.".to_string(),
        Action::Restart => "락 서버가 빈 상태로 다시 뜹니다: 토큰은 다시 1부터입니다.".to_string(),
    }
}

/// The heading of a replay in the simulation (`lab check --replay`).
pub const REPLAY_HEADING: &str = "시뮬레이션(lab-sim)에서 다시 돌린 가장 짧은 반례";

/// `lab check --script`: the heading, what the checker says the schedule breaks, and nothing.
pub const SCRIPT_HEADING: &str = "주어진 순서를 검사기와 시뮬레이션에서 돌린 결과";
pub const SCRIPT_BREAKS: &str = "검사기의 세계에서 깨지는 성질";
pub const NOTHING_BROKEN: &str = "없음";

/// The replay drawing's title, after the configuration's name.
pub const REPLAY_TITLE: &str = "가장 짧은 반례의 재생";

/// What the simulation counted when it ran a schedule: approvals of what
/// the balance allows, over-approvals, drift (won), lost-update pairs and
/// stale-token writes (`None`: not a read-modify-write, no fence).
pub fn replay_line(
    (approvals, possible): (u64, u64),
    over_approval: u64,
    drift_won: i64,
    lost_update_pairs: Option<u64>,
    stale_token_writes: Option<u64>,
) -> String {
    let mut out = format!(
        "시뮬레이션이 센 값: 승인 {approvals}건(잔액이 허락하는 {possible}건), 초과 승인 {over_approval}건, 스냅샷−원장 차이 {}원",
        won(drift_won)
    );
    if let Some(n) = lost_update_pairs {
        out += &format!(", 잃어버린 갱신 {n}쌍");
    }
    if let Some(n) = stale_token_writes {
        out += &format!(", 낡은 토큰의 쓰기 {n}건");
    }
    out + "."
}

/// The replay's script and its drawing were written to `path`.
pub fn replay_written(path: &str) -> String {
    format!("이 실행을 `{path}`에 썼습니다.")
}

// ---------------------------------------------------------------------------
// The reader's session (`crate::session`, the page's "깨뜨려 보기" figure)

/// What breaking a property looks like, as the figure's banner shouts it.
pub fn broke_headline(p: Property) -> &'static str {
    match p {
        Property::OverApproval => "이중 승인!",
        Property::Drift => "잔액과 원장이 어긋났습니다!",
        Property::LostUpdate => "잃어버린 갱신!",
        Property::StaleToken => "낡은 토큰의 쓰기가 통과했습니다!",
    }
}

/// The checker's answer on a design nothing breaks, in the figure's world.
pub fn safe_verdict(states: u64) -> String {
    format!("이 세계의 상태 {}개를 모두 확인했습니다: 어떤 순서로도 깨지지 않습니다.", won(states as i64))
}

/// A thread's next statement, as a button names it.
fn statement(pc: Pc, world: &World, server_up: bool) -> &'static str {
    match pc {
        Pc::Acquire if !server_up => "락 서버에 요청",
        Pc::Acquire => "락 잡기",
        Pc::Read => "잔액 읽기",
        Pc::Stamp => "fence에 토큰 새기기",
        Pc::ReadShare => "잔액 읽기(FOR SHARE)",
        Pc::CommitRead => "읽기 커밋",
        Pc::Compute => "계산",
        Pc::WriteFence => "fence 확인",
        Pc::Update => match world.policy.update {
            Update::SetFromRead => "잔액 쓰기(UPDATE)",
            Update::DecrementIfSufficient => "조건부 UPDATE",
            Update::Decrement => "UPDATE",
        },
        Pc::Insert => "원장에 기록",
        Pc::Commit => "커밋",
        Pc::Rollback => "롤백",
        Pc::Release => "락 풀기",
        Pc::Done => "끝",
    }
}

/// A step's button: a thread's next statement, or what the adversary does.
pub fn choice_label(step: Step, state: &State, world: &World) -> String {
    match step {
        Step::Thread(i) => {
            format!("{} ▸ {}", thread(i), statement(state.threads[usize::from(i)].pc, world, state.server_up))
        }
        Step::Stall => match state.holder() {
            Some(h) => format!("{} 멈추게 하기(lease 만료)", with_particle(&thread(h as u8), Particle::EulReul)),
            None => "락 쥔 스레드 멈추게 하기(lease 만료)".to_string(),
        },
        Step::ProcessStop => "프로세스 정지(lease 만료)".to_string(),
        Step::Kill => "락 서버 죽이기".to_string(),
        Step::Restart => "락 서버 다시 띄우기".to_string(),
    }
}

/// Why `step` cannot be taken in `state`.
pub fn why_not(step: Step, state: &State) -> String {
    let holder = || state.holder().map(|h| with_particle(&thread(h as u8), Particle::IGa));
    match step {
        Step::Thread(i) => {
            let me = usize::from(i);
            match state.threads[me].pc {
                Pc::Done => "결제를 마쳤습니다.".to_string(),
                Pc::Acquire => match holder() {
                    Some(h) => format!("{h} 락을 쥐고 있어 기다립니다(SET NX 거절)."),
                    None => "락 키가 남아 있어 기다립니다.".to_string(),
                },
                Pc::Stamp | Pc::WriteFence => "다른 트랜잭션이 fence 행을 잠그고 있어 기다립니다.".to_string(),
                Pc::ReadShare | Pc::Update => "다른 트랜잭션이 잔액 행을 잠그고 있어 기다립니다.".to_string(),
                _ => "지금은 움직일 수 없습니다.".to_string(),
            }
        }
        Step::Stall | Step::ProcessStop => match state.holder() {
            None => "락을 쥔 스레드가 없습니다.".to_string(),
            Some(h) if state.threads[h].watchdog && step == Step::Stall => {
                "워치독이 lease를 제때 연장합니다: 스레드가 멈춰도 lease는 끝나지 않습니다.".to_string()
            }
            Some(_) => "이 설계에서는 lease가 이렇게 끝나지 않습니다.".to_string(),
        },
        Step::Kill if !state.server_up => "락 서버가 이미 죽어 있습니다.".to_string(),
        Step::Kill => "이 세계에서 락 서버는 한 번만 죽습니다.".to_string(),
        Step::Restart => "락 서버가 살아 있습니다.".to_string(),
    }
}

/// What thread `i` is doing and holding, in one line of its lane.
pub fn thread_status(state: &State, world: &World, i: u8) -> String {
    let t = &state.threads[usize::from(i)];
    if t.pc == Pc::Done {
        return "결제를 마쳤습니다.".to_string();
    }
    let money = |charges: i8| won(i64::from(charges) * i64::from(world.amount_won));
    let mut parts = Vec::new();
    match t.grant {
        Some(g) if state.key == Some(g) => {
            parts.push(format!("토큰 {} 락을 쥐고 있음", with_particle(&g.token.to_string(), Particle::EuroRo)))
        }
        Some(g) => parts.push(format!("토큰 {}의 lease는 끝났지만 모름", g.token)),
        None if t.pc == Pc::Acquire => parts.push("락 없음".to_string()),
        None => parts.push("락 없이 진행".to_string()),
    }
    if let Some(v) = t.read {
        parts.push(format!("읽은 잔액 {}원", money(v)));
    }
    if let Some(v) = t.pending_balance {
        parts.push(format!("커밋 전 쓰기: 잔액 {}원", money(v)));
    }
    parts.join(" · ")
}

/// The shared state, one row per part (its name, its value now).
pub fn servers(state: &State, world: &World) -> Vec<(&'static str, String)> {
    let lock = if !state.server_up {
        "죽어 있음".to_string()
    } else {
        let key = match (state.key, state.holder()) {
            (Some(k), Some(h)) => format!("lock:w = 토큰 {} ({})", k.token, thread(h as u8)),
            (Some(k), None) => format!("lock:w = 토큰 {}", k.token),
            (None, _) => "lock:w 없음".to_string(),
        };
        format!("{key} · 토큰 카운터 {}", state.counter)
    };
    let mut rows = vec![
        ("락 서버", lock),
        ("DB 잔액", format!("{}원", won(i64::from(state.balance) * i64::from(world.amount_won)))),
        ("원장 승인", format!("{}건(잔액이 허락하는 {}건)", state.debits, world.balance)),
    ];
    if world.policy.fenced() {
        rows.push(("fence", state.fence.to_string()));
    }
    rows
}

/// What an address asked of the figure that it could not play.
pub mod session_notice {
    use lab_model::params::notice_text;

    pub fn unknown_variant(given: &str) -> String {
        format!("주소의 설계 이름(‘{}’)을 알 수 없어 무시하고 (a) 기본 락으로 엽니다.", notice_text(given))
    }

    pub fn threads_clamped(given: &str, threads: u8) -> String {
        format!("주소의 스레드 수(‘{}’)가 2~3 밖이어서 {threads}개로 맞췄습니다.", notice_text(given))
    }

    pub fn threads_ignored(given: &str, threads: u8) -> String {
        format!("주소의 스레드 수(‘{}’)가 숫자가 아니어서 무시하고 {threads}개로 엽니다.", notice_text(given))
    }

    pub fn schedule_malformed(given: &str, at: usize) -> String {
        format!(
            "주소의 순서(‘{}’)의 {}번째 글자는 단계가 아니어서 순서 전체를 무시했습니다.",
            notice_text(given),
            at + 1
        )
    }

    pub fn schedule_cut(step: usize) -> String {
        format!("주소의 순서 가운데 {step}번째 단계는 그 자리에서 둘 수 없어, 그 앞까지만 재생했습니다.")
    }

    pub fn schedule_too_long(max: usize) -> String {
        format!("주소의 순서가 {max}단계를 넘어 앞의 {max}단계만 재생했습니다.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn particles_follow_the_threads_names() {
        assert_eq!(action(&Action::Acquire { token: 1 }, Some(0), 1_000), "T1이 락을 잡습니다(SET NX PX). 토큰 1.");
        assert_eq!(action(&Action::Read { value: 1 }, Some(1), 1_000), "T2가 잔액 1,000원을 읽습니다.");
        assert_eq!(
            action(&Action::Stall { thread: 2, token: 3 }, None, 1_000),
            "T3이 멈춘 사이(GC, 지연) lease(토큰 3)가 만료됩니다. T3은 아직 락을 쥐었다고 믿습니다."
        );
        assert_eq!(
            action(&Action::Commit { balance: -1, approvals: 2 }, Some(0), 1_000),
            "T1이 커밋합니다. 잔액 −1,000원, 승인 2건."
        );
    }
}

/// Article B's smallest failing crash (`crate::vote`): the variants' names
/// (figure B2's row heads), one sentence per pipeline step, what a crash
/// there does, and the section's headings.
pub mod vote {
    use lab_model::korean::{with_particle, Particle};
    use lab_sim::vote::crashpoints::MatrixOptions;
    use lab_sim::vote::{
        FaultKind, InterruptStage, Layout, PipelineStep, Step, StepName, StoreProfile, TrueState, Variant,
        VALIDATOR_NAMES,
    };

    pub const TITLE: &str = "글 B: 한 번의 장애로 깨지는 가장 이른 지점";
    pub const HEAD_VARIANT: &str = "변형";
    pub const HEAD_VERDICT: &str = "판정";
    pub const HEAD_CHECKED: &str = "확인한 장애 지점";
    pub const HEAD_EARLIEST: &str = "가장 이른 실패 (단계)";
    pub const HEAD_FAULT: &str = "장애 종류";
    pub const VERDICT_UNSAFE: &str = "깨짐: 이중 투표 가능";
    pub const VERDICT_SAFE: &str = "안전: 모든 장애 지점 확인";
    pub const NOTHING_DONE: &str = "아무 단계도 하기 전입니다.";
    pub const ASSUMPTIONS: &str = "장애 지점 하나는 처리 단계 사이의 한 자리와 장애 종류(프로세스 종료 또는 전원 차단)의 \
         짝입니다. 각 지점에서 백그라운드 기록기와 OS 쓰기, 중단된 뒤 계속되는 저장 단계가 끼어들 수 있는 모든 순서를 \
         보고, 그중 하나라도 다시 켜진 A가 이미 보낸 표와 다른 값에 서명하게 되면 그 지점은 실패입니다(그림 B2의 빨간 칸). \
         시뮬레이션 재실행은 백그라운드 일이 아직 없는 순서를 돌립니다.";

    /// The faults under which a crash point fails: "프로세스 종료·전원 차단".
    pub fn faults(faults: &[FaultKind]) -> String {
        faults.iter().map(|&f| fault(f)).collect::<Vec<_>>().join("·")
    }

    fn profile(p: StoreProfile) -> &'static str {
        match p {
            StoreProfile::H2Like => "H2형(커밋 → 저장 큐)",
            StoreProfile::WalOsCache => "커밋 시 OS 캐시",
            StoreProfile::RocksSyncWal => "동기식 WAL(커밋 = 디스크)",
        }
    }

    /// The matrix's options in one sentence, naming figure B2; the signed
    /// action is A's prevote at `height` and 0-based `round`.
    pub fn options_line(o: &MatrixOptions, height: u64, round_index: u32) -> String {
        let layout = match o.layout {
            Layout::AppendLog => "서명 기록을 덧붙이는 로그",
            Layout::LastStateRow => "마지막 서명 상태 한 행을 덮어쓰기",
        };
        format!(
            "A가 높이 {height}, {}에서 X에 하는 사전 투표 하나를 변형마다 처리 단계 사이에서 끊어 봅니다. 저장소 {}, \
             장치는 동기화를 {}, {layout}, 동기화 오류 뒤의 '성공'은 {}: 그림 B2(장애 지점 지도)가 처음 여는 설정입니다.",
            lab_model::vote_words::round_ko(round_index),
            profile(o.profile),
            if o.device_honours_sync { "지킴" } else { "지키지 않을 수 있음" },
            if o.poisoning { "믿지 않음" } else { "믿음" },
        )
    }

    pub use lab_model::vote_words::{fault_ko as fault, step_name_ko as event, variant_ko as variant};

    /// The table's earliest failure: "2단계 뒤: B에게 전송 (`SEND_B`)".
    pub fn earliest(depth: u32, after: &str) -> String {
        let name = StepName::parse(after).map_or_else(|| after.to_string(), event);
        format!("{depth}단계 뒤: {name} (`{after}`)")
    }

    /// A variant's heading over its steps.
    pub fn heading(depth: u32, faults: &[FaultKind]) -> String {
        format!("가장 이른 실패, {depth}단계 뒤의 {}", self::faults(faults))
    }

    /// Where a record really is after a sync that cannot be trusted.
    fn true_state(t: TrueState) -> &'static str {
        match t {
            TrueState::OsCache => "OS 캐시에만 있습니다",
            TrueState::Disk => "디스크에 닿았습니다",
            TrueState::Dropped => "OS가 버려 사라졌습니다",
        }
    }

    /// Where a commit puts the record under `p`.
    fn committed_to(p: StoreProfile) -> &'static str {
        match p {
            StoreProfile::H2Like => "저장 큐(DB 프로세스의 메모리)",
            StoreProfile::WalOsCache => "OS 캐시",
            StoreProfile::RocksSyncWal => "디스크(동기식 WAL)",
        }
    }

    /// The sentence of one step of `variant`'s pipeline; `hidden` is the
    /// record's true place after a sync whose answer cannot be trusted.
    pub fn step(variant: Variant, name: StepName, hidden: Option<TrueState>, p: StoreProfile) -> String {
        let value = if name.conflicting { "Y" } else { "X" };
        let hidden = hidden.map(true_state).unwrap_or("알 수 없습니다");
        match name.step {
            PipelineStep::Start => NOTHING_DONE.to_string(),
            PipelineStep::OuterBegin => "호출한 쪽이 바깥 트랜잭션을 엽니다.".to_string(),
            PipelineStep::Sign if name.conflicting => {
                "A가 앞의 X를 실패로 여기고, 같은 자리에서 Y에 대한 사전 투표에 서명합니다.".to_string()
            }
            PipelineStep::Sign => "A가 X에 대한 사전 투표에 서명합니다.".to_string(),
            PipelineStep::WriteRefused => {
                "안전 저장소가 바깥 트랜잭션에 합류하는 기록을 거절합니다: 서명은 나가지 않습니다.".to_string()
            }
            PipelineStep::Write if variant == Variant::V2 => {
                "서명 기록(X)을 바깥 트랜잭션 안에서 씁니다: 바깥이 커밋할 때까지 아무 데도 남지 않습니다.".to_string()
            }
            PipelineStep::Write => format!("서명 기록({value})을 트랜잭션 안에서 씁니다: 아직 커밋 전입니다."),
            PipelineStep::Commit => format!("{value}의 기록을 커밋합니다: 기록은 {}에 있습니다.", committed_to(p)),
            PipelineStep::SyncCall => {
                "동기화 SQL을 부릅니다: OS 캐시에 있던 것만 디스크로 가고, 저장 큐는 기다리지 않습니다.".to_string()
            }
            PipelineStep::Drain => format!("저장 큐를 비웁니다: {value}의 기록이 OS 캐시로 내려갑니다."),
            PipelineStep::Fsync if hidden != "알 수 없습니다" => format!(
                "{value}의 파일 동기화가 '성공'을 돌려주지만 앞선 오류 뒤라 믿을 수 없습니다: 실제로 기록은 {hidden}."
            ),
            PipelineStep::Fsync => format!("파일을 동기화합니다(fsync): {value}의 기록이 디스크에 닿습니다."),
            PipelineStep::FsyncError => {
                format!("파일 동기화가 오류를 냅니다: 기록이 어디까지 갔는지 알 수 없고, 이 경우 실제로는 {hidden}.")
            }
            PipelineStep::Fenced => "안전 저장소를 차단(fence)합니다: 이제 어떤 서명도 나가지 않습니다.".to_string(),
            PipelineStep::NewEngine => {
                "새 엔진이 같은 저장소를 다시 엽니다: 프로세스 안에서는 커밋된 X가 보이므로 X를 다시 보냅니다."
                    .to_string()
            }
            PipelineStep::Send(peer) => {
                let to = VALIDATOR_NAMES.get(peer).copied().unwrap_or("?");
                format!("A가 {value}에 대한 표를 {to}에게 보냅니다.")
            }
            PipelineStep::OuterCommit => {
                format!("바깥 트랜잭션이 커밋됩니다: 기록은 이제 {}에 있습니다.", committed_to(p))
            }
            PipelineStep::OuterRollback => {
                "바깥 트랜잭션이 롤백됩니다: 이미 보낸 X의 기록이 함께 사라집니다.".to_string()
            }
            PipelineStep::InterruptAt(stage) => {
                let during = match stage {
                    InterruptStage::Commit => "커밋",
                    InterruptStage::Drain => "저장 큐 비우기",
                    InterruptStage::Fsync => "파일 동기화",
                };
                let then = match variant {
                    Variant::IWaitThenFence => "A는 연결을 쥔 채 그 단계가 실제로 끝나기를 기다립니다.",
                    Variant::IAsSuccess => "호출한 쪽은 곧바로 성공을 받고, 남은 저장 단계는 뒤에서 계속됩니다.",
                    Variant::IAbortRelease => {
                        "호출한 쪽은 곧바로 실패를 받고 연결을 반납합니다: X의 커밋과 그 뒤 단계는 뒤에서 계속됩니다."
                    }
                    _ => "",
                };
                format!("{during} 중에 중단 요청(interrupt)이 옵니다. {then}").trim_end().to_string()
            }
        }
    }

    /// What a crash at the earliest failing point does: per failing fault
    /// (kill first), how many of the background interleavings there fail, of how many.
    pub fn crash_verdict(orders: &[(FaultKind, u32, u32)]) -> String {
        let names: Vec<&str> = orders.iter().map(|o| fault(o.0)).collect();
        let subject = with_particle(&names.join("나 "), Particle::IGa);
        let partly: Vec<String> = orders
            .iter()
            .filter(|o| o.1 < o.2)
            .map(|&(f, bad, all)| format!("{} {all}가지 중 {bad}가지", with_particle(fault(f), Particle::EunNeun)))
            .collect();
        let (orders, may) = if partly.is_empty() {
            (String::new(), "않습니다")
        } else {
            (format!("(백그라운드 일이 끼어드는 순서에 따라: {})", partly.join(", ")), "않을 수 있습니다")
        };
        format!(
            "→ 바로 여기서 {subject} 일어나면{orders}, 다시 켜진 A가 복구한 서명 기록이 이미 보낸 표와 맞지 \
             {may}. 같은 자리에 다른 값이 오면 A는 그 값에도 서명합니다: 이중 투표."
        )
    }

    fn consensus_step(s: Step) -> &'static str {
        match s {
            Step::Propose => "제안",
            Step::Prevote => "사전 투표",
            Step::Precommit => "커밋 투표",
            Step::Commit => "확정",
        }
    }

    /// What the simulation's story counted at that crash: `pair` the first
    /// equivocation (height, step, first value, second value), `forgotten`
    /// the value amnesia lost, `seen` a false memory's (recovered, seen).
    pub fn simulated(
        f: FaultKind,
        pair: Option<(u64, Step, String, String)>,
        forgotten: Option<String>,
        seen: Option<(String, String)>,
    ) -> String {
        let mut out =
            format!("시뮬레이션(lab-sim)에서 이 지점의 {} 다시 돌리면: ", with_particle(fault(f), Particle::EulReul));
        match pair {
            Some((height, step, a, b)) => {
                out += &format!(
                    "A가 높이 {height}의 같은 라운드 {}에서 {} {b}에 모두 서명합니다(이중 투표).",
                    consensus_step(step),
                    with_particle(&a, Particle::GwaWa)
                )
            }
            None => out += "이중 투표가 일어나지 않습니다.",
        }
        if let Some(v) = forgotten {
            out += &format!(" 복구한 기록에 {} 없습니다(기억 상실).", with_particle(&v, Particle::IGa));
        }
        if let Some((recovered, seen)) = seen {
            out += &format!(" 복구한 기록은 {recovered}인데 다른 검증자들이 본 것은 {seen}입니다(거짓 기억).");
        }
        out
    }
}
