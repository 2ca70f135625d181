//! Korean labels for presets, variants and units.

pub use crate::figures::analysis::preset_ko;

pub fn word_ko(key: &str, word: &str) -> String {
    let s = match (key, word) {
        ("variant", "naive") => "(a) 기본 락",
        ("variant", "watchdog") => "(b) Watchdog",
        ("variant", "fence_write") => "(c-1) 쓰기 시점 fencing",
        ("variant", "fence_read") => "(c-2) 읽기 시점 fencing",
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
