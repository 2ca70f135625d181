// The export bar's "이야기 GIF" (src/web/story_gif_file.rs): for a figure
// that tells a story, the lab's download is the story GIF `lab figure ID
// --story` makes of the same state: a GIF of the same size, frame count
// and frame delays (one held frame per scene, the frames between short;
// the pixels are the page's canvas's, not ab_glyph's, so the bytes differ),
// at most 2 MiB. Article A's pictures come from the site's module, Article
// B's from the lazily loaded one. A figure without a story has no button.
//
// The native `lab` binary: $LAB_BIN, else $CARGO_TARGET_DIR (or target/)
// ci/lab, release/lab or debug/lab, else it is built here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, ready, labBinary } from './helpers.mjs';
import { openLab } from './lab.mjs';
import { downloadExport, parseGif } from './files.mjs';

let server, browser, lab;
before(async () => {
  lab = labBinary();
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-story-gif-e2e-'));

async function storyGif(url, fig) {
  const { page, errors, context } = await openPage(browser, { width: 1280 });
  await page.goto(`${server.base}${url}`);
  await ready(page);
  await openLab(page, fig);
  const params = await page.$eval(`${fig} .export`, (e) => e.dataset.params);
  const { name, bytes } = await downloadExport(page, fig, 'story-gif', { timeout: 120000 });
  assert.deepEqual(errors, []);
  await context.close();
  return { name, bytes, params };
}

function labStoryGif(id, params) {
  const out = path.join(tmp, `${id}-${Date.now()}-lab.gif`);
  execFileSync(lab, ['figure', id, '--params', params, '--story', '--out', out]);
  return fs.readFileSync(out);
}

for (const [url, id] of [
  ['?ch=a1-lease-expiry&fig=lease-expiry', 'lease-expiry'],
  ['?ch=b1-remember&fig=vote-story', 'vote-story'],
]) {
  test(`${id}: 이야기 GIF is lab figure --story's GIF, a held frame per scene`, async () => {
    const { name, bytes, params } = await storyGif(url, `#${id}`);
    assert.equal(name, `${id}-story.gif`);
    assert.ok(bytes.length <= 2 * 1024 * 1024, `${bytes.length} bytes`);
    const page = parseGif(bytes);
    const native = parseGif(labStoryGif(id, params));
    assert.deepEqual([page.width, page.height], [native.width, native.height]);
    assert.deepEqual(page.delays, native.delays);
    const held = page.delays.filter((d) => d >= 300).length;
    assert.ok(held >= 4, `${held} held scenes: ${page.delays}`);
    console.log(`${id}: ${bytes.length} bytes, ${page.width}×${page.height}, ${page.delays.length} frames, ${held} held, ${page.delays.reduce((a, b) => a + b, 0) / 100} s`);
  });
}

test('a figure without a story offers no story GIF', async () => {
  const { page, context } = await openPage(browser, { width: 1280 });
  await page.goto(`${server.base}?ch=a6-summary&fig=tradeoff`);
  await ready(page);
  await openLab(page, '#tradeoff');
  assert.equal(await page.$$eval('#tradeoff .export button[data-export=story-gif]', (b) => b.length), 0);
  assert.equal(await page.$$eval('#tradeoff .export button[data-export=png]', (b) => b.length), 1);
  await context.close();
});
