// Figure B2-1 `tap-crash`: the reader strikes A's lane at any instant. At a
// phone's width with touch (page.tap) and at a desktop's with the mouse and
// the keyboard: under "전파 후 저장" a power loss during the file sync (the
// record in the OS cache, the vote already out) and one after it (the
// record on disk) give different layers and verdicts; at the OS-cache
// instant a process kill keeps the record and a power loss does not; the
// visible text alternative says so; a permalink brings the instant back;
// the figure shows at most six controls and fits the phone's screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';
import { countAtLoad } from '../lesson-count.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const FIG = '#tap-crash';
const LANE = `${FIG} canvas.tap-lane`;
const DURING_SYNC = "'파일 동기화' 단계를 처리하던 중";

async function phonePage() {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
    reducedMotion: 'reduce', serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return { page, errors, context };
}

async function open(page, query = '') {
  await page.goto(`${server.base}?ch=b2-durable${query}`);
  await ready(page);
  await page.locator(LANE).scrollIntoViewIfNeeded();
}

/** What the figure says now: its verdict's key and its visible text alternative. */
async function said(page) {
  return {
    verdict: await page.$eval(FIG, (f) => f.dataset.verdict),
    text: (await page.textContent('#tap-crash-said')).trim(),
  };
}

/** Strikes the lane at x (CSS px from its left) by tap or click, and says what happened. */
async function strike(page, x, touch) {
  const box = await page.locator(LANE).boundingBox();
  const position = { x, y: box.height * 0.3 };
  if (touch) await page.locator(LANE).tap({ position });
  else await page.locator(LANE).click({ position });
  return { x, ...(await said(page)) };
}

/** Sweeps the lane's first part with strikes until one lands in each wanted state. */
async function findInstants(page, touch) {
  const box = await page.locator(LANE).boundingBox();
  let during = null;
  let afterSync = null;
  for (let x = 40; x < box.width * 0.75 && !(during && afterSync); x += 3) {
    const s = await strike(page, x, touch);
    if (!during && s.text.includes(DURING_SYNC)) during = s;
    if (during && !afterSync && s.text.includes('디스크에 있었고') && !s.text.includes(DURING_SYNC)) afterSync = s;
  }
  assert.ok(during, 'a strike lands during the file sync');
  assert.ok(afterSync, 'a strike lands after the file sync');
  return { during, afterSync };
}

async function choose(page, name, value, touch) {
  const label = page.locator(`${FIG} label:has(input[name="${name}"][value="${value}"])`);
  if (touch) await label.tap(); else await label.click();
  assert.equal(await page.isChecked(`${FIG} input[name="${name}"][value="${value}"]`), true);
}

async function checkLoad(page, width) {
  // Nothing struck yet: the figure asks, it does not answer.
  const first = await said(page);
  assert.equal(first.verdict, 'none');
  assert.match(first.text, /아직 장애를 일으키지 않았습니다/);
  const counts = await page.evaluate(countAtLoad);
  const mine = counts.figures.find((f) => f.id === 'tap-crash');
  assert.ok(mine, 'the figure is counted');
  assert.ok(mine.n <= 6, `at most six controls at load: ${mine.names}`);
  const lane = await page.locator(LANE).boundingBox();
  assert.ok(lane.x >= 0 && lane.x + lane.width <= width + 1, `the lane fits ${width} px: ${JSON.stringify(lane)}`);
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth + 1), 'no sideways scroll');
  assert.equal(await page.$eval(LANE, (c) => c.tabIndex), 0, 'the lane takes the focus');
  assert.ok(await page.isVisible(`${FIG} .tap-how`), 'the keys are said in one visible line');
}

async function checkStrikes(page, touch) {
  await choose(page, 'tap-order', 'V1', touch);
  await choose(page, 'tap-fault', 'power', touch);
  const { during, afterSync } = await findInstants(page, touch);
  // Power loss before the sync ends: the record was in the OS cache and is lost; X is out.
  assert.match(during.text, /OS 캐시에 있었고 사라짐/);
  assert.match(during.text, /네트워크가 가진 A의 투표: 높이 10 사전 투표 X/);
  assert.match(during.verdict, /could_vote_twice|voted_twice/);
  // After it: on disk, kept, safe.
  assert.match(afterSync.text, /디스크에 있었고 남음/);
  assert.equal(afterSync.verdict, 'safe');
  assert.notEqual(during.text, afterSync.text);
  // The same OS-cache instant under a process kill: the OS keeps the cache.
  await strike(page, during.x, touch);
  await choose(page, 'tap-fault', 'kill', touch);
  const killed = await said(page);
  assert.match(killed.text, /OS 캐시에 있었고 남음/);
  assert.equal(killed.verdict, 'safe');
  assert.match(killed.text, /프로세스 종료/);
  return { during, afterSync };
}

test('B2-1 at 390 px with touch: taps before and after the sync differ, and kill differs from power', async () => {
  const { page, errors, context } = await phonePage();
  await open(page);
  await checkLoad(page, 390);
  const { during } = await checkStrikes(page, true);
  // The permalink names the instant: reloaded, the same words.
  await strike(page, during.x, true);
  await choose(page, 'tap-fault', 'power', true);
  const before = await said(page);
  assert.match(page.url(), /fig=tap-crash/);
  assert.match(page.url(), /fault=power/);
  await page.goto(page.url());
  await ready(page);
  assert.deepEqual(await said(page), before);
  assert.equal(await page.isChecked(`${FIG} input[name="tap-order"][value="V1"]`), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('B2-1 at 1280 px with the mouse and the keyboard', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
  await open(page);
  await checkLoad(page, 1280);
  await checkStrikes(page, false);
  // The keyboard: Home, then → until a Shift+Enter power loss lands in the sync.
  await page.focus(LANE);
  await page.keyboard.press('Home');
  let found = false;
  for (let i = 0; i < 40 && !found; i += 1) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.$eval(FIG, (f) => f.dataset.armed), 'false', '→ moves the instant, it does not strike');
    await page.keyboard.press('Shift+Enter');
    found = (await said(page)).text.includes(DURING_SYNC);
  }
  assert.ok(found, 'the keyboard reaches the file sync');
  const power = await said(page);
  assert.match(power.text, /전원 차단/);
  assert.match(power.verdict, /could_vote_twice|voted_twice/);
  assert.equal(await page.isChecked(`${FIG} input[name="tap-fault"][value="power"]`), true, 'Shift+Enter picks the power loss');
  await page.keyboard.press('Enter');
  const kill = await said(page);
  assert.match(kill.text, /프로세스 종료/);
  assert.equal(kill.verdict, 'safe');
  assert.equal(await page.$eval(LANE, (c) => c.getAttribute('aria-valuetext')), power.text.split('에 ')[0]);
  // "저장 후 전파": no instant is unsafe on an honest device.
  await choose(page, 'tap-order', 'V0', false);
  const box = await page.locator(LANE).boundingBox();
  for (let x = 90; x < box.width - 20; x += 25) {
    for (const fault of ['kill', 'power']) {
      await choose(page, 'tap-fault', fault, false);
      const s = await strike(page, x, false);
      assert.ok(['safe', 'fenced'].includes(s.verdict), `V0 at ${x} (${fault}): ${s.text}`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});
