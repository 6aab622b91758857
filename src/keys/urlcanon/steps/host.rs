//! The steps on the host: percent-decoding and -encoding it, reading it
//! again as an IP address (`reparse_host`, `normalize_ip_address`),
//! `fix_host_dots`, `punycode_special_host` and `strip_www`.

use super::pct::{pct_encode, unquote_into, HOST};
use super::{rewrite, Work};
use crate::keys::urlcanon::parse::Url;
use crate::keys::urlcanon::{idna, ipv4};
use crate::keys::KeyError;

/// `pct_decode_host`: a special URL's host percent-decoded once:
/// `%41.com` → `A.com`.
pub(in crate::keys::urlcanon) fn pct_decode_host(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if url.host.is_empty() || !url.is_special() || !url.host.contains(&b'%') {
        return Ok(false);
    }
    Ok(rewrite(&mut url.host, &mut work.a, unquote_into))
}

/// `reparse_host`: the host read again as an IP address (the text does
/// not change).
pub(in crate::keys::urlcanon) fn reparse_host(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    url.read_ip();
    Ok(false)
}

/// `normalize_ip_address`: the address read by the last host reading
/// written canonically: `0x7f.1` → `127.0.0.1`, `[0:0::1]` → `[::1]`.
pub(in crate::keys::urlcanon) fn normalize_ip_address(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    // A reading that `ipv4_parts_digits_only` changed is written
    // otherwise (or not at all) than the reference writes it.
    work.made.ipv4_digits_only |= url.ip4_fixed;
    work.a.clear();
    if let Some(ip4) = url.ip4 {
        // `ipaddress.IPv4Address` refuses the negative numbers
        // `parse_ipv4` may return (`1.2.3.-4`).
        let n = u32::try_from(ip4).map_err(|_| KeyError::Rejected {
            family: "urlcanon",
            reason: "AddressValueError: the host reads as a negative IPv4 address",
        })?;
        ipv4::write_ipv4(n, &mut work.a);
    } else if let Some(ip6) = url.ip6 {
        work.a.push(b'[');
        ipv4::write_ipv6(ip6, &mut work.a);
        work.a.push(b']');
    } else {
        return Ok(false);
    }
    if url.host == work.a {
        return Ok(false);
    }
    std::mem::swap(&mut url.host, &mut work.a);
    Ok(true)
}

/// `fix_host_dots`: leading and trailing dots removed, runs of dots made
/// one: `..a...b..` → `a.b`.  As Python's `\.+$`, the trailing dots may
/// stand before a final newline: `a.\n` → `a\n`.
pub(in crate::keys::urlcanon) fn fix_host_dots(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if url.host.is_empty() || !url.host.contains(&b'.') {
        return Ok(false);
    }
    Ok(rewrite(&mut url.host, &mut work.a, |h, out| {
        let h = &h[h.iter().take_while(|&&b| b == b'.').count()..];
        let trim =
            |s: &'_ [u8]| -> usize { s.len() - s.iter().rev().take_while(|&&b| b == b'.').count() };
        let (body, newline): (&[u8], &[u8]) = match h.split_last() {
            Some((b'.', _)) => (&h[..trim(h)], b""),
            Some((b'\n', rest)) if rest.last() == Some(&b'.') => (&rest[..trim(rest)], b"\n"),
            _ => (h, b""),
        };
        let mut last_dot = false;
        for &b in body {
            if b == b'.' && last_dot {
                continue;
            }
            last_dot = b == b'.';
            out.push(b);
        }
        out.extend_from_slice(newline);
    }))
}

/// `punycode_special_host`: a special URL's host through the `idna`
/// package (UTS #46 mapping, IDNA 2008 labels), or else through UTS #46
/// mapping with STD3 rules and Python's IDNA 2003 `ToASCII`, or else
/// left as it is: `Bücher.example` → `xn--bcher-kva.example`.
pub(in crate::keys::urlcanon) fn punycode_special_host(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if url.host.is_empty() || !url.is_special() {
        return Ok(false);
    }
    work.a.clear();
    if !idna::to_ascii(&url.host, &mut work.idna, &mut work.a) || url.host == work.a {
        return Ok(false);
    }
    std::mem::swap(&mut url.host, &mut work.a);
    Ok(true)
}

/// `pct_encode_host`: controls, space and non-ASCII octets of the host
/// percent-encoded: `a b` → `a%20b`.
pub(in crate::keys::urlcanon) fn pct_encode_host(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.host, &HOST, &mut work.a))
}

/// `strip_www`: WWWN_RE `^www\d*\.` removed from the host:
/// `www2.a.com` → `a.com`.
pub(in crate::keys::urlcanon) fn strip_www(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if !url.host.starts_with(b"www") {
        return Ok(false);
    }
    let digits = url.host[3..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if url.host.get(3 + digits) == Some(&b'.') {
        url.host.drain(..4 + digits);
        return Ok(true);
    }
    Ok(false)
}
