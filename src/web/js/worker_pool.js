// The JavaScript half of src/web/worker_pool.rs (see its module docs): the
// page's one pool of web workers (src/bin/worker.rs), shared by every wasm
// module of the page. A classic script that Trunk copies and hashes
// (index.html); it adds its functions to the `consistencyLab` global, which
// the wasm modules import through `#[wasm_bindgen(js_namespace = ...)]`.
'use strict';
{
  const lab = (globalThis.consistencyLab ||= {});
  // This script and the worker's files sit at the site's root.
  const base = new URL('./', document.currentScript.src);
  let pool = null;
  let broken = false;
  // Interactive jobs (a table a reader waits for) first, then background
  // ones (sweep rows), each in the order submitted.
  const queues = [[], []];
  const inflight = new Map();
  let nextJob = 1;
  let nextOwner = 1;
  const cores = () => navigator.hardwareConcurrency || 1;
  // Workers only pay off for the tables with cores to spare: on a two-core
  // machine, two workers and the main thread compete, and a worker woken from
  // idle answers late (measured: 40-50 ms for three runs, against 20-25 ms on
  // the main thread alone). There the page computes its tables on the main
  // thread, and the pool starts for the sweeps only.
  const tablesAvailable = () => !broken && cores() >= 4;
  const size = () => (cores() >= 4 ? Math.min(4, cores() - 1) : Math.max(1, Math.min(2, cores())));
  // A sink is never called from inside the call that submitted its job
  // (the wasm side may still be busy there), so failures are answered later.
  const refuse = (job) => setTimeout(() => job.sink(job.id, null), 0);
  function fail() {
    if (broken) return;
    broken = true;
    for (const slot of pool || []) slot.worker.terminate();
    const pending = [...inflight.values(), ...queues.flatMap((q) => q.splice(0))];
    inflight.clear();
    pending.forEach(refuse);
  }
  function pump() {
    for (const slot of pool || []) {
      const queue = queues.find((q) => q.length);
      if (slot.busy || !queue) continue;
      const job = queue.shift();
      slot.busy = true;
      inflight.set(job.id, job);
      slot.worker.postMessage([job.id, job.bytes], [job.bytes.buffer]);
    }
  }
  // The worker's script and wasm, both fetched by the page and checked
  // against the build's digests (lazy_module.js: `fetchChecked`), so that a
  // changed file is refused and both come from the release the page came
  // from (static/sw.js answers a page from its own build's cache; a worker's
  // own requests would not be the page's). The script runs from a blob; the
  // wasm, compiled once here, is handed to each worker in its first message.
  async function workerParts() {
    const checked = async (name) => {
      const response = await lab.fetchChecked(name);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      return response;
    };
    const [script, module] = await Promise.all([
      checked('worker.js').then((r) => r.text()),
      checked('worker_bg.wasm').then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)),
    ]);
    const src = `${script}\n`
      + 'self.onmessage = (e) => { self.onmessage = null; '
      + 'wasm_bindgen({ module_or_path: e.data })'
      // A failed start: tell the pool (a rejection is no `error` event).
      + '.catch((err) => postMessage({ failed: String(err) })); };';
    return { url: URL.createObjectURL(new Blob([src], { type: 'text/javascript' })), module };
  }
  function spawn() {
    if (pool || broken) return;
    pool = [];
    workerParts().then(start, fail);
  }
  function start({ url, module }) {
    if (broken) return;
    try {
      for (let i = 0; i < size(); i++) {
        // Busy until it has warmed up and says "ready".
        const slot = { worker: new Worker(url), busy: true };
        slot.worker.onmessage = (e) => {
          const d = e.data;
          slot.busy = false;
          if (d && d.failed) {
            console.error(`계산용 웹 워커를 시작하지 못했습니다: ${d.failed}`);
            fail();
            return;
          }
          if (d === 'ready') {
            window.__labWorkerPoolReady = (window.__labWorkerPoolReady || 0) + 1;
          } else if (Array.isArray(d)) {
            const job = inflight.get(d[0]);
            inflight.delete(d[0]);
            if (job) job.sink(job.id, d[1]);
          }
          pump();
        };
        slot.worker.onerror = fail;
        slot.worker.postMessage(module);
        pool.push(slot);
      }
    } catch (e) {
      fail();
    }
  }
  // Warms the workers up for the tables' first slider move (only where the tables use them).
  lab.poolWarmUpForTables = () => { if (tablesAvailable()) spawn(); };
  lab.poolTablesAvailable = tablesAvailable;
  lab.poolSize = size;
  lab.poolNewOwner = () => nextOwner++;
  // Queues `bytes` (an encoded worker::Job, handed over: the pool transfers
  // its buffer) for `owner`; `sink(id, bytes or null)` hears the answer, null
  // when the workers could not start. Returns the job id.
  lab.poolSubmit = (owner, interactive, bytes, sink) => {
    const id = nextJob++;
    spawn();
    if (broken) {
      refuse({ id, sink });
    } else {
      queues[interactive ? 0 : 1].push({ id, owner, bytes, sink });
      pump();
    }
    return id;
  };
  // Drops `owner`'s queued jobs and ignores its running ones.
  lab.poolCancel = (owner) => {
    for (const queue of queues) {
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i].owner === owner) queue.splice(i, 1);
    }
    for (const [id, job] of inflight) if (job.owner === owner) inflight.delete(id);
  };
}
