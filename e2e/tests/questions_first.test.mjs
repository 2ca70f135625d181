// Questions before answers (issues 25 and 38), one test per question and
// width (1280 and 390 px): before the reader answers a chapter's question,
// nothing on the page above it, and nothing the figure it sets shows,
// answers it. The
// test opens the chapter as a reader would (reduced motion, so every figure
// has played to its end: the most the page ever shows unasked), keeps what
// the page shows from the chapter's top down to the question, then answers
// and reads the answer the page reveals (the live run's number or the
// story's verdict) and its why. Neither the why nor the answer's value was
// shown before: a value is looked for when it says something (two digits or
// more, and not one the question or its choices name themselves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, root } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Every `{{predict:ID}}` of the chapters: [id, chapter]. */
const QUESTIONS = fs.readdirSync(path.join(root, 'content', 'ko')).filter((f) => f.endsWith('.md')).sort().flatMap((f) => {
  const md = fs.readFileSync(path.join(root, 'content', 'ko', f), 'utf8');
  return [...md.matchAll(/^\{\{predict:([\w-]+)\}\}$/gm)].map((m) => [m[1], f.replace(/\.md$/, '')]);
});

/** A number as the page writes it, as a pattern that does not match inside a longer number. */
const standalone = (n) => new RegExp(`(^|[^\\d,.])${n.replace(/[.,]/g, (c) => `\\${c}`)}(?![\\d]|[,.]\\d)`);

test('every chapter question is found', () => {
  assert.ok(QUESTIONS.length >= 13, `questions: ${QUESTIONS.map((q) => q[0]).join(', ')}`);
});

for (const [width, height] of [[1280, 900], [390, 844]]) for (const [id, chapter] of QUESTIONS) {
  test(`${id} at ${width}: before the reader answers, the page shows no value that answers it`, async () => {
    const { page, errors, context } = await openPage(browser, { width, height });
    await page.goto(`${server.base}?ch=${chapter}`);
    await ready(page);
    const box = page.locator(`#predict-${id}`);
    await box.waitFor();
    assert.equal(await box.locator('.predict-reveal').count(), 0, 'no answer in the box');
    // What the page shows above the question (the rendered text: collapsed notes and hidden text left out), and the box's own words.
    const shown = await page.evaluate((boxId) => {
      const article = document.querySelector('article.chapter');
      const box = document.getElementById(boxId);
      const above = [];
      const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!(box.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_PRECEDING)) break;
        const el = n.parentElement;
        if (el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('.visually-hidden')) above.push(n.textContent);
      }
      const fig = document.getElementById(box.dataset.figure);
      return { above: above.join(' ').replace(/\s+/g, ' '), own: box.innerText, figure: fig ? fig.innerText.replace(/\s+/g, ' ') : '' };
    }, `predict-${id}`);
    assert.ok(shown.above.length > 50, `${id}: the text above the question was read (${shown.above.length} chars)`);
    // Answer: the first choice, then the button.
    await box.locator('input[type=radio]').first().check();
    await box.locator('button.predict-go').click();
    await box.locator('.predict-value').waitFor({ timeout: 120000 });
    const value = (await box.locator('.predict-value').getAttribute('data-answer-value')).trim();
    const why = (await box.locator('.predict-why').textContent()).trim();
    assert.ok(why.length > 20, `${id}: a why`);
    assert.ok(!shown.above.includes(why), `${id}: the why was on the page before the answer`);
    assert.ok(!shown.above.includes(value) || /\d/.test(value), `${id}: the verdict "${value}" was on the page before the answer`);
    // The answering number is the last one ("12개 중 8개": 8 of the 12 records).
    const number = value.match(/\d[\d,]*(\.\d+)?/g)?.at(-1);
    const says = number && number.replace(/\D/g, '').length >= 2 && !standalone(number).test(shown.own);
    if (says) {
      const at = shown.above.search(standalone(number));
      assert.equal(at, -1, `${id}: the answer ${number} was on the page before the question: "…${shown.above.slice(Math.max(0, at - 80), at + 40)}…"`);
      const inFigure = shown.figure.search(standalone(number));
      assert.equal(inFigure, -1, `${id}: the figure showed the answer ${number} before the guess: "…${shown.figure.slice(Math.max(0, inFigure - 80), inFigure + 40)}…"`);
    }
    // A whole answer ("2건 중 0건", a verdict line) is looked for as it is written.
    if (!/\d/.test(value) || value.length >= 4) assert.ok(!shown.figure.includes(value), `${id}: the figure showed "${value}" before the guess`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
