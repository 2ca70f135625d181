//! The site's placeholder for a sweep figure. The figures themselves live in
//! the lazily loaded `sweep_ui` module (src/bin/sweep_ui.rs) so that they do
//! not weigh on the first load: this component renders an empty element that
//! Yew never touches again, and after its first render imports the module
//! and mounts the figure into it. A failed import leaves a visible Korean
//! notice (text only).
//!
//! Two Yew apps from two wasm modules then nest: the site's app at `#app`
//! and the sweep figure's inside the placeholder. Yew handles events at each
//! app's root in the capture phase and finds the app responsible for an
//! event by tree ids stamped on elements, and both modules number their
//! trees from 1, so the site's app would take the sweep figure's events for
//! its own. The two capture listeners below keep them apart: one on the
//! document (it runs before the site's) marks an event that starts inside a
//! placeholder as belonging to no tree, which the site's app ignores; one on
//! the placeholder (added before the sweep app's own) clears that mark again,
//! so the sweep app finds itself responsible.

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::sweep::SweepKind;

#[wasm_bindgen(inline_js = r#"
let loading = null;
function load() {
  if (!loading) {
    // This snippet sits at snippets/<crate>/inline*.js; the module at the site root.
    const base = new URL('../../', import.meta.url);
    loading = import(new URL('sweep_ui.js', base).href).then(async (m) => {
      await m.default({ module_or_path: new URL('sweep_ui_bg.wasm', base).href });
      return m;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}
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
      if (t instanceof Element && t.closest('.lazy-sweep')) {
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
export function mount_sweep(el, chapter, figureId) {
  guardDocument();
  unmark(el);
  el.textContent = '매개변수 지도를 불러오는 중…';
  load().then((m) => m.mount(el, chapter, figureId)).catch((e) => {
    el.textContent = `매개변수 지도 모듈을 불러오지 못했습니다 (${e}). 페이지를 새로 고쳐 주세요.`;
    el.setAttribute('role', 'alert');
  });
}
"#)]
extern "C" {
    fn mount_sweep(el: &web_sys::Element, chapter: &str, figure_id: &str);
}

/// `App::view_figure` calls this first: `Some` for the sweep figure ids.
pub fn view_lazy_sweep(chapter: &str, fid: &str) -> Option<Html> {
    let kind = SweepKind::from_figure_id(fid)?;
    Some(html! {
        <LazySweep key={format!("{chapter}/{fid}")} chapter={chapter.to_string()} figure_id={kind.figure_id()} />
    })
}

#[derive(Properties, PartialEq, Clone)]
pub struct LazySweepProps {
    pub chapter: AttrValue,
    pub figure_id: AttrValue,
}

#[function_component(LazySweep)]
fn lazy_sweep(p: &LazySweepProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        let (chapter, figure_id) = (p.chapter.clone(), p.figure_id.clone());
        use_effect_with((chapter, figure_id), move |(chapter, figure_id)| {
            if let Some(el) = node.cast::<web_sys::Element>() {
                mount_sweep(&el, chapter, figure_id);
            }
        });
    }
    html! { <div class="lazy-sweep" ref={node}></div> }
}
