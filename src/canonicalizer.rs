//! [`Canonicalizer`]: the one entry from an input string to a canonical
//! [`Url`], under any profile or engine (a 2011 profile of the
//! specification's marked steps, today's URL Standard or a browser's
//! `new URL()`), with an optional base URL, checked once, and a document
//! encoding.

use crate::compare::Engine;
use crate::engines::page::Context;
use crate::engines::EngineSpec;
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::profile::ProfileError;
use crate::profile::{Profile, ProfileSpec};
use crate::profile_canonicalizer::ProfileCanonicalizer;
use crate::url::PlanRef;
use crate::Url;
use encoding_rs::{Encoding, UTF_8};

/// The engine's canonicalizer in `context`, with `given` the base as
/// given (`new URL()`'s base, or the page's `<base href>`).
fn settle<'p>(engine: EngineSpec, context: Context, given: Option<String>) -> Inner<'p> {
    let base = match &context {
        Context::NewUrl => Ok(given.clone()),
        Context::LinkInPage { encoding, page_url } => match &given {
            None => Ok(Some(page_url.clone())),
            Some(href) => engine.document_base(href, page_url, encoding).map(Some),
        },
    };
    Inner::Other {
        engine,
        given,
        context,
        base,
    }
}

/// Canonicalizes URLs under one profile or engine, resolving them against
/// a base URL (checked once) and with a document encoding for their
/// queries.  By default an input is its own base and the encoding is
/// UTF-8.
///
/// One type for both eras: [`Canonicalizer::new`] takes a profile
/// ([`profile::builtin`](crate::profile::builtin), a
/// [`ProfileSpec`] of your own) or an engine
/// ([`builtin_engine`](crate::engines::builtin_engine)), and
/// [`Canonicalizer::named`] any of them by name:
///
/// ```
/// use urlprism::Canonicalizer;
/// for (name, canonical) in [
///     ("chrome", "http://xn--bcher-kva.de/a%20b"),
///     ("ie", "http://bücher.de/a%20b"),
///     ("whatwg", "http://xn--bcher-kva.de/a%20b"),
///     ("firefox", "http://xn--bcher-kva.de/a%20b"),
/// ] {
///     let c = Canonicalizer::named(name)?.base("http://Bücher.DE/dir/")?;
///     assert_eq!(c.canonicalize("../a b")?.as_str(), canonical, "{name}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A profile with a base and a document encoding:
///
/// ```
/// use urlprism::{profile, Canonicalizer};
/// let ie = profile::builtin("ie").unwrap();
/// let c = Canonicalizer::new(ie)
///     .base("http://example.com/dir/")?
///     .encoding(urlprism::encoding_rs::WINDOWS_1252);
/// assert_eq!(c.canonicalize("../Bücher?é")?.as_str(), "http://example.com/B%C3%BCcher?%E9");
/// assert_eq!(c.canonicalize("http://Bücher.DE/")?.as_str(), "http://bücher.de/");
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Canonicalizer<'p> {
    inner: Inner<'p>,
}

// One per batch: its size is of no concern.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Inner<'p> {
    /// A profile of the specification's marked steps.
    Profile(ProfileCanonicalizer<'p>),
    /// Another engine, which parses the base itself (once it is known to
    /// take it, [`Engine::check_base`]).
    Other {
        engine: EngineSpec,
        /// The base as given: `new URL()`'s base, or the page's `<base
        /// href>`.
        given: Option<String>,
        context: Context,
        /// The base passed with every input: the given one for `new
        /// URL()`; the document base URL for a link in a page (the page's
        /// URL without a `<base href>`), or why the page has none.
        base: Result<Option<String>, Error>,
    },
}

/// What a [`Canonicalizer`] canonicalizes under: a profile or an engine
/// (see [`Canonicalizer::new`]).
pub struct Under<'p>(UnderKind<'p>);

enum UnderKind<'p> {
    Profile(&'p dyn Profile),
    Engine(EngineSpec),
}

impl<'p> From<&'p dyn Profile> for Under<'p> {
    fn from(profile: &'p dyn Profile) -> Under<'p> {
        Under(UnderKind::Profile(profile))
    }
}

impl<'p> From<&'p ProfileSpec> for Under<'p> {
    fn from(profile: &'p ProfileSpec) -> Under<'p> {
        Under(UnderKind::Profile(profile))
    }
}

impl<'p> From<&'p Plan> for Under<'p> {
    fn from(profile: &'p Plan) -> Under<'p> {
        Under(UnderKind::Profile(profile))
    }
}

impl<'p> From<&EngineSpec> for Under<'p> {
    fn from(engine: &EngineSpec) -> Under<'p> {
        Under(UnderKind::Engine(engine.clone()))
    }
}

impl<'p> From<EngineSpec> for Under<'p> {
    fn from(engine: EngineSpec) -> Under<'p> {
        Under(UnderKind::Engine(engine))
    }
}

impl<'p> Canonicalizer<'p> {
    /// A canonicalizer under `profile_or_engine` (a `&dyn Profile`, a
    /// `&ProfileSpec` or an [`EngineSpec`]), without a base (each input is
    /// its own base), with the UTF-8 document encoding.
    ///
    /// ```
    /// use urlprism::{engines::builtin_engine, profile, Canonicalizer};
    /// let this = Canonicalizer::new(profile::this());
    /// assert_eq!(this.canonicalize("HTTP://EXAMPLE.com/a/../b")?.as_str(), "http://example.com/b");
    /// let webkit = Canonicalizer::new(builtin_engine("webkit").unwrap());
    /// assert_eq!(webkit.canonicalize("HTTP://EXAMPLE.com/a/../b")?.as_str(), "http://example.com/b");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn new(profile_or_engine: impl Into<Under<'p>>) -> Canonicalizer<'p> {
        let inner = match profile_or_engine.into().0 {
            UnderKind::Profile(p) => Inner::Profile(ProfileCanonicalizer::new(p)),
            UnderKind::Engine(engine) => match engine.as_profile() {
                // A profile found by name: its plan, shared.
                Some(p) => {
                    Inner::Profile(ProfileCanonicalizer::of_plan(PlanRef::of_profile(p), UTF_8))
                }
                None => Inner::Other {
                    engine,
                    given: None,
                    context: Context::NewUrl,
                    base: Ok(None),
                },
            },
        };
        Canonicalizer { inner }
    }

    /// A canonicalizer under the built-in profile or engine `name` (ASCII
    /// case-insensitive: `this`, `chrome`, `gecko`, `ie`, `whatwg`,
    /// `chromium`, `firefox`, `webkit`, ...; `urlprism profiles` lists
    /// them), or an error that names the closest one.
    ///
    /// ```
    /// let e = urlprism::Canonicalizer::named("chrom").unwrap_err();
    /// assert_eq!(e.to_string(), "unknown profile or engine \"chrom\" (did you mean \"chrome\"?)");
    /// ```
    pub fn named(name: &str) -> Result<Canonicalizer<'static>, ProfileError> {
        match crate::engines::builtin_engine(name) {
            Some(engine) => Ok(Canonicalizer::new(engine)),
            None => {
                let names = crate::engines::builtin_names();
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                let message = match crate::text::names::closest(name, &names) {
                    Some(close) => {
                        format!("unknown profile or engine {name:?} (did you mean {close:?}?)")
                    }
                    None => format!(
                        "unknown profile or engine {name:?} (known: {})",
                        names.join(", ")
                    ),
                };
                Err(ProfileError {
                    location: None,
                    message,
                })
            }
        }
    }

    /// Resolves every input against `base`, checked here once: an error
    /// when the profile or engine cannot parse it (for a profile, when it
    /// has no scheme; for the URL Standard, when it is not an absolute URL;
    /// see [`Engine::check_base`]).
    ///
    /// ```
    /// use urlprism::{profile, Canonicalizer};
    /// let c = Canonicalizer::new(profile::this()).base("http://a/b/c")?;
    /// assert_eq!(c.canonicalize("d?q")?.as_str(), "http://a/b/d?q");
    ///
    /// let e = Canonicalizer::new(profile::this()).base("nope").unwrap_err();
    /// assert_eq!(e.to_string(), "invalid base URL \"nope\": no scheme: the URL does not begin with scheme characters and ':'");
    /// let e = Canonicalizer::named("whatwg").unwrap().base("/relative").unwrap_err();
    /// assert!(e.to_string().contains("relative"), "{e}");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn base(self, base: &str) -> Result<Canonicalizer<'p>, Error> {
        let inner = match self.inner {
            Inner::Profile(c) => Inner::Profile(c.base(base)?),
            Inner::Other {
                engine, context, ..
            } => {
                if context == Context::NewUrl {
                    engine.check_base(base, UTF_8)?;
                }
                settle(engine, context, Some(base.to_string()))
            }
        };
        Ok(Canonicalizer { inner })
    }

    /// The document encoding, for the query (default UTF-8): what a link
    /// in a page of that encoding gives.  For a 2011 profile, the encoding
    /// of the query alone (the base stays the base); for today's engines,
    /// the same as [`Canonicalizer::link_in_page`].
    ///
    /// ```
    /// use urlprism::{Canonicalizer, encoding_rs::WINDOWS_1252};
    /// let c = Canonicalizer::named("this")?.encoding(WINDOWS_1252);
    /// assert_eq!(c.canonicalize("http://a/?é")?.as_str(), "http://a/?%E9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encoding(self, encoding: &'static Encoding) -> Canonicalizer<'p> {
        match self.inner {
            Inner::Profile(c) => Canonicalizer {
                inner: Inner::Profile(c.encoding(encoding)),
            },
            Inner::Other { .. } => self.link_in_page(encoding),
        }
    }

    /// A link in a page of the document encoding `encoding`: what
    /// `a.href` gives for `<a href=input>`.  The query is encoded in the
    /// page's encoding (its output encoding: UTF-8 for UTF-16,
    /// windows-1252 for `x-user-defined`); [`Canonicalizer::base`] is
    /// then the page's `<base href>`, read by the engine's document rules
    /// ([`Engine::document_base`]); the page's URL
    /// ([`Canonicalizer::page_url`], by default
    /// [`DEFAULT_PAGE_URL`](crate::engines::page::DEFAULT_PAGE_URL)) is
    /// the base without one, or when the browser ignores it.  A 2011
    /// profile takes the encoding alone ([`Canonicalizer::encoding`]).
    ///
    /// ```
    /// use urlprism::{Canonicalizer, encoding_rs::{SHIFT_JIS, WINDOWS_1252}};
    /// let c = Canonicalizer::named("chromium")?.link_in_page(SHIFT_JIS);
    /// assert_eq!(c.canonicalize("a?\u{3042}")?.as_str(), "http://page.example/dir/a?%82%A0");
    /// // Chromium ignores a data: base; WebKit does not.
    /// let chromium = Canonicalizer::named("chromium")?.link_in_page(WINDOWS_1252).base("data:,x")?;
    /// assert_eq!(chromium.canonicalize("#f")?.as_str(), "http://page.example/dir/page.html#f");
    /// let webkit = Canonicalizer::named("webkit")?.link_in_page(WINDOWS_1252).base("data:,x")?;
    /// assert_eq!(webkit.canonicalize("#f")?.as_str(), "data:,x#f");
    /// // An invalid <base href>: no base in Chromium, no link has a URL.
    /// let invalid = Canonicalizer::named("chromium")?.link_in_page(WINDOWS_1252).base("http://[")?;
    /// assert!(invalid.canonicalize("#f").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn link_in_page(self, encoding: &'static Encoding) -> Canonicalizer<'p> {
        let page_url = match &self.inner {
            Inner::Other {
                context: Context::LinkInPage { page_url, .. },
                ..
            } => page_url.clone(),
            _ => crate::engines::page::DEFAULT_PAGE_URL.to_string(),
        };
        self.context(Context::LinkInPage { encoding, page_url })
    }

    /// `new URL(input, base)`: UTF-8, [`Canonicalizer::base`] the base as
    /// given (the default context of today's engines).
    ///
    /// ```
    /// use urlprism::{Canonicalizer, encoding_rs::SHIFT_JIS};
    /// let c = Canonicalizer::named("firefox")?.link_in_page(SHIFT_JIS).new_url().base("http://a/")?;
    /// assert_eq!(c.canonicalize("?\u{3042}")?.as_str(), "http://a/?%E3%81%82");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_url(self) -> Canonicalizer<'p> {
        self.context(Context::NewUrl)
    }

    /// The context of the inputs ([`Context`]): `new URL()` or a link in
    /// a page.  A 2011 profile takes its encoding alone.
    ///
    /// ```
    /// use urlprism::{Canonicalizer, engines::page::Context, encoding_rs::EUC_KR};
    /// let c = Canonicalizer::named("webkit")?.context(Context::LinkInPage {
    ///     encoding: EUC_KR,
    ///     page_url: "https://example.kr/index.html".into(),
    /// });
    /// assert_eq!(c.canonicalize("/q?\u{AC00}")?.as_str(), "https://example.kr/q?%B0%A1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn context(self, context: Context) -> Canonicalizer<'p> {
        let inner = match self.inner {
            Inner::Profile(c) => Inner::Profile(c.encoding(context.encoding())),
            Inner::Other { engine, given, .. } => settle(engine, context, given),
        };
        Canonicalizer { inner }
    }

    /// The page's own URL, for a link in a page (it makes the context a
    /// link in a page, of UTF-8 unless one is set): the base of its links
    /// when it has no `<base href>` or the browser ignores it.  An error
    /// when the engine cannot parse it.
    ///
    /// ```
    /// use urlprism::Canonicalizer;
    /// let c = Canonicalizer::named("firefox")?.page_url("https://example.org/a/b.html")?;
    /// assert_eq!(c.canonicalize("c")?.as_str(), "https://example.org/a/c");
    /// // Firefox falls back to the page's URL when the base is invalid.
    /// assert_eq!(c.base("http://[")?.canonicalize("c")?.as_str(), "https://example.org/a/c");
    /// assert!(Canonicalizer::named("firefox")?.page_url("nope").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn page_url(self, page_url: &str) -> Result<Canonicalizer<'p>, Error> {
        let encoding = match &self.inner {
            Inner::Other {
                context: Context::LinkInPage { encoding, .. },
                ..
            } => encoding,
            Inner::Profile(_) => return Ok(self),
            Inner::Other { .. } => UTF_8,
        };
        if let Inner::Other { engine, .. } = &self.inner {
            engine.check_base(page_url, encoding)?;
        }
        Ok(self.context(Context::LinkInPage {
            encoding,
            page_url: page_url.to_string(),
        }))
    }

    /// The base URL every input is resolved against: the given base
    /// for `new URL()`, the document base URL for a link in a page (the
    /// page's `<base href>` as the engine's browser reads it), `None`
    /// without one; `Err` when the page has no base (an invalid `<base
    /// href>` in Chromium and WebKit).
    ///
    /// ```
    /// use urlprism::{Canonicalizer, encoding_rs::UTF_8};
    /// let c = Canonicalizer::named("webkit")?.link_in_page(UTF_8);
    /// assert_eq!(c.document_base()?.as_deref(), Some("http://page.example/dir/page.html"));
    /// assert_eq!(c.base("../x/")?.document_base()?.as_deref(), Some("http://page.example/x/"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn document_base(&self) -> Result<Option<String>, Error> {
        match &self.inner {
            Inner::Profile(c) => Ok(c.base_text().map(str::to_string)),
            Inner::Other { base, .. } => base.clone(),
        }
    }

    /// The context of the inputs (`new URL()` for a 2011 profile, which
    /// has no page rules).
    pub fn current_context(&self) -> Context {
        match &self.inner {
            Inner::Profile(_) => Context::NewUrl,
            Inner::Other { context, .. } => context.clone(),
        }
    }

    /// The canonical URL of `input`, or why it has none.
    ///
    /// ```
    /// let c = urlprism::Canonicalizer::new(urlprism::profile::this());
    /// let url = c.canonicalize("HTTP://EXAMPLE.com:80/a/./b/../c")?;
    /// assert_eq!(url.as_str(), "http://example.com/a/c");
    /// assert!(c.canonicalize("no scheme").is_err());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn canonicalize(&self, input: &str) -> Result<Url, Error> {
        match &self.inner {
            Inner::Profile(c) => c.canonicalize(input),
            Inner::Other {
                engine,
                base,
                context,
                ..
            } => {
                let base = base.as_ref().map_err(Clone::clone)?;
                engine.canonicalize(input, base.as_deref(), context.encoding())
            }
        }
    }

    /// [`Canonicalizer::canonicalize`], writing the canonical URL into
    /// `out` (cleared first) instead of a new [`Url`], so that a loop over
    /// many inputs reuses one buffer.  On error `out` is left empty.
    ///
    /// ```
    /// use urlprism::Canonicalizer;
    /// let mut out = String::new();
    /// for name in ["ie", "whatwg"] {
    ///     Canonicalizer::named(name)?.canonicalize_to("HTTP://A.test/./x", &mut out)?;
    ///     assert_eq!(out, "http://a.test/x");
    ///     assert!(Canonicalizer::named(name)?.canonicalize_to("no scheme", &mut out).is_err());
    ///     assert_eq!(out, "");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonicalize_to(&self, input: &str, out: &mut String) -> Result<(), Error> {
        match &self.inner {
            Inner::Profile(c) => c.canonicalize_to(input, out),
            Inner::Other {
                engine,
                base,
                context,
                ..
            } => match base {
                Ok(base) => engine.canonicalize_to(input, base.as_deref(), context.encoding(), out),
                Err(e) => {
                    out.clear();
                    Err(e.clone())
                }
            },
        }
    }

    /// [`Canonicalizer::canonicalize`] under each of the profiles whose
    /// plans are `profiles`, with this canonicalizer's base and encoding:
    /// the input is parsed and resolved once, and what no profile
    /// parameter touches is canonicalized once (see
    /// [`crate::canonicalize_each`]); element `i` is what a canonicalizer
    /// under `profiles[i]` gives.  The profiles are compiled once for a
    /// whole batch ([`Plan::new`]; the built-in ones are,
    /// [`builtin_plans`](crate::profile::plan::builtin_plans)).
    ///
    /// ```
    /// use urlprism::{profile::plan::{builtin_plans, Plan}, profile, Canonicalizer};
    /// let plans: Vec<&Plan> = builtin_plans().iter().collect();
    /// let each = Canonicalizer::new(profile::this()).canonicalize_each("http://Bücher.de/a b", &plans);
    /// let names: Vec<&str> = plans.iter().map(|p| p.name()).collect();
    /// assert_eq!(names, ["this", "chrome", "gecko", "ie"]);
    /// assert_eq!(each[0].as_ref().unwrap().as_str(), "http://xn--bcher-kva.de/a%20b");
    /// assert_eq!(each[3].as_ref().unwrap().as_str(), "http://bücher.de/a%20b");
    /// ```
    pub fn canonicalize_each(&self, input: &str, profiles: &[&Plan]) -> Vec<Result<Url, Error>> {
        match &self.inner {
            Inner::Profile(c) => c.canonicalize_each(input, profiles),
            // The profiles with this engine's base and encoding.
            Inner::Other { given, context, .. } => {
                let plain =
                    ProfileCanonicalizer::new(crate::profile::this()).encoding(context.encoding());
                match given.as_deref().map(|b| plain.clone().base(b)) {
                    None => plain.canonicalize_each(input, profiles),
                    Some(Ok(c)) => c.canonicalize_each(input, profiles),
                    Some(Err(e)) => profiles.iter().map(|_| Err(e.clone())).collect(),
                }
            }
        }
    }
}
