//! Facts of the hook domain, for the words layer (see [`crate::facts`]).
//!
//! The front page's hook (lab-figures' `hook` module) plays two threads on
//! one wallet; what it says there is one of these, with the run's numbers
//! (threads by worker number, amounts in won).

/// What the hook says about its run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookFact {
    /// At its stop: thread `stopped` is still stopped, its lease ended; thread `waiting` waits.
    Asking { stopped: u32, waiting: u32 },
    /// Once both wrote: what threads `first` and `second` wrote, the balance
    /// both read (when they read the same), and the balance row at the
    /// cursor: `payments` made, the `balance`, the `ledger` it should be, and
    /// `lost` debits (balance above ledger, in payments).
    Outcome {
        first: u32,
        second: u32,
        wrote: [i64; 2],
        same_read: Option<i64>,
        payments: i64,
        balance: i64,
        ledger: i64,
        lost: i64,
    },
}
