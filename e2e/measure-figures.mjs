// A measuring script, run by hand (not a test): for every chapter, the front
// page and the two embeds, at 390×844 (touch, 2×) and 1280×900, each
// canvas's drawn width (backing store / dpr), shown width, and the smallest
// text it draws as shown on screen (the canvas font's size × shown / drawn).
// Prints one tab-separated line per canvas (size, page, figure, drawn→shown
// width, drawn→shown height, smallest text, that text, stage); `OUT=file`
// also writes the rows as JSON, `SHOTS=dir` saves full-page screenshots
// there, and `DIST=dir` measures another build than dist/ (an older commit's,
// for a before/after table).
//   node e2e/measure-figures.mjs [label]
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, ready } from './tests/helpers.mjs';

const CHAPTERS = ['00-intro', 'a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage',
  'a6-summary', 'a7-sweeps', 'a8-break-it', 'b1-remember', 'b2-durable', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt',
  'b6-recovery', 'b7-kill-vs-power', 'b8-liveness'];
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
];
// Records, per canvas, the smallest font size (device px) any fillText used.
const RECORD = () => {
  const proto = CanvasRenderingContext2D.prototype;
  const fill = proto.fillText;
  window.__minFont = new WeakMap();
  proto.fillText = function (text, x, y, w) {
    const m = /([\d.]+)px/.exec(this.font);
    if (m && String(text).trim()) {
      const px = parseFloat(m[1]);
      const prev = window.__minFont.get(this.canvas);
      if (prev === undefined || px < prev.px) window.__minFont.set(this.canvas, { px, text: String(text) });
    }
    return fill.call(this, text, x, y, w);
  };
};
const READ = () => [...document.querySelectorAll('canvas')].filter((c) => c.width > 0).map((c) => {
  const r = c.getBoundingClientRect();
  const fig = c.closest('figure, .hook');
  const min = window.__minFont.get(c);
  const k = r.width / c.width; // shown CSS px per backing px
  return {
    figure: fig?.id || fig?.className || '?',
    drawn: Math.round(c.width / devicePixelRatio),
    shown: Math.round(r.width),
    drawnH: Math.round(c.height / devicePixelRatio),
    shownH: Math.round(r.height),
    minText: min ? +(min.px * k).toFixed(1) : null,
    minTextOf: min?.text ?? null,
    stage: fig?.dataset?.stage ?? null,
  };
});

const label = process.argv[2] || 'now';
const server = await serve(process.env.DIST ? { dir: process.env.DIST } : {});
const browser = await launch();
const out = [];
for (const size of SIZES) {
  const context = await browser.newContext({ ...size, reducedMotion: 'reduce', serviceWorkers: 'block' });
  await context.addInitScript(RECORD);
  const page = await context.newPage();
  const pages = [...CHAPTERS.map((c) => [c, `?ch=${c}`]), ['embed', '?embed=lease-expiry&preset=exp1'], ['embed-bare', '?embed=lease-expiry&preset=exp1&bare=1']];
  for (const [name, q] of pages) {
    await page.goto(`${server.base}${q}`);
    if (name.startsWith('embed')) {
      await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].some((c) => c.width > 0), null, { timeout: 30000 });
      await page.waitForTimeout(500);
    } else {
      await ready(page);
    }
    // Scroll through so that lazily drawn figures draw.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) { scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); }
      scrollTo(0, 0);
    });
    await page.waitForTimeout(400);
    for (const row of await page.evaluate(READ)) out.push({ size: size.name, page: name, ...row });
    if (process.env.SHOTS) await page.screenshot({ path: path.join(process.env.SHOTS, `${label}-${size.name}-${name}.png`), fullPage: !name.startsWith('embed') });
  }
  await context.close();
}
await browser.close();
await server.close();
if (process.env.OUT) fs.writeFileSync(process.env.OUT, JSON.stringify(out, null, 1));
for (const r of out) console.log([r.size, r.page, r.figure, `${r.drawn}→${r.shown}`, `${r.drawnH}→${r.shownH}`, r.minText, r.minTextOf, r.stage].join('\t'));
