//! The export bar and the "퍼가기" panel every figure carries.
//!
//! Buttons "SVG", "PNG", "PNG 2×", "트레이스 JSON" and "지표 CSV" download the
//! figure's current state; a figure with a player also offers "GIF", its
//! player's span as an animated GIF of the frame count the reader sets
//! (`lab figure … --animate --out F.gif`). The files come from the lazily loaded `figures`
//! wasm module (src/bin/figures.rs), which runs `crate::figures::export`,
//! the very code behind `lab figure`; it is imported on the first click (or
//! the first Article B figure), so it never weighs on the first load.
//! The panel (`<details>` "퍼가기") offers an `<iframe>` snippet for the
//! embed mode (`?embed=ID&…`), the permalink and the Korean text alternative
//! (the figure's generated description, headed by its caption).
//! The markup is static; one delegated click handler (JavaScript, below)
//! serves every figure's buttons, which keeps the site's wasm small.
//! Everything shown is text (textarea values, text nodes), never markup.
//!
//! The sweep figures carry [`sweep_panel`]: the same bar, disabled until the
//! grid is complete, whose JSON and CSV are the grid's cells. The handler
//! never recomputes a sweep: it asks the site for the finished grid its
//! cache holds (`sweep_result` in src/main.rs, postcard bytes, so every
//! float arrives bit for bit) and hands it to the `figures` module, which
//! draws it with the code `lab figure` runs.

use wasm_bindgen::prelude::*;
use yew::prelude::*;

// `js/export_panel.js`, a classic script of the page (index.html).
#[wasm_bindgen(js_namespace = consistencyLab)]
extern "C" {
    /// Installs the one delegated click handler of every figure's export bar and panel (idempotent).
    #[wasm_bindgen(js_name = installExportHandlers)]
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
    let animated = lab_model::registry::figure(p.id).is_some_and(|s| s.kind.has_player());
    let (frames_min, frames_max) = crate::figures::export::FRAMES_RANGE;
    let frames_id = format!("{}-gif-frames", p.id);
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
                if animated {
                    <span class="export-gif">
                        { button("gif", "GIF", "재생 구간 전체를 움직이는 GIF로 (그림의 색 그대로, lab figure --animate와 같은 프레임)") }
                        <label for={frames_id.clone()}>{ "프레임" }</label>
                        <input id={frames_id} class="gif-frames" type="number" inputmode="numeric"
                            min={frames_min.to_string()} max={frames_max.to_string()} step="1" value="30" />
                    </span>
                }
            </div>
            { share_and_status() }
        </div>
    }
}

/// The "퍼가기" panel, which the handler fills when it is opened, and the
/// status line the handler reports to: the same in every export block.
fn share_and_status() -> Html {
    html! {
        <>
            <details class="share">
                <summary>{ "퍼가기" }</summary>
                <div class="share-body"></div>
            </details>
            <p class="export-status" role="status" aria-live="polite"></p>
        </>
    }
}

/// The "퍼가기" panel alone, for a figure that is not a drawing (B2, an HTML
/// table: no image files; `lab crashpoints` gives its data).
pub fn share_only(id: &str, permalink: String) -> Html {
    html! {
        <div class="export" data-id={id.to_string()} data-permalink={permalink}>
            { share_and_status() }
        </div>
    }
}

/// The export bar and "퍼가기" panel of a sweep figure. `params` is
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
            { share_and_status() }
        </div>
    }
}
