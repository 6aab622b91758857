//! The host of an `nsStandardURL`, as Firefox 153 normalizes it
//! (`nsStandardURL::BuildNormalizedSpec` in `netwerk/base/nsStandardURL.cpp`),
//! each stage reported to a [`Stages`] recorder for `urlprism trace`:
//!
//! 1. a host in brackets (`[`) is an IPv6 address, parsed and serialized
//!    by the `url` crate (`rusturl_parse_ipv6addr`), but for `chrome:`,
//!    `resource:` and `moz-src:` URLs;
//! 2. otherwise `nsStandardURL::NormalizeIDN`, which is
//!    `mozilla_net_domain_to_display_and_ascii_impl`
//!    (`netwerk/base/idna_glue/src/lib.rs`): percent-decoding, then the
//!    `idna` crate's UTS #46 processing (`Uts46::process`, Hyphens allowed,
//!    no DNS length check, fail fast) with Firefox's ASCII deny list: the
//!    URL Standard's forbidden domain code points (glyphless ASCII, `%`
//!    and `#/:<>?@[\]^|`) plus `*` and `"`;
//! 3. then, when the result ends in a number, Firefox's IPv4 parser
//!    (`IPv4Parser::NormalizeIPv4`), whose failure fails the URL.
//!
//! Firefox builds the same `idna` crate on ICU4X data of Unicode 17.0
//! where urlprism's has Unicode 18.0: a code point Unicode 17.0 leaves
//! unassigned (`data/unicode-17.0-unassigned.txt`, made by
//! `data/generate-idna.py`) is disallowed (before mapping, and in the
//! labels `xn--` decodes to).  [`IdnaData::Latest`] skips that check.

use super::net;
use crate::engines::whatwg::host_trace::ENDS_IN_A_NUMBER;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// The marks column of every stage.
pub(super) const MARKS: &str = "FIREFOX";

/// The UTS #46 data a `firefox` engine's domain to ASCII uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdnaData {
    /// Unicode 17.0, as Firefox 153's ICU4X data has it.
    #[default]
    Unicode17,
    /// The `idna` crate's own (Unicode 18.0).
    Latest,
}

/// Firefox's deny list: `AsciiDenyList::URL` plus `*` and `"` (the
/// `GECKO` list of `idna_glue`).
const GECKO: AsciiDenyList = AsciiDenyList::new(true, "%#/:<>?@[\\]^|*\"");

pub use crate::engines::whatwg::host_trace::Stages;

/// Whether Unicode 17.0 leaves `c` unassigned.
pub fn unassigned_in_17(c: char) -> bool {
    crate::text::unicode::unassigned::unassigned_in_unicode_17(c)
}

/// Percent-decoding as the `percent-encoding` crate does it: `%` and two
/// hex digits become their octet, any other `%` stays.
pub fn percent_decode(b: &[u8]) -> Vec<u8> {
    crate::engines::webkit::host::percent_decode(b)
}

/// Firefox's domain to ASCII of `host` (percent-encoded UTF-8 bytes).
pub fn domain_to_ascii(host: &[u8], data: IdnaData, st: &mut Stages) -> Result<String, String> {
    let decoded = percent_decode(host);
    let shown = String::from_utf8_lossy(&decoded).into_owned();
    st.push("percent-decode", &String::from_utf8_lossy(host), &shown);
    if data == IdnaData::Unicode17 {
        if let Some(c) = shown.chars().find(|&c| unassigned_in_17(c)) {
            let e = format!("U+{:04X} is unassigned in Unicode 17.0", u32::from(c));
            return st.result("Unicode 17.0 data", &shown, Err(e));
        }
    }
    let r = Uts46::new()
        .to_ascii(&decoded, GECKO, Hyphens::Allow, DnsLength::Ignore)
        .map(|c| c.into_owned())
        .map_err(|_| {
            "UTS #46 processing fails (a code point the data or Firefox's deny list rejects, \
             CheckBidi, CheckJoiners, Punycode)"
                .to_string()
        });
    let ascii = st.result("domain to ASCII", &shown, r)?;
    if data == IdnaData::Unicode17 {
        for label in ascii.split('.') {
            let Some(puny) = label.strip_prefix("xn--") else {
                continue;
            };
            if let Some(c) = idna::punycode::decode_to_string(puny)
                .and_then(|d| d.chars().find(|&c| unassigned_in_17(c)))
            {
                let e = format!(
                    "U+{:04X} (in {label}) is unassigned in Unicode 17.0",
                    u32::from(c)
                );
                return st.result("Unicode 17.0 data", &ascii, Err(e));
            }
        }
    }
    Ok(ascii)
}

/// The host of an `nsStandardURL` of scheme `scheme` (lowercase), from
/// its bytes in the spec.
pub fn normalize_host(
    host: &[u8],
    scheme: &str,
    data: IdnaData,
    st: &mut Stages,
) -> Result<String, String> {
    let allow_ip = !matches!(scheme, "resource" | "moz-src" | "chrome");
    if host.first() == Some(&b'[') && allow_ip {
        let text = String::from_utf8_lossy(host).into_owned();
        let r = match url::Host::parse(&text) {
            Ok(h @ url::Host::Ipv6(_)) => Ok(h.to_string()),
            _ => Err("invalid IPv6 address".to_string()),
        };
        return st.result("IPv6 parser", &text, r);
    }
    let ascii = domain_to_ascii(host, data, st)?;
    if !allow_ip {
        return Ok(ascii);
    }
    let number = net::ends_in_a_number(&ascii);
    st.push(
        ENDS_IN_A_NUMBER,
        &ascii,
        &format!("ends in a number = {number}"),
    );
    if number {
        let r = net::normalize_ipv4(&ascii)
            .ok_or_else(|| "invalid IPv4 address (Firefox's IPv4 parser)".to_string());
        return st.result("IPv4 parser", &ascii, r);
    }
    Ok(ascii)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(s: &str) -> Result<String, String> {
        normalize_host(
            s.as_bytes(),
            "http",
            IdnaData::Unicode17,
            &mut Stages::off(MARKS),
        )
    }

    #[test]
    fn hosts_as_firefox_normalizes_them() {
        assert_eq!(host("EXAMPLE.%63om").unwrap(), "example.com");
        assert_eq!(host("Faß.de").unwrap(), "xn--fa-hia.de");
        assert!(host("a*b").is_err());
        assert!(host("a%2Ab").is_err());
        assert!(host("\"a").is_err());
        assert!(host("0x").is_err());
        assert!(host("78.0.0x").is_err());
        assert_eq!(host("0x7f.1").unwrap(), "127.0.0.1");
        assert_eq!(host("[::1]").unwrap(), "[::1]");
        assert!(host("[::1").is_err());
        assert!(host("a\u{1D256}b").is_err());
        assert_eq!(host("a\u{180E}b").unwrap(), "ab");
        assert!(normalize_host(
            b"0x",
            "chrome",
            IdnaData::Unicode17,
            &mut Stages::off(MARKS)
        )
        .is_ok());
        assert!(unassigned_in_17('\u{0378}') && !unassigned_in_17('a'));
    }
}
