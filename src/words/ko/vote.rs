//! The Korean words of Article B's figures: scenes, verdicts, labels, the crash matrix and the tap-to-crash figure.

use crate::vote::{
    BeatWords, CapWords, ControlWords, CrashMapWords, EventWords, FigureWords, LivenessWords, MatrixWords, NameWords,
    PageWords, PendingStepWords, RunWords, ShortStepWords, StackWords, StoryDrawWords, StoryTipWords, TapCrashWords,
    VoteWords,
};

/// The Korean table.
pub const VOTE: VoteWords = VoteWords {
    names: NAMES,
    events: EVENTS,
    run: RUN,
    cap: CAP,
    draw: DRAW,
    story_tips: STORY_TIPS,
    stack: STACK,
    figure: FIGURE,
    tap: TAP,
    matrix: MATRIX,
    liveness: LIVENESS,
    beats: BEATS,
    page: PAGE,
    crash_map: CRASH_MAP,
    controls: CONTROLS,
};

const NAMES: NameWords = NameWords {
    profiles: ["H2형 (커밋 → 저장 큐)", "커밋 시 OS 캐시", "동기식 WAL (커밋 = 디스크)"],
    conflicts: ["제안자가 A에게 Y를 보냄", "제안 시간 초과 → nil 투표"],
    verdicts: ["안전", "이중 투표 가능", "차단(멈춤)"],
    layers: ["트랜잭션", "저장 큐", "OS 캐시", "디스크", "유실"],
    consensus_steps: ["제안", "사전", "커밋", "확정"],
    consensus_steps_long: ["제안", "사전 투표", "커밋 투표", "확정"],
    msg_kinds: ["제안", "사전 투표", "커밋 투표"],
    short: ShortStepWords {
        start: "시작",
        sign: "서명",
        write: "기록",
        write_refused: "거절",
        commit: "커밋",
        drain: "비우기",
        fsync: "동기화",
        fsync_error: "동기화 오류",
        sync_call: "SQL 동기화",
        interrupt: "중단",
        send_to: "→{to}",
        send: "전송",
        outer_begin: "바깥 시작",
        outer_commit: "바깥 커밋",
        outer_rollback: "바깥 롤백",
        fenced: "차단",
        new_engine: "새 엔진",
    },
    pending: PendingStepWords {
        fsync: "파일 동기화",
        drain: "저장 큐 비우기",
        commit: "커밋",
        sync_call: "동기화 호출",
        write: "기록",
        other: "처리 단계",
    },
};

const EVENTS: EventWords = EventWords {
    step_entered: "{who}가 높이 {height}, {round}의 {step} 단계에 들어감",
    pipeline: "{who}의 처리 단계 '{event}' 완료 ({index}번째 사건, 코드 이름 {code})",
    background: "{who}의 백그라운드 작업 '{event}' 완료 (코드 이름 {code})",
    sent: "{from}가 {to}에게 {signer}의 {kind} {value} 전송{relayed}",
    relayed: " (중계)",
    received: "{to}가 {from}로부터 {signer}의 {kind} {value} 수신",
    layer_changed: "{who}의 안전 기록이 {layer}({code}) 계층으로",
    crashed: "⚡ {who}에 {fault}",
    restarted: "{who} 재시작",
    recovered: "{who}가 안전 기록 {records}개를 복원",
    fenced: "{who}의 안전 저장소 차단",
    engine_recreated: "{who}가 같은 저장소 위에 새 엔진을 만듦",
    engine_open_refused: "차단된 저장소가 {who}의 새 엔진을 거부",
    store_access_refused: "차단된 저장소가 {who}의 읽기·쓰기를 거부",
    safety_refused: "{who}가 {wanted} 서명을 거부 (기록에 {recorded}가 있음)",
    rebroadcast: "{who}가 기록해 둔 {value} 투표를 같은 서명으로 다시 보냄",
    join_refused: "{who}의 저장 호출이 바깥 트랜잭션 합류를 거절당함",
    sync_error: "{who}의 파일 동기화에서 예외 (결과를 알 수 없음)",
    interrupt: "{who}의 {stage} 대기 중 중단 요청",
    conn_returned: "경고: {who}가 작업이 남은 연결을 풀에 반납",
    outer_committed: "{who}의 바깥 트랜잭션 커밋",
    outer_rolled_back: "{who}의 바깥 트랜잭션 롤백 — 안전 기록도 지워짐",
    duplicate: "{who}가 {signer}의 이중 투표 증거를 쥠 ({v1}와 {v2})",
    conflict: "{from}가 {to}에게 충돌 값 {value} 제시",
    timeout: "{who}의 {step} 시간 초과",
    finalized: "{who}가 높이 {height}에서 {value} 확정",
    caught_up: "{who}가 높이 {height}까지 따라잡음",
    tx_submitted: "거래 {tx} 제출",
    tx_finalized: "거래 {tx|이/가} 높이 {height}에서 확정",
    status: "{who}의 상태 조회 응답 ({latency}µs)",
};

const RUN: RunWords = RunWords {
    variant: "A의 처리 방식: {variant} ({code}). ",
    fault: "A에 {fault|을/를} {at}에 주입했습니다{after}. ",
    after_step: " ({k}번째 처리 단계 {event}({code}) 직후)",
    before_first: " (첫 처리 단계 전)",
    no_fault: "A에 장애를 넣지 않았습니다. ",
    restart: "A는 {at}에 재시작해 안전 기록 {records}개를 복원했습니다. ",
    fenced: "A의 안전 저장소는 {at}부터 차단됐습니다. ",
    amnesia: "재시작한 A는 네트워크가 본 투표 {n}개를 기억하지 못했습니다(망각). ",
    false_memory: "A가 네트워크가 본 것과 다른 값을 기록에서 되살렸습니다(틀린 기억). ",
    no_double_vote: "B, C, D 누구도 A의 이중 투표 증거를 쥐지 않았습니다. ",
    double_vote:
        "이중 투표: 높이 {height}, {round}에서 A의 {v1}와 {v2} 서명이 모두 퍼졌고, {who}가 {at}에 처음 감지했습니다. ",
    refusals: "A는 기록과 충돌하는 서명을 {n}번 거부했습니다. ",
    early_sends: "기록이 디스크에 닿기 전에 나간 전송이 {n}번 있었습니다. ",
    conn_returned: "경고: 작업이 남은 DB 연결을 풀에 반납했습니다. ",
    liveness_all: "네트워크는 {secs}초 동안 높이 {height}까지 확정했고, 장애 뒤 제출한 거래 두 건은 모두 확정됐습니다.",
    liveness_not_all:
        "네트워크는 {secs}초 동안 높이 {height}까지 확정했고, 장애 뒤 제출한 거래 두 건은 모두 확정되지는 않았습니다.",
};

const CAP: CapWords = CapWords {
    stopped: "작업량 상한: 이 설정은 사건이 많아 {at} 시점에서 실행을 멈췄습니다 (실행 한 번에 사건 최대 {max}개, 관찰 구간 {horizon}).",
    costs_nothing: " 서명·WAL 쓰기·커밋·비우기·동기화·전송 시간과 확정 후 대기가 모두 0이라 높이 하나가 몇 µs 만에 확정됩니다. 값마다 허용 범위 안이지만, 실제 장치에서는 있을 수 없는 설정입니다.",
};

const DRAW: StoryDrawWords = StoryDrawWords {
    down: "꺼짐",
    fenced: "차단됨",
    us: "{name} (우리)",
    outer_committed: "바깥 트랜잭션 → 커밋",
    outer_rolled_back: "바깥 트랜잭션 → 롤백",
    outer_open: "바깥 트랜잭션 (진행 중)",
    lost: "{value} 유실",
    unknown: "결과를 알 수 없음",
    power: "전원",
    kill: "종료",
    restart: "재시작",
    refused: "{value} 거부",
    refused_fenced: "↩ 거부",
    join_refused: "합류 거절",
    sync_error: "동기화 오류?",
    interrupt: "중단 요청",
    conn_returned: "⚠ 연결 반납",
    evidence: "증거 {v1}·{v2}",
    no_evidence: "증거 없음",
    probes: "상태 조회",
    axis_warped: "시간축 비선형: 짧은 간격일수록 넓게",
    axis_gaps: "// 자리는 긴 시간을 줄여 그림 (시간축 비선형)",
    title_joining: "합류하는 구현 (V2)",
    title_refusing: "합류를 거절하는 구현 (V2g)",
    waits_for_upper: "위 이야기가 끝나면 이어집니다",
};

const STORY_TIPS: StoryTipWords = StoryTipWords {
    message: "{signer}의 {kind} {value} (높이 {height}, 라운드 {round}): {from} → {to}",
    message_line: "{what} · {at} 보냄, {fate}",
    arrived: "{at} 도착",
    in_flight: "아직 가는 중",
    undelivered: "받는 쪽이 꺼져 있어 닿지 못함",
    crash: "{at}: A 중단, {how} (그 직전 A의 기록 {kept}개가 저장 계층에 있었음)",
    crash_power: "전원 차단: 운영체제 캐시까지 사라집니다",
    crash_kill: "프로세스 종료: 프로세스 안의 기록이 사라집니다",
    restart: "{at}: A가 다시 시작해 남은 기록으로 돌아옴",
    badge: "{who}의 증거함: {at}에 A가 같은 자리(높이 {height}, 라운드 {round})에 서명한 {v1}와 {v2}를 둘 다 받음 · 이중 투표 증거",
    no_badge: "{who}의 증거함: 지금까지 A의 이중 투표 증거 없음",
    fenced: "{at}부터 A의 안전 저장소가 차단됨: 재시작해 복구하기 전에는 읽기도 쓰기도 거부",
    stage: "A의 처리 단계 {step}: {start} → {end}{how}",
    stage_open: "진행 중",
    stage_failed: " · 실패하거나 중단됨",
    stage_background: " · 호출한 쪽 모르게 뒤에서 진행",
};

const STACK: StackWords = StackWords {
    faults: ["장애 전", "프로세스 종료", "전원 차단"],
    places: ["커밋 전 트랜잭션", "DB 저장 큐 (프로세스 안)", "운영체제 캐시", "장치"],
    chip: "h{height} {step} {value}",
    wiped_empty: "사라짐 (기록 없음)",
    wiped: "기록 {n}개 사라짐",
    tip_record: "기록 {label}: {layer}에 있음{fate}",
    tip_layer: "{layer} 계층: A의 기록 {n}개{tail}",
    survives: " · {fault} 뒤에도 남음",
    gone: " · {fault|으로/로} 사라짐",
    press: " · 누르면 {fault}",
    lost_after: " · {fault} 뒤 {n}개 사라짐",
    offer: "{layer} 계층: 클릭하거나 Enter를 누르면 {fault|을/를} 일으켜 이 계층까지 무엇이 남는지 봅니다.",
    offer_none: "계층을 클릭하면 그 계층에 닿는 장애를 일으킵니다. 키보드로는 그림에 초점을 두고 ↑↓로 계층을 고른 뒤 Enter를 누릅니다.",
};

const FIGURE: FigureWords = FigureWords {
    blocked: "멈춘 노드 {n}개",
    verdict_unsafe: "✗ 이중 투표: {who}가 A의 {v1}와 {v2} 서명을 모두 쥠",
    verdict_fenced: "■ 차단: A가 스스로 멈췄고 이중 투표 증거는 없음",
    verdict_lost: "⚠ 아직 이중 투표는 없지만, 네트워크가 본 A의 {value} 투표 기록이 저장소에서 사라졌음 (재시작하면 막을 근거가 없음)",
    verdict_safe: "✓ 안전: 이중 투표 증거 없음",
    warning_conn: "⚠ 경고: 저장 작업이 남은 DB 연결을 풀에 반납했습니다. 호출자는 \"기록 안 됨\"으로 믿지만 기록은 뒤늦게 생깁니다.",
    upper_panel: "위 패널 — {story}",
    lower_panel: " 아래 패널 — 합류 거절: 저장 호출이 {how}, 그 자리의 투표 전송 {n}건. {story}",
    join_refused: "오류로 끝났고",
    join_not_refused: "거절되지 않았고",
    liveness_run: "멈춘 노드 {n}개: {secs}초 동안 높이 {height}까지 확정, 장애 뒤 제출한 거래 {txs}건 중 {finalized}건 확정{first}.",
    first_finalized: ", 장애 뒤 첫 확정까지 {at}",
    probes: " 상태 조회 {probes}번 중 {answered}번 응답, 그중 {stalled}번은 동기화를 기다리며 멈춤(최대 {max}). 동기화가 막힌 동안 나간 합의 메시지 {sends}개.",
    stack: "{at} 시점 A의 안전 기록: Tx {tx}개, Committed {committed}개, OsCache {os}개, Disk {disk}개. {fate}{device}",
    stack_no_fault: "아직 장애 없음.",
    stack_after: "{fault} 뒤 {total}개 중 {alive}개가 남음.",
    device_ignores_sync: " 장치가 동기화를 무시하므로 최근 디스크 기록도 잃는다.",
    fact_lost_label: "{fault} 뒤 잃는 A의 안전 기록",
    fact_lost_where: "{fault} 버튼",
    fact_records: "{total}개 중 {n}개",
    fact_finalized_label: "장애 뒤 제출한 거래 중 확정된 거래",
    fact_txs: "{total}건 중 {n}건",
};

const TAP: TapCrashWords = TapCrashWords {
    lane: "A의 처리",
    network: "네트워크",
    pick: "A의 줄을 눌러 장애 시각을 고르세요",
    safe: "안전",
    could_twice: "이중 투표 가능",
    did_twice: "이중 투표함",
    fenced: "차단(멈춤)",
    kept: "남음",
    wiped: "사라짐",
    keys: "Enter 종료 · Shift+Enter 전원",
    not_yet: "아직 장애를 일으키지 않았습니다. A의 줄을 눌러 장애가 날 시각을 고르세요.",
    vote: "높이 {height} {step} {value}",
    struck: "{at}에 {fault}",
    during_stage: " (A는 '{stage}' 단계를 처리하던 중). ",
    idle: ". ",
    no_records: "A의 안전 기록은 아직 어디에도 없었습니다. ",
    record: "{label}는 {layer}에 있었고 {fate}",
    records: "기록: {list}. ",
    none_sent: "네트워크는 A의 투표를 아직 받지 않았습니다. ",
    sent_vote: "{label} (받은 노드: {to})",
    sent: "네트워크가 가진 A의 투표: {list}. ",
    none_restored: "복원한 기록 없음",
    restored: "복원: {list}",
    after_restart: "재시작 뒤 {restored}. 판정: {verdict}",
    forgotten: " (잊은 투표: {list})",
    badge: "재시작 뒤: {verdict}",
};

const MATRIX: MatrixWords = MatrixWords {
    row: "{variant} ({code}): ",
    no_danger: "위험한 칸 없음",
    danger: "프로세스 종료 시 위험 {kill}칸{kill_from}, 전원 차단 시 위험 {power}칸{power_from}",
    from: "({event}부터)",
    fenced: ", 차단 {n}칸",
    whole: "장애 지점 지도, {rows}개 행: {parts}.",
};

const LIVENESS: LivenessWords = LivenessWords {
    x_axis: "시간 (초)",
    y_axis: "확정 높이",
    finalized: "거래 {names} 확정",
    not_finalized: "거래 제출 (확정 안 됨)",
};

const BEATS: BeatWords = BeatWords {
    layers: [
        "아직 어디에도 쓰이지 않았습니다",
        "커밋되지 않은 트랜잭션 안에 있습니다",
        "커밋은 됐지만 아직 DB 프로세스의 저장 큐에 있습니다",
        "운영체제의 캐시에 있고, 디스크에는 아직 없습니다",
        "디스크에 있습니다",
        "이미 사라졌습니다",
    ],
    held: "{to}가 A의 {value} 투표를 받습니다. {to}는 A의 {value} 서명을 쥐었지만, A는 꺼져 있고 A의 기록은 {layer}.",
    sign: "A가 {proposer}의 제안 X를 받고 서명합니다.{outer} 이 서명은 아직 A의 메모리에만 있습니다.",
    sign_outer: " 호출자가 연 바깥 트랜잭션 안에서입니다.",
    write_outer: "A가 안전 기록을 씁니다. 저장 호출이 바깥 트랜잭션에 합류했기 때문에, 이 기록은 바깥 트랜잭션이 끝날 때까지 커밋되지 않습니다.",
    commit_committed: "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 커밋은 됐지만, 기록은 아직 DB 프로세스의 저장 큐에 있습니다.",
    commit_os: "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 이 저장소는 커밋하면서 기록을 운영체제의 캐시까지 넘깁니다. 이제 프로세스가 죽어도 남지만, 디스크에는 아직 없어 전원이 나가면 사라질 수 있습니다.",
    commit_disk: "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 이 저장소는 커밋하면서 기록을 디스크까지 동기화합니다.{kept}",
    commit_other: "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 이 순간 A의 기록은 {layer}.",
    kept: " 이제 전원이 나가도 남습니다.",
    kept_lying: " 하지만 이 장치는 동기화를 지키지 않습니다. 동기화가 성공했다고 돌아와도, 디스크에 닿고 {window} 안에 전원이 나가면 기록은 사라질 수 있습니다.",
    drain_os_stays: "저장 큐가 비워집니다. 기록은 이미 운영체제의 캐시에 있었으니 달라지는 것이 없습니다. 프로세스가 죽어도 남지만, 전원이 나가면 사라질 수 있습니다.",
    drain_to_os: "저장 큐가 비워져 기록이 운영체제의 캐시로 넘어갑니다. 이제 프로세스가 죽어도 남지만, 전원이 나가면 사라질 수 있습니다.",
    drain_disk_stays: "저장 큐가 비워집니다. 기록은 이미 디스크에 닿아 있었으니 달라지는 것이 없습니다.",
    drain_other: "저장 큐가 비워집니다. 이 순간 A의 기록은 {layer}.",
    fsync_waited: "A는 DB 연결을 놓지 않고 기다립니다. ",
    fsync_disk_stays: "파일 동기화가 끝납니다. 기록은 이미 디스크에 닿아 있었습니다.",
    fsync_to_disk: "파일 동기화가 끝나 기록이 디스크에 닿습니다.",
    fsync_other: "파일 동기화가 끝납니다. 이 순간 A의 기록은 {layer}.",
    send_x: "A가 X 투표를 {to}에게 보냅니다. 이제 네트워크가 A의 X를 압니다. 이 순간 A의 기록은 {layer}.",
    send_y: "{proposer}가 같은 자리에 다른 값 Y를 내밀자, A는 Y에 서명해 보냅니다.",
    send_y_forgot: "{proposer}가 같은 자리에 다른 값 Y를 내밀자, X를 기억하지 못하는 A는 Y에 서명해 보냅니다.",
    interrupt: [
        "커밋을 기다리는 사이 A에게 중단 요청이 옵니다. 기록이 커밋됐는지는 아직 아무도 모릅니다.",
        "저장 큐 비우기를 기다리는 사이 A에게 중단 요청이 옵니다. 저장 큐가 비워졌는지는 아직 아무도 모릅니다.",
        "파일 동기화를 기다리는 사이 A에게 중단 요청이 옵니다. 기록이 디스크에 닿았는지는 아직 아무도 모릅니다.",
    ],
    sync_error: "파일 동기화가 오류로 끝납니다. 기록이 디스크에 닿았는지 A는 알 수 없습니다.",
    fenced_interrupted: "중단된 호출은 실패로 돌아오고, A는 안전 저장소를 차단합니다. 결과를 모르는 기록을 믿고 X를 보내지 않습니다.",
    fenced_sync_error: "A는 결과를 모르는 기록을 믿고 보내지 않고, 안전 저장소를 차단해 스스로 멈춥니다.",
    engine_refused: "같은 저장소 위에 새 엔진을 열려 해도, 차단된 저장소가 거부합니다. 프로세스를 다시 시작해 보존된 기록을 복원하고 확인하기 전에는 A가 다시 투표하지 못합니다.",
    join_refused: "A의 저장 호출이 바깥 트랜잭션 안에서 불렸으므로, 저장소는 합류를 거절하고 오류를 돌려줍니다. 기록도 전송도 없습니다.",
    access_refused: "차단된 저장소는 A의 읽기와 쓰기를 모두 거부합니다.",
    engine_recreated: "A가 같은 저장소 위에 새 엔진을 만들어 그냥 계속합니다. 결과를 모르는 기록은 그대로 둔 채입니다.",
    conn_returned: "A가 저장 작업이 남은 DB 연결을 곧바로 풀에 반납합니다. 호출자는 \"기록 안 됨\"으로 믿지만, 기록은 뒤늦게 생길 수 있습니다.",
    outer_committed: "바깥 트랜잭션이 커밋되면서, 그 안에 있던 A의 기록도 이제야 커밋됩니다.",
    outer_rolled_back: "바깥 트랜잭션이 롤백되면서 A의 기록도 함께 지워집니다. X 투표는 이미 나갔는데, 그것을 기억할 기록이 없습니다.",
    crash: "⚡ {what}. 그 순간 A의 기록은 {layer}.",
    crash_at_send: "A가 X 투표를 {to}에게 보내자마자 ⚡ {what}. 그 순간 A의 기록은 {layer}.",
    crash_kill: "A의 프로세스가 강제로 종료됩니다",
    crash_power: "A가 도는 기계의 전원이 나갑니다",
    recovered: "{after}{head} {memory}",
    after: "{gap} 뒤 ",
    restored_none: "A가 다시 시작하지만 복원할 안전 기록이 없습니다.",
    restored: "A가 다시 시작해 안전 기록 {n}개를 복원합니다.",
    restored_other: "A가 다시 시작해 안전 기록 {n}개를 복원하지만, 그중에 이 자리의 기록은 없습니다.",
    remembers: "A는 자기가 {v}에 투표했다는 것을 기억합니다.",
    remembers_other: "이 자리의 마지막 기록은 {r}이므로, A는 자기가 {r}에 투표했다는 것을 기억합니다.{earlier}",
    earlier: " 앞서 내보낸 투표는 {v|이었습니다/였습니다}.",
    forgot_sent: "A는 자기가 {v}에 투표했다는 사실을 잊었습니다.",
    forgot_unsent: "A는 {v}에 서명했던 일을 잊었지만, 그 투표는 아무에게도 나가지 않았습니다.",
    rebroadcast: "A는 기록해 둔 {value} 투표를 같은 서명으로 다시 보냅니다. 같은 바이트이니 이중 투표가 아닙니다.",
    refused: "{proposer}가 같은 자리에 다른 값 {wanted|을/를} 내밀지만, A는 기록에 {recorded|이/가} 있으니 {wanted}에 서명하지 않습니다.",
    refused_nil: "A가 같은 자리에 {wanted} 투표를 하려 하지만, 기록에 {recorded|이/가} 있으니 {wanted}에 서명하지 않습니다.",
    detected: "{who}가 A의 {v1}와 {v2} 서명을 모두 쥡니다. 같은 자리에 두 값을 서명한 이중 투표의 증거입니다.",
    gap_s: "{n}초",
    gap_ms: "{n}ms",
    waits: "A가 {what}의 답을 기다립니다. ",
    waits_long: "A가 {what}의 답을 기다린 지 {gap}, 아직 답이 없습니다. ",
    opening: "{wait}이 순간 A의 기록은 {layer}.{mark}",
    sync_error_mark: "동기화 오류 지점",
    sync_error_mark_sentence: "점선은 이 동기화가 오류로 끝나는 지점입니다.",
    mark: " {sentence}",
};

const PAGE: PageWords = PageWords {
    module_failed: "그림 모듈을 불러오지 못했습니다 ({why}). 페이지를 새로 고쳐 주세요.",
    compute_failed: "그림을 계산하지 못했습니다 ({error}).",
    bad_reply: "그림 모듈의 답을 읽지 못했습니다.",
    computing: "그림을 계산하는 중…",
    unknown_figure: "그림 {id|은/는} 없는 그림입니다.",
    verdict_hidden: "{caption} 결과는 장면을 끝까지 따라가거나 실험실의 \"결과 보기\"를 누를 때까지 숨겨 둡니다.",
    order: "순서",
    fault: "장애",
    fault_button: "⚡ {fault}",
    device_ignores_sync: "장치가 동기화를 무시",
    how_to_strike:
        "A의 줄을 누르면 그 시각에 장애가 납니다. 키보드: ←/→로 시각, Enter는 프로세스 종료, Shift+Enter는 전원 차단.",
    lane_label: "A의 처리 줄: 장애를 일으킬 시각 고르기. {how}",
};

const CRASH_MAP: CrashMapWords = CrashMapWords {
    failed: "장애 지점 지도를 계산하지 못했습니다 ({error}).",
    computing: "장애 지점 지도를 계산하는 중…",
    cell: "{variant} ({code}), {event} 직후 {fault}: {verdict}{risk} — 눌러서 타임라인 열기",
    risk: ", 경우 {n}개 중 {k}개 위험",
    profile: "저장소 설정",
    sync_kept: "지킴",
    sync_ignored: "무시",
    legend: "범례",
    safe: "안전",
    unsafe_vote: "이중 투표 가능",
    fenced: "차단(스스로 멈춤)",
    halves: "칸 왼쪽: 프로세스 종료 · 오른쪽: 전원 차단 · k/n: n개 경우 중 k개 위험",
    caption: "{profile} · 장치가 동기화를 {sync} · 브라우저 안에서 계산한 {n}개 경우",
    more_right: "표를 옆으로 밀면 뒤의 처리 단계가 더 있습니다 →",
    more_left: "← 표를 옆으로 밀면 앞의 처리 단계가 다시 보입니다",
    table_label: "장애 지점 지도: 행은 처리 방식 {rows}개, 열은 처리 단계 {cols}개",
    table_caption: "장애 지점 지도 — {profile}, 장치가 동기화를 {sync}. 브라우저 안에서 계산한 {n}개 경우. 행은 처리 방식, 열은 장애 직전에 끝난 처리 단계입니다.",
    corner: "처리 방식 ↓ · 처리 단계 →",
    code_name: "{name} — 코드 이름 {code}",
    no_cell: "해당 없음",
    note: "이 표는 명령줄 도구가 `lab crashpoints`로 출력하는 표와 같은 계산입니다. 같은 단계 이름이 여러 갈래(숨은 저장 상태)에 나오면 가장 나쁜 갈래를 보여 주고, 누르면 그 갈래를 엽니다. 단계 이름에 마우스를 올리면 코드 이름(예: INTERRUPT@COMMIT)이 보입니다.",
};

const CONTROLS: ControlWords = ControlWords {
    figure_label: "그림 {number} ({id})",
    lower_canvas: "합류를 거절하는 구현의 타임라인 — 자세한 설명은 그림 아래 글",
    all_settings: "모든 설정",
    reset: "초기화",
    link: "이 상태의 링크",
    loading: "그림을 불러오는 중…",
    verdict_at_moment: "결과는 재생이 판정 순간에 이르면 나옵니다.",
    verdict_at_end: "결과는 장면을 마지막까지 따라가면 나옵니다.",
    reveal: "결과 보기",
    scenes_start: "\"다음 장면\"을 누르면 A의 첫 투표를 장면별로 따라갑니다.",
    scenes: "장면",
    prev_scene: "◀ 이전 장면",
    next_scene: "다음 장면 ▶",
    all_scenes: "장면 전체를 글로 읽기",
    end: "끝",
    no_fault: "장애 없음",
    before_first: "0 · 첫 처리 단계 전",
    after_step: "{k} · {code} 직후 ({name})",
    after_last: "{k} · 마지막 단계 뒤",
    crash_point: "장애 지점 (처리 단계 기준)",
    before_start: "시작 전",
    order_choice: "순서 선택",
    fault_kind: "장애 종류",
    conflict_source: "충돌 출처",
    profile: "저장소 설정",
    device_ignores_sync: "장치가 동기화를 무시",
    outer_end: "바깥 트랜잭션의 결과",
    rollback: "롤백",
    commit: "커밋",
    crash: "장애",
    crash_none: "넣지 않음",
    crash_after: "처리 단계 뒤에 넣음",
    implementation: "처리 방식",
    probe_shares_lock: "상태 조회가 엔진 잠금을 공유",
    true_state: "동기화 오류 뒤 진짜 저장 상태",
    lost: "유실",
    os_cache: "OS 캐시",
    disk: "디스크",
    interrupt_during: "중단 요청 시점",
    variant_default: "변형의 기본값",
    during_commit: "커밋 중",
    during_drain: "저장 큐 비우기 중",
    during_fsync: "파일 동기화 중",
    blocked: "멈춘 노드 수",
    blocked_value: "{n}개{quorum}",
    no_quorum: " (정족수 미달)",
    order: "순서",
    pick_fault: "장애 고르기",
};

#[cfg(test)]
mod tests {
    use crate::vote::{beat_sentence, describe_event, describe_story, event};
    use crate::{Lang, Words};
    use lab_model::facts::vote::BeatFact;
    use lab_sim::vote::{run, Device, EventKind, Layer, PipelineStep, TraceLevel, Value, VoteConfig};

    fn ko() -> &'static Words {
        Words::of(Lang::Ko)
    }

    /// The scenes of B6's starting story (V0, killed after its sync), in
    /// the words they always had.
    #[test]
    fn the_default_scenes_keep_their_words() {
        let honest = Device { honours_sync: true, cache_window_us: 2_000_000 };
        for (fact, said) in [
            (
                BeatFact::Commit { now: Some(Layer::Committed), device: honest },
                "A가 X의 안전 기록을 자기 트랜잭션에 쓰고 커밋합니다. 커밋은 됐지만, 기록은 아직 DB 프로세스의 저장 큐에 있습니다.",
            ),
            (
                BeatFact::Drain { before: Some(Layer::Committed), now: Some(Layer::OsCache) },
                "저장 큐가 비워져 기록이 운영체제의 캐시로 넘어갑니다. 이제 프로세스가 죽어도 남지만, 전원이 나가면 사라질 수 있습니다.",
            ),
            (
                BeatFact::Fsync { before: Some(Layer::OsCache), now: Some(Layer::Disk), device: honest, waited: false },
                "파일 동기화가 끝나 기록이 디스크에 닿습니다. 이제 전원이 나가도 남습니다.",
            ),
            (
                BeatFact::Recovered {
                    after_us: Some(2_000_000),
                    records: 1,
                    restored: Some(Value::X),
                    value: Value::X,
                    sent: false,
                },
                "2초 뒤 A가 다시 시작해 안전 기록 1개를 복원합니다. A는 자기가 X에 투표했다는 것을 기억합니다.",
            ),
            (
                BeatFact::Refused { proposer: 3, wanted: Value::Y, recorded: Value::X },
                "D가 같은 자리에 다른 값 Y를 내밀지만, A는 기록에 X가 있으니 Y에 서명하지 않습니다.",
            ),
            (
                BeatFact::Recovered { after_us: Some(2_000_000), records: 0, restored: None, value: Value::X, sent: true },
                "2초 뒤 A가 다시 시작하지만 복원할 안전 기록이 없습니다. A는 자기가 X에 투표했다는 사실을 잊었습니다.",
            ),
        ] {
            assert_eq!(beat_sentence(ko(), &fact), said);
        }
    }

    /// The particles follow the value: nil을 and X가 in a refusal of A's own
    /// nil vote; 였습니다 after a vowel, 이었습니다 after a consonant.
    #[test]
    fn the_particles_follow_the_values() {
        let nil = BeatFact::Refused { proposer: 3, wanted: Value::Nil, recorded: Value::X };
        assert_eq!(
            beat_sentence(ko(), &nil),
            "A가 같은 자리에 nil 투표를 하려 하지만, 기록에 X가 있으니 nil에 서명하지 않습니다."
        );
        let other =
            |value| BeatFact::Recovered { after_us: None, records: 2, restored: Some(Value::Y), value, sent: true };
        assert!(beat_sentence(ko(), &other(Value::X)).ends_with("앞서 내보낸 투표는 X였습니다."));
        assert!(beat_sentence(ko(), &other(Value::Block(3))).ends_with("앞서 내보낸 투표는 b3이었습니다."));
    }

    /// A device that ignores sync: the sync reports success, and a power
    /// loss within its cache window can still take the record.
    #[test]
    fn the_fsync_scene_warns_of_a_device_that_ignores_sync() {
        let fsync = |honours_sync, cache_window_us| {
            let device = Device { honours_sync, cache_window_us };
            beat_sentence(ko(), &BeatFact::Fsync { before: None, now: Some(Layer::Disk), device, waited: false })
        };
        let lying = fsync(false, 2_000_000);
        assert!(lying.contains("동기화가 성공했다고 돌아와도"), "{lying}");
        assert!(lying.contains("2초 안에 전원이 나가면 기록은 사라질 수 있습니다"), "{lying}");
        assert!(fsync(false, 0).ends_with("이제 전원이 나가도 남습니다."));
    }

    /// The simulation counts rounds from 0; what the reader sees counts from
    /// one, as the article does (the sim's round 1 is the second round).
    #[test]
    fn rounds_read_as_the_article_counts_them() {
        let trace = run(&VoteConfig::default(), TraceLevel::Full);
        let story = describe_story(ko(), &trace);
        assert!(story.contains("높이 10, 두 번째 라운드에서"), "{story}");
        let entered: Vec<String> = trace
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::StepEntered { .. }))
            .map(|e| describe_event(ko(), e))
            .collect();
        assert!(entered.iter().any(|t| t.contains("두 번째 라운드")), "{entered:?}");
        assert!(entered.iter().all(|t| !t.contains("라운드 ")), "{entered:?}");
    }

    /// Every pipeline step has a name, the conflicting action's with `(Y)`.
    #[test]
    fn every_step_has_a_korean_name() {
        for step in PipelineStep::ORDER {
            let code = step.code();
            assert!(event(ko(), code).chars().any(|c| ('가'..='힣').contains(&c)), "{code}");
            assert_eq!(event(ko(), &format!("{code}(Y)")), format!("{} (Y)", event(ko(), code)));
        }
        assert_eq!(event(ko(), "INTERRUPT@COMMIT"), "커밋 중 중단 요청");
        assert_eq!(event(ko(), "not a step"), "not a step");
    }
}
