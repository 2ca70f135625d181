//! The first screen's font (issue 18, "static first"). A chapter page as
//! prerendered (its header, chapter list, prose, figure captions) is set in
//! two small cuts of Pretendard that the page preloads:
//! `static/fonts/Pretendard-{Regular,Bold}.first-screen.woff2` (about 64 and
//! 46 KB, against 270 KB for each full face). They hold every character of
//! every prerendered page, so before the wasm arrives nothing else is
//! fetched for text (measured: the two full faces, fetched for the rest of
//! the prose, had held back the site's wasm by two seconds on a slow phone
//! network). Besides the static pages' characters they hold those the live
//! pages draw at load (`static/fonts/live-page-chars.txt`, kept by
//! `e2e/tests/live_glyphs.test.mjs`): the full faces had come for a few
//! labels and put the first live figure a second later. All four
//! `@font-face` rules are written here into `static/first-screen-font.css`:
//! the full faces first, with a `unicode-range` of everything but the
//! characters the site uses that Pretendard lacks (▶, ❚: those go straight
//! to the system's faces), then the cuts, each with a `unicode-range` of
//! exactly the characters it holds, so the browser looks in a cut first and
//! fetches a full face only for a character no cut holds.
//! Both cuts are Pretendard, so nothing moves when a full face arrives. They
//! are `font-display: swap`: on a slow phone network they arrive about a
//! second after the stylesheets, sharing the line with the site's wasm, and
//! in `block` the page's text had stayed invisible until then (measured
//! with `scripts/lighthouse-budget.mjs`, which times a paragraph's paint,
//! not its layout: 2.2 s against 1.2 s in `swap` for the first Korean
//! paragraph of `a1-lease-expiry.html`). The layout is the fallback's in
//! both until the cut arrives, so `swap` moves nothing that `block` did not:
//! with Noto Sans CJK KR, Android's Korean face, the shift measured 0.000.
//!
//! This test works out the characters from the static pages
//! (`content/pages/`, `tests/prerender.rs`) and the stylesheets, and writes
//! `static/fonts/first-screen-chars.txt` when they changed, failing so that
//! the cuts are made again (`python3 scripts/font-subset.py`, fontTools).
//! The script records what it cut for (which must be the list) and what
//! each cut holds (`first-screen-cut.txt`); from that the test writes the
//! stylesheet, whose `unicode-range` names only characters a cut has, and
//! fails once more when it changed. Commit all of them.
//!
//! The English edition fetches none of those (issue 42): its pages preload
//! two Latin cuts instead, `Pretendard-{Regular,Bold}.latin.woff2`, family
//! "Pretendard Latin" in `static/latin-font.css`, which hold every character
//! of the English chapters (`content/en/`), of the English words table, and
//! the punctuation, arrows and signs of the Korean cuts, and no Hangul (a
//! Korean word on an English page falls back to the faces above). The second
//! test writes their list, `static/fonts/latin-chars.txt`, and the
//! stylesheet in the same two steps. One more cut, of the Regular face only,
//! holds the Hangul of the Korean edition's name, which every English page
//! shows in its edition switch (`<a lang="ko">`): in the Latin family, it
//! spares each English page the 70 KB Korean first-screen cut for three
//! syllables (`Pretendard-Regular.ko-name.woff2`).
//!
//! Until the Latin cuts arrive an English page's text is set in a system
//! face made to measure like them, "Pretendard Latin Fallback" (the
//! technique of next/font): Arial, or a face with Arial's metrics
//! (Liberation Sans, Arimo), at a `size-adjust` a little above Pretendard's
//! width and with Pretendard's ascent and descent, so a paragraph first
//! painted in it wraps as in Pretendard and its box is no smaller. The live
//! page then replaces the static paragraph with one painted in the Latin
//! cut, and a larger box would count as a new, later largest paint: in the
//! unadjusted system face (DejaVu Sans on Linux) English A1's first
//! paragraph painted 47,194 px² against Pretendard's 48,102, and the LCP
//! of a cold slow-4G visit was the live page's, 3.95 s; with this face it
//! paints 48,188 px² and the LCP is the first paragraph's, 1.1 s
//! (`scripts/lighthouse-budget.mjs`). The widths were measured in Chromium
//! over English A1's text: Pretendard's Regular 0.58% wider than
//! Liberation Sans's, its Bold 1.49% narrower; the faces take 0.6% more.
//! `font-display: block` for the Latin cuts passed too, but later (first
//! paragraph 1.31 s, and the cuts' bytes before it).

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use lab_model::html::unescape_html;

/// Text the stylesheets set in bold outside a bold tag (`.site-title`,
/// `.hook-question`, `.hook-start`).
fn bold_by_class() -> Vec<&'static str> {
    use consistency_lab::content::shell;
    vec![shell::SITE_TITLE, consistency_lab::figures::hook::QUESTION, shell::HOOK_START]
}

/// Labels the live page shows only after the reader's input, which the
/// e2e test that records a loaded page's characters does not see: the
/// players' pause button.
const AFTER_INPUT: &[&str] = &[consistency_lab::content::shell::PAUSE_LABEL];

/// Tags whose text is set in bold.
const BOLD_TAGS: &[&str] = &["h1", "h2", "h3", "strong", "b", "th"];

struct FirstScreen {
    regular: BTreeSet<char>,
    bold: BTreeSet<char>,
}

impl FirstScreen {
    /// Adds `chars` to both weights.
    fn add_both(&mut self, chars: impl Iterator<Item = char> + Clone) {
        self.regular.extend(chars.clone());
        self.bold.extend(chars);
    }
}

/// Elements that hold no text and have no closing tag.
const VOID_TAGS: &[&str] = &["br", "img", "hr", "input", "meta", "link", "wbr", "col", "source"];

/// Whether an opening tag sets its text in bold (600 or more): a bold tag,
/// or a prose word coloured as a mark (`{{mark:…}}`, `static/marks.css`).
fn sets_bold(name: &str, tag: &str) -> bool {
    BOLD_TAGS.contains(&name) || (name == "span" && tag.contains("mark-word"))
}

/// Adds the characters of one chapter's rendered HTML to `into`.
fn add_chapter(html: &str, into: &mut FirstScreen) {
    // For each open element, whether it sets its text in bold.
    let mut open: Vec<bool> = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        let (text, after) = match rest.find('<') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let bold = open.iter().any(|&b| b);
        for c in unescape_html(text).chars() {
            if bold { &mut into.bold } else { &mut into.regular }.insert(c);
        }
        let Some(end) = after.find('>') else { break };
        let tag = &after[1..end];
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if tag.starts_with('/') {
            open.pop();
        } else if !name.is_empty() && !VOID_TAGS.contains(&name.as_str()) && !tag.ends_with('/') {
            open.push(sets_bold(&name, tag));
        }
        rest = &after[end + 1..];
    }
}

fn first_screen(root: &Path) -> FirstScreen {
    let mut fs_chars = FirstScreen { regular: BTreeSet::new(), bold: BTreeSet::new() };
    fs_chars.add_both((0x20u8..0x7f).map(char::from));
    let dir = root.join("content/pages");
    // The pages, not the oEmbed documents beside them.
    let mut pages: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    for path in pages {
        let page = fs::read_to_string(&path).unwrap();
        let app = page.split(consistency_lab::content::prerender::HEAD_END).nth(1).expect("a static page's #app");
        add_chapter(app, &mut fs_chars);
    }
    // Text the stylesheets add (`content: "…"`).
    for entry in fs::read_dir(root.join("static")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("css") {
            continue;
        }
        let css = fs::read_to_string(&path).unwrap();
        for piece in css.split("content: \"").skip(1) {
            let added = piece.split('"').next().unwrap_or("");
            fs_chars.add_both(added.chars());
        }
    }
    // What the live pages draw at load (labels, canvas lanes), as
    // e2e/tests/live_glyphs.test.mjs records it.
    let live = fs::read_to_string(root.join("static/fonts/live-page-chars.txt")).unwrap_or_default();
    for line in live.lines() {
        match line.split_once('\t') {
            Some(("regular", chars)) => fs_chars.regular.extend(chars.chars()),
            Some(("bold", chars)) => fs_chars.bold.extend(chars.chars()),
            _ => {}
        }
    }
    fs_chars.add_both(AFTER_INPUT.iter().flat_map(|t| t.chars()));
    for text in bold_by_class() {
        fs_chars.add_both(text.chars());
    }
    for set in [&mut fs_chars.regular, &mut fs_chars.bold] {
        set.retain(|c| !c.is_control() && *c != '\u{a0}');
        set.insert(' ');
    }
    fs_chars
}

/// `U+20-7E, U+AC00, …`: the code points of `chars`, runs merged.
fn unicode_range(chars: &BTreeSet<char>) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for c in chars.iter().map(|&c| c as u32) {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == c => *end = c,
            _ => runs.push((c, c)),
        }
    }
    format_runs(&runs)
}

/// `U+20-7E, U+AC00, …` for runs of code points.
fn format_runs(runs: &[(u32, u32)]) -> String {
    runs.iter()
        .map(|&(a, b)| if a == b { format!("U+{a:X}") } else { format!("U+{a:X}-{b:X}") })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `unicode-range` for every code point but `lacking`'s: a full face's, so
/// that a character Pretendard has no glyph for (▶, ❚) goes straight to the
/// system's faces instead of fetching 270 KB to find it missing.
fn range_without(lacking: &BTreeSet<char>) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    let mut start = 0u32;
    for c in lacking.iter().map(|&c| c as u32) {
        if c > start {
            runs.push((start, c - 1));
        }
        start = c + 1;
    }
    runs.push((start, 0x10FFFF));
    format_runs(&runs)
}

/// The full faces, then the cuts: the browser looks in the last declared
/// face first, so a cut's character never fetches a full face.
fn stylesheet(cuts: &FirstScreen, lacking: &FirstScreen) -> String {
    let face = |weight: u32, file: &str, range: String| {
        format!(
            "@font-face {{\n  font-family: \"Pretendard\";\n  font-weight: {weight};\n  font-style: normal;\n  font-display: swap;\n  src: url(\"fonts/{file}\") format(\"woff2\");\n  unicode-range: {range};\n}}\n",
        )
    };
    format!(
        "/* Pretendard's faces: generated by tests/first_screen_font.rs, do not edit.\n   The full faces, without the characters the site uses that they lack; then the first screen's cuts. */\n{}{}{}{}",
        face(400, "Pretendard-Regular.subset.woff2", range_without(&lacking.regular)),
        face(700, "Pretendard-Bold.subset.woff2", range_without(&lacking.bold)),
        face(400, "Pretendard-Regular.first-screen.woff2", unicode_range(&cuts.regular)),
        face(700, "Pretendard-Bold.first-screen.woff2", unicode_range(&cuts.bold))
    )
}

fn chars_file(screen: &FirstScreen) -> String {
    let line = |set: &BTreeSet<char>| set.iter().collect::<String>();
    format!("regular\t{}\nbold\t{}\n", line(&screen.regular), line(&screen.bold))
}

#[test]
fn the_first_screen_cuts_hold_every_character_of_every_first_screen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let screen = first_screen(root);
    let hangul = screen.regular.iter().filter(|c| ('가'..='힣').contains(*c)).count();
    assert!((200..1200).contains(&hangul), "{hangul} Hangul syllables on the prerendered pages");

    let listing = chars_file(&screen);
    let chars_path = root.join("static/fonts/first-screen-chars.txt");
    if fs::read_to_string(&chars_path).ok().as_deref() != Some(listing.as_str()) {
        fs::write(&chars_path, &listing).unwrap();
        panic!("written again: {}; cut the fonts again (python3 scripts/font-subset.py), run this test again and commit all", chars_path.display());
    }
    // What the cuts were made for, then what each holds (the script's record).
    let cut = fs::read_to_string(root.join("static/fonts/first-screen-cut.txt")).unwrap_or_default();
    assert!(
        cut.starts_with(&listing),
        "the first-screen fonts were cut for other characters: python3 scripts/font-subset.py, then commit"
    );
    let held = |weight: &str| -> BTreeSet<char> {
        let line = cut.lines().find_map(|l| l.strip_prefix(&format!("{weight}-held\t")));
        line.unwrap_or_else(|| panic!("first-screen-cut.txt: no {weight}-held line")).chars().collect()
    };
    let (regular, bold) = (held("regular"), held("bold"));
    // A character a cut lacks is one Pretendard has no glyph for (the cuts
    // are made from the full faces): it is left to the system's faces.
    let lacking = FirstScreen {
        regular: screen.regular.difference(&regular).copied().collect(),
        bold: screen.bold.difference(&bold).copied().collect(),
    };
    for (weight, want, have, lacks) in
        [("regular", &screen.regular, &regular, &lacking.regular), ("bold", &screen.bold, &bold, &lacking.bold)]
    {
        assert!(have.is_subset(want) && lacks.len() <= 16, "{weight}: the cut lacks {lacks:?}");
    }
    let css_path = root.join("static/first-screen-font.css");
    let css = stylesheet(&FirstScreen { regular, bold }, &lacking);
    if fs::read_to_string(&css_path).ok().as_deref() != Some(css.as_str()) {
        fs::write(&css_path, &css).unwrap();
        panic!("written again: {} (commit it)", css_path.display());
    }
    for weight in ["Regular", "Bold"] {
        let path = root.join(format!("static/fonts/Pretendard-{weight}.first-screen.woff2"));
        let bytes = fs::read(&path).unwrap_or_default();
        assert!(bytes.starts_with(b"wOF2"), "{} is not a woff2 file", path.display());
        assert!(bytes.len() < 90 * 1024, "{}: {} bytes, over the 90 KB a cut may take", path.display(), bytes.len());
    }
}

#[test]
fn a_full_face_range_leaves_out_only_what_it_lacks() {
    let lacking: BTreeSet<char> = ['\u{0}', 'b', 'c', '▶'].into_iter().collect();
    assert_eq!(range_without(&lacking), "U+1-61, U+64-25B5, U+25B7-10FFFF");
    assert_eq!(range_without(&BTreeSet::new()), "U+0-10FFFF");
}

#[test]
fn unicode_ranges_merge_runs() {
    let set: BTreeSet<char> = ['a', 'b', 'c', 'x', '가'].into_iter().collect();
    assert_eq!(unicode_range(&set), "U+61-63, U+78, U+AC00");
}

/// Whether `c` is Hangul (syllables and jamo): the English edition's Latin
/// cut holds none; a Korean word on an English page (`<span lang="ko">`, the
/// glossary's Korean terms) falls back to the Korean faces.
fn is_hangul(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7A3 | 0xD7B0..=0xD7FF)
}

/// Every character the English edition can show, Hangul aside: ASCII, the
/// English chapters (`content/en/*.md`, whole: their markup is ASCII), the
/// English words table, and the punctuation, arrows and math signs the
/// Korean first-screen cuts carry (what the live figures draw besides words).
fn english_edition(root: &Path, korean: &FirstScreen) -> BTreeSet<char> {
    let mut chars: BTreeSet<char> = (0x20u8..0x7f).map(char::from).collect();
    let mut chapters: Vec<_> = fs::read_dir(root.join("content/en"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    assert!(chapters.len() >= 10, "{} English chapters", chapters.len());
    for path in chapters {
        chars.extend(fs::read_to_string(&path).unwrap().chars());
    }
    let words = lab_words::Words::of(lab_words::Lang::En);
    chars.extend(lab_words::table::as_flat(words).iter().flat_map(|s| s.chars()));
    chars.extend(korean.regular.iter().chain(&korean.bold).copied());
    chars.retain(|&c| !is_hangul(c) && !c.is_control() && c != '\u{a0}');
    chars
}

/// The Hangul of the Korean edition's name, which an English page's edition
/// switch shows.
fn korean_name() -> BTreeSet<char> {
    lab_words::Words::of(lab_words::Lang::Ko).shell.edition_name.chars().filter(|&c| is_hangul(c)).collect()
}

/// `static/latin-font.css`: the two Latin cuts and the Korean name's cut as
/// the family "Pretendard Latin", each with a `unicode-range` of what it
/// holds, and the English pages' text set in it first.
fn latin_stylesheet(regular: &BTreeSet<char>, bold: &BTreeSet<char>, name: &BTreeSet<char>) -> String {
    let face = |weight: u32, file: &str, range: String| {
        format!(
            "@font-face {{\n  font-family: \"Pretendard Latin\";\n  font-weight: {weight};\n  font-style: normal;\n  font-display: swap;\n  src: url(\"fonts/{file}\") format(\"woff2\");\n  unicode-range: {range};\n}}\n",
        )
    };
    format!(
        "/* The English pages' faces: generated by tests/first_screen_font.rs, do not edit.\n   Two Latin cuts of Pretendard (no Hangul), linked and preloaded only by English pages\n   (scripts/trunk-post-build.mjs). Each names in its unicode-range exactly what it holds, so a\n   character it lacks (a Korean word in a <span lang=\"ko\">) goes on to the next families,\n   \"Pretendard\" (static/first-screen-font.css) after the fallback's Latin face, without a look\n   into this one. The third cut holds only the Korean edition's name, which every English page\n   shows in its edition switch. Until the cuts arrive the text is set in \"Pretendard Latin\n   Fallback\": Arial's metrics made to measure like Pretendard's (a little wider, its ascent and\n   descent), so the first paint wraps as the Latin cuts will and its boxes are no smaller.\n   The body alone gets the family: `code` keeps site.css's monospace stack. */\n{}{}{}{}{}body:lang(en) {{\n  font-family: \"Pretendard Latin\", \"Pretendard Latin Fallback\", \"Pretendard\", \"Pretendard Fallback\", system-ui, -apple-system, \"Apple SD Gothic Neo\", \"Malgun Gothic\", \"Noto Sans KR\", sans-serif;\n}}\n",
        face(400, "Pretendard-Regular.latin.woff2", unicode_range(regular)),
        face(700, "Pretendard-Bold.latin.woff2", unicode_range(bold)),
        face(400, "Pretendard-Regular.ko-name.woff2", unicode_range(name)),
        fallback_face(400, &["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo", "Arimo-Regular"], 1.012),
        fallback_face(700, &["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold", "Arimo-Bold"], 0.991),
    )
}

/// Pretendard's ascent and descent, in em (its `hhea` metrics, as Chromium reports them).
const PRETENDARD_ASCENT: f64 = 0.95;
const PRETENDARD_DESCENT: f64 = 0.24;

/// A "Pretendard Latin Fallback" face of `weight`: the first of the system
/// faces `local` has (full and PostScript names of Arial and the faces with
/// its metrics), scaled by `size_adjust` and given Pretendard's ascent and
/// descent (an override is taken at the adjusted size, so divided by it).
fn fallback_face(weight: u32, local: &[&str], size_adjust: f64) -> String {
    let src: Vec<String> = local.iter().map(|name| format!("local(\"{name}\")")).collect();
    let percent = |x: f64| format!("{:.2}%", x * 100.0);
    format!(
        "@font-face {{\n  font-family: \"Pretendard Latin Fallback\";\n  font-weight: {weight};\n  font-style: normal;\n  src: {};\n  size-adjust: {};\n  ascent-override: {};\n  descent-override: {};\n  line-gap-override: 0%;\n}}\n",
        src.join(", "),
        percent(size_adjust),
        percent(PRETENDARD_ASCENT / size_adjust),
        percent(PRETENDARD_DESCENT / size_adjust),
    )
}

#[test]
fn the_latin_cuts_hold_every_character_of_the_english_edition() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let english = english_edition(root, &first_screen(root));
    assert!(!english.iter().any(|&c| is_hangul(c)));
    assert!(english.contains(&'→') && english.contains(&'—'), "the Korean cut's arrows and dashes");

    let name = korean_name();
    assert!((1..=8).contains(&name.len()), "the Korean edition's name: {name:?}");
    let listing =
        format!("latin\t{}\nko-name\t{}\n", english.iter().collect::<String>(), name.iter().collect::<String>());
    let chars_path = root.join("static/fonts/latin-chars.txt");
    if fs::read_to_string(&chars_path).ok().as_deref() != Some(listing.as_str()) {
        fs::write(&chars_path, &listing).unwrap();
        panic!("written again: {}; cut the fonts again (python3 scripts/font-subset.py), run this test again and commit all", chars_path.display());
    }
    let cut = fs::read_to_string(root.join("static/fonts/latin-cut.txt")).unwrap_or_default();
    assert!(
        cut.starts_with(&listing),
        "the Latin fonts were cut for other characters: python3 scripts/font-subset.py, then commit"
    );
    let held = |weight: &str| -> BTreeSet<char> {
        let line = cut.lines().find_map(|l| l.strip_prefix(&format!("{weight}-held\t")));
        line.unwrap_or_else(|| panic!("latin-cut.txt: no {weight}-held line")).chars().collect()
    };
    let (regular, bold, name_held) = (held("regular"), held("bold"), held("ko-name"));
    assert_eq!(name_held, name, "the Korean name's cut");
    for (weight, have) in [("regular", &regular), ("bold", &bold)] {
        assert!(!have.iter().any(|&c| is_hangul(c)), "{weight}: the Latin cut holds Hangul");
        // What the cut lacks, Pretendard has no glyph for (▶, ❚): the system's faces set it.
        let lacks: Vec<char> = english.difference(have).copied().collect();
        assert!(have.is_subset(&english) && lacks.len() <= 16, "{weight}: the Latin cut lacks {lacks:?}");
        assert!(('\u{20}'..='\u{7e}').all(|c| have.contains(&c)), "{weight}: the Latin cut lacks ASCII");
    }
    let css_path = root.join("static/latin-font.css");
    let css = latin_stylesheet(&regular, &bold, &name_held);
    if fs::read_to_string(&css_path).ok().as_deref() != Some(css.as_str()) {
        fs::write(&css_path, &css).unwrap();
        panic!("written again: {} (commit it)", css_path.display());
    }
    for (file, most) in [("Regular.latin", 40), ("Bold.latin", 40), ("Regular.ko-name", 4)] {
        let path = root.join(format!("static/fonts/Pretendard-{file}.woff2"));
        let bytes = fs::read(&path).unwrap_or_default();
        assert!(bytes.starts_with(b"wOF2"), "{} is not a woff2 file", path.display());
        assert!(
            bytes.len() < most * 1024,
            "{}: {} bytes, over the {most} KB that cut may take",
            path.display(),
            bytes.len()
        );
    }
}
