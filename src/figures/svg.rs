//! The SVG every file is written as: [`SvgWriter`], a plotters backend
//! that writes what plotters' `SVGBackend` writes, element for element,
//! except a label's `font-size`, which is the text style's size itself.
//!
//! plotters' `SVGBackend` writes a style of size `s` as `font-size: s /
//! 1.24`, while the page's canvas (plotters-canvas) sets `s px` as the CSS
//! font: an 11 px label on the page came out 8.87 px in the file. Here a
//! label is the size the drawing asked for, in the same CSS px as the
//! canvas (`tests/export_text_size.rs` measures every figure's file), and
//! the number is written exactly (`13`, never `13.000000000000002`, which
//! multiplying plotters' size back by 1.24 would give). The anchors are
//! plotters' (`dy` 0.76em, 0.5ex, −0.5ex), so a label sits where it sat,
//! on a baseline scaled with its size.

use std::convert::Infallible;
use std::fmt::Write as _;

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontStyle,
    FontTransform,
};

/// An SVG document being written into a string; `present` closes it.
pub struct SvgWriter<'a> {
    out: &'a mut String,
    size: (u32, u32),
    closed: bool,
}

fn color(c: BackendColor) -> String {
    let (r, g, b) = c.rgb;
    format!("#{r:02X}{g:02X}{b:02X}")
}

fn opacity(c: BackendColor) -> String {
    format!("{}", c.alpha)
}

fn escape_into(buf: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '<' => buf.push_str("&lt;"),
            '>' => buf.push_str("&gt;"),
            '&' => buf.push_str("&amp;"),
            '"' => buf.push_str("&quot;"),
            '\'' => buf.push_str("&apos;"),
            other => buf.push(other),
        }
    }
}

fn points(path: impl IntoIterator<Item = BackendCoord>) -> String {
    path.into_iter().fold(String::new(), |mut s, (x, y)| {
        let _ = write!(s, "{x},{y} ");
        s
    })
}

impl<'a> SvgWriter<'a> {
    /// A document of `size` px (its `width`, `height` and `viewBox`), written into `out`.
    pub fn with_string(out: &'a mut String, size: (u32, u32)) -> SvgWriter<'a> {
        let mut w = SvgWriter { out, size, closed: false };
        let (x, y) = size;
        w.tag(
            "svg",
            &[
                ("width", x.to_string()),
                ("height", y.to_string()),
                ("viewBox", format!("0 0 {x} {y}")),
                ("xmlns", "http://www.w3.org/2000/svg".into()),
            ],
        );
        w.out.push_str(">\n");
        w
    }

    /// Opens `<name attrs…`, leaving the tag open.
    fn tag(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            self.out.push(' ');
            self.out.push_str(key);
            self.out.push_str("=\"");
            escape_into(self.out, value);
            self.out.push('"');
        }
    }

    /// A whole empty element.
    fn element(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.tag(name, attrs);
        self.out.push_str("/>\n");
    }
}

type Done = Result<(), DrawingErrorKind<Infallible>>;

impl DrawingBackend for SvgWriter<'_> {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }
    fn ensure_prepared(&mut self) -> Done {
        Ok(())
    }
    fn present(&mut self) -> Done {
        if !self.closed {
            self.out.push_str("</svg>\n");
            self.closed = true;
        }
        Ok(())
    }

    fn draw_pixel(&mut self, at: BackendCoord, c: BackendColor) -> Done {
        if c.alpha == 0.0 {
            return Ok(());
        }
        self.element(
            "rect",
            &[
                ("x", at.0.to_string()),
                ("y", at.1.to_string()),
                ("width", "1".into()),
                ("height", "1".into()),
                ("stroke", "none".into()),
                ("opacity", opacity(c)),
                ("fill", color(c)),
            ],
        );
        Ok(())
    }

    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Done {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        self.element(
            "line",
            &[
                ("opacity", opacity(c)),
                ("stroke", color(c)),
                ("stroke-width", style.stroke_width().to_string()),
                ("x1", from.0.to_string()),
                ("y1", from.1.to_string()),
                ("x2", to.0.to_string()),
                ("y2", to.1.to_string()),
            ],
        );
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S, fill: bool) -> Done {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        let (fill, stroke) = if fill { (color(c), "none".into()) } else { ("none".into(), color(c)) };
        self.element(
            "rect",
            &[
                ("x", from.0.to_string()),
                ("y", from.1.to_string()),
                ("width", (to.0 - from.0).to_string()),
                ("height", (to.1 - from.1).to_string()),
                ("opacity", opacity(c)),
                ("fill", fill),
                ("stroke", stroke),
            ],
        );
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Done {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        self.element(
            "polyline",
            &[
                ("fill", "none".into()),
                ("opacity", opacity(c)),
                ("stroke", color(c)),
                ("stroke-width", style.stroke_width().to_string()),
                ("points", points(path)),
            ],
        );
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Done {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        self.element("polygon", &[("opacity", opacity(c)), ("fill", color(c)), ("points", points(path))]);
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(&mut self, center: BackendCoord, radius: u32, style: &S, fill: bool) -> Done {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        let (stroke, fill) = if fill { ("none".into(), color(c)) } else { (color(c), "none".into()) };
        self.element(
            "circle",
            &[
                ("cx", center.0.to_string()),
                ("cy", center.1.to_string()),
                ("r", radius.to_string()),
                ("opacity", opacity(c)),
                ("fill", fill),
                ("stroke", stroke),
                ("stroke-width", style.stroke_width().to_string()),
            ],
        );
        Ok(())
    }

    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, (x, y): BackendCoord) -> Done {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        let anchor = match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "middle",
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => "0.76em",
            VPos::Center => "0.5ex",
            VPos::Bottom => "-0.5ex",
        };
        let mut attrs = vec![
            ("x", x.to_string()),
            ("y", y.to_string()),
            ("dy", dy.to_string()),
            ("text-anchor", anchor.to_string()),
            ("font-family", style.family().as_str().to_string()),
            // The size the drawing asked for: the canvas's CSS px.
            ("font-size", format!("{}", style.size())),
            ("opacity", opacity(c)),
            ("fill", color(c)),
        ];
        match style.style() {
            FontStyle::Normal => {}
            FontStyle::Bold => attrs.push(("font-weight", "bold".into())),
            other => attrs.push(("font-style", other.as_str().to_string())),
        }
        let degrees = match style.transform() {
            FontTransform::None => None,
            FontTransform::Rotate90 => Some(90),
            FontTransform::Rotate180 => Some(180),
            FontTransform::Rotate270 => Some(270),
        };
        if let Some(d) = degrees {
            attrs.push(("transform", format!("rotate({d}, {x}, {y})")));
        }
        self.tag("text", &attrs);
        self.out.push_str(">\n");
        escape_into(self.out, text);
        self.out.push_str("\n</text>\n");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::SvgWriter;
    use plotters::prelude::*;

    /// Every element but text is what plotters' `SVGBackend` writes; text
    /// is the asked size (plotters writes it divided by 1.24).
    #[test]
    fn shapes_are_plotters_markup_and_text_the_asked_size() {
        fn draw<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>) {
            area.fill(&WHITE).unwrap();
            area.draw(&Rectangle::new([(4, 4), (60, 30)], RGBColor(0x25, 0x63, 0xeb).mix(0.85).filled())).unwrap();
            area.draw(&PathElement::new(vec![(0, 50), (40, 40)], RED.stroke_width(2))).unwrap();
            area.draw(&Circle::new((150, 20), 8, GREEN.stroke_width(2))).unwrap();
            area.draw(&Polygon::new(vec![(200, 5), (230, 5), (215, 30)], MAGENTA.mix(0.5))).unwrap();
            area.draw_pixel((240, 10), &BLACK).unwrap();
            let style = TextStyle::from(("sans-serif", 13.0).into_font()).color(&BLACK);
            area.draw_text("\u{c9c0}\u{ac11} <0>", &style, (10, 60)).unwrap();
        }
        let mut plotters = String::new();
        {
            let area = SVGBackend::with_string(&mut plotters, (260, 120)).into_drawing_area();
            draw(&area);
            area.present().unwrap();
        }
        let mut ours = String::new();
        {
            let area = SvgWriter::with_string(&mut ours, (260, 120)).into_drawing_area();
            draw(&area);
            area.present().unwrap();
        }
        let (p_text, o_text) = (plotters.find("<text").unwrap(), ours.find("<text").unwrap());
        assert_eq!(plotters[..p_text], ours[..o_text], "every shape as plotters writes it");
        assert!(ours.contains(r#"font-size="13""#), "{ours}");
        assert!(plotters.contains(&format!(r#"font-size="{}""#, 13.0 / 1.24)));
        assert!(ours.contains("\u{c9c0}\u{ac11} &lt;0&gt;") && ours.ends_with("</text>\n</svg>\n"), "{ours}");
    }
}
