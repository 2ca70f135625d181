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

  // `word` and the object particle its last syllable asks for (을 after a
  // final consonant, 를 after a vowel); the Rust side uses crate::korean.
  function withObjectParticle(word) {
    const last = word.charCodeAt(word.length - 1);
    const hangul = last >= 0xac00 && last <= 0xd7a3;
    return word + (hangul && (last - 0xac00) % 28 !== 0 ? '을' : '를');
  }

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
      const what = btn.dataset.what || '';
      if (!area) return;
      try {
        await navigator.clipboard.writeText(area.value);
        say(panel, `${withObjectParticle(what)} 복사했습니다.`);
      } catch (_) {
        area.focus();
        area.select();
        say(panel, `${withObjectParticle(what)} 복사하지 못했습니다. 선택된 칸을 직접 복사해 주세요.`);
      }
    }
  }
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // Fills the 퍼가기 panel from the figure's current state when it opens:
  // the iframe snippet, the permalink and the text alternative, all as
  // textarea values (text, never markup).
  function fillShare(details) {
    const panel = details.closest('.export');
    const fig = details.closest('figure');
    if (!panel || !fig) return;
    const d = panel.dataset;
    const base = location.origin + location.pathname;
    const q = new URLSearchParams(d.permalink || '');
    for (const k of ['ch', 'fig', 'embed']) q.delete(k);
    const rest = q.toString();
    const embedUrl = `${base}?embed=${encodeURIComponent(d.id)}${rest ? '&' + rest : ''}`;
    const caption = (fig.querySelector('figcaption') || {}).textContent || '';
    const desc = (fig.querySelector(`[id="${d.id}-desc"]`) || {}).textContent || '';
    const fields = [
      ['embed-code', '다른 페이지에 넣기 (<iframe>)', '퍼가기 코드', 3,
        `<iframe src="${esc(embedUrl)}" title="${esc(caption)}" width="100%" height="720" style="border:0" loading="lazy"></iframe>`],
      ['permalink', '이 상태의 링크', '링크', 2, base + (d.permalink || '')],
      ['alt-text', '대체 텍스트 (이미지와 함께 쓰세요)', '대체 텍스트', 5, `${caption}\n\n${desc.trim()}`],
    ];
    const body = details.querySelector('.share-body');
    body.textContent = '';
    for (const [cls, label, what, rows, value] of fields) {
      const l = document.createElement('label');
      l.htmlFor = `${d.id}-${cls}`;
      l.textContent = label;
      const t = document.createElement('textarea');
      t.id = `${d.id}-${cls}`;
      t.className = cls;
      t.readOnly = true;
      t.rows = rows;
      t.value = value;
      t.addEventListener('focus', () => t.select());
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn';
      b.dataset.copy = cls;
      b.dataset.what = what;
      b.textContent = `${what} 복사`;
      body.append(l, t, b);
      if (cls === 'embed-code') {
        const a = document.createElement('a');
        a.className = 'btn';
        a.href = embedUrl;
        a.target = '_blank';
        a.rel = 'noopener';
        a.textContent = '퍼가기 화면 미리 보기';
        body.append(a);
      }
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
