//! The URL Standard's shortcut for the common URL:
//! `scheme://host[:port][/path][?query][#fragment]` with a special scheme
//! other than `file`, in printable ASCII, parsed and serialized in one
//! pass over the input and written straight into the serialization, with
//! the offsets of its components.
//!
//! It gives what the `url` crate's parser gives (with the rules of
//! [`super::rules`]) for every input it covers, against any valid base,
//! and declines the rest (`None`), which then take the crate's parser.
//! What it covers, state by state of the URL Standard's basic URL parser:
//!
//! - nothing to strip or remove: every octet is printable ASCII (0x21 to
//!   0x7E), so there is no leading or trailing C0 control or space, tab
//!   or newline, and no code point that is not ASCII to encode;
//! - *scheme state*: an ASCII letter, then letters, digits, `+`, `-`,
//!   `.`, up to a `:`, naming `http`, `https`, `ws`, `wss` or `ftp` in any
//!   case (lowercased); the base plays no part: with or without a base of
//!   the same scheme, the *special authority slashes* (or *special
//!   relative or authority*) state takes the `//` that follows, and the
//!   *special authority ignore slashes* state finds no further `/` or `\`
//!   (declined if it does);
//! - *authority state*: no `@` (declined: no user name or password), the
//!   authority ends at the first `/`, `?` or `#` (a `\` anywhere is
//!   declined: a special URL reads it as `/`);
//! - *host state*: a host of ASCII letters, digits and hyphens in labels
//!   split by dots, every label non-empty (so no trailing dot), no label
//!   beginning with `xn--` (in any case: Punycode to check), and a last
//!   label that does not begin with a digit (so the host does not *end in
//!   a number* and is no IPv4 address): the *domain to ASCII* of such a
//!   host, with *CheckHyphens* and *VerifyDnsLength* false, is the host
//!   lowercased, and it has no forbidden domain code point.  Under
//!   Nontransitional Processing (`idn`), a host that also holds code
//!   points beyond ASCII, or an `xn--` label, is taken through the same
//!   *domain to ASCII* the `url` crate's host parser calls
//!   (`idna::domain_to_ascii_cow` with the URL Standard's forbidden
//!   domain code points): `https://Bücher.DE/` → `https://xn--bcher-kva.de/`;
//!   its errors, an empty result and a result that ends in a number are
//!   left to the parser;
//! - *port state*: empty, or ASCII digits (leading zeros allowed) whose
//!   value is at most 65535, dropped when it is the scheme's default;
//! - *path start* and *path state*: the path is `/` when none follows;
//!   no segment is a single-dot or double-dot segment (`.`, `..`, `%2e`,
//!   `.%2E`...: declined), octets of the path percent-encode set (and `^`,
//!   [`super::rules::caret_in_path`]) are percent-encoded, every other
//!   octet, `%` included, is copied;
//! - *query state*: octets of the special-query percent-encode set are
//!   percent-encoded (the document encoding plays no part: ASCII is
//!   itself in every output encoding);
//! - *fragment state*: octets of the fragment percent-encode set are
//!   percent-encoded.
//!
//! `HTTP://Example.COM:80/a"b?c'd#e` → `http://example.com/a%22b?c%27d#e`;
//! `http://example.com/./a` (a dot segment), `http://user@example.com/`,
//! `http://1.2.3.4/`, `http://example.com./`
//! and `http://exa mple.com/` are declined.

use crate::canonical_url::{Offsets, OffsetsBuilder};
use crate::octets::OctetSet;

/// The C0 control percent-encode set, restricted to what the shortcut
/// reads (printable ASCII): empty.  The fragment percent-encode set adds
/// space, `"`, `<`, `>`, `` ` ``: of them, printable:
const FRAGMENT_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"<>`");

/// The query percent-encode set (C0 controls, space, `"`, `#`, `<`, `>`)
/// and the special-query percent-encode set (and `'`): printable, but for
/// `#`, which ends the query.
const SPECIAL_QUERY_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"<>'");

/// The path percent-encode set (the query percent-encode set and `?`,
/// `` ` ``, `{`, `}`; and `^` since 2025, [`super::rules::caret_in_path`]):
/// printable, but for `#` and `?`, which end the path.
const PATH_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"<>`{}^");

/// The special schemes the shortcut covers and their default ports.
fn special_scheme(scheme: &[u8]) -> Option<(&'static str, u16)> {
    let lower = |s: &[u8], w: &str| s.eq_ignore_ascii_case(w.as_bytes());
    Some(match scheme.len() {
        4 if lower(scheme, "http") => ("http", 80),
        5 if lower(scheme, "https") => ("https", 443),
        2 if lower(scheme, "ws") => ("ws", 80),
        3 if lower(scheme, "wss") => ("wss", 443),
        3 if lower(scheme, "ftp") => ("ftp", 21),
        _ => return None,
    })
}

/// The serialization of `input`, written into `out` (cleared first), and
/// the offsets of its components, when it is a common URL (see the
/// module's documentation); `None` otherwise, `out` then holding a part
/// of the serialization.
///
/// ```ignore
/// let mut s = String::new();
/// canonicalize("HTTP://Example.COM:80/a\"b?c'd#e", true, &mut s).unwrap();
/// assert_eq!(s, "http://example.com/a%22b?c%27d#e");
/// ```
pub(crate) fn canonicalize(input: &str, idn: bool, out: &mut String) -> Option<Offsets> {
    let bytes = input.as_bytes();
    // Scheme state.
    let colon = bytes.iter().position(|&b| b == b':')?;
    let (scheme, default_port) = special_scheme(&bytes[..colon])?;
    let rest = &bytes[colon + 1..];
    // Special authority slashes, then ignore slashes: exactly `//`.
    if rest.len() < 3 || rest[0] != b'/' || rest[1] != b'/' || matches!(rest[2], b'/' | b'\\') {
        return None;
    }
    let authority_start = colon + 3;
    out.clear();
    out.reserve(input.len() + 8);
    out.push_str(scheme);
    out.push_str("://");
    let mut offsets = OffsetsBuilder::new(scheme.len());

    // Host state: labels of letters, digits and hyphens, up to `:` or the
    // end of the authority; copied as written, then lowercased in place.
    // With `idn`, a host that holds code points beyond ASCII or an `xn--`
    // label goes through UTS #46 instead.
    let mut i = authority_start;
    let mut label_start = i;
    let mut last_label_start;
    let mut upper = false;
    let mut needs_uts46 = false;
    loop {
        while let Some(&c) = bytes.get(i) {
            match HOST[usize::from(c)] {
                LOWER => {}
                UPPER => upper = true,
                BEYOND_ASCII if idn => needs_uts46 = true,
                _ => break,
            }
            i += 1;
        }
        // The end of a label: not empty, and no `xn--` to decode here.
        let label = &bytes[label_start..i];
        if label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--") {
            if !idn {
                return None;
            }
            needs_uts46 = true;
        }
        if label.is_empty() && !needs_uts46 {
            return None;
        }
        last_label_start = label_start;
        if bytes.get(i) != Some(&b'.') {
            break;
        }
        i += 1;
        label_start = i;
    }
    let host_start = out.len();
    if needs_uts46 {
        // The host parser's *domain to ASCII* (UTS #46, Nontransitional
        // Processing, CheckHyphens and VerifyDnsLength false, the URL
        // Standard's forbidden domain code points), as the `url` crate
        // calls it: an error is left to the parser, and so is an empty
        // host or one that ends in a number (the last label begins with
        // a digit: an IPv4 address, or a host the IPv4 parser rejects).
        push_domain_to_ascii(&bytes[authority_start..i], out)?;
    } else {
        // Ends in a number: the last label begins with a digit (an IPv4
        // address, or a host the IPv4 parser rejects).
        if bytes[last_label_start].is_ascii_digit() {
            return None;
        }
        out.push_str(&input[authority_start..i]);
        if upper {
            out[host_start..].make_ascii_lowercase();
        }
    }
    offsets.host(Some(OffsetsBuilder::span(host_start, out.len())));

    // Port state.
    if bytes.get(i) == Some(&b':') {
        i += 1;
        let digits_start = i;
        let mut port: u32 = 0;
        while let Some(&c) = bytes.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            port = port * 10 + u32::from(c - b'0');
            if port > 65535 {
                return None;
            }
            i += 1;
        }
        if i > digits_start && port != u32::from(default_port) {
            out.push(':');
            let start = out.len();
            // The digits as written, without their leading zeros (the
            // value is at least 1: 0 is no scheme's default, but `:0`
            // keeps one digit).
            let digits = &input[digits_start..i];
            let significant = digits.trim_start_matches('0');
            out.push_str(if significant.is_empty() {
                "0"
            } else {
                significant
            });
            offsets.port(Some(OffsetsBuilder::span(start, out.len())));
        }
    }
    // The authority ends at `/`, `?`, `#` or the end; `@` (userinfo),
    // `\` and every other octet are declined.
    match bytes.get(i) {
        None | Some(b'/' | b'?' | b'#') => {}
        Some(_) => return None,
    }

    // Path state: `/` when there is no path; no dot segment, no `\`.
    let path_start = out.len();
    if bytes.get(i) != Some(&b'/') {
        out.push('/');
    } else {
        out.push('/');
        let mut segment_start = i + 1;
        i = copy_escaped(input, i + 1, out, &PATH, |i| {
            let dot = is_dot_segment(&bytes[segment_start..i]);
            segment_start = i + 1;
            !dot
        })?;
        if is_dot_segment(&bytes[segment_start..i]) {
            return None;
        }
    }
    offsets.path(Some(OffsetsBuilder::span(path_start, out.len())));

    // Query state.
    if bytes.get(i) == Some(&b'?') {
        out.push('?');
        let start = out.len();
        i = copy_escaped(input, i + 1, out, &QUERY, |_| true)?;
        offsets.query(Some(OffsetsBuilder::span(start, out.len())));
    }

    // Fragment state.
    if bytes.get(i) == Some(&b'#') {
        out.push('#');
        let start = out.len();
        copy_escaped(input, i + 1, out, &FRAGMENT, |_| true)?;
        offsets.fragment(Some(OffsetsBuilder::span(start, out.len())));
    }
    offsets.checked(out.len())
}

/// The host parser's *domain to ASCII* of `host` pushed to `out` (see
/// [`canonicalize`]); `None` for what is left to the parser.  Out of line:
/// the common host is ASCII.
#[inline(never)]
fn push_domain_to_ascii(host: &[u8], out: &mut String) -> Option<()> {
    let ascii = idna::domain_to_ascii_cow(host, idna::AsciiDenyList::URL).ok()?;
    let last = ascii.strip_suffix('.').unwrap_or(&ascii);
    let last = last.rsplit('.').next().unwrap_or("");
    if ascii.is_empty() || last.bytes().next().is_none_or(|b| b.is_ascii_digit()) {
        return None;
    }
    out.push_str(&ascii);
    Some(())
}

/// The octets of a host label: a lowercase letter, a digit or `-`
/// (`LOWER`), an upper-case letter (`UPPER`), an octet beyond ASCII
/// (`BEYOND_ASCII`), any other (`NOT_LABEL`).
const NOT_LABEL: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
/// An octet of a code point beyond ASCII (UTS #46 reads it).
const BEYOND_ASCII: u8 = 3;

static HOST: [u8; 256] = {
    let mut t = [NOT_LABEL; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c >= 0x80 {
            BEYOND_ASCII
        } else if c.is_ascii_uppercase() {
            UPPER
        } else if c.is_ascii_alphanumeric() || c == b'-' {
            LOWER
        } else {
            NOT_LABEL
        };
        b += 1;
    }
    t
};

/// What an octet of a component does in [`copy_escaped`]: copied
/// (`COPY`), percent-encoded (`ESCAPE`), the end of the component
/// (`END`), `/` in a path (`SLASH`), or declined (`DECLINE`: not printable
/// ASCII, or what the shortcut leaves to the parser).
const COPY: u8 = 0;
const ESCAPE: u8 = 1;
const END: u8 = 2;
const SLASH: u8 = 3;
const DECLINE: u8 = 4;

/// The table of a component: printable octets are copied but for those
/// of `escape`, `end` and `slash` (and `decline`); every other is declined.
const fn component(escape: OctetSet, end: &[u8], slash: &[u8], decline: &[u8]) -> [u8; 256] {
    let mut t = [DECLINE; 256];
    let mut b = 0x21;
    while b <= 0x7e {
        t[b] = if escape.contains(b as u8) {
            ESCAPE
        } else {
            COPY
        };
        b += 1;
    }
    let mut k = 0;
    while k < end.len() {
        t[end[k] as usize] = END;
        k += 1;
    }
    k = 0;
    while k < slash.len() {
        t[slash[k] as usize] = SLASH;
        k += 1;
    }
    k = 0;
    while k < decline.len() {
        t[decline[k] as usize] = DECLINE;
        k += 1;
    }
    t
}

/// Path state: `?` and `#` end it, `/` ends a segment, `\` is declined.
static PATH: [u8; 256] = component(PATH_SET, b"?#", b"/", b"\\");
/// Query state: `#` ends it.
static QUERY: [u8; 256] = component(SPECIAL_QUERY_SET, b"#", b"", b"");
/// Fragment state: to the end.
static FRAGMENT: [u8; 256] = component(FRAGMENT_SET, b"", b"", b"");

/// Copies `input` from `from` to `out` as `table` says, up to the first
/// `END` octet or the end: the index where it stopped.  `None` when an
/// octet is declined, or `slash(index)` declines a `/`.  Runs of octets
/// copied as they are are copied whole.
#[inline]
fn copy_escaped(
    input: &str,
    from: usize,
    out: &mut String,
    table: &[u8; 256],
    mut slash: impl FnMut(usize) -> bool,
) -> Option<usize> {
    let mut run = from;
    let mut i = input.len();
    for (k, &c) in input.as_bytes()[from..].iter().enumerate() {
        match table[usize::from(c)] {
            COPY => {}
            ESCAPE => {
                // Every octet before is ASCII: `run..from + k` are
                // character boundaries.
                out.push_str(&input[run..from + k]);
                push_escaped(out, c);
                run = from + k + 1;
            }
            END => {
                i = from + k;
                break;
            }
            SLASH => {
                if !slash(from + k) {
                    return None;
                }
            }
            _ => return None,
        }
    }
    out.push_str(&input[run..i]);
    Some(i)
}

/// `%` and the octet in two upper-case hexadecimal digits.
#[inline]
fn push_escaped(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(HEX[usize::from(b >> 4)] as char);
    out.push(HEX[usize::from(b & 15)] as char);
}

/// A single-dot or double-dot URL path segment: `.` or `%2e`, and `..`,
/// `.%2e`, `%2e.`, `%2e%2e`, in any case.
fn is_dot_segment(s: &[u8]) -> bool {
    let dot = |t: &[u8]| t == b"." || t.eq_ignore_ascii_case(b"%2e");
    match s.len() {
        1 | 3 => dot(s),
        2 => s == b"..",
        4 => (dot(&s[..1]) && dot(&s[1..])) || (dot(&s[..3]) && dot(&s[3..])),
        6 => dot(&s[..3]) && dot(&s[3..]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn short(s: &str) -> Option<String> {
        let mut out = String::new();
        canonicalize(s, false, &mut out).map(|_| out)
    }

    #[test]
    fn the_documented_examples() {
        assert_eq!(
            short("HTTP://Example.COM:80/a\"b?c'd#e").as_deref(),
            Some("http://example.com/a%22b?c%27d#e")
        );
        for declined in [
            "http://example.com/./a",
            "http://user@example.com/",
            "http://xn--bcher-kva.de/",
            "http://1.2.3.4/",
            "http://example.com./",
            "http://exa mple.com/",
        ] {
            assert_eq!(short(declined), None, "{declined}");
        }
    }

    #[test]
    fn internationalized_hosts_under_nontransitional_processing() {
        let idn = |s: &str| {
            let mut out = String::new();
            canonicalize(s, true, &mut out).map(|_| out)
        };
        assert_eq!(
            idn("https://Bücher.DE/a?b#c").as_deref(),
            Some("https://xn--bcher-kva.de/a?b#c")
        );
        assert_eq!(
            idn("http://XN--BCHER-KVA.de:8080/").as_deref(),
            Some("http://xn--bcher-kva.de:8080/")
        );
        assert_eq!(
            idn("http://faß.de/").as_deref(),
            Some("http://xn--fa-hia.de/")
        );
        // Left to the parser: an IPv4 address once mapped (fullwidth
        // digits), a Punycode error, a forbidden code point.
        for declined in [
            "http://１.２.３.４/",
            "http://xn--a.com/",
            "http://a\u{FF1A}b/",
        ] {
            assert_eq!(idn(declined), None, "{declined}");
        }
    }

    #[test]
    fn dot_segments_in_every_spelling() {
        for s in [".", "..", "%2e", "%2E", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_dot_segment(s.as_bytes()), "{s}");
        }
        for s in ["", "...", "a.", ".a", "%2f", "%2e%2", "%2e.."] {
            assert!(!is_dot_segment(s.as_bytes()), "{s}");
        }
    }

    #[test]
    fn ports() {
        assert_eq!(short("https://a.b:0443/").as_deref(), Some("https://a.b/"));
        assert_eq!(short("http://a.b:/").as_deref(), Some("http://a.b/"));
        assert_eq!(short("ws://a.b:00081").as_deref(), Some("ws://a.b:81/"));
        assert_eq!(
            short("ftp://a.b:65535/").as_deref(),
            Some("ftp://a.b:65535/")
        );
        assert_eq!(short("ftp://a.b:65536/"), None);
        assert_eq!(short("http://a.b:8a/"), None);
    }
}
