//! The Unicode version of Chromium's IDNA data.
//!
//! Chromium 156 runs ICU with the Unicode 17.0 data of UTS #46 (measured:
//! U+180E and U+2061 are ignored, which 15.0 disallowed; the Egyptian
//! hieroglyphs Unicode 16.0 added, U+13460..U+143FA, and the CJK
//! ideographs of Extension J, which 17.0 added, are taken
//! (`IdnaTestV2.json`: `𲤱20.音.ꡦ1.`); a code point 17.0 leaves
//! unassigned is disallowed: `http://a\u{1D256}b/` fails).  The `idna`
//! crate's data does not tell an unassigned code point from a valid one:
//! [`unassigned`] refuses them, from `data/unicode-17.0-unassigned.txt`.

/// Whether Unicode 17.0 leaves `c` unassigned (which the `idna` crate's
/// data would take).
pub(crate) fn unassigned(c: char) -> bool {
    crate::text::unicode::unassigned::unassigned_in_unicode_17(c)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unassigned_in_unicode_17() {
        assert!(super::unassigned('\u{1D256}'));
        assert!(super::unassigned('\u{0558}'));
        assert!(super::unassigned('\u{3E8AC}'));
        assert!(!super::unassigned('\u{32931}'));
        assert!(!super::unassigned('\u{13460}'));
        assert!(!super::unassigned('a'));
        assert!(!super::unassigned('\u{3042}'));
        assert!(!super::unassigned('\u{180E}'));
    }
}
