//! IP addresses in a canonicalized host (`url/url_canon_ip.cc`).
//!
//! - IPv4 (`DoIPv4AddressToNumber`, `IPv4ComponentToNumber`): the URL
//!   Standard's reading — one to four parts, a final dot ignored, each part
//!   decimal, octal (`0` first) or hexadecimal (`0x`), the last filling
//!   the remaining octets; a host whose last part is not a number is a
//!   name, one whose last part is but that is not an address is invalid.
//! - IPv6 (`DoIPv6AddressToNumber`): in brackets, at most eight groups of
//!   at most four hexadecimal digits, one `::`, and an embedded IPv4
//!   address read by the IPv4 reader above (so `[::0x7f.1.0.1]` and
//!   `[::ffff:01.2.3.4]` are read, where the URL Standard's IPv6 parser
//!   takes four decimal parts only), which must have four parts and no
//!   final dot.  The address is read from the host as canonicalized, after
//!   unescaping and IDNA (`[::%31]` → `[::1]`).  A host that is no IPv6
//!   address but holds `[`, `]` or `:` is invalid.
//! - The output: IPv4 dotted decimal; IPv6 with the longest run of two or
//!   more zero groups as `::` (`AppendIPv6Address`), which is
//!   [`crate::text::ipv6::format_ipv6`].

/// What a host is (`CanonHostInfo::Family`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// Not an IP address.
    Neutral,
    /// An IP address form that is invalid.
    Broken,
    V4([u8; 4]),
    V6([u16; 8]),
}

/// A part of an IPv4 address (`IPv4ComponentToNumber`).
fn ipv4_part(p: &[u8]) -> Family {
    if p.is_empty() {
        return Family::Neutral;
    }
    let (radix, mut prefix) = match p {
        [b'0'] => (10, 0),
        [b'0', b'x' | b'X', ..] => (16, 2),
        [b'0', ..] => (8, 1),
        _ => (10, 0),
    };
    while prefix < p.len() && p[prefix] == b'0' {
        prefix += 1;
    }
    let mut broken_octal = false;
    let digits = &p[prefix..];
    for &c in digits {
        if !c.is_ascii() {
            return Family::Neutral;
        }
        if !(c as char).is_digit(radix) {
            if c.is_ascii_digit() {
                broken_octal = true;
            } else {
                return Family::Neutral;
            }
        }
    }
    if broken_octal {
        return Family::Broken;
    }
    // At most 16 digits are read: more (with the leading zeros gone)
    // overflow 32 bits in any radix.
    let mut n: u64 = 0;
    for &c in digits.iter().take(16) {
        n = n * u64::from(radix) + u64::from((c as char).to_digit(radix).unwrap_or(0));
    }
    if digits.len() > 16 || n > u64::from(u32::MAX) {
        return Family::Broken;
    }
    let b = (n as u32).to_be_bytes();
    Family::V4(b)
}

/// Reads an IPv4 address (`DoIPv4AddressToNumber`): the address, a
/// `Broken` form, or `Neutral` (a name); with the number of parts.
pub(crate) fn ipv4(host: &[u8]) -> (Family, usize) {
    let host = host.strip_suffix(b".").unwrap_or(host);
    if host.is_empty() {
        return (Family::Neutral, 0);
    }
    let parts: Vec<&[u8]> = host.split(|&c| c == b'.').collect();
    // The parts are read last first: a last part that is no number makes
    // the host a name.
    let mut values: Vec<u32> = Vec::with_capacity(4);
    for (k, p) in parts.iter().rev().enumerate() {
        match ipv4_part(p) {
            Family::V4(b) => values.push(u32::from_be_bytes(b)),
            Family::Neutral if k == 0 => return (Family::Neutral, 0),
            _ => return (Family::Broken, 0),
        }
        if values.len() == 4 && k + 1 < parts.len() {
            return (Family::Broken, 0);
        }
    }
    let n = values.len();
    let mut address = [0u8; 4];
    for (i, v) in values.iter().skip(1).rev().enumerate() {
        if *v > 255 {
            return (Family::Broken, 0);
        }
        address[i] = *v as u8;
    }
    let mut last = u64::from(values[0]);
    for i in (n - 1..4).rev() {
        address[i] = last as u8;
        last >>= 8;
    }
    if last != 0 {
        return (Family::Broken, 0);
    }
    (Family::V4(address), n)
}

/// Reads an IPv6 address in brackets (`DoIPv6AddressToNumber`).
pub(crate) fn ipv6(host: &[u8]) -> Option<[u16; 8]> {
    let inner = host.strip_prefix(b"[")?.strip_suffix(b"]")?;
    if inner.is_empty() {
        return None;
    }
    let end = inner.len();
    let mut groups: Vec<&[u8]> = Vec::new();
    let mut contraction: Option<usize> = None;
    let mut ipv4_part: Option<&[u8]> = None;
    let mut start = 0;
    let mut i = 0;
    loop {
        let is_colon = i < end && inner[i] == b':';
        let is_contraction = is_colon && i + 1 < end && inner[i + 1] == b':';
        if is_colon || i == end {
            let len = i - start;
            if len > 4 {
                return None;
            }
            if len == 0 {
                let leading = is_contraction && i == 0;
                let trailing = i == end && contraction == Some(groups.len());
                if !(leading || trailing) {
                    return None;
                }
            } else {
                if groups.len() >= 8 {
                    return None;
                }
                groups.push(&inner[start..i]);
            }
        }
        if i == end {
            break;
        }
        if is_contraction {
            if contraction.is_some() {
                return None;
            }
            contraction = Some(groups.len());
            i += 1;
        }
        if is_colon {
            start = i + 1;
        } else {
            let c = inner[i];
            if !c.is_ascii_hexdigit() {
                if c.is_ascii_digit() || c == b'.' || c == b'x' || c == b'X' {
                    ipv4_part = Some(&inner[start..]);
                    break;
                }
                return None;
            }
        }
        i += 1;
    }
    let mut bytes = groups.len() * 2 + if ipv4_part.is_some() { 4 } else { 0 };
    let contraction_bytes = match contraction {
        Some(_) => (16usize.saturating_sub(bytes)).max(2),
        None => 0,
    };
    bytes += contraction_bytes;
    if bytes != 16 {
        return None;
    }
    let mut out = [0u16; 8];
    let mut at = 0;
    for k in 0..=groups.len() {
        if contraction == Some(k) {
            at += contraction_bytes / 2;
        }
        if let Some(g) = groups.get(k) {
            out[at] = u16::from_str_radix(std::str::from_utf8(g).ok()?, 16).ok()?;
            at += 1;
        }
    }
    if let Some(v4) = ipv4_part {
        let trailing_dot = v4.last() == Some(&b'.');
        match ipv4(v4) {
            (Family::V4(a), 4) if !trailing_dot => {
                out[6] = u16::from_be_bytes([a[0], a[1]]);
                out[7] = u16::from_be_bytes([a[2], a[3]]);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// What a canonicalized host of a non-special URL is: IPv6 only
/// (`CanonicalizeIPv6Address`).
pub(crate) fn non_special(host: &[u8]) -> Family {
    match ipv6(host) {
        Some(a) => Family::V6(a),
        None if host.iter().any(|&c| matches!(c, b'[' | b']' | b':')) => Family::Broken,
        None => Family::Neutral,
    }
}

/// The text of an address.
pub(crate) fn text(f: Family) -> Option<String> {
    match f {
        Family::V4(a) => Some(format!("{}.{}.{}.{}", a[0], a[1], a[2], a[3])),
        Family::V6(g) => Some(format!("[{}]", crate::text::ipv6::format_ipv6(&g))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(h: &str) -> String {
        let f = match ipv4(h.as_bytes()).0 {
            Family::Neutral => non_special(h.as_bytes()),
            f => f,
        };
        match f {
            Family::Neutral => "name".into(),
            Family::Broken => "broken".into(),
            f => text(f).unwrap(),
        }
    }

    #[test]
    fn ipv4_forms() {
        assert_eq!(canon("0x7f.1"), "127.0.0.1");
        assert_eq!(canon("0300.0250.0.1"), "192.168.0.1");
        assert_eq!(canon("1.2.3.4."), "1.2.3.4");
        assert_eq!(canon("4294967295"), "255.255.255.255");
        assert_eq!(canon("4294967296"), "broken");
        assert_eq!(canon("256.0.0.1"), "broken");
        assert_eq!(canon("09"), "broken");
        assert_eq!(canon("0x"), "0.0.0.0");
        assert_eq!(canon("a.1"), "broken");
        assert_eq!(canon("1.a"), "name");
        assert_eq!(canon("1.2.3.4.5"), "broken");
        assert_eq!(canon("example.com"), "name");
    }

    #[test]
    fn ipv6_forms() {
        assert_eq!(canon("[::1]"), "[::1]");
        assert_eq!(canon("[::0x7f.0.0.1]"), "[::7f00:1]");
        assert_eq!(canon("[::ffff:01.2.3.4]"), "[::ffff:102:304]");
        assert_eq!(canon("[::1.2.3]"), "broken");
        assert_eq!(canon("[1:2:3:4:5:6:7:8]"), "[1:2:3:4:5:6:7:8]");
        assert_eq!(canon("[1::2::3]"), "broken");
        assert_eq!(canon("[0:0:1:0:0:0:0:1]"), "[0:0:1::1]");
        assert_eq!(canon("a:b"), "broken");
    }
}
