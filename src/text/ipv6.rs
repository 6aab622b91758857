//! IPv6 addresses: RFC 3986 grammar, RFC 5952 output.
//!
//! Specification "IPv6 addresses": a string (without its brackets) is an
//! IPv6 address when it matches RFC 3986's `IPv6address` with a modified
//! `IPv4address` rule; its canonical form is RFC 5952 section 4.
//!
//! What the suite (`decomps-authority-ipv6.dat`) settles:
//!
//! - `h16` is one to four hexadecimal digits of either case (`001080` is
//!   not an `h16`); the output is lowercase without leading zeros.
//! - `::` stands for at least one group: `1:2:3:4:5::6:7:8` and
//!   `1:2:3:4:5:6::1.2.3.4` fail; at most one `::`; `:::` fails; a single
//!   leading or trailing `:` fails.
//! - The embedded IPv4 address may only end the address (as `ls32`), its
//!   four parts are one to three decimal digits with a value of at most 255:
//!   the spec's `octet = dec-octet / "00" DIGIT / "0" DIGIT DIGIT` plus
//!   `"0" DIGIT`, which the suite also accepts (`192.168.0.01`,
//!   `192.00.2.33`).  Leading zeros are decimal, not octal (`010` is 10);
//!   four digits fail (`0010`), as do `256` and `0x01`.
//! - The embedded IPv4 address is printed as two hexadecimal groups, even
//!   for IPv4-mapped addresses: `::ffff:192.168.0.1` becomes
//!   `::ffff:c0a8:1` (not RFC 5952 section 5's mixed notation).
//! - Zone identifiers (`%…`), prefix lengths (`/60`), `IPvFuture`
//!   (`v1.…`) and anything else fail.

/// The "steps to canonicalize an IPv6 address" for `s` without brackets:
/// `None` is "fail"; otherwise the RFC 5952 section 4 form.
///
/// ```text
/// assert_eq!(canonicalize_ipv6("2001:DB8::0:1").as_deref(), Some("2001:db8::1"));
/// assert_eq!(canonicalize_ipv6("1:0:0:2::3:0").as_deref(), Some("1::2:0:0:3:0"));
/// assert_eq!(canonicalize_ipv6("::FFFF:129.144.52.38").as_deref(), Some("::ffff:8190:3426"));
/// assert_eq!(canonicalize_ipv6("1::%25eth0"), None);
/// assert_eq!(canonicalize_ipv6(":::"), None);
/// ```
pub fn canonicalize_ipv6(s: &str) -> Option<String> {
    parse_ipv6(s).map(|groups| format_ipv6(&groups))
}

/// An IPv6 literal (without brackets) read and written as IE 7-9 does, by
/// what Wine 1.5.26's urlmon tests (`dlls/urlmon/tests/uri.c`,
/// `uri_tests` and `invalid_uri_tests`) record of Windows; `None` is
/// "invalid".  Read as [`parse_ipv6`], except that a `::` at the start or
/// at the end must stand for two groups or more (`::2:3:4:5:6:7:8` and
/// `1:2:3:4:5:6:7::` are invalid, `1::3:4:5:6:7:8` is `1:0:3:4:5:6:7:8`).
/// Written as [`format_ipv6`], except that an address whose first six
/// groups are zero and whose seventh is not (an IPv4-compatible address)
/// ends in dotted decimal: `::13.1.68.3` stays, `::001.002.003.000` →
/// `::1.2.3.0`, while `ffff::192.222.111.32` → `ffff::c0de:6f20` and
/// `1:2:3:4:5:6:0.0.0.0` → `1:2:3:4:5:6::`.
///
/// ```text
/// assert_eq!(canonicalize_ipv6_windows("::13.1.68.3").as_deref(), Some("::13.1.68.3"));
/// assert_eq!(canonicalize_ipv6_windows("::2:3:4:5:6:7:8"), None);
/// ```
pub fn canonicalize_ipv6_windows(s: &str) -> Option<String> {
    let groups = parse_ipv6(s)?;
    // The groups written before and after the `::`, if there is one.
    if let Some(i) = s.find("::") {
        let count = |part: &str| {
            part.split(':')
                .filter(|p| !p.is_empty())
                .map(|p| if p.contains('.') { 2 } else { 1 })
                .sum::<usize>()
        };
        let written = count(&s[..i]) + count(&s[i + 2..]);
        let at_an_end = i == 0 || i + 2 == s.len();
        if at_an_end && written == 7 {
            return None;
        }
    }
    if groups[..6].iter().all(|&g| g == 0) && groups[6] != 0 {
        let [a, b] = groups[6].to_be_bytes();
        let [c, d] = groups[7].to_be_bytes();
        return Some(format!("::{a}.{b}.{c}.{d}"));
    }
    Some(format_ipv6(&groups))
}

/// Parses `s` (without brackets) per RFC 3986 `IPv6address` with the
/// modified `IPv4address`: the eight 16-bit groups, or `None`.
///
/// ```text
/// assert_eq!(parse_ipv6("ff01::43"), Some([0xff01, 0, 0, 0, 0, 0, 0, 0x43]));
/// assert_eq!(parse_ipv6("::1.2.3.4"), Some([0, 0, 0, 0, 0, 0, 0x0102, 0x0304]));
/// assert_eq!(parse_ipv6("1::2::3"), None);
/// ```
pub fn parse_ipv6(s: &str) -> Option<[u16; 8]> {
    // At most 8 groups of at most 4 digits, or 6 groups and an IPv4
    // address: anything longer fails at once.
    if s.len() > 45 || !s.is_ascii() {
        return None;
    }
    let mut groups = [0u16; 8];
    match s.find("::") {
        None => {
            let n = parse_groups(s, &mut groups)?;
            (n == 8).then_some(groups)
        }
        Some(i) => {
            let (head, tail) = (&s[..i], &s[i + 2..]);
            let mut h = [0u16; 8];
            let mut t = [0u16; 8];
            let hn = if head.is_empty() {
                0
            } else {
                parse_groups(head, &mut h)?
            };
            if head.contains('.') {
                return None; // an IPv4 address only ends the address
            }
            let tn = if tail.is_empty() {
                0
            } else {
                parse_groups(tail, &mut t)?
            };
            if hn + tn > 7 {
                return None; // "::" stands for at least one group
            }
            groups[..hn].copy_from_slice(&h[..hn]);
            groups[8 - tn..].copy_from_slice(&t[..tn]);
            Some(groups)
        }
    }
}

/// Parses `h16 *( ":" h16 )` optionally ending with an IPv4 address (two
/// groups) into `out`; returns the number of groups.  Fails on an empty
/// piece (so on a second `::`), on more than 8 groups, or on anything else.
fn parse_groups(s: &str, out: &mut [u16; 8]) -> Option<usize> {
    let mut n = 0;
    let mut pieces = s.split(':').peekable();
    while let Some(piece) = pieces.next() {
        if pieces.peek().is_none() && piece.contains('.') {
            let [a, b, c, d] = parse_ipv4_tail(piece)?;
            if n + 2 > 8 {
                return None;
            }
            out[n] = u16::from_be_bytes([a, b]);
            out[n + 1] = u16::from_be_bytes([c, d]);
            return Some(n + 2);
        }
        if n == 8 || piece.is_empty() || piece.len() > 4 {
            return None;
        }
        out[n] = u16::from_str_radix(piece, 16)
            .ok()
            .filter(|_| piece.bytes().all(|b| b.is_ascii_hexdigit()))?;
        n += 1;
    }
    Some(n)
}

/// The modified `IPv4address`: four parts of one to three decimal digits,
/// each at most 255.
fn parse_ipv4_tail(s: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut n = 0;
    for part in s.split('.') {
        if n == 4 || part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        out[n] = part.parse::<u8>().ok()?;
        n += 1;
    }
    (n == 4).then_some(out)
}

/// An IPv6 address as googleurl r155 read one (`src/url_canon_ip.cc`,
/// `DoIPv6AddressToNumber` with `DoParseIPv6` and
/// `CheckIPv6ComponentsSize`), for `s` without its brackets: the eight
/// groups, or `None` (for a bracketed host, googleurl's `BROKEN`).
///
/// * Pieces between `:` are one to four hexadecimal digits; one `::`
///   (at the start, or between pieces) stands for at least one zero group;
///   an empty piece elsewhere fails.
/// * At the first character of a piece that is no hexadecimal digit but
///   an IPv4 character (`.`, `x`, `X`), the rest of the string is an IPv4
///   address read by googleurl's own IPv4 reader
///   ([`crate::text::ipv4::googleurl_2011_ipv4`]: one to four numbers, octal and
///   hexadecimal ones too, one trailing `.`), after any number of groups,
///   and fills the last four octets.
/// * The groups (and the four octets) must make exactly 128 bits, `::`
///   counting for the bits left (at least 16).
///
/// ```text
/// assert_eq!(googleurl_ipv6("::1.201"), Some([0, 0, 0, 0, 0, 0, 0x100, 0xc9]));
/// assert_eq!(googleurl_ipv6("::ffff:0x123143"), Some([0, 0, 0, 0, 0, 0xffff, 0x12, 0x3143]));
/// assert_eq!(googleurl_ipv6("1:2:3:4"), None);
/// ```
pub fn googleurl_ipv6(s: &str) -> Option<[u16; 8]> {
    use crate::text::ipv4::{googleurl_2011_ipv4, Ipv4Family};
    let b = s.as_bytes();
    if b.is_empty() || !s.is_ascii() {
        return None;
    }
    let mut hex = [0u16; 8];
    let mut n = 0usize;
    let mut contraction: Option<usize> = None;
    let mut ipv4: Option<u32> = None;
    let mut start = 0usize;
    let mut i = 0usize;
    loop {
        let at_end = i == b.len();
        let colon = !at_end && b[i] == b':';
        let double = colon && b.get(i + 1) == Some(&b':');
        if colon || at_end {
            let piece = &s[start..i];
            if piece.len() > 4 {
                return None;
            }
            if piece.is_empty() {
                // Only a leading "::", or the end right after "::".
                let leading = double && i == 0;
                let after_contraction = at_end && contraction == Some(n);
                if !leading && !after_contraction {
                    return None;
                }
            } else {
                if n == 8 {
                    return None;
                }
                hex[n] = u16::from_str_radix(piece, 16).ok()?;
                n += 1;
            }
        }
        if at_end {
            break;
        }
        if double {
            if contraction.is_some() {
                return None;
            }
            contraction = Some(n);
            i += 1;
        }
        if colon {
            start = i + 1;
        } else if !b[i].is_ascii_hexdigit() {
            if !matches!(b[i], b'.' | b'x' | b'X') {
                return None;
            }
            match googleurl_2011_ipv4(&s[start..]) {
                Ipv4Family::Address(a) => ipv4 = Some(a),
                _ => return None,
            }
            break;
        }
        i += 1;
    }
    // CheckIPv6ComponentsSize, in 16-bit groups.
    let written = n + if ipv4.is_some() { 2 } else { 0 };
    let contracted = match contraction {
        Some(_) => 8usize.saturating_sub(written).max(1),
        None => 0,
    };
    if written + contracted != 8 {
        return None;
    }
    let mut groups = [0u16; 8];
    let mut k = 0;
    for (j, g) in hex[..n].iter().enumerate() {
        if contraction == Some(j) {
            k += contracted;
        }
        groups[k] = *g;
        k += 1;
    }
    if contraction == Some(n) {
        k += contracted;
    }
    if let Some(a) = ipv4 {
        groups[k] = (a >> 16) as u16;
        groups[k + 1] = a as u16;
    }
    Some(groups)
}

/// Appends `g` in lowercase hexadecimal without leading zeros (RFC 5952
/// 4.1, 4.3): `0xdb8` → `db8`, `0` → `0`.  Written digit by digit, without
/// the formatting machinery (a tenth of its instructions).
fn push_hex(out: &mut String, g: u16) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let significant = (4 - g.leading_zeros() as usize / 4).max(1);
    for k in (0..significant).rev() {
        out.push(DIGITS[usize::from((g >> (4 * k)) & 0xF)] as char);
    }
}

/// The RFC 5952 section 4 text of an address: lowercase hexadecimal without
/// leading zeros (4.1, 4.3); the longest run of two or more zero groups, the
/// first of equally long ones, replaced by `::` (4.2); a single zero group
/// is not compressed.
///
/// ```text
/// assert_eq!(format_ipv6(&[0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]), "2001:db8::1:0:0:1");
/// assert_eq!(format_ipv6(&[0x2001, 0xdb8, 0, 1, 1, 1, 1, 1]), "2001:db8:0:1:1:1:1:1");
/// assert_eq!(format_ipv6(&[0; 8]), "::");
/// ```
pub fn format_ipv6(groups: &[u16; 8]) -> String {
    // The longest run of zero groups (first on ties).
    let (mut best_start, mut best_len) = (0, 0);
    let mut i = 0;
    while i < 8 {
        if groups[i] == 0 {
            let start = i;
            while i < 8 && groups[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                best_start = start;
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    let mut out = String::with_capacity(39);
    let write_groups = |out: &mut String, gs: &[u16]| {
        for (k, g) in gs.iter().enumerate() {
            if k > 0 {
                out.push(':');
            }
            push_hex(out, *g);
        }
    };
    if best_len >= 2 {
        write_groups(&mut out, &groups[..best_start]);
        out.push_str("::");
        write_groups(&mut out, &groups[best_start + best_len..]);
    } else {
        write_groups(&mut out, groups);
    }
    out
}

#[cfg(test)]
mod tests {
    /// [`push_hex`](super::push_hex) writes every group as `{:x}` does.
    #[test]
    fn push_hex_is_lowercase_hex() {
        let mut out = String::new();
        for g in 0..=u16::MAX {
            out.clear();
            super::push_hex(&mut out, g);
            assert_eq!(out, format!("{g:x}"));
        }
    }

    use super::*;

    /// The examples in the documentation.
    #[test]
    fn doc_examples() {
        assert_eq!(
            canonicalize_ipv6("2001:DB8::0:1").as_deref(),
            Some("2001:db8::1")
        );
        assert_eq!(
            canonicalize_ipv6("1:0:0:2::3:0").as_deref(),
            Some("1::2:0:0:3:0")
        );
        assert_eq!(
            canonicalize_ipv6("::FFFF:129.144.52.38").as_deref(),
            Some("::ffff:8190:3426")
        );
        assert_eq!(canonicalize_ipv6("1::%25eth0"), None);
        assert_eq!(canonicalize_ipv6(":::"), None);
        assert_eq!(
            parse_ipv6("ff01::43"),
            Some([0xff01, 0, 0, 0, 0, 0, 0, 0x43])
        );
        assert_eq!(
            parse_ipv6("::1.2.3.4"),
            Some([0, 0, 0, 0, 0, 0, 0x0102, 0x0304])
        );
        assert_eq!(parse_ipv6("1::2::3"), None);
        assert_eq!(
            format_ipv6(&[0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]),
            "2001:db8::1:0:0:1"
        );
        assert_eq!(
            format_ipv6(&[0x2001, 0xdb8, 0, 1, 1, 1, 1, 1]),
            "2001:db8:0:1:1:1:1:1"
        );
        assert_eq!(format_ipv6(&[0; 8]), "::");
    }

    /// googleurl r155's reader, on literals whose answers were taken from
    /// googleurl r155 itself (Linux build; `GURL("http://[...]/").spec()`,
    /// `None` where it is invalid).
    #[test]
    fn googleurl_reader() {
        let g = |s: &str| googleurl_ipv6(s).map(|a| format_ipv6(&a));
        for (input, expected) in [
            ("::1.201", Some("::100:c9")),
            ("::127.0.0.1.", Some("::7f00:1")),
            ("::FFFF:0x123143", Some("::ffff:12:3143")),
            ("::0x1.1", Some("::100:1")),
            ("0::1.2.3.", Some("::102:3")),
            ("::1.256", Some("::100:100")),
            ("1:2:3:4:5:6:1.2.3.4", Some("1:2:3:4:5:6:102:304")),
            ("1:2:3:4:5:6:7::", Some("1:2:3:4:5:6:7:0")),
            ("::1:2:3:4:5:6:7", Some("0:1:2:3:4:5:6:7")),
            ("0:0::0:0:8", Some("::8")),
            ("1:0:0:2::3:0", Some("1::2:0:0:3:0")),
            ("1:2:3:4", None),
            ("::1.2.3.4.5", None),
            ("1.2.3.4", None),
            ("::ffff:1.2.3.4.70", None),
            ("1:2:3:4:5:6:7:1.2.3.4", None),
            ("::ffff:4294967295", None),
            ("::99999999999", None),
            (":1", None),
            ("1:", None),
            ("1::2::3", None),
            (":::", None),
            ("", None),
            ("12345::", None),
            ("3BD5:7002::E3BB:E16D::1", None),
        ] {
            assert_eq!(g(input).as_deref(), expected, "{input}");
        }
    }

    proptest::proptest! {
        /// googleurl's reader agrees with the specification's on the
        /// addresses whose IPv4 part (if any) is four decimal numbers
        /// without leading zeros, and never panics.
        #[test]
        fn googleurl_reader_on_plain_addresses(groups in proptest::array::uniform8(proptest::prop_oneof![proptest::strategy::Just(0u16), 0u16..=0xFFFF])) {
            let text = format_ipv6(&groups);
            proptest::prop_assert_eq!(googleurl_ipv6(&text), Some(groups));
            proptest::prop_assert_eq!(googleurl_ipv6(&text.to_uppercase()), Some(groups));
        }

        #[test]
        fn googleurl_reader_never_panics(s in "[0-9a-fA-F:.%xX ]{0,50}") {
            let _ = googleurl_ipv6(&s);
        }
    }

    fn c(s: &str) -> Option<String> {
        canonicalize_ipv6(s)
    }

    #[test]
    fn rfc_5952_examples() {
        // 4.1: leading zeros.
        assert_eq!(c("2001:0db8::0001").as_deref(), Some("2001:db8::1"));
        // 4.2.1: shorten as much as possible.
        assert_eq!(c("2001:db8:0:0:0:0:2:1").as_deref(), Some("2001:db8::2:1"));
        assert_eq!(c("2001:db8::0:1").as_deref(), Some("2001:db8::1"));
        // 4.2.2: a single zero group is not compressed.
        assert_eq!(
            c("2001:db8::1:1:1:1:1").as_deref(),
            Some("2001:db8:0:1:1:1:1:1")
        );
        assert_eq!(
            c("2001:db8:0:1:1:1:1:1").as_deref(),
            Some("2001:db8:0:1:1:1:1:1")
        );
        // 4.2.3: the longest run; the first of equal ones.
        assert_eq!(c("2001:0:0:1:0:0:0:1").as_deref(), Some("2001:0:0:1::1"));
        assert_eq!(
            c("2001:db8:0:0:1:0:0:1").as_deref(),
            Some("2001:db8::1:0:0:1")
        );
        // 4.3: lowercase.
        assert_eq!(c("2001:DB8::ABCD").as_deref(), Some("2001:db8::abcd"));
        // Section 2 examples.
        for s in [
            "2001:db8:0:0:1:0:0:1",
            "2001:0db8:0:0:1:0:0:1",
            "2001:db8::1:0:0:1",
            "2001:db8::0:1:0:0:1",
            "2001:0db8::1:0:0:1",
            "2001:db8:0:0:1::1",
            "2001:db8:0000:0:1::1",
            "2001:DB8:0:0:1::1",
        ] {
            assert_eq!(c(s).as_deref(), Some("2001:db8::1:0:0:1"), "{s}");
        }
    }

    #[test]
    fn grammar() {
        assert_eq!(c("::").as_deref(), Some("::"));
        assert_eq!(c("0:0:0:0:0:0:0:0").as_deref(), Some("::"));
        assert_eq!(c("::1").as_deref(), Some("::1"));
        assert_eq!(c("1::").as_deref(), Some("1::"));
        assert_eq!(c("1:2:3:4:5:6:7::").as_deref(), Some("1:2:3:4:5:6:7:0"));
        assert_eq!(c("::2:3:4:5:6:7:8").as_deref(), Some("0:2:3:4:5:6:7:8"));
        assert_eq!(
            c("000:01:02:003:004:5:6:007").as_deref(),
            Some("0:1:2:3:4:5:6:7")
        );
        assert_eq!(c("0:0::0:0:8").as_deref(), Some("::8"));
        assert_eq!(c("1::2:0:0:3:0").as_deref(), Some("1::2:0:0:3:0"));
        assert_eq!(c("1:2:3:4:5:6:0:8").as_deref(), Some("1:2:3:4:5:6:0:8"));
        for s in [
            "",
            ":",
            ":::",
            ":::1",
            "1:::",
            "1::2::3",
            "FF::01::43",
            ":1::",
            "::1:",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5::6:7:8",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "00001::",
            "001080:0:0:0:0:0:0:0",
            "g::",
            "1::%1",
            "1::%25eth0",
            "::1 hello",
            "v1.2001:0db8::0:1+02",
            "2001:0DB8::CD30/60",
            "2002:c000:022a:",
            ":2002:c000:022a",
            "::2002:c000:022a:",
            "１::",
            "::+1",
            "::-1",
            "::0x1",
        ] {
            assert_eq!(c(s), None, "{s:?}");
        }
    }

    #[test]
    fn windows_rules() {
        let w = |s: &str| canonicalize_ipv6_windows(s);
        assert_eq!(w("::13.1.68.3").as_deref(), Some("::13.1.68.3"));
        assert_eq!(w("::001.002.003.000").as_deref(), Some("::1.2.3.0"));
        assert_eq!(w("::d01:4403").as_deref(), Some("::13.1.68.3"));
        assert_eq!(
            w("ffff::192.222.111.32").as_deref(),
            Some("ffff::c0de:6f20")
        );
        assert_eq!(w("1:2:3:4:5:6:0.0.0.0").as_deref(), Some("1:2:3:4:5:6::"));
        assert_eq!(w("1::3:4:5:6:7:8").as_deref(), Some("1:0:3:4:5:6:7:8"));
        assert_eq!(w("FEDC:BA98::").as_deref(), Some("fedc:ba98::"));
        assert_eq!(w("::").as_deref(), Some("::"));
        assert_eq!(w("::1").as_deref(), Some("::1"));
        for bad in [
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "1:2:3:4",
            "::192.0",
            "1:192.0.1.0",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7:192.0.1.0",
            "not.valid.uri",
        ] {
            assert_eq!(w(bad), None, "{bad}");
        }
        // The specification's reading takes the one-group elisions.
        assert!(canonicalize_ipv6("::2:3:4:5:6:7:8").is_some());
    }

    #[test]
    fn embedded_ipv4() {
        assert_eq!(c("::192.168.0.1").as_deref(), Some("::c0a8:1"));
        assert_eq!(c("::ffff:192.168.0.1").as_deref(), Some("::ffff:c0a8:1"));
        assert_eq!(c("::ffff:192.1.2.010").as_deref(), Some("::ffff:c001:20a"));
        assert_eq!(c("::ffff:192.168.0.00").as_deref(), Some("::ffff:c0a8:0"));
        assert_eq!(c("::ffff:192.168.0.000").as_deref(), Some("::ffff:c0a8:0"));
        assert_eq!(c("::01.02.03.04").as_deref(), Some("::102:304"));
        assert_eq!(
            c("64:ff9b::192.00.2.33").as_deref(),
            Some("64:ff9b::c000:221")
        );
        assert_eq!(
            c("::FFFF:00:0:129.144.52.38").as_deref(),
            Some("::ffff:0:0:8190:3426")
        );
        assert_eq!(
            c("1:2:3:4:5:6:1.2.3.4").as_deref(),
            Some("1:2:3:4:5:6:102:304")
        );
        assert_eq!(
            c("1:2:3:4:5::1.2.3.4").as_deref(),
            Some("1:2:3:4:5:0:102:304")
        );
        assert_eq!(c("::255.255.255.255").as_deref(), Some("::ffff:ffff"));
        for s in [
            "::ffff:192.1.2.0010",
            "::ffff:192.1.2.256",
            "::ffff:192.168.1",
            "::ffff:1920.1.1.2",
            ":::192.168.0.1",
            "1:2:3:4:5:6:7::192.168.0.1",
            "1:2:3:4:5:6::192.168.0.1",
            "0:0:0:255.255.255.255",
            "129.144.52.38",
            "FFFF:129.144.52.03",
            "::FFFF:129.144.52.38:00",
            "64:ff9b::192.00.2.33:",
            "::192.168.000.001.1",
            "::192.168.0.0333",
            "192.168.000.0x01",
            "1.2.3.4::",
            "1.2.3.4::5",
            "::1.2.3.",
            "::.1.2.3",
            "::1..2.3",
            "1:2:3:4:5:6:7:1.2.3.4",
        ] {
            assert_eq!(c(s), None, "{s:?}");
        }
    }

    #[test]
    fn huge_input() {
        assert_eq!(c(&"1:".repeat(1_000_000)), None);
        assert_eq!(c(&"0".repeat(1_000_000)), None);
    }

    proptest::proptest! {
        #[test]
        fn output_is_canonical(groups in proptest::array::uniform8(proptest::prop_oneof![proptest::strategy::Just(0u16), 0u16..=0xFFFF])) {
            let text = format_ipv6(&groups);
            proptest::prop_assert_eq!(parse_ipv6(&text), Some(groups));
            proptest::prop_assert_eq!(c(&text), Some(text.clone()));
            proptest::prop_assert_eq!(text.parse::<std::net::Ipv6Addr>().ok(), Some(std::net::Ipv6Addr::from(groups)));
        }

        #[test]
        fn never_panics(s in "[0-9a-fA-F:.%x ]{0,50}") {
            if let Some(a) = c(&s) {
                proptest::prop_assert_eq!(c(&a), Some(a.clone()));
            }
        }
    }

    /// Records of decomps-authority-ipv6.dat whose host is a bracketed ASCII
    /// literal without `%` or spaces: the host is the canonical address in
    /// brackets when there is one, else the lowercased input.
    #[test]
    fn suite_hosts() {
        let Some(hosts) =
            crate::text::percent::suite_reader::http_hosts("decomps-authority-ipv6.dat")
        else {
            return;
        };
        let mut checked = 0;
        for (data, raw, host) in hosts {
            let Some(inner) = raw.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
                continue;
            };
            if !inner
                .bytes()
                .all(|b| b.is_ascii_graphic() && !b"%[]".contains(&b))
            {
                continue;
            }
            let expected = match c(inner) {
                Some(a) => format!("[{a}]"),
                None => raw.to_ascii_lowercase(),
            };
            assert_eq!(host, expected, "{data:?}");
            checked += 1;
        }
        assert!(checked > 80, "only {checked} records checked");
    }
}
