//! The page URL: which chapter, which figure, and that figure's full state.
//!
//! `?ch=CHAPTER&fig=FIGURE&t=CURSOR_MS&win=WINDOW_MS&<lease keys>` where the
//! lease keys are exactly what `lab run --params` takes (`crate::params`).
//! `?embed=FIGURE&…` shows that one figure alone (src/web/embed.rs).
//! Anything from the URL is shown only as escaped text (Yew text nodes).

use wasm_bindgen::JsValue;

use crate::params::{parse_lease_query, percent_encode, split_query, LeaseQuery, Notice};

/// Keys the site itself owns; every other key goes to the lease parser.
pub const SITE_KEYS: &[&str] = &["ch", "fig", "t", "ev", "win", "recon", "embed"];

/// What the URL asks for.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Route {
    pub chapter: Option<String>,
    pub figure: Option<String>,
    /// Embed mode (`embed=FIGURE`): that one figure, no site chrome.
    pub embed: Option<String>,
    /// The player's cursor (`t`, in ms with up to µs precision).
    pub cursor_us: Option<u64>,
    /// The player's event index (`ev`); used when it agrees with `t`.
    pub event: Option<usize>,
    pub window_ms: Option<u32>,
    pub reveal_ledger: Option<bool>,
    /// Present when the URL carried any lease key.
    pub query: Option<LeaseQuery>,
    /// Korean notices about clamped or ignored values.
    pub notices: Vec<String>,
}

/// A notice in Korean. The given text is data and is rendered escaped.
pub fn notice_ko(n: &Notice) -> String {
    match n {
        Notice::Clamped { key, given, used, min, max } => {
            format!("주소의 {key}={given} 값이 허용 범위({min}~{max})를 벗어나 {used}(으)로 맞췄습니다.")
        }
        Notice::Ignored { key, given, .. } => {
            if given.is_empty() {
                format!("주소의 {key} 항목은 쓸 수 없어 무시했습니다.")
            } else {
                format!("주소의 {key}={given} 항목은 쓸 수 없어 무시했습니다.")
            }
        }
    }
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// Parses `location.search`.
pub fn parse(search: &str) -> Route {
    let mut route = Route::default();
    let mut lease = Vec::new();
    for pair in split_query(search) {
        let value = pair.value.clone().unwrap_or_default();
        match pair.key.as_str() {
            "ch" => route.chapter = Some(clip(&value)),
            "fig" => route.figure = Some(clip(&value)),
            "embed" => route.embed = Some(clip(&value)),
            "t" => match value.parse::<f64>() {
                Ok(v) if v.is_finite() && v >= 0.0 => {
                    route.cursor_us = Some((v.min(600_000.0) * 1000.0).round() as u64)
                }
                _ => route.notices.push(format!("주소의 t={} 값은 숫자가 아니어서 무시했습니다.", clip(&value))),
            },
            "ev" => match value.parse::<usize>() {
                Ok(v) => route.event = Some(v),
                Err(_) => route.notices.push(format!("주소의 ev={} 값은 숫자가 아니어서 무시했습니다.", clip(&value))),
            },
            "win" => match value.parse::<u64>() {
                Ok(v) => {
                    let c = v.clamp(200, 120_000);
                    if c != v {
                        route
                            .notices
                            .push(format!("주소의 win={v} 값이 허용 범위(200~120000)를 벗어나 {c}(으)로 맞췄습니다."));
                    }
                    route.window_ms = Some(c as u32);
                }
                Err(_) => route.notices.push(format!("주소의 win={} 값은 숫자가 아니어서 무시했습니다.", clip(&value))),
            },
            "recon" => route.reveal_ledger = Some(value == "1" || value == "true" || value == "on"),
            _ => lease.push(match &pair.value {
                Some(v) => format!("{}={}", percent_encode(&pair.key), percent_encode(v)),
                None => percent_encode(&pair.key),
            }),
        }
    }
    if !lease.is_empty() {
        let parsed = parse_lease_query(&lease.join("&"));
        route.notices.extend(parsed.notices.iter().map(notice_ko));
        route.query = Some(parsed.value);
    }
    route
}

/// The search string for a chapter alone.
pub fn chapter_search(chapter: &str) -> String {
    format!("?ch={}", percent_encode(chapter))
}

/// The search string of a figure state: a permalink.
pub fn figure_search(
    chapter: &str,
    figure: &str,
    lease_qs: &str,
    cursor: Option<(u64, usize)>,
    window_ms: Option<u32>,
    recon: Option<bool>,
) -> String {
    let mut s = format!("?ch={}&fig={}", percent_encode(chapter), percent_encode(figure));
    if !lease_qs.is_empty() {
        s.push('&');
        s.push_str(lease_qs);
    }
    if let Some(w) = window_ms {
        s.push_str(&format!("&win={w}"));
    }
    if let Some((t_us, ev)) = cursor {
        if t_us % 1000 == 0 {
            s.push_str(&format!("&t={}", t_us / 1000));
        } else {
            s.push_str(&format!("&t={}.{:03}", t_us / 1000, t_us % 1000));
        }
        s.push_str(&format!("&ev={ev}"));
    }
    if let Some(r) = recon {
        s.push_str(if r { "&recon=1" } else { "&recon=0" });
    }
    s
}

/// Rewrites the address bar to `search` (a figure's permalink) without a new
/// history entry. Embed mode leaves the host's iframe address alone.
pub fn replace_url(search: &str) {
    if super::embed::active() {
        return;
    }
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(search));
    }
}

/// Adds a history entry for `search` (the app itself then re-reads the route).
pub fn push_url(search: &str) {
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.push_state_with_url(&JsValue::NULL, "", Some(search));
    }
}

/// Goes to another chapter's figure without reloading: push the URL, then
/// let the app re-read it (it listens to `popstate`). Figures call this; it
/// works from the lazily loaded sweep module too, which shares only the DOM.
pub fn navigate(search: &str) {
    push_url(search);
    if let Ok(ev) = web_sys::Event::new("popstate") {
        let _ = gloo::utils::window().dispatch_event(&ev);
    }
}
