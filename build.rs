//! Generates the Unicode tables of `src/unicode` from the checked-in plain
//! text files of `data/` (made by `data/generate.py`).  Writes
//! `$OUT_DIR/tables.rs`, included by `src/unicode/tables.rs`:
//!
//! * RFC 3454 sets (A.1, B.1, C.1.2 ... C.9, D.1, D.2) as sorted, merged
//!   inclusive ranges for binary search, and table B.2 as a `phf` map;
//! * Unicode 3.2 combining classes, decompositions and primary composites;
//! * the Unicode 4.0 and 4.1 additions (assigned ranges, combining
//!   classes, decompositions, primary composites);
//! * Gecko's IDN whitelist and blacklist as `phf` sets.

use std::collections::{BTreeMap, BTreeSet};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

const RFC_SETS: &[(&str, &str)] = &[
    ("A.1", "A_1"),
    ("B.1", "B_1"),
    ("C.1.2", "C_1_2"),
    ("C.2.2", "C_2_2"),
    ("C.3", "C_3"),
    ("C.4", "C_4"),
    ("C.5", "C_5"),
    ("C.6", "C_6"),
    ("C.7", "C_7"),
    ("C.8", "C_8"),
    ("C.9", "C_9"),
    ("D.1", "D_1"),
    ("D.2", "D_2"),
];

fn data_lines(dir: &Path, name: &str) -> Vec<String> {
    let path = dir.join(name);
    println!("cargo:rerun-if-changed={}", path.display());
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s.trim(), 16).unwrap_or_else(|_| panic!("bad hex {s:?}"))
}

fn chr(cp: u32) -> char {
    char::from_u32(cp).unwrap_or_else(|| panic!("not a scalar value: {cp:X}"))
}

fn range(s: &str) -> (u32, u32) {
    match s.split_once("..") {
        Some((a, b)) => (hex(a), hex(b)),
        None => (hex(s), hex(s)),
    }
}

fn merge(mut v: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    v.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (lo, hi) in v {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

fn write_ranges(out: &mut String, name: &str, v: Vec<(u32, u32)>) {
    let v = merge(v);
    writeln!(out, "pub static {name}: &[(u32, u32)] = &[").unwrap();
    for (lo, hi) in v {
        writeln!(out, "    (0x{lo:04X}, 0x{hi:04X}),").unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn char_lit(c: char) -> String {
    format!("'\\u{{{:04X}}}'", c as u32)
}

fn str_lit(cps: &[u32]) -> String {
    let mut s = String::from("\"");
    for &cp in cps {
        write!(s, "\\u{{{cp:04X}}}").unwrap();
    }
    s.push('"');
    s
}

/// A decomposition field of UnicodeData: (compatibility?, code points).
fn decomposition(field: &str) -> Option<(bool, Vec<u32>)> {
    let field = field.trim();
    if field.is_empty() {
        return None;
    }
    let (compat, rest) = if field.starts_with('<') {
        let end = field.find('>').expect("unterminated tag");
        (true, &field[end + 1..])
    } else {
        (false, field)
    };
    Some((compat, rest.split_whitespace().map(hex).collect()))
}

type Decomps = BTreeMap<u32, (bool, Vec<u32>)>;

fn write_decomps(out: &mut String, name: &str, d: &Decomps) {
    let mut m = phf_codegen::Map::new();
    for (&cp, (compat, cps)) in d {
        let chars: Vec<String> = cps.iter().map(|&c| char_lit(chr(c))).collect();
        m.entry(
            chr(cp),
            format!(
                "Decomposition {{ compat: {compat}, chars: &[{}] }}",
                chars.join(", ")
            ),
        );
    }
    writeln!(
        out,
        "pub static {name}: phf::Map<char, Decomposition> = {};",
        m.build()
    )
    .unwrap();
}

fn write_ccc(out: &mut String, name: &str, ccc: &BTreeMap<u32, u8>) {
    let mut m = phf_codegen::Map::new();
    for (&cp, &c) in ccc {
        m.entry(chr(cp), c.to_string());
    }
    writeln!(
        out,
        "pub static {name}: phf::Map<char, u8> = {};",
        m.build()
    )
    .unwrap();
}

/// Primary composites: canonical two-character decompositions, neither
/// excluded nor a non-starter decomposition (UAX #15).
fn write_compositions(
    out: &mut String,
    name: &str,
    d: &Decomps,
    ccc: &dyn Fn(u32) -> u8,
    excluded: &BTreeSet<u32>,
) {
    let mut m = phf_codegen::Map::new();
    for (&cp, (compat, cps)) in d {
        if *compat || cps.len() != 2 || excluded.contains(&cp) {
            continue;
        }
        if ccc(cp) != 0 || ccc(cps[0]) != 0 {
            continue;
        }
        let key = (u64::from(cps[0]) << 32) | u64::from(cps[1]);
        m.entry(key, char_lit(chr(cp)));
    }
    writeln!(
        out,
        "pub static {name}: phf::Map<u64, char> = {};",
        m.build()
    )
    .unwrap();
}

/// Reads `unicode-VERSION-additions.txt` and writes `ASSIGNED_X_ADDED`,
/// `CCC_X_ADDED`, `DECOMP_X_ADDED` and `COMPOSE_X_ADDED` (`X` is `ident`,
/// e.g. `4_0`); `ccc_before` holds the combining classes of the versions
/// before.  Returns the combining classes the version adds.
fn additions(
    data: &Path,
    out: &mut String,
    version: &str,
    ident: &str,
    ccc_before: &BTreeMap<u32, u8>,
) -> BTreeMap<u32, u8> {
    let mut assigned = Vec::new();
    let mut ccc = BTreeMap::new();
    let mut dec = Decomps::new();
    let mut excl = BTreeSet::new();
    for line in data_lines(data, &format!("unicode-{version}-additions.txt")) {
        let f: Vec<&str> = line.split(';').collect();
        match f[0] {
            "assigned" => assigned.push(range(f[1])),
            "char" => {
                let cp = hex(f[1]);
                let c: u8 = f[2].parse().expect("ccc");
                if c != 0 {
                    ccc.insert(cp, c);
                }
                if let Some(d) = decomposition(f[3]) {
                    dec.insert(cp, d);
                }
            }
            "exclusion" => {
                excl.insert(hex(f[1]));
            }
            other => panic!("unknown record {other:?}"),
        }
    }
    write_ranges(out, &format!("ASSIGNED_{ident}_ADDED"), assigned);
    write_ccc(out, &format!("CCC_{ident}_ADDED"), &ccc);
    write_decomps(out, &format!("DECOMP_{ident}_ADDED"), &dec);
    let ccc_of = |cp: u32| {
        ccc.get(&cp)
            .or_else(|| ccc_before.get(&cp))
            .copied()
            .unwrap_or(0)
    };
    write_compositions(out, &format!("COMPOSE_{ident}_ADDED"), &dec, &ccc_of, &excl);
    ccc
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let data = manifest.join("data");
    println!("cargo:rerun-if-changed=build.rs");
    let mut out = String::from("// Generated by build.rs from data/*.txt.  Do not edit.\n\n");

    // RFC 3454.
    let mut sets: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
    let mut b2 = phf_codegen::Map::new();
    for line in data_lines(&data, "rfc3454-tables.txt") {
        let f: Vec<&str> = line.split(';').collect();
        match f[0] {
            "B.2" => {
                let cps: Vec<u32> = f[2].split_whitespace().map(hex).collect();
                b2.entry(chr(hex(f[1])), str_lit(&cps));
            }
            t => sets.entry(t.to_string()).or_default().push(range(f[1])),
        }
    }
    // The Nameprep Prohibit step looks in nine tables: one merged table
    // answers with one binary search.
    let mut prohibited = Vec::new();
    for t in [
        "C.1.2", "C.2.2", "C.3", "C.4", "C.5", "C.6", "C.7", "C.8", "C.9",
    ] {
        prohibited.extend(sets.get(t).unwrap_or_else(|| panic!("no table {t}")));
    }
    writeln!(
        out,
        "/// RFC 3491 section 5: the union of tables C.1.2, C.2.2, C.3 to C.9."
    )
    .unwrap();
    write_ranges(&mut out, "NAMEPREP_PROHIBITED_RANGES", prohibited);
    for (table, ident) in RFC_SETS {
        let v = sets
            .remove(*table)
            .unwrap_or_else(|| panic!("no table {table}"));
        writeln!(out, "/// RFC 3454 table {table}.").unwrap();
        write_ranges(&mut out, ident, v);
    }
    writeln!(
        out,
        "/// RFC 3454 table B.2 (case folding for use with NFKC)."
    )
    .unwrap();
    writeln!(
        out,
        "pub static B_2: phf::Map<char, &'static str> = {};",
        b2.build()
    )
    .unwrap();

    // Unicode 3.2.
    let mut ccc32 = BTreeMap::new();
    let mut dec32 = Decomps::new();
    for line in data_lines(&data, "unicode-3.2-normalization.txt") {
        let f: Vec<&str> = line.split(';').collect();
        let cp = hex(f[0]);
        let c: u8 = f[1].parse().expect("ccc");
        if c != 0 {
            ccc32.insert(cp, c);
        }
        if let Some(d) = decomposition(f[2]) {
            dec32.insert(cp, d);
        }
    }
    let excl32: BTreeSet<u32> = data_lines(&data, "composition-exclusions-3.2.txt")
        .iter()
        .map(|l| hex(l))
        .collect();
    write_ccc(&mut out, "CCC_3_2", &ccc32);
    write_decomps(&mut out, "DECOMP_3_2", &dec32);
    let ccc_of32 = |cp: u32| ccc32.get(&cp).copied().unwrap_or(0);
    write_compositions(&mut out, "COMPOSE_3_2", &dec32, &ccc_of32, &excl32);

    // Unicode 4.0 additions, then the Unicode 4.1 additions on top of them.
    let ccc40 = additions(&data, &mut out, "4.0", "4_0", &ccc32);
    let mut ccc_upto40 = ccc32.clone();
    ccc_upto40.extend(ccc40);
    additions(&data, &mut out, "4.1", "4_1", &ccc_upto40);

    // Gecko.
    let mut white = phf_codegen::Set::new();
    for line in data_lines(&data, "gecko-idn-whitelist.txt") {
        white.entry(line);
    }
    writeln!(
        out,
        "pub static GECKO_WHITELIST: phf::Set<&'static str> = {};",
        white.build()
    )
    .unwrap();
    let mut black = phf_codegen::Set::new();
    for line in data_lines(&data, "gecko-idn-blacklist.txt") {
        black.entry(chr(hex(&line)));
    }
    writeln!(
        out,
        "pub static GECKO_BLACKLIST: phf::Set<char> = {};",
        black.build()
    )
    .unwrap();

    let dest = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("tables.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("cannot write {}: {e}", dest.display()));
}
