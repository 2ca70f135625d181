// Sandboxed embeds (issue 19): a host page of another origin frames the site
// with `<iframe sandbox="allow-scripts">`, so the embed runs in an opaque
// origin: every file it loads is a cross-origin request, reading
// `navigator.serviceWorker` or storage throws a SecurityError, and a
// subresource digest is checked only on a CORS response. With the site served
// with `Access-Control-Allow-Origin: *` (docs/site.md, "Hosting an embed"), the
// embed must render its figure, apply its stylesheets and post its height to
// the host; service workers are allowed here, as on a reader's browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serve, launch, openPage } from './helpers.mjs';

let site, host, browser;
// The host page, on its own origin: frames `src` sandboxed and records every message.
const hostPage = (src) => `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>host</title></head>
<body style="margin:0">
<script>window.msgs = []; addEventListener('message', (e) => msgs.push({ origin: e.origin, data: e.data }));</script>
<iframe id="embed" sandbox="allow-scripts" src="${src}" title="embed" style="width:820px;height:400px;border:0"></iframe>
</body></html>`;

let bare;
before(async () => {
  site = await serve({ headers: { 'access-control-allow-origin': '*' } });
  // The same site from a host that sends no CORS headers.
  bare = await serve();
  host = http.createServer((req, res) => {
    const src = new URL(req.url, 'http://x').searchParams.get('src') || '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(hostPage(src.replace(/"/g, '&quot;')));
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
  await bare?.close();
  await new Promise((r) => host?.close(r) ?? r());
});

// Every canvas of the embedded figure has a size and more than one colour.
const DRAWN = () => {
  const canvases = [...document.querySelectorAll('figure canvas')];
  return canvases.length > 0 && canvases.every((c) => {
    if (!(c.width > 0 && c.height > 0)) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let p = 4; p < d.length; p += 4 * 97) if (d[p] !== d[0] || d[p + 1] !== d[1] || d[p + 2] !== d[2] || d[p + 3] !== d[3]) return true;
    return false;
  });
};

for (const [id, query] of [
  ['lease-expiry', ''],
  // Article B's figures come from a lazily loaded module (a dynamic import).
  ['vote-story', '&scenario=vote&variant=V3&fault=power&crash_after=4'],
  // A sweep's grid is computed in the page's web workers (a blob: worker that
  // runs the site's own glue and module, src/web/worker_pool.rs).
  ['sweep-contention', '&tpw_hi=2&wallets_hi=2&seeds=1'],
]) {
  test(`a sandboxed embed of ${id} on another origin renders, styled, and posts its height`, async () => {
    const { page, errors, context } = await openPage(browser, { width: 900, serviceWorkers: 'allow' });
    const src = `${site.base}?embed=${id}${query}`;
    const hostUrl = `http://localhost:${host.address().port}/?src=${encodeURIComponent(src)}`;
    assert.notEqual(new URL(hostUrl).origin, new URL(site.base).origin);
    await page.goto(hostUrl);
    await page.waitForFunction((fig) => window.msgs.some((m) => m.data?.type === 'consistency-lab:height' && m.data.id === fig && m.data.height > 300), id, { timeout: 60000 })
      .catch(async (e) => { throw new Error(`${e.message}\nmessages: ${JSON.stringify(await page.evaluate(() => window.msgs))}\nerrors: ${errors.join(' | ')}`); });
    const msg = await page.evaluate((fig) => window.msgs.filter((m) => m.data?.id === fig).pop(), id);
    // A sandboxed frame without allow-same-origin posts from the opaque origin.
    assert.equal(msg.origin, 'null');
    // The address's inline script has sent the frame on to the figure's static page, query kept.
    const landed = src.replace('/?embed=', `/embed-${id}.html?embed=`);
    const frame = page.frames().find((f) => f.url() === landed);
    assert.ok(frame, `no frame at ${landed}: ${page.frames().map((f) => f.url()).join(', ')}`);
    assert.equal(await frame.evaluate(() => origin), 'null', 'the embed runs in an opaque origin');
    await frame.waitForFunction(DRAWN, null, { timeout: 30000, polling: 200 });
    assert.equal(await frame.$$eval('main.embed figure', (f) => f.length), 1);
    assert.equal(await frame.$eval('figure', (f) => f.id), id);
    if (id.startsWith('sweep-')) await frame.waitForSelector(`figure#${id}[data-state=done]`, { timeout: 60000 });
    // The stylesheets apply (a digest on a non-CORS response would have
    // blocked them), and the webfont they name loaded.
    const style = await frame.evaluate(async () => {
      await document.fonts.ready;
      return {
        family: getComputedStyle(document.body).fontFamily,
        font: [...document.fonts].some((f) => f.family.includes('Pretendard') && f.status === 'loaded'),
      };
    });
    assert.ok(style.family.includes('Pretendard') && style.font, JSON.stringify(style));
    assert.equal(await frame.evaluate(() => document.documentElement.hasAttribute('data-embed')), true);
    assert.equal(await frame.$('#panic-banner'), null, 'panic banner');
    if (id === 'lease-expiry') {
      // This host gives no allow-downloads: an export cannot arrive, and the
      // status says so instead of claiming a download.
      // The export buttons sit behind the embed's one "설정" button.
      await frame.click('figure details.embed-settings > summary');
      await frame.click('figure button[data-export=svg]');
      await frame.waitForFunction(() => /요청했습니다.*allow-downloads/.test(document.querySelector('.export-status')?.textContent || ''), null, { timeout: 60000 });
      assert.doesNotMatch(await frame.textContent('.export-status'), /내려받았습니다/);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('without CORS headers, a sandboxed embed shows its figure as a static image with its caption', async () => {
  const { page, context } = await openPage(browser, { width: 900, serviceWorkers: 'allow' });
  const src = `${bare.base}?embed=watchdog-stop`;
  await page.goto(`http://localhost:${host.address().port}/?src=${encodeURIComponent(src)}`);
  const frame = await (async () => {
    for (let i = 0; i < 100; i++) {
      const f = page.frames().find((x) => x.url().includes('?embed=watchdog-stop'));
      if (f) return f;
      await page.waitForTimeout(100);
    }
    throw new Error('no frame');
  })();
  // Every script and stylesheet is refused (no CORS): the embed's static page
  // (embed-ID.html, where the address's inline script sent it) stays.
  await frame.waitForSelector('figure.static-figure img', { timeout: 30000 });
  await frame.waitForFunction(() => document.querySelector('figure.static-figure img').naturalWidth > 0, null, { timeout: 30000 });
  const shown = await frame.evaluate(() => ({
    width: document.querySelector('figure.static-figure img').naturalWidth,
    alt: document.querySelector('figure.static-figure img').alt,
    caption: document.querySelector('figure.static-figure figcaption').textContent,
    link: document.querySelector('.embed-back a').getAttribute('href'),
    page: location.pathname.split('/').pop(),
    query: location.search,
  }));
  assert.equal(shown.width, 760);
  assert.match(shown.alt, /^그림 2-1\. Watchdog/);
  assert.match(shown.caption, /처음 상태의 이미지/);
  assert.equal(shown.link, 'a2-watchdog.html');
  assert.deepEqual([shown.page, shown.query], ['embed-watchdog-stop.html', '?embed=watchdog-stop']);
  assert.ok(await frame.$('#app[data-prerendered="embed-watchdog-stop"]'), 'the app did not start');
  await context.close();
});

test('an unknown or hostile embed id stays on the front page, gets no figure, and nothing from the URL becomes markup', async () => {
  const { page, context } = await openPage(browser, { width: 900, serviceWorkers: 'allow' });
  for (const id of ['no-such-figure', '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E']) {
    const src = `${bare.base}?embed=${id}`;
    await page.goto(`http://localhost:${host.address().port}/?src=${encodeURIComponent(src)}`);
    await page.waitForTimeout(9000);
    const frame = page.frames().find((x) => x.url().startsWith(src));
    assert.ok(frame, src);
    assert.equal(await frame.$$eval('figure, img[src=x]', (e) => e.length), 0, id);
    assert.equal(await frame.evaluate(() => document.getElementById('app').dataset.prerendered), '00-intro', id);
  }
  await context.close();
});
