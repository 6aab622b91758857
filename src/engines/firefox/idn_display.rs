//! Which host labels Firefox shows in Unicode: `nsIDNService::IsLabelSafe`
//! (`netwerk/dns/nsIDNService.cpp`), called for each label with a
//! non-ASCII Unicode form by the `idna` crate's UTS #46 processing
//! (`netwerk/base/idna_glue/src/lib.rs`,
//! `mozilla_net_domain_to_display_and_ascii_impl`, through
//! `mozilla_net_is_label_safe`).
//!
//! The character tables are `data/display/firefox-idn-blocklist.txt`
//! (`IDNCharacterBlocklist.inc`) and `data/display/firefox-idn-tables.txt`
//! (the `Init*` sets and `scriptComboTable`), as in Firefox ESR 140 on
//! Linux. Identifier_Status is Firefox 153's (Unicode 17), or another's
//! given ([`super::identifier_status`]).

use super::identifier_status::{self, Allowed};
use crate::compare::display::LabelDisplay;
use crate::engines::display::{
    ace_to_unicode, category, decimal_zero, is_ace, is_common_or_inherited,
};
use std::collections::HashSet;
use std::sync::OnceLock;
use unicode_general_category::GeneralCategory;
use unicode_script::{Script, UnicodeScript};

const NS: &str = "netwerk/dns/nsIDNService.cpp IsLabelSafe";

/// The character tables, parsed once.
struct Tables {
    /// `IDNCharacterBlocklist.inc`: inclusive ranges of BMP code points.
    blocklist: Vec<(u32, u32)>,
    cjk_slash: HashSet<char>,
    cjk_ideographs: HashSet<char>,
    digit_confusables: HashSet<char>,
    cyrillic_confusables: HashSet<char>,
    thai_confusables: HashSet<char>,
    /// `scriptComboTable[saved][this]`.
    combo: Vec<[Combo; 9]>,
}

/// `ScriptCombo` (the states of `illegalScriptCombo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combo {
    Bopo,
    Cyrl,
    Grek,
    Hang,
    Hani,
    Hira,
    Kata,
    Latn,
    Othr,
    Jpan,
    Chna,
    Kore,
    Hnlt,
    Fail,
}

impl Combo {
    fn from_name(s: &str) -> Option<Combo> {
        use Combo::*;
        Some(match s {
            "BOPO" => Bopo,
            "CYRL" => Cyrl,
            "GREK" => Grek,
            "HANG" => Hang,
            "HANI" => Hani,
            "HIRA" => Hira,
            "KATA" => Kata,
            "LATN" => Latn,
            "OTHR" => Othr,
            "JPAN" => Jpan,
            "CHNA" => Chna,
            "KORE" => Kore,
            "HNLT" => Hnlt,
            "FAIL" => Fail,
            _ => return None,
        })
    }

    /// `findScriptIndex`: the column of a script.
    fn of_script(s: Script) -> Combo {
        match s {
            Script::Bopomofo => Combo::Bopo,
            Script::Cyrillic => Combo::Cyrl,
            Script::Greek => Combo::Grek,
            Script::Hangul => Combo::Hang,
            Script::Han => Combo::Hani,
            Script::Hiragana => Combo::Hira,
            Script::Katakana => Combo::Kata,
            Script::Latin => Combo::Latn,
            _ => Combo::Othr,
        }
    }
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let blocklist = include_str!("../../../data/display/firefox-idn-blocklist.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let mut f = l.split('\t');
                let hex = |s: Option<&str>| u32::from_str_radix(s.unwrap_or(""), 16).unwrap_or(0);
                (hex(f.next()), hex(f.next()))
            })
            .collect();
        let mut sets: Vec<(String, HashSet<char>)> = Vec::new();
        let mut combo = Vec::new();
        for l in include_str!("../../../data/display/firefox-idn-tables.txt").lines() {
            if let Some(name) = l.strip_prefix('[') {
                let name = name.split(']').next().unwrap_or("");
                sets.push((name.to_string(), HashSet::new()));
            } else if let Some(row) = l.strip_prefix("/* ").and_then(|r| r.split_once("*/ {")) {
                let cells: Vec<Combo> = row
                    .1
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter_map(Combo::from_name)
                    .collect();
                if let Ok(cells) = <[Combo; 9]>::try_from(cells) {
                    combo.push(cells);
                }
            } else if let Some((_, set)) = sets.last_mut() {
                let cp = l
                    .split('\t')
                    .next()
                    .and_then(|h| u32::from_str_radix(h, 16).ok());
                if let Some(c) = cp.and_then(char::from_u32) {
                    set.insert(c);
                }
            }
        }
        let mut set = |name: &str| {
            sets.iter_mut()
                .find(|(n, _)| n == name)
                .map(|(_, s)| std::mem::take(s))
                .unwrap_or_default()
        };
        Tables {
            blocklist,
            cjk_slash: set("InitCJKSlashConfusables"),
            cjk_ideographs: set("InitCJKIdeographs"),
            digit_confusables: set("InitDigitConfusables"),
            cyrillic_confusables: set("InitCyrillicLatinConfusables"),
            thai_confusables: set("InitThaiLatinConfusables"),
            combo,
        }
    })
}

/// `U+2044 FRACTION SLASH`: a code point and its name, for rules.
fn named(c: char) -> String {
    format!("U+{:04X} {}", c as u32, c)
}

/// `isOnlySafeChars` (nsIDNService.cpp): the first BMP code point of
/// `label` in the blocklist (`IDNCharacterBlocklist.inc`), if any
/// (`a⁄b` → U+2044 FRACTION SLASH).
pub fn blocklisted(label: &[char]) -> Option<char> {
    let t = tables();
    label.iter().copied().find(|&c| {
        let c = c as u32;
        c <= 0xFFFF && t.blocklist.iter().any(|&(a, b)| (a..=b).contains(&c))
    })
}

/// `illegalScriptCombo` (nsIDNService.cpp): advance `saved` with
/// `script` through `scriptComboTable`; whether the combination is
/// refused (FAIL, or OTHR: the profile is highly restrictive). Latin then
/// Han then Hiragana is JPAN (allowed); Latin then Cyrillic is FAIL.
pub fn illegal_script_combo(script: Script, saved: &mut Option<Combo>) -> bool {
    let this = Combo::of_script(script);
    let Some(s) = *saved else {
        *saved = Some(this);
        return false;
    };
    let next = tables()
        .combo
        .get(s as usize)
        .map(|row| row[this as usize])
        .unwrap_or(Combo::Fail);
    *saved = Some(next);
    matches!(next, Combo::Othr | Combo::Fail)
}

/// `isCyrillicDomain` (nsIDNService.cpp): the TLDs where Cyrillic
/// lookalikes of Latin are expected (`ru`, `ua`, ...).
fn is_cyrillic_domain(tld: &str) -> bool {
    matches!(tld, "bg" | "by" | "kz" | "pyc" | "ru" | "su" | "ua" | "uz")
}

/// `LookalikeStatus` of the lookalike checkers (nsIDNService.cpp).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lookalike {
    Ignore,
    Safe,
    Block,
}

/// A script's lookalike checker (`LookalikeStatusChecker`): Block when
/// every character of `script` in the label is one of `confusables`,
/// unless the TLD is one of the script's own or has a character of it.
struct ScriptChecker<'a> {
    confusables: &'a HashSet<char>,
    script: Script,
    tld_matches: bool,
    status: Lookalike,
}

impl<'a> ScriptChecker<'a> {
    fn new(confusables: &'a HashSet<char>, tld: &[char], script: Script, valid: bool) -> Self {
        ScriptChecker {
            confusables,
            script,
            tld_matches: tld.iter().any(|c| c.script() == script),
            status: if valid {
                Lookalike::Ignore
            } else {
                Lookalike::Safe
            },
        }
    }

    fn check(&mut self, c: char, script: Script) {
        if self.status != Lookalike::Ignore && !self.tld_matches && script == self.script {
            self.status = if self.confusables.contains(&c) {
                Lookalike::Block
            } else {
                Lookalike::Ignore
            };
        }
    }
}

/// The script Firefox compares (`UnicodeProperties::GetScriptCode`).
fn script_of(c: char) -> Script {
    c.script()
}

/// `nsIDNService::IsLabelSafe(label, tld)` (nsIDNService.cpp, ESR 140
/// lines 377-634): `Ok(())` when the Unicode label may be shown, else
/// the rule that refused it. `cuillère` is safe; `pаypal` (Cyrillic а)
/// is a Latin+Cyrillic mix; `I♥NY` has a Restricted character.
pub fn is_label_safe(label: &[char], tld: &[char]) -> Result<(), String> {
    is_label_safe_with(label, tld, identifier_status::allowed_in_firefox_153)
}

/// [`is_label_safe`] with the Identifier_Status data `allowed`
/// ([`identifier_status::allowed_in_unicode_16`] for Firefox ESR 140).
pub fn is_label_safe_with(label: &[char], tld: &[char], allowed: Allowed) -> Result<(), String> {
    // B1 `network.IDN_show_punycode` is false by default.
    if let Some(c) = blocklisted(label) {
        return Err(format!("blocklisted {}", named(c)));
    }
    let tld_text: String = tld.iter().collect();
    if is_ace(&tld_text) {
        return Err("TLD is still Punycode".into());
    }
    let t = tables();
    let mut last_script: Option<Script> = None;
    let mut previous: Option<char> = None;
    let mut base: Option<char> = None;
    let mut numbering: Option<u32> = None;
    let mut saved: Option<Combo> = None;
    // Digit lookalikes: Block when every non-digit is a confusable.
    let mut digits = Lookalike::Safe;
    let mut cyrillic = ScriptChecker::new(
        &t.cyrillic_confusables,
        tld,
        Script::Cyrillic,
        is_cyrillic_domain(&tld_text),
    );
    let mut thai = ScriptChecker::new(&t.thai_confusables, tld, Script::Thai, tld_text == "th");
    let is = |s: Option<Script>, x: Script| s == Some(x);
    for (i, &ch) in label.iter().enumerate() {
        let next = label.get(i + 1).copied();
        let cp = ch as u32;
        if !allowed(ch) {
            return Err(format!("Identifier_Status Restricted {}", named(ch)));
        }
        let script = script_of(ch);
        if !is_common_or_inherited(script)
            && Some(script) != last_script
            && illegal_script_combo(script, &mut saved)
        {
            let mut seen: Vec<&str> = Vec::new();
            for c in label {
                let s = script_of(*c);
                if !is_common_or_inherited(s) && !seen.contains(&s.full_name()) {
                    seen.push(s.full_name());
                }
            }
            return Err(format!("script mix {}", seen.join("+")));
        }
        if cp == 0x30FC && !is(last_script, Script::Hiragana) && !is(last_script, Script::Katakana)
        {
            return Err("U+30FC not after Hiragana or Katakana".into());
        }
        let next_script = next.map(script_of);
        if (0x3078..=0x307A).contains(&cp)
            && (is(last_script, Script::Katakana) || is(next_script, Script::Katakana))
        {
            return Err(format!("{} next to Katakana", named(ch)));
        }
        if (0x30D8..=0x30DA).contains(&cp)
            && (is(last_script, Script::Hiragana) || is(next_script, Script::Hiragana))
        {
            return Err(format!("{} next to Hiragana", named(ch)));
        }
        if (cp == 0x30FD || cp == 0x30FE) && !is(last_script, Script::Katakana) {
            return Err(format!("{} not after Katakana", named(ch)));
        }
        let cjk = |s: Option<Script>| {
            is(s, Script::Han) || is(s, Script::Hiragana) || is(s, Script::Katakana)
        };
        if t.cjk_slash.contains(&ch) && label.len() > 1 && !cjk(last_script) && !cjk(next_script) {
            return Err(format!("CJK slash lookalike {} outside CJK", named(ch)));
        }
        if cp == 0x30FB && (is(last_script, Script::Latin) || is(next_script, Script::Latin)) {
            return Err("U+30FB next to Latin".into());
        }
        if (0x300..=0x339).contains(&cp)
            && !is(last_script, Script::Latin)
            && !is(last_script, Script::Greek)
            && !is(last_script, Script::Cyrillic)
        {
            return Err(format!(
                "{} after a script other than Latin, Greek, Cyrillic",
                named(ch)
            ));
        }
        if cp == 0x307 && matches!(previous, Some('i' | 'j' | 'l')) {
            return Err("U+0307 after i, j or l".into());
        }
        if cp == 0xB7 && (tld_text != "cat" || previous != Some('l') || next != Some('l')) {
            return Err("U+00B7 not between l and l under .cat".into());
        }
        if (cp == 0xFE || cp == 0xF0) && tld_text != "is" && tld_text != "fo" {
            return Err(format!("{} outside .is and .fo", named(ch)));
        }
        if cp == 0x259 && tld_text != "az" {
            return Err("U+0259 outside .az".into());
        }
        if cp == 0x2BB || cp == 0x2BC {
            return Err(format!("quote-like {}", named(ch)));
        }
        if digits != Lookalike::Ignore && !ch.is_ascii_digit() {
            digits = if t.digit_confusables.contains(&ch) {
                Lookalike::Block
            } else {
                Lookalike::Ignore
            };
        }
        cyrillic.check(ch, script);
        thai.check(ch, script);
        if t.cjk_ideographs.contains(&ch) {
            let cjk_or_bopo = |s: Option<Script>| cjk(s) || is(s, Script::Bopomofo);
            let left = previous.is_some_and(|p| !p.is_ascii_digit()) && !cjk_or_bopo(last_script);
            let right = next.is_some_and(|n| !n.is_ascii_digit()) && !cjk_or_bopo(next_script);
            if left || right {
                return Err(format!("CJK ideograph {} next to non-CJK", named(ch)));
            }
        }
        let cat = category(ch);
        if cat == GeneralCategory::DecimalNumber {
            let zero = decimal_zero(ch);
            match numbering {
                None => numbering = Some(zero),
                Some(z) if z != zero => return Err("digits of two numbering systems".into()),
                _ => {}
            }
        }
        if cat == GeneralCategory::NonspacingMark {
            if previous == Some(ch) {
                return Err(format!("{} twice in a row", named(ch)));
            }
            if let Some(last) = last_script {
                let ext = ch.script_extension();
                let specific = !(ext.is_common() || ext.is_inherited());
                if specific && !ext.contains_script(last) {
                    return Err(format!(
                        "mark {} not of the script {}",
                        named(ch),
                        last.full_name()
                    ));
                }
            }
            if base == Some('\u{131}') && ((0x300..=0x314).contains(&cp) || cp == 0x31A) {
                return Err(format!("{} on dotless i", named(ch)));
            }
        } else {
            base = Some(ch);
        }
        if !is_common_or_inherited(script) {
            last_script = Some(script);
        }
        previous = Some(ch);
    }
    if digits == Lookalike::Block {
        return Err("digit lookalikes".into());
    }
    // `network.idn.punycode_cyrillic_confusables` is true by default.
    if cyrillic.status == Lookalike::Block {
        return Err(format!("Cyrillic lookalikes, TLD {tld_text}"));
    }
    if thai.status == Lookalike::Block {
        return Err(format!("Thai lookalikes, TLD {tld_text}"));
    }
    Ok(())
}

/// The labels of an ASCII host as Firefox's display host shows them
/// (`mozilla_net_domain_to_display_and_ascii_impl`, idna_glue; the
/// `idna` crate's `Uts46::process`, uts46.rs): an `xn--` label whose
/// Unicode form is safe ([`is_label_safe`], with the Unicode form of the
/// last label as the TLD) in Unicode, any other as it is.
/// `xn--mnchen-3ya.de` → `münchen`, `de`.
pub fn display_labels(ascii_host: &str) -> Vec<LabelDisplay> {
    display_labels_with(ascii_host, identifier_status::allowed_in_firefox_153)
}

/// [`display_labels`] with the Identifier_Status data `allowed`.
pub fn display_labels_with(ascii_host: &str, allowed: Allowed) -> Vec<LabelDisplay> {
    let without_dot = ascii_host.strip_suffix('.').unwrap_or(ascii_host);
    let tld_ascii = without_dot.rsplit('.').next().unwrap_or("");
    let tld: Vec<char> = ace_to_unicode(tld_ascii)
        .unwrap_or_else(|| tld_ascii.to_string())
        .chars()
        .collect();
    ascii_host
        .split('.')
        .map(|label| match ace_to_unicode(label) {
            None => LabelDisplay::ascii(label, "netwerk/base/idna_glue/src/lib.rs"),
            Some(unicode) => {
                let chars: Vec<char> = unicode.chars().collect();
                let verdict = is_label_safe_with(&chars, &tld, allowed);
                LabelDisplay {
                    ascii: label.to_string(),
                    shown: if verdict.is_ok() {
                        unicode
                    } else {
                        label.to_string()
                    },
                    unicode: verdict.is_ok(),
                    rule: verdict.err().unwrap_or_else(|| "safe".to_string()),
                    source: NS,
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn safe(label: &str, tld: &str) -> Result<(), String> {
        let l: Vec<char> = label.chars().collect();
        let t: Vec<char> = tld.chars().collect();
        is_label_safe(&l, &t)
    }

    #[test]
    fn label_rules() {
        assert_eq!(safe("cuillère", "com"), Ok(()));
        assert_eq!(
            safe("a\u{2044}b", "com").unwrap_err(),
            "blocklisted U+2044 \u{2044}"
        );
        assert!(safe("i♥ny", "com")
            .unwrap_err()
            .starts_with("Identifier_Status"));
        assert_eq!(
            safe("pаypal", "com").unwrap_err(),
            "script mix Latin+Cyrillic"
        );
        assert_eq!(
            safe("акамаі", "com").unwrap_err(),
            "Cyrillic lookalikes, TLD com"
        );
        assert_eq!(safe("акамаі", "ru"), Ok(()));
        assert_eq!(safe("乾燥肌・石けん", "com"), Ok(()));
        assert!(safe("gruz\u{300}\u{300}ere", "com").is_err());
        assert_eq!(tables().combo.len(), 13);
    }

    #[test]
    fn labels_of_a_host() {
        let l = display_labels("xn--mnchen-3ya.xn--80aaa2bl1n.de");
        assert_eq!(l[0].shown, "münchen");
        assert!(l[0].unicode);
        assert_eq!(l[1].shown, "xn--80aaa2bl1n");
        assert_eq!(l[2].rule, "ASCII");
    }
}
