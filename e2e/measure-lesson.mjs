// A measuring script, run by hand (not a test): for every chapter at
// 390×844 (touch) and 1280×900, the controls each figure shows at load, the
// tables the page shows at load and its height (e2e/lesson-count.mjs).
// `DIST=dir` measures another build (an older commit's, for a before/after
// table); `OUT=file` writes the rows as JSON; `NAMES=1` lists each control.
//   node e2e/measure-lesson.mjs
import fs from 'node:fs';
import { serve, launch, ready } from './tests/helpers.mjs';
import { CHAPTERS, countAtLoad } from './lesson-count.mjs';

const SIZES = [
  { name: '390', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: '1280', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
];
const server = await serve(process.env.DIST ? { dir: process.env.DIST } : {});
const browser = await launch();
const out = [];
for (const size of SIZES) {
  const context = await browser.newContext({ ...size, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  for (const ch of CHAPTERS) {
    await page.goto(`${server.base}?ch=${ch}`);
    await ready(page);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) { scrollTo(0, y); await new Promise((r) => setTimeout(r, 40)); }
      scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    const c = await page.evaluate(countAtLoad);
    out.push({ size: size.name, ch, ...c });
    const figs = c.figures.map((f) => `${f.id}:${f.n}`).join(' ');
    console.log(`${size.name}\t${ch}\tcontrols ${figs}\ttables ${c.tables.length}${c.tables.some((t) => t.wide) ? ` (${c.tables.filter((t) => t.wide).length} wide)` : ''}\theight ${c.height}`);
    if (process.env.NAMES) for (const f of c.figures) console.log(`\t${f.id}: ${f.names.join(' | ')}`);
  }
  await context.close();
}
await browser.close();
await server.close();
if (process.env.OUT) fs.writeFileSync(process.env.OUT, JSON.stringify(out, null, 1));
