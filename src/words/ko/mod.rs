//! The Korean table: one file per domain, each a struct literal of that
//! domain's words (Hangul lives here and nowhere else in the code, tests/tidy_hangul.rs).

pub mod alt;
pub mod analysis;
pub mod catalogue;
pub mod check;
pub mod cli;
pub mod grammar;
pub mod hook;
pub mod legend;
pub mod metrics;
pub mod notices;
pub mod params;
pub mod predict;
pub mod real;
pub mod share;
pub mod shell;
pub mod story;
pub mod tips;
pub mod ui;
pub mod vote;

use crate::Words;

/// Every Korean word a reader sees.
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
