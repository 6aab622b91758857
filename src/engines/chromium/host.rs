//! The host (`url/url_canon_host.cc` `DoHost`, `DoHostSubstring`,
//! `DoSimpleHost`, `DoComplexHost`, `DoIDNHost`, `DoOpaqueHost`).
//!
//! A special (or `file:`) URL's host:
//!
//! - with nothing beyond ASCII and no `%` (`DoHostSubstring`), the ASCII
//!   fast path alone (`DoSimpleHost`, `kHostCharLookup`): letters
//!   lowercased; space and `*` escaped (`%20`, `%2A`) rather than refused
//!   (the URL Standard refuses a space and keeps `*`); C0 controls, `#`,
//!   `%`, `/`, `<`, `>`, `?`, `@`, `\`, `^`, `|` and DEL refused.  No IDNA
//!   runs: `xn--` labels are not checked (`http://xn--9c/` is valid), nor
//!   are labels too long;
//! - otherwise (`DoComplexHost`) escapes are decoded first by the same
//!   pass, and if that leaves only ASCII the host is done; else the UTF-8
//!   is decoded (invalid UTF-8 fails), the ASCII pass runs again to escape
//!   what IDNA must not see, IDNA runs ([`super::idna`]) on the whole
//!   host, and the ASCII pass runs on its output, decoding escapes IDNA
//!   made (U+FF05 FULLWIDTH PERCENT SIGN is mapped to `%`: `http://％４１/`
//!   → `http://a/`) and escaping spaces it made (U+3000 is mapped to a
//!   space: `http://\u{3000}/` → `http://%20/`);
//! - then the result is read as an IP address ([`super::ip`]).
//!
//! A non-special URL's host (`DoOpaqueHost`): a forbidden host code point
//! fails, C0 controls and code points beyond ASCII are escaped in UTF-8.
//! Chromium checks each UTF-16 code unit of a string that holds a code
//! point beyond U+00FF by its low octet (the `char16_t` is passed to
//! `IsForbiddenHostCodePoint(uint8_t)`): `foo://\u{140}/` fails (0x40 is
//! `@`), `foo://\u{141}/` does not; a string of Latin-1 characters is
//! handed over as UTF-8, whose octets beyond ASCII are never forbidden.
//! Then the host is read as an IPv6 address.

use super::escape::{decode_escape, push_escape, push_invalid, push_utf8_escaped};
use super::ip::{self, Family};
use super::trace::Stages;

/// How a host is read: a special URL's, a `file:` URL's (the same steps),
/// or a non-special URL's (an opaque host).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Special,
    File,
    NonSpecial,
}

/// What the ASCII pass makes of an ASCII character (`kHostCharLookup`).
enum HostChar {
    Invalid,
    Escape,
    Keep(u8),
}

fn host_char(c: u8) -> HostChar {
    match c {
        b' ' | b'*' => HostChar::Escape,
        b'A'..=b'Z' => HostChar::Keep(c.to_ascii_lowercase()),
        0..=0x1F | 0x7F | b'#' | b'%' | b'/' | b'<' | b'>' | b'?' | b'@' | b'\\' | b'^' | b'|' => {
            HostChar::Invalid
        }
        _ => HostChar::Keep(c),
    }
}

/// The ASCII pass (`DoSimpleHost`): escapes decoded, ASCII characters
/// lowercased, escaped or refused by `kHostCharLookup`, other octets
/// copied.  Whether every character was valid, and whether the output
/// holds octets beyond ASCII.
fn simple(src: &[u8], out: &mut Vec<u8>) -> (bool, bool) {
    let mut ok = true;
    let mut non_ascii = false;
    let mut i = 0;
    while i < src.len() {
        let mut c = src[i];
        if c == b'%' {
            match decode_escape(src, i) {
                Some(v) => {
                    c = v;
                    i += 2;
                }
                None => {
                    out.extend_from_slice(b"%25");
                    ok = false;
                    i += 1;
                    continue;
                }
            }
        }
        if c < 0x80 {
            match host_char(c) {
                HostChar::Keep(k) => out.push(k),
                HostChar::Escape => escape_octet(c, out),
                HostChar::Invalid => {
                    escape_octet(c, out);
                    ok = false;
                }
            }
        } else {
            out.push(c);
            non_ascii = true;
        }
        i += 1;
    }
    (ok, non_ascii)
}

fn escape_octet(c: u8, out: &mut Vec<u8>) {
    let mut s = String::with_capacity(3);
    push_escape(c, &mut s);
    out.extend_from_slice(s.as_bytes());
}

/// The longest host IDNA is given, in UTF-16 code units
/// (`kMaxHostBufferLength`, 5 × 253).
const MAX_IDN_INPUT: usize = 253 * 5;

/// `DoIDNHost`: the ASCII pass, IDNA, the ASCII pass.
fn idn(src: &str, out: &mut Vec<u8>, st: &mut Stages) -> Result<(), String> {
    let mut escaped = Vec::with_capacity(src.len());
    simple(src.as_bytes(), &mut escaped);
    let escaped = String::from_utf8_lossy(&escaped).into_owned();
    st.push("escape for IDNA", src, &escaped);
    if escaped.encode_utf16().count() > MAX_IDN_INPUT {
        return st.fail(
            "IDNA",
            &escaped,
            "longer than IDNA is given (1265 UTF-16 code units)",
        );
    }
    let ascii = super::idna::to_ascii_traced(&escaped, st)
        .ok_or_else(|| "IDNA (UTS #46 ToASCII) fails".to_string())?;
    let before = out.len();
    let (ok, non_ascii) = simple(ascii.as_bytes(), out);
    let after = String::from_utf8_lossy(&out[before..]).into_owned();
    if non_ascii {
        return st.fail(
            "host characters after IDNA",
            &ascii,
            "escapes of octets beyond ASCII in IDNA's output",
        );
    }
    if !ok {
        return st.fail(
            "host characters after IDNA",
            &ascii,
            "forbidden host character",
        );
    }
    st.push("host characters after IDNA", &ascii, &after);
    Ok(())
}

/// A special URL's host before it is read as an IP address
/// (`DoHostSubstring`, `DoComplexHost`).
fn substring(host: &str, out: &mut Vec<u8>, st: &mut Stages) -> Result<(), String> {
    let b = host.as_bytes();
    let non_ascii = b.iter().any(|&c| c >= 0x80);
    let escapes = b.contains(&b'%');
    if !non_ascii && !escapes {
        let (ok, _) = simple(b, out);
        let after = String::from_utf8_lossy(out).into_owned();
        if !ok {
            return st.fail(
                "ASCII fast path",
                host,
                &format!("forbidden host character ({after})"),
            );
        }
        st.push("ASCII fast path", host, &after);
        return Ok(());
    }
    let source: String = if escapes {
        let mut decoded = Vec::with_capacity(b.len());
        let (ok, non_ascii) = simple(b, &mut decoded);
        let text = String::from_utf8_lossy(&decoded).into_owned();
        st.push("percent-decode", host, &text);
        if !non_ascii {
            out.extend_from_slice(&decoded);
            if !ok {
                return st.fail(
                    "host characters",
                    &text,
                    "invalid escape or forbidden host character",
                );
            }
            return Ok(());
        }
        match String::from_utf8(decoded) {
            Ok(s) if ok => s,
            Ok(s) => {
                // Chromium goes on with IDNA, but the host is invalid.
                let mut ignored = Vec::new();
                let _ = idn(&s, &mut ignored, st);
                return Err("invalid escape or forbidden host character".to_string());
            }
            Err(_) => {
                return st.fail("UTF-8 decode", &text, "the escapes are not UTF-8");
            }
        }
    } else {
        host.to_string()
    };
    idn(&source, out, st)
}

/// An opaque host (`DoOpaqueHost`); `wide`: the string holds a code point
/// beyond U+00FF (Blink hands it over as UTF-16).
fn opaque(host: &str, wide: bool, out: &mut Vec<u8>, st: &mut Stages) -> Result<(), String> {
    let mut s = String::with_capacity(host.len());
    for c in host.chars() {
        let unit = c.encode_utf16(&mut [0u16; 2])[0];
        let checked = if wide || c.is_ascii() {
            (unit & 0xFF) as u8
        } else {
            0x80
        };
        if !matches!(c, '[' | ']' | ':') && forbidden_host(checked) {
            let why = if c.is_ascii() {
                format!("forbidden host code point {c:?}")
            } else {
                format!(
                    "U+{:04X}: its UTF-16 code unit's low octet is the forbidden host code point {:?}",
                    u32::from(c),
                    char::from(checked)
                )
            };
            return st.fail("opaque-host parser", host, &why);
        }
        if !(' '..='~').contains(&c) {
            push_utf8_escaped(c, &mut s);
        } else {
            s.push(c);
        }
    }
    st.push("opaque-host parser", host, &s);
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

/// `IsForbiddenHostCodePoint`: NUL, tab, LF, CR, space, `#`, `/`, `:`, `<`,
/// `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`.
fn forbidden_host(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// The canonical host of `host` (a non-empty host as the URL holds it),
/// or why it is invalid (`DoHost`).
pub(crate) fn canonicalize(
    host: &str,
    mode: Mode,
    wide: bool,
    st: &mut Stages,
) -> Result<String, String> {
    let mut out = Vec::with_capacity(host.len());
    match mode {
        Mode::Special | Mode::File => substring(host, &mut out, st)?,
        Mode::NonSpecial => opaque(host, wide, &mut out, st)?,
    }
    let text = String::from_utf8_lossy(&out).into_owned();
    let (family, stage) = match mode {
        Mode::NonSpecial => (ip::non_special(&out), "IPv6 parser"),
        _ => match ip::ipv4(&out).0 {
            Family::Neutral => (ip::non_special(&out), "IPv6 parser"),
            f => (f, "IPv4 parser"),
        },
    };
    match family {
        Family::Neutral => Ok(text),
        Family::Broken => {
            let why = match stage {
                "IPv4 parser" => "not an IPv4 address, though its last part is a number",
                _ => "not an IPv6 address, though it holds [, ] or :",
            };
            st.fail(stage, &text, why)
        }
        f => {
            let ip = ip::text(f).unwrap_or_default();
            st.push(stage, &text, &ip);
            Ok(ip)
        }
    }
}

/// What an invalid host is shown as (`AppendInvalidNarrowString`).
#[allow(dead_code)]
pub(crate) fn shown_invalid(host: &str) -> String {
    let mut s = String::new();
    push_invalid(host.as_bytes(), &mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(h: &str, mode: Mode) -> Result<String, String> {
        let wide = h.chars().any(|c| c as u32 > 0xFF);
        canonicalize(h, mode, wide, &mut Stages::none())
    }

    #[test]
    fn special_hosts() {
        assert_eq!(host("EXAMPLE.com", Mode::Special).unwrap(), "example.com");
        assert_eq!(host("a b*c", Mode::Special).unwrap(), "a%20b%2Ac");
        assert_eq!(host("xn--9c", Mode::Special).unwrap(), "xn--9c");
        assert!(host("a^b", Mode::Special).is_err());
        assert_eq!(host("%41%2eB", Mode::Special).unwrap(), "a.b");
        assert!(host("%41%2e1", Mode::Special).is_err());
        assert_eq!(host("0x7f.1", Mode::Special).unwrap(), "127.0.0.1");
        assert!(host("256.1.1.1", Mode::Special).is_err());
        assert_eq!(
            host("Bücher.de", Mode::Special).unwrap(),
            "xn--bcher-kva.de"
        );
        assert_eq!(
            host("\u{FF05}\u{FF14}\u{FF11}", Mode::Special).unwrap(),
            "a"
        );
        assert_eq!(host("[::%31]", Mode::Special).unwrap(), "[::1]");
        assert!(host("%zz", Mode::Special).is_err());
        assert!(host("%C3", Mode::Special).is_err());
    }

    #[test]
    fn opaque_hosts_check_the_low_octet_of_wide_strings() {
        assert!(host("\u{140}", Mode::NonSpecial).is_err());
        assert_eq!(host("\u{141}", Mode::NonSpecial).unwrap(), "%C5%81");
        assert_eq!(host("ü", Mode::NonSpecial).unwrap(), "%C3%BC");
        assert_eq!(host("EX%zz", Mode::NonSpecial).unwrap(), "EX%zz");
        assert!(host("a b", Mode::NonSpecial).is_err());
        assert_eq!(host("[::1]", Mode::NonSpecial).unwrap(), "[::1]");
    }
}
