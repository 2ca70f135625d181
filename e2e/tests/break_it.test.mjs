// Figure 8-1 `break-it` (issue 41): the reader is the adversary of
// `lab check`'s small world, in the figure the lazily loaded `check` module
// builds (src/web/break_it/). A scripted reader breaks (a) by keyboard
// (the figure's shortcuts and Enter on its buttons, the focus never lost)
// and by touch at a phone's width, with the checker's smallest schedule
// (the one `lab check --variant a --threads 2` prints) one tap away and
// told step by step; (c-2) answers with the checker's verdict, the same
// state count `lab check` gives, only after the reader has tried; the
// permalink of a broken schedule reopens broken; an address the figure
// cannot play gives a Korean notice and no console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, ready, labBinary } from './helpers.mjs';
import { countAtLoad } from '../lesson-count.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const FIG = '#break-it';
const BODY = `${FIG} .bi-body`;
const key = (k) => `${FIG} [data-key="${k}"]`;

/** `lab check`'s report on `variant` in the figure's world (2 threads, one charge). */
function checker(variant) {
  const out = JSON.parse(execFileSync(labBinary(), ['check', '--variant', variant, '--threads', '2', '--format', 'json'], { encoding: 'utf8' }));
  const reports = Array.isArray(out) ? out : out.article_a;
  return reports.find((r) => r.variant === variant);
}

/** The schedule code of a report's smallest schedule (the figure's `sched=`). */
function code(schedule) {
  const ch = { stall: 's', process_stop: 'p', kill: 'k', restart: 'r' };
  return schedule.steps.map((s) => (s.step.kind === 'thread' ? String(s.step.thread + 1) : ch[s.step.kind])).join('');
}

async function open(page, query = '') {
  await page.goto(`${server.base}?ch=a8-break-it${query}`);
  await ready(page);
  await page.locator(BODY).waitFor();
}

async function phone(reducedMotion = 'reduce') {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion, serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return { context, page, errors };
}

const stepsTaken = (page) => page.locator(`${FIG} .bi-schedule li`).count();
const search = (page) => new URL(page.url()).searchParams;
const focusedKey = (page) => page.evaluate((fig) => {
  const a = document.activeElement;
  return a && document.querySelector(fig).contains(a) ? a.dataset.key ?? '(figure)' : null;
}, FIG);

test('(a) breaks by keyboard: shortcuts and Enter, the focus kept, the smallest schedule told step by step', async () => {
  const smallest = checker('a');
  assert.equal(smallest.verdict, 'unsafe');
  const schedule = code(smallest.schedules[0]);
  const { page, errors } = await openPage(browser);
  await open(page);
  // Nothing but the variant and the threads to set, and no answer yet.
  assert.equal(await page.locator(`${FIG} .bi-banner, ${FIG} .bi-verdict, ${FIG} .bi-story, ${key('verdict')}`).count(), 0);
  const counted = (await page.evaluate(countAtLoad)).figures.find((f) => f.id === 'break-it');
  assert.ok(counted && counted.n <= 6, `controls at load: ${JSON.stringify(counted)}`);

  // The first step with Enter on T1's button: the focus stays on it.
  await page.focus(key('t0'));
  await page.keyboard.press('Enter');
  assert.equal(await stepsTaken(page), 1);
  assert.equal(await focusedKey(page), 't0');
  // A thread that must wait says why, and the focus stays.
  await page.keyboard.press('2');
  assert.equal(await stepsTaken(page), 1, 'T2 waits while T1 holds the lock');
  assert.match(await page.locator(`${FIG} .bi-lane`).nth(1).innerText(), /기다립니다/);
  assert.equal(await focusedKey(page), 't0');
  // Undo with z, then the checker's whole smallest schedule by its keys.
  await page.keyboard.press('z');
  assert.equal(await stepsTaken(page), 0);
  assert.equal(await focusedKey(page), 't0');
  for (const ch of schedule) await page.keyboard.press(ch);
  assert.equal(await stepsTaken(page), schedule.length);
  assert.ok(await focusedKey(page), 'the focus is still inside the figure');
  assert.match(await page.locator(`${FIG} .bi-banner .bi-headline`).innerText(), /이중 승인!/);
  assert.match(await page.locator(`${FIG} .bi-banner`).innerText(), new RegExp(`당신이 찾은 순서: ${schedule.length}단계`));
  assert.equal(search(page).get('sched'), schedule);
  assert.equal(search(page).get('check'), 'a');
  // The step that broke is marked on the timeline; each property says since when.
  assert.match(await page.locator(`${FIG} .bi-strip .bi-colnum-broke`).textContent(), new RegExp(`^${schedule.length} `));
  assert.match(await page.locator(`${FIG} .bi-prop-broken`).first().innerText(), new RegExp(`깨짐 \\(${schedule.length}단계\\)`));

  // The checker's smallest schedule, told one step per sentence with Enter.
  await page.focus(key('story-open'));
  await page.keyboard.press('Enter');
  assert.equal(await focusedKey(page), 'story-next', 'the focus goes to the story\'s first button');
  assert.ok(Number(await page.$eval(`${FIG} .break-it-mount`, (m) => m.dataset.verdictMs)) < 50, 'the verdict takes under 50 ms');
  assert.match(await page.locator(`${FIG} .bi-story`).innerText(), new RegExp(`가장 짧은 반례: ${smallest.smallest}단계`));
  assert.equal(await page.locator(key('story-play')).count(), 0, 'no auto-play with reduced motion');
  for (let i = 1; i <= smallest.smallest; i++) {
    await page.keyboard.press('Enter');
    assert.equal(await focusedKey(page), 'story-next');
    assert.equal(await page.locator(`${FIG} .bi-story-list li`).count(), i);
    assert.equal(await page.locator(`${FIG} .bi-story .bi-step`).count(), i, 'the timeline grows a step at a time');
    assert.equal(await page.locator(`${FIG} .bi-story-now`).innerText(), `${i}. ${smallest.schedules[0].steps[i - 1].text}`);
  }
  assert.equal(await page.locator(`${FIG} .bi-story .bi-colnum-broke`).count(), 1);
  // 처음으로 starts it over.
  await page.click(key('story-restart'));
  assert.equal(await page.locator(`${FIG} .bi-story-list li`).count(), 0);
  assert.deepEqual(errors, []);
});

test('(a) breaks by touch at 390 px: 44 px targets, nothing wider than the phone but the timeline strip', async () => {
  const schedule = code(checker('a').schedules[0]);
  const { page, errors } = await phone();
  await open(page);
  const names = { 1: 't0', 2: 't1', 3: 't2', s: 'adv-stall' };
  for (const ch of schedule) await page.locator(key(names[ch])).tap();
  assert.match(await page.locator(`${FIG} .bi-banner`).innerText(), /이중 승인!/);
  assert.equal(search(page).get('sched'), schedule);
  const layout = await page.evaluate((fig) => ({
    page: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll(`${fig} *`)].filter((e) => !e.closest('.bi-scroll') && e.getBoundingClientRect().right > innerWidth + 1).map((e) => e.className || e.tagName),
    small: [...document.querySelectorAll(`${fig} .bi-body button, ${fig} .bi-body select, ${fig} .bi-threads label`)]
      .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 44).map((e) => e.textContent),
    strip: (() => { const s = document.querySelector(`${fig} .bi-scroll`); return { scrolls: s.scrollWidth > s.clientWidth, atEnd: s.scrollLeft + s.clientWidth >= s.scrollWidth - 1 }; })(),
  }), FIG);
  assert.equal(layout.page, 390);
  assert.deepEqual(layout.wide, []);
  assert.deepEqual(layout.small, []);
  assert.deepEqual(layout.strip, { scrolls: true, atEnd: true }, 'the strip scrolls in its own box, the newest step in view');
  // Undo by touch takes the break back.
  await page.locator(key('undo')).tap();
  assert.equal(await page.locator(`${FIG} .bi-banner`).count(), 0);
  assert.equal(search(page).get('sched'), schedule.slice(0, -1));
  assert.deepEqual(errors, []);
});

test('(c-2) reports the checker\'s verdict, only after the reader has tried', async () => {
  const report = checker('c2');
  assert.equal(report.verdict, 'safe');
  const { page, errors } = await phone();
  await open(page, '&check=c2');
  assert.equal(await page.locator(key('variant')).inputValue(), 'c2');
  let taps = 0;
  while (await page.locator(key('verdict')).count() === 0) {
    assert.ok(taps++ < 64, 'the run ends or reaches eight steps');
    assert.equal(await page.locator(`${FIG} .bi-banner`).count(), 0, 'nothing breaks (c-2)');
    await page.locator(`${FIG} button.bi-move:not([aria-disabled=true])`).first().tap();
  }
  assert.ok(taps >= 8 || (await page.locator(`${FIG} .bi-end`).count()) === 1);
  await page.locator(key('verdict')).tap();
  const said = await page.locator(`${FIG} .bi-verdict`).innerText();
  const states = report.states.toLocaleString('en-US');
  assert.match(said, new RegExp(`이 세계의 상태 ${states}개를 모두 확인했습니다: 어떤 순서로도 깨지지 않습니다`));
  assert.match(said, /이 세계가 가정하는 것/);
  assert.equal(await page.$eval(`${FIG} .break-it-mount`, (m) => m.dataset.verdictStates), String(report.states));
  // Starting over hides the verdict again.
  await page.locator(key('reset')).tap();
  assert.equal(await page.locator(`${FIG} .bi-verdict`).count(), 0);
  assert.deepEqual(errors, []);
});

test('the permalink of a broken schedule reopens broken; the story plays on its own without reduced motion', async () => {
  const smallest = checker('a');
  const schedule = code(smallest.schedules[0]);
  const { page, errors } = await phone('no-preference');
  await open(page, `&fig=break-it&check=a&threads=2&sched=${schedule}`);
  assert.equal(await stepsTaken(page), schedule.length);
  assert.match(await page.locator(`${FIG} .bi-banner`).innerText(), /이중 승인!/);
  assert.equal(await page.locator(`${FIG} .bi-notice`).count(), 0);
  await page.locator(key('story-open')).tap();
  await page.locator(key('story-play')).tap();
  await page.waitForFunction((fig) => document.querySelectorAll(`${fig} .bi-story-list li`).length >= 2, FIG, { timeout: 6000 });
  await page.locator(key('story-play')).tap();
  const paused = await page.locator(`${FIG} .bi-story-list li`).count();
  await page.waitForTimeout(1800);
  assert.equal(await page.locator(`${FIG} .bi-story-list li`).count(), paused, 'paused');
  assert.deepEqual(errors, []);
});

test('an address the figure cannot play gives a notice and no console error', async () => {
  const { page, errors } = await openPage(browser);
  // A character outside the code: the whole schedule is ignored.
  await open(page, '&check=a&sched=11x');
  assert.match(await page.locator(`${FIG} .bi-notice`).innerText(), /\S/);
  assert.equal(await stepsTaken(page), 0);
  // A step that cannot be taken where it stands: cut there.
  await open(page, '&check=a&sched=12');
  assert.match(await page.locator(`${FIG} .bi-notice`).innerText(), /2(번째 )?단계/);
  assert.equal(await stepsTaken(page), 1);
  // An unknown variant and too many threads: (a) with three lanes.
  await open(page, '&check=zz&threads=9');
  assert.equal(await page.locator(`${FIG} .bi-notice p`).count(), 2);
  assert.equal(await page.locator(key('variant')).inputValue(), 'a');
  assert.equal(await page.locator(`${FIG} .bi-lane`).count(), 3);
  // The reader's first change clears the notices and writes a clean address.
  await page.click(key('t0'));
  assert.equal(await page.locator(`${FIG} .bi-notice`).count(), 0);
  assert.equal(search(page).get('threads'), '3');
  assert.equal(search(page).get('check'), 'a');
  assert.deepEqual(errors, []);
});

// The app's own navigation (the chapter map, the browser's back button):
// leaving A8 takes the figure's keys out of the address, a module that
// comes after the reader left writes nothing, and coming back gives one
// working figure, not two and not a dead one.
test('leaving A8 for another chapter and back: one working figure, and the other chapter\'s address has no check= or sched=', async () => {
  const { page, errors } = await openPage(browser);
  const figureKeys = () => ['check', 'sched', 'threads', 'fig'].filter((k) => search(page).has(k));
  const one = async () => page.evaluate((fig) => ({
    figures: document.querySelectorAll(fig).length,
    mounts: document.querySelectorAll(`${fig} .break-it-mount`).length,
    bodies: document.querySelectorAll(`${fig} .bi-body`).length,
    loading: document.querySelectorAll(`${fig} .figure-loading, ${fig} .notice`).length,
  }), FIG);
  await open(page);
  await page.click(key('t0'));
  assert.equal(search(page).get('sched'), '1');
  // Out by the chapter map: A3's address carries none of the figure's keys, then or later.
  await page.click('nav.chapters a[href="?ch=a3-fencing"]');
  await ready(page);
  await page.waitForTimeout(500);
  assert.equal(search(page).get('ch'), 'a3-fencing');
  assert.deepEqual(figureKeys(), [], `A3's address: ${page.url()}`);
  assert.equal(await page.locator(FIG).count(), 0);
  // Back by the chapter map: a fresh figure, once.
  await page.click('nav.chapters a[href="?ch=a8-break-it"]');
  await ready(page);
  await page.locator(BODY).waitFor();
  assert.deepEqual(await one(), { figures: 1, mounts: 1, bodies: 1, loading: 0 });
  assert.equal(await stepsTaken(page), 0);
  // It works: a click takes one step (not two, as two live figures or doubled listeners would), a key one more.
  await page.click(key('t0'));
  assert.equal(await stepsTaken(page), 1);
  await page.keyboard.press('1');
  assert.equal(await stepsTaken(page), 2);
  assert.equal(search(page).get('sched'), '11');
  // Out to B1 by the map, then back with the browser's back button: the schedule the address kept.
  await page.click('nav.chapters a[href="?ch=b1-remember"]');
  await ready(page);
  await page.waitForTimeout(500);
  assert.deepEqual(figureKeys().filter((k) => k !== 'fig'), [], `B1's address: ${page.url()}`);
  await page.goBack();
  await ready(page);
  await page.locator(BODY).waitFor();
  assert.equal(search(page).get('ch'), 'a8-break-it');
  assert.deepEqual(await one(), { figures: 1, mounts: 1, bodies: 1, loading: 0 });
  assert.equal(await stepsTaken(page), 2, 'the schedule in the address is played again');
  await page.click(key('undo'));
  assert.equal(await stepsTaken(page), 1);
  assert.equal(search(page).get('sched'), '1');
  assert.deepEqual(errors, []);
});

test('leaving A8 before its module has come: the other chapter\'s address stays its own', async () => {
  const { page, errors } = await openPage(browser);
  let fetched = 0;
  await page.route('**/check_bg.wasm*', async (route) => { fetched++; await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
  await page.goto(`${server.base}?ch=a8-break-it&fig=break-it&check=c1&threads=3&sched=1`);
  const live = page.locator('#app:not([data-prerendered]) nav.chapters a[href="?ch=a3-fencing"]');
  await live.waitFor();
  assert.equal(await page.locator(`${FIG} .figure-loading`).count(), 1, 'the module is still coming');
  await live.click();
  await ready(page);
  await page.waitForTimeout(3000);
  assert.equal(fetched, 1, 'the module was fetched, and came after the reader left');
  assert.equal(search(page).get('ch'), 'a3-fencing');
  for (const k of ['check', 'sched', 'threads']) assert.equal(search(page).has(k), false, `A3's address: ${page.url()}`);
  assert.equal(await page.locator(FIG).count(), 0);
  assert.deepEqual(errors, []);
});
