//! Facts of the share domain, for the words layer (see [`crate::facts`]):
//! what the share panel knows of the figure and the page when it opens
//! ([`ShareRequest`]). `lab_words::share::share_kit` turns it into the
//! panel's fields and blog kit in the page's language; the addresses and
//! snippets it needs are [`crate::share`]'s.

/// What the panel knows of the figure and the page when it opens.
#[derive(Clone, Debug, Default)]
pub struct ShareRequest {
    /// The page's own address without its query (`location.origin + location.pathname`).
    pub page: String,
    /// The figure's current permalink (`?ch=…&fig=…&…`).
    pub permalink: String,
    /// The figure's id.
    pub figure: String,
    /// Its caption, as shown.
    pub caption: String,
    /// Its description (the text alternative under the caption), as shown.
    pub description: String,
    /// Whether the figure has a figure-only embed (a drawn figure, not a sweep).
    pub bareable: bool,
    /// Whether the panel offers an animated GIF.
    pub animated: bool,
    /// Whether the site has the figure's static embed page (`embed-ID.html`).
    pub static_embed: bool,
}
