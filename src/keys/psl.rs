//! The Public Suffix List (`data/public_suffix_list.dat`, see
//! `data/README`) read with the `publicsuffix` crate: the registrable
//! domain of a host, and the host columns of Common Crawl's columnar URL
//! index ([`HostColumns`]).

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
/// use urlprism::keys::psl::registrable_domain;
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
fn last_labels(host: &str, n: usize) -> &str {
    match host.rmatch_indices('.').nth(n.saturating_sub(1)) {
        Some((dot, _)) if n > 0 => &host[dot + 1..],
        _ => host,
    }
}

/// How many labels the public suffix of `host` has, and whether a rule of
/// the list matched (else the default rule `*` did).  The list writes
/// internationalized rules in Unicode (`公司.cn`): an `xn--` label is
/// looked up decoded, so that `xn--55qx5d.cn` matches that rule.
fn suffix_labels(host: &str, icann_only: bool) -> Option<(usize, bool)> {
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

/// A host's columns in Common Crawl's columnar URL index
/// (`cc-index-table`, `src/main/resources/schema/cc-index-schema-flat.json`),
/// filled as its `org.commoncrawl.net.HostName` (`setHostName`, `asRow`)
/// fills them; a column that is null there is `None`.
///
/// - An IPv4 address (dotted decimal, or 1 to 4 decimal parts that Java's
///   `InetAddress` reads, written back dotted: `3279880203` ->
///   `195.127.0.11`) or a bracketed IPv6 address has only its name; so
///   has an IPv4-like name Java cannot read.
/// - A host name is lowered, percent-decoded (`URLDecoder`, UTF-8),
///   converted to IDNA ASCII when it is not ASCII (no name at all, and no
///   column, when that fails), and loses one final dot; its labels
///   reversed give the TLD, the 2nd to 5th last parts and the reversed
///   name (`www.example.com` -> `com.example.www`).
/// - Suffixes follow crawler-commons' `EffectiveTldFinder`: only listed
///   rules count (a TLD not in the list has no suffix and no domain); a
///   host at or below an exception rule (`!www.ck`) has that rule's name
///   as both suffix and domain; the domain is the suffix and one label
///   more, none when the host is the suffix itself, has an empty label
///   or a label of more than 63 octets before the suffix.
///   `url_host_registry_suffix` and `url_host_registered_domain` use the
///   ICANN section only, `url_host_private_*` both sections.
///
/// ```
/// use urlprism::keys::psl::HostColumns;
/// let h = HostColumns::new("www.Example.github.io");
/// assert_eq!(h.url_host_name.as_deref(), Some("www.example.github.io"));
/// assert_eq!(h.url_host_tld.as_deref(), Some("io"));
/// assert_eq!(h.url_host_2nd_last_part.as_deref(), Some("github"));
/// assert_eq!(h.url_host_registry_suffix.as_deref(), Some("io"));
/// assert_eq!(h.url_host_registered_domain.as_deref(), Some("github.io"));
/// assert_eq!(h.url_host_private_suffix.as_deref(), Some("github.io"));
/// assert_eq!(h.url_host_private_domain.as_deref(), Some("example.github.io"));
/// assert_eq!(h.url_host_name_reversed.as_deref(), Some("io.github.example.www"));
/// let ip = HostColumns::new("3279880203");
/// assert_eq!(ip.url_host_name.as_deref(), Some("195.127.0.11"));
/// assert_eq!(ip.url_host_tld, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct HostColumns {
    /// `url_host_name`: the host as the index writes it.
    pub url_host_name: Option<String>,
    /// `url_host_tld`: the last label.
    pub url_host_tld: Option<String>,
    /// `url_host_2nd_last_part`.
    pub url_host_2nd_last_part: Option<String>,
    /// `url_host_3rd_last_part`.
    pub url_host_3rd_last_part: Option<String>,
    /// `url_host_4th_last_part`.
    pub url_host_4th_last_part: Option<String>,
    /// `url_host_5th_last_part`.
    pub url_host_5th_last_part: Option<String>,
    /// `url_host_registry_suffix`: the public suffix of the ICANN section.
    pub url_host_registry_suffix: Option<String>,
    /// `url_host_registered_domain`: that suffix and one label more.
    pub url_host_registered_domain: Option<String>,
    /// `url_host_private_suffix`: the public suffix of both sections.
    pub url_host_private_suffix: Option<String>,
    /// `url_host_private_domain`: that suffix and one label more.
    pub url_host_private_domain: Option<String>,
    /// `url_host_name_reversed`: the labels in reverse order, joined by `.`.
    pub url_host_name_reversed: Option<String>,
}

/// `HostName.IPV4_ADDRESS_PATTERN_CANONICAL`: four dotted numbers 0-255
/// (a leading zero allowed: `(2[0-4]|1?[0-9])?[0-9]`).
fn octet(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 3
        && s.bytes().all(|b| b.is_ascii_digit())
        && s.parse::<u32>().is_ok_and(|v| v <= 255)
}

/// `HostName.IPV4_ADDRESS_PATTERN_VARIANT_DECIMAL`: up to three such
/// numbers and a dot each, then any decimal number.
fn variant_decimal(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() <= 4
        && parts[..parts.len() - 1].iter().all(|p| octet(p))
        && parts
            .last()
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Java's `InetAddress.getByName` on a decimal IPv4 literal of 1 to 4
/// parts (`IPAddressUtil.textToNumericFormatV4`): the last part fills the
/// octets left.  `"1.2.3"` -> `"1.2.0.3"`; `"1.2.3.256"` -> `None`.
fn java_ipv4(s: &str) -> Option<String> {
    let parts: Vec<&str> = s.split('.').collect();
    let mut value: u64 = 0;
    for (i, p) in parts.iter().enumerate() {
        if p.len() > 10 {
            return None;
        }
        let v: u64 = p.parse().ok()?;
        if i < parts.len() - 1 {
            if v > 255 {
                return None;
            }
            value |= v << (8 * (3 - i));
        } else {
            let room = 8 * (4 - parts.len() + 1);
            if v >= 1u64 << room {
                return None;
            }
            value |= v;
        }
    }
    Some(format!(
        "{}.{}.{}.{}",
        value >> 24 & 255,
        value >> 16 & 255,
        value >> 8 & 255,
        value & 255
    ))
}

/// `HostName.IPV6_ADDRESS_PATTERN`, `\[[0-9a-fA-F:]+\]`.
fn bracketed_ipv6(s: &str) -> bool {
    s.len() > 2
        && s.starts_with('[')
        && s.ends_with(']')
        && s[1..s.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':')
}

/// `java.net.URLDecoder.decode(s, UTF_8)`: `+` as a space, `%XX` decoded
/// (a run of them as UTF-8, invalid octets as U+FFFD); `None` where it
/// throws (a `%` not followed by two hex digits).
fn url_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => {
                let hex = b.get(i + 1..i + 3)?;
                let text = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(text, 16).ok()?);
                i += 3;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// crawler-commons `EffectiveTldFinder.getEffectiveTLD` and
/// `getAssignedDomain(host, strict = true, ...)` over one section or
/// both: (suffix, domain).
fn suffix_and_domain(host: &str, icann_only: bool) -> (Option<String>, Option<String>) {
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

impl HostColumns {
    /// The columns of the host of `url` as the URL Standard parses it (the
    /// `url` crate, the `whatwg` engine); `None` for a URL it rejects or
    /// one without a host.
    ///
    /// ```
    /// use urlprism::keys::psl::HostColumns;
    /// let c = HostColumns::of_url("https://www.Example.co.uk/a").unwrap();
    /// assert_eq!(c.url_host_registered_domain.as_deref(), Some("example.co.uk"));
    /// assert!(HostColumns::of_url("mailto:a@b").is_none());
    /// ```
    pub fn of_url(url: &str) -> Option<HostColumns> {
        let parsed = url::Url::parse(url).ok()?;
        let host = parsed.host_str().filter(|h| !h.is_empty())?;
        Some(HostColumns::new(host))
    }

    /// The columns of `host` (the host of a URL, as a URL parser gives it).
    pub fn new(host: &str) -> HostColumns {
        let mut name = host.to_lowercase();
        let mut columns = HostColumns::default();
        if name.split('.').count() == 4 && name.split('.').all(octet) || bracketed_ipv6(&name) {
            columns.url_host_name = Some(name);
            return columns;
        }
        if variant_decimal(&name) {
            // Read by InetAddress; one it cannot read keeps its name only.
            columns.url_host_name = Some(java_ipv4(&name).unwrap_or(name));
            return columns;
        }
        if name.contains('%') {
            if let Some(decoded) = url_decode(&name) {
                name = decoded;
            }
        }
        if !name.is_ascii() {
            // IDN.toASCII(name, ALLOW_UNASSIGNED) is IDNA 2003; UTS #46
            // (the `idna` crate, no STD3 rules) stands in for it here and
            // differs on the few code points the two map otherwise.
            let ascii = idna::domain_to_ascii_cow(name.as_bytes(), idna::AsciiDenyList::EMPTY);
            match ascii {
                Ok(ascii) => name = ascii.into_owned(),
                Err(_) => return columns,
            }
        }
        if let Some(stripped) = name.strip_suffix('.') {
            name = stripped.to_string();
        }
        // Java's String.split: trailing empty labels dropped (but "" -> [""]).
        let mut labels: Vec<&str> = name.split('.').collect();
        while labels.len() > 1 && labels.last() == Some(&"") {
            labels.pop();
        }
        if labels.iter().all(|l| l.is_empty()) && !name.is_empty() {
            labels.clear();
        }
        labels.reverse();
        let part = |i: usize| labels.get(i).map(|s| s.to_string());
        columns.url_host_tld = part(0);
        columns.url_host_2nd_last_part = part(1);
        columns.url_host_3rd_last_part = part(2);
        columns.url_host_4th_last_part = part(3);
        columns.url_host_5th_last_part = part(4);
        columns.url_host_name_reversed = Some(labels.join("."));
        let (private_suffix, private_domain) = suffix_and_domain(&name, false);
        if private_suffix.is_some() {
            if private_suffix.as_deref().is_some_and(|s| !s.contains('.')) {
                columns.url_host_registry_suffix = private_suffix.clone();
                columns.url_host_registered_domain = private_domain.clone();
            } else {
                let (suffix, domain) = suffix_and_domain(&name, true);
                columns.url_host_registry_suffix = suffix;
                columns.url_host_registered_domain = domain;
            }
        }
        columns.url_host_private_suffix = private_suffix;
        columns.url_host_private_domain = private_domain;
        columns.url_host_name = Some(name);
        columns
    }
}
