//! Finds the built-in profiles, the files of `profiles/`
//! (`build/profile_files.rs`), and writes their list to
//! `$OUT_DIR/builtin_profiles.rs`, included by `src/profile/mod.rs`.
//!
//! Generates the Unicode tables of `src/unicode` from the checked-in plain
//! text files of `data/` (made by `data/generate.py`).  Writes
//! `$OUT_DIR/tables.rs`, included by `src/unicode/tables.rs`:
//!
//! * RFC 3454 sets (A.1, B.1, C.1.2 ... C.9, D.1, D.2) as sorted, merged
//!   inclusive ranges for binary search, and table B.2 as a `phf` map;
//! * Unicode 3.2 combining classes, decompositions and primary composites;
//! * the code points Unicode 3.2 assigned on top of 3.1 (for the bidi
//!   data of Unicode 3.1);
//! * the Unicode 4.0 and 4.1 additions (assigned ranges, combining
//!   classes, decompositions, primary composites);
//! * Gecko's IDN whitelist as a `match`, its blacklist as a `phf` set;
//! * one two-stage table of flag bits per code point (U+0000..U+10FFFF)
//!   summing the above up: membership in B.1, B.2, A.1, the Nameprep
//!   prohibited union, D.1, D.2, Gecko's blacklist, and what the own NFKC
//!   may do with the character: a nonzero combining class, a decomposition,
//!   composition with a character before, any of these; whether it may
//!   be RandALCat under some bidi version, was first assigned in 3.2, and
//!   is told otherwise by the latest bidi data than by D.1 and D.2
//!   (`FLAGS_STAGE1`, `FLAGS_STAGE2`).

use std::collections::{BTreeMap, BTreeSet};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "build/profile_files.rs"]
mod profile_files;

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

/// Records a character of UnicodeData: its combining class field (kept
/// when not 0) and its decomposition field (when not empty).
fn add_char(
    cp: u32,
    ccc_field: &str,
    decomposition_field: &str,
    ccc: &mut BTreeMap<u32, u8>,
    dec: &mut Decomps,
) {
    let c: u8 = ccc_field.parse().expect("ccc");
    if c != 0 {
        ccc.insert(cp, c);
    }
    if let Some(d) = decomposition(decomposition_field) {
        dec.insert(cp, d);
    }
}

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
/// excluded nor a non-starter decomposition (UAX #15).  Returns the second
/// characters of the pairs (those that may compose with a character before).
fn write_compositions(
    out: &mut String,
    name: &str,
    d: &Decomps,
    ccc: &dyn Fn(u32) -> u8,
    excluded: &BTreeSet<u32>,
) -> BTreeSet<u32> {
    let mut seconds = BTreeSet::new();
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
        seconds.insert(cps[1]);
    }
    writeln!(
        out,
        "pub static {name}: phf::Map<u64, char> = {};",
        m.build()
    )
    .unwrap();
    seconds
}

/// What a Unicode version adds that the NFKC of `src/unicode/nfkc.rs` may
/// act on.
struct Added {
    /// Nonzero canonical combining classes.
    ccc: BTreeMap<u32, u8>,
    /// Decomposition mappings (canonical and compatibility).
    dec: Decomps,
    /// Second characters of the primary composites.
    seconds: BTreeSet<u32>,
}

/// Reads `unicode-VERSION-additions.txt` and writes `ASSIGNED_X_ADDED`,
/// `CCC_X_ADDED`, `DECOMP_X_ADDED` and `COMPOSE_X_ADDED` (`X` is `ident`,
/// e.g. `4_0`); `ccc_before` holds the combining classes of the versions
/// before.  Returns what the version adds.
fn additions(
    data: &Path,
    out: &mut String,
    version: &str,
    ident: &str,
    ccc_before: &BTreeMap<u32, u8>,
) -> Added {
    let mut assigned = Vec::new();
    let mut ccc = BTreeMap::new();
    let mut dec = Decomps::new();
    let mut excl = BTreeSet::new();
    for line in data_lines(data, &format!("unicode-{version}-additions.txt")) {
        let f: Vec<&str> = line.split(';').collect();
        match f[0] {
            "assigned" => assigned.push(range(f[1])),
            "char" => add_char(hex(f[1]), f[2], f[3], &mut ccc, &mut dec),
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
    let seconds = write_compositions(out, &format!("COMPOSE_{ident}_ADDED"), &dec, &ccc_of, &excl);
    Added { ccc, dec, seconds }
}

/// Bits of the per-code-point flag table `FLAGS_STAGE1` / `FLAGS_STAGE2`.
/// They must equal the `FLAG_*` constants of `src/unicode/tables.rs` (whose
/// exhaustive tests compare the table with the range tables and maps).
const FLAG_B_1: u16 = 1 << 0;
const FLAG_B_2: u16 = 1 << 1;
const FLAG_A_1: u16 = 1 << 2;
const FLAG_PROHIBITED: u16 = 1 << 3;
const FLAG_D_1: u16 = 1 << 4;
const FLAG_D_2: u16 = 1 << 5;
const FLAG_NFKC_OWN_MAYBE: u16 = 1 << 6;
const FLAG_GECKO_BLACKLIST: u16 = 1 << 7;
const FLAG_NFKC_CCC: u16 = 1 << 8;
const FLAG_NFKC_DECOMP: u16 = 1 << 9;
const FLAG_NFKC_SECOND: u16 = 1 << 10;
const FLAG_NFKC_COMPOSITE: u16 = 1 << 11;
const FLAG_MAY_BE_RAND_AL: u16 = 1 << 12;
const FLAG_ADDED_3_2: u16 = 1 << 13;
const FLAG_LATEST_BIDI_DIFFERS: u16 = 1 << 14;

/// The code points that may be RandALCat under some bidi version: the
/// ranges of `may_be_rand_al` in `src/unicode/bidi.rs` (its test checks
/// the flag against it).
const MAY_BE_RAND_AL: [(u32, u32); 6] = [
    (0x0590, 0x08FF),
    (0x200F, 0x200F),
    (0xFB1D, 0xFDFF),
    (0xFE70, 0xFEFF),
    (0x1_0800, 0x1_0FFF),
    (0x1_E800, 0x1_EFFF),
];

/// Code points past the last one (U+10FFFF).
const CODE_POINTS: usize = 0x11_0000;
/// Code points per block of the two-stage flag table.
const BLOCK: usize = 256;

/// Corrigendum #3 (U+F951) and Corrigendum #4 (five CJK compatibility
/// ideographs): characters whose decomposition depends on a corrigendum
/// flag of the NFKC variant (see `src/unicode/nfkc.rs`).
const CORRIGENDA_3_4: [u32; 6] = [0xF951, 0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF];

/// Hangul (Unicode 3.2 section 3.12): the syllables, decomposed
/// algorithmically.
const HANGUL_SYLLABLES: (u32, u32) = (0xAC00, 0xD7A3);
/// Hangul: the V and T jamo, which compose with a preceding L jamo or LV
/// syllable.
const HANGUL_V_T: [(u32, u32); 2] = [(0x1161, 0x1175), (0x11A8, 0x11C2)];

fn set_ranges(flags: &mut [u16], ranges: &[(u32, u32)], bit: u16) {
    for &(lo, hi) in ranges {
        for f in &mut flags[lo as usize..=hi as usize] {
            *f |= bit;
        }
    }
}

fn set_each(flags: &mut [u16], cps: impl IntoIterator<Item = u32>, bit: u16) {
    for cp in cps {
        flags[cp as usize] |= bit;
    }
}

/// The primary composites of Unicode 3.2 that NFKC gives back as they are
/// under every own variant (and, being assigned in 3.2, under the latest
/// Unicode): `\u{E9}`, `\u{1F85}`; not `\u{F951}` (a singleton) nor
/// `\u{344}` (a non-starter decomposition).  Each is a canonical pair
/// /first/ + /second/ that composes (neither excluded nor a non-starter
/// decomposition) whose /first/ is a starter without decomposition or
/// such a composite itself, whose /second/ has no decomposition, whose full
/// decomposition is in canonical order (the class of /second/ is 0 or not
/// below that of the last character of /first/'s), and whose base
/// character composes with nothing before it.  Its full decomposition then
/// composes back, one pair after the other, with nothing blocked.  The
/// characters whose decomposition depends on a corrigendum flag are left
/// out.
fn stable_composites(
    dec: &Decomps,
    ccc: &dyn Fn(u32) -> u8,
    excluded: &BTreeSet<u32>,
    flags: &[u16],
) -> Vec<u32> {
    // For each stable composite: (base character, class of the last
    // character of its full decomposition).
    fn walk(
        cp: u32,
        dec: &Decomps,
        ccc: &dyn Fn(u32) -> u8,
        excluded: &BTreeSet<u32>,
        memo: &mut BTreeMap<u32, Option<(u32, u8)>>,
    ) -> Option<(u32, u8)> {
        if let Some(&r) = memo.get(&cp) {
            return r;
        }
        let r = match dec.get(&cp) {
            None => (ccc(cp) == 0).then_some((cp, 0)),
            Some((true, _)) => None,
            Some((false, cps)) => {
                if cps.len() != 2
                    || excluded.contains(&cp)
                    || ccc(cp) != 0
                    || CORRIGENDA_3_4.contains(&cp)
                    || dec.contains_key(&cps[1])
                {
                    None
                } else {
                    walk(cps[0], dec, ccc, excluded, memo).and_then(|(base, last)| {
                        let c2 = ccc(cps[1]);
                        (c2 == 0 || c2 >= last).then_some((base, c2))
                    })
                }
            }
        };
        memo.insert(cp, r);
        r
    }
    let mut memo = BTreeMap::new();
    dec.keys()
        .copied()
        .filter(|&cp| {
            walk(cp, dec, ccc, excluded, &mut memo).is_some_and(|(base, _)| {
                flags[base as usize] & (FLAG_NFKC_SECOND | FLAG_NFKC_DECOMP) == 0
            }) && flags[cp as usize] & FLAG_NFKC_SECOND == 0
        })
        .collect()
}

/// Writes `flags` (one `u16` per code point) as a two-stage table:
/// `FLAGS_STAGE1[cp >> 8]` is the index of the 256-entry block of
/// `FLAGS_STAGE2` holding the flags of `cp`; identical blocks are shared.
fn write_flags(out: &mut String, flags: &[u16]) {
    assert_eq!(flags.len(), CODE_POINTS);
    let mut index: BTreeMap<&[u16], u16> = BTreeMap::new();
    let mut blocks: Vec<&[u16]> = Vec::new();
    let mut stage1 = Vec::with_capacity(CODE_POINTS / BLOCK);
    for block in flags.chunks(BLOCK) {
        let i = *index.entry(block).or_insert_with(|| {
            blocks.push(block);
            u16::try_from(blocks.len() - 1).expect("too many blocks")
        });
        stage1.push(i);
    }
    writeln!(
        out,
        "/// Stage 1 of the flag table: block index of each 256 code points."
    )
    .unwrap();
    writeln!(out, "pub static FLAGS_STAGE1: [u16; {}] = [", stage1.len()).unwrap();
    for row in stage1.chunks(16) {
        let row: Vec<String> = row.iter().map(u16::to_string).collect();
        writeln!(out, "    {},", row.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(
        out,
        "/// Stage 2 of the flag table: {} distinct blocks of 256 flag words.",
        blocks.len()
    )
    .unwrap();
    writeln!(
        out,
        "pub static FLAGS_STAGE2: [u16; {}] = [",
        blocks.len() * BLOCK
    )
    .unwrap();
    for block in blocks {
        for row in block.chunks(32) {
            let row: Vec<String> = row.iter().map(u16::to_string).collect();
            writeln!(out, "    {},", row.join(",")).unwrap();
        }
    }
    writeln!(out, "];").unwrap();
}

/// The list of the built-in profiles: every `profiles/*.toml`, in order.
fn write_builtin_profiles(manifest: &Path) {
    println!("cargo:rerun-if-changed=build/profile_files.rs");
    // A directory: Cargo looks at every file under it.
    println!("cargo:rerun-if-changed=profiles");
    let files = profile_files::scan(&manifest.join("profiles"))
        .unwrap_or_else(|e| panic!("the built-in profiles: {e}"));
    let dest = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_profiles.rs");
    fs::write(&dest, profile_files::generate(&files))
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", dest.display()));
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let data = manifest.join("data");
    println!("cargo:rerun-if-changed=build.rs");
    write_builtin_profiles(&manifest);
    let mut out = String::from("// Generated by build.rs from data/*.txt.  Do not edit.\n\n");

    // RFC 3454.
    let mut sets: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
    let mut b2 = phf_codegen::Map::new();
    let mut b2_keys = Vec::new();
    for line in data_lines(&data, "rfc3454-tables.txt") {
        let f: Vec<&str> = line.split(';').collect();
        match f[0] {
            "B.2" => {
                let cps: Vec<u32> = f[2].split_whitespace().map(hex).collect();
                b2.entry(chr(hex(f[1])), str_lit(&cps));
                b2_keys.push(hex(f[1]));
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
    // The flag table: one lookup answers every per-character question.
    let mut flags = vec![0u16; CODE_POINTS];
    set_ranges(&mut flags, &prohibited, FLAG_PROHIBITED);
    set_ranges(&mut flags, &MAY_BE_RAND_AL, FLAG_MAY_BE_RAND_AL);
    set_each(&mut flags, b2_keys, FLAG_B_2);
    for (table, bit) in [
        ("A.1", FLAG_A_1),
        ("B.1", FLAG_B_1),
        ("D.1", FLAG_D_1),
        ("D.2", FLAG_D_2),
    ] {
        let ranges = sets
            .get(table)
            .unwrap_or_else(|| panic!("no table {table}"));
        set_ranges(&mut flags, ranges, bit);
    }
    // The characters the latest bidi data (as `bidi.rs` reads it: RandALCat
    // only where `may_be_rand_al`, LCat elsewhere and on the noncharacters
    // U+FDD0..U+FDEF) tells otherwise than tables D.1 and D.2.
    for (cp, f) in flags.iter_mut().enumerate() {
        let Some(c) = char::from_u32(cp as u32) else {
            continue;
        };
        use unicode_bidi::BidiClass;
        let class = unicode_bidi::bidi_class(c);
        let may_be = *f & FLAG_MAY_BE_RAND_AL != 0;
        let rand_al = may_be && matches!(class, BidiClass::R | BidiClass::AL);
        let l = (matches!(c, '\u{FDD0}'..='\u{FDEF}') || !may_be) && class == BidiClass::L;
        if rand_al != (*f & FLAG_D_1 != 0) || l != (*f & FLAG_D_2 != 0) {
            *f |= FLAG_LATEST_BIDI_DIFFERS;
        }
    }
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
        add_char(hex(f[0]), f[1], f[2], &mut ccc32, &mut dec32);
    }
    let excl32: BTreeSet<u32> = data_lines(&data, "composition-exclusions-3.2.txt")
        .iter()
        .map(|l| hex(l))
        .collect();
    write_ccc(&mut out, "CCC_3_2", &ccc32);
    write_decomps(&mut out, "DECOMP_3_2", &dec32);
    let ccc_of32 = |cp: u32| ccc32.get(&cp).copied().unwrap_or(0);
    let seconds32 = write_compositions(&mut out, "COMPOSE_3_2", &dec32, &ccc_of32, &excl32);

    // The code points Unicode 3.2 assigned on top of 3.1 (bidi data of 3.1).
    let assigned32_added: Vec<(u32, u32)> = data_lines(&data, "unicode-3.2-additions.txt")
        .iter()
        .map(|line| match line.split_once(';') {
            Some(("assigned", r)) => range(r),
            _ => panic!("unknown record {line:?}"),
        })
        .collect();
    set_ranges(&mut flags, &assigned32_added, FLAG_ADDED_3_2);
    write_ranges(&mut out, "ASSIGNED_3_2_ADDED", assigned32_added);

    // Unicode 4.0 additions, then the Unicode 4.1 additions on top of them.
    let add40 = additions(&data, &mut out, "4.0", "4_0", &ccc32);
    let mut ccc_upto40 = ccc32.clone();
    ccc_upto40.extend(add40.ccc.iter().map(|(&k, &v)| (k, v)));
    let add41 = additions(&data, &mut out, "4.1", "4_1", &ccc_upto40);

    // The own NFKC (3.2, 4.0, 4.1, any corrigendum flag): nonzero classes,
    // decompositions and second characters of primary composites in any of
    // the versions, and NFKC_OWN_MAYBE, whatever it may change, move or
    // compose with the character before (those three and the Hangul
    // syllables).
    set_each(&mut flags, ccc32.keys().copied(), FLAG_NFKC_CCC);
    set_each(&mut flags, dec32.keys().copied(), FLAG_NFKC_DECOMP);
    set_each(&mut flags, seconds32, FLAG_NFKC_SECOND);
    for add in [add40, add41] {
        set_each(&mut flags, add.ccc.keys().copied(), FLAG_NFKC_CCC);
        set_each(&mut flags, add.dec.keys().copied(), FLAG_NFKC_DECOMP);
        set_each(&mut flags, add.seconds, FLAG_NFKC_SECOND);
    }
    set_each(&mut flags, CORRIGENDA_3_4, FLAG_NFKC_DECOMP);
    set_ranges(&mut flags, &HANGUL_V_T, FLAG_NFKC_SECOND);
    let composites = stable_composites(&dec32, &ccc_of32, &excl32, &flags);
    set_each(&mut flags, composites, FLAG_NFKC_COMPOSITE);
    set_ranges(&mut flags, &[HANGUL_SYLLABLES], FLAG_NFKC_OWN_MAYBE);
    for f in &mut flags {
        if *f & (FLAG_NFKC_CCC | FLAG_NFKC_DECOMP | FLAG_NFKC_SECOND) != 0 {
            *f |= FLAG_NFKC_OWN_MAYBE;
        }
    }

    // Gecko.
    // The whitelist as one `match` on the TLD's octets, which the compiler
    // turns into comparisons by length and octet (no hashing).
    // An A-label's line holds its U-label too, as hexadecimal code points:
    // a second `match` on the U-labels' UTF-8.
    let lines = data_lines(&data, "gecko-idn-whitelist.txt");
    let white: Vec<String> = (lines.iter())
        .map(|line| format!("b{:?}", line.split_whitespace().next().unwrap()))
        .collect();
    writeln!(
        out,
        "/// Whether `tld` (lowercase) is on Gecko's IDN whitelist.\n\
         pub fn gecko_whitelist_contains(tld: &[u8]) -> bool {{ matches!(tld, {}) }}",
        white.join(" | ")
    )
    .unwrap();
    let unicode: Vec<String> = (lines.iter())
        .filter(|line| line.starts_with("xn--"))
        .map(|line| {
            let u: String = line
                .split_whitespace()
                .skip(1)
                .map(|h| chr(hex(h)))
                .collect();
            assert!(!u.is_empty(), "no U-label for {line}");
            let escaped: String = u.bytes().map(|b| format!("\\x{b:02X}")).collect();
            format!("b\"{escaped}\"")
        })
        .collect();
    writeln!(
        out,
        "/// Whether `tld` (UTF-8, ASCII lowercase) is the U-label of an \
         A-label on Gecko's IDN whitelist.\n\
         pub fn gecko_whitelist_contains_u_label(tld: &[u8]) -> bool {{ matches!(tld, {}) }}",
        unicode.join(" | ")
    )
    .unwrap();
    let mut black = phf_codegen::Set::new();
    for line in data_lines(&data, "gecko-idn-blacklist.txt") {
        black.entry(chr(hex(&line)));
        set_each(&mut flags, [hex(&line)], FLAG_GECKO_BLACKLIST);
    }
    writeln!(
        out,
        "pub static GECKO_BLACKLIST: phf::Set<char> = {};",
        black.build()
    )
    .unwrap();

    write_flags(&mut out, &flags);

    let dest = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("tables.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("cannot write {}: {e}", dest.display()));
}
