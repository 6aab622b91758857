//! The canonicalizers of each kind of URL, component by component:
//! standard (`url/url_canon_stdurl.cc` `DoCanonicalizeStandardURL`),
//! `file:` (`url/url_canon_fileurl.cc` `DoCanonicalizeFileURL`, Linux),
//! `filesystem:` (`url/url_canon_filesystemurl.cc`), non-special
//! (`url/url_canon_non_special_url.cc`) and "path URLs", the opaque paths
//! (`url/url_canon_pathurl.cc`).  Each appends to the output and returns
//! the components it wrote and whether the URL is valid.

use super::component::{nonempty, Parsed, Part, Span};
use super::host::{self, Mode as HostMode};
use super::path::{self, Mode as PathMode};
use super::scheme::{self, SchemeType};
use super::trace::Stages;
use super::{fragment, port, query, userinfo};
use encoding_rs::Encoding;

/// Where the components of a URL are: the scheme in one string, the rest
/// in another (the same string, but when a relative URL replaces every
/// component of its base but the scheme), and how Blink handed the
/// string over (`wide`: as UTF-16, it holds a code point beyond U+00FF).
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub scheme: &'a str,
    pub rest: &'a str,
    pub wide: bool,
    /// The document encoding of the query (`None`: UTF-8).
    pub encoding: Option<&'static Encoding>,
}

impl<'a> Source<'a> {
    pub fn one(spec: &'a str, wide: bool, encoding: Option<&'static Encoding>) -> Source<'a> {
        Source {
            scheme: spec,
            rest: spec,
            wide,
            encoding,
        }
    }
}

/// Appends the host `host` of `src.rest` (`DoHost`): its span, and whether
/// it is valid.  An empty host is an empty span.
fn push_host(
    src: Source<'_>,
    host: Part,
    mode: HostMode,
    out: &mut String,
    np: &mut Parsed,
) -> (Part, bool) {
    let Some(h) = host else {
        return (None, true);
    };
    let begin = out.len();
    if h.is_empty() {
        return (Some(Span::new(begin, begin)), true);
    }
    let text = h.of(src.rest);
    match host::canonicalize(text, mode, src.wide, &mut Stages::none()) {
        Ok(c) => {
            out.push_str(&c);
            (Some(Span::new(begin, out.len())), true)
        }
        Err(why) => {
            let shown: String = text.chars().take(100).collect();
            np.fail(format!("invalid host {shown:?}: {why}"));
            // The host is written escaped, as `DoHost` writes an invalid
            // host (`me@h` → `me%40h`), so that the invalid URL stays
            // invalid when it is canonicalized again (a URL setter
            // replacing another component of it).
            for &b in text.as_bytes() {
                match b {
                    b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'-' => out.push(b as char),
                    _ => super::escape::push_escape(b, out),
                }
            }
            (Some(Span::new(begin, out.len())), false)
        }
    }
}

/// Records why the scheme is invalid, when it is.
fn check_scheme(ok: bool, sc: Span, out: &str, np: &mut Parsed) -> bool {
    if !ok {
        np.fail(format!("invalid scheme {:?}", sc.of(out)));
    }
    ok
}

/// Records why the port is invalid, when it is.
fn check_port(ok: bool, pt: Part, out: &str, np: &mut Parsed) -> bool {
    if !ok {
        np.fail(format!(
            "invalid port {:?}: not a number from 0 to 65535",
            pt.map_or("", |p| p.of(out))
        ));
    }
    ok
}

/// A standard URL of the scheme type `t` (`DoCanonicalizeStandardURL`):
/// the authority is required (and the host not empty); a scheme without
/// user information drops it, one without ports drops the port
/// (`chrome://u@h:81/` → `chrome://h/`).
pub(crate) fn standard(
    src: Source<'_>,
    p: &Parsed,
    t: SchemeType,
    out: &mut String,
) -> (Parsed, bool) {
    let mut np = Parsed::default();
    let (sc, ok) = scheme::canonicalize(src.scheme, p.scheme, out);
    let mut ok = check_scheme(ok, sc, out, &mut np);
    np.scheme = Some(sc);
    let user_info = t == SchemeType::HostPortUserInfo;
    let ports = matches!(t, SchemeType::HostPortUserInfo | SchemeType::HostPort);
    let authority = (user_info && (p.username.is_some() || p.password.is_some()))
        || nonempty(p.host)
        || (ports && p.port.is_some());
    if authority {
        if p.scheme.is_some() {
            out.push_str("//");
        }
        if user_info {
            (np.username, np.password) =
                userinfo::canonicalize(src.rest, p.username, p.password, out);
        }
        let (h, host_ok) = push_host(src, p.host, HostMode::Special, out, &mut np);
        np.host = h;
        ok &= host_ok;
        if !nonempty(p.host) {
            ok = np.fail("empty host");
        }
        if ports {
            let default = scheme::default_port(sc.of(out));
            let (pt, port_ok) = port::canonicalize(src.rest, p.port, default, out);
            np.port = pt;
            ok &= check_port(port_ok, pt, out, &mut np);
        }
    } else {
        ok = np.fail("no host: a URL of a standard scheme needs an authority");
    }
    if p.path.is_some() {
        let (pa, path_ok) = path::canonicalize(src.rest, p.path, PathMode::Special, out);
        np.path = pa;
        ok &= path_ok;
    } else if authority || p.query.is_some() || p.fragment.is_some() {
        let at = out.len();
        out.push('/');
        np.path = Some(Span::new(at, out.len()));
    }
    np.query = query::canonicalize(src.rest, p.query, src.encoding, out);
    np.fragment = fragment::canonicalize(src.rest, p.fragment, out);
    (np, ok)
}

/// Where a Windows drive letter begins in the path `path` of `spec`: a
/// letter and `:` or `|` after what canonicalizes to `/`
/// (`DoFindWindowsDriveLetter`), which Chromium looks for on every
/// platform, to drop a `localhost` host before it.
fn drive_letter(spec: &str, path: Part) -> Option<usize> {
    let p = path?;
    let b = spec.as_bytes();
    if p.end < p.begin + 2 {
        return None;
    }
    let pos = (p.begin..=p.end - 2)
        .find(|&i| b[i].is_ascii_alphabetic() && matches!(b[i + 1], b':' | b'|'))?;
    let mut out = String::new();
    let (_, ok) = path::canonicalize(
        spec,
        Some(Span::new(p.begin, pos)),
        PathMode::Special,
        &mut out,
    );
    (ok && out == "/").then_some(pos)
}

/// A `file:` URL (`DoCanonicalizeFileURL`, Linux): `file://`, the host
/// (`localhost` is dropped only before a drive letter), the path (`/`
/// when there is none; no drive letter is recognized, so `C|` stays and
/// its `|` is escaped), the query and the fragment.  No user
/// information, no port.
pub(crate) fn file(src: Source<'_>, p: &Parsed, out: &mut String) -> (Parsed, bool) {
    let mut np = Parsed::default();
    let begin = out.len();
    out.push_str("file://");
    np.scheme = Some(Span::new(begin, begin + 4));
    let mut host = p.host;
    if host.is_some_and(|h| h.of(src.rest) == "localhost")
        && drive_letter(src.rest, p.path).is_some()
    {
        host = None;
    }
    let (h, mut ok) = push_host(src, host, HostMode::File, out, &mut np);
    np.host = h;
    let at = out.len();
    match p.path.filter(|pa| !pa.is_empty()) {
        Some(pa) => {
            let (_, path_ok) = path::canonicalize(src.rest, Some(pa), PathMode::Special, out);
            ok &= path_ok;
        }
        None => out.push('/'),
    }
    np.path = Some(Span::new(at, out.len()));
    np.query = query::canonicalize(src.rest, p.query, src.encoding, out);
    np.fragment = fragment::canonicalize(src.rest, p.fragment, out);
    (np, ok)
}

/// A non-special URL that is not opaque (`DoCanonicalizeNonSpecialURL`):
/// an opaque host, user information and port only with a non-empty host;
/// a path that would begin with `//` without a host gets `/.` in front.
pub(crate) fn non_special(src: Source<'_>, p: &Parsed, out: &mut String) -> (Parsed, bool) {
    if p.opaque_path {
        return path_url(src, p, out);
    }
    let mut np = Parsed::default();
    let (sc, ok) = scheme::canonicalize(src.scheme, p.scheme, out);
    let mut ok = check_scheme(ok, sc, out, &mut np);
    np.scheme = Some(sc);
    let authority =
        p.username.is_some() || p.password.is_some() || p.host.is_some() || p.port.is_some();
    if authority {
        if p.scheme.is_some() {
            out.push_str("//");
        }
        if nonempty(p.host) {
            (np.username, np.password) =
                userinfo::canonicalize(src.rest, p.username, p.password, out);
        }
        if p.host.is_some() {
            let (h, host_ok) = push_host(src, p.host, HostMode::NonSpecial, out, &mut np);
            np.host = h;
            ok &= host_ok;
        } else {
            ok = np.fail("an authority without a host (user information or a port alone)");
        }
        if nonempty(p.host) {
            let (pt, port_ok) = port::canonicalize(src.rest, p.port, None, out);
            np.port = pt;
            ok &= check_port(port_ok, pt, out, &mut np);
        }
    }
    if let Some(pa) = p.path {
        if p.host.is_none() && pa.is_empty() {
            let at = out.len();
            out.push('/');
            np.path = Some(Span::new(at, out.len()));
        } else {
            let (path_span, path_ok) =
                path::canonicalize(src.rest, p.path, PathMode::NonSpecial, out);
            ok &= path_ok;
            np.path = path_span;
            if let Some(ps) = path_span.filter(|_| p.host.is_none()) {
                if ps.of(out).starts_with("//") {
                    out.insert_str(ps.begin, "/.");
                    np.path = Some(Span::new(ps.begin + 2, ps.end + 2));
                }
            }
        }
    }
    np.query = query::canonicalize(src.rest, p.query, src.encoding, out);
    np.fragment = fragment::canonicalize(src.rest, p.fragment, out);
    np.opaque_path = false;
    (np, ok)
}

/// A URL with an opaque path (`DoCanonicalizePathURL`): the path with the
/// C0 control percent-encode set (a trailing space kept as it is), the
/// query always in UTF-8.
pub(crate) fn path_url(src: Source<'_>, p: &Parsed, out: &mut String) -> (Parsed, bool) {
    let mut np = Parsed::default();
    let (sc, ok) = scheme::canonicalize(src.scheme, p.scheme, out);
    let ok = check_scheme(ok, sc, out, &mut np);
    np.scheme = Some(sc);
    if let Some(pa) = p.path {
        let at = out.len();
        for c in pa.of(src.rest).chars() {
            if !(' '..='~').contains(&c) {
                super::escape::push_utf8_escaped(c, out);
            } else {
                out.push(c);
            }
        }
        np.path = Some(Span::new(at, out.len()));
    }
    np.query = query::canonicalize(src.rest, p.query, None, out);
    np.fragment = fragment::canonicalize(src.rest, p.fragment, out);
    np.opaque_path = p.opaque_path;
    (np, ok)
}

/// A `filesystem:` URL (`DoCanonicalizeFileSystemURL`): `filesystem:`, the
/// inner URL (`file:` with its path alone, or a standard URL without user
/// information) whose path must be more than `/`, then the outer path,
/// query and fragment.
pub(crate) fn filesystem(src: Source<'_>, p: &Parsed, out: &mut String) -> (Parsed, bool) {
    let mut np = Parsed::default();
    let begin = out.len();
    out.push_str("filesystem:");
    np.scheme = Some(Span::new(begin, begin + 10));
    let Some(inner) = p.inner.as_deref().filter(|i| i.scheme.is_some()) else {
        np.fail("a filesystem: URL needs an inner file: or standard URL");
        return (np, false);
    };
    let inner_name = inner.scheme.map_or("", |s| s.of(src.rest));
    let (inner_out, mut ok) = if inner_name.eq_ignore_ascii_case("file") {
        let mut ip = Parsed::default();
        let at = out.len();
        out.push_str("file://");
        ip.scheme = Some(Span::new(at, at + 4));
        let (pa, path_ok) = path::canonicalize(src.rest, inner.path, PathMode::Special, out);
        ip.path = pa;
        (ip, path_ok)
    } else if let Some(t) = scheme::standard_type(inner_name) {
        let t = match t {
            SchemeType::HostPortUserInfo => SchemeType::HostPort,
            t => t,
        };
        standard(Source::one(src.rest, src.wide, src.encoding), inner, t, out)
    } else {
        np.fail("a filesystem: URL needs an inner file: or standard URL");
        return (np, false);
    };
    if let Some(why) = &inner_out.failure {
        np.fail(format!("its inner URL: {why}"));
    }
    if inner_out.path.is_none_or(|pa| pa.len() <= 1) {
        ok = np.fail("a filesystem: URL needs a file system type after its inner URL");
    }
    let (pa, path_ok) = path::canonicalize(src.rest, p.path, PathMode::Special, out);
    np.path = pa;
    ok &= path_ok;
    np.query = query::canonicalize(src.rest, p.query, src.encoding, out);
    np.fragment = fragment::canonicalize(src.rest, p.fragment, out);
    if ok {
        np.inner = Some(Box::new(inner_out));
    }
    (np, ok)
}
