//! The `webkit` engine: what WebKitGTK 2.50 (Debian 12, ICU 72) gives
//! for `new URL(input, base).href`.
//!
//! # Design
//!
//! WebKit's `URLParser` (`Source/WTF/wtf/URLParser.cpp`) runs the URL
//! Standard's state machine in one pass, with a few departures of its
//! own.  The engine is the Standard's parser written anew, with those
//! departures at the places marked `WebKit rule`:
//!
//! | module | WebKit |
//! | --- | --- |
//! | [`parser`] | `URLParser::parse` (the states, paths, drive letters, the serializer) |
//! | [`host`] | `URLParser::parseHostAndPort`, `parseIPv4Host`, `parseIPv6Host`; the host's stages for `urlprism trace` |
//! | [`idna`] | `URLParser::domainToASCII` (ICU's `uidna_nameToASCII`, with ICU 72's UTS #46 data) |
//!
//! # Departures from the URL Standard
//!
//! See the table in `docs/engines.md` ("The `firefox` and `webkit` engines");
//! each rule is documented, with its source, where it is implemented.
//!
//! ```
//! use urlprism::engines::webkit::Webkit;
//! let w = Webkit::new();
//! let utf8 = urlprism::encoding_rs::UTF_8;
//! assert_eq!(w.canonicalize_str("HTTP://Faß.DE/a/../b", None, utf8).unwrap(), "http://xn--fa-hia.de/b");
//! // UTS #46 15.0 disallows U+180E, which 15.1 made ignored.
//! assert!(w.canonicalize_str("http://a\u{180E}b/", None, utf8).is_err());
//! // A non-special URL with credentials gets the path `/` before `?`.
//! assert_eq!(w.canonicalize_str("foo://u@h?q", None, utf8).unwrap(), "foo://u@h/?q");
//! ```

pub mod display;
pub mod host;
pub mod idna;
pub mod parser;
mod record;

use crate::compare::{Engine, HostTrace, UrlAttribute};
use crate::error::Error;
use crate::url::components::ParsedUrl;
use encoding_rs::Encoding;
pub use idna::IdnaData;
use parser::Record;
use serde::{Deserialize, Serialize};

/// The name of the built-in `webkit` engine.
pub const NAME: &str = "webkit";

/// The engine: WebKit's `URLParser` with the UTS #46 data of its ICU.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Webkit {
    /// Short name, the column's heading (`webkit` for the built-in one).
    pub name: String,
    /// What it models.
    #[serde(default)]
    pub description: String,
    /// Always `"webkit"` in a profile file: it selects this engine.
    #[serde(default = "engine_name")]
    pub engine: String,
    /// The UTS #46 data of domain to ASCII: `icu72` (UTS #46 15.0, the
    /// ICU of Debian 12, the default) or `latest` (the `idna` crate's).
    #[serde(default)]
    pub idna: IdnaData,
}

fn engine_name() -> String {
    NAME.to_string()
}

impl Default for Webkit {
    fn default() -> Self {
        Webkit::new()
    }
}

fn fail(reason: impl Into<String>) -> Error {
    Error::rejected(NAME, reason)
}

impl Webkit {
    /// WebKitGTK 2.50 on Debian 12 (ICU 72): the built-in `webkit`
    /// engine.
    pub fn new() -> Webkit {
        Webkit {
            name: NAME.to_string(),
            description: "WebKitGTK 2.50 new URL() and links in pages (URLParser; ICU 72, UTS #46 \
                          15.0; measured on WebKitGTK 2.50.6)"
                .to_string(),
            engine: engine_name(),
            idna: IdnaData::Icu72,
        }
    }

    /// Reads a profile file that selects this engine (`engine =
    /// "webkit"`; its keys are the fields of [`Webkit`]); `origin` names
    /// it in errors.
    ///
    /// ```
    /// let text = "name = \"webkit-18\"\nengine = \"webkit\"\nidna = \"latest\"\n";
    /// let w = urlprism::engines::webkit::Webkit::from_toml(text, "w.toml").unwrap();
    /// assert_eq!(w.idna, urlprism::engines::webkit::IdnaData::Latest);
    /// ```
    pub fn from_toml(text: &str, origin: &str) -> Result<Webkit, crate::profile::ProfileError> {
        crate::profile::ProfileError::read_toml(text, origin)
    }

    /// The URL record of `input` against `base` (WebKit's `DOMURL`
    /// constructor: a base that does not parse alone fails the input).
    pub fn parse(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Record, Error> {
        let base = match base {
            Some(b) => Some(
                parser::parse(b, None, encoding, self.idna)
                    .map_err(|e| fail(format!("the base URL is invalid: {e}")))?,
            ),
            None => None,
        };
        parser::parse(input, base.as_ref(), encoding, self.idna).map_err(fail)
    }

    /// The `href` of `input` parsed against `base`.
    pub fn canonicalize_str(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        self.parse(input, base, encoding).map(|r| r.href())
    }
}

/// The components of a URL record, so that [`crate::algorithm::serialize::serialize()`] of
/// them is its `href`.
pub(crate) fn record_components(r: &Record) -> ParsedUrl {
    let credentials = !r.username.is_empty() || !r.password.is_empty();
    ParsedUrl {
        scheme: Some(r.scheme.clone()),
        user: credentials.then(|| r.username.clone()),
        password: (!r.password.is_empty()).then(|| r.password.clone()),
        host: r.host.clone(),
        port: r.port.map(|p| p.to_string()),
        path: Some(r.path_string()),
        query: r.query.clone(),
        fragment: r.fragment.clone(),
        ..ParsedUrl::default()
    }
}

/// WebKit's `URLDecomposition::setPort` reading of a port
/// (`parsePort`, `Source/WebCore/html/URLDecomposition.cpp`): tabs and
/// newlines skipped, then digits up to the first other character;
/// `None` (no change) when another character comes first or the number
/// passes 65535, `Some(None)` (no port) when there is no digit or it is
/// the scheme's default port.
///
/// `"\n\t"` → `Some(None)` (the standard's setter leaves the port as it
/// is: its value is not empty); `"8080x"` → `Some(Some(8080))`; `"x"` →
/// `None`.
fn webkit_port(value: &str, scheme: &str) -> Option<Option<u16>> {
    let mut port: u32 = 0;
    let mut digit = false;
    for c in value.chars() {
        match c {
            '\t' | '\n' | '\r' => continue,
            '0'..='9' => {
                port = port * 10 + (c as u32 - '0' as u32);
                digit = true;
                if port > u32::from(u16::MAX) {
                    return None;
                }
            }
            _ if !digit => return None,
            _ => break,
        }
    }
    let default = crate::text::scheme::default_port(scheme);
    match digit {
        false => Some(None),
        true if default == Some(port as u16) => Some(None),
        true => Some(Some(port as u16)),
    }
}

impl Engine for Webkit {
    fn name(&self) -> &str {
        &self.name
    }

    /// WebKit's URL API setters (`URLDecomposition`,
    /// `Source/WebCore/html/URLDecomposition.cpp`, on `URL`'s setters,
    /// which write the new component and parse the whole URL again): the
    /// URL Standard's setter, its result parsed again by this engine,
    /// and WebKit's own checks: a result WebKit's parser rejects leaves
    /// the URL as it was (`setHost`: `if (fullURL.isValid())
    /// setFullURL(fullURL)`; `https://example.com/` with `host = "xn--"`
    /// stays), and the port is read by `parsePort` (`webkit_port`:
    /// `https://h:3000/` with `port = "\n\t"` loses its port).  On the
    /// web-platform-tests `setters_tests.json` it gives what WebKitGTK
    /// 2.50.6 gives on every case (`tests/wpt_engines.rs`).
    fn set(
        &self,
        href: &str,
        attribute: UrlAttribute,
        value: &str,
    ) -> Option<Result<crate::url::Url, Error>> {
        let utf8 = encoding_rs::UTF_8;
        let url = match self.canonicalize(href, None, utf8) {
            Ok(u) => u,
            Err(e) => return Some(Err(e)),
        };
        let value = match attribute {
            UrlAttribute::Port => match webkit_port(value, url.scheme()) {
                None => return Some(Ok(url)),
                Some(None) => String::new(),
                Some(Some(p)) => p.to_string(),
            },
            _ => value.to_string(),
        };
        let changed = crate::engines::url_api::set_by_the_standard(url.as_str(), attribute, &value)
            .and_then(|u| self.canonicalize(u.as_str(), None, utf8));
        Some(Ok(changed.unwrap_or(url)))
    }

    fn description(&self) -> &str {
        &self.description
    }

    /// What WebKit shows of the URL (`WTF::URLHelpers::userVisibleURL`,
    /// see [`display`]): on WebKit's own serialization of it.
    fn display(&self, input: &str) -> Option<Result<crate::compare::display::Display, Error>> {
        Some(
            self.canonicalize(input, None, encoding_rs::UTF_8)
                .map(|u| display::user_visible_url(u.as_str())),
        )
    }

    fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
        parser::parse(base, None, encoding, self.idna)
            .map(drop)
            .map_err(|e| fail(format!("the base URL is invalid: {e}")))
    }

    /// WebKit's document base URL (`Document::processBaseElement` and
    /// `Document::updateBaseURL`, `Source/WebCore/dom/Document.cpp`):
    ///
    /// - the `<base href>` is `completeURL(href, fallbackBaseURL())`,
    ///   parsed in the document's encoding (in a windows-1252 page,
    ///   `<base href="http://b/?é">` is `http://b/?%E9`; measured on
    ///   WebKitGTK 2.50.6);
    /// - a `data:` or `javascript:` base is the base like any other
    ///   (measured on WebKitGTK 2.50.6: under `<base href="data:,x">`,
    ///   `<a href="#f">` is `data:,x#f`);
    /// - an invalid base (`http://[`) leaves an invalid base URL, against
    ///   which no link has a URL, `#f` neither (measured on WebKitGTK
    ///   2.50.6).
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let w = urlprism::engines::builtin_engine("webkit").unwrap();
    /// let w1252 = urlprism::encoding_rs::WINDOWS_1252;
    /// let page = "http://page.example/p.html";
    /// assert_eq!(w.document_base("http://b/?\u{e9}", page, w1252)?, "http://b/?%E9");
    /// assert_eq!(w.document_base("data:,x", page, w1252)?, "data:,x");
    /// assert!(w.document_base("http://[", page, w1252).is_err());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn document_base(
        &self,
        href: &str,
        page_url: &str,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        crate::engines::page::BaseRules {
            parsed_in_utf8: false,
            ignores_data_javascript: false,
            invalid_leaves_none: true,
        }
        .document_base(
            href,
            page_url,
            encoding,
            |t, b, e| self.canonicalize(t, b, e),
            fail,
        )
    }

    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        let r = self.parse(input, base, encoding)?;
        crate::url::Url::from_parsed_url(&record_components(&r))
    }

    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        let t = trace_host(self, host, scheme);
        Some(t.output.ok_or_else(|| fail(t.error.unwrap_or_default())))
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        Some(trace_host(self, host, scheme))
    }
}

/// The host parser on `host` for a URL of scheme `scheme`, stage by
/// stage.
fn trace_host(w: &Webkit, host: &str, scheme: &str) -> HostTrace {
    let mut st = host::Stages::recording(host::MARKS);
    let r = if scheme == "file" && host.eq_ignore_ascii_case("localhost") {
        st.push("localhost", host, "");
        Ok(String::new())
    } else if host.is_empty() {
        match (parser::is_special(scheme), scheme) {
            (_, "file") | (false, _) => Ok(String::new()),
            _ => Err("empty host".to_string()),
        }
    } else {
        host::parse_host(host, parser::is_special(scheme), w.idna, &mut st).map(|h| {
            match (scheme, h.as_str()) {
                ("file", "localhost") => String::new(),
                _ => h,
            }
        })
    };
    HostTrace::staged(&w.name, host, scheme, st.steps, r)
}
