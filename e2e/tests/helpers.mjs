// Shared helpers for the end-to-end tests: a static server for dist/ on a
// free port, and Debian's Chromium driven by playwright-core.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { withoutFetchedDigests } from '../../scripts/site-files.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
// The built site under test ($SITE_DIST: another build than dist/).
export const dist = process.env.SITE_DIST || path.join(root, 'dist');
export const shots = path.join(root, 'e2e', 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
};

export const CHROMIUM_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

/**
 * Serves dist/ (or `dir`: another copy of a build) with gzip when asked,
 * like a real host, on 127.0.0.1 and a free port, at `prefix` (a path that
 * starts and ends with `/`). `headers` are added to
 * every answer (e.g. `Access-Control-Allow-Origin` for a sandboxed embed,
 * whose opaque origin makes every fetch cross-origin). `port` 0 takes a free
 * one; scripts/serve-dist.mjs (what scripts/serve.sh runs) gives its own.
 */
export async function serve({ gzip = true, headers: extra = {}, dir = dist, prefix = '/', port: wanted = 0 } = {}) {
  // `dir` may be a function: the directory to serve from now (a test swaps builds).
  const dirNow = typeof dir === 'function' ? dir : () => dir;
  if (!fs.existsSync(path.join(dirNow(), 'index.html'))) {
    throw new Error('dist/index.html is missing: run `trunk build --release` first');
  }
  // Each file is compressed once: the server shares its event loop with the
  // test driving the browser, which must not wait on gzip.
  // A file is known by its path, size and time, so a build written again in
  // the same place (serve.sh serving dist/ while it is rebuilt) is not
  // answered from an old compressed copy.
  const gzipped = new Map();
  const server = http.createServer((req, res) => {
    // A file that goes while it is read (an old build pruned) fails its
    // request only, never the server.
    try { answer(req, res); } catch (e) {
      if (!res.headersSent) res.writeHead(500, extra);
      res.end(String(e.message));
    }
  });
  const answer = (req, res) => {
    const url = new URL(req.url, 'http://x');
    // Under a sub-path (`prefix`, like a GitHub Pages project site; a list
    // serves one copy of the site at each), only addresses below it exist.
    const at = (Array.isArray(prefix) ? prefix : [prefix]).find((p) => url.pathname.startsWith(p));
    if (!at) { res.writeHead(404, extra).end('not found'); return; }
    const base = dirNow();
    let file = path.normalize(path.join(base, decodeURIComponent(url.pathname.slice(at.length - 1))));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) { res.writeHead(404, extra).end('not found'); return; }
    const stat = fs.statSync(file);
    const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
    let body = fs.readFileSync(file);
    const headers = { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store', ...extra };
    const ext = path.extname(file);
    if (gzip && ext !== '.woff2' && /gzip/.test(req.headers['accept-encoding'] || '')) {
      if (!gzipped.has(key)) {
        // Old builds' copies go when a long serve.sh session has gathered many.
        if ((gzipped.bytes = (gzipped.bytes || 0) + body.length) > 64e6) { gzipped.clear(); gzipped.bytes = body.length; }
        gzipped.set(key, zlib.gzipSync(body, { level: 9 }));
      }
      body = gzipped.get(key);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers).end(body);
  };
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(wanted, '127.0.0.1', resolve); });
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  // Closing also ends the browser's idle keep-alive connections, which would
  // otherwise hold `close` open until the browser lets go of them.
  const close = () => new Promise((r) => { server.close(r); server.closeIdleConnections?.(); });
  return { base: `${origin}${Array.isArray(prefix) ? prefix[0] : prefix}`, origin, close };
}

/**
 * Every query key of the site with its kind and range: `{name, scenario
 * (lease | vote | sweep | site), kind (integer | millis | choice | flag |
 * switch | text), min, max, values}`. From `lab params --format json` when a
 * built `lab` is at hand (in the repository's target/ or $CARGO_TARGET_DIR);
 * otherwise read from the tables in src/model/params/ (the single source), whose
 * rows are `int("name", "unit", min, max, …)`, `choice("name", &[…] or
 * A_CONST, …)` and `flag("name", …)`.
 */
export function paramSpecs() {
  const dirs = [path.join(root, 'target'), process.env.CARGO_TARGET_DIR].filter(Boolean);
  for (const dir of dirs) {
    for (const profile of ['release', 'ci', 'debug']) {
      const bin = path.join(dir, profile, 'lab');
      if (!fs.existsSync(bin)) continue;
      try {
        const all = JSON.parse(execFileSync(bin, ['params', '--format', 'json'], { encoding: 'utf8', timeout: 20000 }));
        if (['lease', 'vote', 'sweep'].every((s) => all.some((x) => x.scenario === s))) {
          return all.map(({ name, scenario, kind, min, max, values }) => ({ name, scenario, kind, min, max, values: values || [] }));
        }
      } catch { /* an old or broken binary: try the next, then the source */ }
    }
  }
  return paramSpecsFromSource();
}

function paramSpecsFromSource() {
  const specs = [];
  const number = (text = '') => {
    const t = text.trim();
    if (/^[\d_]+$/.test(t)) return Number(t.replace(/_/g, ''));
    if (/^u64::MAX\b/.test(t)) return 2 ** 64 - 1;
    if (/^u32::MAX\b/.test(t)) return 2 ** 32 - 1;
    // A named constant (`MAX_N as u64`): its value, wherever src/ defines it.
    const name = /^([A-Z][A-Z0-9_]*)/.exec(t)?.[1];
    for (const file of ['sweep.rs', 'params/mod.rs', 'work_cap.rs']) {
      const src = fs.readFileSync(path.join(root, 'src', file), 'utf8');
      const m = name && new RegExp(`const ${name}: \\w+ = ([\\d_]+);`).exec(src);
      if (m) return Number(m[1].replace(/_/g, ''));
    }
    return Number.NaN;
  };
  for (const [file, table, scenario] of [
    ['lease.rs', 'LEASE_PARAMS', 'lease'], ['vote.rs', 'VOTE_PARAMS', 'vote'],
    ['sweep.rs', 'SWEEP_PARAMS', 'sweep'], ['site.rs', 'SITE_PARAMS', 'site'],
  ]) {
    const src = fs.readFileSync(path.join(root, 'src', 'params', file), 'utf8');
    const start = src.indexOf(`pub const ${table}`);
    if (start < 0) continue;
    const body = src.slice(start, src.indexOf('\n];', start));
    const words = (list) => {
      const inline = /^&\[([^\]]*)\]/.exec(list);
      if (inline) return [...inline[1].matchAll(/"([^"]*)"/g)].map((m) => m[1]);
      const m = new RegExp(`const ${list}: &\\[&str\\] =\\s*&\\[([^\\]]*)\\]`).exec(src);
      return m ? [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]) : [];
    };
    // `int("name", "unit", min, max, …)`, `choice("name", words, …)`,
    // `flag("name", …)`, the site's `millis("name", max, …)`, `text("name", …)`
    // and `word_key("name", ParamKind::Kind, …)`.
    const rows = /\b(int|millis|choice|flag|text|word_key)\(\s*"([a-z][a-z0-9_]*)",\s*("[^"]*",\s*([^,]+),\s*([^,]+),|(&\[[^\]]*\]|[A-Z_][A-Z0-9_]*),|([\d_]+),|ParamKind::(\w+),)?/g;
    for (const m of body.matchAll(rows)) {
      const [, fn, name, , lo, hi, list, millisMax, wordKind] = m;
      if (fn === 'int') {
        specs.push({ name, scenario, kind: 'integer', min: number(lo), max: number(hi), values: [] });
      } else if (fn === 'millis') {
        specs.push({ name, scenario, kind: 'time_ms', min: 0, max: number(millisMax), values: [] });
      } else if (fn === 'choice') {
        specs.push({ name, scenario, kind: 'choice', min: 0, max: 0, values: words(list || '') });
      } else {
        const kind = fn === 'word_key' ? (wordKind || 'text').toLowerCase() : fn;
        const values = { flag: ['true', 'false'], switch: ['1', '0'] }[kind] || [];
        specs.push({ name, scenario, kind, min: 0, max: 0, values });
      }
    }
  }
  return specs;
}

/** The lease and vote keys' names, in table order. */
export function paramNames() {
  const specs = paramSpecs();
  const names = (s) => specs.filter((x) => x.scenario === s).map((x) => x.name);
  return { lease: names('lease'), vote: names('vote') };
}

/**
 * The native `lab` binary: $LAB_BIN, else the `ci` profile's in cargo's
 * target directory (the test command's native stage has just built it; a
 * cold LTO release build of `lab`, servers' clients included, would take
 * most of a test file's time budget), built here if missing.
 */
export function labBinary() {
  if (process.env.LAB_BIN && fs.existsSync(process.env.LAB_BIN)) return process.env.LAB_BIN;
  const meta = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: root, encoding: 'utf8' }));
  const bin = path.join(meta.target_directory, 'ci', 'lab');
  if (!fs.existsSync(bin)) execFileSync('cargo', ['build', '--profile', 'ci', '--bin', 'lab'], { cwd: root, stdio: 'inherit' });
  return bin;
}

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

// The contexts the running test opened, closed after it whether it passed or
// failed: a page a failed assertion left open would go on running (its
// workers, timers, a stuck script) and slow every later test in the file.
// (Only under `node --test`: scripts/perf.sh imports these helpers too.)
const openContexts = new Set();
if (process.env.NODE_TEST_CONTEXT) {
  afterEach(async () => {
    const contexts = [...openContexts];
    openContexts.clear();
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  });
}

// What each page recorded, for `ready`'s report when a page never renders.
const records = new WeakMap();

/**
 * A page that records console errors, page errors and failed requests.
 * Service workers are blocked unless `serviceWorkers: 'allow'`: a test then
 * loads exactly the page it names, with no worker precaching the whole build
 * behind it. The offline and CSP tests allow them.
 */
export async function openPage(browser, { width = 1280, height = 900, reducedMotion = 'reduce', serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion, deviceScaleFactor: 1, serviceWorkers });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  const page = await context.newPage();
  const errors = [];
  const inFlight = new Map();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => inFlight.set(r, Date.now()));
  page.on('requestfinished', (r) => inFlight.delete(r));
  // A request the page or the next navigation cut short (net::ERR_ABORTED:
  // e.g. a worker still fetching its wasm when a test moves on) is no
  // failure of the site; any other reason (refused, blocked, missing) is
  // recorded with it.
  page.on('requestfailed', (r) => {
    inFlight.delete(r);
    const why = r.failure()?.errorText ?? 'no reason';
    if (!/ERR_ABORTED/.test(why)) errors.push(`requestfailed: ${r.url()} (${why})`);
  });
  page.on('crash', () => errors.push('the page crashed'));
  records.set(page, { errors, inFlight });
  return { context, page, errors };
}

/** Resolves to `promise`'s value, or to `fallback` after `ms`. */
function within(ms, promise, fallback) {
  let timer;
  return Promise.race([promise, new Promise((r) => { timer = setTimeout(() => r(fallback), ms); })]).finally(() => clearTimeout(timer));
}

/**
 * What a page that did not become ready was doing: its address, what it
 * shows, whether its main thread and its animation frames still run, the
 * requests still in flight and the errors it logged.
 */
export async function describePage(page) {
  const rec = records.get(page) || { errors: [], inFlight: new Map() };
  const state = await within(5000, page.evaluate(() => ({
    readyState: document.readyState,
    shows: (document.getElementById('app') || document.body)?.innerText.replace(/\s+/g, ' ').slice(0, 300),
    banner: document.getElementById('panic-banner')?.textContent ?? null,
    controlledByServiceWorker: !!navigator.serviceWorker?.controller,
    resources: performance.getEntriesByType('resource').length,
  })).catch((e) => `evaluate failed: ${e.message}`), 'no answer in 5 s: the main thread is busy or the renderer is gone');
  const frames = await within(3000, page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r('running')))).catch((e) => e.message), 'no animation frame in 3 s');
  const now = Date.now();
  const pending = [...rec.inFlight].map(([r, t]) => `${r.method()} ${r.url()} (${now - t} ms)`);
  return [
    `page ${page.url()}`,
    `state ${JSON.stringify(state)}`,
    `animation frames: ${frames}`,
    `requests in flight: ${pending.length ? pending.join(', ') : 'none'}`,
    `errors: ${rec.errors.length ? rec.errors.join(' | ') : 'none'}`,
  ].join('\n');
}

/** Waits until the app has rendered its chapter and every canvas has pixels. */
// Article B's figures are computed and drawn by the lazily loaded `figures`
// module (web::lazy_figures); until it has answered, such a figure carries
// `data-awaiting-module`. Ready means none does: each shows its drawing, or
// its Korean failure notice.
export const LAZY_FIGURES_READY = () => document.querySelectorAll('[data-awaiting-module]').length === 0;

export async function ready(page) {
  try {
    // A locator, not waitForSelector: the element handle that returns would
    // keep the chapter's DOM alive after the reader leaves it (a handle is a
    // DevTools-held reference), which the leak test would count.
    // The live chapter (a prerendered page's #app is replaced when the wasm starts).
    await page.locator('#app:not([data-prerendered]) article.chapter').first().waitFor({ timeout: 30000 });
    await page.waitForFunction(LAZY_FIGURES_READY, null, { timeout: 30000 });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0 && c.height > 0));
    // A first table past its time budget, and the figures drawn from it
    // (A8, A9), complete a moment after the first render.
    await page.waitForFunction(() => !document.querySelector('table.metrics[data-pending=true], .figure-loading'), null, { timeout: 60000 });
  } catch (e) {
    e.message += `\n${await describePage(page)}`;
    throw e;
  }
}

/** A short fingerprint of a canvas's pixels. */
export async function canvasHash(page, selector) {
  return page.$eval(selector, (c) => {
    const d = c.toDataURL('image/png');
    let h = 0;
    for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d.charCodeAt(i)) | 0;
    return `${d.length}:${h}`;
  });
}

export function ensureShots() {
  fs.mkdirSync(shots, { recursive: true });
}

/**
 * A built `index.html` as Trunk left it, before scripts/trunk-post-build.mjs
 * added the CSP, the import map, the digests block and the loader's checked
 * fetch (so that the hook can run on a copy of the build again).
 */
export function asTrunkLeftIt(page) {
  const out = withoutFetchedDigests(page.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, ''))
    .replace(/const wasm = await init\(\{ module_or_path: fetch\('([^']+)', \{ integrity: '[^']*' \}\) \}\)\.catch\(\(e\) => \{[\s\S]*?\n\}\);/,
      "const wasm = await init({ module_or_path: '$1' });");
  if (/lab-integrity|importmap|integrity: '/.test(out)) throw new Error("asTrunkLeftIt: the hook's additions were not all taken out");
  return out;
}

/**
 * A copy of the built site in a new temporary directory, its index.html as
 * Trunk left it (see `asTrunkLeftIt`), for the hook to run on again.
 */
export function stagedCopyOfBuild() {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-stage-'));
  fs.cpSync(dist, stage, { recursive: true });
  const indexPath = path.join(stage, 'index.html');
  fs.writeFileSync(indexPath, asTrunkLeftIt(fs.readFileSync(indexPath, 'utf8')));
  return { stage, indexPath };
}

/** Runs scripts/trunk-post-build.mjs on the staging directory `stage`. */
export const runPostBuildHook = (stage) => spawnSync('node', [path.join(root, 'scripts', 'trunk-post-build.mjs')], { env: { ...process.env, TRUNK_STAGING_DIR: stage }, encoding: 'utf8' });

/**
 * An init script (`page.addInitScript(spyCanvasText)`): counts every string
 * drawn on a 2D canvas (`window.__textsDrawn`) and records those that hold
 * Hangul, with their figure's id (`window.__hangulDrawn`).
 */
export function spyCanvasText() {
  window.__hangulDrawn = [];
  window.__textsDrawn = 0;
  const hangul = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
  for (const proto of [globalThis.CanvasRenderingContext2D?.prototype, globalThis.OffscreenCanvasRenderingContext2D?.prototype]) {
    if (!proto) continue;
    for (const name of ['fillText', 'strokeText']) {
      const original = proto[name];
      proto[name] = function (text, ...rest) {
        window.__textsDrawn += 1;
        if (hangul.test(String(text))) window.__hangulDrawn.push(`${this.canvas?.closest?.('figure')?.id ?? 'a detached canvas'}: ${text}`);
        return original.call(this, text, ...rest);
      };
    }
  }
}
