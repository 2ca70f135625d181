// `loadModule`: the site's lazily loaded wasm modules, `figures`
// (src/bin/figures.rs) and `check` (src/bin/check.rs), each `NAME.js` and
// `NAME_bg.wasm` at the site root,
// imported and initialised once per page; a failed import is tried again on
// the next call. A classic script that Trunk copies and hashes (index.html);
// it adds its function to the `consistencyLab` global, which the site's wasm
// imports through `#[wasm_bindgen(js_namespace = consistencyLab)]`
// (src/web/lazy_figures.rs).
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  // This script and the module sit at the site's root.
  const base = new URL('./', document.currentScript.src);
  // The digests of the files the page fetches itself, as the build stated
  // them (scripts/trunk-post-build.mjs): the module's JS is checked by the
  // page's import map, its wasm here, so a file changed after the build is
  // refused. A build without them (none yet) fetches unchecked.
  lab.fetchedDigests = (() => {
    try {
      return JSON.parse(document.getElementById('lab-integrity')?.textContent || '{}');
    } catch (_) {
      return {};
    }
  })();
  lab.fetchChecked = (name) => {
    const integrity = lab.fetchedDigests[name];
    return fetch(new URL(name, base).href, integrity ? { integrity } : {});
  };
  const loading = new Map();
  lab.loadModule = (name) => {
    if (!loading.has(name)) {
      const p = import(new URL(`${name}.js`, base).href).then(async (m) => {
        await m.default({ module_or_path: lab.fetchChecked(`${name}_bg.wasm`) });
        return m;
      });
      p.catch(() => loading.delete(name));
      loading.set(name, p);
    }
    return loading.get(name);
  };
}
