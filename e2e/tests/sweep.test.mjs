// The sweep figures (sweep-ttl-pause, sweep-contention): computed in web
// workers with a real <progress>, no main-thread task over 50 ms while a
// sweep runs (PerformanceObserver 'longtask'), a cell opens the A1 timeline
// with that cell's parameters (click or Enter opens its summary, whose link opens the run), and coming back is instant
// because finished sweeps are cached by their parameters.
//
// SWEEP_N (default 30) sets the measured sweep's grid (N×N cells, 3 seeds).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, dist } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const N = Number(process.env.SWEEP_N || 30);
const LONGTASK_BUDGET_MS = 50;

// Records every long task from the very start of the page.
const OBSERVE = () => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

const done = (page, id) => page.waitForSelector(`#${id}[data-state=done]`, { timeout: 180000 });

// The pool's workers run the site's own module (src/web/worker_pool.rs):
// the build has no worker of its own, and a worker fetches no wasm.
test('the workers run the site\'s module, and only a chapter that needs them starts them', async () => {
  assert.deepEqual(fs.readdirSync(dist).filter((f) => /^worker/.test(f)), [], 'dist/ has no worker files');
  const { page, errors, context } = await openPage(browser);
  const wasmRequests = [];
  context.on('request', (r) => { if (/\.wasm(?:$|\?)/.test(r.url())) wasmRequests.push(r.url()); });
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  // On two cores the live tables run on the main thread (with four or more,
  // the lease chapters warm the pool up for them), so there a chapter without
  // sweeps never starts a worker.
  await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 2 }));
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  assert.deepEqual(workers, [], 'a chapter without sweeps starts no worker');
  // The sweeps start the pool: its workers are blobs of the site's glue, handed the page's compiled module.
  await page.goto(`${server.base}?ch=a7-sweeps`);
  await ready(page);
  await done(page, 'sweep-ttl-pause');
  assert.equal(workers.length, 2, `two workers on two cores: ${workers.join(', ')}`);
  assert.ok(workers.every((u) => u.startsWith('blob:')), workers.join(', '));
  assert.ok(wasmRequests.every((u) => /\/site-[0-9a-f]+_bg\.wasm$/.test(u)), `only the site's wasm was fetched: ${wasmRequests.join(', ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test(`sweep ${N}×${N}×3 in workers: progress completes, no long main-thread task, cell opens A1, back is cached`, async () => {
  const { page, errors, context } = await openPage(browser);
  await page.addInitScript(OBSERVE);
  await page.goto(`${server.base}?ch=a7-sweeps`);
  await ready(page);
  for (const id of ['sweep-ttl-pause', 'sweep-contention']) {
    await page.waitForSelector(`figure#${id} figcaption`);
    await page.waitForSelector(`figure#${id} progress`);
    await done(page, id);
    const alt = await page.textContent(`#${id}-desc`);
    assert.match(alt, /격자/);
  }

  // The measured sweep: N×N cells × 3 seeds, started by a slider (round 1: the
  // grid size; later rounds: TTL start + 10 ms, a new sweep of the same size).
  // The machine may be shared, so, as in perf.test.mjs, up to ROUNDS rounds
  // run, every round is printed, and the test passes when one round keeps
  // every main-thread task within the budget.
  const fig = '#sweep-ttl-pause';
  const ROUNDS = 3;
  let best = null;
  let measured = null;
  for (let round = 1; round <= ROUNDS; round++) {
    const t0 = await page.evaluate(() => performance.now());
    if (round === 1) {
      // The grid's size sits under "모든 설정", in the map's lab (issue 38: lesson mode shows the map and the lab's button).
      await page.locator(`${fig} .lab-toggle`).click();
      await page.locator(`${fig} details.all-settings > summary`).click();
      await page.locator(`${fig} input[name=n]`).fill(String(N));
    }
    else await page.locator(`${fig} input[name=ttl_lo]`).fill(String(50 + 10 * (round - 1)));
    await page.waitForSelector(`${fig}[data-state=running]`);
    const progressSeen = [];
    for (;;) {
      const [value, max, state] = await page.$eval(`${fig}`, (f) => {
        const p = f.querySelector('progress');
        return [Number(p.value), Number(p.max), f.dataset.state];
      });
      progressSeen.push(value);
      if (state === 'done') { assert.equal(value, max, 'progress reaches its max'); assert.equal(max, N); break; }
      await page.waitForTimeout(100);
    }
    assert.ok(new Set(progressSeen).size > 2, 'progress moved in steps');
    const sweeps = await page.evaluate(() => window.__labSweep);
    measured = sweeps.filter((s) => s.key.startsWith('sweep-ttl-pause') && s.key.includes(`n=${N}&`)).at(-1);
    assert.ok(measured, JSON.stringify(sweeps));
    const long = await page.evaluate((t) => window.__longtasks.filter((e) => e.start >= t), t0);
    const longest = long.reduce((m, e) => Math.max(m, e.duration), 0);
    console.log(`round ${round}: sweep ${N}×${N}×3 = ${measured.runs} runs: ${(measured.ms / 1000).toFixed(2)} s wall with ${measured.workers} workers `
      + `(worker compute ${(measured.compute_ms / 1000).toFixed(2)} s, ${(measured.compute_ms / measured.runs).toFixed(2)} ms per run); `
      + `progress values seen ${new Set(progressSeen).size}; main-thread long tasks during the sweep: ${long.length}, longest ${longest.toFixed(0)} ms`
      + (long.length ? ` (at ms after the slider change: ${long.map((e) => `${(e.start - t0).toFixed(0)}: ${e.duration.toFixed(0)}`).join(', ')})` : ''));
    if (best === null || longest < best) best = longest;
    if (longest <= LONGTASK_BUDGET_MS) break;
  }
  assert.ok(best <= LONGTASK_BUDGET_MS, `a main-thread task took more than ${LONGTASK_BUDGET_MS} ms in every round (best round: ${best} ms)`);

  // Click a cell: its summary opens under the map; its link opens the A1 timeline with that cell's parameters.
  const cell = page.locator(`${fig} button.sweep-cell`).nth(N + 3);
  const [x, y] = await cell.evaluate((b) => [b.dataset.x, b.dataset.y]);
  await cell.click();
  await page.click(`${fig} .sweep-opened-link`);
  await page.waitForSelector('#lease-expiry canvas');
  let url = new URL(page.url());
  assert.equal(url.searchParams.get('ch'), 'a1-lease-expiry');
  assert.equal(url.searchParams.get('fig'), 'lease-expiry');
  assert.equal(url.searchParams.get('preset'), 'exp1');
  if (x !== '200') assert.equal(url.searchParams.get('ttl_ms'), x);
  if (y !== '500') assert.equal(url.searchParams.get('pause_max_ms'), y);
  const ttlShown = await page.inputValue('#lease-expiry input[name=ttl_ms]');
  assert.equal(ttlShown, x, 'the timeline runs the cell');

  // Back: the sweep figure comes back complete from the cache at once.
  const tBack = Date.now();
  await page.goBack();
  await page.waitForSelector(`${fig}[data-state=done][data-cached=true]`, { timeout: 5000 });
  const backMs = Date.now() - tBack;
  console.log(`back to the sweep chapter → cached heatmap shown in ${backMs} ms (includes refetching the chapter text)`);
  assert.equal(await page.$eval(`${fig} progress`, (p) => p.value === p.max), true);

  // Keyboard: focus a cell, move right, Enter opens the next column.
  await page.locator(`${fig} button.sweep-cell[tabindex="0"]`).focus();
  const before = await page.evaluate(() => document.activeElement.dataset.x);
  await page.keyboard.press('ArrowRight');
  const after = await page.evaluate(() => [document.activeElement.dataset.x, document.activeElement.dataset.y]);
  assert.notEqual(after[0], before, 'ArrowRight moves the focus');
  await page.keyboard.press('Enter');
  await page.click(`${fig} .sweep-opened-link`);
  await page.waitForSelector('#lease-expiry canvas');
  url = new URL(page.url());
  assert.equal(url.searchParams.get('fig'), 'lease-expiry');
  if (after[0] !== '200') assert.equal(url.searchParams.get('ttl_ms'), after[0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('URL state: variant and ranges survive a reload; bad values give a notice', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-contention&variant=fence_read&tpw_lo=1&tpw_hi=3&wallets_lo=1&wallets_hi=2&seeds=1`);
  await ready(page);
  await done(page, 'sweep-contention');
  assert.equal(await page.inputValue('#sweep-contention select[name=variant]'), 'fence_read');
  assert.equal(await page.$$eval('#sweep-contention button.sweep-cell', (b) => b.length), 6);
  const alt = await page.textContent('#sweep-contention-desc');
  assert.match(alt, /모두 초과 승인이 0/);
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-ttl-pause&variant=<b>x</b>&n=999`);
  await ready(page);
  const notice = await page.textContent('#sweep-ttl-pause .notice');
  assert.match(notice, /variant=<b>x<\/b>/);
  assert.equal(await page.$$eval('#sweep-ttl-pause .notice b', (b) => b.length), 0, 'URL text is never markup');
  assert.deepEqual(errors, []);
  await context.close();
});

test('while the grid fills, the map\'s stage and the controls under it keep their place (390 and 1280 px)', async () => {
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    const { page, errors, context } = await openPage(browser, { width, height });
    await page.goto(`${server.base}?ch=a7-sweeps`);
    await ready(page);
    const fig = '#sweep-ttl-pause';
    // A new grid, started after the page settled.
    await done(page, 'sweep-ttl-pause');
    // The sliders are in the map's lab (issue 38).
    await page.locator(`${fig} .lab-toggle`).click();
    await page.locator(`${fig} input[name=ttl_lo]`).fill('70');
    await page.waitForSelector(`${fig}[data-state=running]`);
    const place = () => page.evaluate((sel) => {
      const f = document.querySelector(sel);
      const top = f.getBoundingClientRect().top;
      const stage = f.querySelector('.figure-stage').getBoundingClientRect();
      const slider = f.querySelector('.figure-side input[type=range]').getBoundingClientRect();
      return { stage: Math.round(stage.height), slider: Math.round(slider.top - top) };
    }, fig);
    const running = await place();
    await done(page, 'sweep-ttl-pause');
    const finished = await place();
    assert.deepEqual(finished, running, `${width}px: the stage's height and the first slider's offset while running and when done`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
