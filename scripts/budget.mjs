#!/usr/bin/env node
// Size budgets of the release site in dist/ (run after `trunk build --release`;
// `node scripts/budget.mjs DIST_DIR` measures another build's directory):
//   - every .wasm (the site's and each lazily loaded module's), gzip -9: at
//     most 400 KB; the site's (the first load) at most SITE_WASM_GZ_MAX;
//   - first load (index.html and everything it pulls in, fonts excluded),
//     as transferred with gzip: at most 500 KB. "Pulls in" means referenced
//     from index.html, or statically imported by a first-load script; modules
//     a script only names for a later dynamic import() (the `figures`
//     and `check` modules) are not first load;
//   - the wasm pipelines index.html declares (`<link data-trunk rel="rust">`):
//     at most MAX_WASM_PIPELINES (issue 15's target was 3);
//   - the gzipped wasm a reader fetches to read every chapter and export one
//     figure: every .wasm of the build, as each is needed by one of those
//     (the site, whose module the sweeps' workers run too; the `figures`
//     module, for Article B and the export; the `check` module, for chapter
//     A8's figure 8-1): at most TOTAL_WASM_GZ_MAX, and
//     issue 26's TOTAL_WASM_GZ_TARGET (700 KB). Issue 15 met its target
//     (750 KB, 734 KB then); the reader's view, the
//     canvas as an interface, story mode, the predictions, the hook and GIF
//     export then added about 90 KB (817 KB on 2026-12-01), issue 24's
//     legibility, issue 27's recorded real run and A3's story about 51 KB
//     more (868 KB on 2026-12-02); issue 26 brought it back under 700 KB.
//     The limit keeps it from growing unseen; a build over the target says so.
// Prints every number; exits 1 when a budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { withoutFetchedDigests } from './site-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
const KB = 1024;
const WASM_GZ_MAX = 400 * KB;
// The site's module was 394.9 KB before issue 24 made every figure legible at
// every size: canvases drawn at the size they are shown, marks that answer a
// tap (hit tests and tips for the timelines and series), the dark palette
// mapped as the canvas paints. That added 10.7 KB (405.6 KB on 2026-12-02),
// spread over the figure component's views (twiggy, scripts/wasm-profile.mjs:
// no one item over 7 KB). Issue 27 then let A1 draw the recorded real run
// (src/web/figure/recorded.rs): reading the record, rebuilding its leases and
// values and its trace with lab-sim's metrics outside the engine, and the
// source switch, 11.2 KB (410.9 → 422.1 KB on 2026-12-02; twiggy: the
// fetch-and-read task 10.4 KB raw, lab-sim's build_trace no longer inlined
// into the engine, +1.1 KB net). A3's opening story (the fence's two
// panels, `figures::story::fence_story`) added 3.3 KB more (425.4 KB). Issue
// 25's colour words that pick out their marks added 6.5 KB (432.1 KB on
// 2026-12-02): the document's listeners and the walk to the figure above a
// word (src/web/spotlight.rs, 2.3 KB), the veil and the marks of one kind
// painted again and counted (figures/timeline/spotlight.rs, 4.2 KB). B-5's
// and B-6's figures and questions added 0.6 KB, and the sweeps' own "모든
// 설정" (at most six controls shown first) 0.8 KB (433.5 KB), and A4's
// opening story (`figures::story::rowlock_story`) 2.7 KB (436.2 KB). Then
// Article B's stories told in scenes (the scene box over the event player,
// src/web/vote_figure/controls.rs, 1.2 KB) and A5's opening story on its
// chart (`figures::story::outage_story`, one panel drawn alone, 2.0 KB):
// 439.3 KB on 2026-12-02; the ring round the write a story step names
// (timeline/marks.rs, draw.rs) and the scene box sized by its longest
// scene, 0.8 KB more (440.1 KB). Issue 26 then sorted through one routine
// per module (lab_sim::core::sort_by), and made the site's module its own
// workers' (web::worker_pool, +4 KB): 428.8 KB on 2026-12-04; forwarding the
// export bar's clicks to the figures module (web::export_panel), which took
// over export_panel.js, 2.3 KB (431.1 KB); the parameter codec's maps as
// sorted vectors (lab_sim::sorted), 3.3 KB less: 427.9 KB. Every figure then
// drawn into a recording (figures::recording) and replayed onto the canvas,
// and the site answering the figures module for Article A's files
// (web::export_source): +7.6 KB; paid back by leaving the English parameter
// descriptions and article notes (the CLI's) out of the wasm, 3.8 KB, and
// lab-sim at opt-level "s" rather than 3, 3.3 KB (the in-browser timings
// kept their margin: figure p95 7.8 ms against 16): 427.3 KB on 2026-12-04.
// Issue 39 (every claim right) then gave every metric one row
// (lab_model::metrics: key, unit, decimals, the article columns it pairs
// with, labels that follow the run such as "승인 (가능 480)") read by the
// live table, the CSV and the recorded run, and the stories' sentences
// that now hold for every store profile and device: +2.2 KB, 429.5 KB on
// 2026-12-05 (lab-sim at opt-level 3 would not have paid for it: it gained
// no measurable speed, Cargo.toml). The limit holds it there; issue 42's
// words layer is where the first load comes down again. Issue 38 (a lesson
// first, the lab on request) put every figure's lesson controls and its lab
// panel in the views, made predictions drive their figures and echo the
// guess, checked which hidden knob an address sets (lab_requested_here,
// 3.2 KB raw) and mounted B2-1's tap-to-crash figure: +9.3 KB, 438.8 KB on
// 2026-12-06, nothing in it duplicated (twiggy, item by item); a story
// showing its result at its last scene, 439.0 KB. Issue 40 (takeaways) had
// the site answer the figures module's new export calls (a timeline's first
// anomaly and window, a story's pictures: 3.5 KB), draw a timeline compact
// in a short embed frame (1.5 KB) and read an embed's theme=: 442.1 KB;
// reading decimal numbers with lab_model::decimal rather than
// str::parse::<f64> (whose 10 KB table of powers of five does not
// compress; the same values bit for bit) took it to 430.0 KB on 2026-12-06.
// Issue 41's figure 8-1 (break-it) is built by its own lazily loaded module
// (`check`, below); the site carries its registry row (caption, chapter,
// keys), its chapter's words, the address reader leaving the figure's keys
// to the module, and the mount that imports the module and hands it the
// figure's <div> (web::break_it_mount, no Yew component: a function
// component's lifecycle code alone weighed 3.6 KB): 429.8 → 431.1 KB
// (same pipeline, before and after, on 2026-12-06). Won back by the one
// sort routine every module shares (lab_sim::core::sorted_order) becoming a
// small quicksort of its own, and the event heap's re-sort going through
// it, instead of two copies of the standard unstable sort (8.3 and 2.7 KB
// raw; the order is the same, as ties are broken by index and stamps are
// unique; the lease runs within 1% of their time): 431.2 -> 428.2 KB on
// 2026-12-06 (the figures module 272.4 -> 271.4 KB). Core's float
// formatting (`{:.N}` and `{}` of an f64, about 12 KB raw) stays until no
// f64 is formatted through core::fmt anywhere in the module: it is one
// function for both, reached from some 50 functions of the site, the
// figures and the model, plotters-canvas's colours and font sizes, and the
// Debug message of every f64::clamp with bounds not known at compile time;
// lab_model::decimal::fixed writes `{:.N}` without it, character for character.
// Issue 42 (the words layer) moved every word a reader sees into lab-words'
// tables, and its piece 8 made the page load its language's table as data
// (words/LANG.words, 32.1 KB gzip Korean, 29.8 KB English, preloaded beside
// the wasm; src/web/page_words.rs): no table is compiled in through the
// page's accessor any more. Measured on 2026-12-06 with trunk's pipeline
// (the release build of the working tree, with pieces 2-7's migrations):
// 465.4 KB gzip, the first load 551.5 KB Korean and 549.5 KB English: the
// Korean table was still in the site's module, kept whole by the helpers
// that defaulted to lab_words::ko::WORDS (LeaseFigure's words, the hook,
// the sweep heatmap, the live table's article cells, the tips, and
// export::Request::new through web::export_source). Every wasm path now
// takes the page's table, and the tables' literals are compiled for native
// targets only (src/words/{ko,en}/mod.rs, lib.rs: all but ko::grammar), so
// the compiler proves no wasm path reaches one: 465.8 -> 428.2 KB gzip on
// 2026-12-06, the first load 514.5 KB Korean and 512.5 KB English (the
// only Hangul left in the module: the Korean chapter titles build.rs
// compiles in, content::shell::CHAPTERS). Still over issue 42's 400 KB.
// Of the moves docs/words-layer-plan.md §3 planned, those that met the
// budget would have had Article A's pages fetch the figures module at
// first view for their stories (the first load smaller on paper, not for
// the reader); measured by taking each out: Article A's stories 9.8 KB,
// the recorded run 6.4, A5's chart 5.5, the export answers 7.7, while
// Article B's components came to 34.7 KB, on every page but paid for by
// Article B's readers alone. So Article B's figures moved whole into the
// figures module, which already ran and drew them and which every
// Article B page imports at its first figure: their components render
// there, in a Yew app of the module's own, into a mount the site draws
// (web::vote_mount, src/bin/figures.rs); and wasm-opt assumes, with every
// module, that the low 1 KB of memory is unused and memory starts zeroed
// (index.html), 2.5 KB: 428.4 -> 392.9 KB gzip on 2026-12-06, the first
// load 514.8 -> 478.8 KB Korean and 513.1 -> 477.1 KB English; the live
// chapter waiting for its first Article B figure before it replaces the
// static one (web::vote_mount::reveal_when_shown), 393.3 KB. The limit is
// issue 42's 400 KB.
const SITE_WASM_GZ_MAX = 400 * KB;
// Issue 42 (above): both editions' first loads, each with its own words
// file; today's plus 3 KB.
const FIRST_LOAD_MAX = 482 * KB;
// Today's counts plus a little slack, so that nothing grows back: six
// pipelines and 1,157 KB before the two workers became one; five and
// 1,109 KB with the one worker; three and 785 KB once the lazily loaded
// modules became one (ARCHITECTURE.md, "Wasm modules"); 719 KB with the
// prose rendered ahead of time. Then the features above grew it to 877 KB
// (the figures module paints the spotlight too, +2.7 KB), and B-5's and
// B-6's own figures and questions (their registry rows, captions and
// answers' reasons, in both modules) to 878.0 KB, and A4's story to
// 881.4 KB; Article B's scenes (found and told in the figures module, 4.4
// KB there, 1.2 KB in the site) and A5's story to 889.0 KB, the named
// write's ring to 890.1 KB; held there. Issue 26 sorted by key through one
// routine per key type (lab_sim::core::sort_by_key) instead of the standard
// library's stable sort copied into every call site, 7.1 KB less (the site
// 438.6 → 434.5 KB), and moved the 퍼가기 panel's texts and addresses from
// the page's script into the figures module (lab_model::share), 6.0 KB
// more there: 888.2 KB on 2026-12-04. Then every sort through one routine
// per module, and no worker module (the workers run the site's): two
// pipelines, 781.3 KB; the figures as a crate of their own (lab-figures)
// cost 4.1 KB of the figures module's (the same code, compiled apart):
// 786.5 KB on 2026-12-04. The export bar and the 퍼가기 panel in Rust rather
// than in the page's script (web::export_files: the files, downloads, copies
// and the panel's layout, about 10 KB of JavaScript) cost 11.4 KB: 797.9 KB.
// Scenario B's engine keeping its maps and sets as sorted vectors
// (lab_sim::sorted, litemap) instead of B-trees: 28.0 KB less in the figures
// module, 769.9 KB on 2026-12-04; the parameter codec's too (both modules),
// with the engine's message index kept a B-tree (it grows with every message
// of a long run, and a sorted vector made the heaviest story 38% slower):
// 765.0 KB. Then every figure drawn once, into a recording (figures::recording),
// and Article A's files made by the figures module from the recordings and
// the trace the site hands it (figures::export::remote): the module carries
// neither Article A's simulation nor its drawing code, 337.3 → 250.6 KB, and
// the total meets issue 26's target: 677.9 KB on 2026-12-04. Issue 39's
// metric table (in both modules), Article B's scene sentences per store
// profile and device and B4's hatch over the storage strip (figures module,
// +6.0 KB): 686.0 KB on 2026-12-05, still under the 700 KB target. Issue
// 38's lesson mode (above) and B2-1's tap-to-crash figure (its drawing, runs
// and words in the figures module, +14.6 KB): 710.0 KB on 2026-12-06, OVER
// the target by 10 KB. Issue 40's blog layouts, story GIF, SVG writer and
// velog pen (+13.4 KB in the figures module) and the site's share (above):
// 726.8 KB; lab_model::decimal in both modules: 702.1 KB on 2026-12-06, 2.1
// KB over the target. The next cut is issue 42's words layer (the export
// task's 48.8 KB future is code used from one place, which wasm-opt gathers
// into one function: splitting it saved nothing). Issue 41 then added a
// third pipeline, the lazily loaded `check` module (src/bin/check.rs: the
// model checker lab_check, the reader's session and figure 8-1's DOM,
// fetched only on chapter A8): 124.4 KB raw, 58.2 KB gzip on 2026-12-06.
// A reader of every chapter fetches it, so it counts here: 761.7 KB with
// the site's 1.3 KB for the figure's mount (above). The limit rises by
// what the module weighs (711 + 59 KB): the checker runs in the reader's
// browser by design (issue 41: the reader is the adversary, every state
// checked on the spot), and it is never first load. One sort routine of
// lab-sim's own instead of the standard one: 758.4 KB on 2026-12-06.
const MAX_WASM_PIPELINES = 3;
// Issue 42 (above): the figures module 272 -> 303 KB and the check module
// 58 -> 63.5 KB with the words layer's composition while the old Korean
// functions remain: 831.8 KB on 2026-12-06. No table compiled into any
// module (above): the figures module 302.7 -> 265.6 KB, 757.3 KB in all.
// Article B's components out of the first load and into the figures module
// (above): the site 428.4 -> 393.3 KB, the figures module 265.8 -> 367.3
// KB, 823.8 KB in all on 2026-12-06. The module gains more than the site
// loses: a second copy of Yew's runtime (about 20 KB gzip), and the
// helpers Article B's components share with the site's (the player, the
// parameter controls, the address reader, the export bar's markup), which
// each module now carries. An Article B reader fetches 760.6 KB before the
// first figure is live instead of 694.2 (on slow 4G, b1-remember's first
// live figure 5.38 -> 5.53 s, scripts/lighthouse-budget.mjs, with the
// module fetched beside the chapter's text); every other reader 35.1 KB
// less.
const TOTAL_WASM_GZ_MAX = 825 * KB;
const TOTAL_WASM_GZ_TARGET = 700 * KB;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`budget: ${path.join(dist, 'index.html')} is missing; run \`trunk build --release\` first`);
  process.exit(2);
}

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const files = fs.readdirSync(dist, { recursive: true })
  .map((f) => path.join(dist, f))
  .filter((f) => fs.statSync(f).isFile());
const wasm = files.filter((f) => f.endsWith('.wasm'));
if (wasm.length < 1) {
  console.error('budget: no .wasm in dist/');
  process.exit(2);
}

// What the first visit downloads: the page and what it references, then
// every static import of those scripts, transitively. Fonts are excluded by
// the budget's definition (and load lazily via @font-face). Measured apart
// for the Korean front page (index.html) and the English one (en/index.html,
// when the build has it): each loads its own language's words file
// (words/LANG.words, preloaded, src/web/page_words.rs) and never the other's.
const rel = (f) => path.relative(dist, f).split(path.sep).join('/');
const byRel = new Map(files.map((f) => [rel(f), f]));
function firstLoadOf(page) {
  const set = new Set([page]);
  const pageDir = path.dirname(page);
  // The import map and the digests block name files to check them when they
  // are fetched (scripts/trunk-post-build.mjs); they load nothing.
  const html = withoutFetchedDigests(fs.readFileSync(page, 'utf8'));
  for (const [r, f] of byRel) {
    if (!/\.(js|wasm|css|words)$/.test(r)) continue;
    const fromPage = path.relative(pageDir, f).split(path.sep).join('/');
    const refs = [`"/${r}"`, `'/${r}'`, `"./${fromPage}"`, `'./${fromPage}'`, `"${fromPage}"`];
    if (refs.some((ref) => html.includes(ref))) set.add(f);
  }
  const queue = [...set].filter((f) => f.endsWith('.js'));
  while (queue.length) {
    const f = queue.pop();
    const src = fs.readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(?:^|[;\s])(?:import|export)\s*(?:[^'"()]*?\sfrom\s*)?['"]([^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(f), m[1]);
      if (byRel.has(rel(target)) && !set.has(target)) {
        set.add(target);
        if (target.endsWith('.js')) queue.push(target);
      }
    }
  }
  return set;
}
const firstSet = firstLoadOf(path.join(dist, 'index.html'));
const englishIndex = path.join(dist, 'en', 'index.html');
const englishSet = fs.existsSync(englishIndex) ? firstLoadOf(englishIndex) : null;
const transferredOf = (set) => [...set].reduce((sum, f) => sum + gz(fs.readFileSync(f)), 0);
const firstLoad = [...firstSet].sort();
const lazy = files.filter((f) => /\.(js|wasm)$/.test(f) && !firstSet.has(f));
let raw = 0, transferred = 0;
const rows = [];
for (const f of firstLoad) {
  const buf = fs.readFileSync(f);
  raw += buf.length;
  const g = gz(buf);
  transferred += g;
  rows.push(`  ${path.relative(dist, f).padEnd(48)} ${kb(buf.length).padStart(10)} raw ${kb(g).padStart(10)} gzip`);
}
const lazyRows = lazy.map((f) => {
  const buf = fs.readFileSync(f);
  return `  ${path.relative(dist, f).padEnd(48)} ${kb(buf.length).padStart(10)} raw ${kb(gz(buf)).padStart(10)} gzip`;
});
const fonts = files.filter((f) => f.endsWith('.woff2')).reduce((s, f) => s + fs.statSync(f).size, 0);

console.log('first-load files:');
console.log(rows.join('\n'));
console.log('loaded on demand (not first load):');
console.log(lazyRows.length ? lazyRows.join('\n') : '  (none)');
let ok = true;
for (const f of wasm) {
  const buf = fs.readFileSync(f);
  const g = gz(buf);
  const where = firstSet.has(f) ? 'first load' : 'on demand';
  const max = firstSet.has(f) ? SITE_WASM_GZ_MAX : WASM_GZ_MAX;
  console.log(`wasm ${rel(f)} (${where}): ${kb(buf.length)} raw, ${kb(g)} gzip (budget ${kb(max)})`);
  if (g > max) { console.error(`FAIL: wasm ${rel(f)} ${kb(g)} gzip > ${kb(max)}`); ok = false; }
}
if (!wasm.some((f) => firstSet.has(f))) { console.error('FAIL: no .wasm is referenced by index.html'); ok = false; }
console.log(`Korean first load (index.html, fonts excluded): ${kb(transferred)} transferred with gzip, ${kb(raw)} uncompressed (budget ${kb(FIRST_LOAD_MAX)})`);
console.log(`fonts (not counted): ${kb(fonts)}`);

// The pipelines the source page declares (comments are not declarations).
const source = fs.readFileSync(path.join(root, 'index.html'), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
const pipelines = [...source.matchAll(/<link\b[^>]*\bdata-trunk\b[^>]*\brel="rust"[^>]*>/g)]
  .map(([tag]) => /\bdata-bin="([^"]+)"/.exec(tag)?.[1] ?? '(default)');
console.log(`wasm pipelines in index.html: ${pipelines.length} (${pipelines.join(', ')}; budget ${MAX_WASM_PIPELINES})`);
if (pipelines.length > MAX_WASM_PIPELINES) { console.error(`FAIL: ${pipelines.length} wasm pipelines > ${MAX_WASM_PIPELINES}`); ok = false; }
const totalWasm = wasm.reduce((sum, f) => sum + gz(fs.readFileSync(f)), 0);
console.log(`wasm fetched to read every chapter and export one figure: ${kb(totalWasm)} gzip, ${wasm.length} modules (budget ${kb(TOTAL_WASM_GZ_MAX)}, target ${kb(TOTAL_WASM_GZ_TARGET)})`);
if (totalWasm > TOTAL_WASM_GZ_MAX) { console.error(`FAIL: total wasm ${kb(totalWasm)} gzip > ${kb(TOTAL_WASM_GZ_MAX)}`); ok = false; }
else if (totalWasm > TOTAL_WASM_GZ_TARGET) console.log(`over target: total wasm ${kb(totalWasm)} gzip > ${kb(TOTAL_WASM_GZ_TARGET)} (within the limit, ${kb(TOTAL_WASM_GZ_MAX)})`);

if (transferred > FIRST_LOAD_MAX) { console.error(`FAIL: first load ${kb(transferred)} > ${kb(FIRST_LOAD_MAX)}`); ok = false; }

// The words files: each language's first load holds its own and never the other's.
const wordsFiles = files.filter((f) => f.endsWith('.words'));
for (const f of wordsFiles) {
  const buf = fs.readFileSync(f);
  console.log(`words ${rel(f)}: ${kb(buf.length)} raw, ${kb(gz(buf))} gzip`);
}
const wordsIn = (set, lang) => set.has(path.join(dist, 'words', `${lang}.words`));
if (!wordsIn(firstSet, 'ko')) { console.error('FAIL: index.html does not preload words/ko.words'); ok = false; }
if (wordsIn(firstSet, 'en')) { console.error('FAIL: words/en.words is in the Korean first load'); ok = false; }
if (englishSet) {
  const t = transferredOf(englishSet);
  console.log(`English first load (en/index.html, fonts excluded): ${kb(t)} transferred with gzip (budget ${kb(FIRST_LOAD_MAX)})`);
  if (!wordsIn(englishSet, 'en')) { console.error('FAIL: en/index.html does not preload words/en.words'); ok = false; }
  if (wordsIn(englishSet, 'ko')) { console.error('FAIL: words/ko.words is in the English first load'); ok = false; }
  if (t > FIRST_LOAD_MAX) { console.error(`FAIL: English first load ${kb(t)} > ${kb(FIRST_LOAD_MAX)}`); ok = false; }
} else {
  console.log('English first load: no en/index.html in this build');
}
console.log(ok ? 'budget: OK' : 'budget: FAILED');
process.exit(ok ? 0 : 1);
