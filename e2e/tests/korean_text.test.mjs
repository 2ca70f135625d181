// Korean pages in Korean, live (issue 39): once the app has taken a chapter
// over, the text a reader sees in `main` (its innerText: the live tables,
// the key numbers, the stories, the notices) has no run of two or more
// Latin words outside code, the glossary's English column, a quoted title
// (「…」) and the words of tests/latin_allowlist.json, and no one-word
// English gloss after a Hangul word ("검증 노드(validator)").
// tests/korean_pages.rs makes the same checks over the static pages; the
// rules (`latinPhrases`, `glosses`) are the same on both sides, and so is the
// allowlist, the one file both read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, root } from './helpers.mjs';

const allowed = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'tests', 'latin_allowlist.json'), 'utf8')).words));

/** A word that passes anywhere: in the allowlist, or in capitals (TTL, SET, STOLEN). */
const exempt = (word) => (word.length >= 2 && /^[A-Z]+$/.test(word)) || allowed.has(word);

/**
 * Every run of two or more Latin words (letters only) joined by nothing but
 * spaces, at least two of them not exempt, outside 「…」 (tests/korean_pages.rs's latin_phrases).
 */
export function latinPhrases(text) {
  const found = [];
  let phrase = [];
  const flush = () => {
    if (phrase.filter((w) => !exempt(w)).length >= 2) found.push(phrase.join(' '));
    phrase = [];
  };
  let quoted = 0;
  for (const token of text.match(/[A-Za-z]+|[ \u00a0\t]+|[^A-Za-z \u00a0\t]/gu) ?? []) {
    if (/^[A-Za-z]/.test(token)) {
      if (quoted === 0) phrase.push(token);
    } else if (/^[ \u00a0\t]/.test(token)) {
      continue;
    } else {
      if (token === '「') quoted += 1;
      if (token === '」') quoted = Math.max(0, quoted - 1);
      flush();
    }
  }
  flush();
  return found;
}

/**
 * Every one-word English gloss, as "word(gloss)": a parenthesis holding one
 * lowercase Latin word, hyphenated or not, right after a Hangul word (spaces
 * or a closing quote may stand between). Capitals, digits, spaces, a single
 * letter (a variant's label) or an allowlisted word (ms) make it no gloss
 * (tests/korean_pages.rs's glosses).
 */
export function glosses(text) {
  const found = [];
  for (const m of text.matchAll(/([^\s]*[\uac00-\ud7a3])[ \u00a0"”’']*\(([a-z]+(?:-[a-z]+)*)\)/gu)) {
    const [, word, inner] = m;
    if (inner.length === 1 || allowed.has(inner)) continue;
    found.push(`${word.replace(/^["“‘']+/u, '')}(${inner})`);
  }
  return found;
}

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the rule finds English phrases and passes the exceptions', () => {
  assert.deepEqual(
    latinPhrases('안전 기록(safety record), Redis lease가 1,000ms lease보다, SET NX PX, 「fencing token, 그리고」 c-2 read\nlost\nupdate, lost update'),
    ['safety record', 'lost update'],
  );
  assert.deepEqual(
    glosses('검증 노드(validator)가, 결제를 막거나(fail-closed), "아무 후보도 아님" (nil)에, 저널(DELETE), 큐(Committed), ' +
      '실험 3(c-2), 대조군(d), 지연(ms), fail-closed(닫힘), lease(lease), 글 B의 "차단(fence)", nil에 투표(nil)'),
    ['노드(validator)', '막거나(fail-closed)', '아님(nil)', '차단(fence)', '투표(nil)'],
  );
});

test('every chapter the app shows says it in Korean', async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(server.base);
  await ready(page);
  const ids = await page.$$eval('nav.chapters a', (as) => as.map((a) => new URL(a.href).searchParams.get('ch')));
  assert.ok(ids.includes('glossary') && ids.length >= 17, `every chapter in the nav: ${ids}`);
  const found = [];
  for (const id of ids) {
    await page.goto(`${server.base}?ch=${id}`);
    await ready(page);
    const text = await page.evaluate(() => {
      // Hidden for the reading only: code, scripts, and the glossary's English column.
      const hide = [...document.querySelectorAll('main :is(code, kbd, script, style)')];
      for (const table of document.querySelectorAll('main table')) {
        const col = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent.trim() === 'English');
        if (col >= 0) hide.push(...table.querySelectorAll(`tbody tr > :nth-child(${col + 1})`));
      }
      const before = hide.map((el) => el.style.display);
      hide.forEach((el) => { el.style.display = 'none'; });
      const text = document.querySelector('main').innerText;
      hide.forEach((el, i) => { el.style.display = before[i]; });
      return text;
    });
    for (const phrase of latinPhrases(text)) found.push(`${id}: ${phrase}`);
    for (const gloss of glosses(text)) found.push(`${id}: ${gloss}`);
  }
  assert.deepEqual(found, [], `English on a live Korean page:\n${found.join('\n')}`);
  assert.deepEqual(errors, []);
});
