//! The Check bidi step of stringprep (RFC 3454 section 6; Nameprep step 11
//! of the specification).

use super::tables::{flags, FLAG_D_1, FLAG_D_2};
use super::version::UnicodeVersion;
use unicode_bidi::BidiClass;

/// Error of RFC 3454 section 6 requirement 2.
pub const RULE_2: &str =
    "RFC 3454 section 6 requirement 2: a string with a RandALCat character contains an LCat character";
/// Error of RFC 3454 section 6 requirement 3.
pub const RULE_3: &str =
    "RFC 3454 section 6 requirement 3: a string with a RandALCat character does not start and end with one";

/// Whether `c` may have bidi class R or AL in the latest Unicode (the data
/// of the `unicode-bidi` crate): false only if it certainly has not.  The
/// code point ranges are the blocks holding every R and AL character and
/// every unassigned code point defaulting to R or AL (DerivedBidiClass.txt):
/// Hebrew to Arabic Extended-A (U+0590..U+08FF), U+200F RIGHT-TO-LEFT
/// MARK, the Hebrew and Arabic presentation forms (U+FB1D..U+FDFF,
/// U+FE70..U+FEFF), and the right-to-left ranges of the supplementary
/// planes (U+10800..U+10FFF, U+1E800..U+1EFFF).  A test checks every code
/// point against `unicode_bidi::bidi_class`.
#[inline]
pub fn may_be_rand_al_latest(c: char) -> bool {
    matches!(
        c as u32,
        0x0590..=0x08FF
            | 0x200F
            | 0xFB1D..=0xFDFF
            | 0xFE70..=0xFEFF
            | 0x1_0800..=0x1_0FFF
            | 0x1_E800..=0x1_EFFF
    )
}

/// Whether `c` is RandALCat (bidi class R or AL) under `version`: RFC 3454
/// table D.1 for 3.2, 4.0 and 4.1 (one lookup in the flag table), the
/// `unicode-bidi` crate for the latest Unicode (asked only when
/// [`may_be_rand_al_latest`] says it may be).
pub fn is_rand_al(c: char, version: UnicodeVersion) -> bool {
    match version {
        UnicodeVersion::V3_2 | UnicodeVersion::V4_0 | UnicodeVersion::V4_1 => {
            flags(c) & FLAG_D_1 != 0
        }
        UnicodeVersion::Latest => {
            may_be_rand_al_latest(c)
                && matches!(unicode_bidi::bidi_class(c), BidiClass::R | BidiClass::AL)
        }
    }
}

/// Whether `c` is LCat (bidi class L) under `version`: RFC 3454 table D.2
/// for 3.2, 4.0 and 4.1 (one lookup in the flag table), the `unicode-bidi`
/// crate for the latest Unicode.
pub fn is_l(c: char, version: UnicodeVersion) -> bool {
    match version {
        UnicodeVersion::V3_2 | UnicodeVersion::V4_0 | UnicodeVersion::V4_1 => {
            flags(c) & FLAG_D_2 != 0
        }
        UnicodeVersion::Latest => unicode_bidi::bidi_class(c) == BidiClass::L,
    }
}

/// Stringprep section 6 requirements 2 and 3 with the bidi data of
/// `version` (3.2, and 4.0 and 4.1 too: tables D.1 and D.2 of RFC 3454; latest: the
/// current Bidi_Class of `unicode-bidi`).  Requirement 1 (the Prohibit
/// step's C.8) is not checked here.  `Err` says which rule failed.
pub fn check_bidi(s: &str, version: UnicodeVersion) -> Result<(), &'static str> {
    if s.is_ascii() {
        // ASCII holds no RandALCat character.
        return Ok(());
    }
    if !s.chars().any(|c| is_rand_al(c, version)) {
        return Ok(());
    }
    if s.chars().any(|c| is_l(c, version)) {
        return Err(RULE_2);
    }
    let first = s.chars().next().is_some_and(|c| is_rand_al(c, version));
    let last = s
        .chars()
        .next_back()
        .is_some_and(|c| is_rand_al(c, version));
    if first && last {
        Ok(())
    } else {
        Err(RULE_3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UnicodeVersion::*;

    #[test]
    fn rules() {
        for v in [V3_2, V4_0, V4_1, Latest] {
            assert_eq!(check_bidi("", v), Ok(()));
            assert_eq!(check_bidi("abc", v), Ok(()));
            assert_eq!(check_bidi("\u{05D0}\u{05D1}", v), Ok(()));
            assert_eq!(check_bidi("\u{0627}1\u{0628}", v), Ok(()));
            // RFC 3454 section 6 examples: rule 3.
            assert_eq!(check_bidi("\u{0627}1", v), Err(RULE_3));
            assert_eq!(check_bidi("1\u{0627}", v), Err(RULE_3));
            // Rule 2: mixed R and L.
            assert_eq!(check_bidi("\u{05D0}a\u{05D1}", v), Err(RULE_2));
            assert_eq!(check_bidi("a\u{05D0}", v), Err(RULE_2));
            // No RandALCat: anything goes.
            assert_eq!(check_bidi("1a\u{0300}", v), Ok(()));
        }
    }

    /// Every code point of bidi class R or AL in `unicode-bidi` passes the
    /// pre-filter, and D.1 / D.2 through the flag table are the tables.
    #[test]
    fn pre_filter_and_flags() {
        use crate::unicode::tables::{in_ranges, D_1, D_2};
        let mut rand_al = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            let latest = matches!(unicode_bidi::bidi_class(c), BidiClass::R | BidiClass::AL);
            assert!(!latest || may_be_rand_al_latest(c), "{c:?}");
            assert_eq!(is_rand_al(c, Latest), latest, "{c:?}");
            rand_al += usize::from(latest);
            for v in [V3_2, V4_0, V4_1] {
                assert_eq!(is_rand_al(c, v), in_ranges(D_1, c), "{c:?}");
                assert_eq!(is_l(c, v), in_ranges(D_2, c), "{c:?}");
            }
        }
        assert!(rand_al > 1000, "{rand_al}");
    }

    #[test]
    fn versions_differ() {
        // U+07C0 NKO DIGIT ZERO (Unicode 5.0): unassigned in 3.2, so in
        // neither D.1 nor D.2; bidi class R today.
        assert!(!is_rand_al('\u{07C0}', V3_2));
        assert!(is_rand_al('\u{07C0}', Latest));
        assert_eq!(check_bidi("\u{07C0}a", V3_2), Ok(()));
        assert_eq!(check_bidi("\u{07C0}a", Latest), Err(RULE_2));
        // U+0221 (Unicode 4.0, class L today) is unassigned in 3.2.
        assert!(!is_l('\u{0221}', V3_2));
        assert!(is_l('\u{0221}', Latest));
    }
}
