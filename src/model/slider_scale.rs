//! The scale of a duration slider: a ladder of values, fine where the
//! articles' durations lie and coarse far from them, so that a slider over
//! 1–10,000 ms gives the 100–1,000 ms the chapters talk about half its track
//! instead of a tenth of it.
//!
//! The range input's value is a position on the ladder (0 ..= len − 1); the
//! page shows and the URL keeps the real value. Within each decade the
//! ladder steps by a tenth of the decade's start (1 ms below 10 ms, 5 ms up
//! to 100 ms, 10 ms up to 1 s, 100 ms up to 10 s, 1 s beyond), never finer
//! than the key's own step, and it always holds the key's ends, so Home and
//! End reach the documented range. Every round duration the articles use
//! (200 ms, 300–500 ms, 1 s) is a rung, so a slider lands on it exactly.
//! A value typed between rungs stays exact; the slider then shows the
//! nearest rung.

/// Whether a key's slider uses a [`Ladder`]: a duration in ms (not a point
/// in time, `*_at_ms`) whose range spans more than a decade on a fine step.
pub fn is_ladder_key(name: &str, unit: &str, min: u64, max: u64, step: u64) -> bool {
    unit == "ms" && !name.ends_with("_at_ms") && step <= 10 && max >= 1_000 && max >= 10 * min.max(1)
}

/// The step within the decade of `v`.
fn decade_step(v: u64) -> u64 {
    match v {
        0..=9 => 1,
        10..=99 => 5,
        100..=999 => 10,
        1_000..=9_999 => 100,
        _ => 1_000,
    }
}

/// The values a duration slider can stand on, ascending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    values: Vec<u64>,
}

impl Ladder {
    /// The ladder over `min ..= max` for a key whose own step is `step`.
    pub fn new(min: u64, max: u64, step: u64) -> Ladder {
        let max = max.max(min);
        let mut values = vec![min];
        let mut v = min;
        loop {
            let s = decade_step(v).max(step.max(1));
            let next = (v / s + 1) * s;
            if next >= max {
                break;
            }
            values.push(next);
            v = next;
        }
        if max != min {
            values.push(max);
        }
        Ladder { values }
    }

    /// The number of positions (the range input's max is `len() - 1`).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// A ladder always has at least its minimum.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The value at a position (past the end: the maximum).
    pub fn value_at(&self, position: usize) -> u64 {
        self.values[position.min(self.values.len() - 1)]
    }

    /// The position of the rung nearest to `value` (the lower one on a tie).
    pub fn position_of(&self, value: u64) -> usize {
        match self.values.binary_search(&value) {
            Ok(i) => i,
            Err(0) => 0,
            Err(i) if i >= self.values.len() => self.values.len() - 1,
            Err(i) => {
                if value - self.values[i - 1] <= self.values[i] - value {
                    i - 1
                } else {
                    i
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ttl() -> Ladder {
        Ladder::new(1, 10_000, 10)
    }

    #[test]
    fn the_ends_are_the_documented_range() {
        for (min, max, step) in [(1, 10_000, 10), (0, 5_000, 10), (5, 1_000, 1), (1, 5_000, 10)] {
            let l = Ladder::new(min, max, step);
            assert_eq!(l.value_at(0), min);
            assert_eq!(l.value_at(l.len() - 1), max);
            assert_eq!(l.value_at(usize::MAX), max);
            assert_eq!(l.position_of(0), 0);
            assert_eq!(l.position_of(u64::MAX), l.len() - 1);
        }
    }

    #[test]
    fn strictly_monotonic_and_within_the_key_step() {
        for (min, max, step) in [(1, 10_000, 10), (0, 5_000, 10), (5, 1_000, 1), (0, 10_000, 10)] {
            let l = Ladder::new(min, max, step);
            for w in l.values.windows(2) {
                assert!(w[0] < w[1], "{w:?}");
            }
            for v in &l.values[1..l.len() - 1] {
                assert_eq!(v % step, 0, "{v} is off the key's step {step}");
            }
        }
    }

    #[test]
    fn round_trip() {
        let l = ttl();
        for p in 0..l.len() {
            assert_eq!(l.position_of(l.value_at(p)), p);
        }
        // Between rungs: the nearest, and the rung's value round-trips.
        assert_eq!(l.value_at(l.position_of(613)), 610);
        assert_eq!(l.value_at(l.position_of(616)), 620);
        assert_eq!(l.value_at(l.position_of(1_049)), 1_000);
        // Monotonic both ways.
        let mut last = 0;
        for v in 0..=10_000 {
            let p = l.position_of(v);
            assert!(p >= last, "{v}");
            last = p;
        }
    }

    #[test]
    fn the_articles_durations_are_rungs() {
        for l in [ttl(), Ladder::new(0, 5_000, 10), Ladder::new(1, 5_000, 10)] {
            for v in [200, 300, 400, 500, 600, 1_000] {
                assert_eq!(l.value_at(l.position_of(v)), v, "{v} ms is not a rung");
            }
        }
    }

    /// What the reader gets: the range the chapters use has most of the track.
    #[test]
    fn the_range_that_matters_gets_the_track() {
        let l = ttl();
        let below_1s = l.position_of(1_000) as f64 / (l.len() - 1) as f64;
        assert!(below_1s > 0.45, "0–1,000 ms gets {:.0}% of the track", below_1s * 100.0);
        // Linear, it got a tenth.
        assert!(is_ladder_key("ttl_ms", "ms", 1, 10_000, 10));
        assert!(is_ladder_key("pause_max_ms", "ms", 0, 5_000, 10));
        assert!(!is_ladder_key("stop_first_at_ms", "ms", 0, 120_000, 100));
        assert!(!is_ladder_key("outage_kill_ms", "ms", 0, 119_000, 1_000));
        assert!(!is_ladder_key("threads", "", 1, 64, 1));
    }
}
