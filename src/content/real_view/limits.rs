//! What the real runs can and cannot show (issue 39): a `{{real-limits:pay}}`
//! or `{{real-limits:wal}}` line of a chapter becomes, ahead of time, a short
//! visible paragraph and a collapsed list of what the real harness shares
//! with the model by construction, what the real servers decide on their
//! own, and the machine they ran on. Article A's block also shows the rerun
//! with independent pauses (`lab real --pauses independent`, committed as
//! `content/real/pay/independent.json`) beside the committed set and the
//! simulation, so a reader can see how much of the agreement was built in.
//!
//! Native only (called from `crate::content::prose`'s renderer).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_model::metrics::Metric;

use super::pay;

/// The rerun of Article A's key configurations with pauses the simulation
/// never draws (`scripts/real-pay-data.py --independent`).
const INDEPENDENT_JSON: &str = include_str!("../../../content/real/pay/independent.json");

/// The metrics the independent-pauses comparison shows.
const COMPARED: [Metric; 4] =
    [Metric::Approvals, Metric::OverApproval, Metric::OwnershipOverlapPairs, Metric::FencingRejects];

/// The block for a chapter line, if it is a `{{real-limits:…}}` marker.
/// An unknown kind fails the render (and so `tests/prose.rs`).
pub fn block(line: &str) -> Option<String> {
    let kind = line.trim().strip_prefix("{{real-limits:")?.strip_suffix("}}")?.trim();
    Some(match kind {
        "pay" => pay_limits(),
        "wal" => wal_limits(),
        other => panic!("unknown {{{{real-limits:{other}}}}} (expected pay or wal)"),
    })
}

fn aside(lead: &str, details: &str) -> String {
    format!(
        "<aside class=\"prose real-limits\"><p>{lead}</p>\
         <details class=\"real-limits-more\"><summary>실제 실행이 시뮬레이션과 같게 둔 것, 따로 잰 것</summary>\
         <div class=\"prose\">{details}</div></details></aside>\n"
    )
}

fn list(items: &[&str]) -> String {
    let mut out = String::from("<ul>");
    for item in items {
        out.push_str(&format!("<li>{item}</li>"));
    }
    out.push_str("</ul>");
    out
}

fn pay_limits() -> String {
    let lead = "<strong>실제 실행이 증명하지 않는 것.</strong> 이 저장소의 결제 프로세스를 같은 머신의 Redis·PostgreSQL에 \
                붙여 잰 값입니다. 멈춤 길이, 재시도 간격, 앞뒤 지연, 지갑 배정은 시뮬레이션과 같게 두었으므로 두 열이 맞는 것의 \
                일부는 처음부터 맞춰진 것입니다. 실제 열도 시뮬레이션 열도 빌드할 때 고정된 값입니다.";
    let shared = list(&[
        "<strong>멈춤 길이.</strong> 각 스레드는 시뮬레이션의 같은 스레드와 같은 시드의 난수열에서 300~500ms를 뽑아 \
         실제로 잠듭니다. 원문은 분포만 밝혔습니다.",
        "<strong>락을 못 잡았을 때 20ms 뒤 재시도.</strong> 원문에 값이 없어, 원문의 처리량에 맞도록 모델이 고른 값입니다.",
        "<strong>구간 앞 10ms, 뒤 5ms의 지연.</strong> 원문의 HTTP 처리 시간 등을 대신하려고, 원문의 처리량에 맞춰 모델이 정한 값입니다.",
        "<strong>지갑 배정.</strong> 스레드 i는 i를 4로 나눈 나머지 번호의 지갑에서만 결제합니다. 원문은 밝히지 않았습니다.",
        "<strong>토큰 발급.</strong> 락 키가 비어 있을 때만 <code>INCR</code>과 <code>SET NX PX</code>를 한 Lua \
         스크립트로 실행합니다. 원문은 &lsquo;지갑별 INCR&rsquo;이라고만 썼습니다.",
        "<strong>지표를 세는 코드.</strong> 기록한 이력을 시뮬레이션과 같은 코드로 셉니다. 소유 겹침 쌍은 원문처럼 \
         SQL 자기 조인으로도 따로 세어 두 값을 맞춰 봅니다.",
    ]);
    let independent = list(&[
        "lease가 끝나는 시각(Redis의 시계), 토큰 카운터, 재기동 뒤 비어 있는 Redis.",
        "행 잠금과 격리 수준: PostgreSQL의 기본값 READ COMMITTED가 실제로 갱신을 잃게 하거나 막습니다. \
         시뮬레이션은 이 격리 수준을 가정해 흉내 낼 뿐입니다.",
        "스레드 스케줄링, 명령 하나의 왕복 시간, <code>SIGSTOP</code>이 Watchdog 스레드까지 프로세스 전체를 세우는 일.",
    ]);
    let machine = list(&[
        "모든 서버가 루프백(127.0.0.1)에 있어 네트워크 지연이나 단절이 없습니다.",
        "PostgreSQL 데이터는 tmpfs(메모리)에 있어 디스크 동기화 비용이 없습니다.",
        "2코어 머신 한 대에서 다른 빌드와 함께 돌았습니다. 원문은 Docker 위의 Java 서비스(Lettuce 클라이언트, HTTP \
         경유)였고, 여기서는 Rust 프로세스가 드라이버로 서버를 직접 부릅니다.",
    ]);
    let details = format!(
        "<p>시뮬레이션과 같게 둔 것:</p>{shared}<p>실제 서버가 스스로 정하는 것:</p>{independent}\
         <p>환경:</p>{machine}{}\
         <p>비교를 더 독립적으로 만들려면 재시도 간격과 앞뒤 지연을 실제 HTTP 스택에서 재고, 네트워크에 지연을 넣고, \
         PostgreSQL을 디스크에 두어야 합니다. 이 셋은 아직 하지 않았습니다.</p>",
        independent_pauses(&pay::summary())
    );
    aside(lead, &details)
}

/// The committed set beside the rerun with independent pauses, for the
/// configurations the rerun covers, and the simulation.
fn independent_pauses(committed: &Value) -> String {
    let rerun: Value = serde_json::from_str(INDEPENDENT_JSON).expect("content/real/pay/independent.json is JSON");
    let mut head = String::from("<thead><tr><th scope=\"col\">조건</th><th scope=\"col\">출처</th>");
    for metric in COMPARED {
        head.push_str(&format!("<th scope=\"col\">{}</th>", escape_html(&metric.label_ko(None))));
    }
    head.push_str("</tr></thead>");
    let mut body = String::new();
    for c in rerun["configs"].as_array().into_iter().flatten() {
        let same = pay::config(committed, c["variant"].as_str().unwrap_or(""));
        // The committed set (same pauses) from its own file, the rerun and its simulation from this one.
        let sources = [
            ("실제 · 같은 멈춤", same, "real_text"),
            ("실제 · 독립 멈춤", c, "real_text"),
            ("시뮬레이션", c, "simulated_text"),
        ];
        body.push_str("<tbody>");
        for (i, (source, runs, field)) in sources.into_iter().enumerate() {
            body.push_str("<tr>");
            if i == 0 {
                body.push_str(&format!(
                    "<th scope=\"rowgroup\" rowspan=\"3\">{}</th>",
                    escape_html(&pay::config_label_ko(same))
                ));
            }
            body.push_str(&format!("<th scope=\"row\">{source}</th>"));
            for metric in COMPARED {
                let text = line(runs, metric).and_then(|l| l[field].as_str()).map_or("—".to_string(), pay::cell);
                body.push_str(&format!("<td class=\"num\">{text}</td>"));
            }
            body.push_str("</tr>");
        }
        body.push_str("</tbody>");
    }
    let p = &rerun["provenance"];
    format!(
        "<p>멈춤을 공유한 몫이 얼마인지 보려고, 멈춤을 시뮬레이션이 결코 뽑지 않는 다른 난수열에서 뽑아 같은 조건을 다시 \
         돌렸습니다(<code>lab real --pauses independent</code>, {} UTC, {}초 × {}회). 분포는 같고 뽑힌 값만 다릅니다. {}</p>\
         <div class=\"table-wrap\"><table class=\"real-pay-summary\">{head}{body}</table></div>",
        escape_html(&pay::date_text(p)),
        p["secs"],
        p["runs"],
        finding(&rerun, committed),
    )
}

/// The line of `metric` in a configuration of a `lab real` summary.
fn line(config: &Value, metric: Metric) -> Option<&Value> {
    config["table"].as_array()?.iter().find(|l| l["metric"] == metric.key())
}

/// The smallest and largest of `metric`'s per-run values in `field`
/// ("real" or "simulated").
fn span(config: &Value, metric: Metric, field: &str) -> Option<(f64, f64)> {
    let values: Vec<f64> = line(config, metric)?[field].as_array()?.iter().filter_map(Value::as_f64).collect();
    let lo = values.iter().copied().reduce(f64::min)?;
    Some((lo, values.iter().copied().fold(lo, f64::max)))
}

/// Whether two spans of runs meet, allowing 2 % and half a count of slack.
fn meet(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 <= b.1 * 1.02 + 0.5 && b.0 <= a.1 * 1.02 + 0.5
}

/// What the rerun found, in words computed from the runs: the
/// configurations where the independent pauses land where the shared ones
/// did, and those where both real runs miss the simulation.
fn finding(rerun: &Value, committed: &Value) -> String {
    const METRICS: [Metric; 3] = [Metric::Approvals, Metric::OverApproval, Metric::OwnershipOverlapPairs];
    let mut alike = Vec::new();
    let mut both_miss = Vec::new();
    for c in rerun["configs"].as_array().into_iter().flatten() {
        let same = pay::config(committed, c["variant"].as_str().unwrap_or(""));
        let label = pay::config_label_ko(same);
        if METRICS.iter().all(|&m| match (span(same, m, "real"), span(c, m, "real")) {
            (Some(a), Some(b)) => meet(a, b),
            _ => true,
        }) {
            alike.push(label.clone());
        }
        let over = Metric::OverApproval;
        if let (Some(a), Some(b), Some(sim)) =
            (span(same, over, "real"), span(c, over, "real"), span(c, over, "simulated"))
        {
            if !meet(a, sim) && !meet(b, sim) {
                let text = |(lo, hi): (f64, f64)| {
                    if lo == hi {
                        format!("{lo:.0}")
                    } else {
                        format!("{lo:.0}~{hi:.0}")
                    }
                };
                both_miss.push(format!(
                    "{label}에서는 두 실제 실행이 모두 시뮬레이션과 어긋납니다(초과 승인: 같은 멈춤 {}, 독립 멈춤 {}, 시뮬레이션 {}). \
                     뽑힌 멈춤 값과 상관없는 차이이니, 모델이 실제 서버나 프로세스와 다르게 움직이는 곳이 있다는 뜻입니다.",
                    text(a),
                    text(b),
                    text(sim)
                ));
            }
        }
    }
    let mut out = String::new();
    if !alike.is_empty() {
        out.push_str(&format!(
            "{}에서는 독립 멈춤으로 돌려도 승인, 초과 승인, 소유 겹침 쌍이 같은 멈춤일 때와 같은 범위에 듭니다. \
             이 지표들이 시뮬레이션과 맞는 것은 멈춤을 나눠 쓴 덕이 아닙니다.",
            alike.join(", ")
        ));
    }
    for sentence in both_miss {
        out.push(' ');
        out.push_str(&sentence);
    }
    escape_html(out.trim())
}

fn wal_limits() -> String {
    let lead = "<strong>실제 실행이 증명하지 않는 것.</strong> 프로세스 종료는 진짜 <code>SIGKILL</code>이지만, 전원 차단은 \
                진짜로 전원을 끊은 것이 아니라 기록용 VFS가 남긴 파일 연산 로그로 디스크 이미지를 다시 만들어 재현한 \
                것입니다. 그래서 &lsquo;장치가 동기화 요청을 지킨다&rsquo;는 가정과 어떤 쓰기가 찢어질 수 있는지에 대한 \
                가정이 결과에 들어 있습니다. 표의 수치는 빌드할 때 고정된 한 번의 실행입니다.";
    let shared = list(&[
        "<strong>저장 파이프라인의 설계.</strong> 자체 트랜잭션, 바깥 트랜잭션 참여 거부, 실패 뒤 저장소 격리는 원문의 \
         설계를 이 저장소가 옮겨 구현한 것이고, 모형도 같은 단계를 따릅니다.",
        "<strong>판정 규칙.</strong> 프로세스 종료와 전원 차단 재현은 같은 검사기로 판정하고, 모형의 판정은 \
         <code>lab crashpoints</code>가 계산합니다.",
    ]);
    let independent = list(&[
        "SQLite가 실제로 파일에 쓰는 순서와 시점, 저널 방식(DELETE, WAL)과 동기화 수준(OFF, NORMAL, FULL, EXTRA)이 \
         실제로 무엇을 언제 동기화하는지.",
        "종료 뒤 다시 연 SQLite가 스스로 하는 복구: 예를 들어 남은 핫 저널로 커밋을 되돌리는 일.",
    ]);
    let machine = list(&[
        "전원 차단 재현은 두 가지 파일 시스템 규칙(엄격한 POSIX, ext4와 비슷한 디렉터리)으로만 했습니다. 실제 장치의 \
         펌웨어, 쓰기 캐시, 동기화를 무시하는 장치는 재현하지 않았습니다.",
        "저장 파일은 tmpfs(메모리)에 있었습니다. 그래서 실제 디스크의 지연이나 오류는 들어 있지 않고, 동기화 오류는 \
         VFS로 주입한 것입니다.",
        "2코어 머신 한 대, 네트워크 대신 같은 머신의 조정 프로세스가 투표를 받았습니다.",
    ]);
    let details = format!(
        "<p>모형과 같게 둔 것:</p>{shared}<p>실제 SQLite가 스스로 정하는 것:</p>{independent}<p>환경:</p>{machine}\
         <p>실제 전원 차단, 실제 디스크, 동기화를 무시하는 장치로 돌려야 이 가정들을 걷어 낼 수 있습니다. 여기서는 하지 않았습니다.</p>"
    );
    aside(lead, &details)
}
