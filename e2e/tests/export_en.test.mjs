// The English edition's files (src/figures/export, web::export_files): on
// an English page, what the export bar and the share panel give is in
// English. From one Article A page (A1, whose Article A drawing comes from
// the site's module) and one Article B page (B1, drawn by the lazily loaded
// module), the downloaded SVG and metric CSV hold no Hangul and carry the
// English caption, the PNG and the GIFs (the animation, the story) draw no
// Hangul onto a canvas (fillText and strokeText are watched from the first
// script on, on every 2D context: the files are painted through them), the
// share panel's snippets and texts hold none, and the status lines are
// English. The Korean edition's files are export.test.mjs's and
// share_export.test.mjs's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, spyCanvasText } from './helpers.mjs';
import { openLab } from './lab.mjs';
import { downloadExport, parseGif, pngSize } from './files.mjs';

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });


/** The Hangul lines of `text` (a few, to name in a failure). */
const hangulLines = (text) => text.split('\n').filter((l) => HANGUL.test(l)).slice(0, 3);

/** How many texts the canvases have drawn so far, and those with Hangul. */
const drawn = (page) => page.evaluate(() => ({ count: window.__textsDrawn, korean: [...window.__hangulDrawn] }));

for (const { file, fig, id, kinds } of [
  { file: 'en/a1-lease-expiry.html', fig: '#lease-expiry', id: 'lease-expiry', kinds: ['png', 'gif'] },
  { file: 'en/b1-remember.html', fig: '#vote-story', id: 'vote-story', kinds: ['png', 'story-gif'] },
]) {
  test(`${file}: ${id}'s files and snippets are in English`, async () => {
    const { page, errors, context } = await openPage(browser, { width: 1100 });
    await page.addInitScript(spyCanvasText);
    await page.goto(`${server.base}${file}`);
    await ready(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await openLab(page, fig);
    const caption = (await page.textContent(`${fig} figcaption`)).trim();
    assert.ok(caption.length > 20 && !HANGUL.test(caption), `the page's English caption: ${caption}`);
    // What the page drew before any file: the files' own drawing is counted from here.
    const before = await drawn(page);
    assert.deepEqual(before.korean, [], 'the English page draws no Hangul');

    const svg = (await downloadExport(page, fig, 'svg', { timeout: 60000 })).bytes.toString('utf8');
    assert.match(svg, /^<svg /);
    assert.deepEqual(hangulLines(svg), [], 'the SVG holds no Hangul');
    const firstWords = caption.split(' ').slice(0, 3).join(' ');
    assert.ok(svg.includes(firstWords), `the SVG carries the English caption ("${firstWords}…")`);
    const status = await page.textContent(`${fig} .export-status`);
    assert.ok(status.trim() && !HANGUL.test(status), `an English status line: ${status}`);

    const csv = (await downloadExport(page, fig, 'csv', { timeout: 60000 })).bytes.toString('utf8').replace(/^\uFEFF/, '');
    assert.match(csv, /^metric,label|^[a-z_]+,/, `a CSV: ${csv.slice(0, 80)}`);
    assert.ok(csv.split('\n').length > 5, 'the CSV has its rows');
    assert.deepEqual(hangulLines(csv), [], 'the CSV labels its rows and runs in English');

    for (const kind of kinds) {
      if (kind === 'gif') await page.locator(`${fig} input.gif-frames`).fill('3');
      const start = (await drawn(page)).count;
      const { name, bytes } = await downloadExport(page, fig, kind, { timeout: 120000 });
      if (kind === 'png') assert.ok(pngSize(bytes).width > 0, name);
      else assert.ok(parseGif(bytes).frames >= 3, `${name}: an animated GIF`);
      const after = await drawn(page);
      assert.ok(after.count > start, `${name}: its text is drawn on a canvas (${after.count - start} texts)`);
      assert.deepEqual(after.korean, [], `${name}: no Hangul drawn`);
    }

    // The share panel: its snippets (iframe, script, blog's HTML) and texts.
    await page.click(`${fig} details.share > summary`);
    await page.waitForSelector(`${fig} textarea.embed-bare`, { timeout: 30000 });
    const snippets = await page.$$eval(`${fig} details.share textarea, ${fig} details.share input[type=text]`, (els) => els.map((e) => e.value));
    assert.ok(snippets.length >= 2, `the panel's snippets: ${snippets.length}`);
    for (const s of snippets) assert.deepEqual(hangulLines(s), [], `a snippet in English: ${s.slice(0, 120)}`);
    const panel = await page.$eval(`${fig} details.share`, (d) => d.innerText);
    const stray = panel.split('\n').filter((l) => HANGUL.test(l));
    assert.deepEqual(stray, [], 'the share panel speaks English');
    assert.deepEqual(errors, []);
    console.log(`# ${file}: SVG ${svg.length} B, CSV ${csv.split('\n').length} lines, ${kinds.join(' and ')} drawn, ${snippets.length} snippets`);
    await context.close();
  });
}
