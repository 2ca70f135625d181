//! HTML text escaping, for every string this project writes into markup it
//! builds as text (the chapters' prerendered HTML, the real-run tables, the
//! prediction blocks, the story lead's alternative text).

/// `text` with `&`, `<`, `>`, `"` and `'` escaped (for text and attribute values).
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape_html;

    #[test]
    fn escapes_the_five_markup_characters_and_nothing_else() {
        assert_eq!(
            escape_html("<a href=\"x\">Tom & Jerry's</a> 한글"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; 한글"
        );
    }
}
