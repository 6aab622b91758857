//! Chromium's lookalike check of a whole host against its top domains
//! (`components/url_formatter/spoof_checks/skeleton_generator.cc`
//! `SkeletonGenerator::GetSkeletons`, `idn_spoof_checker.cc`
//! `GetSimilarTopDomain` and `LookupSkeletonInTopDomains`; Chromium 150),
//! with the lists of `data/display/chromium-*-domains.skeletons`.
//!
//! ICU's transliterators are applied as the rules of
//! `data/display/chromium-skeleton-rules.txt` say (each rule maps one
//! character), and `uspoof_getSkeletonUnicodeString` is UTS #39's
//! skeleton from the `unicode-security` crate (Unicode 18 confusables).

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

use super::spoof::is_lgc_or_ascii;
use crate::engines::display::is_nonspacing_mark;

/// Which top-domain list a host is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopDomains {
    /// The list the browser ships (`top_domains/domains.list`, 8,466
    /// domains of the Chrome UX Report).
    Chromium,
    /// The list Chromium's own `kIdnCases` unit test runs against
    /// (`top_domains/idn_test_domains.list`).
    IdnTest,
}

/// A top domain whose skeleton a host shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TopDomainEntry {
    pub domain: String,
    pub skeleton: String,
}

fn read_skeletons(text: &str) -> HashMap<String, String> {
    let mut map = HashMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split(", ").collect();
        if cols.len() < 2 {
            continue;
        }
        let domain = cols[cols.len() - 1].to_string();
        map.entry(cols[0].to_string()).or_insert(domain);
    }
    map
}

fn skeleton_table(list: TopDomains) -> &'static HashMap<String, String> {
    static CHROMIUM: OnceLock<HashMap<String, String>> = OnceLock::new();
    static IDN_TEST: OnceLock<HashMap<String, String>> = OnceLock::new();
    match list {
        TopDomains::Chromium => CHROMIUM.get_or_init(|| {
            read_skeletons(include_str!(
                "../../../data/display/chromium-top-domains.skeletons"
            ))
        }),
        TopDomains::IdnTest => IDN_TEST.get_or_init(|| {
            read_skeletons(include_str!(
                "../../../data/display/chromium-idn-test-domains.skeletons"
            ))
        }),
    }
}

/// The `ExtraConf` transliterator's rules (skeleton_generator.cc 119-137):
/// each left-hand character and its replacement.
fn extra_confusables() -> &'static HashMap<char, String> {
    static M: OnceLock<HashMap<char, String>> = OnceLock::new();
    M.get_or_init(|| {
        let text = include_str!("../../../data/display/chromium-skeleton-rules.txt");
        let rules = text
            .lines()
            .skip_while(|l| !l.starts_with("[ExtraConf]"))
            .nth(1)
            .expect("the ExtraConf rules");
        let mut map = HashMap::new();
        for rule in rules.split(';') {
            let Some((lhs, rhs)) = rule.split_once('>') else {
                continue;
            };
            let rhs = rhs.trim().replace('\\', "");
            let lhs = lhs.trim().trim_start_matches('[').trim_end_matches(']');
            for c in lhs.chars() {
                map.insert(c, rhs.clone());
            }
        }
        map
    })
}

/// The `DropAcc` transliterator (skeleton_generator.cc 56-58): NFD,
/// nonspacing marks removed, NFC, `ł` → `l`, `ø` → `o`, `đ` → `d`
/// (`tést` → `test`).
pub(crate) fn drop_accents(s: &str) -> String {
    let stripped: String = s.nfd().filter(|&c| !is_nonspacing_mark(c)).nfc().collect();
    stripped
        .chars()
        .map(|c| match c {
            'ł' => 'l',
            'ø' => 'o',
            'đ' => 'd',
            c => c,
        })
        .collect()
}

/// The `ExtraConf` transliterator (`кaк` → `kak`).
pub(crate) fn extra_confusable_map(s: &str) -> String {
    let map = extra_confusables();
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match map.get(&c) {
            Some(r) => out.push_str(r),
            None => out.push(c),
        }
    }
    out
}

/// The alternatives of the characters with several skeletons
/// (`character_map_`, skeleton_generator.cc 141-147).
fn alternatives(c: char) -> Option<&'static [&'static str]> {
    match c {
        'þ' => Some(&["b", "p"]),
        'œ' => Some(&["ce", "oe"]),
        'ł' => Some(&["l", "t"]),
        'ı' => Some(&["l", "i"]),
        _ => None,
    }
}

/// `GenerateSupplementalHostnames` (skeleton_generator.cc 270-342): the
/// host with each multi-skeleton character kept or replaced by each of
/// its alternatives, the first 128 in breadth-first order; nothing at all
/// for a host longer than 32 UTF-16 code units or with more than 5 such
/// characters (`þa` → `þa`, `ba`, `pa`).
pub(crate) fn supplemental_hostnames(input: &str) -> BTreeSet<String> {
    let mut output = BTreeSet::new();
    let chars: Vec<char> = input.chars().collect();
    let multiple = chars.iter().filter(|&&c| alternatives(c).is_some()).count();
    if input.is_empty() || input.encode_utf16().count() > 32 || multiple > 5 {
        return output;
    }
    let mut queue: VecDeque<(usize, String)> = VecDeque::from([(0, String::new())]);
    while let Some((done, current)) = queue.pop_front() {
        if done == chars.len() {
            output.insert(current);
            if output.len() == 128 {
                break;
            }
            continue;
        }
        let c = chars[done];
        queue.push_back((done + 1, format!("{current}{c}")));
        for alternative in alternatives(c).unwrap_or(&[]) {
            queue.push_back((done + 1, format!("{current}{alternative}")));
        }
    }
    output
}

/// UTS #39 skeleton (`uspoof_getSkeletonUnicodeString`): `google.com` →
/// `google.corn`.
pub(crate) fn uts39_skeleton(s: &str) -> String {
    unicode_security::skeleton(s).collect()
}

/// `SkeletonGenerator::GetSkeletons` (skeleton_generator.cc 184-233): the
/// skeletons of a Unicode host (`tést.net` → `test.net`): the host without
/// diacritics (when it is wholly Latin, Greek, Cyrillic and `[0-9._-]`)
/// and its supplemental hostnames, with those of the host as it is when
/// it has `ł`; each through `ExtraConf` and the UTS #39 skeleton, and
/// again with `ӏ` mapped to `l`. A host longer than 32 UTF-16 code units
/// has no skeleton.
pub(crate) fn get_skeletons(host: &str) -> BTreeSet<String> {
    let trimmed = host.strip_suffix('.').unwrap_or(host);
    let no_diacritics = match trimmed.chars().all(is_lgc_or_ascii) {
        true => drop_accents(trimmed),
        false => trimmed.to_string(),
    };
    let mut variants = supplemental_hostnames(&no_diacritics);
    // ShouldComputeSupplementalHostnamesWithDiacritics: of þ, œ, ł, ı only
    // ł loses something to DropAcc.
    if host.contains('ł') {
        variants.extend(supplemental_hostnames(host));
    }
    let mut skeletons = BTreeSet::new();
    for variant in variants {
        let variant = variant.strip_suffix('.').unwrap_or(&variant);
        let mapped = extra_confusable_map(variant);
        if mapped.contains('\u{04CF}') {
            skeletons.insert(uts39_skeleton(&mapped.replace('\u{04CF}', "l")));
        }
        skeletons.insert(uts39_skeleton(&mapped));
    }
    skeletons
}

/// `LookupSkeletonInTopDomains` (idn_spoof_checker.cc 643-681): the last
/// four labels of the skeleton, then fewer leading labels down to two.
pub(crate) fn lookup_skeleton_in_top_domains(
    skeleton: &str,
    list: TopDomains,
) -> Option<TopDomainEntry> {
    let table = skeleton_table(list);
    let mut labels: Vec<&str> = skeleton.split('.').collect();
    if labels.len() > 4 {
        labels.drain(..labels.len() - 4);
    }
    while labels.len() > 1 {
        let partial = labels.join(".");
        if let Some(domain) = table.get(&partial) {
            return Some(TopDomainEntry {
                domain: domain.clone(),
                skeleton: partial,
            });
        }
        labels.remove(0);
    }
    None
}

/// `IDNSpoofChecker::GetSimilarTopDomain` (idn_spoof_checker.cc 568-588):
/// the top domain of the first skeleton (in order) found in the list,
/// unless the host is that domain or a subdomain of it (`googlе.com` with
/// a Cyrillic `е` → `google.com`; `éxample.blogspot.com` → none).
pub(crate) fn get_similar_top_domain(host: &str, list: TopDomains) -> Option<TopDomainEntry> {
    for skeleton in get_skeletons(host) {
        if let Some(entry) = lookup_skeleton_in_top_domains(&skeleton, list) {
            let d = &entry.domain;
            let lower = host.to_ascii_lowercase();
            if lower == *d || lower.ends_with(&format!(".{d}")) {
                return None;
            }
            return Some(entry);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skeletons_and_lookalikes() {
        assert!(get_skeletons("google.com").contains("google.corn"));
        assert!(get_skeletons("tést.net").contains("test.net"));
        let g = get_similar_top_domain("googl\u{0435}.com", TopDomains::IdnTest);
        assert_eq!(g.map(|e| e.domain).as_deref(), Some("google.com"));
        assert_eq!(
            get_similar_top_domain("google.com", TopDomains::IdnTest),
            None
        );
        assert_eq!(
            get_similar_top_domain("subdomain.test.net", TopDomains::IdnTest),
            None
        );
        assert!(get_similar_top_domain("tést.net", TopDomains::IdnTest).is_some());
        let v: Vec<String> = supplemental_hostnames("þa").into_iter().collect();
        assert_eq!(v, ["ba", "pa", "þa"]);
        assert!(get_skeletons("a-host-name-of-more-than-32-chars.com").is_empty());
    }
}
