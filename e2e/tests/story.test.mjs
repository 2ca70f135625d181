// Teaching moves (issue 17, part 2): A1's story mode on its real trace, the
// front page's playable hook, and Article A's closing small multiples.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasHash } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const FIG = '#lease-expiry';
const attr = (page, sel, name) => page.$eval(sel, (e, n) => e.getAttribute(n), name);

test("A1's story names its threads from the trace, lights them, and steps by keyboard", async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry`);
  await ready(page);
  await page.click(`${FIG} .story-start`);
  const bar = `${FIG} .story-active`;
  await page.waitForSelector(bar);
  const cast = (await attr(page, bar, 'data-story-cast')).split(',');
  assert.ok(cast.length >= 2 && cast.length <= 3, `two or three threads: ${cast}`);
  assert.equal(new Set(cast).size, cast.length, 'different threads');
  // Step 1: ㄱ alone is lit, and the sentence names it.
  assert.equal(await attr(page, bar, 'data-highlighted-threads'), cast[0]);
  assert.match(await page.$eval(`${FIG} .story-sentence`, (p) => p.textContent), /ㄱ이 토큰 \d+로 락을 잡고/);
  // "다음" has the focus; → moves on (and the canvas with it) until ㄴ enters.
  assert.equal(await page.evaluate(() => document.activeElement.className), 'btn btn-primary story-next');
  const stepIs = async (n) => {
    await page.waitForFunction(([sel, n]) => document.querySelector(sel)?.getAttribute('data-story-step') === String(n), [bar, n], { timeout: 5000 });
  };
  let step = 0;
  let lit = cast[0];
  while (lit.split(',').length < 2) {
    const before = await canvasHash(page, `${FIG} canvas`);
    await page.keyboard.press('ArrowRight');
    await stepIs(++step);
    assert.notEqual(await canvasHash(page, `${FIG} canvas`), before, 'each step redraws the canvas');
    lit = await attr(page, bar, 'data-highlighted-threads');
    assert.ok(step < 5, 'ㄴ enters within the first steps');
  }
  assert.deepEqual(lit.split(','), cast.slice(0, 2), 'the two named threads are the story\'s, found in the trace');
  const litText = await page.$eval(`${FIG} .story-lit`, (p) => p.textContent);
  assert.equal(litText, `강조한 스레드: 스레드 ${cast[0]}(ㄱ), 스레드 ${cast[1]}(ㄴ)`);
  assert.match(await page.$eval(`${FIG} .story-sentence`, (p) => p.textContent), /이중 소유/);
  assert.equal(await attr(page, `${FIG} .story-sentence`, 'aria-live'), 'polite');
  // ← goes back, End of the story opens out to the whole experiment with nothing lit.
  await page.keyboard.press('ArrowLeft');
  await stepIs(step - 1);
  const total = Number(await attr(page, bar, 'data-story-steps'));
  for (let i = step - 1; i < total - 1; i++) await page.keyboard.press('ArrowRight');
  await stepIs(total - 1);
  assert.equal(await attr(page, bar, 'data-highlighted-threads'), '');
  assert.match(await page.$eval(`${FIG} .story-sentence`, (p) => p.textContent), /전체 실험/);
  // Esc leaves the story.
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${FIG} .story-start`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a run with no overlap says so instead of telling a story', async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600`);
  await ready(page);
  await page.click(`${FIG} .story-start`);
  await page.waitForSelector(`${FIG} .story-active`);
  assert.equal(await attr(page, `${FIG} .story-active`, 'data-story-cast'), '');
  assert.match(await page.$eval(`${FIG} .story-sentence`, (p) => p.textContent), /순간이 없습니다/);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [width, height] of [[1280, 900], [390, 844]]) {
  test(`the front page's first screen holds a playable two-thread hook at ${width}×${height}`, async () => {
    const { page, errors } = await openPage(browser, { width, height, reducedMotion: 'no-preference' });
    await page.goto(server.base);
    await ready(page);
    await page.waitForSelector('.hook canvas');
    const box = await page.$eval('.hook canvas', (c) => { const r = c.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, h: r.height, w: r.width }; });
    assert.ok(box.h > 60 && box.w > 300, `a real canvas: ${JSON.stringify(box)}`);
    assert.ok(box.bottom <= height, `the canvas is on the first screen, no scrolling: ${JSON.stringify(box)}`);
    for (const sel of ['.hook-question', '.hook-player input[type=range]', '.hook-start a', '.hook-map a']) {
      const r = await page.$eval(sel, (e) => e.getBoundingClientRect().bottom);
      assert.ok(r <= height, `${sel} is on the first screen (bottom ${r})`);
    }
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // The range input has a label; the map names Article A's and B's chapters.
    assert.equal(await page.$eval('label[for=hook-time]', (l) => !!l), true);
    assert.ok((await page.$$('.hook-map a')).length >= 10);
    // It plays: the canvas changes on its own, then the slider seeks.
    const a = await canvasHash(page, '.hook canvas');
    await page.waitForTimeout(700);
    assert.notEqual(await canvasHash(page, '.hook canvas'), a, 'the hook plays as the page opens');
    await page.$eval('#hook-time', (i) => { i.value = i.max; i.dispatchEvent(new Event('input', { bubbles: true })); });
    await page.waitForFunction(() => /모두 59,000원을 썼습니다/.test(document.querySelector('.hook-outcome').textContent), null, { timeout: 5000 });
    await page.screenshot({ path: `/tmp/h4-hook-${width}.png` });
    // The start link opens experiment 1.
    await page.click('.hook-start a');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('ch') === 'a1-lease-expiry');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the small multiples show five panels that move together with the one player', async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(`${server.base}?ch=a6-summary`);
  await ready(page);
  const fig = '#side-by-side';
  await page.waitForSelector(`${fig} canvas`);
  const canvases = await page.$$(`${fig} .side-panel canvas`);
  assert.equal(canvases.length, 5);
  const labels = await page.$$eval(`${fig} .side-panel-label`, (ls) => ls.map((l) => l.textContent));
  assert.deepEqual(labels, ['(a)', '(b)', '(c-1)', '(c-2)', '(d)']);
  const hashes = () => Promise.all([1, 2, 3, 4, 5].map((i) => canvasHash(page, `${fig} .side-panel:nth-child(${i}) canvas`)));
  const numbers = () => page.$$eval(`${fig} .side-panel-numbers`, (ns) => ns.map((n) => n.textContent));
  const before = await hashes();
  const nBefore = await numbers();
  // Reduced motion: the panels open at the end of their window. Scrub to 0.7 s.
  assert.equal(await attr(page, `${fig} .side-panels`, 'data-cursor-us'), '2000000');
  await page.$eval('#side-by-side-time', (i) => { i.value = 700; i.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForFunction((f) => document.querySelector(f + ' .side-panels').dataset.cursorUs === '700000', fig, { timeout: 5000 });
  const after = await hashes();
  for (let i = 0; i < 5; i++) assert.notEqual(after[i], before[i], `panel ${labels[i]} moved with the player`);
  assert.notDeepEqual(await numbers(), nBefore, 'the live numbers follow the player');
  // The keyboard drives the same player: ← steps every panel back together.
  await page.focus(`${fig} .side-panels`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((f) => Number(document.querySelector(f + ' .side-panels').dataset.cursorUs) < 700000, fig, { timeout: 5000 });
  const stepped = await hashes();
  assert.ok(stepped.some((h, i) => h !== after[i]), 'a step back redraws the panels');
  assert.deepEqual(errors, []);
  await page.close();
});

test('with reduced motion the hook does not play: it opens at its end, the outcome said', async () => {
  const { page, errors } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(server.base);
  await ready(page);
  await page.waitForSelector('.hook canvas');
  assert.equal(await page.$eval('.hook button.play', (b) => b.getAttribute('aria-pressed')), 'false');
  assert.equal(await page.$eval('#hook-time', (i) => i.value), await page.$eval('#hook-time', (i) => i.max));
  const a = await canvasHash(page, '.hook canvas');
  await page.waitForTimeout(500);
  assert.equal(await canvasHash(page, '.hook canvas'), a, 'nothing moves by itself');
  assert.match(await page.$eval('.hook-outcome', (p) => p.textContent), /모두 59,000원을 썼습니다/);
  assert.match(await page.$eval('.hook-question', (p) => p.textContent), /둘 다 59,000원을 쓸까요/);
  assert.deepEqual(errors, []);
  await page.close();
});
