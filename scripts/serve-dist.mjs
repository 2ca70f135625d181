// The static server of scripts/serve.sh: serves the build a symlink points
// to (serve.sh's `current`, which it swaps atomically when a rebuild
// succeeds) on 127.0.0.1:PORT, with the end-to-end tests' own server
// (e2e/tests/helpers.mjs `serve`: the site's MIME types, wasm as
// application/wasm, gzip when asked, `/ID.html` pages as files, sw.js at the
// root so the service worker's scope is the site). The link is resolved on
// every request, so a new build is served from the next request on, whole.
//
//   node scripts/serve-dist.mjs LINK PORT
//
// Exits 3 when the port is taken (serve.sh then stops: restarting would not
// help), and by itself when its parent (serve.sh) is gone.
import fs from 'node:fs';
import { serve } from '../e2e/tests/helpers.mjs';

const [link, port] = process.argv.slice(2);
if (!link || !/^\d+$/.test(port || '')) {
  console.error('usage: node scripts/serve-dist.mjs LINK PORT');
  process.exit(2);
}

let server;
try {
  server = await serve({ dir: () => fs.realpathSync(link), port: Number(port) });
} catch (e) {
  if (e.code === 'EADDRINUSE') {
    console.error(`serve-dist: 127.0.0.1:${port} is already in use (another server?); choose another with PORT=…`);
    process.exit(3);
  }
  throw e;
}
console.error(`serve-dist: serving ${fs.realpathSync(link)} at ${server.base}`);

const stop = async () => { await server.close(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);
// serve.sh killed with SIGKILL cannot stop us: notice that we were orphaned.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) stop(); }, 1000).unref();
