// velog's own rules over what the 퍼가기 kit tells a velog writer to paste
// (issue 40, "velog, live"). The kit's velog entry offers a CodePen pen (a
// form POST of the pen's JSON to CodePen's prefill API) and, once the
// writer pastes the saved pen's address, the exact `!codepen[…]` line.
// velog turns that line into CodePen's iframe and then runs its sanitizer
// (the npm `sanitize-html`, the version velog's lockfile resolves) with its
// allowlist, quoted below as data with its source. The live embed
// survives; a direct iframe to this site would not, so the kit must not
// offer one to velog. Then the pen itself: its JSON is valid, frames the
// figure's embed, and that embed loads at the size the pen has in velog's
// frame; the form goes to CodePen only (mocked here: codepen.io is out of
// reach), through the page's CSP, and the page loads nothing from another
// origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sanitize from 'sanitize-html';
import { serve, launch, openPage, ready, describePage } from './helpers.mjs';
import { openLab } from './lab.mjs';

// --- velog's rules, quoted as data -----------------------------------------------
// Source: github.com/velog-io/velog at commit 63dcace01e1c87b35a38027f681d9e7c0f210467
// (2025-04-14), apps/web/src/components/MarkdownRender/utils.ts, `htmlFilter`:
// first `sanitizeEventScript`, then `sanitize(…)` with these options. The
// options also spread `katexWhitelist.tags`, `.attributes` and `.styles`
// (apps/web/src/lib/katexWhiteList), math markup only, left out here: none
// of it names an iframe. sanitize-html 2.13.0 is what velog's pnpm-lock.yaml
// resolves its `^2.11.0` to.
const VELOG_SOURCE = 'velog-io/velog@63dcace01e1c87b35a38027f681d9e7c0f210467';
const sanitizeEventScript = (html) => html.replace(/ on\w+="[^"]*"/g, '');
const VELOG_ALLOWLIST = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'p', 'a', 'ul', 'ol', 'nl', 'li', 'b', 'i', 'strong', 'em',
    'strike', 'code', 'hr', 'br', 'div', 'table', 'thead', 'caption', 'tbody', 'tr', 'th', 'td', 'pre', 'iframe',
    'span', 'img', 'del', 'input',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target'],
    img: ['src'],
    iframe: ['src', 'allow', 'allowfullscreen', 'scrolling', 'class'],
    '*': ['class', 'id', 'aria-hidden'],
    span: ['style'],
    input: ['type'],
    ol: ['start'],
  },
  allowedStyles: {
    '*': {
      color: [/^#(0x)?[0-9a-f]+$/i, /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/],
      'text-align': [/^left$/, /^right$/, /^center$/],
    },
  },
  allowedIframeHostnames: ['www.youtube.com', 'codesandbox.io', 'codepen.io'],
};
const htmlFilter = (html) => sanitize(sanitizeEventScript(html), VELOG_ALLOWLIST);

// The `!codepen[…]` shortcut, as velog's remark plugin makes it. Source: the
// same commit, apps/web/src/lib/remark/embedPlugin.ts: in a paragraph, a
// text node that is exactly `!codepen` followed by a link reference
// `[label]` becomes this HTML (the `converters.codepen` template, quoted),
// with the label as it was written.
const CODEPEN_CONVERTER = (code) =>
  `<iframe class="embed" scrolling="no" title="Tab Menu Layout2" src="https://codepen.io/${code}" frameborder="no" allowtransparency="true" allowfullscreen="true"></iframe>`;

/**
 * velog's path from a post's markdown to the HTML its readers get, for what
 * the kit offers: a paragraph that is the shortcut alone becomes the
 * converter's iframe (remark parses `!codepen` as text and `[label]` as a
 * link reference, since no definition exists); raw HTML passes through
 * (remark-rehype with allowDangerousHtml, then rehype-raw); any other
 * paragraph is text. Then `htmlFilter`. Left out: rehype's re-serialising
 * of the markup, which rewrites quoting but adds or removes no element or
 * attribute, and the markdown rendering of images and links, which the
 * kit's other path uses and which holds no iframe.
 */
function velogRender(markdown) {
  const escape = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = markdown.split(/\n\s*\n/).map((block) => {
    const para = block.trim();
    const shortcut = para.match(/^!codepen\[([^[\]]+)\]$/);
    if (shortcut) return `<p>${CODEPEN_CONVERTER(shortcut[1])}</p>`;
    if (para.startsWith('<')) return para;
    return `<p>${escape(para)}</p>`;
  }).join('\n');
  return htmlFilter(html);
}

/** The iframes of `html` with their attributes. */
const iframes = (html) => [...html.matchAll(/<iframe\b([^>]*)>/g)].map((m) =>
  Object.fromEntries([...m[1].matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], (a[2] ?? '').replace(/&amp;/g, '&')])));

test(`velog's allowlist (${VELOG_SOURCE}) keeps CodePen's frame and drops any other`, () => {
  // The quoted rules themselves, so a wrong quote cannot pass the tests below.
  const out = htmlFilter('<iframe src="https://codepen.io/a/embed/b" height="500" sandbox="" class="embed"></iframe><iframe src="https://example.org/x"></iframe>');
  assert.deepEqual(iframes(out), [{ src: 'https://codepen.io/a/embed/b', class: 'embed' }, {}]);
});

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

const PEN = 'https://codepen.io/lab-writer/pen/AbC12xY';
const FIG = '#lease-expiry';
const KIT = `${FIG} fieldset.blog-kit`;

/** A1's figure with its 퍼가기 panel open on the velog entry; every request's origin is recorded. */
async function openKit({ width = 1100 } = {}) {
  const opened = await openPage(browser, { width });
  const origins = new Set();
  opened.page.on('request', (r) => origins.add(new URL(r.url()).origin));
  await opened.page.goto(`${server.base}?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1`);
  await ready(opened.page);
  await openLab(opened.page, FIG);
  await opened.page.click(`${FIG} details.share > summary`);
  await opened.page.waitForSelector(`${KIT} form.pen-form`, { timeout: 30000 }).catch(async (e) => {
    e.message += `\n${await describePage(opened.page)}`;
    throw e;
  });
  assert.equal(await opened.page.$eval(KIT, (k) => k.dataset.platform), 'velog', 'velog is the kit\'s first entry');
  return { ...opened, origins };
}

test('what the kit tells a velog writer to paste survives velog\'s sanitizer as a live CodePen embed; the site\'s own iframe would not', async () => {
  const { page, errors, context } = await openKit();
  const line = `${KIT} textarea.blog-velog-codepen`;
  const copy = `${KIT} button[data-copy=blog-velog-codepen]`;
  // Before an address, and for anything that is not a pen's: no line, no copy.
  assert.equal(await page.inputValue(line), '');
  assert.equal(await page.isDisabled(copy), true);
  for (const wrong of ['https://evil.test/lab-writer/pen/AbC12xY', '<img src=x onerror=alert(1)>']) {
    await page.fill(`${KIT} input.pen-address`, wrong);
    assert.equal(await page.inputValue(line), '');
    assert.match(await page.textContent(`${KIT} .pen-status`), /CodePen 펜의 주소가 아닙니다/);
    assert.equal(await page.getAttribute(`${KIT} input.pen-address`, 'aria-invalid'), 'true');
    assert.equal(await page.isDisabled(copy), true);
  }
  assert.equal(await page.$$eval(`${KIT} img`, (is) => is.length), 0, 'what the writer types is never markup');
  await page.fill(`${KIT} input.pen-address`, `${PEN}?editors=1000`);
  const shortcut = await page.inputValue(line);
  assert.equal(shortcut, '!codepen[lab-writer/embed/AbC12xY?default-tab=result]');
  assert.equal(await page.isDisabled(copy), false);
  assert.equal(await page.textContent(`${KIT} .pen-status`), '');

  // What velog's reader gets: CodePen's embed of the pen, result tab first.
  const post = `글의 앞 문단\n\n${shortcut}\n\n글의 뒤 문단`;
  const rendered = velogRender(post);
  console.log(`# velog renders ${JSON.stringify(shortcut)} as ${rendered.split('\n')[1]}`);
  assert.deepEqual(iframes(rendered), [{
    class: 'embed', scrolling: 'no', src: 'https://codepen.io/lab-writer/embed/AbC12xY?default-tab=result', allowfullscreen: 'true',
  }]);

  // Nothing in velog's entry is an iframe to the site, and velog would drop one.
  const velogTexts = await page.$$eval(`${KIT} .blog-fields textarea, ${KIT} .blog-steps, ${KIT} .blog-alt-steps`, (els) => els.map((e) => e.value ?? e.textContent));
  assert.ok(velogTexts.length >= 3);
  for (const text of velogTexts) assert.ok(!text.includes('<iframe'), `no iframe offered to velog: ${text}`);
  await page.check(`${KIT} input[value=html]`);
  const direct = await page.inputValue(`${KIT} textarea.blog-html`);
  assert.match(direct, new RegExp(`^<iframe src="${server.base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const dropped = velogRender(`글\n\n${direct}\n\n글`);
  console.log(`# velog renders the site's own iframe as ${JSON.stringify(dropped.split('\n')[1])}`);
  assert.ok(!dropped.includes(new URL(server.base).host), `velog keeps no address of the site: ${dropped}`);
  assert.ok(iframes(dropped).every((f) => !('src' in f)), `no frame with a source survives: ${dropped}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pen\'s JSON is valid, goes to CodePen only, and frames the figure-only embed, which loads at velog\'s size', async () => {
  const { page, errors, context, origins } = await openKit();
  const form = `${KIT} form.pen-form`;
  assert.equal(await page.getAttribute(form, 'action'), 'https://codepen.io/pen/define');
  assert.equal(await page.getAttribute(form, 'method'), 'post');
  assert.equal(await page.getAttribute(form, 'target'), '_blank');
  assert.deepEqual(await page.$$eval(`${form} input`, (is) => is.map((i) => [i.type, i.name])), [['hidden', 'data']]);
  const data = await page.inputValue(`${form} input[name=data]`);
  const pen = JSON.parse(data);
  assert.deepEqual(Object.keys(pen).sort(), ['css', 'description', 'editors', 'html', 'js', 'layout', 'title']);
  assert.match(pen.title, /^그림 1-1\. [^:]+$/);
  assert.equal(pen.editors, '100');
  assert.equal(pen.layout, 'top');
  const framed = iframes(pen.html);
  assert.equal(framed.length, 1, pen.html);
  const embed = framed[0].src;
  assert.ok(embed.startsWith(`${server.base}embed-lease-expiry.html?embed=lease-expiry&preset=exp1`) && embed.endsWith('&bare=1'), embed);
  assert.ok(framed[0].title.startsWith(`${pen.title}: `), 'the frame keeps the whole caption');
  console.log(`# the pen's JSON for A1's figure: ${data}`);

  // The page's CSP lets this form, and only a form to CodePen, go; CodePen is mocked.
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /(?:^|; )form-action https:\/\/codepen\.io(?:;|$)/);
  const loaded = [...origins];
  assert.deepEqual(loaded, [new URL(server.base).origin], `the page loads from its own origin only: ${loaded.join(', ')}`);
  let posted;
  await context.route('https://codepen.io/**', (route) => {
    posted = route.request();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>CodePen (mock)</title>' });
  });
  const [tab] = await Promise.all([context.waitForEvent('page'), page.click(`${form} button[type=submit]`)]);
  await tab.waitForLoadState();
  assert.equal(posted.url(), 'https://codepen.io/pen/define');
  assert.equal(posted.method(), 'POST');
  const body = new URLSearchParams(posted.postData());
  assert.deepEqual([...body.keys()], ['data']);
  assert.deepEqual(JSON.parse(body.get('data')), pen, 'CodePen receives the pen as the form holds it');
  assert.equal(await tab.evaluate(() => window.opener), null, 'CodePen\'s tab cannot reach back into the page');
  assert.deepEqual(errors, []);
  await context.close();

  // The pen in velog's frame: 768×430 (390 wide on a phone) less CodePen's
  // bars (about 80 px, estimated). The pen's HTML and CSS as CodePen's
  // result page holds them; the embed loads and draws, filling the area.
  for (const [width, height] of [[768, 350], [390, 350]]) {
    const result = await openPage(browser, { width, height });
    await result.page.setContent(`<!doctype html><style>${pen.css}</style>${pen.html}`);
    const frameBox = await result.page.$eval('iframe', (f) => [f.getBoundingClientRect().width, f.getBoundingClientRect().height]);
    assert.deepEqual(frameBox, [width, height], 'the figure\'s frame fills the result area');
    const frame = await (await result.page.$('iframe')).contentFrame();
    await frame.waitForSelector('main.embed-bare figure canvas', { timeout: 30000 });
    await frame.waitForFunction(() => [...document.querySelectorAll('figure canvas')].every((c) => c.width > 0 && c.height > 0), null, { timeout: 30000 });
    const content = await frame.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
    console.log(`# the pen's embed at ${width}×${height}: content ${content} px tall (${content <= height ? 'fits' : 'scrolls'})`);
    assert.deepEqual(result.errors, []);
    await result.context.close();
  }
});

test('Tistory and plain HTML: a titled, lazy iframe of a fitting height, and a script that follows the embed\'s height', async () => {
  const { page, errors, context } = await openKit();
  const labels = await page.$$eval(`${KIT} .blog-platforms label`, (ls) => ls.map((l) => l.textContent));
  assert.deepEqual(labels, ['velog', '티스토리', 'HTML 페이지', '네이버 블로그', '브런치']);
  const snippets = {};
  for (const key of ['tistory', 'html']) {
    await page.check(`${KIT} input[value=${key}]`);
    const code = await page.inputValue(`${KIT} textarea.blog-${key}`);
    assert.match(code, /^<iframe src="[^"]+&amp;bare=1" title="그림 1-1\.[^"]*" width="100%" height="\d+" style="border:0" loading="lazy"><\/iframe>$/);
    const script = await page.inputValue(`${KIT} textarea.blog-${key}-script`);
    assert.ok(!script.includes('\n') && script.startsWith('<script>') && script.endsWith('</script>'), script);
    const labelOf = async (cls) => page.textContent(`${KIT} label[for="lease-expiry-${cls}"]`);
    assert.match(await labelOf(`blog-${key}`), key === 'tistory' ? /^티스토리 HTML 모드에/ : /^HTML에 붙여 넣을/);
    assert.match(await labelOf(`blog-${key}-script`), /높이 맞춤 스크립트/);
    snippets[key] = { code, script };
  }
  assert.equal(snippets.tistory.code, snippets.html.code);
  assert.equal(await page.inputValue(`${FIG} textarea.embed-bare`), snippets.html.code);
  assert.deepEqual(errors, []);
  await context.close();

  // A host page with the snippet and the script: the frame takes the
  // height the embed posts. It starts at a wrong height, so the message
  // is what sets it.
  const host = await openPage(browser, { width: 700, height: 900 });
  const html = snippets.html.code.replace(/height="\d+"/, 'height="150"');
  // The blog: another origin (another port: Chromium keeps a public page
  // from framing a local address, so the blog is local too).
  const blogDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-velog-blog-'));
  fs.writeFileSync(path.join(blogDir, 'index.html'), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body style="margin:0"><p>블로그 글</p>${html}${snippets.html.script}</body>`);
  const blog = await serve({ dir: blogDir });
  assert.notEqual(new URL(blog.base).origin, new URL(server.base).origin);
  await host.page.goto(blog.base);
  await host.page.waitForFunction(() => parseFloat(getComputedStyle(document.querySelector('iframe')).height) > 150, null, { timeout: 30000 });
  const frame = await (await host.page.$('iframe')).contentFrame();
  await frame.waitForSelector('figure canvas');
  await host.page.waitForTimeout(500);
  const [set, content] = [
    await host.page.$eval('iframe', (f) => Math.round(f.getBoundingClientRect().height)),
    await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)),
  ];
  console.log(`# the height script set the frame to ${set} px; the embed's document is ${content} px`);
  assert.ok(Math.abs(set - content) <= 1, `the frame follows the embed (${set} vs ${content})`);
  // A message from another origin, or of another shape, changes nothing.
  await host.page.evaluate(() => postMessage({ type: 'consistency-lab:height', height: 3000 }, '*'));
  await host.page.waitForTimeout(200);
  assert.equal(await host.page.$eval('iframe', (f) => Math.round(f.getBoundingClientRect().height)), set);
  assert.deepEqual(host.errors, []);
  await host.context.close();
  await blog.close();
});
