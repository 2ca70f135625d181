#!/usr/bin/env node
// Size profile of every .wasm in dist/ (scripts/perf.sh runs it after
// `trunk build --release`): which crates and which functions take a module's
// bytes (`twiggy top`), and what keeps the biggest ones alive
// (`twiggy dominators`).
//
// The shipped modules have no function names (wasm-opt drops them), so each
// is profiled from the copy Trunk left in the cargo target directory right
// after wasm-bindgen ($CARGO_TARGET_DIR/wasm-bindgen/release/NAME_bg.wasm),
// optimised again exactly as Trunk does (`wasm-opt -Oz`) but with its names
// kept (`--debuginfo`). The profiled copy is the shipped module plus its name
// section, which the percentages leave out.
//
// Needs twiggy (scripts/perf.sh installs it on first use) and binaryen's
// wasm-opt (scripts/env.sh). Usage: node scripts/wasm-profile.mjs [TOP_N]
// ($SITE_DIST: another built site than dist/).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.SITE_DIST || path.join(root, 'dist');
const target = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
const topN = Number(process.argv[2] || 12);
const KB = 1024;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const pct = (n, total) => `${((100 * n) / total).toFixed(1)}%`;
const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 << 20 });

// The name section's parts: in the profiled copy only, never shipped.
const isNameSection = (name) => /^"[a-z ]+ names" subsection$|^custom section '(?:name|producers|target_features)'/.test(name);

// The crate a twiggy item belongs to: the first path segment of its demangled
// name (for drop glue, the dropped type's); other items by their kind.
function crateOf(name) {
  if (/^data segment /.test(name)) return '(data: strings, tables, constants)';
  if (/^(?:code|func)\[\d+\]$/.test(name)) return '(unnamed code)';
  if (/^(?:elem|table|type|global|memory)\[\d+\]|^custom section|^wasm magic|section headers|^"/.test(name)) return '(wasm structure)';
  const dropped = /drop_in_place<([A-Za-z_][A-Za-z0-9_]*)::/.exec(name);
  if (dropped) return dropped[1];
  const first = /([A-Za-z_][A-Za-z0-9_]*)::/.exec(name);
  return first ? first[1] : '(exports and wasm-bindgen glue)';
}

// The dominator tree, flattened: every item with what it alone keeps alive.
function dominated(node, depth, out) {
  for (const child of node.children ?? []) {
    out.push({ ...child, depth });
    dominated(child, depth + 1, out);
  }
  return out;
}

const modules = fs.readdirSync(dist).filter((f) => f.endsWith('.wasm')).sort();
if (!modules.length) {
  console.error('wasm-profile: no .wasm in dist/; run `trunk build --release` first');
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wasm-profile-'));
const bincodeIn = [];
for (const shippedName of modules) {
  const shipped = fs.readFileSync(path.join(dist, shippedName));
  // site-<hash>_bg.wasm → site; figures_bg.wasm → figures.
  const name = shippedName.replace(/_bg\.wasm$/, '').replace(/-[0-9a-f]{8,}$/, '');
  const bindgen = path.join(target, 'wasm-bindgen', 'release', `${name}_bg.wasm`);
  console.log(`\n== ${shippedName}: shipped ${kb(shipped.length)} raw, ${kb(zlib.gzipSync(shipped, { level: 9 }).length)} gzip`);
  if (!fs.existsSync(bindgen)) {
    console.log(`  (no ${path.relative(root, bindgen)}: build with \`trunk build --release\` and this CARGO_TARGET_DIR)`);
    continue;
  }
  // The cargo target directory is shared: check that its copy is this build's.
  const plain = path.join(tmp, `${name}.plain.wasm`);
  run('wasm-opt', ['-Oz', bindgen, '--output', plain]);
  if (!fs.readFileSync(plain).equals(shipped)) {
    console.log(`  (${path.relative(target, bindgen)} is not this build's module: another build has run since; rebuild and profile again)`);
    continue;
  }
  const named = path.join(tmp, `${name}.wasm`);
  run('wasm-opt', ['-Oz', '--debuginfo', bindgen, '--output', named]);
  const items = JSON.parse(run('twiggy', ['top', '-n', '1000000', '-f', 'json', named]));
  const nameSection = items.filter((i) => isNameSection(i.name)).reduce((s, i) => s + i.shallow_size, 0);
  const total = items.reduce((s, i) => s + i.shallow_size, 0) - nameSection;
  console.log(`  profiled copy: ${kb(total)} without its name section (${kb(nameSection)}; the rest is the shipped module)`);
  const byCrate = new Map();
  for (const item of items) {
    if (isNameSection(item.name)) continue;
    const c = crateOf(item.name);
    byCrate.set(c, (byCrate.get(c) || 0) + item.shallow_size);
  }
  const crates = [...byCrate.entries()].sort((a, b) => b[1] - a[1]);
  console.log('  by crate (shallow bytes):');
  for (const [c, bytes] of crates.slice(0, topN)) console.log(`    ${c.padEnd(44)} ${kb(bytes).padStart(10)} ${pct(bytes, total).padStart(6)}`);
  const rest = crates.slice(topN).reduce((s, [, b]) => s + b, 0);
  if (rest) console.log(`    ${`(${crates.length - topN} more)`.padEnd(44)} ${kb(rest).padStart(10)} ${pct(rest, total).padStart(6)}`);
  console.log(`  twiggy top ${topN} (largest items):`);
  for (const item of items.filter((i) => !isNameSection(i.name)).slice(0, topN)) {
    console.log(`    ${kb(item.shallow_size).padStart(10)} ${pct(item.shallow_size, total).padStart(6)}  ${item.name.slice(0, 110)}`);
  }
  // The table of indirect calls keeps about half of every module alive; below
  // it, the items that alone keep the most.
  console.log(`  twiggy dominators (what an item alone keeps alive; the ${topN} largest below the indirect-call table):`);
  const tree = JSON.parse(run('twiggy', ['dominators', '-f', 'json', named]));
  const nodes = dominated({ children: tree.items }, 0, [])
    .filter((n) => !/^<meta root>$|^table\[|^elem\[|Unreachable Items/.test(n.name) && !isNameSection(n.name))
    .sort((a, b) => b.retained_size - a.retained_size);
  for (const n of nodes.slice(0, topN)) {
    console.log(`    ${kb(n.retained_size).padStart(10)} ${pct(n.retained_size, total).padStart(6)} retained, ${kb(n.shallow_size).padStart(9)} own  ${n.name.slice(0, 100)}`);
  }
  if (items.some((i) => /\bbincode::/.test(i.name))) bincodeIn.push(shippedName);
}
console.log(`\nbincode in a module: ${bincodeIn.length ? bincodeIn.join(', ') : 'none'}`);
fs.rmSync(tmp, { recursive: true, force: true });
