//! `lab --lang en`: the reader's words in English. Every figure `lab figure
//! --list` names, drawn to SVG with `--lang en` (the page's layout and a
//! blog's), holds no Hangul; what a PNG, an animation or a story GIF draws
//! (the recording it is rasterised from: caption, legend, labels, a story's
//! sentences and headings) and the metric CSVs hold none either; `lab
//! table`, `lab check`, `lab run` and `lab sweep` print none. A bad
//! `--lang`, or an address whose `lang=` disagrees with it, is a usage error
//! (exit status 2), and `--lang ko` is the default's bytes, every figure's
//! SVG included.

use std::path::PathBuf;
use std::process::{Command, Output};

use consistency_lab::figures::export::story_gif::{has_story, story_frames, STORY_WIDTH_PX};
use consistency_lab::figures::export::{
    figure_list, lease_metric_columns, metrics_csv, prepare, vote_metrics_csv, Format, Request,
};
use consistency_lab::figures::recording::{Op, Recording};
use lab_model::registry::Scenario;
use lab_words::{Lang, Words};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("run lab")
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "lab failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).expect("UTF-8 stdout")
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// The lines of `text` that hold Hangul (at most a few, to name in a failure).
fn hangul_lines(text: &str) -> Vec<String> {
    text.lines().filter(|l| l.chars().any(is_hangul)).take(3).map(|l| l.chars().take(160).collect()).collect()
}

/// The texts a recording draws that hold Hangul (at most a few).
fn hangul_texts(drawing: &Recording) -> Vec<String> {
    let texts = drawing.ops.iter().filter_map(|op| match op {
        Op::Text { text, .. } => Some(text.as_str()),
        _ => None,
    });
    texts.filter(|t| t.chars().any(is_hangul)).take(3).map(str::to_string).collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lab-cli-lang-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The ids `lab figure --list` names (its `#` lines are the figures not exported).
fn figure_ids() -> Vec<String> {
    let list = stdout(&lab(&["figure", "--list"]));
    list.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split('\t').next()).map(str::to_string).collect()
}

/// `lab figure ID ARGS --out DIR/NAME` and the file it wrote.
fn figure_file(dir: &std::path::Path, id: &str, name: &str, args: &[&str]) -> Vec<u8> {
    let path = dir.join(name);
    let mut all = vec!["figure", id];
    all.extend_from_slice(args);
    all.extend(["--out", path.to_str().unwrap()]);
    let out = lab(&all);
    assert!(out.status.success(), "lab {all:?}: {}", String::from_utf8_lossy(&out.stderr));
    std::fs::read(&path).expect("the file")
}

#[test]
fn every_figure_drawn_in_english_holds_no_hangul() {
    let dir = temp_dir("svg");
    let ids = figure_ids();
    assert!(ids.len() >= 15, "lab figure --list names too few figures: {ids:?}");
    let mut korean = Vec::new();
    for id in &ids {
        for (layout, args) in [("page", &["--lang", "en"][..]), ("blog", &["--lang", "en", "--layout", "blog"])] {
            let svg = String::from_utf8(figure_file(&dir, id, &format!("{id}-{layout}.svg"), args)).unwrap();
            let lines = hangul_lines(&svg);
            if !lines.is_empty() {
                korean.push(format!("{id} ({layout}) draws Korean in English: {lines:?}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(korean.is_empty(), "the English figures:\n{}", korean.join("\n"));
}

#[test]
fn lang_ko_draws_every_figure_as_the_default_does() {
    let dir = temp_dir("ko");
    for id in figure_ids() {
        let default = figure_file(&dir, &id, "default.svg", &[]);
        let korean = figure_file(&dir, &id, "ko.svg", &["--lang", "ko"]);
        assert!(default == korean, "{id}: --lang ko is not the default's bytes");
        let text = String::from_utf8(default).unwrap();
        assert!(!hangul_lines(&text).is_empty(), "{id}: the default figure should speak Korean (its caption)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_the_english_rasters_and_stories_draw_holds_no_hangul() {
    let en = Words::of(Lang::En);
    let (mut korean, mut stories) = (Vec::new(), 0);
    for spec in figure_list() {
        // A PNG and an animation are replayed from the same recording, a frame
        // at each player position: the opening, the middle and the end.
        let req = Request::new(spec.id, Format::Png, en);
        let mut prepared = prepare(&req).unwrap_or_else(|e| panic!("{}: {}", spec.id, e.message()));
        let span = prepared.animation_span_us(&req, 3, 10).ok();
        for i in 0..span.map_or(1, |_| 3) {
            if let Some(span) = span {
                prepared.set_frame(span, i, 3);
            }
            let found = hangul_texts(&prepared.record().unwrap());
            if !found.is_empty() {
                korean.push(format!("{} (frame {i}): {found:?}", spec.id));
            }
        }
        if !has_story(spec) {
            continue;
        }
        // A run with no moment to tell says so in its sentence, in English too.
        let frames = match story_frames(&Request::new(spec.id, Format::Gif, en), STORY_WIDTH_PX) {
            Ok(frames) => frames,
            Err(e) => {
                assert!(hangul_lines(e.message()).is_empty(), "{}: {}", spec.id, e.message());
                continue;
            }
        };
        assert!(!frames.frames.is_empty(), "{}: a story of no frames", spec.id);
        for frame in &frames.frames {
            let lines: Vec<String> = frame.caption.iter().filter(|l| l.chars().any(is_hangul)).cloned().collect();
            let found = [lines, hangul_texts(&frame.recording)].concat();
            if !found.is_empty() {
                korean.push(format!("{} (story scene {}): {found:?}", spec.id, frame.scene));
            }
        }
        stories += 1;
    }
    assert!(stories >= 5, "too few stories told: {stories}");
    assert!(korean.is_empty(), "the English files draw Korean:\n{}", korean.join("\n"));
    // Each kind of file is written by lab in English.
    let dir = temp_dir("raster");
    for (id, file, extra) in [
        ("lease-expiry", "a1.png", &["--layout", "blog"][..]),
        ("vote-story", "b1.gif", &["--animate", "--frames", "3"][..]),
        ("lease-expiry", "a1-story.gif", &["--story"][..]),
    ] {
        let args = [&["--lang", "en"][..], extra].concat();
        assert!(!figure_file(&dir, id, file, &args).is_empty(), "{id}: an empty {file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_metric_csvs_in_english_hold_no_hangul() {
    let (en, ko) = (Words::of(Lang::En), Words::of(Lang::Ko));
    let mut drawn = 0;
    for spec in figure_list().into_iter().filter(|s| s.scenario() == Scenario::Lease) {
        let csv = |w| metrics_csv(w, &lease_metric_columns(w, spec.id, "").unwrap());
        let (english, korean) = (csv(en), csv(ko));
        assert!(hangul_lines(&english).is_empty(), "{}: {:?}", spec.id, hangul_lines(&english));
        assert!(!hangul_lines(&korean).is_empty(), "{}: the Korean CSV should label its rows in Korean", spec.id);
        assert_eq!(english.lines().count(), korean.lines().count(), "{}", spec.id);
        drawn += 1;
    }
    assert!(drawn >= 5, "too few Article A figures: {drawn}");
    let english = vote_metrics_csv(en, "").unwrap();
    assert!(hangul_lines(&english).is_empty(), "{:?}", hangul_lines(&english));
}

#[test]
fn the_reports_in_english_hold_no_hangul() {
    for args in [
        &["table", "--runs", "1", "--lang", "en"][..],
        &["check", "--lang", "en"],
        &["run", "--params", "preset=exp1", "--lang", "en"],
        &["run", "--params", "scenario=vote&variant=V3&fault=power", "--lang", "en"],
        &["sweep", "sweep-contention", "--params", "seeds=1", "--lang", "en"],
        &["figure", "--list", "--lang", "en"],
    ] {
        let text = stdout(&lab(args));
        assert!(!text.is_empty(), "lab {args:?} printed nothing");
        assert!(hangul_lines(&text).is_empty(), "lab {args:?}: {:?}", hangul_lines(&text));
    }
    let table = stdout(&lab(&["table", "--runs", "1", "--lang", "en"]));
    assert!(table.contains("| run 1 | the article's measurement |"), "{table}");
    let check = stdout(&lab(&["check", "--variant", "a", "--lang", "en"]));
    assert!(check.contains("over-approval"), "{check}");
}

#[test]
fn lang_ko_is_the_default_and_the_address_may_say_it() {
    for (default, explicit) in [
        (&["table", "--runs", "1"][..], &["table", "--runs", "1", "--lang", "ko"][..]),
        (&["check", "--variant", "c2"], &["check", "--variant", "c2", "--lang", "ko"]),
        (&["figure", "--list"], &["figure", "--list", "--lang", "ko"]),
        (
            &["sweep", "sweep-contention", "--params", "seeds=1"],
            &["sweep", "sweep-contention", "--params", "seeds=1&lang=ko"],
        ),
    ] {
        let (a, b) = (stdout(&lab(default)), stdout(&lab(explicit)));
        let cut = |s: &str| s.lines().filter(|l| !l.contains(" runs in ")).collect::<Vec<_>>().join("\n");
        assert_eq!(cut(&a), cut(&b), "lab {explicit:?}");
        assert!(!hangul_lines(&a).is_empty(), "lab {default:?} should speak Korean");
    }
    // A permalink of the English edition says its language in lang= or in its en/ page.
    let by_flag = stdout(&lab(&["sweep", "sweep-contention", "--params", "seeds=1", "--lang", "en"]));
    let by_key = stdout(&lab(&["sweep", "sweep-contention", "--params", "seeds=1&lang=en"]));
    let first = |s: &str| s.lines().take(12).collect::<Vec<_>>().join("\n");
    assert_eq!(first(&by_flag), first(&by_key));
    let dir = temp_dir("url");
    let flagged = dir.join("flagged.svg");
    let out = lab(&[
        "figure",
        "lease-expiry",
        "--params",
        "preset=exp1&ttl_ms=600",
        "--lang",
        "en",
        "--out",
        flagged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let english = std::fs::read(&flagged).unwrap();
    for address in [
        "https://lab.example/en/a1-lease-expiry.html?fig=lease-expiry&preset=exp1&ttl_ms=600",
        "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600&lang=en",
    ] {
        let path = dir.join("a1.svg");
        let out = lab(&["figure", "--url", address, "--out", path.to_str().unwrap()]);
        assert!(out.status.success(), "{address}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(std::fs::read(&path).unwrap() == english, "{address} is not the figure --lang en draws");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_or_disagreeing_language_is_a_usage_error() {
    for (args, says) in [
        (&["table", "--lang", "fr"][..], "--lang: `fr` is not allowed; allowed ko|en"),
        (&["check", "--lang", "jp"], "--lang: `jp` is not allowed; allowed ko|en"),
        (&["figure", "--list", "--lang", "de"], "--lang: `de` is not allowed; allowed ko|en"),
        (&["run", "--params", "preset=exp1&lang=xx"], "--params: lang: `xx` is not allowed; allowed ko|en"),
        (&["run", "--params", "preset=exp1&lang=en", "--lang", "ko"], "disagree"),
        (&["figure", "lease-expiry", "--lang", "es", "--out", "/tmp/x.svg"], "--lang: `es` is not allowed"),
        (&["presets", "--lang", "en"], "unknown flag `--lang` for `lab presets`"),
    ] {
        let out = lab(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "lab {args:?}: {err}");
        assert!(err.contains(says), "lab {args:?}: {err}");
    }
}
