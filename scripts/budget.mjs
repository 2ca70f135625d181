#!/usr/bin/env node
// Size budgets of the release site in dist/ (run after `trunk build --release`):
//   - every .wasm (the site and the sweep web worker), gzip -9: at most 400 KB each;
//   - first load (index.html and everything it pulls in, fonts excluded),
//     as transferred with gzip: at most 500 KB. The sweep worker
//     (sweep_worker.js, sweep_worker_bg.wasm) is not part of it: it loads only
//     when a sweep figure is shown, and index.html must not name or preload it.
// Prints every number; exits 1 when a budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const KB = 1024;
const WASM_GZ_MAX = 400 * KB;
const FIRST_LOAD_MAX = 500 * KB;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('budget: dist/index.html is missing; run `trunk build --release` first');
  process.exit(2);
}

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const files = fs.readdirSync(dist, { recursive: true })
  .map((f) => path.join(dist, f))
  .filter((f) => fs.statSync(f).isFile());
const wasm = files.filter((f) => f.endsWith('.wasm'));
const isWorker = (f) => /(^|\/)sweep_worker(_bg\.wasm|\.js)$/.test(path.relative(dist, f));
const mainWasm = wasm.filter((f) => !isWorker(f));
if (mainWasm.length !== 1) {
  console.error(`budget: expected one site .wasm in dist/, found ${mainWasm.length}`);
  process.exit(2);
}
const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
const workerInIndex = /sweep_worker/.test(indexHtml);

// What the first visit downloads: the page, its script, wasm and stylesheet.
// Fonts are excluded by the budget's definition (and load lazily via @font-face).
const firstLoad = files.filter((f) => /\.(html|js|wasm|css)$/.test(f) && !isWorker(f));
let raw = 0, transferred = 0;
const rows = [];
for (const f of firstLoad) {
  const buf = fs.readFileSync(f);
  raw += buf.length;
  const g = gz(buf);
  transferred += g;
  rows.push(`  ${path.relative(dist, f).padEnd(48)} ${kb(buf.length).padStart(10)} raw ${kb(g).padStart(10)} gzip`);
}
const wasmSizes = wasm.map((f) => { const b = fs.readFileSync(f); return { f, raw: b.length, gz: gz(b) }; });
const fonts = files.filter((f) => f.endsWith('.woff2')).reduce((s, f) => s + fs.statSync(f).size, 0);

console.log('first-load files:');
console.log(rows.join('\n'));
for (const w of wasmSizes) {
  const role = isWorker(w.f) ? 'sweep worker, loaded on demand' : 'site, first load';
  console.log(`wasm ${path.relative(dist, w.f)} (${role}): ${kb(w.raw)} raw, ${kb(w.gz)} gzip (budget ${kb(WASM_GZ_MAX)})`);
}
console.log(`first load (fonts excluded): ${kb(transferred)} transferred with gzip, ${kb(raw)} uncompressed (budget ${kb(FIRST_LOAD_MAX)})`);
console.log(`fonts (not counted): ${kb(fonts)}`);

let ok = true;
for (const w of wasmSizes) {
  if (w.gz > WASM_GZ_MAX) { console.error(`FAIL: ${path.relative(dist, w.f)} ${kb(w.gz)} gzip > ${kb(WASM_GZ_MAX)}`); ok = false; }
}
if (workerInIndex) { console.error('FAIL: index.html names the sweep worker (it must load only on demand)'); ok = false; }
if (transferred > FIRST_LOAD_MAX) { console.error(`FAIL: first load ${kb(transferred)} > ${kb(FIRST_LOAD_MAX)}`); ok = false; }
console.log(ok ? 'budget: OK' : 'budget: FAILED');
process.exit(ok ? 0 : 1);
