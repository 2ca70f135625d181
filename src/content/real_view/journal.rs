//! The hot journal, drawn from the real SQLite run (issue 38): a
//! `{{real-journal}}` line of a chapter becomes, ahead of time, a small
//! figure of what the committed run (`content/real/wal-matrix.json`, `lab
//! real-wal`) found under `journal_mode=DELETE`: persist-then-broadcast commits a
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
//! and a caption naming the run's date and machine; no script, no wasm. Its
//! words are `lab_words::real::JournalWords` in the language it is given.
//!
//! Native only (called from `crate::content::prose`'s renderer).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_real::wal::matrix::kind_from_text;
use lab_words::real::JournalWords;
use lab_words::Words;

use super::wal::{count, machine, state_kind, thousands};

/// The committed run, as `super::wal` reads it.
const MATRIX_JSON: &str = include_str!("../../../content/real/wal-matrix.json");

/// The figure for a `{{real-journal}}` line, or None when `line` is not one.
pub fn block(words: &Words, line: &str) -> Option<String> {
    (line.trim() == "{{real-journal}}").then(|| {
        let report: Value =
            serde_json::from_str(MATRIX_JSON).expect("content/real/wal-matrix.json is the report's JSON");
        figure(words, &report)
    })
}

/// The pipeline stages the grid shows, in order (their names are
/// `JournalWords::stages`, in the same order).
const STAGES: [&str; 6] = ["SIGN", "WRITE", "COMMIT", "SEND_B", "SEND_C", "SEND_D"];

/// The files the figure names (SQLite's, in no language).
const DB_FILE: &str = "safety.db";
const JOURNAL_FILE: &str = "safety.db-journal";

fn text(v: &Value) -> String {
    escape_html(v.as_str().unwrap_or(""))
}

/// Votes as the run writes them, `none` for none.
fn votes(w: &JournalWords, v: &Value) -> String {
    match v.as_str() {
        Some("none") | None => w.none.into(),
        Some(s) => escape_html(s),
    }
}

/// The rows of the run under persist-then-broadcast (V0) with a DELETE journal, in
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
pub(crate) fn figure(words: &Words, report: &Value) -> String {
    let jw = &words.real.journal;
    let votes = |v: &Value| votes(jw, v);
    let rows = delete_rows(report);
    let story = story_row(&rows).unwrap_or_else(|| {
        panic!(
            "content/real/wal-matrix.json: no V0 DELETE setting lost a vote to a power loss (no hot journal to draw)"
        )
    });
    let w = &power(story)["worst"];
    let sync = sync_name(story);
    let kind = kind_from_text(w["kind"].as_str().unwrap_or(""))
        .map(|k| state_kind(words, k))
        .unwrap_or_else(|| panic!("content/real/wal-matrix.json: unreadable crash state {:?}", w["kind"]));
    let stage =
        STAGES.iter().position(|code| w["stage"] == *code).map_or_else(|| text(&w["stage"]), |i| jw.stages[i].into());
    let integrity = if w["integrity"] == "ok" { jw.integrity_ok.to_string() } else { text(&w["integrity"]) };
    let date = text(&report["date"]);
    let machine = escape_html(&machine(words, report["machine"].as_str().unwrap_or("")).unwrap_or_default());
    let version = text(&report["sqlite_version"]);

    // The story: three bands.
    let mut svg = String::new();
    let width = 360;
    svg.push_str(&svg_text(0, 14, "hj-step", jw.step1));
    svg.push_str("<rect x=\"0\" y=\"22\" width=\"360\" height=\"30\" rx=\"5\" class=\"hj-box\"/>");
    svg.push_str(&svg_text(10, 42, "hj-muted", jw.network));
    svg.push_str(&format!(
        "<text x=\"350\" y=\"42\" class=\"hj-value\" text-anchor=\"end\">{}</text>",
        votes(&w["network"])
    ));

    svg.push_str(&svg_text(0, 76, "hj-step", jw.step2));
    // Where in the run's log of file operations the power went: after
    // `point` of its records (a power cut at every point was rebuilt).
    let (point, records) = (count(&w["point"]), count(&power(story)["points"]).saturating_sub(1));
    let when = if point >= records {
        words.fill(jw.when_all, &[("records", &thousands(records))])
    } else {
        words.fill(jw.when_some, &[("records", &thousands(records)), ("point", &thousands(point))])
    };
    let state_line = words.fill(jw.state_line, &[("kind", &kind), ("when", &when), ("stage", &stage)]);
    svg.push_str(&format!("<text x=\"0\" y=\"92\" class=\"hj-muted hj-small\">{state_line}</text>"));
    svg.push_str("<rect x=\"0\" y=\"100\" width=\"360\" height=\"30\" rx=\"5\" class=\"hj-box\"/>");
    svg.push_str(&format!(
        "<text x=\"10\" y=\"120\" class=\"hj-file\">{}</text><text x=\"350\" y=\"120\" class=\"hj-muted hj-small\" text-anchor=\"end\">{}</text>",
        DB_FILE, jw.db_note
    ));
    svg.push_str("<rect x=\"0\" y=\"136\" width=\"360\" height=\"44\" rx=\"5\" class=\"hj-box hj-hot\"/>");
    svg.push_str(&format!(
        "<text x=\"10\" y=\"154\" class=\"hj-file hj-bad\">{}</text><text x=\"10\" y=\"171\" class=\"hj-small\">{}</text>",
        JOURNAL_FILE, jw.journal_note
    ));

    svg.push_str(&svg_text(0, 204, "hj-step", jw.step3));
    svg.push_str("<rect x=\"0\" y=\"212\" width=\"360\" height=\"52\" rx=\"5\" class=\"hj-box\"/>");
    svg.push_str(&svg_text(10, 232, "hj-muted", jw.restored));
    svg.push_str(&format!(
        "<text x=\"350\" y=\"232\" class=\"hj-value\" text-anchor=\"end\">{}</text>",
        votes(&w["restored"])
    ));
    svg.push_str(&svg_text(10, 254, "hj-muted", jw.lost));
    svg.push_str(&format!(
        "<text x=\"350\" y=\"254\" class=\"hj-value hj-bad\" text-anchor=\"end\">{}</text>",
        words.fill(jw.lost_line, &[("lost", &votes(&w["lost"])), ("integrity", &integrity)])
    ));

    // The grid: per synchronous setting, the stages at which a cut lost a vote.
    let top = 288;
    svg.push_str(&svg_text(0, top, "hj-step", jw.grid));
    let (label_w, cell_w, cell_h) = (58u32, 36u32, 24u32);
    for (i, name) in jw.stages.iter().enumerate() {
        let x = label_w + i as u32 * cell_w + cell_w / 2;
        svg.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" class=\"hj-small hj-muted\" text-anchor=\"middle\">{name}</text>",
            top + 18
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{width}\" y=\"{}\" class=\"hj-small hj-muted\" text-anchor=\"end\">{}</text>",
        top + 18,
        jw.states
    ));
    let mut alt_rows = Vec::new();
    for (r, c) in rows.iter().enumerate() {
        let y = top + 26 + r as u32 * (cell_h + 4);
        let p = power(c);
        let name = sync_name(c);
        svg.push_str(&format!("<text x=\"0\" y=\"{}\" class=\"hj-file\">{name}</text>", y + 16));
        let mut losing_stages = Vec::new();
        for (i, (code, stage_name)) in STAGES.iter().zip(jw.stages).enumerate() {
            let lost = p["stages"][code].as_bool().unwrap_or(false);
            if lost {
                losing_stages.push(stage_name);
            }
            let x = label_w + i as u32 * cell_w;
            let (class, word) = if lost { ("hj-cell hj-cell-bad", jw.loses) } else { ("hj-cell", jw.keeps) };
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
        let stages = if losing_stages.is_empty() {
            jw.never_lost.to_string()
        } else {
            words.fill(jw.lost_at, &[("stages", &losing_stages.join("·"))])
        };
        alt_rows.push(words.fill(
            jw.alt_row,
            &[("name", &name), ("stages", &stages), ("states", &thousands(states)), ("losing", &thousands(losing))],
        ));
    }
    let height = top + 26 + rows.len() as u32 * (cell_h + 4) + 4;

    // Both directory models said the same, or the caption says they did not.
    let models_agree = rows.iter().all(|c| {
        let (a, b) = (&c["power"][0], &c["power"][1]);
        b.is_null()
            || (a["losing_states"] == b["losing_states"] && a["states"] == b["states"] && a["stages"] == b["stages"])
    });
    let models = if models_agree { jw.models_agree } else { jw.models_differ };
    let desc = words.fill(
        jw.desc,
        &[
            ("sync", &sync),
            ("network", &votes(&w["network"])),
            ("kind", &kind),
            ("restored", &votes(&w["restored"])),
            ("lost", &votes(&w["lost"])),
            ("rows", &alt_rows.join("; ")),
        ],
    );
    let caption = words.fill(
        jw.caption,
        &[
            ("real", jw.real),
            ("title", jw.title),
            ("date", &date),
            ("machine", &machine),
            ("version", &version),
            ("sync", &sync),
            ("models", models),
        ],
    );
    format!(
        "<figure class=\"real-journal\" id=\"real-journal\">\n\
         <svg viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"real-journal-title real-journal-desc\" class=\"hj-svg\">\
         <title id=\"real-journal-title\">{}: {}</title><desc id=\"real-journal-desc\">{desc}</desc>{svg}</svg>\n\
         <figcaption>{caption}</figcaption>\n</figure>\n",
        jw.real,
        jw.title,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn committed() -> Value {
        serde_json::from_str(MATRIX_JSON).unwrap()
    }

    fn ko() -> &'static Words {
        Words::of(lab_words::Lang::Ko)
    }

    #[test]
    fn the_marker_draws_the_committed_run() {
        let words = ko();
        let jw = &words.real.journal;
        assert!(block(words, "text").is_none());
        let html = block(words, "{{real-journal}}").expect("a real-journal line");
        assert!(html.starts_with("<figure class=\"real-journal\""), "{html}");
        assert!(html.contains(&format!("<figcaption><strong>{}: ", jw.real)) && html.contains("2026-12-01"), "{html}");
        assert!(html.contains("<title id=\"real-journal-title\">") && html.contains("<desc id=\"real-journal-desc\">"));
        // The committed run: FULL lost X30 after sending it, restoring X1…X29.
        assert!(html.contains("synchronous=FULL"), "{html}");
        let synced = words.real.facts.synced;
        let when = words.fill(jw.when_all, &[("records", "874")]);
        let line = words.fill(jw.state_line, &[("kind", synced), ("when", &when), ("stage", jw.stages[5])]);
        assert!(html.contains(&line), "{line}: {html}");
        let lost = words.fill(jw.lost_line, &[("lost", "X30"), ("integrity", jw.integrity_ok)]);
        assert!(
            html.contains(">X1…X30</text>")
                && html.contains(">X1…X29</text>")
                && html.contains(&format!(">{lost}</text>"))
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
        let words = ko();
        let jw = &words.real.journal;
        let before = figure(words, &committed());
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
        let after = figure(words, &report);
        assert_ne!(before, after);
        assert!(after.contains(">1,234/9,999</text>") && !after.contains(">2,853/6,717</text>"), "{after}");
        let lost = words.fill(jw.lost_line, &[("lost", "X28…X30"), ("integrity", jw.integrity_ok)]);
        assert!(after.contains(">X1…X27</text>") && after.contains(&format!(">{lost}</text>")), "{after}");
        assert!(after.contains("2027-01-02"), "{after}");
        assert!(after.contains(&format!("{}·{}", jw.stages[2], jw.stages[3])), "COMMIT now loses too: {after}");
        assert!(after.contains(&words.fill(jw.when_some, &[("records", "874"), ("point", "700")])), "{after}");
        assert_eq!(after.matches("hj-cell hj-cell-bad").count(), 7);
        // The two directory models now disagree for FULL: the caption says so.
        assert!(after.contains(jw.models_differ) && !after.contains(jw.models_agree), "{after}");
        assert!(before.contains(jw.models_agree), "{before}");
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
        figure(ko(), &report);
    }

    /// The English table draws the same figure in English, from the same facts.
    #[test]
    fn the_english_figure_reads_as_english() {
        let words = Words::of(lab_words::Lang::En);
        let html = figure(words, &committed());
        assert!(html.contains("<title id=\"real-journal-title\">Real run: The journal thought deleted"), "{html}");
        assert!(html.contains(">only the synced writes · after all 874 log records · stage: send D</text>"), "{html}");
        assert!(!html.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{html}");
        assert!(html.contains(">X30 (integrity check: ok)</text>"), "{html}");
    }
}
