// A lesson first, the lab on request (issue 38): at load every figure of
// every chapter shows at most six controls, at 1280 and at 390 px, as
// e2e/lesson-count.mjs counts them (every visible button, input, select
// and summary; a slider and its number box are one, a radio group is one,
// a grid of marks is the figure). Everything else is behind the figure's
// one "실험실 열기" button, whose panel opens under the stage, is kept in
// the permalink (`lab=1`), and opens by itself for an address that sets a
// knob only the lab shows. The registry's rules are tested natively
// (lab_model::registry, lab_model::permalink).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { CHAPTERS, countAtLoad } from '../lesson-count.mjs';
import { openLab } from './lab.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844, isMobile: true, hasTouch: true },
];

for (const size of SIZES) {
  test(`every figure shows at most six controls at load (${size.width} px)`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    const counts = [];
    for (const ch of CHAPTERS) {
      await page.goto(`${server.base}?ch=${ch}`);
      await ready(page);
      const { figures } = await page.evaluate(countAtLoad);
      counts.push(...figures.map((f) => ({ ch, ...f })));
    }
    console.log(`# ${size.width}px: ${counts.map((c) => `${c.id} ${c.n}`).join(', ')}`);
    assert.ok(counts.filter((c) => c.id !== 'hook').length >= 17, `figures seen: ${counts.length}`);
    const over = counts.filter((c) => c.n > 6);
    assert.deepEqual(over, [], 'figures with more than six controls at load');
    // Every figure of Article A's lab opens from one button.
    for (const id of ['lease-expiry', 'silent-drift', 'watchdog-stop', 'fence-placement', 'lease-clock', 'conditional-update', 'outage', 'tradeoff', 'latency-cdf']) {
      const c = counts.find((f) => f.id === id);
      assert.ok(c, `${id} was counted`);
      assert.ok(c.names.includes('실험실 열기'), `${id}: ${c.names.join(' | ')}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('opening an A figure\'s lab shows its settings under the stage, keeps it in the address, and closing keeps the state', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a2-watchdog`);
  await ready(page);
  const fig = '#watchdog-stop';
  const toggle = page.locator(`${fig} .lab-toggle`);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await toggle.getAttribute('aria-controls'), 'watchdog-stop-lab');
  assert.equal(await page.locator(`${fig} select, ${fig} details.all-settings`).filter({ visible: true }).count(), 0, 'no preset or 모든 설정 at load');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const lab = page.locator('#watchdog-stop-lab');
  await lab.waitFor();
  // The settings, the player's tools, the results and the files.
  for (const sel of ['select', 'input[type=number][id$=-seed]', 'details.all-settings > summary', '.player .scrub', '.export button[data-export=svg]', 'details.share > summary']) {
    assert.ok(await lab.locator(sel).first().isVisible(), `the lab shows ${sel}`);
  }
  // The panel opens under the stage, and the canvas stays in view.
  const [stage, panel] = await Promise.all([page.locator(`${fig} .figure-stage`).boundingBox(), lab.boundingBox()]);
  assert.ok(panel.y >= stage.y + stage.height - 1, 'under the stage');
  await page.waitForFunction(() => /[?&]lab=1(&|$)/.test(location.search));
  // A setting moved in the lab stays when the lab closes, and the address keeps it.
  await lab.locator('input[type=number][id$=-seed]').fill('7');
  await lab.locator('input[type=number][id$=-seed]').press('Enter');
  await page.waitForFunction(() => /[?&]seed=7(&|$)/.test(location.search));
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.ok(await lab.isHidden(), 'the panel is hidden');
  await page.waitForFunction(() => !/[?&]lab=1/.test(location.search) && /[?&]seed=7(&|$)/.test(location.search));
  await toggle.click();
  assert.equal(await lab.locator('input[type=number][id$=-seed]').inputValue(), '7');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an address that sets a knob only the lab shows opens that figure\'s lab; lab=1 round-trips', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry&seed=7&fig=lease-expiry`);
  await ready(page);
  assert.equal(await page.locator('#lease-expiry .lab-toggle').getAttribute('aria-expanded'), 'true');
  assert.equal(await page.locator('#lease-expiry-seed').inputValue(), '7');
  // Only that figure's: the chapter's other figure stays a lesson.
  assert.equal(await page.locator('#silent-drift .lab-toggle').getAttribute('aria-expanded'), 'false');
  // The lesson's own key does not open it.
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600`);
  await ready(page);
  assert.equal(await page.locator('#lease-expiry .lab-toggle').getAttribute('aria-expanded'), 'false');
  // lab=1: the page opens with the lab open and writes it back.
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=silent-drift&preset=exp1&lab=1`);
  await ready(page);
  assert.equal(await page.locator('#silent-drift .lab-toggle').getAttribute('aria-expanded'), 'true');
  await page.locator('#silent-drift-lab input[name=threads]').fill('8');
  await page.waitForFunction(() => /fig=silent-drift/.test(location.search) && /[?&]threads=8/.test(location.search) && /[?&]lab=1(&|$)/.test(location.search));
  const url = page.url();
  await page.goto(url);
  await ready(page);
  assert.equal(await page.locator('#silent-drift .lab-toggle').getAttribute('aria-expanded'), 'true');
  assert.equal(await page.locator('#silent-drift-lab input[name=threads]').inputValue(), '8');
  assert.deepEqual(errors, []);
  await context.close();
});

// The reader's defect (issue 38): on a 1280×900 desktop, the sentence the
// player writes when "다음 이상 징후" stops at an anomaly lands in view,
// next to the stage, and the timeline opened at the start of its run.
test('A1\'s "다음 이상 징후" explanation lands in view at 1280×900', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const next = page.locator('#lease-expiry .lesson-bar button.next-mark');
  await next.scrollIntoViewIfNeeded();
  await next.click();
  const status = page.locator('#lease-expiry .player-status');
  await page.waitForFunction(() => /지갑 \d/.test(document.querySelector('#lease-expiry .player-status').textContent));
  const box = await status.boundingBox();
  const mapBottom = await page.$eval('nav.chapters', (n) => n.getBoundingClientRect().bottom);
  assert.ok(box.y >= mapBottom && box.y + box.height <= 900, `the explanation is in view: ${JSON.stringify(box)}`);
  assert.ok(await status.evaluate((s) => s.closest('.figure-stage') !== null), 'beside the canvas, in the stage');
  assert.deepEqual(errors, []);
  await context.close();
});
