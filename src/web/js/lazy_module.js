// `loadModule`: the site's lazily loaded wasm module `figures`
// (src/bin/figures.rs; `NAME.js` and `NAME_bg.wasm` at the site root),
// imported and initialised once per page; a failed import is tried again on
// the next call. A classic script that Trunk copies and hashes (index.html);
// it adds its function to the `consistencyLab` global, which the site's wasm
// imports through `#[wasm_bindgen(js_namespace = consistencyLab)]`
// (src/web/lazy_figures.rs), and which export_panel.js uses too.
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  // This script and the module sit at the site's root.
  const base = new URL('./', document.currentScript.src);
  const loading = new Map();
  lab.loadModule = (name) => {
    if (!loading.has(name)) {
      const p = import(new URL(`${name}.js`, base).href).then(async (m) => {
        await m.default({ module_or_path: new URL(`${name}_bg.wasm`, base).href });
        return m;
      });
      p.catch(() => loading.delete(name));
      loading.set(name, p);
    }
    return loading.get(name);
  };
}
