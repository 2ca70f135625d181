// Predict → act → reveal (src/content/predict.rs, src/web/predict.rs) and no
// spoilers: every chapter with a figure asks a
// question in a fieldset with a legend before its figure is moved; answering
// by keyboard puts the question's state in the address and reveals the
// number the figure's live table shows for it, beside the guess; B1's
// verdict waits for the player or the reader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// Every chapter with a figure.
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
  assert.equal(search, '?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600');
  // The figure started again from that state: its TTL slider says 600.
  await page.waitForFunction(() => document.querySelector('#lease-expiry input[name=ttl_ms]')?.value === '600');
  await page.waitForSelector('#predict-a1-ttl600 .predict-value');
  await page.waitForSelector('#lease-expiry table.metrics[data-pending=false]');
  const revealed = await box.locator('.predict-value').getAttribute('data-answer-value');
  const table = await page.$eval('#lease-expiry table.metrics', (t) => {
    const col = [...t.querySelectorAll('thead th')].findIndex((th) => th.textContent.trim() === '실행 0');
    const row = [...t.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('th').textContent.startsWith('승인'));
    return row.children[col].textContent.trim();
  });
  assert.equal(revealed, table, 'the revealed number is the live table\'s');
  // The guess stays in view beside the answer, with the why.
  assert.equal((await box.locator('.predict-guess-text').textContent()).trim(), '240건 이하 (잔액이 허락하는 만큼)');
  assert.ok((await box.locator('.predict-why').textContent()).length > 20);
  assert.ok(await box.locator('.predict-guess').isVisible());
  // The permalink the figure writes is the same state.
  assert.deepEqual(errors, []);
  await context.close();
});

// Once the reader has committed to an answer, the figure the question set
// holds nothing back: its key numbers show while its player still plays
// (before answering, they wait for the player to reach the results).
test('after answering, the re-run figure shows its key numbers at once, even while it plays', async () => {
  const { page, errors, context } = await openPage(browser, { reducedMotion: 'no-preference' });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  assert.equal(await page.locator('#lease-expiry .key-numbers[data-held=true]').count(), 1, 'held before the answer');
  const box = page.locator('#predict-a1-ttl600');
  await box.locator('input[type=radio]').first().check();
  await box.locator('button.predict-go').click();
  await page.waitForFunction(() => document.querySelector('#lease-expiry input[name=ttl_ms]')?.value === '600');
  await page.waitForSelector('#lease-expiry table.metrics[data-pending=false]');
  assert.equal(await page.locator('#lease-expiry .key-numbers[data-held=true]').count(), 0, 'nothing held after the answer');
  const values = await page.locator('#lease-expiry .key-numbers dd').allTextContents();
  assert.ok(values.length >= 1 && values.every((v) => /^[\d,.]+/.test(v)), `numbers shown: ${values}`);
  assert.equal(await page.locator('#lease-expiry .play[aria-pressed=true], #lease-expiry button[aria-pressed=true]').count() > 0, true, 'the player still plays');
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

test('B1\'s verdict is hidden at player time 0, shown after playing to the end or when asked', async () => {
  const { page, errors, context } = await openPage(browser, { reducedMotion: 'no-preference' });
  await page.goto(`${server.base}?ch=b1-remember&fig=vote-story&scenario=vote&ev=0`);
  await ready(page);
  assert.equal(await page.locator('#vote-story .vote-verdict').count(), 0, 'no verdict at event 0');
  const hidden = await page.locator('#vote-story .verdict-hidden').textContent();
  assert.match(hidden, /결과/);
  // The text alternative says the result waits too.
  assert.doesNotMatch(await page.locator('#vote-story .vote-alt').textContent(), /이중 투표:/);
  // Asking shows it.
  await page.locator('#vote-story .verdict-reveal').click();
  assert.match(await page.locator('#vote-story .vote-verdict').first().textContent(), /이중 투표/);
  // Playing to the end shows it too.
  await page.goto(`${server.base}?ch=b1-remember&fig=vote-story&scenario=vote&ev=0`);
  await ready(page);
  assert.equal(await page.locator('#vote-story .vote-verdict').count(), 0);
  // The scrub slider, by keyboard: End takes it to the last event.
  await page.locator('#vote-story-scrub').focus();
  await page.keyboard.press('End');
  await page.waitForSelector('#vote-story .vote-verdict');
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
