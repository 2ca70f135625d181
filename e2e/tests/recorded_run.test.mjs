// A1's recorded real run (issue 27): the lease timeline draws run 0 of
// `lab real`'s committed set on a real Redis and PostgreSQL, laid out by the
// same plan as a simulation. An address opens it (`real=1`), the reader can
// switch to it and back, its marks answer like a simulation's, its numbers
// are the real run's (content/real/pay/summary.json, what `lab real`
// printed), and moving a control goes back to the simulation and says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, root } from './helpers.mjs';
import { openLab } from './lab.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const A1 = '#lease-expiry';
const summary = JSON.parse(fs.readFileSync(path.join(root, 'content/real/pay/summary.json'), 'utf8'));
const real = (metric) => summary.configs.find((c) => c.variant === 'exp1').table.find((l) => l.metric === metric).real[0];
const group = (n) => n.toLocaleString('en-US');

async function keyNumbers(page) {
  return page.$$eval(`${A1} .figure-stage .key-number`, (els) => Object.fromEntries(els.map((e) => [e.querySelector('dt').textContent, e.querySelector('dd').textContent])));
}

test('an address opens the recorded run: drawn, labelled as a real run, its numbers the real run 0\'s', async () => {
  const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&real=1`);
  await ready(page);
  await page.waitForSelector(`${A1} .recorded-run`);
  const source = await page.textContent(`${A1} .recorded-source`);
  assert.match(source, /실제 실행 기록입니다/);
  assert.match(source, /Redis 7\.0\.15/);
  const numbers = await keyNumbers(page);
  assert.equal(numbers['승인'], group(real('approvals')));
  assert.equal(numbers['소유 겹침 쌍'], group(real('ownership_overlap_pairs')));
  assert.equal(numbers['잃어버린 갱신 쌍'], group(real('lost_update_pairs')));
  // No sliders and no export bar for a record; the text alternative says what it is.
  assert.equal(await page.locator(`${A1} .figure-side input[type=range][name=ttl_ms]`).count(), 0);
  assert.equal(await page.locator(`${A1} .export`).count(), 0);
  assert.match(await page.textContent(`#lease-expiry-desc`), /실제 실행 기록/);
  // The canvas has a drawing.
  const inked = await page.$eval(`${A1} canvas`, (c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
    return n;
  });
  assert.ok(inked > 2000, `the canvas is drawn (${inked} dark pixels)`);
  assert.match(page.url(), /real=1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a recorded lease runs out while its holder still works, and its marks answer', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&real=1`);
  await ready(page);
  await page.waitForSelector(`${A1} .recorded-run`);
  await page.locator(`${A1} .canvas-wrap`).scrollIntoViewIfNeeded();
  await page.focus(`${A1} .canvas-wrap`);
  // ↓ walks the marks in time order: a hold, then a lease that ran out.
  const seen = new Set();
  let expiredLease = null;
  for (let i = 0; i < 60 && !(seen.has('hold') && expiredLease); i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
    const t = await page.$eval(`${A1} .mark-tip`, (el) => ({ ...el.dataset, text: el.textContent }));
    seen.add(t.kind);
    if (t.kind === 'lease' && t.expired === 'true') expiredLease = t;
  }
  assert.ok(seen.has('hold'), 'a hold answered');
  assert.ok(expiredLease, 'a lease that ran out on the server answered');
  // The article's TTL, 200 ms, on Redis's clock.
  assert.equal(Number(expiredLease.endUs) - Number(expiredLease.startUs), 200000);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the reader switches to the record and back; a TTL changed on the record goes back to the simulation and says so', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry`);
  await ready(page);
  // The source switch is the lab's (issue 38).
  await openLab(page, A1);
  await page.check(`${A1} input[name=lease-expiry-source][value=real]`);
  await page.waitForSelector(`${A1} .recorded-run`);
  await page.waitForFunction(() => location.search.includes('real=1'));
  await page.check(`${A1} input[name=lease-expiry-source][value=sim]`);
  await page.waitForSelector(`${A1} .recorded-run`, { state: 'detached' });
  await page.waitForFunction(() => !location.search.includes('real=1'));
  await page.locator(`${A1} input[name=ttl_ms]`).waitFor();

  // From the record, a TTL changed on the canvas (a lease chosen, then +) is a simulation's.
  await page.check(`${A1} input[name=lease-expiry-source][value=real]`);
  await page.waitForSelector(`${A1} .recorded-run`);
  await page.focus(`${A1} .canvas-wrap`);
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
    if (await page.$eval(`${A1} .mark-tip`, (el) => el.dataset.kind === 'lease')) break;
  }
  await page.keyboard.press('+');
  await page.waitForSelector(`${A1} .recorded-run`, { state: 'detached' });
  await page.waitForFunction(() => location.search.includes('ttl_ms=') && !location.search.includes('real=1'));
  assert.match(await page.textContent(`${A1} .notice`), /실제 실행 기록은 바꿀 수 없어서/);
  assert.equal(await page.isChecked(`${A1} input[name=lease-expiry-source][value=sim]`), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the chapter\'s link under the real runs\' table opens the record in figure 1-1, in view', async () => {
  const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  await page.click('.prose a[href*="real=1"]');
  await page.waitForSelector(`${A1} .recorded-run`);
  await page.waitForFunction((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight / 2;
  }, A1);
  assert.deepEqual(errors, []);
  await context.close();
});
