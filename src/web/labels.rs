//! Korean labels for presets, variants and units.

use crate::sim::lease::Preset;

pub fn preset_ko(p: Preset) -> &'static str {
    match p {
        Preset::Exp1 => "실험 1 · (a) 기본 락",
        Preset::Exp2 => "실험 2 · (b) Watchdog",
        Preset::Exp2Stop => "실험 2 · (b') Watchdog + 프로세스 정지",
        Preset::Exp3C1 => "실험 3 · (c-1) 쓰기 시점 fencing",
        Preset::Exp3C2 => "실험 3 · (c-2) 읽는 순간 새기기",
        Preset::Exp3Ttl1s => "실험 3 보충 · TTL 1초",
        Preset::Exp4 => "실험 4 · (d) 조건부 원자 UPDATE",
        Preset::Exp5Closed => "실험 5 · 단절, fail-closed",
        Preset::Exp5Open => "실험 5 · 단절, fail-open",
        Preset::Exp5C2Closed => "실험 5 · 단절, c-2 + fail-closed",
        Preset::Exp5Control => "실험 5 · 단절, 대조군 (d)",
    }
}

pub fn word_ko(key: &str, word: &str) -> String {
    let s = match (key, word) {
        ("variant", "naive") => "(a) 기본 락",
        ("variant", "watchdog") => "(b) Watchdog",
        ("variant", "fence_write") => "(c-1) 쓰기 시점 fencing",
        ("variant", "fence_read") => "(c-2) 읽는 순간 새기기",
        ("variant", "conditional") => "(d) 조건부 UPDATE",
        ("wallet_assignment", "fixed") => "고정 배정",
        ("wallet_assignment", "random") => "요청마다 무작위",
        ("outage", "off") => "없음",
        ("outage", "on") => "있음",
        ("fail_policy", "closed") => "fail-closed (503)",
        ("fail_policy", "open") => "fail-open (락 없이 진행)",
        ("noise", "off") => "없음",
        ("noise", "realistic") => "현실적",
        _ => word,
    };
    s.to_string()
}

pub fn unit_ko(unit: &str) -> &str {
    match unit {
        "won" => "원",
        "s" => "초",
        "/min" => "회/분",
        "" => "",
        u => u,
    }
}
