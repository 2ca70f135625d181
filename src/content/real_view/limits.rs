//! What the real runs can and cannot show (issue 39): a `{{real-limits:pay}}`
//! or `{{real-limits:wal}}` line of a chapter becomes, ahead of time, a short
//! visible paragraph and a collapsed list of what the real harness shares
//! with the model by construction, what the real servers decide on their
//! own, and the machine they ran on. Article A's block also shows the rerun
//! with independent pauses (`lab real --pauses independent`, committed as
//! `content/real/pay/independent.json`) beside the committed set and the
//! simulation, so a reader can see how much of the agreement was built in.
//!
//! The words are `lab_words::real::LimitsWords` in the language of the
//! table the renderer is given. Native only (called from
//! `crate::content::prose`'s renderer).

use serde_json::Value;

use lab_model::html::escape_html;
use lab_model::metrics::Metric;
use lab_words::metrics::metric_label;
use lab_words::real::LimitsWords;
use lab_words::Words;

use super::pay;

/// The rerun of Article A's key configurations with pauses the simulation
/// never draws (`scripts/real-pay-data.py --independent`).
const INDEPENDENT_JSON: &str = include_str!("../../../content/real/pay/independent.json");

/// The metrics the independent-pauses comparison shows.
const COMPARED: [Metric; 4] =
    [Metric::Approvals, Metric::OverApproval, Metric::OwnershipOverlapPairs, Metric::FencingRejects];

/// The block for a chapter line, if it is a `{{real-limits:…}}` marker.
/// An unknown kind fails the render (and so `tests/prose.rs`).
pub fn block(words: &Words, line: &str) -> Option<String> {
    let kind = line.trim().strip_prefix("{{real-limits:")?.strip_suffix("}}")?.trim();
    Some(match kind {
        "pay" => pay_limits(words),
        "wal" => wal_limits(words),
        other => panic!("unknown {{{{real-limits:{other}}}}} (expected pay or wal)"),
    })
}

fn aside(w: &LimitsWords, lead: &str, details: &str) -> String {
    format!(
        "<aside class=\"prose real-limits\"><p>{lead}</p>\
         <details class=\"real-limits-more\"><summary>{}</summary>\
         <div class=\"prose\">{details}</div></details></aside>\n",
        w.more
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

fn pay_limits(words: &Words) -> String {
    let w = &words.real.limits;
    let details = format!(
        "<p>{}</p>{}<p>{}</p>{}<p>{}</p>{}{}<p>{}</p>",
        w.pay_shared_head,
        list(&w.pay_shared),
        w.pay_independent_head,
        list(&w.pay_independent),
        w.machine_head,
        list(&w.pay_machine),
        independent_pauses(words, &pay::summary()),
        w.pay_next,
    );
    aside(w, w.pay_lead, &details)
}

/// The committed set beside the rerun with independent pauses, for the
/// configurations the rerun covers, and the simulation.
fn independent_pauses(words: &Words, committed: &Value) -> String {
    let (w, pay_words) = (&words.real.limits, &words.real.pay);
    let rerun: Value = serde_json::from_str(INDEPENDENT_JSON).expect("content/real/pay/independent.json is JSON");
    let mut head = format!(
        "<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        pay_words.condition_head, pay_words.source_head
    );
    for metric in COMPARED {
        head.push_str(&format!("<th scope=\"col\">{}</th>", escape_html(&metric_label(words, metric, None))));
    }
    head.push_str("</tr></thead>");
    let mut body = String::new();
    for c in rerun["configs"].as_array().into_iter().flatten() {
        let same = pay::config(committed, c["variant"].as_str().unwrap_or(""));
        // The committed set (same pauses) from its own file, the rerun and its simulation from this one.
        let sources = [
            (w.same_pauses, same, "real_text"),
            (w.independent_pauses, c, "real_text"),
            (pay_words.simulated, c, "simulated_text"),
        ];
        body.push_str("<tbody>");
        for (i, (source, runs, field)) in sources.into_iter().enumerate() {
            body.push_str("<tr>");
            if i == 0 {
                body.push_str(&format!(
                    "<th scope=\"rowgroup\" rowspan=\"3\">{}</th>",
                    escape_html(&pay::config_label(words, same))
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
    let said = words.fill(
        w.rerun,
        &[
            ("date", &escape_html(&pay::date_text(p))),
            ("secs", &p["secs"].to_string()),
            ("runs", &p["runs"].to_string()),
            ("finding", &finding(words, &rerun, committed)),
        ],
    );
    format!("<p>{said}</p><div class=\"table-wrap\"><table class=\"real-pay-summary\">{head}{body}</table></div>")
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
fn finding(words: &Words, rerun: &Value, committed: &Value) -> String {
    let w = &words.real.limits;
    const METRICS: [Metric; 3] = [Metric::Approvals, Metric::OverApproval, Metric::OwnershipOverlapPairs];
    let mut alike = Vec::new();
    let mut both_miss = Vec::new();
    for c in rerun["configs"].as_array().into_iter().flatten() {
        let same = pay::config(committed, c["variant"].as_str().unwrap_or(""));
        let label = pay::config_label(words, same);
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
                both_miss.push(words.fill(
                    w.both_miss,
                    &[("label", &label), ("same", &text(a)), ("independent", &text(b)), ("simulated", &text(sim))],
                ));
            }
        }
    }
    let mut out = String::new();
    if !alike.is_empty() {
        out.push_str(&words.fill(w.alike, &[("labels", &alike.join(", "))]));
    }
    for sentence in both_miss {
        out.push(' ');
        out.push_str(&sentence);
    }
    escape_html(out.trim())
}

fn wal_limits(words: &Words) -> String {
    let w = &words.real.limits;
    let details = format!(
        "<p>{}</p>{}<p>{}</p>{}<p>{}</p>{}<p>{}</p>",
        w.wal_shared_head,
        list(&w.wal_shared),
        w.wal_independent_head,
        list(&w.wal_independent),
        w.machine_head,
        list(&w.wal_machine),
        w.wal_next,
    );
    aside(w, w.wal_lead, &details)
}
