//! The hot journal, drawn from the real SQLite run (issue 38): a
//! `{{real-journal}}` line of a chapter becomes, ahead of time, a small
//! figure of what the committed run (`content/real/wal-matrix.json`, `lab
//! real-wal`) found under `journal_mode=DELETE`: "저장 후 전파" commits a
//! vote, the commit returns and the vote goes out to B, C and D, then the
//! power is cut; the journal's deletion had not reached the disk, so SQLite,
//! opening the file again, reads the journal as an unfinished transaction
//! and rolls the returned commit back.
//!
//! Everything the drawing says about the run is read from the recorded data:
//! the crash state that lost the most (where in the log the power went, what
//! the disk kept, the votes the network holds, what the restart restored,
//! what was lost, SQLite's `integrity_check`), and per `synchronous` setting
//! the pipeline stages at which some crash state lost a vote and how many
//! of the reconstructed states lost one. The file names and the rollback's
//! mechanism are SQLite's documented DELETE-mode commit, which the recorded
//! states show in their effect. An inline SVG with a `<title>` and `<desc>`
//! and a caption naming the run's date and machine; no script, no wasm.
//!
//! Native only (called from `crate::content::prose`'s renderer).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_real::wal::matrix::{kind_from_text, kind_ko};
use lab_real::wal::report::machine_ko;

use super::wal::{count, thousands};

/// The committed run, as `super::wal` reads it.
const MATRIX_JSON: &str = include_str!("../../../content/real/wal-matrix.json");

/// The figure for a `{{real-journal}}` line, or None when `line` is not one.
pub fn block(line: &str) -> Option<String> {
    (line.trim() == "{{real-journal}}").then(|| {
        let report: Value =
            serde_json::from_str(MATRIX_JSON).expect("content/real/wal-matrix.json is the report's JSON");
        figure(&report)
    })
}

/// The pipeline stages the grid shows, in order, with their Korean names.
const STAGES: [(&str, &str); 6] = [
    ("SIGN", "서명"),
    ("WRITE", "기록"),
    ("COMMIT", "커밋"),
    ("SEND_B", "B 전송"),
    ("SEND_C", "C 전송"),
    ("SEND_D", "D 전송"),
];

/// The figure's reader-facing words, in one place.
mod words {
    pub const REAL: &str = "실제 실행";
    pub const TITLE: &str = "지운 줄 알았던 저널이 커밋을 되돌린다";
    pub const STEP1: &str = "① 커밋이 돌아오고, 투표를 B·C·D에 보냄";
    pub const NETWORK: &str = "네트워크가 가진 투표";
    pub const STEP2: &str = "② 전원 차단: 디스크에 남은 것";
    pub const DB_FILE: &str = "safety.db";
    pub const DB_NOTE: &str = "데이터 파일 (커밋 때 동기화)";
    pub const JOURNAL_FILE: &str = "safety.db-journal";
    pub const JOURNAL_NOTE: &str = "커밋 끝에 지웠지만, 그 삭제는 디스크에 닿지 않음";
    pub const STEP3: &str = "③ 다시 열기: SQLite가 남은 저널로 커밋을 되돌림";
    pub const RESTORED: &str = "복원한 기록";
    pub const LOST: &str = "잃은 투표";
    pub const GRID: &str = "단계별로 전원을 끊어 본 결과 (저장 후 전파, DELETE 모드)";
    pub const LOSES: &str = "잃음";
    pub const KEEPS: &str = "안전";
    pub const STATES: &str = "잃은 상태";
}

fn text(v: &Value) -> String {
    escape_html(v.as_str().unwrap_or(""))
}

/// Votes as the run writes them, "없음" for none.
fn votes(v: &Value) -> String {
    match v.as_str() {
        Some("none") | None => "없음".into(),
        Some(s) => escape_html(s),
    }
}

/// The rows of the run under "저장 후 전파" (V0) with a DELETE journal, in
/// the run's order (its `synchronous` settings).
fn delete_rows(report: &Value) -> Vec<&Value> {
    report["configs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["config"]["variant"] == "V0" && c["config"]["journal"] == "delete")
        .collect()
}

/// A config's `synchronous` setting as the chapters write it (`FULL`).
fn sync_name(c: &Value) -> String {
    escape_html(&c["config"]["sync"].as_str().unwrap_or("").to_uppercase())
}

/// The first power-loss result (the strict POSIX directory model).
fn power(c: &Value) -> &Value {
    &c["power"][0]
}

/// The row the story follows: `FULL` if it lost a vote (the setting that
/// syncs at every commit and still loses one), else the first that did.
fn story_row<'a>(rows: &[&'a Value]) -> Option<&'a Value> {
    let lost = |c: &Value| count(&power(c)["max_lost"]) > 0 && power(c)["worst"].is_object();
    let full = rows.iter().find(|c| c["config"]["sync"] == "full" && lost(c));
    full.or_else(|| rows.iter().find(|c| lost(c))).copied()
}

fn svg_text(x: u32, y: u32, class: &str, body: &str) -> String {
    format!("<text x=\"{x}\" y=\"{y}\" class=\"{class}\">{body}</text>")
}

/// Renders the figure from a report (the committed one, or any other in its
/// shape: the test changes it and sees the drawing change).
pub(crate) fn figure(report: &Value) -> String {
    let rows = delete_rows(report);
    let story = story_row(&rows).unwrap_or_else(|| {
        panic!(
            "content/real/wal-matrix.json: no V0 DELETE setting lost a vote to a power loss (no hot journal to draw)"
        )
    });
    let w = &power(story)["worst"];
    let sync = sync_name(story);
    let kind = kind_from_text(w["kind"].as_str().unwrap_or(""))
        .map(kind_ko)
        .unwrap_or_else(|| panic!("content/real/wal-matrix.json: unreadable crash state {:?}", w["kind"]));
    let stage = STAGES.iter().find(|(code, _)| w["stage"] == *code).map_or_else(|| text(&w["stage"]), |s| s.1.into());
    let integrity = if w["integrity"] == "ok" { "이상 없음".to_string() } else { text(&w["integrity"]) };
    let date = text(&report["date"]);
    let machine = escape_html(&machine_ko(report["machine"].as_str().unwrap_or("")).unwrap_or_default());
    let version = text(&report["sqlite_version"]);

    // The story: three bands.
    let mut svg = String::new();
    let width = 360;
    svg.push_str(&svg_text(0, 14, "hj-step", words::STEP1));
    svg.push_str("<rect x=\"0\" y=\"22\" width=\"360\" height=\"30\" rx=\"5\" class=\"hj-box\"/>");
    svg.push_str(&svg_text(10, 42, "hj-muted", words::NETWORK));
    svg.push_str(&format!(
        "<text x=\"350\" y=\"42\" class=\"hj-value\" text-anchor=\"end\">{}</text>",
        votes(&w["network"])
    ));

    svg.push_str(&svg_text(0, 76, "hj-step", words::STEP2));
    // Where in the run's log of file operations the power went: after
    // `point` of its records (a power cut at every point was rebuilt).
    let (point, records) = (count(&w["point"]), count(&power(story)["points"]).saturating_sub(1));
    let when = if point >= records {
        format!("로그 기록 {}개가 모두 끝난 뒤", thousands(records))
    } else {
        format!("로그 기록 {}개 중 {}개가 끝난 뒤", thousands(records), thousands(point))
    };
    svg.push_str(&format!("<text x=\"0\" y=\"92\" class=\"hj-muted hj-small\">{kind} · {when} · 단계: {stage}</text>"));
    svg.push_str("<rect x=\"0\" y=\"100\" width=\"360\" height=\"30\" rx=\"5\" class=\"hj-box\"/>");
    svg.push_str(&format!(
        "<text x=\"10\" y=\"120\" class=\"hj-file\">{}</text><text x=\"350\" y=\"120\" class=\"hj-muted hj-small\" text-anchor=\"end\">{}</text>",
        words::DB_FILE,
        words::DB_NOTE
    ));
    svg.push_str("<rect x=\"0\" y=\"136\" width=\"360\" height=\"44\" rx=\"5\" class=\"hj-box hj-hot\"/>");
    svg.push_str(&format!(
        "<text x=\"10\" y=\"154\" class=\"hj-file hj-bad\">{}</text><text x=\"10\" y=\"171\" class=\"hj-small\">{}</text>",
        words::JOURNAL_FILE,
        words::JOURNAL_NOTE
    ));

    svg.push_str(&svg_text(0, 204, "hj-step", words::STEP3));
    svg.push_str("<rect x=\"0\" y=\"212\" width=\"360\" height=\"52\" rx=\"5\" class=\"hj-box\"/>");
    svg.push_str(&svg_text(10, 232, "hj-muted", words::RESTORED));
    svg.push_str(&format!(
        "<text x=\"350\" y=\"232\" class=\"hj-value\" text-anchor=\"end\">{}</text>",
        votes(&w["restored"])
    ));
    svg.push_str(&svg_text(10, 254, "hj-muted", words::LOST));
    svg.push_str(&format!(
        "<text x=\"350\" y=\"254\" class=\"hj-value hj-bad\" text-anchor=\"end\">{} (무결성 검사 {integrity})</text>",
        votes(&w["lost"])
    ));

    // The grid: per synchronous setting, the stages at which a cut lost a vote.
    let top = 288;
    svg.push_str(&svg_text(0, top, "hj-step", words::GRID));
    let (label_w, cell_w, cell_h) = (58u32, 36u32, 24u32);
    for (i, (_, name)) in STAGES.iter().enumerate() {
        let x = label_w + i as u32 * cell_w + cell_w / 2;
        svg.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" class=\"hj-small hj-muted\" text-anchor=\"middle\">{name}</text>",
            top + 18
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{width}\" y=\"{}\" class=\"hj-small hj-muted\" text-anchor=\"end\">{}</text>",
        top + 18,
        words::STATES
    ));
    let mut alt_rows = Vec::new();
    for (r, c) in rows.iter().enumerate() {
        let y = top + 26 + r as u32 * (cell_h + 4);
        let p = power(c);
        let name = sync_name(c);
        svg.push_str(&format!("<text x=\"0\" y=\"{}\" class=\"hj-file\">{name}</text>", y + 16));
        let mut losing_stages = Vec::new();
        for (i, (code, stage_name)) in STAGES.iter().enumerate() {
            let lost = p["stages"][code].as_bool().unwrap_or(false);
            if lost {
                losing_stages.push(*stage_name);
            }
            let x = label_w + i as u32 * cell_w;
            let (class, word) = if lost { ("hj-cell hj-cell-bad", words::LOSES) } else { ("hj-cell", words::KEEPS) };
            svg.push_str(&format!(
                "<rect x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{cell_h}\" rx=\"3\" class=\"{class}\"/>\
                 <text x=\"{}\" y=\"{}\" class=\"hj-small{}\" text-anchor=\"middle\">{word}</text>",
                x + 1,
                cell_w - 2,
                x + cell_w / 2,
                y + 16,
                if lost { " hj-bad" } else { " hj-muted" },
            ));
        }
        let (losing, states) = (count(&p["losing_states"]), count(&p["states"]));
        svg.push_str(&format!(
            "<text x=\"{width}\" y=\"{}\" class=\"hj-small{}\" text-anchor=\"end\">{}/{}</text>",
            y + 16,
            if losing > 0 { " hj-bad" } else { "" },
            thousands(losing),
            thousands(states)
        ));
        alt_rows.push(format!(
            "{name}: {}, 만든 상태 {}개 중 {}개에서 투표를 잃음",
            if losing_stages.is_empty() {
                "어느 단계에서도 잃지 않음".to_string()
            } else {
                format!("{}에서 잃음", losing_stages.join("·"))
            },
            thousands(states),
            thousands(losing)
        ));
    }
    let height = top + 26 + rows.len() as u32 * (cell_h + 4) + 4;

    // Both directory models said the same, or the caption says they did not.
    let models_agree = rows.iter().all(|c| {
        let (a, b) = (&c["power"][0], &c["power"][1]);
        b.is_null()
            || (a["losing_states"] == b["losing_states"] && a["states"] == b["states"] && a["stages"] == b["stages"])
    });
    let models = if models_agree {
        "엄격 POSIX와 ext4 유사, 두 디렉터리 모델의 결과가 같아 하나만 그렸습니다."
    } else {
        "엄격 POSIX 디렉터리 모델의 결과입니다(ext4 유사 모델의 수는 표 보기의 표에 있습니다)."
    };
    let desc = format!(
        "{sync} 설정에서 커밋이 돌아오고 투표를 보낸 뒤 전원이 나간 상태: 네트워크는 {} 투표를 가졌고, 디스크에는 {kind}이 남았으며, \
         지운 줄 알았던 저널 파일이 남아 다시 연 SQLite가 커밋을 되돌려 {}만 복원했습니다. 잃은 투표 {}. {}.",
        votes(&w["network"]),
        votes(&w["restored"]),
        votes(&w["lost"]),
        alt_rows.join("; ")
    );
    format!(
        "<figure class=\"real-journal\" id=\"real-journal\">\n\
         <svg viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"real-journal-title real-journal-desc\" class=\"hj-svg\">\
         <title id=\"real-journal-title\">{}: {}</title><desc id=\"real-journal-desc\">{desc}</desc>{svg}</svg>\n\
         <figcaption><strong>{}: {}</strong> ({date}, {machine}, SQLite {version}). 저장 후 전파를 롤백 저널(DELETE) 모드와 \
         <code>synchronous={sync}</code>로 돌린 실제 실행에서, 잃은 투표가 가장 많았던 전원 차단 상태를 그렸습니다. 아래 칸은 설정마다 \
         투표 하나를 처리하는 단계 중 어디서 전원이 나가면 이미 보낸 투표를 잃는지, 오른쪽 수는 기록용 VFS로 다시 만든 디스크 상태 중 \
         투표를 잃은 상태의 수입니다. {models} 시뮬레이션도 원문의 측정도 아닙니다.</figcaption>\n</figure>\n",
        words::REAL,
        words::TITLE,
        words::REAL,
        words::TITLE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn committed() -> Value {
        serde_json::from_str(MATRIX_JSON).unwrap()
    }

    #[test]
    fn the_marker_draws_the_committed_run() {
        assert!(block("글").is_none());
        let html = block("{{real-journal}}").expect("a real-journal line");
        assert!(html.starts_with("<figure class=\"real-journal\""), "{html}");
        assert!(html.contains("<figcaption><strong>실제 실행: ") && html.contains("2026-12-01"), "{html}");
        assert!(html.contains("<title id=\"real-journal-title\">") && html.contains("<desc id=\"real-journal-desc\">"));
        // The committed run: FULL lost X30 after sending it, restoring X1…X29.
        assert!(html.contains("synchronous=FULL"), "{html}");
        assert!(html.contains("동기화된 쓰기만 · 로그 기록 874개가 모두 끝난 뒤 · 단계: D 전송"), "{html}");
        assert!(
            html.contains(">X1…X30</text>")
                && html.contains(">X1…X29</text>")
                && html.contains(">X30 (무결성 검사 이상 없음)</text>")
        );
        assert!(
            html.contains(">2,853/6,717</text>")
                && html.contains(">3,288/7,436</text>")
                && html.contains(">0/6,099</text>"),
            "{html}"
        );
        // EXTRA keeps every vote: no red cell in its row.
        assert_eq!(html.matches("hj-cell hj-cell-bad").count(), 6, "{html}");
    }

    #[test]
    fn the_drawing_follows_the_recorded_data() {
        let before = figure(&committed());
        let mut report = committed();
        for c in report["configs"].as_array_mut().unwrap() {
            if c["label"] == "V0 DELETE+FULL" {
                let p = &mut c["power"][0];
                p["losing_states"] = 1234.into();
                p["states"] = 9999.into();
                p["stages"]["COMMIT"] = true.into();
                p["worst"]["restored"] = "X1…X27".into();
                p["worst"]["lost"] = "X28…X30".into();
                p["worst"]["point"] = 700.into();
            }
        }
        report["date"] = "2027-01-02".into();
        let after = figure(&report);
        assert_ne!(before, after);
        assert!(after.contains(">1,234/9,999</text>") && !after.contains(">2,853/6,717</text>"), "{after}");
        assert!(after.contains(">X1…X27</text>") && after.contains(">X28…X30 (무결성"), "{after}");
        assert!(after.contains("2027-01-02") && after.contains("커밋·B 전송"), "{after}");
        assert!(after.contains("로그 기록 874개 중 700개가 끝난 뒤"), "{after}");
        assert_eq!(after.matches("hj-cell hj-cell-bad").count(), 7);
        // The two directory models now disagree for FULL: the caption says so.
        assert!(after.contains("엄격 POSIX 디렉터리 모델의 결과입니다"), "{after}");
    }

    #[test]
    #[should_panic(expected = "no hot journal")]
    fn a_run_without_the_finding_draws_nothing() {
        let mut report = committed();
        for c in report["configs"].as_array_mut().unwrap() {
            for p in c["power"].as_array_mut().unwrap() {
                p["max_lost"] = 0.into();
            }
        }
        figure(&report);
    }
}
