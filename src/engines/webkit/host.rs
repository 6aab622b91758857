//! The URL Standard's host parser as WebKit runs it
//! (`URLParser::parseHostAndPort` in `Source/WTF/wtf/URLParser.cpp`), each
//! stage reported to a [`Stages`] recorder, so that `urlprism trace`
//! shows the very code that canonicalizes.
//!
//! The stages are the URL Standard's and bear the names the `whatwg`
//! engine's trace gives them ([`crate::engines::whatwg::host_trace`]), so that
//! the two line up in `urlprism trace`; domain to ASCII adds one stage,
//! `UTS #46 data (ICU 72)`, the mapping with WebKit's data (see
//! [`super::idna`]).

use super::idna::{self, IdnaData};
use crate::engines::whatwg::host_trace::ENDS_IN_A_NUMBER;

/// The marks column of every stage.
pub(super) const MARKS: &str = "WEBKIT";

pub use crate::engines::whatwg::host_trace::Stages;

/// A forbidden host code point of the URL Standard.
pub fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// A forbidden domain code point: a forbidden host code point, a C0
/// control, `%` or U+007F.
pub fn is_forbidden_domain(c: char) -> bool {
    is_forbidden_host(c) || c <= '\u{1f}' || c == '%' || c == '\u{7f}'
}

/// The host parser on `input` (the host part of a URL's authority, tabs
/// and newlines already removed) for a special URL (`special`) or not:
/// the serialized host, or why there is none.
pub fn parse_host(
    input: &str,
    special: bool,
    data: IdnaData,
    st: &mut Stages,
) -> Result<String, String> {
    // Step 1: an IPv6 address.
    if let Some(rest) = input.strip_prefix('[') {
        let r = match rest.strip_suffix(']') {
            Some(inner) => parse_ipv6(inner)
                .map(|a| format!("[{}]", serialize_ipv6(&a)))
                .ok_or_else(|| "invalid IPv6 address".to_string()),
            None => Err("an IPv6 address without its ]".to_string()),
        };
        return st.result("IPv6 parser", input, r);
    }
    // Step 2: an opaque host.
    if !special {
        let r = opaque_host(input);
        return st.result("opaque-host parser", input, r);
    }
    // Step 4: percent-decode, then UTF-8 decode without BOM.
    let decoded = percent_decode(input.as_bytes());
    let domain = String::from_utf8_lossy(&decoded).into_owned();
    st.push("percent-decode", input, &domain);
    // Step 5: domain to ASCII.
    let ascii = domain_to_ascii(&domain, data, st)?;
    // Step 7: forbidden domain code points.
    let forbidden = ascii
        .chars()
        .find(|&c| is_forbidden_domain(c))
        .map_or(Ok(()), |c| {
            Err(format!("forbidden domain code point {c:?}"))
        });
    st.check("forbidden domain code points", &ascii, forbidden)?;
    // Steps 8 and 9.
    let number = ends_in_a_number(&ascii);
    st.push(
        ENDS_IN_A_NUMBER,
        &ascii,
        &format!("ends in a number = {number}"),
    );
    if number {
        let r = parse_ipv4(&ascii)
            .map(serialize_ipv4)
            .ok_or_else(|| "invalid IPv4 address".to_string());
        return st.result("IPv4 parser", &ascii, r);
    }
    Ok(ascii)
}

fn domain_to_ascii(domain: &str, data: IdnaData, st: &mut Stages) -> Result<String, String> {
    // WebKit lowercases an ASCII domain without an `xn--` label itself.
    if domain.is_ascii() && !has_xn_label(domain) {
        let lower = domain.to_ascii_lowercase();
        st.push("UTS #46 mapping", domain, &lower);
        return st
            .check(
                "empty host",
                &lower,
                if lower.is_empty() {
                    Err("empty host".to_string())
                } else {
                    Ok(())
                },
            )
            .map(|()| lower);
    }
    if data == IdnaData::Icu72 {
        let r = idna::icu72_map(domain)
            .map(|m| m.into_owned())
            .map_err(|c| idna::IdnaError::Disallowed(c).to_string());
        st.result("UTS #46 data (ICU 72)", domain, r)?;
    }
    let r = idna::domain_to_ascii(domain, data).map_err(|e| e.to_string());
    st.result("domain to ASCII", domain, r)
}

/// Whether a label of `domain` begins with `xn--` (any case).
fn has_xn_label(domain: &str) -> bool {
    domain
        .split('.')
        .any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"))
}

/// The opaque-host parser: a forbidden host code point fails; C0 controls
/// and what is not ASCII are percent-encoded.
///
/// WebKit rule (a code point above U+FFFF read by its low 16 bits):
/// `URLParser::parseHostAndPort` passes each code point of a non-special
/// host to `isForbiddenHostCodePoint(char16_t)`, which keeps its low 16
/// bits: U+E005D is taken for `]` (0x005D) and fails, U+F000A for a
/// newline.
pub fn opaque_host(input: &str) -> Result<String, String> {
    let narrowed = |c: char| char::from_u32(u32::from(c) & 0xFFFF).unwrap_or('\u{FFFD}');
    if let Some(c) = input.chars().find(|&c| is_forbidden_host(narrowed(c))) {
        return Err(format!("forbidden host code point {c:?}"));
    }
    // UTF-8 percent-encoded with the C0 control percent-encode set.
    let mut out = String::with_capacity(input.len());
    for b in input.bytes() {
        if b <= 0x1f || b > 0x7e {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(char::from(b));
        }
    }
    Ok(out)
}

/// The bytes of `s` with each `%` and two hex digits replaced by the
/// octet they stand for.
pub fn percent_decode(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |j: usize| b.get(j).and_then(|&c| (c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The URL Standard's *ends in a number checker*.
pub fn ends_in_a_number(s: &str) -> bool {
    let mut parts: Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    match last.strip_prefix("0x").or_else(|| last.strip_prefix("0X")) {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => false,
    }
}

/// The URL Standard's IPv4 number parser: the number, or `None`.
fn ipv4_number(s: &str) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if s.len() >= 2 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() {
        return Some(0);
    }
    let mut n: u64 = 0;
    for c in digits.chars() {
        let d = u64::from(c.to_digit(radix)?);
        // Past 2^32 the exact value no longer matters.
        n = (n * u64::from(radix) + d).min(1 << 40);
    }
    Some(n)
}

/// The URL Standard's IPv4 parser.
pub fn parse_ipv4(s: &str) -> Option<u32> {
    let mut parts: Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    if parts.len() > 4 {
        return None;
    }
    let numbers: Vec<u64> = parts
        .iter()
        .map(|p| ipv4_number(p))
        .collect::<Option<_>>()?;
    let (last, init) = numbers.split_last()?;
    if init.iter().any(|&n| n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return None;
    }
    let mut ipv4 = *last;
    for (i, &n) in init.iter().enumerate() {
        ipv4 += n * 256u64.pow(3 - i as u32);
    }
    u32::try_from(ipv4).ok()
}

pub fn serialize_ipv4(a: u32) -> String {
    let b = a.to_be_bytes();
    format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])
}

/// The IPv6 parser on what is inside the brackets, as WebKit writes it
/// (`URLParser::parseIPv6Host`), where it departs from the URL Standard's
/// in two ways:
///
/// - a dotted IPv4 tail is tried, whole and strict (four decimal parts, no
///   leading zero), before a piece, at the seventh piece or anywhere after
///   `::`; where the `::` would stand for exactly two zero pieces it
///   fails (`[::2008:db8:00:0:129.144.52.38]`, `[1:2:3:4::1.2.3.4]`: the
///   Standard accepts both);
/// - a `:` that ends the address is a syntax violation, not a failure
///   (`[::2002:c000:022a:]` → `[::2002:c000:22a]`).
pub fn parse_ipv6(input: &str) -> Option<[u16; 8]> {
    let c: Vec<char> = input.chars().collect();
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    if c.is_empty() {
        return None;
    }
    if c[0] == ':' {
        if c.get(1) != Some(&':') {
            return None;
        }
        p = 2;
        piece = 1;
        compress = Some(piece);
    }
    while p < c.len() {
        if piece == 8 {
            return None;
        }
        if c[p] == ':' {
            if compress.is_some() {
                return None;
            }
            p += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        if piece == 6 || (compress.is_some() && piece < 6) {
            if let Some(v4) = ipv4_inside_ipv6(&c[p..]) {
                if compress.is_some() && piece == 5 {
                    return None;
                }
                address[piece] = (v4 >> 16) as u16;
                address[piece + 1] = (v4 & 0xffff) as u16;
                piece += 2;
                p = c.len();
                break;
            }
        }
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 && p < c.len() && c[p].is_ascii_hexdigit() {
            value = value * 0x10 + c[p].to_digit(16).unwrap_or(0);
            p += 1;
            length += 1;
        }
        address[piece] = value as u16;
        piece += 1;
        if p == c.len() {
            break;
        }
        if piece == 8 || c[p] != ':' {
            return None;
        }
        // A `:` at the end is let through.
        p += 1;
    }
    if p != c.len() {
        return None;
    }
    if let Some(cp) = compress {
        let mut swaps = piece - cp;
        piece = 7;
        while swaps > 0 {
            address.swap(piece, cp + swaps - 1);
            piece = piece.saturating_sub(1);
            swaps -= 1;
        }
    } else if piece != 8 {
        return None;
    }
    Some(address)
}

/// A dotted IPv4 address that is all of `c`, as WebKit reads one inside
/// an IPv6 address (`URLParser::parseIPv4AddressInsideIPv6`): four decimal
/// parts of at most 255, none with a leading zero.
fn ipv4_inside_ipv6(c: &[char]) -> Option<u32> {
    let text: String = c.iter().collect();
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut address = 0u32;
    for part in parts {
        let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !digits || (part.len() > 1 && part.starts_with('0')) || part.len() > 3 {
            return None;
        }
        let n: u32 = part.parse().ok()?;
        if n > 255 {
            return None;
        }
        address = (address << 8) + n;
    }
    Some(address)
}

/// The URL Standard's IPv6 serializer (without the brackets).
pub fn serialize_ipv6(a: &[u16; 8]) -> String {
    // The first longest run of two or more zero pieces.
    let mut compress: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if a[i] == 0 {
            let start = i;
            while i < 8 && a[i] == 0 {
                i += 1;
            }
            let len = i - start;
            if len > 1 && compress.is_none_or(|(_, l)| len > l) {
                compress = Some((start, len));
            }
        } else {
            i += 1;
        }
    }
    let mut out = String::new();
    let mut ignore0 = false;
    for (i, &piece) in a.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress.is_some_and(|(s, _)| s == i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        out.push_str(&format!("{piece:x}"));
        if i != 7 {
            out.push(':');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str) -> Result<String, String> {
        parse_host(s, true, IdnaData::Icu72, &mut Stages::off(MARKS))
    }

    #[test]
    fn hosts_as_the_standard_parses_them() {
        assert_eq!(host("EXAMPLE.%63om").unwrap(), "example.com");
        assert_eq!(host("0x7f.1").unwrap(), "127.0.0.1");
        assert_eq!(host("0x").unwrap(), "0.0.0.0");
        assert!(host("256.0.0.1").is_err());
        assert!(host("a.0x1g").is_ok());
        assert!(host("1.2.3.4.5").is_err());
        assert_eq!(host("[::1]").unwrap(), "[::1]");
        assert_eq!(host("[1:0:0:2:0:0:0:3]").unwrap(), "[1:0:0:2::3]");
        assert_eq!(host("[::ffff:1.2.3.4]").unwrap(), "[::ffff:102:304]");
        assert!(host("[::1.2.3]").is_err());
        assert!(host("[1::2::3]").is_err());
        assert!(host("a%2Fb").is_err());
        assert!(host("a\u{180E}b").is_err());
        assert_eq!(
            parse_host("a b", false, IdnaData::Icu72, &mut Stages::off(MARKS)),
            Err("forbidden host code point ' '".to_string())
        );
        assert_eq!(
            parse_host(
                "\u{fc}%zz\u{7f}",
                false,
                IdnaData::Icu72,
                &mut Stages::off(MARKS)
            )
            .unwrap(),
            "%C3%BC%zz%7F"
        );
    }

    #[test]
    fn ipv6_as_webkit_parses_it() {
        let v6 = |s: &str| parse_ipv6(s).map(|a| serialize_ipv6(&a));
        // A trailing ':' is let through.
        assert_eq!(v6("::2002:c000:022a:").as_deref(), Some("::2002:c000:22a"));
        assert_eq!(v6("1::2:").as_deref(), Some("1::2"));
        assert_eq!(v6("1:2:3:4:5:6:7:"), None);
        assert_eq!(v6("1:2:3:4:5:6:7:8:"), None);
        // An IPv4 tail where '::' would stand for two zero pieces fails.
        assert_eq!(v6("::2008:db8:00:0:129.144.52.38"), None);
        assert_eq!(v6("1:2:3::4:1.2.3.4"), None);
        assert_eq!(v6("1:2:3:4::1.2.3.4"), None);
        assert_eq!(v6("1:2:3::1.2.3.4").as_deref(), Some("1:2:3::102:304"));
        assert_eq!(v6("1:2:3:4::5:6:7").as_deref(), Some("1:2:3:4:0:5:6:7"));
        assert_eq!(
            v6("1:2:3:4:5:6:1.2.3.4").as_deref(),
            Some("1:2:3:4:5:6:102:304")
        );
        // Strict dotted parts.
        assert_eq!(v6("::1.2.3.04"), None);
        assert_eq!(v6("::1.2.3.0").as_deref(), Some("::102:300"));
        assert_eq!(v6("::1.2.3.256"), None);
        assert_eq!(v6(""), None);
        assert_eq!(v6(":"), None);
        assert_eq!(v6("::").as_deref(), Some("::"));
    }

    #[test]
    fn stages_are_recorded() {
        let mut st = Stages::recording(MARKS);
        let h = parse_host("Fa%C3%9F.de", true, IdnaData::Icu72, &mut st).unwrap();
        assert_eq!(h, "xn--fa-hia.de");
        let names: Vec<&str> = st.steps.iter().map(|s| s.step).collect();
        assert_eq!(
            names,
            [
                "percent-decode",
                "UTS #46 data (ICU 72)",
                "domain to ASCII",
                "forbidden domain code points",
                ENDS_IN_A_NUMBER
            ]
        );
    }
}
