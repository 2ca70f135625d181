// Numbers once (issue 38), on the built site at 390 px (touch): every chapter
// shows at most one table at load outside its figures' labs (the glossary
// aside; counted by e2e/lesson-count.mjs as measure-lesson.mjs counts it), no
// table at load is wider than the screen, the kept tables wait behind a
// closed "표 보기" and stack into cards when opened, and a comparison's every
// value keeps its source (원문 측정, 시뮬레이션, 실제 실행) on the phone's
// cards. The hot journal's figure (B2) is legible at 390 px, light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, ready } from './helpers.mjs';
import { CHAPTERS, countAtLoad } from '../lesson-count.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SOURCES = ['원문 측정', '시뮬레이션', '실제 실행'];

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function openChapter(page, ch) {
  await page.goto(`${server.base}?ch=${ch}`);
  await ready(page);
  // As measure-lesson.mjs: scroll through once, so lazy figures are drawn.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) { scrollTo(0, y); await new Promise((r) => setTimeout(r, 30)); }
    scrollTo(0, 0);
  });
  await page.waitForTimeout(200);
}

/** In the page: each shown comparison table's values without a source on them. */
function unlabelled(sources) {
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && el.getClientRects().length > 0;
  const names = (text) => sources.some((s) => text.includes(s));
  const out = [];
  let tables = 0;
  for (const table of document.querySelectorAll('main table')) {
    // A comparison: a column or a row names a source (Article A's summary names them by row).
    if (!shown(table) || table.closest('figure.lab-figure') || ![...table.querySelectorAll('th')].some((th) => names(th.textContent))) continue;
    tables += 1;
    for (const row of table.tBodies.length ? [...table.tBodies].flatMap((b) => [...b.rows]) : []) {
      const rowSource = [...row.querySelectorAll('th[scope=row]')].find((th) => shown(th) && names(th.textContent));
      [...row.cells].forEach((cell, i) => {
        if (cell.tagName !== 'TD' || (i === 0 && !row.querySelector('th'))) return; // the row's name
        const label = cell.querySelector('.cell-label');
        const own = label && shown(label) ? label.textContent : '';
        if (!names(own) && !rowSource) out.push(`${table.closest('[id]')?.id}: ${row.cells[0].textContent.trim().slice(0, 20)} / ${cell.textContent.trim().slice(0, 30)}`);
      });
    }
    // Cards: the header row is out of sight, the table within the screen.
    if (table.tHead.getBoundingClientRect().height > 2) out.push(`${table.closest('[id]')?.id}: its header row still shows`);
  }
  return { tables, out };
}

test('at 390 px every chapter shows at most one table at load, none wider than the screen, each value with its source', async () => {
  const context = await browser.newContext({ ...PHONE, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const rows = [];
  let comparisons = 0;
  for (const ch of CHAPTERS) {
    await openChapter(page, ch);
    const c = await page.evaluate(countAtLoad);
    const labs = await page.evaluate(() => [...document.querySelectorAll('main figure.lab-figure')].map((f) => f.id));
    const outside = c.tables.filter((t) => !labs.includes(t.where));
    // The crash-point map's grid (B2) is a figure's grid of marks, not a
    // table of numbers (issue 38's budgets: "a grid of marks is the figure");
    // it scrolls inside its own frame. Every other table fits the screen.
    const wide = c.tables.filter((t) => t.wide && t.where !== 'crash-matrix');
    rows.push({ ch, outside: outside.length, wide: wide.map((t) => t.where), where: outside.map((t) => t.where) });
    if (ch !== 'glossary') assert.ok(outside.length <= 1, `${ch}: ${outside.length} tables at load (${outside.map((t) => t.where)})`);
    assert.deepEqual(wide, [], `${ch}: tables wider than 390 px at load`);
    const { tables, out } = await page.evaluate(unlabelled, SOURCES);
    comparisons += tables;
    assert.deepEqual(out, [], `${ch}: values on the phone's cards without their source`);

    // The kept tables: closed at load, said what they hold; opened, their cards fit.
    const kept = await page.evaluate(() => [...document.querySelectorAll('main details.tables-more')].map((d) => ({
      open: d.open, summary: d.querySelector('summary').textContent.trim(),
    })));
    for (const k of kept) {
      assert.equal(k.open, false, `${ch}: ${k.summary} is open at load`);
      assert.match(k.summary, /^표 보기: .{6,}/, `${ch}: ${k.summary}`);
    }
    if (kept.length) {
      const over = await page.evaluate(() => {
        for (const d of document.querySelectorAll('main details.tables-more')) d.open = true;
        return [...document.querySelectorAll('main details.tables-more table')]
          .filter((t) => t.getBoundingClientRect().width > innerWidth + 1).map((t) => t.closest('[id]')?.id || t.className);
      });
      assert.deepEqual(over, [], `${ch}: opened "표 보기" tables wider than the screen`);
      const inside = await page.evaluate(unlabelled, SOURCES);
      assert.deepEqual(inside.out, [], `${ch}: opened "표 보기" values without their source`);
    }
  }
  console.log(rows.map((r) => `${r.ch}: ${r.outside}${r.where.length ? ` (${r.where})` : ''}`).join('\n'));
  assert.ok(comparisons >= 6, `comparison tables shown at load: ${comparisons}`);
  // A real run's three-way comparison is on the chapters that have one.
  assert.deepEqual(errors, []);
  await context.close();
});

for (const scheme of ['light', 'dark']) {
  test(`the hot journal's figure is legible at 390 px (${scheme})`, async () => {
    const context = await browser.newContext({ ...PHONE, colorScheme: scheme, reducedMotion: 'reduce', serviceWorkers: 'block' });
    const page = await context.newPage();
    await openChapter(page, 'b2-durable');
    const f = await page.evaluate(() => {
      const fig = document.querySelector('figure.real-journal');
      if (!fig) return null;
      fig.scrollIntoView();
      const svg = fig.querySelector('svg');
      const box = svg.getBoundingClientRect();
      const scale = box.width / svg.viewBox.baseVal.width;
      const texts = [...svg.querySelectorAll('text')];
      const smallest = Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
      const overflow = texts.filter((t) => t.getBoundingClientRect().right > innerWidth + 1).map((t) => t.textContent);
      const lum = (c) => { const [r, g, b] = c.match(/\d+(\.\d+)?/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
      return {
        width: box.width, smallest, overflow,
        ink: lum(getComputedStyle(texts[0]).fill), bg: lum(getComputedStyle(document.body).backgroundColor),
        caption: fig.querySelector('figcaption').textContent,
        alt: svg.getAttribute('role') === 'img' && !!svg.querySelector('title') && svg.querySelector('desc').textContent.length > 40,
        inDetails: !!fig.closest('details'),
      };
    });
    assert.ok(f, 'B2 has the hot journal figure');
    assert.equal(f.inDetails, false, 'the figure shows at load');
    assert.ok(f.width <= 390 && f.width > 300, `width ${f.width}`);
    assert.ok(f.smallest >= 10, `smallest text ${f.smallest.toFixed(1)} px`);
    assert.deepEqual(f.overflow, [], 'text past the screen');
    assert.ok(Math.abs(f.ink - f.bg) > 0.5, `text against the page: ${f.ink.toFixed(2)} on ${f.bg.toFixed(2)}`);
    assert.match(f.caption, /^실제 실행: .*\d{4}-\d{2}-\d{2}.*SQLite/);
    assert.ok(f.alt, 'a text alternative (role=img, title, desc)');
    await context.close();
  });
}
