// Article B's figures: the crash-point matrix (B2) is computed in the browser
// and equals `lab crashpoints --format json`; it has all 12 variants; a V1
// cell after the first send opens the story (B1) with an equivocation; no V0
// cell ever does; a story's permalink restores it; bad URL values show a
// notice as text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, ready, canvasHash, labBinary } from './helpers.mjs';

let server, browser;
/** Opens figure `id`'s lab (issue 38: lesson mode keeps the player and the other settings there). */
async function openLab(page, id) {
  await page.click(`#${id} .lab-toggle[aria-expanded=false]`);
  await page.waitForSelector(`#${id}-lab:not([hidden])`);
}
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });


async function matrixPage(query = '', size = {}) {
  const p = await openPage(browser, size);
  await p.page.goto(`${server.base}?ch=b2-durable${query}`);
  await ready(p.page);
  await p.page.waitForSelector('#crash-matrix tbody tr');
  return p;
}

async function pageMatrix(page) {
  return JSON.parse(await page.$eval('#crash-matrix', (f) => f.dataset.matrixJson));
}

async function openStoryFrom(page, selector) {
  await page.click(selector);
  await page.waitForFunction(() => location.search.includes('fig=vote-story'));
  await page.waitForSelector('#vote-story canvas');
  await page.waitForFunction(() => document.querySelector('#vote-story canvas').width > 0);
}

test('the matrix shows every variant, one row each, and Korean step names', async () => {
  const { page, errors, context } = await matrixPage();
  const rows = await page.$$eval('#crash-matrix tbody tr', (trs) => trs.map((tr) => tr.dataset.variant));
  assert.deepEqual(rows, ['V0', 'V1', 'V2', 'V2g', 'V3', 'V4', 'F-fence', 'F-naive-retry', 'F-engine-fence-only',
    'I-wait-then-fence', 'I-as-success', 'I-abort-release']);
  // Every half-cell is a focusable button with a text cue, not colour only.
  const cues = await page.$$eval('#crash-matrix button.cm-half', (bs) => bs.map((b) => b.textContent.trim()[0]));
  assert.ok(cues.length > 100);
  assert.ok(cues.every((c) => '✓✗■'.includes(c)));
  // Columns are the pipeline's events: Korean names, the code name in the title.
  const heads = await page.$$eval('#crash-matrix thead th[data-event]', (ths) => ths.map((th) => ({ text: th.textContent, title: th.title })));
  assert.ok(heads.length > 20);
  for (const h of heads) assert.match(h.text, /[가-힣]/, `a Korean step name: ${h.text}`);
  assert.ok(heads.some((h) => h.title.includes('INTERRUPT@COMMIT')), 'the code name in a title');
  assert.deepEqual(errors, []);
  await context.close();
});

// With its counts at 11 px (issue 24's text floor) the matrix's 28 columns
// of two cells are wider than a 1280 px window's column (1,550 px against
// 1,102 px), so at both widths it scrolls inside its frame, and the cue
// says so; the page itself never scrolls sideways.
for (const [w, h] of [[1280, 900], [390, 844]]) {
  test(`at ${w}×${h} the page never scrolls sideways; a matrix wider than its frame says more is beside`, async () => {
    const { page, errors, context } = await matrixPage('', { width: w, height: h });
    await page.locator('#crash-matrix .cm-wrap').scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
    const doc = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, vw: window.innerWidth }));
    assert.equal(doc.doc, doc.vw, 'the document is as wide as the viewport');
    const box = await page.$eval('#crash-matrix .cm-wrap', (el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
    const cue = await page.$eval('#crash-matrix .cm-cue-line', (el) => getComputedStyle(el).display !== 'none');
    if (box.sw <= box.cw) {
      assert.equal(cue, false, 'no cue when every column shows');
    } else {
      assert.equal(cue, true, `a visible scroll cue (${box.sw} px of matrix in ${box.cw} px)`);
      assert.ok(await page.$eval('#crash-matrix .cm-frame', (el) => el.classList.contains('cm-more-right')));
    }
    if (w < 1280) assert.ok(box.sw > box.cw, 'a phone shows part of the matrix');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Back after opening a cell returns to the matrix', async () => {
  const { page, errors, context } = await matrixPage();
  const cell = '#crash-matrix button[data-variant="V1"][data-event="SEND_B"][data-fault="kill"]';
  await page.locator(cell).scrollIntoViewIfNeeded();
  await openStoryFrom(page, cell);
  await page.goBack();
  await page.waitForFunction(() => location.search.includes('ch=b2-durable'));
  await page.waitForSelector('#crash-matrix tbody tr');
  await page.waitForFunction(() => {
    const r = document.querySelector('#crash-matrix').getBoundingClientRect();
    return r.top < window.innerHeight && r.bottom > 0 && window.scrollY > 0;
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the in-browser matrix equals `lab crashpoints --format json` (one source of truth)', async () => {
  const lab = labBinary();
  const { page, errors, context } = await matrixPage();
  await openLab(page, 'crash-matrix');
  for (const [profile, device] of [['h2_like', true], ['wal_os_cache', true], ['rocks_sync_wal', false]]) {
    await page.selectOption('#crash-matrix-profile', profile);
    await page.locator('#crash-matrix-device').setChecked(!device);
    await page.waitForFunction(([p, d]) => {
      const rows = JSON.parse(document.querySelector('#crash-matrix').dataset.matrixJson);
      return rows[0].profile === p && rows[0].device_honours_sync === d;
    }, [profile, device]);
    const inBrowser = await pageMatrix(page);
    const native = JSON.parse(execFileSync(lab, ['crashpoints', '--profile', profile, '--device-honours-sync', String(device), '--format', 'json'], { encoding: 'utf8' }));
    assert.equal(inBrowser.length, native.length, `row count for ${profile}`);
    assert.deepEqual(inBrowser, native, `matrix for ${profile}, device honours sync ${device}`);
  }
  assert.match(page.url(), /profile=rocks_sync_wal/);
  assert.match(page.url(), /device_honours_sync=false/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a V1 cell after the first send opens the story with an equivocation (keyboard)', async () => {
  const { page, errors, context } = await matrixPage();
  const cell = '#crash-matrix button[data-variant="V1"][data-event="SEND_B"][data-fault="kill"]';
  assert.equal(await page.$eval(cell, (b) => b.dataset.verdict), 'unsafe');
  await page.focus(cell);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.search.includes('fig=vote-story'));
  await page.waitForSelector('#vote-story .vote-verdict');
  assert.match(page.url(), /ch=b1-remember/);
  assert.match(page.url(), /variant=V1|scenario=vote(&|$)/);
  const n = Number(await page.$eval('#vote-story', (f) => f.dataset.equivocations));
  assert.ok(n > 0, 'the story shows an equivocation');
  assert.match(await page.$eval('#vote-story .vote-verdict', (p) => p.textContent), /이중 투표/);
  assert.match(await page.$eval('#vote-story .vote-alt', (p) => p.textContent), /이중 투표/);
  assert.equal(await page.$eval('#vote-story select[name=variant]', (s) => s.value), 'V1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('no V0 cell ever leads to an equivocation', async () => {
  const { page, errors, context } = await matrixPage();
  const cells = await page.$$eval('#crash-matrix button[data-variant="V0"]', (bs) => bs.map((b) => ({ event: b.dataset.event, fault: b.dataset.fault, verdict: b.dataset.verdict })));
  assert.equal(cells.length, 18, 'V0 has 9 events x 2 faults');
  for (const c of cells) {
    assert.notEqual(c.verdict, 'unsafe', `V0 ${c.event} ${c.fault}`);
    await page.goto(`${server.base}?ch=b2-durable`);
    await page.waitForSelector('#crash-matrix tbody tr');
    await openStoryFrom(page, `#crash-matrix button[data-variant="V0"][data-event="${c.event}"][data-fault="${c.fault}"]`);
    await page.waitForSelector('#vote-story .vote-verdict');
    const n = Number(await page.$eval('#vote-story', (f) => f.dataset.equivocations));
    assert.equal(n, 0, `V0 after ${c.event} under ${c.fault}: ${page.url()}`);
    assert.equal(await page.$eval('#vote-story select[name=variant]', (s) => s.value), 'V0');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a cut's permalink restores the story", async () => {
  const { page, errors, context } = await matrixPage();
  await openStoryFrom(page, '#crash-matrix button[data-variant="V3"][data-event="SEND_C"][data-fault="power"]');
  // Step back a few events so the permalink carries a player position too.
  await page.click('#vote-story button[aria-label="한 사건 뒤로"]');
  await page.click('#vote-story button[aria-label="한 사건 뒤로"]');
  await page.waitForFunction(() => location.search.includes('ev='));
  const link = page.url();
  const want = {
    canvas: await canvasHash(page, '#vote-story canvas'),
    crash: await page.$eval('#vote-story input[name=crash_after]', (i) => i.value),
    fault: await page.$eval('#vote-story select[name=fault]', (s) => s.value),
    scrub: await page.$eval('#vote-story .scrub', (i) => i.value),
    alt: await page.$eval('#vote-story .vote-alt', (p) => p.textContent),
  };
  assert.equal(want.fault, 'power');
  const second = await openPage(browser);
  await second.page.goto(link);
  await ready(second.page);
  const got = {
    canvas: await canvasHash(second.page, '#vote-story canvas'),
    crash: await second.page.$eval('#vote-story input[name=crash_after]', (i) => i.value),
    fault: await second.page.$eval('#vote-story select[name=fault]', (s) => s.value),
    scrub: await second.page.$eval('#vote-story .scrub', (i) => i.value),
    alt: await second.page.$eval('#vote-story .vote-alt', (p) => p.textContent),
  };
  assert.deepEqual(got, want);
  assert.deepEqual(second.errors, []);
  assert.deepEqual(errors, []);
  await second.context.close();
  await context.close();
});

test('bad URL values for a vote figure are clamped or ignored with a visible notice, as text', async () => {
  const { page, errors, context } = await openPage(browser);
  const evil = encodeURIComponent('<img src=x onerror=alert(1)>');
  await page.goto(`${server.base}?ch=b8-liveness&fig=liveness&scenario=vote&blocked_validators=99&variant=${evil}`);
  await ready(page);
  const notice = await page.$eval('#liveness .notice', (n) => n.textContent);
  assert.match(notice, /blocked_validators=99/);
  assert.match(notice, /<img src=x onerror=alert\(1\)>/);
  assert.equal(await page.$('figure img'), null);
  assert.equal(await page.$eval('#liveness input[name=blocked_validators]', (i) => i.value), '3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the other Article B figures render with captions and text alternatives', async () => {
  const { page, errors, context } = await openPage(browser);
  for (const [ch, id] of [['b3-outer-transaction', 'outer-transaction'], ['b4-fence', 'uncertain-failure'], ['b7-kill-vs-power', 'kill-vs-power'], ['b8-liveness', 'liveness']]) {
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    const f = await page.$eval(`#${id}`, (f) => ({ cap: f.querySelector('figcaption')?.textContent || '', alt: document.getElementById(f.getAttribute('aria-describedby'))?.textContent || '' }));
    assert.ok(f.cap.length > 10, `${id} caption`);
    assert.ok(f.alt.length > 20, `${id} text alternative`);
  }
  // B6: the buttons the prose names.
  await page.goto(`${server.base}?ch=b7-kill-vs-power`);
  await ready(page);
  await page.click('#kill-vs-power button:has-text("전원 차단")');
  assert.match(await page.$eval('#kill-vs-power .vote-alt', (p) => p.textContent), /전원 차단 뒤/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the story player: keyboard steps and play/pause, position in the URL', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=b1-remember&fig=vote-story&scenario=vote&variant=V1&crash_after=2`);
  await ready(page);
  await openLab(page, 'vote-story');
  const scrub = '#vote-story .scrub';
  const last = Number(await page.$eval(scrub, (i) => i.max));
  assert.equal(Number(await page.$eval(scrub, (i) => i.value)), last, 'a permalink without ev= shows the whole story');
  const before = await canvasHash(page, '#vote-story canvas');
  await page.focus('#vote-story .canvas-wrap');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(Number(await page.$eval(scrub, (i) => i.value)), last - 2);
  await page.waitForFunction((ev) => location.search.includes(`ev=${ev}`), last - 2);
  assert.notEqual(await canvasHash(page, '#vote-story canvas'), before, 'stepping back changes the drawing');
  await page.keyboard.press('ArrowRight');
  assert.equal(Number(await page.$eval(scrub, (i) => i.value)), last - 1);
  await page.locator(scrub).fill('0');
  await page.keyboard.press(' ');
  assert.equal(await page.$eval('#vote-story button.play', (b) => b.getAttribute('aria-pressed')), 'true');
  await page.waitForFunction(() => Number(document.querySelector('#vote-story .scrub').value) > 0);
  await page.keyboard.press(' ');
  assert.equal(await page.$eval('#vote-story button.play', (b) => b.getAttribute('aria-pressed')), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});
