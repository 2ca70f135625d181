//! `lab`'s arguments: argv split into flags ([`RawArgs`], each checked
//! against its subcommand's list) and validated into a [`Command`]. A bad
//! flag, value or `--params` notice is a usage error that names the flag
//! or key, its allowed values and, for a near miss, the closest key.

use std::collections::BTreeMap;

use super::address::read_address;
use super::help::help_text;
use super::{read_lang, CliError, Result, SUBCOMMANDS, TABLE_RUNS_MAX};
use crate::figures::export;
use crate::sim::vote::StoreProfile;
use lab_model::params::{
    read_value, site_param, sweep_query, to_query, vote_param, vote_to_query, NoticeLog, Query, SweepMetric, Value,
};
use lab_model::permalink::{Shown, ShownState};
use lab_words::{Lang, Words};

/// argv split into a subcommand and its flags, not yet validated.
#[derive(Debug, Default)]
struct RawArgs {
    subcommand: String,
    flags: BTreeMap<String, String>,
    /// `lab figure FIGURE_ID`: the one positional argument.
    positional: Option<String>,
    help: bool,
}

impl RawArgs {
    fn parse(args: &[String]) -> Result<RawArgs> {
        let Some(first) = args.first() else {
            return Ok(RawArgs { help: true, ..RawArgs::default() });
        };
        match first.as_str() {
            "-h" | "--help" => return Ok(RawArgs { help: true, ..RawArgs::default() }),
            "help" => {
                let subcommand = args.get(1).cloned().unwrap_or_default();
                return Ok(RawArgs { subcommand, help: true, ..RawArgs::default() });
            }
            _ => {}
        }
        let Some((name, known)) = SUBCOMMANDS.iter().find(|(name, _)| *name == first.as_str()) else {
            return Err(CliError::usage(format!(
                "unknown command `{first}`; expected one of {} (see `lab --help`)",
                SUBCOMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            )));
        };
        let mut raw = RawArgs { subcommand: name.to_string(), ..RawArgs::default() };
        let mut rest = args[1..].iter();
        while let Some(arg) = rest.next() {
            if arg == "-h" || arg == "--help" {
                raw.help = true;
                continue;
            }
            let Some(flag) = arg.strip_prefix("--") else {
                if (*name == "figure" || *name == "sweep") && raw.positional.is_none() {
                    raw.positional = Some(arg.clone());
                    continue;
                }
                return Err(CliError::usage(format!(
                    "unexpected argument `{arg}` for `lab {name}` (see `lab {name} --help`)"
                )));
            };
            let (flag, inline_value) = match flag.split_once('=') {
                Some((f, v)) => (f, Some(v.to_string())),
                None => (flag, None),
            };
            let Some((_, takes_value)) = known.iter().find(|(f, _)| *f == flag) else {
                return Err(CliError::usage(format!(
                    "unknown flag `--{flag}` for `lab {name}`; allowed: {} (see `lab {name} --help`)",
                    known.iter().map(|(f, _)| format!("--{f}")).collect::<Vec<_>>().join(", ")
                )));
            };
            let value = match (takes_value, inline_value) {
                (true, Some(v)) => v,
                (true, None) => {
                    rest.next().cloned().ok_or_else(|| CliError::usage(format!("flag `--{flag}` needs a value")))?
                }
                (false, Some(_)) => return Err(CliError::usage(format!("flag `--{flag}` takes no value"))),
                (false, None) => String::new(),
            };
            if raw.flags.insert(flag.to_string(), value).is_some() {
                return Err(CliError::usage(format!("flag `--{flag}` given twice")));
            }
        }
        Ok(raw)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    Markdown,
    Json,
}

#[derive(Debug)]
pub(super) enum Command {
    Help(String),
    Presets {
        format: Format,
    },
    Params {
        format: Format,
        words: &'static Words,
    },
    Run {
        query: Box<Query>,
        format: Format,
        trace_path: Option<String>,
    },
    Table {
        runs: u32,
        seed: u64,
        format: Format,
        words: &'static Words,
    },
    Crashpoints {
        profile: StoreProfile,
        device_honours_sync: bool,
        format: Format,
    },
    FigureList {
        words: &'static Words,
    },
    /// `story_step`: a vote story's player step from the address (`ev=`),
    /// made a time once the story has run; `notes`: what the file cannot show.
    Figure {
        request: Box<export::Request>,
        out: String,
        animate: Option<(u32, u32)>,
        story_step: Option<usize>,
        /// `--story`: the story GIF's width in px (`export::story_gif`).
        story: Option<u32>,
        notes: Vec<String>,
    },
    Sweep {
        spec: lab_model::params::SweepSpec,
        format: Format,
        words: &'static Words,
    },
}

impl Command {
    pub(super) fn from_args(args: &[String]) -> Result<Command> {
        let raw = RawArgs::parse(args)?;
        if raw.help {
            return Ok(Command::Help(help_text(&raw.subcommand)?));
        }
        let flags = &raw.flags;
        let format = match flags.get("format") {
            None => Format::Markdown,
            Some(v) if v == "md" || v == "markdown" => Format::Markdown,
            Some(v) if v == "json" => Format::Json,
            Some(v) => return Err(CliError::usage(format!("--format: `{v}` is not allowed; allowed md|json"))),
        };
        Ok(match raw.subcommand.as_str() {
            "presets" => Command::Presets { format },
            "params" => {
                let words = Words::of(read_lang("--lang", flags.get("lang").map(String::as_str))?);
                Command::Params { format, words }
            }
            "run" => {
                let text = flags
                    .get("params")
                    .ok_or_else(|| CliError::usage("`lab run` needs --params \"QUERY\" (see `lab run --help`)"))?;
                let trace_path = flags.get("trace").cloned();
                let (text, lang) = address_lang("--params", text, flags.get("lang"))?;
                let words = Words::of(lang);
                // What the address shows: a run of either scenario, or a sweep figure's grid.
                let query = match read_address("--params", &text, None)?.state() {
                    ShownState::Lease(query) => Query::Lease(query),
                    ShownState::Vote(config) => Query::Vote(config),
                    ShownState::Sweep(..) if trace_path.is_some() => {
                        return Err(CliError::usage(
                            "--trace: the address is a sweep figure's, a grid of runs with no one trace; \
                             drop --trace (each cell's query is in --format json)",
                        ))
                    }
                    ShownState::Sweep(spec, _) => return Ok(Command::Sweep { spec, format, words }),
                };
                // A run's report is English whatever the language (its
                // labels are the metrics' English ones): `--lang` and
                // `lang=` are read, so a permalink of either edition runs.
                Command::Run { query: Box::new(query), format, trace_path }
            }
            "table" => {
                let runs = match flags.get("runs") {
                    Some(v) => whole_number("--runs", v, 1, TABLE_RUNS_MAX)?,
                    None => 3,
                };
                let seed = match flags.get("seed") {
                    Some(v) => whole_number("--seed", v, 0, u64::MAX)?,
                    None => 1,
                };
                let words = Words::of(read_lang("--lang", flags.get("lang").map(String::as_str))?);
                Command::Table { runs: u32::try_from(runs).unwrap_or(3), seed, format, words }
            }
            "crashpoints" => {
                let profile = match flags.get("profile") {
                    None => StoreProfile::H2Like,
                    Some(text) => {
                        let word = query_word("--profile", "profile", text)?;
                        StoreProfile::from_key(word.word()).unwrap_or(StoreProfile::H2Like)
                    }
                };
                let device_honours_sync = match flags.get("device-honours-sync") {
                    None => true,
                    Some(text) => query_word("--device-honours-sync", "device_honours_sync", text)?.flag(),
                };
                Command::Crashpoints { profile, device_honours_sync, format }
            }
            "figure" => figure_command(&raw)?,
            "sweep" => sweep_command(&raw, format)?,
            other => return Err(CliError::usage(format!("unknown command `{other}`"))),
        })
    }
}

/// Validates `lab sweep FIGURE_ID [--params "KEYS"]`: any ignored or clamped key is an error.
fn sweep_command(raw: &RawArgs, format: Format) -> Result<Command> {
    use lab_model::params::SweepKind;
    let id = raw.positional.as_deref().ok_or_else(|| {
        CliError::usage("`lab sweep` needs a figure id: sweep-ttl-pause or sweep-contention (see `lab sweep --help`)")
    })?;
    let kind = SweepKind::from_figure_id(id)
        .ok_or_else(|| CliError::usage(format!("unknown sweep `{id}`; allowed sweep-ttl-pause, sweep-contention")))?;
    let text = raw.flags.get("params").map(String::as_str).unwrap_or("");
    let (text, lang) = address_lang("--params", text, raw.flags.get("lang"))?;
    let (spec, _) = lab_model::sweep::parse_strict(kind, &text, false).map_err(CliError::usage)?;
    Ok(Command::Sweep { spec, format, words: Words::of(lang) })
}

/// The site's public address with its final `/`, as `LAB_SITE_URL` states
/// it (empty when unset): a blog layout's attribution names the figure under it.
fn site_url() -> String {
    let site = std::env::var("LAB_SITE_URL").map(|s| s.trim().to_string()).unwrap_or_default();
    if site.is_empty() || site.ends_with('/') {
        site
    } else {
        format!("{site}/")
    }
}

/// Validates `lab figure` (`--list`, or an id with `--out`).
fn figure_command(raw: &RawArgs) -> Result<Command> {
    let flags = &raw.flags;
    if flags.contains_key("list") {
        let lang_only = flags.len() == 1 || (flags.len() == 2 && flags.contains_key("lang"));
        if raw.positional.is_some() || !lang_only {
            return Err(CliError::usage("`lab figure --list` takes no figure id and no other flags but --lang"));
        }
        let lang = read_lang("--lang", flags.get("lang").map(String::as_str))?;
        return Ok(Command::FigureList { words: Words::of(lang) });
    }
    let (address, lang) = match (flags.get("url"), flags.get("params")) {
        (Some(_), Some(_)) => {
            return Err(CliError::usage("--url and --params both give the figure's state; give one of them"))
        }
        (Some(url), None) => {
            let (url, lang) = address_lang("--url", url, flags.get("lang"))?;
            (Some(read_address("--url", &url, raw.positional.as_deref())?), lang)
        }
        (None, Some(params)) => {
            let (params, lang) = address_lang("--params", params, flags.get("lang"))?;
            (Some(read_address("--params", &params, raw.positional.as_deref())?), lang)
        }
        (None, None) => (None, read_lang("--lang", flags.get("lang").map(String::as_str))?),
    };
    let id = match (&raw.positional, &address) {
        (Some(id), _) => id.clone(),
        (None, Some(shown)) if flags.contains_key("url") => {
            shown.figure.map(|f| f.id.to_string()).ok_or_else(|| {
                CliError::usage(format!(
                    "--url: the address names no figure (fig=) and {} (see `lab figure --list`)",
                    match &shown.chapter {
                        Some(chapter) => format!("chapter `{chapter}` has none to draw"),
                        None => "no chapter".to_string(),
                    }
                ))
            })?
        }
        _ => {
            return Err(CliError::usage(
                "`lab figure` needs a FIGURE_ID (see `lab figure --list`), --url ADDRESS or --list",
            ))
        }
    };
    let view = address.as_ref().map(AddressView::of).unwrap_or_default();
    let out = flags
        .get("out")
        .cloned()
        .ok_or_else(|| CliError::usage("`lab figure` needs --out FILE.svg|FILE.png|FILE.gif"))?;
    let format = export::Format::of_path(&out).ok_or_else(|| {
        CliError::usage(format!("--out: `{out}` has an unsupported extension; allowed .svg|.png|.gif"))
    })?;
    let (min_w, max_w) = export::WIDTH_RANGE;
    let width = match flags.get("width") {
        Some(v) => u32::try_from(whole_number("--width", v, u64::from(min_w), u64::from(max_w))?)
            .unwrap_or(export::DEFAULT_WIDTH),
        None => export::DEFAULT_WIDTH,
    };
    let layout = match flags.get("layout") {
        None => export::Layout::Page,
        Some(v) => export::Layout::from_key(v).ok_or_else(|| {
            let allowed: Vec<&str> = export::Layout::ALL.iter().map(|l| l.key()).collect();
            CliError::usage(format!("--layout: `{v}` is not allowed; allowed {}", allowed.join("|")))
        })?,
    };
    if let (Some(px), true) = (layout.file_width_px(), flags.contains_key("width")) {
        return Err(CliError::usage(format!(
            "--width and --layout {} do not go together: that layout is {px} px wide; drop --width",
            layout.key()
        )));
    }
    if layout != export::Layout::Page && flags.contains_key("time") {
        return Err(CliError::usage(format!(
            "--time and --layout {} do not go together: a blog file draws the figure whole",
            layout.key()
        )));
    }
    let animate_flag = flags.contains_key("animate");
    let time_us = match flags.get("time") {
        Some(_) if view.cursor_us.is_some() || view.story_step.is_some() => {
            return Err(CliError::usage("--time: the address's t= or ev= already sets the player; give one of them"))
        }
        Some(v) => Some(millis_to_micros("--time", v, 3_600_000)?),
        // An animation plays the whole span, whatever the address's player showed.
        None if animate_flag => None,
        None => view.cursor_us,
    };
    let window_ms = match flags.get("window") {
        Some(_) if view.window_ms.is_some() => {
            return Err(CliError::usage("--window: the address's win= already sets the window; give one of them"))
        }
        Some(v) => {
            Some(whole_number("--window", v, u64::from(export::WINDOW_RANGE.0), u64::from(export::WINDOW_RANGE.1))?
                as u32)
        }
        None => view.window_ms,
    };
    let reveal_ledger = match flags.get("recon") {
        Some(_) if view.reveal_ledger.is_some() => {
            return Err(CliError::usage("--recon: the address's recon= already sets the ledger line; give one of them"))
        }
        Some(text) => query_word("--recon", "recon", text)?.flag(),
        None => view.reveal_ledger.unwrap_or(true),
    };
    let theme = match flags.get("theme").map(String::as_str) {
        None | Some("light") => crate::figures::theme::Theme::Light,
        Some("dark") if flags.contains_key("animate") => {
            return Err(CliError::usage(
                "--theme dark: an animation keeps the light palette; drop --animate or --theme",
            ))
        }
        Some("dark") => crate::figures::theme::Theme::Dark,
        Some(v) => return Err(CliError::usage(format!("--theme: `{v}` is not allowed; allowed light|dark"))),
    };
    let request = export::Request {
        theme,
        params: view.params,
        width,
        time_us,
        window_ms,
        reveal_ledger,
        layout,
        site: site_url(),
        ..export::Request::new(&id, format, Words::of(lang))
    };
    let animate = if flags.contains_key("animate") {
        if lab_model::params::SweepKind::from_figure_id(&id).is_some() {
            return Err(CliError::usage(format!(
                "--animate: figure `{id}` is a sweep heatmap with no player; animations apply to the timeline and story figures"
            )));
        }
        if format == export::Format::Svg {
            return Err(CliError::usage(format!(
                "--animate writes an animated PNG or GIF; --out `{out}` must end in .png or .gif"
            )));
        }
        let (fmin, fmax) = export::FRAMES_RANGE;
        let (pmin, pmax) = export::FPS_RANGE;
        let frames = match flags.get("frames") {
            Some(v) => whole_number("--frames", v, u64::from(fmin), u64::from(fmax))? as u32,
            None => 30,
        };
        let fps = match flags.get("fps") {
            Some(v) => whole_number("--fps", v, u64::from(pmin), u64::from(pmax))? as u32,
            None => 10,
        };
        Some((frames, fps))
    } else {
        if flags.contains_key("frames") || flags.contains_key("fps") {
            return Err(CliError::usage("--frames and --fps need --animate"));
        }
        if format == export::Format::Gif && !flags.contains_key("story") {
            return Err(CliError::usage(format!("--out `{out}`: a GIF is an animation; add --animate or --story")));
        }
        None
    };
    if figure_known(&request.id) {
        export::check_view_flags(&request).map_err(|e| CliError::usage(e.message()))?;
    }
    if flags.contains_key("story") {
        let story = story_flags(raw, &request, &out)?;
        let request = Box::new(export::Request { time_us: None, ..request });
        return Ok(Command::Figure { request, out, animate: None, story_step: None, story, notes: view.notes });
    }
    let story_step = view.story_step.filter(|_| !animate_flag && time_us.is_none());
    Ok(Command::Figure { request: Box::new(request), out, animate, story_step, story: None, notes: view.notes })
}

/// Checks `lab figure ID --story --out F.gif [--width PX]`: the flags it
/// takes, a figure with a story; the GIF's width in px.
fn story_flags(raw: &RawArgs, request: &export::Request, out: &str) -> Result<Option<u32>> {
    use export::story_gif::{has_story, no_story, STORY_WIDTH_PX, STORY_WIDTH_RANGE};
    let flags = &raw.flags;
    let drop = ["animate", "frames", "fps", "time", "theme", "layout"].into_iter().find(|f| flags.contains_key(*f));
    if let Some(flag) = drop {
        return Err(CliError::usage(format!(
            "--{flag} and --story do not go together: a story GIF holds each scene of the story, blog-sized in the light palette; drop --{flag}"
        )));
    }
    if request.format != export::Format::Gif {
        return Err(CliError::usage(format!("--story writes a GIF; --out `{out}` must end in .gif")));
    }
    match lab_model::registry::figure(&request.id) {
        Some(spec) if has_story(spec) => {}
        _ if !figure_known(&request.id) => {}
        _ => return Err(CliError::usage(no_story(&request.id).message())),
    }
    let (lo, hi) = STORY_WIDTH_RANGE;
    Ok(Some(match flags.get("width") {
        Some(v) => whole_number("--width", v, u64::from(lo), u64::from(hi))? as u32,
        None => STORY_WIDTH_PX,
    }))
}

/// What an address gives `lab figure`: the figure's state as its canonical
/// query, and the view keys the file can draw.
#[derive(Default)]
struct AddressView {
    params: Option<String>,
    /// `t=`: a timeline's player.
    cursor_us: Option<u64>,
    /// `ev=` of a vote story: its player's step (made a time once the story has run).
    story_step: Option<usize>,
    window_ms: Option<u32>,
    reveal_ledger: Option<bool>,
    /// What a file cannot show of the address, said on stderr.
    notes: Vec<String>,
}

impl AddressView {
    fn of(shown: &Shown) -> AddressView {
        let site = &shown.site;
        let params = match shown.state() {
            ShownState::Lease(query) => to_query(&query),
            ShownState::Vote(config) => vote_to_query(&config),
            ShownState::Sweep(spec, SweepMetric::OverApproval) => sweep_query(&spec),
            ShownState::Sweep(spec, metric) => format!("{}&metric={}", sweep_query(&spec), metric.key()),
        };
        let story = shown.figure.is_some_and(|f| f.kind.is_story());
        let mut notes = Vec::new();
        if site.hit == Some(true) {
            notes.push(
                "hit=1 (B6 after the fault) is the page's view: a file shows the stack before the fault, \
                 as the page's own export does"
                    .to_string(),
            );
        }
        AddressView {
            params: Some(params),
            cursor_us: site.cursor_us,
            story_step: site.event.filter(|_| story),
            window_ms: site.window_ms,
            reveal_ledger: site.reveal_ledger,
            notes,
        }
    }
}

/// An address's language and the address without it: `lang=` of its
/// query (`ko|en`, as a permalink of the English edition carries it), or
/// the `en/` folder of its page (`/en/a1-lease-expiry.html?…`), else
/// `--lang`, else Korean. `--lang` and the address may not disagree.
fn address_lang(flag: &str, text: &str, lang_flag: Option<&String>) -> Result<(String, Lang)> {
    let from_flag = lang_flag.map(|v| read_lang("--lang", Some(v))).transpose()?;
    let (before, fragment) = match text.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (text, None),
    };
    let (path, query) = match before.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None if before.contains('=') || before.contains('&') => ("", Some(before)),
        None => (before, None),
    };
    let mut from_address = None;
    let mut kept: Vec<&str> = Vec::new();
    for pair in query.unwrap_or("").split('&') {
        match pair.split_once('=') {
            Some(("lang", value)) => from_address = Some(read_lang(&format!("{flag}: lang"), Some(value))?),
            _ if pair == "lang" => return Err(CliError::usage(format!("{flag}: `lang` needs a value; allowed ko|en"))),
            _ => kept.push(pair),
        }
    }
    let mut segments = path.rsplit('/').skip(1);
    if let Some(folder) = segments.next().and_then(Lang::from_code) {
        if from_address.is_some_and(|lang| lang != folder) {
            return Err(CliError::usage(format!(
                "{flag}: the page is the `{}` edition's but the address says lang={}",
                folder.code(),
                from_address.map_or("", Lang::code)
            )));
        }
        from_address = Some(folder);
    }
    let lang = match (from_address, from_flag) {
        (Some(a), Some(f)) if a != f => {
            return Err(CliError::usage(format!(
                "--lang {} and the address's language `{}` disagree; give one of them",
                f.code(),
                a.code()
            )))
        }
        (a, f) => a.or(f).unwrap_or(Lang::Ko),
    };
    if from_address.is_none() {
        return Ok((text.to_string(), lang));
    }
    let mut address = path.to_string();
    if query.is_some() {
        let kept: Vec<&str> = kept.into_iter().filter(|p| !p.is_empty()).collect();
        if !path.is_empty() || before.contains('?') {
            address.push('?');
        }
        address.push_str(&kept.join("&"));
    }
    if let Some(fragment) = fragment {
        address.push('#');
        address.push_str(fragment);
    }
    Ok((address, lang))
}

/// True for an exportable figure id (an unknown id is reported by `export::render`).
fn figure_known(id: &str) -> bool {
    export::figure_list().iter().any(|e| e.id == id)
}

/// Parses a whole number flag value in `min..=max`.
/// A flag that is also a query key (`--profile` is `profile=`, `--recon` is
/// `recon=`) takes that key's words, read by the key's row; a value the row
/// would clamp or ignore is a usage error naming the allowed words.
fn query_word(flag: &str, key: &str, text: &str) -> Result<Value> {
    let param = vote_param(key).or_else(|| site_param(key)).expect("the flag's key is a query key");
    let mut log = NoticeLog::default();
    match read_value(param, text, &mut log) {
        Some(value) if log.finish().is_empty() => Ok(value),
        _ => Err(CliError::usage(format!("{flag}: `{text}` is not allowed; allowed {}", param.allowed()))),
    }
}

fn whole_number(flag: &str, text: &str, min: u64, max: u64) -> Result<u64> {
    match text.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(CliError::usage(format!("{flag}: `{text}` is not allowed; allowed a whole number in {min}..={max}"))),
    }
}

/// A time in ms, to the µs (at most three decimals: a story's events fall
/// between whole milliseconds), as µs.
fn millis_to_micros(flag: &str, text: &str, max_ms: u64) -> Result<u64> {
    let bad = || {
        CliError::usage(format!(
            "{flag}: `{text}` is not allowed; allowed ms in 0..={max_ms}, to the µs (e.g. 1500 or 2.12)"
        ))
    };
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (!frac.is_empty() && !digits(frac)) || frac.len() > 3 || text.trim().ends_with('.') {
        return Err(bad());
    }
    let ms: u64 = whole.parse().map_err(|_| bad())?;
    let us = format!("{frac:0<3}").parse::<u64>().map_err(|_| bad())?;
    if ms > max_ms || (ms == max_ms && us > 0) {
        return Err(bad());
    }
    Ok(ms * 1000 + us)
}
