// The English pages' fonts and the service worker's three lists (issue 42,
// "Fonts"), without a browser: scripts/font-splice.mjs swaps an English
// page's two Korean first-screen preloads for the Latin cuts and links
// latin-font.css, and leaves a Korean page byte for byte as it was;
// scripts/precache.mjs puts each file of a build in the common, Korean or
// English part. Once the site is built (dist/, or $SITE_DIST), the built
// site is checked too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATIN_CSS, pageLang, spliceLatinFonts } from '../../scripts/font-splice.mjs';
import { partOf, precacheLists } from '../../scripts/precache.mjs';

const head = (lang, prefix) => `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <link rel="stylesheet" href="${prefix}first-screen-font-0123abcd.css" integrity="sha384-AAA" crossorigin="anonymous">
  <link rel="preload" href="${prefix}fonts/Pretendard-Regular.first-screen.woff2" as="font" type="font/woff2" crossorigin="anonymous">
  <link rel="preload" href="${prefix}fonts/Pretendard-Bold.first-screen.woff2" as="font" type="font/woff2" crossorigin="anonymous">
</head>
<body><div id="app"><p class="loading">…</p></div></body>
</html>
`;

test('an English page preloads the Latin cuts and links their stylesheet', () => {
  const out = spliceLatinFonts(head('en', '../'), 'sha384-LATIN', '../');
  assert.doesNotMatch(out, /first-screen\.woff2/);
  for (const weight of ['Regular', 'Bold']) {
    assert.ok(
      out.includes(`<link rel="preload" href="../fonts/Pretendard-${weight}.latin.woff2" as="font" type="font/woff2" crossorigin="anonymous">`),
      `${weight}: ${out}`,
    );
  }
  const link = `<link rel="stylesheet" href="../${LATIN_CSS}" integrity="sha384-LATIN" crossorigin="anonymous">`;
  assert.equal(out.split(link).length, 2, 'the stylesheet is linked once');
  assert.ok(out.indexOf(link) < out.indexOf('Regular.latin.woff2'), 'before the preloads');
  // The Korean faces' stylesheet stays: a <span lang="ko"> falls back to it.
  assert.ok(out.includes('first-screen-font-0123abcd.css'));
  // At the root, the paths have no prefix; under en/ they lead back to the
  // root even if the Korean preloads did not.
  const root = spliceLatinFonts(head('en', ''), 'sha384-LATIN');
  assert.ok(root.includes('href="fonts/Pretendard-Bold.latin.woff2"') && root.includes(`href="${LATIN_CSS}"`));
  const fixed = spliceLatinFonts(head('en', ''), 'sha384-LATIN', '../');
  assert.ok(fixed.includes('href="../fonts/Pretendard-Bold.latin.woff2"') && fixed.includes(`href="../${LATIN_CSS}"`));
});

test('a Korean page, or a page without a language, is left byte for byte', () => {
  for (const page of [head('ko', ''), head('ko', '../'), head('', '')]) {
    assert.equal(spliceLatinFonts(page, 'sha384-LATIN'), page);
  }
  assert.equal(pageLang('<html lang="ko" data-embed="">'), 'ko');
});

test('an English page the splice cannot read fails loudly, never half done', () => {
  const oneCut = head('en', '').replace(/\n *<link rel="preload"[^\n]*Bold[^\n]*/, '');
  assert.throws(() => spliceLatinFonts(oneCut, 'sha384-X'), /two Korean first-screen cuts/);
  const twice = spliceLatinFonts(head('en', ''), 'sha384-X');
  assert.throws(() => spliceLatinFonts(twice, 'sha384-X'), /two Korean first-screen cuts|already/);
});

test('every file of a build falls in one part: common, Korean or English', () => {
  const pages = {
    'index.html': head('ko', ''),
    'a1-lease-expiry.html': head('ko', ''),
    'embed-lease-expiry.html': '<!doctype html>\n<html lang="ko" data-embed="">',
    'en/index.html': head('en', '../'),
    'en/a1-lease-expiry.html': head('en', '../'),
  };
  const files = [
    ...Object.keys(pages),
    'site-0123_bg.wasm', 'site-0123.js', 'site-0123.css', 'first-screen-font-0123.css', LATIN_CSS,
    'fonts/Pretendard-Regular.first-screen.woff2', 'fonts/Pretendard-Bold.subset.woff2',
    'fonts/Pretendard-Regular.latin.woff2', 'fonts/Pretendard-Regular.ko-name.woff2', 'fonts/Pretendard-LICENSE.txt', 'fonts/latin-chars.txt',
    'content/html/a1-lease-expiry.html', 'content/html/en/a1-lease-expiry.html', 'real/a1.json',
    'words/ko.words', 'words/en.words',
  ];
  const read = (f) => pages[f] ?? '';
  const lists = precacheLists(files, read);
  assert.deepEqual(lists.ko, [
    './', './a1-lease-expiry.html', './content/html/a1-lease-expiry.html', './embed-lease-expiry.html',
    './fonts/Pretendard-Bold.subset.woff2', './fonts/Pretendard-Regular.first-screen.woff2', './index.html',
    './words/ko.words',
  ]);
  assert.deepEqual(lists.en, [
    './content/html/en/a1-lease-expiry.html', './en/a1-lease-expiry.html', './en/index.html',
    './fonts/Pretendard-Regular.ko-name.woff2', './fonts/Pretendard-Regular.latin.woff2', `./${LATIN_CSS}`, './words/en.words',
  ]);
  assert.deepEqual(lists.common, [
    './first-screen-font-0123.css', './fonts/Pretendard-LICENSE.txt', './fonts/latin-chars.txt', './real/a1.json',
    './site-0123.css', './site-0123.js', './site-0123_bg.wasm',
  ]);
  assert.equal(partOf('en/embed-lease-expiry.html', read), 'en');
});

test('a language\'s part also holds the images its pages name and, for English, the Korean cuts its Korean words ask for', () => {
  const pages = {
    'index.html': `${head('ko', '')}<picture><source media="(max-width: 600px)" srcset="figures/hook-narrow.png"><img src="figures/hook.png"></picture>`,
    'b1-remember.html': `${head('ko', '')}<h1>기억</h1><img src="figures/vote-story.png" width="760">`,
    'en/b1-remember.html': `${head('en', '../')}<h1>Remember <span lang="ko">기억</span></h1><img src="../figures/en/vote-story.png"><img src="https://elsewhere.invalid/x.png">`,
    'en/a2-watchdog.html': `${head('en', '../')}<p>No Korean words.</p>`,
    'first-screen-font-0123.css': [
      '@font-face { font-family: "Pretendard"; font-weight: 400; src: url("fonts/Pretendard-Regular.subset.woff2") format("woff2"); unicode-range: U+0-1F, U+7F-AE2F, U+AE31-10FFFF; }',
      '@font-face { font-family: "Pretendard"; font-weight: 400; src: url("fonts/Pretendard-Regular.first-screen.woff2") format("woff2"); unicode-range: U+20-7E, U+AE30; }',
      '@font-face { font-family: "Pretendard"; font-weight: 700; src: url("fonts/Pretendard-Bold.first-screen.woff2") format("woff2"); unicode-range: U+20-7E, U+C5B4; }',
    ].join('\n'),
  };
  const files = [
    ...Object.keys(pages),
    'fonts/Pretendard-Regular.subset.woff2', 'fonts/Pretendard-Regular.first-screen.woff2', 'fonts/Pretendard-Bold.first-screen.woff2',
  ];
  const images = ['figures/hook.png', 'figures/hook-narrow.png', 'figures/hook-dark.png', 'figures/vote-story.png', 'figures/en/vote-story.png', 'figures/en/outage.png'];
  const lists = precacheLists(files, (f) => pages[f] ?? '', images);
  assert.deepEqual(lists.ko, [
    './', './b1-remember.html', './figures/hook-narrow.png', './figures/hook.png', './figures/vote-story.png',
    './fonts/Pretendard-Bold.first-screen.woff2', './fonts/Pretendard-Regular.first-screen.woff2', './fonts/Pretendard-Regular.subset.woff2',
    './index.html',
  ]);
  // 기 (U+AE30) is in the Regular first-screen cut, 억 (U+C5B5) in the Regular subset: the
  // English part gets those two and not the Bold cut, which holds neither.
  assert.deepEqual(lists.en, [
    './en/a2-watchdog.html', './en/b1-remember.html', './figures/en/vote-story.png',
    './fonts/Pretendard-Regular.first-screen.woff2', './fonts/Pretendard-Regular.subset.woff2',
  ]);
  assert.deepEqual(lists.common, ['./first-screen-font-0123.css']);
});

// The built site: its Korean pages preload the Korean cuts, its English
// pages (once the prerender writes them) the Latin ones, and its sw.js
// lists no file twice and every Korean page in the Korean part.
// (The same default as helpers.mjs, which this file imports only when a browser is needed.)
const dist = process.env.SITE_DIST || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const unbuilt = !fs.existsSync(path.join(dist, 'en', 'index.html')) && `no built site in ${dist}`;
test('the built site: Korean pages keep the Korean cuts, English pages get the Latin ones', { skip: unbuilt }, () => {
  const htmlFiles = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) htmlFiles.push(p);
    }
  };
  walk(dist);
  let korean = 0;
  for (const file of htmlFiles) {
    const page = fs.readFileSync(file, 'utf8');
    const lang = pageLang(page);
    if (lang === 'ko') {
      korean += 1;
      assert.ok(page.includes('fonts/Pretendard-Regular.first-screen.woff2') && !page.includes('.latin.woff2'), file);
    } else if (lang === 'en') {
      assert.ok(page.includes('Pretendard-Regular.latin.woff2') && !page.includes('first-screen.woff2'), file);
      const depth = path.relative(dist, file).split(path.sep).length - 1;
      for (const [, href] of page.matchAll(/href="([^"]*(?:\.latin\.woff2|latin-font\.css))"/g)) {
        assert.ok(href.startsWith('../'.repeat(depth)), `${file}: ${href}`);
        assert.ok(fs.existsSync(path.join(path.dirname(file), href)), `${file}: ${href} is not in the build`);
      }
      assert.ok(page.includes(LATIN_CSS), file);
    }
  }
  assert.ok(korean > 10, `${korean} Korean pages`);
  assert.ok(fs.existsSync(path.join(dist, LATIN_CSS)) && fs.existsSync(path.join(dist, 'fonts/Pretendard-Bold.latin.woff2')));
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const lists = JSON.parse(`{${sw.match(/const PRECACHE = \{([^\n]*)\};/)[1].replace(/(\w+):/g, '"$1":')}}`);
  // A file is in one part, but for the Korean cuts an English page's Korean words ask for (Korean and English).
  for (const list of Object.values(lists)) assert.equal(new Set(list).size, list.length, 'a file twice in a part');
  const twice = lists.en.filter((u) => lists.ko.includes(u) || lists.common.includes(u));
  assert.ok(twice.every((u) => /^\.\/fonts\/Pretendard-[A-Za-z]+\.(?:first-screen|subset)\.woff2$/.test(u) && lists.ko.includes(u)), `in two parts: ${twice}`);
  assert.ok(!lists.ko.some((u) => lists.common.includes(u)), 'a Korean file in the common part');
  assert.ok(lists.ko.includes('./') && lists.ko.includes('./a1-lease-expiry.html'));
  assert.ok(lists.en.includes(`./${LATIN_CSS}`) && !lists.common.some((u) => u.endsWith('.first-screen.woff2')));
});

// In a browser: an English page, as its static HTML shows it (scripts off:
// the live app's English words are piece 8's), fetches the two Latin cuts and
// no Korean cut, unless it shows Hangul besides the Korean edition's name (its
// edition switch, set from the tiny ko-name cut): a Korean term in a
// <span lang="ko">, which falls back to the Korean faces. A Korean page
// fetches no Latin cut.
test('an English page fetches the Latin cuts and no Korean one; a Korean page no Latin one', { skip: unbuilt }, async () => {
  const { serve, launch } = await import('./helpers.mjs');
  const server = await serve({ dir: dist });
  const browser = await launch();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
    const pages = [
      ...fs.readdirSync(path.join(dist, 'en')).filter((f) => /^[a-z0-9-]+\.html$/.test(f) && !f.startsWith('embed-')).map((f) => `en/${f}`),
      'a1-lease-expiry.html',
      'b2-durable.html',
    ].sort();
    assert.ok(pages.length > 10, `${pages.length} pages`);
    const koName = fs.readFileSync(path.join(dist, 'fonts', 'latin-chars.txt'), 'utf8').match(/^ko-name\t(.*)$/m)[1];
    let quiet = 0;
    for (const file of pages) {
      const page = await context.newPage();
      const fonts = [];
      page.on('request', (r) => { if (r.url().endsWith('.woff2')) fonts.push(path.basename(new URL(r.url()).pathname)); });
      await page.goto(`${server.base}${file}`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => null));
      const lang = await page.evaluate(() => document.documentElement.lang);
      // Hangul shown besides the Korean edition's name, and Hangul shown outside a lang="ko" element.
      const [hangul, stray] = await page.evaluate((name) => {
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        let seen = false, outside = [];
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          if (!/[\uAC00-\uD7A3]/.test(n.data) || n.parentElement.closest('noscript, script, style')) continue;
          if ([...n.data].some((c) => /[\uAC00-\uD7A3]/.test(c) && !name.includes(c))) seen = true;
          if (n.parentElement.closest('[lang]')?.lang !== 'ko') outside.push(n.data.trim().slice(0, 40));
        }
        return [seen, outside];
      }, koName);
      const latin = fonts.filter((f) => /\.(?:latin|ko-name)\.woff2$/.test(f));
      const korean = fonts.filter((f) => /\.(?:first-screen|subset)\.woff2$/.test(f));
      if (lang === 'en') {
        assert.deepEqual(latin.filter((f) => f.endsWith('.latin.woff2')).sort(), ['Pretendard-Bold.latin.woff2', 'Pretendard-Regular.latin.woff2'], `${file}: ${fonts}`);
        // Korean words on an English page are marked as such, so they fall back to the Korean faces.
        assert.deepEqual(stray, [], `${file}: Hangul outside a lang="ko" element`);
        if (!hangul) {
          assert.deepEqual(korean, [], `${file} shows no Hangul yet fetched ${korean}`);
          quiet += 1;
        }
      } else {
        assert.equal(lang, 'ko', file);
        assert.deepEqual(latin, [], `${file}: ${fonts}`);
        assert.ok(korean.includes('Pretendard-Regular.first-screen.woff2'), `${file}: ${fonts}`);
      }
      await page.close();
    }
    assert.ok(quiet >= 5, `only ${quiet} English pages show no Hangul but the Korean edition's name`);
  } finally {
    await browser.close();
    await server.close();
  }
});
