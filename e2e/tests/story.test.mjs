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
