//! The chapters' markdown (`content/ko/*.md`) rendered to HTML ahead of time
//! (native only): the site fetches `content/html/ID.html` and shows it as it
//! is, so neither a markdown parser nor its entity table ships in the wasm.
//!
//! The rendered files are committed next to their sources and kept equal to
//! them by `tests/prose.rs`, which renders every chapter again and rewrites a
//! stale file (then fails, so the change is seen and committed), in the
//! manner of rust-analyzer's generated sources.
//!
//! A chapter file is a sequence of blocks, each on its own lines: prose, as
//! one `<div class="prose">…</div>`, and figure markers, `<!--figure:ID-->`,
//! where the markdown had a `{{figure:ID}}` paragraph. The site splits the
//! file at the markers ([`split_chapter`], shared with the page) and puts a
//! figure component in each. A `{{predict:ID}}` and a `{{story:ID}}`
//! paragraph leave a marker pair around static text (the question's
//! choices; the story's steps, told natively from the figure's first run),
//! which the prerendered page keeps and the live page replaces with its
//! component. `{{sim:PRESET:METRIC}}` placeholders pass
//! through as text and are filled by the page from live runs.
//!
//! A `{{check:VARIANT:FIELD}}` placeholder is a number `lab check` reports,
//! filled in here, at build, from `lab_check::check` in the world of the
//! break-it figure (8-1) (one payment per thread, a balance of one charge,
//! two threads; `@3` after the field: three): FIELD `states` (the states
//! explored), `depth` (the depth reached) or `smallest` (the steps of the
//! smallest counterexample; a variant nothing breaks there fails the
//! render, as an unknown variant or field does). So a chapter never types
//! in a number the checker says (`check_value`).
//!
//! A `{{vote:FACT?QUERY}}` placeholder is a number about a Scenario B run
//! (`finalized_s@12?variant=V0&crash_after=5`), filled in here, at build,
//! after the `{{check:…}}` ones (`super::vote_fact`).
//!
//! A `{{real:VARIANT:METRIC@min}}` or `{{real:all:FACT}}` placeholder is a
//! number of Article A's real runs (`lab real`'s committed set), filled in
//! here, at build, after those (`super::real_view::fact`).
//! A `{{lease:FACT?QUERY}}` placeholder is a setting of a Scenario A run
//! (`ms@pre_overhead_ms?preset=exp2`), filled in here too (`super::lease_fact`).
//!
//! A blockquote that opens with the differs label (`ProseWords::differs_label`,
//! "**Where we differ from the article.**" in English) is the section's note on
//! where the site departs from the article or assumes what it does not say:
//! it becomes a collapsed `<details class="differs">` under that title, so
//! the running prose tells the story and the note waits for the reader who
//! asks (every other blockquote stays one).
//!
//! A `{{mark:KEY|word}}` in prose names a mark a figure draws: the word is
//! rendered as `<span class="mark-word mark-KEY" data-mark="KEY" tabindex="0">`
//! after the legend's own swatch (`<span class="lg lg-KEY">`, KEY a
//! `LegendItem::key`), so the prose and the legend show one colour
//! (static/marks.css), and pointing at, focusing or tapping the word picks
//! out those marks in the figure above it (`web::spotlight`). An unknown KEY
//! fails the render (and so `tests/prose.rs`).
//!
//! Tables (issue 38: numbers once). A chapter shows at most one comparison
//! table at load; the others sit between a `{{tables:WHAT}}` line and a
//! `{{/tables}}` line, which become a `<details class="tables-more">` closed
//! at load under `ProseWords::tables` ("Show tables: WHAT"; `tests/tables_once.rs` holds the count).
//! A comparison table (a column names a source) and any table of four
//! columns or more render as a table at desktop width and as stacked cards
//! on a phone (`table.cards`, static/tables.css): each body cell after the
//! first carries its column's header as a `span.cell-label`, shown only on
//! the phone, so a number keeps its source (the article's measurement, the
//! simulation, the real run) when the columns stack. A narrower table stays a table.
//!
//! Every word the renderer writes or reads itself (those markers, the
//! missing value's) is the `shell` domain of the `lab_words` table it is
//! given, so a chapter renders in the language of its table.
//!
//! The mapping is the one the page's markdown renderer used: tables in a
//! `div.table-wrap`, right- and centre-aligned cells with
//! the classes `num` and `center`, an image as its alt text. Raw HTML in the
//! markdown is dropped, and every text and attribute is escaped.

use lab_words::Words;

/// A piece of a rendered chapter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block<'a> {
    /// Prose, as rendered HTML (one `div.prose`).
    Html(&'a str),
    /// A figure's id.
    Figure(&'a str),
    /// A prediction's id (`crate::content::predict`), in place of its static fieldset.
    Predict(&'a str),
    /// The opening story of a timeline figure (the figure's id), in place
    /// of its static text (`crate::figures::story_lead::static_html_in`).
    Story(&'a str),
}

/// The marker a figure block leaves in a rendered chapter.
pub(crate) const FIGURE_MARKER: (&str, &str) = ("<!--figure:", "-->");

/// The markers around a prediction's static fieldset: the page replaces
/// everything from the first to the second with the live question.
const PREDICT_MARKER: (&str, &str, &str) = ("<!--predict:", "-->", "<!--/predict-->");

/// The markers around a figure's opening story's static text, as around a
/// prediction's.
const STORY_MARKER: (&str, &str, &str) = ("<!--story:", "-->", "<!--/story-->");

/// Splits a rendered chapter into prose, figure, prediction and story blocks.
pub fn split_chapter(html: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut rest = html;
    loop {
        let next = [
            (FIGURE_MARKER.0, None),
            (PREDICT_MARKER.0, Some(PREDICT_MARKER.2)),
            (STORY_MARKER.0, Some(STORY_MARKER.2)),
        ]
        .into_iter()
        .filter_map(|(open, close)| Some((rest.find(open)?, open, close)))
        .min_by_key(|(at, ..)| *at);
        let Some((start, open, close)) = next else { break };
        let after = &rest[start + open.len()..];
        let Some(end) = after.find(FIGURE_MARKER.1) else { break };
        let id = after[..end].trim();
        push_html(&mut blocks, &rest[..start]);
        rest = &after[end + FIGURE_MARKER.1.len()..];
        blocks.push(match open {
            o if o == PREDICT_MARKER.0 => Block::Predict(id),
            o if o == STORY_MARKER.0 => Block::Story(id),
            _ => Block::Figure(id),
        });
        // The static text a prediction's or a story's marker carries is not shown on the page.
        if let Some(close) = close.and_then(|c| Some((rest.find(c)?, c))) {
            rest = &rest[close.0 + close.1.len()..];
        }
    }
    push_html(&mut blocks, rest);
    blocks
}

fn push_html<'a>(blocks: &mut Vec<Block<'a>>, html: &'a str) {
    let html = html.trim();
    if !html.is_empty() {
        blocks.push(Block::Html(html));
    }
}

/// The value a `{{sim:PRESET:METRIC}}` placeholder stands for, from `trace`:
/// a run of the preset's config, seed 1, run 0, summary level
/// ([`sim_run`]). `None` for an unknown metric. The page fills the
/// placeholders live with it; the build, for the prerendered chapter pages,
/// from `content/html/sim-values.json` (`tests/prose.rs`), which holds the
/// same values.
pub fn sim_value(trace: &crate::sim::lease::LeaseTrace, metric: &str) -> Option<String> {
    let metric = lab_model::metrics::Metric::from_key(metric)?;
    metric.value(&trace.metrics, &trace.details).map(|v| metric.format_live(v))
}

/// The run a preset's `{{sim:…}}` placeholders are read from.
pub fn sim_run(preset: crate::sim::lease::Preset) -> crate::sim::lease::LeaseTrace {
    crate::sim::lease::run(&preset.config(), 1, 0, crate::sim::lease::TraceLevel::Summary)
}

/// `html` with every `{{sim:PRESET:METRIC}}` placeholder replaced by
/// `value(preset, metric)`, escaped. An unknown one becomes a visible
/// marker (`lab_words::shell::ProseWords::no_value` in the language of
/// `words`) instead of silently vanishing. The page passes its live runs;
/// the static pages the values of `content/html/sim-values.json`.
pub fn fill_sim(words: &Words, html: &str, mut value: impl FnMut(&str, &str) -> Option<String>) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("{{sim:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 6..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let (preset, metric) = after[..end].split_once(':').unwrap_or((&after[..end], ""));
        match value(preset, metric) {
            Some(v) => out.push_str(&lab_model::html::escape_html(&v)),
            None => out.push_str(words.shell.prose.no_value),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// Every `{{sim:PRESET:METRIC}}` placeholder in `text`, as `(preset, metric)`.
pub fn sim_placeholders(text: &str) -> Vec<(&str, &str)> {
    super::placeholder::placeholders_opening(text, "{{sim:")
        .into_iter()
        .map(|spec| spec.split_once(':').unwrap_or((spec, "")))
        .collect()
}

/// The text of every `{{check:…}}` placeholder in `text` (`c2:states`,
/// `e-c2:smallest@3`), in order.
pub fn check_placeholders(text: &str) -> Vec<&str> {
    super::placeholder::placeholders_opening(text, CHECK_OPEN)
}

/// How a `{{check:…}}` placeholder opens.
const CHECK_OPEN: &str = "{{check:";

#[cfg(not(target_arch = "wasm32"))]
pub use render::{check_value, render_chapter};

#[cfg(not(target_arch = "wasm32"))]
mod render {
    use pulldown_cmark::{Alignment, Event, Options, Parser, Tag, TagEnd};

    use super::{Words, FIGURE_MARKER, PREDICT_MARKER, STORY_MARKER};
    use lab_model::html::escape_html;

    /// The lines around the tables a chapter keeps closed until asked
    /// (`{{tables:what is inside}}` … `{{/tables}}`); their `<details>`
    /// summary is `lab_words::shell::ProseWords::tables`.
    const TABLES_MARKER: (&str, &str) = ("{{tables:", "{{/tables}}");

    /// What a `{{check:…}}` placeholder asks: a variant, a field, the threads.
    struct CheckAsk<'a> {
        scenario: &'static lab_check::Scenario,
        field: &'a str,
        threads: u8,
    }

    /// Reads a placeholder's text (`VARIANT:FIELD` or `VARIANT:FIELD@N`).
    fn check_ask(spec: &str) -> Result<CheckAsk<'_>, String> {
        let (variant, field) = spec.split_once(':').ok_or_else(|| format!("{{{{check:{spec}}}}}: no FIELD"))?;
        let scenario = lab_check::scenario::scenario(variant.trim())
            .ok_or_else(|| format!("{{{{check:{spec}}}}}: no variant {variant:?} (a `lab check --variant` word)"))?;
        let (field, threads) = match field.split_once('@') {
            Some((field, n)) => (field, n.trim().parse::<u8>().map_err(|_| format!("{{{{check:{spec}}}}}: @{n}"))?),
            None => (field, lab_check::session::DEFAULT_THREADS),
        };
        let (lo, hi) = lab_check::scenario::THREADS_RANGE;
        if !(lo..=hi).contains(&threads) {
            return Err(format!("{{{{check:{spec}}}}}: threads {threads} outside {lo}..={hi}"));
        }
        Ok(CheckAsk { scenario, field: field.trim(), threads })
    }

    /// The checker's report in the figure's world with `threads` threads.
    fn check_report(scenario: &lab_check::Scenario, threads: u8) -> lab_check::Report {
        let options = lab_check::Options {
            threads,
            requests: lab_check::session::REQUESTS,
            balance: lab_check::session::BALANCE,
            ..lab_check::Options::default()
        };
        lab_check::check(scenario, options, &mut |_| {})
    }

    /// A report's field as the prose shows it (thousands separated).
    fn check_field(report: &lab_check::Report, ask: &CheckAsk<'_>, spec: &str) -> Result<String, String> {
        let n = match ask.field {
            "states" => report.states,
            "depth" => u64::from(report.depth),
            "smallest" => report
                .smallest
                .ok_or_else(|| format!("{{{{check:{spec}}}}}: nothing breaks {} there", report.variant))?
                as u64,
            other => return Err(format!("{{{{check:{spec}}}}}: no field {other:?} (states, depth, smallest)")),
        };
        Ok(lab_model::article::format_number(n as f64, 0))
    }

    /// The number a `{{check:…}}` placeholder stands for (see the module
    /// docs), or why it stands for none.
    pub fn check_value(spec: &str) -> Result<String, String> {
        let ask = check_ask(spec)?;
        check_field(&check_report(ask.scenario, ask.threads), &ask, spec)
    }

    /// `markdown` with every `{{check:…}}` placeholder filled in, each
    /// world checked once. A placeholder that stands for nothing panics, so
    /// that the render (and `tests/prose.rs`) fails on it.
    fn fill_check(markdown: &str) -> String {
        let mut reports: Vec<(&'static str, u8, lab_check::Report)> = Vec::new();
        crate::content::placeholder::fill_opening(markdown, super::CHECK_OPEN, |spec| {
            let ask = check_ask(spec).unwrap_or_else(|e| panic!("{e}"));
            let at = match reports.iter().position(|(k, t, _)| *k == ask.scenario.key && *t == ask.threads) {
                Some(at) => at,
                None => {
                    reports.push((ask.scenario.key, ask.threads, check_report(ask.scenario, ask.threads)));
                    reports.len() - 1
                }
            };
            check_field(&reports[at].2, &ask, spec).unwrap_or_else(|e| panic!("{e}"))
        })
    }

    /// Renders a chapter's markdown to its HTML file (see the module docs),
    /// its markers read and its own words written in the language of `words`.
    pub fn render_chapter(words: &Words, markdown: &str) -> String {
        let w = &words.shell.prose;
        let filled = crate::content::real_view::fact::fill_real(&crate::content::lease_fact::fill_lease(
            &crate::content::vote_fact::fill_vote(&fill_check(markdown)),
        ));
        let markdown = filled.as_str();
        let mut out = String::with_capacity(markdown.len() * 2);
        let mut prose = String::new();
        let flush = |out: &mut String, prose: &mut String| {
            if !prose.trim().is_empty() {
                out.push_str("<div class=\"prose\">");
                out.push_str(&render_markdown(words, prose));
                out.push_str("</div>\n");
            }
            prose.clear();
        };
        let mut lines = markdown.lines().peekable();
        // Inside a `{{tables:…}}` block (a closed `<details>`).
        let mut in_tables = false;
        while let Some(line) = lines.next() {
            let t = line.trim();
            if let Some(first) = t.strip_prefix('>').map(str::trim).and_then(|r| r.strip_prefix(w.differs_label)) {
                flush(&mut out, &mut prose);
                // The blockquote's other lines, without their `>`.
                let mut note = format!("{}\n", first.trim());
                while let Some(next) = lines.next_if(|l| l.trim_start().starts_with('>')) {
                    let inner = next.trim_start().strip_prefix('>').unwrap_or("");
                    note.push_str(inner.strip_prefix(' ').unwrap_or(inner));
                    note.push('\n');
                }
                out.push_str(&format!(
                    "<details class=\"differs\"><summary>{}</summary><div class=\"prose\">{}</div></details>\n",
                    escape_html(w.differs_title),
                    render_markdown(words, &note)
                ));
                continue;
            }
            if let Some(summary) = t.strip_prefix(TABLES_MARKER.0).and_then(|r| r.strip_suffix("}}")) {
                assert!(!in_tables, "{{{{tables:…}}}} inside another");
                flush(&mut out, &mut prose);
                let title = words.fill(w.tables, &[("what", &render_text(summary.trim()))]);
                out.push_str(&format!("<details class=\"tables-more\"><summary>{title}</summary>\n"));
                in_tables = true;
                continue;
            }
            if t == TABLES_MARKER.1 {
                assert!(in_tables, "{{{{/tables}}}} without its {{{{tables:…}}}}");
                flush(&mut out, &mut prose);
                out.push_str("</details>\n");
                in_tables = false;
                continue;
            }
            if let Some(figure) = crate::content::real_view::block(words, t) {
                flush(&mut out, &mut prose);
                out.push_str(&figure);
                continue;
            }
            if let Some(id) = t.strip_prefix("{{predict:").and_then(|r| r.strip_suffix("}}")) {
                flush(&mut out, &mut prose);
                let id = escape_html(id.trim());
                out.push_str(&format!("{}{id}{}", PREDICT_MARKER.0, PREDICT_MARKER.1));
                if let Some(p) = crate::content::predict::prediction(&id) {
                    out.push_str(&p.static_html(words));
                }
                out.push_str(PREDICT_MARKER.2);
                out.push('\n');
                continue;
            }
            if let Some(id) = t.strip_prefix("{{story:").and_then(|r| r.strip_suffix("}}")) {
                flush(&mut out, &mut prose);
                let id = id.trim();
                let Some(text) = crate::figures::story_lead::static_html_in(id, words) else {
                    panic!("{{{{story:{id}}}}}: no figure with an opening story has this id");
                };
                out.push_str(&format!("{}{}{}", STORY_MARKER.0, escape_html(id), STORY_MARKER.1));
                out.push_str(&text);
                out.push_str(STORY_MARKER.2);
                out.push('\n');
                continue;
            }
            match t.strip_prefix("{{figure:").and_then(|r| r.strip_suffix("}}")) {
                Some(id) => {
                    flush(&mut out, &mut prose);
                    out.push_str(FIGURE_MARKER.0);
                    out.push_str(&escape_html(id.trim()));
                    out.push_str(FIGURE_MARKER.1);
                    out.push('\n');
                }
                None => {
                    prose.push_str(line);
                    prose.push('\n');
                }
            }
        }
        flush(&mut out, &mut prose);
        assert!(!in_tables, "a {{{{tables:…}}}} block is never closed by {{{{/tables}}}}");
        out
    }

    /// Prose text, escaped, with each `{{mark:KEY|word}}` as the word in its mark's colour.
    fn render_text(text: &str) -> String {
        const OPEN: &str = "{{mark:";
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find(OPEN) {
            let after = &rest[start + OPEN.len()..];
            let Some(end) = after.find("}}") else { break };
            let (key, word) = after[..end].split_once('|').unwrap_or((&after[..end], ""));
            let item = crate::figures::timeline::LegendItem::from_key(key.trim())
                .unwrap_or_else(|| panic!("unknown mark {key:?} in {{{{mark:…}}}} (a LegendItem::key)"));
            out.push_str(&escape_html(&rest[..start]));
            let key = escape_html(item.key());
            out.push_str(&format!(
                "<span class=\"mark-word mark-{key}\" data-mark=\"{key}\" tabindex=\"0\"><span class=\"lg lg-{key}\" aria-hidden=\"true\"></span>{}</span>",
                escape_html(word.trim())
            ));
            rest = &after[end + 2..];
        }
        out.push_str(&escape_html(rest));
        out
    }

    /// Whether a table with these header cells stacks into cards on a phone:
    /// a comparison (a column names a source: the article, the simulation,
    /// a real run, `ProseWords::sources`) or four columns and more. A
    /// narrower table (the glossary's three, B6's two) stays a table, which
    /// fits the screen and is shorter.
    fn stacks_on_a_phone(words: &Words, heads: &[String]) -> bool {
        heads.len() >= 4
            || heads.iter().any(|h| {
                let h = h.to_lowercase();
                words.shell.prose.sources.iter().any(|s| h.contains(s))
            })
    }

    /// The one raw HTML a chapter may hold: a Korean phrase in another
    /// edition's prose (an article's original title, a glossary term),
    /// marked so that a reader (and a screen reader) takes it as Korean.
    const KOREAN_OPEN: &str = "<span lang=\"ko\">";

    /// Markdown (tables and strikethrough on) as HTML elements, raw HTML
    /// dropped but for [`KOREAN_OPEN`] and its `</span>`.
    fn render_markdown(words: &Words, markdown: &str) -> String {
        let mut opts = Options::empty();
        opts.insert(Options::ENABLE_TABLES);
        opts.insert(Options::ENABLE_STRIKETHROUGH);
        let mut out = String::new();
        // The closing tags of the open elements, innermost last.
        let mut open: Vec<&'static str> = Vec::new();
        let mut aligns: Vec<Alignment> = Vec::new();
        let mut cell = 0usize;
        let mut in_head = false;
        // The header cells' HTML, each body cell's label on a phone, and
        // where the header cell being rendered starts in `out`.
        let mut heads: Vec<String> = Vec::new();
        let mut head_start = 0usize;
        // Where the open table's tag starts in `out`, and whether it stacks
        // into cards on a phone (decided once its header is read).
        let mut table_at = 0usize;
        let mut cards = false;
        let mut image_alt: Option<String> = None;
        // How many `<span lang="ko">` are open.
        let mut korean = 0usize;
        // Consecutive text (the parser may split it), rendered at the next other event.
        let mut text = String::new();
        for event in Parser::new_ext(markdown, opts) {
            if let Event::Text(t) = &event {
                if image_alt.is_none() {
                    text.push_str(t);
                    continue;
                }
            }
            if !text.is_empty() {
                out.push_str(&render_text(&text));
                text.clear();
            }
            if let Some(alt) = image_alt.as_mut() {
                match event {
                    Event::Text(t) | Event::Code(t) => alt.push_str(&t),
                    Event::End(TagEnd::Image) => {
                        out.push_str(&format!("<span>{}</span>", escape_html(alt)));
                        image_alt = None;
                    }
                    _ => {}
                }
                continue;
            }
            let mut start = |out: &mut String, open_tag: String, close: &'static str| {
                out.push_str(&open_tag);
                open.push(close);
            };
            match event {
                Event::Start(tag) => match tag {
                    Tag::Paragraph => start(&mut out, "<p>".into(), "</p>"),
                    Tag::Heading { level, .. } => {
                        const CLOSE: [&str; 6] = ["</h1>", "</h2>", "</h3>", "</h4>", "</h5>", "</h6>"];
                        let n = (level as usize).clamp(1, 6);
                        start(&mut out, format!("<h{n}>"), CLOSE[n - 1]);
                    }
                    Tag::BlockQuote(_) => start(&mut out, "<blockquote>".into(), "</blockquote>"),
                    Tag::CodeBlock(_) => start(&mut out, "<pre><code>".into(), "</code></pre>"),
                    Tag::List(Some(1)) => start(&mut out, "<ol>".into(), "</ol>"),
                    Tag::List(Some(n)) => start(&mut out, format!("<ol start=\"{n}\">"), "</ol>"),
                    Tag::List(None) => start(&mut out, "<ul>".into(), "</ul>"),
                    Tag::Item => start(&mut out, "<li>".into(), "</li>"),
                    Tag::Table(a) => {
                        aligns = a;
                        out.push_str("<div class=\"table-wrap\">");
                        table_at = out.len();
                        cards = false;
                        start(&mut out, "<table>".into(), "</tbody></table></div>");
                    }
                    Tag::TableHead => {
                        in_head = true;
                        heads.clear();
                        cell = 0;
                        start(&mut out, "<thead><tr>".into(), "</tr></thead><tbody>");
                    }
                    Tag::TableRow => {
                        cell = 0;
                        start(&mut out, "<tr>".into(), "</tr>");
                    }
                    Tag::TableCell => {
                        let (open_tag, close) = if in_head { ("th", "</th>") } else { ("td", "</td>") };
                        let class = match aligns.get(cell) {
                            Some(Alignment::Right) => " class=\"num\"",
                            Some(Alignment::Center) => " class=\"center\"",
                            _ => "",
                        };
                        start(&mut out, format!("<{open_tag}{class}>"), close);
                        head_start = out.len();
                        // A body cell after the first (the card's title) says its column on a phone.
                        if cards && !in_head && cell > 0 {
                            if let Some(head) = heads.get(cell).filter(|h| !h.is_empty()) {
                                out.push_str(&format!("<span class=\"cell-label\">{head}</span> "));
                            }
                        }
                        cell += 1;
                    }
                    Tag::Emphasis => start(&mut out, "<em>".into(), "</em>"),
                    Tag::Strong => start(&mut out, "<strong>".into(), "</strong>"),
                    Tag::Strikethrough => start(&mut out, "<del>".into(), "</del>"),
                    Tag::Link { dest_url, title, .. } => {
                        let title = if title.is_empty() {
                            String::new()
                        } else {
                            format!(" title=\"{}\"", escape_html(&title))
                        };
                        start(&mut out, format!("<a href=\"{}\"{title}>", escape_html(&dest_url)), "</a>");
                    }
                    Tag::Image { .. } => image_alt = Some(String::new()),
                    _ => start(&mut out, "<span>".into(), "</span>"),
                },
                Event::End(end) => {
                    if end == TagEnd::TableHead {
                        in_head = false;
                        cards = stacks_on_a_phone(words, &heads);
                        if cards {
                            out.replace_range(table_at..table_at + "<table>".len(), "<table class=\"cards\">");
                        }
                    }
                    if end == TagEnd::TableCell && in_head {
                        heads.push(out[head_start..].to_string());
                    }
                    // A Korean phrase left open ends with its block.
                    if matches!(end, TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::TableCell) {
                        out.push_str(&"</span>".repeat(korean));
                        korean = 0;
                    }
                    if let Some(close) = open.pop() {
                        out.push_str(close);
                    }
                }
                Event::Text(t) => out.push_str(&render_text(&t)),
                Event::Code(t) => out.push_str(&format!("<code>{}</code>", escape_html(&t))),
                Event::SoftBreak => out.push(' '),
                Event::HardBreak => out.push_str("<br>"),
                Event::Rule => out.push_str("<hr>"),
                Event::InlineHtml(t) if &*t == KOREAN_OPEN => {
                    out.push_str(KOREAN_OPEN);
                    korean += 1;
                }
                Event::InlineHtml(t) if &*t == "</span>" && korean > 0 => {
                    out.push_str("</span>");
                    korean -= 1;
                }
                // Any other raw HTML is never interpreted (and footnotes, math and the
                // like are not enabled).
                _ => {}
            }
        }
        out.push_str(&render_text(&text));
        out.push_str(&"</span>".repeat(korean));
        while let Some(close) = open.pop() {
            out.push_str(close);
        }
        out
    }

    #[cfg(test)]
    mod tests {
        use super::super::{split_chapter, Block};
        use super::*;
        use lab_words::Lang;

        /// The Korean edition's words: what the chapters in `content/` are written with.
        fn ko() -> &'static Words {
            Words::of(Lang::Ko)
        }

        fn render_markdown(markdown: &str) -> String {
            super::render_markdown(ko(), markdown)
        }

        fn render_chapter(markdown: &str) -> String {
            super::render_chapter(ko(), markdown)
        }

        /// A Korean phrase in English prose keeps its `lang` mark; any other raw HTML is dropped.
        #[test]
        fn a_korean_phrase_keeps_its_language_and_other_html_goes() {
            let html = render_markdown("A title (<span lang=\"ko\">\u{AC00}</span>) and <b>bold</b> <span>x</span>.");
            assert_eq!(html, "<p>A title (<span lang=\"ko\">\u{AC00}</span>) and bold x.</p>");
            assert_eq!(
                render_markdown("(<span lang=\"ko\">\u{AC00}) end"),
                "<p>(<span lang=\"ko\">\u{AC00}) end</span></p>"
            );
        }

        #[test]
        fn elements_tables_and_escaping() {
            let html = render_markdown(
                "# Title\n\n**bold** and `<code>`, [link](https://e.x/?a=1&b=\"2\" \"Title\")\n\n| a | b | c | d |\n|---|--:|:-:|---|\n| 1 | 2 | 3 | 4 |\n",
            );
            assert!(
                html.starts_with("<h1>Title</h1><p><strong>bold</strong> and <code>&lt;code&gt;</code>, "),
                "{html}"
            );
            assert!(
                html.contains("<a href=\"https://e.x/?a=1&amp;b=&quot;2&quot;\" title=\"Title\">link</a>"),
                "{html}"
            );
            assert!(html.contains("<div class=\"table-wrap\"><table class=\"cards\"><thead><tr><th>a</th><th class=\"num\">b</th><th class=\"center\">c</th><th>d</th></tr></thead><tbody><tr><td>1</td><td class=\"num\"><span class=\"cell-label\">b</span> 2</td><td class=\"center\"><span class=\"cell-label\">c</span> 3</td><td><span class=\"cell-label\">d</span> 4</td></tr></tbody></table></div>"), "{html}");
        }

        #[test]
        fn a_cell_on_a_phone_says_its_column_and_so_its_source() {
            for lang in Lang::ALL {
                let words = Words::of(lang);
                let [article, simulation, _] = words.shell.prose.sources;
                let html = super::render_markdown(
                    words,
                    &format!("| metric | {article} (3) | *{simulation}* |\n|---|---|---:|\n| approvals | 580~590 | {{{{sim:exp1:approvals}}}} |\n| drift | 0 | 1 |\n"),
                );
                assert_eq!(
                    html.matches(&format!("<span class=\"cell-label\">{article} (3)</span> ")).count(),
                    2,
                    "{html}"
                );
                assert!(
                    html.contains(&format!("<td class=\"num\"><span class=\"cell-label\"><em>{simulation}</em></span> {{{{sim:exp1:approvals}}}}</td>")),
                    "{html}"
                );
                // The first cell is the card's title: no label.
                assert!(html.contains("<tr><td>approvals</td>"), "{html}");
                // A narrow table that compares no sources stays a table.
                let glossary =
                    super::render_markdown(words, "| term | English | meaning |\n|---|---|---|\n| a | safety | b |\n");
                assert!(
                    glossary.contains("<div class=\"table-wrap\"><table><thead>") && !glossary.contains("cell-label"),
                    "{glossary}"
                );
            }
            // A head that names a source in capitals names it too.
            let english = super::render_markdown(Words::of(Lang::En), "| x | Real run |\n|---|---|\n| a | 1 |\n");
            assert!(english.contains("<table class=\"cards\">"), "{english}");
        }

        #[test]
        fn tables_kept_for_the_reader_who_asks_are_a_closed_details() {
            let markdown =
                "before\n\n{{tables:the other three settings, <real runs>}}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n{{/tables}}\n\nafter\n";
            for lang in Lang::ALL {
                let words = Words::of(lang);
                let html = super::render_chapter(words, markdown);
                let title =
                    words.fill(words.shell.prose.tables, &[("what", "the other three settings, &lt;real runs&gt;")]);
                assert!(
                    html.contains(&format!("<details class=\"tables-more\"><summary>{title}</summary>\n<div class=\"prose\"><div class=\"table-wrap\">")),
                    "{html}"
                );
                assert!(
                    html.contains("</table></div></div>\n</details>\n<div class=\"prose\"><p>after</p></div>"),
                    "{html}"
                );
            }
            let html = render_chapter(markdown);
            assert!(!html.contains("{{"), "{html}");
        }

        #[test]
        #[should_panic(expected = "never closed")]
        fn an_unclosed_tables_block_fails_the_render() {
            render_chapter("{{tables:x}}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        }

        #[test]
        fn a_mark_word_carries_its_legend_swatch_and_is_escaped() {
            assert_eq!(
                render_markdown("behind it {{mark:overlap|a pink <1 band>}} lies"),
                "<p>behind it <span class=\"mark-word mark-overlap\" data-mark=\"overlap\" tabindex=\"0\"><span class=\"lg lg-overlap\" aria-hidden=\"true\"></span>a pink &lt;1 band&gt;</span> lies</p>"
            );
            // Inside emphasis and a table cell too; an unclosed one stays text.
            assert!(render_markdown("*{{mark:stolen|STOLEN}}*")
                .contains("<em><span class=\"mark-word mark-stolen\" data-mark=\"stolen\""));
            assert_eq!(render_markdown("{{mark:stolen|x"), "<p>{{mark:stolen|x</p>");
        }

        #[test]
        fn a_check_placeholder_is_what_the_checker_reports_in_the_figures_world() {
            let html = render_chapter("(a) in {{check:a:smallest}} steps, (c-2) in {{check:c2:states@3}} states\n");
            let report = |key: &str, threads: u8| {
                let options = lab_check::Options { threads, requests: 1, balance: 1, ..lab_check::Options::default() };
                lab_check::check(lab_check::scenario::scenario(key).unwrap(), options, &mut |_| {})
            };
            let (a, c2) = (report("a", 2), report("c2", 3));
            let want = format!(
                "<div class=\"prose\"><p>(a) in {} steps, (c-2) in {} states</p></div>\n",
                a.smallest.unwrap(),
                lab_model::article::format_number(c2.states as f64, 0)
            );
            assert_eq!(html, want);
            assert_eq!(
                super::super::check_placeholders("{{check:a:smallest}} {{check:c2:states@3}}"),
                ["a:smallest", "c2:states@3"]
            );
            for bad in ["nope:states", "a:size", "c2:smallest", "a:states@4", "a:states@x", "a"] {
                assert!(check_value(bad).is_err(), "{bad}");
            }
            assert_eq!(check_value("a:smallest"), Ok(a.smallest.unwrap().to_string()));
        }

        #[test]
        #[should_panic(expected = "nothing breaks")]
        fn a_smallest_counterexample_of_a_safe_design_fails_the_render() {
            render_chapter("{{check:d:smallest}}\n");
        }

        #[test]
        #[should_panic(expected = "unknown mark")]
        fn an_unknown_mark_fails_the_render() {
            render_markdown("{{mark:nope|word}}");
        }

        #[test]
        fn raw_html_is_dropped_and_images_become_their_alt_text() {
            let html = render_markdown(
                "before <b onclick=\"x()\">bold</b> after\n\n<script>window.x = 1</script>\n\n![figure *text*](a.png)\n",
            );
            for raw in ["<script", "window.x", "<b ", "onclick", "<img"] {
                assert!(!html.contains(raw), "{raw} in {html}");
            }
            assert!(html.contains("<span>figure text</span>"), "{html}");
            assert!(html.contains("before bold after"), "{html}");
        }

        #[test]
        fn a_chapter_is_prose_and_figure_blocks() {
            let html = render_chapter(
                "# Chapter\n\ntext {{sim:exp1:approvals}}\n\n{{figure:lease-expiry}}\n\n1. one\n2. two\n",
            );
            let blocks = split_chapter(&html);
            assert_eq!(blocks.len(), 3, "{blocks:?}");
            assert_eq!(
                blocks[0],
                Block::Html("<div class=\"prose\"><h1>Chapter</h1><p>text {{sim:exp1:approvals}}</p></div>")
            );
            assert_eq!(blocks[1], Block::Figure("lease-expiry"));
            assert_eq!(blocks[2], Block::Html("<div class=\"prose\"><ol><li>one</li><li>two</li></ol></div>"));
        }

        #[test]
        fn a_note_on_the_article_is_a_collapsed_details_and_other_blockquotes_stay() {
            for lang in Lang::ALL {
                let words = Words::of(lang);
                let (label, title) = (words.shell.prose.differs_label, words.shell.prose.differs_title);
                let html = super::render_chapter(
                    words,
                    &format!(
                        "before\n\n> {label} The article does *not* say.\n>\n> Second paragraph.\n\nafter\n\n> quote\n"
                    ),
                );
                assert_eq!(
                    html,
                    format!(
                        "<div class=\"prose\"><p>before</p></div>\n\
                         <details class=\"differs\"><summary>{title}</summary><div class=\"prose\"><p>The article does <em>not</em> say.</p><p>Second paragraph.</p></div></details>\n\
                         <div class=\"prose\"><p>after</p><blockquote><p>quote</p></blockquote></div>\n"
                    )
                );
            }
        }

        #[test]
        fn a_story_is_its_own_block_and_its_static_steps_stay_out_of_the_prose() {
            let html = render_chapter("text\n\n{{story:lease-expiry}}\n\nend\n");
            assert!(html.contains("<ol class=\"story-static-steps\">"), "{html}");
            let blocks = split_chapter(&html);
            assert_eq!(
                blocks,
                vec![
                    Block::Html("<div class=\"prose\"><p>text</p></div>"),
                    Block::Story("lease-expiry"),
                    Block::Html("<div class=\"prose\"><p>end</p></div>"),
                ]
            );
        }

        #[test]
        #[should_panic(expected = "no figure with an opening story")]
        fn a_story_of_a_figure_without_one_fails_the_render() {
            render_chapter("{{story:tradeoff}}\n");
        }

        #[test]
        fn a_prediction_is_its_own_block_and_its_static_question_stays_out_of_the_prose() {
            let html = render_chapter("text\n\n{{predict:a1-ttl600}}\n\n{{figure:lease-expiry}}\n\nend\n");
            let question = crate::content::predict::prediction("a1-ttl600").unwrap().question(ko());
            assert!(html.contains(&format!("<legend>{}</legend>", escape_html(question))), "{html}");
            let blocks = split_chapter(&html);
            assert_eq!(
                blocks,
                vec![
                    Block::Html("<div class=\"prose\"><p>text</p></div>"),
                    Block::Predict("a1-ttl600"),
                    Block::Figure("lease-expiry"),
                    Block::Html("<div class=\"prose\"><p>end</p></div>"),
                ]
            );
        }
    }
}
