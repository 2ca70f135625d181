//! Korean labels for the controls' choices and units (a variant's and a
//! preset's names are the catalogue's, `lab_model::catalogue`).

use lab_model::catalogue;

/// The Korean words of key `key`'s choice `word` (a variant's are its catalogue name).
pub fn word_ko(key: &str, word: &str) -> String {
    if let Some(v) = catalogue::variant_by_key(word).filter(|_| key == "variant") {
        return v.name_ko.to_string();
    }
    let s = match (key, word) {
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
