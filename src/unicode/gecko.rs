//! Gecko's IDN lists of 2011 (`data/gecko-idn-*.txt`).

/// Whether `tld` (lowercase ASCII, possibly `xn--...`) is an IDN-enabled TLD.
pub fn is_idn_whitelisted_tld(tld: &str) -> bool {
    let _ = tld;
    todo!()
}

/// Whether `c` is on Gecko's IDN blacklist.
pub fn is_idn_blacklisted(c: char) -> bool {
    let _ = c;
    todo!()
}
