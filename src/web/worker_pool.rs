//! The page's one pool of web workers, for the live tables' runs and the
//! sweep grids' rows alike: jobs are `lab_model::worker::Job`s, answers
//! `lab_model::worker::JobResult`s, both as postcard bytes.
//!
//! The workers run this same wasm module, so a reader fetches no worker of
//! its own. The pool hands each worker the module the page already compiled
//! (`wasm_bindgen::module()`) and the module's JavaScript glue, fetched with
//! the digest the build states for it (`#lab-integrity`, written by
//! `scripts/trunk-post-build.mjs`) and run from a blob as a classic script
//! (`lab_model::worker::classic_worker_script`); `web::start` sees it has no
//! window there and calls [`serve`].
//!
//! The policy: up to four workers, spawned once on first need; interactive
//! jobs (a table a reader waits for) before background ones (sweep rows),
//! each in the order submitted; per-owner cancellation. The live tables use
//! the pool only on machines with at least four cores
//! ([`tables_available`]): on a two-core machine two workers and the main
//! thread compete, and a worker woken from idle answers late (measured: 40-50
//! ms for three runs, against 20-25 ms on the main thread alone). There the
//! page computes its tables on the main thread, and the pool starts for the
//! sweeps only. A component registers one [`Sink`] for its lifetime; when
//! the workers cannot start (a refused fetch, an old browser) every pending
//! job comes back as `None`, and its owner computes it on the main thread.
//! A sink is never called from inside the call that submitted its job.
//!
//! A page that does not state the glue (the wasm tests mount components on
//! a bare page) has no pool: the tables run on the main thread.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, RequestInit, Response, Url, Worker};

use lab_model::worker::{answer, classic_worker_script, decode, encode, warm_up, Job, JobResult};

/// What a worker runs after the module's glue: on its first message (the
/// compiled module) it starts the module, whose `main` then serves jobs. A
/// failed start is reported as `{ failed }` (a rejection is no `error` event).
const WORKER_START: &str = "self.onmessage = (e) => { self.onmessage = null; \
    __wbg_init({ module_or_path: e.data }).catch((err) => postMessage({ failed: String(err) })); };";

/// The glue's own name for its init function, which [`WORKER_START`] calls.
const GLUE_INIT: &str = "__wbg_init";

/// A component's answer callback, `(job id, result)`; `None` when the
/// workers could not start or the answer did not decode.
pub struct Sink(SinkFn);

type SinkFn = Rc<RefCell<dyn FnMut(u32, Option<JobResult>)>>;

impl Sink {
    pub fn new(on_result: impl FnMut(u32, Option<JobResult>) + 'static) -> Sink {
        Sink(Rc::new(RefCell::new(on_result)))
    }
}

/// A submitted job until its answer is delivered.
struct Queued {
    id: u32,
    owner: u32,
    interactive: bool,
    bytes: Vec<u8>,
    sink: SinkFn,
}

impl Queued {
    fn deliver(self, result: Option<JobResult>) {
        (self.sink.borrow_mut())(self.id, result);
    }
}

struct Slot {
    worker: Worker,
    /// From its spawn until it says "ready", and while it runs a job.
    busy: bool,
    /// The job it runs; `None` once its owner cancelled it.
    job: Option<Queued>,
}

#[derive(Default)]
enum Workers {
    #[default]
    NotStarted,
    Starting,
    Running(Vec<Slot>),
    Broken,
}

/// Where the module's glue is and the digest it must have.
#[derive(Clone)]
struct Glue {
    href: String,
    integrity: String,
}

#[derive(Default)]
struct Pool {
    /// Read from the page once: `Some(None)` on a page without the pool.
    glue: Option<Option<Glue>>,
    workers: Workers,
    /// Interactive jobs, then background ones.
    queues: [VecDeque<Queued>; 2],
    next_job: u32,
    next_owner: u32,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// The glue's address and digest as the build stated them, if it did.
fn read_glue() -> Option<Glue> {
    let document = web_sys::window()?.document()?;
    let block = document.get_element_by_id("lab-integrity")?;
    let name = block.get_attribute("data-site-glue")?;
    let digests = js_sys::JSON::parse(&block.text_content()?).ok()?;
    let integrity = js_sys::Reflect::get(&digests, &JsValue::from_str(&name)).ok()?.as_string()?;
    // The glue lies at the site's root, which a page under `en/` addresses as `../`.
    let href = Url::new_with_base(&super::page_words::at_root(&name), &document.base_uri().ok()??).ok()?.href();
    Some(Glue { href, integrity })
}

fn glue() -> Option<Glue> {
    POOL.with_borrow_mut(|pool| pool.glue.get_or_insert_with(read_glue).clone())
}

fn cores() -> u32 {
    web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as u32).max(1)
}

fn is_broken() -> bool {
    POOL.with_borrow(|pool| matches!(pool.workers, Workers::Broken))
}

/// A new owner id (one per figure or sweep).
pub fn new_owner() -> u32 {
    POOL.with_borrow_mut(|pool| {
        pool.next_owner += 1;
        pool.next_owner
    })
}

/// Spawns the workers ahead of the tables' first job, where the tables use them.
pub fn warm_up_for_tables() {
    if tables_available() {
        spawn();
    }
}

/// False on machines with fewer than four cores, once the workers failed to
/// start, and on a page without the pool; table runs then happen on the main thread.
pub fn tables_available() -> bool {
    glue().is_some() && !is_broken() && cores() >= 4
}

/// How many workers the pool runs (or will run); 0 on a page without it.
pub fn size() -> u32 {
    if glue().is_none() {
        return 0;
    }
    let cores = cores();
    if cores >= 4 {
        (cores - 1).min(4)
    } else {
        cores.min(2)
    }
}

/// Queues `job` for `owner` (spawning the workers on first need); returns
/// the job id `sink` will be called with.
pub fn submit(owner: u32, job: &Job, sink: &Sink) -> u32 {
    let id = POOL.with_borrow_mut(|pool| {
        pool.next_job += 1;
        pool.next_job
    });
    let queued = Queued { id, owner, interactive: job.is_interactive(), bytes: encode(job), sink: sink.0.clone() };
    spawn();
    if glue().is_none() || is_broken() {
        refuse(queued);
    } else {
        POOL.with_borrow_mut(|pool| pool.queues[usize::from(!queued.interactive)].push_back(queued));
        pump();
    }
    id
}

/// Drops `owner`'s queued jobs and ignores its running ones.
pub fn cancel(owner: u32) {
    POOL.with_borrow_mut(|pool| {
        for queue in &mut pool.queues {
            queue.retain(|job| job.owner != owner);
        }
        if let Workers::Running(slots) = &mut pool.workers {
            for slot in slots.iter_mut().filter(|s| s.job.as_ref().is_some_and(|j| j.owner == owner)) {
                slot.job = None;
            }
        }
    });
}

/// Answers `job` with `None`, after the current call has returned.
fn refuse(job: Queued) {
    wasm_bindgen_futures::spawn_local(async move { job.deliver(None) });
}

fn spawn() {
    let first = POOL.with_borrow_mut(|pool| {
        let first = matches!(pool.workers, Workers::NotStarted);
        if first {
            pool.workers = Workers::Starting;
        }
        first
    });
    if !first {
        return;
    }
    let Some(glue) = glue() else {
        fail(None);
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        match worker_script(&glue).await {
            Ok(url) => start(&url),
            Err(error) => fail(Some(error)),
        }
    });
}

/// The workers' script, as a blob URL: the glue, fetched and checked against
/// its digest, as a classic script, then [`WORKER_START`].
async fn worker_script(glue: &Glue) -> Result<String, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let init = RequestInit::new();
    init.set_integrity(&glue.integrity);
    let response: Response = JsFuture::from(window.fetch_with_str_and_init(&glue.href, &init)).await?.dyn_into()?;
    if !response.ok() {
        return Err(format!("{}: HTTP {}", glue.href, response.status()).into());
    }
    let text = JsFuture::from(response.text()?).await?.as_string().unwrap_or_default();
    let Some(script) = classic_worker_script(&text, GLUE_INIT, WORKER_START) else {
        return Err(format!("{}: not the glue's expected shape (a new wasm-bindgen?)", glue.href).into());
    };
    let source = js_sys::Array::of1(&JsValue::from_str(&script));
    let options = BlobPropertyBag::new();
    options.set_type("text/javascript");
    Url::create_object_url_with_blob(&Blob::new_with_str_sequence_and_options(&source, &options)?)
}

fn start(url: &str) {
    let module = wasm_bindgen::module();
    let mut slots = Vec::new();
    for index in 0..size() as usize {
        let Ok(worker) = Worker::new(url) else {
            slots.iter().for_each(|s: &Slot| s.worker.terminate());
            fail(Some("new Worker failed".into()));
            return;
        };
        // The pool lives as long as the page; so do its handlers.
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| answered(index, e.data()));
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let on_error = Closure::<dyn FnMut(JsValue)>::new(|_| fail(Some("a worker failed".into())));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        if worker.post_message(&module).is_err() {
            worker.terminate();
            slots.iter().for_each(|s| s.worker.terminate());
            fail(Some("the module could not be sent".into()));
            return;
        }
        slots.push(Slot { worker, busy: true, job: None });
    }
    let stale = POOL.with_borrow_mut(|pool| {
        if matches!(pool.workers, Workers::Starting) {
            pool.workers = Workers::Running(slots);
            Vec::new()
        } else {
            slots
        }
    });
    stale.iter().for_each(|s| s.worker.terminate());
    pump();
}

/// Worker `index`'s message: "ready", `[id, bytes]` or `{ failed }`.
fn answered(index: usize, data: JsValue) {
    if let Ok(failed) = js_sys::Reflect::get(&data, &JsValue::from_str("failed")) {
        if let Some(reason) = failed.as_string() {
            let words = super::page_words::words();
            web_sys::console::error_1(&words.fill(words.ui.page.worker_failed, &[("reason", &reason)]).into());
            fail(None);
            return;
        }
    }
    let delivered = POOL.with_borrow_mut(|pool| {
        let Workers::Running(slots) = &mut pool.workers else { return None };
        let slot = &mut slots[index];
        slot.busy = false;
        if data.as_string().as_deref() == Some("ready") {
            count_ready();
            return None;
        }
        let message = data.dyn_ref::<js_sys::Array>()?;
        let job = slot.job.take()?;
        let bytes = message.get(1).dyn_into::<js_sys::Uint8Array>().ok()?.to_vec();
        (message.get(0).as_f64() == Some(f64::from(job.id))).then_some((job, bytes))
    });
    if let Some((job, bytes)) = delivered {
        job.deliver(decode(&bytes));
    }
    pump();
}

/// `window.__labWorkerPoolReady`: how many workers have warmed up (the e2e tests wait on it).
fn count_ready() {
    let Some(window) = web_sys::window() else { return };
    let key = JsValue::from_str("__labWorkerPoolReady");
    let ready = js_sys::Reflect::get(&window, &key).ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    let _ = js_sys::Reflect::set(&window, &key, &JsValue::from_f64(ready + 1.0));
}

/// Sends queued jobs to idle workers.
fn pump() {
    POOL.with_borrow_mut(|pool| {
        let Pool { workers: Workers::Running(slots), queues, .. } = pool else { return };
        for slot in slots.iter_mut().filter(|s| !s.busy) {
            let Some(mut job) = queues.iter_mut().find_map(VecDeque::pop_front) else { break };
            let bytes = js_sys::Uint8Array::from(std::mem::take(&mut job.bytes).as_slice());
            let message = js_sys::Array::of2(&JsValue::from(job.id), &bytes);
            // A message that cannot be posted leaves the job to the `error` handler.
            let _ = slot.worker.post_message_with_transfer(&message, &js_sys::Array::of1(&bytes.buffer()));
            slot.busy = true;
            slot.job = Some(job);
        }
    });
}

/// The workers could not start or one failed: stop them all, and answer
/// every pending job with `None` (its owner computes it on the main thread).
fn fail(reason: Option<JsValue>) {
    if let Some(reason) = reason {
        web_sys::console::error_2(&super::page_words::words().ui.page.worker_failed_lead.into(), &reason);
    }
    let pending: Vec<Queued> = POOL.with_borrow_mut(|pool| {
        let mut pending = Vec::new();
        if let Workers::Running(slots) = std::mem::replace(&mut pool.workers, Workers::Broken) {
            for slot in slots {
                slot.worker.terminate();
                pending.extend(slot.job);
            }
        }
        pending.extend(pool.queues.iter_mut().flat_map(|q| q.drain(..)));
        pending
    });
    pending.into_iter().for_each(refuse);
}

/// For the site's benchmark hook (`src/main.rs`, for `scripts/perf.sh`):
/// resolves to the mean wall time in ms of `runs` default exp1 runs at
/// summary level in a pool worker (NaN if the workers could not start),
/// whatever the core count.
pub fn bench(runs: u32) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, _reject| {
        let sink = Sink::new(move |_, result| {
            let ms = match result {
                Some(JobResult::Bench { ms_per_run }) => ms_per_run,
                _ => f64::NAN,
            };
            let _ = resolve.call1(&JsValue::NULL, &JsValue::from_f64(ms));
        });
        submit(new_owner(), &Job::Bench { runs }, &sink);
    })
}

/// The worker's side, run by `web::start` where there is no window: answer
/// each `[id, bytes]` job message with `[id, bytes]`, and say "ready" once,
/// after a warm-up run (`lab_model::worker::warm_up`).
pub fn serve() {
    use web_sys::DedicatedWorkerGlobalScope;
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let message = js_sys::Array::from(&event.data());
        let bytes = message.get(1).dyn_into::<js_sys::Uint8Array>().map(|b| b.to_vec()).unwrap_or_default();
        let result = js_sys::Uint8Array::from(answer(&bytes, js_sys::Date::now).as_slice());
        let reply = js_sys::Array::of2(&message.get(0), &result);
        let _ = reply_scope.post_message_with_transfer(&reply, &js_sys::Array::of1(&result.buffer()));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    warm_up();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
