// Trunk `post_build` hook (Trunk.toml). Runs in Trunk's staging directory,
// after every asset is written and before it replaces dist/, for both
// `trunk build` and `trunk serve`:
//
// 1. Content-Security-Policy. Trunk's loader is an inline module script whose
//    text changes with every build (it names the hashed .js and .wasm), so
//    the policy is written here, with the sha256 of each inline script. The
//    policy loads nothing from a third-party origin (its one other origin is
//    a form's action, CodePen's, below) and allows no eval; 'wasm-unsafe-eval' lets
//    the page compile WebAssembly and nothing else. Inline style *attributes*
//    are allowed (Yew sets computed sizes with them); <style> elements are not.
// 1b. The static pages: the front page, the chapters and the embeds
//     (scripts/prerender.mjs; rendered by src/content/prerender.rs).
// 1b'. The English pages' fonts: the Latin cuts of Pretendard instead of the
//     Korean ones (scripts/font-splice.mjs).
// 1c. Precompressed .gz and .br copies of the large files.
// 2. Offline. `static/sw.js` is a service-worker template; it is written to
//    the site's root with the list of every staged file to precache, in three
//    parts (common, Korean, English: scripts/precache.mjs), and a cache name
//    derived from their contents, so a new build replaces the cache.
//
// First, though, the subresource integrity of what Trunk staged (0. below).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { filesUnder, integrityProblems, integrityRefs, sha384 } from './site-files.mjs';
import { prerenderPages, siteBase } from './prerender.mjs';
import { LATIN_CSS, spliceLatinFonts } from './font-splice.mjs';
import { precacheLists } from './precache.mjs';
import { spliceWordsPreload } from './words-preload.mjs';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) {
  console.error('trunk-post-build: TRUNK_STAGING_DIR is not set (run by Trunk, see Trunk.toml)');
  process.exit(1);
}
const root = join(new URL('.', import.meta.url).pathname, '..');

const indexPath = join(stage, 'index.html');
let html = readFileSync(indexPath, 'utf8');

// --- 0. Subresource integrity --------------------------------------------------
// Every digest index.html states must be the digest of the file it names, as
// Trunk computed it from the file it wrote. The hook verifies and never
// rewrites: a digest that does not fit its file fails the build.
//
// The crate has no wasm-bindgen JS snippets, which the parallel wasm
// pipelines used to write to the same paths (one build shipped the digest of
// a half-written file): the JavaScript halves are Trunk script assets, each
// written once. A staged snippets/ directory fails the build too
// (scripts/trunk-pre-build.mjs clears the one Trunk copies from).
const problems = integrityProblems(stage, html);
if (problems.length) {
  for (const p of problems) console.error(`trunk-post-build: ${p}`);
  console.error(`trunk-post-build: FAILED: ${problems.length} integrity problem(s); nothing was rewritten`);
  process.exit(1);
}
const verified = html.match(/\bintegrity="/g)?.length ?? 0;

// --- 0b. Integrity of what the page fetches itself -------------------------------
// Trunk's digests cover the tags of index.html. The browser checks them for
// scripts, stylesheets and module preloads, but the site's wasm is fetched
// by Trunk's loader, and the lazily loaded modules (`figures`, `check`) and the workers' glue
// by the page's own scripts, all without a digest. So the hook states the
// digest of each, computed from the file the build staged (it rewrites no
// digest Trunk wrote): in an import map's `integrity` (Chromium checks it on
// every import of the module, dynamic ones too), in a JSON block the page
// scripts read for their `fetch(…, { integrity })` (lazy_module.js, and the
// worker pool, src/web/worker_pool.rs, which fetches the site's own glue to
// run the site's module in its workers: the block names that file in
// `data-site-glue`), and in the loader's own fetch of the site's wasm, whose
// digest is the one Trunk's preload tag states (verified above). A file
// changed after the build is then refused, and the page says so.
const fetchedLater = {};
// The lazily loaded modules (index.html's `data-type="worker"` pipelines),
// each `NAME.js` and `NAME_bg.wasm` (src/web/js/lazy_module.js).
const LAZY_MODULES = ['figures', 'check'];
for (const name of LAZY_MODULES.flatMap((m) => [`${m}.js`, `${m}_bg.wasm`])) {
  const path = join(stage, name);
  if (!existsSync(path)) {
    console.error(`trunk-post-build: ${name} is missing (index.html's wasm pipelines)`);
    process.exit(1);
  }
  fetchedLater[name] = sha384(readFileSync(path));
}
const loader = /import init, \* as bindings from '([^']+\.js)';\nconst wasm = await init\(\{ module_or_path: '([^']+_bg\.wasm)' \}\);/;
const loaderMatch = html.match(loader);
if (!loaderMatch) {
  console.error("trunk-post-build: Trunk's loader does not have the expected shape (a new Trunk?); cannot make it check the site's wasm");
  process.exit(1);
}
const [, siteJs, siteWasm] = loaderMatch;
const digestOf = (href) => integrityRefs(html).find((r) => r.path === href.replace(/^\.?\//, ''))?.stated;
const siteJsDigest = digestOf(siteJs);
const siteWasmDigest = digestOf(siteWasm);
if (!siteJsDigest || !siteWasmDigest) {
  console.error(`trunk-post-build: no preload digest for ${siteJs} or ${siteWasm}`);
  process.exit(1);
}
const FAILED_KO = '사이트 파일이 빌드 때와 달라 실행하지 않았거나, 내려받지 못했습니다. 페이지를 새로 고쳐 주세요.';
html = html.replace(loader, [
  `import init, * as bindings from '${siteJs}';`,
  `const wasm = await init({ module_or_path: fetch('${siteWasm}', { integrity: '${siteWasmDigest}' }) }).catch((e) => {`,
  `  const app = document.getElementById('app');`,
  `  if (app) { app.textContent = ${JSON.stringify(FAILED_KO)}; app.setAttribute('role', 'alert'); }`,
  '  throw e;',
  '});',
].join('\n'));
const importMap = {
  integrity: { [siteJs]: siteJsDigest, ...Object.fromEntries(LAZY_MODULES.map((m) => [`./${m}.js`, fetchedLater[`${m}.js`]])) },
};
const siteGlue = siteJs.replace(/^\.?\//, '');
fetchedLater[siteGlue] = siteJsDigest;
const blocks = [
  `<script type="importmap">${JSON.stringify(importMap)}</script>`,
  `<script type="application/json" id="lab-integrity" data-site-glue="${siteGlue}">${JSON.stringify(fetchedLater)}</script>`,
].join('\n  ');
html = html.replace(/<meta charset="utf-8">/i, (m) => `${m}\n  ${blocks}`);
if (!html.includes('id="lab-integrity"')) {
  console.error('trunk-post-build: no <meta charset="utf-8"> to put the digests after');
  process.exit(1);
}

// --- 1. Content-Security-Policy ----------------------------------------------
const hashes = [];
// Every inline script the browser runs or reads as an import map (the JSON
// data block is neither, and CSP does not apply to it).
for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)) {
  hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // One form: the 퍼가기 kit's velog entry posts a pen's JSON to CodePen's
  // prefill API in a new tab (src/web/velog_pen.rs). form-action does not
  // fall back to default-src, so it names that origin and nothing else.
  "form-action https://codepen.io",
].join('; ');
if (html.includes('http-equiv="Content-Security-Policy"')) {
  console.error('trunk-post-build: index.html already has a CSP meta; the hook owns it');
  process.exit(1);
}
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
html = html.replace(/<meta charset="utf-8">/i, (m) => `${m}\n  ${meta}`);
if (!html.includes(meta)) {
  console.error('trunk-post-build: no <meta charset="utf-8"> to put the CSP after');
  process.exit(1);
}
writeFileSync(indexPath, html);

// --- 1b. The static pages -----------------------------------------------------
// index.html, ID.html for every chapter and embed-ID.html for every figure,
// readable before (and without) the wasm, and sitemap.xml (absolute under
// $LAB_SITE_URL when set): see scripts/prerender.mjs. After the CSP, so that
// they carry it too; index.html is rewritten with its own.
const pages = prerenderPages(root, stage, html);
const { base: oembedBase, deployed } = siteBase();
if (!deployed) {
  console.warn(`trunk-post-build: LAB_SITE_URL is not set: the oEmbed documents and their links name ${oembedBase} (the local server); set LAB_SITE_URL to the site's public address for a deployment (docs/site.md, "Deploying")`);
}

// --- 1b'. The English pages' fonts ------------------------------------------------
// Every staged page whose <html lang> is English preloads the Latin cuts and
// links latin-font.css (staged here, with its digest) instead of preloading
// the Korean cuts; Korean pages are left as they are. Returns how many pages
// it changed.
function spliceEnglishFonts() {
  const css = readFileSync(join(root, 'static', LATIN_CSS));
  writeFileSync(join(stage, LATIN_CSS), css);
  const digest = sha384(css);
  let spliced = 0;
  for (const path of filesUnder(stage).filter((p) => p.endsWith('.html'))) {
    const page = readFileSync(path, 'utf8');
    const depth = relative(stage, path).split(sep).length - 1;
    const out = spliceLatinFonts(page, digest, '../'.repeat(depth));
    if (out !== page) {
      writeFileSync(path, out);
      spliced += 1;
    }
  }
  return spliced;
}
let englishPages;
try {
  englishPages = spliceEnglishFonts();
} catch (e) {
  console.error(`trunk-post-build: ${e.message}`);
  process.exit(1);
}

// --- 1b''. The words preload ----------------------------------------------------
// Every staged page preloads its language's words file (scripts/words-preload.mjs),
// which the page fetches before it mounts (src/web/page_words.rs).
function spliceWordsPreloads() {
  let spliced = 0;
  for (const path of filesUnder(stage).filter((p) => p.endsWith('.html'))) {
    const page = readFileSync(path, 'utf8');
    const out = spliceWordsPreload(page);
    if (out !== page) {
      writeFileSync(path, out);
      spliced += 1;
    }
  }
  return spliced;
}
const wordsPreloads = spliceWordsPreloads();

// --- 1c. Precompressed copies ------------------------------------------------
// Next to every text or wasm file over 1 KB, its gzip (-9) and brotli (q 11)
// copies, for static hosts that serve them as they are (nginx gzip_static
// and brotli_static, and the like): no host has to compress at request time.
const COMPRESS = /\.(?:html|js|wasm|css|json|svg|txt|tsv|words)$/;
let compressed = 0;
for (const path of filesUnder(stage)) {
  if (!COMPRESS.test(path) || path.endsWith('sw.js')) continue;
  const bytes = readFileSync(path);
  if (bytes.length <= 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  compressed += 1;
}

// --- 2. Service worker -------------------------------------------------------
const staged = filesUnder(stage)
  .map((p) => relative(stage, p).split(sep).join('/'))
  .filter((p) => p !== 'sw.js' && !p.endsWith('.map') && !/\.(?:gz|br)$/.test(p))
  .sort();
// figures/: the static images for pages whose scripts cannot run, 2 MB an
// edition; only those a page's <img> names are precached, with its language
// (scripts/precache.mjs: a page opened at its own address may show one
// before its app takes over). Nor the link-card images (og/) and oEmbed
// documents, which other sites read.
const files = staged.filter((p) => !/^(?:figures|og)\//.test(p) && !p.endsWith('.oembed.json'));
const figureImages = staged.filter((p) => p.startsWith('figures/'));
const precache = precacheLists(files, (f) => readFileSync(join(stage, f), 'utf8'), figureImages);
const digest = createHash('sha256');
const listed = new Set(Object.values(precache).flat().map((u) => u.slice(2)));
for (const f of staged.filter((p) => listed.has(p))) digest.update(f).update('\0').update(readFileSync(join(stage, f)));
const cacheName = `consistency-lab-${digest.digest('hex').slice(0, 16)}`;
const precached = Object.values(precache).reduce((n, list) => n + list.length, 0);
const template = readFileSync(join(root, 'static', 'sw.js'), 'utf8');
const sw = template
  .replace('"__CACHE_NAME__"', JSON.stringify(cacheName))
  .replace('["__PRECACHE__"]', JSON.stringify(precache.common))
  .replace('["__PRECACHE_KO__"]', JSON.stringify(precache.ko))
  .replace('["__PRECACHE_EN__"]', JSON.stringify(precache.en));
if (/"__PRECACHE(?:_KO|_EN)?__"|"__CACHE_NAME__"/.test(sw)) {
  console.error('trunk-post-build: static/sw.js lacks its placeholders');
  process.exit(1);
}
writeFileSync(join(stage, 'sw.js'), sw);
console.log(`trunk-post-build: ${verified} integrity digest(s) verified, ${Object.keys(fetchedLater).length + 1} stated for what the page fetches itself; CSP with ${hashes.length} inline script hash(es); ${pages.filter((p) => p.endsWith('.html')).length} static pages with their oEmbed documents (under ${oembedBase}) and sitemap.xml; the Latin fonts on ${englishPages} English page(s); the words preload on ${wordsPreloads} page(s); ${compressed} files precompressed (.gz, .br); sw.js precaches ${precached} files (${precache.common.length} common, ${precache.ko.length} Korean, ${precache.en.length} English) as ${cacheName}`);
