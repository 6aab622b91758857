//! IDNA as Chromium runs it (`url/url_idna_icu.cc` `IDNToASCII`): ICU's
//! `uidna_nameToASCII` with UTS #46 Nontransitional Processing, CheckBidi
//! and CheckJoiners, without UseSTD3ASCIIRules, and with the errors of
//! CheckHyphens and VerifyDnsLength ignored; an empty result fails.
//!
//! This is UTS #46 as the `idna` crate implements it, with the same
//! options (CheckHyphens off, no ASCII deny list, DNS length not
//! verified).  Chromium's ICU has the Unicode 16.0 data of UTS #46; the
//! crate's data is newer, so a code point assigned after Unicode 16.0 is
//! refused here, as ICU refuses an unassigned code point
//! ([`super::unicode16`]).

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// ToASCII of `domain`, or `None` when ICU reports an error Chromium
/// does not ignore.
pub(crate) fn to_ascii(domain: &str) -> Option<String> {
    if domain.chars().any(super::unicode16::unassigned) {
        return None;
    }
    let ascii = Uts46::new()
        .to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()?;
    (!ascii.is_empty()).then(|| ascii.into_owned())
}

/// [`to_ascii`], recorded as a stage.
pub(crate) fn to_ascii_traced(domain: &str, st: &mut super::trace::Stages) -> Option<String> {
    let r = to_ascii(domain);
    match &r {
        Some(a) => st.push("IDNA", domain, a),
        None => {
            let why = if domain.chars().any(super::unicode16::unassigned) {
                "a code point Unicode 16.0 does not assign (ICU's data)"
            } else {
                "UTS #46 ToASCII fails (a disallowed code point, CheckBidi, CheckJoiners, Punycode)"
            };
            st.push("IDNA", domain, &format!("fail: {why}"));
        }
    }
    r
}
