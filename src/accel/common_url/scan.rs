//! The one pass over a common absolute URL: its scan and the writing of
//! its serialization and offsets ([`common_url_with_host`]; the host is
//! written by the caller).

use super::classes::{
    class, AUTHORITY_PLAIN, PATH_COPY, PATH_ESCAPE, PRINT, QUERY_COPY, QUERY_ESCAPE, SCHEME,
    USERINFO_COPY,
};
use super::ROOM;
use crate::algorithm::canonicalize::default_port;
use crate::profile::HexCase;
use crate::text::octets::first_where;
use crate::text::percent::{self, push_escape, UNRESERVED};
use crate::url::components::is_not_hierarchical_scheme;
use crate::url::{Offsets, OffsetsBuilder, Span};
use encoding_rs::{Encoding, UTF_8};

/// The shortcut, with the host written by `host_into(host, scheme, ascii,
/// out)` (the host as written, the scheme as written, whether the
/// authority is ASCII, the serialization so far; `false` declines): the
/// offsets.
#[inline(always)]
pub(super) fn common_url_with_host<'i>(
    input: &'i str,
    encoding: &'static Encoding,
    out: &mut String,
    host_into: impl FnOnce(&'i str, &'i str, bool, &mut String) -> bool,
) -> Option<Offsets> {
    let b = input.as_bytes();
    // Offsets are u32, and escaping can triple the path and query.
    if b.len() > (u32::MAX / 4) as usize {
        return None;
    }
    out.clear();

    // The scheme, lowercased, and `://`.
    // The common schemes, lowercase already: compared as words.
    let scheme_end = if b.starts_with(b"https://") {
        5
    } else if b.starts_with(b"http://") {
        4
    } else {
        scheme_end(b)?
    };
    // No third slash character.
    if matches!(b.get(scheme_end + 3), Some(b'/' | b'\\')) {
        return None;
    }

    // The authority: up to the first `/`, `\`, `?` or `#`, split at its
    // last `@` and the last `:` after it.  Read before anything is
    // written: an authority with an ASCII octet that is not printable is
    // declined at once; one with non-ASCII octets is noted (the userinfo
    // and port decline them, the host goes by the steps).
    let authority_start = scheme_end + 3;
    let (mut last_at, mut last_colon) = (None, None);
    let mut ascii = true;
    let mut authority_end = b.len();
    let mut i = authority_start;
    loop {
        i += first_where(&b[i..], |c| class(c) & AUTHORITY_PLAIN == 0).unwrap_or(b.len() - i);
        match b.get(i) {
            None => break,
            Some(b'@') => last_at = Some(i),
            Some(b':') => last_colon = Some(i),
            Some(b'/' | b'?' | b'#') => {
                authority_end = i;
                break;
            }
            Some(&c) if c >= 0x80 => {
                // The rest of the character, and any more that follow.
                ascii = false;
                i += b[i..].iter().take_while(|&&c| c >= 0x80).count() - 1;
            }
            Some(_) => return None,
        }
        i += 1;
    }
    // An internationalized host by the steps may grow (its labels in
    // Punycode, `xn--` before each).
    let growth = if ascii {
        8
    } else {
        8 + 2 * (authority_end - authority_start).min(ROOM)
    };
    out.reserve(b.len() + growth);
    out.push_str(&input[..scheme_end]);
    out.make_ascii_lowercase();
    out.push_str("://");
    let mut offsets = OffsetsBuilder::new(scheme_end);
    let host_start = match last_at {
        Some(at) => {
            let userinfo = &input[authority_start..at];
            if !userinfo
                .bytes()
                .all(|c| class(c) & USERINFO_COPY != 0 || c == b':')
            {
                return None;
            }
            let (u, p) = match userinfo.split_once(':') {
                Some((u, p)) => (u, Some(p)),
                None => (userinfo, None),
            };
            // An empty password is dropped, then an empty user without one;
            // a `:` in the password is escaped by the steps.
            let p = p.filter(|p| !p.is_empty());
            if p.is_some_and(|p| p.contains(':')) {
                return None;
            }
            if !u.is_empty() || p.is_some() {
                offsets.user(Some(push_span(out, u)));
                if let Some(p) = p {
                    out.push(':');
                    offsets.password(Some(push_span(out, p)));
                }
                out.push('@');
            }
            at + 1
        }
        None => authority_start,
    };
    let (host_end, port) = match last_colon.filter(|&c| c >= host_start) {
        Some(colon) => (colon, Some(&input[colon + 1..authority_end])),
        None => (authority_end, None),
    };
    let port_number = match port {
        Some(p) => port_number(p)?,
        None => None,
    };
    let scheme = &input[..scheme_end];
    let host = &input[host_start..host_end];
    // A host by the steps costs more than the rest of the URL: its path,
    // query and fragment must hold no ASCII octet the shortcut declines.
    if !ascii && first_where(&b[authority_end..], |c| c < 0x80 && class(c) & PRINT == 0).is_some() {
        return None;
    }
    let host_at = out.len();
    // The host shortcut reads the scheme only to pick the profile for
    // other hosts (`file`), with which it compares case-insensitively.
    if !host_into(host, scheme, ascii, out) {
        return None;
    }
    offsets.host(Some(OffsetsBuilder::span(host_at, out.len())));
    if let Some(p) = port {
        offsets.port(push_port(
            p,
            port_number,
            default_port(&out[..scheme_end]),
            out,
        ));
    }

    // The path: at least `/`.
    let path_at = out.len();
    let mut i = authority_end;
    if b.get(i) == Some(&b'/') {
        i = push_path(input, i, out)?;
    } else {
        out.push('/');
    }
    offsets.path(Some(OffsetsBuilder::span(path_at, out.len())));

    if b.get(i) == Some(&b'?') {
        let encoding = encoding.output_encoding();
        if !(encoding == UTF_8 || encoding.is_ascii_compatible()) {
            return None;
        }
        out.push('?');
        let at = out.len();
        i = push_query(input, i + 1, encoding == UTF_8, out)?;
        offsets.query(Some(OffsetsBuilder::span(at, out.len())));
    }
    if b.get(i) == Some(&b'#') {
        let f = &input[i + 1..];
        if f.bytes().any(|c| class(c) & PRINT == 0) && !fragment_keeps(f) {
            return None;
        }
        out.push('#');
        offsets.fragment(Some(push_span(out, f)));
    }
    offsets.checked(out.len())
}

/// The end of the scheme at the start of `b` when it is followed by `://`
/// and the shortcut covers it: two or more scheme characters (one letter
/// is a drive), and not `file`, `mailto` or a scheme that is not
/// hierarchical, in any case.
///
/// `FTP://a` → `Some(3)`; `c://a`, `File://a`, `javascript://a` → `None`.
pub(crate) fn scheme_end(b: &[u8]) -> Option<usize> {
    let end = b.iter().position(|&c| class(c) & SCHEME == 0)?;
    if end < 2 || b.get(end..end + 3) != Some(b"://") {
        return None;
    }
    let scheme = &b[..end];
    let is = |name: &str| scheme.eq_ignore_ascii_case(name.as_bytes());
    let hierarchical = std::str::from_utf8(scheme).is_ok_and(|s| !is_not_hierarchical_scheme(s));
    (hierarchical && !is("file") && !is("mailto")).then_some(end)
}

/// Appends `s` to `out`: its place there.
fn push_span(out: &mut String, s: &str) -> Span {
    let start = out.len();
    out.push_str(s);
    OffsetsBuilder::span(start, out.len())
}

/// The port step's number for `port`: `Some(None)` when it is empty,
/// `Some(Some(n))` for a number up to 65535 without leading zero (written
/// as it is), `None` (declined) for anything else.  Read before the host
/// is canonicalized: a host by the steps that fails is the URL's error
/// only in a URL the shortcut covers.
///
/// `8080` → 8080; `` → none; `080`, `8a`, `65536` → declined.
fn port_number(port: &str) -> Option<Option<u16>> {
    if port.is_empty() {
        return Some(None);
    }
    let p = port.as_bytes();
    if p.len() > 5 || p[0] == b'0' || !p.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = p.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    u16::try_from(value).ok().map(Some)
}

/// The port step: `port` (whose number is `number`) dropped when it is
/// empty or the scheme's `default`, written as it is otherwise.
///
/// `http` `80` → dropped; `8080` → `:8080`.
fn push_port(
    port: &str,
    number: Option<u16>,
    default: Option<u16>,
    out: &mut String,
) -> Option<Span> {
    if number.is_none() || number == default {
        return None;
    }
    out.push(':');
    Some(push_span(out, port))
}

/// Appends the canonical path that begins at `input[i]` (a `/`): the
/// offset of the `?` or `#` after it (or the end).  Declined: a `.` or
/// `..` segment (which resolution removes), a `\`, an escape of `.`, a `%`
/// that begins no escape, an octet that is not printable.
///
/// `/a%7Eb/c"d` → `/a~b/c%22d`; `/a/./b` → declined.
fn push_path(input: &str, mut i: usize, out: &mut String) -> Option<usize> {
    let b = input.as_bytes();
    let mut run = i;
    loop {
        i += first_where(&b[i..], |c| class(c) & PATH_COPY == 0).unwrap_or(b.len() - i);
        let Some(&c) = b.get(i) else {
            break;
        };
        match c {
            // The path begins with `/`: a `.` has a byte before it.
            b'.' => {
                if b[i - 1] == b'/' && is_dot_segment(&b[i..]) {
                    return None;
                }
                i += 1;
                continue;
            }
            b'?' | b'#' => break,
            _ => {}
        }
        out.push_str(&input[run..i]);
        if class(c) & PATH_ESCAPE != 0 {
            push_escape(c, HexCase::Upper, out);
            i += 1;
        } else if c == b'%' {
            let v = percent::escape_at(b, i)?;
            if v == b'.' {
                return None;
            }
            if UNRESERVED.contains(v) {
                out.push(char::from(v));
            } else {
                out.push_str(&input[i..i + 3]);
            }
            i += 3;
        } else if c >= 0x80 {
            // A character that is not ASCII: the path step encodes it in
            // UTF-8, `é` → `%C3%A9`.
            i = push_escaped_char_at(input, i, out)?;
        } else {
            return None;
        }
        run = i;
    }
    out.push_str(&input[run..i]);
    Some(i)
}

/// The character that begins at `input[i]` (not ASCII) escaped in UTF-8
/// and appended to `out`: the offset after it; `None` for a noncharacter
/// (preprocessing would have made it U+FFFD).  Cold: the common URL is
/// ASCII.
#[cold]
#[inline(never)]
fn push_escaped_char_at(input: &str, i: usize, out: &mut String) -> Option<usize> {
    let c = input.get(i..)?.chars().next()?;
    if crate::algorithm::preprocess::is_noncharacter(c) {
        return None;
    }
    percent::push_escaped_char(c, HexCase::Upper, out);
    Some(i + c.len_utf8())
}

/// Whether the fragment step leaves `f` as it is, and preprocessing did
/// too: printable ASCII, and characters that are not ASCII but neither
/// one the fragment step escapes ([`percent::fragment_escapes`], the C1
/// controls) nor a noncharacter.
///
/// `é#a` → true; `\u{85}`, `\u{FDD0}`, `a b` → false.  Cold: the
/// common fragment is printable ASCII.
#[cold]
#[inline(never)]
fn fragment_keeps(f: &str) -> bool {
    f.chars().all(|c| match u8::try_from(c) {
        Ok(b) if b < 0x80 => class(b) & PRINT != 0,
        _ => !percent::fragment_escapes(c) && !crate::algorithm::preprocess::is_noncharacter(c),
    })
}

/// Whether `s` (what follows a `/` of the path) begins with a `.` or `..`
/// segment: `.` or `..` followed by `/`, `?`, `#` or the end (a `\` is
/// declined anyway).
#[inline]
fn is_dot_segment(s: &[u8]) -> bool {
    let dots = match s {
        [b'.', b'.', ..] => 2,
        [b'.', ..] => 1,
        _ => return false,
    };
    matches!(s.get(dots), None | Some(b'/' | b'?' | b'#'))
}

/// Appends the canonical query that begins at `input[i]`: the offset of
/// the `#` after it (or the end).  Declined: an ASCII octet that is not
/// printable, a noncharacter, and a character that is not ASCII unless
/// the document encoding is UTF-8 (`utf8`), in which the query step
/// escapes its octets.
///
/// `q="a"` → `q=%22a%22`; `q=é` → `q=%C3%A9` (UTF-8).
#[inline(always)]
fn push_query(input: &str, mut i: usize, utf8: bool, out: &mut String) -> Option<usize> {
    let b = input.as_bytes();
    let mut run = i;
    loop {
        i += first_where(&b[i..], |c| class(c) & QUERY_COPY == 0).unwrap_or(b.len() - i);
        match b.get(i) {
            None | Some(b'#') => break,
            Some(&c) if class(c) & QUERY_ESCAPE != 0 => {
                out.push_str(&input[run..i]);
                push_escape(c, HexCase::Upper, out);
                i += 1;
                run = i;
            }
            Some(&c) if c >= 0x80 && utf8 => {
                out.push_str(&input[run..i]);
                i = push_escaped_char_at(input, i, out)?;
                run = i;
            }
            Some(_) => return None,
        }
    }
    out.push_str(&input[run..i]);
    Some(i)
}
