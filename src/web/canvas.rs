//! The backend the page's figures draw on: plotters-canvas's
//! [`CanvasBackend`], with the two calls a timeline makes thousands of
//! times per frame taken off its hands.
//!
//! `CanvasBackend` sets the context's whole state before every mark: a
//! filled rectangle formats its colour as a string (`rgba(r,g,b,0.85)`,
//! with a float) and sets `fillStyle`, and a label sets the text baseline,
//! alignment, colour and font. Each is a call from wasm into JavaScript and
//! each string is copied across; the font is parsed again every time. A
//! timeline at the heaviest slider corners draws some 1,300 rectangles and
//! 150 labels in a handful of colours and two fonts, and those settings
//! took about a third of its drawing time. [`StateCachingCanvas`]
//! remembers what it last set and sets only what changed, for filled
//! rectangles and unrotated labels; every other mark goes to
//! `CanvasBackend` as before (which may change the context, so the
//! remembered state is forgotten then). The pixels are the same: a browser
//! test (`tests/wasm.rs`) draws a timeline both ways and compares them.
//!
//! [`CanvasSlot`] is a figure's canvas element: it sizes the canvas for a
//! drawing and hands out a drawing area on it; [`area_on`] does the same
//! for a canvas the caller holds.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontTransform,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::NodeRef;

/// A figure's `<canvas>`, sized for each drawing.
#[derive(Default)]
pub struct CanvasSlot {
    pub node: NodeRef,
    /// The CSS height last written, so an unchanged height is not written again.
    height_css: std::cell::RefCell<String>,
}

impl CanvasSlot {
    /// Gives the canvas a backing store of `css_w × css_h` CSS px at `dpr`
    /// device px each and that CSS height, and returns a drawing area on it
    /// (`None` before the canvas is mounted, or without a 2D context).
    pub fn area(&self, css_w: f64, css_h: f64, dpr: f64) -> Option<DrawingArea<StateCachingCanvas, Shift>> {
        let canvas = self.node.cast::<HtmlCanvasElement>()?;
        super::size_canvas(&canvas, css_w, css_h, dpr);
        let height = format!("{css_h}px");
        if *self.height_css.borrow() != height {
            let _ = canvas.style().set_property("height", &height);
            *self.height_css.borrow_mut() = height;
        }
        Some(StateCachingCanvas::new(canvas)?.into_drawing_area())
    }
}

/// A drawing area on `canvas` (a canvas of another wasm module's component:
/// the lazily loaded `figures` module draws Article B's panels on the
/// site's canvases), sized as [`CanvasSlot::area`] sizes its own.
pub fn area_on(
    canvas: &HtmlCanvasElement,
    css_w: f64,
    css_h: f64,
    dpr: f64,
) -> Option<DrawingArea<StateCachingCanvas, Shift>> {
    super::size_canvas(canvas, css_w, css_h, dpr);
    let height = format!("{css_h}px");
    let style = canvas.style();
    if style.get_property_value("height").ok().as_deref() != Some(height.as_str()) {
        let _ = style.set_property("height", &height);
    }
    Some(StateCachingCanvas::new(canvas.clone())?.into_drawing_area())
}

/// `CanvasBackend`'s error type (the crate does not export its name).
type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;

/// See the module documentation.
pub struct StateCachingCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    /// What the context was last set to by this wrapper (`None`: unknown).
    fill: Option<(u8, u8, u8, u64)>,
    font: Option<String>,
    baseline: Option<&'static str>,
    align: Option<&'static str>,
}

impl StateCachingCanvas {
    /// A backend drawing on `canvas`, or `None` if it has no 2D context.
    pub fn new(canvas: HtmlCanvasElement) -> Option<StateCachingCanvas> {
        let context: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let inner = CanvasBackend::with_canvas_object(canvas)?;
        Some(StateCachingCanvas { inner, context, fill: None, font: None, baseline: None, align: None })
    }

    /// After `CanvasBackend` drew: it may have changed any of the state.
    fn forget(&mut self) {
        self.fill = None;
        self.font = None;
        self.baseline = None;
        self.align = None;
    }

    fn set_fill(&mut self, color: BackendColor) {
        let key = (color.rgb.0, color.rgb.1, color.rgb.2, color.alpha.to_bits());
        if self.fill != Some(key) {
            let (r, g, b) = color.rgb;
            // As plotters-canvas formats it, so the canvas parses the same colour.
            self.context.set_fill_style_str(&format!("rgba({r},{g},{b},{})", color.alpha));
            self.fill = Some(key);
        }
    }
}

impl DrawingBackend for StateCachingCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.forget();
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.forget();
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if !fill {
            self.forget();
            return self.inner.draw_rect(upper_left, bottom_right, style, fill);
        }
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        self.set_fill(style.color());
        self.context.fill_rect(
            f64::from(upper_left.0),
            f64::from(upper_left.1),
            f64::from(bottom_right.0 - upper_left.0),
            f64::from(bottom_right.1 - upper_left.1),
        );
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.forget();
        self.inner.draw_path(path, style)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.forget();
        self.inner.fill_polygon(vert, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.forget();
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if !matches!(style.transform(), FontTransform::None) {
            self.forget();
            return self.inner.draw_text(text, style, pos);
        }
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        // The same settings as CanvasBackend::draw_text, each only when it changed.
        let baseline = match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        };
        if self.baseline != Some(baseline) {
            self.context.set_text_baseline(baseline);
            self.baseline = Some(baseline);
        }
        let align = match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        };
        if self.align != Some(align) {
            self.context.set_text_align(align);
            self.align = Some(align);
        }
        self.set_fill(color);
        let font = format!("{} {}px {}", style.style().as_str(), style.size(), style.family().as_str());
        if self.font.as_deref() != Some(font.as_str()) {
            self.context.set_font(&font);
            self.font = Some(font);
        }
        if self.context.fill_text(text, f64::from(pos.0), f64::from(pos.1)).is_err() {
            // Let CanvasBackend try again and report the error in its own type.
            self.forget();
            return self.inner.draw_text(text, style, pos);
        }
        Ok(())
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        self.inner.estimate_text_size(text, style)
    }
}
