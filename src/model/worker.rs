//! The site's web workers: what they are asked ([`Job`]), what they answer
//! ([`JobResult`]) and how both travel (postcard bytes, [`encode`] and
//! [`decode`]). Pure and native-testable; a worker (the site's own module,
//! `web::worker_pool::serve`) only moves bytes between `postMessage` and
//! [`answer`], and the page's pool (`web::worker_pool`) sends jobs and
//! decodes results.
//!
//! Jobs: a live table's run (`crate::live_table`), one row of a sweep grid
//! (`crate::sweep::run_row`, the unit of a sweep's progress) and a timing
//! bench of default exp1 runs for `scripts/perf.sh`. Floats travel as their
//! bits, so a result is the same whether a worker or the main thread made it.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::live_table::{run_task, table_run, TableRun};
use crate::params::LeaseQuery;
use crate::params::SweepSpec;
use crate::sweep::{run_row, CellStats};
use lab_sim::lease::Preset;

/// A job for a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// One live-table run: the canonical lease query (`live_table::task_text`).
    TableRun(String),
    /// Row `row` of the sweep `spec`.
    SweepRow { spec: SweepSpec, row: u32 },
    /// `runs` default exp1 runs at summary level, timed (`scripts/perf.sh`).
    Bench { runs: u32 },
}

/// A worker's answer to one [`Job`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JobResult {
    /// The table run; `None` when the query did not parse cleanly
    /// (`live_table::run_task` refuses anything it would have to clamp).
    TableRun(Option<TableRun>),
    /// The row's cells and how long the worker spent on them.
    SweepRow { row: u32, cells: Vec<CellStats>, compute_ms: f64 },
    /// The mean wall time of one run, in ms.
    Bench { ms_per_run: f64 },
    /// The message was not a job this build knows, or asked for a row the sweep does not have.
    Refused,
}

impl Job {
    /// Whether the pool sends this job before queued background work: a
    /// reader waits for a table (and a bench wants an idle worker); sweep
    /// rows fill the gaps.
    pub fn is_interactive(&self) -> bool {
        !matches!(self, Job::SweepRow { .. })
    }
}

impl JobResult {
    /// The table run, if this is a table job's successful answer.
    pub fn into_table_run(self) -> Option<TableRun> {
        match self {
            JobResult::TableRun(run) => run,
            _ => None,
        }
    }
}

/// `value` as the bytes a worker message carries.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    postcard::to_allocvec(value).expect("jobs and results always serialize")
}

/// The inverse of [`encode`]; `None` for bytes that are not a `T`.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    postcard::from_bytes(bytes).ok()
}

/// Does `job`. `now_ms` is the worker's clock (for the timings only; no
/// result but a timing depends on it).
pub fn run(job: Job, now_ms: impl Fn() -> f64) -> JobResult {
    match job {
        Job::TableRun(query) => JobResult::TableRun(run_task(&query)),
        Job::SweepRow { spec, row } => {
            if row as usize >= spec.ys().len() {
                return JobResult::Refused;
            }
            let started = now_ms();
            let cells = run_row(&spec, row as usize);
            JobResult::SweepRow { row, cells, compute_ms: now_ms() - started }
        }
        Job::Bench { runs } => {
            let runs = runs.clamp(1, 1_000);
            let exp1 = LeaseQuery::from_preset(Preset::Exp1);
            let started = now_ms();
            for _ in 0..runs {
                std::hint::black_box(table_run(&exp1));
            }
            JobResult::Bench { ms_per_run: (now_ms() - started) / f64::from(runs) }
        }
    }
}

/// What a worker does with a message: decode the job, run it,
/// encode the result ([`JobResult::Refused`] for bytes that are no job).
pub fn answer(message: &[u8], now_ms: impl Fn() -> f64) -> Vec<u8> {
    encode(&decode::<Job>(message).map_or(JobResult::Refused, |job| run(job, now_ms)))
}

/// What a pool worker runs: the site's JavaScript glue (an ES module, as
/// wasm-bindgen writes it for `--target web`) as a classic script, then
/// `start`. A module worker from a blob cannot start in an opaque origin (a
/// sandboxed embed), a classic one can; the glue's only module syntax is its
/// `export`s and one `import.meta.url`, for a module it is never asked to
/// fetch. `None` when the glue has another shape (a new wasm-bindgen), or
/// lacks `init`, the name `start` calls.
pub fn classic_worker_script(glue: &str, init: &str, start: &str) -> Option<String> {
    let mut out = String::with_capacity(glue.len() + start.len() + 1);
    for line in glue.lines() {
        if line.starts_with("export {") {
            continue;
        }
        let declaration = ["function ", "async function ", "class ", "const ", "let "];
        let line = match line.strip_prefix("export ") {
            Some(rest) if declaration.iter().any(|d| rest.starts_with(d)) => rest,
            Some(_) => return None,
            None if line.starts_with("import ") => return None,
            None => line,
        };
        out.push_str(&line.replace("import.meta.url", "self.location.href"));
        out.push('\n');
    }
    let declares_init = out.contains(&format!("function {init}("));
    (declares_init && !out.contains("import.meta")).then(|| out + start + "\n")
}

/// The worker's warm-up before it says it is ready: one default exp1 table
/// run (V8 compiles wasm lazily and tiers hot functions up while they run,
/// so the first real job would otherwise pay for it).
pub fn warm_up() {
    std::hint::black_box(table_run(&LeaseQuery::from_preset(Preset::Exp1)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glue_becomes_a_classic_script() {
        let glue = "let wasm;\nexport function bench(a) {\n    return wasm.bench(a);\n}\n\
                    async function __wbg_init(m) {\n    if (m === undefined) { m = new URL('x_bg.wasm', import.meta.url); }\n}\n\
                    export { initSync, __wbg_init as default };\n";
        let script = classic_worker_script(glue, "__wbg_init", "start();").expect("the glue's shape");
        assert!(!script.contains("export") && !script.contains("import.meta"), "{script}");
        assert!(script.contains("function bench(a) {") && script.contains("new URL('x_bg.wasm', self.location.href)"));
        assert!(script.ends_with("start();\n"));
        // Another shape is refused rather than half converted.
        assert_eq!(
            classic_worker_script("import x from './y.js';\nasync function __wbg_init() {}", "__wbg_init", ""),
            None
        );
        assert_eq!(classic_worker_script("export default 1;\nasync function __wbg_init() {}", "__wbg_init", ""), None);
        assert_eq!(classic_worker_script("async function other() {}", "__wbg_init", ""), None);
    }
    use crate::live_table::task_text;
    use crate::params::SweepKind;
    use crate::sweep::SweepResult;
    use lab_sim::lease::{LeaseConfig, Variant};

    fn no_clock() -> f64 {
        0.0
    }

    fn through_the_wire(job: &Job) -> JobResult {
        decode(&answer(&encode(job), no_clock)).expect("a result decodes")
    }

    #[test]
    fn a_table_run_through_the_worker_is_the_main_thread_run() {
        let mut q = LeaseQuery::from_preset(Preset::Exp1);
        // What the split figure sends: a variant other than the preset's, run 2.
        q.config = LeaseConfig { variant: Variant::FenceRead, ttl_ms: 350, ..q.config };
        q.seed = 7;
        q.run_index = 2;
        let result = through_the_wire(&Job::TableRun(task_text(&q)));
        assert_eq!(result.into_table_run(), Some(table_run(&q)));
        // exp1 is the lock-only variant: a fencing row does not apply and stays `None` on the wire.
        let exp1 = through_the_wire(&Job::TableRun(task_text(&LeaseQuery::from_preset(Preset::Exp1))));
        let exp1 = exp1.into_table_run().unwrap();
        assert_eq!(exp1.value("fencing_rejects"), None);
        assert!(exp1.value("over_approval").unwrap() > 0.0);
    }

    #[test]
    fn a_table_query_that_needs_clamping_is_refused() {
        assert_eq!(through_the_wire(&Job::TableRun("preset=exp1&ttl_ms=999999999".into())), JobResult::TableRun(None));
    }

    #[test]
    fn sweep_rows_through_the_worker_make_the_native_grid_bit_for_bit() {
        let spec = SweepSpec { seeds: 1, ..SweepKind::Contention.default_spec() };
        let mut grid = SweepResult::empty(spec);
        for row in 0..grid.rows.len() as u32 {
            match through_the_wire(&Job::SweepRow { spec, row }) {
                JobResult::SweepRow { row: back, cells, .. } => grid.rows[back as usize] = Some(cells),
                other => panic!("row {row}: {other:?}"),
            }
        }
        assert_eq!(grid, SweepResult::compute(spec));
        let beyond = grid.rows.len() as u32;
        assert_eq!(through_the_wire(&Job::SweepRow { spec, row: beyond }), JobResult::Refused);
    }

    #[test]
    fn a_bench_reports_a_time_per_run_and_garbage_is_refused() {
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 10.0);
            ticks.get()
        };
        assert_eq!(run(Job::Bench { runs: 2 }, clock), JobResult::Bench { ms_per_run: 5.0 });
        assert_eq!(decode::<JobResult>(&answer(&[0xff, 0xff, 0xff], no_clock)), Some(JobResult::Refused));
        assert_eq!(decode::<JobResult>(&answer(&[], no_clock)), Some(JobResult::Refused));
        assert!(Job::TableRun(String::new()).is_interactive());
        assert!(!Job::SweepRow { spec: SweepKind::TtlPause.default_spec(), row: 0 }.is_interactive());
    }
}
