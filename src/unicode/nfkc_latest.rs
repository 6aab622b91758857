//! A per-character NFKC quick check for the latest Unicode (that of the
//! `unicode-normalization` crate), answered by one bit lookup.
//!
//! A character is a *stable starter* when its canonical combining class is
//! 0 and its NFKC_Quick_Check is Yes (UAX #15 section 9): it has no
//! decomposition NFKC would apply, and it is not the second character of
//! any primary composite (those have NFKC_QC = Maybe).  A string made only
//! of stable starters is in NFKC: the quick check answers Yes for it.
//!
//! The answers come from the crate itself, computed for a block of 256 code
//! points the first time a character of the block is asked about (a few
//! microseconds), then kept: a host of CJK, Hangul or Cyrillic letters
//! costs one table load per character instead of two perfect-hash lookups.
//!
//! ```
//! use urlprism::unicode::nfkc_latest::is_stable_starter;
//! assert!(is_stable_starter('\u{4E00}')); // CJK ideograph
//! assert!(!is_stable_starter('\u{FF21}')); // fullwidth A: NFKC maps it
//! assert!(!is_stable_starter('\u{301}')); // combining acute: class 230
//! assert!(!is_stable_starter('\u{1161}')); // Hangul V jamo: composes
//! ```

use std::sync::OnceLock;
use unicode_normalization::{char::canonical_combining_class, is_nfkc_quick, IsNormalized};

/// One bit per code point of a 256-code-point block.
type BlockBits = [u64; 4];

/// The blocks of U+0000..U+10FFFF, each filled on first use.
static BLOCKS: [OnceLock<BlockBits>; 0x1100] = [const { OnceLock::new() }; 0x1100];

/// Whether NFKC (latest Unicode) leaves `c` alone wherever it stands: its
/// combining class is 0 and its NFKC_Quick_Check is Yes.
#[inline]
pub fn is_stable_starter(c: char) -> bool {
    let cp = c as u32;
    if cp < 0x80 {
        return true;
    }
    let bits = BLOCKS[(cp >> 8) as usize].get_or_init(|| block_bits(cp >> 8));
    bits[((cp & 0xFF) >> 6) as usize] >> (cp & 63) & 1 == 1
}

/// The stable-starter bits of block `block` (code points `block << 8` to
/// `block << 8 | 0xFF`), asked of `unicode-normalization`.
fn block_bits(block: u32) -> BlockBits {
    let mut bits = [0u64; 4];
    for low in 0..256u32 {
        let Some(c) = char::from_u32(block << 8 | low) else {
            continue; // a surrogate
        };
        if stable_starter_uncached(c) {
            bits[(low >> 6) as usize] |= 1 << (low & 63);
        }
    }
    bits
}

/// [`is_stable_starter`] computed from `unicode-normalization`.
fn stable_starter_uncached(c: char) -> bool {
    canonical_combining_class(c) == 0 && is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes
}

/// Whether every character of `s` is a stable starter, so that `s` is its
/// own NFKC.
#[inline]
pub fn is_nfkc_by_stable_starters(s: &str) -> bool {
    s.chars().all(is_stable_starter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;

    #[test]
    fn cached_bits_agree_with_the_crate_everywhere() {
        for cp in 0..=0x10FFFFu32 {
            if let Some(c) = char::from_u32(cp) {
                assert_eq!(
                    is_stable_starter(c),
                    stable_starter_uncached(c),
                    "U+{cp:04X}"
                );
            }
        }
    }

    proptest::proptest! {
        /// Stable starters in any order make a string in NFKC.
        #[test]
        fn strings_of_stable_starters_are_nfkc(v in proptest::collection::vec(proptest::char::any(), 0..24)) {
            let s: String = v.into_iter().filter(|&c| is_stable_starter(c)).collect();
            let n: String = s.nfkc().collect();
            proptest::prop_assert_eq!(n, s);
        }
    }

    #[test]
    fn composition_seconds_are_not_stable() {
        // U+0B3E ORIYA VOWEL SIGN AA (class 0) composes with U+0B47.
        assert!(!is_stable_starter('\u{B3E}'));
        let s: String = "\u{B47}\u{B3E}".nfkc().collect();
        assert_eq!(s, "\u{B4B}");
    }
}
