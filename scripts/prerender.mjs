// The chapters as pages of their own (issue 18, "static first"), written by
// scripts/trunk-post-build.mjs into the build: `ID.html` for every chapter,
// next to index.html. Each is index.html (the same scripts, digests and
// CSP) with the chapter already inside `#app`: the site's header, the
// chapter list, the prose (content/html/ID.html, rendered ahead of time by
// src/content/prose.rs) with its `{{sim:…}}` numbers filled in from
// content/html/sim-values.json (the values the page computes live), and
// each figure as the static image of its starting state with its caption
// (figures/ID.png, tests/static_figures.rs), sized so that nothing jumps.
// It reads with JavaScript off; with it on, the site's wasm replaces `#app`
// with the live chapter (src/web/app.rs reads the chapter from the page's
// name). The head carries the chapter's title and description, and the
// `og:`/`twitter:` tags link previews read.
//
// The site's public address, when the deployment states it (`LAB_SITE_URL`,
// e.g. https://USER.github.io/REPOSITORY/, which .github/workflows/pages.yml
// sets), makes og:image and og:url absolute (a crawler resolves nothing),
// adds a canonical link, and heads `sitemap.xml`, which lists every chapter
// page. Without it the build stays address-free: relative og:image, no
// og:url, and a sitemap of relative addresses a reader of the build can
// check but a crawler will not use.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ESC[c]);
const UNESC = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** The text of an HTML fragment (the renderer's own escapes only). */
const text = (html) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => UNESC[e]);

/** Width and height of a PNG, from its header. */
function pngSize(path) {
  const b = readFileSync(path);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

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
 * Writes `ID.html` for every chapter of the build in `stage`, from its
 * `index.html` (`page`, as the hook leaves it), and `sitemap.xml`. Returns
 * the files written.
 */
export function prerenderChapters(stage, page) {
  const base = siteUrl();
  const chapterDir = join(stage, 'content', 'html');
  const values = JSON.parse(readFileSync(join(chapterDir, 'sim-values.json'), 'utf8'));
  const captions = JSON.parse(/<script type="application\/json" id="lab-static-figures">([\s\S]*?)<\/script>/.exec(page)?.[1] || '{}');
  // The chapters in the site's order (src/web/content.rs: by id, the glossary last).
  const ids = readdirSync(chapterDir).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5))
    .sort((a, b) => (a === 'glossary') - (b === 'glossary') || (a < b ? -1 : a > b ? 1 : 0));
  const chapters = ids.map((id) => {
    const html = readFileSync(join(chapterDir, `${id}.html`), 'utf8');
    const title = text(/<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] || id);
    return { id, html, title };
  });
  const written = [];
  for (const [pos, c] of chapters.entries()) {
    let firstFigure = null;
    const body = c.html
      .replace(/\{\{sim:([^}]*)\}\}/g, (_, key) => esc(values[key] ?? '(값 없음)'))
      .replace(/<!--figure:([a-z0-9-]+)-->/g, (_, id) => {
        const png = join(stage, 'figures', `${id}.png`);
        if (!captions[id] || !existsSync(png)) {
          return `<figure class="lab-figure static-figure" id="${id}"><p class="figure-loading">이 그림은 브라우저에서 계산해 그립니다. 자바스크립트를 켜면 나타납니다.</p></figure>`;
        }
        firstFigure ||= id;
        const [w, h] = pngSize(png);
        return `<figure class="lab-figure static-figure" id="${id}"><img src="figures/${id}.png" width="${w}" height="${h}" alt="${esc(captions[id])}" loading="lazy" style="max-width:100%;height:auto"><figcaption>${esc(captions[id])} (처음 상태의 이미지. 자바스크립트를 켜면 움직이는 그림이 됩니다.)</figcaption></figure>`;
      });
    // The first paragraph that is not the source note.
    const lead = [...c.html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]).find((p) => !/^(<strong>)?출처/.test(p)) || '';
    const description = text(lead).replace(/\{\{sim:([^}]*)\}\}/g, (_, key) => values[key] ?? '').replace(/\s+/g, ' ').trim();
    const short = description.length > 150 ? `${description.slice(0, 149)}…` : description;
    // The chapter map as the app draws it (src/web/reader_view.rs, short_title): the
    // title's part before its colon as the label, the rest for screen readers.
    const nav = chapters.map((x) => {
      const cut = x.title.indexOf(': ');
      const label = cut < 0 ? x.title : x.title.slice(0, cut).replace(/^글 /, '');
      const rest = cut < 0 ? '' : `<span class="visually-hidden">${esc(x.title.slice(cut))}</span>`;
      return `<li><a href="${x.id}.html" title="${esc(x.title)}"${x.id === c.id ? ' aria-current="page"' : ''}>${esc(label)}${rest}</a></li>`;
    }).join('');
    const pager = [
      pos > 0 ? `<a class="prev" href="${chapters[pos - 1].id}.html">← ${esc(chapters[pos - 1].title)}</a>` : '',
      pos + 1 < chapters.length ? `<a class="next" href="${chapters[pos + 1].id}.html">${esc(chapters[pos + 1].title)} →</a>` : '',
    ].join('');
    const app = `<div id="app" data-prerendered="${c.id}"><a class="skip" href="#content">본문으로 건너뛰기</a>`
      + '<header class="site-header"><p class="site-title"><a href="./">정합성 실험실</a></p>'
      + '<p class="site-sub">두 편의 정합성 실험을 브라우저 안의 결정적 시뮬레이션으로 다시 돌려 보기</p></header>'
      + `<div class="layout"><nav class="chapters" aria-label="장 목록"><ol>${nav}</ol></nav>`
      + `<main id="content" tabindex="-1"><article class="chapter">${body}</article>`
      + `<nav class="pager" aria-label="이전·다음 장">${pager}</nav></main></div>`
      + '<footer class="site-footer"><p>모든 수치와 그림은 브라우저 안에서 결정적 시뮬레이션(Rust → WebAssembly)으로 계산합니다. 같은 주소는 언제나 같은 그림을 그립니다.</p></footer></div>';
    const title = `${c.title} — 정합성 실험실`;
    const image = `${base || ''}figures/${firstFigure || 'lease-expiry'}.png`;
    const meta = [
      ...(base ? [`<link rel="canonical" href="${esc(base + c.id)}.html">`, `<meta property="og:url" content="${esc(base + c.id)}.html">`] : []),
      `<meta property="og:type" content="article">`,
      `<meta property="og:title" content="${esc(title)}">`,
      `<meta property="og:description" content="${esc(short)}">`,
      `<meta property="og:image" content="${esc(image)}">`,
      `<meta property="og:locale" content="ko_KR">`,
      `<meta name="twitter:card" content="summary_large_image">`,
    ].join('\n  ');
    let out = page
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${esc(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*">/, () => `<meta name="description" content="${esc(short)}">\n  ${meta}`)
      .replace(/<div id="app">[\s\S]*?<\/div>/, () => app);
    if (!out.includes(`data-prerendered="${c.id}"`) || !out.includes('property="og:title"')) {
      throw new Error(`prerender: index.html lacks the <title>, description or #app this needs (${c.id})`);
    }
    writeFileSync(join(stage, `${c.id}.html`), out);
    written.push(`${c.id}.html`);
  }
  writeFileSync(join(stage, 'sitemap.xml'), sitemap(base, written));
  written.push('sitemap.xml');
  return written;
}
