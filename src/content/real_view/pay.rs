//! The real runs of Article A in the chapters (issue 27): a
//! `{{real-pay:KEY[,KEY…]}}` line of a chapter's markdown becomes, ahead of
//! time, a table with three columns per metric: the real Redis and
//! PostgreSQL runs of `lab real`, the simulation with the same parameters
//! and seeds, and the article's measurement, each labelled as what it is.
//! `{{real-pay:summary}}` is the summary table's shape over every variant.
//!
//! The numbers are the committed full set (`content/real/pay/summary.json`,
//! written by `scripts/real-pay-data.py` from `lab real --out`), with its
//! date, versions and machine in the caption, in the language of the
//! table it is given (`lab_words::real::PayRealWords`). Native only (called
//! from `crate::content::prose`'s renderer).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_model::metrics::{article_text_in, ArticleText, Metric, RunFacts};
use lab_words::metrics::metric_label;
use lab_words::real::PayRealWords;
use lab_words::Words;

const SUMMARY_JSON: &str = include_str!("../../../content/real/pay/summary.json");

/// The committed set, parsed.
pub(super) fn summary() -> Value {
    serde_json::from_str(SUMMARY_JSON).expect("content/real/pay/summary.json is JSON")
}

/// The block for a chapter line, if it is a `{{real-pay:…}}` marker:
/// `{{real-pay:KEY[,KEY…]}}` or `{{real-pay:summary}}`, optionally with
/// `|METRIC,METRIC…` to show only those rows (summary: those columns), in
/// that order: the chapter's one comparison, the lesson's numbers (issue 38).
/// An unknown metric fails the render.
pub fn block(words: &Words, line: &str) -> Option<String> {
    let inner = line.strip_prefix("{{real-pay:")?.strip_suffix("}}")?;
    let (keys, metrics) = match inner.split_once('|') {
        Some((keys, metrics)) => (keys, Some(metrics_of(metrics))),
        None => (inner, None),
    };
    let data = summary();
    let html = if keys.trim() == "summary" {
        summary_table(words, &data, metrics.as_deref())
    } else {
        keys.split(',').map(|k| config_table(words, &data, k.trim(), metrics.as_deref())).collect::<Vec<_>>().join("\n")
    };
    Some(format!("<div class=\"prose real-pay\">{html}</div>\n"))
}

/// `approvals,over_approval` → the metrics, in that order.
fn metrics_of(list: &str) -> Vec<Metric> {
    list.split(',')
        .map(|k| Metric::from_key(k.trim()).unwrap_or_else(|| panic!("{{{{real-pay:…|{k}}}}}: no such metric")))
        .collect()
}

/// The view's words in the language of `words`. The three sources a
/// comparison holds (`real`, `simulated`, `article`) name its columns and,
/// on a phone, each value.
fn w(words: &Words) -> &PayRealWords {
    &words.real.pay
}

/// A value's label on a phone (static/tables.css): hidden at desktop width,
/// where the column's header says it.
pub(super) fn cell_label(label: &str) -> String {
    format!("<span class=\"cell-label\">{label}</span> ")
}

/// Where the committed set came from, in the language of `words`
/// (`provenance_text`): a recorded run the page draws says it too
/// (`crate::figures::recorded`).
pub fn provenance(words: &Words) -> String {
    provenance_text(words, &summary())
}

/// The real-run values of `metric` in configuration `key`, one per run
/// (`None` where the committed set has no such row).
pub fn real_values(key: &str, metric: &str) -> Option<Vec<f64>> {
    let data = summary();
    let row = config(&data, key)["table"].as_array()?.iter().find(|l| l["metric"] == metric)?.clone();
    row["real"].as_array()?.iter().map(Value::as_f64).collect()
}

/// "Real Redis and PostgreSQL, measured by this repository's harness" with
/// the date, the machine and the versions.
fn provenance_text(words: &Words, data: &Value) -> String {
    let p = &data["provenance"];
    let version = |key: &str, pattern: &str| -> String {
        let text = p[key].as_str().unwrap_or("");
        text.split_whitespace()
            .find_map(|w| w.strip_prefix(pattern).map(str::to_string))
            .unwrap_or_else(|| text.split_whitespace().nth(2).unwrap_or("").to_string())
    };
    let memory_gb = p["memory"]
        .as_str()
        .and_then(|m| m.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(String::new(), |kb| words.fill(w(words).memory, &[("gb", &format!("{:.0}", kb / 1024.0 / 1024.0))]));
    words.fill(
        w(words).provenance,
        &[
            ("date", &date_text(p)),
            ("cpus", &p["nproc"].to_string()),
            ("memory", &memory_gb),
            ("redis", &version("redis", "v=")),
            ("postgres", &version("postgresql", "__none__")),
            ("secs", &p["secs"].to_string()),
            ("runs", &p["runs"].to_string()),
        ],
    )
}

/// A provenance's `date_utc` as the captions write it: "2026-12-01 21:28:54".
pub(super) fn date_text(provenance: &Value) -> String {
    provenance["date_utc"].as_str().unwrap_or("").replace('T', " ").trim_end_matches('Z').to_string()
}

/// Configuration `key` of a `lab real` summary (the committed set or a rerun).
pub(super) fn config<'a>(data: &'a Value, key: &str) -> &'a Value {
    data["configs"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["variant"] == key))
        .unwrap_or_else(|| panic!("{{{{real-pay:{key}}}}}: no such variant in content/real/pay/summary.json"))
}

/// A configuration's name: its preset's, or (for the real runs' own TTL
/// 1 s control of (a)) the article's words for it.
pub(super) fn config_label(words: &Words, c: &Value) -> String {
    let key = c["variant"].as_str().unwrap_or("");
    match crate::sim::lease::Preset::from_key(key) {
        Some(preset) => lab_words::catalogue::preset_name(words, preset).to_string(),
        None if key == "exp1_ttl1s" => w(words).ttl1s.to_string(),
        None => c["label"].as_str().unwrap_or(key).to_string(),
    }
}

/// A cell's text: ranges with "~" as the chapters write them.
pub(super) fn cell(text: &str) -> String {
    escape_html(&text.replace('–', "~"))
}

/// The article's cell of `metric` in configuration `key`, in the language
/// of `words` (the committed set's `article` is `lab`'s English): "—" where
/// the article gives none, a note of its text where that stands in for a cell.
fn article_cell(words: &Words, key: &str, metric: Metric) -> String {
    match article_text_in(key, metric, |note| lab_words::analysis::cell_note(words, note)) {
        Some(ArticleText::Cell(text)) => cell(&text),
        Some(ArticleText::Note(note)) => words.fill(w(words).article_note, &[("note", &escape_html(note))]),
        None => "—".to_string(),
    }
}

/// What the labels of configuration `c`'s rows say about its runs: its
/// wallets and the approvals they allow, from the configuration the real
/// runs and their simulated twins ran.
fn config_facts(c: &Value) -> Option<RunFacts> {
    let config = lab_real::pay::RealConfig::from_key(c["variant"].as_str()?)?.article_config();
    let wallets = config.wallets;
    let possible = config.possible_approvals_per_wallet() * u64::from(wallets);
    Some(RunFacts { possible_approvals: (possible, possible), wallets: (wallets, wallets) })
}

fn header(words: &Words) -> String {
    let w = w(words);
    format!(
        "<thead><tr><th scope=\"col\">{}</th><th scope=\"col\" class=\"real\">{}</th>\
         <th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>",
        w.metric_head, w.real, w.simulated, w.article
    )
}

/// One configuration: a row per metric that applies to it (only `only`'s,
/// in their order, when given).
fn config_table(words: &Words, data: &Value, key: &str, only: Option<&[Metric]>) -> String {
    let pay = w(words);
    let c = config(data, key);
    let mut rows = String::new();
    let facts = config_facts(c);
    let lines: Vec<(Metric, &Value)> = c["table"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|line| Some((line["metric"].as_str().and_then(Metric::from_key)?, line)))
        .collect();
    let lines: Vec<(Metric, &Value)> = match only {
        Some(only) => only
            .iter()
            .map(|m| {
                *lines
                    .iter()
                    .find(|(l, _)| l == m)
                    .unwrap_or_else(|| panic!("{{{{real-pay:{key}|…}}}}: {} has no row {}", key, m.key()))
            })
            .collect(),
        None => lines,
    };
    // A range may break after its "~" in a phone card's narrow column.
    let breakable = |text: String| text.replace('~', "~<wbr>");
    for (metric, line) in lines {
        let label = metric_label(words, metric, facts.as_ref());
        let article = breakable(article_cell(words, key, metric));
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{label}</th><td class=\"num real\">{}{}</td><td class=\"num\">{}{}</td><td class=\"num\">{}{article}</td></tr>",
            cell_label(pay.real),
            breakable(cell(line["real_text"].as_str().unwrap_or(""))),
            cell_label(pay.simulated),
            breakable(cell(line["simulated_text"].as_str().unwrap_or(""))),
            cell_label(pay.article),
        ));
    }
    let label = escape_html(&config_label(words, c));
    format!(
        "<figure class=\"real-pay-figure\"><figcaption><strong>{}</strong> \
         <span class=\"real-pay-source\">{}</span></figcaption>\
         <div class=\"table-wrap\"><table class=\"cards\">{}<tbody>{rows}</tbody></table></div></figure>",
        words.fill(pay.config_title, &[("label", &label)]),
        words.fill(pay.config_source, &[("provenance", &escape_html(&provenance_text(words, data)))]),
        header(words),
    )
}

/// The summary's columns (`only`'s, when given) for every variant, a row
/// group per variant.
fn summary_table(words: &Words, data: &Value, only: Option<&[Metric]>) -> String {
    let pay = w(words);
    // The summary's columns; their labels say nothing of one configuration's runs.
    const ALL: [Metric; 5] = [
        Metric::Approvals,
        Metric::OverApproval,
        Metric::OwnershipOverlapPairs,
        Metric::DriftWon,
        Metric::ThroughputRps,
    ];
    let columns = only.unwrap_or(&ALL);
    let mut head =
        format!("<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>", pay.condition_head, pay.source_head);
    for &metric in columns {
        head.push_str(&format!("<th scope=\"col\">{}</th>", metric_label(words, metric, None)));
    }
    head.push_str("</tr></thead>");
    let mut body = String::new();
    for c in data["configs"].as_array().into_iter().flatten() {
        let lines = c["table"].as_array().cloned().unwrap_or_default();
        let find = |metric: Metric| lines.iter().find(|l| l["metric"] == metric.key());
        let key = c["variant"].as_str().unwrap_or("");
        let label = escape_html(&config_label(words, c));
        body.push_str("<tbody>");
        for (i, (source, field, class)) in [
            (pay.real, "real_text", " class=\"real\""),
            (pay.simulated, "simulated_text", ""),
            (pay.article, "article", ""),
        ]
        .into_iter()
        .enumerate()
        {
            body.push_str("<tr>");
            if i == 0 {
                body.push_str(&format!("<th scope=\"rowgroup\" rowspan=\"3\">{label}</th>"));
            }
            body.push_str(&format!("<th scope=\"row\"{class}>{source}</th>"));
            for &metric in columns {
                let text = match field {
                    "article" => article_cell(words, key, metric),
                    _ => find(metric).and_then(|l| l[field].as_str()).map_or("—".to_string(), cell),
                };
                // A range may break after its "~" in a phone's narrow column.
                let text =
                    if text.starts_with("<small>") { pay.note_cell.to_string() } else { text.replace('~', "~<wbr>") };
                // On a phone a configuration is a small grid: the source
                // heads each row, and the metric's label heads each column
                // (shown above the first row's values, static/tables.css).
                body.push_str(&format!(
                    "<td class=\"num{}\">{}{text}</td>",
                    if i == 0 { " real" } else { "" },
                    cell_label(&metric_label(words, metric, None))
                ));
            }
            body.push_str("</tr>");
        }
        body.push_str("</tbody>");
    }
    format!(
        "<figure class=\"real-pay-figure\"><figcaption><strong>{}</strong> \
         <span class=\"real-pay-source\">{}</span></figcaption>\
         <div class=\"table-wrap\"><table class=\"real-pay-summary cards cols-{}\">{head}{body}</table></div></figure>",
        pay.summary_title,
        words.fill(pay.summary_source, &[("provenance", &escape_html(&provenance_text(words, data)))]),
        columns.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_words::Lang;

    fn ko() -> &'static Words {
        Words::of(Lang::Ko)
    }

    #[test]
    fn markers_render_labelled_tables_and_other_lines_pass() {
        for lang in Lang::ALL {
            let words = Words::of(lang);
            assert!(block(words, "a paragraph").is_none());
            let html = block(words, "{{real-pay:exp1}}").unwrap();
            assert!(html.contains(&escape_html(&provenance(words))), "{html}");
            assert!(html.contains(w(words).article) && html.contains(w(words).simulated));
            assert!(block(words, "{{real-pay:summary}}").unwrap().matches("<tbody>").count() == 12);
        }
        let english = provenance(Words::of(Lang::En));
        assert!(english.starts_with("Real Redis and PostgreSQL, measured by this repository's harness (lab real): "));
        assert!(english.contains(" UTC, a 2-core") && english.ends_with(" runs"), "{english}");
    }

    #[test]
    fn a_chosen_comparison_shows_its_metrics_in_order_each_value_labelled_with_its_source() {
        let words = ko();
        let label = |m: Metric| metric_label(words, m, None);
        let html = block(words, "{{real-pay:exp1|over_approval,approvals}}").unwrap();
        assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 2, "{html}");
        let over = html.find(&label(Metric::OverApproval)).unwrap();
        assert!(over < html.find(&format!("<th scope=\"row\">{}", label(Metric::Approvals))).unwrap(), "{html}");
        let pay = w(words);
        for source in [pay.real, pay.simulated, pay.article] {
            assert_eq!(html.matches(&cell_label(source)).count(), 2, "{source}: {html}");
        }
        let summary = block(words, "{{real-pay:summary|approvals}}").unwrap();
        assert!(
            !summary.contains(&label(Metric::OverApproval)) && summary.matches("<tbody>").count() == 12,
            "{summary}"
        );
        assert_eq!(summary.matches("<span class=\"cell-label\">").count(), 36);
        assert!(
            summary.contains(&format!(
                "<th scope=\"row\">{}</th><td class=\"num\"><span class=\"cell-label\">{}</span> 580~<wbr>590",
                pay.article,
                label(Metric::Approvals)
            )),
            "{summary}"
        );
    }

    #[test]
    #[should_panic(expected = "no such metric")]
    fn an_unknown_metric_fails_the_render() {
        block(ko(), "{{real-pay:exp1|approvalz}}");
    }

    /// The article's cells and notes are in the reader's language: the
    /// Korean table's, never `lab`'s English.
    #[test]
    fn the_articles_cells_and_notes_are_in_the_readers_language() {
        let words = ko();
        let cell_of =
            |key: &str, m: Metric| match article_text_in(key, m, |note| lab_words::analysis::cell_note(words, note)) {
                Some(ArticleText::Cell(text)) => cell(&text),
                Some(ArticleText::Note(note)) => escape_html(note),
                None => panic!("{key}: the article has no {m:?}"),
            };
        let exp2 = block(words, "{{real-pay:exp2}}").unwrap();
        assert!(!exp2.contains("artifact"), "{exp2}");
        let facts = config_facts(config(&summary(), "exp2"));
        assert!(exp2
            .contains(&format!("<th scope=\"row\">{}</th>", metric_label(words, Metric::Approvals, facts.as_ref()))));
        let ttl = block(words, "{{real-pay:exp1_ttl1s}}").unwrap();
        let note = words.fill(w(words).article_note, &[("note", &cell_of("exp1_ttl1s", Metric::OverApproval))]);
        assert!(ttl.contains(&note) && !ttl.contains("At TTL"), "{ttl}");
        let whole = block(words, "{{real-pay:summary}}").unwrap();
        assert!(!whole.contains("almost all"), "{whole}");
        let c2 = block(words, "{{real-pay:exp5_c2_closed}}").unwrap();
        let fence =
            metric_label(words, Metric::FenceValueAtKill, config_facts(config(&summary(), "exp5_c2_closed")).as_ref());
        assert!(c2.contains(&fence), "{c2}");
        // The English table reads the article's English.
        let english = block(Words::of(Lang::En), "{{real-pay:exp1_ttl1s}}").unwrap();
        assert!(english.contains("A note in the article's text: At TTL"), "{english}");
    }
}
