// The live page's text needs no full webfont (issue 26, static first). A
// page, loaded and taken over by the wasm, draws labels the static pages do
// not have (player buttons, figure lanes on the canvas). A character that
// the first-screen cuts lack sends the browser to a full face: 270 KB that
// shared a slow phone's line with the wasm and put the first live figure
// almost a second later. So on a phone and a desktop, every page, loaded,
// fetches no full face; and every character it draws, in the DOM or on a
// canvas, is in `static/fonts/live-page-chars.txt`, which
// tests/first_screen_font.rs adds to the cuts. A character missing there is
// added to the file and the test fails once: then run
// `cargo test --test first_screen_font` and `python3 scripts/font-subset.py`
// as that test says, and commit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, ready, root, dist } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const LIVE_CHARS = path.join(root, 'static', 'fonts', 'live-page-chars.txt');
const PAGES = ['', ...fs.readdirSync(dist).filter((f) => /^[a-z0-9-]+\.html$/.test(f) && !/^(embed-|index\.html)/.test(f)).sort()];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
];

// Runs in the page before its scripts: every string a canvas draws or
// measures (measuring loads the font too), with its font.
const RECORD_CANVAS_TEXT = () => {
  window.__canvasText = [];
  for (const method of ['fillText', 'strokeText', 'measureText']) {
    const draw = CanvasRenderingContext2D.prototype[method];
    CanvasRenderingContext2D.prototype[method] = function (text, ...rest) {
      window.__canvasText.push([String(text), this.font]);
      return draw.call(this, text, ...rest);
    };
  }
};

// The characters on the page, by weight: every text node (hidden ones too:
// a closed panel's text is laid out when the reader opens it, and some
// hidden text is laid out anyway) and every canvas string.
const DRAWN = () => {
  const out = { regular: '', bold: '' };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || el.closest('script, style, template, noscript')) continue;
    out[Number(getComputedStyle(el).fontWeight) >= 600 ? 'bold' : 'regular'] += n.textContent;
  }
  for (const [text, font] of window.__canvasText) out[/\bbold\b|\b[6-9]00\b/.test(font) ? 'bold' : 'regular'] += text;
  return out;
};

function readList() {
  const list = { regular: new Set(), bold: new Set() };
  if (!fs.existsSync(LIVE_CHARS)) return list;
  for (const line of fs.readFileSync(LIVE_CHARS, 'utf8').split('\n')) {
    const [weight, chars = ''] = line.split('\t');
    if (list[weight]) for (const c of chars) list[weight].add(c);
  }
  return list;
}

// Characters that need no glyph.
const SKIP = /[\s\u200b-\u200f\u2028\u2029\ufeff]/u;

test('every page, loaded live, fetches no full webfont and draws only characters the cuts were made for', async () => {
  const list = readList();
  const missing = { regular: new Set(), bold: new Set() };
  const fullFaces = [];
  for (const size of SIZES) {
    const context = await browser.newContext({ ...size, reducedMotion: 'reduce', serviceWorkers: 'block' });
    await context.addInitScript(RECORD_CANVAS_TEXT);
    const page = await context.newPage();
    let current = '';
    page.on('request', (r) => { if (/\.subset\.woff2$/.test(r.url())) fullFaces.push(`${size.name} ${current || '/'}: ${r.url().replace(/.*\//, '')}`); });
    for (const name of PAGES) {
      current = name;
      await page.goto(`${server.base}${name}`);
      await ready(page);
      const drawn = await page.evaluate(DRAWN);
      for (const weight of ['regular', 'bold']) {
        for (const c of drawn[weight]) if (!SKIP.test(c) && !list[weight].has(c)) missing[weight].add(c);
      }
    }
    await context.close();
  }
  const added = missing.regular.size + missing.bold.size;
  if (added) {
    const line = (w) => `${w}\t${[...new Set([...list[w], ...missing[w]])].sort((a, b) => a.codePointAt(0) - b.codePointAt(0)).join('')}`;
    fs.writeFileSync(LIVE_CHARS, `${line('regular')}\n${line('bold')}\n`);
  }
  assert.equal(added, 0, `written again: ${LIVE_CHARS} (regular +${[...missing.regular].join('')}, bold +${[...missing.bold].join('')}); `
    + 'run cargo test --test first_screen_font, python3 scripts/font-subset.py, that test again, rebuild, and commit');
  assert.deepEqual(fullFaces, [], 'a loaded page fetched a full face of Pretendard');
});
