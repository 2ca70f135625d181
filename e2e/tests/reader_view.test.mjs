// The reader's view (issue 16): while a control of a figure is on screen,
// so is at least half of that figure's canvas (or, for a stage drawn taller
// than its sticky room, that room filled with its lower part), at a desktop and a phone
// size; the TTL slider's keyboard ends, exact typing and scale; the sticky
// chapter map shows the current chapter on a late chapter; the dark theme;
// figure numbers that follow the chapter.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { openLab } from './lab.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const SIZES = [[1280, 900], [390, 844]];

// Every figure with controls, by chapter (sliders and a canvas: A8's
// figure has neither; its lanes and strip at 390 px are
// e2e/tests/break_it.test.mjs's).
const CHAPTERS = {
  'a1-lease-expiry': ['lease-expiry', 'silent-drift'],
  'a2-watchdog': ['watchdog-stop'],
  'a3-fencing': ['fence-placement', 'lease-clock'],
  'a4-conditional-update': ['conditional-update', 'latency-cdf'],
  'a5-outage': ['outage'],
  'a6-summary': ['tradeoff'],
  'b1-remember': ['vote-story'],
  'b3-outer-transaction': ['outer-transaction'],
  'b4-fence': ['uncertain-failure'],
  'b8-liveness': ['liveness'],
  'a7-sweeps': ['sweep-ttl-pause', 'sweep-contention'],
};
// A sweep's slider starts a grid of runs in the workers: its move is not repeated here.
const SWEEPS = new Set(['sweep-ttl-pause', 'sweep-contention']);

/**
 * Scrolls the slider `index` of figure `id` (the visible ranges of its
 * control strip, none under a closed "모든 설정") into view at `block`, and
 * says how much of the figure's first canvas is in the part of the window
 * below the chapter map, and whether the slider itself can be hit there.
 */
async function view(page, id, index, block) {
  await page.evaluate(`window.__inView = ${inView}`);
  return page.evaluate(async ({ id, index, block }) => {
    const fig = document.getElementById(id);
    const sliders = [...fig.querySelectorAll('.figure-side input[type=range]')].filter((s) => !s.closest('details:not([open])'));
    const slider = sliders[index];
    slider.scrollIntoView({ block });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const top = document.querySelector('nav.chapters')?.getBoundingClientRect().bottom ?? 0;
    const s = slider.getBoundingClientRect();
    const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
    return { name: slider.dataset.key || slider.name || slider.id, count: sliders.length, hit: hit === slider || slider.contains(hit), ...window.__inView(fig) };
  }, { id, index, block });
}

/**
 * How much of the figure's first canvas is in the window below the chapter
 * map, and, for a stage drawn taller than a sticky stage's room (half the
 * window under the map: `data-stage="grows"`), whether that room is filled
 * with the stage's lower part down to its bottom edge (the time axis and
 * the legend), which is what such a stage promises instead of half its canvas.
 */
function inView(fig) {
  const top = document.querySelector('nav.chapters')?.getBoundingClientRect().bottom ?? 0;
  const c = fig.querySelector('canvas').getBoundingClientRect();
  const seen = Math.max(0, Math.min(c.bottom, innerHeight) - Math.max(c.top, top)) / c.height;
  const stage = fig.querySelector('.figure-stage').getBoundingClientRect();
  const room = innerHeight / 2 - top - 18;
  const stageSeen = Math.min(stage.bottom, innerHeight) - Math.max(stage.top, top);
  const grows = fig.dataset.stage === 'grows';
  return { seen, grows, filled: grows && stage.bottom <= innerHeight && stageSeen >= room - 4, height: c.height };
}

const shown = (v) => v.seen >= 0.5 || v.filled;
const describe = (v) => `${(v.seen * 100).toFixed(0)}% of the canvas in view${v.grows ? ' (a grown stage, its room not filled)' : ''}`;

for (const [width, height] of SIZES) {
  test(`${width}×${height}: with any main slider in view, at least half of its figure's canvas is too`, async () => {
    const { page, errors, context } = await openPage(browser, { width, height });
    let checked = 0;
    for (const [chapter, ids] of Object.entries(CHAPTERS)) {
      await page.goto(`${server.base}?ch=${chapter}`);
      await ready(page);
      for (const id of ids) {
        // Every slider: the lesson's and, with the lab open under the stage, the lab's (issue 38).
        await openLab(page, `#${id}`);
        const { count } = await view(page, id, 0, 'center');
        assert.ok(count >= 1, `${id}: no slider`);
        for (let i = 0; i < count; i++) {
          for (const block of ['center', 'end']) {
            const v = await view(page, id, i, block);
            assert.ok(shown(v), `${width}px ${id} ${v.name} (${block}): ${describe(v)}`);
            assert.ok(v.hit, `${width}px ${id} ${v.name} (${block}): the slider is covered`);
          }
          checked++;
          if (SWEEPS.has(id)) continue;
          // Moving it keeps the figure in view.
          const slider = page.locator(`#${id} .figure-side input[type=range]`).filter({ visible: true }).nth(i);
          await slider.press('ArrowRight');
          await page.waitForTimeout(150);
          const moved = await page.evaluate(`(${inView})(document.getElementById(${JSON.stringify(id)}))`);
          assert.ok(shown(moved), `${width}px ${id} slider ${i} moved: ${describe(moved)}`);
        }
      }
    }
    console.log(`${width}px: ${checked} sliders checked`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The 퍼가기 panel's fields are no controls of the picture: while it is open
// the stage stops sticking, so on a phone the panel has the whole window.
test('while the 퍼가기 panel is open, the stage scrolls away with the figure (390 px)', async () => {
  const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const stage = '#lease-expiry > .figure-stage';
  const position = () => page.$eval(stage, (s) => getComputedStyle(s).position);
  assert.equal(await position(), 'sticky');
  await openLab(page, '#lease-expiry');
  await page.click('#lease-expiry details.share > summary');
  await page.waitForSelector('#lease-expiry .share-body textarea');
  assert.equal(await position(), 'static');
  await page.locator('#lease-expiry .share-body textarea').last().scrollIntoViewIfNeeded();
  const covered = await page.$eval(stage, (s) => s.getBoundingClientRect().bottom > 100);
  assert.ok(!covered, 'the stage still covers the top of the window');
  await page.click('#lease-expiry details.share > summary');
  assert.equal(await position(), 'sticky');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the key live numbers sit beside the canvas and follow the run', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const stage = page.locator('#lease-expiry .figure-stage');
  // Held until the reader reaches the first anomaly (issue 38: the lesson opens at the start).
  await page.waitForSelector('#lease-expiry .key-numbers[data-held=true]');
  await page.click('#lease-expiry .lesson-bar button.next-mark');
  await openLab(page, '#lease-expiry');
  await page.waitForSelector('#lease-expiry .key-numbers[data-pending=false]');
  const names = await stage.locator('.key-number dt').allTextContents();
  assert.deepEqual(names, ['승인', '소유 겹침 쌍', '잃어버린 갱신 쌍']);
  const before = await stage.locator('.key-number dd').first().textContent();
  // The same number the table shows for the run.
  const table = await page.$eval('#lease-expiry table.metrics tbody tr', (tr) => tr.children[1].textContent);
  assert.equal(before, table);
  await page.locator('#lease-expiry input[name=ttl_ms]').fill('600');
  await page.waitForFunction(() => location.search.includes('ttl_ms=600'));
  await page.waitForSelector('#lease-expiry .key-numbers[data-pending=false]');
  assert.equal(await stage.locator('.key-number dd').first().textContent(), '240');
  assert.deepEqual(errors, []);
  await context.close();
});

test('A1 shows first only the control its paragraph is about, the rest in its lab', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const named = (sel) => page.$$eval(sel, (els) => els.filter((e) => e.checkVisibility()).map((e) => e.getAttribute('name')));
  assert.deepEqual(await named('#lease-expiry .lesson-bar [name]'), ['ttl_ms']);
  assert.deepEqual(await named('#lease-expiry .controls [name]'), [], 'the settings wait in the lab');
  await openLab(page, '#lease-expiry');
  const shown = await page.$$eval('#lease-expiry .controls-grid:not(details *) [name]', (els) => els.map((e) => e.getAttribute('name')));
  assert.deepEqual(shown, ['pause_min_ms', 'pause_max_ms', 'threads']);
  await page.click('#lease-expiry details.all-settings > summary');
  await page.locator('#lease-expiry details.all-settings input[name=wallets]').waitFor({ state: 'visible' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a run changed while the player is paused is drawn in full', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  await openLab(page, '#lease-expiry');
  const scrub = page.locator('#lease-expiry .scrub');
  await scrub.fill('20');
  await page.waitForFunction(() => location.search.includes('t='));
  assert.equal(await scrub.inputValue(), '20');
  await page.locator('#lease-expiry input[name=ttl_ms]').fill('300');
  await page.waitForFunction(() => location.search.includes('ttl_ms=300'));
  const [value, max] = await scrub.evaluate((s) => [s.value, s.max]);
  assert.equal(value, max, 'the cursor stayed where it was paused');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the TTL slider: Home and End reach the documented ends, typing gives the exact value', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const range = page.locator('#lease-expiry-ttl_ms');
  const exact = page.locator('#lease-expiry input[name=ttl_ms]');
  assert.equal(await range.getAttribute('type'), 'range');
  assert.match(await page.$eval('label[for="lease-expiry-ttl_ms"]', (l) => l.textContent), /락 TTL/);
  assert.match(await page.$eval('label[for="lease-expiry-ttl_ms-exact"]', (l) => l.textContent), /락 TTL/);
  assert.equal(await range.getAttribute('aria-valuetext'), '200 ms');
  await range.press('Home');
  await page.waitForFunction(() => /[?&]ttl_ms=1(&|$)/.test(location.search));
  assert.equal(await exact.inputValue(), '1');
  assert.equal(await range.getAttribute('aria-valuetext'), '1 ms');
  await range.press('End');
  await page.waitForFunction(() => /[?&]ttl_ms=10000(&|$)/.test(location.search));
  assert.equal(await range.getAttribute('aria-valuetext'), '10,000 ms');
  await exact.fill('600');
  await exact.press('Enter');
  await page.waitForFunction(() => /[?&]ttl_ms=600(&|$)/.test(location.search));
  assert.equal(await range.getAttribute('aria-valuetext'), '600 ms');
  // 0–1,000 ms has about half of the track (a tenth when it was linear).
  await exact.fill('1000');
  await exact.press('Enter');
  await page.waitForFunction(() => /[?&]ttl_ms=1000(&|$)/.test(location.search));
  const share = await range.evaluate((r) => Number(r.value) / Number(r.max));
  assert.ok(share > 0.45, `0–1,000 ms gets ${(share * 100).toFixed(0)}% of the track`);
  // One step right of 600 is the next rung, 610, not 620 or 1,600.
  await exact.fill('600');
  await exact.press('Enter');
  await page.waitForFunction(() => /[?&]ttl_ms=600(&|$)/.test(location.search));
  await range.press('ArrowRight');
  await page.waitForFunction(() => /[?&]ttl_ms=610(&|$)/.test(location.search));
  // A value between rungs stays exact.
  await exact.fill('613');
  await exact.press('Enter');
  await page.waitForFunction(() => /[?&]ttl_ms=613(&|$)/.test(location.search));
  assert.equal(await range.getAttribute('aria-valuetext'), '613 ms');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [width, height] of SIZES) {
  test(`${width}×${height}: the chapter map stays on screen and shows the current chapter`, async () => {
    const { page, errors, context } = await openPage(browser, { width, height });
    await page.goto(`${server.base}?ch=b8-liveness`);
    await ready(page);
    for (const y of [0, 2500]) {
      await page.evaluate((y) => window.scrollTo(0, y), y);
      await page.waitForTimeout(100);
      // Under the header at the top of the page; stuck to the window's top edge below it.
      const limit = y === 0 ? 200 : 60;
      const r = await page.evaluate(() => {
        const a = document.querySelector('nav.chapters a[aria-current=page]');
        const box = a.getBoundingClientRect();
        const list = a.closest('ol').getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, listLeft: list.left, listRight: list.right, text: a.textContent, scrolled: scrollY };
      });
      assert.ok(r.scrolled >= (y ? 1000 : 0), 'the page scrolled');
      assert.ok(r.top >= 0 && r.bottom <= limit, `${width}px at ${r.scrolled}: the current chapter is at ${r.top}–${r.bottom} px`);
      assert.ok(r.left >= Math.max(0, r.listLeft) - 1 && r.right <= Math.min(width, r.listRight) + 1,
        `${width}px: the current chapter's pill is off the map (${r.left}–${r.right} of ${r.listLeft}–${r.listRight})`);
      assert.match(r.text, /B-8/);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('dark theme: a dark page with light text; the figures on the dark card', async () => {
  for (const scheme of ['dark', 'light']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme, reducedMotion: 'reduce', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.base}?ch=a1-lease-expiry`);
    await ready(page);
    const c = await page.evaluate(() => {
      const lum = (css) => {
        const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const body = getComputedStyle(document.body);
      const p = getComputedStyle(document.querySelector('article.chapter h1'));
      const canvas = getComputedStyle(document.querySelector('#lease-expiry canvas'));
      return { bg: lum(body.backgroundColor), text: lum(p.color), canvas: lum(canvas.backgroundColor) };
    });
    if (scheme === 'dark') {
      assert.ok(c.bg < 0.05, `dark page background: luminance ${c.bg}`);
      assert.ok(c.text > 0.6, `dark page text: luminance ${c.text}`);
      // The canvas is painted in the dark palette on the figure's dark card
      // (touch_dark.test.mjs reads its pixels).
      assert.ok(c.canvas < 0.05, `the canvas sits on the dark card: luminance ${c.canvas}`);
    } else {
      assert.ok(c.bg > 0.9 && c.text < 0.1, `light page: ${JSON.stringify(c)}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('figure numbers follow the chapter; B-5 and B-6 open on figures of their own, and B-6 links to the map it discusses', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a2-watchdog`);
  await ready(page);
  assert.match(await page.textContent('#watchdog-stop figcaption'), /^그림 2-1\./);
  await page.goto(`${server.base}?ch=b7-kill-vs-power`);
  await ready(page);
  assert.match(await page.textContent('#kill-vs-power figcaption'), /^그림 B7-1\./);
  // A8's figure, built by its own module, is numbered by its chapter too.
  await page.goto(`${server.base}?ch=a8-break-it`);
  await ready(page);
  assert.match(await page.textContent('#break-it figcaption'), /^그림 8-1\./);
  for (const [chapter, own, number] of [['b5-interrupt', 'interrupt-wait', 'B5-1'], ['b6-recovery', 'restart-recovery', 'B6-1']]) {
    await page.goto(`${server.base}?ch=${chapter}`);
    await ready(page);
    assert.match(await page.textContent(`#${own} figcaption`), new RegExp(`^그림 ${number}\\.`));
  }
  const fig = 'crash-matrix';
  const href = await page.$eval(`article.chapter a[href*="fig=${fig}"]`, (a) => a.getAttribute('href'));
  await page.click(`article.chapter a[href="${href}"]`);
  await page.waitForSelector(`#${fig}`);
  await ready(page);
  assert.ok(await page.locator(`#${fig}`).isVisible());
  assert.deepEqual(errors, []);
  await context.close();
});
