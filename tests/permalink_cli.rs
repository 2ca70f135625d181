//! A permalink runs unchanged in `lab`: for addresses the site writes (from
//! `lab_model::permalink`, the one writer), in every form the page can be
//! reached by (`?…`, `/CHAPTER.html?…`, a whole address, an embed), `lab
//! run --params ADDRESS` prints what the bare query prints and `lab figure
//! --url ADDRESS` writes the bytes `lab figure ID --params QUERY` writes
//! with the address's view keys as flags. A route key the site has no page
//! or figure for is bad usage (exit status 2) naming the key.

use std::path::PathBuf;
use std::process::{Command, Output};

use consistency_lab::figures::export::{self, Format, Request};
use lab_model::params::{parse_vote_query, vote_to_query, SweepKind, SweepMetric};
use lab_model::permalink::{chapter_page, embed, lease_figure, sweep_cell, sweep_figure, vote_figure, LeaseView};
use lab_model::sweep::parse_strict;

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `lab args`' stdout; it must succeed.
fn ok(args: &[&str]) -> String {
    let output = lab(args);
    assert!(output.status.success(), "lab {args:?}: {}", stderr(&output));
    String::from_utf8(output.stdout).expect("UTF-8")
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lab-permalink-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The file `lab figure ARGS --out NAME` writes.
fn figure(name: &str, args: &[&str]) -> Vec<u8> {
    let path = out_path(name);
    let mut all = vec!["figure"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", path.to_str().unwrap()]);
    ok(&all);
    std::fs::read(&path).unwrap()
}

/// The forms a page address can take: the search the page writes, the
/// chapter's own page (a whole address and a path), and an embed of it.
fn forms(search: &str, figure_id: &str) -> Vec<String> {
    let page = chapter_page(search).expect("a chapter's page");
    vec![
        search.to_string(),
        search.trim_start_matches('?').to_string(),
        format!("https://consistency-lab.example/site/{page}#{figure_id}"),
        format!("/{page}"),
        embed(figure_id, search),
    ]
}

/// `lab run --params ADDRESS` prints exactly what `lab run --params BARE` prints, in both formats.
fn assert_runs_as(address: &str, bare: &[&str]) {
    for format in ["json", "md"] {
        let expected = ok(&[bare, &["--format", format]].concat());
        assert_eq!(ok(&["run", "--params", address, "--format", format]), expected, "{address} ({format})");
    }
}

#[test]
fn lock_lease_permalinks_run_and_draw_as_their_query() {
    // A timeline paused at 1.5 s, an A5 chart, A2 without its ledger line, A3 in a wider window.
    let cases = [
        ("a1-lease-expiry", "lease-expiry", "preset=exp1&ttl_ms=600", Some((1_500_000, 7)), None, None),
        ("a5-outage", "outage", "preset=exp5_open&outage_kill_ms=15000", None, None, None),
        ("a1-lease-expiry", "silent-drift", "preset=exp1&threads=8", None, None, Some(false)),
        ("a2-watchdog", "watchdog-stop", "preset=exp2_stop&stop_duration_ms=150", None, Some(6_000), None),
    ];
    for (chapter, id, query, cursor, window, recon) in cases {
        // A reader who opened the lab shares the same state: `lab=1` draws nothing else.
        let view =
            LeaseView { cursor, window_ms: window, reveal_ledger: recon, recorded: false, lab: window.is_some() };
        let search = lease_figure(chapter, id, query, &view);
        let mut flags = vec![id.to_string(), "--params".into(), query.into()];
        if let Some((t_us, _)) = cursor {
            flags.extend(["--time".into(), format!("{}", t_us / 1000)]);
        }
        if let Some(ms) = window {
            flags.extend(["--window".into(), ms.to_string()]);
        }
        if recon == Some(false) {
            flags.extend(["--recon".into(), "0".into()]);
        }
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let expected = figure(&format!("{id}.svg"), &flags);
        for (i, address) in forms(&search, id).iter().enumerate() {
            assert_runs_as(address, &["run", "--params", query]);
            assert_eq!(figure(&format!("{id}-url-{i}.svg"), &["--url", address]), expected, "{address}");
        }
        // `--params` takes the whole address too, with the figure named.
        assert_eq!(figure(&format!("{id}-params.svg"), &[id, "--params", &search]), expected, "{search}");
    }
    // The PNG of an address is the PNG of its query.
    let search = lease_figure("a3-fencing", "lease-clock", "preset=exp3_ttl1s&ttl_ms=900", &LeaseView::default());
    assert_eq!(
        figure("a5-url.png", &["--url", &search]),
        figure("a5.png", &["lease-clock", "--params", "preset=exp3_ttl1s&ttl_ms=900"])
    );
}

#[test]
fn sweep_permalinks_run_their_grid_and_draw_their_heatmap() {
    let (spec, _) = parse_strict(SweepKind::TtlPause, "n=2&seeds=1&variant=watchdog", false).expect("valid keys");
    let search = sweep_figure("a7-sweeps", &spec, SweepMetric::Throughput);
    let expected = ok(&["sweep", "sweep-ttl-pause", "--params", &spec.key(), "--format", "json"]);
    let expected_file =
        figure("s1.svg", &["sweep-ttl-pause", "--params", &format!("{}&metric=throughput", spec.key())]);
    for (i, address) in forms(&search, "sweep-ttl-pause").iter().enumerate() {
        assert_eq!(ok(&["run", "--params", address, "--format", "json"]), expected, "{address}");
        assert_eq!(figure(&format!("s1-url-{i}.svg"), &["--url", address]), expected_file, "{address}");
    }
    // A cell opened in the timeline is that cell's run.
    assert_runs_as(&sweep_cell(&spec, 1, 0), &["run", "--params", &spec.cell_query_string(1, 0)]);
}

#[test]
fn vote_permalinks_run_and_draw_as_their_query() {
    let config = parse_vote_query("scenario=vote&variant=V3&fault=power&crash_after=4").value;
    let bare = vote_to_query(&config);
    // A story paused at its fourth step: the file stops where the page's player stands.
    let search = vote_figure("b1-remember", "vote-story", &config, Some(3), false, true);
    let story = export::vote_source(&Request {
        params: Some(bare.clone()),
        ..Request::new("vote-story", Format::Svg, lab_words::Words::of(lab_words::Lang::Ko))
    })
    .expect("the story runs");
    let t_us = story.step_times()[3];
    let expected =
        figure("b1.svg", &["vote-story", "--params", &bare, "--time", &format!("{}.{:03}", t_us / 1000, t_us % 1000)]);
    for (i, address) in forms(&search, "vote-story").iter().enumerate() {
        assert_runs_as(address, &["run", "--params", &bare]);
        assert_eq!(figure(&format!("b1-url-{i}.svg"), &["--url", address]), expected, "{address}");
    }
    // B7 after the fault: files show the stack before it, as the page's export does, and say so.
    let search = vote_figure("b7-kill-vs-power", "kill-vs-power", &config, None, true, false);
    let path = out_path("b7-hit.svg");
    let output = lab(&["figure", "--url", &search, "--out", path.to_str().unwrap()]);
    assert!(output.status.success() && stderr(&output).contains("hit=1"), "{}", stderr(&output));
    assert_eq!(std::fs::read(&path).unwrap(), figure("b7.svg", &["kill-vs-power", "--params", &bare]));
}

#[test]
fn a_chapter_alone_decides_the_scenario_and_its_first_figure() {
    // An Article B chapter's keys are Scenario B's, as its figures read them.
    assert_runs_as("?ch=b1-remember&fault=power", &["run", "--params", "scenario=vote&fault=power"]);
    assert_runs_as("b7-kill-vs-power.html?variant=V0", &["run", "--params", "scenario=vote&variant=V0"]);
    // A chapter's page draws its first figure as the page first shows it.
    assert_eq!(figure("b7-page.svg", &["--url", "/b7-kill-vs-power.html"]), figure("b7-start.svg", &["kill-vs-power"]));
    assert_eq!(
        figure("a3-page.svg", &["--url", "https://consistency-lab.example/a3-fencing.html"]),
        figure("a3-start.svg", &["fence-placement"])
    );
}

#[test]
fn route_keys_the_site_has_no_target_for_are_bad_usage() {
    let svg = out_path("bad.svg");
    let svg = svg.to_str().unwrap();
    let a1 = "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1";
    let cases: &[(&[&str], &str)] = &[
        (&["run", "--params", "?ch=a1-lease-expiry&fig=nonsense&preset=exp1"], "fig=nonsense"),
        (&["run", "--params", "?ch=nowhere&preset=exp1"], "ch=nowhere"),
        (&["run", "--params", "?embed=nonsense"], "embed=nonsense"),
        (&["run", "--params", "?ch=a1-lease-expiry&fig=outage"], "a5-outage"),
        (&["run", "--params", "/nowhere.html?preset=exp1"], "nowhere.html"),
        (&["run", "--params", "?ch=a6-summary&fig=side-by-side"], "side-by-side"),
        (&["run", "--params", &format!("{a1}&ttl_ms=0")], "ttl_ms"),
        (&["run", "--params", &format!("{a1}&hit=1")], "hit"),
        (&["run", "--params", &format!("{a1}&real=1")], "real=1"),
        (&["run", "--params", "?ch=a7-sweeps&fig=sweep-ttl-pause&n=2", "--trace", svg], "--trace"),
        (&["figure", "--url", "?ch=glossary", "--out", svg], "glossary"),
        (&["figure", "--url", "?fig=nonsense", "--out", svg], "fig=nonsense"),
        (&["figure", "outage", "--url", a1, "--out", svg], "lease-expiry"),
        (&["figure", "--url", a1, "--params", "preset=exp1", "--out", svg], "--url"),
        (&["figure", "--url", &format!("{a1}&t=100"), "--time", "5", "--out", svg], "--time"),
        (&["figure", "--url", &format!("{a1}&win=4000"), "--window", "5000", "--out", svg], "--window"),
        (&["figure", "--params", a1, "--out", svg], "FIGURE_ID"),
    ];
    for (args, needle) in cases {
        let output = lab(args);
        assert_eq!(output.status.code(), Some(2), "lab {args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(needle), "lab {args:?}: {:?} lacks {needle:?}", stderr(&output));
        assert!(output.stdout.is_empty(), "lab {args:?} printed to stdout");
    }
}
