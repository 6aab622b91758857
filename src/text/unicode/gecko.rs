//! Gecko's IDN lists of 2011 (`data/gecko-idn-*.txt`), used by
//! CanonicalizeHost step 20.1 (GECKO) of the specification.

use super::tables::{
    flags, gecko_whitelist_contains, gecko_whitelist_contains_u_label, FLAG_GECKO_BLACKLIST,
};

/// Whether `tld` (lowercase ASCII, possibly `xn--...`) is an IDN-enabled TLD
/// (CanonicalizeHost step 20.1.3, \[WHITELIST\]).  The comparison is ASCII
/// case-insensitive.
pub fn is_idn_whitelisted_tld(tld: &str) -> bool {
    lowercase_on_the_list(tld, gecko_whitelist_contains)
}

/// `on_the_list` of the ASCII lowercase of `tld`, lowercased on the stack
/// when it has uppercase: no TLD on the lists is longer than 64 octets.
fn lowercase_on_the_list(tld: &str, on_the_list: fn(&[u8]) -> bool) -> bool {
    let b = tld.as_bytes();
    if !b.iter().any(u8::is_ascii_uppercase) {
        return on_the_list(b);
    }
    let mut lower = [0u8; 64];
    match lower.get_mut(..b.len()) {
        Some(l) => {
            l.copy_from_slice(b);
            l.make_ascii_lowercase();
            on_the_list(l)
        }
        None => false,
    }
}

/// Whether the ACE form of the non-ASCII label `tld` (`xn--` and its
/// Punycode, which step 20.1.2 makes) is an IDN-enabled TLD, told without
/// encoding: its ASCII lowercase is the U-label of a whitelisted A-label.
/// Punycode is one-to-one, every whitelisted A-label encodes its U-label
/// back (`data/generate.py` checks it), and the encoder copies the ASCII
/// letters as they are and counts them whatever their case, so the ACE
/// form of `tld` equals an A-label, ASCII case aside, exactly when its
/// lowercase is that A-label's U-label.  `рф` (`xn--p1ai`) is; `日本` is
/// not.
pub fn is_idn_whitelisted_u_label(tld: &str) -> bool {
    lowercase_on_the_list(tld, gecko_whitelist_contains_u_label)
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
        let tlds = a_labels();
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
        let listed = a_labels();
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

    /// The lines of `data/gecko-idn-whitelist.txt`: each TLD and, for an
    /// A-label, its U-label.
    fn whitelist_lines() -> Vec<(&'static str, Option<String>)> {
        let text = include_str!("../../../data/gecko-idn-whitelist.txt");
        (text.lines().map(str::trim))
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                let mut fields = l.split_whitespace();
                let tld = fields.next().unwrap();
                let cps: Vec<char> = fields
                    .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
                    .collect();
                (tld, (!cps.is_empty()).then(|| cps.into_iter().collect()))
            })
            .collect()
    }

    fn a_labels() -> Vec<&'static str> {
        whitelist_lines().into_iter().map(|(tld, _)| tld).collect()
    }

    /// Step 20.1.2 and 3 as written: the TLD's ACE form on the list.
    fn ace_whitelisted(tld: &str) -> bool {
        let chars: Vec<char> = tld.chars().collect();
        let mut ace = String::from("xn--");
        crate::text::unicode::punycode::encode_into(&chars, &mut ace).is_some()
            && is_idn_whitelisted_tld(&ace)
    }

    /// Every A-label's U-label encodes to it and is found; every A-label
    /// has one.
    #[test]
    fn u_labels_are_the_a_labels() {
        let mut found = 0;
        for (tld, u) in whitelist_lines() {
            assert_eq!(u.is_some(), tld.starts_with("xn--"), "{tld}");
            if let Some(u) = u {
                assert!(ace_whitelisted(&u), "{tld} {u}");
                assert!(is_idn_whitelisted_u_label(&u), "{tld} {u}");
                found += 1;
            }
        }
        assert!(found > 20, "{found}");
        assert!(!is_idn_whitelisted_u_label("\u{65E5}\u{672C}"));
    }

    fn tld_char() -> impl proptest::strategy::Strategy<Value = char> {
        let mut chars: Vec<char> = whitelist_lines()
            .into_iter()
            .filter_map(|(_, u)| u)
            .flat_map(|u| u.chars().collect::<Vec<_>>())
            .collect();
        chars.extend(['a', 'B', 'x', '-', '1', '\u{FC}', '\u{4E00}']);
        proptest::sample::select(chars)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// The U-label check says what encoding and the A-label check say,
        /// for non-ASCII TLDs: U-labels, their pieces, mixed with ASCII
        /// letters in either case.
        #[test]
        fn u_label_check_is_the_ace_check(
            v in proptest::collection::vec(tld_char(), 1..8),
            whole in proptest::sample::select(whitelist_lines().into_iter().filter_map(|(_, u)| u).collect::<Vec<_>>()),
            take_whole in proptest::bool::ANY,
        ) {
            let tld: String = if take_whole { whole } else { v.into_iter().collect() };
            proptest::prop_assume!(!tld.is_ascii());
            proptest::prop_assert_eq!(is_idn_whitelisted_u_label(&tld), ace_whitelisted(&tld), "{:?}", tld);
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
            let listed = crate::text::unicode::tables::GECKO_BLACKLIST.contains(&c);
            assert_eq!(is_idn_blacklisted(c), listed, "{c:?}");
        }
    }
}
