//! [`EngineCanonicalizer`]: a [`Canonicalizer`] over any [`EngineSpec`],
//! a 2011 profile or another engine (the URL Standard), with the base URL
//! checked once.

use crate::canonicalizer::Canonicalizer;
use crate::compare::Engine;
use crate::engines::EngineSpec;
use crate::error::Error;
use crate::Url;
use encoding_rs::{Encoding, UTF_8};

/// Canonicalizes URLs under one engine ([`EngineSpec`]): a profile's
/// [`Canonicalizer`], or any other engine through its
/// [`Engine::canonicalize`], with the same options (a base URL, checked
/// once, and a document encoding).
///
/// ```
/// use urlprism::engines::builtin_engine;
/// use urlprism::EngineCanonicalizer;
/// let whatwg = builtin_engine("whatwg").unwrap();
/// let c = EngineCanonicalizer::new(&whatwg).base("http://example.com/dir/")?;
/// assert_eq!(c.canonicalize("../a b")?.as_str(), "http://example.com/a%20b");
///
/// let ie = builtin_engine("ie").unwrap();
/// let c = EngineCanonicalizer::new(&ie);
/// assert_eq!(c.canonicalize("http://Bücher.DE/")?.as_str(), "http://bücher.de/");
/// assert!(EngineCanonicalizer::new(&ie).base("nope").is_err());
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct EngineCanonicalizer<'e> {
    inner: Inner<'e>,
}

// One per batch: its size is of no concern.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Inner<'e> {
    /// A profile of the specification's marked steps.
    Profile(Canonicalizer<'e>),
    /// Another engine, which parses the base itself (once it is known to
    /// take it, [`Engine::check_base`]).
    Other {
        engine: &'e EngineSpec,
        base: Option<String>,
        encoding: &'static Encoding,
    },
}

impl<'e> EngineCanonicalizer<'e> {
    /// A canonicalizer under `engine`, without a base (each input is its
    /// own base), with the UTF-8 document encoding.
    pub fn new(engine: &'e EngineSpec) -> EngineCanonicalizer<'e> {
        let inner = match engine.as_profile() {
            Some(p) => Inner::Profile(Canonicalizer::new(p)),
            None => Inner::Other {
                engine,
                base: None,
                encoding: UTF_8,
            },
        };
        EngineCanonicalizer { inner }
    }

    /// Resolves every input against `base`, checked here once: an error
    /// when the engine cannot parse it (for a profile, when it has no
    /// scheme; for the URL Standard, when it is not an absolute URL; see
    /// [`Engine::check_base`]).
    ///
    /// ```
    /// use urlprism::engines::builtin_engine;
    /// let w = builtin_engine("whatwg").unwrap();
    /// let e = urlprism::EngineCanonicalizer::new(&w).base("/relative").unwrap_err();
    /// assert!(e.to_string().contains("relative"), "{e}");
    /// ```
    pub fn base(self, base: &str) -> Result<EngineCanonicalizer<'e>, Error> {
        let inner = match self.inner {
            Inner::Profile(c) => Inner::Profile(c.base(base)?),
            Inner::Other {
                engine, encoding, ..
            } => {
                engine.check_base(base, encoding)?;
                Inner::Other {
                    engine,
                    base: Some(base.to_string()),
                    encoding,
                }
            }
        };
        Ok(EngineCanonicalizer { inner })
    }

    /// The document encoding, for the query (default UTF-8).
    pub fn encoding(self, encoding: &'static Encoding) -> EngineCanonicalizer<'e> {
        let inner = match self.inner {
            Inner::Profile(c) => Inner::Profile(c.encoding(encoding)),
            Inner::Other { engine, base, .. } => Inner::Other {
                engine,
                base,
                encoding,
            },
        };
        EngineCanonicalizer { inner }
    }

    /// [`EngineCanonicalizer::canonicalize`], writing the canonical URL
    /// into `out` (cleared first) instead of a new [`Url`], so that a loop
    /// over many inputs reuses one buffer (under a profile; see
    /// [`Canonicalizer::canonicalize_to`]).  On error `out` is left empty.
    ///
    /// ```
    /// use urlprism::engines::builtin_engine;
    /// let (ie, whatwg) = (builtin_engine("ie").unwrap(), builtin_engine("whatwg").unwrap());
    /// let mut out = String::new();
    /// for e in [&ie, &whatwg] {
    ///     urlprism::EngineCanonicalizer::new(e).canonicalize_to("HTTP://A.test/./x", &mut out)?;
    ///     assert_eq!(out, "http://a.test/x");
    ///     assert!(urlprism::EngineCanonicalizer::new(e).canonicalize_to("no scheme", &mut out).is_err());
    ///     assert_eq!(out, "");
    /// }
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn canonicalize_to(&self, input: &str, out: &mut String) -> Result<(), Error> {
        match &self.inner {
            Inner::Profile(c) => c.canonicalize_to(input, out),
            Inner::Other {
                engine,
                base,
                encoding,
            } => engine.canonicalize_to(input, base.as_deref(), encoding, out),
        }
    }

    /// The canonical URL of `input` under the engine, or why it has none.
    pub fn canonicalize(&self, input: &str) -> Result<Url, Error> {
        match &self.inner {
            Inner::Profile(c) => c.canonicalize(input),
            Inner::Other {
                engine,
                base,
                encoding,
            } => engine.canonicalize(input, base.as_deref(), encoding),
        }
    }
}
