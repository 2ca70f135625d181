// The built site as files, before any browser loads it: every subresource
// integrity digest in index.html is the digest of the file it names, and every
// JS snippet is its source file. (Trunk's parallel pipelines once shipped the
// digest of an empty table_pool.js; Chromium then refused the module and some
// page loads never started the app. scripts/trunk-post-build.mjs now checks
// and corrects both; this test holds the result to it.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dist, root } from './helpers.mjs';
import { filesUnder, integrityRefs, sha384, snippetSourcePath } from '../../scripts/site-files.mjs';

test('every integrity digest in index.html is the digest of the file it names', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = integrityRefs(html);
  assert.ok(refs.length >= 6, `only ${refs.length} tags with an integrity digest`);
  for (const { tag, path: url, stated } of refs) {
    assert.ok(url, `no local address in ${tag}`);
    const file = path.join(dist, decodeURIComponent(url));
    assert.ok(fs.existsSync(file), `index.html names /${url}, which is not in dist/`);
    assert.equal(sha384(fs.readFileSync(file)), stated, `the integrity digest of /${url}`);
  }
});

test('every JS snippet in dist/ is its source file', () => {
  const snippets = path.join(dist, 'snippets');
  const files = filesUnder(snippets);
  assert.ok(files.length >= 4, `only ${files.length} snippets`);
  for (const file of files) {
    const inCrate = snippetSourcePath(snippets, file);
    const source = path.join(root, inCrate);
    assert.ok(fs.existsSync(source), `${inCrate} has no source in the repository`);
    assert.ok(fs.readFileSync(file).equals(fs.readFileSync(source)), `${inCrate} differs from its source`);
  }
});

test('the post-build hook restores a snippet and corrects a digest that a racing pipeline left wrong', () => {
  // A staging directory as Trunk leaves it after the race: dist/ without the
  // hook's CSP, one snippet emptied, and index.html stating the empty file's
  // digest for another.
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-stage-'));
  fs.cpSync(dist, stage, { recursive: true });
  const indexPath = path.join(stage, 'index.html');
  let html = fs.readFileSync(indexPath, 'utf8').replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
  const snippet = (name) => filesUnder(path.join(stage, 'snippets')).find((f) => f.endsWith(`/src/web/js/${name}`));
  fs.writeFileSync(snippet('embed.js'), '');
  const url = '/' + path.relative(stage, snippet('table_pool.js')).split(path.sep).join('/');
  const empty = sha384(Buffer.alloc(0));
  html = html.replace(new RegExp(`(href="${url}"[^>]*integrity=")[^"]+"`), `$1${empty}"`);
  assert.ok(html.includes(empty), 'the test set up a wrong digest');
  fs.writeFileSync(indexPath, html);

  const log = execFileSync('node', [path.join(root, 'scripts', 'trunk-post-build.mjs')], { env: { ...process.env, TRUNK_STAGING_DIR: stage }, encoding: 'utf8' });
  assert.match(log, /restored snippet src\/web\/js\/embed\.js/);
  assert.match(log, /1 integrity attribute\(s\) corrected/);
  assert.ok(fs.readFileSync(snippet('embed.js')).equals(fs.readFileSync(path.join(root, 'src', 'web', 'js', 'embed.js'))));
  const fixed = fs.readFileSync(indexPath, 'utf8');
  assert.ok(!fixed.includes(empty), 'the empty file\'s digest is still stated');
  assert.ok(fixed.includes(sha384(fs.readFileSync(snippet('table_pool.js')))), 'table_pool.js is not stated with its digest');
  assert.match(fixed, /http-equiv="Content-Security-Policy"/);
  fs.rmSync(stage, { recursive: true, force: true });
});
