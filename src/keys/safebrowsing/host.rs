//! The host: `urls.go` `parseHost` (user information, port, IDNA, dots,
//! case) and `parseIPAddress`/`canonicalNum` (IPv4 in the forms legacy
//! resolvers accept), and `net.ParseIP` as `generateLookupHosts` asks it.

use super::text::unescape_once;
use super::{punycode, Steps};
use crate::keys::step::Applied;

/// Why a host is rejected.
pub(super) enum HostError {
    /// `[` without a later `]`.
    Bracket,
    /// IDNA `ToASCII` failed.
    Idna,
    /// A port that Firefox's URL parser rejects.
    Port,
}

/// `urls.go` `parseHost` of the escaped `hostish` (what lies between
/// `//` and the path), appending the host to `out`.
///
/// `"user@WWW.Example.com.:8080"` -> `"www.example.com"`;
/// `"0x12.0x43.0x44.0x01"` -> `"18.67.68.1"`.
pub(super) fn parse_host(
    hostish: &[u8],
    on: &Steps,
    applied: &mut Applied,
    out: &mut Vec<u8>,
) -> Result<(), HostError> {
    let mut host = hostish;
    if on.strip_userinfo {
        if let Some(at) = host.iter().rposition(|&b| b == b'@') {
            host = &host[at + 1..];
            applied.note("strip_userinfo");
        }
    }
    if host.first() == Some(&b'[') && !host.contains(&b']') {
        return Err(HostError::Bracket);
    }
    if on.firefox_port {
        // Firefox's URL parser (nsStandardURL) reads a port after the last
        // `:` outside brackets: empty or decimal up to 65535, never part of
        // the host.  `a.com:` -> `a.com`; `a.com:x` is rejected.
        let after_bracket = host.iter().rposition(|&b| b == b']').map_or(0, |p| p + 1);
        if let Some(c) = host[after_bracket..].iter().rposition(|&b| b == b':') {
            let port = &host[after_bracket + c + 1..];
            let ok = port.iter().all(u8::is_ascii_digit)
                && (port.is_empty() || port.iter().skip_while(|&&b| b == b'0').count() <= 5)
                && port
                    .iter()
                    .fold(0u32, |v, &b| (v * 10 + u32::from(b - b'0')).min(1_000_000))
                    <= 65535;
            if !ok {
                return Err(HostError::Port);
            }
            host = &host[..after_bracket + c];
            applied.note("firefox_port");
        }
    } else if on.strip_port {
        // portRegexp `:\d+$`: "a.com:80" -> "a.com"; "a.com:" stays.
        let digits = host.iter().rev().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 && host.len() > digits && host[host.len() - digits - 1] == b':' {
            host = &host[..host.len() - digits - 1];
            applied.note("strip_port");
        }
    }
    let mut work: Vec<u8>;
    let mut unescaped = Vec::with_capacity(host.len());
    unescape_once(host, &mut unescaped);
    // isUnicode: an octet above 0x80 (0x80 itself is not, "for legacy reasons").
    if on.idna_to_ascii && unescaped.iter().any(|&b| b > 0x80) {
        work = Vec::with_capacity(unescaped.len() * 2);
        punycode::to_ascii(&unescaped, &mut work).ok_or(HostError::Idna)?;
        applied.note("idna_to_ascii");
    } else {
        work = host.to_vec();
    }
    if on.collapse_host_dots {
        // dotsRegexp `[.]+` -> ".": "a...b" -> "a.b".
        let before = work.len();
        work.dedup_by(|b, a| *a == b'.' && *b == b'.');
        if work.len() != before {
            applied.note("collapse_host_dots");
        }
    }
    let mut h: &[u8] = &work;
    if on.trim_host_dots {
        // strings.Trim(host, "."): "..a.com." -> "a.com".
        let start = h.iter().position(|&b| b != b'.').unwrap_or(h.len());
        let end = h.iter().rposition(|&b| b != b'.').map_or(start, |p| p + 1);
        if start != 0 || end != h.len() {
            applied.note("trim_host_dots");
        }
        h = &h[start..end];
    }
    if on.normalize_ipv4 {
        let at = out.len();
        if parse_ip_address(h, out) {
            applied.note_if_changed("normalize_ipv4", h, &out[at..]);
            return Ok(());
        }
    }
    if on.lowercase_host && h.iter().any(u8::is_ascii_uppercase) {
        applied.note("lowercase_host");
        out.extend(h.iter().map(u8::to_ascii_lowercase));
    } else {
        out.extend_from_slice(h);
    }
    Ok(())
}

/// Whether `s` matches `possibleIPRegexp`, `^(?i)((?:0x[0-9a-f]+|[0-9.])+)$`:
/// digits and dots, and hex digits only in a run opened by `0x` (the `0`
/// of which is not the one hex digit a previous `0x` needs).
///
/// `"0x12.0x43"`, `"0x10x5"` match; `"0x0x1"`, `"1a"`, `"0x"` do not.
fn possible_ip(s: &[u8]) -> bool {
    if s.is_empty() {
        return false;
    }
    let mut in_hex = false;
    for (i, &c) in s.iter().enumerate() {
        match c {
            b'0'..=b'9' => {}
            b'.' => in_hex = false,
            b'x' | b'X' => {
                let zero_free =
                    i >= 1 && s[i - 1] == b'0' && !(i >= 2 && matches!(s[i - 2], b'x' | b'X'));
                if !zero_free || !s.get(i + 1).is_some_and(u8::is_ascii_hexdigit) {
                    return false;
                }
                in_hex = true;
            }
            b'a'..=b'f' | b'A'..=b'F' if in_hex => {}
            _ => return false,
        }
    }
    true
}

/// Go's `strconv.ParseUint(s, 0, 32)` on what `possible_ip` lets through:
/// `0x` hex, a leading `0` octal, else decimal; `None` on a syntax or range
/// error.  `"0x12"` -> 18; `"012"` -> 10; `"08"` -> `None`.
fn parse_uint(s: &[u8]) -> Option<u32> {
    let (digits, radix) = match s {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', b'b' | b'B', rest @ ..] => (rest, 2),
        [b'0', b'o' | b'O', rest @ ..] => (rest, 8),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (s, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &d in digits {
        let d = char::from(d).to_digit(radix)?;
        v = v * u64::from(radix) + u64::from(d);
        if v > u64::from(u32::MAX) {
            return None;
        }
    }
    Some(v as u32)
}

/// `urls.go` `canonicalNum`: `s` as `n` octets in dotted decimal (the
/// value's low `n` octets, most significant first).
///
/// `("01234", 2)` -> `"2.156"`; `("276", 1)` -> `"20"`.
fn canonical_num(s: &[u8], n: usize, out: &mut Vec<u8>) -> bool {
    if n == 0 || n > 4 {
        return false;
    }
    let Some(v) = parse_uint(s) else { return false };
    for i in (0..n).rev() {
        let octet = (v >> (8 * i)) & 0xFF;
        out.extend_from_slice(octet.to_string().as_bytes());
        if i > 0 {
            out.push(b'.');
        }
    }
    true
}

/// `urls.go` `parseIPAddress`: appends the dotted-decimal IPv4 address
/// `host` stands for and returns true, or appends nothing.
///
/// `"3279880203"` -> `"195.127.0.11"`; `"12.0x12.01234"` -> `"12.18.2.156"`;
/// `"10.192.95.89 xy"` -> `"10.192.95.89"`; `"1.2.3.4.5"` -> no address.
fn parse_ip_address(host: &[u8], out: &mut Vec<u8>) -> bool {
    let mut h = host;
    if h.len() <= 15 {
        // trailingSpaceRegexp `^(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}) `.
        if let Some(sp) = h.iter().position(|&b| b == b' ') {
            let head = &h[..sp];
            let parts: Vec<&[u8]> = head.split(|&b| b == b'.').collect();
            if parts.len() == 4
                && parts
                    .iter()
                    .all(|p| (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit))
            {
                h = head;
            }
        }
    }
    if !possible_ip(h) {
        return false;
    }
    let parts: Vec<&[u8]> = h.split(|&b| b == b'.').collect();
    if parts.len() > 4 {
        return false;
    }
    let start = out.len();
    for (i, part) in parts.iter().enumerate() {
        let n = if i == parts.len() - 1 {
            5 - parts.len()
        } else {
            1
        };
        if i > 0 {
            out.push(b'.');
        }
        if !canonical_num(part, n, out) {
            out.truncate(start);
            return false;
        }
    }
    true
}

/// Whether Go's `net.ParseIP` reads `s` as an address: IPv4 in four
/// decimal fields without leading zeros, or IPv6 (hex groups, one `::`,
/// an IPv4 tail).  `"1.2.3.4"`, `"::192.9.5.5"` yes; `"1.2.3"` no.
pub(super) fn is_ip(s: &[u8]) -> bool {
    is_ipv4(s) || is_ipv6(s)
}

fn is_ipv4(s: &[u8]) -> bool {
    let parts: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.iter().all(u8::is_ascii_digit)
                && !(p.len() > 1 && p[0] == b'0')
                && p.iter().fold(0u32, |v, &b| v * 10 + u32::from(b - b'0')) <= 255
        })
}

fn is_ipv6(s: &[u8]) -> bool {
    let (head, tail, ellipsis) = match s.windows(2).position(|w| w == b"::") {
        Some(p) => (&s[..p], &s[p + 2..], true),
        None => (s, &[][..], false),
    };
    let mut groups = 0usize;
    let mut check = |part: &[u8], last: bool| -> bool {
        if part.is_empty() {
            return true;
        }
        let fields: Vec<&[u8]> = part.split(|&b| b == b':').collect();
        for (i, f) in fields.iter().enumerate() {
            if last && i == fields.len() - 1 && f.contains(&b'.') {
                if !is_ipv4(f) {
                    return false;
                }
                groups += 2;
            } else if f.is_empty() || f.len() > 4 || !f.iter().all(u8::is_ascii_hexdigit) {
                return false;
            } else {
                groups += 1;
            }
        }
        true
    };
    if ellipsis {
        if tail.windows(2).any(|w| w == b"::") || !check(head, false) || !check(tail, true) {
            return false;
        }
        groups < 8
    } else {
        check(head, true) && groups == 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> String {
        let mut out = Vec::new();
        parse_ip_address(s.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn parse_ip_address_table() {
        // urls_test.go TestParseIPAddress.
        for (input, want) in [
            ("123.123.0.0.1", ""),
            ("255.0.0.1", "255.0.0.1"),
            ("12.0x12.01234", "12.18.2.156"),
            ("276.2.3", "20.2.0.3"),
            ("012.034.01.055", "10.28.1.45"),
            ("0x12.0x43.0x44.0x01", "18.67.68.1"),
            ("167838211", "10.1.2.3"),
            ("3279880203", "195.127.0.11"),
            ("4294967295", "255.255.255.255"),
            ("10.192.95.89 xy", "10.192.95.89"),
            ("1.2.3.00x0", ""),
        ] {
            assert_eq!(ip(input), want, "{input}");
        }
        assert!(possible_ip(b"0x10x5"));
        assert!(!possible_ip(b"0x0x1"));
        assert!(is_ip(b"2001:470:1:18::114") && is_ip(b"::192.9.5.5") && !is_ip(b"1.2.3"));
    }
}
