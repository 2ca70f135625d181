// Legible at every size (issue 24), the interaction and colour half: on a
// phone (390×844, touch) a tap on a mark shows its tip after the finger
// lifts and keeps it; a tap on empty plot area closes it without moving the
// player; Esc closes it. In dark mode no canvas is a white slab, nor any
// part of figure 8-1 (its lanes, timeline strip and step boxes are HTML and
// SVG, coloured by site.css).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve, launch, ready, labBinary } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function phone({ colorScheme = 'light' } = {}) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
    reducedMotion: 'reduce', serviceWorkers: 'block', colorScheme,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

const tipOf = (page, fig) => page.$eval(`${fig} .mark-tip`, (t) => ({ ...t.dataset, text: t.textContent })).catch(() => null);
const settle = (page) => page.waitForTimeout(400);

test('A1 on a phone: a tapped mark keeps its tip; empty plot area closes it and leaves the player; Esc closes it', async () => {
  const { page, errors, context } = await phone();
  const A1 = '#lease-expiry';
  // A1 opens at the start of its run, its player's tools in its lab (issue
  // 38): the reader's permalink of the run played to its end, lab open.
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&t=3000&lab=1`);
  await ready(page);
  await page.locator(`${A1} .canvas-wrap`).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${A1} .canvas-wrap[data-time-axis]`, { timeout: 10000 });
  // Where a hold is drawn: the keyboard's stop (data-x/y are shown px on the canvas).
  await page.focus(`${A1} .canvas-wrap`);
  let mark = null;
  for (let i = 0; i < 40 && mark?.kind !== 'hold'; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
    mark = await tipOf(page, A1);
  }
  assert.equal(mark?.kind, 'hold');
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${A1} .mark-tip`, { state: 'detached', timeout: 5000 });
  const position = () => page.$eval(`label[for="lease-expiry-scrub"] output`, (o) => o.textContent);
  const before = await position();
  const box = await page.locator(`${A1} canvas`).boundingBox();
  await page.touchscreen.tap(box.x + Number(mark.x), box.y + Number(mark.y));
  await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
  await settle(page);
  const tapped = await tipOf(page, A1);
  assert.equal(tapped?.kind, 'hold', 'the tip stays after the finger lifts');
  assert.equal(tapped.id, mark.id, 'the tapped hold is the one the keyboard named');
  assert.ok(/스레드 \d+/.test(tapped.text), tapped.text);
  // Empty plot area: the lane labels' column is no mark, nor is the strip just above the axis's labels.
  const [x0, x1, axisY] = (await page.$eval(`${A1} .canvas-wrap`, (w) => w.dataset.timeAxis)).split(',').map(Number);
  let closed = false;
  for (const [fx, dy] of [[-0.5, -30], [0.5, -14], [0.2, -14], [0.8, -14], [0.5, -30], [0.35, -22]]) {
    // fx < 0: the lane names' column, left of the plot.
    const px = fx < 0 ? x0 / 2 : x0 + fx * (x1 - x0);
    await page.touchscreen.tap(box.x + px, box.y + axisY + dy);
    await settle(page);
    if (!(await tipOf(page, A1))) { closed = true; break; }
    await page.touchscreen.tap(box.x + Number(mark.x), box.y + Number(mark.y));
    await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
  }
  assert.ok(closed, 'a tap on empty plot area closes the tip');
  assert.equal(await position(), before, 'tapping the plot does not move the player');
  // Esc closes a tapped tip.
  await page.touchscreen.tap(box.x + Number(mark.x), box.y + Number(mark.y));
  await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
  await page.focus(`${A1} .canvas-wrap`);
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${A1} .mark-tip`, { state: 'detached', timeout: 5000 });
  // A tap elsewhere on the page closes it too.
  await page.touchscreen.tap(box.x + Number(mark.x), box.y + Number(mark.y));
  await page.waitForSelector(`${A1} .mark-tip`, { timeout: 5000 });
  await page.touchscreen.tap(box.x + box.width / 2, Math.max(5, box.y - 40));
  await page.waitForSelector(`${A1} .mark-tip`, { state: 'detached', timeout: 5000 });
  assert.equal(await position(), before, 'no tap moved the player');
  assert.deepEqual(errors, []);
  await context.close();
});

test("A5's outage charts on a phone: a tap reads every series at that second, and the tip stays", async () => {
  const { page, errors, context } = await phone();
  const A5 = '#outage';
  await page.goto(`${server.base}?ch=a5-outage&fig=outage`);
  await ready(page);
  await page.locator(`${A5} .canvas-wrap`).scrollIntoViewIfNeeded();
  const box = await page.locator(`${A5} canvas`).boundingBox();
  for (const [fy, panel, word] of [[0.2, '0', '승인'], [0.58, '1', 'drift'], [0.86, '2', 'fence']]) {
    await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * fy);
    await page.waitForSelector(`${A5} .mark-tip[data-kind=series][data-panel="${panel}"]`, { timeout: 5000 });
    await settle(page);
    const tip = await tipOf(page, A5);
    assert.equal(tip?.panel, panel, 'the tip stays after the finger lifts');
    assert.ok(tip.text.includes(word) && /\d+/.test(tip.text), tip.text);
  }
  // Left of the plots (the value labels): nothing there, the tip closes.
  await page.touchscreen.tap(box.x + 8, box.y + box.height * 0.2);
  await page.waitForSelector(`${A5} .mark-tip`, { state: 'detached', timeout: 5000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a sweep map cell on a phone: a tap shows its value and the tip stays after the finger lifts', async () => {
  const { page, errors, context } = await phone();
  const fig = '#sweep-contention';
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-contention&tpw_lo=1&tpw_hi=3&wallets_lo=1&wallets_hi=2&seeds=1`);
  await ready(page);
  await page.waitForSelector(`${fig}[data-state=done]`, { timeout: 180000 });
  const cell = page.locator(`${fig} button.sweep-cell`).first();
  await cell.scrollIntoViewIfNeeded();
  const { ix, iy } = await cell.evaluate((b) => ({ ...b.dataset }));
  const box = await cell.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector(`${fig} .sweep-tip[data-ix="${ix}"][data-iy="${iy}"]`, { timeout: 5000 });
  await settle(page);
  assert.equal(await page.locator(`${fig} .sweep-tip[data-ix="${ix}"][data-iy="${iy}"]`).count(), 1, 'the tip stays');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Shown px of a drawn CSS point on `fig`'s first canvas (the stage may show it smaller). */
async function shownPoint(page, fig, x, y) {
  return page.$eval(`${fig} .canvas-wrap`, (wrap, [x, y]) => {
    const c = wrap.querySelector('canvas').getBoundingClientRect();
    const k = c.width / Math.max(280, wrap.clientWidth);
    return [c.left + x * k, c.top + y * k];
  }, [x, y]);
}

test("B1's story on a phone: a tapped message, crash or badge keeps its tip; the keyboard walks the same marks", async () => {
  const { page, errors, context } = await phone();
  const B1 = '#vote-story';
  await page.goto(`${server.base}?ch=b1-remember&fig=vote-story`);
  await ready(page);
  await page.waitForSelector(`${B1}:not([data-awaiting-module])`, { timeout: 30000 });
  await page.locator(`${B1} .canvas-wrap`).scrollIntoViewIfNeeded();
  await page.focus(`${B1} .canvas-wrap`);
  const kinds = new Set();
  let stop = null;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`${B1} .mark-tip[data-kind=story]`, { timeout: 5000 });
    const t = await tipOf(page, B1);
    if (/보냄/.test(t.text)) kinds.add('message');
    if (/중단/.test(t.text)) kinds.add('crash');
    if (/증거함/.test(t.text)) kinds.add('badge');
    if (!stop && /보냄/.test(t.text)) stop = t;
  }
  assert.ok(kinds.has('message') && kinds.has('badge'), `marks reached: ${[...kinds]}`);
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${B1} .mark-tip`, { state: 'detached', timeout: 5000 });
  const box = await page.locator(`${B1} canvas`).first().boundingBox();
  await page.touchscreen.tap(box.x + Number(stop.x), box.y + Number(stop.y));
  await page.waitForSelector(`${B1} .mark-tip[data-kind=story]`, { timeout: 5000 });
  await settle(page);
  const tapped = await tipOf(page, B1);
  assert.ok(tapped && /보냄/.test(tapped.text), `the message's tip stays: ${tapped?.text}`);
  // The drawing's top left corner is empty: a tap there closes the tip.
  await page.touchscreen.tap(box.x + 3, box.y + 3);
  await page.waitForSelector(`${B1} .mark-tip`, { state: 'detached', timeout: 5000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test("B7's storage stack on a phone: a tapped chip or layer says what it holds and what the fault takes", async () => {
  const { page, errors, context } = await phone();
  const B7 = '#kill-vs-power';
  await page.goto(`${server.base}?ch=b7-kill-vs-power&fig=kill-vs-power`);
  await ready(page);
  await page.waitForSelector(`${B7}:not([data-awaiting-module])`, { timeout: 30000 });
  // In the middle of the window: scrolled only into view, the canvas's top
  // lies under the sticky chapter map, which takes the taps there.
  await page.$eval(`${B7} .canvas-wrap`, (w) => w.scrollIntoView({ block: 'center' }));
  // Each layer's first chip (the narrow stack: chips from 10 px, 28 px under the band's top; bands 84 px apart).
  let chip = null;
  for (let i = 0; i < 4 && !chip; i++) {
    const [x, y] = await shownPoint(page, B7, 20, 8 + 84 * i + 37);
    await page.touchscreen.tap(x, y);
    await settle(page);
    const t = await tipOf(page, B7);
    assert.ok(t?.kind === 'stack', `layer ${i} answers a tap: ${JSON.stringify(t)}`);
    if (t.text.startsWith('기록 ')) chip = t;
    else assert.ok(/계층: A의 기록 \d+개/.test(t.text), t.text);
  }
  assert.ok(chip, 'a record chip answered');
  assert.ok(/에 있음/.test(chip.text), chip.text);
  // After the tap's fault, the chip's tip says whether the record survives it.
  assert.ok(/(남음|사라짐)/.test(chip.text), chip.text);
  await page.keyboard.press('Escape').catch(() => {});
  const [x, y] = await shownPoint(page, B7, 200, 2);
  await page.touchscreen.tap(x, y);
  await page.waitForSelector(`${B7} .mark-tip`, { state: 'detached', timeout: 5000 });
  assert.deepEqual(errors, []);
  await context.close();
});

const CHAPTERS = ['00-intro', 'a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage',
  'a6-summary', 'a7-sweeps', 'b1-remember', 'b2-durable', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt', 'b6-recovery',
  'b7-kill-vs-power', 'b8-liveness'];

test('dark mode: no canvas of any chapter has a white background', async () => {
  const { page, errors, context } = await phone({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  let seen = 0;
  for (const ch of CHAPTERS) {
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    const canvases = page.locator('main canvas');
    const n = await canvases.count();
    for (let i = 0; i < n; i++) {
      const c = canvases.nth(i);
      await c.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      // Corners and edges' middles: the background, wherever the drawing leaves it.
      const samples = await c.evaluate((el) => {
        const ctx = el.getContext('2d');
        if (!ctx || el.width < 8 || el.height < 8) return [];
        const at = [[2, 2], [el.width - 3, 2], [2, el.height - 3], [el.width - 3, el.height - 3], [el.width >> 1, 2]];
        return at.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data]);
      });
      if (!samples.length) continue;
      seen++;
      const white = samples.filter(([r, g, b, a]) => a > 0 && r > 235 && g > 235 && b > 235);
      assert.ok(white.length <= 1, `${ch} canvas ${i}: white background ${JSON.stringify(samples)}`);
      const bg = await c.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.ok(!/rgb\(255, 255, 255\)/.test(bg), `${ch} canvas ${i}: CSS background ${bg}`);
    }
  }
  assert.ok(seen >= 12, `canvases sampled: ${seen}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('dark mode: no part of figure 8-1 (lanes, timeline strip, step boxes, banner) is white', async () => {
  // (a) broken by lab check's smallest schedule: every kind of mark the timeline draws for it, and the banner.
  const out = JSON.parse(execFileSync(labBinary(), ['check', '--variant', 'a', '--threads', '2', '--format', 'json'], { encoding: 'utf8' }));
  const report = (Array.isArray(out) ? out : out.article_a).find((r) => r.variant === 'a');
  const letter = { stall: 's', process_stop: 'p', kill: 'k', restart: 'r' };
  const sched = report.schedules[0].steps.map((x) => (x.step.kind === 'thread' ? String(x.step.thread + 1) : letter[x.step.kind])).join('');
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    const { page, errors, context } = await phone({ colorScheme: 'dark' });
    await page.setViewportSize({ width, height });
    await page.goto(`${server.base}?ch=a8-break-it&fig=break-it&check=a&threads=2&sched=${sched}`);
    await ready(page);
    await page.locator('#break-it .bi-banner').waitFor();
    const seen = await page.evaluate(() => {
      const white = (c) => {
        const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c || '');
        return !!m && (m[4] === undefined || Number(m[4]) > 0.1) && [m[1], m[2], m[3]].every((v) => Number(v) > 235);
      };
      const out = { checked: 0, svg: 0, white: [] };
      for (const el of document.querySelectorAll('#break-it *')) {
        if (!el.getClientRects().length) continue;
        const s = getComputedStyle(el);
        const svgShape = el instanceof SVGElement && !(el instanceof SVGSVGElement) && el.tagName !== 'text' && el.tagName !== 'g';
        const colour = svgShape ? s.fill : s.backgroundColor;
        out.checked++;
        if (svgShape) out.svg++;
        if (white(colour)) out.white.push(`${el.tagName}.${el.getAttribute('class') || ''}: ${colour}`);
      }
      out.white = [...new Set(out.white)];
      return out;
    });
    assert.ok(seen.svg >= 10, `${width}px: the timeline's shapes were sampled (${seen.svg})`);
    assert.deepEqual(seen.white, [], `${width}px: white in figure 8-1 in dark mode`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
