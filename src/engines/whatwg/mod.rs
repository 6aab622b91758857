//! The `whatwg` engine: the URL Standard (the Living Standard as of July
//! 2026) by the ada library ([`ada_url`], UTS #46 with Nontransitional
//! Processing), as a column beside the 2011 profiles.  It passes every
//! case of the web-platform-tests URL files vendored in `tests/data/wpt/`
//! (`urltestdata.json`, `setters_tests.json`, `percent-encoding.json`,
//! `toascii.json`, `IdnaTestV2.json`; [`crate::compare::wpt`]).
//!
//! - [`Whatwg`] is the engine: [`Whatwg::canonicalize_str`] gives the
//!   `href` of a string, [`Whatwg::parse`] the URL record
//!   ([`StandardUrl`]), [`components`] maps it onto urlprism's eight
//!   components, and it implements [`crate::compare::Engine`] (a column
//!   of `compare`, a trace of `trace`, the URL API's setters).
//! - What the engine adds to ada: the query of a special URL in a
//!   document encoding other than UTF-8 (ada parses in UTF-8 only), and
//!   the reason an input fails (ada gives none; the `url` crate's is
//!   shown).
//! - [`Whatwg::transitional`] runs UTS #46 with Transitional Processing
//!   instead (`ß` → `ss`, `ς` → `σ`, ZWJ and ZWNJ removed), as the 2015
//!   text of the standard did; a profile file selects it with
//!   `engine = "whatwg"` and `transitional = true`.
//! - [`host_trace`] shows the URL Standard's host parser stage by stage.
//!
//! ```
//! use urlprism::engines::whatwg::Whatwg;
//! let today = Whatwg::new();
//! let utf8 = encoding_rs::UTF_8;
//! assert_eq!(today.canonicalize_str("http://faß.de/", None, utf8).unwrap(), "http://xn--fa-hia.de/");
//! assert!(today.canonicalize_str("http://256.0.0.1/", None, utf8).is_err());
//! let y2015 = Whatwg::transitional();
//! assert_eq!(y2015.canonicalize_str("http://faß.de/", None, utf8).unwrap(), "http://fass.de/");
//! ```

mod ada;
mod common_url;
mod domain;
pub mod host_trace;
#[cfg(feature = "url-conversions")]
mod url_crate;

use crate::compare::{Engine, HostTrace, UrlAttribute};
use crate::error::Error;
pub use ada::{components, StandardUrl};
use encoding_rs::Encoding;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The name of the built-in `whatwg` engine.
pub const NAME: &str = "whatwg";

pub use crate::text::scheme::is_special;

/// The URL Standard engine, with the UTS #46 processing it runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Whatwg {
    /// Short name, the column's heading (`whatwg` for the built-in one).
    pub name: String,
    /// What it models.
    #[serde(default)]
    pub description: String,
    /// Always `"whatwg"` in a profile file: it selects this engine.
    #[serde(default = "engine_name")]
    pub engine: String,
    /// UTS #46 with Transitional Processing (the standard's 2015 text)
    /// instead of Nontransitional Processing (today's).
    #[serde(default)]
    pub transitional: bool,
}

thread_local! {
    /// The last base [`Whatwg::parse_base`] parsed on this thread.
    static LAST_BASE: std::cell::RefCell<Option<KeptBase>> = const { std::cell::RefCell::new(None) };
}

/// A base [`Whatwg::parse_base`] keeps: its text, whether with
/// Transitional Processing, its encoding, and what it parsed to.
type KeptBase = (
    (String, bool, &'static Encoding),
    Result<StandardUrl, Error>,
);

fn engine_name() -> String {
    NAME.to_string()
}

impl Default for Whatwg {
    fn default() -> Self {
        Whatwg::new()
    }
}

impl Whatwg {
    /// The URL Standard as browsers ship it today (UTS #46 with
    /// Nontransitional Processing): the built-in `whatwg` engine.
    pub fn new() -> Whatwg {
        Whatwg {
            name: NAME.to_string(),
            description: "the URL Standard of July 2026 (the ada parser; UTS #46 with \
                          Nontransitional Processing)"
                .to_string(),
            engine: engine_name(),
            transitional: false,
        }
    }

    /// The URL Standard with UTS #46 Transitional Processing, as its 2015
    /// text (and Chrome until 2023) had it, named `whatwg-transitional`.
    pub fn transitional() -> Whatwg {
        Whatwg {
            name: "whatwg-transitional".to_string(),
            description: "the URL Standard with UTS #46 Transitional Processing (its 2015 text)"
                .to_string(),
            transitional: true,
            ..Whatwg::new()
        }
    }

    /// Reads a profile file that selects this engine (`engine =
    /// "whatwg"`; its keys are the fields of [`Whatwg`]); `origin` names
    /// it in errors.
    ///
    /// ```
    /// let text = "name = \"whatwg-2015\"\nengine = \"whatwg\"\ntransitional = true\n";
    /// assert!(urlprism::engines::whatwg::Whatwg::from_toml(text, "w.toml").unwrap().transitional);
    /// let e = urlprism::engines::whatwg::Whatwg::from_toml("name = \"w\"\nnfkc = 1\n", "w.toml").unwrap_err();
    /// assert!(e.to_string().starts_with("w.toml: unknown field `nfkc`"), "{e}");
    /// ```
    pub fn from_toml(text: &str, origin: &str) -> Result<Whatwg, crate::profile::ProfileError> {
        crate::profile::ProfileError::read_toml(text, origin)
    }

    /// Parses `input` against `base` (none when `None`: `input` must be
    /// absolute), with the document encoding `encoding` for the query of
    /// a special URL (as the URL Standard: UTF-8 for other schemes, `ws`
    /// and `wss`): the URL Standard's URL record (see [`components`]).
    pub fn parse(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<StandardUrl, Error> {
        let base = self.parse_base(base, encoding)?;
        let url = self.parse_against(input, base.as_ref())?;
        match ada::encoded_query(&url, input, encoding) {
            None => Ok(url),
            Some(_) => ada::parse(
                self.with_query_encoded(&url, input, encoding)?.as_str(),
                None,
            ),
        }
    }

    /// The base URL `base`, parsed alone: an error when it is not an
    /// absolute URL.
    fn parse_base(
        &self,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Option<StandardUrl>, Error> {
        let Some(b) = base else {
            return Ok(None);
        };
        // The same base for every input of a batch: parsed once, by the
        // thread, for the last base, processing and encoding it met.
        let key = |(text, transitional, enc): &(String, bool, &'static Encoding)| {
            text == b && *transitional == self.transitional && *enc == encoding
        };
        let kept = LAST_BASE.with(|last| {
            let last = last.try_borrow().ok()?;
            let (k, url) = last.as_ref()?;
            key(k).then(|| url.clone())
        });
        let url = match kept {
            Some(url) => url,
            None => {
                let url = self
                    .parse(b, None, encoding)
                    .map_err(|e| Error::UrlStandard {
                        reason: format!("the base URL is invalid: {}", failure(&e)),
                    });
                LAST_BASE.with(|last| {
                    if let Ok(mut last) = last.try_borrow_mut() {
                        *last = Some(((b.to_string(), self.transitional, encoding), url.clone()));
                    }
                });
                url
            }
        }?;
        Ok(Some(url))
    }

    /// `input` parsed against a base already parsed, its query in UTF-8.
    fn parse_against(&self, input: &str, base: Option<&StandardUrl>) -> Result<StandardUrl, Error> {
        // A domain beyond ASCII goes through the engine's domain to
        // ASCII (see `domain`): the parser meets an ASCII domain.
        let input =
            domain::ascii_domain_in_input(input, base.map(|b| b.protocol()), self.transitional)
                .map_err(|reason| Error::UrlStandard { reason })?;
        ada::parse(&input, base.map(StandardUrl::href))
    }

    /// The `href` of `input` parsed against `base` (see [`Whatwg::parse`]).
    pub fn canonicalize_str(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        self.canonicalize_url(input, base, encoding)
            .map(crate::url::Url::into_string)
    }

    /// The URL of `input` parsed against `base` (see [`Whatwg::parse`]) as
    /// a [`crate::url::Url`]: its `href` and the [`components`].
    ///
    /// ```
    /// let w = urlprism::engines::whatwg::Whatwg::new();
    /// let u = w.canonicalize_url("HTTPS://Bücher.DE:443/?", None, encoding_rs::UTF_8).unwrap();
    /// assert_eq!(u.as_str(), "https://xn--bcher-kva.de/?");
    /// assert_eq!((u.port(), u.query()), (None, Some("")));
    /// ```
    pub fn canonicalize_url(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        let base_url = self.parse_base(base, encoding)?;
        // The common URL, in one pass (the base plays no part in it).
        let mut serialization = String::new();
        if let Some(offsets) =
            common_url::canonicalize(input, !self.transitional, &mut serialization)
        {
            return Ok(crate::url::Url::new(serialization, offsets).made_by(self.maker(encoding)));
        }
        self.canonicalize_parsed(input, base_url.as_ref(), encoding)
    }

    /// [`Whatwg::canonicalize_url`]'s `href` written into `out` (cleared
    /// first; left empty on error), so that a loop over many inputs
    /// reuses one buffer: the common URL is serialized straight into it.
    ///
    /// ```
    /// let w = urlprism::engines::whatwg::Whatwg::new();
    /// let mut out = String::from("left over");
    /// w.canonicalize_to("HTTP://Example.COM/a/../b", None, encoding_rs::UTF_8, &mut out).unwrap();
    /// assert_eq!(out, "http://example.com/b");
    /// assert!(w.canonicalize_to("http://[::1", None, encoding_rs::UTF_8, &mut out).is_err());
    /// assert_eq!(out, "");
    /// ```
    pub fn canonicalize_to(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
        out: &mut String,
    ) -> Result<(), Error> {
        // The common URL, in one pass; a base, which plays no part in
        // it, must still be valid.
        if common_url::canonicalize(input, !self.transitional, out).is_some() {
            if base.is_none() {
                return Ok(());
            }
            if let Err(e) = self.parse_base(base, encoding) {
                out.clear();
                return Err(e);
            }
            return Ok(());
        }
        out.clear();
        let base_url = self.parse_base(base, encoding)?;
        let url = self.canonicalize_parsed(input, base_url.as_ref(), encoding)?;
        out.push_str(url.as_str());
        Ok(())
    }

    /// The URL of `input` against `base_url`, its query encoded in
    /// `encoding` where the scheme takes the document encoding, as a
    /// [`crate::url::Url`].
    fn canonicalize_parsed(
        &self,
        input: &str,
        base_url: Option<&StandardUrl>,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        let url = self.parse_against(input, base_url)?;
        self.with_query_encoded(&url, input, encoding)
    }

    /// `url`, parsed from `input`, as a [`crate::url::Url`], with its
    /// query encoded in `encoding` when the scheme takes the document
    /// encoding ([`ada::encoded_query`]).
    fn with_query_encoded(
        &self,
        url: &StandardUrl,
        input: &str,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        let mut c = ada::components_cow(url);
        let encoded = ada::encoded_query(url, input, encoding);
        let serialization = match encoded {
            None => url.href().to_string(),
            Some(query) => {
                c.query = Some(Cow::Owned(query));
                crate::algorithm::serialize::serialize_cow(&c).ok_or_else(unserializable)?
            }
        };
        let offsets = crate::url::Offsets::of(&c)?;
        Ok(crate::url::Url::new(serialization, offsets).made_by(self.maker(encoding)))
    }

    /// What makes this engine's URLs again (their setters).
    fn maker(&self, encoding: &'static Encoding) -> crate::url::Maker {
        crate::url::Maker::Whatwg {
            transitional: self.transitional,
            encoding,
        }
    }

    /// What [`Whatwg::canonicalize_url`] gives, without its shortcut for
    /// the common URL (`scheme://[userinfo@]host[:port][/path][?query][#fragment]`
    /// with a special scheme other than `file`, or an opaque path, in
    /// printable ASCII, canonicalized in one pass): the crate's parser on
    /// every input.
    /// For differential tests, and to measure the shortcut.
    ///
    /// ```
    /// let w = urlprism::engines::whatwg::Whatwg::new();
    /// let utf8 = encoding_rs::UTF_8;
    /// for s in ["HTTP://Example.COM:80/a\"b?c'd#e", "http://h/a/../b", "http://Bücher.DE/"] {
    ///     assert_eq!(w.canonicalize_by_the_parser(s, None, utf8), w.canonicalize_url(s, None, utf8));
    /// }
    /// ```
    pub fn canonicalize_by_the_parser(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        let base_url = self.parse_base(base, encoding)?;
        self.canonicalize_parsed(input, base_url.as_ref(), encoding)
    }

    /// The URL Standard's host parser on `host` for a URL whose scheme is
    /// `scheme` (lowercase): a domain, IPv4 or IPv6 host for a special
    /// scheme (for `file`, `localhost` becomes the empty host), an opaque
    /// host otherwise; serialized.
    ///
    /// ```
    /// let w = urlprism::engines::whatwg::Whatwg::new();
    /// assert_eq!(w.host("EXAMPLE.%63om", "http").unwrap(), "example.com");
    /// assert_eq!(w.host("0x7f.1", "http").unwrap(), "127.0.0.1");
    /// assert_eq!(w.host("EXAMPLE.%63om", "foo").unwrap(), "EXAMPLE.%63om");
    /// ```
    pub fn host(&self, host: &str, scheme: &str) -> Result<String, Error> {
        let fail = |why: &str| Error::UrlStandard {
            reason: format!("invalid host {host:?}: {why}"),
        };
        // The host parser alone: a code point that would end the host in
        // a URL cannot be part of one (they are all forbidden host code
        // points, `:` but within an IPv6 address's brackets).
        let ends_a_host = |c: char| matches!(c, '/' | '\\' | '?' | '#' | '@');
        let colon_outside_brackets = !host.starts_with('[') && host.contains(':');
        if host.contains(ends_a_host) || colon_outside_brackets {
            return Err(fail("forbidden host code point"));
        }
        if host.starts_with('[') && !host.ends_with(']') {
            return Err(fail("IPv6 address without its closing bracket"));
        }
        if host.is_empty() {
            return match is_special(scheme) && scheme != "file" {
                true => Err(fail("empty host")),
                false => Ok(String::new()),
            };
        }
        // A domain beyond ASCII: the engine's domain to ASCII first.
        let ascii = match is_special(scheme) {
            true => domain::written_domain_to_ascii(host, self.transitional)
                .map_err(|why| fail(&why))?,
            false => None,
        };
        let mapped = ascii.map_or(Cow::Borrowed(host), Cow::Owned);
        // A special scheme's host (a `file:` host of `https:`'s kind,
        // so that a drive letter is not taken for a path), or an opaque
        // host in a URL of some non-special scheme.
        let prefix = match is_special(scheme) {
            true => "https://",
            false => "opaque://",
        };
        let url =
            ada::parse(&format!("{prefix}{mapped}/"), None).map_err(|e| fail(&failure(&e)))?;
        Ok(match (scheme, url.hostname()) {
            ("file", "localhost") => String::new(),
            (_, h) => h.to_string(),
        })
    }
}

/// The reason of an [`Error::UrlStandard`], or the error's message.
fn failure(e: &Error) -> String {
    match e {
        Error::UrlStandard { reason } => reason.clone(),
        e => e.to_string(),
    }
}

/// The error of a URL whose components have no serialization (which the
/// URL Standard's parser never gives).
fn unserializable() -> Error {
    Error::UrlStandard {
        reason: "the components have no serialization".to_string(),
    }
}

impl Engine for Whatwg {
    fn name(&self) -> &str {
        &self.name
    }

    fn description(&self) -> &str {
        &self.description
    }

    /// Whether the URL Standard's parser takes `base` alone (an absolute
    /// URL).
    fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
        self.parse(base, None, encoding).map(drop)
    }

    /// The URL Standard's host parser: [`Whatwg::host`].
    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        Some(Whatwg::host(self, host, scheme))
    }

    /// Parses `input` against `base` (the URL Standard's parser resolves
    /// as it parses): [`Whatwg::canonicalize_url`].
    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        self.canonicalize_url(input, base, encoding)
    }

    fn canonicalize_to(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
        out: &mut String,
    ) -> Result<(), Error> {
        Whatwg::canonicalize_to(self, input, base, encoding, out)
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        Some(host_trace::trace(self, host, scheme))
    }

    /// The URL API's setters, the URL Standard's (ada's).
    fn set(
        &self,
        href: &str,
        attribute: UrlAttribute,
        value: &str,
    ) -> Option<Result<crate::url::Url, Error>> {
        let set = || {
            let utf8 = encoding_rs::UTF_8;
            let mut url = self.parse(href, None, utf8)?;
            // A domain beyond ASCII: the engine's domain to ASCII first;
            // a setter refuses a value whose domain fails it.
            let value = match attribute {
                UrlAttribute::Host | UrlAttribute::Hostname => {
                    domain::ascii_domain_in_setter_value(value, url.protocol(), self.transitional)
                }
                UrlAttribute::Href => domain::ascii_domain_in_input(value, None, self.transitional),
                _ => Ok(Cow::Borrowed(value)),
            };
            let Ok(value) = value else {
                return self.with_query_encoded(&url, "", utf8);
            };
            ada::set(&mut url, attribute, &value);
            self.with_query_encoded(&url, "", utf8)
        };
        Some(set())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::UTF_8;

    #[test]
    fn the_issue_examples_part_from_2011() {
        let w = Whatwg::new();
        let c = |s| w.canonicalize_str(s, None, UTF_8);
        assert_eq!(c("http://faß.de/").unwrap(), "http://xn--fa-hia.de/");
        assert!(c("http://256.0.0.1/").is_err());
        // A special scheme with no slashes: the host is what follows.
        assert_eq!(c("https:evil.com").unwrap(), "https://evil.com/");
    }

    #[test]
    fn components_serialize_to_the_href() {
        let w = Whatwg::new();
        for s in [
            "http://u:p@h:81/p?q#f",
            "http://:p@h/",
            "http://u@h/",
            "file:///C:/x",
            "mailto:a@b",
            "web+demo:/.//not-a-host/",
            "foo://",
            "http://[::1]:8080/",
            "non-special:opaque path?q",
        ] {
            let u = w.parse(s, None, UTF_8).unwrap();
            assert_eq!(
                crate::algorithm::serialize::serialize(&components(&u)).unwrap(),
                u.href(),
                "{s}"
            );
        }
    }

    #[test]
    fn query_encoding_follows_the_scheme() {
        let w = Whatwg::new();
        let sjis = encoding_rs::SHIFT_JIS;
        let c = |s| w.canonicalize_str(s, None, sjis).unwrap();
        assert_eq!(c("http://h/?\u{3042}"), "http://h/?%82%A0");
        assert_eq!(c("ws://h/?\u{3042}"), "ws://h/?%E3%81%82");
        assert_eq!(c("foo://h/?\u{3042}"), "foo://h/?%E3%81%82");
        // Not in Shift_JIS: a numeric character reference, escaped.
        assert_eq!(c("http://h/?\u{e9}"), "http://h/?%26%23233%3B");
        assert_eq!(
            c("http://h/?a&\u{e9};#\u{e9}"),
            "http://h/?a&%26%23233%3B;#%C3%A9"
        );
        // A `?` in the fragment begins no query.
        assert_eq!(c("http://h/#?\u{e9}"), "http://h/#?%C3%A9");
    }

    #[test]
    fn the_standard_of_2026() {
        let w = Whatwg::new();
        let c = |s, b| w.canonicalize_str(s, b, UTF_8).unwrap();
        assert_eq!(c("http://h/a^b?^#^", None), "http://h/a%5Eb?^#^");
        assert_eq!(c("foo://h/^", None), "foo://h/%5E");
        assert_eq!(c("foo:^", None), "foo:^");
        assert_eq!(c("x^", Some("http://h/a/")), "http://h/a/x%5E");
        assert_eq!(c("file:///.//bar", None), "file:////bar");
        assert_eq!(c("file://h//x", None), "file://h//x");
        assert_eq!(c("file:///bar", None), "file:///bar");
        // The components follow the serialization.
        let u = w.canonicalize_url("file:////x^", None, UTF_8).unwrap();
        assert_eq!((u.as_str(), u.path()), ("file:////x%5E", "//x%5E"));
    }

    #[test]
    fn relative_and_base_failures() {
        let w = Whatwg::new();
        let r = w.canonicalize_str("../x", Some("http://h/a/b"), UTF_8);
        assert_eq!(r.unwrap(), "http://h/x");
        let e = w
            .canonicalize_str("x", Some("not a url"), UTF_8)
            .unwrap_err();
        assert!(e.to_string().contains("base URL is invalid"), "{e}");
        assert!(w.canonicalize_str("x", None, UTF_8).is_err());
    }
}
