// The edition switch on the live page (issue 42): the static header's link
// to the other edition's same page (`<p class="site-lang">`, written by
// content::prerender) stays when the live header replaces the static one
// (web::lang_switch reads it before the takeover), in the same place and
// box, and it follows the address: after a slider change it carries the new
// query, and following it lands on the same figure in the same state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, ready } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The switch as the page shows it (not the live header still built out of sight): its links and their boxes. */
const readSwitch = () => [...document.querySelectorAll('.site-header .site-lang a')].filter((a) => !a.closest('[data-pending]')).map((a) => {
  const r = a.getBoundingClientRect();
  return {
    text: a.textContent, href: a.getAttribute('href'), lang: a.getAttribute('lang'), hreflang: a.getAttribute('hreflang'),
    box: [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10),
    live: !!a.closest('.app-live') || !document.querySelector('#app[data-prerendered]'),
  };
});

const EDITIONS = [
  { from: 'a1-lease-expiry.html', lang: 'ko', other: 'en', to: 'en/a1-lease-expiry.html', text: 'English' },
  { from: 'en/a1-lease-expiry.html', lang: 'en', other: 'ko', to: 'a1-lease-expiry.html', text: '한국어' },
];

for (const width of [390, 1280]) {
  for (const e of EDITIONS) {
    test(`${width} px, ${e.from}: the live header keeps the switch, in place, and it carries the figure's state`, async () => {
      const { page, errors } = await openPage(browser, { width, height: 844 });
      await page.goto(`${server.base}${e.from}`);
      // The static header's switch, before the live page takes over.
      const first = await page.evaluate(readSwitch);
      assert.equal(first.length, 1, JSON.stringify(first));
      await ready(page);
      const live = await page.evaluate(readSwitch);
      assert.equal(live.length, 1, `the live header has one switch link: ${JSON.stringify(live)}`);
      assert.ok(live[0].live, 'the switch read is the live header\'s');
      assert.deepEqual({ ...live[0], live: undefined }, { ...first[0], live: undefined }, 'the same link, text and box before and after the takeover');
      assert.equal(live[0].text, e.text);
      assert.equal(live[0].lang, e.other);
      assert.equal(live[0].hreflang, e.other);
      assert.equal(new URL(live[0].href, page.url()).href, `${server.base}${e.to}`);

      // A slider change writes the address, and the switch follows it.
      const slider = '#lease-expiry-ttl_ms';
      const before = await page.$eval(slider, (i) => i.value);
      await page.$eval(slider, (i) => {
        i.value = String(Number(i.value) + 3 * Number(i.step || 1));
        i.dispatchEvent(new Event('input', { bubbles: true }));
        i.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.waitForFunction(() => /ttl_ms=/.test(location.search), null, { timeout: 10000 });
      const set = await page.$eval(slider, (i) => i.value);
      assert.notEqual(set, before);
      const search = await page.evaluate(() => location.search);
      const href = (await page.evaluate(readSwitch))[0].href;
      assert.equal(new URL(href, page.url()).href, `${server.base}${e.to}${search}`, 'the switch carries the new query');

      // Following it: the other edition's page, with the same figure state.
      await page.click('.site-lang a');
      await page.waitForURL(`${server.base}${e.to}${search}`);
      await ready(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), e.other);
      assert.equal(await page.$eval(slider, (i) => i.value), set, 'the figure keeps its state across editions');
      // And the way back carries it too.
      const back = (await page.evaluate(readSwitch))[0];
      assert.equal(new URL(back.href, page.url()).href, `${server.base}${e.from}${search}`);
      assert.deepEqual(errors, []);
    });
  }
}
