// Colour words point into their figure (issue 25): every `{{mark:KEY|word}}`
// in the prose, pointed at, focused or tapped, picks out the marks of its
// kind in the nearest figure above its paragraph. The figure says so
// (`data-spotlight` = KEY and a count of the marks drawn above zero on its
// canvas, or on the side-by-side's panels), its pixels change, and letting go
// gives the drawing back as it was. tests/mark_words.rs checks the same words
// against the drawings natively; this checks the page's wiring. A lesson's
// timeline opens at the start of its run with nothing drawn (issue 38), so
// each check first plays the page's timelines to their window's end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { playTimelinesToEnd } from './lab.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const CHAPTERS = ['a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a6-summary'];

/** Each colour word of the chapter: its key, its index, and the id of the last figure before it. */
function wordsOf(page) {
  return page.evaluate(() => [...document.querySelectorAll('article.chapter .mark-word[data-mark]')].map((w, i) => {
    const figures = [...document.querySelectorAll('article.chapter figure.lab-figure')]
      .filter((f) => f.compareDocumentPosition(w) & Node.DOCUMENT_POSITION_FOLLOWING);
    return { i, key: w.dataset.mark, text: w.textContent, figure: figures.at(-1)?.id ?? null };
  }));
}

/** What the page says is picked out: [element's figure id, key, count] for each spotlit drawing. */
function spotlit(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-spotlight]')].map((el) => [
    el.closest('figure')?.id, el.dataset.spotlight, Number(el.dataset.spotlightCount),
  ]));
}

/** The pixels of the figure's drawings, as one fingerprint. */
function pixels(page, figureId) {
  return page.evaluate((id) => [...document.getElementById(id).querySelectorAll('canvas')]
    .map((c) => c.toDataURL('image/png')).join('|').length + ':' + [...document.getElementById(id).querySelectorAll('canvas')]
    .map((c) => { const d = c.toDataURL('image/png'); let h = 0; for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d.charCodeAt(i)) | 0; return h; }).join(','), figureId);
}

test('desktop: pointing at every colour word picks out its marks in the figure above it, and letting go gives the drawing back', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  let seen = 0;
  for (const ch of CHAPTERS) {
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    await playTimelinesToEnd(page);
    const words = await wordsOf(page);
    assert.ok(words.length > 0, `${ch} has colour words`);
    for (const w of words) {
      assert.ok(w.figure, `${ch}: "${w.text}" follows a figure`);
      const word = page.locator('article.chapter .mark-word[data-mark]').nth(w.i);
      await word.scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      await page.waitForFunction(() => !document.querySelector('[data-spotlight]'));
      const before = await pixels(page, w.figure);
      await word.hover();
      await page.waitForFunction((key) => document.querySelector(`[data-spotlight="${key}"]`), w.key);
      const lit = await spotlit(page);
      assert.equal(lit.length, 1, `${ch}: "${w.text}" lights one drawing: ${JSON.stringify(lit)}`);
      const [figure, key, count] = lit[0];
      assert.equal(figure, w.figure, `${ch}: "${w.text}" lights the figure above it`);
      assert.equal(key, w.key);
      assert.ok(count > 0, `${ch}: "${w.text}" (${w.key}) picks out ${count} marks in ${figure}`);
      assert.notEqual(await pixels(page, w.figure), before, `${ch}: "${w.text}" changes the drawing`);
      assert.equal(await word.getAttribute('data-lit'), '', 'the word says it is lit');
      await page.mouse.move(1, 1);
      await page.waitForFunction(() => !document.querySelector('[data-spotlight]'));
      assert.equal(await pixels(page, w.figure), before, `${ch}: letting go of "${w.text}" gives the drawing back`);
      assert.equal(await word.getAttribute('data-lit'), null);
      seen += 1;
    }
  }
  assert.ok(seen >= 15, `colour words checked: ${seen}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: a colour word is focusable, focus lights it, Tab away and Esc let go', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  await page.goto(`${server.base}?ch=a2-watchdog`);
  await ready(page);
  await playTimelinesToEnd(page);
  const word = page.locator('article.chapter .mark-word[data-mark="stop"]');
  await word.focus();
  await page.waitForFunction(() => document.querySelector('[data-spotlight="stop"]'));
  assert.equal((await spotlit(page))[0][0], 'watchdog-stop');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => !document.querySelector('[data-spotlight="stop"]'));
  await word.focus();
  await page.waitForFunction(() => document.querySelector('[data-spotlight="stop"]'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-spotlight="stop"]'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone (touch): a tap pins the spotlight, a second tap on the word or a tap in the prose lets it go', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  await playTimelinesToEnd(page);
  const word = page.locator('article.chapter .mark-word[data-mark="stolen"]');
  await word.scrollIntoViewIfNeeded();
  await word.tap();
  await page.waitForFunction(() => document.querySelector('[data-spotlight="stolen"]'));
  const [[figure, , count]] = await spotlit(page);
  assert.equal(figure, 'lease-expiry');
  assert.ok(count > 0, `STOLEN marks on a phone: ${count}`);
  // It stays while the reader looks (no hover on a touch screen to keep it).
  await page.waitForTimeout(300);
  assert.equal((await spotlit(page)).length, 1, 'the tap pinned it');
  await word.tap();
  await page.waitForFunction(() => !document.querySelector('[data-spotlight]'));
  // Pinned again, then a tap on plain prose lets it go.
  await word.tap();
  await page.waitForFunction(() => document.querySelector('[data-spotlight="stolen"]'));
  await page.locator('article.chapter > div.prose > p:visible').filter({ hasNotText: 'STOLEN' }).last().tap();
  await page.waitForFunction(() => !document.querySelector('[data-spotlight]'));
  assert.deepEqual(errors, []);
  await context.close();
});
