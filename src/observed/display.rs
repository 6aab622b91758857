//! The 2011 browsers' address bars, as a profile's `[display]` table
//! ([`DisplayParams`]) describes them: what the bar showed of the URL the
//! profile canonicalizes.
//!
//! - `as-canonicalized` (Gecko 2.0): the host is shown as the browser
//!   stored it, which CanonicalizeHost step 20.1 already decided
//!   (`http://xn--bcher-kva.de/` → `http://bücher.de/`, `de` being
//!   whitelisted; `http://xn--bcher-kva.com/` stays ACE).
//! - `accept-languages` (Chrome 12, `net/base/net_util.cc`
//!   `IDNToUnicode`): each `xn--` label is decoded, then shown in Unicode
//!   only when it holds no dangerous character or pattern
//!   (`IsIDNComponentSafe`) and every character but digits, `-`, `_`,
//!   `+` and space is in the alphabet of one of the browser's languages;
//!   with English alone (`en-US`, `en`, the default), no label with a
//!   letter beyond `a`-`z` is shown in Unicode.
//!
//! The path, query and fragment are shown as canonicalized: how the 2011
//! bars decoded them for display is not modelled.

use crate::profile::{DisplayParams, IdnDisplay, Omit};
use crate::text::display::{ace_to_unicode, is_ace, is_common_or_inherited};
use crate::url::display::{Display, LabelDisplay, Omission};
use crate::url::Url;
use std::sync::OnceLock;
use unicode_script::{Script, UnicodeScript};

/// The dangerous characters of `IsIDNComponentSafe`
/// (`data/display/chrome2011-idn-dangerous.txt`).
fn dangerous_characters() -> &'static [char] {
    static SET: OnceLock<Vec<char>> = OnceLock::new();
    SET.get_or_init(|| {
        include_str!("../../data/display/chrome2011-idn-dangerous.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with('['))
            .filter_map(|l| l.split('\t').next())
            .filter_map(|h| u32::from_str_radix(h.trim(), 16).ok())
            .filter_map(char::from_u32)
            .collect()
    })
}

/// The dangerous patterns of `IsIDNComponentSafe`: `ノ`, `ン` or `ソ`
/// between two characters that are not Katakana, or two (semi-)voiced
/// sound marks in a row.
fn dangerous_pattern(label: &[char]) -> bool {
    let katakana = |c: char| c.script() == Script::Katakana;
    let slash_like = label.windows(3).any(|w| {
        !katakana(w[0]) && matches!(w[1], '\u{30CE}' | '\u{30F3}' | '\u{30BD}') && !katakana(w[2])
    });
    let marks = |c: char| ('\u{3099}'..='\u{309C}').contains(&c);
    slash_like || label.windows(2).any(|w| marks(w[0]) && marks(w[1]))
}

/// The alphabet (ICU's standard exemplar set) of a language of the
/// browser, `None` for a language whose alphabet urlprism does not hold.
fn alphabet(language: &str) -> Option<fn(char) -> bool> {
    let primary = language.split(['-', '_']).next().unwrap_or("");
    match primary.to_ascii_lowercase().as_str() {
        "en" => Some(|c: char| c.is_ascii_lowercase()),
        _ => None,
    }
}

/// Why Chrome 12 shows `label` (decoded) in Punycode, or `None` when it
/// shows it in Unicode (`IsIDNComponentSafe`).
fn unsafe_for_chrome_2011(label: &str, languages: &[String]) -> Option<String> {
    let chars: Vec<char> = label.chars().collect();
    if let Some(c) = chars.iter().find(|c| dangerous_characters().contains(c)) {
        return Some(format!("dangerous character U+{:04X}", *c as u32));
    }
    if dangerous_pattern(&chars) {
        return Some(
            "dangerous pattern (ノ, ン or ソ between non-Katakana, or doubled sound marks)".into(),
        );
    }
    if languages.is_empty() {
        // `IsIDNComponentInSingleScript`: kana and Hangul count as Han.
        let mut seen: Option<Script> = None;
        for c in &chars {
            let s = match c.script() {
                s if is_common_or_inherited(s) => continue,
                Script::Katakana | Script::Hiragana | Script::Hangul => Script::Han,
                s => s,
            };
            match seen {
                Some(t) if t != s => {
                    return Some(format!(
                        "more than one script ({} and {})",
                        t.full_name(),
                        s.full_name()
                    ))
                }
                _ => seen = Some(s),
            }
        }
        return None;
    }
    let rest: Vec<char> = chars
        .into_iter()
        .filter(|c| !(c.is_ascii_digit() || matches!(c, '-' | '_' | '+' | ' ')))
        .collect();
    for language in languages {
        if let Some(is_letter) = alphabet(language) {
            if rest.iter().all(|&c| is_letter(c)) {
                return None;
            }
        }
    }
    Some(format!(
        "a character outside the alphabets of the accept-languages {}",
        languages.join(",")
    ))
}

/// What the address bar of a profile with `params` shows of `url` (its
/// canonical URL); `None` when the profile models no address bar.
pub fn display(params: &DisplayParams, url: &Url) -> Option<Display> {
    let source = match params.idn {
        IdnDisplay::None => return None,
        IdnDisplay::AsCanonicalized => {
            "netwerk/dns/nsIDNService.cpp ConvertToDisplayIDN, isInWhitelist (Gecko 2.0.1)"
        }
        IdnDisplay::AcceptLanguages => {
            "net/base/net_util.cc IDNToUnicode, IsIDNComponentSafe, FormatUrl (Chrome 12)"
        }
    };
    let host = url.host_str().unwrap_or("");
    let mut labels = Vec::new();
    let mut shown_host = String::new();
    for (k, label) in host.split('.').enumerate() {
        if k > 0 {
            shown_host.push('.');
        }
        let l = match params.idn {
            IdnDisplay::None => return None,
            IdnDisplay::AsCanonicalized if !label.is_ascii() => LabelDisplay {
                ascii: idna::domain_to_ascii(label).unwrap_or_else(|_| label.to_string()),
                shown: label.to_string(),
                unicode: true,
                rule: "stored in Unicode: the TLD is whitelisted and no character is blacklisted (CanonicalizeHost step 20.1)".into(),
                source,
            },
            IdnDisplay::AsCanonicalized if is_ace(label) => LabelDisplay {
                ascii: label.to_string(),
                shown: label.to_string(),
                unicode: false,
                rule: "stored as ACE: the TLD is not whitelisted or a character is blacklisted (CanonicalizeHost step 20.1)".into(),
                source,
            },
            IdnDisplay::AcceptLanguages => match ace_to_unicode(label) {
                Some(u) => match unsafe_for_chrome_2011(&u, &params.accept_languages) {
                    None => LabelDisplay {
                        ascii: label.to_string(),
                        shown: u,
                        unicode: true,
                        rule: "every character in the alphabet of an accept-language".into(),
                        source,
                    },
                    Some(why) => LabelDisplay {
                        ascii: label.to_string(),
                        shown: label.to_string(),
                        unicode: false,
                        rule: why,
                        source,
                    },
                },
                None => LabelDisplay::ascii(label, source),
            },
            _ => LabelDisplay::ascii(label, source),
        };
        shown_host.push_str(&l.shown);
        labels.push(l);
    }
    let s = url.as_str();
    let full = match url.host_str().filter(|h| !h.is_empty()) {
        Some(h) => s.replacen(h, &shown_host, 1),
        None => s.to_string(),
    };
    let mut shown = full.clone();
    let mut omitted = Vec::new();
    for o in &params.omit {
        let (text, rule) = match o {
            Omit::UsernamePassword => match userinfo(&shown) {
                Some(info) => (info, "the user name and password are not shown"),
                None => continue,
            },
            Omit::Http if shown.starts_with("http://") => {
                ("http://".to_string(), "the scheme of an http: URL")
            }
            Omit::TrailingSlashOnBareHostname
                if url.path() == "/"
                    && url.query().is_none()
                    && url.fragment().is_none()
                    && shown.ends_with('/') =>
            {
                ("/".to_string(), "the / of a bare host")
            }
            _ => continue,
        };
        match o {
            Omit::TrailingSlashOnBareHostname => {
                shown.pop();
            }
            _ => shown = shown.replacen(&text, "", 1),
        }
        omitted.push(Omission {
            text,
            rule: rule.to_string(),
            source,
        });
    }
    Some(Display {
        shown,
        full,
        labels,
        omitted,
    })
}

/// The user information of `s` with its `@` (`u:p@` of
/// `http://u:p@h/`), if any.
fn userinfo(s: &str) -> Option<String> {
    let start = s.find("://")? + 3;
    let end = s[start..]
        .find(['/', '?', '#'])
        .map_or(s.len(), |i| start + i);
    let at = s[start..end].rfind('@')?;
    Some(s[start..start + at + 1].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chrome_2011_shows_what_english_spells() {
        let en = ["en-US".to_string(), "en".to_string()];
        assert!(unsafe_for_chrome_2011("bücher", &en).is_some());
        assert!(unsafe_for_chrome_2011("abc-12", &en).is_none());
        assert!(unsafe_for_chrome_2011("bücher", &[]).is_none());
        assert!(unsafe_for_chrome_2011("pаypal", &[]).is_some());
        assert!(unsafe_for_chrome_2011("a\u{2044}b", &[]).is_some());
        assert!(unsafe_for_chrome_2011("aノb", &[]).is_some());
        assert!(unsafe_for_chrome_2011("ノート", &[]).is_none());
    }
}
