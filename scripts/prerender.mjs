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
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ESC[c]);
const HEAD_END = '<!--/head-->\n';
const HEAD_TAGS = /<title>[\s\S]*?<\/title>(?:\s*<(?:meta (?:name="(?:description|twitter:card)"|property="og:[a-z:]+")|link rel="(?:canonical|preload" as="image)")[^>]*>)*/;

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
  const dir = join(root, 'content', 'pages');
  const written = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html')).sort()) {
    const [head, app] = readFileSync(join(dir, file), 'utf8').split(HEAD_END);
    if (app === undefined) throw new Error(`prerender: content/pages/${file} has no ${HEAD_END.trim()} line (tests/prerender.rs)`);
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
  const listed = written.filter((f) => f !== 'index.html' && !f.startsWith('embed-'));
  writeFileSync(join(stage, 'sitemap.xml'), sitemap(base, listed));
  written.push('sitemap.xml');
  return written;
}
