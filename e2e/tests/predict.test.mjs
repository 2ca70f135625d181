// Predict → commit → reveal (src/content/predict.rs, src/web/predict.rs) and no
// spoilers: every chapter with a figure asks a question in a fieldset with a
// legend; before the reader commits, the box shows no answer and the figure
// draws its opening state; "확인하기" drives the figure itself to the state
// that answers (its drawing changes), brings it into view, and shows the
// answer beside the guess, in the box and in the echo card above the figure.
// Answering by keyboard puts the question's state in the address and
// reveals the number the figure's live table shows for it; B1's verdict
// waits for the player or the reader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, root } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// Every chapter with a figure, but A8: its figure is its question (the
// reader tries to break (a), asked in its opening paragraph), and
// e2e/tests/no_spoilers.test.mjs holds that it answers nothing at load.
const ASKING = ['a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage', 'a6-summary',
  'a7-sweeps', 'b1-remember', 'b2-durable', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt', 'b6-recovery', 'b7-kill-vs-power', 'b8-liveness'];

test('every chapter with a figure asks a question in a fieldset with a legend, with choices and a button', async () => {
  const { page, errors, context } = await openPage(browser);
  for (const ch of ASKING) {
    await page.goto(`${server.base}?ch=${ch}`);
    await page.locator('#app:not([data-prerendered]) article.chapter fieldset.predict').first().waitFor();
    const boxes = await page.$$eval('fieldset.predict', (fs) => fs.map((f) => ({
      legend: f.querySelector('legend')?.textContent ?? '',
      radios: f.querySelectorAll('input[type=radio]').length,
      labelled: [...f.querySelectorAll('input[type=radio]')].every((i) => f.querySelector(`label[for="${i.id}"]`)),
      button: !!f.querySelector('button'),
      answer: !!f.querySelector('.predict-reveal'),
    })));
    assert.ok(boxes.length >= 1, `${ch}: a question`);
    for (const b of boxes) {
      assert.match(b.legend, /\?$/, `${ch}: the legend is a question`);
      assert.ok(b.radios >= 2 && b.labelled && b.button, `${ch}: ${JSON.stringify(b)}`);
      assert.equal(b.answer, false, `${ch}: no answer before the reader answers`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('answering A1\'s question by keyboard sets the figure\'s URL state and reveals the live table\'s number', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const box = page.locator('#predict-a1-ttl600');
  // Tab into the radio group, arrow to the second choice, back to the first, then Tab to the button and press it.
  await box.locator('input[type=radio]').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  assert.equal(await box.locator('input[type=radio]:checked').getAttribute('value'), '0');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('predict-go')), true);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.search.includes('fig=lease-expiry') && location.search.includes('ttl_ms=600'));
  const search = await page.evaluate(() => location.search);
  assert.equal(search, '?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600&t=3000', 'the question\'s state, the player at the end of the window');
  // The figure started again from that state: its TTL slider says 600.
  await page.waitForFunction(() => document.querySelector('#lease-expiry input[name=ttl_ms]')?.value === '600');
  await page.waitForSelector('#predict-a1-ttl600 .predict-value');
  await ready(page);
  const revealed = await box.locator('.predict-value').getAttribute('data-answer-value');
  // The figure's own number for the run: its key number (and its live table's cell when the lab shows it).
  const table = await page.$eval('#lease-expiry', (f) => {
    const dt = [...f.querySelectorAll('.key-numbers dt')].find((d) => d.textContent.trim().startsWith('승인'));
    return dt?.nextElementSibling?.textContent.trim();
  });
  const cell = await page.$eval('#lease-expiry', (f) => {
    const t = f.querySelector('table.metrics');
    if (!t || !t.checkVisibility()) return null;
    const col = [...t.querySelectorAll('thead th')].findIndex((th) => th.textContent.trim() === '실행 0');
    const row = [...t.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('th').textContent.startsWith('승인'));
    return row.children[col].textContent.trim();
  });
  if (cell !== null) assert.equal(revealed, cell, 'the revealed number is the live table\'s');
  assert.equal(revealed, table, 'the revealed number is the figure\'s own');
  // The guess stays in view beside the answer, with the why.
  assert.equal((await box.locator('.predict-guess-text').textContent()).trim(), '240건 이하 (잔액이 허락하는 만큼)');
  assert.ok((await box.locator('.predict-why').textContent()).length > 20);
  assert.ok(await box.locator('.predict-guess').isVisible());
  // The permalink the figure writes is the same state.
  assert.deepEqual(errors, []);
  await context.close();
});

// Once the reader has committed to an answer, the figure the question set
// holds nothing back and stands where it answers: at the end of its window,
// its key numbers shown (before answering, they wait for the player to
// reach the results).
test('after answering, the re-run figure stands at the end of its window with its key numbers shown', async () => {
  const { page, errors, context } = await openPage(browser, { reducedMotion: 'no-preference' });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  assert.equal(await page.locator('#lease-expiry .key-numbers[data-held=true]').count(), 1, 'held before the answer');
  const box = page.locator('#predict-a1-ttl600');
  await box.locator('input[type=radio]').first().check();
  await box.locator('button.predict-go').click();
  await page.waitForFunction(() => document.querySelector('#lease-expiry input[name=ttl_ms]')?.value === '600');
  await ready(page);
  assert.equal(await page.locator('#lease-expiry .key-numbers[data-held=true]').count(), 0, 'nothing held after the answer');
  const values = await page.locator('#lease-expiry .key-numbers dd').allTextContents();
  assert.ok(values.length >= 1 && values.every((v) => /^[\d,.]+/.test(v)), `numbers shown: ${values}`);
  assert.equal(await page.locator('#lease-expiry .results-hidden').count(), 0, 'the results are in');
  assert.deepEqual(errors, []);
  await context.close();
});

test('B1\'s question sets the story\'s state and reveals the verdict the figure shows', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=b1-remember`);
  await ready(page);
  const box = page.locator('#predict-b1-store-first');
  await box.locator('input[type=radio]').nth(2).check();
  await box.locator('button.predict-go').click();
  await page.waitForFunction(() => location.search.includes('fig=vote-story') && location.search.includes('variant=V0'));
  await page.waitForSelector('#predict-b1-store-first .predict-value');
  await page.waitForFunction(() => document.querySelector('#vote-story')?.dataset.variant === 'V0');
  await ready(page);
  const revealed = await box.locator('.predict-value').getAttribute('data-answer-value');
  await page.locator('#vote-story .verdict-reveal').click().catch(() => {});
  const verdict = (await page.locator('#vote-story .vote-verdict').first().textContent()).trim();
  assert.equal(revealed, verdict);
  assert.deepEqual(errors, []);
  await context.close();
});

test('B1\'s verdict is hidden at player time 0, shown once the reader steps to the scene that decides it', async () => {
  const { page, errors, context } = await openPage(browser, { reducedMotion: 'no-preference' });
  await page.goto(`${server.base}?ch=b1-remember&fig=vote-story&scenario=vote&ev=0`);
  await ready(page);
  assert.equal(await page.locator('#vote-story .vote-verdict').count(), 0, 'no verdict at event 0');
  const hidden = await page.locator('#vote-story .verdict-hidden').textContent();
  assert.match(hidden, /결과/);
  // The text alternative says the result waits too.
  assert.doesNotMatch(await page.locator('#vote-story .vote-alt').textContent(), /이중 투표:/);
  // Stepping through the scenes by keyboard shows it once the story reaches the moment it is decided.
  const next = page.locator('#vote-story .scene-next');
  for (let i = 0; i < 30 && (await page.locator('#vote-story .vote-verdict').count()) === 0; i++) {
    assert.equal(await next.getAttribute('aria-disabled'), 'false', 'a scene is left before the verdict');
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(150);
  }
  assert.match(await page.locator('#vote-story .vote-verdict').first().textContent(), /이중 투표/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('B2\'s question reveals the number of unsafe cells the crash-point map shows for that state', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=b2-durable`);
  await ready(page);
  const box = page.locator('#predict-b2-lying-device');
  await box.locator('input[type=radio]').first().check();
  await box.locator('button.predict-go').click();
  await page.waitForFunction(() => location.search.includes('fig=crash-matrix') && location.search.includes('device_honours_sync=false'));
  await page.waitForSelector('#predict-b2-lying-device .predict-value');
  await page.waitForFunction(() => document.querySelector('#crash-matrix-device')?.checked === true);
  await page.waitForSelector('#crash-matrix:not([data-awaiting-module]) [data-variant=V0][data-fault=power]');
  const revealed = await box.locator('.predict-value').getAttribute('data-answer-value');
  const shown = await page.locator('#crash-matrix [data-variant=V0][data-fault=power][data-verdict=unsafe]').count();
  assert.equal(revealed, `${shown}칸`, 'the revealed count is the map\'s');
  assert.ok(shown > 0, 'a lying device makes store-then-send unsafe on power loss');
  assert.match(await box.locator('.predict-right').textContent(), /짐작과 다릅니다/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Every `{{predict:ID}}` of the chapters: [id, chapter]. */
const QUESTIONS = fs.readdirSync(path.join(root, 'content', 'ko')).filter((f) => f.endsWith('.md')).sort().flatMap((f) => {
  const md = fs.readFileSync(path.join(root, 'content', 'ko', f), 'utf8');
  return [...md.matchAll(/^\{\{predict:([\w-]+)\}\}$/gm)].map((m) => [m[1], f.replace(/\.md$/, '')]);
});

/** A fingerprint of what figure `id` draws: its canvases' pixels and its grid's verdicts and selected cell. */
const drawing = (page, id) => page.evaluate((figId) => {
  const fig = document.getElementById(figId);
  if (!fig) return 'missing';
  const parts = [...fig.querySelectorAll('canvas')].map((c) => (c.width && c.height ? c.toDataURL('image/png') : 'empty'));
  parts.push([...fig.querySelectorAll('[data-verdict]')].map((c) => c.dataset.verdict).join(''));
  parts.push([...fig.querySelectorAll('[aria-pressed=true], [aria-selected=true], .sweep-opened')].map((e) => e.textContent).join('|'));
  const d = parts.join('\n');
  let h = 0;
  for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d.charCodeAt(i)) | 0;
  return `${d.length}:${h}`;
}, id);

/** Whether element `sel` overlaps the viewport (at least `min` px of it on screen). */
const onScreen = (page, sel, min = 40) => page.evaluate(([s, m]) => {
  const el = document.querySelector(s);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= Math.min(m, r.height);
}, [sel, min]);

for (const [width, height] of [[1280, 900], [390, 844]]) {
  for (const [id, chapter] of QUESTIONS) {
    test(`${id} at ${width}: no answer before the guess; "확인하기" drives the figure to its answer, in view, beside the guess`, async () => {
      const { page, errors, context } = await openPage(browser, { width, height });
      await page.goto(`${server.base}?ch=${chapter}`);
      await ready(page);
      const box = page.locator(`#predict-${id}`);
      await box.waitFor();
      const fig = await box.getAttribute('data-figure');
      assert.equal(await box.getAttribute('data-committed'), 'false');
      assert.equal(await box.locator('.predict-reveal').count(), 0, 'no answer in the box');
      assert.equal(await page.locator(`#predict-echo-${fig} .predict-echo-card`).count(), 0, 'no echo above the figure');
      // The figure's opening state: what it draws and says before the guess.
      await page.locator(`#${fig}`).waitFor();
      const before = await drawing(page, fig);
      const figText = await page.locator(`#${fig}`).innerText();
      // Commit the last choice.
      const guess = (await box.locator('label').last().textContent()).trim();
      await box.locator('input[type=radio]').last().check();
      await box.locator('button.predict-go').click();
      assert.equal(await box.getAttribute('data-committed'), 'true');
      assert.equal(await box.locator('input[type=radio]:not([disabled])').count(), 0, 'the guess is committed');
      await box.locator('.predict-value').waitFor({ timeout: 120000 });
      await ready(page);
      const echo = page.locator(`#predict-echo-${fig} .predict-echo-card`);
      await echo.waitFor();
      const value = (await box.locator('.predict-value').getAttribute('data-answer-value')).trim();
      // The answer was not in the figure before the guess (a number that says something, or a verdict).
      const number = value.match(/\d[\d,]*(\.\d+)?/g)?.at(-1);
      // A whole answer ("2건 중 0건", a verdict line) is looked for as it is written.
      if (!number || value.length >= 4) assert.ok(!figText.includes(value), `${id}: the figure said "${value}" before the guess`);
      else if (number.replace(/\D/g, '').length >= 2) {
        assert.doesNotMatch(figText, new RegExp(`(^|[^\\d,.])${number.replace(/[.,]/g, (c) => `\\${c}`)}(?![\\d]|[,.]\\d)`), `${id}: the figure showed ${number} before the guess`);
      }
      // The guess and the answer side by side, in the box and above the figure.
      assert.equal((await box.locator('.predict-guess-text').textContent()).trim(), guess);
      assert.equal((await echo.locator('.predict-guess-text').textContent()).trim(), guess);
      assert.equal((await echo.locator('.predict-value').getAttribute('data-answer-value')).trim(), value);
      // The figure now draws the answering state, and it and the echo are on screen.
      await page.waitForFunction(([f]) => {
        const e = document.querySelector(`#predict-echo-${f} .predict-echo-card`);
        const g = document.getElementById(f);
        if (!e || !g) return false;
        const [a, b] = [e.getBoundingClientRect(), g.getBoundingClientRect()];
        return a.top >= -1 && a.bottom <= innerHeight + 1 && b.top < innerHeight - 80;
      }, [fig], { timeout: 15000 });
      await page.waitForTimeout(600);
      assert.ok(await onScreen(page, `#${fig}`, 200), `${id}: the figure is in view`);
      assert.ok(await onScreen(page, `#predict-echo-${fig} .predict-echo-card`), `${id}: the echo is in view`);
      const after = await drawing(page, fig);
      assert.notEqual(after, before, `${id}: the figure's drawing changed`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('B7\'s answer drives its figure to the power cut: the fault button pressed and the address says so', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=b7-kill-vs-power`);
  await ready(page);
  const box = page.locator('#predict-b7-power');
  await box.locator('input[type=radio]').first().check();
  await box.locator('button.predict-go').click();
  await page.waitForFunction(() => location.search.includes('fig=kill-vs-power') && location.search.includes('hit=1') && location.search.includes('fault=power'));
  await box.locator('.predict-value').waitFor();
  await ready(page);
  const value = await box.locator('.predict-value').getAttribute('data-answer-value');
  // The figure's text alternative says what the answer says: the records lost to the power cut.
  const [total] = value.split('개 중 ');
  await page.waitForFunction((t) => (document.querySelector('#kill-vs-power .vote-alt')?.textContent ?? '').includes(`전원 차단 뒤 ${t}개 중`), total);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A7\'s answer opens the question\'s cell on the map: its summary under the map says the answer', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a7-sweeps`);
  await ready(page);
  assert.equal(await page.locator('#sweep-ttl-pause .sweep-opened').count(), 0, 'no cell opened before the guess');
  const box = page.locator('#predict-a7-long-ttl');
  await box.locator('input[type=radio]').first().check();
  await box.locator('button.predict-go').click();
  await box.locator('.predict-value').waitFor({ timeout: 120000 });
  const opened = page.locator('#sweep-ttl-pause .sweep-opened[data-ix="11"][data-iy="0"]');
  await opened.waitFor({ timeout: 60000 });
  const value = await box.locator('.predict-value').getAttribute('data-answer-value');
  await page.waitForFunction((v) => document.querySelector('#sweep-ttl-pause .sweep-opened')?.textContent.includes(`초과 승인 평균 ${v} `), value, { timeout: 60000 });
  assert.deepEqual(errors, []);
  await context.close();
});
