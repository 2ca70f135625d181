// Link cards and crawlers (issue 18): the build's sitemap.xml lists every
// chapter page; with the site's public address configured (LAB_SITE_URL,
// as the GitHub Pages workflow sets it) the sitemap, og:url, og:image and
// the canonical link are absolute; the `?ch=` addresses still open their
// chapter; the first screen's Korean font is preloaded and every font
// stack ends in a system Korean font.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve, launch, openPage, ready, dist, root, stagedCopyOfBuild } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const chapters = () => fs.readdirSync(path.join(dist, 'content', 'html')).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));
const locs = (xml) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

test('sitemap.xml lists the site and every chapter page, each of which the server has', async () => {
  const xml = fs.readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/);
  const listed = locs(xml);
  const ids = chapters();
  assert.ok(ids.length >= 17);
  // Both editions: the Korean at the root, the English in en/.
  const edition = (dir) => [dir, ...ids.map((id) => `${dir}${id}.html`)];
  assert.deepEqual(listed, [...edition(''), ...edition('en/')]);
  for (const loc of listed) {
    const res = await fetch(`${server.base}${loc}`);
    assert.equal(res.status, 200, loc);
  }
});

test('with LAB_SITE_URL, link cards and the sitemap carry absolute addresses', () => {
  const { stage } = stagedCopyOfBuild();
  const run = spawnSync('node', [path.join(root, 'scripts', 'trunk-post-build.mjs')], {
    env: { ...process.env, TRUNK_STAGING_DIR: stage, LAB_SITE_URL: 'https://example.github.io/consistency-lab' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const base = 'https://example.github.io/consistency-lab/';
  const ids = chapters();
  const edition = (dir) => [`${base}${dir}`, ...ids.map((id) => `${base}${dir}${id}.html`)];
  assert.deepEqual(locs(fs.readFileSync(path.join(stage, 'sitemap.xml'), 'utf8')), [...edition(''), ...edition('en/')]);
  for (const id of ids) {
    const page = fs.readFileSync(path.join(stage, `${id}.html`), 'utf8');
    assert.ok(page.includes(`<meta property="og:url" content="${base}${id}.html">`), `${id}: og:url`);
    assert.ok(page.includes(`<link rel="canonical" href="${base}${id}.html">`), `${id}: canonical`);
    const image = /<meta property="og:image" content="([^"]+)">/.exec(page)?.[1];
    assert.ok(image && image.startsWith(`${base}figures/`) && image.endsWith('.png'), `${id}: og:image ${image}`);
    assert.ok(fs.existsSync(path.join(stage, image.slice(base.length))), `${id}: ${image} is in the build`);
  }
  fs.rmSync(stage, { recursive: true, force: true });
  // Without it, nothing claims an address: no og:url, a relative og:image.
  const a1 = fs.readFileSync(path.join(dist, 'a1-lease-expiry.html'), 'utf8');
  assert.ok(!a1.includes('og:url'));
  assert.match(a1, /<meta property="og:image" content="figures\/[a-z0-9-]+\.png">/);
});

test('a ?ch= address still opens its chapter', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a3-fencing`);
  await ready(page);
  assert.match(await page.textContent('article.chapter h1'), /./);
  assert.equal(await page.$eval('nav.chapters [aria-current=page]', (a) => a.textContent), await page.textContent('article.chapter h1'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the first screen\'s Korean font cuts are preloaded; every font stack ends in a system Korean font', () => {
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const preloads = [...index.matchAll(/<link rel="preload" href="([^"]+\.woff2)" as="font" type="font\/woff2" crossorigin="anonymous">/g)].map((m) => m[1]);
  assert.deepEqual(preloads.map((p) => p.replace(/^\.\//, '')).sort(), ['fonts/Pretendard-Bold.first-screen.woff2', 'fonts/Pretendard-Regular.first-screen.woff2']);
  const sheets = fs.readdirSync(dist).filter((f) => f.endsWith('.css')).map((f) => fs.readFileSync(path.join(dist, f), 'utf8'));
  for (const p of preloads) {
    assert.ok(fs.existsSync(path.join(dist, p)), `${p} is in the build`);
    // Its face names the characters it holds, so the full face is fetched only for others.
    assert.ok(sheets.some((css) => new RegExp(`url\\(["']?${p.replace(/^\.\//, '').replace(/\./g, '\\.')}["']?\\)[^}]*unicode-range:\\s*U\\+20-7E`, 'i').test(css)), `no @font-face with a unicode-range uses ${p}`);
  }
  const stacks = [...fs.readdirSync(dist).filter((f) => f.endsWith('.css'))]
    .flatMap((f) => [...fs.readFileSync(path.join(dist, f), 'utf8').matchAll(/(?:font-family|--mono|--sans)\s*:\s*([^;}]+)/g)].map((m) => [f, m[1].trim()]))
    .filter(([, v]) => !/^(inherit|var\()/.test(v) && !/^"Pretendard( Fallback| Latin| Latin Fallback)?"$/.test(v));
  assert.ok(stacks.length >= 2, JSON.stringify(stacks));
  for (const [file, stack] of stacks) {
    assert.ok(/"Apple SD Gothic Neo"/.test(stack) && /"Malgun Gothic"/.test(stack) && /"Noto Sans KR"/.test(stack), `${file}: ${stack} lacks a system Korean fallback`);
  }
});
