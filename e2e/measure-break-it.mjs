// A measuring script (not a test; scripts/perf.sh runs it, and it runs by
// hand): figure 8-1 `break-it` in headless Chromium, at (e-open) with three
// threads, the figure's heaviest world. Prints, reported and not asserted
// (issue 41's budgets: an answer in ≤ 1 s per variant, no main-thread task
// over 50 ms):
//   - the checker's verdict (every state of the world, on the main thread),
//     as the figure times it (`data-verdict-ms` on its mount, written by
//     src/web/break_it/mod.rs), in RUNS fresh pages, each opened at
//     `lab check`'s smallest schedule and asked for that schedule's story;
//   - a step: the time of a step button's click (the figure's update and
//     redraw, synchronous in its handler), for every step of that schedule
//     taken from the start;
//   - the longest main-thread task (PerformanceObserver `longtask`, > 50 ms)
//     while taking the steps, and while the verdict is computed.
//   DIST=dir (or SITE_DIST) measures another build than dist/; RUNS=n (default 5).
//   node e2e/measure-break-it.mjs
import { execFileSync } from 'node:child_process';

if (process.env.DIST) process.env.SITE_DIST = process.env.DIST;
const { serve, launch, openPage, ready, labBinary } = await import('./tests/helpers.mjs');

const VARIANT = 'e-open';
const THREADS = 3;
const RUNS = Number(process.env.RUNS || 5);
const FIG = '#break-it';

const out = JSON.parse(execFileSync(labBinary(), ['check', '--variant', VARIANT, '--threads', String(THREADS), '--format', 'json'], { encoding: 'utf8' }));
const report = (Array.isArray(out) ? out : out.article_a).find((r) => r.variant === VARIANT);
const CODE = { stall: 's', process_stop: 'p', kill: 'k', restart: 'r' };
const KEY = { stall: 'adv-stall', process_stop: 'adv-stop', kill: 'adv-kill', restart: 'adv-restart' };
const steps = report.schedules[0]?.steps ?? [];
if (!steps.length) throw new Error(`lab check finds no failing schedule of (${VARIANT}) at ${THREADS} threads: nothing to time`);
const code = steps.map((s) => (s.step.kind === 'thread' ? String(s.step.thread + 1) : CODE[s.step.kind])).join('');
const keys = steps.map((s) => (s.step.kind === 'thread' ? `t${s.step.thread}` : KEY[s.step.kind]));

const server = await serve();
const browser = await launch();
const LONGTASKS = () => {
  window.__longtasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
};
const longestSince = (page, t0) => page.evaluate((t) => window.__longtasks.filter((e) => e.start >= t).reduce((m, e) => Math.max(m, e.duration), 0), t0);
const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]; };

async function open(page, query) {
  await page.goto(`${server.base}?ch=a8-break-it&fig=break-it&check=${VARIANT}&threads=${THREADS}${query}`);
  await ready(page);
  await page.locator(`${FIG} .bi-body`).waitFor();
  await page.waitForTimeout(300);
}

const verdictMs = [];
const verdictLong = [];
let states = null;
for (let i = 0; i < RUNS; i++) {
  const { page, context } = await openPage(browser);
  await page.addInitScript(LONGTASKS);
  await open(page, `&sched=${code}`);
  const t0 = await page.evaluate(() => performance.now());
  await page.click(`${FIG} [data-key="story-open"]`);
  await page.locator(`${FIG} .bi-story`).waitFor();
  await page.waitForTimeout(200);
  verdictMs.push(Number(await page.$eval(`${FIG} .break-it-mount`, (m) => m.dataset.verdictMs)));
  states = await page.$eval(`${FIG} .break-it-mount`, (m) => m.dataset.verdictStates);
  verdictLong.push(await longestSince(page, t0));
  await context.close();
}

const stepMs = [];
let stepLong = 0;
{
  const { page, context } = await openPage(browser);
  await page.addInitScript(LONGTASKS);
  await open(page, '');
  const t0 = await page.evaluate(() => performance.now());
  for (const key of keys) {
    stepMs.push(await page.evaluate(([fig, key]) => {
      const b = document.querySelector(`${fig} [data-key="${key}"]`);
      const t = performance.now();
      b.click();
      return performance.now() - t;
    }, [FIG, key]));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  const taken = await page.locator(`${FIG} .bi-schedule li`).count();
  if (taken !== keys.length) throw new Error(`took ${taken} of ${keys.length} steps (${code})`);
  await page.waitForTimeout(200);
  stepLong = await longestSince(page, t0);
  await context.close();
}

console.log(`  break-it (${VARIANT}, ${THREADS} threads; lab check: ${report.states} states, smallest schedule ${steps.length} steps "${code}")`);
console.log(`  verdict (data-verdict-ms, ${states} states, ${RUNS} fresh pages): median ${pct(verdictMs, 0.5).toFixed(1)} ms, max ${Math.max(...verdictMs).toFixed(1)} ms `
  + `(${verdictMs.map((v) => v.toFixed(1)).join(', ')}; budget 1,000 ms); longest main-thread task meanwhile ${Math.max(...verdictLong).toFixed(0)} ms (0: none over 50 ms)`);
console.log(`  a step (click -> figure redrawn, ${stepMs.length} steps): median ${pct(stepMs, 0.5).toFixed(2)} ms, max ${Math.max(...stepMs).toFixed(2)} ms; `
  + `longest main-thread task while stepping ${stepLong.toFixed(0)} ms (0: none over 50 ms; budget 50 ms)`);
await browser.close();
await server.close();
