// The export panel's GIF and the files' legends: the page's GIF of A1 is a
// valid animated GIF with the frame count the reader set, the same bytes
// twice; past the size limit the reader gets a Korean message and no file;
// the exported SVG carries the figure's legend (its labels as text).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { openLab } from './lab.mjs';
import { downloadExport, parseGif } from './files.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

test('A1: the GIF has the frames the reader asked for, the same bytes twice, and a Korean limit', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&seed=3`);
  await ready(page);
  const fig = '#lease-expiry';
  const input = page.locator(`${fig} input.gif-frames`);
  assert.equal(await page.locator(`label[for="${await input.getAttribute('id')}"]`).textContent(), '프레임');
  await input.fill('6');
  const first = await downloadExport(page, fig, 'gif', { timeout: 120000 });
  const second = await downloadExport(page, fig, 'gif', { timeout: 120000 });
  assert.equal(first.name, 'lease-expiry.gif');
  assert.ok(first.bytes.equals(second.bytes), 'the same state gives the same bytes');
  const gif = parseGif(first.bytes);
  assert.equal(gif.frames, 6, 'six frames, as asked');
  assert.equal(gif.delay, 10, 'ten frames a second');
  assert.ok(gif.looping, 'the animation loops');
  assert.equal(gif.trailerAt, first.bytes.length, 'the file ends at its trailer');
  const wrapWidth = await page.$eval(`${fig} .canvas-wrap`, (w) => Math.round(w.clientWidth));
  assert.equal(gif.width, wrapWidth, 'the GIF is as wide as the figure on the page');
  console.log(`# A1 GIF: ${gif.frames} frames, ${gif.width}×${gif.height}, ${first.bytes.length} bytes`);

  // Too many frames for the limit: a Korean message, no download.
  await input.fill('240');
  let downloaded = false;
  page.once('download', () => { downloaded = true; });
  await page.click(`${fig} .export button[data-export=gif]`);
  await page.waitForFunction((f) => /GIF가 너무 큽니다/.test(document.querySelector(`${f} .export-status`).textContent), fig, { timeout: 30000 });
  assert.match(await page.textContent(`${fig} .export-status`), /프레임 수를 줄이거나/);
  // A frame count outside the input's range is refused in Korean too.
  await input.fill('1');
  await page.click(`${fig} .export button[data-export=gif]`);
  await page.waitForFunction((f) => /프레임 수는 2에서 240 사이/.test(document.querySelector(`${f} .export-status`).textContent), fig);
  assert.equal(downloaded, false, 'no file past the limit');
  // Figures without a player have no GIF button.
  assert.equal(await page.locator('#silent-drift .export button[data-export=gif]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('exported SVGs carry the legend the page shows beside the figure', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1`);
  await ready(page);
  const labels = await page.$$eval('#lease-expiry ul.legend li', (lis) => lis.map((li) => li.textContent.trim()));
  assert.ok(labels.length >= 8, `the page's legend: ${labels.join(', ')}`);
  const svg = (await downloadExport(page, '#lease-expiry', 'svg', { timeout: 120000 })).bytes.toString('utf8');
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const label of labels) assert.ok(svg.includes(`>${esc(label)}<`) || svg.includes(esc(label)), `the SVG names "${label}"`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Opens the 퍼가기 panel of `fig` and waits for the figure-only snippet's measured height. */
async function bareSnippet(page, fig) {
  await openLab(page, fig);
  await page.click(`${fig} details.share > summary`);
  // The panel is filled by the lazily loaded figures module, which also measures the figure's file.
  await page.waitForSelector(`${fig} textarea.embed-bare`, { timeout: 30000 });
  const snippet = await page.inputValue(`${fig} textarea.embed-bare`);
  const m = snippet.match(/^<iframe src="([^"]+)" title="[^"]*" width="100%" height="(\d+)" style="border:0" loading="lazy"><\/iframe>$/);
  assert.ok(m, `a figure-only iframe snippet: ${snippet}`);
  return { url: m[1].replace(/&amp;/g, '&'), height: Number(m[2]) };
}

/** The figure-only embed at 760 px: its content's height, with nothing to operate shown. */
async function bareContentHeight(url) {
  const { page, errors, context } = await openPage(browser, { width: 760, height: 900 });
  await page.goto(url);
  await page.waitForSelector('main.embed-bare figure canvas', { timeout: 30000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-awaiting-module]').length === 0, null, { timeout: 30000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0 && c.height > 0));
  const visible = await page.$$eval('figure input, figure .export, figure .player, figure button',
    (els) => els.filter((e) => e.getClientRects().length > 0).length);
  assert.equal(visible, 0, 'no controls, player or export bar in the figure-only embed');
  assert.ok(await page.isVisible('figure ul.legend, figure figcaption'), 'the legend and caption stay');
  assert.ok(await page.isVisible('.embed-back a'), 'with its link back');
  const height = await page.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  assert.deepEqual(errors, []);
  await context.close();
  return height;
}

for (const [ch, id] of [['a1-lease-expiry', 'lease-expiry'], ['b1-remember', 'vote-story'], ['a6-summary', 'tradeoff']]) {
  test(`figure-only embed of ${id}: the snippet's height fits its content at 760 px`, async () => {
    const { page, errors, context } = await openPage(browser, { width: 1100 });
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    const { url, height } = await bareSnippet(page, `#${id}`);
    assert.match(url, new RegExp(`\\?embed=${id}.*&bare=1$`));
    assert.deepEqual(errors, []);
    await context.close();
    const content = await bareContentHeight(url);
    console.log(`# ${id}: snippet height ${height}, content ${content} at 760 px`);
    assert.ok(content <= height, `the content (${content} px) fits the snippet's height (${height} px)`);
    assert.ok(height - content <= 96, `and the snippet is not much taller (${height} vs ${content} px)`);
  });
}

test('the blog kit: velog markdown, Tistory iframe, Naver Blog and Brunch link, in Korean', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1100 });
  await page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1`);
  await ready(page);
  const fig = '#lease-expiry';
  const { height } = await bareSnippet(page, fig);
  const kit = `${fig} fieldset.blog-kit`;
  assert.equal(await page.textContent(`${kit} legend`), '블로그에 넣기');
  assert.deepEqual(await page.$$eval(`${kit} .blog-platforms label`, (ls) => ls.map((l) => l.textContent)), ['velog', '티스토리', 'HTML 페이지', '네이버 블로그', '브런치']);
  const md = await page.inputValue(`${kit} textarea.blog-velog`);
  assert.match(md, /^!\[그림 1-1\. [^\]]+\]\(그림 주소\)\n\n\*그림 1-1\.[^*]+\* — \[정합성 실험실에서 직접 움직여 보기\]\(http:\/\/[^)]+\?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1[^)]*\)$/);
  assert.match(await page.textContent(`${kit} .blog-alt-steps`), /‘블로그용 GIF’나 ‘블로그용 PNG’ 버튼으로/);
  // The keyboard chooses a platform: the radio group takes arrow keys.
  await page.focus(`${kit} input[value=velog]`);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.$eval(kit, (k) => k.dataset.platform), 'tistory');
  const tistory = await page.inputValue(`${kit} textarea.blog-tistory`);
  assert.match(tistory, new RegExp(`^<iframe src="[^"]+&amp;bare=1" [^>]*height="${height}"`));
  for (const [value, name] of [['naver', '네이버 블로그'], ['brunch', '브런치']]) {
    await page.check(`${kit} input[value=${value}]`);
    assert.match(await page.textContent(`${kit} .blog-steps`), new RegExp(`${name}에 사진으로 올립니다`));
    assert.match(await page.textContent(`${kit} .blog-steps`), new RegExp(`${name}는 다른 사이트의 iframe`));
    assert.match(await page.inputValue(`${kit} textarea.blog-${value}-link`), /\/embed-lease-expiry\.html\?embed=lease-expiry&preset=exp1/);
    assert.ok((await page.inputValue(`${kit} textarea.blog-${value}-alt`)).startsWith('그림 1-1.'));
  }
  // The card link is the figure's own static page (its og: tags carry that
  // figure's card), in the same state.
  const card = await page.inputValue(`${kit} textarea.blog-brunch-link`);
  await page.goto(card);
  // The embed page has no chapter: its live figure is what it shows.
  await page.waitForSelector('#app:not([data-prerendered]) figure#lease-expiry canvas', { timeout: 30000 });
  assert.ok(await page.$('head meta[property="og:title"]'), 'the linked page carries the link card tags');
  assert.match(await page.$eval('head meta[property="og:image"]', (m) => m.content), /og\/lease-expiry\.png$/, "the card is the figure's own");
  assert.ok(await page.$('#lease-expiry canvas'), 'and opens the figure');
  assert.deepEqual(errors, []);
  await context.close();
});
