//! Observed URL-level steps that decide a whole URL by its kind: what a
//! 2011 browser's URL library did with URLs of schemes it had no parser
//! of the specification's kind for, where the specification's parser
//! (which every profile shares) reads them as hierarchical URLs.  Each is
//! switched by a parameter of [`UrlParams`] (a profile file's
//! `[observed.url]` table) that defaults to the specification's
//! behaviour; [`observed_kind`] applies them after
//! [`crate::observed::input::observed_input`], and where it gives a result
//! the specification's steps do not run.
//!
//! googleurl r155 (`src/url_util.cc` `DoCanonicalize`) has three kinds of
//! URL besides its standard ones (`http`, `https`, `file`, `ftp`,
//! `gopher`, `ws`, `wss`, `kStandardURLSchemes`): `file:` (its own parser,
//! see [`UrlParams::file_host_to_first_slash`]), `mailto:` and every
//! other scheme, a "path URL".

use crate::profile::url_steps::{self, Stage};
use crate::profile::{HexCase, UrlParams};
use crate::url::components::{InvalidReason, ParsedUrl};
use std::borrow::Cow;

/// Whether `scheme` is one of googleurl r155's standard schemes
/// ([`GOOGLEURL_STANDARD_SCHEMES`](crate::text::scheme::GOOGLEURL_STANDARD_SCHEMES)),
/// or `file`, ASCII case-insensitively.
fn is_standard(scheme: &str) -> bool {
    crate::text::scheme::is_googleurl_standard(scheme) || scheme.eq_ignore_ascii_case("file")
}

/// googleurl's `ExtractScheme`: everything before the first `:` (maybe
/// empty), and what follows it; `None` without a `:`.
fn extract_scheme(s: &str) -> Option<(&str, &str)> {
    s.split_once(':')
}

/// A character googleurl writes in a canonical scheme
/// (`url_canon_etc.cc` `kSchemeCanonical`): ASCII letters and digits, `+`,
/// `-` and `.`.
fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// Whether `scheme` is one googleurl canonicalizes without failing
/// (`url_canon_etc.cc` `DoScheme`: a letter first, then scheme
/// characters).
fn is_valid_scheme(scheme: &str) -> bool {
    let b = scheme.as_bytes();
    !b.is_empty() && b[0].is_ascii_alphabetic() && b.iter().all(|&c| is_scheme_char(c))
}

/// The whole URL as the profile's observed kinds of URL give it, or
/// `None` when none applies (the specification's steps then run).
/// `input` is the text after [`crate::observed::input::observed_input`],
/// `base` the base URL's text (`None`: the input is its own base).
///
/// 1. [`UrlParams::path_urls`]: against a base whose scheme is not
///    standard, a reference without a scheme is invalid (`url_canon_relative.cc`
///    `DoIsRelativeURL`: no relative URL against a base that is not
///    hierarchical; the empty reference stays the base's); a URL whose
///    scheme is neither standard nor `mailto` is a path URL: the scheme
///    in lowercase, `:`, then the rest as written but for the controls
///    below U+0020 and every non-ASCII character, percent-encoded in UTF-8
///    (`url_parse.cc` `DoParsePathURL`, `url_canon_pathurl.cc`
///    `DoCanonicalizePathURL`): no authority, no dot segments, no default
///    port, `?` and `#` part of the path.  A scheme that does not begin
///    with a letter or holds other than letters, digits, `+`, `-`, `.`
///    makes the URL invalid (`url_canon_etc.cc` `DoScheme`), and so does a
///    noncharacter (written as U+FFFD, `url_canon_internal.cc`
///    `ReadUTFChar`).  `FoO://Bar:80/a/../b?c#d` → `foo://Bar:80/a/../b?c#d`;
///    `c:\x` → `c:\x`; `x` against `sc:/a` invalid.
/// 0. [`UrlParams::network_path_after_trim_is_invalid`]: against a
///    standard base, `  //g` is invalid; [`UrlParams::file_paths_as_posix`]:
///    without a base, `\\\\server\\share` is invalid (no scheme, no UNC
///    path).  `raw` is the input before the observed steps on the input.
/// 2. [`UrlParams::mailto_path_and_query`]: a `mailto:` URL is its path up
///    to the first `?`, escaped as a path URL's, and the rest a query
///    (`url_parse.cc` `DoParseMailtoURL`, `url_canon_mailtourl.cc`
///    `DoCanonicalizeMailtoURL`): no fragment, a `#` after the `?` is
///    escaped in the query (`mailto:a?b#c` → `mailto:a?b%23c`), a `#`
///    before it is kept in the path (`mailto:a#b`), escapes stay
///    (`mailto:%41`).
///
/// A reference that googleurl resolves against a standard base, and a URL
/// of a standard scheme, are left to the steps.
///
/// ```
/// use urlprism::observed::kind::observed_kind;
/// use urlprism::profile::builtin;
/// let chrome = &builtin("chrome").unwrap().url;
/// let s = |input, base| observed_kind(chrome, input, input, base).map(|r| r.map(|u| urlprism::serialize(&u).unwrap()));
/// assert_eq!(s("FoO://Bar/a/../b", None), Some(Ok("foo://Bar/a/../b".to_string())));
/// assert!(matches!(s("x", Some("sc:/a")), Some(Err(_))));
/// assert_eq!(s("x", Some("http://a/")), None);
/// assert_eq!(s("mailto:a?b#c", None), Some(Ok("mailto:a?b%23c".to_string())));
/// ```
pub fn observed_kind(
    params: &UrlParams,
    raw: &str,
    input: &str,
    base: Option<&str>,
) -> Option<Result<ParsedUrl, InvalidReason>> {
    if !url_steps::any_on(params, Stage::Kind) {
        return None;
    }
    if params.network_path_after_trim_is_invalid && trimmed_network_path(raw, base) {
        return Some(Err(InvalidReason::TrimmedNetworkPath));
    }
    if params.file_paths_as_posix && base.is_none() && input.starts_with("\\\\") {
        return Some(Err(InvalidReason::NoScheme));
    }
    // `url_util.cc` `RemoveURLWhitespace`, then `TrimURL`.
    let s: Cow<'_, str> = if input.contains(['\t', '\n', '\r']) {
        Cow::Owned(input.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(input)
    };
    let s = s.trim_matches(|c: char| c <= ' ');
    if let Some(base) = base {
        let base_scheme = extract_scheme(base.trim_matches(|c: char| c <= ' '))
            .map(|(scheme, _)| scheme)
            .filter(|scheme| !scheme.is_empty());
        let base_standard = base_scheme.is_some_and(is_standard);
        if s.is_empty() {
            return None;
        }
        match extract_scheme(s) {
            None | Some(("", _)) => {
                return (params.path_urls && !base_standard)
                    .then_some(Err(InvalidReason::NonHierarchicalBase));
            }
            Some((scheme, rest)) => {
                if !scheme.bytes().all(is_scheme_char) {
                    // Relative (`DoIsRelativeURL`): the steps resolve it
                    // against a standard base; against a path URL, a query
                    // or a fragment is resolved here.
                    if base_standard || !params.path_urls {
                        return None;
                    }
                    return against_path_url(params, s, base);
                }
                let same = base_scheme.is_some_and(|b| b.eq_ignore_ascii_case(scheme));
                let slashes = rest
                    .bytes()
                    .take_while(|&b| b == b'/' || b == b'\\')
                    .count();
                if same && base_standard && slashes < 2 {
                    return None;
                }
            }
        }
    }
    let (scheme, rest) = extract_scheme(s)?;
    if is_standard(scheme) {
        return None;
    }
    let mailto = scheme.eq_ignore_ascii_case("mailto");
    if (mailto && !params.mailto_path_and_query) || (!mailto && !params.path_urls) {
        return None;
    }
    // (googleurl writes an empty scheme as `:` and finds the URL valid,
    // `url_canon_etc.cc` `DoScheme`; a URL without a scheme is not
    // modelled: it stays invalid.)
    if !is_valid_scheme(scheme) {
        return Some(Err(InvalidReason::InvalidScheme));
    }
    let mut url = ParsedUrl {
        scheme: Some(scheme.to_ascii_lowercase()),
        ..ParsedUrl::default()
    };
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) if mailto => (path, Some(query)),
        _ => (rest, None),
    };
    // The path is present, maybe empty, as in every parse of the
    // specification (googleurl's own is absent when empty: the same
    // string).
    let mut out = String::with_capacity(path.len());
    let mut ok = escape_path_url(path, &mut out);
    url.path = Some(out);
    if let Some(query) = query {
        let mut out = String::with_capacity(query.len());
        ok &= escape_query(query, &mut out);
        url.query = Some(out);
    }
    Some(if ok {
        Ok(split_at_query_and_fragment(url))
    } else {
        Err(InvalidReason::Noncharacter)
    })
}

/// `url` (a scheme, a path and maybe a query and a fragment) with its
/// text after the scheme split again at the first `#` (the fragment)
/// and the first `?` before it (the query): googleurl keeps a path URL's
/// `?` and `#` in its path, and a `mailto:` URL's `#` before the `?`; the
/// serialization is the same, and its components are what the
/// specification's parser reads in it.
fn split_at_query_and_fragment(url: ParsedUrl) -> ParsedUrl {
    let mut rest = url.path.unwrap_or_default();
    if let Some(q) = url.query {
        rest.push('?');
        rest.push_str(&q);
    }
    if let Some(f) = url.fragment {
        rest.push('#');
        rest.push_str(&f);
    }
    let mut out = ParsedUrl {
        scheme: url.scheme,
        ..ParsedUrl::default()
    };
    if let Some(i) = rest.find('#') {
        out.fragment = Some(rest[i + 1..].to_string());
        rest.truncate(i);
    }
    if let Some(i) = rest.find('?') {
        out.query = Some(rest[i + 1..].to_string());
        rest.truncate(i);
    }
    out.path = Some(rest);
    out
}

/// A reference beginning with `?` or `#` (and holding a `:` after
/// characters no scheme holds, so that googleurl finds it relative)
/// against the path URL `base` (`url_canon_relative.cc`
/// `DoResolveRelativeURL`, `DoResolveRelativePath`): the base's
/// canonical path, then the query, escaped as any query, and the
/// fragment, escaped as any fragment; `#x:y` against `about:blank` →
/// `about:blank#x:y`.  `None` for another reference (left to the steps).
fn against_path_url(
    params: &UrlParams,
    s: &str,
    base: &str,
) -> Option<Result<ParsedUrl, InvalidReason>> {
    if !s.starts_with(['?', '#']) {
        return None;
    }
    let mut url = match observed_kind(params, base, base, None)? {
        Ok(url) => url,
        Err(reason) => return Some(Err(reason)),
    };
    // A base without a path resolves nothing (`DoResolveRelativeURL`).
    if url.path.as_deref().is_none_or(str::is_empty) {
        return None;
    }
    let (rest, fragment) = match s.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (s, None),
    };
    if let Some(query) = rest.strip_prefix('?') {
        let mut out = String::with_capacity(query.len());
        if !escape_query(query, &mut out) {
            return Some(Err(InvalidReason::Noncharacter));
        }
        url.query = Some(out);
    }
    url.fragment =
        fragment.map(|f| super::components::googleurl_fragment(f).unwrap_or_else(|| f.to_string()));
    Some(Ok(split_at_query_and_fragment(url)))
}

/// Whether `raw`, against `base`, is a network-path reference after
/// characters up to U+0020 (see
/// [`UrlParams::network_path_after_trim_is_invalid`]): a base of a
/// standard scheme, and a reference that, tabs and newlines removed
/// (`RemoveURLWhitespace`), begins with such characters and then two or
/// more slashes, which googleurl resolves by `DoResolveRelativeHost`
/// (against a `file:` base, more than two slashes or slashes only are a
/// file URL of their own instead).
fn trimmed_network_path(raw: &str, base: Option<&str>) -> bool {
    let Some(base_scheme) = base
        .and_then(|b| extract_scheme(b.trim_matches(|c: char| c <= ' ')))
        .map(|(scheme, _)| scheme)
        .filter(|scheme| is_standard(scheme))
    else {
        return false;
    };
    let s: String = raw
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let t = s.trim_matches(|c: char| c <= ' ');
    let lead = s.len() - s.trim_start_matches(|c: char| c <= ' ').len();
    let n = t.bytes().take_while(|&b| b == b'/' || b == b'\\').count();
    let absolute_file = base_scheme.eq_ignore_ascii_case("file") && (n > 2 || n == t.len());
    lead > 0 && n >= 2 && !absolute_file
}

/// The path of a path URL or of a `mailto:` URL (`url_canon_pathurl.cc`
/// `DoCanonicalizePathURL`, `url_canon_mailtourl.cc`
/// `DoCanonicalizeMailtoURL`): ASCII from U+0020 on as written, the rest
/// percent-encoded in UTF-8; a noncharacter is written as U+FFFD and makes
/// the result false (`url_canon_internal.cc` `AppendUTF8EscapedChar`).
fn escape_path_url(path: &str, out: &mut String) -> bool {
    let mut ok = true;
    for c in path.chars() {
        if (' '..='\u{7F}').contains(&c) {
            out.push(c);
        } else if crate::algorithm::preprocess::is_noncharacter(c) {
            ok = false;
            crate::text::percent::push_escaped_char('\u{FFFD}', HexCase::Upper, out);
        } else {
            crate::text::percent::push_escaped_char(c, HexCase::Upper, out);
        }
    }
    ok
}

/// The query of a `mailto:` URL, or of a reference against a path URL
/// (`url_canon_mailtourl.cc`
/// `DoCanonicalizeMailtoURL` calls the query step of every URL,
/// `CanonicalizeQuery`, in UTF-8): the query set of the specification,
/// and `#`, which no other URL's query holds, escaped; a noncharacter is
/// written as U+FFFD and makes the result false.
fn escape_query(query: &str, out: &mut String) -> bool {
    let ok = !query
        .chars()
        .any(crate::algorithm::preprocess::is_noncharacter);
    let query: Cow<'_, str> = if ok {
        Cow::Borrowed(query)
    } else {
        Cow::Owned(
            query
                .chars()
                .map(|c| {
                    if crate::algorithm::preprocess::is_noncharacter(c) {
                        '\u{FFFD}'
                    } else {
                        c
                    }
                })
                .collect(),
        )
    };
    let mut encoded = String::with_capacity(query.len());
    crate::text::percent::percent_encode(
        &query,
        encoding_rs::UTF_8,
        &crate::text::percent::QUERY_SET,
        HexCase::Upper,
        &mut encoded,
    );
    out.push_str(&encoded.replace('#', "%23"));
    ok
}

/// What a profile's observed URL-level steps before the shared parser
/// make of `input` against `base` ([`before_the_parser`]).
pub(crate) enum BeforeTheParser<'i> {
    /// The whole URL, or why there is none, without the shared parser and
    /// the host's steps: an input they find invalid, a base the profile
    /// finds invalid, a kind of URL of the browser's own.
    Whole(Box<Result<ParsedUrl, crate::error::Error>>),
    /// The text the shared parser reads, and the base (canonicalized under
    /// the profile when it resolves against its canonical base).
    Parse {
        input: Cow<'i, str>,
        base: Option<String>,
    },
}

/// The observed URL-level steps of `profile` before the shared parser,
/// one by one, as [`canonicalize_by_the_steps`] runs them (and `urlprism
/// trace`, to tell a profile that runs no host steps).
pub(crate) fn before_the_parser<'i>(
    input: &'i str,
    base: Option<&str>,
    profile: &dyn crate::profile::Profile,
    encoding: &'static encoding_rs::Encoding,
) -> BeforeTheParser<'i> {
    let params = profile.url();
    if let Some(r) = crate::observed::input::observed_input_invalid(params, input) {
        return BeforeTheParser::Whole(Box::new(Err(crate::error::Error::Invalid(r))));
    }
    let base_text: Option<String> = match base {
        Some(b) if params.base_canonicalized => {
            let canonical = canonicalize_by_the_steps(b, None, profile, encoding)
                .ok()
                .and_then(|u| crate::algorithm::serialize::serialize(&u))
                .filter(|s| !crate::algorithm::parse::parse(s).is_invalid());
            match canonical {
                Some(s) => Some(s),
                None => {
                    let invalid = crate::error::Error::Invalid(InvalidReason::InvalidBase);
                    return BeforeTheParser::Whole(Box::new(Err(invalid)));
                }
            }
        }
        Some(b) => Some(b.to_string()),
        None => None,
    };
    // The base's text as a `Canonicalizer` holds it: preprocessed.
    let base_held = base_text
        .as_deref()
        .map(|b| crate::algorithm::preprocess::preprocess(b).into_owned());
    let observed = crate::observed::input::observed_input(params, input, base_held.as_deref());
    match observed_kind(params, input, &observed, base_held.as_deref()) {
        Some(kind) => BeforeTheParser::Whole(Box::new(kind.map_err(crate::error::Error::Invalid))),
        None => BeforeTheParser::Parse {
            input: observed,
            base: base_text,
        },
    }
}

/// The public steps ([`crate::algorithm::parse::parse()`], [`crate::resolve()`],
/// [`crate::algorithm::canonicalize::canonicalize()`]) as a [`crate::Canonicalizer`] under
/// `profile` takes them for `input` against `base` (`None`: the input is
/// its own base): the observed steps on the input
/// ([`crate::observed::input::observed_input`], and
/// [`crate::observed::input::observed_input_invalid`]), the base canonicalized
/// first ([`UrlParams::base_canonicalized`]), the observed kinds of URL
/// ([`observed_kind`]), and `file:` URLs resolved as the profile resolves
/// them ([`UrlParams::file_paths_as_posix`]).  Under a profile with none
/// of these parameters: parse, resolve, canonicalize.
///
/// ```
/// use urlprism::observed::kind::canonicalize_by_the_steps;
/// use urlprism::profile::builtin;
/// let chrome = builtin("chrome").unwrap();
/// let u = canonicalize_by_the_steps("?y", Some("http://h/a\\b/c"), chrome, urlprism::encoding_rs::UTF_8)?;
/// assert_eq!(urlprism::serialize(&u).as_deref(), Some("http://h/a/b/c?y"));
/// # Ok::<(), urlprism::Error>(())
/// ```
pub fn canonicalize_by_the_steps(
    input: &str,
    base: Option<&str>,
    profile: &dyn crate::profile::Profile,
    encoding: &'static encoding_rs::Encoding,
) -> Result<ParsedUrl, crate::error::Error> {
    let params = profile.url();
    let (observed, base_text) = match before_the_parser(input, base, profile, encoding) {
        BeforeTheParser::Whole(url) => return *url,
        BeforeTheParser::Parse { input, base } => (input, base),
    };
    let file_rules = !params.file_paths_as_posix;
    let resolved = match &base_text {
        Some(b) => crate::algorithm::resolve::resolve_with_file_rules(
            &observed,
            &crate::algorithm::parse::parse(b),
            file_rules,
        ),
        None => crate::algorithm::resolve::resolve_self_with_file_rules(&observed, file_rules),
    };
    crate::algorithm::canonicalize::canonicalize(&resolved, profile, encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> UrlParams {
        UrlParams {
            path_urls: true,
            mailto_path_and_query: true,
            file_paths_as_posix: true,
            network_path_after_trim_is_invalid: true,
            ..UrlParams::default()
        }
    }

    fn run(input: &str, base: Option<&str>) -> Option<Option<String>> {
        observed_kind(&all(), input, input, base).map(|r| {
            r.ok()
                .map(|u| crate::algorithm::serialize::serialize(&u).expect("valid"))
        })
    }

    /// Inputs and what googleurl r155 (Linux build) gives for them.
    #[test]
    fn googleurl_examples() {
        for (input, base, expected) in [
            (
                "FoO://Bar:80/a/../b?c#d",
                None,
                Some(Some("foo://Bar:80/a/../b?c#d")),
            ),
            ("foo:\u{7F}\u{1} x", None, Some(Some("foo:\u{7F}%01 x"))),
            ("foo:a\tb", None, Some(Some("foo:ab"))),
            ("foo:", None, Some(Some("foo:"))),
            ("foo:a\u{FDD0}b", None, Some(None)),
            ("0abc:x", None, Some(None)),
            ("a%b:x", None, Some(None)),
            ("j+s.x-y:Q", None, Some(Some("j+s.x-y:Q"))),
            (
                "c:\\foo\\bar",
                Some("http://a/b/c"),
                Some(Some("c:\\foo\\bar")),
            ),
            ("h://.", None, Some(Some("h://."))),
            ("x", Some("sc:/pa/pa"), Some(None)),
            ("#x", Some("sc:/pa/pa"), Some(None)),
            ("sc:x", Some("sc:/pa/pa"), Some(Some("sc:x"))),
            ("", Some("sc:/pa/pa"), None),
            ("x", Some("http://a/"), None),
            ("http:x", Some("http://a/"), None),
            ("http://a/", None, None),
            ("file:x", None, None),
            ("mailto:a#b", None, Some(Some("mailto:a#b"))),
            ("mailto:A%41 b?c#d", None, Some(Some("mailto:A%41 b?c%23d"))),
            (
                "mailto:a\u{1}\u{7F}\u{E9}?\u{1}\u{7F}\u{E9} #",
                None,
                Some(Some("mailto:a%01\u{7F}%C3%A9?%01%7F%C3%A9%20%23")),
            ),
            ("MAILTO:a?b?c", None, Some(Some("mailto:a?b?c"))),
            (":::x", None, Some(None)),
            ("#x:y", Some("about:blank"), Some(Some("about:blank#x:y"))),
            (
                "?c:\u{E9}.#/..\u{E9}",
                Some("about:blank"),
                Some(Some("about:blank?c:%C3%A9.#/..\u{E9}")),
            ),
            ("  //g", Some("http://a/b"), Some(None)),
            ("\u{1}//host/p", Some("http://a/b"), Some(None)),
            ("//g", Some("http://a/b"), None),
            ("  ////g", Some("file:///a/b"), None),
            ("\\\\server\\share", None, Some(None)),
        ] {
            assert_eq!(
                run(input, base),
                expected.map(|e| e.map(str::to_string)),
                "{input:?} {base:?}"
            );
        }
    }

    /// The specification's parameters leave every URL to the steps.
    #[test]
    fn defaults_change_nothing() {
        let p = UrlParams::default();
        for (s, base) in [
            ("foo://a/", None),
            ("x", Some("sc:/a")),
            ("mailto:a#b", None),
        ] {
            assert!(observed_kind(&p, s, s, base).is_none());
        }
    }
}
