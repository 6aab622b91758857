//! The string functions of Firefox's networking library that every URI
//! class uses: `netwerk/base/nsURLHelper.cpp` (`net_ExtractURLScheme`,
//! `net_IsAbsoluteURL`, `net_FilterURIString`, `net_CoalesceDirs`,
//! `net_IsValidScheme`), `netwerk/base/IPv4Parser.cpp` (the IPv4 number
//! parser) and `xpcom/io/nsEscape.cpp` (`NS_EscapeURL`'s sets, as Firefox
//! 153 escapes).  They work on the UTF-8 bytes of a spec, as Firefox's
//! `nsACString` does.

/// Whether `c` may follow the first letter of a scheme.
pub fn is_scheme_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')
}

/// `net_IsValidScheme`: a letter, then scheme characters.
pub fn is_valid_scheme(s: &[u8]) -> bool {
    s.first().is_some_and(u8::is_ascii_alphabetic) && s[1..].iter().all(|&c| is_scheme_char(c))
}

fn is_crlf_tab(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\r')
}

/// Where the scheme ends in `spec` as `net_ExtractURLScheme` reads it:
/// after C0 controls and spaces, a letter, then scheme characters, tabs
/// and newlines, then `:`.  Gives the index of the `:` and the scheme
/// (lowercase, tabs and newlines removed).
pub fn scheme_end(spec: &[u8]) -> Option<(usize, String)> {
    let start = spec.iter().position(|&c| c > 0x20)?;
    if !spec[start].is_ascii_alphabetic() {
        return None;
    }
    let mut i = start + 1;
    while i < spec.len() && (is_scheme_char(spec[i]) || is_crlf_tab(spec[i])) {
        i += 1;
    }
    if spec.get(i) != Some(&b':') {
        return None;
    }
    let scheme = spec[start..i]
        .iter()
        .filter(|&&c| !is_crlf_tab(c))
        .map(|c| c.to_ascii_lowercase() as char)
        .collect();
    Some((i, scheme))
}

/// `net_ExtractURLScheme`.
pub fn extract_scheme(spec: &[u8]) -> Option<String> {
    scheme_end(spec).map(|(_, s)| s)
}

/// `net_IsAbsoluteURL`: a scheme, `:`, then `//` (tabs and newlines
/// between them skipped).
pub fn is_absolute_url(spec: &[u8]) -> bool {
    let Some((colon, _)) = scheme_end(spec) else {
        return false;
    };
    let mut rest = spec[colon + 1..]
        .iter()
        .copied()
        .filter(|&c| !is_crlf_tab(c));
    rest.next() == Some(b'/') && rest.next() == Some(b'/')
}

/// `net_FilterURIString`: leading and trailing C0 controls and spaces
/// trimmed, every tab and newline removed.
pub fn filter_uri_string(input: &[u8]) -> Vec<u8> {
    let start = input.iter().position(|&c| c > 0x20).unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|&c| c > 0x20)
        .map_or(start, |e| e + 1);
    input[start..end.max(start)]
        .iter()
        .copied()
        .filter(|&c| !is_crlf_tab(c))
        .collect()
}

/// The bytes of `s` up to its first NUL: what Firefox's C string
/// functions (`strlen`, `strdup`) see of it.
pub fn c_str(s: &[u8]) -> &[u8] {
    match s.iter().position(|&c| c == 0) {
        Some(i) => &s[..i],
        None => s,
    }
}

fn is_segment_end(c: Option<&u8>) -> bool {
    matches!(c, None | Some(b'/' | b'?' | b'#' | 0))
}

/// `net_CoalesceDirs` on a path that begins with `/`, in place, up to
/// its first `?`, `#` or NUL: `%2e` segments read as `.`, then `/./`
/// removed and `/seg/..` taken out (never above the root), a last `/.`
/// becoming `/`.
pub fn coalesce_dirs(path: &mut Vec<u8>) {
    if path.first() != Some(&b'/') {
        return;
    }
    let end_of_path = path
        .iter()
        .position(|&c| matches!(c, b'?' | b'#' | 0))
        .unwrap_or(path.len());
    // The first pass: `%2e` between slashes (or at the end) is `.`,
    // `%2e%2e`, `%2e.` and `.%2e` are `..`.
    let mut first: Vec<u8> = Vec::with_capacity(path.len());
    let mut i = 0;
    while i < end_of_path {
        let rest = &path[i..end_of_path];
        let eq =
            |pat: &[u8]| rest.len() > pat.len() && rest[1..=pat.len()].eq_ignore_ascii_case(pat);
        if rest[0] == b'/'
            && eq(b"%2e")
            && is_segment_end(path.get(i + 4).filter(|_| i + 4 < end_of_path))
        {
            first.extend_from_slice(b"/.");
            i += 4;
        } else if rest[0] == b'/'
            && eq(b"%2e%2e")
            && is_segment_end(path.get(i + 7).filter(|_| i + 7 < end_of_path))
        {
            first.extend_from_slice(b"/..");
            i += 7;
        } else if rest[0] == b'/'
            && (eq(b"%2e.") || eq(b".%2e"))
            && is_segment_end(path.get(i + 5).filter(|_| i + 5 < end_of_path))
        {
            first.extend_from_slice(b"/..");
            i += 5;
        } else {
            first.push(rest[0]);
            i += 1;
        }
    }
    let tail: Vec<u8> = path[end_of_path..].to_vec();
    // The second pass, "for real", in place as Firefox does it: `u`
    // writes, `f` reads (`u <= f`), and going back over `..` reads what
    // was written.
    let mut b = first;
    let n = b.len();
    let at = |b: &[u8], j: usize| b.get(j).copied();
    let (mut u, mut f) = (0usize, 0usize);
    while f < n {
        if b[f] == b'/' && at(&b, f + 1) == Some(b'.') && at(&b, f + 2) == Some(b'/') {
            // `/./`: the `/.` goes.
            f += 2;
            continue;
        }
        if b[f] == b'/'
            && at(&b, f + 1) == Some(b'.')
            && at(&b, f + 2) == Some(b'.')
            && matches!(at(&b, f + 3), None | Some(b'/'))
        {
            // Back to the previous slash (the root at least).
            u = u.saturating_sub(1);
            while u != 0 && b[u] != b'/' {
                u -= 1;
            }
            f += 2;
            // `..` at the end keeps the slash before it.
            if at(&b, f + 1).is_none() {
                u += 1;
            }
            f += 1;
            continue;
        }
        b[u] = b[f];
        u += 1;
        f += 1;
    }
    // A last `/.` becomes `/`.
    if u > 1 && b[u - 1] == b'.' && b[u - 2] == b'/' {
        u -= 1;
    }
    // The first `/` stays.
    if u == 0 && f != 0 {
        u = 1;
    }
    b.truncate(u);
    b.extend_from_slice(&tail);
    *path = b;
}

// ---------------------------------------------------------------------------
// IPv4 (netwerk/base/IPv4Parser.cpp)

/// `IPv4Parser::EndsInANumber`: the URL Standard's ends-in-a-number
/// checker.
pub fn ends_in_a_number(s: &str) -> bool {
    let mut parts: Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    match last.strip_prefix("0x").or_else(|| last.strip_prefix("0X")) {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => false,
    }
}

/// `IPv4Parser::ValidateIPv4Number`: the number of dots, the base of each
/// part and the places of the dots, or `None`.  Stricter than the URL
/// Standard: an `x` must follow a `0` that begins its part and be
/// followed by a digit (`0x` alone fails), a part may not be empty.
fn validate_ipv4(host: &[u8], trailing_dot: bool) -> Option<(usize, [u32; 4], [usize; 3])> {
    let length = host.len();
    if length == 0 {
        return None;
    }
    let mut bases = [10u32; 4];
    let mut dots = [0usize; 3];
    let mut last_was_number = false;
    let mut dot_count = 0usize;
    for i in 0..length {
        let c = host[i];
        match c {
            b'.' => {
                let after_x = i >= 2 && matches!(host[i - 1], b'x' | b'X') && host[i - 2] == b'0';
                if !(last_was_number || after_x) || (i == length - 1 && trailing_dot) {
                    return None;
                }
                if dot_count > 2 {
                    return None;
                }
                last_was_number = false;
                dots[dot_count] = i;
                dot_count += 1;
            }
            b'x' | b'X' => {
                if !last_was_number
                    || i == length - 1
                    || (dot_count == 0 && i != 1)
                    || host[i - 1] != b'0'
                    || (dot_count > 0 && host[i - 2] != b'.')
                {
                    return None;
                }
                last_was_number = false;
                bases[dot_count] = 16;
            }
            b'0' => {
                if i < length - 1 && host[i + 1] != b'.' && (i == 0 || host[i - 1] == b'.') {
                    bases[dot_count] = 8;
                }
                last_was_number = true;
            }
            b'1'..=b'7' => last_was_number = true,
            b'8' | b'9' => {
                if bases[dot_count] == 8 {
                    return None;
                }
                last_was_number = true;
            }
            b'a'..=b'f' | b'A'..=b'F' => {
                if bases[dot_count] != 16 {
                    return None;
                }
                last_was_number = true;
            }
            _ => return None,
        }
    }
    Some((dot_count, bases, dots))
}

/// `IPv4Parser::ParseIPv4Number`: a part in its base (its `0` or `0x`
/// prefix skipped), at most `max`.
fn parse_ipv4_number(s: &[u8], base: u32, max: u64) -> Option<u64> {
    let digits = match base {
        16 => s.get(2..).unwrap_or(&[]),
        8 => s.get(1..).unwrap_or(&[]),
        _ => s,
    };
    let mut value: u64 = 0;
    for &c in digits {
        value = value * u64::from(base) + u64::from((c as char).to_digit(16).unwrap_or(0));
        if value > 0xffff_ffff {
            return None;
        }
    }
    (value <= max).then_some(value)
}

/// `IPv4Parser::NormalizeIPv4`: the dotted-decimal form of `host`, or
/// `None`.
pub fn normalize_ipv4(host: &str) -> Option<String> {
    let b = host.as_bytes();
    let (filtered, trailing_dot) = match b.last() {
        Some(b'.') => (&b[..b.len() - 1], true),
        _ => (b, false),
    };
    let (dot_count, bases, dots) = validate_ipv4(filtered, trailing_dot)?;
    let length = filtered.len();
    const UPPER: [u64; 4] = [0xffff_ffff, 0xff_ffff, 0xffff, 0xff];
    let start = if dot_count > 0 {
        dots[dot_count - 1] + 1
    } else {
        0
    };
    let mut ipv4 = parse_ipv4_number(&filtered[start..length], bases[dot_count], UPPER[dot_count])?;
    let mut last_used: isize = -1;
    for (i, &dot) in dots.iter().enumerate().take(dot_count) {
        let start = (last_used + 1) as usize;
        last_used = dot as isize;
        let n = parse_ipv4_number(&filtered[start..dot], bases[i], 255)?;
        ipv4 += n << (8 * (3 - i));
    }
    let o = (ipv4 as u32).to_be_bytes();
    Some(format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3]))
}

// ---------------------------------------------------------------------------
// Escaping (xpcom/io/nsEscape.cpp)

/// The escape sets of `nsStandardURL`'s segments, as Firefox 153 escapes
/// them (the URL Standard's percent-encode sets, and `\` in a path, which
/// only the schemes whose backslashes are not made slashes keep).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    Userinfo,
    Path,
    Query,
    Ref,
    /// `esc_OnlyNonASCII` (`nsSimpleURI`): bytes above 0x7E and C0
    /// controls, but not the space.
    OnlyNonAscii,
}

fn needs_escape(b: u8, set: Escape) -> bool {
    if b == b'%' {
        // `%` is never escaped (bug 61269).
        return false;
    }
    let c0 = !(0x20..=0x7e).contains(&b);
    let query = c0 || matches!(b, b' ' | b'"' | b'#' | b'<' | b'>');
    match set {
        Escape::OnlyNonAscii => c0,
        Escape::Ref => c0 || matches!(b, b' ' | b'"' | b'<' | b'>' | b'`'),
        Escape::Query => query || b == b'\'',
        Escape::Path => query || matches!(b, b'?' | b'^' | b'`' | b'{' | b'}' | b'\\'),
        Escape::Userinfo => {
            query
                || matches!(
                    b,
                    b'?' | b'^'
                        | b'`'
                        | b'{'
                        | b'}'
                        | b'/'
                        | b':'
                        | b';'
                        | b'='
                        | b'@'
                        | b'['
                        | b'\\'
                        | b']'
                        | b'|'
                )
        }
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `NS_EscapeURL` of `s` with `set`, appended to `out`.
pub fn escape_into(s: &[u8], set: Escape, out: &mut Vec<u8>) {
    for &b in s {
        if needs_escape(b, set) {
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        } else {
            out.push(b);
        }
    }
}

/// `NS_EscapeURL` of `s` with `set`.
pub fn escape(s: &[u8], set: Escape) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    escape_into(s, set, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coalesced(s: &str) -> String {
        let mut v = s.as_bytes().to_vec();
        coalesce_dirs(&mut v);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn coalescing() {
        assert_eq!(coalesced("/a/./b/../c"), "/a/c");
        assert_eq!(coalesced("/a/b/.."), "/a/");
        assert_eq!(coalesced("/.."), "/");
        assert_eq!(coalesced("/../../x"), "/x");
        assert_eq!(coalesced("/a/%2e/%2E%2e/b?c/../d#e/./f"), "/b?c/../d#e/./f");
        assert_eq!(coalesced("/a/."), "/a/");
        assert_eq!(coalesced("/x/..%2f"), "/x/..%2f");
        assert_eq!(coalesced("//a/../b"), "//b");
        assert_eq!(coalesced("/a/..?q"), "/?q");
    }

    #[test]
    fn ipv4_as_firefox_reads_it() {
        assert_eq!(normalize_ipv4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(normalize_ipv4("127.").as_deref(), Some("0.0.0.127"));
        assert_eq!(normalize_ipv4("0x7f.").as_deref(), Some("0.0.0.127"));
        assert_eq!(normalize_ipv4("010.0.0.1").as_deref(), Some("8.0.0.1"));
        assert_eq!(normalize_ipv4("0x"), None);
        assert_eq!(normalize_ipv4("78.0.0x"), None);
        assert_eq!(normalize_ipv4("256.1.1.1"), None);
        assert_eq!(
            normalize_ipv4("4294967295").as_deref(),
            Some("255.255.255.255")
        );
        assert_eq!(normalize_ipv4("4294967296"), None);
        assert!(ends_in_a_number("a.0x") && !ends_in_a_number("a.b"));
    }

    #[test]
    fn schemes() {
        assert_eq!(extract_scheme(b" \tHT\ntp:x").as_deref(), Some("http"));
        assert_eq!(extract_scheme(b"1http:x"), None);
        assert!(is_absolute_url(b"http:\t//x"));
        assert!(!is_absolute_url(b"http:/x"));
        assert_eq!(filter_uri_string(b" \x01a\tb\n "), b"ab");
    }
}
