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
  // Where "다음" sits in the figure: the same at every step that shows one
  // wallet (the stage keeps the tallest such step's height, the buttons sit
  // above the sentence); only the last step opens out to the whole run.
  const nextAt = () => page.$eval(`${FIG} .story-next`, (b) => Math.round(b.getBoundingClientRect().top - b.closest('figure').getBoundingClientRect().top));
  const firstAt = await nextAt();
  let step = 0;
  let lit = cast[0];
  while (lit.split(',').length < 2) {
    const before = await canvasHash(page, `${FIG} canvas`);
    await page.keyboard.press('ArrowRight');
    await stepIs(++step);
    assert.ok(Math.abs((await nextAt()) - firstAt) <= 1, `"다음" stays put at step ${step}: ${await nextAt()} vs ${firstAt}`);
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
  await page.keyboard.press('ArrowLeft');
  await stepIs(total - 2);
  assert.ok(Math.abs((await nextAt()) - firstAt) <= 1, `"다음" stays put up to the last step: ${await nextAt()} vs ${firstAt}`);
  await page.keyboard.press('ArrowRight');
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
    for (const sel of ['.hook-question', '.hook-player input[type=range]', '.hook-start a', '.door-b a']) {
      const r = await page.$eval(sel, (e) => e.getBoundingClientRect().bottom);
      assert.ok(r <= height, `${sel} is on the first screen (bottom ${r})`);
    }
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // The range input has a label; the map names Article A's and B's chapters.
    assert.equal(await page.$eval('label[for=hook-time]', (l) => !!l), true);
    assert.ok((await page.$$('.hook-map a')).length >= 10);
    // It plays by itself from 0 (it may already have reached its stop by
    // the time the page is ready), then stops to ask before either thread
    // writes; the slider seeks.
    await page.waitForSelector('.hook-outcome[data-asking=true]', { timeout: 15000 });
    const stoppedAt = Number(await page.$eval('#hook-time', (i) => i.value));
    assert.ok(stoppedAt > 0, `the hook played by itself to where it asks (${stoppedAt} ms)`);
    assert.equal(await page.$eval('.hook button.play', (b) => b.getAttribute('aria-pressed')), 'false', 'it paused there');
    assert.doesNotMatch(await page.$eval('.hook', (h) => h.textContent), /59,000|썼습니다/, 'it asks before it answers');
    await page.$eval('#hook-time', (i) => { i.value = i.max; i.dispatchEvent(new Event('input', { bubbles: true })); });
    await page.waitForFunction(() => /모두 59,000원을 썼습니다/.test(document.querySelector('.hook-outcome').textContent), null, { timeout: 5000 });
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

test('with reduced motion the hook does not play: it opens paused where it asks, and answers only when played on', async () => {
  const { page, errors } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(server.base);
  await ready(page);
  await page.waitForSelector('.hook canvas');
  assert.equal(await page.$eval('.hook button.play', (b) => b.getAttribute('aria-pressed')), 'false');
  // Paused where the first lease has run out, before either write.
  const at = Number(await page.$eval('#hook-time', (i) => i.value));
  const max = Number(await page.$eval('#hook-time', (i) => i.max));
  assert.ok(at > 0 && at < max, `the hook opens at ${at} ms of ${max}`);
  const a = await canvasHash(page, '.hook canvas');
  await page.waitForTimeout(500);
  assert.equal(await canvasHash(page, '.hook canvas'), a, 'nothing moves by itself');
  // It asks, and nothing on the hook gives the answer away.
  assert.equal(await page.$eval('.hook-outcome', (p) => p.dataset.asking), 'true');
  const shown = await page.$eval('.hook', (h) => h.textContent);
  assert.match(shown, /어떻게 할까요/);
  assert.doesNotMatch(shown, /59,000|썼습니다/);
  assert.match(await page.$eval('.hook button.play', (b) => b.textContent), /이어서 보기/);
  // Played on (to the end), it answers.
  await page.$eval('#hook-time', (i) => { i.value = i.max; i.dispatchEvent(new Event('input', { bubbles: true })); });
  await page.waitForFunction(() => /모두 59,000원을 썼습니다/.test(document.querySelector('.hook-outcome').textContent), null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});

// Issue 25: a chapter opens on its phenomenon. A1's and A2's first
// screens, on a phone and on a desktop, hold the opening story's live
// canvas and the first step's sentence; the buttons never move while it is
// told; the last step opens out to the whole run and offers the full
// figure, which it brings into view. The prerendered page tells the same
// steps as text.
// Each chapter's opening story: its figure, how its first step opens and how its last step says it opens out.
const LEADS = [
  ['a1-lease-expiry', 'lease-expiry', /^1\/\d+ 지갑 \d+ 하나만 봅니다/, /전체 실험입니다/],
  ['a2-watchdog', 'watchdog-stop', /^1\/\d+ 지갑 \d+ 하나만 봅니다/, /전체 실험입니다/],
  // A3: the write-time fence above, then the read-time fence below, on one wallet; then both runs.
  ['a3-fencing', 'fence-placement', /^1\/\d+ 위는 쓰기 시점 fencing\(c-1\)입니다\. 지갑 \d+에서/, /두 실행 전체입니다/],
  // A4: two lockless sections on one wallet overlap; their UPDATEs meet at the row lock for microseconds.
  ['a4-conditional-update', 'conditional-update', /^1\/\d+ 지갑 \d+ 하나만 봅니다/, /전체 실험입니다/],
  // A5: one panel of the outage chart at a time (c-2 + fail-closed): the counter forgets, the fence remembers.
  ['a5-outage', 'outage', /^1\/\d+ 이 실행은 읽기 시점 fencing\(c-2\)에 fail-closed를 붙였습니다/, /60초 전체입니다/],
];
for (const [chapter, figure, opening, whole] of LEADS) test(`${chapter} opens on its story: first screen at 390 and 1280 px, steady buttons, the whole run at the end`, async () => {
  const LEAD = `#${figure}-story`;
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    const { page, errors, context } = await openPage(browser, { width, height });
    await page.goto(`${server.base}?ch=${chapter}`);
    await ready(page);
    await page.waitForSelector(`${LEAD} canvas`);
    const canvas = await page.locator(`${LEAD} canvas`).boundingBox();
    const sentence = await page.locator(`${LEAD} .story-lead-sentence`).boundingBox();
    assert.ok(canvas.height > 60 && canvas.y >= 0 && canvas.y + canvas.height <= height,
      `${width} px: the story's canvas is on the first screen (${JSON.stringify(canvas)})`);
    assert.ok(sentence.y >= 0 && sentence.y + sentence.height <= height, `${width} px: the first step's sentence is on the first screen`);
    assert.ok(await page.$eval(`${LEAD} canvas`, (c) => c.width > 0 && c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 0)),
      `${width} px: the canvas is drawn`);
    assert.match(await page.textContent(`${LEAD} .story-lead-sentence`), opening);
    const steps = Number(await attr(page, LEAD, 'data-story-steps'));
    assert.ok(steps >= 4, `${steps} steps`);
    // Through every step: "다음" stays put, and so does the drawing until the last step.
    const next = page.locator(`${LEAD} .story-next`);
    const at = async () => ({ next: (await next.boundingBox()).y, canvas: (await page.locator(`${LEAD} canvas`).boundingBox()).y });
    const first = await at();
    for (let i = 1; i < steps; i++) {
      await next.click();
      await page.waitForFunction(([sel, n]) => document.querySelector(sel)?.getAttribute('data-story-step') === String(n), [LEAD, i]);
      const now = await at();
      assert.equal(now.next, first.next, `${width} px, step ${i + 1}: "다음" did not move`);
      if (i + 1 < steps) assert.equal(now.canvas, first.canvas, `${width} px, step ${i + 1}: the drawing did not move`);
    }
    assert.equal(await next.getAttribute('aria-disabled'), 'true');
    assert.match(await page.textContent(`${LEAD} .story-lead-sentence`), whole);
    // ← steps back, → forward again.
    await next.focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-story-step') === String(Number(document.querySelector(sel).dataset.storySteps) - 2), LEAD);
    await page.keyboard.press('ArrowRight');
    await page.click(`${LEAD} .story-full`);
    await page.waitForFunction((f) => { const r = document.querySelector(`#${f}`).getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }, figure, { timeout: 5000 });
    // The whole story is there as text too, folded.
    assert.equal(await page.locator(`${LEAD} .story-lead-all li`).count(), steps);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // The prerendered chapter page tells the same first step, for a reader without JavaScript.
  const { page, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=${chapter}`);
  await ready(page);
  const live = (await page.textContent(`${LEAD} .story-lead-all ol`)).trim();
  const res = await fetch(`${server.base}${chapter}.html`);
  const html = await res.text();
  assert.match(html, /<ol class="story-static-steps">/);
  const first = live.split('다.')[0];
  assert.ok(html.includes(first.replace(/"/g, '&quot;')), `the prerendered page tells "${first}"`);
  await context.close();
});
