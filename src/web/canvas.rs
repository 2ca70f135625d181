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
//! `CanvasBackend` as before. That one sets only what its mark needs: a
//! stroke its stroke style and line width (never cached here), a filled
//! path, circle or pixel its fill style (then the remembered fill is
//! forgotten), a rotated label everything (then all is). The font, the
//! costliest setting, thus survives the lines between two labels. The pixels are the same: a browser
//! test (`tests/wasm.rs`) draws a timeline both ways and compares them.
//!
//! The page's text asks for `"Pretendard Latin", Pretendard` where a
//! drawing asks for [`FONT`] ([`PAGE_FONT`]): an English page declares the
//! Latin cuts under that first name (`static/latin-font.css`), so its
//! canvases draw from the cut its prose already fetched and no Korean cut
//! is fetched for a label; a Korean page does not declare it, so its
//! canvases fall straight to Pretendard. The cuts are one font's, so the
//! layout (`figures::text_width`) is the same. Files keep [`FONT`].
//!
//! The page paints in the reader's palette by wrapping it in the one
//! theme backend every file uses too ([`PageCanvas`]: `figures::theme::Themed`
//! over this), so on a dark page the same drawing comes out dark, and the
//! light palette is untouched.
//!
//! [`CanvasSlot`] is a figure's canvas element: it sizes the canvas for a
//! drawing and paints it there; [`paint_on`] does the same for a canvas the
//! caller holds; [`fit_stage`] tells a figure's sticky stage whether the
//! drawing fits it.

use plotters_backend::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontFamily,
    FontStyle, FontTransform,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::NodeRef;

use crate::figures::recording::{record, Area, DrawResult, Recording};
use crate::figures::theme::{Theme, Themed};
use crate::figures::FONT;

/// A figure's `<canvas>`, sized for each drawing.
#[derive(Default)]
pub struct CanvasSlot {
    pub node: NodeRef,
}

impl CanvasSlot {
    /// Gives the canvas a backing store of `css_w × css_h` CSS px at `dpr`
    /// device px each, shown at that CSS size, and paints what `draw` draws
    /// on it (nothing before the canvas is mounted).
    pub fn paint(
        &self,
        css_w: f64,
        css_h: f64,
        dpr: f64,
        draw: impl FnOnce(&Area) -> DrawResult,
    ) -> Result<(), String> {
        match self.node.cast::<HtmlCanvasElement>() {
            Some(canvas) => paint_on(&canvas, css_w, css_h, dpr, draw),
            None => Ok(()),
        }
    }
}

/// Sizes `canvas` as [`CanvasSlot::paint`] sizes its own and paints what
/// `draw` draws on it, in the reader's palette: the drawing is recorded
/// (`figures::recording`) and replayed onto the canvas, so the drawing code
/// is in the module once, for the recorder. The lazily loaded `figures`
/// module paints Article B's panels on the site's canvases this way too.
pub fn paint_on(
    canvas: &HtmlCanvasElement,
    css_w: f64,
    css_h: f64,
    dpr: f64,
    draw: impl FnOnce(&Area) -> DrawResult,
) -> Result<(), String> {
    super::size_canvas(canvas, css_w, css_h, dpr);
    let size = (canvas.width(), canvas.height());
    let image = record(size, draw)?;
    replay_on(canvas, &image, super::figure_theme())
}

/// Replays `image` onto `canvas` (already sized for it) in `theme`'s palette.
pub fn replay_on(canvas: &HtmlCanvasElement, image: &Recording, theme: Theme) -> Result<(), String> {
    let mut backend = page_canvas(canvas.clone(), theme).ok_or("no 2d context")?;
    image.replay(&mut backend).map_err(|e| format!("{e:?}"))?;
    backend.present().map_err(|e| format!("{e:?}"))
}

/// What the page's figures draw on: the state-caching canvas, painted in a theme's palette.
pub type PageCanvas = Themed<StateCachingCanvas>;

/// A [`PageCanvas`] on `canvas` in `theme`'s palette (the reader's colour
/// scheme on the page; a file's own, light unless asked), or `None` if it
/// has no 2D context.
pub fn page_canvas(canvas: HtmlCanvasElement, theme: Theme) -> Option<PageCanvas> {
    Some(Themed::new(StateCachingCanvas::new(canvas)?, theme))
}

/// The room a sticky stage may take: it ends above the middle of the window
/// (where a control scrolled to the centre sits), under the chapter map.
fn stage_room_css() -> f64 {
    let window = gloo::utils::window();
    let inner = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(800.0);
    let map = gloo::utils::document()
        .query_selector("nav.chapters")
        .ok()
        .flatten()
        .map(|nav| nav.get_bounding_client_rect().height())
        .unwrap_or(0.0);
    inner / 2.0 - map - STAGE_SLACK_CSS
}

/// Room kept between a sticky stage's bottom and the window's middle (CSS px).
const STAGE_SLACK_CSS: f64 = 18.0;

/// Marks the stage of `canvas`'s figure: `data-stage="sticks"` when the
/// stage (canvas, key numbers, legend) fits the room a sticky stage has,
/// `"grows"` when it does not. A grown stage still sticks, but by its lower
/// part: `--stage-overflow` (how much taller it is than the room) lets
/// `static/reader.css` stick it that far above the chapter map, so the
/// drawing is shown whole at its drawn size when the reader scrolls back to
/// it, and its lower part (the time axis and the legend) stays in view
/// while a control below moves.
pub fn fit_stage(canvas: &HtmlCanvasElement) {
    let Some(figure) = canvas.closest(".lab-figure.has-stage").ok().flatten() else { return };
    let Some(stage) = figure.query_selector(".figure-stage").ok().flatten() else { return };
    let overflow = (stage.get_bounding_client_rect().height() - stage_room_css()).ceil();
    let value = if overflow <= 0.0 { "sticks" } else { "grows" };
    if figure.get_attribute("data-stage").as_deref() != Some(value) {
        let _ = figure.set_attribute("data-stage", value);
    }
    if let Ok(figure) = figure.dyn_into::<web_sys::HtmlElement>() {
        let _ = figure.style().set_property("--stage-overflow", &format!("{}px", overflow.max(0.0)));
    }
}

/// The font family the page's canvases ask for where a drawing asks for
/// [`FONT`] (see the module documentation).
pub const PAGE_FONT: &str = "\"Pretendard Latin\", Pretendard";

/// The family a canvas asks for in place of a drawing's `family`.
fn page_family(family: &str) -> &str {
    if family == FONT {
        PAGE_FONT
    } else {
        family
    }
}

/// A text style as the page's canvas sets it: `S` with its family through
/// [`page_family`] (for the labels `CanvasBackend` itself draws).
struct OnPage<'a, S>(&'a S);

impl<S: BackendTextStyle> BackendTextStyle for OnPage<'_, S> {
    type FontError = S::FontError;

    fn color(&self) -> BackendColor {
        self.0.color()
    }

    fn size(&self) -> f64 {
        self.0.size()
    }

    fn transform(&self) -> FontTransform {
        self.0.transform()
    }

    fn style(&self) -> FontStyle {
        self.0.style()
    }

    fn anchor(&self) -> Pos {
        self.0.anchor()
    }

    fn family(&self) -> FontFamily<'_> {
        match self.0.family() {
            FontFamily::Name(name) => FontFamily::Name(page_family(name)),
            other => other,
        }
    }

    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        self.0.layout_box(text)
    }

    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        self.0.draw(text, pos, draw)
    }
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
    /// A backend drawing on `canvas` (the colours it is given, as given),
    /// or `None` if it has no 2D context.
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
        self.fill = None;
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        // CanvasBackend strokes a line: only the stroke style and line width change.
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
            // Stroked: only the stroke style and line width change.
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
        // Stroked: only the stroke style and line width change.
        self.inner.draw_path(path, style)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.fill = None;
        self.inner.fill_polygon(vert, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        // A filled circle sets the fill style; a stroked one only the stroke's.
        if fill {
            self.fill = None;
        }
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let color = style.color();
        if !matches!(style.transform(), FontTransform::None) {
            self.forget();
            return self.inner.draw_text(text, &OnPage(style), pos);
        }
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
        let font = format!("{} {}px {}", style.style().as_str(), style.size(), page_family(style.family().as_str()));
        if self.font.as_deref() != Some(font.as_str()) {
            self.context.set_font(&font);
            self.font = Some(font);
        }
        if self.context.fill_text(text, f64::from(pos.0), f64::from(pos.1)).is_err() {
            // Let CanvasBackend try again and report the error in its own type.
            self.forget();
            return self.inner.draw_text(text, &OnPage(style), pos);
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
