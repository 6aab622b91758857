//! Chromium's IDN spoof checker for one label
//! (`components/url_formatter/spoof_checks/idn_spoof_checker.cc`,
//! `IDNSpoofChecker::SafeToDisplayAsUnicode`; Chromium 150, the nearest
//! readable source of the measured 156), with its tables from
//! `data/display/chromium-*`.
//!
//! ICU's `uspoof_check` (restriction level HIGHLY_RESTRICTIVE, an allowed
//! set, INVISIBLE and MIXED_NUMBERS) is approximated with the UTS #39
//! data of the `unicode-security` crate (Unicode 18; Chromium's ICU 78
//! has Unicode 17).

use std::sync::OnceLock;

use regex::Regex;
use unicode_general_category::GeneralCategory;
use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::GeneralSecurityProfile;

use crate::engines::display::{category, decimal_zero, is_nonspacing_mark};

const SOURCE: &str = "components/url_formatter/spoof_checks/idn_spoof_checker.cc \
                      IDNSpoofChecker::SafeToDisplayAsUnicode";

/// What the checker decided for a label: safe to show in Unicode or not,
/// and the step that decided, in Chromium's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    pub safe: bool,
    pub rule: String,
}

impl Verdict {
    fn unsafe_by(rule: impl Into<String>) -> Verdict {
        Verdict {
            safe: false,
            rule: rule.into(),
        }
    }

    fn safe(rule: impl Into<String>) -> Verdict {
        Verdict {
            safe: true,
            rule: rule.into(),
        }
    }
}

/// Where the checker is (file and function), for [`LabelDisplay::source`](crate::compare::display::LabelDisplay).
pub(crate) const fn source() -> &'static str {
    SOURCE
}

/// One row of `kWholeScriptConfusables` (cc 238-317).
struct WholeScript {
    script: Script,
    allowed_tlds: Vec<String>,
    lookalikes: Vec<char>,
}

/// Latin lookalikes Chromium 156 has beyond the rows of 150's source
/// (`chromium-whole-script-confusables.tsv`), measured on the tuning
/// split of the display corpus: Cyrillic `м` (`мьм.gr`, `ехамрӏе.de`
/// and `мпрѕ.中国` show as ACE, though every other letter of theirs is in
/// 150's Cyrillic row and `м` is not).
const MEASURED_LOOKALIKES: &[(Script, char)] = &[(Script::Cyrillic, '\u{043C}')];

struct Tables {
    removals: Vec<(u32, u32)>,
    whole_script: Vec<WholeScript>,
    digit_lookalikes: Vec<char>,
    allowed_words: Vec<String>,
    dangerous: Regex,
    alternatives: Vec<(String, Regex)>,
}

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let hex = |s: &str| u32::from_str_radix(s, 16).expect("hex code point");
        let removals = data_lines(include_str!(
            "../../../data/display/chromium-allowed-set-removals.txt"
        ))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.get(2) == Some(&"all")).then(|| (hex(f[0]), hex(f[1])))
        })
        .collect();
        let whole_script = data_lines(include_str!(
            "../../../data/display/chromium-whole-script-confusables.tsv"
        ))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            // The Thai row of the other platforms: Linux has its own.
            let script = Script::from_short_name(f[0])?;
            let measured = MEASURED_LOOKALIKES
                .iter()
                .filter(|(s, _)| *s == script)
                .map(|&(_, c)| c);
            Some(WholeScript {
                script,
                allowed_tlds: f[1]
                    .split(',')
                    .filter(|t| *t != "-")
                    .map(str::to_string)
                    .collect(),
                lookalikes: f[2]
                    .split(' ')
                    .filter_map(|h| char::from_u32(hex(h)))
                    .chain(measured)
                    .collect(),
            })
        })
        .collect();
        let digit_lookalikes = data_lines(include_str!(
            "../../../data/display/chromium-digit-lookalikes.txt"
        ))
        .filter_map(|l| char::from_u32(hex(l.split('\t').next()?)))
        .collect();
        let allowed_words = data_lines(include_str!(
            "../../../data/display/chromium-allowed-wsc-words.txt"
        ))
        .map(|l| l.trim().to_string())
        .collect();
        // The whole pattern, then its alternatives one a line.
        let mut patterns = data_lines(include_str!(
            "../../../data/display/chromium-dangerous-pattern.txt"
        ));
        let pattern = patterns.next().expect("the dangerous pattern");
        let alternatives = patterns
            .map(|a| {
                (
                    a.to_string(),
                    Regex::new(a).expect("an alternative compiles"),
                )
            })
            .collect();
        Tables {
            removals,
            whole_script,
            digit_lookalikes,
            allowed_words,
            dangerous: Regex::new(pattern).expect("the dangerous pattern compiles"),
            alternatives,
        }
    })
}

/// Whether `c` is in the checker's allowed set (`SetAllowedUnicodeSet`,
/// cc 690-774): UTS #39 Identifier_Status=Allowed (ICU's recommended and
/// inclusion sets) minus Chromium's removals. `é` is allowed, `ꜧ`
/// (U+A727, in the removed U+A720-A7FF) is not.
pub(crate) fn is_allowed(c: char) -> bool {
    let u = c as u32;
    c.identifier_allowed() && !tables().removals.iter().any(|&(a, b)| (a..=b).contains(&u))
}

/// ICU's restriction levels (`URestrictionLevel`), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Restriction {
    Ascii,
    SingleScript,
    HighlyRestrictive,
    ModeratelyRestrictive,
    MinimallyRestrictive,
    Unrestrictive,
}

/// ICU's `SpoofImpl::getRestrictionLevel` (UTS #39 5.2) with Chromium's
/// allowed set: `hello中国` is highly restrictive (Latin + Han), `аpple`
/// (Cyrillic + Latin) minimally.
pub(crate) fn restriction_level(label: &str) -> Restriction {
    if !label.chars().all(is_allowed) {
        return Restriction::Unrestrictive;
    }
    if label.is_ascii() {
        return Restriction::Ascii;
    }
    let mut all = AugmentedScriptSet::default();
    let mut no_latin = AugmentedScriptSet::default();
    for c in label.chars() {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if !set.base.contains_script(Script::Latin) {
            no_latin.intersect_with(set);
        }
    }
    if !all.is_empty() {
        return Restriction::SingleScript;
    }
    if no_latin.hanb || no_latin.jpan || no_latin.kore {
        return Restriction::HighlyRestrictive;
    }
    if !no_latin.is_empty()
        && !no_latin.base.contains_script(Script::Cyrillic)
        && !no_latin.base.contains_script(Script::Greek)
    {
        return Restriction::ModeratelyRestrictive;
    }
    Restriction::MinimallyRestrictive
}

/// ICU's INVISIBLE check: in the NFD form, the same nonspacing mark twice
/// among the marks following one base character (`i̇̇`).
pub(crate) fn has_repeated_mark(label: &str) -> bool {
    let mut seen: Vec<char> = Vec::new();
    let mut first: Option<char> = None;
    for c in label.nfd() {
        if !is_nonspacing_mark(c) {
            first = None;
            seen.clear();
            continue;
        }
        match first {
            None => first = Some(c),
            Some(f) => {
                if seen.is_empty() {
                    seen.push(f);
                }
                if seen.contains(&c) {
                    return true;
                }
                seen.push(c);
            }
        }
    }
    false
}

/// ICU's MIXED_NUMBERS check: decimal digits of more than one system
/// (`1٢`).
pub(crate) fn has_mixed_numbers(label: &str) -> bool {
    let mut zero = None;
    for c in label.chars() {
        if category(c) == GeneralCategory::DecimalNumber {
            let z = decimal_zero(c);
            if zero.is_some_and(|o| o != z) {
                return true;
            }
            zero = Some(z);
        }
    }
    false
}

/// `uspoof_check` as Chromium sets the checker up (cc 184-364): the
/// failed check, if any. `abcძef` (Latin + Georgian) fails the
/// restriction level.
pub(crate) fn uspoof_check(label: &str) -> Option<String> {
    if let Some(c) = label.chars().find(|&c| !is_allowed(c)) {
        return Some(format!(
            "ICU spoof check: U+{:04X} not in the allowed set",
            c as u32
        ));
    }
    let level = restriction_level(label);
    if level > Restriction::HighlyRestrictive {
        return Some(format!(
            "ICU spoof check: mixed scripts {} (restriction level above highly restrictive)",
            scripts_of(label)
        ));
    }
    if has_repeated_mark(label) {
        return Some("ICU spoof check: invisible (a nonspacing mark repeated)".to_string());
    }
    if has_mixed_numbers(label) {
        return Some("ICU spoof check: mixed numbers".to_string());
    }
    None
}

/// The scripts of the label's letters (`Latin+Cyrillic`).
fn scripts_of(label: &str) -> String {
    let mut names: Vec<&str> = Vec::new();
    for c in label.chars() {
        let s = c.script();
        if !matches!(s, Script::Common | Script::Inherited | Script::Unknown)
            && !names.contains(&s.full_name())
        {
            names.push(s.full_name());
        }
    }
    names.join("+")
}

/// `HasUnsafeMiddleDot` (cc 119-143): a `·` outside `.cat`, or not
/// between two `l` (`l·l` is fine under `.cat`).
pub(crate) fn has_unsafe_middle_dot(label: &[char], tld: &str) -> bool {
    for (i, &c) in label.iter().enumerate() {
        if c != '\u{00B7}' {
            continue;
        }
        if tld != "cat" || i == 0 || i + 1 == label.len() {
            return true;
        }
        if label[i - 1] != 'l' || label[i + 1] != 'l' {
            return true;
        }
    }
    false
}

/// `IsLabelWholeScriptConfusableForScript` (cc 810-830): the label's
/// letters of the script are there and all Latin lookalikes (`аьс`).
fn is_label_whole_script_confusable_for_script(row: &WholeScript, label: &str) -> bool {
    let mut any = false;
    for c in label.chars().filter(|c| c.script() == row.script) {
        if !row.lookalikes.contains(&c) {
            return false;
        }
        any = true;
    }
    any
}

/// `IsWholeScriptConfusableAllowedForTLD` (cc 794-807): the TLD has a
/// letter of the script (`рф`) or is listed for it (`ru`).
fn is_whole_script_confusable_allowed_for_tld(
    row: &WholeScript,
    tld: &str,
    tld_unicode: &str,
) -> bool {
    tld_unicode.chars().any(|c| c.script() == row.script)
        || row.allowed_tlds.iter().any(|t| t == tld)
}

/// `IsDigitLookalike` (cc 776-791): only ASCII digits and digit
/// lookalikes, at least one lookalike (`123456789θ`).
pub(crate) fn is_digit_lookalike(label: &str) -> bool {
    let lookalikes = &tables().digit_lookalikes;
    let mut any = false;
    for c in label.chars() {
        if c.is_ascii_digit() {
            continue;
        }
        if !lookalikes.contains(&c) {
            return false;
        }
        any = true;
    }
    any
}

/// Whether `c` is in `lgc_letters_n_ascii_` (skeleton_generator.cc 69-73):
/// Latin, Greek, Cyrillic, `[0-9._-]`, U+0300-0339.
pub(crate) fn is_lgc_or_ascii(c: char) -> bool {
    matches!(c.script(), Script::Latin | Script::Greek | Script::Cyrillic)
        || c.is_ascii_digit()
        || matches!(c, '.' | '_' | '-')
        || ('\u{0300}'..='\u{0339}').contains(&c)
}

/// `IDNSpoofChecker::SafeToDisplayAsUnicode` (cc 370-566): whether the
/// Unicode `label` of a host whose TLD is `tld` (ASCII) and `tld_unicode`
/// may be shown. `аьс` is unsafe under `com` (whole-script confusable),
/// safe under `ru`.
pub(crate) fn safe_to_display_as_unicode(label: &str, tld: &str, tld_unicode: &str) -> Verdict {
    if let Some(rule) = uspoof_check(label) {
        return Verdict::unsafe_by(rule);
    }
    let chars: Vec<char> = label.chars().collect();
    let utf16_len: usize = chars.iter().map(|c| c.len_utf16()).sum();
    if utf16_len > 1 && tld != "is" && tld != "fo" && chars.iter().any(|&c| c == 'þ' || c == 'ð')
    {
        return Verdict::unsafe_by(format!("Icelandic þ/ð outside .is/.fo, TLD {tld}"));
    }
    if utf16_len > 1 && tld != "az" && chars.contains(&'\u{0259}') {
        return Verdict::unsafe_by(format!("Latin small schwa ə outside .az, TLD {tld}"));
    }
    if has_unsafe_middle_dot(&chars, tld) {
        return Verdict::unsafe_by(format!("middle dot · (not l·l under .cat), TLD {tld}"));
    }
    let level = restriction_level(label);
    if level == Restriction::Ascii {
        return Verdict::safe("safe (ASCII)");
    }
    let t = tables();
    let kana_exception = |c: char| {
        ('\u{3078}'..='\u{307A}').contains(&c)
            || ('\u{30D8}'..='\u{30DA}').contains(&c)
            || ('\u{30FB}'..='\u{30FE}').contains(&c)
    };
    let diacritic = |c: char| ('\u{0300}'..='\u{0339}').contains(&c);
    if level == Restriction::SingleScript
        && !chars.iter().any(|&c| kana_exception(c) || diacritic(c))
    {
        for row in &t.whole_script {
            if is_label_whole_script_confusable_for_script(row, label)
                && !is_whole_script_confusable_allowed_for_tld(row, tld, tld_unicode)
                && !t.allowed_words.iter().any(|w| w == label)
            {
                return Verdict::unsafe_by(format!(
                    "whole-script confusable {}, TLD {tld}",
                    row.script.full_name()
                ));
            }
        }
        if is_digit_lookalike(label) {
            return Verdict::unsafe_by("digit lookalike");
        }
        return Verdict::safe("safe (single script)");
    }
    if is_digit_lookalike(label) {
        return Verdict::unsafe_by("digit lookalike");
    }
    let non_ascii_latin = chars
        .iter()
        .any(|&c| c.script() == Script::Latin && !c.is_ascii_alphabetic());
    if non_ascii_latin && !chars.iter().all(|&c| is_lgc_or_ascii(c)) {
        return Verdict::unsafe_by("non-ASCII Latin letter mixed with a non-Latin script");
    }
    if t.dangerous.is_match(label) {
        let which = t.alternatives.iter().find(|(_, r)| r.is_match(label));
        return Verdict::unsafe_by(match which {
            Some((text, _)) => format!("dangerous pattern {text}"),
            None => "dangerous pattern".to_string(),
        });
    }
    Verdict::safe(format!("safe ({})", scripts_of(label)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn safe(label: &str, tld: &str) -> bool {
        safe_to_display_as_unicode(label, tld, tld).safe
    }

    #[test]
    fn steps() {
        assert!(safe("bücher", "de"));
        assert!(!safe("abcძef", "test"));
        assert!(!safe("aþcdef", "com"));
        assert!(safe("aþcdef", "is"));
        assert!(!safe("əxample", "com"));
        assert!(safe("əxample", "az"));
        assert!(!safe("l·l", "com"));
        assert!(safe("l·l", "cat"));
        assert!(!safe("аьс", "com"));
        assert!(safe("аьс", "ru"));
        assert!(safe_to_display_as_unicode("аьс", "xn--p1ai", "рф").safe);
        assert!(!safe("123456789θ", "com"));
        assert!(!safe("héllo中国", "cn"));
        assert!(safe("hello中国", "com"));
        assert!(!safe("comノevil", "jp"));
        assert!(safe("ノンソ", "jp"));
        assert!(has_mixed_numbers("1٢"));
        assert!(has_repeated_mark("i\u{0307}\u{0307}"));
    }
}
