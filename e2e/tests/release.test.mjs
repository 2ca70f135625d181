// A release reaches a returning reader whole (issue 18): the site is served
// from one build, the offline worker installs; then the server swaps in a
// second build whose chapter, `figures` module and one page script (a
// Trunk-hashed snippet) changed. The first load after the swap is the old
// release, whole (the page, its scripts, its chapter and its module from one
// cache); the next is the new release, whole. Never a mixture, which the
// run-time digests would refuse. Under both a `no-cache` host and a
// `max-age=600` one (whose HTTP cache must not slip old files into the new
// release's cache). A page of the old release left open meanwhile keeps its
// release: it still loads the module, a chapter and the worker it had not
// needed yet, from the old build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, openPage, ready, dist, stagedCopyOfBuild, runPostBuildHook } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const MARK = '(두 번째 릴리스)';

/**
 * Changes the page script `lazy_module-HASH.js` in `stage` as a rebuild
 * would: new bytes (which mark the window), so a new name and a new digest
 * in index.html.
 */
function changeSnippet(stage, indexPath) {
  let html = fs.readFileSync(indexPath, 'utf8');
  const tag = /<script [^>]*src="[./]*(lazy_module-[0-9a-f]+\.js)"[^>]*>/.exec(html);
  assert.ok(tag, 'no lazy_module script tag in index.html');
  const old = tag[1];
  const bytes = `${fs.readFileSync(path.join(stage, old), 'utf8')}\nwindow.__labSnippetRelease = 2;\n`;
  const renamed = old.replace(/-[0-9a-f]+\.js$/, '-5ec0d0.js');
  fs.rmSync(path.join(stage, old));
  fs.writeFileSync(path.join(stage, renamed), bytes);
  const digest = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  const newTag = tag[0].replace(old, renamed).replace(/integrity="[^"]*"/, `integrity="${digest}"`);
  assert.notEqual(newTag, tag[0]);
  html = html.replace(tag[0], newTag).replaceAll(old, renamed);
  fs.writeFileSync(indexPath, html);
}

/** A second build: dist/ with A1's title, the figures module and a page script changed, the hook run again. */
function secondBuild() {
  const { stage, indexPath } = stagedCopyOfBuild();
  const chapter = path.join(stage, 'content', 'html', 'a1-lease-expiry.html');
  fs.writeFileSync(chapter, fs.readFileSync(chapter, 'utf8').replace('</h1>', ` ${MARK}</h1>`));
  fs.appendFileSync(path.join(stage, 'figures.js'), '\nwindow.__labModuleRelease = 2;\n');
  changeSnippet(stage, indexPath);
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
    // Which release's page script (`snippet`) and module (`module`) ran: 1 or 2.
    const visit = async (module = true) => {
      await page.goto(`${server.base}?ch=a1-lease-expiry`);
      await ready(page);
      const t = await title();
      const snippet = await page.evaluate(() => window.__labSnippetRelease || 1);
      if (!module) return { t, snippet, drawn: true };
      await page.goto(`${server.base}?ch=b1-remember`);
      await ready(page);
      const drawn = await page.$$eval('#vote-story .figure-loading', (e) => e.length === 0);
      return { t, snippet, drawn, module: await page.evaluate(() => window.__labModuleRelease || 1) };
    };
    try {
      await page.goto(`${server.base}?ch=00-intro`);
      await ready(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
      const first = await visit();
      assert.ok(!first.t.includes(MARK) && first.drawn && first.snippet === 1 && first.module === 1, JSON.stringify(first));
      // A page of the first release, left open across the release; it has
      // loaded neither the module nor B1's chapter.
      const left = await context.newPage();
      const leftErrors = [];
      left.on('pageerror', (e) => leftErrors.push(e.message));
      left.on('console', (m) => { if (m.type() === 'error') leftErrors.push(m.text()); });
      await left.goto(`${server.base}?ch=a1-lease-expiry`);
      await ready(left);

      // The first release's cache, complete.
      // The builds' caches (not the worker's record of which build served each page).
      const cacheNames = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('consistency-lab:')).join());
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
      // old release left open keeps its release: what it asks for later comes
      // from the old build's cache, as the checks of the page left open below show.)
      const old = await visit(false);
      assert.ok(!old.t.includes(MARK), `the old release's page showed the new chapter: ${old.t}`);
      assert.equal(old.snippet, 1, "the old release's page ran the new page script");
      // The new worker installs in the background and takes over.
      await until(async () => {
        const names = await cacheNames();
        const settled = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state === 'activated' && !reg.installing && !reg.waiting;
        });
        // The old build's cache stays while a page of it is open.
        return settled && names.split(',').some((n) => !caches1.split(',').includes(n));
      }, 'the new release installed and in charge');
      const fresh = await visit();
      assert.ok(fresh.t.includes(MARK), `the second load did not show the new release: ${fresh.t}`);
      assert.ok(fresh.drawn, 'the new release could not load its module');
      assert.equal(fresh.snippet, 2, "the new release's page ran the old page script");
      assert.equal(fresh.module, 2, "the new release's page ran the old module");

      // The page left open: in-page navigation (no reload) to B1 loads its
      // chapter and the module, from the first release, and the worker pool
      // starts, also from the first release.
      await left.click('nav.chapters a[href$="ch=b1-remember"]');
      await left.locator('#vote-story canvas').first().waitFor({ timeout: 30000 });
      await left.waitForFunction(() => !document.querySelector('#vote-story .figure-loading'), null, { timeout: 30000 })
        .catch(async (e) => { throw new Error(`${e.message}; the open page: ${JSON.stringify(leftErrors)} ${await left.textContent('#vote-story').catch(() => '')}`); });
      assert.equal(await left.evaluate(() => window.__labModuleRelease || 1), 1, 'the open page got the new module');
      assert.ok(!(await left.textContent('article.chapter h1')).includes(MARK));
      await left.click('nav.chapters a[href$="ch=a1-lease-expiry"]');
      await left.locator('article.chapter h1').first().waitFor();
      assert.ok(!(await left.textContent('article.chapter h1')).includes(MARK), 'the open page got the new chapter');
      // A pool worker runs the page's own module, from its glue (the first
      // release's file, which only that release's cache still has).
      const msPerRun = await left.evaluate(() => window.wasmBindings.bench_worker_run(1));
      assert.ok(Number.isFinite(msPerRun), `the worker did not start: ${msPerRun}`);
      assert.deepEqual(leftErrors, []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
      fs.rmSync(second, { recursive: true, force: true });
    }
  });
}
