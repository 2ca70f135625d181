//! `lab help` and `lab SUBCOMMAND --help`: each subcommand's usage text.

use super::{CliError, Result, EXIT_USAGE, SUBCOMMANDS, TABLE_RUNS_MAX};
use crate::figures::export;

/// The Korean edition's words the English help names (the site's name, the article's label).
fn korean() -> &'static lab_words::cli::CliWords {
    &lab_words::Words::of(lab_words::Lang::Ko).cli
}

pub(super) fn help_text(subcommand: &str) -> Result<String> {
    let text = match subcommand {
        "" => format!(
            "lab: the command line of Consistency Lab ({})\n\n\
             USAGE:\n    lab <COMMAND> [FLAGS]\n\n\
             COMMANDS:\n\
             \x20   presets       list the article presets with their query strings\n\
             \x20   params        list every query key with unit, range and default\n\
             \x20   run           run one simulation: lab run --params \"preset=exp1&seed=2\"\n\
             \x20   table         run every preset and print it beside the article's tables\n\
             \x20   crashpoints   Scenario B's crash-point matrix\n\
             \x20   figure        render a site figure to SVG/PNG: lab figure lease-expiry --out a1.svg\n\
             \x20   sweep         run a sweep figure's grid: lab sweep sweep-ttl-pause --params \"n=10\"\n\
             \x20   check         every schedule of a small Article A world, and the smallest that breaks it;\n\
             \x20                 Article B's earliest single crash that makes a variant double-vote\n\
             \x20   real          Article A on a real Redis and PostgreSQL, beside the simulation\n\
             \x20   real-wal      Article B's safety WAL on a real SQLite file: kills and power loss\n\n\
             `lab <COMMAND> --help` describes a command. Exit status: 0 ok, 1 failure, {EXIT_USAGE} bad usage.\n",
            korean().site_name
        ),
        "presets" => "lab presets [--format md|json]\n\n\
             Lists the 11 presets of Article A's experiments: key, measurement id, variant,\n\
             the query string that selects it, and the keys in which it differs from the defaults.\n"
            .to_string(),
        "params" => "lab params [--format md|json] [--lang ko|en]\n\n\
             Lists every query key the site and `lab` accept, with its unit, range, default and\n\
             meaning: both scenarios' keys, the sweep figures' keys and the site's own route and\n\
             view keys (those two tables say which figures read each key; in JSON, `figures`).\n\
             Each meaning ends with the key's label in --lang's words (ko, the default, or en;\n\
             in JSON, `label_ko` or `label_en`). docs/cli.md's parameter tables are this output.\n"
            .to_string(),
        "run" => "lab run --params \"QUERY\" [--format md|json] [--trace FILE] [--lang ko|en]\n\n\
             Runs one simulation. QUERY is the site's query string, e.g.\n\
             \x20   preset=exp2_stop&stop_duration_ms=150&seed=3\n\
             \x20   scenario=vote&...   (Scenario B)\n\
             or any address the site writes, a permalink as it is (`?…`, `/CHAPTER.html?…`, https://…):\n\
             \x20   lab run --params \"?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=600\"\n\
             The route picks only what runs, as on the page: without scenario=, the scenario of the\n\
             figure (fig= or embed=, else the chapter's first); a figure named with none of its keys\n\
             runs its starting state; a sweep figure's address runs its grid, as `lab sweep` does.\n\
             The view keys (t, win, ev, …) are checked and change nothing in the run.\n\
             Any key that is unknown, malformed, repeated or out of range, and a ch=, fig= or page\n\
             the site has none of, is an error (exit 2); `lab params` lists the keys and their ranges.\n\n\
             --format md|json   md (default): a table of the metrics;\n\
             \x20                  json: {\"preset\",\"run\",\"seed\",\"params\",\"metrics\",\"details\"}\n\
             --trace FILE       also write the full trace (every event) as JSON to FILE\n\
             --lang ko|en       read as the address's lang= (the report is English in both;\n\
             \x20                  a sweep's address prints its grid in that language)\n"
            .to_string(),
        "table" => format!(
            "lab table [--runs N] [--seed S] [--format md|json] [--lang ko|en]\n\n\
             Runs every preset N times (run index 0..N, base seed S) and prints the results.\n\
             md (default): the article's tables with our simulated rows beside the article's\n\
             measured rows (labelled {} / article). json: an array of\n\
             {{\"preset\",\"run\",\"seed\",\"params\",\"metrics\"}}, null where a metric does not apply.\n\n\
             --runs N     runs per preset, 1..={TABLE_RUNS_MAX} (default 3)\n\
             --seed S     base seed, 0..=18446744073709551615 (default 1)\n\
             --format     md|json (default md)\n\
             --lang       ko (default): the rows' labels in Korean with the English beside them;\n\
             \x20            en: in English only\n",
            korean().article_word
        ),
        "crashpoints" => {
            "lab crashpoints [--profile h2_like|wal_os_cache|rocks_sync_wal] [--device-honours-sync true|false] [--format md|json]\n\n\
             Scenario B: for every ordering/handling variant and every crash point, whether a\n\
             process kill or a power loss there can make the validator double-vote.\n\n\
             --profile              store profile, in the query's words (profile=): h2_like\n\
             \x20                      (H2-like store queue, default), wal_os_cache (WAL in the OS\n\
             \x20                      cache), rocks_sync_wal (synchronous WAL)\n\
             --device-honours-sync  true (default) or false (the device may drop synced writes)\n\
             --format               md (a matrix) or json (one row per cell)\n"
                .to_string()
        }
        "sweep" => format!(
            "lab sweep sweep-ttl-pause|sweep-contention [--params \"KEYS\"] [--format md|json] [--lang ko|en]\n\n\
             Runs the grid of a sweep figure (every cell, every seed, 60 s runs at summary level) on\n\
             one thread and prints over-approval and throughput per cell (md: two tables, the\n\
             figure's Korean text alternative and the time taken; json: one object per cell with\n\
             the cell's `lab run --params` query). KEYS is the figure's URL state:\n\
             \x20   sweep-ttl-pause:  variant, ttl_lo, ttl_hi, pause_lo, pause_hi (pause upper end;\n\
             \x20                     the pause is uniform in [upper - {w}, upper] ms), n (cells per axis,\n\
             \x20                     1..={n}), seeds (1..={s})\n\
             \x20   sweep-contention: variant, tpw_lo, tpw_hi (threads per wallet), wallets_lo, wallets_hi, seeds\n\
             variant: naive|watchdog|watchdog_stop|fence_write|fence_read|conditional (default naive).\n\
             Unknown, malformed or out-of-range keys are an error (exit 2).\n\
             --lang ko|en: the axes, the metrics and the text alternative in Korean (default) or\n\
             English (KEYS may carry lang= too).\n",
            w = lab_model::params::PAUSE_WIDTH_MS,
            n = lab_model::params::MAX_N,
            s = lab_model::params::MAX_SEEDS
        ),
        "figure" => format!(
            "lab figure FIGURE_ID [--params \"QUERY\"] --out FILE.svg|FILE.png [--width W | --layout blog|blog-phone] [--time T] [--window W] [--recon 1|0] [--theme light|dark] [--lang ko|en]\n\
             lab figure FIGURE_ID [--params \"QUERY\"] --out FILE.png|FILE.gif --animate [--frames N] [--fps F] [--width W]\n\
             lab figure FIGURE_ID [--params \"QUERY\"] --story --out FILE.gif [--width PX]\n\
             lab figure [FIGURE_ID] --url A --out FILE.svg|FILE.png|FILE.gif [--width W] [--theme light|dark] [--animate]\n\
             lab figure --list\n\n\
             Renders one of the site's figures, with its caption, to SVG or PNG (by the\n\
             extension of --out). The PNG uses the embedded Pretendard font and is identical on\n\
             every machine; SVG text names font-family Pretendard, sans-serif and uses the\n\
             viewer's fonts.\n\n\
             --list        list the figure ids (id, code, caption)\n\
             --params Q    the site's query string, or a whole address as --url takes it (default:\n\
             \x20             the figure's starting state); any unknown, malformed or out-of-range key\n\
             \x20             is an error (exit {EXIT_USAGE})\n\
             --url A       an address the site wrote (a permalink: `?ch=…&fig=…&…`, `/CHAPTER.html?…`,\n\
             \x20             https://…): the figure it shows (fig= or embed=, else the chapter's first;\n\
             \x20             FIGURE_ID may be left out) in its state, its t= (a story's ev=), win= and\n\
             \x20             recon= as --time, --window and --recon (giving both is exit {EXIT_USAGE}); e.g.\n\
             \x20             lab figure --url \"/a1-lease-expiry.html?fig=lease-expiry&preset=exp1&t=1500\" --out a1.svg\n\
             --out FILE    where to write; .svg or .png\n\
             --width W     width in pixels, {}..={} (default {})\n\
             --layout L    page (default: --width wide), or a blog's file: blog (720 px wide) or\n\
             \x20             blog-phone (390 px), drawn at a narrower width and scaled so its smallest\n\
             \x20             text is 13 px, a timeline cut after its first anomaly (unless --window),\n\
             \x20             and a last line naming the site and the figure's address (under\n\
             \x20             $LAB_SITE_URL when set), drawn whole; with --animate too; not with\n\
             \x20             --width or --time\n\
             --time T      player cursor in ms, to the µs (e.g. 2.12): what a timeline or story shows at time T (default: the end)\n\
             --window W    visible window of a timeline figure in ms, {}..={} (the site's win=;\n\
             \x20             default: the figure's own)\n\
             --recon 1|0   A2 (silent-drift): show the ledger line, 1 (default), or not, 0 (the site's recon=)\n\
             --theme light|dark  the palette: light (default, as the page's files) or the page's dark one\n\
             --lang ko|en  the figure's words (caption, labels, story, attribution): ko (default, the\n\
             \x20             original edition) or en; an address's lang= or en/ page says it too\n\
             \x20             (giving both, they must agree); with --list, the captions' language\n\
             --animate     write an animated PNG (APNG, .png) or GIF (.gif) of a timeline/story\n\
             \x20             figure: the player cursor sweeps the visible span, the last frame is\n\
             \x20             the whole figure. A GIF keeps the figure's colours and is at most\n\
             \x20             {gif_mib} MiB (exit {EXIT_USAGE} beyond)\n\
             --story       write the figure's story as a GIF (timeline and story figures): each scene\n\
             \x20             held a few seconds with its sentence drawn over it, short passages\n\
             \x20             between, and the link back (under $LAB_SITE_URL when set); --width is\n\
             \x20             the GIF's px, {story_lo}..={story_hi} (default {story_w}); at most {story_mib} MiB\n\
             --frames N    frames of the animation, {}..={} (default 30)\n\
             --fps F       frames per second, {}..={} (default 10)\n\n\
             The sweep heatmaps (sweep-ttl-pause, sweep-contention) compute their grid first,\n\
             as `lab sweep` does: --params takes the sweep's keys (see `lab sweep --help`) plus\n\
             metric=over_approval|throughput (the colour); --time, --window, --recon and\n\
             --animate do not apply to them (exit {EXIT_USAGE}).\n",
            export::WIDTH_RANGE.0,
            export::WIDTH_RANGE.1,
            export::DEFAULT_WIDTH,
            export::WINDOW_RANGE.0,
            export::WINDOW_RANGE.1,
            export::FRAMES_RANGE.0,
            export::FRAMES_RANGE.1,
            export::FPS_RANGE.0,
            export::FPS_RANGE.1,
            gif_mib = export::gif::GIF_MAX_BYTES / (1024 * 1024),
            story_lo = export::story_gif::STORY_WIDTH_RANGE.0,
            story_hi = export::story_gif::STORY_WIDTH_RANGE.1,
            story_w = export::story_gif::STORY_WIDTH_PX,
            story_mib = export::story_gif::STORY_GIF_MAX_BYTES / (1024 * 1024)
        ),
        other => {
            return Err(CliError::usage(format!(
                "no help for unknown command `{other}`; expected one of {}",
                SUBCOMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            )))
        }
    };
    Ok(text)
}
