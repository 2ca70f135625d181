//! Browser tests (wasm-bindgen-test in headless Chromium): native/wasm parity
//! of the simulation, and Yew components mounted into a real DOM.
//! Run: `cargo test --release --target wasm32-unknown-unknown --test wasm`.
#![cfg(target_arch = "wasm32")]

#[path = "support/parity_case.rs"]
mod parity_case;
#[path = "support/replay_case.rs"]
mod replay_case;

use consistency_lab::figures::plan::LeasePlan;
use consistency_lab::web::controls::{ParamControl, ParamControlProps};
use consistency_lab::web::figure::{Figure, FigureProps, InitState};
use consistency_lab::web::{content, url};
use lab_model::params::{lease_param, parse_lease_query};
use lab_model::registry::{figures_of, Scenario};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn settle() {
    // Yew renders in a microtask; the figure draws in `rendered`. A short timer lets both finish.
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 50).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// The page's table, as `web::start` loads it: the committed Korean words file.
fn korean_words() -> &'static consistency_lab::words::Words {
    consistency_lab::web::page_words::install(include_bytes!("../static/words/ko.words")).expect("ko.words decodes")
}

fn mount_point() -> web_sys::Element {
    korean_words();
    let doc = gloo::utils::document();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

#[wasm_bindgen_test]
fn trace_hash_equals_the_native_one() {
    assert_eq!(parity_case::parity_hash(), parity_case::EXPECTED_PARITY_HASH);
}

/// (a)'s smallest counterexample of `lab check`, replayed in lab-sim as a
/// script, hashes as it does natively (tests/check_replay.rs).
#[wasm_bindgen_test]
fn a_counterexample_replays_as_natively() {
    assert_eq!(replay_case::a_replay_hash(), replay_case::A_REPLAY_HASH);
}

#[wasm_bindgen_test]
async fn figure_a1_renders_controls_table_and_text_alternative() {
    let root = mount_point();
    let parsed = parse_lease_query("preset=exp1&ttl_ms=600");
    assert!(parsed.notices.is_empty());
    let props = FigureProps {
        id: "lease-expiry".into(),
        chapter: "a1-lease-expiry".into(),
        init: Some(InitState {
            query: parsed.value,
            notices: vec![],
            cursor_us: Some(1_000_000),
            event: None,
            window_ms: None,
            reveal_ledger: None,
            recorded: false,
            answered: false,
        }),
        sync_url: false,
    };
    yew::Renderer::<Figure>::with_root_and_props(root.clone(), props).render();
    settle().await;
    // Lesson mode: the results, the player's scrub and the other settings are the lab's.
    let toggle: web_sys::HtmlElement =
        root.query_selector("button.lab-toggle").unwrap().expect("the lab's toggle").unchecked_into();
    toggle.click();
    settle().await;
    // No spoilers: at 1 s, before this run's decisive moment (no anomaly: the
    // window's end), the results wait for the reader to ask.
    assert!(root.query_selector("table.metrics").unwrap().is_none(), "the results wait");
    let reveal: web_sys::HtmlElement =
        root.query_selector("button.results-reveal").unwrap().expect("the show-results button").unchecked_into();
    reveal.click();
    // The first table is computed in the first render as far as its time
    // budget allows, the rest a moment later.
    for _ in 0..100 {
        settle().await;
        if root.query_selector("table.metrics[data-pending=false]").unwrap().is_some() {
            break;
        }
    }
    let fig = root.query_selector("figure#lease-expiry").unwrap().expect("a <figure id=lease-expiry>");
    assert!(fig.query_selector("figcaption").unwrap().is_some());
    let desc_id = fig.get_attribute("aria-describedby").unwrap();
    let desc = gloo::utils::document().get_element_by_id(&desc_id).unwrap().text_content().unwrap();
    let approvals = lab_words::metrics::metric_name(korean_words(), lab_model::metrics::Metric::Approvals);
    assert!(desc.contains(approvals), "text alternative: {desc}");
    // A duration: a range over the ladder's positions, and the exact value in the field named after the key.
    let ttl: web_sys::HtmlInputElement =
        fig.query_selector("input#lease-expiry-ttl_ms").unwrap().unwrap().unchecked_into();
    assert_eq!(ttl.type_(), "range");
    assert_eq!(ttl.get_attribute("aria-valuetext").as_deref(), Some("600 ms"));
    let exact: web_sys::HtmlInputElement = fig.query_selector("input[name=ttl_ms]").unwrap().unwrap().unchecked_into();
    assert_eq!(exact.type_(), "number");
    assert_eq!(exact.value(), "600");
    let label = fig.query_selector("label[for=lease-expiry-ttl_ms]").unwrap().unwrap().text_content().unwrap();
    assert!(label.contains("600 ms"), "label: {label}");
    // A lease longer than the longest pause: exactly the 240 possible approvals, in every run.
    let first_row = fig.query_selector("table.metrics tbody tr").unwrap().unwrap().text_content().unwrap();
    assert!(first_row.starts_with(approvals), "{first_row}");
    assert_eq!(first_row.matches("240").count(), 4, "{first_row}");
    let canvas: web_sys::HtmlCanvasElement = fig.query_selector("canvas").unwrap().unwrap().unchecked_into();
    assert!(canvas.width() > 0 && canvas.height() > 0);
    let scrub: web_sys::HtmlInputElement = fig.query_selector("input.scrub").unwrap().unwrap().unchecked_into();
    assert!(scrub.value().parse::<usize>().unwrap() > 0, "the cursor starts at t = 1000 ms");
}

/// Every Article A figure mounts, and its canvas is laid out as its plan
/// lays the figure out for a file of the same width (`lab figure`, the
/// export bar): the page draws what you download.
#[wasm_bindgen_test]
async fn every_figure_mounts_as_tall_as_its_plan() {
    for spec in figures_of(Scenario::Lease) {
        let root = mount_point();
        let props = FigureProps { id: spec.id.into(), chapter: "test".into(), init: None, sync_url: false };
        yew::Renderer::<Figure>::with_root_and_props(root.clone(), props).render();
        // The first render runs the figure and its whole table: give a busy machine time.
        let selector = format!("figure#{} canvas", spec.id);
        let mut canvas: Option<web_sys::HtmlCanvasElement> = None;
        for _ in 0..100 {
            settle().await;
            canvas = root.query_selector(&selector).unwrap().map(|c| c.unchecked_into());
            if canvas.as_ref().is_some_and(|c| !c.style().get_property_value("height").unwrap().is_empty()) {
                break;
            }
        }
        let canvas = canvas.expect(spec.id);
        let fig = root.query_selector(&format!("figure#{}", spec.id)).unwrap().expect(spec.id);
        assert_eq!(
            fig.query_selector("figcaption").unwrap().unwrap().text_content().unwrap(),
            lab_words::catalogue::caption(korean_words(), spec)
        );
        let wrap: web_sys::HtmlElement = fig.query_selector(".canvas-wrap").unwrap().unwrap().unchecked_into();
        let width = f64::from(wrap.client_width()).max(280.0);
        let planned = LeasePlan::new(spec, spec.initial_query(), None, true).run().height_css(width);
        assert_eq!(canvas.style().get_property_value("height").unwrap(), format!("{planned}px"), "{}", spec.id);
    }
}

#[wasm_bindgen_test]
async fn slider_is_a_labelled_range_input() {
    let root = mount_point();
    let props = ParamControlProps {
        prefix: "t".into(),
        spec: lease_param("ttl_ms").unwrap(),
        value: "250".into(),
        on_change: Callback::noop(),
        marks: vec![(200, "TTL".to_string()), (20_000, "out of range".to_string())],
    };
    yew::Renderer::<ParamControl>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let input: web_sys::HtmlInputElement = root.query_selector("input#t-ttl_ms").unwrap().unwrap().unchecked_into();
    assert_eq!(input.type_(), "range");
    // TTL is a duration: the range moves over the ladder's positions; the value is told in words.
    let spec = lease_param("ttl_ms").unwrap();
    let ladder = lab_model::slider_scale::Ladder::new(spec.min, spec.max, spec.step);
    assert_eq!(input.min(), "0");
    assert_eq!(input.max(), (ladder.len() - 1).to_string());
    assert_eq!(input.value(), ladder.position_of(250).to_string());
    assert_eq!(ladder.value_at(ladder.position_of(250)), 250, "250 ms is on the ladder");
    assert_eq!(input.get_attribute("aria-valuetext").as_deref(), Some("250 ms"));
    let exact: web_sys::HtmlInputElement = root.query_selector("input[name=ttl_ms]").unwrap().unwrap().unchecked_into();
    assert_eq!((exact.type_().as_str(), exact.value().as_str()), ("number", "250"));
    let label = root.query_selector("label[for=t-ttl_ms]").unwrap().unwrap().text_content().unwrap();
    let ttl_label = lab_words::params::param_label(korean_words(), spec);
    assert!(label.contains(ttl_label) && label.contains("250 ms"), "{label}");
    // Marks become ticks (a datalist the input names) and named values; one
    // outside the slider's range is dropped.
    assert_eq!(input.get_attribute("list").as_deref(), Some("t-ttl_ms-marks"));
    let options = root.query_selector_all("datalist#t-ttl_ms-marks option").unwrap();
    assert_eq!(options.length(), 1);
    let named = root.query_selector(".ctl-marks").unwrap().unwrap().text_content().unwrap();
    assert!(named.contains("TTL: 200 ms") && !named.contains("out of range"), "{named}");
}

/// Both committed words files decode in the browser as their language's
/// table, and the page's table is left on the page for the lazily loaded
/// modules (which read it from `consistencyLab.words`).
#[wasm_bindgen_test]
fn both_words_files_decode_and_the_page_hands_its_table_over() {
    use consistency_lab::words::{decode, Lang};
    let en = decode(include_bytes!("../static/words/en.words")).expect("en.words decodes");
    assert_eq!(en.lang(), Lang::En);
    assert!(!en.ui.page.panic.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{}", en.ui.page.panic);
    let ko = korean_words();
    assert_eq!(ko.lang(), Lang::Ko);
    let lab = js_sys::Reflect::get(&js_sys::global(), &"consistencyLab".into()).unwrap();
    let bytes = js_sys::Reflect::get(&lab, &"words".into()).unwrap().dyn_into::<js_sys::Uint8Array>().unwrap();
    assert_eq!(bytes.to_vec(), include_bytes!("../static/words/ko.words").to_vec());
    assert_eq!(consistency_lab::web::page_words::words().lang(), Lang::Ko);
}

/// The language switch's link keeps its page and takes the address's state.
#[wasm_bindgen_test]
fn the_language_switch_keeps_the_figures_state() {
    use consistency_lab::web::lang_switch::with_state;
    assert_eq!(
        with_state("en/a1-lease-expiry.html", "?fig=lease-expiry&ttl_ms=600", ""),
        "en/a1-lease-expiry.html?fig=lease-expiry&ttl_ms=600"
    );
    assert_eq!(with_state("../a1-lease-expiry.html?old=1#x", "", "#fig"), "../a1-lease-expiry.html#fig");
}

/// The page fills a chapter's `{{sim:…}}` numbers from live runs in wasm
/// (the prose is rendered ahead of time and keeps them as text), and an
/// unknown one with a visible marker.
#[wasm_bindgen_test]
fn a_chapters_sim_numbers_are_filled_from_live_runs() {
    let ko = korean_words();
    let unit = lab_words::metrics::metric_unit(ko, lab_model::metrics::Metric::Approvals);
    let html = content::fill_sim_placeholders(&format!(
        "<p>{{{{sim:exp1:approvals}}}}{unit} · {{{{sim:nope:x}}}} · {{{{sim:exp1</p>"
    ));
    let expected = content::sim_value("exp1", "approvals").expect("exp1 has approvals");
    assert!(expected.chars().any(|c| c.is_ascii_digit()), "{expected}");
    let missing = ko.shell.prose.no_value;
    assert_eq!(html, format!("<p>{expected}{unit} · {missing} · {{{{sim:exp1</p>"));
}

#[wasm_bindgen_test]
fn url_notices_are_korean_and_keep_the_raw_text() {
    let ko = korean_words();
    let r = url::parse("?ch=a1&ttl_ms=99999&threads=abc&t=x");
    assert_eq!(r.chapter.as_deref(), Some("a1"));
    assert_eq!(r.notices.len(), 3, "{:?}", r.notices);
    let clamped = ko.fill(
        ko.notices.clamped,
        &[("key", "ttl_ms"), ("given", "99999"), ("min", "1"), ("max", "10000"), ("used", "10000")],
    );
    let ignored = ko.fill(ko.notices.ignored, &[("key", "threads"), ("given", "abc")]);
    assert!(r.notices.contains(&clamped) && r.notices.contains(&ignored), "{:?}", r.notices);
    assert_eq!(r.query.unwrap().config.ttl_ms, 10_000);
}

/// `web::canvas::StateCachingCanvas` skips context settings that would not
/// change anything: a timeline with every kind of mark (holds, ticks, row
/// waits, labels, the fence lane) drawn through it and through plotters-canvas
/// itself gives the same pixels.
#[wasm_bindgen_test]
fn the_state_caching_canvas_draws_what_plotters_canvas_draws() {
    let ko = korean_words();
    use consistency_lab::figures::recording::record;
    use consistency_lab::figures::timeline::{draw_timeline_planned, height_css, lanes, TimelineMarks};
    use consistency_lab::figures::View;
    use consistency_lab::sim::lease::{run, TraceLevel, Variant};
    use consistency_lab::web::canvas::StateCachingCanvas;
    use plotters::prelude::*;
    use plotters_canvas::CanvasBackend;

    let q = parse_lease_query("variant=fence_read&threads=8&wallets=2&ttl_ms=150&duration_s=2").value;
    let trace = run(&q.config, q.seed, q.run_index, TraceLevel::Full);
    let view = View {
        t0_us: 0,
        t1_us: 2_000_000,
        show_fence: true,
        title: Some(lab_words::catalogue::variant_name(ko, Variant::FenceRead).into()),
        ..View::default()
    };
    let marks = TimelineMarks::of(&trace);
    let (w, h) = (720u32, height_css(&trace, &view, &marks).round() as u32);
    let canvas = || {
        let c: web_sys::HtmlCanvasElement =
            gloo::utils::document().create_element("canvas").unwrap().dyn_into().unwrap();
        c.set_width(w);
        c.set_height(h);
        c
    };
    let (plain, cached) = (canvas(), canvas());
    let plan = lanes(&trace, &view, &marks);
    let timeline = record((w, h), |area| draw_timeline_planned(area, &trace, &view, &marks, &plan, ko)).unwrap();
    timeline.replay(&mut CanvasBackend::with_canvas_object(plain.clone()).unwrap()).unwrap();
    timeline.replay(&mut StateCachingCanvas::new(cached.clone()).unwrap()).unwrap();
    let (a, b) = (plain.to_data_url().unwrap(), cached.to_data_url().unwrap());
    assert!(a.len() > 10_000, "the timeline drew something ({} bytes of PNG data URL)", a.len());
    assert!(a == b, "the two timelines differ");

    // Every kind of mark between two rectangles of one colour, and labels
    // in two fonts (single Korean letters, from the Korean table's words):
    // whatever plotters-canvas sets in between must not leak.
    let letters: Vec<String> =
        ko.metrics.names.possible_approvals.chars().filter(|c| !c.is_whitespace()).map(String::from).collect();
    assert!(letters.len() >= 4 && letters.iter().all(|l| !l.is_ascii()), "{letters:?}");
    fn scene<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>, letters: &[String]) {
        let red = RGBColor(200, 30, 30).mix(0.85);
        let font = |size: f64, c: RGBColor| ("sans-serif", size).into_font().color(&c);
        let next = std::cell::Cell::new(0);
        let rect = || {
            let x = next.get();
            area.draw(&Rectangle::new([(x, 0), (x + 8, 40)], red.filled())).unwrap();
            next.set(x + 10);
            x + 10
        };
        let x = rect();
        area.draw_text(&letters[0], &font(14.0, BLUE), (x, 0)).unwrap();
        let x = rect();
        area.draw(&Polygon::new(vec![(x, 0), (x + 8, 20), (x, 40)], GREEN.filled())).unwrap();
        let x = rect();
        area.draw(&Circle::new((x + 4, 20), 4, BLACK.filled())).unwrap();
        let x = rect();
        area.draw(&PathElement::new(vec![(x, 0), (x + 8, 40)], MAGENTA.stroke_width(3))).unwrap();
        let x = rect();
        area.draw(&Rectangle::new([(x, 0), (x + 8, 40)], CYAN.stroke_width(2))).unwrap();
        let x = rect();
        area.draw_text(&letters[1], &font(9.0, RED).transform(FontTransform::Rotate90), (x + 4, 10)).unwrap();
        let x = rect();
        area.draw_text(&letters[2], &font(20.0, GREEN), (x, 0)).unwrap();
        area.draw_text(&letters[3], &font(14.0, BLUE), (x, 20)).unwrap();
        rect();
    }
    let small = || {
        let c = canvas();
        c.set_width(200);
        c.set_height(40);
        c
    };
    let (plain, cached) = (small(), small());
    scene(&CanvasBackend::with_canvas_object(plain.clone()).unwrap().into_drawing_area(), &letters);
    scene(&StateCachingCanvas::new(cached.clone()).unwrap().into_drawing_area(), &letters);
    assert!(plain.to_data_url().unwrap() == cached.to_data_url().unwrap(), "the two scenes differ");
    // Recorded and replayed (as the page draws every figure), the scene is the same pixels.
    let replayed = small();
    record((200, 40), |area| {
        scene(area, &letters);
        Ok(())
    })
    .unwrap()
    .replay(&mut StateCachingCanvas::new(replayed.clone()).unwrap())
    .unwrap();
    assert!(replayed.to_data_url().unwrap() == cached.to_data_url().unwrap(), "the replayed scene differs");
}
