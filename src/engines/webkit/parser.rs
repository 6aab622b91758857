//! The URL Standard's basic URL parser (<https://url.spec.whatwg.org/>,
//! the state machine of "basic URL parser"; the URL record it fills and
//! the serializer are in `record.rs`, the percent-encode sets in
//! `percent_encode.rs`), with the
//! departures of WebKit's single-pass `URLParser`
//! (`Source/WTF/wtf/URLParser.cpp`) at the places marked `WebKit rule`
//! (listed in [`super`]).
//!
//! It is written anew from the Standard's text rather than taken from the
//! `url` crate, because the crate departs from the Standard where WebKit
//! does not (`file:` hosts before a drive letter, empty `file:` path
//! segments, drive letters outside `file:`, `^` in paths, `///host`
//! against a special base, the `%20` of an opaque path's last space, an
//! empty host after `@`).  Its input is a `&str`; it works on code points,
//! in time linear in the input.

use super::host::{self, Stages};
use super::idna::IdnaData;
use super::record::is_drive_letter;
pub use super::record::{Path, Record};
use crate::text::percent::url_standard::encode_query;
pub use crate::text::percent::url_standard::{percent_encode_char, EncodeSet};
use encoding_rs::Encoding;

pub use crate::text::scheme::is_special;
use crate::text::scheme::special_default_port as default_port;

fn is_normalized_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// Whether `rest` starts with a Windows drive letter.
fn starts_with_drive_letter(rest: &[char]) -> bool {
    rest.len() >= 2
        && is_drive_letter(&rest[..2])
        && (rest.len() == 2 || matches!(rest[2], '/' | '\\' | '?' | '#'))
}

fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

fn is_double_dot(s: &str) -> bool {
    matches!(s, "..")
        || s.eq_ignore_ascii_case(".%2e")
        || s.eq_ignore_ascii_case("%2e.")
        || s.eq_ignore_ascii_case("%2e%2e")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// Why parsing failed.
pub type Failure = String;

/// The basic URL parser on `input` against `base`, with `encoding` for
/// the query of a special URL (but `ws:` and `wss:`).
pub fn parse(
    input: &str,
    base: Option<&Record>,
    encoding: &'static Encoding,
    idna: IdnaData,
) -> Result<Record, Failure> {
    // Leading and trailing C0 controls and spaces go, and every tab and
    // newline.
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let mut chars: Vec<char> = Vec::with_capacity(trimmed.len());
    // For each code point kept, the tab or newline right after it, if
    // any (for the WebKit rule of `Parser::tab_after`).
    let mut tab_after: Vec<Option<char>> = Vec::with_capacity(trimmed.len());
    for c in trimmed.chars() {
        if matches!(c, '\t' | '\n' | '\r') {
            if let Some(last) = tab_after.last_mut() {
                last.get_or_insert(c);
            }
        } else {
            chars.push(c);
            tab_after.push(None);
        }
    }
    let mut p = Parser {
        c: chars,
        tab_after,
        userinfo_prefix: None,
        url: Record::new(),
        base,
        encoding: encoding.output_encoding(),
        idna,
        drive_letter_at_start: true,
    };
    p.run()?;
    Ok(p.url)
}

struct Parser<'a> {
    c: Vec<char>,
    /// WebKit rule (a tab after `//` kept in the user name): in a relative
    /// reference against a non-special base, `URLParser`'s relative slash
    /// state steps over the second `/` with `++c` rather than `advance`,
    /// and marks the authority's start there, on a tab or newline that
    /// follows: the loop skips it, but the authority (`parseAuthority`)
    /// begins with it, percent-encoded in the user name (`//\tu@h`
    /// against `foo://h/p` is `foo://%09u@h/`).  The tab or newline after
    /// each code point kept.
    tab_after: Vec<Option<char>>,
    /// That tab or newline, once the relative slash state met it.
    userinfo_prefix: Option<char>,
    url: Record,
    base: Option<&'a Record>,
    encoding: &'static Encoding,
    idna: IdnaData,
    /// WebKit rule (a drive letter normalized only where the path
    /// begins): `URLParser` turns `C|` into `C:` (`appendWindowsDriveLetter`)
    /// only where a `file:` path begins (the file, file slash and file
    /// host states, and the path start after an empty host), never in its
    /// path state: not after a host written out (`file://h/C|` stays,
    /// `localhost` too), nor where `..` emptied the path (`../D|/`
    /// against `file:///tmp/x` is `file:///D|/`); the Standard's path
    /// state normalizes any first segment.  Cleared once a segment is
    /// read, or a host written.
    drive_letter_at_start: bool,
}

impl Parser<'_> {
    fn at(&self, i: isize) -> Option<char> {
        usize::try_from(i).ok().and_then(|i| self.c.get(i).copied())
    }

    /// The code points after `i`.
    fn remaining(&self, i: isize) -> &[char] {
        let start = usize::try_from(i + 1).unwrap_or(0).min(self.c.len());
        &self.c[start..]
    }

    fn host(&self, buffer: &str, special: bool) -> Result<String, Failure> {
        host::parse_host(buffer, special, self.idna, &mut Stages::off(host::MARKS))
    }

    fn run(&mut self) -> Result<(), Failure> {
        let mut state = State::SchemeStart;
        let mut buffer = String::new();
        let mut at_sign_seen = false;
        let mut inside_brackets = false;
        let mut password_token_seen = false;
        // The `@` of the authority, for the WebKit rule of non-special
        // URLs with credentials.
        let mut p: isize = 0;
        let len = self.c.len() as isize;
        loop {
            let c = self.at(p);
            let special = self.url.is_special();
            match state {
                State::SchemeStart => match c {
                    Some(c) if c.is_ascii_alphabetic() => {
                        buffer.push(c.to_ascii_lowercase());
                        state = State::Scheme;
                    }
                    _ => {
                        state = State::NoScheme;
                        p -= 1;
                    }
                },
                State::Scheme => match c {
                    Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {
                        buffer.push(c.to_ascii_lowercase());
                    }
                    Some(':') => {
                        self.url.scheme = std::mem::take(&mut buffer);
                        let special = self.url.is_special();
                        if self.url.scheme == "file" {
                            state = State::File;
                        } else if special && self.base.is_some_and(|b| b.scheme == self.url.scheme)
                        {
                            state = State::SpecialRelativeOrAuthority;
                        } else if special {
                            state = State::SpecialAuthoritySlashes;
                        } else if self.remaining(p).first() == Some(&'/') {
                            state = State::PathOrAuthority;
                            p += 1;
                        } else {
                            self.url.path = Path::Opaque(String::new());
                            state = State::OpaquePath;
                        }
                    }
                    _ => {
                        buffer.clear();
                        state = State::NoScheme;
                        p = -1;
                    }
                },
                State::NoScheme => {
                    let Some(base) = self.base else {
                        return Err("no scheme, and no base URL".into());
                    };
                    if base.has_opaque_path() {
                        if c != Some('#') {
                            return Err(
                                "a relative reference against a base with an opaque path".into()
                            );
                        }
                        self.url.scheme = base.scheme.clone();
                        self.url.path = base.path.clone();
                        self.url.query = base.query.clone();
                        self.url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if base.scheme != "file" {
                        state = State::Relative;
                        p -= 1;
                    } else {
                        state = State::File;
                        p -= 1;
                    }
                }
                State::SpecialRelativeOrAuthority => {
                    // WebKit rule (`http:/` against an `http:` base):
                    // `URLParser`'s special relative or authority state
                    // fails when the input ends right after its `/`.
                    if c == Some('/') && self.remaining(p).is_empty() {
                        return Err(
                            "a single slash after the scheme, against a base of that scheme".into(),
                        );
                    }
                    if c == Some('/') && self.remaining(p).first() == Some(&'/') {
                        state = State::SpecialAuthorityIgnoreSlashes;
                        p += 1;
                    } else {
                        state = State::Relative;
                        p -= 1;
                    }
                }
                State::PathOrAuthority => {
                    if c == Some('/') {
                        state = State::Authority;
                    } else {
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::Relative => {
                    let base = self.base.expect("a base in the relative state");
                    self.url.scheme = base.scheme.clone();
                    // WebKit rule (a backslash is a slash in a relative
                    // reference, special or not): `URLParser`'s relative
                    // and relative slash states take `\` as `/` whatever
                    // the scheme (the Standard: in special URLs only).
                    if matches!(c, Some('/' | '\\')) {
                        state = State::RelativeSlash;
                    } else {
                        self.copy_authority(base);
                        self.url.path = base.path.clone();
                        self.url.query = base.query.clone();
                        match c {
                            Some('?') => {
                                self.url.query = Some(String::new());
                                state = State::Query;
                            }
                            Some('#') => {
                                self.url.fragment = Some(String::new());
                                state = State::Fragment;
                            }
                            Some(_) => {
                                self.url.query = None;
                                self.url.shorten_path();
                                state = State::Path;
                                p -= 1;
                            }
                            None => {}
                        }
                    }
                }
                State::RelativeSlash => {
                    if special && matches!(c, Some('/' | '\\')) {
                        state = State::SpecialAuthorityIgnoreSlashes;
                    } else if matches!(c, Some('/' | '\\')) {
                        self.userinfo_prefix = usize::try_from(p)
                            .ok()
                            .and_then(|i| self.tab_after.get(i).copied().flatten());
                        state = State::Authority;
                    } else {
                        let base = self.base.expect("a base in the relative slash state");
                        self.copy_authority(base);
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::SpecialAuthoritySlashes => {
                    if c == Some('/') && self.remaining(p).first() == Some(&'/') {
                        p += 1;
                    } else {
                        p -= 1;
                    }
                    state = State::SpecialAuthorityIgnoreSlashes;
                }
                State::SpecialAuthorityIgnoreSlashes => {
                    if !matches!(c, Some('/' | '\\')) {
                        state = State::Authority;
                        p -= 1;
                    }
                }
                State::Authority => match c {
                    Some('@') => {
                        if at_sign_seen {
                            buffer.insert_str(0, "%40");
                        } else if let Some(t) = self.userinfo_prefix.take() {
                            buffer.insert(0, t);
                        }
                        at_sign_seen = true;
                        for ch in buffer.chars() {
                            if ch == ':' && !password_token_seen {
                                password_token_seen = true;
                                continue;
                            }
                            let target = if password_token_seen {
                                &mut self.url.password
                            } else {
                                &mut self.url.username
                            };
                            percent_encode_char(ch, EncodeSet::Userinfo, target);
                        }
                        buffer.clear();
                    }
                    None | Some('/' | '?' | '#') => {
                        if at_sign_seen && buffer.is_empty() {
                            return Err("credentials without a host".into());
                        }
                        p -= buffer.chars().count() as isize + 1;
                        buffer.clear();
                        state = State::Host;
                    }
                    Some('\\') if special => {
                        if at_sign_seen && buffer.is_empty() {
                            return Err("credentials without a host".into());
                        }
                        p -= buffer.chars().count() as isize + 1;
                        buffer.clear();
                        state = State::Host;
                    }
                    Some(ch) => buffer.push(ch),
                },
                State::Host => {
                    let end =
                        matches!(c, None | Some('/' | '?' | '#')) || (special && c == Some('\\'));
                    if c == Some(':') && !inside_brackets {
                        // WebKit rule (see `userinfo_prefix`): a host that
                        // begins with that tab is no `[` IPv6 literal, and
                        // may be empty before a port.
                        if buffer.is_empty() && self.userinfo_prefix.is_none() {
                            return Err("a port without a host".into());
                        }
                        if self.userinfo_prefix.is_some() && buffer.starts_with('[') {
                            return Err("a `[` after a tab that begins the host".into());
                        }
                        self.url.host = Some(self.host(&buffer, special)?);
                        buffer.clear();
                        state = State::Port;
                    } else if end {
                        p -= 1;
                        if special && buffer.is_empty() {
                            return Err("a special URL with an empty host".into());
                        }
                        if self.userinfo_prefix.is_some() && buffer.starts_with('[') {
                            return Err("a `[` after a tab that begins the host".into());
                        }
                        self.url.host = Some(self.host(&buffer, special)?);
                        buffer.clear();
                        self.webkit_slash_after_userinfo(special, at_sign_seen, c);
                        state = State::PathStart;
                    } else {
                        if c == Some('[') {
                            inside_brackets = true;
                        }
                        if c == Some(']') {
                            inside_brackets = false;
                        }
                        buffer.extend(c);
                    }
                }
                State::Port => {
                    if let Some(d) = c.filter(char::is_ascii_digit) {
                        buffer.push(d);
                    } else if matches!(c, None | Some('/' | '?' | '#'))
                        || (special && c == Some('\\'))
                    {
                        if !buffer.is_empty() {
                            let digits = buffer.trim_start_matches('0');
                            let port: u32 = if digits.len() > 5 {
                                u32::MAX
                            } else {
                                digits.parse().unwrap_or(0)
                            };
                            let port = u16::try_from(port)
                                .map_err(|_| "a port above 65535".to_string())?;
                            self.url.port =
                                (default_port(&self.url.scheme) != Some(port)).then_some(port);
                            buffer.clear();
                        }
                        self.webkit_slash_after_userinfo(special, at_sign_seen, c);
                        state = State::PathStart;
                        p -= 1;
                    } else {
                        return Err("a port that is not a number".into());
                    }
                }
                State::File => {
                    self.url.scheme = "file".into();
                    self.url.host = Some(String::new());
                    let base = self.base.filter(|b| b.scheme == "file");
                    if matches!(c, Some('/' | '\\')) {
                        state = State::FileSlash;
                    } else if let Some(base) = base {
                        self.url.host = base.host.clone();
                        self.url.path = base.path.clone();
                        self.url.query = base.query.clone();
                        match c {
                            Some('?') => {
                                self.url.query = Some(String::new());
                                state = State::Query;
                            }
                            Some('#') => {
                                self.url.fragment = Some(String::new());
                                state = State::Fragment;
                            }
                            Some(_) => {
                                self.url.query = None;
                                let rest = &self.c[p as usize..];
                                if !starts_with_drive_letter(rest) {
                                    // WebKit rule (a base's drive letter
                                    // dropped by a relative file: path):
                                    // `URLParser`'s file state copies the
                                    // base up to its last slash
                                    // (`copyURLPartsUntil(base,
                                    // PathAfterLastSlash)`), so the last
                                    // segment goes even when it is a drive
                                    // letter: `x` against `file:///C:` is
                                    // `file:///x` (the Standard:
                                    // `file:///C:/x`).
                                    self.url.segments().pop();
                                } else {
                                    self.url.path = Path::Segments(Vec::new());
                                }
                                state = State::Path;
                                p -= 1;
                            }
                            None => {}
                        }
                    } else {
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::FileSlash => {
                    if matches!(c, Some('/' | '\\')) {
                        state = State::FileHost;
                    } else {
                        if let Some(base) = self.base.filter(|b| b.scheme == "file") {
                            self.url.host = base.host.clone();
                            let rest = usize::try_from(p)
                                .map_or(&self.c[..0], |i| &self.c[i.min(self.c.len())..]);
                            if !starts_with_drive_letter(rest) {
                                if let Path::Segments(s) = &base.path {
                                    if let Some(first) =
                                        s.first().filter(|f| is_normalized_drive_letter(f))
                                    {
                                        let first = first.clone();
                                        self.url.segments().push(first);
                                    }
                                }
                            }
                        }
                        state = State::Path;
                        p -= 1;
                    }
                }
                State::FileHost => {
                    if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
                        p -= 1;
                        let b: Vec<char> = buffer.chars().collect();
                        if is_drive_letter(&b) && matches!(c, Some('?' | '#')) {
                            // WebKit rule (a drive letter in the host
                            // place before `?` or `#` gets a `/`): the
                            // file host state's drive letter quirk writes
                            // `/` after the drive letter when a query or
                            // fragment follows (`file://C:?q` is
                            // `file:///C:/?q`; the Standard: `file:///C:?q`).
                            self.url.path = Path::Segments(vec![format!("{}:", b[0])]);
                            buffer.clear();
                            self.drive_letter_at_start = false;
                            state = State::Path;
                        } else if is_drive_letter(&b) {
                            // The buffer is not reset: the path state
                            // takes the drive letter.
                            state = State::Path;
                        } else if buffer.is_empty() {
                            self.url.host = Some(String::new());
                            // WebKit rule (see `drive_letter_at_start`):
                            // after an empty `file:` host, `C|` is
                            // normalized when a `/` begins the path, not
                            // a `\` (`file://\C|` stays).
                            if c == Some('\\') {
                                self.drive_letter_at_start = false;
                            }
                            state = State::PathStart;
                        } else {
                            let mut h = self.host(&buffer, special)?;
                            if h == "localhost" {
                                h.clear();
                            }
                            self.url.host = Some(h);
                            self.drive_letter_at_start = false;
                            buffer.clear();
                            state = State::PathStart;
                        }
                    } else {
                        buffer.extend(c);
                    }
                }
                State::PathStart => {
                    if special {
                        state = State::Path;
                        if !matches!(c, Some('/' | '\\')) {
                            p -= 1;
                        }
                    } else if c == Some('?') {
                        self.url.query = Some(String::new());
                        state = State::Query;
                    } else if c == Some('#') {
                        self.url.fragment = Some(String::new());
                        state = State::Fragment;
                    } else if c.is_some() {
                        state = State::Path;
                        if c != Some('/') {
                            p -= 1;
                        }
                    }
                }
                State::Path => {
                    let slash = c == Some('/') || (special && c == Some('\\'));
                    // WebKit rule (non-special backslash dot segments):
                    // `URLParser::isSingleDotPathSegment` and
                    // `isDoubleDotPathSegment` end a dot segment at a
                    // backslash in any URL, and `consumeSingleDotPathSegment`
                    // takes the backslash as the separator.
                    let webkit_dot_backslash = !special
                        && c == Some('\\')
                        && (is_single_dot(&buffer) || is_double_dot(&buffer));
                    if c.is_none() || slash || webkit_dot_backslash || matches!(c, Some('?' | '#'))
                    {
                        let sep = slash || webkit_dot_backslash;
                        if is_double_dot(&buffer) {
                            self.url.shorten_path();
                            if !sep {
                                self.url.segments().push(String::new());
                            }
                        } else if is_single_dot(&buffer) {
                            if !sep {
                                self.url.segments().push(String::new());
                            }
                        } else {
                            let file = self.url.scheme == "file";
                            let segments = self.url.segments();
                            if file && segments.is_empty() && self.drive_letter_at_start {
                                let b: Vec<char> = buffer.chars().collect();
                                if is_drive_letter(&b) {
                                    buffer = format!("{}:", b[0]);
                                }
                            }
                            segments.push(std::mem::take(&mut buffer));
                        }
                        buffer.clear();
                        self.drive_letter_at_start = false;
                        if c == Some('?') {
                            self.url.query = Some(String::new());
                            state = State::Query;
                        }
                        if c == Some('#') {
                            self.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                    } else if let Some(ch) = c {
                        percent_encode_char(ch, EncodeSet::Path, &mut buffer);
                    }
                }
                State::OpaquePath => match c {
                    Some('?') => {
                        self.url.query = Some(String::new());
                        state = State::Query;
                    }
                    Some('#') => {
                        self.url.fragment = Some(String::new());
                        state = State::Fragment;
                    }
                    Some(ch) => {
                        let before_query = matches!(self.remaining(p).first(), Some('?' | '#'));
                        if let Path::Opaque(path) = &mut self.url.path {
                            if ch == ' ' && before_query {
                                path.push_str("%20");
                            } else {
                                percent_encode_char(ch, EncodeSet::C0Control, path);
                            }
                        }
                    }
                    None => {}
                },
                State::Query => {
                    if c == Some('#') || c.is_none() {
                        let set = if special {
                            EncodeSet::SpecialQuery
                        } else {
                            EncodeSet::Query
                        };
                        let utf8 = !special || matches!(self.url.scheme.as_str(), "ws" | "wss");
                        let q = self.url.query.get_or_insert_with(String::new);
                        encode_query(
                            &buffer,
                            if utf8 {
                                encoding_rs::UTF_8
                            } else {
                                self.encoding
                            },
                            set,
                            q,
                        );
                        buffer.clear();
                        if c == Some('#') {
                            self.url.fragment = Some(String::new());
                            state = State::Fragment;
                        }
                    } else {
                        buffer.extend(c);
                    }
                }
                State::Fragment => {
                    if let Some(ch) = c {
                        let f = self.url.fragment.get_or_insert_with(String::new);
                        percent_encode_char(ch, EncodeSet::Fragment, f);
                    }
                }
            }
            if p >= len {
                break;
            }
            p += 1;
        }
        // The end of input in a state that needs more.
        Ok(())
    }

    fn copy_authority(&mut self, base: &Record) {
        self.url.username = base.username.clone();
        self.url.password = base.password.clone();
        self.url.host = base.host.clone();
        self.url.port = base.port;
    }

    /// WebKit rule (non-special path after credentials): after an `@`,
    /// `URLParser`'s host state gives a URL whose host (and port) is
    /// followed by `?` or `#` the path `/`, special or not (the Standard
    /// leaves a non-special URL's path empty): `foo://u@h?q` is
    /// `foo://u@h/?q`, while `foo://h?q` stays.
    fn webkit_slash_after_userinfo(&mut self, special: bool, at_sign_seen: bool, c: Option<char>) {
        if !special && at_sign_seen && matches!(c, Some('?' | '#')) {
            self.url.path = Path::Segments(vec![String::new()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::UTF_8;

    fn href(input: &str, base: Option<&str>) -> Option<String> {
        let base = match base {
            Some(b) => Some(parse(b, None, UTF_8, IdnaData::Icu72).ok()?),
            None => None,
        };
        parse(input, base.as_ref(), UTF_8, IdnaData::Icu72)
            .ok()
            .map(|r| r.href())
    }

    #[test]
    fn the_standard() {
        let cases: &[(&str, Option<&str>, Option<&str>)] = &[
            (
                "HTTP://EXAMPLE.com:80/a/./b/../c?q#f",
                None,
                Some("http://example.com/a/c?q#f"),
            ),
            ("https:example.org", None, Some("https://example.org/")),
            ("///host/p", Some("http://b/"), Some("http://host/p")),
            (
                "file://example.net/C:/",
                None,
                Some("file://example.net/C:/"),
            ),
            ("file:////p", None, Some("file:////p")),
            ("file:///c|/", None, Some("file:///c:/")),
            ("C|/", Some("file://host/"), Some("file://host/C:/")),
            ("/..", Some("file:///C:/x"), Some("file:///C:/")),
            ("foo://h/c:/..", None, Some("foo://h/")),
            ("http://h/p^", None, Some("http://h/p%5E")),
            ("a1:x #f", None, Some("a1:x%20#f")),
            ("about://@", None, None),
            ("web+demo:/.//p", None, Some("web+demo:/.//p")),
            ("sc://\u{1}/", None, Some("sc://%01/")),
            ("http://[::1]:8080/", None, Some("http://[::1]:8080/")),
            ("#x", Some("sc:opaque"), Some("sc:opaque#x")),
            ("x", Some("sc:opaque"), None),
            ("http://u:@h/", None, Some("http://u@h/")),
            ("http://@h/", None, Some("http://h/")),
            ("http://a@b@c/", None, Some("http://a%40b@c/")),
            ("?'", Some("foo://b/d"), Some("foo://b/d?'")),
            ("?'", Some("http://b/d"), Some("http://b/d?%27")),
            ("  http://h/\t\n  ", None, Some("http://h/")),
            (
                "file:..",
                Some("http://www.example.com/test"),
                Some("file:///"),
            ),
            (
                "\\\\server\\file",
                Some("file:///tmp/mock/path"),
                Some("file://server/file"),
            ),
        ];
        for (input, base, want) in cases {
            assert_eq!(
                href(input, *base).as_deref(),
                *want,
                "{input:?} against {base:?}"
            );
        }
    }

    #[test]
    fn webkit_rules() {
        assert_eq!(href("foo://h//.\\", None).as_deref(), Some("foo://h//"));
        assert_eq!(href("..\\g", Some("foo:/a/b")).as_deref(), Some("foo:/g"));
        assert_eq!(href("sc://u@h#f", None).as_deref(), Some("sc://u@h/#f"));
        assert_eq!(href("foo://U@h:#f", None).as_deref(), Some("foo://U@h/#f"));
        assert_eq!(href("foo://h?q", None).as_deref(), Some("foo://h?q"));
        assert_eq!(href("foo://u@h", None).as_deref(), Some("foo://u@h"));
        assert_eq!(href("http://a\u{180E}b/", None), None);
        assert_eq!(
            href("//\tu@h/", Some("foo://h/p/q")).as_deref(),
            Some("foo://%09u@h/")
        );
        assert_eq!(
            href("//\tu@h/", Some("http://h/p/q")).as_deref(),
            Some("http://u@h/")
        );
        assert_eq!(
            href("//\th/", Some("foo://h/p/q")).as_deref(),
            Some("foo://h/")
        );
        assert_eq!(
            href("//\t:8/x", Some("foo://h/p/q")).as_deref(),
            Some("foo://:8/x")
        );
        assert_eq!(href("//\t[::1]/x", Some("foo://h/p/q")), None);
    }

    #[test]
    fn query_encodings() {
        let sjis = encoding_rs::SHIFT_JIS;
        let r = parse(
            "http://h/?\u{3042}\u{e9}#\u{e9}",
            None,
            sjis,
            IdnaData::Icu72,
        )
        .unwrap();
        assert_eq!(r.href(), "http://h/?%82%A0%26%23233%3B#%C3%A9");
        let r = parse("ws://h/?\u{3042}", None, sjis, IdnaData::Icu72).unwrap();
        assert_eq!(r.href(), "ws://h/?%E3%81%82");
    }
}
