//! The one list of the site's figures: for every figure id its code, the
//! drawing it uses, the chapter that places it, the query it starts from,
//! the controls shown first, its caption and what replaces an image file
//! when it has none. Article A's figures, the sweeps and Article B's figures,
//! the page, the export module and `lab figure` all read it; nothing else
//! lists figures.
//!
//! It holds only data (strings and enums, no functions), so the site's
//! first-load wasm, which reads it, carries no code of the figures it does
//! not draw itself.

use crate::params::SweepKind;

/// Which drawing a figure is, and so which scenario it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureKind {
    /// Article A: the lane timeline of one run (A1, A3, A5, A6).
    Timeline,
    /// Article A: two timelines, (c-1) above (c-2) (A4).
    SplitTimeline,
    /// Article A: snapshot against ledger (A2).
    Balance,
    /// Article A: the outage's time series (A7).
    Outage,
    /// Article A: throughput against over-approval, every variant (A8).
    Tradeoff,
    /// Article A: latency CDFs, every variant (A9).
    LatencyCdf,
    /// A parameter sweep's heatmap (S1, S2).
    Sweep(SweepKind),
    /// Article B: the story of one signed action (B1).
    Story,
    /// Article B: the story with the outer transaction, joined and refused (B3).
    OuterTransaction,
    /// Article B: the story with status probes (B4).
    UncertainFailure,
    /// Article B: finalized height per number of blocked validators (B5).
    Liveness,
    /// Article B: the storage stack under kill and power loss (B6).
    KillVsPower,
    /// Article B: the crash-point map, an HTML table (B2).
    CrashMatrix,
    /// Article B: A's lane over its first height, where the reader taps an
    /// instant to kill A or cut its power (B9).
    TapCrash,
    /// Article A's small world, where the reader is the adversary: the
    /// reader's own schedule, built by the page's `check` module (A10).
    BreakIt,
}

/// The simulation a figure runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// Scenario A, one configuration (the lock-lease figures).
    Lease,
    /// Scenario A, a grid of configurations computed by the sweep workers.
    Sweep,
    /// Scenario B (the vote figures).
    Vote,
    /// Article A's small world of `lab check` (`lab_check`): none of the
    /// simulation's runs, and its own keys (`params::CHECK_KEYS`), which the
    /// page's `check` module reads and judges itself.
    Check,
}

impl FigureKind {
    pub fn scenario(self) -> Scenario {
        match self {
            FigureKind::Timeline
            | FigureKind::SplitTimeline
            | FigureKind::Balance
            | FigureKind::Outage
            | FigureKind::Tradeoff
            | FigureKind::LatencyCdf => Scenario::Lease,
            FigureKind::Sweep(_) => Scenario::Sweep,
            FigureKind::Story
            | FigureKind::OuterTransaction
            | FigureKind::UncertainFailure
            | FigureKind::Liveness
            | FigureKind::KillVsPower
            | FigureKind::CrashMatrix
            | FigureKind::TapCrash => Scenario::Vote,
            FigureKind::BreakIt => Scenario::Check,
        }
    }

    /// An Article A timeline: a time window and a player over one run's events.
    pub fn is_lease_timeline(self) -> bool {
        matches!(self, FigureKind::Timeline | FigureKind::SplitTimeline)
    }

    /// An Article B story: a player over the story's steps.
    pub fn is_story(self) -> bool {
        matches!(self, FigureKind::Story | FigureKind::OuterTransaction | FigureKind::UncertainFailure)
    }

    /// Whether the figure has a player (cursor, play, step, scrub, speed).
    pub fn has_player(self) -> bool {
        self.is_lease_timeline() || self.is_story()
    }
}

/// One figure of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureSpec {
    /// The id of the `{{figure:ID}}` marker, the `<figure>` element, the URL's `fig=` and `lab figure`.
    pub id: &'static str,
    /// The stable code of `lab figure --list` and the files (A1…, S1, B6).
    pub code: &'static str,
    /// The number the reader sees, following the chapter: experiment N's k-th
    /// figure is `N-k` (Article A's chapters counted in order, so the summary
    /// is 6 and the sweeps 7), `B-N`'s is `BN-k`. Captions open with it.
    pub number: &'static str,
    pub kind: FigureKind,
    /// The chapter (content file id) whose prose places the figure.
    pub chapter: &'static str,
    /// The query a fresh figure starts from, in the URL's syntax (a sweep's
    /// is empty: its own defaults, `SweepKind::default_spec`).
    pub start_query: &'static str,
    /// Article A: the default visible window of a timeline, in ms.
    pub window_ms: u32,
    /// Article A: only these wallets by default (empty: all).
    pub wallets: &'static [u32],
    /// The query keys whose controls are shown first (the ones the chapter's
    /// text asks the reader to move); the rest sit under "all settings".
    pub main_keys: &'static [&'static str],
    /// The one or two query keys the paragraph around the figure is about:
    /// the only settings lesson mode shows at load (a crash's point stands
    /// for its mode too); every other one waits in the figure's lab. Empty
    /// when the lesson moves no setting (a switch or the story does it). A
    /// sweep map's may name its variant and `metric` (the colour), the two
    /// selects beside its axis sliders.
    pub lesson_keys: &'static [&'static str],
    /// Article A: the live metrics (`metrics::LIVE_TABLE` keys) the chapter
    /// talks about, shown beside the figure from its own runs while the
    /// reader moves a control (empty: none).
    pub key_metrics: &'static [&'static str],
    /// The Korean caption: the page's `<figcaption>` and the exported files' caption.
    pub caption_ko: &'static str,
    /// Why the figure has no image file (it is not a plotters drawing), if so.
    pub not_drawn: Option<&'static str>,
}

impl FigureSpec {
    pub fn scenario(&self) -> Scenario {
        self.kind.scenario()
    }

    /// The query an Article A figure starts from.
    pub fn initial_query(&self) -> crate::params::LeaseQuery {
        crate::params::parse_lease_query(self.start_query).value
    }

    /// The configuration an Article B figure starts from.
    pub fn initial_vote_config(&self) -> lab_sim::vote::VoteConfig {
        crate::params::parse_vote_query(self.start_query).value
    }
}

const A_KEYS: &[&str] = &["threads", "ttl_ms", "pause_min_ms", "pause_max_ms"];

/// Figures the page composes from other figures' runs, with no file of their
/// own (not in [`FIGURES`], so no export, embed or `lab figure`): Article A's
/// closing small multiples (`crate::web::side_by_side`).
pub const PAGE_ONLY: &[&str] = &["side-by-side"];

/// Every figure, in the order `lab figure --list` prints them: Article A's,
/// the sweeps, then Article B's.
pub static FIGURES: &[FigureSpec] = &[
    FigureSpec {
        id: "lease-expiry",
        code: "A1",
        number: "1-1",
        kind: FigureKind::Timeline,
        chapter: "a1-lease-expiry",
        start_query: "preset=exp1",
        window_ms: 3_000,
        wallets: &[],
        main_keys: &["ttl_ms", "pause_min_ms", "pause_max_ms", "threads"],
        lesson_keys: &["ttl_ms"],
        key_metrics: &["approvals", "ownership_overlap_pairs", "lost_update_pairs"],
        caption_ko: "그림 1-1. lease 만료 타임라인(실험 1): 지갑별 스레드의 홀드(클라이언트가 믿는 소유)와 락 서버가 본 lease, 잔액 행. 분홍 띠는 두 스레드 이상이 같은 지갑을 쥐고 있다고 믿은 구간이다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "silent-drift",
        code: "A2",
        number: "1-2",
        kind: FigureKind::Balance,
        chapter: "a1-lease-expiry",
        start_query: "preset=exp1",
        window_ms: 60_000,
        wallets: &[],
        main_keys: &["ttl_ms", "threads", "variant"],
        lesson_keys: &[],
        key_metrics: &["drift_won", "over_approval", "negative_ledger_wallets"],
        caption_ko: "그림 1-2. 조용한 깨짐: 지갑별 잔액 스냅샷과 원장 계산값. 둘 사이의 띠가 drift(INV-010)다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "watchdog-stop",
        code: "A3",
        number: "2-1",
        kind: FigureKind::Timeline,
        chapter: "a2-watchdog",
        start_query: "preset=exp2_stop",
        window_ms: 4_000,
        wallets: &[0, 1],
        main_keys: &["stop_duration_ms", "watchdog_period_ms", "processes", "ttl_ms"],
        lesson_keys: &["stop_duration_ms"],
        key_metrics: &["stolen_at_release", "ownership_overlap_pairs", "watchdog_extensions"],
        caption_ko: "그림 2-1. Watchdog과 프로세스 정지(실험 2): 회색 띠는 pay-api 프로세스가 멈춘 구간이다. 연장 스레드도 함께 멈추므로 서버의 lease는 만료된다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "fence-placement",
        code: "A4",
        number: "3-1",
        kind: FigureKind::SplitTimeline,
        chapter: "a3-fencing",
        start_query: "preset=exp3_c1",
        window_ms: 3_000,
        wallets: &[0],
        main_keys: &["ttl_ms", "pause_min_ms", "pause_max_ms", "fence_check_locks_row"],
        lesson_keys: &["pause_min_ms"],
        key_metrics: &["fencing_rejects", "over_approval", "lost_update_pairs"],
        caption_ko: "그림 3-1. fence를 어디에 두는가(실험 3): 위는 쓰기 시점 fencing(c-1), 아래는 읽기 시점 fencing(c-2). 같은 지갑, 같은 멈춤에서 토큰과 fence 값을 비교한다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "lease-clock",
        code: "A5",
        number: "3-2",
        kind: FigureKind::Timeline,
        chapter: "a3-fencing",
        start_query: "preset=exp3_ttl1s&acquire_lag_ppm=150000",
        window_ms: 3_000,
        wallets: &[0],
        main_keys: &["ttl_ms", "acquire_lag_ppm", "pause_min_ms", "pause_max_ms"],
        lesson_keys: &["acquire_lag_ppm"],
        key_metrics: &["ownership_overlap_pairs", "max_concurrent_owners", "approvals"],
        caption_ko: "그림 3-2. 서버의 lease 시계와 클라이언트의 홀드 시계(TTL 1초 보충 실험): lease는 SET이 실행된 순간부터, 홀드는 응답을 받은 순간부터 잰다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "conditional-update",
        code: "A6",
        number: "4-1",
        kind: FigureKind::Timeline,
        chapter: "a4-conditional-update",
        start_query: "preset=exp4",
        window_ms: 3_000,
        wallets: &[0],
        main_keys: &["pause_min_ms", "pause_max_ms", "threads", "wallets"],
        lesson_keys: &["threads"],
        key_metrics: &["approvals", "over_approval", "throughput_rps"],
        caption_ko: "그림 4-1. 락 없는 기본 경로(실험 4): 스레드의 구간은 락 없이 겹치고, 차감은 조건부 원자 UPDATE 한 문장이 맡는다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "outage",
        code: "A7",
        number: "5-1",
        kind: FigureKind::Outage,
        chapter: "a5-outage",
        start_query: "preset=exp5_open",
        window_ms: 60_000,
        wallets: &[],
        main_keys: &["variant", "fail_policy", "outage_kill_ms", "outage_restart_ms"],
        lesson_keys: &["fail_policy"],
        key_metrics: &["lockless_holds_during_outage", "post_restart_read_rejects", "drift_won"],
        caption_ko: "그림 5-1. 락 서버 단절(실험 5): 20초에 죽고 40초에 빈 상태로 재기동한다. 초당 응답, 락 없는 홀드, 소유 겹침 쌍, 누적 drift, 토큰 카운터와 fence 값.",
        not_drawn: None,
    },
    FigureSpec {
        id: "tradeoff",
        code: "A8",
        number: "6-1",
        kind: FigureKind::Tradeoff,
        chapter: "a6-summary",
        start_query: "preset=exp1",
        window_ms: 60_000,
        wallets: &[],
        main_keys: A_KEYS,
        lesson_keys: &["ttl_ms"],
        key_metrics: &[],
        caption_ko: "그림 6-1. 처리량과 초과 승인: 변형마다 시뮬레이션 3회(채운 점)와 원문 측정(빈 점).",
        not_drawn: None,
    },
    FigureSpec {
        id: "latency-cdf",
        code: "A9",
        number: "4-2",
        kind: FigureKind::LatencyCdf,
        chapter: "a4-conditional-update",
        start_query: "preset=exp1",
        window_ms: 60_000,
        wallets: &[],
        main_keys: A_KEYS,
        lesson_keys: &[],
        key_metrics: &[],
        caption_ko: "그림 4-2. 변형별 응답 지연의 누적 분포와 p95.",
        not_drawn: None,
    },
    FigureSpec {
        id: "sweep-ttl-pause",
        code: "S1",
        number: "7-1",
        kind: FigureKind::Sweep(SweepKind::TtlPause),
        chapter: "a7-sweeps",
        start_query: "",
        window_ms: 0,
        wallets: &[],
        main_keys: &["ttl_lo", "ttl_hi", "pause_lo", "pause_hi"],
        lesson_keys: &["variant", "metric"],
        key_metrics: &[],
        caption_ko: "그림 7-1. TTL × 멈춤 지도: 칸마다 같은 설정을 시드 여러 개로 60초씩 돌린 평균이다. 멈춤은 [상한 − 200ms, 상한]에서 고르게 뽑는다. 칸을 누르면 그 실행의 요약이 지도 아래에 열리고, 거기서 그 설정의 타임라인(그림 1-1)으로 갈 수 있다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "sweep-contention",
        code: "S2",
        number: "7-2",
        kind: FigureKind::Sweep(SweepKind::Contention),
        chapter: "a7-sweeps",
        start_query: "",
        window_ms: 0,
        wallets: &[],
        main_keys: &["tpw_lo", "tpw_hi", "wallets_lo", "wallets_hi"],
        lesson_keys: &[],
        key_metrics: &[],
        caption_ko: "그림 7-2. 경합 지도: 지갑 수와 지갑당 스레드 수를 바꿔 가며 같은 변형을 시드 여러 개로 60초씩 돌린 평균이다. TTL과 멈춤은 원문 그대로(200ms, 300~500ms). 칸을 누르면 그 실행의 요약이 지도 아래에 열리고, 거기서 그 설정의 타임라인(그림 1-1)으로 갈 수 있다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "break-it",
        code: "A10",
        number: "8-1",
        kind: FigureKind::BreakIt,
        chapter: "a8-break-it",
        start_query: "",
        window_ms: 0,
        wallets: &[],
        main_keys: &["check", "threads"],
        lesson_keys: &["check", "threads"],
        key_metrics: &[],
        caption_ko: "그림 8-1. 직접 깨뜨려 보기: 잔액이 결제 한 건분인 지갑 하나에 스레드 두세 개가 결제를 한 건씩 보낸다. 다음에 움직일 스레드, 락을 쥔 스레드의 멈춤, 락 서버의 장애는 독자가 고른다. 그림의 가로는 시간이 아니라 단계의 순서이고, 빨간 칸은 성질이 처음 깨진 단계다.",
        not_drawn: Some(
            "A10 is the reader's own schedule, built by the page's check module; `lab check` prints its data, `lab check --replay F.svg` draws a counterexample as a timeline",
        ),
    },
    FigureSpec {
        id: "vote-story",
        code: "B1",
        number: "B1-1",
        kind: FigureKind::Story,
        chapter: "b1-remember",
        start_query: "scenario=vote",
        window_ms: 0,
        wallets: &[],
        main_keys: &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
        lesson_keys: &["variant", "crash_after"],
        key_metrics: &[],
        caption_ko: "그림 B1-1. 전파 전에 기억하기: A·B·C·D 네 검증 노드의 줄, A의 처리 단계 블록, 그 아래 A의 안전 기록이 있는 저장 계층(트랜잭션 · 저장 큐 · OS 캐시 · 디스크), A가 보낸 투표 화살표, 장애(번개)와 재시작, 그리고 B·C·D 가운데 누구든 A의 서로 다른 두 서명을 쥐면 빨갛게 변하는 증거 배지.",
        not_drawn: None,
    },
    // B-2 opens on this figure, before the crash-point map.
    FigureSpec {
        id: "tap-crash",
        code: "B9",
        number: "B2-1",
        kind: FigureKind::TapCrash,
        chapter: "b2-durable",
        start_query: "scenario=vote&variant=V3&crash=none",
        window_ms: 0,
        wallets: &[],
        main_keys: &["fault", "variant", "device_honours_sync"],
        lesson_keys: &["fault", "variant"],
        key_metrics: &[],
        caption_ko: "그림 B2-1. A의 첫 투표와 그 기록: 맨 위는 A의 처리 단계, 그 아래 네 줄은 그때그때 안전 기록이 있던 계층, 네트워크 줄의 점은 투표가 나간 순간이다. A의 줄을 누른 시각에 장애가 나고, 그 장애가 지우는 계층은 그 시각부터 회색이 된다(✓ 남음, ✗ 사라짐). 위쪽 배지는 그 장애와 재시작을 시뮬레이션으로 다시 돌린 판정이다. 가로축은 시간 순서지만 짧은 단계를 넓혀 그렸다.",
        not_drawn: Some("B2-1 is drawn by the page's figures module from its own runs, beside the reader's choices; it has no file yet"),
    },
    FigureSpec {
        id: "crash-matrix",
        code: "B2",
        number: "B2-2",
        kind: FigureKind::CrashMatrix,
        chapter: "b2-durable",
        start_query: "scenario=vote",
        window_ms: 0,
        wallets: &[],
        main_keys: &["profile", "device_honours_sync"],
        lesson_keys: &["profile", "device_honours_sync"],
        key_metrics: &[],
        caption_ko: "그림 B2-2. 장애 지점 지도: 행은 순서와 처리 방식, 열은 장애 직전에 끝난 처리 단계. 칸의 왼쪽은 프로세스 종료, 오른쪽은 전원 차단일 때의 결과(백그라운드 쓰기가 끼어드는 경우 중 가장 나쁜 것)이다. 칸을 누르면(또는 Enter) 그림 B1-1이 바로 그 장애 지점에서 열린다.",
        not_drawn: Some("B2 is an HTML table on the site, not a drawing; use `lab crashpoints` for its data"),
    },
    FigureSpec {
        id: "outer-transaction",
        code: "B3",
        number: "B3-1",
        kind: FigureKind::OuterTransaction,
        chapter: "b3-outer-transaction",
        start_query: "scenario=vote&variant=V2&crash=none",
        window_ms: 0,
        wallets: &[],
        main_keys: &["outer_end", "crash", "crash_after", "fault"],
        lesson_keys: &["outer_end"],
        key_metrics: &[],
        caption_ko: "그림 B3-1. 바깥 트랜잭션에 올라탄 기록: 위는 저장 호출이 바깥 트랜잭션에 합류하는 구현(괄호가 바깥 트랜잭션), 아래는 합류를 거절하는 구현.",
        not_drawn: None,
    },
    FigureSpec {
        id: "uncertain-failure",
        code: "B4",
        number: "B4-1",
        kind: FigureKind::UncertainFailure,
        chapter: "b4-fence",
        start_query: "scenario=vote&variant=F-fence&crash=none",
        window_ms: 0,
        wallets: &[],
        main_keys: &[
            "variant",
            "status_probe_shares_engine_lock",
            "sync_error_true_state",
            "interrupt_during",
            "crash",
            "crash_after",
            "fault",
        ],
        lesson_keys: &["variant", "status_probe_shares_engine_lock"],
        key_metrics: &[],
        caption_ko: "그림 B4-1. 결과를 모르는 실패와 차단: 빗금은 \"결과를 알 수 없음\"이다. 동기화 오류 뒤에는 저장 계층 전체에(재시작해 기록을 복원할 때까지), 중단 요청 뒤에는 A의 줄에(다음 단계나 차단, 장애가 올 때까지) 친다. 보라 막대는 차단, 맨 아래 줄은 상태 조회(초록: 곧바로 응답, 빨강: 동기화를 기다리며 멈춤).",
        not_drawn: None,
    },
    // B-5's story is B1's figure on the article's own answer to an interrupt:
    // the crash point lies past the run's last event (it has no send to crash
    // after), so the reader who switches the variant to "success at once"
    // sees a power loss strike right after the third send.
    FigureSpec {
        id: "interrupt-wait",
        code: "B7",
        number: "B5-1",
        kind: FigureKind::Story,
        chapter: "b5-interrupt",
        start_query: "scenario=vote&variant=I-wait-then-fence&crash_after=8&fault=power",
        window_ms: 0,
        wallets: &[],
        main_keys: &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
        lesson_keys: &["variant"],
        key_metrics: &[],
        caption_ko: "그림 B5-1. 기다리는 도중의 중단 요청: A가 기록의 동기화를 기다리는 사이 중단 요청이 온다. 위쪽 A의 줄이 처리 단계, 그 아래가 A의 저장 계층(트랜잭션 · 저장 큐 · OS 캐시 · 디스크), 빗금은 \"결과를 알 수 없음\", 보라 막대는 차단이다. \"순서 선택\"을 바꾸면 같은 장애 지점에서 다시 돈다.",
        not_drawn: None,
    },
    FigureSpec {
        id: "restart-recovery",
        code: "B8",
        number: "B6-1",
        kind: FigureKind::Story,
        chapter: "b6-recovery",
        start_query: "scenario=vote&variant=V0&crash_after=5",
        window_ms: 0,
        wallets: &[],
        main_keys: &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
        lesson_keys: &["crash_after"],
        key_metrics: &[],
        caption_ko: "그림 B6-1. 다시 켜진 노드: A는 저장 후 전파 순서로 X의 기록을 남기다 장애를 맞고, 2초 뒤 다시 켜진다. 재시작 뒤 A의 줄에는 복원, 다른 후보 Y에 대한 서명 요청, 저장된 투표의 재전송이 차례로 그려진다.",
        not_drawn: None,
    },
    // B5 starts with its transactions at 12 s, so the run spans several rounds
    // of proposer rotation before it stops: the longer step where the blocked
    // node was due to propose shows up repeatedly.
    FigureSpec {
        id: "liveness",
        code: "B5",
        number: "B8-1",
        kind: FigureKind::Liveness,
        chapter: "b8-liveness",
        start_query: "scenario=vote&variant=V0&crash=none&blocked_validators=1&txs_submit_at_ms=12000",
        window_ms: 0,
        wallets: &[],
        main_keys: &["blocked_validators"],
        lesson_keys: &["blocked_validators"],
        key_metrics: &[],
        caption_ko: "그림 B8-1. 한 노드가 멈춰도 합의는 계속된다: 멈춘 검증 노드 수별 네트워크의 확정 높이. 점은 장애 뒤 제출한 거래 두 건이 확정된 곳, 세로선은 장애 시각(빨강)과 거래 제출 시각(회색).",
        not_drawn: None,
    },
    FigureSpec {
        id: "kill-vs-power",
        code: "B6",
        number: "B7-1",
        kind: FigureKind::KillVsPower,
        chapter: "b7-kill-vs-power",
        start_query: "scenario=vote&variant=V3&crash=none&os_writeback_delay_ms=3000",
        window_ms: 0,
        wallets: &[],
        main_keys: &["device_honours_sync", "variant", "profile"],
        lesson_keys: &["device_honours_sync"],
        key_metrics: &[],
        caption_ko: "그림 B7-1. 프로세스 종료와 전원 차단: A의 최근 안전 기록이 놓인 저장 계층(칩: 높이, 단계(사전 = 사전 투표, 커밋 = 커밋 투표), 후보. 예: h3 사전 X). 장애가 지우는 계층은 회색이 되고 그 안의 기록에는 취소선이 그어진다. 이 그림의 저장소는 OS가 3초 뒤 디스크로 내려보낸다고 가정한다.",
        not_drawn: None,
    },
];

/// The figure `id`, of any scenario.
pub fn figure(id: &str) -> Option<&'static FigureSpec> {
    FIGURES.iter().find(|f| f.id == id)
}

/// The figure `id` if it belongs to `scenario`.
pub fn figure_of(scenario: Scenario, id: &str) -> Option<&'static FigureSpec> {
    figure(id).filter(|f| f.scenario() == scenario)
}

/// The figures of one scenario, in order.
pub fn figures_of(scenario: Scenario) -> impl Iterator<Item = &'static FigureSpec> {
    FIGURES.iter().filter(move |f| f.scenario() == scenario)
}

/// The sweep figure of `kind`.
pub fn sweep_figure(kind: SweepKind) -> &'static FigureSpec {
    FIGURES.iter().find(|f| f.kind == FigureKind::Sweep(kind)).expect("every sweep kind has a figure")
}

/// A sweep figure's catalogue entries, by its kind.
impl SweepKind {
    /// The figure id (from the figure registry, `crate::registry`).
    pub fn figure_id(self) -> &'static str {
        crate::registry::sweep_figure(self).id
    }

    pub fn from_figure_id(id: &str) -> Option<SweepKind> {
        [SweepKind::TtlPause, SweepKind::Contention].into_iter().find(|k| k.figure_id() == id)
    }

    /// The figure's code in captions and `lab figure --list` (from the figure registry).
    pub fn code(self) -> &'static str {
        crate::registry::sweep_figure(self).code
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{parse_lease_query, parse_vote_query, vote_to_query};

    #[test]
    fn ids_and_codes_are_unique() {
        for (i, a) in FIGURES.iter().enumerate() {
            for b in &FIGURES[i + 1..] {
                assert_ne!(a.id, b.id);
                assert_ne!(a.code, b.code);
                assert_ne!(a.number, b.number);
            }
            assert!(a.caption_ko.starts_with(&format!("그림 {}.", a.number)), "{}", a.id);
        }
    }

    /// Every starting query parses without a notice, in its canonical form.
    #[test]
    fn starting_queries_are_clean_and_canonical() {
        for f in FIGURES {
            match f.scenario() {
                Scenario::Lease => {
                    let parsed = parse_lease_query(f.start_query);
                    assert!(parsed.notices.is_empty(), "{}: {:?}", f.id, parsed.notices);
                    assert!(parsed.value.preset.is_some(), "{}", f.id);
                }
                Scenario::Vote => {
                    let parsed = parse_vote_query(f.start_query);
                    assert!(parsed.notices.is_empty(), "{}: {:?}", f.id, parsed.notices);
                    assert_eq!(vote_to_query(&parsed.value), f.start_query, "{}", f.id);
                }
                Scenario::Sweep | Scenario::Check => assert_eq!(f.start_query, "", "{}", f.id),
            }
        }
    }

    /// Less to hold (issue 25): no figure shows more than six setting
    /// controls before "all settings": its main keys (a crash's mode and point
    /// are one control), plus a lock-lease figure's preset and seed (and
    /// figure 1-2's ledger switch), plus a sweep's variant and colour.
    #[test]
    fn no_figure_shows_more_than_six_controls_first() {
        for f in FIGURES {
            let paired = |k: &&str| *k == "crash_after" && f.main_keys.contains(&"crash");
            let keys = f.main_keys.iter().filter(|k| !paired(k)).count();
            let fixed = match f.scenario() {
                Scenario::Lease => 2 + usize::from(f.kind == FigureKind::Balance),
                Scenario::Sweep => 2,
                Scenario::Vote | Scenario::Check => 0,
            };
            assert!(keys + fixed <= 6, "{}: {} controls shown first", f.id, keys + fixed);
        }
    }

    /// The controls shown first name keys of the figure's scenario.
    #[test]
    fn main_keys_are_keys_of_the_scenario() {
        for f in FIGURES {
            for key in f.main_keys {
                let known = match f.kind {
                    FigureKind::Sweep(kind) => kind.owns_key(key),
                    _ if f.scenario() == Scenario::Check => crate::params::CHECK_KEYS.contains(key),
                    _ if f.scenario() == Scenario::Lease => crate::params::lease_param(key).is_some(),
                    // The vote figures' own controls: `crash` and `crash_after` are one key pair.
                    _ => crate::params::vote_param(key).is_some() || *key == "crash",
                };
                assert!(known, "{}: {key}", f.id);
            }
        }
    }

    /// Lesson mode's settings (issue 38) are real keys of the figure's
    /// scenario, at most two, and among the controls shown first.
    #[test]
    fn lesson_keys_are_a_few_of_the_main_keys() {
        for f in FIGURES {
            assert!(f.lesson_keys.len() <= 2, "{}: at most two lesson keys", f.id);
            for key in f.lesson_keys {
                let real = match f.kind {
                    FigureKind::Sweep(kind) => kind.owns_key(key) || *key == "metric",
                    _ if f.scenario() == Scenario::Check => crate::params::CHECK_KEYS.contains(key),
                    _ if f.scenario() == Scenario::Lease => crate::params::lease_param(key).is_some(),
                    _ => crate::params::vote_param(key).is_some(),
                };
                assert!(real, "{}: {key} is no parameter of its scenario", f.id);
                // A sweep's main keys are its axis sliders; its variant and
                // colour are the selects beside them.
                let select = matches!(f.kind, FigureKind::Sweep(_)) && ["variant", "metric"].contains(key);
                assert!(select || f.main_keys.contains(key), "{}: {key} is not among its main keys", f.id);
            }
        }
        let keys = |id: &str| figure(id).unwrap().lesson_keys;
        assert_eq!((keys("lease-expiry"), keys("watchdog-stop")), (&["ttl_ms"][..], &["stop_duration_ms"][..]));
        // Each names what its chapter's question asks the reader to move.
        assert_eq!(keys("kill-vs-power"), &["device_honours_sync"][..]);
        assert_eq!(keys("uncertain-failure"), &["variant", "status_probe_shares_engine_lock"][..]);
        assert_eq!(keys("crash-matrix"), &["profile", "device_honours_sync"][..]);
        assert_eq!(keys("sweep-ttl-pause"), &["variant", "metric"][..]);
    }

    /// The live numbers beside a figure are rows of the metric table, and
    /// only Article A's figures, whose runs have them, name any.
    #[test]
    fn key_metrics_are_table_rows() {
        for f in FIGURES {
            assert!(f.key_metrics.len() <= 3, "{}: at most three live numbers", f.id);
            if f.scenario() != Scenario::Lease {
                assert!(f.key_metrics.is_empty(), "{}", f.id);
            }
            for key in f.key_metrics {
                assert!(crate::metrics::LIVE_TABLE.iter().any(|m| m.key() == *key), "{}: {key}", f.id);
            }
        }
        assert!(!figure("lease-expiry").unwrap().key_metrics.is_empty());
    }
}
