// The built site works under any path (issue 18): served at
// /consistency-lab/, as a GitHub Pages project site would serve it, every
// chapter, the lazily loaded module, the worker, an export and an embed load
// with no request outside that path and none failing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { openLab } from './lab.mjs';

let server, browser;
before(async () => { server = await serve({ prefix: '/consistency-lab/' }); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('under a sub-path, chapters, Article B, the sweeps, export and embed all load', async () => {
  const { page, errors, context } = await openPage(browser);
  const bad = [];
  page.on('response', (r) => { if (r.status() >= 400) bad.push(`${r.status()} ${r.url()}`); });
  page.on('request', (r) => { if (!r.url().startsWith(server.base) && !/^(data|blob):/.test(r.url())) bad.push(`outside: ${r.url()}`); });
  const chapters = ['00-intro', 'a1-lease-expiry', 'b1-remember', 'b2-durable', 'glossary'];
  for (const ch of chapters) {
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    assert.ok((await page.textContent('article.chapter')).trim().length > 200, ch);
  }
  // The worker: a small sweep completes.
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-contention&tpw_hi=2&wallets_hi=2&seeds=1`);
  await ready(page);
  await page.waitForSelector('#sweep-contention[data-state=done]', { timeout: 120000 });
  // An export (the figures module draws the SVG).
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  await openLab(page, '#lease-expiry');
  await page.click('#lease-expiry button[data-export=svg]');
  await page.waitForFunction(() => /요청했습니다/.test(document.querySelector('#lease-expiry .export-status')?.textContent || ''), null, { timeout: 60000 });
  // An embed.
  await page.goto(`${server.base}?embed=vote-story`);
  await page.waitForSelector('main.embed figure canvas', { timeout: 30000 });
  await ready(page).catch(() => {});
  assert.deepEqual(bad, []);
  assert.deepEqual(errors, []);
  await context.close();
});
