//! `lab figure`: every figure renders to SVG with its Korean caption, PNG
//! output is a real, non-blank image, `--animate` writes an animated PNG of
//! distinct frames, the sweep heatmaps compute their grid and draw it,
//! output is deterministic, bad input exits with status 2, and the page's
//! drawing of every figure (its components' calls to the figure plan) is
//! byte for byte the file `lab figure` writes for the same state.

use std::path::PathBuf;
use std::process::{Command, Output};

use consistency_lab::figures::export::figure_list;

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("run lab")
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lab-figure-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn list_names_every_figure() {
    let o = lab(&["figure", "--list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let ids = [
        "lease-expiry",
        "silent-drift",
        "watchdog-stop",
        "fence-placement",
        "lease-clock",
        "conditional-update",
        "outage",
        "tradeoff",
        "latency-cdf",
        "vote-story",
        "outer-transaction",
        "uncertain-failure",
        "liveness",
        "kill-vs-power",
    ];
    for id in ids {
        assert!(text.lines().any(|l| l.starts_with(&format!("{id}\t"))), "{id} missing from:\n{text}");
    }
    assert!(text.contains("crash-matrix"), "the skipped B2 is mentioned");
}

#[test]
fn every_figure_renders_to_svg_with_its_caption() {
    for e in figure_list() {
        let path = out_path(&format!("{}.svg", e.id));
        let o = lab(&["figure", e.id, "--out", path.to_str().unwrap(), "--width", "720"]);
        assert!(o.status.success(), "{}: {}", e.id, stderr(&o));
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{}: not an SVG", e.id);
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count(), "{}: unbalanced <text>", e.id);
        assert!(svg.contains("font-family"), "{}", e.id);
        // The caption (the Korean edition's) is wrapped into lines; every word of it is in the file.
        let caption = lab_words::catalogue::caption(lab_words::Words::of(lab_words::Lang::Ko), e);
        for word in caption.split(' ') {
            let escaped = word.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
            assert!(svg.contains(word) || svg.contains(&escaped), "{}: caption word {word:?} missing", e.id);
        }
        let number = lab_model::registry::figure(e.id).map(|f| f.number).unwrap_or(e.code);
        let head = caption.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert!(head.ends_with(&format!(" {number}.")) && svg.contains(&head), "{}: caption head {head}", e.id);
    }
}

#[test]
fn png_is_a_real_non_blank_image_and_deterministic() {
    let a = out_path("a1.png");
    let b = out_path("a1-again.png");
    for p in [&a, &b] {
        let o = lab(&[
            "figure",
            "lease-expiry",
            "--params",
            "preset=exp1&seed=2",
            "--time",
            "1500",
            "--out",
            p.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(bytes, std::fs::read(&b).unwrap(), "same command, same bytes");

    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.width, 960);
    let pixels = &buf[..info.buffer_size()];
    let first = &pixels[..3];
    let differing = pixels.chunks(3).filter(|p| *p != first).count();
    assert!(differing > 1000, "the image is not blank ({differing} non-background pixels)");
}

#[test]
fn svg_is_deterministic() {
    let a = out_path("b1.svg");
    let b = out_path("b1-again.svg");
    for p in [&a, &b] {
        let o = lab(&["figure", "vote-story", "--time", "300", "--out", p.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

/// `--time` takes ms to the µs: a story's events fall between whole
/// milliseconds, and the page's export of a paused story must be one `lab` can draw.
#[test]
fn time_is_read_to_the_microsecond() {
    let draw = |t: &str| {
        let p = out_path(&format!("b1-t{t}.svg"));
        let o = lab(&["figure", "vote-story", "--time", t, "--out", p.to_str().unwrap()]);
        assert!(o.status.success(), "{t}: {}", stderr(&o));
        std::fs::read(&p).unwrap()
    };
    assert_eq!(draw("2.1"), draw("2.100"));
    assert_ne!(draw("2.1"), draw("2"), "2.1 ms is after A's signature, 2 ms before it");
}

#[test]
fn bad_input_exits_2() {
    let svg = out_path("bad.svg");
    let svg = svg.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &["figure", "no-such-figure", "--out", svg],
        &["figure", "crash-matrix", "--out", svg],
        &["figure", "lease-expiry", "--params", "ttl_ms=-5", "--out", svg],
        &["figure", "lease-expiry", "--params", "bogus_key=1", "--out", svg],
        &["figure", "vote-story", "--params", "variant=nope", "--out", svg],
        &["figure", "lease-expiry", "--out", "x.jpg"],
        &["figure", "lease-expiry", "--out", "noext"],
        &["figure", "lease-expiry", "--out", svg, "--width", "abc"],
        &["figure", "lease-expiry", "--out", svg, "--width", "10"],
        &["figure", "lease-expiry", "--out", svg, "--time", "-1"],
        &["figure", "vote-story", "--out", svg, "--time", "2.1234"],
        &["figure", "vote-story", "--out", svg, "--time", "2."],
        &["figure", "vote-story", "--out", svg, "--time", ".5"],
        &["figure", "vote-story", "--out", svg, "--time", "1e3"],
        &["figure", "vote-story", "--out", svg, "--time", "3600000.001"],
        &["figure", "tradeoff", "--out", svg, "--time", "100"],
        &["figure", "lease-expiry"],
        &["figure"],
        &["figure", "--list", "lease-expiry"],
        &["figure", "outage", "--out", "a.png", "--animate"],
        &["figure", "outage", "--out", svg, "--window", "1000"],
        &["figure", "lease-expiry", "--out", svg, "--window", "10"],
        &["figure", "lease-expiry", "--out", svg, "--recon", "0"],
        &["figure", "silent-drift", "--out", svg, "--recon", "maybe"],
        &["figure", "vote-story", "--out", svg, "--window", "1000"],
        &["figure", "lease-expiry", "--out", svg, "--animate"],
        &["figure", "lease-expiry", "--out", "a.png", "--frames", "4"],
        &["figure", "lease-expiry", "--out", "a.png", "--animate", "--frames", "1"],
        &["figure", "lease-expiry", "--out", "a.png", "--animate", "--fps", "0"],
        &["figure", "lease-expiry", "--out", "a.png", "--animate", "--time", "100"],
        // The sweep heatmaps: no player, window or ledger line; strict sweep keys.
        &["figure", "sweep-ttl-pause", "--params", "n=2&seeds=1", "--out", svg, "--time", "100"],
        &["figure", "sweep-ttl-pause", "--params", "n=2&seeds=1", "--out", svg, "--window", "1000"],
        &["figure", "sweep-contention", "--params", "seeds=1", "--out", svg, "--recon", "0"],
        &["figure", "sweep-contention", "--params", "seeds=1", "--out", "a.png", "--animate"],
        &["figure", "sweep-ttl-pause", "--params", "preset=exp1", "--out", svg],
        &["figure", "sweep-ttl-pause", "--params", "n=99", "--out", svg],
        &["figure", "sweep-ttl-pause", "--params", "metric=colour", "--out", svg],
        &["figure", "sweep-contention", "--params", "n=3", "--out", svg],
    ];
    for args in cases {
        let o = lab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("lab: "), "{args:?}: {}", stderr(&o));
    }
}

/// Decodes an APNG: (frame count declared in acTL, fcTL delay of frame 0, every frame's pixels).
fn decode_apng(bytes: &[u8]) -> (u32, (u16, u16), Vec<Vec<u8>>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let declared = reader.info().animation_control.expect("an acTL chunk: the PNG is animated").num_frames;
    let fc = reader.info().frame_control.expect("an fcTL chunk before the first frame");
    let delay = (fc.delay_num, fc.delay_den);
    let mut frames = Vec::new();
    for _ in 0..declared {
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        frames.push(buf);
    }
    (declared, delay, frames)
}

#[test]
fn animate_writes_an_apng_of_distinct_frames_deterministically() {
    let a = out_path("a1-anim.png");
    let b = out_path("a1-anim-again.png");
    for p in [&a, &b] {
        let o = lab(&[
            "figure",
            "lease-expiry",
            "--params",
            "preset=exp1&seed=2",
            "--out",
            p.to_str().unwrap(),
            "--animate",
            "--frames",
            "6",
            "--fps",
            "4",
            "--width",
            "480",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes, std::fs::read(&b).unwrap(), "same command, same bytes");
    let (declared, delay, frames) = decode_apng(&bytes);
    assert_eq!(declared, 6);
    assert_eq!(frames.len(), 6);
    assert_eq!(delay, (1, 4), "--fps 4: each frame shows 1/4 s");
    for w in frames.windows(2) {
        assert_ne!(w[0], w[1], "consecutive frames differ: the cursor moves");
    }
    // The last frame is the figure at the end of its window, as a still PNG draws it.
    let still = out_path("a1-still.png");
    let o = lab(&[
        "figure",
        "lease-expiry",
        "--params",
        "preset=exp1&seed=2",
        "--out",
        still.to_str().unwrap(),
        "--width",
        "480",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let still = std::fs::read(&still).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(&still));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(&buf[..info.buffer_size()], &frames[5][..]);

    // A story figure animates too (default frames and fps: 30 at 10 fps).
    let story = out_path("b1-anim.png");
    let o = lab(&["figure", "vote-story", "--out", story.to_str().unwrap(), "--animate", "--width", "400"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (declared, delay, frames) = decode_apng(&std::fs::read(&story).unwrap());
    assert_eq!((declared, delay), (30, (1, 10)));
    assert_ne!(frames[0], frames[29]);
}

#[test]
fn window_and_recon_change_the_drawing() {
    let render = |name: &str, extra: &[&str]| {
        let p = out_path(name);
        let mut args = vec!["figure"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", p.to_str().unwrap()]);
        let o = lab(&args);
        assert!(o.status.success(), "{extra:?}: {}", stderr(&o));
        std::fs::read_to_string(&p).unwrap()
    };
    let a = render("a1-3s.svg", &["lease-expiry"]);
    assert_eq!(a, render("a1-3s-again.svg", &["lease-expiry", "--window", "3000"]), "3000 ms is A1's own window");
    assert_ne!(a, render("a1-1s.svg", &["lease-expiry", "--window", "1000"]));
    assert_ne!(render("a2-on.svg", &["silent-drift"]), render("a2-off.svg", &["silent-drift", "--recon", "0"]));
}

#[test]
fn theme_dark_paints_the_pages_dark_palette_and_light_stays_the_default() {
    let render = |name: &str, extra: &[&str]| {
        let p = out_path(name);
        let mut args = vec!["figure", "lease-expiry"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", p.to_str().unwrap()]);
        let o = lab(&args);
        assert!(o.status.success(), "{extra:?}: {}", stderr(&o));
        std::fs::read(&p).unwrap()
    };
    let light = render("theme-default.svg", &[]);
    assert_eq!(light, render("theme-light.svg", &["--theme", "light"]), "light is the default");
    let dark = String::from_utf8(render("theme-dark.svg", &["--theme", "dark"])).unwrap();
    assert!(dark.contains("#111A2E"), "the dark background");
    assert!(!dark.contains("fill=\"#FFFFFF\""), "no white fill left");
    // The PNG's corner pixel is the dark background.
    let png = render("theme-dark.png", &["--theme", "dark"]);
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    reader.next_frame(&mut buf).unwrap();
    assert_eq!(&buf[..3], &[0x11, 0x1a, 0x2e]);
    for bad in [&["--theme", "sepia"][..], &["--theme", "dark", "--animate"][..]] {
        let p = out_path("theme-bad.png");
        let mut args = vec!["figure", "lease-expiry", "--out", p.to_str().unwrap()];
        args.extend_from_slice(bad);
        let o = lab(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("--theme"), "{}", stderr(&o));
    }
}

/// Non-background pixels of a PNG file, and its size.
fn png_ink(bytes: &[u8]) -> (usize, u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixels = &buf[..info.buffer_size()];
    let first = &pixels[..3];
    (pixels.chunks(3).filter(|p| *p != first).count(), info.width, info.height)
}

#[test]
fn sweep_figures_compute_their_grid_and_draw_it() {
    let render = |name: &str, args: &[&str]| {
        let p = out_path(name);
        let mut all = vec!["figure"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--out", p.to_str().unwrap()]);
        let o = lab(&all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        std::fs::read(&p).unwrap()
    };
    let svg =
        String::from_utf8(render("s1.svg", &["sweep-ttl-pause", "--params", "n=3&seeds=1", "--width", "600"])).unwrap();
    assert!(svg.starts_with("<svg width=\"600\""), "{}", &svg[..80]);
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let spec = lab_model::registry::figure("sweep-ttl-pause").unwrap();
    let head = lab_words::catalogue::caption(ko, spec).split(' ').take(2).collect::<Vec<_>>().join(" ");
    let [x_name, y_name] = lab_words::params::axis_names(ko, lab_model::params::SweepKind::TtlPause);
    assert!(svg.contains(&head) && svg.contains(x_name) && svg.contains(y_name), "{head}, {x_name}, {y_name}");
    // Nine cells, each a filled rectangle of its own colour scale: the
    // over-approval scale is red, and (a) over-approves at TTL 50 ms.
    assert!(svg.contains("fill=\"#F8FAFC\""), "a zero cell is the lightest colour");
    assert!(svg.matches("<rect").count() >= 9 + 40, "nine cells and the colour bar");
    let again =
        String::from_utf8(render("s1-again.svg", &["sweep-ttl-pause", "--params", "n=3&seeds=1", "--width", "600"]))
            .unwrap();
    assert_eq!(svg, again, "same grid, same bytes");
    // The colour follows `metric` (the page's view key).
    let thr = String::from_utf8(render(
        "s1-thr.svg",
        &["sweep-ttl-pause", "--params", "n=3&seeds=1&metric=throughput", "--width", "600"],
    ))
    .unwrap();
    assert_ne!(svg, thr);
    let per_second = ko.legend.sweep_units[1];
    assert!(thr.contains(per_second) && !svg.contains(per_second), "{per_second}");
    // The grid is the one `lab sweep` computes: another variant draws other cells.
    let safe = String::from_utf8(render(
        "s1-d.svg",
        &["sweep-ttl-pause", "--params", "n=3&seeds=1&variant=conditional", "--width", "600"],
    ))
    .unwrap();
    assert_ne!(svg, safe);
    // The contention grid as a PNG: a real, non-blank image of the asked width.
    let png = render("s2.png", &["sweep-contention", "--params", "tpw_hi=3&wallets_hi=3&seeds=1", "--width", "480"]);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let (ink, w, h) = png_ink(&png);
    assert_eq!(w, 480);
    assert!(h > 260, "drawing and caption: {h}");
    assert!(ink > 5000, "the image is not blank ({ink} non-background pixels)");
}

#[test]
fn capped_figures_say_what_the_caps_changed() {
    // 64 threads on one row, without pauses or latency: the work cap shortens
    // the window and the drawing budget leaves thread lanes out.
    let heavy = "variant=conditional&threads=64&wallets=1&retry_ms=5&pre_overhead_ms=5&post_overhead_ms=0\
                 &pause_min_ms=0&pause_max_ms=0&lock_net_us=0&db_net_us=0&duration_s=120";
    let path = out_path("capped.svg");
    let o = lab(&["figure", "lease-expiry", "--params", heavy, "--window", "20000", "--out", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("lab: note: the work cap (10000 events per timeline run, then on to the next 200 ms step) shortened the window from 20000 ms to"), "{err}");
    assert!(err.contains("lab: note: the drawing budget drew") && err.contains("of 64 thread lanes"), "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let template = ko.legend.lanes_capped;
    let note = ko.fill(&template[..template.find("{shown}").unwrap()], &[("total", "64")]);
    assert!(svg.contains(&note), "the figure itself says it too: {note}");
    // The starting state needs neither cap, and says nothing.
    let o = lab(&["figure", "lease-expiry", "--out", path.to_str().unwrap()]);
    assert!(o.status.success() && o.stderr.is_empty(), "{}", stderr(&o));
}

/// B5's label of transactions 1 and 2 finalized sits beside its dot, not on it, and inside the
/// figure at every width: to the dot's right, or to its left near the edge.
#[test]
fn b5_transaction_label_clears_its_dot_and_the_figure_edge() {
    let attr = |tag: &str, name: &str| -> f64 {
        let start = tag.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("no {name} in {tag}")) + name.len() + 3;
        tag[start..].split('"').next().unwrap().parse().unwrap()
    };
    for width in [280, 390, 720, 1600] {
        let path = out_path(&format!("b5-label-{width}.svg"));
        let o = lab(&["figure", "liveness", "--out", path.to_str().unwrap(), "--width", &width.to_string()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let svg = std::fs::read_to_string(&path).unwrap();
        let ko = lab_words::Words::of(lab_words::Lang::Ko);
        let label = ko.fill(ko.vote.liveness.finalized, &[("names", "1·2")]);
        let label_at = svg.find(&label).expect("the label");
        let text_tag = &svg[svg[..label_at].rfind("<text").unwrap()..label_at];
        let circle_tag = &svg[svg[..label_at].rfind("<circle").unwrap()..];
        let circle_tag = &circle_tag[..circle_tag.find("/>").unwrap()];
        let (x, cx) = (attr(text_tag, "x"), attr(circle_tag, "cx"));
        // At most a full em per character (Hangul is one em, digits less).
        let widest = 11.0 * label.chars().count() as f64;
        if text_tag.contains("text-anchor=\"end\"") {
            assert!(x <= cx - 6.0 && x - widest >= 0.0, "width {width}: label ends at {x}, dot at {cx}");
        } else {
            assert!(x >= cx + 6.0 && x + widest <= f64::from(width), "width {width}: label starts at {x}, dot at {cx}");
        }
    }
}

// ---------------------------------------------------------------------------
// What you download is what you see: the page's drawing equals `lab figure`'s file.

mod page {
    //! The page's path to a figure, call for call as its components make it
    //! (`web::figure::Figure`, `web::vote_figure::VoteFigure`,
    //! `web::sweep_figure::SweepFigure`): read the query, ask the plan, fulfil
    //! its runs (A8 and A9 from the metric table), put the player where the
    //! page puts it, lay out at the canvas width and draw. The page draws on a
    //! canvas at the screen's pixel ratio; here the same calls draw into an
    //! SVG at 1×, with the caption under it as a file has it.

    use std::rc::Rc;

    use consistency_lab::figures::export::caption::{paint, svg_document, wrap_caption, CAPTION_PAD_PX};
    use consistency_lab::figures::export::{footer_height, legend_layout};
    use consistency_lab::figures::legend::{fixed_legend_of, LegendEntry};
    use consistency_lab::figures::plan::{LeaseFigure, LeasePlan, VotePlan};
    use consistency_lab::figures::player::{Pace, Player};
    use consistency_lab::figures::recording::{record, Area};
    use consistency_lab::figures::sweep::{draw_heatmap, heat_height_css};
    use consistency_lab::figures::vote::StackFault;
    use consistency_lab::figures::View;
    use consistency_lab::sim::lease::LeaseTrace;
    use lab_model::params::{parse_lease_query, parse_vote_query, to_query, vote_to_query};
    use lab_model::registry::{FigureKind, FigureSpec, Scenario};
    use lab_model::sweep::{parse_strict, SweepResult};

    /// Where the page's player stands.
    #[derive(Clone, Copy, Debug)]
    pub enum Cursor {
        /// At the end (reduced motion, or played through).
        End,
        /// A permalink's `t` (ms), on a timeline.
        Time(u64),
        /// Paused at a story's step.
        Step(usize),
    }

    /// A figure state on the page.
    #[derive(Clone, Debug)]
    pub struct State {
        pub query: &'static str,
        pub width: u32,
        pub window_ms: Option<u32>,
        pub reveal_ledger: bool,
        pub cursor: Cursor,
    }

    /// The page's drawing onto the figure's part of the file.
    type PageDrawing = dyn Fn(&Area) -> Result<(), String>;

    /// The page's drawing of `spec` in `state` with its caption, and the
    /// `lab figure` arguments its export bar asks for the same state.
    pub fn draw(spec: &'static FigureSpec, state: &State) -> (String, Vec<String>) {
        let css_w = f64::from(state.width);
        let mut args = vec!["--width".to_string(), state.width.to_string()];
        let (height, drawn, legend_entries): (f64, Box<PageDrawing>, Vec<LegendEntry>) = match spec.scenario() {
            Scenario::Lease => {
                let query = parse_lease_query(state.query).value;
                let requested = state.window_ms.unwrap_or(spec.window_ms).max(500);
                let plan = LeasePlan::new(spec, query.clone(), Some(requested), state.reveal_ledger);
                let figure = if plan.draws_table_runs() {
                    let columns: Vec<Vec<Rc<LeaseTrace>>> =
                        plan.table().iter().map(|c| c.runs.iter().map(|r| Rc::new(r.run().0)).collect()).collect();
                    let traces = plan.figure_traces_from_table(&columns).expect("the table has every run");
                    LeaseFigure::new(&plan, traces.into_iter().map(|t| (t, None)).collect())
                } else {
                    let runs = plan.figure_runs().iter().map(|r| r.run()).map(|(t, ms)| (Rc::new(t), ms)).collect();
                    LeaseFigure::new(&plan, runs)
                };
                let mut player = Player::new(Pace::Time);
                let requested_us = u64::from(requested) * 1000;
                player.set_cursor(match state.cursor {
                    Cursor::Time(ms) => (ms * 1000).min(requested_us),
                    _ => requested_us,
                });
                player.set_track(figure.step_times(), figure.player_marks(), figure.window_us());
                let cursor = player.cursor_us();
                args.extend(["--params".to_string(), to_query(&query)]);
                if spec.kind.is_lease_timeline() && cursor < figure.window_us() {
                    args.extend(["--time".to_string(), (cursor / 1000).to_string()]);
                }
                if requested != spec.window_ms {
                    args.extend(["--window".to_string(), requested.to_string()]);
                }
                if !state.reveal_ledger {
                    args.extend(["--recon".to_string(), "0".to_string()]);
                }
                let h = figure.height_css(css_w);
                // The page's legend: the marks the run drew (`<ul class="legend">`).
                let entries = figure.legend().iter().map(|i| i.entry()).collect();
                (h, Box::new(move |area| figure.draw(area, cursor, 1.0).map_err(|e| format!("{e:?}"))), entries)
            }
            Scenario::Vote => {
                let config = parse_vote_query(state.query).value;
                let figure = VotePlan::new(spec, config.clone()).run();
                let mut player = Player::new(Pace::Steps);
                player.set_track(figure.step_times(), Vec::new(), 0);
                match state.cursor {
                    Cursor::Step(i) => player.go_to_step(i, &figure),
                    _ => player.to_end(),
                }
                let cursor = player.cursor_us();
                args.extend(["--params".to_string(), vote_to_query(&config)]);
                if cursor != u64::MAX {
                    assert_eq!(cursor % 1000, 0, "{}: a file's time is whole milliseconds", spec.id);
                    args.extend(["--time".to_string(), (cursor / 1000).to_string()]);
                }
                let heights = figure.panel_heights_css(css_w);
                let h = heights.iter().sum();
                (
                    h,
                    Box::new(move |area| {
                        // One canvas per panel, each as tall as its panel.
                        let mut rest = area.clone();
                        for (i, h) in heights.iter().enumerate() {
                            let (panel, below) = rest.split_vertically(h.round() as u32);
                            figure
                                .draw_panel(&panel, i, cursor, StackFault::None, 1.0, None)
                                .map_err(|e| format!("{e:?}"))?;
                            rest = below;
                        }
                        Ok(())
                    }),
                    fixed_legend_of(spec.kind).to_vec(),
                )
            }
            Scenario::Sweep => {
                let FigureKind::Sweep(kind) = spec.kind else { unreachable!() };
                let (spec, metric) = parse_strict(kind, state.query, true).expect("a sweep query");
                let result = SweepResult::compute(spec);
                args.extend(["--params".to_string(), state.query.to_string()]);
                let (rows, cols) = spec.shape();
                let h = heat_height_css(css_w, rows, cols);
                let view = View { scale: 1.0, ..View::default() };
                (
                    h,
                    Box::new(move |area| {
                        draw_heatmap(area, &result, metric, None, &view).map_err(|e| format!("{e:?}"))
                    }),
                    Vec::new(),
                )
            }
            // The reader's own schedule (A10) has no file: never drawn here.
            Scenario::Check => unreachable!("{} is not drawn", spec.id),
        };
        let lines = wrap_caption(
            lab_words::catalogue::caption(lab_words::Words::of(lab_words::Lang::Ko), spec),
            css_w - 2.0 * CAPTION_PAD_PX,
        );
        // The page's legend (`<ul class="legend">`) is the file's too.
        let legend = legend_layout(&legend_entries, state.width);
        let fig_h = height.round().max(1.0) as u32;
        let drawing = record((state.width, fig_h), |fig| {
            drawn(fig).unwrap_or_else(|e| panic!("the page's drawing failed: {e}"));
            Ok(())
        })
        .expect("a drawing");
        let size = (state.width, fig_h + footer_height(&legend, lines.len(), 1.0));
        let image = record(size, |root| paint(root, &drawing, &legend, &lines, 1.0)).expect("an image");
        let svg = svg_document(size, consistency_lab::figures::theme::Theme::Light, |backend| image.replay(backend))
            .expect("an SVG");
        (svg, args)
    }
}

/// For every figure, in states the page can be in (its start, a changed
/// query, a paused player, a wider window, a narrow screen), the page's
/// drawing is byte for byte the file `lab figure` writes for the state the
/// export bar hands it.
#[test]
fn the_page_draws_what_lab_figure_writes() {
    use lab_model::registry::{Scenario, FIGURES};
    use page::{Cursor, State};
    let start = |width| State { query: "", width, window_ms: None, reveal_ledger: true, cursor: Cursor::End };
    let mut compared = 0;
    for spec in FIGURES.iter().filter(|f| f.not_drawn.is_none()) {
        let mut states = Vec::new();
        match spec.scenario() {
            Scenario::Lease => {
                states.push(State { query: spec.start_query, ..start(720) });
                let changed = if spec.id == "fence-placement" {
                    "preset=exp3_c1&ttl_ms=350&seed=4&run=1"
                } else {
                    "preset=exp1&ttl_ms=350&wallets=3&seed=4&run=1"
                };
                let mut other = State { query: changed, ..start(390) };
                if spec.kind.is_lease_timeline() {
                    other.cursor = Cursor::Time(700);
                    other.window_ms = Some(5_000);
                }
                if spec.id == "silent-drift" {
                    other.reveal_ledger = false;
                }
                states.push(other);
            }
            Scenario::Vote => {
                states.push(State { query: spec.start_query, ..start(720) });
                let changed = if spec.id == "liveness" {
                    "scenario=vote&variant=V0&crash=none&blocked_validators=3&txs_submit_at_ms=12000"
                } else {
                    "scenario=vote&variant=V3&fault=power&crash_after=4&device_honours_sync=false"
                };
                states.push(State { query: changed, ..start(500) });
                if spec.kind.is_story() {
                    // Paused at a step whose time is a whole millisecond (what a file's `--time` can say).
                    let figure = consistency_lab::figures::plan::VotePlan::new(spec, spec.initial_vote_config()).run();
                    let step = figure.step_times().iter().skip(3).position(|t| t % 1000 == 0).map(|i| i + 3);
                    if let Some(i) = step {
                        states.push(State { query: spec.start_query, cursor: Cursor::Step(i), ..start(640) });
                    }
                }
            }
            Scenario::Sweep => {
                let query = if spec.id == "sweep-ttl-pause" {
                    "ttl_lo=50&ttl_hi=400&pause_lo=100&pause_hi=600&n=4&seeds=1&metric=throughput"
                } else {
                    "tpw_lo=1&tpw_hi=3&wallets_lo=1&wallets_hi=2&seeds=1"
                };
                states.push(State { query, ..start(600) });
            }
            // Not drawn (filtered out above).
            Scenario::Check => {}
        }
        for state in states {
            let (svg, args) = page::draw(spec, &state);
            let path = out_path(&format!("page-{}-{}.svg", spec.id, compared));
            let mut cmd = vec!["figure".to_string(), spec.id.to_string(), "--out".to_string()];
            cmd.push(path.to_str().unwrap().to_string());
            cmd.extend(args);
            let o = lab(&cmd.iter().map(String::as_str).collect::<Vec<_>>());
            assert!(o.status.success(), "{cmd:?}: {}", stderr(&o));
            let file = std::fs::read_to_string(&path).unwrap();
            assert!(svg == file, "{}: the page's drawing differs from `lab {}` ({state:?})", spec.id, cmd.join(" "));
            compared += 1;
        }
    }
    assert!(compared >= 30, "{compared} states compared");
}
