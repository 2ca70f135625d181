//! What a fault keeps of a safety record (model.md §4.2): the one survival
//! rule of the time-based run (`des`), the crash-point enumerator
//! (`crashpoints`) and figure B6's storage stack.
//!
//! Pure data; must not depend on the browser, the CLI or any clock.

use super::config::FaultKind;
use super::trace::Layer;

/// The device under the store, as far as a power loss is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    /// The device really persists synced writes.
    pub honours_sync: bool,
    /// A device that does not loses, at a power loss, the Disk writes
    /// younger than this (µs) still in its volatile cache.
    pub cache_window_us: u64,
}

/// Does a record in `layer` survive `fault`? A process kill keeps what
/// reached the OS (OsCache and Disk); a power loss keeps what reached the
/// device, less, on a device that ignores sync, what reached it within its
/// cache window. `disk_age_us`: how long before the fault the record
/// reached Disk (unused for the other layers).
pub fn survives(fault: FaultKind, layer: Layer, disk_age_us: u64, device: Device) -> bool {
    match (fault, layer) {
        (_, Layer::Tx | Layer::Committed | Layer::Lost) => false,
        (FaultKind::Kill, Layer::OsCache | Layer::Disk) => true,
        (FaultKind::Power, Layer::OsCache) => false,
        (FaultKind::Power, Layer::Disk) => device.honours_sync || disk_age_us >= device.cache_window_us,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kill_keeps_the_os_and_a_power_loss_the_device() {
        let honest = Device { honours_sync: true, cache_window_us: 2_000_000 };
        let lying = Device { honours_sync: false, ..honest };
        for device in [honest, lying] {
            assert!(!survives(FaultKind::Kill, Layer::Committed, 0, device));
            assert!(survives(FaultKind::Kill, Layer::OsCache, 0, device));
            assert!(survives(FaultKind::Kill, Layer::Disk, 0, device));
            assert!(!survives(FaultKind::Power, Layer::OsCache, 0, device));
        }
        assert!(survives(FaultKind::Power, Layer::Disk, 0, honest));
        assert!(!survives(FaultKind::Power, Layer::Disk, 1_999_999, lying));
        assert!(survives(FaultKind::Power, Layer::Disk, 2_000_000, lying));
    }
}
