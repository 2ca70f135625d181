//! The editions' languages, as identifiers: which one a page, an embed, an
//! export or `lab` speaks. No words live here (the words layer, `lab-words`,
//! holds them); this is only the choice, low enough that the parameters'
//! codec and every layer above can name it.

/// A language the site is published in. The Korean edition is the original.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// Korean, the original edition (`ko`).
    #[default]
    Ko,
    /// English (`en`).
    En,
}

impl Lang {
    /// Every language, the original first; every list of languages reads this.
    pub const ALL: [Lang; 2] = [Lang::Ko, Lang::En];

    /// The code in addresses, file names and `lang=` (`ko`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ko => "ko",
            Lang::En => "en",
        }
    }

    /// The value of `<html lang>`.
    pub fn html_lang(self) -> &'static str {
        self.code()
    }

    /// The value of `og:locale`.
    pub fn og_locale(self) -> &'static str {
        match self {
            Lang::Ko => "ko_KR",
            Lang::En => "en_US",
        }
    }

    /// The language a code names (`ko`, `en`, case-insensitive), if any.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn every_code_reads_back() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code(" EN "), Some(Lang::En));
        assert_eq!(Lang::from_code("jp"), None);
        assert_eq!(Lang::default(), Lang::Ko);
    }
}
