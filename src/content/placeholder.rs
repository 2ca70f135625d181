//! The one scan behind every marker kind's `*_placeholders` and `fill_*`
//! (`{{check:`, `{{vote:`, `{{lease:`, `{{real:`): below the modules that
//! define the kinds, so none of them imports another for it.

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

/// `text` with every placeholder that opens with `open` replaced by what
/// `value` makes of its text (up to its `}}`), in order; an unclosed one and
/// what follows it are kept as they are. The one loop every marker kind's
/// `fill_*` uses.
#[cfg(not(target_arch = "wasm32"))]
pub fn fill_opening<'a>(text: &'a str, open: &str, mut value: impl FnMut(&'a str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let after = &rest[start + open.len()..];
        let Some(end) = after.find("}}") else { break };
        out.push_str(&rest[..start]);
        out.push_str(&value(&after[..end]));
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}
