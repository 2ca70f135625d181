//! The words of legends, axis titles and drawn labels of Article A's figures.
//!
//! Declared here once; the Korean table is [`crate::ko::legend`], the English
//! one [`crate::en::legend`].

crate::words! {
    /// Every word of this domain, one field each.
    pub struct LegendWords {
        /// The lane timelines' legend items, in `lab_figures::timeline::LegendItem::ALL`'s order.
        pub timeline: [&'static str; 24],
        /// Article A's closing small multiples (side by side).
        pub side: SideWords,
        /// Article B's stories' legend: processing step, sending step, X and Y
        /// written and voted, blocked, down, no evidence, double-vote evidence.
        pub vote_story: [&'static str; 8],
        /// A capped timeline's note: `{shown}` of `{total}` thread lanes drawn.
        pub lanes_capped: &'static str,
        /// The page's notice of it: `{note}`, and what it does not change.
        pub lanes_capped_notice: &'static str,
        /// The drawn words of Article A's charts (balance, outage, trade-off, latency).
        pub plots: PlotWords,
        /// The drawn words of Article A's timelines.
        pub lanes: LaneWords,
        /// The metric table's column heads beside an Article A figure: run
        /// `{r}` after a variant's `{label}` (empty, or "(c-1) "); in the
        /// metric CSV, column `{header}`'s run `{r}`.
        pub table_run: &'static str,
        pub csv_run: &'static str,
        /// The note under the table when the query is not a preset unchanged.
        pub article_note: &'static str,
        /// A sweep heatmap: the article's own setting's mark, and the colour
        /// scale's unit for over-approval and for throughput.
        pub sweep_article_point: &'static str,
        pub sweep_units: [&'static str; 2],
    }
}

crate::words! {
    /// The drawn words of Article A's timelines (`lab_figures::timeline`).
    pub struct LaneWords {
        /// A wallet's lease lane: `{wallet}`.
        pub lease: &'static str,
        /// A thread's lane: `{worker}`; with the name a story gives it, `{name}`.
        pub worker: &'static str,
        pub worker_named: &'static str,
        /// The balance row's lane, the fence value's lane, the watchdog's lane.
        pub balance: &'static str,
        pub fence: &'static str,
        pub watchdog: &'static str,
        /// The key to row-lock waits; with the number of those ahead drawn in them.
        pub row_wait: &'static str,
        pub row_wait_counted: &'static str,
        /// The balance lane's values at the playhead: `{snapshot}` and `{ledger}` (won).
        pub balance_values: &'static str,
        /// A wallet's lease lane on a narrow drawing (under 520 CSS px), where
        /// the label column is 68 px: `{wallet}`.
        pub lease_narrow: &'static str,
    }
}

crate::words! {
    /// The drawn words of Article A's charts (`lab_figures::plots`).
    pub struct PlotWords {
        /// A time axis's tick: `{s}` seconds (the number already formatted).
        pub seconds: &'static str,
        /// A2's legend: the ledger-computed balance line.
        pub ledger_line: &'static str,
        /// A2's legend: wallet `{wallet}`'s balance snapshot line.
        pub snapshot_line: &'static str,
        /// A2's note at a moment: its head at `{t}` seconds (wallet 0).
        pub note_head: &'static str,
        /// A2's note: the snapshot's `{won}`, the ledger's `{won}`.
        pub note_snapshot: &'static str,
        pub note_ledger: &'static str,
        /// A7's first panel: its title, and its outcomes (approved,
        /// insufficient funds, 503, fencing rejected on read, on write).
        pub responses_title: &'static str,
        pub outcomes: [&'static str; 5],
        /// A7's second panel: its title, and its lockless holds, ownership
        /// overlap pairs and cumulative drift.
        pub hazards_title: &'static str,
        pub hazards: [&'static str; 3],
        /// A7's third panel: its title, and the token counter and fence value.
        pub tokens_title: &'static str,
        pub tokens: [&'static str; 2],
        /// The trade-off chart's key to its dots.
        pub tradeoff_key: &'static str,
        /// The latency chart's axes: latency, cumulative share.
        pub latency_axis: &'static str,
        pub share_axis: &'static str,
    }
}

crate::words! {
    /// The words of Article A's closing small multiples (`lab_figures::side_by_side`).
    pub struct SideWords {
        /// How many panels, one to ten, as a count before a noun.
        pub counts: [&'static str; 10],
        /// The caption: the panels' `{labels}`, their `{count}`.
        pub caption: &'static str,
        /// The panels together: `{count}`.
        pub panels: &'static str,
        /// The panels' region, with its keys: `{count}`.
        pub region_label: &'static str,
        /// A panel's numbers: `{approved}`, `{balance}`, `{ledger}` (won).
        pub numbers: &'static str,
        /// A panel's canvas: `{label}`, `{wallet}`.
        pub canvas_label: &'static str,
        /// The one player: `{panels}`.
        pub player_label: &'static str,
        /// One event back: its label, its button.
        pub back_label: &'static str,
        pub back: &'static str,
        /// One event forward: its label, its button.
        pub forward_label: &'static str,
        pub forward: &'static str,
        /// The shared time slider: `{panels}`.
        pub time: &'static str,
    }
}

impl SideWords {
    /// `n` as a count before a noun (the number itself past ten).
    pub fn count(&self, n: usize) -> String {
        n.checked_sub(1).and_then(|i| self.counts.get(i)).map_or_else(|| n.to_string(), |w| w.to_string())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Lang, Words};

    #[test]
    fn english_counts_its_panels_and_capped_lanes() {
        let w = Words::of(Lang::En);
        assert_eq!(w.legend.side.count(5), "five");
        let note = w.fill(w.legend.lanes_capped, &[("total", "64"), ("shown", "24")]);
        assert_eq!(
            w.fill(w.legend.lanes_capped_notice, &[("note", &note)]),
            "Drawing cap: only the first 24 of 64 thread lanes are drawn. The table and the metrics count every thread."
        );
    }
}
