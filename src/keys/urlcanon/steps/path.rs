//! The steps on the path: percent-encoding it, its leading slash and the
//! empty path's, `.` and `..` segments (`normalize_path_dots`), runs of
//! slashes, the trailing slash and case.

use super::pct::{pct_encode, C0, PATH};
use super::{lowercase, rewrite, Work};
use crate::keys::urlcanon::parse::Url;
use crate::keys::KeyError;

/// `pct_encode_path`: the path percent-encode set where the path starts
/// with `/` or the scheme is special, the C0 control set otherwise:
/// `/a b` → `/a%20b`.
pub(in crate::keys::urlcanon) fn pct_encode_path(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    let set = if url.path.first() == Some(&b'/') || url.is_special() {
        &PATH
    } else {
        &C0
    };
    Ok(pct_encode(&mut url.path, set, &mut work.a))
}

/// `empty_path_to_slash`: a special URL with an authority and no path
/// gets `/`: `http://a` → `http://a/`.
pub(in crate::keys::urlcanon) fn empty_path_to_slash(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.path.is_empty() && url.has_authority() && url.is_special() {
        url.path.push(b'/');
        return Ok(true);
    }
    Ok(false)
}

/// `leading_slash`: a special URL's path starts with `/`: `a/b` →
/// `/a/b`.
pub(in crate::keys::urlcanon) fn leading_slash(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.is_special() && url.path.first() != Some(&b'/') {
        url.path.insert(0, b'/');
        return Ok(true);
    }
    Ok(false)
}

/// The length of `.` or `%2e` (any case) at the start of `s`.
fn dot_len(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'.') {
        Some(1)
    } else if s.len() >= 3 && s[0] == b'%' && s[1] == b'2' && (s[2] | 0x20) == b'e' {
        Some(3)
    } else {
        None
    }
}

/// PATH_DOTS_REGEX `\A([.]|%2e)([.]|%2e)?\Z` (ignoring case): `Some(true)`
/// for `..`, `Some(false)` for `.`.
fn dots(seg: &[u8]) -> Option<bool> {
    let a = dot_len(seg)?;
    if a == seg.len() {
        return Some(false);
    }
    let b = dot_len(&seg[a..])?;
    (a + b == seg.len()).then_some(true)
}

/// `resolve_path_dots`: the path as alternating separators and segments;
/// a `.` segment is dropped with the separator after it, a `..` segment
/// also drops the two elements before it (while more than one is kept).
///
/// `/a/./b` → `/a/b`; `/a/b/../c` → `/a/c`; `//..//` → `//`.
fn resolve_path_dots(
    path: &[u8],
    special: bool,
    spans: &mut Vec<(usize, usize)>,
    out: &mut Vec<u8>,
) {
    let is_sep = |b: u8| b == b'/' || (special && b == b'\\');
    spans.clear();
    let mut i = 0;
    let mut skip_separator = false;
    while i < path.len() {
        if !skip_separator {
            spans.push((i, i + 1));
        }
        skip_separator = false;
        i += 1;
        let end = path[i..]
            .iter()
            .position(|&b| is_sep(b))
            .map_or(path.len(), |p| i + p);
        match dots(&path[i..end]) {
            Some(double) => {
                if double {
                    for _ in 0..2 {
                        if spans.len() > 1 {
                            spans.pop();
                        }
                    }
                }
                skip_separator = true;
            }
            None => spans.push((i, end)),
        }
        i = end;
    }
    for &(s, e) in spans.iter() {
        out.extend_from_slice(&path[s..e]);
    }
}

/// `normalize_path_dots`: [`resolve_path_dots`] on a path that starts
/// with `/` (or `\` in a special URL): `/a/../b` → `/b`.
pub(in crate::keys::urlcanon) fn normalize_path_dots(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    let special = url.is_special();
    match url.path.first() {
        Some(b'/') => {}
        Some(b'\\') if special => {}
        _ => return Ok(false),
    }
    let mut has_dot = url.path.contains(&b'.');
    if !has_dot {
        has_dot = url.path.windows(3).any(|w| dot_len(w).is_some());
    }
    if !has_dot {
        return Ok(false);
    }
    let spans = &mut work.spans;
    Ok(rewrite(&mut url.path, &mut work.a, |p, out| {
        resolve_path_dots(p, special, spans, out)
    }))
}

/// `lowercase_path`: `/A` → `/a` (ASCII only).
pub(in crate::keys::urlcanon) fn lowercase_path(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    Ok(lowercase(&mut url.path))
}

/// `collapse_consecutive_slashes`: in a special URL's path, runs of `/`
/// made one (`re.sub(b'//+', b'/', path)`): `//a///b` → `/a/b`.
pub(in crate::keys::urlcanon) fn collapse_consecutive_slashes(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if !url.is_special() || !url.path.windows(2).any(|w| w == b"//") {
        return Ok(false);
    }
    let mut last_slash = false;
    url.path.retain(|&b| {
        let keep = !(b == b'/' && last_slash);
        last_slash = b == b'/';
        keep
    });
    Ok(true)
}

/// `strip_trailing_slash_unless_empty`: `/a/` → `/a`; `/` stays.
pub(in crate::keys::urlcanon) fn strip_trailing_slash_unless_empty(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.path != b"/" && url.path.last() == Some(&b'/') {
        url.path.pop();
        return Ok(true);
    }
    Ok(false)
}
