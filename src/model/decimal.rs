//! Decimal numbers read from text (a query's time in ms, a CSS length) the
//! way `str::parse::<f64>` reads them, without its tables: core's reader
//! carries a 10 KB table of 128-bit powers of five (Eisel-Lemire), which
//! does not compress and was about 10 KB of the site's gzipped wasm.
//!
//! [`parse_finite`] takes the same syntax as `f64`'s `FromStr` (an optional
//! sign, digits with an optional point, an optional exponent) and gives the
//! same, correctly rounded value: exactly computed in one floating-point
//! operation when the digits and the power of ten are both exact in an
//! `f64` (Clinger's fast path, every number a reader types), else by exact
//! integer division (slow, and never met in practice). Infinities, NaN and
//! numbers too large for an `f64` are `None`, as every caller rejects them.

/// `text` as a finite `f64`, exactly as `text.parse::<f64>()` gives it;
/// `None` where that fails or is not finite.
pub fn parse_finite(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (number, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.len() + frac.len() == 0 || !all_digits(int) || !all_digits(frac) {
        return None;
    }
    let mut exp10: i64 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !all_digits(digits) {
                return None;
            }
            // Beyond this an f64 is 0 or infinite whatever the digits (they are few).
            let n = digits.bytes().take_while(|b| *b == b'0').count();
            let v: i64 = if digits.len() - n > 6 { 1_000_000 } else { digits[n..].parse().unwrap_or(0) };
            if e.starts_with('-') {
                -v
            } else {
                v
            }
        }
    };
    // The significant digits (no leading zeros) and their power of ten.
    let digits: Vec<u8> = int.bytes().chain(frac.bytes()).skip_while(|b| *b == b'0').map(|b| b - b'0').collect();
    exp10 -= frac.len() as i64;
    let magnitude = if digits.is_empty() { 0.0 } else { magnitude(&digits, exp10)? };
    Some(if negative { -magnitude } else { magnitude })
}

/// The f64 nearest `digits` (a decimal integer, no leading zero) × 10^`exp10`.
fn magnitude(digits: &[u8], exp10: i64) -> Option<f64> {
    // The number lies in [10^(point-1), 10^point).
    let point = digits.len() as i64 + exp10;
    if point > 310 {
        return None;
    }
    if point < -324 {
        return Some(0.0);
    }
    if digits.len() <= 15 && exp10.abs() <= 22 {
        // Both exact: one operation, correctly rounded.
        let m = digits.iter().fold(0u64, |m, d| m * 10 + u64::from(*d)) as f64;
        let p = 10f64.powi(exp10.unsigned_abs() as i32);
        return Some(if exp10 < 0 { m / p } else { m * p });
    }
    let value = exact(digits, exp10);
    value.is_finite().then_some(value)
}

/// The correctly rounded value by exact integer arithmetic.
fn exact(digits: &[u8], exp10: i64) -> f64 {
    let mut num = Big::from_digits(digits);
    let mut den = Big(vec![1]);
    for _ in 0..exp10.unsigned_abs() {
        if exp10 < 0 { &mut den } else { &mut num }.mul_add(10, 0);
    }
    // Find s with 2^54 > num·2^s/den >= 2^53, no lower than the subnormals allow.
    let mut s = 53 - (num.bits() as i64 - den.bits() as i64);
    let quotient = |s: i64| {
        let (mut n, mut d) = (num.clone(), den.clone());
        if s >= 0 {
            n.shl(s as u64);
        } else {
            d.shl(s.unsigned_abs());
        }
        n.div_small_quotient(&d)
    };
    let (mut q, mut sticky) = quotient(s);
    while q >= 1 << 54 {
        s -= 1;
        (q, sticky) = quotient(s);
    }
    while q < 1 << 53 && s < 1075 {
        s += 1;
        (q, sticky) = quotient(s);
    }
    if s > 1075 {
        s = 1075;
        (q, sticky) = quotient(s);
    }
    // q·2^-s: keep all but the lowest bit, rounding half to even.
    let (mut mant, round) = (q >> 1, q & 1 == 1);
    if round && (sticky || mant & 1 == 1) {
        mant += 1;
    }
    times_pow2(mant as f64, 1 - s)
}

/// `x`·2^`k`, exact when the result is representable.
fn times_pow2(mut x: f64, mut k: i64) -> f64 {
    while k != 0 {
        let step = k.clamp(-1000, 1000);
        x *= f64::from_bits(((1023 + step) as u64) << 52);
        k -= step;
    }
    x
}

/// A natural number in base 2^32, least significant limb first.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut n = Big(vec![0]);
        for d in digits {
            n.mul_add(10, u32::from(*d));
        }
        n
    }

    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn bits(&self) -> u64 {
        let top = self.0.iter().rposition(|l| *l != 0).unwrap_or(0);
        top as u64 * 32 + u64::from(32 - self.0[top].leading_zeros())
    }

    fn shl(&mut self, by: u64) {
        let (limbs, bits) = ((by / 32) as usize, (by % 32) as u32);
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let v = (u64::from(*limb) << bits) | carry;
                *limb = v as u32;
                carry = v >> 32;
            }
            if carry > 0 {
                self.0.push(carry as u32);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        let len = self.0.len().max(other.0.len());
        let at = |b: &Big, i: usize| b.0.get(i).copied().unwrap_or(0);
        (0..len).rev().map(|i| at(self, i).cmp(&at(other, i))).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
    }

    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            *limb = v.rem_euclid(1 << 32) as u32;
            borrow = i64::from(v < 0);
        }
    }

    /// ⌊self / d⌋, known to be below 2^64 when called, and whether a remainder is left.
    fn div_small_quotient(mut self, d: &Big) -> (u64, bool) {
        let mut q = 0u64;
        for i in (0..64u64).rev() {
            let mut shifted = d.clone();
            shifted.shl(i);
            if self.cmp(&shifted).is_ge() {
                self.sub(&shifted);
                q |= 1 << i;
            }
        }
        (q, self.0.iter().any(|l| *l != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_finite;

    fn std_finite(s: &str) -> Option<f64> {
        s.parse::<f64>().ok().filter(|v| v.is_finite())
    }

    fn same(s: &str) {
        let (ours, std) = (parse_finite(s), std_finite(s));
        assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{s:?}: {ours:?} vs {std:?}");
    }

    #[test]
    fn reads_what_std_reads_and_nothing_else() {
        for s in [
            "0",
            "-0",
            "+0",
            "1",
            "1.",
            ".5",
            "0.5",
            "300",
            "12.345",
            "1e3",
            "1E3",
            "1e+3",
            "1e-3",
            "-2.5e-2",
            "007",
            "0.000",
            "",
            ".",
            "-",
            "+",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1_000",
            " 1",
            "1 ",
            "0x10",
            "inf",
            "-inf",
            "NaN",
            "infinity",
            "1e400",
            "-1e400",
            "1e-400",
            "1e-99999999999",
            "1e99999999999",
            "00000000000000000000001",
            "9007199254740993",
            "9007199254740992.5",
            "123456789012345678901234567890",
            "0.1",
            "0.3",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "5e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "179769313486231580793728971405301e276",
            "0.1e-320",
            "1e23",
            "8.589973e9",
            "12345678901234567890e-10",
            "999999999999999999999999e-30",
            "7.038531e-26",
            "1448997445238699",
        ] {
            same(s);
        }
    }

    #[test]
    fn agrees_with_std_on_many_numbers() {
        // A fixed generator (no clock): digits, points and exponents of every length.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let r = next();
            let len = 1 + (r % 25) as usize;
            let mut s: String = (0..len).map(|_| char::from(b'0' + (next() % 10) as u8)).collect();
            if r & 0x100 != 0 {
                let at = (next() as usize) % (len + 1);
                s.insert(at, '.');
            }
            if r & 0x200 != 0 {
                s = format!("{s}e{}", (next() % 700) as i64 - 350);
            }
            same(&s);
            // Any double, shortest and written out to 30 digits (the slow path).
            let v = f64::from_bits(next() >> 1);
            if v.is_finite() {
                same(&format!("{v:e}"));
                same(&format!("{v}"));
                same(&format!("{v:.30e}"));
            }
        }
    }
}
