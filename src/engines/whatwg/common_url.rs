//! The URL Standard's shortcut for the common URL:
//! `scheme://[user[:password]@]host[:port][/path][?query][#fragment]`
//! with a special scheme other than `file`, or `scheme:opaque-path[?query][#fragment]`
//! with a scheme that is not special, in printable ASCII, parsed and
//! serialized in one pass over the input and written straight into the
//! serialization, with the offsets of its components.
//!
//! It gives what the engine's parser (ada) gives for every input it
//! covers, against any valid base, and declines the rest (`None`), which
//! then take the parser.
//! What it covers, state by state of the URL Standard's basic URL parser:
//!
//! - nothing to strip or remove: every octet is printable ASCII (0x21 to
//!   0x7E), so there is no leading or trailing C0 control or space, tab
//!   or newline, and no code point that is not ASCII to encode;
//! - *scheme state*: an ASCII letter, then letters, digits, `+`, `-`,
//!   `.`, up to a `:` (lowercased).  The base plays no part: for
//!   `http`, `https`, `ws`, `wss` or `ftp` in any case, with or without
//!   a base of the same scheme, the *special authority slashes* (or
//!   *special relative or authority*) state takes the `//` that follows,
//!   and the *special authority ignore slashes* state finds no further
//!   `/` or `\` (declined if it does); for a scheme that is not special
//!   (and not `file`), the *opaque path state* follows when the `:` is
//!   followed by neither `/` nor the end (declined otherwise): the path is
//!   copied (the C0 control percent-encode set has no printable octet) up
//!   to `?` or `#`;
//! - *authority state*: the authority ends at the first `/`, `\`, `?` or
//!   `#`; when it holds one `@` (declined when more), what is before it
//!   is the user name up to the first `:` and the password after it,
//!   each percent-encoded with the userinfo percent-encode set, written
//!   with their `:` and `@` when either is not empty;
//! - *host state*: a host of ASCII letters, digits and hyphens in labels
//!   split by dots, every label non-empty (so no trailing dot), and a last
//!   label that does not begin with a digit (so the host does not *end in
//!   a number*), or else four decimal numbers from 0 to 255 without
//!   leading zeros (an IPv4 address as the host serializer writes it:
//!   the IPv4 parser's other forms and the hosts it rejects are
//!   declined): the *domain to ASCII* of such a host, with
//!   is the host lowercased (an ASCII domain's `xn--` labels are not
//!   checked: `http://XN--A.com/` → `http://xn--a.com/`; with Transitional
//!   Processing they are declined), and it has no forbidden domain code
//!   point.  Under Nontransitional Processing (`idn`), a host that also
//!   holds code points beyond ASCII is taken through the engine's
//!   *domain to ASCII* ([`super::domain::domain_to_ascii`]):
//!   `https://Bücher.DE/` → `https://xn--bcher-kva.de/`; its errors and
//!   a result that ends in a number are left to the parser;
//! - *port state*: empty, or ASCII digits (leading zeros allowed) whose
//!   value is at most 65535, dropped when it is the scheme's default;
//! - *path start* and *path state*: the path is `/` when none follows;
//!   `\` is read as `/`; a single-dot segment (`.`, `%2e`) is taken out,
//!   a double-dot segment (`..`, `.%2E`, `%2e%2e`...) with the segment
//!   before it, if any (a trailing one leaves the path ending in `/`;
//!   declined when the segment before is a letter and `:` or `|`, which
//!   the parser takes out but for `file:`);
//!   octets of the path percent-encode set (with `^`, since 2025) are
//!   percent-encoded, every other
//!   octet, `%` included, is copied;
//! - *query state*: octets of the special-query percent-encode set (of
//!   the query percent-encode set after a scheme that is not special) are
//!   percent-encoded (the document encoding plays no part: ASCII is
//!   itself in every output encoding);
//! - *fragment state*: octets of the fragment percent-encode set are
//!   percent-encoded.
//!
//! `HTTP://u:p:w@Example.COM:80/a/../b"c?d'e#f` →
//! `http://u:p%3Aw@example.com/b%22c?d%27e#f`, `mailto:A@b.c` →
//! `mailto:A@b.c`; `http://a@b@example.com/`, `http://01.2.3.4/`,
//! `http://xn--bcher-kva.de/` (without `idn`), `http://example.com./`,
//! `http:/example.com/`, `file:///x` and `http://exa mple.com/` are
//! declined.

use crate::text::octets::OctetSet;
use crate::url::{Offsets, OffsetsBuilder};

/// The C0 control percent-encode set, restricted to what the shortcut
/// reads (printable ASCII): empty.  The fragment percent-encode set adds
/// space, `"`, `<`, `>`, `` ` ``: of them, printable:
const FRAGMENT_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"<>`");

/// The query percent-encode set (C0 controls, space, `"`, `#`, `<`, `>`):
/// printable, but for `#`, which ends the query.
const QUERY_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"<>");

/// The special-query percent-encode set (the query percent-encode set
/// and `'`): printable, but for `#`.
const SPECIAL_QUERY_SET: OctetSet = QUERY_SET.with_all(b"'");

/// The path percent-encode set (the query percent-encode set and `?`,
/// `` ` ``, `{`, `}`; and `^` since 2025):
/// printable, but for `#` and `?`, which end the path.
const PATH_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"<>`{}^");

/// The userinfo percent-encode set (the path percent-encode set and `/`,
/// `:`, `;`, `=`, `@`, `[` to `^`, `|`): printable.
const USERINFO_SET: OctetSet = OctetSet::EMPTY.with_all(b"\"#<>?`{}/:;=@[\\]^|");

const HTTP: (&str, u16) = ("http", 80);
const HTTPS: (&str, u16) = ("https", 443);

/// The special schemes the shortcut covers and their default ports.
fn special_scheme(scheme: &[u8]) -> Option<(&'static str, u16)> {
    let lower = |s: &[u8], w: &str| s.eq_ignore_ascii_case(w.as_bytes());
    Some(match scheme.len() {
        4 if lower(scheme, "http") => HTTP,
        5 if lower(scheme, "https") => HTTPS,
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
    // Scheme state (`https://` and `http://` as written first).
    let (scheme, default_port) = if bytes.starts_with(b"https://") {
        HTTPS
    } else if bytes.starts_with(b"http://") {
        HTTP
    } else {
        let colon = bytes.iter().position(|&b| b == b':')?;
        let Some(special) = special_scheme(&bytes[..colon]) else {
            return opaque_path_url(input, colon, out);
        };
        special
    };
    let colon = scheme.len();
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

    // Authority state: the host and port, or else the user information
    // up to an `@`, then the host and port.
    let mut i = match host_and_port(input, authority_start, idn, default_port, out, &mut offsets) {
        Some(i) => i,
        None => {
            let end = bytes[authority_start..]
                .iter()
                .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
                .map_or(bytes.len(), |k| authority_start + k);
            let authority = &bytes[authority_start..end];
            let at = authority_start + authority.iter().position(|&c| c == b'@')?;
            // One `@` only (an earlier one is part of the user
            // information: left to the parser).
            if bytes[at + 1..end].contains(&b'@') {
                return None;
            }
            out.truncate(scheme.len() + 3);
            offsets = OffsetsBuilder::new(scheme.len());
            push_userinfo(&input[authority_start..at], out, &mut offsets)?;
            host_and_port(input, at + 1, idn, default_port, out, &mut offsets)?
        }
    };

    // Path start and path state: `/` when there is no path; `\` is `/`,
    // dot segments are taken out.
    let path_start = out.len();
    out.push('/');
    if matches!(bytes.get(i), Some(b'/' | b'\\')) {
        i = copy_component(input, i + 1, out, &PATH, path_start)?;
    }
    offsets.path(Some(OffsetsBuilder::span(path_start, out.len())));
    query_and_fragment(input, i, out, &SPECIAL_QUERY, offsets)
}

/// Query state (with `query`, the table of the scheme's query
/// percent-encode set) and fragment state, from `i`: the offsets.
#[inline(always)]
fn query_and_fragment(
    input: &str,
    mut i: usize,
    out: &mut String,
    query: &[u8; 256],
    mut offsets: OffsetsBuilder,
) -> Option<Offsets> {
    let bytes = input.as_bytes();
    if bytes.get(i) == Some(&b'?') {
        out.push('?');
        let start = out.len();
        i = copy_component(input, i + 1, out, query, 0)?;
        offsets.query(Some(OffsetsBuilder::span(start, out.len())));
    }
    if bytes.get(i) == Some(&b'#') {
        out.push('#');
        let start = out.len();
        copy_component(input, i + 1, out, &FRAGMENT, 0)?;
        offsets.fragment(Some(OffsetsBuilder::span(start, out.len())));
    }
    offsets.checked(out.len())
}

/// Host state and port state from `start` (where the host begins) to the
/// end of the authority (`/`, `\`, `?`, `#` or the end of the input),
/// written to `out`: the index of that end; `None` when declined (or
/// when an `@` or another octet follows the host or port).
#[inline(always)]
fn host_and_port(
    input: &str,
    start: usize,
    idn: bool,
    default_port: u16,
    out: &mut String,
    offsets: &mut OffsetsBuilder,
) -> Option<usize> {
    let bytes = input.as_bytes();
    // Host state: labels of letters, digits and hyphens, up to `:` or the
    // end of the authority; copied as written, then lowercased in place.
    // With `idn`, a host that holds code points beyond ASCII goes
    // through UTS #46 instead.
    let mut i = start;
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
        // The end of a label: not empty, and without `idn` no `xn--`
        // (an ASCII domain is only lowercased, whatever its labels: the
        // Punycode of an `xn--` label is not checked).
        let label = &bytes[label_start..i];
        if !idn
            && label.len() >= 4
            && &label[2..4] == b"--"
            && label[..2].eq_ignore_ascii_case(b"xn")
        {
            return None;
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
        // Processing, CheckHyphens and VerifyDnsLength false), as the
        // engine runs it: an error is left to the parser, and so is a
        // host that ends in a number (the last label begins with a
        // digit: an IPv4 address, or a host the IPv4 parser rejects).
        push_domain_to_ascii(&bytes[start..i], out)?;
    } else {
        // Ends in a number (the last label begins with a digit): an IPv4
        // address written as its serialization (four decimal numbers of
        // 0 to 255 without leading zeros) is kept; the IPv4 parser's
        // other forms, and the hosts it rejects, are left to the parser.
        if bytes[last_label_start].is_ascii_digit() && !is_ipv4_serialization(&bytes[start..i]) {
            return None;
        }
        out.push_str(&input[start..i]);
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
    // The authority ends at `/`, `\`, `?`, `#` or the end; `@` and every
    // other octet are declined here.
    match bytes.get(i) {
        None | Some(b'/' | b'\\' | b'?' | b'#') => Some(i),
        Some(_) => None,
    }
}

/// A host that is an IPv4 address as the host serializer writes it: four
/// decimal numbers from 0 to 255, without leading zeros, split by dots.
fn is_ipv4_serialization(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&c| c == b'.') {
        parts += 1;
        let canonical = match part {
            [b'0'] => true,
            [b'1'..=b'9', rest @ ..] if rest.len() <= 2 => {
                rest.iter().all(u8::is_ascii_digit)
                    && part.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0')) <= 255
            }
            _ => false,
        };
        if !canonical || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// The user information `userinfo` (the authority before its `@`, which
/// has no other `@`): the user name up to the first `:`, the password
/// after it, each percent-encoded with the userinfo percent-encode set,
/// written to `out` with their `:` and `@` when either is not empty.
fn push_userinfo(userinfo: &str, out: &mut String, offsets: &mut OffsetsBuilder) -> Option<()> {
    let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    if user.is_empty() && password.is_empty() {
        return Some(());
    }
    let start = out.len();
    copy_component(user, 0, out, &USERINFO, 0)?;
    offsets.user(Some(OffsetsBuilder::span(start, out.len())));
    if !password.is_empty() {
        out.push(':');
        let start = out.len();
        copy_component(password, 0, out, &USERINFO, 0)?;
        offsets.password(Some(OffsetsBuilder::span(start, out.len())));
    }
    out.push('@');
    Some(())
}

/// A URL whose scheme is not special (nor `file`) and whose scheme's `:`
/// (at `colon`) is followed by neither `/` nor the end: the *opaque path
/// state*, which percent-encodes the C0 control percent-encode set
/// (nothing printable), then the query (the query percent-encode set)
/// and the fragment: `mailto:A@B.c?subject="x"` →
/// `mailto:A@B.c?subject=%22x%22`.
#[inline(never)]
fn opaque_path_url(input: &str, colon: usize, out: &mut String) -> Option<Offsets> {
    let bytes = input.as_bytes();
    let scheme = &bytes[..colon];
    let scheme_octet = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.');
    if !scheme.first()?.is_ascii_alphabetic()
        || !scheme.iter().all(scheme_octet)
        || scheme.eq_ignore_ascii_case(b"file")
        || matches!(bytes.get(colon + 1), None | Some(b'/'))
    {
        return None;
    }
    out.clear();
    out.reserve(input.len() + 8);
    out.push_str(&input[..colon]);
    out.make_ascii_lowercase();
    out.push(':');
    let mut offsets = OffsetsBuilder::new(colon);
    let path_start = out.len();
    let i = copy_component(input, colon + 1, out, &OPAQUE_PATH, 0)?;
    offsets.path(Some(OffsetsBuilder::span(path_start, out.len())));
    query_and_fragment(input, i, out, &QUERY, offsets)
}

/// The host parser's *domain to ASCII* of `host`, which holds code
/// points beyond ASCII, pushed to `out` (see [`canonicalize`]): the
/// engine's ([`super::domain::domain_to_ascii`]); its errors and a result
/// that ends in a number are left to the parser.  Out of line: the
/// common host is ASCII.
#[inline(never)]
fn push_domain_to_ascii(host: &[u8], out: &mut String) -> Option<()> {
    let ascii = super::domain::domain_to_ascii(std::str::from_utf8(host).ok()?, false).ok()?;
    let last = ascii.strip_suffix('.').unwrap_or(&ascii);
    let last = last.rsplit('.').next().unwrap_or("");
    if last.bytes().next().is_none_or(|b| b.is_ascii_digit()) {
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

/// What an octet of a component does in [`copy_component`]: copied
/// (`COPY`), percent-encoded (`ESCAPE`), the end of the component
/// (`END`), a `.` or `%` that may begin a dot segment of a path (`DOT`),
/// a `\` in a path, which is `/` (`BACKSLASH`), or declined (`DECLINE`:
/// not printable ASCII).
const COPY: u8 = 0;
const ESCAPE: u8 = 1;
const END: u8 = 2;
const DOT: u8 = 3;
const BACKSLASH: u8 = 4;
const DECLINE: u8 = 5;

/// The table of a component: printable octets are copied but for those
/// of `escape` and `end`; every other is declined.
const fn component(escape: OctetSet, end: &[u8]) -> [u8; 256] {
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
    with(t, end, END)
}

/// `t` with the class `class` for the octets of `octets`.
const fn with(mut t: [u8; 256], octets: &[u8], class: u8) -> [u8; 256] {
    let mut k = 0;
    while k < octets.len() {
        t[octets[k] as usize] = class;
        k += 1;
    }
    t
}

/// Path state: `?` and `#` end it, `/` and `\` end a segment, `.` and `%`
/// may begin a dot segment.
static PATH: [u8; 256] = with(
    with(component(PATH_SET, b"?#"), b".%", DOT),
    b"\\",
    BACKSLASH,
);
/// Query state of a special URL: `#` ends it.
static SPECIAL_QUERY: [u8; 256] = component(SPECIAL_QUERY_SET, b"#");
/// Query state of a URL that is not special: `#` ends it.
static QUERY: [u8; 256] = component(QUERY_SET, b"#");
/// Fragment state: to the end.
static FRAGMENT: [u8; 256] = component(FRAGMENT_SET, b"");
/// Opaque path state: `?` and `#` end it.
static OPAQUE_PATH: [u8; 256] = component(OctetSet::EMPTY, b"?#");
/// The user name and the password: to the end.
static USERINFO: [u8; 256] = component(USERINFO_SET, b"");

/// Copies `input` from `from` to `out` as `table` says, up to the first
/// `END` octet or the end: the index where it stopped; `None` when an
/// octet is declined.  In a path (`path_start` the place of its first `/`
/// in `out`), a `\` is written `/`, and a single-dot or double-dot
/// segment is taken out (the double-dot one with the segment before it)
/// as the path state does.  Runs of octets copied as they are are found
/// eight at a time and copied whole.
#[inline(always)]
fn copy_component(
    input: &str,
    from: usize,
    out: &mut String,
    table: &[u8; 256],
    path_start: usize,
) -> Option<usize> {
    let bytes = input.as_bytes();
    let mut run = from;
    let mut i = from;
    loop {
        while let Some(eight) = bytes
            .get(i..i + 8)
            .and_then(|s| <&[u8; 8]>::try_from(s).ok())
        {
            let mut any = COPY;
            for &c in eight {
                any |= table[usize::from(c)];
            }
            if any != COPY {
                break;
            }
            i += 8;
        }
        let Some(&c) = bytes.get(i) else {
            break;
        };
        match table[usize::from(c)] {
            COPY => {}
            ESCAPE => {
                // Every octet before is ASCII: `run..i` are character
                // boundaries.
                out.push_str(&input[run..i]);
                push_escaped(out, c);
                run = i + 1;
            }
            END => break,
            BACKSLASH => {
                out.push_str(&input[run..i]);
                out.push('/');
                run = i + 1;
            }
            DOT => {
                // Only where a segment begins (`from` follows the path's
                // first `/` or `\`).
                if matches!(bytes[i - 1], b'/' | b'\\') {
                    let near = &bytes[i..bytes.len().min(i + 7)];
                    let end = match near
                        .iter()
                        .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
                    {
                        Some(k) => Some(i + k),
                        None if i + 7 >= bytes.len() => Some(bytes.len()),
                        None => None,
                    };
                    if let Some(end) = end {
                        let dots = dot_segment(&bytes[i..end]);
                        if dots > 0 {
                            // `out` ends with the `/` before the segment.
                            out.push_str(&input[run..i]);
                            if dots == 2 {
                                // Shorten the path: its last segment goes.
                                let path = &out[path_start..out.len() - 1];
                                if let Some(k) = path.rfind('/') {
                                    // A letter and `:` or `|` (what a
                                    // Windows drive letter looks like):
                                    // left to the parser.
                                    if let [letter, b':' | b'|'] = &path.as_bytes()[k + 1..] {
                                        if letter.is_ascii_alphabetic() {
                                            return None;
                                        }
                                    }
                                    out.truncate(path_start + k + 1);
                                }
                            }
                            i = end;
                            if matches!(bytes.get(i), Some(b'/' | b'\\')) {
                                i += 1;
                            }
                            run = i;
                            continue;
                        }
                    }
                }
            }
            _ => return None,
        }
        i += 1;
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

/// 1 for a single-dot URL path segment (`.` or `%2e`), 2 for a
/// double-dot one (`..`, `.%2e`, `%2e.`, `%2e%2e`), in any case; 0 for
/// any other.
fn dot_segment(s: &[u8]) -> u8 {
    let dot = |t: &[u8]| t == b"." || t.eq_ignore_ascii_case(b"%2e");
    let double = match s.len() {
        1 | 3 => return u8::from(dot(s)),
        2 => s == b"..",
        4 => (dot(&s[..1]) && dot(&s[1..])) || (dot(&s[..3]) && dot(&s[3..])),
        6 => dot(&s[..3]) && dot(&s[3..]),
        _ => false,
    };
    2 * u8::from(double)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn short(s: &str) -> Option<String> {
        let mut out = String::new();
        canonicalize(s, false, &mut out).map(|_| out)
    }

    /// What the engine's parser gives.
    fn parser(s: &str) -> Option<String> {
        let w = super::super::Whatwg::new();
        let url = w.canonicalize_by_the_parser(s, None, encoding_rs::UTF_8);
        url.ok().map(crate::url::Url::into_string)
    }

    #[test]
    fn the_documented_examples() {
        for (input, expected) in [
            (
                "HTTP://Example.COM:80/a\"b?c'd#e",
                "http://example.com/a%22b?c%27d#e",
            ),
            (
                "http://User:Pa:ss@Example.com/",
                "http://User:Pa%3Ass@example.com/",
            ),
            ("http://1.2.3.4:8080/a", "http://1.2.3.4:8080/a"),
            ("http://h/a/./b/../c/%2E%2e", "http://h/a/"),
            ("http://h\\a\\..\\b", "http://h/b"),
            ("mailto:A@B.c?x=\"y\"#z", "mailto:A@B.c?x=%22y%22#z"),
            (
                "HTTP://u:p:w@Example.COM:80/a/../b\"c?d'e#f",
                "http://u:p%3Aw@example.com/b%22c?d%27e#f",
            ),
        ] {
            assert_eq!(short(input).as_deref(), Some(expected), "{input}");
            assert_eq!(parser(input).as_deref(), Some(expected), "{input}");
        }
        for declined in [
            "http://xn--bcher-kva.de/",
            "http://01.2.3.4/",
            "http://example.com./",
            "http://exa mple.com/",
            "http://a@b@example.com/",
            "http:/example.com/",
            "file:///x",
            "file:x",
            "foo:/x",
        ] {
            assert_eq!(short(declined), None, "{declined}");
        }
    }

    #[test]
    fn user_information() {
        for (input, expected) in [
            ("http://@h/", "http://h/"),
            ("http://:@h/", "http://h/"),
            ("http://u:@h/", "http://u@h/"),
            ("http://:p@h/", "http://:p@h/"),
            ("wss://a\"b:c^d|e@h:1", "wss://a%22b:c%5Ed%7Ce@h:1/"),
        ] {
            assert_eq!(short(input).as_deref(), Some(expected), "{input}");
            assert_eq!(parser(input).as_deref(), Some(expected), "{input}");
        }
        // No host after the `@`: an error of the parser.
        assert_eq!(short("http://u@/"), None);
    }

    #[test]
    fn ipv4_addresses_as_serialized() {
        for host in ["0.0.0.0", "10.1.99.255", "255.255.255.255"] {
            let input = format!("http://{host}/");
            assert_eq!(short(&input), Some(input.clone()));
        }
        for host in [
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.256",
            "1.2.3.04",
            "0x7f.1.1.1",
            "a.1",
        ] {
            assert_eq!(short(&format!("http://{host}/")), None, "{host}");
        }
    }

    #[test]
    fn dot_segments_taken_out() {
        for (input, expected) in [
            ("http://h/..", "http://h/"),
            ("http://h/a/..", "http://h/"),
            ("http://h/a/.", "http://h/a/"),
            ("http://h/a/..?q", "http://h/?q"),
            ("http://h/a/b/.%2E/c#f", "http://h/a/c#f"),
            ("http://h/./../a/.../b", "http://h/a/.../b"),
            ("http://h/a\\.\\b/.x/..y/%2e%2", "http://h/a/b/.x/..y/%2e%2"),
            ("http://h/a\"/../b", "http://h/b"),
            ("http://h/a:b/../c|d/..", "http://h/"),
        ] {
            assert_eq!(short(input).as_deref(), Some(expected), "{input}");
            assert_eq!(parser(input).as_deref(), Some(expected), "{input}");
        }
        // A segment that looks like a Windows drive letter before `..`
        // is left to the parser, which takes it out but for `file:`.
        for (input, expected) in [
            ("http://h/a:/..", "http://h/"),
            ("http://h/x/Z|/%2e.", "http://h/x/"),
        ] {
            assert_eq!(short(input), None, "{input}");
            assert_eq!(parser(input).as_deref(), Some(expected), "{input}");
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
        // An ASCII domain is lowercased, its Punycode not checked.
        assert_eq!(
            idn("http://XN--a.com/").as_deref(),
            Some("http://xn--a.com/")
        );
        // Left to the parser: an IPv4 address once mapped (fullwidth
        // digits), a forbidden code point, a code point Unicode leaves
        // unassigned.
        for declined in [
            "http://１.２.３.４/",
            "http://a\u{FF1A}b/",
            "http://\u{3E8AC}.ex/",
        ] {
            assert_eq!(idn(declined), None, "{declined}");
        }
    }

    #[test]
    fn dot_segments_in_every_spelling() {
        for s in [".", "..", "%2e", "%2E", ".%2e", "%2E.", "%2e%2E"] {
            assert!(dot_segment(s.as_bytes()) > 0, "{s}");
        }
        for s in ["", "...", "a.", ".a", "%2f", "%2e%2", "%2e.."] {
            assert!(!dot_segment(s.as_bytes()) > 0, "{s}");
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
