//! What IE's escapes read (urlmon, as Wine's tests record Windows;
//! [`crate::profile::UrlParams::windows_escapes`] and
//! `bad_escape_is_invalid`): RFC 3986's character classes, and whether a
//! component holds what they change.  Read by the steps of
//! [`crate::canonicalize`] and by the conditions of the registry of
//! URL-level steps ([`crate::url_steps`]).

/// Whether `b` is an RFC 3986 unreserved character (`ALPHA DIGIT - . _ ~`).
pub(crate) fn is_rfc3986_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Whether `b` is an RFC 3986 reserved character (gen-delims and
/// sub-delims).
pub(crate) fn is_rfc3986_reserved(b: u8) -> bool {
    b":/?#[]@!$&'()*+,;=".contains(&b)
}

/// Whether IE's escapes (`windows_escapes`) percent-encode the octet
/// `c`: an ASCII character neither unreserved nor reserved, nor `%` (nor
/// `\\` when `keep_backslash`).
pub(crate) fn is_windows_forbidden(c: u8, keep_backslash: bool) -> bool {
    c.is_ascii()
        && !(is_rfc3986_unreserved(c)
            || is_rfc3986_reserved(c)
            || c == b'%'
            || (keep_backslash && c == b'\\'))
}

/// The value of the escape `%XY` at the start of `b`, if it is one.
pub(crate) fn escape_at(b: &[u8]) -> Option<u8> {
    match b {
        [b'%', h, l, ..] if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
            let hex = |d: u8| (d as char).to_digit(16).unwrap_or(0) as u8;
            Some(hex(*h) << 4 | hex(*l))
        }
        _ => None,
    }
}

/// Whether `part` holds what IE's escapes change
/// ([`crate::profile::UrlParams::windows_escapes`]): an escape of an
/// unreserved character, or an ASCII octet it encodes (`%41`, `<`; not
/// `%20`).
pub(crate) fn windows_octet(part: Option<&str>) -> bool {
    part.is_some_and(|s| {
        let b = s.as_bytes();
        (0..b.len()).any(|i| match b[i] {
            b'%' => escape_at(&b[i..]).is_some_and(is_rfc3986_unreserved),
            c => is_windows_forbidden(c, false),
        })
    })
}

/// Whether `b` holds a `%` that begins no escape (`bad_escape_is_invalid`:
/// `news:test%XX`).
pub(crate) fn has_bad_escape(b: &[u8]) -> bool {
    (0..b.len()).any(|i| b[i] == b'%' && escape_at(&b[i..]).is_none())
}
