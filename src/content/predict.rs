//! Predict → act → reveal: the questions a chapter asks before the reader
//! moves a figure's controls (`{{predict:ID}}` in `content/*.md`).
//!
//! Each [`Prediction`] names its figure, the figure's state after the move
//! (a query in the URL's syntax, so the page's permalink changes as if the
//! reader had moved the sliders), the reader's choices, what answers the
//! question ([`Answer`]) and a sentence on why. The answer is never written
//! here: a lock-lease answer is the cell the figure's live table shows for
//! that state ([`Prediction::lease_answer`], the same runs through the same
//! plan), an Article B answer is the story's verdict, which the page asks
//! the `figures` module for. A choice says which answers it covers
//! ([`Covers`]), so whether the guess was right is decided by the live run
//! too.
//!
//! The markdown renderer (`crate::content::prose`) turns a marker into a static
//! fieldset with the question and the choices and no answer
//! ([`Prediction::static_html`]), which the prerendered pages keep and the
//! page replaces with the live component.

use crate::figures::plan::{matrix_unsafe_cells, LeasePlan, StoryVerdict, VoteFact};
use crate::figures::vote::{fault_ko, MatrixView};
use crate::sim::vote::{FaultKind, Variant};
use lab_model::html::escape_html;
use lab_model::params::{parse_lease_query, parse_vote_query, to_query, vote_to_query, LeaseQuery, SiteQuery};
use lab_model::registry::{figure, FigureSpec, Scenario};

/// What answers a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A metric of the figure's live table (a `TABLE_ROWS` key) in column
    /// `column` of the table for the prediction's state.
    Metric { key: &'static str, column: usize },
    /// The verdict of an Article B story.
    Verdict,
    /// A number an Article B figure states about its run `run`
    /// ([`crate::figures::plan::VoteFact`], in the figure's summary).
    VoteFact { key: &'static str, run: u32 },
    /// How many cells of a variant's row in figure B2 are unsafe under a
    /// fault, in the crash-point grid the figure shows for the state.
    MatrixUnsafe { variant: Variant, fault: FaultKind },
    /// The mean over-approval of the sweep's cell (`ix`, `iy`), as the
    /// heatmap's cell says it (`lab_model::sweep::run_cell`, the workers' runs).
    SweepCell { ix: usize, iy: usize },
}

/// Which answers a choice covers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Covers {
    /// A metric from `lo` to `hi`, both included (the largest run of a column counts).
    Between(f64, f64),
    /// A story verdict.
    Verdict(StoryVerdict),
}

/// One choice the reader can pick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub label_ko: &'static str,
    pub covers: Covers,
}

/// One question asked before a figure is moved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The id of the `{{predict:ID}}` marker and of the fieldset (`predict-ID`).
    pub id: &'static str,
    /// The figure whose state the question is about (it sits in the same chapter).
    pub figure: &'static str,
    /// The question, the fieldset's legend.
    pub question_ko: &'static str,
    /// The figure's state after the move, in the URL's syntax.
    pub query: &'static str,
    /// View keys the reveal adds to the figure's address so that it opens
    /// in the state that answers (B7's `hit=1`: the fault has hit), or "".
    pub view: &'static str,
    pub answer: Answer,
    pub choices: &'static [Choice],
    /// Why the answer is what it is (no number the simulation computes).
    pub why_ko: &'static str,
}

const fn between(label_ko: &'static str, lo: f64, hi: f64) -> Choice {
    Choice { label_ko, covers: Covers::Between(lo, hi) }
}

const fn verdict(label_ko: &'static str, v: StoryVerdict) -> Choice {
    Choice { label_ko, covers: Covers::Verdict(v) }
}

const VERDICT_CHOICES: &[Choice] = &[
    verdict("B·C·D 가운데 누군가 A의 이중 투표 증거를 쥔다", StoryVerdict::Unsafe),
    verdict("이중 투표는 없지만, A가 멈추거나 네트워크가 본 기록을 잃는다", StoryVerdict::Fenced),
    verdict("안전하다: 이중 투표 증거도, 잃어버린 기록도 없다", StoryVerdict::Safe),
];

/// Every prediction, in chapter order.
pub const PREDICTIONS: &[Prediction] = &[
    Prediction {
        id: "a1-default",
        figure: "lease-expiry",
        question_ko: "TTL 200ms, 멈춤 300~500ms로 60초를 돌리면, 잔액으로 가능한 240건 가운데 승인은 몇 건일까요?",
        query: "preset=exp1",
        view: "",
        answer: Answer::Metric { key: "approvals", column: 0 },
        choices: &[
            between("240건 이하: 락이 지켜 준다", 0.0, 240.0),
            between("241~400건", 241.0, 400.0),
            between("400건보다 많이", 401.0, f64::INFINITY),
        ],
        why_ko: "멈춤이 늘 TTL보다 길어서, 락을 쥔 스레드가 멈춰 있는 동안 lease가 매번 끝납니다. 그때마다 기다리던 다른 스레드가 락을 가져가 같은 잔액을 다시 읽고, 두 스레드가 같은 돈으로 결제를 승인합니다. 지갑마다 스레드 넷이 번갈아 그렇게 하니, 승인은 잔액이 허락하는 240건을 훌쩍 넘습니다.",
    },
    Prediction {
        id: "a1-ttl600",
        figure: "lease-expiry",
        question_ko: "TTL을 600ms로 올리면, 승인은 몇 건일까요?",
        query: "preset=exp1&ttl_ms=600",
        view: "",
        answer: Answer::Metric { key: "approvals", column: 0 },
        choices: &[
            between("240건 이하 (잔액이 허락하는 만큼)", 0.0, 240.0),
            between("241~400건", 241.0, 400.0),
            between("400건보다 많이", 401.0, f64::INFINITY),
        ],
        why_ko: "멈춤은 길어야 500ms라서 600ms lease는 작업 도중에 만료되지 않습니다. 만료가 없으니 다른 스레드가 락을 가져갈 틈도 없고, 같은 잔액을 두 번 읽는 일이 사라져 승인은 잔액이 허락하는 만큼에서 멈춥니다.",
    },
    Prediction {
        id: "a2-stop120",
        figure: "watchdog-stop",
        question_ko: "프로세스 정지 길이를 120ms로 줄이면, 소유 겹침은 몇 쌍일까요?",
        query: "preset=exp2_stop&stop_duration_ms=120",
        view: "",
        answer: Answer::Metric { key: "ownership_overlap_pairs", column: 0 },
        choices: &[
            between("0쌍", 0.0, 0.0),
            between("1~50쌍", 1.0, 50.0),
            between("50쌍보다 많이", 51.0, f64::INFINITY),
        ],
        why_ko: "Watchdog은 TTL의 3분의 1마다 lease를 연장하므로, 정지 직전의 마지막 연장 뒤에도 lease는 적어도 TTL에서 연장 주기를 뺀 만큼 남습니다. 정지가 그보다 짧으면 lease는 만료되지 않고, 다른 스레드가 락을 가져갈 수 없습니다.",
    },
    Prediction {
        id: "a3-pause100",
        figure: "fence-placement",
        question_ko: "멈춤 범위를 100~500ms로 넓히면, c-1의 fencing 거부는 몇 건일까요?",
        query: "preset=exp3_c1&pause_min_ms=100",
        view: "",
        answer: Answer::Metric { key: "fencing_rejects", column: 0 },
        choices: &[
            between("0건", 0.0, 0.0),
            between("1~99건", 1.0, 99.0),
            between("100건 이상", 100.0, f64::INFINITY),
        ],
        why_ko: "멈춤이 100ms까지 짧아지면, 락을 늦게 잡은 새 소유자가 옛 소유자보다 먼저 쓰는 경우가 생깁니다. 그러면 fence 값이 이미 새 토큰으로 올라가 있어서, 늦게 도착한 옛 토큰의 쓰기가 거부됩니다. 다만 옛 소유자가 먼저 쓰는 경우는 여전히 통과하므로 초과 승인은 남습니다.",
    },
    Prediction {
        id: "a4-threads32",
        figure: "conditional-update",
        question_ko: "스레드를 32개로 늘리면, 조건부 UPDATE의 초과 승인은 몇 건일까요?",
        query: "preset=exp4&threads=32",
        view: "",
        answer: Answer::Metric { key: "over_approval", column: 0 },
        choices: &[
            between("0건", 0.0, 0.0),
            between("1~100건", 1.0, 100.0),
            between("100건보다 많이", 101.0, f64::INFINITY),
        ],
        why_ko: "조건부 UPDATE는 \"잔액이 1,000원 이상일 때만 1,000원을 뺀다\"를 한 문장으로 합니다. 구간이 아무리 많이 겹쳐도 행 잠금이 차감을 하나씩 줄 세우므로, 잔액이 모자란 순간부터 UPDATE는 행을 바꾸지 않고 결제는 거절됩니다.",
    },
    Prediction {
        id: "a5-closed",
        figure: "outage",
        question_ko: "fail-closed로 바꾸면, 60초 동안 초과 승인(잔액으로 가능한 240건을 넘은 승인)은 몇 건일까요?",
        query: "preset=exp5_closed",
        view: "",
        answer: Answer::Metric { key: "over_approval", column: 0 },
        choices: &[
            between("0건", 0.0, 0.0),
            between("1~100건", 1.0, 100.0),
            between("100건보다 많이", 101.0, f64::INFINITY),
        ],
        why_ko: "fail-closed는 락 서버가 없는 20초 동안의 결제를 503으로 막을 뿐입니다. 락 서버가 살아 있는 나머지 40초에는 실험 1과 같은 경로(조회 → 멈춤 → 조건 없는 UPDATE)가 그대로 돌고, 멈춘 사이 lease가 끝나 생기는 잃어버린 갱신도 그대로 생깁니다. 그래서 초과 승인은 실험 1만큼 남습니다.",
    },
    Prediction {
        id: "a6-long-pause",
        figure: "tradeoff",
        question_ko: "멈춤을 1~2초로 늘리면, (d) 조건부 UPDATE의 초과 승인은 몇 건일까요?",
        query: "preset=exp1&pause_min_ms=1000&pause_max_ms=2000",
        view: "",
        answer: Answer::Metric { key: "over_approval", column: 4 },
        choices: &[
            between("0건", 0.0, 0.0),
            between("1~100건", 1.0, 100.0),
            between("100건보다 많이", 101.0, f64::INFINITY),
        ],
        why_ko: "(d)는 락에 기대지 않고 잔액 검사와 차감을 한 UPDATE 안에서 합니다. 멈춤이 길어지면 처리량은 줄지만, 잔액보다 많이 빼는 일은 멈춤의 길이와 상관없이 일어나지 않습니다.",
    },
    Prediction {
        id: "a7-long-ttl",
        figure: "sweep-ttl-pause",
        question_ko: "TTL이 1,000ms이고 멈춤 상한이 100ms인 칸에서, 초과 승인 평균은 몇 건일까요?",
        query: "ttl_lo=50&ttl_hi=1000&pause_lo=100&pause_hi=1000",
        view: "",
        answer: Answer::SweepCell { ix: 11, iy: 0 },
        choices: &[
            between("0건", 0.0, 0.0),
            between("0건보다 많고 10건 이하", 1e-9, 10.0),
            between("10건보다 많이", 10.0 + 1e-9, f64::INFINITY),
        ],
        why_ko: "멈춤이 lease보다 짧으면, lease는 작업 도중에 만료되지 않습니다. 만료가 없으니 다른 스레드가 락을 가져갈 틈도 없고, 같은 잔액을 두 번 읽는 일도 생기지 않습니다. 지도에서 TTL이 멈춤 상한보다 넉넉한 쪽이 모두 같은 색인 까닭입니다.",
    },
    Prediction {
        id: "b1-store-first",
        figure: "vote-story",
        question_ko: "장애 지점은 그대로 두고 순서를 \"저장 후 전파\"로 바꾸면, 이야기는 어떻게 끝날까요?",
        query: "scenario=vote&variant=V0",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
        why_ko: "이 장애 지점에서 A는 기록을 쓴 직후, 커밋하기 전에 멈춥니다. 기록은 남지 않고, 다시 켜진 A는 Y에 서명해 보냅니다. 그래도 안전한 것은 저장 후 전파에서는 저장이 끝나기 전에 X가 노드 밖으로 나가지 않기 때문입니다. 네트워크가 X를 본 적이 없으니, B·C·D의 손에는 A의 서명이 Y 하나뿐입니다.",
    },
    Prediction {
        id: "b2-lying-device",
        figure: "crash-matrix",
        question_ko: "장치가 동기화를 무시하면, V0(저장 후 전파) 줄에서 전원 차단 때 이중 투표가 가능한 칸은 몇 칸일까요?",
        query: "scenario=vote&device_honours_sync=false",
        view: "",
        answer: Answer::MatrixUnsafe { variant: Variant::V0, fault: FaultKind::Power },
        choices: &[between("없다 (0칸): 저장 후 전파는 늘 안전하다", 0.0, 0.0), between("있다 (1칸 이상)", 1.0, f64::INFINITY)],
        why_ko: "저장 후 전파는 \"저장했다\"는 대답을 믿고 투표를 내보냅니다. 장치가 동기화를 무시하면 그 대답은 거짓이고, 기록은 아직 장치의 캐시에 있습니다. 전원이 나가면 그 기록이 사라지고, 다시 켜진 A는 이미 보낸 투표를 기억하지 못합니다. 프로세스 종료는 장치의 캐시를 건드리지 않으므로 그 줄은 그대로입니다.",
    },
    Prediction {
        id: "b3-rollback",
        figure: "outer-transaction",
        question_ko: "바깥 트랜잭션이 롤백되면(장애 없이), 위쪽 패널, 곧 합류하는 구현의 이야기는 어떻게 끝날까요?",
        query: "scenario=vote&variant=V2&crash=none&outer_end=rollback",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
        why_ko: "합류하는 구현에서는 저장 호출이 성공을 돌려준 뒤에도 기록이 바깥 트랜잭션에 묶여 있습니다. 투표는 이미 나갔는데 바깥 트랜잭션이 롤백되면 그 기록도 함께 사라집니다. 네트워크가 본 투표를 A의 저장소는 잃었으니, A가 언젠가 다시 켜지면 막을 근거가 없습니다.",
    },
    Prediction {
        id: "b4-fence",
        figure: "uncertain-failure",
        question_ko: "동기화가 오류를 돌려준 뒤 \"차단\"하는 처리 방식에서(장애 없이), 이야기는 어떻게 끝날까요?",
        query: "scenario=vote&variant=F-fence&crash=none",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
        why_ko: "동기화 오류 뒤에는 기록이 디스크에 닿았는지 알 수 없습니다. 차단하는 처리 방식은 그 상태에서 더는 서명하지 않고 스스로 멈추므로, 이중 투표는 생기지 않지만 A는 투표에서 빠집니다.",
    },
    Prediction {
        id: "b5-as-success",
        figure: "interrupt-wait",
        question_ko: "장애 지점은 그대로 두고 \"중단 요청: 성공으로 간주\"를 고르면, 이야기는 어떻게 끝날까요?",
        query: "scenario=vote&variant=I-as-success&crash_after=8&fault=power",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
        why_ko: "성공으로 간주하면 저장 함수는 동기화가 끝나기 전에 성공을 돌려주고, 엔진은 곧바로 X를 B·C·D에 보냅니다. 그때 X의 기록은 아직 OS 캐시에 있습니다. 세 번째 전송 뒤에 전원이 나가면 그 기록도 사라지고, 다시 켜진 A는 X에 서명한 적이 없다고 여겨 Y에 서명해 보냅니다.",
    },
    Prediction {
        id: "b6-after-send",
        figure: "restart-recovery",
        question_ko: "장애 지점을 첫 전송 뒤로 옮기면(B가 X를 받은 뒤 종료), 이야기는 어떻게 끝날까요?",
        query: "scenario=vote&variant=V0&crash_after=6",
        view: "",
        answer: Answer::Verdict,
        choices: VERDICT_CHOICES,
        why_ko: "X의 기록은 첫 전송 전에 이미 디스크에 있었으므로, 다시 켜진 A가 복원합니다. Y에 서명하라는 요청은 그 기록과 충돌하므로 거부하고, 저장해 둔 X의 메시지는 같은 바이트와 같은 서명으로 다시 보냅니다. B는 같은 투표를 두 번 받을 뿐이어서 증거가 생기지 않습니다.",
    },
    Prediction {
        id: "b7-power",
        figure: "kill-vs-power",
        question_ko: "프로세스 종료 대신 전원이 나가면, 그 시점 A의 안전 기록 중 몇 개를 잃을까요?",
        query: "scenario=vote&variant=V3&crash=none&os_writeback_delay_ms=3000&fault=power",
        view: "hit=1",
        answer: Answer::VoteFact { key: "lost_after_power", run: 0 },
        choices: &[
            between("0개: 저장했다고 답한 기록은 모두 남는다", 0.0, 0.0),
            between("1~4개", 1.0, 4.0),
            between("5개 이상", 5.0, f64::INFINITY),
        ],
        why_ko: "프로세스가 죽으면 그 프로세스의 메모리와 트랜잭션만 사라지고, OS 캐시에 넘긴 기록은 OS가 나중에 디스크로 내려보냅니다. 전원이 나가면 OS 캐시도 함께 사라집니다. 이 그림의 저장소는 OS가 3초 뒤에야 디스크로 내려보내므로, 최근 기록 대부분이 아직 OS 캐시에 있습니다.",
    },
    Prediction {
        id: "b8-two-blocked",
        figure: "liveness",
        question_ko: "검증 노드 넷 중 둘이 멈추면, 장애 뒤 제출한 거래는 몇 건이 확정될까요?",
        query: "scenario=vote&variant=V0&crash=none&blocked_validators=2&txs_submit_at_ms=12000",
        view: "",
        answer: Answer::VoteFact { key: "finalized_after_fault", run: 2 },
        choices: &[between("하나도 확정되지 않는다", 0.0, 0.0), between("일부 또는 전부 확정된다", 1.0, f64::INFINITY)],
        why_ko: "넷 중 셋 이상이 같은 블록에 서명해야 그 블록이 확정됩니다. 둘이 멈추면 남은 둘로는 그 수를 채울 수 없으므로, 합의는 안전하게 멈춰 서고 새 거래는 확정되지 않습니다. 한 노드가 멈췄을 때는 남은 셋으로 충분했습니다.",
    },
];

/// The prediction `id`.
pub fn prediction(id: &str) -> Option<&'static Prediction> {
    PREDICTIONS.iter().find(|p| p.id == id)
}

/// The answer a live run gave, and which choices it makes right.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// A table cell: the row's label, the column's header, the cell's text
    /// (as the table shows it) and the largest value of the column's runs.
    Metric { row_ko: String, column_ko: String, text: String, value: f64 },
    /// A story's verdict and its line (the banner's text).
    Verdict(StoryVerdict, String),
}

impl Prediction {
    pub fn spec(&self) -> &'static FigureSpec {
        figure(self.figure).expect("a prediction names a figure of the registry")
    }

    /// The figure's lock-lease query after the move.
    pub fn lease_query(&self) -> LeaseQuery {
        parse_lease_query(self.query).value
    }

    /// The figure's Scenario B configuration after the move.
    pub fn vote_config(&self) -> crate::sim::vote::VoteConfig {
        parse_vote_query(self.query).value
    }

    /// The sweep's grid after the move (a sweep figure's question).
    pub fn sweep_spec(&self) -> Option<lab_model::params::SweepSpec> {
        let lab_model::registry::FigureKind::Sweep(kind) = self.spec().kind else { return None };
        let mut log = lab_model::params::NoticeLog::default();
        let values = lab_model::params::last_values(lab_model::params::split_query(self.query), &mut log);
        let spec = lab_model::params::sweep_spec_from_values(kind, &values, &mut log);
        log.finish().is_empty().then_some(spec)
    }

    /// The page's address for the figure in the state that answers: its
    /// permalink, as the figure itself writes it once the reader has moved
    /// its controls, with a lock-lease timeline's player at the end of its
    /// window (where every mark the question is about is drawn and the
    /// results are in) and the prediction's own view keys.
    pub fn permalink(&self) -> String {
        let spec = self.spec();
        let site = SiteQuery {
            chapter: Some(spec.chapter.to_string()),
            figure: Some(spec.id.to_string()),
            cursor_us: spec.kind.is_lease_timeline().then(|| u64::from(spec.window_ms) * 1000),
            ..SiteQuery::default()
        };
        let search = match spec.scenario() {
            Scenario::Vote => site.search_with(&vote_to_query(&self.vote_config())),
            Scenario::Sweep => {
                site.search_with(&self.sweep_spec().map(|s| lab_model::params::sweep_query(&s)).unwrap_or_default())
            }
            _ => site.search_with(&to_query(&self.lease_query())),
        };
        if self.view.is_empty() {
            search
        } else {
            format!("{search}&{}", self.view)
        }
    }

    /// A lock-lease answer: the cell of the figure's live table for the
    /// prediction's state, computed as the table computes it (the plan's
    /// columns, each run through `live_table::table_run`). `None` for a
    /// verdict question or a metric the state has no value for.
    pub fn lease_answer(&self) -> Option<Answered> {
        let Answer::Metric { key, column } = self.answer else { return None };
        let metric = lab_model::metrics::LIVE_TABLE.into_iter().find(|m| m.key() == key)?;
        let spec = self.spec();
        let plan = LeasePlan::new(spec, self.lease_query(), Some(spec.window_ms), true);
        let col = plan.table().into_iter().nth(column)?;
        let runs: Vec<lab_model::live_table::TableRun> = col
            .runs
            .iter()
            .map(|r| {
                let q = LeaseQuery { preset: None, config: r.config.clone(), seed: r.seed, run_index: r.run_index };
                lab_model::live_table::table_run(&q)
            })
            .collect();
        let values: Vec<f64> = runs.iter().filter_map(|r| r.metric_value(metric)).collect();
        let lo = values.iter().copied().reduce(f64::min)?;
        let hi = values.iter().copied().reduce(f64::max)?;
        let format = |v| metric.format_live(v);
        let text = if (hi - lo).abs() < 1e-9 { format(lo) } else { format!("{}~{}", format(lo), format(hi)) };
        let row_ko = lab_model::live_table::row_label(metric, &runs);
        Some(Answered::Metric { row_ko, column_ko: col.header, text, value: hi })
    }

    /// An answer from an Article B figure's facts (its summary's, for the
    /// prediction's state). `None` for another kind of question or a fact
    /// the figure does not state.
    pub fn fact_answer(&self, facts: &[VoteFact]) -> Option<Answered> {
        let Answer::VoteFact { key, run } = self.answer else { return None };
        let f = facts.iter().find(|f| f.key == key && f.run == run)?;
        Some(Answered::Metric {
            row_ko: f.label_ko.clone(),
            column_ko: f.where_ko.clone(),
            text: f.text.clone(),
            value: f.value,
        })
    }

    /// An answer from figure B2's crash-point grid for the prediction's state.
    pub fn matrix_answer(&self, view: &MatrixView) -> Option<Answered> {
        let Answer::MatrixUnsafe { variant, fault } = self.answer else { return None };
        let n = matrix_unsafe_cells(view, variant, fault);
        Some(Answered::Metric {
            row_ko: format!("{} 줄의 위험한 칸", variant.code()),
            column_ko: fault_ko(fault).to_string(),
            text: format!("{n}칸"),
            value: n as f64,
        })
    }

    /// A sweep answer: the cell's seeds run as the sweep's workers run them,
    /// its mean over-approval as the heatmap's cell says it.
    pub fn sweep_answer(&self) -> Option<Answered> {
        let Answer::SweepCell { ix, iy } = self.answer else { return None };
        let spec = self.sweep_spec()?;
        let (x, y) = (*spec.xs().get(ix)?, *spec.ys().get(iy)?);
        let [xn, yn] = spec.kind.axis_names_ko();
        let cell = lab_model::sweep::run_cell(&spec, ix, iy);
        Some(Answered::Metric {
            row_ko: format!("{} 평균", lab_model::metrics::Metric::OverApproval.name_ko()),
            column_ko: format!("{xn} {x}, {yn} {y}"),
            text: lab_model::sweep::fmt1(cell.over_mean),
            value: cell.over_mean,
        })
    }

    /// The choice the answer makes right, if one does.
    pub fn right_choice(&self, answered: &Answered) -> Option<usize> {
        self.choices.iter().position(|c| match (c.covers, answered) {
            (Covers::Between(lo, hi), Answered::Metric { value, .. }) => *value >= lo && *value <= hi,
            (Covers::Verdict(v), Answered::Verdict(got, _)) => v == *got,
            _ => false,
        })
    }

    /// The question and its choices without the answer, as the static
    /// chapter pages show it (the page replaces it with the live fieldset).
    pub fn static_html(&self) -> String {
        let mut s = format!(
            "<fieldset class=\"predict predict-static\" id=\"predict-{}\" disabled><legend>{}</legend><ul class=\"predict-choices\">",
            escape_html(self.id),
            escape_html(self.question_ko)
        );
        for c in self.choices {
            s.push_str(&format!("<li>{}</li>", escape_html(c.label_ko)));
        }
        s.push_str("</ul><p class=\"predict-note\">자바스크립트를 켜면 답을 고른 뒤 그림을 그 상태로 돌려 확인할 수 있습니다.</p></fieldset>");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_figures_exist() {
        for (i, p) in PREDICTIONS.iter().enumerate() {
            assert!(PREDICTIONS[i + 1..].iter().all(|q| q.id != p.id), "{}", p.id);
            assert!(figure(p.figure).is_some(), "{}", p.id);
            assert!(p.question_ko.ends_with('?'), "{}", p.id);
            assert!(p.choices.len() >= 2, "{}", p.id);
        }
    }

    /// Every state parses without a notice, and the permalink carries it.
    #[test]
    fn states_are_clean_permalinks() {
        for p in PREDICTIONS {
            let notices = match p.spec().scenario() {
                Scenario::Vote => parse_vote_query(p.query).notices.len(),
                Scenario::Sweep => usize::from(p.sweep_spec().is_none()),
                _ => parse_lease_query(p.query).notices.len(),
            };
            assert_eq!(notices, 0, "{}", p.id);
            let link = p.permalink();
            assert!(link.starts_with(&format!("?ch={}&fig={}&", p.spec().chapter, p.figure)), "{link}");
        }
        assert_eq!(
            prediction("a1-ttl600").unwrap().permalink(),
            "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600&t=3000"
        );
        // B7's reveal opens its figure with the power cut already hit, as the
        // figure reads its own address (`web::url::read_vote_figure`).
        let link = prediction("b7-power").unwrap().permalink();
        let site = lab_model::params::read_site(&link, lab_model::params::Scope::Vote);
        assert!(site.notices.is_empty(), "{link}: {:?}", site.notices);
        assert_eq!(site.value.hit, Some(true), "{link}");
        assert_eq!(site.value.vote.map(|v| v.fault), Some(FaultKind::Power), "{link}");
    }

    /// The lock-lease answers come from the runs, and exactly one choice
    /// covers each; the why sentences were written for these answers, so a
    /// change of the model that moves an answer to another choice fails here.
    #[test]
    fn lease_answers_fall_in_the_choice_the_why_explains() {
        let expected = [
            ("a1-default", 2),
            ("a1-ttl600", 0),
            ("a2-stop120", 0),
            ("a3-pause100", 1),
            ("a4-threads32", 0),
            ("a5-closed", 2),
            ("a6-long-pause", 0),
        ];
        for (id, choice) in expected {
            let p = prediction(id).unwrap();
            let answered = p.lease_answer().unwrap_or_else(|| panic!("{id}: no answer"));
            assert_eq!(p.right_choice(&answered), Some(choice), "{id}: {answered:?}");
        }
        // A7's answer is the heatmap's cell: the same text its description gives.
        let p = prediction("a7-long-ttl").unwrap();
        let spec = p.sweep_spec().unwrap();
        assert_eq!((spec.xs()[11], spec.ys()[0]), (1000, 100), "the cell the question names");
        let answered = p.sweep_answer().unwrap();
        assert_eq!(p.right_choice(&answered), Some(0), "{answered:?}");
        let mut grid = lab_model::sweep::SweepResult::empty(spec);
        grid.rows[0] = Some(lab_model::sweep::run_row(&spec, 0));
        let Answered::Metric { text, .. } = &answered else { panic!() };
        assert!(
            grid.describe_cell(11, 0).contains(&format!("초과 승인 평균 {text} ")),
            "{}",
            grid.describe_cell(11, 0)
        );
        // The answer is the table's: the same value as a run of that state.
        let p = prediction("a1-ttl600").unwrap();
        let q = p.lease_query();
        let run = crate::sim::lease::run(&q.config, q.seed, 0, crate::sim::lease::TraceLevel::Summary);
        match p.lease_answer() {
            Some(Answered::Metric { text, column_ko, .. }) => {
                assert_eq!(text, run.metrics.approvals.to_string());
                assert_eq!(column_ko, "실행 0");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn story_verdicts_fall_in_the_choice_the_why_explains() {
        use crate::figures::plan::VotePlan;
        let expected = [
            ("b1-store-first", StoryVerdict::Safe),
            ("b3-rollback", StoryVerdict::Fenced),
            ("b4-fence", StoryVerdict::Fenced),
        ];
        for (id, want) in expected {
            let p = prediction(id).unwrap();
            let (got, text, _) = VotePlan::new(p.spec(), p.vote_config()).run().verdict().unwrap();
            assert_eq!(got, want, "{id}: {text}");
            let answered = Answered::Verdict(got, text);
            assert!(p.right_choice(&answered).is_some(), "{id}");
        }
    }

    /// Article B's numeric answers come from the figure's own runs and grid,
    /// and fall in the choice the why explains.
    #[test]
    fn vote_facts_fall_in_the_choice_the_why_explains() {
        use crate::figures::plan::VotePlan;
        for (id, choice) in [("b7-power", 2), ("b8-two-blocked", 0)] {
            let p = prediction(id).unwrap();
            let summary = VotePlan::new(p.spec(), p.vote_config()).run().summary();
            let answered = p.fact_answer(&summary.facts).unwrap_or_else(|| panic!("{id}: no answer"));
            assert_eq!(p.right_choice(&answered), Some(choice), "{id}: {answered:?}");
        }
        // B7's answer is what the figure's text alternative says with the power button pressed.
        let p = prediction("b7-power").unwrap();
        let summary = VotePlan::new(p.spec(), p.vote_config()).run().summary();
        let alt = summary.text_alternative(crate::figures::vote::StackFault::Power).to_string();
        let Some(Answered::Metric { text, value, .. }) = p.fact_answer(&summary.facts) else { panic!() };
        let (total, _) = text.split_once("개 중 ").unwrap();
        let kept = total.parse::<f64>().unwrap() - value;
        assert!(alt.contains(&format!("전원 차단 뒤 {total}개 중 {kept}개가 남음")), "{alt} vs {text}");

        let p = prediction("b2-lying-device").unwrap();
        let c = p.vote_config();
        let view = crate::figures::vote::matrix_view(c.profile, c.device_honours_sync);
        let answered = p.matrix_answer(&view).unwrap();
        assert_eq!(p.right_choice(&answered), Some(1), "{answered:?}");
        // With a device that honours sync, the same row has no unsafe cell.
        let honest = crate::figures::vote::matrix_view(c.profile, true);
        assert_eq!(matrix_unsafe_cells(&honest, Variant::V0, FaultKind::Power), 0);
    }

    /// Every `{{predict:ID}}` marker names a prediction of a figure in the
    /// same chapter, and every chapter with a figure asks at least one.
    #[test]
    fn every_chapter_with_a_figure_asks_before_it_shows() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let mut asked = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("md") {
                continue;
            }
            let chapter = path.file_stem().unwrap().to_str().unwrap().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines() {
                if let Some(id) = line.trim().strip_prefix("{{predict:").and_then(|r| r.strip_suffix("}}")) {
                    let p = prediction(id).unwrap_or_else(|| panic!("{chapter}: no prediction {id}"));
                    assert_eq!(p.spec().chapter, chapter, "{id}");
                    asked.push((chapter.clone(), id.to_string()));
                }
            }
        }
        for p in PREDICTIONS {
            assert!(asked.iter().any(|(_, id)| id == p.id), "{} is asked by no chapter", p.id);
        }
        // A question whose figure would answer it on sight is asked above
        // the figure: A1's run, B7's layers, B8's heights.
        for id in ["a1-default", "b7-power", "b8-two-blocked"] {
            let p = prediction(id).unwrap();
            let text = std::fs::read_to_string(dir.join(format!("{}.md", p.spec().chapter))).unwrap();
            let asked_at = text.find(&format!("{{{{predict:{id}}}}}")).unwrap();
            let shown_at = text.find(&format!("{{{{figure:{}}}}}", p.figure)).unwrap();
            assert!(asked_at < shown_at, "{id} is asked below its figure");
        }
        // Figure 8-1 is a question itself: it shows no step, no verdict and
        // no smallest schedule until the reader has played (and asked), as
        // e2e/tests/no_spoilers.test.mjs holds it.
        for f in lab_model::registry::FIGURES.iter().filter(|f| f.scenario() != Scenario::Check) {
            assert!(asked.iter().any(|(c, _)| c == f.chapter), "{} ({}) asks no question", f.chapter, f.code);
        }
    }

    #[test]
    fn the_static_question_has_no_answer_and_escapes() {
        let p = prediction("b1-store-first").unwrap();
        let html = p.static_html();
        assert!(html.contains("<legend>장애 지점은 그대로 두고 순서를 &quot;저장 후 전파&quot;로 바꾸면"), "{html}");
        assert!(!html.contains(p.why_ko), "{html}");
    }
}
