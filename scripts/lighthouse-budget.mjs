// The first visit's budget, measured by hand (issue 18; not part of
// scripts/test.sh: on a shared machine the numbers swing with the load).
//
//   node scripts/lighthouse-budget.mjs [DIST_DIR] [--runs N] [--page a1-lease-expiry.html]
//
// --page is the address under the site's root: `a1-lease-expiry.html` (the
// default), `/` (the front page) or `?ch=a1-lease-expiry` (which the page's
// inline script sends on to the chapter's page); an English page is under
// `en/` (`en/a1-lease-expiry.html`), and is visited with an English locale.
//
// A cold visit with Lighthouse's mobile settings,
// emulated through the DevTools protocol: 150 ms round trip, 1.6 Mbps down
// and 750 kbps up, 4× CPU slowdown, a 412×823 phone screen, cache disabled,
// service worker blocked. The build (dist/ by default) is served by a small
// static server that sends the precompressed .br (or .gz) copies the
// post-build hook writes, as GitHub Pages and nginx's brotli_static do.
//
// Measured, from the navigation's start:
//   first paragraph  when a paragraph of words (the hook's or the chapter's, in either language) on screen is painted:
//                    its Element Timing renderTime, which, like LCP, waits out a web font's
//                    block period (laid-out but invisible text is not a paragraph one can read)
//   LCP              largest-contentful-paint (PerformanceObserver)
//   interactive      the wasm app has taken over and its figures are drawn (none still
//                    waiting for a lazily loaded module, as Article B's wait for `figures`)
//   CLS              the layout shifts' sum (no input during the visit)
//   bytes            what crossed the network (encoded) up to the first paragraph
// Until the webfont's first-screen cuts arrive the text is set in the system's
// Korean face, as on a phone; measure a Korean page with one installed (Debian:
// `apt-get install fonts-noto-cjk`, Android's face), or the paragraph's
// first paint is tofu and the layout shift is not a phone's. An English page's
// text is set in the system's Latin face until its Latin cuts arrive.
// Targets: first paragraph ≤ 1.5 s, LCP ≤ 2.5 s, interactive ≤ 5 s, CLS ≤ 0.1,
// bytes ≤ 150 KB. The median of the runs is reported; exit status 1 when a
// median misses its target.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '../e2e/node_modules/playwright-core/index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const runs = Number(flag('--runs', '3'));
const pageName = flag('--page', 'a1-lease-expiry.html').replace(/^\/$/, '');
const dist = path.resolve(args[0] || path.join(root, 'dist'));

const TARGETS = { firstParagraphMs: 1500, lcpMs: 2500, a1InteractiveMs: 5000, cls: 0.1, bytesBeforeParagraph: 150 * 1024 };
// Lighthouse's "slow 4G" mobile throttling (its DevTools-throttling values).
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8', '.tsv': 'text/plain; charset=utf-8',
};

function serve(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dir)) return res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return res.writeHead(404).end();
    const headers = { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache' };
    const accept = String(req.headers['accept-encoding'] || '');
    let body = file;
    for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']]) {
      if (accept.includes(enc) && fs.existsSync(file + ext)) {
        body = file + ext;
        headers['Content-Encoding'] = enc;
        headers.Vary = 'Accept-Encoding';
        break;
      }
    }
    res.writeHead(200, headers);
    fs.createReadStream(body).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// Runs in the page before any of its scripts: records what the budget measures.
const OBSERVE = () => {
  const m = (window.__budget = { lcp: 0, cls: 0, firstParagraph: null, a1Interactive: null });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = Math.max(m.lcp, e.renderTime || e.startTime); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  // Element Timing for every paragraph, marked as the parser inserts it
  // (before its first paint); the page itself carries no such attribute. A
  // paragraph counts once it holds a word of four letters in any script (a
  // Korean or an English sentence, not a lone number or mark).
  const WORDS = /\p{L}{4}/u;
  const mark = (el) => {
    if (el.nodeType === 1 && el.matches('.hook p, article.chapter p') && !el.hasAttribute('elementtiming')) el.setAttribute('elementtiming', 'paragraph');
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      mark(n);
      n.querySelectorAll?.('p').forEach(mark);
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      const onScreen = e.intersectionRect.height > 0 && e.intersectionRect.top < innerHeight;
      if (m.firstParagraph === null && onScreen && e.element && WORDS.test(e.element.textContent)) {
        m.firstParagraph = e.renderTime || e.loadTime;
        window.__budgetParagraph?.();
      }
    }
  }).observe({ type: 'element', buffered: true });
  const frame = (t) => {
    if (m.a1Interactive === null) {
      const live = document.querySelector('#app:not([data-prerendered]) main');
      // A canvas of the live page, and no figure on it still waiting for a
      // lazily loaded module (an Article B figure, drawn by `figures`).
      const canvas = live && live.querySelector('canvas');
      if (canvas && canvas.width > 0 && !live.querySelector('[data-awaiting-module], .figure-loading')) m.a1Interactive = t;
    }
    if (m.a1Interactive === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

async function visit(browser, base) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true,
    serviceWorkers: 'block', locale: /^\/?en\//.test(pageName) ? 'en-US' : 'ko-KR',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // Encoded bytes per request: its chunks so far, its total once finished.
  const received = new Map();
  const bytesNow = () => [...received.values()].reduce((a, b) => a + b, 0);
  let bytesAtParagraph = null;
  cdp.on('Network.responseReceived', (e) => received.set(e.requestId, (received.get(e.requestId) || 0) + (e.response.encodedDataLength || 0)));
  cdp.on('Network.dataReceived', (e) => received.set(e.requestId, (received.get(e.requestId) || 0) + (e.encodedDataLength || e.dataLength)));
  cdp.on('Network.loadingFinished', (e) => received.set(e.requestId, e.encodedDataLength));
  await page.exposeFunction('__budgetParagraph', () => { bytesAtParagraph ??= bytesNow(); });
  await page.addInitScript(OBSERVE);
  await page.goto(`${base}${pageName}`, { waitUntil: 'load', timeout: 120000 });
  await page.waitForFunction(() => window.__budget.a1Interactive !== null && window.__budget.firstParagraph !== null, null, { timeout: 120000, polling: 250 });
  await page.waitForTimeout(1000);
  const m = await page.evaluate(() => window.__budget);
  await context.close();
  return { firstParagraphMs: m.firstParagraph, lcpMs: m.lcp, a1InteractiveMs: m.a1Interactive, cls: m.cls, bytesBeforeParagraph: bytesAtParagraph ?? bytesNow() };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve(dist);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const r = await visit(browser, base);
    results.push(r);
    console.log(`run ${i + 1}: first paragraph ${r.firstParagraphMs.toFixed(0)} ms, LCP ${r.lcpMs.toFixed(0)} ms, interactive ${r.a1InteractiveMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, ${(r.bytesBeforeParagraph / 1024).toFixed(1)} KB before the first paragraph`);
  }
} finally {
  await browser.close();
  server.close();
}
let missed = 0;
console.log(`\n${dist}/${pageName || '(root)'}, median of ${runs} cold mobile visits (150 ms RTT, 1.6 Mbps, CPU ×${CPU_SLOWDOWN}, no service worker):`);
for (const [key, label, unit] of [
  ['firstParagraphMs', 'first paragraph', 'ms'], ['lcpMs', 'LCP', 'ms'], ['a1InteractiveMs', 'interactive (first live figure)', 'ms'],
  ['cls', 'CLS', ''], ['bytesBeforeParagraph', 'bytes before the first paragraph', 'B'],
]) {
  const v = median(results.map((r) => r[key]));
  const ok = v <= TARGETS[key];
  if (!ok) missed++;
  const shown = unit === 'B' ? `${(v / 1024).toFixed(1)} KB` : unit ? `${v.toFixed(0)} ${unit}` : v.toFixed(3);
  const target = unit === 'B' ? `${TARGETS[key] / 1024} KB` : unit ? `${TARGETS[key]} ${unit}` : TARGETS[key];
  console.log(`  ${ok ? 'ok  ' : 'MISS'} ${label}: ${shown} (target ≤ ${target})`);
}
process.exit(missed ? 1 : 0);
