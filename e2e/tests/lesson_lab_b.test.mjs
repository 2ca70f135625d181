// Lesson mode and the lab (issue 38) in Article B's figures, the crash
// matrix (B2), the sweep maps (A7) and A6's side-by-side: at load each shows
// at most six controls as e2e/lesson-count.mjs counts them, at 1280 and
// 390 px; one "실험실 열기" button per figure opens the lab under the stage
// and writes lab=1, which a reload reads back; an address that sets a knob
// lesson mode hides opens the lab with it; closing keeps every setting;
// opening or closing the lab never changes the drawing; embeds keep both.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasHash, LAZY_FIGURES_READY } from './helpers.mjs';
import { countAtLoad } from '../lesson-count.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// (A8's figure has no lab: its ≤ 6 controls at load are counted with every
// chapter's by few_controls.test.mjs and break_it.test.mjs.)
const CHAPTERS = {
  'a6-summary': ['side-by-side'],
  'a7-sweeps': ['sweep-ttl-pause', 'sweep-contention'],
  'b1-remember': ['vote-story'],
  'b2-durable': ['crash-matrix'],
  'b3-outer-transaction': ['outer-transaction'],
  'b4-fence': ['uncertain-failure'],
  'b5-interrupt': ['interrupt-wait'],
  'b6-recovery': ['restart-recovery'],
  'b7-kill-vs-power': ['kill-vs-power'],
  'b8-liveness': ['liveness'],
};
const DRAWN = ['vote-story', 'outer-transaction', 'uncertain-failure', 'interrupt-wait', 'restart-recovery', 'kill-vs-power', 'liveness'];
const chapterOf = (id) => Object.keys(CHAPTERS).find((ch) => CHAPTERS[ch].includes(id));

async function toggleLab(page, id, open) {
  const toggle = page.locator(`#${id} .lab-toggle`);
  await toggle.click();
  await page.waitForFunction(([id, open]) => {
    const t = document.querySelector(`#${id} .lab-toggle`);
    return t.getAttribute('aria-expanded') === String(open) && document.getElementById(`${id}-lab`).hidden === !open;
  }, [id, open]);
}

const labState = (page, id) => page.evaluate((id) => {
  const t = document.querySelector(`#${id} .lab-toggle`);
  const panel = document.getElementById(t?.getAttribute('aria-controls') || '');
  return { toggles: document.querySelectorAll(`#${id} .lab-toggle`).length, expanded: t?.getAttribute('aria-expanded'),
    panel: panel?.id, hidden: panel?.hidden, under: panel ? t.closest('figure') === panel.closest('figure') : false };
}, id);

for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844, isMobile: true, hasTouch: true }]) {
  test(`at load every figure shows at most six controls, and one closed lab (${size.width} px)`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    const seen = [];
    for (const [ch, ids] of Object.entries(CHAPTERS)) {
      await page.goto(`${server.base}?ch=${ch}`);
      await ready(page);
      const { figures } = await page.evaluate(countAtLoad);
      for (const id of ids) {
        const f = figures.find((x) => x.id === id);
        assert.ok(f, `${ch}: ${id} is on the page`);
        seen.push(`${id}:${f.n}`);
        assert.ok(f.n <= 6, `${id} shows ${f.n} controls at load: ${f.names.join(' | ')}`);
        if (id === 'side-by-side') continue;
        const lab = await labState(page, id);
        assert.deepEqual(lab, { toggles: 1, expanded: 'false', panel: `${id}-lab`, hidden: true, under: true }, id);
        assert.ok(f.names.includes('실험실 열기'), `${id}: the lab button is one of its controls`);
        // Nothing of the lab's shows: no download, no 퍼가기, no 모든 설정.
        for (const word of ['퍼가기', '모든 설정', 'SVG', '초기화']) assert.ok(!f.names.includes(word), `${id} shows ${word} at load`);
      }
    }
    console.log(seen.join(' '));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('opening or closing the lab never changes the drawing', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  for (const id of DRAWN) {
    await page.goto(`${server.base}?ch=${chapterOf(id)}`);
    await ready(page);
    const canvases = await page.$$eval(`#${id} canvas`, (cs) => cs.length);
    const hashes = async () => Promise.all([...Array(canvases).keys()].map((i) => canvasHash(page, `#${id} canvas >> nth=${i}`)));
    const closed = await hashes();
    const top = await page.$eval(`#${id} canvas`, (c) => c.getBoundingClientRect().width);
    await toggleLab(page, id, true);
    await page.waitForTimeout(150);
    assert.deepEqual(await hashes(), closed, `${id}: the open lab draws the same picture`);
    assert.equal(await page.$eval(`#${id} canvas`, (c) => c.getBoundingClientRect().width), top, `${id}: at the same width`);
    await toggleLab(page, id, false);
    await page.waitForTimeout(150);
    assert.deepEqual(await hashes(), closed, `${id}: closed again, the same picture`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lab keeps its state in the address: lab=1, a hidden knob opens it, closing keeps the settings', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  const id = 'vote-story';
  await page.goto(`${server.base}?ch=b1-remember`);
  await ready(page);
  assert.equal(await page.locator(`#${id} select[name=profile]`).count(), 0, 'the store profile waits in the lab');
  await toggleLab(page, id, true);
  let search = await page.evaluate(() => location.search);
  assert.match(search, /[?&]fig=vote-story(&|$)/);
  assert.match(search, /&lab=1$/, search);
  // A setting only the lab shows, then close: the setting stays, lab=1 goes.
  await page.selectOption(`#${id} select[name=profile]`, 'wal_os_cache');
  await page.waitForFunction(() => location.search.includes('profile=wal_os_cache'));
  const before = await canvasHash(page, `#${id} canvas`);
  await toggleLab(page, id, false);
  search = await page.evaluate(() => location.search);
  assert.match(search, /profile=wal_os_cache/, 'closing keeps the setting');
  assert.doesNotMatch(search, /lab=1/);
  assert.equal(await canvasHash(page, `#${id} canvas`), before, 'closing keeps the drawing');
  await toggleLab(page, id, true);
  assert.equal(await page.$eval(`#${id} select[name=profile]`, (s) => s.value), 'wal_os_cache', 'reopened, the lab shows it');
  // That address, read afresh, sets a knob lesson mode hides: the lab opens with it.
  await page.goto(`${server.base}${search}`);
  await ready(page);
  assert.deepEqual(await labState(page, id), { toggles: 1, expanded: 'true', panel: `${id}-lab`, hidden: false, under: true });
  assert.equal(await page.$eval(`#${id} select[name=profile]`, (s) => s.value), 'wal_os_cache');
  // lab=1 alone opens it; the lesson's own keys do not.
  for (const [query, open] of [
    ['?ch=b6-recovery&fig=restart-recovery&lab=1', true],
    ['?ch=b8-liveness&fig=liveness&scenario=vote&variant=V0&crash=none&blocked_validators=2&txs_submit_at_ms=12000', false],
    ['?ch=b2-durable&fig=crash-matrix&scenario=vote&profile=wal_os_cache', false],
    ['?ch=b2-durable&fig=crash-matrix&lab=1', true],
    ['?ch=a7-sweeps&fig=sweep-contention&metric=throughput', true],
    ['?ch=a7-sweeps&fig=sweep-ttl-pause&lab=1', true],
    ['?ch=a7-sweeps', false],
  ]) {
    await page.goto(`${server.base}${query}`);
    await ready(page);
    const fig = new URLSearchParams(query).get('fig') || 'sweep-ttl-pause';
    const lab = await labState(page, fig);
    assert.equal(lab.expanded, String(open), `${query}: lab ${open ? 'open' : 'closed'}`);
    assert.equal(lab.hidden, !open, query);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the crash matrix and the sweep maps keep their lab in the address too', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  await page.goto(`${server.base}?ch=b2-durable`);
  await ready(page);
  assert.equal(await page.locator('#crash-matrix-profile').count(), 1, 'B2: the store profile is a lesson key, shown at load');
  await toggleLab(page, 'crash-matrix', true);
  assert.match(await page.evaluate(() => location.search), /fig=crash-matrix.*&lab=1$/);
  await page.selectOption('#crash-matrix-profile', 'wal_os_cache');
  await page.waitForFunction(() => /profile=wal_os_cache.*&lab=1$/.test(location.search));
  await page.goto(`${server.base}?ch=a7-sweeps`);
  await ready(page);
  const fig = 'sweep-ttl-pause';
  await page.waitForSelector(`#${fig}[data-state=done]`, { timeout: 120000 });
  await toggleLab(page, fig, true);
  assert.match(await page.evaluate(() => location.search), /fig=sweep-ttl-pause.*&lab=1$/);
  await page.selectOption(`#${fig}-metric`, 'throughput');
  await page.waitForFunction(() => /metric=throughput&lab=1$/.test(location.search));
  assert.equal(await page.locator(`#${fig} .export-btn[data-export=svg]`).isEnabled(), true, 'the downloads are in the lab');
  await toggleLab(page, fig, false);
  assert.match(await page.evaluate(() => location.search), /metric=throughput$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an embed keeps lesson mode and its lab, and leaves the host address alone', async () => {
  const { page, errors, context } = await openPage(browser, { width: 800, height: 900 });
  // An embed has no chapter: ready when its figure has drawn.
  const embedReady = async (id) => {
    await page.locator(`#${id} .lab-toggle`).waitFor();
    await page.waitForFunction(LAZY_FIGURES_READY);
  };
  await page.goto(`${server.base}?embed=kill-vs-power`);
  const id = 'kill-vs-power';
  await embedReady(id);
  const search = await page.evaluate(() => location.search);
  assert.equal((await labState(page, id)).expanded, 'false');
  await toggleLab(page, id, true);
  assert.equal(await page.evaluate(() => location.search), search, 'the embed address stays');
  assert.ok(await page.locator(`#${id} .export-btn[data-export=png]`).isVisible());
  await page.goto(`${server.base}?embed=vote-story&lab=1`);
  await embedReady('vote-story');
  assert.equal((await labState(page, 'vote-story')).expanded, 'true', 'an embed address with lab=1 opens the lab');
  assert.deepEqual(errors, []);
  await context.close();
});
