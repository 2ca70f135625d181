//! Exported text at the size it is read, measured in the file: for every
//! drawn figure (`lab_model::registry::FIGURES` less `not_drawn`), the
//! smallest `font-size` of its SVG is at least 11 px in the phone's
//! 353 px layout, 12 px at the desktop's 1102 px, and 13 px in both blog
//! layouts, whose files are 720 and 390 px wide and end with the line that
//! names the site and the figure's address. A lone symbol drawn as part of
//! a mark (an alert badge's "!") is not text to read and is not counted,
//! as in `tests/text_layout.rs`.

use consistency_lab::figures::export::{attribution, render_svg, Format, Layout, Request, BLOG_MIN_TEXT_PX};
use lab_model::registry::FIGURES;

/// Every `<text>`'s `font-size` in `svg`, with its text.
fn font_sizes(svg: &str) -> Vec<(f64, String)> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        let after = &rest[i..];
        let open = &after[..after.find('>').expect("a closed tag")];
        let close = after.find("</text>").expect("a </text>");
        let text = after[open.len() + 1..close].trim().to_string();
        let key = " font-size=\"";
        let at = open.find(key).map(|k| k + key.len()).unwrap_or_else(|| panic!("no font-size in {open}"));
        let value = &open[at..at + open[at..].find('"').unwrap()];
        out.push((value.parse().unwrap_or_else(|_| panic!("font-size {value:?}")), text));
        rest = &after[close + 7..];
    }
    out
}

/// A lone symbol drawn as part of a mark, not text to read.
fn is_mark_glyph(text: &str) -> bool {
    let mut chars = text.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if !c.is_alphanumeric())
}

/// The smallest text of `svg` (mark glyphs aside) and the text set at it.
fn smallest(svg: &str) -> (f64, String) {
    font_sizes(svg)
        .into_iter()
        .filter(|(_, t)| !t.is_empty() && !is_mark_glyph(t))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .expect("some text")
}

fn svg_width(svg: &str) -> f64 {
    let open = &svg[..svg.find('>').unwrap()];
    let at = open.find(" width=\"").unwrap() + 8;
    open[at..at + open[at..].find('"').unwrap()].parse().unwrap()
}

#[test]
fn every_figure_file_sets_its_text_at_the_layouts_size() {
    let layouts: [(&str, Layout, u32, f64); 4] = [
        ("353 px", Layout::Page, 353, 11.0),
        ("1102 px", Layout::Page, 1102, 12.0),
        ("blog", Layout::Blog, 0, BLOG_MIN_TEXT_PX),
        ("blog-phone", Layout::BlogPhone, 0, BLOG_MIN_TEXT_PX),
    ];
    let mut report = Vec::new();
    let mut figures = 0;
    for spec in FIGURES.iter().filter(|f| f.not_drawn.is_none()) {
        figures += 1;
        for (name, layout, width, floor) in layouts {
            let mut req = Request::new(spec.id, Format::Svg, lab_words::Words::of(lab_words::Lang::Ko));
            req.layout = layout;
            req.site = "https://lab.example/".into();
            if width > 0 {
                req.width = width;
            }
            let svg = render_svg(&req).unwrap_or_else(|e| panic!("{} {name}: {e:?}", spec.id));
            let (size, text) = smallest(&svg);
            eprintln!("{} {name}: smallest font-size {size:.2} ({text:?})", spec.id);
            if size + 1e-9 < floor {
                report.push(format!("{} {name}: {text:?} at {size:.2} px, under {floor}", spec.id));
            }
            if let Some(px) = layout.file_width_px() {
                assert_eq!(svg_width(&svg), f64::from(px), "{} {name}: the file's width", spec.id);
                let line = attribution(req.words, "https://lab.example/", spec.id, None);
                // Its last lines, however the line is wrapped.
                let squeeze = |s: &str| s.split_whitespace().collect::<String>();
                let texts = squeeze(&font_sizes(&svg).into_iter().map(|(_, t)| t).collect::<String>());
                let escaped = squeeze(&line.replace('&', "&amp;"));
                assert!(texts.ends_with(&escaped), "{} {name}: no attribution {line:?}", spec.id);
            } else {
                let name_of_site = req.words.share.export.attribution;
                assert!(!svg.contains(name_of_site), "{} {name}: the page's file has no attribution", spec.id);
            }
        }
    }
    assert!(figures >= 18, "{figures} figures");
    assert!(report.is_empty(), "{} files set text too small:\n{}", report.len(), report.join("\n"));
}

#[test]
fn the_measure_sees_small_text_and_skips_mark_glyphs() {
    let svg = r#"<svg width="100" height="50" xmlns="http://www.w3.org/2000/svg">
<text x="1" y="1" font-size="9">
!
</text>
<text x="1" y="9" font-size="12.5">
small
</text>
<text x="1" y="30" font-size="13">
large
</text>
</svg>"#;
    assert_eq!(smallest(svg), (12.5, "small".to_string()));
    assert_eq!(svg_width(svg), 100.0);
}

#[test]
fn a_blog_layout_draws_narrower_and_scales_to_its_width() {
    for layout in [Layout::Blog, Layout::BlogPhone] {
        let (w, k) = layout.drawn_at().unwrap();
        let out = f64::from(layout.file_width_px().unwrap());
        assert_eq!((f64::from(w) * k).round(), out);
        let floor = consistency_lab::figures::text_floor_css(f64::from(w));
        assert!(floor * k >= BLOG_MIN_TEXT_PX, "{layout:?}: {floor} × {k}");
        // The widest such drawing: one CSS px wider would set smaller text.
        let wider = consistency_lab::figures::text_floor_css(f64::from(w + 1)) * out / f64::from(w + 1);
        assert!(wider < BLOG_MIN_TEXT_PX, "{layout:?} could draw at {}", w + 1);
    }
    assert_eq!(Layout::Page.drawn_at(), None);
    assert_eq!(Layout::from_key("blog-phone"), Some(Layout::BlogPhone));
    assert_eq!(Layout::from_key("wide"), None);
}

/// A blog PNG is at most this many bytes (issue 40's budget).
const BLOG_PNG_MAX_BYTES: usize = 300 * 1024;

#[test]
fn every_blog_png_is_within_its_budget() {
    let mut report = Vec::new();
    for spec in FIGURES.iter().filter(|f| f.not_drawn.is_none()) {
        for layout in [Layout::Blog, Layout::BlogPhone] {
            let mut req = Request::new(spec.id, Format::Png, lab_words::Words::of(lab_words::Lang::Ko));
            req.layout = layout;
            req.site = "https://lab.example/".into();
            let png = consistency_lab::figures::export::render(&req).unwrap_or_else(|e| panic!("{}: {e:?}", spec.id));
            let bytes = png.bytes.len();
            let width = u32::from_be_bytes(png.bytes[16..20].try_into().unwrap());
            eprintln!("{} {}: {width} px, {bytes} bytes", spec.id, layout.key());
            assert_eq!(Some(width), layout.file_width_px(), "{}", spec.id);
            if bytes > BLOG_PNG_MAX_BYTES {
                report.push(format!("{} {}: {bytes} bytes", spec.id, layout.key()));
            }
        }
    }
    assert!(report.is_empty(), "blog PNGs over {BLOG_PNG_MAX_BYTES} bytes:\n{}", report.join("\n"));
}
