// oEmbed (issue 40): every chapter page and every embed page of the built
// site links a static oEmbed document (src/model/oembed.rs, written beside
// the page; scripts/prerender.mjs puts the site's address in). Here, against
// the build: each page's discovery link is read, its document fetched, and
// its `html` mounted in a blank page of another origin (a blog), as an
// oEmbed consumer does; the iframe must load the figure live with no console
// error. The build names its own address (LAB_SITE_URL, or the local
// server's by default); this test's server listens elsewhere, so the
// browser's requests to that address are answered by this test's server.
// Then the same with WordPress's treatment of a discovered provider's html
// (wp_filter_oembed_result: sandbox="allow-scripts", a `#?secret=` on the
// address, only a few attributes kept), and the embed pages allow framing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve, launch, openPage, dist, root, stagedCopyOfBuild } from './helpers.mjs';

// The blog: a blank page on its own origin (`localhost`, not the build's
// 127.0.0.1: Chromium refuses a public page framing a local address, so
// the blog is local too).
const POST = '<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>블로그</title></head><body style="margin:0"><article id="post" style="width:760px"></article>'
  // The heights the embed reports (src/web/embed.rs), as a host's resizing script would read them.
  + '<script>window.heights = []; addEventListener("message", (e) => { if (e.data?.type === "consistency-lab:height") heights.push(e.data.height); });</script></body></html>';
let site, blog, browser, BLOG;
before(async () => {
  // CORS on every file, as GitHub Pages sends it: a sandboxed frame (WordPress's) needs it.
  site = await serve({ headers: { 'access-control-allow-origin': '*' } });
  blog = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(POST));
  await new Promise((resolve) => blog.listen(0, '127.0.0.1', resolve));
  BLOG = `http://localhost:${blog.address().port}/`;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((r) => (blog ? blog.close(r) : r()));
});

const chapters = () => fs.readdirSync(path.join(dist, 'content', 'html')).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));
const pages = () => ['index.html', ...chapters().map((c) => `${c}.html`), ...fs.readdirSync(dist).filter((f) => /^embed-[a-z0-9-]+\.html$/.test(f)).sort()];
const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Each page's discovery link and its document, read from the build. */
function documents() {
  return pages().map((file) => {
    const html = fs.readFileSync(path.join(dist, file), 'utf8');
    const links = html.match(/<link rel="alternate" type="application\/json\+oembed"[^>]*>/g) || [];
    assert.equal(links.length, 1, `${file}: ${links.length} oEmbed links`);
    const href = attr(links[0], 'href');
    return { file, href, title: attr(links[0], 'title'), html };
  });
}

// The build's address: every discovery link is under it.
const baseOf = (docs) => {
  const base = docs[0].href.slice(0, docs[0].href.lastIndexOf('/') + 1);
  assert.match(base, /^https?:\/\/[^/]+\/(?:.*\/)?$/, base);
  for (const d of docs) assert.ok(d.href.startsWith(base), `${d.file}: ${d.href} is not under ${base}`);
  return base;
};

/** A browser context in which the build's address is answered by this test's server. */
async function blogContext(base, options = {}) {
  const opened = await openPage(browser, { width: 900, ...options });
  await opened.context.route((url) => url.href.startsWith(base), (route) => route.continue({ url: site.base + route.request().url().slice(base.length) }));
  return opened;
}

/** Fetches a document as a consumer does (from this test's server standing in for the build's address). */
async function fetchDocument(base, href) {
  const res = await fetch(site.base + href.slice(base.length));
  assert.equal(res.status, 200, href);
  assert.match(res.headers.get('content-type'), /^application\/json/, href);
  return res.json();
}

test('every chapter and embed page links a rich oEmbed document of absolute addresses under the build\'s address', async () => {
  const docs = documents();
  assert.ok(docs.length >= chapters().length + 18, `${docs.length} pages`);
  const base = baseOf(docs);
  for (const { file, href, title, html } of docs) {
    assert.equal(href, `${base}${file.replace(/\.html$/, '.oembed.json')}`, file);
    assert.equal(title, /<title>([^<]*)<\/title>/.exec(html)[1].replace(/&amp;/g, '&'), `${file}: the link's title is the page's`);
    const doc = await fetchDocument(base, href);
    assert.equal(doc.version, '1.0', file);
    assert.equal(doc.type, 'rich', file);
    assert.ok(Number.isInteger(doc.width) && Number.isInteger(doc.height) && doc.height >= 200, `${file}: ${doc.width}×${doc.height}`);
    assert.equal(doc.provider_url, base, file);
    assert.equal(doc.title, title, file);
    assert.ok(!JSON.stringify(doc).includes('lab-site.invalid'), `${file}: the stand-in address is left`);
    const iframes = doc.html.match(/<iframe\b[^>]*><\/iframe>/g) || [];
    assert.deepEqual(iframes, [doc.html], `${file}: one iframe and nothing else: ${doc.html}`);
    const src = attr(doc.html, 'src');
    assert.ok(src.startsWith(base) && /[?&]embed=[a-z0-9-]+/.test(src), `${file}: ${src}`);
    assert.equal(attr(doc.html, 'height'), String(doc.height), file);
    if (doc.thumbnail_url) {
      assert.ok(doc.thumbnail_url.startsWith(base), file);
      const res = await fetch(site.base + doc.thumbnail_url.slice(base.length));
      assert.equal(res.status, 200, `${file}: ${doc.thumbnail_url}`);
      const png = Buffer.from(await res.arrayBuffer());
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [doc.thumbnail_width, doc.thumbnail_height], `${file}: thumbnail size`);
    }
    // An embed page's own figure; its link card is an image the build has, of the size it says.
    if (file.startsWith('embed-')) {
      const id = file.slice(6, -5);
      assert.ok(src.startsWith(`${base}${file}?embed=${id}`), `${file}: ${src}`);
      const og = (p) => new RegExp(`<meta property="${p}" content="([^"]*)">`).exec(html)?.[1];
      const image = og('og:image');
      assert.ok(image === `og/${id}.png` || image === `figures/${id}.png`, `${file}: og:image ${image}`);
      const png = fs.readFileSync(path.join(dist, image));
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)].map(String), [og('og:image:width'), og('og:image:height')], `${file}: og:image size`);
      // A 1200×630 card once static/og/ has it.
      if (fs.existsSync(path.join(dist, 'og', `${id}.png`))) assert.equal(image, `og/${id}.png`, file);
    }
  }
});

test('each document\'s iframe, pasted into a blog of another origin, loads its figure live with no console error', async () => {
  const docs = documents();
  const base = baseOf(docs);
  // One mount per distinct iframe (a chapter's is its first figure's embed).
  const byHtml = new Map();
  for (const d of docs) {
    const doc = await fetchDocument(base, d.href);
    if (!byHtml.has(doc.html)) byHtml.set(doc.html, { doc, files: [] });
    byHtml.get(doc.html).files.push(d.file);
  }
  assert.ok(byHtml.size >= 18, `${byHtml.size} distinct iframes`);
  const { page, errors, context } = await blogContext(base);
  const fits = [];
  for (const { doc, files } of byHtml.values()) {
    await page.goto(`${BLOG}post`);
    const src = attr(doc.html, 'src');
    const id = /[?&]embed=([a-z0-9-]+)/.exec(src)[1];
    await page.evaluate((html) => { document.getElementById('post').innerHTML = html; }, doc.html);
    const frameEl = await page.waitForSelector('#post iframe');
    await frameEl.scrollIntoViewIfNeeded();
    const frame = await frameEl.contentFrame();
    const where = `${files.join(', ')} → ${src}`;
    // The live figure (the static page's #app is replaced when the wasm starts).
    await frame.locator(`#app:not([data-prerendered]) figure#${id}`).waitFor({ timeout: 60000 })
      .catch((e) => { throw new Error(`${where}: ${e.message}\n${errors.join('\n')}`); });
    // The height it settles at: the last one it reports, once a second has passed without a new one.
    let reported = [];
    for (let n = -1; n !== reported.length; await page.waitForTimeout(1000)) {
      n = reported.length;
      reported = await page.evaluate(() => window.heights);
    }
    assert.ok(reported.length > 0, `${where}: no height message`);
    const seen = await frame.evaluate(() => ({ origin, embed: document.documentElement.hasAttribute('data-embed') }));
    seen.height = reported.at(-1);
    assert.notEqual(seen.origin, new URL(BLOG).origin, where);
    assert.equal(seen.origin, new URL(base).origin, where);
    assert.ok(seen.embed, `${where}: not in embed mode`);
    const box = await frameEl.boundingBox();
    assert.equal(Math.round(box.height), doc.height, `${where}: the iframe's height`);
    fits.push(`${id}${src.includes('bare=1') ? ' (figure alone)' : ''}: needs ${seen.height} of ${doc.height} px`);
    // The figure alone is sized as the 퍼가기 panel sizes it (its file's
    // height and the page around it, src/model/share.rs): it fits, give or
    // take a few pixels of the page's own.
    if (src.includes('bare=1')) assert.ok(seen.height <= doc.height + 16, `${where}: ${seen.height} px in a ${doc.height} px frame`);
    assert.deepEqual(errors, [], where);
  }
  console.log(fits.join('\n'));
  await context.close();
});

test('as WordPress embeds a discovered document (sandboxed, with a secret in the address), the figure still loads', async () => {
  const docs = documents();
  const base = baseOf(docs);
  const { page, errors, context } = await blogContext(base);
  for (const file of ['a1-lease-expiry.html', 'embed-vote-story.html']) {
    const doc = await fetchDocument(base, docs.find((d) => d.file === file).href);
    // wp_filter_oembed_result (wp-includes/embed.php): kses keeps src, width,
    // height, title (and a few more) on the iframe, appends `#?secret=…`
    // to src, and adds the sandbox.
    const src = `${attr(doc.html, 'src')}#?secret=Ab12Cd34Ef`;
    const wp = `<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" src="${src.replace(/&/g, '&amp;')}" data-secret="Ab12Cd34Ef" width="${attr(doc.html, 'width')}" height="${doc.height}" title="${attr(doc.html, 'title').replace(/"/g, '&quot;')}"></iframe>`;
    await page.goto(`${BLOG}post`);
    await page.evaluate((html) => { document.getElementById('post').innerHTML = html; }, wp);
    const frame = await (await page.waitForSelector('#post iframe')).contentFrame();
    const id = /[?&]embed=([a-z0-9-]+)/.exec(src)[1];
    await frame.locator(`#app:not([data-prerendered]) figure#${id}`).waitFor({ timeout: 60000 })
      .catch((e) => { throw new Error(`${file}: ${e.message}\n${errors.join('\n')}`); });
    assert.equal(await frame.evaluate(() => origin), 'null', `${file}: WordPress's sandbox gives an opaque origin`);
    assert.deepEqual(errors, [], file);
  }
  await context.close();
});

test('with LAB_SITE_URL, every document and discovery link names the public address, and no other', () => {
  const { stage } = stagedCopyOfBuild();
  try {
    const run = spawnSync('node', [path.join(root, 'scripts', 'trunk-post-build.mjs')], {
      env: { ...process.env, TRUNK_STAGING_DIR: stage, LAB_SITE_URL: 'https://example.github.io/consistency-lab', LAB_SERVE_URL: '' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /LAB_SITE_URL is not set/);
    const base = 'https://example.github.io/consistency-lab/';
    for (const file of pages()) {
      const html = fs.readFileSync(path.join(stage, file), 'utf8');
      const href = attr(/<link rel="alternate" type="application\/json\+oembed"[^>]*>/.exec(html)[0], 'href');
      assert.equal(href, `${base}${file.replace(/\.html$/, '.oembed.json')}`, file);
      const text = fs.readFileSync(path.join(stage, href.slice(base.length)), 'utf8');
      const doc = JSON.parse(text);
      assert.equal(doc.provider_url, base, file);
      assert.ok(attr(doc.html, 'src').startsWith(base), `${file}: ${doc.html}`);
      const addresses = text.match(/https?:\/\/[^"\\\s]+/g);
      assert.ok(addresses.every((a) => a.startsWith(base)), `${file}: ${addresses.filter((a) => !a.startsWith(base))}`);
      if (file.startsWith('embed-')) assert.match(html, new RegExp(`<meta property="og:image" content="${base}(?:og|figures)/`), file);
    }
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
});

test('the embed pages let other sites frame them', () => {
  for (const file of pages().filter((f) => f.startsWith('embed-'))) {
    const html = fs.readFileSync(path.join(dist, file), 'utf8');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    assert.ok(csp, `${file}: no CSP`);
    // (A <meta> policy cannot state frame-ancestors anyway; none is stated, and no X-Frame-Options.)
    assert.doesNotMatch(csp, /frame-ancestors/, file);
    assert.doesNotMatch(html, /x-frame-options/i, file);
  }
});
