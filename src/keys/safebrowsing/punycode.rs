//! The host's IDNA step of the reference: `golang.org/x/net/idna`
//! `ToASCII`, which is its `Punycode` profile (`idna.go` `process` with
//! no mapping and no validation; `punycode.go` `encode`/`decode`), as
//! vendored by `google/safebrowsing`.
//!
//! Each `.`-separated label that starts with `xn--` is decoded (a label
//! that does not decode fails the whole host) and each label that is then
//! not ASCII is encoded with the `xn--` prefix; the labels are joined
//! back with `.`.  Go's 32-bit arithmetic and its overflow checks are
//! kept, so that a label fails exactly where the reference's does.
//!
//! `"www.ümlat.com"` -> `"www.xn--mlat-zra.com"`; `"xn--p1ai:x.рф"` fails.

use super::text::{push_rune, runes};
use crate::text::unicode::punycode as rfc3492;

// Go's `int32` arithmetic: RFC 3492's parameters and functions, shared
// with the library's Punycode (`unicode/punycode.rs`), read in `i32`.
const BASE: i32 = rfc3492::BASE as i32;
const INITIAL_BIAS: i32 = rfc3492::INITIAL_BIAS as i32;
const INITIAL_N: i32 = rfc3492::INITIAL_N as i32;
const ACE: &[u8] = b"xn--";

/// `idna.ToASCII(host)`: the host's labels in ASCII, or `None` where the
/// reference returns an error.
pub(super) fn to_ascii(host: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut scratch = Vec::new();
    let mut first = true;
    for label in host.split(|&b| b == b'.') {
        if !first {
            out.push(b'.');
        }
        first = false;
        let label: &[u8] = if let Some(encoded) = label.strip_prefix(ACE) {
            scratch.clear();
            decode(encoded, &mut scratch)?;
            &scratch
        } else {
            label
        };
        if label.is_ascii() {
            out.extend_from_slice(label);
        } else {
            out.extend_from_slice(ACE);
            encode(label, out)?;
        }
    }
    Some(())
}

/// RFC 3492 `adapt`; the callers pass a `delta` that is not negative
/// and at least one point, where `int32` and `u32` division agree.
fn adapt(delta: i32, num_points: i32, first_time: bool) -> i32 {
    debug_assert!(delta >= 0 && num_points > 0);
    rfc3492::adapt(delta as u32, num_points as u32, first_time) as i32
}

fn decode_digit(b: u8) -> Option<i32> {
    rfc3492::digit_value(b).map(|d| d as i32)
}

/// The basic code point of digit `d` (the callers keep `d` in 0..36).
fn encode_digit(d: i32) -> u8 {
    rfc3492::digit(d.clamp(0, 35) as u32)
}

/// RFC 3492 `t(k)`: `k - bias` within `tmin`..`tmax` (`k` and `bias` are
/// never negative).
fn threshold(k: i32, bias: i32) -> i32 {
    rfc3492::threshold(k as u32, bias as u32) as i32
}

/// `punycode.go` `decode` of the part after `xn--`, as UTF-8 (a rune that
/// is not a scalar value as U+FFFD, as Go's `string([]rune)`); `None`
/// where it returns an error.  Its output is capped at 1,024 runes.
///
/// `"mlat-zra"` -> `"ümlat"`; `"abc-"` -> `"abc"`; `"-x"` fails.
fn decode(encoded: &[u8], out: &mut Vec<u8>) -> Option<()> {
    if encoded.is_empty() {
        return Some(());
    }
    let pos = encoded
        .iter()
        .rposition(|&b| b == b'-')
        .map_or(0, |p| p + 1);
    if pos == 1 {
        return None;
    }
    if pos == encoded.len() {
        out.extend_from_slice(&encoded[..encoded.len() - 1]);
        return Some(());
    }
    let mut output: Vec<u32> = Vec::new();
    if pos != 0 {
        runes(&encoded[..pos - 1], &mut output);
    }
    let (mut i, mut n, mut bias) = (0i32, INITIAL_N, INITIAL_BIAS);
    let mut pos = pos;
    while pos < encoded.len() {
        let (old_i, mut w) = (i, 1i32);
        let mut k = BASE;
        loop {
            let digit = decode_digit(*encoded.get(pos)?)?;
            pos += 1;
            i = i.wrapping_add(digit.wrapping_mul(w));
            if i < 0 {
                return None;
            }
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.wrapping_mul(BASE - t);
            if w >= i32::MAX / BASE {
                return None;
            }
            k += BASE;
        }
        let x = output.len() as i32 + 1;
        bias = adapt(i - old_i, x, old_i == 0);
        n = n.wrapping_add(i / x);
        i %= x;
        if n > 0x10FFFF || output.len() >= 1024 {
            return None;
        }
        // A negative n (wrapped) is no scalar value: U+FFFD when written.
        output.insert(i as usize, n as u32);
        i += 1;
    }
    for r in output {
        push_rune(r, out);
    }
    Some(())
}

/// A Fenwick tree of the positions of the runes already below the code
/// point being encoded: how many lie in a range, in logarithmic time.
struct Counts(Vec<u32>);

impl Counts {
    fn add(&mut self, pos: usize) {
        let mut i = pos + 1;
        while i < self.0.len() {
            self.0[i] += 1;
            i += i & i.wrapping_neg();
        }
    }

    /// How many positions below `end`.
    fn below(&self, end: usize) -> u32 {
        let mut i = end;
        let mut sum = 0;
        while i > 0 {
            sum += self.0[i];
            i &= i - 1;
        }
        sum
    }
}

/// `punycode.go` `encode` of a label (without the prefix), `None` where
/// its overflow checks fail.
///
/// The reference walks the whole label once per distinct code point; here
/// the runes below the current code point between two of its occurrences
/// are counted with a Fenwick tree, which gives the same `delta` (and the
/// same overflow, since `delta` only grows by one at a time there) in
/// `O(n log n)`.  `"ümlat"` -> `"mlat-zra"`.
fn encode(label: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut rs = Vec::new();
    runes(label, &mut rs);
    let mut counts = Counts(vec![0; rs.len() + 1]);
    let mut basic = 0i32;
    let mut high: Vec<(u32, usize)> = Vec::new();
    for (p, &r) in rs.iter().enumerate() {
        if r < 0x80 {
            basic += 1;
            out.push(r as u8);
            counts.add(p);
        } else {
            high.push((r, p));
        }
    }
    if basic > 0 {
        out.push(b'-');
    }
    high.sort_unstable();
    let (mut delta, mut n, mut bias) = (0i32, INITIAL_N, INITIAL_BIAS);
    let mut h = basic;
    let mut group = 0;
    while group < high.len() {
        let m = high[group].0 as i32;
        let end = group
            + high[group..]
                .iter()
                .take_while(|e| e.0 == high[group].0)
                .count();
        delta = delta.wrapping_add((m.wrapping_sub(n)).wrapping_mul(h.wrapping_add(1)));
        if delta < 0 {
            return None;
        }
        n = m;
        let mut from = 0usize;
        for &(_, p) in &high[group..end] {
            let below = counts.below(p) - counts.below(from);
            if i64::from(delta) + i64::from(below) > i64::from(i32::MAX) {
                return None;
            }
            delta += below as i32;
            let mut q = delta;
            let mut k = BASE;
            loop {
                let t = threshold(k, bias);
                if q < t {
                    break;
                }
                out.push(encode_digit(t + (q - t) % (BASE - t)));
                q = (q - t) / (BASE - t);
                k += BASE;
            }
            out.push(encode_digit(q));
            bias = adapt(delta, h + 1, h == basic);
            delta = 0;
            h += 1;
            from = p + 1;
        }
        let below = counts.below(rs.len()) - counts.below(from);
        if i64::from(delta) + i64::from(below) > i64::from(i32::MAX) {
            return None;
        }
        delta += below as i32;
        for &(_, p) in &high[group..end] {
            counts.add(p);
        }
        delta = delta.wrapping_add(1);
        n = n.wrapping_add(1);
        group = end;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(s: &str) -> Option<String> {
        let mut out = Vec::new();
        to_ascii(s.as_bytes(), &mut out).map(|_| String::from_utf8(out).unwrap())
    }

    #[test]
    fn labels() {
        assert_eq!(
            ascii("www.ümlat.com").as_deref(),
            Some("www.xn--mlat-zra.com")
        );
        assert_eq!(
            ascii("bücher.example").as_deref(),
            Some("xn--bcher-kva.example")
        );
        assert_eq!(ascii("xn--abc-.ü").as_deref(), Some("abc.xn--tda"));
        assert_eq!(ascii("xn--p1ai:x.ü"), None);
        assert_eq!(
            ascii("例え.テスト").as_deref(),
            Some("xn--r8jz45g.xn--zckzah")
        );
    }
}
