//! The classes of the octets the shortcut reads, one table made from the
//! octet sets of the steps (`CLASS`): a scan tests one bit.

use crate::text::octets::OctetSet;
use crate::text::percent::{PATH_SET, QUERY_SET, USERINFO_SET};

/// Printable ASCII, 0x21 to 0x7E: the octets the shortcut reads.
pub(super) const PRINTABLE: OctetSet = OctetSet::EMPTY.with_range(0x21, 0x7E);

/// Byte class: a valid scheme character.
pub(super) const SCHEME: u8 = 1;
/// Byte class: copied as it is into the path (printable, not in the path
/// set, and none of `. % ? #`, which the path loop looks at).
pub(super) const PATH_COPY: u8 = 2;
/// Byte class: escaped in the path (printable, in the path set, not `\`).
pub(super) const PATH_ESCAPE: u8 = 4;
/// Byte class: escaped in the query (printable, in the query set).
pub(super) const QUERY_ESCAPE: u8 = 8;
/// Byte class: copied as it is into the query (printable, not in the
/// query set, not `#`).
pub(super) const QUERY_COPY: u8 = 128;
/// Byte class: copied as it is into the user or password (printable, not
/// in the userinfo set).
pub(super) const USERINFO_COPY: u8 = 16;
/// Byte class: printable.
pub(super) const PRINT: u8 = 32;
/// Byte class: neither ends nor splits the authority (printable, none of
/// `/ \\ ? # @ :`).
pub(super) const AUTHORITY_PLAIN: u8 = 64;

/// The classes of each octet, made from the octet sets of the steps.
static CLASS: [u8; 256] = {
    let scheme = OctetSet::EMPTY
        .with_range(b'a', b'z')
        .with_range(b'A', b'Z')
        .with_range(b'0', b'9')
        .with_all(b"+-.");
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if PRINTABLE.contains(b) {
            let mut c = PRINT;
            if scheme.contains(b) {
                c |= SCHEME;
            }
            let path_special = matches!(b, b'.' | b'%' | b'?' | b'#');
            if !PATH_SET.contains(b) && !path_special {
                c |= PATH_COPY;
            }
            if PATH_SET.contains(b) && b != b'\\' {
                c |= PATH_ESCAPE;
            }
            if QUERY_SET.contains(b) {
                c |= QUERY_ESCAPE;
            } else if b != b'#' {
                c |= QUERY_COPY;
            }
            if !USERINFO_SET.contains(b) {
                c |= USERINFO_COPY;
            }
            if !matches!(b, b'/' | b'\\' | b'?' | b'#' | b'@' | b':') {
                c |= AUTHORITY_PLAIN;
            }
            t[i] = c;
        }
        i += 1;
    }
    t
};

#[inline(always)]
pub(super) fn class(b: u8) -> u8 {
    CLASS[b as usize]
}
