//! Doing what a validated [`Command`](super::flags::Command) asks: runs,
//! tables, sweeps, figures and the lists, as the text `lab` prints (files
//! are written here too).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::flags::{Command, Format};
use super::report::{
    crashpoints_json, crashpoints_markdown, run_json, run_markdown, table_json, table_markdown, table_queries,
    vote_run_json, vote_run_markdown, TableRun,
};
use super::{CliError, Result};
use crate::figures::export;
use crate::sim::lease::{self, Preset, TraceLevel};
use crate::sim::vote::{self};
use lab_model::params::{to_query, LeaseQuery, ParamKind, Query, LEASE_PARAMS, SITE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS};
use lab_words::{analysis, catalogue, params as params_words, Words};

pub(super) fn execute(command: Command) -> Result<String> {
    match command {
        Command::Help(text) => Ok(text),
        Command::Presets { format } => Ok(presets_output(format)),
        Command::Params { format, words } => Ok(params_output(format, words)),
        Command::Run { query, format, trace_path } => run_output(&query, format, trace_path.as_deref()),
        Command::Table { runs, seed, format, words } => {
            let results = run_table(runs, seed);
            Ok(match format {
                Format::Json => table_json(&results),
                Format::Markdown => table_markdown(words, &results),
            })
        }
        Command::FigureList { words } => Ok(figure_list_output(words)),
        Command::Sweep { spec, format, words } => Ok(sweep_output(spec, format, words)),
        Command::Figure { mut request, out, animate, story_step, story, notes } => {
            if let Some(step) = story_step {
                request.time_us = story_step_time(&request, step)?;
            }
            for note in &notes {
                eprintln!("lab: note: {note}");
            }
            let rendered = match (story, animate) {
                (Some(width_px), _) => export::story_gif::render_story_gif(&request, width_px),
                (None, Some((frames, fps))) if request.format == export::Format::Gif => {
                    export::render_gif(&request, frames, fps)
                }
                (None, Some((frames, fps))) => export::render_apng(&request, frames, fps),
                (None, None) => export::render(&request),
            }
            .map_err(export_error)?;
            std::fs::write(&out, &rendered.bytes)
                .map_err(|e| CliError::failure(format!("--out: cannot write `{out}`: {e}")))?;
            for note in &rendered.notes {
                eprintln!("lab: note: {note}");
            }
            Ok(String::new())
        }
        Command::Crashpoints { profile, device_honours_sync, format } => {
            let rows = vote::matrix(profile, device_honours_sync);
            Ok(match format {
                Format::Json => crashpoints_json(&rows),
                Format::Markdown => crashpoints_markdown(&rows),
            })
        }
    }
}

/// Where a vote story's player stands at step `step` (the page's `ev=`),
/// as the page's player puts it: that step's time, or the end (`None`)
/// from the last step on.
fn story_step_time(request: &export::Request, step: usize) -> Result<Option<u64>> {
    let story = export::vote_source(request).map_err(export_error)?;
    let times = story.step_times();
    let index = step.min(times.len().saturating_sub(1));
    Ok(times.get(index).copied().filter(|_| index + 1 < times.len()))
}

fn export_error(error: export::ExportError) -> CliError {
    match error {
        export::ExportError::Usage(m) | export::ExportError::TooLarge(m) => CliError::usage(m),
        export::ExportError::Failure(m) => CliError::failure(m),
    }
}

/// `lab figure --list`: each figure's id, code and caption in `words`' language.
fn figure_list_output(words: &Words) -> String {
    let mut out = String::new();
    for e in export::figure_list() {
        out.push_str(&format!("{}\t{}\t{}\n", e.id, e.code, catalogue::caption(words, e)));
    }
    for (id, why) in export::skipped() {
        out.push_str(&format!("# {id}: not exported ({why})\n"));
    }
    out
}

fn pretty(value: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    text.push('\n');
    text
}

fn presets_output(format: Format) -> String {
    let rows: Vec<(Preset, String, String)> = Preset::ALL
        .into_iter()
        .map(|preset| {
            let query = LeaseQuery::from_preset(preset);
            let differs = to_query(&LeaseQuery { preset: None, ..query.clone() });
            (preset, to_query(&query), differs)
        })
        .collect();
    match format {
        Format::Json => pretty(&serde_json::Value::Array(
            rows.iter()
                .map(|(preset, params, differs)| {
                    serde_json::json!({
                        "preset": preset.key(),
                        "measurement_id": preset.measurement_id(),
                        "variant": preset.config().variant.key(),
                        "params": params,
                        "differs_from_default": differs,
                    })
                })
                .collect(),
        )),
        Format::Markdown => {
            let mut out = String::from("| preset | measurement | variant | query | same as |\n|---|---|---|---|---|\n");
            for (preset, params, differs) in &rows {
                let variant = preset.config().variant;
                let differs = if differs.is_empty() { "(defaults)".to_string() } else { format!("`{differs}`") };
                out.push_str(&format!(
                    "| `{}` | {} | {} {} | `{}` | {} |\n",
                    preset.key(),
                    preset.measurement_id(),
                    variant.article_label(),
                    variant.key(),
                    params,
                    differs
                ));
            }
            out
        }
    }
}

/// `lab params`: every key's reference, each with its label in `words`'
/// language (in JSON, under `label_ko` or `label_en`).
fn params_output(format: Format, words: &'static Words) -> String {
    let label_key = format!("label_{}", words.code);
    match format {
        Format::Markdown => params_words::all_params_markdown(words),
        Format::Json => {
            let tables =
                [("lease", LEASE_PARAMS), ("vote", VOTE_PARAMS), ("sweep", SWEEP_PARAMS), ("site", SITE_PARAMS)];
            pretty(&serde_json::Value::Array(
                tables
                    .into_iter()
                    .flat_map(|(scenario, params)| params.iter().map(move |p| (scenario, p)))
                    .map(|(scenario, p)| {
                        let (kind, values) = match p.kind {
                            ParamKind::Integer => ("integer", serde_json::Value::Null),
                            ParamKind::Choice(words) => ("choice", serde_json::json!(words)),
                            ParamKind::Flag => ("flag", serde_json::json!(["true", "false"])),
                            ParamKind::Switch => ("switch", serde_json::json!(["1", "0"])),
                            ParamKind::Millis => ("time_ms", serde_json::Value::Null),
                            ParamKind::Text => ("text", serde_json::Value::Null),
                        };
                        let mut row = serde_json::json!({
                            "scenario": scenario, "name": p.name, "kind": kind, "unit": p.unit, "min": p.min, "max": p.max,
                            "step": p.step, "values": values, "default": p.default, "description": p.description,
                        });
                        row[label_key.as_str()] = serde_json::json!(params_words::param_label(words, p));
                        // The scenarios' keys are read by their own figures; the others say which.
                        if matches!(scenario, "sweep" | "site") {
                            row["figures"] = serde_json::json!(p.figures.names());
                        }
                        row
                    })
                    .collect(),
            ))
        }
    }
}

fn run_output(query: &Query, format: Format, trace_path: Option<&str>) -> Result<String> {
    match query {
        Query::Lease(query) => {
            let level = if trace_path.is_some() { TraceLevel::Full } else { TraceLevel::Summary };
            let trace = lease::run(&query.config, query.seed, query.run_index, level);
            if let Some(path) = trace_path {
                write_json_file(path, &trace)?;
            }
            Ok(match format {
                Format::Json => run_json(query, &trace),
                Format::Markdown => run_markdown(query, &trace),
            })
        }
        Query::Vote(config) => {
            let level = if trace_path.is_some() { vote::TraceLevel::Full } else { vote::TraceLevel::Summary };
            let trace = vote::run(config, level);
            if let Some(note) = crate::figures::vote::cap_note([&trace]) {
                eprintln!("lab: note: {note}");
            }
            if let Some(path) = trace_path {
                write_json_file(path, &trace)?;
            }
            Ok(match format {
                Format::Json => vote_run_json(config, &trace),
                Format::Markdown => vote_run_markdown(config, &trace),
            })
        }
    }
}

fn write_json_file<T: serde::Serialize>(path: &str, value: &T) -> Result<()> {
    let json = serde_json::to_vec(value).map_err(|e| CliError::failure(format!("cannot encode the trace: {e}")))?;
    std::fs::write(path, json).map_err(|e| CliError::failure(format!("--trace: cannot write `{path}`: {e}")))
}

/// Runs every preset `runs` times, spread over the available cores; the order of the result is fixed.
fn run_table(runs: u32, seed: u64) -> Vec<TableRun> {
    let queries = table_queries(runs, seed);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<TableRun>>> = Mutex::new(vec![None; queries.len()]);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(queries.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(query) = queries.get(index) else { break };
                let trace = lease::run(&query.config, query.seed, query.run_index, TraceLevel::Summary);
                let run = TableRun::new(query.clone(), &trace);
                if let Ok(mut slots) = results.lock() {
                    slots[index] = Some(run);
                }
            });
        }
    });
    results.into_inner().unwrap_or_default().into_iter().flatten().collect()
}

fn sweep_output(spec: lab_model::params::SweepSpec, format: Format, words: &Words) -> String {
    use lab_model::params::SweepMetric;
    use lab_model::sweep::SweepResult;
    let t0 = std::time::Instant::now();
    let result = SweepResult::compute(spec);
    let secs = t0.elapsed().as_secs_f64();
    let (xs, ys) = (spec.xs(), spec.ys());
    match format {
        Format::Json => result.grid_json(params_words::axis_names(words, spec.kind)),
        Format::Markdown => {
            let [xn, yn] = params_words::axis_names(words, spec.kind);
            let mut out = format!("# {} `{}`\n\n", spec.kind.figure_id(), spec.key());
            for metric in [SweepMetric::OverApproval, SweepMetric::Throughput] {
                out.push_str(&format!(
                    "## {}\n\nrows: {yn}, columns: {xn}\n\n| {yn} \\ {xn} |",
                    params_words::sweep_metric_name(words, metric)
                ));
                for x in &xs {
                    out.push_str(&format!(" {x} |"));
                }
                out.push_str("\n|---|");
                out.push_str(&"---:|".repeat(xs.len()));
                out.push('\n');
                for (iy, y) in ys.iter().enumerate() {
                    out.push_str(&format!("| {y} |"));
                    for ix in 0..xs.len() {
                        let v = result.cell(ix, iy).map(|c| metric.value(c)).unwrap_or(f64::NAN);
                        out.push_str(&format!(" {v:.1} |"));
                    }
                    out.push('\n');
                }
                out.push('\n');
            }
            out.push_str(&format!("{}\n\n", analysis::sweep_description(words, &result)));
            out.push_str(&format!(
                "{} runs in {:.2} s on one thread ({:.2} ms per run)\n",
                spec.runs(),
                secs,
                secs * 1000.0 / spec.runs().max(1) as f64
            ));
            out
        }
    }
}
