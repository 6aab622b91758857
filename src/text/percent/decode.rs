//! Percent-decoding: reading `%XX` escapes ([`escape_at`]) and the
//! decoders the canonicalizer and the host pipeline need (UTF-8 with
//! error handling, Latin-1, selected octets, unreserved characters).
//!
//! `percent_decode_utf8("b%C3%BCcher")` → `bücher`.

use crate::text::octets::{first_of, OctetSet};
use std::borrow::Cow;

/// The unreserved characters of RFC 3986 as octets: `A-Z a-z 0-9 - . _ ~`
/// (specification "Unreserved characters").
///
/// ```
/// use urlprism::text::percent::UNRESERVED;
/// assert!(UNRESERVED.contains(b'~') && !UNRESERVED.contains(b'%'));
/// ```
pub const UNRESERVED: OctetSet = OctetSet::EMPTY
    .with_range(b'A', b'Z')
    .with_range(b'a', b'z')
    .with_range(b'0', b'9')
    .with_all(b"-._~");

/// Whether `b` is an unreserved character of RFC 3986 (`A-Z a-z 0-9 - . _ ~`).
///
/// ```
/// assert!(urlprism::text::percent::is_unreserved(b'_'));
/// assert!(!urlprism::text::percent::is_unreserved(b'!'));
/// ```
#[inline]
pub const fn is_unreserved(b: u8) -> bool {
    UNRESERVED.contains(b)
}

/// Whether `c` is an unreserved character of RFC 3986.
#[inline]
pub fn is_unreserved_char(c: char) -> bool {
    c.is_ascii() && is_unreserved(c as u8)
}

/// The value of the hexadecimal digit `b` (either case), if it is one.
#[inline]
pub const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// The octet of the escape `%XX` (either case) starting at byte `i` of `s`,
/// if there is one.
///
/// ```
/// use urlprism::text::percent::escape_at;
/// assert_eq!(escape_at(b"a%2fb", 1), Some(0x2F));
/// assert_eq!(escape_at(b"a%2zb", 1), None);
/// assert_eq!(escape_at(b"a%2", 1), None);
/// ```
#[inline]
pub fn escape_at(s: &[u8], i: usize) -> Option<u8> {
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*s.get(i + 1)?)?;
    let lo = hex_value(*s.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Percent-decodes `s` to octets: each `%XX` (either case) becomes the octet,
/// every other byte (including a `%` not followed by two hexadecimal
/// digits) is kept.  Borrowed when `s` has no escape.
///
/// ```
/// use urlprism::text::percent::percent_decode_bytes;
/// assert_eq!(&*percent_decode_bytes("a%2Fb%e4%b8%80%zz%4"), b"a/b\xE4\xB8\x80%zz%4");
/// ```
pub fn percent_decode_bytes(s: &str) -> Cow<'_, [u8]> {
    let bytes = s.as_bytes();
    let Some(first) = first_escape(bytes) else {
        return Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        if let Some(o) = escape_at(bytes, i) {
            out.push(o);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Cow::Owned(out)
}

fn first_escape(bytes: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = first_of(&bytes[from..], b'%') {
        let i = from + p;
        if escape_at(bytes, i).is_some() {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

/// Decodes octets as UTF-8 "with error handling" (WHATWG): each maximal
/// invalid subsequence becomes one U+FFFD.  Borrowed when `bytes` is valid.
///
/// ```
/// use urlprism::text::percent::decode_utf8_lossy;
/// assert_eq!(decode_utf8_lossy(b"a\xE4\xB8b\x80\xC3\xA9"), "a\u{FFFD}b\u{FFFD}é");
/// ```
pub fn decode_utf8_lossy(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// Percent-decodes `s` and decodes the octets as UTF-8 with error handling:
/// CanonicalizeHost step 6 (THIS/CHROME) and the drive letter of `file:`
/// URLs ("percent-decoded (as a UTF-8 string)").  Borrowed when `s` has no
/// escape.
///
/// ```
/// use urlprism::text::percent::percent_decode_utf8;
/// assert_eq!(percent_decode_utf8("%E4%B8%80.%41%e4%zz"), "一.A\u{FFFD}%zz");
/// ```
pub fn percent_decode_utf8(s: &str) -> Cow<'_, str> {
    match percent_decode_bytes(s) {
        Cow::Borrowed(_) => Cow::Borrowed(s),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(t) => Cow::Owned(t),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Decodes the escapes `%XX` (either case) whose octet is an ASCII octet of
/// `octets`, leaving every other escape as written (case kept).  Octets
/// ≥ 0x80 in `octets` are ignored: alone they are not characters.  Used by
/// IE's CanonicalizeHost step 7 and by [`decode_unreserved`].
///
/// ```
/// use urlprism::profile::OctetSet;
/// use urlprism::text::percent::percent_decode_selected;
/// let digits = OctetSet::EMPTY.with_range(b'0', b'9');
/// assert_eq!(percent_decode_selected("%31%2f%32", &digits), "1%2f2");
/// ```
pub fn percent_decode_selected<'a>(s: &'a str, octets: &OctetSet) -> Cow<'a, str> {
    decode_escapes_to_chars(s, |o| o < 0x80 && octets.contains(o))
}

/// Replaces each escape `%XX` whose octet `keep` accepts by the character
/// U+00XX, leaving the others as written; borrows `s` when none is replaced.
fn decode_escapes_to_chars(s: &str, keep: impl Fn(u8) -> bool) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    let selected = |i: usize| escape_at(bytes, i).filter(|&o| keep(o));
    let mut from = 0;
    let first = loop {
        match first_of(&bytes[from..], b'%') {
            None => return Cow::Borrowed(s),
            Some(p) => {
                if selected(from + p).is_some() {
                    break from + p;
                }
                from += p + 1;
            }
        }
    };
    let mut out = String::with_capacity(s.len());
    out.push_str(&s[..first]);
    let mut run_start = first;
    let mut i = first;
    while i < bytes.len() {
        if let Some(o) = selected(i) {
            out.push_str(&s[run_start..i]);
            out.push(char::from(o));
            i += 3;
            run_start = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[run_start..]);
    Cow::Owned(out)
}

/// "Percent-decode percent-encoded representations of unreserved
/// characters" (path canonicalization): `%41` becomes `A`, `%7e` becomes
/// `~`; every other escape, and a `%` not followed by two hexadecimal
/// digits, is kept as written.
///
/// ```
/// use urlprism::text::percent::decode_unreserved;
/// assert_eq!(decode_unreserved("/foo%00%51/%63/%7bfoo%7d/%2e%2"), "/foo%00Q/c/%7bfoo%7d/.%2");
/// ```
pub fn decode_unreserved(s: &str) -> Cow<'_, str> {
    percent_decode_selected(s, &UNRESERVED)
}

/// [`decode_unreserved`], made idempotent: a `%` that was not an escape in
/// `s` but would begin one once its neighbours are decoded is written
/// `%25`, so that decoding never forms a new escape.
///
/// Without this, `%4%41` decodes to `%4A`, which the next canonicalization
/// decodes to `J`; the specification asks for an idempotent algorithm, and
/// a literal `%` means the same as `%25`.
///
/// ```
/// use urlprism::text::percent::decode_unreserved_idempotent;
/// assert_eq!(decode_unreserved_idempotent("/%4%41"), "/%254A");
/// assert_eq!(decode_unreserved_idempotent("/%%34%31"), "/%2541");
/// assert_eq!(decode_unreserved_idempotent("/%4%2F%41"), "/%4%2FA");
/// assert_eq!(decode_unreserved_idempotent("/%41%4"), "/A%4");
/// assert_eq!(decode_unreserved_idempotent("/%3023%%35%30%2e"), "/023%2550.");
/// ```
pub fn decode_unreserved_idempotent(s: &str) -> Cow<'_, str> {
    let decoded = decode_unreserved(s);
    let Cow::Owned(out) = &decoded else {
        return decoded;
    };
    // Decoding removes the `%` of the escapes it decodes and makes no new
    // `%` (`%` is not unreserved), so the k-th `%` of the output is the k-th
    // `%` of the input that was not decoded: compare whether each begins an
    // escape before and after.
    let (inb, outb) = (s.as_bytes(), out.as_bytes());
    let decoded_here = |i: usize| escape_at(inb, i).is_some_and(is_unreserved);
    let in_pcts = inb
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'%' && !decoded_here(i))
        .map(|(i, _)| i);
    let out_pcts = outb
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'%')
        .map(|(i, _)| i);
    let formed: Vec<usize> = in_pcts
        .zip(out_pcts)
        .filter(|&(i, o)| escape_at(inb, i).is_none() && escape_at(outb, o).is_some())
        .map(|(_, o)| o)
        .collect();
    if formed.is_empty() {
        return decoded;
    }
    let mut fixed = String::with_capacity(out.len() + 2 * formed.len());
    let mut from = 0;
    for o in formed {
        fixed.push_str(&out[from..=o]);
        fixed.push_str("25");
        from = o + 1;
    }
    fixed.push_str(&out[from..]);
    Cow::Owned(fixed)
}

/// CHROME's CanonicalizeHost step 23: each escape `%XX` becomes the
/// character U+00XX (U+0000-U+00FF).
///
/// ```
/// use urlprism::text::percent::percent_decode_latin1;
/// assert_eq!(percent_decode_latin1("a%C3%A9%zz"), "a\u{C3}\u{A9}%zz");
/// ```
pub fn percent_decode_latin1(s: &str) -> Cow<'_, str> {
    decode_escapes_to_chars(s, |_| true)
}

/// IE's CanonicalizeHost step 29: whether `s` contains `%00` or a `%` not
/// followed by two hexadecimal digits.
///
/// ```
/// use urlprism::text::percent::has_bad_escape;
/// assert!(has_bad_escape("a%00b") && has_bad_escape("a%zz") && has_bad_escape("a%4"));
/// assert!(!has_bad_escape("a%41%e4"));
/// ```
pub fn has_bad_escape(s: &str) -> bool {
    let bytes = s.as_bytes();
    bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'%' && matches!(escape_at(bytes, i), None | Some(0)))
}
