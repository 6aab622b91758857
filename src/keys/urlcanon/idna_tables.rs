//! The IDNA 2008 data the Python `idna` package (3.20, `idnadata.py`,
//! Unicode 18.0.0) checks a label against, as sorted half-open code point
//! ranges `(start, end)`: the code point classes of RFC 5892, the joining
//! types of RFC 5892 A.1 and the scripts of its CONTEXTO rules.
//!
//! Read from `data/urlcanon-idna-3.20.txt` (made by
//! `data/generate-urlcanon-idna.py` from `idna.idnadata`'s
//! `codepoint_classes`, `joining_types` and `scripts`), parsed once, on
//! first use.

use std::sync::OnceLock;

/// One of the tables: [`ranges`] gives its ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Table(usize);

/// The tables' names in the data file, in the order of their indexes.
const NAMES: [&str; 12] = [
    "PVALID",
    "CONTEXTJ",
    "CONTEXTO",
    "JOINING_T",
    "JOINING_L",
    "JOINING_D",
    "JOINING_R",
    "GREEK",
    "HEBREW",
    "HIRAGANA",
    "KATAKANA",
    "HAN",
];

/// RFC 5892 PVALID.
pub(super) const PVALID: Table = Table(0);
/// RFC 5892 CONTEXTJ.
pub(super) const CONTEXTJ: Table = Table(1);
/// RFC 5892 CONTEXTO.
pub(super) const CONTEXTO: Table = Table(2);
/// Joining type T.
pub(super) const JOINING_T: Table = Table(3);
/// Joining type L.
pub(super) const JOINING_L: Table = Table(4);
/// Joining type D.
pub(super) const JOINING_D: Table = Table(5);
/// Joining type R.
pub(super) const JOINING_R: Table = Table(6);
/// Script Greek.
pub(super) const GREEK: Table = Table(7);
/// Script Hebrew.
pub(super) const HEBREW: Table = Table(8);
/// Script Hiragana.
pub(super) const HIRAGANA: Table = Table(9);
/// Script Katakana.
pub(super) const KATAKANA: Table = Table(10);
/// Script Han.
pub(super) const HAN: Table = Table(11);

const DATA: &str = include_str!("../../../data/urlcanon-idna-3.20.txt");

fn parse_hex(s: &str) -> u32 {
    u32::from_str_radix(s, 16).expect("a hexadecimal code point in data/urlcanon-idna-3.20.txt")
}

/// The tables of `text` (the data file's format: `TABLE START END`
/// lines, `#` comments), indexed as [`NAMES`].
fn parse(text: &str) -> Vec<Vec<(u32, u32)>> {
    let mut tables = vec![Vec::new(); NAMES.len()];
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        let [name, start, end] = fields[..] else {
            panic!("not TABLE START END in data/urlcanon-idna-3.20.txt: {line:?}");
        };
        let i = NAMES
            .iter()
            .position(|&n| n == name)
            .unwrap_or_else(|| panic!("unknown table in data/urlcanon-idna-3.20.txt: {name}"));
        tables[i].push((parse_hex(start), parse_hex(end)));
    }
    tables
}

/// The ranges of `table`, sorted and disjoint.
pub(super) fn ranges(table: Table) -> &'static [(u32, u32)] {
    static TABLES: OnceLock<Vec<Vec<(u32, u32)>>> = OnceLock::new();
    &TABLES.get_or_init(|| parse(DATA))[table.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_is_sorted_disjoint_and_not_empty() {
        for (i, name) in NAMES.iter().enumerate() {
            let r = ranges(Table(i));
            assert!(!r.is_empty(), "{name}");
            assert!(r.iter().all(|&(s, e)| s < e && e <= 0x11_0000), "{name}");
            assert!(r.windows(2).all(|w| w[0].1 <= w[1].0), "{name}");
        }
    }

    #[test]
    fn the_tables_hold_what_idna_3_20_has() {
        let counts: Vec<usize> = (0..NAMES.len()).map(|i| ranges(Table(i)).len()).collect();
        assert_eq!(counts, [1266, 1, 6, 378, 6, 78, 66, 37, 9, 7, 15, 21]);
        assert_eq!(ranges(PVALID)[0], (0x2D, 0x2E));
        assert_eq!(ranges(CONTEXTJ), [(0x200C, 0x200E)]);
        assert_eq!(ranges(HAN).last(), Some(&(0x31350, 0x3347A)));
    }
}
