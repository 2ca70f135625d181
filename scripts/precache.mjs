// The service worker's precache list in three parts (issue 42; see
// static/sw.js and docs/words-layer-plan.md §4, "Service worker"): what
// every page uses (the wasm, scripts, stylesheets, data), what only the
// Korean edition uses, and what only the English one uses. The worker
// precaches the common part and the languages of the pages open when it
// installs, then a language's part when a page of it is first opened; a
// Korean reader so keeps everything a Korean page needs offline, as before,
// without the English edition's files.
//
// A page's language is its `<html lang>`; the other files by what they are:
// the Korean first-screen and full cuts of Pretendard are the Korean
// edition's (an English page sets its text in the Latin cuts,
// scripts/font-splice.mjs), the Latin cuts (and the Korean name's) and
// latin-font.css the English
// one's, and so is everything under `en/` or `content/html/en/`; each
// `words/LANG.words` is its language's.
import { pageLang, LATIN_CSS } from './font-splice.mjs';

/** The languages with a part of their own. */
export const LANGS = ['ko', 'en'];

/**
 * The language part `file` (a path relative to the site's root) belongs to,
 * or 'common'. `read(file)` gives an HTML file's text.
 */
export function partOf(file, read) {
  if (/^(?:en|content\/html\/en)\//.test(file)) return 'en';
  // A language's words table (src/web/page_words.rs loads the page's own).
  const words = file.match(/^words\/([a-z]+)\.words$/)?.[1];
  if (LANGS.includes(words)) return words;
  if (file === LATIN_CSS || /^fonts\/Pretendard-[A-Za-z]+\.(?:latin|ko-name)\.woff2$/.test(file)) return 'en';
  if (/^fonts\/Pretendard-[A-Za-z]+\.(?:first-screen|subset)\.woff2$/.test(file)) return 'ko';
  // The Korean chapters' prose (fragments, no <html>).
  if (/^content\/html\/[^/]+\.html$/.test(file)) return 'ko';
  if (file.endsWith('.html')) {
    const lang = pageLang(read(file));
    return LANGS.includes(lang) ? lang : 'common';
  }
  return 'common';
}

/**
 * `{ common, ko, en }`: the URLs (`./FILE`) to precache, each list sorted;
 * the site's root `./` (the Korean front page, index.html) is Korean.
 */
export function precacheLists(files, read) {
  const lists = { common: [], ko: ['./'], en: [] };
  for (const file of [...files].sort()) lists[partOf(file, read)].push(`./${file}`);
  return lists;
}
