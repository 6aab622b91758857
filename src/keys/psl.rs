//! The host columns of Common Crawl's columnar URL index
//! ([`HostColumns`]) from the Public Suffix List ([`crate::text::psl`]),
//! and the registrable domain of a host ([`registrable_domain`]).

use crate::text::psl::listed_suffix_and_domain as suffix_and_domain;
pub use crate::text::psl::registrable_domain;

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
