//! The host conversion of `punycode_special_host` (`urlcanon/canon.py`):
//! first the PyPI `idna` package's `idna.encode(host, uts46=True)` (UTS
//! #46 mapping without STD3 rules, then IDNA 2008 labels: `idna/core.py`
//! `encode`, `alabel`, `ulabel`, `check_label`); where that raises,
//! `idna.uts46_remap(host)` (with STD3 rules) and Python's IDNA 2003
//! `encodings.idna.ToASCII` on each label; where that raises too, the
//! host stays as it is.
//!
//! `Bücher.example` → `xn--bcher-kva.example`; `a♥.example` (not IDNA
//! 2008) → `xn--a-0eq.example` (by IDNA 2003); `a_b.example` (STD3 says
//! no) → unchanged.

use super::idna_tables as t;
use crate::profile::{BidiVersion, NfkcVariant, UnicodeVersion};
use crate::text::unicode::{bidi, nfkc, punycode, stringprep};
use icu_normalizer::uts46::Uts46MapperBorrowed;
use unicode_bidi::BidiClass;

/// `idna`'s bound on the length of its input, in characters.
const MAX_INPUT: usize = 1024;

/// Scratch buffers reused from one host to the next.
#[derive(Default)]
pub(super) struct Work {
    mapped: String,
    chars: Vec<char>,
    text: String,
    again: String,
}

/// Writes the ASCII form of `host` into `out` and says `true`, or says
/// `false` where both conversions raise (the host is then kept).
pub(super) fn to_ascii(host: &[u8], work: &mut Work, out: &mut Vec<u8>) -> bool {
    let Ok(s) = std::str::from_utf8(host) else {
        return false;
    };
    if s.chars().count() > MAX_INPUT {
        return false;
    }
    if idna2008(s, work, out) {
        return true;
    }
    out.clear();
    idna2003(s, work, out)
}

fn in_ranges(table: t::Table, c: char) -> bool {
    let table = t::ranges(table);
    let c = c as u32;
    let i = table.partition_point(|&(start, _)| start <= c);
    i > 0 && c < table[i - 1].1
}

/// `uts46_remap(s, std3_rules=False)`: mapped, ignored characters
/// dropped, NFC; `false` for a disallowed character.
fn remap(s: &str, mapped: &mut String) -> bool {
    mapped.clear();
    if s.is_ascii() {
        mapped.push_str(s);
        mapped.make_ascii_lowercase();
        return true;
    }
    mapped.extend(Uts46MapperBorrowed::new().map_normalize(s.chars()));
    !mapped.contains('\u{FFFD}')
}

/// STD3's deny list (`idna/core.py` `_std3_disallowed_re`): ASCII other
/// than lowercase letters, digits, `-` and `.`.
fn std3_disallowed(c: char) -> bool {
    c.is_ascii() && !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.')
}

fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// `idna.encode(s, uts46=True)`.
fn idna2008(s: &str, work: &mut Work, out: &mut Vec<u8>) -> bool {
    let mut mapped = std::mem::take(&mut work.mapped);
    let ok = remap(s, &mut mapped) && encode_labels(&mapped, work, out);
    work.mapped = mapped;
    ok
}

fn encode_labels(mapped: &str, work: &mut Work, out: &mut Vec<u8>) -> bool {
    // valid_string_length(s, trailing_dot=True)
    if mapped.chars().count() > 254 || mapped.is_empty() {
        return false;
    }
    let trailing_dot = mapped.ends_with(is_label_separator);
    let body = if trailing_dot {
        let last = mapped.chars().next_back().map_or(0, char::len_utf8);
        &mapped[..mapped.len() - last]
    } else {
        mapped
    };
    for (i, label) in body.split(is_label_separator).enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        if !alabel(label, work, out) {
            return false;
        }
    }
    if trailing_dot {
        out.push(b'.');
    }
    out.len() <= 253 + usize::from(trailing_dot)
}

/// `alabel`: an ASCII label checked (an `xn--` one decoded and checked
/// as the label it stands for), any other checked and made `xn--` and
/// its Punycode; at most 63 octets.
fn alabel(label: &str, work: &mut Work, out: &mut Vec<u8>) -> bool {
    let start = out.len();
    if label.is_ascii() {
        if label.len() >= 4 && label[..4].eq_ignore_ascii_case("xn--") {
            let rest = &label[4..];
            if rest.is_empty() || rest.ends_with('-') {
                return false;
            }
            let mut lower = std::mem::take(&mut work.again);
            lower.clear();
            lower.push_str(rest);
            lower.make_ascii_lowercase();
            let ok = canonical_a_label(&lower, work);
            work.again = lower;
            if !ok {
                return false;
            }
        } else if !ascii_label_ok(label) {
            return false;
        }
        out.extend_from_slice(label.as_bytes());
    } else {
        if !check_label(label, &mut work.chars) {
            return false;
        }
        work.chars.clear();
        work.chars.extend(label.chars());
        work.text.clear();
        if punycode::encode_into(&work.chars, &mut work.text).is_none() {
            return false;
        }
        out.extend_from_slice(b"xn--");
        out.extend_from_slice(work.text.as_bytes());
    }
    out.len() - start <= 63
}

/// `ulabel` on `xn--` and `lower`: Punycode that decodes, encodes back to
/// itself, and decodes to a label `check_label` accepts.
fn canonical_a_label(lower: &str, work: &mut Work) -> bool {
    work.text.clear();
    if punycode::decode_into(lower, &mut work.text).is_none() {
        return false;
    }
    work.chars.clear();
    work.chars.extend(work.text.chars());
    let mut back = String::new();
    if punycode::encode_into(&work.chars, &mut back).is_none() || back != lower {
        return false;
    }
    let decoded = std::mem::take(&mut work.text);
    let ok = check_label(&decoded, &mut work.chars);
    work.text = decoded;
    ok
}

/// `check_label` on an ASCII label: letters (lowercase), digits and `-`,
/// no `-` first or last or third and fourth.
fn ascii_label_ok(label: &str) -> bool {
    let b = label.as_bytes();
    !b.is_empty()
        && b.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        && !(b.len() >= 4 && b[2] == b'-' && b[3] == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

/// `check_label`: not empty, NFC, hyphens, no leading combining mark,
/// every code point PVALID or allowed in its context (RFC 5892), the
/// Bidi Rule (RFC 5893).
fn check_label(label: &str, chars: &mut Vec<char>) -> bool {
    if label.is_ascii() {
        return ascii_label_ok(label);
    }
    chars.clear();
    chars.extend(label.chars());
    let n = chars.len();
    if n == 0 || n > 254 || !unicode_normalization::is_nfc(label) {
        return false;
    }
    if (n >= 4 && chars[2] == '-' && chars[3] == '-') || chars[0] == '-' || chars[n - 1] == '-' {
        return false;
    }
    if unicode_normalization::char::is_combining_mark(chars[0]) {
        return false;
    }
    for pos in 0..n {
        let c = chars[pos];
        let ok = if in_ranges(t::PVALID, c) {
            true
        } else if in_ranges(t::CONTEXTJ, c) {
            contextj(chars, pos)
        } else if in_ranges(t::CONTEXTO, c) {
            contexto(chars, pos)
        } else {
            false
        };
        if !ok {
            return false;
        }
    }
    bidi_rule(chars)
}

fn is_virama(c: char) -> bool {
    unicode_normalization::char::canonical_combining_class(c) == 9
}

/// `valid_contextj`: ZWNJ after a virama or between joining letters, ZWJ
/// after a virama.
fn contextj(chars: &[char], pos: usize) -> bool {
    let after_virama = pos > 0 && is_virama(chars[pos - 1]);
    match chars[pos] {
        '\u{200C}' => {
            if after_virama {
                return true;
            }
            let joins = |c: char, a: t::Table| in_ranges(a, c) || in_ranges(t::JOINING_D, c);
            let left = chars[..pos]
                .iter()
                .rev()
                .find(|&&c| !in_ranges(t::JOINING_T, c));
            let right = chars[pos + 1..]
                .iter()
                .find(|&&c| !in_ranges(t::JOINING_T, c));
            left.is_some_and(|&c| joins(c, t::JOINING_L))
                && right.is_some_and(|&c| joins(c, t::JOINING_R))
        }
        '\u{200D}' => after_virama,
        _ => false,
    }
}

/// `valid_contexto`: the middle dot between `l`s, the Greek keraia before
/// Greek, the Hebrew geresh and gershayim after Hebrew, the katakana
/// middle dot with kana or Han, one kind of Arabic-Indic digits.
fn contexto(chars: &[char], pos: usize) -> bool {
    let n = chars.len();
    let c = chars[pos] as u32;
    match c {
        0xB7 => 0 < pos && pos < n - 1 && chars[pos - 1] == 'l' && chars[pos + 1] == 'l',
        0x375 => pos < n - 1 && n > 1 && in_ranges(t::GREEK, chars[pos + 1]),
        0x5F3 | 0x5F4 => pos > 0 && in_ranges(t::HEBREW, chars[pos - 1]),
        0x30FB => chars.iter().any(|&d| {
            d != '\u{30FB}'
                && (in_ranges(t::HIRAGANA, d) || in_ranges(t::KATAKANA, d) || in_ranges(t::HAN, d))
        }),
        0x660..=0x669 => !chars.iter().any(|&d| ('\u{6F0}'..='\u{6F9}').contains(&d)),
        0x6F0..=0x6F9 => !chars.iter().any(|&d| ('\u{660}'..='\u{669}').contains(&d)),
        _ => false,
    }
}

/// `check_bidi`: RFC 5893's rules, for a label holding an R, AL or AN
/// code point.
fn bidi_rule(chars: &[char]) -> bool {
    use BidiClass::*;
    let class = |c: char| unicode_bidi::bidi_class(c);
    if !chars.iter().any(|&c| matches!(class(c), R | AL | AN)) {
        return true;
    }
    let rtl = match class(chars[0]) {
        R | AL => true,
        L => false,
        _ => return false,
    };
    let mut valid_ending = false;
    let mut number: Option<BidiClass> = None;
    for &c in chars {
        let d = class(c);
        if rtl {
            if !matches!(d, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM) {
                return false;
            }
            if matches!(d, R | AL | EN | AN) {
                valid_ending = true;
            } else if d != NSM {
                valid_ending = false;
            }
            if matches!(d, AN | EN) {
                match number {
                    None => number = Some(d),
                    Some(k) if k != d => return false,
                    Some(_) => {}
                }
            }
        } else {
            if !matches!(d, L | EN | ES | CS | ET | ON | BN | NSM) {
                return false;
            }
            if matches!(d, L | EN) {
                valid_ending = true;
            } else if d != NSM {
                valid_ending = false;
            }
        }
    }
    valid_ending
}

/// The fallback: `uts46_remap(host)` with STD3 rules, then
/// `encodings.idna.ToASCII` on each label (split at `.`), joined by `.`.
fn idna2003(s: &str, work: &mut Work, out: &mut Vec<u8>) -> bool {
    // STD3: the ASCII the input holds, or a character maps to, must be
    // lowercase letters, digits, `-` or `.` (uppercase maps to lowercase).
    let mapper = Uts46MapperBorrowed::new();
    for c in s.chars() {
        if c.is_ascii() {
            if std3_disallowed(c.to_ascii_lowercase()) {
                return false;
            }
        } else if mapper
            .map_normalize(std::iter::once(c))
            .any(std3_disallowed)
        {
            return false;
        }
    }
    let mut mapped = std::mem::take(&mut work.mapped);
    let mut ok = remap(s, &mut mapped);
    if ok {
        for (i, label) in mapped.split('.').enumerate() {
            if i > 0 {
                out.push(b'.');
            }
            if !to_ascii_2003(label, work, out) {
                ok = false;
                break;
            }
        }
    }
    work.mapped = mapped;
    ok
}

/// Python's `encodings.idna.ToASCII` (RFC 3490, AllowUnassigned,
/// without STD3 rules): an ASCII label as it is, any other through
/// Nameprep and Punycode; 1 to 63 octets.
fn to_ascii_2003(label: &str, work: &mut Work, out: &mut Vec<u8>) -> bool {
    let start = out.len();
    if label.is_ascii() {
        out.extend_from_slice(label.as_bytes());
    } else {
        let Some(prepared) = nameprep(label, &mut work.text) else {
            return false;
        };
        if prepared.is_ascii() {
            out.extend_from_slice(prepared.as_bytes());
        } else {
            if prepared.starts_with("xn--") {
                return false;
            }
            work.chars.clear();
            work.chars.extend(prepared.chars());
            work.again.clear();
            if punycode::encode_into(&work.chars, &mut work.again).is_none() {
                return false;
            }
            out.extend_from_slice(b"xn--");
            out.extend_from_slice(work.again.as_bytes());
        }
    }
    let len = out.len() - start;
    (1..64).contains(&len)
}

/// Python's `encodings.idna.nameprep` (RFC 3491 on Unicode 3.2 data:
/// map, NFKC, prohibit, check bidi).
fn nameprep(label: &str, mapped: &mut String) -> Option<String> {
    const PYTHON_3_2: NfkcVariant = NfkcVariant {
        unicode: UnicodeVersion::V3_2,
        corrigendum_3: true,
        corrigendum_4: false,
        corrigendum_5: true,
    };
    mapped.clear();
    stringprep::map(label, mapped);
    let normalized = nfkc::nfkc(mapped, &PYTHON_3_2);
    if normalized.chars().any(stringprep::is_prohibited) {
        return None;
    }
    bidi::check_bidi(&normalized, BidiVersion::V3_2).ok()?;
    Some(normalized)
}
