//! The "steps to canonicalize a URL": scheme, user and password, the
//! `file:` HOSTPATH loop, host, port, path, query and fragment.
//!
//! ```
//! use urlprism::{canonicalize, parse, serialize, profile};
//! let u = parse("HTTP://User@Example.COM:80/a%7Eb?q r#f");
//! let c = canonicalize(&u, profile::this(), encoding_rs::UTF_8).unwrap();
//! assert_eq!(serialize(&c).unwrap(), "http://User@example.com/a~b?q%20r#f");
//! ```

use crate::algorithm::resolve::{begins_with_drive_specification, is_drive_specification};
use crate::error::Error;
use crate::observed::components::{
    bad_escapes, googleurl_fragment, observed_components, port_zero, res_host,
    unclosed_bracket_host, unknown_scheme_port_in_host, windows_escapes, windows_escapes_in_place,
    windows_file_path, windows_userinfo, UNKNOWN_SCHEME_QUERY_SET,
};
use crate::profile::plan::Plan;
use crate::profile::{HexCase, PortSplit, Profile, SchemeType};
use crate::text::percent;
use crate::text::percent::encode_in_place;
use crate::text::scheme::{is_googleurl_standard, GOOGLEURL_STANDARD_SCHEMES};
use crate::url::components::{is_not_hierarchical_scheme, is_slash, CowUrl, ParsedUrl};
use encoding_rs::{Encoding, UTF_8};
use std::borrow::Cow;

pub use crate::text::scheme::default_port;

/// How many times the HOSTPATH loop may go round.  Each round moves slashes
/// or a drive letter between host and path; a canonical host and path are
/// reached in two or three rounds, so the bound is never met in practice
/// and only guards against a pathological cycle.
const MAX_HOSTPATH_ROUNDS: usize = 16;

/// CanonicalizeHost as the component steps call it: `host`, of a URL
/// whose scheme is `scheme`, canonicalized under `plan` and written back
/// (left as it is when it is canonical already).  The steps take
/// [`canonicalize_host_by_the_steps`]; a faster caller hands in an entry
/// that gives the same (the accelerators' CanonicalizeHost with its
/// shortcuts), so that this layer knows of no shortcut.
pub(crate) type CanonicalizeHostStep = fn(&mut Cow<'_, str>, &str, &Plan) -> Result<(), Error>;

/// CanonicalizeHost step by step ([`crate::algorithm::host`]), as a
/// [`CanonicalizeHostStep`]: `Bücher.DE` → `xn--bcher-kva.de`.
pub(crate) fn canonicalize_host_by_the_steps(
    host: &mut Cow<'_, str>,
    scheme: &str,
    plan: &Plan,
) -> Result<(), Error> {
    let canonical = super::host::canonicalize_host::canonicalize_host_steps(
        host,
        scheme,
        plan,
        &mut super::host::trace::NoTrace,
    )?;
    if canonical != **host {
        *host = Cow::Owned(canonical);
    }
    Ok(())
}

/// Canonicalizes a parsed URL under `profile`, with the document encoding
/// `encoding` for the query: the steps one by one.
pub fn canonicalize(
    u: &ParsedUrl,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<ParsedUrl, Error> {
    let mut c = u.as_cow();
    let plan = Plan::of(profile);
    canonicalize_in_place(&mut c, &plan, encoding, canonicalize_host_by_the_steps)?;
    Ok(c.into_owned())
}

/// [`canonicalize`], taking the parsed URL by value (no copy of its
/// components).
pub fn canonicalize_owned(
    u: ParsedUrl,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<ParsedUrl, Error> {
    let mut c = u.into_cow();
    let plan = Plan::of(profile);
    canonicalize_in_place(&mut c, &plan, encoding, canonicalize_host_by_the_steps)?;
    Ok(c.into_owned())
}

/// After the parse ([`crate::profile::UrlParams::empty_host_is_invalid`],
/// modelling Chrome 2011): a URL of a standard scheme other than `file`
/// with an empty host is invalid (googleurl `src/url_canon_stdurl.cc`
/// `DoCanonicalizeStandardURL`, whose host canonicalizer fails on an
/// empty host): `http:///x`, `http://user@/`, `ws://:80/`.
pub(crate) fn empty_host_check(u: &CowUrl<'_>, scheme: &str, profile: &Plan) -> Result<(), Error> {
    let empty = u.host.as_deref() == Some("") || (u.host.is_none() && u.authority.is_some());
    if profile.url().empty_host_is_invalid && empty && is_googleurl_standard(scheme) {
        return Err(Error::Invalid(
            crate::url::components::InvalidReason::EmptyHost,
        ));
    }
    Ok(())
}

/// After the path step ([`crate::profile::UrlParams::path_nul_is_invalid`],
/// modelling Chrome 2011): a URL of a standard scheme (`file` included)
/// whose canonical path holds `%00` (U+0000, written or escaped) is
/// invalid (googleurl `src/url_canon_path.cc` `DoPartialPath`, whose
/// table makes NUL the path's one invalid character): `http://a/b%00c`.
fn nul_in_path_check(u: &CowUrl<'_>, scheme: &str) -> Result<(), Error> {
    let standard = GOOGLEURL_STANDARD_SCHEMES.contains(&scheme) || scheme == "file";
    if standard && u.path.as_deref().is_some_and(|p| p.contains("%00")) {
        return Err(Error::Invalid(
            crate::url::components::InvalidReason::NulInPath,
        ));
    }
    Ok(())
}

/// Before CanonicalizeHost, in place: the parsed URL's `host` becomes
/// [`prepared_host`], and its record of the host as written is dropped.
fn prepare_host(u: &mut CowUrl<'_>, profile: &Plan) {
    let written = u.host_as_written.take();
    u.host = prepared_host(u.host.take(), written, profile);
}

/// Before CanonicalizeHost: the host as written when the profile keeps
/// its noncharacters ([`host_as_written`]), with U+FFFE and U+FFFF
/// replaced when it says so ([`replace_fffe_ffff`]).
pub(crate) fn prepared_host<'a>(
    host: Option<Cow<'a, str>>,
    written: Option<Cow<'a, str>>,
    profile: &Plan,
) -> Option<Cow<'a, str>> {
    let url = profile.url();
    let mut host = host_as_written(host, written, url.host_keeps_noncharacters);
    if url.host_replaces_fffe_ffff {
        if let Some(h) = host.as_mut() {
            replace_fffe_ffff(h);
        }
    }
    host
}

/// [`canonicalize`] in place, on borrowed components: those that
/// canonicalization leaves as they are stay borrowed.  The host by
/// `host_step`.
pub(crate) fn canonicalize_in_place(
    u: &mut CowUrl<'_>,
    profile: &Plan,
    encoding: &'static Encoding,
    host_step: CanonicalizeHostStep,
) -> Result<(), Error> {
    canonicalize_components(u, Some((profile, host_step)), encoding)
}

/// The components of `u` canonicalized around a host that is left as it
/// is: the host a browser shows although it rejects it (see
/// [`Error::displayed`]), put in place of CanonicalizeHost's result.
pub(crate) fn canonicalize_around_shown_host(
    u: &mut CowUrl<'_>,
    encoding: &'static Encoding,
) -> Result<(), Error> {
    canonicalize_components(u, None, encoding)
}

/// [`canonicalize_in_place`]; with `host` `None`, the host (and the host
/// as written) is left as it is, for [`canonicalize_each`].
pub(crate) fn canonicalize_components(
    u: &mut CowUrl<'_>,
    host: Option<(&Plan, CanonicalizeHostStep)>,
    encoding: &'static Encoding,
) -> Result<(), Error> {
    let host_profile = host.map(|(plan, _)| plan);
    if let Some(r) = u.invalid {
        return Err(Error::Invalid(r));
    }
    let mut hierarchical = u.is_hierarchical();
    if let Some(s) = u.scheme.as_mut() {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            s.to_mut().make_ascii_lowercase();
        }
    }
    let scheme = u.scheme.take().unwrap_or_default();
    let url_params = host_profile.map(|p| p.url());
    // IE's `file:` URL written without an authority is opaque
    // (`UrlParams::file_without_authority_opaque`).
    let opaque_file = scheme == "file"
        && url_params.is_some_and(|url| {
            url.file_without_authority_opaque && url.scheme_type("file") == Some(SchemeType::File)
        })
        && u.authority.is_none()
        && u.host.is_none()
        && u.path_as_written.is_some();
    if opaque_file {
        hierarchical = false;
        u.path = u.path_as_written.take();
        if let Some(p) = u.path.as_mut().filter(|p| p.contains('\\')) {
            *p = Cow::Owned(p.replace('\\', "/"));
        }
    }
    u.path_as_written = None;
    u.hierarchical = hierarchical;
    let is_file = scheme == "file" && !opaque_file;
    // The browser knows the scheme (`UrlParams::known_schemes`).
    let known = url_params.is_some_and(|url| url.knows_scheme(&scheme));
    // The browser's own type of the scheme (`UrlParams::scheme_types`).
    let scheme_type = url_params.and_then(|url| url.scheme_type(&scheme));
    // IE's `res:` host, up to the first `/` (`UrlParams::res_hosts`).
    let res = url_params.is_some_and(|url| url.res_hosts)
        && scheme_type == Some(SchemeType::Res)
        && u.host.is_some();
    if res {
        res_host(u)?;
    }
    if url_params.is_some_and(|url| url.bad_escape_is_invalid) && known && !is_file {
        bad_escapes(u)?;
    }
    let windows = url_params.is_some_and(|url| url.windows_escapes);
    // IE keeps the host and path of an unknown scheme as written
    // (`UrlParams::unknown_schemes_as_written`), and those of `res:`.
    let as_written = (url_params.is_some_and(|url| url.unknown_schemes_as_written)
        && !known
        && hierarchical
        && !is_file)
        || res;
    if as_written {
        unknown_scheme_port_in_host(u);
    }
    // IE's registered name that begins with `[` and has no `]`
    // (`UrlParams::unclosed_bracket_host`).
    let unclosed_bracket = url_params.is_some_and(|url| url.unclosed_bracket_host)
        && known
        && !as_written
        && unclosed_bracket_host(u);
    let written_path = as_written.then(|| u.path.clone()).flatten();

    match url_params {
        Some(url) if url.windows_escapes || url.empty_userinfo_kept => {
            windows_userinfo(u, url, known)
        }
        _ => canonicalize_userinfo(u),
    }
    if let Some(profile) = host_profile {
        empty_host_check(u, &scheme, profile)?;
        if profile.url().port_split == PortSplit::FirstColonAfterLastBracket && !is_file {
            split_server_info(u);
        }
        prepare_host(u, profile);
    }

    let mut rounds = 0;
    loop {
        // HOSTPATH: only `file:` URLs go round more than once, so only they
        // keep the originals to compare with.
        let originals = is_file.then(|| (u.host.clone(), u.path.clone()));
        if is_file {
            if host_profile.is_some_and(|p| p.url().file_paths_as_posix) {
                // googleurl on Linux (`UrlParams::file_paths_as_posix`):
                // no drive letters, `localhost` kept; a missing host is
                // empty.
                if u.host.is_none() {
                    u.host = Some(Cow::Borrowed(""));
                }
            } else {
                file_host_path(u);
            }
        }
        let host_kept = as_written || unclosed_bracket;
        if let (Some((profile, host_step)), Some(h), false) = (host, u.host.as_mut(), host_kept) {
            host_step(h, &scheme, profile).map_err(|e| e.in_authority(u.authority.as_deref()))?;
        }
        if let Some(profile) = host_profile {
            port_zero(u, profile.url())?;
        }
        canonicalize_port(u, &scheme)?;
        canonicalize_path(u, hierarchical, scheme == "mailto");
        if host_profile.is_some_and(|p| p.url().path_nul_is_invalid) {
            nul_in_path_check(u, &scheme)?;
        }
        if let Some(p) = written_path.as_ref().filter(|p| p.starts_with('/')) {
            u.path = Some(p.clone());
        }
        rounds += 1;
        let changed = originals.is_some_and(|(h, p)| u.host != h || u.path != p);
        if !changed || rounds >= MAX_HOSTPATH_ROUNDS {
            break;
        }
    }

    if is_file
        && scheme_type == Some(SchemeType::File)
        && url_params.is_some_and(|url| url.file_escapes)
    {
        if let Some(p) = u.path.as_deref().and_then(windows_file_path) {
            u.path = Some(Cow::Owned(p));
        }
    }
    if !hierarchical
        && scheme_type == Some(SchemeType::Mk)
        && url_params.is_some_and(|url| url.mk_paths)
    {
        if let Some(p) = u.path.as_deref() {
            u.path = Some(Cow::Owned(crate::observed::input::mk_path(p)));
        }
    }
    // googleurl on Linux writes a `file:` path beginning with `//` as it is
    // (`UrlParams::file_paths_as_posix`): `file:///.//bar` → `file:////bar`.
    let posix_file = is_file && host_profile.is_some_and(|p| p.url().file_paths_as_posix);
    if !is_not_hierarchical_scheme(&scheme) && !posix_file {
        protect_double_slash_path(u);
    }
    let query_encoding = if hierarchical { encoding } else { UTF_8 };
    let written_hash = u.query.as_deref().is_some_and(|q| q.contains('#'));
    match windows && !known {
        // An unknown scheme keeps its query (IE): only what a URL cannot
        // hold as text is encoded.
        false => encode_in_place(&mut u.query, query_encoding, &percent::QUERY_SET),
        true => encode_in_place(&mut u.query, query_encoding, &UNKNOWN_SCHEME_QUERY_SET),
    }
    if !written_hash && query_encoding != UTF_8 {
        escape_hash_in_query(&mut u.query);
    }
    if let Some(f) = u.fragment.as_deref() {
        let googleurl = host_profile.is_some_and(|p| p.url().fragment_keeps_del_and_c1);
        let canonical = if googleurl {
            googleurl_fragment(f)
        } else {
            canonicalize_fragment(f)
        };
        if let Some(c) = canonical {
            u.fragment = Some(Cow::Owned(c));
        }
    }
    if windows && known {
        windows_escapes_in_place(&mut u.query);
        windows_escapes_in_place(&mut u.fragment);
        if !hierarchical && scheme != "javascript" {
            // `\` stays in an opaque path (`mk:@MSITStore:Z:\dir\test.chm::/x`).
            if let Some(e) = u
                .path
                .as_deref()
                .and_then(|p| windows_escapes(p, true, true))
            {
                u.path = Some(Cow::Owned(e));
            }
        }
    }
    if let Some(profile) = host_profile {
        observed_components(u, profile.url());
    }
    u.scheme = Some(scheme);
    Ok(())
}

/// After the query is percent-encoded in a document encoding other than
/// UTF-8, of a query written without `#`: a `#` the encoding wrote is
/// written `%23`.  The query of a hierarchical URL cannot hold `#` (its
/// serialization would begin the fragment there; the parse ends the
/// query at the first `#`, and only a `mailto:` query, always UTF-8,
/// keeps one), but the specification's query set leaves the octet 0x23 as
/// it is, and a stateful encoding writes that octet for some characters: ISO-2022-JP writes `６` (U+FF16) as
/// `ESC $ B # 6`, so `http://a/?６` would give the query `%1B$B#6%1B(B`,
/// whose serialization reads as another URL.  The browsers' query
/// encoders escape the octet (googleurl `src/url_canon_internal.cc`
/// `kSharedCharTypeTable`: 0x23 has no `CHAR_QUERY`, "invalid in query
/// since it marks the ref"; the URL Standard's query percent-encode set
/// holds 0x23): `%1B$B%236%1B(B`.
fn escape_hash_in_query(query: &mut Option<Cow<'_, str>>) {
    if query.as_deref().is_some_and(|q| q.contains('#')) {
        let escaped = query.as_deref().unwrap_or_default().replace('#', "%23");
        *query = Some(Cow::Owned(escaped));
    }
}

/// User and password: an empty password is removed (with its `:`), then an
/// empty user without password (with its `@`); both are percent-encoded in
/// UTF-8, keeping unreserved characters and `! $ % & ' ( ) * + ,`.
///
/// `user:@host` → `user@host`; `:@host` → `host`; `u s:p@` → `u%20s:p@`.
fn canonicalize_userinfo(u: &mut CowUrl<'_>) {
    if u.user.is_none() && u.password.is_none() {
        return;
    }
    if u.password.as_deref() == Some("") {
        u.password = None;
    }
    if u.user.as_deref() == Some("") && u.password.is_none() {
        u.user = None;
    }
    encode_in_place(&mut u.user, UTF_8, &percent::USERINFO_SET);
    encode_in_place(&mut u.password, UTF_8, &percent::USERINFO_SET);
}

/// The `file:` part of one HOSTPATH round: a drive letter in the host moves
/// into the path, `localhost` and a missing host become empty, slashes
/// beyond two move a host out of the path, and a drive specification at the
/// start of the path is written `/X:/`.
///
/// `file://c:/x` → host `""`, path `/c:/x`; `file://localhost/x` → host
/// `""`; `file:////server/x` → host `server`, path `/x`; path `/c|` →
/// `/c:/`.
fn file_host_path(u: &mut CowUrl<'_>) {
    if let Some(host) = u.host.as_deref().filter(|h| is_drive_specification(h)) {
        let original_path = u.path.take();
        let mut path =
            String::with_capacity(host.len() + 2 + original_path.as_ref().map_or(0, |p| p.len()));
        path.push('/');
        path.push_str(host);
        if !original_path
            .as_deref()
            .is_some_and(|p| p.starts_with(is_slash))
        {
            path.push('/');
        }
        if let Some(p) = original_path {
            path.push_str(&p);
        }
        u.path = Some(Cow::Owned(path));
        u.host = Some(Cow::Borrowed(""));
        return;
    }
    if u.host.as_deref().is_none_or(|h| h == "localhost") {
        u.host = Some(Cow::Borrowed(""));
    }
    let Some(path) = u.path.as_deref() else {
        return;
    };
    let mut path = path.to_string();
    if u.host.as_deref() == Some("") {
        let slashes = path.chars().take_while(|&c| is_slash(c)).count();
        if slashes >= 3 {
            let rest = &path[slashes..];
            let host_len = rest.find(is_slash).unwrap_or(rest.len());
            u.host = Some(Cow::Owned(rest[..host_len].to_string()));
            path = rest[host_len..].to_string();
        }
    }
    if let Some((drive_end, letter)) = leading_drive_specification(&path) {
        let mut p = String::with_capacity(path.len() + 2);
        p.push('/');
        p.push(letter);
        p.push_str(":/");
        p.push_str(&path[drive_end..]);
        path = p;
        if u.host.as_deref() == Some("%3F") {
            u.host = Some(Cow::Borrowed(""));
        }
    }
    u.path = Some(Cow::Owned(path));
}

/// An optional slash character, a drive specification, then a slash
/// character or the end: the byte offset after all that, and the drive
/// letter percent-decoded.
fn leading_drive_specification(path: &str) -> Option<(usize, char)> {
    let start = usize::from(path.starts_with(is_slash));
    let (letter, len) = begins_with_drive_specification(&path[start..])?;
    let end = start + len;
    Some((end + usize::from(end < path.len()), letter))
}

/// The port: empty is removed, the scheme's default is removed, other
/// decimal numbers up to 65535 are written in the shortest form, anything
/// else makes the URL invalid.
///
/// `:080` → `:80` for `ftp:`; `:80` → removed for `http:`; `:65536` and
/// `:8a` → invalid.
fn canonicalize_port(u: &mut CowUrl<'_>, scheme: &str) -> Result<(), Error> {
    let Some(port) = u.port.as_deref() else {
        return Ok(());
    };
    if port.is_empty() {
        u.port = None;
        return Ok(());
    }
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::Port {
            port: port.to_string(),
        });
    }
    let digits = port.trim_start_matches('0');
    let p: u32 = if digits.is_empty() {
        0
    } else if digits.len() > 5 {
        return Err(Error::Port {
            port: port.to_string(),
        });
    } else {
        digits.parse().map_err(|_| Error::Port {
            port: port.to_string(),
        })?
    };
    if p > 65535 {
        return Err(Error::Port {
            port: port.to_string(),
        });
    }
    u.port = if default_port(scheme) == Some(p as u16) {
        None
    } else if digits.len() == port.len() {
        // Already the shortest form: `8080` stays as written.
        u.port.take()
    } else {
        Some(Cow::Owned(p.to_string()))
    };
    Ok(())
}

/// The path: a hierarchical URL's path is at least `/` and begins with `/`;
/// hierarchical and `mailto:` paths have escapes of unreserved characters
/// decoded and are percent-encoded with the path set; other paths only
/// have controls and non-ASCII percent-encoded (UTF-8).
///
/// `http://h` → path `/`; `a%41b c` → `/aAb%20c`; `javascript:a b` keeps
/// `a b`.
fn canonicalize_path(u: &mut CowUrl<'_>, hierarchical: bool, mailto: bool) {
    if hierarchical {
        match u.path.as_mut() {
            None => u.path = Some(Cow::Borrowed("/")),
            Some(p) if p.is_empty() => *p = Cow::Borrowed("/"),
            Some(p) if !p.starts_with('/') => p.to_mut().insert(0, '/'),
            Some(_) => {}
        }
    }
    let Some(path) = u.path.as_deref() else {
        return;
    };
    if hierarchical || mailto {
        let decoded = percent::decode_unreserved_idempotent(path);
        match percent::percent_encode_cow(&decoded, UTF_8, &percent::PATH_SET, HexCase::Upper) {
            Cow::Owned(e) => u.path = Some(Cow::Owned(e)),
            Cow::Borrowed(_) => {
                if let Cow::Owned(d) = decoded {
                    u.path = Some(Cow::Owned(d));
                }
            }
        }
    } else {
        encode_in_place(&mut u.path, UTF_8, &percent::OPAQUE_PATH_SET);
    }
}

/// A URL whose path begins with `//` and that has no authority (or only an
/// empty host) gets `/.` in front of the path, so that the serialization is
/// not read back with an authority.
///
/// The specification writes this step for schemes "/not/ hierarchical",
/// but those never read an authority back (`about://x` is all path), and
/// the suite applies it to the others: `unknown:` + path `//bar` →
/// `unknown:/.//bar`, `file:///.//bar` stays, `about://antenna/` stays.
fn protect_double_slash_path(u: &mut CowUrl<'_>) {
    let Some(p) = u.path.as_mut() else {
        return;
    };
    if !p.starts_with("//") {
        return;
    }
    let only_empty_host = u.user.is_none()
        && u.password.is_none()
        && u.port.is_none()
        && u.host.as_deref().is_none_or(str::is_empty);
    if only_empty_host {
        p.to_mut().insert_str(0, "/.");
    }
}

/// The fragment: C1 controls (U+0080 to U+009F) are percent-encoded in
/// UTF-8, and so are 0x00-0x1F and 0x7F; other characters, non-ASCII
/// included, stay.
///
/// `a\u{85}b\u{1}é` → `a%C2%85b%01é`.
/// `None` when the fragment is canonical already.
fn canonicalize_fragment(f: &str) -> Option<String> {
    if !f.contains(percent::fragment_escapes) {
        return None;
    }
    let mut out = String::with_capacity(f.len() + 8);
    percent::percent_encode_fragment(f, HexCase::Upper, &mut out);
    Some(out)
}

/// Before CanonicalizeHost (URL-level, after the parse;
/// [`crate::profile::UrlParams::port_split`] = `first-colon-after-last-bracket`,
/// modelling Gecko 2.0): the host and port as parsed are joined again and
/// split as `nsAuthURLParser::ParseServerInfo`
/// (`netwerk/base/src/nsURLParsers.cpp`, Firefox 4.0.1) splits the server
/// info: scanning backwards, the colons left of the last `]` belong to the
/// host, and the port begins after the leftmost colon right of it.  A port
/// that is not all digits then makes the URL invalid (as Gecko's
/// `NS_ERROR_MALFORMED_URI`), at the port step.  Not for `file:` URLs,
/// which have no port.
///
/// `http://xn--[::]-/` (parsed: host `xn--[:`, port `]-`) → host
/// `xn--[::]-`, no port; `http://foo:80:98/` (host `foo:80`, port `98`) →
/// host `foo`, port `80:98`: invalid; `http://[::1]:80/` is unchanged.
fn split_server_info(u: &mut CowUrl<'_>) {
    let Some((host, port)) = server_info_split(u.host.as_deref(), u.port.as_deref()) else {
        return;
    };
    if let Some(written) = u.host_as_written.as_deref() {
        // The host as written differs from the parsed one in noncharacters
        // only, which are no `:` or `]`: it splits at the same place.
        let joined = join_server_info(written, u.port.as_deref());
        let (written_host, _) = split_at_server_info_port(&joined);
        u.host_as_written = Some(Cow::Owned(written_host.to_string()));
    }
    u.host = Some(Cow::Owned(host));
    u.port = port.map(Cow::Owned);
}

/// The host and port of [`split_server_info`] when they differ from those
/// parsed (`None`: the same, or no host).
pub(crate) fn server_info_split(
    host: Option<&str>,
    port: Option<&str>,
) -> Option<(String, Option<String>)> {
    let host = host?;
    // With neither a `]` nor a second `:` both rules split alike.
    let colon_or_bracket = |s: &str| s.bytes().any(|b| b == b':' || b == b']');
    if !colon_or_bracket(host) && !port.is_some_and(colon_or_bracket) {
        return None;
    }
    let joined = join_server_info(host, port);
    let (h, p) = split_at_server_info_port(&joined);
    (h != host || p != port).then(|| (h.to_string(), p.map(str::to_string)))
}

/// `host:port`, or `host` without a port.
fn join_server_info(host: &str, port: Option<&str>) -> String {
    match port {
        Some(p) => format!("{host}:{p}"),
        None => host.to_string(),
    }
}

/// `ParseServerInfo`'s split: the port after the first `:` right of the
/// last `]` (of the whole string when there is no `]`).
fn split_at_server_info_port(server_info: &str) -> (&str, Option<&str>) {
    let from = server_info.rfind(']').map_or(0, |i| i + 1);
    match server_info[from..].find(':') {
        Some(i) => (&server_info[..from + i], Some(&server_info[from + i + 1..])),
        None => (server_info, None),
    }
}

/// Before CanonicalizeHost (URL-level, next to preprocessing step 2; IE,
/// [`crate::profile::UrlParams::host_keeps_noncharacters`]): the host is
/// the one written in the input (`written`, when the parser recorded one),
/// noncharacters and all, rather than the preprocessed one with U+FFFD.
/// The caller drops the parsed URL's record of it either way, so the
/// canonical URL carries none.
///
/// `http://a\u{FDD0}b/`: host `a\u{FFFD}b` → `a\u{FDD0}b` (which IE's
/// Nameprep maps to `ab`).
fn host_as_written<'a>(
    host: Option<Cow<'a, str>>,
    written: Option<Cow<'a, str>>,
    keep_noncharacters: bool,
) -> Option<Cow<'a, str>> {
    match written {
        Some(written) if keep_noncharacters => Some(written),
        _ => host,
    }
}

/// After [`host_as_written`] (URL-level, next to preprocessing step 2;
/// [`crate::profile::UrlParams::host_replaces_fffe_ffff`], modelling Gecko
/// 2011): U+FFFE and U+FFFF in the host become U+FFFD, as preprocessing
/// would have made them; the other noncharacters stay as written.
///
/// `a\u{FFFE}b` → `a\u{FFFD}b`; `a\u{FDD0}b` and `a\u{1FFFE}b` stay.
fn replace_fffe_ffff(host: &mut Cow<'_, str>) {
    // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
    if host
        .as_bytes()
        .windows(3)
        .any(|w| matches!(w, [0xEF, 0xBF, 0xBE | 0xBF]))
    {
        *host = Cow::Owned(host.replace(['\u{FFFE}', '\u{FFFF}'], "\u{FFFD}"));
    }
}

#[cfg(test)]
mod server_info_tests {
    use super::*;
    use crate::accel::each_components::canonicalize_each;

    #[test]
    fn split_as_parse_server_info() {
        assert_eq!(split_at_server_info_port("xn--[::]-"), ("xn--[::]-", None));
        assert_eq!(
            split_at_server_info_port("foo:80:98"),
            ("foo", Some("80:98"))
        );
        assert_eq!(split_at_server_info_port("[::1]:80"), ("[::1]", Some("80")));
        assert_eq!(split_at_server_info_port("ab:cd]"), ("ab:cd]", None));
        assert_eq!(split_at_server_info_port("a:"), ("a", Some("")));
        // Unchanged splits are no work.
        assert_eq!(server_info_split(Some("a.b"), Some("80")), None);
        assert_eq!(server_info_split(Some("[::1]"), Some("80")), None);
        assert_eq!(server_info_split(None, None), None);
    }

    #[test]
    fn gecko_splits_the_port_after_the_last_bracket() {
        let gecko: &dyn Profile = crate::profile::builtin("gecko").unwrap();
        let canon = |s: &str, p: &dyn Profile| {
            canonicalize(&crate::algorithm::parse::parse(s), p, UTF_8)
                .map(|c| crate::algorithm::serialize::serialize(&c).unwrap())
        };
        assert_eq!(
            canon("http://xn--[::]-/", gecko).unwrap(),
            "http://xn--[::]-/"
        );
        assert!(canon("http://xn--[::]-/", crate::profile::this()).is_err());
        assert!(matches!(
            canon("http://foo:80:98/", gecko),
            Err(Error::Port { .. })
        ));
        assert_eq!(
            canon("http://[::1]:81/", gecko).unwrap(),
            "http://[::1]:81/"
        );
        // The host as written splits alike.
        assert_eq!(
            canon("http://x\u{FDD0}[::]-/", gecko).unwrap(),
            "http://x\u{FDD0}[::]-/"
        );
        // Canonicalized together with the other profiles, the same.
        for input in [
            "http://xn--[::]-/",
            "http://foo:80:98/",
            "http://[::1]:81/x",
        ] {
            let u = crate::algorithm::parse::parse(input);
            let all: Vec<&dyn Profile> = crate::profile::builtin_profiles()
                .iter()
                .map(|p| p as &dyn Profile)
                .collect();
            let each = canonicalize_each(&u, &all, UTF_8);
            for (p, r) in all.iter().zip(each) {
                assert_eq!(r, canonicalize(&u, *p, UTF_8), "{} {input}", p.name());
            }
        }
    }
}

#[cfg(test)]
mod host_noncharacter_tests {
    use super::*;

    #[test]
    fn gecko_host_keeps_noncharacters_but_fffe_ffff() {
        let gecko = crate::profile::builtin("gecko").unwrap();
        let canon = |s: &str| {
            canonicalize(&crate::algorithm::parse::parse(s), gecko, UTF_8).map(|c| c.host)
        };
        // Nameprep prohibits them; Gecko's fallback is the host as written.
        assert_eq!(
            canon("http://a\u{FDD0}b/").unwrap().as_deref(),
            Some("a\u{FDD0}b")
        );
        assert_eq!(
            canon("http://a\u{1FFFE}b/").unwrap().as_deref(),
            Some("a\u{1FFFE}b")
        );
        assert_eq!(
            canon("http://a\u{FFFE}b/").unwrap().as_deref(),
            Some("a\u{FFFD}b")
        );
        assert_eq!(
            canon("http://a\u{FFFF}b/").unwrap().as_deref(),
            Some("a\u{FFFD}b")
        );
    }

    /// The canonical URL of `input` under the built-in profile `name`, by
    /// the library's entry point (shortcuts included).
    fn url(name: &str, input: &str) -> Result<String, Error> {
        let p = crate::profile::builtin(name).unwrap();
        crate::profile_canonicalizer::ProfileCanonicalizer::new(p)
            .canonicalize(input)
            .map(|u| u.as_str().to_string())
    }

    #[test]
    fn gecko_escapes_apostrophes_in_standard_urls() {
        assert_eq!(
            url("gecko", "http://u'@example.com/'?'#'").unwrap(),
            "http://u%27@example.com/%27?%27#%27"
        );
        // Not in a URL that is not hierarchical.
        assert_eq!(url("gecko", "javascript:'").unwrap(), "javascript:'");
        assert_eq!(
            url("this", "http://example.com/'").unwrap(),
            "http://example.com/'"
        );
        // Together with other profiles, each has its own components.
        let c = crate::profile_canonicalizer::ProfileCanonicalizer::new(crate::profile::this());
        let plans: Vec<_> = ["this", "gecko"]
            .iter()
            .map(|n| crate::profile::plan::Plan::new(crate::profile::builtin(n).unwrap()))
            .collect();
        let refs: Vec<_> = plans.iter().collect();
        let each: Vec<_> = c
            .canonicalize_each("http://example.com/'", &refs)
            .into_iter()
            .map(|r| r.unwrap().as_str().to_string())
            .collect();
        assert_eq!(each, ["http://example.com/'", "http://example.com/%27"]);
    }

    #[test]
    fn ie_escapes_components_as_windows_does() {
        let ie = |s: &str| url("ie", s);
        // Unreserved escapes decoded, forbidden characters encoded, in the
        // query and fragment of a known scheme.
        assert_eq!(
            ie("http://www.winehq.org/tests/..?query=%30%31<|>#Te%30<|>").unwrap(),
            "http://www.winehq.org/?query=01%3C%7C%3E#Te0%3C%7C%3E"
        );
        // An unknown scheme keeps them.
        assert_eq!(
            ie("zip://www.winehq.org/tests/..?query=<|>&return=y").unwrap(),
            "zip://www.winehq.org/?query=<|>&return=y"
        );
        // The user and password: reserved characters stay, escapes of
        // unreserved ones are decoded, empty ones are kept.
        assert_eq!(
            ie("ftp://w%49%4Ee:PA%53%53@ftp.google.com/").unwrap(),
            "ftp://wINe:PASS@ftp.google.com/"
        );
        assert_eq!(
            ie("ftp://user:pass:word@winehq.org/").unwrap(),
            "ftp://user:pass:word@winehq.org/"
        );
        assert_eq!(
            ie("ftp://empty:@ftp.google.com/").unwrap(),
            "ftp://empty:@ftp.google.com/"
        );
        // A delimiter that would end the user is still encoded.
        assert_eq!(ie("http://a@b@c").unwrap(), "http://a%40b@c/");
        // The opaque path of a known scheme, `javascript:` aside.
        assert_eq!(
            ie("news:test.%74%65%73%74.com").unwrap(),
            "news:test.test.com"
        );
        assert_eq!(ie("javascript:a<b").unwrap(), "javascript:a<b");
        // A bad escape in the path of a known scheme but file:.
        for bad in ["news:test%XX", "http://google.com/Te%XXst"] {
            assert!(
                matches!(
                    ie(bad),
                    Err(Error::Invalid(
                        crate::url::components::InvalidReason::BadEscape
                    ))
                ),
                "{bad}"
            );
        }
        assert!(ie("file:///C:/tes%t.mp3").is_ok());
        assert!(ie("zip://a/te%xx").is_ok());
        // An unknown scheme keeps its host and path; a port that is no
        // number stays in the host.
        assert_eq!(ie("zip://GOOGLE.com/").unwrap(), "zip://GOOGLE.com/");
        assert_eq!(
            ie("1234://4294967295/<|>").unwrap(),
            "1234://4294967295/<|>"
        );
        let u = crate::profile_canonicalizer::ProfileCanonicalizer::new(
            crate::profile::builtin("ie").unwrap(),
        )
        .canonicalize("zip://google.com:65536:25")
        .unwrap();
        assert_eq!(u.host_str(), Some("google.com:65536:25"));
        assert_eq!(u.port(), None);
        assert_eq!(ie("zip://a:81/").unwrap(), "zip://a:81/");
        // The specification's profile is unchanged.
        assert_eq!(
            url("this", "http://a/?%30|#%30").unwrap(),
            "http://a/?%30|#%30"
        );
    }

    #[test]
    fn gecko_rejects_port_zero() {
        for input in ["http://foo.com:0", "http://foo.com:000/"] {
            let e = url("gecko", input).unwrap_err();
            assert!(matches!(e, Error::Port { .. }), "{input}: {e:?}");
        }
        assert_eq!(url("gecko", "http://foo.com:/").unwrap(), "http://foo.com/");
        assert_eq!(
            url("gecko", "http://foo.com:08/").unwrap(),
            "http://foo.com:8/"
        );
        assert_eq!(
            url("this", "http://foo.com:0").unwrap(),
            "http://foo.com:0/"
        );
    }
}

#[cfg(test)]
mod host_as_written_tests {
    use super::*;

    #[test]
    fn ie_host_keeps_its_noncharacters() {
        let ie = crate::profile::builtin("ie").unwrap();
        let u = crate::algorithm::parse::parse("http://a\u{FDD0}b/\u{FDD0}");
        assert_eq!(u.host.as_deref(), Some("a\u{FFFD}b"));
        assert_eq!(u.host_as_written.as_deref(), Some("a\u{FDD0}b"));
        let c = canonicalize(&u, ie, UTF_8).unwrap();
        assert_eq!(c.host.as_deref(), Some("ab"));
        assert_eq!(c.path.as_deref(), Some("/%EF%BF%BD"));
        assert_eq!(c.host_as_written, None);
        // A written U+FFFD stays invalid; the specification's profile
        // sees U+FFFD in both.
        assert!(canonicalize(
            &crate::algorithm::parse::parse("http://a\u{FFFD}b/"),
            ie,
            UTF_8
        )
        .is_err());
        assert!(canonicalize(&u, crate::profile::this(), UTF_8).is_err());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accel::each_components::canonicalize_each;
    use crate::algorithm::{parse::parse, resolve::resolve, serialize::serialize};
    use crate::profile::this;

    /// Parses `s` (its own base), resolves, canonicalizes under THIS with
    /// `encoding`, serializes.
    fn canon_in(s: &str, encoding: &'static Encoding) -> Result<String, Error> {
        let u = resolve(s, &parse(s));
        canonicalize(&u, this(), encoding).map(|c| serialize(&c).unwrap())
    }

    fn canon(s: &str) -> String {
        canon_in(s, UTF_8).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn scheme_is_lowercased() {
        assert_eq!(canon("HTTP://a/"), "http://a/");
    }

    #[test]
    fn userinfo_empty_parts_are_removed() {
        assert_eq!(canon("http://user:@a/"), "http://user@a/");
        assert_eq!(canon("http://:@a/"), "http://a/");
        assert_eq!(canon("http://@a/"), "http://a/");
        assert_eq!(canon("http://:p@a/"), "http://:p@a/");
        assert_eq!(canon("http://u s:p\"w@a/"), "http://u%20s:p%22w@a/");
    }

    #[test]
    fn default_ports_are_removed() {
        assert_eq!(canon("http://a:80/"), "http://a/");
        assert_eq!(canon("https://a:443/"), "https://a/");
        assert_eq!(canon("ftp://a:21/"), "ftp://a/");
        assert_eq!(canon("http://a:/"), "http://a/");
        assert_eq!(canon("http://a:0080/"), "http://a/");
        assert_eq!(canon("http://a:08080/"), "http://a:8080/");
        assert_eq!(canon("gopher://a:80/"), "gopher://a:80/");
    }

    #[test]
    fn bad_ports_are_invalid() {
        for u in [
            "http://a:65536/",
            "http://a:8a/",
            "http://a:-1/",
            "http://a:99999999999999999999/",
        ] {
            assert!(matches!(canon_in(u, UTF_8), Err(Error::Port { .. })), "{u}");
        }
        assert_eq!(canon("http://a:65535/"), "http://a:65535/");
    }

    #[test]
    fn hierarchical_path_is_at_least_a_slash() {
        assert_eq!(canon("http://a"), "http://a/");
        assert_eq!(canon("http://a?q"), "http://a/?q");
    }

    #[test]
    fn path_unreserved_escapes_are_decoded_others_kept() {
        assert_eq!(canon("http://a/%41%7e%2F%2f"), "http://a/A~%2F%2f");
        assert_eq!(
            canon("http://a/a b<>\"{}|^`"),
            "http://a/a%20b%3C%3E%22%7B%7D%7C%5E%60"
        );
        assert_eq!(canon("http://a/é"), "http://a/%C3%A9");
    }

    #[test]
    fn opaque_path_keeps_ascii() {
        assert_eq!(
            canon("javascript:alert(\"a b\")"),
            "javascript:alert(\"a b\")"
        );
        assert_eq!(canon("data:,é"), "data:,%C3%A9");
    }

    #[test]
    fn mailto_path_is_encoded_like_a_hierarchical_one() {
        assert_eq!(canon("mailto:a b@c"), "mailto:a%20b@c");
    }

    #[test]
    fn a_hash_an_encoding_writes_in_the_query_is_escaped() {
        // ISO-2022-JP writes U+FF16 as ESC $ B # 6: the `#` would end the
        // query; every profile writes it %23, and the URL reads back as
        // itself.
        let jis = Encoding::for_label(b"iso-2022-jp").unwrap();
        let canon = canon_in("http://a/?\u{FF16}x#f", jis).unwrap();
        assert_eq!(canon, "http://a/?%1B$B%236%1B(Bx#f");
        assert_eq!(canon_in(&canon, jis).unwrap(), canon);
        for p in crate::profile::builtin_profiles() {
            let url = crate::profile_canonicalizer::ProfileCanonicalizer::new(p)
                .encoding(jis)
                .canonicalize("http://a/?\u{FF16}")
                .unwrap();
            assert_eq!(url.query(), Some("%1B$B%236%1B(B"), "{}", p.name);
            assert!(url.check_invariants().is_ok(), "{}", p.name);
        }
    }

    #[test]
    fn query_uses_the_document_encoding_when_hierarchical() {
        let sjis = Encoding::for_label(b"shift_jis").unwrap();
        assert_eq!(
            canon_in("http://a/?\u{4E00}", sjis).unwrap(),
            "http://a/?%88%EA"
        );
        assert_eq!(
            canon_in("http://a/?\u{4E00}", UTF_8).unwrap(),
            "http://a/?%E4%B8%80"
        );
        // Not hierarchical: always UTF-8.
        assert_eq!(
            canon_in("mailto:x?\u{4E00}", sjis).unwrap(),
            "mailto:x?%E4%B8%80"
        );
    }

    #[test]
    fn fragment_keeps_non_ascii_but_encodes_controls() {
        assert_eq!(canon("http://a/#é\u{85}\u{1} x"), "http://a/#é%C2%85%01 x");
    }

    #[test]
    fn file_hostpath_loop() {
        // A drive letter in the host moves into the path.
        assert_eq!(canon("file://c:/x"), "file:///c:/x");
        assert_eq!(canon("file://C|"), "file:///C:/");
        // localhost and a missing host are empty.
        assert_eq!(canon("file://localhost/x"), "file:///x");
        // Slashes beyond the authority move the host out of the path.
        assert_eq!(canon("file://///server/share"), "file://server/share");
        // A drive specification at the start of the path is written X:/.
        assert_eq!(canon("file:///c|/x"), "file:///c:/x");
        assert_eq!(canon("file:///%63%3A"), "file:///c:/");
    }

    #[test]
    fn double_slash_path_is_protected() {
        assert_eq!(canon("unknown:/.//bar"), "unknown:/.//bar");
        assert_eq!(canon("file:///.//bar"), "file:///.//bar");
        assert_eq!(canon("about://antenna/"), "about://antenna/");
    }

    #[test]
    fn invalid_input_is_an_error() {
        let u = parse("no scheme");
        assert!(matches!(
            canonicalize(&u, this(), UTF_8),
            Err(Error::Invalid(
                crate::url::components::InvalidReason::NoScheme
            ))
        ));
    }

    /// [`crate::profile::UrlParams::empty_host_is_invalid`] (chrome): a
    /// standard URL with an empty host is invalid, alone and among other
    /// profiles; `file:` and other schemes keep theirs; THIS keeps it.
    #[test]
    fn chrome_empty_host_is_invalid() {
        let chrome = crate::profile::builtin("chrome").unwrap();
        let each = [this() as &dyn Profile, chrome];
        for input in ["http:///", "http://@/", "ws://:80/", "ftp://u:p@/x"] {
            let u = parse(input);
            assert!(
                matches!(
                    canonicalize(&u, chrome, UTF_8),
                    Err(Error::Invalid(
                        crate::url::components::InvalidReason::EmptyHost
                    ))
                ),
                "{input}"
            );
            let both = canonicalize_each(&u, &each, UTF_8);
            assert!(both[0].is_ok(), "{input}");
            assert!(both[1].is_err(), "{input}");
        }
        for input in ["file:///x", "foo:///x", "http://a/"] {
            assert!(
                canonicalize(&parse(input), chrome, UTF_8).is_ok(),
                "{input}"
            );
        }
    }

    /// [`crate::profile::UrlParams::fragment_keeps_del_and_c1`] (chrome):
    /// googleurl's fragment, alone and among other profiles; THIS escapes
    /// DEL and the C1 controls.
    #[test]
    fn chrome_fragment_is_googleurls() {
        let chrome = crate::profile::builtin("chrome").unwrap();
        let u = parse("http://a/#x\u{0}y\u{1}\u{7F}\u{85}\u{E9} z");
        let s = |r: &Result<ParsedUrl, Error>| serialize(r.as_ref().unwrap()).unwrap();
        let expected = "http://a/#xy%01\u{7F}\u{85}\u{E9} z";
        assert_eq!(s(&canonicalize(&u, chrome, UTF_8)), expected);
        let both = canonicalize_each(&u, &[this() as &dyn Profile, chrome], UTF_8);
        assert_eq!(s(&both[0]), "http://a/#x%00y%01%7F%C2%85\u{E9} z");
        assert_eq!(s(&both[1]), expected);
    }

    /// [`crate::profile::UrlParams::path_nul_is_invalid`] (chrome): NUL
    /// in the path of a standard URL, written or escaped, makes it
    /// invalid, alone and among other profiles; not in the query, not
    /// under THIS.
    #[test]
    fn chrome_nul_in_path_is_invalid() {
        let chrome = crate::profile::builtin("chrome").unwrap();
        for input in ["http://a/b%00c", "ftp://a/b\u{0}c", "file:///x%00"] {
            let u = parse(input);
            assert!(
                matches!(
                    canonicalize(&u, chrome, UTF_8),
                    Err(Error::Invalid(
                        crate::url::components::InvalidReason::NulInPath
                    ))
                ),
                "{input}"
            );
            let both = canonicalize_each(&u, &[this() as &dyn Profile, chrome], UTF_8);
            assert!(both[0].is_ok() && both[1].is_err(), "{input}");
        }
        for input in ["http://a/b?c%00d", "foo:b%00c", "http://a/b%2500"] {
            assert!(
                canonicalize(&parse(input), chrome, UTF_8).is_ok(),
                "{input}"
            );
        }
    }

    #[test]
    fn default_port_table() {
        assert_eq!(default_port("ws"), Some(80));
        assert_eq!(default_port("rlogin"), Some(513));
        assert_eq!(default_port("file"), None);
    }
}
