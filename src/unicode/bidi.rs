//! The Check bidi step of stringprep (RFC 3454 section 6).

use crate::profile::UnicodeVersion;

/// Stringprep section 6 with the bidi data of `version` (3.2: tables D.1 and
/// D.2; latest: the current Bidi_Class).  `Err` says which rule failed.
pub fn check_bidi(s: &str, version: UnicodeVersion) -> Result<(), &'static str> {
    let _ = (s, version);
    todo!()
}
