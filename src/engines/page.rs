//! The two contexts of a URL string in a browser: `new URL(input, base)`
//! (always UTF-8, the base as given) and a link in a page (`a.href`: the
//! page's encoding for the query, the base its `<base href>` read by the
//! browser's document rules, the page's own URL when it has none).
//!
//! Each engine says how its browser reads a page's `<base href>`
//! ([`Engine::document_base`](crate::compare::Engine::document_base));
//! the rules differ in three ways, measured on links in pages of 22
//! encodings (Chromium 156.0.8078.108, Firefox 153.8.0esr, WebKitGTK
//! 2.50.6):
//!
//! | engine | `<base href>` parsed in | `data:` / `javascript:` base | invalid base (`http://[`) |
//! | --- | --- | --- | --- |
//! | `whatwg` (HTML Standard) | the page's encoding | ignored: the page's URL | the page's URL |
//! | `chromium` | UTF-8 | ignored: the page's URL | no base: no link has a URL, `#f` neither |
//! | `firefox` | the page's encoding | ignored: the page's URL | the page's URL |
//! | `webkit` | the page's encoding | the base | no base |
//!
//! ```
//! use urlprism::{encoding_rs::WINDOWS_1252, Canonicalizer};
//! // <base href="http://b/?é"> in a windows-1252 page, then <a href="?x">.
//! for (engine, base_uri) in [
//!     ("chromium", "http://b/?%C3%A9"),
//!     ("firefox", "http://b/?%E9"),
//!     ("webkit", "http://b/?%E9"),
//! ] {
//!     let c = Canonicalizer::named(engine)?.link_in_page(WINDOWS_1252).base("http://b/?é")?;
//!     assert_eq!(c.document_base()?.as_deref(), Some(base_uri), "{engine}");
//!     assert_eq!(c.canonicalize("#f")?.as_str(), format!("{base_uri}#f"));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::Error;
use crate::url::Url;
use encoding_rs::{Encoding, UTF_8};

/// The page's own URL when none is set
/// ([`Canonicalizer::page_url`](crate::Canonicalizer::page_url), `--page-url`):
/// the base of its links when it has no `<base href>`, or when the
/// browser ignores it.
pub const DEFAULT_PAGE_URL: &str = "http://page.example/dir/page.html";

/// Where a URL string is parsed.
///
/// ```
/// use urlprism::engines::page::{Context, DEFAULT_PAGE_URL};
/// let link = Context::link_in_page(urlprism::encoding_rs::SHIFT_JIS);
/// assert_eq!(link.encoding().name(), "Shift_JIS");
/// assert_eq!(link.page_url(), Some(DEFAULT_PAGE_URL));
/// assert_eq!(Context::NewUrl.encoding().name(), "UTF-8");
/// assert_eq!(Context::NewUrl.page_url(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Context {
    /// `new URL(input, base)`: UTF-8, the base as given (the input is its
    /// own base without one).
    #[default]
    NewUrl,
    /// A link in a page: `<a href=input>` in a page of the document
    /// encoding `encoding` whose URL is `page_url`; the base is the
    /// page's `<base href>` read by the browser's document rules, the
    /// page's URL without one.  What `a.href` gives.
    LinkInPage {
        /// The page's encoding (its output encoding is used: UTF-8 for a
        /// UTF-16 page, windows-1252 for `x-user-defined`).
        encoding: &'static Encoding,
        /// The page's own URL.
        page_url: String,
    },
}

impl Context {
    /// A link in a page of `encoding` at [`DEFAULT_PAGE_URL`].
    pub fn link_in_page(encoding: &'static Encoding) -> Context {
        Context::LinkInPage {
            encoding,
            page_url: DEFAULT_PAGE_URL.to_string(),
        }
    }

    /// The encoding of the query: UTF-8 for `new URL()`, else the page's.
    pub fn encoding(&self) -> &'static Encoding {
        match self {
            Context::NewUrl => UTF_8,
            Context::LinkInPage { encoding, .. } => encoding,
        }
    }

    /// The page's URL, for a link in a page.
    pub fn page_url(&self) -> Option<&str> {
        match self {
            Context::NewUrl => None,
            Context::LinkInPage { page_url, .. } => Some(page_url),
        }
    }

    /// Its name: `new-url` or `link` (`--context`).
    pub fn name(&self) -> &'static str {
        match self {
            Context::NewUrl => "new-url",
            Context::LinkInPage { .. } => "link",
        }
    }
}

/// Whether `url`'s scheme is `data` or `javascript`, which the HTML
/// Standard, Chromium and Firefox do not take as a page's base.
pub fn is_data_or_javascript(url: &Url) -> bool {
    matches!(url.scheme(), "data" | "javascript")
}

/// How a browser reads a `<base href>`: the encoding it parses it in,
/// whether it ignores a `data:` or `javascript:` base, and what an
/// invalid one leaves (the page's URL, or no base).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaseRules {
    /// The `<base href>` parsed in UTF-8 rather than the page's encoding.
    pub parsed_in_utf8: bool,
    /// A `data:` or `javascript:` base ignored: the page's URL stays the
    /// base.
    pub ignores_data_javascript: bool,
    /// An invalid `<base href>` leaves no base (no link has a URL) rather
    /// than the page's URL.
    pub invalid_leaves_none: bool,
}

impl BaseRules {
    /// The HTML Standard's frozen base URL
    /// (<https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url>):
    /// the `href` parsed with the fallback base URL (the page's) and the
    /// document's encoding; failure, or a `data` or `javascript` scheme,
    /// gives the fallback base URL.
    pub const HTML_STANDARD: BaseRules = BaseRules {
        parsed_in_utf8: false,
        ignores_data_javascript: true,
        invalid_leaves_none: false,
    };

    /// The document base URL of a page at `page_url` of `encoding` whose
    /// `<base href>` is `href`, under these rules, `parse(text, base,
    /// encoding)` being the engine's parser; `Err` when the page has no
    /// base (no link has a URL), saying why in `no_base`'s words.
    ///
    /// ```
    /// use urlprism::engines::page::BaseRules;
    /// use urlprism::compare::Engine;
    /// let whatwg = urlprism::engines::builtin_engine("whatwg").unwrap();
    /// let parse = |t: &str, b: Option<&str>, e| whatwg.canonicalize(t, b, e);
    /// let utf8 = urlprism::encoding_rs::UTF_8;
    /// let page = "http://page.example/p.html";
    /// let rules = BaseRules::HTML_STANDARD;
    /// let no_base = |why: String| unreachable!("{why}");
    /// assert_eq!(rules.document_base("../b/", page, utf8, parse, no_base).unwrap(), "http://page.example/b/");
    /// assert_eq!(rules.document_base("data:,x", page, utf8, parse, no_base).unwrap(), page);
    /// assert_eq!(rules.document_base("http://[", page, utf8, parse, no_base).unwrap(), page);
    /// ```
    pub fn document_base(
        self,
        href: &str,
        page_url: &str,
        encoding: &'static Encoding,
        parse: impl Fn(&str, Option<&str>, &'static Encoding) -> Result<Url, Error>,
        no_base: impl FnOnce(String) -> Error,
    ) -> Result<String, Error> {
        let encoding = if self.parsed_in_utf8 { UTF_8 } else { encoding };
        match parse(href, Some(page_url), encoding) {
            Ok(u) if self.ignores_data_javascript && is_data_or_javascript(&u) => {
                Ok(page_url.to_string())
            }
            Ok(u) => Ok(u.as_str().to_string()),
            Err(_) if self.invalid_leaves_none => Err(no_base(format!(
                "the page has no base URL: its <base href> {href:?} is invalid"
            ))),
            Err(_) => Ok(page_url.to_string()),
        }
    }
}
