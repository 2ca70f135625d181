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

  // `word` and the topic particle (은 after a final consonant, 는 after a vowel).
  function withTopicParticle(word) {
    const last = word.charCodeAt(word.length - 1);
    const hangul = last >= 0xac00 && last <= 0xd7a3;
    return word + (hangul && (last - 0xac00) % 28 !== 0 ? '은' : '는');
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
  // Markdown text: the characters that would end an image's alt text or a link.
  const mdText = (t) => t.replace(/[\\\[\]]/g, (c) => '\\' + c).replace(/\s+/g, ' ').trim();
  // The width a figure-only embed is sized for, and what the page adds
  // around the file's drawing, legend and caption (padding, the link back).
  const BARE_WIDTH = 760;
  const BARE_EXTRA_PX = 104;

  // A labelled read-only field with its copy button (text, never markup).
  function field(body, id, cls, label, what, rows, value) {
    const l = document.createElement('label');
    l.htmlFor = `${id}-${cls}`;
    l.textContent = label;
    const t = document.createElement('textarea');
    t.id = `${id}-${cls}`;
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
    return t;
  }
  function previewLink(body, href, text) {
    const a = document.createElement('a');
    a.className = 'btn';
    a.href = href;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = text;
    body.append(a);
    return a;
  }

  // The blog kit: per platform, what to upload and what to paste, in Korean.
  const PLATFORMS = [
    ['velog', 'velog'], ['tistory', '티스토리'], ['naver', '네이버 블로그'], ['brunch', '브런치'],
  ];
  function blogKit(body, s) {
    const set = document.createElement('fieldset');
    set.className = 'blog-kit';
    const legend = document.createElement('legend');
    legend.textContent = '블로그에 넣기';
    const choices = document.createElement('div');
    choices.className = 'blog-platforms';
    const steps = document.createElement('ol');
    steps.className = 'blog-steps';
    const fields = document.createElement('div');
    fields.className = 'blog-fields';
    const fileWord = s.animated ? 'GIF나 PNG' : 'PNG';
    const show = (platform) => {
      set.dataset.platform = platform;
      steps.textContent = '';
      fields.textContent = '';
      const say = (...lines) => { for (const line of lines) { const li = document.createElement('li'); li.textContent = line; steps.append(li); } };
      if (platform === 'velog') {
        say(`위의 ${fileWord} 버튼으로 그림 파일을 받습니다.`,
          'velog 편집기에 파일을 끌어다 놓으면 그림 주소가 든 ![](…) 줄이 생깁니다.',
          '그 줄을 아래 마크다운으로 바꾸고, (그림 주소) 자리에 velog가 만든 주소를 넣습니다.');
        field(fields, s.id, 'blog-velog', 'velog 마크다운 (대체 텍스트와 원래 페이지 링크)', '마크다운', 4,
          `![${mdText(s.alt)}](그림 주소)\n\n*${mdText(s.caption)}* — [정합성 실험실에서 직접 움직여 보기](${s.link})`);
      } else if (platform === 'tistory') {
        say('글쓰기 화면 오른쪽 위의 기본 모드를 HTML 모드로 바꿉니다.',
          '아래 코드를 그림이 들어갈 자리에 붙여 넣습니다. 글을 읽는 사람이 그림을 직접 움직여 볼 수 있습니다.');
        const t = field(fields, s.id, 'blog-tistory', '티스토리 HTML (<iframe>)', '퍼가기 코드', 3, s.bareSnippet || s.fullSnippet);
        s.onBareSnippet((snippet) => { t.value = snippet; });
      } else {
        const name = platform === 'naver' ? '네이버 블로그' : '브런치';
        say(`위의 ${fileWord} 버튼으로 그림 파일을 받아 ${name}에 사진으로 올립니다. 사진 설명에는 아래 대체 텍스트를 씁니다.`,
          '아래 링크를 본문에 붙여 넣으면 원래 페이지의 링크 카드(제목·요약·그림)가 붙습니다.',
          `${withTopicParticle(name)} 다른 사이트의 iframe을 넣을 수 없어, 그림을 움직여 보려면 링크로 원래 페이지를 엽니다.`);
        field(fields, s.id, `blog-${platform}-link`, '원래 페이지 링크 (장의 페이지: 링크 카드가 붙습니다)', '링크', 2, s.cardLink);
        field(fields, s.id, `blog-${platform}-alt`, '사진 설명 (대체 텍스트)', '대체 텍스트', 3, s.alt);
      }
    };
    for (const [value, label] of PLATFORMS) {
      const l = document.createElement('label');
      const r = document.createElement('input');
      r.type = 'radio';
      r.name = `${s.id}-blog`;
      r.value = value;
      r.checked = value === 'velog';
      r.addEventListener('change', () => { if (r.checked) show(value); });
      l.append(r, label);
      choices.append(l);
    }
    set.append(legend, choices, steps, fields);
    body.append(set);
    show('velog');
  }

  // Fills the 퍼가기 panel from the figure's current state when it opens:
  // the iframe snippets (whole figure with its controls; the figure alone,
  // sized to its content at 760 px), the permalink, the text alternative and
  // the blog kit, all as textarea values (text, never markup).
  function fillShare(details) {
    const panel = details.closest('.export');
    const fig = details.closest('figure');
    if (!panel || !fig) return;
    const d = panel.dataset;
    const base = location.origin + location.pathname;
    const q = new URLSearchParams(d.permalink || '');
    for (const k of ['ch', 'fig', 'embed', 'bare']) q.delete(k);
    const rest = q.toString();
    const embedUrl = `${base}?embed=${encodeURIComponent(d.id)}${rest ? '&' + rest : ''}`;
    const bareUrl = `${embedUrl}&bare=1`;
    const caption = (fig.querySelector('figcaption') || {}).textContent || '';
    const desc = (fig.querySelector(`[id="${d.id}-desc"]`) || {}).textContent || '';
    const alt = `${caption}\n\n${desc.trim()}`;
    const link = base + (d.permalink || '');
    // The chapter's own page (ID.html, whose og: tags make the link card) in the same state.
    const chapter = new URLSearchParams(d.permalink || '').get('ch');
    const state = new URLSearchParams(d.permalink || '');
    state.delete('ch');
    const dir = base.slice(0, base.lastIndexOf('/') + 1);
    const cardLink = chapter && /^[a-z0-9-]+$/.test(chapter) ? `${dir}${chapter}.html?${state.toString()}` : link;
    const iframe = (src, height) =>
      `<iframe src="${esc(src)}" title="${esc(caption)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
    // A figure-only embed for the drawn figures the figures module lays out (not the sweeps, not B2).
    const bareable = d.params !== undefined && !fig.classList.contains('sweep-figure');
    const waiting = [];
    const s = {
      id: d.id, caption, alt, link, cardLink, animated: !!panel.querySelector('button[data-export=gif]'),
      fullSnippet: iframe(embedUrl, 720), bareSnippet: null,
      onBareSnippet: (f) => waiting.push(f),
    };
    const body = details.querySelector('.share-body');
    body.textContent = '';
    field(body, d.id, 'embed-code', '다른 페이지에 넣기: 그림과 조작 패널 (<iframe>)', '퍼가기 코드', 3, s.fullSnippet);
    previewLink(body, embedUrl, '퍼가기 화면 미리 보기');
    if (bareable) {
      const t = field(body, d.id, 'embed-bare', '다른 페이지에 넣기: 그림만 (<iframe>, 폭 760px에 맞춘 높이)', '그림만 퍼가기 코드', 3, '높이를 재는 중…');
      previewLink(body, bareUrl, '그림만 미리 보기');
      const time = d.time === undefined ? undefined : Number(d.time);
      const win = d.win === undefined ? undefined : Number(d.win);
      loadModule('figures')
        .then((m) => m.file_height(d.id, d.params, BARE_WIDTH - 16, time, win, d.recon !== '0'))
        .then((h) => {
          s.bareSnippet = iframe(bareUrl, h + BARE_EXTRA_PX);
          t.value = s.bareSnippet;
          t.dataset.height = String(h + BARE_EXTRA_PX);
          for (const f of waiting) f(s.bareSnippet);
        })
        .catch((err) => { t.value = `높이를 재지 못했습니다: ${err && err.message ? err.message : err}`; });
    }
    field(body, d.id, 'permalink', '이 상태의 링크', '링크', 2, link);
    field(body, d.id, 'alt-text', '대체 텍스트 (이미지와 함께 쓰세요)', '대체 텍스트', 5, alt);
    blogKit(body, s);
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
