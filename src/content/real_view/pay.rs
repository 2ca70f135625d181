//! The real runs of Article A in the chapters (issue 27): a
//! `{{real-pay:KEY[,KEY…]}}` line of a chapter's markdown becomes, ahead of
//! time, a table with three columns per metric: the real Redis and
//! PostgreSQL runs of `lab real`, the simulation with the same parameters
//! and seeds, and the article's measurement, each labelled as what it is.
//! `{{real-pay:summary}}` is the summary table's shape over every variant.
//!
//! The numbers are the committed full set (`content/real/pay/summary.json`,
//! written by `scripts/real-pay-data.py` from `lab real --out`), with its
//! date, versions and machine in the caption. Native only (called from
//! `crate::content::prose`'s renderer).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_model::metrics::{article_text, ArticleText, Lang, Metric, RunFacts};

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
pub fn block(line: &str) -> Option<String> {
    let inner = line.strip_prefix("{{real-pay:")?.strip_suffix("}}")?;
    let (keys, metrics) = match inner.split_once('|') {
        Some((keys, metrics)) => (keys, Some(metrics_of(metrics))),
        None => (inner, None),
    };
    let data = summary();
    let html = if keys.trim() == "summary" {
        summary_table(&data, metrics.as_deref())
    } else {
        keys.split(',').map(|k| config_table(&data, k.trim(), metrics.as_deref())).collect::<Vec<_>>().join("\n")
    };
    Some(format!("<div class=\"prose real-pay\">{html}</div>\n"))
}

/// `approvals,over_approval` → the metrics, in that order.
fn metrics_of(list: &str) -> Vec<Metric> {
    list.split(',')
        .map(|k| Metric::from_key(k.trim()).unwrap_or_else(|| panic!("{{{{real-pay:…|{k}}}}}: no such metric")))
        .collect()
}

/// The three sources a comparison holds, as its columns (and on a phone,
/// each value's label) name them.
pub(super) const REAL: &str = "실제 실행";
pub(super) const SIMULATED: &str = "시뮬레이션";
pub(super) const ARTICLE: &str = "원문 측정";

/// A value's label on a phone (static/tables.css): hidden at desktop width,
/// where the column's header says it.
pub(super) fn cell_label(label: &str) -> String {
    format!("<span class=\"cell-label\">{label}</span> ")
}

/// Where the committed set came from, in Korean (`provenance_text`): a
/// recorded run the page draws says it too (`crate::figures::recorded`).
pub fn provenance_ko() -> String {
    provenance_text(&summary())
}

/// The real-run values of `metric` in configuration `key`, one per run
/// (`None` where the committed set has no such row).
pub fn real_values(key: &str, metric: &str) -> Option<Vec<f64>> {
    let data = summary();
    let row = config(&data, key)["table"].as_array()?.iter().find(|l| l["metric"] == metric)?.clone();
    row["real"].as_array()?.iter().map(Value::as_f64).collect()
}

/// "실제 Redis·PostgreSQL, 이 저장소의 하니스로 잰 값 (날짜, 머신, 버전)".
fn provenance_text(data: &Value) -> String {
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
        .map_or(String::new(), |kb| format!("·{:.0} GB", kb / 1024.0 / 1024.0));
    format!(
        "실제 Redis·PostgreSQL, 이 저장소의 하니스(lab real)로 잰 값: {} UTC, {}코어{} 머신, Redis {}·PostgreSQL {}, {}초 × {}회",
        date_text(p),
        p["nproc"],
        memory_gb,
        version("redis", "v="),
        version("postgresql", "__none__"),
        p["secs"],
        p["runs"],
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

/// A configuration's Korean name: its preset's, or (for the real runs' own
/// TTL 1 s control of (a)) the article's words for it.
pub(super) fn config_label_ko(c: &Value) -> String {
    let key = c["variant"].as_str().unwrap_or("");
    match crate::sim::lease::Preset::from_key(key) {
        Some(preset) => lab_model::catalogue::preset(preset).name_ko.to_string(),
        None if key == "exp1_ttl1s" => "실험 3 보충 · (a) 기본 락, TTL 1초".to_string(),
        None => c["label"].as_str().unwrap_or(key).to_string(),
    }
}

/// A cell's text: ranges with "~" as the chapters write them.
pub(super) fn cell(text: &str) -> String {
    escape_html(&text.replace('–', "~"))
}

/// The article's cell of `metric` in configuration `key`, in the article's
/// Korean (the committed set's `article` is `lab`'s English): "—" where
/// the article gives none, a note of its text where that stands in for a cell.
fn article_cell(key: &str, metric: Metric) -> String {
    match article_text(key, metric, Lang::Ko) {
        Some(ArticleText::Cell(text)) => cell(&text),
        Some(ArticleText::Note(note)) => format!("<small>원문 본문의 메모: {}</small>", escape_html(note)),
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

fn header(first: &str, data: &Value) -> String {
    let labels = &data["labels"];
    let _ = labels;
    format!(
        "<thead><tr><th scope=\"col\">{first}</th><th scope=\"col\" class=\"real\">{REAL}</th>\
         <th scope=\"col\">{SIMULATED}</th><th scope=\"col\">{ARTICLE}</th></tr></thead>"
    )
}

/// One configuration: a row per metric that applies to it (only `only`'s,
/// in their order, when given).
fn config_table(data: &Value, key: &str, only: Option<&[Metric]>) -> String {
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
        let label = metric.label_ko(facts.as_ref());
        let article = breakable(article_cell(key, metric));
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{label}</th><td class=\"num real\">{}{}</td><td class=\"num\">{}{}</td><td class=\"num\">{}{article}</td></tr>",
            cell_label(REAL),
            breakable(cell(line["real_text"].as_str().unwrap_or(""))),
            cell_label(SIMULATED),
            breakable(cell(line["simulated_text"].as_str().unwrap_or(""))),
            cell_label(ARTICLE),
        ));
    }
    let label = escape_html(&config_label_ko(c));
    format!(
        "<figure class=\"real-pay-figure\"><figcaption><strong>{label}: 실제 실행 · 시뮬레이션 · 원문</strong> \
         <span class=\"real-pay-source\">{}. 시뮬레이션 열은 같은 매개변수와 시드(회차 0~2)로 빌드할 때 한 번 계산해 고정한 값이고(그림 옆의 표와 달리 슬라이더를 따라 바뀌지 않습니다), 원문 측정은 원문의 표에서 옮긴 값입니다.</span></figcaption>\
         <div class=\"table-wrap\"><table class=\"cards\">{}<tbody>{rows}</tbody></table></div></figure>",
        escape_html(&provenance_text(data)),
        header("지표", data),
    )
}

/// The summary's columns (`only`'s, when given) for every variant, a row
/// group per variant.
fn summary_table(data: &Value, only: Option<&[Metric]>) -> String {
    // The summary's columns; their labels say nothing of one configuration's runs.
    const ALL: [Metric; 5] = [
        Metric::Approvals,
        Metric::OverApproval,
        Metric::OwnershipOverlapPairs,
        Metric::DriftWon,
        Metric::ThroughputRps,
    ];
    let columns = only.unwrap_or(&ALL);
    let mut head = String::from("<thead><tr><th scope=\"col\">조건</th><th scope=\"col\">출처</th>");
    for &metric in columns {
        head.push_str(&format!("<th scope=\"col\">{}</th>", metric.label_ko(None)));
    }
    head.push_str("</tr></thead>");
    let mut body = String::new();
    for c in data["configs"].as_array().into_iter().flatten() {
        let lines = c["table"].as_array().cloned().unwrap_or_default();
        let find = |metric: Metric| lines.iter().find(|l| l["metric"] == metric.key());
        let key = c["variant"].as_str().unwrap_or("");
        let label = escape_html(&config_label_ko(c));
        body.push_str("<tbody>");
        for (i, (source, field, class)) in
            [(REAL, "real_text", " class=\"real\""), (SIMULATED, "simulated_text", ""), (ARTICLE, "article", "")]
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
                    "article" => article_cell(key, metric),
                    _ => find(metric).and_then(|l| l[field].as_str()).map_or("—".to_string(), cell),
                };
                // A range may break after its "~" in a phone's narrow column.
                let text = if text.starts_with("<small>") {
                    "(본문 메모)".to_string()
                } else {
                    text.replace('~', "~<wbr>")
                };
                // On a phone a configuration is a small grid: the source
                // heads each row, and the metric's label heads each column
                // (shown above the first row's values, static/tables.css).
                body.push_str(&format!(
                    "<td class=\"num{}\">{}{text}</td>",
                    if i == 0 { " real" } else { "" },
                    cell_label(&metric.label_ko(None))
                ));
            }
            body.push_str("</tr>");
        }
        body.push_str("</tbody>");
    }
    format!(
        "<figure class=\"real-pay-figure\"><figcaption><strong>종합: 실제 실행 · 시뮬레이션 · 원문</strong> \
         <span class=\"real-pay-source\">{}. 시뮬레이션 행도 빌드할 때 같은 시드로 한 번 계산해 고정한 값입니다. (e) fail-open의 원문 소유 겹침 쌍은 단절 중만 센 값입니다.</span></figcaption>\
         <div class=\"table-wrap\"><table class=\"real-pay-summary cards cols-{}\">{head}{body}</table></div></figure>",
        escape_html(&provenance_text(data)),
        columns.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_render_labelled_tables_and_other_lines_pass() {
        assert!(block("그냥 문단").is_none());
        let html = block("{{real-pay:exp1}}").unwrap();
        assert!(html.contains("실제 Redis·PostgreSQL, 이 저장소의 하니스"));
        assert!(html.contains("원문 측정") && html.contains("시뮬레이션"));
        assert!(block("{{real-pay:summary}}").unwrap().matches("<tbody>").count() == 12);
    }

    #[test]
    fn a_chosen_comparison_shows_its_metrics_in_order_each_value_labelled_with_its_source() {
        let html = block("{{real-pay:exp1|over_approval,approvals}}").unwrap();
        assert_eq!(html.matches("<tr><th scope=\"row\">").count(), 2, "{html}");
        let over = html.find("초과 승인").unwrap();
        assert!(over < html.find("<th scope=\"row\">승인").unwrap(), "{html}");
        for source in [REAL, SIMULATED, ARTICLE] {
            assert_eq!(html.matches(&cell_label(source)).count(), 2, "{source}: {html}");
        }
        let summary = block("{{real-pay:summary|approvals}}").unwrap();
        assert!(!summary.contains("초과 승인") && summary.matches("<tbody>").count() == 12, "{summary}");
        assert_eq!(summary.matches("<span class=\"cell-label\">").count(), 36);
        assert!(
            summary.contains(
                "<th scope=\"row\">원문 측정</th><td class=\"num\"><span class=\"cell-label\">승인</span> 580~<wbr>590"
            ),
            "{summary}"
        );
    }

    #[test]
    #[should_panic(expected = "no such metric")]
    fn an_unknown_metric_fails_the_render() {
        block("{{real-pay:exp1|approvalz}}");
    }

    #[test]
    fn the_articles_cells_and_notes_are_in_korean() {
        let exp2 = block("{{real-pay:exp2}}").unwrap();
        assert!(exp2.contains("0 (아티팩트 1)") && !exp2.contains("artifact"), "{exp2}");
        assert!(exp2.contains("<th scope=\"row\">승인 (가능 240)</th>"), "{exp2}");
        let ttl = block("{{real-pay:exp1_ttl1s}}").unwrap();
        assert!(ttl.contains("원문 본문의 메모: TTL 1초에서도") && !ttl.contains("At TTL"), "{ttl}");
        let summary = block("{{real-pay:summary}}").unwrap();
        assert!(summary.contains("19.1 (거의 전부 거부)") && !summary.contains("almost all"));
        let c2 = block("{{real-pay:exp5_c2_closed}}").unwrap();
        assert!(c2.contains("단절 시점 fence 값 (4개 지갑 합)") && c2.contains("지갑마다 정확히 96건"), "{c2}");
    }
}
