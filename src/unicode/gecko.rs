//! Gecko's IDN lists of 2011 (`data/gecko-idn-*.txt`), used by
//! CanonicalizeHost step 20.1 (GECKO) of the specification.

use super::tables::{flags, gecko_whitelist_contains, FLAG_GECKO_BLACKLIST};

/// Whether `tld` (lowercase ASCII, possibly `xn--...`) is an IDN-enabled TLD
/// (CanonicalizeHost step 20.1.3, \[WHITELIST\]).  The comparison is ASCII
/// case-insensitive.
pub fn is_idn_whitelisted_tld(tld: &str) -> bool {
    let b = tld.as_bytes();
    if !b.iter().any(u8::is_ascii_uppercase) {
        return gecko_whitelist_contains(b);
    }
    // Lowercased on the stack: no TLD on the list is longer.
    let mut lower = [0u8; 32];
    match lower.get_mut(..b.len()) {
        Some(l) => {
            l.copy_from_slice(b);
            l.make_ascii_lowercase();
            gecko_whitelist_contains(l)
        }
        None => false,
    }
}

/// Whether `c` is on Gecko's IDN blacklist (CanonicalizeHost step 20.1.4,
/// \[BLACKLIST\]).  One lookup in the flag table, whose bit mirrors
/// `tables::GECKO_BLACKLIST`.
pub fn is_idn_blacklisted(c: char) -> bool {
    flags(c) & FLAG_GECKO_BLACKLIST != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitelist() {
        for tld in ["de", "jp", "org", "info", "xn--p1ai", "xn--zckzah"] {
            assert!(is_idn_whitelisted_tld(tld), "{tld}");
        }
        assert!(is_idn_whitelisted_tld("de"));
        assert!(is_idn_whitelisted_tld("DE"));
        assert!(is_idn_whitelisted_tld("info"));
        assert!(!is_idn_whitelisted_tld("com"));
        assert!(!is_idn_whitelisted_tld(""));
        // Every TLD of the list, and none but those.
        let list = include_str!("../../data/gecko-idn-whitelist.txt");
        let tlds: Vec<&str> = list
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(tlds.len() > 60);
        for tld in &tlds {
            assert!(is_idn_whitelisted_tld(tld), "{tld}");
            assert!(is_idn_whitelisted_tld(&tld.to_ascii_uppercase()), "{tld}");
            assert!(!is_idn_whitelisted_tld(&format!("{tld}x")), "{tld}");
            assert!(!is_idn_whitelisted_tld(&tld[1..]) || tlds.contains(&&tld[1..]));
        }
        assert!(!is_idn_whitelisted_tld(&"A".repeat(40)));
        assert!(!is_idn_whitelisted_tld("example"));
    }

    /// Every TLD of `data/gecko-idn-whitelist.txt` is found, in any case;
    /// each with a letter more or less is not (unless it is listed too).
    #[test]
    fn whitelist_is_the_data_file() {
        let text = include_str!("../../data/gecko-idn-whitelist.txt");
        let listed: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(listed.len() > 50, "{}", listed.len());
        for tld in &listed {
            assert!(is_idn_whitelisted_tld(tld), "{tld}");
            assert!(is_idn_whitelisted_tld(&tld.to_ascii_uppercase()), "{tld}");
            for other in [format!("{tld}a"), tld[1..].to_string(), format!("a{tld}")] {
                assert_eq!(
                    is_idn_whitelisted_tld(&other),
                    listed.contains(&other.as_str()),
                    "{other}"
                );
            }
        }
    }

    #[test]
    fn blacklist() {
        for c in [
            '\u{0020}', '\u{00A0}', '\u{2044}', '\u{3002}', '\u{FFFD}', '\u{A789}',
        ] {
            assert!(is_idn_blacklisted(c), "{c:?}");
        }
        for c in ['a', '.', '\u{00E9}', '\u{4E00}'] {
            assert!(!is_idn_blacklisted(c), "{c:?}");
        }
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            let listed = crate::unicode::tables::GECKO_BLACKLIST.contains(&c);
            assert_eq!(is_idn_blacklisted(c), listed, "{c:?}");
        }
    }
}
