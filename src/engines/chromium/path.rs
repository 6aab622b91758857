//! The path (`url/url_canon_path.cc` `DoPath`, `DoPartialPathInternal`,
//! `kPathCharLookup`, `ClassifyAfterDot`, `BackUpToPreviousSlash`).
//!
//! - Escaped (`kPathCharLookup` `ESCAPE`): C0 controls, space, `"`, `#`,
//!   `%` when it begins no escape, `<`, `>`, `?`, `` ` ``, `{`, `|`, `}`,
//!   `^`, DEL and every octet beyond ASCII.  The URL Standard's path
//!   percent-encode set has neither `|` (`sc:/a|b` → `sc:/a%7Cb`) nor,
//!   before 2025, `^`.  Escapes are kept as written, never decoded.
//! - `.` and `%2e` (either case) segments are dot segments when they follow
//!   a `/` in the output and are followed by the end, `/` or `\` — in a
//!   non-special URL too, where `\` is otherwise kept as a character
//!   (`foo://h/a/.\b` → `foo://h/a/b`).  In a special URL `\` is written
//!   `/`.

use super::component::{Part, Span};
use super::escape::{decode_escape, push_escape};
use super::parse::is_slash;

/// How the path is read: a special URL (`\` is `/`) or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Special,
    NonSpecial,
}

/// Whether the path escapes the octet `b` (`kPathCharLookup`).
fn escaped(b: u8) -> bool {
    !(0x21..0x7F).contains(&b)
        || matches!(
            b,
            b'"' | b'#' | b'%' | b'<' | b'>' | b'?' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}'
        )
}

/// The length of a dot at `i` (`.` or `%2e`), or 0 (`IsDot`).
fn dot_len(s: &[u8], i: usize, end: usize) -> usize {
    match s.get(i) {
        Some(b'.') => 1,
        Some(b'%') if i + 3 <= end && s[i + 1] == b'2' && matches!(s[i + 2], b'e' | b'E') => 3,
        _ => 0,
    }
}

enum Dots {
    NotADirectory,
    Current(usize),
    Up(usize),
}

/// What the dot before `after` is (`ClassifyAfterDot`): with how many more
/// characters it consumes.
fn classify(s: &[u8], after: usize, end: usize) -> Dots {
    if after == end {
        return Dots::Current(0);
    }
    if is_slash(s[after]) {
        return Dots::Current(1);
    }
    let second = dot_len(s, after, end);
    if second > 0 {
        let after2 = after + second;
        if after2 == end {
            return Dots::Up(second);
        }
        if is_slash(s[after2]) {
            return Dots::Up(second + 1);
        }
    }
    Dots::NotADirectory
}

/// Cuts `out` back to the slash before its last one, never above
/// `path_begin` (`BackUpToPreviousSlash`).
fn back_up(path_begin: usize, out: &mut String) {
    let b = out.as_bytes();
    if b.is_empty() || path_begin >= b.len() {
        return;
    }
    let mut i = b.len() - 1;
    if i == path_begin {
        return;
    }
    loop {
        i -= 1;
        if b[i] == b'/' || i <= path_begin {
            break;
        }
    }
    out.truncate(i + 1);
}

/// Appends the path `path` of `spec` to `out`, whose path begins at
/// `path_begin` (`DoPartialPathInternal`): whether it is valid (always).
pub(crate) fn push_partial(
    spec: &str,
    path: Span,
    path_begin: usize,
    mode: Mode,
    out: &mut String,
) -> bool {
    let s = spec.as_bytes();
    let end = path.end;
    let mut i = path.begin;
    while i < end {
        let b = s[i];
        let dots = dot_len(s, i, end);
        if dots > 0 {
            if out.len() > path_begin && out.ends_with('/') {
                match classify(s, i + dots, end) {
                    Dots::NotADirectory => {
                        out.push_str(&spec[i..i + dots]);
                        i += dots;
                    }
                    Dots::Current(more) => i += dots + more,
                    Dots::Up(more) => {
                        back_up(path_begin, out);
                        i += dots + more;
                    }
                }
            } else {
                out.push_str(&spec[i..i + dots]);
                i += dots;
            }
            continue;
        }
        match b {
            b'\\' => out.push(if mode == Mode::Special { '/' } else { '\\' }),
            b'%' => match decode_escape(s, i) {
                Some(_) => {
                    out.push_str(&spec[i..i + 3]);
                    i += 3;
                    continue;
                }
                None => out.push('%'),
            },
            b if escaped(b) => push_escape(b, out),
            b => out.push(char::from(b)),
        }
        i += 1;
    }
    true
}

/// Appends the path `path` of `spec` (`DoPath`): a `/` first when it does
/// not begin with one; an absent or empty path is `/` in a special URL and
/// nothing otherwise.  Its span, and whether it is valid.
pub(crate) fn canonicalize(spec: &str, path: Part, mode: Mode, out: &mut String) -> (Part, bool) {
    let begin = out.len();
    match path.filter(|p| !p.is_empty()) {
        Some(p) => {
            let first = spec.as_bytes()[p.begin];
            let begins_with_slash = match mode {
                Mode::Special => is_slash(first),
                Mode::NonSpecial => first == b'/',
            };
            if !begins_with_slash {
                out.push('/');
            }
            let ok = push_partial(spec, p, begin, mode, out);
            (Some(Span::new(begin, out.len())), ok)
        }
        None if mode == Mode::Special => {
            out.push('/');
            (Some(Span::new(begin, out.len())), true)
        }
        None => (Some(Span::new(begin, begin)), true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(s: &str, mode: Mode) -> String {
        let mut out = String::new();
        canonicalize(s, Some(Span::new(0, s.len())), mode, &mut out);
        out
    }

    #[test]
    fn paths() {
        assert_eq!(path("/a/./b/../c", Mode::Special), "/a/c");
        assert_eq!(path("/a/%2E%2e/c", Mode::Special), "/c");
        assert_eq!(path("/a%2eb/%2e.x/%2e.", Mode::Special), "/a%2eb/");
        assert_eq!(path("/a%2E", Mode::Special), "/a%2E");
        assert_eq!(path("/../../x", Mode::Special), "/x");
        assert_eq!(
            path("/a|b^c{d}`e\"f", Mode::Special),
            "/a%7Cb%5Ec%7Bd%7D%60e%22f"
        );
        assert_eq!(path("/%41%zz%", Mode::Special), "/%41%zz%");
        assert_eq!(path("\\a\\b", Mode::Special), "/a/b");
        assert_eq!(path("/a\\b/.\\c", Mode::NonSpecial), "/a\\b/c");
        assert_eq!(path("/é", Mode::Special), "/%C3%A9");
        assert_eq!(path("/a/..", Mode::Special), "/");
        assert_eq!(path("/a/...", Mode::Special), "/a/...");
    }
}
