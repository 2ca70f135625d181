//! The edition's key in an address (issue 42, piece 8): `lang=en` names the
//! English edition, is no figure's state (no notice, the same figure state
//! as without it), is never written for Korean (every Korean permalink stays
//! as it was), and an embed's or chapter page's own address drops it, since
//! the English edition is a path (`en/ID.html`).

use lab_model::lang::Lang;
use lab_model::params::{page_lang, read_site, Scope};
use lab_model::permalink::{chapter_page, edition_dir, embed, figure_in_chapter, in_edition, lease_figure, LeaseView};

const KOREAN: &str = "?ch=a1-lease-expiry&fig=lease-expiry&ttl_ms=600&t=1200";

#[test]
fn the_edition_key_is_read_as_no_figures_state() {
    for search in [format!("{KOREAN}&lang=en"), format!("?lang=en&{}", &KOREAN[1..])] {
        let with = read_site(&search, Scope::Lease);
        let without = read_site(KOREAN, Scope::Lease);
        assert!(with.notices.is_empty(), "{search}: {:?}", with.notices);
        assert_eq!(with.value, without.value, "{search}");
        assert_eq!(with.value.search(), without.value.search());
        assert!(!with.value.search().contains("lang"), "{}", with.value.search());
        assert_eq!(page_lang(&search), Some(Lang::En));
    }
    assert_eq!(page_lang(KOREAN), None);
    assert_eq!(page_lang("?lang=ko"), Some(Lang::Ko));
    assert_eq!(page_lang("?lang=xx"), None);
    assert_eq!(page_lang("?lang=ko&lang=en"), Some(Lang::En), "the last value wins, as for every key");
}

#[test]
fn a_korean_permalink_is_unchanged_and_an_english_one_is_its_path() {
    let view = LeaseView { cursor: Some((1_200_000, 3)), ..LeaseView::default() };
    let korean = lease_figure("a1-lease-expiry", "lease-expiry", "ttl_ms=600", &view);
    assert_eq!(korean, "?ch=a1-lease-expiry&fig=lease-expiry&ttl_ms=600&t=1200&ev=3");
    let page = chapter_page(&korean).unwrap();
    assert_eq!(page, "a1-lease-expiry.html?fig=lease-expiry&ttl_ms=600&t=1200&ev=3");
    assert_eq!(in_edition(Lang::Ko, &page), page);
    assert_eq!(in_edition(Lang::En, &page), format!("en/{page}"));
    assert_eq!(edition_dir(Lang::Ko), "");
    // An English address that came through the redirect with its `lang=en`:
    // the embed and the full page it links are the English edition's by
    // their path, so their own addresses drop the key.
    let english = format!("{korean}&lang=en");
    assert_eq!(embed("lease-expiry", &english), embed("lease-expiry", &korean));
    assert_eq!(figure_in_chapter("a1-lease-expiry", "lease-expiry", &english), korean);
    // Read back, the English permalink is the same state.
    let back = read_site(&in_edition(Lang::En, &korean)["en/".len()..], Scope::Lease);
    assert_eq!(back.value.search(), korean);
}
