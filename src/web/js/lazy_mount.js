// The JavaScript half of src/web/lazy_mount.rs (see its module docs). A
// classic script that Trunk copies and hashes (index.html); it adds its
// functions to the `consistencyLab` global, which the wasm modules import
// through `#[wasm_bindgen(js_namespace = consistencyLab)]`.
// `loadModule`: the site's lazily loaded wasm modules, by name (`NAME.js` and
// `NAME_bg.wasm` at the site root), each imported and initialised once per
// page; a failed import is retried on the next call. export_panel.js uses
// it too (figure_export, and sweep_ui's finished grids).
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  // This script and the modules sit at the site's root.
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
  // Yew's per-event cache (see the module docs): tree id 0 is "no tree".
  const EVENTS = ['click', 'dblclick', 'input', 'change', 'keydown', 'keyup', 'keypress', 'focus', 'blur',
    'focusin', 'focusout', 'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseout', 'mouseenter',
    'mouseleave', 'pointerdown', 'pointerup', 'pointermove', 'pointerover', 'pointerout', 'pointerenter',
    'pointerleave', 'wheel', 'touchstart', 'touchend', 'touchmove', 'submit', 'toggle', 'contextmenu'];
  let guarded = false;
  function guardDocument() {
    if (guarded) return;
    guarded = true;
    for (const type of EVENTS) {
      document.addEventListener(type, (e) => {
        const t = e.composedPath()[0];
        if (t instanceof Element && t.closest('.lazy-figure')) {
          e.__yew_subtree_id = 0;
          e.__yew_subtree_cache_key = e.composedPath().length;
        }
      }, { capture: true });
    }
  }
  function unmark(el) {
    for (const type of EVENTS) {
      el.addEventListener(type, (e) => {
        delete e.__yew_subtree_id;
        delete e.__yew_subtree_cache_key;
      }, { capture: true });
    }
  }
  lab.mountLazy = (el, name, chapter, figureId) => {
    guardDocument();
    unmark(el);
    el.textContent = '그림을 불러오는 중…';
    lab.loadModule(name).then((m) => m.mount(el, chapter, figureId)).catch((e) => {
      el.textContent = `그림 모듈을 불러오지 못했습니다 (${e}). 페이지를 새로 고쳐 주세요.`;
      el.setAttribute('role', 'alert');
    });
  };
}
