//! What WebKit shows of a URL (`WTF::URLHelpers::userVisibleURL`,
//! `Source/WTF/wtf/URLHelpers.cpp`, which WebKitGTK's
//! `webkit_uri_for_display` returns), on the URL WebKit's parser made:
//!
//! 1. escapes of octets above 0x7F are decoded, the others kept (`%20`
//!    stays); bytes that do not make UTF-8 are escaped again;
//! 2. when the text holds `xn--`, the host (after `://`, after the last
//!    `@`, up to `:`, `/`, `?` or `#`) is decoded from Punycode as a
//!    whole (`mapHostName`) and shown in Unicode only if every character
//!    is of an allowed script and none is a lookalike
//!    (`allCharactersInAllowedIDNScriptList`), or the host's TLD has its
//!    own rules and the second-level label keeps to them
//!    (`allCharactersAllowedByTLDRules`): WebKit decides for the whole
//!    host, not per label;
//! 3. the text is NFC-normalized and every lookalike character, anywhere,
//!    is escaped again (`escapeUnsafeCharacters`).
//!
//! Nothing is left out: no scheme, `www.` or trailing `/` is trimmed.
//!
//! ```text
//! http://xn--bcher-kva.de/%C3%A9      → http://bücher.de/é
//! http://test.xn--p1ai/               → http://test.xn--p1ai/   (Cyrillic TLD, Latin label)
//! http://xn--ls8h.la/                 → http://💩.la/
//! http://a/x%E2%80%AEy                → http://a/x%E2%80%AEy    (U+202E is not printable)
//! ```
//!
//! The tables (allowed scripts, lookalike characters, the Cyrillic TLDs'
//! letters) are `data/display/webkit-idn-tables.txt` and
//! `data/display/webkit-tld-rules.tsv`, restated from WebKitGTK 2.50.6.

use crate::compare::display::{Display, LabelDisplay};
use crate::engines::display::{
    is_ace, is_default_ignorable, is_printable, is_white_space, percent_decode_where, push_escaped,
};
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};

const SOURCE_MAP: &str = "Source/WTF/wtf/URLHelpers.cpp mapHostName";
const SOURCE_SCRIPTS: &str = "Source/WTF/wtf/URLHelpers.cpp allCharactersInAllowedIDNScriptList";
const SOURCE_TLD: &str = "Source/WTF/wtf/URLHelpers.cpp allCharactersAllowedByTLDRules";

/// The tables of `webkit-idn-tables.txt` and `webkit-tld-rules.tsv`.
struct Tables {
    /// `initializeDefaultIDNAllowedScriptList`.
    allowed_scripts: Vec<Script>,
    /// `isLookalikeCharacter`'s list.
    lookalikes: Vec<char>,
    /// U+0307 is a lookalike after these.
    dot_above_after: Vec<char>,
    /// `isLookalikeCharacterOfScriptType`: (script, its lookalikes).
    sequences: Vec<(Script, Vec<char>)>,
    /// The TLD rules: (suffix, allowed characters besides digits and `-`).
    tlds: Vec<(String, Vec<(u32, u32)>)>,
}

fn hex(s: &str) -> Option<u32> {
    u32::from_str_radix(s.trim(), 16).ok()
}

/// The script an ICU `USCRIPT_` name names (`CANADIAN_ABORIGINAL` is
/// `Canadian_Aboriginal`); `KATAKANA_OR_HIRAGANA` names none, as no
/// assigned code point has that script.
fn script_named(name: &str) -> Option<Script> {
    let full: Vec<String> = name
        .split('_')
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let mut cs = lower.chars();
            cs.next()
                .map(|f| f.to_ascii_uppercase().to_string() + cs.as_str())
                .unwrap_or_default()
        })
        .collect();
    Script::from_full_name(&full.join("_"))
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Tables {
            allowed_scripts: Vec::new(),
            lookalikes: Vec::new(),
            dot_above_after: Vec::new(),
            sequences: Vec::new(),
            tlds: Vec::new(),
        };
        let mut section = String::new();
        for line in include_str!("../../../data/display/webkit-idn-tables.txt").lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix('[') {
                section = rest.split(']').next().unwrap_or("").to_string();
                continue;
            }
            let first = line.split('\t').next().unwrap_or("");
            match section.as_str() {
                "allowed-scripts" => t.allowed_scripts.extend(script_named(first.trim())),
                "lookalike-characters" => t.lookalikes.extend(hex(first).and_then(char::from_u32)),
                "lookalike-after" => t
                    .dot_above_after
                    .extend(hex(first).and_then(char::from_u32)),
                s if s.starts_with("lookalike-sequence ") && !s.ends_with("ARABIC") => {
                    let name = &s["lookalike-sequence ".len()..];
                    let Some(script) = script_named(name) else {
                        continue;
                    };
                    let c = hex(first).and_then(char::from_u32);
                    match t.sequences.iter_mut().find(|(s, _)| *s == script) {
                        Some((_, cs)) => cs.extend(c),
                        None => t.sequences.push((script, c.into_iter().collect())),
                    }
                }
                _ => {}
            }
        }
        for line in include_str!("../../../data/display/webkit-tld-rules.tsv").lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() < 3 {
                continue;
            }
            let allowed = cols[2]
                .split_whitespace()
                .filter_map(|r| match r.split_once('-') {
                    Some((a, b)) => Some((hex(a)?, hex(b)?)),
                    None => hex(r).map(|a| (a, a)),
                })
                .collect();
            t.tlds.push((cols[0].to_string(), allowed));
        }
        t
    })
}

/// The script ICU's `uscript_getScript` gives `c`.
fn script_of(c: char) -> Script {
    c.script()
}

/// `isASCIIDigitOrValidHostCharacter`: an ASCII digit or punctuation the
/// URL parser keeps in a host.
fn is_ascii_digit_or_valid_host_character(c: char) -> bool {
    (c.is_ascii_digit() || c.is_ascii_punctuation())
        && !matches!(c, '#' | '%' | '/' | ':' | '?' | '@' | '[' | '\\' | ']')
}

/// `isLookalikeSequence`: a lookalike of a script (Armenian `օ`, Tamil
/// `௦`, Canadian syllabics, Thai `ก`) next to a character of another
/// script that is no ASCII digit or host punctuation, or an Arabic
/// diacritic after a character that is not Arabic.
fn is_lookalike_sequence(previous: Option<char>, c: char) -> bool {
    let arabic_diacritic = ('\u{064B}'..='\u{065F}').contains(&c);
    if arabic_diacritic && previous.is_none_or(|p| script_of(p) != Script::Arabic) {
        return true;
    }
    let Some(p) = previous.filter(|&p| p != '/') else {
        return false;
    };
    tables().sequences.iter().any(|(script, lookalikes)| {
        let pair = |first: char, second: char| {
            lookalikes.contains(&first)
                && !(script_of(second) == *script || is_ascii_digit_or_valid_host_character(second))
        };
        pair(c, p) || pair(p, c)
    })
}

/// `isLookalikeCharacter`: not printable, white space, default
/// ignorable, of the IPA Extensions or Deseret blocks, listed, U+0307
/// after a dotless letter, or a lookalike sequence.
fn is_lookalike_character(previous: Option<char>, c: char) -> bool {
    if !is_printable(c) || is_white_space(c) || is_default_ignorable(c) {
        return true;
    }
    if ('\u{0250}'..='\u{02AF}').contains(&c) || ('\u{10400}'..='\u{1044F}').contains(&c) {
        return true;
    }
    let t = tables();
    if c == '\u{0307}' {
        return previous.is_some_and(|p| t.dot_above_after.contains(&p));
    }
    if t.lookalikes.contains(&c) {
        return true;
    }
    if c == '.' {
        return false;
    }
    is_lookalike_sequence(previous, c)
}

/// Why `host` (decoded) is not all of allowed scripts without a
/// lookalike (`allCharactersInAllowedIDNScriptList`), or `None` when it is.
fn not_in_allowed_scripts(host: &str) -> Option<String> {
    let t = tables();
    let mut previous = None;
    for c in host.chars() {
        let script = script_of(c);
        if !t.allowed_scripts.contains(&script) {
            return Some(format!(
                "{} U+{:04X} is of the script {}, not in WebKit's allowed list",
                c,
                c as u32,
                script.full_name()
            ));
        }
        if is_lookalike_character(previous, c) {
            return Some(format!("U+{:04X} is a lookalike character", c as u32));
        }
        previous = Some(c);
    }
    None
}

/// `allCharactersAllowedByTLDRules`: the TLD (`рф`, `бг`...) whose rules
/// the second-level label keeps to, or `None`.
fn allowed_by_tld_rules(host: &str) -> Option<&'static str> {
    let host = host.strip_suffix('.').unwrap_or(host);
    for (suffix, allowed) in &tables().tlds {
        let Some(rest) = host
            .strip_suffix(suffix.as_str())
            .and_then(|r| r.strip_suffix('.'))
        else {
            continue;
        };
        let ok = rest.chars().rev().take_while(|&c| c != '.').all(|c| {
            c.is_ascii_digit()
                || c == '-'
                || allowed.iter().any(|&(a, b)| (a..=b).contains(&(c as u32)))
        });
        return ok.then_some(suffix.as_str());
    }
    None
}

/// The host's labels as shown, and the decision (`mapHostName`).
fn map_host_name(host: &str) -> (Option<String>, Vec<LabelDisplay>) {
    let ascii_labels = |rule: &str, source: &'static str| -> Vec<LabelDisplay> {
        host.split('.')
            .map(|l| LabelDisplay {
                ascii: l.to_string(),
                shown: l.to_string(),
                unicode: false,
                rule: if is_ace(l) {
                    rule.to_string()
                } else {
                    "ASCII".to_string()
                },
                source,
            })
            .collect()
    };
    if host.is_empty() || host.len() > 2048 {
        return (None, ascii_labels("host too long to decode", SOURCE_MAP));
    }
    let (unicode, result) = idna::uts46::Uts46::new().to_unicode(
        host.as_bytes(),
        idna::uts46::AsciiDenyList::EMPTY,
        idna::uts46::Hyphens::Allow,
    );
    if result.is_err() {
        return (
            None,
            ascii_labels("UTS #46 ToUnicode fails: the host stays ASCII", SOURCE_MAP),
        );
    }
    if unicode == host {
        return (None, ascii_labels("no Unicode form", SOURCE_MAP));
    }
    let (allowed, rule, source) = match not_in_allowed_scripts(&unicode) {
        None => (
            true,
            "every character of an allowed script, none a lookalike".to_string(),
            SOURCE_SCRIPTS,
        ),
        Some(why) => match allowed_by_tld_rules(&unicode) {
            Some(tld) => (
                true,
                format!("{why}; but the second-level label keeps to the rules of .{tld}"),
                SOURCE_TLD,
            ),
            None => (
                false,
                format!("{why}; no TLD rule allows it: the whole host stays ASCII"),
                SOURCE_SCRIPTS,
            ),
        },
    };
    if !allowed {
        return (None, ascii_labels(&rule, source));
    }
    let labels = host
        .split('.')
        .zip(unicode.split('.'))
        .map(|(a, u)| LabelDisplay {
            ascii: a.to_string(),
            shown: u.to_string(),
            unicode: a != u,
            rule: if a == u {
                "ASCII".to_string()
            } else {
                rule.clone()
            },
            source,
        })
        .collect();
    (Some(unicode.into_owned()), labels)
}

/// Where the host is in `text` (`applyHostNameFunctionToURLString`):
/// after `://` with scheme characters before it, after the last `@`, up
/// to `:`, `/`, `?` or `#`.
fn host_range(text: &str) -> Option<std::ops::Range<usize>> {
    let sep = text.find("://")?;
    if !text[..sep]
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return None;
    }
    let start = sep + 3;
    let end = text[start..]
        .find([':', '/', '?', '#'])
        .map_or(text.len(), |i| start + i);
    let host_start = text[..end].rfind('@').map_or(start, |i| i + 1).max(start);
    Some(host_start..end)
}

/// `escapeUnsafeCharacters`: every lookalike character escaped.
fn escape_unsafe_characters(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous = None;
    for c in text.chars() {
        if is_lookalike_character(previous, c) {
            push_escaped(c, &mut out);
        } else {
            out.push(c);
        }
        previous = Some(c);
    }
    out
}

/// `userVisibleURL` of `href`, WebKit's serialization of a URL.
pub fn user_visible_url(href: &str) -> Display {
    let bytes = percent_decode_where(href, |o| o > 0x7F);
    let mut text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let mut s = String::new();
            for &b in e.as_bytes() {
                if b.is_ascii() {
                    s.push(b as char);
                } else {
                    s.push_str(&format!("%{b:02X}"));
                }
            }
            s
        }
    };
    let mut labels = Vec::new();
    if text.to_ascii_lowercase().contains("xn--") && !text.starts_with("mailto:") {
        if let Some(range) = host_range(&text) {
            let host = text[range.clone()].to_string();
            let (mapped, ls) = map_host_name(&host);
            labels = ls;
            if let Some(m) = mapped {
                text.replace_range(range, &m);
            }
        }
    } else if let Some(range) = host_range(&text) {
        labels = text[range]
            .split('.')
            .map(|l| LabelDisplay::ascii(l, SOURCE_MAP))
            .collect();
    }
    let nfc: String = text.nfc().collect();
    let shown = escape_unsafe_characters(&nfc);
    Display {
        full: shown.clone(),
        shown,
        labels,
        omitted: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_host_decisions() {
        let shown = |h: &str| user_visible_url(h).shown;
        assert_eq!(
            shown("http://xn--bcher-kva.de/%C3%A9"),
            "http://bücher.de/é"
        );
        assert_eq!(shown("http://test.xn--p1ai/"), "http://test.xn--p1ai/");
        assert_eq!(shown("http://xn--e1afmkfd.xn--p1ai/"), "http://пример.рф/");
        assert_eq!(shown("http://xn--e1afmkfd.ru/"), "http://xn--e1afmkfd.ru/");
        assert_eq!(shown("http://a/x%E2%80%AEy"), "http://a/x%E2%80%AEy");
        assert_eq!(shown("http://a/%C2%BD"), "http://a/%C2%BD");
        assert_eq!(shown("http://a/%20%41"), "http://a/%20%41");
        assert_eq!(shown("http://a/%FF"), "http://a/%FF");
    }

    #[test]
    fn tables_read() {
        let t = tables();
        assert_eq!(t.allowed_scripts.len(), 19, "{:?}", t.allowed_scripts);
        assert!(t.lookalikes.contains(&'\u{2044}'));
        assert_eq!(t.tlds.len(), 14);
        assert_eq!(t.sequences.len(), 4);
    }
}
