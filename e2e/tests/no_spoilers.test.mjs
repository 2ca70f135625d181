// No spoilers in Article A (issue 17): a lock-lease timeline's results
// table and the stage's key numbers wait until the player passes the first
// anomaly (or the window's end when there is none), or until the reader
// presses "결과 보기" (keyboard reachable); a figure without a player (A8)
// shows its table at once. The table and "결과 보기" are in the figure's
// lab (issue 38), so each check opens it first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { openLab } from './lab.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const A1 = '#lease-expiry';

test('A1 at time 0 hides its table and key numbers; "결과 보기" by keyboard shows them', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=0`);
  await ready(page);
  await openLab(page, A1);
  await page.waitForSelector(`${A1} .results-hidden`);
  assert.equal(await page.locator(`${A1} table.metrics`).count(), 0, 'no table at time 0');
  // The key numbers keep their place, their values held back.
  const held = await page.locator(`${A1} .key-numbers[data-held=true] dd`).allTextContents();
  assert.ok(held.length >= 1 && held.every((v) => v === '?'), `the key numbers keep their labels, values held: ${held}`);
  assert.match(await page.locator(`${A1} .results-hidden`).textContent(), /첫 이상 현상/);
  // Keyboard: focus the button and press Enter.
  await page.locator(`${A1} .results-reveal`).focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector(`${A1} table.metrics[data-pending=false]`);
  await page.waitForSelector(`${A1} .key-numbers:not([data-held])`);
  assert.doesNotMatch((await page.locator(`${A1} .key-numbers dd`).allTextContents()).join(' '), /\?/);
  assert.equal(await page.locator(`${A1} .results-hidden`).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A1\'s table appears once the player passes the first anomaly, not before', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=0&lab=1`);
  await ready(page);
  const atUs = Number(await page.locator(`${A1} .results-hidden`).getAttribute('data-results-at-us'));
  assert.ok(atUs > 0, `the first anomaly is after time 0 (${atUs})`);
  // Just before the first anomaly: still hidden.
  const before = Math.floor(atUs / 1000) - 1;
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=${before}&lab=1`);
  await ready(page);
  await page.waitForSelector(`${A1} .results-hidden`);
  assert.equal(await page.locator(`${A1} table.metrics`).count(), 0, `hidden at ${before} ms`);
  // At the anomaly: shown.
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&t=${(atUs / 1000).toFixed(3)}&lab=1`);
  await ready(page);
  await page.waitForSelector(`${A1} table.metrics`);
  assert.equal(await page.locator(`${A1} .results-hidden`).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// A lesson opens at the start of its run (issue 38): the drawing and the
// numbers wait for the reader, with or without a player time in the address.
test('a permalink without a player time opens at the start with its results held; A8 (no player) shows its table at once', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry`);
  await ready(page);
  assert.equal(await page.locator(`${A1} .key-numbers`).getAttribute('data-held'), 'true');
  await openLab(page, A1);
  await page.waitForSelector(`${A1} .results-hidden`);
  assert.equal(await page.locator(`${A1} table.metrics`).count(), 0, 'no table at the start');
  await page.goto(`${server.base}?ch=a6-summary`);
  await ready(page);
  await openLab(page, '#tradeoff');
  await page.waitForSelector('#tradeoff table.metrics');
  assert.equal(await page.locator('#tradeoff .results-hidden').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// Every chapter at load, as a reader first sees it (at 1280 and at 390): no
// question is answered yet, no Article B story shows its verdict and no
// lock-lease timeline shows its results before the reader steps or commits.
// A8's question is its figure (the reader tries to break (a); no predict
// box): it opens with no step taken, no banner, no checker's verdict, no
// smallest schedule and no button to either (issue 41).
const CHAPTERS = ['a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage', 'a6-summary',
  'a7-sweeps', 'a8-break-it', 'b1-remember', 'b2-durable', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt', 'b6-recovery', 'b7-kill-vs-power', 'b8-liveness'];
for (const [width, height] of [[1280, 900], [390, 844]]) {
  test(`at ${width} px, every chapter opens with its questions open, no story verdict and no timeline's results`, async () => {
    const { page, errors, context } = await openPage(browser, { width, height });
    for (const ch of CHAPTERS) {
      await page.goto(`${server.base}?ch=${ch}`);
      await ready(page);
      const seen = await page.evaluate(() => ({
        committed: document.querySelectorAll('fieldset.predict[data-committed=true], .predict-reveal, .predict-echo-card').length,
        questions: document.querySelectorAll('fieldset.predict[data-committed=false]').length,
        verdicts: [...document.querySelectorAll('.vote-figure .vote-verdict')].filter((v) => v.checkVisibility()).length,
        timelines: [...document.querySelectorAll('figure.kind-timeline, figure.kind-split')].map((f) => ({
          id: f.id,
          held: !!f.querySelector('.key-numbers[data-held=true]') || !f.querySelector('.key-numbers'),
          table: [...f.querySelectorAll('table.metrics')].some((t) => t.checkVisibility()),
        })),
      }));
      if (ch === 'a8-break-it') {
        const breakIt = await page.evaluate(() => {
          const fig = document.querySelector('#break-it');
          const shown = (sel) => [...fig.querySelectorAll(sel)].filter((e) => e.checkVisibility()).length;
          return {
            built: shown('.bi-body .bi-lane'),
            steps: fig.querySelectorAll('.bi-schedule li').length,
            answers: shown('.bi-banner, .bi-verdict, .bi-story, [data-key="verdict"], [data-key="story-open"]'),
            broke: fig.querySelectorAll('.bi-prop-broken, .bi-colnum-broke').length,
            verdictAsked: fig.querySelector('.break-it-mount').hasAttribute('data-verdict-states'),
            words: fig.textContent,
          };
        });
        assert.ok(breakIt.built >= 2, `${ch}: the figure is built with its lanes`);
        assert.equal(breakIt.steps, 0, `${ch}: a step taken at load`);
        assert.equal(breakIt.answers, 0, `${ch}: a banner, verdict, smallest schedule or a button to them at load`);
        assert.equal(breakIt.broke, 0, `${ch}: a broken property at load`);
        assert.equal(breakIt.verdictAsked, false, `${ch}: the checker's verdict was computed at load`);
        assert.doesNotMatch(breakIt.words, /모두 확인했습니다|가장 짧은 반례|이중 승인!/, `${ch}: the figure's words answer at load`);
      } else {
        assert.ok(seen.questions >= 1, `${ch}: a question waits for the reader`);
      }
      assert.equal(seen.committed, 0, `${ch}: nothing answered at load`);
      assert.equal(seen.verdicts, 0, `${ch}: a story's verdict is shown at load`);
      for (const t of seen.timelines) {
        assert.ok(t.held && !t.table, `${ch}: ${t.id} shows its results at load`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
