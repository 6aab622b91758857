//! Schemes: the registry of standard schemes Chromium registers, and the
//! canonical form of a scheme.
//!
//! - `url/url_util.cc` `SchemeRegistry`: `http`, `https`, `ws`, `wss`,
//!   `ftp` (host, port and user information), `file` (a host only),
//!   `filesystem` (no authority); the non-special schemes kept as "path
//!   URLs" (`opaque_non_special_schemes`: `android`, `drivefs`,
//!   `chromeos-steam`, `steam`, `materialized-view`).
//! - `content/common/url_schemes.cc` `RegisterContentSchemes`: `devtools`,
//!   `chrome`, `chrome-untrusted`, `chrome-guest`, `chrome-error`, then
//!   the embedder's, all `SCHEME_WITH_HOST` (no port, no user
//!   information); `chrome/common/chrome_content_client.cc`
//!   `kChromeStandardURLSchemes` on Linux: `chrome-extension`,
//!   `isolated-app`, `chrome-native`, `chrome-search`,
//!   `chrome-distiller`.
//! - `url/url_canon_etc.cc` `DoScheme`, `kSchemeCanonical`: ASCII letters
//!   lowercased, digits, `+`, `-`, `.`; a first character that is not a
//!   letter, or any other character, makes the URL invalid (escaped in the
//!   output).
//! - `url/url_canon_stdurl.cc` `DefaultPortForScheme`.

use super::component::{Part, Span};
use super::escape::push_utf8_escaped;

/// What a standard scheme's URLs have (`url::SchemeType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SchemeType {
    /// Host, port and user information (`SCHEME_WITH_HOST_PORT_AND_USER_INFORMATION`).
    HostPortUserInfo,
    /// Host and port (`SCHEME_WITH_HOST_AND_PORT`).
    HostPort,
    /// A host alone (`SCHEME_WITH_HOST`).
    Host,
    /// No authority (`SCHEME_WITHOUT_AUTHORITY`).
    NoAuthority,
}

/// The standard schemes of Chromium on Linux, with their type.
pub(crate) const STANDARD_SCHEMES: &[(&str, SchemeType)] = &[
    ("https", SchemeType::HostPortUserInfo),
    ("http", SchemeType::HostPortUserInfo),
    ("file", SchemeType::Host),
    ("ftp", SchemeType::HostPortUserInfo),
    ("wss", SchemeType::HostPortUserInfo),
    ("ws", SchemeType::HostPortUserInfo),
    ("filesystem", SchemeType::NoAuthority),
    ("devtools", SchemeType::Host),
    ("chrome", SchemeType::Host),
    ("chrome-untrusted", SchemeType::Host),
    ("chrome-guest", SchemeType::Host),
    ("chrome-error", SchemeType::Host),
    ("chrome-extension", SchemeType::Host),
    ("isolated-app", SchemeType::Host),
    ("chrome-native", SchemeType::Host),
    ("chrome-search", SchemeType::Host),
    ("chrome-distiller", SchemeType::Host),
];

/// Non-special schemes Chromium parses as "path URLs" (everything after
/// the scheme is the path), for compatibility.
pub(crate) const OPAQUE_NON_SPECIAL_SCHEMES: &[&str] = &[
    "android",
    "drivefs",
    "chromeos-steam",
    "steam",
    "materialized-view",
];

/// The type of the standard scheme `name` (ASCII case-insensitive), or
/// `None` when it is not standard.
pub(crate) fn standard_type(name: &str) -> Option<SchemeType> {
    STANDARD_SCHEMES
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(name))
        .map(|&(_, t)| t)
}

/// Whether `name` is a non-special scheme kept as a path URL.
pub(crate) fn is_opaque_non_special(name: &str) -> bool {
    OPAQUE_NON_SPECIAL_SCHEMES
        .iter()
        .any(|s| s.eq_ignore_ascii_case(name))
}

/// The default port of a canonical scheme.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The canonical form of a scheme character, `None` for one a scheme
/// cannot hold (`CanonicalSchemeChar`).
pub(crate) fn canonical_char(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' | b'0'..=b'9' | b'+' | b'-' | b'.' => Some(c),
        b'A'..=b'Z' => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// Whether `name` is a valid scheme: a letter, then letters, digits, `+`,
/// `-` and `.` (`IsValidScheme` in `url/url_canon_relative.cc`).
pub(crate) fn is_valid(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_alphabetic)
        && name[1..].iter().all(|&c| canonical_char(c).is_some())
}

/// Appends the canonical scheme and its `:` (`DoScheme`): the scheme's
/// span in `out`, and whether it is valid.  An absent or empty scheme is
/// written as `:` alone, and is invalid.
pub(crate) fn canonicalize(spec: &str, scheme: Part, out: &mut String) -> (Span, bool) {
    let Some(sc) = scheme.filter(|s| !s.is_empty()) else {
        let at = out.len();
        out.push(':');
        return (Span::new(at, at), false);
    };
    let begin = out.len();
    let mut ok = true;
    let text = sc.of(spec);
    for (k, c) in text.char_indices() {
        let canonical = match c {
            'a'..='z' | 'A'..='Z' => Some(c.to_ascii_lowercase()),
            _ if k == 0 => None,
            c if c.is_ascii() => canonical_char(c as u8).map(char::from),
            _ => None,
        };
        match canonical {
            Some(x) => out.push(x),
            None if c == '%' => {
                ok = false;
                out.push('%');
            }
            None => {
                ok = false;
                push_utf8_escaped(c, out);
            }
        }
    }
    let span = Span::new(begin, out.len());
    out.push(':');
    (span, ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_are_lowercased_and_checked() {
        let mut out = String::new();
        let s = "HtTp+1";
        let (sp, ok) = canonicalize(s, Some(Span::new(0, s.len())), &mut out);
        assert!(ok);
        assert_eq!((sp.of(&out), out.as_str()), ("http+1", "http+1:"));
        out.clear();
        let s = "1a b%ü";
        let (_, ok) = canonicalize(s, Some(Span::new(0, s.len())), &mut out);
        assert!(!ok);
        assert_eq!(out, "%31a%20b%%C3%BC:");
        assert_eq!(standard_type("Chrome-Extension"), Some(SchemeType::Host));
        assert_eq!(standard_type("foo"), None);
        assert!(is_opaque_non_special("Android"));
    }
}
