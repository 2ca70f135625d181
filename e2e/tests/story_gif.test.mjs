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
import { serve, launch, openPage, ready, describePage, labBinary } from './helpers.mjs';
import { openLab } from './lab.mjs';

let server, browser, lab;
before(async () => {
  lab = labBinary();
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-story-gif-e2e-'));

/** A GIF's size and each frame's delay (1/100 s), read from its blocks. */
function gifFrames(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  const size = [bytes.readUInt16LE(6), bytes.readUInt16LE(8)];
  let at = 13;
  if (bytes[10] & 0x80) at += 3 * (1 << ((bytes[10] & 7) + 1));
  const skipBlocks = () => { while (bytes[at] !== 0) at += bytes[at] + 1; at += 1; };
  const delays = [];
  let delay = 0;
  for (;;) {
    const b = bytes[at];
    if (b === 0x3b) break;
    if (b === 0x21) {
      if (bytes[at + 1] === 0xf9) delay = bytes.readUInt16LE(at + 4);
      at += 2;
      skipBlocks();
    } else if (b === 0x2c) {
      const packed = bytes[at + 9];
      at += 10;
      if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
      at += 1; // LZW minimum code size
      skipBlocks();
      delays.push(delay);
    } else {
      throw new Error(`not a GIF block at ${at}: ${b}`);
    }
  }
  return { size, delays };
}

async function storyGif(url, fig) {
  const { page, errors, context } = await openPage(browser, { width: 1280 });
  await page.goto(`${server.base}${url}`);
  await ready(page);
  await openLab(page, fig);
  const params = await page.$eval(`${fig} .export`, (e) => e.dataset.params);
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 120000 }),
    page.click(`${fig} .export button[data-export=story-gif]`),
  ]).catch(async (e) => {
    e.message += `\n${await describePage(page)}`;
    throw e;
  });
  const file = path.join(tmp, `${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  assert.deepEqual(errors, []);
  await context.close();
  return { name: dl.suggestedFilename(), bytes: fs.readFileSync(file), params };
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
    const page = gifFrames(bytes);
    const native = gifFrames(labStoryGif(id, params));
    assert.deepEqual(page.size, native.size);
    assert.deepEqual(page.delays, native.delays);
    const held = page.delays.filter((d) => d >= 300).length;
    assert.ok(held >= 4, `${held} held scenes: ${page.delays}`);
    console.log(`${id}: ${bytes.length} bytes, ${page.size.join('×')}, ${page.delays.length} frames, ${held} held, ${page.delays.reduce((a, b) => a + b, 0) / 100} s`);
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
