// Generative multi-key URLs against the built site (issue 19): where the
// hostile test changes one key at a time, this one sets many keys at once,
// as a seeded random draw over the parameter tables (`lab params`): values
// at and between the ends of each range, just past them, far past them, and
// junk, for the lock-lease figures, Scenario B's figures (`scenario=vote`)
// and the sweep figures, on chapter pages and in embed mode. A handful of
// fixed URLs come first: the extremes a random draw would rarely reach
// (every cost of a Scenario B height at zero, every lease key at the end
// that makes the most work).
//
// Each URL must load with no page error or console error, no panic banner,
// no blank figure (every figure canvas has a size and pixels other than its
// background, a figure without a canvas shows text) and no long main-thread
// task (a `longtask` PerformanceObserver installed before the page's own
// scripts, buffered): none over LONGTASK_BUDGET_MS after the site's first
// render, and the first render itself within BOOT_BUDGET_MS (see there). A
// URL over a budget is loaded again, up to ROUNDS times in all, and passes
// when one load keeps within it: this machine is shared, and a real freeze
// comes back every time.
//
// MULTIKEY_SEED (default 19) and MULTIKEY_URLS (default 72 random URLs) pick
// the draw; the seed is printed, and a failure names its URL, so any run can
// be repeated.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, paramSpecs, describePage, root, LAZY_FIGURES_READY } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const SEED = Number(process.env.MULTIKEY_SEED || 19) >>> 0;
const RANDOM_URLS = Number(process.env.MULTIKEY_URLS || 72);
const LONGTASK_BUDGET_MS = 200;
// The first render of a chapter is one task: it instantiates the site's
// wasm, renders the chapter and runs each figure's own run and as much of its
// first metric table as FIRST_TABLE_MS allows (web::figure::table; the rest
// leaves the task). It is held to the same budget as every later task, but
// reported on its own: at the heaviest keys it took 188 ms on this shared
// 2-core machine (A8's first table alone took 480 ms before that budget).
const BOOT_BUDGET_MS = LONGTASK_BUDGET_MS;
const ROUNDS = 3;
// A fresh browser context every URLS_PER_CONTEXT loads: every load creates
// new wasm instances whose memory Chromium releases only when it collects the
// old documents (see hostile.test.mjs).
const URLS_PER_CONTEXT = 30;

/** mulberry32: a small, portable, seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The figures of each chapter, from content/ko/ (`{{figure:ID…}}`). */
function figuresByChapter() {
  const dir = path.join(root, 'content', 'ko');
  const out = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'glossary.md').sort()) {
    const ch = file.replace(/\.md$/, '');
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\{\{figure:([a-z0-9-]+)/g)) out.push({ ch, fig: m[1] });
  }
  return out;
}

const JUNK = ['abc', '', 'NaN', '-', '1.5', '0x10', '1e3', '%20', '%E2%80%8B', 'true'];
const ENC = encodeURIComponent;

/** A value for `spec`: in range (mostly at or near an end), out of range, or junk. */
function valueFor(spec, rnd) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const r = rnd();
  if (spec.kind === 'choice' || spec.kind === 'flag' || spec.kind === 'switch') {
    if (r < 0.85 && spec.values.length) return pick(spec.values);
    return pick([...JUNK, 'on', 'off', 'yes', 'NO', spec.values[0]?.toUpperCase() ?? 'X']);
  }
  if (spec.kind === 'text') return ENC(pick(['', 'x', '<b>', 'lease-expiry']));
  const { min, max } = spec;
  const big = max > Number.MAX_SAFE_INTEGER;
  const upper = big ? 2 ** 53 : max;
  if (r < 0.7) {
    // In range: an end, next to an end, or anywhere (log-uniform for wide ranges).
    const s = rnd();
    let v;
    if (s < 0.25) v = min;
    else if (s < 0.5) v = upper;
    else if (s < 0.6) v = Math.min(upper, min + 1);
    else if (s < 0.7) v = Math.max(min, upper - 1);
    else if (upper - min > 1000) v = Math.round(min + Math.exp(rnd() * Math.log(upper - min + 1)) - 1);
    else v = Math.round(min + rnd() * (upper - min));
    if (big && s >= 0.25 && s < 0.5) return '18446744073709551615';
    if (spec.kind === 'time_ms' && rnd() < 0.3 && v < upper) return `${v}.${Math.floor(rnd() * 1000)}`;
    return String(v);
  }
  if (r < 0.9) {
    // Out of range: just past an end, far past it, negative, beyond u64.
    return pick([
      min > 0 ? String(min - 1) : '-1',
      big ? '18446744073709551616' : String(max + 1),
      big ? '99999999999999999999999' : String(max * 10 + 7),
      '-99999',
      '1000000000000',
      '99999999999999999999999',
    ]);
  }
  return pick(JUNK);
}

/** `count` distinct specs of `pool`, in a random order. */
function sample(pool, count, rnd) {
  const a = [...pool];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, count);
}

/** The URLs under test: the fixed extremes, then RANDOM_URLS drawn from SEED. */
function urls() {
  const specs = paramSpecs();
  const of = (scenario) => specs.filter((s) => s.scenario === scenario);
  const site = (name) => specs.find((s) => s.scenario === 'site' && s.name === name);
  const [lease, vote, sweep] = ['lease', 'vote', 'sweep'].map(of);
  assert.ok(lease.length >= 20 && vote.length >= 20 && sweep.length >= 8, `keys: ${lease.length} lease, ${vote.length} vote, ${sweep.length} sweep`);
  const figs = figuresByChapter();
  const sweepFigs = figs.filter((f) => f.fig.startsWith('sweep-'));
  const voteFigs = figs.filter((f) => f.ch.startsWith('b'));
  const leaseFigs = figs.filter((f) => !f.ch.startsWith('b') && !f.fig.startsWith('sweep-'));
  assert.ok(leaseFigs.length >= 5 && voteFigs.length >= 4 && sweepFigs.length === 2, `figures: ${JSON.stringify(figs)}`);
  const place = ({ ch, fig }, query, embed) => (embed ? `?embed=${fig}&${query}` : `?ch=${ch}&fig=${fig}&${query}`);

  const list = [];
  // Every cost of a height at zero: the network finalises a height every few
  // µs (issue 19: this froze the tab for over a minute before the vote work cap).
  const zero = 'scenario=vote&sign_us=0&wal_write_us=0&commit_us=0&drain_us=0&fsync_us=0&send_us=0&timeout_commit_ms=0&net_one_way_us=1';
  for (const f of voteFigs) list.push({ q: place(f, zero, false), kind: 'fixed' });
  list.push({ q: place(voteFigs.find((f) => f.fig === 'vote-story'), zero, true), kind: 'fixed' });
  // Every timeout and delay of Scenario B at zero too, and the longest horizon.
  const zeroAll = vote.filter((s) => s.kind === 'integer' && /_(us|ms)$/.test(s.name) && s.name !== 'horizon_ms')
    .map((s) => `${s.name}=${s.min}`).join('&');
  const horizon = vote.find((s) => s.name === 'horizon_ms');
  list.push({ q: place(voteFigs.find((f) => f.fig === 'vote-story'), `scenario=vote&${zeroAll}&horizon_ms=${horizon.max}&restart=on&net_jitter_us=0`, false), kind: 'fixed' });
  list.push({ q: place(voteFigs.find((f) => f.fig === 'liveness'), `scenario=vote&${zeroAll}&horizon_ms=${horizon.max}`, false), kind: 'fixed' });
  // The lease keys at the end that makes the most work: most threads, wallets,
  // processes and duration, the shortest retry, no latency or overhead.
  const heavy = lease.filter((s) => s.kind === 'integer').map((s) => {
    const most = ['threads', 'wallets', 'processes', 'duration_s', 'stalls_per_min', 'stop_count', 'initial_balance_won'];
    return `${s.name}=${most.includes(s.name) ? s.max : s.min}`;
  }).join('&');
  for (const f of leaseFigs) list.push({ q: place(f, `wallet_assignment=random&noise=realistic&outage=on&${heavy}`, false), kind: 'fixed' });
  // The sweeps at their largest grid.
  for (const f of sweepFigs) {
    const q = sweep.filter((s) => s.kind === 'integer').map((s) => `${s.name}=${/_lo$/.test(s.name) ? s.min : s.max}`).join('&');
    list.push({ q: place(f, q, false), kind: 'fixed' });
  }

  const rnd = prng(SEED);
  for (let i = 0; i < RANDOM_URLS; i++) {
    const r = rnd();
    const embed = rnd() < 0.15;
    let f, keys, extra;
    if (r < 0.42) {
      f = leaseFigs[Math.floor(rnd() * leaseFigs.length)];
      keys = sample(lease, 8 + Math.floor(rnd() * (lease.length - 7)), rnd);
      extra = sample(['win', 't', 'ev', 'recon'].map(site), Math.floor(rnd() * 3), rnd);
    } else if (r < 0.84) {
      f = voteFigs[Math.floor(rnd() * voteFigs.length)];
      keys = sample(vote, 8 + Math.floor(rnd() * (vote.length - 7)), rnd);
      extra = sample(['ev', 'hit'].map(site), Math.floor(rnd() * 2), rnd);
    } else {
      f = sweepFigs[Math.floor(rnd() * sweepFigs.length)];
      keys = sample(sweep, 4 + Math.floor(rnd() * (sweep.length - 3)), rnd);
      extra = rnd() < 0.5 ? [site('metric')] : [];
    }
    const pairs = [...keys, ...extra].map((s) => `${s.name}=${valueFor(s, rnd)}`);
    if (voteFigs.includes(f) && rnd() < 0.9) pairs.unshift('scenario=vote');
    list.push({ q: place(f, pairs.join('&'), embed), kind: 'random' });
  }
  return list;
}

// Installed before the page's own scripts: the longest main-thread task of
// the document from its very start, split at the site's first render (the
// task in which the chapter or the embedded figure first appears in the
// DOM): the boot tasks, up to and including that one (instantiating the
// site's wasm, compiling the code it runs on first call, rendering the
// chapter with its figures' first runs and drawings), and every task after.
const OBSERVE_LONGTASKS = () => {
  let rendered = Infinity;
  const marker = new MutationObserver(() => {
    if (!document.querySelector('article.chapter, main.embed')) return;
    rendered = performance.now();
    marker.disconnect();
  });
  marker.observe(document, { childList: true, subtree: true });
  const longest = { boot: 0, after: 0, count: 0 };
  const note = (entries) => {
    for (const e of entries) {
      longest.count++;
      if (e.startTime <= rendered) longest.boot = Math.max(longest.boot, e.duration);
      else longest.after = Math.max(longest.after, e.duration);
    }
  };
  const observer = new PerformanceObserver((list) => note(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  window.__labLongestNow = () => { note(observer.takeRecords()); return { ...longest, rendered }; };
};

// Every top-level figure: blank when a canvas has no size or only one colour,
// or when a figure without a canvas shows no text outside its caption.
const BLANK_FIGURES = () => {
  const blank = [];
  for (const f of document.querySelectorAll('figure')) {
    if (f.parentElement?.closest('figure')) continue;
    const canvases = [...f.querySelectorAll('canvas')];
    if (!canvases.length) {
      const text = [...f.children].filter((c) => c.tagName !== 'FIGCAPTION').map((c) => c.innerText).join('').trim();
      if (!text) blank.push(`${f.id || 'figure'}: no canvas and no text`);
      continue;
    }
    for (const [i, c] of canvases.entries()) {
      if (!(c.width > 0 && c.height > 0)) { blank.push(`${f.id}: canvas ${i} is ${c.width}×${c.height}`); continue; }
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const step = 4 * Math.max(1, Math.floor(d.length / 4 / 200000));
      let drawn = false;
      for (let p = step; p < d.length && !drawn; p += step) {
        drawn = d[p] !== d[0] || d[p + 1] !== d[1] || d[p + 2] !== d[2] || d[p + 3] !== d[3];
      }
      if (!drawn) blank.push(`${f.id}: canvas ${i} (${c.width}×${c.height}) is one colour`);
    }
  }
  return blank;
};

/** Resolves to `promise`'s value, or rejects after `ms` with `what`. */
function within(ms, promise, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms); })])
    .finally(() => clearTimeout(timer));
}

/** Loads `q` and checks it once: the problems found and the longest main-thread tasks. */
async function check(page, errors, q) {
  const before = errors.length;
  const problems = [];
  await page.goto(server.base + q, { timeout: 30000 });
  await page.waitForSelector('article.chapter, main.embed', { timeout: 30000 });
  await page.waitForFunction(LAZY_FIGURES_READY, null, { timeout: 30000 });
  await within(10000, page.evaluate(() => document.fonts.ready.then(() => true)), 'fonts');
  await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0 && c.height > 0), null, { timeout: 30000 });
  // A figure draws on its next animation frame: give it a few seconds to show pixels.
  const blank = await page.waitForFunction(BLANK_FIGURES, null, { timeout: 5000, polling: 100 })
    .then(() => [], () => within(10000, page.evaluate(BLANK_FIGURES), 'blank check'));
  if (blank.length) problems.push(`blank figure: ${blank.join(', ')}`);
  // Let the work that follows the first drawing (a table's timed slices, sweep rows) run a while.
  await page.waitForTimeout(600);
  const longest = await within(20000, page.evaluate(() => window.__labLongestNow()), 'longest task');
  if (!Number.isFinite(longest.rendered)) problems.push('no first render seen');
  if (await page.$('#panic-banner')) problems.push(`panic banner: ${await page.textContent('#panic-banner')}`);
  // A fetch the next navigation cut short is not this URL's failure.
  problems.push(...errors.slice(before));
  return { problems, boot: longest.boot, after: longest.after };
}

test('random multi-key URLs: no error, no panic, no blank figure, no long main-thread task', async () => {
  const list = urls();
  console.log(`multikey: seed ${SEED} (MULTIKEY_SEED), ${list.length} URLs (${list.filter((u) => u.kind === 'fixed').length} fixed, ${RANDOM_URLS} random)`);
  const open = async () => {
    const opened = await openPage(browser);
    await opened.page.addInitScript(OBSERVE_LONGTASKS);
    return opened;
  };
  let { page, errors, context } = await open();
  let loads = 0;
  let total = 0;
  const load = async (q) => {
    if (loads > 0 && loads % URLS_PER_CONTEXT === 0) {
      await context.close();
      ({ page, errors, context } = await open());
    }
    loads++;
    total++;
    try {
      return await check(page, errors, q);
    } catch (e) {
      const problems = [`${e.message.split('\n')[0]}\n${await describePage(page)}`];
      // A page that stopped answering would take the context's next loads with it.
      await context.close();
      ({ page, errors, context } = await open());
      loads = 0;
      return { problems, boot: Infinity, after: Infinity };
    }
  };
  const started = Date.now();
  const failures = [];
  const slow = [];
  const worst = { boot: 0, after: 0, bootAt: '', afterAt: '' };
  for (const { q } of list) {
    const label = q.length > 300 ? `${q.slice(0, 300)}…(${q.length} chars)` : q;
    const tries = [];
    let problems = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await load(q);
      problems = r.problems;
      if (problems.length) break;
      const ok = r.after <= LONGTASK_BUDGET_MS && r.boot <= BOOT_BUDGET_MS;
      tries.push({ ...r, ok });
      if (ok) break;
    }
    if (!problems.length && tries.length) {
      const best = tries.at(-1);
      if (best.boot > worst.boot) Object.assign(worst, { boot: best.boot, bootAt: label });
      if (best.after > worst.after) Object.assign(worst, { after: best.after, afterAt: label });
      const shown = tries.map((t) => `first render ${t.boot.toFixed(0)}, after it ${t.after.toFixed(0)}`).join('; ');
      if (tries.length > 1 || !best.ok) slow.push(`${shown} ms: ${label}`);
      if (!best.ok) problems.push(`long main-thread task on each of ${tries.length} loads: ${shown} ms (budgets ${BOOT_BUDGET_MS}, ${LONGTASK_BUDGET_MS} ms)`);
    }
    if (problems.length) failures.push(`${label}: ${problems.join('; ')}`);
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`multikey: ${list.length} URLs, ${total} loads in ${secs} s; ${failures.length} failures`);
  console.log(`multikey: longest main-thread task after the first render ${worst.after.toFixed(0)} ms (budget ${LONGTASK_BUDGET_MS} ms) at ${worst.afterAt}`);
  console.log(`multikey: longest first-render task ${worst.boot.toFixed(0)} ms (budget ${BOOT_BUDGET_MS} ms) at ${worst.bootAt}`);
  for (const line of slow) console.log(`multikey: loaded more than once: ${line}`);
  assert.deepEqual(failures, []);
  await context.close();
});
