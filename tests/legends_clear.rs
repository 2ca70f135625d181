//! Legends never cover data (issue 40): in the SVG of every figure `lab
//! figure` writes (its starting state, at a phone's, a blog column's and a
//! desktop's width), no legend box drawn inside a plot (the white box at
//! 0.85 opacity `plots::draw_legend` paints) has a data mark under it: a
//! series' line (a polyline of three points or more), an area (a polygon)
//! or a dot (a circle). A chart whose legend would cover its data puts it
//! in a strip above the plot instead (A5's three panels at every width).

use consistency_lab::figures::export::{figure_list, render_svg, Format, Request};

const WIDTHS: [u32; 4] = [353, 390, 760, 1102];

fn attr(tag: &str, name: &str) -> Option<f64> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')?;
    tag[at..at + end].parse().ok()
}

fn attr_text<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')?;
    Some(&tag[at..at + end])
}

/// Every opening tag named `name` in `svg`.
fn tags<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name} ");
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find(&open) {
        let end = rest[i..].find('>').map_or(rest.len(), |e| i + e);
        out.push(&rest[i..end]);
        rest = &rest[end..];
    }
    out
}

fn points(tag: &str) -> Vec<(f64, f64)> {
    attr_text(tag, "points")
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|p| p.split_once(',').and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?))))
        .collect()
}

/// What covers data in `svg`: each legend box and the first data point found under it.
fn covered(svg: &str) -> Vec<String> {
    let boxes: Vec<[f64; 4]> = tags(svg, "rect")
        .into_iter()
        .filter(|t| attr_text(t, "fill") == Some("#FFFFFF") && attr(t, "opacity") == Some(0.85))
        .filter_map(|t| {
            let (x, y, w, h) = (attr(t, "x")?, attr(t, "y")?, attr(t, "width")?, attr(t, "height")?);
            // A point on the box's edge touches it, no more.
            Some([x + 1.0, y + 1.0, x + w - 1.0, y + h - 1.0])
        })
        .collect();
    let inside = |b: &[f64; 4], (x, y): (f64, f64)| b[0] < x && x < b[2] && b[1] < y && y < b[3];
    let mut marks: Vec<(Vec<(f64, f64)>, bool)> = Vec::new();
    for t in tags(svg, "polyline") {
        let pts = points(t);
        if pts.len() >= 3 {
            marks.push((pts, false));
        }
    }
    for t in tags(svg, "polygon") {
        marks.push((points(t), true));
    }
    for t in tags(svg, "circle") {
        if let (Some(cx), Some(cy)) = (attr(t, "cx"), attr(t, "cy")) {
            marks.push((vec![(cx, cy)], false));
        }
    }
    let mut found = Vec::new();
    for b in &boxes {
        'marks: for (pts, closed) in &marks {
            // A legend's own keys lie wholly inside its box.
            if pts.iter().all(|&p| inside(b, p)) && pts.len() < 3 {
                continue;
            }
            let mut segments: Vec<_> = pts.windows(2).map(|s| (s[0], s[1])).collect();
            if *closed && pts.len() > 2 {
                segments.push((pts[pts.len() - 1], pts[0]));
            }
            if pts.len() == 1 {
                segments.push((pts[0], pts[0]));
            }
            for ((x0, y0), (x1, y1)) in segments {
                let steps = ((x1 - x0).abs().max((y1 - y0).abs()).ceil() as usize).max(1);
                for k in 0..=steps {
                    let f = k as f64 / steps as f64;
                    let p = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f);
                    if inside(b, p) {
                        found.push(format!("legend box {b:?} covers data at {p:?}"));
                        break 'marks;
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_legend_box_covers_a_figures_data() {
    let mut report = Vec::new();
    let mut boxes = 0;
    for spec in figure_list() {
        for width in WIDTHS {
            let mut req = Request::new(spec.id, Format::Svg, lab_words::Words::of(lab_words::Lang::Ko));
            req.width = width;
            let svg = render_svg(&req).unwrap_or_else(|e| panic!("{} at {width}: {e:?}", spec.id));
            boxes += tags(&svg, "rect").iter().filter(|t| attr(t, "opacity") == Some(0.85)).count();
            report.extend(covered(&svg).into_iter().map(|p| format!("{} ({}) at {width} px: {p}", spec.id, spec.code)));
        }
    }
    // The check has boxes to look at (the charts' legends at a wide width).
    assert!(boxes > 0, "no legend box found: the SVG's form changed");
    assert!(report.is_empty(), "{} legends over data:\n{}", report.len(), report.join("\n"));
}

#[test]
fn a_box_over_a_line_is_found() {
    let svg = r##"<svg><rect x="10" y="10" width="50" height="20" opacity="0.85" fill="#FFFFFF" stroke="none"/>
<polyline fill="none" points="0,0 30,20 80,40 "/><polyline points="12,15 20,15 "/></svg>"##;
    assert_eq!(covered(svg).len(), 1);
    let clear = svg.replace("30,20", "5,45");
    assert_eq!(covered(&clear), Vec::<String>::new());
}
