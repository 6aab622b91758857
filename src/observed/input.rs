//! Observed URL-level steps on the input string, before preprocessing:
//! what a 2011 browser's URL library did to the text of a URL or of a
//! reference before parsing it, where the specification's parser (which
//! every profile shares) reads it otherwise.  Each is switched by a
//! parameter of [`UrlParams`] (a profile file's `[observed.url]` table)
//! that defaults to the specification's behaviour; [`observed_input`]
//! applies them, and [`crate::Canonicalizer`] parses what it returns.

use super::gecko_authority::gecko_authority;
use crate::profile::url_steps::{self, Stage};
use crate::profile::{SchemeType, UrlParams};
use crate::url::components::InvalidReason;
use std::borrow::Cow;

/// The scheme of a text and what follows its `:`
/// ([`crate::algorithm::parse::find_scheme`]), found once for the steps
/// that read it; `None` without one.
type Scheme<'s> = Option<(&'s str, &'s str)>;
use std::fmt::Write as _;

use crate::text::scheme::is_googleurl_standard as is_standard;

/// Whether `b` is a slash as googleurl counts them (`IsURLSlash`: `/` or
/// `\`).
fn is_url_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// The length of the run of slashes and backslashes `s` begins with
/// (googleurl's `CountConsecutiveSlashes`).
fn slashes(s: &str) -> usize {
    s.bytes().take_while(|&b| is_url_slash(b)).count()
}

/// `input` as the profile's observed URL-level steps leave it, in order:
///
/// 1. [`UrlParams::trim_controls`]: every code point up to U+0020 is
///    removed at both ends (googleurl `src/url_parse.cc` `TrimURL`,
///    `ShouldTrimFromURL`): `\u{11}http://a/\u{0}` → `http://a/`.
/// 2. [`UrlParams::standard_scheme_slashes`]: a URL of a standard scheme
///    (`http`, `https`, `ftp`, `gopher`, `ws`, `wss`) reads its authority
///    after any run of `/` and `\`, none included (`url_parse.cc`
///    `DoParseStandardURL` after `CountConsecutiveSlashes`): the run
///    becomes `//`.  `http:host/p` → `http://host/p`; `https:\\\h` →
///    `https://h`.  Against a base of the same scheme, a reference with
///    no slash or one is relative and stays (`url_canon_relative.cc`
///    `DoIsRelativeURL`): `http:g` against `http://a/b` is `http://a/g`.
/// 3. [`UrlParams::network_path_slashes`]: against a base of a standard
///    scheme, a reference beginning with two or more `/` or `\` is a
///    network-path reference: the run becomes `//` (`url_canon_relative.cc`
///    `DoResolveRelativeURL`, which counts the slashes with `IsURLSlash`;
///    on Linux a UNC path is no file URL): `\\g\h` against `http://a/` →
///    `http://g/h`; `///g` → `http://g/`.
/// 4. [`UrlParams::file_host_to_first_slash`]: a `file:` URL after
///    exactly two slashes has the host up to the next `/` or `\`, `?` and
///    `#` included; after three or more, no host and the path from the
///    last slash (googleurl `url_parse_file.cc` `DoParseFileURL`,
///    `DoParseUNC`): `file://a?x` → `file://a%3Fx`, `file:////x` →
///    `file:///x`.  Against a `file:` base a reference of more than two
///    slashes, or of slashes only, is such a URL (`url_canon_relative.cc`
///    `DoResolveRelativeURL`: `DoResolveAbsoluteFile`): `////g` →
///    `file:///g`; and `file:` without slashes against no base or another
///    scheme's has the rest as its path: `file:a/b` → `file:///a/b`.
/// 5. [`UrlParams::path_keeps_noncharacters`]: in the path of a URL of a
///    standard scheme, or of a reference against such a base, each
///    noncharacter is written as the escapes of its UTF-8, which the
///    steps keep (googleurl `url_canon_path.cc` `DoPartialPath` escapes
///    the bytes of an 8-bit input as they are, where the specification's
///    preprocessing makes every noncharacter U+FFFD):
///    `http://a/b\u{FFFE}` → `http://a/b%EF%BF%BE`.
///
/// And the steps of IE (urlmon's, as Wine 1.5.26's `dlls/urlmon/uri.c`
/// implements them and `dlls/urlmon/tests/uri.c` records Windows), which
/// read [`UrlParams::scheme_types`]:
///
/// 4. [`UrlParams::res_hosts`]: the host of a `res://` URL runs up to the
///    first `/` (`parse_reg_name`): its `%`, `\`, `:`, `@`, `?`, `#`,
///    `[` and `]` are escaped, so that the parser takes it whole, and the
///    host step of canonicalization decodes it again
///    (`res://C:\dir\f.exe/x` → `res://C%3A%5Cdir%5Cf.exe/x`).
/// 5. [`UrlParams::file_escapes`]: in a `file://` URL whose path begins
///    with a drive letter right after the `//` (`parse_reg_name` takes
///    no host then), every `%` of the path is escaped as `%25`
///    (`canonicalize_path_hierarchical`):
///    `file://c:\a%20b` → `file://c:\a%2520b`.
/// 6. [`UrlParams::windows_combine`]: a reference without scheme or
///    authority against a base with no authority (not `file:`), or against
///    a `file:` base whose path begins with a drive, is combined as
///    urlmon's `combine_uri` and `merge_paths` do, into an absolute URL:
///    `?test` against `zip:?testing` → `zip:?test`; `/x` against
///    `mk:@MSITSTORE:C:\d\f.chm::/s/y` → `mk:@MSITSTORE:C:\d\f.chm::/x`;
///    `/x` against `file:///c:/a/b` → `file:///c:/x`.
///
/// And the steps of Gecko 2.0's parser (`netwerk/base/src/nsURLParsers.cpp`
/// `nsAuthURLParser::ParseAfterScheme`), for `http`, `https` and `ftp`,
/// after step 2:
///
/// 7. [`UrlParams::authority_after_any_slashes`]: the authority follows
///    any run of `/`, none included, in a URL Gecko takes as absolute
///    (`gecko_authority::authority_after_any_slashes`): `https:c.html` against
///    `http://a/` → `https://c.html`;
/// 8. [`UrlParams::semicolon_ends_authority`]: `;` ends the authority
///    (`gecko_authority::semicolon_ends_authority`): `http://example.com;bar` →
///    `http://example.com/;bar`.
///
/// `base` is the base URL (its text), `None` without one.  Borrowed
/// when no step changes the input.
///
/// ```
/// use urlprism::observed::input::observed_input;
/// use urlprism::profile::builtin;
/// let chrome = &builtin("chrome").unwrap().url;
/// assert_eq!(observed_input(chrome, "\u{1}http:\\\\a/b ", None), "http://a/b");
/// assert_eq!(observed_input(chrome, "http:g", Some("http://a/")), "http:g");
/// assert_eq!(observed_input(chrome, "\\\\g\\h", Some("https://a/")), "//g\\h");
/// let this = &builtin("this").unwrap().url;
/// assert_eq!(observed_input(this, "http:host", None), "http:host");
/// let ie = &builtin("ie").unwrap().url;
/// assert_eq!(observed_input(ie, "?test", Some("zip:?testing")), "zip:?test");
/// let gecko = &builtin("gecko").unwrap().url;
/// assert_eq!(observed_input(gecko, "https:c.html", Some("http://a/")), "https://c.html");
/// assert_eq!(observed_input(gecko, "http:c.html", Some("http://a/")), "http:c.html");
/// assert_eq!(observed_input(gecko, "http://a;b", None), "http://a/;b");
/// ```
pub fn observed_input<'a>(params: &UrlParams, input: &'a str, base: Option<&str>) -> Cow<'a, str> {
    if !observes_input(params) {
        return Cow::Borrowed(input);
    }
    let base_scheme = base
        .and_then(crate::algorithm::parse::find_scheme)
        .map(|(scheme, _)| scheme);
    let s = rewrite_input(params, input, base, base_scheme);
    if params.path_keeps_noncharacters {
        if let Some(out) = path_noncharacters_escaped(&s, base_scheme) {
            return Cow::Owned(out);
        }
    }
    s
}

/// Whether any step of [`observed_input`] is on ([`Stage::Input`] in the
/// registry of URL-level steps), so that a profile without them leaves
/// the input at once, without reading the base's scheme.
fn observes_input(params: &UrlParams) -> bool {
    url_steps::any_on(params, Stage::Input)
}

/// The steps of [`observed_input`] but the noncharacters' escapes.
fn rewrite_input<'a>(
    params: &UrlParams,
    input: &'a str,
    base: Option<&str>,
    base_scheme: Option<&str>,
) -> Cow<'a, str> {
    let mut s = input;
    if params.trim_controls {
        s = s.trim_matches(|c: char| c <= ' ');
    }
    // The scheme of the input, found once for every step that reads it.
    let scheme = crate::algorithm::parse::find_scheme(s);
    if params.standard_scheme_slashes {
        if let Some(out) = standard_scheme_authority(s, scheme, base_scheme) {
            return Cow::Owned(out);
        }
    }
    if params.authority_after_any_slashes || params.semicolon_ends_authority {
        if let Some(out) = gecko_authority(params, s, base_scheme) {
            return Cow::Owned(out);
        }
    }
    if params.file_host_to_first_slash {
        if let Some(out) = file_reference(s, scheme, base_scheme) {
            let of_out = crate::algorithm::parse::find_scheme(&out);
            return Cow::Owned(file_host_to_first_slash(of_out).unwrap_or(out));
        }
        if let Some(out) = file_host_to_first_slash(scheme) {
            return Cow::Owned(out);
        }
    }
    if params.network_path_slashes && base_scheme.is_some_and(is_standard) {
        let n = slashes(s);
        if n >= 2 && &s[..n] != "//" {
            return Cow::Owned(format!("//{}", &s[n..]));
        }
    }
    if params.res_hosts || params.file_escapes {
        if let Some(out) = scheme_type_input(params, s, scheme) {
            return Cow::Owned(out);
        }
    }
    if params.windows_combine {
        if let Some(out) = base.and_then(|b| windows_combine(params, s, scheme, b)) {
            return Cow::Owned(out);
        }
    }
    Cow::Borrowed(s)
}

/// Whether the profile's observed steps on the input find `input` invalid
/// (before it is parsed, whatever the base), and why:
///
/// - [`UrlParams::implicit_file_paths_invalid`]: it begins with a letter
///   and `:`, or with `\\` (urlmon `parse_scheme`,
///   `is_implicit_file_path`): `C:/test/test.mp3`, `\\Server/x`;
/// - [`UrlParams::written_extra_bad_escape_is_invalid`]: it has a scheme of
///   [`UrlParams::known_schemes`] and a `%` that begins no escape in its
///   query or fragment (urlmon `parse_query`, `parse_fragment`):
///   `http://google.com/?query=te%xx`.
///
/// ```
/// use urlprism::observed::input::observed_input_invalid;
/// let ie = &urlprism::profile::builtin("ie").unwrap().url;
/// assert!(observed_input_invalid(ie, "C:/test/test.mp3").is_some());
/// assert!(observed_input_invalid(ie, "ftp://google.com/#Test%xx").is_some());
/// assert!(observed_input_invalid(ie, "#Test%xx").is_none());
/// assert!(observed_input_invalid(ie, "zip://google.com/#Test%xx").is_none());
/// ```
pub fn observed_input_invalid(params: &UrlParams, input: &str) -> Option<InvalidReason> {
    if !url_steps::any_on(params, Stage::InputInvalid) {
        return None;
    }
    // Without a `%`, only an implicit file path is invalid, and the
    // preprocessed string begins with what begins `input` once the
    // characters preprocessing removes or trims are skipped: a look at
    // those two characters leaves most URLs at once.
    let b = input.as_bytes();
    let first = b
        .iter()
        .position(|&c| !matches!(c, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | b' '));
    let second = first.and_then(|i| {
        b[i + 1..]
            .iter()
            .find(|&&c| !matches!(c, b'\t' | b'\n' | b'\r'))
    });
    let may_be_implicit = match first.map(|i| b[i]) {
        Some(b'\\') => true,
        Some(c) => c.is_ascii_alphabetic() && second == Some(&b':'),
        None => false,
    };
    let may_hold_bad_escape = params.written_extra_bad_escape_is_invalid && b.contains(&b'%');
    if !may_be_implicit && !may_hold_bad_escape {
        return None;
    }
    let s = crate::algorithm::preprocess::preprocess(input);
    let b = s.as_bytes();
    let implicit_file =
        (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':') || s.starts_with("\\\\");
    if params.implicit_file_paths_invalid && implicit_file {
        return Some(InvalidReason::ImplicitFilePath);
    }
    if params.written_extra_bad_escape_is_invalid {
        let (scheme, _) = crate::algorithm::parse::find_scheme(&s)?;
        if !params.knows_scheme(scheme) {
            return None;
        }
        let extra = &s[s.find(['?', '#'])?..];
        let e = extra.as_bytes();
        let bad = (0..e.len()).any(|i| {
            e[i] == b'%'
                && !(i + 2 < e.len()
                    && e[i + 1].is_ascii_hexdigit()
                    && e[i + 2].is_ascii_hexdigit())
        });
        if bad {
            return Some(InvalidReason::BadEscape);
        }
    }
    None
}

/// Whether `s` begins with a drive letter and `:` or `|` (urlmon's
/// `is_drive_path`).
fn is_drive_path(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

/// Steps 4 and 5 of [`observed_input`]: `s` with its `res:` host escaped
/// or its `file:` drive path's `%` escaped, or `None` when neither
/// applies.
fn scheme_type_input(params: &UrlParams, s: &str, scheme: Scheme<'_>) -> Option<String> {
    let (scheme, rest) = scheme?;
    let after = rest.strip_prefix("//")?;
    match params.scheme_type(scheme)? {
        SchemeType::Res if params.res_hosts => {
            let end = after.find('/').unwrap_or(after.len());
            let host = &after[..end];
            if !host.contains(['%', '\\', ':', '@', '?', '#', '[', ']']) {
                return None;
            }
            let mut out = String::with_capacity(s.len() + 16);
            out.push_str(scheme);
            out.push_str("://");
            for c in host.chars() {
                match c {
                    '%' | '\\' | ':' | '@' | '?' | '#' | '[' | ']' => {
                        let _ = write!(out, "%{:02X}", c as u32);
                    }
                    c => out.push(c),
                }
            }
            out.push_str(&after[end..]);
            Some(out)
        }
        SchemeType::File if params.file_escapes => {
            if !is_drive_path(after) {
                return None;
            }
            let end = after.find(['?', '#']).unwrap_or(after.len());
            if !after[..end].contains('%') {
                return None;
            }
            Some(format!(
                "{scheme}://{}{}",
                after[..end].replace('%', "%25"),
                &after[end..]
            ))
        }
        _ => None,
    }
}

/// A reference split into its path, query and fragment (each `None`
/// when absent).
fn split_reference(r: &str) -> (&str, Option<&str>, Option<&str>) {
    let (r, fragment) = match r.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (r, None),
    };
    let (path, query) = match r.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (r, None),
    };
    (path, query, fragment)
}

/// Step 6 of [`observed_input`] (urlmon `combine_uri`, `merge_paths`):
/// the absolute URL of the reference `r` combined with `base`, or `None`
/// when the specification's resolution is IE's too (a reference with a
/// scheme or an authority, a base with an authority but a `file:` one with
/// a drive).
fn windows_combine(params: &UrlParams, r: &str, scheme: Scheme<'_>, base: &str) -> Option<String> {
    if scheme.is_some() || r.starts_with("//") || r.starts_with("\\\\") {
        return None;
    }
    let b = crate::algorithm::parse::parse(base);
    let scheme = b.scheme.as_deref()?;
    let scheme_type = params.scheme_type(scheme);
    let b_path = b.path.as_deref().unwrap_or("");
    let (r_path, r_query, r_fragment) = split_reference(r);
    let r_path_empty = r_path.is_empty();
    // The reference's own canonicalization makes its `\` `/`
    // (`canonicalize_path_opaque` for a relative URI).
    let r_path = r_path.replace('\\', "/");
    let mut out = String::with_capacity(base.len() + r.len());
    if scheme_type == Some(SchemeType::File) {
        // A `file:` base with a drive: `/c:` stays (`combine_uri`).
        let host = b.host.as_deref()?;
        if !host.is_empty() || r_path.is_empty() {
            return None;
        }
        let drive = b_path
            .strip_prefix('/')
            .filter(|p| p.len() > 2 && is_drive_path(p))?;
        let path = if r_path.starts_with('/') {
            format!("/{}{r_path}", &drive[..2])
        } else {
            let merged = merge(b_path, &r_path);
            // When `merged` begins with the base's `/c:`, the dot segments
            // after it go, and the drive stays.
            match merged.get(1..).filter(|m| is_drive_path(m)) {
                Some(_) => format!(
                    "{}{}",
                    &merged[..3],
                    crate::algorithm::resolve::remove_dot_segments(&merged[3..])
                ),
                None => crate::algorithm::resolve::remove_dot_segments(&merged),
            }
        };
        let _ = write!(out, "{scheme}://{path}");
    } else {
        // urlmon reads an authority after `//` whatever the scheme
        // (`check_hierarchical`): `about://weather/foo` has one.
        let after_scheme = crate::algorithm::parse::find_scheme(base).map_or("", |(_, rest)| rest);
        if b.authority.is_some() || after_scheme.starts_with("//") || b.scheme_is("file") {
            return None;
        }
        let is_mk = scheme_type == Some(SchemeType::Mk) && params.mk_paths;
        let b_path = if is_mk {
            Cow::Owned(mk_path(b_path))
        } else {
            Cow::Borrowed(b_path)
        };
        let path = if r_path.is_empty() {
            b_path.into_owned()
        } else if r_path.starts_with('/') && !is_mk {
            r_path
        } else if is_mk && r_path.starts_with('/') {
            // After the base path's `::`, or after its `@xxx:`.
            let keep = match b_path.find("::") {
                Some(i) if i + 2 < b_path.len() => Some(i + 2),
                _ if b_path.starts_with('@') => b_path.find(':').map(|i| i + 1),
                _ => None,
            };
            format!("{}{r_path}", &b_path[..keep.unwrap_or(0)])
        } else {
            merge(&b_path, &r_path)
        };
        out.push_str(scheme);
        out.push(':');
        // An opaque path never begins with `//` (`canonicalize_path_opaque`).
        if path.starts_with("//") {
            out.push_str("/.");
        }
        out.push_str(&path);
        let query = match (r_path_empty, r_query) {
            (_, Some(q)) => Some(q),
            (true, None) => b.query.as_deref(),
            (false, None) => None,
        };
        if let Some(q) = query {
            let _ = write!(out, "?{q}");
        }
    }
    if scheme_type == Some(SchemeType::File) {
        if let Some(q) = r_query {
            let _ = write!(out, "?{q}");
        }
    }
    if let Some(f) = r_fragment {
        let _ = write!(out, "#{f}");
    }
    Some(out)
}

/// urlmon's `merge_paths` but for `mk:` and `/`: the base path up to its
/// last `/`, then the reference's path (the reference alone when the base
/// path has no `/`).
fn merge(b_path: &str, r_path: &str) -> String {
    match b_path.rfind('/') {
        Some(i) => format!("{}{r_path}", &b_path[..=i]),
        None => r_path.to_string(),
    }
}

/// The opaque path of an `mk:` URL as IE canonicalizes it
/// ([`UrlParams::mk_paths`]; urlmon `canonicalize_path_opaque`): `\` kept
/// up to the first `::`, `/` after it; then the dot segments removed with
/// `/` and `\` both ending a segment ([`remove_dot_segments_both_slashes`]).
///
/// `@MSITStore:Z:\dir\test.chm::/html/../../images/x.jpg` →
/// `@MSITStore:Z:\dir\images/x.jpg`.
pub(crate) fn mk_path(path: &str) -> String {
    let converted = match path.find("::") {
        Some(i) if path[i..].contains('\\') => {
            Cow::Owned(format!("{}{}", &path[..i], path[i..].replace('\\', "/")))
        }
        _ => Cow::Borrowed(path),
    };
    remove_dot_segments_both_slashes(&converted)
}

/// urlmon's `remove_dot_segments` (Wine `dlls/urlmon/uri.c`): RFC 3986's
/// removal, where `/` and `\` both end a segment and each slash stays as
/// written; `.` and `..` segments go, and a `..` takes the segment before
/// it.  A path that does not begin with a slash may lose its first
/// segment: `a\b/../../c` → `c`.
pub(crate) fn remove_dot_segments_both_slashes(path: &str) -> String {
    let slash = |c: u8| c == b'/' || c == b'\\';
    let b = path.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        // The next segment and the slash after it.
        while i < b.len() && !slash(b[i]) {
            out.push(b[i]);
            i += 1;
        }
        if i == b.len() {
            break;
        }
        out.push(b[i]);
        i += 1;
        while i < b.len() && b[i] == b'.' {
            if i + 1 == b.len() {
                // A last `.`.
                i += 1;
                break;
            }
            if slash(b[i + 1]) {
                // `./`
                i += 2;
                continue;
            }
            if b[i + 1] != b'.' || (i + 2 != b.len() && !slash(b[i + 2])) {
                break;
            }
            // `..`: back to the slash before the last segment written.
            let mut n = out.len();
            if n > 1 {
                n -= 1;
                if slash(out[n]) {
                    n -= 1;
                }
            }
            while n > 0 {
                n -= 1;
                if slash(out[n]) {
                    break;
                }
            }
            if out.get(n).is_some_and(|&c| slash(c)) {
                n += 1;
            }
            out.truncate(n);
            i += 2;
            if i != b.len() {
                i += 1;
            }
        }
    }
    // Cut at ASCII slashes only: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| path.to_string())
}

/// Step 2 of [`observed_input`]: `s` with the run of slashes after a
/// standard scheme made `//`, or `None` when the step leaves it.
fn standard_scheme_authority(
    s: &str,
    scheme: Scheme<'_>,
    base_scheme: Option<&str>,
) -> Option<String> {
    // The common URL, `http://` or `https://` and no third slash, at once:
    // its run of slashes is `//`.
    for common in ["https://", "http://"] {
        if let Some(after) = s.strip_prefix(common) {
            if !after.starts_with(['/', '\\']) {
                return None;
            }
        }
    }
    let (scheme, rest) = scheme?;
    if !is_standard(scheme) {
        return None;
    }
    let n = slashes(rest);
    let same_scheme = base_scheme.is_some_and(|b| b.eq_ignore_ascii_case(scheme));
    if (same_scheme && n < 2) || &rest[..n] == "//" {
        return None;
    }
    Some(format!("{scheme}://{}", &rest[n..]))
}

/// Step 4 of [`observed_input`]: a `file:` URL as googleurl's file parser
/// splits it, written so that the specification's parser splits it alike,
/// or `None` when the step leaves it.  After exactly two slashes the host
/// runs to the next slash, its `?` and `#` written `%3F` and `%23` (the
/// host step decodes them: `?` is forbidden there, `#` escaped again);
/// after three or more the slashes but the last are dropped (`file:///`
/// and the rest).  With one slash or none the text stays (no host; two
/// or more slashes make the reference absolute against any base:
/// `url_canon_relative.cc` `DoIsRelativeURL`).
fn file_host_to_first_slash(scheme: Scheme<'_>) -> Option<String> {
    let (scheme, rest) = scheme?;
    if !scheme.eq_ignore_ascii_case("file") {
        return None;
    }
    let n = slashes(rest);
    let after = &rest[n..];
    match n {
        2 => {
            let end = after.find(is_url_slash_char).unwrap_or(after.len());
            let host = &after[..end];
            if !host.contains(['?', '#']) {
                return None;
            }
            let host = host.replace('?', "%3F").replace('#', "%23");
            Some(format!("{scheme}:{}{host}{}", &rest[..n], &after[end..]))
        }
        3 if &rest[..n] == "///" => None,
        n if n >= 3 => Some(format!("{scheme}:///{after}")),
        _ => None,
    }
}

/// Step 4 of [`observed_input`], first: against a `file:` base, a
/// reference of more than two slashes, or of slashes only, is a `file:`
/// URL of its own (`url_canon_relative.cc` `DoResolveRelativeURL`, not
/// WIN32: `DoResolveAbsoluteFile`, whose file parser takes what comes
/// before a `:` for a scheme): `////g` → `file:///g`, `///c:/x` →
/// `file:///x`, `/` → `file:///`; a `file:` URL
/// without slashes against no base or another scheme's is absolute, its
/// path the rest (`DoIsRelativeURL`, `url_parse_file.cc`
/// `DoParseLocalFile`): `file:a/b` → `file:///a/b`.  `None` when neither
/// applies.
fn file_reference(s: &str, scheme: Scheme<'_>, base_scheme: Option<&str>) -> Option<String> {
    let base_is_file = base_scheme.is_some_and(|b| b.eq_ignore_ascii_case("file"));
    let n = slashes(s);
    if base_is_file && n > 0 && (n > 2 || n == s.len()) {
        // Parsed by the file parser, which takes what comes before a `:`
        // for a scheme (`url_parse_file.cc` `DoParseFileURL`,
        // `ExtractScheme`): `///c:/x` → `file:///x`.
        let t = s.split_once(':').map_or(s, |(_, after)| after);
        let n = slashes(t);
        return Some(if n == 2 {
            format!("file:{t}")
        } else {
            format!("file:///{}", &t[n..])
        });
    }
    let (scheme, rest) = scheme?;
    if scheme.eq_ignore_ascii_case("file")
        && !base_is_file
        && !rest.is_empty()
        && slashes(rest) == 0
    {
        return Some(format!("{scheme}:///{rest}"));
    }
    None
}

/// Step 5 of [`observed_input`]: `s` with each noncharacter of its path
/// written as the escapes of its UTF-8, or `None` when the step leaves it
/// (no noncharacter in the path, or a URL that is no standard one and no
/// reference against a standard base).  The path is found as googleurl's
/// standard parser finds it (`url_parse.cc` `DoParseStandardURL`,
/// `ParseAfterScheme`; `url_parse_file.cc`): after the scheme and the
/// authority (after two or more slashes, up to `/`, `\`, `?` or `#`; a
/// `file:` URL has one only after exactly two), up to `?` or `#`.
fn path_noncharacters_escaped(s: &str, base_scheme: Option<&str>) -> Option<String> {
    use crate::algorithm::preprocess::is_noncharacter;
    // Every noncharacter's UTF-8 begins with 0xEF (U+FDD0 to U+FDEF,
    // U+FFFE, U+FFFF) or 0xF0 to 0xF4: a string without such an octet
    // holds none, found without decoding it.
    if !s.bytes().any(|b| b >= 0xEF) || !s.chars().any(is_noncharacter) {
        return None;
    }
    let base_standard =
        base_scheme.is_some_and(|b| is_standard(b) || b.eq_ignore_ascii_case("file"));
    let (after, file, absolute) = match crate::algorithm::parse::find_scheme(s) {
        Some((scheme, rest)) if is_standard(scheme) || scheme.eq_ignore_ascii_case("file") => {
            let same = base_scheme.is_some_and(|b| b.eq_ignore_ascii_case(scheme));
            let relative = same && base_standard && slashes(rest) < 2;
            (rest, scheme.eq_ignore_ascii_case("file"), !relative)
        }
        Some(_) => return None,
        None if base_standard => (
            s,
            base_scheme.is_some_and(|b| b.eq_ignore_ascii_case("file")),
            false,
        ),
        None => return None,
    };
    let start = s.len() - after.len();
    let n = slashes(after);
    let has_authority = if file {
        n == 2
    } else {
        n >= 2 || (absolute && !file)
    };
    let path_start = if has_authority {
        let authority = &after[n..];
        start
            + n
            + authority
                .find(['/', '\\', '?', '#'])
                .unwrap_or(authority.len())
    } else {
        start
    };
    let path_end = path_start
        + s[path_start..]
            .find(['?', '#'])
            .unwrap_or(s.len() - path_start);
    let path = &s[path_start..path_end];
    if !path.chars().any(is_noncharacter) {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str(&s[..path_start]);
    for c in path.chars() {
        if is_noncharacter(c) {
            crate::text::percent::push_escaped_char(c, crate::profile::HexCase::Upper, &mut out);
        } else {
            out.push(c);
        }
    }
    out.push_str(&s[path_end..]);
    Some(out)
}

/// [`is_url_slash`] of a character.
fn is_url_slash_char(c: char) -> bool {
    c == '/' || c == '\\'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> UrlParams {
        UrlParams {
            trim_controls: true,
            standard_scheme_slashes: true,
            network_path_slashes: true,
            ..UrlParams::default()
        }
    }

    /// Inputs and what googleurl r155 (Linux build) does with them, as
    /// the text the specification's parser then reads.
    #[test]
    fn googleurl_examples() {
        let p = all();
        for (input, base, expected) in [
            (
                "\u{0}http://host.com/path?q#f",
                None,
                "http://host.com/path?q#f",
            ),
            ("https://a\u{0}", None, "https://a"),
            ("\u{11}https:\\\\h/x", None, "https://h/x"),
            ("http:host/path", None, "http://host/path"),
            ("http:/host/path", None, "http://host/path"),
            ("HTTP:///foo", None, "HTTP://foo"),
            ("ws:\u{E9}", None, "ws://\u{E9}"),
            ("https:c.html", Some("http"), "https://c.html"),
            ("http:/g", Some("https"), "http://g"),
            ("http:///g", Some("http"), "http://g"),
            ("http:g", Some("http"), "http:g"),
            ("http:/g", Some("http"), "http:/g"),
            ("http://a/", None, "http://a/"),
            ("foo:bar", None, "foo:bar"),
            ("file:c:/x", None, "file:c:/x"),
            ("\\\\evil.example\\x", Some("https"), "//evil.example\\x"),
            ("/\\abc", Some("http"), "//abc"),
            ("///c:/x", Some("http"), "//c:/x"),
            ("//g", Some("http"), "//g"),
            ("\\\\server\\share", Some("file"), "\\\\server\\share"),
            ("\\\\server\\share", None, "\\\\server\\share"),
            ("/g", Some("http"), "/g"),
        ] {
            let base = base.map(|scheme| format!("{scheme}://a/"));
            assert_eq!(
                observed_input(&p, input, base.as_deref()),
                expected,
                "{input:?} {base:?}"
            );
        }
    }

    /// IE's combining (urlmon `combine_uri`, Wine 1.5.26
    /// `dlls/urlmon/tests/uri.c` `uri_combine_tests`), and inputs that
    /// must not panic.
    #[test]
    fn windows_combine_examples() {
        let ie = &crate::profile::builtin("ie").unwrap().url;
        for (input, base, expected) in [
            ("?test", "zip:?testing", "zip:?test"),
            (
                "/testing.mp3",
                "file:///c:/test/test",
                "file:///c:/testing.mp3",
            ),
            ("../testing/test", "file:///c:/", "file:///c:/testing/test"),
            ("a", "file:///c:x", "file:///a"),
            ("/x", "mk:xxx:C:\\d\\f.chm::/s/../../f.txt", "mk:/x"),
            ("/x", "mk:@xxx:C:\\d\\f.chm::/s/../../f.txt", "mk:@xxx:/x"),
            ("//x", "zip:?testing", "//x"),
            ("#f", "zip:a/b", "zip:a/b#f"),
            ("//y", "zip:a", "//y"),
            ("../../..", "zip:a", "zip:../../.."),
        ] {
            assert_eq!(
                observed_input(ie, input, Some(base)),
                expected,
                "{input:?} {base:?}"
            );
        }
        assert_eq!(remove_dot_segments_both_slashes("a\\b/../../c"), "c");
        assert_eq!(remove_dot_segments_both_slashes("/.."), "/");
        assert_eq!(remove_dot_segments_both_slashes(".."), "..");
        assert_eq!(
            mk_path("@M:Z:\\d\\t.chm::\\h\\..\\i.jpg"),
            "@M:Z:\\d\\t.chm::/i.jpg"
        );
    }

    /// The look at the first characters of the input leaves only inputs
    /// that the checks on the preprocessed string find valid: generated
    /// strings of what preprocessing removes and what the checks read,
    /// against the checks on the preprocessed string alone.
    #[test]
    fn input_check_shortcut_is_exact() {
        let ie = &crate::profile::builtin("ie").unwrap().url;
        let pieces = [
            "C", ":", "\\", "\t", "\n", "\r", " ", "\u{B}", "\u{C}", "\u{1}", "%", "%zz", "%41",
            "http:", "//a/", "?", "#", "x", "\u{FFFF}",
        ];
        for input in crate::test_strings::from_pieces(0x9e37_79b9_7f4a_7c15u64, &pieces, 7, 20_000)
        {
            let s = crate::algorithm::preprocess::preprocess(&input);
            let b = s.as_bytes();
            let implicit = (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':')
                || s.starts_with("\\\\");
            let verdict = observed_input_invalid(ie, &input);
            if implicit {
                assert_eq!(verdict, Some(InvalidReason::ImplicitFilePath), "{input:?}");
            } else if !s.contains('%') {
                assert_eq!(verdict, None, "{input:?}");
            }
        }
    }

    /// The specification's parameters leave every input as it is.
    #[test]
    fn defaults_change_nothing() {
        let p = UrlParams::default();
        for s in ["\u{0}http:x", "http:host", "\\\\g\\h", " a "] {
            assert!(matches!(observed_input(&p, s, Some("http://a/")), Cow::Borrowed(b) if b == s));
        }
    }
}
