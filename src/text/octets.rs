//! Sets of octets, the `/octets/` argument of the specification's
//! "steps to percent-encode a string", and of the character sets the
//! profiles name (forbidden host characters, selectively decoded escapes).

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// A set of octets (0x00 to 0xFF), stored as a 256-bit map: O(1) lookups.
///
/// ```
/// use urlprism::profile::OctetSet;
/// let s = OctetSet::EMPTY.with_range(0x00, 0x1F).with(b' ');
/// assert!(s.contains(b'\t') && s.contains(b' ') && !s.contains(b'a'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct OctetSet([u64; 4]);

impl OctetSet {
    /// No octets.
    pub const EMPTY: OctetSet = OctetSet([0; 4]);
    /// All 256 octets.
    pub const ALL: OctetSet = OctetSet([u64::MAX; 4]);

    /// This set plus `b`.
    pub const fn with(self, b: u8) -> OctetSet {
        let mut m = self.0;
        m[(b >> 6) as usize] |= 1u64 << (b & 63);
        OctetSet(m)
    }

    /// This set plus every octet of `bytes`.
    pub const fn with_all(self, bytes: &[u8]) -> OctetSet {
        let mut s = self;
        let mut i = 0;
        while i < bytes.len() {
            s = s.with(bytes[i]);
            i += 1;
        }
        s
    }

    /// This set plus `lo..=hi`.
    pub const fn with_range(self, lo: u8, hi: u8) -> OctetSet {
        let mut s = self;
        let mut b = lo as u16;
        while b <= hi as u16 {
            s = s.with(b as u8);
            b += 1;
        }
        s
    }

    /// This set minus `b`.
    pub const fn without(self, b: u8) -> OctetSet {
        let mut m = self.0;
        m[(b >> 6) as usize] &= !(1u64 << (b & 63));
        OctetSet(m)
    }

    /// Every octet not in this set.
    pub const fn complement(self) -> OctetSet {
        OctetSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }

    /// Union of two sets.
    pub const fn union(self, o: OctetSet) -> OctetSet {
        OctetSet([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }

    /// Octets in both sets.
    pub const fn intersection(self, o: OctetSet) -> OctetSet {
        OctetSet([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }

    /// Whether `b` is in the set.
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1u64 << (b & 63)) != 0
    }

    /// Whether every octet from 0x80 to 0xFF is in the set (then every
    /// octet of a multi-byte UTF-8 character is):
    /// `OctetSet::EMPTY.with_range(0x80, 0xFF).contains_all_non_ascii()`.
    #[inline]
    pub const fn contains_all_non_ascii(&self) -> bool {
        self.0[2] == u64::MAX && self.0[3] == u64::MAX
    }

    /// Whether the character `c` is an ASCII character in the set.
    #[inline]
    pub fn contains_char(&self, c: char) -> bool {
        (c as u32) < 0x80 && self.contains(c as u8)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The octets of the set, in order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0u16..256).map(|b| b as u8).filter(|&b| self.contains(b))
    }

    /// Parses the profile-file notation: a list of items, each a single
    /// character (`"!"`), an octet in hexadecimal (`"0x7F"`), or a range of
    /// either (`"0x00-0x1F"`, `"a-z"`).
    pub fn from_items<S: AsRef<str>>(items: &[S]) -> Result<OctetSet, String> {
        let mut set = OctetSet::EMPTY;
        for item in items {
            let item = item.as_ref();
            let (lo, hi) = match split_range(item) {
                Some((a, b)) => (parse_octet(a)?, parse_octet(b)?),
                None => {
                    let o = parse_octet(item)?;
                    (o, o)
                }
            };
            if lo > hi {
                return Err(format!("octet range {item:?} runs backwards"));
            }
            set = set.with_range(lo, hi);
        }
        Ok(set)
    }

    /// The profile-file notation of this set, with runs as ranges.
    pub fn to_items(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut b: u16 = 0;
        while b < 256 {
            if self.contains(b as u8) {
                let start = b;
                while b + 1 < 256 && self.contains((b + 1) as u8) {
                    b += 1;
                }
                if start == b {
                    out.push(fmt_octet(start as u8));
                } else {
                    out.push(format!("{}-{}", fmt_octet(start as u8), fmt_octet(b as u8)));
                }
            }
            b += 1;
        }
        out
    }
}

/// Byte searches eight bytes at a time (in a `u64`, no `unsafe`), for the
/// scans of parsing and resolution that look for one or two ASCII
/// delimiters in a string: `first_of2(b"/a/b?q#f", b'?', b'#')` is
/// `Some(4)`.  Each is exact: only bytes equal to a needle match.
const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that equals `b`, and only those (no
/// carry crosses a byte: each byte's low seven bits are added to 0x7F).
#[inline(always)]
pub(crate) const fn eq_mask(x: u64, b: u8) -> u64 {
    let t = x ^ (LOW * b as u64);
    !(((t & !HIGH) + !HIGH) | t) & HIGH
}

/// Whether every byte of `bytes` is printable ASCII (0x21 to 0x7E) and
/// none is `except`: eight bytes at a time, each word tested for a byte
/// below 0x21, a byte above 0x7E (0x7F and non-ASCII) and `except`
/// without a branch per byte.
///
/// `printable_without(b"http://a/b", b'\\')` → `true`; `printable_without(b"a b", b'\\')` → `false`.
#[inline]
pub(crate) fn printable_without(bytes: &[u8], except: u8) -> bool {
    // A byte below 0x21 borrows into its high bit when 0x21 is taken
    // from it (the high bit of a byte that had it is masked off); a byte
    // above 0x7E reaches it when 1 is added (or had it).
    let below = |x: u64| x.wrapping_sub(LOW * 0x21) & !x & HIGH;
    let above = |x: u64| ((x & !HIGH) + LOW) | x;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        if (below(x) | above(x)) & HIGH != 0 || eq_mask(x, except) != 0 {
            return false;
        }
    }
    chunks
        .remainder()
        .iter()
        .all(|&c| (0x21..=0x7E).contains(&c) && c != except)
}

/// The eight bytes of `bytes` from `i` as a little-endian `u64` (the
/// caller keeps `i + 8 <= bytes.len()`; otherwise 0, which matches no
/// needle but 0).
#[inline(always)]
pub(crate) fn word_at(bytes: &[u8], i: usize) -> u64 {
    bytes
        .get(i..i + 8)
        .and_then(|w| w.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// The index of the first byte of `bytes` equal to `a` or `b`.
///
/// `first_of2(b"/p?q#f", b'?', b'#')` → `Some(2)`; `first_of2(b"/p", b'?', b'#')` → `None`.
#[inline]
pub(crate) fn first_of2(bytes: &[u8], a: u8, b: u8) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let x = word_at(bytes, i);
        let m = eq_mask(x, a) | eq_mask(x, b);
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i..]
        .iter()
        .position(|&c| c == a || c == b)
        .map(|p| i + p)
}

/// The index of the first byte of `bytes` equal to `a`.
///
/// `first_of(b"a/b%41", b'%')` → `Some(3)`.
#[inline]
pub(crate) fn first_of(bytes: &[u8], a: u8) -> Option<usize> {
    first_of2(bytes, a, a)
}

/// The index of the first byte of `bytes` for which `hit` holds (a table
/// lookup, usually), looked for eight bytes at a time: each chunk is
/// folded without a branch per byte, and searched only when it holds one.
///
/// `first_where(b"abc/d", |b| b == b'/')` → `Some(3)`.
#[inline(always)]
pub(crate) fn first_where(bytes: &[u8], hit: impl Fn(u8) -> bool) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |any, &b| any | hit(b)) {
            return chunk.iter().position(|&b| hit(b)).map(|p| at + p);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| hit(b))
        .map(|p| at + p)
}

fn split_range(item: &str) -> Option<(&str, &str)> {
    // "-" alone, or a leading "-", is the character itself.
    let idx = item.char_indices().skip(1).find(|&(_, c)| c == '-')?.0;
    let (a, b) = (&item[..idx], &item[idx + 1..]);
    if b.is_empty() {
        None
    } else {
        Some((a, b))
    }
}

fn parse_octet(s: &str) -> Result<u8, String> {
    if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        if hex.is_empty() || hex.len() > 2 {
            return Err(format!("{s:?} is not an octet: want 0x00 to 0xFF"));
        }
        return u8::from_str_radix(hex, 16)
            .map_err(|_| format!("{s:?} is not a hexadecimal octet"));
    }
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii() => Ok(c as u8),
        _ => Err(format!(
            "{s:?} is not an octet: write one ASCII character or 0xHH"
        )),
    }
}

fn fmt_octet(b: u8) -> String {
    if b.is_ascii_graphic() && b != b'-' {
        (b as char).to_string()
    } else {
        format!("0x{b:02X}")
    }
}

impl fmt::Debug for OctetSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_items()).finish()
    }
}

impl Serialize for OctetSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_items().serialize(s)
    }
}

impl<'de> Deserialize<'de> for OctetSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<String>::deserialize(d)?;
        OctetSet::from_items(&items).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {

    /// The word-at-a-time test is the byte-at-a-time one, for every
    /// octet in every position and around the word boundary.
    #[test]
    fn printable_without_is_the_bytewise_test() {
        let naive = |b: &[u8], e: u8| b.iter().all(|&c| (0x21..=0x7E).contains(&c) && c != e);
        for len in [1usize, 7, 8, 9, 16, 17] {
            for at in 0..len {
                for octet in 0..=255u8 {
                    let mut b = vec![b'a'; len];
                    b[at] = octet;
                    for e in [b'\\', b' ', 0xFF] {
                        assert_eq!(printable_without(&b, e), naive(&b, e), "{b:?} {e}");
                    }
                }
            }
        }
    }

    use super::*;

    #[test]
    fn items_round_trip() {
        let s = OctetSet::from_items(&["0x00-0x1F", "!", "-", "a-c", "0x7F"]).unwrap();
        assert!(s.contains(0) && s.contains(0x1F) && !s.contains(0x20));
        assert!(s.contains(b'!') && s.contains(b'-') && s.contains(b'b'));
        assert_eq!(OctetSet::from_items(&s.to_items()).unwrap(), s);
    }

    #[test]
    fn word_searches_are_exact() {
        let s = b"\x80\x7F?#\xA3\xBF/0123456789?abcdefgh#";
        for len in 0..=s.len() {
            for start in 0..len {
                let b = &s[start..len];
                let want = b.iter().position(|&c| c == b'?' || c == b'#');
                assert_eq!(first_of2(b, b'?', b'#'), want, "{b:?}");
                let want = b.iter().position(|&c| c == 0xBF);
                assert_eq!(first_of(b, 0xBF), want, "{b:?}");
            }
        }
        for x in 0..=255u8 {
            for n in 0..=255u8 {
                let m = eq_mask(u64::from_le_bytes([x, n, 0, 1, 0x80, 0xFF, x, n]), n);
                let want = [x, n, 0, 1, 0x80, 0xFF, x, n]
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &c)| m | (u64::from(c == n) << (8 * i + 7)));
                assert_eq!(m, want, "{x} {n}");
            }
        }
    }

    #[test]
    fn bad_items_are_errors() {
        assert!(OctetSet::from_items(&["0x100"]).is_err());
        assert!(OctetSet::from_items(&["ab"]).is_err());
        assert!(OctetSet::from_items(&["z-a"]).is_err());
    }
}
