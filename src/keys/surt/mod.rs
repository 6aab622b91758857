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
use crate::keys::step::step;

/// The family `surt`.
pub static FAMILY: Family = Family {
    name: "surt",
    reference: "surt 0.3.1 (PyPI), a port of webarchive-commons' WaybackURLKeyMaker",
    steps: STEPS,
    make,
    expressions: None,
};

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

/// The buffers a key works in, kept per thread so that making a key
/// allocates nothing once they have grown.
#[derive(Default)]
struct Scratch {
    prepared: Vec<u8>,
    host: Vec<u8>,
    path: Vec<u8>,
    query: Vec<u8>,
    a: Vec<u8>,
    kept: Vec<usize>,
    ranges: Vec<(usize, usize)>,
    args: Vec<(usize, usize, usize)>,
}

/// The most octets the per-thread buffers keep between keys.
const KEPT_CAPACITY: usize = 1 << 20;

impl Scratch {
    /// The octets the buffers hold room for.
    fn capacity(&self) -> usize {
        self.prepared.capacity()
            + self.host.capacity()
            + self.path.capacity()
            + self.query.capacity()
            + self.a.capacity()
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// Runs `f` from `x` into `tmp` and swaps: `x` then holds the result.
/// Notes `name` when the result differs.
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

/// ASCII lowercase of `x` in place; notes `name` when it changed.
fn lowercase(x: &mut [u8], applied: &mut Applied, name: &'static str) {
    if lowercase_in_place(x) {
        applied.note(name);
    }
}

/// ASCII lowercase of `x` in place (`A.Com` → `a.com`); whether it
/// changed.  Eight octets at a time in a `u64`.
fn lowercase_in_place(x: &mut [u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each octet of the result: whether it is `A` to `Z`.
    // Each octet's low seven bits plus less than 0x80 never carries into
    // the next octet.
    fn uppers(w: u64) -> u64 {
        let low = w & !HIGH;
        let at_least_a = low + (0x80 - u64::from(b'A')) * ONES;
        let above_z = low + (0x80 - u64::from(b'Z') - 1) * ONES;
        at_least_a & !above_z & !w & HIGH
    }
    let mut changed = 0;
    let mut chunks = x.chunks_exact_mut(8);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let upper = uppers(w);
        changed |= upper;
        chunk.copy_from_slice(&(w | upper >> 2).to_le_bytes());
    }
    for b in chunks.into_remainder() {
        let upper = u64::from(b.is_ascii_uppercase());
        changed |= upper;
        *b |= (upper as u8) << 5;
    }
    changed != 0
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
    make_with(input, on, applied, out, true)
}

/// [`make`] without its fast paths: the steps alone, to check that the
/// fast paths give what the steps give (`tests/keys_surt.rs`).
#[doc(hidden)]
pub fn make_plain(
    input: &[u8],
    on: Switches,
    applied: &mut Applied,
    out: &mut Vec<u8>,
) -> Result<(), KeyError> {
    make_with(input, on, applied, out, false)
}

/// What the fast paths may assume of a URL, from one pass over it.
#[derive(Clone, Copy, Default)]
struct Clean {
    /// Every octet is printable ASCII, `!` to `~`: nothing to strip or
    /// remove in `prepare`, and valid UTF-8 (`http://a.b/` is, `a b` is
    /// not).
    printable: bool,
    /// `printable` and no `%`: no part has anything to unescape or
    /// escape, and a host is all lowercased by the parse
    /// (`http://A.b/c?d` is, `http://a/%41` is not).
    unescaped: bool,
}

impl Clean {
    /// One pass over `input`, 16 octets at a time without early exit
    /// (which the compiler vectorizes).
    fn of(input: &[u8]) -> Clean {
        // Bit 0: an octet that is not printable ASCII; bit 1: a `%`.
        fn classes(chunk: &[u8; 16]) -> u8 {
            chunk.iter().fold(0, |m, &b| {
                m | u8::from(b.wrapping_sub(0x21) > 0x7e - 0x21) | u8::from(b == b'%') << 1
            })
        }
        let chunks = input.chunks_exact(16);
        let mut last = [b'a'; 16];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        let mut m = classes(&last);
        for chunk in chunks {
            m |= classes(chunk.try_into().unwrap_or(&[0; 16]));
        }
        Clean {
            printable: m & 1 == 0,
            unescaped: m == 0,
        }
    }
}

/// [`make`], with its fast paths when `fast`.
fn make_with(
    input: &[u8],
    on: Switches,
    applied: &mut Applied,
    out: &mut Vec<u8>,
    fast: bool,
) -> Result<(), KeyError> {
    let clean = if fast {
        Clean::of(input)
    } else {
        Clean::default()
    };
    // The reference takes text and encodes it as UTF-8 (printable ASCII
    // is).
    if !clean.printable && std::str::from_utf8(input).is_err() {
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
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            let made = make_in(input, on, clean, applied, out, &mut scratch);
            // A huge line's buffers are not kept for the thread's life.
            if scratch.capacity() > KEPT_CAPACITY {
                *scratch = Scratch::default();
            }
            made
        }
        // Not reached (a key is not made inside a key); work in fresh
        // buffers all the same.
        Err(_) => make_in(input, on, clean, applied, out, &mut Scratch::default()),
    })
}

/// [`make`] in the buffers of `s`.
fn make_in(
    input: &[u8],
    on: Switches,
    clean: Clean,
    applied: &mut Applied,
    out: &mut Vec<u8>,
    s: &mut Scratch,
) -> Result<(), KeyError> {
    let Scratch {
        prepared,
        host,
        path,
        query,
        a,
        kept,
        ranges,
        args,
    } = s;
    let url = parse::split(parse::prepare(input, prepared, clean.printable))?;
    let scheme = url.scheme;
    let mut port = url.port;
    let mut hash = url.hash;
    let mut last_delimiter = url.last_delimiter;
    host.clear();
    // Fast paths: the host is all lowercase ASCII now and until the IA
    // steps (see `host_google`): no `%` anywhere, and lowercased by the
    // parse to its end (not a host taken from the path: `http:///A/b`).
    let mut host_lower = false;
    if let Some(h) = url.host {
        host_lower = clean.unescaped && url.host_lowercase_end == h.len();
        host.extend_from_slice(h);
        lowercase_in_place(&mut host[..url.host_lowercase_end]);
    }
    let mut has_path = url.path.is_some();
    path.clear();
    path.extend_from_slice(url.path.unwrap_or_default());
    let mut has_query = url.query.is_some();
    query.clear();
    query.extend_from_slice(url.query.unwrap_or_default());

    // GoogleURLCanonicalizer.canonicalize.
    if on.on(HASH_STRIP) && hash.is_some() {
        hash = None;
        applied.note(name(HASH_STRIP));
    }
    if on.on(GOOGLE_QUERY_MINIMAL_ESCAPE) && has_query {
        // `minimalEscape`: unchanged exactly when nothing is escaped or
        // unescaped (a `%` is always one or the other), as in a query
        // without `%` of printable ASCII (`q=a+b`).
        if !clean.unescaped && escape::any_needs_escape(query) {
            let protect = on.on(QUERY_KEEP_ESCAPED_DELIMITERS);
            a.clear();
            kept.clear();
            escape::unescape_repeatedly(query, a, protect, kept);
            query.clear();
            escape::escape_once(a, query, kept);
            applied.note(name(GOOGLE_QUERY_MINIMAL_ESCAPE));
            if !kept.is_empty() {
                applied.note(name(QUERY_KEEP_ESCAPED_DELIMITERS));
            }
        }
    }
    if !host.is_empty() {
        host_google(host, a, on, clean, host_lower, applied)?;
    }
    let has_host = !host.is_empty();
    let path_escapes = on.on(GOOGLE_PATH_MINIMAL_ESCAPE);
    // A path of printable ASCII without `%` (`/a/b.html`) has nothing to
    // unescape or escape.
    let path_escapes = path_escapes && !clean.unescaped;
    if path_escapes && has_path && memchr::memchr(b'%', path).is_some() {
        rewrite(
            path,
            a,
            applied,
            name(GOOGLE_PATH_MINIMAL_ESCAPE),
            |x, out| escape::unescape_repeatedly(x, out, false, &mut Vec::new()),
        );
    }
    if has_host && on.on(GOOGLE_PATH_NORMALIZE) {
        has_path = true;
        if !google::normalizes_to_itself(path) {
            rewrite(path, a, applied, name(GOOGLE_PATH_NORMALIZE), |x, out| {
                google::normalize_path(x, out, ranges)
            });
        }
    }
    if path_escapes && has_path && escape::any_needs_escape(path) {
        rewrite(
            path,
            a,
            applied,
            name(GOOGLE_PATH_MINIMAL_ESCAPE),
            |x, out| escape::escape_once(x, out, &[]),
        );
    }

    // IAURLCanonicalizer.canonicalize.
    // A host all lowercased by the parse stays so: no step since makes an
    // uppercase letter (`WWW.A.com` → `www.a.com`).
    if on.on(HOST_LOWERCASE) && has_host && !host_lower {
        lowercase(host, applied, name(HOST_LOWERCASE));
    }
    if on.on(HOST_MASSAGE) && has_host && scheme != b"dns" {
        let keep_domain = on.on(HOST_MASSAGE_KEEPS_DOMAIN);
        if let Some(n) = ia::www_prefix(host, keep_domain) {
            host.drain(..n);
            applied.note(name(HOST_MASSAGE));
        } else if keep_domain && ia::www_prefix(host, false).is_some() {
            applied.note(name(HOST_MASSAGE_KEEPS_DOMAIN));
        }
    }
    // auth_strip_user, auth_strip_pass: `handyurl.parse` reads no user
    // information, so there is none to strip.
    if on.on(PORT_STRIP_DEFAULT) {
        let default = if scheme.eq_ignore_ascii_case(b"http") {
            80
        } else if scheme.eq_ignore_ascii_case(b"https") {
            443
        } else {
            0
        };
        if port == Some(default) {
            port = None;
            applied.note(name(PORT_STRIP_DEFAULT));
        }
    }
    let strip_empty = on.on(PATH_STRIP_EMPTY);
    if strip_empty && has_path && path.as_slice() == b"/" {
        has_path = false;
        applied.note(name(PATH_STRIP_EMPTY));
    } else if has_path && !path.is_empty() {
        if on.on(PATH_LOWERCASE) {
            lowercase(path, applied, name(PATH_LOWERCASE));
        }
        // Both patterns need a `(`: a path without one has nothing to cut.
        if on.on(PATH_STRIP_SESSION_ID) && path.contains(&b'(') {
            a.clear();
            if ia::strip_path_session_id(path, a, &mut Vec::new()) {
                std::mem::swap(path, a);
                applied.note(name(PATH_STRIP_SESSION_ID));
            }
        }
        if strip_empty && path.as_slice() == b"/" {
            has_path = false;
            applied.note(name(PATH_STRIP_EMPTY));
        } else if on.on(PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY)
            && path.len() > 1
            && path.ends_with(b"/")
        {
            path.pop();
            applied.note(name(PATH_STRIP_TRAILING_SLASH_UNLESS_EMPTY));
        }
    }
    if has_query && !query.is_empty() {
        if on.on(QUERY_STRIP_SESSION_ID) && ia::strip_query_session_id(query, a) {
            applied.note(name(QUERY_STRIP_SESSION_ID));
        }
        if on.on(QUERY_LOWERCASE) {
            lowercase(query, applied, name(QUERY_LOWERCASE));
        }
        // One argument (no `&`: `b=2`) is sorted as it is.
        if on.on(QUERY_ALPHA_REORDER) && memchr::memchr(b'&', query).is_some() {
            rewrite(query, a, applied, name(QUERY_ALPHA_REORDER), |x, out| {
                ia::alpha_reorder_query(x, out, args)
            });
        }
        if query.is_empty() && on.on(QUERY_STRIP_EMPTY) {
            has_query = false;
            applied.note(name(QUERY_STRIP_EMPTY));
        }
    } else if on.on(QUERY_STRIP_EMPTY) && last_delimiter {
        last_delimiter = false;
        applied.note(name(QUERY_STRIP_EMPTY));
    }

    // geturl_bytes.
    let form = form::Form {
        surt: on.on(SURT),
        with_scheme: on.on(WITH_SCHEME),
        trailing_comma: on.on(TRAILING_COMMA),
        reverse_ipaddr: on.on(REVERSE_IPADDR),
    };
    let written = form::Written {
        scheme,
        host,
        port,
        path: if has_path { path } else { &[] },
        query: has_query.then_some(&query[..]),
        hash,
        last_delimiter,
    };
    out.reserve(scheme.len() + host.len() + path.len() + query.len() + 16);
    form::write(&written, &form, out);
    Ok(())
}

/// The host's part of `GoogleURLCanonicalizer.canonicalize`, on a host
/// that is not empty: unescaped repeatedly, through IDNA when it is not
/// ASCII, its dots collapsed and stripped, then an IPv4 address or
/// lowercased and escaped once.
fn host_google(
    host: &mut Vec<u8>,
    a: &mut Vec<u8>,
    on: Switches,
    clean: Clean,
    lower: bool,
    applied: &mut Applied,
) -> Result<(), KeyError> {
    // A host without `%`, of printable ASCII, has nothing to unescape,
    // to read through IDNA or to escape; with `lower`, the parse
    // lowercased it all (`www.A.com` → `www.a.com`).
    let escapes = on.on(GOOGLE_HOST_MINIMAL_ESCAPE) && !clean.unescaped;
    if escapes && memchr::memchr(b'%', host).is_some() {
        rewrite(
            host,
            a,
            applied,
            name(GOOGLE_HOST_MINIMAL_ESCAPE),
            |x, out| escape::unescape_repeatedly(x, out, false, &mut Vec::new()),
        );
    }
    if on.on(GOOGLE_HOST_IDNA) && !clean.unescaped && !host.is_ascii() {
        a.clear();
        if idna::to_ascii(host, a).is_some() {
            applied.note_if_changed(name(GOOGLE_HOST_IDNA), &host[..], &a[..]);
            std::mem::swap(host, a);
        }
    }
    // Nothing to do without a `..` or a dot at either end.
    let dots = host.starts_with(b".")
        || host.ends_with(b".")
        || host
            .iter()
            .zip(host.get(1..).unwrap_or_default())
            .fold(false, |found, (&x, &y)| found | (x == b'.' && y == b'.'));
    if on.on(GOOGLE_HOST_DOTS) && dots {
        rewrite(
            host,
            a,
            applied,
            name(GOOGLE_HOST_DOTS),
            google::collapse_dots,
        );
    }
    // Every IPv4 form starts with a digit (`www.a.com` is none).
    let ip = if on.on(GOOGLE_HOST_IP) && host.first().is_some_and(u8::is_ascii_digit) {
        google::attempt_ip_formats(host)?
    } else {
        None
    };
    if let Some(octets) = ip {
        rewrite(host, a, applied, name(GOOGLE_HOST_IP), |_, out| {
            google::push_dotted(octets, out)
        });
        return Ok(());
    }
    if on.on(GOOGLE_HOST_LOWERCASE) && !lower {
        lowercase(host, applied, name(GOOGLE_HOST_LOWERCASE));
    }
    if escapes && escape::any_needs_escape(host) {
        rewrite(
            host,
            a,
            applied,
            name(GOOGLE_HOST_MINIMAL_ESCAPE),
            |x, out| escape::escape_once(x, out, &[]),
        );
    }
    Ok(())
}
