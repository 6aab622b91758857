//! The `surt` family: the archive key of the Python package `surt` 0.3.1
//! (`surt.surt(url)`), a port of webarchive-commons' `WaybackURLKeyMaker`:
//! `handyurl.parse`, then `GoogleURLCanonicalizer.canonicalize`, then
//! `IAURLCanonicalizer.canonicalize` with its options, then
//! `geturl_bytes` in the SURT form.
//!
//! - `parse`: `handyurl.parse` and `urlsplit`'s reading of a port and a
//!   hostname;
//! - `escape`: `unescapeRepeatedly` and `escapeOnce`;
//! - `idna`: Python's IDNA 2003 codec on a host that is not ASCII;
//! - `google`: the host's dots, `attemptIPFormats`, `normalizePath`;
//! - `ia`: `massageHost`, the session ids, `alphaReorderQuery`;
//! - `form`: `geturl_bytes` and `hostToSURT`.

mod escape;
mod form;
mod google;
mod ia;
mod idna;
mod parse;

use super::{Applied, Family, KeyError, Step, Switches};

/// The family `surt`.
pub static FAMILY: Family = Family {
    name: "surt",
    reference: "surt 0.3.1 (PyPI), a port of webarchive-commons' WaybackURLKeyMaker",
    steps: STEPS,
    make,
};

const fn step(
    name: &'static str,
    title: &'static str,
    source: &'static str,
    default: bool,
    example: (&'static str, &'static str),
) -> Step {
    Step {
        name,
        title,
        source,
        default,
        example,
    }
}

// The indices of the steps in `STEPS`.
const HASH_STRIP: usize = 0;
const GOOGLE_QUERY_MINIMAL_ESCAPE: usize = 1;
const QUERY_KEEP_ESCAPED_DELIMITERS: usize = 2;
const GOOGLE_HOST_MINIMAL_ESCAPE: usize = 3;
const GOOGLE_HOST_IDNA: usize = 4;
const GOOGLE_HOST_DOTS: usize = 5;
const GOOGLE_HOST_IP: usize = 6;
const GOOGLE_HOST_LOWERCASE: usize = 7;
const GOOGLE_PATH_MINIMAL_ESCAPE: usize = 8;
const GOOGLE_PATH_NORMALIZE: usize = 9;
const HOST_LOWERCASE: usize = 10;
const HOST_MASSAGE: usize = 11;
const HOST_MASSAGE_KEEPS_DOMAIN: usize = 12;
// 13 and 14: auth_strip_user, auth_strip_pass (nothing to do).
const PORT_STRIP_DEFAULT: usize = 15;
const PATH_STRIP_EMPTY: usize = 16;
const PATH_LOWERCASE: usize = 17;
const PATH_STRIP_SESSION_ID: usize = 18;
const PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY: usize = 19;
const QUERY_STRIP_SESSION_ID: usize = 20;
const QUERY_LOWERCASE: usize = 21;
const QUERY_ALPHA_REORDER: usize = 22;
const QUERY_STRIP_EMPTY: usize = 23;
const SURT: usize = 24;
const WITH_SCHEME: usize = 25;
const TRAILING_COMMA: usize = 26;
const REVERSE_IPADDR: usize = 27;

/// The steps, in running order: those of `GoogleURLCanonicalizer` (which
/// the reference always runs), the options of `IAURLCanonicalizer`, and
/// the options of `geturl_bytes`.  Two steps that no option of the
/// reference names, off by default, fix its known faults.
static STEPS: &[Step] = &[
    step(
        "hash_strip",
        "drop the fragment (the reference always does; off keeps it)",
        "surt/GoogleURLCanonicalizer.py canonicalize (url.hash = None)",
        true,
        ("http://example.com/a#top", "com,example)/a"),
    ),
    step(
        "google_query_minimal_escape",
        "unescape the query repeatedly, then escape once what is not printable ASCII, `#` and `%`",
        "surt/GoogleURLCanonicalizer.py minimalEscape",
        true,
        ("http://example.com/?q=%2541%20b", "com,example)/?q=a%20b"),
    ),
    step(
        "query_keep_escaped_delimiters",
        "fix: an escaped `&` or `=` in the query stays escaped instead of splitting or joining arguments",
        "surt/GoogleURLCanonicalizer.py minimalEscape (what it unescapes)",
        false,
        ("http://example.com/?c=%26&a", "com,example)/?a&c=%26"),
    ),
    step(
        "google_host_minimal_escape",
        "unescape the host repeatedly, and escape once what is left of it that is not printable ASCII",
        "surt/GoogleURLCanonicalizer.py canonicalize (unescapeRepeatedly, escapeOnce of the host)",
        true,
        ("http://ex%61mple.com/", "com,example)/"),
    ),
    step(
        "google_host_idna",
        "a host that is not ASCII: its well-formed UTF-8 through Python's IDNA 2003 codec, kept as it is when that fails",
        "surt/GoogleURLCanonicalizer.py canonicalize (host.decode('utf-8', 'ignore').encode('idna'))",
        true,
        ("http://b\u{fc}cher.de/", "de,xn--bcher-kva)/"),
    ),
    step(
        "google_host_dots",
        "each `..` of the host made `.`, and the dots at its ends stripped",
        "surt/GoogleURLCanonicalizer.py canonicalize (host.replace(b'..', b'.').strip(b'.'))",
        true,
        ("http://.example..com./", "com,example)/"),
    ),
    step(
        "google_host_ip",
        "a host of digits, or of digits and dots that inet_aton reads, written as a dotted IPv4 address",
        "surt/GoogleURLCanonicalizer.py attemptIPFormats",
        true,
        ("http://3232235777/", "1,1,168,192)/"),
    ),
    step(
        "google_host_lowercase",
        "lowercase the host (ASCII) before escaping it",
        "surt/GoogleURLCanonicalizer.py canonicalize (host.lower())",
        true,
        ("http://EXAMPLE.com/", "com,example)/"),
    ),
    step(
        "google_path_minimal_escape",
        "unescape the path repeatedly, and escape once what is not printable ASCII, `#` and `%`",
        "surt/GoogleURLCanonicalizer.py canonicalize (unescapeRepeatedly, escapeOnce of the path)",
        true,
        ("http://example.com/%7Ea%20b", "com,example)/~a%20b"),
    ),
    step(
        "google_path_normalize",
        "with a host: resolve `.` and `..` segments and drop empty ones but the last",
        "surt/GoogleURLCanonicalizer.py normalizePath",
        true,
        ("http://example.com/a/./b/../c//d", "com,example)/a/c/d"),
    ),
    step(
        "host_lowercase",
        "lowercase the host, escapes too",
        "surt/IAURLCanonicalizer.py canonicalize (host_lowercase)",
        true,
        ("http://%FF.com/", "com,%ff)/"),
    ),
    step(
        "host_massage",
        "strip a leading `www`, digits and `.` from the host (not for `dns:`)",
        "surt/IAURLCanonicalizer.py massageHost",
        true,
        ("http://www13.example.com/", "com,example)/"),
    ),
    step(
        "host_massage_keeps_domain",
        "fix: `host_massage` strips only when a dot remains (the reference makes `www1355544.com` `com`)",
        "surt/IAURLCanonicalizer.py massageHost (_RE_WWWDIGITS)",
        false,
        ("http://www1355544.com/", "com,www1355544)/"),
    ),
    step(
        "auth_strip_user",
        "drop the user name (the reference's parse never reads user information, so nothing changes)",
        "surt/IAURLCanonicalizer.py canonicalize (auth_strip_user)",
        true,
        ("http://user@example.com/", "com,example)/"),
    ),
    step(
        "auth_strip_pass",
        "drop the password (the reference's parse never reads user information, so nothing changes)",
        "surt/IAURLCanonicalizer.py canonicalize (auth_strip_pass)",
        true,
        ("http://user:pass@example.com/", "com,example)/"),
    ),
    step(
        "port_strip_default",
        "drop port 80 of http and 443 of https (the scheme in any case)",
        "surt/IAURLCanonicalizer.py canonicalize (port_strip_default, getDefaultPort)",
        true,
        ("http://example.com:80/", "com,example)/"),
    ),
    step(
        "path_strip_empty",
        "drop a path that is only `/`",
        "surt/IAURLCanonicalizer.py canonicalize (path_strip_empty)",
        false,
        ("http://example.com/", "com,example)"),
    ),
    step(
        "path_lowercase",
        "lowercase the path (ASCII, escapes too)",
        "surt/IAURLCanonicalizer.py canonicalize (path_lowercase)",
        true,
        ("http://example.com/A/%C3%A9", "com,example)/a/%c3%a9"),
    ),
    step(
        "path_strip_session_id",
        "cut an ASP.NET session segment `(S(<24>))/` or `(<24>)/` before a `.aspx` path",
        "surt/URLRegexTransformer.py stripPathSessionID",
        true,
        (
            "http://example.com/a/(S(ab1cd2ef3gh4ij5kl6mn7op8))/x.aspx",
            "com,example)/a/x.aspx",
        ),
    ),
    step(
        "path_strip_trailing_slash_unless_empty",
        "drop the `/` that ends a path longer than `/`",
        "surt/IAURLCanonicalizer.py canonicalize (path_strip_trailing_slash_unless_empty)",
        true,
        ("http://example.com/a/", "com,example)/a"),
    ),
    step(
        "query_strip_session_id",
        "cut the last jsessionid, phpsessid, sid, ASPSESSIONID or cfid/cftoken argument (and the `&` after it)",
        "surt/URLRegexTransformer.py stripQuerySessionID",
        true,
        (
            "http://example.com/?a=1&sid=0123456789abcdef0123456789abcdef&b=2",
            "com,example)/?a=1&b=2",
        ),
    ),
    step(
        "query_lowercase",
        "lowercase the query (ASCII, escapes too)",
        "surt/IAURLCanonicalizer.py canonicalize (query_lowercase)",
        true,
        ("http://example.com/?Q=A", "com,example)/?q=a"),
    ),
    step(
        "query_alpha_reorder",
        "sort the `&`-separated arguments by name, then value (a name alone first)",
        "surt/IAURLCanonicalizer.py alphaReorderQuery",
        true,
        ("http://example.com/?b&a=2&a=1", "com,example)/?a=1&a=2&b"),
    ),
    step(
        "query_strip_empty",
        "drop an empty query and a `?` that opens none",
        "surt/IAURLCanonicalizer.py canonicalize (query_strip_empty)",
        true,
        ("http://example.com/a?", "com,example)/a"),
    ),
    step(
        "surt",
        "write the SURT form: the host's labels reversed, joined by `,`, closed by `)`",
        "surt/handyurl.py geturl_bytes (surt), surt/URLRegexTransformer.py hostToSURT",
        true,
        ("http://www.example.com/", "com,example)/"),
    ),
    step(
        "with_scheme",
        "begin the key with the scheme and `://(`",
        "surt/handyurl.py geturl_bytes (with_scheme)",
        false,
        ("http://example.com/", "http://(com,example)/"),
    ),
    step(
        "trailing_comma",
        "end the host with `,` before `)`",
        "surt/handyurl.py geturl_bytes (trailing_comma)",
        false,
        ("http://example.com/", "com,example,)/"),
    ),
    step(
        "reverse_ipaddr",
        "reverse the numbers of an IPv4 address like labels (off: keep the address as it is)",
        "surt/URLRegexTransformer.py hostToSURT (reverse_ipaddr)",
        true,
        ("http://192.168.1.1/", "1,1,168,192)/"),
    ),
];

/// A rejection by the family's reference.
fn reject(reason: &'static str) -> KeyError {
    KeyError::Rejected {
        family: "surt",
        reason,
    }
}

/// Scratch buffers a key reuses between its steps.
#[derive(Default)]
struct Scratch {
    a: Vec<u8>,
    kept: Vec<usize>,
    ranges: Vec<(usize, usize)>,
    args: Vec<(usize, usize, usize)>,
}

/// Runs `f` from `x` into the scratch vector and swaps: `x` then holds the
/// result.  Notes `name` when the result differs.
fn rewrite(
    x: &mut Vec<u8>,
    tmp: &mut Vec<u8>,
    applied: &mut Applied,
    name: &'static str,
    f: impl FnOnce(&[u8], &mut Vec<u8>),
) {
    tmp.clear();
    f(x, tmp);
    applied.note_if_changed(name, &x[..], &tmp[..]);
    std::mem::swap(x, tmp);
}

/// `unescapeRepeatedly` then `escapeOnce` of `x`, in place.
fn minimal_escape(x: &mut Vec<u8>, s: &mut Scratch, protect: bool) {
    s.a.clear();
    s.kept.clear();
    escape::unescape_repeatedly(x, &mut s.a, protect, &mut s.kept);
    x.clear();
    escape::escape_once(&s.a, x, &s.kept);
}

fn name(i: usize) -> &'static str {
    STEPS[i].name
}

/// `surt.surt(input)` with the steps `on`.
fn make(
    input: &[u8],
    on: Switches,
    applied: &mut Applied,
    out: &mut Vec<u8>,
) -> Result<(), KeyError> {
    // The reference takes text and encodes it as UTF-8.
    if std::str::from_utf8(input).is_err() {
        return Err(KeyError::NotUtf8 { family: "surt" });
    }
    // `_surt_bytes`: an empty URL is `-`; a `filedesc` line is its own key.
    if input.is_empty() {
        out.push(b'-');
        return Ok(());
    }
    if input.starts_with(b"filedesc") {
        out.extend_from_slice(input);
        return Ok(());
    }
    let mut prepared = Vec::new();
    parse::prepare(input, &mut prepared);
    let mut url = parse::split(&prepared)?;
    let mut s = Scratch::default();

    // GoogleURLCanonicalizer.canonicalize.
    if on.on(HASH_STRIP) && url.hash.is_some() {
        url.hash = None;
        applied.note(name(HASH_STRIP));
    }
    if on.on(GOOGLE_QUERY_MINIMAL_ESCAPE) {
        if let Some(q) = &mut url.query {
            // Unchanged exactly when nothing is escaped or unescaped: a
            // `%` is always one or the other.
            let changes = q.iter().any(|&b| escape::needs_escape(b));
            let protect = on.on(QUERY_KEEP_ESCAPED_DELIMITERS);
            minimal_escape(q, &mut s, protect);
            if !s.kept.is_empty() {
                applied.note(name(QUERY_KEEP_ESCAPED_DELIMITERS));
            }
            if changes {
                applied.note(name(GOOGLE_QUERY_MINIMAL_ESCAPE));
            }
        }
    }
    let mut host = url.host.take().unwrap_or_default();
    if !host.is_empty() {
        host_google(&mut host, on, applied, &mut s)?;
    }
    let has_host = !host.is_empty();
    let mut path = url.path.take();
    if on.on(GOOGLE_PATH_MINIMAL_ESCAPE) {
        if let Some(p) = &mut path {
            rewrite(
                p,
                &mut s.a,
                applied,
                name(GOOGLE_PATH_MINIMAL_ESCAPE),
                |x, out| escape::unescape_repeatedly(x, out, false, &mut Vec::new()),
            );
        }
    }
    if has_host && on.on(GOOGLE_PATH_NORMALIZE) {
        let p = path.get_or_insert_with(Vec::new);
        let ranges = &mut s.ranges;
        rewrite(
            p,
            &mut s.a,
            applied,
            name(GOOGLE_PATH_NORMALIZE),
            |x, out| google::normalize_path(x, out, ranges),
        );
    }
    if on.on(GOOGLE_PATH_MINIMAL_ESCAPE) {
        if let Some(p) = &mut path {
            rewrite(
                p,
                &mut s.a,
                applied,
                name(GOOGLE_PATH_MINIMAL_ESCAPE),
                |x, out| escape::escape_once(x, out, &[]),
            );
        }
    }

    // IAURLCanonicalizer.canonicalize.
    if on.on(HOST_LOWERCASE) && has_host {
        rewrite(
            &mut host,
            &mut s.a,
            applied,
            name(HOST_LOWERCASE),
            |x, out| out.extend(x.iter().map(u8::to_ascii_lowercase)),
        );
    }
    if on.on(HOST_MASSAGE) && has_host && url.scheme != b"dns" {
        if let Some(n) = ia::www_prefix(&host, on.on(HOST_MASSAGE_KEEPS_DOMAIN)) {
            host.drain(..n);
            applied.note(name(HOST_MASSAGE));
        } else if on.on(HOST_MASSAGE_KEEPS_DOMAIN) && ia::www_prefix(&host, false).is_some() {
            applied.note(name(HOST_MASSAGE_KEEPS_DOMAIN));
        }
    }
    // auth_strip_user, auth_strip_pass: `handyurl.parse` reads no user
    // information, so there is none to strip.
    if on.on(PORT_STRIP_DEFAULT) {
        let scheme = url.scheme;
        let default = if scheme.eq_ignore_ascii_case(b"http") {
            80
        } else if scheme.eq_ignore_ascii_case(b"https") {
            443
        } else {
            0
        };
        if url.port == Some(default) {
            url.port = None;
            applied.note(name(PORT_STRIP_DEFAULT));
        }
    }
    let strip_empty = on.on(PATH_STRIP_EMPTY);
    if strip_empty && path.as_deref() == Some(b"/") {
        path = None;
        applied.note(name(PATH_STRIP_EMPTY));
    } else if let Some(p) = &mut path {
        if on.on(PATH_LOWERCASE) && !p.is_empty() {
            rewrite(p, &mut s.a, applied, name(PATH_LOWERCASE), |x, out| {
                out.extend(x.iter().map(u8::to_ascii_lowercase))
            });
        }
        if on.on(PATH_STRIP_SESSION_ID) && !p.is_empty() {
            let mut stripped = Vec::new();
            if ia::strip_path_session_id(p, &mut stripped, &mut s.a) {
                *p = stripped;
                applied.note(name(PATH_STRIP_SESSION_ID));
            }
        }
        if strip_empty && p.as_slice() == b"/" {
            path = None;
            applied.note(name(PATH_STRIP_EMPTY));
        } else if on.on(PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY) && p.len() > 1 && p.ends_with(b"/")
        {
            p.pop();
            applied.note(name(PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY));
        }
    }
    match &mut url.query {
        Some(q) if !q.is_empty() => {
            if on.on(QUERY_STRIP_SESSION_ID) && ia::strip_query_session_id(q, &mut s.a) {
                applied.note(name(QUERY_STRIP_SESSION_ID));
            }
            if on.on(QUERY_LOWERCASE) {
                rewrite(q, &mut s.a, applied, name(QUERY_LOWERCASE), |x, out| {
                    out.extend(x.iter().map(u8::to_ascii_lowercase))
                });
            }
            if on.on(QUERY_ALPHA_REORDER) && q.len() > 1 {
                let args = &mut s.args;
                rewrite(q, &mut s.a, applied, name(QUERY_ALPHA_REORDER), |x, out| {
                    ia::alpha_reorder_query(x, out, args)
                });
            }
            if q.is_empty() && on.on(QUERY_STRIP_EMPTY) {
                url.query = None;
                applied.note(name(QUERY_STRIP_EMPTY));
            }
        }
        _ => {
            if on.on(QUERY_STRIP_EMPTY) && url.last_delimiter {
                url.last_delimiter = false;
                applied.note(name(QUERY_STRIP_EMPTY));
            }
        }
    }

    // geturl_bytes.
    let form = form::Form {
        surt: on.on(SURT),
        with_scheme: on.on(WITH_SCHEME),
        trailing_comma: on.on(TRAILING_COMMA),
        reverse_ipaddr: on.on(REVERSE_IPADDR),
    };
    let written = form::Written {
        scheme: url.scheme,
        host: &host,
        port: url.port,
        path: path.as_deref().unwrap_or_default(),
        query: url.query.as_deref(),
        hash: url.hash,
        last_delimiter: url.last_delimiter,
    };
    form::write(&written, &form, out);
    Ok(())
}

/// The host's part of `GoogleURLCanonicalizer.canonicalize`, on a host
/// that is not empty: unescaped repeatedly, through IDNA when it is not
/// ASCII, its dots collapsed and stripped, then an IPv4 address or
/// lowercased and escaped once.
fn host_google(
    host: &mut Vec<u8>,
    on: Switches,
    applied: &mut Applied,
    s: &mut Scratch,
) -> Result<(), KeyError> {
    let escapes = on.on(GOOGLE_HOST_MINIMAL_ESCAPE);
    if escapes {
        rewrite(
            host,
            &mut s.a,
            applied,
            name(GOOGLE_HOST_MINIMAL_ESCAPE),
            |x, out| escape::unescape_repeatedly(x, out, false, &mut Vec::new()),
        );
    }
    if on.on(GOOGLE_HOST_IDNA) && !host.is_ascii() {
        s.a.clear();
        if idna::to_ascii(host, &mut s.a).is_some() {
            applied.note_if_changed(name(GOOGLE_HOST_IDNA), &host[..], &s.a[..]);
            std::mem::swap(host, &mut s.a);
        }
    }
    if on.on(GOOGLE_HOST_DOTS) {
        rewrite(
            host,
            &mut s.a,
            applied,
            name(GOOGLE_HOST_DOTS),
            google::collapse_dots,
        );
    }
    let ip = if on.on(GOOGLE_HOST_IP) {
        google::attempt_ip_formats(host)?
    } else {
        None
    };
    if let Some(octets) = ip {
        rewrite(host, &mut s.a, applied, name(GOOGLE_HOST_IP), |_, out| {
            google::push_dotted(octets, out)
        });
        return Ok(());
    }
    if on.on(GOOGLE_HOST_LOWERCASE) {
        rewrite(
            host,
            &mut s.a,
            applied,
            name(GOOGLE_HOST_LOWERCASE),
            |x, out| out.extend(x.iter().map(u8::to_ascii_lowercase)),
        );
    }
    if escapes {
        rewrite(
            host,
            &mut s.a,
            applied,
            name(GOOGLE_HOST_MINIMAL_ESCAPE),
            |x, out| escape::escape_once(x, out, &[]),
        );
    }
    Ok(())
}
