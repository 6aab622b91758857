//! Which internationalized hosts the IDN shortcut takes, and the host it
//! converts: one that Nameprep leaves as it is (ASCII case aside), or maps
//! the same way under every profile ([`prepare_host`]).
//!
//! `WWW.ÄRZTE.DE` → `www.ärzte.de`; `Ｅｘａｍｐｌｅ．ｄｅ` → `example.de`.

use crate::algorithm::host::labels::is_label_separator;
use crate::profile::shortcut_keys::LDH_AND_DOT;
use crate::text::unicode::tables::{
    self, FLAG_A_1, FLAG_B_1, FLAG_B_2, FLAG_NFKC_CCC, FLAG_PROHIBITED,
};
use crate::text::unicode::{nfkc, stringprep};

/// The flag-table bits of a character that Nameprep acts on, whatever the
/// characters around it: mapped (B.1, B.2), unassigned in Unicode 3.2
/// (A.1, steps 6 to 9), prohibited (step 10, which also holds IE's
/// noncharacters).  What NFKC does depends on the neighbours too: see
/// [`nfkc::leaves_alone`].
pub(crate) const NAMEPREP_ACTS: u16 = FLAG_B_1 | FLAG_B_2 | FLAG_A_1 | FLAG_PROHIBITED;

/// How a host stands with [`idn_fast_path`](super::idn::idn_fast_path_into) (the part that does not depend
/// on the profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Qualified {
    /// The steps run one by one.
    No,
    /// Nameprep leaves the host as it is but for ASCII case
    /// ([`idn_chars_flags`]).
    AsIs,
    /// Nameprep maps some of its characters, the same way under every
    /// profile, and leaves what it makes as it is ([`prepare_host`]).
    Prepared,
}

/// [`Qualified`] for `host` (`Prepared` only when `prepare`), and the
/// flags of the non-ASCII characters of what step 20 converts (see
/// [`idn_chars_flags`]; 0 for `No`); `text` receives what step 20
/// converts when it is not `host` itself: `host` lowercased (`AsIs`, when
/// it has ASCII uppercase) or as Nameprep and step 15 make it
/// (`Prepared`).
pub(crate) fn qualify(host: &str, text: &mut String, prepare: bool) -> (Qualified, u16) {
    text.clear();
    if let Some(flags) = idn_chars_flags(host) {
        if host.bytes().any(|b| b.is_ascii_uppercase()) {
            text.push_str(host);
            text.make_ascii_lowercase();
        }
        return (Qualified::AsIs, flags);
    }
    if !prepare {
        return (Qualified::No, 0);
    }
    let Some((prepared, left_alone)) = prepare_host(host).filter(|(p, _)| !p.is_empty()) else {
        return (Qualified::No, 0);
    };
    // An ASCII result has no non-ASCII character to flag.
    let flags = match idn_chars_flags_told(&prepared, left_alone) {
        Some(flags) => flags,
        None if prepared_ascii_qualifies(&prepared) => 0,
        None => return (Qualified::No, 0),
    };
    *text = prepared;
    (Qualified::Prepared, flags)
}

/// Whether a host that [`prepare_host`] makes ASCII (`ｗｗｗ．ｅｘａｍｐｌｅ．ｏｒｇ`
/// → `www.example.org`, the fullwidth forms of a name) qualifies for
/// [`idn_fast_path`](super::idn::idn_fast_path_into) as prepared: letters, digits, hyphens and dots, no
/// trailing dot, and no ASCII digit first.
///
/// The host as written is not ASCII, so step 9 sets /need-punycode/ and
/// step 20 converts the labels as [`idn_fast_path`](super::idn::idn_fast_path_into) does (ToASCII of a
/// label Nameprep made ASCII is ToASCII of that ASCII label: RFC 3490
/// 4.1 runs Nameprep only on a label that is not ASCII, and Nameprep of
/// an ASCII label is its lowercase, which the prepared host is already).
/// Step 27 finds no address in what step 20 makes of it, as for a host
/// that is not ASCII: that is either not ASCII (an `xn--` label through
/// IE's round trip, which succeeds only for a label that decodes to
/// non-ASCII), or the prepared host with its labels at most truncated
/// (20.2.1.3.1), which begins with the same character, not an ASCII
/// digit, and no IPv4 rule finds an address in a host of letters,
/// digits, hyphens and dots that does not begin with one (see
/// [`LdhHostKey`](super::ldh::LdhHostKey)).  `１２７．０．０．１` (`127.0.0.1`) takes the steps.
fn prepared_ascii_qualifies(prepared: &str) -> bool {
    prepared.bytes().all(|b| LDH_AND_DOT.contains(b))
        && !prepared.ends_with('.')
        && !prepared.starts_with(|c: char| c.is_ascii_digit())
}

/// A host whose characters Nameprep maps (case, compatibility forms, label
/// separators) the same way under every profile: ASCII letters, digits,
/// hyphens and dots, and non-ASCII characters assigned in Unicode 3.2 (so
/// that steps 6 to 9 and every NFKC variant agree, the corrigenda
/// characters aside), not prohibited (step 10, IE's noncharacters of step
/// 3a included), and of combining class 0 (no Gecko tone mark, step 2; no
/// Corrigendum 5 sequence, step 4; no reordering); no trailing label
/// separator (steps 10, 16).  Returns the Map step and NFKC of it, with
/// the label separators of step 15 made `.`, when they leave the labels as
/// they were (no `.` made or lost): the host with which steps 11 to 19 of
/// every profile reach step 20, Chrome's per-label Nameprep included
/// (Nameprep works on each character and its neighbours, never across a
/// `.`), and whether every NFKC variant is known to leave it alone (it
/// was checked: see [`push_mapped_character`]).  [`qualify`] then asks
/// [`idn_chars_flags`] of the result.
///
/// `WWW.ÄRZTE.DE` → `www.ärzte.de`; `Ｅｘａｍｐｌｅ．ｄｅ` → `example.de`
/// (an ASCII result, which [`idn_chars_flags`] turns down);
/// `a\u{2024}b` (NFKC makes a `.`) → `None`.
pub(crate) fn prepare_host(host: &str) -> Option<(String, bool)> {
    let agrees = |c: char| {
        if c.is_ascii() {
            LDH_AND_DOT.contains(c as u8)
        } else {
            tables::flags(c) & (FLAG_A_1 | FLAG_PROHIBITED | FLAG_NFKC_CCC) == 0
                && (c < '\u{F951}' || !nfkc::CORRIGENDUM_CHARACTERS.contains(&c))
        }
    };
    if host.is_ascii() || host.ends_with(is_label_separator) {
        return None;
    }
    // One pass: the characters agree, and each is mapped on its own.
    let mut separators = 0;
    let mut by_character = String::with_capacity(host.len());
    for c in host.chars() {
        if !agrees(c) {
            return None;
        }
        if is_label_separator(c) {
            separators += 1;
        }
        push_mapped_character(c, &mut by_character);
    }
    if nfkc::leaves_alone(&by_character) {
        return Some((by_character, true));
    }
    // Every variant gives the same: THIS's, the own NFKC of Unicode 3.2.
    let mapped = stringprep::map_cow(host);
    let normalized = nfkc::nfkc_cow(&mapped, &crate::profile::this().nameprep.nfkc);
    let prepared: String = normalized
        .chars()
        .map(|c| if is_label_separator(c) { '.' } else { c })
        .collect();
    (prepared.bytes().filter(|&b| b == b'.').count() == separators).then_some((prepared, false))
}

/// The NFKC of the Map step of one character `c` of a host
/// [`prepare_host`] takes, with a label separator made `.`, or a string
/// compatibility-equivalent to it, appended to `out`: its Map step (ASCII
/// lowercase, B.1 removed, B.2 applied), except that a label separator is
/// `.` and a fullwidth form of ASCII (U+FF01 to U+FF5E) is its ASCII
/// character, lowercased.
///
/// When every NFKC variant leaves the whole string alone
/// ([`nfkc::leaves_alone`]), that string is what [`prepare_host`] makes:
/// each piece, with the separators as they are after NFKC (U+3002, or
/// `.` for U+FF0E), is compatibility-equivalent to the character's Map
/// step (a fullwidth form decomposes to its ASCII character, U+FF61 to
/// U+3002), so their string has the NFKC of the host's Map step, which
/// is itself when NFKC leaves it alone; `.` and U+3002 are alike to the
/// quick check (starters that neither decompose nor compose); and no `.`
/// is made or lost.
///
/// `ΠΑΡΆΔΕΙΓΜΑ` → `παράδειγμα`; `ｅｓｐｎ．ｏｒｇ` → `espn.org`; `Ⅰ.de`
/// gives `ⅰ.de`, which NFKC changes (`i.de`): the whole string is
/// normalized then.
fn push_mapped_character(c: char, out: &mut String) {
    match c {
        _ if is_label_separator(c) => out.push('.'),
        _ if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        '\u{FF01}'..='\u{FF5E}' => {
            out.push(char::from(((c as u32 - 0xFEE0) as u8).to_ascii_lowercase()));
        }
        _ if tables::flags(c) & FLAG_B_1 != 0 => {}
        _ => match stringprep::map_b2(c) {
            Some(mapped) => out.push_str(mapped),
            None => out.push(c),
        },
    }
}

/// Whether the characters of `host` qualify for [`idn_fast_path`](super::idn::idn_fast_path_into) (see
/// [`idn_chars_flags`]).
#[cfg(test)]
pub(crate) fn idn_chars_qualify(host: &str) -> bool {
    idn_chars_flags(host).is_some()
}

/// When the characters of `host` qualify for [`idn_fast_path`](super::idn::idn_fast_path_into) (a
/// non-ASCII host, no trailing dot, and Nameprep leaves it as it is but
/// for ASCII case), the flags ([`tables::flags`]) of its non-ASCII
/// characters, or'd together: what [`LabelFacts`](super::shared::LabelFacts) and Gecko's blacklist
/// (step 20.1.4) read of them, found in the one look at each character.
pub(crate) fn idn_chars_flags(host: &str) -> Option<u16> {
    idn_chars_flags_told(host, false)
}

/// [`idn_chars_flags`] of a host that every NFKC variant is known to leave
/// alone when `left_alone` (not checked again).
fn idn_chars_flags_told(host: &str, left_alone: bool) -> Option<u16> {
    if host.is_ascii() || host.ends_with('.') {
        return None;
    }
    let mut flags = 0;
    for c in host.chars() {
        if c.is_ascii() {
            if !LDH_AND_DOT.contains(c as u8) {
                return None;
            }
            continue;
        }
        let f = tables::flags(c);
        if c == '\u{3002}' || f & NAMEPREP_ACTS != 0 {
            return None;
        }
        flags |= f;
    }
    // Gecko's tone marks (step 2) have decompositions, and its Corrigendum
    // 5 swap (step 4) needs a starter that composes: NFKC leaving the host
    // alone rules both out.
    (left_alone || nfkc::leaves_alone(host)).then_some(flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// [`push_mapped_character`]'s string, where NFKC leaves it alone,
        /// is the NFKC of the Map step under THIS's variant and the latest
        /// Unicode (label separators aside, which both make `.`).
        #[test]
        fn mapped_characters_are_nfkc_of_map(v in proptest::collection::vec(
            proptest::sample::select(vec![
                'a', 'Q', '-', '.', '\u{FF21}', '\u{FF45}', '\u{FF0E}', '\u{FF61}', '\u{3002}',
                '\u{3A0}', '\u{386}', '\u{3C3}', '\u{3A3}', '\u{C4}', '\u{E4}', '\u{DF}', '\u{130}',
                '\u{AD}', '\u{200B}', '\u{FB01}', '\u{4F8B}', '\u{3048}', '\u{304B}', '\u{3099}',
                '\u{1100}', '\u{1161}', '\u{AC00}', '\u{11A8}', '\u{E17}', '\u{E48}', '\u{2160}',
                '\u{41F}', '\u{17F}', '\u{1E9B}',
            ]), 1..12)
        ) {
            let host: String = v.into_iter().collect();
            let mut fast = String::new();
            host.chars().for_each(|c| push_mapped_character(c, &mut fast));
            if nfkc::leaves_alone(&fast) {
                let fast: String = fast.chars().map(|c| if c == '.' { '\u{3002}' } else { c }).collect();
                let mapped = stringprep::map_cow(&host);
                let this = nfkc::nfkc_cow(&mapped, &crate::profile::this().nameprep.nfkc);
                let latest = crate::profile::NfkcVariant {
                    unicode: crate::profile::UnicodeVersion::Latest,
                    corrigendum_3: true,
                    corrigendum_4: true,
                    corrigendum_5: true,
                };
                let separators_as_one = |s: &str| -> String {
                    s.chars().map(|c| if is_label_separator(c) { '\u{3002}' } else { c }).collect()
                };
                proptest::prop_assert_eq!(&fast, &separators_as_one(&this), "{:?}", host);
                proptest::prop_assert_eq!(&fast, &separators_as_one(&nfkc::nfkc_cow(&mapped, &latest)), "{:?}", host);
            }
        }
    }

    /// [`prepare_host`] maps the common hosts character by character, and
    /// the others by the whole Map step and NFKC.
    #[test]
    fn prepare_host_maps_the_common_hosts() {
        let p = |h: &str| prepare_host(h).map(|(p, _)| p);
        assert_eq!(
            p("\u{3A0}\u{391}\u{3A1}\u{386}.gr").as_deref(),
            Some("\u{3C0}\u{3B1}\u{3C1}\u{3AC}.gr")
        );
        assert_eq!(
            p("\u{FF45}\u{FF53}\u{FF50}\u{FF4E}\u{FF0E}\u{FF2F}\u{FF32}\u{FF27}").as_deref(),
            Some("espn.org")
        );
        assert_eq!(p("\u{4F8B}\u{FF61}jp").as_deref(), Some("\u{4F8B}.jp"));
        assert_eq!(p("\u{FB01}.de").as_deref(), Some("fi.de"));
        // B.2 makes U+2170, which NFKC makes `i`.
        assert_eq!(p("\u{2160}.de").as_deref(), Some("i.de"));
        // NFKC makes a `.` of U+2024: turned down.
        assert_eq!(p("a\u{2024}b\u{E9}"), None);
        let nfkc_bits = tables::FLAG_NFKC_OWN_MAYBE
            | tables::FLAG_NFKC_CCC
            | tables::FLAG_NFKC_DECOMP
            | tables::FLAG_NFKC_SECOND
            | tables::FLAG_NFKC_COMPOSITE;
        assert_eq!(
            tables::flags('\u{3002}') & nfkc_bits,
            tables::flags('.') & nfkc_bits
        );
    }
}
