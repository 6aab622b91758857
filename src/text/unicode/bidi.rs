//! The Check bidi step of stringprep (RFC 3454 section 6; Nameprep step 11
//! of the specification).

use super::tables::{
    flags, in_ranges, ASSIGNED_3_2_ADDED, FLAG_ADDED_3_2, FLAG_D_1, FLAG_D_2,
    FLAG_LATEST_BIDI_DIFFERS,
};
use super::version::BidiVersion;
use unicode_bidi::BidiClass;

/// Error of RFC 3454 section 6 requirement 2.
pub const RULE_2: &str =
    "RFC 3454 section 6 requirement 2: a string with a RandALCat character contains an LCat character";
/// Error of RFC 3454 section 6 requirement 3.
pub const RULE_3: &str =
    "RFC 3454 section 6 requirement 3: a string with a RandALCat character does not start and end with one";

/// Whether `c` may be RandALCat (bidi class R or AL) under some
/// [`BidiVersion`]: false only if it certainly is not under any.  The
/// code point ranges are the blocks holding every R and AL character and
/// every unassigned code point defaulting to R or AL in the latest Unicode
/// (DerivedBidiClass.txt), which hold RFC 3454's table D.1 (Unicode 3.2,
/// and 3.1 without what 3.2 added) too: Hebrew to Arabic Extended-A
/// (U+0590..U+08FF), U+200F RIGHT-TO-LEFT MARK, the Hebrew and Arabic
/// presentation forms (U+FB1D..U+FDFF, U+FE70..U+FEFF), and the
/// right-to-left ranges of the supplementary planes (U+10800..U+10FFF,
/// U+1E800..U+1EFFF).  A test checks every code point against
/// `unicode_bidi::bidi_class` and table D.1.
///
/// A string without such a character passes [`check_bidi`] under every
/// version (requirements 2 and 3 apply only to a string with a RandALCat
/// character): `bücher`, `日本` do; `\u{5D0}` may not.
#[inline]
pub fn may_be_rand_al(c: char) -> bool {
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

/// Whether the UTF-8 octets `s` may hold a character that
/// [`may_be_rand_al`]: false only if none of them does.  One look at each
/// octet, for the leading octets of those ranges: `0xD6..=0xDF` (U+0590
/// to U+07FF), `0xE0` before `0xA0..=0xA3` (U+0800 to U+08FF), `0xE2`
/// (U+200F among others), `0xEF` (the presentation forms among others),
/// `0xF0` (the supplementary ranges among others).  A test checks every
/// code point.
///
/// `bücher`, `日本`, Thai and Cyrillic: false; `\u{5D0}`: true.
#[inline]
pub fn may_hold_rand_al(s: &[u8]) -> bool {
    // Most hosts have none of those leading octets (nor 0xE0): a fold over
    // 16-octet chunks that the compiler vectorizes tells them first.
    #[inline(always)]
    fn lead(b: u8) -> bool {
        (b.wrapping_sub(0xD6) < 10) | (b == 0xE0) | (b == 0xE2) | (b == 0xEF) | (b == 0xF0)
    }
    let mut chunks = s.chunks_exact(16);
    let any_lead = chunks.any(|c| c.iter().fold(false, |acc, &b| acc | lead(b)))
        || chunks.remainder().iter().any(|&b| lead(b));
    any_lead
        && s.iter().enumerate().any(|(i, &b)| match b {
            0xD6..=0xDF | 0xE2 | 0xEF | 0xF0 => true,
            0xE0 => matches!(s.get(i + 1), Some(0xA0..=0xA3)),
            _ => false,
        })
}

/// Whether `c` is RandALCat (bidi class R or AL) under `version`: RFC 3454
/// table D.1 for 3.2, 4.0 and 4.1 (one lookup in the flag table), the
/// same without the code points Unicode 3.2 assigned for 3.1, the
/// `unicode-bidi` crate for the latest Unicode (asked only when
/// [`may_be_rand_al`] says it may be).
///
/// U+07B1 THAANA LETTER NAA (new in 3.2) is RandALCat under 3.2, not
/// under 3.1; U+0786 THAANA LETTER DHAALU is under both.
pub fn is_rand_al(c: char, version: BidiVersion) -> bool {
    match version {
        BidiVersion::V3_2 | BidiVersion::V4_0 | BidiVersion::V4_1 => flags(c) & FLAG_D_1 != 0,
        BidiVersion::V3_1 => flags(c) & FLAG_D_1 != 0 && !assigned_in_3_2(c),
        BidiVersion::Latest => {
            may_be_rand_al(c) && matches!(unicode_bidi::bidi_class(c), BidiClass::R | BidiClass::AL)
        }
    }
}

/// Whether `c` is LCat (bidi class L) under `version`: RFC 3454 table D.2
/// for 3.2, 4.0 and 4.1 (one lookup in the flag table), the same without
/// the code points Unicode 3.2 assigned for 3.1, the `unicode-bidi` crate
/// for the latest Unicode.
pub fn is_l(c: char, version: BidiVersion) -> bool {
    match version {
        BidiVersion::V3_2 | BidiVersion::V4_0 | BidiVersion::V4_1 => flags(c) & FLAG_D_2 != 0,
        BidiVersion::V3_1 => flags(c) & FLAG_D_2 != 0 && !assigned_in_3_2(c),
        // No character of the right-to-left blocks but the noncharacters
        // U+FDD0..U+FDEF is LCat (a test checks every one): Hebrew and
        // Arabic labels are told without a search.
        BidiVersion::Latest => {
            (matches!(c, '\u{FDD0}'..='\u{FDEF}') || !may_be_rand_al(c))
                && unicode_bidi::bidi_class(c) == BidiClass::L
        }
    }
}

/// Whether `c` was first assigned in Unicode 3.2 (Age=3.2,
/// `data/unicode-3.2-additions.txt`): unassigned, and so neither R, AL nor
/// L, in the bidi data of Unicode 3.1.
fn assigned_in_3_2(c: char) -> bool {
    in_ranges(ASSIGNED_3_2_ADDED, c)
}

/// The bidi data that [`check_bidi`] reads as it reads `version`'s, on a
/// string whose characters' flags, or'd together, are `flags`: 3.2's for
/// 4.0 and 4.1 (their tables are 3.2's); for 3.1 when no character was
/// first assigned in 3.2 ([`FLAG_ADDED_3_2`]: 3.1's data is 3.2's without
/// them); for the latest when no character is told otherwise by it
/// ([`FLAG_LATEST_BIDI_DIFFERS`]).  Two versions that give the same
/// answer here give the same Check bidi on such a string, which reads of
/// each character only whether it is RandALCat and whether LCat.
///
/// `V3_1` on `\u{5D0}\u{5D1}` → `V3_2`; on `\u{7B1}` (new in 3.2) → `V3_1`.
pub(crate) fn reads_as(version: BidiVersion, flags: u16) -> BidiVersion {
    match version {
        BidiVersion::V4_0 | BidiVersion::V4_1 => BidiVersion::V3_2,
        BidiVersion::V3_1 if flags & FLAG_ADDED_3_2 == 0 => BidiVersion::V3_2,
        BidiVersion::Latest if flags & FLAG_LATEST_BIDI_DIFFERS == 0 => BidiVersion::V3_2,
        other => other,
    }
}

/// Stringprep section 6 requirements 2 and 3 with the bidi data of
/// `version` (3.2, and 4.0 and 4.1 too: tables D.1 and D.2 of RFC 3454; 3.1:
/// the same without the code points new in 3.2; latest: the
/// current Bidi_Class of `unicode-bidi`).  Requirement 1 (the Prohibit
/// step's C.8) is not checked here.  `Err` says which rule failed.
pub fn check_bidi(s: &str, version: BidiVersion) -> Result<(), &'static str> {
    // Most strings have no character that may be RandALCat at all (ASCII
    // has none): one look at each octet, under any version.
    if s.is_ascii() || !may_hold_rand_al(s.as_bytes()) || !s.chars().any(|c| is_rand_al(c, version))
    {
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
    use BidiVersion::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// Versions that [`reads_as`] makes one give one Check bidi.
        #[test]
        fn versions_read_alike_check_alike(v in proptest::collection::vec(
            proptest::sample::select(vec![
                'a', '1', '-', '\u{5D0}', '\u{5D1}', '\u{627}', '\u{661}', '\u{786}', '\u{7B1}',
                '\u{200F}', '\u{FB1D}', '\u{FDF2}', '\u{300}', '\u{E17}', '\u{10800}',
            ]), 0..6)
        ) {
            let s: String = v.into_iter().collect();
            let f = s.chars().fold(0, |f, c| f | flags(c));
            for a in [V3_1, V3_2, V4_0, V4_1, Latest] {
                for b in [V3_1, V3_2, V4_0, V4_1, Latest] {
                    if reads_as(a, f) == reads_as(b, f) {
                        proptest::prop_assert_eq!(check_bidi(&s, a), check_bidi(&s, b), "{:?} {:?} {:?}", s, a, b);
                    }
                }
            }
        }
    }

    #[test]
    fn rules() {
        for v in [V3_1, V3_2, V4_0, V4_1, Latest] {
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
        use crate::text::unicode::tables::{in_ranges, D_1, D_2};
        let mut rand_al = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            let latest = matches!(unicode_bidi::bidi_class(c), BidiClass::R | BidiClass::AL);
            assert!(!latest || may_be_rand_al(c), "{c:?}");
            let l = unicode_bidi::bidi_class(c) == BidiClass::L;
            assert_eq!(is_l(c, Latest), l, "{c:?}");
            assert!(!in_ranges(D_1, c) || may_be_rand_al(c), "{c:?}");
            let mut utf8 = [0; 4];
            let octets = c.encode_utf8(&mut utf8).as_bytes();
            assert!(!may_be_rand_al(c) || may_hold_rand_al(octets), "{c:?}");
            let flagged = flags(c) & crate::text::unicode::tables::FLAG_MAY_BE_RAND_AL != 0;
            assert_eq!(flagged, may_be_rand_al(c), "{c:?}");
            assert_eq!(is_rand_al(c, Latest), latest, "{c:?}");
            rand_al += usize::from(latest);
            for v in [V3_2, V4_0, V4_1] {
                assert_eq!(is_rand_al(c, v), in_ranges(D_1, c), "{c:?}");
                assert_eq!(is_l(c, v), in_ranges(D_2, c), "{c:?}");
            }
            let new_in_3_2 = in_ranges(ASSIGNED_3_2_ADDED, c);
            let flagged = flags(c) & FLAG_ADDED_3_2 != 0;
            assert_eq!(flagged, new_in_3_2, "{c:?}");
            let differs =
                is_rand_al(c, Latest) != is_rand_al(c, V3_2) || is_l(c, Latest) != is_l(c, V3_2);
            assert_eq!(flags(c) & FLAG_LATEST_BIDI_DIFFERS != 0, differs, "{c:?}");
            assert_eq!(
                is_rand_al(c, V3_1),
                in_ranges(D_1, c) && !new_in_3_2,
                "{c:?}"
            );
            assert_eq!(is_l(c, V3_1), in_ranges(D_2, c) && !new_in_3_2, "{c:?}");
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

    #[test]
    fn unicode_3_1_lacks_what_3_2_assigned() {
        // The RandALCat code points Unicode 3.2 added (RFC 3454 D.1).
        for c in ['\u{066E}', '\u{066F}', '\u{07B1}', '\u{FDFC}', '\u{FE73}'] {
            assert!(is_rand_al(c, V3_2), "{c:?}");
            assert!(!is_rand_al(c, V3_1), "{c:?}");
        }
        // IE 9: `\u{07B1}x` passes, `\u{0786}x` (Unicode 3.0) does not.
        assert_eq!(check_bidi("\u{07B1}x", V3_1), Ok(()));
        assert_eq!(check_bidi("\u{07B1}x", V3_2), Err(RULE_2));
        assert_eq!(check_bidi("\u{0786}x", V3_1), Err(RULE_2));
        // An LCat code point new in 3.2 (U+0220) does not meet RandALCat.
        assert!(is_l('\u{0220}', V3_2) && !is_l('\u{0220}', V3_1));
        assert_eq!(check_bidi("\u{05D0}\u{0220}\u{05D0}", V3_1), Ok(()));
        let n: usize = ASSIGNED_3_2_ADDED
            .iter()
            .map(|&(a, b)| (b - a + 1) as usize)
            .sum();
        assert_eq!(n, 1016, "Unicode 3.2 assigned 1,016 code points");
    }
}
