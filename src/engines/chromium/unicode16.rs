//! The Unicode version of Chromium's IDNA data.
//!
//! Chromium 156 runs ICU with the Unicode 16.0 data of UTS #46 (measured:
//! U+180E and U+2061 are ignored, which 15.0 disallowed; the Egyptian
//! hieroglyphs Unicode 16.0 added, U+13460..U+143FA, are taken; code
//! points of Unicode 17.0 are unassigned, hence disallowed:
//! `http://a\u{1D256}b/` fails).  The `idna` crate's data is newer: a code
//! point it knows but Unicode 16.0 does not assign is refused by
//! [`unassigned`], from `data/unicode-16.0-unassigned.txt`
//! (`data/generate_unicode_16.py`).

/// Whether `c` is a code point Unicode 16.0 does not assign, that a later
/// version does (so that the `idna` crate's newer data would take it).
pub(crate) fn unassigned(c: char) -> bool {
    crate::text::unicode::unassigned::added_after_unicode_16(c)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unicode_17_additions_are_unassigned() {
        assert!(super::unassigned('\u{1D256}'));
        assert!(super::unassigned('\u{0558}'));
        assert!(!super::unassigned('\u{13460}'));
        assert!(!super::unassigned('a'));
        assert!(!super::unassigned('\u{3042}'));
        assert!(!super::unassigned('\u{180E}'));
    }
}
