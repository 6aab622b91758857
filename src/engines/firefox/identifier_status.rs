//! UTS #39 Identifier_Status, the data of `GetIdentifierType`
//! (intl/unicharutil/util/nsUnicodePropertyData.cpp). Firefox 153 is built
//! with Unicode 17, whose Identifier_Status is the `unicode-security`
//! crate's ([`allowed_in_firefox_153`]: its Unicode 18 data differs from
//! 17 only in U+11B0A). Firefox ESR 140, whose tests
//! (`test_idn_urls.js`, `test_idn_spoof.js`) are in
//! `data/display/firefox-test-idn-urls.jsonl`, has Unicode 16's
//! ([`allowed_in_unicode_16`]): Unicode 17 restricted much that 16 allowed
//! (Bopomofo, the CJK extensions, Georgian Mtavruli, `ɔ` and `ʒ` the other
//! way), so the two Firefoxes differ there: `ㄅㄆㄇㄈ.tw` is Unicode in ESR
//! 140, Punycode in 153.
//!
//! The Unicode 16 ranges are `data/display/identifier-status-allowed-16.0.txt`
//! (its header says where they come from).

use unicode_security::GeneralSecurityProfile;

/// Identifier_Status data: whether a character is Allowed.
pub type Allowed = fn(char) -> bool;

/// Whether `c` is Identifier_Status Allowed in Firefox 153 (Unicode 17):
/// `é` yes, `ㄅ` and `♥` no.
pub fn allowed_in_firefox_153(c: char) -> bool {
    c.identifier_allowed()
}

/// The code points whose Identifier_Status is Allowed in Unicode 16.0.0,
/// as inclusive ranges in order
/// (`data/display/identifier-status-allowed-16.0.txt`).
fn allowed_16() -> &'static [(u32, u32)] {
    static RANGES: std::sync::OnceLock<Vec<(u32, u32)>> = std::sync::OnceLock::new();
    RANGES.get_or_init(|| {
        include_str!("../../../data/display/identifier-status-allowed-16.0.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let (a, b) = l.split_once("..").unwrap_or((l, l));
                Some((
                    u32::from_str_radix(a, 16).ok()?,
                    u32::from_str_radix(b, 16).ok()?,
                ))
            })
            .collect()
    })
}

/// Whether `c` is Identifier_Status Allowed in Unicode 16.0.0, as in
/// Firefox ESR 140 (`é`, `ㄅ` yes; `♥` no).
pub fn allowed_in_unicode_16(c: char) -> bool {
    crate::text::unicode::tables::in_ranges(allowed_16(), c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_16_and_17() {
        assert!(allowed_in_unicode_16('\u{e9}'));
        assert!(allowed_in_unicode_16('\u{3105}'));
        assert!(allowed_in_unicode_16('\u{20000}'));
        assert!(!allowed_in_unicode_16('\u{2665}'));
        assert!(!allowed_in_unicode_16('\u{10FFFF}'));
        assert!(allowed_in_firefox_153('\u{e9}'));
        assert!(!allowed_in_firefox_153('\u{3105}'));
        assert!(allowed_in_firefox_153('\u{254}'));
        assert!(!allowed_in_unicode_16('\u{254}'));
    }
}
