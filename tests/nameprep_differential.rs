//! Differential test of the Unicode 3.2 building blocks of Nameprep against
//! Python's `encodings.idna.nameprep` (RFC 3491), on the corpus
//! `tests/data/nameprep-corpus.txt` made by
//! `tests/data/gen_nameprep_corpus.py`.
//!
//! The pipeline under test is RFC 3491's: Map (`stringprep::map`), NFKC
//! (`nfkc::nfkc`, Unicode 3.2 with Corrigendum #3, without Corrigendum #4,
//! with Corrigendum #5), Prohibit (`stringprep::is_prohibited`) and Check
//! bidi (`bidi::check_bidi` with `BidiVersion::V3_2`).
//!
//! The flags match Python's `unicodedata.ucd_3_2_0`: it maps U+F951 to
//! U+964B (Corrigendum #3, already in UnicodeData-3.2.0), keeps the 3.2
//! mappings of U+2F868 U+2F874 U+2F91F U+2F95F U+2F9BF (no Corrigendum #4)
//! and does not compose U+1100 U+0300 U+1161 (Corrigendum #5).
//!
//! Deliberate differences, handled by the generator (see its doc string):
//! * table B.2 is RFC 3454's own, not Python's `stringprep.map_table_b2`
//!   (today's case folding: it maps U+1E9E and other code points
//!   unassigned in 3.2);
//! * code points unassigned in 3.2 (table A.1) are inert starters here,
//!   while `ucd_3_2_0` gives them today's combining class and composition
//!   pairs; records where that matters carry the note
//!   `python-unassigned-ccc` and expect the inert-starter result.

use urlprism::profile::{BidiVersion, NfkcVariant, UnicodeVersion};
use urlprism::text::unicode::{bidi, nfkc, stringprep};

const CORPUS: &str = include_str!("data/nameprep-corpus.txt");

/// Unescapes the corpus notation: `\\` and `\u{HEX}`.
fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        rest = &rest[i + 1..];
        if let Some(r) = rest.strip_prefix('\\') {
            out.push('\\');
            rest = r;
        } else if let Some(r) = rest.strip_prefix("u{") {
            let end = r
                .find('}')
                .ok_or_else(|| format!("unterminated escape in {s:?}"))?;
            let cp = u32::from_str_radix(&r[..end], 16).map_err(|e| format!("{s:?}: {e}"))?;
            out.push(char::from_u32(cp).ok_or_else(|| format!("bad scalar in {s:?}"))?);
            rest = &r[end + 1..];
        } else {
            return Err(format!("bad escape in {s:?}"));
        }
    }
    out.push_str(rest);
    Ok(out)
}

fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '!'..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
        }
    }
    out
}

/// RFC 3491 Nameprep with urlprism's functions, in the corpus notation.
fn nameprep(input: &str) -> String {
    let variant = NfkcVariant {
        unicode: UnicodeVersion::V3_2,
        corrigendum_3: true,
        corrigendum_4: false,
        corrigendum_5: true,
    };
    let mut mapped = String::new();
    stringprep::map(input, &mut mapped);
    let normalized = nfkc::nfkc(&mapped, &variant);
    if let Some(c) = normalized.chars().find(|&c| stringprep::is_prohibited(c)) {
        return format!("fail prohibited U+{:04X}", c as u32);
    }
    match bidi::check_bidi(&normalized, BidiVersion::V3_2) {
        Ok(()) => format!("ok {}", escape(&normalized)),
        Err(e) if e == bidi::RULE_2 => "fail bidi-2".to_string(),
        Err(e) if e == bidi::RULE_3 => "fail bidi-3".to_string(),
        Err(e) => format!("fail bidi {e}"),
    }
}

#[test]
fn nameprep_matches_python() {
    let mut records = 0;
    let mut mismatches = Vec::new();
    for (lineno, line) in CORPUS.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        assert!(
            fields.len() == 2 || fields.len() == 3,
            "line {}: malformed record {line:?}",
            lineno + 1
        );
        let input = unescape(fields[0]).unwrap_or_else(|e| panic!("line {}: {e}", lineno + 1));
        let expected = fields[1];
        records += 1;
        let got = nameprep(&input);
        if got != expected {
            mismatches.push(format!(
                "line {}: input {}\n    expected {expected}\n    got      {got}{}",
                lineno + 1,
                fields[0],
                fields
                    .get(2)
                    .map(|n| format!("\n    note     {n}"))
                    .unwrap_or_default()
            ));
        }
    }
    assert!(records > 1000, "corpus too small: {records} records");
    assert!(
        mismatches.is_empty(),
        "{} of {records} records differ from Python's Nameprep:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

#[test]
fn escapes_round_trip() {
    for s in ["", "a\\b", "\u{0}\u{20}\u{10FFFF}", "xn--\u{E9}"] {
        assert_eq!(unescape(&escape(s)).unwrap(), s);
    }
}
