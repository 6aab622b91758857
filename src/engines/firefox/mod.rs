//! The `firefox` engine: what Firefox 153 ESR (Debian 12) gives for
//! `new URL(input, base).href` and a link's `a.href` in a page (measured
//! on Firefox 153.8.0esr).
//!
//! # Design
//!
//! Firefox does not run the URL Standard's parser: `new URL()`
//! (`dom/url/URL.cpp`) calls `NS_NewURI`, which gives each scheme its URI
//! class, and each class parses, resolves and normalizes in its own way.
//! The engine is a model of those classes, one module per concern:
//!
//! | module | Firefox |
//! | --- | --- |
//! | [`uri`] | `netwerk/base/nsNetUtil.cpp` `NS_NewURI`: the class of each scheme, nested URIs (`view-source:`, `jar:`), `moz-icon:`, `DefaultURI` |
//! | [`standard_url`] | `netwerk/base/nsStandardURL.cpp` (`Resolve`, `SetSpecWithEncoding`, `BuildNormalizedSpec`), `netwerk/base/nsURLParsers.cpp` |
//! | [`simple_uri`] | `netwerk/base/nsSimpleURI.cpp` (`data:`, `javascript:`, `about:`, `blob:`) |
//! | [`net`] | `netwerk/base/nsURLHelper.cpp`, `netwerk/base/IPv4Parser.cpp`, `xpcom/io/nsEscape.cpp` |
//! | [`host`] | `nsStandardURL::NormalizeIDN`, `netwerk/base/idna_glue/src/lib.rs`; the host's stages for `urlprism trace` |
//! | [`idn_display`] | `netwerk/dns/nsIDNService.cpp` `IsLabelSafe`: which host labels are shown in Unicode |
//! | [`identifier_status`] | UTS #39 Identifier_Status of Firefox 153 (Unicode 17) and ESR 140 (Unicode 16) |
//! | [`url_bar`] | `browser/components/urlbar/UrlbarInput.sys.mjs` `losslessDecodeURI`, `BrowserUIUtils.trimURL`: the URL bar's text |
//! | [`display`] | [`Engine::display`]: the two together |
//!
//! # Departures from the URL Standard
//!
//! See the table in `docs/engines.md` ("The `firefox` and `webkit` engines");
//! each rule is documented, with its source, in the module that
//! implements it.
//!
//! ```
//! use urlprism::engines::firefox::Firefox;
//! let f = Firefox::new();
//! let utf8 = urlprism::encoding_rs::UTF_8;
//! // `file:` URLs have no host.
//! assert_eq!(f.canonicalize_str("file://foo/bar/../baz", None, utf8).unwrap(), "file:///baz");
//! // `*` and `"` are denied in a host.
//! assert!(f.canonicalize_str("http://a*b/", None, utf8).is_err());
//! // Firefox's own schemes have their own classes.
//! assert_eq!(f.canonicalize_str("resource:/x", None, utf8).unwrap(), "resource:///x");
//! ```

pub mod display;
pub mod host;
pub mod identifier_status;
pub mod idn_display;
pub mod net;
mod setters;
pub mod simple_uri;
pub mod standard_url;
pub mod uri;
pub mod url_bar;
mod url_parsers;

use crate::compare::{Engine, HostTrace, UrlAttribute};
use crate::error::Error;
use crate::url::components::ParsedUrl;
use encoding_rs::Encoding;
pub use host::IdnaData;
use serde::{Deserialize, Serialize};
use uri::{Ctx, Uri};

/// The name of the built-in `firefox` engine.
pub const NAME: &str = "firefox";

/// The engine: Firefox's `NS_NewURI` and its URI classes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Firefox {
    /// Short name, the column's heading (`firefox` for the built-in one).
    pub name: String,
    /// What it models.
    #[serde(default)]
    pub description: String,
    /// Always `"firefox"` in a profile file: it selects this engine.
    #[serde(default = "engine_name")]
    pub engine: String,
    /// The Unicode data of the `idna` crate Firefox is built with:
    /// `unicode17` (Firefox 153, the default) or `latest` (urlprism's
    /// `idna` crate, Unicode 18.0).
    #[serde(default)]
    pub idna: IdnaData,
}

fn engine_name() -> String {
    NAME.to_string()
}

impl Default for Firefox {
    fn default() -> Self {
        Firefox::new()
    }
}

fn fail(reason: impl Into<String>) -> Error {
    Error::rejected(NAME, reason)
}

impl Firefox {
    /// Firefox 153 ESR on Debian 12 (measured on 153.8.0esr): the built-in
    /// `firefox` engine.
    pub fn new() -> Firefox {
        Firefox {
            name: NAME.to_string(),
            description: "Firefox 153 ESR new URL() and links in pages (NS_NewURI: nsStandardURL, \
                          nsSimpleURI, DefaultURI and Firefox's own URI classes; Unicode 17.0 \
                          IDNA data; measured on Firefox 153.8.0esr)"
                .to_string(),
            engine: engine_name(),
            idna: IdnaData::Unicode17,
        }
    }

    /// Reads a profile file that selects this engine (`engine =
    /// "firefox"`; its keys are the fields of [`Firefox`]); `origin`
    /// names it in errors.
    ///
    /// ```
    /// let text = "name = \"firefox-18\"\nengine = \"firefox\"\nidna = \"latest\"\n";
    /// let f = urlprism::engines::firefox::Firefox::from_toml(text, "f.toml").unwrap();
    /// assert_eq!(f.idna, urlprism::engines::firefox::IdnaData::Latest);
    /// ```
    pub fn from_toml(text: &str, origin: &str) -> Result<Firefox, crate::profile::ProfileError> {
        crate::profile::ProfileError::read_toml(text, origin)
    }

    fn ctx(&self, encoding: &'static Encoding) -> Ctx {
        Ctx {
            encoding: encoding.output_encoding(),
            idna: self.idna,
            substring: false,
        }
    }

    /// The URI `new URL(input, base)` makes (`dom/url/URL.cpp`: the base
    /// by `NS_NewURI` alone, then the input by `NS_NewURI` against it).
    pub fn parse(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Uri, Error> {
        let ctx = self.ctx(encoding);
        let base = match base {
            Some(b) => Some(
                uri::new_uri(b.as_bytes(), None, ctx)
                    .map_err(|e| fail(format!("the base URL is invalid: {e}")))?,
            ),
            None => None,
        };
        uri::new_uri(input.as_bytes(), base.as_ref(), ctx).map_err(fail)
    }

    /// The `href` of `input` parsed against `base`.
    pub fn canonicalize_str(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        self.parse(input, base, encoding).map(|u| u.spec())
    }
}

/// The components of a spec, so that [`crate::algorithm::serialize::serialize()`] of them is
/// the spec: what follows `scheme://` as authority parts, the rest as
/// path, query and fragment; a spec without `//` after its scheme as an
/// opaque path.
pub(crate) fn spec_components(spec: &str) -> ParsedUrl {
    let colon = spec.find(':').unwrap_or(0);
    let scheme = spec[..colon].to_string();
    let rest = &spec[colon + 1..];
    let (before_fragment, fragment) = match rest.find('#') {
        Some(i) => (&rest[..i], Some(rest[i + 1..].to_string())),
        None => (rest, None),
    };
    let (before_query, query) = match before_fragment.find('?') {
        Some(i) => (
            &before_fragment[..i],
            Some(before_fragment[i + 1..].to_string()),
        ),
        None => (before_fragment, None),
    };
    let mut p = ParsedUrl {
        scheme: Some(scheme),
        query,
        fragment,
        ..ParsedUrl::default()
    };
    match before_query.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            let (authority, path) = after.split_at(end);
            let (userinfo, hostport) = match authority.rfind('@') {
                Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
                None => (None, authority),
            };
            if let Some(ui) = userinfo {
                match ui.split_once(':') {
                    Some((u, pw)) => {
                        p.user = Some(u.to_string());
                        p.password = Some(pw.to_string());
                    }
                    None => p.user = Some(ui.to_string()),
                }
            }
            let port_at = match hostport.rfind(']') {
                Some(b) => hostport[b..].find(':').map(|i| i + b),
                None => hostport.rfind(':'),
            };
            match port_at.filter(|&i| {
                hostport[i + 1..].bytes().all(|b| b.is_ascii_digit()) && i + 1 < hostport.len()
            }) {
                Some(i) => {
                    p.host = Some(hostport[..i].to_string());
                    p.port = Some(hostport[i + 1..].to_string());
                }
                None => p.host = Some(hostport.to_string()),
            }
            p.path = Some(path.to_string());
        }
        None => p.path = Some(before_query.to_string()),
    }
    p
}

/// The spec as a [`crate::url::Url`]: its components when they serialize to
/// it, the scheme and the rest as an opaque path otherwise.
fn to_url(spec: &str) -> Result<crate::url::Url, Error> {
    let p = spec_components(spec);
    match crate::algorithm::serialize::serialize(&p) {
        Some(s) if s == spec => crate::url::Url::from_parsed_url(&p),
        _ => {
            let colon = spec.find(':').unwrap_or(0);
            crate::url::Url::from_parsed_url(&ParsedUrl {
                scheme: Some(spec[..colon].to_string()),
                path: Some(spec[colon + 1..].to_string()),
                ..ParsedUrl::default()
            })
        }
    }
}

/// A URL of `spec` without a host: the scheme, then the path up to `?`
/// or `#`, the query and the fragment (`nsSimpleURI`'s parts).
fn to_url_without_host(spec: &str) -> Result<crate::url::Url, Error> {
    let p = spec_components(spec);
    let mut path = spec[spec.find(':').map_or(0, |c| c + 1)..].to_string();
    if let Some(i) = path.find(['?', '#']) {
        path.truncate(i);
    }
    let simple = ParsedUrl {
        scheme: p.scheme.clone(),
        path: Some(path),
        query: p.query.clone(),
        fragment: p.fragment.clone(),
        ..ParsedUrl::default()
    };
    match crate::algorithm::serialize::serialize(&simple) {
        Some(s) if s == spec => crate::url::Url::from_parsed_url(&simple),
        _ => to_url(spec),
    }
}

/// The URL of a URI of Firefox's, with the components its class gives it.
fn url_of(uri: &uri::Uri) -> Result<crate::url::Url, Error> {
    let spec = uri.spec();
    match uri {
        // nsSimpleURI (and the nested URI of `view-source:`) has no
        // host: what follows the scheme is its path, `//` included
        // (`data://h/p` has the pathname `//h/p`, measured on Firefox
        // 153.8.0esr, WPT urltestdata.json).
        uri::Uri::Simple(_) | uri::Uri::Nested(..) => to_url_without_host(&spec),
        _ => to_url(&spec),
    }
}

impl Engine for Firefox {
    fn name(&self) -> &str {
        &self.name
    }

    fn description(&self) -> &str {
        &self.description
    }

    fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
        uri::new_uri(base.as_bytes(), None, self.ctx(encoding))
            .map(drop)
            .map_err(|e| fail(format!("the base URL is invalid: {e}")))
    }

    /// Gecko's document base URL (`HTMLSharedElement::SetBaseURIUsingFirstBaseWithHref`,
    /// `dom/html/HTMLSharedElement.cpp`):
    ///
    /// - the `<base href>` is the element's URI attribute
    ///   (`Element::GetURIAttr`, `nsContentUtils::NewURIWithDocumentCharset`),
    ///   parsed against the document's URL in the document's encoding
    ///   (in a windows-1252 page, `<base href="http://b/?é">` is
    ///   `http://b/?%E9`; measured on Firefox 153.8.0esr);
    /// - a `data:` or `javascript:` base is dropped
    ///   (`SchemeIs("data") || SchemeIs("javascript")`): the base stays
    ///   the page's URL;
    /// - an invalid base (`http://[`) gives no URI, and
    ///   `Document::SetBaseURI(nullptr)` leaves the page's URL as the
    ///   base (measured on Firefox 153.8.0esr: `<a href="#f">` is the
    ///   page's URL with `#f`).
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let f = urlprism::engines::builtin_engine("firefox").unwrap();
    /// let w1252 = urlprism::encoding_rs::WINDOWS_1252;
    /// let page = "http://page.example/p.html";
    /// assert_eq!(f.document_base("http://b/?\u{e9}", page, w1252)?, "http://b/?%E9");
    /// assert_eq!(f.document_base("javascript:x", page, w1252)?, page);
    /// assert_eq!(f.document_base("http://[", page, w1252)?, page);
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
            ignores_data_javascript: true,
            invalid_leaves_none: false,
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
        url_of(&self.parse(input, base, encoding)?)
    }

    fn set(
        &self,
        href: &str,
        attribute: UrlAttribute,
        value: &str,
    ) -> Option<Result<crate::url::Url, Error>> {
        let utf8 = encoding_rs::UTF_8;
        Some(
            self.parse(href, None, utf8)
                .and_then(|uri| match attribute {
                    // `URL::SetHref`: a new URI of the value, or a `TypeError`.
                    UrlAttribute::Href => self.canonicalize(value, None, utf8),
                    _ => url_of(&setters::set(self, &uri, attribute, value).unwrap_or(uri)),
                }),
        )
    }

    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        let t = trace_host(self, host, scheme);
        Some(t.output.ok_or_else(|| fail(t.error.unwrap_or_default())))
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        Some(trace_host(self, host, scheme))
    }

    /// What Firefox 153's URL bar shows ([`display`]): each host label
    /// in Unicode when `nsIDNService::IsLabelSafe` allows it, the spec
    /// decoded by `losslessDecodeURI`, a bare `/` and `https://` trimmed.
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let f = urlprism::engines::firefox::Firefox::new();
    /// let d = f.display("https://m\u{fc}nchen.de/").unwrap()?;
    /// assert_eq!(d.full, "https://m\u{fc}nchen.de/");
    /// assert_eq!(d.shown, "m\u{fc}nchen.de");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn display(&self, input: &str) -> Option<Result<crate::compare::display::Display, Error>> {
        Some(display::display(self, input))
    }
}

/// The host of a URL of scheme `scheme` as Firefox's class for that
/// scheme makes it, stage by stage.
fn trace_host(f: &Firefox, host: &str, scheme: &str) -> HostTrace {
    let mut st = host::Stages::recording(host::MARKS);
    let r = match scheme {
        "file" => {
            st.push("no authority (nsNoAuthURLParser)", host, "");
            Ok(String::new())
        }
        "http"
        | "https"
        | "ws"
        | "wss"
        | "ftp"
        | "indexeddb"
        | "uuid"
        | "smb"
        | "sftp"
        | "android"
        | "chrome"
        | "resource"
        | "moz-extension"
        | "moz-src"
        | "moz-page-thumb"
        | "moz-newtab-wallpaper" => {
            if host.is_empty() {
                Err("empty host".to_string())
            } else {
                host::normalize_host(host.as_bytes(), scheme, f.idna, &mut st)
            }
        }
        "data" | "javascript" | "blob" | "about" | "moz-safe-about" | "page-icon" | "moz"
        | "cached-favicon" | "view-source" | "jar" | "moz-icon" => {
            st.push("as written (no host in this URI class)", host, host);
            Ok(host.to_string())
        }
        _ => {
            let r = url::Host::parse_opaque(host)
                .map(|h| h.to_string())
                .map_err(|e| e.to_string());
            match &r {
                Ok(h) => st.push("opaque-host parser", host, h),
                Err(e) => st.push("opaque-host parser", host, &format!("fail: {e}")),
            }
            r
        }
    };
    HostTrace::staged(&f.name, host, scheme, st.steps, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::UTF_8;

    #[test]
    fn components_serialize_to_the_spec() {
        for s in [
            "http://u:p@h:81/p?q#f",
            "file:///x",
            "data:,x?y#z",
            "foo://[::1]:8/x",
            "about://@",
            "moz-icon://x?size=16",
            "view-source:http://h/",
            "jar:file:///a.jar!/b",
        ] {
            assert_eq!(to_url(s).unwrap().as_str(), s, "{s}");
        }
    }

    #[test]
    fn firefox_urls() {
        let f = Firefox::new();
        let c = |s: &str, b: Option<&str>| f.canonicalize_str(s, b, UTF_8).ok();
        assert_eq!(
            c("HTTP://EXAMPLE.com/a/../b", None).as_deref(),
            Some("http://example.com/b")
        );
        assert_eq!(
            c("x", Some("file://host/a/b")).as_deref(),
            Some("file:///a/x")
        );
        assert_eq!(c("FTp://0x", None), None);
        assert_eq!(
            c("moz-icon://x", None).as_deref(),
            Some("moz-icon://x?size=16")
        );
        assert_eq!(
            c("view-source:foo", Some("http://test/")).as_deref(),
            Some("view-source:http://test/foo")
        );
        assert_eq!(
            c("chrome://pkg/content", None).as_deref(),
            Some("chrome://pkg/content/pkg.xul")
        );
        assert_eq!(
            c("jar:file:///a.jar!/b/../c#f", None).as_deref(),
            Some("jar:file:///a.jar!/c#f")
        );
        assert_eq!(
            c("#\u{0}", Some("http://b.example/d")).as_deref(),
            Some("http://b.example/d#%00")
        );
        assert_eq!(
            c("?\u{0}q", Some("http://b.example/d/")).as_deref(),
            Some("http://b.example/d/?")
        );
        assert_eq!(c("sc://h/a/../b", None).as_deref(), Some("sc://h/b"));
    }
}
