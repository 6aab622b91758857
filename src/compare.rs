//! Comparing engines side by side, and explaining where they differ.
//!
//! An [`Engine`] turns a resolved URL into a canonical one.  Every
//! [`Profile`] is an engine; another kind of engine (say, a WHATWG URL
//! Standard column) implements the trait itself and is compared the same
//! way.
//!
//! - [`compare`] (or a [`Comparer`], which parses the base URL once for a
//!   whole batch) runs one URL through several engines: the work that does
//!   not depend on the engine (preprocessing, parsing, resolution) is done
//!   once, and each engine canonicalizes the shared resolved URL.  The
//!   [`Comparison`] holds each engine's result and the [`Field`]s on which
//!   they differ.
//! - [`trace_url`] (or [`trace_host`] for a bare host) records, for each
//!   engine that has marked steps, every step of CanonicalizeHost (and of
//!   the Nameprep runs inside it), aligns the engines step by step and
//!   points at the first step where they diverge.
//!
//! ```
//! use urlprism::compare::{compare, Engine, Field};
//! use urlprism::profile::builtin;
//! let engines: Vec<&dyn Engine> = vec![builtin("this").unwrap(), builtin("gecko").unwrap()];
//! let c = compare("http://a%5fb.test/", None, encoding_rs::UTF_8, &engines);
//! assert_eq!(c.results[0].canonical(), Some("http://a_b.test/"));
//! assert_eq!(c.results[1].canonical(), Some("http://a%5fb.test/"));
//! assert_eq!(c.differing, [Field::Host]);
//!
//! let t = urlprism::compare::trace_url("http://a%5fb.test/", None, &engines);
//! let d = t.divergence.unwrap();
//! assert_eq!(t.steps[d.index].step, "6"); // THIS decodes escapes, GECKO does not
//! ```

use crate::conformance::catch_panic;
use crate::error::Error;
use crate::host::canonicalize_host::canonicalize_host_traced;
use crate::host::trace::{StepLog, TraceStep};
use crate::profile::Profile;
use crate::url::ParsedUrl;
use encoding_rs::Encoding;
use serde::Serialize;
use std::fmt;

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

/// Something that canonicalizes URLs: a column of a comparison.
///
/// Every [`Profile`] is an engine (through a blanket implementation).  An
/// engine that is not made of the specification's marked steps implements
/// [`Engine::canonicalize`] in its own way, from the shared resolved URL or
/// from the raw `input` and `base` strings, and keeps the default
/// [`Engine::trace_host`] (no trace).
pub trait Engine: Send + Sync {
    /// Short name, the column's heading (e.g. `this`, `chrome`).
    fn name(&self) -> &str;

    /// The canonical form of `resolved`, the result of parsing `base`
    /// (`input` itself when `None`) and resolving `input` against it;
    /// `encoding` is the document encoding (for the query).  A `resolved`
    /// URL with the /invalid/ flag set is passed on too: the engine decides.
    fn canonicalize(
        &self,
        resolved: &ParsedUrl,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<ParsedUrl, Error>;

    /// The CanonicalizeHost steps for `host` of a URL whose (lowercase)
    /// scheme is `scheme`, or `None` when the engine has no such steps.
    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        let _ = (host, scheme);
        None
    }

    /// The engine as a marked-step profile, when it is one: a
    /// [`Comparer`] canonicalizes the profiles among its engines together
    /// ([`crate::canonicalize_each`]), sharing what no profile parameter
    /// touches.
    fn as_profile(&self) -> Option<&dyn Profile> {
        None
    }
}

/// Every profile is an engine: the marked steps, on the shared resolved URL.
/// Written once for a profile type and for `dyn Profile` (which a blanket
/// impl over `?Sized` types cannot give: `as_profile` needs the coercion
/// to `&dyn Profile`).
macro_rules! profile_engine {
    ($($generics:tt)*) => {
        impl $($generics)* {
            fn name(&self) -> &str {
                Profile::name(self)
            }
            fn canonicalize(
                &self,
                resolved: &ParsedUrl,
                _input: &str,
                _base: Option<&str>,
                encoding: &'static Encoding,
            ) -> Result<ParsedUrl, Error> {
                crate::canonicalize(resolved, self, encoding)
            }
            fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
                Some(trace_host(host, scheme, self))
            }
            fn as_profile(&self) -> Option<&dyn Profile> {
                Some(self)
            }
        }
    };
}

profile_engine!(<P: Profile> Engine for P);
profile_engine!(Engine for dyn Profile + '_);

// ---------------------------------------------------------------------------
// Comparing results
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

// ---------------------------------------------------------------------------
// Traces
// ---------------------------------------------------------------------------

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

/// Whether an engine ran a step, skipped it, or never reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellState {
    /// The profile runs the step.
    Ran,
    /// The step is marked for other profiles.
    Skipped,
    /// The engine did not report the step: its pipeline had already
    /// returned or failed, or it took another path (e.g. no Nameprep run
    /// there, or no label conversion).
    Absent,
}

/// One engine's part of an aligned step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepCell {
    /// The engine's name.
    pub engine: String,
    pub state: CellState,
    /// The step number the engine reported (e.g. `20.2.2` where another
    /// reports `20.2.1`).
    pub step: Option<&'static str>,
    /// The string before the step (absent: `None`).
    pub before: Option<String>,
    /// What the step made of it: the new string, `fail: <reason>`, or a
    /// note such as `need-punycode = true` (skipped or absent: `None`).
    pub after: Option<String>,
}

/// One step, with every engine's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AlignedStep {
    /// Unique among the rows, e.g. `6`, `11/Nameprep 3`, `20.2[1]`.
    pub key: String,
    /// `CanonicalizeHost` or `Nameprep`.
    pub pipeline: &'static str,
    /// The specification step number (those reported, joined with `/`
    /// when engines differ, e.g. `20.2.1/20.2.2`).
    pub step: String,
    /// For a step inside a Nameprep run, the CanonicalizeHost step that
    /// ran it (e.g. `11`, `20.2.1`).
    pub within: Option<String>,
    /// For the label conversion (step 20.2) and the Nameprep run inside
    /// it, the label's number (from 1).
    pub label: Option<usize>,
    /// The step's marks (`""` for an unmarked step; those reported, joined
    /// with ` | `, when engines differ).
    pub marks: String,
    /// One cell per engine.
    pub cells: Vec<StepCell>,
}

impl AlignedStep {
    /// A short description, e.g. `6`, `11 > Nameprep 7`, `20.2.1 (label 2)`.
    pub fn label(&self) -> String {
        let mut s = String::new();
        if let Some(w) = &self.within {
            s.push_str(w);
            s.push_str(" > Nameprep ");
        }
        s.push_str(&self.step);
        if let Some(l) = self.label {
            s.push_str(&format!(" (label {l})"));
        }
        s
    }

    /// [`AlignedStep::label`] without the label number (to count steps
    /// across URLs).
    pub fn step_name(&self) -> String {
        match &self.within {
            Some(w) => format!("{w} > Nameprep {}", self.step),
            None => self.step.clone(),
        }
    }

    /// Whether every engine reported the same thing (or nothing).
    pub fn uniform(&self) -> bool {
        let first = &self.cells[0];
        self.cells
            .iter()
            .all(|c| c.state == first.state && c.before == first.before && c.after == first.after)
    }
}

/// The first step where engines diverge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// Index into the aligned steps.
    pub index: usize,
    /// The row's [`AlignedStep::label`].
    pub step: String,
    /// The engines grouped by outcome at that step (names).
    pub groups: Vec<Vec<String>>,
}

/// A URL's host traced under several engines, aligned step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UrlTrace {
    pub input: String,
    pub base: Option<String>,
    /// The resolved URL's scheme (lowercase), when it has one.
    pub scheme: Option<String>,
    /// The resolved URL's host, as CanonicalizeHost receives it (for
    /// `file:` URLs, before the drive letter and `localhost` are moved
    /// out).
    pub host: Option<String>,
    /// Why the URL has no host to trace (invalid, or no host).
    pub no_host: Option<String>,
    /// The engines traced, in order.
    pub engines: Vec<String>,
    /// Engines that have no steps to trace.
    pub untraced: Vec<String>,
    /// Each traced engine's run.
    pub traces: Vec<HostTrace>,
    /// The steps, aligned.
    pub steps: Vec<AlignedStep>,
    /// The first step where the traced engines diverge, when they do.
    pub divergence: Option<Divergence>,
}

/// Resolves `input` against `base` (or itself) and traces its host under
/// each engine that has steps to trace.
pub fn trace_url(input: &str, base: Option<&str>, engines: &[&dyn Engine]) -> UrlTrace {
    let comparer = Comparer::new(engines, base, encoding_rs::UTF_8);
    let mut t = UrlTrace {
        input: input.to_string(),
        base: base.map(str::to_string),
        scheme: None,
        host: None,
        no_host: None,
        engines: Vec::new(),
        untraced: Vec::new(),
        traces: Vec::new(),
        steps: Vec::new(),
        divergence: None,
    };
    let resolved = match comparer.resolve(input) {
        Ok(r) => r,
        Err(panic) => {
            t.no_host = Some(format!("internal error: {panic}"));
            return t;
        }
    };
    if let Some(reason) = resolved.invalid {
        t.no_host = Some(Error::Invalid(reason).to_string());
        return t;
    }
    let scheme = resolved
        .scheme
        .as_deref()
        .unwrap_or("")
        .to_ascii_lowercase();
    t.scheme = resolved.scheme.as_ref().map(|_| scheme.clone());
    let Some(host) = resolved.host.as_deref() else {
        t.no_host = Some("the URL has no host".to_string());
        return t;
    };
    t.host = Some(host.to_string());
    for e in engines {
        match e.trace_host(host, &scheme) {
            Some(tr) => {
                t.engines.push(e.name().to_string());
                t.traces.push(tr);
            }
            None => t.untraced.push(e.name().to_string()),
        }
    }
    let refs: Vec<&HostTrace> = t.traces.iter().collect();
    t.steps = align(&refs);
    t.divergence = first_divergence(&t.steps, &refs);
    t
}

/// Steps whose outcome is a note (a flag or a decision, such as
/// `need-punycode = true`), not a string.
pub fn is_note(pipeline: &str, step: &str) -> bool {
    match pipeline {
        CANONICALIZE_HOST => matches!(step, "4" | "9" | "18" | "20.1" | "20"),
        NAMEPREP => step == "6",
        URL_STANDARD => step == crate::whatwg::host_trace::ENDS_IN_A_NUMBER,
        _ => false,
    }
}

pub use crate::whatwg::host_trace::URL_STANDARD;

/// Where a stage of the URL Standard's host parser lines up with the
/// 2011 steps, where the algorithms correspond: the CanonicalizeHost step
/// (`20.2` for a label's conversion) and, for a stage matching a Nameprep
/// step, that step.  `None`: a stage of its own row.
///
/// - `percent-decode` ↔ step 6 (percent-decoding, UTF-8);
/// - `UTS #46 mapping` ↔ Nameprep 3 (Map), `UTS #46 normalization` ↔
///   Nameprep 7 (NFKC), `validity criteria` ↔ Nameprep 10 (Prohibit), in
///   the whole-host Nameprep of step 11;
/// - `Punycode` (one per label) ↔ 20.2.1 / 20.2.2 (ToASCII of a label);
/// - `IPv6 parser` ↔ 25, `IPv4 parser` ↔ 27, `forbidden domain code
///   points` ↔ 28.
fn url_standard_alignment(stage: &str) -> Option<(&'static str, Option<&'static str>)> {
    Some(match stage {
        "percent-decode" => ("6", None),
        "UTS #46 mapping" => ("11", Some("3")),
        "UTS #46 normalization" => ("11", Some("7")),
        "validity criteria" => ("11", Some("10")),
        "Punycode" => ("20.2", None),
        "IPv6 parser" => ("25", None),
        "IPv4 parser" => ("27", None),
        "forbidden domain code points" => ("28", None),
        _ => return None,
    })
}

/// The label conversion steps (20.2.1, 20.2.2), one report per label.
fn is_label_step(step: &str) -> bool {
    step == "20.2.1" || step == "20.2.2"
}

/// Where a step sits, the same across engines: the CanonicalizeHost step
/// (`20.2` for the conversion of a label, whichever of 20.2.1 and 20.2.2
/// the engine runs), the label's number, and for a Nameprep step, its
/// number (the Nameprep run belongs to the CanonicalizeHost step reported
/// after it).  `dup` tells apart a step reported twice at one place.
///
/// `fp`, a fingerprint of the other fields but `dup`, comes first so that
/// the derived equality rejects most keys without comparing strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    fp: u64,
    dup: usize,
    host: &'static str,
    label: Option<usize>,
    nameprep: Option<(&'static str, &'static str)>,
}

impl Key {
    fn new(
        host: &'static str,
        label: Option<usize>,
        nameprep: Option<(&'static str, &'static str)>,
    ) -> Key {
        // FNV-1a over the fields.
        let mut fp: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes.iter().chain([0xff].iter()) {
                fp ^= u64::from(b);
                fp = fp.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(host.as_bytes());
        eat(&label.map_or(0, |l| l + 1).to_le_bytes());
        if let Some((p, st)) = nameprep {
            eat(p.as_bytes());
            eat(st.as_bytes());
        }
        Key {
            fp,
            dup: 0,
            host,
            label,
            nameprep,
        }
    }

    /// Unique text for the row, e.g. `6`, `11/Nameprep 3`, `20.2[1]`.
    fn text(&self) -> String {
        let mut s = self.host.to_string();
        if let Some(l) = self.label {
            s.push_str(&format!("[{l}]"));
        }
        if let Some((pipeline, step)) = self.nameprep {
            s.push_str(&format!("/{pipeline} {step}"));
        }
        if self.dup > 0 {
            s.push_str(&format!("#{}", self.dup + 1));
        }
        s
    }
}

/// A step of one engine's trace, with its key and the actual number of
/// the CanonicalizeHost step that ran it (for a Nameprep step).
struct Keyed<'a> {
    key: Key,
    within: Option<&'static str>,
    step: &'a TraceStep,
}

/// Appends a step at `key`, counting the steps already there.
fn push<'a>(out: &mut Vec<Keyed<'a>>, key: Key, within: Option<&'static str>, step: &'a TraceStep) {
    let dup = out
        .iter()
        .filter(|k| k.key.fp == key.fp && Key { dup: 0, ..k.key } == key)
        .count();
    out.push(Keyed {
        key: Key { dup, ..key },
        within,
        step,
    });
}

/// Keys the steps of one trace, in order.
fn key_steps(steps: &[TraceStep]) -> Vec<Keyed<'_>> {
    let mut out: Vec<Keyed<'_>> = Vec::with_capacity(steps.len());
    let mut pending: Vec<&TraceStep> = Vec::new();
    let mut labels = 0;
    for s in steps {
        if s.pipeline == URL_STANDARD {
            let (key, within) = match url_standard_alignment(s.step) {
                Some(("20.2", None)) => {
                    labels += 1;
                    (Key::new("20.2", Some(labels), None), None)
                }
                Some((host, Some(nameprep))) => {
                    (Key::new(host, None, Some((NAMEPREP, nameprep))), Some(host))
                }
                Some((host, None)) => (Key::new(host, None, None), None),
                None => (Key::new(s.step, None, None), None),
            };
            push(&mut out, key, within, s);
            continue;
        }
        if s.pipeline != CANONICALIZE_HOST {
            pending.push(s);
            continue;
        }
        let (host, label) = if is_label_step(s.step) {
            labels += 1;
            ("20.2", Some(labels))
        } else {
            (s.step, None)
        };
        for p in pending.drain(..) {
            let key = Key::new(host, label, Some((p.pipeline, p.step)));
            push(&mut out, key, Some(s.step), p);
        }
        let key = Key::new(host, label, None);
        push(&mut out, key, None, s);
    }
    for p in pending {
        let key = Key::new("end", None, Some((p.pipeline, p.step)));
        push(&mut out, key, Some("end"), p);
    }
    out
}

/// The steps of several traces on a common grid: the ordered union of the
/// keys (in the order the steps ran), and for each row, each engine's
/// step there (if it reported one).
struct Grid<'a> {
    rows: Vec<Key>,
    within: Vec<Option<&'static str>>,
    cells: Vec<Vec<Option<&'a TraceStep>>>,
}

fn grid<'a>(traces: &[&'a HostTrace]) -> Grid<'a> {
    let keyed: Vec<Vec<Keyed<'a>>> = traces.iter().map(|t| key_steps(&t.steps)).collect();
    let mut rows: Vec<Key> = Vec::new();
    let mut within: Vec<Option<&'static str>> = Vec::new();
    // The engines mostly run the same steps in the same order: look where
    // the last step left off first.
    let find = |rows: &[Key], key: &Key, hint: usize| {
        rows.get(hint..)
            .and_then(|r| r.iter().position(|r| r == key))
            .map(|j| j + hint)
            .or_else(|| rows.iter().position(|r| r == key))
    };
    for ks in &keyed {
        let mut pos = 0;
        for k in ks {
            match find(&rows, &k.key, pos) {
                Some(j) => pos = pos.max(j + 1),
                None => {
                    rows.insert(pos, k.key);
                    within.insert(pos, k.within);
                    pos += 1;
                }
            }
        }
    }
    let mut cells = vec![vec![None; traces.len()]; rows.len()];
    for (e, ks) in keyed.iter().enumerate() {
        let mut hint = 0;
        for k in ks {
            if let Some(i) = find(&rows, &k.key, hint) {
                cells[i][e] = Some(k.step);
                hint = i + 1;
            }
        }
    }
    Grid {
        rows,
        within,
        cells,
    }
}

/// Aligns the traces step by step: one row per step any engine reported,
/// in the order they ran.
pub fn align(traces: &[&HostTrace]) -> Vec<AlignedStep> {
    let g = grid(traces);
    g.rows
        .iter()
        .zip(&g.within)
        .zip(&g.cells)
        .map(|((key, within), cells)| {
            let mut row = AlignedStep {
                key: key.text(),
                pipeline: key.nameprep.map_or(CANONICALIZE_HOST, |(p, _)| p),
                step: String::new(),
                within: within.map(str::to_string),
                label: key.label,
                marks: String::new(),
                cells: Vec::with_capacity(traces.len()),
            };
            for (t, cell) in traces.iter().zip(cells) {
                row.cells.push(match cell {
                    Some(s) => {
                        join_distinct(&mut row.step, s.step, "/");
                        join_distinct(&mut row.marks, s.marks, " | ");
                        StepCell {
                            engine: t.engine.clone(),
                            state: if s.ran {
                                CellState::Ran
                            } else {
                                CellState::Skipped
                            },
                            step: Some(s.step),
                            before: Some(s.before.clone()),
                            after: s.ran.then(|| s.after.clone()),
                        }
                    }
                    None => StepCell {
                        engine: t.engine.clone(),
                        state: CellState::Absent,
                        step: None,
                        before: None,
                        after: None,
                    },
                });
            }
            row
        })
        .collect()
}

/// Appends `part` to the list `s` of parts joined with `sep`, unless it
/// is there.
fn join_distinct(s: &mut String, part: &str, sep: &str) {
    if part.is_empty() || s.split(sep).any(|p| p == part) {
        return;
    }
    if !s.is_empty() {
        s.push_str(sep);
    }
    s.push_str(part);
}

/// One engine's cell, borrowed from an [`AlignedStep`] or a [`TraceStep`].
#[derive(Clone, Copy)]
struct View<'a> {
    pipeline: &'a str,
    step: &'a str,
    state: CellState,
    before: &'a str,
    after: &'a str,
}

/// What an engine's cell says for the purpose of finding a divergence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Said<'a> {
    /// The string after the step (unchanged when skipped), or a failure.
    Value(&'a str),
    /// A note (compared with notes only).
    Note(&'a str),
    /// The pipeline has ended: its result.
    Ended(&'a str),
}

fn said<'a>(v: Option<View<'a>>, ended: bool, result: &'a str) -> Option<Said<'a>> {
    let Some(v) = v else {
        return ended.then_some(Said::Ended(result));
    };
    let note = is_note(v.pipeline, v.step);
    match v.state {
        CellState::Ran if note => Some(Said::Note(v.after)),
        CellState::Ran => Some(Said::Value(v.after)),
        CellState::Skipped if note => None,
        CellState::Skipped => Some(Said::Value(v.before)),
        CellState::Absent => ended.then_some(Said::Ended(result)),
    }
}

/// Whether two sayings agree; `None` when they cannot be compared.
fn same(a: Said<'_>, b: Said<'_>) -> Option<bool> {
    match (a, b) {
        (Said::Note(x), Said::Note(y)) => Some(x == y),
        (Said::Note(_), _) | (_, Said::Note(_)) => None,
        (Said::Value(x) | Said::Ended(x), Said::Value(y) | Said::Ended(y)) => Some(x == y),
    }
}

/// The divergence logic on a grid of views: the first row where two
/// comparable outcomes differ, and the engines grouped by outcome there.
fn divergence_core<'a>(
    rows: &[Vec<Option<View<'a>>>],
    results: &'a [String],
) -> Option<(usize, Vec<Vec<usize>>)> {
    let engines = results.len();
    if engines < 2 {
        return None;
    }
    let last: Vec<Option<usize>> = (0..engines)
        .map(|e| rows.iter().rposition(|r| r[e].is_some()))
        .collect();
    // Each engine's string so far, for a row where another fails.
    let mut so_far: Vec<Option<&'a str>> = vec![None; engines];
    for (i, row) in rows.iter().enumerate() {
        let mut groups: Vec<(Said<'_>, Vec<usize>)> = Vec::new();
        let mut differ = false;
        let says: Vec<Option<Said<'a>>> = (0..engines)
            .map(|e| said(row[e], last[e].is_none_or(|l| i > l), &results[e]))
            .collect();
        // A step that fails parts from an engine that goes on without
        // reporting it (a step of another algorithm): compared with that
        // engine's string so far.
        let fails = says
            .iter()
            .any(|s| matches!(s, Some(Said::Value(v)) if v.starts_with("fail: ")));
        for e in 0..engines {
            let going_on = last[e].is_some_and(|l| i < l);
            let s = match (says[e], row[e], so_far[e]) {
                (Some(s), _, _) => s,
                (None, None, Some(v)) if fails && going_on => Said::Value(v),
                _ => continue,
            };
            if let Some(Said::Value(v)) = says[e] {
                so_far[e] = Some(v);
            }
            if groups.iter().any(|(g, _)| same(*g, s) == Some(false)) {
                differ = true;
            }
            match groups.iter_mut().find(|(g, _)| same(*g, s) == Some(true)) {
                Some((_, members)) => members.push(e),
                None => groups.push((s, vec![e])),
            }
        }
        if differ {
            return Some((i, groups.into_iter().map(|(_, m)| m).collect()));
        }
    }
    None
}

fn view_of_step(s: &TraceStep) -> View<'_> {
    View {
        pipeline: s.pipeline,
        step: s.step,
        state: if s.ran {
            CellState::Ran
        } else {
            CellState::Skipped
        },
        before: &s.before,
        after: if s.ran { &s.after } else { "" },
    }
}

/// The first aligned step where the engines' outcomes differ: the strings
/// after it (a skipped step leaves the string unchanged), a failure, or
/// the end of one engine's pipeline while another goes on.  Notes are
/// compared only between engines that ran the step; an engine that did
/// not report a step but goes on afterwards is not compared there.
///
/// `rows` are [`align`]`(traces)`.
pub fn first_divergence(rows: &[AlignedStep], traces: &[&HostTrace]) -> Option<Divergence> {
    let results: Vec<String> = traces.iter().map(|t| t.result()).collect();
    let views: Vec<Vec<Option<View<'_>>>> = rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .map(|c| {
                    (c.state != CellState::Absent).then(|| View {
                        pipeline: r.pipeline,
                        step: c.step.unwrap_or(""),
                        state: c.state,
                        before: c.before.as_deref().unwrap_or(""),
                        after: c.after.as_deref().unwrap_or(""),
                    })
                })
                .collect()
        })
        .collect();
    let (index, groups) = divergence_core(&views, &results)?;
    Some(Divergence {
        index,
        step: rows[index].label(),
        groups: groups
            .into_iter()
            .map(|g| g.into_iter().map(|e| traces[e].engine.clone()).collect())
            .collect(),
    })
}

/// The first step where two engines' host traces diverge, as
/// [`AlignedStep::step_name`] (e.g. `6`, `11 > Nameprep 4`); the same as
/// [`first_divergence`] on [`align`], without building the rows.
pub fn pair_divergence(a: &HostTrace, b: &HostTrace) -> Option<String> {
    pair_divergences(&[a, b], &[(0, 1)]).pop().flatten()
}

/// [`pair_divergence`] for each pair `(i, j)` of `pairs` (indices into
/// `traces`), aligning all the traces once.  Rows where neither engine of
/// a pair reported a step are left out of that pair's comparison.
pub fn pair_divergences(traces: &[&HostTrace], pairs: &[(usize, usize)]) -> Vec<Option<String>> {
    let g = grid(traces);
    let results: Vec<String> = traces.iter().map(|t| t.result()).collect();
    pairs
        .iter()
        .map(|&(i, j)| {
            let (kept, views): (Vec<usize>, Vec<Vec<Option<View<'_>>>>) = g
                .cells
                .iter()
                .enumerate()
                .filter(|(_, cells)| cells[i].is_some() || cells[j].is_some())
                .map(|(r, cells)| {
                    (
                        r,
                        vec![cells[i].map(view_of_step), cells[j].map(view_of_step)],
                    )
                })
                .unzip();
            let pair_results = [results[i].clone(), results[j].clone()];
            let (k, _) = divergence_core(&views, &pair_results)?;
            let r = kept[k];
            let mut step = String::new();
            for s in [g.cells[r][i], g.cells[r][j]].into_iter().flatten() {
                join_distinct(&mut step, s.step, "/");
            }
            Some(match g.within[r] {
                Some(w) => format!("{w} > Nameprep {step}"),
                None => step,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{builtin, builtin_profiles};

    fn all() -> Vec<&'static dyn Engine> {
        builtin_profiles()
            .iter()
            .map(|p| p as &dyn Engine)
            .collect()
    }

    fn engines(names: &[&str]) -> Vec<&'static dyn Engine> {
        names
            .iter()
            .map(|n| builtin(n).unwrap() as &dyn Engine)
            .collect()
    }

    #[test]
    fn gecko_keeps_escaped_underscore() {
        let c = compare("http://a%5fb.test/", None, encoding_rs::UTF_8, &all());
        let canon: Vec<_> = c.results.iter().map(|r| r.canonical().unwrap()).collect();
        assert_eq!(
            canon,
            [
                "http://a_b.test/",
                "http://a_b.test/",
                "http://a%5fb.test/",
                "http://a_b.test/"
            ]
        );
        assert_eq!(c.differing, [Field::Host]);
        assert!(!c.agree());
        assert_eq!(c.groups(), [vec![0, 1, 3], vec![2]]);
        assert_eq!(c.differing_between(0, 1), []);
        assert_eq!(c.differing_between(1, 2), [Field::Host]);
    }

    #[test]
    fn agreement_and_shared_invalidity() {
        let c = compare(
            "HTTP://Example.COM/a/../b",
            None,
            encoding_rs::UTF_8,
            &all(),
        );
        assert!(c.agree(), "{c:?}");
        assert_eq!(c.results.len(), 4);
        // Invalid for everyone (no scheme, no base): they agree.
        let c = compare("no scheme", None, encoding_rs::UTF_8, &all());
        assert!(c.agree());
        assert!(c.results.iter().all(|r| r.rejection().is_some()));
    }

    #[test]
    fn validity_differs() {
        // THIS forbids an escaped slash in the host; GECKO keeps it.
        let c = compare(
            "http://a%2fb/",
            None,
            encoding_rs::UTF_8,
            &engines(&["this", "gecko"]),
        );
        assert!(c.results[0].rejection().is_some(), "{c:?}");
        assert!(c.results[1].canonical().is_some(), "{c:?}");
        assert_eq!(c.differing, [Field::Valid]);
        assert_eq!(c.results[0].rejection().unwrap().host_step(), Some("28"));
    }

    #[test]
    fn comparer_resolves_against_base() {
        let e = all();
        let c = Comparer::new(&e, Some("http://example.com/dir/"), encoding_rs::UTF_8);
        let r = c.compare("../x?y#z");
        assert!(r.agree());
        assert_eq!(r.results[0].canonical(), Some("http://example.com/x?y#z"));
        assert_eq!(r.base.as_deref(), Some("http://example.com/dir/"));
        assert_eq!(c.names(), ["this", "chrome", "gecko", "ie"]);
    }

    /// An engine that is not a profile can be a column.
    struct Lowercase;
    impl Engine for Lowercase {
        fn name(&self) -> &str {
            "lowercase"
        }
        fn canonicalize(
            &self,
            _resolved: &ParsedUrl,
            input: &str,
            _base: Option<&str>,
            _encoding: &'static Encoding,
        ) -> Result<ParsedUrl, Error> {
            let mut u = crate::parse(&input.to_ascii_lowercase());
            u.invalid = None;
            Ok(u)
        }
    }

    #[test]
    fn a_non_profile_engine_is_a_column() {
        let this = builtin("this").unwrap();
        let e: Vec<&dyn Engine> = vec![this, &Lowercase];
        let c = compare("http://EXAMPLE.com/A", None, encoding_rs::UTF_8, &e);
        assert_eq!(c.results[1].engine, "lowercase");
        assert_eq!(c.results[1].canonical(), Some("http://example.com/a"));
        assert_eq!(c.differing, [Field::Path]);
        let t = trace_url("http://EXAMPLE.com/A", None, &e);
        assert_eq!(t.engines, ["this"]);
        assert_eq!(t.untraced, ["lowercase"]);
        assert!(t.divergence.is_none());
    }

    #[test]
    fn a_panicking_engine_is_reported_not_fatal() {
        struct Panics;
        impl Engine for Panics {
            fn name(&self) -> &str {
                "panics"
            }
            fn canonicalize(
                &self,
                _: &ParsedUrl,
                _: &str,
                _: Option<&str>,
                _: &'static Encoding,
            ) -> Result<ParsedUrl, Error> {
                panic!("boom")
            }
        }
        let e: Vec<&dyn Engine> = vec![builtin("this").unwrap(), &Panics];
        let c = compare("http://a/", None, encoding_rs::UTF_8, &e);
        assert!(
            matches!(c.results[1].rejection(), Some(Rejection::Panic(p)) if p.contains("boom"))
        );
        assert_eq!(c.differing, [Field::Valid]);
    }

    #[test]
    fn trace_points_at_step_6() {
        let t = trace_url("http://a%5fb.test/", None, &engines(&["this", "gecko"]));
        assert_eq!(t.host.as_deref(), Some("a%5fb.test"));
        assert_eq!(t.scheme.as_deref(), Some("http"));
        let d = t.divergence.as_ref().expect("they diverge");
        let row = &t.steps[d.index];
        assert_eq!(row.step, "6");
        assert_eq!(row.cells[0].state, CellState::Ran);
        assert_eq!(row.cells[0].after.as_deref(), Some("a_b.test"));
        assert_eq!(row.cells[1].state, CellState::Skipped);
        assert_eq!(
            d.groups,
            [vec!["this".to_string()], vec!["gecko".to_string()]]
        );
        // Every earlier step agrees, GECKO's fallback note included.
        assert!(t.steps[..d.index].iter().any(|r| r.step == "4"));
    }

    #[test]
    fn trace_inside_nameprep() {
        // U+0340 (combining grave tone mark): GECKO rejects it at Nameprep
        // step 2 inside CanonicalizeHost step 11; THIS maps it.
        let t = trace_url("http://a\u{340}b.test/", None, &engines(&["this", "gecko"]));
        let d = t.divergence.as_ref().expect("they diverge");
        let row = &t.steps[d.index];
        assert_eq!(row.pipeline, NAMEPREP, "{row:?}");
        assert_eq!(row.step, "2");
        assert_eq!(row.within.as_deref(), Some("11"));
        assert_eq!(d.step, "11 > Nameprep 2");
        assert!(row.cells[1].after.as_deref().unwrap().starts_with("fail: "));
    }

    #[test]
    fn identical_profiles_do_not_diverge() {
        let t = trace_url("http://Bücher.de/", None, &engines(&["this", "this"]));
        assert!(t.divergence.is_none());
        assert!(t.steps.iter().all(AlignedStep::uniform));
        assert!(
            t.steps.iter().any(|r| r.label == Some(1)),
            "labels are converted"
        );
    }

    #[test]
    fn label_steps_align_across_conversions() {
        // IE converts labels with 20.2.2, the others with 20.2.1: the rows
        // line up under one key.
        let t = trace_url("http://bücher.de/", None, &engines(&["this", "ie"]));
        let (i, row) = t
            .steps
            .iter()
            .enumerate()
            .find(|(_, r)| r.key == "20.2[1]")
            .expect("label 1");
        assert_eq!(row.step, "20.2.1/20.2.2");
        assert!(row.cells.iter().all(|c| c.state == CellState::Ran));
        if row.cells[0].after == row.cells[1].after {
            assert!(t.divergence.is_none_or(|d| d.index > i));
        } else {
            assert_eq!(t.divergence.map(|d| d.index), Some(i));
        }
    }

    #[test]
    fn failure_diverges_from_going_on() {
        // THIS decodes `%2f` (step 6), GECKO does not: they part at 6.
        let t = trace_url("http://a%2fb/", None, &engines(&["this", "gecko"]));
        assert_eq!(t.steps[t.divergence.unwrap().index].step, "6");
        // CHROME forbids '~' (step 28), THIS does not: same string up to
        // step 28, where one fails and the other goes on.
        let t = trace_url("http://a~b/", None, &engines(&["this", "chrome"]));
        let d = t.divergence.expect("they diverge");
        assert_eq!(t.steps[d.index].step, "28", "{:#?}", t.steps);
        assert_eq!(
            pair_divergence(&t.traces[0], &t.traces[1]).as_deref(),
            Some("28")
        );
        assert_eq!(t.traces[1].failed_step, Some("28"));
    }

    #[test]
    fn no_host() {
        let t = trace_url("mailto:x@y", None, &all());
        assert!(t.no_host.is_some());
        assert!(t.steps.is_empty());
        let t = trace_url("no scheme", None, &all());
        assert!(t.no_host.unwrap().contains("invalid"));
    }
}
