// The JavaScript half of src/web/embed.rs (see its module docs). A classic
// script that Trunk copies and hashes (index.html); it adds its functions to
// the `consistencyLab` global, which the wasm modules import through
// `#[wasm_bindgen(js_namespace = consistencyLab)]`.
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  const html = document.documentElement;
  lab.startEmbed = (id) => {
    html.setAttribute('data-embed', '');
    let last = -1;
    const post = () => {
      refit();
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

  // The height (CSS px) `canvas` may take so that a figure-only embed
  // (`main.embed-bare`) in a short frame (the stylesheet's max-height:
  // 520px, velog's 430) shows its whole page without scrolling: the frame's
  // height less everything else on the page. 0 when there is no such limit
  // (a taller frame, the full embed, the site's own pages).
  const SHORT_FRAME = '(max-height: 520px)';
  // Each canvas that asked, with the height of the rest of the page then.
  const fitted = new Map();
  const rest = (canvas) => html.getBoundingClientRect().height - canvas.getBoundingClientRect().height;
  lab.fitHeight = (canvas) => {
    if (!canvas || !canvas.closest('main.embed-bare') || !matchMedia(SHORT_FRAME).matches) return 0;
    const others = rest(canvas);
    fitted.set(canvas, others);
    return Math.max(0, Math.floor(innerHeight - others - 1));
  };
  // When the rest of the page changed height since a canvas asked (fonts
  // came in, a legend wrapped), the figures size themselves again: the
  // window's resize, which they redraw on. Their own new height leaves the
  // rest unchanged, so this settles.
  const refit = () => {
    for (const [canvas, others] of fitted) {
      if (!canvas.isConnected) fitted.delete(canvas);
      else if (Math.abs(rest(canvas) - others) >= 1) {
        fitted.clear();
        dispatchEvent(new Event('resize'));
        return;
      }
    }
  };

  // Scrolls a table's box `wrap` to its column `index` (its `th.cm-col`
  // heads from 0), just right of its sticky corner head, when the table is
  // wider than the box (src/web/crash_matrix.rs in an embed).
  lab.scrollToColumn = (wrap, index) => {
    if (wrap.scrollWidth <= wrap.clientWidth) return;
    const corner = wrap.querySelector('thead th.cm-corner');
    const col = wrap.querySelectorAll('thead th.cm-col')[index];
    if (corner && col) wrap.scrollLeft = col.offsetLeft - corner.offsetWidth;
  };

  // Whether the page is framed by another (a host page's iframe).
  lab.inIframe = () => {
    try { return window.self !== window.top; } catch { return true; }
  };

  // The colour theme `theme` ('light', 'dark' or 'auto'; `theme=`, read by
  // the site's parameter table): every stylesheet rule and `media` attribute
  // that asks `prefers-color-scheme` is answered with the theme instead of
  // the reader's system (`auto` gives the system's answer back), the
  // document is marked `data-theme` (what the figures' palette reads,
  // src/web/mod.rs), and the figures are told to draw again.
  const SCHEME = /\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/g;
  const ALWAYS = '(min-width: 0px)', NEVER = '(max-width: -1px)';
  const original = new WeakMap();
  const answer = (text, theme) => text.replace(SCHEME, (_, scheme) => (scheme === theme ? ALWAYS : NEVER));
  const retheme = (get, set, key, theme) => {
    if (!original.has(key)) {
      const text = get();
      if (!/prefers-color-scheme/.test(text)) return;
      original.set(key, text);
    }
    const text = original.get(key);
    set(theme === 'auto' ? text : answer(text, theme));
  };
  const walk = (rules, theme) => {
    for (const rule of rules) {
      if (rule.media && rule.cssRules) {
        retheme(() => rule.media.mediaText, (t) => { rule.media.mediaText = t; }, rule, theme);
      }
      if (rule.cssRules) walk(rule.cssRules, theme);
    }
  };
  lab.setTheme = (theme) => {
    if (theme !== 'light' && theme !== 'dark') theme = 'auto';
    if (theme === 'auto') html.removeAttribute('data-theme');
    else html.setAttribute('data-theme', theme);
    for (const sheet of document.styleSheets) {
      // A stylesheet whose rules cannot be read (no CORS answer) keeps the system's.
      let rules;
      try { rules = sheet.cssRules; } catch { continue; }
      walk(rules, theme);
    }
    for (const el of document.querySelectorAll('[media]')) {
      retheme(() => el.getAttribute('media'), (t) => el.setAttribute('media', t), el, theme);
    }
    dispatchEvent(new Event('lab-theme'));
  };

  // An embed's static page (embed-ID.html, marked data-embed) takes its
  // theme before the site's module reads the address and sets it again
  // (src/web/embed.rs): light inside an iframe unless `theme=` is one of
  // the three words, so a dark system never paints it dark first.
  if (html.hasAttribute('data-embed')) {
    const asked = (new URLSearchParams(location.search).get('theme') || '').trim().toLowerCase();
    const known = ['light', 'dark', 'auto'].includes(asked);
    if (known || lab.inIframe()) lab.setTheme(known ? asked : 'light');
  }
}
