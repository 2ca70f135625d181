// Legible at every size (issue 24): at a phone (390×844, touch, 2× pixels)
// and a desktop (1280×900), on every chapter, the front page and both embeds,
// each canvas is drawn for the box it is shown in (its backing store is its
// shown size × devicePixelRatio, within a pixel: nothing scaled by CSS), a
// figure in the column gets the width `e2e/figure-widths.json` names (the
// width `tests/text_layout.rs` checks the smallest text at), and no legend
// item lies outside the window sideways. The full embed in a 600×650 frame
// shows the figure, its legend and the play button without scrolling, with
// the other controls behind one "설정" button, and posts a height that
// follows what is open. The front page does not shift (CLS ≤ 0.05).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, ready, root } from './helpers.mjs';

const WIDTHS = JSON.parse(fs.readFileSync(path.join(root, 'e2e', 'figure-widths.json'), 'utf8'));
const CHAPTERS = fs.readdirSync(path.join(root, 'content', 'ko')).filter((f) => /^[a-z0-9]+-.*\.md$/.test(f) && f !== 'glossary.md')
  .map((f) => f.replace(/\.md$/, ''));
const SIZES = [
  { name: 'phone', context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  { name: 'desktop', context: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } },
];

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(size, extra = {}) {
  const context = await browser.newContext({ ...size.context, reducedMotion: 'reduce', serviceWorkers: 'block', ...extra });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { context, page, errors };
}

// Scrolls the page through (figures draw when first shown), then reads every canvas and legend item.
const MEASURE = async () => {
  for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }
  scrollTo(0, 0);
  await new Promise((r) => setTimeout(r, 300));
  const canvases = [...document.querySelectorAll('canvas')].filter((c) => c.width > 0 && c.getClientRects().length).map((c) => {
    const r = c.getBoundingClientRect();
    const fig = c.closest('figure, .hook');
    return {
      where: `${fig?.id || fig?.className || '?'} canvas ${[...(fig || document).querySelectorAll('canvas')].indexOf(c)}`,
      backing: [c.width, c.height], shown: [r.width, r.height], dpr: devicePixelRatio,
      column: !!c.closest('.lab-figure > .figure-stage > .canvas-wrap') && !c.closest('main.embed'),
      sweep: !!c.closest('.sweep-plot'),
    };
  });
  const legend = [...document.querySelectorAll('.legend li')].filter((li) => li.getClientRects().length).map((li) => {
    const r = li.getBoundingClientRect();
    return { text: li.textContent.trim(), left: r.left, right: r.right, fig: li.closest('figure')?.id };
  });
  return { canvases, legend, width: document.documentElement.clientWidth };
};

function check(where, m, widths) {
  const problems = [];
  for (const c of m.canvases) {
    const [bw, bh] = c.backing;
    const [sw, sh] = c.shown;
    if (Math.abs(bw - sw * c.dpr) > 1 || Math.abs(bh - sh * c.dpr) > 1) {
      problems.push(`${where} ${c.where}: backing ${bw}×${bh}, shown ${sw.toFixed(1)}×${sh.toFixed(1)} at ${c.dpr}×`);
    }
    if (widths && c.column && Math.round(sw) !== widths.column) problems.push(`${where} ${c.where}: ${sw} px wide, figure-widths.json says ${widths.column}`);
    if (widths && c.sweep && Math.round(sw) !== widths.sweep) problems.push(`${where} ${c.where}: sweep ${sw} px wide, figure-widths.json says ${widths.sweep}`);
  }
  for (const li of m.legend) {
    if (li.left < -0.5 || li.right > m.width + 0.5) problems.push(`${where} ${li.fig}: legend item "${li.text}" at ${li.left.toFixed(0)}..${li.right.toFixed(0)} of ${m.width}`);
  }
  return problems;
}

for (const size of SIZES) {
  test(`${size.name}: every canvas is drawn at its shown size, and every legend item is on screen`, async () => {
    const { context, page, errors } = await open(size);
    const problems = [];
    let canvases = 0;
    for (const chapter of CHAPTERS) {
      await page.goto(`${server.base}?ch=${chapter}`);
      await ready(page);
      const m = await page.evaluate(MEASURE);
      canvases += m.canvases.length;
      problems.push(...check(chapter, m, WIDTHS[size.name]));
    }
    for (const q of ['?embed=lease-expiry&preset=exp1', '?embed=lease-expiry&preset=exp1&bare=1']) {
      await page.goto(`${server.base}${q}`);
      await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].some((c) => c.width > 0), null, { timeout: 30000 });
      const m = await page.evaluate(MEASURE);
      assert.ok(m.canvases.length >= 1, q);
      canvases += m.canvases.length;
      problems.push(...check(q, m, null));
    }
    console.log(`${size.name}: ${canvases} canvases checked`);
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the full embed in a 600×650 frame: figure, legend and play button in view; the rest behind "설정"; its height follows', async () => {
  const { context, page, errors } = await open({ context: { viewport: { width: 600, height: 650 }, deviceScaleFactor: 1 } });
  // A top-level embed posts its height to itself (window.parent is window).
  await page.addInitScript(() => { window.heights = []; addEventListener('message', (e) => { if (e.data?.type === 'consistency-lab:height') window.heights.push(e.data.height); }); });
  await page.goto(`${server.base}?embed=lease-expiry&preset=exp1`);
  await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].some((c) => c.width > 0), null, { timeout: 30000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => {
    const box = (el) => el && el.getBoundingClientRect();
    const canvas = box(document.querySelector('figure canvas'));
    const legend = [...document.querySelectorAll('figure .legend li')].map(box);
    const play = box(document.querySelector('figure .player button.play, figure .player button'));
    const settings = document.querySelector('figure details.embed-settings');
    return {
      canvas: { w: canvas.width, bottom: canvas.bottom }, frame: innerWidth,
      legendBottom: Math.max(...legend.map((r) => r.bottom)), legendCount: legend.length,
      play: play && play.bottom, settings: !!settings, open: settings?.open,
      // checkVisibility: a closed <details> keeps its content laid out (content-visibility: hidden).
      sliderShown: [...document.querySelectorAll('figure input[type=range]')].filter((s) => s.checkVisibility() && !s.closest('.player')).length,
    };
  });
  assert.ok(seen.canvas.w >= seen.frame - 40, `the figure is ${seen.canvas.w} px wide in a ${seen.frame} px frame`);
  assert.ok(seen.legendCount > 0);
  for (const [what, bottom] of [['canvas', seen.canvas.bottom], ['legend', seen.legendBottom], ['play button', seen.play]]) {
    assert.ok(bottom != null && bottom <= 650, `${what} ends at ${bottom} px, below the 650 px frame`);
  }
  assert.ok(seen.settings && !seen.open, 'the other controls are behind a closed "설정"');
  assert.equal(seen.sliderShown, 0, 'no control outside the player is shown before "설정" is opened');
  const closed = await page.evaluate(() => window.heights.at(-1));
  await page.click('figure details.embed-settings > summary');
  await page.waitForFunction((h) => window.heights.at(-1) > h + 100, closed, { timeout: 5000 });
  await page.click('figure details.embed-settings > summary');
  await page.waitForFunction((h) => Math.abs(window.heights.at(-1) - h) <= 2, closed, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const size of SIZES) {
  test(`${size.name}: the front page does not shift as it loads and its hook plays (CLS ≤ 0.05)`, async () => {
    const { context, page, errors } = await open(size, { reducedMotion: 'no-preference' });
    await page.addInitScript(() => {
      window.cls = 0;
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.hadRecentInput) continue;
          window.cls += e.value;
          window.shifts.push({ t: Math.round(e.startTime), v: +e.value.toFixed(4), who: e.sources.map((s) => s.node?.className || s.node?.nodeName).join(',') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(server.base);
    await ready(page);
    await page.waitForTimeout(3000);
    const { cls, shifts } = await page.evaluate(() => ({ cls: window.cls, shifts: window.shifts }));
    assert.ok(cls <= 0.05, `CLS ${cls.toFixed(3)}: ${JSON.stringify(shifts)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
