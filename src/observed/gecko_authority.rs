//! Gecko 2.0's reading of the authority, written on the input before
//! the shared parser reads it ([`UrlParams::authority_after_any_slashes`],
//! [`UrlParams::semicolon_ends_authority`]): `nsAuthURLParser`
//! (`netwerk/base/src/nsURLParsers.cpp`) reads the authority after any
//! run of `/` and ends it at `;` as at `/`, `?` and `#`.
//!
//! `https:c.html` against `http://localhost/` → `https://c.html`;
//! `http://example.com;bar` → `http://example.com/;bar`.

use crate::profile::UrlParams;
use std::borrow::Cow;

/// The schemes Gecko 2.0 parses with an authority: their protocol
/// handlers make an `nsStandardURL` of `URLTYPE_AUTHORITY`, whose parser
/// is `nsAuthURLParser` (`netwerk/protocol/http/nsHttpHandler.cpp`
/// `NewURI` for `http` and `https`, `ftp/nsFtpProtocolHandler.cpp`).
/// Other schemes are `nsSimpleURI`s, `file:` has no authority
/// (`URLTYPE_NO_AUTHORITY`), and `resource:`'s `nsStdURLParser` is not
/// modelled.
const GECKO_AUTHORITY_SCHEMES: [&str; 3] = ["http", "https", "ftp"];

/// Whether `scheme` is one of [`GECKO_AUTHORITY_SCHEMES`], ASCII
/// case-insensitively.
fn is_gecko_authority_scheme(scheme: &str) -> bool {
    GECKO_AUTHORITY_SCHEMES
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Where Gecko 2.0 reads an authority in `s`: the length of what comes
/// before it (`http:`, or nothing for a network-path reference) and the
/// number of `/` that begin it, for a URL of
/// [`GECKO_AUTHORITY_SCHEMES`] that Gecko takes as absolute, or a
/// reference beginning with `//` against a base of such a scheme; `None`
/// otherwise.  `nsStandardURL::Init` ignores the base when `//` follows
/// the scheme; else `nsStandardURL::Resolve` takes a reference whose
/// scheme (`net_ExtractURLScheme`) is the base's, ASCII
/// case-insensitively, as relative (`http:a.html`, `http:/a`), one with
/// another scheme as absolute, and writes the base's scheme before one
/// beginning with `//`.
fn gecko_authority_start(s: &str, base_scheme: Option<&str>) -> Option<(usize, usize)> {
    let slashes = |r: &str| r.bytes().take_while(|&b| b == b'/').count();
    match crate::algorithm::parse::find_scheme(s) {
        Some((scheme, rest)) if is_gecko_authority_scheme(scheme) => {
            let same = base_scheme.is_some_and(|b| b.eq_ignore_ascii_case(scheme));
            if same && !rest.starts_with("//") {
                return None;
            }
            Some((s.len() - rest.len(), slashes(rest)))
        }
        Some(_) => None,
        None if s.starts_with("//") && base_scheme.is_some_and(is_gecko_authority_scheme) => {
            Some((0, slashes(s)))
        }
        None => None,
    }
}

/// The authority Gecko 2.0 reads in `after` (the text after the slashes
/// that begin it), up to its first `/`, `?`, `#` or `;`
/// (`nsAuthURLParser::ParseAfterScheme`), when it holds no `\`: the
/// shared parser ends an authority at a `\`, where Gecko's does not, and
/// such an authority is left to the shared parser (not modelled).
fn gecko_authority_of(after: &str) -> Option<&str> {
    let authority = &after[..after.find(['/', '?', '#', ';']).unwrap_or(after.len())];
    (!authority.contains('\\')).then_some(authority)
}

/// [`UrlParams::authority_after_any_slashes`] and
/// [`UrlParams::semicolon_ends_authority`], in that order, on `s` as
/// Gecko 2.0 reads it (`net_FilterURIString`: tabs and newlines removed;
/// spaces at the beginning skipped): the rewritten text, or `None` when
/// neither changes it.
pub(crate) fn gecko_authority(
    params: &UrlParams,
    s: &str,
    base_scheme: Option<&str>,
) -> Option<String> {
    let filtered = match s.contains(['\t', '\n', '\r']) {
        true => Cow::Owned(s.replace(['\t', '\n', '\r'], "")),
        false => Cow::Borrowed(s),
    };
    let text = filtered.trim_start_matches([' ', '\u{B}', '\u{C}']);
    let slashed = match params.authority_after_any_slashes {
        true => authority_after_any_slashes(text, base_scheme),
        false => None,
    };
    let text = slashed.as_deref().unwrap_or(text);
    let semicolon = match params.semicolon_ends_authority {
        true => semicolon_ends_authority(text, base_scheme),
        false => None,
    };
    semicolon.or(slashed)
}

/// Gecko 2.0's authority after any run of slashes
/// ([`UrlParams::authority_after_any_slashes`]): `s` with the run of `/`
/// before the authority of a URL of [`GECKO_AUTHORITY_SCHEMES`] made
/// `//`, or `None` when there is none to read or the run is `//`.
///
/// A rule of parsing the shared parser has no place for, written on the
/// input (as [`super::input`]'s `standard_scheme_authority` writes googleurl's) so that
/// the parser reads the authority Gecko reads: Gecko 2.0's
/// `netwerk/base/src/nsURLParsers.cpp` `nsAuthURLParser::ParseAfterScheme`
/// counts the slashes after the scheme (`CountConsecutiveSlashes`, `/`
/// only), any number, none included, and reads the authority after them,
/// up to `/`, `?`, `#` or `;`; `nsBaseURLParser::ParseURL` calls it for
/// the text after `scheme:`.  Which URL is absolute is
/// [`gecko_authority_start`]'s (`nsStandardURL::Init`, `Resolve`): a
/// reference of the base's scheme not followed by `//` stays relative,
/// and a network-path reference of three or more slashes is absolute
/// with the base's scheme.  The authority as read may hold a space,
/// which the host steps find invalid as `BuildNormalizedSpec` and
/// `nsAuthURLParser::ParseServerInfo` do (`http: //foo.com` has the
/// authority ` `: NS_ERROR_MALFORMED_URI, test_bug261425.js:13).
///
/// `https:c.html` against `http://localhost/` → `https://c.html`
/// (test_bug379034.js:14); `ftp:/x` → `ftp://x`; `///g` against
/// `http://a/` → `//g`; `http:a.html` against `http://localhost/` stays.
fn authority_after_any_slashes(s: &str, base_scheme: Option<&str>) -> Option<String> {
    let (before, n) = gecko_authority_start(s, base_scheme)?;
    let after = &s[before + n..];
    if n == 2 || gecko_authority_of(after).is_none() {
        return None;
    }
    Some(format!("{}//{after}", &s[..before]))
}

/// Gecko 2.0's `;` at the end of the authority
/// ([`UrlParams::semicolon_ends_authority`]): in a URL of
/// [`GECKO_AUTHORITY_SCHEMES`] whose authority follows `//` (or a
/// network-path reference against a base of such a scheme), when the
/// authority ends at a `;`, `s` with a `/` before that `;`; `None`
/// otherwise.
///
/// A rule of parsing the shared parser has no place for, written on the
/// input so that the parser ends the authority where Gecko does: Gecko
/// 2.0's `netwerk/base/src/nsURLParsers.cpp`
/// `nsAuthURLParser::ParseAfterScheme` ends the authority at the first
/// `/`, `?`, `#` or `;` after the slashes, before any `@` or `:`
/// (`nsBaseURLParser::ParseURL` likewise counts `;` with `/`, `?` and `#`
/// as the start of the path); the path it leaves begins with `;`, and
/// `nsStandardURL::BuildNormalizedSpec` writes a `/` before a path that
/// does not begin with one.  `http://example.com;bar` →
/// `http://example.com/;bar` (test_bug429347.js:19); `http://u;p@h/` →
/// `http://u/;p@h/` (the user is the host); `http://h:81;x` →
/// `http://h:81/;x`; `http://h/a;b` stays.
fn semicolon_ends_authority(s: &str, base_scheme: Option<&str>) -> Option<String> {
    let (before, n) = gecko_authority_start(s, base_scheme)?;
    if n != 2 {
        return None;
    }
    let start = before + n;
    let end = start + gecko_authority_of(&s[start..])?.len();
    if s.as_bytes().get(end) != Some(&b';') {
        return None;
    }
    Some(format!("{}/{}", &s[..end], &s[end..]))
}
