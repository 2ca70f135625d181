// Export and embed ("퍼가기"): the page's SVG equals `lab figure`'s up to
// the documented differences (docs/site.md, "퍼가기 · 내보내기 · 임베드"), carries the
// Korean caption; the PNG (1× and 2×) is not blank; trace JSON and metric CSV
// download; the sweep figures export their computed grid (buttons disabled
// until it is complete; SVG byte-identical to `lab figure`, JSON equal to
// `lab sweep --format json`); embed mode shows exactly one <figure>, no
// site chrome, a link back, posts its height to the parent, and answers a
// bad id with a notice.
//
// The native `lab` binary: $LAB_BIN, else $CARGO_TARGET_DIR (or target/)
// ci/lab or release/lab (scripts/test.sh's `cargo test --profile ci
// --all-targets` builds ci/lab before the e2e step), else it is built here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, ready, LAZY_FIGURES_READY, labBinary } from './helpers.mjs';
import { openLab } from './lab.mjs';
import { downloadExport } from './files.mjs';

let server, browser, lab;
before(async () => {
  lab = labBinary();
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-export-e2e-'));

/** What the panel knows: the figure's params, time, and the width it would export at. */
async function exportState(page, fig) {
  await openLab(page, fig);
  return page.$eval(fig, (f) => {
    const d = f.querySelector('.export').dataset;
    return { params: d.params, time: d.time, win: d.win, recon: d.recon, width: f.querySelector('.canvas-wrap').clientWidth };
  });
}

function labSvg(id, st) {
  const out = path.join(tmp, `${id}-${Date.now()}-lab.svg`);
  const args = ['figure', id, '--params', st.params, '--width', String(st.width), '--out', out];
  if (st.win !== undefined) args.push('--window', st.win);
  if (id === 'silent-drift' && st.recon === '0') args.push('--recon', '0');
  // The page's cursor in µs, as `lab`'s ms to the µs (a story's events fall between whole ms).
  if (st.time !== undefined) args.push('--time', (Number(st.time) / 1000).toFixed(3));
  execFileSync(lab, args);
  return fs.readFileSync(out, 'utf8');
}

// ---- SVG comparison -------------------------------------------------------
// Tokenises an SVG into elements: name, attributes, text. The documented
// difference (docs/site.md, "퍼가기 · 내보내기 · 임베드"): the page measures text
// with the browser (DOM layout of the Pretendard webfont), `lab` with
// ab_glyph, which scales a font by its height rather than its em and so
// measures text about a sixth narrower. Where plotters lays something out by
// a measured text extent (legend boxes, the space reserved for axis labels
// and chart captions) numbers differ; everything else must be equal: the
// same elements in the same order, the same text, the same colours and
// fonts, the same image size.
function elements(svg) {
  const out = [];
  const re = /<([a-zA-Z]+)([^>]*?)\/?>([^<]*)/g;
  let m;
  while ((m = re.exec(svg))) {
    const attrs = {};
    for (const a of m[2].matchAll(/([a-zA-Z-:]+)="([^"]*)"/g)) attrs[a[1]] = a[2].trim();
    out.push({ name: m[1], attrs, text: m[3].trim() });
  }
  return out;
}

function compareSvg(page, native, tolerance) {
  const a = elements(page), b = elements(native);
  const diffs = [];
  assert.equal(a.length, b.length, `element count: page ${a.length}, lab ${b.length}`);
  assert.equal(a[0].attrs.width, b[0].attrs.width, 'image width');
  assert.equal(a[0].attrs.height, b[0].attrs.height, 'image height');
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    assert.equal(x.name, y.name, `element ${i}: <${x.name}> vs <${y.name}>`);
    assert.equal(x.text, y.text, `element ${i} <${x.name}> text`);
    assert.deepEqual(Object.keys(x.attrs).sort(), Object.keys(y.attrs).sort(), `element ${i} <${x.name}> attributes`);
    for (const k of Object.keys(x.attrs)) {
      if (x.attrs[k] === y.attrs[k]) continue;
      const nx = x.attrs[k].split(/[ ,]+/), ny = y.attrs[k].split(/[ ,]+/);
      const numeric = nx.length === ny.length && nx.every((v, j) => v !== '' && !Number.isNaN(Number(v)) && !Number.isNaN(Number(ny[j])));
      assert.ok(numeric, `element ${i} <${x.name}> ${k}: "${x.attrs[k]}" vs "${y.attrs[k]}" (only numbers may differ)`);
      const worst = Math.max(...nx.map((v, j) => Math.abs(Number(v) - Number(ny[j]))));
      assert.ok(worst <= tolerance, `element ${i} <${x.name}> ${k}: "${x.attrs[k]}" vs "${y.attrs[k]}" differ by ${worst} px (allowed ${tolerance})`);
      diffs.push(worst);
    }
  }
  return { elements: a.length, differing: diffs.length, worst: diffs.length ? Math.max(...diffs) : 0 };
}

async function svgMatchesLab(url, fig, id, caption) {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  await page.goto(`${server.base}${url}`);
  await ready(page);
  const st = await exportState(page, fig);
  const { name, bytes } = await downloadExport(page, fig, 'svg');
  assert.equal(name, `${id}.svg`);
  const svg = bytes.toString('utf8');
  assert.match(svg, /^<svg /);
  assert.ok(svg.includes(caption), 'the SVG carries the Korean caption text');
  const native = labSvg(id, st);
  // Every figure is byte-identical: no layout depends on measured text
  // (legends are drawn at anchors, `figures::plots::draw_legend`). The
  // element-wise comparison first names the element that differs, if any.
  const result = compareSvg(svg, native, 0);
  console.log(`# ${id} (width ${st.width}${st.time ? `, t=${st.time}µs` : ''}): ${result.elements} elements, byte-identical: ${svg === native}`);
  assert.ok(svg === native, `${id}: the page's SVG is byte-identical to lab's`);
  assert.match(await page.textContent(`${fig} .export-status`), /SVG 파일 내려받기를 요청했습니다/);
  assert.deepEqual(errors, []);
  await context.close();
}

test('A1: the page exports the same SVG as `lab figure` (paused mid-way)', async () => {
  await svgMatchesLab('?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&seed=3&t=1500&ev=0', '#lease-expiry', 'lease-expiry', '그림 1-1.');
});

test('A1 with its own window and A2 without the ledger line: the view keys reach the export', async () => {
  await svgMatchesLab('?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&win=1500', '#lease-expiry', 'lease-expiry', '그림 1-1.');
  await svgMatchesLab('?ch=a1-lease-expiry&fig=silent-drift&preset=exp1&recon=0', '#silent-drift', 'silent-drift', '그림 1-2.');
});

// Every exportable figure in its starting state (crash-matrix, B2, is an HTML table).
const ALL = [
  ['a1-lease-expiry', 'silent-drift', 'A2', '1-2'], ['a2-watchdog', 'watchdog-stop', 'A3', '2-1'],
  ['a3-fencing', 'fence-placement', 'A4', '3-1'], ['a3-fencing', 'lease-clock', 'A5', '3-2'],
  ['a4-conditional-update', 'conditional-update', 'A6', '4-1'], ['a4-conditional-update', 'latency-cdf', 'A9', '4-2'],
  ['a5-outage', 'outage', 'A7', '5-1'], ['a6-summary', 'tradeoff', 'A8', '6-1'], ['b1-remember', 'vote-story', 'B1', 'B1-1'],
  ['b3-outer-transaction', 'outer-transaction', 'B3', 'B3-1'], ['b4-fence', 'uncertain-failure', 'B4', 'B4-1'],
  ['b5-interrupt', 'interrupt-wait', 'B7', 'B5-1'], ['b6-recovery', 'restart-recovery', 'B8', 'B6-1'],
  ['b7-kill-vs-power', 'kill-vs-power', 'B6', 'B7-1'], ['b8-liveness', 'liveness', 'B5', 'B8-1'],
];
for (const [ch, id, code, number] of ALL) {
  test(`${code} (${id}): the page exports the same SVG as \`lab figure\``, async () => {
    await svgMatchesLab(`?ch=${ch}`, `#${id}`, id, `그림 ${number}.`);
  });
}

/** Decodes a PNG in the page and measures it: size and pixel variance. */
async function pngStats(page, bytes) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0, sum = 0, sum2 = 0;
    for (let i = 0; i < d.length; i += 4) {
      const l = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      n++; sum += l; sum2 += l * l;
    }
    const mean = sum / n;
    return { width: c.width, height: c.height, variance: sum2 / n - mean * mean };
  }, bytes.toString('base64'));
}

test('PNG and PNG 2× are real images; trace JSON and metric CSV download', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const fig = '#lease-expiry';
  const one = await downloadExport(page, fig, 'png');
  const two = await downloadExport(page, fig, 'png2');
  assert.equal(one.name, 'lease-expiry.png');
  assert.equal(two.name, 'lease-expiry@2x.png');
  const s1 = await pngStats(page, one.bytes);
  const s2 = await pngStats(page, two.bytes);
  const wrap = await page.$eval(`${fig} .canvas-wrap`, (w) => w.clientWidth);
  console.log(`# PNG 1×: ${s1.width}×${s1.height}, variance ${s1.variance.toFixed(1)}; 2×: ${s2.width}×${s2.height}, variance ${s2.variance.toFixed(1)}`);
  assert.equal(s1.width, wrap);
  assert.equal(s2.width, 2 * wrap);
  assert.ok(Math.abs(s2.height - 2 * s1.height) <= 2, `2× height ${s2.height} vs 1× ${s1.height}`);
  assert.ok(s1.variance > 100 && s2.variance > 100, 'the PNGs are not blank');

  const json = await downloadExport(page, fig, 'json');
  assert.equal(json.name, 'lease-expiry-trace.json');
  const trace = JSON.parse(json.bytes.toString('utf8'));
  assert.ok(trace.metrics && Array.isArray(trace.events) && trace.events.length > 0, 'a full trace');
  const native = path.join(tmp, 'a1-trace.json');
  const params = (await exportState(page, fig)).params;
  execFileSync(lab, ['run', '--params', params, '--trace', native]);
  assert.equal(json.bytes.toString('utf8'), fs.readFileSync(native, 'utf8'), 'the same trace as `lab run --trace`');

  const csv = await downloadExport(page, fig, 'csv');
  assert.equal(csv.name, 'lease-expiry-metrics.csv');
  const lines = csv.bytes.toString('utf8').replace(/^\ufeff/, '').trim().split('\n');
  assert.equal(lines[0], 'metric,label,실행 0,실행 1,실행 2');
  assert.match(lines[1], /^approvals,/);
  assert.deepEqual(errors, []);
  await context.close();
});

// ---- Sweep figures ---------------------------------------------------------
// The export bar of a sweep figure draws the grid its workers computed (no
// recomputation): disabled until the grid is complete; the SVG equals
// `lab figure`'s for the same query and width; the PNGs are not blank; the
// JSON is `lab sweep --format json`'s and the CSV has a row per cell.

test('sweep export: disabled while the grid is computed, with a Korean hint', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  // The largest grid (30×30 cells × 5 seeds) runs for many seconds: long enough to look at.
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-ttl-pause&n=30&seeds=5`);
  await page.waitForSelector('#sweep-ttl-pause[data-state=running] .export .export-bar');
  const state = await page.$eval('#sweep-ttl-pause', (f) => ({
    running: f.dataset.state,
    buttons: [...f.querySelectorAll('.export-bar button')].map((b) => [b.textContent, b.disabled]),
    hint: (f.querySelector('.export-hint') || {}).textContent,
    described: f.querySelector('.export-bar button').getAttribute('aria-describedby'),
  }));
  assert.equal(state.running, 'running', 'still computing when inspected');
  assert.deepEqual(state.buttons, [['SVG', true], ['PNG', true], ['PNG 2×', true], ['격자 JSON', true], ['칸별 CSV', true]]);
  assert.match(state.hint, /격자 계산이 끝나면 내려받을 수 있습니다/);
  assert.equal(state.described, 'sweep-ttl-pause-export-hint');
  // The 퍼가기 panel works at once.
  await openLab(page, '#sweep-ttl-pause');
  await page.click('#sweep-ttl-pause details.share > summary');
  assert.match(await page.inputValue('#sweep-ttl-pause textarea.embed-code'), /\?embed=sweep-ttl-pause&amp;variant=naive&amp;ttl_lo=50&amp;ttl_hi=1000&amp;pause_lo=100&amp;pause_hi=1000&amp;n=30&amp;seeds=5"/);
  assert.ok((await page.inputValue('#sweep-ttl-pause textarea.alt-text')).startsWith('그림 7-1.'));
  assert.deepEqual(errors, []);
  await context.close();
});

async function sweepExportMatchesLab(page, id) {
  const fig = `#${id}`;
  await openLab(page, fig);
  await page.waitForSelector(`${fig}[data-state=done] .export button[data-export=svg]:not([disabled])`, { timeout: 180000 });
  assert.equal(await page.$$eval(`${fig} .export-hint`, (h) => h.length), 0, 'the hint is gone');
  const st = await page.$eval(fig, (f) => ({ params: f.querySelector('.export').dataset.params, width: f.querySelector('.sweep-plot').clientWidth }));
  const { name, bytes } = await downloadExport(page, fig, 'svg');
  assert.equal(name, `${id}.svg`);
  const svg = bytes.toString('utf8');
  const out = path.join(tmp, `${id}-${Date.now()}-lab.svg`);
  execFileSync(lab, ['figure', id, '--params', st.params, '--width', String(st.width), '--out', out]);
  const native = fs.readFileSync(out, 'utf8');
  const result = compareSvg(svg, native, 0);
  console.log(`# ${id} (${st.params}, width ${st.width}): ${result.elements} elements, byte-identical: ${svg === native}`);
  assert.ok(svg === native, `${id}: the page's SVG is byte-identical to lab's`);
  assert.match(await page.textContent(`${fig} .export-status`), /SVG 파일 내려받기를 요청했습니다/);
  return st;
}

test('sweep export: SVG equals `lab figure`, PNGs are real, JSON and CSV are the cells', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-ttl-pause&n=3&seeds=1`);
  await ready(page);
  const fig = '#sweep-ttl-pause';
  const st = await sweepExportMatchesLab(page, 'sweep-ttl-pause');
  assert.equal(st.params, 'variant=naive&ttl_lo=50&ttl_hi=1000&pause_lo=100&pause_hi=1000&n=3&seeds=1');

  const one = await downloadExport(page, fig, 'png');
  const two = await downloadExport(page, fig, 'png2');
  assert.equal(one.name, 'sweep-ttl-pause.png');
  assert.equal(two.name, 'sweep-ttl-pause@2x.png');
  const s1 = await pngStats(page, one.bytes);
  const s2 = await pngStats(page, two.bytes);
  console.log(`# sweep PNG 1×: ${s1.width}×${s1.height}, variance ${s1.variance.toFixed(1)}; 2×: ${s2.width}×${s2.height}`);
  assert.equal(s1.width, st.width);
  assert.equal(s2.width, 2 * st.width);
  assert.ok(s1.variance > 100 && s2.variance > 100, 'the PNGs are not blank');

  const json = await downloadExport(page, fig, 'json');
  assert.equal(json.name, 'sweep-ttl-pause-grid.json');
  const native = execFileSync(lab, ['sweep', 'sweep-ttl-pause', '--params', st.params, '--format', 'json']).toString('utf8');
  assert.equal(json.bytes.toString('utf8'), native, 'the same cells as `lab sweep --format json`');
  const csv = await downloadExport(page, fig, 'csv');
  assert.equal(csv.name, 'sweep-ttl-pause-cells.csv');
  const lines = csv.bytes.toString('utf8').replace(/^\ufeff/, '').trim().split('\n');
  assert.equal(lines.length, 1 + 9, 'a header and one row per cell');
  assert.match(lines[0], /^x,y,seeds,over_approval_mean,throughput_mean,/);
  const cells = JSON.parse(native).cells;
  const first = lines[1].split(',');
  assert.deepEqual([Number(first[0]), Number(first[1]), Number(first[2])], [cells[0].x, cells[0].y, 1]);
  assert.equal(Number(first[3]), cells[0].over_approval_mean);
  assert.equal(first.at(-1), cells[0].params);

  // The colour (metric) reaches the export and `lab figure` alike.
  await page.selectOption(`${fig} select[name=metric]`, 'throughput');
  await page.waitForFunction(() => document.querySelector('#sweep-ttl-pause .export').dataset.params.endsWith('&metric=throughput'));
  await sweepExportMatchesLab(page, 'sweep-ttl-pause');
  // The other sweep figure of the chapter, in its starting state.
  await sweepExportMatchesLab(page, 'sweep-contention');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed mode of a sweep figure: the map alone, its export bar, the address kept', async () => {
  const { page, errors, context } = await openPage(browser, { width: 900 });
  await page.goto(`${server.base}?embed=sweep-contention&tpw_hi=3&wallets_hi=3&seeds=1`);
  await page.waitForSelector('figure#sweep-contention[data-state=done]', { timeout: 60000 });
  assert.equal(await page.$$eval('figure', (f) => f.length), 1);
  assert.equal(await page.$$eval('header, nav, footer, article, .site-header, .chapters', (e) => e.length), 0);
  assert.equal(await page.$eval('figure', (f) => f.dataset.sweepKey), 'variant=naive&tpw_lo=1&tpw_hi=3&wallets_lo=1&wallets_hi=3&seeds=1');
  assert.equal(await page.$eval('.embed-back a', (a) => a.getAttribute('href')), '?ch=a7-sweeps&fig=sweep-contention&tpw_hi=3&wallets_hi=3&seeds=1');
  await page.selectOption('figure select[name=metric]', 'throughput');
  await page.waitForTimeout(300);
  assert.match(await page.evaluate(() => location.search), /^\?embed=sweep-contention&/);
  const { name } = await downloadExport(page, '#sweep-contention', 'svg');
  assert.equal(name, 'sweep-contention.svg');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the 퍼가기 panel offers an iframe snippet, the permalink and the text alternative', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  const fig = '#lease-expiry';
  await openLab(page, fig);
  await page.click(`${fig} details.share > summary`);
  const snippet = await page.inputValue(`${fig} textarea.embed-code`);
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed-lease-expiry\.html\?embed=lease-expiry&amp;preset=exp1[^"]*" title="그림 1-1\.[^"]*" width="100%" height="720" style="border:0" loading="lazy"><\/iframe>$/);
  assert.ok(!/<script/i.test(snippet), 'the snippet is script-free');
  assert.match(await page.inputValue(`${fig} textarea.permalink`), /\?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1/);
  const alt = await page.inputValue(`${fig} textarea.alt-text`);
  assert.ok(alt.startsWith('그림 1-1.'), 'the caption heads the text alternative');
  assert.ok(alt.length > 100, 'with the generated description');
  // Keyboard: the summary and the buttons are reachable and work with Enter.
  await page.focus(`${fig} details.share > summary`);
  await page.keyboard.press('Enter');
  assert.equal(await page.$eval(`${fig} details.share`, (d) => d.open), false);
  // Every figure carries the five buttons and the panel, in that order of
  // the DOM; a figure with a player (A1) adds its GIF, and one that tells a
  // story its 이야기 GIF.
  const labels = await page.$$eval(`${fig} .export-bar button`, (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(labels, ['SVG', 'PNG', 'PNG 2×', '트레이스 JSON', '지표 CSV', 'GIF', '이야기 GIF']);
  // B2 is an HTML table: the 퍼가기 panel without image downloads.
  await page.goto(`${server.base}?ch=b2-durable`);
  await ready(page);
  await openLab(page, '#crash-matrix');
  await page.waitForSelector('#crash-matrix details.share');
  assert.equal(await page.$$eval('#crash-matrix button[data-export]', (b) => b.length), 0);
  await page.click('#crash-matrix details.share > summary');
  assert.match(await page.inputValue('#crash-matrix textarea.embed-code'), /\?embed=crash-matrix&amp;scenario=vote/);
  assert.ok((await page.inputValue('#crash-matrix textarea.alt-text')).startsWith('그림 B2-2.'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed mode: one figure, its controls, a link back, no site chrome, height messages', async () => {
  const { page, errors, context } = await openPage(browser, { width: 900 });
  const url = `${server.base}?embed=watchdog-stop&preset=exp2_stop&stop_duration_ms=150`;
  // A host page that frames the embed and records its messages.
  await page.setContent(`<!doctype html><body style="margin:0"><script>window.msgs=[];addEventListener('message',(e)=>msgs.push(e.data));</script>
    <iframe id="f" src="${url}" style="width:800px;height:300px;border:0"></iframe></body>`);
  await page.waitForFunction(() => window.msgs.some((m) => m && m.type === 'consistency-lab:height' && m.height > 400), null, { timeout: 30000 });
  const msg = await page.evaluate(() => window.msgs.filter((m) => m.type === 'consistency-lab:height').pop());
  assert.equal(msg.id, 'watchdog-stop');
  const frame = page.frame({ url: /embed=watchdog-stop/ });
  await frame.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0));
  assert.equal(await frame.$$eval('figure', (f) => f.length), 1);
  assert.equal(await frame.$$eval('header, nav, footer, article, .prose, .site-header, .chapters, .skip', (e) => e.length), 0);
  assert.equal(await frame.$eval('figure', (f) => f.id), 'watchdog-stop');
  assert.ok(await frame.$('figure input[name=stop_duration_ms]'), 'the controls are there');
  assert.equal(await frame.inputValue('figure input[name=stop_duration_ms]'), '150');
  const back = await frame.$eval('.embed-back a', (a) => a.getAttribute('href'));
  assert.equal(back, '?ch=a2-watchdog&fig=watchdog-stop&preset=exp2_stop&stop_duration_ms=150');
  // The height follows the content: opening the embed's "설정", then
  // "모든 설정" inside it, makes the page taller each time.
  const lastHeight = () => page.evaluate(() => window.msgs.filter((m) => m.type === 'consistency-lab:height').pop().height);
  const taller = (h) => page.waitForFunction((h) => window.msgs.some((m) => m.type === 'consistency-lab:height' && m.height > h), h, { timeout: 10000 });
  const before = msg.height;
  await frame.click('figure details.embed-settings > summary');
  await taller(before);
  const opened = await lastHeight();
  await frame.click('figure details.all-settings > summary');
  await taller(opened);
  // The address stays an embed address while the reader plays with the controls.
  await frame.fill('figure input[name=stop_duration_ms]', '300');
  await frame.waitForTimeout(300);
  assert.match(await frame.evaluate(() => location.search), /^\?embed=watchdog-stop/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed mode of a vote figure', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?embed=vote-story&scenario=vote&variant=V3&fault=power&crash_after=4`);
  // The figure is drawn by the lazily loaded `figures` module: wait for it.
  await page.waitForSelector('figure canvas', { timeout: 30000 });
  await page.waitForFunction(LAZY_FIGURES_READY, null, { timeout: 30000 });
  await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0));
  assert.equal(await page.$$eval('figure', (f) => f.length), 1);
  assert.equal(await page.$eval('figure', (f) => f.dataset.variant), 'V3');
  assert.equal(await page.$$eval('header, nav, footer, article', (e) => e.length), 0);
  assert.match(await page.$eval('.embed-back a', (a) => a.getAttribute('href')), /^\?ch=b1-remember&fig=vote-story&scenario=vote&variant=V3/);
  // The address stays an embed address while the reader plays with the
  // controls.
  await page.focus('figure input[name=crash_after]');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('figure input[name=crash_after]').value === '5');
  await page.waitForTimeout(300);
  assert.match(await page.evaluate(() => location.search), /^\?embed=vote-story&/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad embed id shows a Korean notice, as text', async () => {
  const { page, errors, context } = await openPage(browser);
  for (const bad of ['%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'no-such-figure', '']) {
    await page.goto(`${server.base}?embed=${bad}`);
    await page.waitForSelector('main.embed .notice', { timeout: 30000 });
    const text = await page.textContent('main.embed .notice');
    assert.match(text, /없는 그림입니다/);
    assert.equal(await page.$$eval('figure, img', (f) => f.length), 0, 'nothing from the URL became markup');
    assert.equal(await page.$$eval('header, nav, footer', (e) => e.length), 0);
  }
  assert.ok((await page.textContent('main.embed .notice')).includes('「」'));
  assert.deepEqual(errors, []);
  await context.close();
});
