//! Percent-encoding and percent-decoding.
//!
//! Everything about `%XX` lives here: the specification's "steps to
//! percent-encode a string" ([`percent_encode`]), the octet sets the
//! canonicalization steps pass to it ([`USERINFO_SET`], [`PATH_SET`],
//! [`OPAQUE_PATH_SET`], [`QUERY_SET`], [`FRAGMENT_SET`],
//! [`FRAGMENT_C1_SET`]), and the decoding helpers the canonicalizer and the
//! host pipeline need ([`decode_unreserved`], [`percent_decode_bytes`],
//! [`percent_decode_utf8`], [`decode_utf8_lossy`], [`percent_decode_latin1`],
//! [`percent_decode_selected`], [`has_bad_escape`]).
//!
//! Every function is linear in the length of its input and never panics.
//!
//! # The `0x2D (,)` typo
//!
//! The specification lists "0x2D (,)" among the octets that the user,
//! password, path and query steps do *not* encode.  0x2D is `-` (already
//! unreserved); the comma is 0x2C.  The suite settles it: `http://x:a,b@foo/`
//! keeps its password `a,b`, `mailto:addr1, addr2` becomes
//! `mailto:addr1,%20addr2`, `?a,b` stays `?a,b`.  The sets below therefore
//! leave both 0x2C and 0x2D unencoded.
//!
//! # `?` in the query
//!
//! The query step's list of unencoded octets omits 0x3F (`?`), but the suite
//! expects `http://example.com/?a?b` to keep its `?` (and the ISO-2022-JP
//! record keeps the `?` that replaces an unrepresentable character), so
//! [`QUERY_SET`] leaves `?` unencoded.

use crate::octets::{first_of, OctetSet};
use crate::profile::HexCase;
use encoding_rs::{EncoderResult, Encoding, UTF_8};
use std::borrow::Cow;

/// The unreserved characters of RFC 3986 as octets: `A-Z a-z 0-9 - . _ ~`
/// (specification "Unreserved characters").
///
/// ```
/// use urlprism::percent::UNRESERVED;
/// assert!(UNRESERVED.contains(b'~') && !UNRESERVED.contains(b'%'));
/// ```
pub const UNRESERVED: OctetSet = OctetSet::EMPTY
    .with_range(b'A', b'Z')
    .with_range(b'a', b'z')
    .with_range(b'0', b'9')
    .with_all(b"-._~");

/// Octets the canonicalization step percent-encodes in the `user` and
/// `password` components: every octet except the unreserved ones and
/// `! $ % & ' ( ) * + ,` (the spec's "0x2D (,)" read as the comma, see the
/// module documentation; `-` is unreserved anyway).
///
/// ```
/// use urlprism::percent::{percent_encode, USERINFO_SET};
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode("a:b;c,d@é", encoding_rs::UTF_8, &USERINFO_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, "a%3Ab%3Bc,d%40%C3%A9");
/// ```
pub const USERINFO_SET: OctetSet = UNRESERVED.with_all(b"!$%&'()*+,").complement();

/// Octets the canonicalization step percent-encodes in the `path` of a
/// hierarchical (or `mailto:`) URL: every octet except the unreserved ones
/// and `! # $ % & ' ( ) * + , / : ; = @ [ ]`.
///
/// ```
/// use urlprism::percent::{percent_encode, PATH_SET};
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode("/a b/<c>|{d}/%41", encoding_rs::UTF_8, &PATH_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, "/a%20b/%3Cc%3E%7C%7Bd%7D/%41");
/// ```
pub const PATH_SET: OctetSet = UNRESERVED.with_all(b"!#$%&'()*+,/:;=@[]").complement();

/// Octets the canonicalization step percent-encodes in the `path` of a URL
/// that is not hierarchical: 0x00-0x1F and 0x7F-0xFF.
///
/// ```
/// use urlprism::percent::{percent_encode, OPAQUE_PATH_SET};
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode(",fo \"o\u{7F}一", encoding_rs::UTF_8, &OPAQUE_PATH_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, ",fo \"o%7F%E4%B8%80");
/// ```
pub const OPAQUE_PATH_SET: OctetSet = OctetSet::EMPTY
    .with_range(0x00, 0x1F)
    .with_range(0x7F, 0xFF);

/// Octets the canonicalization step percent-encodes in the `query`: every
/// octet except the unreserved ones and
/// `! # $ % & ' ( ) * + , / : ; = ? @ [ ] \ ^ `` ` `` { | }` (`?` added
/// from the suite, see the module documentation).  So: controls, space,
/// `"`, `<`, `>`, 0x7F and every octet ≥ 0x80.
///
/// ```
/// use urlprism::percent::{percent_encode, QUERY_SET};
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode("q=\"<a b>\"?{|}", encoding_rs::UTF_8, &QUERY_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, "q=%22%3Ca%20b%3E%22?{|}");
/// ```
pub const QUERY_SET: OctetSet = UNRESERVED
    .with_all(b"!#$%&'()*+,/:;=?@[]\\^`{|}")
    .complement();

/// The first half of the fragment step: the octets (0x80-0xFF) to which the
/// UTF-8 encodings of the C1 controls U+0080-U+009F are percent-encoded.
/// Only C1 characters are encoded with it; see [`percent_encode_fragment`].
pub const FRAGMENT_C1_SET: OctetSet = OctetSet::EMPTY.with_range(0x80, 0xFF);

/// The second half of the fragment step: 0x00-0x1F and 0x7F, encoded in
/// UTF-8.  See [`percent_encode_fragment`].
pub const FRAGMENT_SET: OctetSet = OctetSet::EMPTY.with_range(0x00, 0x1F).with(0x7F);

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// Whether `b` is an unreserved character of RFC 3986 (`A-Z a-z 0-9 - . _ ~`).
///
/// ```
/// assert!(urlprism::percent::is_unreserved(b'_'));
/// assert!(!urlprism::percent::is_unreserved(b'!'));
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
/// use urlprism::percent::escape_at;
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

/// Appends the percent-encoded form of the octet `b` (`%XX`) to `out`,
/// with hexadecimal digits of case `hex`.
///
/// ```
/// use urlprism::profile::HexCase;
/// let mut s = String::new();
/// urlprism::percent::push_escape(0x3C, HexCase::Lower, &mut s);
/// urlprism::percent::push_escape(0xAB, HexCase::Upper, &mut s);
/// assert_eq!(s, "%3c%AB");
/// ```
#[inline]
pub fn push_escape(b: u8, hex: HexCase, out: &mut String) {
    let escapes = match hex {
        HexCase::Upper => UPPER_ESCAPES,
        HexCase::Lower => LOWER_ESCAPES,
    };
    let i = 3 * b as usize;
    out.push_str(escapes.get(i..i + 3).unwrap_or("%"));
}

/// The escapes of the 256 octets one after the other, `%00%01…%FF`: that
/// of the octet `b` is bytes `3b..3b + 3` (one copy of three bytes rather
/// than three pushes).
const fn escapes(digits: &[u8; 16]) -> [u8; 768] {
    let mut t = [0u8; 768];
    let mut b = 0;
    while b < 256 {
        t[3 * b] = b'%';
        t[3 * b + 1] = digits[b >> 4];
        t[3 * b + 2] = digits[b & 15];
        b += 1;
    }
    t
}

const UPPER_ESCAPE_BYTES: [u8; 768] = escapes(UPPER_HEX);
const LOWER_ESCAPE_BYTES: [u8; 768] = escapes(LOWER_HEX);
/// `%00%01…%FF`, uppercase hexadecimal digits.
const UPPER_ESCAPES: &str = match std::str::from_utf8(&UPPER_ESCAPE_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("escapes are ASCII"),
};
/// `%00%01…%ff`, lowercase hexadecimal digits.
const LOWER_ESCAPES: &str = match std::str::from_utf8(&LOWER_ESCAPE_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("escapes are ASCII"),
};

/// The specification's "steps to percent-encode a string": appends to `out`
/// the string `s` with the octets of `octets` percent-encoded.
///
/// 1-3. If `encoding` is not ASCII-compatible, UTF-8 is used instead.  The
///    suite decides what that means: UTF-16LE, UTF-16BE and *replacement*
///    become UTF-8, but ISO-2022-JP is used as it is (record
///    `http://foo/bar?一丁` with charset `iso-2022-jp` expects
///    `?%1B$B0lCz%1B(B`).  That is exactly encoding_rs's
///    [`Encoding::output_encoding`] (and the 2011 HTML definition of
///    "ASCII-compatible", which included the ISO-2022 family).
/// 5. Code points that cannot be represented in the encoding are replaced
///    by `?` (the replacement goes through the encoder, so in ISO-2022-JP it
///    is preceded by the switch back to ASCII).
/// 6. The string is encoded.
/// 7. Each octet of `octets` is replaced by `%XX`, with hexadecimal digits of
///    case `hex` (the specification says uppercase; IE's host step uses
///    lowercase).
/// 8. The result is decoded with the encoding, with error handling: octets
///    left unencoded that do not form a character become U+FFFD.
///
/// ASCII input in an ASCII-compatible encoding and UTF-8 take fast paths
/// that write straight into `out`.
///
/// ```
/// use urlprism::percent::{percent_encode, QUERY_SET};
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode("一丁", encoding_rs::SHIFT_JIS, &QUERY_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, "%88%EA%92%9A");
/// out.clear();
/// percent_encode("一丁", encoding_rs::UTF_16LE, &QUERY_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, "%E4%B8%80%E4%B8%81");
/// out.clear();
/// percent_encode("က", encoding_rs::EUC_JP, &QUERY_SET, HexCase::Upper, &mut out);
/// assert_eq!(out, "?");
/// ```
pub fn percent_encode(
    s: &str,
    encoding: &'static Encoding,
    octets: &OctetSet,
    hex: HexCase,
    out: &mut String,
) {
    let encoding = encoding.output_encoding();
    if encoding == UTF_8 || (encoding.is_ascii_compatible() && s.is_ascii()) {
        // In an ASCII-compatible encoding ASCII encodes and decodes as
        // itself, so ASCII input is the UTF-8 case.
        encode_utf8(s, octets, hex, out);
    } else {
        encode_generic(s, encoding, octets, hex, out);
    }
}

/// [`percent_encode`] returning a new string.
///
/// ```
/// use urlprism::percent::{percent_encoded, PATH_SET};
/// use urlprism::profile::HexCase;
/// assert_eq!(percent_encoded("/a b", encoding_rs::UTF_8, &PATH_SET, HexCase::Upper), "/a%20b");
/// ```
pub fn percent_encoded(
    s: &str,
    encoding: &'static Encoding,
    octets: &OctetSet,
    hex: HexCase,
) -> String {
    let mut out = String::with_capacity(s.len());
    percent_encode(s, encoding, octets, hex, &mut out);
    out
}

/// [`percent_encode`] without allocating when nothing changes: borrowed
/// when `s` has no octet of `octets` and the encoding leaves it as it is
/// (UTF-8, or ASCII input in an ASCII-compatible encoding), which is the
/// common case for canonical URLs.
///
/// ```
/// use std::borrow::Cow;
/// use urlprism::percent::{percent_encode_cow, PATH_SET};
/// use urlprism::profile::HexCase;
/// let utf8 = encoding_rs::UTF_8;
/// assert!(matches!(percent_encode_cow("/a/b", utf8, &PATH_SET, HexCase::Upper), Cow::Borrowed("/a/b")));
/// assert_eq!(percent_encode_cow("/a b", utf8, &PATH_SET, HexCase::Upper), "/a%20b");
/// ```
pub fn percent_encode_cow<'a>(
    s: &'a str,
    encoding: &'static Encoding,
    octets: &OctetSet,
    hex: HexCase,
) -> Cow<'a, str> {
    let encoding = encoding.output_encoding();
    let as_is = encoding == UTF_8 || (encoding.is_ascii_compatible() && s.is_ascii());
    if !as_is {
        return Cow::Owned(percent_encoded(s, encoding, octets, hex));
    }
    let Some(first) = first_to_encode(s.as_bytes(), octets) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::new();
    encode_utf8_from(s, first, octets, hex, &mut out);
    Cow::Owned(out)
}

/// An octet set as a table of 256 flags, for the scans of
/// [`first_to_encode`]: `table(&PATH_SET)[b' ' as usize]` is `true`.
const fn table(octets: &OctetSet) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = octets.contains(b as u8);
        b += 1;
    }
    t
}

static PATH_TABLE: [bool; 256] = table(&PATH_SET);
static QUERY_TABLE: [bool; 256] = table(&QUERY_SET);
static USERINFO_TABLE: [bool; 256] = table(&USERINFO_SET);
static OPAQUE_PATH_TABLE: [bool; 256] = table(&OPAQUE_PATH_SET);

/// The table of `octets` when it is one of the sets of canonicalization.
#[inline]
fn table_of(octets: &OctetSet) -> Option<&'static [bool; 256]> {
    if *octets == PATH_SET {
        Some(&PATH_TABLE)
    } else if *octets == QUERY_SET {
        Some(&QUERY_TABLE)
    } else if *octets == USERINFO_SET {
        Some(&USERINFO_TABLE)
    } else if *octets == OPAQUE_PATH_SET {
        Some(&OPAQUE_PATH_TABLE)
    } else {
        None
    }
}

/// The index of the first byte of `bytes` in `octets`.  For the sets of
/// canonicalization, a table lookup per byte, eight bytes at a time
/// without a branch.
#[inline]
fn first_to_encode(bytes: &[u8], octets: &OctetSet) -> Option<usize> {
    let Some(t) = table_of(octets) else {
        return bytes.iter().position(|&b| octets.contains(b));
    };
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |any, &b| any | t[b as usize]) {
            return chunk.iter().position(|&b| t[b as usize]).map(|p| at + p);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| t[b as usize])
        .map(|p| at + p)
}

/// The UTF-8 path of [`percent_encode`]: unescaped runs are copied as
/// slices of `s`.
fn encode_utf8(s: &str, octets: &OctetSet, hex: HexCase, out: &mut String) {
    let bytes = s.as_bytes();
    // Fast path: a scan for the first octet to encode; most strings have
    // none and are copied at once.
    let Some(first) = first_to_encode(bytes, octets) else {
        out.push_str(s);
        return;
    };
    encode_utf8_from(s, first, octets, hex, out);
}

/// [`encode_utf8`] of `s` whose first octet to encode is at `first`.
fn encode_utf8_from(s: &str, first: usize, octets: &OctetSet, hex: HexCase, out: &mut String) {
    let bytes = s.as_bytes();
    // Each octet to encode takes three bytes instead of one.
    let to_encode = match table_of(octets) {
        Some(t) => bytes[first..]
            .iter()
            .map(|&b| usize::from(t[b as usize]))
            .sum(),
        None => bytes[first..]
            .iter()
            .filter(|&&b| octets.contains(b))
            .count(),
    };
    out.reserve(s.len() + 2 * to_encode);
    if octets.contains_all_non_ascii() {
        // Every octet of a multi-byte character is encoded: the runs left
        // as they are are ASCII, and `s` is encoded octet by octet.
        out.push_str(&s[..first]);
        let mut run_start = first;
        for (i, &b) in bytes.iter().enumerate().skip(first) {
            if octets.contains(b) {
                // A run that is not empty begins at an ASCII octet.
                if run_start < i {
                    out.push_str(&s[run_start..i]);
                }
                push_escape(b, hex, out);
                run_start = i + 1;
            }
        }
        if run_start < s.len() {
            out.push_str(&s[run_start..]);
        }
        return;
    }
    // Bytes before `first` are not in the set; if `first` is inside a
    // multi-byte character, restart at its lead byte.
    let mut i = first;
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    let mut run_start = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if octets.contains(b) {
                out.push_str(&s[run_start..i]);
                push_escape(b, hex, out);
                run_start = i + 1;
            }
            i += 1;
            continue;
        }
        // `s` is valid UTF-8, so `b` is a lead byte.
        let len = if b < 0xE0 {
            2
        } else if b < 0xF0 {
            3
        } else {
            4
        };
        let end = (i + len).min(bytes.len());
        let seq = &bytes[i..end];
        let escaped = seq.iter().filter(|&&o| octets.contains(o)).count();
        if escaped == 0 {
            i = end;
            continue;
        }
        out.push_str(&s[run_start..i]);
        if escaped == seq.len() {
            for &o in seq {
                push_escape(o, hex, out);
            }
        } else {
            // Some octets of the character are encoded and some are not:
            // the octets left alone no longer form a character, and step 8
            // decodes each maximal run of them with error handling.
            let mut raw = 0;
            for (k, &o) in seq.iter().enumerate() {
                if octets.contains(o) {
                    out.push_str(&String::from_utf8_lossy(&seq[raw..k]));
                    push_escape(o, hex, out);
                    raw = k + 1;
                }
            }
            out.push_str(&String::from_utf8_lossy(&seq[raw..]));
        }
        i = end;
        run_start = i;
    }
    out.push_str(&s[run_start..]);
}

/// The general path of [`percent_encode`]: encode (unrepresentable code
/// points become `?`), escape, decode.
fn encode_generic(
    s: &str,
    encoding: &'static Encoding,
    octets: &OctetSet,
    hex: HexCase,
    out: &mut String,
) {
    let mut encoder = encoding.new_encoder();
    let mut encoded: Vec<u8> = Vec::with_capacity(s.len() + 8);
    let mut src = s;
    // Steps 5 and 6.  `last` is false throughout; the encoder is flushed
    // with an empty final call (ISO-2022-JP returns to ASCII there).
    loop {
        let need = encoder
            .max_buffer_length_from_utf8_without_replacement(src.len())
            .unwrap_or(src.len().saturating_mul(4).saturating_add(16));
        encoded.reserve(need);
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(src, &mut encoded, false);
        src = &src[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => encoded.reserve(16),
            EncoderResult::Unmappable(_) => loop {
                encoded.reserve(8);
                let (r, _) =
                    encoder.encode_from_utf8_to_vec_without_replacement("?", &mut encoded, false);
                if !matches!(r, EncoderResult::OutputFull) {
                    break;
                }
            },
        }
    }
    loop {
        encoded.reserve(16);
        let (r, _) = encoder.encode_from_utf8_to_vec_without_replacement("", &mut encoded, true);
        if !matches!(r, EncoderResult::OutputFull) {
            break;
        }
    }
    // Step 7.
    let mut escaped = String::with_capacity(encoded.len());
    let mut bytes: Vec<u8> = Vec::with_capacity(encoded.len() * 3);
    for &b in &encoded {
        if octets.contains(b) {
            escaped.clear();
            push_escape(b, hex, &mut escaped);
            bytes.extend_from_slice(escaped.as_bytes());
        } else {
            bytes.push(b);
        }
    }
    // Step 8.
    let (decoded, _had_errors) = encoding.decode_without_bom_handling(&bytes);
    out.push_str(&decoded);
}

/// The fragment step of "the steps to canonicalize a URL": the C1 controls
/// U+0080-U+009F are percent-encoded as UTF-8 (octets [`FRAGMENT_C1_SET`]),
/// then the octets 0x00-0x1F and 0x7F ([`FRAGMENT_SET`]).  Other non-ASCII
/// characters are left as they are.  Appends to `out`.
///
/// ```
/// use urlprism::percent::percent_encode_fragment;
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode_fragment("a\u{85}b\u{1}\u{A0}é %41", HexCase::Upper, &mut out);
/// assert_eq!(out, "a%C2%85b%01\u{A0}é %41");
/// ```
pub fn percent_encode_fragment(s: &str, hex: HexCase, out: &mut String) {
    out.reserve(s.len());
    let mut run_start = 0;
    for (i, c) in s.char_indices() {
        let cp = c as u32;
        if cp < 0x80 {
            if FRAGMENT_SET.contains(cp as u8) {
                out.push_str(&s[run_start..i]);
                push_escape(cp as u8, hex, out);
                run_start = i + 1;
            }
        } else if (0x80..=0x9F).contains(&cp) {
            out.push_str(&s[run_start..i]);
            let mut buf = [0u8; 4];
            for &o in c.encode_utf8(&mut buf).as_bytes() {
                push_escape(o, hex, out);
            }
            run_start = i + c.len_utf8();
        }
    }
    out.push_str(&s[run_start..]);
}

/// Percent-decodes `s` to octets: each `%XX` (either case) becomes the octet,
/// every other byte (including a `%` not followed by two hexadecimal
/// digits) is kept.  Borrowed when `s` has no escape.
///
/// ```
/// use urlprism::percent::percent_decode_bytes;
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
/// use urlprism::percent::decode_utf8_lossy;
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
/// use urlprism::percent::percent_decode_utf8;
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
/// use urlprism::percent::percent_decode_selected;
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
/// use urlprism::percent::decode_unreserved;
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
/// use urlprism::percent::decode_unreserved_idempotent;
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
/// use urlprism::percent::percent_decode_latin1;
/// assert_eq!(percent_decode_latin1("a%C3%A9%zz"), "a\u{C3}\u{A9}%zz");
/// ```
pub fn percent_decode_latin1(s: &str) -> Cow<'_, str> {
    decode_escapes_to_chars(s, |_| true)
}

/// IE's CanonicalizeHost step 29: whether `s` contains `%00` or a `%` not
/// followed by two hexadecimal digits.
///
/// ```
/// use urlprism::percent::has_bad_escape;
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

/// Where the conformance suite is, for the unit tests of
/// this module and of [`crate::ipv4`] / [`crate::ipv6`].
#[cfg(test)]
pub(crate) mod suite_reader {
    use std::path::PathBuf;

    /// The suite directory, or `None` (after a note) when it is missing;
    /// panics when it is missing and `CI` is set.
    pub fn suite_dir() -> Option<PathBuf> {
        let dir = std::env::var_os("URLPRISM_SUITE_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../shared/conformance/tests-web-url"
                ))
            });
        if dir.is_dir() {
            Some(dir)
        } else if std::env::var_os("CI").is_some() {
            panic!("conformance suite not found at {}", dir.display());
        } else {
            eprintln!("skipping: conformance suite not found at {}", dir.display());
            None
        }
    }

    /// Reads the records of `file` in the suite directory, with the
    /// crate's suite reader.
    pub fn read(file: &str) -> Option<Vec<crate::conformance::Record>> {
        let path = suite_dir()?.join(file);
        Some(crate::conformance::read_suite_file(&path).unwrap_or_else(|e| panic!("{e}")))
    }

    /// The records of `file` whose input is an `http://` URL with an
    /// expected `#host`: `(input, host as written, expected host)`.
    pub fn http_hosts(file: &str) -> Option<Vec<(String, String, String)>> {
        let records = read(file)?;
        let hosts = records.iter().filter_map(|r| {
            let (data, host) = (r.get("data")?, r.get("host")?);
            let raw = data.strip_prefix("http://")?.split('/').next()?;
            Some((data.to_string(), raw.to_string(), host.to_string()))
        });
        Some(hosts.collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{
        EUC_JP, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, UTF_16LE, WINDOWS_1252,
    };

    fn enc(s: &str, e: &'static Encoding, set: &OctetSet) -> String {
        percent_encoded(s, e, set, HexCase::Upper)
    }

    #[test]
    fn ascii_and_hex_case() {
        assert_eq!(enc("a b<c>", UTF_8, &QUERY_SET), "a%20b%3Cc%3E");
        assert_eq!(
            percent_encoded("\u{7F}^", UTF_8, &PATH_SET, HexCase::Lower),
            "%7f%5e"
        );
        assert_eq!(enc("", UTF_8, &OctetSet::ALL), "");
        assert_eq!(enc("abc", UTF_8, &OctetSet::ALL), "%61%62%63");
        assert_eq!(enc("abc", UTF_8, &OctetSet::EMPTY), "abc");
    }

    #[test]
    fn sets_match_the_spec() {
        for b in 0u16..256 {
            let b = b as u8;
            let unres = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
            assert_eq!(is_unreserved(b), unres, "{b:#x}");
            assert_eq!(
                USERINFO_SET.contains(b),
                !(unres || b"!$%&'()*+,".contains(&b)),
                "{b:#x}"
            );
            assert_eq!(
                PATH_SET.contains(b),
                !(unres || b"!#$%&'()*+,/:;=@[]".contains(&b)),
                "{b:#x}"
            );
            assert_eq!(
                QUERY_SET.contains(b),
                !(unres || b"!#$%&'()*+,/:;=?@[]\\^`{|}".contains(&b)),
                "{b:#x}"
            );
            assert_eq!(OPAQUE_PATH_SET.contains(b), !(0x20..0x7F).contains(&b));
            assert_eq!(FRAGMENT_SET.contains(b), b < 0x20 || b == 0x7F);
        }
    }

    #[test]
    fn utf8_non_ascii() {
        assert_eq!(enc("a一b", UTF_8, &QUERY_SET), "a%E4%B8%80b");
        assert_eq!(enc("\u{103FF}", UTF_8, &PATH_SET), "%F0%90%8F%BF");
        // Only some octets of a character in the set: the rest decode to U+FFFD.
        let only_80 = OctetSet::EMPTY.with(0x80);
        assert_eq!(enc("一", UTF_8, &only_80), "\u{FFFD}%80");
        let only_e4 = OctetSet::EMPTY.with(0xE4);
        assert_eq!(enc("一x", UTF_8, &only_e4), "%E4\u{FFFD}\u{FFFD}x");
        // Non-ASCII kept when no octet is in the set.
        assert_eq!(enc("é\u{A0}", UTF_8, &FRAGMENT_SET), "é\u{A0}");
    }

    #[test]
    fn legacy_encodings() {
        assert_eq!(enc("一丁", SHIFT_JIS, &QUERY_SET), "%88%EA%92%9A");
        assert_eq!(enc("一丁", EUC_JP, &QUERY_SET), "%B0%EC%C3%FA");
        assert_eq!(enc("က", EUC_JP, &QUERY_SET), "?");
        assert_eq!(enc("a€é", WINDOWS_1252, &QUERY_SET), "a%80%E9");
        assert_eq!(enc("a一b", WINDOWS_1252, &QUERY_SET), "a?b");
        // Unencoded non-ASCII octets decode back to the characters.
        assert_eq!(enc("a€é", WINDOWS_1252, &OctetSet::EMPTY), "a€é");
        assert_eq!(enc("一", SHIFT_JIS, &OctetSet::EMPTY), "一");
        // ASCII fast path in a legacy encoding.
        assert_eq!(enc("a b", SHIFT_JIS, &QUERY_SET), "a%20b");
    }

    #[test]
    fn non_ascii_compatible_encodings_become_utf8() {
        for e in [UTF_16LE, UTF_16BE, REPLACEMENT] {
            assert_eq!(enc("一丁", e, &QUERY_SET), "%E4%B8%80%E4%B8%81");
            assert_eq!(enc("abcdef", e, &QUERY_SET), "abcdef");
        }
    }

    #[test]
    fn iso_2022_jp_is_used_as_it_is() {
        // Suite decomps-charsets.dat.
        assert_eq!(enc("一丁", ISO_2022_JP, &QUERY_SET), "%1B$B0lCz%1B(B");
        assert_eq!(
            enc("一က丁", ISO_2022_JP, &QUERY_SET),
            "%1B$B0l%1B(B?%1B$BCz%1B(B"
        );
        assert_eq!(enc("abc", ISO_2022_JP, &QUERY_SET), "abc");
        // ESC cannot be encoded in the ASCII state: `?`.
        assert_eq!(enc("a\u{1B}b", ISO_2022_JP, &QUERY_SET), "a?b");
        // Unescaped, the escape sequences decode back to the characters.
        assert_eq!(enc("一丁", ISO_2022_JP, &OctetSet::EMPTY), "一丁");
    }

    #[test]
    fn fragment() {
        let mut out = String::new();
        percent_encode_fragment(
            "a\u{0}\u{7F}\u{80}\u{9F}\u{A0}\u{FFFD}#x",
            HexCase::Upper,
            &mut out,
        );
        assert_eq!(out, "a%00%7F%C2%80%C2%9F\u{A0}\u{FFFD}#x");
        out.clear();
        percent_encode_fragment("plain", HexCase::Upper, &mut out);
        assert_eq!(out, "plain");
    }

    #[test]
    fn decoding() {
        assert_eq!(&*percent_decode_bytes("%"), b"%");
        assert_eq!(&*percent_decode_bytes("%%41"), b"%A");
        assert_eq!(&*percent_decode_bytes("%4%41"), b"%4A");
        assert_eq!(&*percent_decode_bytes("%C3%a9"), "é".as_bytes());
        assert!(matches!(percent_decode_bytes("abc%zz"), Cow::Borrowed(_)));
        assert_eq!(percent_decode_utf8("%ff%41"), "\u{FFFD}A");
        assert_eq!(percent_decode_utf8("%F0%90%8C"), "\u{FFFD}");
        assert_eq!(percent_decode_utf8("%ED%A0%80"), "\u{FFFD}\u{FFFD}\u{FFFD}");
        assert_eq!(percent_decode_utf8("一%E4%B8%80"), "一一");
        assert!(matches!(percent_decode_utf8("plain"), Cow::Borrowed(_)));
        assert_eq!(
            decode_unreserved("%41%2D%2e%5F%7E%7e%20%25%2F"),
            "A-._~~%20%25%2F"
        );
        assert_eq!(decode_unreserved("%%41%"), "%A%");
        assert!(matches!(decode_unreserved("%2F%zz"), Cow::Borrowed(_)));
        assert_eq!(percent_decode_selected("%C3%41", &OctetSet::ALL), "%C3A");
        assert_eq!(percent_decode_latin1("%41%ff"), "A\u{FF}");
        assert!(!has_bad_escape("") && has_bad_escape("%") && !has_bad_escape("%2a"));
    }

    #[test]
    fn tables_agree_with_the_sets() {
        // Octet by octet, as the specification's step 7 reads: the table
        // scans and the octet-by-octet loop give the same escapes.
        fn reference(s: &str, octets: &OctetSet) -> String {
            let mut out = Vec::new();
            for &b in s.as_bytes() {
                if octets.contains(b) {
                    out.extend_from_slice(format!("%{b:02X}").as_bytes());
                } else {
                    out.push(b);
                }
            }
            String::from_utf8_lossy(&out).into_owned()
        }
        let other = OctetSet::EMPTY.with_range(0x80, 0xFF).with(b'a');
        for set in [
            &PATH_SET,
            &QUERY_SET,
            &USERINFO_SET,
            &OPAQUE_PATH_SET,
            &other,
        ] {
            for b in 0..=255u8 {
                assert_eq!(
                    table_of(set).is_some_and(|t| t[b as usize]),
                    table_of(set).is_some() && set.contains(b)
                );
            }
            for s in [
                "",
                "/abcdefgh/ijklmnop",
                "/a b/é/一/💩 x\u{7F}\t",
                "/статьи/новости?q=1#f",
                "ééééééééé a",
            ] {
                let got = percent_encode_cow(s, UTF_8, set, HexCase::Upper);
                assert_eq!(got, reference(s, set), "{s:?}");
            }
        }
    }

    #[test]
    fn linear_on_huge_input() {
        let big = "%".repeat(200_000) + &"é".repeat(100_000) + &"%41".repeat(100_000);
        let t = std::time::Instant::now();
        let _ = percent_encoded(&big, UTF_8, &QUERY_SET, HexCase::Upper);
        let _ = percent_encoded(&big, SHIFT_JIS, &QUERY_SET, HexCase::Upper);
        let _ = percent_encoded(&big, ISO_2022_JP, &QUERY_SET, HexCase::Upper);
        let _ = decode_unreserved(&big);
        let _ = percent_decode_utf8(&big);
        let _ = percent_decode_latin1(&big);
        assert!(!has_bad_escape(&"%41".repeat(100_000)));
        assert!(t.elapsed().as_secs() < 10);
    }

    proptest::proptest! {
        #[test]
        fn encoding_round_trips(s in "\\PC{0,40}", e in 0usize..5) {
            let e = [UTF_8, SHIFT_JIS, EUC_JP, WINDOWS_1252, ISO_2022_JP][e];
            let set = QUERY_SET.with(b'%');
            let out = enc(&s, e, &set);
            proptest::prop_assert!(out.is_ascii());
            if e == UTF_8 {
                let decoded = percent_decode_bytes(&out);
                proptest::prop_assert_eq!(&*decoded, s.as_bytes());
            }
            let _ = percent_encoded(&s, e, &OctetSet::EMPTY.with(0xE4), HexCase::Lower);
            for set in [QUERY_SET, PATH_SET, OPAQUE_PATH_SET, USERINFO_SET, OctetSet::EMPTY.with(0xE4)] {
                proptest::prop_assert_eq!(
                    percent_encode_cow(&s, e, &set, HexCase::Upper),
                    enc(&s, e, &set)
                );
            }
            let _ = (decode_unreserved(&s), percent_decode_utf8(&s), percent_decode_latin1(&s), has_bad_escape(&s));
        }
    }

    /// The query records of decomps-charsets.dat and decomps-query.dat whose
    /// raw query needs no preprocessing: the query step alone must give the
    /// expected `#query`.
    #[test]
    fn suite_queries() {
        let mut checked = 0;
        for file in ["decomps-charsets.dat", "decomps-query.dat"] {
            let Some(records) = suite_reader::read(file) else {
                return;
            };
            for r in records {
                let (Some(data), Some(expected)) = (r.get("data"), r.get("query")) else {
                    continue;
                };
                if r.get("base").is_some() || r.flag("invalid") {
                    continue;
                }
                let Some(rest) = data
                    .strip_prefix("http://")
                    .or_else(|| data.strip_prefix("https://"))
                else {
                    continue;
                };
                let Some((_, raw)) = rest.split_once('?') else {
                    continue;
                };
                let needs_preprocessing = raw.chars().any(|c| {
                    matches!(c, '#' | '\t' | '\n' | '\r' | '\u{FDD0}'..='\u{FDEF}')
                        || (c as u32 & 0xFFFE) == 0xFFFE
                });
                if needs_preprocessing {
                    continue;
                }
                let label = r.get("charset").unwrap_or("utf-8");
                let e = Encoding::for_label(label.as_bytes()).unwrap_or(UTF_8);
                assert_eq!(&enc(raw, e, &QUERY_SET), expected, "{data:?} in {label}");
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} records checked");
    }
}
