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
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { filesUnder, integrityProblems } from './site-files.mjs';

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
console.log(`trunk-post-build: ${verified} integrity digest(s) verified; CSP with ${hashes.length} inline script hash(es); sw.js precaches ${precache.length} files as ${cacheName}`);
