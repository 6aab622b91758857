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
//! ([`super::unicode17`]).

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// ToASCII of `domain`, or `None` when ICU reports an error Chromium
/// does not ignore.
pub(crate) fn to_ascii(domain: &str) -> Option<String> {
    if domain.chars().any(super::unicode17::unassigned) {
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

/// [`to_ascii`], recorded as stages: those of UTS #46 ToASCII as the
/// `whatwg` engine's trace shows them (mapping, normalization, validity,
/// Punycode per label), then `IDNA` with ICU's result as this engine
/// gives it when it differs from theirs (a code point beyond ICU's
/// Unicode 16.0, say).
pub(crate) fn to_ascii_traced(domain: &str, st: &mut super::trace::Stages) -> Option<String> {
    let r = to_ascii(domain);
    if !st.enabled() {
        return r;
    }
    let staged = crate::engines::whatwg::host_trace::uts46_stages(
        domain,
        false,
        &mut |step, before, after| st.push(step, before, after),
    );
    if staged.as_ref().ok() != r.as_ref() {
        let after = match &r {
            Some(a) => a.clone(),
            None if domain.chars().any(super::unicode17::unassigned) => {
                "fail: a code point Unicode 16.0 does not assign (ICU's data)".to_string()
            }
            None => "fail: UTS #46 ToASCII fails".to_string(),
        };
        st.push("IDNA", domain, &after);
    }
    r
}
