// Hardening of the built site: its Content-Security-Policy (no third-party
// origin, no eval, nothing it blocks on any chapter) and offline use (once
// loaded, the service worker serves every chapter with the server gone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Records CSP violations from the first script on, in every frame. */
async function watchViolations(page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

test('the CSP loads from no third-party origin, allows no eval, and blocks nothing the site does', async () => {
  const server = await serve();
  const { page, errors, context } = await openPage(browser, { serviceWorkers: 'allow' });
  await watchViolations(page);
  await page.goto(server.base);
  await ready(page);
  const policy = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
  const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  // The one other origin: the 퍼가기 kit's velog entry posts a pen to
  // CodePen's prefill API (a form in a new tab; nothing is loaded from it).
  assert.deepEqual(directives['form-action'], ['https://codepen.io']);
  for (const [name, sources] of Object.entries(directives)) {
    if (name === 'form-action') continue;
    for (const s of sources) {
      assert.ok(!/^(https?:|\*|'unsafe-eval')/.test(s) && !/^[a-z0-9.-]+\.[a-z]{2,}/i.test(s), `${name} allows ${s}`);
    }
  }
  assert.deepEqual(directives['default-src'], ["'self'"]);
  assert.ok(!directives['script-src'].includes("'unsafe-inline'"), 'inline scripts are allowed wholesale');
  assert.ok(directives['script-src'].some((s) => s.startsWith("'sha256-")), 'the loader is not pinned by hash');

  const ids = await page.$$eval('nav.chapters a', (as) => as.map((a) => new URL(a.href).searchParams.get('ch')));
  for (const id of ids) {
    await page.goto(`${server.base}?ch=${id}`);
    await ready(page);
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), [], `CSP violations on ${id}`);
  }
  // Script the page did not ship is refused: an injected inline script, and
  // a string timer (an eval). (page.evaluate itself is exempt from CSP, so
  // the attempts go through the page's own script and timer machinery.)
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true;';
    document.head.append(s);
    setTimeout('window.__evalRan = true;', 0);
  });
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.__inlineRan), undefined, 'an injected inline script ran');
  assert.equal(await page.evaluate(() => window.__evalRan), undefined, 'a string timer (eval) ran');
  const refused = await page.evaluate(() => window.__cspViolations);
  assert.ok(refused.some((v) => v.startsWith('script-src')), `no violation reported: ${refused}`);
  assert.deepEqual(errors.filter((e) => !/Content Security Policy/.test(e)), []);
  await context.close();
  await server.close();
});

test('once loaded, the site works offline', async () => {
  const server = await serve();
  const { page, context } = await openPage(browser, { serviceWorkers: 'allow' });
  await page.goto(`${server.base}?ch=00-intro`);
  await ready(page);
  // The worker installs (precaching every file of the build), then controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  const precached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).length))).reduce((a, b) => a + b, 0));
  assert.ok(precached > 10, `only ${precached} files precached`);

  await server.close(); // really offline: nothing answers on that port any more
  const chapters = ['a1-lease-expiry', 'b1-remember', 'glossary'];
  for (const id of chapters) {
    await page.goto(`${server.base}?ch=${id}`);
    await ready(page);
    const title = await page.$eval('article.chapter h1', (h) => h.textContent);
    assert.ok(title.length > 2, `${id} has no title offline`);
    assert.equal(await page.$('#panic-banner'), null, `panic banner on ${id} offline`);
  }
  // A figure still computes and draws offline.
  const drawn = await page.goto(`${server.base}?ch=a1-lease-expiry`).then(() => ready(page)).then(() =>
    page.$eval('#lease-expiry canvas', (c) => c.width > 0));
  assert.ok(drawn);
  await context.close();
});

test('two copies of the site on one origin keep their own offline copies', async () => {
  const server = await serve({ prefix: ['/a/', '/b/'] });
  const { page, context } = await openPage(browser, { serviceWorkers: 'allow' });
  for (const copy of ['/a/', '/b/']) {
    await page.goto(`${server.origin}${copy}?ch=a1-lease-expiry`);
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  }
  // Each deployment's worker made its own cache, named by its scope; neither deleted the other's.
  const names = await page.evaluate(() => caches.keys());
  assert.equal(names.filter((n) => n.startsWith('consistency-lab:/a/:')).length, 1, names.join(', '));
  assert.equal(names.filter((n) => n.startsWith('consistency-lab:/b/:')).length, 1, names.join(', '));
  await server.close();
  for (const copy of ['/a/', '/b/']) {
    await page.goto(`${server.origin}${copy}?ch=b1-remember`);
    await ready(page);
    assert.ok((await page.textContent('article.chapter h1')).length > 2, `${copy} offline`);
  }
  // A chapter's own page too, offline.
  await page.goto(`${server.origin}/a/glossary.html`);
  await ready(page);
  await context.close();
});
