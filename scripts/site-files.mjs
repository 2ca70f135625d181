// Reading a built (or staged) site as files: shared by Trunk's post-build hook
// (scripts/trunk-post-build.mjs), which fails the build on any integrity
// problem, and by e2e/tests/build.test.mjs, which checks the built site.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, recursively. */
export function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A subresource-integrity digest, as index.html states it. */
export const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * The `<link>` and `<script>` tags of `html` that state an integrity digest:
 * the tag, the site-relative path it names (without the leading `/`; undefined
 * for a tag with no local address) and the digest it states.
 */
export function integrityRefs(html) {
  return [...html.matchAll(/<(?:link|script)\b[^>]*\bintegrity="([^"]*)"[^>]*>/g)].map(([tag, stated]) => ({
    tag,
    path: localPath(tag),
    stated,
  }));
}

/**
 * The site-relative path a tag's `href` or `src` names (no leading `./` or
 * `/`), if it is local: Trunk writes `./NAME` (Trunk.toml's `public_url`),
 * and a root-relative `/NAME` is read the same way.
 */
const localPath = (tag) => /\b(?:href|src)="\.?\/([^"?#]+)"/.exec(tag)?.[1];

/**
 * The `<script src>` and stylesheet/preload `<link>` tags of `html` that name
 * a file of the site: each must carry a digest.
 */
export function subresourceTags(html) {
  return [...html.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>|<link\b[^>]*\brel="(?:stylesheet|modulepreload|preload)"[^>]*>/g)]
    .map(([tag]) => ({ tag, path: localPath(tag) }))
    .filter(({ path }) => path);
}

/**
 * What is wrong with the integrity of the site in `dir` whose page is `html`,
 * as sentences (empty: nothing): wasm-bindgen JS snippets (the crate has
 * none, see tests/tidy.rs, no_js_snippets: their shared paths are what
 * Trunk's parallel pipelines raced on), a subresource without a digest, a
 * digest for a file that is missing or different.
 */
export function integrityProblems(dir, html) {
  const problems = [];
  if (existsSync(join(dir, 'snippets'))) {
    problems.push('the build has a snippets/ directory: a wasm module carries wasm-bindgen JS snippets, or another build left some '
      + 'in the cargo target directory\'s wasm-bindgen/ during this one (scripts/trunk-pre-build.mjs removes them before a build)');
  }
  for (const { tag, path } of subresourceTags(html)) {
    if (!/\bintegrity="/.test(tag)) problems.push(`/${path} is loaded without an integrity digest: ${tag}`);
  }
  for (const { tag, path, stated } of integrityRefs(html)) {
    if (!path) {
      problems.push(`no local address in ${tag}`);
      continue;
    }
    const file = join(dir, decodeURIComponent(path));
    if (!existsSync(file)) {
      problems.push(`index.html names /${path}, which the build does not have`);
      continue;
    }
    const actual = sha384(readFileSync(file));
    if (actual !== stated) problems.push(`the digest of /${path} is ${actual}, but index.html states ${stated || '(nothing)'}`);
  }
  for (const { path, stated } of fetchedDigests(html)) {
    const file = join(dir, path);
    const actual = existsSync(file) ? sha384(readFileSync(file)) : '(no such file)';
    if (actual !== stated) problems.push(`the digest of ${path} is ${actual}, but index.html's digests for the page's own fetches state ${stated}`);
  }
  return problems;
}

// The two blocks scripts/trunk-post-build.mjs adds to index.html for what
// the page fetches itself: an import map with `integrity`, and the
// `lab-integrity` JSON block the page scripts read.
const IMPORT_MAP_BLOCK = /\s*<script type="importmap">([\s\S]*?)<\/script>/;
const DIGESTS_BLOCK = /\s*<script type="application\/json" id="lab-integrity"[^>]*>([\s\S]*?)<\/script>/;

/** `html` without those blocks: they name files to check them when fetched, and load nothing. */
export const withoutFetchedDigests = (html) => html.replace(IMPORT_MAP_BLOCK, '').replace(DIGESTS_BLOCK, '');

/**
 * The digests those blocks state, each with the site-relative path it is
 * for; none before the hook ran.
 */
export function fetchedDigests(html) {
  const block = (re) => { const m = re.exec(html); return m ? JSON.parse(m[1]) : null; };
  const out = [];
  const json = block(DIGESTS_BLOCK);
  for (const [path, stated] of Object.entries(json || {})) out.push({ path, stated });
  const map = block(IMPORT_MAP_BLOCK);
  for (const [url, stated] of Object.entries(map?.integrity || {})) out.push({ path: url.replace(/^\.?\//, ''), stated });
  return out;
}
