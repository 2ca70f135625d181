// The JavaScript half of src/web/embed.rs (see its module docs). A classic
// script that Trunk copies and hashes (index.html); it adds its function to
// the `consistencyLab` global, which the wasm modules import through
// `#[wasm_bindgen(js_namespace = consistencyLab)]`.
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  lab.startEmbed = (id) => {
    const html = document.documentElement;
    html.setAttribute('data-embed', '');
    let last = -1;
    const post = () => {
      const height = Math.ceil(html.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      (window.parent || window).postMessage({ type: 'consistency-lab:height', id, height }, '*');
    };
    // The observer reports the first size right after `observe`: the message on load.
    const observer = new ResizeObserver(post);
    observer.observe(html);
    if (document.body) observer.observe(document.body);
    // And once more when everything (fonts included) has loaded.
    addEventListener('load', post);
  };
}
