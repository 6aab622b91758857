//! `nsURLParsers.cpp` (`netwerk/base/nsURLParsers.cpp`): the parsers that
//! cut a spec into scheme, authority and path, the authority into user
//! name, password, host and port, and the path into directory, basename,
//! extension, query and ref, as segments of the spec (`nsBaseURLParser`,
//! `nsNoAuthURLParser`, `nsAuthURLParser`, `nsStdURLParser`), with the
//! URL type that picks one.

use super::net;

/// Which parser cuts the spec (`nsIStandardURL::URLTYPE_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlType {
    /// `URLTYPE_STANDARD`: `nsStdURLParser`.
    Standard,
    /// `URLTYPE_AUTHORITY`: `nsAuthURLParser`; a host is required.
    Authority,
    /// `URLTYPE_NO_AUTHORITY`: `nsNoAuthURLParser` (`file:`).
    NoAuthority,
}

/// A segment of a spec: where it begins and its length; `None` for an
/// absent one (Firefox's length -1).
pub(super) type Seg = Option<(usize, usize)>;

pub(super) fn seg(spec: &[u8], s: Seg) -> &[u8] {
    s.map_or(&[][..], |(p, l)| &spec[p..p + l])
}

pub(super) fn seg_len(s: Seg) -> isize {
    s.map_or(-1, |(_, l)| l as isize)
}

/// What `ParseURL` finds: scheme, authority and path.
pub(super) struct Parsed {
    pub(super) scheme: Seg,
    pub(super) authority: Seg,
    pub(super) path: Seg,
}

/// `nsBaseURLParser::ParseURL`'s scheme: where it is in `spec`, or `None`
/// (the spec has none, or not before `/`, `?`, `#`, `@` or `[`); an
/// invalid scheme is an error.
pub(super) fn find_scheme(spec: &[u8]) -> Result<(usize, Option<usize>, usize), ()> {
    // Leading spaces, tabs and newlines are skipped.
    let offset = spec
        .iter()
        .position(|&c| !matches!(c, b' ' | b'\n' | b'\r' | b'\t'))
        .unwrap_or(spec.len());
    let s = &spec[offset..];
    let (mut colon, mut slash, mut stop) = (None, None, None);
    for (i, &c) in s.iter().enumerate() {
        if c == 0 || colon.is_some() || slash.is_some() {
            break;
        }
        match c {
            b':' => colon = Some(i),
            b'/' | b'?' | b'#' => slash = Some(i),
            b'@' | b'[' if stop.is_none() => stop = Some(i),
            _ => {}
        }
    }
    if let (Some(c), Some(st)) = (colon, stop) {
        if c > st {
            colon = None;
        }
    }
    // Trailing C0 controls and spaces are ignored.
    let len = s
        .iter()
        .rposition(|&c| c > b' ')
        .map_or(1.min(s.len()), |e| e + 1);
    match colon {
        Some(c) if slash.is_none_or(|sl| c < sl) => {
            if !net::is_valid_scheme(&s[..c]) {
                return Err(());
            }
            Ok((offset, Some(c), len))
        }
        _ => Ok((offset, None, len)),
    }
}

fn count_slashes(s: &[u8]) -> usize {
    s.iter().take_while(|&&c| c == b'/').count()
}

/// `ParseAfterScheme` of each parser, on `s` (what follows the scheme's
/// `:`), as (authority, path) relative to `s`.
fn parse_after_scheme(s: &[u8], t: UrlType) -> (Seg, Seg) {
    let len = s.len();
    let nslash = count_slashes(s);
    match t {
        UrlType::Authority => {
            let end = s[nslash..]
                .iter()
                .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                .map(|e| e + nslash);
            match end {
                Some(p) => (Some((nslash, p - nslash)), Some((p, len - p))),
                None => (Some((nslash, len - nslash)), None),
            }
        }
        UrlType::Standard => {
            // `strchr("/?#;", c)` also finds the NUL at the end of a C
            // string: a NUL ends the authority.
            let end = s[nslash..]
                .iter()
                .position(|&c| matches!(c, b'/' | b'?' | b'#' | b';' | 0))
                .map(|e| e + nslash);
            match nslash {
                0 | 2 => match end {
                    Some(p) => (Some((nslash, p - nslash)), Some((p, len - p))),
                    None => (Some((nslash, len - nslash)), None),
                },
                1 => (None, Some((0, len))),
                _ => (Some((2, 0)), Some((2, len - 2))),
            }
        }
        UrlType::NoAuthority => match nslash {
            0 | 1 => (Some((0, 0)), Some((0, len))),
            2 => {
                if len > 2 {
                    // A drive letter where the authority would be is path.
                    if len > 3
                        && matches!(s[3], b':' | b'|')
                        && s[2].is_ascii_alphabetic()
                        && (len == 4 || matches!(s[4], b'/' | b'\\'))
                    {
                        return (Some((1, 0)), Some((1, len - 1)));
                    }
                    // The apparent authority is skipped.
                    let p = s[2..]
                        .iter()
                        .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                        .map(|e| e + 2);
                    return (None, p.map(|p| (p, len - p)));
                }
                (None, None)
            }
            _ => (Some((2, 0)), Some((2, len - 2))),
        },
    }
}

pub(super) fn parse_url(spec: &[u8], t: UrlType) -> Result<Parsed, ()> {
    let (offset, colon, len) = find_scheme(spec)?;
    let Some(colon) = colon else {
        return Ok(Parsed {
            scheme: None,
            authority: None,
            path: None,
        });
    };
    let start = offset + colon + 1;
    let end = (offset + len).max(start);
    let (a, p) = parse_after_scheme(&spec[start..end], t);
    let shift = |x: Seg| x.map(|(p, l)| (p + start, l));
    Ok(Parsed {
        scheme: Some((offset, colon)),
        authority: shift(a),
        path: shift(p),
    })
}

/// What `ParseAuthority` finds in an authority.
pub(super) struct Authority {
    pub(super) username: Seg,
    pub(super) password: Seg,
    pub(super) host: Seg,
    pub(super) port: Option<u32>,
}

/// `nsAuthURLParser::ParseAuthority` (relative to `auth`).
pub(super) fn parse_authority(auth: &[u8]) -> Result<Authority, ()> {
    if auth.is_empty() {
        return Ok(Authority {
            username: None,
            password: None,
            host: Some((0, 0)),
            port: None,
        });
    }
    match auth.iter().rposition(|&c| c == b'@') {
        Some(at) => {
            let (username, password) = parse_userinfo(&auth[..at]);
            let (host, port) = parse_serverinfo(&auth[at + 1..])?;
            let host = host.map(|(p, l)| (p + at + 1, l));
            // A username or password without a host is malformed.
            if seg_len(host) <= 0 {
                return Err(());
            }
            Ok(Authority {
                username,
                password,
                host,
                port,
            })
        }
        None => {
            let (host, port) = parse_serverinfo(auth)?;
            Ok(Authority {
                username: None,
                password: None,
                host,
                port,
            })
        }
    }
}

/// `nsAuthURLParser::ParseUserInfo`: user name and password, split at the
/// first `:`.
fn parse_userinfo(u: &[u8]) -> (Seg, Seg) {
    if u.is_empty() {
        return (None, None);
    }
    match u.iter().position(|&c| c == b':') {
        Some(c) => (Some((0, c)), Some((c + 1, u.len() - c - 1))),
        None => (Some((0, u.len())), None),
    }
}

/// `nsAuthURLParser::ParseServerInfo`: host and port.  The port begins at
/// the first `:` after the last `]`; a space fails.
fn parse_serverinfo(s: &[u8]) -> Result<(Seg, Option<u32>), ()> {
    if s.is_empty() {
        return Ok((Some((0, 0)), None));
    }
    let mut colon = None;
    let mut bracket = false;
    for i in (1..s.len()).rev() {
        match s[i] {
            b']' => bracket = true,
            b':' if !bracket => colon = Some(i),
            b' ' => return Err(()),
            _ => {}
        }
    }
    let (host, port) = match colon {
        Some(c) => {
            let digits = &s[c + 1..];
            let port = if digits.is_empty() {
                None
            } else {
                // `NS_strspnp("0123456789", buf)` checks the C string: the
                // digits up to a NUL.
                if !net::c_str(digits).iter().all(u8::is_ascii_digit) {
                    return Err(());
                }
                let n = to_integer(digits).ok_or(())?;
                if !(0..=65535).contains(&n) {
                    return Err(());
                }
                Some(n as u32)
            };
            (Some((0, c)), port)
        }
        None => (Some((0, s.len())), None),
    };
    // An IPv6 address in brackets must be valid.
    let h = seg(s, host);
    if h.len() > 1 && h[0] == b'[' && h[h.len() - 1] == b']' && !valid_ipv6(&h[1..h.len() - 1]) {
        return Err(());
    }
    Ok((host, port))
}

/// `nsTString::ToInteger` (radix 10) over the whole string: what comes
/// before the first hexadecimal digit is skipped (a `-` there negates),
/// then digits are read up to the first other character; a letter `A`-`F`
/// fails, as does a value past `i32::MAX` or no digit at all.  (`84\0 3`
/// is 84, `\03` is 3.)
fn to_integer(s: &[u8]) -> Option<i64> {
    let mut i = 0;
    let mut negate = false;
    while i < s.len() && !s[i].is_ascii_hexdigit() {
        if s[i] == b'-' {
            negate = true;
        }
        i += 1;
    }
    if i == s.len() {
        return None;
    }
    let mut n: i64 = 0;
    for &c in &s[i..] {
        match c {
            b'0'..=b'9' => {
                n = n * 10 + i64::from(c - b'0');
                if n > i64::from(i32::MAX) {
                    return None;
                }
            }
            b'A'..=b'F' | b'a'..=b'f' => return None,
            b'x' | b'X' => {}
            _ => break,
        }
    }
    Some(if negate { -n } else { n })
}

/// `net_IsValidIPv6Addr`: an IPv6 address (what is inside the brackets).
fn valid_ipv6(s: &[u8]) -> bool {
    std::str::from_utf8(s).is_ok_and(|t| t.parse::<std::net::Ipv6Addr>().is_ok())
}

/// `nsBaseURLParser::ParsePath`: file path, query and ref.
pub(super) fn parse_path(p: &[u8]) -> (Seg, Seg, Seg) {
    let mut query = None;
    let mut fref = None;
    let mut query_end = None;
    for (i, &c) in p.iter().enumerate() {
        if fref.is_none() && query.is_none() && c == b'?' {
            query = Some(i + 1);
        } else if c == b'#' {
            fref = Some(i + 1);
            if query.is_some() {
                query_end = Some(i);
            }
            break;
        }
    }
    let query_seg = query.map(|q| (q, query_end.unwrap_or(p.len()) - q));
    let ref_seg = fref.map(|r| (r, p.len() - r));
    let end = match (query, fref) {
        (Some(q), _) => q - 1,
        (None, Some(r)) => r - 1,
        _ => p.len(),
    };
    let filepath = (end != 0).then_some((0, end));
    (filepath, query_seg, ref_seg)
}

/// `nsBaseURLParser::ParseFilePath`: directory, basename and extension.
pub(super) fn parse_file_path(f: &[u8]) -> (Seg, Seg, Seg) {
    if f.is_empty() {
        return (None, Some((0, 0)), None);
    }
    let end = f.len();
    match f.iter().rposition(|&c| c == b'/') {
        Some(mut p) => {
            // `/..` and `/.` at the end are directory.
            if p + 1 < end
                && f[p + 1] == b'.'
                && (p + 2 == end || (f[p + 2] == b'.' && p + 3 == end))
            {
                p = end - 1;
            }
            let (b, e) = parse_file_name(&f[p + 1..]);
            let sh = |x: Seg| x.map(|(q, l)| (q + p + 1, l));
            (Some((0, p + 1)), sh(b), sh(e))
        }
        None => {
            let (b, e) = parse_file_name(f);
            (None, b, e)
        }
    }
}

/// `nsBaseURLParser::ParseFileName`: basename and extension (after the
/// last `.` but the first character, unless the name ends with `.`).
fn parse_file_name(n: &[u8]) -> (Seg, Seg) {
    if n.is_empty() {
        return (Some((0, 0)), None);
    }
    if n[n.len() - 1] != b'.' {
        if let Some(p) = n[1..].iter().rposition(|&c| c == b'.').map(|p| p + 1) {
            return (Some((0, p)), Some((p + 1, n.len() - p - 1)));
        }
    }
    (Some((0, n.len())), None)
}
