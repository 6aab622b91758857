//! The 2011 browsers' rules for the components beyond the
//! specification's steps, as the steps to canonicalize a URL take them
//! ([`observed_components`] and its parts, switched by
//! [`crate::profile::UrlParams`]): IE's escapes, user information, ports
//! and `res:` hosts as Wine's urlmon tests record Windows, and
//! googleurl's fragment.
//!
//! `zip://a/?q=<|>` keeps `<|>` under IE; `#a\u{0}b` is `#ab` under
//! chrome.

use crate::error::Error;
use crate::profile::HexCase;
use crate::text::percent;
use crate::text::percent::encode_in_place;
use crate::text::percent::windows::{
    escape_at, has_bad_escape, is_rfc3986_reserved, is_rfc3986_unreserved, is_windows_forbidden,
};
use crate::url::components::CowUrl;
use encoding_rs::UTF_8;
use std::borrow::Cow;

/// The query set of a scheme IE does not know
/// ([`crate::profile::UrlParams::windows_escapes`]): controls, space and
/// what is not ASCII, which a URL cannot hold as text; `<|>` stay
/// (Wine `uri.c`: `zip://www.winehq.org/tests/..?query=<|>&return=y` keeps
/// `?query=<|>&return=y`).
pub(crate) const UNKNOWN_SCHEME_QUERY_SET: crate::text::octets::OctetSet =
    crate::text::octets::OctetSet::EMPTY
        .with_range(0x00, 0x20)
        .with_range(0x7F, 0xFF);

/// IE's escapes of a component ([`crate::profile::UrlParams::windows_escapes`],
/// as Wine's urlmon tests record Windows): with `decode`, an escape of an
/// unreserved character is decoded; an ASCII character neither unreserved nor
/// reserved, nor `%` (nor `\` when `keep_backslash`), is percent-encoded
/// (uppercase hexadecimal); the rest is copied.  `None` when nothing
/// changes.
///
/// `query=%30%31` → `query=01`; `Te<|>` → `Te%3C%7C%3E`; `pass:word` stays.
pub(crate) fn windows_escapes(s: &str, keep_backslash: bool, decode: bool) -> Option<String> {
    let b = s.as_bytes();
    let changes = (0..b.len()).any(|i| match b[i] {
        b'%' => decode && escape_at(&b[i..]).is_some_and(is_rfc3986_unreserved),
        c => is_windows_forbidden(c, keep_backslash),
    });
    if !changes {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < s.len() {
        let c = b[i];
        match c {
            b'%' => match escape_at(&b[i..]).filter(|&v| decode && is_rfc3986_unreserved(v)) {
                Some(v) => {
                    out.push(v as char);
                    i += 3;
                    continue;
                }
                None => out.push('%'),
            },
            c if is_windows_forbidden(c, keep_backslash) => {
                out.push_str(&format!("%{c:02X}"));
            }
            _ => {
                // A whole character (ASCII or not).
                let len = s[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&s[i..i + len]);
                i += len;
                continue;
            }
        }
        i += 1;
    }
    Some(out)
}

/// [`windows_escapes`] in place, escapes decoded.
pub(crate) fn windows_escapes_in_place(component: &mut Option<Cow<'_, str>>) {
    if let Some(c) = component.as_deref() {
        if let Some(e) = windows_escapes(c, false, true) {
            *component = Some(Cow::Owned(e));
        }
    }
}

/// What the user and password are percent-encoded with after IE's rules:
/// controls and what is not ASCII (as UTF-8), and the delimiters that
/// would end them when the URL is read again (`@ / \\ ? #`), which IE's
/// rules keep as reserved characters (`http://a@b@c` → user `a%40b`).
pub(crate) const USERINFO_DELIMITERS: crate::text::octets::OctetSet =
    percent::OPAQUE_PATH_SET.with_all(b"@/\\?#");

/// IE's user and password ([`crate::profile::UrlParams::windows_escapes`],
/// [`crate::profile::UrlParams::empty_userinfo_kept`]), as Wine's urlmon
/// tests record Windows: with `windows_escapes`, for a known scheme the
/// escapes of unreserved characters are decoded, and for every scheme the
/// ASCII characters neither unreserved nor reserved (nor `\`) are
/// encoded, what is not ASCII as UTF-8; reserved characters (`:` in the
/// password, `[ ]`) stay.  With `empty_userinfo_kept`, an empty password
/// and an empty user stay.
///
/// `w%49%4Ee:PA%53%53` → `wINe:PASS`; `user:pass:word` stays;
/// `empty:` stays (with `empty_userinfo_kept`).
pub(crate) fn windows_userinfo(u: &mut CowUrl<'_>, url: &crate::profile::UrlParams, known: bool) {
    if !url.empty_userinfo_kept {
        if u.password.as_deref() == Some("") {
            u.password = None;
        }
        if u.user.as_deref() == Some("") && u.password.is_none() {
            u.user = None;
        }
    }
    for part in [&mut u.user, &mut u.password] {
        if !url.windows_escapes {
            encode_in_place(part, UTF_8, &percent::USERINFO_SET);
            continue;
        }
        if let Some(c) = part.as_deref() {
            let text = windows_escapes(c, true, known).map_or(Cow::Borrowed(c), Cow::Owned);
            let encoded =
                percent::percent_encode_cow(&text, UTF_8, &USERINFO_DELIMITERS, HexCase::Upper)
                    .into_owned();
            if encoded != c {
                *part = Some(Cow::Owned(encoded));
            }
        }
    }
}

/// For a scheme IE does not know
/// ([`crate::profile::UrlParams::unknown_schemes_as_written`], as Wine's
/// urlmon tests record Windows): a port that is no decimal number up to
/// 65535 (or follows another `:`) stays part of the host.
///
/// `zip://google.com:65536` → host `google.com:65536`, no port;
/// `zip://google.com:65536:25` → host `google.com:65536:25`;
/// `zip://[::ffff]:abcd` → host `[::ffff]:abcd`; `zip://a:81` keeps port 81.
pub(crate) fn unknown_scheme_port_in_host(u: &mut CowUrl<'_>) {
    let Some(port) = u.port.as_deref() else {
        return;
    };
    let is_port = !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && port.trim_start_matches('0').len() <= 5
        && port.parse::<u32>().is_ok_and(|p| p <= 65535);
    // `google.com:65536:25`: the host as parsed, `google.com:65536`, holds
    // a port that is no number; the whole is the host.
    let host = u.host.as_deref().unwrap_or("");
    let host_has_colon = host.contains(':') && !(host.starts_with('[') && host.ends_with(']'));
    if (!is_port || host_has_colon) && !port.is_empty() {
        let host = format!("{}:{port}", u.host.as_deref().unwrap_or(""));
        u.host = Some(Cow::Owned(host));
        u.host_as_written = None;
        u.port = None;
    }
}

/// Before canonicalization ([`crate::profile::UrlParams::bad_escape_is_invalid`],
/// for a scheme IE knows but `file:`, as Wine's urlmon tests record
/// Windows): a `%` that does not begin an escape in the path makes the URL
/// invalid.  (Wine's tests also find `?query=te%xx` and `#Test%xx`
/// invalid in an absolute URL, but `?Tes%XXt` and `#Tes%XXt` valid when
/// combined with a base: the query and fragment are not checked.)
///
/// `http://google.com/Te%XXst`, `news:test%XX` are invalid;
/// `http://a/%41`, `file://C:/tes%t.mp3` are not.
pub(crate) fn bad_escapes(u: &CowUrl<'_>) -> Result<(), Error> {
    for part in [&u.path] {
        if let Some(c) = part.as_deref() {
            let b = c.as_bytes();
            if has_bad_escape(b) {
                return Err(Error::Invalid(
                    crate::url::components::InvalidReason::BadEscape,
                ));
            }
        }
    }
    Ok(())
}

/// A host that begins with `[` and has no `]`
/// ([`crate::profile::UrlParams::unclosed_bracket_host`], urlmon
/// `parse_reg_name`, `canonicalize_reg_name`): the port the parser split
/// off joins it again, and it is lowercased.  Whether `u` has such a host.
///
/// `http://[xyz:12345.com/test` → host `[xyz:12345.com`, no port.
pub(crate) fn unclosed_bracket_host(u: &mut CowUrl<'_>) -> bool {
    let Some(h) = u.host.as_deref() else {
        return false;
    };
    if !h.starts_with('[') || h.contains(']') {
        return false;
    }
    let mut host = match u.port.take() {
        Some(p) => format!("{h}:{p}"),
        None => h.to_string(),
    };
    host.make_ascii_lowercase();
    u.host = Some(Cow::Owned(host));
    u.host_as_written = None;
    true
}

/// The host of a `res:` URL ([`crate::profile::UrlParams::res_hosts`],
/// urlmon `parse_reg_name`): what the observed step on the input escaped
/// so that the parser took it whole (`%`, `\`, `:`, `@`, `?`, `#`, `[`,
/// `]`) decoded; `<`, `>` or `"` in it make the URL invalid
/// (`is_forbidden_dos_path_char`).
///
/// `C%3A%5Cdir%5Cfile.exe` → `C:\dir\file.exe`; `c%3A%5Cte<st%5Ctest` is
/// invalid.
pub(crate) fn res_host(u: &mut CowUrl<'_>) -> Result<(), Error> {
    let Some(h) = u.host.as_deref() else {
        return Ok(());
    };
    if h.contains(['<', '>', '"']) {
        return Err(Error::Invalid(
            crate::url::components::InvalidReason::DosPathCharacter,
        ));
    }
    if h.contains('%') {
        let b = h.as_bytes();
        let mut out = Vec::with_capacity(b.len());
        let mut i = 0;
        while i < b.len() {
            match escape_at(&b[i..]) {
                Some(v) => {
                    out.push(v);
                    i += 3;
                }
                None => {
                    out.push(b[i]);
                    i += 1;
                }
            }
        }
        if let Ok(decoded) = String::from_utf8(out) {
            u.host = Some(Cow::Owned(decoded));
        }
    }
    u.host_as_written = None;
    Ok(())
}

/// The path of a `file:` URL as IE writes it
/// ([`crate::profile::UrlParams::file_escapes`], urlmon
/// `canonicalize_path_hierarchical`): a `%` that begins no escape becomes
/// `%25`; an escape of an RFC 3986 unreserved or reserved character is
/// decoded.  `None` when nothing changes.
///
/// `/C:/te%3Es%2Et/t%23es%t.mp3` → `/C:/te%3Es.t/t#es%25t.mp3`.
pub(crate) fn windows_file_path(p: &str) -> Option<String> {
    if !p.contains('%') {
        return None;
    }
    let b = p.as_bytes();
    let mut out = Vec::with_capacity(b.len() + 8);
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match escape_at(&b[i..]) {
            Some(v) if is_rfc3986_unreserved(v) || is_rfc3986_reserved(v) => {
                out.push(v);
                i += 3;
            }
            Some(_) => {
                out.extend_from_slice(&b[i..i + 3]);
                i += 3;
            }
            None => {
                out.extend_from_slice(b"%25");
                i += 1;
            }
        }
    }
    let s = String::from_utf8(out).ok()?;
    (s != p).then_some(s)
}

/// At the port step ([`crate::profile::UrlParams::port_zero_is_invalid`],
/// modelling Gecko 2.0's `nsAuthURLParser::ParseServerInfo`, which turns
/// down a port `<= 0`): a port of value 0 makes the URL invalid.
///
/// `http://foo.com:0` and `:00` are invalid (test_bug479485.js:39);
/// `http://foo.com:` is `http://foo.com/`.
pub(crate) fn port_zero(u: &CowUrl<'_>, url: &crate::profile::UrlParams) -> Result<(), Error> {
    match u.port.as_deref() {
        Some(p) if url.port_zero_is_invalid && p.bytes().all(|b| b == b'0') && !p.is_empty() => {
            Err(Error::Port {
                port: p.to_string(),
            })
        }
        _ => Ok(()),
    }
}

/// The observed URL-level rules on the components around the host, after
/// canonicalization ([`crate::profile::UrlParams`]).
///
/// `apostrophe_escaped` (modelling Gecko 2.0: `nsEscape.cpp`'s
/// `EscapeChars` gives `'` no flag, so `NS_EscapeURL` escapes it in every
/// part `nsStandardURL::BuildNormalizedSpec` encodes): in a hierarchical
/// URL, `'` → `%27` in the user, password, path, query and fragment;
/// `http://example.com/'?'` → `http://example.com/%27?%27`
/// (test_bug376844.js).
pub(crate) fn observed_components(u: &mut CowUrl<'_>, url: &crate::profile::UrlParams) {
    if url.apostrophe_escaped && u.hierarchical {
        for part in [
            &mut u.user,
            &mut u.password,
            &mut u.path,
            &mut u.query,
            &mut u.fragment,
        ] {
            if let Some(c) = part.as_mut().filter(|c| c.contains('\'')) {
                *c = Cow::Owned(c.replace('\'', "%27"));
            }
        }
    }
}

/// The fragment under [`crate::profile::UrlParams::fragment_keeps_del_and_c1`]
/// (modelling Chrome 2011, googleurl `src/url_canon_etc.cc`
/// `DoCanonicalizeRef`): U+0000 is removed, U+0001 to U+001F are
/// percent-encoded, everything else stays.
///
/// `a\u{0}b\u{1}\u{7F}\u{85}é` → `ab%01\u{7F}\u{85}é`.  `None` when the
/// fragment is canonical already.
pub(crate) fn googleurl_fragment(f: &str) -> Option<String> {
    if !f.bytes().any(|b| b < 0x20) {
        return None;
    }
    let mut out = String::with_capacity(f.len() + 8);
    for c in f.chars() {
        match c {
            '\0' => {}
            c if c < ' ' => percent::push_escaped_char(c, HexCase::Upper, &mut out),
            c => out.push(c),
        }
    }
    Some(out)
}
