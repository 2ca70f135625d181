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
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ESC[c]);
const HEAD_END = '<!--/head-->\n';
const HEAD_TAGS = /<title>[\s\S]*?<\/title>(?:\s*<(?:meta (?:name="(?:description|twitter:card)"|property="og:[a-z:]+")|link rel="(?:canonical|preload" as="image|alternate" type="application\/json\+oembed)")[^>]*>)*/;
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

/** `sitemap.xml`: the site's root and every chapter page, absolute under `base` (relative without it). */
export function sitemap(base, pages) {
  const loc = (p) => esc((base || '') + p);
  const urls = ['', ...pages].map((p) => `  <url><loc>${loc(p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * Writes every page of `root`/content/pages into `stage`, each from the
 * built `index.html` (`page`, as the hook leaves it), and `sitemap.xml`.
 * Returns the files written.
 */
export function prerenderPages(root, stage, page) {
  const base = siteUrl();
  const { base: oembedBase } = siteBase();
  const dir = join(root, 'content', 'pages');
  const written = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
    const [rawHead, app] = readFileSync(join(dir, file), 'utf8').split(HEAD_END);
    if (app === undefined) throw new Error(`prerender: content/pages/${file} has no ${HEAD_END.trim()} line (tests/prerender.rs)`);
    const head = withBase(rawHead, oembedBase, `content/pages/${file}'s head`);
    // Its oEmbed document, beside it.
    const document = file.replace(/\.html$/, '.oembed.json');
    if (!existsSync(join(dir, document))) throw new Error(`prerender: content/pages/${document} is missing (tests/prerender.rs)`);
    writeFileSync(join(stage, document), withBase(readFileSync(join(dir, document), 'utf8'), oembedBase, document));
    written.push(document);
    const address = file === 'index.html' ? '' : file;
    const deployed = base
      ? `${head.trim().replace(/(property="og:image" content=")/, `$1${esc(base)}`)}\n  <link rel="canonical" href="${esc(base + address)}">\n  <meta property="og:url" content="${esc(base + address)}">`
      : head.trim();
    // The page's own head tags (those of an earlier run too), and #app, which the <noscript> follows.
    let out = page
      .replace(HEAD_TAGS, () => deployed)
      .replace(/<div id="app"[\s\S]*?<\/div>(?=\s*<noscript>)/, () => app.trim());
    if (file.startsWith('embed-')) out = out.replace('<html lang="ko">', '<html lang="ko" data-embed="">');
    if (!out.includes('data-prerendered=') || !out.includes('property="og:title"')) {
      throw new Error(`prerender: index.html lacks the <title>, description or #app this needs (${file})`);
    }
    writeFileSync(join(stage, file), out);
    written.push(file);
  }
  // The figures' link-card images, where they are drawn.
  const cards = join(root, 'static', 'og');
  if (existsSync(cards)) {
    mkdirSync(join(stage, 'og'), { recursive: true });
    for (const png of readdirSync(cards).filter((f) => f.endsWith('.png'))) cpSync(join(cards, png), join(stage, 'og', png));
  }
  const listed = written.filter((f) => f.endsWith('.html') && f !== 'index.html' && !f.startsWith('embed-'));
  writeFileSync(join(stage, 'sitemap.xml'), sitemap(base, listed));
  written.push('sitemap.xml');
  return written;
}
