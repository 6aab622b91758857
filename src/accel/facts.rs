//! The facts of an input that the gates of the URL-level steps read
//! ([`InputFacts`], defined with the registry of those steps): found in
//! one pass over the input's octets, so that a profile whose observed
//! steps cannot touch the input takes the shortcuts at once.
//!
//! `http://a/'` holds an apostrophe; `http:a` is not of the standard
//! shape.

use crate::profile::url_steps::InputFacts;
use crate::text::scheme::GOOGLEURL_STANDARD_SCHEMES as STANDARD_SCHEMES;

impl<'i> InputFacts<'i> {
    /// The facts of `input`: one pass over its octets, a look at each `%`,
    /// `:` and `@` when there is one, and at its beginning and end.
    pub(crate) fn of(input: &'i str) -> InputFacts<'i> {
        let b = input.as_bytes();
        let found = octet_marks(b);
        let mut marks = found
            & (Self::APOSTROPHE
                | Self::WINDOWS
                | Self::COLON_ZERO
                | Self::EMPTY_USERINFO
                | Self::BRACKET
                | Self::NONCHARACTER_OCTET
                | Self::SEMICOLON);
        if found & PERCENT != 0 {
            marks |= percent_marks(b);
        }
        if marks & Self::WINDOWS != 0 {
            let windows = |b: &[u8]| {
                let found = octet_marks(b);
                found & Self::WINDOWS != 0
                    || (found & PERCENT != 0 && percent_marks(b) & Self::WINDOWS != 0)
            };
            let tail = memchr::memchr2(b'?', b'#', b).map_or(&b[..0], |q| &b[q..]);
            if found & AT != 0 || windows(tail) {
                marks |= Self::WINDOWS_OUTSIDE_PATH;
            }
        }
        // The first `:` ends the scheme, a few octets in: looked for
        // octet by octet.
        let colon = b.iter().position(|&c| c == b':');
        let standard = match found & TAB_OR_NEWLINE {
            0 => standard_shape(b, colon),
            _ => 0,
        };
        if standard == 0 {
            marks |= Self::SHAPE;
        }
        InputFacts {
            marks,
            scheme: colon.map(|c| &input[..c]),
            standard,
        }
    }
}

/// When `b`, whose first `:` is at `colon`, is of the standard shape
/// (see [`InputFacts::SHAPE`]) but for tabs and newlines: its scheme's
/// bit in [`STANDARD_SCHEMES`]; `0` otherwise.
fn standard_shape(b: &[u8], colon: Option<usize>) -> u8 {
    let (Some(&first), Some(&last), Some(colon)) = (b.first(), b.last(), colon) else {
        return 0;
    };
    let shaped = first > b' '
        && last > b' '
        && b[colon + 1..].starts_with(b"//")
        && b.get(colon + 3).is_some_and(|&c| c != b'/' && c != b'\\');
    let scheme = &b[..colon];
    match STANDARD_SCHEMES
        .iter()
        .position(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
    {
        Some(i) if shaped => 1 << i,
        _ => 0,
    }
}

/// The marks of the `%`s of `b`: [`InputFacts::WINDOWS`] for one that
/// IE's rules change (one that begins no escape, or an escape of an
/// unreserved character), [`InputFacts::BAD_ESCAPE`] for one that begins
/// no escape, [`InputFacts::ESCAPED_NUL`] for `%00`.
fn percent_marks(b: &[u8]) -> u16 {
    let mut marks = 0;
    for j in memchr::memchr_iter(b'%', b) {
        marks |= match (b.get(j + 1), b.get(j + 2)) {
            (Some(&h), Some(&l)) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                let hex = |d: u8| (d as char).to_digit(16).unwrap_or(0) as u8;
                let v = hex(h) << 4 | hex(l);
                let unreserved =
                    v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~');
                (u16::from(unreserved) * InputFacts::WINDOWS)
                    | (u16::from(v == 0) * InputFacts::ESCAPED_NUL)
            }
            _ => InputFacts::WINDOWS | InputFacts::BAD_ESCAPE,
        };
    }
    marks
}

/// [`InputFacts`]' marks of single octets, in [`OCTET_MARKS`]: a `%`
/// (before the escape it begins is looked at), a tab or a newline (which
/// make [`InputFacts::SHAPE`]), `:` and `@` (looked at with their
/// neighbours for [`InputFacts::COLON_ZERO`] and
/// [`InputFacts::EMPTY_USERINFO`]).
const PERCENT: u16 = 1 << 11;
const TAB_OR_NEWLINE: u16 = 1 << 12;
const COLON: u16 = 1 << 13;
const AT: u16 = 1 << 14;

/// The marks of each octet: [`InputFacts::APOSTROPHE`],
/// [`InputFacts::WINDOWS`] (but for `%`), [`InputFacts::BRACKET`],
/// [`InputFacts::SEMICOLON`], [`InputFacts::NONCHARACTER_OCTET`],
/// [`PERCENT`], [`TAB_OR_NEWLINE`], [`COLON`], [`AT`].
static OCTET_MARKS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'\'' => InputFacts::APOSTROPHE,
            b'|' | b'<' | b'>' | b'"' | b'^' | b'`' | b'{' | b'}' | b'\\' => InputFacts::WINDOWS,
            b'[' => InputFacts::BRACKET,
            b';' => InputFacts::SEMICOLON,
            b'%' => PERCENT,
            b'\t' | b'\n' | b'\r' => TAB_OR_NEWLINE,
            b':' => COLON,
            b'@' => AT,
            0xEF..=0xFF => InputFacts::NONCHARACTER_OCTET,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// The marks of the octets of `b` ([`OCTET_MARKS`]), together, with
/// [`InputFacts::COLON_ZERO`] and [`InputFacts::EMPTY_USERINFO`] found
/// by a look at each `:` and `@` when there is one.  An input whose
/// octets are all plain ([`plain_octets`], the common URL) has none of
/// them but maybe [`COLON`], which is not told then.
fn octet_marks(b: &[u8]) -> u16 {
    if plain_octets(b) {
        return 0;
    }
    // Four running sets, so that the loads do not wait on each other.
    let mut m = [0u16; 4];
    let mut chunks = b.chunks_exact(4);
    for c in &mut chunks {
        m[0] |= OCTET_MARKS[usize::from(c[0])];
        m[1] |= OCTET_MARKS[usize::from(c[1])];
        m[2] |= OCTET_MARKS[usize::from(c[2])];
        m[3] |= OCTET_MARKS[usize::from(c[3])];
    }
    let mut marks = (chunks.remainder().iter()).fold(m[0] | m[1] | m[2] | m[3], |m, &c| {
        m | OCTET_MARKS[usize::from(c)]
    });
    if marks & COLON != 0 && memchr::memchr_iter(b':', b).any(|i| b.get(i + 1) == Some(&b'0')) {
        marks |= InputFacts::COLON_ZERO;
    }
    let before_at = |i: usize| i > 0 && matches!(b[i - 1], b':' | b'/');
    if marks & AT != 0 && memchr::memchr_iter(b'@', b).any(before_at) {
        marks |= InputFacts::EMPTY_USERINFO;
    }
    marks
}

/// Whether the octet `c` has no mark in [`OCTET_MARKS`] but [`COLON`],
/// tested with comparisons only; `true` for a few octets more (U+0020,
/// `!`, DEL, every octet from 0x80 up) does no harm: the marks of the
/// input are then looked up one by one.
#[inline(always)]
fn is_plain(c: u8) -> bool {
    !((c <= b'"')
        | (c == b'%')
        | (c == b'\'')
        | (c == b';')
        | (c == b'<')
        | (c == b'>')
        | (c == b'@')
        | ((b'['..=b'`').contains(&c) & (c != b']') & (c != b'_'))
        | (b'{'..=b'}').contains(&c)
        | (c >= 0x7F))
}

/// Whether the octet `c` followed by `d` is plain: `c` is
/// ([`is_plain`]), and they are not `:0` ([`InputFacts::COLON_ZERO`]).
#[inline(always)]
fn is_plain_pair(c: u8, d: u8) -> bool {
    is_plain(c) & !((c == b':') & (d == b'0'))
}

/// Whether every octet of `b` is plain ([`is_plain_pair`] with the next):
/// sixteen at a time (with comparisons only, which the compiler makes
/// sixteen at once), the last window ending at the end of `b`.
fn plain_octets(b: &[u8]) -> bool {
    let window =
        |w: &[u8]| (0..16).fold(0u8, |m, i| m | u8::from(!is_plain_pair(w[i], w[i + 1]))) == 0;
    let n = b.len();
    if n < 17 {
        return (0..n).all(|i| is_plain_pair(b[i], b.get(i + 1).copied().unwrap_or(0)));
    }
    let mut i = 0;
    while i + 17 <= n {
        if !window(&b[i..i + 17]) {
            return false;
        }
        i += 16;
    }
    window(&b[n - 17..]) && is_plain(b[n - 1])
}
