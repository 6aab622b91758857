//! Facts about schemes, one table each, read by every layer and engine
//! that needs them: the URL Standard's special schemes and their default
//! ports, the default ports of the 2011 specification's "Port numbers"
//! table, and the schemes googleurl r155 parses as standard URLs.
//!
//! An engine that departs from a table says so where it does.

/// The schemes the URL Standard calls special, with their default ports
/// (<https://url.spec.whatwg.org/#special-scheme>): their hosts are
/// domains, IPv4 or IPv6 addresses; other schemes have opaque hosts.
///
/// `file` is special and has no default port.
pub const SPECIAL_SCHEMES: [(&str, Option<u16>); 6] = [
    ("ftp", Some(21)),
    ("file", None),
    ("http", Some(80)),
    ("https", Some(443)),
    ("ws", Some(80)),
    ("wss", Some(443)),
];

/// Whether `scheme` (lowercase) is one of the URL Standard's special
/// schemes: `is_special("wss")`, not `is_special("gopher")`.
pub fn is_special(scheme: &str) -> bool {
    SPECIAL_SCHEMES.iter().any(|(s, _)| *s == scheme)
}

/// The URL Standard's default port of `scheme` (lowercase):
/// `special_default_port("ws")` is `Some(80)`; `file` and every
/// scheme that is not special have none.
pub fn special_default_port(scheme: &str) -> Option<u16> {
    SPECIAL_SCHEMES
        .iter()
        .find(|(s, _)| *s == scheme)
        .and_then(|(_, port)| *port)
}

/// The default port of a scheme (lowercase), from the 2011
/// specification's "Port numbers" table.
///
/// `default_port("http")` is `Some(80)`, `default_port("gopher")`
/// `Some(70)`; `file` has none.
pub fn default_port(scheme: &str) -> Option<u16> {
    Some(match scheme {
        "ftp" => 21,
        "gopher" => 70,
        "http" | "ws" => 80,
        "https" | "wss" => 443,
        "telnet" | "tn3270" => 23,
        "rlogin" => 513,
        _ => return None,
    })
}

/// The schemes googleurl r155 parses as "standard" URLs, with an
/// authority (`src/url_util.cc`, `kStandardURLSchemes`), but `file`,
/// which has parsing rules of its own (`url_parse_file.cc`).
pub const GOOGLEURL_STANDARD_SCHEMES: [&str; 6] = ["http", "https", "ftp", "gopher", "ws", "wss"];

/// Whether `scheme` is one of [`GOOGLEURL_STANDARD_SCHEMES`], ASCII
/// case-insensitively: `HTTP` is, `file` is not.
pub fn is_googleurl_standard(scheme: &str) -> bool {
    GOOGLEURL_STANDARD_SCHEMES
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}
