//! Percent-encoding: the specification's "steps to percent-encode a
//! string" ([`percent_encode`]) in a document encoding, and the octet sets
//! the canonicalization steps pass to it.
//!
//! `percent_encode("a b", UTF_8, &PATH_SET, ...)` → `a%20b`.

use super::decode::UNRESERVED;
use crate::text::octets::{first_where, OctetSet};
use encoding_rs::{EncoderResult, Encoding, UTF_8};
use std::borrow::Cow;

/// Case of hexadecimal digits in percent-encoded output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HexCase {
    Upper,
    Lower,
}

/// Octets the canonicalization step percent-encodes in the `user` and
/// `password` components: every octet except the unreserved ones and
/// `! $ % & ' ( ) * + ,` (the spec's "0x2D (,)" read as the comma, see the
/// module documentation; `-` is unreserved anyway).
///
/// ```
/// use urlprism::text::percent::{percent_encode, USERINFO_SET};
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
/// use urlprism::text::percent::{percent_encode, PATH_SET};
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
/// use urlprism::text::percent::{percent_encode, OPAQUE_PATH_SET};
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
/// use urlprism::text::percent::{percent_encode, QUERY_SET};
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

/// Whether the fragment step ([`percent_encode_fragment`]) escapes `c`:
/// 0x00-0x1F and 0x7F ([`FRAGMENT_SET`]) and the C1 controls U+0080 to
/// U+009F.
///
/// `\u{1}`, `\u{85}`: true; ` `, `é`, `\u{A0}`: false.
pub fn fragment_escapes(c: char) -> bool {
    match u8::try_from(c) {
        Ok(b) if b < 0x80 => FRAGMENT_SET.contains(b),
        _ => ('\u{80}'..='\u{9F}').contains(&c),
    }
}

/// Appends the escape of each octet of the UTF-8 of `c` (`é` → `%C3%A9`).
pub fn push_escaped_char(c: char, hex: HexCase, out: &mut String) {
    let mut buf = [0u8; 4];
    for &o in c.encode_utf8(&mut buf).as_bytes() {
        push_escape(o, hex, out);
    }
}

/// Appends the percent-encoded form of the octet `b` (`%XX`) to `out`,
/// with hexadecimal digits of case `hex`.
///
/// ```
/// use urlprism::profile::HexCase;
/// let mut s = String::new();
/// urlprism::text::percent::push_escape(0x3C, HexCase::Lower, &mut s);
/// urlprism::text::percent::push_escape(0xAB, HexCase::Upper, &mut s);
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
/// use urlprism::text::percent::{percent_encode, QUERY_SET};
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
/// use urlprism::text::percent::{percent_encoded, PATH_SET};
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
/// use urlprism::text::percent::{percent_encode_cow, PATH_SET};
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
pub(super) fn table_of(octets: &OctetSet) -> Option<&'static [bool; 256]> {
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
    match table_of(octets) {
        Some(t) => first_where(bytes, |b| t[b as usize]),
        None => bytes.iter().position(|&b| octets.contains(b)),
    }
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
    // The encoder writes into a small buffer of its own, copied out after
    // each call: each call then costs what it reads and writes.  (Writing
    // into `encoded`'s spare capacity, reserved for the whole rest of the
    // input, cost that much per unmappable code point: quadratic time on
    // `é` repeated in Shift_JIS.)  Any encoder writes one code point in
    // far fewer than 1,024 bytes, so every call makes progress.
    let mut buf = [0u8; 1024];
    let mut src = s;
    // Steps 5 and 6.  `last` is false throughout; the encoder is flushed
    // with an empty final call (ISO-2022-JP returns to ASCII there).
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(src, &mut buf, false);
        encoded.extend_from_slice(&buf[..written]);
        src = &src[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => {
                let (_, _, written) =
                    encoder.encode_from_utf8_without_replacement("?", &mut buf, false);
                encoded.extend_from_slice(&buf[..written]);
            }
        }
    }
    let (_, _, written) = encoder.encode_from_utf8_without_replacement("", &mut buf, true);
    encoded.extend_from_slice(&buf[..written]);
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
/// use urlprism::text::percent::percent_encode_fragment;
/// use urlprism::profile::HexCase;
/// let mut out = String::new();
/// percent_encode_fragment("a\u{85}b\u{1}\u{A0}é %41", HexCase::Upper, &mut out);
/// assert_eq!(out, "a%C2%85b%01\u{A0}é %41");
/// ```
pub fn percent_encode_fragment(s: &str, hex: HexCase, out: &mut String) {
    out.reserve(s.len());
    let mut run_start = 0;
    for (i, c) in s.char_indices() {
        if fragment_escapes(c) {
            out.push_str(&s[run_start..i]);
            push_escaped_char(c, hex, out);
            run_start = i + c.len_utf8();
        }
    }
    out.push_str(&s[run_start..]);
}
/// Percent-encodes a component in place (`None`: no component);
/// untouched when nothing needs encoding: `a b` with a set holding the
/// space becomes `a%20b`.
pub fn encode_in_place(
    component: &mut Option<Cow<'_, str>>,
    encoding: &'static Encoding,
    octets: &OctetSet,
) {
    if let Some(c) = component.as_deref() {
        if let Cow::Owned(e) = percent_encode_cow(c, encoding, octets, HexCase::Upper) {
            *component = Some(Cow::Owned(e));
        }
    }
}

/// What [`encode_query_in_one_go`] hands on: octets the encoder wrote, or
/// a code point it could not represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoded<'a> {
    /// Octets of the encoding, in order (one call per run between two
    /// code points that could not be represented).
    Octets(&'a [u8]),
    /// A code point `encoding` cannot represent: U+FFFD for ESC, SO and
    /// SI in ISO-2022-JP, which the Encoding Standard's encoder refuses.
    Unmappable(char),
}

/// A query encoded in a document encoding the way the browsers encode
/// it: the whole of `s` through one encoder, so that a stateful encoding
/// switches only where the text does (ISO-2022-JP: `¥‾` gives `ESC ( J \ ~
/// ESC ( B`, one escape pair for both), each code point it cannot
/// represent handed on as [`Encoded::Unmappable`] after the octets before
/// it, and the encoder flushed at the end.  In ISO-2022-JP, ESC, SO and SI
/// are unmappable as U+FFFD; from JIS X 0208 the encoder switches back to
/// ASCII before an unmappable code point (`中é`: `ESC $ B C f ESC ( B`,
/// then `é`), from Roman it stays (`¥é`: `ESC ( J \`, then `é`, then
/// `ESC ( B` at the end), as Chromium 156, Firefox 153 and WebKitGTK 2.50
/// do.  What the caller writes for an unmappable code point, and which
/// octets it escapes, is the browser's.
///
/// ```
/// use urlprism::text::percent::{encode_query_in_one_go, Encoded};
/// let mut seen = Vec::new();
/// encode_query_in_one_go("¥‾\u{1B}a", encoding_rs::ISO_2022_JP, |e| seen.push(match e {
///     Encoded::Octets(o) => String::from_utf8_lossy(o).into_owned(),
///     Encoded::Unmappable(c) => format!("<{}>", u32::from(c)),
/// }));
/// assert_eq!(seen, ["\u{1B}(J\\~", "<65533>", "a\u{1B}(B"]);
/// ```
pub fn encode_query_in_one_go(
    s: &str,
    encoding: &'static Encoding,
    mut each: impl FnMut(Encoded<'_>),
) {
    let mut encoder = encoding.new_encoder();
    let mut run: Vec<u8> = Vec::with_capacity(s.len() + 8);
    // A small buffer of the encoder's own, copied out after each call (see
    // `encode_generic`): each call costs what it reads and writes.
    let mut buf = [0u8; 1024];
    let mut src = s;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(src, &mut buf, true);
        run.extend_from_slice(&buf[..written]);
        src = &src[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                if !run.is_empty() {
                    each(Encoded::Octets(&run));
                    run.clear();
                }
                each(Encoded::Unmappable(c));
            }
        }
    }
    if !run.is_empty() {
        each(Encoded::Octets(&run));
    }
}
