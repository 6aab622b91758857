//! The text of Firefox's URL bar for a URI: `losslessDecodeURI`
//! (browser/components/urlbar/UrlbarInput.sys.mjs) of the display spec,
//! and the unfocused bar's trimming (`UrlbarInput._trimValue`,
//! `BrowserUIUtils.trimURL` in browser/modules/BrowserUIUtils.sys.mjs).

use crate::compare::display::Omission;
use crate::engines::display::{category, push_escaped};
use crate::text::percent::{escape_at, hex_value};
use unicode_bidi::{bidi_class, BidiClass};
use unicode_general_category::GeneralCategory;

const BU_TRIM: &str = "browser/modules/BrowserUIUtils.sys.mjs trimURL";

/// The ASCII characters `decodeURI` keeps escaped (its reserved set and
/// `#`), which `losslessDecodeURI` keeps apart from a re-encoded `%`.
const RESERVED: &[u8] = b";/?:@&=+$,#";

/// ECMAScript `decodeURI`: every `%XX` sequence decoded as UTF-8 but
/// those of `; / ? : @ & = + $ , #`, which stay as they are; `None`
/// (a `URIError`) for a `%` not followed by two hex digits or octets that
/// are not UTF-8 (`a%C3%A9%2F` → `aé%2F`; `%E2%82b` → `None`).
pub fn decode_uri(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            let c = s[i..].chars().next()?;
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let first = escape_at(b, i)?;
        if first < 0x80 {
            if RESERVED.contains(&first) {
                out.push_str(&s[i..i + 3]);
            } else {
                out.push(first as char);
            }
            i += 3;
            continue;
        }
        let n = first.leading_ones() as usize;
        if n == 1 || n > 4 {
            return None;
        }
        let mut octets = vec![first];
        for k in 1..n {
            let o = escape_at(b, i + 3 * k)?;
            if o & 0xC0 != 0x80 {
                return None;
            }
            octets.push(o);
        }
        out.push(std::str::from_utf8(&octets).ok()?.chars().next()?);
        i += 3 * n;
    }
    Some(out)
}

/// `%25` followed by the hex digits of a reserved character
/// (`/%25(?:3B|2F|3F|3A|40|26|3D|2B|24|2C|23)/i`: `%252F`, an escaped
/// `%2F`): such a spec is not decoded at all, as decoding would make it
/// an escape of its own.
fn has_escaped_percent_before_reserved(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        b[i..].starts_with(b"%25")
            && b.get(i + 3..i + 5).is_some_and(|h| {
                let o = hex_value(h[0])
                    .zip(hex_value(h[1]))
                    .map(|(x, y)| x * 16 + y);
                o.is_some_and(|o| RESERVED.contains(&o))
            })
    })
}

/// Each `%` not starting the escape of a reserved character made `%25`
/// (`.replace(/%(?!3B|2F|3F|3A|40|26|3D|2B|24|2C|23)/gi, encodeURIComponent)`).
fn reencode_percent(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        let kept = c == '%' && escape_at(b, i).is_some_and(|o| RESERVED.contains(&o));
        if c == '%' && !kept {
            out.push_str("%25");
        } else {
            out.push(c);
        }
    }
    out
}

fn is_separator(c: char) -> bool {
    matches!(
        category(c),
        GeneralCategory::SpaceSeparator
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    )
}

fn is_other(c: char) -> bool {
    matches!(
        category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
    )
}

/// JavaScript's `\s`: WhiteSpace and LineTerminator.
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | '\u{B}'
            | '\u{C}'
            | '\r'
            | ' '
            | '\u{A0}'
            | '\u{FEFF}'
            | '\u{2028}'
            | '\u{2029}'
    ) || category(c) == GeneralCategory::SpaceSeparator
}

/// The characters `losslessDecodeURI` escapes again because they are
/// invisible or confusing (UrlbarInput.sys.mjs, its two
/// `replace(…, encodeURIComponent)` after decoding): `c` at the end of
/// the text when `last`, followed by `next`.
fn escaped_for_display(c: char, next: Option<char>, last: bool) -> bool {
    let cp = c as u32;
    // Separators (but the space), controls, U+2800, U+FFFC; a space before
    // an Other or a Separator; a white space at the end.
    let invisible = (is_separator(c) && c != ' ')
        || category(c) == GeneralCategory::Control
        || cp == 0x2800
        || cp == 0xFFFC
        || (c == ' ' && next.is_some_and(|n| is_other(n) || is_separator(n)))
        || (last && is_js_space(c));
    // Ignorable, unrenderable or confusing characters.
    let ignorable = (category(c) == GeneralCategory::Format && cp != 0x200C && cp != 0x200D)
        || matches!(
            cp,
            0x034F
                | 0x115F
                | 0x1160
                | 0x17B4
                | 0x17B5
                | 0x180B..=0x180D
                | 0x3164
                | 0xFE00..=0xFE0F
                | 0xFFA0
                | 0xFFF0..=0xFFFB
                | 0xE0000..=0xE0FFF
                | 0x1F50F..=0x1F513
                | 0x1F6E1
        )
        || matches!(
            category(c),
            GeneralCategory::Unassigned | GeneralCategory::PrivateUse
        );
    invisible || ignorable
}

/// `losslessDecodeURI(uri)` (UrlbarInput.sys.mjs): the display spec with
/// its escapes decoded where that loses nothing. For `http`, `https`,
/// `file` and `ftp`, `decodeURI` (all or nothing), then a `%` that is not
/// a reserved character's escape made `%25`; for another scheme only the
/// printable ASCII escapes but `%25`; nothing when the spec has `%25`
/// before a reserved character's escape. Then invisible, ignorable and
/// confusing characters are escaped again.
/// `http://h/%C3%A9%20x%E2%80%AE` → `http://h/é x%E2%80%AE`.
pub fn lossless_decode_uri(scheme: &str, display_spec: &str) -> String {
    let mut value = display_spec.to_string();
    if !has_escaped_percent_before_reserved(&value) {
        if matches!(scheme, "https" | "http" | "file" | "ftp") {
            if let Some(decoded) = decode_uri(&value) {
                value = reencode_percent(&decoded);
            }
        } else {
            value = decode_ascii_only(&value);
        }
    }
    let chars: Vec<char> = value.chars().collect();
    let mut out = String::with_capacity(value.len());
    for (i, &c) in chars.iter().enumerate() {
        if escaped_for_display(c, chars.get(i + 1).copied(), i + 1 == chars.len()) {
            push_escaped(c, &mut out);
        } else {
            out.push(c);
        }
    }
    out
}

/// `value.replace(/%(2[0-4]|2[6-9a-f]|[3-6][0-9a-f]|7[0-9a-e])/g, decodeURI)`:
/// the escapes of printable ASCII but `%` decoded, those of reserved
/// characters kept (the hex digits in lower case only, as the pattern
/// has no `i` flag).
fn decode_ascii_only(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let lower_hex = |x: u8| x.is_ascii_digit() || (b'a'..=b'f').contains(&x);
    while i < b.len() {
        let o = escape_at(b, i).filter(|_| lower_hex(b[i + 1]) && lower_hex(b[i + 2]));
        match o {
            Some(o) if (0x20..=0x7E).contains(&o) && o != 0x25 && !RESERVED.contains(&o) => {
                out.push(o as char);
                i += 3;
            }
            _ => {
                let c = s[i..].chars().next().unwrap_or('\u{FFFD}');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// `window.windowUtils.getDirectionFromText`: the direction of the
/// first strong character; whether it is right to left.
pub fn is_text_direction_rtl(s: &str) -> bool {
    s.chars()
        .map(bidi_class)
        .find(|b| matches!(b, BidiClass::L | BidiClass::R | BidiClass::AL))
        .is_some_and(|b| b != BidiClass::L)
}

/// `BrowserUIUtils.trimURL` (BrowserUIUtils.sys.mjs) with
/// `browser.urlbar.trimHttps` as Firefox 153 runs it: a single `/` after
/// the host of an `http`, `https` or `ftp` URL with nothing after it
/// removed (`removeSingleTrailingSlashFromURL`), then a leading
/// `https://`. `https://example.com/` → `example.com`;
/// `http://example.com/` → `http://example.com`.
pub fn trim_url(url: &str) -> (String, Vec<Omission>) {
    let mut omitted = Vec::new();
    let mut value = url.to_string();
    for scheme in ["http://", "https://", "ftp://"] {
        if let Some(rest) = url.strip_prefix(scheme) {
            if let Some(host) = rest.strip_suffix('/') {
                if !host.is_empty() && !host.contains('/') {
                    value.pop();
                    omitted.push(Omission {
                        text: "/".into(),
                        rule: "a single trailing slash after the host".into(),
                        source: BU_TRIM,
                    });
                }
            }
        }
    }
    if let Some(rest) = value.strip_prefix("https://") {
        omitted.insert(
            0,
            Omission {
                text: "https://".into(),
                rule: "the https:// prefix (browser.urlbar.trimHttps)".into(),
                source: BU_TRIM,
            },
        );
        value = rest.to_string();
    }
    (value, omitted)
}

/// `UrlbarInput._trimValue` (UrlbarInput.sys.mjs): [`trim_url`] when
/// `browser.urlbar.trimURLs` (true by default), unless the trimmed text
/// would read right to left (`https://שלום.com/` stays whole).
pub fn trim_value(url: &str) -> (String, Vec<Omission>) {
    let (trimmed, omitted) = trim_url(url);
    if is_text_direction_rtl(&trimmed) {
        return (url.to_string(), Vec::new());
    }
    (trimmed, omitted)
}

/// `gInitialPages` (browser/base/content/browser.js) and `isInitialPage`:
/// a URI the URL bar leaves empty, compared without query and ref.
pub fn is_initial_page(spec: &str) -> bool {
    let end = spec.find(['?', '#']).unwrap_or(spec.len());
    matches!(
        &spec[..end],
        "about:blank"
            | "about:home"
            | "about:firefoxview"
            | "about:newtab"
            | "about:privatebrowsing"
            | "about:sessionrestore"
            | "about:welcome"
            | "about:welcomeback"
            | "chrome://browser/content/blanktab.html"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding() {
        assert_eq!(decode_uri("a%C3%A9%2F%41").as_deref(), Some("aé%2FA"));
        assert_eq!(decode_uri("%E2%82b"), None);
        assert_eq!(decode_uri("%zz"), None);
        assert_eq!(
            lossless_decode_uri("http", "http://h/%C3%A9%20x%E2%80%AE"),
            "http://h/é x%E2%80%AE"
        );
        assert_eq!(
            lossless_decode_uri("http", "http://h/%25%41"),
            "http://h/%25A"
        );
        assert_eq!(
            lossless_decode_uri("http", "http://h/%20%20/x?%20%20#"),
            "http://h/%20 /x?%20 #"
        );
        assert_eq!(
            lossless_decode_uri("data", "data:text/html,%20hi%20"),
            "data:text/html, hi%20"
        );
        assert_eq!(lossless_decode_uri("ws", "ws://h/%C3%A9"), "ws://h/%C3%A9");
    }

    #[test]
    fn trimming() {
        assert_eq!(trim_value("https://example.com/").0, "example.com");
        assert_eq!(trim_value("http://example.com/").0, "http://example.com");
        assert_eq!(trim_value("ws://example.com/").0, "ws://example.com/");
        assert_eq!(trim_value("https://example.com/a/").0, "example.com/a/");
        assert_eq!(trim_value("https://\u{5e9}.com/").0, "https://\u{5e9}.com/");
        assert!(is_initial_page("about:blank#%20x"));
    }
}
