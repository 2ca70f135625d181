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

/// The text of `text` escaped by [`escape_html`]: its five entities undone
/// (`&amp;` last, so that an escaped entity stays one).
pub fn unescape_html(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::{escape_html, unescape_html};

    #[test]
    fn unescaping_undoes_escaping() {
        let text = "<a href=\"x\">Tom & Jerry's</a> &lt; naïve ✓";
        assert_eq!(unescape_html(&escape_html(text)), text);
    }

    #[test]
    fn escapes_the_five_markup_characters_and_nothing_else() {
        assert_eq!(
            escape_html("<a href=\"x\">Tom & Jerry's</a> naïve ✓"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; naïve ✓"
        );
    }
}
