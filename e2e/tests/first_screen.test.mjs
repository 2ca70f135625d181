// Lead the reader (issue 25): a chapter opens on its phenomenon. On a phone
// (390×844, touch) and a desktop (1280×900), the first screen of each
// chapter below holds a live, drawn canvas, before any scrolling; and an
// Article B story opened by its chapter (not by an address that names it)
// waits at its first step, paused, with its verdict held back, so nothing
// on that first screen answers the chapter's question.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// Every chapter whose figure is a canvas (B2's map is a table; A8's figure
// is built of buttons and an SVG by the check module, after its opening
// paragraphs).
const CHAPTERS = ['a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage', 'a6-summary',
  'a7-sweeps', 'b1-remember', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt', 'b6-recovery', 'b7-kill-vs-power', 'b8-liveness'];
// The stories whose verdict answers their chapter's question.
const STORIES = [['b1-remember', 'vote-story'], ['b3-outer-transaction', 'outer-transaction'], ['b4-fence', 'uncertain-failure'],
  ['b5-interrupt', 'interrupt-wait'], ['b6-recovery', 'restart-recovery']];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
];

for (const size of SIZES) {
  test(`${size.name}: every chapter's first screen holds a drawn canvas`, async () => {
    const context = await browser.newContext({ ...size, reducedMotion: 'reduce', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const misses = [];
    for (const ch of CHAPTERS) {
      await page.goto(`${server.base}?ch=${ch}`);
      await ready(page);
      const seen = await page.evaluate(() => {
        for (const c of document.querySelectorAll('article.chapter canvas')) {
          const r = c.getBoundingClientRect();
          const visible = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
          // At least a quarter of the canvas, or 120 px of it, in the first screen, and drawn.
          if (r.height > 0 && visible >= Math.min(120, r.height / 4) && c.width > 0) return { top: Math.round(r.top), visible: Math.round(visible) };
        }
        return null;
      });
      if (!seen) misses.push(ch);
    }
    assert.deepEqual(misses, [], `${size.name}: chapters without a canvas on their first screen`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const reducedMotion of ['reduce', 'no-preference']) {
  test(`a chapter's own story waits at its first scene with its verdict held back (motion: ${reducedMotion})`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion, serviceWorkers: 'block' });
    const page = await context.newPage();
    for (const [ch, id] of STORIES) {
      await page.goto(`${server.base}?ch=${ch}`);
      await ready(page);
      await page.waitForTimeout(1500);
      assert.equal(await page.locator(`#${id} .vote-verdict`).count(), 0, `${ch}: no verdict on load`);
      assert.equal(await page.locator(`#${id} .verdict-hidden`).count(), 1, `${ch}: the verdict waits`);
      // The player waits on the story's own opening scene (src/figures/vote/opening.rs), the step it happens at.
      assert.ok(Number(await page.$eval(`#${id} .vote-scenes`, (d) => d.dataset.scene)) > 0, `${ch}: the opening scene`);
      // The player is in the figure's lab (issue 38): opening it moves nothing.
      await page.click(`#${id} .lab-toggle[aria-expanded=false]`);
      const position = await page.locator(`#${id} .player output, #${id} .player .ctl-value`).first().textContent();
      const step = Number(await page.$eval(`#${id} .scrub`, (i) => i.value));
      assert.match(position, new RegExp(`사건 ${step + 1}/`), `${ch}: the player is at the opening scene's step (${position})`);
    }
    await context.close();
  });
}
