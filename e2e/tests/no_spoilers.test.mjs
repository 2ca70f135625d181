// No spoilers in Article A (issue 17): a lock-lease timeline's results
// table and the stage's key numbers wait until the player passes the first
// anomaly (or the window's end when there is none), or until the reader
// presses "결과 보기" (keyboard reachable); a figure without a player (A8)
// shows its table at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const A1 = '#lease-expiry';

test('A1 at time 0 hides its table and key numbers; "결과 보기" by keyboard shows them', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=0`);
  await ready(page);
  await page.waitForSelector(`${A1} .results-hidden`);
  assert.equal(await page.locator(`${A1} table.metrics`).count(), 0, 'no table at time 0');
  // The key numbers keep their place, their values held back.
  const held = await page.locator(`${A1} .key-numbers[data-held=true] dd`).allTextContents();
  assert.ok(held.length >= 1 && held.every((v) => v === '?'), `the key numbers keep their labels, values held: ${held}`);
  assert.match(await page.locator(`${A1} .results-hidden`).textContent(), /첫 이상 현상/);
  // Keyboard: focus the button and press Enter.
  await page.locator(`${A1} .results-reveal`).focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector(`${A1} table.metrics[data-pending=false]`);
  await page.waitForSelector(`${A1} .key-numbers:not([data-held])`);
  assert.doesNotMatch((await page.locator(`${A1} .key-numbers dd`).allTextContents()).join(' '), /\?/);
  assert.equal(await page.locator(`${A1} .results-hidden`).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A1\'s table appears once the player passes the first anomaly, not before', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=0`);
  await ready(page);
  const atUs = Number(await page.locator(`${A1} .results-hidden`).getAttribute('data-results-at-us'));
  assert.ok(atUs > 0, `the first anomaly is after time 0 (${atUs})`);
  // Just before the first anomaly: still hidden.
  const before = Math.floor(atUs / 1000) - 1;
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=${before}`);
  await ready(page);
  await page.waitForSelector(`${A1} .results-hidden`);
  assert.equal(await page.locator(`${A1} table.metrics`).count(), 0, `hidden at ${before} ms`);
  // At the anomaly: shown.
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=${(atUs / 1000).toFixed(3)}`);
  await ready(page);
  await page.waitForSelector(`${A1} table.metrics`);
  assert.equal(await page.locator(`${A1} .results-hidden`).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a permalink without a player time opens at the end with its table; A8 (no player) shows its table at once', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry`);
  await ready(page);
  await page.waitForSelector(`${A1} table.metrics`);
  await page.goto(`${server.base}?ch=a6-summary`);
  await ready(page);
  await page.waitForSelector('#tradeoff table.metrics');
  assert.equal(await page.locator('#tradeoff .results-hidden').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
