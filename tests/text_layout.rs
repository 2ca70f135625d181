//! No clipped or overprinted text: for the SVG of every figure `lab figure`
//! writes (its starting state, at widths from a phone's to a wide desktop's),
//! every `<text>` box stays inside the image and no two boxes overlap.
//!
//! A box is estimated the way the layout estimates it, never measured:
//! drawing labels use `figures::text_width::approx_text_width` at the size the
//! drawing asked for (the file's `font-size`, the canvas's CSS px:
//! `figures::svg`), the caption lines `caption_width_estimate`; the height is
//! the written em box,
//! placed by the anchor plotters writes (`dy`) and turned by any `rotate`.

use consistency_lab::figures::export::caption::wrap_caption;
use consistency_lab::figures::export::{figure_list, render_svg, Format, Request};
use consistency_lab::figures::text_width::{approx_text_width, caption_width_estimate};
use lab_model::registry::FigureKind;

const WIDTHS: [u32; 5] = [320, 390, 760, 1280, 1600];
/// Boxes may touch: overlaps up to this many px in either direction are ignored.
const SLACK: f64 = 0.75;

#[derive(Clone, Debug)]
struct TextBox {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')?;
    Some(&tag[at..at + end])
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// Every `<text>` of `svg`: (opening tag, content), in document order.
fn texts(svg: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        let after = &rest[i..];
        let open_end = after.find('>').expect("a closed tag");
        let close = after.find("</text>").expect("a </text>");
        out.push((after[..open_end].to_string(), unescape(after[open_end + 1..close].trim_matches('\n'))));
        rest = &after[close + 7..];
    }
    out
}

fn svg_size(svg: &str) -> (f64, f64) {
    let open = &svg[svg.find("<svg").unwrap()..];
    let open = &open[..open.find('>').unwrap()];
    let num = |n: &str| attr(open, n).and_then(|v| v.trim_end_matches("px").parse::<f64>().ok()).expect(n);
    (num("width"), num("height"))
}

/// The estimated box of one `<text>`; `caption`: a caption line (its own estimate).
fn text_box(tag: &str, text: &str, caption: bool) -> TextBox {
    let num = |n: &str| attr(tag, n).and_then(|v| v.parse::<f64>().ok()).unwrap_or_else(|| panic!("{n} in {tag}"));
    let (x, y, em) = (num("x"), num("y"), num("font-size"));
    let w = if caption { caption_width_estimate(text) } else { approx_text_width(text, em) };
    let (x0, x1) = match attr(tag, "text-anchor") {
        Some("middle") => (x - w / 2.0, x + w / 2.0),
        Some("end") => (x - w, x),
        _ => (x, x + w),
    };
    let (y0, y1) = match attr(tag, "dy") {
        Some("0.76em") => (y, y + em),
        Some("0.5ex") => (y - em / 2.0, y + em / 2.0),
        Some("-0.5ex") => (y - em, y),
        other => panic!("unexpected dy {other:?} in {tag}"),
    };
    let mut b = TextBox { text: text.to_string(), x0, y0, x1, y1 };
    if let Some(rot) = attr(tag, "transform") {
        let inner = rot.trim_start_matches("rotate(").trim_end_matches(')');
        let parts: Vec<f64> = inner.split(',').map(|p| p.trim().parse().unwrap()).collect();
        let (a, cx, cy) = (parts[0].to_radians(), parts[1], parts[2]);
        let turn = |px: f64, py: f64| {
            let (dx, dy) = (px - cx, py - cy);
            (cx + dx * a.cos() - dy * a.sin(), cy + dx * a.sin() + dy * a.cos())
        };
        let corners = [turn(b.x0, b.y0), turn(b.x1, b.y0), turn(b.x0, b.y1), turn(b.x1, b.y1)];
        b.x0 = corners.iter().map(|c| c.0).fold(f64::MAX, f64::min);
        b.x1 = corners.iter().map(|c| c.0).fold(f64::MIN, f64::max);
        b.y0 = corners.iter().map(|c| c.1).fold(f64::MAX, f64::min);
        b.y1 = corners.iter().map(|c| c.1).fold(f64::MIN, f64::max);
    }
    b
}

/// What is wrong with the text of one SVG, one line per problem.
fn problems(svg: &str, caption: &str) -> Vec<String> {
    let (w, h) = svg_size(svg);
    let all = texts(svg);
    let caption = wrap_caption(caption, w - 24.0);
    assert!(all.len() >= caption.len());
    let first_caption = all.len() - caption.len();
    for (i, line) in caption.iter().enumerate() {
        assert_eq!(&all[first_caption + i].1, line, "the caption lines come last");
    }
    let boxes: Vec<TextBox> = all
        .iter()
        .enumerate()
        .filter(|(_, (_, text))| !text.trim().is_empty())
        .map(|(i, (tag, text))| text_box(tag, text, i >= first_caption))
        .collect();
    let mut out = Vec::new();
    for b in &boxes {
        if b.x0 < -SLACK || b.y0 < -SLACK || b.x1 > w + SLACK || b.y1 > h + SLACK {
            out.push(format!(
                "{:?} crosses the edge: x {:.1}..{:.1}, y {:.1}..{:.1} of {w}×{h}",
                b.text, b.x0, b.x1, b.y0, b.y1
            ));
        }
    }
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let dx = a.x1.min(b.x1) - a.x0.max(b.x0);
            let dy = a.y1.min(b.y1) - a.y0.max(b.y0);
            if dx > SLACK && dy > SLACK {
                out.push(format!(
                    "{:?} ({:.0},{:.0}) overlaps {:?} ({:.0},{:.0}) by {dx:.1}×{dy:.1}",
                    a.text, a.x0, a.y0, b.text, b.x0, b.y0
                ));
            }
        }
    }
    out
}

#[test]
fn no_figure_text_overlaps_or_crosses_the_edge() {
    let mut report = Vec::new();
    for spec in figure_list() {
        for width in WIDTHS {
            let mut req = Request::new(spec.id, Format::Svg, lab_words::Words::of(lab_words::Lang::Ko));
            req.width = width;
            let svg = render_svg(&req).unwrap_or_else(|e| panic!("{} at {width}: {e:?}", spec.id));
            for p in problems(&svg, lab_words::catalogue::caption(lab_words::Words::of(lab_words::Lang::Ko), spec)) {
                report.push(format!("{} ({}) at {width} px: {p}", spec.id, spec.code));
            }
        }
    }
    assert!(report.is_empty(), "{} text problems:\n{}", report.len(), report.join("\n"));
}

/// Other states a reader reaches, where the labels crowd differently: every
/// variant of the story figures, a power loss, and a few lease presets.
fn more_states() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let variants = [
        "V0",
        "V1",
        "V2",
        "V2g",
        "V3",
        "V4",
        "F-fence",
        "F-naive-retry",
        "F-engine-fence-only",
        "I-wait-then-fence",
        "I-as-success",
        "I-abort-release",
    ];
    for v in variants {
        for (fault, crash) in [("kill", 2), ("power", 4)] {
            out.push(("vote-story", format!("scenario=vote&variant={v}&fault={fault}&crash_after={crash}")));
        }
    }
    for preset in ["exp1", "exp2_stop", "exp3_c1", "exp5_open"] {
        out.push(("lease-expiry", format!("preset={preset}")));
    }
    out
}

#[test]
fn no_text_overlaps_in_other_states() {
    let mut report = Vec::new();
    for (id, params) in more_states() {
        let spec = lab_model::registry::figure(id).expect("a figure");
        for width in [320, 760, 1280] {
            let mut req = Request::new(id, Format::Svg, lab_words::Words::of(lab_words::Lang::Ko));
            req.width = width;
            req.params = Some(params.clone());
            let svg = render_svg(&req).unwrap_or_else(|e| panic!("{id} [{params}] at {width}: {e:?}"));
            for p in problems(&svg, lab_words::catalogue::caption(lab_words::Words::of(lab_words::Lang::Ko), spec)) {
                report.push(format!("{id} [{params}] at {width} px: {p}"));
            }
        }
    }
    assert!(report.is_empty(), "{} text problems:\n{}", report.len(), report.join("\n"));
}

/// The widths a figure's canvas gets at a phone's and a desktop's window,
/// and the smallest text allowed at each (`e2e/figure-widths.json`, which
/// the end-to-end test checks against the page).
struct PageWidth {
    name: &'static str,
    column: u32,
    sweep: u32,
    min_text_css: f64,
}

fn page_widths() -> Vec<PageWidth> {
    let json: serde_json::Value = serde_json::from_str(include_str!("../e2e/figure-widths.json")).unwrap();
    ["phone", "desktop"]
        .into_iter()
        .map(|name| {
            let w = &json[name];
            let n = |k: &str| w[k].as_u64().unwrap_or_else(|| panic!("{name}.{k}")) as u32;
            PageWidth {
                name,
                column: n("column"),
                sweep: n("sweep"),
                min_text_css: w["min_text_css"].as_f64().unwrap(),
            }
        })
        .collect()
}

/// Every `<text>`'s size as the page draws it, in CSS px: the file's
/// `font-size`, the size the drawing asked for (`figures::svg`), with its text.
fn text_sizes(svg: &str) -> Vec<(f64, String)> {
    texts(svg)
        .into_iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(tag, text)| {
            let em: f64 = attr(&tag, "font-size").and_then(|v| v.parse().ok()).expect("a font-size");
            (em, text)
        })
        .collect()
}

/// A lone symbol drawn as part of a mark (the "!" of an alert badge, a "✕"),
/// not text to read.
fn is_mark_glyph(text: &str) -> bool {
    let mut chars = text.trim().chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if !c.is_alphanumeric())
}

/// The texts of `svg` smaller than `min_css`, one line each.
fn small_texts(svg: &str, min_css: f64) -> Vec<String> {
    text_sizes(svg)
        .into_iter()
        .filter(|(size, text)| *size + 0.01 < min_css && !is_mark_glyph(text))
        .map(|(size, text)| format!("{text:?} at {size:.1} px"))
        .collect()
}

#[test]
fn every_figure_text_is_legible_at_a_phone_and_a_desktop_width() {
    let mut report = Vec::new();
    for page in page_widths() {
        for spec in figure_list() {
            let width = if matches!(spec.kind, FigureKind::Sweep(_)) { page.sweep } else { page.column };
            let mut states = vec![None];
            states.extend(more_states().into_iter().filter(|(id, _)| *id == spec.id).map(|(_, p)| Some(p)));
            for params in states {
                let mut req = Request::new(spec.id, Format::Svg, lab_words::Words::of(lab_words::Lang::Ko));
                req.width = width;
                req.params = params.clone();
                let svg = render_svg(&req).unwrap_or_else(|e| panic!("{} at {width}: {e:?}", spec.id));
                if params.is_none() {
                    let smallest = text_sizes(&svg)
                        .into_iter()
                        .filter(|(_, t)| !is_mark_glyph(t))
                        .map(|(s, _)| s)
                        .fold(f64::MAX, f64::min);
                    eprintln!("{} {} at {width} px: smallest text {smallest:.1} px", spec.code, page.name);
                }
                let small = small_texts(&svg, page.min_text_css);
                if !small.is_empty() {
                    report.push(format!(
                        "{} ({}) [{}] on a {} ({width} px), under {} px: {}",
                        spec.id,
                        spec.code,
                        params.unwrap_or_default(),
                        page.name,
                        page.min_text_css,
                        small.join(", ")
                    ));
                }
            }
        }
    }
    assert!(report.is_empty(), "{} figures draw text too small to read:\n{}", report.len(), report.join("\n"));
}

#[test]
fn the_size_checker_sees_small_text() {
    // Korean words, as the figures draw them: "small" and "large".
    let (small, large) = ("\u{c791}\u{ac8c}", "\u{d06c}\u{ac8c}");
    let svg = format!(
        r#"<svg width="100" height="50" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg">
<text x="10" y="10" dy="0.76em" text-anchor="start" font-size="10">{small}</text>
<text x="10" y="30" dy="0.76em" text-anchor="start" font-size="12">{large}</text>
</svg>"#
    );
    assert_eq!(small_texts(&svg, 11.0), vec![format!("\"{small}\" at 10.0 px")]);
    assert!(small_texts(&svg, 10.0).is_empty());
}

#[test]
fn the_checker_sees_an_overlap_and_an_edge() {
    // Korean words, as the figures draw them: "signature", "record", "end", "caption".
    let (sign, record, end, caption) = ("\u{c11c}\u{ba85}", "\u{ae30}\u{b85d}", "\u{b05d}", "\u{cea1}\u{c158}");
    let svg = format!(
        r#"<svg width="100" height="50" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg">
<text x="10" y="10" dy="0.76em" text-anchor="start" font-size="10">{sign}</text>
<text x="20" y="12" dy="0.76em" text-anchor="start" font-size="10">{record}</text>
<text x="98" y="30" dy="0.5ex" text-anchor="start" font-size="10">{end}</text>
<text x="12" y="38" dy="0.76em" text-anchor="start" font-size="11.29">{caption}</text>
</svg>"#
    );
    let found = problems(&svg, caption);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().any(|p| p.contains("overlaps")));
    assert!(found.iter().any(|p| p.contains("crosses the edge")));
}
