//! The step `firefox_uri`: the key as Firefox makes it.  Firefox's
//! url-classifier does not read the URL as written: the caller parses it
//! with Firefox's URL parser first (`Services.io.newURI`, `NS_NewURI`),
//! modelled here by the registered engine of that name, and
//! `nsUrlClassifierUtils::GetKeyForURI` then reads the innermost URI's
//! ASCII host, its path and its query, and canonicalizes each:
//!
//! - the host (`CanonicalizeHostname`): unescaped once, leading, repeated
//!   and trailing dots removed (`CleanupHostname`), an IPv4 address in the
//!   forms `ParseIPAddress` reads as dotted decimal, ASCII lower case, and
//!   escaped (`SpecialEncode`);
//! - the path (`CanonicalizePath`): what precedes `?` and `#`, unescaped
//!   until no escape is left, escaped, with each run of `/` folded to one;
//! - the query (`CanonicalizeQuery`), when there is a `?`: unescaped once
//!   and escaped.
//!
//! The key is the outer URI's scheme, `://`, then those three, as
//! Firefox's `test_canonicalization.js` writes it.  A URL that Firefox's
//! parser rejects, or whose innermost URI has no host, has no key.

use super::text::{escape, unescape_once, unescape_to_fixed_point};
use super::{rejected, Parsed};
use crate::compare::Engine;
use crate::engines::{lookup, EngineSpec};
use crate::keys::step::Applied;
use crate::keys::KeyError;
use crate::url::Url;
use std::sync::OnceLock;

/// The registered engine that models Firefox's URL parser (`NS_NewURI`).
const FIREFOX_PARSER: &str = "firefox";

fn parser() -> Option<&'static EngineSpec> {
    static PARSER: OnceLock<Option<EngineSpec>> = OnceLock::new();
    PARSER
        .get_or_init(|| lookup(FIREFOX_PARSER).map(|r| r.engine()))
        .as_ref()
}

/// `NS_GetInnermostURI`: the URI inside `view-source:` and `jar:` ones
/// (`view-source:http://a/b` -> `http://a/b`; `jar:file:///x.zip!/y` ->
/// `file:///x.zip`), parsed again by the same parser.
fn innermost(engine: &EngineSpec, mut url: Url) -> Option<Url> {
    loop {
        let inner = match url.scheme() {
            "view-source" => url.as_str()["view-source:".len()..].to_string(),
            "jar" => {
                let rest = &url.as_str()["jar:".len()..];
                rest[..rest.find("!/")?].to_string()
            }
            _ => return Some(url),
        };
        url = engine.canonicalize(&inner, None, encoding_rs::UTF_8).ok()?;
    }
}

/// The key's parts of `input` as Firefox's url-classifier makes them.
pub(super) fn parse(input: &[u8], applied: &mut Applied) -> Result<Parsed, KeyError> {
    let engine = parser().ok_or(rejected("no engine models Firefox's URL parser"))?;
    // A script hands Firefox a string: octets that are not UTF-8 arrive
    // as U+FFFD.
    let text = String::from_utf8_lossy(input);
    let outer = engine
        .canonicalize(&text, None, encoding_rs::UTF_8)
        .map_err(|_| rejected("Firefox's URL parser rejects it"))?;
    applied.note("firefox_uri");
    let scheme = outer.scheme().as_bytes().to_vec();
    let uri = innermost(engine, outer).ok_or(rejected("Firefox's URL parser rejects it"))?;
    // `GetAsciiHost` (an IPv6 address without its brackets).
    let host = uri.host_str().unwrap_or("");
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if host.is_empty() {
        return Err(rejected("the URI has no host"));
    }
    let mut host_out = Vec::with_capacity(host.len());
    canonicalize_hostname(host.as_bytes(), &mut host_out);
    let mut path_out = Vec::with_capacity(uri.path().len());
    canonicalize_path(uri.path().as_bytes(), &mut path_out);
    let query = uri.query().map(|q| {
        let mut out = Vec::new();
        canonicalize_query(q.as_bytes(), &mut out);
        out
    });
    Ok(Parsed {
        scheme,
        host: host_out,
        path: path_out,
        query,
    })
}

/// `CanonicalizeHostname`: `"WWW.%45x..com."` -> `"www.ex.com"`;
/// `"0x7f.1"` -> `"127.0.0.1"`.
fn canonicalize_hostname(host: &[u8], out: &mut Vec<u8>) {
    let mut unescaped = Vec::with_capacity(host.len());
    unescape_once(host, &mut unescaped);
    // CleanupHostname: a dot goes when the octet before it is a dot or
    // NUL, or when it is the first (the previous octet starts as NUL),
    // and so do the trailing dots.
    let mut cleaned = Vec::with_capacity(unescaped.len());
    let mut last = 0u8;
    for &c in &unescaped {
        if !(c == b'.' && matches!(last, 0 | b'.')) {
            cleaned.push(c);
        }
        last = c;
    }
    while cleaned.last() == Some(&b'.') {
        cleaned.pop();
    }
    if let Some(ip) = parse_ip_address(&cleaned) {
        cleaned = ip.into_bytes();
    }
    cleaned.make_ascii_lowercase();
    escape(&cleaned, true, out);
}

/// `CanonicalizePath`: `"/a//%2541/"` -> `"/a/A/"`.
fn canonicalize_path(path: &[u8], out: &mut Vec<u8>) {
    let mut decoded = Vec::with_capacity(path.len());
    unescape_to_fixed_point(path, &mut decoded);
    let start = out.len();
    escape(&decoded, true, out);
    // SpecialEncode's slash folding: a `/` after a `/` is dropped (an
    // escape never holds a `/`, so the escaped text can be folded).
    let mut i = start;
    let mut prev_slash = false;
    for j in start..out.len() {
        let c = out[j];
        if !(c == b'/' && prev_slash) {
            out[i] = c;
            i += 1;
        }
        prev_slash = c == b'/';
    }
    out.truncate(i);
}

/// `CanonicalizeQuery` without its `?`: `"a%3Db%2525"` -> `"a=b%2525"`.
fn canonicalize_query(query: &[u8], out: &mut Vec<u8>) {
    let mut unescaped = Vec::with_capacity(query.len());
    unescape_once(query, &mut unescaped);
    escape(&unescaped, true, out);
}

/// `ParseIPAddress`: the dotted-decimal IPv4 address `host` stands for,
/// or `None`.  Up to 15 octets long, the host ends at a space; it must be
/// made of hex digits, `x`, `X` and dots; its non-empty dot-separated
/// parts (at most 4) are decimal, octal (a `0` and digits 0 to 7, unless
/// some part that begins with `0` has an `8` or `9` before any `x`, when
/// no part is octal) or hex (`0x` and hex digits); the last part fills
/// the octets the others leave.
///
/// `"3279880203"` -> `"195.127.0.11"`; `"012.09.1.1"` -> `"12.9.1.1"`;
/// `"012.7.1.1"` -> `"10.7.1.1"`; `"a.b"` -> `None`.
fn parse_ip_address(host: &[u8]) -> Option<String> {
    let mut h = host;
    if h.len() <= 15 {
        if let Some(sp) = h.iter().position(|&b| b == b' ') {
            h = &h[..sp];
        }
    }
    if !h
        .iter()
        .all(|&c| c.is_ascii_hexdigit() || matches!(c, b'x' | b'X' | b'.'))
    {
        return None;
    }
    let parts: Vec<&[u8]> = h.split(|&b| b == b'.').filter(|p| !p.is_empty()).collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let allow_octal = !parts.iter().any(|p| {
        p[0] == b'0'
            && p[1..]
                .iter()
                .take_while(|&&c| c != b'x')
                .any(|&c| c == b'8' || c == b'9')
    });
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        let octets = if i == parts.len() - 1 {
            5 - parts.len()
        } else {
            1
        };
        let value = canonical_num(part, allow_octal)?;
        for k in (0..octets).rev() {
            if !out.is_empty() {
                out.push('.');
            }
            out += &((value >> (8 * k)) & 0xFF).to_string();
        }
    }
    Some(out)
}

/// `CanonicalNum`'s reading of one part: octal (when allowed), decimal or
/// `0x`/`0X` hex; the value's low 32 bits.
fn canonical_num(part: &[u8], allow_octal: bool) -> Option<u32> {
    let read = |digits: &[u8], radix: u32| -> Option<u32> {
        let mut v: u32 = 0;
        for &d in digits {
            v = v
                .wrapping_mul(radix)
                .wrapping_add(char::from(d).to_digit(radix)?);
        }
        Some(v)
    };
    let is_octal =
        part.len() >= 2 && part[0] == b'0' && part[1..].iter().all(|&c| (b'0'..=b'7').contains(&c));
    if allow_octal && is_octal {
        read(&part[1..], 8)
    } else if part.iter().all(u8::is_ascii_digit) {
        read(part, 10)
    } else if part.len() >= 3
        && part[0] == b'0'
        && matches!(part[1], b'x' | b'X')
        && part[2..].iter().all(u8::is_ascii_hexdigit)
    {
        read(&part[2..], 16)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str) -> String {
        let mut out = Vec::new();
        canonicalize_hostname(s.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    fn path(s: &str) -> String {
        let mut out = Vec::new();
        canonicalize_path(s.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn hostnames() {
        assert_eq!(host("WWW.%45x..com."), "www.ex.com");
        assert_eq!(host("0x7f.1"), "127.0.0.1");
        assert_eq!(host("3279880203"), "195.127.0.11");
        assert_eq!(host("012.09.1.1"), "12.9.1.1");
        assert_eq!(host("012.7.1.1"), "10.7.1.1");
        assert_eq!(host("10.192.95.89 xy"), "10.192.95.89");
        assert_eq!(host("a.b"), "a.b");
        assert_eq!(host("s%E2%80%8Dx.com"), "s%E2%80%8Dx.com");
        assert_eq!(host("::1"), "::1");
        assert_eq!(host("a%00.b"), "a%00b");
    }

    #[test]
    fn keys() {
        let key = crate::keys::builtin("safebrowsing-firefox").unwrap();
        let make = |s: &str| key.make_str(s).ok();
        assert_eq!(
            make("HTTP://a.COM.:80/b/..//%2541?x%3D1#f").as_deref(),
            Some("http://a.com/A?x=1")
        );
        assert_eq!(make("dns://a%2E%2Eb:0").as_deref(), Some("dns://a.b"));
        assert_eq!(make("www.example.com/"), None);
        assert_eq!(make("file:///etc/x"), None);
        assert_eq!(
            make("view-source:http://A.com/x").as_deref(),
            Some("view-source://a.com/x")
        );
    }

    #[test]
    fn paths() {
        assert_eq!(path("/a//%2541/"), "/a/A/");
        assert_eq!(path("/%25%32%35"), "/%25");
        assert_eq!(path("/a%2F%2Fb"), "/a/b");
        assert_eq!(path(""), "");
    }
}
