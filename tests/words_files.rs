//! The words files the page loads (`static/words/LANG.words`, issue 42):
//! each is `lab_words::encode` of its language's table, written again when
//! stale (the test then fails once, as `tests/prose.rs` does: commit them),
//! and reads back as the same table.

use std::fs;
use std::path::Path;

use consistency_lab::words::{decode, encode, table, Lang, Words};

#[test]
fn every_words_file_is_its_table_encoded() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("static/words");
    fs::create_dir_all(&dir).unwrap();
    let mut stale = Vec::new();
    for lang in Lang::ALL {
        let words = Words::of(lang);
        let bytes = encode(words);
        let path = dir.join(format!("{}.words", lang.code()));
        if fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
            fs::write(&path, &bytes).unwrap();
            stale.push(path.display().to_string());
        }
        let back = decode(Vec::leak(bytes)).expect("a words file reads back");
        assert_eq!(table::as_flat(back), table::as_flat(words));
        assert_eq!(back.lang(), lang);
    }
    let mut names: Vec<_> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    let mut expected: Vec<String> = Lang::ALL.iter().map(|l| format!("{}.words", l.code())).collect();
    expected.sort();
    assert_eq!(names, expected, "static/words holds exactly one file per language");
    assert!(stale.is_empty(), "written again (commit them): {stale:?}");
}

#[test]
fn the_english_file_holds_no_hangul_and_the_korean_one_is_korean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("static/words");
    let hangul = |b: &[u8]| String::from_utf8_lossy(b).chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c));
    let en = encode(Words::of(Lang::En));
    let ko = encode(Words::of(Lang::Ko));
    assert!(!hangul(&en), "Korean in the English words");
    assert!(hangul(&ko));
    // Whatever is on disk, once written, is the same bytes (the test above writes it).
    if let Ok(on_disk) = fs::read(dir.join("en.words")) {
        assert!(!hangul(&on_disk), "Korean in static/words/en.words");
    }
}
