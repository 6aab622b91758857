//! The "steps to parse a URL" (specification section "Parsing"), which
//! build on section 3 "Parsing a URL" of [url-spec] as amended by the
//! specification.
//!
//! The whole parsing state is the [`ParsedUrl`] being filled in (`url` in
//! the specification) and the remaining string `s`, a slice of the
//! preprocessed input that each step narrows down.

use crate::algorithm::preprocess::preprocess;
use crate::text::octets::{first_of, first_of2};
use crate::url::components::{
    is_not_hierarchical_scheme, is_slash, CowUrl, InvalidReason, ParsedUrl,
};
use std::borrow::Cow;

/// A *valid scheme character* [url-spec]: `+`, `-`, `.`, ASCII digits and
/// ASCII letters.
///
/// ```
/// use urlprism::algorithm::parse::is_valid_scheme_character;
/// assert!(is_valid_scheme_character('+'));
/// assert!(!is_valid_scheme_character('%'));
/// ```
#[inline]
pub fn is_valid_scheme_character(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.'
}

/// An *authority terminating character* (specification, amending
/// [url-spec]): a slash character, `?` or `#`.  Unlike [url-spec], `;` is
/// *not* one.
#[inline]
pub fn is_authority_terminating_character(c: char) -> bool {
    is_slash(c) || c == '?' || c == '#'
}

/// The "steps to find the scheme": when `s` begins with one or more valid
/// scheme characters followed by `:`, returns the scheme and the
/// *after-scheme* (the rest after the `:`), as in [url-spec] 3.1.
///
/// ```
/// use urlprism::algorithm::parse::find_scheme;
/// assert_eq!(find_scheme("http://a/"), Some(("http", "//a/")));
/// assert_eq!(find_scheme("/::ab"), None);
/// assert_eq!(find_scheme(":x"), None);
/// ```
pub fn find_scheme(s: &str) -> Option<(&str, &str)> {
    // Scheme characters are ASCII, so a byte scan finds the same end (a
    // non-ASCII character stops it at its first byte).
    let end = s
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    if end == 0 || s.as_bytes()[end] != b':' {
        return None;
    }
    Some((&s[..end], &s[end + 1..]))
}

/// What one scan of the authority finds: where it ends, and its last `@`
/// and last `:` (all ASCII, so a byte scan).
struct AuthorityScan {
    /// The byte offset of the first authority terminating character
    /// (`/`, `\`, `?`, `#`), or the length of the string.
    end: usize,
    /// The last `@` before `end`.
    last_at: Option<usize>,
    /// The last `:` before `end`.
    last_colon: Option<usize>,
}

/// Byte classes of [`scan_authority`]: 1 for an authority terminating
/// character, 2 for `@`, 3 for `:`, 0 otherwise.
static AUTHORITY_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'/' as usize] = 1;
    t[b'\\' as usize] = 1;
    t[b'?' as usize] = 1;
    t[b'#' as usize] = 1;
    t[b'@' as usize] = 2;
    t[b':' as usize] = 3;
    t
};

/// The authority at the beginning of `s` ("up to the first authority
/// terminating character"), with its last `@` and `:` found on the way.
///
/// `u@h:1/p` → end 5, last `@` at 1, last `:` at 3.
#[inline]
fn scan_authority(s: &str) -> AuthorityScan {
    let mut scan = AuthorityScan {
        end: s.len(),
        last_at: None,
        last_colon: None,
    };
    for (i, &b) in s.as_bytes().iter().enumerate() {
        match AUTHORITY_CLASS[b as usize] {
            0 => {}
            1 => {
                scan.end = i;
                break;
            }
            2 => scan.last_at = Some(i),
            _ => scan.last_colon = Some(i),
        }
    }
    scan
}

/// The number of "slash characters" at the beginning of `s` (each is one
/// byte long, so this is also their length in bytes).
fn leading_slash_count(s: &str) -> usize {
    s.bytes().take_while(|&b| b == b'/' || b == b'\\').count()
}

/// The *steps to parse a URL*.
///
/// The string is preprocessed; a string beginning with two or more `\` is
/// a UNC path; a one-letter scheme is a drive URL; `file:` and `mailto:`
/// have their own steps; the not-hierarchical schemes (`about`, `data`,
/// `javascript`, `vbscript`) keep everything after `scheme:` as the path;
/// any other scheme is parsed by "finding the authority, path, query, and
/// fragment" as amended.  A string without scheme (a relative reference)
/// gets the /invalid/ flag ([`InvalidReason::NoScheme`]) and the
/// /hierarchical/ flag, and is split the same way, so that resolution has
/// its authority, path, query and fragment.
///
/// The `path` is always present for a hierarchical parse (possibly
/// empty), as the suite expects (`http://host` has path `""`).
///
/// ```
/// let u = urlprism::parse("http://u:p@[::1]:80/a?b#c");
/// assert_eq!(u.user.as_deref(), Some("u"));
/// assert_eq!(u.password.as_deref(), Some("p"));
/// assert_eq!(u.host.as_deref(), Some("[::1]"));
/// assert_eq!(u.port.as_deref(), Some("80"));
/// assert_eq!(u.path.as_deref(), Some("/a"));
///
/// let r = urlprism::parse("//host/p?q#f");
/// assert!(r.is_invalid());
/// assert_eq!(r.host.as_deref(), Some("host"));
/// assert_eq!(r.path.as_deref(), Some("/p"));
/// ```
pub fn parse(input: &str) -> ParsedUrl {
    let preprocessed = preprocess(input);
    let mut url = parse_preprocessed(&preprocessed);
    keep_host_as_written(input, &mut url);
    url.into_owned()
}

/// Sets [`ParsedUrl::host_as_written`] of `url`, parsed from `input`: when
/// preprocessing replaced noncharacters in the host by U+FFFD, the host as
/// written.  Noncharacters and U+FFFD are alike to every parsing step
/// (neither is a delimiter), so `input` without the replacement splits the
/// same way.  Costs nothing unless the host holds U+FFFD.
///
/// `http://a\u{FDD0}b/` → host `a\u{FFFD}b`, host as written `a\u{FDD0}b`.
pub(crate) fn keep_host_as_written(input: &str, url: &mut CowUrl<'_>) {
    let replaced = url
        .host
        .as_deref()
        .is_some_and(|h| !h.is_ascii() && h.contains('\u{FFFD}'));
    if !replaced
        || !input
            .chars()
            .any(crate::algorithm::preprocess::is_noncharacter)
    {
        return;
    }
    // The steps to preprocess a string but step 2.
    let written: String = input
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let written = written.trim_matches(|c| matches!(c, '\u{B}' | '\u{C}' | ' '));
    let host = parse_preprocessed(written).host;
    if host != url.host {
        url.host_as_written = host.map(|h| Cow::Owned(h.into_owned()));
    }
}

/// [`parse`] of a string already preprocessed (preprocessing is
/// idempotent, so resolution, which preprocesses its input first, need not
/// do it twice).
///
/// The components borrow from `s` (only a drive URL's path is made anew).
pub(crate) fn parse_preprocessed(s: &str) -> CowUrl<'_> {
    let mut url = CowUrl::default();

    if s.starts_with("\\\\") {
        parse_unc_path(s, &mut url);
        return url;
    }

    let Some((scheme, after_scheme)) = find_scheme(s) else {
        url.invalid = Some(InvalidReason::NoScheme);
        url.hierarchical = true;
        find_authority_path_query_fragment(s, &mut url);
        return url;
    };
    url.scheme = Some(scheme.into());

    if scheme.len() == 1 && scheme.as_bytes()[0].is_ascii_alphabetic() {
        parse_drive_url(after_scheme, &mut url);
    } else if scheme.eq_ignore_ascii_case("file") {
        parse_file_url(after_scheme, &mut url);
    } else if scheme.eq_ignore_ascii_case("mailto") {
        parse_mailto_url(after_scheme, &mut url);
    } else if is_not_hierarchical_scheme(scheme) {
        // "The remaining string is the path" [url-spec 3]: `javascript:a?b#c`
        // has the path `a?b#c` (the suite's data).
        url.path = Some(after_scheme.into());
    } else {
        // Hierarchical or not ("scheme:" followed by a slash character or
        // not), the split is the same: without two slash characters there
        // is no authority, and "fragment then query" equals "first ? or #".
        find_authority_path_query_fragment(after_scheme, &mut url);
    }
    url
}

/// Splits the fragment, then the query, off `s` (used by the steps to
/// parse a drive URL, a `file:` URL and a UNC path, and for URLs that are
/// not hierarchical): "If /s/ contains a `#`, remove the first such
/// character and the following characters; let the |fragment| be the
/// removed characters except for the `#`", and likewise for `?` and the
/// |query|.  Returns what remains of `s`.
fn split_fragment_and_query<'a>(s: &'a str, url: &mut CowUrl<'a>) -> &'a str {
    let mut s = s;
    if let Some(i) = s.find('#') {
        url.fragment = Some(s[i + 1..].into());
        s = &s[..i];
    }
    if let Some(i) = s.find('?') {
        url.query = Some(s[i + 1..].into());
        s = &s[..i];
    }
    s
}

/// The *steps to parse a UNC path*: `\\host\path` becomes a `file:` URL
/// with the |host| `host` and the |path| `\path`.
///
/// The specification leaves the |scheme| unsaid; the suite expects `file`
/// (`\\server\file` resolves to `file://server/file` against any base).
/// The raw |authority| is the |host|.
fn parse_unc_path<'a>(s: &'a str, url: &mut CowUrl<'a>) {
    let s = s.trim_start_matches('\\');
    let s = split_fragment_and_query(s, url);
    let end = s.find(is_slash).unwrap_or(s.len());
    url.scheme = Some("file".into());
    url.authority = Some(s[..end].into());
    url.host = Some(s[..end].into());
    url.path = Some(s[end..].into());
}

/// The *steps to parse a drive URL*: `c:\foo` becomes `file:` with the
/// empty |host| and the |path| `/c:\foo` (a `/` is inserted after `c:`
/// when `s`, the after-scheme, does not begin with a slash character).
fn parse_drive_url<'a>(s: &'a str, url: &mut CowUrl<'a>) {
    let s = split_fragment_and_query(s, url);
    let drive = url.scheme.take().unwrap_or_default();
    let mut path = String::with_capacity(s.len() + drive.len() + 3);
    path.push('/');
    path.push_str(&drive);
    path.push(':');
    if !s.starts_with(is_slash) {
        path.push('/');
    }
    path.push_str(s);
    url.path = Some(path.into());
    url.scheme = Some("file".into());
    url.authority = Some("".into());
    url.host = Some("".into());
}

/// The *steps to parse a `file:` URL*.  After the fragment and query are
/// split off: exactly three slash characters give the empty |host| and
/// the |path| `/` followed by the rest; two or more give the |host| up to
/// the next slash character and the rest as the |path|; otherwise all is
/// the |path|.  Whenever the |host| is set, the raw |authority| equals it
/// (a `file:` URL's |host| is its entire authority).
///
/// `file:///c:/x` has the host `""` and the path `/c:/x`;
/// `file:////host/share` has the host `host` and the path `/share`.
fn parse_file_url<'a>(s: &'a str, url: &mut CowUrl<'a>) {
    let s = split_fragment_and_query(s, url);
    let slashes = leading_slash_count(s);
    if slashes == 3 {
        url.authority = Some("".into());
        url.host = Some("".into());
        url.path = Some(format!("/{}", &s[3..]).into());
    } else if slashes >= 2 {
        let s = &s[slashes..];
        let end = s.find(is_slash).unwrap_or(s.len());
        url.authority = Some(s[..end].into());
        url.host = Some(s[..end].into());
        url.path = Some(s[end..].into());
    } else {
        url.path = Some(s.into());
    }
}

/// The *steps to parse a `mailto:` URL*: the |path| and the |query| are
/// split at the first `?`; a `#` is not special (`mailto:a?b#c` has the
/// query `b#c`, `mailto:a#b` the path `a#b`).
fn parse_mailto_url<'a>(s: &'a str, url: &mut CowUrl<'a>) {
    match s.split_once('?') {
        Some((path, query)) => {
            url.path = Some(path.into());
            url.query = Some(query.into());
        }
        None => url.path = Some(s.into()),
    }
}

/// "Finding the authority, path, query, and fragment" ([url-spec] 3.2 as
/// amended), on the after-scheme `s` (the whole string when there is no
/// scheme):
///
/// - exactly three slash characters: the |authority| and |host| are the
///   empty string and the path begins at the third slash character
///   (`http:///foo` has the path `/foo`);
/// - two or more: they are consumed, the |authority| runs up to the first
///   authority terminating character and is split by "finding the
///   user-info, host, and port" (`http://foo;bar` has the host `foo;bar`);
/// - fewer: there is no authority.
///
/// Then the |path| runs to the first `?` or `#` (it is always present,
/// maybe empty), the |query| from `?` to the next `#`, and the |fragment|
/// after that `#`.
fn find_authority_path_query_fragment<'a>(s: &'a str, url: &mut CowUrl<'a>) {
    let slashes = leading_slash_count(s);
    let rest = if slashes == 3 {
        url.authority = Some("".into());
        url.host = Some("".into());
        &s[2..]
    } else if slashes >= 2 {
        let s = &s[slashes..];
        let scan = scan_authority(s);
        let authority = &s[..scan.end];
        url.authority = Some(authority.into());
        find_user_info_host_port(authority, scan.last_at, scan.last_colon, url);
        &s[scan.end..]
    } else {
        s
    };

    let end = first_of2(rest.as_bytes(), b'?', b'#').unwrap_or(rest.len());
    url.path = Some(rest[..end].into());
    let rest = &rest[end..];
    if let Some(query) = rest.strip_prefix('?') {
        match first_of(query.as_bytes(), b'#') {
            Some(hash) => {
                url.query = Some(query[..hash].into());
                url.fragment = Some(query[hash + 1..].into());
            }
            None => url.query = Some(query.into()),
        }
    } else if let Some(fragment) = rest.strip_prefix('#') {
        url.fragment = Some(fragment.into());
    }
}

/// "Finding the user-info, host, and port" ([url-spec] 3.3) in the
/// `authority`: the user-info runs up to the *last* `@` and is split by
/// "finding the user name and password"; the port follows the last `:`,
/// unless the rest begins with `[` and that `:` comes before the last `]`
/// (`[::1]` is all host, `[1:2:4` is host `[1:2` and port `4`).
///
/// `last_at` and `last_colon` are the offsets of the last `@` and the
/// last `:` of `authority` ([`scan_authority`] found them): the last `:`
/// of the rest after the `@` is the last `:` if it comes after the `@`.
fn find_user_info_host_port<'a>(
    authority: &'a str,
    last_at: Option<usize>,
    last_colon: Option<usize>,
    url: &mut CowUrl<'a>,
) {
    let (host_port, colon) = match last_at {
        Some(at) => {
            find_user_name_and_password(&authority[..at], url);
            let colon = last_colon.filter(|&c| c > at).map(|c| c - (at + 1));
            (&authority[at + 1..], colon)
        }
        None => (authority, last_colon),
    };
    let Some(colon) = colon else {
        url.host = Some(host_port.into());
        return;
    };
    let bracketed =
        host_port.starts_with('[') && host_port.rfind(']').is_some_and(|bracket| colon < bracket);
    if bracketed {
        url.host = Some(host_port.into());
    } else {
        url.host = Some(host_port[..colon].into());
        url.port = Some(host_port[colon + 1..].into());
    }
}

/// "Find the user name and password" ([url-spec] 3.4): split the
/// `user_info` at its first `:`.
fn find_user_name_and_password<'a>(user_info: &'a str, url: &mut CowUrl<'a>) {
    match user_info.split_once(':') {
        Some((user, password)) => {
            url.user = Some(user.into());
            url.password = Some(password.into());
        }
        None => url.user = Some(user_info.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (scheme, user, password, host, port, path, query, fragment)
    type Parts<'a> = [Option<&'a str>; 8];

    fn parts(u: &ParsedUrl) -> Parts<'_> {
        [
            u.scheme.as_deref(),
            u.user.as_deref(),
            u.password.as_deref(),
            u.host.as_deref(),
            u.port.as_deref(),
            u.path.as_deref(),
            u.query.as_deref(),
            u.fragment.as_deref(),
        ]
    }

    #[track_caller]
    fn check(input: &str, expected: Parts<'_>) {
        let u = parse(input);
        assert_eq!(parts(&u), expected, "parsing {input:?}");
    }

    const N: Option<&str> = None;

    #[test]
    fn hierarchical_urls() {
        check("http://", [Some("http"), N, N, Some(""), N, Some(""), N, N]);
        check(
            "http://foo?bar#baz",
            [
                Some("http"),
                N,
                N,
                Some("foo"),
                N,
                Some(""),
                Some("bar"),
                Some("baz"),
            ],
        );
        check(
            "http://foo;bar",
            [Some("http"), N, N, Some("foo;bar"), N, Some(""), N, N],
        );
        check(
            "http:\\\\foo\\bar",
            [Some("http"), N, N, Some("foo"), N, Some("\\bar"), N, N],
        );
        check(
            "http:/\\/\\/\\foo\\/bar",
            [Some("http"), N, N, Some("foo"), N, Some("\\/bar"), N, N],
        );
        check(
            "http:///?bar",
            [Some("http"), N, N, Some(""), N, Some("/"), Some("bar"), N],
        );
        check(
            "http:/test/abc",
            [Some("http"), N, N, N, N, Some("/test/abc"), N, N],
        );
        check(
            "http:foo@bar",
            [Some("http"), N, N, N, N, Some("foo@bar"), N, N],
        );
        check(
            "http:#bar",
            [Some("http"), N, N, N, N, Some(""), N, Some("bar")],
        );
        check(
            "ecmascript:a?b#c",
            [
                Some("ecmascript"),
                N,
                N,
                N,
                N,
                Some("a"),
                Some("b"),
                Some("c"),
            ],
        );
        let u = parse("http://a@b/");
        assert_eq!(u.authority.as_deref(), Some("a@b"));
        assert!(u.is_hierarchical());
    }

    #[test]
    fn user_info_host_port() {
        check(
            "http://a@b@c",
            [Some("http"), Some("a@b"), N, Some("c"), N, Some(""), N, N],
        );
        check(
            "http://ab:c:de@",
            [
                Some("http"),
                Some("ab"),
                Some("c:de"),
                Some(""),
                N,
                Some(""),
                N,
                N,
            ],
        );
        check(
            "http://[:80]",
            [Some("http"), N, N, Some("[:80]"), N, Some(""), N, N],
        );
        check(
            "http://foo:80:98",
            [
                Some("http"),
                N,
                N,
                Some("foo:80"),
                Some("98"),
                Some(""),
                N,
                N,
            ],
        );
        check(
            "http://[1:2:3/4:5]",
            [
                Some("http"),
                N,
                N,
                Some("[1:2"),
                Some("3"),
                Some("/4:5]"),
                N,
                N,
            ],
        );
        check(
            "http://a:b@[c@d:4]:3/",
            [
                Some("http"),
                Some("a"),
                Some("b@[c"),
                Some("d:4]"),
                Some("3"),
                Some("/"),
                N,
                N,
            ],
        );
        check(
            "http://User@example:/",
            [
                Some("http"),
                Some("User"),
                N,
                Some("example"),
                Some(""),
                Some("/"),
                N,
                N,
            ],
        );
    }

    #[test]
    fn not_hierarchical_and_mailto() {
        check(
            "about:#a?b",
            [Some("about"), N, N, N, N, Some("#a?b"), N, N],
        );
        check(
            "javascript://a/b?c#d",
            [Some("javascript"), N, N, N, N, Some("//a/b?c#d"), N, N],
        );
        check(
            "mailto:foo?bar#baz",
            [Some("mailto"), N, N, N, N, Some("foo"), Some("bar#baz"), N],
        );
        check(
            "mailto:#foo",
            [Some("mailto"), N, N, N, N, Some("#foo"), N, N],
        );
        check(
            "mailto:?",
            [Some("mailto"), N, N, N, N, Some(""), Some(""), N],
        );
    }

    #[test]
    fn file_drive_and_unc() {
        check(
            "file:///c:/x",
            [Some("file"), N, N, Some(""), N, Some("/c:/x"), N, N],
        );
        check(
            "file:////host/share",
            [Some("file"), N, N, Some("host"), N, Some("/share"), N, N],
        );
        check(
            "file://a:b@c:1/d",
            [Some("file"), N, N, Some("a:b@c:1"), N, Some("/d"), N, N],
        );
        check(
            "file:c:/x?q#f",
            [Some("file"), N, N, N, N, Some("c:/x"), Some("q"), Some("f")],
        );
        check(
            "c:\\foo\\bar",
            [Some("file"), N, N, Some(""), N, Some("/c:\\foo\\bar"), N, N],
        );
        check(
            "c:foo",
            [Some("file"), N, N, Some(""), N, Some("/c:/foo"), N, N],
        );
        check(
            "\\\\server\\share\\x",
            [
                Some("file"),
                N,
                N,
                Some("server"),
                N,
                Some("\\share\\x"),
                N,
                N,
            ],
        );
        check(
            "\\\\?bb\\cc",
            [Some("file"), N, N, Some(""), N, Some(""), Some("bb\\cc"), N],
        );
        assert_eq!(parse("\\\\h\\p").authority.as_deref(), Some("h"));
    }

    #[test]
    fn without_scheme() {
        let u = parse("");
        assert_eq!(u.invalid, Some(InvalidReason::NoScheme));
        assert_eq!(parts(&u), [N, N, N, N, N, Some(""), N, N]);
        let u = parse("%D9%82://coffee.example/");
        assert!(u.hierarchical);
        assert_eq!(
            parts(&u),
            [N, N, N, N, N, Some("%D9%82://coffee.example/"), N, N]
        );
        check(
            "//x:y@z:l/m?n#o",
            [
                N,
                Some("x"),
                Some("y"),
                Some("z"),
                Some("l"),
                Some("/m"),
                Some("n"),
                Some("o"),
            ],
        );
        check("///h/p", [N, N, N, Some(""), N, Some("/h/p"), N, N]);
        check("////h/p", [N, N, N, Some("h"), N, Some("/p"), N, N]);
        check("?q", [N, N, N, N, N, Some(""), Some("q"), N]);
        check("#f", [N, N, N, N, N, Some(""), N, Some("f")]);
        check("/::ab", [N, N, N, N, N, Some("/::ab"), N, N]);
    }

    #[test]
    fn preprocessing() {
        check(
            "  http://test  ",
            [Some("http"), N, N, Some("test"), N, Some(""), N, N],
        );
        check(
            "http://hoge/?foo\nbar#abc\ndef",
            [
                Some("http"),
                N,
                N,
                Some("hoge"),
                N,
                Some("/"),
                Some("foobar"),
                Some("abcdef"),
            ],
        );
    }
}
