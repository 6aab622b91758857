//! What the address-bar displays share (the engines' and the 2011
//! profiles'): the labels of a host and their Unicode form, scripts,
//! general categories, and the Unicode properties the browsers' policies
//! read.

use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_script::Script;

/// The Unicode form of an ASCII label: an `xn--` label (any case)
/// decoded from Punycode, `None` for any other label or one that does not
/// decode (`xn--bcher-kva` → `bücher`).
pub fn ace_to_unicode(label: &str) -> Option<String> {
    let rest = label
        .get(..4)
        .filter(|p| p.eq_ignore_ascii_case("xn--"))
        .map(|_| &label[4..])?;
    idna::punycode::decode_to_string(rest).filter(|u| !u.is_ascii())
}

/// Whether `label` is an ACE label (`xn--`, any case).
pub fn is_ace(label: &str) -> bool {
    label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
}

/// Whether `s` is Common or Inherited (a script that mixes with any).
pub fn is_common_or_inherited(s: Script) -> bool {
    matches!(s, Script::Common | Script::Inherited)
}

/// The zero of the decimal digit `c`'s numbering system: decimal digits
/// (general category Nd) come in runs of ten from a zero (`٢` → `٠`),
/// so two digits of one system have the same zero.
pub fn decimal_zero(c: char) -> u32 {
    let is_digit =
        |u: u32| char::from_u32(u).is_some_and(|d| category(d) == GeneralCategory::DecimalNumber);
    let mut start = c as u32;
    while start > 0 && is_digit(start - 1) {
        start -= 1;
    }
    c as u32 - (c as u32 - start) % 10
}

/// The general category of `c`.
pub fn category(c: char) -> GeneralCategory {
    get_general_category(c)
}

/// ICU's `u_isprint`: any general category but the controls, formats,
/// surrogates, private use and unassigned (`C*`).
pub fn is_printable(c: char) -> bool {
    !matches!(
        category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
    )
}

/// Whether `c` is a nonspacing mark (`Mn`).
pub fn is_nonspacing_mark(c: char) -> bool {
    category(c) == GeneralCategory::NonspacingMark
}

/// Default_Ignorable_Code_Point (Unicode 15.0, `DerivedCoreProperties.txt`):
/// the code points a display leaves invisible.
pub fn is_default_ignorable(c: char) -> bool {
    const RANGES: &[(u32, u32)] = &[
        (0x00AD, 0x00AD),
        (0x034F, 0x034F),
        (0x061C, 0x061C),
        (0x115F, 0x1160),
        (0x17B4, 0x17B5),
        (0x180B, 0x180F),
        (0x200B, 0x200F),
        (0x202A, 0x202E),
        (0x2060, 0x206F),
        (0x3164, 0x3164),
        (0xFE00, 0xFE0F),
        (0xFEFF, 0xFEFF),
        (0xFFA0, 0xFFA0),
        (0xFFF0, 0xFFF8),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0000, 0xE0FFF),
    ];
    let c = c as u32;
    RANGES.iter().any(|&(a, b)| (a..=b).contains(&c))
}

/// ICU's `u_isUWhiteSpace` (White_Space).
pub fn is_white_space(c: char) -> bool {
    c.is_whitespace()
}

/// The bytes of `s` with every `%XX` whose octet `decode` accepts
/// replaced by that octet.
pub fn percent_decode_where(s: &str, decode: impl Fn(u8) -> bool) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(octet) = crate::text::percent::escape_at(b, i).filter(|&o| decode(o)) {
            out.push(octet);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// `c` as UTF-8 `%XX` escapes (upper-case hex) appended to `out`.
pub fn push_escaped(c: char, out: &mut String) {
    let mut buf = [0u8; 4];
    for b in c.encode_utf8(&mut buf).bytes() {
        out.push_str(&format!("%{b:02X}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_properties() {
        assert_eq!(ace_to_unicode("xn--bcher-kva").as_deref(), Some("bücher"));
        assert_eq!(ace_to_unicode("XN--bcher-kva").as_deref(), Some("bücher"));
        assert_eq!(ace_to_unicode("xn--zz"), None);
        assert_eq!(ace_to_unicode("bucher"), None);
        assert!(!is_printable('\u{202E}'));
        assert!(is_printable('é'));
        assert!(is_default_ignorable('\u{200D}'));
        assert_eq!(
            percent_decode_where("a%C3%A9%41", |o| o > 0x7F),
            b"a\xC3\xA9%41"
        );
        assert_eq!(percent_decode_where("%4", |_| true), b"%4");
    }
}
