//! Engines: what turns a resolved URL into a canonical one (every
//! [`Profile`] is one), and an engine's CanonicalizeHost run traced step
//! by step ([`HostTrace`]).

use super::guard::guarded as catch_panic;
use crate::algorithm::host::canonicalize_host::canonicalize_host_traced;
use crate::algorithm::host::trace::{StepLog, TraceStep};
#[cfg(feature = "suite")]
use crate::conformance::{FileReport, ReadError};
use crate::error::Error;
use crate::profile::Profile;
use crate::profile_canonicalizer::ProfileCanonicalizer;
use crate::url::components::InvalidReason;
use crate::url::Url;
use encoding_rs::Encoding;
use serde::Serialize;

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

/// Something that canonicalizes URLs: a column of a comparison.
///
/// Every [`Profile`] is an engine (through a blanket implementation).  An
/// engine that is not made of the specification's marked steps implements
/// [`Engine::canonicalize`] in its own way, from the raw `input` and
/// `base` strings, hands back its result as a [`Url`] (made with
/// [`Url::from_parsed_url`] when it has the components at hand), and
/// keeps the default [`Engine::trace_host`] (no trace).
///
/// The other methods say what else the engine can do, each with a
/// default for an engine that cannot: the commands ask them rather than
/// which engine it is (`urlprism host` runs
/// [`Engine::canonicalize_host`], `urlprism test` the files of
/// [`Engine::test_files`], `urlprism nameprep` the profiles,
/// [`Engine::as_profile`]).  An engine the command line finds by name is
/// registered in [`crate::engines`].
///
/// ```
/// use urlprism::compare::{compare, Engine, Field};
/// use urlprism::{encoding_rs::Encoding, Error, Url};
///
/// /// Every input lowercased, its own base.
/// struct Lowercase;
/// impl Engine for Lowercase {
///     fn name(&self) -> &str {
///         "lowercase"
///     }
///     fn canonicalize(&self, input: &str, _: Option<&str>, _: &'static Encoding) -> Result<Url, Error> {
///         Url::from_parsed_url(&urlprism::parse(&input.to_ascii_lowercase()))
///     }
/// }
/// let this = urlprism::profile::this();
/// let c = compare("http://A/%7E", None, urlprism::encoding_rs::UTF_8, &[this, &Lowercase]);
/// assert_eq!(c.results[0].canonical(), Some("http://a/~"));
/// assert_eq!(c.results[1].canonical(), Some("http://a/%7e"));
/// assert_eq!(c.differing, [Field::Path]);
/// ```
pub trait Engine: Send + Sync {
    /// Short name, the column's heading (e.g. `this`, `chrome`).
    fn name(&self) -> &str;

    /// The canonical form of `input` resolved against `base` (`input`
    /// itself when `None`), `encoding` being the document encoding (for
    /// the query): the canonical URL, or why there is none.
    ///
    /// A [`Comparer`](super::Comparer) passes the same `base` with every
    /// input (as given: the engine parses it, and decides what an invalid
    /// one means), and runs the engines that are profiles together
    /// ([`Engine::as_profile`]) rather than through this method.
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let gecko: &dyn Engine = urlprism::profile::builtin("gecko").unwrap();
    /// let utf8 = urlprism::encoding_rs::UTF_8;
    /// let u = gecko.canonicalize("../A%5Fb", Some("http://h.test/d/e"), utf8)?;
    /// assert_eq!(u.as_str(), "http://h.test/A_b");
    /// let e = gecko.canonicalize("x", Some("no scheme"), utf8).unwrap_err();
    /// assert_eq!(e.to_string(), "invalid URL: the base URL is invalid");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Url, Error>;

    /// [`Engine::canonicalize`]'s canonical URL written into `out`
    /// (cleared first; left empty on error), so that a loop over many
    /// inputs reuses one buffer.  By default, the [`Url`]'s string copied.
    fn canonicalize_to(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
        out: &mut String,
    ) -> Result<(), Error> {
        out.clear();
        out.push_str(self.canonicalize(input, base, encoding)?.as_str());
        Ok(())
    }

    /// What it models, for a list of engines (empty by default).
    fn description(&self) -> &str {
        ""
    }

    /// Whether `base` is a base URL the engine can resolve against (an
    /// [`crate::Canonicalizer`] checks it once, then passes it with
    /// every input): `Err` says why not.  By default, whether the engine
    /// canonicalizes it as an input of its own.
    fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
        self.canonicalize(base, None, encoding).map(drop)
    }

    /// The base URL of the links of a page at `page_url` of the document
    /// encoding `encoding` whose `<base href>` is `href`, as the modelled
    /// browser reads it (the page's URL when it ignores it), or why the
    /// page has no base (no link has a URL then).  By default the HTML
    /// Standard's frozen base URL
    /// ([`BaseRules::HTML_STANDARD`](crate::engines::page::BaseRules::HTML_STANDARD)):
    /// `href` parsed against the page's URL in the page's encoding, the
    /// page's URL when that fails or gives a `data:` or `javascript:`
    /// URL.
    ///
    /// ```
    /// use urlprism::compare::Engine;
    /// let ie: &dyn Engine = urlprism::profile::builtin("ie").unwrap();
    /// let utf8 = urlprism::encoding_rs::UTF_8;
    /// let page = "http://page.example/d/p.html";
    /// assert_eq!(ie.document_base("../b/", page, utf8)?, "http://page.example/b/");
    /// assert_eq!(ie.document_base("javascript:x", page, utf8)?, page);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn document_base(
        &self,
        href: &str,
        page_url: &str,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        crate::engines::page::BaseRules::HTML_STANDARD.document_base(
            href,
            page_url,
            encoding,
            |t, b, e| self.canonicalize(t, b, e),
            |why| Error::rejected("page", why),
        )
    }

    /// The CanonicalizeHost steps for `host` of a URL whose (lowercase)
    /// scheme is `scheme`, or `None` when the engine has no such steps.
    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        let _ = (host, scheme);
        None
    }

    /// The canonical form of `host`, the host of a URL whose (lowercase)
    /// scheme is `scheme` (`urlprism host`), or `None` when the engine
    /// does not canonicalize a host alone.
    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        let _ = (host, scheme);
        None
    }

    /// The test data the engine runs besides the 2011 suite (`urlprism
    /// test` gives it the files of that extension), or `None`.  By
    /// default, the web-platform-tests `urltestdata.json` files, which
    /// any engine runs through [`Engine::canonicalize`]
    /// ([`crate::compare::wpt`]).  The profiles also run the 2011 suite's
    /// `.dat` files ([`crate::conformance::run_suite`]).
    #[cfg(feature = "suite")]
    fn test_files(&self) -> Option<TestFiles> {
        Some(crate::compare::wpt::TEST_FILES)
    }

    /// Runs the test file at `path`, of the format of
    /// [`Engine::test_files`], as a report of the suite's kind: by
    /// default, [`crate::compare::wpt::run_file`].
    #[cfg(feature = "suite")]
    fn run_test_file(&self, path: &std::path::Path) -> Result<FileReport, ReadError> {
        crate::compare::wpt::run_file(path, self)
    }

    /// The URL API's setter `attribute` run with `value` on the URL
    /// `href` (parsed alone, in UTF-8), as `url[attribute] = value` in a
    /// browser: the URL after it (as it was when the setter refuses the
    /// value), an error when `href` is not a URL, `None` when the
    /// engine has no such setters (by default).
    ///
    /// ```
    /// use urlprism::compare::{Engine, UrlAttribute};
    /// let w = urlprism::engines::whatwg::Whatwg::new();
    /// let u = w.set("http://h/a?q", UrlAttribute::Pathname, "b c").unwrap()?;
    /// assert_eq!(u.as_str(), "http://h/b%20c?q");
    /// let u = w.set("http://h/", UrlAttribute::Port, "x").unwrap()?;
    /// assert_eq!(u.as_str(), "http://h/");
    /// assert!(urlprism::profile::this().set("http://h/", UrlAttribute::Port, "81").is_none());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn set(&self, href: &str, attribute: UrlAttribute, value: &str) -> Option<Result<Url, Error>> {
        let _ = (href, attribute, value);
        None
    }

    /// What the browser's address bar shows for `input` (its display
    /// policy: Unicode or Punycode per host label, the path decoded for
    /// display, what is left out), or why `input` is no URL; `None` when
    /// the engine models no address bar.
    fn display(&self, input: &str) -> Option<Result<super::display::Display, Error>> {
        let _ = input;
        None
    }

    /// The engine as a marked-step profile, when it is one: a
    /// [`Comparer`](super::Comparer) canonicalizes the profiles among its
    /// engines together ([`crate::Canonicalizer::canonicalize_each`]), sharing
    /// what no profile parameter touches.
    fn as_profile(&self) -> Option<&dyn Profile> {
        None
    }
}

/// An attribute of the URL API (`url.host`), whose setter
/// [`Engine::set`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrlAttribute {
    Href,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

impl UrlAttribute {
    /// Every attribute, in the URL API's order.
    pub const ALL: [UrlAttribute; 10] = [
        UrlAttribute::Href,
        UrlAttribute::Protocol,
        UrlAttribute::Username,
        UrlAttribute::Password,
        UrlAttribute::Host,
        UrlAttribute::Hostname,
        UrlAttribute::Port,
        UrlAttribute::Pathname,
        UrlAttribute::Search,
        UrlAttribute::Hash,
    ];

    /// Its name in the URL API (`hostname`).
    pub fn name(self) -> &'static str {
        match self {
            UrlAttribute::Href => "href",
            UrlAttribute::Protocol => "protocol",
            UrlAttribute::Username => "username",
            UrlAttribute::Password => "password",
            UrlAttribute::Host => "host",
            UrlAttribute::Hostname => "hostname",
            UrlAttribute::Port => "port",
            UrlAttribute::Pathname => "pathname",
            UrlAttribute::Search => "search",
            UrlAttribute::Hash => "hash",
        }
    }

    /// The attribute of that name, `None` for another name.
    pub fn from_name(name: &str) -> Option<UrlAttribute> {
        UrlAttribute::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// Test data of a format other than the 2011 suite's (see
/// [`Engine::test_files`]).
#[cfg(feature = "suite")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestFiles {
    /// The extension of its files, e.g. `json`.
    pub extension: &'static str,
    /// What they are, e.g. `urltestdata.json`, for a warning when none
    /// is given.
    pub what: &'static str,
}

/// `input` resolved against `base` (or itself) and canonicalized under
/// `profile` by a [`Canonicalizer`].  An invalid `base` (one without a
/// scheme) makes every input invalid, as step 4 of the steps to resolve
/// says, rather than refusing the base as [`Canonicalizer::base`] does.
pub(super) fn canonicalize_under(
    profile: &dyn Profile,
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
) -> Result<Url, Error> {
    let c = ProfileCanonicalizer::new(profile).encoding(encoding);
    match base {
        None => c.canonicalize(input),
        Some(b) => c.base(b).map_err(base_error)?.canonicalize(input),
    }
}

/// What step 4 of the steps to resolve makes of an input resolved against
/// a base that [`Canonicalizer::base`] refuses.
pub(super) fn base_error(e: Error) -> Error {
    match e {
        Error::Base { .. } => Error::Invalid(InvalidReason::InvalidBase),
        e => e,
    }
}

/// Every profile is an engine: the marked steps, through a
/// [`Canonicalizer`].  Written once for a profile type and for
/// `dyn Profile` (which a blanket impl over `?Sized` types cannot give:
/// `as_profile` needs the coercion to `&dyn Profile`).
macro_rules! profile_engine {
    ($($generics:tt)*) => {
        impl $($generics)* {
            fn name(&self) -> &str {
                Profile::name(self)
            }
            fn description(&self) -> &str {
                Profile::description(self)
            }
            fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
                ProfileCanonicalizer::new(self).encoding(encoding).base(base).map(drop)
            }
            fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
                Some(crate::accel::host::canonicalize_host(host, scheme, self))
            }
            fn canonicalize(
                &self,
                input: &str,
                base: Option<&str>,
                encoding: &'static Encoding,
            ) -> Result<Url, Error> {
                canonicalize_under(self, input, base, encoding)
            }
            fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
                Some(trace_host(host, scheme, self))
            }
            fn display(&self, input: &str) -> Option<Result<super::display::Display, Error>> {
                let params = Profile::display(self);
                if params.is_none() {
                    return None;
                }
                Some(
                    canonicalize_under(self, input, None, encoding_rs::UTF_8).map(|u| {
                        crate::observed::display::display(params, &u)
                            .expect("a profile with an address bar displays every URL")
                    }),
                )
            }
            fn as_profile(&self) -> Option<&dyn Profile> {
                Some(self)
            }
        }
    };
}

profile_engine!(<P: Profile> Engine for P);
profile_engine!(Engine for dyn Profile + '_);

/// The pipeline names the tracers report.
pub const CANONICALIZE_HOST: &str = "CanonicalizeHost";
/// See [`CANONICALIZE_HOST`].
pub const NAMEPREP: &str = "Nameprep";

/// One engine's CanonicalizeHost run on a host, step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HostTrace {
    /// The engine's name.
    pub engine: String,
    /// The host as it entered CanonicalizeHost.
    pub host: String,
    /// The URL's scheme (lowercase).
    pub scheme: String,
    /// Every step reported, in order (the Nameprep steps of a Nameprep run
    /// come before the CanonicalizeHost step that ran it).
    pub steps: Vec<TraceStep>,
    /// The canonical host, when there is one.
    pub output: Option<String>,
    /// Why there is none.
    pub error: Option<String>,
    /// The CanonicalizeHost step that failed.
    pub failed_step: Option<&'static str>,
}

impl HostTrace {
    /// The trace of an engine whose host parser reports stages, not
    /// CanonicalizeHost steps: `steps` are its stages, `result` the host
    /// or why there is none.
    pub fn staged(
        engine: &str,
        host: &str,
        scheme: &str,
        steps: Vec<TraceStep>,
        result: Result<String, String>,
    ) -> HostTrace {
        let (output, error) = match result {
            Ok(h) => (Some(h), None),
            Err(e) => (None, Some(e)),
        };
        HostTrace {
            engine: engine.to_string(),
            host: host.to_string(),
            scheme: scheme.to_string(),
            steps,
            output,
            error,
            failed_step: None,
        }
    }

    /// The final result as one string, for comparisons: the output, or
    /// `fail: <error>`.
    pub fn result(&self) -> String {
        match (&self.output, &self.error) {
            (Some(o), _) => o.clone(),
            (None, Some(e)) => format!("fail: {e}"),
            (None, None) => "fail".to_string(),
        }
    }
}

/// Runs CanonicalizeHost on `host` (of a URL whose scheme is `scheme`)
/// under `profile`, recording every step.
pub fn trace_host(host: &str, scheme: &str, profile: &dyn Profile) -> HostTrace {
    let mut log = StepLog::default();
    let r = catch_panic(|| canonicalize_host_traced(host, scheme, profile, &mut log));
    let (output, error, failed_step) = match r {
        Ok(Ok(h)) => (Some(h), None, None),
        Ok(Err(e)) => {
            let step = match &e {
                Error::Host { step, .. } => Some(*step),
                _ => None,
            };
            (None, Some(e.to_string()), step)
        }
        Err(panic) => (None, Some(format!("internal error: {panic}")), None),
    };
    HostTrace {
        engine: Profile::name(profile).to_string(),
        host: host.to_string(),
        scheme: scheme.to_string(),
        steps: log.steps,
        output,
        error,
        failed_step,
    }
}
