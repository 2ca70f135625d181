//! The figures' two themes: the light palette every drawing is written in
//! (and every exported file keeps), and its dark counterpart, derived colour
//! by colour when a drawing is painted for a dark page.
//!
//! The dark colour of a light one keeps its contrast: a colour that stood
//! out from the white background by k:1 stands out from the dark background
//! by k:1 too (its relative luminance is moved, its hue kept), so a faint
//! grid stays faint, the text stays text-strong, a label drawn on a coloured
//! bar keeps its distance from that bar, and the page's white becomes the
//! dark card the figure sits on. On top of that, every palette mark keeps at
//! least 3:1 and every label at least 4.5:1 against the dark background
//! (`tests` below check the numbers).
//!
//! [`Themed`] applies it ([`Theme::fill`], [`Theme::text`]) as it paints,
//! wrapped around any backend, so the drawing functions are the same for
//! both themes and a light file is byte for byte what it was: the page's
//! canvas (`web::canvas::PageCanvas`) and every file (`lab figure --theme
//! dark`) go through it.

use plotters::style::RGBColor;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontFamily,
    FontStyle, FontTransform,
};

use super::palette as P;

/// Which palette a drawing is painted in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The palette the drawings are written in (files, light pages).
    #[default]
    Light,
    /// Derived for a dark page.
    Dark,
}

/// The dark theme's background (the page's `--card`, static/reader.css).
pub const DARK_BACKGROUND: RGBColor = RGBColor(0x11, 0x1a, 0x2e);
/// The light end of the dark theme's neutrals (slate 100).
const DARK_LIGHTEST: RGBColor = RGBColor(0xf1, 0xf5, 0xf9);

/// The palette's mark colours, kept at 3:1 or more on the dark background.
pub const MARKS: [RGBColor; 17] = [
    P::APPROVED,
    P::INSUFFICIENT,
    P::FENCED,
    P::LOCKLESS,
    P::RELEASED,
    P::STOLEN,
    P::EXPIRED,
    P::ERROR,
    P::LEASE_A,
    P::LEASE_B,
    P::OVERLAP,
    P::SNAPSHOT,
    P::LEDGER,
    P::DRIFT,
    P::STOP,
    P::CURSOR,
    // Article B's story: its stages and the outer (commit) step.
    RGBColor(0xa1, 0x62, 0x07),
];

/// The smallest contrast a mark keeps on the dark background.
pub const MARK_CONTRAST: f64 = 3.0;
/// The smallest contrast a label keeps on the dark background.
pub const TEXT_CONTRAST: f64 = 4.5;

impl Theme {
    /// The theme of a page whose reader prefers dark (`true`) or light.
    pub fn of_dark(dark: bool) -> Theme {
        if dark {
            Theme::Dark
        } else {
            Theme::Light
        }
    }

    /// The colour a fill or a line of `c` is painted in.
    pub fn fill(self, c: RGBColor) -> RGBColor {
        match self {
            Theme::Light => c,
            Theme::Dark if c == RGBColor(0xff, 0xff, 0xff) => DARK_BACKGROUND,
            Theme::Dark => {
                let floor = if MARKS.contains(&c) { MARK_CONTRAST } else { 1.0 };
                dark_counterpart(c, floor)
            }
        }
    }

    /// The colour a label of `c` is painted in. White labels sit on
    /// coloured marks (they turn dark with the mark's own contrast); any
    /// other label keeps 4.5:1 or more on the background.
    pub fn text(self, c: RGBColor) -> RGBColor {
        match self {
            Theme::Light => c,
            Theme::Dark if c == RGBColor(0xff, 0xff, 0xff) => DARK_BACKGROUND,
            Theme::Dark => dark_counterpart(c, TEXT_CONTRAST),
        }
    }

    /// The background a drawing is cleared to.
    pub fn background(self) -> RGBColor {
        self.fill(RGBColor(0xff, 0xff, 0xff))
    }
}

/// A backend colour in `theme`'s palette (`text`: a label's colour).
fn themed(theme: Theme, color: BackendColor, text: bool) -> BackendColor {
    if theme == Theme::Light {
        return color;
    }
    let (r, g, b) = color.rgb;
    let c = RGBColor(r, g, b);
    let c = if text { theme.text(c) } else { theme.fill(c) };
    BackendColor { alpha: color.alpha, rgb: (c.0, c.1, c.2) }
}

/// A line or fill style with its colour in a theme's palette.
struct ThemedStyle {
    color: BackendColor,
    width: u32,
}

impl ThemedStyle {
    pub fn of<S: BackendStyle>(theme: Theme, style: &S) -> ThemedStyle {
        ThemedStyle { color: themed(theme, style.color(), false), width: style.stroke_width() }
    }
}

impl BackendStyle for ThemedStyle {
    fn color(&self) -> BackendColor {
        self.color
    }
    fn stroke_width(&self) -> u32 {
        self.width
    }
}

/// A text style with its colour replaced (by a theme's).
struct ThemedText<'a, T: BackendTextStyle> {
    inner: &'a T,
    color: BackendColor,
}

impl<'a, T: BackendTextStyle> ThemedText<'a, T> {
    pub fn new(inner: &'a T, color: BackendColor) -> Self {
        ThemedText { inner, color }
    }
}

impl<T: BackendTextStyle> BackendTextStyle for ThemedText<'_, T> {
    type FontError = T::FontError;
    fn color(&self) -> BackendColor {
        self.color
    }
    fn size(&self) -> f64 {
        self.inner.size()
    }
    fn transform(&self) -> FontTransform {
        self.inner.transform()
    }
    fn style(&self) -> FontStyle {
        self.inner.style()
    }
    fn anchor(&self) -> plotters_backend::text_anchor::Pos {
        self.inner.anchor()
    }
    fn family(&self) -> FontFamily<'_> {
        self.inner.family()
    }
    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        self.inner.layout_box(text)
    }
    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        mut draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        let rgb = self.color.rgb;
        self.inner.draw(text, pos, |x, y, c| draw(x, y, BackendColor { alpha: c.alpha, rgb }))
    }
}

/// Any backend, painting every colour in `theme`'s palette (a file in the dark theme).
pub struct Themed<DB: DrawingBackend> {
    inner: DB,
    theme: Theme,
}

impl<DB: DrawingBackend> Themed<DB> {
    pub fn new(inner: DB, theme: Theme) -> Self {
        Themed { inner, theme }
    }
}

impl<DB: DrawingBackend> DrawingBackend for Themed<DB> {
    type ErrorType = DB::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.draw_pixel(point, themed(self.theme, color, false))
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.draw_line(from, to, &ThemedStyle::of(self.theme, style))
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, &ThemedStyle::of(self.theme, style), fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.draw_path(path, &ThemedStyle::of(self.theme, style))
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.draw_circle(center, radius, &ThemedStyle::of(self.theme, style), fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        self.inner.fill_polygon(vert, &ThemedStyle::of(self.theme, style))
    }
    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let color = themed(self.theme, style.color(), true);
        self.inner.draw_text(text, &ThemedText::new(style, color), pos)
    }
    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<DB::ErrorType>> {
        self.inner.estimate_text_size(text, style)
    }
}

/// sRGB channel (0–255) to linear light.
fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light to an sRGB channel.
fn srgb(l: f64) -> u8 {
    let l = l.clamp(0.0, 1.0);
    let c = if l <= 0.003_130_8 { l * 12.92 } else { 1.055 * l.powf(1.0 / 2.4) - 0.055 };
    (c * 255.0).round() as u8
}

fn lin3(c: RGBColor) -> [f64; 3] {
    [linear(c.0), linear(c.1), linear(c.2)]
}

fn lum_of(l: [f64; 3]) -> f64 {
    0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
}

/// WCAG relative luminance.
pub fn luminance(c: RGBColor) -> f64 {
    lum_of(lin3(c))
}

/// WCAG contrast ratio of two colours (1–21).
pub fn contrast(a: RGBColor, b: RGBColor) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `c`'s dark counterpart: as far from the dark background as `c` is from
/// white, and at least `floor`:1; its hue kept (greys become the page's
/// slate greys).
fn dark_counterpart(c: RGBColor, floor: f64) -> RGBColor {
    let bg = luminance(DARK_BACKGROUND);
    let k = contrast(c, RGBColor(0xff, 0xff, 0xff)).max(floor);
    let target = (k * (bg + 0.05) - 0.05).min(1.0);
    let l = lin3(c);
    let chroma = f64::from(c.0.max(c.1).max(c.2) - c.0.min(c.1).min(c.2)) / 255.0;
    let out = if chroma < 0.08 {
        // A grey: the point of the slate line (background → lightest) at that luminance.
        let (b, w) = (lin3(DARK_BACKGROUND), lin3(DARK_LIGHTEST));
        let s = ((target - bg) / (lum_of(w) - bg)).clamp(0.0, 1.0);
        [b[0] + (w[0] - b[0]) * s, b[1] + (w[1] - b[1]) * s, b[2] + (w[2] - b[2]) * s]
    } else {
        let now = lum_of(l);
        if target >= now {
            let s = ((target - now) / (1.0 - now)).clamp(0.0, 1.0);
            [l[0] + (1.0 - l[0]) * s, l[1] + (1.0 - l[1]) * s, l[2] + (1.0 - l[2]) * s]
        } else {
            let s = target / now.max(1e-9);
            [l[0] * s, l[1] * s, l[2] * s]
        }
    };
    RGBColor(srgb(out[0]), srgb(out[1]), srgb(out[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHITE: RGBColor = RGBColor(0xff, 0xff, 0xff);

    #[test]
    fn light_is_the_palette_itself() {
        for c in MARKS.iter().chain([&P::INK, &P::MUTED, &P::GRID, &WHITE]) {
            assert_eq!(Theme::Light.fill(*c), *c);
            assert_eq!(Theme::Light.text(*c), *c);
        }
    }

    #[test]
    fn dark_text_reads_on_the_dark_background() {
        let bg = Theme::Dark.background();
        assert_eq!(bg, DARK_BACKGROUND);
        for (name, c) in [("INK", P::INK), ("MUTED", P::MUTED), ("DRIFT", P::DRIFT), ("STOLEN", P::STOLEN)] {
            let ratio = contrast(Theme::Dark.text(c), bg);
            assert!(ratio >= TEXT_CONTRAST, "{name}: {ratio:.2}:1");
        }
        // The main text is as strong as on white.
        assert!(contrast(Theme::Dark.text(P::INK), bg) >= 12.0);
    }

    #[test]
    fn dark_marks_stand_out_from_the_dark_background() {
        let bg = Theme::Dark.background();
        for c in MARKS {
            let ratio = contrast(Theme::Dark.fill(c), bg);
            assert!(ratio >= MARK_CONTRAST - 0.02, "{c:?}: {ratio:.2}:1");
        }
        // The grid stays faint, and above the background.
        let grid = contrast(Theme::Dark.fill(P::GRID), bg);
        assert!((1.1..2.0).contains(&grid), "grid {grid:.2}:1");
    }

    #[test]
    fn a_mark_keeps_its_contrast_and_hue() {
        let bg = Theme::Dark.background();
        // Red stays the reddest channel, blue the bluest.
        let red = Theme::Dark.fill(P::STOLEN);
        assert!(red.0 > red.1 && red.0 > red.2);
        let blue = Theme::Dark.fill(P::APPROVED);
        assert!(blue.2 > blue.0 && blue.2 > blue.1);
        // A mark that already stood out keeps its ratio.
        let on_white = contrast(P::STOLEN, WHITE);
        let on_dark = contrast(red, bg);
        assert!((on_white - on_dark).abs() < 0.15, "{on_white:.2} vs {on_dark:.2}");
        // White labels on a mark keep a readable distance from it.
        let label = Theme::Dark.text(WHITE);
        assert!(contrast(label, blue) >= 4.0, "{:.2}", contrast(label, blue));
    }
}
