//! The audit's coverage (issue 17): every number of every chapter that is
//! the simulation's (`{{sim:PRESET:METRIC}}`), the checker's
//! (`{{check:VARIANT:FIELD}}`, filled in at build from `lab check`'s code;
//! `{{vote:FACT?QUERY}}`, filled in at build from a Scenario B run;
//! `{{lease:FACT?QUERY}}`, a Scenario A run's setting; `{{real:VARIANT:METRIC@min}}`,
//! from the committed real runs)
//! or quoted as the article's (a cell of a table column headed "원문 …", or
//! a sentence that says "(원문 측정)") is checked by a row of
//! `docs/audit.md`: a row of a section that covers the chapter names the
//! placeholder (`sim:P:M`, `check:V:F`, `vote:F?Q`, `lease:F?Q`, `real:V:M@B`) or the number. A number added to
//! the prose without an audit row fails here.
use std::fs;
use std::path::Path;

/// The rows of `docs/audit.md` (table lines, not the header's rule) per
/// section, with the chapters the section's heading covers (`a1`, `a4–a7`).
fn audit_sections() -> Vec<(Vec<String>, Vec<String>)> {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/audit.md")).unwrap();
    let mut sections: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            sections.push((chapters_named(heading.split_whitespace().next().unwrap_or("")), Vec::new()));
        } else if line.starts_with('|') && !is_rule(line) {
            if let Some((_, rows)) = sections.last_mut() {
                rows.push(line.to_string());
            }
        }
    }
    sections
}

/// `a1` → [a1]; `a4–a7` → [a4, a5, a6, a7]; anything else → [].
fn chapters_named(token: &str) -> Vec<String> {
    let key = |s: &str| -> Option<(char, u32)> {
        let mut cs = s.chars();
        let letter = cs.next().filter(|c| *c == 'a' || *c == 'b')?;
        Some((letter, cs.as_str().parse().ok()?))
    };
    let (from, to) = token.split_once('–').unwrap_or((token, token));
    match (key(from), key(to)) {
        (Some((l1, a)), Some((l2, b))) if l1 == l2 => (a..=b).map(|n| format!("{l1}{n}")).collect(),
        _ => Vec::new(),
    }
}

fn is_rule(line: &str) -> bool {
    line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The numbers in `text` without thousands separators (`1,697~1,714` → 1697, 1714).
fn numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next_is_digit = chars.get(i + 1).is_some_and(|d| d.is_ascii_digit());
        if c.is_ascii_digit() || (!cur.is_empty() && (c == ',' || c == '.') && next_is_digit) {
            if c != ',' {
                cur.push(c);
            }
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether `row` names the number `n` (as a whole number, separators ignored).
fn row_has_number(row: &str, n: &str) -> bool {
    numbers(row).iter().any(|m| m == n)
}

/// What a chapter's markdown claims: its `{{sim:…}}`, `{{check:…}}` and
/// `{{vote:…}}` placeholders, and the numbers it quotes as the article's, each with
/// where it stands.
fn claims(markdown: &str) -> (Vec<String>, Vec<(String, String)>) {
    let sims = consistency_lab::content::prose::sim_placeholders(markdown)
        .into_iter()
        .map(|(p, m)| format!("sim:{p}:{m}"))
        .chain(consistency_lab::content::prose::check_placeholders(markdown).into_iter().map(|c| format!("check:{c}")))
        .chain(
            consistency_lab::content::vote_fact::vote_placeholders(markdown).into_iter().map(|c| format!("vote:{c}")),
        )
        .chain(
            consistency_lab::content::lease_fact::lease_placeholders(markdown)
                .into_iter()
                .map(|c| format!("lease:{c}")),
        )
        .chain(
            consistency_lab::content::real_view::fact::real_placeholders(markdown)
                .into_iter()
                .map(|c| format!("real:{c}")),
        )
        .collect();
    let mut article = Vec::new();
    let lines: Vec<&str> = markdown.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let is_table = lines[i].starts_with('|') && lines.get(i + 1).is_some_and(|l| l.starts_with('|') && is_rule(l));
        if !is_table {
            for sentence in lines[i].split(". ").filter(|s| s.contains("(원문 측정)")) {
                for n in numbers(sentence) {
                    article.push((n, sentence.to_string()));
                }
            }
            i += 1;
            continue;
        }
        let cells = |line: &str| -> Vec<String> {
            line.trim().trim_matches('|').split('|').map(|c| c.trim().to_string()).collect()
        };
        let article_cols: Vec<usize> =
            cells(lines[i]).iter().enumerate().filter(|(_, h)| h.contains("원문")).map(|(j, _)| j).collect();
        i += 2;
        while i < lines.len() && lines[i].starts_with('|') {
            let row = cells(lines[i]);
            for &j in &article_cols {
                for n in row.get(j).map(|c| numbers(c)).unwrap_or_default() {
                    article.push((n, lines[i].to_string()));
                }
            }
            i += 1;
        }
    }
    (sims, article)
}

#[test]
fn every_simulated_and_every_article_number_has_an_audit_row() {
    let sections = audit_sections();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/ko");
    let mut missing = Vec::new();
    let mut counted = (0, 0);
    let mut paths: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths {
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let id = path.file_stem().unwrap().to_str().unwrap().to_string();
        let key = id.split('-').next().unwrap_or("").to_string();
        let rows: Vec<&String> =
            sections.iter().filter(|(chs, _)| chs.contains(&key)).flat_map(|(_, rows)| rows.iter()).collect();
        let (sims, article) = claims(&fs::read_to_string(&path).unwrap());
        counted.0 += sims.len();
        counted.1 += article.len();
        for sim in sims {
            if !rows.iter().any(|r| r.contains(&format!("`{sim}`"))) {
                missing.push(format!("{id}: {sim}"));
            }
        }
        for (n, context) in article {
            if !rows.iter().any(|r| row_has_number(r, &n)) {
                missing.push(format!("{id}: article number {n} in «{context}»"));
            }
        }
    }
    assert!(counted.0 > 50 && counted.1 > 50, "too few claims found: {counted:?}");
    assert!(missing.is_empty(), "numbers without an audit row in docs/audit.md:\n{}", missing.join("\n"));
}

#[test]
fn the_claim_finder_sees_tables_sentences_and_placeholders() {
    let md = "# 장\n\n원문은 15초에 +30,000원이었습니다(원문 측정). 다른 문장 7개, {{check:c2:states@3}}개, {{vote:finalized_s@12?variant=V0&crash_after=5}}초.\n\n| 지표 | 원문 측정 (3회) | 시뮬레이션 |\n|---|---|---|\n| 승인 | 580~590 | {{sim:exp1:approvals}} |\n";
    let (sims, article) = claims(md);
    assert_eq!(sims, vec!["sim:exp1:approvals", "check:c2:states@3", "vote:finalized_s@12?variant=V0&crash_after=5"]);
    let ns: Vec<&str> = article.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(ns, vec!["15", "30000", "580", "590"]);
    assert!(row_has_number("| a1 | 1,697~1,714 |", "1714"));
    assert!(!row_has_number("| a1 | 11,714 |", "1714"));
    assert_eq!(chapters_named("a4–a7"), vec!["a4", "a5", "a6", "a7"]);
    assert_eq!(chapters_named("Counts"), Vec::<String>::new());
}
