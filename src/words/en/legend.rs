//! The English words of legends, axis titles and drawn labels of Article A's figures.

use crate::legend::{LegendWords, SideWords};

/// The English table.
pub const LEGEND: LegendWords = LegendWords {
    timeline: [
        "hold (approved)",
        "hold (insufficient balance)",
        "hold (refused by fencing)",
        "section without a lock",
        "hold (no lock-server answer, etc.)",
        "lease on the server (token)",
        "lease renewed",
        "lease expired (server)",
        "ownership overlap",
        "row-lock wait",
        "balance read",
        "write",
        "write that put back an old value",
        "released normally",
        "STOLEN at release",
        "already expired at release",
        "lock-server error at release",
        "watchdog renewal",
        "watchdog sees the lease lost",
        "balance",
        "ledger total",
        "fence changed",
        "process stopped",
        "lock-server outage",
    ],
    lanes_capped: "Drawing cap: only the first {shown} of {total} thread lanes are drawn.",
    lanes_capped_notice: "{note} The table and the metrics count every thread.",
    side: SideWords {
        counts: ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
        caption: "Side by side: {labels}, under the same seed and the same pauses, wallet 0 alone, played on one clock. Move the player and all {count} figures move together.",
        panels: "the {count} figures",
        region_label: "{count} variants side by side (Space: play/pause, ←/→: one event)",
        numbers: "{approved} approved · balance {balance} won · ledger {ledger} won",
        canvas_label: "{label} wallet {wallet} timeline",
        player_label: "Shared player of {panels}",
        back_label: "One event back",
        back: "◀ One event",
        forward_label: "One event forward",
        forward: "One event ▶",
        time: "Time (shared by {panels})",
    },
};
