//! The English table: one file per domain, each a struct literal of that
//! domain's words.

pub mod alt;
pub mod analysis;
pub mod catalogue;
pub mod check;
pub mod cli;
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

/// Every English word a reader sees.
pub static WORDS: Words = Words {
    code: "en",
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
