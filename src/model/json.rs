//! JSON strings written by hand, where a serde serialiser would add to a
//! wasm module more than the few fields it writes (B2's crash rows, the
//! embed panel's kit).

/// Appends `text` to `out` as a JSON string: quoted, with `"`, `\` and the
/// control characters escaped.
pub fn push_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::push_string;

    #[test]
    fn quotes_escapes_and_reads_back() {
        let mut out = String::new();
        push_string(&mut out, "a\"b\\c\nd café");
        assert_eq!(out, "\"a\\\"b\\\\c\\u000ad café\"");
        assert_eq!(serde_json::from_str::<String>(&out).unwrap(), "a\"b\\c\nd café");
    }
}
