// The canvas is the interface (issue 16): a mark of a lease timeline says
// what it is on hover and with the keyboard, and agrees with the trace the
// figure exports; pressing the time axis seeks the player and dragging
// scrubs; a timeline's legend lists only the marks its figure draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, openPage, ready, describePage } from './helpers.mjs';
import { openLab } from './lab.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const A1 = '#lease-expiry';
// A1 opens at the start of its run with its player's tools in its lab
// (issue 38): these checks read the marks of a run played to its window's
// end, as a reader's permalink with the lab open shows it.
const A1_PLAYED = '?ch=a1-lease-expiry&fig=lease-expiry&t=3000&lab=1';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-canvas-e2e-'));
const SIZES = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];

/** The figure's trace as its export panel downloads it. */
async function traceOf(page, fig) {
  await openLab(page, fig);
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 60000 }),
    page.click(`${fig} .export button[data-export=json]`),
  ]).catch(async (e) => {
    e.message += `\n${await describePage(page)}`;
    throw e;
  });
  const file = path.join(tmp, `${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

async function tip(page, fig) {
  return page.$eval(`${fig} .mark-tip`, (t) => ({ ...t.dataset, text: t.textContent })).catch(() => null);
}

for (const size of SIZES) {
  test(`a hold on A1 says its thread and token, by keyboard and by pointer (${size.width}×${size.height})`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    await page.goto(`${server.base}${A1_PLAYED}`);
    await ready(page);
    await page.locator(`${A1} .canvas-wrap`).scrollIntoViewIfNeeded();
    await page.focus(`${A1} .canvas-wrap`);
    // ↓ walks the marks in time order until it reaches a hold.
    let shown = null;
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
      shown = await tip(page, A1);
      if (shown.kind === 'hold' && shown.token !== undefined) break;
    }
    assert.equal(shown?.kind, 'hold', 'the keyboard reached a hold');
    assert.equal(await page.$eval(`${A1} .mark-live`, (p) => p.textContent), shown.text, 'screen readers hear the same');
    assert.equal(await page.locator(`${A1} .mark-ring`).count(), 1, 'a ring marks the chosen mark');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${A1} .mark-tip`, { state: 'detached', timeout: 5000 });

    // The pointer over the same place finds the same hold.
    const box = await page.locator(`${A1} canvas`).boundingBox();
    await page.mouse.move(box.x + Number(shown.x), box.y + Number(shown.y));
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
    const hovered = await tip(page, A1);
    assert.equal(hovered.kind, 'hold');
    assert.equal(hovered.id, shown.id, 'hover and keyboard name the same hold');

    // What the tip says is what the trace says of that hold.
    const trace = await traceOf(page, A1);
    const hold = trace.holds.find((h) => String(h.id) === hovered.id);
    assert.ok(hold, `hold ${hovered.id} is in the exported trace`);
    assert.equal(String(hold.worker), hovered.worker);
    assert.equal(String(hold.token), hovered.token);
    assert.ok(hovered.text.includes(`스레드 ${hold.worker} `), hovered.text);
    assert.ok(hovered.text.includes(`토큰 #${hold.token}`), hovered.text);
    if (hold.read_value_won !== null && hold.read_value_won >= 0) {
      assert.ok(hovered.text.includes(`${Number(hold.read_value_won).toLocaleString('en-US')}원 읽음`), hovered.text);
    }
    // Moving off the canvas hides the tip.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
    await page.waitForSelector(`${A1} .mark-tip`, { state: 'detached', timeout: 5000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`pressing A1's time axis seeks the player and dragging scrubs (${size.width}×${size.height})`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    await page.goto(`${server.base}${A1_PLAYED}`);
    await ready(page);
    await page.locator(`${A1} .canvas-wrap`).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${A1} .canvas-wrap[data-time-axis]`, { timeout: 10000 });
    const [x0, x1, y] = (await page.$eval(`${A1} .canvas-wrap`, (w) => w.dataset.timeAxis)).split(',').map(Number);
    const windowMs = 1000 * Number((await page.$eval(`label[for="lease-expiry-win"] output`, (o) => o.textContent)).match(/~([\d.]+)/)[1]);
    const position = async () => Number((await page.$eval(`label[for="lease-expiry-scrub"] output`, (o) => o.textContent)).match(/([\d.]+) ms/)[1]);
    const box = await page.locator(`${A1} canvas`).boundingBox();
    const at = (f) => box.x + x0 + f * (x1 - x0);
    const before = await position();
    await page.mouse.click(at(0.25), box.y + y);
    await page.waitForFunction(([sel, b]) => !document.querySelector(sel).textContent.startsWith(`${b.toFixed(1)} ms`), [`label[for="lease-expiry-scrub"] output`, before], { timeout: 5000 });
    const clicked = await position();
    // Within two pixels of the press.
    const tolerance = 2 * windowMs / (x1 - x0) + 1;
    assert.ok(Math.abs(clicked - 0.25 * windowMs) <= tolerance, `clicked at 25%: ${clicked} ms of ${windowMs}`);
    assert.equal(await page.locator(`${A1} button.play`).getAttribute('aria-pressed'), 'false');
    await page.waitForFunction(() => location.search.includes('t='), null, { timeout: 5000 });

    await page.mouse.move(at(0.3), box.y + y);
    await page.mouse.down();
    await page.mouse.move(at(0.5), box.y + y, { steps: 4 });
    await page.mouse.move(at(0.7), box.y + y, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(([sel, c]) => !document.querySelector(sel).textContent.startsWith(`${c.toFixed(1)} ms`), [`label[for="lease-expiry-scrub"] output`, clicked], { timeout: 5000 });
    const dragged = await position();
    assert.ok(Math.abs(dragged - 0.7 * windowMs) <= tolerance, `dragged to 70%: ${dragged} ms of ${windowMs}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("A1's legend lists only the marks A1 draws", async () => {
  const { page, errors, context } = await openPage(browser, SIZES[0]);
  await page.goto(`${server.base}${A1_PLAYED}`);
  await ready(page);
  const items = await page.$$eval(`${A1} .legend li`, (lis) => lis.map((li) => li.dataset.legend));
  assert.ok(items.length > 0, 'A1 has a legend');
  const trace = await traceOf(page, A1);
  // A1's lock has no watchdog and no fence lane: neither is keyed.
  assert.notEqual(trace.config.variant, 'watchdog');
  for (const absent of ['watchdog-extend', 'watchdog-lost', 'fence', 'lockless']) {
    assert.ok(!items.includes(absent), `A1 draws no ${absent}: ${items}`);
  }
  // What A1 does draw is keyed: holds, the server's leases, the balance lane.
  for (const present of ['approved', 'lease', 'snapshot']) {
    assert.ok(items.includes(present), `A1 draws ${present}: ${items}`);
  }
  // A release that was stolen is keyed only when one is drawn within the window.
  const windowUs = 1000 * Number((await page.$eval(`label[for="lease-expiry-win"] output`, (o) => o.textContent)).match(/~([\d.]+)/)[1]) * 1000;
  const stolen = trace.holds.some((h) => h.release_result === 'stolen' && h.released_at.t_us <= windowUs);
  assert.equal(items.includes('stolen'), stolen, `stolen keyed iff drawn: ${items}`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A figure's download by its export button, as bytes. */
async function downloadJson(page, fig, kind) {
  await openLab(page, fig);
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 60000 }),
    page.click(`${fig} .export button[data-export=${kind}]`),
  ]);
  const file = path.join(tmp, `${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

for (const size of SIZES) {
  test(`a heatmap cell's value shows on hover, without navigating (${size.width}×${size.height})`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-contention&tpw_lo=1&tpw_hi=3&wallets_lo=1&wallets_hi=2&seeds=1`);
    await ready(page);
    const fig = '#sweep-contention';
    await page.waitForSelector(`${fig}[data-state=done]`, { timeout: 180000 });
    const url = page.url();
    const grid = await downloadJson(page, fig, 'json');
    const cells = page.locator(`${fig} button.sweep-cell`);
    const n = await cells.count();
    assert.equal(n, grid.cells.length);
    for (const i of [0, n - 1]) {
      const cell = cells.nth(i);
      await cell.scrollIntoViewIfNeeded();
      await cell.hover();
      const { ix, iy, x, y } = await cell.evaluate((b) => ({ ...b.dataset }));
      await page.waitForSelector(`${fig} .sweep-tip[data-ix="${ix}"][data-iy="${iy}"]`, { timeout: 5000 });
      const shown = await page.$eval(`${fig} .sweep-tip`, (t) => ({ ...t.dataset, text: t.textContent }));
      const want = grid.cells.find((c) => String(c.x) === x && String(c.y) === y);
      assert.ok(want, `cell ${x},${y} is in the grid JSON`);
      assert.equal(Number(shown.overMean), want.over_approval_mean, 'the tip carries the cell\'s own mean');
      assert.equal(Number(shown.thrMean), want.throughput_mean);
      assert.ok(shown.text.includes(`처리량 평균 ${want.throughput_mean.toFixed(1)}건/초`), shown.text);
      assert.equal(page.url(), url, 'hovering does not navigate');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("A1's TTL changes by dragging an expired lease's end, and by + and − on a lease", async () => {
  const { page, errors, context } = await openPage(browser, SIZES[0]);
  await page.goto(`${server.base}${A1_PLAYED}`);
  await ready(page);
  await page.locator(`${A1} .canvas-wrap`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${A1} .canvas-wrap[data-time-axis]`, { timeout: 10000 });
  const ttl = page.locator(`${A1} input[name=ttl_ms]`);
  const start = Number(await ttl.inputValue());
  // Keyboard: a lease chosen with ↓, then +.
  await page.focus(`${A1} .canvas-wrap`);
  let lease = null;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
    const t = await tip(page, A1);
    if (t.kind === 'lease' && t.expired === 'true') { lease = t; break; }
  }
  assert.ok(lease, 'the keyboard reached an expired lease');
  await page.keyboard.type('+');
  await page.waitForFunction(([sel, v]) => document.querySelector(sel).value !== v, [`${A1} input[name=ttl_ms]`, String(start)], { timeout: 10000 });
  const plus = Number(await ttl.inputValue());
  assert.ok(plus > start, `+ lengthened the TTL: ${start} → ${plus}`);
  await page.waitForFunction((v) => location.search.includes(`ttl_ms=${v}`), plus, { timeout: 5000 });
  await page.keyboard.press('Escape');

  // Pointer: back at the article's TTL, drag an expired lease's end 40% further along its length.
  await ttl.fill(String(start));
  await page.waitForFunction((v) => location.search.includes(`ttl_ms=${v}`) || !location.search.includes('ttl_ms='), start, { timeout: 5000 });
  await page.waitForSelector(`${A1} .canvas-wrap[data-time-axis]`, { timeout: 10000 });
  await page.focus(`${A1} .canvas-wrap`);
  lease = null;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
    const t = await tip(page, A1);
    if (t.kind === 'lease' && t.expired === 'true') { lease = t; break; }
  }
  assert.ok(lease, 'an expired lease to drag');
  await page.keyboard.press('Escape');
  // The figure's top just under the chapter map: a stage taller than its
  // sticky room sticks by its lower part, so while it is stuck its upper
  // lanes lie under the map, which would take the press.
  await page.$eval(A1, (f) => {
    f.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -(document.querySelector('nav.chapters')?.getBoundingClientRect().height ?? 0) - 8);
  });
  const [x0, x1] = (await page.$eval(`${A1} .canvas-wrap`, (w) => w.dataset.timeAxis)).split(',').map(Number);
  const windowUs = 1e6 * Number((await page.$eval(`label[for="lease-expiry-win"] output`, (o) => o.textContent)).match(/~([\d.]+)/)[1]);
  const xOf = (us) => x0 + (x1 - x0) * us / windowUs;
  const box = await page.locator(`${A1} canvas`).boundingBox();
  const [s, e] = [Number(lease.startUs), Number(lease.endUs)];
  const target = e + 0.4 * (e - s);
  const pressed = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.canvas-wrap'), [box.x + xOf(e), box.y + Number(lease.y)]);
  assert.ok(pressed, `the lease's end (${(box.x + xOf(e)).toFixed(0)}, ${(box.y + Number(lease.y)).toFixed(0)}) is on the canvas, in view`);
  await page.mouse.move(box.x + xOf(e), box.y + Number(lease.y));
  await page.mouse.down();
  await page.mouse.move(box.x + xOf(target), box.y + Number(lease.y), { steps: 5 });
  const ghost = await page.$eval(`${A1} .ttl-tip`, (t) => Number(t.dataset.ttl));
  await page.mouse.up();
  await page.waitForFunction(([sel, v]) => document.querySelector(sel).value !== v, [`${A1} input[name=ttl_ms]`, String(start)], { timeout: 10000 });
  const dragged = Number(await ttl.inputValue());
  assert.equal(dragged, ghost, 'the TTL set is the one the drag showed');
  const want = (target - s) / 1000;
  const perPx = windowUs / 1000 / (x1 - x0);
  assert.ok(Math.abs(dragged - want) <= 2 * perPx + 10, `dragged TTL ${dragged} ms, lease length ${want.toFixed(0)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});
