// What a first-time reader sees at load (issue 38), counted in the page:
// per figure, the controls shown (a slider and its number box are one, a
// radio group is one, a grid of marks is the figure and not a control);
// per page, the tables shown (a table inside a closed <details> is not
// shown) and those wider than the screen; the page's height. Shared by
// e2e/measure-lesson.mjs (a before/after table, run by hand) and
// e2e/tests/lesson_budget.test.mjs (the budgets).
export const CHAPTERS = ['00-intro', 'a1-lease-expiry', 'a2-watchdog', 'a3-fencing', 'a4-conditional-update', 'a5-outage',
  'a6-summary', 'a7-sweeps', 'a8-break-it', 'b1-remember', 'b2-durable', 'b3-outer-transaction', 'b4-fence', 'b5-interrupt',
  'b6-recovery', 'b7-kill-vs-power', 'b8-liveness', 'glossary'];

/** Runs in the page: `{ figures: [{ id, n, names }], tables: [{ where, wide }], height }`. */
export function countAtLoad() {
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && !el.closest('details:not([open]) > :not(summary)') && el.getClientRects().length > 0;
  const isMark = (el) => el.closest('.sweep-grid, .cm-frame, .mark-layer, [role=grid]');
  const figures = [...document.querySelectorAll('main figure.lab-figure, main .hook')].map((f) => {
    const seen = new Set();
    const names = [];
    for (const el of f.querySelectorAll('button, input, select, textarea, summary, a[href]')) {
      if (!shown(el) || isMark(el) || el.type === 'hidden') continue;
      if (el.closest('.mark-tip')) continue;
      // One control: a .ctl group (slider + number), a radio group, a label.
      const group = el.type === 'radio' ? `radio:${el.name}` : el.closest('.ctl, [role=radiogroup], fieldset.choice') || el;
      if (seen.has(group)) continue;
      seen.add(group);
      const text = (el.closest('.ctl')?.querySelector('.ctl-name, label')?.textContent || el.getAttribute('aria-label')
        || el.textContent || el.value || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 24);
      names.push(text);
    }
    return { id: f.id || f.className, n: names.length, names };
  });
  // A crash matrix's grid of marks is a table element, but it is the figure
  // (it scrolls in its own frame), not a table of numbers.
  const tables = [...document.querySelectorAll('main table')].filter((t) => shown(t) && !t.closest('aside.glossary, .glossary-aside, .cm-frame'))
    .map((t) => ({ where: (t.closest('figure, section, details, div[id]')?.id || t.className || t.parentElement.className).slice(0, 40),
      wide: Math.round(t.getBoundingClientRect().width) > innerWidth + 1 }));
  return { figures, tables, height: document.scrollingElement.scrollHeight };
}
