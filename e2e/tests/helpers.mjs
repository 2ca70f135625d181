// Shared helpers for the end-to-end tests: a static server for dist/ on a
// free port, and Debian's Chromium driven by playwright-core.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const dist = path.join(root, 'dist');
export const shots = path.join(root, 'e2e', 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export const CHROMIUM_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Serves dist/ (gzip when asked, like a real host) on 127.0.0.1 and a free port. */
export async function serve({ gzip = true } = {}) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `trunk build --release` first');
  }
  // Each file is compressed once: the server shares its event loop with the
  // test driving the browser, which must not wait on gzip.
  const gzipped = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.normalize(path.join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) { res.writeHead(404).end('not found'); return; }
    let body = fs.readFileSync(file);
    const headers = { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' };
    const ext = path.extname(file);
    if (gzip && ext !== '.woff2' && /gzip/.test(req.headers['accept-encoding'] || '')) {
      if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(body, { level: 9 }));
      body = gzipped.get(file);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { base: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
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
  // The reason (net::ERR_ABORTED, net::ERR_FAILED, …) lets a test tell a
  // fetch cut short by the next navigation from one that really failed.
  page.on('requestfailed', (r) => { inFlight.delete(r); errors.push(`requestfailed: ${r.url()} (${r.failure()?.errorText ?? 'no reason'})`); });
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
    await page.waitForSelector('article.chapter', { timeout: 30000 });
    await page.waitForFunction(LAZY_FIGURES_READY, null, { timeout: 30000 });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0 && c.height > 0));
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
