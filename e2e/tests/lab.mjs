// Lesson mode (issue 38): a figure shows its lesson's few controls at load
// and keeps the rest in its lab, behind one button. Tests that use a
// setting, the player's tools, the results table or the files open it first.

/** Opens the lab of the figure `fig` (a selector, `#lease-expiry`) unless it is open. */
export async function openLab(page, fig) {
  const toggle = page.locator(`${fig} .lab-toggle`).first();
  // An embed keeps its own compact layout, with no lab.
  if (await toggle.count() === 0) return;
  if (await toggle.getAttribute('aria-expanded') !== 'true') await toggle.click();
  await page.locator(`${fig} .lab-panel:not([hidden])`).first().waitFor();
}

/**
 * Puts every lock-lease timeline of the page at its window's end, as a
 * reader who played each run through sees it (a lesson opens at the start
 * of its run, with nothing drawn yet): through each figure's lab, closed again.
 */
export async function playTimelinesToEnd(page) {
  const ids = await page.$$eval('figure.lab-figure', (fs) => fs.filter((f) => f.querySelector('.lesson-bar .next-mark')).map((f) => f.id));
  for (const id of ids) {
    await openLab(page, `#${id}`);
    const scrub = page.locator(`#${id} .lab-panel .scrub`);
    await scrub.fill(await scrub.getAttribute('max'));
    await page.waitForFunction((sel) => { const s = document.querySelector(sel); return s.value === s.max; }, `#${id} .lab-panel .scrub`);
    await page.locator(`#${id} .lab-toggle`).click();
  }
}

/**
 * Opens the figure's lab and its results table: a lesson's timeline opens at
 * the start of its run, where the results wait for "결과 보기".
 */
export async function showResults(page, fig) {
  await openLab(page, fig);
  const reveal = page.locator(`${fig} .results-reveal`);
  if (await reveal.count() > 0 && await reveal.first().isVisible()) await reveal.first().click();
  await page.locator(`${fig} table.metrics`).first().waitFor();
}
