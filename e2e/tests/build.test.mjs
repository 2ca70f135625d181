// The built site as files, before any browser loads it: every subresource
// integrity digest in index.html is the digest of the file it names, the
// page's scripts are their sources, no wasm module carries JS snippets, and
// the post-build hook fails a build whose digests do not fit its files
// instead of rewriting them. (Trunk's parallel pipelines once raced on the
// shared snippet files and shipped the digest of an empty table_pool.js;
// Chromium then refused the module and some page loads never started.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { dist, root, runPostBuildHook, stagedCopyOfBuild } from './helpers.mjs';
import { fetchedDigests, integrityProblems, integrityRefs, sha384, subresourceTags } from '../../scripts/site-files.mjs';

const html = () => fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

test('every subresource of index.html carries the digest of the file it names', () => {
  const refs = integrityRefs(html());
  assert.ok(refs.length >= 8, `only ${refs.length} tags with an integrity digest`);
  assert.ok(subresourceTags(html()).length >= refs.length - 1, 'the subresource tags were found');
  assert.deepEqual(integrityProblems(dist, html()), []);
});

test('no wasm module carries JS snippets; the page scripts are their sources', () => {
  assert.ok(!fs.existsSync(path.join(dist, 'snippets')), 'dist/snippets/ exists');
  const sources = fs.readdirSync(path.join(root, 'src', 'web', 'js'));
  for (const name of sources) {
    const stem = name.replace(/\.js$/, '');
    const tag = [...html().matchAll(/<script\b[^>]*\bsrc="\.?\/([^"]+)"[^>]*>/g)].find(([, src]) => src.startsWith(`${stem}-`));
    assert.ok(tag, `index.html loads no ${stem}-<hash>.js`);
    assert.match(tag[0], /\bdefer\b/, `${stem} runs before the site's module`);
    assert.ok(fs.readFileSync(path.join(dist, tag[1])).equals(fs.readFileSync(path.join(root, 'src', 'web', 'js', name))), `${tag[1]} is src/web/js/${name}`);
  }
});

test('the post-build hook verifies a sound build and writes its CSP', () => {
  const { stage, indexPath } = stagedCopyOfBuild();
  const run = runPostBuildHook(stage);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /integrity digest\(s\) verified/);
  const page = fs.readFileSync(indexPath, 'utf8');
  assert.match(page, /http-equiv="Content-Security-Policy"/);
  // The digests of what the page fetches itself, each its file's.
  assert.match(page, /<script type="importmap">/);
  assert.match(page, /init\(\{ module_or_path: fetch\('[^']+_bg\.wasm', \{ integrity: 'sha384-/);
  const siteGlue = `site-${page.match(/\/site-([0-9a-f]+)\.js/)[1]}.js`;
  // Each lazily loaded module (`figures`, and `check` for figure 8-1): its glue in the import map and the
  // digests block, its wasm in the block; the site's glue in both.
  assert.deepEqual(fetchedDigests(page).map((d) => d.path).sort(),
    ['figures.js', 'figures.js', 'figures_bg.wasm', 'check.js', 'check.js', 'check_bg.wasm', siteGlue, siteGlue].sort());
  // The worker pool finds the site's glue, to run the site's module in its workers, through the digests block.
  assert.match(page, new RegExp(`id="lab-integrity" data-site-glue="${siteGlue}"`));
  // Every address is relative to the page (Trunk.toml's public_url), so the site works under any path.
  assert.doesNotMatch(page, /\b(?:href|src)="\/[^/]/, 'a root-relative address');
  assert.deepEqual(integrityProblems(stage, page), []);
  fs.rmSync(stage, { recursive: true, force: true });
});

// Trunk copies whatever lies in the wasm-bindgen output directory's snippets/
// (in the cargo target directory, which other builds may share) into the site.
test('the pre-build hook clears left-over snippets from the wasm-bindgen output directory', () => {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-target-'));
  const snippets = path.join(target, 'wasm-bindgen', 'release', 'snippets', 'consistency-lab-0', 'src', 'web', 'js');
  fs.mkdirSync(snippets, { recursive: true });
  fs.writeFileSync(path.join(snippets, 'table_pool.js'), '');
  const run = spawnSync('node', [path.join(root, 'scripts', 'trunk-pre-build.mjs')], { cwd: root, env: { ...process.env, CARGO_TARGET_DIR: target }, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(!fs.existsSync(path.join(target, 'wasm-bindgen', 'release', 'snippets')), 'the snippets are still there');
  fs.rmSync(target, { recursive: true, force: true });
});

// Each way a digest can fail to fit its file: a planted wrong digest, a file
// changed after Trunk hashed it (the script, the stylesheet, the site wasm),
// a digest removed, and a staged snippets/ directory. The hook must fail the
// build and leave index.html as it found it.
const TAMPERINGS = {
  'a planted wrong digest': (stage, page) => {
    const { stated } = integrityRefs(page).find((r) => /lazy_module-/.test(r.path));
    return page.replace(stated, sha384(Buffer.alloc(0)));
  },
  'code appended to a page script': (stage, page) => {
    const { path: url } = integrityRefs(page).find((r) => /embed-.*\.js$/.test(r.path));
    fs.appendFileSync(path.join(stage, url), '\nfetch("https://evil.example/");\n');
    return page;
  },
  'a changed stylesheet': (stage, page) => {
    const { path: url } = integrityRefs(page).find((r) => r.path.endsWith('.css'));
    fs.appendFileSync(path.join(stage, url), '\nbody { display: none }\n');
    return page;
  },
  'a changed site wasm': (stage, page) => {
    const { path: url } = integrityRefs(page).find((r) => r.path.endsWith('.wasm'));
    fs.appendFileSync(path.join(stage, url), Buffer.from([0]));
    return page;
  },
  'a digest removed': (stage, page) => page.replace(/\s*integrity="[^"]*"/, ''),
  'a snippets directory (from a module with JS snippets, or left over by another build)': (stage, page) => {
    fs.mkdirSync(path.join(stage, 'snippets', 'consistency-lab-0', 'src', 'web', 'js'), { recursive: true });
    fs.writeFileSync(path.join(stage, 'snippets', 'consistency-lab-0', 'src', 'web', 'js', 'table_pool.js'), '');
    return page;
  },
};
for (const [name, tamper] of Object.entries(TAMPERINGS)) {
  test(`the post-build hook fails the build on ${name}, rewriting nothing`, () => {
    const { stage, indexPath } = stagedCopyOfBuild();
    const page = tamper(stage, fs.readFileSync(indexPath, 'utf8'));
    fs.writeFileSync(indexPath, page);
    const run = runPostBuildHook(stage);
    assert.notEqual(run.status, 0, `the hook passed: ${run.stdout}`);
    assert.match(run.stderr, /FAILED: \d+ integrity problem/);
    assert.equal(fs.readFileSync(indexPath, 'utf8'), page, 'index.html was rewritten');
    fs.rmSync(stage, { recursive: true, force: true });
  });
}

test('the large files come with precompressed .gz and .br copies that decompress to them', () => {
  const large = fs.readdirSync(dist).filter((f) => /\.(?:html|js|wasm|css)$/.test(f) && f !== 'sw.js' && fs.statSync(path.join(dist, f)).size > 1024);
  assert.ok(large.some((f) => f.endsWith('.wasm')) && large.includes('index.html'), large.join(', '));
  for (const f of large) {
    const bytes = fs.readFileSync(path.join(dist, f));
    assert.ok(zlib.gunzipSync(fs.readFileSync(path.join(dist, `${f}.gz`))).equals(bytes), `${f}.gz`);
    assert.ok(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${f}.br`))).equals(bytes), `${f}.br`);
  }
});
