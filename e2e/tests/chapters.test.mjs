// Every chapter loads with no console error, its prose has no unfilled
// placeholder, every figure draws, and Korean renders with the webfont.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('every chapter loads cleanly', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(server.base);
  await ready(page);
  const ids = await page.$$eval('nav.chapters a', (as) => as.map((a) => new URL(a.href).searchParams.get('ch')));
  assert.ok(ids.length >= 6, `expected the Article A chapters in the nav, got ${ids}`);
  for (const id of ids) {
    await page.goto(`${server.base}?ch=${id}`);
    await ready(page);
    const text = await page.$eval('article.chapter', (a) => a.textContent);
    assert.ok(!text.includes('{{'), `chapter ${id} has an unfilled placeholder`);
    assert.ok(!text.includes('(값 없음)'), `chapter ${id} has an unknown sim placeholder`);
    // Particles follow the word's final sound (src/model/korean.rs): no "을(를)"-style fallback anywhere on the page.
    const fallback = (await page.textContent('body')).match(/을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|\(으\)로|과\(와\)|와\(과\)/);
    assert.equal(fallback, null, `chapter ${id} shows the particle fallback ${fallback}`);
    assert.equal(await page.$('#panic-banner'), null, `panic banner on ${id}`);
    const figs = await page.$$eval('figure.lab-figure', (fs) => fs.map((f) => ({
      id: f.id, caption: !!f.querySelector('figcaption'), desc: (document.getElementById(f.getAttribute('aria-describedby')) || {}).textContent || '',
    })));
    for (const f of figs) {
      assert.ok(f.caption, `${f.id} has no figcaption`);
      assert.ok(f.desc.length > 20, `${f.id} has no text alternative`);
    }
  }
  // Korean text is set in the webfont: its faces for these characters (the
  // first screen's cut first, static/first-screen-font.css) load.
  const fontOk = await page.evaluate(async () => {
    const faces = await document.fonts.load('16px Pretendard', '가나다');
    return faces.length > 0 && faces.every((f) => f.status === 'loaded');
  });
  assert.ok(fontOk, 'Pretendard is not loaded');
  assert.deepEqual(errors, []);
  await context.close();
});
