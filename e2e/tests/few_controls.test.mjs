// Less to hold (issue 25): every figure of every chapter shows at most six
// setting controls before "모든 설정" (a slider and its number box are one
// control; the player and the export bar are not settings), at 1280 px.
// The registry's rule is tested natively (lab_model::registry); this checks
// what the page draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const CHAPTERS = ['a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage', 'a6-summary',
  'a7-sweeps', 'b1-remember', 'b2-durable', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt', 'b6-recovery',
  'b7-kill-vs-power', 'b8-liveness'];

test('every figure shows at most six setting controls before "모든 설정"', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  const counts = [];
  for (const ch of CHAPTERS) {
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    counts.push(...await page.evaluate(() => [...document.querySelectorAll('article.chapter figure.lab-figure')].map((f) => {
      const shown = [...f.querySelectorAll('.controls .ctl')].filter((c) => !c.closest('details.all-settings') && c.checkVisibility());
      return { id: f.id, n: shown.length, names: shown.map((c) => c.querySelector('.ctl-name, label')?.textContent.trim()) };
    })));
  }
  console.log(counts.map((c) => `${c.id}: ${c.n}`).join(', '));
  assert.ok(counts.length >= 17, `figures seen: ${counts.length}`);
  const over = counts.filter((c) => c.n > 6);
  assert.deepEqual(over, [], 'figures with more than six controls shown first');
  assert.ok(counts.every((c) => c.id === 'crash-matrix' || c.id === 'side-by-side' || c.n >= 1), JSON.stringify(counts));
  assert.deepEqual(errors, []);
  await context.close();
});
