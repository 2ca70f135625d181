// A file changed after the build is refused by the page (issue 19). For each
// kind of file, a copy of dist/ gets one byte more in that file and is
// served; the page must not run it, and must say so where a reader would
// look. Digests: Trunk's `integrity` attributes (stylesheets, page scripts,
// the site's JS via its import map), and those scripts/trunk-post-build.mjs
// states for what the page fetches itself (the site's wasm in the loader,
// the lazily loaded modules' JS (`figures`, and `check` for figure 8-1) in
// the import map and their wasm, in the `lab-integrity` block, where the worker pool finds the digest of the
// site's glue it runs in its workers).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, openPage, dist } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A copy of dist/ whose file matching `pattern` has `extra` appended. */
function tampered(pattern, extra) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tamper-'));
  fs.cpSync(dist, dir, { recursive: true });
  const name = fs.readdirSync(dir).find((f) => pattern.test(f));
  assert.ok(name, `no file matches ${pattern}`);
  fs.appendFileSync(path.join(dir, name), extra);
  return { dir, name };
}

const CASES = [
  {
    what: "the site's wasm",
    file: /^site-[0-9a-f]+_bg\.wasm$/,
    query: '?ch=a1-lease-expiry',
    refused: async (page) => {
      await page.waitForSelector('#app[role=alert]', { timeout: 30000 });
      assert.match(await page.textContent('#app'), /빌드 때와 달라/);
      assert.equal(await page.$('article.chapter'), null);
    },
  },
  {
    what: "the site's JS",
    file: /^site-[0-9a-f]+\.js$/,
    query: '?ch=a1-lease-expiry',
    refused: async (page) => {
      await page.waitForTimeout(3000);
      // The chapter's static page stays, as it is: the live page never starts.
      assert.ok(await page.$('#app[data-prerendered="a1-lease-expiry"] article.chapter'), 'the static chapter');
      assert.equal(await page.$('#app .app-live'), null);
      assert.equal(await page.evaluate(() => typeof window.wasmBindings), 'undefined');
    },
  },
  {
    what: 'a page script',
    file: /^lazy_module-[0-9a-f]+\.js$/,
    query: '?ch=a1-lease-expiry',
    refused: async (page) => {
      await page.waitForSelector('article.chapter', { timeout: 30000 });
      assert.equal(await page.evaluate(() => typeof window.consistencyLab?.loadModule), 'undefined');
    },
  },
  ...[/^figures\.js$/, /^figures_bg\.wasm$/].map((file) => ({
    what: `the figures module (${file.source})`,
    file,
    query: '?ch=b1-remember',
    refused: async (page) => {
      await page.waitForSelector('#vote-story .figure-loading[role=alert]', { timeout: 30000 });
      assert.match(await page.textContent('#vote-story .figure-loading'), /그림 모듈을 불러오지 못했습니다/);
    },
  })),
  // Figure 8-1's own module (src/bin/check.rs): the chapter stays, the
  // figure's loading line gives way to a Korean notice in the figure.
  ...[/^check\.js$/, /^check_bg\.wasm$/].map((file) => ({
    what: `the check module (${file.source})`,
    file,
    query: '?ch=a8-break-it',
    refused: async (page) => {
      await page.waitForSelector('#break-it:not([data-awaiting-module]) .break-it-mount .notice', { timeout: 30000 });
      assert.match(await page.textContent('#break-it .break-it-mount .notice'), /그림 모듈을 불러오지 못했습니다/);
      assert.equal(await page.$('#break-it .figure-loading'), null, 'a loading line is left');
      assert.equal(await page.$('#break-it .break-it-mount select, #break-it .break-it-mount button'), null, 'a figure was built');
      // No blank page: the chapter and its caption stay.
      assert.ok(await page.$('article.chapter #break-it figcaption'), 'the chapter with its figure caption');
      assert.match(await page.textContent('article.chapter'), /깨뜨려/);
    },
  })),
];

for (const c of CASES) {
  test(`${c.what}, changed after the build, is refused, and the page says so`, async () => {
    const { dir, name } = tampered(c.file, c.file.source.includes('wasm') ? Buffer.from([0]) : '\n;window.__tampered = 1;\n');
    const server = await serve({ dir });
    try {
      const { page, errors, context } = await openPage(browser);
      await page.goto(server.base + c.query);
      await c.refused(page);
      assert.equal(await page.evaluate(() => window.__tampered), undefined, `${name}'s added code ran`);
      // The browser says why (an integrity failure), in the console.
      assert.ok(errors.some((e) => /integrity|digest|SRI|무결성|워커/i.test(e)), `no integrity error logged: ${errors.join(' | ')}`);
      await context.close();
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

// The pool's workers run the site's glue, fetched against the digest the
// digests block states for it: with a digest that does not fit (as a changed
// file would), no worker runs, and the sweep says why.
test('the workers\' script is checked against its digest, and the sweep says when it is refused', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tamper-'));
  fs.cpSync(dist, dir, { recursive: true });
  const wrong = `sha384-${'A'.repeat(64)}`;
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const file = path.join(dir, name);
    const page = fs.readFileSync(file, 'utf8');
    const glue = /data-site-glue="([^"]+)"/.exec(page)?.[1];
    if (!glue) continue;
    fs.writeFileSync(file, page.replace(new RegExp(`("${glue.replace(/[.]/g, '\\.')}":)"[^"]+"`), `$1"${wrong}"`));
    for (const ext of ['.gz', '.br']) fs.rmSync(file + ext, { force: true });
  }
  const server = await serve({ dir });
  try {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-contention&tpw_hi=2&wallets_hi=2&seeds=1`);
    await page.waitForSelector('#sweep-contention[data-state=failed]', { timeout: 30000 });
    assert.match(await page.textContent('#sweep-contention .sweep-status'), /웹 워커를 시작하지 못했습니다/);
    assert.ok(errors.some((e) => /integrity|digest|SRI|워커/i.test(e)), `no integrity error logged: ${errors.join(' | ')}`);
    await context.close();
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
