//! The Public Suffix List (`data/public_suffix_list.dat`, see
//! `data/README`) read with the `publicsuffix` crate: the registrable
//! domain of a host by the list's own algorithm ([`registrable_domain`])
//! and by crawler-commons' ([`listed_suffix_and_domain`]), which the
//! archive keys ([`crate::keys::psl`]) and Chromium's address bar read.

use publicsuffix::{IcannList, List, Psl};
use std::sync::OnceLock;

/// The list's text, as checked in.
const LIST: &str = include_str!("../../data/public_suffix_list.dat");

/// Both sections (ICANN and private), and the ICANN section alone.
fn lists() -> &'static (List, IcannList) {
    static LISTS: OnceLock<(List, IcannList)> = OnceLock::new();
    LISTS.get_or_init(|| {
        // The checked-in list parses (tests/keys_psl.rs runs it); an
        // unreadable one would leave every suffix unknown, not panic.
        let all = List::from_bytes(LIST.as_bytes()).unwrap_or_default();
        let icann = IcannList::from_bytes(LIST.as_bytes()).unwrap_or_default();
        (all, icann)
    })
}

/// The exception rules (`!www.ck`) of one section or both, without `!`.
fn exceptions(icann_only: bool) -> &'static [String] {
    static ALL: OnceLock<Vec<String>> = OnceLock::new();
    static ICANN: OnceLock<Vec<String>> = OnceLock::new();
    let read = |icann_only: bool| {
        let mut rules = Vec::new();
        for line in LIST.lines() {
            if icann_only && line.contains("===BEGIN PRIVATE DOMAINS===") {
                break;
            }
            if let Some(rule) = line.trim().strip_prefix('!') {
                rules.push(rule.to_string());
            }
        }
        rules
    };
    if icann_only {
        ICANN.get_or_init(|| read(true))
    } else {
        ALL.get_or_init(|| read(false))
    }
}

/// The registrable domain of `host` by the list's own algorithm (both
/// sections, the default rule `*` for a TLD not listed), as the list's
/// `tests/tests.txt` checks it: `None` for a host that is a public suffix,
/// starts with a dot or has an empty label.  ASCII letters are lowered.
///
/// ```
/// use urlprism::text::psl::registrable_domain;
/// assert_eq!(registrable_domain("WwW.example.COM").as_deref(), Some("example.com"));
/// assert_eq!(registrable_domain("a.b.example.uk.com").as_deref(), Some("example.uk.com"));
/// assert_eq!(registrable_domain("co.uk"), None);
/// ```
pub fn registrable_domain(host: &str) -> Option<String> {
    let host = host.to_ascii_lowercase();
    if host.is_empty() || host.split('.').any(str::is_empty) {
        return None;
    }
    let (labels, _) = suffix_labels(&host, false)?;
    let count = host.split('.').count();
    (count > labels).then(|| last_labels(&host, labels + 1).to_string())
}

/// The last `n` labels of `host` (all of it when it has fewer).
pub(crate) fn last_labels(host: &str, n: usize) -> &str {
    match host.rmatch_indices('.').nth(n.saturating_sub(1)) {
        Some((dot, _)) if n > 0 => &host[dot + 1..],
        _ => host,
    }
}

/// How many labels the public suffix of `host` has, and whether a rule of
/// the list matched (else the default rule `*` did).  The list writes
/// internationalized rules in Unicode (`公司.cn`): an `xn--` label is
/// looked up decoded, so that `xn--55qx5d.cn` matches that rule.
pub(crate) fn suffix_labels(host: &str, icann_only: bool) -> Option<(usize, bool)> {
    let unicode: String = host
        .split('.')
        .map(|label| {
            match label
                .strip_prefix("xn--")
                .and_then(idna::punycode::decode_to_string)
            {
                Some(decoded) => decoded,
                None => label.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(".");
    let (all, icann) = lists();
    let suffix = if icann_only {
        icann.suffix(unicode.as_bytes())
    } else {
        all.suffix(unicode.as_bytes())
    }?;
    let labels = suffix.as_bytes().split(|&b| b == b'.').count();
    Some((labels, suffix.is_known()))
}

/// crawler-commons `EffectiveTldFinder.getEffectiveTLD` and
/// `getAssignedDomain(host, strict = true, ...)` over one section or
/// both: (suffix, domain), for a host already lowered, ASCII and
/// without a final dot.
///
/// ```
/// use urlprism::text::psl::listed_suffix_and_domain;
/// let (suffix, domain) = listed_suffix_and_domain("www.example.co.uk", true);
/// assert_eq!((suffix.as_deref(), domain.as_deref()), (Some("co.uk"), Some("example.co.uk")));
/// assert_eq!(listed_suffix_and_domain("intranet", true), (None, None));
/// ```
pub fn listed_suffix_and_domain(host: &str, icann_only: bool) -> (Option<String>, Option<String>) {
    // An exception rule at or above the host: its name is both.
    for rule in exceptions(icann_only) {
        if host == rule
            || host
                .strip_suffix(rule.as_str())
                .is_some_and(|h| h.ends_with('.'))
        {
            return (Some(rule.clone()), Some(rule.clone()));
        }
    }
    let Some((labels, true)) = suffix_labels(host, icann_only) else {
        return (None, None);
    };
    let suffix = last_labels(host, labels).to_string();
    if host.len() == suffix.len() {
        return (Some(suffix), None);
    }
    let before = &host[..host.len() - suffix.len()];
    let Some(before) = before.strip_suffix('.') else {
        return (Some(suffix), None);
    };
    if before.split('.').any(str::is_empty) {
        return (Some(suffix), None);
    }
    let label = before.rsplit('.').next().unwrap_or(before);
    if label.len() > 63 {
        return (Some(suffix), None);
    }
    let domain = format!("{label}.{suffix}");
    (Some(suffix), Some(domain))
}
