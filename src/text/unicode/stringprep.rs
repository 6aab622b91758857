//! RFC 3454 tables as Nameprep (RFC 3491) uses them.
//!
//! All tables are the RFC's own (Unicode 3.2), parsed from its text by
//! `data/generate.py`; in particular table B.2 is not today's case folding.

use super::tables::{
    self, flags, FLAG_A_1, FLAG_B_1, FLAG_B_2, FLAG_D_1, FLAG_D_2, FLAG_PROHIBITED,
};

/// The RFC 3454 tables this crate carries (appendices A to D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// A.1: unassigned code points in Unicode 3.2.
    A1,
    /// B.1: commonly mapped to nothing.
    B1,
    /// B.2: mapping for case-folding used with NFKC (membership: has a
    /// mapping).
    B2,
    /// C.1.2: non-ASCII space characters.
    C1_2,
    /// C.2.2: non-ASCII control characters.
    C2_2,
    /// C.3: private use.
    C3,
    /// C.4: non-character code points.
    C4,
    /// C.5: surrogate codes.
    C5,
    /// C.6: inappropriate for plain text.
    C6,
    /// C.7: inappropriate for canonical representation.
    C7,
    /// C.8: change display properties or are deprecated.
    C8,
    /// C.9: tagging characters.
    C9,
    /// D.1: characters with bidirectional property "R" or "AL".
    D1,
    /// D.2: characters with bidirectional property "L".
    D2,
}

/// The tables of the Prohibit step of Nameprep (RFC 3491 section 5).
pub const NAMEPREP_PROHIBITED: [Table; 9] = [
    Table::C1_2,
    Table::C2_2,
    Table::C3,
    Table::C4,
    Table::C5,
    Table::C6,
    Table::C7,
    Table::C8,
    Table::C9,
];

/// Whether `c` is in RFC 3454 table `table`.
///
/// Table C.5 lists the surrogate code points D800-DFFF, which a Rust `char`
/// can never be, so it is always false for C.5.
pub fn in_table(table: Table, c: char) -> bool {
    let ranges: &[(u32, u32)] = match table {
        // The tables with a bit in the flag table: one lookup.
        Table::A1 => return flags(c) & FLAG_A_1 != 0,
        Table::B1 => return flags(c) & FLAG_B_1 != 0,
        Table::B2 => return flags(c) & FLAG_B_2 != 0,
        Table::D1 => return flags(c) & FLAG_D_1 != 0,
        Table::D2 => return flags(c) & FLAG_D_2 != 0,
        Table::C1_2 => tables::C_1_2,
        Table::C2_2 => tables::C_2_2,
        Table::C3 => tables::C_3,
        Table::C4 => tables::C_4,
        Table::C5 => tables::C_5,
        Table::C6 => tables::C_6,
        Table::C7 => tables::C_7,
        Table::C8 => tables::C_8,
        Table::C9 => tables::C_9,
    };
    tables::in_ranges(ranges, c)
}

/// Table B.2 mapping of `c` (RFC 3454's own table, Unicode 3.2), if any.
/// The map is consulted only for characters the flag table marks as B.2.
pub fn map_b2(c: char) -> Option<&'static str> {
    if flags(c) & FLAG_B_2 == 0 {
        return None;
    }
    tables::B_2.get(&c).copied()
}

/// The Map step (RFC 3491 section 3, stringprep section 3; Nameprep step 3
/// of the specification): table B.1 characters removed, table B.2 applied
/// (RFC 3454's own table, Unicode 3.2).  Appends to `out`.
pub fn map(s: &str, out: &mut String) {
    out.reserve(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            // Neither B.1 nor B.2 holds an ASCII character other than A-Z.
            out.push(c.to_ascii_lowercase());
        } else {
            let f = flags(c);
            if f & FLAG_B_1 != 0 {
                continue;
            }
            if f & FLAG_B_2 != 0 {
                if let Some(&m) = tables::B_2.get(&c) {
                    out.push_str(m);
                    continue;
                }
            }
            out.push(c);
        }
    }
}

/// The Map step, borrowing `s` when no character of it is mapped: the
/// characters before the first one that changes are copied once.
pub fn map_cow(s: &str) -> std::borrow::Cow<'_, str> {
    let changes = |c: char| {
        if c.is_ascii() {
            c.is_ascii_uppercase()
        } else {
            flags(c) & (FLAG_B_1 | FLAG_B_2) != 0
        }
    };
    match s.char_indices().find(|&(_, c)| changes(c)) {
        None => std::borrow::Cow::Borrowed(s),
        Some((i, _)) => {
            let mut out = String::with_capacity(s.len());
            out.push_str(&s[..i]);
            map(&s[i..], &mut out);
            std::borrow::Cow::Owned(out)
        }
    }
}

/// Table A.1: unassigned in Unicode 3.2 (Nameprep step 6).
pub fn is_unassigned(c: char) -> bool {
    flags(c) & FLAG_A_1 != 0
}

/// The Prohibit step of Nameprep (RFC 3491 section 5; Nameprep step 10 of
/// the specification): tables C.1.2, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8,
/// C.9.
pub fn is_prohibited(c: char) -> bool {
    // One lookup in the flag table, whose bit is the union of the nine
    // tables (`tables::NAMEPREP_PROHIBITED_RANGES`).
    flags(c) & FLAG_PROHIBITED != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_cow_borrows_when_nothing_maps() {
        use std::borrow::Cow;
        assert!(matches!(map_cow("bücher.de"), Cow::Borrowed(_)));
        assert_eq!(map_cow("bÜcher\u{AD}.DE"), "bücher.de");
        assert_eq!(map_cow("a\u{130}"), mapped("a\u{130}"));
    }

    proptest::proptest! {
        #[test]
        fn map_cow_is_map(s in "[a-zA-Z\u{AD}\u{C0}-\u{24F}\u{130}\u{FF21}-\u{FF3A}\u{3000}-\u{30FF}]{0,16}") {
            proptest::prop_assert_eq!(map_cow(&s).into_owned(), mapped(&s));
        }
    }

    #[test]
    fn merged_prohibited_table_is_the_union() {
        for cp in 0..0x11_0000 {
            if let Some(c) = char::from_u32(cp) {
                let each = NAMEPREP_PROHIBITED.iter().any(|&t| in_table(t, c));
                assert_eq!(is_prohibited(c), each, "U+{cp:04X}");
            }
        }
    }

    /// The flag-table answers equal the range tables and the B.2 map for
    /// every code point.
    #[test]
    fn in_table_is_the_range_table() {
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            for (table, ranges) in [
                (Table::A1, tables::A_1),
                (Table::B1, tables::B_1),
                (Table::D1, tables::D_1),
                (Table::D2, tables::D_2),
            ] {
                assert_eq!(in_table(table, c), tables::in_ranges(ranges, c), "{c:?}");
            }
            assert_eq!(is_unassigned(c), tables::in_ranges(tables::A_1, c));
            let b2 = tables::B_2.get(&c).copied();
            assert_eq!(in_table(Table::B2, c), b2.is_some());
            assert_eq!(map_b2(c), b2);
        }
    }

    fn mapped(s: &str) -> String {
        let mut out = String::new();
        map(s, &mut out);
        out
    }

    #[test]
    fn ascii_in_rfc_tables() {
        // The ASCII shortcut of `map` relies on this.
        for b in 0u8..0x80 {
            let c = b as char;
            assert!(!in_table(Table::B1, c));
            let expected = c
                .is_ascii_uppercase()
                .then(|| c.to_ascii_lowercase().to_string());
            assert_eq!(map_b2(c).map(String::from), expected, "{c:?}");
        }
    }

    #[test]
    fn map_b1_and_b2() {
        assert_eq!(mapped("ABC"), "abc");
        // B.1: soft hyphen, ZWJ, variation selector, ZWNBSP are removed.
        assert_eq!(mapped("a\u{00AD}b\u{200D}c\u{FE0F}d\u{FEFF}"), "abcd");
        // B.2: sharp s folds to "ss", Greek final sigma to sigma.
        assert_eq!(mapped("Stra\u{00DF}e"), "strasse");
        assert_eq!(mapped("\u{03A3}\u{03C2}"), "\u{03C3}\u{03C3}");
        // B.2 of RFC 3454: U+0130 maps to "i" + U+0307 (the full folding).
        assert_eq!(mapped("\u{0130}"), "i\u{0307}");
        // U+1E9E (capital sharp s) is unassigned in 3.2: not in B.2,
        // though today's case folding maps it to "ss".
        assert_eq!(map_b2('\u{1E9E}'), None);
        assert!(is_unassigned('\u{1E9E}'));
        // B.2 carries NFKC-closure entries, e.g. U+2121 TELEPHONE SIGN.
        assert_eq!(map_b2('\u{2121}'), Some("tel"));
        assert_eq!(map_b2('\u{1D400}'), Some("a"));
        // U+2C00 GLAGOLITIC (Unicode 4.1) has no B.2 mapping.
        assert_eq!(mapped("\u{2C00}"), "\u{2C00}");
        assert_eq!(mapped(""), "");
    }

    #[test]
    fn unassigned_a1() {
        assert!(is_unassigned('\u{0221}'));
        assert!(is_unassigned('\u{0234}'));
        assert!(is_unassigned('\u{E0000}'));
        assert!(!is_unassigned('a'));
        assert!(!is_unassigned('\u{AC00}'));
        // Noncharacters are in C.4, not A.1.
        assert!(!is_unassigned('\u{FDD0}'));
        assert!(!is_unassigned('\u{10FFFF}'));
    }

    #[test]
    fn prohibited() {
        for c in [
            '\u{00A0}',
            '\u{3000}', // C.1.2
            '\u{0080}',
            '\u{200E}',
            '\u{FEFF}', // C.2.2 (U+200E is C.8 too)
            '\u{E000}',
            '\u{F0000}',
            '\u{10FFFD}', // C.3
            '\u{FDD0}',
            '\u{FFFF}',
            '\u{10FFFF}', // C.4
            '\u{FFFA}',
            '\u{FFFD}', // C.6
            '\u{2FF0}',
            '\u{2FFB}', // C.7
            '\u{0340}',
            '\u{0341}',
            '\u{202E}',
            '\u{206F}', // C.8
            '\u{E0001}',
            '\u{E007F}', // C.9
        ] {
            assert!(is_prohibited(c), "{c:?}");
        }
        for c in [
            'a',
            ' ',
            '\u{0000}',
            '\u{007F}',
            '.',
            '\u{00E9}',
            '\u{0221}',
            '\u{E0000}',
        ] {
            assert!(!is_prohibited(c), "{c:?}");
        }
        assert!(in_table(Table::C2_2, '\u{0080}'));
        assert!(!in_table(Table::C5, 'a'));
    }

    #[test]
    fn bidi_tables() {
        assert!(in_table(Table::D1, '\u{05D0}'));
        assert!(in_table(Table::D1, '\u{0627}'));
        assert!(!in_table(Table::D1, '\u{0660}')); // AN
        assert!(in_table(Table::D2, 'a'));
        assert!(!in_table(Table::D2, '1'));
    }
}
