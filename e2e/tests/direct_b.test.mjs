// The reader's view, the gaps left (issue 16): Article B's figure B7-1 is
// directly manipulable (a click or a tap on a storage layer causes the fault
// that reaches it, ↑/↓ and Enter on the focused canvas do the same, the URL
// and the drawing follow), and a chapter's prose words for a figure's marks
// carry the legend swatch's colour.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasHash } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const FIG = '#kill-vs-power';
const LAYERS = ['Tx', 'Committed', 'OsCache', 'Disk'];

async function openB7(size) {
  const p = await openPage(browser, size);
  await p.page.goto(`${server.base}?ch=b7-kill-vs-power`);
  await ready(p.page);
  await p.page.locator(`${FIG} .canvas-wrap canvas`).scrollIntoViewIfNeeded();
  return p;
}

/** The page point at the middle of layer `i`'s band of the canvas as shown (bands: src/figures/vote/stack.rs). */
async function layerPoint(page, i) {
  return page.$eval(`${FIG} .canvas-wrap`, (wrap, i) => {
    const c = wrap.querySelector('canvas').getBoundingClientRect();
    const drawnW = Math.max(wrap.clientWidth, 280);
    const row = drawnW < 520 ? 84 : 64;
    const scale = c.width / drawnW;
    return { x: c.left + c.width / 2, y: c.top + (8 + row * i + row / 2) * scale };
  }, i);
}

const alt = (page) => page.$eval(`${FIG} .vote-alt`, (p) => p.textContent);

for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`B7-1 at ${size.width}px: clicking a storage layer causes the fault that reaches it`, async () => {
    const { page, errors, context } = await openB7(size);
    const canvas = `${FIG} .canvas-wrap canvas`;
    const before = await canvasHash(page, canvas);
    assert.doesNotMatch(page.url(), /hit=1/);
    assert.match(await alt(page), /아직 장애 없음/);

    // Pointing at the OS cache says what a click does.
    const os = await layerPoint(page, 2);
    await page.mouse.move(os.x, os.y);
    await page.waitForSelector(`${FIG} .stack-ring[data-layer=OsCache]`);
    assert.match(await page.textContent(`${FIG} .stack-tip`), /OS 캐시 계층: 클릭하거나 Enter를 누르면 전원 차단을 일으켜/);

    // The OS cache: a power loss.
    await page.mouse.click(os.x, os.y);
    await page.waitForFunction(() => /hit=1/.test(location.search) && /fault=power/.test(location.search));
    assert.match(await alt(page), /전원 차단 뒤/);
    const power = await canvasHash(page, canvas);
    assert.notEqual(power, before, 'the drawing greys out what the power loss wipes');
    assert.equal(await page.$eval(`${FIG} .vote-stack-buttons .btn[aria-pressed=true]`, (b) => b.textContent), '전원 차단');

    // The transaction: a process kill (the URL drops fault=power, kill being the default).
    const tx = await layerPoint(page, 0);
    await page.mouse.click(tx.x, tx.y);
    await page.waitForFunction(() => /hit=1/.test(location.search) && !/fault=power/.test(location.search));
    assert.match(await alt(page), /프로세스 종료 뒤/);
    assert.notEqual(await canvasHash(page, canvas), power);

    // Outside the bands (the top margin) nothing happens.
    const url = page.url();
    const edge = await page.$eval(canvas, (c) => { const r = c.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + 2 }; });
    await page.mouse.click(edge.x, edge.y);
    assert.equal(page.url(), url);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('B7-1 by keyboard: ↑/↓ pick a layer on the focused canvas, Enter causes its fault', async () => {
  const { page, errors, context } = await openB7({ width: 1280, height: 900 });
  await page.focus(`${FIG} .canvas-wrap`);
  assert.match(await page.textContent(`${FIG} .stack-tip`), /↑↓로 계층을 고른 뒤 Enter/);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.waitForSelector(`${FIG} .stack-ring[data-layer=${LAYERS[2]}]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /hit=1/.test(location.search) && /fault=power/.test(location.search));
  assert.match(await alt(page), /전원 차단 뒤/);
  // ↑ twice: the storage queue, inside the process.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.waitForSelector(`${FIG} .stack-ring[data-layer=${LAYERS[0]}]`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /hit=1/.test(location.search) && !/fault=power/.test(location.search));
  assert.match(await alt(page), /프로세스 종료 뒤/);
  // The state is a permalink: reloading it shows the same fault.
  await page.reload();
  await ready(page);
  assert.match(await alt(page), /프로세스 종료 뒤/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a chapter's mark words carry the figure legend swatch's colour, readably", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a1-lease-expiry`);
  await ready(page);
  await page.waitForSelector('#lease-expiry .legend .lg-overlap');
  const got = await page.evaluate(() => {
    const bg = (el) => { const s = getComputedStyle(el); return `${s.backgroundColor} ${s.backgroundImage}`; };
    const word = document.querySelector('.prose .mark-word.mark-overlap');
    const legend = [...document.querySelectorAll('#lease-expiry .legend .lg-overlap')][0];
    const body = getComputedStyle(document.querySelector('.prose p'));
    return {
      text: word?.textContent,
      wordSwatch: word && bg(word.querySelector('.lg')),
      legendSwatch: bg(legend),
      wordColour: word && getComputedStyle(word).color,
      inkColour: body.color,
      pageBg: getComputedStyle(document.body).backgroundColor,
      stolen: document.querySelector('.prose .mark-word.mark-stolen')?.textContent,
    };
  });
  assert.equal(got.text, '분홍 띠');
  assert.equal(got.wordSwatch, got.legendSwatch, 'the word\'s swatch is the legend\'s');
  assert.notEqual(got.wordColour, got.inkColour, 'the word is in the mark\'s colour, not the ink');
  const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const bgColour = /rgba\(0, 0, 0, 0\)/.test(got.pageBg) ? 'rgb(255, 255, 255)' : got.pageBg;
  const [a, b] = [lum(got.wordColour), lum(bgColour)].sort((x, y) => y - x);
  assert.ok((a + 0.05) / (b + 0.05) >= 4.5, `contrast of ${got.wordColour} on ${bgColour}`);
  // The red of the overlap word is the red family of the swatch (rgba(239, 68, 68, .3)).
  const [r, g] = rgb(got.wordColour);
  assert.ok(r > 2 * g, `overlap word ${got.wordColour} is red`);
  assert.equal(got.stolen, 'STOLEN');
  assert.deepEqual(errors, []);
  await context.close();
});

test('opening a heatmap cell keeps the map: its run summary shows below, with a link to the run', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=a7-sweeps&fig=sweep-contention&tpw_lo=1&tpw_hi=3&wallets_lo=1&wallets_hi=2&seeds=1`);
  await ready(page);
  const fig = '#sweep-contention';
  await page.waitForSelector(`${fig}[data-state=done]`, { timeout: 180000 });
  const url = page.url();
  const cells = page.locator(`${fig} button.sweep-cell`);
  const cell = cells.nth(1);
  const { ix, iy, x, y } = await cell.evaluate((b) => ({ ...b.dataset }));
  await cell.click();
  await page.waitForSelector(`${fig} .sweep-opened[data-ix="${ix}"][data-iy="${iy}"]`);
  assert.equal(page.url(), url, 'opening a cell does not navigate');
  assert.ok(await page.isVisible(`${fig} .sweep-plot canvas`), 'the map stays');
  const summary = await page.textContent(`${fig} .sweep-opened-summary`);
  assert.match(summary, /처리량 평균/);
  // Keyboard: Enter on another cell opens that one instead.
  await cells.nth(0).focus();
  await page.keyboard.press('Enter');
  const first = await cells.nth(0).evaluate((b) => ({ ...b.dataset }));
  await page.waitForSelector(`${fig} .sweep-opened[data-ix="${first.ix}"][data-iy="${first.iy}"]`);
  // Close: the panel goes and the focus returns to the cell.
  await page.click(`${fig} .sweep-opened button:has-text("닫기")`);
  await page.waitForSelector(`${fig} .sweep-opened`, { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('sweep-cell')), true);
  // The link opens the cell's run in the A1 timeline.
  await cell.click();
  const href = await page.getAttribute(`${fig} .sweep-opened-link`, 'href');
  assert.match(href, /fig=lease-expiry/);
  await page.click(`${fig} .sweep-opened-link`);
  await page.waitForSelector('#lease-expiry canvas');
  const opened = new URL(page.url());
  assert.equal(opened.searchParams.get('fig'), 'lease-expiry');
  assert.ok(x && y, 'the cell has its values');
  assert.deepEqual(errors, []);
  await context.close();
});
