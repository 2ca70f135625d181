// The JavaScript half of src/web/export_panel.rs (see its module docs). A
// classic script that Trunk copies and hashes (index.html); it adds its
// function to the `consistencyLab` global, which the wasm modules import
// through `#[wasm_bindgen(js_namespace = consistencyLab)]`.
// The lazily loaded `figures` module comes from lazy_module.js's loader
// (`consistencyLab.loadModule`), so it is imported and initialised once per
// page; a sweep's finished grid comes from the site's own wasm
// (`sweep_result`, src/main.rs, which Trunk exposes as `window.wasmBindings`).
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  const loadModule = (name) => lab.loadModule(name);

  function save(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }
  async function savePng(canvas, name) {
    const blob = await new Promise((ok, fail) => canvas.toBlob((b) => (b ? ok(b) : fail(new Error('toBlob'))), 'image/png'));
    save(blob, name);
  }
  // A sweep figure: its finished grid, from the site's cache, drawn by the
  // figures module. Nothing is recomputed here.
  async function exportSweep(panel, fig, kind, width) {
    const id = panel.dataset.id;
    const m = await loadModule('figures');
    const grid = window.wasmBindings.sweep_result(id, fig.dataset.sweepKey || '');
    if (grid == null) throw new Error('격자 계산이 끝난 뒤에 내려받을 수 있습니다');
    const metric = fig.dataset.metric || 'over_approval';
    if (kind === 'svg') {
      save(new Blob([m.render_sweep_svg(grid, metric, width)], { type: 'image/svg+xml' }), `${id}.svg`);
    } else if (kind === 'png' || kind === 'png2') {
      await savePng(m.render_sweep_canvas(grid, metric, width, kind === 'png2' ? 2 : 1), kind === 'png2' ? `${id}@2x.png` : `${id}.png`);
    } else if (kind === 'json') {
      save(new Blob([m.sweep_grid_json(grid)], { type: 'application/json' }), `${id}-grid.json`);
    } else if (kind === 'csv') {
      save(new Blob(['\ufeff' + m.sweep_cells_csv(grid)], { type: 'text/csv' }), `${id}-cells.csv`);
    }
  }
  async function exportFile(panel, kind) {
    const d = panel.dataset;
    const id = d.id, params = d.params;
    const fig = panel.closest('figure');
    const wrap = fig && fig.querySelector('.canvas-wrap, .sweep-plot');
    const width = Math.min(4000, Math.max(280, Math.round(wrap ? wrap.clientWidth : 960)));
    if (fig && fig.classList.contains('sweep-figure')) return exportSweep(panel, fig, kind, width);
    const time = d.time === undefined ? undefined : Number(d.time);
    const win = d.win === undefined ? undefined : Number(d.win);
    const recon = d.recon !== '0';
    const m = await loadModule('figures');
    if (kind === 'svg') {
      save(new Blob([m.render_svg(id, params, width, time, win, recon)], { type: 'image/svg+xml' }), `${id}.svg`);
    } else if (kind === 'png' || kind === 'png2') {
      await savePng(m.render_canvas(id, params, width, time, win, recon, kind === 'png2' ? 2 : 1), kind === 'png2' ? `${id}@2x.png` : `${id}.png`);
    } else if (kind === 'gif') {
      const input = panel.querySelector('input.gif-frames');
      const frames = Math.round(Number(input ? input.value : 30));
      if (!Number.isFinite(frames) || frames < Number(input.min) || frames > Number(input.max)) {
        throw new Error(`프레임 수는 ${input.min}에서 ${input.max} 사이의 정수로 정해 주세요`);
      }
      // Every frame is drawn on this thread: let the status line paint first.
      await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok)));
      // Ten frames a second, as `lab figure --animate` by default.
      save(new Blob([m.render_gif(id, params, width, win, recon, frames, 10)], { type: 'image/gif' }), `${id}.gif`);
    } else if (kind === 'json') {
      save(new Blob([m.trace_json(id, params)], { type: 'application/json' }), `${id}-trace.json`);
    } else if (kind === 'csv') {
      // A byte-order mark so spreadsheet programs read the Korean labels as UTF-8.
      save(new Blob(['\ufeff' + m.metrics_csv(id, params)], { type: 'text/csv' }), `${id}-metrics.csv`);
    }
  }
  // In a frame whose sandbox took its origin away (`sandbox` without
  // `allow-same-origin`): the page's origin then reads as "null".
  function sandboxed() {
    try {
      return window.self !== window.top && self.origin === 'null';
    } catch (_) {
      return true;
    }
  }
  function say(panel, text) {
    const s = panel.querySelector('.export-status');
    if (s) s.textContent = text;
  }
  async function onClick(e) {
    const btn = e.target.closest && e.target.closest('button[data-export], button[data-copy]');
    const panel = btn && btn.closest('.export');
    if (!panel) return;
    if (btn.dataset.export) {
      const kind = btn.dataset.export;
      const label = btn.textContent;
      if (panel.dataset.busy || btn.disabled) return;
      panel.dataset.busy = '1';
      say(panel, `${label} 파일을 만드는 중…`);
      try {
        await exportFile(panel, kind);
        // The page can hand a file to the browser but cannot see it saved, so
        // the status says what it knows. In a sandboxed frame (an opaque
        // origin) the host may not allow downloads at all; say so, and where
        // else to get the file.
        if (sandboxed()) {
          say(panel, `${label} 파일 내려받기를 요청했습니다. 다만 이 그림은 sandbox가 걸린 iframe 안에 있어, 퍼간 페이지가 내려받기(allow-downloads)를 허락하지 않았다면 파일이 오지 않습니다. 그럴 때는 그림 아래 링크로 원래 페이지를 열어 내려받아 주세요.`);
        } else {
          say(panel, `${label} 파일 내려받기를 요청했습니다. 브라우저의 다운로드 목록에서 확인해 주세요.`);
        }
      } catch (err) {
        say(panel, `${label} 파일을 만들지 못했습니다: ${err && err.message ? err.message : err}`);
      } finally {
        delete panel.dataset.busy;
      }
    } else {
      const area = panel.querySelector(`textarea.${btn.dataset.copy}`);
      if (!area) return;
      try {
        await navigator.clipboard.writeText(area.value);
        say(panel, btn.dataset.copied);
      } catch (_) {
        area.focus();
        area.select();
        say(panel, btn.dataset.notCopied);
      }
    }
  }
  // A labelled read-only field and its copy button (`f`: a field of the
  // kit; text, never markup).
  function field(body, id, f) {
    const l = document.createElement('label');
    l.htmlFor = `${id}-${f.class}`;
    l.textContent = f.label;
    const t = document.createElement('textarea');
    t.id = `${id}-${f.class}`;
    t.className = f.class;
    t.readOnly = true;
    t.rows = f.rows;
    t.value = f.value;
    t.addEventListener('focus', () => t.select());
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn';
    b.dataset.copy = f.class;
    b.dataset.copied = f.copied;
    b.dataset.notCopied = f.not_copied;
    b.textContent = `${f.what} 복사`;
    body.append(l, t, b);
    return t;
  }
  function previewLink(body, p) {
    const a = document.createElement('a');
    a.className = 'btn';
    a.href = p.href;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = p.text;
    body.append(a);
  }
  // The blog kit: a radio per platform, and its steps and fields.
  function blogKit(body, id, kit) {
    const set = document.createElement('fieldset');
    set.className = 'blog-kit';
    const legend = document.createElement('legend');
    legend.textContent = kit.kit_legend;
    const choices = document.createElement('div');
    choices.className = 'blog-platforms';
    const steps = document.createElement('ol');
    steps.className = 'blog-steps';
    const fields = document.createElement('div');
    fields.className = 'blog-fields';
    const show = (p) => {
      set.dataset.platform = p.key;
      steps.textContent = '';
      fields.textContent = '';
      for (const line of p.steps) {
        const li = document.createElement('li');
        li.textContent = line;
        steps.append(li);
      }
      for (const f of p.fields) field(fields, id, f);
    };
    for (const [i, p] of kit.platforms.entries()) {
      const l = document.createElement('label');
      const r = document.createElement('input');
      r.type = 'radio';
      r.name = `${id}-blog`;
      r.value = p.key;
      r.checked = i === 0;
      r.addEventListener('change', () => { if (r.checked) show(p); });
      l.append(r, p.label);
      choices.append(l);
    }
    set.append(legend, choices, steps, fields);
    body.append(set);
    if (kit.platforms.length) show(kit.platforms[0]);
  }

  // Fills the 퍼가기 panel when it opens, from the figure's current state:
  // the figures module makes every text and address (lab_model::share);
  // this lays them out.
  async function fillShare(details) {
    const panel = details.closest('.export');
    const fig = details.closest('figure');
    const body = details.querySelector('.share-body');
    if (!panel || !fig || !body) return;
    const d = panel.dataset;
    body.textContent = '';
    const waiting = document.createElement('p');
    waiting.className = 'share-waiting';
    waiting.textContent = '퍼가기 코드를 만드는 중…';
    body.append(waiting);
    const request = new URLSearchParams({
      page: location.origin + location.pathname,
      permalink: d.permalink || '',
      figure: d.id,
      caption: (fig.querySelector('figcaption') || {}).textContent || '',
      description: (fig.querySelector(`[id="${d.id}-desc"]`) || {}).textContent || '',
      // A figure-only embed for the drawn figures the figures module lays out (not the sweeps, not B2).
      bareable: d.params !== undefined && !fig.classList.contains('sweep-figure') ? '1' : '0',
      animated: panel.querySelector('button[data-export=gif]') ? '1' : '0',
    }).toString();
    try {
      const m = await loadModule('figures');
      const time = d.time === undefined ? undefined : Number(d.time);
      const win = d.win === undefined ? undefined : Number(d.win);
      const kit = JSON.parse(m.share_kit(request, d.params, time, win, d.recon !== '0'));
      body.textContent = '';
      for (const [f, preview] of kit.fields) {
        field(body, d.id, f);
        if (preview) previewLink(body, preview);
      }
      blogKit(body, d.id, kit);
    } catch (err) {
      waiting.textContent = `퍼가기 코드를 만들지 못했습니다: ${err && err.message ? err.message : err}`;
    }
  }
  let installed = false;
  lab.installExportHandlers = () => {
    if (installed) return;
    installed = true;
    document.addEventListener('click', onClick);
    // `toggle` does not bubble; capture it on the way down.
    document.addEventListener('toggle', (e) => {
      const t = e.target;
      if (t && t.matches && t.matches('details.share') && t.open) fillShare(t);
    }, true);
  };
}
