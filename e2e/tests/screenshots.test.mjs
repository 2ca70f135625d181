// Screenshots at 390 px and 1280 px for a person to look at (e2e/screenshots/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, openPage, ready, shots, ensureShots } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); ensureShots(); });
after(async () => { await browser?.close(); await server?.close(); });

const PAGES = [
  ['a1', '?ch=a1-lease-expiry&fig=lease-expiry&t=1800'],
  ['a2', '?ch=a2-watchdog'],
  ['a3', '?ch=a3-fencing'],
  ['a4', '?ch=a4-conditional-update'],
  ['a5', '?ch=a5-outage'],
  ['a6', '?ch=a6-summary'],
];

for (const width of [390, 1280]) {
  test(`screenshots at ${width}px`, async () => {
    const { page, errors, context } = await openPage(browser, { width, height: 900 });
    for (const [name, q] of PAGES) {
      await page.goto(server.base + q);
      await ready(page);
      for (const fig of await page.$$('figure.lab-figure')) {
        const id = await fig.getAttribute('id');
        await fig.screenshot({ path: path.join(shots, `${name}-${id}-${width}.png`) });
      }
      if (name === 'a1') {
        await page.screenshot({ path: path.join(shots, `${name}-top-${width}.png`) });
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
