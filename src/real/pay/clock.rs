//! The one clock of a real run: `CLOCK_MONOTONIC`, system-wide, so the
//! orchestrator and the `pay-api` process stamp on the same time line.
//! Sleeps are absolute (`TIMER_ABSTIME`): a sleep that a SIGSTOP outlasts
//! ends at the SIGCONT, as a stopped process's timers do in the model.

/// Nanoseconds on `CLOCK_MONOTONIC`.
pub fn now_ns() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec; CLOCK_MONOTONIC always exists on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_MONOTONIC) cannot fail");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Sleeps until `CLOCK_MONOTONIC` reads at least `deadline_ns`.
pub fn sleep_until_ns(deadline_ns: u64) {
    let ts = libc::timespec {
        tv_sec: (deadline_ns / 1_000_000_000) as libc::time_t,
        tv_nsec: (deadline_ns % 1_000_000_000) as libc::c_long,
    };
    loop {
        // SAFETY: `ts` is a valid timespec; the remainder pointer may be null with TIMER_ABSTIME.
        let rc =
            unsafe { libc::clock_nanosleep(libc::CLOCK_MONOTONIC, libc::TIMER_ABSTIME, &ts, std::ptr::null_mut()) };
        if rc != libc::EINTR {
            return;
        }
    }
}

/// Sleeps for `duration_ns` from now.
pub fn sleep_ns(duration_ns: u64) {
    sleep_until_ns(now_ns() + duration_ns);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_forward_and_sleeps_reach_their_deadline() {
        let start = now_ns();
        sleep_until_ns(start + 2_000_000);
        assert!(now_ns() >= start + 2_000_000);
    }
}
