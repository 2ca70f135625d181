// The timeline player works from the keyboard: space plays and pauses,
// arrows step one event, and every control is reachable with Tab.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasHash } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const FIG = '#lease-expiry';

test('space, arrows and tab drive the player', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&t=500`);
  await ready(page);
  const scrub = page.locator(`${FIG} .scrub`);
  const start = Number(await scrub.inputValue());
  await page.focus(`${FIG} .canvas-wrap`);
  // Yew renders after the key's handler, in a microtask or (when the
  // machine is slow) a later task: wait for the value, then check it.
  const scrubIs = async (v) => {
    await page.waitForFunction(([sel, want]) => Number(document.querySelector(sel).value) === want, [`${FIG} .scrub`, v], { timeout: 5000 }).catch(() => {});
    assert.equal(Number(await scrub.inputValue()), v);
  };
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await scrubIs(start + 2);
  await page.keyboard.press('ArrowLeft');
  await scrubIs(start + 1);
  assert.match(await page.$eval(`${FIG} .player-status`, (p) => p.textContent), /ms: /);

  const play = page.locator(`${FIG} button.play`);
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  const c0 = await canvasHash(page, `${FIG} canvas`);
  await page.keyboard.press('Space');
  assert.equal(await play.getAttribute('aria-pressed'), 'true');
  await page.waitForTimeout(600);
  await page.keyboard.press('Space');
  assert.equal(await play.getAttribute('aria-pressed'), 'false');
  assert.notEqual(await canvasHash(page, `${FIG} canvas`), c0, 'playing moved the timeline');

  // The "next anomaly" button jumps forward and says what it found.
  const before = Number(await scrub.inputValue());
  await page.click(`${FIG} button.btn-warn`);
  assert.ok(Number(await scrub.inputValue()) > before);
  assert.match(await page.$eval(`${FIG} .player-status`, (p) => p.textContent), /지갑 \d/);

  // Tab reaches every player control in order.
  await page.focus(`${FIG} .canvas-wrap`);
  const seen = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => document.activeElement.className || document.activeElement.id));
  }
  const joined = seen.join(' ');
  for (const want of ['play', 'btn-warn', 'autopause', 'scrub', 'speed']) {
    assert.ok(joined.includes(want), `Tab did not reach ${want}: ${joined}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('without reduced motion the player starts playing', async () => {
  const { page, errors, context } = await openPage(browser, { reducedMotion: 'no-preference' });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  assert.equal(await page.locator(`${FIG} button.play`).getAttribute('aria-pressed'), 'true');
  const a = await page.locator(`${FIG} .scrub`).inputValue();
  await page.waitForTimeout(500);
  const b = await page.locator(`${FIG} .scrub`).inputValue();
  assert.notEqual(a, b);
  assert.deepEqual(errors, []);
  await context.close();
});
