//! `surt/handyurl.py`'s `handyurl.parse`: the input made ready (`strip`,
//! tabs and line breaks removed, `http://` added when no scheme leads,
//! repeated `http://` prefixes cut), split by `handyurl.urlsplit` (RFC
//! 2396's regular expression, with the scheme's case kept), and read as
//! `urllib.parse`'s `SplitResultBytes` reads a port and a hostname.

use super::super::KeyError;
use super::reject;

/// The parts of a URL as `handyurl` holds them.  `None` and an empty part
/// differ where the reference tells them apart.
/// Every part is a slice of the prepared URL.
#[derive(Debug, Default)]
pub(super) struct Parts<'a> {
    pub scheme: &'a [u8],
    /// `hostname`, not yet lowercased up to its first `%` (see
    /// [`Parts::host_lowercase_end`]).
    pub host: Option<&'a [u8]>,
    /// Where `hostname`'s lowercasing stops: its first `%` (a zone is
    /// kept as it is); 0 for a host taken from the path.
    pub host_lowercase_end: usize,
    pub port: Option<u32>,
    pub path: Option<&'a [u8]>,
    pub query: Option<&'a [u8]>,
    pub hash: Option<&'a [u8]>,
    /// `last_delimiter`: the URL ends with a `?` that opens no query.
    pub last_delimiter: bool,
}

/// `bytes.strip()`'s whitespace.
#[inline]
fn is_py_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Whether each octet may follow a scheme's first letter: letters,
/// digits, `+`, `-` and `.`.
static SCHEME_CHAR: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.');
        b += 1;
    }
    table
};

/// The length of the scheme when `url` starts with one and a `:`
/// (`_RE_HAS_PROTOCOL`: `^([a-zA-Z][a-zA-Z0-9+\-.]*):`).
fn scheme_len(url: &[u8]) -> Option<usize> {
    if !url.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = url
        .iter()
        .position(|&b| !SCHEME_CHAR[usize::from(b)])
        .unwrap_or(url.len());
    (url.get(n) == Some(&b':')).then_some(n)
}

/// The first part of `handyurl.parse`, into `out`: `strip()`, then
/// `_RE_SPACES` (`\n`, `\r`, `\t`) removed, `addDefaultSchemeIfNeeded`
/// (`example.com/` → `http://example.com/`) and `_RE_MULTIPLE_PROTOCOLS`
/// (`http://https://x/` → `https://x/`).
/// The prepared URL is `input` itself when none of this changes it, else
/// it is made in `buf`.  `printable`: every octet of `input` is printable
/// ASCII (`!` to `~`), which only speeds the answer up.
pub(super) fn prepare<'a>(input: &'a [u8], buf: &'a mut Vec<u8>, printable: bool) -> &'a [u8] {
    // Fast path: a URL of printable ASCII (`printable`: no whitespace to
    // strip or remove) that starts with a scheme and no `http://` after
    // its first is its own prepared URL: `https://a.com/b` stays.
    if printable && scheme_len(input).is_some() && repeated_protocol(input).is_none() {
        return input;
    }
    let start = input
        .iter()
        .position(|&b| !is_py_space(b))
        .unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|&b| !is_py_space(b))
        .map_or(start, |i| i + 1);
    let trimmed = &input[start..end];
    let clean = memchr::memchr3(b'\n', b'\r', b'\t', trimmed).is_none();
    if clean
        && (trimmed.is_empty() || scheme_len(trimmed).is_some())
        && repeated_protocol(trimmed).is_none()
    {
        return trimmed;
    }
    buf.clear();
    buf.reserve(trimmed.len() + 7);
    if clean {
        buf.extend_from_slice(trimmed);
    } else {
        buf.extend(
            trimmed
                .iter()
                .filter(|&&b| !matches!(b, b'\n' | b'\r' | b'\t')),
        );
    }
    if !buf.is_empty() && scheme_len(buf).is_none() {
        buf.splice(0..0, *b"http://");
    }
    if let Some(last) = repeated_protocol(buf) {
        buf.drain(..last);
    }
    buf
}

/// Where the last of two or more leading `http://` / `https://` starts.
fn repeated_protocol(url: &[u8]) -> Option<usize> {
    // Fast path: no `http` after the first `http://` or `https://` (or
    // no `http` first): no repetition (`https://a.com/`).
    let second = match url.get(4) {
        Some(b':') => 7,
        Some(b's') => 8,
        _ => 0,
    };
    if !url.starts_with(b"http") || url.get(second..second + 4) != Some(b"http") {
        return None;
    }
    let mut at = 0;
    let mut last = None;
    loop {
        let rest = &url[at..];
        let n = if rest.starts_with(b"http://") {
            7
        } else if rest.starts_with(b"https://") {
            8
        } else {
            break;
        };
        last = Some(at);
        at += n;
    }
    last.filter(|&l| l > 0)
}

/// Whether each octet is `@`, `[`, `:` or `%`, which a netloc that is
/// just a hostname lacks.
static NETLOC_SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'@' as usize] = true;
    table[b'[' as usize] = true;
    table[b':' as usize] = true;
    table[b'%' as usize] = true;
    table
};

/// The rest of `handyurl.parse` on a prepared URL: `urlsplit`, the
/// netloc's trailing `:` removed, `port` and `hostname` read, and for a
/// scheme starting `http` without a hostname, the hostname taken from the
/// path (`http:////www.example.com/a` → host `www.example.com`, path
/// `/a`).
pub(super) fn split(url: &[u8]) -> Result<Parts<'_>, KeyError> {
    // An empty URL has no scheme: the reference's `scheme.startswith`
    // raises AttributeError on `None`.
    let Some(scheme_end) = scheme_len(url) else {
        return Err(reject(
            "nothing is left once whitespace is stripped, so there is no scheme",
        ));
    };
    let scheme = &url[..scheme_end];
    let mut rest = &url[scheme_end + 1..];
    let mut netloc: Option<&[u8]> = None;
    // Whether the netloc holds `@`, `[`, `:` or `%` (see below).
    let mut netloc_special = false;
    if let Some(after) = rest.strip_prefix(b"//") {
        let n = memchr::memchr3(b'/', b'?', b'#', after).unwrap_or(after.len());
        netloc_special = after[..n]
            .iter()
            .fold(false, |found, &b| found | NETLOC_SPECIAL[usize::from(b)]);
        netloc = Some(&after[..n]);
        rest = &after[n..];
    }
    // The first `?` or `#`: a `?` before any `#` opens the query.
    let (path, query, hash) = match memchr::memchr2(b'?', b'#', rest) {
        None => (rest, None, None),
        Some(i) if rest[i] == b'#' => (&rest[..i], None, Some(&rest[i + 1..])),
        Some(i) => {
            let after = &rest[i + 1..];
            match memchr::memchr(b'#', after) {
                Some(j) => (&rest[..i], Some(&after[..j]), Some(&after[j + 1..])),
                None => (&rest[..i], Some(after), None),
            }
        }
    };
    let query = query.filter(|q| !q.is_empty());
    let hash = hash.filter(|h| !h.is_empty());
    let netloc = netloc.unwrap_or(b"");
    if !netloc_special && !netloc.is_empty() {
        // Fast path: a netloc without `@`, `[`, `:` and `%` is the
        // hostname, all of it lowercased, without a port
        // (`Www.A.com` → host `Www.A.com`, to lowercase up to its end).
        return Ok(Parts {
            scheme,
            host: Some(netloc),
            host_lowercase_end: netloc.len(),
            port: None,
            path: (!path.is_empty()).then_some(path),
            query,
            hash,
            last_delimiter: query.is_none() && url.last() == Some(&b'?'),
        });
    }

    // `netloc.rstrip(b':')`, then `_hostinfo`: after the last `@`; a `[`
    // starts a bracketed hostname (what comes before it is dropped) whose
    // port follows the first `:` after `]`; otherwise the hostname ends
    // at the first `:` and the port is everything after it.
    let netloc = &netloc[..netloc.iter().rposition(|&b| b != b':').map_or(0, |i| i + 1)];
    let hostinfo = match memchr::memrchr(b'@', netloc) {
        Some(i) => &netloc[i + 1..],
        None => netloc,
    };
    let (hostname, port) = match memchr::memchr(b'[', hostinfo) {
        Some(i) => {
            let bracketed = &hostinfo[i + 1..];
            match bracketed.iter().position(|&b| b == b']') {
                Some(j) => {
                    let after = &bracketed[j + 1..];
                    let port = after
                        .iter()
                        .position(|&b| b == b':')
                        .map_or(&b""[..], |k| &after[k + 1..]);
                    (&bracketed[..j], port)
                }
                None => (bracketed, &b""[..]),
            }
        }
        None => match memchr::memchr(b':', hostinfo) {
            Some(i) => (&hostinfo[..i], &hostinfo[i + 1..]),
            None => (hostinfo, &b""[..]),
        },
    };
    // `port`: ASCII digits only, at most 65535 (else ValueError); `or
    // None` makes port 0 none.
    let port = if port.is_empty() {
        None
    } else {
        if !port.iter().all(u8::is_ascii_digit) {
            return Err(reject(
                "the port is not a number (urlsplit's port raises ValueError)",
            ));
        }
        let digits = &port[port.iter().position(|&b| b != b'0').unwrap_or(port.len())..];
        if digits.len() > 5 {
            return Err(reject(
                "the port is over 65535 (urlsplit's port raises ValueError)",
            ));
        }
        let value = digits
            .iter()
            .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
        if value > 65535 {
            return Err(reject(
                "the port is over 65535 (urlsplit's port raises ValueError)",
            ));
        }
        (value != 0).then_some(value)
    };
    // `hostname`: lowercased up to the first `%` (a zone is kept as it
    // is); an empty one is none.
    let mut host = (!hostname.is_empty()).then_some(hostname);
    let mut host_lowercase_end = memchr::memchr(b'%', hostname).unwrap_or(hostname.len());
    let mut path = (!path.is_empty()).then_some(path);
    if scheme.starts_with(b"http") && host.is_none() {
        if let Some(p) = path {
            // `path.lstrip(b'/').partition(b'/')`; the new path is the `/`
            // and what follows it (or `/` alone).
            let p = &p[p.iter().position(|&b| b != b'/').unwrap_or(p.len())..];
            let (h, after) = match memchr::memchr(b'/', p) {
                Some(i) => (&p[..i], &p[i..]),
                None => (p, &b"/"[..]),
            };
            host = Some(h);
            host_lowercase_end = 0;
            path = Some(after);
        }
    }
    Ok(Parts {
        scheme,
        host,
        host_lowercase_end,
        port,
        path,
        query,
        hash,
        last_delimiter: query.is_none() && url.last() == Some(&b'?'),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prepared(s: &str) -> String {
        let mut buf = Vec::new();
        String::from_utf8(prepare(s.as_bytes(), &mut buf, false).to_vec()).unwrap()
    }

    #[test]
    fn prepares() {
        assert_eq!(prepared("  example.com/\t "), "http://example.com/");
        assert_eq!(prepared("http://https://x/"), "https://x/");
        assert_eq!(prepared("h\tttp://x"), "http://x");
        assert_eq!(prepared("mailto:a"), "mailto:a");
        assert_eq!(prepared(" \u{b} "), "");
    }

    #[test]
    fn splits_like_handyurl() {
        let p = split(b"http://a[b]c:80/x?").unwrap();
        assert_eq!(p.host, Some(&b"b"[..]));
        assert_eq!(p.port, Some(80));
        assert!(p.last_delimiter);
        let p = split(b"http://user@/path").unwrap();
        assert_eq!(p.host, Some(&b"path"[..]));
        assert_eq!(p.path, Some(&b"/"[..]));
        assert!(split(b"http://x:99999/").is_err());
        assert!(split(b"http://x:8a/").is_err());
        assert_eq!(split(b"http://x:0/").unwrap().port, None);
    }
}
