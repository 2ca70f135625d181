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
//
// Two kinds of file a language's pages need go in its part too, besides
// their own part's (precacheLists; a file may so be in two parts):
// - A Korean cut whose unicode-range holds a Hangul letter an English page
//   shows (A1's and B1's titles in Korean, the glossary's terms: each in a
//   `lang="ko"` element, set in Pretendard): an English page offline finds
//   the cuts its Korean words ask for. They are precached after the page has
//   loaded, so the English first load does not fetch them.
// - The static images a page's `<img src>` or `<source srcset>` names
//   (`figures/…`: its static figures, for a page whose scripts cannot run,
//   and the front page's hook). The live page replaces them, but a page
//   opened at its own address shows one before its app has taken over (B1's
//   first figure is on its first screen) and the browser fetches it;
//   offline that fetch would fail (it did on every edition's pages: until
//   now no image was precached). The link cards (og/) stay out.
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

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/gu;
const KOREAN_CUT = /^fonts\/Pretendard-[A-Za-z]+\.(?:first-screen|subset)\.woff2$/;

/** The code points a `unicode-range` value (`U+20-7E, U+A7, …`) names, as [from, to] pairs. */
export function parseUnicodeRange(value) {
  return value.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

/**
 * The Korean cuts (`fonts/….woff2`, as `src` names them under the root)
 * whose unicode-range, in the stylesheet `css`, holds a letter of `letters`.
 */
export function cutsFor(css, letters) {
  const cuts = [];
  for (const face of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const src = face[1].match(/url\("?(?:\.\/)?([^")]+)"?\)/)?.[1];
    const range = face[1].match(/unicode-range:\s*([^;]+);/)?.[1];
    if (!src || !KOREAN_CUT.test(src) || !range) continue;
    const ranges = parseUnicodeRange(range);
    if ([...letters].some((c) => ranges.some(([a, b]) => c.codePointAt(0) >= a && c.codePointAt(0) <= b))) cuts.push(src);
  }
  return cuts;
}

/** The staged files a page `file`'s `<img src>` and `<source srcset>` name (relative to the root). */
function imagesOf(file, html, staged) {
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  const images = [];
  const named = [
    ...[...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<source\b[^>]*\bsrcset="([^"]+)"/g)].flatMap((m) => m[1].split(',').map((c) => c.trim().split(/\s+/)[0])),
  ];
  for (const src of named) {
    if (/^(?:[a-z]+:|\/)/i.test(src)) continue;
    const target = new URL(src, `https://root.invalid/${dir}`).pathname.slice(1);
    if (staged.has(target)) images.push(target);
  }
  return images;
}

/**
 * `{ common, ko, en }`: the URLs (`./FILE`) to precache, each list sorted;
 * the site's root `./` (the Korean front page, index.html) is Korean.
 * `files` are the staged files to precache; `images` the staged images a
 * page may name (figures/…), precached only for the pages that name them;
 * `read(file)` gives a text file's text.
 */
export function precacheLists(files, read, images = []) {
  const lists = { common: [], ko: ['./'], en: [] };
  const parts = new Map();
  const add = (lang, file) => {
    if (!parts.has(file)) parts.set(file, new Set());
    parts.get(file).add(lang);
  };
  for (const file of files) add(partOf(file, read), file);
  const staged = new Set(images);
  const koreanCss = files.find((f) => /^first-screen-font(?:-[0-9a-f]+)?\.css$/.test(f));
  const hangul = new Set();
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const langs = parts.get(file);
    const html = read(file);
    for (const lang of langs) {
      if (lang === 'common') continue;
      for (const image of imagesOf(file, html, staged)) add(lang, image);
    }
    if (langs.has('en')) for (const c of html.match(HANGUL) ?? []) hangul.add(c);
  }
  if (koreanCss) for (const cut of cutsFor(read(koreanCss), hangul)) if (parts.has(cut)) add('en', cut);
  for (const [file, langs] of [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const lang of langs) lists[lang].push(`./${file}`);
  }
  return lists;
}
