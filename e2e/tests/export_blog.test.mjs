// The 블로그용 files (issue 40): the 퍼가기 panel (filled by the lazily
// loaded module, so the site's first load does not carry them) offers a
// blog PNG, SVG and phone PNG (and a GIF where the figure plays). A blog PNG from the
// page is 720 px wide (390 for the phone's), as tall as `lab figure
// --layout blog` makes the same state, and its SVG is byte for byte
// `lab figure --layout blog`'s, attribution line and link back included
// (the page names the address it is served from, as LAB_SITE_URL does for
// `lab`). The file draws the figure whole, wherever the lesson's player
// stands (a lesson opens at its run's start). For Article A (drawn by the
// site's module, the timeline's window cut after its first anomaly there)
// and Article B (drawn by the module).
//
// The native `lab` binary: $LAB_BIN, else target/ci/lab (built here if missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, ready, labBinary } from './helpers.mjs';
import { openLab } from './lab.mjs';
import { downloadExport, pngSize } from './files.mjs';

let server, browser, lab;
before(async () => {
  lab = labBinary();
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-blog-e2e-'));

/** `lab figure ID --layout L` for the panel's state, under the address the page is served from. */
function labFile(id, st, layout, ext) {
  const out = path.join(tmp, `${id}-${layout}-${Date.now()}-lab.${ext}`);
  const args = ['figure', id, '--params', st.params, '--layout', layout, '--out', out];
  if (st.win !== undefined) args.push('--window', st.win);
  execFileSync(lab, args, { env: { ...process.env, LAB_SITE_URL: `${new URL(server.base).origin}/` } });
  return fs.readFileSync(out);
}

async function blogFilesMatchLab(url, fig, id) {
  const { page, errors, context } = await openPage(browser, { width: 1280 });
  await page.goto(`${server.base}${url}`);
  await ready(page);
  await openLab(page, fig);
  const st = await page.$eval(`${fig} .export`, (e) => ({ params: e.dataset.params, time: e.dataset.time, win: e.dataset.win }));
  const png = await downloadExport(page, fig, 'blog-png');
  const labels = await page.$$eval(`${fig} .export .blog-files button`, (bs) => bs.map((b) => b.textContent));
  assert.ok(labels.includes('블로그용 PNG') && labels.includes('블로그용 SVG'), `blog buttons: ${labels}`);
  assert.ok(labels.includes('블로그용 GIF'), 'both figures play: a blog GIF too');
  assert.equal(png.name, `${id}-blog.png`);
  const size = pngSize(png.bytes);
  const native = pngSize(labFile(id, st, 'blog', 'png'));
  console.log(`# ${id} blog PNG: page ${size.width}×${size.height} (${png.bytes.length} bytes), lab ${native.width}×${native.height}`);
  assert.equal(size.width, 720, 'a blog PNG is 720 px wide');
  assert.deepEqual(size, native, 'the page draws the blog PNG at the size lab figure --layout blog does');

  const phone = await downloadExport(page, fig, 'blog-phone-png');
  assert.equal(phone.name, `${id}-blog-phone.png`);
  assert.deepEqual(pngSize(phone.bytes), pngSize(labFile(id, st, 'blog-phone', 'png')));
  assert.equal(pngSize(phone.bytes).width, 390);

  const svg = (await downloadExport(page, fig, 'blog-svg')).bytes.toString('utf8');
  const nativeSvg = labFile(id, st, 'blog', 'svg').toString('utf8');
  assert.ok(svg.includes('정합성 실험실 · '), 'the attribution line is drawn in');
  assert.ok(svg === nativeSvg, `${id}: the page's blog SVG is byte-identical to lab figure --layout blog's`);
  const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
  console.log(`# ${id} blog SVG: smallest font-size ${Math.min(...sizes).toFixed(2)}`);
  assert.deepEqual(errors, []);
  await context.close();
}

test('A1 (Article A, drawn by the site): the blog PNG, phone PNG and SVG are lab figure --layout blog’s', async () => {
  await blogFilesMatchLab('?ch=a1-lease-expiry&fig=lease-expiry', '#lease-expiry', 'lease-expiry');
});

test('B1 (Article B, drawn by the module): the blog files are lab figure --layout blog’s', async () => {
  await blogFilesMatchLab('?ch=b1-remember&fig=vote-story', '#vote-story', 'vote-story');
});
