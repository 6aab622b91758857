//! The steps of `surt/GoogleURLCanonicalizer.py`'s `canonicalize` that
//! need more than a line: the host's dots, `attemptIPFormats` (with the C
//! library's `inet_aton`, as the reference's resolver call reads a
//! numeric host) and `normalizePath`.

use super::reject;
use crate::keys::KeyError;

/// `host.replace(b'..', b'.').strip(b'.')`: each `..` read from the left
/// becomes one `.` (`a...b` → `a..b`), then the dots at either end go.
/// Appends to `out`.
pub(super) fn collapse_dots(host: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    let mut i = 0;
    while i < host.len() {
        if host[i] == b'.' && host.get(i + 1) == Some(&b'.') {
            out.push(b'.');
            i += 2;
        } else {
            out.push(host[i]);
            i += 1;
        }
    }
    let end = out[start..]
        .iter()
        .rposition(|&b| b != b'.')
        .map_or(start, |i| start + i + 1);
    out.truncate(end);
    let lead = out[start..].iter().take_while(|&&b| b == b'.').count();
    out.drain(start..start + lead);
}

/// The longest digit string Python's `int()` reads (its limit on integer
/// string conversion); a longer one raises ValueError.
const PYTHON_INT_MAX_DIGITS: usize = 4300;

/// `attemptIPFormats`: a host of digits is a 32-bit number (masked to
/// its low 32 bits: `3232235777` → `192.168.1.1`); a host matching
/// `DECIMAL_IP` or `OCTAL_IP` is what `inet_aton` makes of it
/// (`0177.0.0.1` → `127.0.0.1`, `192.168.257` → `192.168.1.1`), or not an
/// address when it rejects it (`999.1.1.1`).  `Ok(Some(octets))` for an
/// address.
pub(super) fn attempt_ip_formats(host: &[u8]) -> Result<Option<[u8; 4]>, KeyError> {
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        if host.len() > PYTHON_INT_MAX_DIGITS {
            return Err(reject(
                "a numeric host of more than 4300 digits (int() raises ValueError)",
            ));
        }
        let value = host.iter().fold(0u32, |v, &d| {
            v.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        return Ok(Some(value.to_be_bytes()));
    }
    if !matches_ip_pattern(host) {
        return Ok(None);
    }
    Ok(inet_aton(host).map(u32::to_be_bytes))
}

/// Whether `host` matches `DECIMAL_IP` (`^([1-9][0-9]*)(\.[0-9]+)?` and two
/// more optional parts) or `OCTAL_IP` (the same with `0[0-7]*` first and
/// `[0-7]+` after); Python's `$` also matches before a final `\n`.
fn matches_ip_pattern(host: &[u8]) -> bool {
    let host = host.strip_suffix(b"\n").unwrap_or(host);
    let decimal = matches!(host.first(), Some(b'1'..=b'9'));
    let octal = host.first() == Some(&b'0');
    if !decimal && !octal {
        return false;
    }
    let digit_ok = |b: u8| {
        if decimal {
            b.is_ascii_digit()
        } else {
            (b'0'..=b'7').contains(&b)
        }
    };
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        // The first part of OCTAL_IP is `0[0-7]*`, non-empty by its `0`.
        if parts > 4 || part.is_empty() || !part.iter().all(|&b| digit_ok(b)) {
            return false;
        }
    }
    true
}

/// glibc's `inet_aton` on a string of digits and dots (and perhaps a final
/// `\n`, the whitespace it allows after the number): one to four numbers,
/// each octal after a leading `0`, else decimal; every number but the
/// last at most 255, the last filling the bytes left.
fn inet_aton(host: &[u8]) -> Option<u32> {
    let host = host.strip_suffix(b"\n").unwrap_or(host);
    let mut parts = [0u32; 4];
    let mut n = 0;
    for part in host.split(|&b| b == b'.') {
        if n == 4 || part.is_empty() {
            return None;
        }
        let (radix, digits) = if part[0] == b'0' {
            (8, &part[1..])
        } else {
            (10, part)
        };
        let mut value: u64 = 0;
        for &d in digits {
            let d = u64::from(d.wrapping_sub(b'0'));
            if d >= radix {
                // strtoul stops here: a trailing 8 or 9 is not a dot.
                return None;
            }
            value = value * radix + d;
            if value > 0xffff_ffff {
                return None;
            }
        }
        parts[n] = value as u32;
        n += 1;
    }
    let (last, init) = parts[..n].split_last()?;
    if init.iter().any(|&p| p > 0xff) {
        return None;
    }
    let max = [0xffff_ffff, 0x00ff_ffff, 0xffff, 0xff][n - 1];
    if *last > max {
        return None;
    }
    let high = init
        .iter()
        .enumerate()
        .fold(0u32, |acc, (i, &p)| acc | p << (24 - 8 * i));
    Some(high | last)
}

/// Appends `a.b.c.d` (`inet_ntoa`).
pub(super) fn push_dotted(octets: [u8; 4], out: &mut Vec<u8>) {
    for (i, o) in octets.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        if *o >= 100 {
            out.push(b'0' + o / 100);
        }
        if *o >= 10 {
            out.push(b'0' + o / 10 % 10);
        }
        out.push(b'0' + o % 10);
    }
}

/// Whether [`normalize_path`] gives `path` back: it starts with `/` and
/// has no empty segment but the last and no `.` or `..` segment
/// (`/a/b/` does; `/a//b`, `/a/./b`, `/..` and `` do not).
pub(super) fn normalizes_to_itself(path: &[u8]) -> bool {
    if path.first() != Some(&b'/') {
        return false;
    }
    // Fast path: without `//` and `/.` (`/a/b.html`) no segment but the
    // last is empty and none is `.` or `..`.  One pass without early
    // exit, which the compiler vectorizes.
    let slash_then = path.iter().zip(&path[1..]).fold(false, |found, (&x, &y)| {
        found | (x == b'/' && (y == b'/' || y == b'.'))
    });
    if !slash_then {
        return true;
    }
    let n = path.len();
    // `i` is at a `/`; the segment runs to the next one.
    let mut i = 0;
    while i < n {
        let start = i + 1;
        let mut j = start;
        while j < n && path[j] != b'/' {
            j += 1;
        }
        let segment = &path[start..j];
        if (segment.is_empty() && j < n) || segment == b"." || segment == b".." {
            return false;
        }
        i = j;
    }
    true
}

/// `normalizePath`: the segments after the first `/` (what precedes it is
/// dropped), `.` skipped, `..` removing the segment kept before it (or
/// kept when there is none), empty segments dropped but for the last:
/// `/a/./b/../c//d/` → `/a/c/d/`, `/../a` → `/../a`, empty → `/`.
/// Appends to `out`; `kept` is scratch space.
pub(super) fn normalize_path(path: &[u8], out: &mut Vec<u8>, kept: &mut Vec<(usize, usize)>) {
    kept.clear();
    let mut at = 0;
    let mut first = true;
    for segment in path.split(|&b| b == b'/') {
        let range = (at, at + segment.len());
        at += segment.len() + 1;
        if first {
            first = false;
            continue;
        }
        match segment {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(range);
                }
            }
            _ => kept.push(range),
        }
    }
    out.push(b'/');
    if let Some((&(ls, le), init)) = kept.split_last() {
        for &(s, e) in init {
            if e > s {
                out.extend_from_slice(&path[s..e]);
                out.push(b'/');
            }
        }
        out.extend_from_slice(&path[ls..le]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<String> {
        attempt_ip_formats(s.as_bytes()).unwrap().map(|o| {
            let mut out = Vec::new();
            push_dotted(o, &mut out);
            String::from_utf8(out).unwrap()
        })
    }

    #[test]
    fn reads_ip_formats() {
        assert_eq!(ip("3232235777").as_deref(), Some("192.168.1.1"));
        assert_eq!(ip("99999999999").as_deref(), Some("72.118.231.255"));
        assert_eq!(ip("0177.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("192.168.257").as_deref(), Some("192.168.1.1"));
        assert_eq!(
            ip("00000000000000000127.0.0.1").as_deref(),
            Some("87.0.0.1")
        );
        assert_eq!(ip("1.2.3.4\n").as_deref(), Some("1.2.3.4"));
        assert_eq!(ip("999.1.1.1"), None);
        assert_eq!(ip("1.08.1.1"), None);
        assert_eq!(ip("08.1.1.1"), None);
        assert_eq!(ip("1.2.3.4.5"), None);
        assert_eq!(ip("0x7f.1"), None);
    }

    fn normalized(s: &str) -> String {
        let mut out = Vec::new();
        normalize_path(s.as_bytes(), &mut out, &mut Vec::new());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn normalizes_paths() {
        assert_eq!(normalized("/a/./b/../c//d/"), "/a/c/d/");
        assert_eq!(normalized("/%7efoo/./../c//d/"), "/c/d/");
        assert_eq!(normalized("/../a"), "/../a");
        assert_eq!(normalized("/a//.."), "/a");
        assert_eq!(normalized("/a/.."), "/");
        assert_eq!(normalized(""), "/");
    }

    #[test]
    fn knows_paths_that_stay() {
        for p in ["/a/b/", "/a/b", "/", "/a.b/.c/..d"] {
            assert!(normalizes_to_itself(p.as_bytes()), "{p}");
            assert_eq!(normalized(p), p);
        }
        for p in ["", "a", "/a//b", "/a/./b", "/..", "/.", "//", "/a/.."] {
            assert!(!normalizes_to_itself(p.as_bytes()), "{p}");
        }
    }

    #[test]
    fn collapses_dots() {
        let mut out = Vec::new();
        collapse_dots(b"..a...b..", &mut out);
        assert_eq!(out, b"a..b");
    }
}
