//! The sweep grids the page computes and keeps: each sweep's rows go to the
//! page's worker pool (`super::worker_pool`) as one `Job::SweepRow` per row,
//! so progress moves per row and the main thread only merges rows; finished
//! grids are cached in memory by their canonical query (figure id and
//! `SweepSpec::key`), so coming back to a figure is instant, and the export
//! handler draws from the cache ([`cached_result`]) instead of running a
//! sweep again.
//!
//! One state per page module: the sweep figures' (`super::sweep_figure`)
//! start, join or leave sweeps here. Should the workers fail to start (or
//! their script be refused, see `super::worker_pool`), the sweep stays
//! unfinished, its figure says so ([`failed`]) and the console says why:
//! running its rows here would put seconds of long tasks onto the main thread.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::Callback;

use super::now_ms;
use super::worker_pool::{self, Sink};
use lab_model::params::SweepSpec;
use lab_model::sweep::{CellStats, SweepResult};
use lab_model::worker::{Job, JobResult};

/// An unfinished sweep.
struct SweepJob {
    spec: SweepSpec,
    result: SweepResult,
    /// The pool owner its rows are queued under (cancelled with it).
    pool_owner: u32,
    started_ms: f64,
    compute_ms: f64,
}

/// A small map by string key, in insertion order (a handful of entries; a
/// `HashMap` here would cost the wasm several KB of hashing code).
struct VecMap<V>(Vec<(String, V)>);

impl<V> Default for VecMap<V> {
    fn default() -> Self {
        VecMap(Vec::new())
    }
}

impl<V> VecMap<V> {
    fn get(&self, k: &str) -> Option<&V> {
        self.0.iter().find(|(x, _)| x == k).map(|(_, v)| v)
    }
    fn get_mut(&mut self, k: &str) -> Option<&mut V> {
        self.0.iter_mut().find(|(x, _)| x == k).map(|(_, v)| v)
    }
    fn insert(&mut self, k: String, v: V) -> Option<V> {
        match self.get_mut(&k) {
            Some(slot) => Some(std::mem::replace(slot, v)),
            None => {
                self.0.push((k, v));
                None
            }
        }
    }
    fn remove(&mut self, k: &str) -> Option<V> {
        let i = self.0.iter().position(|(x, _)| x == k)?;
        Some(self.0.remove(i).1)
    }
    fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }
}

#[derive(Default)]
struct Sweeps {
    /// Unfinished sweeps, in the order they were started.
    jobs: VecMap<SweepJob>,
    /// Rows in the pool: (pool job id, cache key, row).
    in_flight: Vec<(u32, String, u32)>,
    /// Figure id → (cache key, listener).
    owners: VecMap<(String, Callback<Rc<SweepResult>>)>,
    cache: VecMap<Rc<SweepResult>>,
    /// The cache keys of sweeps a row of which the workers could not compute.
    failed: Vec<String>,
    /// The pool's answers reach [`on_result`] through this.
    sink: Option<Rc<Sink>>,
}

thread_local! {
    static SWEEPS: RefCell<Sweeps> = RefCell::new(Sweeps::default());
}

/// The cache key of a spec: figure id and canonical query.
pub fn cache_key(spec: &SweepSpec) -> String {
    format!("{}?{}", spec.kind.figure_id(), spec.key())
}

/// A row is back from the pool.
fn on_result(id: u32, result: Option<JobResult>) {
    let notify = SWEEPS.with(|s| {
        let mut sweeps = s.borrow_mut();
        let Some(at) = sweeps.in_flight.iter().position(|(job, _, _)| *job == id) else { return Vec::new() };
        let (_, key, row) = sweeps.in_flight.remove(at);
        match result {
            Some(JobResult::SweepRow { row: done, cells, compute_ms }) if done == row => {
                merge_row(&mut sweeps, &key, row, cells, compute_ms)
            }
            _ => {
                let words = super::page_words::words();
                let line = words.fill(words.ui.sweep.row_failed, &[("key", &key), ("row", &row.to_string())]);
                web_sys::console::warn_1(&JsValue::from_str(&line));
                // The figures showing it say so (see [`failed`]).
                if sweeps.failed.contains(&key) {
                    return Vec::new();
                }
                sweeps.failed.push(key.clone());
                let Some(job) = sweeps.jobs.get(&key) else { return Vec::new() };
                let snapshot = Rc::new(job.result.clone());
                sweeps
                    .owners
                    .values()
                    .filter(|(k, _)| *k == key)
                    .map(|(_, cb)| (cb.clone(), snapshot.clone()))
                    .collect()
            }
        }
    });
    tell(notify);
}

type Listeners = Vec<(Callback<Rc<SweepResult>>, Rc<SweepResult>)>;

fn tell(listeners: Listeners) {
    for (cb, r) in listeners {
        cb.emit(r);
    }
}

/// Puts a finished row into its sweep; returns the listeners to tell.
fn merge_row(sweeps: &mut Sweeps, key: &str, row: u32, cells: Vec<CellStats>, compute_ms: f64) -> Listeners {
    let Some(job) = sweeps.jobs.get_mut(key) else { return Vec::new() };
    if let Some(r) = job.result.rows.get_mut(row as usize) {
        *r = Some(cells);
    }
    job.compute_ms += compute_ms;
    let snapshot = Rc::new(job.result.clone());
    if snapshot.is_complete() {
        let job = sweeps.jobs.remove(key).expect("present");
        record_sweep(key, &job, now_ms() - job.started_ms, worker_pool::size());
        sweeps.cache.insert(key.to_string(), snapshot.clone());
    }
    sweeps.owners.values().filter(|(k, _)| k == key).map(|(_, cb)| (cb.clone(), snapshot.clone())).collect()
}

/// Appends `{key, ms, runs, workers, compute_ms}` to `window.__labSweep` (read by the e2e and perf tests).
fn record_sweep(key: &str, job: &SweepJob, ms: f64, workers: u32) {
    let w = gloo::utils::window();
    let name = JsValue::from_str("__labSweep");
    let existing = js_sys::Reflect::get(&w, &name).unwrap_or(JsValue::UNDEFINED);
    let arr: js_sys::Array = if js_sys::Array::is_array(&existing) {
        existing.into()
    } else {
        let a = js_sys::Array::new();
        let _ = js_sys::Reflect::set(&w, &name, &a);
        a
    };
    let o = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &v);
    };
    set("key", JsValue::from_str(key));
    set("ms", JsValue::from_f64(ms));
    set("runs", JsValue::from_f64(job.spec.runs() as f64));
    set("workers", JsValue::from_f64(f64::from(workers)));
    set("compute_ms", JsValue::from_f64(job.compute_ms));
    arr.push(&o);
}

/// Starts (or joins, or reads from the cache) the sweep `spec` for figure
/// `owner`; `listener` hears every new row. Cancels the owner's previous
/// unfinished sweep unless another figure still wants it. Returns what is
/// known now, and whether it came from the cache.
pub fn start(owner: &str, spec: SweepSpec, listener: Callback<Rc<SweepResult>>) -> (Rc<SweepResult>, bool) {
    let key = cache_key(&spec);
    SWEEPS.with(|s| {
        let mut sweeps = s.borrow_mut();
        if let Some((old, _)) = sweeps.owners.insert(owner.to_string(), (key.clone(), listener)) {
            let still_wanted = sweeps.owners.values().any(|(k, _)| *k == old);
            if old != key && !still_wanted {
                if let Some(abandoned) = sweeps.jobs.remove(&old) {
                    worker_pool::cancel(abandoned.pool_owner);
                }
                sweeps.in_flight.retain(|(_, k, _)| *k != old);
            }
        }
        if let Some(done) = sweeps.cache.get(&key) {
            return (done.clone(), true);
        }
        if let Some(job) = sweeps.jobs.get(&key) {
            return (Rc::new(job.result.clone()), false);
        }
        let sink = sweeps.sink.get_or_insert_with(|| Rc::new(Sink::new(on_result))).clone();
        let result = SweepResult::empty(spec);
        let pool_owner = worker_pool::new_owner();
        for row in 0..result.rows.len() as u32 {
            let id = worker_pool::submit(pool_owner, &Job::SweepRow { spec, row }, &sink);
            sweeps.in_flight.push((id, key.clone(), row));
        }
        let job = SweepJob { spec, result: result.clone(), pool_owner, started_ms: now_ms(), compute_ms: 0.0 };
        sweeps.jobs.insert(key, job);
        (Rc::new(result), false)
    })
}

/// Whether the workers failed to compute a row of the sweep whose cache key
/// is `key` (it then never completes; its figure says why).
pub fn failed(key: &str) -> bool {
    SWEEPS.with(|s| s.borrow().failed.iter().any(|k| k == key))
}

/// The finished grid of figure `figure_id` for the sweep whose canonical
/// query is `key`, if the cache holds it (the export bar's source).
pub fn cached_result(figure_id: &str, key: &str) -> Option<Rc<SweepResult>> {
    SWEEPS.with(|s| s.borrow().cache.get(&format!("{figure_id}?{key}")).cloned())
}

/// [`cached_result`] as postcard bytes, when the grid is complete (what the
/// export panel hands the `figures` module, `super::export_panel`).
pub fn finished_grid_bytes(figure_id: &str, key: &str) -> Option<Vec<u8>> {
    let result = cached_result(figure_id, key).filter(|r| r.is_complete())?;
    postcard::to_allocvec(&*result).ok()
}

/// The figure is gone: stop listening (its sweep keeps going into the cache).
pub fn leave(owner: &str) {
    SWEEPS.with(|s| {
        s.borrow_mut().owners.remove(owner);
    });
}
