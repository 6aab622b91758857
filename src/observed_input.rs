//! Observed URL-level steps on the input string, before preprocessing:
//! what a 2011 browser's URL library did to the text of a URL or of a
//! reference before parsing it, where the specification's parser (which
//! every profile shares) reads it otherwise.  Each is switched by a
//! parameter of [`UrlParams`] (a profile file's `[observed.url]` table)
//! that defaults to the specification's behaviour; [`observed_input`]
//! applies them, and [`crate::Canonicalizer`] parses what it returns.

use crate::profile::UrlParams;
use std::borrow::Cow;

/// The schemes googleurl r155 parses as "standard" URLs, with an
/// authority (`src/url_util.cc`, `kStandardURLSchemes`), but `file`,
/// whose rules (`url_parse_file.cc`) are not modelled here.
const STANDARD_SCHEMES: [&str; 6] = ["http", "https", "ftp", "gopher", "ws", "wss"];

/// Whether `scheme` is one of [`STANDARD_SCHEMES`], ASCII
/// case-insensitively.
fn is_standard(scheme: &str) -> bool {
    STANDARD_SCHEMES
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

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
/// `base_scheme` is the scheme of the base, `None` without one.  Borrowed
/// when no step changes the input.
///
/// ```
/// use urlprism::observed_input::observed_input;
/// use urlprism::profile::builtin;
/// let chrome = &builtin("chrome").unwrap().url;
/// assert_eq!(observed_input(chrome, "\u{1}http:\\\\a/b ", None), "http://a/b");
/// assert_eq!(observed_input(chrome, "http:g", Some("http")), "http:g");
/// assert_eq!(observed_input(chrome, "\\\\g\\h", Some("https")), "//g\\h");
/// let this = &builtin("this").unwrap().url;
/// assert_eq!(observed_input(this, "http:host", None), "http:host");
/// ```
pub fn observed_input<'a>(
    params: &UrlParams,
    input: &'a str,
    base_scheme: Option<&str>,
) -> Cow<'a, str> {
    let s = rewrite_input(params, input, base_scheme);
    if params.path_keeps_noncharacters {
        if let Some(out) = path_noncharacters_escaped(&s, base_scheme) {
            return Cow::Owned(out);
        }
    }
    s
}

/// Steps 1 to 4 of [`observed_input`].
fn rewrite_input<'a>(
    params: &UrlParams,
    input: &'a str,
    base_scheme: Option<&str>,
) -> Cow<'a, str> {
    let mut s = input;
    if params.trim_controls {
        s = s.trim_matches(|c: char| c <= ' ');
    }
    if params.standard_scheme_slashes {
        if let Some(out) = standard_scheme_authority(s, base_scheme) {
            return Cow::Owned(out);
        }
    }
    if params.file_host_to_first_slash {
        if let Some(out) = file_reference(s, base_scheme) {
            return Cow::Owned(file_host_to_first_slash(&out).unwrap_or(out));
        }
        if let Some(out) = file_host_to_first_slash(s) {
            return Cow::Owned(out);
        }
    }
    if params.network_path_slashes && base_scheme.is_some_and(is_standard) {
        let n = slashes(s);
        if n >= 2 && &s[..n] != "//" {
            return Cow::Owned(format!("//{}", &s[n..]));
        }
    }
    Cow::Borrowed(s)
}

/// Step 2 of [`observed_input`]: `s` with the run of slashes after a
/// standard scheme made `//`, or `None` when the step leaves it.
fn standard_scheme_authority(s: &str, base_scheme: Option<&str>) -> Option<String> {
    let (scheme, rest) = crate::parse::find_scheme(s)?;
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
fn file_host_to_first_slash(s: &str) -> Option<String> {
    let (scheme, rest) = crate::parse::find_scheme(s)?;
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
fn file_reference(s: &str, base_scheme: Option<&str>) -> Option<String> {
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
    let (scheme, rest) = crate::parse::find_scheme(s)?;
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
    use crate::preprocess::is_noncharacter;
    if !s.chars().any(is_noncharacter) {
        return None;
    }
    let base_standard =
        base_scheme.is_some_and(|b| is_standard(b) || b.eq_ignore_ascii_case("file"));
    let (after, file, absolute) = match crate::parse::find_scheme(s) {
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
            crate::percent::push_escaped_char(c, crate::profile::HexCase::Upper, &mut out);
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
            assert_eq!(
                observed_input(&p, input, base),
                expected,
                "{input:?} {base:?}"
            );
        }
    }

    /// The specification's parameters leave every input as it is.
    #[test]
    fn defaults_change_nothing() {
        let p = UrlParams::default();
        for s in ["\u{0}http:x", "http:host", "\\\\g\\h", " a "] {
            assert!(matches!(observed_input(&p, s, Some("http")), Cow::Borrowed(b) if b == s));
        }
    }
}
