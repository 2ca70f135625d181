// Reading a built (or staged) site as files: shared by Trunk's post-build hook
// (scripts/trunk-post-build.mjs), which corrects what it finds, and by
// e2e/tests/build.test.mjs, which checks the result.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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
  return [...html.matchAll(/<(?:link|script)\b[^>]*\bintegrity="([^"]+)"[^>]*>/g)].map(([tag, stated]) => ({
    tag,
    path: /\b(?:href|src)="\/([^"?#]+)"/.exec(tag)?.[1],
    stated,
  }));
}

/** The repository path a staged snippet was copied from: snippets/<crate-hash>/src/… → src/…. */
export function snippetSourcePath(snippetsDir, file) {
  return relative(snippetsDir, file).split(sep).slice(1).join('/');
}
