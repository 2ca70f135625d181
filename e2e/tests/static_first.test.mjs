// Static first (issues 18, 26): every address has a page of its own,
// rendered by Rust (src/content/prerender.rs), that reads with JavaScript
// off: the front page (the hook stopped at its question), every chapter
// (`ID.html`: its prose with the simulated numbers filled in, its figures as
// the static images of their starting states, the chapter list, and the tags
// link previews read) and every embed (`embed-ID.html`). `?ch=ID` and
// `?embed=ID` go to their page before the first paint. With JavaScript on,
// the same page becomes the live one, with the same prose and numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, dist } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const chapters = () => fs.readdirSync(path.join(dist, 'content', 'html')).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));

test('with JavaScript off, every chapter page shows its prose, its figures as images, the chapter list and its link-card tags', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const ids = chapters();
  assert.ok(ids.length >= 17, ids.join(','));
  for (const id of ids) {
    await page.goto(`${server.base}${id}.html`);
    const text = await page.textContent('article.chapter');
    assert.ok(!text.includes('{{'), `${id}: an unfilled placeholder`);
    assert.ok(!text.includes('(값 없음)'), `${id}: an unknown number`);
    const hangul = (text.match(/[\uac00-\ud7a3]/g) || []).length;
    assert.ok(hangul >= (id === 'a1-lease-expiry' ? 1000 : 100), `${id}: ${hangul} Hangul characters`);
    assert.equal(await page.$$eval('nav.chapters a', (as) => as.length), ids.length, `${id}: chapter list`);
    assert.equal(await page.$eval('nav.chapters a[aria-current=page]', (a) => a.getAttribute('href')), `${id}.html`);
    // Every figure image loads (no script needed) and has its caption as alt text.
    await page.waitForFunction(() => [...document.querySelectorAll('figure.static-figure img')].every((i) => i.complete), null, { timeout: 30000 });
    const images = await page.$$eval('figure.static-figure img', (is) => is.map((i) => ({ w: i.naturalWidth, alt: i.alt, cap: i.closest('figure').querySelector('figcaption').textContent })));
    for (const i of images) {
      assert.ok(i.w > 0, `${id}: an image did not load`);
      assert.ok(i.alt.length > 20 && i.cap.startsWith(i.alt), `${id}: ${i.alt}`);
    }
    if (id === 'a1-lease-expiry') assert.ok(images.length >= 2, `a1 has ${images.length} figure images`);
    const og = await page.$$eval('meta[property^="og:"], meta[name="twitter:card"], meta[name=description]', (ms) => Object.fromEntries(ms.map((m) => [m.getAttribute('property') || m.getAttribute('name'), m.content])));
    for (const k of ['og:title', 'og:description', 'og:image', 'og:type', 'twitter:card', 'description']) assert.ok(og[k], `${id}: no ${k}`);
    assert.ok(fs.existsSync(path.join(dist, og['og:image'])), `${id}: og:image ${og['og:image']} is missing`);
    assert.match(await page.title(), /정합성 실험실/);
  }
  await context.close();
});

test('with JavaScript on, a chapter page becomes the live chapter, with the same prose and numbers', async () => {
  // What the page says before the wasm arrives (or without it): its own HTML.
  const off = await browser.newContext({ javaScriptEnabled: false });
  const offPage = await off.newPage();
  await offPage.goto(`${server.base}a1-lease-expiry.html`);
  const staticProse = await offPage.$$eval('article.chapter .prose', (ps) => ps.map((p) => p.textContent));
  await off.close();
  assert.ok(staticProse.length >= 2 && staticProse.join('').length > 2000, 'the prerendered prose');
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}a1-lease-expiry.html`);
  await page.locator('#app:not([data-prerendered]) article.chapter').waitFor({ timeout: 30000 });
  await ready(page);
  assert.ok(await page.$('figure#lease-expiry canvas'), 'the live figure');
  const liveProse = await page.$$eval('article.chapter .prose', (ps) => ps.map((p) => p.textContent));
  assert.deepEqual(liveProse, staticProse);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the live chapter takes over in place: no loading line, no layout shift, the paragraph being read stays put', async () => {
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    const { page, errors, context } = await openPage(browser, { width, height });
    await page.addInitScript(() => {
      window.__shift = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
        .observe({ type: 'layout-shift', buffered: true });
    });
    // The site's wasm held back, so that the reader scrolls the prerendered chapter first.
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route(/\/site-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
    await page.goto(`${server.base}a1-lease-expiry.html`);
    await page.waitForSelector('#app[data-prerendered] article.chapter');
    // Somewhere in the middle of the prose (a paragraph is a direct child of a .prose block).
    const anchor = await page.evaluate(() => {
      const blocks = [...document.querySelectorAll('article.chapter .prose > p')];
      const target = blocks[Math.floor(blocks.length / 2)];
      window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - 200);
      return { text: target.textContent.slice(0, 40), top: target.getBoundingClientRect().top };
    });
    release();
    await page.locator('#app:not([data-prerendered]) article.chapter').waitFor({ timeout: 30000 });
    await ready(page);
    const after = await page.evaluate((text) => {
      const p = [...document.querySelectorAll('article.chapter .prose > p')].find((e) => e.textContent.startsWith(text));
      return { top: p ? p.getBoundingClientRect().top : null, loading: !!document.querySelector('.loading'), prerendered: document.querySelectorAll('[data-prerendered], .static-figure').length, shift: window.__shift };
    }, anchor.text);
    assert.ok(after.top !== null && Math.abs(after.top - anchor.top) <= 2, `${width}px: the paragraph moved from ${anchor.top} to ${after.top}`);
    assert.equal(after.loading, false, 'a loading line');
    assert.equal(after.prerendered, 0, 'the prerendered chapter is gone');
    assert.ok(after.shift < 0.01, `${width}px: layout shift ${after.shift}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('with JavaScript off, the front page is the hook stopped at its question, the chapter maps and the first chapter', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(server.base);
  await page.waitForFunction(() => document.querySelector('.hook-canvas img')?.complete, null, { timeout: 30000 });
  const front = await page.evaluate(() => ({
    question: document.querySelector('.hook-question')?.textContent,
    image: document.querySelector('.hook-canvas img').naturalWidth,
    asking: document.querySelector('.hook-outcome')?.textContent,
    map: [...document.querySelectorAll('.hook-map a')].map((a) => a.getAttribute('href')),
    chapters: [...document.querySelectorAll('nav.chapters a')].map((a) => a.getAttribute('href')),
    prose: document.querySelector('article.chapter')?.textContent || '',
    start: document.querySelector('.hook-start a')?.getAttribute('href'),
  }));
  assert.match(front.question, /멈추면 무슨 일이 생길까요/);
  assert.ok(front.image > 0, 'the hook image loads');
  assert.match(front.asking, /lease가 끝났습니다/);
  assert.doesNotMatch(front.asking, /원을 썼습니다/, 'the answer waits for the live hook');
  assert.equal(front.start, 'a1-lease-expiry.html');
  assert.equal(front.chapters.length, chapters().length);
  assert.ok(front.map.length >= 15 && front.map.every((h) => front.chapters.includes(h)), front.map.join(' '));
  assert.ok((front.prose.match(/[\uac00-\ud7a3]/g) || []).length > 200, 'the first chapter');
  for (const href of front.chapters) assert.equal((await fetch(`${server.base}${href}`)).status, 200, href);
  await context.close();
});

// The hook's image is the front page's largest paint: a phone gets the one
// laid out at its width, a dark page the dark palette's, and each visit
// fetches only the one it shows.
test('the front page\'s hook image fits the reader\'s width and colour scheme, and only that one is fetched', async () => {
  for (const [width, scheme, expected] of [[390, 'light', 'hook-narrow.png'], [390, 'dark', 'hook-narrow-dark.png'], [1280, 'light', 'hook.png'], [1280, 'dark', 'hook-dark.png']]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 }, colorScheme: scheme });
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (r) => { if (/\/figures\/hook/.test(r.url())) fetched.push(r.url().split('/').pop()); });
    await page.goto(server.base);
    await page.waitForFunction(() => document.querySelector('.hook-canvas img')?.complete, null, { timeout: 30000 });
    const shown = await page.evaluate(() => document.querySelector('.hook-canvas img').currentSrc.split('/').pop());
    assert.equal(shown, expected, `${width} px, ${scheme}`);
    assert.deepEqual([...new Set(fetched)], [expected], `${width} px, ${scheme}: fetched ${fetched.join(', ')}`);
    await context.close();
  }
});

test('?ch= and ?embed= addresses land on their static page, query kept, before the wasm; an unknown one stays', async () => {
  const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route(/\/site-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  const landed = () => page.evaluate(() => ({
    file: location.pathname.split('/').pop(),
    query: location.search,
    shown: document.getElementById('app').dataset.prerendered,
    loading: !!document.querySelector('.loading'),
    embed: document.documentElement.hasAttribute('data-embed'),
  }));
  await page.goto(`${server.base}?ch=a2-watchdog&ttl_ms=600#x`);
  await page.waitForSelector('#app[data-prerendered="a2-watchdog"] article.chapter');
  assert.deepEqual(await landed(), { file: 'a2-watchdog.html', query: '?ch=a2-watchdog&ttl_ms=600', shown: 'a2-watchdog', loading: false, embed: false });
  await page.goto(`${server.base}?embed=outage&bare=1`);
  await page.waitForSelector('#app[data-prerendered="embed-outage"] figure.static-figure img');
  assert.deepEqual(await landed(), { file: 'embed-outage.html', query: '?embed=outage&bare=1', shown: 'embed-outage', loading: false, embed: true });
  await page.goto(`${server.base}?ch=no-such-chapter`);
  await page.waitForSelector('#app[data-prerendered="00-intro"]');
  assert.equal((await landed()).file, '');
  // The wasm arrives: the landed page becomes live with the address's state.
  release();
  await page.goto(`${server.base}?ch=a2-watchdog&ttl_ms=600`);
  await ready(page);
  assert.equal(await page.$eval('nav.chapters [aria-current=page]', (a) => a.getAttribute('href')), '?ch=a2-watchdog');
  assert.match(page.url(), /a2-watchdog\.html\?ch=a2-watchdog&ttl_ms=600$/);
  assert.deepEqual(errors, []);
  await context.close();
});
