//! The export bar and the "퍼가기" panel every figure carries.
//!
//! Buttons "SVG", "PNG", "PNG 2×", "트레이스 JSON" and "지표 CSV" download the
//! figure's current state. The files come from the lazily loaded
//! `figure_export` wasm module (src/bin/figure_export.rs), which runs
//! `crate::figures::export`, the very code behind `lab figure`; it is
//! imported on the first click, so it never weighs on the first load.
//! The panel (`<details>` "퍼가기") offers an `<iframe>` snippet for the
//! embed mode (`?embed=ID&…`), the permalink and the Korean text alternative
//! (the figure's generated description, headed by its caption).
//! The markup is static; one delegated click handler (JavaScript, below)
//! serves every figure's buttons, which keeps the site's wasm small.
//! Everything shown is text (textarea values, text nodes), never markup.
//!
//! The sweep figures (rendered by the lazily loaded `sweep_ui` module) carry
//! [`sweep_panel`]: the same bar, disabled until the grid is complete, whose
//! JSON and CSV are the grid's cells. The handler never recomputes a sweep:
//! it asks `sweep_ui` for the finished grid it holds in its cache
//! (`sweep_result`, bincode bytes, so every float arrives bit for bit) and
//! hands it to `figure_export`, which draws it with the code `lab figure` runs.

use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[wasm_bindgen(inline_js = r#"
let loading = null;
function load() {
  if (!loading) {
    // This snippet sits at snippets/<crate>/inline*.js; the module at the site root.
    const base = new URL('../../', import.meta.url);
    loading = import(new URL('figure_export.js', base).href).then(async (m) => {
      await m.default({ module_or_path: new URL('figure_export_bg.wasm', base).href });
      return m;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}
let sweepUi = null;
// The sweep figures' module: already loaded and initialised when a sweep
// figure is on the page (the same URL gives the same module instance).
function loadSweepUi() {
  if (!sweepUi) {
    const base = new URL('../../', import.meta.url);
    sweepUi = import(new URL('sweep_ui.js', base).href).then(async (m) => {
      await m.default({ module_or_path: new URL('sweep_ui_bg.wasm', base).href });
      return m;
    });
    sweepUi.catch(() => { sweepUi = null; });
  }
  return sweepUi;
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
// A sweep figure: its finished grid, from the sweep module's cache, drawn by
// the export module. Nothing is recomputed here.
async function exportSweep(panel, fig, kind, width) {
  const id = panel.dataset.id;
  const [ui, m] = await Promise.all([loadSweepUi(), load()]);
  const grid = ui.sweep_result(id, fig.dataset.sweepKey || '');
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
  const m = await load();
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
      say(panel, `${label} 파일을 내려받았습니다.`);
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
      say(panel, `${what}을(를) 복사했습니다.`);
    } catch (_) {
      area.focus();
      area.select();
      say(panel, `${what}을(를) 복사하지 못했습니다. 선택된 칸을 직접 복사해 주세요.`);
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
export function install_export_handlers() {
  if (installed) return;
  installed = true;
  document.addEventListener('click', onClick);
  // `toggle` does not bubble; capture it on the way down.
  document.addEventListener('toggle', (e) => {
    const t = e.target;
    if (t && t.matches && t.matches('details.share') && t.open) fillShare(t);
  }, true);
}
"#)]
extern "C" {
    /// Installs the one delegated click handler of every figure's export bar and panel (idempotent).
    pub fn install_export_handlers();
}

/// What a figure tells its export bar and panel.
pub struct PanelData<'a> {
    pub id: &'a str,
    /// The figure's query (parameters only, no site keys), as `lab figure --params` takes it.
    pub params: String,
    /// The figure's permalink (`?ch=…&fig=…&…`).
    pub permalink: String,
    /// The player's cursor in µs when paused mid-way; `None`: the end.
    pub time_us: Option<u64>,
    /// The timeline's visible window when it differs from the figure's default.
    pub window_ms: Option<u32>,
    /// A2's ledger line.
    pub recon: bool,
}

/// The export bar and the "퍼가기" panel of one figure: plain markup whose
/// buttons the delegated handler (`install_export_handlers`) serves and
/// whose panel it fills when opened (from the figure's `<figcaption>` and
/// its `ID-desc` text alternative), so the site's wasm carries no
/// per-figure export logic.
pub fn panel(p: PanelData<'_>) -> Html {
    let button = |kind: &'static str, label: &'static str, title: &'static str| {
        html! { <button type="button" class="btn export-btn" data-export={kind} title={title}>{ label }</button> }
    };
    html! {
        <div class="export" data-id={p.id.to_string()} data-params={p.params} data-permalink={p.permalink}
             data-time={p.time_us.map(|t| t.to_string())} data-win={p.window_ms.map(|w| w.to_string())}
             data-recon={if p.recon { "1" } else { "0" }}>
            <div class="export-bar" role="group" aria-label="그림 내려받기">
                <span class="export-label">{ "내려받기" }</span>
                { button("svg", "SVG", "지금 보이는 그림을 SVG로 (lab figure와 같은 그리기 함수)") }
                { button("png", "PNG", "지금 보이는 그림을 PNG로 (1×)") }
                { button("png2", "PNG 2×", "지금 보이는 그림을 두 배 해상도 PNG로") }
                { button("json", "트레이스 JSON", "이 설정의 실행 트레이스 (lab run --trace와 같음)") }
                { button("csv", "지표 CSV", "그림 아래 지표 표의 실행들을 CSV로") }
            </div>
            <details class="share">
                <summary>{ "퍼가기" }</summary>
                <div class="share-body"></div>
            </details>
            <p class="export-status" role="status" aria-live="polite"></p>
        </div>
    }
}

/// The "퍼가기" panel alone, for a figure that is not a drawing (B2, an HTML
/// table: no image files; `lab crashpoints` gives its data).
pub fn share_only(id: &str, permalink: String) -> Html {
    html! {
        <div class="export" data-id={id.to_string()} data-permalink={permalink}>
            <details class="share">
                <summary>{ "퍼가기" }</summary>
                <div class="share-body"></div>
            </details>
            <p class="export-status" role="status" aria-live="polite"></p>
        </div>
    }
}

/// The export bar and "퍼가기" panel of a sweep figure (rendered by the
/// `sweep_ui` module, so none of this is in the site's wasm). `params` is
/// the sweep's query plus its `metric` (what `lab figure ID --params` takes).
/// Until the grid is `complete` the download buttons are disabled and a
/// Korean hint says why; the 퍼가기 panel works at once. "격자 JSON" is the
/// grid's cells as `lab sweep --format json` prints them (a sweep has no
/// single trace); "칸별 CSV" is one row per cell.
pub fn sweep_panel(id: &str, params: String, permalink: String, complete: bool) -> Html {
    let hint_id = format!("{id}-export-hint");
    let button = |kind: &'static str, label: &'static str, title: &'static str| {
        html! {
            <button type="button" class="btn export-btn" data-export={kind} title={title} disabled={!complete}
                aria-describedby={(!complete).then(|| hint_id.clone())}>{ label }</button>
        }
    };
    html! {
        <div class="export" data-id={id.to_string()} data-params={params} data-permalink={permalink}>
            <div class="export-bar" role="group" aria-label="그림 내려받기">
                <span class="export-label">{ "내려받기" }</span>
                { button("svg", "SVG", "지금 보이는 지도를 SVG로 (lab figure와 같은 그리기 함수, 계산해 둔 격자를 그대로 씀)") }
                { button("png", "PNG", "지금 보이는 지도를 PNG로 (1×)") }
                { button("png2", "PNG 2×", "지금 보이는 지도를 두 배 해상도 PNG로") }
                { button("json", "격자 JSON", "칸마다의 결과: 축 값, 시드 평균·최소·최대, 그 칸의 lab run 쿼리 (lab sweep --format json과 같음; 매개변수 지도에는 실행 하나의 트레이스가 없음)") }
                { button("csv", "칸별 CSV", "칸마다 한 줄: 축 값, 시드 수, 초과 승인·처리량 평균, 그 칸의 lab run 쿼리") }
            </div>
            { if complete { html! {} } else { html! {
                <p id={hint_id.clone()} class="export-hint">{ "격자 계산이 끝나면 내려받을 수 있습니다." }</p>
            } } }
            <details class="share">
                <summary>{ "퍼가기" }</summary>
                <div class="share-body"></div>
            </details>
            <p class="export-status" role="status" aria-live="polite"></p>
        </div>
    }
}
