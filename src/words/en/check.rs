//! The English words of `lab check` and the break-it figure: actions, why not, lanes, verdicts, Article B's smallest crashes.

use crate::check::vote::CrashWords;
use crate::check::{ActionWords, BreakItWords, CheckWords, ReportWords, SessionNoticeWords, SessionWords};

/// The English table.
pub const CHECK: CheckWords = CheckWords {
    property_names: ["over-approval", "drift (snapshot ≠ ledger)", "lost update", "stale-token write"],
    property_rules: [
        "approvals ≤ what the balance allows",
        "balance snapshot = the balance the ledger gives",
        "no commit overwrites a value it did not read",
        "once the database has accepted a newer token, no write with an older token passes",
    ],
    broke_headlines: [
        "Double approval!",
        "The balance and the ledger disagree!",
        "Lost update!",
        "A stale-token write got through!",
    ],
    report: REPORT,
    actions: ACTIONS,
    session: SESSION,
    notices: NOTICES,
    vote: VOTE,
    break_it: BREAK_IT,
};

const REPORT: ReportWords = ReportWords {
    verdict_unsafe: "broken",
    verdict_safe: "safe: every state checked",
    verdict_not_within: "not broken within the depth bound",
    title: "lab check: every order of a small world",
    world_line: "One wallet (its balance covers {balance} {balance?payment/payments} of {amount} won), \
         {threads} payment {threads?thread/threads} ({requests} {requests?payment/payments} each, one after the other), \
         one lock server, a READ COMMITTED database. Depth bound: {depth} steps.",
    no_stalls: "This time no thread stalls past its lease: a lease ends early only through a process stop or the lock server's death.",
    head_variant: "variant",
    head_verdict: "verdict",
    head_states: "states",
    head_depth: "depth",
    head_smallest: "smallest counterexample (steps)",
    head_properties: "properties broken",
    schedule_heading: "shortest counterexample, {steps} {steps?step/steps}",
    breaks: "Breaks: {properties}",
    stuck: "states where a thread can never finish:",
    assumptions: "What this world assumes: it looks at order, not time. A lease expires only when the adversary says so \
     and nothing renews it (the watchdog renews it in time as long as the process runs). Statements waiting on a row \
     lock may go in any order once the lock is released (looser than FIFO). The lock server dies at most once and comes \
     back empty.",
    replay_heading: "The shortest counterexample, run again in the simulation (lab-sim)",
    script_heading: "The given order, run in the checker and in the simulation",
    script_breaks: "Properties it breaks in the checker's world: {properties}",
    nothing_broken: "none",
    replay_title: "replay of the shortest counterexample",
    replay_counts: "What the simulation counted: {approvals} {approvals?approval/approvals} ({possible} allowed by the balance), \
         {over} {over?over-approval/over-approvals}, snapshot − ledger drift of {drift} won",
    replay_lost_updates: ", {n} lost-update {n?pair/pairs}",
    replay_stale_writes: ", {n} stale-token {n?write/writes}",
    replay_end: ".",
    replay_written: "Wrote this run to `{path}`.",
};

const ACTIONS: ActionWords = ActionWords {
    acquire: "{who} takes the lock (SET NX PX): token {token}.",
    unavailable: "{who} cannot reach the lock server and ends with a 503 (fail-closed).",
    lockless: "{who} cannot reach the lock server and goes on without the lock (fail-open).",
    read: "{who} reads a balance of {money} won.",
    stamp_passed: "{who} stamps the fence with token {token} in its read transaction (stored {stored} < {token}).",
    stamp_refused: "{who}'s fence stamp is refused (stored {stored} ≥ its token {token}).",
    read_share: "{who} reads a balance of {money} won FOR SHARE.",
    commit_read: "{who} commits its read transaction: fence = {fence}.",
    compute_approve: "{who} computes: {money} won ≥ {amount} won, so it charges.",
    compute_decline: "{who} computes: {money} won < {amount} won, so it declines for lack of balance.",
    fence_advance_passed: "{who} checks the fence just before writing: stored {stored} < its token {token}, so it passes and raises the fence to {token}.",
    fence_advance_refused: "{who} checks the fence just before writing: stored {stored} ≥ its token {token}, so it is refused.",
    fence_equal_passed: "{who} checks the fence just before writing: stored {stored} = its token {token}, so it passes.",
    fence_equal_refused: "{who} checks the fence just before writing: stored {stored} ≠ its token {token}, so it is refused.",
    update_set: "{who} writes the balance it read earlier, {money} won (an unconditional UPDATE).",
    update_if_matched: "{who}'s conditional UPDATE takes {amount} won off a balance of {money} won.",
    update_if_zero: "{who}'s conditional UPDATE matches 0 rows: balance {money} won < {amount} won.",
    decrement: "{who}'s UPDATE takes {amount} won off a balance of {money} won, with no condition.",
    insert: "{who} inserts −{amount} won into the ledger.",
    commit: "{who} commits: balance {money} won, {approvals} {approvals?approval/approvals}.",
    rollback: "{who} rolls back.",
    release_released: "{who} releases the lock: RELEASED.",
    release_stolen: "{who} goes to release the lock and finds another token: STOLEN (not deleted).",
    release_expired: "{who} goes to release the lock, but the key is already gone: EXPIRED.",
    release_error: "{who} goes to release the lock, but the lock server is down: error.",
    stall: "While {holder} is paused (GC, a delay), its lease (token {token}) expires. {holder} still believes it holds the lock.",
    process_stop: "The process stops (SIGSTOP). The watchdog stops with it, so {holder}'s lease (token {token}) expires.",
    kill: "The lock server dies: the lock key and the token counter are gone.",
    restart: "The lock server comes back empty: tokens start from 1 again.",
};

const SESSION: SessionWords = SessionWords {
    safe_verdict: "Checked all {states} states of this world: no order breaks it.",
    choice_thread: "{who} ▸ {statement}",
    do_request: "call the lock server",
    do_acquire: "take the lock",
    do_read: "read the balance",
    do_stamp: "stamp the fence",
    do_read_share: "read the balance (FOR SHARE)",
    do_commit_read: "commit the read",
    do_compute: "compute",
    do_write_fence: "check the fence",
    do_update_set: "write the balance (UPDATE)",
    do_update_if: "conditional UPDATE",
    do_decrement: "UPDATE",
    do_insert: "write to the ledger",
    do_commit: "commit",
    do_rollback: "roll back",
    do_release: "release the lock",
    do_done: "done",
    choice_stall: "pause {who} (lease expires)",
    choice_stall_any: "pause the lock holder (lease expires)",
    choice_process_stop: "stop the process (lease expires)",
    choice_kill: "kill the lock server",
    choice_restart: "restart the lock server",
    done: "Finished its payment.",
    wait_holder: "Waits: {who} holds the lock (SET NX refused).",
    wait_key: "Waits: the lock key is still there.",
    wait_fence_row: "Waits: another transaction holds the fence row's lock.",
    wait_balance_row: "Waits: another transaction holds the balance row's lock.",
    cannot_move: "Cannot move right now.",
    no_holder: "No thread holds the lock.",
    watchdog_renews: "The watchdog renews the lease in time: a paused thread's lease does not end.",
    lease_not_this_way: "In this design a lease does not end this way.",
    server_already_down: "The lock server is already down.",
    server_dies_once: "In this world the lock server dies only once.",
    server_up: "The lock server is up.",
    holding: "holds the lock with token {token}",
    lease_over: "its lease (token {token}) has ended, and it does not know",
    no_lock: "no lock",
    lockless: "going on without the lock",
    read_balance: "read a balance of {money} won",
    pending: "uncommitted write: balance {money} won",
    lock_server: "lock server",
    db_balance: "DB balance",
    ledger: "ledger approvals",
    fence: "fence",
    server_down: "down",
    key_held: "lock:w = token {token} ({who})",
    key: "lock:w = token {token}",
    no_key: "no lock:w",
    key_counter: "{key} · token counter {counter}",
    money: "{money} won",
    approvals: "{debits} (the balance allows {allowed})",
};

const NOTICES: SessionNoticeWords = SessionNoticeWords {
    unknown_variant: "The address names an unknown design (‘{given}’): ignored, opening (a) the basic lock.",
    threads_clamped: "The address's thread count (‘{given}’) is outside 2–3: set to {threads}.",
    threads_ignored: "The address's thread count (‘{given}’) is not a number: ignored, opening with {threads}.",
    schedule_malformed: "Character {at} of the address's order (‘{given}’) is not a step: the whole order was ignored.",
    schedule_cut:
        "Step {step} of the address's order cannot be taken at that point: replayed up to the step before it.",
    schedule_too_long: "The address's order is longer than {max} steps: replayed its first {max} steps.",
};

const VOTE: CrashWords = CrashWords {
    title: "Article B: the earliest point one fault breaks",
    head_variant: "variant",
    head_verdict: "verdict",
    head_checked: "crash points checked",
    head_earliest: "earliest failure (steps)",
    head_fault: "fault",
    verdict_unsafe: "broken: a double vote is possible",
    verdict_safe: "safe: every crash point checked",
    nothing_done: "Before any step.",
    assumptions: "A crash point is a place between two pipeline steps paired with a fault (a process kill or a power \
         loss). At each point we look at every order in which the background writer, the OS's writes and the store steps \
         that go on after an interrupt can interleave; if any of them has the restarted A sign a value other than the vote \
         it already sent, the point fails (figure B2's red cells). The simulation's rerun takes the order in which no \
         background work has happened yet.",
    faults_join: " / ",
    profiles: ["H2-like (commit → store queue)", "OS cache at commit", "synchronous WAL (commit = disk)"],
    layout_append: "an append-only log of signing records",
    layout_last_row: "one row holding the last signing state, overwritten",
    sync_honoured: "honors sync",
    sync_maybe: "may not honor sync",
    trust_not: "not trusted",
    trust_yes: "trusted",
    options_line: "For each variant, A's one prevote for X at height {height}, {round}, is cut between its pipeline steps. \
         Store: {profile}; the device {sync}; {layout}; a 'success' after a sync error is {trust}. These are the \
         settings figure B2 (the crash-point map) opens with.",
    earliest: "after {depth} {depth?step/steps}: {name} (`{after}`)",
    heading: "earliest failure, {faults} after {depth} {depth?step/steps}",
    true_states: ["is only in the OS cache", "has reached the disk", "was dropped by the OS"],
    hidden_unknown: "unknown",
    committed_to: ["the store queue (the DB process's memory)", "the OS cache", "the disk (synchronous WAL)"],
    step_outer_begin: "The caller opens the outer transaction.",
    step_sign_conflicting: "A takes the earlier X as failed and signs a prevote for Y at the same height and round.",
    step_sign: "A signs a prevote for X.",
    step_write_refused: "The safety store refuses a write that joins the outer transaction: no signature goes out.",
    step_write_outer: "The signing record (X) is written inside the outer transaction: nothing of it remains until the outer one commits.",
    step_write: "The signing record ({value}) is written in a transaction: not committed yet.",
    step_commit: "{value}'s record is committed: it is now in {place}.",
    step_sync_call: "The sync SQL is called: only what was in the OS cache goes to disk, and the store queue is not waited for.",
    step_drain: "The store queue drains: {value}'s record goes down to the OS cache.",
    step_fsync_untrusted: "The file sync of {value} returns 'success', but after the earlier error it cannot be trusted: in fact the record {hidden}.",
    step_fsync: "The file is synced (fsync): {value}'s record reaches the disk.",
    step_fsync_error: "The file sync fails: how far the record got cannot be known; in this case, in fact, it {hidden}.",
    step_fenced: "The safety store is fenced: no signature goes out any more.",
    step_new_engine: "A new engine reopens the same store: inside the process the committed X is visible, so it sends X again.",
    step_send: "A sends its vote for {value} to {to}.",
    step_outer_commit: "The outer transaction commits: the record is now in {place}.",
    step_outer_rollback: "The outer transaction rolls back: the record of the X already sent goes with it.",
    step_interrupt: "An interrupt arrives during {during}. {then}",
    interrupted: ["the commit", "the store queue's drain", "the file sync"],
    then_wait: "A holds its connection and waits until that step has really finished.",
    then_success: "The caller gets success at once, and the remaining store steps go on in the background.",
    then_abort: "The caller gets a failure at once and returns its connection: X's commit and the steps after it go on in the background.",
    faults_or: " or ",
    crash_always: "→ If a {faults} happens right here, the signing record the restarted A recovers does not match the vote \
         it already sent. If another value comes for the same height and round, A signs it too: a double vote.",
    crash_partly: "→ If a {faults} happens right here{orders}, the signing record the restarted A recovers may not match \
         the vote it already sent. If another value comes for the same height and round, A signs it too: a double vote.",
    orders: " (depending on the order in which background work interleaves: {partly})",
    order_part: "{fault}: {bad} of {all} orders",
    consensus_steps: ["proposal", "prevote", "precommit", "commit"],
    simulated: "Running this point's {fault} again in the simulation (lab-sim): ",
    simulated_pair: "A signs both {a} and {b} in the same round's {step} at height {height} (a double vote).",
    simulated_none: "no double vote happens.",
    simulated_forgotten: " The recovered record lacks {value} (amnesia).",
    simulated_seen: " The recovered record says {recovered}, but the other validators saw {seen} (a false memory).",
};

const BREAK_IT: BreakItWords = BreakItWords {
    variant: "Design",
    threads: "Threads",
    threads_choice: "{n}",
    lanes: "Threads and servers",
    adversary: "Adversary",
    undo: "↶ Undo a step",
    reset: "Start over",
    how: "Press a button to pick what moves next. Keyboard: 1·2·3 threads, s pause, z undo.",
    timeline: "Order diagram",
    timeline_empty: "No steps yet.",
    timeline_label: "Order diagram of {steps} {steps?step/steps}. The list below says the same step by step.",
    lock_server: "lock server",
    schedule: "The order so far",
    properties: "Properties to keep",
    holds: "✓ holds",
    broken_since: "✗ broken (step {step})",
    over: "Every thread has finished.",
    stuck: "No step can be taken any more.",
    yours: "The order you found: {steps} {steps?step/steps}",
    smallest_button: "Show the checker's shortest counterexample",
    smallest_heading: "The checker's shortest counterexample: {steps} {steps?step/steps}",
    compare_same: "Your {yours} {yours?step is/steps are} as short as the shortest counterexample.",
    compare: "You took {yours} {yours?step/steps}; the shortest the checker found takes {smallest}.",
    verdict_button: "Show the checker's verdict",
    unsafe_verdict: "The checker went through all {states} states of this world: some order breaks this design. The shortest takes {smallest} {smallest?step/steps}.",
    story_next: "Next step",
    story_play: "Play",
    story_pause: "Pause",
    story_restart: "From the start",
    story_close: "Close",
    story_position: "step {shown} / {total}",
    story_start: "Press ‘Next step’ to unfold the checker's order one step at a time.",
    box_acquire: "lock",
    box_unavailable: "503",
    box_lockless: "no lock",
    box_read: "read",
    box_fence: "fence",
    box_fence_refused: "fence ✗",
    box_commit: "commit",
    box_compute: "compute",
    box_compute_declined: "compute ✗",
    box_update: "UPDATE",
    box_update_zero: "UPDATE 0",
    box_insert: "ledger",
    box_rollback: "rollback",
    box_release: "release",
    box_release_refused: "release ✗",
    box_stall: "expiry",
    box_process_stop: "stop",
    box_kill: "death",
    box_restart: "restart",
    band_lease: "lease (token {token})",
    band_belief: "lease expired, but it still believes it holds the lock (token {token})",
    legend: "Legend",
    legend_lease: "holding the lease",
    legend_belief: "the lease has ended, yet it believes it holds the lock",
    legend_adversary: "the adversary's step",
    legend_refused: "a step refused or with no effect",
    legend_broke: "the step where a property first broke",
    broke_mark: "broken",
    loading: "Loading the checker…",
    failed: "Could not build the figure. Please reload the page.",
};

#[cfg(test)]
mod tests {
    use lab_check::scenario::SCENARIOS;
    use lab_check::session::{Session, SessionNotice};
    use lab_check::world::{Action, Step};

    use crate::check::{action, choice_label, report, servers, session_notice, thread_status, why_not};
    use crate::{Lang, Words};

    fn hangul(s: &str) -> bool {
        s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
    }

    #[test]
    fn steps_read_in_english() {
        let w = Words::of(Lang::En);
        assert_eq!(action(w, &Action::Acquire { token: 1 }, Some(0), 1_000), "T1 takes the lock (SET NX PX): token 1.");
        assert_eq!(
            action(w, &Action::Commit { balance: -1, approvals: 1 }, Some(1), 1_000),
            "T2 commits: balance −1,000 won, 1 approval."
        );
        assert_eq!(
            action(w, &Action::Commit { balance: 0, approvals: 2 }, Some(1), 1_000),
            "T2 commits: balance 0 won, 2 approvals."
        );
        assert_eq!(
            action(w, &Action::Stall { thread: 2, token: 3 }, None, 1_000),
            "While T3 is paused (GC, a delay), its lease (token 3) expires. T3 still believes it holds the lock."
        );
        let notice = SessionNotice::ThreadsClamped { given: "9".into(), threads: 3 };
        assert_eq!(session_notice(w, &notice), "The address's thread count (‘9’) is outside 2–3: set to 3.");
    }

    /// Every variant played to its end, and each variant's smallest breaking
    /// schedule: every word the session and the report say is English; and
    /// Article B's section.
    #[test]
    fn a_whole_session_and_report_hold_no_hangul() {
        let w = Words::of(Lang::En);
        for scenario in &SCENARIOS {
            let mut s = Session::new(scenario, 3);
            loop {
                let (state, world) = (s.state(), *s.world());
                let mut said: Vec<String> = s
                    .choices()
                    .iter()
                    .flat_map(|c| [choice_label(w, c.step, &state, &world), why_not(w, c.step, &state)])
                    .collect();
                said.extend((0..world.threads).map(|i| thread_status(w, &state, &world, i)));
                said.extend(servers(w, &state, &world).into_iter().flat_map(|(k, v)| [k.to_string(), v]));
                assert!(said.iter().all(|t| !t.is_empty() && !hangul(t)), "{}: {said:?}", scenario.key);
                let Some(&step) = s.enabled().first() else { break };
                assert!(s.take(step));
                let t = s.taken().last().unwrap();
                let actor = match step {
                    Step::Thread(i) => Some(i),
                    _ => None,
                };
                let sentence = action(w, &t.action, actor, world.amount_won);
                assert!(sentence.ends_with('.') && !hangul(&sentence), "{sentence}");
            }
            let mut r = s.verdict().clone();
            let md = report::markdown(w, std::slice::from_ref(&r));
            assert!(!hangul(&md), "{md}");
            report::word(w, std::slice::from_mut(&mut r));
            let texts = r.schedules.iter().flat_map(|s| &s.steps).map(|s| s.text.as_str());
            assert!(texts.chain(r.properties.iter().map(|p| p.name)).all(|t| !t.is_empty() && !hangul(t)));
        }
        let mut vote = lab_check::vote::check_vote_all();
        crate::check::vote::word(w, &mut vote);
        let md = crate::check::vote::markdown(w, &vote);
        assert!(!hangul(&md) && md.contains("a double vote"), "{md}");
        let sims = vote.variants.iter().filter_map(|v| v.smallest.as_ref()).flat_map(|s| &s.simulated);
        assert!(sims.map(|s| s.text.as_str()).all(|t| t.starts_with("Running this point's") && !hangul(t)));
    }
}
