//! The figures' link cards (`static/og/ID.png`, 1200×630, the `og:image`
//! of each figure's static embed page; `figures::export::card`): one per
//! drawn figure at its opening settings (a lease timeline drawn whole in
//! the blog files' window, an Article B story at its opening scene), its labels at least 13 px (17 px unless the figure had to shrink), its title and attribution drawn in, each at
//! most 300 KB.
//!
//! As `tests/static_figures.rs` does, the PNG bytes (which depend on the
//! machine's floating-point rasteriser) are not compared: what they are
//! drawn from is, the card's two recordings (postcard bytes, exact), whose
//! hash `static/og/manifest.tsv` records. A card whose drawing changed is
//! written again with its manifest row and the test fails once, so that
//! the change is seen and committed; a stale card fails CI. The English
//! edition's cards, in English words, are `static/og/en/ID.png` (manifest
//! rows `en/ID`), which draw no Hangul.

use std::fs;
use std::path::Path;

use consistency_lab::figures::export::card::{card, render_card, CARD_MAX_BYTES, CARD_SCALE, CARD_SIZE};
use consistency_lab::figures::export::story_gif::short_title;
use consistency_lab::figures::export::{figure_link, figure_list};
use lab_words::{Lang, Words};

/// FNV-1a, 64 bits.
fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[test]
fn every_figure_has_its_link_card() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("static").join("og");
    fs::create_dir_all(&dir).unwrap();
    let manifest_path = dir.join("manifest.tsv");
    let old_manifest = fs::read_to_string(&manifest_path).unwrap_or_default();
    let mut manifest = String::from("# id\tsize\trecordings' fingerprint (tests/og_images.rs)\n");
    let mut stale = Vec::new();
    let mut sizes = Vec::new();
    for (lang, spec) in Lang::ALL.into_iter().flat_map(|lang| figure_list().into_iter().map(move |spec| (lang, spec))) {
        let edition = consistency_lab::content::prerender::edition_dir(lang);
        let words = Words::of(lang);
        let card = card(words, spec, "").unwrap();
        // Its title, its attribution with the link back, its figure's labels large.
        let texts = card.texts();
        assert!(texts.iter().any(|(t, _)| t == short_title(words, spec)), "{}: {texts:?}", spec.id);
        assert!(texts.iter().any(|(t, _)| t.contains(&figure_link("", spec.id, None))), "{}", spec.id);
        let smallest = texts.iter().map(|(_, px)| *px).fold(f64::MAX, f64::min);
        assert!(smallest >= 13.0, "{}: smallest text {smallest} px", spec.id);
        assert!((1.2..=CARD_SCALE).contains(&card.scale), "{}", spec.id);
        // Every word a card draws is its edition's: the English cards none in Hangul.
        let hangul = |t: &str| t.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
        let korean: Vec<&String> = texts.iter().map(|(t, _)| t).filter(|t| hangul(t)).collect();
        assert_eq!(korean.is_empty(), lang == Lang::En, "{edition}{}: {korean:?}", spec.id);
        assert_eq!(card.frame.size, CARD_SIZE);
        let mut drawn = postcard::to_allocvec(&card.frame).unwrap();
        drawn.extend(postcard::to_allocvec(&card.figure).unwrap());
        drawn.extend(format!("{:?}{}{}", card.at, card.room, card.scale).bytes());
        let row = format!("{edition}{}\t{}x{}\t{}\n", spec.id, CARD_SIZE.0, CARD_SIZE.1, fingerprint(&drawn));
        fs::create_dir_all(dir.join(&edition)).unwrap();
        let png = dir.join(&edition).join(format!("{}.png", spec.id));
        if !old_manifest.contains(&row) || !png.exists() {
            fs::write(&png, render_card(&card).unwrap()).unwrap();
            stale.push(format!("{edition}{}", spec.id));
        }
        let bytes = fs::read(&png).unwrap();
        // A PNG of the card's size, within its budget.
        let decoder = png::Decoder::new(&bytes[..]);
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), CARD_SIZE, "{}", spec.id);
        assert!(bytes.len() <= CARD_MAX_BYTES, "{}: {} bytes", spec.id, bytes.len());
        sizes.push((spec.id, bytes.len()));
        manifest.push_str(&row);
    }
    // No card outlives its figure.
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if let Some(id) = name.strip_suffix(".png") {
            if !figure_list().iter().any(|f| f.id == id) {
                fs::remove_file(&path).unwrap();
                stale.push("(a removed figure)".to_string());
            }
        }
    }
    if manifest != old_manifest {
        fs::write(&manifest_path, &manifest).unwrap();
    }
    let total: usize = sizes.iter().map(|(_, n)| n).sum();
    eprintln!("link cards: {sizes:?}, {total} bytes in all");
    assert!(stale.is_empty(), "drawn again (commit them): {stale:?}");
    assert_eq!(sizes.len(), Lang::ALL.len() * figure_list().len());
}
