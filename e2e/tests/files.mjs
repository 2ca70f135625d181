// The files a figure offers, as the tests take and read them: a download
// from the figure's export bar or 퍼가기 panel, and the headers of the PNG
// and GIF files it gives (export, share_export, export_blog, story_gif).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describePage } from './helpers.mjs';
import { openLab } from './lab.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-files-e2e-'));

/**
 * Clicks figure `fig`'s export button `kind` (its `data-export`) and returns
 * the downloaded file's name and bytes. The files are the lab's (issue 38);
 * a button the export bar does not carry (the 블로그용 files) is waited for
 * in the 퍼가기 panel, which the lazily loaded module fills when it opens.
 */
export async function downloadExport(page, fig, kind, { timeout = 60000 } = {}) {
  await openLab(page, fig);
  const button = `${fig} .export button[data-export=${kind}]`;
  if (await page.locator(button).count() === 0) {
    await page.click(`${fig} .export details.share > summary`);
    await page.locator(button).waitFor({ timeout });
  }
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout }),
    page.click(button),
  ]).catch(async (e) => {
    e.message += `\n${await describePage(page)}`;
    throw e;
  });
  const file = path.join(tmp, `${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return { name: dl.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/** A PNG's width and height, from its header. */
export function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Walks a GIF's blocks: its size, its frames (image descriptors), each
 * frame's delay (1/100 s, from the last graphic control block before it),
 * the first of those delays, whether it loops, and where its trailer is.
 */
export function parseGif(b) {
  assert.equal(b.subarray(0, 6).toString('latin1'), 'GIF89a', 'a GIF89a header');
  const width = b.readUInt16LE(6), height = b.readUInt16LE(8);
  let at = 13;
  if (b[10] & 0x80) at += 3 * (1 << ((b[10] & 7) + 1));
  const skipSubBlocks = () => { while (b[at] !== 0) at += b[at] + 1; at += 1; };
  const delays = [];
  let delay, current = 0, looping = false;
  for (;;) {
    const kind = b[at++];
    if (kind === 0x3b) break;
    if (kind === 0x21) {
      const label = b[at++];
      if (label === 0xf9) {
        current = b.readUInt16LE(at + 2);
        if (delay === undefined) delay = current;
      }
      if (label === 0xff && b.subarray(at + 1, at + 12).toString('latin1') === 'NETSCAPE2.0') looping = true;
      skipSubBlocks();
    } else if (kind === 0x2c) {
      delays.push(current);
      const flags = b[at + 8];
      at += 9;
      if (flags & 0x80) at += 3 * (1 << ((flags & 7) + 1));
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else {
      throw new Error(`unexpected GIF block 0x${kind.toString(16)} at ${at - 1}`);
    }
    assert.ok(at <= b.length, 'the blocks stay inside the file');
  }
  return { width, height, frames: delays.length, delays, delay, looping, trailerAt: at };
}
