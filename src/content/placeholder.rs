//! The one scan behind every marker kind's `*_placeholders` (`{{check:`,
//! `{{vote:`, `{{lease:`, `{{real:`): below the modules that define the
//! kinds, so none of them imports another for it.

/// The text of every placeholder in `text` that opens with `open` (`{{check:`,
/// `{{vote:`, …) up to its `}}`, in order: the one scan every marker kind's
/// `*_placeholders` uses.
pub fn placeholders_opening<'a>(text: &'a str, open: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let after = &rest[start + open.len()..];
        let Some(end) = after.find("}}") else { break };
        out.push(&after[..end]);
        rest = &after[end + 2..];
    }
    out
}
