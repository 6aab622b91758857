//! WebKit's domain to ASCII: ICU's UTS #46 (`uidna_nameToASCII`) with
//! the UTS #46 data of the ICU it runs on.
//!
//! `URLParser::domainToASCII` (`Source/WTF/wtf/URLParser.cpp`) lowercases
//! an ASCII domain without an `xn--` label itself and gives any other to
//! ICU's `uidna_nameToASCII`, opened by
//! `URLParser::internationalDomainNameTranscoder` with CheckBidi,
//! CheckContextJ and Nontransitional Processing (no STD3 rules, no
//! CheckHyphens: the errors `URLParser::allowedNameToASCIIErrors` lists,
//! empty and over-long labels and names and hyphens in the wrong places,
//! are ignored), into a buffer of `URLParser::hostnameBufferLength`
//! (2048) UTF-16 code units: a longer result fails.  That is the URL
//! Standard's *domain to ASCII* but for the data, which is the system
//! ICU's: WebKitGTK on Debian 12 runs ICU 72, UTS #46 15.0.
//!
//! The `idna` crate runs the same processing on newer data (UTS #46
//! 18.0): the mapping step (UTS #46 section 4 step 1) is done here first
//! with the data of the engine's [`IdnaData`], restated in
//! `data/uts46-icu72.txt` (made by `data/generate-idna.py` from Debian's
//! `libicuuc.so.72`); what it leaves, valid code points of UTS #46 15.0
//! (which the crate's data leaves as they are, a unit test checks), goes
//! to the crate for the rest of the processing (normalization, Punycode,
//! the validity criteria).  A code point disallowed in 15.0 fails there:
//! the code points assigned in Unicode 15.1 and later, and those UTS #46
//! 15.1 changed (`U+180E`, `U+2061`..`U+2064`, `U+206A`..`U+206F`,
//! `U+1D173`..`U+1D17A` became ignored; `U+04C0`, `U+10A0`..`U+10C5`,
//! `U+1806`, `U+2132`, `U+2183` and some CJK compatibility ideographs
//! became mapped).

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use std::borrow::Cow;
use std::sync::OnceLock;

/// The UTS #46 data a `webkit` engine maps with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdnaData {
    /// ICU 72's (UTS #46 15.0), as WebKitGTK 2.50 on Debian 12 has it.
    #[default]
    Icu72,
    /// The `idna` crate's own (UTS #46 18.0), as a WebKit built on an ICU
    /// of that version would have it.
    Latest,
}

/// `URLParser::hostnameBufferLength`: the most UTF-16 code units ICU may
/// write for an international domain.
pub const HOSTNAME_BUFFER_LENGTH: usize = 2048;

/// What UTS #46 15.0 (ICU 72) does with a code point it does not leave
/// as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Disallowed,
    Ignored,
    /// Mapped to these code points.
    Mapped(&'static [char]),
}

struct Table {
    /// Sorted, disjoint ranges and what ICU 72 does with their code points
    /// (a mapped entry is a single code point).
    entries: Vec<(u32, u32, Status)>,
}

fn parse_hex(s: &str) -> u32 {
    u32::from_str_radix(s.trim(), 16).expect("a hexadecimal code point in data/uts46-icu72.txt")
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let text = include_str!("../../../data/uts46-icu72.txt");
        let mut entries = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut fields = line.split(';').map(str::trim);
            let code = fields.next().unwrap_or("");
            let (first, last) = match code.split_once("..") {
                Some((a, b)) => (parse_hex(a), parse_hex(b)),
                None => (parse_hex(code), parse_hex(code)),
            };
            let status = match fields.next() {
                Some("disallowed") => Status::Disallowed,
                Some("ignored") => Status::Ignored,
                Some("mapped") => {
                    let chars: Vec<char> = fields
                        .next()
                        .unwrap_or("")
                        .split_whitespace()
                        .map(|h| char::from_u32(parse_hex(h)).expect("a scalar value"))
                        .collect();
                    Status::Mapped(Box::leak(chars.into_boxed_slice()))
                }
                other => panic!("data/uts46-icu72.txt: unknown status {other:?}"),
            };
            entries.push((first, last, status));
        }
        Table { entries }
    })
}

/// What ICU 72's UTS #46 data does with `c`: `None` when it leaves it as
/// it is.
pub fn icu72_status(c: char) -> Option<Status> {
    let t = table();
    let cp = u32::from(c);
    let i = t.entries.partition_point(|e| e.1 < cp);
    t.entries.get(i).filter(|e| e.0 <= cp).map(|e| e.2)
}

/// UTS #46 processing step 1 (map) of the non-ASCII code points of
/// `domain` with ICU 72's data: the mapped string, or the first
/// disallowed code point.
pub fn icu72_map(domain: &str) -> Result<Cow<'_, str>, char> {
    if domain.is_ascii() {
        return Ok(Cow::Borrowed(domain));
    }
    let mut out = String::with_capacity(domain.len());
    for c in domain.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        match icu72_status(c) {
            None => out.push(c),
            Some(Status::Disallowed) => return Err(c),
            Some(Status::Ignored) => {}
            Some(Status::Mapped(m)) => out.extend(m),
        }
    }
    Ok(Cow::Owned(out))
}

/// The validity criteria of UTS #46 15.0 on the labels that are
/// Punycode (`xn--`), which the crate checked with its own data: each
/// code point they decode to must be valid in ICU 72's data (`xn--0x7f`
/// decodes to code points Unicode 15.0 does not have).
fn check_ace_labels(ascii: &str) -> Result<(), IdnaError> {
    for label in ascii.split('.') {
        let Some(puny) = label.strip_prefix("xn--") else {
            continue;
        };
        if let Some(decoded) = idna::punycode::decode_to_string(puny) {
            if let Some(c) = decoded.chars().find(|&c| icu72_status(c).is_some()) {
                return Err(IdnaError::Disallowed(c));
            }
        }
    }
    Ok(())
}

/// Why domain to ASCII fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdnaError {
    /// A code point the data disallows.
    Disallowed(char),
    /// The `idna` crate's processing failed (a validity criterion,
    /// Punycode).
    Invalid,
    /// The result is empty.
    Empty,
    /// The result is longer than [`HOSTNAME_BUFFER_LENGTH`].
    TooLong(usize),
}

impl std::fmt::Display for IdnaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IdnaError::Disallowed(c) => write!(
                f,
                "U+{:04X} is disallowed by the UTS #46 data",
                u32::from(*c)
            ),
            IdnaError::Invalid => f.write_str(
                "a label fails UTS #46 processing (validity criteria, CheckBidi, \
                 CheckJoiners, Punycode)",
            ),
            IdnaError::Empty => f.write_str("the domain is empty after UTS #46 processing"),
            IdnaError::TooLong(n) => write!(
                f,
                "the ASCII form has {n} characters, more than ICU's buffer of {HOSTNAME_BUFFER_LENGTH}"
            ),
        }
    }
}

/// The `idna` crate's ToASCII with the URL Standard's parameters
/// (CheckHyphens false, CheckBidi and CheckJoiners true, no STD3 rules,
/// no DNS length check).
pub fn crate_to_ascii(domain: &str) -> Result<String, IdnaError> {
    Uts46::new()
        .to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .map(Cow::into_owned)
        .map_err(|_| IdnaError::Invalid)
}

/// WebKit's domain to ASCII of `domain` (percent-decoded) under `data`.
pub fn domain_to_ascii(domain: &str, data: IdnaData) -> Result<String, IdnaError> {
    // An ASCII domain without an `xn--` label is only lowercased
    // (`URLParser::domainToASCII`, `subdomainStartsWithXNDashDash`); UTS
    // #46 gives the same.
    let mapped = match data {
        IdnaData::Icu72 => icu72_map(domain).map_err(IdnaError::Disallowed)?,
        IdnaData::Latest => Cow::Borrowed(domain),
    };
    let ascii = crate_to_ascii(&mapped)?;
    if data == IdnaData::Icu72 {
        check_ace_labels(&ascii)?;
    }
    if ascii.is_empty() {
        return Err(IdnaError::Empty);
    }
    if !domain.is_ascii() && ascii.len() > HOSTNAME_BUFFER_LENGTH {
        return Err(IdnaError::TooLong(ascii.len()));
    }
    Ok(ascii)
}

#[cfg(test)]
mod tests {
    use super::*;
    use icu_normalizer::uts46::Uts46MapperBorrowed;

    #[test]
    fn the_table_reads_as_icu_72_has_it() {
        assert_eq!(icu72_status('a'), None);
        assert_eq!(icu72_status('A'), Some(Status::Mapped(&['a'])));
        assert_eq!(icu72_status('\u{AD}'), Some(Status::Ignored));
        assert_eq!(icu72_status('\u{180E}'), Some(Status::Disallowed));
        assert_eq!(icu72_status('\u{04C0}'), Some(Status::Disallowed));
        assert_eq!(icu72_status('\u{13460}'), Some(Status::Disallowed));
        assert_eq!(
            icu72_status('\u{2474}'),
            Some(Status::Mapped(&['(', '1', ')']))
        );
        // The deviation characters stay (Nontransitional Processing).
        assert_eq!(icu72_status('ß'), None);
        assert_eq!(icu72_status('\u{200D}'), None);
    }

    /// What the mapping here leaves, the crate leaves too: each code point
    /// UTS #46 15.0 keeps is one the crate's data keeps, so that the
    /// crate's own mapping does not act again on the mapped string.
    #[test]
    fn what_icu_72_keeps_the_crate_keeps() {
        let mapper = Uts46MapperBorrowed::new();
        let mut changed = Vec::new();
        for cp in 0x80..=0x10FFFFu32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if icu72_status(c).is_some() {
                continue;
            }
            let by_crate: String = mapper.map_normalize(std::iter::once(c)).collect();
            if by_crate != c.to_string() {
                changed.push(cp);
            }
        }
        assert!(changed.is_empty(), "{:X?}", changed);
    }

    #[test]
    fn webkit_rejects_what_15_0_disallows() {
        let d = IdnaData::Icu72;
        assert_eq!(domain_to_ascii("faß.de", d).unwrap(), "xn--fa-hia.de");
        assert_eq!(
            domain_to_ascii("a\u{180E}b", d),
            Err(IdnaError::Disallowed('\u{180E}'))
        );
        assert_eq!(
            domain_to_ascii("a\u{180E}b", IdnaData::Latest).unwrap(),
            "ab"
        );
        assert_eq!(domain_to_ascii("\u{AD}", d), Err(IdnaError::Empty));
        assert_eq!(domain_to_ascii("EXAMPLE.com", d).unwrap(), "example.com");
        let long = "ab\u{e9}.".repeat(500);
        assert!(matches!(
            domain_to_ascii(&long, d),
            Err(IdnaError::TooLong(_))
        ));
    }
}
