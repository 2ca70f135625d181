// The words preload of every page (issue 42, piece 8; src/web/page_words.rs):
// a page fetches its language's table, `ROOT/words/LANG.words`, before the
// app mounts, so its head asks for that file at once, in parallel with the
// wasm. `crossorigin` because the page reads it with fetch() (CORS mode):
// without it the browser would not reuse the preloaded response.
//
// A page's language is its `<html lang>`, its root its `<html data-root>`
// (absent: the site's root, as index.html and the chapters there are).

/** The `<html>` attribute `name` of `html`, or undefined. */
function htmlAttribute(html, name) {
  return html.match(new RegExp(`<html\\b[^>]*\\b${name}="([^"]*)"`))?.[1];
}

/** The words file `html` (a page) loads, relative to the page, or null for a page without a language. */
export function wordsHref(html) {
  const lang = htmlAttribute(html, 'lang');
  if (!lang || !/^[a-z]{2}$/.test(lang)) return null;
  let root = htmlAttribute(html, 'data-root') || '';
  if (root && !root.endsWith('/')) root += '/';
  if (root === './') root = '';
  return `${root}words/${lang}.words`;
}

/** The preload line for `href`. */
export function preloadLink(href) {
  return `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`;
}

/**
 * `html` with its words preload at the top of its head (after the charset
 * and the CSP, before the stylesheets), or unchanged when it has no
 * language, no head, or the preload already.
 */
export function spliceWordsPreload(html) {
  const href = wordsHref(html);
  if (!href) return html;
  const link = preloadLink(href);
  if (html.includes(link)) return html;
  const csp = html.match(/<meta http-equiv="Content-Security-Policy"[^>]*>/);
  const anchor = csp ?? html.match(/<meta charset="utf-8">/i);
  if (!anchor) return html;
  const at = anchor.index + anchor[0].length;
  return `${html.slice(0, at)}\n  ${link}${html.slice(at)}`;
}
