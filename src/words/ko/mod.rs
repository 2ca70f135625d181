//! The Korean table: one file per domain, each a struct literal of that
//! domain's words (Hangul lives here and nowhere else in the code, tests/tidy_hangul.rs).
//! Only [`grammar`] is compiled for wasm: the page and the lazy modules
//! decode the table from `static/words/ko.words`, so the compiler proves that
//! no wasm path reaches a Korean literal.

#[cfg(not(target_arch = "wasm32"))]
pub mod alt;
#[cfg(not(target_arch = "wasm32"))]
pub mod analysis;
#[cfg(not(target_arch = "wasm32"))]
pub mod catalogue;
#[cfg(not(target_arch = "wasm32"))]
pub mod check;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod grammar;
#[cfg(not(target_arch = "wasm32"))]
pub mod hook;
#[cfg(not(target_arch = "wasm32"))]
pub mod legend;
#[cfg(not(target_arch = "wasm32"))]
pub mod metrics;
#[cfg(not(target_arch = "wasm32"))]
pub mod notices;
#[cfg(not(target_arch = "wasm32"))]
pub mod params;
#[cfg(not(target_arch = "wasm32"))]
pub mod predict;
#[cfg(not(target_arch = "wasm32"))]
pub mod real;
#[cfg(not(target_arch = "wasm32"))]
pub mod share;
#[cfg(not(target_arch = "wasm32"))]
pub mod shell;
#[cfg(not(target_arch = "wasm32"))]
pub mod story;
#[cfg(not(target_arch = "wasm32"))]
pub mod tips;
#[cfg(not(target_arch = "wasm32"))]
pub mod ui;
#[cfg(not(target_arch = "wasm32"))]
pub mod vote;

#[cfg(not(target_arch = "wasm32"))]
use crate::Words;

/// Every Korean word a reader sees.
/// Native only: the page and the lazy modules read the table from
/// `static/words/*.words`, so no wasm path can reach the literal.
#[cfg(not(target_arch = "wasm32"))]
pub static WORDS: Words = Words {
    code: "ko",
    metrics: metrics::METRICS,
    catalogue: catalogue::CATALOGUE,
    params: params::PARAMS,
    notices: notices::NOTICES,
    analysis: analysis::ANALYSIS,
    check: check::CHECK,
    cli: cli::CLI,
    story: story::STORY,
    hook: hook::HOOK,
    tips: tips::TIPS,
    alt: alt::ALT,
    legend: legend::LEGEND,
    vote: vote::VOTE,
    share: share::SHARE,
    shell: shell::SHELL,
    predict: predict::PREDICT,
    real: real::REAL,
    ui: ui::UI,
};

#[cfg(test)]
mod tests {
    use crate::{fill, Grammar};

    #[test]
    fn korean_picks_a_particle_by_the_last_sound() {
        let t = "{x|이/가} {x|을/를} {x|으로/로}";
        assert_eq!(fill(Grammar::Korean, t, &[("x", "lease")]), "lease가 lease를 lease로");
        assert_eq!(fill(Grammar::Korean, t, &[("x", "토큰")]), "토큰이 토큰을 토큰으로");
        assert_eq!(fill(Grammar::Korean, t, &[("x", "30 ms")]), "30 ms가 30 ms를 30 ms로");
        assert_eq!(fill(Grammar::Korean, t, &[("x", "서울")]), "서울이 서울을 서울로");
        assert_eq!(fill(Grammar::Korean, "{n?은/는}", &[("n", "3")]), "은");
    }
}
