//! The code points Unicode 17.0 leaves unassigned, from
//! `data/unicode-17.0-unassigned.txt` (General_Category `Cn`): UTS #46
//! disallows them, and the `idna` crate, whose data comes from ICU4X,
//! takes them (ICU4X's mapping data does not tell an unassigned code
//! point from a valid one).
//!
//! ```
//! use urlprism::text::unicode::unassigned::unassigned_in_unicode_17;
//! assert!(unassigned_in_unicode_17('\u{3E8AC}')); // plane 3, beyond CJK Ext. J
//! assert!(unassigned_in_unicode_17('\u{1D256}'));
//! assert!(!unassigned_in_unicode_17('\u{32931}')); // CJK Ext. J, added in 17.0
//! assert!(!unassigned_in_unicode_17('a'));
//! assert!(unassigned_in_unicode_17('\u{0378}') && !unassigned_in_unicode_17('\u{0377}'));
//! assert!(unassigned_in_unicode_17('\u{FFFF}') && !unassigned_in_unicode_17('\u{3042}'));
//! ```

use std::sync::OnceLock;

/// The sorted ranges of the table (`XXXX` or `XXXX..YYYY` per line, `#`
/// comments).
fn ranges() -> &'static [(u32, u32)] {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    RANGES.get_or_init(|| {
        let hex = |s: &str| u32::from_str_radix(s.trim(), 16).ok();
        let mut v: Vec<(u32, u32)> = include_str!("../../../data/unicode-17.0-unassigned.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| match l.split_once("..") {
                Some((a, b)) => Some((hex(a)?, hex(b)?)),
                None => hex(l).map(|a| (a, a)),
            })
            .collect();
        v.sort_unstable();
        v
    })
}

/// The table's code points of the Basic Multilingual Plane as a bit set
/// (8 KiB), one lookup per code point where most domains' lie.
fn bmp_bits() -> &'static [u64; 1024] {
    static BITS: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    BITS.get_or_init(|| {
        let mut bits = Box::new([0u64; 1024]);
        for &(first, last) in ranges() {
            for cp in first..=last.min(0xFFFF) {
                bits[(cp >> 6) as usize] |= 1 << (cp & 63);
            }
        }
        bits
    })
}

/// Whether Unicode 17.0 leaves `c` unassigned.
pub fn unassigned_in_unicode_17(c: char) -> bool {
    let cp = u32::from(c);
    if cp < 0x0378 {
        return false;
    }
    if cp <= 0xFFFF {
        return bmp_bits()[(cp >> 6) as usize] & (1 << (cp & 63)) != 0;
    }
    let r = ranges();
    let i = r.partition_point(|&(_, last)| last < cp);
    r.get(i).is_some_and(|&(first, _)| first <= cp)
}
