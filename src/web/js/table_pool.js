// The JavaScript half of src/web/table_pool.rs (see its module docs). A file,
// not an inline snippet: every wasm module of the site copies its snippets
// into the same snippets/ directory, where inline snippets are numbered per
// module and would overwrite each other.
let pool = null;
let broken = false;
const queue = [];
const inflight = new Map();
let nextJob = 1;
function fail() {
  if (broken) return;
  broken = true;
  for (const slot of pool || []) slot.worker.terminate();
  const pending = [...inflight.values(), ...queue.splice(0)];
  inflight.clear();
  for (const job of pending) job.sink(job.id, null, '');
}
function pump() {
  for (const slot of pool || []) {
    if (slot.busy || !queue.length) continue;
    const job = queue.shift();
    slot.busy = true;
    inflight.set(job.id, job);
    slot.worker.postMessage([job.id, job.task]);
  }
}
export function table_pool_start() {
  if (table_pool_available()) spawn();
}
function spawn() {
  if (pool || broken) return;
  try {
    // wasm-bindgen copies this file to snippets/<crate>/src/web/js/; the worker sits at the site root.
    const base = new URL('../../../../../', import.meta.url);
    const src = `importScripts(${JSON.stringify(new URL('table_worker.js', base).href)});`
      + `wasm_bindgen(${JSON.stringify(new URL('table_worker_bg.wasm', base).href)});`;
    const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    const n = Math.max(2, Math.min(4, cores() - 1));
    pool = [];
    for (let i = 0; i < n; i++) {
      const slot = { worker: new Worker(url), busy: true };
      slot.worker.onmessage = (e) => {
        const d = e.data;
        slot.busy = false;
        if (d === 'ready') {
          window.__labTablePoolReady = (window.__labTablePoolReady || 0) + 1;
        } else if (Array.isArray(d) && d[0] === 'bench') {
          window.__labTableBench.push(d[1]);
        } else if (Array.isArray(d)) {
          const job = inflight.get(d[0]);
          inflight.delete(d[0]);
          if (job) job.sink(job.id, d[1], d[2]);
        }
        pump();
      };
      slot.worker.onerror = fail;
      pool.push(slot);
    }
  } catch (e) {
    fail();
  }
}
// Workers only pay off with cores to spare: on a two-core machine, two
// workers and the main thread compete, and a worker woken from idle answers
// late (measured: 40-50 ms for three runs, against 20-25 ms on the main
// thread alone). There the page computes its tables on the main thread.
function cores() { return navigator.hardwareConcurrency || 1; }
export function table_pool_available() { return !broken && cores() >= 4; }
export function table_pool_submit(owner, task, sink) {
  const id = nextJob++;
  if (broken) {
    sink(id, null, '');
  } else {
    queue.push({ id, owner, task, sink });
    pump();
  }
  return id;
}
export function table_pool_cancel(owner) {
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i].owner === owner) queue.splice(i, 1);
  for (const [id, job] of inflight) if (job.owner === owner) inflight.delete(id);
}
// scripts/perf.sh: `n` default exp1 runs in an idle worker (spawning the pool
// whatever the core count); the ms per run is pushed to
// window.__labTableBench. False while no worker is idle yet.
window.__labTableBenchRun = (n) => {
  spawn();
  const slot = (pool || []).find((s) => !s.busy);
  if (!slot) return false;
  window.__labTableBench = window.__labTableBench || [];
  slot.busy = true;
  slot.worker.postMessage(['bench', n]);
  return true;
};
