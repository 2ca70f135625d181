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
//!
//! [`fixed`] writes a number the other way, as `format!("{:.N}", v)` writes
//! it (the same text, character for character), without core's float
//! formatting (`core::fmt::float` and `flt2dec`'s Grisu and Dragon, about
//! 12 KB of the site's wasm): the exact value of the `f64`, rounded half to
//! even at `N` decimals, by the same exact integer arithmetic.

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

/// `value` with `decimals` digits after the point, exactly as
/// `format!("{value:.decimals$}")` writes it: the exact binary value rounded
/// half to even, a `-` on every negative number (`-0.0` and what rounds to
/// zero included), `NaN`, `inf` and `-inf` as std spells them.
pub fn fixed(value: f64, decimals: usize) -> String {
    if value.is_nan() {
        return "NaN".into();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value.is_infinite() {
        return format!("{sign}inf");
    }
    // value = mantissa · 2^exponent, exactly.
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, exponent) = if biased == 0 { (fraction, -1074) } else { (fraction | 1 << 52, biased - 1075) };
    // round(value · 10^decimals), as an integer.
    let mut scaled = Big(vec![mantissa as u32, (mantissa >> 32) as u32]);
    for _ in 0..decimals {
        scaled.mul_add(10, 0);
    }
    if exponent >= 0 {
        scaled.shl(exponent as u64);
    } else {
        let k = exponent.unsigned_abs();
        let (half, below_half) = (scaled.bit(k - 1), scaled.any_below(k - 1));
        scaled.shr(k);
        if half && (below_half || scaled.bit(0)) {
            scaled.mul_add(1, 1);
        }
    }
    let mut digits = scaled.to_decimal();
    if digits.len() <= decimals {
        digits.insert_str(0, &"0".repeat(decimals + 1 - digits.len()));
    }
    if decimals > 0 {
        digits.insert(digits.len() - decimals, '.');
    }
    format!("{sign}{digits}")
}

/// [`fixed`] as a `Display` value, for a number inside a `format!` string:
/// `format!("{} s", Fixed(x, 1))` writes what `format!("{x:.1} s")` writes.
#[derive(Clone, Copy, Debug)]
pub struct Fixed(pub f64, pub usize);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&fixed(self.0, self.1))
    }
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

    /// Bit `i` (0 the lowest).
    fn bit(&self, i: u64) -> bool {
        self.0.get((i / 32) as usize).is_some_and(|l| l >> (i % 32) & 1 == 1)
    }

    /// Whether any bit below bit `i` is set.
    fn any_below(&self, i: u64) -> bool {
        let (limbs, bits) = ((i / 32) as usize, (i % 32) as u32);
        self.0.iter().take(limbs).any(|l| *l != 0)
            || (bits > 0 && self.0.get(limbs).is_some_and(|l| l & ((1 << bits) - 1) != 0))
    }

    /// ⌊self / 2^by⌋.
    fn shr(&mut self, by: u64) {
        let (limbs, bits) = ((by / 32) as usize, (by % 32) as u32);
        self.0.drain(..limbs.min(self.0.len()));
        if bits > 0 {
            let mut carry = 0u32;
            for limb in self.0.iter_mut().rev() {
                let v = *limb;
                *limb = (v >> bits) | carry;
                carry = v << (32 - bits);
            }
        }
        if self.0.is_empty() {
            self.0.push(0);
        }
    }

    /// The number in decimal digits, no leading zero (`0` for zero).
    fn to_decimal(&self) -> String {
        let mut n = self.0.clone();
        let mut chunks = Vec::new();
        loop {
            // n ÷ 10^9, the remainder being the next nine digits.
            let mut rem = 0u64;
            for limb in n.iter_mut().rev() {
                let v = (rem << 32) | u64::from(*limb);
                *limb = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            chunks.push(rem as u32);
            while n.len() > 1 && n.last() == Some(&0) {
                n.pop();
            }
            if n == [0] {
                break;
            }
        }
        let mut out = String::new();
        for (i, chunk) in chunks.iter().rev().enumerate() {
            let digits = chunk.to_string();
            if i > 0 {
                out.push_str(&"0".repeat(9 - digits.len()));
            }
            out.push_str(&digits);
        }
        out
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
    use super::{fixed, parse_finite, Fixed};

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

    fn same_text(v: f64, decimals: usize) {
        assert_eq!(fixed(v, decimals), format!("{v:.decimals$}"), "{:#x} at {decimals}", v.to_bits());
    }

    #[test]
    fn writes_what_std_writes() {
        let specials = [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -2.5,
            0.125,
            0.375,
            -0.04,
            0.05,
            0.15,
            0.25,
            0.35,
            0.45,
            1.005,
            9.995,
            99.95,
            999.5,
            1e-7,
            123.456,
            1e21,
            1e22,
            1e23,
            1e300,
            -1e300,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            5e-324,
            -5e-324,
            4503599627370495.5,
            4503599627370496.0,
            9007199254740993.0,
            0.1 + 0.2,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for v in specials {
            for decimals in 0..=25 {
                same_text(v, decimals);
            }
        }
        assert_eq!(format!("{} s", Fixed(12.25, 1)), "12.2 s");
        assert_eq!(Fixed(-0.04, 1).to_string(), format!("{:.1}", -0.04));
    }

    #[test]
    fn writes_what_std_writes_on_many_numbers() {
        // A fixed generator (no clock): any double, and the numbers a page shows
        // (ms, ratios, counts: a few digits, halves and ties near the cut).
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let any = f64::from_bits(next());
            same_text(any, (next() % 8) as usize);
            let scale = [1.0, 10.0, 100.0, 1000.0, 8.0, 16.0][(next() % 6) as usize];
            let page = (next() % 2_000_000) as f64 / scale - 1000.0;
            for decimals in 0..=4 {
                same_text(page, decimals);
                same_text(page / 7.0, decimals);
            }
            let tie = (next() % 100_000) as f64 + 0.5;
            same_text(tie, 0);
            same_text(tie / 10.0, 1);
        }
    }
}
