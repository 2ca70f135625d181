// Trunk `post_build` hook (Trunk.toml). Runs in Trunk's staging directory,
// after every asset is written and before it replaces dist/, for both
// `trunk build` and `trunk serve`:
//
// 1. Content-Security-Policy. Trunk's loader is an inline module script whose
//    text changes with every build (it names the hashed .js and .wasm), so
//    the policy is written here, with the sha256 of each inline script. The
//    policy allows no third-party origin and no eval; 'wasm-unsafe-eval' lets
//    the page compile WebAssembly and nothing else. Inline style *attributes*
//    are allowed (Yew sets computed sizes with them); <style> elements are not.
// 2. Offline. `static/sw.js` is a service-worker template; it is written to
//    the site's root with the list of every staged file to precache and a
//    cache name derived from their contents, so a new build replaces the cache.
//
// First, though, the subresource integrity of what Trunk staged (0. below).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { filesUnder, integrityRefs, sha384, snippetSourcePath } from './site-files.mjs';

const stage = process.env.TRUNK_STAGING_DIR;
if (!stage) {
  console.error('trunk-post-build: TRUNK_STAGING_DIR is not set (run by Trunk, see Trunk.toml)');
  process.exit(1);
}
const root = join(new URL('.', import.meta.url).pathname, '..');

const indexPath = join(stage, 'index.html');
let html = readFileSync(indexPath, 'utf8');

// --- 0. Subresource integrity --------------------------------------------------
// Trunk builds the six wasm binaries in parallel, and every one of them writes
// the crate's JS snippets (snippets/consistency-lab-*/src/web/js/*.js) to the
// same path. The site's pipeline can hash a snippet just as another pipeline
// has truncated it to write it again: one build shipped table_pool.js with
// integrity="sha384-" of the empty file, Chromium refused the preload, and
// some page loads never started the app. So each staged snippet must be its
// source file, and every integrity attribute is checked against the file it
// names and corrected, with a line saying so.
const snippetsDir = join(stage, 'snippets');
if (existsSync(snippetsDir)) {
  for (const file of filesUnder(snippetsDir)) {
    const inCrate = snippetSourcePath(snippetsDir, file);
    const source = join(root, inCrate);
    if (!existsSync(source)) continue; // a dependency's snippet
    const want = readFileSync(source);
    if (!readFileSync(file).equals(want)) {
      writeFileSync(file, want);
      console.log(`trunk-post-build: restored snippet ${inCrate} from its source (a parallel pipeline had left it different)`);
    }
  }
}
let corrected = 0;
for (const { tag, path: url, stated } of integrityRefs(html)) {
  if (!url) continue;
  const file = join(stage, decodeURIComponent(url));
  if (!existsSync(file)) {
    console.error(`trunk-post-build: index.html names /${url}, which the build did not stage`);
    process.exit(1);
  }
  const actual = sha384(readFileSync(file));
  if (actual === stated) continue;
  corrected++;
  console.log(`trunk-post-build: integrity of /${url} corrected (Trunk hashed it as ${stated}, the file is ${actual})`);
  const fixed = tag.replace(`integrity="${stated}"`, `integrity="${actual}"`);
  html = html.replace(tag, () => fixed);
}

// --- 1. Content-Security-Policy ----------------------------------------------
const hashes = [];
for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
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
  "form-action 'none'",
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

// --- 2. Service worker -------------------------------------------------------
const files = filesUnder(stage)
  .map((p) => relative(stage, p).split(sep).join('/'))
  .filter((p) => p !== 'sw.js' && !p.endsWith('.map'))
  .sort();
const digest = createHash('sha256');
for (const f of files) digest.update(f).update('\0').update(readFileSync(join(stage, f)));
const cacheName = `consistency-lab-${digest.digest('hex').slice(0, 16)}`;
const precache = ['./', ...files.map((f) => `./${f}`)];
const template = readFileSync(join(root, 'static', 'sw.js'), 'utf8');
const sw = template
  .replace('"__CACHE_NAME__"', JSON.stringify(cacheName))
  .replace('["__PRECACHE__"]', JSON.stringify(precache));
if (sw === template) {
  console.error('trunk-post-build: static/sw.js lacks its placeholders');
  process.exit(1);
}
writeFileSync(join(stage, 'sw.js'), sw);
console.log(`trunk-post-build: ${corrected} integrity attribute(s) corrected; CSP with ${hashes.length} inline script hash(es); sw.js precaches ${precache.length} files as ${cacheName}`);
