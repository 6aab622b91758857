//! Parsing: a string into [`Parsed`] components, by the kind of URL its
//! scheme makes it, before any canonicalization.  Chromium's
//! `url/third_party/mozilla/url_parse.cc` (`DoParseStandardURL`,
//! `DoParseAfterSpecialScheme`, `DoParseNonSpecialURL`,
//! `DoParseAfterNonSpecialScheme`, `DoParsePathURL`,
//! `DoParseFileSystemURL`, `DoParseAuthority`, `ParseServerInfo`,
//! `ParsePath`, `DoExtractScheme`) and `url/url_parse_file.cc`
//! (`DoParseFileURL` as built for Linux: no drive letters, `file:` with
//! exactly two slashes has a host).
//!
//! Every delimiter is ASCII, so the ranges are those of the UTF-8 string
//! (what Blink hands the library for a string of Latin-1 characters; for
//! a string of UTF-16 code units the same ranges are found).

use super::component::{Parsed, Part, Span};

/// Whether the library trims `b` from the ends of a URL: a C0 control or
/// a space (`ShouldTrimFromURL`).
pub(crate) fn trimmed(b: u8) -> bool {
    b <= b' '
}

/// `s` without the C0 controls and spaces at its start and, when
/// `trim_end`, its end (`TrimURL`): the range kept.
pub(crate) fn trim(s: &str, trim_end: bool) -> Span {
    let b = s.as_bytes();
    let mut begin = 0;
    while begin < b.len() && trimmed(b[begin]) {
        begin += 1;
    }
    let mut end = b.len();
    if trim_end {
        while end > begin && trimmed(b[end - 1]) {
            end -= 1;
        }
    }
    Span::new(begin, end)
}

/// `/` or `\` (`IsSlashOrBackslash`).
pub(crate) fn is_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// The number of `/` and `\` at `from` (`CountConsecutiveSlashes`).
pub(crate) fn count_slashes(s: &[u8], from: usize, end: usize) -> usize {
    s.get(from..end)
        .map_or(0, |t| t.iter().take_while(|&&b| is_slash(b)).count())
}

/// The number of `/` (not `\`) at `from`
/// (`CountConsecutiveSlashesButNotCountBackslashes`).
fn count_forward_slashes(s: &[u8], from: usize, end: usize) -> usize {
    s.get(from..end)
        .map_or(0, |t| t.iter().take_while(|&&b| b == b'/').count())
}

/// The scheme of `s[..end]`: from the first character that is not a C0
/// control or space to the first `:` (`DoExtractScheme`); `None` when there
/// is no `:`.  The scheme may be empty, or hold any character.
pub(crate) fn extract_scheme(s: &str, begin: usize, end: usize) -> Part {
    let b = s.as_bytes();
    let mut i = begin;
    while i < end && trimmed(b[i]) {
        i += 1;
    }
    if i == end {
        return None;
    }
    b[i..end]
        .iter()
        .position(|&c| c == b':')
        .map(|p| Span::new(i, i + p))
}

/// Whether `b` ends an authority (`IsAuthorityTerminator`): `/`, `?`, `#`,
/// and `\` in a special URL.
fn ends_authority(b: u8, special: bool) -> bool {
    b == b'/' || b == b'?' || b == b'#' || (special && b == b'\\')
}

/// Splits `user` at its first `:` into the user name and the password
/// (`ParseUserInfo`).
fn parse_user_info(s: &[u8], user: Span, parsed: &mut Parsed) {
    match s[user.begin..user.end].iter().position(|&c| c == b':') {
        Some(p) => {
            parsed.username = Some(Span::new(user.begin, user.begin + p));
            parsed.password = Some(Span::new(user.begin + p + 1, user.end));
        }
        None => {
            parsed.username = Some(user);
            parsed.password = None;
        }
    }
}

/// Splits the host and the port (`ParseServerInfo`): the port follows the
/// last `:` after the last `]` (or after the start when the host does not
/// begin with `[`).
fn parse_server_info(s: &[u8], info: Span, parsed: &mut Parsed) {
    if info.is_empty() {
        parsed.host = None;
        parsed.port = None;
        return;
    }
    let mut ipv6_end: Option<usize> = (s[info.begin] == b'[').then_some(info.end);
    let mut colon: Option<usize> = None;
    for (i, &c) in s.iter().enumerate().take(info.end).skip(info.begin) {
        match c {
            b']' => ipv6_end = Some(i),
            b':' => colon = Some(i),
            _ => {}
        }
    }
    match colon {
        Some(c) if ipv6_end.is_none_or(|e| c > e) => {
            let host = Span::new(info.begin, c);
            parsed.host = (!host.is_empty()).then_some(host);
            parsed.port = Some(Span::new(c + 1, info.end));
        }
        _ => {
            parsed.host = Some(info);
            parsed.port = None;
        }
    }
}

/// Splits an authority into user name, password, host and port at its
/// last `@` (`DoParseAuthority`).  An empty authority has no host in a
/// special URL and an empty one in a non-special URL.
fn parse_authority(s: &[u8], auth: Span, special: bool, parsed: &mut Parsed) {
    if auth.is_empty() {
        parsed.username = None;
        parsed.password = None;
        parsed.host = (!special).then_some(auth);
        parsed.port = None;
        return;
    }
    match s[auth.begin..auth.end].iter().rposition(|&c| c == b'@') {
        Some(p) => {
            let at = auth.begin + p;
            parse_user_info(s, Span::new(auth.begin, at), parsed);
            parse_server_info(s, Span::new(at + 1, auth.end), parsed);
        }
        None => {
            parsed.username = None;
            parsed.password = None;
            parse_server_info(s, auth, parsed);
        }
    }
}

/// Splits what follows the authority into path, query and fragment
/// (`ParsePath`): the fragment from the first `#`, the query from the first
/// `?` before it; an empty path is no path.
pub(crate) fn parse_path(s: &[u8], path: Span) -> (Part, Part, Part) {
    let text = &s[path.begin..path.end];
    let hash = text.iter().position(|&c| c == b'#').map(|p| path.begin + p);
    let before_hash = hash.unwrap_or(path.end);
    let question = s[path.begin..before_hash]
        .iter()
        .position(|&c| c == b'?')
        .map(|p| path.begin + p);
    let fragment = hash.map(|h| Span::new(h + 1, path.end));
    let query = question.map(|q| Span::new(q + 1, before_hash));
    let file_end = question.unwrap_or(before_hash);
    let file = (file_end != path.begin).then(|| Span::new(path.begin, file_end));
    (file, query, fragment)
}

fn set_path(s: &[u8], path: Span, parsed: &mut Parsed) {
    let (p, q, f) = parse_path(s, path);
    parsed.path = p;
    parsed.query = q;
    parsed.fragment = f;
}

/// What follows a special scheme (`DoParseAfterSpecialScheme`): any number
/// of `/` and `\`, the authority up to the next `/`, `\`, `?` or `#`, then
/// the path.
pub(crate) fn parse_after_special_scheme(s: &str, end: usize, after: usize, parsed: &mut Parsed) {
    let b = s.as_bytes();
    let after_slashes = after + count_slashes(b, after, end);
    let end_auth = (after_slashes..end)
        .find(|&i| ends_authority(b[i], true))
        .unwrap_or(end);
    parse_authority(b, Span::new(after_slashes, end_auth), true, parsed);
    set_path(b, Span::new(end_auth, end), parsed);
}

/// A standard URL (`DoParseStandardURL`).
pub(crate) fn parse_standard(s: &str) -> Parsed {
    let t = trim(s, true);
    let mut parsed = Parsed {
        scheme: extract_scheme(s, 0, t.end),
        ..Parsed::default()
    };
    let after = parsed.scheme.map_or(t.begin, |sc| sc.end + 1);
    parse_after_special_scheme(s, t.end, after, &mut parsed);
    parsed
}

/// What follows a non-special scheme (`DoParseAfterNonSpecialScheme`): an
/// authority after exactly `//` (backslashes do not count), else a path
/// (opaque when it does not begin with `/`).
pub(crate) fn parse_after_non_special_scheme(
    s: &str,
    end: usize,
    after: usize,
    parsed: &mut Parsed,
) {
    let b = s.as_bytes();
    let slashes = count_forward_slashes(b, after, end);
    if slashes >= 2 {
        parsed.opaque_path = false;
        let after_slashes = after + 2;
        let end_auth = (after_slashes..end)
            .find(|&i| ends_authority(b[i], false))
            .unwrap_or(end);
        parse_authority(b, Span::new(after_slashes, end_auth), false, parsed);
        set_path(b, Span::new(end_auth, end), parsed);
        return;
    }
    parsed.opaque_path = slashes == 0;
    parsed.username = None;
    parsed.password = None;
    parsed.host = None;
    parsed.port = None;
    set_path(b, Span::new(after, end), parsed);
}

/// A non-special URL (`DoParseNonSpecialURL`).
pub(crate) fn parse_non_special(s: &str, trim_end: bool) -> Parsed {
    let t = trim(s, trim_end);
    let mut parsed = Parsed {
        scheme: extract_scheme(s, 0, t.end),
        ..Parsed::default()
    };
    let after = parsed.scheme.map_or(0, |sc| sc.end + 1);
    parse_after_non_special_scheme(s, t.end, after, &mut parsed);
    parsed
}

/// A "path URL": a scheme and everything after it as the path
/// (`DoParsePathURL`), for the non-special schemes Chromium keeps opaque.
pub(crate) fn parse_path_url(s: &str, trim_end: bool) -> Parsed {
    let t = trim(s, trim_end);
    let mut parsed = Parsed::default();
    if t.is_empty() {
        return parsed;
    }
    parsed.scheme = extract_scheme(s, t.begin, t.end);
    let path_begin = parsed.scheme.map_or(t.begin, |sc| sc.end + 1);
    if path_begin == t.end {
        return parsed;
    }
    set_path(s.as_bytes(), Span::new(path_begin, t.end), &mut parsed);
    parsed
}

/// A `file:` URL as Chromium's Linux build parses it (`DoParseFileURL`
/// without its `#ifdef WIN32` parts): exactly two slashes (or
/// backslashes) after the scheme give a host up to the next slash
/// (`DoParseUNC`; `?` and `#` do not end it); any other number, a path
/// that keeps the last slash (`DoParseLocalFile`).
pub(crate) fn parse_file(s: &str) -> Parsed {
    let t = trim(s, true);
    let b = s.as_bytes();
    let end = t.end;
    let mut parsed = Parsed::default();
    let leading = count_slashes(b, t.begin, end);
    let after_scheme = match (leading, extract_scheme(s, t.begin, end)) {
        (0, Some(sc)) => {
            parsed.scheme = Some(sc);
            sc.end + 1
        }
        _ => t.begin,
    };
    if after_scheme == end {
        return parsed;
    }
    let slashes = count_slashes(b, after_scheme, end);
    let after_slashes = after_scheme + slashes;
    if slashes == 2 {
        let next_slash = (after_slashes..end)
            .find(|&i| is_slash(b[i]))
            .unwrap_or(end);
        parsed.host = (after_slashes < next_slash).then(|| Span::new(after_slashes, next_slash));
        if next_slash < end {
            set_path(b, Span::new(next_slash, end), &mut parsed);
        }
        return parsed;
    }
    parsed.host = None;
    let path_begin = if slashes > 0 {
        after_scheme + slashes - 1
    } else {
        after_scheme
    };
    set_path(b, Span::new(path_begin, end), &mut parsed);
    parsed
}

/// A `filesystem:` URL (`DoParseFileSystemURL`): an inner `file:` or
/// standard URL whose path's first segment (the file system type) stays
/// inner; the rest of its path, its query and fragment are the outer
/// URL's.
pub(crate) fn parse_filesystem(s: &str, is_standard: impl Fn(&str) -> bool) -> Parsed {
    let t = trim(s, true);
    let end = t.end;
    let mut parsed = Parsed::default();
    if t.is_empty() {
        return parsed;
    }
    let Some(scheme) = extract_scheme(s, t.begin, end) else {
        return parsed;
    };
    parsed.scheme = Some(scheme);
    if scheme.end + 1 >= end {
        return parsed;
    }
    let inner_start = scheme.end + 1;
    let Some(inner_scheme) = extract_scheme(s, inner_start, end) else {
        return parsed;
    };
    if inner_scheme.end + 1 >= end {
        return parsed;
    }
    let inner_text = &s[inner_start..end];
    let name = inner_scheme.of(s);
    let mut inner = if name.eq_ignore_ascii_case("file") {
        parse_file(inner_text)
    } else if name.eq_ignore_ascii_case("filesystem") || !is_standard(name) {
        return parsed;
    } else {
        parse_standard(inner_text)
    };
    let shift = |p: &mut Part| {
        if let Some(sp) = p {
            *sp = Span::new(sp.begin + inner_start, sp.end + inner_start);
        }
    };
    for p in [
        &mut inner.scheme,
        &mut inner.username,
        &mut inner.password,
        &mut inner.host,
        &mut inner.port,
        &mut inner.path,
        &mut inner.query,
        &mut inner.fragment,
    ] {
        shift(p);
    }
    parsed.query = inner.query.take();
    parsed.fragment = inner.fragment.take();
    let b = s.as_bytes();
    let inner_path = inner.path;
    let keep = inner.scheme.is_some() && inner.inner.is_none();
    parsed.inner = Some(Box::new(inner));
    let (true, Some(ip)) = (keep, inner_path) else {
        return parsed;
    };
    if !is_slash(b[ip.begin]) {
        return parsed;
    }
    let mut type_end = ip.begin + 1;
    while type_end < end && !is_slash(b[type_end]) {
        type_end += 1;
    }
    parsed.path = Some(Span::new(type_end, ip.end));
    if let Some(inner) = parsed.inner.as_mut() {
        inner.path = Some(Span::new(ip.begin, type_end));
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str, p: Part) -> Option<&str> {
        p.map(|sp| sp.of(s))
    }

    #[test]
    fn standard_urls_take_any_slashes_and_split_at_the_last_at() {
        let s = "HTTP:\\\\u:p@x@h:81\\a?b#c";
        let p = parse_standard(s);
        assert_eq!(text(s, p.scheme), Some("HTTP"));
        assert_eq!(text(s, p.username), Some("u"));
        assert_eq!(text(s, p.password), Some("p@x"));
        assert_eq!(text(s, p.host), Some("h"));
        assert_eq!(text(s, p.port), Some("81"));
        assert_eq!(text(s, p.path), Some("\\a"));
        assert_eq!(text(s, p.query), Some("b"));
        assert_eq!(text(s, p.fragment), Some("c"));
        let s = "http://[::1]:8/";
        let p = parse_standard(s);
        assert_eq!(
            (text(s, p.host), text(s, p.port)),
            (Some("[::1]"), Some("8"))
        );
    }

    #[test]
    fn file_urls_have_a_host_after_exactly_two_slashes() {
        let s = "file://h?q/x";
        let p = parse_file(s);
        assert_eq!(text(s, p.host), Some("h?q"));
        assert_eq!(text(s, p.path), Some("/x"));
        let s = "file:////h/x";
        let p = parse_file(s);
        assert_eq!((p.host, text(s, p.path)), (None, Some("/h/x")));
        let s = "file:C|/x";
        assert_eq!(text(s, parse_file(s).path), Some("C|/x"));
    }

    #[test]
    fn non_special_urls_need_two_forward_slashes_for_an_authority() {
        let s = "foo:\\\\h/x";
        let p = parse_non_special(s, true);
        assert!(p.opaque_path && p.host.is_none());
        let s = "foo:///x";
        let p = parse_non_special(s, true);
        assert_eq!((text(s, p.host), text(s, p.path)), (Some(""), Some("/x")));
    }

    #[test]
    fn filesystem_urls_keep_the_type_inner() {
        let s = "filesystem:http://h/temporary/a/b?q";
        let p = parse_filesystem(s, |n| n == "http");
        let inner = p.inner.as_ref().unwrap();
        assert_eq!(text(s, inner.path), Some("/temporary"));
        assert_eq!(text(s, p.path), Some("/a/b"));
        assert_eq!(text(s, p.query), Some("q"));
    }
}
