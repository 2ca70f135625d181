// The JavaScript half of src/web/embed.rs (see its module docs). A file,
// not an inline snippet: every wasm module of the site copies its snippets
// into the same snippets/ directory, where inline snippets are numbered per
// module and would overwrite each other.
export function start_embed(id) {
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
}
