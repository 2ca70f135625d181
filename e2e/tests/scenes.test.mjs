// Article B's stories told in scenes (src/web/vote_figure/controls.rs,
// view_scenes; src/figures/vote/beats.rs): every story chapter opens on its
// own scene (src/figures/vote/opening.rs: the moment its lesson turns, not
// the shared first scene); "다음 장면" moves the event player to the next scene's step,
// says its sentence and rings the mark it names; the buttons never move;
// "이전 장면" comes back; the folded list holds every scene; a setting that
// changes the run re-finds the scenes in the new trace.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasHash } from './helpers.mjs';

let server, browser;
/** Opens figure `id`'s lab, where lesson mode keeps the event player and the other settings (issue 38). */
async function openLab(page, id) {
  await page.click(`#${id} .lab-toggle[aria-expanded=false]`);
  await page.waitForSelector(`#${id}-lab:not([hidden])`);
  // The click scrolled to the button under the stage: back to where the chapter opened.
  await page.evaluate(() => scrollTo(0, 0));
}
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const STORIES = [
  ['b1-remember', 'vote-story', /이중 투표의 증거/],
  ['b3-outer-transaction', 'outer-transaction', /롤백/],
  ['b4-fence', 'uncertain-failure', /차단/],
  ['b5-interrupt', 'interrupt-wait', /차단/],
  ['b6-recovery', 'restart-recovery', /서명하지 않습니다/],
];

async function state(page, id) {
  return page.evaluate((id) => {
    const f = document.getElementById(id);
    const s = f.querySelector('.vote-scenes');
    return {
      scene: Number(s.dataset.scene),
      scenes: Number(s.dataset.scenes),
      sentence: f.querySelector('.scene-now').textContent,
      step: Number(f.querySelector('.scrub').value),
      nextTop: Math.round(f.querySelector('.scene-next').getBoundingClientRect().top + scrollY),
      canvasTop: Math.round(f.querySelector('canvas').getBoundingClientRect().top + scrollY),
      nextDisabled: f.querySelector('.scene-next').getAttribute('aria-disabled'),
      listed: f.querySelectorAll('.scene-list li').length,
    };
  }, id);
}

for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`every Article B story is told in a few scenes, step by step (${size.width} px)`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    for (const [ch, id, last] of STORIES) {
      await page.goto(`${server.base}?ch=${ch}`);
      await ready(page);
      await page.waitForSelector(`#${id} .vote-scenes`);
      await openLab(page, id);
      const first = await state(page, id);
      assert.ok(first.scene > 0 && first.scene < first.scenes - 1, `${ch}: opens on its own scene, before the last (${first.scene})`);
      assert.ok(first.scenes >= 4 && first.scenes <= 9, `${ch}: ${first.scenes} scenes`);
      assert.equal(first.listed, first.scenes, `${ch}: every scene is in the folded list`);
      let prev = first;
      const hashes = [await canvasHash(page, `#${id} canvas`)];
      for (let i = first.scene + 1; i < first.scenes; i++) {
        await page.click(`#${id} .scene-next`);
        await page.waitForFunction(([id, i]) => document.querySelector(`#${id} .vote-scenes`).dataset.scene === String(i), [id, i]);
        const now = await state(page, id);
        assert.ok(now.step > prev.step, `${ch}: scene ${i + 1} is further on (${prev.step} → ${now.step})`);
        assert.notEqual(now.sentence, prev.sentence, `${ch}: scene ${i + 1} says something new`);
        assert.equal(now.nextTop, first.nextTop, `${ch}: "다음 장면" stays where it was`);
        assert.equal(now.canvasTop, first.canvasTop, `${ch}: the drawing stays where it was`);
        hashes.push(await canvasHash(page, `#${id} canvas`));
        prev = now;
      }
      assert.match(prev.sentence, last, `${ch}: the last scene tells the chapter's outcome`);
      assert.equal(prev.nextDisabled, 'true', `${ch}: no scene after the last`);
      // The last scene tells the ending: its result no longer waits (B3 and B6 held it back).
      assert.equal(await page.locator(`#${id} .verdict-hidden`).count(), 0, `${ch}: the result shows at the last scene`);
      assert.equal(new Set(hashes).size, hashes.length, `${ch}: every scene draws differently`);
      await page.click(`#${id} .scene-prev`);
      await page.waitForFunction(([id, n]) => document.querySelector(`#${id} .vote-scenes`).dataset.scene === String(n - 2), [id, first.scenes]);
      assert.equal(await canvasHash(page, `#${id} canvas`), hashes[hashes.length - 2], `${ch}: back to the scene before, drawn as it was`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the scene in force follows the event player, and a new setting finds new scenes', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=b6-recovery`);
  await ready(page);
  await page.waitForSelector('#restart-recovery .vote-scenes');
  await openLab(page, 'restart-recovery');
  const first = await state(page, 'restart-recovery');
  // One event on: still the opening's scene, and "이전 장면" goes back to its step.
  await page.focus('#restart-recovery .canvas-wrap');
  await page.keyboard.press('ArrowRight');
  const between = await state(page, 'restart-recovery');
  assert.equal(between.scene, first.scene);
  assert.equal(between.step, first.step + 1);
  await page.click('#restart-recovery .scene-prev');
  assert.equal((await state(page, 'restart-recovery')).step, first.step);
  // V1 (send first) under a power loss after the first send: the scenes are found again, and end on the double vote.
  await page.selectOption('#restart-recovery select[name=variant]', 'V1');
  await page.waitForFunction(() => /이중 투표의 증거/.test(document.querySelector('#restart-recovery .scene-list').textContent));
  assert.match(await page.$eval('#restart-recovery .scene-list', (d) => d.textContent), /아직 어디에도 쓰이지 않았습니다/);
  assert.deepEqual(errors, []);
  await context.close();
});
