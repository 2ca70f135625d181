//! Figure B2's grid: the crash-point matrix's rows aligned by event name
//! (columns in pipeline order), its JSON for the page, and its text
//! alternative in the words of the language asked.

use serde::{Deserialize, Serialize};

use lab_model::json::push_string;
use lab_sim::vote::{column_rank, CrashRow, FaultKind, Variant, Verdict};
use lab_words::Words;

/// One half-cell: a variant × event name × fault, aggregated over the
/// positions (hidden branches) that share the event name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HalfCell {
    pub fault: FaultKind,
    pub verdict: Verdict,
    pub subcuts: u32,
    pub unsafe_subcuts: u32,
    /// The position replayed when the cell is opened: the first one with the worst verdict.
    pub cut: u32,
    /// How many chain positions (branches) share this event name.
    pub positions: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridRow {
    pub variant: Variant,
    /// One entry per column: `None` when the variant has no such event; else (kill, power).
    pub cells: Vec<Option<[HalfCell; 2]>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatrixGrid {
    /// Event names, ordered so each variant's events read left to right.
    pub events: Vec<String>,
    pub rows: Vec<GridRow>,
}

/// Aligns the rows of `matrix(...)` by event name (figure B2's grid).
pub fn matrix_grid(rows: &[CrashRow]) -> MatrixGrid {
    let mut variants: Vec<Variant> = Vec::new();
    for r in rows {
        if !variants.contains(&r.variant) {
            variants.push(r.variant);
        }
    }
    // Column order: a canonical rank per event name (the pipeline's order),
    // the conflicting action's "(Y)" events after the first action's; unknown
    // names keep their first-seen order at the end.
    let mut events: Vec<String> = Vec::new();
    for r in rows.iter().filter(|r| r.fault == FaultKind::Kill) {
        if !events.contains(&r.after) {
            events.push(r.after.clone());
        }
    }
    lab_sim::core::sort_by_key(&mut events, |e| column_rank(e));
    let grid_rows = variants
        .iter()
        .map(|&v| {
            let cells = events
                .iter()
                .map(|name| {
                    let half = |fault: FaultKind| -> Option<HalfCell> {
                        let mut cell: Option<HalfCell> = None;
                        for r in rows.iter().filter(|r| r.variant == v && r.fault == fault && r.after == *name) {
                            match &mut cell {
                                None => {
                                    cell = Some(HalfCell {
                                        fault,
                                        verdict: r.verdict,
                                        subcuts: r.subcuts,
                                        unsafe_subcuts: r.unsafe_subcuts,
                                        cut: r.cut,
                                        positions: 1,
                                    })
                                }
                                Some(c) => {
                                    if r.verdict > c.verdict {
                                        c.verdict = r.verdict;
                                        c.cut = r.cut;
                                    }
                                    c.subcuts += r.subcuts;
                                    c.unsafe_subcuts += r.unsafe_subcuts;
                                    c.positions += 1;
                                }
                            }
                        }
                        cell
                    };
                    match (half(FaultKind::Kill), half(FaultKind::Power)) {
                        (Some(k), Some(p)) => Some([k, p]),
                        _ => None,
                    }
                })
                .collect();
            GridRow { variant: v, cells }
        })
        .collect();
    MatrixGrid { events, rows: grid_rows }
}

/// The rows as JSON, with the field names and value spellings of
/// `CrashRow`'s serde form (what `lab crashpoints --format json` prints).
/// Written by hand to keep serde_json out of the wasm; the end-to-end test
/// compares the parsed result with the CLI's output, so a drift fails loudly.
pub fn rows_json(rows: &[CrashRow]) -> String {
    let mut out = String::with_capacity(rows.len() * 180);
    out.push('[');
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"variant\":");
        push_string(&mut out, r.variant.code());
        out.push_str(",\"profile\":");
        push_string(&mut out, r.profile.key());
        out.push_str(if r.device_honours_sync {
            ",\"device_honours_sync\":true"
        } else {
            ",\"device_honours_sync\":false"
        });
        out.push_str(",\"fault\":");
        push_string(&mut out, r.fault.key());
        out.push_str(&format!(",\"cut\":{}", r.cut));
        out.push_str(",\"after\":");
        push_string(&mut out, &r.after);
        out.push_str(",\"verdict\":");
        push_string(&mut out, r.verdict.key());
        out.push_str(&format!(",\"subcuts\":{},\"unsafe_subcuts\":{}", r.subcuts, r.unsafe_subcuts));
        out.push_str(",\"branch\":");
        push_string(&mut out, &r.branch);
        out.push('}');
    }
    out.push(']');
    out
}

/// A summary of the matrix in `w`'s words (the figure's text alternative).
pub fn describe_matrix(grid: &MatrixGrid, w: &Words) -> String {
    let m = &w.vote.matrix;
    let mut parts = Vec::new();
    for row in &grid.rows {
        let mut kill_unsafe = Vec::new();
        let mut power_unsafe = Vec::new();
        let mut fenced = 0;
        for (i, cell) in row.cells.iter().enumerate() {
            if let Some([k, p]) = cell {
                if k.verdict == Verdict::Unsafe {
                    kill_unsafe.push(grid.events[i].clone());
                }
                if p.verdict == Verdict::Unsafe {
                    power_unsafe.push(grid.events[i].clone());
                }
                if k.verdict == Verdict::Fenced || p.verdict == Verdict::Fenced {
                    fenced += 1;
                }
            }
        }
        let mut s = w.fill(
            m.row,
            &[("variant", lab_words::catalogue::vote_variant(w, row.variant)), ("code", row.variant.code())],
        );
        if kill_unsafe.is_empty() && power_unsafe.is_empty() {
            s.push_str(m.no_danger);
        } else {
            let from = |first: Option<&String>| first.map(|e| w.fill(m.from, &[("event", e)])).unwrap_or_default();
            s.push_str(&w.fill(
                m.danger,
                &[
                    ("kill", &kill_unsafe.len().to_string()),
                    ("kill_from", &from(kill_unsafe.first())),
                    ("power", &power_unsafe.len().to_string()),
                    ("power_from", &from(power_unsafe.first())),
                ],
            ));
        }
        if fenced > 0 {
            s.push_str(&w.fill(m.fenced, &[("n", &fenced.to_string())]));
        }
        parts.push(s);
    }
    w.fill(m.whole, &[("rows", &grid.rows.len().to_string()), ("parts", &parts.join("; "))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::vote::{matrix, StoreProfile};

    #[test]
    fn rows_json_equals_serde_json() {
        for profile in StoreProfile::ALL {
            for device in [true, false] {
                let rows = matrix(profile, device);
                let ours: serde_json::Value = serde_json::from_str(&rows_json(&rows)).expect("valid JSON");
                let theirs = serde_json::to_value(&rows).expect("rows serialize");
                assert_eq!(ours, theirs, "{profile:?} {device}");
            }
        }
    }

    #[test]
    fn grid_has_every_variant_and_every_row() {
        let rows = matrix(StoreProfile::H2Like, true);
        let grid = matrix_grid(&rows);
        assert_eq!(grid.rows.len(), 12);
        assert_eq!(grid.events.first().map(String::as_str), Some("START"));
        let positions: u32 = grid.rows.iter().flat_map(|r| r.cells.iter().flatten()).map(|c| c[0].positions).sum();
        assert_eq!(positions as usize * 2, rows.len(), "every row lands in exactly one cell");
        let v0 = grid.rows.iter().find(|r| r.variant == Variant::V0).unwrap();
        assert!(v0.cells.iter().flatten().all(|c| c.iter().all(|h| h.verdict == Verdict::Safe)));
        let v1 = grid.rows.iter().find(|r| r.variant == Variant::V1).unwrap();
        let send_b = grid.events.iter().position(|e| e == "SEND_B").unwrap();
        assert_eq!(v1.cells[send_b].as_ref().unwrap()[0].verdict, Verdict::Unsafe);
    }
}

/// Figure B2 as the page shows it, as plain data: the lazily loaded
/// `figures` module (src/bin/figures.rs) computes it and hands the site's
/// component this (postcard bytes) to render as a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatrixView {
    pub grid: MatrixGrid,
    /// [`rows_json`] of the rows (the page's `data-matrix-json`).
    pub rows_json: String,
    /// [`describe_matrix`] of the grid.
    pub description: String,
    /// How many cases (rows of `matrix`) the grid aggregates.
    pub cases: u32,
}

/// Computes figure B2 for `profile` and whether the device honours sync,
/// described in `words`.
pub fn matrix_view_in(profile: lab_sim::vote::StoreProfile, device_honours_sync: bool, words: &Words) -> MatrixView {
    let rows = lab_sim::vote::matrix(profile, device_honours_sync);
    let grid = matrix_grid(&rows);
    let description = describe_matrix(&grid, words);
    MatrixView { rows_json: rows_json(&rows), description, cases: rows.len() as u32, grid }
}

/// [`matrix_view_in`] in the edition's words (the compiled-in Korean
/// table): kept for the callers that do not pass their words yet (issue 42
/// moves them to [`matrix_view_in`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn matrix_view(profile: lab_sim::vote::StoreProfile, device_honours_sync: bool) -> MatrixView {
    matrix_view_in(profile, device_honours_sync, &lab_words::ko::WORDS)
}
