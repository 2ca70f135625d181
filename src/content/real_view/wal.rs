//! The real SQLite matrix (`lab real-wal`, issue 28) as a figure of the
//! chapters B2 and B7, rendered ahead of time into their HTML by
//! `src/content/prose.rs` where a chapter has a `{{real-wal:ID}}` line: a
//! `<figure>` with a caption naming the run (SQLite version, date,
//! machine), a table of the real verdicts beside the model's, and cells
//! that open (`<details>`) what that crash left. No script and no wasm: the
//! data is the committed run, `content/real/wal-matrix.json`.
//!
//! Its words are `lab_words::real::WalWords` in the language it is given.
//!
//! Native only (the prose is rendered by a test, never in the browser).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_real::wal::check::NO_VOTES;
use lab_real::wal::matrix::{kind_from_text, DoubleSignature};
use lab_real::wal::rebuild::StateKind;
use lab_real::wal::report::Machine;
use lab_words::real::WalWords;
use lab_words::Words;

/// The committed run (`lab real-wal --out content/real`).
const MATRIX_JSON: &str = include_str!("../../../content/real/wal-matrix.json");

/// The figure for a `{{real-wal:ID}}` line, or None when `line` is not one.
/// `{{real-wal:ID|LABEL,LABEL}}` shows only those settings' rows (labels as
/// the run writes them, "V0 WAL+NORMAL"), in that order: a chapter's one
/// comparison, the full matrix kept behind the folded tables (issue 38).
/// An unknown ID, label or unreadable data fails the render (and so `tests/prose.rs`).
pub fn block(words: &Words, line: &str) -> Option<String> {
    let w = &words.real.wal;
    let inner = line.trim().strip_prefix("{{real-wal:")?.strip_suffix("}}")?;
    let (id, only) = match inner.split_once('|') {
        Some((id, labels)) => (id.trim(), Some(labels.split(',').map(str::trim).collect::<Vec<_>>())),
        None => (inner.trim(), None),
    };
    let lead = match id {
        "b2" => w.lead_b2,
        "b7" => w.lead_b7,
        other => panic!("unknown {{{{real-wal:{other}}}}} (expected b2 or b7)"),
    };
    let report: Value = serde_json::from_str(MATRIX_JSON).expect("content/real/wal-matrix.json is the report's JSON");
    Some(figure(words, id, lead, &report, only.as_deref()))
}

fn text(v: &Value) -> String {
    escape_html(v.as_str().unwrap_or(""))
}

/// Votes as the committed run writes them ("X1…X14"), or `none`.
fn votes(w: &WalWords, v: &Value) -> String {
    match v.as_str() {
        Some(NO_VOTES) => w.none.into(),
        _ => text(v),
    }
}

/// What SQLite's `integrity_check` said: `integrity_ok` for its `ok`, else
/// its own message, verbatim.
fn integrity(w: &WalWords, v: &Value) -> String {
    match v.as_str() {
        Some("ok") => w.integrity_ok.into(),
        _ => format!("<code>{}</code>", text(v)),
    }
}

/// A committed English text read back, by `read`, into the reader's
/// words; text that it cannot read fails the render.
fn read_back(v: &Value, what: &str, read: impl Fn(&str) -> Option<String>) -> String {
    let en = v.as_str().unwrap_or("");
    escape_html(&read(en).unwrap_or_else(|| panic!("content/real/wal-matrix.json: unreadable {what}: {en:?}")))
}

/// The machine a report names (its `machine` text), in the reader's words.
pub(super) fn machine(words: &Words, text: &str) -> Option<String> {
    let m = Machine::parse(text)?;
    let f = &words.real.facts;
    let fs = if m.tmpfs { f.machine_tmpfs } else { f.machine_temp_dir };
    Some(words.fill(f.machine, &[("system", &m.system), ("cpus", &m.cpus.to_string()), ("fs", fs)]))
}

/// What a crash state kept on disk, in the reader's words.
pub(super) fn state_kind(words: &Words, kind: StateKind) -> String {
    let f = &words.real.facts;
    match kind {
        StateKind::Synced => f.synced.to_string(),
        StateKind::Prefix(n) => words.fill(f.prefix, &[("n", &n.to_string())]),
        StateKind::Single(r) => words.fill(f.single, &[("r", &r.to_string())]),
        StateKind::Torn(r) => words.fill(f.torn, &[("r", &r.to_string())]),
    }
}

/// A report's double signature ("h=15: X15 and Y15"), in the reader's words.
fn double_signature(words: &Words, text: &str) -> Option<String> {
    let d = DoubleSignature::parse(text)?;
    let f = &words.real.facts;
    Some(words.fill(f.double_signature, &[("height", &d.height.to_string()), ("a", &d.a), ("b", &d.b)]))
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

fn variant_name(w: &WalWords, code: &str) -> &'static str {
    let v = &w.variants;
    match code {
        "V0" => v.v0,
        "V1" => v.v1,
        "V3" => v.v3,
        "V4" => v.v4,
        _ => "",
    }
}

fn verdict_cell(w: &WalWords, verdict: &str) -> String {
    let (class, word) = match verdict {
        "unsafe" => ("rw-bad", w.unsafe_verdict),
        "fenced" => ("rw-fenced", w.fenced_verdict),
        _ => ("rw-ok", w.safe_verdict),
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

fn dl(rows: &[(&str, String)]) -> String {
    let mut out = String::from("<dl>");
    for (term, value) in rows {
        out.push_str(&format!("<dt>{term}</dt><dd>{value}</dd>"));
    }
    out.push_str("</dl>");
    out
}

/// The kill cell: the run that lost the most (else the named kill at the first send).
fn kill_cell(words: &Words, config: &Value) -> String {
    let w = &words.real.wal;
    let votes = |v: &Value| votes(w, v);
    let kills = config["kills"].as_array().cloned().unwrap_or_default();
    let lost = count(&config["kill_max_lost"]);
    let shown = kills
        .iter()
        .max_by_key(|k| (k["lost"].as_array().map_or(0, Vec::len), k["how"] == "SEND_B"))
        .cloned()
        .unwrap_or(Value::Null);
    let how = if shown["how"] == "random" {
        w.random_time.to_string()
    } else {
        words.fill(w.right_after, &[("how", &text(&shown["how"]))])
    };
    let lost_heights: Vec<String> = shown["lost"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|h| words.fill(w.height, &[("height", &h.to_string())]))
        .collect();
    let double: Vec<String> = shown["double_signed"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|d| read_back(d, "double signature", |t| double_signature(words, t)))
        .collect();
    let kill = words.fill(
        w.kill_value,
        &[("how", &how), ("stage", &text(&shown["stage"])), ("height", &count(&shown["height"]).to_string())],
    );
    let details = dl(&[
        (w.kill_term, kill),
        (w.network, votes(&shown["network"])),
        (w.restored, votes(&shown["restored"])),
        (w.lost, if lost_heights.is_empty() { w.none.into() } else { lost_heights.join(", ") }),
        (w.refused, words.fill(w.refused_value, &[("n", &count(&shown["refused"]).to_string())])),
        (w.double, if double.is_empty() { w.none.into() } else { double.join("; ") }),
        (w.integrity_term, integrity(w, &shown["integrity"])),
    ]);
    let class = if lost > 0 { "rw-bad" } else { "rw-ok" };
    let summary = words.fill(w.kill_summary, &[("lost", &lost.to_string()), ("kills", &kills.len().to_string())]);
    format!("<td class=\"rw-real {class}\"><details><summary>{summary}</summary>{details}</details></td>")
}

fn power_cell(words: &Words, p: &Value) -> String {
    let wal = &words.real.wal;
    let votes = |v: &Value| votes(wal, v);
    let states = count(&p["states"]);
    let max_lost = count(&p["max_lost"]);
    let summary = if max_lost > 0 {
        words.fill(
            wal.power_summary_lost,
            &[
                ("max", &max_lost.to_string()),
                ("states", &thousands(states)),
                ("losing", &thousands(count(&p["losing_states"]))),
            ],
        )
    } else {
        words.fill(wal.power_summary_safe, &[("states", &thousands(states))])
    };
    let mut rows = Vec::new();
    if let Some(w) = p["worst"].as_object() {
        rows.push((
            wal.power_at,
            words.fill(
                wal.power_at_value,
                &[
                    ("point", &count(&w["point"]).to_string()),
                    ("record", &text(&w["record"])),
                    ("stage", &text(&w["stage"])),
                ],
            ),
        ));
        rows.push((
            wal.disk,
            read_back(&w["kind"], "crash state", |k| kind_from_text(k).map(|k| state_kind(words, k))),
        ));
        rows.push((wal.network, votes(&w["network"])));
        rows.push((wal.restored, votes(&w["restored"])));
        rows.push((wal.lost, votes(&w["lost"])));
        rows.push((wal.integrity_term, integrity(wal, &w["integrity"])));
    } else {
        rows.push((
            wal.result,
            words.fill(wal.result_value, &[("points", &thousands(count(&p["points"]).saturating_sub(1)))]),
        ));
    }
    rows.push((
        wal.check,
        words.fill(
            wal.check_value,
            &[
                ("states", &thousands(states)),
                ("images", &thousands(count(&p["images"]))),
                ("unsound", &thousands(count(&p["unsound"]))),
            ],
        ),
    ));
    let class = if max_lost > 0 { "rw-bad" } else { "rw-ok" };
    format!("<td class=\"rw-real {class}\"><details><summary>{summary}</summary>{}</details></td>", dl(&rows))
}

/// The crash point's name as the chapters say it (the step's name in the
/// catalogue's words), or its code.
fn point_name(words: &Words, code: &str) -> String {
    crate::sim::vote::PipelineStep::from_code(code)
        .map_or_else(|| code.to_string(), |s| lab_words::catalogue::step(words, s))
}

/// The named points where the real run and the model differ, per fault.
fn differences(words: &Words, config: &Value) -> String {
    let w = &words.real.wal;
    let mut kill = Vec::new();
    let mut power: Vec<(String, Vec<String>)> = Vec::new();
    for p in config["points"].as_array().cloned().unwrap_or_default() {
        let name = point_name(words, &text(&p["point"]));
        let model_unsafe = |key: &str| p[key] == "unsafe";
        if let Some(real) = p["real_kill_lost"].as_bool() {
            if real != model_unsafe("model_kill") {
                kill.push(name.clone());
            }
        }
        for (dir, real) in p["real_power_lost"].as_object().cloned().unwrap_or_default() {
            if let Some(real) = real.as_bool() {
                if real != model_unsafe("model_power") {
                    let label = if dir == "strict_posix" { w.strict_posix } else { w.ext4 }.to_string();
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
        parts.push(words.fill(w.kill_differs, &[("points", &kill.join(", "))]));
    }
    // Both directory models often disagree at the same points: one line then.
    match power.as_slice() {
        [(_, a), (_, b)] if a == b => parts.push(words.fill(w.power_differs_both, &[("points", &a.join(", "))])),
        _ => parts.extend(
            power
                .into_iter()
                .map(|(dir, at)| words.fill(w.power_differs, &[("dir", &dir), ("points", &at.join(", "))])),
        ),
    }
    if parts.is_empty() {
        format!("<td class=\"rw-agree\">{}</td>", w.agree)
    } else {
        format!("<td class=\"rw-differ\">{}</td>", parts.join("<br>"))
    }
}

/// A `<td …>` cell with its column's label first.
fn labelled(td: &str, head: &str) -> String {
    let at = td.find('>').map_or(0, |i| i + 1);
    format!("{}{}{}", &td[..at], super::pay::cell_label(head), &td[at..])
}

/// The figure. The table's columns (`WalWords::columns`): the first names
/// the row, the others label each value on a phone too, where the columns
/// stack into a card per setting (static/tables.css), so a verdict keeps
/// whether it is the real run's or the model's.
fn figure(words: &Words, id: &str, lead: &str, r: &Value, only: Option<&[&str]>) -> String {
    let w = &words.real.wal;
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
            w.none.into()
        } else {
            v.join(", ")
        }
    };
    let kill_lost = names(&|c| lost_under(c, false));
    let power_safe = names(&|c| !lost_under(c, true));
    let total_states: u64 = count(&r["power_states"]);
    let mut html = format!("<figure class=\"real-wal\" id=\"real-wal-{id}\" aria-labelledby=\"real-wal-{id}-cap\">\n");
    let caption = words.fill(
        w.caption,
        &[
            ("version", &text(&r["sqlite_version"])),
            ("date", &text(&r["date"])),
            ("machine", &read_back(&r["machine"], "machine", |t| machine(words, t))),
            ("lead", lead),
            ("votes", &count(&r["votes"]).to_string()),
            ("states", &thousands(total_states)),
            ("kill_lost", &kill_lost),
            ("power_safe", &power_safe),
        ],
    );
    html.push_str(&format!("<figcaption id=\"real-wal-{id}-cap\">{caption}</figcaption>\n"));
    html.push_str(&format!(
        "<div class=\"real-wal-scroll\" role=\"region\" aria-labelledby=\"real-wal-{id}-cap\" tabindex=\"0\">\n<table class=\"cards\">\n<thead><tr>"
    ));
    for head in w.columns {
        html.push_str(&format!("<th scope=\"col\">{head}</th>"));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for c in &shown {
        let code = c["config"]["variant"].as_str().unwrap_or("");
        let power = c["power"].as_array().cloned().unwrap_or_default();
        let setting = label_of(c).split_once(' ').map(|(_, s)| s.replace('+', " + ")).unwrap_or_default();
        let cells = [
            format!("<td>{} · <code>{}</code></td>", text(&c["model_variant"]), text(&c["model_profile"])),
            kill_cell(words, c),
            verdict_cell(w, &worst_model(c, "model_kill")),
            power.first().map(|p| power_cell(words, p)).unwrap_or_else(|| "<td></td>".into()),
            power.get(1).map(|p| power_cell(words, p)).unwrap_or_else(|| "<td></td>".into()),
            verdict_cell(w, &worst_model(c, "model_power")),
            differences(words, c),
        ];
        html.push_str(&format!(
            "<tr><th scope=\"row\">{code} {}<br><span class=\"rw-setting\">{}</span></th>",
            variant_name(w, code),
            escape_html(&setting),
        ));
        for (cell, head) in cells.iter().zip(&w.columns[1..]) {
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
    use lab_words::Lang;

    fn ko() -> &'static Words {
        Words::of(Lang::Ko)
    }

    #[test]
    fn the_marker_renders_a_figure_with_a_cell_per_setting() {
        for lang in Lang::ALL {
            let words = Words::of(lang);
            let html = block(words, "{{real-wal:b2}}").expect("a real-wal line");
            assert!(html.starts_with("<figure class=\"real-wal\""));
            assert!(html.contains("<figcaption") && html.contains("SQLite 3."));
            assert!(html.contains(words.real.wal.lead_b2), "{lang:?}");
            assert!(html.matches("<details>").count() >= 3 * 16);
            assert!(block(words, "plain prose").is_none());
            // On a phone each value says its column: the real run's or the model's.
            let rows = html.matches("<tr><th scope=\"row\">").count();
            assert_eq!(rows, 16);
            for head in &words.real.wal.columns[1..] {
                assert_eq!(html.matches(&format!("<span class=\"cell-label\">{head}</span>")).count(), rows, "{head}");
            }
        }
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn chosen_settings_are_their_rows_in_order_under_their_own_id() {
        let html = block(ko(), "{{real-wal:b7|V0 WAL+NORMAL,V0 DELETE+FULL}}").unwrap();
        assert!(html.contains("id=\"real-wal-b7-pick\""), "{html}");
        assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 2);
        let wal = html.find("WAL + NORMAL").unwrap();
        assert!(wal < html.find("DELETE + FULL").unwrap(), "{html}");
        assert!(std::panic::catch_unwind(|| block(ko(), "{{real-wal:b7|V9 NONE}}")).is_err());
    }

    /// What a crash left is read back from the run's English into the
    /// reader's words: the crash states and the machine as
    /// `lab_real::wal` words them, SQLite's own message verbatim.
    #[test]
    fn what_a_crash_left_is_said_in_the_readers_words() {
        let html = block(ko(), "{{real-wal:b7}}").expect("a real-wal line");
        for english in ["synced", "torn after", " and Y", ">none<", "CPUs", "store files"] {
            assert!(!html.contains(english), "{english:?} in the figure");
        }
        let report: Value = serde_json::from_str(MATRIX_JSON).unwrap();
        let machine = machine(ko(), report["machine"].as_str().unwrap()).unwrap();
        assert!(html.contains(&escape_html(&machine)), "{machine}");
        let torn = report["configs"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["power"].as_array().cloned().unwrap_or_default())
            .filter_map(|p| p["worst"]["kind"].as_str().map(str::to_string))
            .find(|k| k.contains("torn"))
            .expect("a torn write in the committed run");
        assert!(html.contains(&escape_html(&state_kind(ko(), kind_from_text(&torn).unwrap()))), "{torn}");
        assert!(html.contains("<dd><code>database disk image is malformed</code></dd>"));
    }
}
