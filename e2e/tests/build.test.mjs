// The built site as files, before any browser loads it: every subresource
// integrity digest in index.html is the digest of the file it names, and every
// JS snippet is its source file. (Trunk's parallel pipelines once shipped the
// digest of an empty table_pool.js; Chromium then refused the module and some
// page loads never started the app. scripts/trunk-post-build.mjs now checks
// and corrects both; this test holds the result to it.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dist, root } from './helpers.mjs';

const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

function filesUnder(dir) {
  return fs.readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return fs.statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

test('every integrity digest in index.html is the digest of the file it names', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<(?:link|script)\b[^>]*\bintegrity="([^"]+)"[^>]*>/g)];
  assert.ok(tags.length >= 6, `only ${tags.length} tags with an integrity digest`);
  for (const [tag, stated] of tags) {
    const url = /\b(?:href|src)="\/([^"?#]+)"/.exec(tag)?.[1];
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
    const inCrate = path.relative(snippets, file).split(path.sep).slice(1).join('/');
    const source = path.join(root, inCrate);
    assert.ok(fs.existsSync(source), `${inCrate} has no source in the repository`);
    assert.ok(fs.readFileSync(file).equals(fs.readFileSync(source)), `${inCrate} differs from its source`);
  }
});
