// Article B's chapters open on their own pictures (issue 38;
// src/figures/vote/opening.rs): at load, B-1, B-3, B-4, B-5 and B-6 each
// stand on their own scene (not the shared first one, A signing D's X),
// told in their own sentence and drawn differently; B-3's lower panel keeps
// its refusal until the upper story is told; B-8 draws no run with two
// validators blocked before the reader has guessed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready, canvasHash } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const STORIES = [
  ['b1-remember', 'vote-story', /B가 A의 X 투표를 받습니다/],
  ['b3-outer-transaction', 'outer-transaction', /커밋되지 않은 트랜잭션 안에/],
  ['b4-fence', 'uncertain-failure', /파일 동기화의 답을 기다린/],
  ['b5-interrupt', 'interrupt-wait', /중단 요청이 옵니다/],
  ['b6-recovery', 'restart-recovery', /기록은 디스크에 있습니다/],
];

async function opening(page, ch, id) {
  await page.goto(`${server.base}?ch=${ch}`);
  await ready(page);
  await page.waitForSelector(`#${id} .vote-scenes`);
  const seen = await page.evaluate((id) => {
    const f = document.getElementById(id);
    return {
      scene: Number(f.querySelector('.vote-scenes').dataset.scene),
      sentence: f.querySelector('.scene-now').textContent,
      alt: f.querySelector('.vote-alt')?.textContent ?? '',
      canvases: f.querySelectorAll('canvas').length,
    };
  }, id);
  return { ...seen, hash: await canvasHash(page, `#${id} canvas`) };
}

for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`the five B stories open on five different pictures (${size.width} px)`, async () => {
    const { page, errors, context } = await openPage(browser, size);
    const opens = [];
    for (const [ch, id, sentence] of STORIES) {
      const o = await opening(page, ch, id);
      assert.ok(o.scene > 0, `${ch}: opens on its own scene, not the first (${o.scene})`);
      assert.match(o.sentence, sentence, `${ch}: ${o.sentence}`);
      assert.doesNotMatch(o.sentence, /제안 X를 받고 서명합니다/, `${ch}`);
      assert.match(o.alt, /결과는 장면을 끝까지 따라가거나/, `${ch}: the text alternative keeps the verdict`);
      opens.push([ch, o]);
    }
    for (let i = 0; i < opens.length; i++) {
      for (let j = i + 1; j < opens.length; j++) {
        assert.notEqual(opens[i][1].hash, opens[j][1].hash, `${opens[i][0]} and ${opens[j][0]} draw the same canvas at load`);
        assert.notEqual(opens[i][1].sentence, opens[j][1].sentence, `${opens[i][0]} and ${opens[j][0]}`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("B-3's lower panel waits until the upper story is told", async () => {
  const { page, errors, context } = await openPage(browser);
  const o = await opening(page, 'b3-outer-transaction', 'outer-transaction');
  assert.equal(o.canvases, 2);
  const lower = () => canvasHash(page, '#outer-transaction canvas >> nth=1');
  const atLoad = await lower();
  // Step to the upper story's last scene: the lower panel is drawn whole.
  const scenes = await page.$eval('#outer-transaction .vote-scenes', (s) => Number(s.dataset.scenes));
  for (let i = o.scene + 1; i < scenes; i++) {
    await page.click('#outer-transaction .scene-next');
    await page.waitForFunction((i) => document.querySelector('#outer-transaction .vote-scenes').dataset.scene === String(i), i);
  }
  assert.match(await page.$eval('#outer-transaction .scene-now', (s) => s.textContent), /롤백/);
  assert.notEqual(await lower(), atLoad, 'the lower panel changes once the upper story ends');
  assert.deepEqual(errors, []);
  await context.close();
});

test('B-8 draws no run with two validators blocked at load', async () => {
  const { page, errors, context } = await openPage(browser);
  await page.goto(`${server.base}?ch=b8-liveness`);
  await ready(page);
  const alt = await page.$eval('#liveness .vote-alt', (p) => p.textContent);
  assert.match(alt, /멈춘 노드 1개/);
  assert.doesNotMatch(alt, /멈춘 노드 2개/);
  assert.deepEqual(errors, []);
  await context.close();
});
