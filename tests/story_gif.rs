//! The story GIF (`lab figure ID --story --out F.gif`,
//! `figures::export::story_gif`): it decodes; it holds one frame per scene
//! of the story the page tells, each long enough to read (the frames
//! between are short); it stays within its 2 MiB budget; each held frame's
//! caption, as its recording draws it, is the scene's sentence, and the
//! heading counts the scenes; its text is at least 13 px; the same command
//! gives the same bytes; bad use exits 2 with an English message.
//!
//! `STORY_GIF_DUMP=DIR` also writes each held frame as `DIR/ID-N.png`, to look at.

use std::path::PathBuf;
use std::process::{Command, Output};

use consistency_lab::figures::export::story_gif::{
    hold_cs, story_frames, StoryFrames, PASSAGE_DELAY_CS, SENTENCE_PX, STORY_GIF_MAX_BYTES, STORY_WIDTH_PX,
};
use consistency_lab::figures::export::{figure_link, Format, Request};
use consistency_lab::figures::recording::Op;
use consistency_lab::figures::story_lead;

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("run lab")
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lab-story-gif-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A decoded GIF: its size, and each frame's delay and composited RGBA pixels.
struct Decoded {
    size: (u16, u16),
    frames: Vec<(u16, Vec<u8>)>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let (w, h) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let size = (decoder.width(), decoder.height());
    let mut canvas = vec![0u8; w * h * 4];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a valid frame") {
        let (fw, left, top) = (usize::from(frame.width), usize::from(frame.left), usize::from(frame.top));
        for y in 0..usize::from(frame.height) {
            let src = y * fw * 4;
            let dst = ((y + top) * w + left) * 4;
            canvas[dst..dst + fw * 4].copy_from_slice(&frame.buffer[src..src + fw * 4]);
        }
        frames.push((frame.delay, canvas.clone()));
    }
    Decoded { size, frames }
}

/// The text a frame's recording draws at the sentence's size, in order.
fn sentence_lines(recording: &consistency_lab::figures::recording::Recording) -> Vec<String> {
    recording
        .ops
        .iter()
        .filter_map(|op| match op {
            Op::Text { text, font, .. } if (font.size - SENTENCE_PX).abs() < 1e-9 => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The file `lab figure ID --story` writes, its frames, and its decoded frames.
fn story_gif(id: &str, scenes: &[String]) -> (Vec<u8>, StoryFrames, Decoded) {
    let out = out_path(&format!("{id}.gif"));
    let o = lab(&["figure", id, "--story", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{id}: {}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&out).unwrap();
    let frames =
        story_frames(&Request::new(id, Format::Gif, lab_words::Words::of(lab_words::Lang::Ko)), STORY_WIDTH_PX)
            .unwrap();
    let decoded = decode(&bytes);
    assert_eq!(frames.sentences, scenes, "{id}: the GIF tells the page's story");
    check(id, &bytes, &frames, &decoded);
    (bytes, frames, decoded)
}

fn check(id: &str, bytes: &[u8], frames: &StoryFrames, decoded: &Decoded) {
    assert!(bytes.len() <= STORY_GIF_MAX_BYTES, "{id}: {} bytes", bytes.len());
    assert_eq!(decoded.size, (STORY_WIDTH_PX as u16, frames.size.1 as u16), "{id}");
    assert_eq!(decoded.frames.len(), frames.frames.len(), "{id}: a GIF frame per composed frame");
    // One held frame per scene, in order, each held long enough to read its
    // sentence (3 s at least); everything between them passes quickly.
    let held: Vec<usize> = decoded.frames.iter().enumerate().filter(|(_, f)| f.0 >= 300).map(|(i, _)| i).collect();
    assert_eq!(
        held.len(),
        frames.sentences.len(),
        "{id}: delays {:?}",
        decoded.frames.iter().map(|f| f.0).collect::<Vec<_>>()
    );
    for (scene, &i) in held.iter().enumerate() {
        let frame = &frames.frames[i];
        assert!(frame.held && frame.scene == scene, "{id}: frame {i}");
        assert_eq!(decoded.frames[i].0, hold_cs(&frames.sentences[scene]), "{id}: scene {scene}");
        // The caption the frame draws is the scene's sentence, whole and in order.
        let drawn = sentence_lines(&frame.recording);
        assert_eq!(drawn, frame.caption, "{id}: scene {scene}");
        assert_eq!(drawn.concat().replace(' ', ""), frames.sentences[scene].replace(' ', ""), "{id}: scene {scene}");
        // The heading's end: " · " and the scene's count, in the file's words.
        let words = lab_words::Words::of(lab_words::Lang::Ko);
        let (n, of) = ((scene + 1).to_string(), frames.sentences.len().to_string());
        let heading = words.fill(words.share.export.story_heading, &[("title", ""), ("scene", &n), ("scenes", &of)]);
        assert!(
            frame.recording.ops.iter().any(|op| matches!(op, Op::Text { text, .. } if text.ends_with(&heading))),
            "{id}: scene {scene} counts itself"
        );
    }
    for (i, (delay, _)) in decoded.frames.iter().enumerate() {
        if !held.contains(&i) {
            assert_eq!(*delay, PASSAGE_DELAY_CS, "{id}: frame {i} is between scenes");
        }
    }
    // Every text in every frame, the figure's labels included, is at least 13 px.
    for frame in &frames.frames {
        for op in &frame.recording.ops {
            if let Op::Text { text, font, .. } = op {
                assert!(font.size >= 13.0, "{id}: `{text}` at {} px", font.size);
            }
        }
    }
    // The attribution links back to the figure's chapter.
    let link = figure_link("", id, None);
    assert!(
        frames.frames[0].recording.ops.iter().any(|op| matches!(op, Op::Text { text, .. } if text.contains(&link))),
        "{id}: attribution with {link}"
    );
    if let Ok(dir) = std::env::var("STORY_GIF_DUMP") {
        dump(&dir, id, decoded, &held);
    }
}

fn dump(dir: &str, id: &str, decoded: &Decoded, held: &[usize]) {
    std::fs::create_dir_all(dir).unwrap();
    for (scene, &i) in held.iter().enumerate() {
        let file = std::fs::File::create(format!("{dir}/{id}-{}.png", scene + 1)).unwrap();
        let mut encoder =
            png::Encoder::new(std::io::BufWriter::new(file), u32::from(decoded.size.0), u32::from(decoded.size.1));
        encoder.set_color(png::ColorType::Rgba);
        encoder.write_header().unwrap().write_image_data(&decoded.frames[i].1).unwrap();
    }
}

#[test]
fn a1_story_gif_holds_each_scene_of_the_opening_story_with_its_sentence() {
    let (_, story) = story_lead::opening("lease-expiry").expect("A1 tells a story");
    let sentences: Vec<String> = story.steps.iter().map(|s| s.sentence_ko()).collect();
    let (bytes, frames, decoded) = story_gif("lease-expiry", &sentences);
    // The scenes told in one view are joined by a short passage.
    assert!(frames.frames.iter().any(|f| !f.held), "in-between frames");
    // The last scene (the whole run) differs from the first (one wallet).
    let first_held = decoded.frames.iter().position(|f| f.0 >= 300).unwrap();
    assert_ne!(decoded.frames[first_held].1, decoded.frames.last().unwrap().1);
    // The same command gives the same bytes.
    let again = out_path("again.gif");
    assert!(lab(&["figure", "lease-expiry", "--story", "--out", again.to_str().unwrap()]).status.success());
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
}

#[test]
fn article_b_vote_story_gif_holds_each_scene() {
    let spec = lab_model::registry::figure("vote-story").unwrap();
    let figure = consistency_lab::figures::plan::VotePlan::new(spec, spec.initial_vote_config()).run();
    let sentences: Vec<String> = figure.beats().iter().map(|b| b.sentence.clone()).collect();
    assert!(sentences.len() >= 3, "{sentences:?}");
    story_gif("vote-story", &sentences);
}

#[test]
fn every_other_figure_with_a_story_makes_its_gif_or_says_its_run_has_none() {
    use consistency_lab::figures::export::story_gif::has_story;
    let others = lab_model::registry::FIGURES
        .iter()
        .filter(|f| has_story(f) && f.id != "lease-expiry" && f.id != "vote-story")
        .collect::<Vec<_>>();
    assert!(others.len() >= 6, "{others:?}");
    let mut made = 0;
    for spec in others {
        let out = out_path(&format!("{}.gif", spec.id));
        let o = lab(&["figure", spec.id, "--story", "--out", out.to_str().unwrap()]);
        if o.status.code() == Some(2) {
            // A run with no moment to tell (A5's clocks: no two owners at its start).
            assert!(String::from_utf8_lossy(&o.stderr).contains("no moment to tell"), "{}", spec.id);
            continue;
        }
        assert!(o.status.success(), "{}: {}", spec.id, String::from_utf8_lossy(&o.stderr));
        let bytes = std::fs::read(&out).unwrap();
        let frames = story_frames(
            &Request::new(spec.id, Format::Gif, lab_words::Words::of(lab_words::Lang::Ko)),
            STORY_WIDTH_PX,
        )
        .unwrap();
        check(spec.id, &bytes, &frames, &decode(&bytes));
        made += 1;
    }
    assert!(made >= 6, "{made}");
}

#[test]
fn bad_story_use_exits_2_with_a_clear_message() {
    let out = out_path("bad.gif");
    let out = out.to_str().unwrap();
    let png = out_path("bad.png");
    let cases: [(Vec<&str>, &str); 5] = [
        (vec!["figure", "tradeoff", "--story", "--out", out], "tells no story"),
        (vec!["figure", "lease-expiry", "--story", "--out", png.to_str().unwrap()], "must end in .gif"),
        (vec!["figure", "lease-expiry", "--story", "--animate", "--out", out], "--animate and --story"),
        (vec!["figure", "lease-expiry", "--story", "--width", "200", "--out", out], "--width"),
        (vec!["figure", "lease-expiry", "--story", "--params", "preset=exp1&ttl_ms=600", "--out", out], "no moment"),
    ];
    for (args, says) in cases {
        let o = lab(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("lab: error:") && err.contains(says), "{args:?}: {err}");
    }
}
