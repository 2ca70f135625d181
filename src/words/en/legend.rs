//! The English words of legends, axis titles and drawn labels of Article A's figures.

use crate::legend::LegendWords;

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
};
