//! The steps on the URL as a whole, its scheme and the slashes after it:
//! leading and trailing junk, tabs and newlines, `default_scheme_http`,
//! `lowercase_scheme`, `https_to_http`, `fix_backslashes` and
//! `two_slashes`.

use super::{clear, lowercase, Work};
use crate::keys::urlcanon::parse::{parse_pathish, Url};
use crate::keys::KeyError;

/// `remove_leading_trailing_junk`: `" http://a/ "` → `http://a/`.
pub(in crate::keys::urlcanon) fn remove_leading_trailing_junk(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    Ok(clear(&mut url.leading_junk) | clear(&mut url.trailing_junk))
}

/// `default_scheme_http`: no scheme → `http:`, and the path read again
/// as a special URL's: `example.com/a` → `http://example.com/a`,
/// `//h/p` → host `p` (the authority was read before and is read again
/// from the path).  With the `default_scheme_http_keeps_authority` fix,
/// the slashes, authority and path are read again together: `//h/p` →
/// host `h`, path `/p`.
pub(in crate::keys::urlcanon) fn default_scheme_http(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if !url.scheme.is_empty() {
        return Ok(false);
    }
    url.scheme.extend_from_slice(b"http");
    url.colon_after_scheme = true;
    work.a.clear();
    if work.fixes.keeps_authority && (!url.slashes.is_empty() || url.has_authority()) {
        url.write_pathish(&mut work.a);
        work.made.keeps_authority = true;
    } else {
        work.a.extend_from_slice(&url.path);
    }
    if !work.a.is_empty() {
        parse_pathish(url, &work.a);
    }
    Ok(true)
}

fn is_tab_or_newline(b: &u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// `remove_tabs_and_newlines`: every `\t`, `\n`, `\r` removed from every
/// component: `ht\ttp://a\n/` → `http://a/`.
pub(in crate::keys::urlcanon) fn remove_tabs_and_newlines(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    let mut changed = false;
    for v in [
        &mut url.leading_junk,
        &mut url.scheme,
        &mut url.slashes,
        &mut url.username,
        &mut url.password,
        &mut url.host,
        &mut url.port,
        &mut url.path,
        &mut url.query,
        &mut url.fragment,
        &mut url.trailing_junk,
    ] {
        if v.iter().any(is_tab_or_newline) {
            v.retain(|b| !is_tab_or_newline(b));
            changed = true;
        }
    }
    Ok(changed)
}

/// `lowercase_scheme`: `HTTP:` → `http:` (ASCII only, as `bytes.lower`).
pub(in crate::keys::urlcanon) fn lowercase_scheme(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    Ok(lowercase(&mut url.scheme))
}

/// `fix_backslashes`: for a special scheme, the slashes all `/` and the
/// path's `\` made `/`: `http:\\a\b` → `http://a/b`.
pub(in crate::keys::urlcanon) fn fix_backslashes(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if !url.is_special() {
        return Ok(false);
    }
    let mut changed = false;
    for b in url.path.iter_mut() {
        if *b == b'\\' {
            *b = b'/';
            changed = true;
        }
    }
    // Every octet of the slashes becomes `/`, whatever it was.
    for b in url.slashes.iter_mut() {
        if *b != b'/' {
            *b = b'/';
            changed = true;
        }
    }
    Ok(changed)
}

/// `two_slashes`: slashes, an authority or the `file` scheme → exactly
/// `//`: `http:/a` → `http://a`.
pub(in crate::keys::urlcanon) fn two_slashes(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if (!url.slashes.is_empty() || url.has_authority() || url.scheme == b"file")
        && url.slashes != b"//"
    {
        url.slashes.clear();
        url.slashes.extend_from_slice(b"//");
        return Ok(true);
    }
    Ok(false)
}

/// `https_to_http`: `https:` → `http:`.
pub(in crate::keys::urlcanon) fn https_to_http(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.scheme == b"https" {
        url.scheme.truncate(4);
        return Ok(true);
    }
    Ok(false)
}
