//! The real SQLite matrix (`lab real-wal`, issue 28) as a figure of the
//! chapters B2 and B7, rendered ahead of time into their HTML by
//! `src/content/prose.rs` where a chapter has a `{{real-wal:ID}}` line: a
//! `<figure>` with a caption naming the run (SQLite version, date,
//! machine), a table of the real verdicts beside the model's, and cells
//! that open (`<details>`) what that crash left. No script and no wasm: the
//! data is the committed run, `content/real/wal-matrix.json`.
//!
//! Native only (the prose is rendered by a test, never in the browser).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_real::wal::check::NO_VOTES;
use lab_real::wal::matrix::{double_signature_ko, kind_from_text, kind_ko};
use lab_real::wal::report::machine_ko;

/// The committed run (`lab real-wal --out content/real`).
const MATRIX_JSON: &str = include_str!("../../../content/real/wal-matrix.json");

/// The figure for a `{{real-wal:ID}}` line, or None when `line` is not one.
/// `{{real-wal:ID|LABEL,LABEL}}` shows only those settings' rows (labels as
/// the run writes them, "V0 WAL+NORMAL"), in that order: a chapter's one
/// comparison, the full matrix kept behind "표 보기" (issue 38).
/// An unknown ID, label or unreadable data fails the render (and so `tests/prose.rs`).
pub fn block(line: &str) -> Option<String> {
    let inner = line.trim().strip_prefix("{{real-wal:")?.strip_suffix("}}")?;
    let (id, only) = match inner.split_once('|') {
        Some((id, labels)) => (id.trim(), Some(labels.split(',').map(str::trim).collect::<Vec<_>>())),
        None => (inner.trim(), None),
    };
    let lead = match id {
        "b2" => "저장 함수가 돌아온 뒤의 기록이 실제 SQLite 파일에서도 남는지, 설정마다 확인했습니다.",
        "b7" => "같은 실행에서 프로세스 종료와 전원 차단을 나란히 놓으면, 두 장애가 남기는 것이 다릅니다.",
        other => panic!("unknown {{{{real-wal:{other}}}}} (expected b2 or b7)"),
    };
    let report: Value = serde_json::from_str(MATRIX_JSON).expect("content/real/wal-matrix.json is the report's JSON");
    Some(figure(id, lead, &report, only.as_deref()))
}

fn text(v: &Value) -> String {
    escape_html(v.as_str().unwrap_or(""))
}

/// Votes as the committed run writes them ("X1…X14"), or "없음".
fn votes(v: &Value) -> String {
    match v.as_str() {
        Some(NO_VOTES) => "없음".into(),
        _ => text(v),
    }
}

/// What SQLite's `integrity_check` said: "이상 없음" for its `ok`, else its
/// own message, verbatim.
fn integrity(v: &Value) -> String {
    match v.as_str() {
        Some("ok") => "이상 없음".into(),
        _ => format!("<code>{}</code>", text(v)),
    }
}

/// A committed English text read back into Korean by `ko`; text that it
/// cannot read fails the render.
fn korean(v: &Value, what: &str, ko: impl Fn(&str) -> Option<String>) -> String {
    let en = v.as_str().unwrap_or("");
    escape_html(&ko(en).unwrap_or_else(|| panic!("content/real/wal-matrix.json: unreadable {what}: {en:?}")))
}

/// A count in the recorded set, 0 where it is missing.
pub(super) fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

/// `12345` → `12,345`.
pub(super) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn variant_name(code: &str) -> &'static str {
    match code {
        "V0" => "저장 후 전파",
        "V1" => "전파 후 저장",
        "V3" => "커밋만 하고 전파",
        "V4" => "동기화 호출만 하고 전파",
        _ => "",
    }
}

fn verdict_cell(verdict: &str) -> String {
    let (class, word) = match verdict {
        "unsafe" => ("rw-bad", "이중 투표 가능"),
        "fenced" => ("rw-fenced", "차단"),
        _ => ("rw-ok", "안전"),
    };
    format!("<td class=\"rw-model {class}\">{word}</td>")
}

fn worst_model(config: &Value, key: &str) -> String {
    let rank = |v: &str| match v {
        "unsafe" => 2,
        "fenced" => 1,
        _ => 0,
    };
    let points = config["points"].as_array().cloned().unwrap_or_default();
    points
        .iter()
        .map(|p| p[key].as_str().unwrap_or("safe").to_string())
        .max_by_key(|v| rank(v))
        .unwrap_or_else(|| "safe".into())
}

/// The term of SQLite's own check of a restored file.
const INTEGRITY: &str = "무결성 검사(<code>integrity_check</code>)";

fn dl(rows: &[(&str, String)]) -> String {
    let mut out = String::from("<dl>");
    for (term, value) in rows {
        out.push_str(&format!("<dt>{term}</dt><dd>{value}</dd>"));
    }
    out.push_str("</dl>");
    out
}

/// The kill cell: the run that lost the most (else the named kill at the first send).
fn kill_cell(config: &Value) -> String {
    let kills = config["kills"].as_array().cloned().unwrap_or_default();
    let lost = count(&config["kill_max_lost"]);
    let shown = kills
        .iter()
        .max_by_key(|k| (k["lost"].as_array().map_or(0, Vec::len), k["how"] == "SEND_B"))
        .cloned()
        .unwrap_or(Value::Null);
    let how = if shown["how"] == "random" {
        "무작위 시각".to_string()
    } else {
        format!("{} 직후", text(&shown["how"]))
    };
    let lost_heights: Vec<String> =
        shown["lost"].as_array().cloned().unwrap_or_default().iter().map(|h| format!("높이 {h}")).collect();
    let double: Vec<String> = shown["double_signed"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|d| korean(d, "double signature", double_signature_ko))
        .collect();
    let details = dl(&[
        (
            "종료",
            format!(
                "{how} (<code>SIGKILL</code>), 닿은 곳 {} · 높이 {}",
                text(&shown["stage"]),
                count(&shown["height"])
            ),
        ),
        ("네트워크가 가진 투표", votes(&shown["network"])),
        ("재시작한 노드가 복원한 기록", votes(&shown["restored"])),
        ("잃은 투표", if lost_heights.is_empty() { "없음".into() } else { lost_heights.join(", ") }),
        ("거절한 충돌 제안", format!("{}건", count(&shown["refused"]))),
        ("서로 다른 값에 대한 두 서명", if double.is_empty() { "없음".into() } else { double.join("; ") }),
        (INTEGRITY, integrity(&shown["integrity"])),
    ]);
    let class = if lost > 0 { "rw-bad" } else { "rw-ok" };
    format!(
        "<td class=\"rw-real {class}\"><details><summary>잃은 투표 {lost} · 종료 {}회</summary>{details}</details></td>",
        kills.len()
    )
}

fn power_cell(p: &Value) -> String {
    let states = count(&p["states"]);
    let max_lost = count(&p["max_lost"]);
    let summary = if max_lost > 0 {
        format!(
            "잃은 투표 최대 {max_lost} · 상태 {}개 중 {}개",
            thousands(states),
            thousands(count(&p["losing_states"]))
        )
    } else {
        format!("잃은 투표 0 · 상태 {}개", thousands(states))
    };
    let mut rows = Vec::new();
    if let Some(w) = p["worst"].as_object() {
        rows.push((
            "전원이 나간 곳",
            format!(
                "로그 기록 {}개가 끝난 뒤 (마지막: <code>{}</code>), 단계 {}",
                count(&w["point"]),
                text(&w["record"]),
                text(&w["stage"])
            ),
        ));
        rows.push(("디스크에 남은 것", korean(&w["kind"], "crash state", |k| kind_from_text(k).map(kind_ko))));
        rows.push(("네트워크가 가진 투표", votes(&w["network"])));
        rows.push(("재시작한 노드가 복원한 기록", votes(&w["restored"])));
        rows.push(("잃은 투표", votes(&w["lost"])));
        rows.push((INTEGRITY, integrity(&w["integrity"])));
    } else {
        rows.push((
            "결과",
            format!(
                "로그 기록 {}곳 모두에서 네트워크가 가진 투표를 복원했습니다",
                thousands(count(&p["points"]).saturating_sub(1))
            ),
        ));
    }
    rows.push((
        "점검",
        format!(
            "상태 {}개, SQLite로 연 서로 다른 디스크 이미지 {}개, <code>integrity_check</code> 실패 {}개",
            thousands(states),
            thousands(count(&p["images"])),
            thousands(count(&p["unsound"]))
        ),
    ));
    let class = if max_lost > 0 { "rw-bad" } else { "rw-ok" };
    format!("<td class=\"rw-real {class}\"><details><summary>{summary}</summary>{}</details></td>", dl(&rows))
}

/// The named points where the real run and the model differ, per fault.
/// The crash point's name as the chapters say it ("B에게 전송"), or its code.
fn point_ko(code: &str) -> String {
    crate::sim::vote::PipelineStep::from_code(code)
        .map_or_else(|| code.to_string(), |s| crate::figures::vote::step_ko(s).to_string())
}

fn differences(config: &Value) -> String {
    let mut kill = Vec::new();
    let mut power: Vec<(String, Vec<String>)> = Vec::new();
    for p in config["points"].as_array().cloned().unwrap_or_default() {
        let name = point_ko(&text(&p["point"]));
        let model_unsafe = |key: &str| p[key] == "unsafe";
        if let Some(real) = p["real_kill_lost"].as_bool() {
            if real != model_unsafe("model_kill") {
                kill.push(name.clone());
            }
        }
        for (dir, real) in p["real_power_lost"].as_object().cloned().unwrap_or_default() {
            if let Some(real) = real.as_bool() {
                if real != model_unsafe("model_power") {
                    let label = if dir == "strict_posix" { "엄격 POSIX" } else { "ext4 유사" }.to_string();
                    match power.iter_mut().find(|(d, _)| *d == label) {
                        Some((_, at)) => at.push(name.clone()),
                        None => power.push((label, vec![name.clone()])),
                    }
                }
            }
        }
    }
    let mut parts = Vec::new();
    if !kill.is_empty() {
        parts.push(format!("종료: {}", kill.join(", ")));
    }
    // Both directory models often disagree at the same points: one line then.
    match power.as_slice() {
        [(_, a), (_, b)] if a == b => parts.push(format!("전원(두 디렉터리 모델 모두): {}", a.join(", "))),
        _ => parts.extend(power.into_iter().map(|(dir, at)| format!("전원({dir}): {}", at.join(", ")))),
    }
    if parts.is_empty() {
        "<td class=\"rw-agree\">같음</td>".into()
    } else {
        format!("<td class=\"rw-differ\">{}</td>", parts.join("<br>"))
    }
}

/// The table's columns: the first names the row, the others label each
/// value on a phone too, where the columns stack into a card per setting
/// (static/tables.css), so a verdict keeps whether it is the real run's or
/// the model's.
const COLUMNS: [&str; 8] = [
    "순서 · 설정",
    "대응 모형",
    "실제 프로세스 종료",
    "모형: 종료",
    "실제 전원 차단 재현 (엄격 POSIX)",
    "실제 전원 차단 재현 (ext4 유사)",
    "모형: 전원 차단",
    "모형과 다른 지점",
];

/// A `<td …>` cell with its column's label first.
fn labelled(td: &str, head: &str) -> String {
    let at = td.find('>').map_or(0, |i| i + 1);
    format!("{}{}{}", &td[..at], super::pay::cell_label(head), &td[at..])
}

fn figure(id: &str, lead: &str, r: &Value, only: Option<&[&str]>) -> String {
    let configs = r["configs"].as_array().cloned().unwrap_or_default();
    // The rows shown: every setting, or the chosen ones (their own id, so
    // the full matrix can stand in the same chapter).
    let (id, shown) = match only {
        Some(labels) => (
            format!("{id}-pick"),
            labels
                .iter()
                .map(|l| {
                    configs.iter().find(|c| c["label"] == *l).cloned().unwrap_or_else(|| {
                        panic!("{{{{real-wal:{id}|…}}}}: no setting {l:?} in content/real/wal-matrix.json")
                    })
                })
                .collect::<Vec<_>>(),
        ),
        None => (id.to_string(), configs.clone()),
    };
    let label_of = |c: &Value| c["label"].as_str().unwrap_or("").to_string();
    let lost_under = |c: &Value, power: bool| {
        if power {
            c["power"].as_array().is_some_and(|p| p.iter().any(|p| count(&p["max_lost"]) > 0))
        } else {
            count(&c["kill_max_lost"]) > 0
        }
    };
    let names = |pick: &dyn Fn(&Value) -> bool| -> String {
        let v: Vec<String> = configs.iter().filter(|c| pick(c)).map(|c| escape_html(&label_of(c))).collect();
        if v.is_empty() {
            "없음".into()
        } else {
            v.join(", ")
        }
    };
    let kill_lost = names(&|c| lost_under(c, false));
    let power_safe = names(&|c| !lost_under(c, true));
    let total_states: u64 = count(&r["power_states"]);
    let mut html = format!("<figure class=\"real-wal\" id=\"real-wal-{id}\" aria-labelledby=\"real-wal-{id}-cap\">\n");
    html.push_str(&format!(
        "<figcaption id=\"real-wal-{id}-cap\"><strong>실제 실행: 이 저장소의 하니스(<code>lab real-wal</code>)로 SQLite {} 파일에서 돌린 결과</strong> ({}, {}). \
         시뮬레이션도 원문의 측정도 아닙니다. {lead} 검증 노드 프로세스가 높이마다 투표 하나({}표)를 서명·저장·전파했고, 정해 둔 지점과 무작위 시각에 실제로 <code>SIGKILL</code>로 종료했습니다. \
         전원 차단은 기록용 VFS가 남긴 로그의 모든 지점에서 디스크 이미지를 다시 만들어 재현했습니다(상태 {}개). \
         프로세스 종료에서 투표를 잃은 설정: {kill_lost}. 전원 차단 재현에서 한 표도 잃지 않은 설정: {power_safe}. \
         칸을 열면 그 장애가 남긴 것(복원된 기록, 네트워크가 가진 투표, 전원이 나간 로그 기록)이 보입니다.</figcaption>\n",
        text(&r["sqlite_version"]),
        text(&r["date"]),
        korean(&r["machine"], "machine", machine_ko),
        count(&r["votes"]),
        thousands(total_states),
    ));
    html.push_str(&format!(
        "<div class=\"real-wal-scroll\" role=\"region\" aria-labelledby=\"real-wal-{id}-cap\" tabindex=\"0\">\n<table class=\"cards\">\n<thead><tr>"
    ));
    for head in COLUMNS {
        html.push_str(&format!("<th scope=\"col\">{head}</th>"));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for c in &shown {
        let code = c["config"]["variant"].as_str().unwrap_or("");
        let power = c["power"].as_array().cloned().unwrap_or_default();
        let setting = label_of(c).split_once(' ').map(|(_, s)| s.replace('+', " + ")).unwrap_or_default();
        let cells = [
            format!("<td>{} · <code>{}</code></td>", text(&c["model_variant"]), text(&c["model_profile"])),
            kill_cell(c),
            verdict_cell(&worst_model(c, "model_kill")),
            power.first().map(power_cell).unwrap_or_else(|| "<td></td>".into()),
            power.get(1).map(power_cell).unwrap_or_else(|| "<td></td>".into()),
            verdict_cell(&worst_model(c, "model_power")),
            differences(c),
        ];
        html.push_str(&format!(
            "<tr><th scope=\"row\">{code} {}<br><span class=\"rw-setting\">{}</span></th>",
            variant_name(code),
            escape_html(&setting),
        ));
        for (cell, head) in cells.iter().zip(&COLUMNS[1..]) {
            html.push_str(&labelled(cell, head));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>\n</div>\n</figure>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_renders_a_figure_with_a_cell_per_setting() {
        let html = block("{{real-wal:b2}}").expect("a real-wal line");
        assert!(html.starts_with("<figure class=\"real-wal\""));
        assert!(html.contains("<figcaption") && html.contains("SQLite 3."));
        assert!(html.matches("<details>").count() >= 3 * 16);
        assert!(block("plain prose").is_none());
        // On a phone each value says its column: the real run's or the model's.
        let rows = html.matches("<tr><th scope=\"row\">").count();
        assert_eq!(rows, 16);
        for head in &COLUMNS[1..] {
            assert_eq!(html.matches(&format!("<span class=\"cell-label\">{head}</span>")).count(), rows, "{head}");
        }
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn chosen_settings_are_their_rows_in_order_under_their_own_id() {
        let html = block("{{real-wal:b7|V0 WAL+NORMAL,V0 DELETE+FULL}}").unwrap();
        assert!(html.contains("id=\"real-wal-b7-pick\""), "{html}");
        assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 2);
        let wal = html.find("WAL + NORMAL").unwrap();
        assert!(wal < html.find("DELETE + FULL").unwrap(), "{html}");
        assert!(std::panic::catch_unwind(|| block("{{real-wal:b7|V9 NONE}}")).is_err());
    }

    #[test]
    fn what_a_crash_left_is_said_in_korean() {
        let html = block("{{real-wal:b7}}").expect("a real-wal line");
        for english in ["synced", "torn after", " and Y", ">none<", "CPUs", "store files"] {
            assert!(!html.contains(english), "{english:?} in the figure");
        }
        assert!(html.contains("첫 섹터까지만 닿은 쓰기 #392") && html.contains("저장 파일은 tmpfs에"));
        assert!(html.contains("<dd><code>database disk image is malformed</code></dd>"));
    }
}
