//! The `chromium` engine: what Chromium's `new URL(input, base)` gives
//! today (its `href`, or an error where it throws), modelled on Chromium's
//! own URL library (`url/`, the successor of googleurl) as Blink calls it
//! (`KURL::Init` → `url::ResolveRelative`), measured against Chromium
//! 156.0.8078.108 (Debian 12's package, Linux).
//!
//! # Design
//!
//! Chromium does not run the URL Standard's state machine: it *parses* the
//! string into component ranges by the kind of URL its scheme makes it
//! (standard, `file:`, `filesystem:`, non-special, opaque "path URL"),
//! then *canonicalizes* each component on its own, each by its own rules;
//! a relative reference is resolved by copying the base's canonical text
//! up to the part it replaces.  Most departures from the standard follow
//! from that structure (the host is read as an IP address after IDNA; a
//! host with nothing to decode skips IDNA), so this engine is organised as
//! the library is, one concern per module, rather than as patches on the
//! output of a URL Standard parser:
//!
//! | module | Chromium |
//! | --- | --- |
//! | `util` | `url_util.cc` `DoCanonicalize`, `DoResolveRelative`; Blink `KURL::Init` |
//! | `parse` | `third_party/mozilla/url_parse.cc`, `url_parse_file.cc` |
//! | `scheme` | `url_util.cc` `SchemeRegistry`, `content/common/url_schemes.cc`, `chrome/common/chrome_content_client.cc`; `url_canon_etc.cc` `DoScheme` |
//! | `userinfo`, `port`, `fragment` | `url_canon_etc.cc` `DoUserInfo`, `DoPort`, `DoCanonicalizeRef` |
//! | `host` | `url_canon_host.cc` |
//! | `idna`, `unicode17` | `url_idna_icu.cc` `IDNToASCII` (ICU `uidna_nameToASCII`) |
//! | `ip` | `url_canon_ip.cc` |
//! | `path` | `url_canon_path.cc` |
//! | `query` | `url_canon_query.cc` |
//! | `canon` | `url_canon_stdurl.cc`, `url_canon_fileurl.cc`, `url_canon_filesystemurl.cc`, `url_canon_non_special_url.cc`, `url_canon_pathurl.cc` |
//! | `relative` | `url_canon_relative.cc` |
//! | `replace`, `setters` | `url_util.cc` `DoReplaceComponents`; Blink `DOMURLUtils`, `KURL::SetX` (the URL API's setters) |
//! | [`host_trace`] | the host's stages for `urlprism trace` |
//! | [`display`] | `components/url_formatter/url_formatter.cc` `FormatUrl`, `base/strings/escape.cc` (the omnibox's text, [`Engine::display`]) |
//! | `spoof` | `components/url_formatter/spoof_checks/idn_spoof_checker.cc` `SafeToDisplayAsUnicode` |
//! | `skeleton` | `spoof_checks/skeleton_generator.cc`, `idn_spoof_checker.cc` `GetSimilarTopDomain` |
//!
//! The strings are handled as UTF-8, as the library receives a string of
//! Latin-1 characters from Blink; a string holding a code point beyond
//! U+00FF reaches it as UTF-16, which matters in one place (the opaque
//! host's check of each code unit's low octet, see `host`).  IDNA is the
//! `idna` crate's UTS #46 with Chromium's options, limited to the Unicode
//! 16.0 repertoire of Chromium's ICU (`unicode17`).
//!
//! # Departures from the URL Standard
//!
//! See the table in `docs/engines.md` ("The `chromium` engine"); each rule is
//! documented, with its source, in the module that implements it.
//!
//! ```
//! use urlprism::engines::chromium::Chromium;
//! let c = Chromium::new();
//! let utf8 = encoding_rs::UTF_8;
//! assert_eq!(c.canonicalize_str("http://a b/", None, utf8).unwrap(), "http://a%20b/");
//! assert_eq!(c.canonicalize_str("http://xn--9c/", None, utf8).unwrap(), "http://xn--9c/");
//! assert_eq!(c.canonicalize_str("sc:/a|b^c", None, utf8).unwrap(), "sc:/a%7Cb%5Ec");
//! assert!(c.canonicalize_str("foo://\u{140}/", None, utf8).is_err());
//! ```

mod canon;
mod component;
pub mod display;
mod escape;
mod fragment;
mod host;
pub mod host_trace;
mod idna;
mod ip;
mod parse;
mod path;
mod port;
mod query;
mod relative;
mod replace;
mod scheme;
mod setters;
mod skeleton;
mod spoof;
mod trace;
mod unicode17;
mod userinfo;
mod util;

pub use skeleton::TopDomains;

use crate::compare::{Engine, HostTrace, UrlAttribute};
use crate::error::Error;
use crate::url::components::ParsedUrl;
use component::Canon;
use encoding_rs::Encoding;

pub use trace::CHROMIUM;

/// The name of the built-in `chromium` engine.
pub const NAME: &str = "chromium";

/// The Chromium version whose behaviour the engine was measured against.
pub const MEASURED_VERSION: &str = "156.0.8078.108";

/// The `chromium` engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chromium;

/// Whether Blink hands `s` to the URL library as UTF-16 (it holds a code
/// point beyond U+00FF) rather than as the UTF-8 of Latin-1 characters.
fn wide(s: &str) -> bool {
    s.chars().any(|c| u32::from(c) > 0xFF)
}

fn rejected(reason: &str) -> Error {
    Error::rejected(NAME, reason)
}

impl Chromium {
    /// The engine.
    pub fn new() -> Chromium {
        Chromium
    }

    /// `new URL(input, base)`: the canonical URL, or why Chromium throws.
    fn run(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Canon, Error> {
        let base = match base {
            Some(b) => {
                let c = util::resolve(None, b, wide(b), None);
                if !c.valid {
                    return Err(rejected("the base URL is invalid"));
                }
                Some(c)
            }
            None => None,
        };
        let encoding = (encoding != encoding_rs::UTF_8).then_some(encoding.output_encoding());
        let c = util::resolve(base.as_ref(), input, wide(input), encoding);
        if !c.valid {
            return Err(rejected(&why_invalid(&c, base.is_some())));
        }
        Ok(c)
    }

    /// The `href` of `input` parsed against `base` (see
    /// [`Chromium::canonicalize`](Engine::canonicalize)).
    pub fn canonicalize_str(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        self.run(input, base, encoding).map(|c| c.spec)
    }

    /// The canonical host of `host` in a URL of the (lowercase) scheme
    /// `scheme`: a special scheme's host (IDNA, IPv4, IPv6), a `file:`
    /// host, or an opaque host.
    pub fn host(&self, host: &str, scheme: &str) -> Result<String, Error> {
        host_trace::run(host, scheme, &mut trace::Stages::none()).map_err(|e| rejected(&e))
    }
}

/// Why a URL is invalid, from what was written of it.
fn why_invalid(c: &Canon, has_base: bool) -> String {
    if c.spec.is_empty() {
        return match has_base {
            true => "the reference cannot be resolved against the base".to_string(),
            false => "no scheme: the URL is not absolute".to_string(),
        };
    }
    match &c.parsed.failure {
        Some(why) => why.clone(),
        None => "Chromium's canonicalizer marks it invalid".to_string(),
    }
}

/// The components of a canonical URL, for [`crate::url::Url`]: the host is
/// present (maybe empty) when the URL has `//`, the path is all between
/// the authority (or the scheme) and the query, `/.` included.
fn components(c: &Canon) -> ParsedUrl {
    let s = c.spec.as_str();
    let p = &c.parsed;
    let text = |part: component::Part| part.map(|sp| sp.of(s).to_string());
    let scheme_end = p.scheme.map_or(0, |sc| sc.end);
    // A path that begins right after the scheme is all there is, `//`
    // included: a scheme Chromium keeps opaque (`android://x:0/a`, whose
    // path is `//x:0/a`) has no host.
    let path_after_scheme = p.path.is_some_and(|sp| sp.begin == scheme_end + 1);
    let has_authority =
        s[scheme_end..].starts_with("://") && p.inner.is_none() && !path_after_scheme;
    let path_begin = if has_authority {
        [p.port, p.host, p.password, p.username]
            .iter()
            .flatten()
            .map(|sp| sp.end)
            .max()
            .unwrap_or(scheme_end + 3)
    } else {
        scheme_end + 1
    };
    let path_end = p.query.or(p.fragment).map_or(s.len(), |sp| sp.begin - 1);
    ParsedUrl {
        scheme: text(p.scheme),
        user: text(p.username).filter(|_| has_authority),
        password: text(p.password).filter(|_| has_authority),
        host: has_authority.then(|| text(p.host).unwrap_or_default()),
        port: text(p.port).filter(|_| has_authority),
        path: Some(s[path_begin.min(path_end)..path_end].to_string()),
        query: text(p.query),
        fragment: text(p.fragment),
        ..ParsedUrl::default()
    }
}

/// The URL of the valid canonical URL `c`.
fn to_url(c: &Canon) -> Result<crate::url::Url, Error> {
    let url = crate::url::Url::from_parsed_url(&components(c))?;
    if url.as_str() != c.spec {
        return Err(rejected(&format!(
            "internal error: the components of {:?} serialize to {:?}",
            c.spec,
            url.as_str()
        )));
    }
    Ok(url)
}

impl Engine for Chromium {
    fn name(&self) -> &str {
        NAME
    }

    fn description(&self) -> &str {
        "Chromium's new URL(input, base) and links in pages today (its url/ library as Blink calls \
         it; measured on Chromium 156.0.8078.108)"
    }

    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<crate::url::Url, Error> {
        to_url(&self.run(input, base, encoding)?)
    }

    /// Blink's setters (`DOMURLUtils`, see `setters`): `href` parses the
    /// value as `new URL(value)` does; the others replace components of
    /// the canonical URL.
    ///
    /// ```
    /// use urlprism::compare::{Engine, UrlAttribute};
    /// let c = urlprism::engines::builtin_engine("chromium").unwrap();
    /// let set = |href, a, v| c.set(href, a, v).unwrap().map(|u| u.as_str().to_string());
    /// assert_eq!(set("sc://h/", UrlAttribute::Protocol, "http")?, "http://h/");
    /// assert_eq!(set("http://h/?q", UrlAttribute::Search, "?")?, "http://h/");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn set(
        &self,
        href: &str,
        attribute: UrlAttribute,
        value: &str,
    ) -> Option<Result<crate::url::Url, Error>> {
        let utf8 = encoding_rs::UTF_8;
        Some(self.run(href, None, utf8).and_then(|url| {
            match attribute {
                UrlAttribute::Href => self.canonicalize(value, None, utf8),
                _ => setters::set(&url, attribute, value)
                    .map_err(|why| rejected(&why))
                    .and_then(|c| to_url(&c)),
            }
        }))
    }

    /// The omnibox (`FormatUrl` with the IDN spoof checks, see
    /// [`display`]): `http://www.xn--bcher-kva.de/` shows as `bücher.de`.
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let c = urlprism::engines::chromium::Chromium::new();
    /// let d = c.display("http://www.xn--bcher-kva.de/").unwrap()?;
    /// assert_eq!(d.shown, "bücher.de");
    /// assert_eq!(d.full, "http://www.bücher.de/");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn display(&self, input: &str) -> Option<Result<crate::compare::display::Display, Error>> {
        Some(display::formatted(input, display::UnescapeRule::Normal))
    }

    fn check_base(&self, base: &str, _encoding: &'static Encoding) -> Result<(), Error> {
        match util::resolve(None, base, wide(base), None).valid {
            true => Ok(()),
            false => Err(rejected("the base URL is invalid")),
        }
    }

    /// Blink's document base URL (`Document::ProcessBaseElement` and
    /// `Document::UpdateBaseURL`, `third_party/blink/renderer/core/dom/document.cc`):
    ///
    /// - the `<base href>` is `KURL(FallbackBaseURL(), href)`, parsed in
    ///   UTF-8 whatever the page's encoding (in a windows-1252 page,
    ///   `<base href="http://b/?é">` is `http://b/?%C3%A9`; measured on
    ///   Chromium 156.0.8078.108);
    /// - a `data:` or `javascript:` base is not taken: the base stays the
    ///   page's URL (Chromium commit f1ccaff4, "Set the <base> element's
    ///   base URL to document's base URL when href scheme is data or
    ///   javascript", after the HTML Standard);
    /// - an invalid base (`http://[`) leaves the document an invalid base
    ///   URL, against which `Document::CompleteURL` makes no URL: no link
    ///   has one, `#f` neither (measured on Chromium 156.0.8078.108).
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let c = urlprism::engines::builtin_engine("chromium").unwrap();
    /// let w1252 = urlprism::encoding_rs::WINDOWS_1252;
    /// let page = "http://page.example/p.html";
    /// assert_eq!(c.document_base("http://b/?\u{e9}", page, w1252)?, "http://b/?%C3%A9");
    /// assert_eq!(c.document_base("data:,x", page, w1252)?, page);
    /// assert!(c.document_base("http://[", page, w1252).is_err());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn document_base(
        &self,
        href: &str,
        page_url: &str,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        crate::engines::page::BaseRules {
            parsed_in_utf8: true,
            ignores_data_javascript: true,
            invalid_leaves_none: true,
        }
        .document_base(
            href,
            page_url,
            encoding,
            |t, b, e| self.canonicalize(t, b, e),
            |why| rejected(&why),
        )
    }

    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        Some(self.host(host, scheme))
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        Some(host_trace::trace(host, scheme))
    }
}
