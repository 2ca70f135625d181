//! The fence of the safety store (model.md §4.4 `F-fence`, §4.6): after an
//! uncertain failure every later read, write and engine open through the
//! store is refused, for the life of the process. Shared by the time-based
//! run and the crash-point enumerator, so both obey one rule.
//!
//! Pure data; must not depend on the browser, the CLI or any clock.

use super::trace::FenceReason;

/// Why a store operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The store is fenced; nothing goes through it until a restart with recovery.
    Fenced(FenceReason),
    /// The store call was made inside an active outer transaction (V2g's guard).
    JoinRefused,
}

/// The fence state of one safety store. It never clears itself: only a new
/// process (restart + recovery) builds a fresh gate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SafetyGate {
    fenced: Option<FenceReason>,
}

impl SafetyGate {
    pub fn new() -> Self {
        SafetyGate { fenced: None }
    }

    pub fn fence(&mut self, reason: FenceReason) {
        // The first reason sticks: a fence is a fact about the past, not a retry marker.
        if self.fenced.is_none() {
            self.fenced = Some(reason);
        }
    }

    pub fn fenced(&self) -> Option<FenceReason> {
        self.fenced
    }

    pub fn is_fenced(&self) -> bool {
        self.fenced.is_some()
    }

    fn check(&self) -> Result<(), StoreError> {
        match self.fenced {
            Some(reason) => Err(StoreError::Fenced(reason)),
            None => Ok(()),
        }
    }

    /// May a record be written? `inside_outer_tx` with `refuse_join` is V2g's guard.
    pub fn write(&self, inside_outer_tx: bool, refuse_join: bool) -> Result<(), StoreError> {
        self.check()?;
        if inside_outer_tx && refuse_join {
            return Err(StoreError::JoinRefused);
        }
        Ok(())
    }

    pub fn read(&self) -> Result<(), StoreError> {
        self.check()
    }

    /// May a new engine object open this store? (A new engine cannot launder the fence.)
    pub fn open_engine(&self) -> Result<(), StoreError> {
        self.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fence_refuses_everything_and_keeps_its_first_reason() {
        let mut gate = SafetyGate::new();
        assert!(gate.write(false, true).is_ok());
        assert_eq!(gate.write(true, true), Err(StoreError::JoinRefused));
        gate.fence(FenceReason::SyncError);
        gate.fence(FenceReason::Interrupted);
        assert_eq!(gate.write(false, false), Err(StoreError::Fenced(FenceReason::SyncError)));
        assert_eq!(gate.read(), Err(StoreError::Fenced(FenceReason::SyncError)));
        assert_eq!(gate.open_engine(), Err(StoreError::Fenced(FenceReason::SyncError)));
    }
}
