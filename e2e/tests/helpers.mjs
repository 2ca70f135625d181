// Shared helpers for the end-to-end tests: a static server for dist/ on a
// free port, and Debian's Chromium driven by playwright-core.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
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
      body = zlib.gzipSync(body, { level: 9 });
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

/** A page that records console errors and page errors. */
export async function openPage(browser, { width = 1280, height = 900, reducedMotion = 'reduce' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()}`));
  return { context, page, errors };
}

/** Waits until the app has rendered its chapter and every canvas has pixels. */
// Article B's and the sweep figures live in lazily loaded modules, mounted
// into placeholders (web::lazy_mount): mounted means the placeholder holds a
// figure, or its Korean failure notice.
export const LAZY_FIGURES_MOUNTED = () => [...document.querySelectorAll('.lazy-figure')]
  .every((el) => el.querySelector('figure') || el.getAttribute('role') === 'alert');

export async function ready(page) {
  await page.waitForSelector('article.chapter', { timeout: 30000 });
  await page.waitForFunction(LAZY_FIGURES_MOUNTED, null, { timeout: 30000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0 && c.height > 0));
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
