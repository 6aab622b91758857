//! The code points a Unicode version leaves unassigned, from the tables
//! in `data/` (`data/generate_unicode_16.py` and the Unicode Character
//! Database): UTS #46 disallows them, and the `idna` crate, whose data
//! comes from ICU4X, takes some of them (ICU4X's mapping data does not
//! tell an unassigned code point from a valid one).
//!
//! ```
//! use urlprism::text::unicode::unassigned::{added_after_unicode_16, unassigned_in_unicode_17};
//! assert!(unassigned_in_unicode_17('\u{3E8AC}')); // plane 3, beyond CJK Ext. J
//! assert!(added_after_unicode_16('\u{1D256}')); // added in 17.0
//! assert!(!unassigned_in_unicode_17('\u{1D256}'));
//! assert!(!added_after_unicode_16('a'));
//! ```

use std::sync::OnceLock;

/// The tables.
#[derive(Clone, Copy)]
enum Table {
    /// `data/unicode-16.0-unassigned.txt`: what Unicode 16.0 leaves
    /// unassigned and a later version (up to 18.0) assigns.
    AddedAfter16,
    /// `data/unicode-17.0-unassigned.txt`: every code point Unicode 17.0
    /// leaves unassigned.
    Unassigned17,
}

/// The sorted ranges of a table's text (`XXXX` or `XXXX..YYYY` per line,
/// `#` comments).
fn ranges_of(text: &str) -> Vec<(u32, u32)> {
    let hex = |s: &str| u32::from_str_radix(s.trim(), 16).ok();
    let mut v: Vec<(u32, u32)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| match l.split_once("..") {
            Some((a, b)) => Some((hex(a)?, hex(b)?)),
            None => hex(l).map(|a| (a, a)),
        })
        .collect();
    v.sort_unstable();
    v
}

fn ranges(table: Table) -> &'static [(u32, u32)] {
    static V16: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    static V17: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    match table {
        Table::AddedAfter16 => {
            V16.get_or_init(|| ranges_of(include_str!("../../../data/unicode-16.0-unassigned.txt")))
        }
        Table::Unassigned17 => {
            V17.get_or_init(|| ranges_of(include_str!("../../../data/unicode-17.0-unassigned.txt")))
        }
    }
}

/// Whether `c` is in `table`.
fn holds(table: Table, c: char) -> bool {
    let cp = u32::from(c);
    let r = ranges(table);
    let i = r.partition_point(|&(_, last)| last < cp);
    r.get(i).is_some_and(|&(first, _)| first <= cp)
}

/// Whether Unicode 16.0 leaves `c` unassigned and a later version (up to
/// 18.0) assigns it: what a newer table takes and a Unicode 16.0 one
/// refuses.
pub fn added_after_unicode_16(c: char) -> bool {
    u32::from(c) >= 0x0558 && holds(Table::AddedAfter16, c)
}

/// Whether Unicode 17.0 leaves `c` unassigned.
pub fn unassigned_in_unicode_17(c: char) -> bool {
    holds(Table::Unassigned17, c)
}
