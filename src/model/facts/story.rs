//! Facts of the story domain, for the words layer (see [`crate::facts`]).
//!
//! Article A's stories (lab-figures' `story` module) find their moments in a
//! trace; each step carries one [`StoryFact`]: what happened, with the
//! trace's own numbers, and never a sentence. The threads a story follows
//! are named by their order of entry ([`Who::Actor`]; the words give the
//! names), others by their worker number ([`Who::Thread`]). The player's
//! anomaly marks carry a [`CastFact`]: who made the anomaly, and with whom.
//!
//! Times are µs, amounts won, as the trace has them; the words layer
//! formats them.

/// A thread a sentence speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The story's `n`-th named thread (0, 1 or 2), in order of entry.
    Actor(usize),
    /// A thread the story does not name, by its worker number.
    Thread(u32),
}

/// One moment of an Article A story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoryFact {
    /// A step that says nothing (a side-by-side panel's frame).
    Silent,

    // -- A1, A2: a lease that ends under its owner (`lease_story`).
    /// No two threads held one wallet within the first `window_us`.
    NoOverlap { window_us: u64 },
    /// The first owner takes the lock: the wallet, the two threads the story
    /// names, the first's token (`None`: without a lock) and the balance it
    /// read; `watchdog` when a watchdog renews its lease (A2).
    FirstOwner {
        wallet: u32,
        first_worker: u32,
        second_worker: u32,
        token: Option<u64>,
        read_won: Option<i64>,
        watchdog: Option<Watchdog>,
    },
    /// The first owner's whole process stopped (SIGSTOP) after `renewed` renewals.
    ProcessStopped { renewed: usize },
    /// The first owner's lease (`token`) expired after its TTL; `watchdog`:
    /// the renewals had stopped; `asleep`: the owner had not written yet.
    LeaseExpired { token: u64, ttl_ms: u32, watchdog: bool, asleep: bool },
    /// The second owner takes the same lock (`token`, having read
    /// `read_won`); `same_read`: it read what the first read, which had not
    /// written yet. Both now believe `wallet` is theirs.
    SecondOwner { wallet: u32, token: Option<u64>, read_won: Option<i64>, same_read: bool },
    /// A third thread (`worker`) takes the lock too; `second_expired`: the
    /// second owner's lease had expired first.
    ThirdOwner { worker: u32, token: Option<u64>, second_expired: bool },
    /// Actor `who` writes `value_won`; `earlier`: the actors who wrote the
    /// same value before it (a lost update); `first`: the story's first write.
    Wrote { who: usize, value_won: i64, earlier: Vec<usize>, first: bool },
    /// The whole run: `overlaps` overlaps began in the window; `widest_us`,
    /// when the widest of them is too thin to see at the whole window's width.
    LeaseWhole { wallets: u32, threads: u32, window_us: u64, overlaps: usize, thin_widest_us: Option<u64> },

    // -- A3: the fence's place (`fence_story`).
    /// Neither fence passed or refused a stale write within the window.
    NoFenceMoment { window_us: u64 },
    /// (c-1): the first owner (`token`) takes the lock on `wallet` and reads `read_won`.
    WriteFenceFirst { wallet: u32, first_worker: u32, second_worker: u32, token: u64, read_won: Option<i64> },
    /// (c-1): the first's lease ended; the second takes the lock (`token`) and reads the same balance.
    WriteFenceSecond { token: u64, read_won: Option<i64> },
    /// (c-1): the first wakes and writes `written_won` with `token`; the
    /// fence it is checked against (`None`: no token written yet).
    WriteFenceFirstWrite { written_won: Option<i64>, token: u64, fence: Option<u64> },
    /// (c-1): the second writes `written_won` with `token`, larger than the
    /// fence (`fence`): it passes, though read before the first wrote.
    WriteFenceStaleWrite { written_won: Option<i64>, token: u64, fence: u64 },
    /// (c-2): `newer` reads with `token`, which moves the fence; `old` is still stopped.
    ReadFenceMoved { newer: Who, old: Who, token: u64 },
    /// (c-2): `old` wakes and tries to write with `token`; the fence is
    /// `fence` then (`moved_on`: a later reader moved it past the newer owner's token).
    ReadFenceRefused { old: Who, token: u64, fence: u64, moved_on: bool },
    /// Both runs whole: `passed` writes passed the (c-1) fence, `rejected` were refused by (c-2).
    FenceWhole { window_us: u64, passed: usize, rejected: usize },

    // -- A4: the lockless path's row lock (`rowlock_story`).
    /// No two UPDATEs met at a row lock within the window.
    NoRowWait { window_us: u64 },
    /// The two threads open their sections without a lock; `earlier` (an actor) starts first.
    RowFirst { wallet: u32, first_worker: u32, second_worker: u32, earlier: usize },
    /// The other actor (`later`) starts its section on the same wallet.
    RowSecond { later: usize },
    /// The first sends its UPDATE and takes the row lock; the second's queues.
    RowUpdate,
    /// The first commits, releasing the row lock; the balance it left.
    RowCommit { balance_won: Option<i64> },
    /// The second got the row lock after `waited_us`, the balance it left;
    /// the sections overlapped `overlap_us`, the first's lasted `section_us`.
    RowGranted { waited_us: u64, balance_won: Option<i64>, overlap_us: u64, section_us: u64 },
    /// The whole run: `waits` row-lock waits began in the window, the longest `longest_us`.
    RowWhole { wallets: u32, threads: u32, window_us: u64, waits: usize, longest_us: u64 },

    // -- A5: the fence that outlives the token counter (`outage_story`).
    /// The run has no lock-server outage.
    NoOutage,
    /// The run stamps no fence in the DB.
    NoFenceStamped,
    /// Until the kill, each lock on wallet 0 raises the counter and the fence follows.
    CounterClimbs { kill_us: u64 },
    /// The lock server dies; wallet 0's counter and fence then.
    ServerDies { kill_us: u64, counter: u64, fence: u64 },
    /// During the outage every payment got a 503: `count` of them.
    AllRefused { outage_us: u64, count: u64 },
    /// The server is back empty; the counter restarts at 1, the fence stays `fence`.
    ServerBack { restart_us: u64, fence: u64 },
    /// Tokens 1 to `up_to` are refused at read; `passed_us`: when the counter passed the fence, if it did.
    ReadsRefused { up_to: u64, passed_us: Option<u64> },
    /// The whole 60 s: `rejects` reads refused after the restart.
    OutageWhole { rejects: u64 },
}

/// A watchdog renewing the first owner's lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watchdog {
    pub ttl_ms: u32,
    pub period_ms: u32,
}

/// Who made a player's anomaly mark, and with whom (`lab_figures::story::anomaly_cast`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastFact {
    /// Nothing to say (an anomaly without a hold).
    Nothing,
    /// `worker` took the lock with `token` (`None`: entered without a lock)
    /// while the threads `open` still held the wallet.
    TookOver { worker: u32, token: Option<u64>, open: Vec<u32> },
    /// `worker` read `read_won`, `over` (a thread and what it wrote) wrote
    /// meanwhile, and `worker` wrote `written_won` from its read; `over`
    /// `None`: only that it wrote a stale value.
    StaleWrite { worker: u32, read_won: Option<i64>, over: Option<(u32, Option<i64>)>, written_won: Option<i64> },
    /// `worker` came to release and found the lock already `owner`'s (thread, token), if known.
    Stolen { worker: u32, owner: Option<(u32, u64)> },
    /// `worker`'s approval took `wallet`'s ledger below zero.
    LedgerNegative { worker: u32, wallet: u32 },
    /// `worker`'s request was refused by the fence check.
    FenceReject { worker: u32 },
}
