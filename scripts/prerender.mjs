// The static pages (static first), put into the build by
// scripts/trunk-post-build.mjs. Rust renders them: src/content/prerender.rs
// writes, through tests/prerender.rs, one file per page to content/pages/:
// its <title> and meta tags, a `<!--/head-->` line, and its #app element
// (index.html itself, `ID.html` for every chapter, `embed-ID.html` for every
// figure). This script only splices each into a copy of the built
// index.html (the same scripts, digests and CSP) and marks the embed pages
// as the live embed marks itself (`data-embed`).
//
// The site's public address, when the deployment states it (`LAB_SITE_URL`,
// e.g. https://USER.github.io/REPOSITORY/, which .github/workflows/pages.yml
// sets), makes og:image and og:url absolute (a crawler resolves nothing),
// adds a canonical link, and heads `sitemap.xml`, which lists the front page
// and every chapter page. Without it the build stays address-free: relative
// og:image, no og:url, and a sitemap of relative addresses a reader of the
// build can check but a crawler will not use.
//
// oEmbed: every page links a document beside it (`ID.oembed.json`, written
// by the same test from src/model/oembed.rs), whose iframe, provider and
// thumbnail, like the page's discovery link, must be absolute: they are
// read by another site. Rust writes them under a stand-in address
// (`https://lab-site.invalid/`, lab_model::oembed::SITE); this script puts
// the site's address in its place (`siteBase`): LAB_SITE_URL when the
// deployment states it, else the local server's (LAB_SERVE_URL, which
// scripts/serve.sh sets to its own, or http://127.0.0.1:8080/), so a build
// that is only served locally still offers documents that work there. A
// deployment without LAB_SITE_URL would hand out local addresses: the hook
// says so on every such build (docs/site.md, "Deploying").
//
// Link cards: the figures' 1200×630 card images (static/og/ID.png, when
// they are drawn) are copied to og/ in the build; the pages name them
// (src/content/prerender.rs) once tests/prerender.rs has seen them.
//
// Editions: the Korean pages are the site's root; another edition's
// (content/pages/CODE/, the English one's in en/) go one directory down,
// dist/CODE/FILE, each from a copy of index.html whose own addresses
// (`./X`) are rewritten to `../X` (CSP has base-uri 'none', so no <base>),
// whose <html> says its language and `data-root="../"` (the live code reads
// it to find the site's files), and whose CSP names the inline scripts'
// hashes after that rewrite. Every page's hreflang links are relative; with
// LAB_SITE_URL they are made absolute, and the sitemap lists each page of
// every edition with its alternates (xhtml:link).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ESC[c]);
const HEAD_END = '<!--/head-->\n';
const HEAD_TAGS = /<title>[\s\S]*?<\/title>(?:\s*<(?:meta (?:name="(?:description|twitter:card)"|property="og:[a-z:]+")|link rel="(?:canonical|preload" as="image|alternate" type="application\/json\+oembed|alternate" hreflang)")[^>]*>)*/;
/** The stand-in for the site's address in the pages and documents (lab_model::oembed::SITE). */
export const SITE_STAND_IN = 'https://lab-site.invalid/';
/** The local server's address (scripts/serve.sh, Trunk.toml's [serve]) when nothing else is said. */
export const LOCAL_URL = 'http://127.0.0.1:8080/';

/** The site's public address from `LAB_SITE_URL` (with a final `/`), or null. */
export function siteUrl(env = process.env) {
  const raw = (env.LAB_SITE_URL || '').trim();
  if (!raw) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`LAB_SITE_URL: not an http(s) address: ${raw}`);
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The local server's address: `LAB_SERVE_URL` (scripts/serve.sh sets it), or {@link LOCAL_URL}. */
export function localUrl(env = process.env) {
  return siteUrl({ LAB_SITE_URL: env.LAB_SERVE_URL || LOCAL_URL });
}

/**
 * The address the oEmbed documents and discovery links are made absolute
 * under: `{ base, deployed }`, the public address when `LAB_SITE_URL` states
 * it, the local server's otherwise. It goes into HTML attributes and JSON
 * strings as it is, so it may hold none of the characters either escapes.
 */
export function siteBase(env = process.env) {
  const deployed = siteUrl(env);
  const base = deployed || localUrl(env);
  if (/["'<>&\\\s]/.test(base)) throw new Error(`prerender: the site's address ${base} holds a character that HTML or JSON would escape`);
  return { base, deployed: Boolean(deployed) };
}

/** `text` with the stand-in address replaced by `base`; fails if there is none to replace. */
export function withBase(text, base, what) {
  if (!text.includes(SITE_STAND_IN)) throw new Error(`prerender: ${what} names no ${SITE_STAND_IN} address (tests/prerender.rs)`);
  return text.split(SITE_STAND_IN).join(base);
}

/**
 * `sitemap.xml`: the site's root and every chapter page, absolute under
 * `base` (relative without it), in every edition of `editions` (`[{ dir,
 * lang }]`, the root edition first), each with the others as its
 * alternates (and the root edition's as `x-default`) when there are more
 * than one.
 */
export function sitemap(base, pages, editions = [{ dir: '', lang: 'ko' }]) {
  const loc = (p) => esc((base || '') + p);
  const alternates = (p) => editions.length < 2 ? '' : [...editions, { ...editions[0], lang: 'x-default' }]
    .map((e) => `<xhtml:link rel="alternate" hreflang="${e.lang}" href="${loc(e.dir + p)}"/>`).join('');
  const urls = editions.flatMap((e) => ['', ...pages].map((p) => `  <url><loc>${loc(e.dir + p)}</loc>${alternates(p)}</url>`)).join('\n');
  const xhtml = editions.length < 2 ? '' : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls}\n</urlset>\n`;
}

/** The inline scripts' hashes in `html`'s CSP, as scripts/trunk-post-build.mjs computes them, for `html` as it is now. */
function rehashCsp(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return html.replace(/(http-equiv="Content-Security-Policy" content="[^"]*?script-src 'self' 'wasm-unsafe-eval')[^;"]*/, (_, head) => `${head} ${hashes.join(' ')}`.trimEnd());
}

/**
 * The built index.html (`page`) as a page one directory down (`up`
 * `../`) in the edition of language `lang`: its own addresses `./X` as
 * `../X`, its <html> marked with the language and the way up.
 */
export function editionTemplate(page, lang, up) {
  const moved = page
    .replace(/(["'])\.\//g, `$1${up}`)
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}" data-root="${up}"`);
  return rehashCsp(moved);
}

/** The editions whose pages tests/prerender.rs wrote: the root's (Korean) and each of content/pages/CODE/. */
function editionsIn(dir) {
  const below = readdirSync(dir).filter((f) => /^[a-z]{2}$/.test(f) && statSync(join(dir, f)).isDirectory()).sort();
  return [{ dir: '', lang: 'ko', up: '' }, ...below.map((code) => ({ dir: `${code}/`, lang: code, up: '../' }))];
}

/**
 * Writes every page of `root`/content/pages into `stage`, each from the
 * built `index.html` (`page`, as the hook leaves it), and `sitemap.xml`.
 * Returns the files written.
 */
export function prerenderPages(root, stage, page) {
  const base = siteUrl();
  const { base: oembedBase } = siteBase();
  const pagesDir = join(root, 'content', 'pages');
  const editions = editionsIn(pagesDir);
  const written = [];
  for (const edition of editions) {
    const dir = join(pagesDir, edition.dir);
    const template = edition.up ? editionTemplate(page, edition.lang, edition.up) : page;
    if (edition.dir) mkdirSync(join(stage, edition.dir), { recursive: true });
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
      const named = `${edition.dir}${file}`;
      const [rawHead, app] = readFileSync(join(dir, file), 'utf8').split(HEAD_END);
      if (app === undefined) throw new Error(`prerender: content/pages/${named} has no ${HEAD_END.trim()} line (tests/prerender.rs)`);
      const head = withBase(rawHead, oembedBase, `content/pages/${named}'s head`);
      // Its oEmbed document, beside it.
      const document = file.replace(/\.html$/, '.oembed.json');
      if (!existsSync(join(dir, document))) throw new Error(`prerender: content/pages/${edition.dir}${document} is missing (tests/prerender.rs)`);
      writeFileSync(join(stage, edition.dir, document), withBase(readFileSync(join(dir, document), 'utf8'), oembedBase, document));
      written.push(`${edition.dir}${document}`);
      const address = `${edition.dir}${file === 'index.html' ? '' : file}`;
      // A relative address in the head, absolute under the site's address.
      const absolute = (rel) => new URL(rel, base + address).href;
      const deployed = base
        ? `${head.trim()
          .replace(/(property="og:image" content=")([^"]*)/, (_, tag, src) => `${tag}${esc(absolute(src))}`)
          .replace(/(hreflang="[^"]*" href=")([^"]*)/g, (_, tag, rel) => `${tag}${esc(absolute(rel))}`)}\n  <link rel="canonical" href="${esc(base + address)}">\n  <meta property="og:url" content="${esc(base + address)}">`
        : head.trim();
      // The page's own head tags (those of an earlier run too), and #app, which the <noscript> follows.
      let out = template
        .replace(HEAD_TAGS, () => deployed)
        .replace(/<div id="app"[\s\S]*?<\/div>(?=\s*<noscript>)/, () => app.trim());
      // The template's <noscript> line is the Korean edition's: another
      // edition's figures say themselves that they need JavaScript.
      if (edition.up) out = out.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
      if (file.startsWith('embed-')) out = out.replace(/<html lang="[^"]*"[^>]*(?=>)/, (tag) => `${tag} data-embed=""`);
      if (!out.includes('data-prerendered=') || !out.includes('property="og:title"')) {
        throw new Error(`prerender: index.html lacks the <title>, description or #app this needs (${named})`);
      }
      writeFileSync(join(stage, edition.dir, file), out);
      written.push(named);
    }
  }
  // The figures' link-card images, where they are drawn (each edition's in its directory).
  const cards = join(root, 'static', 'og');
  if (existsSync(cards)) {
    for (const edition of editions) {
      const from = join(cards, edition.dir);
      if (!existsSync(from)) continue;
      mkdirSync(join(stage, 'og', edition.dir), { recursive: true });
      for (const png of readdirSync(from).filter((f) => f.endsWith('.png'))) cpSync(join(from, png), join(stage, 'og', edition.dir, png));
    }
  }
  const listed = written.filter((f) => f.endsWith('.html') && !f.includes('/') && f !== 'index.html' && !f.startsWith('embed-'));
  writeFileSync(join(stage, 'sitemap.xml'), sitemap(base, listed, editions));
  written.push('sitemap.xml');
  return written;
}
