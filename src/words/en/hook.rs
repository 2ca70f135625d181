//! The English words of the front page's question and its outcome (lab_figures::hook).

use crate::hook::HookWords;

/// The English table.
pub const HOOK: HookWords = HookWords {
    question: "One lock guards one wallet. What happens if the thread holding the lock pauses for a moment?",
    canvas_label: "Lease timeline of one wallet and two threads: while the first thread is paused, its lease expires and the second thread takes the lock.",
    invitation: "Play, or drag the time bar, to see what the two threads write.",
    thread: "Thread {n}",
    won: "{n} won",
    asking: "{stopped} is still paused, but its lease has ended (✕). What will {waiting}, which was waiting, do? How much will each write to the balance?",
    same_read: "both read {read}, and ",
    same_wrote: "{a} and {b} {read}both wrote {value}.",
    different_wrote: "{a} wrote {v1}, {b} wrote {v2}.",
    lost_row: "{payments} {payments?payment/payments}: by the ledger the balance should be {ledger}, but it is {balance}. {lost} {lost?debit/debits} vanished.",
    kept_row: "{payments} {payments?payment/payments}, and the balance is {balance}, as the ledger says.",
    outcome: "{wrote} {row}",
    legend_label: "Legend",
    resume: "▶ Continue",
    time: "Time",
};
