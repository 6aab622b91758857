//! The `safebrowsing` family: Google Safe Browsing's canonical URL
//! ("URLs and Hashing" of the v4 API) as its Go reference implementation,
//! `google/safebrowsing` `urls.go`, makes it (`canonicalURL`, `parseURL`,
//! `normalizeEscape`, `parseHost`, `parseIPAddress`), and the lookup
//! expressions (`generatePatterns`: host suffixes times path prefixes) of
//! [`lookup_expressions`].
//!
//! Some steps are off in the family's own kind and on in
//! `safebrowsing-firefox`, which follows Firefox's url-classifier
//! (`nsUrlClassifierUtils.cpp` `GetKeyForURI`).  Its step `firefox_uri`
//! reads the URL with Firefox's URL parser (the `firefox` engine) and
//! canonicalizes the parts of the URI as `GetKeyForURI` does (see
//! `firefox.rs`); the steps `split_query_first`, `lowercase_scheme`,
//! `firefox_port` and `uppercase_escapes` are the nearest the Go pipeline
//! comes to it on the URL as written (the query kept and unescaped once,
//! the port read as Firefox's URL parser does, the scheme in lower case
//! and escapes in upper-case hex).
//!
//! ```
//! let sb = urlprism::keys::builtin("safebrowsing").unwrap();
//! assert_eq!(sb.make_str("http://www.GOOgle.com.../a/./b/../c?q#f").unwrap(), "http://www.google.com/a/c");
//! assert_eq!(sb.make_str("http://3279880203/%2525%32%35").unwrap(), "http://195.127.0.11/%25");
//! ```

mod expressions;
mod firefox;
mod host;
mod path;
mod punycode;
mod text;

pub use expressions::lookup_expressions;

use super::step::{Applied, Step, Switches};
use super::{Family, KeyError};
use crate::keys::step::step;

/// The family's name in key files.
const NAME: &str = "safebrowsing";

/// The family `safebrowsing`.
pub static FAMILY: Family = Family {
    name: NAME,
    reference: "google/safebrowsing (Go) urls.go, commit bbf0d20d26b3 (2019-06-24)",
    steps: STEPS,
    make,
    expressions: Some(lookup_expressions),
};

/// The steps, in running order (`Steps` reads them by these indexes).
static STEPS: &[Step] = &[
    step("strip_fragment", "remove the fragment: everything from the first `#`", "urls.go parseURL (split(urlStr, \"#\"))", true, ("http://evil.com/foo#bar#baz", "http://evil.com/foo")),
    step("trim_space", "remove leading and trailing white space", "urls.go parseURL (strings.TrimSpace)", true, ("  http://www.google.com/  ", "http://www.google.com/")),
    step("remove_tab_cr_lf", "remove every tab, CR and LF", "urls.go parseURL (strings.Replace)", true, ("http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2")),
    step("unescape_repeatedly", "percent-unescape until nothing changes (at most 1,024 passes)", "urls.go normalizeEscape, recursiveUnescape", true, ("http://host/%2525252525252525", "http://host/%25")),
    step("escape_once", "percent-escape octets <= 0x20, >= 0x7F, `#` and `%`", "urls.go normalizeEscape, escape", true, ("http://\u{1}\u{80}.com/", "http://%01%80.com/")),
    step("split_query_first", "split the query off the URL as written and unescape it once (Firefox)", "nsUrlClassifierUtils.cpp GetKeyForURI, CanonicalizeQuery", false, ("http://a.com/b%3Fc?d%253A", "http://a.com/b?c?d%3A")),
    step("lowercase_scheme", "the scheme in lower case (Firefox's URL parser)", "nsStandardURL (GetKeyForURI's caller: uri.scheme)", false, ("HTTP://a.com/", "http://a.com/")),
    step("default_scheme_http", "`http` when the URL has no scheme (else no key)", "urls.go parseURL (parsedURL.Scheme = \"http\")", true, ("www.google.com/", "http://www.google.com/")),
    step("strip_userinfo", "remove the user information: up to the last `@`", "urls.go parseHost (strings.LastIndex(hostish, \"@\"))", true, ("http://u:p@a.com/", "http://a.com/")),
    step("strip_port", "remove a port of digits (`:\\d+$`)", "urls.go parseHost (portRegexp)", true, ("http://www.gotaport.com:1234/", "http://www.gotaport.com/")),
    step("firefox_port", "remove any port, rejecting one that is not empty or decimal <= 65535 (Firefox)", "nsStandardURL (GetKeyForURI: GetAsciiHost)", false, ("http://a.com:/", "http://a.com/")),
    step("idna_to_ascii", "a host with octets above 0x80 unescaped to IDNA ASCII (Punycode profile)", "urls.go parseHost (idna.ToASCII)", true, ("http://www.\u{fc}mlat.com/", "http://www.xn--mlat-zra.com/")),
    step("collapse_host_dots", "collapse consecutive dots of the host", "urls.go parseHost (dotsRegexp)", true, ("http://google...com/", "http://google.com/")),
    step("trim_host_dots", "remove the host's leading and trailing dots", "urls.go parseHost (strings.Trim(host, \".\"))", true, ("http://..google.com./", "http://google.com/")),
    step("normalize_ipv4", "IPv4 in decimal, octal, hex or fewer than 4 parts as dotted decimal", "urls.go parseIPAddress, canonicalNum", true, ("http://0x12.0x43.0x44.0x01/", "http://18.67.68.1/")),
    step("lowercase_host", "the host in lower case", "urls.go parseHost (strings.ToLower)", true, ("http://www.GOOgle.com/", "http://www.google.com/")),
    step("clean_path", "resolve `/./` and `/../`, collapse `//`, keep a final `/`", "urls.go parseURL (path.Clean)", true, ("http://a.com//a/./b/../c//", "http://a.com/a/c/")),
    step("strip_query", "remove the query", "urls.go canonicalURL", true, ("http://www.google.com/q?r?s", "http://www.google.com/q")),
    step("uppercase_escapes", "path and query escapes in upper-case hex (Firefox)", "nsUrlClassifierUtils.cpp SpecialEncode (int_to_hex_digit)", false, ("http://a.com/%1b", "http://a.com/%1B")),
    step("five_host_suffixes", "lookup expressions: the host and at most 4 suffixes of its last 5 labels, as the v4 document says (only `lookup_expressions` reads it)", "developers.google.com/safe-browsing/v4/urls-hashing (Suffix/prefix expressions)", false, ("a.b.c.d.e.f.g", "a.b.c.d.e.f.g c.d.e.f.g d.e.f.g e.f.g f.g")),
    step("firefox_uri", "Firefox's URL parser (the `firefox` engine's NS_NewURI), then GetKeyForURI on the innermost URI: its ASCII host unescaped once, dots cleaned, IPv4 as ParseIPAddress reads it, lower case; its path unescaped to a fixed point with `//` folded; its query unescaped once; all escaped in upper-case hex (the steps from `strip_fragment` to `uppercase_escapes` are then not read)", "nsUrlClassifierUtils.cpp GetKeyForURI, CanonicalizeHostname, CleanupHostname, ParseIPAddress, CanonicalizePath, CanonicalizeQuery, SpecialEncode", false, ("HTTP://a.COM.:80/b/..//%2541?x%3D1#f", "http://a.com/A?x=1")),
];

/// The switches read into fields, in [`STEPS`] order.
pub(super) struct Steps {
    strip_fragment: bool,
    trim_space: bool,
    remove_tab_cr_lf: bool,
    unescape_repeatedly: bool,
    escape_once: bool,
    split_query_first: bool,
    lowercase_scheme: bool,
    default_scheme_http: bool,
    strip_userinfo: bool,
    strip_port: bool,
    firefox_port: bool,
    idna_to_ascii: bool,
    collapse_host_dots: bool,
    trim_host_dots: bool,
    normalize_ipv4: bool,
    lowercase_host: bool,
    clean_path: bool,
    strip_query: bool,
    uppercase_escapes: bool,
    five_host_suffixes: bool,
    firefox_uri: bool,
}

impl Steps {
    fn new(on: Switches) -> Steps {
        Steps {
            strip_fragment: on.on(0),
            trim_space: on.on(1),
            remove_tab_cr_lf: on.on(2),
            unescape_repeatedly: on.on(3),
            escape_once: on.on(4),
            split_query_first: on.on(5),
            lowercase_scheme: on.on(6),
            default_scheme_http: on.on(7),
            strip_userinfo: on.on(8),
            strip_port: on.on(9),
            firefox_port: on.on(10),
            idna_to_ascii: on.on(11),
            collapse_host_dots: on.on(12),
            trim_host_dots: on.on(13),
            normalize_ipv4: on.on(14),
            lowercase_host: on.on(15),
            clean_path: on.on(16),
            strip_query: on.on(17),
            uppercase_escapes: on.on(18),
            five_host_suffixes: on.on(19),
            firefox_uri: on.on(20),
        }
    }
}

/// A URL as `urls.go` `parseURL` leaves it.
pub(super) struct Parsed {
    scheme: Vec<u8>,
    host: Vec<u8>,
    path: Vec<u8>,
    /// After the first `?` (present even when empty), or none.
    query: Option<Vec<u8>>,
}

fn rejected(reason: &'static str) -> KeyError {
    KeyError::Rejected {
        family: NAME,
        reason,
    }
}

/// `urls.go` `getScheme`: the scheme (letters, then letters, digits, `+`,
/// `-`, `.`) before the first `:`, and the rest; no scheme where another
/// octet comes first.  `"http:x"` -> (`"http"`, `"x"`); `":x"` -> (`""`,
/// `"x"`); `"1a:x"` -> (none, `"1a:x"`).
fn get_scheme(url: &[u8]) -> (&[u8], &[u8]) {
    for (i, &c) in url.iter().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' => return (&url[..i], &url[i + 1..]),
            _ => return (&[], url),
        }
    }
    (&[], url)
}

/// The escaping of `normalizeEscape` as the steps choose: unescape
/// (repeatedly, once, or not) and escape (or not).
fn normalize(
    s: &[u8],
    repeatedly: bool,
    on: &Steps,
    upper: bool,
    out: &mut Vec<u8>,
) -> Result<(), KeyError> {
    let mut unescaped = Vec::with_capacity(s.len());
    if repeatedly {
        text::unescape_fully(s, &mut unescaped).ok_or(rejected("unescaping is too recursive"))?;
    } else {
        text::unescape_once(s, &mut unescaped);
    }
    if on.escape_once {
        text::escape(&unescaped, upper, out);
    } else {
        out.extend_from_slice(&unescaped);
    }
    Ok(())
}

/// `urls.go` `parseURL` with the steps `on`.
pub(super) fn parse(input: &[u8], on: &Steps, applied: &mut Applied) -> Result<Parsed, KeyError> {
    if on.firefox_uri {
        return firefox::parse(input, applied);
    }
    let mut rest = input;
    if on.strip_fragment {
        if let Some(h) = rest.iter().position(|&b| b == b'#') {
            rest = &rest[..h];
            applied.note("strip_fragment");
        }
    }
    if on.trim_space {
        let t = text::trim_space(rest);
        applied.note_if_changed("trim_space", rest, t);
        rest = t;
    }
    let mut cleaned: Vec<u8> = rest.to_vec();
    if on.remove_tab_cr_lf {
        cleaned.retain(|&b| !matches!(b, b'\t' | b'\r' | b'\n'));
        if cleaned.len() != rest.len() {
            applied.note("remove_tab_cr_lf");
        }
    }
    // Firefox: the query as written, unescaped once (CanonicalizeQuery).
    let mut query: Option<Vec<u8>> = None;
    let mut head: &[u8] = &cleaned;
    if on.split_query_first {
        if let Some(q) = cleaned.iter().position(|&b| b == b'?') {
            let mut canon = Vec::new();
            normalize(
                &cleaned[q + 1..],
                false,
                on,
                on.uppercase_escapes,
                &mut canon,
            )?;
            query = Some(canon);
            head = &cleaned[..q];
            applied.note("split_query_first");
        }
    }
    let mut normalized = Vec::with_capacity(head.len() + 8);
    normalize(head, on.unescape_repeatedly, on, false, &mut normalized)?;
    applied.note_if_changed("unescape_repeatedly", head, &normalized[..]);
    let (scheme, mut rest) = get_scheme(&normalized);
    if !on.split_query_first {
        if let Some(q) = rest.iter().position(|&b| b == b'?') {
            query = Some(rest[q + 1..].to_vec());
            rest = &rest[..q];
        }
    }
    let (scheme, hostish, path): (Vec<u8>, &[u8], &[u8]) = if scheme.is_empty() {
        if !on.default_scheme_http {
            return Err(rejected("missing scheme"));
        }
        applied.note("default_scheme_http");
        let slash = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
        (b"http".to_vec(), &rest[..slash], &rest[slash..])
    } else {
        let Some(after) = rest.strip_prefix(b"//") else {
            return Err(rejected("invalid path"));
        };
        let slash = after.iter().position(|&b| b == b'/').unwrap_or(after.len());
        let written = scheme;
        let scheme = if on.lowercase_scheme {
            written.to_ascii_lowercase()
        } else {
            written.to_vec()
        };
        applied.note_if_changed("lowercase_scheme", written, &scheme[..]);
        (scheme, &after[..slash], &after[slash..])
    };
    if hostish.is_empty() {
        return Err(rejected("missing hostname"));
    }
    let mut host = Vec::with_capacity(hostish.len());
    host::parse_host(hostish, on, applied, &mut host).map_err(|e| {
        rejected(match e {
            host::HostError::Bracket => "missing ']' in host",
            host::HostError::Idna => "invalid label for IDNA",
            host::HostError::Port => "invalid port",
        })
    })?;
    let mut path_out = Vec::with_capacity(path.len() + 1);
    if on.clean_path {
        path::clean(path, &mut path_out);
        applied.note_if_changed("clean_path", path, &path_out[..]);
    } else if path.is_empty() {
        path_out.push(b'/');
    } else {
        path_out.extend_from_slice(path);
    }
    if on.uppercase_escapes {
        uppercase_escapes(&mut path_out);
        if let Some(q) = &mut query {
            uppercase_escapes(q);
        }
    }
    Ok(Parsed {
        scheme,
        host,
        path: path_out,
        query,
    })
}

/// The hex digits after each `%` in upper case (escapes are the only `%`
/// once `escape_once` ran).
fn uppercase_escapes(s: &mut [u8]) {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() {
            s[i + 1].make_ascii_uppercase();
            s[i + 2].make_ascii_uppercase();
            i += 3;
        } else {
            i += 1;
        }
    }
}

/// `urls.go` `canonicalURL`: `scheme://host/path`, and `?query` unless the
/// query is stripped.
fn make(
    input: &[u8],
    on: Switches,
    applied: &mut Applied,
    out: &mut Vec<u8>,
) -> Result<(), KeyError> {
    let on = Steps::new(on);
    let parsed = parse(input, &on, applied)?;
    out.extend_from_slice(&parsed.scheme);
    out.extend_from_slice(b"://");
    out.extend_from_slice(&parsed.host);
    out.extend_from_slice(&parsed.path);
    if let Some(q) = &parsed.query {
        if on.strip_query {
            applied.note("strip_query");
        } else {
            out.push(b'?');
            out.extend_from_slice(q);
        }
    }
    Ok(())
}
