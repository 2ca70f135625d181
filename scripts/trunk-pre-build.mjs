// Trunk `pre_build` hook (Trunk.toml): clears the wasm-bindgen output
// directory's snippets/ before the pipelines start.
//
// Trunk runs wasm-bindgen for every wasm module into one directory under the
// cargo target directory (wasm-bindgen/<release|debug>/) and copies whatever
// lies in its snippets/ into the site, with a preload tag each. The crate has
// no JS snippets (tests/tidy.rs, no_js_snippets), so anything there is a
// left-over of another build that shares the target directory; the
// post-build hook fails a build that stages any.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1', '--offline'], { encoding: 'utf8' }));
for (const mode of ['release', 'debug']) {
  rmSync(join(metadata.target_directory, 'wasm-bindgen', mode, 'snippets'), { recursive: true, force: true });
}
