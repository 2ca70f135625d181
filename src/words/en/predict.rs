//! The English words of the predictions: questions, choices, reasons, answers.

use crate::predict::{Ask2, Ask3, AskVerdict, PredictPageWords, PredictWords};

/// The English table.
pub const PREDICT: PredictWords = PredictWords {
    a1_default: Ask3 {
        question: "With a 200 ms TTL and 300–500 ms pauses for 60 s, how many payments are approved, when the balances allow 240?",
        choices: ["240 or fewer: the lock holds", "241–400", "More than 400"],
        why: "The pause is always longer than the TTL, so the lease runs out every time the thread holding the lock is paused. Each time, a waiting thread takes the lock, reads the same balance again, and two threads approve payments with the same money. Four threads per wallet take turns doing this, so approvals go far past the 240 the balances allow.",
    },
    a1_ttl600: Ask3 {
        question: "If the TTL goes up to 600 ms, how many payments are approved?",
        choices: ["240 or fewer (what the balances allow)", "241–400", "More than 400"],
        why: "A pause lasts at most 500 ms, so a 600 ms lease never expires mid-work. With no expiry, no other thread gets a chance to take the lock, the same balance is never read twice, and approvals stop at what the balances allow.",
    },
    a2_stop120: Ask3 {
        question: "If the process stop is cut to 120 ms, how many ownership-overlap pairs are there?",
        choices: ["0 pairs", "1–50 pairs", "More than 50 pairs"],
        why: "The watchdog extends the lease every third of the TTL, so after the last extension before the stop the lease still has at least the TTL minus the extension interval left. A stop shorter than that does not let the lease expire, and no other thread can take the lock.",
    },
    a3_pause100: Ask3 {
        question: "If the pause range widens to 100–500 ms, how many writes does c-1's fencing reject?",
        choices: ["0", "1–99", "100 or more"],
        why: "With pauses as short as 100 ms, the new owner that took the lock later sometimes writes before the old owner. The fence value has then already moved to the new token, so the old token's late write is rejected. The old owner still gets through when it writes first, so over-approval remains.",
    },
    a4_threads32: Ask3 {
        question: "With 32 threads, how many over-approvals does the conditional UPDATE make?",
        choices: ["0", "1–100", "More than 100"],
        why: "The conditional UPDATE does \"take 1,000 won only if the balance is at least 1,000 won\" in one statement. However much the critical sections overlap, the row lock lines the deductions up one by one, so once the balance runs short the UPDATE changes no row and the payment is declined.",
    },
    a5_closed: Ask3 {
        question: "Switched to fail-closed, how many over-approvals (approvals past the 240 the balances allow) happen in 60 s?",
        choices: ["0", "1–100", "More than 100"],
        why: "Fail-closed only answers 503 to payments during the 20 s the lock server is down. In the other 40 s, while it is up, the path of Experiment 1 (read → pause → unconditional UPDATE) runs as before, and the lost updates from leases ending during a pause happen as before. So the over-approvals stay as in Experiment 1.",
    },
    a6_long_pause: Ask3 {
        question: "If the pauses grow to 1–2 s, how many over-approvals does (d), the conditional UPDATE, make?",
        choices: ["0", "1–100", "More than 100"],
        why: "(d) does not rely on the lock: it checks the balance and deducts in one UPDATE. Longer pauses lower the throughput, but taking more than the balance does not happen, however long the pause.",
    },
    a7_long_ttl: Ask3 {
        question: "In the cell with a 1,000 ms TTL and a 100 ms pause ceiling, what is the mean over-approval?",
        choices: ["0", "More than 0, up to 10", "More than 10"],
        why: "When the pause is shorter than the lease, the lease never expires mid-work. With no expiry, no other thread gets a chance to take the lock, and the same balance is never read twice. That is why the whole side of the map where the TTL comfortably exceeds the pause ceiling has one color.",
    },
    b1_store_first: AskVerdict {
        question: "Keep the crash point and switch the order to \"persist, then broadcast\": how does the story end?",
        why: "At this crash point A stops right after writing the record, before the commit. No record survives, and A, restarted, signs Y and sends it. It is still safe because with persist-then-broadcast, X never leaves the node before the store completes. The network never saw X, so B, C and D hold only one signature of A's: Y.",
    },
    b2_lying_device: Ask2 {
        question: "If the device ignores sync, how many cells of row V0 (persist, then broadcast) allow a double vote on a power loss?",
        choices: ["None (0 cells): persist-then-broadcast is always safe", "Some (1 cell or more)"],
        why: "Persist-then-broadcast trusts the answer \"stored\" and sends the vote. When the device ignores sync, that answer is a lie: the record is still in the device's cache. When the power goes, the record is gone, and A, restarted, does not remember the vote it already sent. A process kill does not touch the device's cache, so that row stays as it was.",
    },
    b3_rollback: AskVerdict {
        question: "If the outer transaction rolls back (no crash), how does the top panel's story, the implementation that joins it, end?",
        why: "In the implementation that joins, the record stays tied to the outer transaction even after the save call returns success. The vote has already gone out; when the outer transaction rolls back, the record goes with it. A's storage has lost a vote the network saw, so when A restarts some day, nothing stops it.",
    },
    b4_fence: AskVerdict {
        question: "With the handling that fences the store after the sync returns an error (no crash), how does the story end?",
        why: "After a sync error, nobody knows whether the record reached the disk. Fencing the store, A signs nothing more in that state and stops itself, so there is no double vote, but A drops out of the vote.",
    },
    b5_as_success: AskVerdict {
        question: "Keep the crash point and pick \"interrupt: treat as success\": how does the story end?",
        why: "Treated as success, the save function returns success before the sync finishes, and the engine sends X to B, C and D at once. X's record is still in the OS cache then. When the power goes after the third send, that record is gone too, and A, restarted, believes it never signed X, so it signs Y and sends it.",
    },
    b6_after_send: AskVerdict {
        question: "Move the crash point after the first send (a kill once B has received X): how does the story end?",
        why: "X's record was on disk before the first send, so A restores it on restart. A refuses the request to sign Y, which conflicts with that record, and sends the stored X message again, with the same bytes and the same signature. B just receives the same vote twice, so no evidence arises.",
    },
    b7_power: Ask3 {
        question: "If the power goes instead of the process being killed, how many of A's safety records at that moment are lost?",
        choices: ["0: every record reported stored survives", "1–4", "5 or more"],
        why: "When a process dies, only its memory and its transactions are gone; records handed to the OS cache are written to disk later by the OS. When the power goes, the OS cache goes too. This figure's storage has the OS write to disk only after 3 s, so most recent records are still in the OS cache.",
    },
    b8_two_blocked: Ask2 {
        question: "If two of the four validators stop, how many transactions submitted after the fault are finalized?",
        choices: ["None is finalized", "Some or all are finalized"],
        why: "A block is finalized when three or more of the four sign it. With two stopped, the other two cannot reach that number, so consensus halts safely and no new transaction is finalized. With one node stopped, the remaining three were enough.",
    },
    verdict_choices: [
        "One of B, C and D holds evidence of A's double vote",
        "No double vote, but A stops or the network loses a record it saw",
        "Safe: no evidence of a double vote, no lost record",
    ],
    static_note: "With JavaScript on, you can pick an answer and run the figure in that state to check it.",
    matrix_row: "Unsafe cells in row {variant}",
    matrix_cells: "{n} {n?cell/cells}",
    sweep_row: "Mean {metric}",
    sweep_column: "{x_name} {x}, {y_name} {y}",
    page: PredictPageWords {
        guess: "Your guess",
        result: "Result",
        running: "Running the simulation…",
        simulation: "Simulation: ",
        right: "Your guess was right.",
        wrong: "Not what you guessed.",
        right_answer: "Right answer: {choice}. {verdict}",
        go: "Run the figure in this state to check",
        pick_first: "Pick an answer first.",
        no_answer: "This figure has no such answer.",
        no_metric: "This state has no value for that metric.",
        back: "Back to the question",
        echo_lead: "The figure below shows the answer.",
        compute_failed: "Could not compute the figure ({error}).",
        not_found: "No question {id} was found.",
    },
};
