// Leaving a chapter frees its figures: event listeners, DOM nodes, workers.
// The reader goes back and forth between a chapter with heavy figures
// (a7-sweeps: the sweep heatmaps and their worker pool; b1-remember:
// Article B's story, drawn by the lazily loaded `figures` module;
// a8-break-it: figure 8-1, built by the lazily loaded `check` module with
// its own DOM listeners, played a step at each visit) and the
// first chapter, 30 times, through the chapter links (the app stays; only
// its chapter changes). After each visit the page is garbage-collected and
// Chromium's own counts are read (CDP `Performance.getMetrics`:
// JSEventListeners, Nodes). The 30th visit must be within 5 % of the first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const VISITS = 30;

async function counts(page, cdp) {
  // Twice: a collection can free what only a previous one made collectable.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { listeners: get('JSEventListeners'), nodes: get('Nodes') };
}

async function go(page, chapter) {
  await page.click(`nav.chapters a[href*="ch=${chapter}"]`);
  await page.waitForFunction((id) => new URLSearchParams(location.search).get('ch') === id, chapter);
  await ready(page);
}

for (const chapter of ['a7-sweeps', 'b1-remember', 'a8-break-it']) {
  test(`${VISITS} visits to ${chapter} leave no listeners or nodes behind`, async () => {
    const { page, errors, context } = await openPage(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.base}?ch=00-intro`);
    await ready(page);
    const seen = [];
    for (let i = 0; i < VISITS; i++) {
      await go(page, chapter);
      if (chapter === 'a7-sweeps') {
        // Let the sweeps finish (their grids are cached after the first visit).
        await page.waitForFunction(() => [...document.querySelectorAll('.sweep-figure progress')].every((p) => p.value >= p.max), null, { timeout: 240000 });
      }
      if (chapter === 'a8-break-it') {
        // The figure is built and played: a step by click, one by key, one undone.
        await page.click('#break-it [data-key="t0"]');
        await page.keyboard.press('1');
        await page.keyboard.press('z');
        assert.equal(await page.locator('#break-it .bi-schedule li').count(), 1, `visit ${i + 1}: the figure plays`);
      }
      seen.push(await counts(page, cdp));
      await go(page, '00-intro');
    }
    const [first, last] = [seen[0], seen[seen.length - 1]];
    console.log(`${chapter}: listeners ${seen.map((s) => s.listeners).join(', ')}`);
    console.log(`${chapter}: nodes ${seen.map((s) => s.nodes).join(', ')}`);
    for (const key of ['listeners', 'nodes']) {
      assert.ok(Number.isFinite(first[key]) && first[key] > 0, `${key}: ${first[key]}`);
      assert.ok(last[key] <= first[key] * 1.05, `${key} grew from ${first[key]} on the first visit to ${last[key]} on the ${VISITS}th`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Article B's figures are rendered by the lazily loaded `figures` module, in
// a Yew app of its own inside the site's (web::vote_mount). Each app must
// handle only its own elements' events: Yew brands every element with its
// app's subtree number, counted from 1 in each module, so the module keeps
// its numbers apart from the site's. A figure left behind comes back afresh,
// from its chapter's address, in the same mount.
test("Article B's figure runs in the figures module's own app, apart from the site's, and comes back afresh", async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=00-intro`);
  await ready(page);
  await go(page, 'b1-remember');
  const brands = () => page.evaluate(() => ({
    site: document.querySelector('nav.chapters a')?.__yew_subtree_id,
    // Yew brands the elements that carry its listeners: a link of the
    // site's chapter map, a button of the figure's.
    figure: document.querySelector('.vote-mount #vote-story button')?.__yew_subtree_id,
    mounts: document.querySelectorAll('.vote-mount').length,
  }));
  const first = await brands();
  assert.ok(Number.isInteger(first.site) && Number.isInteger(first.figure), JSON.stringify(first));
  assert.notEqual(first.figure, first.site, "the figure's app and the site's have different subtree numbers");
  assert.equal(first.mounts, 1);
  // The next scene of the story, then away and back: the figure opens on its own scene again.
  const scene = () => page.evaluate(() => document.querySelector('#vote-story .vote-scenes')?.dataset.scene);
  const opening = await scene();
  assert.ok(opening !== undefined, 'the story has its scene box');
  await page.click('#vote-story .scene-next');
  await page.waitForFunction((s) => document.querySelector('#vote-story .vote-scenes').dataset.scene !== s, opening);
  await go(page, '00-intro');
  assert.equal(await page.locator('#vote-story').count(), 0, 'the figure left with its chapter');
  await go(page, 'b1-remember');
  assert.equal(await scene(), opening, 'back on its opening scene');
  assert.deepEqual(await brands(), first, 'the same mount and app, shown again');
  assert.deepEqual(errors, []);
  await context.close();
});
