//! The `url` crate's readers of a URL beyond its components, on [`Url`]:
//! its host as a domain or an address ([`Host`]), the port or the
//! scheme's default, the path's segments, the query's pairs, and the
//! types of its origin ([`Origin`]).

use super::{Maker, Url};
use crate::text::scheme::{default_port, special_default_port};
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The host of a [`Url`] ([`Url::host`]), as the `url` crate's
/// `url::Host`: an IPv4 or IPv6 address when the host is one in its
/// canonical form in the serialization, a domain otherwise.
///
/// `S` is `&str` for a host borrowed from its URL, `String` for an owned
/// one (in an [`Origin`]).
///
/// ```
/// use std::net::Ipv4Addr;
/// use urlprism::{Host, Url};
/// let url = Url::parse("http://0x7F.1/")?;
/// assert_eq!(url.host(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
/// assert_eq!(url.host().unwrap().to_string(), "127.0.0.1");
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Host<S = String> {
    /// A domain name, or any host that is not an address in its canonical
    /// form (a 2011 profile may keep escapes or Unicode in it).
    Domain(S),
    /// An IPv4 address, written in dotted decimal.
    Ipv4(Ipv4Addr),
    /// An IPv6 address, written between `[` and `]`.
    Ipv6(Ipv6Addr),
}

impl Host<&str> {
    /// The host, its domain owned.
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(d) => Host::Domain(d.to_string()),
            Host::Ipv4(a) => Host::Ipv4(a),
            Host::Ipv6(a) => Host::Ipv6(a),
        }
    }
}

/// The host as the serialization writes it (an IPv6 address between
/// `[` and `]`).
impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(d) => f.write_str(d.as_ref()),
            Host::Ipv4(a) => a.fmt(f),
            Host::Ipv6(a) => write!(f, "[{a}]"),
        }
    }
}

/// The origin of a [`Url`] ([`Url::origin`]), as the `url` crate's
/// `url::Origin`: a tuple of scheme, host and port for `http`, `https`,
/// `ws`, `wss` and `ftp` URLs with a host, the origin of the URL in the
/// path of a `blob:` URL, and an opaque origin, equal to itself and its
/// clones only, for any other URL (`file:` among them).
///
/// ```
/// let a = urlprism::Url::parse("HTTP://Example.COM:80/a")?.origin();
/// let b = urlprism::Url::parse("http://example.com/b?c")?.origin();
/// assert_eq!(a, b);
/// assert_eq!(a.ascii_serialization(), "http://example.com");
/// let f = urlprism::Url::parse("file:///x")?.origin();
/// assert!(!f.is_tuple());
/// assert_ne!(f, urlprism::Url::parse("file:///x")?.origin());
/// assert_eq!(f.ascii_serialization(), "null");
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An origin equal to itself (and its clones) only.
    Opaque(OpaqueOrigin),
    /// The scheme, the host and the port (the scheme's default when the
    /// URL has none).
    Tuple(String, Host<String>, u16),
}

/// The identity of an opaque [`Origin`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(usize);

impl Origin {
    /// A new opaque origin, equal to no other.
    pub fn new_opaque() -> Origin {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        Origin::Opaque(OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed)))
    }

    /// Whether it is a tuple of scheme, host and port.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The ASCII serialization of the origin (HTML): `null` when opaque,
    /// `scheme://host` with `:port` when the port is not the scheme's
    /// default.
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_string(),
            Origin::Tuple(scheme, host, port) => tuple(scheme, host, *port),
        }
    }

    /// The Unicode serialization of the origin (HTML): as
    /// [`Origin::ascii_serialization`], with the labels of a domain in
    /// Punycode (`xn--`) shown in Unicode (UTS #46 ToUnicode).
    ///
    /// ```
    /// let o = urlprism::Url::parse("https://Bücher.DE:8443/")?.origin();
    /// assert_eq!(o.ascii_serialization(), "https://xn--bcher-kva.de:8443");
    /// assert_eq!(o.unicode_serialization(), "https://bücher.de:8443");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_string(),
            Origin::Tuple(scheme, Host::Domain(d), port) => {
                let (unicode, _errors) = idna::domain_to_unicode(d);
                tuple(scheme, &Host::Domain(unicode), *port)
            }
            Origin::Tuple(scheme, host, port) => tuple(scheme, host, *port),
        }
    }
}

/// The serialization of a tuple origin.
fn tuple(scheme: &str, host: &Host<String>, port: u16) -> String {
    match special_default_port(scheme) == Some(port) {
        true => format!("{scheme}://{host}"),
        false => format!("{scheme}://{host}:{port}"),
    }
}

impl Url {
    /// The host, as a domain or an address (the `url` crate's
    /// `Url::host`): [`Host::Ipv4`] for a host that is an IPv4 address in
    /// dotted decimal (four numbers from 0 to 255 without leading zeros),
    /// [`Host::Ipv6`] for an IPv6 address between brackets,
    /// [`Host::Domain`] for any other, whatever the profile kept in it
    /// (escapes, Unicode; the empty host of a `file:` URL).  `None` when
    /// the URL has no host.
    ///
    /// ```
    /// use urlprism::{Host, Url};
    /// assert_eq!(Url::parse("http://[0:0::1]/")?.host(), Some(Host::Ipv6("::1".parse().unwrap())));
    /// assert_eq!(Url::parse("http://Example.COM/")?.host(), Some(Host::Domain("example.com")));
    /// assert_eq!(Url::parse("mailto:a@b")?.host(), None);
    /// // Gecko keeps the escape: a domain all the same.
    /// let gecko = urlprism::Canonicalizer::new(urlprism::profile::builtin("gecko").unwrap());
    /// assert_eq!(gecko.canonicalize("http://a%5Fb.test/")?.host(), Some(Host::Domain("a%5fb.test")));
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn host(&self) -> Option<Host<&str>> {
        let host = self.host_str()?;
        if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            if let Ok(a) = inner.parse::<Ipv6Addr>() {
                return Some(Host::Ipv6(a));
            }
        }
        // The standard library reads dotted decimal only, and refuses
        // leading zeros: what it reads is the canonical form.
        if host.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            if let Ok(a) = host.parse::<Ipv4Addr>() {
                return Some(Host::Ipv4(a));
            }
        }
        Some(Host::Domain(host))
    }

    /// The host when it is a domain ([`Host::Domain`]), as the `url`
    /// crate's `Url::domain`.
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("http://Example.COM/")?.domain(), Some("example.com"));
    /// assert_eq!(urlprism::Url::parse("http://127.0.0.1/")?.domain(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn domain(&self) -> Option<&str> {
        match self.host()? {
            Host::Domain(d) => Some(d),
            _ => None,
        }
    }

    /// The port, or the scheme's default when the URL has none: the
    /// default of the specification's table (the port the profiles drop:
    /// `ftp` 21, `gopher` 70, `http` and `ws` 80, `https` and `wss` 443,
    /// `telnet` and `tn3270` 23, `rlogin` 513) for a URL made by a profile
    /// or of components, the URL Standard's (`ftp`, `http`, `https`, `ws`,
    /// `wss`) for one made by the `whatwg` engine.
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("https://a/")?.port_or_known_default(), Some(443));
    /// assert_eq!(urlprism::Url::parse("gopher://a:70/")?.port_or_known_default(), Some(70));
    /// assert_eq!(urlprism::Url::parse("foo://a/")?.port_or_known_default(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port().or_else(|| match self.made {
            Maker::Whatwg { .. } => special_default_port(self.scheme()),
            _ => default_port(self.scheme()),
        })
    }

    /// The path's segments, split at `/`, when the path begins with `/`
    /// (`None` otherwise, as the `url` crate says for a URL that cannot be
    /// a base: `mailto:a@b`, `javascript:x`).
    ///
    /// ```
    /// let url = urlprism::Url::parse("http://a/b/c%20d/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["b", "c%20d", ""]);
    /// assert!(urlprism::Url::parse("mailto:a@b")?.path_segments().is_none());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn path_segments(&self) -> Option<std::str::Split<'_, char>> {
        self.path().strip_prefix('/').map(|p| p.split('/'))
    }

    /// The query's name-value pairs, read as
    /// `application/x-www-form-urlencoded` (`+` is a space, escapes are
    /// decoded as UTF-8), by the `form_urlencoded` crate, as the `url`
    /// crate's `Url::query_pairs`.
    ///
    /// ```
    /// let url = urlprism::Url::parse("http://a/?q=a+b&x=%C3%A9&y")?;
    /// let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    /// assert_eq!(pairs, [("q".into(), "a b".into()), ("x".into(), "é".into()), ("y".into(), "".into())]);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn query_pairs(&self) -> form_urlencoded::Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or("").as_bytes())
    }

    /// The origin when the scheme makes it a tuple (see [`Origin`]); the
    /// origin of a `blob:` URL's path is [`Url::origin`]'s.
    pub(crate) fn tuple_origin(&self) -> Option<Origin> {
        let scheme = self.scheme();
        if !matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp") {
            return None;
        }
        let host = self.host().filter(|h| *h != Host::Domain(""))?;
        let port = self.port().or_else(|| special_default_port(scheme))?;
        Some(Origin::Tuple(scheme.to_string(), host.to_owned(), port))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An address is one only in its canonical form; anything else is a
    /// domain.
    #[test]
    fn addresses_are_told_from_domains() {
        let host = |h: &str| {
            let url = crate::Url::from_parsed_url(&crate::ParsedUrl {
                scheme: Some("http".into()),
                host: Some(h.into()),
                path: Some("/".into()),
                ..Default::default()
            })
            .unwrap();
            url.host().map(|h| h.to_owned())
        };
        assert_eq!(host("1.2.3.4"), Some(Host::Ipv4([1, 2, 3, 4].into())));
        for domain in [
            "01.2.3.4",
            "1.2.3",
            "1.2.3.256",
            "0x7f.1",
            "1.2.3.4.",
            "a.b",
            "",
        ] {
            assert_eq!(host(domain), Some(Host::Domain(domain.to_string())));
        }
        assert_eq!(host("[::1]"), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
        assert_eq!(host("[::1"), Some(Host::Domain("[::1".to_string())));
        assert_eq!(host("[v1.x]"), Some(Host::Domain("[v1.x]".to_string())));
    }

    /// The tuple origin takes the URL Standard's default port, and a
    /// host; the URLs of other schemes have none.
    #[test]
    fn tuple_origins() {
        let origin = |s: &str| crate::Url::parse(s).unwrap().tuple_origin();
        assert_eq!(
            origin("ws://a:8080/"),
            Some(Origin::Tuple("ws".into(), Host::Domain("a".into()), 8080))
        );
        let ftp = origin("ftp://u@1.2.3.4/").unwrap();
        assert_eq!(ftp.ascii_serialization(), "ftp://1.2.3.4");
        assert_eq!(
            origin("https://[::1]:444/").unwrap().ascii_serialization(),
            "https://[::1]:444"
        );
        for s in ["gopher://a/", "file:///x", "mailto:a@b", "foo://a/"] {
            assert_eq!(origin(s), None, "{s}");
        }
        let a = Origin::new_opaque();
        assert_eq!(a, a.clone());
        assert_ne!(a, Origin::new_opaque());
    }
}
