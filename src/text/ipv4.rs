//! IPv4 addresses in every `inet_addr` form.
//!
//! Specification "IPv4 addresses": one to four *numbers* separated by `.`,
//! each hexadecimal (`0x`/`0X` then zero or more hex digits; `0x` alone is
//! zero), octal (`0` then zero or more octal digits) or decimal (`1`-`9`
//! then digits), with the limits of `inet_addr`:
//!
//! | numbers | limits                          |
//! | ------- | ------------------------------- |
//! | 4       | 255 . 255 . 255 . 255           |
//! | 3       | 255 . 255 . 65535               |
//! | 2       | 255 . 16777215                  |
//! | 1       | 4294967295                      |
//!
//! Edge cases, as the suite (`decomps-authority-ipv4.dat`) has them:
//! leading zeros are allowed in any number (`0000000000000300` is 192,
//! `0x0FFFFFFFF` is 255.255.255.255); an empty number fails, so a trailing
//! dot fails (`192.168.0.1.` is a domain name); a number whose value is too
//! large fails however many digits it has (`0xffffffffFFFFFFFF`), without
//! overflowing; `08` and `00xFF` are not numbers; a fifth number fails.

use std::net::Ipv4Addr;

/// The "steps to canonicalize an IPv4 address": `None` is "fail"; otherwise
/// the address in dotted decimal (step 8).
///
/// ```text
/// assert_eq!(canonicalize_ipv4("0300.0250.00.01").as_deref(), Some("192.168.0.1"));
/// assert_eq!(canonicalize_ipv4("0xC0a80001").as_deref(), Some("192.168.0.1"));
/// assert_eq!(canonicalize_ipv4("192.168.1").as_deref(), Some("192.168.0.1"));
/// assert_eq!(canonicalize_ipv4("192").as_deref(), Some("0.0.0.192"));
/// assert_eq!(canonicalize_ipv4("192.168.0.256"), None);
/// assert_eq!(canonicalize_ipv4("192.168.0.1."), None);
/// ```
pub fn canonicalize_ipv4(s: &str) -> Option<String> {
    parse_ipv4(s).map(|a| Ipv4Addr::from(a).to_string())
}

/// Steps 3-7 of the "steps to canonicalize an IPv4 address": the 32-bit
/// address that `s` denotes, or `None` when it is not an IPv4 address.
///
/// ```text
/// assert_eq!(parse_ipv4("0xFF.0"), Some(0xFF00_0000));
/// assert_eq!(parse_ipv4("0x"), Some(0));
/// assert_eq!(parse_ipv4("1..2"), None);
/// ```
pub fn parse_ipv4(s: &str) -> Option<u32> {
    // Every number begins with a digit: `www.example.com` is told at once.
    if !s.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut numbers = [0u32; 4];
    let mut count = 0;
    for part in s.split('.') {
        if count == 4 {
            return None;
        }
        numbers[count] = parse_number(part.as_bytes())?;
        count += 1;
    }
    let n = &numbers[..count];
    let byte = |v: u32| v <= 0xFF;
    match *n {
        [a, b, c, d] if byte(a) && byte(b) && byte(c) && byte(d) => {
            Some(a << 24 | b << 16 | c << 8 | d)
        }
        [a, b, c] if byte(a) && byte(b) && c <= 0xFFFF => Some(a << 24 | b << 16 | c),
        [a, b] if byte(a) && b <= 0xFF_FFFF => Some(a << 24 | b),
        [a] => Some(a),
        _ => None,
    }
}

/// A *number*: hexadecimal, octal or decimal; `None` when `part` is not one
/// or its value exceeds 0xFFFFFFFF.  Linear in `part`, never overflows.
fn parse_number(part: &[u8]) -> Option<u32> {
    let (digits, radix) = match part {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] => (rest, 8),
        [b'1'..=b'9', ..] => (part, 10),
        _ => return None,
    };
    let mut value: u64 = 0;
    for &d in digits {
        let v = (d as char).to_digit(radix)?;
        value = value * radix as u64 + v as u64;
        if value > u32::MAX as u64 {
            return None;
        }
    }
    Some(value as u32)
}

/// Whether `s` has the form of an IPv4 address, whatever the values: one
/// to four *numbers* (`0x`/`0X` and hexadecimal digits, `0` and octal
/// digits, or `1`-`9` and decimal digits) separated by `.`, with at most
/// one trailing `.`.
///
/// ```text
/// use urlprism::text::ipv4::has_ipv4_form;
/// assert!(has_ipv4_form("192.168.0.256"));
/// assert!(has_ipv4_form("0xc0.0250.01."));
/// assert!(has_ipv4_form("99999999999999999999"));
/// assert!(!has_ipv4_form("192.168.0.1.."));
/// assert!(!has_ipv4_form("08.1"));
/// assert!(!has_ipv4_form("1.2.3.4.5"));
/// ```
pub fn has_ipv4_form(s: &str) -> bool {
    let body = s.strip_suffix('.').unwrap_or(s);
    !body.is_empty()
        && body.split('.').count() <= 4
        && body.split('.').all(|part| {
            let (digits, radix) = match part.as_bytes() {
                [] => return false,
                [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
                [b'0', rest @ ..] => (rest, 8),
                [b'1'..=b'9', ..] => (part.as_bytes(), 10),
                _ => return false,
            };
            digits.iter().all(|&d| (d as char).is_digit(radix))
        })
}

/// What googleurl's IPv4 reading made of a host (its
/// `CanonHostInfo::Family`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ipv4Family {
    /// `IPV4`: the address.
    Address(u32),
    /// `NEUTRAL`: not an IPv4 address; the host is a domain name.
    NotAddress,
    /// `BROKEN`: numbers that do not make an address; the URL is invalid.
    Broken,
}

/// Step 27 as Chrome 2011 ran it: googleurl before revision 9ddcf11
/// (2011-06-03, "Fix handling of certain URLs with long runs of numbers",
/// BUG=84077), `src/url_canon_ip.cc`:
///
/// * `DoFindIPv4Components`: every character must be an IPv4 character
///   (`0-9`, `a-f`, `A-F`, `x`, `X`, `.`; table `kSharedCharTypeTable`,
///   `CHAR_IPV4`), the host at most four `.`-separated components, none
///   empty but for one after a trailing `.`; otherwise `NEUTRAL`.
/// * `IPv4ComponentToNumber`, component by component in order: the base
///   from the prefix (`0x`/`0X` 16, another leading `0` 8, else 10); a
///   character that is not a digit of the base is `NEUTRAL`; a value over
///   32 bits is `BROKEN`.
/// * `DoIPv4AddressToNumber` stops at the first component that is not a
///   number ("Stop if we hit an invalid non-empty component") and returns
///   its family: an overflowing component *before* a non-number makes the
///   whole host `BROKEN` (revision 9ddcf11 made it `NEUTRAL`).  With every
///   component a number, a non-last one over 255, or a last one over the
///   bytes left, is `BROKEN`.
///
/// ```text
/// use urlprism::text::ipv4::{googleurl_2011_ipv4, Ipv4Family::*};
/// assert_eq!(googleurl_2011_ipv4("0300.0250.00.01"), Address(0xC0A8_0001));
/// assert_eq!(googleurl_2011_ipv4("192.168.1."), Address(0xC0A8_0001));
/// // Overflow before a component that is not decimal: BROKEN.
/// assert_eq!(googleurl_2011_ipv4("99999999999.abc"), Broken);
/// // `o` and `m` are no IPv4 characters: a domain name.
/// assert_eq!(googleurl_2011_ipv4("99999999999.com"), NotAddress);
/// assert_eq!(googleurl_2011_ipv4("abc.99999999999"), NotAddress);
/// assert_eq!(googleurl_2011_ipv4("192.168.0.256"), Broken);
/// assert_eq!(googleurl_2011_ipv4("1.2.3.4.5"), NotAddress);
/// ```
pub fn googleurl_2011_ipv4(s: &str) -> Ipv4Family {
    let is_ipv4_char = |b: u8| b.is_ascii_hexdigit() || matches!(b, b'x' | b'X' | b'.');
    if s.is_empty() || !s.bytes().all(is_ipv4_char) {
        return Ipv4Family::NotAddress;
    }
    // DoFindIPv4Components: at most four components, one trailing dot.
    let body = s.strip_suffix('.').unwrap_or(s);
    if body.is_empty() || body.split('.').any(str::is_empty) || body.split('.').count() > 4 {
        return Ipv4Family::NotAddress;
    }
    let mut numbers = [0u32; 4];
    let mut count = 0;
    for part in body.split('.') {
        match googleurl_component(part.as_bytes()) {
            Ipv4Family::Address(v) => numbers[count] = v,
            family => return family,
        }
        count += 1;
    }
    let n = &numbers[..count];
    let (last, init) = n.split_last().expect("at least one component");
    if init.iter().any(|&v| v > 0xFF) {
        return Ipv4Family::Broken;
    }
    let last_bits = 8 * (4 - init.len() as u32);
    if last_bits < 32 && *last >> last_bits != 0 {
        return Ipv4Family::Broken;
    }
    let address = init
        .iter()
        .enumerate()
        .fold(*last, |a, (i, &v)| a | v << (24 - 8 * i as u32));
    Ipv4Family::Address(address)
}

/// googleurl's `IPv4ComponentToNumber` (before 9ddcf11): the component's
/// value, `NotAddress` when a character is not a digit of its base,
/// `Broken` when the value exceeds 32 bits.  Linear, never overflows.
fn googleurl_component(part: &[u8]) -> Ipv4Family {
    let (digits, radix) = match part {
        [b'0'] => (part, 10),
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] => (rest, 8),
        _ => (part, 10),
    };
    let mut value: u64 = 0;
    let mut overflow = false;
    for &d in digits {
        let Some(v) = (d as char).to_digit(radix) else {
            return Ipv4Family::NotAddress;
        };
        value = value * u64::from(radix) + u64::from(v);
        if value > u64::from(u32::MAX) {
            // Every character is still checked for the base.
            overflow = true;
            value = 0;
        }
    }
    if overflow {
        Ipv4Family::Broken
    } else {
        Ipv4Family::Address(value as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples in the documentation.
    #[test]
    fn doc_examples() {
        assert_eq!(
            canonicalize_ipv4("0300.0250.00.01").as_deref(),
            Some("192.168.0.1")
        );
        assert_eq!(
            canonicalize_ipv4("0xC0a80001").as_deref(),
            Some("192.168.0.1")
        );
        assert_eq!(
            canonicalize_ipv4("192.168.1").as_deref(),
            Some("192.168.0.1")
        );
        assert_eq!(canonicalize_ipv4("192").as_deref(), Some("0.0.0.192"));
        assert_eq!(canonicalize_ipv4("192.168.0.256"), None);
        assert_eq!(canonicalize_ipv4("192.168.0.1."), None);
        assert_eq!(parse_ipv4("0xFF.0"), Some(0xFF00_0000));
        assert_eq!(parse_ipv4("0x"), Some(0));
        assert_eq!(parse_ipv4("1..2"), None);
    }

    fn c(s: &str) -> Option<String> {
        canonicalize_ipv4(s)
    }

    #[test]
    fn four_numbers() {
        assert_eq!(c("192.168.0.1").as_deref(), Some("192.168.0.1"));
        assert_eq!(c("0xC0.0Xa8.0x0.0x1").as_deref(), Some("192.168.0.1"));
        assert_eq!(c("0300.0250.00.01").as_deref(), Some("192.168.0.1"));
        assert_eq!(c("0.00.0x.0x0").as_deref(), Some("0.0.0.0"));
        assert_eq!(c("192.168.0.0255").as_deref(), Some("192.168.0.173"));
        assert_eq!(c("192.168.0.000255").as_deref(), Some("192.168.0.173"));
        assert_eq!(
            c("0000000000000300.0x00000000000000fF.00000000000000001").as_deref(),
            Some("192.255.0.1")
        );
        assert_eq!(c("255.255.255.255").as_deref(), Some("255.255.255.255"));
        assert_eq!(c("192.168.0.256"), None);
        assert_eq!(c("0x100.0.0.0"), None);
        assert_eq!(c("0400.0.0.0"), None);
        assert_eq!(c("192.168.0.0800"), None);
        assert_eq!(c("192.168.0.080"), None);
        assert_eq!(c("192.168.0.1.0"), None);
    }

    #[test]
    fn fewer_numbers() {
        assert_eq!(c("0.0.0xFFFF").as_deref(), Some("0.0.255.255"));
        assert_eq!(c("192.168.1").as_deref(), Some("192.168.0.1"));
        assert_eq!(c("1.2.65536"), None);
        assert_eq!(c("192.0x00A80001").as_deref(), Some("192.168.0.1"));
        assert_eq!(c("192.168").as_deref(), Some("192.0.0.168"));
        assert_eq!(c("0xFF.0").as_deref(), Some("255.0.0.0"));
        assert_eq!(c("1.0x1000000"), None);
        assert_eq!(c("256.1"), None);
        assert_eq!(c("192").as_deref(), Some("0.0.0.192"));
        assert_eq!(c("0xFFFFFFFF").as_deref(), Some("255.255.255.255"));
        assert_eq!(c("0x0FFFFFFFF").as_deref(), Some("255.255.255.255"));
        assert_eq!(c("4294967295").as_deref(), Some("255.255.255.255"));
        assert_eq!(c("4294967296"), None);
        assert_eq!(c("037777777777").as_deref(), Some("255.255.255.255"));
        assert_eq!(c("040000000000"), None);
        assert_eq!(c("000030052000001").as_deref(), Some("192.168.0.1"));
        assert_eq!(c("00000000000000000001").as_deref(), Some("0.0.0.1"));
        assert_eq!(c("0").as_deref(), Some("0.0.0.0"));
        assert_eq!(c("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(c("0X").as_deref(), Some("0.0.0.0"));
    }

    #[test]
    fn not_numbers() {
        for s in [
            "",
            ".",
            "1.",
            "1..2",
            ".1",
            "192.168.0.",
            "0xFFFFFFFF.",
            "00xffffffff",
            "0x12c0a80001",
            "0x13235xy4a",
            "00000844498133",
            "08",
            "09",
            "1a",
            "-1",
            "+1",
            " 1",
            "1 ",
            "0x-1",
            "x1",
            "1.2.3.4.5",
            "１",
            "0xg",
            "１.2.3.4",
        ] {
            assert_eq!(c(s), None, "{s:?}");
        }
        assert_eq!(
            c("0000000000000300.0xffffffffffffffff.3022415481470977"),
            None
        );
    }

    #[test]
    fn huge_input_is_linear_and_safe() {
        let zeros = "0".repeat(1_000_000) + "1";
        assert_eq!(c(&zeros).as_deref(), Some("0.0.0.1"));
        let hex = "0x".to_string() + &"0".repeat(1_000_000) + "ff";
        assert_eq!(c(&hex).as_deref(), Some("0.0.0.255"));
        crate::linear_time::assert_linear("IPv4 parsing", 100_000, |n| {
            assert_eq!(c(&("0".repeat(n) + "1")).as_deref(), Some("0.0.0.1"));
            assert_eq!(c(&"9".repeat(n)), None);
            assert_eq!(c(&"1.".repeat(n)), None);
            assert_eq!(c(&".".repeat(n)), None);
        });
    }

    proptest::proptest! {
        #[test]
        fn dotted_decimal_is_fixed(a: u32) {
            let text = std::net::Ipv4Addr::from(a).to_string();
            proptest::prop_assert_eq!(parse_ipv4(&text), Some(a));
            proptest::prop_assert_eq!(c(&format!("{a:#x}")), Some(text.clone()));
            proptest::prop_assert_eq!(c(&format!("0{a:o}")), Some(text.clone()));
            proptest::prop_assert_eq!(c(&a.to_string()), Some(text));
        }

        #[test]
        fn never_panics(s in "[0-9a-fA-FxX.]{0,40}") {
            if let Some(a) = c(&s) {
                proptest::prop_assert_eq!(c(&a), Some(a.clone()));
            }
        }
    }

    /// Records of decomps-authority-ipv4.dat whose host is written plainly
    /// (ASCII letters, digits and dots): the host is the canonical address
    /// when there is one, else the lowercased input.
    #[test]
    fn suite_hosts() {
        let Some(hosts) =
            crate::text::percent::suite_reader::http_hosts("decomps-authority-ipv4.dat")
        else {
            return;
        };
        let mut checked = 0;
        for (data, raw, host) in hosts {
            if raw.is_empty() || !raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.') {
                continue;
            }
            let expected = c(&raw).unwrap_or_else(|| raw.to_ascii_lowercase());
            assert_eq!(host, expected, "{data:?}");
            checked += 1;
        }
        assert!(checked > 50, "only {checked} records checked");
    }

    #[test]
    fn googleurl_2011() {
        use Ipv4Family::*;
        let g = googleurl_2011_ipv4;
        assert_eq!(g("192.168.0.1"), Address(0xC0A8_0001));
        assert_eq!(g("0xC0a80001"), Address(0xC0A8_0001));
        assert_eq!(g("0x"), Address(0));
        assert_eq!(g("0"), Address(0));
        assert_eq!(g("192.168.0.1."), Address(0xC0A8_0001));
        assert_eq!(g("4294967295"), Address(u32::MAX));
        assert_eq!(g("4294967296"), Broken);
        assert_eq!(g("1.16777216"), Broken);
        assert_eq!(g("1.2.65536"), Broken);
        assert_eq!(g("256.1"), Broken);
        // The record behind the rule: decimal overflow, then `abc`.
        let long = format!("{}.abc", "1234567890".repeat(6));
        assert_eq!(g(&long), Broken);
        assert_eq!(g(&format!("{}.com", "1234567890".repeat(6))), NotAddress);
        // 08 is not octal; 1x not decimal; empty or extra components.
        assert_eq!(g("08.1"), NotAddress);
        assert_eq!(g("1x"), NotAddress);
        assert_eq!(g("1..2"), NotAddress);
        assert_eq!(g("."), NotAddress);
        assert_eq!(g("1.2.3.4.5"), NotAddress);
        assert_eq!(g("1.2.3.4.."), NotAddress);
        assert_eq!(g(""), NotAddress);
        // A non-number first hides a later overflow.
        assert_eq!(g("a.99999999999"), NotAddress);
        // Huge components stay linear and do not overflow.
        assert_eq!(g(&"9".repeat(100_000)), Broken);
    }

    #[test]
    fn ipv4_form() {
        for s in [
            "192.168.0.256",
            "0xc0.0250.01.",
            "0x",
            "99999999999999999999",
            "0X.00.1.2",
        ] {
            assert!(has_ipv4_form(s), "{s}");
        }
        for s in [
            "",
            ".",
            "192.168.0.1..",
            "08.1",
            "1.2.3.4.5",
            "1x",
            "a.1",
            "1..2",
        ] {
            assert!(!has_ipv4_form(s), "{s}");
        }
    }
}
