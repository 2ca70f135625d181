// The English edition, live (issue 42): every English page (the front page,
// the 17 chapters and the glossary, and an embed) at 390 px on a touch phone
// and at 1280 px loads with no console or page error; no canvas draws a
// Hangul letter (fillText and strokeText are watched from the first script
// on); no Hangul is shown outside an element marked lang="ko" (the
// glossary's Korean terms, the 한국어 switch); no Korean font cut is fetched
// unless the page shows Korean words besides the Korean edition's name (only
// the Latin cuts and the tiny name cut, scripts/font-splice.mjs); an
// English page works offline after a first visit; and the tips a reader opens
// on the figures are in English.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, dist, describePage, spyCanvasText } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;

const CHAPTERS = fs.readdirSync(path.join(dist, 'en'))
  .filter((f) => /^[a-z0-9-]+\.html$/.test(f) && !f.startsWith('embed-') && f !== 'index.html')
  .sort();
// An embed page is the static landing page of its `?embed=` address.
const EMBED = 'embed-lease-expiry.html?embed=lease-expiry';
const PAGES = ['index.html', ...CHAPTERS, EMBED].map((f) => `en/${f}`);

/** The characters of the Korean edition's name, drawn from the tiny name cut. */
const KO_NAME = fs.readFileSync(path.join(dist, 'fonts', 'latin-chars.txt'), 'utf8').match(/^ko-name\t(.*)$/m)[1];


/** Hangul the page shows outside a lang="ko" element: in its text and in its readers' attributes. */
function strayHangul(name) {
  const hangul = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
  const korean = (el) => el?.closest('[lang]')?.lang === 'ko';
  const stray = [];
  let beyondName = false;
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!hangul.test(n.data) || n.parentElement.closest('noscript, script, style, [data-pending]')) continue;
    if ([...n.data].some((c) => hangul.test(c) && !name.includes(c))) beyondName = true;
    if (!korean(n.parentElement)) stray.push(`text: ${n.data.trim().slice(0, 50)}`);
  }
  for (const el of document.body.querySelectorAll('[title], [aria-label], [alt], [placeholder]')) {
    if (el.closest('[data-pending]')) continue;
    for (const attr of ['title', 'aria-label', 'alt', 'placeholder']) {
      const v = el.getAttribute(attr);
      if (v && hangul.test(v) && !korean(el)) stray.push(`${attr}: ${v.slice(0, 50)}`);
    }
  }
  return { stray, beyondName };
}

/** Waits until the live page (a chapter, or an embed's one figure) has drawn. */
async function live(page, file) {
  if (!file.includes('embed-')) return ready(page);
  try {
    await page.waitForFunction(() => !document.querySelector('#app[data-prerendered]')
      && [...document.querySelectorAll('main.embed figure canvas')].some((c) => c.width > 0), null, { timeout: 30000 });
    await page.evaluate(() => document.fonts.ready.then(() => null));
  } catch (e) {
    e.message += `\n${await describePage(page)}`;
    throw e;
  }
}

const SIZES = [
  { name: '390', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: '1280', width: 1280, height: 900 },
];

/** Opens `file` in a fresh context of `size` and checks it; returns what failed. */
async function check(size, file) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height }, isMobile: !!size.isMobile, hasTouch: !!size.hasTouch,
    reducedMotion: 'reduce', deviceScaleFactor: 1, serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const errors = [];
    const fonts = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('request', (r) => { if (r.url().endsWith('.woff2')) fonts.push(path.basename(new URL(r.url()).pathname)); });
    await page.addInitScript(spyCanvasText);
    await page.goto(`${server.base}${file}`);
    try {
      await live(page, file);
    } catch (e) {
      return { file, canvases: 0, problems: [`not live: ${e.message}`], korean: [] };
    }
    // A frame for the figures' last draw.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const lang = await page.evaluate(() => document.documentElement.lang);
    const drawn = await page.evaluate(() => window.__hangulDrawn);
    const { stray, beyondName } = await page.evaluate(strayHangul, KO_NAME);
    const canvases = await page.$$eval('figure canvas', (cs) => cs.length);
    const korean = fonts.filter((f) => /\.(?:first-screen|subset)\.woff2$/.test(f));
    const problems = [];
    if (lang !== 'en') problems.push(`<html lang="${lang}">`);
    if (errors.length) problems.push(`errors: ${errors.join(' | ')}`);
    if (drawn.length) problems.push(`Hangul drawn on a canvas: ${[...new Set(drawn)].slice(0, 8).join(' | ')}`);
    if (stray.length) problems.push(`Hangul outside lang="ko": ${[...new Set(stray)].slice(0, 8).join(' | ')}`);
    if (korean.length && !beyondName) problems.push(`a Korean font cut fetched with no Korean words shown: ${korean.join(', ')}`);
    if (!fonts.some((f) => f.endsWith('.latin.woff2'))) problems.push(`no Latin cut fetched: ${fonts.join(', ')}`);
    return { file, canvases, problems, korean: beyondName ? korean : [] };
  } finally {
    await context.close();
  }
}

for (const size of SIZES) {
  test(`${size.name} px: every English page is clean, draws and shows no Korean, and fetches no Korean font cut`, async () => {
    assert.equal(CHAPTERS.length, 18, `the English chapters and glossary: ${CHAPTERS.join(' ')}`);
    // Two pages at a time: the site's figures keep the two cores busy.
    const queue = [...PAGES];
    const results = [];
    await Promise.all([0, 1].map(async () => {
      for (let file = queue.shift(); file; file = queue.shift()) results.push(await check(size, file));
    }));
    assert.equal(results.length, PAGES.length);
    const failed = results.filter((r) => r.problems.length).map((r) => `${r.file}: ${r.problems.join('; ')}`);
    assert.deepEqual(failed, []);
    // The chapters with figures drew them (the check above saw them draw).
    assert.ok(results.filter((r) => r.canvases > 0).length >= 14, results.map((r) => `${r.file} ${r.canvases}`).join(', '));
  });
}

test('an English page works offline after a first visit', async () => {
  const offline = await serve();
  const { page, context, errors } = await openPage(browser, { serviceWorkers: 'allow' });
  await page.goto(`${offline.base}en/a1-lease-expiry.html`);
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await offline.close(); // nothing answers on that port any more
  for (const file of ['en/a1-lease-expiry.html', 'en/b1-remember.html']) {
    await page.goto(`${offline.base}${file}`);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', file);
    const title = await page.$eval('article.chapter h1', (h) => h.textContent);
    assert.ok(title.length > 2 && !HANGUL.test(title), `${file} offline: "${title}"`);
    assert.equal(await page.$('#panic-banner'), null, `panic banner on ${file} offline`);
  }
  assert.ok(await page.$eval('figure canvas', (c) => c.width > 0), 'a figure draws offline');
  assert.deepEqual(errors, []);
  await context.close();
});

test('1280 px: the tips a reader opens on English figures (a mark, a chart\'s second, a map cell) are in English', async () => {
  const { page, errors } = await openPage(browser);
  const seen = [];
  for (const file of ['en/a3-fencing.html', 'en/a5-outage.html', 'en/a7-sweeps.html', 'en/b1-remember.html']) {
    await page.goto(`${server.base}${file}`);
    await ready(page);
    const canvas = page.locator('figure.lab-figure canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    for (const [x, y] of [[0.3, 0.3], [0.45, 0.5], [0.6, 0.5], [0.7, 0.7]]) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      await page.waitForTimeout(150);
      const tips = await page.$$eval('.mark-tip', (ts) => ts.filter((t) => t.getClientRects().length).map((t) => t.textContent.trim()));
      seen.push(...tips.map((t) => `${file}: ${t}`));
    }
  }
  assert.ok(seen.length >= 3, `too few tips opened: ${seen.join(' | ')}`);
  assert.deepEqual(seen.filter((t) => HANGUL.test(t)), [], 'a tip in Korean');
  assert.deepEqual(errors, []);
});
