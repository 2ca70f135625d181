//! Generates the list of prose chapters for the site: every `content/ko/*.md`,
//! in reading order (by file name, the glossary last), as `(id, title)` (see
//! src/web/content.rs). The prose itself is not embedded: it is rendered
//! ahead of time to `content/html/` (src/content/prose.rs, tests/prose.rs),
//! Trunk copies that next to the wasm and the site fetches one chapter at a
//! time, which keeps the wasm within its size budget. Adding a chapter needs
//! no code change. It also maps every `{{figure:ID}}` marker to its chapter
//! (`FIGURE_CHAPTERS`, used by the embed mode's link back and by
//! `crate::figures::export::figure_chapter`). Each edition's titles
//! (`content/LANG/*.md`, `CHAPTER_TITLES`) name the chapters in that
//! edition's frame and static pages.

use std::{env, fs, path::Path};

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("content").join("ko");
    println!("cargo:rerun-if-changed=content/ko");
    let mut files: Vec<String> = match fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .collect(),
        Err(_) => Vec::new(),
    };
    // Reading order: by file name, the glossary last.
    files.sort_by_key(|f| (f == "glossary.md", f.clone()));
    let mut out = String::from(
        "/// `(id, title)` for every chapter, in reading order (by file name, the glossary last).\npub const CHAPTERS: &[(&str, &str)] = &[\n",
    );
    // `(figure id, chapter id)` from every `{{figure:ID}}` marker (the first chapter that places it).
    let mut figures: Vec<(String, String)> = Vec::new();
    for f in &files {
        let path = dir.join(f);
        println!("cargo:rerun-if-changed={}", path.display());
        let markdown = fs::read_to_string(&path).expect("a chapter is UTF-8 text");
        let id = f.trim_end_matches(".md");
        // The title is the first `# ` heading; the id stands in when there is none.
        let title = markdown.lines().find_map(|l| l.strip_prefix("# ")).map(str::trim).unwrap_or(id);
        out.push_str(&format!("    ({id:?}, {title:?}),\n"));
        let mut rest = markdown.as_str();
        while let Some(at) = rest.find("{{figure:") {
            rest = &rest[at + "{{figure:".len()..];
            let Some(end) = rest.find("}}") else { break };
            let fig = rest[..end].trim().to_string();
            if !figures.iter().any(|(f, _)| *f == fig) {
                figures.push((fig, id.to_string()));
            }
        }
    }
    out.push_str("];\n");
    out.push_str(&edition_titles(&Path::new(&root).join("content")));
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("chapters.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
    let mut map = String::from("/// `(figure id, chapter id)`: the chapter whose prose places each figure.\npub const FIGURE_CHAPTERS: &[(&str, &str)] = &[\n");
    for (fig, chapter) in &figures {
        map.push_str(&format!("    ({fig:?}, {chapter:?}),\n"));
    }
    map.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("figure_chapters.rs");
    fs::write(dest, map).expect("OUT_DIR is writable");
}

/// `CHAPTER_TITLES`: for every edition (`content/LANG/`, by its language
/// code), `(id, title)` of each of its chapters, the title its first `# `
/// heading (the id when it has none).
fn edition_titles(content: &Path) -> String {
    let mut langs: Vec<String> = fs::read_dir(content)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.len() == 2)
                .collect()
        })
        .unwrap_or_default();
    langs.sort();
    let mut out = String::from(
        "/// `(language code, [(id, title)])` for every edition (`content/LANG/*.md`).\npub const CHAPTER_TITLES: &[(&str, &[(&str, &str)])] = &[\n",
    );
    for lang in &langs {
        let dir = content.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<String> = fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".md"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        out.push_str(&format!("    ({lang:?}, &[\n"));
        for f in &files {
            let path = dir.join(f);
            println!("cargo:rerun-if-changed={}", path.display());
            let markdown = fs::read_to_string(&path).expect("a chapter is UTF-8 text");
            let id = f.trim_end_matches(".md");
            let title = markdown.lines().find_map(|l| l.strip_prefix("# ")).map(str::trim).unwrap_or(id);
            out.push_str(&format!("        ({id:?}, {title:?}),\n"));
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    out
}
