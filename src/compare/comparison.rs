//! Comparing results: one URL through several engines ([`Comparer`],
//! [`compare`]), each engine's result and the fields on which they
//! differ ([`Comparison`]).

use super::engine::Engine;
use super::guard::guarded as catch_panic;
use crate::error::Error;
use crate::profile::Profile;
use crate::url::ParsedUrl;
use encoding_rs::Encoding;
use serde::Serialize;
use std::fmt;

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

/// What can differ between two engines' results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Field {
    /// One engine rejects the URL and the other does not.
    Valid,
    Scheme,
    User,
    Password,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

impl Field {
    /// Every field, in display order.
    pub const ALL: [Field; 9] = [
        Field::Valid,
        Field::Scheme,
        Field::User,
        Field::Password,
        Field::Host,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
    ];

    /// The eight components (every field but [`Field::Valid`]).
    pub const COMPONENTS: [Field; 8] = [
        Field::Scheme,
        Field::User,
        Field::Password,
        Field::Host,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
    ];

    /// Lowercase name, e.g. `host`.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::Valid => "valid",
            Field::Scheme => "scheme",
            Field::User => "user",
            Field::Password => "password",
            Field::Host => "host",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
        }
    }

    /// The component of `u` (`None` for [`Field::Valid`] and for an absent
    /// component).
    pub fn of(self, u: &ParsedUrl) -> Option<&str> {
        match self {
            Field::Valid => None,
            Field::Scheme => u.scheme.as_deref(),
            Field::User => u.user.as_deref(),
            Field::Password => u.password.as_deref(),
            Field::Host => u.host.as_deref(),
            Field::Port => u.port.as_deref(),
            Field::Path => u.path.as_deref(),
            Field::Query => u.query.as_deref(),
            Field::Fragment => u.fragment.as_deref(),
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A canonical URL: its serialization and its components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    pub serialized: String,
    pub url: ParsedUrl,
}

/// Why an engine gave no canonical URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The engine says the URL is invalid, and which step said so.
    Error(Error),
    /// The engine returned a URL that cannot be serialized.
    Unserializable,
    /// The engine panicked (a bug); the panic message.
    Panic(String),
}

impl Rejection {
    /// The CanonicalizeHost step that rejected the host, if that is why.
    pub fn host_step(&self) -> Option<&'static str> {
        match self {
            Rejection::Error(Error::Host { step, .. }) => Some(step),
            _ => None,
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Error(e) => write!(f, "{e}"),
            Rejection::Unserializable => f.write_str("invalid URL: it has no serialization"),
            Rejection::Panic(p) => write!(f, "internal error: {p}"),
        }
    }
}

/// One engine's result for one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineResult {
    /// The engine's name.
    pub engine: String,
    pub outcome: Result<Canonical, Rejection>,
}

impl EngineResult {
    /// The canonical URL, when there is one.
    pub fn canonical(&self) -> Option<&str> {
        self.outcome.as_ref().ok().map(|c| c.serialized.as_str())
    }

    /// The canonical components, when there is a canonical URL.
    pub fn url(&self) -> Option<&ParsedUrl> {
        self.outcome.as_ref().ok().map(|c| &c.url)
    }

    /// The rejection, when there is no canonical URL.
    pub fn rejection(&self) -> Option<&Rejection> {
        self.outcome.as_ref().err()
    }

    /// The value of `field` for display and comparison: the component
    /// (`None` when absent), `"valid"`/`"invalid"` for [`Field::Valid`];
    /// `None` for every component of a rejected URL.
    pub fn field(&self, field: Field) -> Option<&str> {
        match (field, &self.outcome) {
            (Field::Valid, Ok(_)) => Some("valid"),
            (Field::Valid, Err(_)) => Some("invalid"),
            (f, Ok(c)) => f.of(&c.url),
            (_, Err(_)) => None,
        }
    }
}

/// The fields on which two results differ: [`Field::Valid`] when one is
/// rejected and the other not, otherwise (both accepted) each differing
/// component.  Two rejections do not differ, whatever their reasons.
pub fn differing_fields(a: &EngineResult, b: &EngineResult) -> Vec<Field> {
    match (&a.outcome, &b.outcome) {
        (Ok(x), Ok(y)) => Field::COMPONENTS
            .into_iter()
            .filter(|f| f.of(&x.url) != f.of(&y.url))
            .collect(),
        (Err(_), Err(_)) => Vec::new(),
        _ => vec![Field::Valid],
    }
}

/// One URL run through several engines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub input: String,
    pub base: Option<String>,
    /// One result per engine, in the engines' order.
    pub results: Vec<EngineResult>,
    /// The fields on which at least two engines differ, in the order of
    /// [`Field::ALL`] (empty when they all agree).
    pub differing: Vec<Field>,
}

impl Comparison {
    /// Whether every engine gave the same result (the same components, or
    /// a rejection).
    pub fn agree(&self) -> bool {
        self.differing.is_empty()
    }

    /// The fields on which the engines at `i` and `j` differ.
    pub fn differing_between(&self, i: usize, j: usize) -> Vec<Field> {
        differing_fields(&self.results[i], &self.results[j])
    }

    /// The groups of engines that gave the same result: indices into
    /// `results`, in order of first appearance.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, r) in self.results.iter().enumerate() {
            match groups
                .iter_mut()
                .find(|g| same_result(&self.results[g[0]], r))
            {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }
}

/// Same canonical components, or the same rejection message.
fn same_result(a: &EngineResult, b: &EngineResult) -> bool {
    match (&a.outcome, &b.outcome) {
        // The components, not the parse's leftovers (the raw authority,
        // the /hierarchical/ flag) that engines of other kinds set apart.
        (Ok(x), Ok(y)) => {
            x.serialized == y.serialized
                && Field::COMPONENTS
                    .iter()
                    .all(|f| f.of(&x.url) == f.of(&y.url))
        }
        (Err(x), Err(y)) => x.to_string() == y.to_string(),
        _ => false,
    }
}

/// Runs URLs through a fixed list of engines, with one base URL (parsed
/// once) and one document encoding.
pub struct Comparer<'e> {
    engines: Vec<&'e dyn Engine>,
    base: Option<(String, Result<ParsedUrl, String>)>,
    encoding: &'static Encoding,
}

impl<'e> Comparer<'e> {
    /// A comparer of `engines`, resolving every input against `base` (each
    /// input against itself when `None`), with the document encoding
    /// `encoding`.
    pub fn new(
        engines: &[&'e dyn Engine],
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Comparer<'e> {
        Comparer {
            engines: engines.to_vec(),
            base: base.map(|b| (b.to_string(), catch_panic(|| crate::parse(b)))),
            encoding,
        }
    }

    /// The engines, in column order.
    pub fn engines(&self) -> &[&'e dyn Engine] {
        &self.engines
    }

    /// The names of the engines, in column order.
    pub fn names(&self) -> Vec<String> {
        self.engines.iter().map(|e| e.name().to_string()).collect()
    }

    /// The resolved URL of `input` (the work shared by every engine), or
    /// the panic message of a bug in parsing or resolution.
    pub fn resolve(&self, input: &str) -> Result<ParsedUrl, String> {
        match &self.base {
            Some((_, Ok(base))) => catch_panic(|| crate::resolve(input, base)),
            Some((_, Err(panic))) => Err(panic.clone()),
            None => catch_panic(|| crate::resolve::resolve_self(input)),
        }
    }

    /// Runs `input` through every engine.
    pub fn compare(&self, input: &str) -> Comparison {
        let resolved = self.resolve(input);
        self.compare_resolved(input, &resolved)
    }

    /// Runs `input`, already resolved by [`Comparer::resolve`], through
    /// every engine (for a caller that needs the resolved URL as well).
    pub fn compare_resolved(
        &self,
        input: &str,
        resolved: &Result<ParsedUrl, String>,
    ) -> Comparison {
        let base = self.base.as_ref().map(|(b, _)| b.as_str());
        let mut together = match resolved {
            Ok(r) => self.profiles_together(r),
            Err(_) => Vec::new(),
        }
        .into_iter();
        let results: Vec<EngineResult> = self
            .engines
            .iter()
            .map(|e| {
                let outcome = match (resolved, together.next().flatten()) {
                    (_, Some(outcome)) => outcome,
                    (Ok(r), None) => run_engine(*e, r, input, base, self.encoding),
                    (Err(panic), None) => Err(Rejection::Panic(panic.clone())),
                };
                EngineResult {
                    engine: e.name().to_string(),
                    outcome,
                }
            })
            .collect();
        let differing = all_differing(&results);
        Comparison {
            input: input.to_string(),
            base: base.map(str::to_string),
            results,
            differing,
        }
    }
}

impl Comparer<'_> {
    /// The outcomes of the engines that are profiles, canonicalized
    /// together by [`crate::canonicalize_each`], in engine order (`None`
    /// for the other engines).  Empty when fewer than two engines are
    /// profiles, or when canonicalizing them together panicked: each
    /// engine then runs alone (and reports its own panic).
    fn profiles_together(&self, resolved: &ParsedUrl) -> Vec<Option<Result<Canonical, Rejection>>> {
        let profiles: Vec<&dyn Profile> =
            self.engines.iter().filter_map(|e| e.as_profile()).collect();
        if profiles.len() < 2 {
            return Vec::new();
        }
        let together = catch_panic(|| {
            crate::canonicalize_each(resolved, &profiles, self.encoding)
                .into_iter()
                .map(outcome)
                .collect::<Vec<_>>()
        });
        let Ok(outcomes) = together else {
            return Vec::new();
        };
        let mut outcomes = outcomes.into_iter();
        self.engines
            .iter()
            .map(|e| e.as_profile().and_then(|_| outcomes.next()))
            .collect()
    }
}

/// The outcome of an engine's canonicalization: the canonical URL with its
/// serialization, or why there is none.
fn outcome(canonical: Result<ParsedUrl, Error>) -> Result<Canonical, Rejection> {
    let url = canonical.map_err(Rejection::Error)?;
    match crate::serialize(&url) {
        Some(serialized) => Ok(Canonical { serialized, url }),
        None => Err(Rejection::Unserializable),
    }
}

fn run_engine(
    engine: &dyn Engine,
    resolved: &ParsedUrl,
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
) -> Result<Canonical, Rejection> {
    let r = catch_panic(|| outcome(engine.canonicalize(resolved, input, base, encoding)));
    r.unwrap_or_else(|panic| Err(Rejection::Panic(panic)))
}

/// The fields on which any two results differ, in [`Field::ALL`] order.
fn all_differing(results: &[EngineResult]) -> Vec<Field> {
    let Some(first) = results.first() else {
        return Vec::new();
    };
    let valid = first.outcome.is_ok();
    let mut out = Vec::new();
    if results.iter().any(|r| r.outcome.is_ok() != valid) {
        out.push(Field::Valid);
    }
    let accepted: Vec<&ParsedUrl> = results.iter().filter_map(EngineResult::url).collect();
    if let Some((head, rest)) = accepted.split_first() {
        for f in Field::COMPONENTS {
            let v = f.of(head);
            if rest.iter().any(|u| f.of(u) != v) {
                out.push(f);
            }
        }
    }
    out
}

/// Runs `input` (resolved against `base`, or against itself) through
/// `engines` with the document encoding `encoding`.  For many inputs with
/// the same base, a [`Comparer`] parses the base only once.
pub fn compare(
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
    engines: &[&dyn Engine],
) -> Comparison {
    Comparer::new(engines, base, encoding).compare(input)
}
