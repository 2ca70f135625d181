// scripts/serve.sh keeps serving: its static server and its rebuilder run
// apart, each started again when it dies, and stopping serve.sh stops every
// process it started. The test reuses the build under test (a copy of dist/,
// marked older than the sources so that the rebuilder starts a build at
// once) and never lets a build finish: it kills the build's trunk with
// SIGKILL, then the server, and checks that the site answers throughout,
// that both come back, and that SIGTERM leaves nothing behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dist, root } from './helpers.mjs';

// The rebuilder's build and the static server, by their command lines.
const TRUNK = /(^|\/)trunk build /;
const SERVER = /^node \S*serve-dist\.mjs /;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () => new Promise((resolve, reject) => {
  const s = net.createServer().once('error', reject);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

/** Every process now: pid → { ppid, pgrp, sid, comm, state, key } (key: pid and start time). */
function processes() {
  const all = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try { stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    all.set(Number(name), { pid: Number(name), comm, state: f[0], ppid: Number(f[1]), pgrp: Number(f[2]), sid: Number(f[3]), key: `${name}:${f[19]}` });
  }
  return all;
}

/**
 * Watches the processes serve.sh starts: every descendant, and every
 * process group and session one of them opened (a killed trunk's cargo is
 * orphaned but keeps its group), sampled every 50 ms.
 */
function watchTree(rootPid) {
  const seen = new Map();
  const groups = new Set([rootPid]);
  const sample = () => {
    const all = processes();
    const inTree = (p) => {
      for (let q = p, hops = 0; q && hops < 64; q = all.get(q.ppid), hops++) if (q.pid === rootPid) return true;
      return groups.has(p.pgrp) || groups.has(p.sid);
    };
    for (const p of all.values()) {
      if (!inTree(p)) continue;
      seen.set(p.key, p);
      groups.add(p.pgrp);
      groups.add(p.sid);
    }
    return all;
  };
  const timer = setInterval(sample, 50);
  return {
    sample,
    stop: () => clearInterval(timer),
    /** Live processes of the tree whose command line matches `re`. */
    running: (re) => [...sample().values()].filter((p) => seen.has(p.key) && p.state !== 'Z' && re.test(cmdline(p.pid))),
    /** Processes of the tree still alive. */
    left: () => [...processes().values()].filter((p) => p.state !== 'Z' && (seen.has(p.key) || groups.has(p.pgrp) || groups.has(p.sid))),
  };
}

function cmdline(pid) {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '); } catch { return ''; }
}

async function get(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  } catch (e) {
    return { status: 0, error: String(e.cause?.code || e.message) };
  }
}

async function until(what, check, ms) {
  const t0 = Date.now();
  for (;;) {
    const v = await check();
    if (v) return { value: v, ms: Date.now() - t0 };
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(100);
  }
}

test('serve.sh: the site answers while its build and its server are killed, and SIGTERM stops every process it started', async () => {
  assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'a built site in dist/ (trunk build --release)');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  const copy = path.join(tmp, 'dist');
  fs.cpSync(dist, copy, { recursive: true });
  // Older than every source: the rebuilder starts a build at once.
  fs.utimesSync(path.join(copy, 'index.html'), new Date(0), new Date(0));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const child = spawn(path.join(root, 'scripts', 'serve.sh'), [], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), SERVE_SETUP: '0', SERVE_FIRST_BUILD: '0', SERVE_DIST: copy, SERVE_STATE: path.join(tmp, 'state') },
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const tree = watchTree(child.pid);
  const withLog = (message) => `${message}\n--- serve.sh said:\n${log.slice(-4000)}`;

  try {
    // 1. It serves the build as the site needs it.
    const first = await until('the first answer', async () => (await get(base)).status === 200, 30000);
    console.log(`  serve.sh answered after ${first.ms} ms`);
    const index = (await get(base)).body.toString();
    const wasm = /["'](?:\.\/)?([\w.-]+_bg\.wasm)["']/.exec(index)?.[1];
    assert.ok(wasm, 'index.html names the site\'s wasm');
    const w = await get(base + wasm);
    assert.equal(w.status, 200, withLog(`GET ${wasm}`));
    assert.equal(w.type, 'application/wasm', 'wasm is served as application/wasm (streaming compilation needs it)');
    const sw = await get(`${base}sw.js`);
    assert.equal(sw.status, 200, 'the service worker is served from the site\'s root (its scope)');
    assert.match(sw.type, /javascript/);
    const page = await get(`${base}a1-lease-expiry.html`);
    assert.equal(page.status, 200, 'a chapter\'s static page');
    assert.match(page.type, /text\/html/);

    // 2. The rebuilder's trunk, killed mid-build: the site never stops answering,
    //    and a new build starts.
    const [trunk] = (await until('a trunk build (the copy is older than the sources)', () => { const t = tree.running(TRUNK); return t.length && t; }, 60000)).value;
    let polls = 0; const failures = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const r = await get(base);
        polls++;
        if (r.status !== 200) failures.push(r.status || r.error);
        await sleep(100);
      }
    })();
    process.kill(trunk.pid, 'SIGKILL');
    const again = await until('a new trunk build after the kill', () => tree.running(TRUNK).find((p) => p.pid !== trunk.pid), 30000);
    console.log(`  trunk ${trunk.pid} killed; trunk ${again.value.pid} started ${again.ms} ms later`);
    // Keep polling a little past the restart.
    await sleep(1000);
    polling = false;
    await poller;
    assert.ok(polls >= 10, `polled ${polls} times`);
    assert.deepEqual(failures, [], withLog(`the site stopped answering while its build was killed (${failures.length} of ${polls} requests)`));

    // 3. The server killed: it is started again.
    const [server] = tree.running(SERVER);
    assert.ok(server, withLog('serve.sh runs its server (node scripts/serve-dist.mjs)'));
    process.kill(server.pid, 'SIGKILL');
    const back = await until('an answer after the server was killed', async () => (await get(base)).status === 200, 30000);
    console.log(`  server ${server.pid} killed; the site answered again ${back.ms} ms later`);
    assert.ok(tree.running(SERVER).some((p) => p.pid !== server.pid), 'a new server');

    // 4. SIGTERM: serve.sh exits, and with it every process it started.
    process.kill(child.pid, 'SIGTERM');
    let timer;
    const end = await Promise.race([exited, new Promise((r) => { timer = setTimeout(r, 20000, null); })]);
    clearTimeout(timer);
    assert.ok(end, withLog('serve.sh exits within 20 s of SIGTERM'));
    const gone = await until('no process left', () => tree.left().length === 0, 10000).catch(() => null);
    assert.ok(gone, withLog(`processes left after serve.sh stopped: ${tree.left().map((p) => `${p.pid} ${p.comm}`).join(', ')}`));
    assert.equal((await get(base)).status, 0, 'nothing answers on the port');
  } catch (e) {
    if (!e.message.includes('--- serve.sh said')) e.message = withLog(e.message);
    throw e;
  } finally {
    tree.stop();
    // A failed test must not leave a build running on the shared machine.
    for (const p of tree.left()) { try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ } }
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
