//! Korean grammar for templates: which of a placeholder's two forms a value
//! asks for. A particle's first form follows a final consonant (받침), its
//! second a vowel; a form that begins with 으 (으로, 으면) is dropped after ㄹ
//! as after a vowel.
//!
//! How a value ends when read aloud ([`ending`]): Hangul syllables carry
//! their final consonant in their code point; digits are read as Korean
//! numbers (10 is 십, 3,000 is 삼천); Latin letters are read as their usual
//! Korean transcription (an acronym letter by letter, a word by its sound).

/// Whether `value` takes the first form, `first`, of a pair.
pub fn takes_first(value: &str, first: &str) -> bool {
    match ending(value) {
        Ending::Consonant => true,
        Ending::Rieul => !first.starts_with('으'),
        Ending::Vowel => false,
    }
}

/// A particle with two forms, after a final consonant and after a vowel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Particle {
    /// Object marker: 을 / 를.
    EulReul,
    /// Topic marker: 은 / 는.
    EunNeun,
    /// Subject marker: 이 / 가.
    IGa,
    /// Direction or means: 으로 / 로 (로 after ㄹ too).
    EuroRo,
    /// "and, with": 과 / 와.
    GwaWa,
}

/// How a word ends, as far as particles care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A vowel: no final consonant.
    Vowel,
    /// The final consonant ㄹ.
    Rieul,
    /// Any other final consonant.
    Consonant,
}

impl Particle {
    /// The particle's form after a word with `ending`.
    pub fn form(self, ending: Ending) -> &'static str {
        match (self, ending) {
            (Particle::EulReul, Ending::Vowel) => "를",
            (Particle::EulReul, _) => "을",
            (Particle::EunNeun, Ending::Vowel) => "는",
            (Particle::EunNeun, _) => "은",
            (Particle::IGa, Ending::Vowel) => "가",
            (Particle::IGa, _) => "이",
            (Particle::EuroRo, Ending::Consonant) => "으로",
            (Particle::EuroRo, _) => "로",
            (Particle::GwaWa, Ending::Vowel) => "와",
            (Particle::GwaWa, _) => "과",
        }
    }
}

/// `word` followed by `particle` in the form its last sound asks for.
pub fn with_particle(word: &str, particle: Particle) -> String {
    format!("{word}{}", particle.form(ending(word)))
}

/// Closing marks that a particle attaches after, but that are not read:
/// the sound comes from the word inside them.
fn is_closing_mark(c: char) -> bool {
    matches!(c, ')' | ']' | '」' | '』' | '》' | '〉' | '"' | '\'' | '’' | '”' | '`' | '*' | ' ')
}

/// How `word` ends when read aloud in Korean.
pub fn ending(word: &str) -> Ending {
    let word = word.trim_end_matches(is_closing_mark);
    let Some(last) = word.chars().last() else { return Ending::Vowel };
    if ('가'..='힣').contains(&last) {
        return match (u32::from(last) - u32::from('가')) % 28 {
            0 => Ending::Vowel,
            8 => Ending::Rieul,
            _ => Ending::Consonant,
        };
    }
    if ('ㄱ'..='ㅎ').contains(&last) {
        // A consonant letter read by its name: 기역, 니은, 디귿, 리을, 미음, ….
        return if last == 'ㄹ' { Ending::Rieul } else { Ending::Consonant };
    }
    if last.is_ascii_digit() {
        return number_ending(word);
    }
    if last.is_ascii_alphabetic() {
        return latin_ending(word);
    }
    if last == '%' {
        // 퍼센트.
        return Ending::Vowel;
    }
    Ending::Vowel
}

/// The ending of the number that closes `word`, read in Korean: the last
/// non-zero digit, or the unit its trailing zeros make (십, 백, 천, 만, 억, 조).
fn number_ending(word: &str) -> Ending {
    let digits: Vec<u8> =
        word.bytes().rev().take_while(|b| b.is_ascii_digit() || *b == b',').filter(u8::is_ascii_digit).collect();
    let trailing_zeros = digits.iter().take_while(|&&d| d == b'0').count();
    if trailing_zeros == digits.len() {
        // 영.
        return Ending::Consonant;
    }
    // After a decimal point every digit is read alone: 1.50 is 일 점 오영.
    let after_point = word.trim_end_matches(|c: char| c.is_ascii_digit()).ends_with('.');
    if trailing_zeros > 0 && after_point {
        return Ending::Consonant;
    }
    match trailing_zeros {
        0 => match digits[0] {
            // 일, 칠, 팔.
            b'1' | b'7' | b'8' => Ending::Rieul,
            // 삼, 육.
            b'3' | b'6' => Ending::Consonant,
            // 이, 사, 오, 구.
            _ => Ending::Vowel,
        },
        // 십, 백, 천, then 만 and 억 over four places each; 조 after that.
        1..=11 => Ending::Consonant,
        _ => Ending::Vowel,
    }
}

/// The ending of a Latin word or acronym as Korean transcribes it.
fn latin_ending(word: &str) -> Ending {
    let letters: String =
        word.chars().rev().take_while(char::is_ascii_alphabetic).collect::<Vec<_>>().into_iter().rev().collect();
    let acronym = letters.len() <= 4 && letters.chars().all(|c| c.is_ascii_uppercase()) || letters.len() == 1;
    let last = letters.chars().last().map(|c| c.to_ascii_lowercase()).unwrap_or('a');
    if acronym {
        // Letter names: 엘, 알; 엠, 엔; every other letter ends in a vowel.
        return match last {
            'l' | 'r' => Ending::Rieul,
            'm' | 'n' => Ending::Consonant,
            _ => Ending::Vowel,
        };
    }
    let lower = letters.to_ascii_lowercase();
    let before_last = lower.chars().rev().nth(1).unwrap_or('a');
    let vowel = |c: char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u');
    match last {
        // call 콜, pool 풀.
        'l' => Ending::Rieul,
        // stream 스트림, token 토큰, ping 핑.
        'm' | 'n' => Ending::Consonant,
        'g' if lower.ends_with("ng") => Ending::Consonant,
        // lock 락, set 셋, stop 스톱 (a stop after a short vowel); sync 싱크 and start 스타트 end in a vowel.
        'k' | 't' | 'p' if vowel(before_last) || (last == 'k' && before_last == 'c') => Ending::Consonant,
        _ => Ending::Vowel,
    }
}

#[cfg(test)]
mod tests {
    use super::{ending, takes_first, with_particle, Ending, Particle};

    #[test]
    fn hangul_syllables_give_their_own_final_consonant() {
        assert_eq!(with_particle("코드", Particle::EulReul), "코드를");
        assert_eq!(with_particle("링크", Particle::EulReul), "링크를");
        assert_eq!(with_particle("토큰", Particle::EulReul), "토큰을");
        assert_eq!(with_particle("지갑", Particle::EunNeun), "지갑은");
        assert_eq!(with_particle("스레드", Particle::EunNeun), "스레드는");
        assert_eq!(with_particle("노드", Particle::IGa), "노드가");
        assert_eq!(with_particle("서버", Particle::GwaWa), "서버와");
        assert_eq!(with_particle("락", Particle::GwaWa), "락과");
        // Consonant letters, as the prose names its threads: 기역이, 니은은, 리을로.
        assert_eq!(with_particle("ㄱ", Particle::IGa), "ㄱ이");
        assert_eq!(with_particle("ㄴ", Particle::EunNeun), "ㄴ은");
        assert_eq!(with_particle("ㄹ", Particle::EuroRo), "ㄹ로");
    }

    #[test]
    fn rieul_takes_ro_not_euro() {
        assert_eq!(with_particle("파일", Particle::EuroRo), "파일로");
        assert_eq!(with_particle("서버", Particle::EuroRo), "서버로");
        assert_eq!(with_particle("기본값", Particle::EuroRo), "기본값으로");
        assert_eq!(with_particle("파일", Particle::EulReul), "파일을");
    }

    #[test]
    fn digits_are_read_as_korean_numbers() {
        // 일, 이, 삼, 사, 오, 육, 칠, 팔, 구.
        let endings = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map(ending);
        use Ending::{Consonant as C, Rieul as R, Vowel as V};
        assert_eq!(endings, [R, V, C, V, V, C, R, R, V]);
        assert_eq!(with_particle("64", Particle::EuroRo), "64로");
        assert_eq!(with_particle("200", Particle::EuroRo), "200으로");
        assert_eq!(with_particle("10", Particle::EuroRo), "10으로");
        assert_eq!(with_particle("1000", Particle::EuroRo), "1000으로");
        assert_eq!(with_particle("120000", Particle::EuroRo), "120000으로");
        assert_eq!(with_particle("1,000", Particle::EulReul), "1,000을");
        assert_eq!(with_particle("0", Particle::EuroRo), "0으로");
        assert_eq!(with_particle("2.5", Particle::EuroRo), "2.5로");
        assert_eq!(with_particle("지갑 2", Particle::EunNeun), "지갑 2는");
        assert_eq!(with_particle("7", Particle::EuroRo), "7로");
    }

    #[test]
    fn latin_words_and_acronyms_follow_their_transcription() {
        assert_eq!(with_particle("NX", Particle::EulReul), "NX를");
        assert_eq!(with_particle("SQL", Particle::EuroRo), "SQL로");
        assert_eq!(with_particle("A1", Particle::EunNeun), "A1은");
        assert_eq!(with_particle("B", Particle::EunNeun), "B는");
        assert_eq!(with_particle("URL", Particle::EulReul), "URL을");
        assert_eq!(with_particle("PNG", Particle::EuroRo), "PNG로");
        assert_eq!(with_particle("SVG", Particle::EuroRo), "SVG로");
        assert_eq!(with_particle("lock", Particle::EulReul), "lock을");
        assert_eq!(with_particle("token", Particle::EuroRo), "token으로");
        assert_eq!(with_particle("fsync", Particle::EulReul), "fsync를");
        assert_eq!(with_particle("pool", Particle::EuroRo), "pool로");
        assert_eq!(with_particle("lease-expiry", Particle::EunNeun), "lease-expiry는");
    }

    #[test]
    fn closing_marks_are_skipped() {
        assert_eq!(with_particle("「lease-expiry」", Particle::EunNeun), "「lease-expiry」는");
        assert_eq!(with_particle("「그림」", Particle::EunNeun), "「그림」은");
        assert_eq!(with_particle("(토큰)", Particle::IGa), "(토큰)이");
    }

    #[test]
    fn an_empty_word_takes_the_vowel_form() {
        assert_eq!(ending(""), Ending::Vowel);
    }

    #[test]
    fn a_template_takes_the_form_the_value_asks_for() {
        assert!(takes_first("토큰", "으로") && !takes_first("파일", "으로") && takes_first("파일", "을"));
        assert!(!takes_first("lease", "이") && takes_first("30", "이"));
    }
}
