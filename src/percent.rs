//! The "steps to percent-encode a string" (OWNER: percent/ip helper).

use crate::octets::OctetSet;
use crate::profile::HexCase;
use encoding_rs::Encoding;

/// Percent-encodes `s` in `encoding` (UTF-8 when it is not ASCII-compatible;
/// unrepresentable characters become `?`), escaping the octets in `octets`
/// with hexadecimal digits of case `hex`; appends to `out`.
pub fn percent_encode(s: &str, encoding: &'static Encoding, octets: &OctetSet, hex: HexCase, out: &mut String) {
    let _ = (s, encoding, octets, hex, out);
    todo!("percent_encode")
}
