//! The URL Standard's basic URL parser and the URL API's setters, by the
//! ada library (the [`ada_url`] crate, which passes every case of the
//! web-platform-tests URL files vendored in `tests/data/wpt/`), and what
//! the engine adds to it:
//!
//! - the query of a special URL other than `ws:` and `wss:` in a
//!   document encoding other than UTF-8 ([`encoded_query`]): ada parses
//!   in UTF-8 only;
//! - why an input fails ([`why_it_fails`]): ada says only that it does.
//!
//! [`components`] maps ada's URL onto urlprism's eight components.

use crate::compare::UrlAttribute;
use crate::error::Error;
use crate::text::percent::url_standard::{encode_query, EncodeSet};
use crate::url::components::{CowUrl, ParsedUrl};
use encoding_rs::Encoding;
use std::borrow::Cow;

/// The URL Standard's URL record, as ada holds it.
pub use ada_url::Url as StandardUrl;

/// Parses `input` against `base` (an absolute URL's serialization) in
/// UTF-8: the URL, or the error that says why there is none.
pub(super) fn parse(input: &str, base: Option<&str>) -> Result<StandardUrl, Error> {
    StandardUrl::parse(input, base).map_err(|_| Error::UrlStandard {
        reason: why_it_fails(input, base),
    })
}

/// Why the URL Standard's parser fails on `input` against `base`, in
/// words: the `url` crate's reason where it fails too (`invalid
/// international domain name`, `invalid port number`...), else a
/// sentence that names no cause.
pub(super) fn why_it_fails(input: &str, base: Option<&str>) -> String {
    let base = match base.map(url::Url::parse) {
        Some(Ok(b)) => Some(b),
        Some(Err(e)) => return e.to_string(),
        None => None,
    };
    match url::Url::options().base_url(base.as_ref()).parse(input) {
        Err(e) => e.to_string(),
        Ok(_) => "not a valid URL".to_string(),
    }
}

/// The query of `input` (the first `?` not after a `#`, up to the next
/// `#`) percent-encoded after encoding in `encoding`, when the URL's
/// scheme takes the document encoding and that encoding changes it
/// (a non-ASCII code point, or ESC, SO or SI in ISO-2022-JP); `None`
/// otherwise.  No state of the parser before the query state takes a
/// `?` in, so the query begins where the cleaned input's first `?` is.
///
/// `http://h/?é` in Shift_JIS: `%26%23233%3B` (a code point the encoding
/// cannot represent: `&#233;`, escaped); `?\u{3042}`: `%82%A0`.
pub(super) fn encoded_query(
    url: &StandardUrl,
    input: &str,
    encoding: &'static Encoding,
) -> Option<String> {
    if encoding == encoding_rs::UTF_8
        || !matches!(url.protocol(), "http:" | "https:" | "ftp:" | "file:")
    {
        return None;
    }
    let input = super::domain::clean(input);
    let start = input
        .find(['?', '#'])
        .filter(|&i| input[i..].starts_with('?'))?
        + 1;
    let end = input[start..].find('#').map_or(input.len(), |i| start + i);
    let raw = &input[start..end];
    let changed = !raw.is_ascii()
        || (encoding == encoding_rs::ISO_2022_JP && raw.contains(['\u{E}', '\u{F}', '\u{1B}']));
    if !changed {
        return None;
    }
    let mut out = String::with_capacity(raw.len() * 3);
    encode_query(raw, encoding, EncodeSet::SpecialQuery, &mut out);
    Some(out)
}

/// The URL Standard's components of `url` as urlprism's: `scheme`,
/// `user`, `password`, `host`, `port`, `path`, `query`, `fragment`, so
/// that [`crate::algorithm::serialize::serialize()`] of the result is the
/// `href`.
///
/// - `user` and `password`: the URL Standard's username and password
///   are strings, empty when absent; the serializer writes credentials
///   when either is non-empty, so `user` is present (maybe empty) then,
///   and `password` is present when non-empty.
/// - `host`: null (`None`) or a string, possibly empty (`file:///x`);
///   an IPv6 address in brackets.
/// - `port`: null, or the number (the scheme's default port is null).
/// - `path`: the serialized path, always present (possibly empty for a
///   non-special URL); an opaque path as it is.  A URL without host
///   whose path begins with `//` is serialized with `/.` in front of the
///   path (`web+demo:/.//p`): that `/.` is part of `path` here.
/// - `query`, `fragment`: null or a string, possibly empty (`?`, `#`).
///
/// ```
/// let w = urlprism::engines::whatwg::Whatwg::new();
/// let u = w.parse("HTTP://:@EXAMPLE.com:80/a?#", None, encoding_rs::UTF_8).unwrap();
/// assert_eq!(u.href(), "http://example.com/a?#");
/// let c = urlprism::engines::whatwg::components(&u);
/// assert_eq!(c.user.as_deref(), None); // empty username, empty password
/// assert_eq!(c.port, None); // the default port
/// assert_eq!(c.query.as_deref(), Some(""));
/// assert_eq!(c.fragment.as_deref(), Some(""));
/// assert_eq!(urlprism::serialize(&c).unwrap(), u.href());
/// ```
pub fn components(url: &StandardUrl) -> ParsedUrl {
    components_cow(url).into_owned()
}

/// [`components`], borrowed from `url`'s serialization.
pub(super) fn components_cow(url: &StandardUrl) -> CowUrl<'_> {
    let href = url.href();
    let scheme = url.protocol().strip_suffix(':').unwrap_or(url.protocol());
    let credentials = url.has_credentials();
    let has_authority = href[scheme.len() + 1..].starts_with("//");
    let c = url.components();
    let at = |i: Option<u32>| i.map(|i| i as usize);
    let (search, hash) = (at(c.search_start), at(c.hash_start));
    let path_end = search.or(hash).unwrap_or(href.len());
    let path_start = at(c.pathname_start).unwrap_or(path_end);
    // `/.` before a path that begins with `//` in a URL without host
    // belongs to the path here (the serializer writes it with the path).
    let path_start = match has_authority {
        false if href[..path_start].ends_with("/.") => path_start - 2,
        _ => path_start,
    };
    let query = search.map(|s| &href[s + 1..hash.unwrap_or(href.len())]);
    let fragment = hash.map(|h| &href[h + 1..]);
    CowUrl {
        scheme: Some(Cow::Borrowed(scheme)),
        user: credentials.then(|| Cow::Borrowed(url.username())),
        password: Some(url.password())
            .filter(|p| !p.is_empty())
            .map(Cow::Borrowed),
        host: has_authority.then(|| Cow::Borrowed(url.hostname())),
        port: Some(url.port())
            .filter(|p| !p.is_empty())
            .map(Cow::Borrowed),
        path: Some(Cow::Borrowed(&href[path_start..path_end])),
        query: query.map(Cow::Borrowed),
        fragment: fragment.map(Cow::Borrowed),
        ..CowUrl::default()
    }
}

/// Runs the URL API's setter `attribute` with `value` on `url`: a value
/// the setter refuses leaves the URL as it was, as in a browser.
pub(super) fn set(url: &mut StandardUrl, attribute: UrlAttribute, value: &str) {
    // A refusal leaves the URL unchanged, which is the setter's result.
    let _ = match attribute {
        UrlAttribute::Href => url.set_href(value),
        UrlAttribute::Protocol => url.set_protocol(value),
        UrlAttribute::Username => url.set_username(Some(value)),
        UrlAttribute::Password => url.set_password(Some(value)),
        UrlAttribute::Host => url.set_host(Some(value)),
        UrlAttribute::Hostname => url.set_hostname(Some(value)),
        UrlAttribute::Port => url.set_port(Some(value)),
        UrlAttribute::Pathname => url.set_pathname(Some(value)),
        UrlAttribute::Search => {
            url.set_search(Some(value));
            Ok(())
        }
        UrlAttribute::Hash => {
            url.set_hash(Some(value));
            Ok(())
        }
    };
}
